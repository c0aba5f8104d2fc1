"""One hand: the deal, whose turn it is, legal moves, draws, knocks, skips, domino and block.

Rules it models (``shared/games/README.md``):

- §2.3 and §2.5 the deal: each seat the game's number of tiles; the rest is the boneyard, drawn from its
  front, its last *r* tiles (the reserve) never drawn; where it is out of play it is never drawn at all.
- §2.4 the Goat misdeal: a hand with five or more doubles, or six or more tiles of one suit, is void.
- §2.11 move size: one tile; a lengthwise double where the game allows it; with several doubles, two to
  four doubles in one move, each on a different point open before the move, placed in the written order,
  each legal when placed (so the first of them may become the spinner: different orders are different
  moves only when they leave different layouts).
- §2.12 when stuck: a seat with a legal move must move; otherwise it knocks, or draws until playable, or
  draws one and passes if that tile does not fit.
- §2.13 hand end: a domino (a seat places its last tile), team out (with Fives and Threes partnerships a
  seat that goes out is skipped, and the hand ends when both seats of a side are out), a block (no seat
  holding tiles can place and nothing can be drawn), all ends closed (Donkey, ``donkey.md`` §6.3: a move
  that leaves no connection point ends the hand at once as a block, unless it was the seat's last tile).
  The seat that made the last move is the fisherman (``kozel.md`` §6.2); in Sea Goat the seat that placed
  the last non-double (``sea-kozel.md`` §6.2).
- The moves of part 2: closed doubles (``#``, ``donkey.md`` §4.5) alone or in a move of several doubles,
  and Matador's joins (``>N`` on the matadors 1-6, 2-5, 3-4, ``matador.md`` §4.4), as ``layout.py`` checks
  them.

Scoring, settlement and the target are not here: ``match.py`` asks this hand for each step's facts.
"""

from __future__ import annotations

from itertools import combinations, permutations

from tests.reference.family.errors import RefIllegal
from tests.reference.family.layout import MATADORS, Layout
from tests.reference.family.rules import GameRules
from tests.reference.family.tiles import (
    FULL_SET,
    Move,
    Part,
    Tile,
    is_double,
    move_text,
    parse_move,
    parse_tile,
    pips,
    tile_text,
)


def read_deal(
    rules: GameRules, seats: int, hands: list[list[str]], boneyard: list[str]
) -> tuple[list[set[Tile]], list[Tile]]:
    """The deal as sets of tiles and the boneyard in draw order; :class:`RefIllegal` for a wrong deal."""
    if not isinstance(hands, list | tuple) or len(hands) != seats:
        raise RefIllegal(f"a deal of {rules.id} with {seats} seats has {seats} hands")
    size = rules.deal[seats]
    sets: list[set[Tile]] = []
    for seat, held in enumerate(hands):
        if not isinstance(held, list | tuple) or len(held) != size:
            raise RefIllegal(f"seat {seat} must be dealt {size} tiles in {rules.id} with {seats} seats")
        sets.append({parse_tile(t) for t in held})
    if not isinstance(boneyard, list | tuple):
        raise RefIllegal("the boneyard is a list of tiles")
    pile = [parse_tile(t) for t in boneyard]
    every = [t for held in sets for t in held] + pile
    if sum(len(h) for h in hands) + len(pile) != len(every) or len(set(every)) != len(every):
        raise RefIllegal("a tile is dealt twice")
    if set(every) != FULL_SET:
        missing = ", ".join(tile_text(t) for t in sorted(FULL_SET - set(every)))
        raise RefIllegal(f"the hands and the boneyard must hold all 28 tiles; missing: {missing}")
    return sets, pile


def goat_misdeal(hands: list[set[Tile]]) -> bool:
    """``kozel.md`` §2.4: a hand with five or more doubles or six or more tiles of one suit is void."""
    for held in hands:
        if sum(1 for t in held if is_double(t)) >= 5:
            return True
        if any(sum(1 for t in held if n in t) >= 6 for n in range(7)):
            return True
    return False


