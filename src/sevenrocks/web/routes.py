"""HTTP and WebSocket routes: the pages, the JSON API and ``/ws/tables/{id}``."""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from typing import Annotated, Any, Final, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Query, Request, WebSocket
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from sevenrocks.bots import BOT_NAMES
from sevenrocks.core.errors import GameError
from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.core.match import Match
from sevenrocks.core.record import MatchRecord
from sevenrocks.core.sausage import GAME_ID as SAUSAGE
from sevenrocks.core.sausage import SausageRecord
from sevenrocks.guide.family import guide_game
from sevenrocks.i18n import LANGUAGES, N_
from sevenrocks.messages import translate
from sevenrocks.picture_art import picture_sprite
from sevenrocks.untrusted import MAX_NAME
from sevenrocks.web.account_pages import check_rated_request, mark_rated, websocket_account
from sevenrocks.web.clocks import check_time_control, stand_in_placements
from sevenrocks.web.games import games_json
from sevenrocks.web.inbox import SocketReader
from sevenrocks.web.keys import is_secret, is_table_id
from sevenrocks.web.names import bot_labels, shown_name, shown_names, shown_seats
from sevenrocks.web.pages import COOKIE, choose_language, render_page
from sevenrocks.web.protocol import ProtocolError, error_message
from sevenrocks.web.quick_match import QuickMatch
from sevenrocks.web.replays import PositionError
from sevenrocks.web.reviews import Reviews, ghost_layout, hinted_placements
from sevenrocks.web.rules_pages import render_family_rules, render_unknown_game
from sevenrocks.web.service import JoinRefused, LiveTable, OwnedElsewhere, SeatSpec, TableService

__all__ = ["ApiError", "request_language", "router"]

router = APIRouter()


class ApiError(HTTPException):
    """An HTTP error answer with its machine-readable ``code`` (else the status names it)."""

    def __init__(self, status: int, message: str, code: str | None = None, **kwargs: Any) -> None:
        super().__init__(status, message, **kwargs)
        self.code = code


def _service(request: Request | WebSocket) -> TableService:
    service: TableService = request.app.state.service
    return service


# ------------------------------------------------------------------------------ pages
def request_language(request: Request | WebSocket) -> str:
    """The player's language: ``?lang=``, the remembered choice (cookie), ``Accept-Language``, English."""
    return choose_language(
        query=request.query_params.get("lang"),
        cookie=request.cookies.get(COOKIE),
        header=request.headers.get("accept-language"),
    )


def _say(request: Request | WebSocket, message: str, **params: object) -> str:
    """``message`` (marked with ``N_``) in the player's language, its placeholders filled in."""
    return translate(message, params, request_language(request))


def _page(request: Request, page: str, render: Callable[[str], str] | None = None) -> HTMLResponse:
    lang = request_language(request)
    params = {k: v for k, v in request.query_params.items() if k in ("token", "admin") and is_secret(v)}
    html = render_page(page, lang, path=request.url.path, params=params) if render is None else render(lang)
    response = HTMLResponse(html)
    response.headers["Content-Language"] = lang
    response.headers["Vary"] = "Accept-Language, Cookie"
    chosen = (request.query_params.get("lang") or "").strip().lower()
    if chosen in LANGUAGES:  # the switch: remember the choice for this player's browser
        response.set_cookie(COOKIE, chosen, max_age=365 * 24 * 3600, samesite="lax")
    return response


@router.get("/", include_in_schema=False)
async def index_page(request: Request) -> HTMLResponse:
    """The lobby: make a table, watch one, replay past matches."""
    return _page(request, "lobby")


async def _is_sausage(request: Request, table_id: str) -> bool:
    """True if ``table_id`` is a Sausage table (which has its own table and replay pages)."""
    service = _service(request)
    table = service.tables.get(table_id)
    if table is not None:
        return table.record.game == SAUSAGE
    if not is_table_id(table_id):
        return False
    record = await service.db(service.storage.table, table_id)
    return record is not None and record.game == SAUSAGE


