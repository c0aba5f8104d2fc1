"""Table chat over the WebSocket: who hears a line, the limits, muted spectators, quick phrases in
each reader's language, a restart, and the chat going with its table (SQLite and PostgreSQL)."""

from __future__ import annotations

import gc
import time
from contextlib import ExitStack
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from sevenrocks.web import create_app
from sevenrocks.web.chat import CHAT_BURST, MAX_CHAT, PHRASES, check_text
from sevenrocks.web.protocol import ProtocolError
from tests.web.conftest import Socket, make_table, settings_for, ws_path

pytestmark = pytest.mark.timeout(60)

XSS = "<img src=x onerror=alert(1)>"


def connect(
    client: TestClient,
    stack: ExitStack,
    table: str,
    token: str | None = None,
    admin: str | None = None,
    *,
    lang: str = "en",
    label: str = "",
    session: str | None = None,
) -> Socket:
    """A browser at ``table`` (a seat by its invitation, else a spectator), its state received."""
    path = ws_path(table, token, admin, session)
    path += ("&" if "?" in path else "?") + f"lang={lang}"
    sock = Socket(stack.enter_context(client.websocket_connect(path)), label or path)
    sock.until(lambda m: m["type"] == "state")
    return sock


def history(sock: Socket) -> dict[str, Any] | None:
    """The ``chat_history`` a browser was sent when it joined (``None``: the chat held nothing)."""
    sock.send({"type": "ping"})
    sock.until(lambda m: m["type"] == "pong")
    return next((m for m in sock.messages if m["type"] == "chat_history"), None)


def said(sock: Socket) -> dict[str, Any]:
    """The next chat line ``sock`` hears."""
    return sock.until(lambda m: m["type"] == "chat")["line"]


def chats(sock: Socket) -> list[dict[str, Any]]:
    """Every chat line ``sock`` has heard so far (after a ping answered, so nothing is on the way)."""
    sock.send({"type": "ping"})
    sock.until(lambda m: m["type"] == "pong")
    return [m["line"] for m in sock.messages if m["type"] == "chat"]


