"""Each game of the family as plain data: the value it takes of every parameter, and its options.

Read from ``shared/games/README.md`` §2 (the parameters) and §3 (the table of games), and from §1, §2,
§3, §11 of each game's file; Seven Rocks from ``shared/RULES.md``. A game is one :class:`GameRules`
value; its options (§11 of its file) are :class:`Option` values that :func:`find_game` checks and applies,
and a preset (``kozel-125``, ``kozel.md`` §11) is a game id with option values of its own.

The games of part 2 (``sea-kozel``, ``donkey``, ``general``, ``sebastopol``, ``bergen``, ``matador``,
``sausage``) are further values, with the parameter values their files name (README §3): the topologies
"spinner, open at once" and "forced four around the lead" (``layout.py``), sum-to-seven matching with
matadors, closing doubles, the all-ends-closed end (``hand.py``), headers, the sea record and General's
counts (``settle.py``, ``sea.py``, ``general.py``). Sausage shares only the tiles and the ``target``
option: its rules value here only carries its options; ``sausage.py`` is its model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option of §11 of a game's file: its default, the values allowed and how to say them."""

    field: str
    default: Any
    allowed: Callable[[Any], bool]
    says: str


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _boolean(value: Any) -> bool:
    return isinstance(value, bool)


def _one_of(*values: int) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and value in values


def _multiple_of_four(value: Any) -> bool:
    return _positive(value) and value % 4 == 0


def target(default: int) -> Option:
    """The ``target`` option every scored game has (§9 and §11 of its file)."""
    return Option("target", default, _positive, "a positive whole number")


def flag(name: str, default: bool) -> Option:
    """An option that is true or false."""
    return Option(name, default, _boolean, "true or false")


def choice(name: str, default: int, *values: int) -> Option:
    """An option that takes one of a few whole numbers."""
    return Option(name, default, _one_of(*values), " or ".join(str(v) for v in values))


def words(name: str, default: str, *values: str) -> Option:
    """An option that takes one of a few words (``general.md`` §11 ``version``)."""
    return Option(name, default, lambda value: value in values, " or ".join(repr(v) for v in values))


@dataclass(frozen=True)
class GameRules:
    """One game: the parameter values of README §2, with the options of its §11 already applied."""

    id: str
    seats: tuple[int, ...]  # §2.2: the numbers of seats allowed
    partnerships: bool  # §2.2: with four seats, seats 0+2 against 1+3
    deal: Mapping[int, int]  # §2.3: tiles per seat, by number of seats
    drawing: bool  # §2.5: the boneyard is drawable (else none, or out of play)
    reserve: int  # §2.5: boneyard tiles at its end that are never drawn
    goat_misdeal: bool  # §2.4
    first_lead: str  # §2.6: "lot" or a name of tiles.TILE_ORDERS
    later_lead: str  # §2.7: "finisher-else-lot", "finisher-else-first", "finisher-or-fisherman", "rotation",
    # "same" (the first-hand rule every hand), "sea" (sea-kozel.md §3.2)
    topology: str  # §2.9: "line", "spinner" (sides first), "all-spinners", "open-at-once", "forced-four"
    several_doubles: bool  # §2.11: two to four doubles may be placed in one move
    lengthwise: bool  # §2.11: doubles other than the spinner may be laid lengthwise
    stuck: str  # §2.12: "knock", "draw-until-playable", "draw-one"
    team_out: bool  # §2.13: with partnerships, a hand ends when both seats of one side are out
    points: str  # §2.14: "none", "fives", "fives-in-fives", "threes-in-threes", "fives-and-threes"
    settlement: str  # §2.15: "deduct", "winner-takes", "losers-write", "hand-bonus", "none"
    rounding: str  # how the settlement rounds: "none", "round5", "floor5", "round5/5", "round3/3"
    lone_blank: int | None  # §2.16: the value of a hand of exactly 0-0 (None: its pips)
    threshold: int  # losers-write: the amount that opens an account (0: every amount is written)
    remember: bool  # losers-write: smaller amounts are remembered
    eggs: bool  # losers-write: an all-equal block leaves eggs (else it leaves nothing)
    floor_zero: bool  # deduct: a side's score never goes below 0
    match_end: str  # §2.17: "at-once", "after-hand", "goat", "deals", "single-hand"
    target: int | None  # None: by the number of seats (target_by_seats)
    exact: bool  # §2.17 exact target at once
    deals: int  # fixed number of hands
    report: tuple[str, ...]  # the per-hand report keys beyond plays/end/finisher/pips/scores
    play_keys: tuple[str, ...]  # the keys of a play beyond seat/tile: ends_total, points
    options: Mapping[str, Option] = field(default_factory=dict)
    # part 2 (README §2.9-§2.17); the defaults are the values of every game of part 1
    matching: str = "equal"  # §2.10: "equal" or "sum7" (Matador, with matadors)
    closing: bool = False  # §2.11: whoever places a double may close it (Donkey)
    all_ends_closed: bool = False  # §2.13: no connection point left ends the hand as a block (Donkey)
    fisherman: str = "last-mover"  # or "last-non-double" (sea-kozel.md §6.2)
    block_bonus: bool = False  # hand bonus: after a block the one seat with the fewest pips scores it
    sea_values: bool = False  # §2.16: 0-0 alone 25, 6-6 alone 50, both alone 75
    block_void: bool = False  # general.md §6.2: a blocked hand does not count
    events: bool = False  # sea-kozel.md §9.2-§9.4 (option events)
    version: str = ""  # general.md §11
    target_by_seats: Mapping[int, int] = field(default_factory=dict)  # bergen.md §9.1

    def sides(self, seats: int) -> int:
        """README §2.2: two partnerships with four seats where the game pairs them, else one per seat."""
        return 2 if seats == 4 and self.partnerships else seats

    def side_of(self, seat: int, seats: int) -> int:
        """Side *i* is seat *i*, or the partnership of seats *i* and *i* + 2 (README §2.2)."""
        return seat % 2 if seats == 4 and self.partnerships else seat


