"""Sausage's bot protocol: JSON lines between a host and a bot program, for a game of blind queues.

Sausage (``sausage.md``) has no hands and no layout, so its messages are its own (``docs/bot-protocol.md``,
"Sausage"); the first, ``match``, is the family's (``"game": "sausage"``), so a program sees at once
which messages follow. Every turn of a deal is public, so every seat is told every turn:

- ``{"type": "deal", "deal": 0, "starter": 1, "scores": [0, 0]}`` when a deal starts (14 tiles in each
  queue, face down: nobody is told any);
- ``{"type": "went", "seat": 1, "tile": "2-5", "went": "start"}`` for every turn, the seat's own and the
  forced ones included: ``went`` is ``start``, ``top``, ``bottom``, ``cut`` (with ``"gave": N``, the
  tiles handed to the back of the other queue), ``back`` or ``aside``;
- ``{"type": "turn", "tile": "4-6", "legal": ["4-6:top", "4-6:cut"]}`` when the seat has turned a tile
  that can be placed: answer ``{"play": "4-6:cut"}``;
- ``{"type": "deal_end", "end": "out", "winner": 1, "pips": [..], "award": [..], "scores": [..],
  "left": [[..], [..]]}`` when a deal ends, and ``match_end`` as in every game.

The host side builds these from a seat's :class:`~sevenrocks.core.sausage.SausageView`
(:class:`SausageProgramBot` runs a ``cmd:`` program as a Sausage bot); the bot side
(:class:`SausageTracker`, :func:`serve_sausage`) rebuilds the view from them, so any Sausage bot plays as
a program (``sevenrocks bot NAME --game sausage``).

>>> from sevenrocks.core.sausage import SausageMatch
>>> match = SausageMatch(seed=4)
>>> match.start_deal()
>>> seat = match.turn
>>> tracker = SausageTracker()
>>> for message in messages_for(match.view(seat), sent=None)[0]:
...     tracker.feed(message)
>>> tracker.feed(turn_message(match.view(seat)))
>>> tracker.view() == match.view(seat)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Final

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, ProgramBot
from sevenrocks.bots.protocol import ProtocolError, match_end_message, parse_play, read_messages, write_answer
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Engine, Outcome, Rules, find_game
from sevenrocks.core.sausage import GAME_ID, DealEnd, DealResult, SausageMove, SausageView, Turn, Went
from sevenrocks.core.sausage.public import PublicDeal
from sevenrocks.core.sausage.record import result_json
from sevenrocks.core.tiles import TILES, Tile

__all__ = [
    "SausageProgramBot",
    "SausageTracker",
    "deal_end_message",
    "deal_message",
    "messages_for",
    "parse_sausage_answer",
    "sausage_match_message",
    "serve_sausage",
    "turn_message",
    "went_message",
]

Message = dict[str, Any]
_WENT: Final = {went.value: went for went in Went}
_BY_TEXT: Final = {str(tile): tile for tile in TILES}


# ------------------------------------------------------------------ host side
def sausage_match_message(seat: int, rules: Rules) -> Message:
    """The first message: the seat, the target, the game, its options and the two seats."""
    return {
        "type": "match",
        "seat": seat,
        "target": rules.ending.target,
        "game": GAME_ID,
        "options": dict(rules.options),
        "seats": rules.seats,
    }


def deal_message(deal: int, starter: int, scores: Sequence[int]) -> Message:
    """A deal starts: its number (from 0), the starter and the scores before it."""
    return {"type": "deal", "deal": deal, "starter": starter, "scores": list(scores)}


def went_message(turn: Turn) -> Message:
    """One turn of the deal, public: who turned which tile and where it went."""
    message: Message = {"type": "went", "seat": turn.seat, "tile": str(turn.tile), "went": turn.went.value}
    if turn.went is Went.CUT:
        message["gave"] = turn.gave
    return message


def turn_message(view: SausageView) -> Message:
    """The seat must place its turned tile: the tile and its legal ways."""
    return {"type": "turn", "tile": str(view.turned), "legal": [str(m) for m in view.legal_moves]}


def deal_end_message(result: DealResult) -> Message:
    """A deal ended: how, its winner, the pips left, the points awarded, the scores and the tiles left."""
    return {"type": "deal_end", **result_json(result)}


@dataclass
class Sent:
    """How far a program has been told the match: the ``match`` message, the deal, its turns, the
    results."""

    match: bool = False
    deal: int = -1
    turns: int = 0
    results: int = 0


def messages_for(view: SausageView, sent: Sent | None) -> tuple[list[Message], Sent]:
    """The messages ``view``'s seat has not been told yet (after ``sent``; ``None``: nothing yet), in
    order, and how far it is told after them."""
    told = Sent() if sent is None else Sent(sent.match, sent.deal, sent.turns, sent.results)
    out: list[Message] = []
    if not told.match:
        out.append(sausage_match_message(view.seat, view.rules))
        told.match = True

    def results(upto: int) -> None:
        for result in view.results[told.results : upto]:
            out.append(deal_end_message(result))
        told.results = max(told.results, upto)

    if view.deal_number > told.deal:
        results(view.deal_number)
        scores = view.results[view.deal_number - 1].scores if view.deal_number > 0 else (0, 0)
        assert view.starter is not None
        out.append(deal_message(view.deal_number, view.starter, scores))
        told.deal = view.deal_number
        told.turns = 0
    out.extend(went_message(turn) for turn in view.turns[told.turns :])
    told.turns = len(view.turns)
    results(len(view.results))
    return out, told


def parse_sausage_answer(line: str, legal: Sequence[SausageMove]) -> SausageMove:
    """The move a bot's answer names; :class:`ProtocolError` unless it is one of ``legal``.

    >>> parse_sausage_answer('{"play": "6-4:cut"}', [SausageMove.parse("4-6:cut")])
    SausageMove.parse('4-6:cut')
    >>> parse_sausage_answer('{"play": "4-6:top"}', [SausageMove.parse("4-6:cut")])
    Traceback (most recent call last):
    ...
    sevenrocks.bots.protocol.ProtocolError: illegal play '4-6:top': the legal plays were 4-6:cut
    """
    return parse_play(line, legal, SausageMove.parse)


class SausageProgramBot:
    """A Sausage bot played by an external program (``cmd:COMMAND``) speaking Sausage's messages.

    Before each turn it sends the program every message its seat has not seen yet (from the view). Hosts
    also call :meth:`observe` when a deal ends, :meth:`end_match` at the end and :meth:`close` in any
    case; :class:`~sevenrocks.bots.program.BotFailure` says why a program forfeits. The process, its
    time-outs and its stopping are :class:`~sevenrocks.bots.program.ProgramBot`'s.
    """

    def __init__(self, command: str, *, timeout: float = DEFAULT_BOT_TIMEOUT, cwd: str | None = None) -> None:
        self._program = ProgramBot(command, timeout=timeout, cwd=cwd)
        self.name = self._program.name
        self._sent: Sent | None = None

    def _sync(self, view: SausageView) -> None:
        messages, self._sent = messages_for(view, self._sent)
        for message in messages:
            self._program.send(message)

    def choose(self, view: SausageView) -> SausageMove:
        """Tell the program what it has not seen, send ``turn`` and read its answer."""
        self._sync(view)
        return self._program.ask(
            turn_message(view), lambda line: parse_sausage_answer(line, view.legal_moves)
        )

    def observe(self, view: SausageView) -> None:
        """Bring the program up to date with ``view`` (hosts call it when a deal ends)."""
        self._sync(view)

    def end_match(
        self,
        view: SausageView,
        winner: int | None,
        scores: Sequence[int],
        *,
        forfeit: Message | None = None,
    ) -> None:
        """Send the rest of the match and ``match_end``, then close the program's input (failures are
        ignored: the match is decided)."""
        self._program.end_with(
            lambda: self._sync(view), match_end_message(winner, scores, forfeit=forfeit, outcome=view.outcome)
        )

    def close(self) -> None:
        """Stop the program; safe to call more than once."""
        self._program.close()

    def __repr__(self) -> str:
        return f"SausageProgramBot({self._program.command!r}, timeout={self._program.timeout!r})"


# ------------------------------------------------------------------ bot side
def _int(message: Message, key: str, low: int = 0, high: int | None = None) -> int:
    value = message.get(key)
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} is missing or malformed: {value!r}")
    return value


def _pair(message: Message, key: str) -> tuple[int, int]:
    value = message.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise ProtocolError(f"{message.get('type')!r} message: {key!r} must be two numbers, not {value!r}")
    return (value[0], value[1])


def _tile(message: Message, value: Any) -> Tile:
    tile = _BY_TEXT.get(value) if isinstance(value, str) else None
    if tile is not None:
        return tile
    try:
        return TILES[Tile.parse(value).index]
    except (SevenRocksError, TypeError, AttributeError):
        raise ProtocolError(f"{message.get('type')!r} message: {value!r} is not a tile") from None


class SausageTracker:
    """Rebuilds what a seat of Sausage may know (its :class:`SausageView`) from the messages it receives."""

    def __init__(self) -> None:
        self.seat = -1
        self.rules: Rules | None = None
        self._deal = -1
        self._starter: int | None = None
        self._scores: tuple[int, ...] = (0, 0)
        self._results: list[DealResult] = []
        self._outcome: Outcome | None = None
        self._turns: list[Turn] = []
        self._public = PublicDeal()
        self._turned: Tile | None = None
        self._legal: tuple[SausageMove, ...] = ()

    def feed(self, message: Message) -> None:
        """Take in one message from the host (:class:`ProtocolError` when it makes no sense)."""
        kind = message.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ProtocolError(f"unknown message type {kind!r} (Sausage's are {', '.join(_HANDLERS)})")
        if kind != "match" and self.rules is None:
            raise ProtocolError(f"a {kind!r} message came before the 'match' message")
        handler(self, message)

    def _match(self, message: Message) -> None:
        if message.get("game") != GAME_ID:
            raise ProtocolError(f"this program plays {GAME_ID}, not {message.get('game')!r}")
        self.seat = _int(message, "seat", 0, 1)
        options = message.get("options") or {}
        try:
            self.rules = find_game(GAME_ID).rules(options, message.get("seats", 2), engine=Engine.SAUSAGE)
        except SevenRocksError as err:
            raise ProtocolError(f"'match' message: {err.reason}") from None

    def _deal_start(self, message: Message) -> None:
        self._deal = _int(message, "deal")
        self._starter = _int(message, "starter", 0, 1)
        self._scores = _pair(message, "scores")
        self._turns = []
        self._public = PublicDeal()
        self._turned, self._legal = None, ()

    def _went(self, message: Message) -> None:
        if self._starter is None:
            raise ProtocolError("a 'went' message came before the 'deal' message")
        went = _WENT.get(message.get("went"))  # type: ignore[arg-type]
        if went is None:
            raise ProtocolError(
                f"'went' message: 'went' is one of {', '.join(_WENT)}, not {message.get('went')!r}"
            )
        gave = _int(message, "gave") if went is Went.CUT else 0
        turn = Turn(_int(message, "seat", 0, 1), _tile(message, message.get("tile")), went, gave)
        try:
            self._public.apply(turn)
        except ValueError as err:
            raise ProtocolError(f"'went' message: {err}") from None
        self._turns.append(turn)
        self._turned, self._legal = None, ()

    def _turn(self, message: Message) -> None:
        if self._starter is None:
            raise ProtocolError("a 'turn' message came before the 'deal' message")
        tile = _tile(message, message.get("tile"))
        legal = message.get("legal")
        if not isinstance(legal, list) or not legal:
            raise ProtocolError(f"'turn' message: 'legal' must list the legal moves, not {legal!r}")
        try:
            moves = tuple(SausageMove.parse(text) for text in legal)
        except SevenRocksError as err:
            raise ProtocolError(f"'turn' message: {err.reason}") from None
        if any(m.tile is not tile for m in moves):
            raise ProtocolError(f"'turn' message: the legal moves must all place {tile}")
        self._turned, self._legal = tile, moves

    def _deal_end(self, message: Message) -> None:
        try:
            end = DealEnd(message.get("end"))
        except ValueError:
            raise ProtocolError(
                f"'deal_end' message: 'end' is out or blocked, not {message.get('end')!r}"
            ) from None
        winner = message.get("winner")
        if winner is not None:
            winner = _int(message, "winner", 0, 1)
        left = message.get("left")
        if not isinstance(left, list) or len(left) != 2 or not all(isinstance(q, list) for q in left):
            raise ProtocolError(
                f"'deal_end' message: 'left' must be the tiles of the two queues, not {left!r}"
            )
        queues = tuple(tuple(_tile(message, t) for t in queue) for queue in left)
        scores = _pair(message, "scores")
        result = DealResult(end, winner, _pair(message, "pips"), _pair(message, "award"), scores, queues)
        self._results.append(result)
        self._scores = scores
        self._turned, self._legal = None, ()
        assert self.rules is not None
        self._outcome = self.rules.ending.after_hand(scores, len(self._results))

    def _match_end(self, message: Message) -> None:
        self._turned, self._legal = None, ()

    def view(self) -> SausageView:
        """The seat's view now (on its turn: the turned tile and its legal moves)."""
        if self.rules is None:
            raise ProtocolError("no 'match' message yet")
        public = self._public
        mine = self._turned is not None
        return SausageView(
            seat=self.seat,
            rules=self.rules,
            deal_number=self._deal,
            starter=self._starter,
            turn=self.seat if mine else None,
            turned=self._turned,
            legal_moves=self._legal,
            table=public.table(),
            aside=tuple(public.aside),
            queue_lengths=(public.lengths[0], public.lengths[1]),
            sent=(public.sent[0], public.sent[1]),
            turns=tuple(self._turns),
            scores=self._scores,
            results=tuple(self._results),
            outcome=self._outcome,
        )


_HANDLERS: Final[dict[str, Callable[[SausageTracker, Message], None]]] = {
    "match": SausageTracker._match,
    "deal": SausageTracker._deal_start,
    "went": SausageTracker._went,
    "turn": SausageTracker._turn,
    "deal_end": SausageTracker._deal_end,
    "match_end": SausageTracker._match_end,
}


def serve_sausage(factory: Callable[[int, Rules], Any], lines: Iterable[str], out: IO[str]) -> int:
    """Play Sausage as a protocol program: read messages from ``lines``, answer turns on ``out``.

    ``factory(seat, rules)`` makes the bot (a :class:`~sevenrocks.bots.sausage.SausageBot`) once the
    ``match`` message is read. Returns when the match ends or the input closes; raises
    :class:`ProtocolError`, naming the line, on a message that makes no sense.
    """
    tracker = SausageTracker()
    player: Any = None
    for message in read_messages(lines, tracker.feed):
        if message["type"] == "match" and player is None:
            assert tracker.rules is not None
            player = factory(tracker.seat, tracker.rules)
        if message["type"] == "turn":
            write_answer(out, {"play": str(player.choose(tracker.view()))})
        elif message["type"] == "match_end":
            break
    return 0
