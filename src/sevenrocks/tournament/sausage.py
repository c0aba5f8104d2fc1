"""Sausage matches for tournaments and ladders: its own engine, the same duplicate schedule.

A Sausage match is played by :class:`~sevenrocks.core.sausage.SausageMatch` between two Sausage bots
(or ``cmd:`` programs speaking Sausage's messages), each seeing only its seat's view. The queues of deal
``d`` come from ``deal_seed`` and ``d`` alone, so the two matches of a duplicate pair — the entrants
swapped between the seats — turn the same tiles in the same order deal by deal; the first deal's starter
rotates with the pair (a lot otherwise), and later starters follow the rules (the winner of a deal
starts the next). A bot that fails forfeits the match to the other seat; the record
(:class:`~sevenrocks.core.sausage.SausageRecord`) says who and why.

>>> outcome = play_sausage_match(("greedy", "random"), deal_seed="doc", rules=sausage_rules({"target": 50}))
>>> record = outcome.record
>>> outcome.winner in (0, 1), outcome.forfeit is None, record is not None and record.is_finished
(True, True, True)
>>> queues_of("doc", 0) == queues_of("doc", 0) != queues_of("doc", 1)
True
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, BotFailure
from sevenrocks.bots.registry import make_bot
from sevenrocks.bots.sausage import SausageBot
from sevenrocks.bots.sausage_protocol import SausageProgramBot
from sevenrocks.core.games import Engine, OptionValue, Rules, find_game
from sevenrocks.core.record import MatchEnd
from sevenrocks.core.sausage import GAME_ID, DealEnd, SausageMatch, SausageMove, SausageRecord, deal_queues
from sevenrocks.core.tiles import Tile
from sevenrocks.tournament.duplicate import MatchSpec, PlayedMatch, _metadata, spec_parts
from sevenrocks.tournament.model import MatchSummary, TournamentConfig
from sevenrocks.tournament.runner import MAX_HANDS, Forfeit, ask_bot, close_bot, lot_for

__all__ = [
    "MAX_TURNS",
    "SausageOutcome",
    "play_sausage_match",
    "play_sausage_spec",
    "queues_of",
    "sausage_rules",
]


#: A deal still going on after this many turns is stopped and its match abandoned (a deal of random
#: moves has 46 turns on average; the longest of 200,000 had 174).
MAX_TURNS: Final = 10_000


def sausage_rules(options: Mapping[str, OptionValue] | None = None) -> Rules:
    """Sausage's rules with ``options`` (``target``)."""
    return find_game(GAME_ID).rules(options, 2, engine=Engine.SAUSAGE)


