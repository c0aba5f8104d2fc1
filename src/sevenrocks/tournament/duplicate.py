"""Duplicate tournaments between two bots, in any game, played in one process or several.

Every set of deals is replayed with the entrants rotated through the seats, so that each
entrant plays every hand of the deal and the luck of the deal cancels out
(:func:`~sevenrocks.tournament.model.seat_plans`). With four seats in partnership (Seven Rocks)
a set is played twice: in the first match the ``team0`` bot holds seats 0 and 2; in the second
the partnerships are swapped — ``team1`` gets those very seats, deals and lots. Two seats swap
likewise. With three seats a set is played six times: each entrant once alone at each seat
against two copies of the other, and once as those two copies. The first hand's leader, where a
lot names it, rotates with the set (seat 0, 1, 2, 3, 0...), so seats and leaders come round
fairly. Everything is derived from the tournament seed, so the same command gives the same
matches, with any number of workers.

>>> schedule = duplicate_schedule(4, seed=7)
>>> [(s.pair, s.sides, s.first_leader) for s in schedule]
[(0, (0, 1, 0, 1), 0), (0, (1, 0, 1, 0), 0), (1, (0, 1, 0, 1), 1), (1, (1, 0, 1, 0), 1)]
>>> schedule[0].deal_seed == schedule[1].deal_seed != schedule[2].deal_seed
True
>>> [s.sides for s in duplicate_schedule(6, seed=7, seats=3)][:2]
[(0, 1, 1), (1, 0, 0)]
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from sevenrocks.bots.program import exit_on_signal
from sevenrocks.core.envelope import RecordEnvelope, save_text
from sevenrocks.core.games import DEFAULT_GAME, Engine, Rules, find_game
from sevenrocks.core.games.ending import LosersTarget
from sevenrocks.core.games.general import Counts
from sevenrocks.core.games.sea import SeaRecord
from sevenrocks.core.games.settlement import DeductFloor5, DeductRound5, HandBonus, LosersWrite, WinnerTakes
from sevenrocks.tournament.journal import Journal
from sevenrocks.tournament.model import MatchSummary, TournamentConfig, record_path, seat_plans
from sevenrocks.tournament.runner import Forfeit, MatchOutcome, play_match
from sevenrocks.tournament.stats import mean, percentile, wilson_interval

if TYPE_CHECKING:  # Ray is optional: ray_runner is imported only where --ray is given
    from sevenrocks.tournament.ray_runner import RaySession

__all__ = [
    "EntrantFailing",
    "MatchSpec",
    "MatchSummary",
    "PlayedMatch",
    "TournamentConfig",
    "duplicate_schedule",
    "entrant_result",
    "figures_for",
    "pair_chunks",
    "play_spec",
    "play_unsaved",
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
    """One match of the schedule: which entrant (0: ``team0``, 1: ``team1``) sits at each seat.

    ``pair`` numbers the set of deals (two matches with two or four seats, six with three) and
    ``rotation`` the seating within it; ``swapped`` is true for the odd seatings (in Seven Rocks,
    the match with the partnerships swapped).
    """

    index: int
    pair: int
    swapped: bool
    deal_seed: str
    first_leader: int
    sides: tuple[int, ...]
    bot_seeds: tuple[int, ...]
    rotation: int = 0


def duplicate_schedule(matches: int, seed: int, *, start_pair: int = 0, seats: int = 4) -> list[MatchSpec]:
    """The first ``matches`` matches of the duplicate schedule for ``seed`` and ``seats`` seats
    (a whole number of sets of deals: an even number, a multiple of 6 with three seats)."""
    plans = seat_plans(seats)
    group = len(plans)
    if matches < group or matches % group:
        if group == 2:
            raise ValueError(
                "a duplicate tournament plays an even number of matches (each set of deals twice), "
                f"not {matches}"
            )
        raise ValueError(
            f"a duplicate tournament of a {seats}-seat game plays each set of deals {group} times "
            f"(every entrant at every seat), so a multiple of {group} matches, not {matches}"
        )
    out: list[MatchSpec] = []
    for pair in range(start_pair, start_pair + matches // group):
        deal_seed = f"{seed}/{pair}"
        for rotation, plan in enumerate(plans):
            seeds = tuple(
                random.Random(f"{seed}/{pair}/{rotation}/bot/{s}").getrandbits(32) for s in range(seats)
            )
            out.append(
                MatchSpec(
                    index=group * pair + rotation,
                    pair=pair,
                    swapped=bool(rotation % 2),
                    deal_seed=deal_seed,
                    first_leader=pair % seats,
                    sides=plan,
                    bot_seeds=seeds,
                    rotation=rotation,
                )
            )
    return out


def _metadata(config: TournamentConfig, spec: MatchSpec) -> dict[str, str]:
    metadata = {
        "event": f"duplicate tournament {config.team0} vs {config.team1}",
        "tournament_seed": str(config.seed),
        "match": str(spec.index + 1),
        "pair": str(spec.pair + 1),
    }
    if config.game == DEFAULT_GAME:
        metadata["partnerships"] = "swapped" if spec.swapped else "as entered"
    else:
        metadata["game"] = config.game
        metadata["options"] = " ".join(f"{k}={v}".lower() for k, v in config.game_options.items())
        metadata["seating"] = f"{spec.rotation + 1} of {config.group}"
    metadata["deal_seed"] = spec.deal_seed
    if config.think is not None:
        metadata["think"] = f"{config.think:g}s"
    return metadata


def entrant_result(rules: Rules, plan: tuple[int, ...], outcome: MatchOutcome) -> int | None:
    """The entrant that won the match: the one holding every winning side, or else the other of
    the one holding every losing side; ``None`` for a draw (both hold winners and losers).

    With three seats (one entrant holding two) the goat of the Goat family decides: the entrant
    not holding it wins."""
    holder = [plan[rules.seats_of(side)[0]] for side in range(rules.sides)]
    winners = {holder[s] for s in outcome.winners}
    losers = {holder[s] for s in outcome.losers}
    if len(winners) == 1:
        return winners.pop()
    if len(losers) == 1:
        return 1 - losers.pop()
    return None


def spec_parts(
    config: TournamentConfig,
    spec: MatchSpec,
    record: RecordEnvelope[Any] | None,
    think: Sequence[Sequence[float]],
    forfeit: Forfeit | None,
) -> tuple[str | None, str | None, tuple[tuple[float, ...], tuple[float, ...]], dict[str, Any] | None]:
    """What every game's scheduled match reports alike: where its ``record`` is to be saved and
    its text (``None`` and ``None`` without records), the ``think`` times of each seat gathered by
    entrant, and the ``forfeit`` with the entrant's side. Nothing is written here: see
    :meth:`PlayedMatch.save`."""
    path = text = None
    if config.records is not None and record is not None:
        path, text = str(record_path(config.records, spec.index)), record.dumps()
    plan = spec.sides  # the entrant at each seat
    by_entrant: list[list[float]] = [[], []]
    for seat, times in enumerate(think):
        by_entrant[plan[seat]].extend(times)
    lost = None if forfeit is None else {**forfeit.to_json(), "side": SIDE_NAMES[plan[forfeit.seat]]}
    return path, text, (tuple(by_entrant[0]), tuple(by_entrant[1])), lost


@dataclass(frozen=True)
class PlayedMatch:
    """A scheduled match played but not yet saved: its summary (whose ``record`` names the file
    the record goes to) and the record's text (``None`` without records). The process that keeps
    the records folder saves it — on a cluster, the one that runs the tournament, not the node
    that played the match."""

    summary: MatchSummary
    record_text: str | None

    def save(self) -> MatchSummary:
        """Write the record (if any) where the summary says, and return the summary."""
        if self.summary.record is not None and self.record_text is not None:
            save_text(self.summary.record, self.record_text)
        return self.summary


def play_spec(config: TournamentConfig, spec: MatchSpec) -> MatchSummary:
    """Play one scheduled match (in whatever process runs it) and save its record."""
    return play_unsaved(config, spec).save()


def play_unsaved(config: TournamentConfig, spec: MatchSpec) -> PlayedMatch:
    """Play one scheduled match and return it with its record's text, unsaved (what a Ray task
    sends back to the process that keeps the records; :func:`play_spec` saves it at once)."""
    if find_game(config.game).engine is not Engine.LAYOUT:  # Sausage: its own engine and records
        from sevenrocks.tournament.sausage import play_sausage_spec

        return play_sausage_spec(config, spec)
    players = tuple(config.entrants[side] for side in spec.sides)
    rules = config.rules
    outcome = play_match(
        players,
        deal_seed=spec.deal_seed,
        first_leader=spec.first_leader,
        bot_seeds=spec.bot_seeds,
        bot_timeout=config.bot_timeout,
        options=config.options(),
        metadata=_metadata(config, spec),
        rules=rules,
        record=config.records is not None,
    )
    saved, text, think, forfeit = spec_parts(config, spec, outcome.record, outcome.think, outcome.forfeit)
    plan = spec.sides  # the entrant at each seat
    holder = [plan[rules.seats_of(side)[0]] for side in range(rules.sides)]

    def per_entrant(values: tuple[int, ...]) -> tuple[int, int]:
        sums = [0, 0]
        for side, value in enumerate(values):
            sums[holder[side]] += value
        return sums[0], sums[1]

    goats = [0] * rules.sides
    if isinstance(rules.ending, LosersTarget) and outcome.forfeit is None:
        for side in outcome.losers:
            goats[side] = 1
    summary = MatchSummary(
        index=spec.index,
        pair=spec.pair,
        swapped=spec.swapped,
        winner_side=entrant_result(rules, plan, outcome),
        scores_by_side=per_entrant(outcome.scores),
        hands=outcome.hands,
        blocks=outcome.blocks,
        points_by_side=per_entrant(outcome.points),
        deductions_by_side=per_entrant(outcome.deductions),
        think_by_side=think,
        forfeit=forfeit,
        record=saved,
        players=players,
        rotation=spec.rotation,
        awards_by_side=per_entrant(outcome.awards),
        written_by_side=per_entrant(outcome.written),
        drawn_by_side=per_entrant(outcome.drawn),
        goats_by_side=per_entrant(tuple(goats)),
        generals_by_side=per_entrant(outcome.generals),
        nakeds_by_side=per_entrant(outcome.nakeds),
    )
    return PlayedMatch(summary, text)


def _worker_init() -> None:
    """In a worker process: leave Ctrl-C to the main process, and on SIGTERM unwind (so that
    the bot programs of the match being played are stopped too) and exit."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, exit_on_signal)


