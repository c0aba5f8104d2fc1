"""Match records: one JSON file per match, versioned, validated by replaying every hand.

A record keeps everything needed to see again, check and continue a match: the seed, the
target, who sat where, free metadata, and for every hand the deal, the leader (and whether by
lot or by domino), every placement and knock with its seat, and the hand's settlement; then
the final scores and how the match ended (at the target, abandoned, forfeited, or not yet).
The format is described field by field in ``docs/record-format.md``.

>>> from sevenrocks.core.match import Match
>>> match = Match(seed=11)
>>> match.start_hand()
>>> for _ in range(3):
...     _ = match.push(match.legal_plays()[0])
>>> record = MatchRecord.from_match(match, players=("human", "greedy", "random", "greedy"))
>>> data = record.to_json()
>>> data["format"], data["version"], len(data["hands"][0]["deal"]), data["result"]
('sevenrocks-match', 1, 4, {'end': None, 'winner': None, 'reason': None})
>>> MatchRecord.from_json(data) == record
True

Loading replays every hand through :class:`~sevenrocks.core.match.Match`, so a record with
an illegal play raises the engine's own error, with the hand and the play:

>>> data["hands"][0]["events"][1]["play"] = "6-6@0-0:B"
>>> MatchRecord.from_json(data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.NotInHandError: hand 0, play 1: tile 6-6 is not in seat ...'s hand
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any, Final

from sevenrocks.core.errors import (
    DealError,
    HandOverError,
    MatchOverError,
    OutOfTurnError,
    RecordError,
    SevenRocksError,
)
from sevenrocks.core.events import HandEnd, HandLog, HandResult, Knock, Placement
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import NUM_SEATS, TILES, Tile

__all__ = [
    "FORMAT",
    "VERSION",
    "MatchEnd",
    "MatchRecord",
    "load_record",
    "parse_record",
]

#: The value of the ``format`` field of every match record.
FORMAT: Final = "sevenrocks-match"
#: The record format version this module writes and reads.
VERSION: Final = 1

LEAD_LOT: Final = "lot"
LEAD_DOMINO: Final = "domino"

_TOP_KEYS: Final = ("format", "version", "seed", "target", "players", "metadata", "hands", "scores", "result")
_TOP_REQUIRED: Final = ("format", "version", "target", "players", "hands")
_HAND_KEYS: Final = ("deal", "leader", "lead", "events", "result")
_PLAY_KEYS: Final = ("seat", "play", "ends_total", "points")
_KNOCK_KEYS: Final = ("seat", "knock")
_RESULT_KEYS: Final = ("end", "finisher", "pips", "deductions", "remaining", "scores")
_OUTCOME_KEYS: Final = ("end", "winner", "reason")


class MatchEnd(Enum):
    """How a match ended."""

    TARGET = "target"
    """A partnership reached the target (the winner)."""
    ABANDONED = "abandoned"
    """Stopped early with no winner (by agreement, a lost connection...); ``reason`` says why."""
    FORFEIT = "forfeit"
    """Stopped early and awarded to ``winner`` (e.g. the other side left or broke a rule)."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, eq=True)
