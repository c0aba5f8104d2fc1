"""# Seven Rocks (PettingZoo AEC environment ``sevenrocks_v0``)

| Import             | `from sevenrocks.rl.pettingzoo import env, raw_env`                   |
|--------------------|------------------------------------------------------------------------|
| Actions            | Discrete(448)                                                          |
| Parallel API       | No (turn-based; knocks are automatic)                                  |
| Agents             | `agents = ['seat_0', 'seat_1', 'seat_2', 'seat_3']`                    |
| Partnerships       | `seat_0` + `seat_2` against `seat_1` + `seat_3`                        |
| Observation Shape  | `{"observation": (563,) float32, "action_mask": (448,) int8}`          |
| Render modes       | `ansi` (text), `rgb_array` (the SVG drawing as pixels)                 |

Seven Rocks is a partnership domino game: 28 tiles, seven to each of four seats, no drawing,
a single spinner, and points whenever the counted ends of the layout add up to a multiple of
five. Every rule is asked of :class:`sevenrocks.core.Match`; this module only translates.

## Actions

An action is the integer :attr:`Play.action` of a placement (see :mod:`sevenrocks.rl.actions`):
0..27 open the hand with a tile, 28..447 put a tile on a connection point. A seat that cannot
place knocks automatically, so ``agent_selection`` is always a seat with a legal placement.

## Observations

``{"observation": ..., "action_mask": ...}``: the flat per-seat tensor of
:mod:`sevenrocks.rl.observation` (563 floats, built from the seat's
:class:`~sevenrocks.core.view.SeatView` only) and a 1-D ``int8`` mask of the legal actions
(all zeros for seats that are not to place).

## Modes and rewards

- ``mode="hand"`` (default): one hand from scores 0-0; the episode ends at a domino, a block,
  or (rarely) when the target is reached during the hand.
- ``mode="match"``: hands follow one another (the finisher leads the next; after a block the
  lead is drawn by lot) until a partnership reaches ``target`` (250). ``max_hands`` truncates a
  match that has not ended after that many hands.

``reward="points"`` (default for hands): after every step each seat receives the change of its
partnership's score, in raw points: the placement points when its partnership scores, minus the
rounded pips of its partnership's remaining tiles at each settlement (partners get the same
reward). ``reward="win"`` (default for matches): 0 until the end, then +1 / -1 for the
partnership that won / lost the match (in hand mode: whose points minus deductions in the hand
were larger; 0 for a tie).

## Illegal actions

The raw environment (``raw_env``) raises
:class:`~sevenrocks.rl.actions.InvalidActionError` (a ``ValueError``) naming the action and the
legal ones, and changes nothing. ``env()`` adds PettingZoo's ``TerminateIllegalWrapper``: an
action that is an integer 0..447 but not legal ends the episode for every agent with
``illegal_reward`` (default -1) for the agent that made it and 0 for the others, as in the
PettingZoo classic games; an action outside 0..447 (or not an integer) still raises.

## Usage

>>> e = env(seed=3)
>>> e.reset(seed=3)
>>> steps = 0
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)
...     steps += 1
>>> 7 <= steps - 4 <= 28
True
"""

from __future__ import annotations

import random
from typing import Any, Final, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sevenrocks.core.events import HandEnd
from sevenrocks.core.match import Match
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import (
    NUM_ACTIONS,
    InvalidActionError,
    action_mask,
    check_action,
    legal_actions,
    play_of,
)
from sevenrocks.rl.observation import OBSERVATION, encode_observation
from sevenrocks.rl.render import render_rgb, render_text

__all__ = ["AGENTS", "env", "raw_env"]

AGENTS: Final = ("seat_0", "seat_1", "seat_2", "seat_3")
Mode = Literal["hand", "match"]
Reward = Literal["points", "win"]
Observation = dict[str, npt.NDArray[Any]]


def _observation_space() -> gymnasium.spaces.Dict:
    low = np.zeros(OBSERVATION.size, dtype=np.float32)
    high = np.ones(OBSERVATION.size, dtype=np.float32)
    scores = OBSERVATION.field("scores")
    low[scores.offset : scores.offset + scores.size] = -np.inf
    high[scores.offset : scores.offset + scores.size] = np.inf
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


