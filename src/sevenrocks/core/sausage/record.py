"""Sausage match records: the project's match record (``docs/record-format.md``) with Sausage's deals.

A Sausage record has the envelope of every match record — ``"format": "sevenrocks-match"``,
``"version": 2``, ``"game": "sausage"``, its options, 2 seats, the target, the seed, the players, the
metadata, the final scores and how the match ended — but its hands have Sausage's own shape: each deal's
two ``queues`` (front first), its ``starter`` and how the rules chose it (``lead``: ``"lot"``,
``"winner"`` or ``"rotation"``), every ``turn`` of the deal (the tile turned and where it ``went``:
``start``, ``top``, ``bottom``, ``cut`` with the tiles it ``gave``, ``back`` or ``aside``) and the deal's
``result`` (how it ended, its winner, the pips left, the points awarded, the scores after it and the
tiles left in each queue).

Loading a record replays every deal through :class:`~sevenrocks.core.sausage.SausageMatch`: a move the
rules do not allow raises the engine's own error (located by deal and move), and a forced turn left out
or added, a result, scores or an end that do not follow from the moves raise :class:`RecordError`.

>>> match = SausageMatch(seed=3)
>>> match.start_deal()
>>> _ = match.push(match.legal_moves()[0])
>>> record = SausageRecord.from_match(match, players=("human", "greedy"))
>>> data = record.to_json()
>>> data["game"], data["seats"], data["target"], sorted(data["hands"][0])
('sausage', 2, 101, ['lead', 'queues', 'result', 'starter', 'turns'])
>>> data["hands"][0]["turns"][0]["went"], data["hands"][0]["lead"]
('start', 'lot')
>>> SausageRecord.from_json(data) == record
True
>>> data["hands"][0]["turns"][0]["tile"] = "6-6"
>>> SausageRecord.from_json(data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.RecordError: hand 0: turn 0: the record says seat ... turns 6-6 ..., but ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from sevenrocks.core.envelope import (
    FORMAT,
    TOP_KEYS,
    TOP_REQUIRED,
    VERSION,
    MatchEnd,
    RecordEnvelope,
    as_players,
    check_keys,
    check_record_object,
    check_seed,
    has_bool,
    json_kind,
    parse_result,
    pretty_json,
    read_record_file,
    record_body,
    scores_text,
)
from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.games import OptionValue, Outcome, Rules
from sevenrocks.core.report import outcome_json
from sevenrocks.core.sausage.events import DealEnd, DealLog, DealResult, Turn, Went
from sevenrocks.core.sausage.match import GAME_ID, SausageMatch
from sevenrocks.core.sausage.moves import SausageMove, Way
from sevenrocks.core.sausage.script import check_next_deal, deal_report
from sevenrocks.core.tiles import TILES, Tile

__all__ = [
    "SAUSAGE_LEADS",
    "SausageRecord",
    "is_sausage_record",
    "load_sausage_record",
    "parse_sausage_record",
    "sausage_lead",
]

LEAD_LOT: Final = "lot"
"""The first deal: a lot chose the starter."""
LEAD_WINNER: Final = "winner"
"""The winner of the previous deal starts (``sausage.md`` §3.1), after an out or a block."""
LEAD_ROTATION: Final = "rotation"
"""The previous deal was blocked with no winner: the seat that did not start it starts."""
#: How a Sausage deal's starter is chosen, as a record's ``lead`` names it.
SAUSAGE_LEADS: Final = (LEAD_LOT, LEAD_WINNER, LEAD_ROTATION)

_HAND_KEYS: Final = ("queues", "starter", "lead", "turns", "result")
_HAND_REQUIRED: Final = ("queues", "starter", "turns", "result")
_TURN_KEYS: Final = ("seat", "tile", "went", "gave", "stand_in")
_RESULT_KEYS: Final = ("end", "winner", "pips", "award", "scores", "left")
_RESULT_REQUIRED: Final = ("end", "winner", "pips", "award", "scores")
_OUTCOME_KEYS: Final = ("end", "winner", "reason")
_WENT: Final = {went.value: went for went in Went}
_WAY: Final = {Went.TOP: Way.TOP, Went.BOTTOM: Way.BOTTOM, Went.CUT: Way.CUT}
_TILE_BY_TEXT: Final = {str(tile): tile for tile in TILES}
#: The width of the JSON text's lines: a queue of 14 tiles stays on one line.
_WIDTH: Final = 120


def sausage_lead(previous: DealResult | None) -> str:
    """How the starter of the deal after ``previous`` (``None``: the first deal) is chosen
    (``sausage.md`` §3.1), as a record's ``lead`` names it.

    >>> sausage_lead(None)
    'lot'
    """
    if previous is None:
        return LEAD_LOT
    return LEAD_WINNER if previous.winner is not None else LEAD_ROTATION


def is_sausage_record(data: Any) -> bool:
    """True for parsed JSON that is a match record of Sausage (told by ``format`` and ``game``)."""
    return isinstance(data, dict) and data.get("format") == FORMAT and data.get("game") == GAME_ID


@dataclass(frozen=True, eq=True)
class SausageRecord(RecordEnvelope[DealLog]):
    """A whole Sausage match as data: build it with :meth:`from_match` or :meth:`from_json`.

    ``hands`` are the engine's :class:`~sevenrocks.core.sausage.DealLog` of every deal (the last may be
    unfinished, with ``result`` ``None``). ``end``, ``winner``, ``reason`` and ``outcome`` mean what
    they mean in :class:`~sevenrocks.core.record.MatchRecord`: ``end`` is ``None`` while the match can
    go on, :attr:`MatchEnd.TARGET` when a seat reached the target (``outcome`` is then the rules'),
    ``ABANDONED`` or ``FORFEIT`` (with the ``winner`` it is awarded to) for a match stopped early.
    """

    players: tuple[str, ...]
    hands: tuple[DealLog, ...]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seed: int | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    end: MatchEnd | None = None
    winner: int | None = None
    reason: str | None = None
    outcome: Outcome | None = None
    stand_ins: frozenset[tuple[int, int]] = frozenset()
    """The ``(hand, play)`` of each move (``play`` counted among the deal's moves) a stand-in bot
    made for its seat's player; written as the move's turn's optional ``"stand_in": true``."""
    _rules: Rules = field(init=False, repr=False, compare=False)

    __hash__ = RecordEnvelope.__hash__

    def __post_init__(self) -> None:
        try:
            rules = SausageMatch(self.options).rules
        except SevenRocksError as err:
            raise RecordError(err.reason) from None
        self._check_envelope(rules)
        marks = frozenset(self.stand_ins)
        for key in marks:
            if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, int) for k in key)):
                raise RecordError(f"a stand-in's move is keyed by (hand, play), not {key!r}")
            h, p = key
            if not 0 <= h < len(self.hands) or not 0 <= p < len(self.hands[h].moves):
                raise RecordError(f"a stand-in's move on hand {h}, play {p}: the record has no such move")
        object.__setattr__(self, "stand_ins", marks)

    def with_stand_ins(self, moves: Iterable[tuple[int, int]]) -> SausageRecord:
        """A copy of this record whose moves ``(hand, play)`` are marked as a stand-in bot's, in
        place of any marks it had.

        >>> match = SausageMatch(seed=3)
        >>> match.start_deal()
        >>> _ = match.push(match.legal_moves()[0])
        >>> record = SausageRecord.from_match(match).with_stand_ins({(0, 0)})
        >>> [turn.get("stand_in") for turn in record.to_json()["hands"][0]["turns"]][-1]
        True
        >>> SausageRecord.from_json(record.to_json()) == record
        True
        """
        return replace(self, stand_ins=frozenset(moves))

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> str:
        """The game's id: ``sausage``."""
        return GAME_ID

    @property
    def seats(self) -> int:
        """The number of seats: 2."""
        return self._rules.seats

    @property
    def target(self) -> int:
        """The points that win the match (option ``target``)."""
        return int(self._rules.options["target"])

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points at the end of the record (no points are scored during a deal)."""
        results = self.results
        return tuple(results[-1].scores) if results else (0, 0)

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The results of the finished deals, in order."""
        return tuple(log.result for log in self.hands if log.result is not None)

    def lead_by(self, hand: int) -> str:
        """How deal ``hand``'s starter was chosen (one of :data:`SAUSAGE_LEADS`)."""
        if hand < 0 or hand >= len(self.hands):
            raise IndexError(f"the record has no hand {hand}")
        if hand == 0:
            return LEAD_LOT
        return sausage_lead(self.hands[hand - 1].result)

    # ------------------------------------------------------------------ making
    @classmethod
    def from_match(
        cls,
        match: SausageMatch,
        *,
        players: Sequence[str] | None = None,
        metadata: Mapping[str, str] | None = None,
        end: MatchEnd | None = None,
        winner: int | None = None,
        reason: str | None = None,
    ) -> SausageRecord:
        """The record of ``match`` so far (its :attr:`~SausageMatch.history`).

        ``players`` names the two seats' players (by default ``"unknown"``). A match the rules have
        ended is recorded as such; for a match stopped early give ``end=MatchEnd.ABANDONED`` or
        ``end=MatchEnd.FORFEIT`` with the ``winner``, and a ``reason``.
        """
        history = match.history
        if len(history) != match.deal_number + 1:
            raise RecordError(
                "this match does not hold the history of all its deals (it was made from a view), "
                "so it cannot be recorded"
            )
        if match.is_over and end is None:
            end, winner = MatchEnd.TARGET, match.winner
        return cls(
            players=as_players(("unknown", "unknown") if players is None else players, match.seats),
            hands=history,
            options=dict(match.rules.options),
            seed=match.seed,
            metadata=dict(metadata or {}),
            end=end,
            winner=winner,
            reason=reason,
            outcome=match.outcome,
        )

    # ------------------------------------------------------------------ writing
    def _hand_json(self, h: int, log: DealLog) -> dict[str, Any]:
        result = log.result
        return {
            "queues": [[str(t) for t in queue] for queue in log.queues],
            "starter": log.starter,
            "lead": self.lead_by(h),
            "turns": self._turns_json(h, log),
            "result": None if result is None else result_json(result),
        }

    def _turns_json(self, h: int, log: DealLog) -> list[dict[str, Any]]:
        out = []
        m = -1
        for turn in log.turns:
            entry = turn_json(turn)
            if turn.is_move:
                m += 1
                if (h, m) in self.stand_ins:
                    entry["stand_in"] = True
            out.append(entry)
        return out

    def dumps(self) -> str:
        """The record as JSON text: one line per turn and per queue, ending in a newline."""
        return pretty_json(self.to_json(), 0, width=_WIDTH) + "\n"

    def to_script(self) -> dict[str, Any]:
        """The Sausage conformance script of this record (queues, the first starter, the moves), for
        ``sevenrocks replay``.

        >>> from sevenrocks.core.sausage.script import replay_sausage
        >>> match = SausageMatch(seed=5)
        >>> match.start_deal()
        >>> _ = match.push(match.legal_moves()[-1])
        >>> record = SausageRecord.from_match(match)
        >>> replay_sausage(record.to_script()) == record.to_report()
        True
        """
        hands: list[dict[str, Any]] = []
        for log in self.hands:
            hands.append(
                {
                    "queues": [[str(t) for t in queue] for queue in log.queues],
                    "starter": log.starter,
                    "moves": [str(t.move) for t in log.moves],
                }
            )
        return {"game": GAME_ID, "options": dict(self.options), "hands": hands}

    def to_report(self) -> dict[str, Any]:
        """The conformance report of this record from its own stored deals (no replay): always equal to
        ``replay_sausage(self.to_script())``."""
        scores = [0, 0]
        deals = []
        for log in self.hands:
            if log.result is not None:
                scores = list(log.result.scores)
            deals.append(deal_report(log, scores))
        winner = self.outcome.winner if self.outcome is not None else None
        return {"hands": deals, "scores": list(self.scores), "winner": winner}

    # ------------------------------------------------------------------ reading back
    @classmethod
    def from_json(cls, data: Any) -> SausageRecord:
        """Check ``data`` (a parsed Sausage record) and replay every deal; return the record.

        Raises :class:`RecordError` for a wrong shape or stored turns, results, scores or an end that
        contradict the replay, and the engine's own errors (:class:`~sevenrocks.core.errors.DealError`,
        :class:`~sevenrocks.core.errors.StarterError`, a
        :class:`~sevenrocks.core.errors.SausageMoveError`...) for illegal content, located by deal
        (``hand``) and move (``play``, the index of the move in its deal).
        """
        data = check_record_object(data)
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
            raise RecordError(f"a Sausage match record has 'version': {VERSION}, not {version!r}")
        check_keys(data, TOP_KEYS, TOP_REQUIRED, "the match record")
        if data["game"] != GAME_ID:
            raise RecordError(f"'game' is {data['game']!r}: this reader reads records of {GAME_ID}")
        seats = data["seats"]
        if isinstance(seats, bool) or seats != 2:
            raise RecordError(f"sausage is played by 2 seats, not {seats!r}")
        options = data.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RecordError(
                f"'options' must be an object of option names and values, not {json_kind(options)}"
            )
        seed = check_seed(data.get("seed"))
        try:
            match = SausageMatch(options, seed=seed)
        except SevenRocksError as err:
            raise RecordError(err.reason) from None
        if "target" in data and data["target"] != match.target:
            raise RecordError(
                f"'target' is {data['target']!r}, but sausage with these options plays to {match.target}"
            )
        players, metadata, hands = record_body(data, 2, "deals")
        stand_ins: set[tuple[int, int]] = set()
        for h, hand in enumerate(hands):
            marked: set[int] = set()
            _replay_deal(match, h, hand, marked)
            stand_ins.update((h, m) for m in marked)
        if "scores" in data:
            stored = data["scores"]
            if stored != list(match.scores) or has_bool(stored):
                raise RecordError(
                    f"the record's final scores {stored!r} contradict the replay, which ends at "
                    f"{scores_text(match.scores)}"
                )
        end, winner, reason = _parse_outcome(data.get("result"), match)
        return cls(
            players=players,
            hands=match.history,
            options=dict(match.rules.options),
            seed=seed,
            metadata=metadata,
            end=end,
            winner=winner,
            reason=reason,
            outcome=match.outcome,
            stand_ins=frozenset(stand_ins),
        )

    def replay(self) -> SausageMatch:
        """The match re-played from its deals to the record's last position; it can go on when the
        record is not finished. When the recorded queues and lots are the ones ``seed`` draws, the
        generator is brought to the same state, so the next deal is the one the original match would
        have dealt."""
        match = SausageMatch(self.options, seed=self.seed)
        in_step = self.seed is not None
        for h, log in enumerate(self.hands):
            try:
                if in_step:
                    probe = match.copy(stack=False)
                    probe.start_deal()
                    in_step = (probe.starter, probe.history[-1].queues) == (log.starter, log.queues)
                if in_step:
                    match.start_deal()
                else:
                    match.start_deal(log.queues, log.starter)
                for m, turn in enumerate(log.moves):
                    move = turn.move
                    assert move is not None
                    try:
                        match.push(move)
                    except SevenRocksError as err:
                        raise err.at(play=m) from None
            except SevenRocksError as err:
                raise err.at(hand=h) from None
        return match