class MatchRecord:
    """A whole match as data: build it with :meth:`from_match` or :meth:`from_json`.

    ``hands`` are the :class:`~sevenrocks.core.events.HandLog` of every hand (the last may be
    unfinished, with ``result`` ``None``). ``end`` is ``None`` while the match can go on;
    ``winner`` is the winning partnership (0: seats 0 and 2; 1: seats 1 and 3) or ``None``.
    Constructing one directly checks the fields' shapes and their consistency with the last
    hand, but not the plays: :meth:`from_json` replays them.
    """

    target: int
    players: tuple[str, str, str, str]
    hands: tuple[HandLog, ...]
    seed: int | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    end: MatchEnd | None = None
    winner: int | None = None
    reason: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target <= 0:
            raise RecordError(f"'target' must be a positive whole number of points, not {self.target!r}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise RecordError(f"'seed' must be a whole number or null, not {self.seed!r}")
        _check_players(self.players)
        _check_metadata(self.metadata)
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "metadata", dict(self.metadata))
        object.__setattr__(self, "hands", tuple(self.hands))
        _check_outcome(self.end, self.winner, self.reason, self._target_winner())

    def __hash__(self) -> int:
        items = tuple(sorted(self.metadata.items()))
        return hash(
            (self.target, self.players, self.hands, self.seed, items, self.end, self.winner, self.reason)
        )

    # ------------------------------------------------------------------ reading
    def _target_winner(self) -> int | None:
        """The partnership that reached the target in the last hand, if one did."""
        if self.hands and self.hands[-1].result is not None and self.hands[-1].result.end is HandEnd.TARGET:
            last = self.hands[-1].placements[-1]
            return last.seat & 1
        return None

    @property
    def scores(self) -> tuple[int, int]:
        """The two partnership scores at the end of the record (raw points, maybe below zero)."""
        scores = [0, 0]
        for log in self.hands:
            if log.result is not None:
                scores = list(log.result.scores)
            else:
                for placement in log.placements:
                    scores[placement.seat & 1] += placement.points
        return scores[0], scores[1]

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the finished hands, in order."""
        return tuple(log.result for log in self.hands if log.result is not None)

    @property
    def is_finished(self) -> bool:
        """True once the match has ended: at the target, abandoned or forfeited."""
        return self.end is not None

    def lead_by(self, hand: int) -> str:
        """``"domino"`` if hand ``hand`` was led by the previous hand's finisher, else ``"lot"``."""
        if hand < 0 or hand >= len(self.hands):
            raise IndexError(f"the record has no hand {hand}")
        if hand == 0:
            return LEAD_LOT
        previous = self.hands[hand - 1].result
        return LEAD_DOMINO if previous is not None and previous.end is HandEnd.DOMINO else LEAD_LOT

    def __iter__(self) -> Iterator[HandLog]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    # ------------------------------------------------------------------ making
    @classmethod
    def from_match(
        cls,
        match: Match,
        *,
        players: Sequence[str] = ("unknown", "unknown", "unknown", "unknown"),
        metadata: Mapping[str, str] | None = None,
        end: MatchEnd | None = None,
        winner: int | None = None,
        reason: str | None = None,
    ) -> MatchRecord:
        """The record of ``match`` so far, built from :attr:`Match.history`.

        A match won at the target is recorded as such; for a match stopped early give
        ``end=MatchEnd.ABANDONED`` (no winner) or ``end=MatchEnd.FORFEIT`` with ``winner``,
        and a ``reason`` (see also :meth:`with_end`).
        """
        history = match.history
        if len(history) != match.hand_number + 1:
            raise RecordError(
                "this match does not hold the history of all its hands (it was made from a view), "
                "so it cannot be recorded"
            )
        if match.is_over and end is None:
            end, winner = MatchEnd.TARGET, match.winner
        return cls(
            target=match.target if match.target is not None else 0,
            players=_as_players(players),
            hands=history,
            seed=match.seed,
            metadata=dict(metadata or {}),
            end=end,
            winner=winner,
            reason=reason,
        )

    def with_end(
        self, end: MatchEnd | None, *, winner: int | None = None, reason: str | None = None
    ) -> MatchRecord:
        """A copy of this record ended early (``ABANDONED`` or ``FORFEIT``), or reopened with ``None``.

        >>> from sevenrocks.core.match import Match
        >>> match = Match(seed=1)
        >>> match.start_hand()
        >>> record = MatchRecord.from_match(match).with_end(MatchEnd.FORFEIT, winner=1, reason="seat 0 left")
        >>> record.to_json()["result"]
        {'end': 'forfeit', 'winner': 1, 'reason': 'seat 0 left'}
        """
        return replace(self, end=end, winner=winner, reason=reason)

    def with_metadata(self, **items: str) -> MatchRecord:
        """A copy of this record with ``items`` added to (or replacing entries of) its metadata."""
        return replace(self, metadata={**self.metadata, **items})

    # ------------------------------------------------------------------ writing
    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-ready data (the format of ``docs/record-format.md``)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "target": self.target,
            "players": list(self.players),
            "metadata": dict(self.metadata),
            "hands": [self._hand_json(h, log) for h, log in enumerate(self.hands)],
            "scores": list(self.scores),
            "result": {
                "end": self.end.value if self.end is not None else None,
                "winner": self.winner,
                "reason": self.reason,
            },
        }

    def _hand_json(self, h: int, log: HandLog) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        for event in log.events:
            if isinstance(event, Placement):
                events.append(
                    {
                        "seat": event.seat,
                        "play": str(event.play),
                        "ends_total": event.ends_total,
                        "points": event.points,
                    }
                )
            elif isinstance(event, Knock):
                events.append({"seat": event.seat, "knock": list(event.values)})
            else:
                events.append({"seat": event.seat, "draw": str(event.tile)})
        result = log.result
        return {
            "deal": [[str(t) for t in tiles] for tiles in log.deal],
            "leader": log.leader,
            "lead": self.lead_by(h),
            "events": events,
            "result": None
            if result is None
            else {
                "end": result.end.value,
                "finisher": result.finisher,
                "pips": list(result.pips) if result.pips is not None else None,
                "deductions": list(result.deductions) if result.deductions is not None else None,
                "remaining": [[str(t) for t in tiles] for tiles in result.hands]
                if result.hands is not None
                else None,
                "scores": list(result.scores),
            },
        }

    def dumps(self) -> str:
        """The record as JSON text: one line per event and per seat's tiles, ending in a newline."""
        return _pretty(self.to_json(), 0) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the record to ``path`` atomically and return the path.

        The text goes to a temporary file beside ``path`` that is then renamed over it, so a
        failure never leaves a half-written record nor clobbers an existing one. Missing parent
        folders are created. Raises :class:`RecordError` naming the path when it cannot write.
        """
        target = Path(path)
        text = self.dumps().encode("utf-8")
        tmp_name: str | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            with os.fdopen(fd, "wb") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, target)
            tmp_name = None
        except OSError as err:
            raise RecordError(f"cannot save the match record to {target}: {err.strerror or err}") from None
        finally:
            if tmp_name is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp_name)
        return target

    def to_script(self) -> dict[str, Any]:
        """The conformance match script of this record, for ``sevenrocks replay``.

        >>> from sevenrocks.core.match import Match
        >>> from sevenrocks.core.script import replay
        >>> match = Match(seed=4)
        >>> match.start_hand()
        >>> _ = match.push(match.legal_plays()[-1])
        >>> record = MatchRecord.from_match(match)
        >>> replay(record.to_script()) == record.to_report()
        True
        """
        return {
            "target": self.target,
            "hands": [
                {
                    "hands": [[str(t) for t in tiles] for tiles in log.deal],
                    "leader": log.leader,
                    "plays": [str(p.play) for p in log.placements],
                }
                for log in self.hands
            ],
        }

    def to_report(self) -> dict[str, Any]:
        """The conformance report of this record, from its own stored hands (no replay)."""
        hands: list[dict[str, Any]] = []
        scores = [0, 0]
        for log in self.hands:
            for placement in log.placements:
                scores[placement.seat & 1] += placement.points
            result = log.result
            if result is not None:
                scores = list(result.scores)
            hands.append(
                {
                    "plays": [
                        {
                            "seat": p.seat,
                            "tile": "+".join(str(t) for t in p.play.tiles),
                            "ends_total": p.ends_total,
                            "points": p.points,
                        }
                        for p in log.placements
                    ],
                    "end": result.end.value if result else None,
                    "finisher": result.finisher if result else None,
                    "pips": list(result.pips) if result and result.pips else None,
                    "deductions": list(result.deductions) if result and result.deductions else None,
                    "scores": list(scores),
                }
            )
        return {"hands": hands, "scores": list(self.scores), "winner": self._target_winner()}

    # ------------------------------------------------------------------ reading back
    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Check ``data`` (parsed JSON) and replay every hand; return the record.

        Raises :class:`RecordError` for a wrong shape, a wrong format or version, or stored
        summaries (knocks, totals, points, settlements, scores, result) that contradict the
        replay; the engine's own errors (:class:`DealError`, :class:`LeaderError`, an
        :class:`IllegalPlayError` subclass, :class:`HandOverError`, :class:`MatchOverError`...)
        for illegal content. Every error carries the hand and play index where it is known.
        """
        if not isinstance(data, dict):
            raise RecordError(f"a match record is a JSON object with 'format': {FORMAT!r}, not {_kind(data)}")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(
                f"not a Seven Rocks match record: 'format' is {fmt!r}, expected {FORMAT!r}"
                + (
                    " (a conformance script? use 'sevenrocks replay')"
                    if fmt is None and "hands" in data
                    else ""
                )
            )
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise RecordError(f"'version' must be a whole number, not {version!r}")
        if version != VERSION:
            newer = " (written by a newer sevenrocks: upgrade to read it)" if version > VERSION else ""
            raise RecordError(
                f"match record version {version} is not supported: this sevenrocks reads {VERSION}{newer}"
            )
        _check_keys(data, _TOP_KEYS, _TOP_REQUIRED, "the match record")
        target = data["target"]
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise RecordError(f"'target' must be a positive whole number of points, not {target!r}")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(f"'seed' must be a whole number or null, not {seed!r}")
        players = _as_players(data["players"])
        metadata = data.get("metadata", {})
        if metadata is None:
            metadata = {}
        _check_metadata(metadata)
        hands = data["hands"]
        if not isinstance(hands, list):
            raise RecordError(f"'hands' must be a list of hands, not {_kind(hands)}")

        match = Match(target=target, seed=seed)
        for h, hand in enumerate(hands):
            _replay_hand(match, h, hand)

        if "scores" in data:
            stored = _int_pair(data["scores"], "'scores'", hand=None)
            if stored != match.scores:
                raise RecordError(
                    f"the record's final scores {_pair(stored)} contradict the replay, which ends at "
                    f"{_pair(match.scores)}"
                )
        end, winner, reason = _parse_outcome(data.get("result"), match)
        return cls(
            target=target,
            players=players,
            hands=match.history,
            seed=seed,
            metadata=dict(metadata),
            end=end,
            winner=winner,
            reason=reason,
        )

    def replay(self) -> Match:
        """The match re-played from its deals to the record's last position.

        The returned match can go on (when the record is not finished): call
        :meth:`Match.push` or :meth:`Match.start_hand`. When the recorded deals and lots are
        the ones ``seed`` draws (as in a match dealt by :class:`Match` itself), the generator
        is brought to the same state, so the next deal is the one the original match would
        have dealt; otherwise it starts afresh from ``seed``.

        >>> from sevenrocks.core.match import Match
        >>> match = Match(seed=9)
        >>> match.start_hand()
        >>> while match.turn is not None:
        ...     _ = match.push(match.legal_plays()[0])
        >>> again = MatchRecord.from_match(match).replay()
        >>> match.start_hand(); again.start_hand()
        >>> again.history[-1] == match.history[-1]
        True
        """
        match = Match(target=self.target, seed=self.seed)
        in_step = self.seed is not None
        for h, log in enumerate(self.hands):
            try:
                if in_step:
                    probe = match.copy(stack=False)
                    probe.start_hand()
                    last = probe.history[-1]
                    in_step = last.deal == log.deal and last.leader == log.leader
                if in_step:
                    match.start_hand()  # the same draws as the original match made
                else:
                    match.start_hand(log.deal, log.leader)
                for placement in log.placements:
                    match.push(placement.play)
            except SevenRocksError as err:
                raise err.at(hand=h) from None
        return match


