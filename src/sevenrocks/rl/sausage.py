"""Sausage (``sausage.md``) for the research interfaces: its actions, tensors, turns and AEC environment.

Sausage is played by its own engine (:class:`~sevenrocks.core.sausage.SausageMatch`: two blind queues,
two lines, cuts), so it has its own action space and observation here; the adapters
(:mod:`sevenrocks.rl.pettingzoo`, :mod:`sevenrocks.rl.gym`, :mod:`sevenrocks.rl.openspiel`) send
``game="sausage"`` to this module, :mod:`sevenrocks.rl.sausage_gym` and
:mod:`sevenrocks.rl.openspiel_sausage`. Every rule is asked of the engine.

Actions
-------
84 integers, fixed: action ``3 * tile.index + way`` is the move ``TILE:WAY`` with the way numbered
top 0, bottom 1, cut 2 (:data:`~sevenrocks.core.sausage.WAYS`), so 0 is ``0-0:top``, 2 ``0-0:cut``,
83 ``6-6:cut``. Only the turned tile can be moved, so at most three actions are legal at a time.
Forced turns (the start tile, a tile sent to the back, a double set aside) are the engine's, never
actions: the seat to act always has a legal action.

>>> sausage_action("4-6:cut"), str(sausage_move(74))
(74, '4-6:cut')
>>> from sevenrocks.core.sausage import SausageMatch
>>> queues = ["2-5 1-3 4-6 4-4 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2 1-4 1-5".split(),
...           "5-6 2-4 3-3 0-0 1-6 2-2 2-3 2-6 3-4 3-5 3-6 4-5 5-5 6-6".split()]
>>> match = SausageMatch()
>>> match.start_deal(queues, starter=0)
>>> table = SausageTable(sausage_spec(), match=match)
>>> table.legal_actions(), table.apply(sausage_action("5-6:bottom")).went.value
([79], 'bottom')
>>> obs = encode_sausage_observation(match.view(0))
>>> SAUSAGE_OBSERVATION.views(obs)["ends"].argmax(axis=1).tolist()
[2, 6]
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from sevenrocks.core.errors import NotationError, SeatsError, SevenRocksError
from sevenrocks.core.games import Engine, Rules, find_game
from sevenrocks.core.sausage import (
    GAME_ID,
    QUEUE_SIZE,
    WAYS,
    SausageMatch,
    SausageMove,
    SausageView,
    Turn,
    Went,
)
from sevenrocks.core.tiles import TILES
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.aec_base import (
    Mode,
    Observation,
    Reward,
    TurnBasedEnv,
    check_settings,
    dict_space,
    wrap_env,
)
from sevenrocks.rl.observation import TensorLayout

__all__ = [
    "HISTORY_TURNS",
    "MAX_MOVES",
    "NUM_SAUSAGE_ACTIONS",
    "SAUSAGE_AGENTS",
    "SAUSAGE_INFORMATION_STATE",
    "SAUSAGE_OBSERVATION",
    "SausageRawEnv",
    "SausageSpec",
    "SausageTable",
    "check_sausage_action",
    "encode_sausage_information_state",
    "encode_sausage_observation",
    "sausage_action",
    "sausage_env",
    "sausage_move",
    "sausage_spec",
]

_NT: Final = len(TILES)
#: Every move of Sausage: 28 tiles times 3 ways.
NUM_SAUSAGE_ACTIONS: Final = _NT * len(WAYS)
#: The moves a deal may last in the environments before it is truncated (a deal may never end: under
#: some play the same turns come round again and again; random play ends a deal in about 23 moves).
MAX_MOVES: Final = 1000
#: The turns of a deal the information state's ``history`` holds (the last ones).
HISTORY_TURNS: Final = 128
SAUSAGE_AGENTS: Final = ("seat_0", "seat_1")
_WENT: Final = tuple(Went)  # start, top, bottom, cut, back, aside
_WENT_INDEX: Final = {went: i for i, went in enumerate(_WENT)}
_MOVES: Final = tuple(SausageMove(tile, way) for tile in TILES for way in WAYS)

Array = npt.NDArray[np.float32]


# ------------------------------------------------------------------------------------------ actions
def sausage_action(move: SausageMove | str) -> int:
    """The integer of a move (a :class:`SausageMove` or its notation, ``'4-6:cut'``)."""
    if isinstance(move, str):
        move = SausageMove.parse(move)
    if not isinstance(move, SausageMove):
        raise NotationError(f"a Sausage move is a SausageMove or text like '4-6:cut', not {move!r}")
    return 3 * move.tile.index + move.way.line


def check_sausage_action(action: object) -> int:
    """``action`` as a Python int if it is one of the 84; :class:`InvalidActionError` otherwise."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(
            f"a Sausage action is an integer 0..{NUM_SAUSAGE_ACTIONS - 1}, not {action!r}"
        )
    value = int(action)
    if not 0 <= value < NUM_SAUSAGE_ACTIONS:
        raise InvalidActionError(
            f"action {value} is out of range: the actions of sausage are integers "
            f"0..{NUM_SAUSAGE_ACTIONS - 1}"
        )
    return value


