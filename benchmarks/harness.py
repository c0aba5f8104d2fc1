"""The timing harness the side-by-side benchmarks share (``random_hands.py``, ``sausage_speed.py``,
``rl_step.py``), and a process's processor time for those that time a server.

Each contender is a :class:`Tally`: a ``step`` that plays a batch (some hands, or some matches) and
returns its counts, one per name in ``counts`` (the first is the unit: ``hands``, ``matches``). The
contenders run in turns (:func:`run_rounds`: several rounds, each a fixed slice of processor time) so
that a busy machine slows them alike; :meth:`Tally.rates` gives every count per processor second
(``time.process_time``: what one core does), per wall-clock second and per unit.

Run the benchmarks as scripts (``python benchmarks/random_hands.py``): this module is found beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

Step = Callable[[], Sequence[int]]
"""Plays one batch; returns its counts (the first: how many units it played)."""


def process_cpu_seconds(pid: int, thread: int | None = None) -> float | None:
    """User + system processor time of process ``pid`` so far (Linux ``/proc``), or of its
    thread ``thread`` (``pid`` itself: its main thread), or ``None`` where that cannot be read
    (``web_load.py``, ``socket_floor.py``: a server's time, and its event loop's)."""
    stat = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def play_openspiel(game: Any, pick: Callable[[int], int]) -> int:
    """Play one game of the OpenSpiel ``game`` at random, ``pick(n)`` choosing among ``n`` chance
    outcomes or legal actions; return the players' decisions (chance nodes are not counted)."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[pick(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[pick(len(actions))])
            decisions += 1
    return decisions


def repeated(play: Callable[[random.Random], int | Sequence[int]], rng: random.Random, times: int) -> Step:
    """A step that calls ``play(rng)`` ``times`` times (one unit each) and adds up what it returns
    (a count, or several), after the count of units."""

    def step() -> tuple[int, ...]:
        totals: list[int] = []
        for _ in range(times):
            counts = play(rng)
            counts = (counts,) if isinstance(counts, int) else counts
            if not totals:
                totals = [0] * len(counts)
            for i, count in enumerate(counts):
                totals[i] += count
        return (times, *totals)

    return step


@dataclass
class Tally:
    """One contender's running totals."""

    name: str
    step: Step
    counts: tuple[str, ...]
    """The names of the step's counts, the unit first (``("hands", "placements")``)."""
    each: str
    """The unit in the singular, for the counts per unit (``"hand"``: ``placements_per_hand``)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Fields reported with the rates after the name (e.g. the rules played)."""
    totals: list[int] = field(init=False)
    cpu: float = 0.0
    wall: float = 0.0

    def __post_init__(self) -> None:
        self.totals = [0] * len(self.counts)

    def run(self, seconds: float) -> None:
        """Play batches for about ``seconds`` of processor time (checked after every batch)."""
        step, totals = self.step, self.totals
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.process_time() - cpu0 < seconds:
            for i, count in enumerate(step()):
                totals[i] += count
        self.cpu += time.process_time() - cpu0
        self.wall += time.perf_counter() - wall0

    def rates(self) -> dict[str, Any]:
        """The totals and the rates, as JSON-ready data."""
        out: dict[str, Any] = {"name": self.name, **self.extra}
        out.update(zip(self.counts, self.totals, strict=True))
        out["cpu_seconds"] = self.cpu
        out["wall_seconds"] = self.wall
        for name, total in zip(self.counts, self.totals, strict=True):
            out[f"{name}_per_cpu_second"] = total / self.cpu
        for name, total in zip(self.counts, self.totals, strict=True):
            out[f"{name}_per_second"] = total / self.wall
        for name, total in zip(self.counts[1:], self.totals[1:], strict=True):
            out[f"{name}_per_{self.each}"] = total / self.totals[0]
        return out


def run_rounds(tallies: Sequence[Tally], *, rounds: int, seconds: float) -> list[dict[str, Any]]:
    """Run every contender ``rounds`` times for a slice of ``seconds`` (in turns, progress on a
    terminal's standard error); return their rates."""
    err = Console(stderr=True)
    for round_ in range(rounds):
        for tally in tallies:
            if err.is_terminal:
                err.print(f"round {round_ + 1}/{rounds}: {tally.name}", style="dim")
            tally.run(seconds)
    return [tally.rates() for tally in tallies]


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """A parser with the options every side-by-side benchmark takes: ``--seconds``, ``--rounds``,
    ``--seed`` and ``--json`` (its description: the first paragraph of ``doc``)."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="processor seconds per slice (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="slices per contender (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser
