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
from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from sevenrocks.bots import Bot, make_bot
from sevenrocks.bots.base import declares_hundred
from sevenrocks.rl.actions import move_actions
from sevenrocks.rl.family import DECLARE_HUNDRED, DECLINE_HUNDRED
from sevenrocks.rl.pettingzoo import Mode, Reward, _observation_space, agents_of, raw_env

__all__ = ["SevenRocksEnv"]

Obs = npt.NDArray[np.float32]


class SevenRocksEnv(gymnasium.Env[Obs, int]):
    """Seat ``seat`` learns; ``opponents`` are bot names (or bots) for the other seats, in seat
    order after the learner."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012

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
        self.render_mode = render_mode
        self.observation_space = _observation_space(self.aec.spec)["observation"]
        self.action_space = cast(
            gymnasium.spaces.Space[int], gymnasium.spaces.Discrete(self.aec.spec.num_actions)
        )
        self._agent = agents_of(n)[seat]
        self._points = 0.0

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

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learner now (1-D ``int8``)."""
        mask = np.zeros(self.aec.spec.num_actions, dtype=np.int8)
        mask[self.aec.legal_actions(self._agent)] = 1
        return mask

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self.aec.observe(self._agent)
        return obs["observation"], {"action_mask": obs["action_mask"]}

    def _play_bots(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; return its reward."""
        aec = self.aec
        total = 0.0
        while not (aec.terminations[self._agent] or aec.truncations[self._agent]):
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
            info["action_mask"] = np.zeros(self.aec.spec.num_actions, dtype=np.int8)
            info["scores"] = aec.match.scores
        return obs, reward, terminated, truncated, info

    def hand_points(self) -> float:
        """The reward collected since :meth:`reset` (raw points in ``"points"`` mode)."""
        return self._points

    def render(self) -> Any:
        """The table as text (``ansi``) or pixels (``rgb_array``)."""
        return self.aec.render()
