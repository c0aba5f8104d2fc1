"""Durations on the command line: ``200ms``, ``1.5s``, ``2`` (seconds)."""

from __future__ import annotations

import re

import typer

__all__ = ["parse_duration"]

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|sec|m|min)?\s*$")
_UNIT = {None: 1.0, "s": 1.0, "sec": 1.0, "ms": 0.001, "m": 60.0, "min": 60.0}


def parse_duration(text: str, *, what: str = "a duration") -> float:
    """Seconds in ``text`` (a number with an optional unit ms, s or min; bare numbers are seconds).

    >>> parse_duration("200ms"), parse_duration("1.5s"), parse_duration("2")
    (0.2, 1.5, 2.0)
    """
    found = _DURATION.match(text)
    if found is None:
        raise typer.BadParameter(f"{text!r} is not {what}: write e.g. 200ms, 1.5s or 2 (seconds)")
    seconds = float(found.group(1)) * _UNIT[found.group(2)]
    if seconds <= 0:
        raise typer.BadParameter(f"{what} must be more than zero, not {text!r}")
    return seconds
