"""Match analysis: every placement of a record weighed by search from the placing seat's view
(:mod:`sevenrocks.analysis.review`), and its chart (:mod:`sevenrocks.analysis.chart`)."""

from sevenrocks.analysis.review import (
    CLASSES,
    DEFAULT_THINK,
    TARGET_BONUS,
    AnalysisError,
    Estimate,
    MatchAnalysis,
    PlacementAnalysis,
    PlayerSummary,
    Thresholds,
    analyse_record,
    analyse_view,
    annotate,
    classify,
    placement_seed,
    positions,
)

__all__ = [
    "CLASSES",
    "DEFAULT_THINK",
    "TARGET_BONUS",
    "AnalysisError",
    "Estimate",
    "MatchAnalysis",
    "PlacementAnalysis",
    "PlayerSummary",
    "Thresholds",
    "analyse_record",
    "analyse_view",
    "annotate",
    "classify",
    "placement_seed",
    "positions",
]