def sausage_move(action: object) -> SausageMove:
    """The move of an action (``3 * tile.index + way``)."""
    return _MOVES[check_sausage_action(action)]


# ------------------------------------------------------------------------------------------ the spec
@dataclass(frozen=True)
class SausageSpec:
    """Sausage with its options, as the research interfaces see it."""

    rules: Rules
    max_moves: int
    """Moves after which a deal is truncated (:data:`MAX_MOVES` unless given)."""

    game: ClassVar[str] = GAME_ID
    seats: ClassVar[int] = 2
    sides: ClassVar[int] = 2
    num_actions: ClassVar[int] = NUM_SAUSAGE_ACTIONS
    direction: ClassVar[int] = 1
    """Rewards are score changes as they are (points are good)."""
    name: ClassVar[str] = "python_sausage"
    """The OpenSpiel name."""

    @property
    def target(self) -> int:
        """The points that win the match (option ``target``)."""
        return int(self.rules.options["target"])

    @property
    def observation(self) -> TensorLayout:
        """The observation's layout (:data:`SAUSAGE_OBSERVATION`)."""
        return SAUSAGE_OBSERVATION

    @property
    def information_state(self) -> TensorLayout:
        """The information state's layout (:data:`SAUSAGE_INFORMATION_STATE`)."""
        return SAUSAGE_INFORMATION_STATE

    def new_match(self, rng: random.Random | None = None) -> SausageMatch:
        """A new match with these options."""
        return SausageMatch(dict(self.rules.options), rng=rng if rng is not None else random.Random())


def sausage_spec(
    options: Mapping[str, object] | None = None, seats: int | None = None, *, max_moves: int | None = None
) -> SausageSpec:
    """The :class:`SausageSpec` of ``options`` (checked by the engine); ``seats`` must be 2 if given.

    >>> sausage_spec({"target": 51}).target, sausage_spec().max_moves
    (51, 1000)
    >>> sausage_spec(seats=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.core.errors.SeatsError: sausage is played by 2 seats, not 4
    """
    if options is not None and not isinstance(options, Mapping):
        raise SevenRocksError(f"options must be a mapping of option names to values, not {options!r}")
    if max_moves is None:
        max_moves = MAX_MOVES
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
        raise ValueError(f"max_moves must be a positive whole number, not {max_moves!r}")
    rules = find_game(GAME_ID).rules(dict(options or {}), seats, engine=Engine.SAUSAGE)
    if rules.seats != 2:  # pragma: no cover - the game's seats say 2
        raise SeatsError(f"sausage is played by 2 seats, not {rules.seats}")
    return SausageSpec(rules, max_moves)


# ------------------------------------------------------------------------------------------ tensors
_OBSERVATION_FIELDS: Final = [
    ("turned", (_NT,)),
    ("turn", (2,)),
    ("ends", (2, 7)),
    ("values", (2, 7)),
    ("lengths", (2,)),
    ("can_cut", (1,)),
    ("start", (_NT,)),
    ("table", (_NT,)),
    ("aside", (_NT,)),
    ("queue_lengths", (2,)),
    ("hidden", (2,)),
    ("tails", (2, _NT)),
    ("unseen", (_NT,)),
    ("sent", (2,)),
    ("scores", (2,)),
    ("seat", (2,)),
    ("starter", (2,)),
    ("deal_number", (1,)),
    ("turns", (1,)),
]
#: Sausage's observation (243 floats), relative to the observer (relative seat 0 is itself, 1 the
#: opponent): see ``docs/rl.md``, "Sausage".
SAUSAGE_OBSERVATION: Final = TensorLayout(_OBSERVATION_FIELDS)
#: Sausage's information state: the observation and the last :data:`HISTORY_TURNS` turns of the deal.
SAUSAGE_INFORMATION_STATE: Final = TensorLayout(
    [*_OBSERVATION_FIELDS, ("history", (HISTORY_TURNS, 2 + _NT + len(_WENT)))]
)


