"""The rules guide says where each tile went in words: no engine notation and no English left in the
Arabic, Turkish and Russian captions, step headings, drawings and pictures' titles, for every game.

The captions are checked as built (:func:`family_guide`, :func:`rules_guide`) and as ``sevenrocks
rules`` prints them; an English sentence of a caption found in a translated one is a message the
catalogue left untranslated.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import Tile
from sevenrocks.guide import rules_guide
from sevenrocks.guide.family import GAME_IDS, family_guide
from sevenrocks.guide.where import WHERE_MESSAGES, placement_words
from sevenrocks.i18n import translation

TRANSLATED = ("ar", "tr", "ru")
runner = CliRunner()

#: Engine notation: a placement (``2-6@1-2:high``), a point (``4-4:B``), a Sausage move (``3-4:cut``),
#: a drawing's point (``<1-4:high>``).
NOTATION = re.compile(r"[0-6]-[0-6](?:@|:(?:low|high|A|B|bA|bB|top|bottom|cut)\b|>\d)|<[^<>]*:[^<>]*>")
ENGLISH = re.compile(r"\b(?:high|low|top|bottom|cut|spinner|places|leads|end of|side|branch)\b")


def _sentences(text: str) -> set[str]:
    """The sentences of a caption that carry words (not a bare sum such as ``2 + 8 = 10.``)."""
    return {s.strip() for s in re.split(r"(?<=\.)\s+", text) if re.search(r"[A-Za-z]{3,}", s)}


def _captions(game: str, lang: str) -> list[tuple[str, str, str]]:
    """(caption, words, picture) of every figure step of ``game``'s guide in ``lang``."""
    if game == "seven-rocks":
        guide = rules_guide(lang)
        return [
            (step.caption, step.words, figure.svg(step.number))
            for figure in guide.figures
            for step in figure.steps
        ]
    return [(s.caption, s.words, s.svg) for f in family_guide(game, lang).figures for s in f.steps]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAME_IDS)
def test_captions_have_no_notation_and_no_english(game: str, lang: str) -> None:
    english = _captions(game, "en")
    ours = _captions(game, lang)
    assert len(ours) == len(english)
    for (caption, words, picture), (english_caption, english_words, _svg) in zip(ours, english, strict=True):
        for text in (caption, words):
            assert text and not NOTATION.search(text), (game, lang, text)
            assert not ENGLISH.search(text), (game, lang, text)
        untranslated = _sentences(caption) & _sentences(english_caption)
        assert not untranslated, (game, lang, untranslated)
        assert words != english_words
        titles = re.findall(r"<title>([^<]*)</title>", picture)
        assert not any(NOTATION.search(t) or ENGLISH.search(t) for t in titles), (game, lang, titles)


def test_english_captions_say_where_in_words() -> None:
    _ = translation("en").gettext
    spinner = (Tile.parse("1-1"),)
    assert placement_words(Play.parse("1-5@1-1:bA"), spinner, _) == "[1|5] on branch A of the spinner [1|1]"
    assert placement_words(Play.parse("3-4@4-4:B"), spinner, _) == "[3|4] on side B of [4|4]"
    assert placement_words(Play.parse("1-2@1-1:B"), spinner, _) == "[1|2] on side B of the spinner [1|1]"
    assert (
        placement_words(Play.parse("1-6@1-5:low>6"), (), _)
        == "[1|6] on the 1 end of [1|5], leaving its 6 open"
    )
    guide = rules_guide("en")
    step = guide.figure(guide.figures[0].key).step(2)
    assert step.caption.startswith(step.words + ".") and "on the" in step.words
    for lang in ("en", *TRANSLATED):
        gettext = translation(lang).gettext
        assert all(gettext(message) != message or lang == "en" for message in WHERE_MESSAGES[2:])


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", ["seven-rocks", "kozel", "matador", "sausage", "sebastopol", "five-up"])
def test_rules_command_prints_no_notation(game: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", "--game", game, "--lang", lang])
    assert result.exit_code == 0, result.output
    found = NOTATION.findall(result.stdout)
    assert not found, (game, lang, found[:5])
    assert not re.search(r"\b(?:high|low|top|bottom|ANCHOR|SIDE|bA|bB)\b", result.stdout)
    assert "○" in result.stdout
