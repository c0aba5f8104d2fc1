"""The games a browser table can play: the lobby's catalogue and the strict check of a new table.

Every game of the family is offered, with its options (defaults and allowed values, from
:class:`~sevenrocks.core.games.Game`) and its numbers of seats: the games of the layout engine
(:class:`~sevenrocks.core.match.Match`), and Sausage, which a table runs with its own engine
(:mod:`sevenrocks.web.sausage_table`).

>>> rules, given = check_game("kozel", {"target": 51}, 3)
>>> rules.seats, rules.ending.target, given
(3, 51, {'target': 51})
>>> check_game("kozel", {"goat": 1}, 4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.web.protocol.ProtocolError: kozel has no option 'goat' (its options: target, ...)
>>> check_game("sausage", {"target": 61}, 2)[0].ending.target
61
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from sevenrocks.bots import make_bot
from sevenrocks.bots.base import UnknownBotError
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, GAMES, Game, Rules, find_game
from sevenrocks.i18n import N_, translation
from sevenrocks.text import game_name
from sevenrocks.web.names import bot_labels
from sevenrocks.web.protocol import ProtocolError

__all__ = ["OPTION_LABELS", "VALUE_LABELS", "check_bot", "check_game", "games_json", "seat_counts"]

#: What each option of the family is called in the lobby (the engine's help is English only).
OPTION_LABELS: Final = {
    "target": N_("target (points that end the match)"),
    "partnerships": N_("partnerships (with four seats, 0 and 2 against 1 and 3)"),
    "lone_blank": N_("value of 0-0 left alone in a hand"),
    "reserve": N_("tiles kept back in the boneyard"),
    "threshold": N_("points below which nothing is written"),
    "remember": N_("remember the points not written"),
    "several_doubles": N_("several doubles in one move"),
    "deals": N_("number of deals"),
    "events": N_("Sea Goat events"),
    "exact": N_("the target must be reached exactly"),
    "version": N_("version"),
}
#: The word values of options, for the lobby.
VALUE_LABELS: Final = {"general": N_("General"), "naked": N_("naked (with nakeds)")}


def _game(game: object) -> Game:
    if not isinstance(game, str):
        raise ProtocolError(N_("the game is a game id such as kozel, not {value}"), value=repr(game)[:40])
    try:
        definition = find_game(game)
    except SevenRocksError:
        known = ", ".join(g.id for g in GAMES)
        raise ProtocolError(
            N_("unknown game {game}: the games are {known}"),
            "unknown_game",
            game=repr(game[:40]),
            known=known,
        ) from None
    return definition


def seat_counts(game: object) -> tuple[int, ...]:
    """The numbers of seats ``game`` is played by; :class:`ProtocolError` for an unknown game."""
    return tuple(_game(game).seats)


def check_game(
    game: object, options: object, seats: int, target: int | None = None
) -> tuple[Rules, dict[str, Any]]:
    """The rules of a new table and the options given (checked one by one), or a
    :class:`ProtocolError` naming the game, option, value or number of seats that is wrong."""
    definition = _game(game)
    if seats not in definition.seats:
        allowed = ", ".join(str(n) for n in definition.seats)
        raise ProtocolError(
            N_("{game} is played by {allowed} seats, not {count}"),
            "bad_table",
            game=definition.id,
            allowed=allowed,
            count=seats,
        )
    given: dict[str, Any] = {}
    if options is not None:
        if not isinstance(options, Mapping):
            raise ProtocolError(N_("the options are an object of names and values"), "bad_table")
        for name, value in options.items():
            try:
                option = definition.option(str(name))
                given[option.name] = option.validate(value, definition.id)
            except SevenRocksError as err:
                raise ProtocolError(err.reason, "bad_option") from None
    if target is not None:
        try:
            value = definition.option("target").validate(target, definition.id)
        except SevenRocksError as err:
            raise ProtocolError(err.reason, "bad_option") from None
        if given.get("target", value) != value:
            raise ProtocolError(
                N_("the target is given twice ({first} and {second}): give it once"),
                "bad_option",
                first=target,
                second=given["target"],
            )
        given["target"] = value
    try:
        rules = definition.rules(given, seats, engine=definition.engine)
    except SevenRocksError as err:
        raise ProtocolError(err.reason, "bad_option") from None
    return rules, given


@functools.cache
def _bot_refusal(bot: str, game: str) -> str | None:
    """Why bot level ``bot`` cannot play ``game`` (``None``: it can); asked once per pair."""
    try:
        make_bot(bot, seed=0, game=None if game == DEFAULT_GAME else game)
    except (UnknownBotError, ValueError) as err:
        return str(err)
    return None


def check_bot(bot: str, game: str, seat: int) -> None:
    """Refuse a bot level that does not play ``game`` (``expert`` plays Seven Rocks only)."""
    reason = _bot_refusal(bot, game)
    if reason is not None:
        raise ProtocolError(N_("seat {seat}: {reason}"), "bad_bot", seat=seat, reason=reason)


def games_json(lang: str) -> list[dict[str, Any]]:
    """Every game a table can play, for the lobby: id, name, seats, options (in ``lang``)."""
    _ = translation(lang).gettext
    out = []
    for game in GAMES:
        options = []
        for option in game.options:
            entry: dict[str, Any] = {
                "name": option.name,
                "label": _(OPTION_LABELS[option.name]) if option.name in OPTION_LABELS else option.name,
                "kind": option.kind.__name__,
                "default": game.defaults()[option.name],
                "by_seats": {str(n): game.defaults(n)[option.name] for n in game.seats},
                "choices": None if option.choices is None else list(option.choices),
            }
            if option.kind is str and option.choices:
                entry["labels"] = {str(c): _(VALUE_LABELS.get(str(c), str(c))) for c in option.choices}
            options.append(entry)
        out.append(
            {
                "id": game.id,
                "name": game_name(game.id, gettext=_),
                "seats": list(game.seats),
                "default_seats": game.default_seats,
                "options": options,
                "bots": _bots_for(game.id),
                "bot_labels": bot_labels(_bots_for(game.id), lang),
            }
        )
    return out


def _bots_for(game: str) -> list[str]:
    from sevenrocks.bots import BOT_NAMES

    names = []
    for name in sorted(BOT_NAMES):
        try:
            check_bot(name, game, 0)
        except ProtocolError:
            continue
        names.append(name)
    return names
