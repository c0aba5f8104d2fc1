"""``sevenrocks simulate``: play many independent random hands and summarize them.

Each hand gets a new random deal and a leader drawn by lot, and every seat places a uniformly
random legal tile until the hand ends in a domino or a block
(:func:`sevenrocks.core.playout.random_hand`). The hands are independent: there is no match
score and no target. The same ``--seed`` gives the same hands and the same summary (except
the speed figures).
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sevenrocks.core.playout import random_hand

__all__ = ["SimulationSummary", "simulate", "simulate_command"]

#: Hands played between two progress-bar updates (updates are not free).
CHUNK = 2000


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Totals and means over ``hands`` random hands."""

    hands: int
    seed: int
    seconds: float
    """Wall time spent playing the hands (not starting the program)."""
    cpu_seconds: float
    """Processor time of this process spent playing the hands (less than ``seconds`` on a busy machine)."""
    placements: int
    knocks: int
    blocked: int
    points: int
    """Raw points scored by placements, both partnerships together."""
    deductions: int
    """Rounded remaining pips subtracted at settlement, all seats together."""

    @property
    def hands_per_second(self) -> float:
        """Complete hands played per second."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def placements_per_second(self) -> float:
        """Tiles placed per second."""
        return self.placements / self.seconds if self.seconds > 0 else float("inf")

    @property
    def placements_per_hand(self) -> float:
        """Mean tiles placed per hand (the opening included)."""
        return self.placements / self.hands

    @property
    def knocks_per_hand(self) -> float:
        """Mean passes per hand."""
        return self.knocks / self.hands

    @property
    def blocked_share(self) -> float:
        """Share of the hands that ended blocked (the others ended in a domino)."""
        return self.blocked / self.hands

    @property
    def mean_points(self) -> float:
        """Mean raw points scored by placements per hand (both partnerships)."""
        return self.points / self.hands

    @property
    def mean_deductions(self) -> float:
        """Mean points deducted at settlement per hand (all four seats)."""
        return self.deductions / self.hands

    def to_json(self) -> dict[str, float | int]:
        """The summary as a flat JSON object: the totals, then the derived figures."""
        data: dict[str, float | int] = asdict(self)
        for name in (
            "hands_per_second",
            "placements_per_second",
            "placements_per_hand",
            "knocks_per_hand",
            "blocked_share",
            "mean_points",
            "mean_deductions",
        ):
            data[name] = getattr(self, name)
        return data


def simulate(hands: int, seed: int, *, progress: Progress | None = None) -> SimulationSummary:
    """Play ``hands`` independent random hands from ``random.Random(seed)`` and total them.

    >>> summary = simulate(200, seed=1)
    >>> summary.hands, 7 <= summary.placements_per_hand <= 28, 0 < summary.blocked_share < 1
    (200, True, True)
    >>> simulate(200, seed=1).points == summary.points
    True
    """
    rng = random.Random(seed)
    task = progress.add_task("hands", total=hands) if progress is not None else None
    placements = knocks = blocked = points = deductions = 0
    done = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while done < hands:
        chunk = min(CHUNK, hands - done)
        for _ in range(chunk):
            _, placed, knocked, was_blocked, _, scored, deducted = random_hand(rng)
            placements += placed
            knocks += knocked
            blocked += was_blocked
            points += scored[0] + scored[1]
            deductions += deducted[0] + deducted[1] + deducted[2] + deducted[3]
        done += chunk
        if progress is not None and task is not None:
            progress.update(task, advance=chunk)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
    return SimulationSummary(
        hands, seed, seconds, cpu_seconds, placements, knocks, blocked, points, deductions
    )


def _table(summary: SimulationSummary) -> Table:
    table = Table(title=f"{summary.hands:,} random hands (seed {summary.seed})", show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("hands per second", f"{summary.hands_per_second:,.0f}")
    table.add_row("placements per second", f"{summary.placements_per_second:,.0f}")
    table.add_row("placements per hand", f"{summary.placements_per_hand:.2f}")
    table.add_row("knocks per hand", f"{summary.knocks_per_hand:.2f}")
    table.add_row("blocked hands", f"{summary.blocked_share:.1%}")
    table.add_row("mean points scored per hand", f"{summary.mean_points:.2f}")
    table.add_row("mean deductions per hand", f"{summary.mean_deductions:.2f}")
    table.add_row("time", f"{summary.seconds:.2f} s (processor {summary.cpu_seconds:.2f} s)")
    return table


def simulate_command(
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, help="Number of independent hands to play.")
    ] = 10_000,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Seed of the random deals, lots and plays (default: a fresh one)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Play N independent hands with uniformly random legal placements and summarize them.

    Each hand has a new random deal and a leader drawn by lot. Prints hands per second,
    placements per hand, the share of blocked hands, the mean points scored and the mean
    deductions per hand. The progress bar goes to stderr and only on a terminal.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    err = Console(stderr=True)
    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        try:
            summary = simulate(hands, seed, progress=progress)
        except KeyboardInterrupt:
            err.print("interrupted: no summary")
            raise typer.Exit(130) from None
    if as_json:
        sys.stdout.write(json.dumps(summary.to_json(), indent=1) + "\n")
    else:
        Console().print(_table(summary))
