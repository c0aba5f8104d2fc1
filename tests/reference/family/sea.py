"""Sea Goat's book: the one record, pending eggs, hundreds owed, the fisherman's write-off, and the events.

Rules it models (``shared/games/sea-kozel.md``):

- §8.2-§8.6 the core: the hand's winner (the finisher's side, or after a block the side with the lower
  total; equal totals are eggs), the amount (the loser's total plus the pending eggs), the one record
  (opened by 25 or more, added to by its own side, crossed out by 25 or more against it: both sides at
  0), eggs carried to the next hand with a winner.
- §9.1 the record reaching the target wins; §9.2 with ``events``: (1) bald goat, (2) six-six finish (won,
  or a hundred owed), (3) the hundred hand (won or lost), (4) the fisherman's block ((a) a hundred owed,
  (b) a suspended block and a pending write-off, (c) the core), (5) the write-off's attempts (success, or
  at the third failure the suspended block credited to the other side and a hundred owed by the seat
  after the fisherman); §9.3 a hand that ends the match by (1)-(3) is not settled; §9.4 at most one
  hundred owed; §9.5 without ``events`` only §8 and §9.1.
- §3.2 and §8.6 the leads that depend on the book: a hundred owed, eggs "played from 1-1", egg redeals
  and rotten eggs (:func:`next_lead`).

Decisions of this model where the text leaves a reading open (each also named where it is used):
``written`` counts everything added to a record in the hand, the credit of a failed write-off included;
``"crossed-out"`` is listed whenever a record is crossed out, with ``events`` false too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.reference.family.tiles import Tile

OPENING = 25
"""``sea-kozel.md`` §8.4: the amount that opens or crosses out a record (decision: 25 or more)."""

SPECIAL = 25
"""``sea-kozel.md`` §9.2 (2), (3): a seat's value of 25 or more."""


@dataclass
class WriteOff:
    """``sea-kozel.md`` §9.2 (4b): a suspended block, pending a write-off by the fisherman."""

    seat: int  # F, the fisherman
    side: int  # SF, his side
    amount: int  # T(SF) of the suspended block
    failures: int = 0


@dataclass
class SeaBook:
    """The state of a Sea Goat match between hands (``sea-kozel.md`` §3.2, §8, §9)."""

    record_side: int | None = None
    record: int = 0
    eggs: int = 0
    owed: int | None = None  # the seat that owes a compulsory hundred (§9.4)
    write_off: WriteOff | None = None
    egg_redeals: int = 0  # egg redeals in a row for the pending eggs (§8.6)

    def scores(self, sides: int) -> list[int]:
        """§8.5: the record side's score is its record, the other side's 0."""
        return [self.record if side == self.record_side else 0 for side in range(sides)]

    def record_report(self) -> dict[str, int] | None:
        """The report's ``"record"``: ``{"side": S, "points": P}``, or None."""
        return None if self.record_side is None else {"side": self.record_side, "points": self.record}


def write_record(book: SeaBook, winner: int, amount: int) -> tuple[int, bool]:
    """§8.4 with W = ``winner`` and X = ``amount``: (the points added to W's record, crossed out?)."""
    if book.record_side is None:
        if amount >= OPENING:
            book.record_side, book.record = winner, amount
            return amount, False
        return 0, False
    if book.record_side == winner:
        book.record += amount
        return amount, False
    if amount >= OPENING:
        book.record_side, book.record = None, 0
        return 0, True
    return 0, False


@dataclass
class SeaHand:
    """The facts of a hand ended by a domino or a block that the settlement needs."""

    values: list[int]  # per seat (sea values, §8.1)
    side_of: list[int]  # per seat
    finisher: int | None
    fisherman: int | None  # §6.2, after a block
    last_move: tuple[Tile, ...]  # the tiles of the finisher's last move (after a domino)
    hundred: int | None  # the hundred seat of this hand (§3.3, §9.4)


