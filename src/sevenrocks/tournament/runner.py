"""Play one match of any game through the engine, with think times and forfeits.

Players are bot names (``random``, ``greedy``, ``cmd:python3 mybot.py``...), one per seat. Each
seat's bot sees only :meth:`Match.view <sevenrocks.core.match.Match.view>` of its seat. Deals
(and the boneyard's order) come from ``deal_seed`` and the hand's number alone, and so do the
lots, so two matches with the same ``deal_seed`` see the same deals hand by hand — what the
duplicate format needs — whoever sits where.

A bot that fails (an illegal play, garbage, a crash, no answer in time, an exception) loses the
match by forfeit for its side; the record says who and why. Bot programs are always stopped
when the match ends.

In Sea Goat, before each lead, the seat that may declare a voluntary hundred (``sea-kozel.md``
§3.3) is asked through its bot's ``declare_hundred`` (:func:`~sevenrocks.bots.base.declares_hundred`:
a bot without the method never declares; a bot program gets the ``declare`` message). A void deal
(an egg redeal) is recorded and the next hand dealt.

>>> outcome = play_match(("greedy", "random", "greedy", "random"), deal_seed="doc", target=50)
>>> outcome.winner in (0, 1), outcome.forfeit is None, outcome.record.is_finished
(True, True, True)
>>> outcome.hands == len(outcome.record.hands) and len(outcome.think[0]) > 0
True
>>> rules = find_game("kozel").rules(seats=3)
>>> kozel = play_match(("greedy", "random", "random"), deal_seed="doc", rules=rules, record=False)
>>> len(kozel.scores), len(kozel.winners + kozel.losers), kozel.record
(3, 3, None)
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, Protocol, TypeVar, runtime_checkable

from sevenrocks.bots.base import Bot, declares_hundred, warm_up
from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, BotFailure
from sevenrocks.bots.registry import make_bot
from sevenrocks.core.deal import deal, is_goat_misdeal
from sevenrocks.core.events import Draw, HandEnd, Placement
from sevenrocks.core.games import DEFAULT_GAME, Outcome, Rules, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Doubles, Play
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import TILES, Tile, tiles_of_mask
from sevenrocks.core.view import SeatView

__all__ = [
    "MAX_HANDS",
    "Forfeit",
    "MatchObserver",
    "MatchOutcome",
    "ask_bot",
    "close_bot",
    "deal_for",
    "deal_of",
    "lot_for",
    "play_match",
]

#: A match still undecided after this many hands is abandoned (scores can fall as well as rise).
MAX_HANDS: Final = 500

T = TypeVar("T")


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
    """Seat ``seat`` (and its side) lost the match: ``kind`` of failure and why."""

    seat: int
    kind: str
    reason: str
    hand: int

    def to_json(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {"seat": self.seat, "kind": self.kind, "reason": self.reason, "hand": self.hand}

    @classmethod
    def illegal(cls, seat: int, player: str, move: object, hand: int) -> Forfeit:
        """``player`` at ``seat`` chose ``move``, which the rules do not allow."""
        return cls(seat, "illegal", f"{player} chose {move!s}, which is not legal", hand)


def ask_bot(
    choose: Callable[[], T], seat: int, player: str, hand: int, think: list[float] | None = None
) -> T | Forfeit:
    """What the bot at ``seat`` (named ``player``) answers by ``choose()``, its time added to
    ``think`` when given; or the :class:`Forfeit` of hand ``hand`` its failure means (a bot program's
    :class:`~sevenrocks.bots.program.BotFailure`, or any error of a bot: outside code)."""
    start = time.perf_counter()
    try:
        answer = choose()
    except BotFailure as err:
        return Forfeit(seat, err.kind, err.reason, hand)
    except Exception as err:
        return Forfeit(seat, "error", f"{player} raised {type(err).__name__}: {err}", hand)
    if think is not None:
        think.append(time.perf_counter() - start)
    return answer


@dataclass(frozen=True)
class MatchOutcome:
    """What a match produced: the winner, figures per side, and the record.

    ``winner`` is the single winning side (``None``: a draw, an abandoned match, or several
    winners); ``winners`` lists every winning side and ``losers`` every losing one (the goats of
    the Goat family, the side of a seat that forfeited). Per side: ``points`` are the placement
    points scored, ``deductions`` what Seven Rocks' or Telephone's settlements took, ``awards``
    what winner-takes and hand-bonus settlements added, ``written`` what the Goat family's losers
    wrote (Sea Goat: what its winners added to the record), ``drawn`` the tiles drawn from the
    boneyard, ``generals`` and ``nakeds`` the Generals and nakeds each side received (General).
    ``think`` holds each seat's seconds per move; ``record`` is ``None`` when not asked for.
    """

    winner: int | None
    scores: tuple[int, ...]
    hands: int
    blocks: int
    points: tuple[int, ...]
    deductions: tuple[int, ...]
    think: tuple[tuple[float, ...], ...]
    forfeit: Forfeit | None
    record: MatchRecord | None
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    awards: tuple[int, ...] = ()
    written: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()
    generals: tuple[int, ...] = ()
    nakeds: tuple[int, ...] = ()


_SEVEN_ROCKS = find_game(DEFAULT_GAME)


def deal_of(deal_seed: str, hand: int, rules: Rules) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The deal of hand ``hand`` in every match of ``rules``' game played from ``deal_seed``: each
    seat's tiles and the boneyard in draw order (a Goat misdeal is dealt again at once).
    Seven Rocks deals exactly as :func:`deal_for` always has."""
    rng = random.Random(f"{deal_seed}/deal/{hand}")
    while True:
        hands, order = deal(rules, rng)
        if not (rules.goat_misdeal and is_goat_misdeal(hands)):
            return tuple(tiles_of_mask(m) for m in hands), tuple(TILES[t] for t in order)