_FIVES_KEYS = ("ends_total", "points")

SEVEN_ROCKS = GameRules(
    id="seven-rocks",
    seats=(4,),
    partnerships=True,
    deal={4: 7},
    drawing=False,
    reserve=0,
    goat_misdeal=False,
    first_lead="lot",
    later_lead="finisher-else-lot",
    topology="spinner",
    several_doubles=False,
    lengthwise=False,
    stuck="knock",
    team_out=False,
    points="fives",
    settlement="deduct",
    rounding="round5",
    lone_blank=None,
    threshold=0,
    remember=False,
    eggs=False,
    floor_zero=False,
    match_end="at-once",
    target=250,
    exact=False,
    deals=0,
    report=("deductions",),
    play_keys=_FIVES_KEYS,
    options={"target": target(250)},
)
"""RULES.md: its target is the script's top-level ``"target"`` (conformance README), kept here as an
option so that :class:`~tests.reference.family.match.RefGame` takes it like every other game's."""

_DRAW = replace(
    SEVEN_ROCKS,
    id="draw",
    seats=(2, 3, 4),
    partnerships=False,
    deal={2: 7, 3: 5, 4: 5},
    drawing=True,
    first_lead="order-high",
    later_lead="finisher-else-first",
    topology="line",
    stuck="draw-until-playable",
    points="none",
    settlement="winner-takes",
    rounding="none",
    lone_blank=25,
    match_end="after-hand",
    target=100,
    report=("draws", "award", "values"),
    play_keys=(),
    options={
        "target": target(100),
        "partnerships": flag("partnerships", False),
        "reserve": choice("reserve", 0, 0, 2),
        "lone_blank": choice("lone_blank", 25, 25, 0),
    },
)
"""``draw.md``: 7/5/5 dealt, the rest drawable (§2), order-high (§3), a line (§4), draw until playable
(§5), winner takes with the lone 0-0 worth 25 (§8), 100 after the hand (§9)."""

