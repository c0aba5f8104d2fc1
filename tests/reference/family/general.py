"""General's counts: lost hands, Generals and nakeds, and the side that gives way.

Rules it models (``shared/games/general.md``):

- §6.2 a blocked hand is void: nothing is counted.
- §8.1 after a domino by seat *f*, the seat after *f* is the hand's loser and its side loses the hand.
- §8.2 version ``general``: a last move with 0-0 or 6-6 (or both) makes the loser a General.
- §8.3 version ``naked``: 0-0 and 6-6 together make a General; 0-0 without 6-6 makes the loser naked; 6-6
  alone is an ordinary finish.
- §9.1 give way: a side that receives a General (or a naked) gives way at once; a side with two lost hands
  gives way; the other side wins the match.
- §10 partner signals in version ``general``: each seat knows whether its partner holds 0-0 and 6-6.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.reference.family.tiles import Tile

LOST_HANDS_TO_GIVE_WAY = 2
"""``general.md`` §9.1: "a team that loses twice gives way" (lost hands in the match, not in a row)."""


@dataclass
class GeneralBook:
    """Per side: hands lost (the report's scores), Generals and nakeds received."""

    lost: list[int]
    generals: list[int]
    nakeds: list[int]


@dataclass
class GeneralHand:
    """What one domino hand did: the loser seat, and the side made a General or naked (or None)."""

    loser: int
    general: int | None
    naked: int | None


def finish(version: str, finisher: int, last_move: tuple[Tile, ...]) -> GeneralHand:
    """§8.1-§8.3: the loser of a hand that seat ``finisher`` ended with ``last_move``, and what he gets."""
    loser = (finisher + 1) % 4
    side = loser % 2
    blank, six = (0, 0) in last_move, (6, 6) in last_move
    if version == "naked":
        if blank and six:
            return GeneralHand(loser, side, None)
        return GeneralHand(loser, None, side if blank else None)
    return GeneralHand(loser, side if blank or six else None, None)


def count(book: GeneralBook, result: GeneralHand) -> int | None:
    """Count a hand's result in ``book`` (§8.4: a General or naked is also a lost hand); the side that
    wins the match if the loser's side now gives way (§9.1), else None."""
    side = result.loser % 2
    book.lost[side] += 1
    if result.general is not None:
        book.generals[result.general] += 1
    if result.naked is not None:
        book.nakeds[result.naked] += 1
    gives_way = (
        result.general is not None or result.naked is not None or book.lost[side] >= LOST_HANDS_TO_GIVE_WAY
    )
    return 1 - side if gives_way else None


def signals(version: str, partner_tiles: set[Tile]) -> dict[str, bool] | None:
    """§10: in version ``general``, whether the partner holds 0-0 and 6-6 (``{"0-0": ..., "6-6": ...}``);
    None in version ``naked``, where no signal is allowed."""
    if version != "general":
        return None
    return {"0-0": (0, 0) in partner_tiles, "6-6": (6, 6) in partner_tiles}
