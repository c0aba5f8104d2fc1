"""Figures of the family guide: hands dealt from a seed and played by a fixed rule, step by step.

A :class:`Deal` says how a figure's hand is dealt (game, seats, seed, options) and how many moves
it shows. The moves are chosen by :func:`choose` (the move that scores most, then places the most
pips, then closes the most doubles, then comes first in the engine's order) and kept in notation,
so that anyone can replay them in a fresh :class:`~sevenrocks.core.match.Match`. Every caption is
written from what the engine reports after each move: the placement's points and counted total,
the draws and knocks before it, the doubles of a several-doubles move, closed doubles, matadors,
and how the hand ended.

>>> from sevenrocks.i18n import translation
>>> figure = build_figure("hand", "kozel", "A hand", Deal(2, 9, 6), translation("en").gettext)
>>> len(figure.steps), figure.steps[0].seat in (0, 1)
(6, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from sevenrocks import sausage_svg, svg
from sevenrocks.core.events import Draw, HandEnd, Knock, Placement
from sevenrocks.core.games import Engine, OptionValue, Points, Rules, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.matching import is_matador
from sevenrocks.core.notation import Doubles, Move, Play
from sevenrocks.core.sausage import SausageMatch, SausageMove, Way, Went
from sevenrocks.guide.where import placement_words, tile_text, where_words
from sevenrocks.i18n import N_

__all__ = [
    "Deal",
    "PlayFigure",
    "PlayStep",
    "Translate",
    "build_figure",
    "choose",
    "move_parts",
    "sausage_choose",
    "words",
]

Translate = Callable[[str], str]


@dataclass(frozen=True)
class Deal:
    """How a figure's hand is dealt and how much of it is shown: ``moves`` moves of the first hand
    (``None``: to its end), at a table of ``seats`` seats dealt from ``seed``."""

    seats: int
    seed: int
    moves: int | None = None
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    close: bool = False
    """Closing doubles (Donkey): once the spinner is down, prefer the move that closes the most."""


@dataclass(frozen=True, slots=True)
class PlayStep:
    """The table after ``number`` moves, with what the engine reported for the last one."""

    number: int
    move: str
    seat: int
    points: int
    ends_total: int | None
    drawn: int
    caption: str
    svg: str
    #: the move in words, translated: ``[2|6] on the 6 end of [3|6]``, ``[3|4] on the bottom line``
    words: str = ""


@dataclass(frozen=True)
class PlayFigure:
    """A hand shown one move at a time; :meth:`match` replays it in the engine."""

    key: str
    title: str
    game: str
    deal: Deal
    moves: tuple[str, ...]
    steps: tuple[PlayStep, ...]
    start: int

    def match(self, step: int | None = None) -> Match | SausageMatch:
        """A fresh match dealt as the figure was, after ``step`` moves (default :attr:`start`)."""
        count = self.start if step is None else step
        if not 1 <= count <= len(self.moves):
            raise ValueError(f"figure {self.key!r} has steps 1 to {len(self.moves)}, not {count}")
        match = new_match(self.game, self.deal)
        for text in self.moves[:count]:
            match.push_notation(text)
        return match

    def step(self, step: int | None = None) -> PlayStep:
        """The step ``step`` (1-based; default :attr:`start`)."""
        count = self.start if step is None else step
        if not 1 <= count <= len(self.steps):
            raise ValueError(f"figure {self.key!r} has steps 1 to {len(self.steps)}, not {count}")
        return self.steps[count - 1]

    def svg(self, step: int | None = None) -> str:
        """The drawing of step ``step``."""
        return self.step(step).svg


def new_match(game: str, deal: Deal) -> Match | SausageMatch:
    """The match of ``deal`` with its first hand dealt (its forced turns played, for Sausage)."""
    if find_game(game).engine is Engine.SAUSAGE:
        sausage = SausageMatch(dict(deal.options), seed=deal.seed)
        sausage.start_deal()
        return sausage
    match = Match(game, options=dict(deal.options), seats=deal.seats, seed=deal.seed)
    match.start_hand()
    return match


def move_parts(move: Move) -> tuple[Play, ...]:
    """The plays of a move: itself, or the doubles of a several-doubles move."""
    return move.parts if isinstance(move, Doubles) else (move,)


def choose(match: Match, close: bool = False) -> Move:
    """The move that scores most, then places the most pips, then (with ``close``, once the spinner
    is down) closes the most doubles, then comes first in the engine's order."""
    best: Move | None = None
    best_key = (-1, -1, -1)
    closing = close and match.layout.spinner is not None
    for move in match.legal_moves():
        points = match.push(move).points
        match.pop()
        closed = sum(p.closed for p in move_parts(move)) if closing else 0
        key = (points, sum(t.pips for t in move.tiles), closed)
        if key > best_key:
            best, best_key = move, key
    if best is None:
        raise ValueError(f"no legal move for seat {match.turn} in {match.game}")
    return best


