"""A bot that warms up in the background while another bot answers for it.

``search`` compiles its kernel the first time it runs on a machine (several seconds; later runs
load it from numba's on-disk cache in under a second). A bot program must answer each turn
within the host's time limit (10 s by default), so ``sevenrocks bot search`` wraps the search in
:class:`StandIn`: the warm-up runs in a thread from the start, and a turn that comes before it
is done waits ``patience`` seconds and is then answered by the stand-in (``expert``).

>>> from sevenrocks.bots.simple import GreedyBot
>>> from sevenrocks.core import Match
>>> class Slow(GreedyBot):
...     def warm_up(self) -> None:
...         import time; time.sleep(0.2)
>>> match = Match(seed=3)
>>> match.start_hand()
>>> bot = StandIn(Slow(seed=1), stand_in=GreedyBot(seed=1), patience=0.0)
>>> bot.choose(match.view(match.turn)) in match.legal_plays(), bot.stood_in
(True, 1)
>>> bot.wait_until_ready(5.0)
True
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from sevenrocks.bots.base import Bot, WarmsUp, declares_hundred
from sevenrocks.core.notation import Move
from sevenrocks.core.view import SeatView

__all__ = ["DEFAULT_PATIENCE", "StandIn"]

#: Seconds a turn waits for the warm-up before the stand-in answers it.
DEFAULT_PATIENCE = 2.0


class StandIn:
    """Plays ``bot`` once its :meth:`~sevenrocks.bots.base.WarmsUp.warm_up` (started now, in a
    thread) is done; until then ``stand_in`` answers the turns that cannot wait.

    A warm-up that fails makes every later :meth:`choose` raise that error, so the host sees the
    bot fail rather than a weaker bot playing on unnoticed. ``on_stand_in`` is called the first
    time the stand-in answers (to say so on a log).
    """

    def __init__(
        self,
        bot: WarmsUp,
        *,
        stand_in: Bot,
        patience: float = DEFAULT_PATIENCE,
        on_stand_in: Callable[[], None] | None = None,
    ) -> None:
        if not isinstance(bot, Bot):
            raise TypeError(f"{bot!r} is not a bot")
        self.bot: Bot = bot
        self.name = bot.name
        self.stand_in = stand_in
        self.patience = patience
        #: How many turns the stand-in answered.
        self.stood_in = 0
        self._on_stand_in = on_stand_in
        self._ready = threading.Event()
        self._error: BaseException | None = None
        threading.Thread(target=self._warm, args=(bot,), name=f"{self.name}-warm-up", daemon=True).start()

    def _warm(self, bot: WarmsUp) -> None:
        try:
            bot.warm_up()
        except BaseException as err:  # handed to the next choose(), in the host's thread
            self._error = err
        finally:
            self._ready.set()

    def wait_until_ready(self, timeout: float | None = None) -> bool:
        """Wait for the warm-up; whether it is over (successfully or not)."""
        return self._ready.wait(timeout)

    def choose(self, view: SeatView) -> Move:
        """The bot's choice once it is warm; before that, after ``patience`` seconds, the stand-in's."""
        if self._ready.wait(self.patience):
            if self._error is not None:
                raise self._error
            return self.bot.choose(view)
        if self.stood_in == 0 and self._on_stand_in is not None:
            self._on_stand_in()
        self.stood_in += 1
        return self.stand_in.choose(view)

    def declare_hundred(self, view: SeatView) -> bool:
        """Sea Goat's voluntary hundred: the bot's decision once it is warm, else the stand-in's."""
        if self._ready.is_set() and self._error is None:
            return declares_hundred(self.bot, view)
        return declares_hundred(self.stand_in, view)

    def close(self) -> None:
        """Stop the bot's helpers, if it has any (the warm-up thread ends with the process)."""
        for bot in (self.bot, self.stand_in):
            close = getattr(bot, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    close()
