"""An independent, deliberately plain reference model of the family of domino games, for testing the engine.

Written from the rule texts only (``shared/games/README.md``, one file per game in ``shared/games/``,
``shared/RULES.md`` for Seven Rocks, and ``shared/conformance/README.md`` for scripts and reports); it
imports nothing from :mod:`sevenrocks`. Games covered: ``seven-rocks``, ``block``, ``draw``, ``kozel``,
``kozel-125``, ``sports-kozel``, ``telephone``, ``muggins``, ``all-fives``, ``five-up``,
``fives-and-threes``, ``all-threes``, ``picture``.

Modules, each named for what it holds: ``tiles`` (tiles, notation, tile orders), ``rules`` (every game as
plain data and its options), ``layout`` (the tree of placed tiles for each topology), ``hand`` (turns,
legal moves, draws, knocks, domino and block), ``settle`` (placement points and settlement kinds),
``match`` (:class:`RefGame`: leaders, scores, the end of the match, reports), ``replay`` (scripts).

Canonical notation of :meth:`RefGame.legal_moves`: tiles ``LOW-HIGH``; a move of several doubles lists its
parts in the order that sorts first as strings (by tile, then anchor, then side) among the orders that
leave the same layout; orders that leave different layouts (which double becomes the spinner) are
different moves and are all listed. :meth:`RefGame.play` accepts every legal written order.
"""

from tests.reference.family.errors import RefIllegal
from tests.reference.family.match import RefGame
from tests.reference.family.replay import replay
from tests.reference.family.rules import GAME_IDS, find_game

__all__ = ["GAME_IDS", "RefGame", "RefIllegal", "find_game", "replay"]
