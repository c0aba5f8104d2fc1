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

The other games of the family draw the same way. A line game (Block, Draw, the Goat family)
has the ``line`` alone, and no total where placements do not score. In Five Up every double is
a spinner: each one's branches are an arm named by its point (``3-3:bA``). A double laid
lengthwise (Muggins) is ``4=4``, a closed double ``[4#4]``. Every function takes the game's
:class:`~sevenrocks.core.games.Rules` (``rules=``; a view brings its own); without them it is
Seven Rocks, drawn exactly as it always was.

Nothing here applies a rule of the game: open points, counted ends, totals, draws and
settlements all come from the engine (:class:`~sevenrocks.core.layout.Layout`,
:class:`~sevenrocks.core.view.SeatView`, :class:`~sevenrocks.core.events.HandResult`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from sevenrocks.core.events import Draw, Event, HandEnd, HandResult, Knock
from sevenrocks.core.games import DEFAULT_GAME, Boneyard, Outcome, Points, Rules, Topology, find_game
from sevenrocks.core.games.ending import FixedDeals, LosersTarget, SingleHand, TargetAtOnce
from sevenrocks.core.games.general import Counts
from sevenrocks.core.games.sea import SeaRecord
from sevenrocks.core.games.settlement import (
    DeductFloor5,
    DeductRound5,
    HandBonus,
    LosersWrite,
    NoSettlement,
    WinnerTakes,
)
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import ConnectionPoint, Doubles, Move, Play, Side
from sevenrocks.core.record import LEAD_DECLARED, LEAD_EGGS, LEAD_HUNDRED
from sevenrocks.core.scoring import ends_total_after, placement_points
from sevenrocks.core.tiles import Tile
from sevenrocks.core.view import SeatView
from sevenrocks.i18n import N_
from sevenrocks.picture_art import PICTURES

#: a gettext function: English text in, the player's language out
Translate = Callable[[str], str]

__all__ = [
    "GAME_NAMES",
    "Arm",
    "ArmEnd",
    "PlayChoice",
    "game_name",
    "imposed_lead_text",
    "layout_arms",
    "match_over_text",
    "picture_key",
    "play_choices",
    "render_boneyard",
    "render_choices",
    "render_draws",
    "render_event",
    "render_events",
    "render_hand",
    "render_layout",
    "render_result",
    "render_scores",
    "render_view",
    "seat_label",
    "side_label",
    "target_text",
]

_SEVEN_ROCKS: Final = find_game(DEFAULT_GAME).rules()

#: The name of every game, for the catalogues (the engine's names are English only).
GAME_NAMES: Final = {
    "seven-rocks": N_("Seven Rocks"),
    "block": N_("Block"),
    "draw": N_("Draw"),
    "kozel": N_("Kozel (Goat)"),
    "kozel-125": N_("Kozel 125"),
    "sports-kozel": N_("Sports Goat"),
    "telephone": N_("Telephone"),
    "muggins": N_("Muggins"),
    "all-fives": N_("All Fives"),
    "five-up": N_("Five Up"),
    "fives-and-threes": N_("Fives and Threes"),
    "all-threes": N_("All Threes"),
    "picture": N_("Picture dominoes"),
    "sea-kozel": N_("Sea Goat"),
    "donkey": N_("Donkey"),
    "sebastopol": N_("Sebastopol"),
    "bergen": N_("Bergen"),
    "matador": N_("Matador"),
    "general": N_("General"),
    "sausage": N_("Sausage"),
}


def _english(message: str) -> str:
    return message


def game_name(game: str, *, gettext: Translate | None = None) -> str:
    """The name of the game with id ``game``, in the player's language.

    >>> game_name("kozel")
    'Kozel (Goat)'
    """
    _ = gettext or _english
    if game in GAME_NAMES:
        return _(GAME_NAMES[game])
    return find_game(game).name


@dataclass(frozen=True, slots=True)
class ArmEnd:
    """The outer end of an arm: its open connection point and what it counts (``None``: nothing)."""

    point: ConnectionPoint
    counted: int | None

    def __str__(self) -> str:
        return f"<{self.point}>" + (f"({self.counted})" if self.counted is not None else "")


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of the layout as drawn: ``name`` (``line``, ``bA``, ``bB``; with every double a
    spinner, ``3-3:bA``), the tiles from left to right with the values they show in that order,
    and the open ends at the left and right."""

    name: str
    tiles: tuple[tuple[Tile, int, int], ...]
    left: ArmEnd | None
    right: ArmEnd | None


def _shown(tile: Tile, side: Side) -> int:
    return tile.high if side is Side.HIGH else tile.low


def layout_arms(layout: Layout) -> tuple[Arm, ...]:
    """The layout as arms (the line, then the branches of each spinner once they are open).

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
        if not point.side.is_branch:
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
            outward = layout.outward(play)
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
    several = layout.topology is Topology.ALL_SPINNERS
    for spinner in layout.spinners:
        for side in (Side.BA, Side.BB):
            point = ConnectionPoint(spinner, side)
            if layout.is_open(point) or layout.covering(point) is not None:
                tiles, end = walk(spinner, side)
                value = spinner.low
                name = str(point) if several else side.notation
                arms.append(Arm(name, ((spinner, value, value), *tiles), None, end))
    return tuple(arms)


def _tile_text(tile: Tile, first: int, second: int, layout: Layout, spinners: tuple[Tile, ...]) -> str:
    if tile in spinners:
        return f"{{{first}|{second}}}"
    if tile.is_double:
        if layout.is_lengthwise(tile):
            return f"{first}={second}"
        if layout.is_closed(tile):
            return f"[{first}#{second}]"
        return f"[{first}|{second}]"
    return f"{first}|{second}"


def _points_of(points: Points | None, total: int) -> int:
    """What a counted total scores (``None``: Seven Rocks' fives)."""
    return placement_points(total) if points is None else points.of(total)


def render_layout(
    layout: Layout,
    *,
    indent: str = "",
    totals: bool = True,
    gettext: Translate | None = None,
    points: Points | None = None,
) -> str:
    """The layout as text, one arm per line, with open points and counted ends marked.

    With ``totals`` a last line adds up the counted ends and says what the total scores by
    ``points`` (the game's kind of placement points; ``None``: Seven Rocks' fives). Where
    placements never score (``Points.NONE``) the counted ends are not marked and there is no
    total. ``gettext`` translates the words (e.g.
    ``sevenrocks.i18n.translation("tr").gettext``).

    >>> from sevenrocks.core import Layout
    >>> render_layout(Layout())
    'empty: the leader opens with any tile'
    """
    _ = gettext or _english
    arms = layout_arms(layout)
    if not arms:
        return indent + _("empty: the leader opens with any tile")
    names = {"line": _("line"), "ends": _("ends")}
    width = max(5, *(len(n) + 1 for n in names.values()), *(len(arm.name) + 1 for arm in arms[1:]))
    spinners = layout.spinners
    counting = points is not Points.NONE
    lines: list[str] = []
    for arm in arms:
        parts: list[str] = []
        if arm.left is not None:
            parts.append(str(arm.left) if counting else f"<{arm.left.point}>")
        parts.extend(_tile_text(t, a, b, layout, spinners) for t, a, b in arm.tiles)
        if arm.right is not None:
            right = arm.right
            count = f"({right.counted})" if right.counted is not None and counting else ""
            parts.append(count + f"<{right.point}>")
        lines.append(f"{indent}{names.get(arm.name, arm.name):<{width}} " + " ".join(parts))
    if layout.topology in (Topology.SPINNER, Topology.ALL_SPINNERS):
        branched = {arm.tiles[0][0] for arm in arms[1:]}
        for spinner in spinners:
            if spinner not in branched:
                note = _("branches bA, bB of spinner {spinner} open once its sides A and B are both filled")
                lines.append(f"{indent}{'':<{width}} " + note.format(spinner=spinner))
    if totals and counting:
        counts = [
            end.counted for arm in arms for end in (arm.left, arm.right) if end and end.counted is not None
        ]
        total = layout.ends_total
        scored = _points_of(points, total)
        sums = " + ".join(str(n) for n in counts) if len(counts) > 1 else str(total)
        if len(counts) > 1:
            sums += f" = {total}"
        what = _("scores {points}").format(points=scored) if scored else _("scores nothing")
        lines.append(f"{indent}{names['ends']:<{width}} {sums}, {what}")
    return "\n".join(lines)


def seat_label(
    seat: int,
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
    rules: Rules | None = None,
) -> str:
    """``seat 2`` (``seat 2 (partner)``, ``seat 0 (you)`` seen from ``me``), with its player's name.

    >>> seat_label(2, me=0), seat_label(1, names=["human", "greedy", "random", "greedy"])
    ('seat 2 (partner)', 'seat 1 greedy')
    """
    _ = gettext or _english
    table = rules or _SEVEN_ROCKS
    text = _("seat {seat}").format(seat=seat)
    if names is not None and seat < len(names) and names[seat]:
        text += f" {names[seat]}"
    if me is not None:
        if seat == me:
            text += " " + _("(you)")
        elif table.side_of(seat) == table.side_of(me):
            text += " " + _("(partner)")
    return text


def side_label(
    side: int, *, rules: Rules | None = None, gettext: Translate | None = None, me: int | None = None
) -> str:
    """A side by its seats: ``seats 0+2`` for a partnership, ``seat 1`` for a seat alone; with
    ``(you)`` where ``me`` plays for it.

    >>> side_label(1), side_label(1, rules=find_game("kozel").rules(seats=3), me=1)
    ('seats 1+3', 'seat 1 (you)')
    """
    _ = gettext or _english
    table = rules or _SEVEN_ROCKS
    if table.partnerships:
        first, second = table.seats_of(side)
        text = _("seats {first}+{second}").format(first=first, second=second)
    else:
        text = _("seat {seat}").format(seat=side)
    if me is not None and table.side_of(me) == side:
        text += " " + _("(you)")
    return text


def imposed_lead_text(lead: str | None, seat: str, *, gettext: Translate | None = None) -> str | None:
    """Sea Goat's own leads in words, for ``seat`` (its label): ``lead`` is a record's ``hundred``,
    ``eggs`` or ``declared``; ``None`` for any other lead.

    >>> imposed_lead_text("eggs", "seat 2"), imposed_lead_text("lot", "seat 2")
    ('eggs are pending: seat 2 holds 1-1 and leads it', None)
    """
    _ = gettext or _english
    if lead == LEAD_HUNDRED:
        return _("{seat} owes a compulsory hundred and leads any tile: this is its hundred hand").format(
            seat=seat
        )
    if lead == LEAD_EGGS:
        return _("eggs are pending: {seat} holds 1-1 and leads it").format(seat=seat)
    if lead == LEAD_DECLARED:
        return _("{seat} declares a hundred and leads 6-6: this is its hundred hand").format(seat=seat)
    return None


def target_text(rules: Rules | None, target: int | None, *, gettext: Translate | None = None) -> str | None:
    """How the match ends, in a few words for the score line (``target 250``, ``the goat at
    101``, ``4 deals``); ``None`` where nothing is to be said (a single hand).

    >>> target_text(None, 250), target_text(find_game("kozel").rules(), 101)
    ('target 250', 'the goat at 101')
    """
    _ = gettext or _english
    ending = (rules or _SEVEN_ROCKS).ending
    if isinstance(ending, SingleHand):
        return None
    if isinstance(ending, FixedDeals):
        return _("{deals} deals").format(deals=ending.deals)
    if target is None:
        return None
    if isinstance(ending, LosersTarget):
        return _("the goat at {target}").format(target=target)
    if isinstance(ending, TargetAtOnce) and ending.exact:
        return _("target {target} exactly").format(target=target)
    return _("target {target}").format(target=target)


def render_scores(
    scores: Sequence[int],
    *,
    target: int | None = None,
    me: int | None = None,
    gettext: Translate | None = None,
    rules: Rules | None = None,
    remembered: Sequence[int] | None = None,
    eggs: int | None = None,
) -> str:
    """The side scores (``seats 0+2: 45  seats 1+3: -10``), with what the game keeps beside them:
    the Goat family's remembered points and eggs.

    >>> render_scores((45, -10), target=250, me=1)
    'seats 0+2: 45 · seats 1+3 (you): -10 · target 250'
    >>> render_scores((23, 0, 40), target=101, me=1, rules=find_game("kozel").rules(seats=3),
    ...               remembered=(0, 7, 0), eggs=22)
    'seat 0: 23 · seat 1 (you): 0 (remembers 7) · seat 2: 40 · eggs 22 · the goat at 101'
    """
    _ = gettext or _english
    table = rules or _SEVEN_ROCKS
    parts = []
    for side in range(table.sides):
        name = side_label(side, rules=table, gettext=gettext)
        mine = " " + _("(you)") if me is not None and table.side_of(me) == side else ""
        if isinstance(table.settlement, Counts):  # General keeps no points: the hands lost
            lost = (
                _("1 hand lost") if scores[side] == 1 else _("{count} hands lost").format(count=scores[side])
            )
            text = f"{name}{mine}: {lost}"
        else:
            text = f"{name}{mine}: {scores[side]}"
        if remembered is not None and remembered[side]:
            text += " " + _("(remembers {points})").format(points=remembered[side])
        parts.append(text)
    if eggs:
        parts.append(_("eggs {eggs}").format(eggs=eggs))
    goal = target_text(table, target, gettext=gettext)
    if goal is not None:
        parts.append(goal)
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
    rules: Rules | None = None,
) -> str:
    """One placement, knock or draw in words (a placement's counted total only where
    placements score).

    >>> from sevenrocks.core import Knock, Placement, Play
    >>> render_event(Placement(3, Play.parse("4-6@4-4:B"), 15, 15), me=0)
    'seat 3 plays 4-6@4-4:B: ends 15, scores 15'
    >>> render_event(Knock(1, (2, 5)))
    'seat 1 knocks (nothing on 2, 5)'
    """
    _ = gettext or _english
    who = seat_label(event.seat, me=me, names=names, gettext=gettext, rules=rules)
    if isinstance(event, Knock):
        values = ", ".join(str(v) for v in event.values)
        return _("{seat} knocks (nothing on {values})").format(seat=who, values=values)
    if isinstance(event, Draw):
        if event.tile is None:
            return _("{seat} draws a tile").format(seat=who)
        return _("{seat} draws {tile}").format(seat=who, tile=event.tile)
    if rules is not None and not rules.scores_points:
        return _("{seat} plays {play}").format(seat=who, play=event.play)
    if event.points:
        return _("{seat} plays {play}: ends {total}, scores {points}").format(
            seat=who, play=event.play, total=event.ends_total, points=event.points
        )
    return _("{seat} plays {play}: ends {total}").format(seat=who, play=event.play, total=event.ends_total)


def render_draws(
    seat: int,
    tiles: Sequence[Tile | None],
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
    rules: Rules | None = None,
) -> str:
    """Several draws of one seat in a row: the tiles where the reader may see them, else a count.

    >>> from sevenrocks.core import Tile
    >>> render_draws(1, [None, None, None]), render_draws(0, [Tile.parse("2-5"), Tile.parse("3-6")], me=0)
    ('seat 1 draws 3 tiles', 'seat 0 (you) draws 2-5, 3-6')
    """
    _ = gettext or _english
    if len(tiles) == 1:
        return render_event(Draw(seat, tiles[0]), me=me, names=names, gettext=gettext, rules=rules)
    who = seat_label(seat, me=me, names=names, gettext=gettext, rules=rules)
    if any(t is None for t in tiles):
        return _("{seat} draws {count} tiles").format(seat=who, count=len(tiles))
    return _("{seat} draws {tiles}").format(seat=who, tiles=", ".join(str(t) for t in tiles))


def render_events(
    events: Sequence[Event],
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
    rules: Rules | None = None,
) -> list[tuple[Event, str]]:
    """Events in words, one line each, a seat's draws in a row joined in one line; each line
    with the last event it tells (for what the caller adds after it)."""
    out: list[tuple[Event, str]] = []
    i = 0
    while i < len(events):
        event = events[i]
        if isinstance(event, Draw):
            j = i
            while j < len(events) and isinstance(events[j], Draw) and events[j].seat == event.seat:
                j += 1
            tiles = [e.tile for e in events[i:j] if isinstance(e, Draw)]
            text = render_draws(event.seat, tiles, me=me, names=names, gettext=gettext, rules=rules)
            out.append((events[j - 1], text))
            i = j
            continue
        out.append((event, render_event(event, me=me, names=names, gettext=gettext, rules=rules)))
        i += 1
    return out


def _values_by_side(result: HandResult, rules: Rules) -> list[int]:
    per_seat = result.values if result.values is not None else result.pips or ()
    totals = [0] * rules.sides
    for seat, value in enumerate(per_seat):
        totals[rules.side_of(seat)] += value
    return totals


def _end_line(
    result: HandResult, rules: Rules, me: int | None, names: Sequence[str] | None, gettext: Translate | None
) -> str:
    _ = gettext or _english
    if result.end is HandEnd.DOMINO and result.finisher is not None:
        if isinstance(rules.settlement, NoSettlement):
            if result.finisher == me:
                return _("You finished first!")
            who = seat_label(result.finisher, me=me, names=names, gettext=gettext, rules=rules)
            return _("{seat} finished first!").format(seat=who)
        who = seat_label(result.finisher, me=me, names=names, gettext=gettext, rules=rules)
        return _("{seat} dominoes: the hand is over").format(seat=who)
    if result.end is HandEnd.BLOCKED:
        if result.fisherman is not None:
            who = seat_label(result.fisherman, me=me, names=names, gettext=gettext, rules=rules)
            return _("fish! the hand is blocked; {seat} made the last move and is the fisherman").format(
                seat=who
            )
        if rules.draws:
            return _("the hand is blocked: nobody can place and nothing is left to draw")
        return _("the hand is blocked: nobody can place")
    if result.end is HandEnd.REDEAL:
        if result.events and "egg-redeal" in result.events:
            return _(
                "eggs are pending and nobody was dealt 1-1: the deal is void (an egg redeal), dealt again"
            )
        return _("the deal is void (a hand held five doubles or six tiles of one suit): it is dealt again")
    return _("the target is reached: the match ends at once, with no settlement")


def _left_text(result: HandResult, seat: int, gettext: Translate | None) -> str:
    _ = gettext or _english
    left = result.hands[seat] if result.hands is not None else ()
    return " ".join(str(t) for t in left) if left else _("no tiles")


def _deductions(
    result: HandResult,
    rules: Rules,
    me: int | None,
    names: Sequence[str] | None,
    gettext: Translate | None,
    floor: bool,
) -> list[str]:
    """Each seat's pips rounded and deducted (Seven Rocks; Telephone rounds down)."""
    _ = gettext or _english
    assert result.pips is not None and result.deductions is not None
    lines = []
    for seat in range(rules.seats):
        tiles = _left_text(result, seat, gettext)
        pips, cost = result.pips[seat], result.deductions[seat]
        who = seat_label(seat, me=me, names=names, gettext=gettext, rules=rules)
        if cost:
            line = (
                _("{seat}: {tiles}: {pips} pips, rounded down to {cost}, deducted")
                if floor
                else _("{seat}: {tiles}: {pips} pips, rounded to {cost}, deducted")
            )
        elif pips:
            line = (
                _("{seat}: {tiles}: {pips} pips, rounds down to 0")
                if floor
                else _("{seat}: {tiles}: {pips} pips, rounds to 0")
            )
        else:
            line = _("{seat}: {tiles}: {pips} pips")
        lines.append("  " + line.format(seat=who, tiles=tiles, pips=pips, cost=cost))
    loss = [0] * rules.sides
    for seat, cost in enumerate(result.deductions):
        loss[rules.side_of(seat)] += cost
    if rules.partnerships and rules.sides == 2:
        text = _("seats 0+2 lose {first}, seats 1+3 lose {second}").format(first=loss[0], second=loss[1])
    else:
        text = ", ".join(
            _("{side} loses {points}").format(
                side=side_label(s, rules=rules, gettext=gettext, me=me), points=loss[s]
            )
            for s in range(rules.sides)
        )
    if floor:
        text += " " + _("(a score never goes below 0)")
    lines.append("  " + text)
    return lines


def _hand_values(
    result: HandResult, rules: Rules, me: int | None, names: Sequence[str] | None, gettext: Translate | None
) -> list[str]:
    """Each seat's tiles left and what they are worth."""
    _ = gettext or _english
    lines = []
    values = result.values if result.values is not None else result.pips
    assert values is not None and result.pips is not None
    for seat in range(rules.seats):
        tiles = _left_text(result, seat, gettext)
        who = seat_label(seat, me=me, names=names, gettext=gettext, rules=rules)
        if values[seat] != result.pips[seat]:
            line = _("{seat}: {tiles}: worth {value}").format(seat=who, tiles=tiles, value=values[seat])
        else:
            line = _("{seat}: {tiles}: {pips} pips").format(seat=who, tiles=tiles, pips=values[seat])
        lines.append("  " + line)
    return lines


def _award_lines(result: HandResult, rules: Rules, me: int | None, gettext: Translate | None) -> list[str]:
    """Who scored at settlement in a winner-takes or hand-bonus game (a partnership's verbs are
    plural: ``seats 0+2 score 25``)."""
    _ = gettext or _english
    many = rules.partnerships
    award = result.award or ()
    winners = [s for s, points in enumerate(award) if points]
    if winners:
        side = winners[0]
        who = side_label(side, rules=rules, gettext=gettext, me=me)
        if isinstance(rules.settlement, HandBonus):
            text = (
                _("{side} win the hand and score {points}")
                if many
                else _("{side} wins the hand and scores {points}")
            )
            return ["  " + text.format(side=who, points=award[side])]
        if result.end is HandEnd.DOMINO:
            why = _("the others' pips")
        else:
            why = _("the lightest hand: the others' pips less its own")
        text = _("{side} score {points} ({why})") if many else _("{side} scores {points} ({why})")
        return ["  " + text.format(side=who, points=award[side], why=why)]
    if result.end is HandEnd.BLOCKED:
        if isinstance(rules.settlement, HandBonus):
            return ["  " + _("nobody scores for a blocked hand")]
        return ["  " + _("a tie for the lightest hand: nobody scores")]
    if result.finisher is not None:
        who = side_label(rules.side_of(result.finisher), rules=rules, gettext=gettext, me=me)
        text = _("{side} score nothing") if many else _("{side} scores nothing")
        return ["  " + text.format(side=who)]
    return []


def _goat_lines(
    result: HandResult, rules: Rules, previous: HandResult | None, me: int | None, gettext: Translate | None
) -> list[str]:
    """What each side of a Goat game wrote, remembered or won (``kozel.md`` §8)."""
    _ = gettext or _english
    settlement = rules.settlement
    assert isinstance(settlement, LosersWrite)
    many = rules.partnerships
    totals = _values_by_side(result, rules)
    sides = rules.sides
    before = previous.remembered if previous is not None and previous.remembered is not None else (0,) * sides
    remembered = result.remembered or (0,) * sides
    written = result.written or (0,) * sides
    eggs_before = previous.eggs if previous is not None and previous.eggs else 0
    if result.end is HandEnd.DOMINO and result.finisher is not None:
        losers = [s for s in range(sides) if s != rules.side_of(result.finisher)]
    else:
        low = min(totals)
        losers = [s for s in range(sides) if totals[s] != low]
    lines = []
    if not losers:
        if settlement.eggs:
            text = _("eggs! every side holds {total}: {eggs} points wait for the next loser")
            return ["  " + text.format(total=totals[0], eggs=result.eggs or 0)]
        return ["  " + _("every side holds {total}: nobody writes").format(total=totals[0])]
    if eggs_before:
        lines.append("  " + _("the {eggs} eggs go to the losing side with the most").format(eggs=eggs_before))
    for side in range(sides):
        who = side_label(side, rules=rules, gettext=gettext, me=me)
        if side not in losers:
            forgot = before[side] if before[side] and not remembered[side] and not written[side] else 0
            if forgot:
                text = (
                    _("{side} win the hand and forget {points} remembered")
                    if many
                    else _("{side} wins the hand and forgets {points} remembered")
                )
                lines.append("  " + text.format(side=who, points=forgot))
            else:
                text = _("{side} win the hand") if many else _("{side} wins the hand")
                lines.append("  " + text.format(side=who))
        elif written[side] or not settlement.threshold:
            text = _("{side} write {points}") if many else _("{side} writes {points}")
            lines.append("  " + text.format(side=who, points=written[side]))
        elif remembered[side] > before[side]:
            text = (
                _("{side} remember {points}, {total} in all; a hand of {threshold} opens the account")
                if many
                else _("{side} remembers {points}, {total} in all; a hand of {threshold} opens its account")
            )
            lines.append(
                "  "
                + text.format(
                    side=who,
                    points=remembered[side] - before[side],
                    total=remembered[side],
                    threshold=settlement.threshold,
                )
            )
        else:
            text = (
                _("{side} write nothing: {points} is below {threshold}, which opens an account")
                if many
                else _("{side} writes nothing: {points} is below {threshold}, which opens an account")
            )
            lines.append("  " + text.format(side=who, points=totals[side], threshold=settlement.threshold))
    return lines


def _record_text(
    record: tuple[int, int] | None, rules: Rules, me: int | None, gettext: Translate | None
) -> str:
    """Sea Goat's record in words: ``record: seats 0+2 with 47`` or ``no record``."""
    _ = gettext or _english
    if record is None:
        return _("no side holds a record")
    who = side_label(record[0], rules=rules, gettext=gettext, me=me)
    return _("record: {side} with {points}").format(side=who, points=record[1])


#: Sea Goat's events (``sea-kozel.md`` §9.2, §8.6), as a result's ``events`` names them.
SEA_EVENTS: Final = {
    "bald-goat": N_("bald goat! the last move holds 0-0: the match goes to {side} at once"),
    "six-six": N_(
        "the last move holds 6-6 and an opponent holds 25 or more: the match goes to {side} at once"
    ),
    "six-six-short": N_("the last move holds 6-6 but no opponent holds 25: {seat} owes a hundred"),
    "hundred-won": N_("the hundred hand is won: the match goes to {side}"),
    "hundred-lost": N_(
        "the hundred hand is lost with 25 or more in the hundred seat's hand: the match goes to {side}"
    ),
    "fisherman-hundred": N_(
        "the fisherman's side holds under 25 and the other over 25: the fisherman's side wins the hand, "
        "and {seat} owes a hundred"
    ),
    "write-off-pending": N_(
        "the fisherman's side holds more: nothing is written, and {seat} may write the block off "
        "in the next three hands"
    ),
    "write-off": N_("the suspended block is written off"),
    "write-off-failed": N_("the third attempt failed: the suspended block goes to the other side"),
    "crossed-out": N_("the record is crossed out"),
    "rotten-eggs": N_("the third egg redeal in a row: the eggs are rotten and are lost"),
}


def sea_event_text(
    event: str,
    result: HandResult,
    rules: Rules,
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
    hundred: int | None = None,
) -> str:
    """One Sea Goat event of ``result`` in words (``hundred``: the hand's hundred seat)."""
    _ = gettext or _english
    template = SEA_EVENTS.get(event)
    if template is None:
        return event
    side: int | None = None
    seat: int | None = None
    if event in ("bald-goat", "six-six", "six-six-short") and result.finisher is not None:
        seat, side = result.finisher, rules.side_of(result.finisher)
    elif event in ("hundred-won", "hundred-lost") and hundred is not None:
        own = rules.side_of(hundred)
        side = own if event == "hundred-won" else 1 - own
    elif event in ("fisherman-hundred", "write-off-pending"):
        seat = result.fisherman
    return _(template).format(
        side="?" if side is None else side_label(side, rules=rules, gettext=gettext, me=me),
        seat="?" if seat is None else seat_label(seat, me=me, names=names, gettext=gettext, rules=rules),
    )


def _sea_lines(
    result: HandResult,
    rules: Rules,
    previous: HandResult | None,
    me: int | None,
    names: Sequence[str] | None,
    gettext: Translate | None,
    hundred: int | None,
) -> list[str]:
    """What a Sea Goat hand did: its events, the points added to the record, the record after it."""
    _ = gettext or _english
    lines = [
        "  " + sea_event_text(e, result, rules, me=me, names=names, gettext=gettext, hundred=hundred)
        for e in result.events or ()
    ]
    over = any(e in ("bald-goat", "six-six", "hundred-won", "hundred-lost") for e in result.events or ())
    if over:
        return lines
    written = result.written or ()
    added = [(side, n) for side, n in enumerate(written) if n]
    for side, n in added:
        who = side_label(side, rules=rules, gettext=gettext, me=me)
        text = (
            _("{side} add {points} to the record")
            if rules.partnerships
            else _("{side} adds {points} to the record")
        )
        lines.append("  " + text.format(side=who, points=n))
    if not added and "crossed-out" not in (result.events or ()):
        if result.eggs and (previous is None or (previous.eggs or 0) < result.eggs):
            lines.append("  " + _("eggs: nobody wins the hand, {eggs} points wait").format(eggs=result.eggs))
        else:
            lines.append("  " + _("nothing is added to the record (a record opens with 25 or more)"))
    lines.append("  " + _record_text(result.record, rules, me, gettext))
    return lines


def _general_lines(
    result: HandResult, rules: Rules, me: int | None, names: Sequence[str] | None, gettext: Translate | None
) -> list[str]:
    """General: who lost the hand, and whether it made a General or a naked."""
    _ = gettext or _english
    if result.end is HandEnd.BLOCKED:
        return ["  " + _("a fish does not count: the hand is void")]
    if result.loser is None:
        return []
    who = seat_label(result.loser, me=me, names=names, gettext=gettext, rules=rules)
    side = side_label(rules.side_of(result.loser), rules=rules, gettext=gettext, me=me)
    lines = [
        "  " + _("{seat}, next after the finisher, loses the hand for {side}").format(seat=who, side=side)
    ]
    if result.general is not None:
        lines.append("  " + _("{seat} is made a General: {side} give way").format(seat=who, side=side))
    elif result.naked is not None:
        lines.append("  " + _("{seat} is made naked: {side} give way").format(seat=who, side=side))
    return lines


def _picture_lines(
    result: HandResult, rules: Rules, me: int | None, names: Sequence[str] | None, gettext: Translate | None
) -> list[str]:
    """Children's picture dominoes: the tiles each seat has left; after a block, the fewest win."""
    _ = gettext or _english
    hands = result.hands or ()
    lines = []
    for seat in range(rules.seats):
        count = len(hands[seat]) if seat < len(hands) else 0
        who = seat_label(seat, me=me, names=names, gettext=gettext, rules=rules)
        line = _("{seat}: 1 tile left") if count == 1 else _("{seat}: {count} tiles left")
        lines.append("  " + line.format(seat=who, count=count))
    if result.end is HandEnd.BLOCKED and hands:
        fewest = min(len(h) for h in hands)
        winners = [s for s, h in enumerate(hands) if len(h) == fewest]
        if len(winners) == len(hands):
            lines.append("  " + _("everyone holds as many tiles: a draw"))
        elif me in winners and len(winners) == 1:
            lines.append("  " + _("You have the fewest tiles: you win!"))
        else:
            who = ", ".join(seat_label(s, me=me, names=names, gettext=gettext, rules=rules) for s in winners)
            lines.append("  " + _("the fewest tiles win: {seats}").format(seats=who))
    return lines


def render_result(
    result: HandResult,
    *,
    me: int | None = None,
    names: Sequence[str] | None = None,
    target: int | None = None,
    gettext: Translate | None = None,
    rules: Rules | None = None,
    previous: HandResult | None = None,
    hundred: int | None = None,
) -> str:
    """A hand's end and settlement in the game's words, then the scores.

    Seven Rocks (no ``rules``): each seat's pips, rounded, deducted. Telephone rounds down; the
    winner-takes games say who scored what; the Goat family says who writes, remembers or wins
    (``previous``, the last hand's result, tells what was remembered before) and the eggs;
    Sea Goat its events (``hundred``: the hand's hundred seat), what went to the record and the
    record; General who lost the hand and any General or naked; picture dominoes says who
    finished first.
    """
    _ = gettext or _english
    table = rules or _SEVEN_ROCKS
    lines = [_end_line(result, table, me, names, gettext)]
    settlement = table.settlement
    if result.end is HandEnd.REDEAL and result.events and "rotten-eggs" in result.events:
        lines.append("  " + _(SEA_EVENTS["rotten-eggs"]))
    if result.end in (HandEnd.DOMINO, HandEnd.BLOCKED) and result.pips is not None:
        if isinstance(settlement, DeductRound5 | DeductFloor5) and result.deductions is not None:
            lines.extend(_deductions(result, table, me, names, gettext, isinstance(settlement, DeductFloor5)))
        elif isinstance(settlement, WinnerTakes | HandBonus):
            lines.extend(_hand_values(result, table, me, names, gettext))
            lines.extend(_award_lines(result, table, me, gettext))
        elif isinstance(settlement, LosersWrite):
            lines.extend(_hand_values(result, table, me, names, gettext))
            lines.extend(_goat_lines(result, table, previous, me, gettext))
        elif isinstance(settlement, SeaRecord):
            lines.extend(_hand_values(result, table, me, names, gettext))
            lines.extend(_sea_lines(result, table, previous, me, names, gettext, hundred))
        elif isinstance(settlement, Counts):
            lines.extend(_general_lines(result, table, me, names, gettext))
        elif isinstance(settlement, NoSettlement):
            lines.extend(_picture_lines(result, table, me, names, gettext))
            return "\n".join(lines)
    if isinstance(settlement, NoSettlement):
        return "\n".join(lines)
    lines.append(
        "  "
        + render_scores(
            result.scores,
            target=target,
            me=me,
            gettext=gettext,
            rules=table,
            remembered=result.remembered,
            eggs=result.eggs,
        )
    )
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A legal move with what it would do: the counted total after it and the points."""

    number: int
    play: Move
    ends_total: int
    points: int


def play_choices(view: SeatView) -> tuple[PlayChoice, ...]:
    """The view's legal moves numbered from 1, each with the total and points it makes (the
    points the game lets the side keep: none past an exact target).

    >>> from sevenrocks.core import Match
    >>> match = Match(seed=5)
    >>> match.start_hand()
    >>> choices = play_choices(match.view(match.turn))
    >>> len(choices), choices[0].number
    (7, 1)
    """
    rules = view.rules
    out = []
    for number, move in enumerate(view.moves, start=1):
        total = ends_total_after(view.layout, move)
        points = rules.points.of(total) if rules.scores_points else 0
        if points:
            points = rules.ending.admit(points, view.scores[view.side])
        out.append(PlayChoice(number, move, total, points))
    return tuple(out)


def render_choices(view: SeatView, *, gettext: Translate | None = None) -> str:
    """The numbered legal moves of ``view``, one per line, with what each scores where
    placements score."""
    _ = gettext or _english
    scoring = view.rules.scores_points
    lines = []
    for choice in play_choices(view):
        if not scoring:
            what = _("several doubles") if isinstance(choice.play, Doubles) else ""
            lines.append(f"{choice.number:>3}. {choice.play!s:<14} {what}".rstrip())
            continue
        if choice.points:
            what = _("ends {total}, scores {points}").format(
                total=f"{choice.ends_total:>2}", points=choice.points
            )
        else:
            what = _("ends {total}, scores nothing").format(total=f"{choice.ends_total:>2}")
        lines.append(f"{choice.number:>3}. {choice.play!s:<14} {what}")
    return "\n".join(lines)


def render_boneyard(view: SeatView, *, gettext: Translate | None = None) -> str | None:
    """The boneyard's size (its faces are hidden), or ``None`` where all tiles are dealt.

    >>> from sevenrocks.core import Match
    >>> match = Match("kozel", seats=2, seed=3)
    >>> match.start_hand()
    >>> render_boneyard(match.view(0))
    'boneyard: 14 tiles (the last is never drawn)'
    """
    _ = gettext or _english
    rules = view.rules
    if rules.boneyard is Boneyard.NONE:
        return None
    count = view.boneyard
    if rules.boneyard is Boneyard.OUT_OF_PLAY or not rules.draws:
        return _("out of play: {count} tiles, never drawn").format(count=count)
    text = _("boneyard: 1 tile") if count == 1 else _("boneyard: {count} tiles").format(count=count)
    reserve = min(rules.reserve, count)
    if reserve == 1:
        text += " " + _("(the last is never drawn)")
    elif reserve > 1:
        text += " " + _("(the last {count} are never drawn)").format(count=reserve)
    return text


def picture_key(*, gettext: Translate | None = None) -> str:
    """The key from numbers to pictures of children's picture dominoes, for the terminal.

    The terminal draws picture dominoes with numbers (the layout's columns need one character
    a half); this line tells which picture each number stands for.

    >>> picture_key()
    'pictures: 0 Apple · 1 Banana · 2 Grapes · 3 Carrot · 4 Fish · 5 Frog · 6 Butterfly'
    """
    _ = gettext or _english
    pictures = " · ".join(f"{p.number} {_(p.name)}" for p in PICTURES)
    return _("pictures: {pictures}").format(pictures=pictures)


def _family_lines(view: SeatView, names: Sequence[str] | None, gettext: Translate | None) -> list[str]:
    """What only some games show a seat: General's partner signals, Sea Goat's hundred hand,
    the pictures' key of picture dominoes."""
    _ = gettext or _english
    lines = []
    if view.rules.game == "picture":
        lines.append(picture_key(gettext=gettext))
    signals = view.signals
    if signals is not None:
        held = [tile for tile, has in (("0-0", signals.blanks), ("6-6", signals.sixes)) if has]
        if held:
            lines.append(_("your partner signals that it holds {tiles}").format(tiles=", ".join(held)))
        else:
            lines.append(_("your partner signals that it holds neither 0-0 nor 6-6"))
    if view.hundred is not None:
        who = seat_label(view.hundred, me=view.seat, names=names, gettext=gettext, rules=view.rules)
        lines.append(_("a hundred hand for {seat}").format(seat=who))
    if view.may_declare_hundred:
        lines.append(_("you may declare a hundred before the lead: you would lead 6-6"))
    return lines


