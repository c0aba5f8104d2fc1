"""The reference match: hands as sets, turns, knocks, blocks, scoring, settlement and the target.

Rules it models (``shared/RULES.md``, "Passing, blocking, end of hand", "Settlement", "Winning"):

- Seats 0..3 play clockwise from the leader. A seat that can place must place; a seat that
  cannot knocks. The hand is blocked when no seat can place (nobody has emptied a hand yet).
- Placing the last tile of a hand ends it: a domino, that seat is the finisher.
- After each placement, a counted total that is a positive multiple of five scores exactly that
  many points for the placing seat's partnership (seats 0, 2 -> partnership 0; 1, 3 -> 1).
- Reaching or passing the target on a scoring placement ends the match at once: no settlement,
  even if that placement was the seat's last tile.
- Otherwise, after a domino or a block, each seat's remaining pips are rounded on their own to
  the nearest multiple of five (remainder 1, 2 down; 3, 4 up) and subtracted from its
  partnership. Scores may go below zero.
- The finisher leads the next hand; after a block a lot decides (any seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tests.reference.layout import RefIllegal, RefLayout, Tile, parse_play, tile_text

__all__ = ["RefHandEnd", "RefMatch", "RefResult", "round_seat"]


def round_seat(pips: int) -> int:
    """One seat's remaining pips rounded to the nearest five, written out as the rule says."""
    remainder = pips % 5
    if remainder in (1, 2):
        return pips - remainder
    if remainder in (3, 4):
        return pips + (5 - remainder)
    return pips


class RefHandEnd(Enum):
    DOMINO = "domino"
    BLOCKED = "blocked"
    TARGET = "target"


@dataclass
class RefResult:
    end: RefHandEnd
    finisher: int | None
    pips: list[int] | None
    deductions: list[int] | None
    scores: list[int]


@dataclass
class RefMatch:
    """A match as a plain state machine driven by :meth:`start_hand` and :meth:`play`."""

    target: int = 250
    scores: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[set[Tile]] = field(default_factory=list)
    layout: RefLayout = field(default_factory=RefLayout)
    turn: int | None = None
    winner: int | None = None
    events: list[tuple[object, ...]] = field(default_factory=list)
    results: list[RefResult] = field(default_factory=list)
    hand_number: int = -1
    saved: list[tuple[list[set[Tile]], list[int], int, int, int]] = field(default_factory=list)

    def required_leader(self) -> int | None:
        """The seat that must lead the next hand (the last finisher), or None for a lot."""
        if self.results and self.results[-1].end is RefHandEnd.DOMINO:
            return self.results[-1].finisher
        return None

    def start_hand(self, deal: list[list[Tile]], leader: int) -> None:
        assert self.winner is None and self.turn is None
        assert sorted(t for hand in deal for t in hand) == sorted(
            (a, b) for a in range(7) for b in range(a, 7)
        ), "a deal is the whole set"
        assert all(len(hand) == 7 for hand in deal)
        required = self.required_leader()
        assert required is None or leader == required, "the finisher leads"
        self.hand_number += 1
        self.hands = [set(hand) for hand in deal]
        self.layout = RefLayout()
        self.events = []
        self.saved = []
        self.turn = leader

    def legal_plays(self) -> set[str]:
        if self.turn is None or self.winner is not None:
            return set()
        return self.layout.legal_plays(self.hands[self.turn])

    def can_place(self, seat: int) -> bool:
        return bool(self.layout.legal_plays(self.hands[seat]))

    def classify(self, play: str) -> str | None:
        """The first rule ``play`` breaks now, or None if it is legal."""
        if self.winner is not None:
            return "match_over"
        if self.turn is None:
            return "hand_over"
        if parse_play(play)[0] not in self.hands[self.turn]:
            return "not_in_hand"
        try:
            self.layout.check(play)
        except RefIllegal as err:
            return err.kind
        return None

    def play(self, play: str) -> tuple[int, int, int]:
        """Place ``play`` for the seat to play; return ``(seat, ends_total, points)``."""
        assert self.turn is not None and self.winner is None
        assert play in self.legal_plays(), play
        seat = self.turn
        tile = parse_play(play)[0]
        self.saved.append(
            ([set(h) for h in self.hands], list(self.scores), seat, len(self.events), len(self.results))
        )
        self.hands[seat].remove(tile)
        total = self.layout.place(play)
        points = total if total > 0 and total % 5 == 0 else 0
        self.events.append(("placement", seat, play, total, points))
        team = seat % 2
        self.scores[team] += points
        if points and self.scores[team] >= self.target:
            self.winner = team
            self.turn = None
            self.results.append(RefResult(RefHandEnd.TARGET, None, None, None, list(self.scores)))
            return seat, total, points
        if not self.hands[seat]:
            self._settle(RefHandEnd.DOMINO, seat)
            return seat, total, points
        values = sorted({value for _, _, value in self.layout.connection_points()})
        for step in (1, 2, 3, 4):
            nxt = (seat + step) % 4
            if self.can_place(nxt):
                for knocker in range(1, step):
                    self.events.append(("knock", (seat + knocker) % 4, tuple(values)))
                self.turn = nxt
                return seat, total, points
        self._settle(RefHandEnd.BLOCKED, None)
        return seat, total, points

    def undo(self) -> str:
        """Take back the last play of the current hand (and what followed it); return it."""
        hands, scores, turn, n_events, n_results = self.saved.pop()
        self.hands = hands
        self.scores = scores
        self.turn = turn
        del self.events[n_events:]
        del self.results[n_results:]
        self.winner = None
        return self.layout.unplace()

    def _settle(self, end: RefHandEnd, finisher: int | None) -> None:
        pips = [sum(a + b for a, b in hand) for hand in self.hands]
        deductions = [round_seat(p) for p in pips]
        for seat in range(4):
            self.scores[seat % 2] -= deductions[seat]
        self.turn = None
        self.results.append(RefResult(end, finisher, pips, deductions, list(self.scores)))

    def hand_texts(self) -> list[list[str]]:
        return [sorted(tile_text(t) for t in hand) for hand in self.hands]
