"""Sausage as an OpenSpiel game: ``pyspiel.load_game("python_sausage")`` (registered on import of
:mod:`sevenrocks.rl.openspiel`).

One game is one deal from a new match, played by :class:`~sevenrocks.core.sausage.SausageMatch`
through :class:`~sevenrocks.rl.sausage.SausageTable`:

- parameters: ``target`` (the game's option, 101) and ``max_moves`` (1000: a deal still running after
  that many moves ends with returns 0, since under some play a deal never ends);
- chance: 28 nodes deal the queues face down (outcome: the tile index; the k-th tile dealt is at
  position k of seat 0's queue, front first, for k < 14, else at position k - 14 of seat 1's), then one
  node draws the starter by lot (outcomes 0 and 1, uniform); the engine then lays the start tile and
  plays the forced turns;
- players 0 and 1 are the seats; actions are Sausage's 84 (:mod:`sevenrocks.rl.sausage`:
  ``3 * tile.index + way``); the forced turns (a tile sent to the back, a double set aside) are the
  engine's, so the player to move always has a legal action;
- returns (terminal, zero-sum): the seat's points in the deal less the other's (only the winner
  scores); 0 for both after a truncated deal;
- tensors and strings come from the seat's :class:`~sevenrocks.core.sausage.SausageView` only;
- :meth:`SausageState.resample_from_infostate` deals the never-turned tiles between the queues in a
  random order, keeping the known tails and the turned tile
  (:meth:`SausageView.sample_queues <sevenrocks.core.sausage.SausageView.sample_queues>`), so
  OpenSpiel's ``ISMCTSBot`` can search it.

>>> import pyspiel
>>> import sevenrocks.rl.openspiel
>>> game = pyspiel.load_game("python_sausage")
>>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_size()
(2, 84, 243)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(min(a for a, _ in state.chance_outcomes()))
>>> state.current_player(), [str(sausage_move(a)) for a in state.legal_actions()]
(0, ['0-1:top', '0-1:bottom'])
"""

from __future__ import annotations

import random
from typing import Any, Final, cast

import pyspiel

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.sausage import GAME_ID, QUEUE_SIZE, SausageMatch
from sevenrocks.core.tiles import TILES
from sevenrocks.rl.openspiel_base import (
    NUM_TILES,
    TableObserver,
    TableState,
    Unchanging,
    check_lot,
    deal_tile,
    game_info,
    game_type,
    lot_outcomes,
    sampler_seed,
    tile_outcomes,
)
from sevenrocks.rl.sausage import (
    MAX_MOVES,
    NUM_SAUSAGE_ACTIONS,
    SAUSAGE_INFORMATION_STATE,
    SAUSAGE_OBSERVATION,
    SausageSpec,
    SausageTable,
    sausage_move,
    sausage_spec,
)

__all__ = ["GAME_TYPE", "SausageGame", "SausageObserver", "SausageState"]

#: No deal awards more than every pip of the set.
_MAX_UTILITY: Final = 168.0
_PARAMETERS: Final = {"target": 101, "max_moves": MAX_MOVES}

GAME_TYPE: Final = game_type("python_sausage", "Python Sausage (one deal)", (2,), _PARAMETERS)


def _spec_of(params: dict[str, Any]) -> SausageSpec:
    unknown = sorted(set(params) - set(_PARAMETERS))
    if unknown:
        raise SevenRocksError(
            f"{GAME_ID} has no parameter {', '.join(map(repr, unknown))}: "
            "its parameters are target and max_moves"
        )
    values = {**_PARAMETERS, **params}
    return sausage_spec({"target": values["target"]}, max_moves=values["max_moves"])


class SausageGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of Sausage for OpenSpiel (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.spec = _spec_of(params)
        info = game_info(NUM_SAUSAGE_ACTIONS, 2, _MAX_UTILITY, NUM_TILES + 1 + self.spec.max_moves)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> SausageState:
        """The state before the deal."""
        return SausageState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SausageObserver:
        """An observer: information state with ``perfect_recall=True``, else the observation."""
        return SausageObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class SausageState(TableState[SausageTable]):
    """A deal in progress: the deal so far, then a :class:`SausageTable` that holds every rule."""

    def __init__(self, game: SausageGame) -> None:
        super().__init__(game)
        self._spec = _Shared(game.spec)

    def _ended(self, table: SausageTable) -> bool:
        """Out, block, or ``max_moves`` moves."""
        return table.actor is None or table.truncated

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles not dealt yet (uniform), then the two seats for the lot (uniform)."""
        if len(self._dealt) < NUM_TILES:
            return tile_outcomes(self._dealt)
        return lot_outcomes(2)

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table is not None:
            table.apply(action)
            return
        if len(self._dealt) < NUM_TILES:
            deal_tile(self._dealt, action)
            return
        check_lot(action, 2)
        queues = [[TILES[t] for t in self._dealt[:QUEUE_SIZE]], [TILES[t] for t in self._dealt[QUEUE_SIZE:]]]
        table = SausageTable(self._spec.spec, rng=random.Random(0))
        table.start_deal(queues, starter=action)
        self.table = table

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = len(self._dealt)
            if n < NUM_TILES:
                return f"deal {TILES[action]} to seat {n // QUEUE_SIZE}'s queue"
            return f"seat {action} starts"
        return str(sausage_move(action))

    def returns(self) -> list[float]:
        """Zero until the end (and after a truncated deal); then each seat's points less the other's."""
        table = self.table
        if table is None or table.actor is not None:
            return [0.0, 0.0]
        s0, s1 = table.match.scores
        return [float(s0 - s1), float(s1 - s0)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SausageState:
        """A state ``player_id`` cannot tell from this one: the never-turned tiles dealt between the
        two queues in a random order (the known tails and the turned tile kept)."""
        table = self.table
        if table is None or self.is_terminal():
            return cast(SausageState, self.clone())
        seed = sampler_seed(probability_sampler)
        view = table.match.view(player_id)
        queues = view.sample_queues(random.Random(seed))
        return cast(SausageState, self._playing(SausageMatch.from_view(view, queues, seed=seed)))

    def __str__(self) -> str:
        table = self.table
        if table is None:
            return f"dealing: {len(self._dealt)} tiles dealt"
        match = table.match
        lines = [str(match.table) if match.table.start is not None else "(no table)"]
        lines += [f"seat {s}: {' '.join(str(t) for t in match.queue(s))}" for s in (0, 1)]
        lines.append(f"aside: {' '.join(map(str, match.aside))}; moves {table.moves}")
        return "\n".join(lines)


class _Shared(Unchanging):
    """What every state of one game shares and never changes (``clone()`` keeps it, uncopied)."""

    __slots__ = ("spec",)

    def __init__(self, spec: SausageSpec) -> None:
        self.spec = spec


class SausageObserver(TableObserver):
    """OpenSpiel's observer interface for Sausage: the information state
    (:data:`~sevenrocks.rl.sausage.SAUSAGE_INFORMATION_STATE`) with ``perfect_recall=True``, else the
    observation (:data:`~sevenrocks.rl.sausage.SAUSAGE_OBSERVATION`). While dealing the tensor holds
    the seat only, since nobody sees a queue."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None) -> None:
        super().__init__(iig_obs_type, params, SAUSAGE_INFORMATION_STATE, SAUSAGE_OBSERVATION)

    def string_from(self, state: SausageState, player: int) -> str:
        """``player``'s information state (every public turn of the deal) or observation as text."""
        table = state.table
        if table is None:
            return f"seat {player}; dealing"
        view = table.match.view(player)
        if self.perfect_recall:
            turns = " ".join(
                f"{t.seat}:{t.tile}:{t.went.value}" + (f"/{t.gave}" if t.gave else "") for t in view.turns
            )
            scores = f"{view.scores[0]}-{view.scores[1]}"
            return f"seat {player}; starter {view.starter}; scores {scores}; turns {turns}"
        memory = view.memory()
        tails = ";".join(" ".join(map(str, tail)) for tail in memory.tails)
        return (
            f"seat {player}; {view.table}; aside {' '.join(map(str, view.aside))}; "
            f"queues {view.queue_lengths[0]},{view.queue_lengths[1]}; hidden {memory.hidden[0]},"
            f"{memory.hidden[1]}; tails {tails}; sent {view.sent[0]},{view.sent[1]}; "
            f"turn {view.turn} turned {view.turned}; scores {view.scores[0]}-{view.scores[1]}"
        )


pyspiel.register_game(GAME_TYPE, SausageGame)
