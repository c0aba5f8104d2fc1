"""Worked settlements of the family guide, computed by the engine's settlement.

Two kinds: :func:`played_hands` plays a figure's match on for some hands and words each hand's
:class:`~sevenrocks.core.events.HandResult` (what :class:`~sevenrocks.core.match.Match` settled);
:func:`ledger_chain` settles given hands one after the other with the game's own
:class:`~sevenrocks.core.games.settlement.Settlement` (the Goat family's remembered points and eggs).
Only the words are translated; every number comes from the engine.

>>> from sevenrocks.i18n import translation
>>> chain = ledger_chain("kozel", translation("en").gettext)
>>> chain[0].settled.ledger.eggs
24
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sevenrocks.core.events import HandEnd, HandResult
from sevenrocks.core.games import Engine, Ledger, find_game
from sevenrocks.core.games.settlement import HandFacts, LosersWrite, Settled
from sevenrocks.core.sausage import DealEnd, DealResult, SausageMatch
from sevenrocks.guide.play import Deal, Translate, choose, new_match, sausage_choose, words

__all__ = ["LEDGER_HANDS", "WorkedHand", "WorkedSettlement", "ledger_chain", "played_hands"]


def _list(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


@dataclass(frozen=True)
class WorkedHand:
    """A hand played to its end by the engine: its moves in notation and the result it settled to."""

    key: str
    title: str
    moves: tuple[str, ...]
    result: HandResult | DealResult
    lines: tuple[str, ...]


@dataclass(frozen=True)
class WorkedSettlement:
    """A settlement worked from given facts: ``settled`` is the game's settlement of ``facts``."""

    key: str
    title: str
    facts: HandFacts
    settled: Settled
    lines: tuple[str, ...]


def _score_line(game: str, scores: Sequence[int], _: Translate) -> str:
    rules = find_game(game).rules(engine=find_game(game).engine)
    if game == "general":
        return _("Hands lost so far, side by side: {list}.").format(list=_list(scores))
    if isinstance(rules.settlement, LosersWrite):
        return _("Written so far, side by side: {list}.").format(list=_list(scores))
    return _("Scores after the hand, side by side: {list}.").format(list=_list(scores))


def result_lines(game: str, result: HandResult, _: Translate) -> tuple[str, ...]:
    """A hand's result in words, one line for each thing the engine reported."""
    lines: list[str] = []
    if result.end is HandEnd.DOMINO:
        lines.append(_("Seat {seat} went out: domino.").format(seat=result.finisher))
    elif result.end is HandEnd.BLOCKED:
        lines.append(_(words(game)[0]))
        if result.fisherman is not None:
            lines.append(_("The fisherman is seat {seat}.").format(seat=result.fisherman))
    elif result.end is HandEnd.TARGET:
        lines.append(_("The target is reached: the match ends at once."))
    else:
        lines.append(_("The deal is void and is dealt again."))
    if result.pips is not None:
        lines.append(_("Pips left, seat by seat: {list}.").format(list=_list(result.pips)))
    if result.values is not None and result.values != result.pips:
        lines.append(
            _("Hand values with the special values, seat by seat: {list}.").format(list=_list(result.values))
        )
    if result.deductions is not None:
        lines.append(_("Deducted, seat by seat: {list}.").format(list=_list(result.deductions)))
    if result.award is not None:
        lines.append(_("Points scored, side by side: {list}.").format(list=_list(result.award)))
    if result.written is not None and game == "sea-kozel":
        lines.append(
            _("Written to the winner's record, side by side: {list}.").format(list=_list(result.written))
        )
    elif result.written is not None:
        lines.append(_("Written against each side: {list}.").format(list=_list(result.written)))
    if result.remembered is not None and any(result.remembered):
        lines.append(_("Remembered, not yet written: {list}.").format(list=_list(result.remembered)))
    if result.eggs:
        lines.append(_("Eggs waiting for the next loser: {count}.").format(count=result.eggs))
    if result.general is not None:
        lines.append(_("Side {side} receives a General.").format(side=result.general))
    if result.naked is not None:
        lines.append(_("Side {side} is made naked.").format(side=result.naked))
    if result.loser is not None and result.general is None and result.naked is None:
        lines.append(_("Seat {seat} loses the hand.").format(seat=result.loser))
    if game == "sea-kozel":
        if result.record is None:
            lines.append(_("No side holds the record."))
        else:
            side, points = result.record
            lines.append(_("The record: side {side} with {points}.").format(side=side, points=points))
    lines.append(_score_line(game, result.scores, _))
    return tuple(lines)


