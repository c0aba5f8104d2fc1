"""Sausage as text for the terminal: the table, a seat's position, the ways a tile can go, every turn,
and a deal's end — what ``sevenrocks play --game sausage`` and ``sevenrocks show`` print.

The functions are pure (they return text); ``gettext`` translates the words, ``names`` names the
players of the two seats and ``me`` is the seat the text is written for (``None``: for an onlooker).
A line is read outward from the start tile, each tile turned to join the one before it: ``4|`` is the
start tile's half, doubles are ``[4|4]`` and the line's open end follows ``→``.

>>> from sevenrocks.core.sausage import SausageMatch
>>> queues = ["2-5 1-3 4-6 4-4 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2 1-4 1-5".split(),
...           "5-6 2-4 3-3 0-0 1-6 2-2 2-3 2-6 3-4 3-5 3-6 4-5 5-5 6-6".split()]
>>> match = SausageMatch()
>>> match.start_deal(queues, starter=0)
>>> _ = match.push_notation("5-6:bottom")
>>> _ = match.push_notation("2-4:top")
>>> print("\\n".join(table_lines(match.table)))
table: start tile 2-5 (top 2, bottom 5)
  top     2| 2|4 → 4
  bottom  5| 5|6 → 6
>>> for move in match.legal_moves():
...     print(move, way_text(match.view(0), move))
4-6:top the top end becomes 6
4-6:bottom the bottom end becomes 4
4-6:cut cut: 3 tiles (24 pips) to the back of the queue of seat 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sevenrocks.core.sausage import (
    DealEnd,
    DealResult,
    Line,
    SausageMove,
    SausageView,
    Table,
    Turn,
    Way,
    Went,
)
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import N_

__all__ = [
    "deal_end_lines",
    "line_text",
    "position_text",
    "seat_name",
    "starter_text",
    "table_lines",
    "turn_text",
    "way_text",
]

Translate = Callable[[str], str]


def _english(text: str) -> str:
    return text


def seat_name(
    seat: int, *, me: int | None = None, names: Sequence[str] = (), gettext: Translate = _english
) -> str:
    """``seat 1 greedy``, or ``seat 0 human (you)`` seen from ``me``."""
    _ = gettext
    text = _("seat {seat}").format(seat=seat)
    if seat < len(names) and names[seat]:
        text += f" {names[seat]}"
    if me == seat:
        text += " " + _("(you)")
    return text


def line_text(line: Line) -> str:
    """A line read outward from the start tile: ``2| 2|4 [4|4] 4|1 → 1`` (the start tile's half, the
    tiles turned to join, the open end).

    >>> from sevenrocks.core.tiles import Tile
    >>> line_text(Line(2, (Tile.parse("2-4"), Tile.parse("4-4")), 4, frozenset({2, 4})))
    '2| 2|4 [4|4] → 4'
    """
    parts = [f"{line.start_half}|"]
    value = line.start_half
    for tile in line.tiles:
        if tile.is_double:
            parts.append(f"[{tile.low}|{tile.high}]")
            continue
        other = tile.other(value)
        parts.append(f"{value}|{other}")
        value = other
    parts.append(f"→ {line.end}")
    return " ".join(parts)


def table_lines(table: Table, *, gettext: Translate = _english) -> list[str]:
    """The start tile and the two lines, one per row (``empty table`` before a deal's first turn)."""
    _ = gettext
    if table.start is None:
        return [_("table: empty")]
    top, bottom = _("top"), _("bottom")
    width = max(len(top), len(bottom))
    return [
        _("table: start tile {tile} (top {top}, bottom {bottom})").format(
            tile=table.start, top=table.top.start_half, bottom=table.bottom.start_half
        ),
        f"  {top:<{width}}  {line_text(table.top)}",
        f"  {bottom:<{width}}  {line_text(table.bottom)}",
    ]


def _pips(tiles: Sequence[Tile]) -> int:
    return sum(t.pips for t in tiles)


def way_text(view: SausageView, move: SausageMove, *, gettext: Translate = _english) -> str:
    """What ``move`` does, for the seat choosing it: the end it changes, or what a cut hands over."""
    _ = gettext
    table = view.table
    tile = move.tile
    if move.way is Way.CUT:
        gave = table.laid
        other = seat_name(1 - view.seat, gettext=_)
        return _("cut: {count} tiles ({pips} pips) to the back of the queue of {seat}").format(
            count=len(gave), pips=_pips(gave), seat=other
        )
    index = 0 if move.way is Way.TOP else 1
    end = table.ends[index]
    if tile.is_double:
        text = (
            _("into the top line (its end stays {end})")
            if index == 0
            else _("into the bottom line (its end stays {end})")
        )
        return text.format(end=end)
    text = _("the top end becomes {end}") if index == 0 else _("the bottom end becomes {end}")
    return text.format(end=tile.other(end))


def position_text(
    view: SausageView, *, names: Sequence[str] = (), gettext: Translate = _english, choices: bool = True
) -> str:
    """What ``view``'s seat sees on its turn: the scores, the table, the doubles set aside, the queues
    (with the tiles known at their backs), the counts of the block rule, the turned tile and, with
    ``choices``, its numbered ways."""
    _ = gettext
    me = view.seat
    lines = [
        " · ".join(
            [_("deal {number}").format(number=view.deal_number + 1)]
            + [f"{seat_name(s, me=me, names=names, gettext=_)}: {view.scores[s]}" for s in (0, 1)]
            + [_("target {target}").format(target=view.target)]
        )
    ]
    lines.extend(table_lines(view.table, gettext=_))
    if view.aside:
        lines.append(_("set aside: {tiles}").format(tiles=" ".join(str(t) for t in view.aside)))
    memory = view.memory()
    queues = []
    for seat in (0, 1):
        text = _("{seat}: {count} tiles").format(
            seat=seat_name(seat, me=me, names=names, gettext=_), count=view.queue_lengths[seat]
        )
        tail = memory.tails[seat]
        if tail:
            text += " " + _("(known at the back: {tiles})").format(tiles=" ".join(str(t) for t in tail))
        queues.append(text)
    lines.append(_("queues") + ": " + " · ".join(queues))
    if any(view.sent):
        lines.append(
            _(
                "sent to the back since the table last changed: {first} of {first_queue}, "
                "{second} of {second_queue}"
            ).format(
                first=view.sent[0],
                first_queue=view.queue_lengths[0],
                second=view.sent[1],
                second_queue=view.queue_lengths[1],
            )
        )
    if view.turn is not None and view.turned is not None:
        who = seat_name(view.turn, me=me, names=names, gettext=_)
        lines.append(_("{seat} turned {tile}").format(seat=who, tile=view.turned))
        if choices and view.is_my_turn:
            lines.append(_("where it can go"))
            width = max(len(str(m)) for m in view.legal_moves)
            for number, move in enumerate(view.legal_moves, start=1):
                lines.append(f"  {number}. {move!s:<{width}}  {way_text(view, move, gettext=_)}")
    return "\n".join(lines)


def turn_text(
    turn: Turn,
    *,
    me: int | None = None,
    names: Sequence[str] = (),
    gettext: Translate = _english,
    words: bool = False,
) -> str:
    """One turn as it happened (every turn is public); with ``words``, a move said in words (the
    pages) rather than in notation (the terminal)."""
    _ = gettext
    who = seat_name(turn.seat, me=me, names=names, gettext=_)
    went = turn.went
    if went is Went.START:
        return _("{seat} turns {tile}: the start tile, top {top}, bottom {bottom}").format(
            seat=who, tile=turn.tile, top=turn.tile.low, bottom=turn.tile.high
        )
    if went is Went.BACK:
        return _("{seat} turns {tile}: it fits nowhere and goes to the back of the queue").format(
            seat=who, tile=turn.tile
        )
    if went is Went.ASIDE:
        return _("{seat} turns {tile}: a double that fits nowhere, set aside").format(
            seat=who, tile=turn.tile
        )
    if words and went is Went.TOP:
        return _("{seat} places {tile} on the top line").format(seat=who, tile=turn.tile)
    if words and went is Went.BOTTOM:
        return _("{seat} places {tile} on the bottom line").format(seat=who, tile=turn.tile)
    if words and went is Went.CUT:
        other = seat_name(1 - turn.seat, me=me, names=names, gettext=_)
        return _(
            "{seat} cuts the sausage with {tile}: the tiles of the table ({count}) go to the back "
            "of the queue of {other}"
        ).format(seat=who, tile=turn.tile, count=turn.gave, other=other)
    if went is Went.CUT:
        other = seat_name(1 - turn.seat, me=me, names=names, gettext=_)
        return _(
            "{seat} plays {move}: cuts the sausage, {count} tiles to the back of the queue of {other}"
        ).format(seat=who, move=turn.move, count=turn.gave, other=other)
    return _("{seat} plays {move}").format(seat=who, move=turn.move)


def starter_text(
    starter: int,
    lead: str,
    *,
    me: int | None = None,
    names: Sequence[str] = (),
    gettext: Translate = _english,
) -> str:
    """Who starts the deal and why (``lead``: ``lot``, ``winner`` or ``rotation``)."""
    _ = gettext
    who = seat_name(starter, me=me, names=names, gettext=_)
    why = {
        "lot": N_("{seat} starts (drawn by lot)"),
        "winner": N_("{seat} starts (won the last deal)"),
        "rotation": N_(
            "{seat} starts (the last deal was blocked with no winner, and the other seat started it)"
        ),
    }[lead]
    return _(why).format(seat=who)


def deal_end_lines(
    result: DealResult,
    *,
    target: int,
    aside: Sequence[Tile] = (),
    me: int | None = None,
    names: Sequence[str] = (),
    gettext: Translate = _english,
) -> list[str]:
    """How a deal ended, the tiles left in each queue, the settlement and the scores."""
    _ = gettext
    winner = result.winner

    def who(seat: int) -> str:
        return seat_name(seat, me=me, names=names, gettext=_)

    if result.end is DealEnd.OUT:
        assert winner is not None
        lines = [_("the queue of {seat} is empty: it wins the deal").format(seat=who(winner))]
    else:
        lines = [_("the deal is blocked: no tile of either queue can ever be placed")]
        if winner is None:
            lines.append(_("both queues hold {pips} pips: nobody wins the deal").format(pips=result.pips[0]))
        else:
            lines.append(_("{seat} holds fewer pips and wins the deal").format(seat=who(winner)))
    for seat in (0, 1):
        tiles = " ".join(str(t) for t in result.left[seat]) or "—"
        lines.append(
            "  "
            + _("{seat}: {tiles} ({pips} pips)").format(seat=who(seat), tiles=tiles, pips=result.pips[seat])
        )
    if aside:
        lines.append(
            "  " + _("set aside (count for nobody): {tiles}").format(tiles=" ".join(str(t) for t in aside))
        )
    if winner is not None:
        loser = 1 - winner
        if result.end is DealEnd.OUT:
            why = _("the pips left in the queue of {seat}").format(seat=who(loser))
        else:
            why = _("{theirs} − {mine} pips").format(theirs=result.pips[loser], mine=result.pips[winner])
        lines.append(
            _("{seat} scores {points} ({why})").format(seat=who(winner), points=result.award[winner], why=why)
        )
    lines.append(
        " · ".join(
            [f"{who(s)}: {result.scores[s]}" for s in (0, 1)] + [_("target {target}").format(target=target)]
        )
    )
    return lines
