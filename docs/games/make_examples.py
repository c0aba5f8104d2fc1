"""The worked example of every game's document in ``docs/games/``, computed by the engine.

Each ``docs/games/<id>.md`` holds one block between the lines :data:`BEGIN` and :data:`END`: a real
hand (or the start of one) of that game, dealt from a seed by :class:`sevenrocks.core.Match` and
played by a simple fixed rule (every seat makes the move that scores most, then the one that places
the most pips, then the first in the engine's order). The text is written from the engine's own
events and results, so it cannot drift from what the engine does: ``tests/family/test_game_docs.py``
runs :func:`check` and fails when a document's block differs from what the engine writes now.

Rewrite the blocks, or only list the documents that differ (from the repository's top folder)::

    .venv/bin/python docs/games/make_examples.py
    .venv/bin/python docs/games/make_examples.py --check
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from sevenrocks.core import Match
from sevenrocks.core.errors import LeaderError
from sevenrocks.core.events import Draw, Event, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.games import (
    Engine,
    Information,
    Later,
    Matching,
    OptionValue,
    Points,
    Rules,
    Topology,
    find_game,
)
from sevenrocks.core.games.general import Counts
from sevenrocks.core.games.orders import ORDER_GOAT, ORDER_HIGH, ORDER_LOW, ORDER_TELEPHONE
from sevenrocks.core.games.sea import ATTEMPTS, OPENING, ROTTEN, SPECIAL, SeaRecord, write_record
from sevenrocks.core.games.settlement import (
    DeductFloor5,
    DeductRound5,
    HandBonus,
    LosersWrite,
    NoSettlement,
    WinnerTakes,
    round3,
    round5,
)
from sevenrocks.core.layout import Layout
from sevenrocks.core.matching import is_matador
from sevenrocks.core.notation import Doubles, Play, Side
from sevenrocks.core.sausage import DealEnd, DealLog, SausageMatch, Went
from sevenrocks.core.tiles import Tile
from sevenrocks.guide.play import choose, move_parts, sausage_choose

__all__ = ["BEGIN", "END", "EXAMPLES", "Example", "check", "example_text", "main", "write"]

HERE: Final = Path(__file__).resolve().parent
BEGIN: Final = "<!-- worked example: written by docs/games/make_examples.py from the engine; do not edit -->"
END: Final = "<!-- end of the worked example -->"

ORDER_NAMES: Final = {
    ORDER_HIGH: "order-high",
    ORDER_LOW: "order-low",
    ORDER_GOAT: "order-goat",
    ORDER_TELEPHONE: "order-telephone",
}


@dataclass(frozen=True)
class Example:
    """One game's worked example: the table, the seed that deals it, and how much of it to show."""

    game: str
    seats: int
    seed: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    hands: int = 1
    """How many hands to show (the last one stops at ``moves`` when that is set)."""
    moves: int | None = None
    """Stop the last hand after this many moves (a position); ``None``: play it to its end."""
    close: bool = False
    """Closing doubles (Donkey): once the spinner is down, a seat closes every double it places."""
    declare: bool = False
    """Sea Goat: a voluntary hundred is declared (``start_hand(hundred=True)``) whenever the rules
    allow one for the deal about to be made."""
    also: tuple[Example, ...] = ()
    """Further examples of the same game shown after this one (another option, another ending)."""


#: The seed of Sausage's example: a short deal with a cut, doubles set aside and tiles sent to the back.
SAUSAGE_SEED: Final = 39

#: Every game's example. The seeds were chosen for hands that show what the game does differently.
EXAMPLES: Final[dict[str, Example]] = {
    "seven-rocks": Example("seven-rocks", 4, 8, moves=9),
    "block": Example("block", 3, 197),
    "draw": Example("draw", 2, 9),
    "kozel": Example("kozel", 3, 42, hands=2),
    "kozel-125": Example("kozel-125", 2, 37),
    "sports-kozel": Example("sports-kozel", 4, 37),
    "telephone": Example("telephone", 2, 1),
    "muggins": Example("muggins", 2, 19),
    "all-fives": Example("all-fives", 4, 122),
    "five-up": Example("five-up", 2, 36),
    "fives-and-threes": Example("fives-and-threes", 4, 38),
    "all-threes": Example("all-threes", 2, 50),
    "picture": Example("picture", 3, 142),
    "donkey": Example("donkey", 2, 0, hands=2, close=True),
    "sebastopol": Example("sebastopol", 4, 35),
    "bergen": Example("bergen", 2, 4, hands=2),
    "matador": Example("matador", 3, 3),
    "general": Example("general", 4, 194, hands=3, also=(Example("general", 4, 33, {"version": "naked"}),)),
    "sea-kozel": Example(
        "sea-kozel", 2, 550, hands=4, also=(Example("sea-kozel", 4, 73, hands=2, declare=True),)
    ),
    "sausage": Example("sausage", 2, SAUSAGE_SEED),
}


# ----------------------------------------------------------------------------------- playing
def play(example: Example) -> Match:
    """The example's match, played as far as the example shows it (or to the end of the match)."""
    match = Match(example.game, options=dict(example.options), seats=example.seats, seed=example.seed)
    for number in range(example.hands):
        if match.is_over:
            break
        match.start_hand(hundred=example.declare and may_declare(match))
        last = number == example.hands - 1
        while match.turn is not None and not (
            last and example.moves is not None and len(match.placements) >= example.moves
        ):
            match.push(choose(match, example.close))
    return match


def may_declare(match: Match) -> bool:
    """Sea Goat: whether the deal the match is about to make lets a seat declare a hundred (tried
    on a copy, which deals the same tiles from the same state of the generator)."""
    probe = match.copy(stack=False)
    try:
        probe.start_hand(hundred=True)
    except LeaderError:
        return False
    return True


