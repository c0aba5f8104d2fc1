"""The sentences of the family guide, written once and chosen by each game's rules (as data).

Every sentence is English source text marked with ``N_()`` for the catalogues; :func:`rule_paragraphs`
picks the ones a game's :class:`~sevenrocks.core.games.Rules` call for, section by section, and fills in
the game's numbers (seats, tiles, targets) from the rules themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

from sevenrocks.core.games import (
    Boneyard,
    Information,
    Later,
    Matching,
    Points,
    Rules,
    Stuck,
    Topology,
    find_game,
)
from sevenrocks.core.games.ending import FixedDeals, LosersTarget, SingleHand, TargetAfterHand, TargetAtOnce
from sevenrocks.core.games.settlement import (
    DeductFloor5,
    DeductRound5,
    HandBonus,
    LosersWrite,
    NoSettlement,
    WinnerTakes,
)
from sevenrocks.core.tiles import TILES
from sevenrocks.guide.play import Translate
from sevenrocks.i18n import N_

__all__ = ["SECTIONS", "rule_paragraphs"]

#: The sections of every game's document (``docs/games/<id>.md`` §1 to §10), in order, with titles.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("players", N_("Players and sides")),
    ("deal", N_("Tiles and deal")),
    ("leads", N_("Leads")),
    ("placing", N_("Placing tiles")),
    ("stuck", N_("When a player cannot place")),
    ("end", N_("End of hand")),
    ("points", N_("Points during play")),
    ("settlement", N_("Settlement")),
    ("match", N_("End of match")),
    ("information", N_("Information")),
)

_LATER = {
    ("domino", Later.FINISHER): N_(
        "After a domino, the player who went out leads the next hand with any tile."
    ),
    ("domino", Later.LOT): N_("After a domino, the next leader is chosen by lot."),
    ("domino", Later.FIRST_RULE): N_("After a domino, the first hand's rule names the leader again."),
    ("domino", Later.ROTATION): N_("Each later hand is led by the player after the previous leader."),
    ("blocked", Later.LOT): N_("After a block, the leader is chosen by lot."),
    ("blocked", Later.FIRST_RULE): N_("After a block, the first hand's rule names the leader again."),
    ("blocked", Later.FISHERMAN): N_(
        "After a block, the player who made the last move (the fisherman) leads with any tile."
    ),
    ("blocked", Later.FINISHER): N_("After a block, the player who made the last move leads."),
}
_TOPOLOGY = {
    Topology.LINE: N_("Tiles are placed on a line with two open ends; doubles lie across and never branch."),
    Topology.SPINNER: N_(
        "The first double is the spinner: once both its sides are covered, its two other sides open too, "
        "so the layout can grow four arms."
    ),
    Topology.SPINNER_OPEN: N_(
        "The first double placed is the spinner, and all four of its sides are open at once."
    ),
    Topology.ALL_SPINNERS: N_(
        "Every double is a spinner: once both its sides are covered, its two other sides open."
    ),
    Topology.FORCED_FOUR: N_(
        "The lead opens four sides, and all four must be covered before anything else is placed."
    ),
}
_STUCK = {
    Stuck.KNOCK: N_("A player who cannot place knocks, and the turn passes."),
    Stuck.DRAW_UNTIL_PLAYABLE: N_(
        "A player who cannot place draws from the boneyard until a tile fits and places it; when nothing "
        "may be drawn, the player knocks."
    ),
    Stuck.DRAW_ONE: N_(
        "A player who cannot place draws one tile and places it if it fits; otherwise the turn passes."
    ),
}
_POINTS = {
    Points.NONE: N_("Placing a tile scores nothing: only the settlement counts."),
    Points.FIVES: N_(
        "After each placement the open ends are counted; a multiple of five scores that many points."
    ),
    Points.FIVES_IN_FIVES: N_(
        "After each placement the open ends are counted; a multiple of five scores one point for each five."
    ),
    Points.THREES_IN_THREES: N_(
        "After each placement the open ends are counted; a multiple of three scores one point for each three."
    ),
    Points.FIVES_AND_THREES: N_(
        "After each placement the open ends are counted: a multiple of five scores one point for each five, "
        "and a multiple of three one point for each three."
    ),
    Points.HEADERS: N_(
        "Headers score for the player who made them: a double header (both ends alike) 2 points, a triple "
        "header (a double at one end, its number at the other) 3 points."
    ),
}
_INFORMATION = {
    Information.HIDDEN: N_("Each player sees only their own tiles; the boneyard stays face down."),
    Information.PARTNER_SIGNALS: N_(
        "Each player sees only their own tiles, but partners may signal whether they hold 0-0 and 6-6."
    ),
    Information.BLIND_QUEUES: N_("Nobody sees any queue, not even their own."),
}


def seat_counts(seats: Sequence[int], _: Translate) -> str:
    """Numbers of players as words read them: ``4``, ``2 or 3``, ``2, 3 or 4``."""
    if len(seats) == 1:
        return str(seats[0])
    return _("{first} or {last}").format(first=", ".join(str(n) for n in seats[:-1]), last=seats[-1])


def _players(rules: Rules, allowed: str, _: Translate) -> list[str]:
    game = find_game(rules.game)
    paired = {n: game.rules(seats=n, engine=game.engine).partnerships for n in game.seats}
    alone = [n for n, together in paired.items() if not together]
    out: list[str] = []
    if not alone:
        out.append(
            _(
                "Four players in two partnerships: seats 0 and 2 against seats 1 and 3, partners opposite. "
                "Each partnership keeps one score."
            )
        )
    elif len(alone) == len(paired):
        out.append(_("Every player plays alone and keeps their own score."))
    else:
        out.append(
            _("With {seats} players, each plays alone and keeps their own score.").format(
                seats=seat_counts(alone, _)
            )
        )
        out.append(
            _(
                "With four players, two partnerships play: seats 0 and 2 against seats 1 and 3, partners "
                "opposite, each partnership keeping one score."
            )
        )
    out.append(
        _("The game is played by {allowed} players; the figures show a table of {seats}.").format(
            allowed=allowed, seats=rules.seats
        )
    )
    return out


def _deal(rules: Rules, _: Translate) -> list[str]:
    out = [_("Each player is dealt {hand} tiles from the double-six set of 28.").format(hand=rules.hand_size)]
    rest = 28 - rules.hand_size * rules.seats
    if rules.boneyard is Boneyard.NONE or rest == 0:
        out.append(_("All 28 tiles are dealt: there is no boneyard."))
    elif rules.boneyard is Boneyard.OUT_OF_PLAY:
        out.append(_("The other {rest} tiles stay face down, out of play.").format(rest=rest))
    elif rules.reserve:
        out.append(
            _(
                "The other {rest} tiles are the boneyard; a reserve of {reserve} at its end is never drawn."
            ).format(rest=rest, reserve=rules.reserve)
        )
    else:
        out.append(_("The other {rest} tiles are the boneyard, to draw from.").format(rest=rest))
    if rules.goat_misdeal:
        out.append(
            _(
                "A deal where a hand holds five or more doubles, or six tiles of one number, is void and "
                "dealt again."
            )
        )
    return out


def _leads(rules: Rules, _: Translate) -> list[str]:
    if rules.first_lead is None:
        out = [_("The first hand is led by a player chosen by lot, with any tile.")]
    else:
        order = " ".join(str(TILES[i]) for i in rules.first_lead[:5])
        out = [
            _(
                "The first hand is led by whoever holds the first of these tiles: {tiles} …, with that tile."
            ).format(tiles=order)
        ]
    for when, later in (("domino", rules.after_domino), ("blocked", rules.after_block)):
        text = _LATER.get((when, later))
        if text is not None:
            out.append(_(text))
    return out


def _placing(rules: Rules, _: Translate) -> list[str]:
    out = [_("Play goes clockwise; a player who can place must place."), _(_TOPOLOGY[rules.topology])]
    if rules.matching is Matching.SUM_SEVEN:
        out.append(
            _(
                "A tile joins an open end by a half that adds up to seven with it; the matadors 0-0, "
                "1-6, 2-5 "
                "and 3-4 join any end."
            )
        )
    else:
        out.append(_("A tile joins an open end by a half showing the same number."))
    if rules.several_doubles:
        out.append(
            _("A player may place several doubles in one move, up to {count}.").format(
                count=rules.several_doubles
            )
        )
    if rules.lengthwise:
        out.append(_("A double may also be laid lengthwise, in line with its arm."))
    if rules.closing:
        out.append(_("A double may be closed (laid face down): nothing can join it."))
    return out


def _stuck(rules: Rules, _: Translate) -> list[str]:
    out = [_(_STUCK[rules.stuck if rules.draws else Stuck.KNOCK])]
    if rules.team_out:
        out.append(_("A player who has gone out is skipped; the hand ends when a whole side is out."))
    return out


def _end(rules: Rules, _: Translate) -> list[str]:
    out = [
        _("The hand ends when a player places the last tile (a domino) or when nobody can place (a block).")
    ]
    if rules.all_ends_closed:
        out.append(_("It also ends as a block as soon as no end is left open."))
    return out


def _settlement(rules: Rules, _: Translate) -> list[str]:
    kind = rules.settlement
    out: list[str] = []
    if isinstance(kind, DeductRound5):
        out.append(
            _(
                "Each player's remaining pips, rounded to the nearest five on their own, are deducted "
                "from their side."
            )
        )
    elif isinstance(kind, DeductFloor5):
        out.append(
            _(
                "Each player's remaining pips, rounded down to five, are deducted from their side, never "
                "below zero."
            )
        )
    elif isinstance(kind, WinnerTakes):
        out.append(
            _(
                "The side that went out scores the pips left in the other hands; after a block the side with "
                "the fewest pips scores the difference."
            )
        )
        if kind.rounding > 1:
            out.append(_("The amount is rounded to the nearest {rounding}.").format(rounding=kind.rounding))
        if kind.divisor > 1:
            out.append(_("Then it is divided by {divisor}.").format(divisor=kind.divisor))
    elif isinstance(kind, HandBonus):
        out.append(_("The side that went out scores {bonus} point.").format(bonus=kind.bonus))
        if kind.block:
            out.append(_("After a block, the side with the fewest pips scores it; a tie scores nothing."))
    elif isinstance(kind, LosersWrite):
        out.append(_("Every losing side writes its own pips against itself: points are bad."))
        if kind.threshold:
            out.append(
                _("An account opens only with {threshold} or more at once.").format(threshold=kind.threshold)
            )
        if kind.remember:
            out.append(_("Smaller amounts are remembered and written when the account opens."))
        if kind.eggs:
            out.append(
                _(
                    "A block where every side has the same total makes eggs: the points wait for the "
                    "next loser."
                )
            )
    elif isinstance(kind, NoSettlement):
        out.append(
            _("Nobody counts points: the first player out wins; after a block, the fewest tiles wins.")
        )
    if rules.sea_values:
        out.append(_("A hand of exactly 0-0 is worth 25, of exactly 6-6 50, and of both 75."))
    elif rules.lone_blank is not None:
        out.append(_("A hand of the lone 0-0 is worth {value}.").format(value=rules.lone_blank))
    return out


def _match(rules: Rules, _: Translate) -> list[str]:
    ending = rules.ending
    if isinstance(ending, TargetAtOnce):
        out = [
            _("The first side to reach {target} points wins at once, even in the middle of a hand.").format(
                target=ending.target
            )
        ]
        if ending.exact:
            out.append(_("The target must be reached exactly: points that would pass it do not count."))
        return out
    if isinstance(ending, TargetAfterHand):
        return [
            _("After each hand, a side that has reached {target} points wins the match.").format(
                target=ending.target
            )
        ]
    if isinstance(ending, LosersTarget):
        return [
            _("The side whose written points reach {target} is the goat and loses the match.").format(
                target=ending.target
            )
        ]
    if isinstance(ending, FixedDeals):
        return [
            _("The match lasts {deals} deals; the side with fewer points wins.").format(deals=ending.deals)
        ]
    if isinstance(ending, SingleHand):
        return [_("One hand is the whole match.")]
    return []


def rule_paragraphs(section: str, rules: Rules, allowed: str, _: Translate) -> list[str]:
    """The paragraphs ``rules`` call for in ``section`` (one of :data:`SECTIONS`' keys)."""
    if section == "players":
        return _players(rules, allowed, _)
    if section == "deal":
        return _deal(rules, _)
    if section == "leads":
        return _leads(rules, _)
    if section == "placing":
        return _placing(rules, _)
    if section == "stuck":
        return _stuck(rules, _)
    if section == "end":
        return _end(rules, _)
    if section == "points":
        return [_(_POINTS[rules.points])]
    if section == "settlement":
        return _settlement(rules, _)
    if section == "match":
        return _match(rules, _)
    if section == "information":
        return [_(_INFORMATION[rules.information])]
    raise KeyError(f"no section {section!r}: the sections are {', '.join(k for k, _t in SECTIONS)}")
