"""``sevenrocks replay``: the conformance interface (see the shared conformance README)."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from sevenrocks.core.envelope import read_record_file
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.script import error_report, replay_text


def read_input(source: str) -> bytes:
    """The bytes of FILE, or of standard input for ``-``; :class:`RecordError` if unreadable."""
    if source == "-":
        return sys.stdin.buffer.read()
    return read_record_file(source, "a match script or record")


def replay_command(
    source: Annotated[
        str,
        typer.Argument(metavar="FILE|-", help="Match script or match record (JSON), or - for stdin."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the report as JSON (the only format; accepted for scripts).")
    ] = False,
) -> None:
    """Check every play of a match script against the rules and print the report as JSON.

    Also reads the match records that play, tournaments and the browser game save. Exit 0 when
    the match is legal (complete or not); exit 2 with an error object naming the hand, the play
    and the rule when it is not.
    """
    del as_json  # the report is always JSON
    report: dict[str, Any]
    try:
        report = replay_text(read_input(source))
        code = 0
    except SevenRocksError as err:
        report = error_report(err)
        code = 2
    sys.stdout.write(json.dumps(report, indent=1) + "\n")
    sys.stdout.flush()
    raise typer.Exit(code)
