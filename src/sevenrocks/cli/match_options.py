"""Options shared by the commands that play series of matches (``tournament``, ``ladder``)."""

from __future__ import annotations

from typing import Annotated

import typer

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.core.scoring import DEFAULT_TARGET

__all__ = [
    "DEFAULT_BOT_TIMEOUT",
    "DEFAULT_TARGET",
    "BotTimeoutOption",
    "NoRecordsOption",
    "TargetOption",
    "ThinkOption",
    "WorkersOption",
]

WorkersOption = Annotated[int, typer.Option("--workers", min=1, help="Processes to play in.")]
ThinkOption = Annotated[
    str | None, typer.Option("--think", help="Time per move for search bots, e.g. 200ms.")
]
BotTimeoutOption = Annotated[
    float,
    typer.Option("--bot-timeout", help="Seconds a bot program may take per answer before it forfeits."),
]
TargetOption = Annotated[int, typer.Option("--target", min=1, help="Points to win a match.")]
NoRecordsOption = Annotated[bool, typer.Option("--no-records", help="Do not save match records.")]
