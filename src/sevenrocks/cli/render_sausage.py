"""``sevenrocks render`` of a Sausage match: a position of a Sausage record (or script) as SVG.

Deals are numbered from 1; ``--play K`` is the number of moves made in that deal (0: the deal just
dealt, its start tile laid and the forced turns after it played). Without ``--hand`` the last deal is
drawn, without ``--play`` its last move. ``--seat`` draws what that seat may know (the tiles nobody has
turned face down), ``--layout-only`` the table alone with its two ends.
"""

from __future__ import annotations

from sevenrocks.cli.render import RenderError
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.sausage import SausageMatch, SausageRecord
from sevenrocks.sausage_svg import position, table

__all__ = ["sausage_picture", "sausage_position_at"]


def sausage_position_at(
    record: SausageRecord, hand: int | None = None, play: int | None = None
) -> SausageMatch:
    """The match of ``record`` re-played up to ``play`` moves into deal ``hand`` (both from 1; ``None``:
    the last deal, all its moves). :class:`RenderError` names the valid range.

    >>> from sevenrocks.core.sausage import SausageRecord
    >>> match = SausageMatch(seed=2)
    >>> match.start_deal()
    >>> _ = match.push(match.legal_moves()[0])
    >>> sausage_position_at(SausageRecord.from_match(match), 1, 0).moves_made
    0
    """
    count = len(record.hands)
    if count == 0:
        raise RenderError("the record has no deals yet: there is no position to draw")
    h = count if hand is None else hand
    if not 1 <= h <= count:
        raise RenderError(f"deal {h} is out of range: this record has deals 1 to {count}")
    moves = record.hands[h - 1].moves
    k = len(moves) if play is None else play
    if not 0 <= k <= len(moves):
        raise RenderError(
            f"play {k} is out of range: deal {h} has {len(moves)} moves "
            f"(use 0 for the deal, 1 to {len(moves)} for the position after that move)"
        )
    match = SausageMatch(record.options, seed=record.seed)
    try:
        for log in record.hands[: h - 1]:
            match.start_deal(log.queues, log.starter)
            for turn in log.moves:
                assert turn.move is not None
                match.push(turn.move)
        log = record.hands[h - 1]
        match.start_deal(log.queues, log.starter)
        for turn in moves[:k]:
            assert turn.move is not None
            match.push(turn.move)
    except SevenRocksError as err:  # pragma: no cover - a loaded record replays
        raise RenderError(err.reason) from None
    return match


def sausage_picture(
    record: SausageRecord,
    *,
    hand: int | None,
    play: int | None,
    seat: int | None,
    layout_only: bool,
    size: int | None,
) -> str:
    """The SVG of the position ``render`` is asked for (see the module)."""
    if seat is not None and seat not in (0, 1):
        raise RenderError(f"--seat must be 0 or 1, not {seat}")
    match = sausage_position_at(record, hand, play)
    moves = [t for t in match.turns if t.is_move]
    last = [moves[-1].tile] if moves else []
    if layout_only:
        ends = match.table.ends
        return table(
            match.table, size=size, highlight=last, caption=f"top end {ends[0]}, bottom end {ends[1]}"
        )
    source = match.view(seat) if seat is not None else match
    return position(source, size=size, highlight=last)
