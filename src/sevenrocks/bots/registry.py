"""Bots by name, as the command line and the web app ask for them."""

from __future__ import annotations

from collections.abc import Callable

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


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """The bot called ``name``, seeded with ``seed`` for reproducible choices."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownBotError(f"unknown bot {name!r}: choose one of {known}") from None
    return factory(seed)
