"""The Goat family (``kozel.md``, ``sports-kozel.md``, ``donkey.md``): Kozel, its preset Kozel 125,
Sports Goat and Donkey."""

from __future__ import annotations

from collections.abc import Mapping

from sevenrocks.core.games.common import target
from sevenrocks.core.games.ending import FixedDeals, LosersTarget
from sevenrocks.core.games.model import (
    Boneyard,
    BuildRules,
    Game,
    Later,
    Option,
    OptionValue,
    Rules,
    Stuck,
    Topology,
)
from sevenrocks.core.games.orders import ORDER_GOAT
from sevenrocks.core.games.settlement import LosersWrite

__all__ = ["DONKEY", "KOZEL", "KOZEL_125", "SPORTS_KOZEL"]


def _kozel(game: str) -> BuildRules:
    def build(options: Mapping[str, OptionValue], seats: int) -> Rules:
        donkey = game == "donkey"
        return Rules(
            game=game,
            options=options,
            seats=seats,
            partnerships=seats == 4,
            hand_size=7,
            boneyard=Boneyard.DRAW if seats < 4 else Boneyard.NONE,
            reserve=int(options["reserve"]),
            goat_misdeal=True,
            first_lead=ORDER_GOAT,
            after_block=Later.FISHERMAN,
            several_doubles=4 if donkey else 2 if options["several_doubles"] else 0,
            topology=Topology.SPINNER_OPEN if donkey else Topology.LINE,
            closing=donkey,
            all_ends_closed=donkey,
            stuck=Stuck.DRAW_UNTIL_PLAYABLE,
            settlement=LosersWrite(int(options["threshold"]), bool(options["remember"]), eggs=True),
            ending=LosersTarget(int(options["target"])),
            lone_blank=int(options["lone_blank"]),
        )

    return build


_KOZEL_OPTIONS = (
    target(101),
    Option("threshold", 13, "the amount one hand must reach to open a side's account"),
    Option("remember", True, "amounts below the threshold are remembered until the account opens"),
    Option("reserve", 1, "boneyard tiles at the end that are never drawn", choices=(0, 1)),
    Option("lone_blank", 25, "the value of a hand of exactly 0-0", choices=(25, 10)),
    Option("several_doubles", False, "two doubles in one move, one on each end"),
)
_KOZEL_REPORT = ("draws", "fisherman", "values", "written", "remembered", "eggs", "goat")

KOZEL = Game(
    id="kozel",
    name="Kozel (Goat)",
    summary="The Russian courtyard game: losers write their own pips; the side that reaches 101 is the goat.",
    seats=(2, 3, 4),
    options=_KOZEL_OPTIONS,
    build=_kozel("kozel"),
    report=_KOZEL_REPORT,
)

KOZEL_125 = Game(
    id="kozel-125",
    name="Kozel 125",
    summary="Kozel to 125: an account opens with 25 or more, nothing is remembered.",
    seats=(2, 3, 4),
    options=_KOZEL_OPTIONS,
    build=_kozel("kozel-125"),
    report=_KOZEL_REPORT,
    preset={"target": 125, "threshold": 25, "remember": False},
    base="kozel",
)


def _sports(options: Mapping[str, OptionValue], seats: int) -> Rules:
    return Rules(
        game="sports-kozel",
        options=options,
        seats=4,
        partnerships=True,
        hand_size=7,
        goat_misdeal=True,
        first_lead=ORDER_GOAT,
        after_domino=Later.ROTATION,
        after_block=Later.ROTATION,
        settlement=LosersWrite(threshold=0, remember=False, eggs=False),
        ending=FixedDeals(int(options["deals"])),
        lone_blank=25,
    )


SPORTS_KOZEL = Game(
    id="sports-kozel",
    name="Sports Goat",
    summary="Competition Goat in pairs: all tiles dealt, the lead rotates, fewer points after N deals wins.",
    seats=(4,),
    options=(
        Option(
            "deals", 4, "the number of deals in the match", check=lambda n: n % 4 == 0, rule="a multiple of 4"
        ),
    ),
    build=_sports,
    report=("values", "written"),
)


DONKEY = Game(
    id="donkey",
    name="Donkey (Osel)",
    summary="Goat with a spinner open on four sides, several doubles at once, and closed doubles.",
    seats=(2, 3, 4),
    options=_KOZEL_OPTIONS[:-1],
    build=_kozel("donkey"),
    report=_KOZEL_REPORT,
)
