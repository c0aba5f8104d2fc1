"""Moves in plain words, for every layout game and in the player's language.

The browser's hand log, its replay viewer and its move buttons say who placed what where, not
the engine's notation: where ``2-6@6-6:B`` is what a record keeps, a player reads "Leyla placed
2-6 on the right arm: ends 12, +10 points for seats 0+2". An arm is named by where the drawing
shows it (:mod:`sevenrocks.geometry`): the line runs left (the low side, or side A, of the
opening tile) and right (its high side, or side B); the spinner's branches run up (``bA``) and
down (``bB``). In Five Up, where every double is a spinner, a later double's branches are "a
branch of" that double.

>>> from sevenrocks.core import Match
>>> from sevenrocks.core.notation import parse_move
>>> match = Match(seed=5)
>>> match.start_hand()
>>> placement = match.push(match.view(match.turn).moves[0])
>>> describe_event(placement, match.layout, match.rules, who=lambda seat: f"Seat {seat}")
'Seat 1 led 0-6: ends 6'
>>> move = match.view(match.turn).moves[0]
>>> str(move), describe_choice(move, match.layout, match.rules)
('0-0@0-6:low', '0-0 on the left arm: ends 6')

Nothing here applies a rule: where a tile goes, the counted total and the points come from the
engine (the layout, the events, :func:`~sevenrocks.core.scoring.ends_total_after`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from sevenrocks.core.events import Draw, Event, Knock
from sevenrocks.core.games import Points, Rules
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Doubles, Move, Play, Side
from sevenrocks.core.scoring import ends_total_after
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import translation
from sevenrocks.text import side_label

__all__ = ["Arm", "Who", "arm_of", "describe_choice", "describe_event", "seat_words"]

#: How a seat is named in a sentence (``Seat 2``, ``Leyla (seat 2)``).
Who = Callable[[int], str]


class Arm(Enum):
    """Where a placed tile is, as the drawing shows it."""

    OPENING = "opening"
    """The tile that opened the hand."""
    LEFT = "left"
    """The line's arm from the opening's low side (side A of a double)."""
    RIGHT = "right"
    """The line's arm from the opening's high side (side B of a double)."""
    UP = "up"
    """The spinner's branch ``bA``."""
    DOWN = "down"
    """The spinner's branch ``bB``."""
    BRANCH = "branch"
    """A branch of a double that is not the first spinner (Five Up)."""


def arm_of(layout: Layout, play: Play) -> tuple[Arm, Tile | None]:
    """The arm ``play`` goes on (or went on) in ``layout``, and for :attr:`Arm.BRANCH` the
    double it branches from. The play's anchor must be in the layout (its own tile need not be).

    >>> layout = Layout()
    >>> for text in ("1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B"):
    ...     _ = layout.place(Play.parse(text))
    >>> arm_of(layout, Play.parse("3-4@4-4:B")), arm_of(layout, Play.parse("1-5@1-1:bA"))
    ((<Arm.RIGHT: 'right'>, None), (<Arm.UP: 'up'>, None))
    """
    if play.anchor is None or play.side is None:
        return Arm.OPENING, None
    placed = layout.placed_on()
    opening = next(iter(placed), None)
    spinners = layout.spinners
    first_spinner = spinners[0] if spinners else None
    tile, side = play.anchor, play.side
    for _step in range(len(placed) + 1):
        if side.is_branch:
            if tile == first_spinner:
                return (Arm.UP if side is Side.BA else Arm.DOWN), None
            return Arm.BRANCH, tile
        if tile == opening:
            return (Arm.LEFT if side in (Side.LOW, Side.A) else Arm.RIGHT), None
        below = placed.get(tile)
        if below is None:
            break
        tile, side = below.anchor, below.side
    return Arm.BRANCH, play.anchor  # an anchor the layout does not hold: name it


def seat_words(names: list[str] | None, *, me: int | None = None, lang: str = "en") -> Who:
    """How sentences name seats: ``Seat N`` without names, else ``NAME (seat N)``; ``(you)``
    after the seat ``me``.

    >>> seat_words(["Leyla", "greedy bot"], me=0)(0), seat_words(None)(3)
    ('Leyla (seat 0) (you)', 'Seat 3')
    """
    _ = translation(lang).gettext

    def who(seat: int) -> str:
        name = names[seat] if names is not None and 0 <= seat < len(names) else ""
        text = (
            _("{name} (seat {seat})").format(name=name, seat=seat)
            if name
            else _("Seat {seat}").format(seat=seat)
        )
        return text + " " + _("(you)") if seat == me else text

    return who


