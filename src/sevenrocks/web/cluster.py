"""Several server processes sharing one database and one Redis: each table is owned by one of them.

Switched on by ``SEVENROCKS_REDIS_URL`` (with a PostgreSQL ``SEVENROCKS_DATABASE_URL``); without
it a process holds every table itself and nothing here runs. The design follows how lichess
splits its site from its socket servers over Redis: any process may hold any browser's
WebSocket; exactly one process, the table's **owner**, holds the table itself — its match, its
bots, its clocks — under a lease (:mod:`sevenrocks.web.leases`).

* **A browser's socket at another process** is relayed: that process asks the owner to ``join``
  it (the owner checks the seat's secrets as for its own sockets), forwards every message the
  browser sends (``in``), and forwards to the browser every message the owner sends it
  (``out``), in order. The owner treats the relayed socket as one of its own connections, so
  every rule, limit and view applies unchanged; what a seat is sent is built for that seat by
  the owner and goes to the one process that holds its socket.
* **An HTTP request about a table owned elsewhere** (``/api/tables/<id>/start``, a quick match
  that picks such a table, …) is carried whole to the owner, which answers it through its own
  app: :class:`ForwardHttp`.
* **Ownership moves** when the owner stops (its leases are released) or dies (its leases
  expire): every process looks, about once a second, for tables being played (and quick matches
  waiting) that nobody owns, takes them, and rebuilds them from the stored events — the same
  path as a restart. A relayed socket whose table changed owner is closed with code 1012
  ("service restart"); the page reconnects, and reaches the new owner. A placement is stored
  before anyone hears of it, and the events' ``(table, seq)`` is unique in the database, so a
  process that lost its lease without knowing can never store a placement the new owner did
  not see.

Messages between processes are JSON on each process's own Redis channel
(``sevenrocks:node:<name>``), published with the ``redis`` package's asyncio client.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from sevenrocks.web.connection import Connection
from sevenrocks.web.inbox import Inbox
from sevenrocks.web.leases import Leases, OwnedElsewhere
from sevenrocks.web.protocol import error_message
from sevenrocks.web.service import CLOSE_MOVED, JoinRefused, TableService
from sevenrocks.web.settings import Settings

if TYPE_CHECKING:
    from sevenrocks.web.table import LiveTable

__all__ = ["NODE_PREFIX", "Cluster", "ForwardHttp", "alive_key", "default_node"]

log = logging.getLogger("sevenrocks.web")

NODE_PREFIX: Final = "sevenrocks:node:"
#: the close code of a socket that found its table between owners (1013, "try again later")
CLOSE_AGAIN: Final = 1013
#: how long a process waits for another's answer (a join, an HTTP request)
ANSWER_SECONDS: Final = 10.0
#: the most times one HTTP request is carried on to another process
MAX_HOPS: Final = 3


def default_node() -> str:
    """A name for this process no other process has: host, process id and a random part."""
    host = "".join(c if c.isalnum() or c in "-." else "-" for c in socket.gethostname())[:40]
    return f"{host or 'host'}-{os.getpid()}-{secrets.token_hex(3)}"


def _channel(node: str) -> str:
    return NODE_PREFIX + node


def alive_key(node: str) -> str:
    """The Redis key that says the process ``node`` is running (it expires unless renewed)."""
    return NODE_PREFIX + node + ":alive"


@dataclass
class _Relayed:
    """A browser's socket held here whose table another process owns."""

    websocket: WebSocket
    table_id: str
    owner: str
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    closed: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class _Remote:
    """A connection of a table owned here whose browser's socket another process holds."""

    node: str
    table: LiveTable
    conn: Connection
    inbox: Inbox = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None