_BLOCK = replace(
    _DRAW,
    id="block",
    deal={2: 7, 3: 7, 4: 7},
    drawing=False,
    stuck="knock",
    report=("award", "values"),
    options={
        "target": target(100),
        "partnerships": flag("partnerships", False),
        "lone_blank": choice("lone_blank", 25, 25, 0),
    },
)
"""``block.md``: the draw game with 7 each whatever the seats, the rest out of play, and knocking."""

_KOZEL = replace(
    _DRAW,
    id="kozel",
    partnerships=True,
    deal={2: 7, 3: 7, 4: 7},
    reserve=1,
    goat_misdeal=True,
    first_lead="order-goat",
    later_lead="finisher-or-fisherman",
    settlement="losers-write",
    threshold=13,
    remember=True,
    eggs=True,
    match_end="goat",
    target=101,
    report=("draws", "values", "fisherman", "written", "remembered", "eggs"),
    options={
        "target": target(101),
        "threshold": Option("threshold", 13, _positive, "a positive whole number"),
        "remember": flag("remember", True),
        "reserve": choice("reserve", 1, 0, 1),
        "lone_blank": choice("lone_blank", 25, 25, 10),
        "several_doubles": flag("several_doubles", False),
    },
)
"""``kozel.md``: four seats always in pairs (§1.1), 7 each and reserve 1 (§2), the Goat misdeal (§2.4),
order-goat then finisher or fisherman (§3), a line (§4), draw until playable (§5), losers write their own
with threshold 13, remembered points and eggs (§8), the goat at 101 (§9)."""

_SPORTS_KOZEL = replace(
    _KOZEL,
    id="sports-kozel",
    seats=(4,),
    drawing=False,
    reserve=0,
    first_lead="1-1",
    later_lead="rotation",
    stuck="knock",
    threshold=0,
    remember=False,
    eggs=False,
    match_end="deals",
    deals=4,
    report=("values", "written"),
    options={"deals": Option("deals", 4, _multiple_of_four, "a positive multiple of 4")},
)
"""``sports-kozel.md``: four seats in pairs, all dealt, knocking (§1, §2, §5), 1-1 then rotation (§3),
every losing total written with no threshold and no eggs (§8), a fixed number of deals (§9)."""

_TELEPHONE = replace(
    SEVEN_ROCKS,
    id="telephone",
    seats=(2, 4),
    deal={2: 7, 4: 7},
    drawing=True,
    first_lead="order-telephone",
    later_lead="finisher-else-first",
    stuck="draw-until-playable",
    rounding="floor5",
    floor_zero=True,
    match_end="after-hand",
    target=225,
    report=("draws", "deductions"),
    options={"target": target(225), "several_doubles": flag("several_doubles", False)},
)
"""``telephone.md``: Seven Rocks' layout and fives (§4, §7); 7 each, the two-seat boneyard drawable (§2,
§5; with four seats all 28 are dealt, so a stuck seat knocks); order-telephone (§3); floor5 deductions
and no score below 0 (§8); 225 after the hand, both over is a draw (§9). Up to four doubles at once
with ``several_doubles`` (§4.2)."""

_MUGGINS = replace(
    SEVEN_ROCKS,
    id="muggins",
    seats=(2, 3, 4),
    partnerships=False,
    deal={2: 7, 3: 5, 4: 5},
    drawing=True,
    lengthwise=True,
    stuck="draw-until-playable",
    settlement="winner-takes",
    rounding="round5",
    target=200,
    report=("draws", "award"),
    options={"target": target(200)},
)
"""``muggins.md``: individual seats, 7/5/5 and a drawable boneyard (§1, §2), lot (§3), the Seven Rocks
spinner with lengthwise doubles (§4), fives (§7), winner takes rounded to five (§8), 200 at once (§9)."""

_ALL_FIVES = replace(
    _MUGGINS,
    id="all-fives",
    partnerships=True,
    deal={2: 9, 3: 7, 4: 5},
    lengthwise=False,
    target=250,
    options={"target": target(250), "partnerships": flag("partnerships", True)},
)
"""``all-fives.md``: 9/7/5 (§2), partnerships with four seats (§1), no lengthwise doubles, 250 (§9)."""

