"""Accounts (issue 20): sign-up, log-in, log-out, sessions (fixation), CSRF, the log-in rate limit,
the account's language and matches, and the operator's password reset; on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from sevenrocks.cli.app import app as cli
from sevenrocks.web.accounts import (
    CSRF_COOKIE,
    FAILURE_SECONDS,
    FAILURES_PER_ADDRESS,
    FAILURES_PER_NAME,
    SESSION_COOKIE,
)
from tests.web.conftest import Socket, make_table, ws_path

pytestmark = pytest.mark.timeout(120)
PASSWORD = "correct horse 7"


def form_token(client: TestClient, page: str = "/login") -> str:
    """The CSRF token of a form page (as the browser gets it with the page)."""
    answer = client.get(page)
    assert answer.status_code == 200, answer.text
    found = re.search(r'name="csrf" value="([^"]+)"', answer.text)
    assert found, answer.text
    return found[1]


def sign_up(client: TestClient, name: str, password: str = PASSWORD, again: str | None = None) -> Any:
    token = form_token(client, "/signup")
    data = {
        "csrf": token,
        "name": name,
        "password": password,
        "password2": password if again is None else again,
    }
    return client.post("/signup", data=data, follow_redirects=False)


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    token = form_token(client, "/login")
    return client.post(
        "/login", data={"csrf": token, "name": name, "password": password}, follow_redirects=False
    )


def log_out(client: TestClient) -> Any:
    token = form_token(client, "/logout")
    return client.post("/logout", data={"csrf": token}, follow_redirects=False)


def plant(client: TestClient, value: str) -> None:
    """Put a session cookie into the browser, in place of the one it has."""
    domain = next((c.domain for c in client.cookies.jar if c.name == SESSION_COOKIE), "testserver.local")
    client.cookies.delete(SESSION_COOKIE)
    client.cookies.set(SESSION_COOKIE, value, domain=domain)


def me(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/me")
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    return data


def error_of(answer: Any) -> str:
    found = re.search(r'id="form-error"[^>]*>([^<]*)<', answer.text)
    assert found, answer.text
    return found[1]


def test_sign_up_log_out_log_in(client: TestClient) -> None:
    assert me(client)["account"] is None
    made = sign_up(client, "Leyla")
    assert made.status_code == 303 and made.headers["location"] == "/players/Leyla"
    cookie = next(c for c in made.headers.get_list("set-cookie") if c.startswith(SESSION_COOKIE))
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie  # plain http here
    assert me(client)["account"] == "Leyla"
    page = client.get("/players/Leyla")
    assert page.status_code == 200 and 'id="player-name">Leyla<' in page.text
    assert 'id="nav-logout"' in page.text
    assert log_out(client).status_code == 303
    assert me(client)["account"] is None
    # the name is the account's in any case; the wrong password is refused
    wrong = log_in(client, "LEYLA", "not the password")
    assert wrong.status_code == 401 and error_of(wrong) == "wrong user name or password"
    assert log_in(client, "leyla").status_code == 303
    assert me(client)["account"] == "Leyla"


def test_the_session_id_changes_at_log_in_and_dies_at_log_out(client: TestClient) -> None:
    sign_up(client, "Omar")
    first = client.cookies.get(SESSION_COOKIE)
    assert first
    # logging in again from the same browser: a new session, the old one no longer works
    log_in(client, "Omar")
    second = client.cookies.get(SESSION_COOKIE)
    assert second and second != first
    plant(client, first)
    assert me(client)["account"] is None
    # a session id planted in the browser beforehand (fixation) is never the one logged in
    planted = "A" * 32
    plant(client, planted)
    log_in(client, "Omar")
    third = client.cookies.get(SESSION_COOKIE)
    assert third not in (planted, first, second)
    assert me(client)["account"] == "Omar"
    log_out(client)
    plant(client, third)  # the old cookie, kept by an attacker
    assert me(client)["account"] is None
    assert client.get("/players/Omar").text.count('id="nav-login"') == 1


def test_forms_need_their_csrf_token(client: TestClient) -> None:
    base = {"name": "Zeynep", "password": PASSWORD, "password2": PASSWORD}
    form_token(client, "/signup")  # the browser has its pre-session token cookie
    for data in (base, {**base, "csrf": "x" * 32}):
        refused = client.post("/signup", data=data, follow_redirects=False)
        assert refused.status_code == 403 and "did not come from this site" in refused.json()["message"]
    token = form_token(client, "/signup")
    from_elsewhere = client.post(
        "/signup",
        data={**base, "csrf": token},
        headers={"Origin": "https://evil.example"},
        follow_redirects=False,
    )
    assert from_elsewhere.status_code == 403
    assert me(client)["account"] is None
    assert sign_up(client, "Zeynep").status_code == 303
    # log-out needs the session's own token: the pre-session one (or none) is refused
    for data in ({}, {"csrf": token}):
        assert client.post("/logout", data=data, follow_redirects=False).status_code == 403
    assert me(client)["account"] == "Zeynep"
    # a rated table needs the session's token in its header
    seats = [
        {"kind": "me"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "friend"},
        {"kind": "bot", "bot": "greedy"},
    ]
    refused = client.post("/api/tables", json={"seats": seats, "rated": True})
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    made = client.post(
        "/api/tables", json={"seats": seats, "rated": True}, headers={"X-CSRF-Token": me(client)["csrf"]}
    )
    assert made.status_code == 201 and made.json()["rated"] is True


def test_bad_names_and_passwords_are_explained(client: TestClient) -> None:
    cases = [
        ("ab", PASSWORD, None, "a user name is 3 to 24 letters"),
        ("has space", PASSWORD, None, "a user name is 3 to 24 letters"),
        ("_under", PASSWORD, None, "starting with a letter or digit"),
        ("Farida", "short", None, "a password is 8 to 256 characters long"),
        ("Farida", "Farida", None, "a password is 8 to 256"),
        ("Faridaaa", "FARIDAAA", None, "the password cannot be the user name"),
        ("Farida", PASSWORD, "another one", "the two passwords are not the same"),
    ]
    for name, password, again, reason in cases:
        answer = sign_up(client, name, password, again)
        assert answer.status_code == 400, (name, answer.text)
        assert reason in error_of(answer)
        assert f'value="{name}"' in answer.text  # the name is kept in the form
    assert sign_up(client, "Farida").status_code == 303
    log_out(client)
    taken = sign_up(client, "farida")
    assert taken.status_code == 409 and error_of(taken) == "the user name Farida is taken: choose another"
    # names are escaped wherever they are shown
    hostile = sign_up(client, "<b>x</b>")
    assert hostile.status_code == 400 and "<b>x</b>" not in hostile.text


def test_repeated_wrong_passwords_lock_the_name_for_a_while(client: TestClient) -> None:
    sign_up(client, "Ivan")
    log_out(client)
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    now = [1000.0]
    accounts.names._clock = accounts.addresses._clock = lambda: now[0]
    for _ in range(FAILURES_PER_NAME):
        assert log_in(client, "Ivan", "wrong password").status_code == 401
    locked = log_in(client, "Ivan")  # the right password, too late
    assert locked.status_code == 429 and locked.headers["Retry-After"]
    assert "too many failed log-ins: try again in 15 minutes" in error_of(locked)
    assert me(client)["account"] is None
    now[0] += FAILURE_SECONDS - 60
    assert log_in(client, "ivan").status_code == 429  # any case of the name
    now[0] += 61
    assert log_in(client, "Ivan").status_code == 303
    assert me(client)["account"] == "Ivan"
    # one address trying many names is stopped as well
    log_out(client)
    for n in range(FAILURES_PER_ADDRESS):  # the earlier failures are older than the window
        log_in(client, f"nobody{n}", "wrong password")
    blocked = log_in(client, "Ivan")
    assert blocked.status_code == 429


def test_the_account_keeps_its_language(client: TestClient, db_url: str) -> None:
    client.get("/?lang=tr")
    sign_up(client, "Selin")
    assert me(client)["language"] == "tr"
    assert 'lang="tr"' in client.get("/players/Selin").text
    client.get("/leaderboard?lang=ru")  # the switch while logged in: the account remembers it
    assert me(client)["language"] == "ru"
    log_out(client)
    client.cookies.clear()
    other = TestClient(client.app)
    other.get("/?lang=ar")
    assert log_in(other, "Selin").status_code == 303
    page = other.get("/players/Selin")
    assert 'lang="ru"' in page.text  # another browser: the page follows the account


def test_a_seat_taken_while_logged_in_is_the_accounts(client: TestClient) -> None:
    sign_up(client, "Kemal")
    made = make_table(client, ["me", "bot", "bot", "bot"], target=10)
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "Kemal")
        sock.until(lambda m: m["type"] == "state")
        assert sock.state is not None and sock.state["seats"][0]["name"] == "Kemal"
    profile = client.get("/api/players/kemal").json()
    assert [m["table"] for m in profile["matches"]] == [made["table"]]
    assert profile["matches"][0]["seat"] == 0 and profile["matches"][0]["players"][0] == "Kemal"
    assert f'data-table="{made["table"]}"' in client.get("/players/Kemal").text
    # a guest's seat records nobody
    guest = TestClient(client.app)
    other = make_table(guest, ["me", "bot", "bot", "bot"], target=10)
    with guest.websocket_connect(ws_path(other["table"], other["tokens"][0], other["admin_token"])) as ws:
        Socket(ws, "guest").until(lambda m: m["type"] == "state")
    assert len(client.get("/api/players/Kemal").json()["matches"]) == 1
    assert client.get("/api/players/nobody-here").status_code == 404


def test_the_operator_resets_a_password(client: TestClient, db_url: str, tmp_path: Path) -> None:
    sign_up(client, "Anya")
    assert me(client)["account"] == "Anya"
    secret = tmp_path / "new-password"
    secret.write_text("a brand new secret\n", encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(
        cli, ["accounts", "reset-password", "anya", "--password-file", str(secret), "--db", db_url]
    )
    assert done.exit_code == 0, done.output
    assert "The password of Anya is changed; 1 log-in session(s) ended." in done.output
    assert me(client)["account"] is None  # its sessions ended
    assert log_in(client, "Anya").status_code == 401
    assert log_in(client, "Anya", "a brand new secret").status_code == 303
    # mistakes are explained, never a traceback
    missing = runner.invoke(
        cli, ["accounts", "reset-password", "Boris", "--password-file", str(secret), "--db", db_url]
    )
    assert missing.exit_code == 2 and "no account 'Boris'" in missing.output
    short = tmp_path / "short"
    short.write_text("abc", encoding="utf-8")
    too_short = runner.invoke(
        cli, ["accounts", "reset-password", "Anya", "--password-file", str(short), "--db", db_url]
    )
    assert too_short.exit_code == 2 and "a password is 8 to 256 characters long" in too_short.output
    prompted = runner.invoke(
        cli,
        ["accounts", "reset-password", "Anya", "--db", db_url],
        input="typed at the prompt\ntyped at the prompt\n",
    )
    assert prompted.exit_code == 0, prompted.output
    assert log_in(client, "Anya", "typed at the prompt").status_code == 303
    absent = runner.invoke(
        cli, ["accounts", "reset-password", "Anya", "--password-file", str(tmp_path / "none")]
    )
    assert absent.exit_code == 2 and "cannot read the password file" in absent.output


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("lang", ["ar", "tr", "ru"])
def test_the_account_pages_have_no_english_left(client: TestClient, lang: str) -> None:
    from tests.web.test_languages_complete import english_leaks

    sign_up(client, "Dilnoza")
    made = make_table(client, ["me", "bot", "bot", "bot"], target=10, bot="greedy")
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        Socket(ws, "Dilnoza").until(lambda m: m["type"] == "state")
    client.get(f"/?lang={lang}")
    pages = ["/players/Dilnoza", "/leaderboard", "/logout", "/players/nobody"]
    texts = [client.get(path).text for path in pages]
    assert log_out(client).status_code == 303
    texts += [client.get("/signup").text, client.get("/logout").text]
    texts.append(log_in(client, "Dilnoza", "wrong password!").text)
    texts.append(sign_up(client, "x").text)
    for html in texts:
        assert f'lang="{lang}"' in html
        shown = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', html)
        body = re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)
        leaks = english_leaks(" ".join([body, *shown]), lang)
        assert not leaks, (lang, leaks)
    assert ('dir="rtl"' in texts[0]) is (lang == "ar")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_session_cookie_is_secure_over_https(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    secure = TestClient(client.app, base_url="https://testserver")
    made = sign_up(secure, "Hasan")
    cookie = next(c for c in made.headers.get_list("set-cookie") if c.startswith(SESSION_COOKIE))
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert me(secure)["account"] == "Hasan"
    # SEVENROCKS_SECURE_COOKIES=1 marks it Secure even over http (behind a proxy that hides https)
    monkeypatch.setattr(client.app.state.accounts, "secure_always", True)  # type: ignore[attr-defined]
    form = client.get("/login")
    assert "Secure" in next(c for c in form.headers.get_list("set-cookie") if c.startswith(CSRF_COOKIE))


def test_expired_sessions_are_refused_and_forgotten(client: TestClient) -> None:
    import datetime as dt

    sign_up(client, "Mehmet")
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    store = accounts.store
    from sqlalchemy import text

    with store.engine.begin() as conn:
        past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)
        conn.execute(text("UPDATE sevenrocks_login_sessions SET expires_at = :t"), {"t": past})
    assert me(client)["account"] is None
    client.portal.call(accounts.catch_up)  # type: ignore[union-attr]
    with store.engine.begin() as conn:
        assert conn.execute(text("SELECT count(*) FROM sevenrocks_login_sessions")).scalar() == 0


def test_hostile_log_in_names_are_just_wrong(client: TestClient) -> None:
    sign_up(client, "Émile")
    log_out(client)
    for name in ("a\x00b", "x" * 1000, "\u202e", "", "e\u0301mile"):
        answer = log_in(client, name, "some password")
        assert answer.status_code == 401, (name, answer.text)
    # the same name written with a combining accent is the same account
    assert log_in(client, "E\u0301MILE").status_code == 303
