"""The compiled step (``sevenrocks.fast``) against the engine, move by move, for every game.

Random matches of every game, seat count and option set (``tests/family/configs.py``) are played
by :class:`Match`; each hand is packed into the compiled step's arrays at its deal, and every move
the engine makes (several doubles included) is also made by the step: the legal one-tile moves (in
order), every legal move with several doubles (as a set), the layout (forced four's waiting arms
included), the counted total, the points (headers included), the turn, the knocks, the draws, the
boneyard, the end of the hand, the settlement (pips, hand values, awards, deductions, Goat ledger,
General's loser, General and naked; Sea Goat's fisherman, events, record, eggs, owed hundred,
write-off and egg redeals) and the end of the match must agree after every move. The games of the
second part (Donkey, Sebastopol, Bergen, Matador, General, Sea Goat) are played longer, to the end
of their matches; in Sea Goat a voluntary hundred is declared at random where the rules allow one.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from sevenrocks.bots.kernel import decode_play, encode_play
from sevenrocks.core import HandEnd, Knock, Match, Placement, Play
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.core.notation import PLAY_TABLE
from sevenrocks.core.tables import OPENS, POINT_COUNT, SUIT_OF_POINT
from sevenrocks.core.tiles import TILES
from sevenrocks.fast import codes as C
from sevenrocks.fast import step, tables
from sevenrocks.fast.game import UnsupportedGameError, encode_match, encode_rules, sea_events

from .family.configs import TABLES, Table


def test_tables_are_the_cores() -> None:
    assert tables.JOIN.tolist() == list(OPENS)
    assert tables.COUNT.tolist() == list(POINT_COUNT)
    assert tables.SUIT_OF_POINT_MASK.tolist() == list(SUIT_OF_POINT)
    assert tables.ACTION_AT.tolist() == [-1 if p is None else p.action for p in PLAY_TABLE]


#: The games of the second part, played to the end of more matches.
PART_TWO = ("donkey", "sebastopol", "bergen", "matador", "general", "sea-kozel")


def _rows(match: Match) -> list[tuple[int, int, int]]:
    out = []
    for play in match.legal_plays():
        (row,) = encode_play(play).tolist()
        out.append(tuple(row))
    return out


def _all_moves(st: np.ndarray, game: np.ndarray) -> list[tuple[tuple[int, int, int], ...]]:
    """Every legal move by the step (:func:`step.moves`), as tuples of rows."""
    buf = np.zeros(step.MAX_OPTIONS, dtype=np.int64)
    out = np.zeros((step.MAX_MOVES, 4), dtype=np.int64)
    n = step.moves(st, game, buf, out)
    if n > len(out):
        out = np.zeros((n, 4), dtype=np.int64)
        assert step.moves(st, game, buf, out) == n
    return [tuple(step.move_of(int(c)) for c in row if c >= 0) for row in out[:n]]


def _same(match: Match, st: np.ndarray) -> None:
    rules = match.rules
    for seat in range(rules.seats):
        assert int(st[C.S_HANDS + seat]) == match.hand_mask(seat), f"seat {seat}'s tiles"
        assert int(st[C.S_DRAWS + seat]) == match.draws[seat]
    assert [int(st[C.S_SCORE + s]) for s in range(rules.sides)] == list(match.scores)
    assert int(st[C.S_TURN]) == (-1 if match.turn is None else match.turn)
    assert int(st[C.S_BLEN]) - int(st[C.S_BPOS]) == match.boneyard_size
    layout = match.layout
    points = [int(p) for p in st[C.S_POINTS : C.S_POINTS + int(st[C.S_NPTS])]]
    assert points == [p.id for p in layout.points]
    assert int(st[C.S_TOTAL]) == layout.ends_total
    assert int(st[C.S_SPINNER]) == (-1 if layout.spinner is None else layout.spinner.index)
    waiting = [int(p) for p in st[C.S_WAIT : C.S_WAIT + int(st[C.S_NWAIT])]]
    assert waiting == [p.id for p in layout.waiting]
    assert bool(st[C.S_FORCED]) == (layout._waiting is not None)
    ledger = match.ledger
    if ledger is not None:
        assert [int(st[C.S_REMEMBER + s]) for s in range(rules.sides)] == list(ledger.remembered)
        assert int(st[C.S_EGGS]) == ledger.eggs
    if rules.sea_values:
        _same_sea(match, st)
    outcome = match.outcome
    over = int(st[C.S_OVER])
    if outcome is None:
        assert over == C.OVER_NO
    elif outcome.is_draw:
        assert over == C.OVER_DRAW
    else:
        assert over == C.OVER_WON
        assert [s for s in range(rules.sides) if int(st[C.S_WINNERS]) >> s & 1] == list(outcome.winners)
        assert [s for s in range(rules.sides) if int(st[C.S_GOATS]) >> s & 1] == list(outcome.goats)


def _fisherman(match: Match) -> int | None:
    """Sea Goat's fisherman so far: the seat of the last move with a non-double tile."""
    for event in reversed(match.events):
        if isinstance(event, Placement) and any(not t.is_double for t in event.play.tiles):
            return event.seat
    return None


