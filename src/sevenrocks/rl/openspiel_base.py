"""What the OpenSpiel games share: Seven Rocks (:mod:`sevenrocks.rl.openspiel`), the family
(:mod:`sevenrocks.rl.openspiel_family`) and Sausage (:mod:`sevenrocks.rl.openspiel_sausage`).

Their game types and infos, the chance nodes that deal tiles and draw a seat by lot, the boxes
that make OpenSpiel's ``clone()`` cheap, a state base over a table that holds every rule, and the
observer's checks and tensors. Each game writes only what differs.

>>> tile_outcomes([0, 1])[:2], lot_outcomes(2)
([(2, 0.038461538461538464), (3, 0.038461538461538464)], [(0, 0.5), (1, 0.5)])
>>> check_lot(2, 2)
Traceback (most recent call last):
...
ValueError: chance outcome 2 is not a seat 0 or 1 for the lot
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
import pyspiel

from sevenrocks.core.events import Knock, Placement
from sevenrocks.core.tiles import TILES
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.observation import TensorLayout

__all__ = [
    "NUM_TILES",
    "Box",
    "TableObserver",
    "TableState",
    "TensorObserver",
    "Unchanging",
    "check_lot",
    "deal_tile",
    "game_info",
    "game_type",
    "lot_outcomes",
    "record_text",
    "sampler_seed",
    "tile_outcomes",
    "voids_text",
]

NUM_TILES: Final = len(TILES)


# ------------------------------------------------------------------------------------- the game
def game_type(
    short_name: str, long_name: str, players: Sequence[int], parameters: dict[str, Any]
) -> pyspiel.GameType:
    """A sequential, explicitly stochastic, imperfect-information, zero-sum game with terminal
    rewards and every tensor and string, for ``players`` players (the fewest to the most)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def game_info(num_actions: int, players: int, max_utility: float, max_game_length: int) -> pyspiel.GameInfo:
    """The game's sizes: zero-sum utilities within ``±max_utility``, chance outcomes the tiles."""
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=NUM_TILES,
        num_players=players,
        min_utility=-max_utility,
        max_utility=max_utility,
        utility_sum=0.0,
        max_game_length=max_game_length,
    )


# ---------------------------------------------------------------------------------------- chance
def tile_outcomes(dealt: Sequence[int]) -> list[tuple[int, float]]:
    """The tiles not in ``dealt``, uniform."""
    rest = sorted(set(range(NUM_TILES)) - set(dealt))
    p = 1.0 / len(rest)
    return [(t, p) for t in rest]


def lot_outcomes(seats: int) -> list[tuple[int, float]]:
    """The seats, uniform (the lot that draws a leader)."""
    return [(seat, 1.0 / seats) for seat in range(seats)]


def deal_tile(dealt: list[int], action: object) -> None:
    """Append the chance outcome ``action`` to ``dealt`` if it is a tile left to deal; raise otherwise."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise InvalidActionError(f"a chance outcome is an integer, not {action!r}")
    if not 0 <= action < NUM_TILES or action in dealt:
        raise ValueError(f"chance outcome {action} is not a tile left to deal")
    dealt.append(action)


def check_lot(action: int, seats: int) -> None:
    """Raise ``ValueError`` unless the chance outcome ``action`` is a seat of ``seats``."""
    if not 0 <= action < seats:
        names = "0 or 1" if seats == 2 else f"0..{seats - 1}"
        raise ValueError(f"chance outcome {action} is not a seat {names} for the lot")


def sampler_seed(probability_sampler: Any) -> int:
    """A seed from ISMCTS's ``probability_sampler`` when it is callable, else a fresh random one."""
    if callable(probability_sampler):
        return int(probability_sampler() * 2**31)
    return random.getrandbits(32)


# --------------------------------------------------------------------------------------- cloning
class _Copyable(Protocol):
    def copy(self) -> Any: ...


C = TypeVar("C", bound=_Copyable)


class Box(Generic[C]):
    """Holds a match or table so that OpenSpiel's ``clone()`` (a deep copy of each attribute)
    copies it with its own ``copy()`` instead of walking every object in it."""

    __slots__ = ("item",)

    def __init__(self, item: C | None) -> None:
        self.item = item

    def __deepcopy__(self, memo: dict[int, Any]) -> Box[C]:
        return Box(self.item.copy() if self.item is not None else None)


