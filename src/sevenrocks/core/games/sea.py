"""Sea Goat (``sea-kozel.md``): the winner writes, one record at a time, 125 wins; special hands,
eggs played from 1-1, hundreds, the fisherman's block and its write-off.

The whole of §8 and §9 is :class:`SeaRecord`, a settlement kind: it settles a hand (the record, the
eggs, the events that end the match at once) and imposes the leads that depend on what it keeps
(:meth:`SeaRecord.lead`: a compulsory or declared hundred, eggs led from 1-1, egg redeals).

>>> from sevenrocks.core.games import find_game
>>> rules = find_game("sea-kozel").rules(seats=2)
>>> rules.several_doubles, rules.sea_values, rules.ending.target
(2, True, 125)
>>> facts = HandFacts.of_pips(rules, "domino", 1, 1, (0, 12), (1, 0), (1 << 27, 0), (0, 0),
...                           Ledger.empty(2), last_move=(10,))
>>> settled = SeaRecord().settle(facts)
>>> settled.written, settled.ledger.record, settled.scores
((0, 50), (1, 50), (0, 50))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from sevenrocks.core.errors import LeaderError
from sevenrocks.core.games.common import target
from sevenrocks.core.games.ending import Outcome, TargetAfterHand
from sevenrocks.core.games.model import Boneyard, Game, Later, Option, OptionValue, Rules, Stuck
from sevenrocks.core.games.orders import ORDER_GOAT
from sevenrocks.core.games.settlement import (
    HandFacts,
    ImposedLead,
    Ledger,
    Settled,
    Settlement,
    WriteOff,
)
from sevenrocks.core.tiles import tile_of

__all__ = ["SEA_KOZEL", "SeaRecord", "write_record"]

#: §8.4: the amount that opens or crosses out a record (25 or more).
OPENING: Final = 25
#: §9.2 (2), (3): a seat's value that counts as "25 or more".
SPECIAL: Final = 25
#: §9.2 (5): the failed attempt that settles a suspended block.
ATTEMPTS: Final = 3
#: §8.6: the egg redeal that makes the eggs rotten.
ROTTEN: Final = 3

_BLANKS: Final = tile_of(0, 0).index
_ONES: Final = tile_of(1, 1).index
_SIXES: Final = tile_of(6, 6).index


def write_record(
    record: tuple[int, int] | None, winner: int, amount: int
) -> tuple[tuple[int, int] | None, int, bool]:
    """§8.4: the record after side ``winner`` wins ``amount``, the points added, and whether a
    record was crossed out.

    >>> write_record(None, 0, 18), write_record(None, 0, 31)
    ((None, 0, False), ((0, 31), 31, False))
    >>> write_record((0, 31), 0, 9), write_record((0, 40), 1, 26), write_record((0, 40), 1, 12)
    (((0, 40), 9, False), (None, 0, True), ((0, 40), 0, False))
    """
    if record is None:
        return ((winner, amount), amount, False) if amount >= OPENING else (None, 0, False)
    side, points = record
    if side == winner:
        return (side, points + amount), amount, False
    if amount >= OPENING:
        return None, 0, True
    return record, 0, False


@dataclass(frozen=True)
class SeaRecord(Settlement):
    """Sea Goat's settlement (§8) and its events (§9.2–§9.4; off with ``events`` false, §9.5).

    A side's score is the record's points for the record side and 0 for the other; the record
    reaching the target is checked by the game's ending after the hand (§9.1).
    """

    events: bool = True
    keeps_ledger = True
    uses_values = True
    keeps_record = True

    def settle(self, facts: HandFacts) -> Settled:
        rules, totals, values = facts.rules, facts.totals, facts.values
        ledger = facts.ledger if facts.ledger is not None else Ledger.empty(2)
        ledger = replace(ledger, egg_redeals=0)  # §8.6: a played hand starts the count again
        side_of = rules.side_of
        winner = self._core_winner(facts)
        events: list[str] = []
        written = [0, 0]
        owed: int | None = None
        suspended = False
        pending = ledger.write_off  # a hand played while a write-off is pending is an attempt (§9.2 (5))
        finisher = facts.finisher
        if self.events:
            if finisher is not None and _BLANKS in facts.last_move:  # (1) bald goat
                return self._over(facts, ledger, "bald-goat", side_of(finisher))
            six_short = False
            if finisher is not None and _SIXES in facts.last_move:  # (2) six-six finish
                side = side_of(finisher)
                if any(values[s] >= SPECIAL for s in range(rules.seats) if side_of(s) != side):
                    return self._over(facts, ledger, "six-six", side)
                six_short = True
            if facts.hundred is not None:  # (3) the hundred hand, judged on §8.2's winner
                side = side_of(facts.hundred)
                if winner == side:
                    return self._over(facts, ledger, "hundred-won", side)
                if winner is not None and values[facts.hundred] >= SPECIAL:
                    return self._over(facts, ledger, "hundred-lost", 1 - side)
            if six_short:
                events.append("six-six-short")
                owed = finisher
            fisherman = facts.fisherman
            if finisher is None and winner is not None and fisherman is not None:  # (4)
                own_side = side_of(fisherman)
                own, other = totals[own_side], totals[1 - own_side]
                if own < OPENING and other > OPENING:  # (a)
                    events.append("fisherman-hundred")
                    winner, owed = own_side, fisherman
                elif own > other and own > OPENING and pending is None:  # (b)
                    events.append("write-off-pending")
                    ledger = replace(ledger, write_off=WriteOff(fisherman, own_side, own))
                    suspended = True
        record, eggs = ledger.record, ledger.eggs
        if not suspended:
            if winner is None:  # §8.6: eggs
                eggs += sum(totals)
            else:
                record, added, crossed = write_record(record, winner, totals[1 - winner] + eggs)
                eggs = 0
                written[winner] += added
                if crossed:
                    events.append("crossed-out")
        write_off = ledger.write_off
        if self.events and pending is not None:  # (5) an attempt at the pending write-off
            if winner == pending.side and totals[1 - pending.side] >= OPENING:
                events.append("write-off")
                write_off = None
            elif pending.failures + 1 < ATTEMPTS:
                write_off = replace(pending, failures=pending.failures + 1)
            else:
                events.append("write-off-failed")
                write_off = None
                other = 1 - pending.side
                record, added, crossed = write_record(record, other, pending.amount)
                written[other] += added
                if crossed:
                    events.append("crossed-out")
                owed = (pending.seat + 1) % rules.seats
        ledger = replace(ledger, record=record, eggs=eggs, owed=owed, write_off=write_off)
        return Settled(self.scores_of(ledger), written=tuple(written), ledger=ledger, events=tuple(events))

    @staticmethod
    def _core_winner(facts: HandFacts) -> int | None:
        """§8.2: the finisher's side; after a block the side with the lower total; ``None``: eggs."""
        if facts.finisher is not None:
            return facts.rules.side_of(facts.finisher)
        low, high = facts.totals
        return None if low == high else (0 if low < high else 1)

    def _over(self, facts: HandFacts, ledger: Ledger, event: str, side: int) -> Settled:
        """§9.3: a hand that ends the match by (1)–(3) is not settled."""
        return Settled(
            tuple(facts.scores),
            written=(0, 0),
            ledger=ledger,
            outcome=Outcome((side,)),
            events=(event,),
        )

    @staticmethod
    def scores_of(ledger: Ledger) -> tuple[int, int]:
        """§8.5: the record's points for the record side, 0 for the other."""
        if ledger.record is None:
            return (0, 0)
        side, points = ledger.record
        return (points, 0) if side == 0 else (0, points)

    # ------------------------------------------------------------------ leads
    def lead(
        self, rules: Rules, ledger: Ledger | None, masks: Sequence[int], *, first: bool, declared: bool
    ) -> ImposedLead | None:
        """§3.2 (a), (b) and §3.3 for a deal of ``masks``; ``None``: §3.1 or §3.2 (c) applies."""
        if ledger is None or first or not self.events:
            if declared:
                why = "with events false (sea-kozel.md §9.5)" if not self.events else "in the first hand"
                raise LeaderError(f"no hundred may be declared {why}")
            return None
        if ledger.owed is not None:  # (a)
            if declared:
                raise LeaderError(
                    f"seat {ledger.owed} owes a compulsory hundred and leads: no hundred may be declared"
                )
            seat = ledger.owed
            return ImposedLead(
                seat, -1, "hundred", f"seat {seat} owes a compulsory hundred and must lead", hundred=seat
            )
        if ledger.eggs:  # (b)
            if declared:
                raise LeaderError("eggs are pending and are led from 1-1: no hundred may be declared")
            holder = _holder(masks, _ONES)
            if holder is None:
                return ImposedLead(
                    None, _ONES, "eggs", "1-1 is not dealt while eggs are pending: an egg redeal"
                )
            return ImposedLead(
                holder, _ONES, "eggs", f"eggs are pending: seat {holder} holds 1-1 and must lead it"
            )
        if not declared:
            return None
        holder = _holder(masks, _SIXES)
        if holder is None:
            raise LeaderError("6-6 is not dealt to any seat: nobody can declare a hundred")
        if ledger.record is None or rules.side_of(holder) != ledger.record[0]:
            raise LeaderError(
                f"seat {holder} holds 6-6, but its side does not hold the record: "
                "it may not declare a hundred"
            )
        return ImposedLead(
            holder, _SIXES, "declared", f"seat {holder} declared a hundred and must lead 6-6", hundred=holder
        )

    def lead_before_deal(self, ledger: Ledger | None) -> tuple[bool, int | None]:
        """§3.2 (a) names the seat that owes a hundred; (b) waits for the deal (the holder of 1-1)."""
        if ledger is None or not self.events:
            return False, None
        if ledger.owed is not None:
            return True, ledger.owed
        return bool(ledger.eggs), None

    def void_deal(self, ledger: Ledger | None) -> tuple[Ledger | None, tuple[str, ...]]:
        """§8.6: one more egg redeal in a row; the third makes the eggs rotten."""
        assert ledger is not None
        count = ledger.egg_redeals + 1
        if count < ROTTEN:
            return replace(ledger, egg_redeals=count), ("egg-redeal",)
        return replace(ledger, eggs=0, egg_redeals=0), ("egg-redeal", "rotten-eggs")