def _fill_observation(view: SausageView, tensor: Array, target: int) -> dict[str, Array]:
    layout = (
        SAUSAGE_INFORMATION_STATE
        if tensor.shape[-1] == SAUSAGE_INFORMATION_STATE.size
        else SAUSAGE_OBSERVATION
    )
    tensor.fill(0.0)
    v = layout.views(tensor)
    me = view.seat
    seats = (me, 1 - me)  # absolute seat of relative seat r
    if view.turned is not None:
        v["turned"][view.turned.index] = 1.0
    if view.turn is not None:
        v["turn"][(view.turn - me) % 2] = 1.0
    table = view.table
    if table.start is not None:
        v["start"][table.start.index] = 1.0
        for i, line in enumerate(table.lines):
            v["ends"][i, line.end] = 1.0
            for value in line.values:
                v["values"][i, value] = 1.0
            v["lengths"][i] = len(line) / (_NT - 1)
        v["can_cut"][0] = float(table.can_cut)
        for k, tile in enumerate(table.laid):
            v["table"][tile.index] = (k + 1) / _NT
    for tile in view.aside:
        v["aside"][tile.index] = 1.0
    memory = view.memory()
    for r, seat in enumerate(seats):
        v["queue_lengths"][r] = view.queue_lengths[seat] / _NT
        v["hidden"][r] = memory.hidden[seat] / QUEUE_SIZE
        for k, tile in enumerate(memory.tails[seat]):
            v["tails"][r, tile.index] = (k + 1) / _NT
        v["sent"][r] = view.sent[seat] / _NT
        v["scores"][r] = view.scores[seat] / target
    for tile in memory.unseen:
        v["unseen"][tile.index] = 1.0
    v["seat"][me] = 1.0
    if view.starter is not None:
        v["starter"][(view.starter - me) % 2] = 1.0
    v["deal_number"][0] = min(max(view.deal_number, 0), 100) / 100
    v["turns"][0] = min(len(view.turns), MAX_MOVES) / MAX_MOVES
    return v


def encode_sausage_observation(view: SausageView, out: Array | None = None) -> Array:
    """The observation of ``view``'s seat (:data:`SAUSAGE_OBSERVATION`), read from the view alone."""
    tensor = SAUSAGE_OBSERVATION.zeros() if out is None else out
    _fill_observation(view, tensor, view.target)
    return tensor


def _history(view: SausageView, rows: Array) -> None:
    me = view.seat
    turns: tuple[Turn, ...] = view.turns[-HISTORY_TURNS:]
    for k, turn in enumerate(turns):
        rows[k, (turn.seat - me) % 2] = 1.0
        rows[k, 2 + turn.tile.index] = 1.0
        rows[k, 2 + _NT + _WENT_INDEX[turn.went]] = 1.0


def encode_sausage_information_state(view: SausageView, out: Array | None = None) -> Array:
    """The information state of ``view``'s seat (:data:`SAUSAGE_INFORMATION_STATE`)."""
    tensor = SAUSAGE_INFORMATION_STATE.zeros() if out is None else out
    v = _fill_observation(view, tensor, view.target)
    _history(view, v["history"])
    return tensor


