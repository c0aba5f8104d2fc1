"""A Sausage table in the browser game: its own engine (:class:`~sevenrocks.core.sausage.SausageMatch`)
behind the same seats, links, connections and storage as every other table.

:class:`SausageTable` is a :class:`~sevenrocks.web.table.LiveTable` whose match is a Sausage match.
:class:`SausagePlay` is its :class:`~sevenrocks.web.play.TablePlay` (as
:class:`~sevenrocks.web.layout_play.LayoutPlay` is the layout engine's): it deals (the two queues,
front first, and the starter are stored as a ``hand`` event), checks and stores each move (a ``play``
event, ``TILE:WAY``), lets the bots play, writes each seat's ``state`` and replays finished matches;
the service shares the rest (seats, links, connections, readiness between deals, storage).

Queues are blind (``sausage.md`` §10): nobody sees the order of any queue, his own included. A state
therefore holds what every seat may know — the table, every turn of the deal, the tile turned now,
each queue's length and its known tail (tiles sent to the back or handed over by a cut), the doubles
set aside, the counts of the block rule, the scores and the finished deals (whose queues are turned up
to count them) — and the ways the turned tile can go, for its seat only. No queue's hidden part is
ever sent; a restart rebuilds the match from the stored deals and moves (:func:`rebuild_sausage`).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from sevenrocks.bots import make_bot
from sevenrocks.bots.sausage import SausageBot
from sevenrocks.cli.sausage_text import (
    deal_end_lines,
    starter_text,
    table_lines,
    turn_text,
    way_text,
)
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Engine
from sevenrocks.core.sausage import SausageMatch, SausageMove, Table, deal_queues
from sevenrocks.core.sausage.record import result_json, sausage_lead
from sevenrocks.core.tiles import Tile
from sevenrocks.i18n import N_, translation
from sevenrocks.sausage_svg import table as table_svg
from sevenrocks.web.connection import Connection
from sevenrocks.web.names import shown_names, shown_seats
from sevenrocks.web.play import stand_in_choice
from sevenrocks.web.protocol import PlayIntent, ProtocolError
from sevenrocks.web.sausage_replays import (
    match_over_text,
    sausage_position,
    sausage_record,
    sausage_summary,
    table_words,
    turn_json,
)
from sevenrocks.web.storage import EventRecord, TableRecord
from sevenrocks.web.table import LiveTable

if TYPE_CHECKING:
    from sevenrocks.web.service import TableService

__all__ = [
    "SausagePlay",
    "SausageTable",
    "moves_made",
    "rebuild_sausage",
    "state_json",
]

log = logging.getLogger("sevenrocks.web")


@dataclass
class SausageTable(LiveTable):
    """A Sausage table: ``sausage`` is its match (``None`` before the start), ``players`` its bots."""

    engine: ClassVar[Engine] = Engine.SAUSAGE
    sausage: SausageMatch | None = None
    players: dict[int, SausageBot] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for lists and the table page)."""
        match = self.sausage
        return {
            "table": self.id,
            "status": self.record.status,
            "target": self.record.target,
            "seats": self.public_seats(),
            "game": self.record.game,
            "options": dict(self.record.options),
            "scores": list(match.scores) if match else [0, 0],
            "hand_number": match.deal_number if match else -1,
            "winner": match.winner if match else None,
            "created_at": None if self.record.created_at is None else self.record.created_at.isoformat(),
        }


def new_sausage(record: TableRecord, seed: int | None = None) -> SausageMatch:
    """A Sausage match with the table's options, before its first deal."""
    return SausageMatch(record.options, seed=seed)


def rebuild_sausage(record: TableRecord, events: list[EventRecord]) -> tuple[SausageMatch | None, int]:
    """Replay a Sausage table's stored deals (``queues``, ``starter``) and moves (``play``); return the
    match (``None`` if not started) and the number of stored events. Raises
    :class:`~sevenrocks.core.errors.SevenRocksError` if the events contradict the rules."""
    match: SausageMatch | None = None
    for event in events:
        if event.kind == "hand":
            if match is None:
                match = new_sausage(record)
            match.start_deal(event.data["queues"], starter=int(event.data["starter"]))
        elif event.kind == "play":
            if match is None:
                raise SevenRocksError(f"table {record.id}: a move is stored before any deal")
            match.push(SausageMove.parse(event.data["play"]))
        else:
            raise SevenRocksError(f"table {record.id}: a Sausage table has no {event.kind!r} events")
    return match, len(events)


def moves_made(match: SausageMatch | None) -> int:
    """The moves of the whole match so far (forced turns are not moves)."""
    if match is None:
        return 0
    return sum(len(deal.moves) for deal in match.history)


