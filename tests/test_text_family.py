"""The terminal renderings of every game of the family: layouts of every topology, views with the
boneyard and draws, moves of several doubles, score sheets and settlements in the game's words."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from sevenrocks.core import Layout, Match
from sevenrocks.core.events import Draw, HandEnd, HandResult
from sevenrocks.core.games import LAYOUT_GAMES, Points, Topology, find_game
from sevenrocks.core.notation import Doubles, Play
from sevenrocks.text import (
    layout_arms,
    play_choices,
    render_choices,
    render_draws,
    render_layout,
    render_result,
    render_scores,
    render_view,
)

POINT = re.compile(r"<([0-6]-[0-6]):(low|high|A|B|bA|bB)>")
COUNT = re.compile(r"\((\d+)\)")
TILE = re.compile(r"(?<![\d-])[\[{]?([0-6])[|=#]([0-6])[\]}]?")


def _random_position(game: str, seats: int, seed: int, steps: int, **options: object) -> Match:
    match = Match(game, seats=seats, options=options or None, seed=seed)
    rng = random.Random(seed)
    match.start_hand()
    while match.turn is not None and steps:
        moves = match.legal_moves()
        match.push(moves[rng.randrange(len(moves))])
        steps -= 1
    return match


def check_layout(layout: Layout, points: Points) -> str:
    """The rendering of ``layout`` shows every open point once, every tile once, and the engine's
    counted ends where the game counts them."""
    text = render_layout(layout, points=points)
    arms = layout_arms(layout)
    lines = text.splitlines()[: len(arms)]
    shown = sorted(f"{a}:{s}" for line in lines for a, s in POINT.findall(line))
    assert shown == sorted(str(p) for p in layout.points), text
    tiles: Counter[str] = Counter()
    for arm, line in zip(arms, lines, strict=True):
        found = TILE.findall(line.split(maxsplit=1)[1])
        if arm.name != "line":
            found = found[1:]  # a branch starts with its spinner again
        for a, b in found:
            tiles[f"{min(a, b)}-{max(a, b)}"] += 1
    assert tiles == Counter(str(t) for t in layout.tiles), text
    if points is Points.NONE:
        assert not COUNT.search(text) and "ends" not in text
    else:
        counts = sorted(int(n) for line in lines for n in COUNT.findall(line))
        assert counts == sorted(n for _, n in layout.counted()), text
        assert text.splitlines()[-1].split(",")[0].endswith(str(layout.ends_total))
    return text


@pytest.mark.parametrize("game", [g.id for g in LAYOUT_GAMES])
def test_random_layouts_of_every_game(game: str) -> None:
    definition = find_game(game)
    for seed in range(40):
        seats = definition.seats[seed % len(definition.seats)]
        match = _random_position(game, seats, seed, 1 + seed % 25)
        check_layout(match.layout, match.rules.points)


def test_five_up_names_each_spinners_branches() -> None:
    layout = Layout(Topology.ALL_SPINNERS)
    for text in ["5-5", "3-5@5-5:A", "1-5@5-5:B", "3-3@3-5:low", "0-3@3-3:B", "2-3@3-3:bA"]:
        layout.place(Play.parse(text))
    text = check_layout(layout, Points.FIVES_IN_FIVES)
    assert "5-5:bA  {5|5} <5-5:bA>" in text and "3-3:bA  {3|3} 3|2 (2)<2-3:low>" in text
    assert "scores" in text.splitlines()[-1]


def test_a_lengthwise_double_is_drawn_and_counted_once() -> None:
    layout = Layout(Topology.SPINNER, lengthwise=True)
    for text in ["2-2", "2-4@2-2:A", "4-4@2-4:high="]:
        layout.place(Play.parse(text))
    text = check_layout(layout, Points.FIVES)
    assert "line  <4-4:B>(4) 4=4 4|2 {2|2} (4)<2-2:B>" in text
    assert "branches bA, bB of spinner 2-2" in text


def test_views_show_the_boneyard_and_draws_without_other_seats_tiles() -> None:
    for seed in range(60):
        match = _random_position("draw", 3, seed, 30)
        view = match.view(0)
        theirs = [e for e in view.events if isinstance(e, Draw) and e.seat != 0]
        mine = [e for e in view.events if isinstance(e, Draw) and e.seat == 0]
        if not (theirs and mine):
            continue
        text = render_view(view)
        assert f"boneyard: {view.boneyard} tile" in text
        assert "you drew: " + " ".join(str(e.tile) for e in mine) in text
        for seat in (1, 2):
            if view.draws[seat]:
                assert f"(drew {view.draws[seat]})" in text
        for event in theirs:
            assert event.tile is None
        return
    pytest.fail("no position where seat 0 and another seat both drew")


def test_draws_in_a_row_read_as_one_line() -> None:
    assert render_draws(2, [None, None]) == "seat 2 draws 2 tiles"
    assert render_draws(1, [None]) == "seat 1 draws a tile"


def test_choices_include_several_doubles_with_their_points() -> None:
    for seed in range(300):
        match = _random_position("telephone", 4, seed, 8, several_doubles=True)
        if match.turn is None:
            continue
        view = match.view(match.turn)
        several = [m for m in view.moves if isinstance(m, Doubles)]
        if not several:
            continue
        choices = play_choices(view)
        assert [c.play for c in choices] == list(view.moves)
        for choice in choices:
            trial = match.copy()
            placement = trial.push(choice.play)
            assert (choice.ends_total, choice.points) == (placement.ends_total, placement.points)
        text = render_choices(view)
        assert str(several[0]) in text
        return
    pytest.fail("no position offers several doubles")


def test_goat_score_sheet_remembers_and_eggs() -> None:
    rules = find_game("kozel").rules(seats=4)
    text = render_scores((23, 0), target=101, me=1, rules=rules, remembered=(0, 7), eggs=22)
    assert text == "seats 0+2: 23 · seats 1+3 (you): 0 (remembers 7) · eggs 22 · the goat at 101"
    assert (
        render_scores((3, 5), rules=find_game("sports-kozel").rules())
        == "seats 0+2: 3 · seats 1+3: 5 · 4 deals"
    )
    exact = find_game("fives-and-threes").rules(seats=2)
    assert render_scores((10, 20), target=61, rules=exact).endswith("target 61 exactly")


def _finished_hands(game: str, seats: int, count: int) -> list[tuple[Match, HandResult, HandResult | None]]:
    out: list[tuple[Match, HandResult, HandResult | None]] = []
    for seed in range(count):
        match = Match(game, seats=seats, seed=seed)
        rng = random.Random(seed)
        previous: HandResult | None = None
        while not match.is_over and match.hand_number < 6:
            match.start_hand()
            while match.turn is not None:
                moves = match.legal_moves()
                match.push(moves[rng.randrange(len(moves))])
            out.append((match, match.results[-1], previous))
            previous = match.results[-1]
    return out


def test_results_in_the_words_of_each_game() -> None:
    seen: set[str] = set()
    for match, result, previous in _finished_hands("kozel", 3, 30):
        text = render_result(result, me=0, target=101, rules=match.rules, previous=previous)
        if result.end is HandEnd.BLOCKED:
            assert text.startswith("fish! the hand is blocked;") and "fisherman" in text
            seen.add("fish")
        if result.written and any(result.written):
            assert re.search(r"seat \d( \(you\))? writes \d+", text)
            seen.add("writes")
        if "eggs!" in text:
            seen.add("eggs")
        if "remembers" in text:
            seen.add("remembers")
        assert "the goat at 101" in text
    assert {"fish", "writes", "remembers"} <= seen
    for match, result, _ in _finished_hands("telephone", 2, 10):
        text = render_result(result, me=0, rules=match.rules, target=225)
        if result.deductions is not None and any(result.deductions):
            assert "rounded down to" in text and "never goes below 0" in text
    for match, result, _ in _finished_hands("draw", 2, 10):
        text = render_result(result, me=0, rules=match.rules, target=100)
        if result.award and any(result.award):
            assert re.search(r"seat \d( \(you\))? scores \d+ \(", text)
    for match, result, _ in _finished_hands("picture", 3, 10):
        text = render_result(result, me=0, rules=match.rules)
        assert "finished first!" in text or "fewest tiles" in text or "a draw" in text
        assert "target" not in text


def test_seven_rocks_renders_as_it_always_did_with_its_rules_given() -> None:
    rules = find_game("seven-rocks").rules()
    for seed in range(20):
        match = Match(seed=seed)
        rng = random.Random(seed)
        match.start_hand()
        while match.turn is not None:
            legal = match.legal_plays()
            match.push(legal[rng.randrange(len(legal))])
        result = match.results[-1]
        assert render_result(result, me=0, target=250) == render_result(result, me=0, target=250, rules=rules)
