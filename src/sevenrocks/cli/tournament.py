"""``sevenrocks tournament``: a duplicate tournament between two bots, with records and statistics."""

from __future__ import annotations

import json
import re
import sys
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sevenrocks.bots.base import warm_up
from sevenrocks.bots.program import CMD_PREFIX, DEFAULT_BOT_TIMEOUT, BotFailure, check_command
from sevenrocks.bots.registry import make_bot
from sevenrocks.cli.durations import parse_duration
from sevenrocks.cli.match_options import (
    DEFAULT_TARGET,
    BotTimeoutOption,
    NoRecordsOption,
    TargetOption,
    ThinkOption,
    WorkersOption,
    given_on_command_line,
    resume_conflict,
)
from sevenrocks.cli.progress import progress_bar
from sevenrocks.core.errors import RecordError
from sevenrocks.tournament.duplicate import EntrantFailing, MatchSummary, TournamentConfig, timed_run
from sevenrocks.tournament.journal import (
    JOURNAL_NAME,
    JournalContents,
    JournalError,
    config_settings,
    resume_config,
)

__all__ = ["check_entrant", "prepare_records", "tournament_command"]


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on stderr; the exit (code 2) to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def check_entrant(name: str, option: str, options: dict[str, Any] | None = None) -> None:
    """Fail clearly, before any match, on an unknown bot, a bad option, or a ``cmd:`` program that
    cannot start."""
    if name.startswith(CMD_PREFIX):
        try:
            check_command(name[len(CMD_PREFIX) :])
        except BotFailure as err:
            raise fail(f"{option}: {err.reason}") from None
        return
    try:
        bot = make_bot(name, seed=0, **(options or {}))
    except ValueError as err:  # an unknown bot (UnknownBotError) or a bad option (BotOptionError)
        raise fail(f"{option}: {err}") from None
    warm_up(bot)  # a kernel compiled here is cached on disk for the worker processes
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def slug(text: str) -> str:
    """``text`` made safe for a folder name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:40] or "bot"


def prepare_records(records: Path | None, no_records: bool, default_name: str) -> Path | None:
    """The folder records go to: ``records``, or a fresh one under ``tournament-records/``.

    An existing folder that already holds match records is refused, so nothing is overwritten.
    """
    if no_records:
        return None
    if records is None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        records = Path("tournament-records") / f"{stamp}-{default_name}"
    if records.exists():
        if not records.is_dir():
            raise fail(f"--records {records}: this is a file, not a folder")
        held = ("match-*.json", "*/match-*.json", JOURNAL_NAME, "ladder-plan.json")
        if any(any(records.glob(pattern)) for pattern in held):
            raise fail(
                f"--records {records} already holds match records: choose a new or empty folder "
                f"(or go on with what it holds: --resume {records})"
            )
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise fail(f"--records {records}: cannot create the folder: {err.strerror or err}") from None
    return records


def _ms(value: Any) -> str:
    return "-" if value is None else f"{value:.2f}"


def _num(value: Any, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def results_table(summary: dict[str, Any]) -> Table:
    """The tournament's figures as a Rich table, one column per entrant."""
    n = summary["matches"]
    low, high = summary["team0_match_win_rate_ci95"]
    table = Table(
        title=f"Duplicate tournament: {n} matches ({summary['pairs']} pairs of deals), "
        f"seed {summary['seed']}",
        caption=f"team0 match win rate {summary['team0_match_win_rate']:.1%} (95% Wilson interval "
        f"{low:.1%}-{high:.1%}); {summary['hands_per_match']} hands per match; "
        f"{summary['blocks']} blocked hands ({(summary['block_rate'] or 0):.1%})",
    )
    table.add_column("")
    table.add_column(f"team0: {summary['team0']}", justify="right")
    table.add_column(f"team1: {summary['team1']}", justify="right")
    rates = []
    for side in ("team0", "team1"):
        wins = summary[f"{side}_wins"]
        rates.append(f"{wins} ({wins / n:.1%})" if n else "0")
    table.add_row("matches won", *rates)
    table.add_row(
        "duplicate pairs won both",
        str(summary["pairs_team0_won_both"]),
        str(summary["pairs_team1_won_both"]),
    )
    for label, key in (
        ("points per hand (net)", "points_per_hand"),
        ("  scored per hand", "scored_per_hand"),
        ("  deducted per hand", "deducted_per_hand"),
    ):
        table.add_row(label, _num(summary[f"team0_{key}"]), _num(summary[f"team1_{key}"]))
    table.add_row(
        "think ms per move (mean)", _ms(summary["team0_think_ms_mean"]), _ms(summary["team1_think_ms_mean"])
    )
    table.add_row(
        "think ms per move (p95)", _ms(summary["team0_think_ms_p95"]), _ms(summary["team1_think_ms_p95"])
    )
    table.add_row("forfeits", str(summary["team0_forfeits"]), str(summary["team1_forfeits"]))
    return table


def forfeit_lines(summary: dict[str, Any], limit: int = 5) -> list[str]:
    """The distinct forfeit reasons, most frequent first (with counts)."""
    counts: dict[str, int] = {}
    for item in summary["forfeit_details"]:
        key = f"{item['side']}: {item['reason']}"
        counts[key] = counts.get(key, 0) + 1
    ordered = sorted(counts.items(), key=lambda kv: -kv[1])
    lines = [f"{count} x {reason}" for reason, count in ordered[:limit]]
    if len(ordered) > limit:
        lines.append(f"... and {len(ordered) - limit} other reasons (see --json)")
    return lines


