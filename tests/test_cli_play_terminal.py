"""``sevenrocks play`` as a terminal shows it: lines wrapped to the width, never inside a token; a tile
in hand that fits nowhere says why; ``?`` shows the prompt's help with examples from the position.

Every run types a few answers and ends its input (the match stops and nothing is saved), so each
test plays only the first turns of a match.
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner, Result

from sevenrocks.cli.app import app
from sevenrocks.cli.play import console_for
from sevenrocks.cli.play_help import hundred_help, unplaceable_text
from sevenrocks.cli.wrap import say, wrap_line
from sevenrocks.core import Match
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import translation
from sevenrocks.text import render_view

runner = CliRunner()


def play(*args: str, answers: str, columns: int | None = None, lang: str = "en") -> Result:
    env = {"COLUMNS": str(columns)} if columns is not None else {"COLUMNS": ""}
    command = ["play", "--no-color", "--no-record", "--lang", lang, *args]
    return runner.invoke(app, command, input=answers, env=env)


def tokens(text: str) -> list[str]:
    """The whitespace-separated tokens of ``text``, rules (``──── hand 1 ────``) left out."""
    return [t for t in text.split() if not set(t) <= {"─"}]


# ----------------------------------------------------------------------------------------- wrapping
WRAP_CASES = [
    ("seven-rocks", 4, "en"),
    ("kozel", 4, "ru"),
    ("matador", 2, "ar"),
    ("sausage", 2, "tr"),
]


@pytest.mark.parametrize(("game", "seats", "lang"), WRAP_CASES, ids=[c[0] for c in WRAP_CASES])
def test_lines_wrap_to_the_width_between_tokens(game: str, seats: int, lang: str) -> None:
    args = ("--game", game, "--seats", str(seats), "--seed", "3")
    answers = "?\n" + "1\n" * 12
    whole = play(*args, answers=answers, lang=lang)
    assert whole.exit_code == 0, whole.output
    assert max(cell_len(line) for line in whole.output.splitlines()) > 100  # long lines stay whole
    for width in (40, 80, 100):
        run = play(*args, answers=answers, columns=width, lang=lang)
        assert run.exit_code == 0, run.output
        lines = run.output.splitlines()
        too_wide = [line for line in lines if cell_len(line) > width]
        assert not too_wide, f"wider than {width}: {too_wide[:3]}"
        assert tokens(run.output) == tokens(whole.output), f"a token was split at width {width}"
        header = whole.output.splitlines()[0]
        if cell_len(header) > width:  # the match's first line wraps with a hanging indent
            assert not lines[0].startswith(" ") and lines[1].startswith("  ") and lines[1].strip()


def test_console_width_is_forced_and_the_layout_row_keeps_its_column() -> None:
    match = Match(seed=3)
    match.start_hand(leader=3)
    for _ in range(6):
        match.push(match.legal_moves()[0])
    text = render_view(match.view(match.turn or 0), names=["a", "b", "c", "d"], choices=True)
    for width in (40, 80, 100):
        console = console_for(color=False, wrap=True, width=width)
        with console.capture() as capture:
            say(console, text)
        out = capture.get()
        assert max(cell_len(line) for line in out.splitlines()) <= width
        assert tokens(out) == tokens(text)
    console = console_for(color=False, wrap=True, width=40)
    with console.capture() as capture:
        say(console, "  line  <1-5:low>(1) 1|5 5|2 {2|2} 2|6 6|0 0|1 1|4 4|3 (3)<3-4:low>")
    first, second = capture.get().splitlines()[:2]
    assert first.startswith("  line  <1-5:low>(1)") and second.startswith("        ") and second.strip()


def test_separators_end_a_line_and_one_long_token_stands_alone() -> None:
    from rich.text import Text

    lines = [t.plain for t in wrap_line(Text("ends 2 + 6 + 10 = 18 · scores 15 → seats 0+2: 40"), 12)]
    assert not any(line.lstrip().startswith(("+", "=", "·", "→")) for line in lines), lines
    long = wrap_line(Text("2-2@2-5:low+5-5@2-5:high x"), 10)
    assert long[0].plain == "2-2@2-5:low+5-5@2-5:high"


def test_a_pipe_without_columns_keeps_lines_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    console = console_for(color=False, wrap=True)
    assert console.soft_wrap  # pytest's output is no terminal, and COLUMNS is unset
    monkeypatch.setenv("COLUMNS", "50")
    assert not console_for(color=False, wrap=True).soft_wrap
    assert console_for(color=False).soft_wrap  # sevenrocks show: never wrapped


# ------------------------------------------------------------------------------ a tile that fits nowhere
def first_turn(args: tuple[str, ...], lang: str = "en") -> tuple[list[str], list[str]]:
    """Seat 0's tiles and placements at its first turn."""
    run = play(*args, answers="", lang=lang)
    out = run.output
    hand = re.search(r"your tiles: (.*?)  \(", out)
    assert hand is not None, out
    choices = re.findall(r"^\s+\d+\. (\S+)", out, re.M)
    return hand.group(1).split(), choices