class Cluster:
    """This process among the others: its leases, its channel, relayed sockets and requests."""

    def __init__(self, service: TableService, app: ASGIApp, settings: Settings) -> None:
        import redis.asyncio as aioredis  # the optional extra: only a clustered server needs it

        if settings.redis_url is None:
            raise ValueError("a cluster needs settings.redis_url")
        self.service = service
        self.app = app
        self.node = settings.node or default_node()
        self.redis: Any = aioredis.from_url(settings.redis_url, decode_responses=True)
        self.leases = Leases(self.redis, self.node, settings.lease_seconds)
        self.every = max(0.05, settings.lease_seconds / 5)
        #: tables whose lease this process holds
        self.owned: set[str] = set()
        self.closing = False
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._relayed: dict[str, _Relayed] = {}
        self._remotes: dict[str, _Remote] = {}
        self._busy: set[asyncio.Task[Any]] = set()
        #: called with the id of each table this process took over (quick matches watch theirs)
        self.on_adopt: list[Any] = []

    # ----------------------------------------------------------------- lifetime
    async def start(self) -> None:
        """Connect, listen on this process's channel, and keep leases and tables going."""
        try:
            await self.redis.ping()
        except Exception as err:
            raise RuntimeError(f"cannot reach Redis at SEVENROCKS_REDIS_URL: {err}") from None
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(_channel(self.node))
        await self.redis.set(alive_key(self.node), "1", px=self.leases.ms)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._keep())]
        log.info("server process %s joined the cluster", self.node)

    async def close(self) -> None:
        """Give up every lease (the other processes take the tables over at once) and stop."""
        self.closing = True
        for relayed in list(self._relayed.values()):
            await self._close_relayed(relayed, CLOSE_MOVED, "server restarting")
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for table_id in list(self.owned):
                await self.leases.release(table_id)
            self.owned.clear()
            await self.redis.delete(alive_key(self.node))
            await self._pubsub.unsubscribe()
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -------------------------------------------------------------------- leases
    async def claim(self, table_id: str) -> None:
        """Own ``table_id`` from now on, or raise :class:`OwnedElsewhere` naming its owner."""
        if self.closing:
            raise OwnedElsewhere(table_id, "")
        holder = await self.leases.claim(table_id)
        if holder is not None:
            raise OwnedElsewhere(table_id, holder)
        self.owned.add(table_id)

    async def release(self, table_id: str) -> None:
        """Stop owning ``table_id`` (it was forgotten, closed or deleted)."""
        if table_id in self.owned:
            self.owned.discard(table_id)
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)

    async def _keep(self) -> None:
        """Every fifth of a lease: renew the leases, say this process is alive, drop relayed
        connections of processes that died, and take over the tables nobody owns."""
        sweep = 0
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.redis.set(alive_key(self.node), "1", px=self.leases.ms)
                lost = await self.leases.renew(sorted(self.owned))
                for table_id in lost:
                    log.warning("table %s: this process's lease on it was lost", table_id)
                    self.owned.discard(table_id)
                    await self.service.drop(table_id)
                await self._forget_dead_sockets()
                sweep += 1
                if sweep % 2 == 0:
                    await self.adopt()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster's upkeep failed (will try again)")

    async def adopt(self) -> list[str]:
        """Take over the tables being played (and quick matches waiting) that no process owns;
        return their ids."""
        if self.closing:
            return []
        service = self.service
        ids = await service.db(service.storage.table_ids, ("playing",))
        ids += [r.id for r in await service.db(service.storage.quick_tables)]
        ids = [t for t in dict.fromkeys(ids) if t not in self.owned]
        owners = await self.leases.owners(ids)
        orphans = [t for t, owner in zip(ids, owners, strict=True) if owner is None]
        random.shuffle(orphans)  # several processes looking at once share them out
        taken = []
        for table_id in orphans:
            try:
                table = await service.get(table_id)
            except OwnedElsewhere:
                continue
            if table is not None:
                taken.append(table_id)
                for call in self.on_adopt:
                    call(table_id)
        if taken:
            log.info("took over %d table(s) nobody owned", len(taken))
        return taken

    async def _forget_dead_sockets(self) -> None:
        """Connections relayed from a process that is gone leave their tables."""
        nodes = sorted({remote.node for remote in self._remotes.values()})
        if not nodes:
            return
        alive = await self.redis.mget([alive_key(n) for n in nodes])
        dead = {n for n, flag in zip(nodes, alive, strict=True) if flag is None}
        for key, remote in list(self._remotes.items()):
            if remote.node in dead:
                self._leave_remote(key)

    # ---------------------------------------------------------------- messages
    async def _tell(self, node: str, message: dict[str, Any]) -> int:
        """Publish ``message`` on ``node``'s channel; return how many listeners got it."""
        received: int = await self.redis.publish(_channel(node), json.dumps(message, separators=(",", ":")))
        return received

    async def _ask(self, node: str, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send ``node`` a request and wait for its answer (``None``: no answer in time)."""
        ask = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[ask] = future
        try:
            if not await self._tell(node, message | {"ask": ask, "from": self.node}):
                return None  # nobody listens on that channel: the process is gone
            return await asyncio.wait_for(future, ANSWER_SECONDS)
        except TimeoutError:
            return None
        finally:
            self._answers.pop(ask, None)

    async def _answer(self, request: dict[str, Any], answer: dict[str, Any]) -> None:
        await self._tell(str(request["from"]), {"op": "answer", "ask": request["ask"], **answer})

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") == "message":
                        self._dispatch(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster's channel failed; listening again")
                await asyncio.sleep(self.every)

    def _dispatch(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "answer":
            future = self._answers.get(str(message.get("ask")))
            if future is not None and not future.done():
                future.set_result(message)
        elif op in ("out", "close"):  # the owner → a browser whose socket is here
            relayed = self._relayed.get(str(message.get("conn")))
            if relayed is not None:
                relayed.outbox.put_nowait(message)
        elif op == "in":  # a browser elsewhere → a table here
            remote = self._remotes.get(str(message.get("conn")))
            if remote is not None:
                raw = message.get("text")
                if not isinstance(raw, str):
                    raw = base64.b64decode(str(message.get("b64")))
                remote.inbox.put_nowait((time.monotonic(), raw))  # its rate is counted as it arrived
        elif op == "leave":
            self._leave_remote(str(message.get("conn")))
        elif op == "join":
            self._spawn(self._join_remote(message))
        elif op == "http":
            self._spawn(self._run_http(message))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)

    # ------------------------------------------- sockets: at the owner
    async def _join_remote(self, request: dict[str, Any]) -> None:
        key = str(request["conn"])
        node = str(request["from"])
        table_id = str(request["table"])
        if self.closing:
            await self._answer(request, {"again": True})
            return
        try:
            table = await self.service.get(table_id)
        except OwnedElsewhere:
            await self._answer(request, {"again": True})
            return
        if table is None:
            await self._answer(request, {"gone": True})
            return

        async def send(message: dict[str, Any] | str) -> None:
            body: dict[str, Any] = {"op": "out", "conn": key}
            if isinstance(message, str):
                body["text"] = message
            else:
                body["msg"] = message
            if not await self._tell(node, body):
                self._leave_remote(key)  # its process is gone

        async def close(code: int, reason: str) -> None:
            await self._tell(node, {"op": "close", "conn": key, "code": code, "reason": reason})

        try:
            conn = await self.service.join(
                table,
                token=request.get("token"),
                session=request.get("session"),
                admin=request.get("admin"),
                send=send,
                close=close,
                lang=str(request.get("lang") or "en"),
                account=request.get("account"),
                area=request.get("area"),
                ghosts=request.get("ghosts"),
            )
        except JoinRefused as refused:
            lang = str(request.get("lang") or "en")
            await self._answer(
                request,
                {
                    "refused": error_message(refused.translated(lang), refused.code),
                    "close_code": refused.close_code,
                },
            )
            return
        remote = _Remote(node, table, conn)
        self._remotes[key] = remote
        remote.task = asyncio.get_running_loop().create_task(self._serve_remote(key, remote))
        await self._answer(request, {"joined": True})

    async def _serve_remote(self, key: str, remote: _Remote) -> None:
        """Hand a relayed browser's messages to the table in order, as its own socket's would be."""
        try:
            await self.service.serve(remote.table, remote.conn, remote.inbox)
        finally:
            self._remotes.pop(key, None)

    def _leave_remote(self, key: str) -> None:
        remote = self._remotes.get(key)
        if remote is not None:
            remote.inbox.put_nowait(None)

    # --------------------------------------- sockets: where the browser is
    async def relay(
        self,
        websocket: WebSocket,
        moved: OwnedElsewhere,
        *,
        token: str | None,
        session: str | None,
        admin: str | None,
        lang: str,
        account: str | None,
        inbox: Inbox,
        area: str | None = None,
        ghosts: str | None = None,
    ) -> None:
        """Serve an accepted ``websocket`` whose table another process owns: join it there and
        carry messages both ways (the browser's as they are read into ``inbox``) until either side
        closes or the table changes owner."""
        if not moved.owner:
            await websocket.close(code=CLOSE_AGAIN, reason="the table is changing servers")
            return
        key = secrets.token_hex(12)
        relayed = _Relayed(websocket, moved.table_id, moved.owner)
        self._relayed[key] = relayed
        try:
            answer = await self._ask(
                moved.owner,
                {
                    "op": "join",
                    "conn": key,
                    "table": moved.table_id,
                    "token": token,
                    "session": session,
                    "admin": admin,
                    "lang": lang,
                    "account": account,
                    "area": area,
                    "ghosts": ghosts,
                },
            )
            if answer is None or answer.get("again"):
                await self._close_relayed(relayed, CLOSE_AGAIN, "the table is changing servers")
                return
            if answer.get("gone"):
                await websocket.send_json(error_message("no such table", "unknown_table"))
                await self._close_relayed(relayed, 4404, "no such table")
                return
            if "refused" in answer:
                await websocket.send_json(answer["refused"])
                await self._close_relayed(relayed, int(answer.get("close_code", 4403)), "refused")
                return
            tasks = [
                asyncio.get_running_loop().create_task(self._pump_out(relayed)),
                asyncio.get_running_loop().create_task(self._watch_owner(relayed)),
            ]
            try:
                await self._pump_in(key, relayed, inbox)
            finally:
                for task in tasks:
                    task.cancel()
                with contextlib.suppress(Exception):
                    await self._tell(relayed.owner, {"op": "leave", "conn": key})
        finally:
            self._relayed.pop(key, None)

    async def _pump_in(self, key: str, relayed: _Relayed, inbox: Inbox) -> None:
        """The browser's messages, on to the owner in order."""
        closed = asyncio.ensure_future(relayed.closed.wait())
        try:
            while True:
                taking = asyncio.ensure_future(inbox.get())
                done, _ = await asyncio.wait({taking, closed}, return_when=asyncio.FIRST_COMPLETED)
                if taking not in done:
                    taking.cancel()
                    return
                arrived = taking.result()
                if arrived is None:
                    return
                raw = arrived[1]
                body: dict[str, Any] = {"op": "in", "conn": key}
                if isinstance(raw, str):
                    body["text"] = raw
                else:
                    body["b64"] = base64.b64encode(raw).decode("ascii")
                await self._tell(relayed.owner, body)
        finally:
            closed.cancel()

    async def _pump_out(self, relayed: _Relayed) -> None:
        """The owner's messages, on to the browser in order."""
        while True:
            message = await relayed.outbox.get()
            if message is None:
                return
            try:
                if message.get("op") == "close":
                    code, reason = int(message.get("code", 1000)), str(message.get("reason", ""))
                    await self._close_relayed(relayed, code, reason)
                    return
                if "text" in message:
                    await relayed.websocket.send_text(str(message["text"]))
                else:
                    await relayed.websocket.send_json(message["msg"])
            except Exception:  # the browser went away: the reader notices
                relayed.closed.set()
                return

    async def _watch_owner(self, relayed: _Relayed) -> None:
        """Close the relayed socket when its table's owner changes (it stopped, or died and its
        lease ran out): the page reconnects and finds the new owner."""
        while True:
            await asyncio.sleep(self.every)
            try:
                holder = await self.leases.owner(relayed.table_id)
            except Exception:
                continue
            if holder != relayed.owner:
                await self._close_relayed(relayed, CLOSE_MOVED, "the table moved to another server")
                return

    async def _close_relayed(self, relayed: _Relayed, code: int, reason: str) -> None:
        relayed.closed.set()
        with contextlib.suppress(Exception):
            await relayed.websocket.close(code=code, reason=reason[:100])

    # ------------------------------------------------------------ HTTP requests
    async def forward_http(self, owner: str, scope: Scope, body: bytes) -> dict[str, Any] | None:
        """Have ``owner`` answer the HTTP request of ``scope`` and ``body``; ``None``: it did not."""
        headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])]
        client = scope.get("client") or ("", 0)
        return await self._ask(
            owner,
            {
                "op": "http",
                "method": scope["method"],
                "scheme": scope.get("scheme", "http"),
                "path": scope["path"],
                "query": scope.get("query_string", b"").decode("latin-1"),
                "headers": headers,
                "client": [client[0], client[1]],
                "hops": int(scope.get("sevenrocks.hops", 0)) + 1,
                "body": base64.b64encode(body).decode("ascii"),
            },
        )

    async def _run_http(self, request: dict[str, Any]) -> None:
        """Answer an HTTP request another process carried here, through this process's app."""
        body = base64.b64decode(str(request.get("body", "")))
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": str(request["method"]),
            "scheme": str(request.get("scheme", "http")),
            "path": str(request["path"]),
            "raw_path": str(request["path"]).encode("utf-8"),
            "root_path": "",
            "query_string": str(request.get("query", "")).encode("latin-1"),
            "headers": [(str(k).encode("latin-1"), str(v).encode("latin-1")) for k, v in request["headers"]],
            "client": tuple(request.get("client") or ("", 0)),
            "server": None,
            "sevenrocks.hops": int(request.get("hops", 1)),
        }
        sent = False

        async def receive() -> Message:
            nonlocal sent
            if sent:
                await asyncio.Event().wait()  # no disconnect while the answer is made
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        status = 500
        headers: list[list[str]] = []
        chunks: list[bytes] = []

        async def send(message: Message) -> None:
            nonlocal status, headers
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", [])]
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))

        try:
            await self.app(scope, receive, send)
        except Exception:
            log.exception("a request carried from %s failed", request.get("from"))
            status, headers, chunks = 500, [["content-type", "application/json"]], [b"{}"]
        await self._answer(
            request,
            {"status": status, "headers": headers, "body": base64.b64encode(b"".join(chunks)).decode()},
        )


