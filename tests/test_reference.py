"""The reference model itself must reproduce the worked positions and the conformance examples.

This is what lets the property tests and the perft counts trust it as a second opinion.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference import RefIllegal, RefLayout, RefMatch, parse_tile, round_seat


def test_reference_reproduces_seed_positions(seed_case: dict[str, Any]) -> None:
    layout = RefLayout()
    for step in seed_case["steps"]:
        total = layout.place(step["after"])
        assert [list(p) for p in layout.connection_points()] == sorted(step["connection_points"])
        assert [list(c) for c in layout.counted()] == sorted(step["counted"])
        assert total == step["ends_total"]
        assert (total if total > 0 and total % 5 == 0 else 0) == step["points"]


def _replay(script: dict[str, Any]) -> dict[str, Any]:
    """The conformance report of a legal script, computed by the reference model."""
    match = RefMatch(target=script.get("target", 250))
    report_hands = []
    for hand_index, hand in enumerate(script["hands"]):
        deal = [[parse_tile(t) for t in seat] for seat in hand["hands"]]
        leader = hand.get("leader", match.required_leader())
        match.start_hand(deal, leader)
        plays = []
        for play_index, text in enumerate(hand["plays"]):
            bad = match.classify(text)
            if bad is not None:
                raise RefIllegal(bad, f"hand {hand_index}, play {play_index}")
            seat, total, points = match.play(text)
            plays.append({"seat": seat, "tile": text.split("@")[0], "ends_total": total, "points": points})
        if match.turn is None:
            result = match.results[-1]
            end: str | None = result.end.value
            finisher, pips, deductions = result.finisher, result.pips, result.deductions
        else:
            end, finisher, pips, deductions = None, None, None, None
        report_hands.append(
            {
                "plays": plays,
                "end": end,
                "finisher": finisher,
                "pips": pips,
                "deductions": deductions,
                "scores": list(match.scores),
            }
        )
    return {"hands": report_hands, "scores": list(match.scores), "winner": match.winner}


def test_reference_reproduces_conformance_examples(conformance_example: tuple[str, Any, Any]) -> None:
    _, script, expected = conformance_example
    if "error" in expected:
        where = f"hand {expected['error']['hand']}, play {expected['error']['play']}"
        with pytest.raises(RefIllegal, match=where):
            _replay(script)
        return
    # normalize tiles the way the report writes them (LOW-HIGH)
    report = _replay(script)
    for hand in report["hands"]:
        for play in hand["plays"]:
            low, high = parse_tile(play["tile"])
            play["tile"] = f"{low}-{high}"
    assert report == expected


def test_round_seat_examples_from_the_rules() -> None:
    assert [round_seat(n) for n in (0, 2, 3, 7, 12, 18)] == [0, 0, 5, 5, 10, 20]
    assert round_seat(7) + round_seat(12) == 15
    assert round_seat(3) + round_seat(3) == 10
