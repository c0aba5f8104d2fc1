"""What the AEC environments of the family (:mod:`sevenrocks.rl.pettingzoo`) and of Sausage
(:mod:`sevenrocks.rl.sausage`) share: settings checks, agent selection, rewards, terminations,
rendering and the standard wrappers. Each environment writes only its game: how an action is
checked and made, what ends an episode, what each seat is rewarded and how the table is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, Protocol

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sevenrocks.rl.observation import TensorLayout

__all__ = ["Mode", "Observation", "Reward", "TurnBasedEnv", "dict_space", "wrap_env"]

Mode = Literal["hand", "match"]
Reward = Literal["points", "win"]
Observation = dict[str, npt.NDArray[Any]]


class _Scored(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...


class _TurnTable(Protocol):
    """What the base asks of an environment's table."""

    @property
    def match(self) -> _Scored: ...

    @property
    def actor(self) -> int | None: ...

    def legal_actions(self) -> list[int]: ...


def dict_space(
    layout: TensorLayout, num_actions: int, unbounded: Iterable[str] = (), *, below: bool = True
) -> gymnasium.spaces.Dict:
    """``{"observation": Box, "action_mask": Box(int8)}`` of a layout: values in [0, 1] except the
    ``unbounded`` fields (unbounded above, and below too when ``below``)."""
    low = np.zeros(layout.size, dtype=np.float32)
    high = np.ones(layout.size, dtype=np.float32)
    names = set(unbounded)
    for field in layout.fields:
        if field.name in names:
            if below:
                low[field.offset : field.offset + field.size] = -np.inf
            high[field.offset : field.offset + field.size] = np.inf
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
        }
    )


def check_settings(
    mode: object, reward: object, render_mode: object, max_hands: object, render_modes: Sequence[str]
) -> Reward:
    """Raise ``ValueError`` for a bad setting; the reward kind (by default from the mode)."""
    if mode not in ("hand", "match"):
        raise ValueError(f"mode must be 'hand' or 'match', not {mode!r}")
    if reward is None:
        reward = "points" if mode == "hand" else "win"
    if reward not in ("points", "win"):
        raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
    if render_mode is not None and render_mode not in render_modes:
        raise ValueError(f"render_mode must be one of 'ansi', 'rgb_array' or None, not {render_mode!r}")
    if max_hands is not None and (
        isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1
    ):
        raise ValueError(f"max_hands must be a positive whole number or None, not {max_hands!r}")
    return "points" if reward == "points" else "win"