def sausage_choose(match: SausageMatch) -> SausageMove:
    """A cut when the turned tile can cut, else the first way in the engine's order."""
    moves = match.legal_moves()
    return next((m for m in moves if m.way is Way.CUT), moves[0])


#: Words some games use instead of the family's: the block, the spinner (English source text).
_BLOCK: dict[str, str] = {
    "kozel": N_("Fish! Nobody can place: the hand is blocked."),
    "kozel-125": N_("Fish! Nobody can place: the hand is blocked."),
    "sports-kozel": N_("Fish! Nobody can place: the hand is blocked."),
    "sea-kozel": N_("Fish! Nobody can place: the hand is blocked."),
    "donkey": N_("Fish! Nobody can place: the hand is blocked."),
}
_SPINNER: dict[str, str] = {"telephone": N_("{tile} is the house (the spinner).")}


def words(game: str) -> tuple[str, str]:
    """The game's sentence for a block and for its spinner, untranslated."""
    return (
        _BLOCK.get(game, N_("Nobody can place: the hand is blocked.")),
        _SPINNER.get(game, N_("{tile} is the spinner.")),
    )


def _ended(game: str, end: HandEnd | None, seat: int, _: Translate) -> list[str]:
    if end is HandEnd.DOMINO:
        return [_("Seat {seat} has placed the last tile: domino.").format(seat=seat)]
    if end is HandEnd.BLOCKED:
        return [_(words(game)[0])]
    if end is HandEnd.TARGET:
        return [_("The target is reached: the match ends at once.")]
    return []


def _layout_caption(
    game: str, rules: Rules, match: Match, placement: Placement, before: int, _: Translate
) -> list[str]:
    parts: list[str] = []
    move = placement.play
    plays = move_parts(move)
    spinners = match.layout.spinners
    if len(plays) > 1:
        tiles = " ".join(tile_text(t) for t in move.tiles)
        parts.append(_("Seat {seat} places {tiles}.").format(seat=placement.seat, tiles=tiles))
        parts.append(_("Several doubles in one move: {count}.").format(count=len(plays)))
        parts.extend(_("{placement}.").format(placement=placement_words(p, spinners, _)) for p in plays)
    elif plays[0].anchor is None:
        parts.append(
            _("Seat {seat} leads {tile}.").format(seat=placement.seat, tile=tile_text(plays[0].tile))
        )
    else:
        parts.append(
            _("Seat {seat} places {tile} {where}.").format(
                seat=placement.seat, tile=tile_text(plays[0].tile), where=where_words(plays[0], spinners, _)
            )
        )
    for play in plays:
        if play.closed:
            parts.append(
                _("The double {tile} is closed: nothing joins it.").format(tile=tile_text(play.tile))
            )
        if rules.matching.value == "sum-seven" and is_matador(play.tile):
            parts.append(_("{tile} is a matador: it joins any end.").format(tile=tile_text(play.tile)))
    spinner = match.layout.spinner
    if spinner is not None and spinner in move.tiles:
        parts.append(_(words(game)[1]).format(tile=tile_text(spinner)))
    if rules.points is Points.HEADERS:
        if placement.points:
            parts.append(_("A header: it scores {points} points.").format(points=placement.points))
    elif rules.scores_points:
        counted = [n for _tile, n in match.layout.counted()]
        total = placement.ends_total
        sums = " + ".join(str(n) for n in counted) + f" = {total}" if counted else str(total)
        parts.append(_("Counted ends: {sum}.").format(sum=sums))
        if placement.points:
            parts.append(_("This move scores {points} points.").format(points=placement.points))
        else:
            parts.append(_("This move scores nothing."))
    drawn: dict[int, int] = {}
    for event in match.events[before:]:
        if isinstance(event, Draw):
            drawn[event.seat] = drawn.get(event.seat, 0) + 1
        elif isinstance(event, Knock):
            parts.append(_("Seat {seat} cannot place and knocks.").format(seat=event.seat))
    for seat, count in drawn.items():
        parts.append(
            _("Seat {seat} cannot place and draws from the boneyard (tiles drawn: {count}).").format(
                seat=seat, count=count
            )
        )
    parts += _ended(game, match.hand_ended, placement.seat, _)
    return parts


def _legend(rules: Rules, _: Translate, rtl: bool) -> svg.Legend:
    return svg.Legend(
        counted=_("filled number: counted contribution"),
        point=_("hollow dot: connection point, not counted here"),
        spinner=_("orange frame: the spinner"),
        rtl=rtl,
        spinner_title=_("{tile} (spinner)"),
        point_title=_("open end showing {value}"),
        counted_title=_("open end showing {value}, counted {counted}"),
        empty_label=_("empty layout"),
        label=_("layout of {tiles} tiles, counted ends {total}"),
    )


