"""Duplicate tournaments between two bots, played in one process or several.

Every set of deals is played twice: in the first match of a pair the ``team0`` bot holds seats
0 and 2; in the second the partnerships are swapped — ``team1`` gets those very seats, deals and
lots — so the luck of the deal cancels out. The first hand's leader rotates with the pair
(seat 0, 1, 2, 3, 0...), so seats and leaders come round fairly. Everything is derived from the
tournament seed, so the same command gives the same matches, with any number of workers.

>>> schedule = duplicate_schedule(4, seed=7)
>>> [(s.pair, s.sides, s.first_leader) for s in schedule]
[(0, (0, 1, 0, 1), 0), (0, (1, 0, 1, 0), 0), (1, (0, 1, 0, 1), 1), (1, (1, 0, 1, 0), 1)]
>>> schedule[0].deal_seed == schedule[1].deal_seed != schedule[2].deal_seed
True
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from sevenrocks.bots.program import exit_on_signal
from sevenrocks.tournament.journal import Journal
from sevenrocks.tournament.model import MatchSummary, TournamentConfig, record_path
from sevenrocks.tournament.runner import play_match
from sevenrocks.tournament.stats import mean, percentile, wilson_interval

__all__ = [
    "EntrantFailing",
    "MatchSpec",
    "MatchSummary",
    "TournamentConfig",
    "duplicate_schedule",
    "record_path",
    "run_tournament",
    "summarize",
]

SIDES: Final = ((0, 1, 0, 1), (1, 0, 1, 0))
SIDE_NAMES: Final = ("team0", "team1")
#: An entrant that forfeits each of its first this many matches stops the tournament.
GIVE_UP_AFTER: Final = 10


@dataclass(frozen=True)
class MatchSpec:
    """One match of the schedule: which entrant (0: ``team0``, 1: ``team1``) sits at each seat."""

    index: int
    pair: int
    swapped: bool
    deal_seed: str
    first_leader: int
    sides: tuple[int, int, int, int]
    bot_seeds: tuple[int, int, int, int]


def duplicate_schedule(matches: int, seed: int, *, start_pair: int = 0) -> list[MatchSpec]:
    """The first ``matches`` matches (an even number) of the duplicate schedule for ``seed``."""
    if matches < 2 or matches % 2:
        raise ValueError(
            f"a duplicate tournament plays an even number of matches (each set of deals twice), not {matches}"
        )
    out: list[MatchSpec] = []
    for pair in range(start_pair, start_pair + matches // 2):
        deal_seed = f"{seed}/{pair}"
        for swapped in (False, True):
            seeds = tuple(
                random.Random(f"{seed}/{pair}/{int(swapped)}/bot/{s}").getrandbits(32) for s in range(4)
            )
            out.append(
                MatchSpec(
                    index=2 * pair + swapped,
                    pair=pair,
                    swapped=swapped,
                    deal_seed=deal_seed,
                    first_leader=pair % 4,
                    sides=SIDES[swapped],
                    bot_seeds=seeds,  # type: ignore[arg-type]
                )
            )
    return out


def play_spec(config: TournamentConfig, spec: MatchSpec) -> MatchSummary:
    """Play one scheduled match (in whatever process runs it) and save its record."""
    players = tuple(config.entrants[side] for side in spec.sides)
    metadata = {
        "event": f"duplicate tournament {config.team0} vs {config.team1}",
        "tournament_seed": str(config.seed),
        "match": str(spec.index + 1),
        "pair": str(spec.pair + 1),
        "partnerships": "swapped" if spec.swapped else "as entered",
        "deal_seed": spec.deal_seed,
    }
    if config.think is not None:
        metadata["think"] = f"{config.think:g}s"
    outcome = play_match(
        players,
        deal_seed=spec.deal_seed,
        first_leader=spec.first_leader,
        bot_seeds=spec.bot_seeds,
        target=config.target,
        bot_timeout=config.bot_timeout,
        options=config.options(),
        metadata=metadata,
    )
    saved = None
    if config.records is not None:
        saved = str(outcome.record.save(record_path(config.records, spec.index)))
    side_of = spec.sides  # partnership p is held by entrant side_of[p] (seat p and p + 2)
    by_side: list[list[float]] = [[], []]
    for seat, times in enumerate(outcome.think):
        by_side[side_of[seat]].extend(times)
    forfeit = None
    if outcome.forfeit is not None:
        forfeit = {**outcome.forfeit.to_json(), "side": SIDE_NAMES[side_of[outcome.forfeit.seat]]}

    def per_side(values: tuple[int, ...]) -> tuple[int, int]:
        return (values[0], values[1]) if side_of[0] == 0 else (values[1], values[0])

    return MatchSummary(
        index=spec.index,
        pair=spec.pair,
        swapped=spec.swapped,
        winner_side=None if outcome.winner is None else side_of[outcome.winner],
        scores_by_side=per_side(outcome.scores),
        hands=outcome.hands,
        blocks=outcome.blocks,
        points_by_side=per_side(outcome.points),
        deductions_by_side=per_side(outcome.deductions),
        think_by_side=(tuple(by_side[0]), tuple(by_side[1])),
        forfeit=forfeit,
        record=saved,
        players=players,
    )


def _worker_init() -> None:
    """In a worker process: leave Ctrl-C to the main process, and on SIGTERM unwind (so that
    the bot programs of the match being played are stopped too) and exit."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, exit_on_signal)


