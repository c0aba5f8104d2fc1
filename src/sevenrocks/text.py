"""Compact plain-text renderings of positions for terminals (pure functions, no I/O).

The layout is drawn arm by arm. Before the spinner it is one line; with the spinner, the
``line`` is its straight line (through sides A and B) and ``bA``/``bB`` are its side
branches, each read from the spinner outward. Tiles read along their arm (``4|1`` shows 4
towards the left), doubles are ``[4|4]``, the spinner ``{1|1}``. Every open connection point
is written in play notation between angle brackets, so a player can type it after ``TILE@``,
and a counted end shows what it adds to the total in parentheses:

>>> from sevenrocks.core import Layout, Play
>>> layout = Layout()
>>> for text in ["1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B", "1-5@1-1:bA"]:
...     _ = layout.place(Play.parse(text))
>>> print(render_layout(layout))
line  <1-2:high>(2) 2|1 {1|1} 1|4 [4|4] 4|3 (3)<3-4:low>
bA    {1|1} 1|5 (5)<1-5:high>
bB    {1|1} <1-1:bB>
ends  2 + 3 + 5 = 10, scores 10

Nothing here applies a rule of the game: open points, counted ends and totals all come from
the engine (:class:`~sevenrocks.core.layout.Layout`, :class:`~sevenrocks.core.view.SeatView`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sevenrocks.core.events import Draw, Event, HandEnd, HandResult, Knock
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import ConnectionPoint, Play, Side
from sevenrocks.core.scoring import placement_points
from sevenrocks.core.tiles import NUM_SEATS, Tile, partnership
from sevenrocks.core.view import SeatView

#: a gettext function: English text in, the player's language out
Translate = Callable[[str], str]

__all__ = [
    "Arm",
    "ArmEnd",
    "PlayChoice",
    "layout_arms",
    "play_choices",
    "render_choices",
    "render_event",
    "render_hand",
    "render_layout",
    "render_result",
    "render_scores",
    "render_view",
    "seat_label",
]


@dataclass(frozen=True, slots=True)
class ArmEnd:
    """The outer end of an arm: its open connection point and what it counts (``None``: nothing)."""

    point: ConnectionPoint
    counted: int | None

    def __str__(self) -> str:
        return f"<{self.point}>" + (f"({self.counted})" if self.counted is not None else "")


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of the layout as drawn: ``name`` (``line``, ``bA``, ``bB``), the tiles from left
    to right with the values they show in that order, and the open ends at the left and right."""

    name: str
    tiles: tuple[tuple[Tile, int, int], ...]
    left: ArmEnd | None
    right: ArmEnd | None


def _outward(play: Play) -> Side:
    """The side of a placed tile that faces away from its anchor."""
    tile = play.tile
    if play.anchor is None or play.side is None:
        raise ValueError("the opening tile has two outward sides")
    if tile.is_double:
        return Side.B
    value = play.anchor.high if play.side is Side.HIGH else play.anchor.low
    return Side.HIGH if tile.low == value else Side.LOW


def _shown(tile: Tile, side: Side) -> int:
    return tile.high if side is Side.HIGH else tile.low


