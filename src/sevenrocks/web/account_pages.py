"""The pages and API of accounts: sign-up, log-in, log-out, a player's profile, the leaderboard.

The pages are drawn by the server in the player's language, like the others
(:mod:`sevenrocks.web.pages`); their forms post ``application/x-www-form-urlencoded`` bodies with a
CSRF token (:mod:`sevenrocks.web.accounts`). The profile's rating history is an SVG chart drawn
here (:func:`rating_chart`), no script needed.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Final
from urllib.parse import parse_qs, quote

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from sevenrocks.i18n import LANGUAGES, N_, translation
from sevenrocks.web.accounts import (
    CSRF_COOKIE,
    SESSION_COOKIE,
    SESSION_DAYS,
    Accounts,
    check_name,
    same_origin,
)
from sevenrocks.web.accounts_store import Account, HistoryPoint, SeatOfAccount
from sevenrocks.web.names import shown_name
from sevenrocks.web.pages import COOKIE, _frame
from sevenrocks.web.protocol import ProtocolError
from sevenrocks.web.ratings import BOT_ANCHORS, BOT_SIGMA, NEW_MU, NEW_SIGMA, ordinal

__all__ = [
    "RememberLanguage",
    "check_rated_request",
    "mark_rated",
    "rating_chart",
    "router",
    "websocket_account",
]

log = logging.getLogger("sevenrocks.web")

router = APIRouter()
_MAX_FORM: Final = 4096
#: A profile's reads, at most, until its account reads the same before and after its history.
PROFILE_READS: Final = 4

Translate = Callable[[str], str]
#: The texts of the pages written inside f-strings below, marked here for the catalogues
#: (the extractor does not read inside f-strings).
_MARKED: Final = (
    N_("Log in"),
    N_("Sign up"),
    N_("Log out"),
    N_("Create an account"),
    N_("Already have an account? Log in."),
    N_("No account yet? Sign up."),
    N_("You are not logged in."),
    N_("Rating"),
    N_("rated matches"),
    N_("No rated match yet."),
    N_("Replay"),
    N_("Watch"),
    N_("rated"),
    N_("No match yet."),
    N_("Recent matches"),
    N_("Leaderboard"),
    N_("The rating is mu − 3 sigma (see a player page)."),
    N_("Bot ratings"),
)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def _lang(request: Request) -> str:
    from sevenrocks.web.routes import request_language  # routes imports this module's router

    return request_language(request)


def _html(request: Request, html: str, status: int = 200) -> HTMLResponse:
    response = HTMLResponse(html, status_code=status)
    response.headers["Content-Language"] = _lang(request)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def _nav(_: Translate, account: Account | None) -> str:
    if account is None:
        return (
            f'<a href="/login" id="nav-login">{_e(_("Log in"))}</a>'
            f'<a href="/signup" id="nav-signup">{_e(_("Sign up"))}</a>'
        )
    return (
        f'<a href="/players/{quote(account.name)}" id="nav-me">{_e(account.name)}</a>'
        f'<a href="/logout" id="nav-logout">{_e(_("Log out"))}</a>'
    )


def _page(request: Request, lang: str, page: str, title: str, body: str, account: Account | None) -> str:
    _ = translation(lang).gettext
    return _frame(
        lang,
        title=title,
        where=_e(title),
        body=body,
        scripts=(),
        path=request.url.path,
        params={},
        page=page,
        account_nav=_nav(_, account),
    )


async def _form(request: Request) -> dict[str, str]:
    """The fields of a posted form (the first value of each), or a 400 for anything else."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await request.body()
    if not body and not kind:
        return {}  # an empty post: no fields (so no CSRF token either)
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(400, "a form is posted as application/x-www-form-urlencoded")
    if len(body) > _MAX_FORM:
        raise HTTPException(413, "the form is too large")
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=10, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "the form cannot be read") from None
    return {key: values[0] for key, values in fields.items() if values}


async def _login_of(request: Request) -> tuple[Account, str] | None:
    return await _accounts(request).current(request)


def _form_token(request: Request, login: tuple[Account, str] | None) -> tuple[str, str | None]:
    """The CSRF token a form carries, and a new pre-session token to set as a cookie (if needed)."""
    if login is not None:
        return login[1], None
    known = request.cookies.get(CSRF_COOKIE)
    if known and 20 <= len(known) <= 64 and known.isascii():
        return known, None
    from sevenrocks.web.keys import new_secret

    fresh = new_secret()
    return fresh, fresh