class Hand:
    """The state of one hand between the deal and its end (no scores: ``match.py`` keeps those)."""

    def __init__(
        self,
        rules: GameRules,
        hands: list[set[Tile]],
        boneyard: list[Tile],
        leader: int,
        lead_tile: Tile | None,
    ) -> None:
        self.rules = rules
        self.seats = len(hands)
        self.hands = hands
        self.boneyard = boneyard
        self.layout = Layout(rules.topology, rules.matching, rules.closing)
        self.leader = leader
        self.lead_tile = lead_tile  # the tile the leader must lead, where the rules name one
        self.turn: int | None = leader
        self.draws = [0] * self.seats
        self.out: set[int] = set()  # team out: seats that have placed their last tile
        self.last_mover: int | None = None
        self.last_non_double: int | None = None  # the seat that placed the last non-double (sea-kozel §6.2)
        self.last_move: Move = ()  # the hand's last move, as written
        self.end: str | None = None  # "domino", "blocked", "target", "redeal"
        self.finisher: int | None = None
        self._moves: dict[str, Move] | None = None  # legal moves of the seat on turn, cached

    # -------------------------------------------------------------- what may be placed
    def drawable(self) -> int:
        """The tiles that can still be drawn: the boneyard without its reserve (README §2.5)."""
        return max(0, len(self.boneyard) - self.rules.reserve) if self.rules.drawing else 0

    def single_parts(self, seat: int) -> list[Part]:
        """Every legal one-tile move of ``seat`` now."""
        held = self.hands[seat]
        if self.layout.root is None:
            if self.lead_tile is not None:
                return [Part(self.lead_tile)] if self.lead_tile in held else []
            return [Part(tile) for tile in sorted(held)]
        out = []
        for anchor, side, value in self.layout.points():
            for tile in sorted(held):
                for suffix in self._suffixes(tile, value):
                    part = Part(tile, anchor, side, suffix)
                    try:
                        self.layout.check(part)
                    except RefIllegal:
                        continue
                    out.append(part)
        return out

    def _suffixes(self, tile: Tile, value: int) -> tuple[str, ...]:
        """The ways ``tile`` may be written on a point showing ``value`` (checked by the layout after)."""
        rules = self.rules
        if rules.matching == "sum7":  # matador.md §4.2-§4.4
            if tile in MATADORS and not is_double(tile):
                return (f">{tile[0]}", f">{tile[1]}")
            return ("",) if tile == (0, 0) or 7 - value in tile else ()
        if value not in tile:
            return ()
        ways = [""]
        if rules.lengthwise and is_double(tile):
            ways.append("=")
        if rules.closing and is_double(tile):
            ways.append("#")
        return tuple(ways)

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has a legal move (a move of several doubles needs a one-double move too)."""
        return bool(self.single_parts(seat))

    def _several_doubles(self, singles: list[Part]) -> dict[str, Move]:
        """Every legal move of two to four doubles (README §2.11), each written order mapped to the move
        that stands for it: the order that sorts first among those leaving the same layout."""
        doubles = [p for p in singles if is_double(p.tile) and p.anchor is not None]
        groups: dict[object, list[Move]] = {}
        for size in range(2, 5):
            for chosen in combinations(doubles, size):
                if len({p.tile for p in chosen}) < size or len({(p.anchor, p.side) for p in chosen}) < size:
                    continue
                for order in permutations(chosen):
                    trial = self.layout.copy()
                    try:
                        for part in order:
                            trial.place(part)
                    except RefIllegal:
                        continue
                    groups.setdefault(trial.signature(), []).append(tuple(order))
        out: dict[str, Move] = {}
        for orders in groups.values():
            canonical = min(orders, key=lambda move: [str(p) for p in move])
            out.update({move_text(order): canonical for order in orders})
        return out

    def legal(self) -> dict[str, Move]:
        """Every legal move of the seat on turn, each written form mapped to its canonical move."""
        if self.turn is None:
            return {}
        if self._moves is None:
            singles = self.single_parts(self.turn)
            moves: dict[str, Move] = {str(p): (p,) for p in singles}
            if self.rules.several_doubles and self.layout.root is not None:
                moves.update(self._several_doubles(singles))
            self._moves = moves
        return self._moves

    def legal_moves(self) -> set[str]:
        """The distinct legal moves of the seat on turn, each in its canonical notation."""
        return {move_text(move) for move in self.legal().values()}

    def why_illegal(self, text: str) -> str:
        """The first rule that ``text`` breaks for the seat on turn (it is known not to be legal)."""
        seat = self.turn
        move = parse_move(text)
        if seat is None:
            return "no seat is on turn: the hand is over"
        for part in move:
            if part.tile not in self.hands[seat]:
                return f"tile {tile_text(part.tile)} is not in seat {seat}'s hand"
        if len(move) > 1:
            return self._why_several(move)
        part = move[0]
        if part.suffix == "=" and not self.rules.lengthwise:
            return f"{self.rules.id} has no lengthwise doubles"
        if self.layout.root is None and self.lead_tile is not None and part.tile != self.lead_tile:
            return f"seat {seat} must lead {tile_text(self.lead_tile)}"
        try:
            self.layout.check(part)
        except RefIllegal as err:
            return str(err)
        return f"{text} is not a legal move of seat {seat}"

    def _why_several(self, move: Move) -> str:
        if not self.rules.several_doubles:
            return f"{self.rules.id} allows one tile per move"
        if self.layout.root is None:
            return "the lead is one tile"
        if len(move) > 4:
            return "a move places at most four doubles"
        for part in move:
            if not is_double(part.tile):
                return f"only doubles may be placed together, not {tile_text(part.tile)}"
        if len({(p.anchor, p.side) for p in move}) < len(move):
            return "each double of a move goes on a different point"
        before = {(anchor, side) for anchor, side, _ in self.layout.points()}
        for part in move:
            if (part.anchor, part.side) not in before:
                return f"{part} is not on a point that was open before the move"
        trial = self.layout.copy()
        for part in move:
            try:
                trial.place(part)
            except RefIllegal as err:
                return str(err)
        return f"{move_text(move)} is not a legal move"

    # ------------------------------------------------------------------- changing it
    def apply(self, text: str) -> tuple[int, Move]:
        """Place a legal move of the seat on turn; return the seat and the move as written.

        The hand is not advanced: :meth:`after_move` does that once the placement's points are scored.
        """
        seat = self.turn
        if seat is None:
            raise RefIllegal("no seat is on turn: the hand is over")
        written = parse_move(text)
        move = self.legal().get(move_text(written))
        if move is None:
            raise RefIllegal(self.why_illegal(text))
        for part in written:
            self.layout.place(part)
            self.hands[seat].discard(part.tile)
            if not is_double(part.tile):
                self.last_non_double = seat
        self.last_mover = seat
        self.last_move = written
        self.turn = None
        self._moves = None
        return seat, written

    def after_move(self, seat: int) -> None:
        """README §2.13: a domino (or a seat out, with team out), else the forced steps to the next turn."""
        if not self.hands[seat]:
            partner_out = (seat + 2) % 4 in self.out
            if self.rules.team_out and self.seats == 4 and self.rules.partnerships and not partner_out:
                self.out.add(seat)
            else:
                self.end, self.finisher = "domino", seat
                return
        if self.rules.all_ends_closed and not self.layout.points():
            self.end = "blocked"  # donkey.md §6.3: no end left open, no drawing
            return
        self.advance((seat + 1) % self.seats)

    @property
    def fisherman(self) -> int | None:
        """The fisherman of a blocked hand (``kozel.md`` §6.2, ``sea-kozel.md`` §6.2), else None."""
        if self.end != "blocked":
            return None
        return self.last_non_double if self.rules.fisherman == "last-non-double" else self.last_mover

    def draw(self, seat: int) -> None:
        """README §2.12: the front tile of the boneyard goes to ``seat``'s hand."""
        self.hands[seat].add(self.boneyard.pop(0))
        self.draws[seat] += 1

    def blocked(self) -> bool:
        """README §2.13: no seat holding tiles can place and nothing can be drawn."""
        if self.drawable():
            return False
        return not any(self.hands[s] and self.can_place(s) for s in range(self.seats))

    def advance(self, seat: int) -> None:
        """The forced steps from ``seat`` on: skips, knocks and draws until a seat can place or a block."""
        while True:
            if self.blocked():
                self.end = "blocked"
                return
            if self.hands[seat] and not self.can_place(seat):
                if self.rules.stuck == "draw-until-playable":
                    while self.drawable() and not self.can_place(seat):
                        self.draw(seat)
                elif self.rules.stuck == "draw-one" and self.drawable():
                    self.draw(seat)
            if self.hands[seat] and self.can_place(seat):
                self.turn = seat
                return
            seat = (seat + 1) % self.seats

    def pips(self) -> list[int]:
        """Per seat, the pips of the tiles it holds."""
        return [pips(held) for held in self.hands]
