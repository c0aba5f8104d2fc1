"""Play one match between four players through the engine, with think times and forfeits.

Players are bot names (``random``, ``greedy``, ``cmd:python3 mybot.py``...). Each seat's bot
sees only :meth:`Match.view <sevenrocks.core.match.Match.view>` of its seat. Deals come from
``deal_seed`` and the hand's number alone, and so do the lots after blocked hands, so two
matches with the same ``deal_seed`` see the same deals hand by hand — what the duplicate format
needs — whoever sits where.

A bot that fails (an illegal play, garbage, a crash, no answer in time, an exception) loses the
match by forfeit for its partnership; the record says who and why. Bot programs are always
stopped when the match ends.

>>> outcome = play_match(("greedy", "random", "greedy", "random"), deal_seed="doc", target=50)
>>> outcome.winner in (0, 1), outcome.forfeit is None, outcome.record.is_finished
(True, True, True)
>>> outcome.hands == len(outcome.record.hands) and len(outcome.think[0]) > 0
True
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, runtime_checkable

from sevenrocks.bots.base import Bot, warm_up
from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, BotFailure
from sevenrocks.bots.registry import make_bot
from sevenrocks.core.events import HandEnd, Placement
from sevenrocks.core.match import Match, deal_tiles
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import NUM_SEATS, Tile
from sevenrocks.core.view import SeatView

__all__ = ["MAX_HANDS", "Forfeit", "MatchObserver", "MatchOutcome", "deal_for", "lot_for", "play_match"]

#: A match still undecided after this many hands is abandoned (scores can fall as well as rise).
MAX_HANDS: Final = 500


@runtime_checkable
class MatchObserver(Protocol):
    """A bot that wants to hear the whole match (bot programs do): hosts call these."""

    def observe(self, view: SeatView) -> None:
        """Called for each seat when a hand has ended."""
        ...

    def end_match(
        self,
        view: SeatView,
        winner: int | None,
        scores: Sequence[int],
        *,
        forfeit: dict[str, Any] | None = None,
    ) -> None:
        """Called once when the match is over (or forfeited); the bot then stops."""
        ...


@dataclass(frozen=True)
class Forfeit:
    """Seat ``seat`` (partnership ``seat & 1``) lost the match: ``kind`` of failure and why."""

    seat: int
    kind: str
    reason: str
    hand: int

    def to_json(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {"seat": self.seat, "kind": self.kind, "reason": self.reason, "hand": self.hand}


@dataclass(frozen=True)
class MatchOutcome:
    """What a match produced: the winner (a partnership, ``None`` if abandoned), figures, record.

    ``points`` are the placement points each partnership scored, ``deductions`` what the
    settlements took from it; ``think`` holds each seat's seconds per move.
    """

    winner: int | None
    scores: tuple[int, ...]
    hands: int
    blocks: int
    points: tuple[int, int]
    deductions: tuple[int, int]
    think: tuple[tuple[float, ...], ...]
    forfeit: Forfeit | None
    record: MatchRecord


def deal_for(deal_seed: str, hand: int) -> tuple[tuple[Tile, ...], ...]:
    """The deal of hand ``hand`` in every match played from ``deal_seed``."""
    return deal_tiles(random.Random(f"{deal_seed}/deal/{hand}"))


def lot_for(deal_seed: str, hand: int) -> int:
    """The seat a neutral lot picks to lead hand ``hand`` (after a block, or for the first hand)."""
    return random.Random(f"{deal_seed}/lot/{hand}").randrange(NUM_SEATS)


def _close(bot: object) -> None:
    close = getattr(bot, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):  # a bot failing to stop must not stop the tournament
            close()


def play_match(
    players: Sequence[str],
    *,
    deal_seed: str,
    first_leader: int | None = None,
    bot_seeds: Sequence[int | None] = (None, None, None, None),
    target: int = DEFAULT_TARGET,
    bot_timeout: float = DEFAULT_BOT_TIMEOUT,
    options: Mapping[str, Any] | None = None,
    metadata: Mapping[str, str] | None = None,
    max_hands: int = MAX_HANDS,
) -> MatchOutcome:
    """Play a whole match between ``players`` (bot names for seats 0..3) and record it.

    ``first_leader`` leads the first hand (by default a lot from ``deal_seed``); later hands
    are led by the previous finisher, or by a lot after a block. ``options`` go to every bot
    (e.g. ``think``); ``bot_timeout`` bounds each answer of a bot program.
    """
    if len(players) != NUM_SEATS:
        raise ValueError(f"a match needs four players, not {len(players)}")
    extra = dict(options or {})
    bots: list[Bot] = []
    try:
        for seat in range(NUM_SEATS):
            bots.append(make_bot(players[seat], seed=bot_seeds[seat], timeout=bot_timeout, **extra))
        for bot in bots:
            warm_up(bot)  # compiling or loading a kernel is not a move's think time
        return _play(bots, players, deal_seed, first_leader, target, metadata or {}, max_hands)
    finally:
        for bot in bots:
            _close(bot)


def _play(
    bots: Sequence[Bot],
    players: Sequence[str],
    deal_seed: str,
    first_leader: int | None,
    target: int,
    metadata: Mapping[str, str],
    max_hands: int,
) -> MatchOutcome:
    match = Match(target=target)
    observers = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, MatchObserver)]
    think: list[list[float]] = [[] for _ in range(NUM_SEATS)]
    forfeit: Forfeit | None = None
    abandoned = False
    try:
        while not match.is_over and forfeit is None:
            hand = match.hand_number + 1
            if hand >= max_hands:
                abandoned = True
                break
            leader = match.next_leader()
            if leader is None:
                leader = first_leader if hand == 0 and first_leader is not None else lot_for(deal_seed, hand)
            match.start_hand(deal_for(deal_seed, hand), leader)
            forfeit = _tell_observers(observers, match, hand)  # bot programs get their tiles (and start) now
            while match.turn is not None and forfeit is None:
                seat = match.turn
                view = match.view(seat)
                start = time.perf_counter()
                try:
                    play = bots[seat].choose(view)
                except BotFailure as err:
                    forfeit = Forfeit(seat, err.kind, err.reason, hand)
                    break
                except Exception as err:
                    reason = f"{players[seat]} raised {type(err).__name__}: {err}"
                    forfeit = Forfeit(seat, "error", reason, hand)
                    break
                think[seat].append(time.perf_counter() - start)
                if play not in view.legal_plays:
                    forfeit = Forfeit(
                        seat, "illegal", f"{players[seat]} chose {play!s}, which is not legal", hand
                    )
                    break
                match.push(play)
            if forfeit is None:
                forfeit = _tell_observers(observers, match, hand)
    finally:
        _tell_match_end(observers, match, forfeit)
    return _outcome(match, players, think, forfeit, abandoned, max_hands, metadata)


def _tell_observers(
    observers: Sequence[tuple[int, MatchObserver]], match: Match, hand: int
) -> Forfeit | None:
    for seat, bot in observers:
        try:
            bot.observe(match.view(seat))
        except BotFailure as err:
            return Forfeit(seat, err.kind, err.reason, hand)
    return None


def _tell_match_end(
    observers: Sequence[tuple[int, MatchObserver]], match: Match, forfeit: Forfeit | None
) -> None:
    winner = match.winner
    extra = None
    if forfeit is not None:
        winner = 1 - (forfeit.seat & 1)
        extra = {"seat": forfeit.seat, "reason": forfeit.reason}
    for seat, bot in observers:
        try:
            bot.end_match(match.view(seat), winner, match.scores, forfeit=extra)
        except Exception:
            _close(bot)


def _outcome(
    match: Match,
    players: Sequence[str],
    think: list[list[float]],
    forfeit: Forfeit | None,
    abandoned: bool,
    max_hands: int,
    metadata: Mapping[str, str],
) -> MatchOutcome:
    points = [0, 0]
    deductions = [0, 0]
    blocks = 0
    history = match.history
    for log in history:
        for event in log.events:
            if isinstance(event, Placement):
                points[event.seat & 1] += event.points
        if log.result is not None:
            blocks += log.result.end is HandEnd.BLOCKED
            if log.result.deductions is not None:
                d = log.result.deductions
                deductions[0] += d[0] + d[2]
                deductions[1] += d[1] + d[3]
    record = MatchRecord.from_match(match, players=tuple(players), metadata=dict(metadata))
    winner = match.winner
    if forfeit is not None:
        winner = 1 - (forfeit.seat & 1)
        reason = f"seat {forfeit.seat} ({players[forfeit.seat]}) forfeits: {forfeit.reason}"
        record = record.with_end(MatchEnd.FORFEIT, winner=winner, reason=reason)
    elif abandoned:
        record = record.with_end(MatchEnd.ABANDONED, reason=f"no winner after {max_hands} hands")
    return MatchOutcome(
        winner=winner,
        scores=match.scores,
        hands=len(history),
        blocks=blocks,
        points=(points[0], points[1]),
        deductions=(deductions[0], deductions[1]),
        think=tuple(tuple(t) for t in think),
        forfeit=forfeit,
        record=record,
    )
