"""Sausage as a Gymnasium environment: one seat learns, one of our Sausage bots plays the other.

``SevenRocksEnv(game="sausage", ...)`` (:mod:`sevenrocks.rl.gym`) gives a :class:`SausageEnv`. The
opponent is a bot of :func:`sevenrocks.bots.sausage.make_sausage_bot` (``random``, ``greedy``,
``search``, ``search:iterations=50``...) or a bot object; it plays through its seat's
:class:`~sevenrocks.core.sausage.SausageView`. It runs on the PettingZoo environment
:class:`~sevenrocks.rl.sausage.SausageRawEnv`, so modes and rewards are the same.

- observation: the 243 floats of :data:`~sevenrocks.rl.sausage.SAUSAGE_OBSERVATION`;
- action: ``Discrete(84)`` (``3 * tile.index + way``); the legal ones are ``info["action_mask"]`` and
  :meth:`SausageEnv.action_masks`;
- the reward of a step sums the learner's rewards from its move until its next turn (the bot's moves
  and the settlement in between);
- an illegal action raises :class:`~sevenrocks.rl.actions.InvalidActionError` (``ValueError``).

>>> import numpy as np
>>> environment = SausageEnv(seat=1, opponents=("greedy",))
>>> obs, info = environment.reset(seed=0)
>>> obs.shape, int(info["action_mask"].sum()) >= 1
((243,), True)
>>> total, done = 0.0, False
>>> while not done:
...     action = int(np.flatnonzero(info["action_mask"])[0])
...     obs, reward, terminated, truncated, info = environment.step(action)
...     total += float(reward)
...     done = terminated or truncated
>>> total == environment.hand_points()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from sevenrocks.bots.sausage import SausageBot, make_sausage_bot
from sevenrocks.core.sausage import GAME_ID
from sevenrocks.rl.sausage import (
    NUM_SAUSAGE_ACTIONS,
    SAUSAGE_AGENTS,
    Mode,
    Reward,
    SausageRawEnv,
    sausage_action,
    sausage_observation_space,
)

__all__ = ["SausageEnv"]

Obs = npt.NDArray[np.float32]


class SausageEnv(gymnasium.Env[Obs, int]):
    """Seat ``seat`` (0 or 1) learns; ``opponents`` names the one bot (or holds a bot) of the other seat."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        *,
        game: str = GAME_ID,
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        seat: int = 0,
        opponents: Sequence[str | SausageBot] | None = None,
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int | None = None,
        max_hands: int | None = None,
        max_moves: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        self.aec = SausageRawEnv(
            game=game,
            options=options,
            seats=seats,
            mode=mode,
            reward=reward,
            target=target,
            max_hands=max_hands,
            max_moves=max_moves,
            render_mode=render_mode,
            seed=seed,
        )
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
            raise ValueError(f"seat must be seat 0 or 1 of Sausage's table, not {seat!r}")
        if opponents is None:
            opponents = ("greedy",)
        if isinstance(opponents, str) or not isinstance(opponents, Sequence) or len(opponents) != 1:
            raise ValueError(
                f"opponents must name one Sausage bot (random, greedy or search), not {opponents!r}"
            )
        spec = opponents[0]
        if not isinstance(spec, str) and not callable(getattr(spec, "choose", None)):
            raise ValueError(
                f"the opponent must be a Sausage bot's name or a bot with choose(view), not {spec!r}"
            )
        self.seat = seat
        self._bot_spec = spec
        self._bot = self._make_bot(seed)
        self.render_mode = render_mode
        self.observation_space = sausage_observation_space()["observation"]
        self.action_space = cast(gymnasium.spaces.Space[int], gymnasium.spaces.Discrete(NUM_SAUSAGE_ACTIONS))
        self._agent = SAUSAGE_AGENTS[seat]
        self._points = 0.0

    def _make_bot(self, seed: int | None) -> SausageBot:
        spec = self._bot_spec
        if isinstance(spec, str):
            return make_sausage_bot(spec, seed=None if seed is None else seed * 2 + 1 - self.seat)
        return spec

    @property
    def bot(self) -> SausageBot:
        """The opponent."""
        return self._bot

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learner now (1-D ``int8``)."""
        mask = np.zeros(NUM_SAUSAGE_ACTIONS, dtype=np.int8)
        mask[self.aec.legal_actions(self._agent)] = 1
        return mask

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self.aec.observe(self._agent)
        return obs["observation"], {"action_mask": obs["action_mask"]}

    def _over(self) -> bool:
        return self.aec.terminations[self._agent] or self.aec.truncations[self._agent]

    def _play_bot(self) -> float:
        """Let the bot move until the learner is to move or the episode ends; return the learner's reward."""
        aec = self.aec
        total = 0.0
        while not self._over() and aec.agent_selection != self._agent:
            move = self._bot.choose(aec.view(aec.agent_selection))
            aec.step(sausage_action(move))
            total += aec.rewards[self._agent]
        return total

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new deal (or match) and let the bot play until the learner's first move (a deal
        that ends before the learner can move is dealt again)."""
        super().reset(seed=seed)
        if seed is not None:
            self._bot = self._make_bot(seed)
        self.aec.reset(seed=seed)
        self._points = self._play_bot()
        while self._over():
            self.aec.reset()
            self._points = self._play_bot()
        return self._observe()

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Move ``action`` for the learner, then the bot plays until its next turn or the end."""
        aec = self.aec
        if aec.agent_selection != self._agent or self._over():
            raise ValueError("the episode is over: call reset()")
        aec.step(action)
        reward = aec.rewards[self._agent] + self._play_bot()
        self._points += reward
        terminated = aec.terminations[self._agent]
        truncated = aec.truncations[self._agent]
        obs, info = self._observe()
        if terminated or truncated:
            info["action_mask"] = np.zeros(NUM_SAUSAGE_ACTIONS, dtype=np.int8)
            info["scores"] = aec.match.scores
        return obs, reward, terminated, truncated, info

    def hand_points(self) -> float:
        """The reward collected since :meth:`reset` (raw points in ``"points"`` mode)."""
        return self._points

    def render(self) -> Any:
        """The table as text (``ansi``) or pixels (``rgb_array``)."""
        return self.aec.render()