_FIVE_UP = replace(
    _ALL_FIVES,
    id="five-up",
    deal={2: 5, 3: 5, 4: 5},
    topology="all-spinners",
    points="fives-in-fives",
    rounding="round5/5",
    target=61,
    options={"target": target(61), "partnerships": flag("partnerships", True)},
)
"""``five-up.md``: 5 each (§2), every double a spinner (§4.2), fives in fives (§7), round5 ÷ 5 (§8), 61."""

_FIVES_AND_THREES = replace(
    _ALL_FIVES,
    id="fives-and-threes",
    deal={2: 7, 3: 5, 4: 5},
    drawing=False,
    later_lead="rotation",
    topology="line",
    stuck="knock",
    team_out=True,
    points="fives-and-threes",
    settlement="hand-bonus",
    rounding="none",
    target=61,
    exact=True,
    report=("award",),
    options={
        "target": target(61),
        "exact": flag("exact", True),
        "partnerships": flag("partnerships", True),
    },
)
"""``fives-and-threes.md``: 7/5/5 with the rest out of play (§2), lot then rotation (§3), a line (§4),
knocking (§5), team out with partnerships (§6.2), fives and threes (§7), one point for going out (§8),
exactly 61 at once (§9)."""

_ALL_THREES = replace(
    _MUGGINS,
    id="all-threes",
    lengthwise=False,
    topology="line",
    points="threes-in-threes",
    rounding="round3/3",
    target=61,
    options={"target": target(61)},
)
"""``all-threes.md``: muggins on a line (§4), threes in threes (§7), round3 ÷ 3 (§8), 61 at once (§9)."""

_PICTURE = replace(
    _DRAW,
    id="picture",
    deal={2: 7, 3: 6, 4: 6},
    first_lead="order-low",
    stuck="draw-one",
    settlement="none",
    lone_blank=None,
    match_end="single-hand",
    target=0,
    report=("draws", "tiles"),
    options={},
)
"""``picture.md``: 7/6/6 and a bank (§2), order-low (§3), a line (§4), draw one then pass (§5), no
points (§7, §8), one hand won by the first seat out (§9)."""

_SEA_KOZEL = replace(
    _KOZEL,
    id="sea-kozel",
    seats=(2, 4),
    deal={2: 7, 4: 7},
    later_lead="sea",
    several_doubles=True,
    fisherman="last-non-double",
    settlement="sea",
    lone_blank=None,
    sea_values=True,
    threshold=25,
    remember=False,
    match_end="record",
    target=125,
    events=True,
    report=("draws", "values", "fisherman", "written", "hundred", "events", "eggs", "record"),
    options={
        "target": target(125),
        "events": flag("events", True),
        "reserve": choice("reserve", 1, 0, 1),
    },
)
"""``sea-kozel.md``: two or four seats, in pairs with four (§1), Kozel's deal, reserve and misdeal (§2),
order-goat then the leads of §3.2 with hundreds and eggs, several doubles on a line (§4), the fisherman
who placed the last non-double (§6.2), sea values and the winner's one record opening at 25 (§8), the
record target 125 and the events (§9)."""

_DONKEY = replace(
    _KOZEL,
    id="donkey",
    topology="open-at-once",
    several_doubles=True,
    closing=True,
    all_ends_closed=True,
    options={name: option for name, option in _KOZEL.options.items() if name != "several_doubles"},
)
"""``donkey.md``: Kozel (§1-§3, §5, §8, §9) with the spinner open at once (§4.2), two to four doubles in
one move (§4.4), closing (§4.5) and the hand ended when no end is left open (§6.3)."""

_GENERAL = replace(
    _SPORTS_KOZEL,
    id="general",
    goat_misdeal=False,
    later_lead="same",
    several_doubles=True,
    settlement="counts",
    block_void=True,
    match_end="give-way",
    version="general",
    report=("loser", "general", "naked"),
    options={"version": words("version", "general", "general", "naked")},
)
"""``general.md``: four seats in pairs, all dealt, the 1-1 lead every hand (§1-§3), a line with one tile or
two doubles (§4), knocking (§5), a void block (§6.2), lost hands, Generals and nakeds counted (§8), give
way (§9), partner signals in version ``general`` (§10)."""

