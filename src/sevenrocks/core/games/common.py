"""Option declarations and small helpers shared by the game descriptions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from sevenrocks.core.errors import OptionError
from sevenrocks.core.games.model import Option, OptionValue

__all__ = ["PARTNERSHIPS", "by_seats", "partnerships", "target"]


def target(default: int) -> Option:
    """The ``target`` option of a game (any positive whole number)."""
    return Option("target", default, "points that end the match")


#: Four seats play as two partnerships (``partnerships`` in a game's §11).
PARTNERSHIPS: Final = Option("partnerships", False, "with four seats, seats 0 and 2 play against 1 and 3")


def partnerships(options: Mapping[str, OptionValue], seats: int) -> bool:
    """Whether the ``partnerships`` option makes sides of two (it applies to four seats only)."""
    return seats == 4 and bool(options["partnerships"])


def by_seats(game: str, table: Mapping[int, int], seats: int) -> int:
    """The value of a "2/3/4 seats" table for ``seats``."""
    try:
        return table[seats]
    except KeyError:
        raise OptionError(f"{game} has no rule for {seats} seats") from None