@router.get("/table/{table_id}", include_in_schema=False)
async def table_page(table_id: str, request: Request) -> HTMLResponse:
    """The table: play (with a seat link) or watch."""
    return _page(request, "sausage" if await _is_sausage(request, table_id) else "table")


@router.get("/replay/{table_id}", include_in_schema=False)
async def replay_page(table_id: str, request: Request) -> HTMLResponse:
    """The replay viewer of a finished match."""
    return _page(request, "sausage-replay" if await _is_sausage(request, table_id) else "replay")


@router.get("/rules", include_in_schema=False)
async def rules_page(request: Request) -> HTMLResponse:
    """The illustrated rules guide, every figure steppable play by play."""
    return _page(request, "rules")


@router.get("/rules/{game}", include_in_schema=False)
async def game_rules_page(game: str, request: Request) -> HTMLResponse:
    """The rules guide of any game of the family (``/rules/seven-rocks`` is ``/rules``); 404 for no game."""
    try:
        game_id = guide_game(game)
    except GameError:
        lang = request_language(request)
        page = render_unknown_game(game, lang, path=request.url.path)
        return HTMLResponse(page, status_code=404, headers={"Content-Language": lang})
    if game_id == DEFAULT_GAME:
        return _page(request, "rules")
    return _page(request, "rules", lambda lang: render_family_rules(game_id, lang, path=request.url.path))


# -------------------------------------------------------------------------------- API
_STRICT: Final = ConfigDict(strict=True, extra="forbid")


class SeatIn(BaseModel):
    """One seat of a new table."""

    model_config = _STRICT

    kind: Literal["me", "friend", "bot"]
    name: str = Field("", max_length=MAX_NAME)
    bot: str = Field("greedy", max_length=40)


class ClockIn(BaseModel):
    """A table's time control (``docs/web.md``, "Time controls"): whole seconds a placement, a
    reserve of seconds for the match, and the stand-in's bot level (by default the table's first
    bot's, else greedy)."""

    model_config = _STRICT

    per_move: int
    reserve: int = 0
    stand_in: str | None = Field(None, max_length=40)


class TableIn(BaseModel):
    """A new table: the game (``GET /api/games`` lists them) and its options, its seats (as many
    as the game allows; partners opposite: 0 with 2, 1 with 3) and the target (an option)."""

    model_config = _STRICT

    game: str = Field("seven-rocks", max_length=40)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=20)
    seats: list[SeatIn] = Field(min_length=2, max_length=4)
    target: int | None = Field(None, ge=1, le=10_000)
    practice: bool = False
    """A practice table: its players may ask for hints (the best placements after a short search)."""
    public: bool = False
    """A public table: the lobby lists its free seats and anyone may take one."""
    mute_spectators: bool = False
    """Spectators may read the table's chat but not write (the creator can change it in play)."""
    rated: bool = False
    """A rated table (``docs/accounts.md``): Seven Rocks, every person's seat an account's, bots of
    a rated level; the ratings change when the match ends. Needs a log-in and its ``X-CSRF-Token``."""
    clock: ClockIn | None = None
    """The time control; none (the default): untimed."""


def _link(table_id: str, **params: str) -> str:
    query = urlencode({k: v for k, v in params.items() if v})
    return f"/table/{table_id}" + (f"?{query}" if query else "")


_STATUSES: Final = {
    "too_many_tables": 429,
    "server_full": 503,
    "claimed": 409,
    "match_over": 409,
    "not_human": 409,
    "not_public": 409,
    "started": 409,
    "no_free_seat": 409,
    "seat_not_free": 409,
}


def _refused(request: Request, err: ProtocolError, status: int = 400) -> ApiError:
    status = _STATUSES.get(err.code, status)
    headers = {"Retry-After": "600"} if status in (429, 503) else None
    code = err.code if err.code not in ("bad_message", "bad_table") else None
    return ApiError(status, err.translated(request_language(request)), code, headers=headers)


