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
with a few fields added.

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
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Final

from sevenrocks.bots.base import Bot
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Draw, Event, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.games import DEFAULT_GAME, Ledger, Outcome, Rules, find_game
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Doubles, Move, Play, parse_move
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.core.view import SeatView

__all__ = [
    "MESSAGE_TYPES",
    "ProtocolError",
    "ViewTracker",
    "draw_message",
    "event_message",
    "hand_end_message",
    "hand_message",
    "match_end_message",
    "match_message",
    "parse_answer",
    "serve",
    "turn_message",
]

#: The ``type`` of every message a host sends, in the order they can first appear.
MESSAGE_TYPES: Final = ("match", "hand", "play", "knock", "draw", "turn", "hand_end", "match_end")
#: The longest answer line a host reads before calling it garbage.
MAX_LINE: Final = 64 * 1024
#: The family fields of ``hand_end``, each sent only where the game has it.
RESULT_FIELDS: Final = ("fisherman", "values", "award", "written", "remembered", "eggs", "draws")

Message = dict[str, Any]
#: Makes the bot of a program once the ``match`` message is read: ``factory(seat, rules)``.
BotFactory = Callable[[int, Rules], Bot]

_SEVEN_ROCKS: Final = find_game(DEFAULT_GAME)


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


def hand_message(view: SeatView) -> Message:
    """A new hand: the tiles the view's seat was dealt, the leader, the scores before it, and
    the boneyard's size at the deal."""
    drawn = set(_own_draws(view))
    held = [t for t in (*view.hand, *view.played_by(view.seat)) if t not in drawn]
    dealt = sorted(held, key=lambda t: t.index)
    sides = view.rules.sides
    scores = view.results[view.hand_number - 1].scores if view.hand_number > 0 else (0,) * sides
    return {
        "type": "hand",
        "tiles": [str(t) for t in dealt],
        "leader": view.leader,
        "scores": list(scores),
        "boneyard": view.boneyard + sum(view.draws),
    }


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
    """The bot must move: the legal moves (several doubles included), in the engine's order."""
    return {"type": "turn", "legal": [str(p) for p in view.moves]}


def hand_end_message(result: HandResult) -> Message:
    """How a hand ended, the tiles left in each hand (revealed), deductions and scores after it.

    After a hand that ended at the target (no settlement) ``hands`` and ``deductions`` are null.
    The family's fields (``values``, ``award``, ``written``, ``remembered``, ``eggs``,
    ``fisherman``, ``draws``) are added where the game has them.
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
        move = parse_move(name)
    except SevenRocksError as err:
        raise ProtocolError(f"answered {_short(name)!r}, which is not a play: {err.reason}") from None
    if move not in legal:
        options = ", ".join(str(p) for p in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise ProtocolError(f"illegal play {str(move)!r}: the legal plays were {options}")
    return move


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

    def feed(self, message: Message) -> None:
        """Take in one message from the host; :class:`ProtocolError` if it makes no sense."""
        kind = message.get("type")
        if kind != "match" and self.seat < 0:
            raise ProtocolError(f"the first message must be 'match', not {kind!r}")
        if kind in ("play", "knock", "draw", "turn") and self.hand_number < 0:
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
        self.leader = self._seat_field(message, "leader")
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
            )
        )
        if self.ledger is not None:
            self.ledger = Ledger(
                remembered if remembered is not None else self.ledger.remembered,
                tuple(score > 0 for score in self.scores),
                eggs if isinstance(eggs, int) else self.ledger.eggs,
            )
        self.turn = None

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
        )


_HANDLERS: Final[dict[str, Callable[[ViewTracker, Message], None]]] = {
    "match": ViewTracker._match,
    "hand": ViewTracker._hand,
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
            tracker.feed(message)
        except ProtocolError as err:
            raise ProtocolError(f"line {number}: {err}") from None
        if message["type"] == "match" and player is None:
            player = bot(tracker.seat, tracker.rules)  # type: ignore[operator]
        if message["type"] == "turn":
            assert player is not None  # a turn needs a match message first (checked by feed)
            move = player.choose(tracker.view())
            out.write(json.dumps({"play": str(move)}) + "\n")
            out.flush()
        elif message["type"] == "match_end":
            break
    return 0