# ---------------------------------------------------------------------- JSON of the parts
def turn_json(turn: Turn) -> dict[str, Any]:
    """One turn as a record writes it (``gave`` only for a cut)."""
    out: dict[str, Any] = {"seat": turn.seat, "tile": str(turn.tile), "went": turn.went.value}
    if turn.went is Went.CUT:
        out["gave"] = turn.gave
    return out


def result_json(result: DealResult) -> dict[str, Any]:
    """A deal's result as a record writes it."""
    return {
        "end": result.end.value,
        "winner": result.winner,
        "pips": list(result.pips),
        "award": list(result.award),
        "scores": list(result.scores),
        "left": [[str(t) for t in queue] for queue in result.left],
    }


# ---------------------------------------------------------------------- replay and checks
def _replay_deal(match: SausageMatch, h: int, hand: Any, stand_ins: set[int] | None = None) -> None:
    if not isinstance(hand, dict):
        raise RecordError(
            f"each hand is a JSON object with {', '.join(_HAND_KEYS)}, not {json_kind(hand)}", hand=h
        )
    check_keys(hand, _HAND_KEYS, _HAND_REQUIRED, f"hand {h}", hand=h)
    check_next_deal(match, h)
    queues = hand["queues"]
    if not isinstance(queues, list):
        raise RecordError("'queues' must list the two queues, front first: [[\"2-5\", ...], [...]]", hand=h)
    starter = hand["starter"]
    if isinstance(starter, bool) or not isinstance(starter, int):
        raise RecordError(f"'starter' must be seat 0 or 1, not {starter!r}", hand=h)
    previous = match.result
    expected = sausage_lead(previous if h else None)
    if "lead" in hand and hand["lead"] != expected:
        lead = hand["lead"]
        if lead not in SAUSAGE_LEADS:
            raise RecordError(f"'lead' must be one of {', '.join(SAUSAGE_LEADS)}, not {lead!r}", hand=h)
        raise RecordError(
            f"the record says the starter was chosen by {lead!r}, but {_lead_why(match, h)}", hand=h
        )
    try:
        match.start_deal(queues, starter)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    turns = hand["turns"]
    if not isinstance(turns, list):
        raise RecordError(f"'turns' must be a list of turns, not {json_kind(turns)}", hand=h)
    _replay_turns(match, h, turns, stand_ins)
    _check_result(match, h, hand["result"])


