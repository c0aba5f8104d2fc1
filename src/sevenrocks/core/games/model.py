"""What a game of the family is: its parameters as data, its options, and the resolved rules.

Every game is one value of each parameter of the family (the games' README, §2): how many seats
and sides, the deal, the boneyard, the leads, the layout's topology, the kinds of moves, what a
stuck seat does, how a hand ends, what placements score, how a hand is settled and how a match
ends. A :class:`Game` is that description with its options; :meth:`Game.rules` applies option
values and a number of seats and gives the :class:`Rules` a match is played by.

>>> from sevenrocks.core.games import find_game
>>> rules = find_game("kozel").rules({"target": 51}, seats=3)
>>> rules.seats, rules.sides, rules.hand_size, rules.reserve, rules.ending.target
(3, 3, 7, 1, 51)
>>> rules.side_of(2), rules.topology is Topology.LINE
(2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Final

from sevenrocks.core.errors import OptionError, OtherEngineError, SeatsError

if TYPE_CHECKING:
    from sevenrocks.core.games.ending import Ending
    from sevenrocks.core.games.settlement import Settlement

__all__ = [
    "Boneyard",
    "Engine",
    "Game",
    "Information",
    "Later",
    "Matching",
    "Option",
    "OptionValue",
    "Points",
    "Rules",
    "Stuck",
    "Topology",
]

OptionValue = int | bool | str
"""Every option of every game is a whole number, a truth value, or one of a few words (General's
``version``)."""


class Engine(Enum):
    """Which engine plays a game: the layout engine plays every game but one.

    >>> Engine.SAUSAGE.entry
    'sevenrocks.core.sausage.SausageMatch'
    """

    LAYOUT = "layout"
    """Tiles joined into one layout from the players' hands (:class:`~sevenrocks.core.match.Match`)."""
    SAUSAGE = "sausage"
    """Blind queues and two parallel lines (:class:`~sevenrocks.core.sausage.SausageMatch`)."""

    @property
    def entry(self) -> str:
        """The class that plays the games of this engine."""
        return _ENTRY[self]


_ENTRY: Final = {
    Engine.LAYOUT: "sevenrocks.core.match.Match",
    Engine.SAUSAGE: "sevenrocks.core.sausage.SausageMatch",
}


class Topology(Enum):
    """Which doubles get side branches, and when (README §2.9)."""

    LINE = "line"
    """No double branches: two ends."""
    SPINNER = "spinner"
    """The first double is the spinner; its branches open once both straight sides are covered."""
    SPINNER_OPEN = "spinner-open"
    """The first double placed and not closed is the spinner; its branches open at once."""
    ALL_SPINNERS = "all-spinners"
    """Every double is a spinner with the sides-first rule."""
    FORCED_FOUR = "forced-four"
    """The lead opens four sides, which must all be covered before anything else."""


class Matching(Enum):
    """How a tile joins a connection point (README §2.10)."""

    EQUAL = "equal"
    """By a half showing the point's value."""
    SUM_SEVEN = "sum-seven"
    """By a half showing seven minus the point's value; the matadors 0-0, 1-6, 2-5 and 3-4 join
    anywhere and name the half they leave open (Matador)."""


class Boneyard(Enum):
    """What happens to the undealt tiles (README §2.5)."""

    NONE = "none"
    """All 28 tiles are dealt."""
    OUT_OF_PLAY = "out-of-play"
    """The undealt tiles are never drawn."""
    DRAW = "draw"
    """Stuck seats draw from the front; the last ``reserve`` tiles are never drawn."""


class Stuck(Enum):
    """What a seat with no legal move does (README §2.12)."""

    KNOCK = "knock"
    DRAW_UNTIL_PLAYABLE = "draw-until-playable"
    DRAW_ONE = "draw-one"


class Later(Enum):
    """Who leads a hand after the first, after a domino or after a block (README §2.7)."""

    FINISHER = "finisher"
    """The seat that dominoed, with any tile."""
    LOT = "lot"
    """A neutral lot, any tile."""
    FIRST_RULE = "first-rule"
    """The rule of the match's first hand again."""
    FISHERMAN = "fisherman"
    """The seat that made the last move before the block, any tile."""
    ROTATION = "rotation"
    """The seat after the previous hand's leader, any tile."""


class Information(Enum):
    """What each seat may know besides the public table (README §2.18)."""

    HIDDEN = "hidden"
    """Each seat sees only its own tiles; the boneyard is face down."""
    PARTNER_SIGNALS = "partner-signals"
    """As hidden, and each seat knows whether its partner was dealt 0-0 and 6-6 (General)."""
    BLIND_QUEUES = "blind-queues"
    """Nobody sees any queue, his own included (Sausage)."""