# ---------------------------------------------------------------------- replay and checks
def _replay_hand(match: Match, h: int, hand: Any) -> None:
    if not isinstance(hand, dict):
        raise RecordError(
            f"each hand is a JSON object with {', '.join(_HAND_KEYS)}, not {_kind(hand)}", hand=h
        )
    _check_keys(hand, _HAND_KEYS, _HAND_KEYS, f"hand {h}", hand=h)
    if match.is_over:
        raise MatchOverError(
            f"no hand may follow hand {h - 1}, in which partnership {match.winner} reached the target "
            f"{match.target}",
            hand=h,
        )
    if match.turn is not None:
        raise RecordError(
            f"hand {h - 1} has not ended (seat {match.turn} is to play), so no hand may follow it", hand=h
        )
    deal = _parse_deal(hand["deal"], h)
    leader = hand["leader"]
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < NUM_SEATS:
        raise RecordError(f"'leader' must be a seat 0..3, not {leader!r}", hand=h)
    lead = hand["lead"]
    if lead not in (LEAD_LOT, LEAD_DOMINO):
        raise RecordError(f"'lead' must be {LEAD_LOT!r} or {LEAD_DOMINO!r}, not {lead!r}", hand=h)
    required = match.next_leader()
    if required is None and lead == LEAD_DOMINO:
        why = "it is the first hand" if h == 0 else "the previous hand was blocked"
        raise RecordError(
            f"the record says the leader led by domino, but {why}: the leader is drawn by lot", hand=h
        )
    if required is not None and lead == LEAD_LOT:
        raise RecordError(
            f"the record says the leader was drawn by lot, but seat {required} dominoed the previous "
            "hand and leads",
            hand=h,
        )
    try:
        match.start_hand(deal, leader)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    events = hand["events"]
    if not isinstance(events, list):
        raise RecordError(f"'events' must be a list of plays and knocks, not {_kind(events)}", hand=h)
    _replay_events(match, h, events)
    _check_result(match, h, hand["result"])


