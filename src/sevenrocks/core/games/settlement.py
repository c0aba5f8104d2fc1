"""Settling a hand (README §2.15, §2.16): each kind written once, chosen by a game's rules.

A :class:`Settlement` receives the facts of a finished hand (:class:`HandFacts`: how it ended, who
finished or moved last, what every seat holds, the scores and the ledger) and returns a
:class:`Settled`: the new scores and what the hand's report shows.

>>> from sevenrocks.core.games import find_game
>>> rules = find_game("draw").rules(seats=3)
>>> facts = HandFacts.of(rules, "blocked", None, 0, ((7,), (12,), (20,)), (0, 0, 0), None)
>>> WinnerTakes().settle(facts).award
(25, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from sevenrocks.core.errors import LeaderError
from sevenrocks.core.games.ending import Outcome

if TYPE_CHECKING:
    from sevenrocks.core.games.model import Rules

__all__ = [
    "DeductFloor5",
    "DeductRound5",
    "HandBonus",
    "HandFacts",
    "ImposedLead",
    "Ledger",
    "LosersWrite",
    "NoSettlement",
    "Settled",
    "Settlement",
    "WinnerTakes",
    "WriteOff",
    "round3",
    "round5",
]


def round5(n: int) -> int:
    """Round to the nearest multiple of 5: remainder 1 or 2 down, 3 or 4 up (RULES.md §6).

    >>> [round5(n) for n in (2, 3, 7, 12, 18)]
    [0, 5, 5, 10, 20]
    """
    return (n + 2) // 5 * 5


def floor5(n: int) -> int:
    """Round down to a multiple of 5 (``telephone.md`` §8.1).

    >>> [floor5(n) for n in (4, 9, 18)]
    [0, 5, 15]
    """
    return n // 5 * 5


def round3(n: int) -> int:
    """Round to the nearest multiple of 3: remainder 1 down, 2 up (``all-threes.md`` §8.1).

    >>> [round3(n) for n in (7, 8, 15, 17)]
    [6, 9, 15, 18]
    """
    return (n + 1) // 3 * 3


@dataclass(frozen=True)
class WriteOff:
    """Sea Goat's suspended block (``sea-kozel.md`` §9.2 (4b)): the fisherman ``seat`` of side
    ``side`` may write it off; ``amount`` is his side's total; ``failures`` the attempts failed."""

    seat: int
    side: int
    amount: int
    failures: int = 0


@dataclass(frozen=True)
class Ledger:
    """What the Goat family carries from hand to hand besides the accounts (``kozel.md`` §8).

    ``remembered`` and ``opened`` are per side; ``eggs`` are the points of tied blocks waiting for
    the next loser. Sea Goat (``sea-kozel.md`` §8, §9) also keeps ``record`` (the one record, as
    ``(side, points)``, or ``None``), ``owed`` (the seat owing a compulsory hundred), ``write_off``
    (a suspended block) and ``egg_redeals`` (egg redeals in a row for the pending eggs).
    """

    remembered: tuple[int, ...]
    opened: tuple[bool, ...]
    eggs: int = 0
    record: tuple[int, int] | None = None
    owed: int | None = None
    write_off: WriteOff | None = None
    egg_redeals: int = 0

    @classmethod
    def empty(cls, sides: int) -> Ledger:
        """The ledger of a new match."""
        return cls((0,) * sides, (False,) * sides, 0)


_BLANKS_BIT = 1  # 0-0 is tile index 0
_SIXES_BIT = 1 << 27  # 6-6 is tile index 27
_SEA_VALUES = {_BLANKS_BIT: 25, _SIXES_BIT: 50, _BLANKS_BIT | _SIXES_BIT: 75}


def special_value(rules: Rules, mask: int, pips: int) -> int:
    """A hand's value (README §2.16): its pips, or the game's special value for a hand of exactly
    0-0 (``lone_blank``) or, with sea values, of exactly 0-0 (25), 6-6 (50) or both (75).

    >>> from sevenrocks.core.games import find_game
    >>> sea = find_game("sea-kozel").rules(seats=2)
    >>> special_value(find_game("kozel").rules(), 1, 0), special_value(sea, 1 << 27, 12)
    (25, 50)
    """
    if rules.sea_values:
        return _SEA_VALUES.get(mask, pips)
    if rules.lone_blank is not None and mask == _BLANKS_BIT:
        return rules.lone_blank
    return pips


