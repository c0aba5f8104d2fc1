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
from sevenrocks.core.events import Event, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import NUM_SEATS, Tile
from sevenrocks.core.view import SeatView

__all__ = [
    "MESSAGE_TYPES",
    "ProtocolError",
    "ViewTracker",
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
MESSAGE_TYPES: Final = ("match", "hand", "play", "knock", "turn", "hand_end", "match_end")
#: The longest answer line a host reads before calling it garbage.
MAX_LINE: Final = 64 * 1024

Message = dict[str, Any]


class ProtocolError(ValueError):
    """A message or an answer that does not follow the bot protocol."""


# ------------------------------------------------------------------ host side: messages
def match_message(seat: int, target: int) -> Message:
    """The first message: the bot's seat and the match target."""
    return {"type": "match", "seat": seat, "target": target}


def hand_message(view: SeatView) -> Message:
    """A new hand: the seven tiles the view's seat was dealt, the leader, the scores before it."""
    dealt = sorted((*view.hand, *view.played_by(view.seat)), key=lambda t: t.index)
    scores = view.results[view.hand_number - 1].scores if view.hand_number > 0 else (0, 0)
    return {
        "type": "hand",
        "tiles": [str(t) for t in dealt],
        "leader": view.leader,
        "scores": list(scores),
    }


def event_message(event: Event) -> Message:
    """A placement (anyone's, the bot's own included) or a knock."""
    if isinstance(event, Placement):
        return {"type": "play", "seat": event.seat, "play": str(event.play), "points": event.points}
    return {"type": "knock", "seat": event.seat}


def turn_message(view: SeatView) -> Message:
    """The bot must place: the legal placements, in the engine's order."""
    return {"type": "turn", "legal": [str(p) for p in view.legal_plays]}


def hand_end_message(result: HandResult) -> Message:
    """How a hand ended, the tiles left in each hand (revealed), deductions and scores after it.

    After a hand that ended at the target (no settlement) ``hands`` and ``deductions`` are null.
    """
    return {
        "type": "hand_end",
        "end": result.end.value,
        "finisher": result.finisher,
        "hands": None if result.hands is None else [[str(t) for t in hand] for hand in result.hands],
        "deductions": None if result.deductions is None else list(result.deductions),
        "scores": list(result.scores),
    }


def match_end_message(
    winner: int | None, scores: Sequence[int], *, forfeit: Message | None = None
) -> Message:
    """The last message: the winning partnership (0 or 1; null for none) and the final scores.

    When the match ended by a forfeit, ``forfeit`` says whose and why
    (``{"seat": 3, "reason": "..."}``).
    """
    message: Message = {"type": "match_end", "winner": winner, "scores": list(scores)}
    if forfeit is not None:
        message["forfeit"] = forfeit
    return message


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_answer(line: str, legal: Sequence[Play]) -> Play:
    """The play a bot's answer line names; :class:`ProtocolError` unless it is one of ``legal``.

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
        play = Play.parse(name)
    except SevenRocksError as err:
        raise ProtocolError(f"answered {_short(name)!r}, which is not a play: {err.reason}") from None
    if play not in legal:
        options = ", ".join(str(p) for p in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise ProtocolError(f"illegal play {str(play)!r}: the legal plays were {options}")
    return play


# ------------------------------------------------------------------ bot side
def _field(message: Message, key: str, kind: type | tuple[type, ...]) -> Any:
    value = message.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} is missing or malformed: {value!r}")
    return value


def _seat_field(message: Message, key: str = "seat") -> int:
    seat: int = _field(message, key, int)
    if not 0 <= seat < NUM_SEATS:
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} must be 0..3, not {seat}")
    return seat


def _tiles(message: Message, values: Any) -> tuple[Tile, ...]:
    if not isinstance(values, list):
        raise ProtocolError(f"{message.get('type')!r} message: expected a list of tiles, not {values!r}")
    try:
        return tuple(sorted((Tile.parse(v) for v in values), key=lambda t: t.index))
    except (SevenRocksError, TypeError, AttributeError) as err:
        raise ProtocolError(f"{message.get('type')!r} message: bad tile in {values!r}: {err}") from None


class ViewTracker:
    """Rebuilds what a seat may know from the protocol messages it receives.

    Feed it every message with :meth:`feed`; after a ``turn`` message, :meth:`view` is the
    seat's :class:`~sevenrocks.core.view.SeatView`, as a bot inside the engine would get it.
    The layout (and so the counted ends and the values open at each knock) is rebuilt with the
    core :class:`~sevenrocks.core.layout.Layout`; legal plays are the host's.
    """

    def __init__(self) -> None:
        self.seat = -1
        self.target = 0
        self.hand_number = -1
        self.leader: int | None = None
        self.scores = (0, 0)
        self.hand: set[Tile] = set()
        self.layout = Layout()
        self.events: list[Event] = []
        self.counts = [0, 0, 0, 0]
        self.results: list[HandResult] = []
        self.legal: tuple[Play, ...] = ()
        self.turn: int | None = None
        self.finished = False

    def feed(self, message: Message) -> None:
        """Take in one message from the host; :class:`ProtocolError` if it makes no sense."""
        kind = message.get("type")
        if kind != "match" and self.seat < 0:
            raise ProtocolError(f"the first message must be 'match', not {kind!r}")
        if kind in ("play", "knock", "turn") and self.hand_number < 0:
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

    def _match(self, message: Message) -> None:
        self.seat = _seat_field(message)
        self.target = _field(message, "target", int)

    def _hand(self, message: Message) -> None:
        tiles = _tiles(message, message.get("tiles"))
        if len(tiles) != 7 or len(set(tiles)) != 7:
            raise ProtocolError(f"'hand' message: expected 7 different tiles, not {message.get('tiles')!r}")
        self.hand_number += 1
        self.hand = set(tiles)
        self.leader = _seat_field(message, "leader")
        scores = message.get("scores")
        if isinstance(scores, list) and len(scores) == 2 and all(isinstance(s, int) for s in scores):
            self.scores = (scores[0], scores[1])
        self.layout = Layout()
        self.events = []
        self.counts = [7, 7, 7, 7]
        self.turn = self.leader

    def _play(self, message: Message) -> None:
        seat = _seat_field(message)
        text = _field(message, "play", str)
        points = _field(message, "points", int)
        try:
            play = Play.parse(text)
            total = self.layout.place(play)
        except SevenRocksError as err:
            raise ProtocolError(f"'play' message {text!r}: {err}") from None
        if seat == self.seat:
            self.hand.discard(play.tile)
        self.counts[seat] -= 1
        self.events.append(Placement(seat, play, total, points))
        if points:
            scores = list(self.scores)
            scores[seat & 1] += points
            self.scores = (scores[0], scores[1])
        self.turn = None

    def _knock(self, message: Message) -> None:
        seat = _seat_field(message)
        self.events.append(Knock(seat, tuple(sorted(set(self.layout.point_values)))))

    def _turn(self, message: Message) -> None:
        legal = message.get("legal")
        if not isinstance(legal, list) or not legal:
            raise ProtocolError(f"'turn' message: 'legal' must be a non-empty list, not {legal!r}")
        try:
            self.legal = tuple(Play.parse(p) for p in legal)
        except (SevenRocksError, TypeError, AttributeError) as err:
            raise ProtocolError(f"'turn' message: bad play in {legal!r}: {err}") from None
        self.turn = self.seat

    def _hand_end(self, message: Message) -> None:
        try:
            end = HandEnd(message.get("end"))
        except ValueError:
            raise ProtocolError(f"'hand_end' message: unknown end {message.get('end')!r}") from None
        finisher = message.get("finisher")
        hands_field = message.get("hands")
        hands = None if hands_field is None else tuple(_tiles(message, h) for h in hands_field)
        deductions_field = message.get("deductions")
        deductions = None if deductions_field is None else tuple(int(d) for d in deductions_field)
        pips = None if hands is None else tuple(sum(t.pips for t in h) for h in hands)
        scores = _field(message, "scores", list)
        self.scores = (int(scores[0]), int(scores[1]))
        self.results.append(
            HandResult(
                end,
                finisher if isinstance(finisher, int) else None,
                pips,
                deductions,
                self.scores,
                hands,
            )
        )
        self.turn = None

    def _match_end(self, message: Message) -> None:
        self.finished = True
        self.turn = None

    def view(self) -> SeatView:
        """The seat's view now (with legal plays only right after a ``turn`` message)."""
        my_turn = self.turn == self.seat
        return SeatView(
            seat=self.seat,
            hand=tuple(sorted(self.hand, key=lambda t: t.index)),
            layout=self.layout.copy(),
            events=tuple(self.events),
            tile_counts=(self.counts[0], self.counts[1], self.counts[2], self.counts[3]),
            scores=self.scores,
            target=self.target,
            hand_number=self.hand_number,
            leader=self.leader,
            turn=self.turn,
            legal_plays=self.legal if my_turn else (),
            results=tuple(self.results),
        )


_HANDLERS: Final[dict[str, Callable[[ViewTracker, Message], None]]] = {
    "match": ViewTracker._match,
    "hand": ViewTracker._hand,
    "play": ViewTracker._play,
    "knock": ViewTracker._knock,
    "turn": ViewTracker._turn,
    "hand_end": ViewTracker._hand_end,
    "match_end": ViewTracker._match_end,
}


def serve(bot: Bot | Callable[[int], Bot], lines: Iterable[str], out: IO[str]) -> int:
    """Play as a protocol program: read messages from ``lines``, answer turns on ``out``.

    ``bot`` is a bot, or a function making one for the seat the ``match`` message gives
    (so it can be seeded by seat). Returns when the match ends or the input closes; raises
    :class:`ProtocolError` on a message that makes no sense, naming its line number.
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
            player = bot(tracker.seat)  # type: ignore[operator]
        if message["type"] == "turn":
            assert player is not None  # a turn needs a match message first (checked by feed)
            play = player.choose(tracker.view())
            out.write(json.dumps({"play": str(play)}) + "\n")
            out.flush()
        elif message["type"] == "match_end":
            break
    return 0
