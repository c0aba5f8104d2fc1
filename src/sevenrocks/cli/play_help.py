"""What ``sevenrocks play`` tells the person at a prompt: why a tile in hand fits nowhere, and ``?``.

:func:`unplaceable_text` answers a tile typed alone (``5-5``) that is in the hand but that no legal
move places, in the game's own terms: "5-5 cannot be placed: no open end shows a 5" where tiles
join by matching numbers (with the picture's name in children's picture dominoes), "no open end
adds up to seven with it" in Matador, and the engine's own reason where an end shows the number
but a rule keeps the tile off it (the four sides around Sebastopol's lead, a spinner's branches).

:func:`placement_help` is the help of the placement prompt (``?``, ``h`` or ``help``): every kind of
answer the prompt takes — a number, a placement in the notation, a tile alone, several doubles, a
matador's open half, Enter alone — each with an example taken from the current position, and the
commands (``?``, ``q``). :func:`hundred_help` is the help of Sea Goat's hundred prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Matching
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Doubles, Play
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import N_
from sevenrocks.messages import ENGINE_MESSAGES
from sevenrocks.picture_art import PICTURES
from sevenrocks.text import PlayChoice

__all__ = ["COMMANDS", "HELP_PROMPT", "hundred_help", "placement_help", "unplaceable_text"]

Translate = Callable[[str], str]

#: Told once at the start of a match.
HELP_PROMPT = N_("? at any prompt shows what it takes, with examples from the position")

#: The commands every prompt of ``sevenrocks play`` takes (help first, then quitting).
COMMANDS = (
    N_("? or help — this help"),
    N_("q — quit the match (the record is saved)"),
)


def _number(value: int, game: str, _: Translate) -> str:
    """A number as the game shows it: ``5``, or ``5 (Frog)`` in children's picture dominoes."""
    if game == "picture":
        return f"{value} ({_(PICTURES[value].name)})"
    return str(value)


def _halves(tile: Tile) -> tuple[int, ...]:
    return (tile.low,) if tile.is_double else (tile.low, tile.high)


def _seven_needs(tile: Tile) -> tuple[int, ...]:
    """The end values a tile adds up to seven with (a blank half needs a 7: no end shows one)."""
    return tuple(sorted({7 - half for half in _halves(tile) if 1 <= 7 - half <= 6}))


def unplaceable_text(match: Match, tile: Tile, gettext: Translate) -> str | None:
    """Why ``tile``, in the hand of the seat to move, cannot be placed anywhere now; ``None`` when
    the layout is empty, the tile is not in that hand or some legal move places it.

    >>> from sevenrocks.i18n import translation
    >>> match = Match(seed=3)
    >>> match.start_hand(leader=3)
    >>> _ = match.push(match.legal_moves()[0])
    >>> unplaceable_text(match, Tile.parse("5-5"), translation("en").gettext)
    '5-5 cannot be placed: no open end shows a 5'
    """
    _ = gettext
    seat = match.turn
    layout = match.layout
    if seat is None or not layout.plays or tile not in match.view(seat).hand:
        return None
    if any(tile in move.tiles for move in match.legal_moves()):
        return None
    matching = layout.matching
    ends = [p for p in (*layout.points, *layout.waiting) if layout.matches(tile, p)]
    if ends:  # an end shows the number, but a rule keeps the tile off it: the engine says which
        point = ends[0]
        try:
            match.check(Play.on(tile, point.anchor, point.side))
        except SevenRocksError as error:  # the rule in players' words, in every language
            kind = next((k for k in type(error).__mro__ if k in ENGINE_MESSAGES), None)
            reason = _(ENGINE_MESSAGES[kind]) if kind is not None else error.reason
        else:  # pragma: no cover - a legal play would be among the legal moves
            return None
        return _("{tile} cannot be placed now: {reason}").format(tile=tile, reason=reason)
    game = match.rules.game
    if matching is Matching.SUM_SEVEN:
        needs = _seven_needs(tile)
        shown = " " + _("or") + " "
        return _(
            "{tile} cannot be placed: no open end adds up to seven with it (it needs an end showing {needs})"
        ).format(tile=tile, needs=shown.join(str(n) for n in needs))
    halves = _halves(tile)
    if len(halves) == 1:
        return _("{tile} cannot be placed: no open end shows a {number}").format(
            tile=tile, number=_number(halves[0], game, _)
        )
    return _("{tile} cannot be placed: no open end shows a {first} or a {second}").format(
        tile=tile, first=_number(halves[0], game, _), second=_number(halves[1], game, _)
    )


def placement_help(match: Match, choices: Sequence[PlayChoice], gettext: Translate) -> list[str]:
    """The help of the placement prompt: each kind of answer with an example from the position."""
    _ = gettext
    moves = [c.play for c in choices]
    lines = [_("At this prompt you can type:")]
    first = moves[0]
    lines.append(
        "  "
        + _("a number from 1 to {count}: the placement of that number in the list, e.g. 1 for {move}").format(
            count=len(moves), move=first
        )
    )
    if not match.layout.plays:
        tiles = [m for m in moves if isinstance(m, Play)]
        lines.append("  " + _("a tile to lead, e.g. {tile}").format(tile=tiles[0].tile))
    else:
        plays = [m for m in moves if isinstance(m, Play)]
        example = next((p for p in plays if p.marks), plays[0] if plays else first)
        lines.append(
            "  "
            + _("a placement: the tile, @, the tile it joins, :, the side, e.g. {move}").format(move=example)
        )
        alone = [p.tile for p in plays if sum(q.tile is p.tile for q in plays) == 1]
        if alone:
            lines.append(
                "  " + _("a tile alone when it has one place to go, e.g. {tile}").format(tile=alone[0])
            )
        if any(p.open_half is not None for p in plays):
            matador = next(p for p in plays if p.open_half is not None)
            lines.append(
                "  " + _("a matador with >N, the half it leaves open, e.g. {move}").format(move=matador)
            )
        several = next((m for m in moves if isinstance(m, Doubles)), None)
        if several is not None:
            lines.append("  " + _("several doubles joined by +, e.g. {move}").format(move=several))
    if len(moves) == 1:
        lines.append("  " + _("Enter alone: the only placement, {move}").format(move=first))
    lines.extend("  " + _(command) for command in COMMANDS)
    return lines


def hundred_help(gettext: Translate) -> list[str]:
    """The help of Sea Goat's prompt for a voluntary hundred."""
    _ = gettext
    return [
        _("At this prompt you can type:"),
        "  " + _("1 or Enter alone: play on as dealt"),
        "  " + _("2: declare a hundred (lead 6-6 now)"),
        *("  " + _(command) for command in COMMANDS),
    ]
