"""What a kind of table does with its own engine: the interface both kinds of table implement.

:class:`~sevenrocks.web.service.TableService` does what every table shares — seats and their
secrets, links, connections and their limits, readiness between hands, storage, broadcasts, the
bot loop's start — and hands the rest to the table's :class:`TablePlay`, chosen by the engine of
its game (:class:`~sevenrocks.core.games.Engine`):

* :class:`~sevenrocks.web.layout_play.LayoutPlay`: every game of the layout engine
  (:class:`~sevenrocks.core.match.Match`), Sea Goat's hundred included;
* :class:`~sevenrocks.web.sausage_table.SausagePlay`: Sausage
  (:class:`~sevenrocks.core.sausage.SausageMatch`), with blind queues.

Every method is called on the service's event loop; those that change the match are called under
the table's lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from sevenrocks.web.connection import Connection
from sevenrocks.web.protocol import PlayIntent
from sevenrocks.web.storage import EventRecord, TableRecord
from sevenrocks.web.table import LiveTable

__all__ = ["TablePlay", "stand_in_choice"]

log = logging.getLogger("sevenrocks.web")


async def stand_in_choice(bot: Any, view: Any, legal: Sequence[Any], table_id: str) -> Any:
    """What the clock's stand-in ``bot`` plays from ``view`` at table ``table_id``: its choice, or
    the first of ``legal`` when it fails or answers something not legal (a stand-in always moves)."""
    try:
        choice = await asyncio.to_thread(bot.choose, view)
    except Exception:
        log.exception("the stand-in of table %s failed; it plays the first legal move", table_id)
        return legal[0]
    return choice if choice in legal else legal[0]


class TablePlay(Protocol):
    """A kind of table: how its match is made, dealt, played, shown, rebuilt and replayed."""

    def new_table(self, record: TableRecord) -> LiveTable:
        """A new table of this kind for ``record``, its match not started."""
        ...

    def load(self, record: TableRecord, events: list[EventRecord]) -> LiveTable:
        """The table rebuilt from its stored events; raises a
        :class:`~sevenrocks.core.errors.SevenRocksError` (or ``KeyError``, ``TypeError``,
        ``ValueError``) if they contradict the rules."""
        ...

    def make_bots(self, table: LiveTable) -> None:
        """A bot for every bot's seat that has none yet."""
        ...

    async def start(self, table: LiveTable) -> None:
        """Make the match and deal its first hand; ``already_started`` if it was."""
        ...

    async def deal(self, table: LiveTable, **fields: Any) -> None:
        """Shuffle, store and deal the next hand (``fields`` also go into the table's record)."""
        ...

    async def play(self, table: LiveTable, conn: Connection, intent: PlayIntent) -> None:
        """A person's move: checked, stored, carried out, everyone told."""
        ...

    async def hundred(self, table: LiveTable, conn: Connection, declare: bool) -> None:
        """A Sea Goat hundred declared or not (refused where none may be declared)."""
        ...

    def waiting(self, table: LiveTable) -> bool:
        """True when a hand has ended and the next waits to be dealt."""
        ...

    def bot_work(self, table: LiveTable) -> bool:
        """True when a bot has a move to make, or the bots' table should deal."""
        ...

    async def bot_loop(self, table: LiveTable) -> None:
        """Let the bots play while they have something to do."""
        ...

    def state(
        self, table: LiveTable, seat: int | None, lang: str, boards: tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (``None``: a spectator), its texts in ``lang``, its
        layout drawn on ``boards`` (``None``: every board); it holds only what that seat may know."""
        ...

    def boards(self, table: LiveTable, conn: Connection) -> tuple[str, ...] | None:
        """The boards the layout is drawn on for ``conn`` now (``None``: every board, or no
        drawing): the one its page named, or the one that shows the tiles biggest in its page's
        board area."""
        ...

    def finished(self, table: LiveTable) -> bool:
        """True if the table holds a finished match to replay."""
        ...

    def replay_summary(self, table: LiveTable, lang: str) -> dict[str, Any]:
        """The finished match, hand by hand, for the replay viewer."""
        ...

    def replay_position(self, table: LiveTable, hand: int, step: int, lang: str) -> dict[str, Any]:
        """A position of the finished match (raises :class:`~sevenrocks.web.replays.PositionError`)."""
        ...

    def replay_record(self, table: LiveTable) -> dict[str, Any]:
        """The finished match's record file."""
        ...

    def clock_turn(self, table: LiveTable) -> tuple[int, int, int] | None:
        """The turn a person's clock runs for (:mod:`sevenrocks.web.clocks`): the hand's number,
        the match's moves so far and the person's seat that must act; ``None`` when no person must
        (a bot's turn, between hands, before the start, after the end)."""
        ...

    def stand_in_bot(self, table: LiveTable, level: str) -> Any:
        """A bot of ``level`` that can play the table's game, to stand in for a person."""
        ...

    async def stand_in(self, table: LiveTable, seat: int, bot: Any, marks: set[tuple[int, int]]) -> bool:
        """The stand-in ``bot`` makes the move ``seat`` owes (called without the table's lock, which
        it takes to store the move, marked as the stand-in's, and to add its ``(hand, play)`` to
        ``marks``: the play counted among the hand's moves); ``False`` if the turn moved on."""
        ...