def _lead_why(match: SausageMatch, h: int) -> str:
    result = match.result
    if h == 0 or result is None:
        return "it is the first deal: a lot chooses the starter ('lot')"
    if result.winner is not None:
        return f"seat {result.winner} won deal {h - 1} and starts ('winner')"
    return f"deal {h - 1} was blocked with no winner, so the seat that did not start it starts ('rotation')"


def _turn_text(seat: int, tile: Tile, went: Went) -> str:
    if went is Went.START:
        return f"seat {seat} turns {tile} and lays it as the start tile"
    if went is Went.BACK:
        return f"seat {seat} turns {tile} and sends it to the back"
    if went is Went.ASIDE:
        return f"seat {seat} turns {tile} and sets it aside"
    return f"seat {seat} turns {tile} and plays {tile}:{went.value}"


def _parse_turn(raw: Any, h: int, t: int, play: int | None) -> tuple[int, Tile, Went, Any]:
    if not isinstance(raw, dict):
        raise RecordError(
            f"turn {t} must be an object like {{'seat': 1, 'tile': '5-6', 'went': 'bottom'}}, "
            f"not {json_kind(raw)}",
            hand=h,
            play=play,
        )
    check_keys(raw, _TURN_KEYS, ("seat", "tile", "went"), f"turn {t}", hand=h, play=play)
    seat = raw["seat"]
    if isinstance(seat, bool) or seat not in (0, 1):
        raise RecordError(f"turn {t}: 'seat' must be 0 or 1, not {seat!r}", hand=h, play=play)
    text = raw["tile"]
    tile = _TILE_BY_TEXT.get(text) if isinstance(text, str) else None
    if tile is None:
        try:
            tile = TILES[Tile.parse(text).index]
        except SevenRocksError as err:
            raise RecordError(f"turn {t}: 'tile': {err.reason}", hand=h, play=play) from None
    went = _WENT.get(raw["went"]) if isinstance(raw["went"], str) else None
    if went is None:
        names = ", ".join(_WENT)
        raise RecordError(f"turn {t}: 'went' is one of {names}, not {raw['went']!r}", hand=h, play=play)
    gave = raw.get("gave")
    if "gave" in raw and went is not Went.CUT:
        raise RecordError(
            f"turn {t}: only a cut gives tiles ('gave'), not a turn that went {went}", hand=h, play=play
        )
    return seat, tile, went, gave