def _resumed(
    ctx: typer.Context, folder: Path, workers: int, matches: int, values: dict[str, Any]
) -> tuple[TournamentConfig, JournalContents]:
    """The tournament in ``folder`` to go on with; options that contradict it are refused."""
    try:
        config, contents = resume_config(
            folder,
            workers=workers if given_on_command_line(ctx, "workers") else None,
            matches=matches if given_on_command_line(ctx, "matches") else None,
        )
    except JournalError as err:
        raise fail(f"--resume: {err}") from None
    asked = {name: value for name, value in values.items() if given_on_command_line(ctx, name)}
    conflict = resume_conflict(ctx, "tournament", folder, config_settings(config), asked)
    if conflict is not None:
        raise fail(conflict)
    return config, contents


def tournament_command(
    ctx: typer.Context,
    team0: Annotated[
        str | None, typer.Option("--team0", help="Bot for the first partnership (or cmd:COMMAND).")
    ] = None,
    team1: Annotated[
        str | None, typer.Option("--team1", help="Bot for the second partnership (or cmd:COMMAND).")
    ] = None,
    matches: Annotated[
        int, typer.Option("--matches", min=2, help="Matches to play: an even number (each deal set twice).")
    ] = 200,
    workers: WorkersOption = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed for deals, lots and bots.")] = 0,
    think: ThinkOption = None,
    bot_timeout: BotTimeoutOption = DEFAULT_BOT_TIMEOUT,
    target: TargetOption = DEFAULT_TARGET,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records", help="Folder for the match records (default: a new tournament-records/...)."
        ),
    ] = None,
    no_records: NoRecordsOption = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Go on with the stopped tournament whose records are in this folder "
            "(same bots and settings; --matches may raise its length).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as one JSON object.")] = False,
) -> None:
    """Play a duplicate tournament: every set of deals twice, with the partnerships swapped.

    Prints matches won with a 95% Wilson interval, points per hand, hands per match, blocks,
    think time per move and forfeits; saves every match as a record that can be replayed, and
    the results so far in the records folder, so a stopped tournament goes on with --resume.
    """
    if matches % 2:
        raise fail(
            f"--matches {matches}: a duplicate tournament plays every set of deals twice, "
            "so give an even number of matches"
        )
    if bot_timeout <= 0:
        raise fail(f"--bot-timeout must be more than zero seconds, not {bot_timeout:g}")
    think_seconds = None if think is None else parse_duration(think, what="a time per move")
    done: dict[int, MatchSummary] | None = None  # None: a new tournament
    if resume is not None:
        given = {"team0": team0, "team1": team1, "seed": seed, "think": think_seconds,
                 "target": target, "bot_timeout": bot_timeout}  # fmt: skip
        config, contents = _resumed(ctx, resume, workers, matches, given)
        done = contents.done
        notes = [f"resuming {resume}: {len(done)} of {config.matches} matches already played"]
        if contents.torn:
            notes.append("the journal's last line was cut short; that match is played again")
        if contents.missing_records:
            numbers = ", ".join(str(i + 1) for i in contents.missing_records[:5])
            notes.append(f"matches without their record file are played again: {numbers}")
        for note in notes:
            typer.echo(note, err=True)
        folder: Path | None = resume
    else:
        if team0 is None or team1 is None:
            raise fail("give both --team0 and --team1 (or --resume FOLDER to go on with a tournament)")
        folder = prepare_records(records, no_records, f"{slug(team0)}-vs-{slug(team1)}-seed{seed}")
        config = TournamentConfig(
            team0=team0,
            team1=team1,
            matches=matches,
            seed=seed,
            target=target,
            workers=workers,
            think=think_seconds,
            bot_timeout=bot_timeout,
            records=folder,
        )
    check_entrant(config.team0, "--team0", config.options())
    check_entrant(config.team1, "--team1", config.options())
    err_console = Console(stderr=True)
    wins = [sum(1 for s in (done or {}).values() if s.winner_side == side) for side in (0, 1)]
    try:
        with progress_bar(err_console) as progress:
            task = progress.add_task(
                f"{config.team0} vs {config.team1}",
                total=config.matches,
                completed=len(done or {}),
                status=f"{wins[0]}-{wins[1]}",
            )

            def on_match(summary: MatchSummary) -> None:
                if summary.winner_side is not None:
                    wins[summary.winner_side] += 1
                progress.update(task, advance=1, status=f"{wins[0]}-{wins[1]}")

            summary = timed_run(config, on_match=on_match, done=done)
    except KeyboardInterrupt:
        where = f"; go on with: sevenrocks tournament --resume {folder}" if folder is not None else ""
        typer.echo(f"interrupted after {sum(wins)} decided matches{where}", err=True)
        raise typer.Exit(130) from None
    except (RecordError, EntrantFailing, JournalError) as err:
        raise fail(str(err)) from None
    except BrokenProcessPool:
        raise fail("a worker process died (out of memory, or killed); try fewer --workers") from None
    if folder is not None:
        try:
            (folder / "tournament.json").write_text(json.dumps(summary, indent=1) + "\n")
        except OSError as err:
            raise fail(f"cannot write {folder / 'tournament.json'}: {err.strerror or err}") from None
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
        return
    console = Console()
    console.print(results_table(summary))
    if summary["forfeits"]:
        console.print(f"[yellow]{summary['forfeits']} matches were lost by forfeit:[/yellow]")
        for line in forfeit_lines(summary):
            console.print(f"  {line}", markup=False, highlight=False)
    if folder is not None:
        console.print(f"Records: {folder}/match-*.json, summary: {folder}/tournament.json")
    console.print(f"Played in {summary['seconds']} s.")
