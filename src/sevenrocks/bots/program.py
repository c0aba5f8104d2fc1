"""Bots that are programs: ``cmd:COMMAND`` runs COMMAND and talks the bot protocol with it.

One process per seat, for the whole match. The process is started at the first message and
stopped by :meth:`ProgramBot.close` (its standard input is closed; a program that does not
exit within a second is terminated, then killed, with any processes it started). Whatever goes
wrong — the program is not found, crashes, hangs, prints garbage or an illegal play — raises
:class:`BotFailure` with a reason a person can read; the tournament turns it into a forfeit.

>>> ProgramBot("python3 my bot.py").argv
['python3', 'my', 'bot.py']
>>> check_command("no-such-program --x")
Traceback (most recent call last):
...
sevenrocks.bots.program.BotFailure: cannot start 'no-such-program --x': program 'no-such-program' not found
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Final, TypeVar

from sevenrocks.bots.protocol import (
    MAX_LINE,
    Message,
    ProtocolError,
    declare_message,
    event_message,
    hand_end_message,
    hand_message,
    hundred_message,
    match_end_message,
    match_message,
    parse_answer,
    parse_declaration,
    turn_message,
)
from sevenrocks.core.notation import Move
from sevenrocks.core.view import SeatView

__all__ = [
    "CMD_PREFIX",
    "DEFAULT_BOT_TIMEOUT",
    "BotFailure",
    "ProgramBot",
    "check_command",
    "exit_on_signal",
    "stop_all_programs",
]

#: A bot name starting with this runs a program instead.
CMD_PREFIX: Final = "cmd:"
#: Seconds a program may take to answer a turn (``--bot-timeout``).
DEFAULT_BOT_TIMEOUT: Final = 10.0
#: Seconds a program gets to exit after its input closes, before it is terminated.
EXIT_GRACE: Final = 1.0


T = TypeVar("T")


class BotFailure(Exception):
    """A bot that broke the protocol: ``kind`` is one of ``not_found``, ``crash``, ``timeout``,
    ``garbage``, ``illegal``, ``error``; ``reason`` says what happened."""

    def __init__(self, kind: str, reason: str) -> None:
        self.kind = kind
        self.reason = reason
        super().__init__(reason)


def split_command(command: str) -> list[str]:
    """The program and its arguments, split as a POSIX shell would (no shell is run)."""
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise BotFailure("not_found", f"cannot read the command {command!r}: {err}") from None
    if not argv:
        raise BotFailure("not_found", "the command after 'cmd:' is empty")
    return argv


def check_command(command: str) -> list[str]:
    """Split ``command`` and check that its program exists and can be run; :class:`BotFailure` if not."""
    argv = split_command(command)
    program = argv[0]
    if os.sep in program:
        path = Path(program)
        if not path.is_file():
            raise BotFailure("not_found", f"cannot start {command!r}: no such file {program!r}")
        if not os.access(path, os.X_OK):
            raise BotFailure("not_found", f"cannot start {command!r}: {program!r} is not executable")
    elif shutil.which(program) is None:
        raise BotFailure("not_found", f"cannot start {command!r}: program {program!r} not found")
    return argv


#: The bot programs running now (in this process), so that they can all be stopped at once.
_RUNNING: set[subprocess.Popen[bytes]] = set()


def _stop(proc: subprocess.Popen[bytes], grace: float) -> None:
    """Close the program's input, give it ``grace`` seconds to exit, then terminate and kill it.

    The program was started in a session of its own, so the signals reach the processes it
    started too. Even if this is interrupted (Ctrl-C, SIGTERM), the program is killed.
    """
    try:
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        for sig, wait in ((None, grace), (signal.SIGTERM, 1.0), (signal.SIGKILL, 5.0)):
            if sig is not None:
                with contextlib.suppress(OSError):
                    os.killpg(proc.pid, sig)  # the program's own process group (start_new_session)
            try:
                proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
    finally:
        if proc.returncode is None:
            _kill(proc)
        _RUNNING.discard(proc)
        with contextlib.suppress(OSError):
            if proc.stdout is not None:
                proc.stdout.close()


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5.0)


def stop_all_programs() -> None:
    """Kill every bot program this process started and has not stopped yet (for shutdowns)."""
    for proc in list(_RUNNING):
        if proc.poll() is None:
            _kill(proc)
        _RUNNING.discard(proc)


_starting = False
_deferred: list[int] = []


def exit_on_signal(signum: int, frame: object = None) -> None:
    """A signal handler (e.g. for SIGTERM in worker processes): kill every bot program, then exit.

    A signal that comes while a program is being started waits until it is noted as running,
    so that it cannot be left behind.
    """
    if _starting:
        _deferred.append(signum)
        return
    stop_all_programs()
    raise SystemExit(128 + signum)


atexit.register(stop_all_programs)


class ProgramBot:
    """A bot played by an external program speaking the bot protocol (``cmd:COMMAND``).

    It works from views only, like every bot: before each turn it sends the program every
    message the seat has not seen yet (derived from the view). Hosts also call :meth:`observe`
    when a hand ends and :meth:`end_match` at the end, so the program sees every placement and
    the ``hand_end``/``match_end`` messages; :meth:`close` always stops the process.
    """

    def __init__(self, command: str, *, timeout: float = DEFAULT_BOT_TIMEOUT, cwd: str | None = None) -> None:
        self.command = command
        self.name = CMD_PREFIX + command
        self.argv = split_command(command)
        self.timeout = timeout
        self.cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._buffer = b""
        self._closed = False
        self._exit_by: float | None = None
        self._sent_match = False
        self._hand = -1
        self._events_sent = 0
        self._results_sent = 0
        self._hundred_sent: int | None = None

    # ------------------------------------------------------------------ process
    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is not None:
            return self._proc
        if self._closed:
            raise BotFailure("error", f"{self.name}: the program was already stopped")
        check_command(self.command)
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the program's life
        global _starting
        _starting = True
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=self.cwd,
                start_new_session=True,
            )
            _RUNNING.add(proc)
            self._proc = proc
        except OSError as err:
            raise BotFailure("not_found", f"cannot start {self.command!r}: {err.strerror or err}") from None
        finally:
            _starting = False
            if _deferred:
                exit_on_signal(_deferred.pop())
        assert proc.stdin is not None and proc.stdout is not None  # both are pipes
        os.set_blocking(proc.stdin.fileno(), False)
        os.set_blocking(proc.stdout.fileno(), False)
        self._finalizer = weakref.finalize(self, _stop, proc, 0.0)
        return proc

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 2000))
            text = self._stderr.read().decode("utf-8", "replace")
        except OSError:
            return ""
        lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
        return lines[-1][-300:] if lines else ""

    def _exited(self, doing: str) -> BotFailure:
        proc = self._proc
        code: int | None = None
        if proc is not None:
            try:
                code = proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                code = None
        if code is None:
            how = "closed its output"
        elif code < 0:
            try:
                how = f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"was killed by signal {-code}"
        else:
            how = f"exited with code {code}"
        tail = self._stderr_tail()
        return BotFailure("crash", f"{self.name} {how} {doing}" + (f": {tail}" if tail else ""))

    def _send(self, message: Message) -> None:
        proc = self._start()
        assert proc.stdin is not None
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + self.timeout
        while data:
            try:
                written = os.write(fd, data)
                data = data[written:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError):
                raise self._exited(f"while being sent a {message['type']!r} message") from None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BotFailure("timeout", f"{self.name} stopped reading its input for {self.timeout:g} s")
            select.select([], [fd], [], remaining)

    def _unsolicited(self) -> None:
        """Fail if the program wrote anything when nothing was asked."""
        proc = self._start()
        assert proc.stdout is not None
        with contextlib.suppress(BlockingIOError, OSError):
            chunk = os.read(proc.stdout.fileno(), MAX_LINE)
            if chunk:
                self._buffer += chunk
        if self._buffer.strip():
            line = self._buffer.split(b"\n", 1)[0].decode("utf-8", "replace").strip()
            raise BotFailure("garbage", f"{self.name} wrote {line[:80]!r} when no answer was asked for")

    def _read_line(self) -> str:
        proc = self._start()
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise BotFailure("garbage", f"{self.name} wrote a line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BotFailure("timeout", f"{self.name} gave no answer within {self.timeout:g} s")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(fd, MAX_LINE)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                raise self._exited("instead of answering its turn")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace")

    # ------------------------------------------------------------------ protocol
    def _sync(self, view: SeatView) -> None:
        """Send what the seat has not been told yet, in order."""
        if not self._sent_match:
            self._send(match_message(view.seat, view.target, view.rules))
            self._sent_match = True
        if view.hand_number > self._hand:
            self._send_results(view, view.hand_number)
            self._send(hand_message(view))
            self._hand = view.hand_number
            self._events_sent = 0
            self._hundred_sent = view.hundred
        if view.hundred is not None and view.hundred != self._hundred_sent:  # a hundred declared since
            self._send(hundred_message(view.hundred))
            self._hundred_sent = view.hundred
        for event in view.events[self._events_sent :]:
            self._send(event_message(event))
        self._events_sent = len(view.events)
        self._send_results(view, len(view.results))

    def _send_results(self, view: SeatView, upto: int) -> None:
        last = len(view.results) - 1
        for number in range(self._results_sent, upto):
            # the ledger a view shows is the one after its last result (only a result changes it)
            ledger = view.ledger if number == last else None
            self._send(hand_end_message(view.results[number], ledger))
        self._results_sent = max(self._results_sent, upto)

    def send(self, message: Message) -> None:
        """Write one message to the program (starting it first); :class:`BotFailure` when it has
        exited or stopped reading for longer than the time-out."""
        self._send(message)

    def ask(self, question: Message, parse: Callable[[str], T]) -> T:
        """Send ``question`` and read the program's answer with ``parse``.

        :class:`BotFailure` when the program wrote anything before it was asked, gives no answer
        in time or exits, or when ``parse`` raises :class:`ProtocolError` (``"illegal"`` for an
        illegal play, ``"garbage"`` for anything else).
        """
        self._unsolicited()
        self._send(question)
        line = self._read_line()
        try:
            return parse(line)
        except ProtocolError as err:
            kind = "illegal" if str(err).startswith("illegal") else "garbage"
            raise BotFailure(kind, f"{self.name} {err}") from None

    def end_with(self, sync: Callable[[], None], last: Message) -> None:
        """When the program still runs: ``sync`` (send what it has not been told), then ``last``
        (``match_end``); failures are ignored, the match being decided. Then close its input."""
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(BotFailure):
                sync()
                self._send(last)
        self._close_input()

    def choose(self, view: SeatView) -> Move:
        """Tell the program what it has not seen, send ``turn`` and read its answer."""
        self._sync(view)
        return self.ask(turn_message(view), lambda line: parse_answer(line, view.moves))

    def declare_hundred(self, view: SeatView) -> bool:
        """Sea Goat: send ``declare`` and read whether the program declares a voluntary hundred
        (only asked when the view says it may)."""
        if not view.may_declare_hundred:
            return False
        self._sync(view)
        return self.ask(declare_message(), parse_declaration)

    def observe(self, view: SeatView) -> None:
        """Bring the program up to date with ``view`` (called by hosts when a hand ends)."""
        self._sync(view)

    def end_match(
        self, view: SeatView, winner: int | None, scores: Sequence[int], *, forfeit: Message | None = None
    ) -> None:
        """Send the rest of the match and ``match_end``, then close the program's input.

        Failures here are ignored: the match is decided already. Call :meth:`close` after it
        (hosts close every seat's program first, then wait for them together).
        """
        self.end_with(
            lambda: self._sync(view), match_end_message(winner, scores, forfeit=forfeit, outcome=view.outcome)
        )

    def _close_input(self) -> None:
        """Close the program's input: the signal to exit. :meth:`close` then waits for it."""
        if self._proc is not None and self._exit_by is None:
            self._exit_by = time.monotonic() + min(EXIT_GRACE, self.timeout)
            with contextlib.suppress(OSError):
                if self._proc.stdin is not None:
                    self._proc.stdin.close()

    def close(self) -> None:
        """Stop the program (closing its input first); safe to call more than once.

        A program gets a second to exit after its input closes (less with a shorter timeout);
        then it is terminated, then killed, with the processes it started.
        """
        self._closed = True
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if self._proc is not None:
            self._close_input()
            assert self._exit_by is not None
            _stop(self._proc, max(0.0, self._exit_by - time.monotonic()))
        if self._stderr is not None:
            with contextlib.suppress(OSError):
                self._stderr.close()
            self._stderr = None

    def __enter__(self) -> ProgramBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ProgramBot({self.command!r}, timeout={self.timeout!r})"
