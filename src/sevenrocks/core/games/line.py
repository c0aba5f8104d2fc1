"""The plain line games: Block, Draw and children's picture dominoes (``block.md``, ``draw.md``,
``picture.md``)."""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import PARTNERSHIPS, by_seats, partnerships, target
from sevenrocks.core.games.ending import SingleHand, TargetAfterHand
from sevenrocks.core.games.model import (
    Boneyard,
    Game,
    Later,
    Option,
    OptionValue,
    Rules,
    Stuck,
)
from sevenrocks.core.games.orders import ORDER_HIGH, ORDER_LOW
from sevenrocks.core.games.settlement import NoSettlement, WinnerTakes

__all__ = ["BLOCK", "DRAW", "PICTURE"]

_LONE_BLANK = Option("lone_blank", 25, "the value of a hand of exactly 0-0", choices=(25, 0))


def _block(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="block",
        options=options,
        seats=seats,
        partnerships=partnerships(options, seats),
        hand_size=7,
        boneyard=Boneyard.OUT_OF_PLAY if seats < 4 else Boneyard.NONE,
        first_lead=ORDER_HIGH,
        after_block=Later.FIRST_RULE,
        settlement=WinnerTakes(),
        ending=TargetAfterHand(int(options["target"])),
        lone_blank=int(options["lone_blank"]) or None,
    )


def _draw(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="draw",
        options=options,
        seats=seats,
        partnerships=partnerships(options, seats),
        hand_size=by_seats("draw", {2: 7, 3: 5, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        reserve=int(options["reserve"]),
        first_lead=ORDER_HIGH,
        after_block=Later.FIRST_RULE,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        settlement=WinnerTakes(),
        ending=TargetAfterHand(int(options["target"])),
        lone_blank=int(options["lone_blank"]) or None,
    )


def _picture(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="picture",
        options=options,
        seats=seats,
        hand_size=by_seats("picture", {2: 7, 3: 6, 4: 6}, seats),
        boneyard=Boneyard.DRAW,
        first_lead=ORDER_LOW,
        after_domino=Later.FIRST_RULE,
        after_block=Later.FIRST_RULE,
        stuck=Stuck.DRAW_ONE,
        settlement=NoSettlement(),
        ending=SingleHand(),
    )


BLOCK = Game(
    id="block",
    name="Block",
    summary="Line game without drawing: a stuck seat knocks; the winner scores the others' pips.",
    seats=(2, 3, 4),
    options=(target(100), PARTNERSHIPS, _LONE_BLANK),
    build=_block,
    report=("values", "award"),
)

DRAW = Game(
    id="draw",
    name="Draw",
    summary="Traditional line game: a stuck seat draws until it can place; the winner scores others' pips.",
    seats=(2, 3, 4),
    options=(
        target(100),
        PARTNERSHIPS,
        Option("reserve", 0, "boneyard tiles at the end that are never drawn", choices=(0, 2)),
        _LONE_BLANK,
    ),
    build=_draw,
    report=("draws", "values", "award"),
    default_seats=2,
)

PICTURE = Game(
    id="picture",
    name="Picture dominoes",
    summary="Children's dominoes with pictures: match pictures, draw one when stuck, first out wins.",
    seats=(2, 3, 4),
    options=(),
    build=_picture,
    report=("draws", "tiles"),
    default_seats=2,
)