def deal_for(deal_seed: str, hand: int) -> tuple[tuple[Tile, ...], ...]:
    """The Seven Rocks deal of hand ``hand`` in every match played from ``deal_seed``."""
    return deal_of(deal_seed, hand, _SEVEN_ROCKS.rules())[0]


def lot_for(deal_seed: str, hand: int, seats: int = 4) -> int:
    """The seat a neutral lot picks to lead hand ``hand`` (after a block, or for the first hand)."""
    return random.Random(f"{deal_seed}/lot/{hand}").randrange(seats)


def close_bot(bot: object) -> None:
    """Stop ``bot`` when it has a ``close`` (a bot program); its failing to stop is ignored, so that
    it does not stop the tournament."""
    close = getattr(bot, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):  # a bot failing to stop must not stop the tournament
            close()


def play_match(
    players: Sequence[str],
    *,
    deal_seed: str,
    first_leader: int | None = None,
    bot_seeds: Sequence[int | None] = (),
    target: int = DEFAULT_TARGET,
    bot_timeout: float = DEFAULT_BOT_TIMEOUT,
    options: Mapping[str, Any] | None = None,
    metadata: Mapping[str, str] | None = None,
    max_hands: int = MAX_HANDS,
    rules: Rules | None = None,
    record: bool = True,
) -> MatchOutcome:
    """Play a whole match between ``players`` (bot names, one per seat) and record it.

    ``rules`` is the game (by default Seven Rocks to ``target``). ``first_leader`` leads the
    first hand where a lot would pick the leader (by default a lot from ``deal_seed``); later
    hands are led as the game says, with lots from ``deal_seed``. ``options`` go to every bot
    (e.g. ``think``); ``bot_timeout`` bounds each answer of a bot program. With ``record``
    false no record is made (``MatchOutcome.record`` is ``None``).
    """
    game = rules if rules is not None else _SEVEN_ROCKS.rules({"target": target})
    if len(players) != game.seats:
        raise ValueError(
            f"a match of {game.game} with {game.seats} seats needs {game.seats} players, not {len(players)}"
        )
    seeds = list(bot_seeds) + [None] * (game.seats - len(bot_seeds))
    extra = dict(options or {})
    bots: list[Bot] = []
    named = None if game.game == DEFAULT_GAME else game.game
    try:
        for seat in range(game.seats):
            bots.append(make_bot(players[seat], seed=seeds[seat], timeout=bot_timeout, game=named, **extra))
        for bot in bots:
            warm_up(bot)  # compiling or loading a kernel is not a move's think time
        return _play(bots, players, deal_seed, first_leader, game, metadata or {}, max_hands, record)
    finally:
        for bot in bots:
            close_bot(bot)


def _play(
    bots: Sequence[Bot],
    players: Sequence[str],
    deal_seed: str,
    first_leader: int | None,
    rules: Rules,
    metadata: Mapping[str, str],
    max_hands: int,
    record: bool,
) -> MatchOutcome:
    match = Match(rules)
    observers = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, MatchObserver)]
    think: list[list[float]] = [[] for _ in range(rules.seats)]
    forfeit: Forfeit | None = None
    abandoned = False
    try:
        while not match.is_over and forfeit is None:
            hand = match.hand_number + 1
            if hand >= max_hands:
                abandoned = True
                break
            leader = None
            if match.leader_by_lot():
                leader = (
                    first_leader
                    if hand == 0 and first_leader is not None
                    else lot_for(deal_seed, hand, rules.seats)
                )
            tiles, boneyard = deal_of(deal_seed, hand, rules)
            match.start_hand(tiles, leader, boneyard=boneyard)
            forfeit = _tell_observers(observers, match, hand)  # bot programs get their tiles (and start) now
            if forfeit is None:
                forfeit = _offer_hundred(bots, players, match, hand)
            while match.turn is not None and forfeit is None:
                seat = match.turn
                view = match.view(seat)
                move = ask_bot(partial(bots[seat].choose, view), seat, players[seat], hand, think[seat])
                if isinstance(move, Forfeit):
                    forfeit = move
                elif not isinstance(move, Play | Doubles) or move not in view.moves:
                    forfeit = Forfeit.illegal(seat, players[seat], move, hand)
                else:
                    match.push(move)
            if forfeit is None:
                forfeit = _tell_observers(observers, match, hand)
    finally:
        _tell_match_end(observers, match, forfeit)
    return _outcome(match, players, think, forfeit, abandoned, max_hands, metadata, record)


