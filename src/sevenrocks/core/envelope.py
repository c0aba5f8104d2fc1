"""What every match record shares, whatever the shape of its hands: the envelope and the file.

A record of a layout game (:class:`~sevenrocks.core.record.MatchRecord`) and a record of Sausage
(:class:`~sevenrocks.core.sausage.SausageRecord`) keep their hands differently, but around them stand
the same fields — ``format``, ``version``, ``seed``, ``players``, ``metadata`` and the match's
``result`` — checked with the same words, and the same file handling: an atomic save and a read
whose failures name the path. Both record modules build on this one; it is not part of the public
API (import :mod:`sevenrocks.core.record` instead, which re-exports :data:`FORMAT`, :data:`VERSION`
and :class:`MatchEnd`).

>>> check_record_object({"format": "sevenrocks-match"})
{'format': 'sevenrocks-match'}
>>> check_record_object({"hands": []})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.RecordError: not a Seven Rocks match record: ... (a conformance script? ...)
>>> json_kind([1]), json_kind("a"), json_kind(None)
('a list', 'text ("a")', 'null')
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import Field, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from sevenrocks.core.errors import RecordError
from sevenrocks.core.games import Outcome, Rules
from sevenrocks.core.report import outcome_json

__all__ = [
    "FORMAT",
    "TOP_KEYS",
    "TOP_REQUIRED",
    "VERSION",
    "MatchEnd",
    "RecordEnvelope",
    "as_players",
    "check_keys",
    "check_metadata",
    "check_outcome",
    "check_players",
    "check_record_object",
    "check_seed",
    "ended_text",
    "has_bool",
    "json_kind",
    "number_word",
    "parse_result",
    "pretty_json",
    "read_record_file",
    "record_body",
    "save_text",
    "scores_text",
    "side_range",
    "who",
]

#: The value of the ``format`` field of every match record.
FORMAT: Final = "sevenrocks-match"
#: The record format version the project writes.
VERSION: Final = 2

#: The top-level fields of a record of version 2, and those it must have.
TOP_KEYS: Final = (
    "format",
    "version",
    "game",
    "options",
    "seats",
    "target",
    "seed",
    "players",
    "metadata",
    "hands",
    "scores",
    "result",
)
TOP_REQUIRED: Final = ("format", "version", "game", "seats", "players", "hands")

_NUMBERS: Final = {1: "one", 2: "two", 3: "three", 4: "four"}

LogT = TypeVar("LogT")


class MatchEnd(Enum):
    """How a match ended."""

    TARGET = "target"
    """The game's own rules ended the match (a target reached, a goat found, the last deal of a
    fixed number played, the one hand of picture dominoes): its winners are the rules' outcome.
    The value keeps the name of version 1, where the only way was a partnership at the target."""
    ABANDONED = "abandoned"
    """Stopped early with no winner (by agreement, a lost connection...); ``reason`` says why."""
    FORFEIT = "forfeit"
    """Stopped early and awarded to ``winner`` (e.g. the other side left or broke a rule)."""

    def __str__(self) -> str:
        return self.value


class RecordEnvelope(ABC, Generic[LogT]):
    """What the two record classes share, for a frozen dataclass with the envelope's fields: their
    checks on construction (:meth:`_check_envelope`), equality-consistent hashing, the copies
    :meth:`with_end` and :meth:`with_metadata`, :meth:`save`, and iterating over the hands (``LogT``:
    the log of one hand)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    players: tuple[str, ...]
    hands: tuple[LogT, ...]
    options: Mapping[str, Any]
    seed: int | None
    metadata: Mapping[str, str]
    end: MatchEnd | None
    winner: int | None
    reason: str | None
    outcome: Outcome | None
    _rules: Rules

    def _check_envelope(self, rules: Rules) -> None:
        """Keep ``rules`` (with the options completed) and check and freeze the fields every record has."""
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "options", dict(rules.options))
        check_seed(self.seed)
        check_players(self.players, rules.seats)
        check_metadata(self.metadata)
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "metadata", dict(self.metadata))
        object.__setattr__(self, "hands", tuple(self.hands))
        check_outcome(rules, self.end, self.winner, self.reason, self.outcome, self.scores)

    def __hash__(self) -> int:
        """A hash over the compared fields (mappings by their sorted items); the dataclass sets
        ``__hash__ = RecordEnvelope.__hash__`` to keep it."""
        return hash(
            tuple(
                tuple(sorted(value.items())) if isinstance(value, Mapping) else value
                for value in (getattr(self, f.name) for f in fields(self) if f.compare)
            )
        )

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The scores at the end of the record."""

    @property
    @abstractmethod
    def target(self) -> int | None:
        """The game's target with these options, or ``None`` for a game without one."""

    @abstractmethod
    def dumps(self) -> str:
        """The record as JSON text, ending in a newline."""

    @abstractmethod
    def _hand_json(self, h: int, log: LogT) -> dict[str, Any]:
        """Hand ``h`` (its log ``log``) as the record writes it."""

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-ready data: version 2 of ``docs/record-format.md`` (a Sausage
        record: its section "Sausage")."""
        result: dict[str, Any] = {
            "end": self.end.value if self.end is not None else None,
            "winner": outcome_json(self.outcome) if self.outcome is not None else self.winner,
            "reason": self.reason,
        }
        if self.outcome is not None and self.outcome.goats:
            result["goats"] = list(self.outcome.goats)
        rules = self._rules
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": rules.game,
            "options": dict(self.options),
            "seats": rules.seats,
            "target": self.target,
            "seed": self.seed,
            "players": list(self.players),
            "metadata": dict(self.metadata),
            "hands": [self._hand_json(h, log) for h, log in enumerate(self.hands)],
            "scores": list(self.scores),
            "result": result,
        }

    @property
    def rules(self) -> Rules:
        """The rules the match is played by (the game with its options and seats)."""
        return self._rules

    @property
    def sides(self) -> int:
        """The number of sides (scores): 2 with partnerships, else one per seat."""
        return self._rules.sides

    @property
    def is_finished(self) -> bool:
        """True once the match has ended: by its rules, abandoned or forfeited."""
        return self.end is not None

    def __iter__(self) -> Iterator[LogT]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    def with_end(self, end: MatchEnd | None, *, winner: int | None = None, reason: str | None = None) -> Self:
        """A copy of this record ended early (``ABANDONED`` or ``FORFEIT``), or reopened with ``None``.

        >>> from sevenrocks.core.match import Match
        >>> from sevenrocks.core.record import MatchRecord
        >>> match = Match(seed=1)
        >>> match.start_hand()
        >>> record = MatchRecord.from_match(match).with_end(MatchEnd.FORFEIT, winner=1, reason="seat 0 left")
        >>> record.to_json()["result"]
        {'end': 'forfeit', 'winner': 1, 'reason': 'seat 0 left'}
        """
        return replace(self, end=end, winner=winner, reason=reason)

    def with_metadata(self, **items: str) -> Self:
        """A copy of this record with ``items`` added to (or replacing entries of) its metadata."""
        return replace(self, metadata={**self.metadata, **items})

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the record to ``path`` atomically and return the path (see :func:`save_text`)."""
        return save_text(path, self.dumps())


