"""The ``expert`` bot: the heuristics a strong human player uses, with documented weights.

Each legal placement gets a value, in raw points (the unit of the score), and the bot plays
the best one (ties at random). The value adds these terms; ``WEIGHTS`` holds their weights:

``now`` (1.0)
    The points the placement scores at once. Reaching the target with it wins the match:
    ``win`` (1000) is added.
``threat`` (0.8)
    What it leaves for the next opponent: the expected best score that seat can make on the
    new layout with the tiles it may still hold (unseen tiles, minus the values its knocks
    prove it lacks), each held with probability ``its tile count / tile counts of every seat
    that may hold it``. The best response is counted, weighted by the chance that no better
    one is held. Counted ``near_target`` (3.0) times when that score would take the other side
    to the target.
``second`` (0.3)
    The same threat from the other opponent (it plays after the partner; less certain).
``partner`` (0.3)
    The expected best score the partner can make on the new layout (a chance we leave open).
``knock_opp`` (4.0), ``knock_partner`` (3.0), ``knock_self`` (3.0)
    The chance the next opponent must knock on the new layout (it holds no tile of any open
    value: close the opponents' suits), minus the same for the partner (keep the partner's
    suits open) and a penalty when we keep tiles but none fits the new layout.
``partner_suit`` (0.5), ``opp_suit`` (0.5)
    Per open connection point of a value the partner has shown (played) and no knock of the
    partner's denies, and minus per point of a value an opponent has shown.
``flex`` (0.4)
    Per tile we keep that fits the new layout: options for our next turn.
``pips`` (0.1) and ``shed`` (0.6)
    Per pip of the tile placed: always a little (heavy tiles cost most at settlement), and
    ``shed`` more per pip as a domino nears — scaled from 0 when every hand holds 5 or more
    tiles to 1 when some hand holds a single tile (ours after this placement included).
``domino`` (4.0)
    Placing our last tile ends the hand and makes the others pay their pips.
``double`` (1.5)
    Placing a double: doubles join one value only and are the tiles most often left stranded.
``spinner`` (0.8)
    Making the spinner (the hand's first double) pays per tile we keep of its value beyond 1.5
    (we can feed its four arms), and costs when we hold fewer.
``stranded`` (2.0)
    Per double we keep whose value has at most one other tile still out of the layout.

The bot reads only its :class:`~sevenrocks.core.view.SeatView`; the layout arithmetic is the
engine's (:meth:`Layout.ends_total_after <sevenrocks.core.layout.Layout.ends_total_after>`).

``expert`` is a Seven Rocks specialist: its terms assume four seats in partnerships, a spinner and
fives. It plays no other game: :func:`~sevenrocks.bots.registry.make_bot` refuses it for another
game (:data:`ExpertBot.games`), and :meth:`ExpertBot.choose` refuses a view of another game with a
:class:`ValueError` naming the bots that play every game (``greedy``, ``random``).

>>> from sevenrocks.core import Match
>>> match = Match(seed=2)
>>> match.start_hand()
>>> bot = ExpertBot(seed=1)
>>> bot.choose(match.view(match.turn)) in match.legal_plays()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from sevenrocks.bots.base import BotOptionError
from sevenrocks.core.events import Placement
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import PLAY_TABLE, Play
from sevenrocks.core.scoring import placement_points
from sevenrocks.core.tiles import SUIT_MASKS, TILES, tiles_of_mask
from sevenrocks.core.view import SeatView

__all__ = ["WEIGHTS", "ExpertBot"]

#: The weights of the terms (see the module documentation).
WEIGHTS: Final[Mapping[str, float]] = {
    "now": 1.0,
    "win": 1000.0,
    "threat": 0.8,
    "near_target": 3.0,
    "second": 0.3,
    "partner": 0.3,
    "knock_opp": 4.0,
    "knock_partner": 3.0,
    "knock_self": 3.0,
    "partner_suit": 0.5,
    "opp_suit": 0.5,
    "flex": 0.4,
    "pips": 0.1,
    "shed": 0.6,
    "domino": 4.0,
    "double": 1.5,
    "spinner": 0.8,
    "stranded": 2.0,
}


def _playable_mask(layout: Layout) -> int:
    return layout.playable_mask if not layout.is_empty else (1 << len(TILES)) - 1


class ExpertBot:
    """Heuristic play from the seat's view (see the module documentation for the terms).

    ``weights`` overrides some of :data:`WEIGHTS` by name.
    """

    name = "expert"
    #: The games this bot plays (the registry refuses it for any other).
    games: tuple[str, ...] = ("seven-rocks",)

    def __init__(self, seed: int | None = None, *, weights: Mapping[str, float] | None = None) -> None:
        self._rng = random.Random(seed)
        self.weights = dict(WEIGHTS)
        for key, value in (weights or {}).items():
            if key not in WEIGHTS:
                raise BotOptionError(f"expert: unknown weight {key!r}: choose from {', '.join(WEIGHTS)}")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BotOptionError(f"expert: weight {key!r} must be a number, not {value!r}")
            self.weights[key] = float(value)

    def choose(self, view: SeatView) -> Play:
        """The legal placement with the highest heuristic value, ties broken at random."""
        if view.rules.game not in self.games:
            raise ValueError(
                f"expert plays only Seven Rocks, not {view.rules.game}: use greedy or random in that game"
            )
        plays = view.legal_plays
        if not plays:
            raise ValueError(f"seat {view.seat} has no placement to choose: it is not its turn")
        if len(plays) == 1:
            return plays[0]
        scored = [(self.evaluate(view, p), p) for p in plays]
        best = max(v for v, _ in scored)
        choices = [p for v, p in scored if v >= best - 1e-9]
        return choices[self._rng.randrange(len(choices))] if len(choices) > 1 else choices[0]

    # -------------------------------------------------------------------- terms
    def evaluate(self, view: SeatView, play: Play) -> float:
        """The heuristic value of ``play`` in ``view``, in raw points."""
        return sum(self.terms(view, play).values())

    def terms(self, view: SeatView, play: Play) -> dict[str, float]:
        """Each weighted term of ``play``'s value (for explanations and tuning)."""
        w = self.weights
        me = view.seat
        team = me & 1
        nxt, partner, last = (me + 1) % 4, (me + 2) % 4, (me + 3) % 4
        layout = view.layout.copy()
        now = placement_points(layout.place(play))
        counts = list(view.tile_counts)
        counts[me] -= 1
        my_hand = view.hand_mask & ~play.tile.bit
        possible = [0 if s == me else view.possible_mask(s) for s in range(4)]
        voids = view.void_values()
        out: dict[str, float] = {"now": w["now"] * now}
        if now and view.target is not None and view.scores[team] + now >= view.target:
            out["win"] = w["win"]
            return out
        if not my_hand:
            out["domino"] = w["domino"]
        held = self._hold_probabilities(possible, counts)
        playable = _playable_mask(layout)
        threat, p_target = self._best_response(view, layout, nxt, possible, held, 1 - team)
        out["threat"] = -w["threat"] * threat - w["near_target"] * w["threat"] * p_target
        second, p_target2 = self._best_response(view, layout, last, possible, held, 1 - team)
        out["second"] = -w["second"] * (second + w["near_target"] * p_target2)
        chance, _ = self._best_response(view, layout, partner, possible, held, team)
        out["partner"] = w["partner"] * chance
        if counts[nxt]:
            out["knock_opp"] = w["knock_opp"] * self._knock_chance(possible[nxt] & playable, held[nxt])
        if counts[partner]:
            p_knock = self._knock_chance(possible[partner] & playable, held[partner])
            out["knock_partner"] = -w["knock_partner"] * p_knock
        if my_hand and not my_hand & playable:
            out["knock_self"] = -w["knock_self"]
        shown = self._shown_values(view)
        values = layout.point_values
        out["suits"] = w["partner_suit"] * sum(
            1 for v in values if v in shown[partner] and v not in voids[partner]
        ) - w["opp_suit"] * sum(1 for v in values if v in shown[nxt] | shown[last])
        out["flex"] = w["flex"] * (my_hand & playable).bit_count()
        urgency = max(0.0, min(1.0, (5 - min(counts)) / 4))
        out["pips"] = (w["pips"] + w["shed"] * urgency) * play.tile.pips
        if play.tile.is_double:
            out["double"] = w["double"]
            if layout.spinner is play.tile and view.layout.spinner is None:
                value = play.tile.low
                out["spinner"] = w["spinner"] * ((my_hand & SUIT_MASKS[value]).bit_count() - 1.5)
        out_of_layout = ~layout.mask
        stranded = 0
        for tile in tiles_of_mask(my_hand):
            if tile.is_double:
                others = SUIT_MASKS[tile.low] & out_of_layout & ~tile.bit
                if others.bit_count() <= 1:
                    stranded += 1
        out["stranded"] = -w["stranded"] * stranded
        return out

    @staticmethod
    def _hold_probabilities(possible: list[int], counts: list[int]) -> list[dict[int, float]]:
        """Per seat, tile index -> chance the seat holds it (its share of the possible holders)."""
        held: list[dict[int, float]] = [{}, {}, {}, {}]
        for t in range(len(TILES)):
            holders = [s for s in range(4) if (possible[s] >> t) & 1 and counts[s] > 0]
            room = sum(counts[s] for s in holders)
            for s in holders:
                held[s][t] = counts[s] / room
        return held

    @staticmethod
    def _knock_chance(fitting: int, held: dict[int, float]) -> float:
        chance = 1.0
        for tile in tiles_of_mask(fitting):
            chance *= 1.0 - held.get(tile.index, 0.0)
        return chance

    def _best_response(
        self,
        view: SeatView,
        layout: Layout,
        seat: int,
        possible: list[int],
        held: list[dict[int, float]],
        side: int,
    ) -> tuple[float, float]:
        """Expected best immediate score of ``seat`` on ``layout``, and the chance it reaches the target."""
        if seat == view.seat or layout.is_empty:
            return 0.0, 0.0
        fitting = possible[seat] & layout.playable_mask
        if not fitting:
            return 0.0, 0.0
        options: list[tuple[int, float]] = []
        points = layout.points
        for tile in tiles_of_mask(fitting):
            best = 0
            for point in points:
                response = PLAY_TABLE[tile.index * 168 + point.id]
                if response is not None:
                    best = max(best, placement_points(layout.ends_total_after(response)))
            if best:
                options.append((best, held[seat].get(tile.index, 0.0)))
        options.sort(reverse=True)
        expected = 0.0
        reach = 0.0
        none_better = 1.0
        need = (view.target if view.target is not None else 1 << 30) - view.scores[side]
        for pts, p in options:
            expected += pts * p * none_better
            if pts >= need:
                reach += p * none_better
            none_better *= 1.0 - p
        return expected, reach

    @staticmethod
    def _shown_values(view: SeatView) -> list[set[int]]:
        """Per seat, the values of the tiles it has placed this hand (suits it has shown)."""
        shown: list[set[int]] = [set(), set(), set(), set()]
        for event in view.events:
            if isinstance(event, Placement):
                for tile in event.play.tiles:
                    shown[event.seat].update((tile.low, tile.high))
        return shown