def render_view(
    view: SeatView,
    *,
    names: Sequence[str] | None = None,
    choices: bool = False,
    recent: int = 0,
    gettext: Translate | None = None,
) -> str:
    """What ``view.seat`` sees: the scores, the layout, its own tiles (and what it drew), the
    others' tile counts, draws and knocks, the boneyard, and whose turn it is; with ``choices``
    also its numbered legal moves, and the last ``recent`` events of the hand.

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
    rules = view.rules
    me = view.seat
    ledger = view.ledger
    scores = render_scores(
        view.scores,
        target=view.target,
        me=me,
        gettext=gettext,
        rules=rules,
        remembered=ledger.remembered if ledger is not None else None,
        eggs=ledger.eggs if ledger is not None else None,
    )
    lines = [_("hand {number}").format(number=view.hand_number + 1)]
    if not isinstance(rules.settlement, NoSettlement):
        lines[0] += " · " + scores
    if recent and view.events:
        lines.append(_("lately"))
        lines.extend(
            "  " + text
            for _event, text in render_events(
                view.events[-recent:], me=me, names=names, gettext=gettext, rules=rules
            )
        )
    lines.append(_("layout"))
    lines.append(render_layout(view.layout, indent="  ", gettext=gettext, points=rules.points))
    lines.append(_("your tiles: {tiles}").format(tiles=render_hand(view.hand, gettext=gettext)))
    drawn = [e.tile for e in view.events if isinstance(e, Draw) and e.seat == me and e.tile is not None]
    if drawn:
        lines.append(_("you drew: {tiles}").format(tiles=" ".join(str(t) for t in drawn)))
    lines.extend(_family_lines(view, names, gettext))
    voids = view.void_values()
    draws = view.draws
    others = []
    for seat in range(rules.seats):
        if seat == me:
            continue
        count = view.tile_counts[seat]
        who = seat_label(seat, me=me, names=names, gettext=gettext, rules=rules)
        text = (_("{seat}: 1 tile") if count == 1 else _("{seat}: {count} tiles")).format(
            seat=who, count=count
        )
        if view.out >> seat & 1:
            text += " " + _("(out)")
        if draws[seat]:
            text += " " + _("(drew {count})").format(count=draws[seat])
        if voids[seat] and count:
            values = ", ".join(str(v) for v in sorted(voids[seat]))
            if rules.draws:
                text += " " + _("(has none of {values})").format(values=values)
            else:
                text += " " + _("(knocked: none of {values})").format(values=values)
        others.append(text)
    lines.append(" · ".join(others))
    boneyard = render_boneyard(view, gettext=gettext)
    if boneyard is not None:
        lines.append(boneyard)
    if view.turn is None:
        lines.append(_("turn: nobody (the hand is over)"))
    else:
        lines.append(
            _("turn: {seat}").format(
                seat=seat_label(view.turn, me=me, names=names, gettext=gettext, rules=rules)
            )
        )
    if choices and view.is_my_turn:
        lines.append(_("your placements"))
        lines.append(render_choices(view, gettext=gettext))
    return "\n".join(lines)


def match_over_text(
    outcome: Outcome | None,
    rules: Rules,
    scores: str,
    *,
    me: int | None = 0,
    names: Sequence[str] | None = None,
    gettext: Translate | None = None,
) -> str:
    """The end of the match in the game's words, seen from seat ``me`` (``None``: a spectator):
    who won or who is the goat, then ``scores`` (the final score line); picture dominoes' gentle
    end says who finished first. The terminal game and the browser game both say it so.

    >>> rules = find_game("kozel").rules(seats=2)
    >>> match_over_text(Outcome((0,), (1,)), rules, "101 : 30")
    'seat 1 is the goat, so you win: 101 : 30'
    >>> match_over_text(Outcome((0,), (1,)), rules, "101 : 30", me=None)
    'seat 1 is the goat: 101 : 30'
    """
    _ = gettext or _english
    paired = rules.partnerships
    if isinstance(rules.ending, SingleHand):  # children's picture dominoes: no points, one hand
        if outcome is None or outcome.is_draw:
            return _("the match is a draw")
        if me is not None and outcome.winners == (rules.side_of(me),):
            return _("You finished first! You win.")
        who = ", ".join(seat_label(s, me=me, names=names, gettext=_, rules=rules) for s in outcome.winners)
        return (
            _("{winners} win").format(winners=who)
            if len(outcome.winners) > 1
            else _("{winner} wins").format(winner=who)
        )
    if outcome is None or outcome.is_draw:
        return _("the match is a draw: {scores}").format(scores=scores)

    def sides(which: Sequence[int]) -> str:
        return ", ".join(side_label(s, rules=rules, gettext=_) for s in which)

    if me is None:  # a spectator: the facts, nobody addressed
        if outcome.goats:
            goats = sides(outcome.goats)
            if len(outcome.goats) > 1:
                return _("{goats} are the goats: {scores}").format(goats=goats, scores=scores)
            return _("{goats} is the goat: {scores}").format(goats=goats, scores=scores)
        if len(outcome.winners) > 1:
            return _("{winners} win together: {scores}").format(winners=sides(outcome.winners), scores=scores)
        if paired:
            return _("{winners} win: {scores}").format(winners=sides(outcome.winners), scores=scores)
        return _("{winner} wins: {scores}").format(winner=sides(outcome.winners), scores=scores)
    mine = rules.side_of(me)
    if outcome.goats:
        if mine in outcome.goats:
            if paired:
                return _("you and your partner are the goat: {scores}").format(scores=scores)
            return _("you are the goat: {scores}").format(scores=scores)
        goats = sides(outcome.goats)
        if len(outcome.goats) > 1:
            return _("{goats} are the goats, so you win: {scores}").format(goats=goats, scores=scores)
        if paired:
            return _("{goats} are the goat, so you and your partner win: {scores}").format(
                goats=goats, scores=scores
            )
        return _("{goats} is the goat, so you win: {scores}").format(goats=goats, scores=scores)
    if mine in outcome.winners:
        if len(outcome.winners) > 1:
            return _("{winners} win together: {scores}").format(winners=sides(outcome.winners), scores=scores)
        if paired:
            return _("you and your partner win: {scores}").format(scores=scores)
        return _("you win: {scores}").format(scores=scores)
    if paired and rules.sides == 2:
        first, second = rules.seats_of(1 - mine)
        return _("seats {first} and {second} win: {scores}").format(first=first, second=second, scores=scores)
    if len(outcome.winners) > 1:
        return _("{winners} win together: {scores}").format(winners=sides(outcome.winners), scores=scores)
    who = seat_label(outcome.winners[0], me=me, names=names, gettext=_, rules=rules)
    return _("{winner} wins: {scores}").format(winner=who, scores=scores)