def _replay_turns(match: SausageMatch, h: int, turns: list[Any], stand_ins: set[int] | None = None) -> None:
    """Walk the stored turns beside the replay: forced turns must be the engine's, exactly; every move
    is pushed (and checked by the engine); the index of each move marked ``"stand_in": true`` is
    added to ``stand_ins``."""
    m = -1  # the index of the last move read
    for t, raw in enumerate(turns):
        at = m if m >= 0 else None
        seat, tile, went, gave = _parse_turn(raw, h, t, at)
        marked = isinstance(raw, dict) and "stand_in" in raw
        if marked and raw["stand_in"] is not True:
            raise RecordError(
                f"turn {t}: 'stand_in' is true or left out, not {raw['stand_in']!r}", hand=h, play=at
            )
        made = match.turns
        if marked and t < len(made):
            raise RecordError(
                f"turn {t}: only a move is marked as a stand-in's, not a forced turn", hand=h, play=at
            )
        if t < len(made):  # a turn the engine has already played (forced, or the move just pushed)
            actual = made[t]
            if (actual.seat, actual.tile, actual.went) != (seat, tile, went):
                raise RecordError(
                    f"turn {t}: the record says {_turn_text(seat, tile, went)}, but "
                    f"{_turn_text(actual.seat, actual.tile, actual.went)}",
                    hand=h,
                    play=at,
                )
            if gave is not None and gave != actual.gave:
                raise RecordError(
                    f"turn {t}: the record says the cut {tile}:cut gave {gave!r} tiles, but it gave "
                    f"{actual.gave}",
                    hand=h,
                    play=at,
                )
            continue
        if not went.is_move:
            raise RecordError(
                f"turn {t}: the record says {_turn_text(seat, tile, went)}, but {_next_text(match)}",
                hand=h,
                play=at,
            )
        m += 1
        if not match.in_deal:
            raise RecordError(
                f"turn {t}: the record says {_turn_text(seat, tile, went)}, but the deal has already ended",
                hand=h,
                play=m,
            )
        if seat != match.turn:
            raise RecordError(
                f"turn {t}: the record says seat {seat} turns {tile}, but it is seat {match.turn}'s turn "
                f"(it has turned {match.turned})",
                hand=h,
                play=m,
            )
        assert went.is_move
        if marked and stand_ins is not None:
            stand_ins.add(m)
        try:
            event = match.push(SausageMove(tile, _WAY[went]))
        except SevenRocksError as err:
            raise err.at(hand=h, play=m) from None
        if gave is not None and gave != event.gave:
            raise RecordError(
                f"turn {t}: the record says the cut {tile}:cut gave {gave!r} tiles, but it gave {event.gave}",
                hand=h,
                play=m,
            )
    made = match.turns
    if len(made) > len(turns):
        missing = made[len(turns)]
        raise RecordError(
            f"turn {len(turns)}: the record leaves out that "
            + _turn_text(missing.seat, missing.tile, missing.went),
            hand=h,
        )


