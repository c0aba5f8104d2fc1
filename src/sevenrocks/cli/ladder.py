"""``sevenrocks ladder BOT...``: a duplicate round robin in any game, Bradley–Terry (Elo-scale)
ratings and a chart."""

from __future__ import annotations

import json
import sys
from itertools import combinations
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.cli.durations import parse_duration
from sevenrocks.cli.game_options import (
    EVERY_ENGINE,
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
from sevenrocks.cli.tournament import check_entrant, prepare_records, slug
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, find_game
from sevenrocks.tournament.duplicate import MatchSummary, TournamentConfig, timed_run
from sevenrocks.tournament.journal import JOURNAL_NAME, resume_config

__all__ = ["PLAN_NAME", "ladder_command"]

#: The file in a ladder's records folder that says which ladder it is (so it can be resumed).
PLAN_NAME = "ladder-plan.json"
PLAN_FORMAT = "sevenrocks-ladder-plan"


def _write_plan(folder: Path, settings: dict[str, Any]) -> None:
    path = folder / PLAN_NAME
    try:
        path.write_text(json.dumps({"format": PLAN_FORMAT, "version": 1, **settings}, indent=1) + "\n")
    except OSError as err:
        raise fail(f"cannot write {path}: {err.strerror or err}") from None


def _resumed_plan(
    ctx: typer.Context,
    folder: Path,
    values: dict[str, Any],
    game: tuple[str | None, list[str] | None, int | None],
) -> dict[str, Any]:
    """The plan of the ladder in ``folder``; options given that contradict it (a different game
    among them) are refused."""
    plan = _read_plan(folder)
    asked = {
        name: value
        for name, value in values.items()
        if (bool(value) if name == "bots" else given_on_command_line(ctx, name))
    }
    conflict = resume_conflict(ctx, "ladder", folder, plan, asked, labels={"bots": "BOT..."})
    if conflict is None:
        conflict = game_conflict(ctx, "ladder", folder, (plan["game"], plan["options"], plan["seats"]), game)
    if conflict is not None:
        raise fail(conflict)
    return plan


def _read_plan(folder: Path) -> dict[str, Any]:
    """The settings of the ladder in ``folder``; a clear error when there is none or it is damaged."""
    path = folder / PLAN_NAME
    if not folder.is_dir():
        raise fail(f"--resume: {folder} is not a folder")
    try:
        plan = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise fail(
            f"--resume: {folder} has no {PLAN_NAME}, so it is not a ladder that can be resumed"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise fail(f"--resume: cannot read {path}: {err}") from None
    if isinstance(plan, dict) and "game" not in plan:  # a ladder of Seven Rocks, before the family
        target = plan.get("target")
        plan = {**plan, "game": DEFAULT_GAME, "options": {"target": target}, "seats": 4}
    ok = (
        isinstance(plan, dict)
        and plan.get("format") == PLAN_FORMAT
        and isinstance(plan.get("bots"), list)
        and len(plan["bots"]) >= 2
        and all(isinstance(b, str) for b in plan["bots"])
        and all(isinstance(plan.get(k), int) for k in ("matches_per_pair", "seed", "seats"))
        and (plan.get("target") is None or isinstance(plan.get("target"), int))
        and (plan.get("think") is None or isinstance(plan.get("think"), int | float))
        and isinstance(plan.get("bot_timeout"), int | float)
        and isinstance(plan.get("game"), str)
        and isinstance(plan.get("options"), dict)
    )
    if not ok:
        raise fail(f"--resume: {path} is not a sevenrocks ladder plan, or it is damaged")
    try:
        definition = find_game(plan["game"])
        definition.rules(plan["options"], plan["seats"], engine=definition.engine)
    except SevenRocksError as err:
        raise fail(f"--resume: {path}: {err.reason}") from None
    return dict(plan)


def ladder_command(
    ctx: typer.Context,
    bots: Annotated[
        list[str] | None, typer.Argument(metavar="BOT...", help="Two or more bots (or cmd:COMMAND).")
    ] = None,
    matches_per_pair: Annotated[
        int,
        typer.Option(
            "--matches-per-pair",
            min=2,
            help="Duplicate matches for each pairing (even; with 3 seats a multiple of 6).",
        ),
    ] = 20,
    chart: Annotated[Path, typer.Option("--chart", help="Where to draw the ratings (PNG).")] = Path(
        "ladder.png"
    ),
    workers: WorkersOption = 1,
    ray: RayOption = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed for deals, lots and bots (same deals for every pairing).")
    ] = 0,
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
        typer.Option("--resume", help="Go on with the stopped ladder whose records are in this folder."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the ratings and pairings as one JSON object.")
    ] = False,
) -> None:
    """Rate bots: every pair plays a duplicate match series in the game (--game ID, --option
    KEY=VALUE, --seats N; Seven Rocks by default); a Bradley–Terry fit gives Elo-scale ratings
    with 95% intervals, printed as a table and drawn as a PNG chart. A stopped ladder goes on
    with --resume FOLDER. With --ray the matches are Ray tasks, on this machine or a cluster."""
    bots = list(bots or [])
    think_seconds = None if think is None else parse_duration(think, what="a time per move")
    settings = {"bots": bots, "matches_per_pair": matches_per_pair, "seed": seed,
                "think": think_seconds, "target": target, "bot_timeout": bot_timeout}  # fmt: skip
    if resume is not None:
        plan = _resumed_plan(ctx, resume, settings, (game, option, seats))
        bots, matches_per_pair, seed = plan["bots"], plan["matches_per_pair"], plan["seed"]
        think_seconds, target, bot_timeout = plan["think"], plan["target"], float(plan["bot_timeout"])
        game_id, game_options, seat_count = plan["game"], dict(plan["options"]), int(plan["seats"])
    else:
        choice = game_choice(game, option, seats, target=target, engines=EVERY_ENGINE)
        game_id, game_options, seat_count = choice.id, choice.options, choice.seats
        chosen_target = choice.options.get("target")
        target = chosen_target if isinstance(chosen_target, int) else None
        settings = {
            **settings,
            "target": target,
            "game": game_id,
            "options": game_options,
            "seats": seat_count,
        }
    if len(bots) < 2:
        raise fail("a ladder needs at least two bots")
    if len(set(bots)) != len(bots):
        raise fail(f"each bot may enter the ladder once: {', '.join(bots)}")
    group = group_size(seat_count)
    if matches_per_pair % group:
        if group == 2:
            raise fail(
                f"--matches-per-pair {matches_per_pair}: give an even number (each set of deals twice)"
            )
        raise fail(
            f"--matches-per-pair {matches_per_pair}: a {seat_count}-seat game plays every set of deals "
            f"{group} times (each entrant at every seat), so give a multiple of {group}"
        )
    check_bot_timeout(bot_timeout)
    if chart.suffix.lower() != ".png":
        raise fail(f"--chart {chart}: the chart is a PNG picture; give a name ending in .png")
    for bot in bots:
        check_entrant(bot, "BOT", entrant_options(think_seconds), game_id)
    if resume is not None:
        folder: Path | None = resume
    else:
        name = records_name(game_id, f"ladder-{len(bots)}-bots-seed{seed}")
        folder = prepare_records(records, no_records, name)
        if folder is not None:
            _write_plan(folder, settings)
    pairings = list(combinations(range(len(bots)), 2))
    summaries: list[dict[str, Any]] = []
    err_console = Console(stderr=True)
    with (
        ray_cluster(ctx, ray, workers, bots) as session,
        playing("ladder", folder),
        progress_bar(err_console) as progress,
    ):
        task = progress.add_task("ladder", total=len(pairings) * matches_per_pair, status="")

        def on_match(_: MatchSummary) -> None:
            progress.update(task, advance=1)

        for k, (i, j) in enumerate(pairings, 1):
            progress.update(task, status=f"{bots[i]} vs {bots[j]}")
            sub = None if folder is None else folder / f"{k:02d}-{slug(bots[i])}-vs-{slug(bots[j])}"
            if sub is not None and (sub / JOURNAL_NAME).exists():  # a pairing begun before a stop
                config, contents = resume_config(sub, workers=workers)
                progress.update(task, advance=len(contents.done))
                summaries.append(timed_run(config, on_match=on_match, done=contents.done, ray=session))
                continue
            config = TournamentConfig(
                team0=bots[i],
                team1=bots[j],
                matches=matches_per_pair,
                seed=seed,
                workers=workers,
                think=think_seconds,
                bot_timeout=bot_timeout,
                records=sub,
                game=game_id,
                game_options=game_options,
                seats=seat_count,
            )
            summaries.append(timed_run(config, on_match=on_match, ray=session))
    results = [
        (s["team0"], s["team1"], s["team0_wins"] + s["draws"] / 2, s["team1_wins"] + s["draws"] / 2)
        for s in summaries
    ]
    from sevenrocks.tournament.chart import ladder_chart  # numpy and matplotlib: only when used
    from sevenrocks.tournament.ladder import fit_bradley_terry

    fit = fit_bradley_terry(bots, results)
    try:
        name = "Seven Rocks" if game_id == DEFAULT_GAME else f"{find_game(game_id).name} ({seat_count} seats)"
        ladder_chart(fit, chart, title=f"{name} ladder: {matches_per_pair} duplicate matches per pairing")
    except OSError as err:
        raise fail(f"cannot write the chart {chart}: {err.strerror or err}") from None
    pairs = [
        {
            "team0": s["team0"],
            "team1": s["team1"],
            "matches": s["matches"],
            "team0_wins": s["team0_wins"],
            "team1_wins": s["team1_wins"],
            "draws": s["draws"],
            "forfeits": s["forfeits"],
            "team0_match_win_rate": s["team0_match_win_rate"],
            "team0_match_win_rate_ci95": s["team0_match_win_rate_ci95"],
        }
        for s in summaries
    ]
    report = {
        "bots": list(bots),
        "game": game_id,
        "options": game_options,
        "seats": seat_count,
        "matches_per_pair": matches_per_pair,
        "seed": seed,
        "target": target,
        "think_seconds": think_seconds,
        "ratings": fit.to_json(),
        "pairs": pairs,
        "chart": str(chart),
        "records": None if folder is None else str(folder),
    }
    if folder is not None:
        (folder / "ladder.json").write_text(json.dumps(report, indent=1) + "\n")
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
        return
    console = Console()
    where = "" if game_id == DEFAULT_GAME else f" of {game_id} with {seat_count} seats"
    defaults = find_game(game_id).defaults()
    changed = options_text({k: v for k, v in game_options.items() if defaults.get(k) != v})
    if game_id != DEFAULT_GAME and changed:
        where += f" ({changed})"
    table = Table(
        title=f"Ladder{where}: {len(bots)} bots, {matches_per_pair} duplicate matches per pairing, "
        f"seed {seed}"
    )
    for name, justify in (("#", "right"), ("bot", "left"), ("Elo", "right"), ("95% interval", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("score", justify="right")
    for row in fit.to_json():
        low, high = row["ci95"]
        table.add_row(
            str(row["rank"]),
            row["bot"],
            f"{row['elo']:.0f}",
            f"{low:.0f}-{high:.0f}",
            f"{row['score']:g}/{row['matches']:g}",
        )
    console.print(table)
    pair_table = Table(title="Pairings (team0 win rate, 95% Wilson interval)")
    for name in ("team0", "team1", "won", "win rate", "forfeits"):
        pair_table.add_column(name)
    for p in pairs:
        low, high = p["team0_match_win_rate_ci95"]
        pair_table.add_row(
            p["team0"],
            p["team1"],
            f"{p['team0_wins']}-{p['team1_wins']}",
            f"{p['team0_match_win_rate']:.1%} ({low:.1%}-{high:.1%})",
            str(p["forfeits"]),
        )
    console.print(pair_table)
    console.print(f"Chart: {chart}" + (f"; records: {folder}" if folder is not None else ""))