def test_a_line_reaches_every_seat_and_spectator_of_its_table_and_no_other(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    other = make_table(client, ["me", "friend", "bot", "bot"])
    table = made["table"]
    with ExitStack() as stack:
        host = connect(client, stack, table, made["tokens"][0], made["admin_token"], label="host")
        friend = connect(client, stack, table, made["tokens"][1], label="friend")
        watcher = connect(client, stack, table, label="watcher")
        elsewhere = connect(client, stack, other["table"], other["tokens"][0], label="other table")
        elsewhere_watcher = connect(client, stack, other["table"], label="other watcher")
        assert history(watcher) is None  # a chat nobody used: nothing to send

        host.send({"type": "chat", "text": f"  {XSS}  "})
        lines = [said(s) for s in (host, friend, watcher)]
        assert lines[0] == lines[1] == lines[2]
        line = lines[0]
        assert line["text"] == XSS  # stored and sent as it was written (trimmed): pages show it as text
        assert line["seat"] == 0 and line["name"] == "host" and not line["spectator"] and line["creator"]
        assert line["n"] == 1 and line["phrase"] is None and line["at"]
        assert set(line) == {"n", "seat", "name", "spectator", "creator", "text", "phrase", "at"}

        watcher.send({"type": "chat", "text": "go seat 1!"})
        from_spectator = [said(s) for s in (host, friend, watcher)]
        assert all(x == from_spectator[0] for x in from_spectator)  # the players see spectators' lines
        assert from_spectator[0]["spectator"] and from_spectator[0]["seat"] is None
        assert from_spectator[0]["name"] == "spectator" and from_spectator[0]["n"] == 2

        assert chats(elsewhere) == [] and chats(elsewhere_watcher) == []
        elsewhere.send({"type": "chat", "text": "only here"})
        assert said(elsewhere_watcher)["text"] == "only here"
        assert [x["text"] for x in chats(friend)] == [XSS, "go seat 1!"]
        assert [x["text"] for x in chats(watcher)] == [XSS, "go seat 1!"]

    with ExitStack() as stack:  # a browser coming later gets the table's lines, not the other's
        late = history(connect(client, stack, table, label="late"))
        assert late is not None and [x["text"] for x in late["lines"]] == [XSS, "go seat 1!"]
        assert not late["muted"]
        late_other = history(connect(client, stack, other["table"], label="late other"))
        assert late_other is not None and [x["text"] for x in late_other["lines"]] == ["only here"]


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "chat", "text": ""}, "chat_empty"),
        ({"type": "chat", "text": " \t  "}, "chat_empty"),
        ({"type": "chat", "text": "x" * (MAX_CHAT + 1)}, "chat_too_long"),
        ({"type": "chat", "text": "two\nlines"}, "chat_control"),
        ({"type": "chat", "text": "bell\x07"}, "chat_control"),
        ({"type": "chat", "text": "\x1b[2Jclear"}, "chat_control"),
        ({"type": "chat", "text": "abc\u202edcba"}, "chat_control"),
        ({"type": "chat", "phrase": "insult"}, "chat_phrase"),
        ({"type": "chat", "text": "hi", "phrase": "thanks"}, "bad_message"),
        ({"type": "chat"}, "bad_message"),
        ({"type": "chat", "text": 7}, "bad_message"),
        ({"type": "chat", "text": "hi", "seat": 2}, "bad_message"),
        ({"type": "mute", "muted": "yes"}, "bad_message"),
    ],
)
def test_bad_lines_are_refused_with_a_clear_error(client: TestClient, message: Any, code: str) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with ExitStack() as stack:
        host = connect(client, stack, made["table"], made["tokens"][0], made["admin_token"])
        answer = host.answer(message)
        assert answer["type"] == "error" and answer["code"] == code, answer
        assert answer["message"] and "Traceback" not in answer["message"]
        assert chats(host) == []
        ok = host.answer({"type": "chat", "text": "x" * MAX_CHAT})  # the connection goes on; 200 is fine
        assert ok["type"] == "pong"
        assert [len(x["text"]) for x in chats(host)] == [MAX_CHAT]


def test_errors_are_in_the_writers_language_and_the_rate_is_limited(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with ExitStack() as stack:
        host = connect(client, stack, made["table"], made["tokens"][0], made["admin_token"], lang="tr")
        watcher = connect(client, stack, made["table"], lang="ru")
        empty = host.answer({"type": "chat", "text": "   "})
        assert empty["code"] == "chat_empty" and empty["request"] == "chat"
        assert empty["message"] != "a chat message cannot be empty"  # Turkish
        too_long = watcher.answer({"type": "chat", "text": "я" * 300})
        assert (
            too_long["code"] == "chat_too_long"
            and "300" in too_long["message"]
            and "200" in too_long["message"]
        )
        for n in range(CHAT_BURST):
            assert host.answer({"type": "chat", "text": f"line {n}"})["type"] == "pong"
        fast = host.answer({"type": "chat", "text": "one too many"})
        assert fast["code"] == "chat_too_fast" and str(CHAT_BURST) in fast["message"]
        # another connection has its own rate
        assert watcher.answer({"type": "chat", "text": "still fine"})["type"] == "pong"
        assert [x["text"] for x in chats(watcher)] == [
            *(f"line {n}" for n in range(CHAT_BURST)),
            "still fine",
        ]


def test_muted_spectators_read_but_cannot_write(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "seats": [{"kind": "me"}, {"kind": "friend"}, {"kind": "bot"}, {"kind": "bot"}],
            "mute_spectators": True,
        },
    )
    assert response.status_code == 201 and response.json()["mute_spectators"] is True
    made = response.json()
    tokens = [
        parse_qs(urlparse(made["link"]).query)["token"][0],
        parse_qs(urlparse(made["seats"][1]["link"]).query)["token"][0],
    ]
    table = made["table"]
    with ExitStack() as stack:
        host = connect(client, stack, table, tokens[0], made["admin"])
        friend = connect(client, stack, table, tokens[1])
        watcher = connect(client, stack, table, lang="tr")
        creator_watching = connect(client, stack, table, None, made["admin"])  # the creator, seatless
        muted = history(watcher)
        assert muted is not None and muted["muted"] is True and muted["lines"] == []
        refused = watcher.answer({"type": "chat", "text": "let me talk"})
        assert refused["code"] == "chat_muted" and refused["message"]
        assert watcher.answer({"type": "chat", "phrase": "good_game"})["code"] == "chat_muted"
        assert friend.answer({"type": "chat", "text": "players may"})["type"] == "pong"
        assert creator_watching.answer({"type": "chat", "text": "so may the creator"})["type"] == "pong"
        assert [x["text"] for x in chats(watcher)] == ["players may", "so may the creator"]

        assert friend.answer({"type": "mute", "muted": False})["code"] == "forbidden"
        assert watcher.answer({"type": "mute", "muted": False})["code"] == "forbidden"
        host.send({"type": "mute", "muted": False})
        for sock in (host, friend, watcher):
            assert sock.until(lambda m: m["type"] == "chat_muted")["muted"] is False
        assert watcher.answer({"type": "chat", "text": "thank you"})["type"] == "pong"
        assert said(friend)["text"] == "thank you"
        host.send({"type": "mute", "muted": True})
        assert watcher.until(lambda m: m["type"] == "chat_muted")["muted"] is True
        assert watcher.answer({"type": "chat", "text": "again"})["code"] == "chat_muted"
    with ExitStack() as stack:
        later = history(connect(client, stack, table))
        assert later is not None and later["muted"] is True


