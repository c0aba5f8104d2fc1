"""The engine against the perft golden data (``tests/golden/perft.json``, made by
``tests/golden/make_perft.py``, which documents the counts)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sevenrocks.core import Match, Tile
from tests.golden.make_perft import engine_at, engine_perft, reference_at, reference_perft

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text(encoding="utf-8"))


def test_golden_file_shape() -> None:
    assert GOLDEN["format"] == "sevenrocks-perft-1"
    assert len(GOLDEN["lines"]) >= 4 and len(GOLDEN["perft"]) >= 5
    assert all(entry["depth"] >= 6 for entry in GOLDEN["perft"])
    # the spinner position really has both branches open
    spinner = next(e for e in GOLDEN["perft"] if "branches open" in e["name"])
    match = engine_at(spinner["deal"], spinner["leader"], spinner["setup"])
    assert {p.side.notation for p in match.layout.points} >= {"bA", "bB"}
    # some counted sequences end the hand (dominoes or blocks are inside the horizon)
    assert any(any(entry["hand_ends"]) for entry in GOLDEN["perft"])


@pytest.mark.parametrize("line", GOLDEN["lines"], ids=lambda e: e["name"])
def test_legal_counts_along_fixed_lines(line: dict[str, Any]) -> None:
    match = Match()
    match.start_hand([[Tile.parse(t) for t in seat] for seat in line["deal"]], leader=line["leader"])
    counts = [len(match.legal_plays())]
    for play in line["plays"]:
        match.push_notation(play)
        counts.append(len(match.legal_plays()))
    assert counts == line["legal_counts"]
    assert match.results[-1].end.value == line["end"]
    assert list(match.scores) == line["scores"]


@pytest.mark.parametrize("entry", GOLDEN["perft"], ids=lambda e: e["name"][:30])
def test_perft_counts(entry: dict[str, Any]) -> None:
    depth = entry["depth"]
    counts, ends = [0] * depth, [0] * depth
    engine_perft(engine_at(entry["deal"], entry["leader"], entry["setup"]), depth, counts, ends)
    assert counts == entry["counts"]
    assert ends == entry["hand_ends"]


@pytest.mark.parametrize("entry", GOLDEN["perft"], ids=lambda e: e["name"][:30])
def test_reference_model_agrees_at_low_depth(entry: dict[str, Any]) -> None:
    """The independent model gives the same counts (to depth 4 here; make_perft.py checks all)."""
    counts, ends = [0] * 4, [0] * 4
    reference_perft(reference_at(entry["deal"], entry["leader"], entry["setup"]), 4, counts, ends)
    assert counts == entry["counts"][:4]
    assert ends == entry["hand_ends"][:4]