# ---------------------------------------------------------------------- words
def number_word(n: int) -> str:
    """``n`` in words for the small numbers a record counts (seats, sides), else in digits.

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return _NUMBERS.get(n, str(n))


def json_kind(value: Any) -> str:
    """What kind of JSON value ``value`` is, for an error message (text is quoted, shortened)."""
    names = {dict: "an object", list: "a list", str: "text", bool: "a boolean", type(None): "null"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return f"{name} ({json.dumps(value)[:40]})" if kind is str else name
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def scores_text(scores: Sequence[int]) -> str:
    """Scores in words: ``12 to 40`` for two sides, else listed.

    >>> scores_text((12, 40)), scores_text((1, 2, 3))
    ('12 to 40', '1, 2, 3')
    """
    if len(scores) == 2:
        return f"{scores[0]} to {scores[1]}"
    return ", ".join(str(s) for s in scores)


def who(rules: Rules) -> str:
    """What a side is called under ``rules``: ``partnership`` or ``seat``."""
    return "partnership" if rules.partnerships else "seat"


def side_range(rules: Rules) -> str:
    """``partnership 0 or 1``, ``seat 0, 1 or 2``..."""
    numbers = [str(s) for s in range(rules.sides)]
    return f"{who(rules)} {', '.join(numbers[:-1])} or {numbers[-1]}"


def ended_text(rules: Rules, outcome: Outcome, scores: Sequence[int], *, number: bool = False) -> str:
    """How the rules ended a match, in words (``partnership 0 reached the target``)."""
    side = who(rules)
    if outcome.is_draw:
        return "the match ended in a draw"
    if outcome.goats:
        goats = " and ".join(f"{side} {g}" for g in outcome.goats)
        return f"{goats} {'is the goat' if len(outcome.goats) == 1 else 'are goats'}"
    winners = " and ".join(f"{side} {w}" for w in outcome.winners)
    target = rules.ending.target
    if target is not None and all(scores[w] >= target for w in outcome.winners):
        return f"{winners} reached the target" + (f" {target}" if number else "")
    return f"{winners} won"


# ---------------------------------------------------------------------- shapes
def has_bool(value: Any) -> bool:
    """True when ``value`` is or holds (in lists, at any depth) ``true``/``false``, which would equal
    1 and 0 in a comparison with the replay.

    >>> has_bool([1, [0, True]]), has_bool([1, 2])
    (True, False)
    """
    if isinstance(value, bool):
        return True
    if isinstance(value, list):
        return any(has_bool(v) for v in value)
    return False


def check_keys(
    obj: dict[str, Any],
    allowed: Sequence[str],
    required: Sequence[str],
    what: str,
    *,
    hand: int | None = None,
    play: int | None = None,
) -> None:
    """:class:`RecordError` for a field of ``required`` missing from ``obj``, or one not ``allowed``."""
    for key in required:
        if key not in obj:
            raise RecordError(f"{what} has no {key!r} field", hand=hand, play=play)
    for key in obj:
        if key not in allowed:
            raise RecordError(
                f"{what} has an unknown field {key!r} (fields: {', '.join(allowed)})", hand=hand, play=play
            )


def check_players(players: Sequence[Any], seats: int) -> None:
    """:class:`RecordError` unless ``players`` names, by text, the player of each of ``seats`` seats."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or len(players) != seats:
        raise RecordError(
            f"'players' must name the players of the {number_word(seats)} seats, not {players!r}"
        )
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise RecordError(f"seat {seat}'s player must be named by text, not {name!r}")


