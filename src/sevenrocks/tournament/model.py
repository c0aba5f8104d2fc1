"""What a tournament is and what each of its matches gave: the records shared by the runner,
the journal and the statistics."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.core.scoring import DEFAULT_TARGET

__all__ = ["MatchSummary", "TournamentConfig", "record_path"]


@dataclass(frozen=True)
class TournamentConfig:
    """A tournament between two entrants (bot names or ``cmd:`` programs)."""

    team0: str
    team1: str
    matches: int
    seed: int = 0
    target: int = DEFAULT_TARGET
    workers: int = 1
    think: float | None = None
    bot_timeout: float = DEFAULT_BOT_TIMEOUT
    records: Path | None = None

    @property
    def entrants(self) -> tuple[str, str]:
        """The two entrants, ``team0`` first."""
        return (self.team0, self.team1)

    def options(self) -> dict[str, Any]:
        """The bot options every bot is made with (``think`` when set)."""
        return {} if self.think is None else {"think": self.think}


@dataclass(frozen=True)
class MatchSummary:
    """One played match, by entrant: ``winner_side`` 0 (``team0``), 1 (``team1``) or ``None``."""

    index: int
    pair: int
    swapped: bool
    winner_side: int | None
    scores_by_side: tuple[int, int]
    hands: int
    blocks: int
    points_by_side: tuple[int, int]
    deductions_by_side: tuple[int, int]
    think_by_side: tuple[tuple[float, ...], tuple[float, ...]]
    forfeit: dict[str, Any] | None = None
    record: str | None = None
    players: tuple[str, ...] = field(default=())


def record_path(records: Path, index: int) -> Path:
    """Where match ``index`` of a tournament is saved."""
    return records / f"match-{index + 1:05d}.json"
