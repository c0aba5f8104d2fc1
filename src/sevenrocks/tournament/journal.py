"""The results journal that lets a long tournament be stopped and resumed.

Next to its match records a tournament writes ``results.jsonl``: a first line with the
settings that decide the matches (entrants, seed, the game with its options and seats, target,
think time, bot time-out), then one line per finished match with everything its statistics
need — the winner, scores, points, deductions, awards, written points, draws, goats, blocks,
forfeit and every think time. Each line is flushed to disk as its match
ends, so after an interruption (Ctrl-C, a crash, the machine stopping) the finished matches
are kept; ``sevenrocks tournament --resume FOLDER`` plays only the others, and its figures
cover the whole tournament. A last line cut short by a crash is dropped (that match is
played again); anything else malformed is an error naming the line, and the file is left as
it is. Journals of version 1 (Seven Rocks only, before the family of games) are read as Seven
Rocks tournaments.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> config = TournamentConfig("greedy", "random", matches=4, seed=7, records=folder)
>>> with Journal.open(config) as journal:
...     pass
>>> read_journal(folder).settings["team1"]
'random'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final, Self

from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.tournament.model import MatchSummary, TournamentConfig, record_path, seat_plans

__all__ = [
    "JOURNAL_FORMAT",
    "JOURNAL_NAME",
    "Journal",
    "JournalContents",
    "JournalError",
    "config_settings",
    "read_journal",
    "resume_config",
    "summary_from_json",
    "summary_to_json",
]

JOURNAL_NAME: Final = "results.jsonl"
JOURNAL_FORMAT: Final = "sevenrocks-tournament-journal"
JOURNAL_VERSION: Final = 2
#: The settings that decide what the matches are; a resumed tournament must keep every one.
SETTINGS: Final = ("team0", "team1", "seed", "target", "think", "bot_timeout", "game", "options", "seats")
#: The settings of a version 1 journal (Seven Rocks, four seats).
SETTINGS_V1: Final = SETTINGS[:6]


class JournalError(ValueError):
    """A results journal that cannot be read or does not fit the tournament (the message says why)."""


def config_settings(config: TournamentConfig) -> dict[str, Any]:
    """The settings of ``config`` that a resumed tournament must keep."""
    values = {name: getattr(config, name) for name in SETTINGS if name != "options"}
    return {**values, "options": dict(config.game_options)}


def summary_to_json(summary: MatchSummary) -> dict[str, Any]:
    """One match's line of the journal (think times to the microsecond)."""
    return {
        "type": "match",
        "index": summary.index,
        "winner_side": summary.winner_side,
        "scores_by_side": list(summary.scores_by_side),
        "hands": summary.hands,
        "blocks": summary.blocks,
        "points_by_side": list(summary.points_by_side),
        "deductions_by_side": list(summary.deductions_by_side),
        "think_by_side": [[round(t, 6) for t in times] for times in summary.think_by_side],
        "forfeit": summary.forfeit,
        "record": summary.record,
        "players": list(summary.players),
        "awards_by_side": list(summary.awards_by_side),
        "written_by_side": list(summary.written_by_side),
        "drawn_by_side": list(summary.drawn_by_side),
        "goats_by_side": list(summary.goats_by_side),
        "generals_by_side": list(summary.generals_by_side),
        "nakeds_by_side": list(summary.nakeds_by_side),
    }


def _field(data: Mapping[str, Any], name: str, check: Any, what: str) -> Any:
    value = data.get(name)
    if not check(value):
        raise ValueError(f"'{name}' must be {what}, not {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _int_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _times(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(
            isinstance(side, list)
            and all(isinstance(t, int | float) and not isinstance(t, bool) and t >= 0 for t in side)
            for side in value
        )
    )


def _pair_or_zero(data: Mapping[str, Any], name: str, what: str) -> tuple[int, int]:
    """A pair of figures a version 1 journal line does not have (then zeros)."""
    if name not in data:
        return (0, 0)
    value = _field(data, name, _int_pair, what)
    return (value[0], value[1])


