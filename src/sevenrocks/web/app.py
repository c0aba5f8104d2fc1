"""The FastAPI application: pages, the JSON API, the table WebSocket, and its lifetime."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from sevenrocks.web.account_pages import RememberLanguage
from sevenrocks.web.account_pages import router as account_router
from sevenrocks.web.accounts import Accounts
from sevenrocks.web.cleanup import close_idle_tables, keep_closing_idle_tables
from sevenrocks.web.cluster import Cluster, ForwardHttp
from sevenrocks.web.middleware import Hardening
from sevenrocks.web.quick_match import QuickMatch
from sevenrocks.web.reviews import Reviews
from sevenrocks.web.routes import router
from sevenrocks.web.service import TableService
from sevenrocks.web.settings import Settings, check_shared_database
from sevenrocks.web.storage import Storage

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app; tables in progress in the database resume when it starts."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.database_url)
        service = TableService(storage, settings)
        app.state.service = service
        reviews = Reviews(service)
        app.state.reviews = reviews
        quick = QuickMatch(service)
        app.state.quick = quick
        accounts = Accounts(service)  # accounts and ratings (docs/accounts.md)
        service.hooks = app.state.accounts = accounts
        cluster = None
        if settings.redis_url is not None:
            check_shared_database(settings)  # one of several server processes (docs/deploy.md)
            cluster = service.cluster = app.state.cluster = Cluster(service, app, settings)
            cluster.on_adopt.append(quick.watch)
            await cluster.start()
        await accounts.catch_up()
        await close_idle_tables(service)
        await service.resume()
        await quick.resume()
        cleaning = asyncio.get_running_loop().create_task(keep_closing_idle_tables(service))
        try:
            yield
        finally:
            if cluster is not None:
                cluster.closing = True  # take no table over while stopping
            cleaning.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await cleaning
            await quick.close()
            await reviews.close()
            await accounts.close()
            await service.close()
            if cluster is not None:
                await cluster.close()  # its leases released: the other processes take its tables
            storage.close()

    app = FastAPI(title="Seven Rocks", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.settings = settings
    app.state.cluster = None
    app.include_router(router)
    app.include_router(account_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(ForwardHttp)  # innermost: a request about a table owned elsewhere goes there
    app.add_middleware(RememberLanguage)
    app.add_middleware(Hardening, max_body_bytes=settings.max_message_bytes)

    @app.exception_handler(HTTPException)
    async def _http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        code = getattr(exc, "code", None) or _CODES.get(exc.status_code, "error")
        return JSONResponse(
            {"type": "error", "code": code, "message": detail},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:10]:
            where = ".".join(str(part)[:40] for part in err.get("loc", ()) if part != "body")
            problems.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg")))
        return JSONResponse(
            {"type": "error", "code": "bad_request", "message": "; ".join(problems)[:1000]}, status_code=422
        )

    @app.exception_handler(Exception)
    async def _fault(request: Request, _exc: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=_exc)
        message = "the server could not answer that (see its log)"
        return JSONResponse({"type": "error", "code": "internal", "message": message}, status_code=500)

    return app


log = logging.getLogger("sevenrocks.web")
_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "not_allowed",
    409: "conflict",
    413: "too_large",
    429: "too_many",
    503: "unavailable",
}
