"""Sea Goat (``sea-kozel.md``) in the engine: the worked examples of §12, the leads of §3.2 and §3.3
(a hundred owed, eggs led from 1-1, egg redeals and rotten eggs, a declared hundred), the events of
§9.2, and records and scripts that carry them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sevenrocks.core import Match
from sevenrocks.core.deal import is_goat_misdeal
from sevenrocks.core.errors import LeaderError, LeadTileError, RecordError
from sevenrocks.core.events import HandEnd
from sevenrocks.core.games import find_game
from sevenrocks.core.games.sea import SeaRecord, write_record
from sevenrocks.core.games.settlement import HandFacts, Ledger, WriteOff
from sevenrocks.core.notation import Play
from sevenrocks.core.record import MatchRecord
from sevenrocks.core.script import replay
from sevenrocks.core.tiles import TILES, Tile, mask_of

TWO = find_game("sea-kozel").rules(seats=2)
FOUR = find_game("sea-kozel").rules(seats=4)
SEA = SeaRecord()


def _mask(text: str) -> int:
    return mask_of([Tile.parse(t) for t in text.split()]) if text else 0


def _pips(text: str) -> int:
    return sum(t.low + t.high for t in (Tile.parse(x) for x in text.split()))


def _facts(
    rules: object,
    end: str,
    held: list[str],
    ledger: Ledger,
    *,
    finisher: int | None = None,
    fisherman: int | None = None,
    last: str = "",
    hundred: int | None = None,
) -> HandFacts:
    assert rules is TWO or rules is FOUR
    masks = tuple(_mask(h) for h in held)
    return HandFacts.of_pips(
        rules,  # type: ignore[arg-type]
        end,
        finisher,
        fisherman if fisherman is not None else 0,
        tuple(_pips(h) for h in held),
        tuple(len(h.split()) for h in held),
        masks,
        SeaRecord.scores_of(ledger),
        ledger,
        tuple(Tile.parse(t).index for t in last.split()),
        fisherman=fisherman,
        hundred=hundred,
    )


# ------------------------------------------------------------------------- §12.1 the record
def test_12_1_the_record() -> None:
    record = None
    steps = [(0, 18, None), (0, 31, (0, 31)), (1, 12, (0, 31)), (0, 9, (0, 40)), (1, 26, None)]
    for winner, amount, expected in steps:
        record, _, _ = write_record(record, winner, amount)
        assert record == expected
    # hand 6: a block with T 14 and 14 is eggs (28); hand 7: seat 1 wins 7 + 28 = 35
    ledger = Ledger.empty(2)
    six = SEA.settle(_facts(TWO, "blocked", ["4-5 2-3", "1-6 3-4"], ledger, fisherman=0))
    assert six.ledger is not None and six.ledger.eggs == 28 and six.written == (0, 0)
    seven = SEA.settle(_facts(TWO, "domino", ["3-4", ""], six.ledger, finisher=1, last="2-3"))
    assert seven.ledger is not None
    assert seven.written == (0, 35) and seven.ledger.record == (1, 35) and seven.ledger.eggs == 0
    assert seven.scores == (0, 35)


def test_12_1_hand_7_is_led_from_1_1_or_is_an_egg_redeal() -> None:
    ledger = replace(Ledger.empty(2), eggs=28)
    held = [_mask("1-1 0-2 0-3 0-4 0-5 0-6 1-2"), _mask("1-3 1-4 1-5 1-6 2-2 2-3 2-4")]
    lead = SEA.lead(TWO, ledger, held, first=False, declared=False)
    assert lead is not None and (lead.seat, lead.tile, lead.kind) == (0, Tile.parse("1-1").index, "eggs")
    held[0] = _mask("2-5 0-2 0-3 0-4 0-5 0-6 1-2")  # 1-1 in the boneyard
    redeal = SEA.lead(TWO, ledger, held, first=False, declared=False)
    assert redeal is not None and redeal.seat is None


# ------------------------------------------------------------------------- §12.2 sea values
def test_12_2_sea_values() -> None:
    settled = SEA.settle(_facts(TWO, "domino", ["0-0 6-6", ""], Ledger.empty(2), finisher=1, last="2-3"))
    assert settled.written == (0, 75)
    crossed = SEA.settle(
        _facts(
            TWO, "domino", ["0-0 6-6", ""], replace(Ledger.empty(2), record=(0, 60)), finisher=1, last="2-3"
        )
    )
    assert crossed.ledger is not None and crossed.ledger.record is None and crossed.events == ("crossed-out",)
    assert crossed.scores == (0, 0)


# ------------------------------------------------------------------------- §12.3 six-six finish
def test_12_3_six_six_short_owes_a_hundred() -> None:
    held = ["5-6 4-4", "", "3-3", "0-1"]
    settled = SEA.settle(_facts(FOUR, "domino", held, Ledger.empty(2), finisher=1, last="6-6"))
    assert settled.outcome is None and settled.events == ("six-six-short",)
    assert settled.written == (0, 25)  # 19 + 6 = 25 opens side 1's record
    assert settled.ledger is not None and settled.ledger.owed == 1


def test_12_3_six_six_wins_when_a_losing_seat_holds_25() -> None:
    held = ["5-6 4-4 1-5", "", "3-3", "0-1"]
    settled = SEA.settle(_facts(FOUR, "domino", held, Ledger.empty(2), finisher=1, last="6-6"))
    assert settled.outcome is not None and settled.outcome.winners == (1,)
    assert settled.events == ("six-six",) and settled.written == (0, 0)


def test_the_hundred_hand_after_a_six_six_short() -> None:
    owed = replace(Ledger.empty(2), owed=1, record=(1, 25))
    won = SEA.settle(
        _facts(FOUR, "domino", ["1-2", "", "0-3", "2-2"], owed, finisher=3, last="1-4", hundred=1)
    )
    assert won.outcome is not None and won.outcome.winners == (1,) and won.events == ("hundred-won",)
    lost = SEA.settle(
        _facts(FOUR, "domino", ["", "5-6 6-6 1-1", "0-3", "2-2"], owed, finisher=0, last="1-4", hundred=1)
    )
    assert lost.outcome is not None and lost.outcome.winners == (0,) and lost.events == ("hundred-lost",)
    settled = SEA.settle(
        _facts(FOUR, "domino", ["", "1-2", "0-3", "2-2"], owed, finisher=0, last="1-4", hundred=1)
    )
    assert settled.outcome is None and settled.events == ()
    assert settled.ledger is not None and settled.ledger.record == (1, 25) and settled.ledger.owed is None


def test_a_bald_goat_wins_at_once() -> None:
    settled = SEA.settle(_facts(TWO, "domino", ["", "6-6 5-5"], Ledger.empty(2), finisher=0, last="0-0"))
    assert settled.outcome is not None and settled.outcome.winners == (0,)
    assert settled.events == ("bald-goat",) and settled.scores == (0, 0)


# ------------------------------------------------------------------------- §12.4 fisherman
def test_12_4_a_fisherman_under_25_wins_and_owes_a_hundred() -> None:
    settled = SEA.settle(
        _facts(TWO, "blocked", ["5-5 4-4 1-1", "5-6 4-6 3-6 0-1"], Ledger.empty(2), fisherman=0)
    )
    assert settled.events == ("fisherman-hundred",) and settled.written == (31, 0)
    assert settled.ledger is not None and settled.ledger.owed == 0


def test_12_4_b_a_suspended_block_and_its_write_off() -> None:
    held = ["2-5 0-5", "6-6 5-6 4-6 3-4"]  # a block: seat 1 (the fisherman) holds 40, seat 0 12
    settled = SEA.settle(_facts(TWO, "blocked", held, Ledger.empty(2), fisherman=1))
    assert settled.events == ("write-off-pending",) and settled.written == (0, 0)
    ledger = settled.ledger
    assert ledger is not None and ledger.write_off == WriteOff(1, 1, 40)
    # seat 1 goes out while seat 0 holds 27: the write-off succeeds and seat 1 writes 27
    done = SEA.settle(_facts(TWO, "domino", ["6-6 5-5 1-4", ""], ledger, finisher=1, last="2-3"))
    assert done.events == ("write-off",) and done.written == (0, 27)
    assert done.ledger is not None and done.ledger.write_off is None


def test_12_4_b_three_failed_attempts_credit_the_other_side() -> None:
    ledger = replace(Ledger.empty(2), write_off=WriteOff(1, 1, 40))
    for failures in (1, 2):
        settled = SEA.settle(_facts(TWO, "domino", ["1-2", ""], ledger, finisher=1, last="2-3"))
        assert settled.events == () and settled.ledger is not None
        ledger = settled.ledger
        assert ledger.write_off == WriteOff(1, 1, 40, failures)
    third = SEA.settle(_facts(TWO, "domino", ["1-2", ""], ledger, finisher=1, last="2-3"))
    assert third.events == ("write-off-failed",)
    assert third.ledger is not None and third.ledger.record == (0, 40) and third.ledger.owed == 0
    assert third.written == (40, 0)


def test_events_false_keeps_only_the_core() -> None:
    plain = SeaRecord(events=False)
    held = ["", "6-6 5-5 4-6"]
    settled = plain.settle(_facts(TWO, "domino", held, Ledger.empty(2), finisher=0, last="0-0"))
    assert settled.outcome is None and settled.events == () and settled.written == (32, 0)
    assert plain.lead(TWO, replace(Ledger.empty(2), eggs=20), [0, 0], first=False, declared=False) is None


# ------------------------------------------------------------------------- leads in a match
def _eggs_match() -> Match:
    """A two-seat match whose first hand blocked with equal totals: eggs are pending."""
    match = Match("sea-kozel", seats=2, seed=927)
    match.start_hand()
    while match.turn is not None:
        match.push(match.legal_moves()[0])
    assert match.ledger is not None and match.ledger.eggs == 100 and not match.is_over
    assert match.next_leader() is None  # the holder of 1-1 leads: the deal decides
    return match


def _spread(first: Tile) -> tuple[list[list[Tile]], list[Tile]]:
    """A two-seat deal (no misdeal) with ``first`` in seat 0's hand, the rest spread evenly."""
    rest = [t for t in TILES if t != first]
    hands = [[first, *rest[0:24:4]], rest[1:29:4]]
    boneyard = [t for t in rest if t not in hands[0] and t not in hands[1]]
    assert not is_goat_misdeal([mask_of(h) for h in hands])
    return hands, boneyard


