"""A finished Sausage match for the replay viewer: a summary, any position, and the record file;
and the turns and the match's end as the table page and the replay both show them.

A replay shows what the players could not: both queues face up, front first (the match is over). A
position is the deal after ``step`` moves, with the forced turns each move caused (tiles sent to the
back, doubles set aside) carried out, as the engine plays them.
"""

from __future__ import annotations

from typing import Any

from sevenrocks.cli.sausage_text import deal_end_lines, seat_name, starter_text, table_lines, turn_text
from sevenrocks.core.sausage import SausageMatch, SausageRecord, Turn
from sevenrocks.core.sausage.record import result_json, sausage_lead
from sevenrocks.i18n import N_, translation
from sevenrocks.sausage_svg import TableWords
from sevenrocks.sausage_svg import table as table_svg
from sevenrocks.text import game_name
from sevenrocks.untrusted import clean_name
from sevenrocks.web.names import shown_name
from sevenrocks.web.replays import PositionError
from sevenrocks.web.storage import TableRecord

__all__ = ["match_over_text", "sausage_position", "sausage_record", "sausage_summary", "turn_json"]


def turn_json(turn: Turn, text: str) -> dict[str, Any]:
    """One public turn: the seat, the tile turned, where it ``went`` (and what a cut ``gave``)."""
    return {
        "seat": turn.seat,
        "tile": str(turn.tile),
        "went": turn.went.value,
        "gave": turn.gave,
        "text": text,
    }


def match_over_text(match: SausageMatch, names: list[str], me: int | None, lang: str) -> str | None:
    """Who won the match, in ``lang`` (``None`` while it goes on)."""
    if match.winner is None:
        return None
    _ = translation(lang).gettext
    scores = " – ".join(str(s) for s in match.scores)
    if me == match.winner:
        return _("you win: {scores}").format(scores=scores)
    who = seat_name(match.winner, me=me, names=names, gettext=_)
    return _("{winner} wins: {scores}").format(winner=who, scores=scores)


def table_words(lang: str) -> TableWords:
    """The tooltips and label of a drawn Sausage table, in ``lang``."""
    _ = translation(lang).gettext
    return TableWords(
        top_end=_("top end {value}"),
        bottom_end=_("bottom end {value}"),
        label=_("Sausage table: top end {top}, bottom end {bottom}"),
    )


def _players(record: TableRecord, lang: str | None = None) -> list[str]:
    names = [clean_name(str(info.get("name") or "")) for info in record.seats]
    if lang is not None:
        names = [
            shown_name({**info, "name": name}, seat, lang) if name else ""
            for seat, (info, name) in enumerate(zip(record.seats, names, strict=True))
        ]
    return [name or f"seat {seat}" for seat, name in enumerate(names)]


def sausage_record(record: TableRecord, match: SausageMatch) -> dict[str, Any]:
    """The match's Sausage record (``docs/record-format.md``, Sausage's deals)."""
    created = record.created_at.isoformat() if record.created_at else ""
    meta = {"source": "sevenrocks web", "table": record.id, "created": created}
    return SausageRecord.from_match(match, players=_players(record), metadata=meta).to_json()


def sausage_summary(record: TableRecord, match: SausageMatch, lang: str = "en") -> dict[str, Any]:
    """Every deal of a finished Sausage match (queues as dealt, starter, turns, result with its text in
    ``lang``), for the replay viewer."""
    _ = translation(lang).gettext
    names = _players(record, lang)
    deals = []
    previous = None
    for number, deal in enumerate(match.history):
        result = deal.result
        deals.append(
            {
                "hand": number,
                "starter": deal.starter,
                "starter_text": starter_text(deal.starter, sausage_lead(previous), names=names, gettext=_),
                "queues": [[str(t) for t in q] for q in deal.queues],
                "moves": len(deal.moves),
                "result": None
                if result is None
                else {
                    **result_json(result),
                    "text": "\n".join(
                        deal_end_lines(result, target=match.target, aside=deal.aside, names=names, gettext=_)
                    ),
                },
            }
        )
        previous = result
    return {
        "table": record.id,
        "game": "sausage",
        "game_name": game_name("sausage", gettext=_),
        "options": dict(record.options),
        "seats_count": 2,
        "players": names,
        "target": match.target,
        "scores": list(match.scores),
        "winner": match.winner,
        "over_text": match_over_text(match, names, None, lang),
        "finished_at": record.finished_at.isoformat() if record.finished_at else None,
        "hands": deals,
    }


def sausage_position(
    record: TableRecord, match: SausageMatch, hand: int, step: int, lang: str = "en"
) -> dict[str, Any]:
    """Deal ``hand`` after ``step`` moves: the table, both queues face up (front first), the tile
    turned now, the doubles set aside, the turns since the last move (in ``lang``) and the scores."""
    history = match.history
    if not 0 <= hand < len(history):
        raise PositionError(N_("hand must be 0..{last}, not {hand}"), last=len(history) - 1, hand=hand)
    log = history[hand]
    moves = log.moves
    if not 0 <= step <= len(moves):
        raise PositionError(
            N_("step must be 0..{last} in hand {hand}, not {step}"), last=len(moves), hand=hand, step=step
        )
    replay = SausageMatch(match.rules.options)
    for h in range(hand + 1):
        deal = history[h]
        replay.start_deal(deal.queues, starter=deal.starter)
        for move in deal.moves if h < hand else moves[:step]:
            assert move.move is not None
            replay.push(move.move)
    _ = translation(lang).gettext
    names = _players(record, lang)
    turns = replay.turns
    since = 0
    if step:  # the last move and the forced turns it caused
        since = max(i for i, t in enumerate(turns) if t.is_move)
    last = [t.tile for t in turns if t.went.changes_table][-1:]
    result = replay.result
    return {
        "hand": hand,
        "step": step,
        "steps": len(moves),
        "svg": str(table_svg(replay.table, highlight=last, words=table_words(lang))),
        "lines": table_lines(replay.table, gettext=_),
        "queues": [[str(t) for t in replay.queue(s)] for s in (0, 1)],
        "turn": replay.turn,
        "turned": None if replay.turned is None else str(replay.turned),
        "aside": [str(t) for t in replay.aside],
        "turns": [turn_json(t, turn_text(t, names=names, gettext=_, words=True)) for t in turns[since:]],
        "scores": list(replay.scores),
        "result": None
        if result is None
        else {
            **result_json(result),
            "text": "\n".join(
                deal_end_lines(result, target=replay.target, aside=replay.aside, names=names, gettext=_)
            ),
        },
    }
