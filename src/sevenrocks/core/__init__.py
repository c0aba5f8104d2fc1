"""The Seven Rocks rules engine (standard library only).

Tiles, the layout, a match with its deals, turns, scoring and settlement, seat views,
notation, match scripts and records. Nothing here knows of command lines, the web, bots or
research interfaces: they import the core, never the reverse.
"""

from sevenrocks.core.errors import (
    BranchNotOpenError,
    DealError,
    EmptyHistoryError,
    HandInProgressError,
    HandOverError,
    IllegalPlayError,
    LeaderError,
    MatchOverError,
    MismatchError,
    NoBranchError,
    NotationError,
    NotInHandError,
    OpeningPlayError,
    OutOfTurnError,
    RecordError,
    SevenRocksError,
    SideNotOpenError,
    UnknownAnchorError,
)
from sevenrocks.core.events import Event, HandEnd, HandLog, HandResult, Knock, Placement
from sevenrocks.core.layout import Layout
from sevenrocks.core.match import Match, Phase, deal_tiles
from sevenrocks.core.notation import ACTIONS, ConnectionPoint, Play, Side
from sevenrocks.core.record import MatchEnd, MatchRecord, load_record
from sevenrocks.core.scoring import DEFAULT_TARGET, placement_points, round_pips, settle
from sevenrocks.core.tiles import SEATS, TILES, Tile, partner, partnership
from sevenrocks.core.view import SeatView

__all__ = [
    "ACTIONS",
    "DEFAULT_TARGET",
    "SEATS",
    "TILES",
    "BranchNotOpenError",
    "ConnectionPoint",
    "DealError",
    "EmptyHistoryError",
    "Event",
    "HandEnd",
    "HandInProgressError",
    "HandLog",
    "HandOverError",
    "HandResult",
    "IllegalPlayError",
    "Knock",
    "Layout",
    "LeaderError",
    "Match",
    "MatchEnd",
    "MatchOverError",
    "MatchRecord",
    "MismatchError",
    "NoBranchError",
    "NotInHandError",
    "NotationError",
    "OpeningPlayError",
    "OutOfTurnError",
    "Phase",
    "Placement",
    "Play",
    "RecordError",
    "SeatView",
    "SevenRocksError",
    "Side",
    "SideNotOpenError",
    "Tile",
    "UnknownAnchorError",
    "deal_tiles",
    "load_record",
    "partner",
    "partnership",
    "placement_points",
    "round_pips",
    "settle",
]
