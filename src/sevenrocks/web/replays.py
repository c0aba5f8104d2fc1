"""Finished matches for the replay viewer: a summary, any position, and the record file."""

from __future__ import annotations

from typing import Any

from sevenrocks.core.events import Draw, HandEnd, Knock
from sevenrocks.core.games.ending import SingleHand
from sevenrocks.core.match import Match
from sevenrocks.core.record import LEAD_DECLARED, MatchRecord
from sevenrocks.i18n import N_, translation
from sevenrocks.moves_words import seat_words
from sevenrocks.text import game_name, match_over_text, render_result, render_scores
from sevenrocks.untrusted import clean_name
from sevenrocks.web.names import shown_name
from sevenrocks.web.protocol import event_json, result_json
from sevenrocks.web.render import render_layout
from sevenrocks.web.storage import TableRecord

__all__ = ["PositionError", "match_record", "match_summary", "player_names", "position"]


def player_names(record: TableRecord, *, fill: bool = True, lang: str | None = None) -> tuple[str, ...]:
    """The players' names of a stored table (``seat N`` for a seat without one; with ``fill``
    false, an empty name, which sentences say as "Seat N" in the player's language); with
    ``lang``, default names in that language (:func:`~sevenrocks.web.names.shown_name`)."""
    # names are cleaned when a table is made; cleaning again covers tables stored before that
    names = [clean_name(str(info.get("name") or "")) for info in record.seats]
    if lang is not None:
        names = [
            shown_name({**info, "name": name}, seat, lang) if name else ""
            for seat, (info, name) in enumerate(zip(record.seats, names, strict=True))
        ]
    return tuple(name or (f"seat {seat}" if fill else "") for seat, name in enumerate(names))


def match_record(record: TableRecord, match: Match) -> dict[str, Any]:
    """The match's record file (the format of ``docs/record-format.md``; a game of the family is
    written as a record of version 2, which names the game and its options)."""
    created = record.created_at.isoformat() if record.created_at else ""
    meta = {"source": "sevenrocks web", "table": record.id, "created": created}
    return MatchRecord.from_match(match, players=player_names(record), metadata=meta).to_json()


def match_summary(record: TableRecord, match: Match, lang: str = "en") -> dict[str, Any]:
    """Every hand of a finished match, with deals, boneyards, events and results (each hand's end
    in the game's words, in ``lang``), for the replay viewer."""
    rules = match.rules
    _ = translation(lang).gettext
    names = list(player_names(record, lang=lang))
    hands = []
    played = None
    for number, log in enumerate(match.history):
        result = log.result
        text = None
        if result is not None:
            text = render_result(
                result,
                names=names,
                target=match.target,
                gettext=_,
                rules=rules,
                previous=played,
                hundred=log.hundred,
            )
            if result.end is not HandEnd.REDEAL:
                played = result
        hands.append(
            {
                "hand": number,
                "leader": log.leader,
                "deal": [[str(t) for t in hand] for hand in log.deal],
                "boneyard": [str(t) for t in log.boneyard],
                "hundred": log.hundred,
                "events": [event_json(e) for e in log.events],
                "placements": len(log.placements),
                "result": None if result is None else result_json(number, result, rules, text=text),
            }
        )
    scores = render_scores(
        match.scores,
        target=match.target,
        gettext=_,
        rules=rules,
        remembered=match.ledger.remembered if match.ledger is not None else None,
        eggs=match.ledger.eggs if match.ledger is not None else None,
    )
    return {
        "table": record.id,
        "game": rules.game,
        "game_name": game_name(rules.game, gettext=_),
        "options": dict(record.options),
        "seats_count": rules.seats,
        "sides": rules.sides,
        "side_of": [rules.side_of(s) for s in range(rules.seats)],
        "picture": isinstance(rules.ending, SingleHand),
        "over_text": match_over_text(match.outcome, rules, scores, me=None, names=names, gettext=_),
        "players": names,
        "target": match.target,
        "scores": list(match.scores),
        "winner": match.winner,
        "finished_at": record.finished_at.isoformat() if record.finished_at else None,
        "hands": hands,
    }


class PositionError(ValueError):
    """A hand or step that the match does not have: ``template`` (an English catalogue message)
    with its ``{placeholders}`` filled in by ``params``; :meth:`translated` says it in a language.

    >>> error = PositionError(N_("step must be 0..{last} in hand {hand}, not {step}"), last=3, hand=0, step=9)
    >>> str(error), error.translated("ru")
    ('step must be 0..3 in hand 0, not 9', 'шаг должен быть от 0 до 3 в партии 0, а не 9')
    """

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params))
        self.template = template
        self.params = params

    def translated(self, lang: str) -> str:
        """The message in ``lang``."""
        from sevenrocks.messages import translate

        return translate(self.template, self.params, lang)


def position(
    match: Match, hand: int, step: int, *, names: list[str] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """The position after ``step`` placements of hand ``hand``: layout, every seat's tiles, scores;
    the last move and the knocks and draws after it with their ``words`` in ``lang`` (seats named
    by ``names``)."""
    history = match.history
    if not 0 <= hand < len(history):
        raise PositionError(N_("hand must be 0..{last}, not {hand}"), last=len(history) - 1, hand=hand)
    placements = history[hand].placements
    if not 0 <= step <= len(placements):
        raise PositionError(
            N_("step must be 0..{last} in hand {hand}, not {step}"),
            last=len(placements),
            hand=hand,
            step=step,
        )
    replay = Match(match.rules)
    for h in range(hand + 1):
        log = history[h]
        replay.start_hand(
            log.deal,
            leader=log.leader if log.leader >= 0 else None,
            boneyard=log.boneyard or None,
            hundred=log.imposed == LEAD_DECLARED,
        )
        todo = log.placements if h < hand else log.placements[:step]
        for placement in todo:
            replay.push(placement.play)
    last = placements[step - 1] if step else None
    who = seat_words(names, lang=lang)
    knocks = []
    if step:
        events = replay.events
        i = len(events)
        while i > 0 and isinstance(events[i - 1], Knock | Draw):
            i -= 1
        knocks = [
            event_json(e, layout=replay.layout, rules=replay.rules, who=who, lang=lang) for e in events[i:]
        ]
    return {
        "hand": hand,
        "step": step,
        "steps": len(placements),
        "svg": render_layout(
            replay.layout, last=None if last is None else last.play, game=replay.game, boards=("wide",)
        ),
        "ends_total": replay.layout.ends_total,
        "hands": [[str(t) for t in replay.hand(s)] for s in range(replay.seats)],
        "boneyard": replay.boneyard_size,
        "draws": list(replay.draws),
        "scores": list(replay.scores),
        "turn": replay.turn,
        "leader": replay.leader,
        "last": None
        if last is None
        else event_json(last, layout=replay.layout, rules=replay.rules, who=who, lang=lang),
        "knocks": knocks,
        "result": None
        if replay.turn is not None or not replay.results or len(replay.results) <= hand
        else result_json(hand, replay.results[hand], replay.rules),
    }