def _layout_figure(key: str, title: str, game: str, deal: Deal, _: Translate, rtl: bool) -> PlayFigure:
    match = new_match(game, deal)
    if not isinstance(match, Match):
        raise TypeError(f"{game} is not played by the layout engine")
    rules = match.rules
    legend = _legend(rules, _, rtl)
    moves: list[str] = []
    steps: list[PlayStep] = []
    while match.turn is not None and (deal.moves is None or len(moves) < deal.moves):
        before = len(match.events)
        move = choose(match, deal.close)
        placement = match.push(move)
        moves.append(str(move))
        caption = " ".join(_layout_caption(game, rules, match, placement, before, _))
        drawn = sum(1 for e in match.events[before:] if isinstance(e, Draw))
        picture = svg.layout(
            match.layout,
            highlight=[move],
            counted=rules.scores_points,
            legend=legend if rules.scores_points else False,
            words=legend,
            id_prefix=f"{key}-",
            faces=svg.faces_for(game),
        )
        total = placement.ends_total if rules.scores_points else None
        in_words = "; ".join(placement_words(p, match.layout.spinners, _) for p in move_parts(move))
        steps.append(
            PlayStep(
                len(moves),
                str(move),
                placement.seat,
                placement.points,
                total,
                drawn,
                caption,
                str(picture),
                in_words,
            )
        )
    return PlayFigure(key, title, game, deal, tuple(moves), tuple(steps), len(steps))


_WENT: dict[Went, str] = {
    Went.START: N_("Seat {seat} turns {tile}: the start tile."),
    Went.BACK: N_("Seat {seat} turns {tile}: it fits nowhere and goes to the back of the queue."),
    Went.ASIDE: N_("Seat {seat} turns {tile}: a double that fits nowhere is set aside."),
    Went.TOP: N_("Seat {seat} turns {tile} and lays it on the top line."),
    Went.BOTTOM: N_("Seat {seat} turns {tile} and lays it on the bottom line."),
    Went.CUT: N_("Seat {seat} turns {tile} and cuts the sausage: {gave} tiles go to the other queue."),
}


#: A Sausage move in words (the step's heading).
_WAY_WORDS: dict[Way, str] = {
    Way.TOP: N_("{tile} on the top line"),
    Way.BOTTOM: N_("{tile} on the bottom line"),
    Way.CUT: N_("{tile} cuts the sausage"),
}


def _sausage_figure(key: str, title: str, deal: Deal, _: Translate) -> PlayFigure:
    match = new_match("sausage", deal)
    if not isinstance(match, SausageMatch):
        raise TypeError("sausage is played by its own engine")
    moves: list[str] = []
    steps: list[PlayStep] = []
    seen = 0  # the first step tells the deal's forced turns too (the start tile...)
    table_words = sausage_svg.TableWords(
        top_end=_("top end {value}"),
        bottom_end=_("bottom end {value}"),
        label=_("Sausage table: top end {top}, bottom end {bottom}"),
    )
    while match.turn is not None and (deal.moves is None or len(moves) < deal.moves):
        before = len(match.turns)
        move = sausage_choose(match)
        match.push(move)
        moves.append(str(move))
        parts = [
            _(_WENT[t.went]).format(seat=t.seat, tile=tile_text(t.tile), gave=t.gave)
            for t in match.turns[seen:]
        ]
        seen = len(match.turns)
        result = match.result
        if result is not None and result.winner is not None:
            parts.append(_("Seat {seat} wins the deal.").format(seat=result.winner))
        elif result is not None:
            parts.append(_("The deal is blocked with equal pips: nobody wins it."))
        picture = sausage_svg.table(match.table, highlight=[move.tile], words=table_words)
        in_words = _(_WAY_WORDS[move.way]).format(tile=tile_text(move.tile))
        steps.append(
            PlayStep(
                len(moves),
                str(move),
                match.turns[before].seat,
                0,
                None,
                0,
                " ".join(parts),
                picture,
                in_words,
            )
        )
    return PlayFigure(key, title, "sausage", deal, tuple(moves), tuple(steps), len(steps))


def build_figure(
    key: str, game: str, title: str, deal: Deal, _: Translate, *, rtl: bool = False
) -> PlayFigure:
    """A figure of ``game``: the hand of ``deal`` played by :func:`choose`, every step captioned."""
    if find_game(game).engine is Engine.SAUSAGE:
        return _sausage_figure(key, title, deal, _)
    return _layout_figure(key, title, game, deal, _, rtl)
