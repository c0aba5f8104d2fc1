"""The WebSocket message protocol: typed intents from browsers, typed messages to them.

Every message is a JSON object with a ``"type"``. Browsers only send intents (``play``,
``start``, ``next_hand``, ``replace``, ``hundred``, ``sync``, ``ping``, and the table chat's
``chat`` and ``mute``); the server answers with ``welcome``, ``state``, ``placed``, ``seats``,
``pong`` or ``error`` (and the chat's ``chat``, ``chat_history`` and ``chat_muted``,
:mod:`sevenrocks.web.chat`). A ``placed`` message says what one placement
changed in the middle of a hand (:data:`PLACED_FIELDS`: its new ``events`` from number
``events_from`` on, the layout, scores, the seat to play, the seat's own tiles and legal moves);
a page applies it to the ``state`` it holds when ``move`` is one more and ``events_from`` is the
number of events it has, and otherwise asks for the whole state again (``sync``). A ``state`` (and
a ``placed``) message is built from one seat's :class:`~sevenrocks.core.view.SeatView` (or, for
spectators, from the public part of a view), so it never holds another seat's tiles before the
settlement reveals them.

>>> parse_message('{"type": "play", "play": "3-4@4-4:B", "at": 5}')
PlayIntent(play=Play.parse('3-4@4-4:B'), at=5)
>>> parse_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.web.protocol.ProtocolError: unknown message type: use one of back, chat, hundred, ...
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from typing import Any, Final

import orjson

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import FAMILY_RESULT_FIELDS, Draw, Event, HandResult, Knock
from sevenrocks.core.games import DEFAULT_GAME, Outcome, Rules, find_game
from sevenrocks.core.games.ending import SingleHand
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Doubles, Move, Play, parse_move
from sevenrocks.core.report import outcome_json
from sevenrocks.core.sausage import SausageMove
from sevenrocks.core.scoring import placement_points
from sevenrocks.core.tiles import Tile
from sevenrocks.core.view import SeatView
from sevenrocks.i18n import N_, translation
from sevenrocks.moves_words import Who, describe_choice, describe_event, seat_words
from sevenrocks.text import match_over_text, play_choices, render_result, render_scores
from sevenrocks.web.render import BOARDS
from sevenrocks.web.settings import switch_value

__all__ = [
    "BOARD_NAMES",
    "PLACED_FIELDS",
    "PUBLIC_FIELDS",
    "BackIntent",
    "ChatIntent",
    "ClientMessage",
    "EventWords",
    "HundredIntent",
    "MuteIntent",
    "NextHandIntent",
    "Ping",
    "PlayIntent",
    "ProtocolError",
    "ReplaceIntent",
    "ResultWords",
    "StartIntent",
    "SyncIntent",
    "error_message",
    "event_json",
    "json_text",
    "legal_json",
    "message_bytes",
    "parse_area",
    "parse_ghosts",
    "parse_message",
    "public_json",
    "result_json",
    "seat_json",
    "view_json",
]

#: The fields of a ``placed`` message besides ``type``, ``table`` and ``events_from``: those of a
#: ``state`` that a placement in the middle of a hand may change (``events``: only the new ones).
PLACED_FIELDS: Final = (
    "seat",
    "hand",
    "legal",
    "layout",
    "events",
    "tile_counts",
    "scores",
    "hand_number",
    "turn",
    "hand_over",
    "move",
    "boneyard",
    "drawable",
    "draws",
    "drawn",
    "out",
    "signals",
    "may_declare_hundred",
    "sheet",
    "scores_text",
    "over_text",
)

#: Messages larger than this (in bytes) are refused unless the settings say otherwise.
MAX_MESSAGE_BYTES: Final = 4096


class ProtocolError(ValueError):
    """A message the server cannot act on; ``code`` is a short machine-readable reason."""

    def __init__(self, message: str, code: str = "bad_message", **params: object) -> None:
        text = message.format(**params) if params else message
        super().__init__(text)
        self.code = code
        self.message = text
        #: the English catalogue message before its ``{placeholders}`` are filled in
        self.template = message
        self.params = params
        #: the engine's error behind this one, if any: its ``{reason}`` is said in the player's
        #: language by its kind (:func:`sevenrocks.messages.error_text`)
        self.error: SevenRocksError | None = None

    def translated(self, lang: str) -> str:
        """The message in ``lang`` (the catalogue's translation of :attr:`template`)."""
        from sevenrocks.messages import error_text, translate

        params = self.params
        if self.error is not None and "reason" in params:
            params = {**params, "reason": error_text(self.error, lang)}
        return translate(self.template, params, lang)


@dataclass(frozen=True)
class PlayIntent:
    """Make the move ``play`` (one tile, or several doubles joined by ``+``; at a Sausage table
    the turned tile and its way, ``4-6:cut``); ``at`` (optional) is the ``move`` number of the
    state the player saw."""

    play: Move | SausageMove
    at: int | None = None


@dataclass(frozen=True)
class StartIntent:
    """Start the match (the table's creator only)."""


@dataclass(frozen=True)
class NextHandIntent:
    """This seat has seen the settlement and is ready for the next hand."""


@dataclass(frozen=True)
class ReplaceIntent:
    """Seat a bot of level ``bot`` in place of the player who left ``seat`` (creator only)."""

    seat: int
    bot: str


@dataclass(frozen=True)
class HundredIntent:
    """Sea Goat: the seat that may declare a voluntary hundred says whether it does."""

    declare: bool


@dataclass(frozen=True)
class SyncIntent:
    """Ask for the whole ``state`` again (a page that missed a ``placed`` message). With an
    ``area`` (the pixels of its board area, width and height: :func:`parse_area`), the page
    says how big it shows the layout: from then on the layout is drawn for it on the one board
    that shows the tiles biggest there, and its seat's ghosts on that board. With a ``board``
    (one of :data:`BOARD_NAMES`), the layout is drawn on that board whatever its size."""

    board: str | None = None
    area: tuple[float, float] | None = None


@dataclass(frozen=True)
class BackIntent:
    """The player of a seat away (its turn clock ran out, a stand-in plays it) is back."""


@dataclass(frozen=True)
class Ping:
    """Ask for a ``pong`` (and the current state)."""


@dataclass(frozen=True)
class ChatIntent:
    """Say something in the table's chat: a ``text`` of one's own, or one of the quick phrases by
    its id (``phrase``; each reader sees it in their own language). The chat's rules (length,
    characters, rate, muted spectators) are checked by :mod:`sevenrocks.web.chat`."""

    text: str | None = None
    phrase: str | None = None


@dataclass(frozen=True)
class MuteIntent:
    """The table's creator mutes (``muted``) or unmutes its spectators' chat."""

    muted: bool


ClientMessage = (
    PlayIntent
    | StartIntent
    | NextHandIntent
    | ReplaceIntent
    | HundredIntent
    | SyncIntent
    | Ping
    | ChatIntent
    | MuteIntent
    | BackIntent
)

#: The boards the layout is drawn on (:data:`sevenrocks.web.render.BOARDS`), one of which a page
#: says it shows.
BOARD_NAMES: Final = tuple(BOARDS)

_FIELDS: Final[dict[str, dict[str, tuple[type, bool]]]] = {
    "play": {"play": (str, True), "at": (int, False)},
    "start": {},
    "next_hand": {},
    "replace": {"seat": (int, True), "bot": (str, True)},
    "hundred": {"declare": (bool, True)},
    "ping": {},
    "sync": {"board": (str, False), "area": (list, False)},
    "chat": {"text": (str, False), "phrase": (str, False)},
    "mute": {"muted": (bool, True)},
    "back": {},
}


#: The longest move in the notation (four doubles such as ``1-1@1-5:bA`` joined by ``+``); a
#: longer text is no move.
_LONGEST_PLAY: Final = 4 * 12 + 3
#: A Sausage move ends in its way (``4-6:cut``); a layout play's side is one letter (``3-4@4-4:B``).
_SAUSAGE_WAY: Final = re.compile(r":\s*(top|bottom|cut)\s*$")


def message_bytes(raw: str | bytes) -> int:
    """The size of a message in bytes (UTF-8 for text), as the size limit counts it."""
    if isinstance(raw, bytes):
        return len(raw)
    try:
        return len(raw.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: count it as the widest character
        return 4 * len(raw)


def parse_message(raw: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """Check one message from a browser and turn it into an intent, or raise :class:`ProtocolError`.

    The errors name what was wrong without repeating the message back.
    """
    size = message_bytes(raw)
    if size > max_bytes:
        raise ProtocolError(f"message too large: {size} bytes, at most {max_bytes}", "too_large")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError('a message must be a JSON object like {"type": "ping"}', "not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message must be a JSON object, not {_json_kind(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError('a message needs a "type" text field')
    fields = _FIELDS.get(kind)
    if fields is None:
        known = ", ".join(sorted(_FIELDS))
        raise ProtocolError(f"unknown message type: use one of {known}", "unknown_type")
    extra = set(data) - set(fields) - {"type"}
    if extra:
        allowed = ", ".join(["type", *fields])
        raise ProtocolError(f"{kind} message has fields it does not know: its fields are {allowed}")
    for name, (expected, required) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError(f'{kind} message needs the field "{name}"')
            continue
        value = data[name]
        if not isinstance(value, expected) or (isinstance(value, bool) and expected is not bool):
            raise ProtocolError(
                f'{kind} message: "{name}" must be {_NAMES[expected]}, not {_json_kind(value)}'
            )
    if kind == "play":
        at = data.get("at")
        if at is not None and not 0 <= at < 1_000_000_000:
            raise ProtocolError('play message: "at" must be the move number of a state (0 or more)')
        text = data["play"]
        if len(text) > _LONGEST_PLAY:
            raise ProtocolError("play: too long to be a play in the notation (3-4 or 3-4@4-4:B)", "bad_play")
        try:
            play: Move | SausageMove = (
                SausageMove.parse(text) if _SAUSAGE_WAY.search(text) else parse_move(text)
            )
        except SevenRocksError as err:
            problem = ProtocolError(N_("play: {reason}"), "bad_play", reason=err.reason)
            problem.error = err
            raise problem from None
        return PlayIntent(play, data.get("at"))
    if kind == "replace":
        if not 0 <= data["seat"] < 4:  # the table's own number of seats is checked by the service
            raise ProtocolError('replace message: "seat" must be 0, 1, 2 or 3')
        if len(data["bot"]) > 40:
            raise ProtocolError('replace message: "bot" must be a bot level such as greedy')
        return ReplaceIntent(data["seat"], data["bot"])
    if kind == "chat":
        if ("text" in data) == ("phrase" in data):
            raise ProtocolError('chat message needs either the field "text" or the field "phrase"')
        return ChatIntent(data.get("text"), data.get("phrase"))
    if kind == "mute":
        return MuteIntent(data["muted"])
    if kind == "hundred":
        return HundredIntent(data["declare"])
    if kind == "start":
        return StartIntent()
    if kind == "next_hand":
        return NextHandIntent()
    if kind == "sync":
        board = data.get("board")
        if board is not None and board not in BOARD_NAMES:
            raise ProtocolError(f'sync message: "board" must be one of {", ".join(BOARD_NAMES)}')
        if "area" not in data:
            return SyncIntent(board)
        if board is not None:
            raise ProtocolError('sync message: give "board" or "area", not both')
        return SyncIntent(None, parse_area(data["area"], 'sync message: "area"'))
    if kind == "back":
        return BackIntent()
    return Ping()


_NAMES: Final = {int: "a whole number", str: "text", bool: "true or false", list: "a list"}


def _dumps(message: dict[str, Any]) -> str:
    """JSON as the messages are sent: no spaces (the separators of Starlette's ``send_json``),
    text as it is (not escaped to ASCII). orjson writes it: serializing each message is the
    largest single cost of a placement in the server (docs/benchmarks.md). What orjson refuses (a
    whole number beyond 64 bits, text that is not valid Unicode) the standard library writes, as
    before it."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return _STANDARD(message)


_STANDARD: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def json_text(message: dict[str, Any] | str) -> str:
    """``message`` as the JSON text sent (a text is sent as it is): made once for a message
    that goes to many connections.

    >>> json_text({"type": "pong"}), json_text('{"type":"pong"}')
    ('{"type":"pong"}', '{"type":"pong"}')
    """
    return message if isinstance(message, str) else _dumps(message)


#: The largest side of a board area a page may say (pixels).
MAX_AREA: Final = 100_000


def parse_ghosts(value: str, what: str = "the socket's ghosts") -> bool:
    """Whether a page draws ghost tiles (the table socket's ``ghosts=``: ``1`` or ``0``, also
    ``true``/``false``, ``yes``/``no``): a :class:`ProtocolError` naming what is wrong otherwise.

    >>> parse_ghosts("1"), parse_ghosts("false")
    (True, False)
    >>> try:
    ...     parse_ghosts("maybe")
    ... except ProtocolError as err:
    ...     print(err.code)
    bad_ghosts
    """
    said = switch_value(value)
    if said is None:
        raise ProtocolError(f"{what} must be 1 or 0 (true or false), not {value[:40]!r}", "bad_ghosts")
    return said


def parse_area(value: object, what: str = "the area") -> tuple[float, float]:
    """A page's board area (``sync``'s ``area``, or the table socket's ``area=WIDTHxHEIGHT``):
    its width and height in pixels, each more than 0 and at most :data:`MAX_AREA`; a
    :class:`ProtocolError` naming what is wrong otherwise.

    >>> parse_area([900, 440.5]), parse_area("390x520")
    ((900.0, 440.5), (390.0, 520.0))
    >>> try:
    ...     parse_area([0, 10])
    ... except ProtocolError as err:
    ...     print(err.code, "-", str(err).split(", like")[1])
    bad_area -  [900, 440], not [0, 10]
    """
    sides: list[object] = []
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            sides = [float(side) for side in value.lower().split("x")]
    elif isinstance(value, list):
        sides = list(value)
    if (
        len(sides) != 2
        or not all(isinstance(side, int | float) and not isinstance(side, bool) for side in sides)
        or not all(0 < float(side) <= MAX_AREA for side in sides)  # type: ignore[arg-type]
    ):
        shown = value if isinstance(value, str) else json.dumps(value)
        raise ProtocolError(
            f"{what} must be a width and a height in pixels, each more than 0 and at most "
            f"{MAX_AREA}, like [900, 440], not {str(shown)[:40]}",
            "bad_area",
        )
    return float(sides[0]), float(sides[1])  # type: ignore[arg-type]


def _json_kind(value: object) -> str:
    """What a decoded JSON value is, in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def error_message(message: str, code: str = "bad_message", request: str | None = None) -> dict[str, Any]:
    """The ``error`` message sent back for a refused message; the connection stays open."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if request is not None:
        out["request"] = request
    return out


# ---------------------------------------------------------------------- building messages
def _tiles(tiles: tuple[Tile, ...]) -> list[str]:
    return [str(t) for t in tiles]


def event_json(
    event: Event,
    *,
    seen_by: int | None = -1,
    layout: Layout | None = None,
    rules: Rules | None = None,
    who: Who | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """A placement, a knock or a draw as JSON (with its announcement text).

    A drawn tile is named only to the seat ``seen_by`` that drew it (``-1``: as the event holds
    it, e.g. in a finished match's replay); any other seat, or a spectator (``None``), hears only
    that a tile was drawn. Given the hand's ``layout`` and the game's ``rules``, ``words`` says
    the event in plain words in ``lang`` (:func:`~sevenrocks.moves_words.describe_event`; seats
    named by ``who``); ``play`` and ``text`` keep the notation.
    """
    out = _event_fields(event, seen_by)
    if layout is not None and rules is not None:
        if isinstance(event, Draw) and out["tile"] is None:
            event = Draw(event.seat, None)
        out["words"] = describe_event(event, layout, rules, who=who, lang=lang)
    return out


def _event_fields(event: Event, seen_by: int | None) -> dict[str, Any]:
    if isinstance(event, Knock):
        return {"kind": "knock", "seat": event.seat, "values": list(event.values), "text": str(event)}
    if isinstance(event, Draw):
        shown = event.tile is not None and (seen_by == -1 or seen_by == event.seat)
        return {"kind": "draw", "seat": event.seat, "tile": str(event.tile) if shown else None}
    play = event.play
    point = play.point if isinstance(play, Play) else None
    return {
        "kind": "placement",
        "seat": event.seat,
        "play": str(play),
        "tile": "+".join(str(t) for t in play.tiles),
        "tiles": [str(t) for t in play.tiles],
        "point": None if point is None else str(point),
        "ends_total": event.ends_total,
        "points": event.points,
        "text": str(event),
    }


def result_json(
    number: int,
    result: HandResult,
    rules: Rules | None = None,
    *,
    text: str | None = None,
) -> dict[str, Any]:
    """A finished hand: how it ended, and (after a settlement) hands, pips, rounding and
    deductions; the game's own fields (``written``, ``eggs``, ``record``, ``general``...), and
    ``text``, the end of the hand in the game's words."""
    out: dict[str, Any] = {
        "hand": number,
        "end": result.end.value,
        "finisher": result.finisher,
        "scores": list(result.scores),
        "pips": None if result.pips is None else list(result.pips),
        "deductions": None if result.deductions is None else list(result.deductions),
        "hands": None if result.hands is None else [_tiles(h) for h in result.hands],
        "loss": None,
        "scores_before": list(result.scores),
    }
    if result.deductions is not None and (rules is None or rules.game == DEFAULT_GAME):
        d = result.deductions
        loss = [d[0] + d[2], d[1] + d[3]]
        out["loss"] = loss
        out["scores_before"] = [result.scores[0] + loss[0], result.scores[1] + loss[1]]
    for name in FAMILY_RESULT_FIELDS:
        value = getattr(result, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    if text is not None:
        out["text"] = text
    return out


def legal_json(
    layout: Layout, plays: tuple[Play, ...], *, rules: Rules | None = None, lang: str = "en"
) -> list[dict[str, Any]]:
    """Each legal placement of Seven Rocks with where it goes and what it would score (and, given
    the ``rules``, ``words``: the move in plain words in ``lang``)."""
    out = []
    for play in plays:
        total = layout.ends_total_after(play)
        points = placement_points(total)
        entry: dict[str, Any] = {
            "play": str(play),
            "tile": str(play.tile),
            "point": None if play.point is None else str(play.point),
            "ends_total": total,
            "points": points,
        }
        if rules is not None:
            entry["words"] = describe_choice(play, layout, rules, points=points, lang=lang, total=total)
        out.append(entry)
    return out


def moves_json(view: SeatView, lang: str = "en") -> list[dict[str, Any]]:
    """Each legal move of the view's seat (several doubles included) with where its tiles go and,
    where the game scores placements, the total and the points it would make; ``words`` says the
    move in plain words in ``lang``."""
    if view.rules.game == DEFAULT_GAME:
        return legal_json(view.layout, view.legal_plays, rules=view.rules, lang=lang)
    scoring = view.rules.scores_points
    out = []
    for choice in play_choices(view):
        move = choice.play
        parts = move.parts if isinstance(move, Doubles) else (move,)
        out.append(
            {
                "play": str(move),
                "tile": "+".join(str(p.tile) for p in parts),
                "tiles": [str(p.tile) for p in parts],
                "point": None if isinstance(move, Doubles) or move.point is None else str(move.point),
                "points_at": [None if p.point is None else str(p.point) for p in parts],
                "closed": [p.closed for p in parts],
                "lengthwise": [p.lengthwise for p in parts],
                "open_half": [p.open_half for p in parts],
                "several": isinstance(move, Doubles),
                "ends_total": choice.ends_total if scoring else None,
                "points": choice.points if scoring else None,
                "words": describe_choice(
                    move, view.layout, view.rules, points=choice.points, lang=lang, total=choice.ends_total
                ),
            }
        )
    return out


def layout_json(layout: Layout, svg: str) -> dict[str, Any]:
    """The drawn layout and its open points and counted ends."""
    return {
        "svg": svg,
        "ends_total": layout.ends_total,
        "points": [str(p) for p in layout.points],
        "counted": [[str(t), n] for t, n in layout.counted()],
        "spinner": None if layout.spinner is None else str(layout.spinner),
        "tiles": len(layout),
    }


def sheet_json(view: SeatView) -> dict[str, Any]:
    """The game's score sheet as everyone may see it: the side scores, the Goat family's
    remembered points and eggs, Sea Goat's record and hundred, General's Generals and nakeds."""
    rules = view.rules
    ledger = view.ledger
    sheet: dict[str, Any] = {
        "scores": list(view.scores),
        "target": view.target,
        "remembered": None if ledger is None else list(ledger.remembered),
        "eggs": None if ledger is None else ledger.eggs,
        "record": None
        if ledger is None or ledger.record is None
        else {"side": ledger.record[0], "points": ledger.record[1]},
        "hundred": view.hundred,
        "winner": outcome_json(view.outcome),
        "goats": None if view.outcome is None else list(view.outcome.goats),
    }
    if "generals" in find_game(rules.game).report:
        generals = [0] * rules.sides
        nakeds = [0] * rules.sides
        for result in view.results:
            if result.general is not None:
                generals[result.general] += 1
            if result.naked is not None:
                nakeds[result.naked] += 1
        sheet["generals"] = generals
        sheet["nakeds"] = nakeds
    return sheet


def scores_text(view: SeatView, me: int | None, gettext: Any) -> str:
    """The score line in the game's words (as the terminal game prints it)."""
    ledger = view.ledger
    return render_scores(
        view.scores,
        target=view.target,
        me=me,
        gettext=gettext,
        rules=view.rules,
        remembered=ledger.remembered if ledger is not None else None,
        eggs=ledger.eggs if ledger is not None else None,
    )


def over_text(
    outcome: Outcome | None, view: SeatView, me: int | None, names: list[str] | None, lang: str
) -> str:
    """The end of the match in the game's words, seen from ``me``."""
    _ = translation(lang).gettext
    return match_over_text(outcome, view.rules, scores_text(view, me, _), me=me, names=names, gettext=_)


def view_json(
    view: SeatView,
    *,
    private: bool,
    svg: str,
    move: int,
    lang: str = "en",
    names: list[str] | None = None,
    hundreds: tuple[int | None, ...] = (),
    since: int | None = None,
    said: EventWords | None = None,
    sheet: ResultWords | None = None,
) -> dict[str, Any]:
    """The ``state`` body for ``view.seat`` (``private``) or for a spectator (public part only).

    With ``since`` (for a ``placed`` message, :data:`PLACED_FIELDS`): ``events`` holds only the
    hand's events from number ``since`` on, and ``results`` nothing (nothing was settled).

    ``move`` counts the moves of the whole match; a play intent may quote it as ``at``.
    Texts (each finished hand's ``text``, the score line, the end of the match) are in ``lang``,
    seen from the seat (a spectator: nobody's). ``hundreds`` are the hands' hundred seats.
    It is :func:`public_json` (the same for every seat and spectator) with :func:`seat_json`
    (``said``, ``sheet``: the events and the score sheet's lines said in words already, kept
    for the next).
    """
    out = seat_json(
        view, private=private, lang=lang, names=names, hundreds=hundreds, since=since, said=said, sheet=sheet
    )
    out.update(public_json(view, svg=svg, move=move))
    return out


#: The fields of :func:`public_json`: the same for every seat and spectator of a position.
PUBLIC_FIELDS: Final = (
    "layout",
    "tile_counts",
    "scores",
    "target",
    "hand_number",
    "leader",
    "turn",
    "hand_over",
    "move",
    "game",
    "seats_count",
    "sides",
    "side_of",
    "partnerships",
    "several_doubles",
    "scoring",
    "picture",
    "boneyard",
    "drawable",
    "draws",
    "out",
    "sheet",
)


def public_json(view: SeatView, *, svg: str, move: int) -> dict[str, Any]:
    """The part of :func:`view_json` that is the same for every seat and spectator
    (:data:`PUBLIC_FIELDS`): the layout, scores, counts, whose turn, the game's facts."""
    rules = view.rules
    hand_over = view.turn is None and view.hand_number >= 0 and len(view.results) > view.hand_number
    return {
        "layout": layout_json(view.layout, svg),
        "tile_counts": list(view.tile_counts),
        "scores": list(view.scores),
        "target": view.target,
        "hand_number": view.hand_number,
        "leader": view.leader,
        "turn": view.turn,
        "hand_over": hand_over,
        "move": move,
        "game": rules.game,
        "seats_count": rules.seats,
        "sides": rules.sides,
        "side_of": [rules.side_of(s) for s in range(rules.seats)],
        "partnerships": rules.partnerships,
        "several_doubles": rules.several_doubles,
        "scoring": rules.scores_points and not isinstance(rules.ending, SingleHand),
        "picture": isinstance(rules.ending, SingleHand),
        "boneyard": view.boneyard,
        "drawable": view.drawable,
        "draws": list(view.draws),
        "out": [s for s in range(rules.seats) if view.out >> s & 1],
        "sheet": sheet_json(view),
    }


#: Events said in words, kept by :func:`seat_json` for other seats and later positions: by
#: (language, the event's number in the hand, whether it is the seat's own).
EventWords = dict[tuple[str, int, bool], dict[str, Any]]
#: The score sheet's lines said in words, kept by :func:`seat_json` for later states: by
#: (language, the hand's number in the match, the seat it is told to; ``None``: a spectator).
ResultWords = dict[tuple[str, int, int | None], dict[str, Any]]


def seat_json(
    view: SeatView,
    *,
    private: bool,
    lang: str = "en",
    names: list[str] | None = None,
    hundreds: tuple[int | None, ...] = (),
    since: int | None = None,
    said: EventWords | None = None,
    sheet: ResultWords | None = None,
) -> dict[str, Any]:
    """The part of :func:`view_json` that is the seat's own (or a spectator's): its tiles and
    moves, the events as it may know them (a drawn tile only to its seat) and the texts seen
    from it. ``said`` keeps each event as told to seats that did not make it and to the one that
    did, so that the other seats of the same position (and language) reuse them; ``sheet`` keeps
    each settled hand's line of the score sheet as told to each seat, for later states."""
    rules = view.rules
    me = view.seat if private else None
    _ = translation(lang).gettext
    results = []
    played = None
    for i, r in enumerate(view.results if since is None else ()):
        line = None if sheet is None else sheet.get((lang, i, me))
        if line is None:
            text = render_result(
                r,
                me=me,
                names=names,
                target=view.target,
                gettext=_,
                rules=rules,
                previous=played,
                hundred=hundreds[i] if i < len(hundreds) else None,
            )
            line = result_json(i, r, rules, text=text)
            if sheet is not None:
                sheet[(lang, i, me)] = line
        results.append(line)
        if r.end.value != "redeal":
            played = r
    first = 0 if since is None else since
    events = []
    who: Who | None = None
    for number, event in enumerate(view.events[first:], first):
        mine = event.seat == me
        key = (lang, number, mine)
        told = None if said is None else said.get(key)
        if told is None:
            if who is None:
                who = seat_words(names, me=me, lang=lang)
            told = event_json(event, seen_by=me, layout=view.layout, rules=rules, who=who, lang=lang)
            if said is not None:
                said[key] = told
        events.append(told)
    drawn = [
        str(e.tile) for e in view.events if isinstance(e, Draw) and e.seat == view.seat and e.tile is not None
    ]
    signals = view.signals if private else None
    return {
        "seat": me,
        "hand": _tiles(view.hand) if private else None,
        "legal": moves_json(view, lang) if private else [],
        "events": events,
        "results": results,
        "drawn": drawn if private else None,
        "signals": None if signals is None else {"blanks": signals.blanks, "sixes": signals.sixes},
        "may_declare_hundred": bool(private and view.may_declare_hundred),
        "scores_text": scores_text(view, me, _),
        "over_text": None if view.outcome is None else over_text(view.outcome, view, me, names, lang),
    }
