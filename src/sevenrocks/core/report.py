"""The conformance report of hands and matches, written once for replayed scripts and for records.

A report (the conformance README's format) is made from what a hand leaves behind — its
:class:`~sevenrocks.core.events.HandLog` — and the few things carried from hand to hand
(:class:`Running`: the side scores, the Goat family's remembered points and eggs).
:func:`sevenrocks.core.script.replay` builds it from the hands it replays, and
:meth:`sevenrocks.core.record.MatchRecord.to_report` from the hands a record stores, so the two
always agree: every key of a game's report (its :attr:`~sevenrocks.core.games.Game.report`) is
written here and nowhere else.

>>> from sevenrocks.core.match import Match
>>> match = Match("kozel", seats=2, seed=5)
>>> match.start_hand()
>>> _ = match.push(match.legal_moves()[0])
>>> running = Running.start(match.rules)
>>> hand = hand_report(match.rules, match.history[-1], running)
>>> " ".join(sorted(hand))
'draws eggs end finisher fisherman pips plays remembered scores values written'
>>> hand["end"], hand["remembered"], hand["scores"]
(None, [0, 0], [0, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevenrocks.core.events import Draw, HandEnd, HandLog, Placement
from sevenrocks.core.games import Game, Outcome, Rules, find_game

__all__ = ["Running", "hand_report", "match_report", "outcome_json", "placement_report"]


@dataclass
class Running:
    """What a report carries from one hand to the next: the side scores and the Goat ledger."""

    scores: list[int]
    remembered: tuple[int, ...] | None
    eggs: int | None
    record: tuple[int, int] | None = None

    @classmethod
    def start(cls, rules: Rules) -> Running:
        """The state before a match's first hand."""
        ledger = rules.settlement.keeps_ledger
        return cls([0] * rules.sides, (0,) * rules.sides if ledger else None, 0 if ledger else None)


def placement_report(placement: Placement, game: Game) -> dict[str, Any]:
    """One move of a hand's ``"plays"``: its seat, its tiles, and (where the game counts ends)
    the counted total and the points."""
    out: dict[str, Any] = {"seat": placement.seat, "tile": "+".join(str(t) for t in placement.play.tiles)}
    if "ends_total" in game.report:
        out["ends_total"] = placement.ends_total
    if "points" in game.report:
        out["points"] = placement.points
    return out


def hand_report(rules: Rules, log: HandLog, running: Running) -> dict[str, Any]:
    """The report of one hand (finished, void, or stopped part way); ``running`` moves past it."""
    game = find_game(rules.game)
    result = log.result
    if result is not None:
        running.scores = list(result.scores)
        if result.remembered is not None:
            running.remembered = result.remembered
        if result.eggs is not None:
            running.eggs = result.eggs
        running.record = result.record
    else:
        for placement in log.placements:
            running.scores[rules.side_of(placement.seat)] += placement.points
    settled = result is not None and result.end in (HandEnd.DOMINO, HandEnd.BLOCKED)
    out: dict[str, Any] = {
        "plays": [placement_report(p, game) for p in log.placements],
        "end": result.end.value if result is not None else None,
        "finisher": result.finisher if result is not None else None,
        "pips": list(result.pips) if settled and result is not None and result.pips is not None else None,
    }
    report = game.report

    def per(values: tuple[int, ...] | None) -> list[int] | None:
        return list(values) if settled and values is not None else None

    if "draws" in report:
        drawn = [0] * rules.seats
        for event in log.events:
            if isinstance(event, Draw):
                drawn[event.seat] += 1
        out["draws"] = drawn
    if "deductions" in report:
        out["deductions"] = per(result.deductions if result else None)
    if "award" in report:
        out["award"] = per(result.award if result else None)
    if "values" in report:
        out["values"] = per(result.values if result else None)
    if "fisherman" in report:
        out["fisherman"] = result.fisherman if result else None
    if "written" in report:
        out["written"] = per(result.written if result else None)
    if "remembered" in report and running.remembered is not None:
        out["remembered"] = list(running.remembered)
    if "hundred" in report:
        out["hundred"] = log.hundred
    if "events" in report:
        events = result.events if result is not None else None
        if result is not None and result.end is HandEnd.REDEAL:
            events = events or ()
        out["events"] = list(events) if events is not None else None
    if "eggs" in report and running.eggs is not None:
        out["eggs"] = running.eggs
    if "record" in report:
        record = running.record
        out["record"] = None if record is None else {"side": record[0], "points": record[1]}
    if "loser" in report:
        out["loser"] = result.loser if result is not None else None
        out["general"] = result.general if result is not None else None
        out["naked"] = result.naked if result is not None else None
    if "tiles" in report:
        out["tiles"] = [len(t) for t in result.hands] if settled and result and result.hands else None
    out["scores"] = list(running.scores)
    return out


def outcome_json(outcome: Outcome | None) -> int | list[int] | str | None:
    """A match's winner as a report (and a record) writes it: a side, a list of sides, ``"draw"``
    or ``None`` while the match is not over.

    >>> outcome_json(Outcome((1,))), outcome_json(Outcome((0, 2), (1,))), outcome_json(Outcome(()))
    (1, [0, 2], 'draw')
    """
    if outcome is None:
        return None
    if outcome.is_draw:
        return "draw"
    if len(outcome.winners) == 1:
        return outcome.winners[0]
    return list(outcome.winners)


def match_report(
    rules: Rules, hands: list[dict[str, Any]], scores: tuple[int, ...], outcome: Outcome | None
) -> dict[str, Any]:
    """The whole report: the hands' reports, the final scores, the winner and (Goat) the goat."""
    out: dict[str, Any] = {"hands": hands, "scores": list(scores), "winner": outcome_json(outcome)}
    report = find_game(rules.game).report
    if "generals" in report:
        for key, name in (("generals", "general"), ("nakeds", "naked")):
            counts = [0] * rules.sides
            for hand in hands:
                if hand.get(name) is not None:
                    counts[hand[name]] += 1
            out[key] = counts
    if "goat" in report:
        goats = outcome.goats if outcome is not None else ()
        out["goat"] = None if not goats else goats[0] if len(goats) == 1 else list(goats)
    return out
