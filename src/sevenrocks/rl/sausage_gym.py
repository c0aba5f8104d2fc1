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
from typing import Any, SupportsFloat

from sevenrocks.bots.sausage import SausageBot, make_sausage_bot
from sevenrocks.core.sausage import GAME_ID
from sevenrocks.rl.aec_base import Mode, Reward
from sevenrocks.rl.gym_base import LearnerEnv, Obs
from sevenrocks.rl.sausage import (
    NUM_SAUSAGE_ACTIONS,
    SAUSAGE_AGENTS,
    SausageRawEnv,
    sausage_action,
    sausage_observation_space,
)

__all__ = ["SausageEnv"]


class SausageEnv(LearnerEnv):
    """Seat ``seat`` (0 or 1) learns; ``opponents`` names the one bot (or holds a bot) of the other seat."""

    aec: SausageRawEnv

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
        self._make_bots(seed)
        self._setup(SAUSAGE_AGENTS[seat], sausage_observation_space(), NUM_SAUSAGE_ACTIONS)

    def _make_bots(self, seed: int | None) -> None:
        spec = self._bot_spec
        if isinstance(spec, str):
            spec = make_sausage_bot(spec, seed=None if seed is None else seed * 2 + 1 - self.seat)
        self._bot = spec

    @property
    def bot(self) -> SausageBot:
        """The opponent."""
        return self._bot

    def _play_bots(self) -> float:
        """Let the bot move until the learner is to move or the episode ends; return the learner's reward."""
        aec = self.aec
        total = 0.0
        while not self._over() and aec.agent_selection != self._agent:
            move = self._bot.choose(aec.view(aec.agent_selection))
            aec.step(sausage_action(move))
            total += aec.rewards[self._agent]
        return total

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Move ``action`` for the learner, then the bot plays until its next turn or the end."""
        if self.aec.agent_selection != self._agent or self._over():
            raise ValueError("the episode is over: call reset()")
        return super().step(action)