def as_players(raw: Any, seats: int) -> tuple[str, ...]:
    """A record's (or a caller's) ``players`` for ``seats`` seats, checked, as a tuple."""
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence) or len(raw) != seats:
        raise RecordError(
            f"'players' must name the {number_word(seats)} seats' players, "
            f"e.g. ['human', 'greedy', ...], not {raw!r}"
        )
    check_players(raw, seats)
    return tuple(raw)


def check_metadata(metadata: Any) -> None:
    """:class:`RecordError` unless ``metadata`` maps text to text."""
    if not isinstance(metadata, Mapping):
        raise RecordError(f"'metadata' must be an object of text values, not {json_kind(metadata)}")
    for key, value in metadata.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise RecordError(f"'metadata' values must be text: {key!r} is {value!r}")


def check_seed(seed: Any) -> int | None:
    """``seed`` when it is a whole number or ``None``; :class:`RecordError` otherwise."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"'seed' must be a whole number or null, not {seed!r}")
    return seed


def check_record_object(data: Any) -> dict[str, Any]:
    """``data`` when it is a JSON object with the records' ``format``; :class:`RecordError` otherwise
    (with a hint when it looks like a conformance script)."""
    if not isinstance(data, dict):
        raise RecordError(f"a match record is a JSON object with 'format': {FORMAT!r}, not {json_kind(data)}")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(
            f"not a Seven Rocks match record: 'format' is {fmt!r}, expected {FORMAT!r}"
            + (" (a conformance script? use 'sevenrocks replay')" if fmt is None and "hands" in data else "")
        )
    return data


def record_body(
    data: dict[str, Any], seats: int, unit: str
) -> tuple[tuple[str, ...], dict[str, str], list[Any]]:
    """A record's ``players`` (one per seat), ``metadata`` (null read as empty) and ``hands`` (a list
    of ``unit``, e.g. ``"deals"``), checked."""
    players = as_players(data["players"], seats)
    metadata = data.get("metadata", {})
    if metadata is None:
        metadata = {}
    check_metadata(metadata)
    hands = data["hands"]
    if not isinstance(hands, list):
        raise RecordError(f"'hands' must be a list of {unit}, not {json_kind(hands)}")
    return players, dict(metadata), hands


# ---------------------------------------------------------------------- the match's result
def parse_result(raw: Any, keys: Sequence[str]) -> tuple[dict[str, Any], MatchEnd | None]:
    """A record's match ``result`` object (null read as empty), its fields among ``keys``, and its
    ``end``; the winner and reason are the caller's to check against the replay."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError(f"'result' must be an object with end, winner and reason, not {json_kind(raw)}")
    check_keys(raw, keys, (), "the match 'result'")
    end_text = raw.get("end")
    try:
        end = MatchEnd(end_text) if end_text is not None else None
    except (ValueError, TypeError):
        raise RecordError(
            f"the match result's 'end' must be 'target', 'abandoned', 'forfeit' or null, not {end_text!r}"
        ) from None
    return raw, end


