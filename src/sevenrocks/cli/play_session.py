"""What ``sevenrocks play`` shares between its two loops (the layout games' and Sausage's).

The person's seat (:data:`HUMAN`), the two ways a match stops early (:class:`PlayerQuit`,
:class:`BotFailed`), reading one answer from standard input (:func:`read_answer`), and the match
record's life in the terminal (:class:`RecordSaver`): its path chosen from ``--record``,
``--no-record`` and ``--overwrite``, a first save before play, a save after every hand, and the last
save when the match ends, is quit or a bot forfeits (:meth:`RecordSaver.play_out`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NoReturn, Protocol

import typer
from rich.console import Console

from sevenrocks import __version__
from sevenrocks.cli.wrap import say
from sevenrocks.core.envelope import MatchEnd, RecordEnvelope
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.i18n import N_, translation
from sevenrocks.messages import translate

__all__ = ["HUMAN", "BotFailed", "PlayerQuit", "RecordSaver", "default_record_path", "read_answer"]

#: The seat of the person at the terminal.
HUMAN: Final = 0


class PlayerQuit(Exception):
    """The person quit (``q``) or standard input ended."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class BotFailed(Exception):
    """A bot raised an error or chose a placement that is not legal."""

    def __init__(self, seat: int, template: str, /, **params: object) -> None:
        self.seat = seat
        #: the English reason (kept in the record); :meth:`translated` for the player
        self.reason = template.format(**params)
        self.template = template
        self.params = params
        super().__init__(self.reason)

    @classmethod
    def crashed(cls, seat: int, names: Sequence[str], error: Exception) -> BotFailed:
        """The bot at ``seat`` raised ``error`` (a bot is outside code: any failure forfeits).

        >>> BotFailed.crashed(1, ["human", "random"], ValueError("boom")).reason
        'seat 1 (random) failed: boom'
        """
        return cls(seat, N_("seat {seat} ({name}) failed: {error}"), seat=seat, name=names[seat], error=error)

    def translated(self, lang: str) -> str:
        """The reason in ``lang``."""
        return translate(self.template, self.params, lang)


def read_answer(console: Console, prompt: str) -> str:
    """Print ``prompt``, read one line of standard input and return it stripped (echoed when piped, so
    the transcript reads well). :class:`PlayerQuit` when the input ends or the person types ``q``."""
    say(console, prompt, end="")
    line = sys.stdin.readline()
    if not line:
        console.print()
        raise PlayerQuit(N_("the input ended"))
    text = line.strip()
    if not sys.stdin.isatty():
        say(console, text, highlight=False)
    if text.lower() in ("q", "quit", "exit"):
        raise PlayerQuit(N_("the player at seat 0 quit"))
    return text


def default_record_path(seed: int, game: str = DEFAULT_GAME) -> Path:
    """``matches/sevenrocks-[GAME-]TIME-seedS.json`` (the game named unless Seven Rocks), numbered
    when that file exists."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    if game != DEFAULT_GAME:
        stamp = f"{game}-{stamp}"
    base = Path("matches") / f"sevenrocks-{stamp}-seed{seed}"
    path = base.with_suffix(".json")
    n = 1
    while path.exists():
        n += 1
        path = Path(f"{base}-{n}.json")
    return path


class RecordOf(Protocol):
    """The record of the match being played (a record class's ``from_match`` bound to the match)."""

    def __call__(
        self,
        *,
        players: Sequence[str],
        metadata: Mapping[str, str],
        end: MatchEnd | None,
        winner: int | None,
        reason: str | None,
    ) -> RecordEnvelope[Any]: ...


class RecordSaver:
    """Saves the record of a match played in the terminal (nothing with ``--no-record``).

    Building one checks the record options and prints an error and exits with code 2 when they
    disagree or the file exists without ``--overwrite``.
    """

    def __init__(
        self,
        record_of: RecordOf,
        players: Sequence[str],
        *,
        record: Path | None,
        no_record: bool,
        overwrite: bool,
        default: Callable[[], Path],
        err: Console,
        lang: str,
    ) -> None:
        self._record_of = record_of
        self._players = tuple(players)
        self._err = err
        self._ = translation(lang).gettext
        self._lang = lang
        if no_record and record is not None:
            self._fail(self._("error: give --record PATH or --no-record, not both"))
        self.path = None if no_record else record if record is not None else default()
        if self.path is not None and self.path.exists() and not overwrite:
            self._fail(
                self._(
                    "error: {path} already exists: choose another --record path, or pass --overwrite"
                ).format(path=self.path)
            )
        created = datetime.now(UTC).isoformat(timespec="seconds")
        self._metadata = {"created": created, "program": f"sevenrocks {__version__} play"}

    def _fail(self, message: str) -> NoReturn:
        say(self._err, message)
        raise typer.Exit(2)

    def save(self, end: MatchEnd | None = None, reason: str | None = None, winner: int | None = None) -> None:
        """Save the record as the match stands, ended by ``end`` when given; :class:`SevenRocksError`
        when it cannot be written."""
        if self.path is not None:
            self._record_of(
                players=self._players, metadata=self._metadata, end=end, reason=reason, winner=winner
            ).save(self.path)

    def save_or_exit(
        self, end: MatchEnd | None = None, reason: str | None = None, winner: int | None = None
    ) -> None:
        """:meth:`save`, or print the error and exit with code 2."""
        try:
            self.save(end, reason, winner)
        except SevenRocksError as error:
            self._fail(self._("error: {reason}").format(reason=error))

    def autosave(self) -> None:
        """:meth:`save` after a hand: a failure is a warning and play goes on (the last save reports
        it again)."""
        try:
            self.save()
        except SevenRocksError as error:
            say(self._err, self._("warning: {reason}").format(reason=error))

    def tell_saved(self, console: Console) -> None:
        """Say where the record is, when there is one."""
        if self.path is not None:
            say(console, self._("the record is saved to {path}").format(path=self.path))

    def play_out(
        self,
        run: Callable[[Callable[[], None]], None],
        console: Console,
        *,
        finish: Callable[[int | None], None],
        forfeit: Callable[[BotFailed], tuple[str, int | None]],
    ) -> None:
        """Play the match with ``run`` (given :meth:`autosave` to call after every hand); return when
        it has ended by its rules. When the person quits, the input ends or Ctrl-C is pressed, the
        record is saved abandoned and the command exits (0, or 130 for Ctrl-C); when a bot fails, it
        is saved forfeited (``forfeit`` gives the text to print and the winning side) and the command
        exits with 1. ``finish`` tells the bots the match is over (with the winning side) first."""
        _ = self._
        try:
            run(self.autosave)
        except (PlayerQuit, KeyboardInterrupt) as stop:
            finish(None)
            reason = stop.reason if isinstance(stop, PlayerQuit) else N_("interrupted (Ctrl-C)")
            console.print()
            say(console, _("match stopped: {reason}").format(reason=_(reason)))
            self.save_or_exit(MatchEnd.ABANDONED, reason)  # the record keeps the English reason
            if self.path is not None:
                say(console, _("the record so far is saved to {path}").format(path=self.path))
            raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 0) from None
        except BotFailed as failure:
            text, winner = forfeit(failure)
            finish(winner)
            console.print()
            say(console, text)
            self.save_or_exit(MatchEnd.FORFEIT, failure.reason, winner=winner)
            self.tell_saved(console)
            raise typer.Exit(1) from None