# ----------------------------------------------------------------------------------- words
def tiles_text(tiles: Sequence[Tile]) -> str:
    """Tiles as ``0-1 2-2``, or a dash for none."""
    return " ".join(str(t) for t in tiles) or "—"


def who(rules: Rules, side: int) -> str:
    """A side named as the reader sees it: ``seat 2``, or ``side 1 (seats 1 and 3)``."""
    if rules.partnerships:
        a, b = rules.seats_of(side)
        return f"side {side} (seats {a} and {b})"
    return f"seat {side}"


def numbers(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def call(example: Example) -> str:
    """The Python call that deals the example."""
    parts = [repr(example.game)]
    if example.options:
        parts.append(f"options={dict(example.options)!r}")
    parts += [f"seats={example.seats}", f"seed={example.seed}"]
    return f"Match({', '.join(parts)})"


def options_text(rules: Rules, example: Example) -> str:
    if not rules.options:
        return "the game has no options"
    shown = ", ".join(f"`{k}` {str(v).lower()}" for k, v in rules.options.items())
    if "partnerships" in rules.options and rules.seats < 4:
        shown += ", which applies to four seats only"
    return ("options as given: " if example.options else "default options: ") + shown


def lead_text(match: Match, number: int, previous: HandResult | None) -> str:
    """Why the hand's leader leads."""
    rules = match.rules
    log = match.history[number]
    leader = log.leader
    first = next((e for e in log.events if isinstance(e, Placement)), None)
    lead = first.play if first is not None else None
    if log.imposed is not None:
        return sea_lead_text(match, number, previous)
    if previous is None or (
        (rules.after_domino if previous.end is HandEnd.DOMINO else rules.after_block) is Later.FIRST_RULE
    ):
        if rules.first_lead is not None:
            name = ORDER_NAMES.get(rules.first_lead, "the game's tile order")
            again = " again" if previous is not None else ""
            first_tile = f"the first tile of {name} that was dealt{again}"
            return f"Seat {leader} holds {lead}, {first_tile}, and must lead it."
        return f"A lot names seat {leader} to lead; it may lead any tile and leads {lead}."
    rule = rules.after_domino if previous.end is HandEnd.DOMINO else rules.after_block
    if rule is Later.FINISHER:
        return f"Seat {leader} went out in the previous hand and leads, with any tile: {lead}."
    if rule is Later.FISHERMAN:
        if rules.fisherman_non_double:
            return (
                f"Seat {leader} placed the last non-double tile of the blocked hand (the fisherman) and "
                f"leads, with any tile: {lead}."
            )
        return f"Seat {leader} made the last move of the blocked hand (the fisherman) and leads {lead}."
    if rule is Later.ROTATION:
        return f"The lead passes to the next seat: seat {leader} leads {lead}."
    return f"A lot names seat {leader} to lead; it may lead any tile and leads {lead}."


def then_text(events: Sequence[Event]) -> str:
    """The knocks and draws that follow a move, in words."""
    out: list[str] = []
    for event in events:
        if isinstance(event, Knock):
            out.append(f"seat {event.seat} knocks")
        elif isinstance(event, Draw):
            tile = str(event.tile)
            if out and out[-1].startswith(f"seat {event.seat} draws "):
                out[-1] += f", {tile}"
            else:
                out.append(f"seat {event.seat} draws {tile}")
    return "; ".join(out)


@dataclass(frozen=True)
class Step:
    """What one move of a hand did to the layout, found by placing the hand's moves again."""

    note: str
    """What the move does that the game makes special (a spinner, a closed double, a join...)."""
    ends: tuple[int, ...]
    """The values of the open connection points after the move."""
    header: int
    """Bergen: the header the line's ends make after the move (0, 2 or 3)."""
    closed_out: bool
    """No connection point is left after the move (Donkey: the hand ends at once)."""


def has_notes(rules: Rules) -> bool:
    """True for the games whose moves are explained one by one in the table."""
    return (
        rules.topology in (Topology.SPINNER_OPEN, Topology.FORCED_FOUR)
        or rules.closing
        or rules.matching is Matching.SUM_SEVEN
    )


def seven_note(layout: Layout, play: Play, value: int) -> str:
    """How a Matador tile joins (``value`` is the end it joins), and what it leaves open."""
    tile = play.tile
    if play.anchor is None:
        return f"{tile.low} open at both ends" if tile.is_double else f"ends {tile.low} and {tile.high}"
    outward = layout.outward(play)
    left = tile.low if tile.is_double or outward is Side.LOW else tile.high
    touching = tile.high if outward is Side.LOW and not tile.is_double else tile.low
    where = "the blank" if value == 0 else f"the {value}"
    if is_matador(tile):
        text = (
            f"matador on {where}: {left} open"
            if tile.is_double
            else (f"matador: its {touching} on {where}, {left} open")
        )
    elif tile.is_double:
        text = f"in line: {touching} + {value} = 7, {left} open"
    else:
        text = f"{touching} + {value} = 7, {left} open"
    if left == 0:
        text += "; only a matador can follow there"
    return text


def part_note(rules: Rules, layout: Layout, play: Play) -> list[str]:
    """Place ``play`` on ``layout`` and say what it did that the game makes special."""
    anchor, side = play.anchor, play.side
    value = 0 if anchor is None or side is None else (anchor.high if side is Side.HIGH else anchor.low)
    spinner = layout.spinner
    lead = layout.tiles[0] if len(layout) else None
    layout.place(play)
    words: list[str] = []
    if rules.matching is Matching.SUM_SEVEN:
        words.append(seven_note(layout, play, value))
    if play.closed:
        words.append(f"{play.tile} is closed: it opens nothing")
    elif rules.topology is Topology.SPINNER_OPEN and spinner is None and layout.spinner == play.tile:
        opened = ", ".join(p.side.notation for p in layout.points if p.anchor == play.tile)
        words.append(f"{play.tile} is the spinner: {opened} open at once")
    if rules.topology is Topology.FORCED_FOUR:
        if anchor is None:
            words.append(f"{play.tile} opens A, B, bA and bB, the only points until all four are covered")
        elif anchor == lead and side is not None and (side >= Side.A):
            left = [p.side.notation for p in layout.points if p.anchor == lead]
            if left:
                words.append(f"{lead} still open on {', '.join(left)}")
            else:
                arms = ", ".join(f"`{p}`" for p in layout.points)
                words.append(f"{lead} is surrounded: the arms open ({arms})")
    return words


def replayed(match: Match, number: int) -> list[Step]:
    """Each move of the hand, placed again on an empty layout of the game."""
    rules = match.rules
    layout = Layout.for_rules(rules)
    steps = []
    for placement in match.history[number].placements:
        move = placement.play
        words = [f"{len(move.parts)} doubles in one move"] if isinstance(move, Doubles) else []
        for play in move_parts(move):
            words += part_note(rules, layout, play)
        closed_out = not layout.points
        if closed_out and rules.all_ends_closed:
            words.append("no connection point is left")
        header = layout.header_points() if rules.points is Points.HEADERS else 0
        steps.append(Step("; ".join(words), layout.point_values, header, closed_out))
    return steps


HEADER_NAMES: Final = {0: "", 2: "double", 3: "triple"}


def moves_table(match: Match, number: int) -> list[str]:
    """The hand's moves, one row each, with the knocks and draws that follow each."""
    rules = match.rules
    log = match.history[number]
    headers = rules.points is Points.HEADERS
    scoring = rules.scores_points and not headers
    notes = has_notes(rules)
    steps = replayed(match, number)
    columns = ["#", "seat", "move"]
    if scoring:
        columns += ["counted ends", "points"]
    if headers:
        columns += ["ends", "header", "points"]
    if notes:
        columns.append("what it does")
    columns.append("then")
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    events = log.events
    index = [i for i, e in enumerate(events) if isinstance(e, Placement)]
    for n, i in enumerate(index):
        placement = events[i]
        assert isinstance(placement, Placement)
        step = steps[n]
        following = events[i + 1 : index[n + 1] if n + 1 < len(index) else len(events)]
        cells = [str(n + 1), str(placement.seat), f"`{placement.play}`"]
        if scoring:
            cells += [str(placement.ends_total), str(placement.points) if placement.points else ""]
        if headers:
            shown = " and ".join(str(v) for v in step.ends)
            cells += [shown, HEADER_NAMES[step.header], str(placement.points) if placement.points else ""]
        if notes:
            cells.append(step.note)
        cells.append(then_text(following))
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def held_text(match: Match, result: HandResult) -> str:
    """What each seat holds at the end, with its pips (and a special value) where pips count."""
    shown = []
    hands = result.hands or ()
    counted = not isinstance(match.rules.settlement, Counts)
    for seat, tiles in enumerate(hands):
        if not counted:
            shown.append(f"seat {seat} {tiles_text(tiles)}")
            continue
        pips = sum(t.pips for t in tiles)
        value = result.values[seat] if result.values is not None else pips
        extra = f", worth {value}" if value != pips else ""
        shown.append(f"seat {seat} {tiles_text(tiles)} ({pips} pip{'' if pips == 1 else 's'}{extra})")
    return "; ".join(shown)


def doubles_text(tiles: Sequence[Tile]) -> str:
    """Which of 0-0 and 6-6 a move holds: ``0-0 and 6-6``, ``0-0``, ``6-6`` or ``neither``."""
    held = [str(t) for t in tiles if t.is_double and t.low in (0, 6)]
    return " and ".join(sorted(held)) or "neither 0-0 nor 6-6"


def general_text(match: Match, number: int, result: HandResult) -> list[str]:
    """General's hand: who lost it, and whether the loser is a General or naked (``general.md`` §8)."""
    rules = match.rules
    if result.end is not HandEnd.DOMINO:
        return [
            "Nobody can place: the hand is blocked, and a blocked hand is void: nothing is recorded and "
            "the next hand is dealt.",
            f"Left in hand: {held_text(match, result)}.",
        ]
    last = match.history[number].placements[-1]
    tiles = last.play.tiles
    several = len(tiles) > 1
    lines = [
        f"Seat {result.finisher} places its last {'tiles' if several else 'tile'}, "
        f"{' and '.join(str(t) for t in tiles)}: a domino. Seat {result.loser}, next in turn, loses the "
        f"hand for {who(rules, rules.side_of(result.loser or 0))}."
    ]
    naked_version = rules.options.get("version") == "naked"
    holds = doubles_text(tiles)
    if result.general is not None:
        lines.append(
            f"The last move holds {holds}: seat {result.loser} is a General, and "
            f"{who(rules, result.general)} receives a General."
        )
    elif result.naked is not None:
        lines.append(
            f"The last move holds 0-0 without 6-6: seat {result.loser} is naked, and "
            f"{who(rules, result.naked)} receives a naked."
        )
    elif naked_version and holds == "6-6":
        lines.append("The last move holds 6-6 alone: in the naked version that is an ordinary finish.")
    else:
        lines.append(f"The last move holds {holds}: an ordinary finish.")
    lines.append(f"Left in hand: {held_text(match, result)}.")
    lost = ", ".join(f"{who(rules, side)} {n}" for side, n in enumerate(result.scores))
    lines.append(f"Hands lost: {lost}.")
    return lines


# ----------------------------------------------------------------------------------- Sea Goat
#: The events that end a Sea Goat match at once (``sea-kozel.md`` §9.2 (1)–(3)), and why in words.
INSTANT: Final = {
    "bald-goat": "a bald goat",
    "six-six": "a six-six finish",
    "hundred-won": "its hundred hand won",
    "hundred-lost": "the other side's hundred hand lost",
}
ORDINALS: Final = {1: "first", 2: "second", 3: "third"}


def state_before(match: Match, number: int) -> tuple[tuple[int, int] | None, int]:
    """Sea Goat: the record and the eggs as the hand ``number`` found them (void deals included)."""
    if number == 0:
        return None, 0
    before = match.results[number - 1]
    return before.record, before.eggs or 0


def record_text(rules: Rules, record: tuple[int, int] | None) -> str:
    if record is None:
        return "no side holds a record"
    side, points = record
    return f"the record of {who(rules, side)} is {points}"


def written_text(
    rules: Rules, before: tuple[int, int] | None, winner: int, amount: int
) -> tuple[str, tuple[int, int] | None]:
    """What winning ``amount`` does to the record (``sea-kozel.md`` §8.4), in words, and the record
    after it (the engine's own :func:`write_record`)."""
    after, _, crossed = write_record(before, winner, amount)
    if before is None:
        if after is None:
            return f"no side holds a record and {amount} is under {OPENING}: nothing is written", after
        return f"the record of {who(rules, winner)} opens with {amount}", after
    side, points = before
    if side == winner:
        assert after is not None
        return f"it is added to the record of {who(rules, winner)}: {points} + {amount} = {after[1]}", after
    if crossed:
        return (
            f"{amount} is {OPENING} or more against the record of {who(rules, side)}, {points}: the record "
            "is crossed out, and both sides are at 0",
            after,
        )
    return f"the record is {who(rules, side)}'s and {amount} is under {OPENING}: nothing changes", after


def pending_write_off(match: Match, number: int) -> tuple[int, int, int] | None:
    """Sea Goat: the write-off pending when hand ``number`` starts, as (fisherman, amount, failed
    attempts), found from the events of the hands before it (§9.2 (4b), (5))."""
    rules = match.rules
    pending: tuple[int, int, int] | None = None
    for result in match.results[:number]:
        if result.end is HandEnd.REDEAL:
            continue  # a void deal is no attempt
        events = result.events or ()
        if pending is not None:
            seat, amount, failures = pending
            done = "write-off" in events or "write-off-failed" in events
            pending = None if done else (seat, amount, failures + 1)
        if "write-off-pending" in events:
            assert result.fisherman is not None and result.values is not None
            own = side_totals(rules, result.values)[rules.side_of(result.fisherman)]
            pending = (result.fisherman, own, 0)
    return pending


def owed_text(previous: HandResult | None) -> str:
    """Why a seat owes a compulsory hundred, from the events of the hand that made it owe one."""
    events = previous.events or () if previous is not None else ()
    if "write-off-failed" in events:
        return "as the seat after the fisherman whose write-off failed for the third time (§9.2 (5))"
    if "fisherman-hundred" in events:
        return "as the fisherman of the last hand, a block its side won with a total under 25 (§9.2 (4a))"
    return "for going out with 6-6 while no seat of the losing side held 25 (§9.2 (2))"


def sea_lead_text(match: Match, number: int, previous: HandResult | None) -> str:
    """A lead Sea Goat's own rules impose (``sea-kozel.md`` §3.2 (a), (b), §3.3)."""
    rules = match.rules
    log = match.history[number]
    leader = log.leader
    first = next((e for e in log.events if isinstance(e, Placement)), None)
    lead = first.play if first is not None else None
    if log.imposed == "hundred":
        assert log.hundred == leader
        return (
            f"Seat {leader} owes a compulsory hundred, {owed_text(previous)}. It leads, with any tile: "
            f"{lead}; this is seat {leader}'s hundred hand."
        )
    if log.imposed == "eggs":
        _, eggs = state_before(match, number)
        return (
            f"Eggs of {eggs} are pending and are played from 1-1: seat {leader} holds 1-1 and must lead it."
        )
    assert log.imposed == "declared" and log.hundred == leader
    record, _ = state_before(match, number)
    assert record is not None
    return (
        f"Seat {leader} holds 6-6 and {who(rules, record[0])} holds the record: seat {leader} declares a "
        f"hundred and must lead 6-6. This is seat {leader}'s hundred hand."
    )


def void_text(match: Match, number: int, result: HandResult) -> str:
    """A void deal: an egg redeal (``sea-kozel.md`` §8.6), or a Goat misdeal given to the engine."""
    events = result.events or ()
    if "egg-redeal" not in events:
        return "A hand holds five doubles or six tiles of one number: the deal is void and is dealt again."
    _, eggs = state_before(match, number)
    count = 0
    for earlier in reversed(match.results[: number + 1]):
        if earlier.end is not HandEnd.REDEAL:
            break
        count += "egg-redeal" in (earlier.events or ())
    text = (
        f"Eggs of {eggs} are pending and 1-1 is in the boneyard, so nobody can lead it: the deal is void, "
        f"an egg redeal (the {ORDINALS[count]} in a row for these eggs), and nothing else changes."
    )
    if "rotten-eggs" in events:
        return text.replace("nothing else changes", "the eggs are rotten: they return to 0")
    return text + f" The {ORDINALS[ROTTEN]} in a row would make the eggs rotten."


def sea_settlement_text(match: Match, number: int, result: HandResult) -> list[str]:
    """Sea Goat's settlement (``sea-kozel.md`` §8, §9.2): the events, the record, the write-off."""
    rules = match.rules
    log = match.history[number]
    record, eggs = state_before(match, number)
    assert result.values is not None
    values = result.values
    totals = side_totals(rules, values)
    events = result.events or ()
    shown = ", ".join(f"{who(rules, s)} {t}" for s, t in enumerate(totals))
    lines = [f"Settlement: hand totals {shown}."]
    finisher, fisherman, hundred = result.finisher, result.fisherman, log.hundred
    winner: int | None
    if finisher is not None:
        winner = rules.side_of(finisher)
    else:
        winner = None if totals[0] == totals[1] else (0 if totals[0] < totals[1] else 1)
    how = "" if finisher is not None else " with the lower total"
    instant = next((e for e in events if e in INSTANT), None)
    if instant == "bald-goat":
        assert winner is not None
        lines.append(
            f"Seat {finisher}'s last move holds 0-0: a bald goat, and {who(rules, winner)} wins the match."
        )
    elif instant == "six-six":
        assert winner is not None
        seat = next(s for s in range(rules.seats) if rules.side_of(s) != winner and values[s] >= SPECIAL)
        lines.append(
            f"Seat {finisher}'s last move holds 6-6 and seat {seat}, on the losing side, holds "
            f"{values[seat]}, 25 or more: {who(rules, winner)} wins the match."
        )
    elif instant == "hundred-won":
        assert hundred is not None and winner == rules.side_of(hundred)
        lines.append(
            f"This is seat {hundred}'s hundred hand and {who(rules, winner)} wins it{how}: it wins the match."
        )
    elif instant == "hundred-lost":
        assert hundred is not None and winner is not None
        lines.append(
            f"This is seat {hundred}'s hundred hand; {who(rules, winner)} wins it{how} and seat {hundred} "
            f"holds {values[hundred]}, 25 or more: {who(rules, rules.side_of(hundred))} loses the match."
        )
    if instant is not None:
        lines.append("A hand that ends the match is not settled: nothing is written.")
        lines.append(f"Events: `{instant}`.")
        return lines
    said = False  # whether the winner of the hand has been named
    if hundred is not None:
        if winner is None:
            lines.append(
                f"This is seat {hundred}'s hundred hand, and it ends in equal totals: the match goes on."
            )
        else:
            lines.append(
                f"This is seat {hundred}'s hundred hand: {who(rules, winner)} wins it{how} and seat "
                f"{hundred} holds {values[hundred]}, under 25, so the match goes on and the hand is settled "
                "as usual."
            )
            said = True
    if "six-six-short" in events:
        assert winner is not None
        lines.append(
            f"Seat {finisher}'s last move holds 6-6, but no seat of the losing side holds 25 or more: the "
            f"hand is settled, and seat {finisher} owes a compulsory hundred."
        )
    if "fisherman-hundred" in events:
        assert fisherman is not None
        winner = rules.side_of(fisherman)
        owes = "owes" if who(rules, winner) == f"seat {fisherman}" else f"seat {fisherman} owes"
        lines.append(
            f"The fisherman's side totals {totals[winner]}, under 25, and the other side more than 25: "
            f"{who(rules, winner)} wins the hand and {owes} a compulsory hundred."
        )
        said = True
    if "write-off-pending" in events:
        assert fisherman is not None
        own = totals[rules.side_of(fisherman)]
        lines.append(
            f"The fisherman's side totals {own}, more than the other side and more than 25: nothing is "
            f"written; the block is suspended, and seat {fisherman} may write it off ({own}) in the next "
            f"{ATTEMPTS} hands."
        )
    elif winner is None:
        lines.append(f"Equal totals: eggs. Nothing is written; the eggs are now {result.eggs}.")
    else:
        loser = totals[1 - winner]
        amount = loser + eggs
        sum_text = f"{loser} + eggs {eggs} = {amount}" if eggs else f"{amount}"
        words, record = written_text(rules, record, winner, amount)
        won = "The amount" if said else f"{who(rules, winner).capitalize()} wins the hand{how}; the amount"
        lines.append(f"{won} is {sum_text}: {words}.")
    pending = pending_write_off(match, number)
    if pending is not None:
        seat, amount, failures = pending
        side = rules.side_of(seat)
        if "write-off" in events:
            lines.append(
                f"{who(rules, side).capitalize()} won this hand and the other side holds 25 or more: seat "
                f"{seat}'s write-off succeeds, and the suspended block is forgotten."
            )
        elif "write-off-failed" in events:
            words, record = written_text(rules, record, 1 - side, amount)
            lines.append(
                f"The {ORDINALS[ATTEMPTS]} attempt at seat {seat}'s write-off fails: the suspended block is "
                f"settled as a hand won by {who(rules, 1 - side)} with {amount}: {words}; seat "
                f"{(seat + 1) % rules.seats} owes a compulsory hundred."
            )
        else:
            lines.append(f"The {ORDINALS[failures + 1]} attempt at seat {seat}'s write-off fails.")
    assert record == result.record, (record, result.record)  # the words follow the engine
    said_events = ", ".join(f"`{e}`" for e in events) or "none"
    lines.append(
        f"After the hand {record_text(rules, result.record)}; scores {numbers(result.scores)}; eggs "
        f"{result.eggs}. Events: {said_events}."
    )
    return lines


def end_text(match: Match, number: int, result: HandResult, before: Sequence[int]) -> list[str]:
    """How the hand ended and how it was settled, in a few sentences."""
    rules = match.rules
    lines: list[str] = []
    if isinstance(rules.settlement, Counts):
        return general_text(match, number, result)
    if result.end is HandEnd.TARGET:
        winner = match.outcome.winner if match.outcome is not None else None
        lines.append(
            f"{who(rules, winner).capitalize() if winner is not None else 'A side'} reaches the target "
            f"{rules.ending.target} during play: the match ends at once, with no settlement."
        )
        return lines
    if result.end is HandEnd.DOMINO:
        finisher = result.finisher
        if rules.team_out:
            lines.append(
                f"Seat {finisher} places its last tile and its partner is already out: "
                f"{who(rules, rules.side_of(finisher or 0))} is out, and the hand ends."
            )
        else:
            lines.append(f"Seat {finisher} places its last tile: a domino.")
    else:
        fisher = f" The fisherman is seat {result.fisherman}." if result.fisherman is not None else ""
        if fisher and rules.fisherman_non_double:
            fisher = fisher[:-1] + ", the seat of the hand's last non-double tile."
        drawn = " and nothing can be drawn" if rules.draws else ""
        steps = replayed(match, number)
        if rules.all_ends_closed and steps and steps[-1].closed_out:
            lines.append(
                "The last move leaves no connection point: the hand ends at once as a block, without "
                f"any drawing.{fisher}"
            )
        else:
            lines.append(f"Nobody can place{drawn}: the hand is blocked.{fisher}")
    lines.append(f"Left in hand: {held_text(match, result)}.")
    if isinstance(rules.settlement, SeaRecord):
        lines += sea_settlement_text(match, number, result)
    else:
        lines.append(settlement_text(match, result, before))
    return lines


def side_totals(rules: Rules, values: Sequence[int]) -> list[int]:
    totals = [0] * rules.sides
    for seat, value in enumerate(values):
        totals[rules.side_of(seat)] += value
    return totals


def settlement_text(match: Match, result: HandResult, before: Sequence[int]) -> str:
    """The settlement, with its sums."""
    rules = match.rules
    settlement = rules.settlement
    pips = result.pips or ()
    if isinstance(settlement, DeductRound5 | DeductFloor5):
        rounding = "to the nearest 5" if isinstance(settlement, DeductRound5) else "down to a multiple of 5"
        shown = ", ".join(
            f"seat {seat} {p} → {d}"
            for seat, (p, d) in enumerate(zip(pips, result.deductions or (), strict=True))
        )
        floor = ", and a score never goes below 0" if isinstance(settlement, DeductFloor5) else ""
        return (
            f"Settlement: each seat's pips, rounded {rounding}, come off its own side's score{floor}: "
            f"{shown}. Scores {numbers(before)} become {numbers(result.scores)}."
        )
    values = result.values if result.values is not None else pips
    totals = side_totals(rules, values)
    if isinstance(settlement, WinnerTakes):
        award = result.award or ()
        side = next((s for s, a in enumerate(award) if a), None)
        if result.end is HandEnd.DOMINO:
            winner = rules.side_of(result.finisher or 0)
            others = [t for s, t in enumerate(totals) if s != winner]
            raw = sum(others)
            kind = "side" if rules.partnerships else "seat"
            if len(others) > 1:
                what = f"the other {kind}s hold {' + '.join(map(str, others))} = {raw}"
            else:
                what = f"the other {kind} holds {raw}"
        else:
            low = min(totals)
            winner = totals.index(low)
            if totals.count(low) > 1:
                return (
                    f"Settlement: the lowest total, {low}, is shared: nobody scores. Scores stay "
                    f"{numbers(result.scores)}."
                )
            raw = sum(totals) - 2 * low
            others_sum = sum(totals) - low
            what = f"{who(rules, winner)} holds the least, {low}: the others' {others_sum} − {low} = {raw}"
        amount = settlement.amount(raw)
        steps = ""
        if settlement.rounding == 5:
            steps = f", rounded to the nearest 5: {round5(raw)}"
        elif settlement.rounding == 3:
            steps = f", rounded to the nearest 3: {round3(raw)}"
        if settlement.divisor > 1:
            steps += f", ÷ {settlement.divisor} = {amount}"
        scored = award[side] if side is not None else 0
        refused = "" if scored == amount else " (not scored: it would pass the exact target)"
        return (
            f"Settlement: {what}{steps}. {who(rules, winner).capitalize()} scores {scored}{refused}; "
            f"scores {numbers(result.scores)}."
        )
    if isinstance(settlement, HandBonus):
        scores = numbers(result.scores)
        if result.end is not HandEnd.DOMINO and settlement.block:
            low = min(totals)
            held = ", ".join(f"{who(rules, s)} {t}" for s, t in enumerate(totals))
            if totals.count(low) > 1:
                return (
                    f"Settlement: pips held {held}; the fewest, {low}, are shared: nobody scores. "
                    f"Scores stay {scores}."
                )
            side = totals.index(low)
            bonus = (result.award or ())[side]
            return (
                f"Settlement: pips held {held}; {who(rules, side)} holds the fewest and scores the bonus of "
                f"{bonus}; scores {scores}."
            )
        if result.end is not HandEnd.DOMINO:
            return f"Settlement: a blocked hand scores nothing; scores stay {scores}."
        side = rules.side_of(result.finisher or 0)
        bonus = (result.award or ())[side]
        if not bonus:
            return f"Settlement: the bonus would take {who(rules, side)} past the exact target: not scored."
        return f"Settlement: {who(rules, side)} scores the bonus of {bonus}; scores {scores}."
    if isinstance(settlement, LosersWrite):
        written = result.written or ()
        remembered = result.remembered or ()
        totals_text = ", ".join(f"{who(rules, s)} {t}" for s, t in enumerate(totals))
        if result.end is HandEnd.DOMINO:
            winners = [rules.side_of(result.finisher or 0)]
        else:
            low = min(totals)
            winners = [s for s, t in enumerate(totals) if t == low]
        if len(winners) == rules.sides:
            return (
                f"Settlement: every side has the same total ({totals_text}): eggs. Nothing is written; "
                f"the eggs are now {result.eggs}."
            )
        parts = []
        for side in range(rules.sides):
            if side in winners:
                continue
            if written[side]:
                parts.append(f"{who(rules, side)} writes {written[side]}")
            elif settlement.threshold and settlement.remember:
                parts.append(
                    f"{who(rules, side)} is below the threshold of {settlement.threshold} and remembers "
                    f"{remembered[side]}"
                )
            else:
                below = f"below the threshold of {settlement.threshold}"
                parts.append(f"{who(rules, side)} is {below}: nothing is written")
        win = " and ".join(who(rules, s) for s in winners)
        return (
            f"Settlement: hand totals {totals_text}; {win} {'wins' if len(winners) == 1 else 'win'}; "
            f"{'; '.join(parts)}. Accounts {numbers(result.scores)}; remembered {numbers(remembered)}; "
            f"eggs {result.eggs}."
        )
    if isinstance(settlement, NoSettlement):
        return "No points are counted: the game is decided by who went out (or holds the fewest tiles)."
    return f"Scores {numbers(result.scores)}."  # pragma: no cover - every settlement kind is above


def outcome_text(match: Match) -> str:
    rules = match.rules
    outcome = match.outcome
    if outcome is None:
        return "The match goes on with the next hand."
    if outcome.is_draw:
        return "The match is over: a draw."
    winners = " and ".join(who(rules, w) for w in outcome.winners)
    if isinstance(rules.settlement, Counts):
        last = match.results[-1]
        side = rules.side_of(last.loser or 0)
        why = (
            "received a General"
            if last.general is not None
            else "received a naked"
            if last.naked is not None
            else "has lost two hands"
        )
        return f"The match is over: {who(rules, side)} {why} and gives way; {winners} wins."
    if outcome.goats:
        goats = " and ".join(who(rules, g) for g in outcome.goats)
        return f"The match is over: {goats} is the goat; {winners} win."
    if isinstance(rules.settlement, SeaRecord):
        ended = match.results[-1].events or ()
        instant = next((e for e in ended if e in INSTANT), None)
        if instant is not None:
            return f"The match is over: {winners} wins at once ({INSTANT[instant]})."
        return f"The match is over: the record of {winners} has reached {rules.ending.target}; it wins."
    return f"The match is over: {winners} {'wins' if len(outcome.winners) == 1 else 'win'}."


def signals_text(match: Match, number: int) -> str:
    """General: what each seat's partner knows from the deal (the wink for 0-0, the cheek for 6-6)."""
    rules = match.rules
    deal = match.history[number].deal
    told = []
    for tile, sign in ((Tile.parse("0-0"), "winks"), (Tile.parse("6-6"), "puffs a cheek")):
        holder = next(seat for seat, tiles in enumerate(deal) if tile in tiles)
        partner = rules.seats_of(rules.side_of(holder))
        told.append(f"seat {holder} holds {tile} and {sign} to seat {partner[0] + partner[1] - holder}")
    if number == len(match.history) - 1 and match.hand_number == number:  # the engine's own views
        for seat in range(rules.seats):
            view = match.view(seat).signals
            partner = deal[(seat + 2) % rules.seats]
            assert view is not None
            assert (view.blanks, view.sixes) == (Tile.parse("0-0") in partner, Tile.parse("6-6") in partner)
    return "- partner signals: " + "; ".join(told)


def example_text(example: Example) -> str:
    """The example's block, without its marker lines (and those of the examples it adds)."""
    return "\n\n".join(one_example_text(e) for e in (example, *example.also))


def one_example_text(example: Example) -> str:
    """One example's text."""
    if find_game(example.game).engine is Engine.SAUSAGE:
        return sausage_text(example)
    match = play(example)
    rules = match.rules
    game = find_game(example.game)
    what = "A hand" if len(match.history) == 1 else f"{len(match.history)} hands"
    void = sum(1 for log in match.history if log.result is not None and log.result.end is HandEnd.REDEAL)
    if void:
        what += f", {'one of them a void deal' if void == 1 else f'{void} of them void deals'},"
    closes = ", then (once the spinner is down) closes the doubles it places" if example.close else ""
    declares = (
        " A hundred is declared (`start_hand(hundred=True)`) whenever the rules allow one."
        if example.declare
        else ""
    )
    lines = [
        f"{what} of {game.name} with {rules.seats} seats ({options_text(rules, example)}), dealt by "
        f"`{call(example)}`. Every seat makes the move that scores most, then the one that places the "
        f"most pips{closes}, then the first in the engine's order.{declares}"
    ]
    previous: HandResult | None = None
    scores_before = (0,) * rules.sides
    for number, log in enumerate(match.history):
        if len(match.history) > 1:
            lines += ["", f"**Hand {number + 1}.**"]
        lines.append("")
        for seat, tiles in enumerate(log.deal):
            lines.append(f"- seat {seat} is dealt {tiles_text(tiles)}")
        if rules.information is Information.PARTNER_SIGNALS:
            lines.append(signals_text(match, number))
        if log.boneyard:
            if rules.draws:
                reserve = rules.reserve
                kept = ""
                if reserve:
                    last = "tile is" if reserve == 1 else f"{reserve} tiles are"
                    kept = f"; its last {last} never drawn"
                lines.append(f"- the boneyard, in draw order: {tiles_text(log.boneyard)}{kept}")
            else:
                lines.append(f"- out of play (never drawn): {tiles_text(log.boneyard)}")
        if log.result is not None and log.result.end is HandEnd.REDEAL:
            lines += ["", void_text(match, number, log.result)]
            if number == len(match.history) - 1:
                lines += ["", outcome_text(match)]
            continue  # the next deal is led by the rule that follows the last played hand
        lines += ["", lead_text(match, number, previous), ""]
        lines += moves_table(match, number)
        result = log.result
        lines.append("")
        if result is None:
            layout = match.layout
            points = ", ".join(f"`{p}`" for p in layout.points)
            counted = " + ".join(str(n) for _, n in layout.counted()) or "0"
            lines.append(
                f"The position after {len(log.placements)} moves: open points {points}; counted ends "
                f"{counted} = {layout.ends_total}; scores {numbers(match.scores)}. "
                f"Seat {match.turn} is to move."
            )
            break
        lines.append(" ".join(end_text(match, number, result, scores_before)))
        previous = result
        scores_before = result.scores
        if number == len(match.history) - 1:
            lines += ["", outcome_text(match)]
    return "\n".join(lines)


# ----------------------------------------------------------------------------------- Sausage
def sausage_play(example: Example) -> SausageMatch:
    """The example's Sausage match, played as far as the example shows it."""
    match = SausageMatch(dict(example.options), seed=example.seed)
    for number in range(example.hands):
        match.start_deal()
        last = number == example.hands - 1
        while match.turn is not None and not (
            last and example.moves is not None and match.moves_made >= example.moves
        ):
            match.push(sausage_choose(match))
    return match


_WENT: Final = {
    Went.START: "the start tile, its low half on top",
    Went.BACK: "fits nowhere: to the back of its queue",
    Went.ASIDE: "a double that fits nowhere: set aside",
}


def sausage_turns(log: DealLog) -> list[str]:
    """Every turn of a deal, one row each: who turned what, where it went, the ends and the queues."""
    rows = [
        "| turn | seat | turns | goes | ends (top / bottom) | queues (0 / 1) |",
        "|---|---|---|---|---|---|",
    ]
    lengths = [len(log.queues[0]), len(log.queues[1])]
    ends = [0, 0]
    for number, turn in enumerate(log.turns, 1):
        seat, tile, went = turn.seat, turn.tile, turn.went
        if went is not Went.BACK:
            lengths[seat] -= 1
        if went is Went.START:
            ends = [tile.low, tile.high]
        elif went is Went.CUT:
            lengths[1 - seat] += turn.gave
        elif went in (Went.TOP, Went.BOTTOM) and not tile.is_double:
            line = 0 if went is Went.TOP else 1
            ends[line] = tile.other(ends[line])
        if went.is_move:
            goes = f"`{turn.move}`"
            if went is Went.CUT:
                goes += f": {turn.gave} tiles to the back of seat {1 - seat}'s queue"
        else:
            goes = _WENT[went]
        cells = [
            str(number),
            str(seat),
            str(tile),
            goes,
            f"{ends[0]} / {ends[1]}",
            f"{lengths[0]} / {lengths[1]}",
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def sausage_text(example: Example) -> str:
    """Sausage's example block: a deal dealt from the seed and played by :func:`sausage_choose`."""
    match = sausage_play(example)
    rules = match.rules
    shown = ", ".join(f"`{k}` {v}" for k, v in rules.options.items())
    lines = [
        f"A deal of Sausage ({'options as given' if example.options else 'default options'}: {shown}), "
        f"dealt by `SausageMatch(seed={example.seed})` and `start_deal()`. Every seat cuts when its "
        "tile can cut, and otherwise places it in the first way the engine lists (top before bottom). "
        "The queues are shown front first; at the table nobody sees them."
    ]
    before = (0,) * rules.seats
    for number, log in enumerate(match.history):
        if example.hands > 1:
            lines += ["", f"**Deal {number + 1}.**"]
        lines.append("")
        for seat, queue in enumerate(log.queues):
            lines.append(f"- seat {seat}'s queue: {tiles_text(queue)}")
        how = "A lot names" if number == 0 else "The rules name"
        lines += ["", f"{how} seat {log.starter} to start.", ""]
        lines += sausage_turns(log)
        result = log.result
        lines.append("")
        if result is None:
            lines.append(f"Seat {match.turn} has turned {match.turned} and is to place it.")
            break
        left = "; ".join(
            f"seat {seat} {tiles_text(tiles)} ({result.pips[seat]} pips)"
            for seat, tiles in enumerate(result.left)
        )
        if result.end is DealEnd.OUT:
            winner = result.winner
            assert winner is not None
            text = (
                f"Seat {winner}'s queue is empty: it wins the deal. Left in the queues: {left}. "
                f"Settlement: seat {winner} scores the other queue's {result.pips[1 - winner]} pips"
            )
        else:
            text = (
                "Each seat has sent at least as many tiles to the back as its queue holds since the table "
                f"last changed: the deal is blocked. Left in the queues: {left}. Settlement: "
            )
            if result.winner is None:
                text += "equal pips, nobody scores"
            else:
                low = result.winner
                text += (
                    f"seat {low} holds fewer and scores {result.pips[1 - low]} − {result.pips[low]} = "
                    f"{result.award[low]}"
                )
        lines.append(f"{text}; scores {numbers(before)} become {numbers(result.scores)}.")
        before = result.scores
        if number == len(match.history) - 1:
            over = match.winner
            lines += [
                "",
                "The match goes on with the next deal."
                if over is None
                else f"The match is over: seat {over} wins.",
            ]
    return "\n".join(lines)


# ----------------------------------------------------------------------------------- the documents
def document(game: str) -> Path:
    return HERE / f"{game}.md"


def replaced(text: str, block: str, where: str) -> str:
    """``text`` with the part between the markers replaced by ``block``."""
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        raise ValueError(f"{where} must hold the marker lines once each:\n{BEGIN}\n{END}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{block}\n{END}{tail}"


def current(game: str) -> str:
    """The block the document holds now."""
    text = document(game).read_text(encoding="utf-8")
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n")


def check() -> list[str]:
    """The documents whose worked example differs from what the engine writes now (empty: none)."""
    stale = []
    for game, example in EXAMPLES.items():
        path = document(game)
        if not path.is_file():
            stale.append(f"{path.name}: missing")
        elif BEGIN not in path.read_text(encoding="utf-8"):
            stale.append(f"{path.name}: no worked example block")
        elif current(game) != example_text(example):
            stale.append(f"{path.name}: the worked example differs from the engine's")
    return stale


def write() -> list[str]:
    """Rewrite every document's worked example; return the names of the documents changed."""
    changed = []
    for game, example in EXAMPLES.items():
        path = document(game)
        text = path.read_text(encoding="utf-8")
        new = replaced(text, example_text(example), path.name)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path.name)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the games' worked examples from the engine.")
    parser.add_argument("--check", action="store_true", help="only list the documents that differ")
    args = parser.parse_args(argv)
    if args.check:
        stale = check()
        print("\n".join(stale) or "every worked example is up to date")
        return 1 if stale else 0
    changed = write()
    print("rewrote " + ", ".join(changed) if changed else "every worked example is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