def _deal(one_one_dealt: bool) -> tuple[list[list[Tile]], list[Tile]]:
    """A two-seat deal with 1-1 in seat 0's hand, or in the boneyard."""
    ones = Tile.parse("1-1")
    hands, boneyard = _spread(ones)
    if not one_one_dealt:
        swap = boneyard[0]
        hands[0][0] = swap
        boneyard[0] = ones
    return hands, boneyard


def test_eggs_are_led_from_1_1() -> None:
    match = _eggs_match()
    hands, boneyard = _deal(True)
    with pytest.raises(LeaderError, match="holds 1-1"):
        match.copy().start_hand(hands, 1, boneyard=boneyard)
    match.start_hand(hands, boneyard=boneyard)
    assert match.turn == 0 and match.lead_tile == Tile.parse("1-1")
    with pytest.raises(LeadTileError):
        match.push(Play.opening(hands[0][1]))
    match.push(Play.parse("1-1"))
    assert match.history[-1].imposed == "eggs"


def test_three_egg_redeals_make_the_eggs_rotten() -> None:
    match = _eggs_match()
    hands, boneyard = _deal(False)
    with pytest.raises(LeaderError, match="egg redeal"):
        match.copy().start_hand(hands, 0, boneyard=boneyard)
    for n in (1, 2, 3):
        match.start_hand(hands, boneyard=boneyard)
        result = match.results[-1]
        assert result.end is HandEnd.REDEAL and match.turn is None
        assert result.events == (("egg-redeal",) if n < 3 else ("egg-redeal", "rotten-eggs"))
    assert match.ledger is not None and match.ledger.eggs == 0
    match.start_hand(hands, boneyard=boneyard)  # no eggs: the usual lead (the fisherman)
    assert match.turn is not None and match.history[-1].imposed is None
    record = MatchRecord.from_match(match)
    assert [record.lead_by(h) for h in range(len(record.hands))][1:] == [None, None, None, "fisherman"]
    assert MatchRecord.from_json(record.to_json()).to_report() == record.to_report()
    report = replay(record.to_script())
    assert [h["events"] for h in report["hands"][1:4]] == [
        ["egg-redeal"],
        ["egg-redeal"],
        ["egg-redeal", "rotten-eggs"],
    ]
    assert report["hands"][3]["eggs"] == 0 and report["hands"][2]["eggs"] == 100


