"""Every game of the family as an OpenSpiel game: ``pyspiel.load_game("python_kozel")``.

Importing :mod:`sevenrocks.rl.openspiel` registers, besides ``python_seven_rocks`` (unchanged),
one game per game of the layout engine, named ``python_`` and the game id with ``-`` as ``_``
(``python_kozel``, ``python_sea_kozel``, ``python_five_up``...; Sausage, with its own engine, is
``python_sausage``: :mod:`sevenrocks.rl.openspiel_sausage`). One OpenSpiel game is one hand from a
new match, played by :class:`sevenrocks.core.Match` through :class:`sevenrocks.rl.family.Table`:

- game parameters: ``seats`` (the game's default number of seats) and every option of the game
  with its default, as ``sevenrocks games ID`` lists them; an option whose default depends on
  the number of seats (Bergen's target) takes ``0`` for that default;
- chance: the tiles are dealt one node at a time (outcome: the tile index): ``hand_size`` to
  seat 0, then to seat 1, ...; where stuck seats draw, then every undealt tile in draw order;
  then, where the rules do not name the leader, one node draws it by lot (outcomes: the seats).
  A deal that is a Goat misdeal is void and dealt again (new chance nodes);
- players are the seats; actions are the game's actions (:mod:`sevenrocks.rl.family`: the
  family's 1,444, Sea Goat's 1,446), a move of several doubles one action per double by the same
  player; draws and knocks are made by the engine;
- returns (terminal, zero-sum): for each seat, its side's score change (turned round where
  points are bad) less the mean change of the other sides;
- observation and information-state tensors: :func:`~sevenrocks.rl.family.encode_family_observation`
  and :func:`~sevenrocks.rl.family.encode_family_information_state` of the seat's view;
- :meth:`FamilyState.resample_from_infostate` deals the tiles the player cannot see to the other
  seats and the boneyard (in a random draw order) consistently with its view: tile counts, the
  voids its knocks and draws prove, General's signals
  (:func:`sevenrocks.bots.kernel.sample_deal`), so OpenSpiel's ISMCTS bot can search every game.

>>> import pyspiel
>>> import sevenrocks.rl.openspiel
>>> game = pyspiel.load_game("python_kozel", {"seats": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 1444)
>>> import random
>>> rng, state = random.Random(1), game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(rng.choice(state.chance_outcomes())[0])
>>> state.current_player() in (0, 1, 2), len(state.legal_actions()) > 0
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Final, cast

import pyspiel

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Boneyard, Game, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.rl.family import GameSpec, Table, action_name, game_spec, layout_game_ids
from sevenrocks.rl.openspiel_base import (
    NUM_TILES,
    TableObserver,
    TableState,
    Unchanging,
    check_lot,
    deal_tile,
    game_info,
    lot_outcomes,
    record_text,
    sampler_seed,
    tile_outcomes,
    voids_text,
)
from sevenrocks.rl.openspiel_base import game_type as _game_type

__all__ = ["FamilyGame", "FamilyObserver", "FamilyState", "game_type", "register_family"]

#: A loose bound on a seat's return in one hand (its side's change less the others' mean).
_MAX_UTILITY: Final = 2000.0


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"seats": game.default_seats}
    for option in game.options:
        default = game.preset.get(option.name, option.default)
        params[option.name] = 0 if option.by_seats is not None else default
    return params


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel description of ``game`` (one hand)."""
    return _game_type(
        "python_" + game.id.replace("-", "_"),
        f"Python {game.name} (one hand)",
        game.seats,
        _parameters(game),
    )


def _spec_of(game: Game, params: dict[str, Any]) -> GameSpec:
    """The spec of ``game`` from OpenSpiel's parameters (0 for a seat-dependent default)."""
    values = {**_parameters(game), **params}
    seats = values.pop("seats")
    options = {}
    for option in game.options:
        value = values.pop(option.name)
        if option.by_seats is not None and value == 0:
            continue
        if value != game.preset.get(option.name, option.default) or option.name in params:
            options[option.name] = value
    if values:
        raise SevenRocksError(f"{game.id} has no parameter {', '.join(map(repr, values))}")
    return game_spec(game.id, options, seats)


class FamilyGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of a game of the family for OpenSpiel (see the module docstring)."""

    definition: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        definition = self.definition
        params = dict(params or {})
        self.spec = _spec_of(definition, params)
        spec = self.spec
        info = game_info(spec.num_actions, spec.seats, _MAX_UTILITY, NUM_TILES + 1)
        super().__init__(game_type(definition), info, params)
        rules = spec.rules
        self.dealt_size = rules.hand_size * rules.seats
        self.deal_size = NUM_TILES if rules.boneyard is Boneyard.DRAW else self.dealt_size

    def new_initial_state(self) -> FamilyState:
        """The state before the deal."""
        return FamilyState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> FamilyObserver:
        """An observer: information state with ``perfect_recall=True``, else the observation."""
        return FamilyObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class FamilyState(TableState[Table]):
    """A hand in progress: the deal so far, then a :class:`Table` that holds every rule."""

    def __init__(self, game: FamilyGame) -> None:
        super().__init__(game)
        self._family = _Shared(game.spec, game.deal_size, game.dealt_size)

    # ---------------------------------------------------------- OpenSpiel API
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles not dealt yet (uniform), then the seats for the lot (uniform)."""
        if len(self._dealt) < self._family.deal_size:
            return tile_outcomes(self._dealt)
        return lot_outcomes(self._family.spec.seats)

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table is not None:
            table.apply(action)
            return
        game = self._family
        if len(self._dealt) < game.deal_size:
            deal_tile(self._dealt, action)
            if len(self._dealt) < game.deal_size or game.lot:
                return
            self._start(None)
            return
        check_lot(action, game.spec.seats)
        self._start(action)

    def _start(self, leader: int | None) -> None:
        game = self._family
        rules = game.spec.rules
        size = rules.hand_size
        deal = [
            sorted((TILES[t] for t in self._dealt[size * s : size * (s + 1)]), key=_index)
            for s in range(rules.seats)
        ]
        boneyard = (
            [TILES[t] for t in self._dealt[game.dealt_size :]] if game.deal_size > game.dealt_size else None
        )
        table = Table(game.spec, rng=random.Random(0))
        table.start_hand(deal, leader, boneyard=boneyard)
        if table.match.turn is None:  # a void deal (a Goat misdeal): dealt again
            self._dealt = []
            return
        self.table = table

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._dealt) < self._family.deal_size:
                n = len(self._dealt)
                if n < self._family.dealt_size:
                    return f"deal {TILES[action]} to seat {n // self._family.spec.rules.hand_size}"
                return f"{TILES[action]} to the boneyard"
            return f"seat {action} leads"
        return action_name(self._family.spec, action)

    def returns(self) -> list[float]:
        """Zero until the end; then each seat's side's score change less the other sides' mean."""
        spec = self._family.spec
        table = self.table
        if table is None or not self.is_terminal():
            return [0.0] * spec.seats
        return spec.sides_value((0,) * spec.sides, table.match.scores)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> FamilyState:
        """A state ``player_id`` cannot tell from this one: the tiles it cannot see dealt again at
        random to the other seats and the boneyard, consistent with its view."""
        from sevenrocks.bots.kernel import sample_deal

        table = self.table
        if table is None or table.match.turn is None:
            return cast(FamilyState, self.clone())
        view = table.match.view(player_id)
        hands, boneyard = sample_deal(view, seed=sampler_seed(probability_sampler))
        return cast(FamilyState, self._playing(Match.from_view(view, hands, boneyard)))

    def __str__(self) -> str:
        table = self.table
        if table is None:
            return f"dealing: {len(self._dealt)} tiles dealt"
        match = table.match
        lines = [f"layout: {' '.join(str(p) for p in match.layout.plays) or '(empty)'}"]
        lines += [f"seat {s}: {' '.join(str(t) for t in match.hand(s))}" for s in range(match.seats)]
        lines.append(f"boneyard: {match.boneyard_size}; scores: {'-'.join(map(str, match.scores))}")
        return "\n".join(lines)


class _Shared(Unchanging):
    """What every state of one game shares and never changes (``clone()`` keeps it, uncopied)."""

    __slots__ = ("deal_size", "dealt_size", "lot", "spec")

    def __init__(self, spec: GameSpec, deal_size: int, dealt_size: int) -> None:
        self.spec = spec
        self.deal_size = deal_size
        self.dealt_size = dealt_size
        self.lot = Match(spec.rules).leader_by_lot()


def _index(tile: Tile) -> int:
    return tile.index


class FamilyObserver(TableObserver):
    """OpenSpiel's observer interface for a game of the family (see :class:`SevenRocksObserver
    <sevenrocks.rl.openspiel.SevenRocksObserver>`)."""

    def __init__(
        self, game: FamilyGame, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        self.spec = game.spec
        super().__init__(iig_obs_type, params, self.spec.information_state, self.spec.observation)

    def _mine(self, state: FamilyState, player: int) -> list[int]:
        """The tiles dealt to ``player`` so far."""
        size = self.spec.rules.hand_size
        return state._dealt[size * player : size * (player + 1)]

    def string_from(self, state: FamilyState, player: int) -> str:
        """``player``'s information state (or observation) as text."""
        table = state.table
        if table is None:
            return f"seat {player} dealt {' '.join(str(TILES[t]) for t in sorted(self._mine(state, player)))}"
        view = table.match.view(player)
        chosen = " ".join(action_name(self.spec, a) for a in table.chosen) if player == table.actor else ""
        if self.perfect_recall:
            dealt = sorted(view.hand + view.played_by(player), key=_index)
            return (
                f"seat {player} holds {' '.join(map(str, dealt))}; leader {view.leader}; "
                f"draws {','.join(map(str, view.draws))}; record {record_text(view)}; chosen {chosen}"
            )
        return (
            f"seat {player} hand {' '.join(map(str, view.hand))}; "
            f"layout {' '.join(str(p) for p in view.layout.plays)}; "
            f"counts {','.join(map(str, view.tile_counts))}; boneyard {view.boneyard}; "
            f"voids {voids_text(view)}; "
            f"turn {view.turn}; scores {'-'.join(map(str, view.scores))}; chosen {chosen}"
        )


def register_family() -> tuple[str, ...]:
    """Register ``python_<id>`` for every game of the layout engine but Seven Rocks (registered by
    :mod:`sevenrocks.rl.openspiel` with its own classes); return the names registered."""
    names = []
    for gid in layout_game_ids():
        if gid == "seven-rocks":
            continue
        definition = find_game(gid)
        name = f"FamilyGame_{gid.replace('-', '_')}"
        cls = type(name, (FamilyGame,), {"definition": definition, "__module__": __name__})
        globals()[name] = cls  # found by name, so that pickle (OpenSpiel's serialization) finds it
        kind = game_type(definition)
        pyspiel.register_game(kind, cls)
        names.append(kind.short_name)
    return tuple(names)


#: The OpenSpiel names of the family's games, registered on import.
FAMILY_GAMES: Final = register_family()
