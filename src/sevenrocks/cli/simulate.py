"""``sevenrocks simulate``: play many independent random hands of a game and summarize them.

Each hand gets a new random deal and a leader by the game's first-hand rule (a lot, or the tile
order), and every seat makes a uniformly random legal one-tile move (drawing and knocking as the
game says) until the hand ends. The hands are independent: the scores start from zero in every
hand and no match goes on. They are played by the compiled step (:mod:`sevenrocks.fast.step`,
the one compiled statement of the rules, checked against the engine), in the kernel of
:mod:`sevenrocks.bots.kernel`. A game the compiled step does not play yet
(:func:`~sevenrocks.bots.search.compiled_refusal`) is played by the engine itself
(:class:`~sevenrocks.core.match.Match`, the same random one-tile moves, much slower), and the summary
says so (``player``). Each hand is a match's first, so Sea Goat's voluntary hundred, which a first
hand never allows, is never asked. The same ``--seed`` gives the same hands and the same summary
(except the speed figures).

Sausage, which has its own engine, is simulated by it (:class:`~sevenrocks.bots.sausage.SausageRunner`):
each deal is the first of a new match with a starter by lot, every move uniformly random; a deal counts
as a hand, and a turn whose tile is sent to the back or set aside as a knock.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sevenrocks.bots.stats import HandStats
from sevenrocks.cli.game_options import GameOption, OptionsOption, SeatsOption, game_choice
from sevenrocks.core.events import Draw, HandEnd, Knock, Placement
from sevenrocks.core.games import DEFAULT_GAME, Engine, Rules, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.sausage import GAME_ID as SAUSAGE

__all__ = ["SimulationSummary", "simulate", "simulate_command"]

#: Hands played between two progress-bar updates (updates are not free).
CHUNK = 20_000
#: Sausage's deals, played by its engine in Python, between two updates.
SAUSAGE_CHUNK = 200
#: The same, where the engine plays the hands (much slower than the compiled step).
ENGINE_CHUNK = 200


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Totals and means over ``hands`` random hands of ``game``."""

    game: str
    seats: int
    hands: int
    seed: int
    seconds: float
    """Wall time spent playing the hands (not starting the program)."""
    cpu_seconds: float
    """Processor time of this process spent playing the hands (less than ``seconds`` on a busy machine)."""
    moves: int
    placements: int
    """Tiles placed."""
    knocks: int
    blocked: int
    draws: int
    points: int
    """Points scored by moves, all sides together."""
    deductions: int
    """The score changes at settlement, all sides together, as absolute values (Seven Rocks: the
    rounded remaining pips subtracted)."""
    player: str = "compiled"
    """What played the hands: ``compiled`` (the compiled step), ``engine`` (the engine itself, for a
    game the compiled step does not play yet) or ``sausage`` (Sausage's own engine)."""

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
        """Mean tiles placed per hand (the lead included)."""
        return self.placements / self.hands

    @property
    def knocks_per_hand(self) -> float:
        """Mean passes per hand."""
        return self.knocks / self.hands

    @property
    def draws_per_hand(self) -> float:
        """Mean tiles drawn per hand."""
        return self.draws / self.hands

    @property
    def blocked_share(self) -> float:
        """Share of the hands that ended blocked."""
        return self.blocked / self.hands

    @property
    def mean_points(self) -> float:
        """Mean points scored by moves per hand (all sides)."""
        return self.points / self.hands

    @property
    def mean_deductions(self) -> float:
        """Mean score change at settlement per hand (all sides, absolute values)."""
        return self.deductions / self.hands

    def to_json(self) -> dict[str, float | int | str]:
        """The summary as a flat JSON object: the totals, then the derived figures."""
        data: dict[str, float | int | str] = asdict(self)
        for name in (
            "hands_per_second",
            "placements_per_second",
            "placements_per_hand",
            "knocks_per_hand",
            "draws_per_hand",
            "blocked_share",
            "mean_points",
            "mean_deductions",
        ):
            data[name] = getattr(self, name)
        return data


