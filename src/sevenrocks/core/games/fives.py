"""The Fives family (``telephone.md``, ``muggins.md``, ``all-fives.md``, ``five-up.md``,
``fives-and-threes.md``, ``all-threes.md``): counted ends score during play."""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import PARTNERSHIPS, by_seats, partnerships, target
from sevenrocks.core.games.ending import TargetAfterHand, TargetAtOnce
from sevenrocks.core.games.model import (
    Boneyard,
    Game,
    Later,
    Option,
    OptionValue,
    Points,
    Rules,
    Stuck,
    Topology,
)
from sevenrocks.core.games.orders import ORDER_TELEPHONE
from sevenrocks.core.games.settlement import DeductFloor5, HandBonus, WinnerTakes

__all__ = ["ALL_FIVES", "ALL_THREES", "FIVES_AND_THREES", "FIVE_UP", "MUGGINS", "TELEPHONE"]

_PARTNERS_TRUE = Option(PARTNERSHIPS.name, True, PARTNERSHIPS.help)


def _telephone(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="telephone",
        options=options,
        seats=seats,
        partnerships=seats == 4,
        hand_size=7,
        boneyard=Boneyard.DRAW if seats == 2 else Boneyard.NONE,
        first_lead=ORDER_TELEPHONE,
        after_block=Later.FIRST_RULE,
        topology=Topology.SPINNER,
        several_doubles=4 if options["several_doubles"] else 0,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE if seats == 2 else Stuck.KNOCK,
        points=Points.FIVES,
        settlement=DeductFloor5(),
        ending=TargetAfterHand(int(options["target"]), both_draw=True),
    )


def _muggins(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="muggins",
        options=options,
        seats=seats,
        hand_size=by_seats("muggins", {2: 7, 3: 5, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        topology=Topology.SPINNER,
        lengthwise=True,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        points=Points.FIVES,
        settlement=WinnerTakes(rounding=5),
        ending=TargetAtOnce(int(options["target"])),
    )


def _all_fives(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="all-fives",
        options=options,
        seats=seats,
        partnerships=partnerships(options, seats),
        hand_size=by_seats("all-fives", {2: 9, 3: 7, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        topology=Topology.SPINNER,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        points=Points.FIVES,
        settlement=WinnerTakes(rounding=5),
        ending=TargetAtOnce(int(options["target"])),
    )


def _five_up(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="five-up",
        options=options,
        seats=seats,
        partnerships=partnerships(options, seats),
        hand_size=5,
        boneyard=Boneyard.DRAW,
        topology=Topology.ALL_SPINNERS,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        points=Points.FIVES_IN_FIVES,
        settlement=WinnerTakes(rounding=5, divisor=5),
        ending=TargetAtOnce(int(options["target"])),
    )


def _fives_and_threes(options: Mapping[str, OptionValue], seats: int) -> Rules:
    paired = partnerships(options, seats)
    return Rules(
        game="fives-and-threes",
        options=options,
        seats=seats,
        partnerships=paired,
        hand_size=by_seats("fives-and-threes", {2: 7, 3: 5, 4: 5}, seats),
        boneyard=Boneyard.OUT_OF_PLAY,
        after_domino=Later.ROTATION,
        after_block=Later.ROTATION,
        team_out=paired,
        points=Points.FIVES_AND_THREES,
        settlement=HandBonus(1),
        ending=TargetAtOnce(int(options["target"]), exact=bool(options["exact"])),
    )


def _all_threes(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="all-threes",
        options=options,
        seats=seats,
        hand_size=by_seats("all-threes", {2: 7, 3: 5, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        points=Points.THREES_IN_THREES,
        settlement=WinnerTakes(rounding=3, divisor=3),
        ending=TargetAtOnce(int(options["target"])),
    )


TELEPHONE = Game(
    id="telephone",
    name="Telephone",
    summary="Seven Rocks' counting with a 'house' (spinner), leftover pips rounded down, 225 after a hand.",
    seats=(2, 4),
    options=(
        target(225),
        Option("several_doubles", False, "up to four doubles in one move, one on each end"),
    ),
    build=_telephone,
    report=("ends_total", "points", "draws", "deductions"),
)

MUGGINS = Game(
    id="muggins",
    name="Muggins",
    summary="Single-spinner fives game with drawing; other doubles may lie lengthwise; 200 wins at once.",
    seats=(2, 3, 4),
    options=(target(200),),
    build=_muggins,
    report=("ends_total", "points", "draws", "award"),
    default_seats=2,
)

ALL_FIVES = Game(
    id="all-fives",
    name="All Fives",
    summary="The American single-spinner fives game, in partnerships with four: 250 wins at once.",
    seats=(2, 3, 4),
    options=(target(250), _PARTNERS_TRUE),
    build=_all_fives,
    report=("ends_total", "points", "draws", "award"),
)

FIVE_UP = Game(
    id="five-up",
    name="Five Up",
    summary="Every double is a spinner; one point for each five, to 61.",
    seats=(2, 3, 4),
    options=(target(61), _PARTNERS_TRUE),
    build=_five_up,
    report=("ends_total", "points", "draws", "award"),
)

FIVES_AND_THREES = Game(
    id="fives-and-threes",
    name="Fives and Threes",
    summary="The British pub game: multiples of five and three score on a line, to exactly 61.",
    seats=(2, 3, 4),
    options=(
        target(61),
        Option("exact", True, "the target must be hit exactly"),
        _PARTNERS_TRUE,
    ),
    build=_fives_and_threes,
    report=("ends_total", "points", "award"),
)

ALL_THREES = Game(
    id="all-threes",
    name="All Threes",
    summary="Line game with drawing: one point for each three, to 61.",
    seats=(2, 3, 4),
    options=(target(61),),
    build=_all_threes,
    report=("ends_total", "points", "draws", "award"),
    default_seats=2,
)