def test_a_played_hand_starts_the_egg_redeal_count_again() -> None:
    match = _eggs_match()
    void, boneyard = _deal(False)
    match.start_hand(void, boneyard=boneyard)
    match.start_hand(void, boneyard=boneyard)
    ledger = match.ledger
    assert ledger is not None and ledger.egg_redeals == 2
    settled = SEA.settle(_facts(TWO, "blocked", ["1-2", "0-3"], ledger, fisherman=0))
    assert settled.ledger is not None and settled.ledger.egg_redeals == 0


def _record_side_match() -> Match:
    """A two-seat match after a first hand that opened seat 1's record (the family example's hand 0)."""
    from tests.conformance_data import example

    script, _ = example("sea-kozel", "examples/family")
    first = {**script, "hands": script["hands"][:1]}
    from sevenrocks.core.script import replay_match

    match = replay_match(first)
    assert match.ledger is not None and match.ledger.record == (1, 25)
    return match


def test_a_declared_hundred() -> None:
    match = _record_side_match()
    sixes = Tile.parse("6-6")
    spread, boneyard = _spread(sixes)
    hands = [spread[1], spread[0]]
    match.copy().start_hand(hands, boneyard=boneyard)  # without a declaration seat 1 (finisher) leads
    match.start_hand(hands, boneyard=boneyard, hundred=True)
    assert match.turn == 1 and match.lead_tile == sixes and match.history[-1].hundred == 1
    match.push(Play.parse("6-6"))
    record = MatchRecord.from_match(match)
    assert record.lead_by(1) == "declared"
    again = MatchRecord.from_json(record.to_json()).replay()
    assert again.history[-1].hundred == 1
    assert replay(record.to_script())["hands"][1]["hundred"] == 1


