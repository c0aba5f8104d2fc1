"""``sevenrocks tournament``: a duplicate tournament between two bots in any game, with records and
statistics; or, with ``--format table``, a General session of teams waiting their turn at the table."""

from __future__ import annotations

import json
import re
import sys
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
from sevenrocks.cli.game_options import (
    EVERY_ENGINE,
    GameChoice,
    GameOption,
    OptionsOption,
    SeatsOption,
    game_choice,
    options_text,
)
from sevenrocks.cli.match_options import (
    BotTimeoutOption,
    NoRecordsOption,
    RecordsOption,
    TargetOption,
    ThinkOption,
    WorkersOption,
    check_bot_timeout,
    entrant_options,
    fail,
    game_conflict,
    given_on_command_line,
    group_size,
    playing,
    records_name,
    resume_conflict,
)
from sevenrocks.cli.progress import progress_bar
from sevenrocks.cli.ray_option import RayOption, ray_cluster
from sevenrocks.core.errors import RecordError
from sevenrocks.core.games import DEFAULT_GAME, find_game
from sevenrocks.tournament.duplicate import MatchSummary, TournamentConfig, timed_run
from sevenrocks.tournament.journal import (
    JOURNAL_NAME,
    JournalContents,
    JournalError,
    config_settings,
    resume_config,
)
from sevenrocks.tournament.table import TABLE_GAMES, TableConfig, TableMatch, timed_table

__all__ = ["check_entrant", "prepare_records", "tournament_command"]


def check_entrant(
    name: str, option: str, options: dict[str, Any] | None = None, game: str | None = None
) -> None:
    """Fail clearly, before any match, on an unknown bot, a bad option, a bot that does not play
    ``game`` (``expert`` outside Seven Rocks), or a ``cmd:`` program that cannot start."""
    if name.startswith(CMD_PREFIX):
        try:
            check_command(name[len(CMD_PREFIX) :])
        except BotFailure as err:
            raise fail(f"{option}: {err.reason}") from None
        return
    try:
        bot = make_bot(name, seed=0, game=None if game == DEFAULT_GAME else game, **(options or {}))
    except ValueError as err:  # an unknown bot, a bad option, a game the bot does not play
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


def _title(summary: dict[str, Any]) -> str:
    n = summary["matches"]
    if summary.get("game", DEFAULT_GAME) == DEFAULT_GAME:
        return (
            f"Duplicate tournament: {n} matches ({summary['pairs']} pairs of deals), seed {summary['seed']}"
        )
    defaults = find_game(summary["game"]).defaults()
    changed = {k: v for k, v in (summary.get("options") or {}).items() if defaults.get(k) != v}
    options = options_text(changed)
    game = f"{summary['game']} with {summary['seats']} seats" + (f" ({options})" if options else "")
    sets = summary["pairs"]
    return (
        f"Duplicate tournament of {game}: {n} matches ({sets} set{'' if sets == 1 else 's'} of deals, "
        f"{summary['matches_per_set']} matches each), seed {summary['seed']}"
    )


#: The table's rows of per-hand figures, by the name ``summarize`` gives them in ``figures``.
FIGURE_ROWS = {
    "awarded": ("points scored at settlement per hand", "awarded_per_hand"),
    "written": ("points written per hand (penalties)", "written_per_hand"),
    "recorded": ("points added to the record per hand", "recorded_per_hand"),
    "drawn": ("tiles drawn per hand", "drawn_per_hand"),
}


def results_table(summary: dict[str, Any]) -> Table:
    """The tournament's figures as a Rich table, one column per entrant, with the rows that make
    sense in the game."""
    n = summary["matches"]
    low, high = summary["team0_match_win_rate_ci95"]
    draws = f"; {summary['draws']} draws" if summary.get("draws") else ""
    table = Table(
        title=_title(summary),
        caption=f"team0 match win rate {summary['team0_match_win_rate']:.1%} (95% Wilson interval "
        f"{low:.1%}-{high:.1%}){draws}; {summary['hands_per_match']} hands per match; "
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
    group = summary.get("matches_per_set", 2)
    table.add_row(
        "duplicate pairs won both" if group == 2 else f"sets of deals won in all {group} matches",
        str(summary["pairs_team0_won_both"]),
        str(summary["pairs_team1_won_both"]),
    )
    figures = summary.get("figures", ["scored", "deducted"])
    if "deducted" in figures:
        rows = [("points per hand (net)", "points_per_hand")]
        if "scored" in figures:
            rows.append(("  scored per hand", "scored_per_hand"))
        rows.append(("  deducted per hand", "deducted_per_hand"))
    elif "scored" in figures:
        rows = [("points scored in play per hand", "scored_per_hand")]
    else:
        rows = []
    rows.extend(FIGURE_ROWS[name] for name in figures if name in FIGURE_ROWS)
    for label, key in rows:
        table.add_row(label, _num(summary[f"team0_{key}"]), _num(summary[f"team1_{key}"]))
    if "goats" in figures:
        table.add_row("matches ended as the goat", str(summary["team0_goats"]), str(summary["team1_goats"]))
    for name, label in (("generals", "Generals received"), ("nakeds", "nakeds received")):
        if name in figures:
            table.add_row(label, str(summary[f"team0_{name}"]), str(summary[f"team1_{name}"]))
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
    ctx: typer.Context,
    folder: Path,
    workers: int,
    matches: int,
    values: dict[str, Any],
    game: tuple[str | None, list[str] | None, int | None],
) -> tuple[TournamentConfig, JournalContents]:
    """The tournament in ``folder`` to go on with; options that contradict it are refused (a
    different game among them)."""
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
    if conflict is None:
        saved = (config.game, config.game_options, config.rules.seats)
        conflict = game_conflict(ctx, "tournament", folder, saved, game)
    if conflict is not None:
        raise fail(conflict)
    if config.matches % config.group:
        raise fail(_matches_error(config.matches, config.rules.seats))
    return config, contents


