"""Pictures of a match for the research interfaces: text for ``ansi``, pixels for ``rgb_array``.

Both draw the whole table (every hand face up, as a spectator sees it) with the project's
renderers: :mod:`sevenrocks.text` for text, :func:`sevenrocks.svg.position` painted by
:func:`sevenrocks.png.svg_to_png` (Pillow) for pixels.
"""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt

from sevenrocks.core.match import Match
from sevenrocks.text import render_hand, render_layout, render_scores

__all__ = ["render_rgb", "render_text"]


def render_text(match: Match) -> str:
    """The table as text: scores, whose turn, the layout with open points and counted ends, every hand.

    >>> match = Match(seed=1)
    >>> match.start_hand()
    >>> print(render_text(match).splitlines()[0])
    hand 1 · seats 0+2: 0 · seats 1+3: 0 · target 250 · seat 0 to place
    """
    turn = match.turn
    rules = match.rules
    if turn is not None:
        status = f"seat {turn} to place"
    elif match.is_over:
        outcome = match.outcome
        winners = outcome.winners if outcome is not None else ()
        if not winners:
            status = "match drawn"
        elif rules.partnerships:
            status = "match won by " + " and ".join(f"seats {w}+{w + 2}" for w in winners)
        else:
            status = "match won by " + " and ".join(f"side {w}" for w in winners)
    else:
        status = f"hand over ({match.hand_ended})"
    ledger = match.ledger
    scores = render_scores(
        match.scores,
        target=match.target,
        rules=rules,
        remembered=ledger.remembered if ledger is not None else None,
        eggs=ledger.eggs if ledger is not None else None,
    )
    head = f"hand {match.hand_number + 1} · {scores} · {status}"
    if rules.draws:
        head += f" · boneyard {match.boneyard_size}"
    lines = [head]
    lines.append(render_layout(match.layout, indent="  "))
    for seat in range(match.seats):
        marker = ">" if seat == turn else " "
        lines.append(f"{marker} seat {seat}: {render_hand(match.hand(seat))}")
    return "\n".join(lines)


def render_rgb(match: Match, *, width: int = 720) -> npt.NDArray[np.uint8]:
    """The table as an ``(height, width, 3)`` ``uint8`` RGB image.

    >>> match = Match(seed=1)
    >>> match.start_hand()
    >>> image = render_rgb(match, width=320)
    >>> image.dtype, image.shape[1], image.shape[2]
    (dtype('uint8'), 320, 3)
    """
    from PIL import Image

    from sevenrocks.png import svg_to_png
    from sevenrocks.svg import position

    png = svg_to_png(position(match), width=width)
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
