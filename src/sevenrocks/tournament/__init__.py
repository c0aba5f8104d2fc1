"""Tournaments between bots in any game: matches through the engine, duplicate sets of deals, ratings.

- :mod:`.runner` plays one match of any game between its players (bot names or ``cmd:`` programs,
  one per seat), timing every move, turning a failing bot into a forfeit, and recording the match;
- :mod:`.model` holds what a tournament is (:class:`~.model.TournamentConfig`: the entrants, the
  game with its options and seats), how the entrants are seated in each set of deals
  (:func:`~.model.seat_plans`) and what each match gave (:class:`~.model.MatchSummary`);
- :mod:`.duplicate` schedules and plays duplicate tournaments (in several processes if asked)
  and sums them up (:func:`~.duplicate.summarize`);
- :mod:`.journal` keeps the results as they come in, so a stopped tournament can be resumed;
- :mod:`.stats` has the Wilson interval and percentiles; :mod:`.ladder` fits Bradley–Terry
  ratings to a round robin, and :mod:`.chart` draws them.
"""

from sevenrocks.tournament.duplicate import (
    MatchSpec,
    MatchSummary,
    TournamentConfig,
    duplicate_schedule,
    run_tournament,
    summarize,
)
from sevenrocks.tournament.model import seat_plans
from sevenrocks.tournament.runner import Forfeit, MatchOutcome, deal_of, play_match
from sevenrocks.tournament.stats import percentile, wilson_interval

__all__ = [
    "Forfeit",
    "MatchOutcome",
    "MatchSpec",
    "MatchSummary",
    "TournamentConfig",
    "deal_of",
    "duplicate_schedule",
    "percentile",
    "play_match",
    "run_tournament",
    "seat_plans",
    "summarize",
    "wilson_interval",
]