def summary_from_json(data: Any, group: int = 2) -> MatchSummary:
    """A match read back from its journal line (``group``: the matches of one set of deals);
    :class:`ValueError` says what is wrong."""
    if not isinstance(data, dict) or data.get("type") != "match":
        raise ValueError('a match line must be an object with "type": "match"')
    index = _field(data, "index", _is_int, "a match number from 0")
    winner = _field(data, "winner_side", lambda v: v in (0, 1, None), "0, 1 or null")
    forfeit = _field(
        data,
        "forfeit",
        lambda v: v is None or (isinstance(v, dict) and v.get("side") in ("team0", "team1")),
        "null or a forfeit object with a side",
    )
    record = _field(data, "record", lambda v: v is None or isinstance(v, str), "null or a path")
    think = _field(data, "think_by_side", _times, "two lists of seconds")
    players = _field(
        data,
        "players",
        lambda v: isinstance(v, list) and len(v) in (0, 2, 3, 4) and all(isinstance(p, str) for p in v),
        "the players of the seats",
    )
    return MatchSummary(
        index=index,
        pair=index // group,
        swapped=bool(index % group % 2),
        rotation=index % group,
        awards_by_side=_pair_or_zero(data, "awards_by_side", "two awards"),
        written_by_side=_pair_or_zero(data, "written_by_side", "two written totals"),
        drawn_by_side=_pair_or_zero(data, "drawn_by_side", "two numbers of tiles drawn"),
        goats_by_side=_pair_or_zero(data, "goats_by_side", "two numbers of goats"),
        generals_by_side=_pair_or_zero(data, "generals_by_side", "two numbers of Generals"),
        nakeds_by_side=_pair_or_zero(data, "nakeds_by_side", "two numbers of nakeds"),
        winner_side=winner,
        scores_by_side=tuple(_field(data, "scores_by_side", _int_pair, "two scores")),
        hands=_field(data, "hands", _is_int, "a number of hands"),
        blocks=_field(data, "blocks", _is_int, "a number of blocks"),
        points_by_side=tuple(_field(data, "points_by_side", _int_pair, "two point totals")),
        deductions_by_side=tuple(_field(data, "deductions_by_side", _int_pair, "two deductions")),
        think_by_side=(tuple(map(float, think[0])), tuple(map(float, think[1]))),
        forfeit=forfeit,
        record=record,
        players=tuple(players),
    )


@dataclass(frozen=True)
class JournalContents:
    """What a journal holds: the tournament's settings and its finished matches by number.

    ``torn`` is true when the last line was cut short (by a crash while it was written);
    ``missing_records`` are matches in the journal whose record file is gone (they are
    played again).
    """

    settings: dict[str, Any]
    matches: int
    workers: int
    done: dict[int, MatchSummary]
    torn: bool
    missing_records: tuple[int, ...]