def _matches_error(matches: int, seats: int) -> str:
    group = group_size(seats)
    if group == 2:
        return (
            f"--matches {matches}: a duplicate tournament plays every set of deals twice, "
            "so give an even number of matches"
        )
    return (
        f"--matches {matches}: a duplicate tournament of a {seats}-seat game plays every set of deals "
        f"{group} times (each entrant at every seat), so give a multiple of {group}"
    )


def _matches_for(ctx: typer.Context, matches: int, choice: GameChoice) -> int:
    """``--matches``, checked against the game's sets of deals; left at its default, rounded up
    to a whole number of sets."""
    group = group_size(choice.seats)
    if matches % group == 0:
        return matches
    if not given_on_command_line(ctx, "matches"):
        return matches + group - matches % group
    raise fail(_matches_error(matches, choice.seats))


def _table_session(
    ctx: typer.Context,
    teams: list[str],
    matches: int,
    seed: int,
    think_seconds: float | None,
    bot_timeout: float,
    choice: GameChoice,
    records: Path | None,
    no_records: bool,
    as_json: bool,
) -> None:
    """``--format table``: General's teams queue for one table (``general.md`` §9.1)."""
    if choice.id not in TABLE_GAMES:
        raise fail(
            f"--format table plays {' or '.join(TABLE_GAMES)} (the side that gives way leaves the table "
            f"for the next waiting team), not {choice.id}"
        )
    for name in ("workers", "resume", "ray"):
        if given_on_command_line(ctx, name):
            raise fail(f"--format table plays its matches in order, one after another: no --{name}")
    options = entrant_options(think_seconds)
    for i, team in enumerate(teams):
        check_entrant(
            team, "--team0" if i == 0 else "--team1" if i == 1 else f"--team ({team})", options, choice.id
        )
    folder = prepare_records(records, no_records, f"{choice.id}-table-{len(teams)}-teams-seed{seed}")
    config = TableConfig(
        teams=tuple(teams),
        matches=matches,
        seed=seed,
        game=choice.id,
        game_options=choice.given,
        think=think_seconds,
        bot_timeout=bot_timeout,
        records=folder,
    )
    err_console = Console(stderr=True)
    try:
        with progress_bar(err_console) as progress:
            task = progress.add_task(f"{choice.id} table, {len(teams)} teams", total=matches, status="")

            def on_match(match: TableMatch) -> None:
                at = " vs ".join(f"team{t}" for t in match.sides)
                progress.update(task, advance=1, status=at)

            summary = timed_table(config, on_match=on_match)
    except KeyboardInterrupt:
        typer.echo("interrupted: a table session cannot be resumed", err=True)
        raise typer.Exit(130) from None
    except RecordError as err:
        raise fail(str(err)) from None
    if _write_summary(summary, folder, as_json):
        return
    console = Console()
    console.print(table_results(summary))
    if folder is not None:
        console.print(f"Records: {folder}/match-*.json, summary: {folder}/tournament.json")
    console.print(f"Played in {summary['seconds']} s.")


def table_results(summary: dict[str, Any]) -> Table:
    """A table session's figures, one column per team."""
    defaults = find_game(summary["game"]).defaults()
    options = options_text({k: v for k, v in summary["options"].items() if defaults.get(k) != v})
    title = (
        f"Table session of {summary['game']}"
        + (f" ({options})" if options else "")
        + f": {summary['matches']} matches, {len(summary['teams'])} teams, seed {summary['seed']}"
    )
    table = Table(
        title=title,
        caption="the team that gives way leaves the table for the next waiting team; the winner stays",
    )
    table.add_column("")
    for row in summary["teams"]:
        table.add_column(f"{row['team']}: {row['bot']}", justify="right")
    rows = [
        ("matches played", "played"),
        ("matches won (stayed)", "won"),
        ("gave way", "gave_way"),
        ("Generals received", "generals"),
        ("Generals made", "generals_made"),
    ]
    if "nakeds" in summary["figures"]:
        rows += [("nakeds received", "nakeds"), ("nakeds made", "nakeds_made")]
    rows += [
        ("hands lost", "hands_lost"),
        ("longest stay (wins in a row)", "longest_stay"),
        ("forfeits", "forfeits"),
    ]
    for label, key in rows:
        table.add_row(label, *(str(team[key]) for team in summary["teams"]))
    return table


