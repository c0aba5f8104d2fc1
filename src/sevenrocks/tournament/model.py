"""What a tournament is and what each of its matches gave: the records shared by the runner,
the journal and the statistics."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.core.games import DEFAULT_GAME, OptionValue, Rules, find_game

__all__ = ["MatchSummary", "TournamentConfig", "record_path", "seat_plans"]

#: The entrant (0: ``team0``, 1: ``team1``) at each seat in the matches of one set of deals: with
#: 2 and 4 seats the two entrants swap seats (in partnership they swap partnerships); with 3 seats
#: each entrant sits alone once at every seat, and with a copy of itself twice at every seat.
_PLANS: Final = {
    2: ((0, 1), (1, 0)),
    3: ((0, 1, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 0), (0, 0, 1)),
    4: ((0, 1, 0, 1), (1, 0, 1, 0)),
}


def seat_plans(seats: int) -> tuple[tuple[int, ...], ...]:
    """Which entrant sits where in each match of one set of deals (a duplicate group), so that
    every entrant plays every hand of the deal from every seat.

    >>> seat_plans(4), len(seat_plans(3))
    (((0, 1, 0, 1), (1, 0, 1, 0)), 6)
    """
    return _PLANS[seats]


@dataclass(frozen=True)
class TournamentConfig:
    """A tournament between two entrants (bot names or ``cmd:`` programs) in one game.

    ``game`` is a game id, ``game_options`` its option values and ``seats`` its number of seats
    (``None``: the game's usual number); ``target`` sets the option ``target``. Once made, the
    config holds every option's value (the defaults filled in), the target (``None`` for a game
    without one) and the number of seats; a bad game, option or number of seats raises a
    :class:`ValueError` naming it.

    >>> TournamentConfig("greedy", "random", matches=4, target=100).game_options
    {'target': 100}
    >>> config = TournamentConfig("greedy", "random", matches=6, game="kozel", seats=3)
    >>> config.target, config.seats, config.group
    (101, 3, 6)
    """

    team0: str
    team1: str
    matches: int
    seed: int = 0
    target: int | None = None
    workers: int = 1
    think: float | None = None
    bot_timeout: float = DEFAULT_BOT_TIMEOUT
    records: Path | None = None
    game: str = DEFAULT_GAME
    game_options: Mapping[str, OptionValue] = field(default_factory=dict, hash=False)
    seats: int | None = None

    def __post_init__(self) -> None:
        definition = find_game(self.game)
        given = dict(self.game_options)
        if self.target is not None:
            given["target"] = self.target
        rules = definition.rules(given, self.seats, engine=definition.engine)
        object.__setattr__(self, "game", rules.game)
        object.__setattr__(self, "game_options", dict(rules.options))
        object.__setattr__(self, "seats", rules.seats)
        target = rules.options.get("target")
        object.__setattr__(
            self, "target", target if isinstance(target, int) and not isinstance(target, bool) else None
        )

    @property
    def rules(self) -> Rules:
        """The rules every match of the tournament is played by."""
        definition = find_game(self.game)
        return definition.rules(self.game_options, self.seats, engine=definition.engine)

    @property
    def group(self) -> int:
        """The matches of one set of deals (2 with two or four seats, 6 with three)."""
        return len(seat_plans(self.rules.seats))

    @property
    def entrants(self) -> tuple[str, str]:
        """The two entrants, ``team0`` first."""
        return (self.team0, self.team1)

    def options(self) -> dict[str, Any]:
        """The bot options every bot is made with (``think`` when set)."""
        return {} if self.think is None else {"think": self.think}


@dataclass(frozen=True)
class MatchSummary:
    """One played match, by entrant: ``winner_side`` 0 (``team0``), 1 (``team1``) or ``None``.

    Each ``..._by_side`` pair sums, for each entrant, what the sides it held did: their final
    scores, placement points, deductions (Seven Rocks, Telephone), settlement awards (winner-takes
    and hand-bonus games), points written (the Goat family; Sea Goat: added to the record), tiles
    drawn, goats, and General's Generals and nakeds received.
    ``pair`` is the set of deals (the duplicate group) and ``rotation`` the seating within it.
    """

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
    rotation: int = 0
    awards_by_side: tuple[int, int] = (0, 0)
    written_by_side: tuple[int, int] = (0, 0)
    drawn_by_side: tuple[int, int] = (0, 0)
    goats_by_side: tuple[int, int] = (0, 0)
    generals_by_side: tuple[int, int] = (0, 0)
    nakeds_by_side: tuple[int, int] = (0, 0)


def record_path(records: Path, index: int) -> Path:
    """Where match ``index`` of a tournament is saved."""
    return records / f"match-{index + 1:05d}.json"