def _next_text(match: SausageMatch) -> str:
    if match.in_deal:
        return f"seat {match.turn} has turned {match.turned}, which can be placed: a move comes next"
    return "the deal has already ended"


def _check_result(match: SausageMatch, h: int, raw: Any) -> None:
    actual = match.result
    if raw is None:
        if actual is not None:
            raise RecordError(
                f"the record leaves the deal without a result, but it ended: {_ended(actual)}", hand=h
            )
        return
    if not isinstance(raw, dict):
        raise RecordError(f"a deal's 'result' is an object or null, not {json_kind(raw)}", hand=h)
    if actual is None:
        raise RecordError(
            f"the record gives the deal a result, but it has not ended: seat {match.turn} is to place "
            f"{match.turned}",
            hand=h,
        )
    check_keys(raw, _RESULT_KEYS, _RESULT_REQUIRED, f"hand {h}'s result", hand=h)
    expected = result_json(actual)
    for key in _RESULT_KEYS:
        if key in raw and (raw[key] != expected[key] or has_bool(raw[key])):
            raise RecordError(
                f"the result says {key} {raw[key]!r}, but the replay gives {expected[key]!r} "
                f"({_ended(actual)})",
                hand=h,
            )


def _ended(result: DealResult) -> str:
    if result.end is DealEnd.OUT:
        return f"seat {result.winner}'s queue is empty"
    if result.winner is None:
        return "it was blocked with equal pips"
    return f"it was blocked and seat {result.winner} holds fewer pips"