def _same_sea(match: Match, st: np.ndarray) -> None:
    """Sea Goat's state: the record (the one side score above 0), the ledger and the hand's
    hundred seat and fisherman."""
    ledger = match.ledger
    assert ledger is not None
    record = ledger.record
    scores = [int(st[C.S_SCORE + s]) for s in range(2)]
    assert scores == ([0, 0] if record is None else [record[1] if s == record[0] else 0 for s in range(2)])
    assert int(st[C.S_OWED]) - 1 == (-1 if ledger.owed is None else ledger.owed), "owed hundred"
    write_off = ledger.write_off
    if write_off is None:
        assert int(st[C.S_WO_SEAT]) == 0, "no write-off pending"
    else:
        got = [int(x) for x in st[C.S_WO_SEAT : C.S_WO_FAILURES + 1]]
        assert got == [write_off.seat + 1, write_off.side, write_off.amount, write_off.failures]
    assert int(st[C.S_EGG_REDEALS]) == ledger.egg_redeals
    hundred = match.history[-1].hundred  # (the engine's public record of it)
    assert int(st[C.S_HUNDRED]) - 1 == (-1 if hundred is None else hundred)
    fisherman = _fisherman(match)
    assert int(st[C.S_FISHER]) - 1 == (-1 if fisherman is None else fisherman)


def _check_hand_end(match: Match, st: np.ndarray) -> None:
    result = match.results[-1]
    assert int(st[C.S_END]) == {HandEnd.DOMINO: 1, HandEnd.BLOCKED: 2, HandEnd.TARGET: 3}[result.end]
    assert int(st[C.S_FINISHER]) == (-1 if result.finisher is None else result.finisher)
    if result.end is HandEnd.TARGET:
        return
    n = match.seats
    assert result.pips is not None
    assert [int(x) for x in st[C.S_PIPS : C.S_PIPS + n]] == list(result.pips)
    if result.values is not None:
        assert [int(x) for x in st[C.S_VALUES : C.S_VALUES + n]] == list(result.values)
    if result.deductions is not None:
        assert [int(x) for x in st[C.S_DEDUCTIONS : C.S_DEDUCTIONS + n]] == list(result.deductions)
    sides = match.rules.sides
    if result.award is not None:
        assert [int(x) for x in st[C.S_AWARD : C.S_AWARD + sides]] == list(result.award)
    if result.written is not None:
        assert [int(x) for x in st[C.S_AWARD : C.S_AWARD + sides]] == list(result.written)
    if match.rules.sea_values:
        assert sea_events(int(st[C.S_SEA_EVENTS])) == result.events
        if result.end is HandEnd.BLOCKED:
            assert int(st[C.S_FISHER]) - 1 == result.fisherman
    if match.rules.game == "general":
        assert int(st[C.S_LOSER]) == (-1 if result.loser is None else result.loser)
        assert int(st[C.S_GENERAL]) == (-1 if result.general is None else result.general)
        assert int(st[C.S_NAKED]) == (-1 if result.naked is None else result.naked)