def _set_csrf(response: Response, request: Request, token: str | None) -> None:
    if token is not None:
        response.set_cookie(
            CSRF_COOKIE,
            token,
            httponly=True,
            samesite="strict",
            secure=_accounts(request).secure(request),
            max_age=SESSION_DAYS * 24 * 3600,
        )


def _check_csrf(request: Request, form: dict[str, str], login: tuple[Account, str] | None) -> None:
    """Refuse (403) a form post from another site or without the right token."""
    import secrets

    expected = login[1] if login is not None else request.cookies.get(CSRF_COOKIE)
    given = form.get("csrf", "")
    if (
        not same_origin(request)
        or not expected
        or not given.isascii()
        or not secrets.compare_digest(given.encode(), expected.encode())
    ):
        _ = translation(_lang(request)).gettext
        raise HTTPException(
            403, _("this form has expired or did not come from this site: reload the page and try again")
        )


def _local(target: str | None) -> str | None:
    """``target`` if it is a path of this site (``/...``, never ``//host``), else ``None``."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target[:500]
    return None


# ------------------------------------------------------------------------- forms
def _field(name: str, label: str, kind: str, value: str = "", auto: str = "") -> str:
    extra = f' autocomplete="{auto}"' if auto else ""
    return (
        f'<p><label for="{name}">{_e(label)}</label><br>'
        f'<input id="{name}" name="{name}" type="{kind}" value="{_e(value)}" required{extra}></p>'
    )


def _form_html(action: str, fields: str, button: str, token: str, error: str = "", extra: str = "") -> str:
    alert = f'<p id="form-error" class="error-text" role="alert">{_e(error)}</p>'
    return (
        f'<form method="post" action="{action}" class="account-form" id="account-form">'
        f'<input type="hidden" name="csrf" value="{_e(token)}">{extra}{fields}{alert}'
        f'<p><button class="primary" type="submit" id="submit">{_e(button)}</button></p></form>'
    )


def _signup_body(_: Translate, token: str, name: str = "", error: str = "") -> str:
    fields = (
        _field("name", _("User name"), "text", name, "username")
        + _field("password", _("Password"), "password", "", "new-password")
        + _field("password2", _("Password again"), "password", "", "new-password")
    )
    rules = _(
        "A user name is 3 to 24 letters, digits, dots, dashes or underscores; a password at least "
        "8 characters. No e-mail is needed: if you forget your password, the server's operator can "
        "reset it."
    )
    return (
        f'<main><section class="panel"><h2 id="account-title">{_e(_("Create an account"))}</h2>'
        f'<p class="muted">{_e(rules)}</p>'
        f"{_form_html('/signup', fields, _('Sign up'), token, error)}"
        f'<p><a href="/login">{_e(_("Already have an account? Log in."))}</a></p></section></main>'
    )


def _login_body(_: Translate, token: str, name: str = "", error: str = "", target: str = "") -> str:
    fields = _field("name", _("User name"), "text", name, "username") + _field(
        "password", _("Password"), "password", "", "current-password"
    )
    extra = f'<input type="hidden" name="next" value="{_e(target)}">' if target else ""
    guest = _("You can also play as a guest: accounts keep your matches, your rating and your language.")
    return (
        f'<main><section class="panel"><h2 id="account-title">{_e(_("Log in"))}</h2>'
        f'<p class="muted">{_e(guest)}</p>'
        f"{_form_html('/login', fields, _('Log in'), token, error, extra)}"
        f'<p><a href="/signup">{_e(_("No account yet? Sign up."))}</a></p></section></main>'
    )


def _error_text(err: ProtocolError, lang: str) -> str:
    return err.translated(lang)


@router.get("/signup", include_in_schema=False)
async def signup_page(request: Request) -> HTMLResponse:
    """The sign-up form."""
    lang = _lang(request)
    _ = translation(lang).gettext
    login = await _login_of(request)
    token, fresh = _form_token(request, login)
    title = _("Sign up")
    html = _page(request, lang, "signup", title, _signup_body(_, token), login[0] if login else None)
    response = _html(request, html)
    _set_csrf(response, request, fresh)
    return response


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


async def _logged_in(request: Request, account: Account, target: str) -> Response:
    """Open a new session for ``account`` (the browser's old one ends) and go to ``target``."""
    accounts = _accounts(request)
    secret, _csrf = await accounts.open_session(account, request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        secret,
        max_age=SESSION_DAYS * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=accounts.secure(request),
        path="/",
    )
    # the pages follow the account's language from now on
    response.set_cookie(COOKIE, account.language, max_age=365 * 24 * 3600, samesite="lax")
    return response


@router.post("/signup", include_in_schema=False)
async def signup(request: Request) -> Response:
    """Make an account and log in to it; the form again with the reason if it cannot be made."""
    lang = _lang(request)
    _ = translation(lang).gettext
    form = await _form(request)
    login = await _login_of(request)
    _check_csrf(request, form, login)
    name = form.get("name", "")
    token, _fresh = _form_token(request, login)
    try:
        if form.get("password", "") != form.get("password2", ""):
            raise ProtocolError(N_("the two passwords are not the same"), "bad_password")
        account = await _accounts(request).sign_up(name, form.get("password", ""), lang)
    except ProtocolError as err:
        body = _signup_body(_, token, name[:60], _error_text(err, lang))
        html = _page(request, lang, "signup", _("Sign up"), body, login[0] if login else None)
        return _html(request, html, 409 if err.code == "name_taken" else 400)
    return await _logged_in(request, account, f"/players/{quote(account.name)}")


@router.get("/login", include_in_schema=False)
async def login_page(request: Request) -> HTMLResponse:
    """The log-in form."""
    lang = _lang(request)
    _ = translation(lang).gettext
    login = await _login_of(request)
    token, fresh = _form_token(request, login)
    target = _local(request.query_params.get("next")) or ""
    body = _login_body(_, token, target=target)
    response = _html(request, _page(request, lang, "login", _("Log in"), body, login[0] if login else None))
    _set_csrf(response, request, fresh)
    return response


@router.post("/login", include_in_schema=False)
async def login(request: Request) -> Response:
    """Log in: a new session (the browser's old one ends); the form again with the reason if not."""
    lang = _lang(request)
    _ = translation(lang).gettext
    form = await _form(request)
    login = await _login_of(request)
    _check_csrf(request, form, login)
    name = form.get("name", "")
    target = _local(form.get("next"))
    try:
        account = await _accounts(request).log_in(name, form.get("password", ""), _client(request))
    except ProtocolError as err:
        token, _fresh = _form_token(request, login)
        body = _login_body(_, token, name[:60], _error_text(err, lang), target or "")
        html = _page(request, lang, "login", _("Log in"), body, login[0] if login else None)
        status = 429 if err.code == "too_many_logins" else 401
        response = _html(request, html, status)
        if status == 429:
            response.headers["Retry-After"] = "900"
        return response
    return await _logged_in(request, account, target or f"/players/{quote(account.name)}")


@router.get("/logout", include_in_schema=False)
async def logout_page(request: Request) -> HTMLResponse:
    """The log-out button (log-out is a form post, so no other site can log a player out)."""
    lang = _lang(request)
    _ = translation(lang).gettext
    login = await _login_of(request)
    if login is None:
        body = (
            f'<main><section class="panel"><h2 id="account-title">{_e(_("Log out"))}</h2>'
            f'<p id="logged-out">{_e(_("You are not logged in."))} <a href="/login">{_e(_("Log in"))}</a></p>'
            "</section></main>"
        )
    else:
        text = _("You are logged in as {name}.").format(name=login[0].name)
        body = (
            f'<main><section class="panel"><h2 id="account-title">{_e(_("Log out"))}</h2>'
            f"<p>{_e(text)}</p>{_form_html('/logout', '', _('Log out'), login[1])}</section></main>"
        )
    account = login[0] if login else None
    return _html(request, _page(request, lang, "logout", _("Log out"), body, account))


@router.post("/logout", include_in_schema=False)
async def logout(request: Request) -> Response:
    """End the browser's session (with the session's CSRF token) and go to the lobby."""
    form = await _form(request)
    login = await _login_of(request)
    if login is not None:
        _check_csrf(request, form, login)
        await _accounts(request).close_session(request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.get("/api/me")
async def me(request: Request) -> dict[str, Any]:
    """The account this browser is logged in as (``account`` null: a guest) and the CSRF token its
    scripts send (header ``X-CSRF-Token``) with rated tables."""
    login = await _login_of(request)
    if login is None:
        return {"account": None, "csrf": None}
    account, csrf = login
    return {"account": account.name, "csrf": csrf, "language": account.language}


# ----------------------------------------------------------------------- profiles
def _rating_json(account: Account) -> dict[str, Any]:
    mu = NEW_MU if account.mu is None else account.mu
    sigma = NEW_SIGMA if account.sigma is None else account.sigma
    return {
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "ordinal": round(ordinal(mu, sigma), 3),
        "rated_matches": account.rated_matches,
    }


def _changes(history: Sequence[HistoryPoint]) -> dict[str, float]:
    return {
        p.table_id: round(ordinal(p.mu, p.sigma) - ordinal(p.mu_before, p.sigma_before), 2) for p in history
    }


def _match_json(entry: SeatOfAccount, lang: str, changes: dict[str, float]) -> dict[str, Any]:
    table = entry.table
    side = entry.seat % max(1, len(table.scores))
    return {
        "table": table.id,
        "seat": entry.seat,
        "game": table.game,
        "status": table.status,
        "rated": entry.rated,
        "players": [shown_name(info, seat, lang) for seat, info in enumerate(table.seats)],
        "scores": list(table.scores),
        "won": None if table.status != "over" or table.winner is None else table.winner == side,
        "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        "rating_change": changes.get(table.id),
        "replay": f"/replay/{table.id}" if table.status == "over" else None,
    }


async def _profile(request: Request, name: str) -> tuple[Account, list[HistoryPoint], list[SeatOfAccount]]:
    accounts = _accounts(request)
    try:
        key = check_name(name)  # a name no account can have is not looked for
    except ProtocolError:
        key = ""
    account: Account | None = await accounts.db(accounts.store.account, key) if key else None
    if account is None:
        _ = translation(_lang(request)).gettext
        raise HTTPException(404, _("no player {name}").format(name=repr(name[:40])))
    # The account (its rating and count of rated matches) is read again after its history and
    # matches, until it has not changed: one transaction stores a rating with its history, so no
    # match was rated between two equal reads, and the history shows exactly what the count counts.
    for _ in range(PROFILE_READS):
        history = await accounts.db(accounts.store.history, account.id)
        seats = await accounts.db(accounts.store.seats_of, account.id)
        again = await accounts.db(accounts.store.account_by_id, account.id) or account
        if again == account:
            break
        account = again
    return account, history, seats


@router.get("/api/players/{name}")
async def player(name: str, request: Request) -> dict[str, Any]:
    """A player's rating (``ordinal`` = mu − 3 sigma), rating history and recent matches."""
    account, history, seats = await _profile(request, name)
    lang = _lang(request)
    changes = _changes(history)
    return {
        "name": account.name,
        "rating": _rating_json(account),
        "history": [
            {
                "table": p.table_id,
                "at": p.at.isoformat(),
                "mu": round(p.mu, 3),
                "sigma": round(p.sigma, 3),
                "ordinal": round(ordinal(p.mu, p.sigma), 3),
                "change": changes[p.table_id],
            }
            for p in history
        ],
        "matches": [_match_json(s, lang, changes) for s in seats],
    }


def rating_chart(history: Sequence[HistoryPoint], label: str, width: int = 640, height: int = 220) -> str:
    """The ordinal after each rated match as an SVG line chart (the start, 0 for a new account,
    first), with its scale; an accessible ``label``."""
    values = [ordinal(history[0].mu_before, history[0].sigma_before)] if history else []
    values += [ordinal(p.mu, p.sigma) for p in history]
    pad_left, pad, inner_w, inner_h = 44, 14, width - 58, height - 42
    if not values:
        values = [0.0]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    span = high - low

    def x(i: int) -> float:
        return pad_left + (inner_w * i / (len(values) - 1) if len(values) > 1 else inner_w / 2)

    def y(v: float) -> float:
        return pad + inner_h * (high - v) / span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart" id="rating-chart" '
        f'viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{_e(label)}">',
        f'<rect x="{pad_left}" y="{pad}" width="{inner_w}" height="{inner_h}" '
        'fill="#f6f3ea" stroke="#c9c2b0"/>',
    ]
    for k in range(5):
        v = low + span * k / 4
        parts.append(
            f'<line x1="{pad_left}" x2="{pad_left + inner_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            'stroke="#e0d9c6"/>'
            f'<text x="{pad_left - 6}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="#444">{v:.1f}</text>'
        )
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline fill="none" stroke="#1f5c45" stroke-width="2.5" points="{points}"/>')
    for i, v in enumerate(values):
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="#1f5c45" data-ordinal="{v:.2f}">'
            f"<title>{v:.1f}</title></circle>"
        )
    parts.append(
        f'<text x="{pad_left}" y="{height - 8}" font-size="11" fill="#444">0</text>'
        f'<text x="{pad_left + inner_w}" y="{height - 8}" font-size="11" text-anchor="end" '
        f'fill="#444">{len(values) - 1}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _when(when: str | None) -> str:
    return "" if when is None else dt.datetime.fromisoformat(when).strftime("%Y-%m-%d %H:%M")


@router.get("/players/{name}", include_in_schema=False)
async def player_page(name: str, request: Request) -> HTMLResponse:
    """A player's profile: rating, its history as a chart, recent matches with their replays."""
    lang = _lang(request)
    _ = translation(lang).gettext
    login = await _login_of(request)
    viewer = login[0] if login else None
    try:
        account, history, seats = await _profile(request, name)
    except HTTPException as err:
        body = (
            f'<main><section class="panel"><p class="error-text" role="alert">{_e(err.detail)}</p>'
            "</section></main>"
        )
        return _html(request, _page(request, lang, "player", _("Player"), body, viewer), 404)
    rating = _rating_json(account)
    changes = _changes(history)
    explain = _(
        "The rating is mu − 3 sigma: the estimated strength minus three times its uncertainty, so it "
        "starts at 0 and grows as rated matches show the player's strength."
    )
    facts = (
        f'<p class="rating-line"><strong>{_e(_("Rating"))}:</strong> '
        f'<span id="rating" dir="ltr">{rating["ordinal"]:.1f}</span> '
        f'<span class="muted" dir="ltr">(mu {rating["mu"]:.1f}, sigma {rating["sigma"]:.1f})</span> · '
        f'{_e(_("rated matches"))}: <span id="rated-count">{account.rated_matches}</span></p>'
        f'<p class="muted">{_e(explain)}</p>'
    )
    if history:
        drawn = rating_chart(history, _("Rating after each rated match"))
        chart = f'<div class="chart" dir="ltr">{drawn}</div>'
    else:
        chart = f'<p class="muted" id="no-history">{_e(_("No rated match yet."))}</p>'
    rows = []
    for entry in seats:
        item = _match_json(entry, lang, changes)
        result = (
            _("won")
            if item["won"] is True
            else _("lost")
            if item["won"] is False
            else _("being played")
            if item["status"] == "playing"
            else _("not started")
            if item["status"] == "open"
            else _("over")
        )
        change = item["rating_change"]
        change_html = (
            f' <span class="rating-change" dir="ltr" data-table="{_e(item["table"])}">{change:+.1f}</span>'
            if change is not None
            else ""
        )
        players = _e(" · ".join(item["players"]))
        scores = "–".join(str(s) for s in item["scores"])
        link = (
            f'<a href="{item["replay"]}" class="replay-link">{_e(_("Replay"))}</a>'
            if item["replay"]
            else f'<a href="/table/{_e(item["table"])}">{_e(_("Watch"))}</a>'
        )
        rated = f' <span class="badge">{_e(_("rated"))}</span>' if item["rated"] else ""
        rows.append(
            f'<li data-table="{_e(item["table"])}"><span>{players}</span> '
            f'<bdi dir="ltr">{scores}</bdi> — {_e(result)}{rated}{change_html} · {link}'
            f' <span class="muted">{_e(_when(item["finished_at"]))}</span></li>'
        )
    matches = "".join(rows) or f'<li class="muted">{_e(_("No match yet."))}</li>'
    body = (
        f'<main><section class="panel"><h2 id="player-name">{_e(account.name)}</h2>{facts}{chart}</section>'
        f'<section class="panel"><h2>{_e(_("Recent matches"))}</h2>'
        f'<ul class="list" id="matches">{matches}</ul>'
        "</section></main>"
    )
    return _html(request, _page(request, lang, "player", account.name, body, viewer))


@router.get("/api/leaderboard")
async def leaderboard_json(request: Request) -> dict[str, Any]:
    """Rated players, best ordinal (mu − 3 sigma) first, and the bots' fixed ratings."""
    accounts = _accounts(request)
    ranked: list[Account] = await accounts.db(accounts.store.rated_accounts, 100)
    return {
        "players": [{"name": a.name, **_rating_json(a)} for a in ranked],
        "bots": [
            {"bot": bot, "mu": mu, "sigma": BOT_SIGMA, "ordinal": round(ordinal(mu, BOT_SIGMA), 3)}
            for bot, mu in sorted(BOT_ANCHORS.items(), key=lambda item: -item[1])
        ],
    }


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page(request: Request) -> HTMLResponse:
    """The leaderboard: rated players by rating, and the bots' fixed ratings they are measured against."""
    lang = _lang(request)
    _ = translation(lang).gettext
    login = await _login_of(request)
    data = await leaderboard_json(request)
    from sevenrocks.web.names import bot_label

    head = (
        f"<tr><th>#</th><th>{_e(_('Player'))}</th><th>{_e(_('Rating'))}</th>"
        f"<th>{_e(_('rated matches'))}</th></tr>"
    )
    rows = "".join(
        f'<tr><td>{n}</td><td><a href="/players/{quote(p["name"])}">{_e(p["name"])}</a></td>'
        f'<td dir="ltr">{p["ordinal"]:.1f}</td><td>{p["rated_matches"]}</td></tr>'
        for n, p in enumerate(data["players"], start=1)
    )
    if not rows:
        rows = f'<tr><td colspan="4" class="muted">{_e(_("No rated match yet."))}</td></tr>'
    bots = "".join(
        f'<tr><td>{_e(bot_label(b["bot"], lang))}</td><td dir="ltr">{b["ordinal"]:.1f}</td></tr>'
        for b in data["bots"]
    )
    anchors = _(
        "The bots' ratings are fixed, taken from their measured strength in the project's "
        "tournaments; every rated match against them ties the players' ratings to the same scale."
    )
    body = (
        f'<main><section class="panel"><h2>{_e(_("Leaderboard"))}</h2>'
        f'<table class="leaderboard" id="leaderboard"><thead>{head}</thead><tbody>{rows}</tbody></table>'
        f'<p class="muted">{_e(_("The rating is mu − 3 sigma (see a player page)."))}</p></section>'
        f'<section class="panel"><h2>{_e(_("Bot ratings"))}</h2><p class="muted">{_e(anchors)}</p>'
        f'<table class="leaderboard" id="bot-ratings"><tbody>{bots}</tbody></table></section></main>'
    )
    account = login[0] if login else None
    return _html(request, _page(request, lang, "leaderboard", _("Leaderboard"), body, account))


class RememberLanguage:
    """ASGI middleware: a logged-in player who picks a language (``?lang=``) keeps it in their
    account (logging in elsewhere then brings it back)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and b"lang=" in scope.get("query_string", b""):
            request = Request(scope)
            lang = (request.query_params.get("lang") or "").strip().lower()
            accounts = getattr(request.app.state, "accounts", None)
            if lang in LANGUAGES and accounts is not None and SESSION_COOKIE in request.cookies:
                try:
                    await accounts.remember_language(request, lang)
                except Exception:  # never worth refusing a page for
                    log.exception("the language of an account could not be stored")
        await self.app(scope, receive, send)


# ------------------------------------------------------------ for the table routes
class _Refused(HTTPException):
    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(status, message)
        self.code = code


async def check_rated_request(request: Request, game: str, seats: Sequence[Any], practice: bool) -> None:
    """Refuse (an HTTP error with a reason in the player's language) a request for a rated table
    that is not logged in, lacks the session's CSRF token (``X-CSRF-Token``), or cannot be rated."""
    import secrets

    lang = _lang(request)
    login = await _login_of(request)
    try:
        await _accounts(request).check_rated(game, list(seats), practice, login is not None)
    except ProtocolError as err:
        raise _Refused(403 if err.code == "log_in" else 400, err.translated(lang), err.code) from None
    assert login is not None
    given = request.headers.get("x-csrf-token", "")
    if not same_origin(request) or not (
        given.isascii() and secrets.compare_digest(given.encode(), login[1].encode())
    ):
        _ = translation(lang).gettext
        raise _Refused(403, _("the request has no valid CSRF token: reload the page"), "csrf")


async def mark_rated(request: Request, table_id: str) -> None:
    """Make a new table rated."""
    accounts = _accounts(request)
    await accounts.db(accounts.store.mark_rated, table_id)


async def websocket_account(websocket: WebSocket) -> str | None:
    """The user name a table's WebSocket is logged in as (``None``: a guest, or a connection from
    another site's page, which never acts for an account)."""
    accounts: Accounts | None = getattr(websocket.app.state, "accounts", None)
    if accounts is None or not same_origin(websocket):
        return None
    login = await accounts.current(websocket)
    return None if login is None else login[0].name