def test_quick_phrases_arrive_in_each_readers_language(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    table = made["table"]
    with ExitStack() as stack:
        english = connect(client, stack, table, made["tokens"][0], made["admin_token"], lang="en")
        turkish = connect(client, stack, table, made["tokens"][1], lang="tr")
        russian = connect(client, stack, table, lang="ru")
        arabic = connect(client, stack, table, lang="ar")
        english.send({"type": "chat", "phrase": "good_game"})
        lines = {
            name: said(s) for name, s in (("en", english), ("tr", turkish), ("ru", russian), ("ar", arabic))
        }
        assert {x["phrase"] for x in lines.values()} == {"good_game"}
        assert lines["en"]["text"] == "Good game"
        assert lines["tr"]["text"] == "İyi oyundu"
        assert lines["ru"]["text"] == "Хорошая игра"
        assert lines["ar"]["text"] == "مباراة جيدة"
        assert lines["en"]["name"] == "host" and lines["tr"]["name"] != "host"  # a default name translated
        for phrase in list(PHRASES)[: CHAT_BURST - 1]:
            turkish.send({"type": "chat", "phrase": phrase})
            english_words, russian_words = said(english)["text"], said(russian)["text"]
            assert english_words == PHRASES[phrase] and russian_words not in (english_words, phrase)


def test_every_phrase_has_its_translations() -> None:
    from sevenrocks.web.chat import phrase_text

    for phrase in PHRASES:
        words = {lang: phrase_text(phrase, lang) for lang in ("en", "ar", "tr", "ru")}
        assert len(set(words.values())) == 4, words


def test_check_text_counts_characters_after_trimming() -> None:
    assert check_text("\u00a0 e\u0301 ") == "\u00e9"  # NFC: one character
    assert check_text("  " + "😀" * MAX_CHAT + "  ") == "😀" * MAX_CHAT
    with pytest.raises(ProtocolError) as err:
        check_text("😀" * (MAX_CHAT + 1))
    assert err.value.code == "chat_too_long"


def test_chat_survives_a_restart(db_url: str) -> None:
    settings = settings_for(db_url)
    with TestClient(create_app(settings)) as client:
        made = make_table(client, ["me", "friend", "bot", "bot"])
        table = made["table"]
        with ExitStack() as stack:
            host = connect(client, stack, table, made["tokens"][0], made["admin_token"])
            watcher = connect(client, stack, table)
            host.send({"type": "chat", "text": "before the restart"})
            said(watcher)
            watcher.send({"type": "chat", "phrase": "good_luck"})
            said(host)
            host.send({"type": "mute", "muted": True})
            watcher.until(lambda m: m["type"] == "chat_muted")
            session = host.welcome["session"] if host.welcome else None

    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        watcher = connect(client, stack, table, lang="ru")
        joined = history(watcher)
        assert joined is not None
        lines = joined["lines"]
        assert [(x["n"], x["seat"], x["text"], x["phrase"]) for x in lines] == [
            (1, 0, "before the restart", None),
            (2, None, "Удачи", "good_luck"),
        ]
        assert joined["muted"] is True
        assert watcher.answer({"type": "chat", "text": "muted still"})["code"] == "chat_muted"
        host = connect(client, stack, table, made["tokens"][0], made["admin_token"], session=session)
        host.send({"type": "chat", "text": "after"})
        assert said(watcher)["n"] == 3


def test_chat_is_deleted_with_its_table(db_url: str) -> None:
    settings = settings_for(db_url, idle_table_seconds=0.6)
    with TestClient(create_app(settings)) as client:
        storage = client.app.state.service.storage  # type: ignore[attr-defined]
        gone = make_table(client, ["me", "friend", "bot", "bot"])
        kept = make_table(client, ["bot"] * 4, target=30)
        with ExitStack() as stack:
            host = connect(client, stack, gone["table"], gone["tokens"][0], gone["admin_token"])
            host.send({"type": "chat", "text": "soon gone"})
            said(host)
            host.send({"type": "mute", "muted": True})
            host.until(lambda m: m["type"] == "chat_muted")
            watcher = connect(client, stack, kept["table"])
            watcher.send({"type": "chat", "text": "kept with the replay"})
            said(watcher)
        assert storage.chat(gone["table"])[2] == 1
        client.post(f"/api/tables/{kept['table']}/start", json={"admin": kept["admin_token"]})
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{gone['table']}").status_code != 404:
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.1)
        assert storage.chat(gone["table"]) == ([], None, 0)  # no line, no choice left
        lines, muted, count = storage.chat(kept["table"])
        assert [x.data["text"] for x in lines] == ["kept with the replay"] and count == 1 and muted is None


