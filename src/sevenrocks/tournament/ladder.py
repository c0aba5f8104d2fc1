"""Ratings from a round robin: a Bradley–Terry fit on the Elo scale, with standard errors.

Each bot ``i`` has a strength ``r_i``; bot ``i`` beats bot ``j`` with probability
``1 / (1 + exp(r_j - r_i))``. The strengths are the maximum of the likelihood of the match
results (with a weak normal prior, so that a bot that won or lost everything still gets a
finite rating), found by Newton's method. Standard errors come from the inverse Hessian at the
optimum (the observed information), for ratings centred on their mean. Ratings are shown on the
Elo scale: ``1500 + 400 / ln 10 * (r_i - mean r)``, so 200 points of difference are a 76% expected
score. A draw counts as half a win for each side.

>>> fit = fit_bradley_terry(["a", "b"], [("a", "b", 30.0, 10.0)])
>>> round(fit.elo["a"] - fit.elo["b"])  # a 75% score is 191 Elo; the prior shrinks it a little
190
>>> fit.ci95["a"][0] < fit.elo["a"] < fit.ci95["a"][1]
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from sevenrocks.tournament.stats import Z95

__all__ = ["ELO_BASE", "ELO_SCALE", "PRIOR_SD", "LadderFit", "fit_bradley_terry"]

#: Elo points per unit of Bradley–Terry strength (natural-log odds).
ELO_SCALE: Final = 400 / math.log(10)
#: The Elo rating of the average bot.
ELO_BASE: Final = 1500.0
#: Standard deviation of the prior on each strength, in log-odds (about 1,040 Elo: very weak).
PRIOR_SD: Final = 6.0


@dataclass(frozen=True)
class LadderFit:
    """Fitted ratings: Elo, standard error (Elo points) and 95% interval per bot, strongest first."""

    bots: tuple[str, ...]
    elo: dict[str, float]
    se: dict[str, float]
    ci95: dict[str, tuple[float, float]]
    games: dict[str, float]
    score: dict[str, float]

    def ranking(self) -> list[str]:
        """The bots, strongest first."""
        return sorted(self.bots, key=lambda b: -self.elo[b])

    def to_json(self) -> list[dict[str, Any]]:
        """One object per bot, strongest first."""
        return [
            {
                "rank": rank,
                "bot": bot,
                "elo": round(self.elo[bot], 1),
                "se": round(self.se[bot], 1),
                "ci95": [round(self.ci95[bot][0], 1), round(self.ci95[bot][1], 1)],
                "matches": self.games[bot],
                "score": self.score[bot],
            }
            for rank, bot in enumerate(self.ranking(), 1)
        ]


def fit_bradley_terry(
    bots: Sequence[str],
    results: Sequence[tuple[str, str, float, float]],
    *,
    prior_sd: float = PRIOR_SD,
    iterations: int = 100,
) -> LadderFit:
    """Fit ratings to ``results``: ``(a, b, a_wins, b_wins)`` per pairing (draws as half wins).

    Raises :class:`ValueError` for an unknown bot or negative counts.
    """
    names = list(bots)
    if len(set(names)) != len(names) or len(names) < 2:
        raise ValueError(f"a ladder needs at least two different bots, not {names}")
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    wins = np.zeros((n, n))
    for a, b, wa, wb in results:
        if a not in index or b not in index:
            raise ValueError(f"result between {a!r} and {b!r}: not among the bots {names}")
        if wa < 0 or wb < 0:
            raise ValueError(f"result between {a!r} and {b!r}: negative win counts")
        wins[index[a], index[b]] += wa
        wins[index[b], index[a]] += wb
    games = wins + wins.T
    precision = 1.0 / (prior_sd * prior_sd)
    r = np.zeros(n)
    hessian = np.eye(n) * precision
    for _ in range(iterations):
        diff = r[:, None] - r[None, :]
        p = 1.0 / (1.0 + np.exp(-diff))  # p[i, j]: i beats j
        gradient = (wins - games * p).sum(axis=1) - precision * r
        w = games * p * (1.0 - p)
        hessian = np.diag(w.sum(axis=1)) - w + np.eye(n) * precision
        step = np.linalg.solve(hessian, gradient)
        r = r + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    covariance = np.linalg.inv(hessian)
    centre = np.eye(n) - np.ones((n, n)) / n
    centred = centre @ covariance @ centre.T
    se = np.sqrt(np.clip(np.diag(centred), 0.0, None)) * ELO_SCALE
    elo = ELO_BASE + (r - r.mean()) * ELO_SCALE
    return LadderFit(
        bots=tuple(names),
        elo={name: float(elo[i]) for name, i in index.items()},
        se={name: float(se[i]) for name, i in index.items()},
        ci95={name: (float(elo[i] - Z95 * se[i]), float(elo[i] + Z95 * se[i])) for name, i in index.items()},
        games={name: float(games[i].sum()) for name, i in index.items()},
        score={name: float(wins[i].sum()) for name, i in index.items()},
    )