class raw_env(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """The Seven Rocks AEC environment without wrappers (illegal actions raise).

    ``mode`` is ``"hand"`` or ``"match"``, ``reward`` ``"points"`` or ``"win"`` (by default
    points for a hand, win/loss for a match), ``target`` the match target, ``max_hands`` a
    truncation limit for matches, ``seed`` the default seed of the first :meth:`reset`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "rgb_array"],
        "name": "sevenrocks_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        *,
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int = DEFAULT_TARGET,
        max_hands: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if mode not in ("hand", "match"):
            raise ValueError(f"mode must be 'hand' or 'match', not {mode!r}")
        if reward is None:
            reward = "points" if mode == "hand" else "win"
        if reward not in ("points", "win"):
            raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of 'ansi', 'rgb_array' or None, not {render_mode!r}")
        if max_hands is not None and (
            isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1
        ):
            raise ValueError(f"max_hands must be a positive whole number or None, not {max_hands!r}")
        Match(target=target)  # the engine checks the target
        self.mode: Mode = mode
        self.reward_kind: Reward = reward
        self.target = target
        self.max_hands = max_hands
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {a: _observation_space() for a in AGENTS}
        self.action_spaces = {a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._rng = random.Random(seed)
        self.match = Match(target=target, rng=self._rng)
        self.match.start_hand()
        self._reset_bookkeeping()

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(448)`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ state
    def _reset_bookkeeping(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._hand_start_scores = self.match.scores
        self.agent_selection = self._agent_of_turn()

    def _agent_of_turn(self) -> str:
        turn = self.match.turn
        return AGENTS[turn if turn is not None else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a new match in match mode); ``seed`` makes it reproducible."""
        if seed is not None:
            self._rng.seed(seed)
        self.match = Match(target=self.target, rng=self._rng)
        self.match.start_hand()
        self._reset_bookkeeping()

    def view(self, agent: str) -> SeatView:
        """What ``agent``'s seat may know now (for bots playing a seat)."""
        return self.match.view(self._seat(agent))

    def observe(self, agent: str) -> Observation:
        """``{"observation", "action_mask"}`` for ``agent``."""
        view = self.view(agent)
        return {
            "observation": encode_observation(view),
            "action_mask": action_mask(legal_actions(view)),
        }

    def _seat(self, agent: str) -> int:
        try:
            return AGENTS.index(agent)
        except ValueError:
            raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(AGENTS)}") from None

    # ------------------------------------------------------------------- step
    def step(self, action: int | None) -> None:
        """Place the play of ``action`` for ``agent_selection``; knocks and hands follow."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        value = check_action(action)
        match = self.match
        if not match.is_legal(play_of(value)):
            legal = legal_actions(match.view(self._seat(agent)))
            shown = ", ".join(f"{a} ({play_of(a)})" for a in legal)
            raise InvalidActionError(
                f"action {value} ({play_of(value)}) is not legal for {agent}: the legal actions are {shown}",
                hand=match.hand_number,
            )
        before = match.scores
        self._cumulative_rewards[agent] = 0.0
        match.push(play_of(value))
        done, truncated = False, False
        if match.turn is None:  # the hand (or the match) has ended
            if self.mode == "hand" or match.is_over:
                done = True
            elif self.max_hands is not None and match.hand_number + 1 >= self.max_hands:
                truncated = True
            else:
                match.start_hand()
        after = match.scores
        self._set_rewards(before, after, done or truncated)
        if done or truncated:
            self.terminations = dict.fromkeys(self.agents, done)
            self.truncations = dict.fromkeys(self.agents, truncated)
        self._accumulate_rewards()
        self.agent_selection = self._agent_of_turn() if not (done or truncated) else agent
        if done or truncated:
            self._deads_step_first()

    def _set_rewards(self, before: tuple[int, ...], after: tuple[int, ...], over: bool) -> None:
        if self.reward_kind == "points":
            delta = (after[0] - before[0], after[1] - before[1])
            self.rewards = {a: float(delta[i & 1]) for i, a in enumerate(AGENTS)}
            return
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        if not over:
            return
        match = self.match
        if self.mode == "match" or match.is_over:
            winner = match.winner
            if winner is None:  # truncated: no winner
                return
        else:
            net = (after[0] - self._hand_start_scores[0], after[1] - self._hand_start_scores[1])
            if net[0] == net[1]:
                return
            winner = 0 if net[0] > net[1] else 1
        self.rewards = {a: (1.0 if (i & 1) == winner else -1.0) for i, a in enumerate(AGENTS)}

    @property
    def hand_end(self) -> HandEnd | None:
        """How the last hand ended (``None`` while it is being played)."""
        return self.match.hand_ended

    # ----------------------------------------------------------------- render
    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """A text picture (``ansi``) or an RGB image (``rgb_array``) of the table; all hands shown."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi'")
            return None
        if self.render_mode == "ansi":
            return render_text(self.match)
        return render_rgb(self.match)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return "sevenrocks_v0"


class _CheckedTerminateIllegal(wrappers.TerminateIllegalWrapper[str, Observation, int | None]):  # type: ignore[misc]
    """PettingZoo's illegal-move penalty, after a clear error for non-actions (not 0..447)."""

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if action is not None or not (self.terminations.get(agent) or self.truncations.get(agent)):
            check_action(action)
        super().step(action)


def env(*, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """``raw_env(**kwargs)`` with PettingZoo's standard wrappers (see the module docstring)."""
    base: AECEnv[str, Observation, int | None] = raw_env(**kwargs)
    base = _CheckedTerminateIllegal(base, illegal_reward=illegal_reward)
    return wrappers.OrderEnforcingWrapper(base)
