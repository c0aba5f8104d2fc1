"""Bots by name, as the command line and the web app ask for them.

``random`` and ``greedy`` play every game of the family; ``expert`` plays Seven Rocks only, so
asking for it in another game is refused here, before any match (:class:`UnsupportedGameError`).
``search`` gets the game passed through; a search that does not take a game plays Seven Rocks
only. Sausage, which has its own engine and view, has its own ``random``, ``greedy`` and ``search``
(:mod:`sevenrocks.bots.sausage`), and ``cmd:`` programs speak Sausage's own messages
(:mod:`sevenrocks.bots.sausage_protocol`); every other bot is refused for it.

>>> make_bot("greedy", seed=1, game="kozel").name
'greedy'
>>> make_bot("expert", game="kozel")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.bots.registry.UnsupportedGameError: bot 'expert' plays only Seven Rocks, not kozel: ...
>>> make_bot("greedy", seed=1, game="sausage")  # doctest: +ELLIPSIS
<sevenrocks.bots.sausage.GreedySausageBot object at ...>
>>> make_bot("expert", game="sausage")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.bots.registry.UnsupportedGameError: bot 'expert' does not play sausage: choose greedy, ...
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Literal, overload

from sevenrocks.bots.base import Bot, BotOptionError, UnknownBotError
from sevenrocks.bots.expert import ExpertBot
from sevenrocks.bots.sausage import SausageBot, make_sausage_bot
from sevenrocks.bots.simple import GreedyBot, RandomBot
from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.core.sausage import GAME_ID as SAUSAGE

__all__ = [
    "BOT_NAMES",
    "UnsupportedGameError",
    "every_game_text",
    "make_bot",
    "parse_bot_name",
    "register_bot",
]


class UnsupportedGameError(UnknownBotError):
    """A bot asked for in a game it does not play (``expert`` outside Seven Rocks)."""


#: The bots that play every game of the family, named in refusals.
EVERY_GAME = ("greedy", "random")


def _search(
    seed: int | None = None,
    *,
    game: str | None = None,
    think: float | str | None = None,
    iterations: int | None = None,
    workers: int = 1,
    policy: str = "greedy",
    target_bonus: float = 100.0,
) -> Bot:
    """The search bot, imported on first use (it loads the compiled kernel); refused for a game
    the compiled step does not play."""
    from sevenrocks.bots.search import SearchBot

    if game is not None:
        _check_compiled(game)
    extra: dict[str, Any] = {}
    if "game" in inspect.signature(SearchBot).parameters:
        extra["game"] = game
    elif game is not None and game != DEFAULT_GAME:
        raise UnsupportedGameError(_refusal("search", game))
    return SearchBot(  # type: ignore[call-arg, unused-ignore]
        seed,
        think=think,
        iterations=iterations,
        workers=workers,
        policy=policy,
        target_bonus=target_bonus,
        **extra,
    )


def _champion(
    seed: int | None = None,
    *,
    game: str | None = None,
    think: float | str | None = None,
    iterations: int | None = None,
    workers: int = 1,
    policy: str = "greedy",
    target_bonus: float = 100.0,
    exact_tiles: int | None = None,
    node_budget: int | None = None,
    temperature: float | None = None,
) -> Bot:
    """The champion bot (``search`` with exact endgames and inference), imported on first use;
    refused, as ``search`` is, for a game the compiled step does not play."""
    from sevenrocks.bots.champion import ChampionBot

    if game is not None:
        _check_compiled(game, "champion")
    extra: dict[str, Any] = {}
    if exact_tiles is not None:
        extra["exact_tiles"] = exact_tiles
    if node_budget is not None:
        extra["node_budget"] = node_budget
    if temperature is not None:
        extra["temperature"] = temperature
    return ChampionBot(
        seed,
        think=think,
        iterations=iterations,
        workers=workers,
        policy=policy,
        target_bonus=target_bonus,
        game=game,
        **extra,
    )


def every_game_text() -> str:
    """The bots that play every game, for refusals: ``greedy or random``."""
    return " or ".join(EVERY_GAME)


def _check_compiled(game: str, name: str = "search") -> None:
    """Refuse ``search`` for a game whose rules the compiled step refuses (its play-outs would
    need them); an unknown game name is left to the bot's own check."""
    from sevenrocks.core.errors import SevenRocksError
    from sevenrocks.core.games import find_game
    from sevenrocks.fast.game import UnsupportedGameError as StepRefusal
    from sevenrocks.fast.game import encode_rules

    try:
        rules = find_game(game).rules()
    except SevenRocksError:
        return
    try:
        encode_rules(rules)
    except StepRefusal as err:
        raise UnsupportedGameError(
            f"bot {name!r} cannot play {game}: {err}; choose {' or '.join(EVERY_GAME)}"
        ) from None


def _refusal(name: str, game: str) -> str:
    return f"bot {name!r} plays only Seven Rocks, not {game}: choose {every_game_text()}"


