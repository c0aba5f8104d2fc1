"""Sausage (Колбаса): two blind queues, a start tile with two parallel lines, cutting the sausage.

Rules it models (``shared/games/sausage.md``), with its own script and report (``shared/conformance/
README.md``, "Sausage"):

- §1, §2 two seats, each dealt a queue of 14 tiles, front first; no boneyard.
- §3 the starter: given by lot in the first deal; then the winner of the last deal, or after a blocked deal
  with no winner the seat that did not start it.
- §4.1, §4.2 the start tile lies across both lines, its low half on top; a line's end is the open half of
  its last tile (the start tile's half while it is empty); its values are the start tile's half, the
  number at every joint and its end.
- §4.3 ways to place the turned tile X: ``top``/``bottom`` (a non-double showing that line's end joins it;
  a double *n-n* goes into a line whose values include *n*, its end unchanged), ``cut`` (both lines hold a
  tile and X's halves are the two ends: every tile on the table goes to the back of the opponent's queue
  in the order laid, and X is the new start tile with the top end's number on top).
- §4.4, §5 a tile that can be placed must be, in a way the seat chooses; otherwise a non-double goes to the
  back of the seat's own queue and a double is set aside. These forced turns are never written.
- §6 out (a queue is empty: that seat wins at once) and block (each seat has sent at least its queue's
  length of tiles to the back since the table last changed; fewer pips wins, equal pips nobody).
- §8 the winner scores the other queue's pips (out), or the difference (block); §9 the first seat with 101
  (option ``target``) after a deal wins the match.

API (it differs from :class:`~tests.reference.family.match.RefGame` where the game needs it):
:class:`RefSausage` with :meth:`~RefSausage.start_hand` ``(queues, starter=None)`` (a deal),
:attr:`~RefSausage.needs_starter`, :attr:`~RefSausage.turn` (the seat whose turned tile can be placed),
:attr:`~RefSausage.turned` (that tile), :meth:`~RefSausage.legal_moves` (``TILE:WAY`` strings),
:meth:`~RefSausage.play`, :meth:`~RefSausage.queue` (a seat's queue, front first: the reference sees what
the blind players do not), :attr:`~RefSausage.scores`, :meth:`~RefSausage.hand_report`,
:meth:`~RefSausage.report`; :func:`replay_sausage` for a script.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tests.reference.family.errors import RefIllegal, where
from tests.reference.family.rules import GameRules, find_game
from tests.reference.family.tiles import FULL_SET, Tile, is_double, parse_tile, pips, tile_text

QUEUE = 14
"""``sausage.md`` §2.1: the tiles of each queue."""

WAYS = ("top", "bottom", "cut")
_MOVE = re.compile(r"([0-6]-[0-6]):(top|bottom|cut)")


@dataclass
class Line:
    """One line of the table (§4.1): its end, its values, and how many tiles it holds."""

    end: int
    values: set[int]
    tiles: int = 0


@dataclass
class Deal:
    """One deal between the start and its end (§4-§6)."""

    queues: list[deque[Tile]]
    starter: int
    table: list[Tile] = field(default_factory=list)  # every tile on the table, in the order laid
    lines: dict[str, Line] = field(default_factory=dict)
    aside: list[Tile] = field(default_factory=list)
    sent: list[int] = field(default_factory=lambda: [0, 0])  # sent to the back since the table changed
    turns: int = 0
    to_move: int = 0  # the seat whose turn comes next
    turned: Tile | None = None  # the front tile of to_move's queue, turned and placeable
    moves: list[dict[str, Any]] = field(default_factory=list)
    end: str | None = None  # "out", "blocked"
    winner: int | None = None
    pips: list[int] | None = None
    award: list[int] | None = None

    def ways(self, tile: Tile) -> list[str]:
        """§4.3: every way ``tile`` can be placed now."""
        out = []
        for name in ("top", "bottom"):
            line = self.lines[name]
            if (line.values if is_double(tile) else {line.end}) & set(tile):
                out.append(name)
        top, bottom = self.lines["top"], self.lines["bottom"]
        if top.tiles and bottom.tiles and sorted(tile) == sorted((top.end, bottom.end)):
            out.append("cut")
        return out

    def lay_start(self, tile: Tile, top: int, bottom: int) -> None:
        """§4.2 and §4.3 (cut): ``tile`` is the start tile; both lines are empty, ends ``top``, ``bottom``."""
        self.table = [tile]
        self.lines = {"top": Line(top, {top}), "bottom": Line(bottom, {bottom})}


def _read_queues(queues: Any) -> list[deque[Tile]]:
    """The two queues of a deal, front first; RefIllegal unless they hold all 28 tiles, 14 each."""
    if not isinstance(queues, list | tuple) or len(queues) != 2:
        raise RefIllegal('a sausage deal has "queues": two lists of tiles, seat 0 first')
    out = []
    for seat, queue in enumerate(queues):
        if not isinstance(queue, list | tuple) or len(queue) != QUEUE:
            raise RefIllegal(f"seat {seat}'s queue must hold {QUEUE} tiles (sausage.md §2.1)")
        out.append(deque(parse_tile(t) for t in queue))
    every = [t for queue in out for t in queue]
    if len(set(every)) != len(every):
        raise RefIllegal("a tile is dealt twice")
    if set(every) != FULL_SET:
        missing = ", ".join(tile_text(t) for t in sorted(FULL_SET - set(every)))
        raise RefIllegal(f"the queues must hold all 28 tiles; missing: {missing}")
    return out


class RefSausage:
    """One match of Sausage, stepped deal by deal (``sausage.md``); see the module's docstring."""

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.rules: GameRules = find_game("sausage", options)
        self.seats = 2
        self._scores = [0, 0]
        self.winner: int | None = None
        self.match_over = False
        self._deal: Deal | None = None
        self._records: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ state
    @property
    def scores(self) -> list[int]:
        """Per seat, the points so far (a copy)."""
        return list(self._scores)

    @property
    def turn(self) -> int | None:
        """The seat whose turned tile can be placed now, or None when no deal is running."""
        deal = self._deal
        return None if deal is None or deal.end is not None else deal.to_move

    @property
    def hand_over(self) -> bool:
        """True when no deal is running (before the first one, and once a deal has ended)."""
        return self.turn is None

    @property
    def turned(self) -> str | None:
        """The tile turned by the seat on turn (it can be placed), or None."""
        deal = self._deal
        return None if self.turn is None or deal is None or deal.turned is None else tile_text(deal.turned)

    def queue(self, seat: int) -> list[str]:
        """Seat ``seat``'s queue, front first (a turned tile not yet placed is still its front)."""
        return [] if self._deal is None else [tile_text(t) for t in self._deal.queues[seat]]

    def ends(self) -> tuple[int, int] | None:
        """The ends of the top and bottom lines, or None before the first deal."""
        if self._deal is None or not self._deal.lines:
            return None
        return self._deal.lines["top"].end, self._deal.lines["bottom"].end

    def legal_moves(self) -> set[str]:
        """Every way to place the turned tile, as ``TILE:WAY`` (§4.3, §4.4)."""
        deal = self._deal
        if self.turn is None or deal is None or deal.turned is None:
            return set()
        return {f"{tile_text(deal.turned)}:{way}" for way in deal.ways(deal.turned)}

    # ------------------------------------------------------------------ starters
    def _named_starter(self) -> int | None:
        """§3.1: None for the first deal (a lot); else the last deal's winner, or the seat that did not
        start a blocked deal without a winner."""
        if not self._records:
            return None
        last = self._deal
        if last is None:
            return None
        return last.winner if last.winner is not None else 1 - last.starter

    @property
    def needs_starter(self) -> bool:
        """Whether the next deal's starter is chosen by lot and must be given to :meth:`start_hand`."""
        return self._named_starter() is None

    # ------------------------------------------------------------------ playing
    def start_hand(self, queues: Any, starter: int | None = None) -> None:
        """Deal the queues, lay the start tile (§4.2), and play the forced turns up to the first move."""
        if self.match_over:
            raise RefIllegal("the match is over: no deal may follow")
        if self._deal is not None and self._deal.end is None:
            raise RefIllegal("the deal in progress has not ended")
        read = _read_queues(queues)
        if starter is not None and (type(starter) is not int or starter not in (0, 1)):
            raise RefIllegal(f"starter {starter!r} is not a seat")
        named = self._named_starter()
        if named is None:
            if starter is None:
                raise RefIllegal("the first deal's starter is chosen by lot: the starter must be given")
            named = starter
        elif starter is not None and starter != named:
            raise RefIllegal(f"the starter is seat {named} (sausage.md §3.1), not seat {starter}")
        deal = Deal(read, named)
        self._deal = deal
        self._records.append({})
        tile = deal.queues[named].popleft()
        deal.lay_start(tile, tile[0], tile[1])  # §4.2: low half on top
        deal.turns = 1
        deal.to_move = 1 - named
        self._forced()
        self._refresh()

    def play(self, move: str) -> None:
        """Place the turned tile in the way ``TILE:WAY`` names, then play the forced turns after it."""
        if self.match_over:
            raise RefIllegal("the match is over")
        deal = self._deal
        if deal is None or deal.end is not None or deal.turned is None:
            raise RefIllegal("no deal is in progress")
        found = _MOVE.fullmatch(move) if isinstance(move, str) else None
        if found is None:
            raise RefIllegal(f"cannot read the move {move!r} (TILE:WAY, WAY top, bottom or cut)")
        tile, way = parse_tile(found[1]), found[2]
        seat, turned = deal.to_move, deal.turned
        if tile != turned:
            raise RefIllegal(f"seat {seat} turned {tile_text(turned)}, not {tile_text(tile)}")
        if way not in deal.ways(tile):
            raise RefIllegal(self._why_not(deal, tile, way))
        deal.queues[seat].popleft()
        gave = 0
        if way == "cut":  # §4.3: the table goes to the back of the opponent's queue, in the order laid
            gave = len(deal.table)
            deal.queues[1 - seat].extend(deal.table)
            top, bottom = deal.lines["top"].end, deal.lines["bottom"].end
            deal.lay_start(tile, top, bottom)
        else:
            line = deal.lines[way]
            if not is_double(tile):
                line.end = tile[1] if tile[0] == line.end else tile[0]
                line.values.add(line.end)
            line.tiles += 1
            deal.table.append(tile)
        deal.moves.append({"seat": seat, "tile": tile_text(tile), "way": way, "gave": gave})
        deal.turns += 1
        deal.sent = [0, 0]  # §6.2: the table changed
        deal.turned = None
        if not deal.queues[seat]:
            self._end(deal, "out", seat)
        else:
            deal.to_move = 1 - seat
            self._forced()
        self._refresh()

    @staticmethod
    def _why_not(deal: Deal, tile: Tile, way: str) -> str:
        """The rule that forbids placing ``tile`` in ``way`` now (§4.3)."""
        if way == "cut":
            top, bottom = deal.lines["top"], deal.lines["bottom"]
            if not (top.tiles and bottom.tiles):
                return "a cut needs a tile in both lines (sausage.md §4.3)"
            return (
                f"{tile_text(tile)} cannot cut: its halves must be the two ends, {top.end} and {bottom.end} "
                "(sausage.md §4.3)"
            )
        line = deal.lines[way]
        if is_double(tile):
            shown = ", ".join(str(v) for v in sorted(line.values))
            return f"{tile_text(tile)} cannot go into the {way} line, whose values are {shown} (§4.3)"
        return f"{tile_text(tile)} does not show {line.end}, the {way} end (sausage.md §4.3)"

    def _forced(self) -> None:
        """§4.4-§6: turn tiles that cannot be placed (to the back, or a double set aside) until a seat's
        turned tile can be placed, or the deal ends."""
        deal = self._deal
        if deal is None:
            return
        while deal.end is None:
            seat = deal.to_move
            tile = deal.queues[seat][0]
            if deal.ways(tile):
                deal.turned = tile
                return
            deal.queues[seat].popleft()
            if is_double(tile):
                deal.aside.append(tile)  # §5.1: set aside; the table does not change
            else:
                deal.queues[seat].append(tile)
                deal.sent[seat] += 1
            deal.turns += 1
            if not deal.queues[seat]:
                self._end(deal, "out", seat)
            elif all(deal.sent[s] >= len(deal.queues[s]) for s in (0, 1)):
                self._end(deal, "blocked", None)
            else:
                deal.to_move = 1 - seat

    def _end(self, deal: Deal, end: str, winner: int | None) -> None:
        """§6 and §8: the deal's end, its winner, the award; §9 the end of the match."""
        left = [pips(list(queue)) for queue in deal.queues]
        award = [0, 0]
        if end == "out" and winner is not None:
            award[winner] = left[1 - winner]
        elif left[0] != left[1]:
            winner = 0 if left[0] < left[1] else 1
            award[winner] = left[1 - winner] - left[winner]
        deal.end, deal.winner, deal.pips, deal.award = end, winner, left, award
        deal.turned = None
        for seat in (0, 1):
            self._scores[seat] += award[seat]
        target = self.rules.target or 0
        reached = [seat for seat in (0, 1) if self._scores[seat] >= target]
        if reached:
            self.winner = reached[0]
            self.match_over = True

    # ------------------------------------------------------------------ reports
    def _refresh(self) -> None:
        deal = self._deal
        if deal is None:
            return
        self._records[-1] = {
            "moves": [dict(m) for m in deal.moves],
            "turns": deal.turns,
            "aside": [tile_text(t) for t in deal.aside],
            "end": deal.end,
            "winner": deal.winner,
            "pips": None if deal.pips is None else list(deal.pips),
            "queues": [len(q) for q in deal.queues],
            "award": None if deal.award is None else list(deal.award),
            "scores": list(self._scores),
        }

    def hand_report(self) -> dict[str, Any]:
        """The report object of the current or last deal (conformance README, "Sausage")."""
        if not self._records:
            raise ValueError("no deal has been dealt")
        return dict(self._records[-1])

    def report(self) -> dict[str, Any]:
        """The whole report so far: every deal, the scores, the winner."""
        hands = [dict(record) for record in self._records]
        return {"hands": hands, "scores": list(self._scores), "winner": self.winner}