def check_outcome(
    rules: Rules,
    end: MatchEnd | None,
    winner: int | None,
    reason: str | None,
    outcome: Outcome | None,
    scores: Sequence[int],
) -> None:
    """:class:`RecordError` unless a record's ``end``, ``winner``, ``reason`` and the rules' ``outcome``
    agree with each other and with the final ``scores``."""
    if end is not None and not isinstance(end, MatchEnd):
        raise RecordError(f"the match end must be a MatchEnd or None, not {end!r}")
    sides = side_range(rules)
    if winner is not None and (
        isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < rules.sides
    ):
        raise RecordError(f"the winner must be {sides} (or null), not {winner!r}")
    if reason is not None and not isinstance(reason, str):
        raise RecordError(f"the reason must be text, not {reason!r}")
    if outcome is not None:
        if not isinstance(outcome, Outcome):
            raise RecordError(f"the outcome must be an Outcome or None, not {outcome!r}")
        if end is not MatchEnd.TARGET or winner != outcome.winner:
            won = ", won by it" if outcome.winner is not None and not outcome.goats else ""
            raise RecordError(f"{ended_text(rules, outcome, scores)}: the match ended there{won}")
        return
    if end is MatchEnd.TARGET:
        if rules.ending.target is not None:
            raise RecordError(f"the match cannot have ended at the target: no {who(rules)} reached it")
        raise RecordError(f"the match cannot have ended by the rules of {rules.game}: they have not ended it")
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
            raise RecordError(f"a forfeited match needs its winner, {sides}")
        if not reason:
            raise RecordError("a forfeited match needs a reason")


# ---------------------------------------------------------------------- text and files
def pretty_json(value: Any, level: int = 0, width: int = 100) -> str:
    """JSON text with small lists and objects kept on one line (of at most ``width`` characters).

    >>> print(pretty_json({"a": [1, 2], "b": "x" * 20}, width=20))
    {
      "a": [1, 2],
      "b": "xxxxxxxxxxxxxxxxxxxx"
    }
    """
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + 2 * level <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {pretty_json(v, level + 1, width)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
    items = [pad + pretty_json(v, level + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * level + "]"


def save_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write the match record ``text`` to ``path`` atomically and return the path.

    The text goes to a temporary file beside ``path`` that is flushed to disk and then renamed over
    it, so a failure never leaves a half-written record nor clobbers an existing one. Missing parent
    folders are created. Raises :class:`RecordError` naming the path when it cannot write.
    """
    target = Path(path)
    data = text.encode("utf-8")
    tmp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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


def read_record_file(path: str | os.PathLike[str], what: str = "a match record") -> bytes:
    """The bytes of the match record (or script) at ``path``; :class:`RecordError` for a missing file,
    a folder (which is not ``what``) or a file that cannot be read."""
    source = Path(path)
    try:
        return source.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"no such file: {source}") from None
    except IsADirectoryError:
        raise RecordError(f"{source} is a folder, not {what}") from None
    except OSError as err:
        raise RecordError(f"cannot read {source}: {err.strerror or err}") from None
