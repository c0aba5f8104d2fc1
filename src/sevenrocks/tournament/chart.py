"""The ladder as a picture: each bot's Elo rating with its 95% interval (PNG, via matplotlib Agg)."""

from __future__ import annotations

from pathlib import Path

from sevenrocks.tournament.ladder import ELO_BASE, LadderFit

__all__ = ["ladder_chart"]


def ladder_chart(fit: LadderFit, path: str | Path, *, title: str = "Seven Rocks bot ladder") -> Path:
    """Draw ``fit`` (strongest at the top) as a PNG at ``path`` and return the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ranking = fit.ranking()[::-1]  # matplotlib draws the first row at the bottom
    elo = [fit.elo[b] for b in ranking]
    low = [fit.elo[b] - fit.ci95[b][0] for b in ranking]
    high = [fit.ci95[b][1] - fit.elo[b] for b in ranking]
    figure, axes = plt.subplots(figsize=(7.0, 1.2 + 0.55 * len(ranking)), dpi=120)
    try:
        rows = list(range(len(ranking)))
        axes.errorbar(
            elo, rows, xerr=[low, high], fmt="o", color="#1f4e79", ecolor="#7aa6d6", capsize=4, lw=2
        )
        for row, bot in zip(rows, ranking, strict=True):
            axes.annotate(
                f"{fit.elo[bot]:.0f} ± {fit.elo[bot] - fit.ci95[bot][0]:.0f}",
                (fit.elo[bot], row),
                textcoords="offset points",
                xytext=(0, 7),
                ha="center",
                fontsize=8,
            )
        axes.axvline(ELO_BASE, color="#bbbbbb", lw=1, ls="--")
        axes.set_yticks(rows, [b if len(b) <= 28 else b[:25] + "..." for b in ranking])
        axes.set_ylim(-0.6, len(ranking) - 0.4)
        axes.set_xlabel("Elo (Bradley–Terry fit; bars: 95% interval)")
        axes.set_title(title)
        axes.grid(axis="x", alpha=0.3)
        figure.tight_layout()
        target = Path(path)
        figure.savefig(target, format="png")
    finally:
        plt.close(figure)
    return target