class _EngineHands:
    """Random hands played by the engine itself, for a game the compiled step does not play:
    the same figures as :class:`~sevenrocks.bots.kernel.HandRunner`, from one seed."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self._rng = random.Random(seed)

    def run(self, n: int) -> HandStats:
        """Deal and play ``n`` more hands with uniformly random legal one-tile moves; their totals."""
        rules = self.rules
        sums = [0] * 8
        for _ in range(n):
            match = Match(rules, seed=self._rng.getrandbits(64))
            match.start_hand()  # a first hand: led by the game's first-hand rule, never void
            while match.turn is not None:
                plays = match.legal_plays()
                match.push(plays[self._rng.randrange(len(plays))])
            log = match.history[-1]
            played = [0] * rules.sides
            for event in log.events:
                if isinstance(event, Placement):
                    sums[1] += 1
                    sums[2] += len(event.play.tiles)
                    sums[5] += event.points
                    played[rules.side_of(event.seat)] += event.points
                elif isinstance(event, Knock):
                    sums[3] += 1
                elif isinstance(event, Draw):
                    sums[6] += 1
            result = log.result
            assert result is not None  # the hand was played to its end
            sums[0] += 1
            sums[4] += result.end is HandEnd.BLOCKED
            sums[7] += sum(abs(after - before) for after, before in zip(result.scores, played, strict=True))
        return HandStats(*sums)


def _runner(rules: Rules, seed: int) -> tuple[Callable[[int], HandStats], int, str]:
    """What plays ``n`` more of the game's hands and gives their totals, how many hands to play
    between two progress updates, and what plays them (``compiled``, ``engine`` or ``sausage``)."""
    if find_game(rules.game).engine is Engine.SAUSAGE:
        from sevenrocks.bots.sausage import SausageRunner

        return SausageRunner(rules, seed=seed).run, SAUSAGE_CHUNK, "sausage"
    from sevenrocks.bots.kernel import HandRunner
    from sevenrocks.bots.search import compiled_refusal

    if compiled_refusal(rules) is not None:  # a game the compiled step does not play yet
        return _EngineHands(rules, seed).run, ENGINE_CHUNK, "engine"
    runner = HandRunner(rules, seed=seed)
    return runner.run, CHUNK, "compiled"


def simulate(
    hands: int, seed: int, *, rules: Rules | None = None, progress: Progress | None = None
) -> SimulationSummary:
    """Play ``hands`` independent random hands of a game (Seven Rocks by default) and total them.

    >>> summary = simulate(200, seed=1)
    >>> summary.hands, 7 <= summary.placements_per_hand <= 28, 0 < summary.blocked_share < 1
    (200, True, True)
    >>> simulate(200, seed=1).points == summary.points
    True
    """
    rules = rules if rules is not None else find_game(DEFAULT_GAME).rules()
    run, step, player = _runner(rules, seed)
    run(0)  # compiles the kernel (or loads it from the cache) before the clock starts
    totals = HandStats.zero()
    task = progress.add_task("hands", total=hands) if progress is not None else None
    start, start_cpu = time.perf_counter(), time.process_time()
    while totals.hands < hands:
        chunk = min(step, hands - totals.hands)
        totals = totals + run(chunk)
        if progress is not None and task is not None:
            progress.update(task, advance=chunk)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
    return SimulationSummary(
        game=rules.game,
        seats=rules.seats,
        hands=hands,
        seed=seed,
        seconds=seconds,
        cpu_seconds=cpu_seconds,
        moves=totals.moves,
        placements=totals.placements,
        knocks=totals.knocks,
        blocked=totals.blocked,
        draws=totals.draws,
        points=totals.points,
        deductions=totals.settlement,
        player=player,
    )


def _table(summary: SimulationSummary) -> Table:
    if summary.game == SAUSAGE:
        return _sausage_table(summary)
    title = f"{summary.hands:,} random hands of {summary.game}, {summary.seats} seats (seed {summary.seed})"
    caption = None
    if summary.player == "engine":
        caption = "played by the engine: the compiled step does not play this game yet"
    table = Table(title=title, caption=caption, show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("hands per second", f"{summary.hands_per_second:,.0f}")
    table.add_row("placements per second", f"{summary.placements_per_second:,.0f}")
    table.add_row("placements per hand", f"{summary.placements_per_hand:.2f}")
    table.add_row("knocks per hand", f"{summary.knocks_per_hand:.2f}")
    table.add_row("draws per hand", f"{summary.draws_per_hand:.2f}")
    table.add_row("blocked hands", f"{summary.blocked_share:.1%}")
    table.add_row("mean points scored per hand", f"{summary.mean_points:.2f}")
    table.add_row("mean settlement per hand", f"{summary.mean_deductions:.2f}")
    table.add_row("time", f"{summary.seconds:.2f} s (processor {summary.cpu_seconds:.2f} s)")
    return table


def _sausage_table(summary: SimulationSummary) -> Table:
    """Sausage's figures in its own words (the JSON keeps the common names: a deal is a hand, a turn
    whose tile is sent to the back or set aside a knock)."""
    title = f"{summary.hands:,} random deals of sausage, 2 seats (seed {summary.seed})"
    table = Table(title=title, show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("deals per second", f"{summary.hands_per_second:,.0f}")
    table.add_row("tiles laid per deal (start tile and cuts included)", f"{summary.placements_per_hand:.2f}")
    table.add_row("moves per deal", f"{summary.moves / summary.hands:.2f}")
    table.add_row("tiles sent to the back or set aside per deal", f"{summary.knocks_per_hand:.2f}")
    table.add_row("blocked deals", f"{summary.blocked_share:.1%}")
    table.add_row("mean points awarded per deal", f"{summary.mean_deductions:.2f}")
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
    game: GameOption = DEFAULT_GAME,
    option: OptionsOption = None,
    seats: SeatsOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Play N independent hands of a game with uniformly random legal moves and summarize them.

    Each hand has a new random deal and a leader by the game's rule. Prints hands per second,
    placements per hand, knocks and draws per hand, the share of blocked hands, the mean points
    scored and the mean settlement per hand. The progress bar goes to stderr and only on a terminal.
    """
    rules = game_choice(game, option, seats, engines=(Engine.LAYOUT, Engine.SAUSAGE)).rules
    err = Console(stderr=True)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
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
            summary = simulate(hands, seed, rules=rules, progress=progress)
        except KeyboardInterrupt:
            err.print("interrupted: no summary")
            raise typer.Exit(130) from None
    if as_json:
        sys.stdout.write(json.dumps(summary.to_json(), indent=1) + "\n")
    else:
        Console().print(_table(summary))