_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    "search": _search,
    "champion": _champion,
}
BOT_NAMES = _FACTORIES.keys()


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Make ``factory(seed)`` available as ``make_bot(name)``."""
    _FACTORIES[name] = factory


@overload
def make_bot(
    name: str, *, seed: int | None = None, game: Literal["sausage"], **options: Any
) -> SausageBot: ...


@overload
def make_bot(name: str, *, seed: int | None = None, game: str | None = None, **options: Any) -> Bot: ...


def make_bot(
    name: str, *, seed: int | None = None, game: str | None = None, **options: Any
) -> Bot | SausageBot:
    """The bot called ``name``, seeded with ``seed`` for reproducible choices, to play ``game``
    (a game id; ``None``: whatever game its views show).

    Sausage has its own engine and its own view: ``game="sausage"`` gives a Sausage bot
    (:func:`~sevenrocks.bots.sausage.make_sausage_bot`: ``random``, ``greedy`` or ``search``, or a
    ``cmd:`` program speaking Sausage's messages,
    :class:`~sevenrocks.bots.sausage_protocol.SausageProgramBot`); any other bot is refused for it with
    :class:`UnsupportedGameError`.

    A bot that plays only some games (its factory's ``games``, e.g. ``expert``) is refused for
    another with :class:`UnsupportedGameError`; the game goes to factories that take a ``game``
    keyword (``search``).

    ``cmd:COMMAND`` runs COMMAND as a bot program speaking the bot protocol
    (:class:`~sevenrocks.bots.program.ProgramBot`; option ``timeout``: seconds per answer).
    ``NAME:KEY=VALUE,...`` passes options in the name (``search:think=0.2``,
    ``search:iterations=400,workers=2``); the bot must take them, and they win over ``options``.
    Other ``options`` (e.g. ``think``: seconds per move) go to the factories whose
    signature takes them by keyword; a bot that does not take an option ignores it.
    """
    if game == SAUSAGE:
        return _sausage_bot(name, seed, options)
    if name.startswith("cmd:"):
        from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, ProgramBot

        if not name[4:].strip():
            raise UnknownBotError("'cmd:' must be followed by a command, e.g. cmd:python3 mybot.py")
        return ProgramBot(name[4:], timeout=float(options.get("timeout") or DEFAULT_BOT_TIMEOUT))
    name, named = parse_bot_name(name)
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownBotError(f"unknown bot {name!r}: choose one of {known}, or cmd:COMMAND") from None
    if named:
        takes = _accepted(factory, dict.fromkeys(named))
        unknown = [key for key in named if key not in takes]
        if unknown:
            keys = ", ".join(k for k in inspect.signature(factory).parameters if k != "seed") or "no options"
            raise BotOptionError(f"bot {name!r} has no option {unknown[0]!r} (it takes: {keys})")
    games = getattr(factory, "games", None)
    if game is not None and games is not None and game not in games:
        raise UnsupportedGameError(_refusal(name, game))
    if game is not None:
        options = {**options, "game": game}
    call: Callable[..., Bot] = factory
    return call(seed, **{**_accepted(factory, options), **named})


def _sausage_bot(name: str, seed: int | None, options: dict[str, Any]) -> SausageBot:
    """A Sausage bot (refusals as :class:`UnsupportedGameError`, options as for the other games)."""
    if name.startswith("cmd:"):  # a program speaking Sausage's messages (docs/bot-protocol.md)
        from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
        from sevenrocks.bots.sausage_protocol import SausageProgramBot

        if not name[4:].strip():
            raise UnknownBotError("'cmd:' must be followed by a command, e.g. cmd:python3 mybot.py")
        return SausageProgramBot(name[4:], timeout=float(options.get("timeout") or DEFAULT_BOT_TIMEOUT))
    try:
        return make_sausage_bot(name, seed=seed, **options)
    except UnknownBotError as err:
        raise UnsupportedGameError(str(err)) from None


def parse_bot_name(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``NAME:KEY=VALUE,KEY=VALUE`` into the name and its options (numbers become numbers).

    >>> parse_bot_name("search:think=0.2,iterations=400")
    ('search', {'think': 0.2, 'iterations': 400})
    >>> parse_bot_name("expert")
    ('expert', {})
    """
    name, sep, spec = text.partition(":")
    options: dict[str, Any] = {}
    if not sep:
        return name, options
    for item in spec.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise BotOptionError(
                f"{text!r}: write bot options as NAME:KEY=VALUE,KEY=VALUE, e.g. search:think=0.2"
            )
        options[key] = _option_value(value.strip())
    return name, options


def _option_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _accepted(factory: Callable[..., Bot], options: dict[str, Any]) -> dict[str, Any]:
    """The ``options`` that ``factory`` takes by keyword."""
    if not options:
        return {}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return {}
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(options)
    keyword = (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return {k: v for k, v in options.items() if k in params and params[k].kind in keyword}
