"""Property tests over thousands of random matches (hypothesis).

The engine is compared play by play with the independent reference model in
``tests/reference/`` (legal placements as sets, connection points, counted ends, totals, points,
knocks, block detection, settlement), and checked against the invariants of the rules: every
tile exactly once, 168 pips, counted total <= 36, points only positive multiples of five,
per-seat settlement, the target ending the match at once, push/pop restoring the exact state,
and every illegal action raising its own error with the state unchanged.

The number of matches is set by the ``settings`` below; together they play a few thousand
matches (most with low targets, so that the target is reached often) in about half a minute of
processor time.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenrocks.core import (
    ACTIONS,
    TILES,
    BranchNotOpenError,
    HandEnd,
    HandOverError,
    Match,
    MatchOverError,
    MismatchError,
    NotInHandError,
    OpeningPlayError,
    Placement,
    Play,
    SevenRocksError,
    Side,
    SideNotOpenError,
    UnknownAnchorError,
    settle,
)
from tests.reference import RefHandEnd, RefMatch, round_seat

FULL_SET = (1 << 28) - 1
PIPS = {t.index: t.pips for t in TILES}

seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: low targets end matches quickly and often at the target; 250 is the real one
targets = st.one_of(st.integers(min_value=5, max_value=120), st.just(250))

COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "derandomize": False}


# ------------------------------------------------------------------------- helpers
def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything observable about a match, for exact before/after comparisons."""
    layout = match.layout
    return (
        match.phase,
        match.turn,
        match.leader,
        match.scores,
        match.winner,
        match.hand_number,
        tuple(match.hand_mask(s) for s in range(4)),
        tuple(match.dealt(s) for s in range(4)) if match.hand_number >= 0 else None,
        layout.plays,
        layout.points,
        layout.counted(),
        layout.ends_total,
        layout.spinner,
        match.events,
        match.results,
        match.history,
        tuple(match.legal_plays()),
    )


def engine_events(match: Match) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for event in match.events:
        if isinstance(event, Placement):
            out.append(("placement", event.seat, str(event.play), event.ends_total, event.points))
        else:
            out.append(("knock", event.seat, event.values))
    return out


def assert_same_position(match: Match, ref: RefMatch) -> None:
    layout = match.layout
    assert {str(p) for p in match.legal_plays()} == ref.legal_plays()
    assert sorted((str(p.anchor), p.side.notation, p.value) for p in layout.points) == (
        ref.layout.connection_points()
    )
    assert sorted((str(t), n) for t, n in layout.counted()) == ref.layout.counted()
    assert layout.ends_total == ref.layout.ends_total()
    assert (str(layout.spinner) if layout.spinner else None) == (
        f"{ref.layout.spinner[0]}-{ref.layout.spinner[1]}" if ref.layout.spinner else None
    )
    assert match.turn == ref.turn
    assert list(match.scores) == ref.scores
    assert match.winner == ref.winner
    assert [[str(t) for t in match.hand(s)] for s in range(4)] == ref.hand_texts()
    assert engine_events(match) == ref.events


def start_both(match: Match, ref: RefMatch) -> None:
    match.start_hand()
    assert match.leader is not None
    ref.start_hand([[(t.low, t.high) for t in match.dealt(s)] for s in range(4)], match.leader)


def assert_invariants(match: Match) -> None:
    layout = match.layout
    masks = [match.hand_mask(s) for s in range(4)] + [layout.mask]
    union = 0
    for mask in masks:
        assert union & mask == 0, "a tile is in two places"
        union |= mask
    assert union == FULL_SET, "a tile is missing"
    pips = sum(PIPS[t.index] for s in range(4) for t in match.hand(s)) + sum(t.pips for t in layout.tiles)
    assert pips == 168
    assert 0 <= layout.ends_total <= 36
    assert layout.ends_total == sum(n for _, n in layout.counted())
    counts = [m.bit_count() for m in masks[:4]]
    assert sum(counts) + len(layout) == 28
    if match.turn is not None:
        assert match.legal_plays(), "the seat to play always has a placement (knocks are automatic)"


# ------------------------------------------------------------ engine == reference
@settings(max_examples=400, **COMMON)
@given(seed=seeds, target=targets)
def test_engine_agrees_with_reference_play_by_play(seed: int, target: int) -> None:
    rng = random.Random(seed ^ 0x5EED)
    match, ref = Match(target=target, seed=seed), RefMatch(target=target)
    for _ in range(4):
        if match.is_over:
            break
        start_both(match, ref)
        assert_same_position(match, ref)
        while match.turn is not None:
            play = rng.choice(match.legal_plays())
            placement = match.push(play)
            seat, total, points = ref.play(str(play))
            assert (placement.seat, placement.ends_total, placement.points) == (seat, total, points)
            assert_same_position(match, ref)
        result, ref_result = match.results[-1], ref.results[-1]
        assert result.end.value == ref_result.end.value
        assert result.finisher == ref_result.finisher
        assert (list(result.pips) if result.pips else None) == ref_result.pips
        assert (list(result.deductions) if result.deductions else None) == ref_result.deductions
        assert list(result.scores) == ref_result.scores
        if ref_result.end is RefHandEnd.DOMINO:
            assert match.next_leader() == ref_result.finisher
        else:
            assert match.next_leader() is None


