"""The error messages of the Match API: one class per kind of illegal action, each message naming
the rule and the position (hand and play), and the state unchanged after it.

The positions come from the first hand of ``tests/conformance/examples/match1.json`` (deal and
plays written out here so that the messages can be read next to them).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from sevenrocks.core import (
    BranchNotOpenError,
    DealError,
    EmptyHistoryError,
    HandInProgressError,
    HandOverError,
    IllegalPlayError,
    LeaderError,
    Match,
    MatchOverError,
    MismatchError,
    NotationError,
    NotInHandError,
    OpeningPlayError,
    Play,
    SevenRocksError,
    SideNotOpenError,
    Tile,
    UnknownAnchorError,
)

DEAL = [
    ["0-1", "0-5", "1-4", "1-5", "2-5", "4-5", "5-6"],
    ["0-4", "1-1", "1-3", "2-2", "2-6", "3-5", "6-6"],
    ["0-0", "0-6", "1-6", "2-3", "3-4", "3-6", "4-4"],
    ["0-2", "0-3", "1-2", "2-4", "3-3", "4-6", "5-5"],
]
LEADER = 1
# play index: seat to place next, what is open after it
PLAYS = [
    "0-4",  # 0 seat 1
    "0-6@0-4:low",  # 1 seat 2
    "2-4@0-4:high",  # 2 seat 3
    "2-5@2-4:low",  # 3 seat 0
    "6-6@0-6:high",  # 4 seat 1: the spinner, line B open
    "1-6@6-6:B",  # 5 seat 2: both straight sides filled, branches open
    "4-6@6-6:bA",  # 6 seat 3
    "5-6@6-6:bB",  # 7 seat 0
    "1-1@1-6:low",  # 8 seat 1
    "4-4@4-6:low",  # 9 seat 2: a later double, no branches
    "5-5@2-5:high",  # 10 seat 3
    "0-5@5-6:low",  # 11 seat 0
    "1-3@1-1:B",
    "2-3@1-3:high",
    "0-2@0-5:low",
    "1-4@4-4:B",
    "2-2@2-3:low",
    "1-2@1-4:low",
    "1-5@5-5:B",
    "2-6@0-2:high",
    "3-6@2-6:high",
    "0-3@3-6:low",
    "0-1@1-5:low",
    "0-0@0-3:low",  # 23: the hand is blocked
]


def position(plays: int, *, target: int = 250) -> Match:
    """The match after the first ``plays`` plays of the hand."""
    match = Match(target=target)
    match.start_hand([[Tile.parse(t) for t in seat] for seat in DEAL], leader=LEADER)
    for text in PLAYS[:plays]:
        match.push_notation(text)
    return match


def state(match: Match) -> tuple[Any, ...]:
    return (
        match.phase,
        match.turn,
        match.scores,
        tuple(match.hand_mask(s) for s in range(4)),
        match.layout.plays,
        match.layout.points,
        match.layout.ends_total,
        match.events,
        match.results,
        match.history,
    )


def refused(match: Match, text: str, error: type[SevenRocksError]) -> SevenRocksError:
    """Push ``text``; it must raise exactly ``error`` and change nothing. Returns the error."""
    before = state(match)
    with pytest.raises(SevenRocksError) as info:
        match.push_notation(text)
    assert type(info.value) is error, repr(info.value)
    assert state(match) == before
    # push(Play) and check(Play) raise the same error
    with pytest.raises(error):
        match.push(Play.parse(text))
    with pytest.raises(error):
        match.check(Play.parse(text))
    assert state(match) == before
    return info.value


def test_tile_of_another_seat() -> None:
    err = refused(position(0), "0-1", NotInHandError)
    assert (err.hand, err.play) == (0, 0)
    assert str(err) == "hand 0, play 0: tile 0-1 is not in seat 1's hand"
    assert isinstance(err, IllegalPlayError) and isinstance(err, ValueError)


def test_tile_already_placed() -> None:
    err = refused(position(2), "0-4@2-4:low", NotInHandError)
    assert str(err) == "hand 0, play 2: tile 0-4 is not in seat 3's hand"


def test_opening_written_mid_hand() -> None:
    err = refused(position(1), "0-6", OpeningPlayError)
    assert (err.hand, err.play) == (0, 1)
    assert "0-6 is written as an opening, but the hand is already open" in str(err)
    assert "TILE@ANCHOR:SIDE" in str(err)


def test_anchor_given_for_the_opening() -> None:
    err = refused(position(0), "0-4@1-1:A", OpeningPlayError)
    assert str(err) == (
        "hand 0, play 0: 0-4@1-1:A: the layout is empty: open the hand with a tile alone, e.g. '0-4'"
    )


def test_unknown_anchor() -> None:
    err = refused(position(1), "0-6@3-3:A", UnknownAnchorError)
    assert str(err) == "hand 0, play 1: 0-6@3-3:A: anchor 3-3 has not been placed in the layout"


def test_covered_side() -> None:
    err = refused(position(2), "2-4@0-4:low", SideNotOpenError)
    assert str(err) == "hand 0, play 2: 2-4@0-4:low: side low of 0-4 is covered by 0-6"


def test_side_where_the_anchor_joins() -> None:
    err = refused(position(5), "3-6@0-6:low", SideNotOpenError)
    assert str(err) == "hand 0, play 5: 3-6@0-6:low: side low of 0-6 is where it joins the layout 0-4"


def test_covered_branch() -> None:
    err = refused(position(7), "5-6@6-6:bA", SideNotOpenError)
    assert str(err) == "hand 0, play 7: 5-6@6-6:bA: side bA of 6-6 is covered by 4-6"


def test_side_the_anchor_does_not_have() -> None:
    err = refused(position(2), "2-4@0-4:A", SideNotOpenError)
    assert "0-4 is not a double: its sides are low and high, not A" in str(err)
    err = refused(position(5), "1-6@6-6:high", SideNotOpenError)
    assert "6-6 is a double: its sides are A and B (and bA, bB on the spinner), not high" in str(err)


def test_branch_before_both_straight_sides() -> None:
    err = refused(position(5), "1-6@6-6:bA", BranchNotOpenError)
    assert str(err) == "hand 0, play 5: branch bA of spinner 6-6 is not open: line B is still empty"


def test_branch_of_an_opening_spinner_names_the_empty_lines() -> None:
    match = Match()
    deal = [DEAL[1], DEAL[0], DEAL[2], DEAL[3]]  # seat 0 holds 6-6, seat 1 holds 5-6
    match.start_hand([[Tile.parse(t) for t in seat] for seat in deal], leader=0)
    match.push_notation("6-6")  # the opening double is the spinner, lines A and B open
    err = refused(match, "5-6@6-6:bA", BranchNotOpenError)
    assert (
        str(err) == "hand 0, play 1: branch bA of spinner 6-6 is not open: line A and line B are still empty"
    )
    match.push_notation("5-6@6-6:A")
    err = refused(match, "1-6@6-6:bB", BranchNotOpenError)
    assert str(err) == "hand 0, play 2: branch bB of spinner 6-6 is not open: line B is still empty"


def test_branch_of_a_double_that_is_not_the_spinner() -> None:
    err = refused(position(10), "0-3@4-4:bA", BranchNotOpenError)
    assert str(err) == (
        "hand 0, play 10: 0-3@4-4:bA: 4-4 is not the spinner (the spinner is 6-6): "
        "only the spinner has side branches"
    )


def test_mismatched_value() -> None:
    err = refused(position(1), "2-3@0-4:low", MismatchError)
    assert str(err) == "hand 0, play 1: 2-3@0-4:low: tile 2-3 does not match side low of 0-4, which shows 0"


def test_play_after_the_hand_has_ended() -> None:
    match = position(len(PLAYS))
    assert match.turn is None and match.results[-1].end.value == "blocked"
    err = refused(match, "3-3@2-2:B", HandOverError)
    assert str(err) == "hand 0, play 24: 3-3@2-2:B: hand 0 has ended (it is blocked)"


def dominoed_match() -> Match:
    """A match whose first hand ended in a domino (the first such seed)."""
    for seed in range(100):
        match = Match(seed=seed)
        match.start_hand()
        while match.turn is not None:
            match.push(match.legal_plays()[0])
        if match.results[-1].end.value == "domino" and not match.is_over:
            return match
    raise AssertionError("no domino in 100 hands")


def test_play_after_a_domino_names_the_finisher() -> None:
    match = dominoed_match()
    finisher = match.results[-1].finisher
    err = refused(match, str(match.layout.plays[-1]), HandOverError)
    assert f"hand 0 has ended (seat {finisher} dominoed)" in str(err)


def test_play_before_any_deal() -> None:
    match = Match()
    with pytest.raises(HandOverError) as info:
        match.push(Play.parse("3-4"))
    assert str(info.value) == "3-4: no hand has been dealt yet: deal one with start_hand()"
    assert info.value.hand is None and info.value.play is None


def test_play_after_the_match_is_won() -> None:
    match = position(2, target=10)  # 0-6@0-4:low scores 10 for seats 0 and 2
    assert match.is_over and match.winner == 0 and match.scores == (10, 0)
    err = refused(match, "2-4@0-4:high", MatchOverError)
    assert str(err) == "hand 0, play 2: 2-4@0-4:high: the match is over: partnership 0 reached 10"
    with pytest.raises(MatchOverError, match="the match is over: partnership 0 reached 10") as info:
        match.start_hand()
    assert info.value.hand == 1


def test_notation_errors_carry_the_position() -> None:
    match = position(3)
    before = state(match)
    for text, words in [
        ("9-9", "is not a tile of the double-six set"),
        ("3-4@4-4", "is not a play: write TILE@ANCHOR:SIDE"),
        ("3-4@4-4:C", "'C' is not a side"),
        ("34", "is not a tile"),
    ]:
        with pytest.raises(NotationError, match=re.escape(words)) as info:
            match.push_notation(text)
        assert (info.value.hand, info.value.play) == (0, 3)
        assert str(info.value).startswith("hand 0, play 3: ")
    assert state(match) == before


def test_pop_with_nothing_to_take_back() -> None:
    match = position(0)
    with pytest.raises(EmptyHistoryError, match="no placement of the current hand to take back"):
        match.pop()
    with pytest.raises(EmptyHistoryError):
        Match().pop()


def test_new_deal_while_a_hand_is_in_progress() -> None:
    match = position(3)
    before = state(match)
    with pytest.raises(HandInProgressError, match="hand 0 is still in progress") as info:
        match.start_hand()
    assert info.value.hand == 1
    assert state(match) == before


def test_bad_deals() -> None:
    tiles = [[Tile.parse(t) for t in seat] for seat in DEAL]
    match = Match()
    duplicated = [tiles[0], tiles[1], tiles[2], [*tiles[3][:6], tiles[0][0]]]
    with pytest.raises(DealError, match=r"tile 0-1 is dealt twice \(seats 0 and 3\)") as info:
        match.start_hand(duplicated, leader=0)
    assert (info.value.hand, info.value.play) == (0, None)
    with pytest.raises(DealError, match="seat 2 is dealt 6 tiles, not 7"):
        match.start_hand([tiles[0], tiles[1], tiles[2][:6], tiles[3]], leader=0)
    with pytest.raises(DealError, match="exactly four seats"):
        match.start_hand(tiles[:3], leader=0)
    assert match.hand_number == -1 and match.turn is None


def test_bad_leaders() -> None:
    tiles = [[Tile.parse(t) for t in seat] for seat in DEAL]
    match = Match()
    with pytest.raises(LeaderError, match=re.escape("the leader must be a seat 0..3, not 4")):
        match.start_hand(tiles, leader=4)
    # after a domino the finisher must lead
    match = dominoed_match()
    finisher = match.next_leader()
    assert finisher is not None
    with pytest.raises(
        LeaderError, match=f"seat {finisher} dominoed the previous hand and must lead"
    ) as info:
        match.start_hand(tiles, leader=(finisher + 1) % 4)
    assert (info.value.hand, info.value.play) == (1, None)
    assert match.hand_number == 0