def _replay_events(match: Match, h: int, events: list[Any]) -> None:
    pending: list[Knock] = []  # knocks the engine made that the record must list next
    seen = 0  # events of the hand so far
    p = -1  # index of the last play read
    for e, event in enumerate(events):
        if not isinstance(event, dict):
            raise RecordError(
                f"event {e} must be an object like {{'seat': 1, 'play': '3-4'}} "
                f"or {{'seat': 2, 'knock': [3, 4]}}, "
                f"not {_kind(event)}",
                hand=h,
                play=max(p, 0) if p >= 0 else None,
            )
        if "knock" in event:
            _check_keys(
                event, _KNOCK_KEYS, _KNOCK_KEYS, f"event {e} (a knock)", hand=h, play=p if p >= 0 else None
            )
            seat = _seat_field(event["seat"], h, p if p >= 0 else None)
            values = event["knock"]
            if not isinstance(values, list) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in values
            ):
                raise RecordError(
                    f"event {e}: 'knock' lists the open values as whole numbers, not {values!r}",
                    hand=h,
                    play=p if p >= 0 else None,
                )
            if not pending:
                raise RecordError(
                    f"event {e}: the record says seat {seat} knocks, but " + _why_no_knock(match, seat, p),
                    hand=h,
                    play=p if p >= 0 else None,
                )
            expected = pending.pop(0)
            if expected.seat != seat:
                raise RecordError(
                    f"event {e}: the record says seat {seat} knocks, "
                    f"but the next knock is seat {expected.seat}'s",
                    hand=h,
                    play=p,
                )
            if tuple(values) != expected.values:
                raise RecordError(
                    f"event {e}: seat {seat}'s knock lists open values {values}, but the open values were "
                    f"{list(expected.values)}",
                    hand=h,
                    play=p,
                )
            continue
        p += 1
        _check_keys(event, _PLAY_KEYS, ("seat", "play"), f"event {e} (a play)", hand=h, play=p)
        if pending:
            raise RecordError(
                f"event {e}: seat {pending[0].seat} knocks before this play (no tile matches "
                f"{_values(pending[0].values)}), but the record leaves the knock out",
                hand=h,
                play=p,
            )
        text = event["play"]
        if not isinstance(text, str):
            raise RecordError(f"a play is text like '3-4@4-4:B', not {text!r}", hand=h, play=p)
        try:
            play = _parse_play(text)
        except SevenRocksError as err:
            raise err.at(hand=h, play=p) from None
        seat = _seat_field(event["seat"], h, p)
        turn = match.turn
        if turn is None:
            match.check(play)  # raises HandOverError or MatchOverError
            raise HandOverError(f"{play}: the hand has ended", hand=h, play=p)  # pragma: no cover
        if seat != turn:
            raise OutOfTurnError(
                f"seat {seat} cannot place {play}: it is seat {turn}'s turn" + _turn_note(match, seat),
                hand=h,
                play=p,
            )
        placement = match.push(play)
        for key, actual in (("ends_total", placement.ends_total), ("points", placement.points)):
            if key in event and event[key] != actual:
                raise RecordError(
                    f"{play}: the record says {key.replace('_', ' ')} {event[key]!r}, "
                    f"but the play makes {actual}",
                    hand=h,
                    play=p,
                )
        made = match.events
        pending = [k for k in made[seen + 1 :] if isinstance(k, Knock)]
        seen = len(made)
    if pending:
        raise RecordError(
            f"after play {p}, seat {pending[0].seat} knocks (no tile matches {_values(pending[0].values)}), "
            "but the record leaves the knock out",
            hand=h,
            play=p,
        )