class TurnBasedEnv(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """A turn-based AEC environment over a table whose ``actor`` is the seat to act.

    Subclasses set :attr:`table` in :meth:`_new_table` and write :meth:`check_action`,
    :meth:`_apply`, :meth:`_episode_end`, :meth:`_set_rewards`, :meth:`observe` and
    :meth:`_render`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "rgb_array"],
        "name": "sevenrocks_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    table: _TurnTable
    mode: Mode
    reward_kind: Reward
    max_hands: int | None
    render_mode: str | None
    _rng: random.Random

    def _setup(
        self,
        agents: Sequence[str],
        observation_space: gymnasium.spaces.Dict,
        num_actions: int,
        *,
        mode: Mode,
        reward: Reward,
        max_hands: int | None,
        render_mode: str | None,
    ) -> None:
        """Set the settings (checked by :func:`check_settings`), the agents and their spaces."""
        self.mode = mode
        self.reward_kind = reward
        self.max_hands = max_hands
        self.render_mode = render_mode
        self._agent_names = tuple(agents)
        self.possible_agents = list(agents)
        self.agents = list(agents)
        self.observation_spaces = dict.fromkeys(agents, observation_space)
        self.action_spaces = {a: gymnasium.spaces.Discrete(num_actions) for a in agents}

    # ----------------------------------------------------------------- hooks
    def check_action(self, action: object) -> int:
        """``action`` as a Python int if it is in the action space; an error otherwise."""
        raise NotImplementedError

    def _new_table(self) -> None:
        """Set :attr:`table` to a new hand (or match) and reset the bookkeeping."""
        raise NotImplementedError

    def _apply(self, agent: str, action: int) -> None:
        """Make ``agent``'s ``action`` on the table (an error naming the legal ones if illegal)."""
        raise NotImplementedError

    def _episode_end(self) -> tuple[bool, bool]:
        """After a move: (terminated, truncated), dealing the next hand where the mode says so."""
        raise NotImplementedError

    def _set_rewards(self, before: tuple[int, ...], after: tuple[int, ...], over: bool) -> None:
        """Set :attr:`rewards` for a step that took the scores from ``before`` to ``after``."""
        raise NotImplementedError

    def _render(self, mode: str) -> str | npt.NDArray[np.uint8]:
        """The table as text (``ansi``) or pixels (``rgb_array``)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ state
    def _reset_bookkeeping(self) -> None:
        agents = self._agent_names
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self.agent_selection = self._agent_of_turn()

    def _agent_of_turn(self) -> str:
        actor = self.table.actor
        return self._agent_names[actor if actor is not None else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a new match in match mode); ``seed`` makes it reproducible."""
        if seed is not None:
            self._rng.seed(seed)
        self._new_table()

    def legal_actions(self, agent: str) -> list[int]:
        """The legal actions of ``agent`` now, sorted ascending (empty when it is not to act)."""
        return self.table.legal_actions() if self.table.actor == self._seat(agent) else []

    def _seat(self, agent: str) -> int:
        try:
            return self._agent_names.index(agent)
        except ValueError:
            raise ValueError(
                f"unknown agent {agent!r}: the agents are {', '.join(self._agent_names)}"
            ) from None

    # ------------------------------------------------------------------- step
    def step(self, action: int | None) -> None:
        """Take ``action`` for ``agent_selection``; what the engine does next follows."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        value = self.check_action(action)
        before = self.table.match.scores
        self._apply(agent, value)
        self._cumulative_rewards[agent] = 0.0
        done, truncated = self._episode_end()
        self._set_rewards(before, self.table.match.scores, done or truncated)
        if done or truncated:
            self.terminations = dict.fromkeys(self.agents, done)
            self.truncations = dict.fromkeys(self.agents, truncated)
        self._accumulate_rewards()
        self.agent_selection = self._agent_of_turn() if not (done or truncated) else agent
        if done or truncated:
            self._deads_step_first()

    def _win_rewards(self, winners: set[int], side_of: Callable[[int], int] = int) -> None:
        """+1 to the agents whose side (``side_of(seat)``) is among ``winners``, -1 to the others."""
        self.rewards = {a: (1.0 if side_of(i) in winners else -1.0) for i, a in enumerate(self._agent_names)}

    # ----------------------------------------------------------------- render
    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """A text picture (``ansi``) or an RGB image (``rgb_array``) of the table; all hands shown."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi'")
            return None
        return self._render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return "sevenrocks_v0"


class _CheckedTerminateIllegal(wrappers.TerminateIllegalWrapper[str, Observation, int | None]):  # type: ignore[misc]
    """PettingZoo's illegal-move penalty, after a clear error for non-actions (outside the space)."""

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if action is not None or not (self.terminations.get(agent) or self.truncations.get(agent)):
            self.unwrapped.check_action(action)
        super().step(action)


def wrap_env(base: TurnBasedEnv, illegal_reward: float) -> AECEnv[str, Observation, int | None]:
    """``base`` with PettingZoo's standard wrappers: the illegal-move penalty and order enforcing."""
    wrapped: AECEnv[str, Observation, int | None] = _CheckedTerminateIllegal(
        base, illegal_reward=illegal_reward
    )
    return wrappers.OrderEnforcingWrapper(wrapped)