# ------------------------------------------------------------------- invariants
@settings(max_examples=1500, **COMMON)
@given(seed=seeds, target=targets)
def test_invariants_of_random_matches(seed: int, target: int) -> None:
    rng = random.Random(seed ^ 0xACE)
    match = Match(target=target, seed=seed)
    previous_finisher: int | None = None
    for _ in range(8):
        if match.is_over:
            break
        match.start_hand()
        if previous_finisher is not None:
            assert match.leader == previous_finisher, "the finisher leads the next hand"
        assert_invariants(match)
        assert [len(match.hand(s)) for s in range(4)] == [7, 7, 7, 7]
        while match.turn is not None:
            before = match.scores
            seat = match.turn
            placement = match.push(rng.choice(match.legal_plays()))
            assert placement.seat == seat
            assert placement.points == 0 or (placement.points > 0 and placement.points % 5 == 0)
            assert placement.points in (0, placement.ends_total)
            assert_invariants(match)
            team = seat & 1
            if match.is_over:
                # the target stops the match at once: no settlement, nothing more to play
                result = match.results[-1]
                assert result.end is HandEnd.TARGET and result.finisher is None
                assert result.pips is None and result.deductions is None and result.hands is None
                assert match.scores[team] == before[team] + placement.points >= target
                assert match.scores[1 - team] == before[1 - team] < target
                assert placement.points > 0 and before[team] < target
                assert match.winner == team and match.turn is None
                assert match.legal_plays() == []
                with pytest.raises(MatchOverError):
                    match.start_hand()
                break
            if match.turn is None:
                result = match.results[-1]
                assert result.pips is not None and result.deductions is not None and result.hands is not None
                # settlement: each seat rounded on its own, subtracted from its partnership
                assert list(result.pips) == [sum(t.pips for t in hand) for hand in result.hands]
                assert list(result.deductions) == [round_seat(p) for p in result.pips]
                deductions, loss = settle(result.pips)
                assert deductions == result.deductions
                assert loss == (
                    result.deductions[0] + result.deductions[2],
                    result.deductions[1] + result.deductions[3],
                )
                assert match.scores == (
                    before[0] + (placement.points if team == 0 else 0) - loss[0],
                    before[1] + (placement.points if team == 1 else 0) - loss[1],
                )
                assert result.scores == match.scores
                if result.end is HandEnd.DOMINO:
                    assert result.finisher == seat and result.pips[seat] == 0
                else:
                    assert result.end is HandEnd.BLOCKED and result.finisher is None
                    assert all(not match.is_legal(p) for p in ACTIONS)
                previous_finisher = result.finisher
            else:
                assert match.scores[team] == before[team] + placement.points
                assert match.scores[1 - team] == before[1 - team]


# --------------------------------------------------------------------- push/pop
@settings(max_examples=300, **COMMON)
@given(seed=seeds, target=targets)
def test_push_pop_restores_the_exact_state(seed: int, target: int) -> None:
    rng = random.Random(seed ^ 0xBEEF)
    match = Match(target=target, seed=seed)
    for _ in range(3):
        if match.is_over:
            break
        match.start_hand()
        assert match.placements == ()
        while match.turn is not None:
            before = snapshot(match)
            # a few plays ahead (through the end of the hand or the target if it comes), then back
            depth = rng.randint(1, 4)
            pushed = []
            while len(pushed) < depth and match.turn is not None:
                play = rng.choice(match.legal_plays())
                match.push(play)
                pushed.append(play)
            for play in reversed(pushed):
                assert match.pop() == play
            assert snapshot(match) == before
            match.push(rng.choice(match.legal_plays()))
        # the whole hand can be taken back to the deal, and replayed to the same end
        end = snapshot(match)
        taken = []
        while match.placements:
            taken.append(match.pop())
        assert match.turn == match.leader and len(match.layout) == 0
        for play in reversed(taken):
            match.push(play)
        assert snapshot(match) == end


def test_copy_is_independent() -> None:
    rng = random.Random(4)
    match = Match(seed=4)
    match.start_hand()
    for _ in range(5):
        match.push(rng.choice(match.legal_plays()))
    before = snapshot(match)
    copy = match.copy()
    assert snapshot(copy) == before
    while copy.turn is not None:
        copy.push(rng.choice(copy.legal_plays()))
    assert snapshot(match) == before


# ------------------------------------------------------------- illegal actions
EXPECTED_ERROR: dict[str, type[SevenRocksError]] = {
    "match_over": MatchOverError,
    "hand_over": HandOverError,
    "not_in_hand": NotInHandError,
    "opening": OpeningPlayError,
    "unknown_anchor": UnknownAnchorError,
    "no_such_side": SideNotOpenError,
    "covered": SideNotOpenError,
    "branch": BranchNotOpenError,
    "mismatch": MismatchError,
}


