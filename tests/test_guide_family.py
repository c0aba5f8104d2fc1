"""The rules guide of every game of the family: every language builds, figures and settlements are
the engine's own numbers (replayed here in fresh matches), and bad games or sections are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core import Match
from sevenrocks.core.errors import GameError
from sevenrocks.core.events import Draw, Placement
from sevenrocks.core.games import GAMES, find_game
from sevenrocks.core.sausage import SausageMatch
from sevenrocks.guide.family import GAME_IDS, family_guide
from sevenrocks.guide.words import SECTIONS
from sevenrocks.i18n import LANGUAGES, translation

FAMILY = [game.id for game in GAMES if game.id != "seven-rocks"]
runner = CliRunner()


def test_every_game_has_a_guide() -> None:
    assert tuple(game.id for game in GAMES) == GAME_IDS
    assert len(FAMILY) == 19


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_guide_builds_in_every_language(game: str, lang: str) -> None:
    guide = family_guide(game, lang)
    assert [s.key for s in guide.sections] == [key for key, _title in SECTIONS]
    assert guide.direction == ("rtl" if lang == "ar" else "ltr")
    assert all(s.paragraphs for s in guide.sections)
    assert len(guide.figures) == 1 and guide.figures[0].steps
    assert guide.section("settlement").hands
    if lang != "en":  # translated: no text is left as it is in English
        english = family_guide(game, "en")
        assert guide.introduction != english.introduction
        for ours, theirs in zip(guide.sections, english.sections, strict=True):
            assert ours.title != theirs.title
            assert not set(ours.paragraphs) & set(theirs.paragraphs), (game, lang, ours.key)
            for hand, english_hand in zip(ours.hands, theirs.hands, strict=True):
                assert not set(hand.lines) & set(english_hand.lines)
        for step, english_step in zip(guide.figures[0].steps, english.figures[0].steps, strict=True):
            assert step.caption != english_step.caption and step.move == english_step.move


def test_sections_follow_the_game_documents() -> None:
    """Each game's sections have the titles of its document's §1 to §10, in that order (the guide
    speaks of players where the documents speak of seats)."""
    docs = Path(__file__).resolve().parents[1] / "docs" / "games"
    for game in FAMILY:
        text = (docs / f"{game}.md").read_text(encoding="utf-8")
        titles = re.findall(r"^## (\d+)\. (.+)$", text, re.M)
        assert [int(n) for n, _title in titles] == list(range(1, 13)), game
        expected = [title.replace("a seat", "a player") for _n, title in titles[:10]]
        assert [s.title for s in family_guide(game, "en").sections] == expected, game


@pytest.mark.parametrize("game", FAMILY)
def test_figure_captions_are_the_engines_numbers(game: str) -> None:
    figure = family_guide(game, "en").figures[0]
    deal = figure.deal
    if find_game(game).engine.value == "sausage":
        sausage = SausageMatch(dict(deal.options), seed=deal.seed)
        sausage.start_deal()
        for step, text in zip(figure.steps, figure.moves, strict=True):
            turn = sausage.push_notation(text)
            assert step.seat == turn.seat and f"[{turn.tile.low}|{turn.tile.high}]" in step.caption
        return
    match = Match(game, options=dict(deal.options), seats=deal.seats, seed=deal.seed)
    match.start_hand()
    for step, text in zip(figure.steps, figure.moves, strict=True):
        before = len(match.events)
        placement = match.push_notation(text)
        assert isinstance(placement, Placement)
        assert (step.seat, step.points) == (placement.seat, placement.points)
        for tile in placement.play.tiles:
            assert f"[{tile.low}|{tile.high}]" in step.caption
        if match.rules.scores_points and match.rules.points.value != "headers":
            assert step.ends_total == placement.ends_total
            assert (
                f"= {placement.ends_total}." in step.caption or f": {placement.ends_total}." in step.caption
            )
        if placement.points:
            assert f"{placement.points} points" in step.caption
        drawn = sum(1 for e in match.events[before:] if isinstance(e, Draw))
        assert step.drawn == drawn
        assert step.svg.startswith("<svg")
        if match.rules.scores_points:
            assert "data-counted" in step.svg
    replayed = figure.match()
    assert isinstance(replayed, Match)
    assert replayed.layout.plays == match.layout.plays


def test_figures_show_what_the_games_have() -> None:
    captions = {
        game: " ".join(s.caption for s in family_guide(game, "en").figures[0].steps) for game in FAMILY
    }
    assert "draws from the boneyard" in captions["kozel"]
    assert "Several doubles in one move" in captions["donkey"] and "is closed" in captions["donkey"]
    assert "matador" in captions["matador"]
    assert "header" in captions["bergen"]
    assert "the house" in captions["telephone"]
    assert "cuts the sausage" in captions["sausage"]
    assert re.search(r"scores \d+ points", captions["all-fives"])


def test_picture_dominoes_figures_draw_pictures() -> None:
    """The children's game is drawn with its pictures (sevenrocks.picture_art), the others with pips."""
    picture = family_guide("picture", "en").figures[0].steps
    assert picture and all('href="#picture-' in step.svg for step in picture)
    assert all("picture-" not in step.svg for step in family_guide("block", "en").figures[0].steps)


