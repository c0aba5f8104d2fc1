"""The layout engine's tables (every game but Sausage): dealing, placements, Sea Goat's hundred,
bots and each seat's state, for :class:`~sevenrocks.web.service.TableService`.

:class:`LayoutPlay` is the :class:`~sevenrocks.web.play.TablePlay` of a
:class:`~sevenrocks.web.table.LiveTable` whose match is a :class:`~sevenrocks.core.match.Match`:
every intent is checked by the engine, every deal, declaration and placement is stored before anyone
hears of it, and each connection gets the view of its own seat.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from sevenrocks.bots import make_bot
from sevenrocks.bots.base import declares_hundred
from sevenrocks.core.deal import deal, is_goat_misdeal
from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.core.match import Phase
from sevenrocks.core.notation import Move, Play
from sevenrocks.core.sausage import SausageMove
from sevenrocks.core.tiles import TILES, tiles_of_mask
from sevenrocks.i18n import N_
from sevenrocks.web.connection import Connection
from sevenrocks.web.names import shown_names, shown_seats
from sevenrocks.web.play import stand_in_choice
from sevenrocks.web.protocol import (
    PLACED_FIELDS,
    PlayIntent,
    ProtocolError,
    json_text,
    public_json,
    seat_json,
    view_json,
)
from sevenrocks.web.render import Drawing, Drawn
from sevenrocks.web.replays import match_record, match_summary, player_names, position
from sevenrocks.web.storage import EventRecord, TableRecord
from sevenrocks.web.table import LiveTable, moves_of, new_match, rebuild_match

if TYPE_CHECKING:
    from sevenrocks.core.view import SeatView
    from sevenrocks.web.service import TableService

__all__ = ["LayoutPlay", "PlacedMessages"]

log = logging.getLogger("sevenrocks.web")


class LayoutPlay:
    """What a table of the layout engine does with its :class:`~sevenrocks.core.match.Match`."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    def new_table(self, record: TableRecord) -> LiveTable:
        """A new table, its match not started."""
        return LiveTable(record, None, 0)

    def load(self, record: TableRecord, events: list[EventRecord]) -> LiveTable:
        """The table rebuilt from its stored events (raises if they contradict the rules)."""
        match, seq = rebuild_match(record, events)
        return LiveTable(record, match, seq, moves=moves_of(match))

    def make_bots(self, table: LiveTable) -> None:
        """A bot for every bot's seat that has none yet."""
        game = None if table.record.game == DEFAULT_GAME else table.record.game
        for seat, info in enumerate(table.record.seats):
            if info["kind"] == "bot" and seat not in table.bots:
                table.bots[seat] = make_bot(info["bot"], seed=self.service._bot_seed(table), game=game)

    def waiting(self, table: LiveTable) -> bool:
        """True when a hand has ended and the match goes on: the next hand waits for the people."""
        return table.match is not None and table.match.phase is Phase.WAITING

    def finished(self, table: LiveTable) -> bool:
        """True if the table holds a finished match to replay."""
        return table.record.status == "over" and table.match is not None

    def replay_summary(self, table: LiveTable, lang: str) -> dict[str, Any]:
        """The finished match, hand by hand, for the replay viewer."""
        assert table.match is not None
        return match_summary(table.record, table.match, lang)

    def replay_position(self, table: LiveTable, hand: int, step: int, lang: str) -> dict[str, Any]:
        """The position after ``step`` placements of hand ``hand`` (:class:`PositionError` if none)."""
        assert table.match is not None
        names = list(player_names(table.record, fill=False, lang=lang))
        return position(table.match, hand, step, names=names, lang=lang)

    def replay_record(self, table: LiveTable) -> dict[str, Any]:
        """The finished match's record file."""
        assert table.match is not None
        return match_record(table.record, table.match)

    async def start(self, table: LiveTable) -> None:
        """Make the match and deal its first hand (the match is ``playing`` from then on)."""
        if table.match is not None:
            raise ProtocolError(N_("the match has already started"), "already_started")
        table.match = new_match(
            table.record, None if self.service._seeds is None else table.rng.randrange(2**63)
        )
        try:
            await self.deal(table, status="playing")
        except Exception:
            table.match = None
            raise
        self.service._after_change(table)

    async def deal(self, table: LiveTable, **fields: Any) -> None:
        """Shuffle, deal and store the next hand (its boneyard in draw order, its leader), then
        let a bot that may declare a Sea Goat hundred decide."""
        match = table.match
        assert match is not None
        rules = match.rules
        while True:
            hands, order = deal(rules, table.rng)
            if not (rules.goat_misdeal and is_goat_misdeal(hands)):
                break
        tiles = [tiles_of_mask(m) for m in hands]
        boneyard = [TILES[i] for i in order]
        probe = match.copy(stack=False)  # the rules (or a lot) name the leader: ask a copy
        probe.start_hand(tiles, boneyard=boneyard or None)
        data: dict[str, Any] = {
            "deal": [[str(t) for t in hand] for hand in tiles],
            "boneyard": [str(t) for t in boneyard],
            "leader": probe.leader if probe.turn is not None else None,
        }
        if match.game == DEFAULT_GAME:
            data.pop("boneyard")
        try:
            await self.service.append_event(table.id, table.seq, "hand", data, **fields)
        except Exception:
            raise ProtocolError(N_("the deal could not be stored; try again"), "storage") from None
        match.start_hand(tiles, leader=data["leader"], boneyard=boneyard or None)
        table.seq += 1
        table.ready.clear()
        table.declined.clear()
        if "status" in fields:
            table.record.status = fields["status"]
        declarer = match.hundred_declarer()
        if declarer is not None and declarer in table.bots:
            declared = False
            try:
                declared = declares_hundred(table.bots[declarer], match.view(declarer))
            except Exception:
                log.exception("a bot of table %s failed to decide on a hundred; it plays on", table.id)
            if declared:
                await self._declare(table, declarer)
            else:
                table.declined.add(declarer)

    def hundred_pending(self, table: LiveTable) -> int | None:
        """Sea Goat: the person's seat still to say whether it declares a hundred (play waits)."""
        match = table.match
        if match is None:
            return None
        seat = match.hundred_declarer()
        if seat is None or seat in table.declined or seat in table.bots:
            return None
        return seat

    async def _declare(self, table: LiveTable, seat: int) -> None:
        match = table.match
        assert match is not None
        try:
            await self.service.append_event(table.id, table.seq, "hundred", {"seat": seat})
        except Exception:
            raise ProtocolError(N_("the declaration could not be stored; try again"), "storage") from None
        match.declare_hundred()
        table.seq += 1

    async def hundred(self, table: LiveTable, conn: Connection, declare: bool) -> None:
        """Sea Goat: the seat that may declare a hundred answers."""
        match = table.match
        if conn.seat is None or match is None or self.hundred_pending(table) != conn.seat:
            raise ProtocolError(N_("you may not declare a hundred now"), "no_hundred")
        if declare:
            await self._declare(table, conn.seat)
        else:
            table.declined.add(conn.seat)
        self.service._after_change(table)

    async def play(self, table: LiveTable, conn: Connection, intent: PlayIntent) -> None:
        """A person's placement: checked (seat, turn, staleness, the rules), stored, carried out."""
        if conn.seat is None:
            raise ProtocolError(N_("spectators cannot place tiles"), "forbidden")
        match = table.match
        if match is None:
            raise ProtocolError(N_("the match has not started yet"), "not_started")
        if isinstance(intent.play, SausageMove):
            raise ProtocolError(
                N_("{play} is a Sausage move: this table plays {game}"),
                "bad_play",
                play=str(intent.play),
                game=table.record.game,
            )
        if intent.at is not None and intent.at != table.moves:
            raise ProtocolError(
                N_("that play was meant for move {at}, but the match is at move {now}"),
                "stale",
                at=intent.at,
                now=table.moves,
            )
        pending = self.hundred_pending(table)
        if pending is not None and pending != conn.seat:
            raise ProtocolError(
                N_("seat {seat} may declare a hundred: wait for its answer"), "hundred_pending", seat=pending
            )
        if match.turn != conn.seat:
            if match.phase is Phase.OVER:
                raise ProtocolError(N_("the match is over"), "match_over")
            if match.turn is None:
                raise ProtocolError(N_("the hand is over: no tile can be placed now"), "hand_over")
            raise ProtocolError(
                N_("it is the turn of seat {turn}, not yours (seat {seat})"),
                "not_your_turn",
                turn=match.turn,
                seat=conn.seat,
            )
        if pending == conn.seat:
            table.declined.add(conn.seat)  # a lead without declaring: it plays on as dealt
        await self._apply(table, conn.seat, intent.play)

    async def _apply(self, table: LiveTable, seat: int, play: Move, *, stand_in: bool = False) -> None:
        match = table.match
        assert match is not None and match.turn == seat
        since = len(match.events)  # the hand's events before this placement
        match.push(play)  # raises a SevenRocksError and changes nothing if illegal
        fields: dict[str, Any] = {}
        if match.turn is None:
            fields["scores"] = list(match.scores)
            if match.is_over:
                fields.update(status="over", winner=match.winner, finished_at=dt.datetime.now(dt.UTC))
        data: dict[str, Any] = {"seat": seat, "play": str(play)}
        if stand_in:
            data["stand_in"] = True  # made by the clock's stand-in (sevenrocks.web.clocks)
        try:
            await self.service.append_event(table.id, table.seq, "play", data, **fields)
        except Exception:
            match.pop()
            raise ProtocolError(
                N_("the play could not be stored; nothing changed, try again"), "storage"
            ) from None
        table.seq += 1
        table.moves += 1
        if "status" in fields:
            table.record.status = fields["status"]
            table.record.winner = match.winner
        if match.turn is not None and self.hundred_pending(table) is None:
            # the hand goes on: tell what changed, not the whole state
            self.service.announce_drawn(table, self.placed(table, since).text)
            self.service._kick(table)
        else:
            self.service._after_change(table)
        self.service._forget_if_idle(table)
        if match.turn is None:
            await self.service._maybe_next_hand(table)

    def bot_work(self, table: LiveTable) -> bool:
        """True when a bot has a placement to make, or the bots' table should deal."""
        match = table.match
        if match is None or match.is_over or table.closed:
            return False
        if match.turn is not None:
            return match.turn in table.bots and self.hundred_pending(table) is None
        return self.service._people_ready(table)

    async def bot_loop(self, table: LiveTable) -> None:
        """Let the bots place (and deal, at a table of bots) while they have something to do."""
        try:
            while not self.service._closing and self.bot_work(table):
                if self.service.bot_delay:
                    await asyncio.sleep(self.service.bot_delay)
                match = table.match
                assert match is not None
                seat = match.turn
                if seat is None:
                    async with table.lock:
                        if table.closed:
                            return
                        if table.match is not None and table.match.phase is Phase.WAITING:
                            await self.deal(table)
                            self.service._broadcast(table)
                    continue
                bot = table.bots[seat]
                view = match.view(seat)
                moves = table.moves
                legal = view.moves
                try:
                    play = await asyncio.to_thread(bot.choose, view)
                except Exception:
                    log.exception(
                        "bot %s of table %s failed; it plays its first legal placement", bot.name, table.id
                    )
                    play = legal[0]
                if play not in legal:
                    log.error(
                        "bot %s of table %s chose %s, which is not legal; it plays %s instead",
                        bot.name,
                        table.id,
                        play,
                        legal[0],
                    )
                    play = legal[0]
                async with table.lock:
                    if table.closed:
                        return
                    if table.moves != moves or match.turn != seat or seat not in table.bots:
                        continue
                    await self._apply(table, seat, play)
                    if not self.service.bot_delay:
                        await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of table %s stopped", table.id)

    # ------------------------------------------------------------------ clocks
    def clock_turn(self, table: LiveTable) -> tuple[int, int, int] | None:
        """The person's seat that must place (or answer on a Sea Goat hundred), with the hand's
        number and the match's moves; ``None`` if no person must act now."""
        match = table.match
        if match is None or match.is_over or match.turn is None or table.closed:
            return None
        seat = self.hundred_pending(table)
        if seat is None:
            seat = match.turn
        if seat in table.bots or not table.human(seat):
            return None
        return match.hand_number, table.moves, seat

    def stand_in_bot(self, table: LiveTable, level: str) -> Any:
        """A bot of ``level`` for the table's game."""
        game = None if table.record.game == DEFAULT_GAME else table.record.game
        return make_bot(level, seed=self.service._bot_seed(table), game=game)

    async def stand_in(self, table: LiveTable, seat: int, bot: Any, marks: set[tuple[int, int]]) -> bool:
        """The stand-in places for ``seat``, or first answers for it on a Sea Goat hundred it may
        declare (as the stand-in's bot decides; its lead is then a move of its own)."""
        match = table.match
        if match is None or self.clock_turn(table) is None:
            return False
        if self.hundred_pending(table) == seat:
            declared = False
            try:
                declared = declares_hundred(bot, match.view(seat))
            except Exception:
                log.exception("the stand-in of table %s failed to decide on a hundred; it plays on", table.id)
            async with table.lock:
                if table.closed or table.match is not match or self.hundred_pending(table) != seat:
                    return False
                if declared:
                    await self._declare(table, seat)
                else:
                    table.declined.add(seat)
                self.service._after_change(table)
            return True
        if match.turn != seat:
            return False
        view = match.view(seat)
        moves, legal = table.moves, view.moves
        play = await stand_in_choice(bot, view, legal, table.id)
        async with table.lock:
            if table.closed or table.match is not match or table.moves != moves or match.turn != seat:
                return False
            if (
                seat in table.bots
                or self.clock_turn(table) is None
                or self.hundred_pending(table) is not None
            ):
                return False
            mark = (match.hand_number, len(match.placements))
            marks.add(mark)  # before the placement: the messages it sends say so
            try:
                await self._apply(table, seat, play, stand_in=True)
            except BaseException:
                marks.discard(mark)
                raise
        return True

    def boards(self, table: LiveTable, conn: Connection) -> tuple[str, ...] | None:
        """The boards the layout is drawn on for ``conn`` now: the one its page named, or the
        one that shows the tiles biggest in its page's board area (drawing only the boards that
        may, :meth:`~sevenrocks.web.render.Drawing.choose`); ``None`` (every board) when its
        page said neither or no hand is dealt."""
        if conn.board is not None:
            return (conn.board,)
        match = table.match
        if conn.area is None or match is None or match.hand_number < 0:
            return None
        drawn = _drawn(table)
        assert table.drawing is not None
        return (table.drawing.choose(drawn, match.layout, conn.area),)

    def ghost_boards(self, table: LiveTable, seat: int | None) -> set[str] | None:
        """The boards the layout is drawn on for the connections of ``seat`` whose pages draw
        ghost tiles (:attr:`~sevenrocks.web.connection.Connection.ghosts`), for its moves'
        ghosts: ``None`` (every board) when one of them is drawn on every board; empty when
        none of them draws ghosts (none are worked out)."""
        found: set[str] = set()
        for conn in table.connections:
            if conn.seat == seat and conn.ghosts:
                boards = self.boards(table, conn)
                if boards is None:
                    return None
                found.update(boards)
        return found

    def state(
        self, table: LiveTable, seat: int | None, lang: str, boards: tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for one seat (or a spectator, ``seat`` None), its texts in
        ``lang``, its layout drawn on ``boards`` (``None``: every board)."""
        match = table.match
        base: dict[str, Any] = {"type": "state", **table.summary()}
        base["seats"] = shown_seats(base["seats"], lang)
        if match is None or match.hand_number < 0:
            rules = new_match(table.record).rules
            base.update(
                seat=seat,
                hand=None,
                legal=[],
                layout=None,
                events=[],
                tile_counts=[0] * rules.seats,
                target=rules.ending.target,
                leader=None,
                turn=None,
                results=[],
                hand_over=False,
                move=table.moves,
                phase="open",
                seats_count=rules.seats,
                sides=rules.sides,
                side_of=[rules.side_of(s) for s in range(rules.seats)],
                partnerships=rules.partnerships,
                boneyard=0,
                draws=[0] * rules.seats,
                hundred_pending=None,
            )
            return base
        view = match.view(seat if seat is not None else 0)
        drawn = _drawn(table)
        assert table.drawing is not None
        svg = table.drawing.svg(drawn, boards, match.layout)
        names = shown_names(table.record.seats, lang)
        hundreds = tuple(log.hundred for log in match.history)
        base.update(
            view_json(
                view,
                private=seat is not None,
                svg=svg,
                move=table.moves,
                lang=lang,
                names=names,
                hundreds=hundreds,
                said=table.event_words(match.hand_number, names),
                sheet=table.result_words(names),
            )
        )
        base["layout"]["board"] = _board_name(boards)
        _add_ghosts(table, view, base["legal"], self.ghost_boards(table, seat))
        base["phase"] = match.phase.value
        pending = self.hundred_pending(table)
        base["hundred_pending"] = pending
        if pending != seat:
            base["may_declare_hundred"] = False
        return base

    def placed(self, table: LiveTable, since: int) -> PlacedMessages:
        """The ``placed`` messages of the position after a placement in the middle of a hand (the
        hand's events from number ``since`` on are new): built once for every seat and spectator."""
        return PlacedMessages(self, table, since)


class PlacedMessages:
    """The ``placed`` messages of one position: the fields of a ``state`` a placement changes
    (:data:`~sevenrocks.web.protocol.PLACED_FIELDS`) and the hand's new events, as each seat's
    ``state`` would hold them. What every seat and spectator gets alike (the layout and its
    patch, scores, counts, whose turn, the score sheet, the clock) is serialized once for all;
    each seat's (and the spectators') own part — its tiles and moves with their ghosts, the
    events as it may know them, the texts seen from it — is built from its own
    :class:`~sevenrocks.core.view.SeatView`, so it holds only what that seat may know. The
    layout carries ``svg_patch`` (and ``svg_length``), what makes its SVG from the one of the
    position before (:func:`~sevenrocks.web.render.svg_patch`), or the whole ``svg`` when the
    position before was not drawn."""

    def __init__(self, play: LayoutPlay, table: LiveTable, since: int) -> None:
        match = table.match
        assert match is not None
        self.play = play
        self.table = table
        self.since = since
        #: the seats' names as shown in each language asked for (a default name translated)
        self.names: dict[str, list[str]] = {}
        self.drawn = _drawn(table)
        match.layout.placed_on()  # built once for the position: the seats' views' copies share it
        #: each seat's view of the position, made once (the public part and spectators: seat 0's)
        self.views = {0: match.view(0)}
        self.public = public_json(self.views[0], svg="", move=table.moves)
        self.pending = play.hundred_pending(table)
        #: the part every seat and spectator shown the same boards gets, as JSON (without its
        #: braces), by the boards and whether the whole drawing is sent
        self.commons: dict[tuple[tuple[str, ...] | None, bool], str] = {}

    def common(self, boards: tuple[str, ...] | None, whole: bool) -> str:
        """The part of the message every seat and spectator gets whose layout is drawn on
        ``boards`` (``None``: every board), as JSON without its braces: the drawing's patch from
        the position before, or the whole drawing when ``whole`` (the boards it was shown
        before are others) or when the position before was not drawn on them."""
        key = (boards, whole)
        text = self.commons.get(key)
        if text is not None:
            return text
        table, match = self.table, self.table.match
        assert match is not None and table.drawing is not None
        drawing = table.drawing
        layout = dict(self.public["layout"])
        layout["board"] = _board_name(boards)
        svg = drawing.svg(self.drawn, boards, match.layout)  # drawn on the boards now if not yet
        patch = None if whole else drawing.patch(self.drawn, boards)
        if patch is None:
            layout["svg"] = svg
        else:
            del layout["svg"]
            layout["svg_patch"] = patch
            layout["svg_length"] = len(svg)
        common: dict[str, Any] = {"type": "placed", "table": table.id, "events_from": self.since}
        common.update((name, self.public[name]) for name in PLACED_FIELDS if name in self.public)
        common["layout"] = layout
        common["phase"] = match.phase.value
        common["winner"] = match.winner
        common["hundred_pending"] = self.pending
        self.play.service.clocks.annotate(table, common)
        text = self.commons[key] = json_text(common)[1:-1]
        return text

    def personal(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The fields of ``seat``'s (``None``: a spectator's) message that are its own."""
        table = self.table
        match = table.match
        assert match is not None
        looks = seat if seat is not None else 0
        view = self.views.get(looks)
        if view is None:
            view = self.views[looks] = match.view(looks)
        names = self.names.get(lang)
        if names is None:
            names = self.names[lang] = shown_names(table.record.seats, lang)
        said = table.event_words(match.hand_number, names)
        private = seat is not None
        body = seat_json(view, private=private, lang=lang, names=names, since=self.since, said=said)
        _add_ghosts(table, view, body["legal"], self.play.ghost_boards(table, seat))
        out: dict[str, Any] = {name: body[name] for name in PLACED_FIELDS if name in body}
        if self.pending != seat:
            out["may_declare_hundred"] = False
        return out

    def text(
        self, seat: int | None, lang: str, boards: tuple[str, ...] | None = None, whole: bool = False
    ) -> str:
        """``seat``'s message (``None``: a spectator's) as the JSON text sent to it, its layout
        drawn on ``boards`` (``None``: every board), the whole drawing when ``whole``."""
        return "{" + json_text(self.personal(seat, lang))[1:-1] + "," + self.common(boards, whole) + "}"


def _drawn(table: LiveTable) -> Drawn:
    """The table's current position for its drawing (each board drawn once, when first asked)."""
    match = table.match
    assert match is not None
    if table.drawing is None:
        table.drawing = Drawing(match.game)
    key = (match.hand_number, table.moves)
    current = table.drawing.current
    if current is not None and current.key == key:  # asked for again at the same position
        return current
    placements = match.placements
    last = placements[-1].play if placements else None
    return table.drawing.draw(key, match.layout, last, boards=())


def _board_name(boards: tuple[str, ...] | None) -> str | None:
    """The one board a drawing is on, or ``None`` for a drawing on every board."""
    return boards[0] if boards is not None and len(boards) == 1 else None


def _add_ghosts(
    table: LiveTable, view: SeatView, legal: list[dict[str, Any]], boards: Collection[str] | None
) -> None:
    """Give each legal placement of one tile in ``legal`` (the seat's moves as JSON) its
    ``ghost``: where its tile would lie on each of ``boards`` (``None``: every board; empty:
    none, nothing is worked out) of the drawing, worked out once a position for all seats
    (:meth:`~sevenrocks.web.render.Drawing.ghosts`)."""
    match = table.match
    if match is None or not legal or (boards is not None and not boards):
        return
    drawn = _drawn(table)
    assert table.drawing is not None
    plays = [move for move in view.moves if isinstance(move, Play)]
    known = table.drawing.ghosts(drawn, match.layout, plays, boards)
    for entry in legal:
        boxes = known.get(entry["play"])
        if boxes and not entry.get("several"):
            entry["ghost"] = boxes
