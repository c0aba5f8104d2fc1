"""ASGI middleware of the app: security headers on every answer, and the size limit of HTTP bodies.

* **Headers.** Every HTTP answer carries a Content-Security-Policy (the pages run only their own
  scripts from ``/static``, no inline script or style, and cannot be framed),
  ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and ``Referrer-Policy:
  no-referrer`` (seat links carry secrets in their query string: no other site may see them in a
  ``Referer``). Pages and the JSON API are not cached (``Cache-Control: no-store``).
* **Bodies.** A request body larger than the limit (the same byte limit as WebSocket messages) is
  refused with 413 and a JSON error before the app sees it, whether or not it says its length.
"""

from __future__ import annotations

import json
from typing import Any, Final

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sevenrocks.i18n import N_
from sevenrocks.messages import translate
from sevenrocks.web.pages import COOKIE, choose_language

__all__ = ["CSP", "DOCS_CSP", "Hardening"]

#: The policy of the game's pages: scripts, styles and everything else from this server only.
CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: FastAPI's API explorer at ``/api/docs`` runs an inline script and Swagger UI from its CDN.
DOCS_CSP: Final = (
    "default-src 'none'; script-src 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src https://cdn.jsdelivr.net; img-src https://fastapi.tiangolo.com data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_COMMON: Final = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class Hardening:
    """Adds the security headers and enforces ``max_body_bytes`` on request bodies."""

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        send = _with_headers(send, path)
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body_bytes:
            await self._too_large(scope, send, declared)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                await self._too_large(scope, send, None)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, send: Send, declared: int | None) -> None:
        request = Request(scope)
        lang = choose_language(
            query=request.query_params.get("lang"),
            cookie=request.cookies.get(COOKIE),
            header=request.headers.get("accept-language"),
        )
        message = translate(
            N_("the request body is larger than {most} bytes"), {"most": self.max_body_bytes}, lang
        )
        body = json.dumps({"type": "error", "code": "too_large", "message": message}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() else None
    return None


def _with_headers(send: Send, path: str) -> Send:
    csp = (DOCS_CSP if path.startswith("/api/docs") else CSP).encode()
    cache = not path.startswith("/static/")

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers: list[Any] = list(message.get("headers", ()))
            present = {bytes(name).lower() for name, _ in headers}
            extra = [*_COMMON, (b"content-security-policy", csp)]
            if cache:
                extra.append((b"cache-control", b"no-store"))
            headers.extend((name, value) for name, value in extra if name not in present)
            message = {**message, "headers": headers}
        await send(message)

    return sending