def queues_of(deal_seed: str, deal: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The two queues of deal ``deal`` in every match played from ``deal_seed``."""
    return deal_queues(random.Random(f"{deal_seed}/deal/{deal}"))


@dataclass(frozen=True)
class SausageOutcome:
    """What a Sausage match produced. ``winner`` is the seat that won (by the target or a forfeit),
    ``None`` for an abandoned match; ``awards`` the points each seat scored at the deals' ends;
    ``think`` each seat's seconds per move; ``record`` is ``None`` when not asked for."""

    winner: int | None
    scores: tuple[int, int]
    deals: int
    blocks: int
    awards: tuple[int, int]
    think: tuple[tuple[float, ...], tuple[float, ...]]
    forfeit: Forfeit | None
    record: SausageRecord | None


def play_sausage_match(
    players: Sequence[str],
    *,
    deal_seed: str,
    first_starter: int | None = None,
    bot_seeds: Sequence[int | None] = (),
    bot_timeout: float = DEFAULT_BOT_TIMEOUT,
    options: Mapping[str, Any] | None = None,
    metadata: Mapping[str, str] | None = None,
    max_deals: int = MAX_HANDS,
    max_turns: int = MAX_TURNS,
    rules: Rules | None = None,
    record: bool = True,
) -> SausageOutcome:
    """Play a whole Sausage match between ``players`` (two bot names) and record it.

    ``first_starter`` starts the first deal (by default a lot from ``deal_seed``); ``options`` go to
    every bot (e.g. ``think``); ``bot_timeout`` bounds each answer of a bot program. A match still
    undecided after ``max_deals`` deals is abandoned, and so is one whose deal has not ended after
    ``max_turns`` turns: the rules do not make every deal end (under some play the same turns come
    round forever), so a tournament must stop it.
    """
    if len(players) != 2:
        raise ValueError(f"a match of {GAME_ID} needs 2 players, not {len(players)}")
    game = rules if rules is not None else sausage_rules()
    seeds = list(bot_seeds) + [None] * (2 - len(bot_seeds))
    bots: list[SausageBot] = []
    try:
        for seat in (0, 1):
            bots.append(
                make_bot(
                    players[seat], seed=seeds[seat], timeout=bot_timeout, game=GAME_ID, **dict(options or {})
                )
            )
        return _play(
            bots, players, deal_seed, first_starter, game, metadata or {}, (max_deals, max_turns), record
        )
    finally:
        for bot in bots:
            close_bot(bot)


def _play(
    bots: Sequence[SausageBot],
    players: Sequence[str],
    deal_seed: str,
    first_starter: int | None,
    rules: Rules,
    metadata: Mapping[str, str],
    limits: tuple[int, int],
    record: bool,
) -> SausageOutcome:
    max_deals, max_turns = limits
    match = SausageMatch(rules.options)
    programs = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, SausageProgramBot)]
    think: tuple[list[float], list[float]] = ([], [])
    forfeit: Forfeit | None = None
    abandoned = False
    try:
        while not match.is_over and forfeit is None:
            deal = match.deal_number + 1
            if deal >= max_deals:
                abandoned = True
                break
            starter = None
            if deal == 0:
                starter = first_starter if first_starter is not None else lot_for(deal_seed, 0, 2)
            match.start_deal(queues_of(deal_seed, deal), starter)
            while match.in_deal and forfeit is None and len(match.turns) < max_turns:
                seat = match.turn
                assert seat is not None
                move = ask_bot(
                    partial(bots[seat].choose, match.view(seat)), seat, players[seat], deal, think[seat]
                )
                if isinstance(move, Forfeit):
                    forfeit = move
                elif not isinstance(move, SausageMove) or not match.is_legal(move):
                    forfeit = Forfeit.illegal(seat, players[seat], move, deal)
                else:
                    match.push(move)
            if match.in_deal and forfeit is None:  # the same turns came round again and again
                abandoned = True
                break
            if forfeit is None:
                for seat, program in programs:
                    try:
                        program.observe(match.view(seat))
                    except BotFailure as err:
                        forfeit = Forfeit(seat, err.kind, err.reason, deal)
                        break
    finally:
        winner = match.winner if forfeit is None else 1 - forfeit.seat
        extra = None if forfeit is None else {"seat": forfeit.seat, "reason": forfeit.reason}
        for seat, program in programs:
            with contextlib.suppress(Exception):
                program.end_match(match.view(seat), winner, match.scores, forfeit=extra)
    awards = [0, 0]
    blocks = 0
    for result in match.results:
        blocks += result.end is DealEnd.BLOCKED
        for seat in (0, 1):
            awards[seat] += result.award[seat]
    end: MatchEnd | None = None
    reason: str | None = None
    winner = match.winner
    if forfeit is not None:
        winner = 1 - forfeit.seat
        end = MatchEnd.FORFEIT
        reason = f"seat {forfeit.seat} ({players[forfeit.seat]}) forfeits: {forfeit.reason}"
    elif abandoned and match.in_deal:
        end, reason = MatchEnd.ABANDONED, f"deal {match.deal_number} did not end in {max_turns} turns"
    elif abandoned:
        end, reason = MatchEnd.ABANDONED, f"no winner after {max_deals} deals"
    saved = None
    if record:
        saved = SausageRecord.from_match(
            match, players=tuple(players), metadata=dict(metadata), end=end, winner=winner, reason=reason
        )
    scores = match.scores
    return SausageOutcome(
        winner=winner,
        scores=scores,
        deals=match.deal_number + 1,
        blocks=blocks,
        awards=(awards[0], awards[1]),
        think=(tuple(think[0]), tuple(think[1])),
        forfeit=forfeit,
        record=saved,
    )


def play_sausage_spec(config: TournamentConfig, spec: MatchSpec) -> PlayedMatch:
    """Play one scheduled match of a Sausage tournament, its record not yet saved (what
    :func:`~sevenrocks.tournament.duplicate.play_unsaved` does for the other games)."""
    plan = spec.sides  # the entrant at each seat
    players = tuple(config.entrants[entrant] for entrant in plan)
    outcome = play_sausage_match(
        players,
        deal_seed=spec.deal_seed,
        first_starter=spec.first_leader,
        bot_seeds=spec.bot_seeds,
        bot_timeout=config.bot_timeout,
        options=config.options(),
        metadata=_metadata(config, spec),
        rules=config.rules,
        record=config.records is not None,
    )
    saved, text, think, forfeit = spec_parts(config, spec, outcome.record, outcome.think, outcome.forfeit)

    def per_entrant(values: Sequence[int]) -> tuple[int, int]:
        sums = [0, 0]
        for seat, value in enumerate(values):
            sums[plan[seat]] += value
        return sums[0], sums[1]

    summary = MatchSummary(
        index=spec.index,
        pair=spec.pair,
        swapped=spec.swapped,
        winner_side=None if outcome.winner is None else plan[outcome.winner],
        scores_by_side=per_entrant(outcome.scores),
        hands=outcome.deals,
        blocks=outcome.blocks,
        points_by_side=(0, 0),
        deductions_by_side=(0, 0),
        think_by_side=think,
        forfeit=forfeit,
        record=saved,
        players=players,
        rotation=spec.rotation,
        awards_by_side=per_entrant(outcome.awards),
    )
    return PlayedMatch(summary, text)