def _why_no_knock(match: Match, seat: int, p: int) -> str:
    if p < 0:
        return "no knock can come before the opening tile"
    if match.turn is None:
        return "the hand has ended"
    if seat == match.turn:
        values = _values(sorted(set(match.layout.point_values)))
        return f"seat {seat} holds a tile that matches {values}, so it must place"
    return f"it is seat {match.turn}'s turn now: no seat knocks here"


def _turn_note(match: Match, seat: int) -> str:
    knocked = [e.seat for e in match.events if isinstance(e, Knock)]
    if match.events and knocked and seat in knocked[-3:]:
        return f" (seat {seat} has knocked)"
    return ""


def _check_result(match: Match, h: int, raw: Any) -> None:
    ended = match.turn is None
    if raw is None:
        if ended:
            result = match.results[-1]
            raise RecordError(
                f"the hand has ended ({_how(result)}), but the record gives no result for it", hand=h
            )
        return
    if not isinstance(raw, dict):
        raise RecordError(f"'result' must be an object or null, not {_kind(raw)}", hand=h)
    _check_keys(raw, _RESULT_KEYS, ("end", "scores"), f"hand {h}'s result", hand=h)
    end_text = raw["end"]
    if end_text not in ("domino", "blocked", "target"):
        raise RecordError(f"'end' must be 'domino', 'blocked' or 'target', not {end_text!r}", hand=h)
    if not ended:
        raise RecordError(
            f"the record says the hand ended ({end_text}), but seat {match.turn} still has a play "
            f"(and seats hold {', '.join(str(len(match.hand(s))) for s in range(NUM_SEATS))} tiles)",
            hand=h,
        )
    result = match.results[-1]
    if end_text != result.end.value:
        raise RecordError(f"the record says the hand ended by {end_text}, but {_how(result)}", hand=h)
    finisher = raw.get("finisher")
    if finisher != result.finisher:
        raise RecordError(
            f"the record names finisher {finisher!r}, but the replay's finisher is {result.finisher!r}",
            hand=h,
        )
    for key, actual in (("pips", result.pips), ("deductions", result.deductions)):
        stored = raw.get(key)
        if (list(actual) if actual is not None else None) != stored:
            raise RecordError(
                f"the record's {key} {stored!r} contradict the replay: "
                f"{list(actual) if actual is not None else None!r}",
                hand=h,
            )
    if "remaining" in raw:
        actual_tiles = (
            [[str(t) for t in tiles] for tiles in result.hands] if result.hands is not None else None
        )
        stored_tiles = raw["remaining"]
        if _tile_sets(stored_tiles) != _tile_sets(actual_tiles):
            raise RecordError(
                f"the record's remaining tiles {stored_tiles!r} contradict the replay: {actual_tiles!r}",
                hand=h,
            )
    scores = _int_pair(raw["scores"], "the hand's 'scores'", hand=h)
    if scores != result.scores:
        raise RecordError(
            f"the record's scores after the hand {_pair(scores)} contradict the replay: "
            f"{_pair(result.scores)}",
            hand=h,
        )