def layout_arms(layout: Layout) -> tuple[Arm, ...]:
    """The layout as arms (the line, then the spinner's branches once they are open).

    >>> from sevenrocks.core import Layout, Play
    >>> layout = Layout()
    >>> _ = layout.place(Play.parse("2-2"))
    >>> [str(end) for end in (layout_arms(layout)[0].left, layout_arms(layout)[0].right)]
    ['<2-2:A>(4)', '<2-2:B>']
    """
    plays = layout.plays
    if not plays:
        return ()
    joined: dict[tuple[int, Side], Play] = {}
    for play in plays[1:]:
        assert play.anchor is not None and play.side is not None
        joined[(play.anchor.index, play.side)] = play
    # Pair each counted contribution with an open point of its tile, both in the engine's
    # order (the spinner's single contribution goes to its first open side).
    open_by_tile: dict[int, list[ConnectionPoint]] = {}
    for point in layout.points:
        open_by_tile.setdefault(point.anchor.index, []).append(point)
    counts_by_tile: dict[int, list[int]] = {}
    for tile, n in layout.counted():
        counts_by_tile.setdefault(tile.index, []).append(n)
    counted: dict[ConnectionPoint, int] = {}
    for index, counts in counts_by_tile.items():
        counted.update(zip(open_by_tile.get(index, []), counts, strict=False))

    def end_of(tile: Tile, side: Side) -> ArmEnd | None:
        point = ConnectionPoint(tile, side)
        if not layout.is_open(point):
            return None
        return ArmEnd(point, counted.get(point))

    def walk(tile: Tile, side: Side) -> tuple[list[tuple[Tile, int, int]], ArmEnd | None]:
        """Tiles from ``side`` of ``tile`` outward, each as (tile, inner value, outer value)."""
        out: list[tuple[Tile, int, int]] = []
        while (tile.index, side) in joined:
            play = joined[(tile.index, side)]
            outward = _outward(play)
            inner = play.tile.low if outward is Side.HIGH else play.tile.high
            out.append((play.tile, inner, _shown(play.tile, outward)))
            tile, side = play.tile, outward
        return out, end_of(tile, side)

    opening = plays[0].tile
    first, second = (Side.A, Side.B) if opening.is_double else (Side.LOW, Side.HIGH)
    left_tiles, left_end = walk(opening, first)
    right_tiles, right_end = walk(opening, second)
    line = [(t, outer, inner) for t, inner, outer in reversed(left_tiles)]
    line.append((opening, _shown(opening, first), _shown(opening, second)))
    line.extend(right_tiles)
    arms = [Arm("line", tuple(line), left_end, right_end)]
    spinner = layout.spinner
    if spinner is not None:
        for side in (Side.BA, Side.BB):
            point = ConnectionPoint(spinner, side)
            if layout.is_open(point) or layout.covering(point) is not None:
                tiles, end = walk(spinner, side)
                value = spinner.low
                arms.append(Arm(side.notation, ((spinner, value, value), *tiles), None, end))
    return tuple(arms)


def _tile_text(tile: Tile, first: int, second: int, spinner: Tile | None) -> str:
    if tile is spinner:
        return f"{{{first}|{second}}}"
    if tile.is_double:
        return f"[{first}|{second}]"
    return f"{first}|{second}"


def _english(message: str) -> str:
    return message


def render_layout(
    layout: Layout, *, indent: str = "", totals: bool = True, gettext: Translate | None = None
) -> str:
    """The layout as text, one arm per line, with open points and counted ends marked.

    With ``totals`` a last line adds up the counted ends and says what the total scores.
    ``gettext`` translates the words (e.g. ``sevenrocks.i18n.translation("tr").gettext``).

    >>> from sevenrocks.core import Layout
    >>> render_layout(Layout())
    'empty: the leader opens with any tile'
    """
    _ = gettext or _english
    arms = layout_arms(layout)
    if not arms:
        return indent + _("empty: the leader opens with any tile")
    names = {"line": _("line"), "ends": _("ends")}
    width = max(5, *(len(n) + 1 for n in names.values()))
    spinner = layout.spinner
    lines: list[str] = []
    for arm in arms:
        parts: list[str] = []
        if arm.left is not None:
            parts.append(str(arm.left))
        parts.extend(_tile_text(t, a, b, spinner) for t, a, b in arm.tiles)
        if arm.right is not None:
            right = arm.right
            parts.append((f"({right.counted})" if right.counted is not None else "") + f"<{right.point}>")
        lines.append(f"{indent}{names.get(arm.name, arm.name):<{width}} " + " ".join(parts))
    if spinner is not None and len(arms) == 1:
        note = _("branches bA, bB of spinner {spinner} open once its sides A and B are both filled")
        lines.append(f"{indent}{'':<{width}} " + note.format(spinner=spinner))
    if totals:
        counts = [
            end.counted for arm in arms for end in (arm.left, arm.right) if end and end.counted is not None
        ]
        total = layout.ends_total
        points = placement_points(total)
        sums = " + ".join(str(n) for n in counts) if len(counts) > 1 else str(total)
        if len(counts) > 1:
            sums += f" = {total}"
        scored = _("scores {points}").format(points=points) if points else _("scores nothing")
        lines.append(f"{indent}{names['ends']:<{width}} {sums}, {scored}")
    return "\n".join(lines)