def test_a_sausage_table_has_the_same_chat(client: TestClient) -> None:
    made = make_table(client, ["me", "friend"], target=50, game="sausage")
    table = made["table"]
    with ExitStack() as stack:
        host = connect(client, stack, table, made["tokens"][0], made["admin_token"])
        friend = connect(client, stack, table, made["tokens"][1], lang="ar")
        host.send({"type": "start"})
        friend.send({"type": "chat", "phrase": "good_luck"})
        assert said(host)["text"] == "Good luck"
        assert said(friend)["text"] == "حظًا موفقًا"
        host.send({"type": "chat", "text": XSS})
        assert said(friend)["text"] == XSS


def test_a_new_tables_chat_is_not_loaded_and_goes_with_the_table_from_memory(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    loads: list[str] = []
    load = service.storage.chat

    def counted(table_id: str, limit: int = 50) -> Any:
        loads.append(table_id)
        return load(table_id, limit)

    monkeypatch.setattr(service.storage, "chat", counted)
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with ExitStack() as stack:
        host = connect(client, stack, made["table"], made["tokens"][0], made["admin_token"])
        watcher = connect(client, stack, made["table"])
        assert history(watcher) is None  # a new table's chat is empty and open
        host.send({"type": "chat", "text": "first"})
        assert said(watcher)["text"] == "first"
    assert loads == []  # nothing was read back: the table was made here
    rooms = service.chat._rooms
    assert made["table"] in rooms
    del service.tables[made["table"]]  # the table leaves memory (as a finished, unwatched one does)
    gc.collect()
    assert made["table"] not in rooms  # and its chat with it
    with ExitStack() as stack:  # asked for again, it is loaded from storage, its line kept
        watcher = connect(client, stack, made["table"])
        joined = history(watcher)
        assert joined is not None and [x["text"] for x in joined["lines"]] == ["first"]
    assert loads == [made["table"]]