class HandFacts(NamedTuple):
    """A finished hand as its settlement sees it (a named tuple: made once for every hand
    settled, and a frozen dataclass of this size costs several times more to build).

    ``end`` is ``"domino"`` or ``"blocked"``; ``finisher`` the seat that ended a domino (with team
    out, the seat whose going out put its side out); ``last_mover`` the seat of the hand's last
    move (the fisherman after a block). ``pips`` are per seat; ``values`` are the pips with the
    game's special hand values; ``totals`` are per side; ``counts`` are the tiles each seat holds;
    ``last_move`` the tile indexes of the hand's last move (what the finisher went out with);
    ``fisherman`` the fisherman after a block (Sea Goat: the seat of the last non-double tile);
    ``hundred`` the hundred seat of a Sea Goat hundred hand.
    """

    rules: Rules
    end: str
    finisher: int | None
    last_mover: int
    pips: tuple[int, ...]
    values: tuple[int, ...]
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    scores: tuple[int, ...]
    ledger: Ledger | None
    last_move: tuple[int, ...] = ()
    fisherman: int | None = None
    hundred: int | None = None

    @classmethod
    def of(
        cls,
        rules: Rules,
        end: str,
        finisher: int | None,
        last_mover: int,
        hands: Sequence[Sequence[int]],
        scores: Sequence[int],
        ledger: Ledger | None,
    ) -> HandFacts:
        """Facts from each seat's remaining tiles, given as pip totals of single tiles.

        ``hands[seat]`` lists the pip count of each tile the seat holds (a lone 0-0 is ``(0,)``,
        which is all this form tells of the tiles: no sea values).
        """
        masks = tuple(1 if tuple(h) == (0,) else 0 for h in hands)  # the lone 0-0 only
        pips = tuple(sum(h) for h in hands)
        counts = tuple(len(h) for h in hands)
        return cls.of_pips(rules, end, finisher, last_mover, pips, counts, masks, scores, ledger)

    @classmethod
    def of_pips(
        cls,
        rules: Rules,
        end: str,
        finisher: int | None,
        last_mover: int,
        pips: tuple[int, ...],
        counts: tuple[int, ...],
        masks: tuple[int, ...],
        scores: Sequence[int],
        ledger: Ledger | None,
        last_move: tuple[int, ...] = (),
        fisherman: int | None = None,
        hundred: int | None = None,
    ) -> HandFacts:
        """Facts from each seat's pips, number of tiles, and tiles (bitmasks: the special values)."""
        if rules.sea_values or rules.lone_blank is not None:
            values = tuple(special_value(rules, mask, p) for p, mask in zip(pips, masks, strict=True))
        else:
            values = pips  # no special values: a hand is worth its pips
        totals = [0] * rules.sides
        partners = rules.partnerships
        for seat, value in enumerate(values):
            totals[seat & 1 if partners else seat] += value
        return cls(
            rules,
            end,
            finisher,
            last_mover,
            pips,
            values,
            counts,
            tuple(totals),
            tuple(scores),
            ledger,
            last_move,
            fisherman,
            hundred,
        )

    @property
    def winning_side(self) -> int | None:
        """The finisher's side after a domino."""
        return None if self.finisher is None else self.rules.side_of(self.finisher)


class Settled(NamedTuple):
    """What a settlement did: the scores after it, and what the hand's report shows (a named
    tuple, like :class:`HandFacts`)."""

    scores: tuple[int, ...]
    deductions: tuple[int, ...] | None = None
    award: tuple[int, ...] | None = None
    written: tuple[int, ...] | None = None
    ledger: Ledger | None = None
    outcome: Outcome | None = None
    """Set when the settlement itself decides the match (children's picture dominoes, General)."""
    loser: int | None = None
    """General: the seat that lost the hand (the seat after the finisher)."""
    general: int | None = None
    """General: the side that received a General."""
    naked: int | None = None
    """General (version ``naked``): the side made naked."""
    events: tuple[str, ...] | None = None
    """Sea Goat: the events of the hand, in the order they happened (``sea-kozel.md`` §9.2)."""


