"""Sausage (Колбаса, ``sausage.md``): two blind queues, two parallel lines, and cutting the sausage.

It shares only the tiles and a target with the other games, so it has its own engine,
:class:`~sevenrocks.core.sausage.SausageMatch` (:attr:`Game.engine`); the layout engine refuses it. Its
:class:`Rules` carry what the family's parameters can say: two seats each alone, 14 tiles each and no
boneyard, a lot for the first starter, the winner (of an out or a block) takes all the other seat's pips
or the difference (README §2.15), the target after a deal, and blind queues (README §2.18).

>>> from sevenrocks.core.games import Engine, find_game
>>> rules = find_game("sausage").rules(engine=Engine.SAUSAGE)
>>> rules.seats, rules.hand_size, rules.ending.target, rules.information.value
(2, 14, 101, 'blind-queues')
"""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import target
from sevenrocks.core.games.ending import TargetAfterHand
from sevenrocks.core.games.model import Engine, Game, Information, Later, OptionValue, Rules
from sevenrocks.core.games.settlement import WinnerTakes

__all__ = ["SAUSAGE"]


def _sausage(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="sausage",
        options=options,
        seats=seats,
        hand_size=14,  # the queue (§2.1)
        first_lead=None,  # a lot (§3.1)
        after_domino=Later.FINISHER,  # the winner of the deal starts the next
        # after a block the winner starts, and with no winner the seat that did not start (with two
        # seats, the rotation); the Sausage engine applies §3.1 itself
        after_block=Later.ROTATION,
        settlement=WinnerTakes(),  # §8.1: the other queue's pips, or the difference after a block
        ending=TargetAfterHand(int(options["target"])),
        information=Information.BLIND_QUEUES,
    )


SAUSAGE = Game(
    id="sausage",
    name="Sausage",
    summary="Turn tiles blind from a queue onto two parallel lines; cut the sausage to hand the table over.",
    seats=(2,),
    options=(target(101),),
    build=_sausage,
    report=("moves", "turns", "aside", "winner", "queues", "award"),
    default_seats=2,
    engine=Engine.SAUSAGE,
)
