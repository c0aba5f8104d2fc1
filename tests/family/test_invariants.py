"""Invariants of every game of the family, over random matches of every game, seat count and option set.

At every step of random matches (``configs.TABLES``: every game at every number of seats, with its
options varied and low targets so that match ends are reached):

- every tile is exactly once in the hands, the boneyard and the layout;
- ``push`` then ``pop`` restores the exact state (scores, hands, boneyard, draws, ledger, results,
  outcome, turn, events, layout), also for the move that ends a hand or the match;
- ``copy()`` is independent of the match it was made from;
- a seat's view shows its own tiles only: other seats' drawn tiles are hidden;
- the seat to move can move; knocks and draws follow the rules; the reserve is never drawn;
- scores are as each game defines them: placement points follow ``Points.of`` of the counted total
  (an exact target refuses points that would pass it), Telephone never goes below 0, Goat accounts
  only grow and grow by what is written, winner-takes games award one side at most, picture scores
  stay 0, and a finished match's outcome agrees with its ending.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenrocks.core import Match
from sevenrocks.core.events import Draw, HandEnd, Knock, Placement
from sevenrocks.core.games import Boneyard, Matching, Points, Stuck
from sevenrocks.core.games.ending import FixedDeals, LosersTarget, SingleHand, TargetAfterHand, TargetAtOnce
from sevenrocks.core.games.sea import SeaRecord
from sevenrocks.core.games.settlement import (
    DeductFloor5,
    DeductRound5,
    HandBonus,
    LosersWrite,
    NoSettlement,
    WinnerTakes,
    round5,
)
from sevenrocks.core.matching import void_mask
from sevenrocks.core.tiles import TILES

from .configs import TABLES, Table

COMMON: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def snapshot(match: Match) -> tuple[Any, ...]:
    """The whole state a move may change."""
    return (
        match.phase,
        match.turn,
        match.leader,
        match.hand_number,
        match.hands_played,
        tuple(match.hand(seat) for seat in range(match.seats)),
        match.boneyard,
        match.draws,
        match.out,
        match.scores,
        match.ledger,
        match.results,
        match.outcome,
        match.events,
        match.layout.plays,
        match.layout.points,
        match.layout.ends_total,
        tuple(str(m) for m in match.legal_moves()),
        match.history,
    )


def check_tiles(match: Match) -> None:
    """Every tile exactly once across the hands, the boneyard and the layout."""
    places = [t for seat in range(match.seats) for t in match.hand(seat)]
    places += list(match.boneyard) + list(match.layout.tiles)
    assert sorted(t.index for t in places) == list(range(len(TILES)))


def check_views(match: Match) -> None:
    """Each seat sees its own tiles and the public facts, nothing of the other seats' tiles."""
    for seat in range(match.seats):
        view = match.view(seat)
        assert view.hand == match.hand(seat)
        assert view.tile_counts == tuple(len(match.hand(s)) for s in range(match.seats))
        assert (view.boneyard, view.drawable, view.scores) == (
            match.boneyard_size,
            match.drawable,
            match.scores,
        )
        assert view.layout.plays == match.layout.plays
        assert view.draws == match.draws
        for mine, real in zip(view.events, match.events, strict=True):
            if isinstance(real, Draw) and real.seat != seat:
                assert mine == Draw(real.seat, None)
            else:
                assert mine == real
        if match.turn == seat:
            assert [str(m) for m in view.moves] == [str(m) for m in match.legal_moves()]
        else:
            assert view.legal_plays == () and view.moves == ()
        for other in range(match.seats):  # what a seat infers never excludes a tile really held
            assert match.hand_mask(other) & ~view.possible_mask(other) == 0, f"seat {seat} about {other}"


def check_step(match: Match, before: tuple[int, ...], placement: Placement, n_events: int) -> None:
    """What one move did: its points, the knocks and draws after it, the turn."""
    rules = match.rules
    side = rules.side_of(placement.seat)
    if rules.points is Points.HEADERS:  # Bergen: what the line's two ends show
        expected = match.layout.header_points()
        assert expected in (0, 2, 3)
    else:
        expected = rules.points.of(placement.ends_total)
    if rules.points is Points.NONE:
        assert placement.points == 0
    if placement.points != expected:  # only an exact target refuses points, all of them
        assert isinstance(rules.ending, TargetAtOnce) and rules.ending.exact
        assert placement.points == 0 and before[side] + expected > rules.ending.target
    assert placement.ends_total == match.layout.ends_total
    forced = match.events[n_events + 1 :]
    for i, event in enumerate(forced):
        if isinstance(event, Knock):  # what the seat held then: its tiles now but those it drew later
            later = {e.tile for e in forced[i + 1 :] if isinstance(e, Draw) and e.seat == event.seat}
            held = [t for t in match.hand(event.seat) if t not in later]
            if rules.matching is Matching.SUM_SEVEN:  # nothing adding up to seven, no matador
                assert not any(t.bit & void_mask(event.values) for t in held), "a seat knocked holding a fit"
            else:
                assert not any(t.has(v) for t in held for v in event.values), "a seat knocked holding a match"
        else:
            assert isinstance(event, Draw) and rules.draws and event.tile in match.hand(event.seat)
    if match.turn is not None:
        assert match.hand(match.turn) and match.legal_moves()
        if rules.draws:
            assert match.boneyard_size >= rules.reserve  # the reserve is never drawn
    if match.turn is not None or match.results[-1].end is HandEnd.TARGET:  # no settlement yet
        changed = [s for s in range(rules.sides) if match.scores[s] != before[s]]
        assert changed == ([side] if placement.points else [])
        assert match.scores[side] == before[side] + placement.points