class Points(Enum):
    """What a placement scores from the counted ends (README §2.14)."""

    NONE = "none"
    FIVES = "fives"
    FIVES_IN_FIVES = "fives-in-fives"
    THREES_IN_THREES = "threes-in-threes"
    FIVES_AND_THREES = "fives-and-threes"
    HEADERS = "headers"

    def of(self, total: int) -> int:
        """The points a counted total of ``total`` scores.

        >>> [Points.FIVES_AND_THREES.of(t) for t in (3, 5, 6, 15, 21, 22)]
        [1, 1, 2, 8, 7, 0]
        >>> Points.FIVES.of(10), Points.FIVES_IN_FIVES.of(10), Points.THREES_IN_THREES.of(12)
        (10, 2, 4)
        """
        if total <= 0:
            return 0
        if self is Points.FIVES:
            return total if total % 5 == 0 else 0
        if self is Points.FIVES_IN_FIVES:
            return total // 5 if total % 5 == 0 else 0
        if self is Points.THREES_IN_THREES:
            return total // 3 if total % 3 == 0 else 0
        if self is Points.FIVES_AND_THREES:
            return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)
        return 0


@dataclass(frozen=True)
class Option:
    """One switch a table may set (a game file's §11): its name, default and allowed values.

    ``choices`` lists the allowed values (required for a word option); ``None`` allows any positive
    whole number (or either truth value for a ``bool`` option). ``check`` adds a condition on a
    whole number, described by ``rule`` in errors.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    check: Callable[[int], bool] | None = None
    rule: str = ""
    by_seats: Mapping[int, OptionValue] | None = None
    """Defaults that depend on the number of seats (Bergen's target); ``default`` is the value
    at the game's default number of seats."""

    @property
    def kind(self) -> type:
        """``bool``, ``int`` or ``str``."""
        return bool if isinstance(self.default, bool) else str if isinstance(self.default, str) else int

    def validate(self, value: object, game: str) -> OptionValue:
        """``value`` if the option allows it, else :class:`OptionError` naming the option."""
        if self.kind is str:
            words = ", ".join(str(c) for c in self.choices or ())
            if not isinstance(value, str) or value not in (self.choices or ()):
                raise OptionError(f"{game} option {self.name!r} may be {words}, not {value!r}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{game} option {self.name!r} is true or false, not {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"{game} option {self.name!r} is a whole number, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"{game} option {self.name!r} may be {allowed}, not {value}")
        if self.choices is None and value <= 0:
            raise OptionError(f"{game} option {self.name!r} must be a positive whole number, not {value}")
        if self.check is not None and not self.check(value):
            raise OptionError(f"{game} option {self.name!r} must be {self.rule}, not {value}")
        return value

    def parse(self, text: str, game: str) -> OptionValue:
        """The value written as text (``--option KEY=VALUE``), validated."""
        word = text.strip().lower()
        value: object
        if self.kind is str:
            value = word
        elif self.kind is bool:
            value = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}.get(
                word, text
            )
        else:
            value = int(word) if word.isascii() and word.lstrip("-").isdigit() else text
        return self.validate(value, game)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """One game with its option values and its number of seats: everything a match is played by.

    Every parameter but the game's id, options, seats, deal, settlement and match end has the value
    of a plain line game where stuck seats knock (README §2), so that each game's description names
    only what makes it different.
    """

    game: str
    """The game's id (a preset's own id, e.g. ``kozel-125``)."""
    options: Mapping[str, OptionValue]
    """Every option of the game, with its value (defaults filled in)."""
    seats: int
    hand_size: int
    settlement: Settlement
    ending: Ending
    partnerships: bool = False
    """Four seats in two sides, seats 0 and 2 against 1 and 3; otherwise each seat is a side."""
    boneyard: Boneyard = Boneyard.NONE
    reserve: int = 0
    goat_misdeal: bool = False
    first_lead: tuple[int, ...] | None = None
    """The tile order (tile indexes) that names the first hand's leader and lead; ``None``: a lot."""
    after_domino: Later = Later.FINISHER
    after_block: Later = Later.LOT
    topology: Topology = Topology.LINE
    matching: Matching = Matching.EQUAL
    several_doubles: int = 0
    """The most doubles one move may place (0: one tile per move)."""
    lengthwise: bool = False
    closing: bool = False
    stuck: Stuck = Stuck.KNOCK
    team_out: bool = False
    """With partnerships, a seat that goes out is skipped; the hand ends when a side is out."""
    points: Points = Points.NONE
    lone_blank: int | None = None
    """The value of a hand of exactly 0-0 (``None``: its pips)."""
    sea_values: bool = False
    """Sea values (README §2.16): exactly 0-0 is worth 25, exactly 6-6 50, both 75."""
    fisherman_non_double: bool = False
    """The fisherman is the seat of the last non-double tile (``sea-kozel.md`` §6.2), not the last move."""
    all_ends_closed: bool = False
    """The hand ends as a block as soon as no connection point is left."""
    information: Information = Information.HIDDEN
    """What a seat may know besides its own tiles and the table."""

    @property
    def sides(self) -> int:
        """The number of sides (scores)."""
        return 2 if self.partnerships else self.seats

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat & 1 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return (side, side + 2) if self.partnerships else (side,)

    @property
    def draws(self) -> bool:
        """True when stuck seats draw (and a boneyard is there to draw from)."""
        return self.stuck is not Stuck.KNOCK and self.boneyard is Boneyard.DRAW

    @property
    def scores_points(self) -> bool:
        """True when placements score (the counted ends matter)."""
        return self.points is not Points.NONE