@dataclass(frozen=True)
class ImposedLead:
    """A lead a settlement kind imposes on a deal (Sea Goat's hundreds and eggs, ``sea-kozel.md``
    §3.2 (a), (b), §3.3), or a void deal (``seat`` ``None``: an egg redeal).

    ``tile`` is the tile index the leader must lead (-1: any tile); ``hundred`` the hundred seat of
    the hand; ``kind`` names the rule for records (``"hundred"``, ``"eggs"``, ``"declared"``);
    ``reason`` says it in words.
    """

    seat: int | None
    tile: int
    kind: str
    reason: str
    hundred: int | None = None


class Settlement:
    """The base of the settlement kinds."""

    keeps_ledger = False
    """True when the kind carries a :class:`Ledger` from hand to hand."""
    uses_values = False
    """True when the kind settles hand values (pips with the special values), not plain pips."""
    keeps_record = False
    """True when the kind keeps Sea Goat's one record, with its owed and voluntary hundreds."""

    def settle(self, facts: HandFacts) -> Settled:
        """Settle a domino or blocked hand."""
        raise NotImplementedError

    def lead(
        self, rules: Rules, ledger: Ledger | None, masks: Sequence[int], *, first: bool, declared: bool
    ) -> ImposedLead | None:
        """The lead this kind imposes on a deal of ``masks`` (``None``: the game's usual rules).

        ``first`` is true for the match's first played hand; ``declared`` asks for a voluntary
        hundred (Sea Goat), which other kinds refuse with :class:`~sevenrocks.core.errors.LeaderError`.
        """
        if declared:
            raise LeaderError(f"a hundred is declared in Sea Goat only, not in {rules.game}")
        return None

    def void_deal(self, ledger: Ledger | None) -> tuple[Ledger | None, tuple[str, ...]]:
        """The ledger after a deal this kind made void (an egg redeal), and its events."""
        return ledger, ()

    def lead_before_deal(self, ledger: Ledger | None) -> tuple[bool, int | None]:
        """Whether this kind will impose the next hand's lead, and the leader when it is known
        before the deal (Sea Goat: a hundred owed names its seat; eggs wait for the deal)."""
        return False, None


@dataclass(frozen=True)
class DeductRound5(Settlement):
    """Seven Rocks: each seat's pips, rounded to five on their own, come off its side (RULES.md §6)."""

    def settle(self, facts: HandFacts) -> Settled:
        rules = facts.rules
        deductions = tuple(round5(p) for p in facts.pips)
        scores = list(facts.scores)
        for seat, amount in enumerate(deductions):
            scores[rules.side_of(seat)] -= amount
        return Settled(tuple(scores), deductions=deductions)


@dataclass(frozen=True)
class DeductFloor5(Settlement):
    """Telephone: each seat's pips rounded down to five come off its side, never below 0 (§8)."""

    def settle(self, facts: HandFacts) -> Settled:
        rules = facts.rules
        deductions = tuple(floor5(p) for p in facts.pips)
        scores = list(facts.scores)
        for seat, amount in enumerate(deductions):
            scores[rules.side_of(seat)] -= amount
        return Settled(tuple(max(0, s) for s in scores), deductions=deductions)


@dataclass(frozen=True)
class WinnerTakes(Settlement):
    """The finisher's side, or the lightest side of a block, scores the others (README §2.15).

    After a domino the finisher's side scores the sum of the other sides' totals; after a block
    the one side with the lowest total scores the others' sum minus its own (a tie for the lowest
    scores nothing). The amount is rounded once (``rounding`` 5 or 3; 1: not at all) and divided
    by ``divisor``.
    """

    rounding: int = 1
    divisor: int = 1
    uses_values = True

    def amount(self, raw: int) -> int:
        """The amount scored for a raw difference or sum."""
        rounded = round5(raw) if self.rounding == 5 else round3(raw) if self.rounding == 3 else raw
        return rounded // self.divisor

    def settle(self, facts: HandFacts) -> Settled:
        totals = facts.totals
        side: int | None
        if facts.end == "domino":
            side = facts.winning_side
            assert side is not None  # a domino always has a finisher
            raw = sum(t for s, t in enumerate(totals) if s != side)
        else:
            low = min(totals)
            lightest = [s for s, t in enumerate(totals) if t == low]
            side = lightest[0] if len(lightest) == 1 else None
            raw = sum(totals) - 2 * low if side is not None else 0
        award = [0] * len(totals)
        scores = list(facts.scores)
        if side is not None:
            points = facts.rules.ending.admit(self.amount(raw), scores[side])
            award[side] = points
            scores[side] += points
        return Settled(tuple(scores), award=tuple(award))