def _offer_hundred(bots: Sequence[Bot], players: Sequence[str], match: Match, hand: int) -> Forfeit | None:
    """Sea Goat: ask the seat that may declare a voluntary hundred whether it does; a bot that
    fails to answer forfeits, as on a turn."""
    seat = match.hundred_declarer()
    if seat is None:
        return None
    declared = ask_bot(partial(declares_hundred, bots[seat], match.view(seat)), seat, players[seat], hand)
    if isinstance(declared, Forfeit):
        return declared
    if declared:
        match.declare_hundred()
    return None


def _tell_observers(
    observers: Sequence[tuple[int, MatchObserver]], match: Match, hand: int
) -> Forfeit | None:
    for seat, bot in observers:
        try:
            bot.observe(match.view(seat))
        except BotFailure as err:
            return Forfeit(seat, err.kind, err.reason, hand)
    return None


def _forfeit_winner(rules: Rules, forfeit: Forfeit) -> int | None:
    """The side that wins by ``forfeit``: the other side where there are two, else none alone."""
    return 1 - rules.side_of(forfeit.seat) if rules.sides == 2 else None


def _tell_match_end(
    observers: Sequence[tuple[int, MatchObserver]], match: Match, forfeit: Forfeit | None
) -> None:
    winner = match.winner
    extra = None
    if forfeit is not None:
        winner = _forfeit_winner(match.rules, forfeit)
        extra = {"seat": forfeit.seat, "reason": forfeit.reason}
    for seat, bot in observers:
        try:
            bot.end_match(match.view(seat), winner, match.scores, forfeit=extra)
        except Exception:
            close_bot(bot)


def _outcome(
    match: Match,
    players: Sequence[str],
    think: list[list[float]],
    forfeit: Forfeit | None,
    abandoned: bool,
    max_hands: int,
    metadata: Mapping[str, str],
    record: bool,
) -> MatchOutcome:
    rules = match.rules
    sides = rules.sides
    points = [0] * sides
    deductions = [0] * sides
    awards = [0] * sides
    written = [0] * sides
    drawn = [0] * sides
    generals = [0] * sides
    nakeds = [0] * sides
    blocks = 0
    history = match.history
    for log in history:
        for event in log.events:
            if isinstance(event, Placement):
                points[rules.side_of(event.seat)] += event.points
            elif isinstance(event, Draw):
                drawn[rules.side_of(event.seat)] += 1
        result = log.result
        if result is None:
            continue
        blocks += result.end is HandEnd.BLOCKED
        for counts, side in ((generals, result.general), (nakeds, result.naked)):
            if side is not None:
                counts[side] += 1
        if result.deductions is not None:
            for seat, amount in enumerate(result.deductions):
                deductions[rules.side_of(seat)] += amount
        for totals, values in ((awards, result.award), (written, result.written)):
            if values is not None:
                for side, amount in enumerate(values):
                    totals[side] += amount
    winner = match.winner
    end: MatchEnd | None = None
    reason: str | None = None
    outcome: Outcome | None = match.outcome
    winners = outcome.winners if outcome is not None else ()
    losers = tuple(s for s in range(sides) if s not in winners) if outcome is not None else ()
    if forfeit is not None:
        winner = _forfeit_winner(rules, forfeit)
        lost = rules.side_of(forfeit.seat)
        winners = tuple(s for s in range(sides) if s != lost)
        losers = (lost,)
        end = MatchEnd.FORFEIT
        reason = f"seat {forfeit.seat} ({players[forfeit.seat]}) forfeits: {forfeit.reason}"
    elif abandoned:
        end, reason = MatchEnd.ABANDONED, f"no winner after {max_hands} hands"
    saved = None
    if record:
        saved = MatchRecord.from_match(
            match, players=tuple(players), metadata=dict(metadata), end=end, winner=winner, reason=reason
        )
    return MatchOutcome(
        winner=winner,
        scores=match.scores,
        hands=len(history),
        blocks=blocks,
        points=tuple(points),
        deductions=tuple(deductions),
        think=tuple(tuple(t) for t in think),
        forfeit=forfeit,
        record=saved,
        winners=winners,
        losers=losers,
        awards=tuple(awards),
        written=tuple(written),
        drawn=tuple(drawn),
        generals=tuple(generals),
        nakeds=tuple(nakeds),
    )
