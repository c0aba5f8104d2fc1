"""The tables the family tests play: every game at every number of seats, with its options varied.

Low targets end matches quickly, so that match ends (targets, goats, exact targets, draws) are
reached often; each game also appears with its real defaults.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from sevenrocks.core import Match
from sevenrocks.core.games import LAYOUT_GAMES


@dataclass(frozen=True)
class Table:
    """A game, a number of seats and option values."""

    game: str
    seats: int
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}/{self.seats}" + (f"[{opts}]" if opts else "")


#: Option values tried besides the defaults, per game (each set on its own, with a low target).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "seven-rocks": [{"target": 60}],
    "block": [{"target": 30}, {"partnerships": True, "target": 40}, {"lone_blank": 0, "target": 30}],
    "draw": [{"target": 30}, {"reserve": 2, "target": 30}, {"partnerships": True, "lone_blank": 0}],
    "kozel": [
        {"target": 30},
        {"several_doubles": True, "target": 40},
        {"reserve": 0, "remember": False, "lone_blank": 10, "target": 40},
        {"threshold": 1, "target": 25},
    ],
    "kozel-125": [{"target": 40}],
    "sports-kozel": [{"deals": 8}],
    "telephone": [{"target": 60}, {"several_doubles": True, "target": 80}],
    "muggins": [{"target": 60}],
    "all-fives": [{"target": 60}, {"partnerships": False, "target": 60}],
    "five-up": [{"target": 15}, {"partnerships": False, "target": 15}],
    "fives-and-threes": [
        {"target": 15},
        {"exact": False, "target": 15},
        {"partnerships": False, "target": 12},
    ],
    "all-threes": [{"target": 15}],
    "picture": [],
    "donkey": [{"target": 30}, {"reserve": 0, "remember": False, "lone_blank": 10, "target": 40}],
    "sebastopol": [{"target": 20}],
    "bergen": [{"target": 6}],
    "matador": [{"target": 40}, {"partnerships": True, "target": 40}],
    "general": [{"version": "naked"}],
    "sea-kozel": [{"target": 60}, {"events": False, "target": 60}, {"reserve": 0, "target": 80}],
}


def tables() -> list[Table]:
    """Every game at every number of seats, with its defaults and each variant."""
    out: list[Table] = []
    for game in LAYOUT_GAMES:
        for seats in game.seats:
            out.append(Table(game.id, seats))
            out.extend(Table(game.id, seats, dict(v)) for v in VARIANTS.get(game.id, []))
    return out


TABLES = tables()


def random_match(table: Table, seed: int, *, max_hands: int = 6, several: bool = True) -> Match:
    """A match of ``table`` played with random legal moves (several doubles included)."""
    rng = random.Random(seed)
    match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
    hands = 0
    while not match.is_over and hands < max_hands:
        if match.turn is None:
            match.start_hand()
            hands += 1
            continue
        moves = match.legal_moves() if several else match.legal_plays()
        match.push(rng.choice(moves))
    return match