def _play_chunk(config: TournamentConfig, specs: Sequence[MatchSpec]) -> list[MatchSummary]:
    return [play_spec(config, spec) for spec in specs]


def _chunks(specs: Sequence[MatchSpec]) -> Iterator[list[MatchSpec]]:
    """The schedule in duplicate pairs (the unit a worker plays; a resumed pair may have one match)."""
    pairs: dict[int, list[MatchSpec]] = {}
    for spec in specs:
        pairs.setdefault(spec.pair, []).append(spec)
    yield from pairs.values()


class EntrantFailing(Exception):
    """An entrant forfeited every one of its first matches: it does not work at all."""

    def __init__(self, name: str, matches: int, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(
            f"{name} forfeited each of its first {matches} matches, so the tournament stops: {reason}"
        )


def run_tournament(
    config: TournamentConfig,
    *,
    on_match: Callable[[MatchSummary], None] | None = None,
    give_up_after: int | None = GIVE_UP_AFTER,
    done: Mapping[int, MatchSummary] | None = None,
) -> list[MatchSummary]:
    """Play the whole tournament and return every match, in schedule order.

    With ``workers`` > 1 the duplicate pairs are shared out to that many processes; the
    results do not depend on it. ``on_match`` is called as each match finishes (for progress).
    A bot that forfeits now and then just loses those matches; one that forfeits each of its
    first ``give_up_after`` matches (a program that cannot start, crashes or hangs every time)
    stops the tournament with :class:`EntrantFailing` rather than wasting hours on it.

    With a records folder every finished match also goes to the folder's results journal
    (:mod:`.journal`). ``done`` are matches already played (read back from that journal by
    :func:`~.journal.read_journal`): they are kept, not played again, and counted in the result.
    """
    finished = dict(done or {})
    specs = [s for s in duplicate_schedule(config.matches, config.seed) if s.index not in finished]
    results: list[MatchSummary] = list(finished.values())
    forfeited = [0, 0]
    journal = Journal.open(config, done) if config.records is not None else None

    def record(summary: MatchSummary) -> None:
        results.append(summary)
        if journal is not None:
            journal.add(summary)
        if on_match is not None:
            on_match(summary)
        if give_up_after is None:
            return
        for side in (0, 1):
            failed = summary.forfeit is not None and summary.forfeit["side"] == SIDE_NAMES[side]
            if forfeited[side] >= 0:
                forfeited[side] = forfeited[side] + 1 if failed else -1
            if forfeited[side] == give_up_after and summary.forfeit is not None:
                raise EntrantFailing(config.entrants[side], give_up_after, summary.forfeit["reason"])

    try:
        if config.workers <= 1:
            for spec in specs:
                record(play_spec(config, spec))
        elif specs:
            pool = multiprocessing.get_context("spawn").Pool(config.workers, initializer=_worker_init)
            try:
                for chunk in pool.imap_unordered(partial(_play_chunk, config), list(_chunks(specs))):
                    for summary in chunk:
                        record(summary)
                pool.close()
            except BaseException:
                pool.terminate()  # workers stop their bot programs on SIGTERM (see _worker_init)
                raise
            finally:
                pool.join()
    finally:
        if journal is not None:
            journal.close()
    results.sort(key=lambda s: s.index)
    return results


def _rounded(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def summarize(
    config: TournamentConfig, results: Sequence[MatchSummary], *, seconds: float | None = None
) -> dict[str, Any]:
    """The tournament's figures as one JSON-ready object (what ``--json`` prints)."""
    n = len(results)
    wins = [sum(1 for r in results if r.winner_side == side) for side in (0, 1)]
    draws = n - wins[0] - wins[1]
    rate = (wins[0] + 0.5 * draws) / n if n else None
    low, high = wilson_interval(wins[0] + 0.5 * draws, n)
    hands = sum(r.hands for r in results)
    blocks = sum(r.blocks for r in results)
    forfeits = [r.forfeit for r in results if r.forfeit is not None]
    pairs_won = [0, 0, 0]  # team0 won both, split, team1 won both
    by_pair: dict[int, list[MatchSummary]] = {}
    for r in results:
        by_pair.setdefault(r.pair, []).append(r)
    for pair in by_pair.values():
        team0 = sum(1 for r in pair if r.winner_side == 0)
        if len(pair) == 2:
            pairs_won[{2: 0, 1: 1, 0: 2}[team0]] += 1
    out: dict[str, Any] = {
        "team0": config.team0,
        "team1": config.team1,
        "format": "duplicate",
        "seed": config.seed,
        "target": config.target,
        "think_seconds": config.think,
        "bot_timeout": config.bot_timeout,
        "matches": n,
        "pairs": len(by_pair),
        "team0_wins": wins[0],
        "team1_wins": wins[1],
        "draws": draws,
        "forfeits": len(forfeits),
        "team0_match_win_rate": _rounded(rate, 4),
        "team0_match_win_rate_ci95": [round(low, 4), round(high, 4)],
        "pairs_team0_won_both": pairs_won[0],
        "pairs_split": pairs_won[1],
        "pairs_team1_won_both": pairs_won[2],
        "hands": hands,
        "hands_per_match": _rounded(hands / n if n else None),
        "blocks": blocks,
        "block_rate": _rounded(blocks / hands if hands else None, 4),
    }
    for side, name in enumerate(SIDE_NAMES):
        points = sum(r.points_by_side[side] for r in results)
        deductions = sum(r.deductions_by_side[side] for r in results)
        times = [t for r in results for t in r.think_by_side[side]]
        m, p95 = mean(times), percentile(times, 95)
        out[f"{name}_points_per_hand"] = _rounded((points - deductions) / hands if hands else None)
        out[f"{name}_scored_per_hand"] = _rounded(points / hands if hands else None)
        out[f"{name}_deducted_per_hand"] = _rounded(deductions / hands if hands else None)
        out[f"{name}_moves"] = len(times)
        out[f"{name}_think_ms_mean"] = _rounded(None if m is None else m * 1000)
        out[f"{name}_think_ms_p95"] = _rounded(None if p95 is None else p95 * 1000)
        out[f"{name}_forfeits"] = sum(1 for f in forfeits if f["side"] == name)
    out["forfeit_details"] = [
        {"match": r.index + 1, **r.forfeit, "player": r.players[r.forfeit["seat"]] if r.players else None}
        for r in results
        if r.forfeit is not None
    ]
    out["records"] = None if config.records is None else str(config.records)
    if seconds is not None:
        out["seconds"] = round(seconds, 2)
    return out


def timed_run(
    config: TournamentConfig,
    *,
    on_match: Callable[[MatchSummary], None] | None = None,
    done: Mapping[int, MatchSummary] | None = None,
) -> dict[str, Any]:
    """Run the tournament and return :func:`summarize`'s object with the wall time of this run
    (``resumed_matches`` counts the ``done`` matches it started from)."""
    start = time.perf_counter()
    results = run_tournament(config, on_match=on_match, done=done)
    summary = summarize(config, results, seconds=time.perf_counter() - start)
    summary["resumed_matches"] = len(done or {})
    return summary
