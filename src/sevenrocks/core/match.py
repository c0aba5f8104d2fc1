"""A match of Seven Rocks: deals, turns and knocks, scoring, settlement and the target.

>>> match = Match(seed=7)
>>> match.start_hand()
>>> match.hand_number, match.turn == match.leader, len(match.hand(match.turn))
(0, True, 7)
>>> placement = match.push(match.legal_plays()[0])
>>> match.pop() == placement.play, len(match.layout)
(True, 0)

A hand from a known deal, as in the conformance scripts:

>>> deal = [["0-1", "0-5", "1-4", "1-5", "2-5", "4-5", "5-6"],
...         ["0-4", "1-1", "1-3", "2-2", "2-6", "3-5", "6-6"],
...         ["0-0", "0-6", "1-6", "2-3", "3-4", "3-6", "4-4"],
...         ["0-2", "0-3", "1-2", "2-4", "3-3", "4-6", "5-5"]]
>>> match = Match()
>>> match.start_hand([[Tile.parse(t) for t in hand] for hand in deal], leader=1)
>>> match.push_notation("0-4"), match.push_notation("0-6@0-4:low")
(Placement(seat=1, play=Play.parse('0-4'), ends_total=4, points=0), \
Placement(seat=2, play=Play.parse('0-6@0-4:low'), ends_total=10, points=10))
>>> match.scores
(10, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Final

from sevenrocks.core.errors import (
    DealError,
    EmptyHistoryError,
    HandInProgressError,
    HandOverError,
    LeaderError,
    MatchOverError,
    NotInHandError,
    SevenRocksError,
)
from sevenrocks.core.events import Event, HandEnd, HandLog, HandResult, Knock, Placement
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import OPENINGS, PLAY_TABLE, POINT_VALUE, Play
from sevenrocks.core.scoring import DEFAULT_TARGET, round_pips
from sevenrocks.core.tables import OPTIONS, SUIT_OF_POINT
from sevenrocks.core.tiles import NUM_SEATS, TILES, Tile, mask_of, tiles_of_mask

if TYPE_CHECKING:
    from sevenrocks.core.view import SeatView

__all__ = ["Match", "Phase", "deal_tiles"]

_FULL_SET: Final = (1 << len(TILES)) - 1
_PIPS: Final = tuple(t.pips for t in TILES)
HAND_SIZE: Final = 7


class Phase(Enum):
    """Where a match stands."""

    WAITING = "waiting"
    """No hand is being played: before the first deal, or between hands."""
    PLAYING = "playing"
    """A hand is in progress and :attr:`Match.turn` is the seat to place."""
    OVER = "over"
    """A partnership reached the target."""


def deal_tiles(rng: random.Random) -> tuple[tuple[Tile, ...], ...]:
    """Shuffle the 28 tiles with ``rng`` and deal seven to each seat (each hand sorted)."""
    order = list(range(len(TILES)))
    rng.shuffle(order)
    return tuple(
        tuple(TILES[t] for t in sorted(order[HAND_SIZE * s : HAND_SIZE * (s + 1)])) for s in range(NUM_SEATS)
    )


def _pips_of(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _PIPS[low.bit_length() - 1]
        mask ^= low
    return total


class Match:
    """A match between two partnerships (seats 0 and 2 against seats 1 and 3).

    Deals and lots come from ``rng`` (or ``random.Random(seed)``), so a match is reproducible
    from its seed. Change the position with :meth:`push` and take plays back with :meth:`pop`;
    give bots :meth:`view` of a seat, never the match itself.
    """

    __slots__ = (
        "_dealt",
        "_events",
        "_hand_index",
        "_hands",
        "_layout",
        "_leader",
        "_logs",
        "_results",
        "_rng",
        "_scores",
        "_turn",
        "_undo",
        "_winner",
        "seed",
        "target",
    )

    def __init__(
        self,
        *,
        target: int = DEFAULT_TARGET,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise SevenRocksError(f"the target must be a positive whole number of points, not {target!r}")
        self.target = target
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._scores = [0, 0]
        self._hands = [0, 0, 0, 0]
        self._dealt = [0, 0, 0, 0]
        self._layout = Layout()
        self._turn = -1
        self._leader = -1
        self._events: list[Event] = []
        self._undo: list[tuple[int, int, int, tuple[int, int] | None, bool]] = []
        self._results: list[HandResult] = []
        self._logs: list[HandLog] = []
        self._hand_index = -1
        self._winner: int | None = None

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> Phase:
        """Whether a hand is being played, the match waits for a deal, or it is over."""
        if self._winner is not None:
            return Phase.OVER
        return Phase.PLAYING if self._turn >= 0 else Phase.WAITING

    @property
    def is_over(self) -> bool:
        """True once a partnership has reached the target."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The winning partnership (0: seats 0 and 2; 1: seats 1 and 3), or ``None``."""
        return self._winner

    @property
    def scores(self) -> tuple[int, int]:
        """The two partnership scores in raw points (they may be below zero)."""
        return (self._scores[0], self._scores[1])

    @property
    def hand_number(self) -> int:
        """The 0-based index of the current (or last) hand; -1 before the first deal."""
        return self._hand_index

    @property
    def turn(self) -> int | None:
        """The seat to place now, or ``None`` when no hand is in progress.

        Knocks are forced, so the seat to place always has a legal placement.
        """
        return self._turn if self._turn >= 0 else None

    @property
    def leader(self) -> int | None:
        """The seat that led the current (or last) hand."""
        return self._leader if self._leader >= 0 else None

    @property
    def layout(self) -> Layout:
        """The current hand's layout (read it; change the position only through the match)."""
        return self._layout

    @property
    def events(self) -> tuple[Event, ...]:
        """The current hand's placements and knocks, in order."""
        return tuple(self._events)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The current hand's placements, in order."""
        return tuple(e for e in self._events if isinstance(e, Placement))

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The finished hands, in order."""
        return tuple(self._results)

    @property
    def history(self) -> tuple[HandLog, ...]:
        """Every hand of the match so far (the current one last, with ``result`` ``None`` while
        it is in progress): deals, leaders, placements and knocks. Records are built from this.
        """
        logs = list(self._logs)
        if self._hand_index >= 0 and len(logs) == self._hand_index:
            result = self._results[-1] if self._turn < 0 and len(self._results) > self._hand_index else None
            logs.append(HandLog(self._deal_tuple(), self._leader, tuple(self._events), result))
        return tuple(logs)

    def _deal_tuple(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tiles_of_mask(m) for m in self._dealt)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now."""
        return tiles_of_mask(self._hands[_seat(seat)])

    def dealt(self, seat: int) -> tuple[Tile, ...]:
        """The seven tiles ``seat`` was dealt this hand."""
        return tiles_of_mask(self._dealt[_seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """Bitmask of the tiles ``seat`` holds now."""
        return self._hands[seat]

    @property
    def hand_ended(self) -> HandEnd | None:
        """How the last hand ended, if no hand is in progress and one has been played."""
        if self._turn >= 0 or not self._results:
            return None
        return self._results[-1].end

    # --------------------------------------------------------------- dealing
    def next_leader(self) -> int | None:
        """The seat that must lead the next hand, or ``None`` when it is drawn by lot."""
        if self._results and self._results[-1].end is HandEnd.DOMINO:
            return self._results[-1].finisher
        return None

    def start_hand(self, deal: Sequence[Sequence[Tile]] | None = None, leader: int | None = None) -> None:
        """Deal the next hand and set its leader.

        With no ``deal`` the tiles are shuffled by the match's generator. With no ``leader``
        the previous hand's finisher leads after a domino; otherwise a neutral lot decides.
        A ``leader`` that contradicts the finisher raises :class:`LeaderError`.
        """
        hand_index = self._hand_index + 1
        if self._winner is not None:
            raise MatchOverError(
                f"the match is over: partnership {self._winner} reached {self.target}",
                hand=hand_index,
            )
        if self._turn >= 0:
            raise HandInProgressError(
                f"hand {self._hand_index} is still in progress: it must end before the next deal",
                hand=hand_index,
            )
        if deal is None:  # a deal of our own needs no checking
            masks = tuple(mask_of(tiles) for tiles in deal_tiles(self._rng))
        else:
            masks = _check_deal(deal, hand_index)
        required = self.next_leader()
        if leader is not None:
            if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < NUM_SEATS:
                raise LeaderError(f"the leader must be a seat 0..3, not {leader!r}", hand=hand_index)
            if required is not None and leader != required:
                raise LeaderError(
                    f"seat {required} dominoed the previous hand and must lead, not seat {leader}",
                    hand=hand_index,
                )
        elif required is not None:
            leader = required
        else:
            leader = self.lot()
        if self._hand_index >= 0:
            self._logs.append(
                HandLog(self._deal_tuple(), self._leader, tuple(self._events), self._results[-1])
            )
        self._hand_index = hand_index
        self._hands = list(masks)
        self._dealt = list(masks)
        self._layout = Layout()
        self._events = []
        self._undo = []
        self._leader = leader
        self._turn = leader

    def lot(self) -> int:
        """Draw a seat by neutral lot (uniformly at random) from the match's generator."""
        return self._rng.randrange(NUM_SEATS)

    # ------------------------------------------------------------------ plays
    def legal_plays(self) -> list[Play]:
        """Every legal placement for the seat to play, ordered by tile then connection point.

        Empty when no hand is in progress.
        """
        seat = self._turn
        if seat < 0:
            return []
        hand = self._hands[seat]
        layout = self._layout
        if not layout._placed:
            return [OPENINGS[t.index] for t in tiles_of_mask(hand)]
        # per open point, the placements of the hand's tiles of its suit (one table lookup)
        choices: tuple[int, ...] = ()
        merged = False
        for pid in layout._points:
            tiles = hand & SUIT_OF_POINT[pid]
            if tiles:
                merged = bool(choices)
                choices += OPTIONS[tiles << 8 | pid]
        return [PLAY_TABLE[c] for c in (sorted(choices) if merged else choices)]  # type: ignore[misc]

    def is_legal(self, play: Play) -> bool:
        """True if ``play`` may be placed now by the seat to play."""
        seat = self._turn
        return (
            seat >= 0
            and (self._hands[seat] >> play.tile.index) & 1 == 1
            and self._layout._fast_pid(play) is not None
        )

    def check(self, play: Play) -> None:
        """Raise the error ``play`` would raise in :meth:`push`, without placing it."""
        self._validate(play)

    def _validate(self, play: Play) -> int:
        seat = self._turn
        if seat >= 0 and (self._hands[seat] >> play.tile.index) & 1:  # (no turn once the match is won)
            pid = self._layout._fast_pid(play)
            if pid is not None:
                return pid
        # not legal: find the rule it breaks
        where = {"hand": self._hand_index, "play": len(self._undo)}
        if self._winner is not None:
            raise MatchOverError(
                f"{play}: the match is over: partnership {self._winner} reached {self.target}",
                **where,
            )
        seat = self._turn
        if seat < 0:
            if self._hand_index < 0:  # no position to name yet
                raise HandOverError(f"{play}: no hand has been dealt yet: deal one with start_hand()")
            ended = self._results[-1]
            how = f"seat {ended.finisher} dominoed" if ended.end is HandEnd.DOMINO else "it is blocked"
            raise HandOverError(f"{play}: hand {self._hand_index} has ended ({how})", **where)
        if not (self._hands[seat] >> play.tile.index) & 1:
            raise NotInHandError(f"tile {play.tile} is not in seat {seat}'s hand", **where)
        pid = self._layout._fast_pid(play)
        if pid is None:
            try:
                self._layout.check(play)
            except SevenRocksError as err:
                raise err.at(**where) from None
            raise SevenRocksError(f"{play} is not legal", **where)  # pragma: no cover
        return pid

    def push(self, play: Play) -> Placement:
        """Place ``play`` for the seat to play; then knocks, a domino, a block or the target follow.

        Raises an :class:`~sevenrocks.core.errors.IllegalPlayError` (or another
        :class:`SevenRocksError`) and changes nothing if the play is not legal now.
        """
        pid = self._validate(play)
        return self._apply(self._turn, play.tile.index, pid)

    def push_notation(self, text: str) -> Placement:
        """Parse ``text`` (``3-4`` or ``3-4@4-4:B``) and push it."""
        try:
            play = Play.parse(text)
        except SevenRocksError as err:
            raise err.at(hand=self._hand_index, play=len(self._undo)) from None
        return self.push(play)

    def push_action(self, tile_index: int, pid: int) -> Placement:
        """Push tile ``tile_index`` on point id ``pid`` (-1: the opening) with no legality check.

        The fast path for search and simulation, whose callers generated the play themselves.
        """
        return self._apply(self._turn, tile_index, pid)

    def _apply(self, seat: int, t: int, pid: int) -> Placement:
        layout = self._layout
        total = layout.place_ids(t, pid)
        self._hands[seat] ^= 1 << t
        points = total if total > 0 and total % 5 == 0 else 0
        play = OPENINGS[t] if pid < 0 else PLAY_TABLE[t * 168 + pid]
        placement = Placement(seat, play, total, points)  # type: ignore[arg-type]
        n_events = len(self._events)
        self._events.append(placement)
        if points:
            team = seat & 1
            self._scores[team] += points
            if self._scores[team] >= self.target:
                self._winner = team
                self._finish(HandEnd.TARGET, None, n_events, seat, points, None)
                return placement
        hands = self._hands
        if not hands[seat]:
            self._finish(HandEnd.DOMINO, seat, n_events, seat, points, self._settle())
            return placement
        playable = 0
        points_ids = layout._points
        for p in points_ids:
            playable |= SUIT_OF_POINT[p]
        nxt = (seat + 1) & 3
        if hands[nxt] & playable:
            self._turn = nxt
        else:
            knockers = [nxt]
            for step in (2, 3, 4):
                s = (seat + step) & 3
                if hands[s] & playable:
                    self._turn = s
                    values = tuple(sorted({POINT_VALUE[p] for p in points_ids}))
                    self._events.extend(Knock(k, values) for k in knockers)
                    break
                knockers.append(s)
            else:
                self._finish(HandEnd.BLOCKED, None, n_events, seat, points, self._settle())
                return placement
        self._undo.append((seat, n_events, points, None, False))
        return placement

    def _settle(self) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int]]:
        pips = tuple(_pips_of(m) for m in self._hands)
        deductions = tuple(round_pips(p) for p in pips)
        loss = (deductions[0] + deductions[2], deductions[1] + deductions[3])
        self._scores[0] -= loss[0]
        self._scores[1] -= loss[1]
        return pips, deductions, loss  # type: ignore[return-value]

    def _finish(
        self,
        end: HandEnd,
        finisher: int | None,
        n_events: int,
        seat: int,
        points: int,
        settlement: tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int]] | None,
    ) -> None:
        self._turn = -1
        if settlement is None:
            pips = deductions = None
            loss = None
            hands = None
        else:
            pips, deductions, loss = settlement
            hands = tuple(tiles_of_mask(m) for m in self._hands)
        self._results.append(
            HandResult(end, finisher, pips, deductions, (self._scores[0], self._scores[1]), hands)
        )
        self._undo.append((seat, n_events, points, loss, True))

    def pop(self) -> Play:
        """Take back the last placement of the current hand (and what followed it); return it."""
        if not self._undo:
            raise EmptyHistoryError(
                "there is no placement of the current hand to take back",
                hand=self._hand_index if self._hand_index >= 0 else None,
            )
        seat, n_events, points, loss, ended = self._undo.pop()
        play = self._layout.unplace()
        del self._events[n_events:]
        self._hands[seat] |= 1 << play.tile.index
        if points:
            self._scores[seat & 1] -= points
        if ended:
            self._results.pop()
            self._winner = None
            if loss is not None:
                self._scores[0] += loss[0]
                self._scores[1] += loss[1]
        self._turn = seat
        return play

    # ------------------------------------------------------------ views, copies
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own tiles and everything public, nothing else."""
        from sevenrocks.core.view import SeatView

        seat = _seat(seat)
        my_turn = self._turn == seat
        return SeatView(
            seat=seat,
            hand=tiles_of_mask(self._hands[seat]),
            layout=self._layout.copy(),
            events=tuple(self._events),
            tile_counts=tuple(m.bit_count() for m in self._hands),  # type: ignore[arg-type]
            scores=self.scores,
            target=self.target,
            hand_number=self._hand_index,
            leader=self.leader,
            turn=self.turn,
            legal_plays=tuple(self.legal_plays()) if my_turn else (),
            results=tuple(self._results),
        )

    def copy(self, *, stack: bool = True) -> Match:
        """An independent copy; with ``stack=False`` the copy cannot :meth:`pop` past this point."""
        new = Match.__new__(Match)
        new.target = self.target
        new.seed = self.seed
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        new._rng = rng
        new._scores = self._scores.copy()
        new._hands = self._hands.copy()
        new._dealt = self._dealt.copy()
        new._layout = self._layout.copy()
        new._turn = self._turn
        new._leader = self._leader
        new._events = self._events.copy()
        new._undo = self._undo.copy() if stack else []
        new._results = self._results.copy()
        new._logs = self._logs.copy()
        new._hand_index = self._hand_index
        new._winner = self._winner
        return new

    @classmethod
    def from_view(cls, view: SeatView, hands: Mapping[int, Iterable[Tile]]) -> Match:
        """A match at ``view``'s position, with the other seats holding ``hands`` (a guess).

        ``hands`` gives the tiles each other seat holds now; together with the view's own
        hand and the layout they must be the whole set, in the counts the view shows. Used by
        search bots to play out sampled deals. The result cannot :meth:`pop` past this point.
        """
        masks = [0, 0, 0, 0]
        for tile in view.hand:
            masks[view.seat] |= tile.bit
        for seat, tiles in hands.items():
            if seat == view.seat:
                continue
            for tile in tiles:
                masks[_seat(seat)] |= tile.bit
        layout_mask = view.layout.mask
        total = layout_mask
        for seat, mask in enumerate(masks):
            if mask.bit_count() != view.tile_counts[seat]:
                raise DealError(
                    f"seat {seat} holds {view.tile_counts[seat]} tiles, not {mask.bit_count()}",
                    hand=view.hand_number,
                )
            if total & mask:
                raise DealError(f"the hands given for seat {seat} repeat a tile", hand=view.hand_number)
            total |= mask
        if total != _FULL_SET:
            raise DealError("the hands given and the layout are not the whole set", hand=view.hand_number)
        match = cls(target=view.target)
        match._scores = list(view.scores)
        match._hands = masks
        dealt = masks.copy()
        for event in view.events:
            if isinstance(event, Placement):
                dealt[event.seat] |= event.play.tile.bit
        match._dealt = dealt
        match._layout = view.layout.copy()
        match._turn = view.turn if view.turn is not None else -1
        match._leader = view.leader if view.leader is not None else -1
        match._events = list(view.events)
        match._results = list(view.results)
        match._logs = []
        match._hand_index = view.hand_number
        return match

    def __repr__(self) -> str:
        return (
            f"<Match hand {self._hand_index} {self.phase.value}, turn {self.turn}, "
            f"scores {self._scores[0]}-{self._scores[1]}, target {self.target}>"
        )


def _seat(seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_SEATS:
        raise SevenRocksError(f"a seat is 0, 1, 2 or 3, not {seat!r}")
    return seat


def _check_deal(deal: Sequence[Sequence[Tile]], hand: int) -> tuple[int, int, int, int]:
    if not isinstance(deal, Sequence) or isinstance(deal, str) or len(deal) != NUM_SEATS:
        raise DealError("a deal gives the tiles of exactly four seats", hand=hand)
    masks = [0, 0, 0, 0]
    owner: dict[int, int] = {}
    for seat, tiles in enumerate(deal):
        if not isinstance(tiles, Sequence) or isinstance(tiles, str):
            raise DealError(f"seat {seat}'s tiles must be a list of tiles", hand=hand)
        if len(tiles) != HAND_SIZE:
            raise DealError(f"seat {seat} is dealt {len(tiles)} tiles, not {HAND_SIZE}", hand=hand)
        for tile in tiles:
            if not isinstance(tile, Tile):
                raise DealError(f"seat {seat} is dealt {tile!r}, which is not a tile", hand=hand)
            if tile.index in owner:
                first = owner[tile.index]
                which = f"seats {first} and {seat}" if first != seat else f"seat {seat}, twice"
                raise DealError(f"tile {tile} is dealt twice ({which})", hand=hand)
            owner[tile.index] = seat
            masks[seat] |= tile.bit
    return masks[0], masks[1], masks[2], masks[3]
