"""One match of any game covered, stepped hand by hand: leaders, scores, settlement, the end of the match.

Rules it models (``shared/games/README.md``):

- §2.6 and §2.7 leads: a lot (the leader is given), a tile order (that seat leads that tile), the finisher,
  the fisherman, rotation, the same tile every hand (General's 1-1, Sebastopol's 6-6); a void deal leaves
  the leader rule as it was (conformance README, "Void deals"). Sea Goat's leads (``sea-kozel.md`` §3.2,
  §3.3, §8.6): a compulsory hundred, eggs played from 1-1 (a deal without 1-1 is an egg redeal, the third
  makes the eggs rotten), a declared voluntary hundred.
- §2.14 points during play, scored for the placer's side after the lead and after every move (Bergen's
  headers, ``bergen.md`` §7).
- §2.15 the settlement of a hand ended by a domino or a block (``settle.py``; Sea Goat's record and events
  ``sea.py``; General's counts ``general.py``, its void block ``general.md`` §6.2).
- §2.17 the end of the match: a target at once (exactly, in Fives and Threes), a target after the hand
  (both sides over it is a draw in Telephone), the loser's target of the Goat family, a fixed number of
  deals, a single hand, give way (General), the record target with instant results (Sea Goat).
- §2.18 partner signals (``general.md`` §10): :meth:`RefGame.signals`.

Reports are the conformance report objects (``shared/conformance/README.md``, "Report" and "The family of
games"), with the keys the game's rules list (``rules.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.reference.family import general, sea
from tests.reference.family.errors import RefIllegal
from tests.reference.family.hand import Hand, goat_misdeal, read_deal
from tests.reference.family.outcome import Winner, fewest_points, first_out, goat, over_target, reached
from tests.reference.family.rules import GameRules, find_game
from tests.reference.family.settle import (
    GoatBook,
    deduct,
    goat_winners,
    hand_value,
    headers,
    losers_write,
    placement_points,
    side_totals,
    winner_takes,
)
from tests.reference.family.tiles import TILE_ORDERS, Tile, move_tiles_text, tile_text

EGGS = "eggs are pending: the holder of 1-1 leads it (sea-kozel.md §3.2 b)"
"""The lead rule ``sea-kozel.md`` §3.2 (b): eggs are pending and played from 1-1."""
HUNDRED_OWED = "it owes a compulsory hundred (sea-kozel.md §3.2 a)"
"""The lead rule ``sea-kozel.md`` §3.2 (a)."""


class RefGame:
    """One match, stepped by hand: the state machine that :func:`~tests.reference.family.replay` drives.

    ``options`` are named as in §11 of the game's file (for ``seven-rocks``: ``target``, the script's
    top-level target). ``seats`` may be left out and is then set by the first deal. Sausage has its own
    model (:class:`~tests.reference.family.sausage.RefSausage`).
    """

    def __init__(self, game: str, options: dict[str, Any] | None = None, seats: int | None = None) -> None:
        self.rules: GameRules = find_game(game, options)
        if self.rules.id == "sausage":
            raise ValueError("sausage has its own model, script and report: use RefSausage (sausage.py)")
        self._seats: int | None = None
        self._scores: list[int] = []
        self.winner: Winner = None
        self.goat: int | list[int] | None = None
        self.match_over = False
        self.book = GoatBook([], [], [])
        self.sea = sea.SeaBook()
        self.general = general.GeneralBook([], [], [])
        self._hand: Hand | None = None
        self._records: list[dict[str, Any]] = []
        self._played: list[Hand] = []  # hands that were played (void deals are not)
        if seats is None and len(self.rules.seats) == 1:
            seats = self.rules.seats[0]
        if seats is not None:
            self._set_seats(seats)

    # ------------------------------------------------------------------ seats and sides
    def _set_seats(self, seats: Any) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.rules.seats:
            allowed = ", ".join(str(n) for n in self.rules.seats)
            raise ValueError(f"{self.rules.id} is played by {allowed} seats, not {seats!r}")
        self._seats = seats
        if self.rules.target is None:  # bergen.md §9.1: the default target depends on the seats
            self.rules = replace(self.rules, target=self.rules.target_by_seats[seats])
        sides = self.rules.sides(seats)
        self._scores = [0] * sides
        self.book = GoatBook([0] * sides, [False] * sides, [0] * sides)
        self.general = general.GeneralBook([0] * sides, [0] * sides, [0] * sides)

    @property
    def seats(self) -> int:
        """The number of seats (set by the constructor or the first deal)."""
        if self._seats is None:
            raise ValueError("the number of seats is not known before the first deal")
        return self._seats

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (README §2.2)."""
        return self.rules.side_of(seat, self.seats)

    # ------------------------------------------------------------------ state
    @property
    def scores(self) -> list[int]:
        """Per side, the scores as the report shows them (a copy)."""
        return list(self._scores)

    @property
    def turn(self) -> int | None:
        """The seat to move now, or None when no hand is in progress."""
        return None if self._hand is None or self._hand.end is not None else self._hand.turn

    @property
    def hand_over(self) -> bool:
        """True when no hand is in progress (before the first deal, and once a hand has ended)."""
        return self.turn is None

    @property
    def boneyard_left(self) -> int:
        """Tiles still in the boneyard of the current or last hand, reserve and out-of-play tiles included."""
        return 0 if self._hand is None else len(self._hand.boneyard)

    @property
    def draws(self) -> list[int]:
        """Per seat, the tiles drawn so far in the current or last hand."""
        return [0] * self.seats if self._hand is None else list(self._hand.draws)

    def hand(self, seat: int) -> set[str]:
        """The tiles ``seat`` holds now (its draws included)."""
        if self._hand is None:
            return set()
        return {tile_text(t) for t in self._hand.hands[seat]}

    def legal_moves(self) -> set[str]:
        """Every distinct legal move of the seat on turn, in canonical notation (``hand.py``)."""
        return set() if self.turn is None or self._hand is None else self._hand.legal_moves()

    def signals(self, seat: int) -> dict[str, bool] | None:
        """``general.md`` §10: whether ``seat``'s partner holds 0-0 and 6-6 now (``{"0-0": .., "6-6": ..}``),
        in version ``general``; None in version ``naked``. With nothing drawn and every placed tile seen,
        "holds now" is what the seat knows from the deal and the play."""
        if self.rules.settlement != "counts":
            raise ValueError(f"{self.rules.id} has no partner signals (general.md §10)")
        if self._hand is None:
            return None if self.rules.version != "general" else {"0-0": False, "6-6": False}
        return general.signals(self.rules.version, self._hand.hands[(seat + 2) % 4])

    def open_points(self) -> list[tuple[str, str, int]]:
        """The layout's connection points now, as ``(anchor, side, value)``, sorted (README §2.9)."""
        if self._hand is None:
            return []
        return [(tile_text(anchor), side, value) for anchor, side, value in self._hand.layout.points()]

    # ------------------------------------------------------------------ leaders
    def _first_rule(self, deal: list[set[Tile]]) -> tuple[int | None, Tile | None, str]:
        """README §2.6: the seat and tile a tile order names; (None, None, "a lot") for a lot."""
        rule = self.rules.first_lead
        if rule == "lot":
            return None, None, "a lot"
        for tile in TILE_ORDERS[rule]:
            for seat, held in enumerate(deal):
                if tile in held:
                    return seat, tile, f"{rule}: it holds {tile_text(tile)}"
        raise RefIllegal(f"no seat holds a tile of {rule}")

    def _lead_rule(self) -> tuple[int | None, str]:
        """README §2.7: the seat that leads the next deal with any tile, and why; or (None, "first") when
        the first-hand rule applies (the first deal, or after a block where the game says so), or (None,
        "a lot after a block")."""
        if not self._played:
            return None, "first"
        last = self._played[-1]
        rule = self.rules.later_lead
        if rule == "same":
            return None, "first"
        if rule == "sea":
            kind = sea.next_lead(self.sea, self.rules.events)
            if kind == "hundred":
                return self.sea.owed, HUNDRED_OWED
            if kind == "eggs":
                return None, EGGS
        if rule == "rotation":
            return (last.leader + 1) % self.seats, "rotation"
        if last.end == "domino":
            return last.finisher, "the last hand's finisher"
        if rule in ("finisher-or-fisherman", "sea"):
            return last.fisherman, "the last hand's fisherman"
        return None, "first" if rule == "finisher-else-first" else "a lot after a block"

    def _named_leader(self, deal: list[set[Tile]]) -> tuple[int | None, Tile | None, str]:
        """Who leads this deal and which tile (None: any), or (None, None, why) when it is a lot."""
        seat, why = self._lead_rule()
        if seat is not None:
            return seat, None, why
        if why == "first":
            return self._first_rule(deal)
        if why == EGGS:  # sea-kozel.md §3.2 (b): None when 1-1 is in the boneyard (an egg redeal)
            holder = next((s for s, held in enumerate(deal) if (1, 1) in held), None)
            return holder, (1, 1), EGGS
        return None, None, why

    def _declare_hundred(self, deal: list[set[Tile]], why: str) -> tuple[int, Tile, str]:
        """``sea-kozel.md`` §3.3: the seat that declares a voluntary hundred leads 6-6; RefIllegal if the
        declaration is not allowed."""
        if self.rules.later_lead != "sea":
            raise RefIllegal(f'"hundred" is declared in sea-kozel only, not in {self.rules.id}')
        if not self.rules.events:
            raise RefIllegal("no hundred is declared with events false (sea-kozel.md §9.5)")
        if not self._played or why in (EGGS, "first") or self.sea.owed is not None:
            raise RefIllegal(
                "a voluntary hundred is declared only in a hand led by sea-kozel.md §3.2 (c) "
                "(not the first hand, not with a compulsory hundred owed or eggs pending)"
            )
        holder = next((s for s, held in enumerate(deal) if (6, 6) in held), None)
        if holder is None:
            raise RefIllegal("6-6 is in the boneyard: nobody can declare a hundred (sea-kozel.md §3.3)")
        if self.sea.record_side != self.side_of(holder):
            raise RefIllegal(
                f"seat {holder} holds 6-6 but its side does not hold the record: it may not declare a "
                "hundred (sea-kozel.md §3.3)"
            )
        return holder, (6, 6), f"it declared a hundred (sea-kozel.md §3.3): seat {holder} leads 6-6"

    @property
    def needs_leader(self) -> bool:
        """Whether the next deal's leader is chosen by lot, so that :meth:`start_hand` must be told it."""
        seat, why = self._lead_rule()
        if why == EGGS:
            return False
        return seat is None and (why != "first" or self.rules.first_lead == "lot")

    # ------------------------------------------------------------------ playing
    def start_hand(
        self, hands: list[list[str]], boneyard: Any = (), leader: int | None = None, hundred: bool = False
    ) -> None:
        """Deal a hand as a script writes it and put its leader on turn; a Goat misdeal (or in Sea Goat an
        egg redeal) ends it at once. ``hundred`` (Sea Goat only) declares a voluntary hundred (§3.3)."""
        if self.match_over:
            raise RefIllegal("the match is over: no hand may follow")
        if self._hand is not None and self._hand.end is None:
            raise RefIllegal("the hand in progress has not ended")
        if self._seats is None:
            if not isinstance(hands, list | tuple):
                raise RefIllegal("a deal is a list of hands, seat 0 first")
            self._set_seats(len(hands))
        deal, pile = read_deal(self.rules, self.seats, hands, list(boneyard or []))
        named, lead_tile, why = self._named_leader(deal)
        if leader is not None and (type(leader) is not int or leader not in range(self.seats)):
            raise RefIllegal(f"leader {leader!r} is not a seat")
        if type(hundred) is not bool:
            raise RefIllegal(f'"hundred" is true or false, not {hundred!r}')
        hundred_seat = named if why == HUNDRED_OWED else None
        if hundred:
            named, lead_tile, why = self._declare_hundred(deal, why)
            hundred_seat = named
        misdeal = self.rules.goat_misdeal and goat_misdeal(deal)
        egg_redeal = not misdeal and why == EGGS and named is None
        if named is None and why == EGGS:
            if leader is not None:
                raise RefIllegal("1-1 is in the boneyard while eggs are pending: nobody leads this void deal")
        elif named is None:
            if leader is None:
                raise RefIllegal(f"this hand's leader is chosen by {why}: the leader must be given")
            named = leader
        elif leader is not None and leader != named:
            raise RefIllegal(f"the leader is seat {named} ({why}), not seat {leader}")
        hand = Hand(self.rules, deal, pile, 0 if named is None else named, lead_tile)
        self._hand = hand
        record: dict[str, Any] = {"plays": [], "end": None}
        if self.rules.settlement == "sea":
            record.update(hundred=hundred_seat, events=None)
        self._records.append(record)
        if misdeal or egg_redeal:
            hand.end = record["end"] = "redeal"  # conformance README, "Void deals"
            hand.turn = None
            if self.rules.settlement == "sea":
                record.update(hundred=None, events=self._egg_redeal() if egg_redeal else [])
        elif self.rules.settlement == "sea":
            self.sea.egg_redeals = 0  # sea-kozel.md §8.6: a played hand starts the count again
        self._refresh()

    def _egg_redeal(self) -> list[str]:
        """``sea-kozel.md`` §8.6: one more egg redeal in a row; the third makes the eggs rotten."""
        self.sea.egg_redeals += 1
        if self.sea.egg_redeals < 3:
            return ["egg-redeal"]
        self.sea.eggs, self.sea.egg_redeals = 0, 0
        return ["egg-redeal", "rotten-eggs"]

    def play(self, move: str) -> None:
        """Make a legal move for the seat on turn, score it, and carry out the forced steps after it."""
        if self.match_over:
            raise RefIllegal("the match is over")
        hand = self._hand
        if hand is None or hand.end is not None:
            raise RefIllegal("no hand is in progress")
        seat, written = hand.apply(move)
        record = self._records[-1]
        side = self.side_of(seat)
        total = hand.layout.ends_total()
        if self.rules.points == "headers":
            points = headers(hand.layout)  # bergen.md §7
        else:
            points = placement_points(self.rules.points, total)
        if self.rules.exact and self._scores[side] + points > self.rules.target:
            points = 0  # README §2.17: points that would pass an exact target are not scored
        self._scores[side] += points
        entry: dict[str, Any] = {"seat": seat, "tile": move_tiles_text(written)}
        facts = {"ends_total": total, "points": points}
        entry.update((key, facts[key]) for key in self.rules.play_keys)
        record["plays"].append(entry)
        if points and self.rules.match_end == "at-once" and self._reached(side):
            hand.end = record["end"] = "target"
            self._finish_match(side)
            self._refresh()
            return
        hand.after_move(seat)
        if hand.end is not None:
            self._settle(hand)
        self._refresh()

    def _reached(self, side: int) -> bool:
        """Whether a side's score has reached the target (README §2.17)."""
        return reached(self._scores[side], self.rules.target, self.rules.exact)

    def _finish_match(self, winner: Winner) -> None:
        self.winner = winner
        self.match_over = True

    # ------------------------------------------------------------------ settlement
    def _settle(self, hand: Hand) -> None:
        """README §2.15 for a hand ended by a domino or a block, then the match-end check (§2.17)."""
        rules = self.rules
        record = self._records[-1]
        self._played.append(hand)
        sides = rules.sides(self.seats)
        side_of = [self.side_of(s) for s in range(self.seats)]
        pips = hand.pips()
        values = [hand_value(held, rules.lone_blank, rules.sea_values) for held in hand.hands]
        finisher_side = None if hand.finisher is None else side_of[hand.finisher]
        record.update(end=hand.end, finisher=hand.finisher, pips=pips, values=values)
        record["fisherman"] = hand.fisherman
        record["tiles"] = [len(held) for held in hand.hands]
        if rules.settlement == "deduct":
            self._scores, record["deductions"] = deduct(
                self._scores, pips, side_of, rules.rounding, rules.floor_zero
            )
        elif rules.settlement == "winner-takes":
            award = winner_takes(side_totals(values, side_of, sides), finisher_side, rules.rounding)
            self._add_award(award, record)
        elif rules.settlement == "hand-bonus":
            award = [0] * sides
            if finisher_side is not None:
                award[finisher_side] = 1
            elif rules.block_bonus:  # bergen.md §8.1: the one side with the fewest pips after a block
                totals = side_totals(pips, side_of, sides)
                if totals.count(min(totals)) == 1:
                    award[totals.index(min(totals))] = 1
            self._add_award(award, record)
        elif rules.settlement == "sea":
            self._settle_sea(hand, record, values, side_of)
            return
        elif rules.settlement == "counts":
            self._settle_general(hand, record)
            return
        elif rules.settlement == "losers-write":
            totals = side_totals(values, side_of, sides)
            last = hand.last_mover if hand.last_mover is not None else hand.leader
            egg_order = [side_of[(last + k) % self.seats] for k in range(1, self.seats + 1)]
            record["written"] = losers_write(
                self.book,
                totals,
                goat_winners(totals, finisher_side),
                egg_order,
                rules.threshold,
                rules.remember,
                rules.eggs,
            )
            self._scores = list(self.book.accounts)
        self._match_end(hand)

    def _settle_sea(self, hand: Hand, record: dict[str, Any], values: list[int], side_of: list[int]) -> None:
        """``sea-kozel.md`` §8 and §9 through ``sea.py``; the report's written, events, record."""
        facts = sea.SeaHand(
            values=values,
            side_of=side_of,
            finisher=hand.finisher,
            fisherman=hand.fisherman,
            last_move=tuple(part.tile for part in hand.last_move),
            hundred=record.get("hundred"),
        )
        result = sea.settle(self.sea, facts, self.rules.events, self.rules.target or 0)
        record.update(written=result.written, events=result.events)
        self._scores = self.sea.scores(self.rules.sides(self.seats))
        if result.winner is not None:
            self._finish_match(result.winner)

    def _settle_general(self, hand: Hand, record: dict[str, Any]) -> None:
        """``general.md`` §6.2 (a block is void), §8 (the loser, a General or a naked), §9 (give way)."""
        record.update(loser=None, general=None, naked=None)
        if hand.finisher is None:
            return
        result = general.finish(self.rules.version, hand.finisher, tuple(p.tile for p in hand.last_move))
        record.update(loser=result.loser, general=result.general, naked=result.naked)
        winner = general.count(self.general, result)
        self._scores = list(self.general.lost)
        if winner is not None:
            self._finish_match(winner)

    def _add_award(self, award: list[int], record: dict[str, Any]) -> None:
        """Add each side's award; with an exact target an award that would pass it is 0 (README §2.17)."""
        if self.rules.exact:
            award = [0 if self._scores[s] + a > self.rules.target else a for s, a in enumerate(award)]
        for side, amount in enumerate(award):
            self._scores[side] += amount
        record["award"] = award

    def _match_end(self, hand: Hand) -> None:
        """README §2.17, checked after a hand's settlement."""
        rules = self.rules
        winner: Winner = None
        if rules.match_end in ("at-once", "after-hand"):
            winner = over_target(self._scores, rules.target, rules.exact)
        elif rules.match_end == "goat":
            result = goat(self._scores, rules.target)
            if result is not None:
                self.goat, winner = result
        elif rules.match_end == "deals" and len(self._played) == rules.deals:
            winner = fewest_points(self._scores)
        elif rules.match_end == "single-hand":
            winner = first_out(hand.finisher, [len(held) for held in hand.hands])
        if winner is not None:
            self._finish_match(winner)

    # ------------------------------------------------------------------ reports
    def _refresh(self) -> None:
        """Copy the running facts (draws, scores, remembered points, eggs) into the current hand's record."""
        record = self._records[-1]
        hand = self._hand
        record["draws"] = [0] * self.seats if hand is None else list(hand.draws)
        record["scores"] = list(self._scores)
        record["remembered"] = list(self.book.remembered)
        record["eggs"] = self.book.eggs
        if self.rules.settlement == "sea":
            record["eggs"] = self.sea.eggs
            record["record"] = self.sea.record_report()

    def _report_of(self, record: dict[str, Any]) -> dict[str, Any]:
        """A hand's report object: the keys every game has and those the game's rules list."""
        out = {key: record.get(key) for key in ("plays", "end", "finisher", "pips")}
        out["plays"] = [dict(p) for p in record["plays"]]
        for key in self.rules.report:
            value = record.get(key)
            out[key] = list(value) if isinstance(value, list) else value
        out["scores"] = list(record["scores"])
        return out

    def hand_report(self) -> dict[str, Any]:
        """The report object of the current or last hand (conformance README, "Report additions")."""
        if not self._records:
            raise ValueError("no hand has been dealt")
        return self._report_of(self._records[-1])

    def report(self) -> dict[str, Any]:
        """The whole report so far: every hand, the scores, the winner (and the goat, in Goat games)."""
        out: dict[str, Any] = {"hands": [self._report_of(r) for r in self._records]}
        out["scores"] = list(self._scores)
        out["winner"] = self.winner
        if self.rules.match_end == "goat":
            out["goat"] = self.goat
        if self.rules.settlement == "counts":
            out["generals"] = list(self.general.generals)
            out["nakeds"] = list(self.general.nakeds)
        return out
