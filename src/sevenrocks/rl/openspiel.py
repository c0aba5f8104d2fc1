"""Seven Rocks as an OpenSpiel game: ``pyspiel.load_game("python_seven_rocks")``.

Importing this module registers the game. One game is one hand of Seven Rocks from scores
0-0, played by :class:`sevenrocks.core.Match` (the state holds a match and asks it every rule):

- chance: 28 nodes deal the tiles (the outcome is the tile index; tile ``k`` of the deal goes
  to seat ``k // 7``), then one node draws the leader by lot (outcomes 0..3, uniform);
- players 0..3 are the seats (0 and 2 against 1 and 3); actions are the 448 integers of
  :mod:`sevenrocks.rl.actions`, legal actions sorted ascending; knocks are automatic, so the
  current player always has a legal action;
- returns (terminal reward model, zero-sum): for seats 0 and 2, their partnership's points
  minus deductions in the hand less the other partnership's; the negation for seats 1 and 3;
- information-state and observation tensors and strings come from the seat's
  :class:`~sevenrocks.core.view.SeatView` (:mod:`sevenrocks.rl.observation`);
- :meth:`SevenRocksState.resample_from_infostate` deals the unseen tiles at random among the
  other seats, consistent with their tile counts and the voids their knocks prove, so
  OpenSpiel's ISMCTS bot can search it.

>>> import pyspiel
>>> game = pyspiel.load_game("python_seven_rocks")
>>> game.num_distinct_actions(), game.num_players(), game.information_state_tensor_size()
(448, 4, 6219)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(min(a for a, _ in state.chance_outcomes()))
>>> state.current_player(), state.legal_actions()
(0, [0, 1, 2, 3, 4, 5, 6])
"""

from __future__ import annotations

import random
from typing import Any, Final, cast

import pyspiel

from sevenrocks.core.match import Match
from sevenrocks.core.tiles import NUM_SEATS, TILES, Tile, tiles_of_mask
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import NUM_ACTIONS, check_action, play_of
from sevenrocks.rl.observation import (
    INFORMATION_STATE,
    OBSERVATION,
    encode_information_state,
    encode_observation,
)
from sevenrocks.rl.openspiel_base import (
    NUM_TILES,
    Box,
    TensorObserver,
    check_lot,
    game_info,
    game_type,
    lot_outcomes,
    record_text,
    sampler_seed,
    tile_outcomes,
    voids_text,
)

__all__ = ["SevenRocksGame", "SevenRocksObserver", "SevenRocksState", "sample_hands"]

_HAND_SIZE: Final = 7
#: A loose bound on one partnership's net points in a hand, less the other's.
_MAX_UTILITY: Final = 1200.0

_GAME_TYPE = game_type("python_seven_rocks", "Python Seven Rocks (one hand)", (NUM_SEATS,), {})
_GAME_INFO = game_info(NUM_ACTIONS, NUM_SEATS, _MAX_UTILITY, NUM_TILES)


class SevenRocksGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Seven Rocks for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})

    def new_initial_state(self) -> SevenRocksState:
        """The state before the deal."""
        return SevenRocksState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SevenRocksObserver:
        """An observer: information state with ``perfect_recall=True``, else the observation."""
        return SevenRocksObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class SevenRocksState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the deal so far, then a :class:`Match` that holds every rule."""

    def __init__(self, game: SevenRocksGame) -> None:
        super().__init__(game)
        self._dealt: list[int] = []
        self._box: Box[Match] = Box(None)

    @property
    def match(self) -> Match | None:
        """The hand being played (``None`` while dealing)."""
        return self._box.item

    @match.setter
    def match(self, match: Match | None) -> None:
        self._box = Box(match)

    # ---------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        """The seat to place, ``CHANCE`` while dealing, ``TERMINAL`` once the hand is over."""
        if self.match is None:
            return int(pyspiel.PlayerId.CHANCE)
        turn = self.match.turn
        return int(pyspiel.PlayerId.TERMINAL) if turn is None else turn

    def _legal_actions(self, player: int) -> list[int]:
        match = self.match
        if match is None or match.turn != player:
            return []
        return sorted(play.action for play in match.legal_plays())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles not dealt yet (uniform), then the four seats for the lot (uniform)."""
        if len(self._dealt) < NUM_TILES:
            return tile_outcomes(self._dealt)
        return lot_outcomes(NUM_SEATS)

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            if len(self._dealt) < NUM_TILES:
                tile = check_action(action)
                if tile >= NUM_TILES or tile in self._dealt:
                    raise ValueError(f"chance outcome {action} is not a tile left to deal")
                self._dealt.append(tile)
                return
            check_lot(action, NUM_SEATS)
            deal = [
                sorted((TILES[t] for t in self._dealt[_HAND_SIZE * s : _HAND_SIZE * (s + 1)]), key=_index)
                for s in range(NUM_SEATS)
            ]
            self.match = Match()
            self.match.start_hand(deal, leader=action)
            return
        self.match.push(play_of(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._dealt) < NUM_TILES:
                return f"deal {TILES[action]} to seat {len(self._dealt) // _HAND_SIZE}"
            return f"seat {action} leads"
        return str(play_of(action))

    def is_terminal(self) -> bool:
        """True once the hand has ended (domino, block, or the target)."""
        return self.match is not None and self.match.turn is None

    def returns(self) -> list[float]:
        """Zero until the end; then each seat's partnership net points less the other's."""
        if not self.is_terminal() or self.match is None:
            return [0.0] * NUM_SEATS
        s0, s1 = self.match.scores
        return [float(s0 - s1), float(s1 - s0), float(s0 - s1), float(s1 - s0)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SevenRocksState:
        """A state ``player_id`` cannot tell from this one: the other seats' tiles re-dealt at random.

        The unseen tiles go to the other seats in the numbers they hold, never a tile of a value
        a seat's knocks prove it lacks. ``probability_sampler`` (from ISMCTS) gives the randomness
        when it is callable, else a fresh generator does.
        """
        state = cast(SevenRocksState, self.clone())
        match = self.match
        if match is None:
            return state
        view = match.view(player_id)
        hands = sample_hands(view, random.Random(sampler_seed(probability_sampler)))
        state.match = Match.from_view(view, hands)
        return state

    def __str__(self) -> str:
        if self.match is None:
            return f"dealing: {len(self._dealt)} tiles dealt"
        lines = [f"layout: {' '.join(str(p) for p in self.match.layout.plays) or '(empty)'}"]
        lines += [f"seat {s}: {' '.join(str(t) for t in self.match.hand(s))}" for s in range(NUM_SEATS)]
        lines.append(f"scores: {self.match.scores[0]}-{self.match.scores[1]}")
        return "\n".join(lines)


def _index(tile: Tile) -> int:
    return tile.index


def sample_hands(view: SeatView, rng: random.Random, *, attempts: int = 1000) -> dict[int, list[Tile]]:
    """Deal the tiles ``view``'s seat cannot see among the other seats, at random.

    Each seat gets as many tiles as it holds and only tiles it may hold
    (:meth:`SeatView.possible_mask`, which accounts for the voids its knocks prove).
    Tiles with the fewest possible holders are placed first; a dead end starts over.
    """
    others = [s for s in range(NUM_SEATS) if s != view.seat]
    unseen = tiles_of_mask(view.unseen_mask)
    possible = {s: view.possible_mask(s) for s in others}
    for _ in range(attempts):
        room = {s: view.tile_counts[s] for s in others}
        hands: dict[int, list[Tile]] = {s: [] for s in others}
        order = list(unseen)
        rng.shuffle(order)
        order.sort(key=lambda t: sum(1 for s in others if possible[s] & t.bit))
        for tile in order:
            seats = [s for s in others if room[s] > 0 and possible[s] & tile.bit]
            if not seats:
                break
            seat = seats[rng.randrange(len(seats))]
            hands[seat].append(tile)
            room[seat] -= 1
        else:
            return hands
    raise ValueError(f"no deal of the unseen tiles fits the knocks seen by seat {view.seat}")


class SevenRocksObserver(TensorObserver):
    """OpenSpiel's observer interface: ``tensor``, named ``dict`` views, ``set_from``, ``string_from``.

    ``perfect_recall=True`` gives the information state (:data:`INFORMATION_STATE`), otherwise
    the observation (:data:`OBSERVATION`). Only the observer's own private information is
    supported (``private_info=SINGLE_PLAYER``, with public information).
    """

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None) -> None:
        super().__init__(iig_obs_type, params, INFORMATION_STATE, OBSERVATION)

    def set_from(self, state: SevenRocksState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state``."""
        match = state.match
        if match is None:
            self._set_dealing(player, state._dealt[_HAND_SIZE * player : _HAND_SIZE * (player + 1)])
            return
        view = match.view(player)
        if self.perfect_recall:
            encode_information_state(view, self.tensor)
        else:
            encode_observation(view, self.tensor)

    def string_from(self, state: SevenRocksState, player: int) -> str:
        """``player``'s information state (or observation) as text."""
        match = state.match
        if match is None:
            mine = state._dealt[_HAND_SIZE * player : _HAND_SIZE * (player + 1)]
            return f"seat {player} dealt {' '.join(str(TILES[t]) for t in sorted(mine))}"
        view = match.view(player)
        if self.perfect_recall:
            dealt = sorted(view.hand + view.played_by(player), key=_index)
            record = record_text(view)
            return f"seat {player} dealt {' '.join(map(str, dealt))}; leader {view.leader}; record {record}"
        voids = voids_text(view)
        return (
            f"seat {player} hand {' '.join(map(str, view.hand))}; "
            f"layout {' '.join(str(p) for p in view.layout.plays)}; "
            f"counts {','.join(map(str, view.tile_counts))}; voids {voids}; "
            f"turn {view.turn}; scores {view.scores[0]}-{view.scores[1]}"
        )


pyspiel.register_game(_GAME_TYPE, SevenRocksGame)

# the other games of the family: python_kozel, python_sea_kozel, ... (sevenrocks.rl.openspiel_family)
from sevenrocks.rl import openspiel_family as _family  # noqa: E402

FAMILY_GAMES: Final = _family.FAMILY_GAMES

# Sausage, with its own engine: python_sausage (sevenrocks.rl.openspiel_sausage)
from sevenrocks.rl import openspiel_sausage as _sausage  # noqa: E402

SAUSAGE_GAME: Final = _sausage.GAME_TYPE.short_name
"""``python_sausage``: one deal of Sausage (:mod:`sevenrocks.rl.openspiel_sausage`)."""