def random_candidates(rng: random.Random, match: Match, count: int) -> list[Play]:
    """Plays of every shape: any of the 448 actions, openings, and tiles on sides the anchor has
    or lacks, biased towards the current position (own tiles, placed anchors)."""
    placed = list(match.layout.tiles) or list(TILES)
    seat = match.turn if match.turn is not None else 0
    own = list(match.hand(seat)) or list(TILES)
    out = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            out.append(rng.choice(ACTIONS))
        elif kind == 1:
            out.append(Play.opening(rng.choice(own if rng.random() < 0.7 else TILES)))
        else:
            tile = rng.choice(own if rng.random() < 0.8 else TILES)
            anchor = rng.choice(placed if rng.random() < 0.85 else TILES)
            out.append(Play.on(tile, anchor, rng.choice(list(Side))))
    return out


def check_illegal(match: Match, ref: RefMatch, play: Play, seen: set[str]) -> None:
    kind = ref.classify(str(play))
    if kind is None:
        assert match.is_legal(play)
        return
    assert not match.is_legal(play)
    before = snapshot(match)
    expected = EXPECTED_ERROR[kind]
    with pytest.raises(SevenRocksError) as info:
        match.push(play)
    err = info.value
    assert type(err) is expected, f"{play}: expected {expected.__name__} ({kind}), got {err!r}"
    assert err.hand == match.hand_number
    assert err.play == len(match.placements)
    assert str(play.tile) in str(err) or kind in ("match_over", "hand_over", "branch")
    assert snapshot(match) == before, "an illegal play changed the state"
    with pytest.raises(expected):
        match.check(play)
    with pytest.raises(expected):
        match.push_notation(str(play))
    assert snapshot(match) == before
    seen.add(kind)


def illegal_actions_in_match(seed: int, target: int, per_position: int, seen: set[str]) -> None:
    rng = random.Random(seed ^ 0xBAD)
    match, ref = Match(target=target, seed=seed), RefMatch(target=target)
    for _ in range(3):
        if match.is_over:
            break
        start_both(match, ref)
        while match.turn is not None:
            for play in random_candidates(rng, match, per_position):
                check_illegal(match, ref, play, seen)
            play = rng.choice(match.legal_plays())
            match.push(play)
            ref.play(str(play))
        # after the hand (or the match) has ended, every play is refused
        for play in random_candidates(rng, match, 5):
            check_illegal(match, ref, play, seen)


@settings(max_examples=200, **COMMON)
@given(seed=seeds, target=targets)
def test_every_illegal_action_raises_its_own_error_and_changes_nothing(seed: int, target: int) -> None:
    illegal_actions_in_match(seed, target, per_position=3, seen=set())


def test_illegal_action_kinds_are_all_exercised() -> None:
    """The random candidates reach every kind of illegal action (so the test above means something)."""
    seen: set[str] = set()
    for seed in range(12):
        illegal_actions_in_match(seed, 40 + 10 * seed, per_position=8, seen=seen)
    assert seen == set(EXPECTED_ERROR), f"never produced: {set(EXPECTED_ERROR) - seen}"


def test_engine_and_reference_agree_on_full_length_matches() -> None:
    """A few matches to the real target of 250, compared play by play (the hypothesis test keeps
    most matches short)."""
    for seed in (1, 2):
        rng = random.Random(seed)
        match, ref = Match(seed=seed), RefMatch()
        while not match.is_over:
            start_both(match, ref)
            while match.turn is not None:
                play = rng.choice(match.legal_plays())
                match.push(play)
                ref.play(str(play))
                assert_same_position(match, ref)
        assert match.winner == ref.winner and list(match.scores) == ref.scores
        assert max(match.scores) >= 250


@settings(max_examples=300, **COMMON)
@given(
    seed=st.integers(min_value=0, max_value=50),
    plays=st.integers(min_value=0, max_value=12),
    text=st.one_of(
        st.text(alphabet="0123456789-@:ABbhiglow ", max_size=14),
        st.from_regex(r"[0-7]-[0-7](@[0-7]-[0-7]:(low|high|A|B|bA|bB|C))?", fullmatch=True),
        st.text(max_size=12),
    ),
)
def test_malformed_notation_never_escapes_as_another_error(seed: int, plays: int, text: str) -> None:
    """Any text pushed as a play is either placed or refused with a SevenRocksError carrying the
    position, and a refused one changes nothing."""
    rng = random.Random(seed)
    match = Match(seed=seed)
    match.start_hand()
    for _ in range(plays):
        if match.turn is None:
            break
        match.push(rng.choice(match.legal_plays()))
    before = snapshot(match)
    legal = {str(p) for p in match.legal_plays()}
    try:
        placement = match.push_notation(text)
    except SevenRocksError as err:
        assert type(err) is not SevenRocksError, "a bare SevenRocksError names no kind of input"
        assert (err.hand, err.play) == (match.hand_number, len(match.placements))
        assert snapshot(match) == before
    else:
        assert str(placement.play) in legal
