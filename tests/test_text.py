"""The terminal text rendering: every seed position, random layouts, views and settlements."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from sevenrocks.core import HandEnd, Layout, Match, Play
from sevenrocks.text import (
    layout_arms,
    play_choices,
    render_choices,
    render_event,
    render_layout,
    render_result,
    render_view,
)

POINT = re.compile(r"<([0-6]-[0-6]):(low|high|A|B|bA|bB)>")
LEFT_END = re.compile(r"<([0-6]-[0-6]):(?:low|high|A|B|bA|bB)>\((\d+)\)")
RIGHT_END = re.compile(r"\((\d+)\)<([0-6]-[0-6]):(?:low|high|A|B|bA|bB)>")
TILE = re.compile(r"(?<![\d-])[\[{]?([0-6])\|([0-6])[\]}]?")


def check_rendering(layout: Layout) -> str:
    """Check the rendering of ``layout`` against the engine; return the text."""
    text = render_layout(layout)
    lines = text.splitlines()
    arm_lines = [line for line in lines if line.split()[0] in ("line", "bA", "bB")]
    # every open connection point once, in play notation
    points = [f"{a}:{s}" for line in arm_lines for a, s in POINT.findall(line)]
    assert sorted(points) == sorted(str(p) for p in layout.points), text
    # counted ends: the engine's (tile, contribution) pairs, each beside a point of that tile
    counted = [(tile, int(n)) for line in arm_lines for tile, n in LEFT_END.findall(line)]
    counted += [(tile, int(n)) for line in arm_lines for n, tile in RIGHT_END.findall(line)]
    assert sorted(counted) == sorted((str(t), n) for t, n in layout.counted()), text
    # every placed tile once (a branch line starts with the spinner again)
    shown: Counter[str] = Counter()
    for line in arm_lines:
        tiles = TILE.findall(line.split(maxsplit=1)[1])
        if line.startswith(("bA", "bB")):
            tiles = tiles[1:]
        for a, b in tiles:
            shown[f"{min(a, b)}-{max(a, b)}"] += 1
    assert shown == Counter(str(t) for t in layout.tiles), text
    # tiles touch with equal halves along every arm
    for arm in layout_arms(layout):
        for (_, _, right), (_, left, _) in zip(arm.tiles, arm.tiles[1:], strict=False):
            assert right == left, text
    # the total line adds up to the engine's total
    total_line = lines[-1]
    assert total_line.startswith("ends")
    numbers = [int(n) for n in re.findall(r"\d+", total_line.split(",")[0])]
    assert numbers[-1] == layout.ends_total
    if len(numbers) > 1:
        assert sum(numbers[:-1]) == layout.ends_total
    return text


def test_every_seed_position(seed_cases: list[dict[str, Any]]) -> None:
    for case in seed_cases:
        layout = Layout()
        for step in case["steps"]:
            layout.place(Play.parse(step["after"]))
            text = check_rendering(layout)
            # the rendering shows exactly the positions' connection points and counted ends
            shown_points = sorted([a, s] for a, s in POINT.findall(text))
            assert shown_points == sorted([a, s] for a, s, _ in step["connection_points"]), case["name"]
            pairs = sorted([t, int(n)] for t, n in LEFT_END.findall(text))
            pairs += sorted([t, int(n)] for n, t in RIGHT_END.findall(text))
            assert sorted(pairs) == sorted(step["counted"]), (case["name"], step["after"], text)
            assert "ends  " in text
            if step["points"]:
                assert text.endswith(f"scores {step['points']}")
            else:
                assert text.endswith("scores nothing")


def test_spinner_example_exact(seed_cases: list[dict[str, Any]]) -> None:
    case = seed_cases[0]
    assert case["plays"][-1] == "1-3@1-1:bB"
    layout = Layout()
    for play in case["plays"]:
        layout.place(Play.parse(play))
    assert render_layout(layout, indent="> ") == (
        "> line  <1-2:high>(2) 2|1 {1|1} 1|4 [4|4] 4|3 (3)<3-4:low>\n"
        "> bA    {1|1} 1|5 [5|5] 5|0 (0)<0-5:low>\n"
        "> bB    {1|1} 1|3 (3)<1-3:high>\n"
        "> ends  2 + 3 + 0 + 3 = 8, scores nothing"
    )


def test_before_branches_open() -> None:
    layout = Layout()
    for play in ("3-6", "6-6@3-6:high"):
        layout.place(Play.parse(play))
    text = render_layout(layout)
    assert "<6-6:B>" in text and "(12)<6-6:B>" in text
    assert "branches bA, bB of spinner 6-6 open once its sides A and B are both filled" in text
    assert text.endswith("ends  3 + 12 = 15, scores 15")
    assert render_layout(layout, totals=False).count("\n") == 1


def test_empty_and_opening_double() -> None:
    assert render_layout(Layout()) == "empty: the leader opens with any tile"
    assert layout_arms(Layout()) == ()
    layout = Layout()
    layout.place(Play.parse("2-2"))
    assert render_layout(layout).splitlines()[0] == "line  <2-2:A>(4) {2|2} <2-2:B>"


def test_random_layouts() -> None:
    rng = random.Random(2024)
    for _ in range(300):
        match = Match(rng=random.Random(rng.randrange(2**32)))
        match.start_hand()
        steps = rng.randrange(1, 28)
        while match.turn is not None and steps:
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
            steps -= 1
        check_rendering(match.layout)


def _position(seed: int, plays: int) -> Match:
    match = Match(seed=seed)
    match.start_hand(leader=1)
    rng = random.Random(seed)
    for _ in range(plays):
        legal = match.legal_plays()
        match.push(legal[rng.randrange(len(legal))])
        if match.turn is None:
            break
    return match


def test_view_shows_only_what_the_seat_may_know() -> None:
    match = _position(7, 6)
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    text = render_view(view, choices=True, recent=3, names=["a", "b", "c", "d"])
    own = next(line for line in text.splitlines() if line.startswith("your tiles:"))
    for tile in match.hand(seat):
        assert str(tile) in own
    for other in range(4):
        if other != seat:
            for tile in match.hand(other):
                assert f" {tile} " not in own + " "
            assert f"seat {other}" in text
            assert f"{view.tile_counts[other]} tile" in text
    assert f"turn: seat {seat}" in text and "(you)" in text
    assert f"seats 0+2{' (you)' if seat % 2 == 0 else ''}: {view.scores[0]}" in text
    assert "your placements" in text
    assert len(re.findall(r"^\s+\d+\. ", text, flags=re.M)) == len(view.legal_plays)


def test_view_marks_knocks() -> None:
    for seed in range(200):
        match = _position(seed, 20)
        view = match.view(0)
        voids = view.void_values()
        if any(voids[s] for s in (1, 2, 3)):
            text = render_view(view)
            assert "knocked: none of" in text
            return
    pytest.fail("no position with a knock")


def test_choices_score_what_the_engine_scores() -> None:
    match = _position(11, 5)
    view = match.view(match.turn or 0)
    choices = play_choices(view)
    assert [c.play for c in choices] == list(view.legal_plays)
    for choice in choices:
        trial = match.copy()
        placement = trial.push(choice.play)
        assert (choice.ends_total, choice.points) == (placement.ends_total, placement.points)
    lines = render_choices(view).splitlines()
    assert len(lines) == len(choices) and lines[0].strip().startswith("1. ")


def test_events_and_results() -> None:
    ends: dict[HandEnd, str] = {}
    for seed in range(300):
        match = Match(seed=seed, target=60)
        rng = random.Random(seed)
        match.start_hand()
        while match.turn is not None:
            legal = match.legal_plays()
            match.push(legal[rng.randrange(len(legal))])
        result = match.results[-1]
        text = render_result(result, me=0, target=60)
        ends.setdefault(result.end, text)
        if result.pips is not None and result.deductions is not None:
            for seat in range(4):
                assert f"{result.pips[seat]} pips" in text
            loss0 = result.deductions[0] + result.deductions[2]
            assert f"seats 0+2 lose {loss0}" in text
        assert f"seats 0+2 (you): {result.scores[0]}" in text
        for event in match.events:
            assert render_event(event)
        if len(ends) == 3:
            break
    assert "dominoes" in ends[HandEnd.DOMINO]
    assert "blocked" in ends[HandEnd.BLOCKED]
    assert "no settlement" in ends[HandEnd.TARGET]