@router.get("/api/games")
async def games(request: Request) -> dict[str, Any]:
    """The games a table can play, with their seats, options (defaults and allowed values) and the
    bot levels that play them; names and labels in the player's language."""
    return {"games": games_json(request_language(request))}


@router.get("/pictures.svg", include_in_schema=False)
async def pictures() -> Response:
    """The seven pictures of picture dominoes (SVG symbols ``picture-0`` .. ``picture-6``), which
    the table page draws the children's tiles with."""
    return Response(picture_sprite(), media_type="image/svg+xml")


# The site's icon: a 3-4 domino (seven pips), drawn here as SVG and, for browsers that ask for
# /favicon.ico, as a 32-pixel PNG inside an ICO file.
_FAVICON_PIPS: Final = (
    (0.25, 0.25),
    (0.5, 0.5),
    (0.75, 0.75),
    (0.25, 1.25),
    (0.75, 1.25),
    (0.25, 1.75),
    (0.75, 1.75),
)
FAVICON_SVG: Final = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect x="7" y="1" width="18" height="30" rx="3" fill="#fffdf6" stroke="#1f5c45" stroke-width="2"/>'
    '<line x1="10" y1="16" x2="22" y2="16" stroke="#1f5c45" stroke-width="1.5"/>'
    + "".join(
        f'<circle cx="{8 + x * 16:g}" cy="{2 + y * 14:g}" r="1.9" fill="#1d1d1f"/>' for x, y in _FAVICON_PIPS
    )
    + "</svg>"
)


