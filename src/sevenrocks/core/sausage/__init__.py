"""Sausage (Колбаса, ``sausage.md``): its own engine, for a game that shares only the tiles with the rest.

Two seats turn tiles blind from their own face-down queues, extend one of two parallel lines or send the
tile to the back, and may cut the sausage: hand the whole table to the opponent. The layout engine
(:class:`~sevenrocks.core.match.Match`) does not play it; :class:`SausageMatch` does, with its seat view
(:class:`SausageView`, blind queues), its moves (:class:`SausageMove`, ``TILE:WAY``), its conformance
script (:func:`replay_sausage`) and its match records (:class:`SausageRecord`).
"""

from sevenrocks.core.sausage.deal import QUEUE_SIZE, SEATS, check_queues, deal_queues
from sevenrocks.core.sausage.events import DealEnd, DealLog, DealResult, Turn, Went
from sevenrocks.core.sausage.match import GAME_ID, SausageMatch
from sevenrocks.core.sausage.moves import WAYS, SausageMove, Way
from sevenrocks.core.sausage.public import PublicDeal
from sevenrocks.core.sausage.record import SausageRecord, load_sausage_record, parse_sausage_record
from sevenrocks.core.sausage.table import Line, Table
from sevenrocks.core.sausage.view import Memory, SausageView

__all__ = [
    "GAME_ID",
    "QUEUE_SIZE",
    "SEATS",
    "WAYS",
    "DealEnd",
    "DealLog",
    "DealResult",
    "Line",
    "Memory",
    "PublicDeal",
    "SausageMatch",
    "SausageMove",
    "SausageRecord",
    "SausageView",
    "Table",
    "Turn",
    "Way",
    "Went",
    "check_queues",
    "deal_queues",
    "load_sausage_record",
    "parse_sausage_record",
]
