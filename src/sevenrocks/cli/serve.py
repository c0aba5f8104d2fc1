"""``sevenrocks serve``: the browser game on http://127.0.0.1:8000 (see ``docs/web.md``)."""

from __future__ import annotations

import dataclasses
import gc
import time
from typing import Annotated, Final

import typer

from sevenrocks.web.settings import FRAME_CEILING, Settings, SettingsError, check_shared_database


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines join).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL (default: $SEVENROCKS_DATABASE_URL, else sqlite:///sevenrocks.db).",
        ),
    ] = None,
    bot_delay: Annotated[
        float | None,
        typer.Option(
            min=0.0, help="Seconds a bot waits before placing (default 0.7, or $SEVENROCKS_BOT_DELAY)."
        ),
    ] = None,
) -> None:
    """Play Seven Rocks in the browser: tables with friends and bots, stored matches and replays."""
    import uvicorn

    from sevenrocks.web.app import create_app
    from sevenrocks.web.storage import Storage, StorageError

    try:
        settings = Settings.from_env()
    except SettingsError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if db is not None:
        settings = dataclasses.replace(settings, database_url=db)
    if bot_delay is not None:
        settings = dataclasses.replace(settings, bot_delay=bot_delay)
    try:
        check_shared_database(settings)
        check_redis(settings)
    except SettingsError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    try:
        Storage(settings.database_url).close()  # fail early, with a clear message
    except StorageError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if settings.redis_url is not None:
        typer.echo(f"One of several server processes, sharing tables through Redis ({settings.redis_url}).")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"Seven Rocks is running on http://{shown}:{port}  (database: {settings.database_url})")
    typer.echo("Press Ctrl+C to stop.")
    app = create_app(settings)
    tune_collector()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        # messages over the size limit get a too_large error; only beyond this are they not read
        ws_max_size=max(FRAME_CEILING, 2 * settings.max_message_bytes),
        ws_ping_interval=settings.ping_seconds,
        ws_ping_timeout=settings.ping_seconds,
        ws_per_message_deflate=settings.compression,
    )


#: Allocations between two collections of the youngest generation while serving (Python's
#: default is 700), and how many of those make a collection of the next (default 10, 10).
SERVING_THRESHOLDS: Final = (50_000, 20, 10)


def tune_collector() -> None:
    """Tune Python's garbage collector for serving: what was made at start (the modules, the
    app) is frozen out of its collections, and the youngest generation is collected after
    :data:`SERVING_THRESHOLDS` allocations, not 700. Serving allocates many short-lived objects
    that their reference counts free (messages, drawings); with the defaults the collector ran
    hundreds of times a second under load and took up to a sixth of the server's processor
    time (docs/benchmarks.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVING_THRESHOLDS)


def check_redis(settings: Settings) -> None:
    """Raise :class:`SettingsError` naming the problem when the settings' Redis cannot be used."""
    if settings.redis_url is None:
        return
    try:
        import redis
    except ImportError:
        raise SettingsError(
            "SEVENROCKS_REDIS_URL needs the redis package: pip install 'sevenrocks[redis]'"
        ) from None
    client = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5, socket_timeout=5)
    taken = False
    try:
        client.ping()
        if settings.node:  # a name given twice would make two processes each think they own a table
            from sevenrocks.web.cluster import alive_key

            deadline = time.monotonic() + settings.lease_seconds + 1  # a killed process's mark expires
            while client.exists(alive_key(settings.node)) and not taken:
                taken = time.monotonic() > deadline
                time.sleep(0.2)
    except (redis.RedisError, OSError, ValueError) as err:
        raise SettingsError(
            f"cannot reach Redis at SEVENROCKS_REDIS_URL ({settings.redis_url}): {err}"
        ) from None
    finally:
        client.close()
    if taken:
        raise SettingsError(
            f"another server process named {settings.node!r} is running: "
            "SEVENROCKS_NODE must be different for each process (or left unset)"
        )
