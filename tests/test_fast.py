"""The shared compiled rules (``sevenrocks.fast``) against the engine, placement by placement."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from sevenrocks.core import HandEnd, Knock, Match
from sevenrocks.core.notation import NUM_POINT_IDS, PLAY_TABLE
from sevenrocks.core.scoring import placement_points, round_pips
from sevenrocks.core.tables import OPENS, POINT_COUNT, SUIT_OF_POINT
from sevenrocks.core.tiles import SUIT_MASKS
from sevenrocks.fast import rules, tables


def test_tables_are_the_cores() -> None:
    assert tables.JOIN.tolist() == list(OPENS)
    assert tables.COUNT.tolist() == list(POINT_COUNT)
    assert tables.SUIT_OF_POINT_MASK.tolist() == list(SUIT_OF_POINT)
    assert tables.ACTION_AT.tolist() == [-1 if p is None else p.action for p in PLAY_TABLE]
    assert tables.PLACEMENT_POINTS.tolist() == [
        placement_points(t) for t in range(len(tables.PLACEMENT_POINTS))
    ]
    assert tables.ROUNDED_PIPS.tolist() == [round_pips(p) for p in range(len(tables.ROUNDED_PIPS))]


def test_rules_follow_the_engine() -> None:
    """Random hands played by ``Match``; after every placement the compiled layout, counted
    total, score, legal actions, next seat, knocks and settlement are the engine's."""
    rng = random.Random(11)
    base = 3  # the layout lives at an offset inside a larger array, as in the kernel
    ends = {HandEnd.DOMINO: 0, HandEnd.BLOCKED: 0}
    for _ in range(300):
        match = Match(target=10_000, rng=random.Random(rng.random()))
        match.start_hand()
        buf = np.zeros(base + tables.MAX_POINTS, dtype=np.int64)
        npts, spinner = 0, -1
        hands = np.array([sum(t.bit for t in match.hand(s)) for s in range(4)], dtype=np.int64)
        while match.turn is not None:
            seat = match.turn
            mask = np.zeros(448, dtype=np.int8)
            rules.legal_actions(int(hands[seat]), buf, base, npts, mask)
            legal = match.legal_plays()
            assert np.flatnonzero(mask).tolist() == sorted(p.action for p in legal)
            play = rng.choice(legal)
            pid = -1 if play.point is None else play.point.id
            if pid >= 0:
                count_sum = rules.counted_sum(buf, base, npts)
                assert rules.total_after(count_sum, play.tile.index, pid) == match.layout.ends_total_after(
                    play
                )
            n_events = len(match.events)
            placement = match.push(play)
            npts, spinner, total = rules.place(buf, base, npts, spinner, play.tile.index, pid)
            hands[seat] ^= play.tile.bit
            layout = match.layout
            assert buf[base : base + npts].tolist() == sorted(p.id for p in layout.points)
            assert spinner == (-1 if layout.spinner is None else layout.spinner.index)
            assert total == layout.ends_total == placement.ends_total
            assert rules.placement_score(total) == placement.points
            fits = rules.playable(buf, base, npts)
            expected_fits = 0
            for point in layout.points:
                expected_fits |= SUIT_MASKS[point.value]
            assert fits == expected_fits
            step = rules.next_turn(hands, seat, fits)
            knocks = [e for e in match.events[n_events + 1 :] if isinstance(e, Knock)]
            if match.turn is None:
                result = match.results[-1]
                assert step == (rules.DOMINO if result.end is HandEnd.DOMINO else rules.BLOCKED)
                ends[result.end] += 1
                deductions = np.zeros(4, dtype=np.int64)
                scores = np.zeros(2, dtype=np.int64)
                rules.settle(hands, deductions, scores)
                assert tuple(deductions.tolist()) == result.deductions
                assert result.deductions is not None
                lost = [
                    result.deductions[0] + result.deductions[2],
                    result.deductions[1] + result.deductions[3],
                ]
                assert scores.tolist() == [-lost[0], -lost[1]]
            else:
                assert (seat + step) % 4 == match.turn
                assert [k.seat for k in knocks] == [(seat + b) % 4 for b in range(1, step)]
    assert ends[HandEnd.DOMINO] and ends[HandEnd.BLOCKED]


def test_bits() -> None:
    for x in (1, 6, 0b1011000, (1 << 27) | (1 << 3), (1 << 28) - 1):
        assert rules.popcount(x) == bin(x).count("1")
        assert rules.lowest(x) == (x & -x).bit_length() - 1
    assert NUM_POINT_IDS == 168


def test_cached_code_is_dropped_when_the_shared_rules_change(tmp_path: Path) -> None:
    """Numba would keep running callers compiled from an older copy of ``fast``: the stamp stops that."""
    from sevenrocks.fast import _drop_stale_caches

    fast = tmp_path / "sevenrocks" / "fast"
    fast.mkdir(parents=True)
    (fast / "rules.py").write_text("A = 1\n")
    cache = tmp_path / "sevenrocks" / "bots" / "__pycache__"
    cache.mkdir(parents=True)
    old = cache / "kernel._run-226.py311.nbi"
    old.write_text("compiled from A = 1")
    _drop_stale_caches(fast)
    assert not old.exists()  # no stamp yet: nothing is trusted
    old.write_text("compiled from A = 1")
    _drop_stale_caches(fast)
    assert old.exists()  # same sources: the cache stays
    (fast / "rules.py").write_text("A = 2\n")
    _drop_stale_caches(fast)
    assert not old.exists()  # the rules changed: the callers' cache goes