BuildRules = Callable[[Mapping[str, OptionValue], int], Rules]


@dataclass(frozen=True)
class Game:
    """A game of the family: its id and name, the seats it allows, its options, its report.

    ``build`` makes the :class:`Rules` from complete option values and a number of seats.
    ``preset`` (for a preset such as ``kozel-125``) changes the defaults of the options.
    ``report`` names the keys the game adds to each hand of a conformance report.
    """

    id: str
    name: str
    summary: str
    seats: tuple[int, ...]
    options: tuple[Option, ...]
    build: BuildRules = field(repr=False)
    report: tuple[str, ...] = ()
    default_seats: int = 4
    preset: Mapping[str, OptionValue] = field(default_factory=dict)
    base: str | None = None
    """For a preset, the game it presets."""
    engine: Engine = Engine.LAYOUT
    """The engine that plays the game: the layout engine (:class:`~sevenrocks.core.match.Match`), or
    Sausage's own."""

    def option(self, name: str) -> Option:
        """The option called ``name`` (:class:`OptionError` listing the options otherwise)."""
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {name!r} (its options: {known})")

    def defaults(self, seats: int | None = None) -> dict[str, OptionValue]:
        """Every option with its default (a preset's values included) for ``seats`` seats (the
        game's default number when not given)."""
        count = self.default_seats if seats is None else seats
        return {
            o.name: self.preset.get(
                o.name, o.default if o.by_seats is None else o.by_seats.get(count, o.default)
            )
            for o in self.options
        }

    def resolve(
        self, options: Mapping[str, object] | None = None, seats: int | None = None
    ) -> dict[str, OptionValue]:
        """``options`` checked and completed with the defaults (for ``seats`` seats)."""
        values = self.defaults(seats)
        if options is not None:
            if not isinstance(options, Mapping):
                raise OptionError(
                    f"the options of {self.id} are an object of names and values, not {options!r}"
                )
            for name, value in options.items():
                if not isinstance(name, str):
                    raise OptionError(f"an option name is text, not {name!r}")
                values[name] = self.option(name).validate(value, self.id)
        return values

    def rules(
        self,
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        *,
        engine: Engine = Engine.LAYOUT,
    ) -> Rules:
        """The rules of a match of this game with these options and this many seats (built once
        for each set of values, and shared: rules are immutable).

        ``engine`` is the engine that asks (the layout engine unless said): a game that another
        engine plays is refused with :class:`OtherEngineError`, which names the engine to use.

        >>> from sevenrocks.core.games import find_game
        >>> find_game("sausage").rules()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sevenrocks.core.errors.OtherEngineError: sausage is not played by the layout engine ...
        >>> find_game("sausage").rules(engine=Engine.SAUSAGE).hand_size
        14
        """
        if engine is not self.engine:
            raise OtherEngineError(
                f"{self.id} is not played by the {engine.value} engine ({engine.entry}): "
                f"it has its own, {self.engine.entry}"
            )
        count = self.default_seats if seats is None else seats
        if isinstance(count, bool) or not isinstance(count, int) or count not in self.seats:
            allowed = " or ".join(str(n) for n in self.seats)
            raise SeatsError(f"{self.id} is played by {allowed} seats, not {count!r}")
        values = self.resolve(options, count)
        key = (self.id, tuple(sorted(values.items())), count)
        rules = _BUILT.get(key)
        if rules is None:
            rules = _BUILT[key] = self.build(values, count)
        return rules


_BUILT: dict[tuple[str, tuple[tuple[str, OptionValue], ...], int], Rules] = {}


MAX_SEATS: Final = 4
