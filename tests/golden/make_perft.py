"""Generate ``tests/golden/perft.json``: exact move-generation counts from fixed deals.

Perft ("performance test" in chess programming) counts the legal move sequences from a
position to a fixed depth; two engines that disagree on any count disagree on the rules.
This file holds two kinds of counts for Seven Rocks, from deals made by seeded shuffles:

``lines``
    A fixed line of play through a whole hand (each play drawn by a seeded generator among the
    legal plays sorted as text): the number of legal placements for the seat to play before the
    first play and after every play (0 once the hand has ended), how the hand ended and the
    scores after it.

``perft``
    From a position (a deal, a leader and the plays that lead to it), the number of distinct
    sequences of exactly ``d`` placements for ``d = 1 .. depth``. Knocks are forced, so they are
    not moves: after a placement the next seat that can place moves. A hand that ends (domino or
    block) before depth ``d`` adds nothing at ``d``; ``hand_ends[d - 1]`` counts the sequences
    whose ``d``-th placement ended the hand.

Every count is computed twice, by the engine (``Match.push``/``pop``) and by the independent
reference model in ``tests/reference/``, and the script stops if they differ. Run it from the
repository root::

    .venv/bin/python tests/golden/make_perft.py            # rewrite tests/golden/perft.json
    .venv/bin/python tests/golden/make_perft.py --check    # recompute and compare, write nothing

``tests/test_perft.py`` checks the engine against the file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from sevenrocks.core import Match, Tile  # noqa: E402
from tests.reference import RefMatch, parse_tile  # noqa: E402

OUTPUT = Path(__file__).with_name("perft.json")
ALL_TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def seeded_deal(seed: int) -> list[list[str]]:
    """28 tiles shuffled by ``random.Random(seed)``, seven to each seat, each hand sorted."""
    tiles = ALL_TILES.copy()
    random.Random(seed).shuffle(tiles)
    return [sorted(tiles[7 * s : 7 * s + 7], key=parse_tile) for s in range(4)]


def arranged_deal(seed: int, fixed: list[list[str]]) -> list[list[str]]:
    """Seats hold the ``fixed`` tiles given for them; the rest are shuffled by ``seed`` to fill up."""
    used = {t for seat in fixed for t in seat}
    rest = [t for t in ALL_TILES if t not in used]
    random.Random(seed).shuffle(rest)
    deal = []
    for seat in fixed:
        need = 7 - len(seat)
        deal.append(sorted([*seat, *rest[:need]], key=parse_tile))
        rest = rest[need:]
    return deal


# --------------------------------------------------------------- the two models
def engine_at(deal: list[list[str]], leader: int, setup: list[str]) -> Match:
    match = Match()
    match.start_hand([[Tile.parse(t) for t in seat] for seat in deal], leader=leader)
    for play in setup:
        match.push_notation(play)
    return match


def reference_at(deal: list[list[str]], leader: int, setup: list[str]) -> RefMatch:
    match = RefMatch()
    match.start_hand([[parse_tile(t) for t in seat] for seat in deal], leader)
    for play in setup:
        match.play(play)
    return match


def engine_perft(match: Match, depth: int, counts: list[int], ends: list[int], level: int = 0) -> None:
    for play in match.legal_plays():
        match.push(play)
        counts[level] += 1
        if match.turn is None:
            ends[level] += 1
        elif level + 1 < depth:
            engine_perft(match, depth, counts, ends, level + 1)
        match.pop()


def reference_perft(match: RefMatch, depth: int, counts: list[int], ends: list[int], level: int = 0) -> None:
    for play in sorted(match.legal_plays()):
        match.play(play)
        counts[level] += 1
        if match.turn is None:
            ends[level] += 1
        elif level + 1 < depth:
            reference_perft(match, depth, counts, ends, level + 1)
        match.undo()


# ------------------------------------------------------------------- the data
LINE_SEEDS = (1, 2, 3, 4)


def make_line(seed: int) -> dict[str, Any]:
    deal = seeded_deal(seed)
    leader = seed % 4
    rng = random.Random(1000 + seed)
    ref = reference_at(deal, leader, [])
    plays: list[str] = []
    counts = [len(ref.legal_plays())]
    while ref.turn is not None:
        play = rng.choice(sorted(ref.legal_plays()))
        ref.play(play)
        plays.append(play)
        counts.append(len(ref.legal_plays()))
    result = ref.results[-1]
    # the engine, on the same line
    match = engine_at(deal, leader, [])
    engine_counts = [len(match.legal_plays())]
    for play in plays:
        match.push_notation(play)
        engine_counts.append(len(match.legal_plays()))
    assert engine_counts == counts, f"line {seed}: engine {engine_counts} != reference {counts}"
    assert match.results[-1].end.value == result.end.value and list(match.scores) == ref.scores
    return {
        "name": f"seed {seed}",
        "deal": deal,
        "leader": leader,
        "plays": plays,
        "legal_counts": counts,
        "end": result.end.value,
        "scores": ref.scores,
    }


def perft_positions() -> list[dict[str, Any]]:
    """The positions to count from: (name, deal, leader, setup plays, depth)."""
    spinner_line = ["1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B"]
    spinner_deal = arranged_deal(7, [["1-4", "1-2"], ["1-1"], ["4-4"], ["3-4"]])
    double_deal = arranged_deal(8, [["5-5"], [], [], []])
    late = make_line(2)
    return [
        {
            "name": "seed 1 deal, empty layout, seat 0 to open",
            "deal": seeded_deal(1),
            "leader": 0,
            "setup": [],
        },
        {
            "name": "seed 5 deal, empty layout, seat 2 to open",
            "deal": seeded_deal(5),
            "leader": 2,
            "setup": [],
        },
        {
            "name": "opening double 5-5 is the spinner, both straight sides open",
            "deal": double_deal,
            "leader": 0,
            "setup": ["5-5"],
        },
        {
            "name": "spinner 1-1 with both branches open (the seed texts' line)",
            "deal": spinner_deal,
            "leader": 0,
            "setup": spinner_line,
        },
        {
            "name": "seed 2 line after 10 plays (late in the hand, knocks and blocks near)",
            "deal": late["deal"],
            "leader": late["leader"],
            "setup": late["plays"][:10],
        },
    ]


def count(position: dict[str, Any], depth: int) -> dict[str, Any]:
    deal, leader, setup = position["deal"], position["leader"], position["setup"]
    counts, ends = [0] * depth, [0] * depth
    engine_perft(engine_at(deal, leader, setup), depth, counts, ends)
    ref_counts, ref_ends = [0] * depth, [0] * depth
    reference_perft(reference_at(deal, leader, setup), depth, ref_counts, ref_ends)
    name = position["name"]
    assert counts == ref_counts, f"{name}: engine {counts} != reference {ref_counts}"
    assert ends == ref_ends, f"{name}: engine ends {ends} != reference {ref_ends}"
    return {**position, "depth": depth, "counts": counts, "hand_ends": ends}


def build(depth: int) -> dict[str, Any]:
    return {
        "format": "sevenrocks-perft-1",
        "description": (
            "Exact counts from fixed deals, made by tests/golden/make_perft.py (read its docstring) "
            "and cross-checked there with the independent reference model. legal_counts[i]: legal "
            "placements for the seat to play after the first i plays of the line (0 once the hand "
            "has ended). counts[d-1]: distinct sequences of exactly d placements from the position "
            "(knocks are forced, not moves); hand_ends[d-1]: those whose d-th placement ended the hand."
        ),
        "lines": [make_line(seed) for seed in LINE_SEEDS],
        "perft": [count(position, depth) for position in perft_positions()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Generate (or --check) tests/golden/perft.json.")
    parser.add_argument("--depth", type=int, default=7, help="perft depth (default 7)")
    parser.add_argument("--check", action="store_true", help="recompute and compare with the file")
    args = parser.parse_args()
    start = time.perf_counter()
    data = build(args.depth)
    text = json.dumps(data, indent=1) + "\n"
    seconds = time.perf_counter() - start
    if args.check:
        same = OUTPUT.read_text(encoding="utf-8") == text
        print(f"{OUTPUT.name}: {'up to date' if same else 'DIFFERS'} ({seconds:.1f} s)")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    for entry in data["perft"]:
        print(f"{entry['name']}: {entry['counts']}")
    print(f"wrote {OUTPUT} ({seconds:.1f} s; engine and reference agree on every count)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
