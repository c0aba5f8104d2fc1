"""What a bot is: something that picks one legal move from a seat's view."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from sevenrocks.core.notation import Move
from sevenrocks.core.view import SeatView

__all__ = [
    "Bot",
    "BotOptionError",
    "DeclaresHundred",
    "UnknownBotError",
    "WarmsUp",
    "declares_hundred",
    "warm_up",
]


@runtime_checkable
class Bot(Protocol):
    """A player. ``choose`` is called only when it is the view's seat to move, and must
    return one of ``view.moves`` (``view.legal_plays`` where a move is one tile)."""

    name: str

    def choose(self, view: SeatView) -> Move:
        """Pick a move for ``view.seat``."""
        ...


@runtime_checkable
class WarmsUp(Protocol):
    """A bot with slow one-time preparation (``search`` compiles its kernel) that a host can ask
    for before it starts timing moves."""

    def warm_up(self) -> None:
        """Prepare now rather than in the first ``choose``."""
        ...


def warm_up(bot: object) -> None:
    """Let ``bot`` prepare, if it is a :class:`WarmsUp` bot (any other bot needs nothing)."""
    if isinstance(bot, WarmsUp):
        bot.warm_up()


@runtime_checkable
class DeclaresHundred(Protocol):
    """A bot that decides Sea Goat's voluntary hundred (``sea-kozel.md`` §3.3).

    Hosts ask it only when the seat's own view says ``may_declare_hundred`` (before the lead of
    a hand led by the usual rule, to the holder of 6-6 whose side holds the record). A bot
    without this method never declares.
    """

    def declare_hundred(self, view: SeatView) -> bool:
        """True to declare a hundred: the seat then leads 6-6 and the hand is its hundred hand."""
        ...


def declares_hundred(bot: object, view: SeatView) -> bool:
    """Whether ``bot`` declares a voluntary hundred in ``view`` (False for a bot that never does,
    and whenever the view does not allow one)."""
    if not view.may_declare_hundred or not isinstance(bot, DeclaresHundred):
        return False
    return bool(bot.declare_hundred(view))


class UnknownBotError(ValueError):
    """A bot name that no bot answers to."""


class BotOptionError(ValueError):
    """An option a bot does not take, or a value it cannot use (``search:think=-1``)."""
