"""Sausage's conformance script and report (the conformance README, "Sausage").

A Sausage script has ``"game": "sausage"``, optional ``"options"`` and ``"hands"``: one object per
deal with its two ``"queues"`` (front first), its ``"starter"`` (required in the first deal, a lot)
and its ``"moves"`` (``TILE:WAY``, one for each turn whose tile can be placed; forced turns are never
written). :func:`replay_sausage` checks every move and returns the report; an illegal script raises a
:class:`~sevenrocks.core.errors.SevenRocksError` whose ``hand`` and ``play`` locate the fault (``play``
is the index of the move in its deal).

The first turns of ``sausage.md`` §12.1, then two forced turns and seat 1's 1-6, which is turned:

>>> script = {"game": "sausage", "hands": [{"queues": [
...     ["2-5", "1-3", "4-6", "4-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-4", "1-5"],
...     ["5-6", "2-4", "3-3", "0-0", "1-6", "2-2", "2-3", "2-6", "3-4", "3-5", "3-6", "4-5", "5-5", "6-6"]],
...     "starter": 0, "moves": ["5-6:bottom", "2-4:top", "4-6:cut", "4-4:top"]}]}
>>> deal = replay_sausage(script)["hands"][0]
>>> deal["turns"], deal["aside"], deal["queues"], deal["moves"][2]
(9, ['3-3', '0-0'], [11, 13], {'seat': 0, 'tile': '4-6', 'way': 'cut', 'gave': 3})
>>> script["hands"][0]["moves"][1] = "2-4:bottom"
>>> replay_sausage(script)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.LineEndError: hand 0, play 1: 2-4:bottom: the bottom end is 6 and 2-4 shows no 6
"""

from __future__ import annotations

from typing import Any

from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.sausage.events import DealEnd, DealLog, Went
from sevenrocks.core.sausage.match import GAME_ID, SausageMatch
from sevenrocks.core.sausage.moves import SausageMove

__all__ = ["check_next_deal", "deal_report", "replay_sausage", "replay_sausage_match", "sausage_report"]


def check_next_deal(match: SausageMatch, h: int) -> None:
    """:class:`RecordError` (located at deal ``h``) unless a deal may start now: the match is not over
    and the previous deal has ended."""
    if match.is_over:
        raise RecordError(
            f"no deal may follow deal {h - 1}, in which seat {match.winner} reached the target "
            f"{match.target}",
            hand=h,
        )
    if match.in_deal:
        raise RecordError(
            f"deal {h - 1} has not ended (seat {match.turn} is to place {match.turned}), so no deal may "
            "follow it",
            hand=h,
        )


def replay_sausage(script: Any) -> dict[str, Any]:
    """Replay a parsed Sausage script; return the report as plain JSON-ready data."""
    return sausage_report(replay_sausage_match(script))


def replay_sausage_match(script: Any) -> SausageMatch:
    """Replay a parsed Sausage script; return the match at its last position (its whole history)."""
    if not isinstance(script, dict):
        raise RecordError("a match script is a JSON object with a 'hands' list")
    if script.get("game") != GAME_ID:
        raise RecordError(f'a Sausage script has "game": "{GAME_ID}", not {script.get("game")!r}')
    if "target" in script:
        raise RecordError(f"{GAME_ID} takes its target in 'options', not at the top level")
    options = script.get("options")
    if options is not None and not isinstance(options, dict):
        raise RecordError(f"'options' must be an object of option names and values, not {options!r}")
    deals = script.get("hands")
    if not isinstance(deals, list):
        raise RecordError("a match script needs a 'hands' list")
    try:
        match = SausageMatch(options)
    except SevenRocksError as err:
        raise RecordError(err.reason) from None
    for h, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError("each deal is a JSON object with 'queues', 'starter' and 'moves'", hand=h)
        check_next_deal(match, h)
        _replay_deal(match, h, deal)
    return match


def _replay_deal(match: SausageMatch, h: int, deal: dict[str, Any]) -> None:
    """Deal deal ``h`` of a script and make its moves (every error located)."""
    queues = deal.get("queues")
    if not isinstance(queues, list):
        raise RecordError("'queues' must list the two queues, front first: [[\"2-5\", ...], [...]]", hand=h)
    starter = deal.get("starter")
    if starter is None and match.next_starter is None:
        raise RecordError("'starter' is required for the first deal: it is drawn by lot", hand=h)
    moves = deal.get("moves", [])
    if moves is None:
        moves = []
    if not isinstance(moves, list):
        raise RecordError("'moves' must be a list of moves like '5-6:bottom'", hand=h)
    try:
        match.start_deal(queues, starter)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    for m, text in enumerate(moves):
        if not match.in_deal:
            raise RecordError(
                f"{text!r}: the deal has already ended ({_how(match)}); no move may follow", hand=h, play=m
            )
        if not isinstance(text, str):
            raise RecordError(f"a move is text like '5-6:bottom', not {text!r}", hand=h, play=m)
        try:
            match.push(SausageMove.parse(text))
        except SevenRocksError as err:
            raise err.at(hand=h, play=m) from None


def _how(match: SausageMatch) -> str:
    result = match.result
    assert result is not None
    if result.end is DealEnd.OUT:
        return f"seat {result.winner}'s queue is empty"
    return "it is blocked"


def deal_report(log: DealLog, scores: list[int]) -> dict[str, Any]:
    """One deal of the report, from its log; ``scores`` are the scores after it (before it while it
    runs)."""
    lengths = [len(log.queues[0]), len(log.queues[1])]
    for turn in log.turns:
        went = turn.went
        if went is not Went.BACK:
            lengths[turn.seat] -= 1
        if went is Went.CUT:
            lengths[1 - turn.seat] += turn.gave
    result = log.result
    return {
        "moves": [
            {"seat": t.seat, "tile": str(t.tile), "way": t.went.value, "gave": t.gave} for t in log.moves
        ],
        "turns": len(log.turns),
        "aside": [str(t) for t in log.aside],
        "end": None if result is None else result.end.value,
        "winner": None if result is None else result.winner,
        "pips": None if result is None else list(result.pips),
        "queues": lengths,
        "award": None if result is None else list(result.award),
        "scores": list(scores),
    }


def sausage_report(match: SausageMatch) -> dict[str, Any]:
    """The conformance report of a Sausage match from its history."""
    scores = [0] * match.seats
    deals = []
    for log in match.history:
        if log.result is not None:
            scores = list(log.result.scores)
        deals.append(deal_report(log, scores))
    return {"hands": deals, "scores": list(match.scores), "winner": match.winner}
