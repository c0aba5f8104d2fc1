"""A match of any game of the family: deals, leads, turns, draws and knocks, scoring, settlement.

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

Every other game of the family is the same API (``sevenrocks.core.games``):

>>> kozel = Match("kozel", seats=2, seed=3)
>>> kozel.start_hand()
>>> len(kozel.hand(0)), kozel.boneyard_size, kozel.rules.reserve
(7, 14, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Final

from sevenrocks.core.deal import check_deal, deal, first_in_order, is_goat_misdeal
from sevenrocks.core.errors import (
    DealError,
    EmptyHistoryError,
    HandInProgressError,
    HandOverError,
    LeaderError,
    LeadTileError,
    MatchOverError,
    MoveKindError,
    NotInHandError,
    SeatsError,
    SevenRocksError,
    SeveralDoublesError,
)
from sevenrocks.core.events import Draw, Event, HandEnd, HandLog, HandResult, Knock, Placement
from sevenrocks.core.games import (
    DEFAULT_GAME,
    Boneyard,
    Engine,
    Information,
    Later,
    Ledger,
    Matching,
    Outcome,
    Points,
    Rules,
    Stuck,
    Topology,
    find_game,
)
from sevenrocks.core.games.settlement import HandFacts
from sevenrocks.core.layout import Layout, mark_bits
from sevenrocks.core.matching import SEVEN_FITS, seven_plays
from sevenrocks.core.notation import OPENINGS, PLAY_TABLE, POINT_VALUE, Doubles, Move, Play, parse_move
from sevenrocks.core.tables import OPTIONS, SUIT_OF_POINT
from sevenrocks.core.tiles import TILES, Tile, tiles_of_mask

if TYPE_CHECKING:
    from sevenrocks.core.view import SeatView, Signals

__all__ = ["Match", "Phase", "deal_tiles"]

_FULL_SET: Final = (1 << len(TILES)) - 1
_PIPS: Final = tuple(t.pips for t in TILES)
_FIVES: Final = Points.FIVES
_HEADERS: Final = Points.HEADERS
HAND_SIZE: Final = 7


class Phase(Enum):
    """Where a match stands."""

    WAITING = "waiting"
    """No hand is being played: before the first deal, or between hands."""
    PLAYING = "playing"
    """A hand is in progress and :attr:`Match.turn` is the seat to move."""
    OVER = "over"
    """The match has ended."""


def deal_tiles(rng: random.Random) -> tuple[tuple[Tile, ...], ...]:
    """Shuffle the 28 tiles with ``rng`` and deal seven to each of four seats (each hand sorted)."""
    hands, _ = deal(find_game(DEFAULT_GAME).rules(), rng)
    return tuple(tiles_of_mask(m) for m in hands)


@functools.cache
def _default_rules() -> Rules:
    """Seven Rocks with its default options (built once: ``Match()`` is made for every simulated hand)."""
    return find_game(DEFAULT_GAME).rules()


def _pips_of(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _PIPS[low.bit_length() - 1]
        mask ^= low
    return total


#: What :meth:`Match.pop` restores, pushed after each move: the seat, the events before the move,
#: the tiles placed, the mover's hand before it (all hands where draws can change them), the side
#: and the points the move scored, the boneyard position, draws and seats out before the move
#: (``None`` in games where they cannot change), and, when the move ended the hand, what stood
#: before the hand's end (:data:`_Finish`).
_Undo = tuple[int, int, int, "int | tuple[int, ...]", int, int, "tuple[int, tuple[int, ...], int] | None",
              "_Finish | None"]  # fmt: skip
#: Before a hand's end: the scores, the results, the outcome, the ledger and the hands played.
_Finish = tuple[tuple[int, ...], int, Outcome | None, Ledger | None, int]


class Match:
    """A match of one game of the family (by default Seven Rocks).

    ``game`` is a game id (``"kozel"``, ``"kozel-125"``...) or resolved :class:`Rules`; ``options``
    and ``seats`` apply to an id (``target`` sets the option of that name). Deals and lots come
    from ``rng`` (or ``random.Random(seed)``), so a match is reproducible from its seed. Change
    the position with :meth:`push` and take moves back with :meth:`pop`; give bots :meth:`view`
    of a seat, never the match itself.
    """

    __slots__ = (
        "_at_once",
        "_boneyard",
        "_bpos",
        "_dealt",
        "_draws",
        "_ends_close",
        "_events",
        "_finished",
        "_hand_index",
        "_hands",
        "_hundred",
        "_imposed",
        "_knock_games",
        "_last_mover",
        "_layout",
        "_lead_tile",
        "_leader",
        "_ledger",
        "_logs",
        "_marked",
        "_out",
        "_outcome",
        "_partners",
        "_plain",
        "_plain_fives",
        "_played",
        "_results",
        "_rng",
        "_scores",
        "_simple",
        "_suit",
        "_team_out",
        "_turn",
        "_undo",
        "rules",
        "seed",
    )

    def __init__(
        self,
        game: str | Rules | None = None,
        *,
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        target: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if isinstance(game, Rules):
            rules = game
            if options is not None or seats is not None or target is not None:
                raise SevenRocksError(
                    "give options, seats and target with a game id, not with resolved rules"
                )
            definition = find_game(rules.game)
            if definition.engine is not Engine.LAYOUT:  # another engine's game: refused, naming it
                definition.rules(rules.options, rules.seats)
        elif game is None and options is None and seats is None and target is None:
            rules = _default_rules()  # the common case, without resolving the options again
        else:
            definition = find_game(DEFAULT_GAME if game is None else game)
            if options is not None and not isinstance(options, Mapping):
                definition.resolve(options)  # raises the OptionError that names what options are
            merged = dict(options or {})
            if target is not None:
                if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
                    raise SevenRocksError(
                        f"the target must be a positive whole number of points, not {target!r}"
                    )
                definition.option("target")
                merged["target"] = target
            rules = definition.rules(merged, seats)
        self.rules = rules
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._cache_rules()
        n = rules.seats
        self._scores = [0] * rules.sides
        self._hands = [0] * n
        self._dealt = [0] * n
        self._boneyard: tuple[int, ...] = ()
        self._bpos = 0
        self._draws = [0] * n
        self._out = 0
        self._layout = self._new_layout()
        self._turn = -1
        self._leader = -1
        self._lead_tile = -1
        self._last_mover = -1
        self._hundred = -1
        self._imposed: str | None = None
        self._events: list[Event] = []
        self._undo: list[_Undo] = []
        self._results: list[HandResult] = []
        self._logs: list[HandLog] = []
        self._hand_index = -1
        self._played = 0
        self._outcome: Outcome | None = None
        self._ledger: Ledger | None = Ledger.empty(rules.sides) if rules.settlement.keeps_ledger else None
        self._finished: _Finish | None = None

    def _cache_rules(self) -> None:
        """Keep the rules the hot path asks at every move in the match's own slots."""
        rules = self.rules
        self._knock_games = rules.stuck is Stuck.KNOCK or not rules.draws
        #: only the mover's hand changes (no draws, nobody goes out)
        self._simple = self._knock_games and not rules.team_out
        self._marked = rules.lengthwise or rules.closing
        self._partners = rules.partnerships
        self._plain_fives = rules.points is _FIVES and not getattr(rules.ending, "exact", False)
        self._at_once = rules.ending.at_once
        self._team_out = rules.team_out
        self._ends_close = rules.all_ends_closed
        #: the common case (Seven Rocks, Block, Kozel...), made by :meth:`_apply_plain`: a knocking
        #: game scored by multiples of five, where only the mover's hand changes and an empty
        #: layout never ends a hand
        self._plain = self._simple and self._plain_fives and not self._ends_close
        #: per point id, the tiles that may join it
        self._suit = SEVEN_FITS if rules.matching is Matching.SUM_SEVEN else SUIT_OF_POINT

    def _new_layout(self) -> Layout:
        return Layout.for_rules(self.rules)

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> str:
        """The game's id."""
        return self.rules.game

    @property
    def target(self) -> int | None:
        """The target of the game, where it has one."""
        return self.rules.ending.target

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.rules.seats

    @property
    def phase(self) -> Phase:
        """Whether a hand is being played, the match waits for a deal, or it is over."""
        if self._outcome is not None:
            return Phase.OVER
        return Phase.PLAYING if self._turn >= 0 else Phase.WAITING

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (winning sides, goats), or ``None`` while it goes on."""
        return self._outcome

    @property
    def winner(self) -> int | None:
        """The winning side when exactly one side has won (Seven Rocks: 0 for seats 0 and 2)."""
        return None if self._outcome is None else self._outcome.winner

    @property
    def scores(self) -> tuple[int, ...]:
        """The side scores, in the game's units (Seven Rocks: raw points, possibly below zero)."""
        return tuple(self._scores)

    @property
    def ledger(self) -> Ledger | None:
        """The Goat family's remembered points and eggs (``None`` in other games)."""
        return self._ledger

    @property
    def hand_number(self) -> int:
        """The 0-based index of the current (or last) hand; -1 before the first deal."""
        return self._hand_index

    @property
    def hands_played(self) -> int:
        """The hands finished so far, void deals not counted."""
        return self._played

    @property
    def turn(self) -> int | None:
        """The seat to move now, or ``None`` when no hand is in progress.

        Knocks and draws are forced, so the seat to move always has a legal move.
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
        """The current hand's placements, knocks and draws, in order."""
        return tuple(self._events)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The current hand's placements, in order."""
        return tuple(e for e in self._events if isinstance(e, Placement))

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The finished hands (void deals included), in order."""
        return tuple(self._results)

    @property
    def history(self) -> tuple[HandLog, ...]:
        """Every hand of the match so far (the current one last, with ``result`` ``None`` while
        it is in progress): deals, leaders, moves, knocks and draws. Records are built from this.
        """
        logs = list(self._logs)
        if self._hand_index >= 0 and len(logs) == self._hand_index:
            result = self._results[-1] if self._turn < 0 and len(self._results) > self._hand_index else None
            logs.append(self._current_log(result))
        return tuple(logs)

    def _current_log(self, result: HandResult | None) -> HandLog:
        return HandLog(
            tuple(tiles_of_mask(m) for m in self._dealt),
            self._leader,
            tuple(self._events),
            result,
            tuple(TILES[t] for t in self._boneyard),
            self._hundred if self._hundred >= 0 else None,
            self._imposed,
        )

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now."""
        return tiles_of_mask(self._hands[self._seat(seat)])

    def dealt(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` was dealt this hand."""
        return tiles_of_mask(self._dealt[self._seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """Bitmask of the tiles ``seat`` holds now."""
        return self._hands[seat]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left in the boneyard, in draw order (the reserve last)."""
        return tuple(TILES[t] for t in self._boneyard[self._bpos :])

    @property
    def boneyard_size(self) -> int:
        """How many tiles are left in the boneyard (the reserve included)."""
        return len(self._boneyard) - self._bpos

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn (0 in games without drawing)."""
        if not self.rules.draws:
            return 0
        return max(0, len(self._boneyard) - self.rules.reserve - self._bpos)

    @property
    def draws(self) -> tuple[int, ...]:
        """Per seat, the tiles drawn so far in this hand."""
        return tuple(self._draws)

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that are out (Fives and Threes in partnership), in seat order."""
        return tuple(s for s in range(self.rules.seats) if self._out >> s & 1)

    @property
    def lead_tile(self) -> Tile | None:
        """The tile the rules make the leader lead, before the lead (a tile order), else ``None``."""
        return TILES[self._lead_tile] if self._lead_tile >= 0 and not self._layout._placed else None

    @property
    def hand_ended(self) -> HandEnd | None:
        """How the last hand ended, if no hand is in progress and one has been played."""
        if self._turn >= 0 or not self._results:
            return None
        return self._results[-1].end

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return self.rules.side_of(seat)

    # --------------------------------------------------------------- dealing
    def _previous(self) -> HandResult | None:
        """The last hand that was played (void deals skipped)."""
        for result in reversed(self._results):
            if result.end is not HandEnd.REDEAL:
                return result
        return None

    def _lead_rule(self) -> tuple[Later | None, HandResult | None]:
        """The rule naming the next hand's leader (``None``: the first hand's rule) and the hand
        it follows."""
        previous = self._previous()
        if previous is None:
            return None, None
        rule = self.rules.after_domino if previous.end is HandEnd.DOMINO else self.rules.after_block
        return (None if rule is Later.FIRST_RULE else rule), previous

    def next_leader(self) -> int | None:
        """The seat the rules name to lead the next hand from what is known before its deal, or
        ``None`` when a lot decides or the deal does (a tile order)."""
        rule, previous = self._lead_rule()
        if previous is not None:
            imposes, seat = self.rules.settlement.lead_before_deal(self._ledger)
            if imposes:
                return seat
        if rule is None or previous is None or rule is Later.LOT:
            return None
        return self._named_leader(rule, previous)

    def _named_leader(self, rule: Later, previous: HandResult) -> int:
        if rule is Later.FINISHER:
            assert previous.finisher is not None  # a domino has a finisher
            return previous.finisher
        if rule is Later.FISHERMAN:
            assert previous.fisherman is not None  # a block has a fisherman
            return previous.fisherman
        # rotation: the seat after the previous played hand's leader
        last = next(log for log in reversed(self._logs_with_current()) if log.leader >= 0)
        return (last.leader + 1) % self.rules.seats

    def _logs_with_current(self) -> list[HandLog]:
        logs = list(self._logs)
        if self._hand_index >= 0 and len(logs) == self._hand_index:
            logs.append(self._current_log(self._results[-1] if self._results else None))
        return logs

    def leader_by_lot(self) -> bool:
        """True when the next hand's leader is drawn by lot (a script must then name it)."""
        rule, _ = self._lead_rule()
        if rule is None:
            return self.rules.first_lead is None
        return rule is Later.LOT

    def start_hand(
        self,
        deal: Sequence[Sequence[Tile]] | None = None,
        leader: int | None = None,
        *,
        boneyard: Sequence[Tile] | None = None,
        hundred: bool = False,
    ) -> None:
        """Deal the next hand and set its leader.

        With no ``deal`` the tiles are shuffled by the match's generator (a Goat misdeal is dealt
        again at once). A given deal is checked; ``boneyard`` gives the undealt tiles in draw
        order, required where they can be drawn. A given deal that is a Goat misdeal is recorded
        as a void hand (:attr:`HandEnd.REDEAL`) and the match waits for the next deal. With no
        ``leader`` the rules name the leader, or a neutral lot decides; a ``leader`` that
        contradicts the rules raises :class:`LeaderError`. In Sea Goat ``hundred`` declares a
        voluntary hundred (``sea-kozel.md`` §3.3: the holder of 6-6 on the record side leads it),
        and a deal without 1-1 while eggs are pending is recorded as a void hand (an egg redeal).
        """
        rules = self.rules
        hand_index = self._hand_index + 1
        if self._outcome is not None:
            raise MatchOverError(f"the match is over: {self._over_text()}", hand=hand_index)
        if self._turn >= 0:
            raise HandInProgressError(
                f"hand {self._hand_index} is still in progress: it must end before the next deal",
                hand=hand_index,
            )
        if deal is None:
            masks, order = self._shuffled_deal()
        else:
            masks, order = check_deal(rules, deal, boneyard, hand_index)
        void = deal is not None and rules.goat_misdeal and is_goat_misdeal(masks)
        rule, previous = self._lead_rule()
        lead_tile = -1
        imposed = None
        if not void:
            imposed = rules.settlement.lead(
                rules, self._ledger, masks, first=previous is None, declared=hundred
            )
            if imposed is not None and imposed.seat is None and leader is not None:  # an egg redeal
                raise LeaderError(f"{imposed.reason}: nobody leads this void deal", hand=hand_index)
        if void or (imposed is not None and imposed.seat is None):
            required = None
        elif imposed is not None:
            required, lead_tile = imposed.seat, imposed.tile
        elif rule is None:
            if rules.first_lead is None:
                required = None
            else:
                required, lead_tile = first_in_order(rules.first_lead, masks)
        elif rule is Later.LOT:
            required = None
        else:
            assert previous is not None
            required = self._named_leader(rule, previous)
        if leader is not None:
            if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < rules.seats:
                raise LeaderError(
                    f"the leader must be a seat 0..{rules.seats - 1}, not {leader!r}", hand=hand_index
                )
            if required is not None and leader != required:
                reason = (
                    imposed.reason if imposed is not None else self._lead_reason(rule, required, lead_tile)
                )
                raise LeaderError(f"{reason}, not seat {leader}", hand=hand_index)
        elif required is not None:
            leader = required
        elif not void and imposed is None:
            leader = self.lot()
        redeal = imposed is not None and imposed.seat is None
        if self._hand_index >= 0:
            self._logs.append(self._current_log(self._results[-1]))
        self._hand_index = hand_index
        self._hands = list(masks)
        self._dealt = list(masks)
        self._boneyard = order
        self._bpos = 0
        self._draws = [0] * rules.seats
        self._out = 0
        self._layout = self._new_layout()
        self._events = []
        self._undo = []
        self._lead_tile = lead_tile
        self._last_mover = -1
        self._hundred = imposed.hundred if imposed is not None and imposed.hundred is not None else -1
        self._imposed = imposed.kind if imposed is not None and imposed.seat is not None else None
        if void or redeal:
            self._leader = -1
            self._turn = -1
            events: tuple[str, ...] | None = None
            if redeal:
                self._ledger, events = rules.settlement.void_deal(self._ledger)
            self._results.append(
                HandResult(
                    HandEnd.REDEAL,
                    None,
                    None,
                    None,
                    self.scores,
                    None,
                    eggs=self._eggs(),
                    events=events,
                    record=self._record(),
                )
            )
            return
        assert leader is not None
        self._leader = leader
        self._turn = leader

    def hundred_declarer(self) -> int | None:
        """The seat that may declare a voluntary hundred now (``sea-kozel.md`` §3.3), else ``None``.

        Only before the lead of a Sea Goat hand led by the usual rule (§3.2 (c)), and only the
        holder of 6-6 when its side holds the record.
        """
        if self._turn < 0 or self._events or self._imposed is not None or self._hundred >= 0:
            return None
        rules = self.rules
        try:
            imposed = rules.settlement.lead(
                rules, self._ledger, self._dealt, first=self._previous() is None, declared=True
            )
        except LeaderError:
            return None
        return imposed.seat if imposed is not None else None

    def declare_hundred(self) -> int:
        """Declare a voluntary hundred for the holder of 6-6 before the lead (``sea-kozel.md`` §3.3):
        that seat now leads 6-6 and the hand is its hundred hand. Returns the seat;
        :class:`LeaderError` says why when no seat may declare."""
        hand = self._hand_index if self._hand_index >= 0 else None
        if self._turn < 0:
            raise LeaderError(
                "no hand is waiting for its lead: a hundred is declared before the lead", hand=hand
            )
        if self._events:
            raise LeaderError("the hand has begun: a hundred is declared before the lead", hand=hand)
        if self._imposed is not None or self._hundred >= 0:
            raise LeaderError(
                "this hand's lead is already named by the rules: no hundred may be declared", hand=hand
            )
        rules = self.rules
        imposed = rules.settlement.lead(
            rules, self._ledger, self._dealt, first=self._previous() is None, declared=True
        )
        assert imposed is not None and imposed.seat is not None and imposed.hundred is not None
        self._leader = self._turn = imposed.seat
        self._lead_tile = imposed.tile
        self._hundred = imposed.hundred
        self._imposed = imposed.kind
        return imposed.seat

    def _shuffled_deal(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        while True:
            masks, order = deal(self.rules, self._rng)
            if not (self.rules.goat_misdeal and is_goat_misdeal(masks)):
                return masks, order

    def _lead_reason(self, rule: Later | None, seat: int, tile: int) -> str:
        if rule is None:
            return f"seat {seat} holds {TILES[tile]}, the first tile of the lead order, and must lead"
        return {
            Later.FINISHER: f"seat {seat} dominoed the previous hand and must lead",
            Later.FISHERMAN: f"seat {seat} made the last move before the block (the fisherman) and must lead",
            Later.ROTATION: f"the lead passes round the table: seat {seat} must lead",
        }.get(rule, f"seat {seat} must lead")

    def lot(self) -> int:
        """Draw a seat by neutral lot (uniformly at random) from the match's generator."""
        return self._rng.randrange(self.rules.seats)

    def _eggs(self) -> int | None:
        return self._ledger.eggs if self._ledger is not None else None

    def _over_text(self) -> str:
        outcome = self._outcome
        if outcome is None:
            return "it goes on"
        if outcome.is_draw:
            return "it ended in a draw"
        who = (
            "partnership"
            if self.rules.partnerships
            else "seat"
            if self.rules.sides == self.rules.seats
            else "side"
        )
        if outcome.goats:
            goats = " and ".join(f"{who} {g}" for g in outcome.goats)
            return f"{goats} {'is the goat' if len(outcome.goats) == 1 else 'are goats'}"
        winners = " and ".join(f"{who} {w}" for w in outcome.winners)
        target = self.target
        if target is not None and all(self._scores[w] >= target for w in outcome.winners):
            return f"{winners} reached {target}"
        return f"{winners} won"

    # ------------------------------------------------------------------ moves
    def legal_plays(self) -> list[Play]:
        """Every legal one-tile move of the seat to move, ordered by tile then connection point
        (a marked double right after its plain placement). Empty when no hand is in progress."""
        seat = self._turn
        if seat < 0:
            return []
        hand = self._hands[seat]
        layout = self._layout
        if not layout._placed:
            if self._lead_tile >= 0:
                return [OPENINGS[self._lead_tile]]
            return [OPENINGS[t.index] for t in tiles_of_mask(hand)]
        if self._suit is SEVEN_FITS:
            return self._seven_plays(hand)
        # per open point, the placements of the hand's tiles of its suit (one table lookup)
        choices: tuple[int, ...] = ()
        merged = False
        for pid in layout._points:
            tiles = hand & SUIT_OF_POINT[pid]
            if tiles:
                merged = bool(choices)
                choices += OPTIONS[tiles << 8 | pid]
        plays: list[Play] = [PLAY_TABLE[c] for c in (sorted(choices) if merged else choices)]  # type: ignore[misc]
        if self._marked:
            plays = self._with_marks(plays)
        return plays

    def _seven_plays(self, hand: int) -> list[Play]:
        """Matador: every join by sum to seven, and every matador with each half it may leave open."""
        found: list[tuple[int, int, int, Play]] = []
        for pid in self._layout._points:
            tiles = hand & SEVEN_FITS[pid]
            while tiles:
                low = tiles & -tiles
                t = low.bit_length() - 1
                tiles ^= low
                for play in seven_plays(t, pid):
                    found.append((t, pid, play.open_half or 0, play))
        found.sort(key=lambda item: item[:3])
        return [item[3] for item in found]

    def _with_marks(self, plays: list[Play]) -> list[Play]:
        rules, layout = self.rules, self._layout
        out: list[Play] = []
        for play in plays:
            out.append(play)
            if play.tile.is_double:
                if rules.lengthwise and layout._marks_ok(play.marked(lengthwise=True)):
                    out.append(play.marked(lengthwise=True))
                if rules.closing:
                    out.append(play.marked(closed=True))
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move: :meth:`legal_plays`, then, where the game allows
        several doubles at once, every set of two or more doubles on different open points, each
        written with its parts ordered by tile; while the spinner is still to come, the first double
        placed and not closed becomes it, so each choice of that double is a move of its own,
        written with it first."""
        plays = self.legal_plays()
        limit = self.rules.several_doubles
        if not limit or not self._layout._placed:
            return list(plays)
        doubles = [p for p in plays if p.tile.is_double and not p.lengthwise]
        moves: list[Move] = list(plays)
        if len(doubles) < 2:
            return moves
        found: list[tuple[Play, ...]] = []

        # it calls itself through ``again``, not its closure: no reference cycle left behind
        def extend(start: int, chosen: tuple[Play, ...], again: Callable[..., None]) -> None:
            if len(chosen) >= 2:
                found.append(chosen)
            if len(chosen) == limit:
                return
            for i in range(start, len(doubles)):
                play = doubles[i]
                if any(play.tile == c.tile or play.point == c.point for c in chosen):
                    continue
                again(i + 1, (*chosen, play), again)

        extend(0, (), extend)
        topology = self.rules.topology
        spinner_to_come = self._layout._spinner < 0 and topology in (Topology.SPINNER, Topology.SPINNER_OPEN)
        for parts in found:
            # the first double placed and not closed becomes the spinner: each choice of it is a
            # move of its own, written first; closed doubles never become it
            firsts = [i for i, p in enumerate(parts) if not p.closed] if spinner_to_come else []
            if len(firsts) < 2:
                moves.append(Doubles(parts))
                continue
            for i in firsts:
                moves.append(Doubles((parts[i], *parts[:i], *parts[i + 1 :])))
        return moves

    def is_legal(self, move: Move) -> bool:
        """True if ``move`` may be made now by the seat to move."""
        try:
            self._validate(move)
        except SevenRocksError:
            return False
        return True

    def check(self, move: Move) -> None:
        """Raise the error ``move`` would raise in :meth:`push`, without making it."""
        self._validate(move)

    def _validate(self, move: Move) -> tuple[tuple[int, int, int], ...]:
        """The (tile, point id, marks) of each part of a legal move; the move's error otherwise."""
        seat = self._turn
        if type(move) is Play and seat >= 0:
            t = move.tile.index
            if (self._hands[seat] >> t) & 1:
                pid = self._layout._fast_pid(move)  # (no turn once the match is over)
                if pid is not None and (pid >= 0 or self._lead_tile < 0 or t == self._lead_tile):
                    return ((t, pid, mark_bits(move)),)
        where = {"hand": self._hand_index, "play": len(self._undo)}
        if self._outcome is not None:
            raise MatchOverError(f"{move}: the match is over: {self._over_text()}", **where)
        if seat < 0:
            if self._hand_index < 0:  # no position to name yet
                raise HandOverError(f"{move}: no hand has been dealt yet: deal one with start_hand()")
            ended = self._results[-1]
            how = {
                HandEnd.DOMINO: f"seat {ended.finisher} dominoed",
                HandEnd.BLOCKED: "it is blocked",
                HandEnd.REDEAL: "the deal is void and is dealt again",
            }.get(ended.end, "the target was reached")
            raise HandOverError(f"{move}: hand {self._hand_index} has ended ({how})", **where)
        try:
            if isinstance(move, Doubles):
                return self._validate_doubles(move, seat)
            self._validate_play(move, seat)
        except SevenRocksError as err:
            raise err.at(**where) from None
        raise SevenRocksError(f"{move} is not legal", **where)  # pragma: no cover

    def _validate_play(self, play: Play, seat: int) -> None:
        if not (self._hands[seat] >> play.tile.index) & 1:
            raise NotInHandError(f"tile {play.tile} is not in seat {seat}'s hand")
        layout = self._layout
        if play.is_opening and self._lead_tile >= 0 and play.tile.index != self._lead_tile:
            lead = TILES[self._lead_tile]
            raise LeadTileError(
                f"{play}: seat {seat} holds {lead}, the first tile of the lead order, and must lead it"
            )
        layout.check(play)

    def _validate_doubles(self, move: Doubles, seat: int) -> tuple[tuple[int, int, int], ...]:
        limit = self.rules.several_doubles
        if not limit:
            raise MoveKindError(
                f"{move}: one tile per move in {self.rules.game}: several doubles are not allowed"
            )
        if not self._layout._placed:
            raise SeveralDoublesError(f"{move}: the lead is always one tile")
        if not 2 <= len(move.parts) <= limit:
            span = f"2 to {limit}" if limit > 2 else "2"
            raise SeveralDoublesError(
                f"{move}: a move of several doubles places {span} doubles, not {len(move.parts)}"
            )
        points: set[int] = set()
        tiles: set[int] = set()
        out: list[tuple[int, int, int]] = []
        for part in move.parts:
            if not part.tile.is_double:
                raise SeveralDoublesError(f"{move}: {part.tile} is not a double: only doubles go together")
            if part.is_opening or part.point is None:
                raise SeveralDoublesError(f"{move}: every double of the move joins an open point")
            if part.tile.index in tiles:
                raise SeveralDoublesError(f"{move}: {part.tile} is placed twice")
            if part.point.id in points:
                raise SeveralDoublesError(f"{move}: two doubles on the same point {part.point}")
            tiles.add(part.tile.index)
            points.add(part.point.id)
            if self._layout._fast_pid(part) is None or not self._hands[seat] >> part.tile.index & 1:
                self._validate_play(part, seat)  # raises the part's own error
            out.append((part.tile.index, part.point.id, Layout.marks(part)))
        return tuple(out)

    def push(self, move: Move) -> Placement:
        """Make ``move`` for the seat to move; then draws, knocks, a domino, a block or the end of
        the match follow.

        Raises an :class:`~sevenrocks.core.errors.IllegalPlayError` (or another
        :class:`SevenRocksError`) and changes nothing if the move is not legal now.
        """
        seat = self._turn
        if type(move) is Play and seat >= 0:  # the common case first: a legal one-tile move
            t = move.tile.index
            if (self._hands[seat] >> t) & 1:
                pid = self._layout._fast_pid(move)
                if pid is not None and (pid >= 0 or self._lead_tile < 0 or t == self._lead_tile):
                    if self._plain and not move.marks:
                        return self._apply_plain(seat, move, t, pid)
                    return self._apply(seat, move, t, pid, mark_bits(move) if move.marks else 0)
        (t, pid, mark), *more = self._validate(move)
        return self._apply(self._turn, move, t, pid, mark, tuple(more))

    def push_notation(self, text: str) -> Placement:
        """Parse ``text`` (``3-4``, ``3-4@4-4:B``, ``2-2@2-5:low+5-5@2-5:high``) and push it."""
        try:
            move = parse_move(text)
        except SevenRocksError as err:
            raise err.at(hand=self._hand_index, play=len(self._undo)) from None
        return self.push(move)

    def push_action(self, tile_index: int, pid: int, mark: int = 0) -> Placement:
        """Push tile ``tile_index`` on point id ``pid`` (-1: the lead) with no legality check.

        The fast path for search and simulation, whose callers generated the play themselves.
        """
        if not mark and pid < 0:
            play = OPENINGS[tile_index]
        else:
            found = None if mark else PLAY_TABLE[tile_index * 168 + pid]
            play = found if found is not None else self._layout._play_of(tile_index, pid, mark)
        return self._apply(self._turn, play, tile_index, pid, mark)

    def _apply(
        self, seat: int, move: Move, t: int, pid: int, mark: int, more: tuple[tuple[int, int, int], ...] = ()
    ) -> Placement:
        """Make a checked move (its first part ``t``, ``pid``, ``mark``; ``more`` for several
        doubles), then everything it makes happen; push what :meth:`pop` needs."""
        hands = self._hands
        scores = self._scores
        events = self._events
        n_events = len(events)
        if self._simple:
            before: int | tuple[int, ...] = hands[seat]
            state = None
        else:
            before = tuple(hands)
            state = (self._bpos, tuple(self._draws), self._out)
        self._finished = None
        layout = self._layout
        total = layout.place_ids(t, pid, mark)
        hands[seat] ^= 1 << t
        for t2, pid2, mark2 in more:
            total = layout.place_ids(t2, pid2, mark2)
            hands[seat] ^= 1 << t2
        side = seat & 1 if self._partners else seat
        if self._plain_fives:
            points = total if total > 0 and total % 5 == 0 else 0
        else:
            rules = self.rules
            points = layout.header_points() if rules.points is _HEADERS else rules.points.of(total)
            if points:
                points = rules.ending.admit(points, scores[side])
        placement = Placement(seat, move, total, points)
        events.append(placement)
        self._last_mover = seat
        if points:
            scores[side] += points
        self._after(seat, side, points)
        self._undo.append((seat, n_events, 1 + len(more), before, side, points, state, self._finished))
        return placement

    def _apply_plain(self, seat: int, move: Play, t: int, pid: int) -> Placement:
        """:meth:`_apply` and :meth:`_after` for a checked one-tile move without marks in a
        :attr:`_plain` game: the same steps, with only the questions such a game can answer yes
        (Seven Rocks' engine stays as fast as it was before the family; ``tests/test_perft.py``
        and the reference comparisons hold both paths to the same results)."""
        hands = self._hands
        events = self._events
        n_events = len(events)
        before = hands[seat]
        self._finished = None
        layout = self._layout
        total = layout.place_ids(t, pid, 0)
        hand = hands[seat] = before ^ (1 << t)
        side = seat & 1 if self._partners else seat
        points = total if total > 0 and total % 5 == 0 else 0
        placement = Placement(seat, move, total, points)
        events.append(placement)
        self._last_mover = seat
        if points:
            score = self._scores[side] = self._scores[side] + points
            if self._at_once and self.rules.ending.won(score):
                self._finish(HandEnd.TARGET, None, Outcome((side,)))
        if self._finished is None:
            if not hand:
                self._finish(HandEnd.DOMINO, seat)
            else:
                points_ids = layout._points
                playable = 0
                suit = self._suit
                for p in points_ids:
                    playable |= suit[p]
                nxt = seat + 1 if seat + 1 < len(hands) else 0
                if hands[nxt] & playable:
                    self._turn = nxt
                else:
                    self._knocks(seat, nxt, playable, points_ids)
        self._undo.append((seat, n_events, 1, before, side, points, None, self._finished))
        return placement

    def _after(self, seat: int, side: int, points: int) -> None:
        """What a move's points, an empty hand or an empty layout make happen, then the next seat."""
        hands = self._hands
        if points and self._at_once and self.rules.ending.won(self._scores[side]):
            self._finish(HandEnd.TARGET, None, Outcome((side,)))
            return
        if not hands[seat]:
            if not self._team_out:
                self._finish(HandEnd.DOMINO, seat)
                return
            self._out |= 1 << seat
            if self._out >> ((seat + 2) % self.rules.seats) & 1:
                self._finish(HandEnd.DOMINO, seat)
                return
        points_ids = self._layout._points
        if not points_ids and self._ends_close:
            self._finish(HandEnd.BLOCKED, None)
            return
        if not self._knock_games:
            self._next_drawing(seat)
            return
        # the next seat that can place; the ones before it knock; nobody: a block
        playable = 0
        suit = self._suit
        for p in points_ids:
            playable |= suit[p]
        n = len(hands)
        nxt = seat + 1 if seat + 1 < n else 0
        if hands[nxt] & playable:
            self._turn = nxt
            return
        self._knocks(seat, nxt, playable, points_ids)

    def _knocks(self, seat: int, nxt: int, playable: int, points_ids: tuple[int, ...]) -> None:
        """After ``seat`` moved and ``nxt`` cannot place: the next seat that can place, the ones
        before it knocking, or a block."""
        hands = self._hands
        n = len(hands)
        knockers = [nxt] if hands[nxt] else []
        s = nxt
        for _ in range(n - 1):
            s = s + 1 if s + 1 < n else 0
            if hands[s] & playable:
                self._turn = s
                values = tuple(sorted({POINT_VALUE[p] for p in points_ids}))
                self._events.extend(Knock(k, values) for k in knockers)
                return
            if hands[s]:
                knockers.append(s)
        self._finish(HandEnd.BLOCKED, None)

    def _next_drawing(self, seat: int) -> None:
        """The next seat that can place, drawing as the game says on the way; or a block."""
        rules = self.rules
        hands = self._hands
        n = rules.seats
        layout = self._layout
        playable = 0
        suit = self._suit
        for p in layout._points:
            playable |= suit[p]
        values = tuple(sorted({POINT_VALUE[p] for p in layout._points}))
        limit = len(self._boneyard) - rules.reserve
        one = rules.stuck is Stuck.DRAW_ONE
        pending: list[int] = []
        s = seat
        while True:
            if self._bpos >= limit and not any(h & playable for h in hands):
                self._finish(HandEnd.BLOCKED, None)
                return
            s = s + 1 if s + 1 < n else 0
            if not hands[s]:
                continue  # a seat that is out (team out) is skipped
            if hands[s] & playable:
                self._turn = s
                self._events.extend(Knock(k, values) for k in pending)
                return
            while self._bpos < limit:
                t = self._boneyard[self._bpos]
                self._bpos += 1
                hands[s] |= 1 << t
                self._draws[s] += 1
                if pending:
                    self._events.extend(Knock(k, values) for k in pending)
                    pending = []
                self._events.append(Draw(s, TILES[t]))
                if playable >> t & 1:
                    self._turn = s
                    return
                if one:
                    break
            pending.append(s)

    def _finish(self, end: HandEnd, finisher: int | None, outcome: Outcome | None = None) -> None:
        rules = self.rules
        self._finished = (tuple(self._scores), len(self._results), self._outcome, self._ledger, self._played)
        if outcome is not None:
            self._outcome = outcome
        self._turn = -1
        draws = tuple(self._draws) if rules.boneyard is Boneyard.DRAW else None
        if end is HandEnd.TARGET:
            self._results.append(
                HandResult(end, None, None, None, self.scores, None, draws=draws, eggs=self._eggs())
            )
            return
        masks = self._hands
        held = [tiles_of_mask(m) for m in masks]
        fisherman: int | None = None
        if end is HandEnd.BLOCKED and rules.after_block is Later.FISHERMAN:
            fisherman = self._fisherman() if rules.fisherman_non_double else self._last_mover
        facts = HandFacts.of_pips(
            rules,
            end.value,
            finisher,
            self._last_mover,
            tuple(_pips_of(m) for m in masks),
            tuple(m.bit_count() for m in masks),
            tuple(masks),
            self._scores,
            self._ledger,
            self._last_move(),
            fisherman=fisherman,
            hundred=self._hundred if self._hundred >= 0 else None,
        )
        settled = rules.settlement.settle(facts)
        self._scores = list(settled.scores)
        self._ledger = settled.ledger if settled.ledger is not None else self._ledger
        self._played += 1
        outcome = settled.outcome or rules.ending.after_hand(settled.scores, self._played)
        if outcome is not None:
            self._outcome = outcome
        self._results.append(
            HandResult(
                end,
                finisher,
                facts.pips,
                settled.deductions,
                settled.scores,
                tuple(held),
                fisherman=fisherman,
                values=facts.values if rules.settlement.uses_values else None,
                award=settled.award,
                written=settled.written,
                remembered=self._ledger.remembered if self._ledger is not None else None,
                eggs=self._eggs(),
                draws=draws,
                loser=settled.loser,
                general=settled.general,
                naked=settled.naked,
                events=settled.events,
                record=self._record(),
            )
        )

    def _fisherman(self) -> int | None:
        """Sea Goat's fisherman: the seat that placed the hand's last non-double tile (§6.2)."""
        for event in reversed(self._events):
            if isinstance(event, Placement) and any(not t.is_double for t in event.play.tiles):
                return event.seat
        return None

    def _record(self) -> tuple[int, int] | None:
        """Sea Goat's record as it stands, ``(side, points)``, or ``None``."""
        return self._ledger.record if self._ledger is not None else None

    def _last_move(self) -> tuple[int, ...]:
        """The tile indexes of the hand's last move."""
        for event in reversed(self._events):
            if isinstance(event, Placement):
                return tuple(t.index for t in event.play.tiles)
        return ()

    def pop(self) -> Move:
        """Take back the last move of the current hand (and what followed it); return it."""
        if not self._undo:
            raise EmptyHistoryError(
                "there is no placement of the current hand to take back",
                hand=self._hand_index if self._hand_index >= 0 else None,
            )
        seat, n_events, parts, before, side, points, state, finished = self._undo.pop()
        placement = self._events[n_events]
        assert isinstance(placement, Placement)
        for _ in range(parts):
            self._layout.unplace()
        del self._events[n_events:]
        if isinstance(before, int):  # only the mover's hand changed
            self._hands[seat] = before
        else:
            self._hands = list(before)
        if finished is not None:
            scores, n_results, self._outcome, self._ledger, self._played = finished
            self._scores = list(scores)
            del self._results[n_results:]
        if points:
            self._scores[side] -= points
        if state is not None:
            self._bpos, draws, self._out = state
            self._draws = list(draws)
        self._turn = seat
        previous = next((e for e in reversed(self._events) if isinstance(e, Placement)), None)
        self._last_mover = previous.seat if previous is not None else -1
        return placement.play

    # ------------------------------------------------------------ views, copies
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own tiles and everything public, nothing else."""
        from sevenrocks.core.view import SeatView

        seat = self._seat(seat)
        my_turn = self._turn == seat
        events = tuple(self._events)
        if not self._knock_games:
            events = tuple(
                Draw(e.seat, None) if isinstance(e, Draw) and e.seat != seat else e for e in events
            )
        plays = self.legal_plays() if my_turn else []
        return SeatView(
            seat=seat,
            hand=tiles_of_mask(self._hands[seat]),
            layout=self._layout.copy(),
            events=events,
            tile_counts=tuple(m.bit_count() for m in self._hands),
            scores=self.scores,
            target=self.target,
            hand_number=self._hand_index,
            leader=self.leader,
            turn=self.turn,
            legal_plays=tuple(plays),
            results=tuple(self._results),
            rules=self.rules,
            boneyard=self.boneyard_size,
            drawable=self.drawable,
            legal_moves=tuple(self.legal_moves()) if my_turn and self.rules.several_doubles else tuple(plays),
            ledger=self._ledger,
            outcome=self._outcome,
            out=self._out,
            lead_tile=self.lead_tile if my_turn else None,
            signals=self._signals(seat),
            hundred=self._hundred if self._hundred >= 0 else None,
            imposed=self._imposed,
            may_declare_hundred=self.rules.sea_values and self.hundred_declarer() == seat,
        )

    def _signals(self, seat: int) -> Signals | None:
        """General: what ``seat``'s partner signals (from its deal), where the game has signals."""
        if self.rules.information is not Information.PARTNER_SIGNALS or self._hand_index < 0:
            return None
        from sevenrocks.core.view import Signals

        dealt = self._dealt[(seat + 2) % self.rules.seats]
        return Signals(blanks=bool(dealt & 1), sixes=bool(dealt >> (len(TILES) - 1) & 1))

    def copy(self, *, stack: bool = True) -> Match:
        """An independent copy; with ``stack=False`` the copy cannot :meth:`pop` past this point."""
        new = Match.__new__(Match)
        new.rules = self.rules
        new.seed = self.seed
        new._cache_rules()
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        new._rng = rng
        new._scores = self._scores.copy()
        new._hands = self._hands.copy()
        new._dealt = self._dealt.copy()
        new._boneyard = self._boneyard
        new._bpos = self._bpos
        new._draws = self._draws.copy()
        new._out = self._out
        new._layout = self._layout.copy()
        new._turn = self._turn
        new._leader = self._leader
        new._lead_tile = self._lead_tile
        new._last_mover = self._last_mover
        new._hundred = self._hundred
        new._imposed = self._imposed
        new._events = self._events.copy()
        new._undo = self._undo.copy() if stack else []
        new._results = self._results.copy()
        new._logs = self._logs.copy()
        new._hand_index = self._hand_index
        new._played = self._played
        new._outcome = self._outcome
        new._ledger = self._ledger
        new._finished = None
        return new

    @classmethod
    def from_view(
        cls,
        view: SeatView,
        hands: Mapping[int, Iterable[Tile]],
        boneyard: Sequence[Tile] = (),
    ) -> Match:
        """A match at ``view``'s position, with the other seats holding ``hands`` (a guess).

        ``hands`` gives the tiles each other seat holds now and ``boneyard`` the tiles left in the
        boneyard in a guessed draw order; with the view's own hand and the layout they must be the
        whole set, in the counts the view shows. Used by search bots to play out sampled deals.
        The result cannot :meth:`pop` past this point.
        """
        rules = view.rules
        n = rules.seats
        masks = [0] * n
        for tile in view.hand:
            masks[view.seat] |= tile.bit
        for seat, tiles in hands.items():
            if seat == view.seat:
                continue
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise SeatsError(f"a seat is 0..{n - 1}, not {seat!r}")
            for tile in tiles:
                masks[seat] |= tile.bit
        total = view.layout.mask
        for seat, mask in enumerate(masks):
            if mask.bit_count() != view.tile_counts[seat]:
                raise DealError(
                    f"seat {seat} holds {view.tile_counts[seat]} tiles, not {mask.bit_count()}",
                    hand=view.hand_number,
                )
            if total & mask:
                raise DealError(f"the hands given for seat {seat} repeat a tile", hand=view.hand_number)
            total |= mask
        order = tuple(t.index for t in boneyard)
        if len(order) != view.boneyard:
            raise DealError(
                f"the boneyard holds {view.boneyard} tiles, not {len(order)}", hand=view.hand_number
            )
        for t in order:
            if total >> t & 1:
                raise DealError(f"tile {TILES[t]} of the boneyard is also in a hand or the layout")
            total |= 1 << t
        if total != _FULL_SET:
            raise DealError(
                "the hands, the boneyard and the layout given are not the whole set", hand=view.hand_number
            )
        match = cls(rules)
        match._scores = list(view.scores)
        match._hands = masks
        dealt = masks.copy()
        for event in view.events:
            if isinstance(event, Placement):
                for tile in event.play.tiles:
                    dealt[event.seat] |= tile.bit
        match._dealt = dealt
        match._boneyard = order
        match._bpos = 0
        match._draws = list(view.draws) if view.draws else [0] * n
        match._out = view.out
        match._layout = view.layout.copy()
        match._turn = view.turn if view.turn is not None else -1
        match._leader = view.leader if view.leader is not None else -1
        match._events = list(view.events)
        match._results = list(view.results)
        match._logs = []
        match._hand_index = view.hand_number
        match._played = sum(1 for r in view.results if r.end is not HandEnd.REDEAL)
        match._outcome = view.outcome
        match._ledger = view.ledger
        last = next((e for e in reversed(view.events) if isinstance(e, Placement)), None)
        match._last_mover = last.seat if last is not None else -1
        match._lead_tile = view.lead_tile.index if view.lead_tile is not None else -1
        match._hundred = view.hundred if view.hundred is not None else -1
        match._imposed = view.imposed
        return match

    def _seat(self, seat: int) -> int:
        n = self.rules.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            seats = "0, 1, 2 or 3" if n == 4 else f"0..{n - 1}"
            raise SeatsError(f"a seat is {seats}, not {seat!r}")
        return seat

    def __repr__(self) -> str:
        scores = "-".join(str(s) for s in self._scores)
        game = "" if self.rules.game == DEFAULT_GAME else f"{self.rules.game} "
        return (
            f"<Match {game}hand {self._hand_index} {self.phase.value}, turn {self.turn}, "
            f"scores {scores}, target {self.target}>"
        )
