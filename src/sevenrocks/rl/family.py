"""Every game of the family for the research interfaces: its action space, tensors and turns.

:func:`game_spec` resolves a game id, its options and its number of seats (through
:meth:`sevenrocks.core.games.Game.rules`, which checks them) into a :class:`GameSpec`: the number
of agents, sides and actions, and the observation and information-state layouts of that game.
:class:`Table` holds a :class:`~sevenrocks.core.match.Match` and the turn-level bookkeeping the
adapters share: a move of several doubles is a sequence of actions by the same seat
(:mod:`sevenrocks.rl.actions`), and Sea Goat's voluntary hundred is a decision of the 6-6 holder
before the lead (:meth:`Match.declare_hundred <sevenrocks.core.match.Match.declare_hundred>`).

Actions
-------
Seven Rocks keeps its 448 actions. Every other game of the layout engine uses the family's
1,444 (:data:`~sevenrocks.rl.actions.FAMILY_ACTIONS`), and Sea Goat two more:
:data:`DECLARE_HUNDRED` (1444) and :data:`DECLINE_HUNDRED` (1445), legal only for the seat that
may declare, before the lead. Draws from the boneyard and knocks are made by the engine (a
stuck seat draws or knocks as its game says), so they are never actions.

Sausage is played by its own engine (blind queues, two lines, no connection points):
:func:`game_spec` refuses it with :class:`UnsupportedGameError` (so does ``BatchedHands``: Sausage has
no compiled step), which points to its own interfaces, :mod:`sevenrocks.rl.sausage`.

>>> spec = game_spec("kozel", seats=3)
>>> spec.seats, spec.sides, spec.num_actions, spec.observation.size > 0
(3, 3, 1444, True)
>>> game_spec("sea-kozel").num_actions, game_spec().num_actions
(1446, 448)
>>> table = Table(spec, seed=2)
>>> table.start_hand()
>>> actions = table.legal_actions()
>>> _ = table.apply(actions[0])
>>> table.match.layout.plays != ()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, Engine, Rules, find_game
from sevenrocks.core.games.general import Counts
from sevenrocks.core.games.settlement import LosersWrite
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Move
from sevenrocks.core.tiles import TILES
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import (
    FAMILY_ACTIONS,
    NUM_ACTIONS,
    NUM_FAMILY_ACTIONS,
    NUM_FAMILY_PLAYS,
    InvalidActionError,
    move_actions,
    move_of_actions,
    next_actions,
)
from sevenrocks.rl.family_observation import (
    encode_family_information_state,
    encode_family_observation,
    family_fields,
    history_fields,
)
from sevenrocks.rl.observation import INFORMATION_STATE, OBSERVATION, TensorLayout

__all__ = [
    "DECLARE_HUNDRED",
    "DECLINE_HUNDRED",
    "GameSpec",
    "Table",
    "UnsupportedGameError",
    "action_name",
    "encode_family_information_state",
    "encode_family_observation",
    "game_spec",
    "layout_game_ids",
]

#: Sea Goat: the seat that may declare a voluntary hundred declares it (it then leads 6-6).
DECLARE_HUNDRED: Final = NUM_FAMILY_ACTIONS
#: Sea Goat: the seat that may declare a voluntary hundred lets the hand be led as usual.
DECLINE_HUNDRED: Final = NUM_FAMILY_ACTIONS + 1

_NT: Final = len(TILES)
Array = npt.NDArray[np.float32]


class UnsupportedGameError(SevenRocksError, ValueError):
    """A game without a layout spec (Sausage: its own engine, its own interfaces in
    :mod:`sevenrocks.rl.sausage`; no ``BatchedHands``)."""


def layout_game_ids() -> tuple[str, ...]:
    """The ids of the games the research interfaces play: every game of the layout engine."""
    from sevenrocks.core.games import LAYOUT_GAMES

    return tuple(game.id for game in LAYOUT_GAMES)


@dataclass(frozen=True)
class GameSpec:
    """One game with its options and seats, as the research interfaces see it."""

    rules: Rules
    num_actions: int
    """Size of the action space: 448 (Seven Rocks), 1,446 (Sea Goat) or 1,444."""
    observation: TensorLayout
    information_state: TensorLayout
    direction: int
    """+1 where a side wants points, -1 where its score counts what is bad (Kozel's written
    pips, General's lost hands): rewards are the score changes times this."""
    scale: float
    """What scores are divided by in the tensors (the target, else 100)."""

    @property
    def game(self) -> str:
        """The game id."""
        return self.rules.game

    @property
    def seats(self) -> int:
        """Number of seats (agents)."""
        return self.rules.seats

    @property
    def sides(self) -> int:
        """Number of sides (partnerships or single seats) scores are kept for."""
        return self.rules.sides

    @property
    def hundred(self) -> bool:
        """True where a seat may declare a voluntary hundred (Sea Goat)."""
        return self.num_actions > NUM_FAMILY_ACTIONS

    @property
    def name(self) -> str:
        """The game's name for OpenSpiel: ``python_`` and the id with ``-`` as ``_``."""
        return "python_" + self.game.replace("-", "_")

    def new_match(self, rng: random.Random | None = None) -> Match:
        """A new match of this game."""
        return Match(self.rules, rng=rng)

    def sides_value(self, before: tuple[int, ...], after: tuple[int, ...]) -> list[float]:
        """Per seat: its side's score change times :attr:`direction`, less the other sides' mean
        change (zero-sum over the seats).

        >>> game_spec().sides_value((0, 0), (10, 0))
        [10.0, -10.0, 10.0, -10.0]
        """
        rules = self.rules
        delta = [self.direction * (a - b) for a, b in zip(after, before, strict=True)]
        total = sum(delta)
        sides = rules.sides
        out = []
        for seat in range(rules.seats):
            mine = delta[rules.side_of(seat)]
            out.append(float(mine - (total - mine) / (sides - 1)) if sides > 1 else float(mine))
        return out


def _direction(rules: Rules) -> int:
    return -1 if isinstance(rules.settlement, LosersWrite | Counts) else 1


@lru_cache(maxsize=64)
def _spec(game: str, options: tuple[tuple[str, object], ...], seats: int | None) -> GameSpec:
    definition = find_game(game)
    if definition.engine is not Engine.LAYOUT:
        raise UnsupportedGameError(
            f"{definition.id} is played by its own engine ({definition.engine.entry}: blind queues and "
            "two lines, no connection points), so it has no layout spec and BatchedHands does not "
            "simulate it: it has no compiled step (docs/benchmarks.md, 'Why Sausage has no compiled "
            "step'); its research interfaces are sevenrocks.rl.sausage: sevenrocks_v0(game='sausage'), "
            "SevenRocksEnv(game='sausage') and OpenSpiel's python_sausage"
        )
    rules = definition.rules(dict(options), seats)
    if rules.game == DEFAULT_GAME and rules.seats == 4 and rules.partnerships:
        observation, information = OBSERVATION, INFORMATION_STATE
        num_actions = NUM_ACTIONS
    else:
        observation = TensorLayout(family_fields(rules))
        information = TensorLayout([*family_fields(rules), *history_fields(rules)])
        num_actions = NUM_FAMILY_ACTIONS
        if rules.settlement.keeps_record:  # the voluntary hundred: declare or decline
            num_actions += 2
    target = rules.ending.target if hasattr(rules.ending, "target") else None
    scale = float(target) if isinstance(target, int) and target > 0 else 100.0
    return GameSpec(rules, num_actions, observation, information, _direction(rules), scale)


def game_spec(
    game: str = DEFAULT_GAME, options: Mapping[str, object] | None = None, seats: int | None = None
) -> GameSpec:
    """The :class:`GameSpec` of ``game`` with ``options`` and ``seats`` (checked by the engine).

    >>> game_spec("sausage")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.rl.family.UnsupportedGameError: sausage is played by its own engine ...
    """
    if options is not None and not isinstance(options, Mapping):
        raise SevenRocksError(f"options must be a mapping of option names to values, not {options!r}")
    items = tuple(sorted((options or {}).items()))
    try:
        return _spec(game, items, seats)
    except TypeError as err:  # an unhashable option value
        raise SevenRocksError(f"bad options {options!r}: {err}") from None


# ------------------------------------------------------------------ the turns
def action_name(spec: GameSpec, action: int) -> str:
    """An action in words: its play's notation (``+`` after a part with more to follow) or the
    hundred decision.

    >>> spec = game_spec("sea-kozel")
    >>> action_name(spec, DECLARE_HUNDRED), action_name(spec, 0)
    ('declare a hundred', '0-0')
    """
    value = check_action(spec, action)
    if value == DECLARE_HUNDRED:
        return "declare a hundred"
    if value == DECLINE_HUNDRED:
        return "no hundred"
    text = str(FAMILY_ACTIONS[value])
    return text + "+" if value >= NUM_FAMILY_PLAYS else text


def check_action(spec: GameSpec, action: object) -> int:
    """``action`` as a Python int if it is an integer of ``spec``'s action space; else raise."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(f"an action must be an integer 0..{spec.num_actions - 1}, not {action!r}")
    value = int(action)
    if not 0 <= value < spec.num_actions:
        raise InvalidActionError(
            f"action {value} is out of range: the actions of {spec.game} are integers "
            f"0..{spec.num_actions - 1}"
        )
    return value


class Table:
    """A match of ``spec``'s game with what the research interfaces add to it: the actions chosen
    so far in a move of several doubles, and Sea Goat's pending hundred decision."""

    __slots__ = ("_asked", "chosen", "match", "spec")

    def __init__(self, spec: GameSpec, *, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.spec = spec
        self.match = spec.new_match(rng if rng is not None else random.Random(seed))
        self.chosen: tuple[int, ...] = ()
        self._asked = False

    def copy(self) -> Table:
        """An independent copy (the match copied with :meth:`Match.copy`)."""
        other = Table.__new__(Table)
        other.spec = self.spec
        other.match = self.match.copy()
        other.chosen = self.chosen
        other._asked = self._asked
        return other

    def start_hand(self, *args: object, **kwargs: object) -> None:
        """Deal the next hand (:meth:`Match.start_hand`); a void deal (a Sea Goat egg redeal) is
        dealt again at once when the match deals itself."""
        self.match.start_hand(*args, **kwargs)  # type: ignore[arg-type]
        if not args and not kwargs:
            while self.match.turn is None and not self.match.is_over:
                self.match.start_hand()
        self.chosen = ()
        self._asked = False

    @property
    def deciding(self) -> int | None:
        """The seat deciding whether to declare a voluntary hundred now (Sea Goat), else ``None``."""
        if not self.spec.hundred or self._asked or self.match.turn is None:
            return None
        return self.match.hundred_declarer()

    @property
    def actor(self) -> int | None:
        """The seat to act: the hundred's decider, else the seat to move; ``None`` between hands."""
        deciding = self.deciding
        return deciding if deciding is not None else self.match.turn

    def legal_actions(self, view: SeatView | None = None) -> list[int]:
        """The legal actions of :attr:`actor`, sorted ascending (``view``: the actor's view, if
        at hand, whose legal moves are then read instead of asking the match again)."""
        if self.deciding is not None:
            return [DECLARE_HUNDRED, DECLINE_HUNDRED]
        match = self.match
        if match.turn is None:
            return []
        if view is not None and view.seat != match.turn:
            raise ValueError(f"the view of seat {view.seat} is not the view of the seat to move")
        if not self.chosen and not self.spec.rules.several_doubles:
            plays = view.legal_plays if view is not None else match.legal_plays()
            return sorted(move_actions(p)[0] for p in plays)
        return next_actions(view.moves if view is not None else match.legal_moves(), self.chosen)

    def apply(self, action: object) -> Move | None:
        """Take ``action`` for :attr:`actor`: the move it completes is pushed (and returned);
        :class:`InvalidActionError` naming the legal actions if it is not legal now."""
        value = check_action(self.spec, action)
        match = self.match
        if value < NUM_FAMILY_PLAYS and not self.chosen and match.turn is not None and self.deciding is None:
            play = FAMILY_ACTIONS[value]  # a one-tile move: the engine says at once whether it is legal
            if match.is_legal(play):
                match.push(play)
                self._asked = True
                return play
        legal = self.legal_actions()
        if value not in legal:
            shown = ", ".join(f"{a} ({action_name(self.spec, a)})" for a in legal[:40])
            raise InvalidActionError(
                f"action {value} ({action_name(self.spec, value)}) is not legal for seat {self.actor}: "
                f"the legal actions are {shown or 'none'}",
                hand=self.match.hand_number,
            )
        if value == DECLARE_HUNDRED:
            self.match.declare_hundred()
            self._asked = True
            return None
        if value == DECLINE_HUNDRED:
            self._asked = True
            return None
        if value >= NUM_FAMILY_PLAYS:  # a part of several doubles, more to follow
            self.chosen = (*self.chosen, value)
            return None
        actions = (*self.chosen, value)
        move = move_of_actions(actions, self.match.legal_moves()) if self.chosen else FAMILY_ACTIONS[value]
        self.match.push(move)
        self.chosen = ()
        self._asked = True
        return move

    def observation(self, seat: int, out: Array | None = None, view: SeatView | None = None) -> Array:
        """The observation of ``seat`` (the actions chosen so far only in the mover's own);
        ``view``: the seat's view, if at hand."""
        chosen = self.chosen if seat == self.match.turn else ()
        return encode_family_observation(self.spec, view or self.match.view(seat), chosen, out)

    def information_state(self, seat: int, out: Array | None = None) -> Array:
        """The information state of ``seat``."""
        chosen = self.chosen if seat == self.match.turn else ()
        return encode_family_information_state(self.spec, self.match.view(seat), chosen, out)
