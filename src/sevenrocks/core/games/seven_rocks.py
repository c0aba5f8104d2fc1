"""Seven Rocks (RULES.md), the game the project began with, as a value of the family's parameters."""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import target
from sevenrocks.core.games.ending import TargetAtOnce
from sevenrocks.core.games.model import Game, OptionValue, Points, Rules, Topology
from sevenrocks.core.games.settlement import DeductRound5

__all__ = ["SEVEN_ROCKS"]


def _rules(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="seven-rocks",
        options=options,
        seats=4,
        partnerships=True,
        hand_size=7,
        topology=Topology.SPINNER,
        points=Points.FIVES,
        settlement=DeductRound5(),
        ending=TargetAtOnce(int(options["target"])),
    )


SEVEN_ROCKS = Game(
    id="seven-rocks",
    name="Seven Rocks",
    summary="Partnership fives game with a spinner: every multiple of five scores, 250 wins at once.",
    seats=(4,),
    options=(target(250),),
    build=_rules,
    report=("ends_total", "points", "deductions"),
)