def _and(items: list[str], _: Callable[[str], str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("{first} and {second}").format(first=", ".join(items[:-1]), second=items[-1])


def _where(arm: Arm, double: Tile | None, _: Callable[[str], str]) -> str:
    if arm is Arm.LEFT:
        return _("on the left arm")
    if arm is Arm.RIGHT:
        return _("on the right arm")
    if arm is Arm.UP:
        return _("on the upper arm")
    if arm is Arm.DOWN:
        return _("on the lower arm")
    return _("on a branch of {double}").format(double=double)


def _part(layout: Layout, play: Play, _: Callable[[str], str]) -> str:
    """One tile of a move and where it goes, with its marks."""
    arm, double = arm_of(layout, play)
    if arm is Arm.OPENING:
        return str(play.tile)
    text = _("{tile} {where}").format(tile=play.tile, where=_where(arm, double, _))
    if play.closed:
        text = _("{placed}, closed face down").format(placed=text)
    if play.lengthwise:
        text = _("{placed}, laid lengthwise").format(placed=text)
    if play.open_half is not None:
        text = _("{placed}, open half {half}").format(placed=text, half=play.open_half)
    return text


def _score(rules: Rules, total: int, points: int, side: str | None, lang: str) -> str | None:
    """What a move counted and scored, or ``None`` where the game's placements do not score."""
    if not rules.scores_points:
        return None
    tr = translation(lang)
    if rules.points is Points.HEADERS:
        if not points:
            return None
        if side is None:
            return tr.ngettext("a header, +{points} point", "a header, +{points} points", points).format(
                points=points
            )
        return tr.ngettext(
            "a header, +{points} point for {side}", "a header, +{points} points for {side}", points
        ).format(points=points, side=side)
    if not points:
        return tr.gettext("ends {total}").format(total=total)
    if side is None:
        return tr.ngettext("ends {total}, +{points} point", "ends {total}, +{points} points", points).format(
            total=total, points=points
        )
    return tr.ngettext(
        "ends {total}, +{points} point for {side}", "ends {total}, +{points} points for {side}", points
    ).format(total=total, points=points, side=side)


def _parts(move: Move) -> tuple[Play, ...]:
    return move.parts if isinstance(move, Doubles) else (move,)


def describe_event(
    event: Event,
    layout: Layout,
    rules: Rules,
    *,
    who: Who | None = None,
    lang: str = "en",
) -> str:
    """One event of a hand in words: a placement (``layout`` is the hand's layout at or after
    it), a knock or a draw (a hidden drawn tile is "a tile").

    >>> from sevenrocks.core.games import find_game
    >>> rules = find_game("kozel").rules()
    >>> describe_event(Knock(2, (3, 5)), Layout(), rules)
    'Seat 2 knocked: nothing fits 3 or 5'
    >>> describe_event(Draw(1, None), Layout(), rules, lang="ru")
    'Место 1 берёт кость из базара'
    """
    tr = translation(lang)
    _ = tr.gettext
    name = (who or seat_words(None, lang=lang))(event.seat)
    if isinstance(event, Knock):
        values = [str(v) for v in event.values]
        if not values:
            return _("{who} knocked").format(who=name)
        joined = (
            values[0]
            if len(values) == 1
            else _("{first} or {second}").format(first=", ".join(values[:-1]), second=values[-1])
        )
        return _("{who} knocked: nothing fits {values}").format(who=name, values=joined)
    if isinstance(event, Draw):
        if event.tile is None:
            return _("{who} drew a tile from the boneyard").format(who=name)
        return _("{who} drew {tile} from the boneyard").format(who=name, tile=event.tile)
    parts = _parts(event.play)
    if len(parts) > 1:
        tiles = _and([str(p.tile) for p in parts], _)
        where = "; ".join(_part(layout, p, _) for p in parts)
        text = _("{who} placed {tiles} together: {where}").format(who=name, tiles=tiles, where=where)
    else:
        play = parts[0]
        arm, double = arm_of(layout, play)
        if arm is Arm.OPENING:
            text = _("{who} led {tile}").format(who=name, tile=play.tile)
        elif play.closed and not play.lengthwise and play.open_half is None:
            text = _("{who} closed {tile} face down {where}").format(
                who=name, tile=play.tile, where=_where(arm, double, _)
            )
        else:
            text = _("{who} placed {placed}").format(who=name, placed=_part(layout, play, _))
    side = side_label(rules.side_of(event.seat), rules=rules, gettext=_)
    score = _score(rules, event.ends_total, event.points, side, lang)
    return text if score is None else _("{move}: {score}").format(move=text, score=score)


def describe_choice(
    move: Move,
    layout: Layout,
    rules: Rules,
    *,
    points: int | None = None,
    lang: str = "en",
    total: int | None = None,
) -> str:
    """A legal move in words, as its button reads: where its tiles go and, where placements
    score, the total after it and its points (``points``: what the game would let the side keep,
    by default what the total scores; ``total``: the counted total after it, when known).

    >>> from sevenrocks.core.games import find_game
    >>> rules = find_game("matador").rules()
    >>> layout = Layout(rules.topology, matching=rules.matching)
    >>> _ = layout.place(Play.parse("3-4"))
    >>> describe_choice(Play.parse("1-6@3-4:high>6"), layout, rules)
    '1-6 on the right arm, open half 6'
    """
    tr = translation(lang)
    _ = tr.gettext
    parts = _parts(move)
    if len(parts) > 1:
        tiles = _and([str(p.tile) for p in parts], _)
        where = "; ".join(_part(layout, p, _) for p in parts)
        text = _("{tiles} together: {where}").format(tiles=tiles, where=where)
    elif parts[0].anchor is None:
        text = _("lead {tile}").format(tile=parts[0].tile)
    else:
        text = _part(layout, parts[0], _)
    if rules.points is Points.HEADERS:
        return text  # a header shows only once placed
    if total is None:
        total = ends_total_after(layout, move)
    scored = rules.points.of(total) if points is None else points
    score = _score(rules, total, scored, None, lang)
    return text if score is None else _("{move}: {score}").format(move=text, score=score)