@pytest.mark.parametrize("game", FAMILY)
def test_worked_hands_are_the_engines_settlement(game: str) -> None:
    guide = family_guide(game, "en")
    hands = guide.section("settlement").hands
    deal = guide.figures[0].deal
    if game == "sausage":
        sausage = SausageMatch(dict(deal.options), seed=deal.seed)
        sausage.start_deal()
        for text in hands[0].moves:
            sausage.push_notation(text)
        assert sausage.result == hands[0].result
        assert f"{', '.join(map(str, sausage.result.scores))}." in hands[0].lines[-1]
        return
    match = Match(game, options=dict(deal.options), seats=deal.seats, seed=deal.seed)
    for number, hand in enumerate(hands):
        match.start_hand()
        for text in hand.moves:
            match.push_notation(text)
        result = match.results[-1]
        assert result == hand.result
        assert hand.lines[-1].endswith(f"{', '.join(map(str, result.scores))}.")
        if result.pips is not None:
            assert f"{', '.join(map(str, result.pips))}." in " ".join(hand.lines)
        del number


@pytest.mark.parametrize("game", ["kozel", "kozel-125", "sports-kozel", "donkey"])
def test_goat_ledgers_are_the_settlement_function(game: str) -> None:
    chain = family_guide(game, "en").section("settlement").settlements
    assert len(chain) == 3
    for worked in chain:
        settled = worked.facts.rules.settlement.settle(worked.facts)
        assert settled == worked.settled
        assert any(", ".join(map(str, settled.scores)) in line for line in worked.lines)
    kozel = family_guide("kozel", "en").section("settlement").settlements
    assert kozel[0].settled.ledger is not None and kozel[0].settled.ledger.eggs == 24
    assert "Eggs waiting for the next loser: 24." in kozel[0].lines
    assert kozel[1].settled.written == (0, 29)  # 5 pips and the 24 eggs open the account
    assert "Remembered, not yet written: 9, 0." in kozel[2].lines


def test_games_own_words_in_their_languages() -> None:
    ru = " ".join(p for s in family_guide("kozel", "ru").sections for p in s.paragraphs)
    assert "рыб" in ru.lower() and "яйца" in ru.lower() and "«козёл»" in ru.lower()
    assert "«домик»" in family_guide("telephone", "ru").introduction
    captions = " ".join(s.caption for s in family_guide("telephone", "tr").figures[0].steps)
    assert "evdir" in captions


def test_unknown_game_is_refused() -> None:
    with pytest.raises(GameError, match="the games are seven-rocks"):
        family_guide("chess")


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_cli_prints_every_game_in_every_language(game: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", "--game", game, "--lang", lang, "--brief"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    figure = family_guide(game, lang).figures[0] if game != "seven-rocks" else None
    if figure is not None:
        heading = translation(lang).gettext("Step {number} of {count}")
        assert heading.format(number=figure.start, count=len(figure.steps)) in result.output
        move = figure.step().move
        assert ":" not in move or move not in result.output  # the captions say where in words


def test_cli_one_section_and_errors() -> None:
    result = runner.invoke(app, ["rules", "--game", "kozel", "--section", "settlement"])
    assert result.exit_code == 0 and "Eggs waiting for the next loser: 24." in result.output
    assert "Placing tiles" not in result.output
    bad = runner.invoke(app, ["rules", "--game", "chess"])
    assert bad.exit_code == 2
    lines = [line for line in bad.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "chess" in lines[0] and "sausage" in lines[0]
    section = runner.invoke(app, ["rules", "--game", "kozel", "--section", "arms"])
    assert section.exit_code == 2 and "settlement" in section.output
    assert runner.invoke(app, ["rules", "--game", "seven-rocks", "--section", "arms"]).exit_code == 0


def test_library_errors_name_what_exists() -> None:
    guide = family_guide("bergen", "en")
    with pytest.raises(KeyError, match="the sections are players, deal"):
        guide.section("arms")
    figure = guide.figures[0]
    with pytest.raises(ValueError, match=f"has steps 1 to {len(figure.steps)}, not 99"):
        figure.step(99)
    with pytest.raises(ValueError, match="not 0"):
        figure.match(0)
    with pytest.raises(GameError, match="its own guide"):
        family_guide("seven-rocks")
    assert family_guide("KOZEL", "xx") is not None  # ids as find_game reads them; English for "xx"
    assert family_guide("kozel", "xx").lang == "en"


def test_players_section_describes_every_seat_count() -> None:
    """The players section speaks of the game, not only of the figures' table: Kozel is played
    alone by 2 or 3 and in partnerships by 4; Draw alone at every count; Seven Rocks by four."""

    def players(game: str) -> str:
        return " ".join(family_guide(game, "en").section("players").paragraphs)

    kozel = players("kozel")
    assert "With 2 or 3 players, each plays alone" in kozel and "two partnerships" in kozel
    assert "Every player plays alone" in players("draw") and "partnership" not in players("draw")