def _tile_sets(raw: Any) -> Any:
    if not isinstance(raw, list):
        return raw
    out: list[Any] = []
    for tiles in raw:
        if not isinstance(tiles, list):
            return raw
        try:
            out.append(sorted(_parse_tile(t).index for t in tiles))
        except SevenRocksError:
            return raw
    return out


def _parse_outcome(raw: Any, match: Match) -> tuple[MatchEnd | None, int | None, str | None]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError(f"'result' must be an object with end, winner and reason, not {_kind(raw)}")
    _check_keys(raw, _OUTCOME_KEYS, (), "the match 'result'")
    end_text = raw.get("end")
    try:
        end = MatchEnd(end_text) if end_text is not None else None
    except ValueError:
        raise RecordError(
            f"the match result's 'end' must be 'target', 'abandoned', 'forfeit' or null, not {end_text!r}"
        ) from None
    winner = raw.get("winner")
    reason = raw.get("reason")
    if match.is_over:
        if end is not MatchEnd.TARGET:
            raise RecordError(
                f"partnership {match.winner} reached the target {match.target} "
                f"(scores {_pair(match.scores)}), "
                f"but the record's result says {end_text!r}"
            )
        if winner != match.winner:
            raise RecordError(
                f"the record names winner {winner!r}, but partnership {match.winner} reached the target"
            )
        return end, winner, reason
    if end is MatchEnd.TARGET:
        raise RecordError(
            f"the record says the match ended at the target {match.target}, but the replay ends at "
            f"{_pair(match.scores)} with no partnership there"
        )
    return end, winner, reason


