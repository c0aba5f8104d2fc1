"""Match reviews and practice hints in the browser (``docs/analysis.md``, ``docs/web.md``).

:class:`Reviews` runs :func:`~sevenrocks.analysis.review.analyse_record` on finished matches in the
background, at most ``SEVENROCKS_REVIEW_WORKERS`` at once (the others wait their turn), each
placement searched ``SEVENROCKS_REVIEW_THINK`` seconds, and stores each finished review in the
database, where anyone who opens the match's replay later finds it. A review being made (or waiting)
is only in memory: its progress is polled with ``GET /api/matches/{id}/review``; asking again for a
review that is waiting, running or done starts nothing.

The analysis runs in threads of the server's process. The compiled search holds the interpreter
lock for one chunk of deals at a time (about 20 ms), so the server goes on answering between
chunks; the number of workers bounds the CPU the reviews take.

:meth:`Reviews.hint` answers a player's hint at a practice table: the seat's placements ranked by
a short search of the seat's own view (never the hidden hands), and an event ``hint`` stored with
the table's events, so that the placement that follows is marked ``hinted`` in the match's record.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from sevenrocks import svg
from sevenrocks.bots.registry import UnsupportedGameError
from sevenrocks.bots.search import check_game
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.match import Match
from sevenrocks.core.notation import parse_move
from sevenrocks.core.record import LEAD_DECLARED, MatchRecord
from sevenrocks.i18n import N_
from sevenrocks.moves_words import describe_choice
from sevenrocks.web.protocol import ProtocolError
from sevenrocks.web.replays import player_names
from sevenrocks.web.storage import EventRecord, ReviewRecord
from sevenrocks.web.table import LiveTable

if TYPE_CHECKING:
    from sevenrocks.web.service import TableService

__all__ = ["HINTED", "Reviews", "ghost_layout", "hinted_placements"]

log = logging.getLogger("sevenrocks.web")

#: The comment a hinted placement carries in the match's record.
HINTED: Final = "hinted"
#: The seed of every web review (a review is the same whoever asks for it).
REVIEW_SEED: Final = 0
#: The class of a highlighted tile in :func:`sevenrocks.svg.layout` (a spinner's too).
_HIGHLIGHTED: Final = re.compile(r'class="(tile[^"]*?) highlight"')
#: Placements a hint lists.
HINT_MOVES: Final = 3
#: Tables whose latest hint is kept (asked again in the same position: answered without a search).
MAX_HINTS_KEPT: Final = 1000


class _Cancelled(Exception):
    """The server is stopping: a review in progress is dropped (it can be asked for again)."""


@dataclass
class _Job:
    """A review waiting or being made: placements ``done`` of ``total``."""

    status: str = "queued"
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """The reviews of finished matches and the hints of practice tables, for one service."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        settings = service.settings
        self.think = settings.review_think
        self.hint_think = settings.hint_think
        self._pool = ThreadPoolExecutor(
            max_workers=settings.review_workers, thread_name_prefix="sevenrocks-review"
        )
        self._jobs: dict[str, _Job] = {}
        self._stop = threading.Event()
        self._hints: dict[tuple[str, int, int, str], dict[str, Any]] = {}
        self._hinting = asyncio.Semaphore(max(settings.review_workers, 1))

    async def close(self) -> None:
        """Drop the reviews in progress and stop the workers."""
        self._stop.set()
        for job in list(self._jobs.values()):
            if job.task is not None:
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await job.task
        self._pool.shutdown(wait=True, cancel_futures=True)

    # ---------------------------------------------------------------- reviews
    @staticmethod
    def unsupported(table: LiveTable) -> str | None:
        """Why the match of ``table`` cannot be reviewed (a game the search does not play), or ``None``."""
        match = table.match
        if not isinstance(match, Match):
            return N_("Sausage matches cannot be reviewed: the search does not play Sausage")
        try:
            check_game(match.rules)
        except UnsupportedGameError:
            return N_("matches of this game cannot be reviewed: the search does not play it")
        return None

    async def state(self, table: LiveTable) -> dict[str, Any]:
        """The review of a finished match: ``status`` ``none`` (never asked for), ``queued``,
        ``running`` (with ``done`` and ``total`` placements), ``done`` (with the ``analysis``),
        ``failed`` (with the ``error``) or ``unsupported``."""
        job = self._jobs.get(table.id)
        if job is not None:
            return {"table": table.id, "status": job.status, "done": job.done, "total": job.total}
        if self.unsupported(table) is not None:
            return {"table": table.id, "status": "unsupported"}
        stored = await self.service.db(self.service.storage.review, table.id)
        if stored is None:
            return {"table": table.id, "status": "none"}
        out: dict[str, Any] = {"table": table.id, "status": stored.status, "think": stored.think}
        if stored.finished_at is not None:
            out["finished_at"] = stored.finished_at.isoformat()
        if stored.status == "done":
            out["analysis"] = stored.analysis
            count = len((stored.analysis or {}).get("placements", []))
            out.update(done=count, total=count)
        else:
            out["error"] = stored.error
        return out

    async def start(self, table: LiveTable) -> tuple[dict[str, Any], bool]:
        """Start the review of ``table``'s finished match unless one is waiting, running or done;
        the review's state and whether it was started now. Raises :class:`ProtocolError`
        (``unsupported``) for a match the search cannot review."""
        reason = self.unsupported(table)
        if reason is not None:
            raise ProtocolError(reason, "unsupported")
        current = await self.state(table)
        if current["status"] not in ("none", "failed") or table.id in self._jobs:
            return current, False
        assert isinstance(table.match, Match)
        record = MatchRecord.from_match(table.match, players=player_names(table.record))
        job = _Job()
        self._jobs[table.id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(table.id, record, job))
        return {"table": table.id, "status": job.status, "done": 0, "total": 0}, True

    async def _run(self, table_id: str, record: MatchRecord, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        think = self.think

        def progress(done: int, total: int) -> None:
            if self._stop.is_set():
                raise _Cancelled
            job.status, job.done, job.total = "running", done, total

        def work() -> dict[str, Any]:
            from sevenrocks.analysis.review import analyse_record

            job.status = "running"
            return analyse_record(record, think=think, seed=REVIEW_SEED, progress=progress).to_json()

        try:
            try:
                analysis = await loop.run_in_executor(self._pool, work)
                review = ReviewRecord(table_id, "done", think, dt.datetime.now(dt.UTC), None, analysis)
            except (asyncio.CancelledError, _Cancelled):
                return
            except SevenRocksError as err:
                review = ReviewRecord(table_id, "failed", think, dt.datetime.now(dt.UTC), str(err), None)
            except Exception as err:
                log.exception("the review of table %s failed", table_id)
                review = ReviewRecord(
                    table_id, "failed", think, dt.datetime.now(dt.UTC), type(err).__name__, None
                )
            await self.service.db(self.service.storage.save_review, review)
        finally:
            self._jobs.pop(table_id, None)

    # ----------------------------------------------------------------- hints
    async def hint(self, table: LiveTable, seat: int, lang: str = "en") -> dict[str, Any]:
        """The best placements of ``seat`` now, from its own view, at a practice table (each
        with its ``words`` in ``lang``); the hint is stored (the placement that follows is marked
        ``hinted``). Raises :class:`ProtocolError`."""
        if not table.record.practice:
            raise ProtocolError(N_("hints are given at practice tables only"), "not_practice")
        async with table.lock:
            match = table.match
            if match is not None and not isinstance(match, Match):
                raise ProtocolError(
                    N_("hints cannot be given in this game: the search does not play it"), "unsupported"
                )
            if match is None or match.turn != seat:
                raise ProtocolError(N_("a hint is given when it is your turn to place"), "not_your_turn")
            try:
                check_game(match.rules)
            except UnsupportedGameError:
                raise ProtocolError(
                    N_("hints cannot be given in this game: the search does not play it"), "unsupported"
                ) from None
            at = table.moves
            key = (table.id, seat, at, lang)
            known = self._hints.get(key)
            if known is not None:
                return known
            asked = any(k[:3] == key[:3] for k in self._hints)  # in another language: stored already
            view = match.view(seat)
            data = {"seat": seat, "at": at, "hand": match.hand_number}
            if not asked:
                try:
                    await self.service.db(
                        self.service.storage.append_event, table.id, table.seq, "hint", data
                    )
                except Exception:
                    raise ProtocolError(N_("the hint could not be stored; try again"), "storage") from None
                table.seq += 1
        async with self._hinting:
            from sevenrocks.analysis.review import rank_view

            ranked = await asyncio.to_thread(rank_view, view, seed=at, think=self.hint_think)
        moves = {str(m): m for m in view.moves}
        answer = {
            "table": table.id,
            "seat": seat,
            "move": at,
            "hints": [
                {
                    "play": e.move,
                    "words": describe_choice(moves[e.move], view.layout, view.rules, lang=lang),
                    "points": round(e.net, 1),
                    "value": round(e.value, 1),
                }
                for e in ranked[:HINT_MOVES]
            ],
        }
        self._hints = {k: v for k, v in self._hints.items() if k[0] != table.id or k[:3] == key[:3]}
        if len(self._hints) >= MAX_HINTS_KEPT:
            self._hints.clear()
        self._hints[key] = answer
        return answer


def hinted_placements(match: Match, events: list[EventRecord]) -> dict[tuple[int, int], str]:
    """The ``(hand, play)`` of each placement made after its seat asked for a hint (the stored
    ``hint`` events), with the comment :data:`HINTED`."""
    starts: list[int] = []
    count = 0
    for log_ in match.history:
        starts.append(count)
        count += len(log_.placements)
    out: dict[tuple[int, int], str] = {}
    for event in events:
        if event.kind != "hint":
            continue
        at, seat = int(event.data.get("at", -1)), int(event.data.get("seat", -1))
        for h, start in enumerate(starts):
            placements = match.history[h].placements
            if start <= at < start + len(placements):
                if placements[at - start].seat == seat:
                    out[(h, at - start)] = HINTED
                break
    return out


def ghost_layout(match: Match, hand: int, play: int, best: str, lang: str = "en") -> tuple[str, str]:
    """The layout before play ``play`` of hand ``hand`` with the move ``best`` drawn on it as a
    ghost (a translucent tile), and the move in words in ``lang``; raises :class:`ValueError` for
    a play the match does not have or a move that does not fit."""
    history = match.history
    if not 0 <= hand < len(history) or not 0 <= play < len(history[hand].placements):
        raise ValueError(f"hand {hand} has no play {play}")
    replay = Match(match.rules)
    for h in range(hand + 1):
        log_ = history[h]
        replay.start_hand(
            log_.deal,
            leader=log_.leader if log_.leader >= 0 else None,
            boneyard=log_.boneyard or None,
            hundred=log_.imposed == LEAD_DECLARED,
        )
        for placement in log_.placements if h < hand else log_.placements[:play]:
            replay.push(placement.play)
    try:
        move = parse_move(best)
        words = describe_choice(move, replay.layout, replay.rules, lang=lang)
        replay.push(move)
    except SevenRocksError as err:
        raise ValueError(str(err)) from None
    faces = svg.faces_for(match.game)
    scale = svg.CHILD_SCALE if faces == "pictures" else None
    drawn = str(svg.layout(replay.layout, highlight=(move,), faces=faces, scale=scale))
    return _HIGHLIGHTED.sub(r'class="\1 highlight ghost" opacity="0.45"', drawn), words