def _fail(message: str, hand: int | None, play: int | None) -> RefIllegal:
    return RefIllegal(where(hand, play) + message, hand, play)


def replay_sausage(script: dict[str, Any]) -> dict[str, Any]:
    """The report of a Sausage script; :class:`RefIllegal` ("hand H, play P: ...") if it is illegal."""
    if "target" in script:
        raise _fail('sausage takes its target as "options": {"target": ...}', None, None)
    try:
        game = RefSausage(script.get("options"))
    except ValueError as err:
        raise _fail(str(err), None, None) from None
    for h, deal in enumerate(script["hands"]):
        if not isinstance(deal, dict):
            raise _fail("each deal is an object", h, None)
        if game.match_over:
            raise _fail("the match is over: no deal may follow", h, None)
        if h and not game.hand_over:
            raise _fail(f"deal {h - 1} has not ended", h, None)
        moves = deal.get("moves") or []
        if not isinstance(moves, list):
            raise _fail('"moves" is a list of moves', h, None)
        try:
            game.start_hand(deal.get("queues"), deal.get("starter"))
        except (RefIllegal, ValueError) as err:
            raise _fail(str(err), h, None) from None
        for m, text in enumerate(moves):
            if game.hand_over:
                raise _fail("the deal has ended: no move may follow", h, m)
            try:
                game.play(text)
            except RefIllegal as err:
                raise _fail(str(err), h, m) from None
    return game.report()
