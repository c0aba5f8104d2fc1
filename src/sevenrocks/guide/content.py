"""The text of the rules guide, section by section, as in the rule texts.

Every string is English source text marked with ``_()`` for the message catalogues; the
translator is passed in, so the same function builds the guide in any language.
"""

from __future__ import annotations

from sevenrocks import svg
from sevenrocks.core.scoring import DEFAULT_TARGET, placement_points
from sevenrocks.guide.model import Guide, Section, Translate, WorkedSum, build_figure, build_sum
from sevenrocks.i18n import direction

__all__ = ["SECTION_KEYS", "build_guide"]

#: The sections in reading order.
SECTION_KEYS = (
    "players",
    "leading",
    "placing",
    "doubles",
    "arms",
    "points",
    "passing",
    "end",
    "winning",
)

#: The worked line of the rule texts (seed figures for doubles and for the spinner's arms).
SPINNER_LINE = (
    "1-4",
    "1-1@1-4:low",
    "4-4@1-4:high",
    "3-4@4-4:B",
    "1-2@1-1:B",
    "1-5@1-1:bA",
    "5-5@1-5:high",
    "0-5@5-5:B",
    "1-3@1-1:bB",
)
#: A spinner 0-0 with four arms each ending in a double or a five: the largest scoring total.
FOUR_ARMS = (
    "0-0",
    "0-6@0-0:A",
    "0-5@0-0:B",
    "0-4@0-0:bA",
    "0-1@0-0:bB",
    "6-6@0-6:high",
    "5-5@0-5:high",
    "4-4@0-4:high",
    "1-5@0-1:high",
)


def _winning_sum(_: Translate) -> WorkedSum:
    before, total = 240, 10
    points = placement_points(total)
    after = before + points
    text = _(
        "A partnership at {before} places a tile that makes the counted total {total}: "
        "{before} + {points} = {after}, which reaches {target}, so it wins at once."
    ).format(before=before, total=total, points=points, after=after, target=DEFAULT_TARGET)
    return WorkedSum("target", (before, points), (points,), after, text)