def _parse_outcome(raw: Any, match: SausageMatch) -> tuple[MatchEnd | None, Any, Any]:
    raw, end = parse_result(raw, _OUTCOME_KEYS)
    end_text = raw.get("end")
    winner = raw.get("winner")
    reason = raw.get("reason")
    outcome = match.outcome
    if outcome is not None:
        ended = (
            f"seat {outcome.winner} reached the target {match.target} (scores {scores_text(match.scores)})"
        )
        if end is not MatchEnd.TARGET:
            raise RecordError(f"{ended}, but the record's result says {end_text!r}")
        if winner != outcome_json(outcome) or has_bool(winner):
            raise RecordError(f"the record names winner {winner!r}, but {ended}")
        return end, outcome.winner, reason
    if end is MatchEnd.TARGET:
        raise RecordError(
            f"the record says the match ended at the target {match.target}, but the replay ends at "
            f"{scores_text(match.scores)} with no seat there"
        )
    return end, winner, reason


# ---------------------------------------------------------------------- files
def parse_sausage_record(text: str | bytes) -> SausageRecord:
    """Parse and check a Sausage match record given as JSON text (see :meth:`SausageRecord.from_json`)."""
    from sevenrocks.core.script import load_json

    return SausageRecord.from_json(load_json(text))


def load_sausage_record(path: str | os.PathLike[str]) -> SausageRecord:
    """Read, parse and check the Sausage match record at ``path`` (:class:`RecordError` for a missing or
    unreadable file, or text that is not JSON)."""
    return parse_sausage_record(read_record_file(path))
