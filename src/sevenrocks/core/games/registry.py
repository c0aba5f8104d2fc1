"""The registry of games: every game of the family by its id, and :func:`find_game`.

>>> find_game("kozel-125").defaults()["target"]
125
>>> [game.id for game in GAMES][:4]
['seven-rocks', 'block', 'draw', 'kozel']
>>> find_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.GameError: no game 'chess': the games are seven-rocks, block, draw, ...
"""

from __future__ import annotations

from typing import Final

from sevenrocks.core.errors import GameError
from sevenrocks.core.games.fives import ALL_FIVES, ALL_THREES, FIVE_UP, FIVES_AND_THREES, MUGGINS, TELEPHONE
from sevenrocks.core.games.general import GENERAL
from sevenrocks.core.games.goat import DONKEY, KOZEL, KOZEL_125, SPORTS_KOZEL
from sevenrocks.core.games.line import BLOCK, DRAW, PICTURE
from sevenrocks.core.games.model import Engine, Game
from sevenrocks.core.games.pagat import BERGEN, MATADOR, SEBASTOPOL
from sevenrocks.core.games.sausage import SAUSAGE
from sevenrocks.core.games.sea import SEA_KOZEL
from sevenrocks.core.games.seven_rocks import SEVEN_ROCKS

__all__ = ["DEFAULT_GAME", "GAMES", "LAYOUT_GAMES", "find_game"]

#: Every game, in the order ``sevenrocks games`` lists them.
GAMES: Final[tuple[Game, ...]] = (
    SEVEN_ROCKS,
    BLOCK,
    DRAW,
    KOZEL,
    KOZEL_125,
    SPORTS_KOZEL,
    SEA_KOZEL,
    DONKEY,
    TELEPHONE,
    MUGGINS,
    ALL_FIVES,
    FIVE_UP,
    FIVES_AND_THREES,
    ALL_THREES,
    SEBASTOPOL,
    BERGEN,
    MATADOR,
    GENERAL,
    PICTURE,
    SAUSAGE,
)
#: The games the layout engine (:class:`~sevenrocks.core.match.Match`) plays: all but Sausage.
LAYOUT_GAMES: Final[tuple[Game, ...]] = tuple(game for game in GAMES if game.engine is Engine.LAYOUT)
_BY_ID: Final = {game.id: game for game in GAMES}
DEFAULT_GAME: Final = "seven-rocks"


def find_game(name: str) -> Game:
    """The game with id ``name`` (:class:`GameError` listing the games otherwise)."""
    if isinstance(name, str):
        game = _BY_ID.get(name.strip().lower())
        if game is not None:
            return game
    raise GameError(f"no game {name!r}: the games are {', '.join(_BY_ID)}")
