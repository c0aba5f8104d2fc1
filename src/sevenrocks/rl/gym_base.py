"""What the Gymnasium environments of the family (:mod:`sevenrocks.rl.gym`) and of Sausage
(:mod:`sevenrocks.rl.sausage_gym`) share: one seat of an AEC environment learns, bots play the
others. Each environment writes only how its bots are made and how they play.
"""

from __future__ import annotations

from typing import Any, ClassVar, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from sevenrocks.rl.aec_base import TurnBasedEnv

__all__ = ["LearnerEnv", "Obs"]

Obs = npt.NDArray[np.float32]


class LearnerEnv(gymnasium.Env[Obs, int]):
    """Seat :attr:`seat` of :attr:`aec` learns; :meth:`_play_bots` plays the other seats.

    Subclasses make :attr:`aec`, call :meth:`_setup` and write :meth:`_play_bots` and
    :meth:`_make_bots`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012
    #: Whether an episode that ended by truncation before the learner's first turn is dealt again.
    _redeal_truncated: ClassVar[bool] = True
    aec: TurnBasedEnv
    seat: int

    def _setup(self, agent: str, observation_space: gymnasium.spaces.Dict, num_actions: int) -> None:
        """Set the learner's agent and the spaces (the observation part of the AEC one)."""
        self.render_mode = self.aec.render_mode
        self.observation_space = observation_space["observation"]
        self.action_space = cast(gymnasium.spaces.Space[int], gymnasium.spaces.Discrete(num_actions))
        self._num_actions = num_actions
        self._agent = agent
        self._points = 0.0

    def _make_bots(self, seed: int | None) -> None:
        """Make the bots again from their names, seeded by ``seed``."""
        raise NotImplementedError

    def _play_bots(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; return its reward."""
        raise NotImplementedError

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learner now (1-D ``int8``)."""
        mask = np.zeros(self._num_actions, dtype=np.int8)
        mask[self.aec.legal_actions(self._agent)] = 1
        return mask

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self.aec.observe(self._agent)
        return obs["observation"], {"action_mask": obs["action_mask"]}

    def _over(self) -> bool:
        return bool(self.aec.terminations[self._agent] or self.aec.truncations[self._agent])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new hand (or match) and let the bots play until the learner's first turn.

        A hand that ends before the learner can act at all is dealt again, so an episode always
        starts with a decision.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._make_bots(seed)
        self.aec.reset(seed=seed)
        self._points = self._play_bots()
        while self._over() if self._redeal_truncated else self.aec.terminations[self._agent]:
            self.aec.reset()
            self._points = self._play_bots()
        return self._observe()

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action`` for the learner, then the bots play until its next turn or the end."""
        aec = self.aec
        aec.step(action)
        reward = aec.rewards[self._agent] + self._play_bots()
        self._points += reward
        terminated = aec.terminations[self._agent]
        truncated = aec.truncations[self._agent]
        obs, info = self._observe()
        if terminated or truncated:
            info["action_mask"] = np.zeros(self._num_actions, dtype=np.int8)
            info["scores"] = aec.table.match.scores
        return obs, reward, terminated, truncated, info

    def hand_points(self) -> float:
        """The reward collected since :meth:`reset` (raw points in ``"points"`` mode)."""
        return self._points

    def render(self) -> Any:
        """The table as text (``ansi``) or pixels (``rgb_array``)."""
        return self.aec.render()
