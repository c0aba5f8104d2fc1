"""The family of games: each game its parameters as data (:class:`Game`), found by id.

>>> rules = find_game("telephone").rules(seats=2)
>>> rules.sides, rules.draws, rules.points.of(15)
(2, True, 15)
"""

from sevenrocks.core.games.ending import Ending, Outcome
from sevenrocks.core.games.model import (
    Boneyard,
    Engine,
    Game,
    Information,
    Later,
    Matching,
    Option,
    OptionValue,
    Points,
    Rules,
    Stuck,
    Topology,
)
from sevenrocks.core.games.registry import DEFAULT_GAME, GAMES, LAYOUT_GAMES, find_game
from sevenrocks.core.games.settlement import Ledger, Settlement

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "LAYOUT_GAMES",
    "Boneyard",
    "Ending",
    "Engine",
    "Game",
    "Information",
    "Later",
    "Ledger",
    "Matching",
    "Option",
    "OptionValue",
    "Outcome",
    "Points",
    "Rules",
    "Settlement",
    "Stuck",
    "Topology",
    "find_game",
]
