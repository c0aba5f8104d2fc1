"""The two simplest bots, for every game: uniformly random, and greedy.

Both choose among the view's legal moves (:attr:`SeatView.moves
<sevenrocks.core.view.SeatView.moves>`), so where a game allows several doubles at once those
moves are among the choices.

``greedy`` looks one move ahead. Where placements score (Seven Rocks, Telephone, the Fives and
Threes games) it takes the move that scores most at once (what the game lets it keep: points
that would pass an exact target score nothing), then the heaviest move (most pips placed). Where
nothing scores during play (Block, Draw, the Goat family, picture dominoes) it sheds the most
pips, since the pips left in hand are what a hand's end costs, then prefers doubles (they join
one value only and are the tiles most often left stranded). Ties are broken at random.

Sea Goat's voluntary hundred (``sea-kozel.md`` §3.3, asked only when the view says
``may_declare_hundred``): ``random`` never declares. ``greedy`` declares when the hundred can
hardly be lost (:func:`safe_hundred`): a hundred hand won wins the match, and one lost costs the
match only if the declaring seat is left holding 25 or more, so it declares when the tiles it
keeps after leading 6-6 are worth less than that (0-0 counted as 25, the value of a lone 0-0),
with two seats, where it may have to draw, less than 13.

>>> from sevenrocks.core import Match
>>> match = Match("kozel", seats=3, seed=4)
>>> match.start_hand()
>>> view = match.view(match.turn)
>>> GreedyBot(seed=1).choose(view) in view.moves, RandomBot(seed=1).choose(view) in view.moves
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from sevenrocks.core.games import Points
from sevenrocks.core.notation import Doubles, Move, Play
from sevenrocks.core.scoring import ends_total_after
from sevenrocks.core.view import SeatView

__all__ = [
    "HUNDRED_LIMIT",
    "GreedyBot",
    "RandomBot",
    "ends_total_after",
    "greedy_key",
    "immediate_points",
    "safe_hundred",
]

#: What :func:`safe_hundred` lets the tiles kept after leading 6-6 be worth: (no drawing, drawing).
HUNDRED_LIMIT: Final = (25, 13)
_BLANK_VALUE: Final = 25  # a hand of exactly 0-0 is worth 25 in Sea Goat


def immediate_points(view: SeatView, move: Move) -> int:
    """The points ``move`` would score at once in ``view``'s position (in the game's units;
    0 where placements do not score, or where the points would pass an exact target)."""
    rules = view.rules
    if not rules.scores_points:
        return 0
    if rules.points is Points.HEADERS:  # Bergen: the headers the layout shows after the move
        trial = view.layout.copy()
        for part in _tiles(move):
            trial.place(part)
        points = trial.header_points()
    else:
        points = rules.points.of(ends_total_after(view.layout, move))
    if points:
        points = rules.ending.admit(points, view.scores[view.side])
    return points


def _tiles(move: Move) -> tuple[Play, ...]:
    return move.parts if isinstance(move, Doubles) else (move,)


def greedy_key(view: SeatView, move: Move) -> tuple[int, int]:
    """What greedy maximises: (points now, pips placed) where placements score, else (pips
    placed, doubles placed)."""
    pips = sum(p.tile.pips for p in _tiles(move))
    if view.rules.scores_points:
        return immediate_points(view, move), pips
    return pips, sum(1 for p in _tiles(move) if p.tile.is_double)


def safe_hundred(view: SeatView) -> bool:
    """Whether a voluntary hundred is worth declaring by ``greedy``'s rule (see the module): the
    view allows one and the tiles the seat keeps after leading 6-6 are worth less than
    :data:`HUNDRED_LIMIT` (25; 13 where the seat may draw), 0-0 counted as 25."""
    if not view.may_declare_hundred:
        return False
    kept = [t for t in view.hand if not (t.is_double and t.low == 6)]
    worth = sum(_BLANK_VALUE if t.is_double and t.low == 0 else t.pips for t in kept)
    limit = HUNDRED_LIMIT[1] if view.rules.draws else HUNDRED_LIMIT[0]
    return worth < limit


class _SeededBot:
    """A bot with its own seeded generator, choosing among a view's legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def _moves(view: SeatView) -> tuple[Move, ...]:
        moves = view.moves
        if not moves:
            raise ValueError(f"seat {view.seat} has no placement to choose: it is not its turn")
        return moves


class RandomBot(_SeededBot):
    """Plays a uniformly random legal move (several doubles included, where the game has them)."""

    name = "random"

    def choose(self, view: SeatView) -> Move:
        """A uniformly random legal move."""
        moves = self._moves(view)
        return moves[self._rng.randrange(len(moves))]

    def declare_hundred(self, view: SeatView) -> bool:
        """Never declares a voluntary hundred (Sea Goat)."""
        return False


class GreedyBot(_SeededBot):
    """Takes the highest immediate score, then the heaviest move; where nothing scores during
    play, sheds the most pips, then prefers doubles; ties at random (see the module)."""

    name = "greedy"

    def choose(self, view: SeatView) -> Move:
        """The legal move with the best :func:`greedy_key`, ties broken at random."""
        moves = self._moves(view)
        scored = [(greedy_key(view, m), m) for m in moves]
        best = max(key for key, _ in scored)
        choices = [m for key, m in scored if key == best]
        return choices[self._rng.randrange(len(choices))] if len(choices) > 1 else choices[0]

    def declare_hundred(self, view: SeatView) -> bool:
        """Declares a voluntary hundred (Sea Goat) when :func:`safe_hundred` says so."""
        return safe_hundred(view)