def tournament_command(
    ctx: typer.Context,
    team0: Annotated[
        str | None, typer.Option("--team0", help="The first entrant: a bot (or cmd:COMMAND).")
    ] = None,
    team1: Annotated[
        str | None, typer.Option("--team1", help="The second entrant: a bot (or cmd:COMMAND).")
    ] = None,
    team: Annotated[
        list[str] | None,
        typer.Option(
            "--team",
            metavar="BOT",
            help="With --format table: one more team waiting for the table (repeatable), "
            "after team0 and team1.",
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="duplicate|table",
            help="duplicate (default): two entrants over the same deals; table: General's teams queue "
            "for one table and the side that gives way leaves it.",
        ),
    ] = "duplicate",
    matches: Annotated[
        int,
        typer.Option(
            "--matches",
            min=2,
            help="Matches to play: an even number (each set of deals twice); with 3 seats a multiple of 6.",
        ),
    ] = 200,
    workers: WorkersOption = 1,
    ray: RayOption = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed for deals, lots and bots.")] = 0,
    think: ThinkOption = None,
    bot_timeout: BotTimeoutOption = DEFAULT_BOT_TIMEOUT,
    target: TargetOption = None,
    game: GameOption = DEFAULT_GAME,
    option: OptionsOption = None,
    seats: SeatsOption = None,
    records: RecordsOption = None,
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
    """Play a duplicate tournament: every set of deals replayed with the entrants rotated through
    the seats (in Seven Rocks twice, with the partnerships swapped), in any game (--game ID,
    --option KEY=VALUE, --seats N).

    Prints matches won with a 95% Wilson interval, the per-hand figures of the game (points,
    deductions, settlements, penalties, draws, goats), hands per match, blocks, think time per
    move and forfeits; saves every match as a record that can be replayed, and the results so
    far in the records folder, so a stopped tournament goes on with --resume. With --ray the
    matches are Ray tasks, on this machine or a cluster: the same matches and results.

    With --format table (General): team0, team1 and every --team queue for one table; the team
    that gives way leaves it for the next waiting team, and the session counts each team's
    matches, Generals (and nakeds) received and made, and hands lost.
    """
    check_bot_timeout(bot_timeout)
    think_seconds = None if think is None else parse_duration(think, what="a time per move")
    if format_ not in ("duplicate", "table"):
        raise fail(f"--format must be duplicate or table, not {format_!r}")
    if format_ == "table":
        if team0 is None or team1 is None:
            raise fail("give --team0 and --team1 (and more waiting teams with --team)")
        choice = game_choice(game, option, seats, target=target)
        teams = [team0, team1, *(team or [])]
        _table_session(
            ctx, teams, matches, seed, think_seconds, bot_timeout, choice, records, no_records, as_json
        )
        return
    if team:
        raise fail("--team adds waiting teams to a table session: use it with --format table")
    done: dict[int, MatchSummary] | None = None  # None: a new tournament
    if resume is not None:
        given = {"team0": team0, "team1": team1, "seed": seed, "think": think_seconds,
                 "target": target, "bot_timeout": bot_timeout}  # fmt: skip
        config, contents = _resumed(ctx, resume, workers, matches, given, (game, option, seats))
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
        choice = game_choice(game, option, seats, target=target, engines=EVERY_ENGINE)
        matches = _matches_for(ctx, matches, choice)
        check_entrant(team0, "--team0", entrant_options(think_seconds), choice.id)
        check_entrant(team1, "--team1", entrant_options(think_seconds), choice.id)
        name = records_name(choice.id, f"{slug(team0)}-vs-{slug(team1)}-seed{seed}")
        folder = prepare_records(records, no_records, name)
        config = TournamentConfig(
            team0=team0,
            team1=team1,
            matches=matches,
            seed=seed,
            workers=workers,
            think=think_seconds,
            bot_timeout=bot_timeout,
            records=folder,
            game=choice.id,
            game_options=choice.given,
            seats=choice.seats,
        )
    if resume is not None:
        check_entrant(config.team0, "--team0", config.options(), config.game)
        check_entrant(config.team1, "--team1", config.options(), config.game)
    err_console = Console(stderr=True)
    wins = [sum(1 for s in (done or {}).values() if s.winner_side == side) for side in (0, 1)]

    def played() -> str:
        return f" after {sum(wins)} decided matches"

    with (
        ray_cluster(ctx, ray, workers, config.entrants) as session,
        playing("tournament", folder, played),
        progress_bar(err_console) as progress,
    ):
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

        summary = timed_run(config, on_match=on_match, done=done, ray=session)
    if _write_summary(summary, folder, as_json):
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


def _write_summary(summary: dict[str, Any], folder: Path | None, as_json: bool) -> bool:
    """Write the summary to ``folder``/tournament.json (if a folder) and, with ``as_json``, to
    standard output; True when it went to standard output (nothing else is to be printed)."""
    if folder is not None:
        try:
            (folder / "tournament.json").write_text(json.dumps(summary, indent=1) + "\n")
        except OSError as err:
            raise fail(f"cannot write {folder / 'tournament.json'}: {err.strerror or err}") from None
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    return as_json