def _holder(masks: Sequence[int], tile: int) -> int | None:
    return next((seat for seat, mask in enumerate(masks) if mask >> tile & 1), None)


def _sea(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="sea-kozel",
        options=options,
        seats=seats,
        partnerships=seats == 4,
        hand_size=7,
        boneyard=Boneyard.DRAW if seats < 4 else Boneyard.NONE,
        reserve=int(options["reserve"]),
        goat_misdeal=True,
        first_lead=ORDER_GOAT,
        after_block=Later.FISHERMAN,
        several_doubles=2,
        stuck=Stuck.DRAW_UNTIL_PLAYABLE,
        settlement=SeaRecord(bool(options["events"])),
        ending=TargetAfterHand(int(options["target"])),
        sea_values=True,
        fisherman_non_double=True,
    )


SEA_KOZEL = Game(
    id="sea-kozel",
    name="Sea Goat (Morskoy kozel)",
    summary="Goat where points are good: one record at a time, 125 wins, and instant wins by events.",
    seats=(2, 4),
    options=(
        target(125),
        Option("events", True, "bald goat, hundreds, the fisherman's rules and eggs led from 1-1"),
        Option("reserve", 1, "boneyard tiles at the end that are never drawn", choices=(0, 1)),
    ),
    build=_sea,
    report=("draws", "values", "fisherman", "written", "hundred", "events", "eggs", "record"),
)
