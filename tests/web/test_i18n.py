"""Languages in the web app: negotiation, the switch, fallback, the /rules page, translated errors."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.tiles import TILES
from sevenrocks.guide import rules_guide
from sevenrocks.i18n import LANGUAGES, translation
from sevenrocks.web.pages import COOKIE, js_messages
from tests.web.conftest import Socket, make_table, ws_path

pytestmark = pytest.mark.timeout(60)
PAGES = ["/", "/rules", "/table/abc", "/replay/abc"]


def _lang(html: str) -> tuple[str, str]:
    found = re.search(r'<html lang="(\w+)" dir="(\w+)">', html)
    assert found, html[:200]
    return found.group(1), found.group(2)


def _messages(html: str) -> dict[str, str]:
    found = re.search(r'<script id="sr-messages" type="application/json">(.*?)</script>', html, re.S)
    assert found
    data: dict[str, str] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def _text(html: str) -> str:
    """The page's text as a person reads it (tags, scripts and entities removed)."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


@pytest.mark.parametrize("path", PAGES)
def test_accept_language_picks_the_page_language(client: TestClient, path: str) -> None:
    for header, lang, direction in [
        ("ar-EG,ar;q=0.9,en;q=0.8", "ar", "rtl"),
        ("de-DE, tr;q=0.7, en;q=0.3", "tr", "ltr"),
        ("ru", "ru", "ltr"),
        ("en-GB", "en", "ltr"),
    ]:
        response = client.get(path, headers={"accept-language": header})
        assert response.status_code == 200
        assert _lang(response.text) == (lang, direction)
        assert response.headers["content-language"] == lang
        assert 'href="/rules"' in response.text  # every page links to the rules guide
        assert COOKIE not in response.cookies  # only the switch remembers a choice
        rules = translation(lang).gettext("Rules")
        assert f">{rules}</a>" in response.text
        assert _messages(response.text) == dict(js_messages(lang))


def test_switch_is_remembered_per_player(client: TestClient) -> None:
    first = client.get("/rules?lang=tr", headers={"accept-language": "ar"})
    assert _lang(first.text) == ("tr", "ltr")
    assert first.cookies.get(COOKIE) == "tr"
    # every language is offered, each link keeping the page
    for code, name in LANGUAGES.items():
        assert f'href="/rules?lang={code}"' in first.text and f">{name}</a>" in first.text
    assert 'data-lang="tr" aria-current="true"' in first.text
    # later pages, without ?lang=, keep the choice over the browser's header
    later = client.get("/", headers={"accept-language": "ar"})
    assert _lang(later.text) == ("tr", "ltr")
    assert translation("tr").gettext("New table") in later.text
    # the switch on a seat link keeps the seat's secret
    secret, admin = "S3cret_" + "x" * 17, "Adm1n-" + "y" * 18
    table = client.get(f"/table/abc?token={secret}&admin={admin}&lang=ru")
    assert _lang(table.text) == ("ru", "ltr")
    assert f'href="/table/abc?token={secret}&amp;admin={admin}&amp;lang=ar"' in table.text
    # what does not look like a secret is not written back into the page
    odd = client.get("/table/abc?token=%3Cb%3E&admin=x&lang=ru")
    assert "token=" not in odd.text and "admin=" not in odd.text


@pytest.mark.parametrize(
    ("query", "header"),
    [
        ("?lang=xx", None),
        ("?lang=", None),
        ("?lang=%00%ff", None),
        ("", "xx-YY, zz;q=0.5"),
        ("", ";;;, q=0.3,=,ar;q=abc, tr;q=7, ;q=1"),
        ("", "*"),
        ("?lang=<script>", "\t,,,"),
    ],
)
@pytest.mark.parametrize("path", PAGES)
def test_unknown_or_malformed_language_falls_back_to_english(
    client: TestClient, path: str, query: str, header: str | None
) -> None:
    client.cookies.clear()
    headers = {} if header is None else {"accept-language": header}
    response = client.get(path + query, headers=headers)
    assert response.status_code == 200
    assert _lang(response.text) == ("en", "ltr")
    assert COOKIE not in response.cookies
    assert "<script>" not in response.text.split("</head>")[1].split("<main")[0]


