"""Bots: players that choose a placement from a seat's view (never from the hidden hands).

>>> from sevenrocks.core import Match
>>> match = Match(seed=2)
>>> match.start_hand()
>>> bot = make_bot("greedy", seed=1)
>>> bot.choose(match.view(match.turn)) in match.legal_plays()
True
>>> sorted(BOT_NAMES)
['greedy', 'random']
"""

from sevenrocks.bots.base import Bot, UnknownBotError
from sevenrocks.bots.registry import BOT_NAMES, make_bot
from sevenrocks.bots.simple import GreedyBot, RandomBot

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "UnknownBotError", "make_bot"]
