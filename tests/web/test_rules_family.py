"""``/rules/<game>``: every game's guide in every language, its figures and worked settlements as the
engine computed them, the links between the guides, and the 404 page for a game nobody knows."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from sevenrocks.guide.family import GAME_IDS, family_guide
from sevenrocks.i18n import LANGUAGES

FAMILY = [game for game in GAME_IDS if game != "seven-rocks"]


@pytest.fixture(params=["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """These pages read no database: one SQLite file is enough."""
    return f"sqlite:///{tmp_path}/web.db"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_game_page_in_every_language(client: TestClient, lang: str) -> None:
    for game in FAMILY:
        response = client.get(f"/rules/{game}?lang={lang}")
        assert response.status_code == 200, game
        html = response.text
        assert response.headers["content-language"] == lang
        assert f'dir="{"rtl" if lang == "ar" else "ltr"}"' in html
        guide = family_guide(game, lang)
        assert f"<title>{guide.title}</title>" in html.replace("&#x27;", "'")
        for section in guide.sections:
            assert f'id="{section.key}"' in html
        steps = json.loads(
            re.search(r'class="figure-steps">(.*?)</script>', html, re.S)[1].replace("<\\/", "</")
        )
        figure = guide.figures[0]
        assert [s["play"] for s in steps] == list(figure.moves)
        assert [s["points"] for s in steps] == [s.points for s in figure.steps]
        assert html.count('data-worked="hand-') == len(guide.section("settlement").hands)
        assert 'href="/rules#games-title"' in html  # back to the list of guides
        assert 'src="/static/rules.js"' in html


def test_rules_page_links_every_game(client: TestClient) -> None:
    html = client.get("/rules?lang=en").text
    for game in GAME_IDS:
        assert f'href="/rules/{game}"' in html
    assert 'id="players"' in html and 'id="arms"' in html  # still Seven Rocks' own guide


def test_seven_rocks_has_its_own_address(client: TestClient) -> None:
    one = client.get("/rules/seven-rocks?lang=tr")
    assert one.status_code == 200
    assert 'id="arms"' in one.text and 'lang="tr"' in one.text


def test_unknown_game_is_a_404_page(client: TestClient) -> None:
    response = client.get("/rules/chess?lang=ru")
    assert response.status_code == 404
    assert "text/html" in response.headers["content-type"]
    assert 'id="unknown-game"' in response.text and "sausage" in response.text
    assert "Нет игры" in response.text
    assert 'href="/rules/kozel"' in response.text
    hostile = client.get("/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    assert hostile.status_code == 404 and "<script>alert" not in hostile.text


def test_worked_settlements_on_the_page_are_the_engines(client: TestClient) -> None:
    html = client.get("/rules/kozel?lang=en").text
    assert "Eggs waiting for the next loser: 24." in html
    for worked in family_guide("kozel", "en").section("settlement").settlements:
        assert worked.facts.rules.settlement.settle(worked.facts) == worked.settled
        assert f'data-worked="{worked.key}"' in html


@pytest.mark.parametrize("path", ["/rules/kozel", "/rules/sausage", "/rules/seven-rocks", "/rules/chess"])
def test_guides_carry_the_security_headers_and_no_inline_code(client: TestClient, path: str) -> None:
    response = client.get(path)
    headers = response.headers
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
    csp = headers["content-security-policy"]
    assert "script-src 'self';" in csp and "unsafe" not in csp
    assert headers["cache-control"] == "no-store"
    html = response.text
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert 'src="/static/' in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"\sstyle=", html) and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)


def test_language_choice_is_remembered_from_a_game_guide(client: TestClient) -> None:
    first = client.get("/rules/general?lang=tr")
    assert first.cookies.get("sevenrocks_lang") == "tr" or "tr" in first.headers.get("set-cookie", "")
    later = client.get("/rules/general")
    assert 'lang="tr"' in later.text
