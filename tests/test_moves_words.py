"""Moves in plain words (``sevenrocks.moves_words``): every layout game's moves, knocks and draws,
and every legal move's button, said without the engine's notation, in English, Arabic, Turkish
and Russian (with the plural forms of each), and carried as ``words`` by the web's messages."""

from __future__ import annotations

import re

import pytest

from sevenrocks.core import Match
from sevenrocks.core.events import Draw, Knock, Placement
from sevenrocks.core.games import LAYOUT_GAMES, find_game
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Doubles, Play, parse_move
from sevenrocks.moves_words import Arm, arm_of, describe_choice, describe_event, seat_words
from sevenrocks.web.protocol import view_json
from sevenrocks.web.replays import position

#: what the notation writes and words never do: sides, anchors, marks, joined doubles, arrows
NOTATION = re.compile(r"@|:(?:low|high|A|B|bA|bB)\b|\d#|\d=\d|\d\+\d-|→|>\d")
#: English words of the sentences, which a translation must not leave behind
ENGLISH = re.compile(r"\b(?:placed|arm|ends|drew|knocked|led|lead|together|closed|point|points)\b")
NAMES = ["Leyla", "Bob", "Cem", "Dana"]
LANGS = ("en", "ar", "tr", "ru")


def _play_hand(game: str, seed: int) -> tuple[Match, list[tuple[str, list[str]]]]:
    """One hand of ``game``: the longest legal move each turn (so several doubles, closings,
    lengthwise doubles and open halves come up); each event with its words in every language,
    and each position's choices in English."""
    match = Match(game, seed=seed)
    match.start_hand()
    said: list[tuple[str, list[str]]] = []
    who = {lang: seat_words(NAMES[: match.rules.seats], lang=lang) for lang in LANGS}
    while match.turn is not None:
        view = match.view(match.turn)
        for move in view.moves:
            said.append(("choice", [describe_choice(move, view.layout, view.rules)]))
        move = max(view.moves, key=lambda m: (len(str(m)), str(m)))
        before = len(match.events)
        match.push(move)
        for event in match.events[before:]:
            texts = [
                describe_event(event, match.layout, match.rules, who=who[lang], lang=lang) for lang in LANGS
            ]
            said.append((type(event).__name__, texts))
    return match, said


@pytest.mark.parametrize("game", [g.id for g in LAYOUT_GAMES])
def test_every_game_says_its_moves_in_words_in_every_language(game: str) -> None:
    match, said = _play_hand(game, seed=4)
    kinds = {kind for kind, _texts in said}
    assert {"choice", "Placement"} <= kinds
    for kind, texts in said:
        for lang, text in zip(LANGS, texts, strict=False):
            assert text and not NOTATION.search(text), f"{game} {lang}: notation in {text!r}"
            if lang != "en":
                assert not ENGLISH.search(text), f"{game} {lang}: English left in {text!r}"
        if kind != "choice":
            english = texts[0]
            assert any(name in english for name in NAMES), english
    events = [e for e in match.events if isinstance(e, Placement)]
    assert events
    for event in events:
        text = describe_event(event, match.layout, match.rules)
        for tile in event.play.tiles:
            assert str(tile) in text, (text, str(event.play))
        if match.rules.scores_points and match.rules.points.value != "headers":
            assert f"ends {event.ends_total}" in text


def test_arms_are_named_as_the_drawing_shows_them() -> None:
    layout = Layout()
    for text in ("1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B", "1-5@1-1:bA"):
        layout.place(Play.parse(text))
    assert arm_of(layout, Play.parse("2-3@1-2:high"))[0] is Arm.LEFT  # beyond the spinner, leftwards
    assert arm_of(layout, Play.parse("3-5@3-4:low"))[0] is Arm.RIGHT
    assert arm_of(layout, Play.parse("5-6@1-5:high"))[0] is Arm.UP
    assert arm_of(layout, Play.parse("1-6@1-1:bB"))[0] is Arm.DOWN
    assert arm_of(layout, Play.parse("2-2")) == (Arm.OPENING, None)
    # Five Up: a later double is a spinner too, and its branches are named by it
    rules = find_game("five-up").rules()
    five = Layout(rules.topology)
    for text in ("0-0", "0-3@0-0:A", "0-6@0-0:B", "3-3@0-3:high", "2-3@3-3:B"):
        five.place(Play.parse(text))
    assert arm_of(five, Play.parse("3-5@3-3:bA"))[0] is Arm.BRANCH
    words = describe_choice(Play.parse("3-5@3-3:bA"), five, rules)
    assert words.startswith("3-5 on a branch of 3-3"), words