def _play_chunk(config: TournamentConfig, specs: Sequence[MatchSpec]) -> list[MatchSummary]:
    return [play_spec(config, spec) for spec in specs]


def pair_chunks(specs: Sequence[MatchSpec]) -> Iterator[list[MatchSpec]]:
    """The schedule in sets of deals (the unit a worker process or a Ray task plays; a resumed set
    may have fewer matches)."""
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
    ray: RaySession | None = None,
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

    With ``ray`` (a :class:`~.ray_runner.RaySession`) the matches are Ray tasks, on this machine or a
    cluster, instead of ``workers`` processes: the same matches, played by the same function; the
    records are saved here.
    """
    finished = dict(done or {})
    schedule = duplicate_schedule(config.matches, config.seed, seats=config.rules.seats)
    specs = [s for s in schedule if s.index not in finished]
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
        if ray is not None:
            for played in ray.play(config, specs):
                record(played.save())
        elif config.workers <= 1:
            for spec in specs:
                record(play_spec(config, spec))
        elif specs:
            pool = multiprocessing.get_context("spawn").Pool(config.workers, initializer=_worker_init)
            try:
                for chunk in pool.imap_unordered(partial(_play_chunk, config), list(pair_chunks(specs))):
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


def figures_for(rules: Rules) -> tuple[str, ...]:
    """The per-entrant figures that make sense in ``rules``' game, among ``scored``,
    ``deducted``, ``awarded``, ``written``, ``recorded`` (Sea Goat), ``drawn``, ``goats``,
    ``generals`` and ``nakeds`` (General; nakeds in its version ``naked``) (Seven Rocks: scored
    and deducted)."""
    out: list[str] = []
    settlement = rules.settlement
    if rules.scores_points:
        out.append("scored")
    if isinstance(settlement, DeductRound5 | DeductFloor5):
        out.append("deducted")
    if isinstance(settlement, WinnerTakes | HandBonus):
        out.append("awarded")
    if isinstance(settlement, LosersWrite):
        out.append("written")
    if isinstance(settlement, SeaRecord):
        out.append("recorded")
    if rules.draws:
        out.append("drawn")
    if isinstance(rules.ending, LosersTarget):
        out.append("goats")
    if isinstance(settlement, Counts):
        out.append("generals")
        if settlement.naked_version:
            out.append("nakeds")
    return tuple(out)


def summarize(
    config: TournamentConfig, results: Sequence[MatchSummary], *, seconds: float | None = None
) -> dict[str, Any]:
    """The tournament's figures as one JSON-ready object (what ``--json`` prints).

    Per entrant, per hand: ``points`` (placement points less deductions, as Seven Rocks counts
    them), ``scored`` and ``deducted``, and where the game has them ``awarded`` (winner-takes and
    hand-bonus settlements), ``written`` (the Goat family's penalty points), ``recorded`` (Sea
    Goat: points added to the record) and ``drawn`` (tiles drawn); ``goats`` counts the matches an
    entrant ended as the goat, ``generals`` and ``nakeds`` the Generals and nakeds its sides
    received (General). ``figures`` names the ones that make sense in the game.
    """
    n = len(results)
    wins = [sum(1 for r in results if r.winner_side == side) for side in (0, 1)]
    draws = n - wins[0] - wins[1]
    rate = (wins[0] + 0.5 * draws) / n if n else None
    low, high = wilson_interval(wins[0] + 0.5 * draws, n)
    hands = sum(r.hands for r in results)
    blocks = sum(r.blocks for r in results)
    forfeits = [r.forfeit for r in results if r.forfeit is not None]
    group = config.group
    pairs_won = [0, 0, 0]  # team0 won every match of the set, split, team1 won every one
    by_pair: dict[int, list[MatchSummary]] = {}
    for r in results:
        by_pair.setdefault(r.pair, []).append(r)
    for pair in by_pair.values():
        if len(pair) != group:
            continue
        team0 = sum(1 for r in pair if r.winner_side == 0)
        team1 = sum(1 for r in pair if r.winner_side == 1)
        pairs_won[0 if team0 == group else 2 if team1 == group else 1] += 1
    rules = config.rules
    out: dict[str, Any] = {
        "team0": config.team0,
        "team1": config.team1,
        "format": "duplicate",
        "game": config.game,
        "options": dict(config.game_options),
        "seats": rules.seats,
        "matches_per_set": group,
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
        "figures": list(figures_for(rules)),
    }

    def per_hand(total: int) -> float | None:
        return _rounded(total / hands if hands else None)

    for side, name in enumerate(SIDE_NAMES):
        points = sum(r.points_by_side[side] for r in results)
        deductions = sum(r.deductions_by_side[side] for r in results)
        times = [t for r in results for t in r.think_by_side[side]]
        m, p95 = mean(times), percentile(times, 95)
        out[f"{name}_points_per_hand"] = per_hand(points - deductions)
        out[f"{name}_scored_per_hand"] = per_hand(points)
        out[f"{name}_deducted_per_hand"] = per_hand(deductions)
        out[f"{name}_awarded_per_hand"] = per_hand(sum(r.awards_by_side[side] for r in results))
        out[f"{name}_written_per_hand"] = per_hand(sum(r.written_by_side[side] for r in results))
        out[f"{name}_recorded_per_hand"] = out[f"{name}_written_per_hand"]  # Sea Goat's written
        out[f"{name}_drawn_per_hand"] = per_hand(sum(r.drawn_by_side[side] for r in results))
        out[f"{name}_goats"] = sum(r.goats_by_side[side] for r in results)
        out[f"{name}_generals"] = sum(r.generals_by_side[side] for r in results)
        out[f"{name}_nakeds"] = sum(r.nakeds_by_side[side] for r in results)
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
    ray: RaySession | None = None,
) -> dict[str, Any]:
    """Run the tournament (as Ray tasks with ``ray``) and return :func:`summarize`'s object with the
    wall time of this run (``resumed_matches`` counts the ``done`` matches it started from)."""
    start = time.perf_counter()
    results = run_tournament(config, on_match=on_match, done=done, ray=ray)
    summary = summarize(config, results, seconds=time.perf_counter() - start)
    summary["resumed_matches"] = len(done or {})
    return summary