class Unchanging:
    """A base for what every state of one game shares and never changes (``clone()`` keeps it, uncopied)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Unchanging:
        return self


# ----------------------------------------------------------------------------------------- state
class _Table(_Copyable, Protocol):
    @property
    def actor(self) -> int | None: ...

    def legal_actions(self) -> list[int]: ...

    def information_state(self, seat: int, out: npt.NDArray[np.float32] | None = None) -> Any: ...

    def observation(self, seat: int, out: npt.NDArray[np.float32] | None = None) -> Any: ...


T = TypeVar("T", bound=_Table)


class TableState(pyspiel.State, Generic[T]):  # type: ignore[misc]
    """A state that deals tiles (:attr:`_dealt`), then plays a table that holds every rule.

    A table ends a game when it has no actor (or when :meth:`_ended` says so).
    """

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self._dealt: list[int] = []
        self._box: Box[T] = Box(None)

    @property
    def table(self) -> T | None:
        """The hand being played (``None`` while dealing)."""
        return self._box.item

    @table.setter
    def table(self, table: T | None) -> None:
        self._box = Box(table)

    def _ended(self, table: T) -> bool:
        return table.actor is None

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` once the hand is over."""
        table = self.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.actor is None or self._ended(table):
            return int(pyspiel.PlayerId.TERMINAL)
        return table.actor

    def _legal_actions(self, player: int) -> list[int]:
        table = self.table
        if table is None or table.actor != player or self._ended(table):
            return []
        return table.legal_actions()

    def is_terminal(self) -> bool:
        """True once the hand has ended."""
        table = self.table
        return table is not None and self._ended(table)

    def _playing(self, match: Any) -> Any:
        """A clone of this state whose table (copied) plays ``match`` (a resampled one)."""
        state = self.clone()
        if self.table is not None:
            table = self.table.copy()
            table.match = match
            state.table = table
        return state


# -------------------------------------------------------------------------------------- observer
class TensorObserver:
    """OpenSpiel's observer interface: ``tensor``, named ``dict`` views, ``set_from``, ``string_from``.

    ``perfect_recall=True`` gives the information state, otherwise the observation. Only the
    observer's own private information is supported (``private_info=SINGLE_PLAYER``, with public
    information).
    """

    def __init__(
        self,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
        information_state: TensorLayout,
        observation: TensorLayout,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only the single-player observer with public information is supported")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.layout: TensorLayout = information_state if self.perfect_recall else observation
        self.tensor = self.layout.zeros()
        self.dict = self.layout.views(self.tensor)

    def _set_dealing(self, player: int, mine: Sequence[int] = ()) -> None:
        """The tensor while dealing: ``player``'s seat and the tiles ``mine`` dealt to it so far."""
        self.tensor.fill(0.0)
        if mine:
            self.dict["hand"][list(mine)] = 1.0
        self.dict["seat"][player] = 1.0
        if mine and self.perfect_recall:
            self.dict["dealt"][list(mine)] = 1.0


class TableObserver(TensorObserver):
    """The observer of a :class:`TableState`: the table's tensors once dealt, before that the seat
    and the tiles :meth:`_mine` says it was dealt so far."""

    def _mine(self, state: Any, player: int) -> Sequence[int]:
        """The tiles dealt to ``player`` so far that it can see (none by default)."""
        return ()

    def set_from(self, state: TableState[Any], player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state``."""
        table = state.table
        if table is None:
            self._set_dealing(player, self._mine(state, player))
        elif self.perfect_recall:
            table.information_state(player, self.tensor)
        else:
            table.observation(player, self.tensor)


def record_text(view: SeatView) -> str:
    """The placements and knocks ``view`` saw, ``seat:play`` and ``seat:knock``."""
    return " ".join(
        f"{e.seat}:{e.play}" if isinstance(e, Placement) else f"{e.seat}:knock"
        for e in view.events
        if isinstance(e, Placement | Knock)
    )


def voids_text(view: SeatView) -> str:
    """The values each seat's knocks prove it lacks, seat by seat."""
    return ";".join(",".join(map(str, sorted(v))) for v in view.void_values())
