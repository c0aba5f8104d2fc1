"""The FastAPI application: pages, the JSON API, the table WebSocket, and its lifetime."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from sevenrocks.web.routes import router
from sevenrocks.web.service import TableService
from sevenrocks.web.settings import Settings
from sevenrocks.web.storage import Storage

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app; tables in progress in the database resume when it starts."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.database_url)
        service = TableService(
            storage, bot_delay=settings.bot_delay, max_message_bytes=settings.max_message_bytes
        )
        app.state.service = service
        await service.resume()
        try:
            yield
        finally:
            await service.close()
            storage.close()

    app = FastAPI(title="Seven Rocks", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.settings = settings
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(HTTPException)
    async def _http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        return JSONResponse(
            {"type": "error", "code": _CODES.get(exc.status_code, "error"), "message": detail},
            status_code=exc.status_code,
        )

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(part) for part in err.get("loc", ()) if part != "body")
            problems.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg")))
        return JSONResponse(
            {"type": "error", "code": "bad_request", "message": "; ".join(problems)}, status_code=422
        )

    return app


_CODES = {400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict", 405: "not_allowed"}