def play_both(table: Table, seed: int, hands: int = 3, *, doubles: bool = False) -> int:
    """Play a random match with the engine and the step side by side; the moves compared. With
    ``doubles`` a move of several doubles is chosen whenever there is one (to reach the endings
    that depend on them, such as General's last move with 0-0 and 6-6). In Sea Goat a seat that
    may declare a voluntary hundred does so half the time."""
    rng = random.Random(seed)
    match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
    game = encode_rules(match.rules)
    buf = np.zeros(step.MAX_OPTIONS, dtype=np.int64)
    moves = 0
    for _ in range(hands):
        if match.is_over:
            break
        match.start_hand()
        if match.turn is None:  # a Sea Goat egg redeal (the engine deals itself again after a misdeal)
            continue
        if match.hundred_declarer() is not None and rng.random() < 0.5:
            match.declare_hundred()
        st = encode_match(match)
        _same(match, st)
        while match.turn is not None:
            n = step.options(st, game, buf)
            assert [step.move_of(int(buf[i])) for i in range(n)] == _rows(match)
            assert [decode_play(*step.move_of(int(buf[i]))) for i in range(n)] == match.legal_plays()
            legal = match.legal_moves()
            expected = [tuple(tuple(r) for r in encode_play(m).tolist()) for m in legal]
            assert sorted(_all_moves(st, game)) == sorted(expected)
            several = [m for m in legal if not isinstance(m, Play)]
            move = rng.choice(several if doubles and several else legal)
            rows = encode_play(move)
            n_events = len(match.events)
            placement = match.push(move)
            points = step.apply_move(st, game, rows, len(rows))
            assert points == placement.points
            knocks = [e for e in match.events[n_events + 1 :] if isinstance(e, Knock)]
            assert len(knocks) == int(st[C.S_KNOCKS]) - sum(
                1 for e in match.events[:n_events] if isinstance(e, Knock)
            )
            _same(match, st)
            moves += 1
        _check_hand_end(match, st)
        assert isinstance(match.events[-1], Placement) or match.results[-1].end is HandEnd.BLOCKED
    return moves


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_the_step_plays_the_engine_s_game(table: Table) -> None:
    if table.game in PART_TWO:
        seeds = 60 if table.game == "general" else 30
        hands = 60 if table.game == "sea-kozel" else 12  # (Sea Goat's matches are long)
        total = sum(play_both(table, seed, hands=hands, doubles=seed % 3 == 2) for seed in range(seeds))
    else:
        total = sum(play_both(table, seed) for seed in range(6))
    assert total > 0


def test_every_game_is_encoded() -> None:
    """The step plays every game of the family: none is refused (and none is accepted without
    being played exactly: :func:`test_the_step_plays_the_engine_s_game`)."""
    for definition in LAYOUT_GAMES:  # Sausage has its own engine
        for seats in definition.seats:
            encode_rules(definition.rules(seats=seats))


def test_an_unknown_rule_is_refused() -> None:
    """A parameter the step does not read refuses the game, unless it has its default value."""
    import dataclasses

    from sevenrocks.core.games import Matching, Rules

    rules = Match("matador").rules
    assert rules.matching is Matching.SUM_SEVEN
    encode_rules(rules)

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Newer(Rules):
        tiles_face_up: bool = False

    newer = Newer(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)})
    encode_rules(newer)
    with pytest.raises(UnsupportedGameError, match="tiles_face_up"):
        encode_rules(dataclasses.replace(newer, tiles_face_up=True))


def test_several_doubles_moves_need_room() -> None:
    """:func:`step.moves` counts every move even when its buffer is too small."""
    rng = random.Random(5)
    for seed in range(200):
        match = Match("donkey", seats=2, seed=seed)
        match.start_hand()
        game = encode_rules(match.rules)
        while match.turn is not None:
            legal = match.legal_moves()
            if len(legal) > 3:
                st = encode_match(match)
                small = np.zeros((2, 4), dtype=np.int64)
                assert step.moves(st, game, np.zeros(step.MAX_OPTIONS, dtype=np.int64), small) == len(legal)
                return
            match.push(rng.choice(legal))
    raise AssertionError("no position with more than three moves")


def test_bits() -> None:
    for x in (1, 6, 0b1011000, (1 << 27) | (1 << 3), (1 << 28) - 1):
        assert step.popcount(x) == bin(x).count("1")
        assert step.lowest(x) == (x & -x).bit_length() - 1


def test_cached_code_is_dropped_when_the_shared_rules_change(tmp_path: Path) -> None:
    """Numba would keep running callers compiled from an older copy of ``fast``: the stamp stops that."""
    from sevenrocks.fast import _drop_stale_caches

    fast = tmp_path / "sevenrocks" / "fast"
    fast.mkdir(parents=True)
    (fast / "step.py").write_text("A = 1\n")
    cache = tmp_path / "sevenrocks" / "bots" / "__pycache__"
    cache.mkdir(parents=True)
    old = cache / "kernel._run-226.py311.nbi"
    old.write_text("compiled from A = 1")
    _drop_stale_caches(fast)
    assert not old.exists()  # no stamp yet: nothing is trusted
    old.write_text("compiled from A = 1")
    _drop_stale_caches(fast)
    assert old.exists()  # same sources: the cache stays
    (fast / "step.py").write_text("A = 2\n")
    _drop_stale_caches(fast)
    assert not old.exists()  # the rules changed: the callers' cache goes