def seat_label(
    seat: int, *, me: int | None = None, names: Sequence[str] | None = None, gettext: Translate | None = None
) -> str:
    """``seat 2`` (``seat 2 (partner)``, ``seat 0 (you)`` seen from ``me``), with its player's name.

    >>> seat_label(2, me=0), seat_label(1, names=["human", "greedy", "random", "greedy"])
    ('seat 2 (partner)', 'seat 1 greedy')
    """
    _ = gettext or _english
    text = _("seat {seat}").format(seat=seat)
    if names is not None and names[seat]:
        text += f" {names[seat]}"
    if me is not None:
        if seat == me:
            text += " " + _("(you)")
        elif partnership(seat) == partnership(me):
            text += " " + _("(partner)")
    return text


def render_scores(
    scores: Sequence[int],
    *,
    target: int | None = None,
    me: int | None = None,
    gettext: Translate | None = None,
) -> str:
    """The two partnership scores in raw points (``seats 0+2: 45  seats 1+3: -10``).

    >>> render_scores((45, -10), target=250, me=1)
    'seats 0+2: 45 · seats 1+3 (you): -10 · target 250'
    """
    _ = gettext or _english
    parts = []
    for team in (0, 1):
        name = _("seats {first}+{second}").format(first=team, second=team + 2)
        mine = " " + _("(you)") if me is not None and partnership(me) == team else ""
        parts.append(f"{name}{mine}: {scores[team]}")
    if target is not None:
        parts.append(_("target {target}").format(target=target))
    return " · ".join(parts)


def render_hand(tiles: Sequence[Tile], *, gettext: Translate | None = None) -> str:
    """A hand as space-separated tiles with its pip count.

    >>> from sevenrocks.core import Tile
    >>> render_hand([Tile.parse("1-2"), Tile.parse("6-6")])
    '1-2 6-6  (15 pips)'
    """
    _ = gettext or _english
    if not tiles:
        return _("(no tiles)")
    pips = _("({pips} pips)").format(pips=sum(t.pips for t in tiles))
    return " ".join(str(t) for t in tiles) + "  " + pips


def render_event(
    event: Event,
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
) -> str:
    """One placement or knock in words.

    >>> from sevenrocks.core import Knock, Placement, Play
    >>> render_event(Placement(3, Play.parse("4-6@4-4:B"), 15, 15), me=0)
    'seat 3 plays 4-6@4-4:B: ends 15, scores 15'
    >>> render_event(Knock(1, (2, 5)))
    'seat 1 knocks (nothing on 2, 5)'
    """
    _ = gettext or _english
    who = seat_label(event.seat, me=me, names=names, gettext=gettext)
    if isinstance(event, Knock):
        values = ", ".join(str(v) for v in event.values)
        return _("{seat} knocks (nothing on {values})").format(seat=who, values=values)
    if isinstance(event, Draw):
        if event.tile is None:
            return _("{seat} draws a tile").format(seat=who)
        return _("{seat} draws {tile}").format(seat=who, tile=event.tile)
    if event.points:
        return _("{seat} plays {play}: ends {total}, scores {points}").format(
            seat=who, play=event.play, total=event.ends_total, points=event.points
        )
    return _("{seat} plays {play}: ends {total}").format(seat=who, play=event.play, total=event.ends_total)


