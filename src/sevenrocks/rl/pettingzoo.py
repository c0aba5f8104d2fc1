"""# Seven Rocks and its family (PettingZoo AEC environment ``sevenrocks_v0``)

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

## Every game of the family

``sevenrocks_v0(game="kozel", options={"target": 51}, seats=3)`` plays any game of
``sevenrocks games``; the default is Seven Rocks, described below, unchanged. Sausage, with its
own engine, has its own environment, actions (84) and observation: ``sevenrocks_v0(game="sausage")``
and ``raw_env(game="sausage")`` give :class:`sevenrocks.rl.sausage.SausageRawEnv`.
A family game has ``seats`` agents ``seat_0 .. seat_{n-1}``, the family's
actions (``Discrete(1444)``; Sea Goat ``Discrete(1446)``, see :mod:`sevenrocks.rl.family`) and
its own observation (``docs/rl.md`` lists the fields of each game). A move of several doubles
is one action per double: the same agent stays selected until the move is complete. Draws
from the boneyard and knocks are made by the engine, as the game's rules say. In Sea Goat the
seat that may declare a voluntary hundred is selected before the lead, with the actions
``DECLARE_HUNDRED`` and ``DECLINE_HUNDRED``. Rewards are the changes of each side's score
turned round where points are bad (Kozel's written pips, General's lost hands), so that more
is always better.

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
from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from sevenrocks.core.events import HandEnd
from sevenrocks.core.match import Match
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.aec_base import (
    Mode,
    Observation,
    Reward,
    TurnBasedEnv,
    check_settings,
    dict_space,
    wrap_env,
)
from sevenrocks.rl.family import GameSpec, Table, action_name, check_action, game_spec
from sevenrocks.rl.observation import OBSERVATION
from sevenrocks.rl.render import render_rgb, render_text

__all__ = ["AGENTS", "agents_of", "env", "raw_env"]

AGENTS: Final = ("seat_0", "seat_1", "seat_2", "seat_3")
#: Fields of the family's observations that are not within [0, 1].
_UNBOUNDED: Final = frozenset({"scores", "remembered", "record", "eggs", "open_values", "ends_total"})


def agents_of(seats: int) -> tuple[str, ...]:
    """The agents' names of a table of ``seats`` seats: ``seat_0 .. seat_{seats - 1}``."""
    return tuple(f"seat_{s}" for s in range(seats))


def _observation_space(spec: GameSpec | None = None) -> gymnasium.spaces.Dict:
    spec = spec or game_spec()
    layout = spec.observation
    unbounded = ("scores",) if layout is OBSERVATION else _UNBOUNDED
    return dict_space(layout, spec.num_actions, unbounded)


def _spec_of(
    game: str, options: Mapping[str, object] | None, seats: int | None, target: int | None
) -> GameSpec:
    """The game's spec, ``target`` set as its ``target`` option (checked by the engine)."""
    if target is None:
        return game_spec(game, options, seats)
    Match(game, options=options, seats=seats, target=target)  # the engine checks the target
    return game_spec(game, {**(options or {}), "target": target}, seats)