def build_guide(lang: str, _: Translate) -> Guide:
    """The whole guide with every text passed through ``_``."""
    legend = svg.Legend(
        counted=_("filled number: counted contribution"),
        point=_("hollow dot: connection point, not counted here"),
        spinner=_("orange frame: the spinner"),
        rtl=direction(lang) == "rtl",
        spinner_title=_("{tile} (spinner)"),
        point_title=_("open end showing {value}"),
        counted_title=_("open end showing {value}, counted {counted}"),
        empty_label=_("empty layout"),
        label=_("layout of {tiles} tiles, counted ends {total}"),
    )

    sections = (
        Section(
            "players",
            _("Players, tiles and the deal"),
            (
                _(
                    "Four players sit at the table in two fixed partnerships; partners sit opposite. "
                    "Seats are numbered 0 to 3 clockwise: seats 0 and 2 are one partnership, seats 1 and 3 "
                    "the other. Each partnership keeps one score."
                ),
                _(
                    "Play with one full double-six set: 28 tiles with 168 pips in all. Shuffle the tiles "
                    "face down and deal seven to each player. All 28 tiles are dealt: there is no boneyard "
                    "and nobody ever draws."
                ),
                _(
                    "Keep your hand hidden. You see only your own tiles until the settlement at the end "
                    "of the hand reveals what is left."
                ),
            ),
        ),
        Section(
            "leading",
            _("Who leads"),
            (
                _(
                    "In the first hand the leader is chosen by a neutral lot; ties are drawn again among "
                    "the tied players. Holding a high tile or a double gives no right to lead."
                ),
                _(
                    "In every later hand the player who placed the last tile of the previous hand leads. "
                    "After a blocked hand the leader is chosen by lot again."
                ),
                _(
                    "The leader may open with any tile. Turns then go clockwise: seat 0, 1, 2, 3, "
                    "then 0 again."
                ),
            ),
        ),
        Section(
            "placing",
            _("Placing tiles and the spinner"),
            (
                _(
                    "After the opening, place a tile by matching one of its halves to the value of an "
                    "open connection point. The tile's other half normally becomes the new outer end. "
                    "Placing a tile ends your turn."
                ),
                _(
                    "Doubles are placed crosswise. A double joins by one of its straight sides (line A); "
                    "its other straight side (line B) is then open."
                ),
                _(
                    "The first double played in the hand, and only that one, is the spinner, even when "
                    "it is the opening tile. Later doubles are ordinary crosswise doubles and never "
                    "branch. The figures frame the spinner in orange."
                ),
                _(
                    "A connection point is a place where a tile may legally be joined; a counted end is "
                    "what the score adds up. They are not the same thing: the figures show counted ends "
                    "as filled numbers and the other connection points as hollow dots."
                ),
            ),
            (
                build_figure(
                    "spinner-at-end",
                    _("The spinner at an end, then its straight line filled"),
                    ("3-6", "6-6@3-6:high", "2-6@6-6:B"),
                    _,
                    legend=legend,
                ),
            ),
        ),
        Section(
            "doubles",
            _("Doubles at the end and inside the layout"),
            (
                _(
                    "A double at an end of the layout, with one straight side open, counts both halves. "
                    "The spinner also counts both halves while one of its straight sides is still open."
                ),
                _(
                    "Once a tile is placed beyond a double, the double is inside the layout and counts "
                    "nothing: the new outer end counts instead."
                ),
                _("An opening double alone counts both halves once."),
            ),
            (
                build_figure(
                    "doubles-line",
                    _("A double at each end, then one of them covered"),
                    SPINNER_LINE[:4],
                    _,
                    start=3,
                    legend=legend,
                ),
                build_figure(
                    "opening-double",
                    _("An opening double is the spinner and counts both halves once"),
                    ("2-2",),
                    _,
                    legend=legend,
                ),
            ),
        ),
        Section(
            "arms",
            _("Opening the spinner's arms"),
            (
                _(
                    "Both straight sides of the spinner (lines A and B) must be occupied before either "
                    "side branch opens. Then the layout can grow up to four arms: the two lines and the "
                    "two branches, branch A and branch B."
                ),
                _("Either branch may be opened first; the other stays open for the rest of the hand."),
                _(
                    "Once both straight sides of the spinner are filled, the spinner itself counts "
                    "nothing. Each started arm counts its own outer end, and a branch nobody has used "
                    "yet counts zero."
                ),
            ),
            (
                build_figure(
                    "spinner-arms",
                    _("Filling the spinner's line, then opening both branches"),
                    SPINNER_LINE,
                    _,
                    start=5,
                    legend=legend,
                ),
            ),
        ),
        Section(
            "points",
            _("From counted total to points"),
            (
                _(
                    "After the opening and after every later placement, the hand's last tile included, "
                    "add up the counted ends of the layout. Only counted ends are added, ends showing "
                    "zero included."
                ),
                _(
                    "If the total is a positive multiple of five, the placing player's partnership "
                    "scores exactly that many raw points: a total of 10 scores 10. Any other total, "
                    "zero included, scores nothing."
                ),
                _(
                    "With one spinner the largest possible total is 36, so the largest scoring "
                    "placement is 35."
                ),
            ),
            (
                build_figure(
                    "opening-scores",
                    _("An opening tile counts both of its ends"),
                    SPINNER_LINE[:2],
                    _,
                    start=1,
                    legend=legend,
                ),
                build_figure(
                    "double-at-end-scores",
                    _("A double at an end counts both halves"),
                    ("3-6", "6-6@3-6:high"),
                    _,
                    legend=legend,
                ),
                build_figure(
                    "blank-opening", _("A total of zero scores nothing"), ("0-0",), _, legend=legend
                ),
                build_figure(
                    "four-arms",
                    _("Four arms: the largest scoring placement"),
                    FOUR_ARMS,
                    _,
                    legend=legend,
                ),
            ),
        ),
        Section(
            "passing",
            _("Passing and blocking"),
            (
                _(
                    "If you hold a tile that can legally be placed, you must place one. Otherwise you "
                    "knock: you pass and the turn goes to the next player. There is no drawing."
                ),
                _(
                    "A knock tells everyone something: the player who knocks holds no tile showing any "
                    "value open at that moment."
                ),
                _(
                    "The hand is blocked when no player still holding tiles can place one. A blocked "
                    "hand has no winner and no bonus; the settlement follows at once."
                ),
            ),
        ),
        Section(
            "end",
            _("End of hand and deductions"),
            (
                _(
                    "The hand ends as soon as any player places their last tile: that player dominoes. "
                    "Nobody waits for the partner to empty their hand, and there is no bonus for "
                    "dominoing."
                ),
                _(
                    "At the settlement, after a domino and after a block, add up the pips left in each "
                    "seat's hand separately. Round each seat's sum to the nearest multiple of five: a "
                    "remainder of 1 or 2 rounds down, 3 or 4 rounds up."
                ),
                _(
                    "Subtract each result from that seat's partnership score. Never add partners' hands "
                    "together before rounding. Nothing is added to anyone at the settlement."
                ),
                _("A score may fall below zero; it is kept and shown as it is."),
            ),
            (),
            (
                build_sum("two", (2,), _),
                build_sum("three", (3,), _),
                build_sum("seven", (7,), _),
                build_sum("twelve", (12,), _),
                build_sum("eighteen", (18,), _),
                build_sum("seven-twelve", (7, 12), _),
                build_sum("three-three", (3, 3), _),
            ),
        ),
        Section(
            "winning",
            _("Winning"),
            (
                _(
                    "The target is 250 raw points. It is checked after every scoring placement: the "
                    "first partnership to reach or pass 250 wins at once. The hand is not finished and "
                    "there is no settlement after it."
                ),
                _("Only one partnership scores at a time, so there is never a tie at the target."),
                _(
                    "Scores are kept and shown as raw points, never divided by five, like pegs on a "
                    "cribbage board."
                ),
            ),
            (),
            (_winning_sum(_),),
        ),
    )
    return Guide(
        lang=lang,
        direction=direction(lang),
        title=_("Seven Rocks: the rules"),
        introduction=_(
            "Seven Rocks is a domino game for exactly four players in two fixed partnerships. Every "
            "placement can score: when the counted ends of the layout add up to a positive multiple of "
            "five, the placing player's partnership scores that many raw points. The first partnership "
            "to reach 250 wins."
        ),
        sections=sections,
        legend=legend,
    )