def results_json(match: SausageMatch, names: list[str], me: int | None, lang: str) -> list[dict[str, Any]]:
    """Every finished deal: its result (the queues turned up to count them) and its text in ``lang``."""
    _ = translation(lang).gettext
    out = []
    for number, deal in enumerate(match.history):
        if deal.result is None:
            continue
        lines = deal_end_lines(
            deal.result, target=match.target, aside=deal.aside, me=me, names=names, gettext=_
        )
        out.append({"hand": number, **result_json(deal.result), "text": "\n".join(lines)})
    return out


def _drawn(table: SausageTable, laid: Table, last: list[Tile], key: tuple[int, int, int], lang: str) -> str:
    """The drawn table of the position ``key`` (its deal, stored events and turns) in ``lang``'s
    words, drawn once for every seat and spectator of that language: the table is public."""
    full = (*key, lang)
    if table.drawn is None or table.drawn[0] != full:
        table.drawn = (full, str(table_svg(laid, highlight=last, words=table_words(lang))))
    return table.drawn[1]


def state_json(table: SausageTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The ``state`` message of a Sausage table for ``seat`` (``None``: a spectator), in ``lang``."""
    match = table.sausage
    _ = translation(lang).gettext
    names = shown_names(table.record.seats, lang)
    summary = table.summary()
    summary["seats"] = shown_seats(summary["seats"], lang)
    base: dict[str, Any] = {
        "type": "state",
        **summary,
        "seat": seat,
        "move": table.moves,
        "seats_count": 2,
        "sides": 2,
        "target": int(table.record.options.get("target") or table.record.target),
    }
    if match is None or match.deal_number < 0:
        base.update(
            phase="open",
            turn=None,
            turned=None,
            legal=[],
            table=None,
            queues=[{"seat": s, "length": 0, "hidden": 0, "tail": [], "sent": 0} for s in (0, 1)],
            aside=[],
            turns=[],
            starter=None,
            starter_text=None,
            results=[],
            hand_over=False,
            over_text=None,
        )
        return base
    view = match.view(seat if seat is not None else 0)
    memory = view.memory()
    mine = seat is not None and view.is_my_turn
    laid = view.table.laid
    last = [t.tile for t in view.turns if t.went.changes_table][-1:]
    previous = match.history[-2].result if len(match.history) > 1 else None
    if match.is_over:
        phase = "over"
    elif match.in_deal:
        phase = "playing"
    else:
        phase = "waiting"
    base.update(
        phase=phase,
        turn=view.turn,
        turned=None if view.turned is None else str(view.turned),
        legal=[
            {"play": str(m), "way": m.way.value, "text": way_text(view, m, gettext=_)}
            for m in view.legal_moves
        ]
        if mine
        else [],
        table={
            "svg": _drawn(table, view.table, last, (match.deal_number, table.seq, len(view.turns)), lang),
            "lines": table_lines(view.table, gettext=_),
            "ends": list(view.ends),
            "laid": len(laid),
            "pips": sum(t.pips for t in laid),
        },
        queues=[
            {
                "seat": s,
                "length": view.queue_lengths[s],
                "hidden": memory.hidden[s],
                "tail": [str(t) for t in memory.tails[s]],
                "sent": view.sent[s],
            }
            for s in (0, 1)
        ],
        aside=[str(t) for t in view.aside],
        turns=[turn_json(t, turn_text(t, me=seat, names=names, gettext=_, words=True)) for t in view.turns],
        starter=view.starter,
        starter_text=None
        if view.starter is None
        else starter_text(view.starter, sausage_lead(previous), me=seat, names=names, gettext=_),
        results=results_json(match, names, seat, lang),
        hand_over=not match.in_deal,
        over_text=match_over_text(match, names, seat, lang),
    )
    return base


class SausagePlay:
    """The :class:`~sevenrocks.web.play.TablePlay` of :class:`SausageTable` tables: dealing, moves,
    bots, states and replays, with the service's storage, broadcasts and locks."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    def new_table(self, record: TableRecord) -> SausageTable:
        """A new Sausage table, its match not started."""
        return SausageTable(record, None, 0)

    def load(self, record: TableRecord, events: list[EventRecord]) -> SausageTable:
        """The table rebuilt from its stored deals and moves."""
        match, seq = rebuild_sausage(record, events)
        return SausageTable(record, None, seq, moves=moves_made(match), sausage=match)

    def make_bots(self, table: LiveTable) -> None:
        """A Sausage bot for every bot's seat that has none yet."""
        table = _own(table)
        for seat, info in enumerate(table.record.seats):
            if info["kind"] == "bot" and seat not in table.players:
                table.players[seat] = make_bot(
                    info["bot"], seed=self.service._bot_seed(table), game="sausage"
                )

    async def start(self, table: LiveTable) -> None:
        """Make the match and deal its first deal (the match is ``playing`` from then on)."""
        table = _own(table)
        if table.sausage is not None:
            raise ProtocolError(N_("the match has already started"), "already_started")
        seeds = self.service._seeds
        table.sausage = new_sausage(table.record, None if seeds is None else table.rng.randrange(2**63))
        try:
            await self.deal(table, status="playing")
        except Exception:
            table.sausage = None
            raise
        self.service._after_change(table)

    async def deal(self, table: LiveTable, **fields: Any) -> None:
        """Shuffle the queues, draw the starter (a lot for the first deal; the rules name it later),
        store the deal, then play its forced turns."""
        table = _own(table)
        match = table.sausage
        assert match is not None
        queues = deal_queues(table.rng)
        starter = match.next_starter
        if starter is None:
            starter = table.rng.randrange(2)
        data = {"queues": [[str(t) for t in q] for q in queues], "starter": starter}
        probe = match.copy(stack=False)  # the forced turns may end the deal at once
        probe.start_deal(queues, starter=starter)
        fields.update(self._end_fields(probe))
        try:
            await self.service.append_event(table.id, table.seq, "hand", data, **fields)
        except Exception:
            raise ProtocolError(N_("the deal could not be stored; try again"), "storage") from None
        match.start_deal(queues, starter=starter)
        table.seq += 1
        table.ready.clear()
        self._stored(table, fields)

    @staticmethod
    def _end_fields(match: SausageMatch) -> dict[str, Any]:
        """What the table's record learns when a deal (or the match) ends."""
        fields: dict[str, Any] = {}
        if not match.in_deal:
            fields["scores"] = list(match.scores)
            if match.is_over:
                fields.update(status="over", winner=match.winner, finished_at=dt.datetime.now(dt.UTC))
        return fields

    @staticmethod
    def _stored(table: SausageTable, fields: dict[str, Any]) -> None:
        if "status" in fields:
            table.record.status = fields["status"]
        if "winner" in fields:
            table.record.winner = fields["winner"]

    async def play(self, table: LiveTable, conn: Connection, intent: PlayIntent) -> None:
        """A person's move: checked (seat, turn, staleness, the rules), stored, carried out."""
        table = _own(table)
        if conn.seat is None:
            raise ProtocolError(N_("spectators cannot place tiles"), "forbidden")
        match = table.sausage
        if match is None:
            raise ProtocolError(N_("the match has not started yet"), "not_started")
        if not isinstance(intent.play, SausageMove):
            raise ProtocolError(
                N_("a Sausage move is the turned tile and its way, such as 4-6:top, 4-6:bottom or 4-6:cut"),
                "bad_play",
            )
        if intent.at is not None and intent.at != table.moves:
            raise ProtocolError(
                N_("that play was meant for move {at}, but the match is at move {now}"),
                "stale",
                at=intent.at,
                now=table.moves,
            )
        if match.turn != conn.seat:
            if match.is_over:
                raise ProtocolError(N_("the match is over"), "match_over")
            if match.turn is None:
                raise ProtocolError(N_("the hand is over: no tile can be placed now"), "hand_over")
            raise ProtocolError(
                N_("it is the turn of seat {turn}, not yours (seat {seat})"),
                "not_your_turn",
                turn=match.turn,
                seat=conn.seat,
            )
        await self.apply(table, conn.seat, intent.play)

    async def apply(
        self, table: SausageTable, seat: int, move: SausageMove, *, stand_in: bool = False
    ) -> None:
        """Push ``move`` (a rules error leaves the match unchanged), store it, tell everyone
        (``stand_in``: the clock's stand-in made it, which its stored event says)."""
        match = table.sausage
        assert match is not None and match.turn == seat
        match.push(move)  # raises a SevenRocksError naming the rule, and changes nothing, if illegal
        fields = self._end_fields(match)
        data: dict[str, Any] = {"seat": seat, "play": str(move)}
        if stand_in:
            data["stand_in"] = True
        try:
            await self.service.append_event(table.id, table.seq, "play", data, **fields)
        except Exception:
            match.pop()
            raise ProtocolError(
                N_("the play could not be stored; nothing changed, try again"), "storage"
            ) from None
        table.seq += 1
        table.moves += 1
        self._stored(table, fields)
        self.service._after_change(table)
        self.service._forget_if_idle(table)
        if match.turn is None:
            await self.service._maybe_next_hand(table)

    async def hundred(self, table: LiveTable, conn: Connection, declare: bool) -> None:
        """Sausage has no hundred to declare."""
        raise ProtocolError(N_("you may not declare a hundred now"), "no_hundred")

    def waiting(self, table: LiveTable) -> bool:
        """True when a deal has ended and the match goes on: the next deal waits for the people."""
        match = _own(table).sausage
        return match is not None and match.deal_number >= 0 and not match.in_deal and not match.is_over

    def bot_work(self, table: LiveTable) -> bool:
        """True when a bot has a move to make, or the bots' table should deal."""
        table = _own(table)
        match = table.sausage
        if match is None or match.is_over or table.closed:
            return False
        if match.turn is not None:
            return match.turn in table.players
        return self.service._people_ready(table)

    async def bot_loop(self, table: LiveTable) -> None:
        """Let the bots move (and deal, at a table of bots) while they have something to do."""
        table = _own(table)
        service = self.service
        try:
            while not service._closing and self.bot_work(table):
                if service.bot_delay:
                    await asyncio.sleep(service.bot_delay)
                match = table.sausage
                assert match is not None
                seat = match.turn
                if seat is None:
                    async with table.lock:
                        if table.closed:
                            return
                        if self.waiting(table):
                            await self.deal(table)
                            service._broadcast(table)
                    continue
                bot = table.players[seat]
                view = match.view(seat)
                moves = table.moves
                try:
                    move = await asyncio.to_thread(bot.choose, view)
                except Exception:
                    log.exception("a Sausage bot of table %s failed; it plays its first legal way", table.id)
                    move = view.legal_moves[0]
                if move not in view.legal_moves:
                    log.error("a Sausage bot of table %s chose %s, which is not legal", table.id, move)
                    move = view.legal_moves[0]
                async with table.lock:
                    if table.closed:
                        return
                    if table.moves != moves or match.turn != seat or seat not in table.players:
                        continue
                    await self.apply(table, seat, move)
                    if not service.bot_delay:
                        await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of table %s stopped", table.id)

    def clock_turn(self, table: LiveTable) -> tuple[int, int, int] | None:
        """The person's seat that must move, with the deal's number and the match's moves."""
        table = _own(table)
        match = table.sausage
        if match is None or match.is_over or not match.in_deal or match.turn is None or table.closed:
            return None
        seat = match.turn
        if seat in table.players or not table.human(seat):
            return None
        return match.deal_number, table.moves, seat

    def stand_in_bot(self, table: LiveTable, level: str) -> Any:
        """A Sausage bot of ``level``."""
        return make_bot(level, seed=self.service._bot_seed(table), game="sausage")

    async def stand_in(self, table: LiveTable, seat: int, bot: Any, marks: set[tuple[int, int]]) -> bool:
        """The stand-in moves for ``seat``."""
        table = _own(table)
        match = table.sausage
        if match is None or self.clock_turn(table) is None or match.turn != seat:
            return False
        view = match.view(seat)
        moves, legal = table.moves, view.legal_moves
        move = await stand_in_choice(bot, view, legal, table.id)
        async with table.lock:
            if table.closed or table.sausage is not match or table.moves != moves or match.turn != seat:
                return False
            if self.clock_turn(table) is None:
                return False
            mark = (match.deal_number, sum(1 for turn in match.turns if turn.is_move))
            marks.add(mark)  # before the move: the state it sends says so
            try:
                await self.apply(table, seat, move, stand_in=True)
            except BaseException:
                marks.discard(mark)
                raise
        return True

    def state(
        self, table: LiveTable, seat: int | None, lang: str, boards: tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (see :func:`state_json`; Sausage draws no layout
        on boards: ``boards`` is not used)."""
        return state_json(_own(table), seat, lang)

    def boards(self, table: LiveTable, conn: Connection) -> tuple[str, ...] | None:
        """Sausage draws no layout on boards: ``None``."""
        return None

    def finished(self, table: LiveTable) -> bool:
        """True if the table holds a finished match to replay."""
        return table.record.status == "over" and _own(table).sausage is not None

    def replay_summary(self, table: LiveTable, lang: str) -> dict[str, Any]:
        """The finished match, deal by deal, for the replay viewer."""
        match = _own(table).sausage
        assert match is not None
        return sausage_summary(table.record, match, lang)

    def replay_position(self, table: LiveTable, hand: int, step: int, lang: str) -> dict[str, Any]:
        """Deal ``hand`` after ``step`` moves (:class:`~sevenrocks.web.replays.PositionError` if none)."""
        match = _own(table).sausage
        assert match is not None
        return sausage_position(table.record, match, hand, step, lang)

    def replay_record(self, table: LiveTable) -> dict[str, Any]:
        """The finished match's Sausage record."""
        match = _own(table).sausage
        assert match is not None
        return sausage_record(table.record, match)


def _own(table: LiveTable) -> SausageTable:
    """``table`` as the Sausage table it is (the service hands :class:`SausagePlay` no other)."""
    if not isinstance(table, SausageTable):
        raise TypeError(f"table {table.id} plays {table.record.game}, not Sausage")
    return table
