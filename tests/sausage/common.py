"""Helpers shared by the Sausage tests: the queues of ``sausage.md`` §12.1 and matches built from text."""

from __future__ import annotations

from typing import Any

from sevenrocks.core.sausage import SausageMatch
from sevenrocks.core.tiles import Tile

#: The queues of ``sausage.md`` §12.1 as the conformance README's example completes them, front first.
QUEUES_12_1 = (
    ["2-5", "1-3", "4-6", "4-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-4", "1-5"],
    ["5-6", "2-4", "3-3", "0-0", "1-6", "2-2", "2-3", "2-6", "3-4", "3-5", "3-6", "4-5", "5-5", "6-6"],
)


def tiles(text: str) -> list[Tile]:
    """Tiles written as space-separated text."""
    return [Tile.parse(t) for t in text.split()]


def texts(tiles: Any) -> list[str]:
    """Tiles as their text."""
    return [str(t) for t in tiles]


def deal(
    queues: tuple[list[str], list[str]] = QUEUES_12_1,
    starter: int = 0,
    moves: str = "",
    options: dict[str, Any] | None = None,
) -> SausageMatch:
    """A match whose first deal has these queues and starter, after ``moves`` (space-separated)."""
    match = SausageMatch(options, seed=0)
    match.start_deal(queues, starter)
    for move in moves.split():
        match.push_notation(move)
    return match


def state(match: SausageMatch) -> tuple[Any, ...]:
    """Everything an illegal action must leave as it was."""
    return (
        match.turn,
        match.turned,
        match.deal_number,
        match.starter,
        match.queue(0),
        match.queue(1),
        match.table,
        match.aside,
        match.sent,
        match.turns,
        match.scores,
        match.result,
        match.results,
        match.outcome,
        tuple(match.legal_moves()),
        match.moves_made,
        match.history,
    )