def _check_outcome(
    end: MatchEnd | None, winner: int | None, reason: str | None, target_winner: int | None
) -> None:
    if end is not None and not isinstance(end, MatchEnd):
        raise RecordError(f"the match end must be a MatchEnd or None, not {end!r}")
    if winner is not None and (isinstance(winner, bool) or winner not in (0, 1)):
        raise RecordError(f"the winner must be partnership 0 or 1 (or null), not {winner!r}")
    if reason is not None and not isinstance(reason, str):
        raise RecordError(f"the reason must be text, not {reason!r}")
    if target_winner is not None:
        if end is not MatchEnd.TARGET or winner != target_winner:
            raise RecordError(
                f"partnership {target_winner} reached the target: the match ended there, won by it"
            )
        return
    if end is MatchEnd.TARGET:
        raise RecordError("the match cannot have ended at the target: no partnership reached it")
    if end is None:
        if winner is not None or reason is not None:
            raise RecordError("an unfinished match has no winner and no reason: give an end to set them")
    elif end is MatchEnd.ABANDONED:
        if winner is not None:
            raise RecordError("an abandoned match has no winner (a forfeit awards the match)")
        if not reason:
            raise RecordError("an abandoned match needs a reason")
    elif end is MatchEnd.FORFEIT:
        if winner is None:
            raise RecordError("a forfeited match needs its winner, partnership 0 or 1")
        if not reason:
            raise RecordError("a forfeited match needs a reason")


# ---------------------------------------------------------------------- shapes
def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "a boolean", type(None): "null"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return f"{name} ({json.dumps(value)[:40]})" if kind is str else name
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def _check_keys(
    obj: dict[str, Any],
    allowed: Sequence[str],
    required: Sequence[str],
    what: str,
    *,
    hand: int | None = None,
    play: int | None = None,
) -> None:
    for key in required:
        if key not in obj:
            raise RecordError(f"{what} has no {key!r} field", hand=hand, play=play)
    for key in obj:
        if key not in allowed:
            raise RecordError(
                f"{what} has an unknown field {key!r} (fields: {', '.join(allowed)})", hand=hand, play=play
            )


