"""Options shared by the commands that play series of matches (``tournament``, ``ladder``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

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
    "given_on_command_line",
    "resume_conflict",
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


def given_on_command_line(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter name) was typed, rather than left at its default."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def resume_conflict(
    ctx: typer.Context,
    what: str,
    folder: Path,
    saved: Mapping[str, Any],
    asked: Mapping[str, Any],
    *,
    labels: Mapping[str, str] | None = None,
) -> str | None:
    """Why ``--resume folder`` cannot go on with the options given, or ``None`` when it can.

    ``--records``/``--no-records`` are refused (a resumed ``what`` stays in its folder), and so
    is any option in ``asked`` (the values given) whose value is not the ``saved`` one.
    ``labels`` names options not spelled ``--the-name``.
    """
    if given_on_command_line(ctx, "records") or given_on_command_line(ctx, "no_records"):
        return f"--resume goes on in the {what}'s own folder: leave out --records and --no-records"
    for name, value in asked.items():
        if value != saved[name]:
            label = (labels or {}).get(name, "--" + name.replace("_", "-"))
            shown = " ".join(value) if isinstance(value, list) else value
            return (
                f"{label} {shown} is not the setting of the {what} in {folder} ({saved[name]}); "
                "leave it out to resume"
            )
    return None