# ------------------------------------------------------------------------------------------ the turns
class SausageTable:
    """A match of Sausage with what the research interfaces add: the moves made in the deal (a deal is
    truncated after ``spec.max_moves``)."""

    __slots__ = ("match", "moves", "spec")

    def __init__(
        self,
        spec: SausageSpec,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        match: SausageMatch | None = None,
    ) -> None:
        self.spec = spec
        self.match = (
            match if match is not None else spec.new_match(rng if rng is not None else random.Random(seed))
        )
        self.moves = 0

    def copy(self) -> SausageTable:
        """An independent copy (the match copied without its undo history)."""
        other = SausageTable.__new__(SausageTable)
        other.spec = self.spec
        other.match = self.match.copy(stack=False)
        other.moves = self.moves
        return other

    def start_deal(self, *args: Any, **kwargs: Any) -> None:
        """Deal the next deal (:meth:`SausageMatch.start_deal`)."""
        self.match.start_deal(*args, **kwargs)
        self.moves = 0

    @property
    def actor(self) -> int | None:
        """The seat to move; ``None`` when no deal runs."""
        return self.match.turn

    @property
    def truncated(self) -> bool:
        """True when the deal runs but has lasted ``spec.max_moves`` moves."""
        return self.match.turn is not None and self.moves >= self.spec.max_moves

    def legal_actions(self) -> list[int]:
        """The legal actions of :attr:`actor`, sorted ascending (the engine's legal moves)."""
        return [sausage_action(m) for m in self.match.legal_moves()]

    def apply(self, action: object) -> Turn:
        """Push the move of ``action``; :class:`InvalidActionError` naming the legal ones if illegal."""
        move = sausage_move(action)
        match = self.match
        if not match.is_legal(move):
            legal = ", ".join(f"{sausage_action(m)} ({m})" for m in match.legal_moves())
            raise InvalidActionError(
                f"action {sausage_action(move)} ({move}) is not legal"
                + (
                    f" for seat {match.turn}: the legal actions are {legal}"
                    if legal
                    else ": no deal is running"
                ),
                hand=match.deal_number,
            )
        self.moves += 1
        return match.push(move)

    def observation(self, seat: int, out: Array | None = None) -> Array:
        """The observation of ``seat``."""
        return encode_sausage_observation(self.match.view(seat), out)

    def information_state(self, seat: int, out: Array | None = None) -> Array:
        """The information state of ``seat``."""
        return encode_sausage_information_state(self.match.view(seat), out)


# ------------------------------------------------------------------------------------------ rendering
def render_sausage_text(match: SausageMatch) -> str:
    """The table as text, every queue face up (front first), as a spectator of the engine sees it.

    >>> match = SausageMatch(seed=7)
    >>> match.start_deal()
    >>> render_sausage_text(match).splitlines()[0]
    'deal 1 · seat 0: 0 · seat 1: 0 · target 101 · seat 1 to move (turned 0-6)'
    """
    if match.turn is not None:
        status = f"seat {match.turn} to move (turned {match.turned})"
    elif match.is_over:
        status = f"match won by seat {match.winner}"
    else:
        result = match.result
        status = f"deal over ({result.end if result is not None else 'not dealt'})"
    lines = [
        f"deal {match.deal_number + 1} · seat 0: {match.scores[0]} · seat 1: {match.scores[1]} · "
        f"target {match.target} · {status}",
        f"  {match.table}",
    ]
    if match.aside:
        lines.append(f"  set aside: {' '.join(map(str, match.aside))}")
    for seat in (0, 1):
        marker = ">" if seat == match.turn else " "
        lines.append(f"{marker} seat {seat}: {' '.join(map(str, match.queue(seat))) or '(empty)'}")
    return "\n".join(lines)


def render_sausage_rgb(match: SausageMatch, *, width: int = 720) -> npt.NDArray[np.uint8]:
    """The position (both queues face up) as an ``(height, width, 3)`` ``uint8`` image."""
    from PIL import Image

    from sevenrocks.png import svg_to_png
    from sevenrocks.sausage_svg import position

    png = svg_to_png(position(match), width=width)
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()


# ------------------------------------------------------------------------------------------ PettingZoo
def sausage_observation_space() -> gymnasium.spaces.Dict:
    """``{"observation": Box((243,)), "action_mask": Box((84,), int8)}`` (scores are unbounded above)."""
    return dict_space(SAUSAGE_OBSERVATION, NUM_SAUSAGE_ACTIONS, ("scores",), below=False)