class ForwardHttp:
    """ASGI middleware: an HTTP request that needs a table another process owns is answered by
    that process (the request, body included, carried to it whole), not refused."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster: Cluster | None = getattr(getattr(scope.get("app"), "state", None), "cluster", None)
        if scope["type"] != "http" or cluster is None:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        ended = False

        async def recording() -> Message:
            nonlocal ended
            message = await receive()
            if message["type"] == "http.request":
                chunks.append(message.get("body", b""))
                ended = not message.get("more_body", False)
            return message

        started = False

        async def tracking(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            await self.app(scope, recording, tracking)
            return
        except OwnedElsewhere as moved:
            if started:
                raise
            owner = moved.owner
        while not ended:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            ended = not message.get("more_body", False)
        answer = None
        if owner and int(scope.get("sevenrocks.hops", 0)) < MAX_HOPS:
            answer = await cluster.forward_http(owner, scope, b"".join(chunks))
        if answer is None:
            text = "the table is changing servers: try again"
            refusal = {"type": "error", "code": "unavailable", "message": text}
            body = json.dumps(refusal).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 503,
                    "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await send(
            {
                "type": "http.response.start",
                "status": int(answer["status"]),
                "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in answer["headers"]],
            }
        )
        await send({"type": "http.response.body", "body": base64.b64decode(str(answer["body"]))})
