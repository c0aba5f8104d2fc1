"""General's table: a session of teams waiting their turn at one table (``general.md`` §9.1).

In General two teams of two share a table; a team that receives a General (in the version
``naked``, also a naked) or loses two hands gives way. The rules end one match there; what
happens next belongs to the session, played here: the teams queue for the table, the team that
gives way goes to the back of the queue, and the first waiting team takes its seats (the same
partnership: seats 0 and 2, or 1 and 3); the team that won stays. With only two teams they simply
play again. The session counts, per team, the matches it played, won and gave way in, the
Generals (and nakeds) it received and the ones it made the other team receive, the hands it lost,
and its longest stay at the table (matches won in a row).

Each team is one bot (or ``cmd:`` program) playing both seats of its partnership. Deals, lots and
bot seeds follow from the session's seed and the match's number, so the same command gives the
same session.

>>> config = TableConfig(("greedy", "random", "greedy"), matches=4, seed=3)
>>> matches = run_table(config)
>>> [m.index for m in matches], all(m.gave_way in m.sides for m in matches)
([0, 1, 2, 3], True)
>>> summary = summarize_table(config, matches)
>>> sum(t["played"] for t in summary["teams"]) == 2 * len(matches)
True
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.core.games import OptionValue, Rules, find_game
from sevenrocks.core.games.general import Counts
from sevenrocks.tournament.model import record_path
from sevenrocks.tournament.runner import MatchOutcome, play_match

__all__ = ["TABLE_GAMES", "TableConfig", "TableMatch", "run_table", "summarize_table", "timed_table"]

#: The games whose sessions are played at a table with waiting teams.
TABLE_GAMES: Final = ("general",)


@dataclass(frozen=True)
class TableConfig:
    """A table session: ``teams`` (bot names, one per team, the first two at the table, the rest
    waiting in this order), ``matches`` to play, the game's options, and how bots are run.

    >>> TableConfig(("greedy",), matches=2)
    Traceback (most recent call last):
    ...
    ValueError: a table session needs at least two teams, not 1
    """

    teams: tuple[str, ...]
    matches: int
    seed: int = 0
    game: str = "general"
    game_options: Mapping[str, OptionValue] = field(default_factory=dict, hash=False)
    think: float | None = None
    bot_timeout: float = DEFAULT_BOT_TIMEOUT
    records: Path | None = None

    def __post_init__(self) -> None:
        if self.game not in TABLE_GAMES:
            raise ValueError(
                f"the table format plays {' or '.join(TABLE_GAMES)} (teams give way at the table, "
                f"general.md §9.1), not {self.game}: use the duplicate format"
            )
        if len(self.teams) < 2:
            raise ValueError(f"a table session needs at least two teams, not {len(self.teams)}")
        if isinstance(self.matches, bool) or not isinstance(self.matches, int) or self.matches < 1:
            raise ValueError(f"a table session plays at least one match, not {self.matches!r}")
        rules = find_game(self.game).rules(dict(self.game_options))
        object.__setattr__(self, "teams", tuple(self.teams))
        object.__setattr__(self, "game_options", dict(rules.options))

    @property
    def rules(self) -> Rules:
        """The rules every match of the session is played by."""
        return find_game(self.game).rules(self.game_options)

    def options(self) -> dict[str, Any]:
        """The bot options every bot is made with (``think`` when set)."""
        return {} if self.think is None else {"think": self.think}


@dataclass(frozen=True)
class TableMatch:
    """One match of the session: ``sides`` are the teams at side 0 (seats 0 and 2) and side 1
    (seats 1 and 3); ``gave_way`` the team that left the table (``None``: an abandoned match,
    after which nobody leaves) and ``stayed`` the other; per side ``generals`` and ``nakeds``
    received and ``hands_lost``; ``waiting`` the queue after the match, first in line first."""

    index: int
    sides: tuple[int, int]
    gave_way: int | None
    stayed: int | None
    generals: tuple[int, int]
    nakeds: tuple[int, int]
    hands_lost: tuple[int, int]
    hands: int
    waiting: tuple[int, ...]
    forfeit: dict[str, Any] | None = None
    record: str | None = None


def _losing_side(outcome: MatchOutcome) -> int | None:
    if len(outcome.losers) == 1:
        return outcome.losers[0]
    return None


def run_table(
    config: TableConfig, *, on_match: Callable[[TableMatch], None] | None = None
) -> list[TableMatch]:
    """Play the session's matches in order (who plays next depends on who gave way)."""
    rules = config.rules
    at = [0, 1]
    waiting = deque(range(2, len(config.teams)))
    out: list[TableMatch] = []
    for index in range(config.matches):
        sides = (at[0], at[1])
        players = tuple(config.teams[sides[rules.side_of(seat)]] for seat in range(rules.seats))
        seeds = tuple(
            random.Random(f"{config.seed}/table/{index}/bot/{seat}").getrandbits(32)
            for seat in range(rules.seats)
        )
        metadata = {
            "event": "table session " + " / ".join(config.teams),
            "session_seed": str(config.seed),
            "match": str(index + 1),
            "teams": f"team{sides[0]} at seats 0+2, team{sides[1]} at seats 1+3",
        }
        outcome = play_match(
            players,
            deal_seed=f"{config.seed}/table/{index}",
            bot_seeds=seeds,
            bot_timeout=config.bot_timeout,
            options=config.options(),
            metadata=metadata,
            rules=rules,
            record=config.records is not None,
        )
        saved = None
        if config.records is not None and outcome.record is not None:
            saved = str(outcome.record.save(record_path(config.records, index)))
        loser = _losing_side(outcome)
        gave_way = stayed = None
        if loser is not None:
            gave_way, stayed = sides[loser], sides[1 - loser]
            if waiting:
                waiting.append(gave_way)
                at[loser] = waiting.popleft()
        forfeit = None
        if outcome.forfeit is not None:
            forfeit = {**outcome.forfeit.to_json(), "team": sides[rules.side_of(outcome.forfeit.seat)]}
        match = TableMatch(
            index=index,
            sides=sides,
            gave_way=gave_way,
            stayed=stayed,
            generals=(outcome.generals[0], outcome.generals[1]),
            nakeds=(outcome.nakeds[0], outcome.nakeds[1]),
            hands_lost=(outcome.scores[0], outcome.scores[1]),
            hands=outcome.hands,
            waiting=tuple(waiting),
            forfeit=forfeit,
            record=saved,
        )
        out.append(match)
        if on_match is not None:
            on_match(match)
    return out


