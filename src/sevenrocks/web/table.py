"""A table in memory: its stored record, its match, the connected browsers, and who holds each seat.

A person's seat (``kind`` ``human``) is held by secrets kept in the seat's record:

* ``token``: the invitation in the seat's link. It grants the seat only while nobody has claimed
  it; the creator may replace it (re-invite) until then.
* ``session``: the SHA-256 of the secret given to the browser that claimed the seat (the first to
  open the link). From then on only that browser holds the seat: the link alone is refused.

The creator's ``admin`` secret gives the rights to start the match, re-invite unclaimed seats and
seat bots, never a seat: the creator plays only the seat their own browser claimed.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from sevenrocks.bots import Bot
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, Engine
from sevenrocks.core.match import Match
from sevenrocks.core.notation import parse_move
from sevenrocks.core.tiles import Tile
from sevenrocks.web.connection import Connection
from sevenrocks.web.keys import is_secret, same_secret, session_hash
from sevenrocks.web.protocol import EventWords, ResultWords
from sevenrocks.web.render import Drawing
from sevenrocks.web.storage import EventRecord, TableRecord

__all__ = ["LiveTable", "moves_of", "new_match", "rebuild_match", "start_stored_hand"]


#: The score sheets in words a table keeps (one for each way its seats' names are shown).
_SHEETS: Final = 8


@dataclass
class LiveTable:
    """A table in memory: its stored record, its match, connections and readiness."""

    #: the engine of the table's game (which :class:`~sevenrocks.web.play.TablePlay` runs it)
    engine: ClassVar[Engine] = Engine.LAYOUT
    record: TableRecord
    match: Match | None
    seq: int
    connections: list[Connection] = field(default_factory=list)
    ready: set[int] = field(default_factory=set)
    #: Sea Goat: the seats that chose not to declare a hundred in the hand being played
    declined: set[int] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    moves: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    #: the drawn Sausage table of the latest position, drawn once for every seat
    drawn: tuple[tuple[int | str, ...], str] | None = None
    #: the drawn layout, position after position, with the latest position's ghost tiles
    #: (:class:`sevenrocks.web.render.Drawing`; made when first drawn)
    drawing: Drawing | None = None
    #: True once the table was closed for idleness (its connections are being sent away)
    closed: bool = False
    #: whether the table is rated, once asked of the accounts' store (``None``: not yet)
    rated: bool | None = None
    #: the events of the hand being played in words, kept from position to position (a whole
    #: state tells every event of the hand): by hand number and the seats' names as shown
    _said: dict[tuple[int, tuple[str, ...]], EventWords] = field(default_factory=dict)
    #: the score sheet's lines in words, kept from state to state, by the seats' names as shown
    _sheet: dict[tuple[str, ...], ResultWords] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The table's id (part of its links)."""
        return self.record.id

    # ------------------------------------------------------------------ seats
    def human(self, seat: int) -> bool:
        """True if a person (not a bot) sits in ``seat``."""
        return bool(self.record.seats[seat]["kind"] == "human")

    def claimed(self, seat: int) -> bool:
        """True once a browser has claimed the person's ``seat``."""
        return self.human(seat) and bool(self.record.seats[seat].get("session"))

    def seat_of_token(self, token: str | None) -> int | None:
        """The person's seat whose invitation is ``token`` (claimed or not), or ``None``."""
        for seat, info in enumerate(self.record.seats):
            if info["kind"] == "human" and same_secret(token, info.get("token")):
                return seat
        return None

    def seat_of_session(self, session: str | None) -> int | None:
        """The seat claimed by the browser whose session secret is ``session``, or ``None``."""
        if not is_secret(session):
            return None
        assert session is not None
        digest = session_hash(session)
        for seat, info in enumerate(self.record.seats):
            known = info.get("session")
            if info["kind"] == "human" and known and secrets.compare_digest(digest, str(known)):
                return seat
        return None

    def is_admin(self, token: str | None) -> bool:
        """True if ``token`` is the creator's secret."""
        return same_secret(token, self.record.admin_token)

    def connected(self, seat: int) -> bool:
        """True while a browser holds ``seat``."""
        return any(c.seat == seat for c in self.connections)

    def event_words(self, hand: int, names: Sequence[str]) -> EventWords:
        """The events of hand ``hand`` said in words so far, by seats named ``names``
        (:func:`~sevenrocks.web.protocol.seat_json`'s ``said``): an event's words do not change
        once it is made, so each is said once a language, for the seat that made it and the
        others; the words of earlier hands are forgotten."""
        key = (hand, tuple(names))
        words = self._said.get(key)
        if words is None:
            if any(known != hand for known, _names in self._said):
                self._said.clear()
            words = self._said[key] = {}
        return words

    def result_words(self, names: Sequence[str]) -> ResultWords:
        """The settled hands' lines of the score sheet said in words so far, by seats named
        ``names`` (:func:`~sevenrocks.web.protocol.seat_json`'s ``sheet``): a settled hand's
        line does not change, so each is said once for each seat and language (the names as
        each language shows them kept side by side, a few at most)."""
        key = tuple(names)
        lines = self._sheet.get(key)
        if lines is None:
            if len(self._sheet) >= _SHEETS:
                self._sheet.clear()
            lines = self._sheet[key] = {}
        return lines

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where, without the secrets: ``claimed`` says a browser holds a person's seat."""
        return [
            {
                "seat": seat,
                "kind": info["kind"],
                "name": info["name"],
                "bot": info.get("bot"),
                "connected": info["kind"] == "bot" or self.connected(seat),
                "claimed": self.claimed(seat),
                "ready": seat in self.ready,
            }
            for seat, info in enumerate(self.record.seats)
        ]

    def quick_plan(self) -> dict[str, Any] | None:
        """A waiting quick match's ``bot`` level and ``seconds_left`` (:mod:`~sevenrocks.web.quick_match`)."""
        return _quick_plan(self.record.quick, self.record.status)

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for lists and the table page)."""
        match = self.match
        return {
            "table": self.id,
            "status": self.record.status,
            "target": self.record.target,
            "seats": self.public_seats(),
            "game": self.record.game,
            "options": dict(self.record.options),
            "practice": self.record.practice,
            "public": self.record.public,
            "quick": self.quick_plan(),
            "scores": list(match.scores) if match else [0] * new_match(self.record).rules.sides,
            "hand_number": match.hand_number if match else -1,
            "winner": match.winner if match else None,
            "created_at": _iso(self.record.created_at),
        }


def _quick_plan(quick: dict[str, Any] | None, status: str) -> dict[str, Any] | None:
    """What a page shows of a waiting quick match: the bot level that fills the empty seats and
    the seconds left before it does (``None`` for other tables and once the match started)."""
    if quick is None or status != "open":
        return None
    fill_at = dt.datetime.fromisoformat(str(quick["fill_at"]))
    left = max(0.0, (fill_at - dt.datetime.now(dt.UTC)).total_seconds())
    return {"bot": quick.get("bot"), "seconds_left": round(left, 1)}


def _iso(when: dt.datetime | None) -> str | None:
    return None if when is None else when.isoformat()


def new_match(record: TableRecord, seed: int | None = None) -> Match:
    """A match of the table's game, options and number of seats, before its first deal.

    Seven Rocks tables (those stored before the family too) keep their own target; every deal and
    leader of the web game is stored, so the match's generator (seeded by ``seed``, else
    unpredictably) only draws lots that are then stored.
    """
    rng = random.Random(secrets.randbits(64) if seed is None else seed)
    seats = len(record.seats)
    if record.game == DEFAULT_GAME:
        return Match(target=record.target, rng=rng)
    return Match(record.game, options=record.options, seats=seats, rng=rng)


def start_stored_hand(match: Match, data: dict[str, Any]) -> None:
    """Deal a stored hand (``deal``, ``boneyard``, ``leader``; ``None`` leader: a void deal or the
    rules name it)."""
    deal = [[Tile.parse(t) for t in hand] for hand in data["deal"]]
    boneyard = [Tile.parse(t) for t in data.get("boneyard") or ()]
    leader = data.get("leader")
    match.start_hand(
        deal,
        leader=None if leader is None else int(leader),
        boneyard=boneyard or None,
    )


def rebuild_match(record: TableRecord, events: list[EventRecord]) -> tuple[Match | None, int]:
    """Replay a table's stored deals, hundred declarations and moves; return the match (``None``
    if not started) and the number of stored events. Raises :class:`SevenRocksError` if the
    events contradict the rules.
    """
    match: Match | None = None
    for event in events:
        if event.kind == "hand":
            if match is None:
                match = new_match(record)
            start_stored_hand(match, event.data)
        elif event.kind in ("play", "hundred"):
            if match is None:
                raise SevenRocksError(f"table {record.id}: a move is stored before any deal")
            if event.kind == "hundred":
                match.declare_hundred()
            else:
                match.push(parse_move(event.data["play"]))
    return match, len(events)


def moves_of(match: Match | None) -> int:
    """Placements of the whole match so far."""
    if match is None:
        return 0
    return sum(len(log.placements) for log in match.history)