def test_several_doubles_closings_and_open_halves_in_words() -> None:
    rules = find_game("donkey").rules()
    layout = Layout(rules.topology, closing=True)
    for text in ("1-1", "0-1@1-1:A", "1-2@1-1:B"):
        layout.place(Play.parse(text))
    move = parse_move("0-0@0-1:low#+2-2@1-2:high#")
    assert isinstance(move, Doubles)
    assert describe_choice(move, layout, rules) == (
        "0-0 and 2-2 together: 0-0 on the left arm, closed face down; 2-2 on the right arm, closed face down"
    )
    for part in move.parts:
        layout.place(part)
    said = describe_event(Placement(3, move, 0, 0), layout, rules, who=seat_words(NAMES))
    assert said.startswith("Dana (seat 3) placed 0-0 and 2-2 together: 0-0 on the left arm")
    closed = describe_event(Placement(0, Play.parse("0-0@0-1:low#"), 0, 0), layout, rules)
    assert closed == "Seat 0 closed 0-0 face down on the left arm"
    assert "закрывает 0-0" in describe_event(
        Placement(0, Play.parse("0-0@0-1:low#"), 0, 0), layout, rules, lang="ru"
    )
    matador = find_game("matador").rules()
    line = Layout(matador.topology, matching=matador.matching)
    line.place(Play.parse("3-4"))
    assert describe_choice(Play.parse("1-6@3-4:low>6"), line, matador) == "1-6 on the left arm, open half 6"
    assert describe_choice(Play.parse("1-6@3-4:low>6"), line, matador, lang="tr").endswith("açık yarı 6")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["+1 point", "+2 points", "+5 points", "+21 points"]),
        ("ru", ["+1 очко", "+2 очка", "+5 очков", "+21 очко"]),
        ("ar", ["+1 نقطة", "+2 نقطتان", "+5 نقاط", "+21 نقطة"]),
        ("tr", ["+1 puan", "+2 puan", "+5 puan", "+21 puan"]),
    ],
)
def test_points_take_the_plural_form_of_each_language(lang: str, expected: list[str]) -> None:
    rules = find_game("telephone").rules()
    layout = Layout(rules.topology)
    layout.place(Play.parse("5-5"))
    for points, want in zip((1, 2, 5, 21), expected, strict=True):
        text = describe_event(Placement(1, Play.parse("5-5"), 10, points), layout, rules, lang=lang)
        assert want in text, text


def test_knocks_and_draws_in_words_hide_what_others_drew() -> None:
    rules = find_game("draw").rules(seats=2)
    layout = Layout(rules.topology)
    assert describe_event(Knock(1, (2, 6)), layout, rules) == "Seat 1 knocked: nothing fits 2 or 6"
    assert describe_event(Draw(0, None), layout, rules) == "Seat 0 drew a tile from the boneyard"
    tr = describe_event(Draw(0, Play.parse("2-5").tile), layout, rules, lang="tr")
    assert tr == "Koltuk 0 yedekten 2-5 çekti"


def test_the_state_and_the_replay_carry_words_beside_the_notation() -> None:
    match = Match("muggins", seed=2)
    match.start_hand()
    for _ in range(3):
        view = match.view(match.turn)  # type: ignore[arg-type]
        match.push(view.moves[0])
    view = match.view(match.turn)  # type: ignore[arg-type]
    state = view_json(view, private=True, svg="", move=3, lang="ru", names=NAMES[:2])
    placements = [e for e in state["events"] if e["kind"] == "placement"]
    assert placements and all("@" in e["play"] or e is placements[0] for e in placements)
    assert all(e["words"] and not NOTATION.search(e["words"]) for e in state["events"])
    assert "кладёт" in placements[1]["words"] and "(место" in placements[1]["words"]
    assert all(o["words"] and o["play"] for o in state["legal"])
    spectator = view_json(view, private=False, svg="", move=3, names=NAMES[:2])
    for event in spectator["events"]:
        if event["kind"] == "draw":
            assert event["tile"] is None and event["words"].endswith("drew a tile from the boneyard")
    pos = position(match, 0, 2, names=NAMES[:2], lang="en")
    assert pos["last"]["play"] == str(match.history[0].placements[1].play)
    assert pos["last"]["words"].startswith(NAMES[pos["last"]["seat"]])