def summarize_table(config: TableConfig, matches: Sequence[TableMatch]) -> dict[str, Any]:
    """The session as one JSON-ready object (what ``--json`` prints): per team (``teams``, in
    the order given) ``played``, ``won``, ``gave_way``, ``generals`` and ``nakeds`` received,
    ``generals_made`` and ``nakeds_made`` (received by the other team while it sat at the table),
    ``hands_lost`` and ``longest_stay`` (matches won in a row); and the matches in order."""
    teams: list[dict[str, Any]] = [
        {
            "team": f"team{i}",
            "bot": name,
            "played": 0,
            "won": 0,
            "gave_way": 0,
            "generals": 0,
            "nakeds": 0,
            "generals_made": 0,
            "nakeds_made": 0,
            "hands_lost": 0,
            "longest_stay": 0,
            "forfeits": 0,
        }
        for i, name in enumerate(config.teams)
    ]
    run = [0] * len(teams)
    for match in matches:
        for side, team in enumerate(match.sides):
            row = teams[team]
            other = 1 - side
            row["played"] += 1
            row["generals"] += match.generals[side]
            row["nakeds"] += match.nakeds[side]
            row["generals_made"] += match.generals[other]
            row["nakeds_made"] += match.nakeds[other]
            row["hands_lost"] += match.hands_lost[side]
        if match.stayed is not None:
            teams[match.stayed]["won"] += 1
            run[match.stayed] += 1
            teams[match.stayed]["longest_stay"] = max(teams[match.stayed]["longest_stay"], run[match.stayed])
        if match.gave_way is not None:
            teams[match.gave_way]["gave_way"] += 1
            run[match.gave_way] = 0
        if match.forfeit is not None:
            teams[match.forfeit["team"]]["forfeits"] += 1
    return {
        "format": "table",
        "game": config.game,
        "options": dict(config.game_options),
        "seed": config.seed,
        "think_seconds": config.think,
        "bot_timeout": config.bot_timeout,
        "matches": len(matches),
        "hands": sum(m.hands for m in matches),
        "teams": teams,
        "figures": ["generals", "nakeds"] if _naked(config.rules) else ["generals"],
        "match_details": [
            {
                "match": m.index + 1,
                "sides": [f"team{t}" for t in m.sides],
                "gave_way": None if m.gave_way is None else f"team{m.gave_way}",
                "generals": list(m.generals),
                "nakeds": list(m.nakeds),
                "hands_lost": list(m.hands_lost),
                "hands": m.hands,
                "waiting": [f"team{t}" for t in m.waiting],
                "forfeit": m.forfeit,
                "record": m.record,
            }
            for m in matches
        ],
        "records": None if config.records is None else str(config.records),
    }


def _naked(rules: Rules) -> bool:
    settlement = rules.settlement
    return isinstance(settlement, Counts) and settlement.naked_version


def timed_table(
    config: TableConfig, *, on_match: Callable[[TableMatch], None] | None = None
) -> dict[str, Any]:
    """Play the session and return :func:`summarize_table`'s object with its wall time."""
    start = time.perf_counter()
    matches = run_table(config, on_match=on_match)
    summary = summarize_table(config, matches)
    summary["seconds"] = round(time.perf_counter() - start, 2)
    return summary
