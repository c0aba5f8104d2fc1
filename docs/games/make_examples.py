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
from sevenrocks.core.events import Draw, Event, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.games import Engine, Later, OptionValue, Rules, find_game
from sevenrocks.core.games.orders import ORDER_GOAT, ORDER_HIGH, ORDER_LOW, ORDER_TELEPHONE
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
from sevenrocks.core.notation import Move
from sevenrocks.core.sausage import DealEnd, DealLog, SausageMatch, SausageMove, Way, Went
from sevenrocks.core.tiles import Tile

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
    "sausage": Example("sausage", 2, SAUSAGE_SEED),
}


# ----------------------------------------------------------------------------------- playing
def choose(match: Match) -> Move:
    """The move that scores most, then places the most pips, then comes first in the engine's order."""
    best: Move | None = None
    best_key = (-1, -1)
    for move in match.legal_moves():
        points = match.push(move).points
        match.pop()
        key = (points, sum(t.pips for t in move.tiles))
        if key > best_key:
            best, best_key = move, key
    assert best is not None  # the seat to move always has a move
    return best


def play(example: Example) -> Match:
    """The example's match, played as far as the example shows it."""
    match = Match(example.game, options=dict(example.options), seats=example.seats, seed=example.seed)
    for number in range(example.hands):
        match.start_hand()
        last = number == example.hands - 1
        while match.turn is not None and not (
            last and example.moves is not None and len(match.placements) >= example.moves
        ):
            match.push(choose(match))
    return match


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


def moves_table(match: Match, number: int) -> list[str]:
    """The hand's moves, one row each, with the knocks and draws that follow each."""
    rules = match.rules
    log = match.history[number]
    scoring = rules.scores_points
    head = "| # | seat | move |" + (" counted ends | points |" if scoring else "") + " then |"
    rows = [head, "|---|---|---|" + ("---|---|" if scoring else "") + "---|"]
    events = log.events
    index = [i for i, e in enumerate(events) if isinstance(e, Placement)]
    for n, i in enumerate(index):
        placement = events[i]
        assert isinstance(placement, Placement)
        following = events[i + 1 : index[n + 1] if n + 1 < len(index) else len(events)]
        cells = [str(n + 1), str(placement.seat), f"`{placement.play}`"]
        if scoring:
            cells += [str(placement.ends_total), str(placement.points) if placement.points else ""]
        cells.append(then_text(following))
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def held_text(match: Match, result: HandResult) -> str:
    """What each seat holds at the end, with its pips (and a special value)."""
    parts = []
    hands = result.hands or ()
    for seat, tiles in enumerate(hands):
        pips = sum(t.pips for t in tiles)
        value = result.values[seat] if result.values is not None else pips
        extra = f", worth {value}" if value != pips else ""
        parts.append(f"seat {seat} {tiles_text(tiles)} ({pips} pip{'' if pips == 1 else 's'}{extra})")
    return "; ".join(parts)


def end_text(match: Match, result: HandResult, before: Sequence[int]) -> list[str]:
    """How the hand ended and how it was settled, in a few sentences."""
    rules = match.rules
    lines: list[str] = []
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
        drawn = " and nothing can be drawn" if rules.draws else ""
        lines.append(f"Nobody can place{drawn}: the hand is blocked.{fisher}")
    lines.append(f"Left in hand: {held_text(match, result)}.")
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
    if outcome.goats:
        goats = " and ".join(who(rules, g) for g in outcome.goats)
        return f"The match is over: {goats} is the goat; {winners} win."
    return f"The match is over: {winners} {'wins' if len(outcome.winners) == 1 else 'win'}."


def example_text(example: Example) -> str:
    """The example's block, without its marker lines."""
    if find_game(example.game).engine is Engine.SAUSAGE:
        return sausage_text(example)
    match = play(example)
    rules = match.rules
    game = find_game(example.game)
    what = "A hand" if example.hands == 1 else f"{example.hands} hands"
    lines = [
        f"{what} of {game.name} with {rules.seats} seats ({options_text(rules, example)}), dealt by "
        f"`{call(example)}`. Every seat makes the move that scores most, then the one that places the "
        "most pips, then the first in the engine's order."
    ]
    previous: HandResult | None = None
    scores_before = (0,) * rules.sides
    for number, log in enumerate(match.history):
        if example.hands > 1:
            lines += ["", f"**Hand {number + 1}.**"]
        lines.append("")
        for seat, tiles in enumerate(log.deal):
            lines.append(f"- seat {seat} is dealt {tiles_text(tiles)}")
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
        lines.append(" ".join(end_text(match, result, scores_before)))
        previous = result
        scores_before = result.scores
        if number == len(match.history) - 1:
            lines += ["", outcome_text(match)]
    return "\n".join(lines)


# ----------------------------------------------------------------------------------- Sausage
def sausage_choose(match: SausageMatch) -> SausageMove:
    """A cut when the turned tile can cut (it hands the table over), else the first way in the engine's
    order (top, then bottom)."""
    moves = match.legal_moves()
    return next((m for m in moves if m.way is Way.CUT), moves[0])


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