def test_a_hundred_declared_by_the_wrong_side_is_refused() -> None:
    match = _record_side_match()
    hands, boneyard = _spread(Tile.parse("6-6"))
    with pytest.raises(LeaderError, match="does not hold the record"):
        match.start_hand(hands, boneyard=boneyard, hundred=True)
    first = Match("sea-kozel", seats=2, seed=1)
    with pytest.raises(LeaderError, match="first hand"):
        first.start_hand(hundred=True)
    with pytest.raises(LeaderError, match="Sea Goat only"):
        Match("kozel", seats=2, seed=1).start_hand(hundred=True)


def test_a_script_declaring_a_hundred_badly_names_the_hand() -> None:
    from tests.conformance_data import example

    script, _ = example("sea-kozel", "examples/family")
    bad = {**script, "hands": [script["hands"][0], {**script["hands"][1], "hundred": True}]}
    with pytest.raises(LeaderError, match="hand 1: 6-6 is not dealt"):
        replay(bad)
    with pytest.raises(RecordError, match="'hundred' must be true or false"):
        replay({**script, "hands": [{**script["hands"][0], "hundred": "yes"}]})


def test_the_fisherman_is_the_seat_of_the_last_non_double() -> None:
    from tests.conformance_data import example

    script, expected = example("sea-kozel", "examples/family")
    report = replay(script)
    assert report["hands"][1]["fisherman"] == 0  # the last tile, 0-0, was a double placed by seat 0
    assert report["hands"][1]["events"] == expected["hands"][1]["events"]


def test_a_compulsory_hundred_is_led_and_recorded() -> None:
    from sevenrocks.core.script import replay_match
    from tests.conformance_data import example

    script, expected = example("sea-kozel", "examples/family")
    match = replay_match({**script, "hands": script["hands"][:2]})
    assert match.next_leader() == 0  # seat 0 owes a hundred (the fisherman's hundred of hand 1)
    match = replay_match(script)
    record = MatchRecord.from_match(match)
    assert [record.lead_by(h) for h in range(3)] == ["order", "domino", "hundred"]
    assert record.hands[2].hundred == 0 and expected["hands"][2]["hundred"] == 0
    assert MatchRecord.from_json(record.to_json()).to_report() == replay(script)
    wrong = record.to_json()
    wrong["hands"][2]["lead"] = "domino"
    with pytest.raises(RecordError, match="owes a compulsory hundred"):
        MatchRecord.from_json(wrong)


def test_declaring_a_hundred_after_the_deal() -> None:
    match = _record_side_match()
    sixes = Tile.parse("6-6")
    spread, boneyard = _spread(sixes)
    hands = [spread[1], spread[0]]
    match.start_hand(hands, boneyard=boneyard)
    assert match.turn == 1 and match.hundred_declarer() == 1  # seat 1 holds 6-6 and the record
    assert match.view(1).may_declare_hundred and not match.view(0).may_declare_hundred
    declared = match.copy()
    assert declared.declare_hundred() == 1
    assert declared.lead_tile == sixes and declared.history[-1].hundred == 1
    assert declared.hundred_declarer() is None and declared.view(0).hundred == 1
    rebuilt = Match.from_view(declared.view(0), {1: declared.hand(1)}, declared.boneyard)
    assert rebuilt.view(0).imposed == "declared" and rebuilt.hundred_declarer() is None
    with pytest.raises(LeaderError, match="already named"):
        declared.declare_hundred()
    assert MatchRecord.from_match(declared).lead_by(1) == "declared"
    match.push(match.legal_moves()[0])
    assert match.hundred_declarer() is None
    with pytest.raises(LeaderError, match="has begun"):
        match.declare_hundred()
    fresh = Match("sea-kozel", seats=2, seed=3)
    fresh.start_hand()
    assert fresh.hundred_declarer() is None  # the first hand
    with pytest.raises(LeaderError, match="first hand"):
        fresh.declare_hundred()