class SausageRawEnv(TurnBasedEnv):
    """The AEC environment of Sausage without wrappers (illegal actions raise); what
    ``sevenrocks_v0(game="sausage")`` and ``raw_env(game="sausage")`` give.

    ``mode="hand"`` plays one deal from 0-0, ``"match"`` deals until a seat reaches the target
    (``max_hands`` truncates a longer match); ``reward="points"`` gives each seat its score change
    after every step (the engine's settlement: only the deal's winner scores), ``"win"`` +1/-1 at the
    end (in hand mode: the seat that scored in the deal; 0 when nobody did). A deal still running after
    ``max_moves`` moves truncates the episode.
    """

    table: SausageTable

    def __init__(
        self,
        *,
        game: str = GAME_ID,
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int | None = None,
        max_hands: int | None = None,
        max_moves: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if game != GAME_ID:
            raise ValueError(f"SausageRawEnv plays sausage, not {game!r}")
        reward_kind = check_settings(mode, reward, render_mode, max_hands, self.metadata["render_modes"])
        if target is not None:
            SausageMatch(target=target)  # the engine checks the target
            if options is not None and not isinstance(options, Mapping):
                sausage_spec(options)  # raises the error that says what options are
            options = {**(options or {}), "target": target}
        self.spec = sausage_spec(options, seats, max_moves=max_moves)
        self.target = self.spec.target
        self._setup(
            SAUSAGE_AGENTS,
            sausage_observation_space(),
            NUM_SAUSAGE_ACTIONS,
            mode=mode,
            reward=reward_kind,
            max_hands=max_hands,
            render_mode=render_mode,
        )
        self._rng = random.Random(seed)
        self._new_table()

    def _new_table(self) -> None:
        self.table = SausageTable(self.spec, rng=self._rng)
        self.table.start_deal()
        # a deal never ends before its first move: at least six tiles in the queues show a number of
        # the start tile and fit, so every queue is turned through to one of them before a block can
        # be counted, and a queue holds too few doubles to empty by setting them aside
        assert self.table.actor is not None
        self._reset_bookkeeping()

    @property
    def match(self) -> SausageMatch:
        """The match being played (every rule is asked of it)."""
        return self.table.match

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(84)`` (the same object on every call)."""
        return self.action_spaces[agent]

    def view(self, agent: str) -> SausageView:
        """What ``agent``'s seat may know now (for our Sausage bots)."""
        return self.match.view(self._seat(agent))

    def observe(self, agent: str) -> Observation:
        """``{"observation", "action_mask"}`` for ``agent``."""
        seat = self._seat(agent)
        view = self.match.view(seat)
        mask = np.zeros(NUM_SAUSAGE_ACTIONS, dtype=np.int8)
        for move in view.legal_moves:
            mask[sausage_action(move)] = 1
        return {"observation": encode_sausage_observation(view), "action_mask": mask}

    def check_action(self, action: object) -> int:
        """``action`` as a Python int if it is one of the 84 (:func:`check_sausage_action`)."""
        return check_sausage_action(action)

    def _apply(self, agent: str, action: int) -> None:
        try:
            self.table.apply(action)
        except InvalidActionError as err:
            raise InvalidActionError(f"{err.reason} ({agent})", hand=self.match.deal_number) from None

    def _episode_end(self) -> tuple[bool, bool]:
        """After a move: (terminated, truncated), dealing the next deal in match mode."""
        match = self.match
        while match.turn is None:
            if self.mode == "hand" or match.is_over:
                return True, False
            if self.max_hands is not None and match.deal_number + 1 >= self.max_hands:
                return False, True
            self.table.start_deal()
        return False, self.table.truncated

    def _set_rewards(self, before: tuple[int, ...], after: tuple[int, ...], over: bool) -> None:
        if self.reward_kind == "points":
            self.rewards = {a: float(after[i] - before[i]) for i, a in enumerate(SAUSAGE_AGENTS)}
            return
        self.rewards = dict.fromkeys(SAUSAGE_AGENTS, 0.0)
        if not over:
            return
        match = self.match
        if self.mode == "match" or match.is_over:
            winner = match.winner
        else:
            result = match.result
            winner = result.winner if result is not None and any(result.award) else None
        if winner is not None:
            self._win_rewards({winner})

    def _render(self, mode: str) -> str | npt.NDArray[np.uint8]:
        return render_sausage_text(self.match) if mode == "ansi" else render_sausage_rgb(self.match)


def sausage_env(*, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """``SausageRawEnv(**kwargs)`` with PettingZoo's standard wrappers (as ``sevenrocks_v0``)."""
    return wrap_env(SausageRawEnv(**kwargs), illegal_reward)
