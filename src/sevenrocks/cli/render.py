"""``sevenrocks render``: draw a position of a stored match of any game as SVG (or PNG).

Hands are numbered from 1; ``--play K`` is the number of moves made in that hand (0: the deal,
before the opening; a void deal has none). Without ``--hand`` the last hand is drawn, without
``--play`` its last move. The file is a match record or a match script; ``--game`` and
``--option`` mean what they mean for ``sevenrocks show`` (:mod:`sevenrocks.cli.record_source`).

Children's picture dominoes (``picture``) is drawn with its pictures instead of pips, and
bigger: without ``--size``, at :data:`sevenrocks.svg.CHILD_SCALE` times the natural size (the
PNG too, instead of 900 pixels wide), and ``--layout-only`` draws no legend (its ends carry no
numbers and it has no spinner).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from sevenrocks import svg
from sevenrocks.cli.record_source import GameOption, OptionsOption, load_source
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import HandLog
from sevenrocks.core.match import Match
from sevenrocks.core.record import LEAD_DECLARED, MatchRecord

__all__ = ["RenderError", "position_at", "render_command"]

_FORMATS = (".svg", ".png")


class RenderError(SevenRocksError):
    """A bad argument to ``sevenrocks render`` (hand or play out of range, bad output name)."""


def position_at(record: MatchRecord, hand: int | None = None, play: int | None = None) -> Match:
    """The match of ``record`` re-played up to ``play`` moves into hand ``hand`` (both from 1).

    ``hand`` ``None`` is the last hand, ``play`` ``None`` the hand's last move; ``play`` 0 is
    the hand just dealt (its boneyard full). Raises :class:`RenderError` naming the valid range.
    """
    count = len(record.hands)
    if count == 0:
        raise RenderError("the record has no hands yet: there is no position to draw")
    h = count if hand is None else hand
    if not 1 <= h <= count:
        raise RenderError(f"hand {h} is out of range: this record has hands 1 to {count}")
    log = record.hands[h - 1]
    placements = log.placements
    k = len(placements) if play is None else play
    if not 0 <= k <= len(placements):
        raise RenderError(
            f"play {k} is out of range: hand {h} has {len(placements)} placements "
            f"(use 0 for the deal, 1 to {len(placements)} for the position after that placement)"
        )
    match = Match(record.rules, seed=record.seed)
    for earlier in record.hands[: h - 1]:
        _deal(match, earlier)
        for placement in earlier.placements:
            match.push(placement.play)
    _deal(match, log)
    for placement in placements[:k]:
        match.push(placement.play)
    return match


def _deal(match: Match, log: HandLog) -> None:
    leader = log.leader if log.leader >= 0 else None
    match.start_hand(log.deal, leader, boneyard=log.boneyard or None, hundred=log.imposed == LEAD_DECLARED)


def render_command(
    record_path: Annotated[Path, typer.Argument(metavar="RECORD", help="A match record (JSON).")],
    hand: Annotated[
        int | None, typer.Option("--hand", "-n", help="Hand number, from 1 (default: the last hand).")
    ] = None,
    play: Annotated[
        int | None,
        typer.Option("--play", "-k", help="Placements made in that hand: 0 is the deal (default: all)."),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Where to write: a .svg or .png file (default: SVG on stdout)."),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="Draw what this seat sees: the other hands stay hidden."),
    ] = None,
    layout_only: Annotated[
        bool, typer.Option("--layout-only", help="Draw only the layout, with a legend and the counted sum.")
    ] = False,
    size: Annotated[int | None, typer.Option("--size", help="Larger side of the picture in pixels.")] = None,
    game: GameOption = None,
    option: OptionsOption = None,
) -> None:
    """Draw the position after move K of hand N of a match record (or script) of any game, as SVG or PNG.

    --game and --option name what a match script leaves out; on a record they must agree with it.
    """
    try:
        if output is not None and output.suffix.lower() not in _FORMATS:
            raise RenderError(f"cannot write {output}: the output must end in .svg or .png")
        if size is not None and not 16 <= size <= 10000:
            raise RenderError(f"--size must be between 16 and 10000 pixels, not {size}")
        from sevenrocks.cli.render_sausage import sausage_picture
        from sevenrocks.cli.sausage_source import load_sausage_source

        sausage = load_sausage_source(record_path, game, option)  # Sausage: its own records and pictures
        if sausage is not None:
            picture = sausage_picture(
                sausage, hand=hand, play=play, seat=seat, layout_only=layout_only, size=size
            )
            _write(picture, output, size)
            return
        record = load_source(record_path, game, option)
        if seat is not None and seat not in range(record.seats):
            seats = "0, 1, 2 or 3" if record.seats == 4 else " or ".join(str(s) for s in range(record.seats))
            raise RenderError(f"--seat must be {seats}, not {seat}")
        match = position_at(record, hand, play)
        last = match.placements[-1].play if match.placements else None
        highlight = [last] if last is not None else []
        faces = svg.faces_for(match.rules.game)
        scale = svg.CHILD_SCALE if faces == "pictures" and size is None else None
        if layout_only:
            counted = [n for _, n in match.layout.counted()]
            caption = None
            if counted and match.rules.scores_points:
                caption = " + ".join(map(str, counted)) + f" = {match.layout.ends_total}"
            picture = svg.layout(
                match.layout,
                size=size,
                highlight=highlight,
                legend=faces == "pips",
                caption=caption,
                faces=faces,
                scale=scale,
            )
        else:
            source = match.view(seat) if seat is not None else match
            picture = svg.position(source, size=size, highlight=highlight, faces=faces, scale=scale)
        _write(picture, output, size, own_size=scale is not None)
    except (SevenRocksError, RuntimeError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None


def _write(picture: str, output: Path | None, size: int | None, *, own_size: bool = False) -> None:
    """The picture on standard output, or in ``output`` (SVG, or PNG by its suffix).

    A PNG is ``size`` pixels wide, else the picture's own width with ``own_size``, else 900.
    """
    if output is None:
        sys.stdout.write(picture + "\n")
        return
    if output.suffix.lower() == ".png":
        from sevenrocks.png import svg_to_png

        data = svg_to_png(picture, width=size or (None if own_size else 900))
    else:
        data = picture.encode("utf-8")
    try:
        output.write_bytes(data)
    except OSError as err:
        raise RenderError(f"cannot write {output}: {err.strerror or err}") from None
    typer.echo(f"wrote {output}", err=True)
