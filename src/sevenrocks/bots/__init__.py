"""Bots: players that choose a placement from a seat's view (never from the hidden hands).

>>> from sevenrocks.core import Match
>>> match = Match(seed=2)
>>> match.start_hand()
>>> bot = make_bot("greedy", seed=1)
>>> bot.choose(match.view(match.turn)) in match.legal_plays()
True
>>> sorted(BOT_NAMES)
['champion', 'expert', 'greedy', 'random', 'search']

``search`` (:mod:`sevenrocks.bots.search`) loads the compiled kernel on first use; options go in
the name or as keywords: ``make_bot("search:iterations=400", seed=7)``,
``make_bot("search", seed=7, think=0.2, workers=2)``.
"""

from sevenrocks.bots.base import Bot, BotOptionError, UnknownBotError
from sevenrocks.bots.expert import ExpertBot
from sevenrocks.bots.registry import BOT_NAMES, make_bot
from sevenrocks.bots.simple import GreedyBot, RandomBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotOptionError",
    "ExpertBot",
    "GreedyBot",
    "RandomBot",
    "UnknownBotError",
    "make_bot",
]
