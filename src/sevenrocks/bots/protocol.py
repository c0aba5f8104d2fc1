"""The open bot protocol: JSON lines between a host (the tournament, the web app) and a bot program.

The host writes one JSON object per line to the bot's standard input; the bot answers each
``turn`` message with one line, ``{"play": "..."}``, on its standard output. The messages are
documented in ``docs/bot-protocol.md``. This module holds both sides:

- the host side builds the messages from a seat's view (:func:`match_message`,
  :func:`hand_message`, :func:`event_message`, :func:`turn_message`, :func:`hand_end_message`,
  :func:`match_end_message`) and reads the answer (:func:`parse_answer`);
- the bot side rebuilds a :class:`~sevenrocks.core.view.SeatView` from the messages
  (:class:`ViewTracker`) and runs any :class:`~sevenrocks.bots.base.Bot` as a program
  (:func:`serve`, behind ``sevenrocks bot NAME``).

Every game of the family speaks the same messages: ``match`` names the game, its options and
the number of seats; ``draw`` tells a draw from the boneyard (the tile to the drawer only);
a move of several doubles is written with ``+``. Seven Rocks' messages are those it always had,
with a few fields added. What only some games have comes only in those games: General's partner
signals and the Goat family's ledger in ``hand``, Sea Goat's hundred seat, its ``declare``
question (a voluntary hundred, answered ``{"declare": true|false}``) and ``hundred``
announcement, and each game's fields of ``hand_end``.

>>> from sevenrocks.core import Match
>>> match = Match(seed=4)
>>> match.start_hand()
>>> seat = match.turn
>>> tracker = ViewTracker()
>>> for message in (match_message(seat, 250), hand_message(match.view(seat))):
...     tracker.feed(message)
>>> tracker.feed(turn_message(match.view(seat)))
>>> view = tracker.view()
>>> view.hand == match.hand(seat) and view.legal_plays == tuple(match.legal_plays())
True
>>> parse_answer('{"play": "%s"}' % view.legal_plays[0], view.legal_plays) == view.legal_plays[0]
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, Final, TypeVar

from sevenrocks.bots.base import Bot, declares_hundred
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import FAMILY_RESULT_FIELDS, Draw, Event, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.games import DEFAULT_GAME, Ledger, Outcome, Rules, find_game
from sevenrocks.core.games.settlement import WriteOff
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Doubles, Move, Play, parse_move
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.core.view import SeatView, Signals

__all__ = [
    "MESSAGE_TYPES",
    "ProtocolError",
    "ViewTracker",
    "declare_message",
    "draw_message",
    "event_message",
    "hand_end_message",
    "hand_message",
    "hundred_message",
    "ledger_from_json",
    "ledger_json",
    "match_end_message",
    "match_message",
    "parse_answer",
    "parse_declaration",
    "parse_play",
    "read_messages",
    "serve",
    "turn_message",
    "write_answer",
]

#: The ``type`` of every message a host sends, in the order they can first appear.
MESSAGE_TYPES: Final = (
    "match",
    "hand",
    "declare",
    "hundred",
    "play",
    "knock",
    "draw",
    "turn",
    "hand_end",
    "match_end",
)
#: The longest answer line a host reads before calling it garbage.
MAX_LINE: Final = 64 * 1024
#: The family fields of ``hand_end``, each sent only where the game has it (``record`` too, as
#: ``{"side": S, "points": P}``).
RESULT_FIELDS: Final = tuple(name for name in FAMILY_RESULT_FIELDS if name != "record")

Message = dict[str, Any]
#: Makes the bot of a program once the ``match`` message is read: ``factory(seat, rules)``.
BotFactory = Callable[[int, Rules], Bot]

_SEVEN_ROCKS: Final = find_game(DEFAULT_GAME)
M = TypeVar("M")


class ProtocolError(ValueError):
    """A message or an answer that does not follow the bot protocol."""


# ------------------------------------------------------------------ host side: messages
def match_message(seat: int, target: int | None, rules: Rules | None = None) -> Message:
    """The first message: the bot's seat, the match target (``None`` where the game has none),
    and the game: its id, every option's value and the number of seats (Seven Rocks by default).

    >>> match_message(2, 250)
    {'type': 'match', 'seat': 2, 'target': 250, 'game': 'seven-rocks', 'options': {'target': 250}, 'seats': 4}
    """
    if rules is None:
        rules = _SEVEN_ROCKS.rules(None if target is None else {"target": target})
    return {
        "type": "match",
        "seat": seat,
        "target": target,
        "game": rules.game,
        "options": dict(rules.options),
        "seats": rules.seats,
    }


def _own_draws(view: SeatView) -> list[Tile]:
    return [e.tile for e in view.events if isinstance(e, Draw) and e.seat == view.seat and e.tile is not None]


def _record_json(record: tuple[int, int] | None) -> dict[str, int] | None:
    return None if record is None else {"side": record[0], "points": record[1]}


def ledger_json(ledger: Ledger) -> Message:
    """What the Goat family carries from hand to hand, as JSON (``hand`` and ``hand_end``):
    per side ``remembered`` points and ``opened`` accounts, the ``eggs`` waiting, and Sea Goat's
    ``record`` (``{"side", "points"}`` or null), ``owed`` (the seat owing a compulsory hundred),
    ``write_off`` (a suspended block: ``{"seat", "side", "amount", "failures"}``) and
    ``egg_redeals`` (egg redeals in a row).

    >>> ledger_json(Ledger.empty(2))["record"] is None
    True
    """
    write_off = ledger.write_off
    return {
        "remembered": list(ledger.remembered),
        "opened": list(ledger.opened),
        "eggs": ledger.eggs,
        "record": _record_json(ledger.record),
        "owed": ledger.owed,
        "write_off": None
        if write_off is None
        else {
            "seat": write_off.seat,
            "side": write_off.side,
            "amount": write_off.amount,
            "failures": write_off.failures,
        },
        "egg_redeals": ledger.egg_redeals,
    }


def hand_message(view: SeatView) -> Message:
    """A new hand: the tiles the view's seat was dealt, the leader, the scores before it, and
    the boneyard's size at the deal.

    The leader is null for a void deal (a Goat misdeal or a Sea Goat egg redeal: its
    ``hand_end`` says ``redeal`` and the next ``hand`` is dealt again). Only where the game has
    them: ``signals`` (General: what this seat's partner signalled, ``{"blanks", "sixes"}``),
    ``ledger`` (the Goat family, see :func:`ledger_json`), ``hundred`` (Sea Goat: the hand's
    hundred seat, or null), ``imposed`` (Sea Goat: ``"hundred"``, ``"eggs"`` or null, the rule of
    its own that named the leader) and ``may_declare_hundred`` (Sea Goat: true in the message to
    the seat that may declare a voluntary hundred before the lead).
    """
    drawn = set(_own_draws(view))
    held = [t for t in (*view.hand, *view.played_by(view.seat)) if t not in drawn]
    dealt = sorted(held, key=lambda t: t.index)
    sides = view.rules.sides
    scores = view.results[view.hand_number - 1].scores if view.hand_number > 0 else (0,) * sides
    message: Message = {
        "type": "hand",
        "tiles": [str(t) for t in dealt],
        "leader": view.leader,
        "scores": list(scores),
        "boneyard": view.boneyard + sum(view.draws),
    }
    if view.signals is not None:
        message["signals"] = {"blanks": view.signals.blanks, "sixes": view.signals.sixes}
    if view.ledger is not None:
        message["ledger"] = ledger_json(view.ledger)
    if view.rules.sea_values:
        message["hundred"] = view.hundred
        message["imposed"] = view.imposed
        message["may_declare_hundred"] = view.may_declare_hundred
    return message


def declare_message() -> Message:
    """Sea Goat: the host asks the seat that may declare a voluntary hundred (``sea-kozel.md``
    §3.3) whether it does, before the lead; the answer is ``{"declare": true}`` or
    ``{"declare": false}`` (:func:`parse_declaration`)."""
    return {"type": "declare"}


def hundred_message(seat: int) -> Message:
    """Sea Goat: ``seat`` declared a voluntary hundred; it leads 6-6 and the hand is its hundred
    hand (sent to every seat, the declarer's own included)."""
    return {"type": "hundred", "seat": seat}


def draw_message(event: Draw) -> Message:
    """A draw: the tile to the seat that drew it, ``null`` in the message to every other seat
    (the view already hides it)."""
    return {"type": "draw", "seat": event.seat, "tile": None if event.tile is None else str(event.tile)}


def event_message(event: Event) -> Message:
    """A move (anyone's, the bot's own included; several doubles joined by ``+``), a knock or a draw."""
    if isinstance(event, Placement):
        return {"type": "play", "seat": event.seat, "play": str(event.play), "points": event.points}
    if isinstance(event, Draw):
        return draw_message(event)
    return {"type": "knock", "seat": event.seat}


def turn_message(view: SeatView) -> Message:
    """The bot must move: the legal moves (several doubles included), in the engine's order;
    ``lead_tile`` where the rules name the tile to lead (a tile order), before the lead."""
    message: Message = {"type": "turn", "legal": [str(p) for p in view.moves]}
    if view.lead_tile is not None:
        message["lead_tile"] = str(view.lead_tile)
    return message


def hand_end_message(result: HandResult, ledger: Ledger | None = None) -> Message:
    """How a hand ended, the tiles left in each hand (revealed), deductions and scores after it.

    After a hand that ended at the target (no settlement) ``hands`` and ``deductions`` are null.
    The family's fields (``values``, ``award``, ``written``, ``remembered``, ``eggs``,
    ``fisherman``, ``draws``; General's ``loser``, ``general`` and ``naked``; Sea Goat's
    ``events`` and ``record``) are added where the game has them, and ``ledger``, the Goat
    family's ledger after the hand (:func:`ledger_json`), when the host gives it.
    """
    message: Message = {
        "type": "hand_end",
        "end": result.end.value,
        "finisher": result.finisher,
        "hands": None if result.hands is None else [[str(t) for t in hand] for hand in result.hands],
        "deductions": None if result.deductions is None else list(result.deductions),
        "scores": list(result.scores),
    }
    for name in RESULT_FIELDS:
        value = getattr(result, name)
        if value is not None:
            message[name] = list(value) if isinstance(value, tuple) else value
    if result.record is not None:
        message["record"] = _record_json(result.record)
    if ledger is not None:
        message["ledger"] = ledger_json(ledger)
    return message


def match_end_message(
    winner: int | None,
    scores: Sequence[int],
    *,
    forfeit: Message | None = None,
    outcome: Outcome | None = None,
) -> Message:
    """The last message: the winning side (null for none, or for several), the final scores,
    and every winning side and goat (``winners``, ``goats``).

    When the match ended by a forfeit, ``forfeit`` says whose and why
    (``{"seat": 3, "reason": "..."}``).
    """
    if outcome is not None:
        winners, goats = list(outcome.winners), list(outcome.goats)
    else:
        winners, goats = ([] if winner is None else [winner]), []
    message: Message = {
        "type": "match_end",
        "winner": winner,
        "scores": list(scores),
        "winners": winners,
        "goats": goats,
    }
    if forfeit is not None:
        message["forfeit"] = forfeit
    return message


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_answer(line: str, legal: Sequence[Move]) -> Move:
    """The move a bot's answer line names; :class:`ProtocolError` unless it is one of ``legal``.

    >>> parse_answer('{"play": "4-4"}', [Play.parse("3-4")])
    Traceback (most recent call last):
    ...
    sevenrocks.bots.protocol.ProtocolError: illegal play '4-4': the legal plays were 3-4
    """
    return parse_play(line, legal, parse_move)


def parse_play(line: str, legal: Sequence[M], parse: Callable[[str], M]) -> M:
    """The move an answer line ``{"play": "..."}`` names, read with ``parse`` (the game's notation);
    :class:`ProtocolError` unless it is one of ``legal`` (listed in the error, the first 12)."""
    text = line.strip()
    try:
        answer = json.loads(text)
    except ValueError:
        raise ProtocolError(
            f'answered {_short(text)!r}, which is not JSON (expected {{"play": ...}})'
        ) from None
    if not isinstance(answer, dict) or not isinstance(answer.get("play"), str):
        raise ProtocolError(f'answered {_short(text)!r}: expected an object {{"play": "..."}}')
    name = answer["play"]
    try:
        move = parse(name)
    except SevenRocksError as err:
        raise ProtocolError(f"answered {_short(name)!r}, which is not a play: {err.reason}") from None
    if move not in legal:
        options = ", ".join(str(p) for p in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise ProtocolError(f"illegal play {str(move)!r}: the legal plays were {options}")
    return move


def parse_declaration(line: str) -> bool:
    """Whether a bot's answer to ``declare`` declares the hundred; :class:`ProtocolError` unless
    it is ``{"declare": true}`` or ``{"declare": false}``.

    >>> parse_declaration('{"declare": true}'), parse_declaration('{"declare": false}')
    (True, False)
    """
    text = line.strip()
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not isinstance(answer.get("declare"), bool):
        raise ProtocolError(
            f'answered {_short(text)!r} to "declare": expected {{"declare": true}} or {{"declare": false}}'
        )
    return bool(answer["declare"])


# ------------------------------------------------------------------ bot side
def _field(message: Message, key: str, kind: type | tuple[type, ...]) -> Any:
    value = message.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} is missing or malformed: {value!r}")
    return value


def _tiles(message: Message, values: Any) -> tuple[Tile, ...]:
    if not isinstance(values, list):
        raise ProtocolError(f"{message.get('type')!r} message: expected a list of tiles, not {values!r}")
    try:
        return tuple(sorted((Tile.parse(v) for v in values), key=lambda t: t.index))
    except (SevenRocksError, TypeError, AttributeError) as err:
        raise ProtocolError(f"{message.get('type')!r} message: bad tile in {values!r}: {err}") from None


def _ints(message: Message, key: str, length: int | None = None) -> tuple[int, ...] | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ProtocolError(
            f"{message.get('type')!r} message: {key!r} must be a list of numbers, not {value!r}"
        )
    if length is not None and len(value) != length:
        raise ProtocolError(
            f"{message.get('type')!r} message: {key!r} must have {length} numbers, not {value!r}"
        )
    return tuple(value)


def _optional_seat(message: Message, key: str, seats: int) -> int | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} must be a seat 0..{seats - 1} or null")
    return value


def _record_from(message: Message, value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not all(
        isinstance(value.get(k), int) and not isinstance(value.get(k), bool) for k in ("side", "points")
    ):
        raise ProtocolError(f"{message.get('type')!r} message: bad record {value!r}")
    return int(value["side"]), int(value["points"])


def ledger_from_json(message: Message, value: Any, sides: int) -> Ledger:
    """The ledger that :func:`ledger_json` wrote, read from ``message``'s field ``value``."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{message.get('type')!r} message: 'ledger' must be an object, not {value!r}")
    remembered = _ints(value, "remembered", sides)
    opened = value.get("opened")
    if remembered is None or not isinstance(opened, list) or len(opened) != sides:
        raise ProtocolError(f"{message.get('type')!r} message: bad ledger {value!r}")
    numbers = {k: value.get(k, 0) for k in ("eggs", "egg_redeals")}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in numbers.values()):
        raise ProtocolError(f"{message.get('type')!r} message: bad ledger {value!r}")
    raw = value.get("write_off")
    write_off = None
    if raw is not None:
        keys = ("seat", "side", "amount", "failures")
        if not isinstance(raw, dict) or not all(
            isinstance(raw.get(k), int) and not isinstance(raw.get(k), bool) for k in keys
        ):
            raise ProtocolError(f"{message.get('type')!r} message: bad write_off {raw!r}")
        write_off = WriteOff(raw["seat"], raw["side"], raw["amount"], raw["failures"])
    owed = value.get("owed")
    if owed is not None and (not isinstance(owed, int) or isinstance(owed, bool)):
        raise ProtocolError(f"{message.get('type')!r} message: bad owed {owed!r}")
    return Ledger(
        remembered,
        tuple(bool(o) for o in opened),
        numbers["eggs"],
        record=_record_from(message, value.get("record")),
        owed=owed,
        write_off=write_off,
        egg_redeals=numbers["egg_redeals"],
    )


class ViewTracker:
    """Rebuilds what a seat may know from the protocol messages it receives.

    Feed it every message with :meth:`feed`; after a ``turn`` message, :meth:`view` is the
    seat's :class:`~sevenrocks.core.view.SeatView`, as a bot inside the engine would get it.
    The game comes from the ``match`` message (Seven Rocks when it names none); the layout (and
    so the counted ends and the values open at each knock) is rebuilt with the core
    :class:`~sevenrocks.core.layout.Layout`; legal moves are the host's.
    """

    def __init__(self) -> None:
        self.seat = -1
        self.rules: Rules = _SEVEN_ROCKS.rules()
        self.target: int | None = 0
        self.hand_number = -1
        self.leader: int | None = None
        self.scores: tuple[int, ...] = (0, 0)
        self.hand: set[Tile] = set()
        self.layout = Layout()
        self.events: list[Event] = []
        self.counts = [0, 0, 0, 0]
        self.boneyard = 0
        self.out = 0
        self.results: list[HandResult] = []
        self.ledger: Ledger | None = None
        self.legal: tuple[Move, ...] = ()
        self.turn: int | None = None
        self.outcome: Outcome | None = None
        self.finished = False
        self.signals: Signals | None = None
        self.hundred: int | None = None
        self.imposed: str | None = None
        self.may_declare_hundred = False
        self.lead_tile: Tile | None = None

    def feed(self, message: Message) -> None:
        """Take in one message from the host; :class:`ProtocolError` if it makes no sense."""
        kind = message.get("type")
        if kind != "match" and self.seat < 0:
            raise ProtocolError(f"the first message must be 'match', not {kind!r}")
        if kind in ("declare", "hundred", "play", "knock", "draw", "turn") and self.hand_number < 0:
            raise ProtocolError(f"a {kind!r} message came before any 'hand' message")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ProtocolError(f"unknown message type {kind!r}: expected one of {', '.join(MESSAGE_TYPES)}")
        try:
            handler(self, message)
        except ProtocolError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            raise ProtocolError(f"malformed {kind!r} message: {type(err).__name__}: {err}") from None

    def _seat_field(self, message: Message, key: str = "seat") -> int:
        seat: int = _field(message, key, int)
        n = self.rules.seats
        if not 0 <= seat < n:
            raise ProtocolError(f"{message.get('type')!r} message: {key!r} must be 0..{n - 1}, not {seat}")
        return seat

    def _match(self, message: Message) -> None:
        game = message.get("game", DEFAULT_GAME)
        options = message.get("options")
        seats = message.get("seats")
        target = message.get("target")
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
            raise ProtocolError(f"'match' message: 'target' must be a number or null, not {target!r}")
        try:
            definition = find_game(game)
            if options is None:
                options = {"target": target} if target is not None and definition.id == DEFAULT_GAME else {}
            self.rules = definition.rules(options, seats)
        except SevenRocksError as err:
            raise ProtocolError(f"'match' message: {err.reason}") from None
        self.seat = self._seat_field(message)
        self.target = target
        self.scores = (0,) * self.rules.sides
        self.ledger = Ledger.empty(self.rules.sides) if self.rules.settlement.keeps_ledger else None

    def _new_layout(self) -> Layout:
        return Layout.for_rules(self.rules)

    def _hand(self, message: Message) -> None:
        rules = self.rules
        size = rules.hand_size
        tiles = _tiles(message, message.get("tiles"))
        if len(tiles) != size or len(set(tiles)) != size:
            raise ProtocolError(
                f"'hand' message: expected {size} different tiles, not {message.get('tiles')!r}"
            )
        self.hand_number += 1
        self.hand = set(tiles)
        self.leader = _optional_seat(message, "leader", rules.seats)  # null: a void deal
        scores = _ints(message, "scores", rules.sides)
        if scores is not None:
            self.scores = scores
        boneyard = message.get("boneyard")
        self.boneyard = boneyard if isinstance(boneyard, int) else len(TILES) - size * rules.seats
        self.layout = self._new_layout()
        self.events = []
        self.counts = [size] * rules.seats
        self.out = 0
        self.turn = self.leader
        self.lead_tile = None
        signals = message.get("signals")
        self.signals = None
        if signals is not None:
            if not isinstance(signals, dict) or not all(
                isinstance(signals.get(k), bool) for k in ("blanks", "sixes")
            ):
                raise ProtocolError(f"'hand' message: bad signals {signals!r}")
            self.signals = Signals(blanks=signals["blanks"], sixes=signals["sixes"])
        if "ledger" in message:
            self.ledger = ledger_from_json(message, message["ledger"], rules.sides)
        self.hundred = _optional_seat(message, "hundred", rules.seats)
        imposed = message.get("imposed")
        if imposed not in (None, "hundred", "eggs", "declared"):
            raise ProtocolError(
                f"'hand' message: 'imposed' is hundred, eggs, declared or null, not {imposed!r}"
            )
        self.imposed = imposed
        self.may_declare_hundred = message.get("may_declare_hundred") is True

    def _declare(self, message: Message) -> None:
        if not self.may_declare_hundred:
            raise ProtocolError("'declare' message: this seat may not declare a hundred now")

    def _hundred(self, message: Message) -> None:
        seat = self._seat_field(message)
        if self.events:
            raise ProtocolError("'hundred' message: a hundred is declared before the lead")
        self.leader = self.turn = self.hundred = seat
        self.imposed = "declared"
        self.may_declare_hundred = False

    def _play(self, message: Message) -> None:
        seat = self._seat_field(message)
        text = _field(message, "play", str)
        points = _field(message, "points", int)
        try:
            move = parse_move(text)
            parts = move.parts if isinstance(move, Doubles) else (move,)
            total = 0
            for part in parts:
                total = self.layout.place(part)
        except SevenRocksError as err:
            raise ProtocolError(f"'play' message {text!r}: {err}") from None
        if seat == self.seat:
            for part in parts:
                self.hand.discard(part.tile)
        self.counts[seat] -= len(parts)
        if not self.counts[seat] and self.rules.team_out:
            self.out |= 1 << seat
        self.events.append(Placement(seat, move, total, points))
        self.may_declare_hundred = False
        self.lead_tile = None
        if points:
            scores = list(self.scores)
            scores[self.rules.side_of(seat)] += points
            self.scores = tuple(scores)
        self.turn = None

    def _knock(self, message: Message) -> None:
        seat = self._seat_field(message)
        self.events.append(Knock(seat, tuple(sorted(set(self.layout.point_values)))))

    def _draw(self, message: Message) -> None:
        seat = self._seat_field(message)
        text = message.get("tile")
        tile: Tile | None = None
        if text is not None:
            try:
                tile = Tile.parse(text)
            except (SevenRocksError, TypeError, AttributeError) as err:
                raise ProtocolError(f"'draw' message: bad tile {text!r}: {err}") from None
        if seat == self.seat:
            if tile is None:
                raise ProtocolError("'draw' message: the bot's own draw must name the tile")
            self.hand.add(tile)
        elif tile is not None:
            raise ProtocolError(f"'draw' message: seat {seat}'s tile is hidden from seat {self.seat}")
        self.counts[seat] += 1
        self.boneyard -= 1
        self.events.append(Draw(seat, tile))

    def _turn(self, message: Message) -> None:
        legal = message.get("legal")
        if not isinstance(legal, list) or not legal:
            raise ProtocolError(f"'turn' message: 'legal' must be a non-empty list, not {legal!r}")
        try:
            self.legal = tuple(parse_move(p) for p in legal)
            lead_tile = message.get("lead_tile")
            self.lead_tile = None if lead_tile is None else Tile.parse(lead_tile)
        except (SevenRocksError, TypeError, AttributeError) as err:
            raise ProtocolError(f"'turn' message: bad play in {legal!r}: {err}") from None
        self.turn = self.seat

    def _hand_end(self, message: Message) -> None:
        rules = self.rules
        try:
            end = HandEnd(message.get("end"))
        except ValueError:
            raise ProtocolError(f"'hand_end' message: unknown end {message.get('end')!r}") from None
        finisher = message.get("finisher")
        hands_field = message.get("hands")
        hands = None if hands_field is None else tuple(_tiles(message, h) for h in hands_field)
        deductions = _ints(message, "deductions")
        pips = None if hands is None else tuple(sum(t.pips for t in h) for h in hands)
        scores = _ints(message, "scores", rules.sides)
        assert scores is not None  # checked: a list of numbers, one per side
        self.scores = scores
        fisherman = message.get("fisherman")
        eggs = message.get("eggs")
        remembered = _ints(message, "remembered", rules.sides)
        events = message.get("events")
        if events is not None and (
            not isinstance(events, list) or not all(isinstance(e, str) for e in events)
        ):
            raise ProtocolError(f"'hand_end' message: 'events' must be a list of names, not {events!r}")
        record = _record_from(message, message.get("record"))
        self.results.append(
            HandResult(
                end,
                finisher if isinstance(finisher, int) else None,
                pips,
                deductions,
                self.scores,
                hands,
                fisherman=fisherman if isinstance(fisherman, int) else None,
                values=_ints(message, "values", rules.seats),
                award=_ints(message, "award", rules.sides),
                written=_ints(message, "written", rules.sides),
                remembered=remembered,
                eggs=eggs if isinstance(eggs, int) else None,
                draws=_ints(message, "draws", rules.seats),
                loser=_optional_seat(message, "loser", rules.seats),
                general=_optional_seat(message, "general", rules.sides),
                naked=_optional_seat(message, "naked", rules.sides),
                events=None if events is None else tuple(events),
                record=record,
            )
        )
        if "ledger" in message:
            self.ledger = ledger_from_json(message, message["ledger"], rules.sides)
        elif self.ledger is not None:  # a host that does not send the ledger: what the result tells
            self.ledger = Ledger(
                remembered if remembered is not None else self.ledger.remembered,
                tuple(score > 0 for score in self.scores) if not rules.sea_values else self.ledger.opened,
                eggs if isinstance(eggs, int) else self.ledger.eggs,
                record=record if rules.sea_values else None,
                owed=self.ledger.owed,
                write_off=self.ledger.write_off,
                egg_redeals=self.ledger.egg_redeals,
            )
        self.turn = None
        self.may_declare_hundred = False

    def _match_end(self, message: Message) -> None:
        winners = message.get("winners")
        if isinstance(winners, list):
            goats = message.get("goats") or []
            self.outcome = Outcome(tuple(winners), tuple(goats))
        self.finished = True
        self.turn = None

    def view(self) -> SeatView:
        """The seat's view now (with legal moves only right after a ``turn`` message)."""
        rules = self.rules
        my_turn = self.turn == self.seat
        legal = self.legal if my_turn else ()
        drawable = max(0, self.boneyard - rules.reserve) if rules.draws else 0
        return SeatView(
            seat=self.seat,
            hand=tuple(sorted(self.hand, key=lambda t: t.index)),
            layout=self.layout.copy(),
            events=tuple(self.events),
            tile_counts=tuple(self.counts),
            scores=self.scores,
            target=self.target,
            hand_number=self.hand_number,
            leader=self.leader,
            turn=self.turn,
            legal_plays=tuple(m for m in legal if isinstance(m, Play)),
            results=tuple(self.results),
            rules=rules,
            boneyard=self.boneyard,
            drawable=drawable,
            legal_moves=legal,
            ledger=self.ledger,
            outcome=self.outcome,
            out=self.out,
            lead_tile=self.lead_tile if my_turn else None,
            signals=self.signals,
            hundred=self.hundred,
            imposed=self.imposed,
            may_declare_hundred=self.may_declare_hundred,
        )


_HANDLERS: Final[dict[str, Callable[[ViewTracker, Message], None]]] = {
    "match": ViewTracker._match,
    "hand": ViewTracker._hand,
    "declare": ViewTracker._declare,
    "hundred": ViewTracker._hundred,
    "play": ViewTracker._play,
    "knock": ViewTracker._knock,
    "draw": ViewTracker._draw,
    "turn": ViewTracker._turn,
    "hand_end": ViewTracker._hand_end,
    "match_end": ViewTracker._match_end,
}


def serve(bot: Bot | BotFactory, lines: Iterable[str], out: IO[str]) -> int:
    """Play as a protocol program: read messages from ``lines``, answer turns on ``out``.

    ``bot`` is a bot, or a function making one for the seat and the game's rules the ``match``
    message gives (so it can be seeded by seat, and refuse a game it does not play). Returns
    when the match ends or the input closes; raises :class:`ProtocolError` on a message that
    makes no sense, naming its line number.
    """
    tracker = ViewTracker()
    player: Bot | None = bot if isinstance(bot, Bot) else None
    for message in read_messages(lines, tracker.feed):
        if message["type"] == "match" and player is None:
            player = bot(tracker.seat, tracker.rules)  # type: ignore[operator]
        if message["type"] == "turn":
            assert player is not None  # a turn needs a match message first (checked by feed)
            write_answer(out, {"play": str(player.choose(tracker.view()))})
        elif message["type"] == "declare":
            assert player is not None
            write_answer(out, {"declare": declares_hundred(player, tracker.view())})
        elif message["type"] == "match_end":
            break
    return 0


def read_messages(lines: Iterable[str], feed: Callable[[Message], None]) -> Iterator[Message]:
    """The messages of a bot program's input ``lines`` (blank lines skipped), each given to ``feed``
    (a tracker's) before it is yielded; :class:`ProtocolError` naming the line for one that is not a
    JSON object or that ``feed`` refuses."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            raise ProtocolError(f"line {number}: not JSON: {_short(line.strip())!r}") from None
        if not isinstance(message, dict):
            raise ProtocolError(f"line {number}: expected a JSON object, not {_short(line.strip())!r}")
        try:
            feed(message)
        except ProtocolError as err:
            raise ProtocolError(f"line {number}: {err}") from None
        yield message


def write_answer(out: IO[str], answer: Message) -> None:
    """Write a bot program's answer as one JSON line and flush it."""
    out.write(json.dumps(answer) + "\n")
    out.flush()