@dataclass(frozen=True)
class HandBonus(Settlement):
    """A fixed bonus for the side that finished (Fives and Threes, Bergen); after a block, with
    ``block``, for the one side with the fewest pips (Bergen; a tie scores nothing), else nothing."""

    bonus: int = 1
    block: bool = False

    def settle(self, facts: HandFacts) -> Settled:
        award = [0] * len(facts.totals)
        scores = list(facts.scores)
        side = facts.winning_side
        if facts.end != "domino" and self.block:
            low = min(facts.totals)
            lightest = [s for s, t in enumerate(facts.totals) if t == low]
            side = lightest[0] if len(lightest) == 1 else None
        if side is not None and (facts.end == "domino" or self.block):
            points = facts.rules.ending.admit(self.bonus, scores[side])
            award[side] = points
            scores[side] += points
        return Settled(tuple(scores), award=tuple(award))


@dataclass(frozen=True)
class LosersWrite(Settlement):
    """The Goat family: every losing side writes its own total (``kozel.md`` §8).

    ``threshold``: the amount that opens an account (0: every amount is written at once);
    ``remember``: smaller amounts are remembered until the account opens; ``eggs``: a block with
    every side tied leaves its points to the next loser.
    """

    threshold: int = 13
    remember: bool = True
    eggs: bool = True
    keeps_ledger = True
    uses_values = True

    def settle(self, facts: HandFacts) -> Settled:
        rules, totals = facts.rules, facts.totals
        sides = len(totals)
        ledger = facts.ledger if facts.ledger is not None else Ledger.empty(sides)
        if facts.end == "domino":
            winner = facts.winning_side
            losers = [s for s in range(sides) if s != winner]
        else:
            low = min(totals)
            losers = [s for s in range(sides) if totals[s] != low]
        written = [0] * sides
        scores = list(facts.scores)
        if not losers:  # every side tied in a block: eggs (or nothing, without eggs)
            eggs = ledger.eggs + sum(totals) if self.eggs else ledger.eggs
            return Settled(tuple(scores), written=tuple(written), ledger=replace(ledger, eggs=eggs))
        amounts = {side: totals[side] for side in losers}
        eggs = ledger.eggs
        if eggs:
            most = max(amounts.values())
            start = facts.last_mover
            order = sorted(losers, key=lambda side: _turn_distance(rules, start, side))
            taker = next(side for side in order if amounts[side] == most)
            amounts[taker] += eggs
            eggs = 0
        remembered = list(ledger.remembered)
        opened = list(ledger.opened)
        for side in range(sides):
            if side not in amounts:
                if not opened[side]:
                    remembered[side] = 0
                continue
            amount = amounts[side]
            if opened[side]:
                written[side] = amount
            elif amount >= self.threshold:
                written[side] = amount + remembered[side]
                remembered[side] = 0
                opened[side] = True
            elif self.remember:
                remembered[side] += amount
            scores[side] += written[side]
        return Settled(
            tuple(scores),
            written=tuple(written),
            ledger=Ledger(tuple(remembered), tuple(opened), eggs),
        )


def _turn_distance(rules: Rules, start: int, side: int) -> int:
    """How many seats after ``start``, in turn order, the first seat of ``side`` comes (1..seats)."""
    return min((seat - start - 1) % rules.seats for seat in rules.seats_of(side)) + 1


@dataclass(frozen=True)
class NoSettlement(Settlement):
    """Children's picture dominoes: no points; the first seat out wins, or the fewest tiles."""

    def settle(self, facts: HandFacts) -> Settled:
        counts = facts.counts
        if facts.end == "domino" and facts.finisher is not None:
            outcome = Outcome((facts.finisher,))
        else:
            fewest = min(counts)
            winners = tuple(seat for seat, n in enumerate(counts) if n == fewest)
            outcome = Outcome(()) if len(winners) == len(counts) else Outcome(winners)
        return Settled(tuple(facts.scores), outcome=outcome)
