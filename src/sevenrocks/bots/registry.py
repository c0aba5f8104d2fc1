"""Bots by name, as the command line and the web app ask for them."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from sevenrocks.bots.base import Bot, UnknownBotError
from sevenrocks.bots.simple import GreedyBot, RandomBot

__all__ = ["BOT_NAMES", "make_bot", "register_bot"]

_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}
BOT_NAMES = _FACTORIES.keys()


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Make ``factory(seed)`` available as ``make_bot(name)``."""
    _FACTORIES[name] = factory


def make_bot(name: str, *, seed: int | None = None, **options: Any) -> Bot:
    """The bot called ``name``, seeded with ``seed`` for reproducible choices.

    ``cmd:COMMAND`` runs COMMAND as a bot program speaking the bot protocol
    (:class:`~sevenrocks.bots.program.ProgramBot`; option ``timeout``: seconds per answer).
    Other ``options`` (e.g. ``think``: seconds per move) go to the factories whose
    signature takes them by keyword; a bot that does not take an option ignores it.
    """
    if name.startswith("cmd:"):
        from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT, ProgramBot

        if not name[4:].strip():
            raise UnknownBotError("'cmd:' must be followed by a command, e.g. cmd:python3 mybot.py")
        return ProgramBot(name[4:], timeout=float(options.get("timeout") or DEFAULT_BOT_TIMEOUT))
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownBotError(f"unknown bot {name!r}: choose one of {known}, or cmd:COMMAND") from None
    call: Callable[..., Bot] = factory
    return call(seed, **_accepted(factory, options))


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
