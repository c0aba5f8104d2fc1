"""Notation is ASCII only: full-width, Arabic-Indic or superscript digits name no tile, play or choice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevenrocks.cli.play import parse_choice
from sevenrocks.core import Match
from sevenrocks.core.errors import NotationError
from sevenrocks.core.notation import ACTIONS, ConnectionPoint, Play
from sevenrocks.core.tiles import Tile
from sevenrocks.text import play_choices
from sevenrocks.web.protocol import ProtocolError, parse_message

# digits 0..9 of other scripts and forms: full-width, Arabic-Indic, Devanagari, superscript, circled
LOOKALIKES = {
    str(d): [chr(0xFF10 + d), chr(0x0660 + d), chr(0x0966 + d), "⁰¹²³⁴⁵⁶⁷⁸⁹"[d], "⓪①②③④⑤⑥⑦⑧⑨"[d]]
    for d in range(10)
}


@pytest.mark.parametrize("text", ["３-４", "3-４", "٣-٤", "3-4\u3000", "\u00a03-4", "²-3", "3\uff0d4"])
def test_tiles_in_other_digits_or_spaces_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Tile.parse(text)
    with pytest.raises(NotationError):
        Play.parse(text)


def test_ascii_tiles_still_parse() -> None:
    assert str(Tile.parse(" 4-3\t")) == "3-4" and str(Play.parse("3-4@4-4:B ")) == "3-4@4-4:B"
    assert str(ConnectionPoint.parse("1-1:bA")) == "1-1:bA"


@given(st.sampled_from(ACTIONS), st.data())
def test_every_play_with_one_lookalike_digit_is_refused(play: Play, data: st.DataObject) -> None:
    text = str(play)
    where = data.draw(st.sampled_from([i for i, c in enumerate(text) if c.isdigit()]))
    other = data.draw(st.sampled_from(LOOKALIKES[text[where]]))
    with pytest.raises(NotationError):
        Play.parse(text[:where] + other + text[where + 1 :])


def test_web_plays_in_full_width_digits_are_bad_plays() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message('{"type": "play", "play": "３-４"}')
    assert caught.value.code == "bad_play"


def test_terminal_choice_numbers_are_ascii() -> None:
    match = Match(seed=5)
    match.start_hand(leader=0)
    choices = play_choices(match.view(0))
    assert parse_choice("1", choices) == choices[0].play
    for text in ("１", "²", "٣"):
        with pytest.raises(ValueError, match="not a choice"):
            parse_choice(text, choices)
