"""Where a figure's tile went, in words: the guide's captions carry no notation.

The engine writes a placement ``6-6@3-6:high``; a reader of the rules guide reads "[6|6] on the 6 end
of [3|6]". A non-double's sides are named by the number they show, a double's straight sides by
their letters A and B (as the rule texts name them), the spinner's side branches as its branches A
and B; a matador's open half and a double laid lengthwise are said too (a closed double has a
sentence of its own in the captions). Every phrase is
English source text marked for the catalogues and filled in after translation.

>>> from sevenrocks.core.notation import Play
>>> from sevenrocks.core.tiles import Tile
>>> spinner = (Tile.parse("6-6"),)
>>> [placement_words(Play.parse(p), spinner, str) for p in ("3-6", "6-6@3-6:high", "2-6@6-6:bA")]
['[3|6] leads', '[6|6] on the 6 end of [3|6]', '[2|6] on branch A of the spinner [6|6]']
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from sevenrocks.core.notation import Play, Side
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import N_

__all__ = ["WHERE_MESSAGES", "placement_words", "tile_text", "where_words"]

Translate = Callable[[str], str]

#: Every phrase this module says (listed for the tests that look for untranslated text).
WHERE_MESSAGES = (
    N_("{tile} leads"),
    N_("{tile} {where}"),
    N_("on the {value} end of {anchor}"),
    N_("on side {side} of {anchor}"),
    N_("on side {side} of the spinner {anchor}"),
    N_("on branch {side} of the spinner {anchor}"),
    N_("laid lengthwise"),
    N_("leaving its {half} open"),
)


def tile_text(tile: Tile) -> str:
    """A tile as the captions write it: ``[1|4]``."""
    return f"[{tile.low}|{tile.high}]"


def where_words(play: Play, spinners: Collection[Tile], _: Translate) -> str:
    """Where ``play`` joins the layout, in words (``on the 6 end of [3|6]``), with its marks; empty
    for a lead. ``spinners`` are the layout's spinners once ``play`` is placed."""
    anchor, side = play.anchor, play.side
    if anchor is None or side is None:
        return ""
    target = tile_text(anchor)
    if side is Side.LOW or side is Side.HIGH:
        value = anchor.low if side is Side.LOW else anchor.high
        text = _("on the {value} end of {anchor}").format(value=value, anchor=target)
    elif side.is_branch:
        text = _("on branch {side} of the spinner {anchor}").format(side=side.notation[-1], anchor=target)
    elif anchor in spinners:
        text = _("on side {side} of the spinner {anchor}").format(side=side.notation, anchor=target)
    else:
        text = _("on side {side} of {anchor}").format(side=side.notation, anchor=target)
    marks = []
    if play.lengthwise:
        marks.append(_("laid lengthwise"))
    if play.open_half is not None:
        marks.append(_("leaving its {half} open").format(half=play.open_half))
    return ", ".join([text, *marks])


def placement_words(play: Play, spinners: Collection[Tile], _: Translate) -> str:
    """The tile and where it went: ``[3|6] leads``, ``[6|6] on the 6 end of [3|6]``."""
    if play.anchor is None:
        return _("{tile} leads").format(tile=tile_text(play.tile))
    return _("{tile} {where}").format(tile=tile_text(play.tile), where=where_words(play, spinners, _))