@pytest.mark.parametrize(
    ("game", "seats", "expected"),
    [
        ("seven-rocks", 4, r"{tile} cannot be placed: no open end shows a \d( or a \d)?$"),
        ("matador", 2, r"{tile} cannot be placed: no open end adds up to seven with it \(it needs an end "),
        ("picture", 3, r"{tile} cannot be placed: no open end shows a \d \(\w+\)"),
    ],
)
def test_a_tile_in_hand_that_fits_nowhere_says_why(game: str, seats: int, expected: str) -> None:
    args = ("--game", game, "--seats", str(seats), "--seed", "3")
    hand, choices = first_turn(args)
    placeable = {c.split("@")[0] for c in choices}
    stuck = [t for t in hand if t not in placeable and not any(c.startswith(t + "@") for c in choices)]
    assert stuck, (hand, choices)
    run = play(*args, answers=stuck[0] + "\n")
    assert re.search(expected.format(tile=stuck[0]), run.output, re.M), run.output
    assert "written as an opening" not in run.output


def test_the_words_of_seven_rocks_issue_and_in_russian() -> None:
    run = play("--seed", "3", answers="5-5\n")
    assert "5-5 cannot be placed: no open end shows a 5" in run.output
    ru = play("--seed", "3", answers="5-5\n", lang="ru")
    assert "5-5 нельзя положить: ни один открытый конец не показывает 5" in ru.output
    other = play(
        "--seed", "3", answers="3-3\n0-6@2-6:low\n"
    )  # not in hand; a real placement that breaks a rule
    assert "3-3 is not legal: tile 3-3 is not in seat 0's hand" in other.output
    assert "0-6@2-6:low is not legal" in other.output


def test_a_rule_that_keeps_a_matching_tile_off_says_the_rule() -> None:
    """Sebastopol: the lead 6-6 must be surrounded first; a tile that matches an arm's end waits."""
    gettext = translation("en").gettext
    for seed in range(60):
        match = Match("sebastopol", seats=4, seed=seed)
        match.start_hand()
        for _move in range(8):
            seat = match.turn
            if seat is None:
                break
            for tile in match.view(seat).hand:
                text = unplaceable_text(match, tile, gettext)
                if text is not None and "now" in text:
                    assert text.startswith(f"{tile} cannot be placed now: 6-6 must first be surrounded")
                    return
            match.push(match.legal_moves()[0])
    pytest.fail("no position with a tile kept off by the forced four")


def test_no_reason_for_a_placeable_tile_or_an_empty_layout() -> None:
    _ = translation("en").gettext
    match = Match(seed=3)
    match.start_hand(leader=0)
    tile = match.view(0).hand[0]
    assert unplaceable_text(match, tile, _) is None  # every tile may lead
    match.push(Play.parse(str(tile)))
    hand = match.view(match.turn or 0).hand
    legal = {t for m in match.legal_moves() for t in m.tiles}
    assert all(unplaceable_text(match, t, _) is None for t in hand if t in legal)
    missing = next(t for t in (Tile.parse(x) for x in ("6-6", "5-5", "4-4")) if t not in hand)
    assert unplaceable_text(match, missing, _) is None  # not in the hand: the engine says so


# --------------------------------------------------------------------------------------------- help
def test_question_mark_shows_the_prompts_help_with_examples_from_the_position() -> None:
    args = ("--seed", "3")
    _hand, choices = first_turn(args)
    run = play(*args, answers="?\n")
    out = run.output.split("your placement: ?", 1)[1]
    assert "At this prompt you can type:" in out
    assert f"e.g. 1 for {choices[0]}" in out
    assert "a placement: the tile, @, the tile it joins, :, the side, e.g. " in out
    example = re.search(r"the side, e\.g\. (\S+)", out)
    assert example is not None and example.group(1) in choices
    assert "? or help — this help" in out and "q — quit the match (the record is saved)" in out
    ar = play(*args, answers="help\n", lang="ar")
    assert "يمكنك أن تكتب هنا:" in ar.output and f"1 لـ {choices[0]}" in ar.output


def test_help_of_several_doubles_and_of_the_lead() -> None:
    for seed in range(30):
        run = play("--game", "kozel", "--seats", "4", "--option", "several_doubles=true", "--seed", str(seed),
                   answers="?\n" + "1\n?\n" * 12)  # fmt: skip
        several = re.search(r"several doubles joined by \+, e\.g\. (\S+)", run.output)
        if several is not None:
            assert "+" in several.group(1) and re.search(rf"\d+\. {re.escape(several.group(1))}", run.output)
            break
    else:
        pytest.fail("no seed offered several doubles")
    leads = [
        seed
        for seed in range(20)
        if "a tile to lead, e.g." in play("--seed", str(seed), answers="?\n").output
    ]
    assert leads, "seat 0 never led in 20 seeds"


def test_sausage_help_lists_the_ways() -> None:
    run = play("--game", "sausage", "--seed", "3", answers="1\n?\n")
    out = run.output.split("?\n", 1)[1]
    assert "At this prompt you can type:" in out and "a way the tile can go: " in out
    assert re.search(r"the move itself: the tile, :, the way, e\.g\. \d-\d:(top|bottom|cut)", out)
    assert "q — quit the match (the record is saved)" in out


def test_hundred_help_in_every_language() -> None:
    for lang in ("en", "ar", "tr", "ru"):
        lines = hundred_help(translation(lang).gettext)
        assert len(lines) == 5 and all("6-6" in line for line in lines[2:3])


def test_a_token_wider_than_the_console_stays_whole() -> None:
    """A path longer than the console is left whole on its own line, never folded inside."""
    from rich.console import Console

    from sevenrocks.cli.wrap import say

    console = Console(width=30, color_system=None)
    path = "/tmp/pytest-of-root/pytest-165/popen-gw1/m.json"
    with console.capture() as capture:
        say(console, f"the record is saved to {path} and more words here")
    lines = capture.get().splitlines()
    assert lines == ["the record is saved to", f"  {path}", "  and more words here"]