def _favicon_ico() -> bytes:
    """The icon as an ICO file holding one 32×32 PNG (drawn pixel by pixel, standard library only)."""
    size = 32
    dots = [(8 + x * 16, 2 + y * 14) for x, y in _FAVICON_PIPS]
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            cx, cy = px + 0.5, py + 0.5
            inside = 7 <= cx <= 25 and 1 <= cy <= 31
            edge = inside and (
                cx < 9 or cx > 23 or cy < 3 or cy > 29 or (15.25 <= cy <= 16.75 and 10 <= cx <= 22)
            )
            pip = any((cx - x) ** 2 + (cy - y) ** 2 <= 1.9**2 for x, y in dots)
            colour = (
                (0x1F, 0x5C, 0x45, 255)
                if edge
                else (0x1D, 0x1D, 0x1F, 255)
                if pip
                else (0xFF, 0xFD, 0xF6, 255)
                if inside
                else (0, 0, 0, 0)
            )
            row.extend(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


@router.get("/favicon.svg", include_in_schema=False)
async def favicon_svg() -> Response:
    """The site's icon (a 3-4 domino) as SVG."""
    return Response(
        FAVICON_SVG, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/favicon.ico", include_in_schema=False)
async def favicon_ico() -> Response:
    """The site's icon for browsers that ask for ``/favicon.ico``."""
    return Response(
        _favicon_ico(), media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/api/bots")
async def bots(request: Request) -> dict[str, Any]:
    """The bot levels a seat can be given, with their names in the player's language."""
    return {"bots": sorted(BOT_NAMES), "labels": bot_labels(sorted(BOT_NAMES), request_language(request))}


@router.post("/api/tables", status_code=201)
async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
    """Make a table. The answer holds the secret links: the creator's, and one per friend.

    At most ``SEVENROCKS_NEW_TABLES_PER_HOUR`` tables per client address in any hour (429 after).
    """
    service = _service(request)
    address = request.client.host if request.client else ""
    if body.rated:
        await check_rated_request(request, body.game, body.seats, body.practice)
    control = None
    try:
        if body.clock is not None:
            control = check_time_control(
                body.clock.per_move,
                body.clock.reserve,
                body.clock.stand_in,
                game=body.game,
                seats=[{"kind": s.kind, "bot": s.bot} for s in body.seats],
            )
        table, tokens = await service.create(
            [SeatSpec(s.kind, s.name, s.bot) for s in body.seats],
            body.target,
            address,
            game=body.game,
            options=dict(body.options),
            practice=body.practice,
            public=body.public,
        )
    except ProtocolError as err:
        raise _refused(request, err) from None
    if body.mute_spectators:
        await service.chat.set_muted(table, True)
    if body.rated:
        await mark_rated(request, table.id)
        table.rated = True
    if control is not None:
        await service.clocks.start(table, control)
    admin = table.record.admin_token
    mine = next((s for s, info in enumerate(table.record.seats) if info.get("me")), None)
    seats = []
    lang = request_language(request)
    for seat, info in enumerate(table.record.seats):
        name = shown_name(info, seat, lang)
        entry = {"seat": seat, "kind": info["kind"], "name": name, "bot": info.get("bot")}
        if seat in tokens and seat != mine:
            entry["link"] = _link(table.id, token=tokens[seat])
        seats.append(entry)
    return {
        "table": table.id,
        "game": table.record.game,
        "options": table.record.options,
        "practice": table.record.practice,
        "public": table.record.public,
        "mute_spectators": body.mute_spectators,
        "rated": body.rated,
        "clock": None if control is None else control.to_json(),
        "admin": admin,
        "seat": mine,
        "link": _link(table.id, token=tokens.get(mine, "") if mine is not None else "", admin=admin),
        "watch": _link(table.id),
        "seats": seats,
    }


class QuickIn(BaseModel):
    """ "Play now": the game, the bot level that fills the seats nobody takes, the person's name
    (optional) and the number of seats (default: four where the game allows it, else its most)."""

    model_config = _STRICT

    game: str = Field("seven-rocks", max_length=40)
    bot: str | None = Field(None, max_length=40)
    name: str = Field("", max_length=MAX_NAME)
    seats: int | None = Field(None, ge=2, le=4)


class TakeIn(BaseModel):
    """A seat of a public table: which (default: the first free one) and the person's name."""

    model_config = _STRICT

    seat: int | None = Field(None, ge=0, le=3)
    name: str = Field("", max_length=MAX_NAME)


def _quick(request: Request) -> QuickMatch:
    quick: QuickMatch = request.app.state.quick
    return quick


@router.post("/api/quick")
async def play_now(body: QuickIn, request: Request) -> dict[str, Any]:
    """Quick match: a free seat at a waiting quick-match table of the game (for a logged-in player
    with a rating, the table whose seated players' mean rating is nearest), or seat 0 of a new one;
    the answer's ``link`` opens the seat. The match starts when every seat is taken, or after
    ``SEVENROCKS_QUICK_WAIT`` seconds with bots in the empty seats."""
    address = request.client.host if request.client else ""
    logged_in = await request.app.state.accounts.current(request)
    rating = None if logged_in is None else logged_in[0].mu  # an account's skill: the nearest table
    try:
        table, seat, token = await _quick(request).play_now(
            body.game, bot=body.bot, name=body.name, seats=body.seats, rating=rating, address=address
        )
    except ProtocolError as err:
        raise _refused(request, err) from None
    return {
        "table": table.id,
        "seat": seat,
        "link": _link(table.id, token=token),
        "quick": table.quick_plan(),
    }


@router.post("/api/tables/{table_id}/take")
async def take_seat(table_id: str, body: TakeIn, request: Request) -> dict[str, Any]:
    """Take a free seat of a public table: the answer's ``link`` opens it (409 when it is not free,
    the table is not public or its match has started)."""
    table = await _table(request, table_id)
    try:
        seat, token = await _quick(request).take_seat(table, body.seat, body.name)
    except ProtocolError as err:
        raise _refused(request, err) from None
    return {"table": table.id, "seat": seat, "link": _link(table.id, token=token)}


async def _table(request: Request, table_id: str, *, keep: bool = True) -> LiveTable:
    table = await _service(request).get(table_id, keep=keep)
    if table is None:
        raise HTTPException(404, _say(request, N_("no table {table}"), table=repr(table_id[:40])))
    return table


@router.get("/api/tables")
async def live_tables(request: Request) -> dict[str, Any]:
    """Tables to watch, the most recently active first: matches being played, tables waiting to
    start that someone has joined, and public tables waiting for players (``free_seats``: the seats
    anyone may take; a quick match's ``quick``: its bot level and the seconds left)."""
    service = _service(request)
    quick: QuickMatch = request.app.state.quick
    records = await service.db(service.storage.lobby_tables, 50)
    lang = request_language(request)
    out = []
    for record in records:
        table = await service.peek(record.id)
        if table is not None:
            summary = table.summary()
            summary["seats"] = shown_seats(summary["seats"], lang)
            summary["free_seats"] = quick.free_seats(table)
            out.append(summary)
    return {"tables": out}


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, request: Request) -> dict[str, Any]:
    """Public facts about a table: seats, status, scores."""
    return (await _table(request, table_id, keep=False)).summary()


class AdminIn(BaseModel):
    """The creator's secret."""

    model_config = _STRICT

    admin: str = Field(max_length=100)


class InviteIn(AdminIn):
    """The creator's secret and the seat to invite someone else to."""

    seat: int = Field(ge=0, le=3)


async def _as_creator(request: Request, table_id: str, admin: str, refusal: str) -> LiveTable:
    table = await _table(request, table_id)
    if not table.is_admin(admin):
        raise HTTPException(403, _say(request, refusal))
    return table


@router.post("/api/tables/{table_id}/start")
async def start_table(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
    """Start the match (the creator only)."""
    table = await _as_creator(
        request, table_id, body.admin, N_("only the table's creator can start the match")
    )
    try:
        await _service(request).start(table)
    except ProtocolError as err:
        raise _refused(request, err, 409) from None
    return table.summary()


@router.post("/api/tables/{table_id}/links")
async def seat_links(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
    """The people's seats for the creator: which are ``claimed`` (a browser holds them), and the
    invitation ``link`` of each seat nobody has claimed yet. A claimed seat has no link."""
    table = await _as_creator(
        request, table_id, body.admin, N_("only the table's creator can see the seat links")
    )
    seats = []
    lang = request_language(request)
    for entry in await _service(request).seat_links(table):
        entry["name"] = shown_name(table.record.seats[entry["seat"]], entry["seat"], lang)
        token = entry.pop("token", None)
        if token is not None:
            entry["link"] = _link(table.id, token=token)
        seats.append(entry)
    return {"seats": seats}


@router.post("/api/tables/{table_id}/invite")
async def reinvite(table_id: str, body: InviteIn, request: Request) -> dict[str, Any]:
    """A new invitation link for a person's seat nobody has claimed (the creator only); the seat's
    old link stops working. A claimed seat cannot be re-invited (409)."""
    table = await _as_creator(
        request, table_id, body.admin, N_("only the table's creator can invite players")
    )
    try:
        token = await _service(request).invite(table, body.seat)
    except ProtocolError as err:
        raise _refused(request, err) from None
    name = shown_name(table.record.seats[body.seat], body.seat, request_language(request))
    return {"seat": body.seat, "name": name, "claimed": False, "link": _link(table.id, token=token)}


@router.get("/api/matches")
async def past_matches(request: Request) -> dict[str, Any]:
    """Finished matches, newest first."""
    service = _service(request)
    records = await service.db(service.storage.tables, ("over",), 200)
    lang = request_language(request)
    return {
        "matches": [
            {
                "table": r.id,
                "game": r.game,
                "players": shown_names(r.seats, lang),
                "scores": r.scores,
                "winner": r.winner,
                "target": r.target,
                "finished_at": r.finished_at.isoformat() if r.finished_at else None,
            }
            for r in records
        ]
    }


async def _finished(request: Request, table_id: str) -> LiveTable:
    table = await _table(request, table_id, keep=False)
    if not _service(request).play_of(table).finished(table):
        raise HTTPException(
            404,
            _say(request, N_("table {table} has no finished match to replay yet"), table=repr(table_id[:40])),
        )
    return table


@router.get("/api/matches/{table_id}")
async def match_detail(table_id: str, request: Request) -> dict[str, Any]:
    """A finished match, hand by hand, for the replay viewer; ``hinted`` lists the ``[hand, play]``
    of the placements made after a hint (a practice table's)."""
    table = await _finished(request, table_id)
    service = _service(request)
    summary = service.play_of(table).replay_summary(table, request_language(request))
    summary["hinted"] = sorted([hand, play] for hand, play in await _hinted(service, table))
    return summary


async def _hinted(service: TableService, table: LiveTable) -> dict[tuple[int, int], str]:
    """The placements of a practice table's match made after a hint (none at other tables)."""
    if not table.record.practice or not isinstance(table.match, Match):
        return {}
    return hinted_placements(table.match, await service.db(service.storage.events, table.id))


@router.get("/api/matches/{table_id}/position")
async def match_position(
    table_id: str,
    request: Request,
    hand: Annotated[int, Query(ge=0, le=10_000)] = 0,
    step: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> dict[str, Any]:
    """The position after ``step`` placements (Sausage: moves) of hand ``hand`` of a finished match."""
    table = await _finished(request, table_id)
    try:
        return _service(request).play_of(table).replay_position(table, hand, step, request_language(request))
    except PositionError as err:
        raise HTTPException(404, err.translated(request_language(request))) from None


@router.get("/api/matches/{table_id}/record")
async def match_record_file(table_id: str, request: Request) -> Response:
    """Download the match's record file (JSON); at a practice table, the placements made after a
    hint carry the comment ``hinted``."""
    table = await _finished(request, table_id)
    service = _service(request)
    data = service.play_of(table).replay_record(table)
    hinted = await _hinted(service, table)
    if hinted:
        data = MatchRecord.from_json(data).with_comments(hinted).to_json()
    # the moves the clock's stand-in made (docs/web.md, "Time controls"): "stand_in": true
    marks = stand_in_placements(await service.db(service.storage.events, table.id))
    if marks and isinstance(table.match, Match):
        data = MatchRecord.from_json(data).with_stand_ins(marks).to_json()
    elif marks and table.record.game == SAUSAGE:
        data = SausageRecord.from_json(data).with_stand_ins(marks).to_json()
    return Response(
        json.dumps(data, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="sevenrocks-{table.id}.json"'},
    )


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


@router.get("/api/matches/{table_id}/review")
async def match_review(table_id: str, request: Request) -> dict[str, Any]:
    """The review of a finished match: ``status`` ``none``, ``queued``, ``running`` (``done`` of
    ``total`` placements), ``done`` (with the ``analysis``), ``failed`` or ``unsupported``."""
    table = await _finished(request, table_id)
    return await _reviews(request).state(table)


@router.post("/api/matches/{table_id}/review")
async def start_review(table_id: str, request: Request, response: Response) -> dict[str, Any]:
    """Start the review of a finished match in the background (202), unless one is waiting, running
    or done (200: its state); 409 ``unsupported`` for a game the search does not play."""
    table = await _finished(request, table_id)
    try:
        state, started = await _reviews(request).start(table)
    except ProtocolError as err:
        raise _refused(request, err, 409) from None
    response.status_code = 202 if started else 200
    return state


@router.get("/api/matches/{table_id}/ghost")
async def review_ghost(
    table_id: str,
    request: Request,
    hand: Annotated[int, Query(ge=0, le=10_000)] = 0,
    play: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> dict[str, Any]:
    """The layout before play ``play`` of hand ``hand`` with the review's best placement there
    drawn as a ghost tile (``svg``) and said in ``words`` (404 without a finished review, or where the
    move made was the best)."""
    table = await _finished(request, table_id)
    state = await _reviews(request).state(table)
    if state["status"] != "done" or not isinstance(table.match, Match):
        raise HTTPException(404, _say(request, N_("this match has no finished review")))
    found = next(
        (p for p in state["analysis"]["placements"] if p["hand"] == hand and p["play"] == play), None
    )
    if found is None or found["best"]["move"] == found["made"]["move"]:
        raise HTTPException(
            404,
            _say(
                request,
                N_("the review has no better placement for hand {hand}, play {play}"),
                hand=hand,
                play=play,
            ),
        )
    try:
        picture, words = ghost_layout(
            table.match, hand, play, found["best"]["move"], request_language(request)
        )
    except ValueError as err:
        raise HTTPException(404, str(err)) from None
    return {"hand": hand, "play": play, "best": found["best"]["move"], "words": words, "svg": picture}


class HintIn(BaseModel):
    """The player's seat, named by the secret its browser got when it claimed the seat."""

    model_config = _STRICT

    session: str = Field(max_length=100)


@router.post("/api/tables/{table_id}/hint")
async def hint(table_id: str, body: HintIn, request: Request) -> dict[str, Any]:
    """At a practice table, the best placements of the player whose turn it is (searched from the
    seat's own view), each with its expected points to the end of the hand; the placement that
    follows is marked ``hinted`` in the match's record. 409 ``not_practice`` at other tables."""
    table = await _table(request, table_id)
    seat = table.seat_of_session(body.session)
    if seat is None:
        raise HTTPException(403, _say(request, N_("this browser holds no seat at this table")))
    try:
        return await _reviews(request).hint(table, seat, request_language(request))
    except ProtocolError as err:
        raise _refused(request, err, 409) from None


# -------------------------------------------------------------------------- WebSocket
def _param(websocket: WebSocket, name: str) -> str | None:
    return websocket.query_params.get(name) or None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """One browser at a table: ``session`` (the secret its browser got when it claimed a seat) or
    ``token`` (a seat's invitation) name its seat, none: a spectator; ``admin``: the creator."""
    await websocket.accept()
    # read from the start, apart from handling (web/inbox.py): the pongs are read while the table
    # is looked up and joined, and while a message waits
    reader = SocketReader(websocket)
    try:
        await _table_socket(websocket, table_id, reader)
    finally:
        reader.stop()


async def _table_socket(websocket: WebSocket, table_id: str, reader: SocketReader) -> None:
    service = _service(websocket)
    try:
        table = await service.get(table_id)
    except OwnedElsewhere as moved:  # another server process owns the table: relay to it
        await websocket.app.state.cluster.relay(
            websocket,
            moved,
            token=_param(websocket, "token"),
            session=_param(websocket, "session"),
            admin=_param(websocket, "admin"),
            lang=request_language(websocket),
            account=await websocket_account(websocket),
            area=websocket.query_params.get("area"),
            ghosts=websocket.query_params.get("ghosts"),
            inbox=reader.inbox,
        )
        return
    if table is None:
        await websocket.send_json(
            error_message(_say(websocket, N_("no table {table}"), table=repr(table_id[:40])), "unknown_table")
        )
        await websocket.close(code=4404)
        return

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    async def send(message: dict[str, Any] | str) -> None:
        if isinstance(message, str):  # JSON made already (once for every seat alike)
            await websocket.send_text(message)
        else:
            await websocket.send_json(message)

    try:
        conn = await service.join(
            table,
            token=_param(websocket, "token"),
            session=_param(websocket, "session"),
            admin=_param(websocket, "admin"),
            send=send,
            close=close,
            lang=request_language(websocket),
            account=await websocket_account(websocket),
            area=websocket.query_params.get("area"),
            ghosts=websocket.query_params.get("ghosts"),
        )
    except JoinRefused as err:
        await websocket.send_json(error_message(err.translated(request_language(websocket)), err.code))
        await websocket.close(code=err.close_code)
        return
    await service.serve(table, conn, reader.inbox)