@dataclass
class SeaResult:
    """What a settlement did: per side the points written, the events in order, the match's winner."""

    written: list[int]
    events: list[str] = field(default_factory=list)
    winner: int | None = None


def _totals(hand: SeaHand) -> list[int]:
    totals = [0, 0]
    for seat, value in enumerate(hand.values):
        totals[hand.side_of[seat]] += value
    return totals


def core_winner(hand: SeaHand, totals: list[int]) -> int | None:
    """§8.2: the finisher's side; after a block the side with the lower total; None for eggs."""
    if hand.finisher is not None:
        return hand.side_of[hand.finisher]
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] < totals[1] else 1


def settle(book: SeaBook, hand: SeaHand, events: bool, target: int) -> SeaResult:
    """§8 and §9 for one played hand (two sides): change ``book`` and say what happened."""
    totals = _totals(hand)
    seats = len(hand.values)
    result = SeaResult(written=[0, 0])
    winner = core_winner(hand, totals)
    owed: int | None = None
    suspended = False
    pending = book.write_off  # a write-off pending from an earlier hand: this hand is an attempt (§9.2 (5))
    if events:
        finisher = hand.finisher
        if finisher is not None and (0, 0) in hand.last_move:  # (1) bald goat
            result.events.append("bald-goat")
            result.winner = hand.side_of[finisher]
            return result
        six_short = False
        if finisher is not None and (6, 6) in hand.last_move:  # (2) six-six finish
            side = hand.side_of[finisher]
            if any(hand.values[s] >= SPECIAL for s in range(seats) if hand.side_of[s] != side):
                result.events.append("six-six")
                result.winner = side
                return result
            six_short = True
        if hand.hundred is not None:  # (3) the hundred hand, judged on §8.2's winner
            side = hand.side_of[hand.hundred]
            if winner == side:
                result.events.append("hundred-won")
                result.winner = side
                return result
            if winner is not None and hand.values[hand.hundred] >= SPECIAL:
                result.events.append("hundred-lost")
                result.winner = 1 - side
                return result
        if six_short:
            result.events.append("six-six-short")
            owed = finisher
        if hand.finisher is None and winner is not None and hand.fisherman is not None:  # (4)
            fisher_side = hand.side_of[hand.fisherman]
            own, other = totals[fisher_side], totals[1 - fisher_side]
            if own < OPENING and other > OPENING:  # (a)
                result.events.append("fisherman-hundred")
                winner, owed = fisher_side, hand.fisherman
            elif own > other and own > OPENING and pending is None:  # (b)
                result.events.append("write-off-pending")
                book.write_off = WriteOff(hand.fisherman, fisher_side, own)
                suspended = True
    if not suspended:
        if winner is None:  # §8.6: eggs
            book.eggs += sum(totals)
        else:
            amount = totals[1 - winner] + book.eggs
            book.eggs = 0
            added, crossed = write_record(book, winner, amount)
            result.written[winner] += added
            if crossed:
                result.events.append("crossed-out")
    if events and pending is not None:  # (5) an attempt at the pending write-off
        if winner == pending.side and totals[1 - pending.side] >= OPENING:
            result.events.append("write-off")
            book.write_off = None
        else:
            pending.failures += 1
            if pending.failures == 3:
                result.events.append("write-off-failed")
                book.write_off = None
                added, crossed = write_record(book, 1 - pending.side, pending.amount)
                result.written[1 - pending.side] += added
                if crossed:
                    result.events.append("crossed-out")
                owed = (pending.seat + 1) % seats
    book.owed = owed
    if book.record_side is not None and book.record >= target:  # §9.1
        result.winner = book.record_side
    return result


def next_lead(book: SeaBook, events: bool) -> str:
    """§3.2 for a later hand: ``"hundred"`` (a), ``"eggs"`` (b) or ``"usual"`` (c)."""
    if events and book.owed is not None:
        return "hundred"
    if events and book.eggs:
        return "eggs"
    return "usual"
