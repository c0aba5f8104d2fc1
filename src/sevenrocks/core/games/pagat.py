"""The line-free and line games from Pagat's texts that the seed names: Sebastopol, Bergen and
Matador (``sebastopol.md``, ``bergen.md``, ``matador.md``).

>>> from sevenrocks.core.games import find_game
>>> rules = find_game("bergen").rules(seats=2)
>>> rules.hand_size, rules.reserve, rules.ending.target
(6, 2, 15)
>>> find_game("matador").rules(seats=3).hand_size
6
"""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import PARTNERSHIPS, by_seats, partnerships, target
from sevenrocks.core.games.ending import TargetAfterHand, TargetAtOnce
from sevenrocks.core.games.model import (
    Boneyard,
    Game,
    Later,
    Matching,
    Option,
    OptionValue,
    Points,
    Rules,
    Stuck,
    Topology,
)
from sevenrocks.core.games.orders import ORDER_HIGH, ORDER_LOW
from sevenrocks.core.games.settlement import HandBonus, WinnerTakes

__all__ = ["BERGEN", "MATADOR", "SEBASTOPOL"]


def _sebastopol(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="sebastopol",
        options=options,
        seats=seats,
        hand_size=7,
        first_lead=ORDER_HIGH,  # all 28 dealt: the holder of 6-6 leads it
        after_domino=Later.FIRST_RULE,
        after_block=Later.FIRST_RULE,
        topology=Topology.FORCED_FOUR,
        settlement=WinnerTakes(),
        ending=TargetAfterHand(int(options["target"])),
    )


def _bergen(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="bergen",
        options=options,
        seats=seats,
        hand_size=by_seats("bergen", {2: 6, 3: 6, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        reserve=2,
        first_lead=ORDER_LOW,
        after_block=Later.FIRST_RULE,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        points=Points.HEADERS,
        settlement=HandBonus(1, block=True),
        ending=TargetAtOnce(int(options["target"])),
    )


def _matador(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="matador",
        options=options,
        seats=seats,
        partnerships=partnerships(options, seats),
        hand_size=by_seats("matador", {2: 7, 3: 6, 4: 5}, seats),
        boneyard=Boneyard.DRAW,
        matching=Matching.SUM_SEVEN,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        settlement=WinnerTakes(),
        ending=TargetAfterHand(int(options["target"])),
    )


SEBASTOPOL = Game(
    id="sebastopol",
    name="Sebastopol",
    summary="Four players; 6-6 leads and must be surrounded on all four sides before any arm grows.",
    seats=(4,),
    options=(target(60),),
    build=_sebastopol,
    report=("award",),
)

BERGEN = Game(
    id="bergen",
    name="Bergen",
    summary="Line game scoring 'headers': both ends showing one number score 2, with a double at an end 3.",
    seats=(2, 3, 4),
    options=(
        Option(
            "target",
            15,
            "points that win at once (by default 15 with two seats, 10 with three or four)",
            by_seats={2: 15, 3: 10, 4: 10},
        ),
    ),
    build=_bergen,
    report=("draws", "points", "award"),
    default_seats=2,
)

MATADOR = Game(
    id="matador",
    name="Matador",
    summary="Touching halves add up to seven; the matadors 0-0, 1-6, 2-5 and 3-4 go anywhere.",
    seats=(2, 3, 4),
    options=(target(100), PARTNERSHIPS),
    build=_matador,
    report=("draws", "award"),
    default_seats=2,
)
