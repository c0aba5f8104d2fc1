"""The terminal's key of the pictures of picture dominoes (the layout itself keeps numbers)."""

from __future__ import annotations

import pytest

from sevenrocks.core import Match
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.i18n import translation
from sevenrocks.text import picture_key, render_view


def test_the_picture_game_shows_the_key_under_the_hand() -> None:
    match = Match("picture", seats=3, seed=4)
    match.start_hand()
    lines = render_view(match.view(1)).splitlines()
    key = lines.index(picture_key())
    assert lines[key - 1].startswith("your tiles: ")
    assert picture_key().count(" · ") == 6


@pytest.mark.parametrize("game", [g.id for g in LAYOUT_GAMES if g.id != "picture"])
def test_other_games_show_no_key(game: str) -> None:
    match = Match(game, seed=1)
    match.start_hand()
    assert "pictures:" not in render_view(match.view(0))


def test_the_key_is_translated() -> None:
    ru = picture_key(gettext=translation("ru").gettext)
    assert ru == "картинки: 0 Яблоко · 1 Банан · 2 Виноград · 3 Морковка · 4 Рыбка · 5 Лягушка · 6 Бабочка"
    assert picture_key(gettext=translation("tr").gettext).startswith("resimler: 0 Elma · 1 Muz")
