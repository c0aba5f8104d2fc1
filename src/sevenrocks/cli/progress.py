"""The progress display of long commands (tournaments, ladders): Rich's bar on a terminal, and
plain lines now and then where no bar can be drawn (output to a log file or a pipe, as with
``nohup`` or a CI job)."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any, Final

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

__all__ = ["LOG_EVERY", "MatchProgress", "progress_bar"]

#: Seconds between two plain progress lines when there is no terminal.
LOG_EVERY: Final = 60.0


def _duration(seconds: float) -> str:
    return str(timedelta(seconds=round(seconds)))


class MatchProgress(Progress):
    """A Rich progress bar that, when its console is not a terminal, writes a line such as
    ``search vs greedy: 120/2000 (112-8), 0:09:41 elapsed, about 2:31:40 left`` every
    ``every`` seconds and when a task completes, instead of drawing the bar."""

    def __init__(self, console: Console, *, every: float = LOG_EVERY) -> None:
        super().__init__(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[status]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            disable=not console.is_terminal,
        )
        self._plain = not console.is_terminal
        self._every = every
        self._last = time.monotonic()
        self._start: dict[TaskID, tuple[float, float]] = {}

    def update(self, task_id: TaskID, **changes: Any) -> None:
        """Update the task (see :meth:`rich.progress.Progress.update`); on no terminal, log it."""
        super().update(task_id, **changes)
        if not self._plain:
            return
        task = self._tasks[task_id]
        now = time.monotonic()
        first_completed, started = self._start[task_id]
        if not (task.finished or now - self._last >= self._every):
            return
        self._last = now
        elapsed = now - started
        line = f"{task.description}: {task.completed:g}/{task.total:g}"
        status = task.fields.get("status")
        if status:
            line += f" ({status})"
        line += f", {_duration(elapsed)} elapsed"
        done_here = task.completed - first_completed
        if not task.finished and done_here > 0 and task.total is not None:
            left = elapsed / done_here * (task.total - task.completed)
            line += f", about {_duration(left)} left"
        self.console.print(line, markup=False, highlight=False)

    def add_task(self, description: str, start: bool = True, total: float | None = 100.0, completed: int = 0,
                 visible: bool = True, **fields: Any) -> TaskID:  # fmt: skip
        """Add a task (see :meth:`rich.progress.Progress.add_task`), remembering where it started."""
        task_id = super().add_task(description, start, total, completed, visible, **fields)
        self._start[task_id] = (float(completed), time.monotonic())
        return task_id


def progress_bar(console: Console) -> MatchProgress:
    """The progress display tournaments and ladders show (on standard error), with the time left."""
    return MatchProgress(console)