@pytest.mark.parametrize("version", ["general", "naked"])
def test_general_settlement_by_last_move(version: str) -> None:
    """General's settlement in the step against the core's (:class:`Counts`), for every last move
    that matters (0-0, 6-6, both in one move of two doubles, neither), finisher and score."""
    from sevenrocks.core.games.settlement import HandFacts
    from sevenrocks.core.tiles import tile_of

    rules = Match("general", options={"version": version}).rules
    game = encode_rules(rules)
    blanks, sixes, other = tile_of(0, 0).index, tile_of(6, 6).index, tile_of(2, 2).index
    for last_move in ((blanks,), (sixes,), (blanks, sixes), (other,), (other, sixes), (blanks, other)):
        for finisher in range(4):
            for scores in ((0, 0), (1, 0), (0, 1), (1, 1)):
                for end in ("domino", "blocked"):
                    st = np.zeros(C.STATE_SIZE, dtype=np.int64)
                    st[C.S_END] = C.END_DOMINO if end == "domino" else C.END_BLOCKED
                    st[C.S_FINISHER] = finisher if end == "domino" else -1
                    st[C.S_LAST_MOVE] = sum(1 << t for t in last_move)
                    st[C.S_SCORE : C.S_SCORE + 2] = scores
                    st[C.S_HANDS + (finisher + 1) % 4] = 1 << 5
                    step.settle(st, game)
                    facts = HandFacts.of_pips(
                        rules, end, finisher if end == "domino" else None, finisher,
                        (0, 0, 0, 0), (0, 0, 0, 0), (False,) * 4, scores, None, last_move=last_move,
                    )  # fmt: skip
                    settled = rules.settlement.settle(facts)
                    assert [int(x) for x in st[C.S_SCORE : C.S_SCORE + 2]] == list(settled.scores)
                    assert int(st[C.S_LOSER]) == (-1 if settled.loser is None else settled.loser)
                    assert int(st[C.S_GENERAL]) == (-1 if settled.general is None else settled.general)
                    assert int(st[C.S_NAKED]) == (-1 if settled.naked is None else settled.naked)
                    outcome = settled.outcome
                    if outcome is None:
                        assert int(st[C.S_OVER]) == C.OVER_NO
                    else:
                        assert int(st[C.S_OVER]) == C.OVER_WON
                        assert [s for s in range(2) if int(st[C.S_WINNERS]) >> s & 1] == list(outcome.winners)