def test_malformed_header_parts_are_ignored_not_the_rest(client: TestClient) -> None:
    response = client.get("/rules", headers={"accept-language": "en;q=abc, ;;, ru;q=0.8"})
    assert _lang(response.text) == ("ru", "ltr")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_page_has_every_section_figure_and_sum(client: TestClient, lang: str) -> None:
    html = client.get(f"/rules?lang={lang}").text
    guide = rules_guide(lang)
    text = _text(html)
    assert _lang(html) == (lang, guide.direction)
    for number, section in enumerate(guide.sections, start=1):
        assert f'id="{section.key}"' in html
        assert f"{number}. {section.title}" in text
        for paragraph in section.paragraphs:
            assert paragraph in text
        for worked in section.sums:
            assert worked.text in text
    # the rounding examples as worked sums
    assert "7 → 5 · 12 → 10 · 5 + 10 = 15" in text and "3 → 5 · 3 → 5 · 5 + 5 = 10" in text
    assert "2 → 0" in text and "3 → 5" in text
    # every figure: drawn by the SVG renderer at its first step, the engine's caption under it, all steps sent
    figures = re.findall(r'<figure class="guide-figure".*?</figure>', html, re.S)
    assert len(figures) == len(guide.figures)
    for block, figure in zip(figures, guide.figures, strict=True):
        assert f'data-figure="{figure.key}"' in block and f'data-step="{figure.start}"' in block
        drawn = re.search(r'<div class="figure-svg" dir="ltr">(<svg.*?</svg>)</div>', block, re.S)
        assert drawn and f'id="{figure.key}-' in drawn.group(1)
        caption = re.search(r'<span class="caption"[^>]*>(.*?)</span>\s*</figcaption>', block, re.S)
        assert caption and _text(caption.group(1)) == figure.step().caption
        data = re.search(r'<script type="application/json" class="figure-steps">(.*?)</script>', block, re.S)
        assert data
        steps = json.loads(data.group(1).replace("<\\/", "</"))
        assert [s["play"] for s in steps] == [str(p) for p in figure.plays]
        for number, step in enumerate(steps, start=1):
            engine = figure.step(number)
            assert _text(step["caption"]) == engine.caption
            assert (step["ends_total"], step["points"], step["sum"]) == (
                engine.ends_total,
                engine.points,
                engine.sum_text,
            )
            assert step["svg"].startswith("<svg") and step["svg"].count("data-order=") == number


def test_rules_figures_agree_with_seed_positions(
    client: TestClient, seed_cases: list[dict[str, Any]]
) -> None:
    html = client.get("/rules?lang=en").text
    shown: dict[str, list[dict[str, Any]]] = {}
    for key, data in re.findall(
        r'data-figure="([\w-]+)".*?<script type="application/json" class="figure-steps">(.*?)</script>',
        html,
        re.S,
    ):
        shown[key] = json.loads(data.replace("<\\/", "</"))
    for case in seed_cases:
        covering = [
            k
            for k, steps in shown.items()
            if [s["play"] for s in steps][: len(case["plays"])] == case["plays"]
        ]
        assert covering, case["name"]
        for key in covering:
            for step, seed in zip(shown[key], case["steps"], strict=False):
                assert step["play"] == seed["after"]
                assert (step["ends_total"], step["points"]) == (seed["ends_total"], seed["points"])
                terms = step["sum"].split(" = ")[0].split(" + ")
                assert sorted(int(n) for n in terms) == sorted(n for _, n in seed["counted"])


def test_errors_are_shown_in_the_players_language(client: TestClient) -> None:
    bad = {"seats": [{"kind": "me"}, {"kind": "bot", "bot": "nope"}, {"kind": "bot"}, {"kind": "bot"}]}
    answer = client.post("/api/tables", json=bad, headers={"accept-language": "tr"})
    assert answer.status_code == 400
    expected = translation("tr").gettext("seat {seat}: unknown bot level {bot}: use one of {known}")
    assert answer.json()["message"].startswith(expected.split("{seat}")[0])
    assert "'nope'" in answer.json()["message"] and "bilinmeyen bot seviyesi" in answer.json()["message"]
    english = client.post("/api/tables", json=bad)
    assert "unknown bot level 'nope'" in english.json()["message"]
    missing = client.get("/api/matches/nothing", headers={"accept-language": "ru"})
    assert missing.status_code == 404 and missing.json()["message"] == "стола 'nothing' нет"


def test_table_socket_errors_in_the_players_language(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "friend", "friend"])
    table = made["table"]
    with ExitStack() as stack:
        socks: dict[int, Socket] = {}
        for seat, token in sorted(made["tokens"].items()):
            admin = made["admin_token"] if seat == 0 else None
            path = ws_path(table, token, admin) + "&lang=ar"
            socks[seat] = Socket(stack.enter_context(client.websocket_connect(path)), f"seat {seat}")
            socks[seat].until(lambda m: m["type"] == "state")
        watcher = Socket(
            stack.enter_context(client.websocket_connect(f"/ws/tables/{table}?lang=tr")), "watch"
        )
        watcher.until(lambda m: m["type"] == "state")
        watcher.send({"type": "play", "play": "3-4"})
        assert watcher.error()["message"] == translation("tr").gettext("spectators cannot place tiles")
        socks[0].send({"type": "start"})
        state = socks[0].until(lambda m: m["type"] == "state" and m["phase"] == "playing")
        turn = state["turn"]
        other = socks[(turn + 1) % 4]
        other.send({"type": "play", "play": "3-4"})
        message = other.error()["message"]
        assert message == f"الدور على المقعد {turn}، وليس عليك (المقعد {(turn + 1) % 4})"
        mover = socks[turn]
        hand = mover.current(lambda m: m["type"] == "state" and m["turn"] == turn)["hand"]
        foreign = next(str(t) for t in TILES if str(t) not in hand)
        mover.send({"type": "play", "play": foreign})
        error = mover.error()
        assert error["code"] == "illegal"
        assert error["message"] == translation("ar").gettext("That tile is not in your hand.")
    # an unknown table, in the language of the browser's cookie
    client.cookies.set(COOKIE, "ru")
    with client.websocket_connect("/ws/tables/nothing") as session:
        assert session.receive_json()["message"] == "стола 'nothing' нет"