def render_result(
    result: HandResult,
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    target: int | None = None,
    gettext: Translate | None = None,
) -> str:
    """A hand's end and settlement: each seat's pips, rounded, deducted; then the scores."""
    _ = gettext or _english
    lines: list[str] = []
    if result.end is HandEnd.DOMINO and result.finisher is not None:
        who = seat_label(result.finisher, me=me, names=names, gettext=gettext)
        lines.append(_("{seat} dominoes: the hand is over").format(seat=who))
    elif result.end is HandEnd.BLOCKED:
        lines.append(_("the hand is blocked: nobody can place"))
    else:
        lines.append(_("the target is reached: the match ends at once, with no settlement"))
    if result.pips is not None and result.deductions is not None:
        for seat in range(NUM_SEATS):
            left = result.hands[seat] if result.hands is not None else ()
            tiles = " ".join(str(t) for t in left) if left else _("no tiles")
            pips, cost = result.pips[seat], result.deductions[seat]
            who = seat_label(seat, me=me, names=names, gettext=gettext)
            if cost:
                line = _("{seat}: {tiles}: {pips} pips, rounded to {cost}, deducted")
            elif pips:
                line = _("{seat}: {tiles}: {pips} pips, rounds to 0")
            else:
                line = _("{seat}: {tiles}: {pips} pips")
            lines.append("  " + line.format(seat=who, tiles=tiles, pips=pips, cost=cost))
        loss = (result.deductions[0] + result.deductions[2], result.deductions[1] + result.deductions[3])
        lines.append(
            "  " + _("seats 0+2 lose {first}, seats 1+3 lose {second}").format(first=loss[0], second=loss[1])
        )
    lines.append("  " + render_scores(result.scores, target=target, me=me, gettext=gettext))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A legal placement with what it would do: the counted total after it and the points."""

    number: int
    play: Play
    ends_total: int
    points: int


def play_choices(view: SeatView) -> tuple[PlayChoice, ...]:
    """The view's legal placements numbered from 1, each with the total and points it makes.

    >>> from sevenrocks.core import Match
    >>> match = Match(seed=5)
    >>> match.start_hand()
    >>> choices = play_choices(match.view(match.turn))
    >>> len(choices), choices[0].number
    (7, 1)
    """
    out = []
    for number, play in enumerate(view.legal_plays, start=1):
        total = view.layout.ends_total_after(play)
        out.append(PlayChoice(number, play, total, placement_points(total)))
    return tuple(out)


def render_choices(view: SeatView, *, gettext: Translate | None = None) -> str:
    """The numbered legal placements of ``view``, one per line, with what each scores."""
    _ = gettext or _english
    lines = []
    for choice in play_choices(view):
        if choice.points:
            what = _("ends {total}, scores {points}").format(
                total=f"{choice.ends_total:>2}", points=choice.points
            )
        else:
            what = _("ends {total}, scores nothing").format(total=f"{choice.ends_total:>2}")
        lines.append(f"{choice.number:>3}. {choice.play!s:<14} {what}")
    return "\n".join(lines)


def render_view(
    view: SeatView,
    *,
    names: Sequence[str] | None = None,
    choices: bool = False,
    recent: int = 0,
    gettext: Translate | None = None,
) -> str:
    """What ``view.seat`` sees: the scores, the layout, its own tiles, the others' tile counts
    and knocks, and whose turn it is; with ``choices`` also its numbered legal placements, and
    the last ``recent`` plays and knocks of the hand.

    >>> from sevenrocks.core import Match
    >>> match = Match(seed=5)
    >>> match.start_hand(leader=0)
    >>> print(render_view(match.view(0)))  # doctest: +ELLIPSIS
    hand 1 · seats 0+2 (you): 0 · seats 1+3: 0 · target 250
    layout
      empty: the leader opens with any tile
    your tiles: ...
    seat 1: 7 tiles · seat 2 (partner): 7 tiles · seat 3: 7 tiles
    turn: seat 0 (you)
    """
    _ = gettext or _english
    me = view.seat
    scores = render_scores(view.scores, target=view.target, me=me, gettext=gettext)
    lines = [_("hand {number}").format(number=view.hand_number + 1) + " · " + scores]
    if recent and view.events:
        lines.append(_("lately"))
        lines.extend(
            "  " + render_event(e, me=me, names=names, gettext=gettext) for e in view.events[-recent:]
        )
    lines.append(_("layout"))
    lines.append(render_layout(view.layout, indent="  ", gettext=gettext))
    lines.append(_("your tiles: {tiles}").format(tiles=render_hand(view.hand, gettext=gettext)))
    voids = view.void_values()
    others = []
    for seat in range(NUM_SEATS):
        if seat == me:
            continue
        count = view.tile_counts[seat]
        who = seat_label(seat, me=me, names=names, gettext=gettext)
        text = (_("{seat}: 1 tile") if count == 1 else _("{seat}: {count} tiles")).format(
            seat=who, count=count
        )
        if voids[seat]:
            values = ", ".join(str(v) for v in sorted(voids[seat]))
            text += " " + _("(knocked: none of {values})").format(values=values)
        others.append(text)
    lines.append(" · ".join(others))
    if view.turn is None:
        lines.append(_("turn: nobody (the hand is over)"))
    else:
        lines.append(
            _("turn: {seat}").format(seat=seat_label(view.turn, me=me, names=names, gettext=gettext))
        )
    if choices and view.is_my_turn:
        lines.append(_("your placements"))
        lines.append(render_choices(view, gettext=gettext))
    return "\n".join(lines)