def _random_sea_hand(rng: random.Random, seats: int) -> list[int]:
    """Random remaining hands of a finished Sea Goat hand, the sea values' hands often among them."""
    tiles = list(range(28))
    rng.shuffle(tiles)
    masks = [0] * seats
    for seat in range(seats):
        kind = rng.randrange(6)
        if kind == 0:
            masks[seat] = rng.choice((1, 1 << 27, 1 | 1 << 27))
        elif kind == 1:
            continue  # out
        else:
            for _ in range(rng.randrange(1, 6)):
                masks[seat] |= 1 << tiles.pop()
    for seat in range(seats):  # no tile twice
        for other in range(seat):
            masks[seat] &= ~masks[other]
    return masks


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("events", [True, False])
def test_sea_settlement_against_the_core(seats: int, events: bool) -> None:
    """Sea Goat's settlement in the step against :class:`SeaRecord` on random finished hands and
    ledgers (every record, eggs, owed hundred, write-off with each count of failed attempts,
    hundred seat, last move with 0-0 or 6-6, fisherman): the scores, what is written, the events,
    the ledger and the outcome (the record reaching the target included) must agree."""
    from dataclasses import replace

    from sevenrocks.core.games.settlement import HandFacts, Ledger, WriteOff

    rules = Match("sea-kozel", seats=seats, options={"events": events, "target": 90}).rules
    game = encode_rules(rules)
    rng = random.Random(seats * 2 + events)
    seen: set[str] = set()
    for _ in range(6000):
        masks = _random_sea_hand(rng, seats)
        domino = rng.random() < 0.5
        finisher = rng.randrange(seats) if domino else None
        if finisher is not None:
            masks[finisher] = 0
        record = None if rng.random() < 0.4 else (rng.randrange(2), rng.randrange(25, 90))
        write_off = None
        if events and rng.random() < 0.4:
            seat = rng.randrange(seats)
            write_off = WriteOff(seat, rules.side_of(seat), rng.randrange(26, 80), rng.randrange(3))
        owed = rng.randrange(seats) if events and rng.random() < 0.2 else None
        ledger = replace(
            Ledger.empty(2),
            eggs=rng.choice((0, 0, 12, 30)),
            record=record,
            owed=owed,
            write_off=write_off,
            egg_redeals=rng.randrange(3),
        )
        hundred = rng.randrange(seats) if events and rng.random() < 0.3 else None
        last_move = tuple(rng.sample((0, 27, 14, 20, 5), rng.randrange(1, 3)))
        fisherman = rng.randrange(seats) if not domino and rng.random() < 0.95 else None
        scores = (0, 0) if record is None else tuple(record[1] if s == record[0] else 0 for s in range(2))
        facts = HandFacts.of_pips(
            rules, "domino" if domino else "blocked", finisher, rng.randrange(seats),
            tuple(sum(TILES[t].pips for t in range(28) if m >> t & 1) for m in masks),
            tuple(m.bit_count() for m in masks), tuple(masks), scores, ledger,
            last_move=last_move, fisherman=fisherman, hundred=hundred,
        )  # fmt: skip
        settled = rules.settlement.settle(facts)
        outcome = settled.outcome or rules.ending.after_hand(settled.scores, 1)
        st = np.zeros(C.STATE_SIZE, dtype=np.int64)
        st[C.S_HANDS : C.S_HANDS + seats] = masks
        st[C.S_END] = C.END_DOMINO if domino else C.END_BLOCKED
        st[C.S_FINISHER] = -1 if finisher is None else finisher
        st[C.S_LAST] = facts.last_mover
        st[C.S_LAST_MOVE] = sum(1 << t for t in last_move)
        st[C.S_FISHER] = 0 if fisherman is None else fisherman + 1
        st[C.S_HUNDRED] = 0 if hundred is None else hundred + 1
        st[C.S_SCORE : C.S_SCORE + 2] = scores
        st[C.S_EGGS] = ledger.eggs
        st[C.S_OWED] = 0 if owed is None else owed + 1
        if write_off is not None:
            st[C.S_WO_SEAT : C.S_WO_FAILURES + 1] = (write_off.seat + 1, write_off.side, write_off.amount,
                                                     write_off.failures)  # fmt: skip
        st[C.S_EGG_REDEALS] = ledger.egg_redeals
        step.settle(st, game)
        assert [int(x) for x in st[C.S_VALUES : C.S_VALUES + seats]] == list(facts.values)
        assert [int(x) for x in st[C.S_SCORE : C.S_SCORE + 2]] == list(settled.scores)
        assert [int(x) for x in st[C.S_AWARD : C.S_AWARD + 2]] == list(settled.written or (0, 0))
        assert sea_events(int(st[C.S_SEA_EVENTS])) == settled.events
        after = settled.ledger
        assert after is not None
        assert int(st[C.S_EGGS]) == after.eggs and int(st[C.S_EGG_REDEALS]) == after.egg_redeals == 0
        assert int(st[C.S_OWED]) - 1 == (-1 if after.owed is None else after.owed)
        if after.write_off is None:
            assert int(st[C.S_WO_SEAT]) == 0
        else:
            w = after.write_off
            assert [int(x) for x in st[C.S_WO_SEAT : C.S_WO_FAILURES + 1]] == [w.seat + 1, w.side, w.amount,
                                                                             w.failures]  # fmt: skip
        if outcome is None:
            assert int(st[C.S_OVER]) == C.OVER_NO
        else:
            assert int(st[C.S_OVER]) == C.OVER_WON
            assert [s for s in range(2) if int(st[C.S_WINNERS]) >> s & 1] == list(outcome.winners)
        seen.update(settled.events or ())
        if settled.events and settled.events[-2:] == ("write-off-failed", "crossed-out"):
            seen.add("crossed out by the failed write-off")
        if outcome is not None and not settled.events:
            seen.add("target")
    expected = {"crossed-out", "target"}
    if events:
        expected |= {
            "bald-goat", "six-six", "hundred-won", "hundred-lost", "six-six-short", "fisherman-hundred",
            "write-off-pending", "write-off", "write-off-failed", "crossed out by the failed write-off",
        }  # fmt: skip
    assert seen == expected