def read_journal(folder: Path) -> JournalContents:
    """Read ``folder``'s journal, checking every line; :class:`JournalError` names what is wrong."""
    path = folder / JOURNAL_NAME
    if not folder.is_dir():
        raise JournalError(f"{folder} is not a folder of a tournament")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise JournalError(
            f"{folder} has no {JOURNAL_NAME}, so it is not a tournament that can be resumed"
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise JournalError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    lines = text.split("\n")
    # after the last newline there is nothing, unless a line was being written when the run stopped
    torn = lines.pop() != ""
    if not lines:
        raise JournalError(f"{path} is empty: it does not say which tournament it belongs to")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as err:
        raise JournalError(f"{path}, line 1: not JSON ({err.msg})") from None
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise JournalError(f"{path}, line 1: not a sevenrocks tournament journal")
    version = header.get("version")
    if version not in (1, JOURNAL_VERSION):
        raise JournalError(
            f"{path}: journal version {version!r}; this sevenrocks reads versions 1 and {JOURNAL_VERSION}"
        )
    settings = header.get("settings")
    matches = header.get("matches")
    expected = SETTINGS_V1 if version == 1 else SETTINGS
    if not isinstance(settings, dict) or set(settings) != set(expected) or not isinstance(matches, int):
        raise JournalError(f"{path}, line 1: the tournament's settings are incomplete")
    if version == 1:  # Seven Rocks, before the family of games
        settings = {**settings, "game": DEFAULT_GAME, "options": {"target": settings["target"]}, "seats": 4}
    try:
        group = len(seat_plans(int(settings["seats"])))
    except (KeyError, TypeError, ValueError):
        raise JournalError(f"{path}, line 1: 'seats' must be 2, 3 or 4, not {settings['seats']!r}") from None
    done: dict[int, MatchSummary] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            summary = summary_from_json(json.loads(line), group)
        except json.JSONDecodeError as err:
            raise JournalError(f"{path}, line {number}: not JSON ({err.msg})") from None
        except ValueError as err:
            raise JournalError(f"{path}, line {number}: {err}") from None
        if summary.index in done:
            raise JournalError(f"{path}, line {number}: match {summary.index + 1} is there twice")
        done[summary.index] = summary
    missing = tuple(
        sorted(i for i, s in done.items() if s.record is not None and not record_path(folder, i).is_file())
    )
    for index in missing:
        del done[index]
    workers = header.get("workers", 1)
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise JournalError(f"{path}, line 1: 'workers' must be a number of processes, not {workers!r}")
    return JournalContents(settings, matches, workers, done, torn, missing)


def resume_config(
    folder: Path, *, workers: int | None = None, matches: int | None = None
) -> tuple[TournamentConfig, JournalContents]:
    """The tournament saved in ``folder`` and what it has done, to go on with ``workers``
    processes (by default as many as its last run) up to ``matches`` matches (by default the
    number it was started with)."""
    contents = read_journal(folder)
    s = contents.settings
    total = contents.matches if matches is None else matches
    played = max(contents.done, default=-1) + 1
    if total < played:
        raise JournalError(
            f"{folder} already holds match {played}; a resumed tournament cannot have fewer "
            f"matches than that (asked for {total})"
        )
    try:
        options = s["options"]
        if not isinstance(options, dict):
            raise ValueError(f"the setting 'options' is {options!r}")
        config = TournamentConfig(
            team0=_setting(s, "team0", str),
            team1=_setting(s, "team1", str),
            matches=total,
            seed=_setting(s, "seed", int),
            target=None if s["target"] is None else _setting(s, "target", int),
            workers=contents.workers if workers is None else workers,
            think=None if s["think"] is None else float(_setting(s, "think", int | float)),
            bot_timeout=float(_setting(s, "bot_timeout", int | float)),
            records=folder,
            game=_setting(s, "game", str),
            game_options=options,
            seats=_setting(s, "seats", int),
        )
    except ValueError as err:
        raise JournalError(f"{folder / JOURNAL_NAME}, line 1: {err}") from None
    return config, contents


def _setting(settings: Mapping[str, Any], name: str, kind: Any) -> Any:
    value = settings[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(f"the setting {name!r} is {value!r}")
    return value


class Journal:
    """A journal open for appending: :meth:`open` starts one or continues one, :meth:`add` writes a match."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def open(cls, config: TournamentConfig, done: Mapping[int, MatchSummary] | None = None) -> Self:
        """Start ``config``'s journal in its records folder, or (``done`` given) write it again with
        just those matches — so a torn line or a match without its record is gone — and go on.

        Starting afresh in a folder that already has a journal is refused, so that no results
        are lost: resume that tournament or choose another folder.
        """
        if config.records is None:
            raise JournalError("a journal needs a records folder")
        path = config.records / JOURNAL_NAME
        if done is None and path.exists():
            raise JournalError(
                f"{config.records} already holds a tournament's results: resume it or choose another folder"
            )
        header = {
            "format": JOURNAL_FORMAT,
            "version": JOURNAL_VERSION,
            "matches": config.matches,
            "workers": config.workers,
            "settings": config_settings(config),
        }
        done = done or {}
        lines = [json.dumps(header)] + [json.dumps(summary_to_json(done[i])) for i in sorted(done)]
        temporary = path.with_suffix(".jsonl.new")
        try:
            config.records.mkdir(parents=True, exist_ok=True)
            temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            os.replace(temporary, path)  # the old journal stays whole until the new one is complete
            handle = path.open("a", encoding="utf-8")
        except OSError as err:
            raise JournalError(f"cannot write {path}: {err.strerror or err}") from None
        return cls(path, handle)

    def add(self, summary: MatchSummary) -> None:
        """Append one finished match and push it to the disk."""
        self._handle.write(json.dumps(summary_to_json(summary)) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        """Close the file."""
        self._handle.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
