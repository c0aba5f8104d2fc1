"""``sevenrocks serve``: the browser game on http://127.0.0.1:8000 (see ``docs/web.md``)."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from sevenrocks.web.settings import FRAME_CEILING, Settings, SettingsError


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
        Storage(settings.database_url).close()  # fail early, with a clear message
    except StorageError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"Seven Rocks is running on http://{shown}:{port}  (database: {settings.database_url})")
    typer.echo("Press Ctrl+C to stop.")
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="warning",
        # messages over the size limit get a too_large error; only beyond this are they not read
        ws_max_size=max(FRAME_CEILING, 2 * settings.max_message_bytes),
    )