def _as_players(raw: Any) -> tuple[str, str, str, str]:
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence) or len(raw) != NUM_SEATS:
        raise RecordError(
            f"'players' must name the four seats' players, e.g. ['human', 'greedy', ...], not {raw!r}"
        )
    _check_players(raw)
    return raw[0], raw[1], raw[2], raw[3]


def _check_players(players: Sequence[Any]) -> None:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or len(players) != NUM_SEATS:
        raise RecordError(f"'players' must name the players of the four seats, not {players!r}")
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise RecordError(f"seat {seat}'s player must be named by text, not {name!r}")


def _check_metadata(metadata: Any) -> None:
    if not isinstance(metadata, Mapping):
        raise RecordError(f"'metadata' must be an object of text values, not {_kind(metadata)}")
    for key, value in metadata.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise RecordError(f"'metadata' values must be text: {key!r} is {value!r}")


def _seat_field(raw: Any, h: int, p: int | None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < NUM_SEATS:
        raise RecordError(f"'seat' must be a seat 0..3, not {raw!r}", hand=h, play=p)
    return raw


def _int_pair(raw: Any, what: str, *, hand: int | None) -> tuple[int, int]:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in raw)
    ):
        raise RecordError(f"{what} must be two whole numbers [seats 0+2, seats 1+3], not {raw!r}", hand=hand)
    return raw[0], raw[1]


def _parse_deal(raw: Any, h: int) -> list[list[Tile]]:
    if not isinstance(raw, list) or len(raw) != NUM_SEATS:
        raise DealError(f"'deal' must list the tiles of the four seats, not {_kind(raw)}", hand=h)
    deal: list[list[Tile]] = []
    for seat, tiles in enumerate(raw):
        if not isinstance(tiles, list):
            raise DealError(
                f'seat {seat}\'s tiles must be a list like ["0-0", "1-3"], not {_kind(tiles)}', hand=h
            )
        parsed = []
        for text in tiles:
            try:
                parsed.append(_parse_tile(text))
            except SevenRocksError as err:
                raise DealError(f"seat {seat}'s deal: {err.reason}", hand=h) from None
        deal.append(parsed)
    return deal


_TILE_BY_TEXT: Final = {str(tile): tile for tile in TILES}


def _parse_tile(text: Any) -> Tile:
    """``Tile.parse`` with a fast path for the canonical spelling records use."""
    tile = _TILE_BY_TEXT.get(text) if isinstance(text, str) else None
    return tile if tile is not None else Tile.parse(text)


@functools.lru_cache(maxsize=8192)
def _parse_play(text: str) -> Play:
    """``Play.parse``, remembered (plays are shared immutable objects; errors are not cached)."""
    return Play.parse(text)


def _how(result: HandResult) -> str:
    if result.end is HandEnd.DOMINO:
        return f"seat {result.finisher} dominoed"
    if result.end is HandEnd.BLOCKED:
        return "it was blocked"
    return "the target was reached"


def _pair(scores: Sequence[int]) -> str:
    return f"{scores[0]} to {scores[1]}"


def _values(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


# ---------------------------------------------------------------------- text
def _pretty(value: Any, level: int, width: int = 100) -> str:
    """JSON text with small lists and objects kept on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + 2 * level <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, level + 1, width)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
    items = [pad + _pretty(v, level + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * level + "]"


def parse_record(text: str | bytes) -> MatchRecord:
    """Parse and check a match record given as JSON text (see :meth:`MatchRecord.from_json`)."""
    from sevenrocks.core.script import load_json

    return MatchRecord.from_json(load_json(text))


def load_record(path: str | os.PathLike[str]) -> MatchRecord:
    """Read, parse and check the match record at ``path``.

    Raises :class:`RecordError` for a missing or unreadable file, text that is not JSON, or
    a file that is not a match record of a supported version; the errors of
    :meth:`MatchRecord.from_json` for bad content.
    """
    source = Path(path)
    try:
        text = source.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"no such file: {source}") from None
    except IsADirectoryError:
        raise RecordError(f"{source} is a folder, not a match record") from None
    except OSError as err:
        raise RecordError(f"cannot read {source}: {err.strerror or err}") from None
    return parse_record(text)
