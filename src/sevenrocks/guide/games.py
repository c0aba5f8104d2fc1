"""Each game's part of the family guide, as data: its introduction, the words players use, the hand
its figure shows and how many hands its worked settlements play.

The sentences every game shares come from its rules (:mod:`sevenrocks.guide.words`); a game adds
``notes`` to a section, or ``replaces`` a section's shared sentences with its own (Sausage, which has
its own engine, replaces them all).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sevenrocks.guide.play import Deal
from sevenrocks.i18n import N_

__all__ = ["GAME_GUIDES", "GameGuide"]


@dataclass(frozen=True)
class GameGuide:
    """One game's guide as data (every text untranslated, marked with ``N_``)."""

    intro: str
    deal: Deal
    hands: int = 1
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    replaces: frozenset[str] = frozenset()


_FISH = N_("A blocked hand is called a “fish”, and the player who made the last move is the fisherman.")
_RIDING = N_("A player who cannot place and finds only the reserve left says “I'm riding” and knocks.")
_GOAT = {
    "end": (_FISH,),
    "stuck": (_RIDING,),
}

_SAUSAGE_ALL = frozenset(
    ("players", "deal", "leads", "placing", "stuck", "end", "points", "settlement", "information")
)

#: Every game's guide but Seven Rocks' (which has its own, :mod:`sevenrocks.guide.content`).
GAME_GUIDES: dict[str, GameGuide] = {
    "block": GameGuide(
        N_(
            "The plain block game: place tiles on a line, nobody draws, and the first player out scores "
            "the others' pips."
        ),
        Deal(3, 9),
    ),
    "draw": GameGuide(
        N_("Block with a boneyard: a player who cannot place draws until a tile fits."),
        Deal(2, 9),
    ),
    "kozel": GameGuide(
        N_(
            "Kozel (“Goat”), the courtyard game of the Russian-speaking world: the losers write their own "
            "pips, an account opens only with 13, eggs wait for the next loser, and whoever reaches 101 is "
            "the goat."
        ),
        Deal(2, 4),
        hands=2,
        notes=_GOAT,
    ),
    "kozel-125": GameGuide(
        N_("Kozel played to 125: an account opens with 25 or more, and nothing is remembered."),
        Deal(3, 42),
        hands=2,
        notes=_GOAT,
    ),
    "sports-kozel": GameGuide(
        N_(
            "Competition Goat in pairs: every tile is dealt, the lead rotates, and fewer points after "
            "the deals wins."
        ),
        Deal(4, 37),
        hands=2,
        notes={"end": (_FISH,)},
    ),
    "sea-kozel": GameGuide(
        N_(
            "Sea Goat: one record for the whole table, hundreds led by force, sea values for 0-0 and 6-6, "
            "and the fisherman's write-off."
        ),
        Deal(2, 550),
        hands=3,
        notes={
            "end": (_FISH,),
            "settlement": (
                N_(
                    "Sea Goat keeps one record. An amount of 25 or more opens the winner's record, or "
                    "adds to "
                    "it; against the other side's record it crosses the record out. Smaller amounts are "
                    "written nowhere."
                ),
                N_("A tied block makes eggs, played from 1-1 in the next hand."),
            ),
            "match": (
                N_(
                    "A record of {target} or more wins the match; some hands end the match at once (its "
                    "events)."
                ),
            ),
        },
        replaces=frozenset(("settlement", "match")),
    ),
    "donkey": GameGuide(
        N_("Donkey: a Goat game on a spinner open on four sides, where doubles may be closed."),
        Deal(2, 51, close=True),
        hands=2,
        notes={"end": (_FISH,)},
    ),
    "telephone": GameGuide(
        N_(
            "Telephone: Seven Rocks' points on a layout whose first double is the “house”; players draw, "
            "and pips left are rounded down."
        ),
        Deal(2, 1),
        notes={
            "placing": (  # the family's sentences, the spinner called by its name
                N_("Play goes clockwise; a player who can place must place."),
                N_(
                    "The first double of the hand is the “house”: once both its sides are covered, its "
                    "two other sides open."
                ),
                N_("A tile joins an open end by a half showing the same number."),
            )
        },
        replaces=frozenset(("placing",)),
    ),
    "muggins": GameGuide(
        N_("Muggins: a single-spinner fives game with drawing; doubles may lie lengthwise."),
        Deal(2, 12),
    ),
    "all-fives": GameGuide(
        N_("All Fives: every multiple of five on the ends scores, one point for each five."),
        Deal(4, 5),
    ),
    "five-up": GameGuide(
        N_("Five Up: every double is a spinner, and multiples of five on the ends score."),
        Deal(2, 4),
    ),
    "fives-and-threes": GameGuide(
        N_("Fives and Threes: the ends score for every five and every three they make."),
        Deal(4, 15),
    ),
    "all-threes": GameGuide(
        N_("All Threes: multiples of three on the ends score, one point for each three."),
        Deal(2, 50),
    ),
    "sebastopol": GameGuide(
        N_("Sebastopol: the holder of 6-6 leads it, and four sixes must surround it before anything else."),
        Deal(4, 52),
    ),
    "bergen": GameGuide(
        N_("Bergen: a line game scored by headers, ends that show the same number."),
        Deal(2, 1),
        hands=2,
    ),
    "matador": GameGuide(
        N_("Matador: a tile joins an end when the two numbers add up to seven, and the matadors are wild."),
        Deal(3, 50),
    ),
    "general": GameGuide(
        N_(
            "General: a Goat game for two pairs with no points; going out on 0-0 or 6-6 makes the next "
            "opponent a General."
        ),
        Deal(4, 26),
        hands=3,
        notes={
            "settlement": (
                N_(
                    "No points are kept. The seat after the one who went out loses the hand; if the last "
                    "move "
                    "held 0-0 or 6-6, that seat is made a General."
                ),
            ),
            "match": (
                N_("A side that receives a General, or loses two hands, gives way and loses the match."),
            ),
        },
        replaces=frozenset(("settlement", "match")),
    ),
    "picture": GameGuide(
        N_(
            "Picture dominoes for children: match the pictures, no scores, and the first one out has "
            "finished first."
        ),
        Deal(3, 8),
    ),
    "sausage": GameGuide(
        N_(
            "Sausage (Kolbasa): a race for two. Each player turns tiles blind from a queue, extends one "
            "of two "
            "lines, and whoever cuts the sausage hands the whole table to the opponent."
        ),
        Deal(2, 39),
        notes={
            "players": (N_("Exactly two players, each playing alone."),),
            "deal": (N_("Each player gets 14 tiles as a face-down queue; the front tile is turned next."),),
            "leads": (
                N_("The starter of the first deal is chosen by lot; the winner of a deal starts the next."),
                N_("The starter turns the front tile and lays it as the start tile, its low half on top."),
            ),
            "placing": (
                N_(
                    "Each turn the player turns the front tile and must place it if it can: on the top "
                    "or the "
                    "bottom line, where it matches the line's end (a double anywhere in a line showing "
                    "its number)."
                ),
                N_(
                    "Cutting the sausage: a tile whose two halves are the two ends is laid across both "
                    "lines, and "
                    "every tile on the table goes to the back of the opponent's queue."
                ),
            ),
            "stuck": (
                N_(
                    "A tile that fits nowhere goes to the back of the queue; a double that fits nowhere "
                    "is set aside."
                ),
            ),
            "end": (
                N_("A player whose queue is empty wins the deal at once."),
                N_(
                    "When no tile of either queue can ever be placed, the deal is blocked: fewer pips "
                    "wins it."
                ),
            ),
            "points": (N_("Placing a tile scores nothing: only the settlement counts."),),
            "settlement": (
                N_("The winner scores the pips left in the other queue; after a block, the difference."),
            ),
            "information": (N_("Nobody sees any queue, not even their own."),),
        },
        replaces=_SAUSAGE_ALL,
    ),
}