def _deal_lines(result: DealResult, _: Translate) -> tuple[str, ...]:
    lines: list[str] = []
    if result.end is DealEnd.OUT:
        lines.append(_("Seat {seat}'s queue is empty: it wins the deal.").format(seat=result.winner))
    elif result.winner is not None:
        lines.append(
            _("The deal is blocked; seat {seat} has fewer pips and wins it.").format(seat=result.winner)
        )
    else:
        lines.append(_("The deal is blocked with equal pips: nobody wins it."))
    lines.append(_("Pips left, seat by seat: {list}.").format(list=_list(result.pips)))
    lines.append(_("Points scored, side by side: {list}.").format(list=_list(result.award)))
    lines.append(_("Scores after the hand, side by side: {list}.").format(list=_list(result.scores)))
    return tuple(lines)


def played_hands(game: str, deal: Deal, hands: int, _: Translate) -> tuple[WorkedHand, ...]:
    """The first ``hands`` hands of ``deal``'s match played by the guide's rule, each settled."""
    match = new_match(game, deal)
    worked: list[WorkedHand] = []
    for number in range(1, hands + 1):
        if number > 1:
            if match.is_over:
                break
            if isinstance(match, SausageMatch):
                match.start_deal()
            else:
                match.start_hand()
        moves: list[str] = []
        title = _("Hand {number}").format(number=number)
        if isinstance(match, SausageMatch):
            while match.turn is not None:
                turn = sausage_choose(match)
                match.push(turn)
                moves.append(str(turn))
            deal_result = match.result
            if deal_result is None:
                raise ValueError("a Sausage deal played to its end has a result")
            worked.append(
                WorkedHand(f"hand-{number}", title, tuple(moves), deal_result, _deal_lines(deal_result, _))
            )
            continue
        while match.turn is not None:
            move = choose(match, deal.close)
            match.push(move)
            moves.append(str(move))
        result = match.results[-1]
        worked.append(
            WorkedHand(f"hand-{number}", title, tuple(moves), result, result_lines(game, result, _))
        )
    return tuple(worked)


#: The Goat family's chain of hands for two sides: ``(end, finisher, last mover, pips of each seat)``.
#: A block with both sides at 12 makes eggs; a domino then gives them to the loser, whose account
#: opens; a small loss is then remembered.
LEDGER_HANDS: tuple[tuple[str, int | None, int, tuple[tuple[int, ...], ...]], ...] = (
    ("blocked", None, 0, ((5, 7), (3, 9))),
    ("domino", 0, 0, ((), (2, 3))),
    ("domino", 1, 1, ((4, 5), ())),
)


def ledger_chain(game: str, _: Translate) -> tuple[WorkedSettlement, ...]:
    """:data:`LEDGER_HANDS` settled one after the other by ``game``'s settlement (two seats, or two
    pairs where the game is played by four)."""
    info = find_game(game)
    seats = 2 if 2 in info.seats else 4
    rules = info.rules(seats=seats, engine=Engine.LAYOUT)
    ledger: Ledger | None = Ledger.empty(rules.sides)
    scores: tuple[int, ...] = (0,) * rules.sides
    worked: list[WorkedSettlement] = []
    for number, (end, finisher, mover, hands) in enumerate(LEDGER_HANDS, start=1):
        if seats == 4:  # each side's tiles in its first seat's hand; the partners hold nothing
            hands = (*hands, (), ())
        facts = HandFacts.of(rules, end, finisher, mover, hands, scores, ledger)
        settled = rules.settlement.settle(facts)
        if end == "domino":
            how = _("Seat {seat} goes out; the losing side holds {pips} pips.").format(
                seat=finisher, pips=max(facts.totals)
            )
        else:
            how = _("A block: the two sides hold {first} and {second} pips.").format(
                first=facts.totals[0], second=facts.totals[1]
            )
        lines = [how]
        if settled.written is not None:
            lines.append(_("Written against each side: {list}.").format(list=_list(settled.written)))
        if settled.ledger is not None:
            if any(settled.ledger.remembered):
                lines.append(
                    _("Remembered, not yet written: {list}.").format(list=_list(settled.ledger.remembered))
                )
            if settled.ledger.eggs:
                lines.append(_("Eggs waiting for the next loser: {count}.").format(count=settled.ledger.eggs))
        lines.append(_score_line(game, settled.scores, _))
        title = _("Hand {number}").format(number=number)
        worked.append(WorkedSettlement(f"ledger-{number}", title, facts, settled, tuple(lines)))
        ledger, scores = settled.ledger, settled.scores
    return tuple(worked)