class raw_env(TurnBasedEnv):
    """The AEC environment of one game of the family without wrappers (illegal actions raise).

    ``game`` is a game id (default Seven Rocks), ``options`` its options and ``seats`` its number
    of seats, as ``sevenrocks games ID`` lists them; ``mode`` is ``"hand"`` or ``"match"``,
    ``reward`` ``"points"`` or ``"win"`` (by default points for a hand, win/loss for a match),
    ``target`` the match target (the game's ``target`` option), ``max_hands`` a truncation limit
    for matches, ``seed`` the default seed of the first :meth:`reset`.
    """

    table: Table

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        """``game="sausage"`` gives Sausage's environment (:class:`sevenrocks.rl.sausage.SausageRawEnv`)."""
        if kwargs.get("game") == "sausage":
            from sevenrocks.rl.sausage import SausageRawEnv

            return SausageRawEnv(*args, **kwargs)
        return super().__new__(cls)

    def __init__(
        self,
        *,
        game: str = "seven-rocks",
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        mode: Mode = "hand",
        reward: Reward | None = None,
        target: int | None = None,
        max_hands: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        reward_kind = check_settings(mode, reward, render_mode, max_hands, self.metadata["render_modes"])
        self.spec = _spec_of(game, options, seats, target)
        self.target = self.spec.rules.ending.target if target is None else target
        self._setup(
            agents_of(self.spec.seats),
            _observation_space(self.spec),
            self.spec.num_actions,
            mode=mode,
            reward=reward_kind,
            max_hands=max_hands,
            render_mode=render_mode,
        )
        self._rng = random.Random(seed)
        self._new_table()

    @property
    def match(self) -> Match:
        """The match being played (every rule is asked of it)."""
        return self.table.match

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(448)`` in Seven Rocks (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ state
    def _new_table(self) -> None:
        self.table = Table(self.spec, rng=self._rng)
        self.table.start_hand()
        self._hand_start_scores = self.match.scores
        self._reset_bookkeeping()

    def view(self, agent: str) -> SeatView:
        """What ``agent``'s seat may know now (for bots playing a seat)."""
        return self.match.view(self._seat(agent))

    def observe(self, agent: str) -> Observation:
        """``{"observation", "action_mask"}`` for ``agent``."""
        seat = self._seat(agent)
        view = self.match.view(seat)
        mask = np.zeros(self.spec.num_actions, dtype=np.int8)
        if self.table.actor == seat:
            mask[self.table.legal_actions(view if view.turn == seat else None)] = 1
        return {"observation": self.table.observation(seat, view=view), "action_mask": mask}

    # ------------------------------------------------------------------- step
    def check_action(self, action: object) -> int:
        """``action`` as a Python int if it is one of the game's actions; an error otherwise."""
        return check_action(self.spec, action)

    def _apply(self, agent: str, action: int) -> None:
        try:
            self.table.apply(action)
        except InvalidActionError:
            legal = self.table.legal_actions()
            shown = ", ".join(f"{a} ({action_name(self.spec, a)})" for a in legal[:40])
            raise InvalidActionError(
                f"action {action} ({action_name(self.spec, action)}) is not legal for {agent}: "
                f"the legal actions are {shown}",
                hand=self.match.hand_number,
            ) from None

    def _episode_end(self) -> tuple[bool, bool]:
        match = self.match
        if match.turn is None:  # the hand (or the match) has ended
            if self.mode == "hand" or match.is_over:
                return True, False
            if self.max_hands is not None and match.hand_number + 1 >= self.max_hands:
                return False, True
            self.table.start_hand()
            return match.is_over, False
        return False, False

    def _set_rewards(self, before: tuple[int, ...], after: tuple[int, ...], over: bool) -> None:
        rules = self.spec.rules
        agents = self._agent_names
        direction = self.spec.direction
        if self.reward_kind == "points":
            self.rewards = {
                a: float(direction * (after[rules.side_of(i)] - before[rules.side_of(i)]))
                for i, a in enumerate(agents)
            }
            return
        self.rewards = dict.fromkeys(agents, 0.0)
        if not over:
            return
        match = self.match
        if self.mode == "match" or match.is_over:
            outcome = match.outcome
            if outcome is None or outcome.is_draw:  # truncated, or a drawn match
                return
            winners = set(outcome.winners)
        else:
            start = self._hand_start_scores
            net = [direction * (a - b) for a, b in zip(after, start, strict=True)]
            best = max(net)
            winners = {side for side, v in enumerate(net) if v == best}
            if len(winners) == len(net):
                return
        self._win_rewards(winners, rules.side_of)

    @property
    def hand_end(self) -> HandEnd | None:
        """How the last hand ended (``None`` while it is being played)."""
        return self.match.hand_ended

    def _render(self, mode: str) -> str | npt.NDArray[np.uint8]:
        return render_text(self.match) if mode == "ansi" else render_rgb(self.match)


def env(*, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """``raw_env(**kwargs)`` with PettingZoo's standard wrappers (see the module docstring)."""
    if kwargs.get("game") == "sausage":
        from sevenrocks.rl.sausage import sausage_env

        return sausage_env(illegal_reward=illegal_reward, **kwargs)
    return wrap_env(raw_env(**kwargs), illegal_reward)


#: The name PettingZoo's classic environments are imported by.
sevenrocks_v0 = env