def check_hand_end(match: Match, before: tuple[int, ...]) -> None:
    """A hand that just ended: its settlement as the game defines it, and the match's end."""
    rules = match.rules
    result = match.results[-1]
    settlement, ending = rules.settlement, rules.ending
    scores = match.scores
    if result.end is HandEnd.TARGET:
        assert match.outcome is not None and isinstance(ending, TargetAtOnce)
    else:
        assert result.pips == tuple(sum(t.pips for t in tiles) for tiles in result.hands or ())
        if isinstance(settlement, DeductRound5 | DeductFloor5):
            rounding = round5 if isinstance(settlement, DeductRound5) else (lambda p: p // 5 * 5)
            deductions = result.deductions or ()
            assert deductions == tuple(rounding(p) for p in result.pips or ())
            lost = [
                sum(d for seat, d in enumerate(deductions) if rules.side_of(seat) == s)
                for s in range(rules.sides)
            ]
            floor = 0 if isinstance(settlement, DeductFloor5) else None  # Telephone: never below 0
            assert scores == tuple(
                b - d if floor is None else max(floor, b - d) for b, d in zip(before, lost, strict=True)
            )
        if isinstance(settlement, WinnerTakes | HandBonus):
            award = result.award or ()
            assert all(a >= 0 for a in award) and sum(1 for a in award if a) <= 1
            assert scores == tuple(b + a for b, a in zip(before, award, strict=True))
            if result.end is HandEnd.BLOCKED and isinstance(settlement, HandBonus) and not settlement.block:
                assert not any(award)
        if isinstance(settlement, LosersWrite):
            written = result.written or ()
            assert scores == tuple(b + w for b, w in zip(before, written, strict=True))
            if result.end is HandEnd.DOMINO and result.finisher is not None:
                assert written[rules.side_of(result.finisher)] == 0
        if isinstance(settlement, NoSettlement):
            assert scores == (0,) * rules.sides and match.is_over
        if isinstance(settlement, SeaRecord):  # one record at a time: the record side's score
            record = result.record
            assert match.ledger is not None and scores == SeaRecord.scores_of(match.ledger)
            assert record is None or (record[1] >= 25 and scores[record[0]] == record[1])
            if not settlement.events:
                assert not set(result.events or ()) - {"crossed-out"}
    outcome = match.outcome
    if isinstance(ending, TargetAtOnce):
        if ending.exact:
            assert all(s <= ending.target for s in scores)
        if outcome is not None:
            assert all(ending.won(scores[w]) for w in outcome.winners)
    if isinstance(ending, TargetAfterHand) and outcome is not None:
        instant = {"bald-goat", "six-six", "hundred-won", "hundred-lost"}  # sea-kozel.md §9.2 (1)-(3)
        events = match.results[-1].events or ()
        assert max(scores) >= ending.target or instant & set(events)
    if isinstance(ending, LosersTarget) and outcome is not None:
        assert outcome.goats and all(scores[g] >= ending.target for g in outcome.goats)
    if isinstance(ending, FixedDeals):
        assert match.is_over == (match.hands_played >= ending.deals)
    if isinstance(ending, SingleHand):
        assert match.is_over


def play_checked(table: Table, seed: int, max_hands: int) -> Match:
    """A random match of ``table``, every invariant checked at every step."""
    rng = random.Random(seed)
    match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
    rules = match.rules
    hands = 0
    while not match.is_over and hands < max_hands:
        match.start_hand()
        hands += 1
        check_tiles(match)
        assert match.turn is not None  # the engine deals again a void deal it dealt itself
        start = match.scores
        settling = start
        while match.turn is not None:
            check_views(match)
            moves = match.legal_moves()
            move = rng.choice(moves)
            before = snapshot(match)
            scores, n_events = match.scores, len(match.events)
            copy = match.copy()
            placement = match.push(move)
            check_tiles(match)
            check_step(match, scores, placement, n_events)
            settling = tuple(
                score + placement.points * (rules.side_of(placement.seat) == side)
                for side, score in enumerate(scores)
            )
            after = snapshot(match)
            assert snapshot(copy) == before, "a move changed a copy made before it"
            assert match.pop() == move
            assert snapshot(match) == before, "push then pop did not restore the state"
            match.push(move)
            assert snapshot(match) == after, "the same move again did not make the same state"
            if len(moves) > 1 and rng.random() < 0.25:
                copy.push(next(m for m in moves if m != move))
                assert snapshot(match) == after, "a copy's move changed the match"
        check_views(match)
        check_hand_end(match, settling)
        if isinstance(rules.settlement, LosersWrite):
            assert all(a >= b for a, b in zip(match.scores, start, strict=True))  # accounts only grow
        if rules.boneyard is Boneyard.DRAW and rules.stuck is not Stuck.KNOCK:
            assert match.results[-1].draws == match.draws
    return match


@pytest.mark.parametrize("table", TABLES, ids=str)
@settings(max_examples=4, **COMMON)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_invariants_of_random_matches(table: Table, seed: int) -> None:
    play_checked(table, seed, max_hands=3)


def test_a_copy_is_independent_both_ways() -> None:
    match = Match("kozel", seats=3, seed=9)
    match.start_hand()
    match.push(match.legal_moves()[0])  # the lead (forced: the first tile of the lead order)
    while len(match.legal_moves()) < 2:
        match.push(match.legal_moves()[0])
    copy = match.copy()
    before = snapshot(copy)
    match.push(match.legal_moves()[0])
    assert snapshot(copy) == before
    copy.push(copy.legal_moves()[-1])
    assert snapshot(match) != snapshot(copy)
    assert copy.pop() and snapshot(copy) == before
    shallow = match.copy(stack=False)
    assert shallow.scores == match.scores
    with pytest.raises(Exception, match="no placement of the current hand to take back"):
        shallow.pop()
