"""An analysis as a picture: side 0's expected lead through the match, mistakes marked (PNG, via
matplotlib Agg, as :mod:`sevenrocks.tournament.chart`)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Final

from sevenrocks.analysis.review import MatchAnalysis

__all__ = ["analysis_chart"]

#: Marker colour of each class that is marked on the chart.
_MARKS: Final = {"inaccuracy": "#e0a800", "mistake": "#e06000", "blunder": "#c00000"}


def analysis_chart(analysis: MatchAnalysis, path: str | Path, *, title: str | None = None) -> Path:
    """Draw ``analysis`` as a PNG at ``path`` and return the path.

    One point per analysed placement, in match order: side 0's expected lead at the end of the hand
    after the move made (:attr:`PlacementAnalysis.margin`: its lead so far plus the expected net
    points of the rest of the hand). Inaccuracies, mistakes and blunders are marked in their
    colours, pointing up on side 0's moves and down on the others'; dotted lines separate the
    hands. With more than two sides only side 0's own placements show its expectation (the
    others' do not say what side 0 will make), so the line joins those.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [(i, p) for i, p in enumerate(analysis.placements) if not math.isnan(p.margin)]
    figure, axes = plt.subplots(figsize=(9.0, 4.0), dpi=110)
    try:
        xs = [i for i, _ in shown]
        ys = [p.margin for _, p in shown]
        axes.plot(xs, ys, color="#1f4e79", lw=1.5, marker="o", ms=2.5, label="side 0 expected lead")
        for verdict, colour in _MARKS.items():
            for ours, marker in ((True, "^"), (False, "v")):
                marked = [(i, p.margin) for i, p in shown if p.verdict == verdict and (p.side == 0) == ours]
                if marked:
                    axes.scatter(
                        [i for i, _ in marked],
                        [m for _, m in marked],
                        s=46,
                        marker=marker,
                        color=colour,
                        zorder=3,
                        label=verdict
                        if ours or not any(p.verdict == verdict and p.side == 0 for _, p in shown)
                        else None,
                        edgecolors="black",
                        linewidths=0.5,
                    )
        previous = None
        for i, p in enumerate(analysis.placements):
            if previous is not None and p.hand != previous:
                axes.axvline(i - 0.5, color="#bbbbbb", lw=0.8, ls=":")
            previous = p.hand
        axes.axhline(0, color="#888888", lw=0.8)
        axes.set_xlabel("placement analysed (dotted lines: new hand; ▲ side 0's move, ▼ another side's)")
        axes.set_ylabel("points (side 0 ahead above 0)")
        axes.set_title(title or f"{analysis.game}: side 0's expected lead at the end of each hand")
        axes.grid(alpha=0.3)
        axes.legend(loc="best", fontsize=8)
        figure.tight_layout()
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(target, format="png")
    finally:
        plt.close(figure)
    return target
