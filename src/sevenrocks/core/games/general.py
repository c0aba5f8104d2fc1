"""General (``general.md``): a Goat game for two pairs that keeps no points; going out on 0-0 and/or
6-6 makes the next opponent a General, and a side that receives one, or loses two hands, gives way.

>>> from sevenrocks.core.games import find_game
>>> rules = find_game("general").rules()
>>> rules.several_doubles, rules.information.value, rules.ending.target
(2, 'partner-signals', None)
>>> facts = HandFacts.of_pips(rules, "domino", 2, 2, (9, 4, 0, 6), (2, 1, 0, 1), (9, 4, 0, 6),
...                           (0, 0), None, last_move=(0, 27))
>>> settled = Counts().settle(facts)
>>> settled.loser, settled.general, settled.scores, settled.outcome
(3, 1, (0, 1), Outcome(winners=(0,), goats=()))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from sevenrocks.core.games.ending import Ending, Outcome
from sevenrocks.core.games.model import Game, Information, Later, Option, OptionValue, Rules
from sevenrocks.core.games.orders import ORDER_GOAT
from sevenrocks.core.games.settlement import HandFacts, Settled, Settlement
from sevenrocks.core.tiles import tile_of

__all__ = ["GENERAL", "Counts", "GiveWay"]

_BLANKS: Final = tile_of(0, 0).index
_SIXES: Final = tile_of(6, 6).index
#: Lost hands that make a side give way (§9.1).
LOST_HANDS: Final = 2


@dataclass(frozen=True)
class Counts(Settlement):
    """General's settlement (§8): no points; the seat after the finisher loses the hand, and a last
    move with 0-0 or 6-6 makes it a General (version ``naked``: both make a General, 0-0 alone a
    naked). A side's score is the number of hands it has lost. A blocked hand is void (§6.2)."""

    naked_version: bool = False

    def settle(self, facts: HandFacts) -> Settled:
        scores = list(facts.scores)
        if facts.end != "domino" or facts.finisher is None:
            return Settled(tuple(scores))  # a fish does not count
        rules = facts.rules
        loser = (facts.finisher + 1) % rules.seats
        side = rules.side_of(loser)
        blanks, sixes = _BLANKS in facts.last_move, _SIXES in facts.last_move
        general = naked = None
        if self.naked_version:
            if blanks and sixes:
                general = side
            elif blanks:
                naked = side
        elif blanks or sixes:
            general = side
        scores[side] += 1
        outcome = None
        if general is not None or naked is not None or scores[side] >= LOST_HANDS:
            outcome = Outcome(tuple(s for s in range(rules.sides) if s != side))
        return Settled(tuple(scores), outcome=outcome, loser=loser, general=general, naked=naked)


@dataclass(frozen=True)
class GiveWay(Ending):
    """A side that receives a General (or a naked) or loses two hands gives way (§9.1); the
    settlement names the outcome, as it knows what the last move was."""


def _general(options: Mapping[str, OptionValue], seats: int) -> Rules:
    naked = options["version"] == "naked"
    return Rules(
        game="general",
        options=options,
        seats=seats,
        partnerships=True,
        hand_size=7,
        first_lead=ORDER_GOAT,  # all 28 dealt: the holder of 1-1 leads it
        after_domino=Later.FIRST_RULE,
        after_block=Later.FIRST_RULE,
        several_doubles=2,
        settlement=Counts(naked),
        ending=GiveWay(),
        information=Information.HIDDEN if naked else Information.PARTNER_SIGNALS,
    )


GENERAL = Game(
    id="general",
    name="General",
    summary="Goat for two pairs without points: go out on 0-0 or 6-6 to make the next opponent a General.",
    seats=(4,),
    options=(
        Option(
            "version",
            "general",
            "general: 0-0 or 6-6 last makes a General, partners signal them; naked: both make a "
            "General, 0-0 alone a naked, no signals",
            choices=("general", "naked"),
        ),
    ),
    build=_general,
    report=("loser", "general", "naked", "generals", "nakeds"),
)
