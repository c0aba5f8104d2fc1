"""A Gymnasium single-agent environment: one seat learns, our bots play the other three.

The learner's partner and both opponents are bots from :func:`sevenrocks.bots.make_bot`
(``opponents`` names them in seat order after the learner: next seat, partner, previous seat).
It runs on the PettingZoo environment :class:`sevenrocks.rl.pettingzoo.raw_env`, so modes and
rewards are the same: ``mode="hand"`` (default, reward ``"points"``: the learner's partnership
score change in raw points) or ``mode="match"`` (reward ``"win"``: +1/-1 at the end).

- observation: the flat ``float32`` tensor of :mod:`sevenrocks.rl.observation` (563 values);
- action: ``Discrete(448)``; the legal ones are ``info["action_mask"]`` (1-D ``int8``) and
  :meth:`SevenRocksEnv.action_masks` (the name maskable-policy libraries look for);
- the reward of a step sums what the learner's partnership gained or lost from its own
  placement until its next turn (the bots' placements, knocks, settlements in between);
- an illegal action raises :class:`~sevenrocks.rl.actions.InvalidActionError` (``ValueError``).

>>> import numpy as np
>>> environment = SevenRocksEnv(seat=1, opponents=("greedy", "random", "greedy"))
>>> obs, info = environment.reset(seed=0)
>>> obs.shape, info["action_mask"].dtype
((563,), dtype('int8'))
>>> total, done = 0.0, False
>>> while not done:
...     action = int(np.flatnonzero(info["action_mask"])[0])
...     obs, reward, terminated, truncated, info = environment.step(action)
...     total += reward
...     done = terminated or truncated
>>> total == environment.hand_points()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from sevenrocks.bots import Bot, make_bot
from sevenrocks.core.notation import Play
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.rl.actions import NUM_ACTIONS, action_mask, legal_actions
from sevenrocks.rl.pettingzoo import AGENTS, Mode, Reward, _observation_space, raw_env

__all__ = ["SevenRocksEnv"]

Obs = npt.NDArray[np.float32]


class SevenRocksEnv(gymnasium.Env[Obs, int]):
    """Seat ``seat`` (0..3) learns; ``opponents`` are three bot names (or bots) for the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        *,
        seat: int = 0,
        opponents: Sequence[str | Bot] = ("greedy", "greedy", "greedy"),
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int = DEFAULT_TARGET,
        max_hands: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat must be 0, 1, 2 or 3, not {seat!r}")
        if isinstance(opponents, str) or len(opponents) != 3:
            raise ValueError(
                f"opponents must name three bots (next seat, partner, previous), not {opponents!r}"
            )
        self.seat = seat
        self._bot_specs = tuple(opponents)
        self._bots: dict[int, Bot] = {}
        self._seed = seed
        self._make_bots(seed)
        self.aec = raw_env(
            mode=mode, reward=reward, target=target, max_hands=max_hands, render_mode=render_mode, seed=seed
        )
        self.render_mode = render_mode
        self.observation_space = _observation_space()["observation"]
        self.action_space = cast(gymnasium.spaces.Space[int], gymnasium.spaces.Discrete(NUM_ACTIONS))
        self._agent = AGENTS[seat]
        self._points = 0.0

    def _make_bots(self, seed: int | None) -> None:
        for k, spec in enumerate(self._bot_specs):
            seat = (self.seat + 1 + k) % 4
            bot_seed = None if seed is None else seed * 4 + seat
            self._bots[seat] = make_bot(spec, seed=bot_seed) if isinstance(spec, str) else spec

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat."""
        return dict(self._bots)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learner now (1-D ``int8``)."""
        return action_mask(legal_actions(self.aec.view(self._agent)))

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self.aec.observe(self._agent)
        return obs["observation"], {"action_mask": obs["action_mask"]}

    def _play_bots(self) -> float:
        """Let the bots place until the learner is to place or the episode ends; return its reward."""
        aec = self.aec
        total = 0.0
        while not (aec.terminations[self._agent] or aec.truncations[self._agent]):
            agent = aec.agent_selection
            if agent == self._agent:
                break
            seat = AGENTS.index(agent)
            play = self._bots[seat].choose(aec.view(agent))
            if not isinstance(play, Play):
                raise TypeError(f"{play} is several doubles: not a move of Seven Rocks")
            aec.step(play.action)
            total += aec.rewards[self._agent]
        return total

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new hand (or match) and let the bots play until the learner's first turn.

        A hand that ends before the learner can place at all (it knocked throughout) is
        dealt again, so an episode always starts with a decision.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._make_bots(seed)
        self.aec.reset(seed=seed)
        self._points = self._play_bots()
        while self.aec.terminations[self._agent]:  # the hand ended before the learner could place
            self.aec.reset()
            self._points = self._play_bots()
        return self._observe()

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Place ``action`` for the learner, then the bots play until its next turn or the end."""
        aec = self.aec
        aec.step(action)
        reward = aec.rewards[self._agent]
        reward += self._play_bots()
        self._points += reward
        terminated = aec.terminations[self._agent]
        truncated = aec.truncations[self._agent]
        obs, info = self._observe()
        if terminated or truncated:
            info["action_mask"] = np.zeros(NUM_ACTIONS, dtype=np.int8)
            info["scores"] = aec.match.scores
        return obs, reward, terminated, truncated, info

    def hand_points(self) -> float:
        """The reward collected since :meth:`reset` (raw points in ``"points"`` mode)."""
        return self._points

    def render(self) -> Any:
        """The table as text (``ansi``) or pixels (``rgb_array``)."""
        return self.aec.render()
