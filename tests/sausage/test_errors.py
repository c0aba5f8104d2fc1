"""Every error of the Sausage engine, raised by the action that breaks its rule, with its message; the
match is left exactly as it was."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from sevenrocks.core import Match
from sevenrocks.core.errors import (
    CutEmptyLineError,
    CutEndsError,
    DealError,
    DoubleValuesError,
    EmptyHistoryError,
    GameError,
    HandInProgressError,
    HandOverError,
    IllegalPlayError,
    LeaderError,
    LineEndError,
    MatchOverError,
    NotationError,
    NotTurnedError,
    OptionError,
    OtherEngineError,
    SausageMoveError,
    SeatsError,
    SevenRocksError,
    StarterError,
)
from sevenrocks.core.games import Engine, find_game
from sevenrocks.core.sausage import SausageMatch, SausageMove

from .common import QUEUES_12_1, deal, state


def refused(
    match: SausageMatch, action: Callable[[], object], error: type[SevenRocksError], message: str
) -> SevenRocksError:
    """``action`` raises exactly ``error`` (not a subclass) with ``message`` in it; the match is unchanged."""
    before = state(match)
    with pytest.raises(SevenRocksError, match=re.escape(message)) as caught:
        action()
    assert type(caught.value) is error, f"{type(caught.value).__name__} raised, {error.__name__} expected"
    assert state(match) == before
    return caught.value


def push(match: SausageMatch, text: str) -> Callable[[], object]:
    return lambda: match.push_notation(text)


def finished(starter: int = 0, target: int = 101) -> SausageMatch:
    """The §12.1 deal played to its end with the first legal move each time."""
    match = deal(QUEUES_12_1, starter, options={"target": target})
    while match.in_deal:
        match.push(match.legal_moves()[0])
    return match


# ----------------------------------------------------------------------------------- moves
def test_the_move_classes_are_illegal_plays() -> None:
    for error in (NotTurnedError, LineEndError, DoubleValuesError, CutEmptyLineError, CutEndsError):
        assert issubclass(error, SausageMoveError) and issubclass(error, IllegalPlayError)
    assert issubclass(StarterError, LeaderError) and issubclass(OtherEngineError, GameError)


def test_a_tile_that_is_not_the_turned_one() -> None:
    match = deal()
    refused(match, push(match, "2-4:top"), NotTurnedError, "2-4:top: seat 1 has turned 5-6, not 2-4")
    match.push_notation("6-5:bottom")  # 6-5 is 5-6
    assert str(match.turned) == "2-4"


def test_a_non_double_at_an_end_it_does_not_show() -> None:
    match = deal()
    refused(match, push(match, "5-6:top"), LineEndError, "5-6:top: the top end is 2 and 5-6 shows no 2")
    match.push_notation("5-6:bottom")
    refused(
        match, push(match, "2-4:bottom"), LineEndError, "2-4:bottom: the bottom end is 6 and 2-4 shows no 6"
    )


def test_a_double_into_a_line_without_its_number() -> None:
    match = deal(moves="5-6:bottom 2-4:top 4-6:cut")
    assert str(match.turned) == "4-4"
    refused(
        match,
        push(match, "4-4:bottom"),
        DoubleValuesError,
        "4-4:bottom: the double 4-4 goes only into a line whose values include 4; "
        "the bottom line's values are 6",
    )


def test_a_cut_while_a_line_is_empty() -> None:
    match = deal()
    refused(
        match,
        push(match, "5-6:cut"),
        CutEmptyLineError,
        "5-6:cut: cannot cut while the top and bottom lines are empty (a cut needs a tile in both lines)",
    )
    match.push_notation("5-6:bottom")
    refused(
        match,
        push(match, "2-4:cut"),
        CutEmptyLineError,
        "2-4:cut: cannot cut while the top line is empty (a cut needs a tile in both lines)",
    )


def test_a_cut_with_a_tile_that_is_not_the_two_ends() -> None:
    match = deal(moves="5-6:bottom 2-4:top 4-6:top")  # ends 6 and 6; seat 1 sets 3-3 aside
    assert (match.turn, str(match.turned), match.table.ends) == (0, "4-4", (6, 6))
    refused(
        match,
        push(match, "4-4:cut"),
        CutEndsError,
        "4-4:cut: a cut needs a tile whose halves are the two ends, 6 (top) and 6 (bottom); 4-4 is not",
    )


def test_moves_that_are_not_moves() -> None:
    match = deal()
    refused(
        match,
        push(match, "5-6:left"),
        NotationError,
        "'5-6:left' is not a Sausage move: WAY is top, bottom or cut",
    )
    refused(match, push(match, "5-6"), NotationError, "'5-6' is not a Sausage move: write TILE:WAY")
    refused(match, push(match, "5-9:top"), NotationError, "'5-9:top' is not a Sausage move")
    refused(match, lambda: match.push("5-6:bottom"), NotationError, "a Sausage move is a SausageMove")  # type: ignore[arg-type]
    assert not match.is_legal("5-6:bottom")  # type: ignore[arg-type]
    assert match.is_legal(SausageMove.parse("5-6:bottom"))


# ----------------------------------------------------------------------------------- deals and starters
def test_queues_that_are_not_a_deal() -> None:
    match = SausageMatch(seed=1)
    short = (QUEUES_12_1[0][:13], QUEUES_12_1[1])
    refused(
        match,
        lambda: match.start_deal(short, 0),
        DealError,
        "seat 0's queue holds 13 tiles: each queue holds 14",
    )
    twice = (QUEUES_12_1[0], [*QUEUES_12_1[1][:13], "2-5"])
    refused(
        match,
        lambda: match.start_deal(twice, 0),
        DealError,
        "tile 2-5 is dealt twice (again in seat 1's queue)",
    )
    bad = (QUEUES_12_1[0], [*QUEUES_12_1[1][:13], "7-7"])
    refused(match, lambda: match.start_deal(bad, 0), DealError, "seat 1's queue: ")
    refused(match, lambda: match.start_deal([QUEUES_12_1[0]], 0), DealError, "a Sausage deal is two queues")
    refused(match, lambda: match.start_deal(QUEUES_12_1, 2), SeatsError, "the starter is seat 0 or 1, not 2")


def test_the_starter_the_rules_name() -> None:
    match = finished(starter=0)
    result = match.result
    assert result is not None and result.winner is not None
    named = match.next_starter
    assert named == result.winner
    refused(
        match,
        lambda: match.start_deal(QUEUES_12_1, 1 - named),
        StarterError,
        f"seat {1 - named} cannot start: seat {named} won deal 0, so seat {named} starts (§3.1)",
    )
    match.start_deal(QUEUES_12_1)
    assert match.starter == named


def test_a_deal_while_one_is_played_and_moves_when_none_is() -> None:
    match = SausageMatch(seed=3)
    refused(
        match, push(match, "5-6:bottom"), HandOverError, "no deal has been dealt: call start_deal() first"
    )
    refused(match, match.pop, EmptyHistoryError, "no deal has been dealt")
    match.start_deal(QUEUES_12_1, 0)
    refused(
        match,
        lambda: match.start_deal(QUEUES_12_1),
        HandInProgressError,
        "deal 0 is still being played: seat 1",
    )
    refused(match, match.pop, EmptyHistoryError, "deal 0 has no move to take back")
    done = finished()
    refused(done, push(done, "5-6:bottom"), HandOverError, "deal 0 is over: start the next with start_deal()")


def test_the_match_is_over() -> None:
    match = finished(target=1)
    assert match.is_over and match.winner is not None
    refused(match, lambda: match.start_deal(), MatchOverError, "the match is over: no deal follows")
    refused(match, push(match, "5-6:bottom"), MatchOverError, "the match is over: no move can be made")


def test_options_seats_and_engines() -> None:
    with pytest.raises(OptionError, match="sausage option 'target' must be a positive whole number, not 0"):
        SausageMatch({"target": 0})
    with pytest.raises(OptionError, match=re.escape("sausage has no option 'seats' (its options: target)")):
        SausageMatch({"seats": 2})
    with pytest.raises(OptionError, match="the target must be a positive whole number of points, not -5"):
        SausageMatch(target=-5)
    assert SausageMatch().target == 101 and SausageMatch(target=30).target == 30
    with pytest.raises(SeatsError, match="Sausage has seats 0 and 1, not 2"):
        SausageMatch().view(2)
    message = (
        "sausage is not played by the layout engine (sevenrocks.core.match.Match): it has its own, "
        "sevenrocks.core.sausage.SausageMatch"
    )
    with pytest.raises(OtherEngineError, match=re.escape(message)):
        Match("sausage")
    with pytest.raises(OtherEngineError, match=re.escape(message)):
        find_game("sausage").rules(seats=2)
    sausage_rules = find_game("sausage").rules(seats=2, engine=Engine.SAUSAGE)
    with pytest.raises(OtherEngineError, match=re.escape(message)):
        Match(sausage_rules)  # resolved rules of another engine are refused too
