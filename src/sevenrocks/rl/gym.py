"""A Gymnasium single-agent environment: one seat learns, our bots play the other seats.

``game``, ``options`` and ``seats`` choose any game of the family (default Seven Rocks, with
three bots); ``opponents`` then names ``seats - 1`` bots. ``game="sausage"`` gives
:class:`sevenrocks.rl.sausage_gym.SausageEnv` (its own actions and observation; one bot of
:mod:`sevenrocks.bots.sausage`). A move of several doubles
takes the learner one step per double (the family's actions, :mod:`sevenrocks.rl.family`), and
in Sea Goat the learner decides its voluntary hundred with ``DECLARE_HUNDRED`` /
``DECLINE_HUNDRED`` (bots decide theirs with :func:`sevenrocks.bots.base.declares_hundred`).

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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sevenrocks.bots import Bot, make_bot
from sevenrocks.bots.base import declares_hundred
from sevenrocks.rl.actions import move_actions
from sevenrocks.rl.aec_base import Mode, Reward
from sevenrocks.rl.family import DECLARE_HUNDRED, DECLINE_HUNDRED
from sevenrocks.rl.gym_base import LearnerEnv
from sevenrocks.rl.pettingzoo import _observation_space, agents_of, raw_env

__all__ = ["SevenRocksEnv"]


class SevenRocksEnv(LearnerEnv):
    """Seat ``seat`` learns; ``opponents`` are bot names (or bots) for the other seats, in seat
    order after the learner."""

    _redeal_truncated: ClassVar[bool] = False
    aec: raw_env

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        """``game="sausage"`` gives Sausage's environment (:class:`sevenrocks.rl.sausage_gym.SausageEnv`)."""
        if kwargs.get("game") == "sausage":
            from sevenrocks.rl.sausage_gym import SausageEnv

            return SausageEnv(*args, **kwargs)
        return super().__new__(cls)

    def __init__(
        self,
        *,
        game: str = "seven-rocks",
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        seat: int = 0,
        opponents: Sequence[str | Bot] | None = None,
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int | None = None,
        max_hands: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        self.aec = raw_env(
            game=game,
            options=options,
            seats=seats,
            mode=mode,
            reward=reward,
            target=target,
            max_hands=max_hands,
            render_mode=render_mode,
            seed=seed,
        )
        n = self.aec.spec.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat 0..{n - 1} of this table, not {seat!r}")
        if opponents is None:
            opponents = ("greedy",) * (n - 1)
        if isinstance(opponents, str) or len(opponents) != n - 1:
            names = "three bots (next seat, partner, previous)" if n == 4 else f"{n - 1} bots"
            raise ValueError(f"opponents must name {names}, not {opponents!r}")
        self.seat = seat
        self._bot_specs = tuple(opponents)
        self._bots: dict[int, Bot] = {}
        self._seed = seed
        self._make_bots(seed)
        self._setup(agents_of(n)[seat], _observation_space(self.aec.spec), self.aec.spec.num_actions)

    def _make_bots(self, seed: int | None) -> None:
        n = len(self._bot_specs) + 1
        for k, spec in enumerate(self._bot_specs):
            seat = (self.seat + 1 + k) % n
            bot_seed = None if seed is None else seed * 4 + seat
            self._bots[seat] = make_bot(spec, seed=bot_seed) if isinstance(spec, str) else spec

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat."""
        return dict(self._bots)

    def _play_bots(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; return its reward."""
        aec = self.aec
        total = 0.0
        while not self._over():
            agent = aec.agent_selection
            if agent == self._agent:
                break
            seat = aec._seat(agent)
            view = aec.view(agent)
            bot = self._bots[seat]
            if aec.table.deciding == seat:
                actions: tuple[int, ...] = (
                    DECLARE_HUNDRED if declares_hundred(bot, view) else DECLINE_HUNDRED,
                )
            else:
                actions = move_actions(bot.choose(view))
            for action in actions:
                aec.step(action)
                total += aec.rewards[self._agent]
        return total