_SEBASTOPOL = replace(
    _BLOCK,
    id="sebastopol",
    seats=(4,),
    deal={4: 7},
    first_lead="6-6",
    later_lead="same",
    topology="forced-four",
    lone_blank=None,
    target=60,
    report=("award",),
    options={"target": target(60)},
)
"""``sebastopol.md``: four seats alone, all dealt (§1, §2), 6-6 leads every hand (§3), the forced four
around it (§4.2), knocking (§5), winner takes (§8), 60 after the hand (§9)."""

_BERGEN = replace(
    _DRAW,
    id="bergen",
    deal={2: 6, 3: 6, 4: 5},
    reserve=2,
    first_lead="order-low",
    points="headers",
    settlement="hand-bonus",
    block_bonus=True,
    lone_blank=None,
    match_end="at-once",
    target=None,
    target_by_seats={2: 15, 3: 10, 4: 10},
    report=("draws", "award"),
    play_keys=("points",),
    options={"target": Option("target", None, _positive, "a positive whole number")},
)
"""``bergen.md``: 6/6/5 with two tiles reserved (§2), order-low, then the finisher or the first rule (§3), a
line (§4), draw until playable (§5), headers (§7), one point for the hand (§8), 15 or 10 at once (§9)."""

_MATADOR = replace(
    _DRAW,
    id="matador",
    deal={2: 7, 3: 6, 4: 5},
    first_lead="lot",
    later_lead="finisher-else-lot",
    matching="sum7",
    lone_blank=None,
    report=("draws", "award"),
    options={"target": target(100), "partnerships": flag("partnerships", False)},
)
"""``matador.md``: 7/6/5 and a drawable boneyard (§2), a lot, then the finisher or a lot (§3), a line with
sum-to-seven joins and matadors (§4), draw until playable (§5), winner takes (§8), 100 after the hand."""

_SAUSAGE = replace(
    _BLOCK,
    id="sausage",
    seats=(2,),
    deal={2: 14},
    first_lead="lot",
    later_lead="sausage",
    lone_blank=None,
    target=101,
    report=(),
    options={"target": target(101)},
)
"""``sausage.md``: only its seats, its queues of 14 and its ``target`` (§11) are data here; the game, its
script and its report are ``sausage.py``'s (:class:`~tests.reference.family.sausage.RefSausage`)."""

GAMES: dict[str, GameRules] = {
    rules.id: rules
    for rules in (
        SEVEN_ROCKS,
        _BLOCK,
        _DRAW,
        _KOZEL,
        _SPORTS_KOZEL,
        _TELEPHONE,
        _MUGGINS,
        _ALL_FIVES,
        _FIVE_UP,
        _FIVES_AND_THREES,
        _ALL_THREES,
        _PICTURE,
        _SEA_KOZEL,
        _DONKEY,
        _GENERAL,
        _SEBASTOPOL,
        _BERGEN,
        _MATADOR,
        _SAUSAGE,
    )
}

PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "kozel-125": ("kozel", {"target": 125, "threshold": 25, "remember": False}),
}
"""``kozel.md`` §11: the preset ``kozel-125`` is ``kozel`` with these option values."""

GAME_IDS: tuple[str, ...] = (*GAMES, *PRESETS)


def find_game(game: str, options: Mapping[str, Any] | None = None) -> GameRules:
    """The rules of ``game`` (a preset allowed) with ``options`` applied; ValueError names a bad one."""
    if not isinstance(game, str) or game not in GAME_IDS:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAME_IDS)}")
    base_id, preset = PRESETS.get(game, (game, {}))
    base = GAMES[base_id]
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be an object of option names, not {options!r}")
    values = {name: option.default for name, option in base.options.items()} | preset
    for name, value in options.items():
        option = base.options.get(name)
        if option is None:
            known = ", ".join(base.options) or "none"
            raise ValueError(f"{game} has no option {name!r} (its options: {known})")
        if not option.allowed(value):
            raise ValueError(f"option {name} of {game} must be {option.says}, not {value!r}")
        values[name] = value
    changes = {base.options[name].field: value for name, value in values.items()}
    return replace(base, id=game, **changes)
