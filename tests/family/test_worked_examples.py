"""Every worked example of §12 of the games' rule files (``tests/games/<id>.md``), against the engine.

Each example is a test named after it (``test_kozel_12_3_eggs_and_threshold`` is ``kozel.md`` §12.3).
Positions are built through the public API: :class:`~sevenrocks.core.Match` with a given deal
(``start_hand(deal, leader, boneyard=...)``), then ``push_notation``, and read back through
``legal_moves``, ``scores``, ``results`` and ``ledger``. Where an example is about settlement or the end
of the match only, it goes through the engine's own settlement and ending (``rules.settlement``,
``rules.ending``: what :class:`Match` calls when a hand ends), given the facts of the hand as
:class:`~sevenrocks.core.games.settlement.HandFacts`; where a real hand with the example's numbers was
easy to find (by random play, offline), the example is played through a :class:`Match` too.

Two examples state block positions that cannot occur with four seats and all 28 tiles dealt (in a line,
each number's halves that are placed are paired at joints, so the number of ends showing a number has
the parity of its halves still held; a block then needs both ends showing one number and every other
number held an even number of times): ``block.md`` §12.2 (its ends 0 and 6 with every 0 and 6 placed)
and ``kozel.md`` §12.2 hands 2 and 4. Their arithmetic is checked through the settlement, and a real
block of the same game shows what follows it.

:func:`test_every_worked_example_has_its_test` reads the §12 headings of the copy and checks that each
has a test here, so a new example in the rule files fails until it is played.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sevenrocks.core import Layout, Match, Tile
from sevenrocks.core.errors import (
    BlankEndError,
    DealError,
    ForcedFourError,
    LeaderError,
    LeadTileError,
    MismatchError,
)
from sevenrocks.core.events import Draw, HandEnd, Knock, Placement
from sevenrocks.core.games import Ledger, Outcome, Points, Rules, find_game
from sevenrocks.core.games.settlement import HandFacts, Settled, round3, round5
from sevenrocks.core.notation import Doubles, Play
from sevenrocks.core.tiles import TILES
from sevenrocks.core.view import Signals

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
"""The repository's copy of the rule files (``tests/games/ABOUT.md``)."""

#: The games of the engine that have a rule file with worked examples (``kozel-125`` is in ``kozel.md``).
FILES = (
    "block",
    "draw",
    "kozel",
    "sports-kozel",
    "telephone",
    "muggins",
    "all-fives",
    "five-up",
    "fives-and-threes",
    "all-threes",
    "picture",
    "donkey",
    "sebastopol",
    "bergen",
    "matador",
    "general",
)


# ----------------------------------------------------------------------------------- helpers
def tiles(text: str) -> list[Tile]:
    """Tiles written as space-separated text."""
    return [Tile.parse(t) for t in text.split()]


def deal(hands: Sequence[str], boneyard: str = "") -> tuple[list[list[Tile]], list[Tile]]:
    """Each seat's tiles (space-separated), and the boneyard: ``boneyard`` first, then every tile not
    named, in the order of the set (so that a test names the tiles that matter)."""
    seats = [tiles(h) for h in hands]
    front = tiles(boneyard)
    named = {t for s in seats for t in s} | set(front)
    return seats, front + [t for t in TILES if t not in named]


def hand(
    game: str,
    hands: Sequence[str],
    boneyard: str = "",
    *,
    leader: int | None = None,
    plays: str = "",
    options: dict[str, Any] | None = None,
) -> Match:
    """A match of ``game`` whose first hand is dealt as :func:`deal` writes it, then ``plays``."""
    match = Match(game, options=options, seats=len(hands), seed=0)
    dealt, rest = deal(hands, boneyard)
    match.start_hand(dealt, leader, boneyard=rest)
    for play in plays.split():
        match.push_notation(play)
    return match


def held(match: Match) -> list[str]:
    """Each seat's tiles, as space-separated text in the order of the set."""
    return [" ".join(str(t) for t in match.hand(seat)) for seat in range(match.seats)]


def ends(match: Match) -> list[int]:
    """The values of the open connection points, sorted."""
    return sorted(match.layout.point_values)


def made(match: Match) -> list[tuple[int, int]]:
    """(counted total, points) of every placement of the current hand."""
    return [(p.ends_total, p.points) for p in match.placements]


def settle(
    rules: Rules,
    end: str,
    held_pips: Sequence[Sequence[int]],
    *,
    finisher: int | None = None,
    last_mover: int | None = None,
    scores: Sequence[int] | None = None,
    ledger: Ledger | None = None,
) -> tuple[HandFacts, Settled]:
    """A hand's settlement by the game's own settlement kind, as :class:`Match` makes it.

    ``held_pips[seat]`` lists the pips of each tile the seat still holds (``(0,)``: a lone 0-0).
    """
    mover = last_mover if last_mover is not None else finisher if finisher is not None else 0
    start = tuple(scores) if scores is not None else (0,) * rules.sides
    if ledger is None and rules.settlement.keeps_ledger:
        ledger = Ledger.empty(rules.sides)
    facts = HandFacts.of(rules, end, finisher, mover, held_pips, start, ledger)
    return facts, rules.settlement.settle(facts)


def pips_of(text: str) -> tuple[int, ...]:
    """The pips of each tile written (``"1-2 3-4"`` is ``(3, 7)``)."""
    return tuple(t.pips for t in tiles(text))


# ----------------------------------------------------------------------------------- the examples' list
def _examples(game: str) -> list[tuple[str, str]]:
    """(number, first words) of every worked example in §12 of the copy of ``<game>.md``."""
    text = (GAMES_DIR / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("## 12. Worked examples", 1)[1]
    return re.findall(r"^12\.(\d+) ([^.]+)\.", section, re.M)


def test_every_worked_example_has_its_test() -> None:
    """Each ``12.N`` of every rule file of the engine's games is a test ``test_<game>_12_<N>_...`` here."""
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    missing = []
    count = 0
    for game in FILES:
        for number, title in _examples(game):
            count += 1
            prefix = f"test_{game.replace('-', '_')}_12_{number}_"
            if not any(n.startswith(prefix) for n in names):
                missing.append(f"{game}.md §12.{number} ({title}): no {prefix}...")
    assert not missing, "\n".join(missing)
    assert count >= 43


# ----------------------------------------------------------------------------------- block.md §12
def test_block_12_1_lead() -> None:
    """Two seats; 6-6 and 5-5 are among the tiles out of play and seat 1 holds 4-4: seat 1 leads 4-4."""
    match = hand("block", ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 4-4"], "6-6 5-5")
    assert (match.turn, match.leader, match.lead_tile) == (1, 1, Tile.parse("4-4"))
    assert match.legal_moves() == [Play.parse("4-4")]
    with pytest.raises(LeadTileError, match="seat 1 holds 4-4, the first tile of the lead order"):
        match.push_notation("1-1")
    assert match.boneyard_size == 14 and match.drawable == 0  # out of play: never drawn


BLOCK_BLOCKED = [  # a blocked partnership hand of Block (found by random play)
    "0-1 1-3 1-5 2-6 3-3 4-4 4-5",
    "0-3 1-1 1-6 2-2 2-3 2-5 4-6",
    "0-0 0-2 1-2 1-4 3-4 3-6 5-6",
    "0-4 0-5 0-6 2-4 3-5 5-5 6-6",
]
BLOCK_BLOCKED_PLAYS = (
    "6-6 2-6@6-6:A 2-5@2-6:low 5-6@2-5:high 0-6@5-6:high 0-1@0-6:low 1-6@0-1:high 3-6@1-6:high "
    "3-5@3-6:low 4-5@3-5:high 4-6@4-5:low"
)


def test_block_12_2_block_with_partnerships() -> None:
    """Side 0 (10 + 7 = 17) scores 25 − 17 = 8 against side 1 (13 + 12); the holder of 6-6 leads next.

    The example's position cannot occur (see the module's docstring): its settlement is checked with its
    tiles, and a real blocked partnership hand shows the next lead going to the holder of 6-6.
    """
    rules = find_game("block").rules({"partnerships": True}, seats=4)
    left = ["1-2 3-4", "1-3 4-5", "2-5", "2-2 3-5"]
    facts, settled = settle(rules, "blocked", [pips_of(h) for h in left])
    assert (facts.values, facts.totals, settled.award, settled.scores) == (
        (10, 13, 7, 12),
        (17, 25),
        (8, 0),
        (8, 0),
    )

    match = hand("block", BLOCK_BLOCKED, plays=BLOCK_BLOCKED_PLAYS, options={"partnerships": True})
    result = match.results[-1]
    assert (result.end, result.values, result.award, match.scores) == (
        HandEnd.BLOCKED,
        (24, 14, 17, 25),
        (0, 2),  # side 1 at 14 + 25 = 39, side 0 at 41: 41 − 39 = 2
        (0, 2),
    )
    assert match.next_leader() is None  # after a block the deal decides: order-high again
    dealt, _ = deal(
        ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2", "2-3 2-4 2-5 2-6 3-3 3-4 3-5"],
    )
    dealt.append(tiles("3-6 4-4 4-5 4-6 5-5 5-6 6-6"))
    with pytest.raises(LeaderError, match="seat 3 holds 6-6"):
        match.start_hand(dealt, 0)
    match.start_hand(dealt)
    assert (match.turn, match.legal_moves()) == (3, [Play.parse("6-6")])


def test_block_12_3_domino_individual() -> None:
    """Three seats; seat 0 goes out, seat 1 holds 5-6 and 0-1 (12), seat 2 holds 3-3 (6): seat 0 scores 18."""
    match = hand(
        "block",
        ["0-2 2-2 2-4 2-5 2-6 3-4 3-5", "0-1 0-3 1-4 1-5 1-6 2-3 5-6", "0-5 0-6 1-2 3-3 4-4 4-5 4-6"],
        "5-5 0-0 3-6 1-3 6-6 0-4 1-1",
        plays="4-4 3-4@4-4:B 2-3@3-4:low 4-6@4-4:A 2-2@2-3:low 1-6@4-6:high 1-2@1-6:low 2-5@1-2:high "
        "1-5@2-5:high 2-6@2-2:B 1-4@1-5:low 0-6@2-6:high 0-2@0-6:low 4-5@1-4:high 3-5@4-5:high "
        "0-3@3-5:low 0-5@0-3:low 2-4@0-2:high",
    )
    result = match.results[-1]
    assert (result.end, result.finisher, held(match)) == (HandEnd.DOMINO, 0, ["", "0-1 5-6", "3-3"])
    assert (result.values, result.award, match.scores) == ((0, 12, 6), (18, 0, 0), (18, 0, 0))
    assert match.next_leader() == 0  # the finisher leads the next hand


# ----------------------------------------------------------------------------------- draw.md §12
def test_draw_12_1_drawing() -> None:
    """Ends 3 and 5; seat 1 holds 0-1 2-6 4-4, draws 1-2, 0-4, 2-5 (fits the 5) and must place it; 3-3
    stays in the boneyard."""
    match = hand(
        "draw",
        ["6-6 1-1 5-5 0-0 0-2", "4-6 3-4 0-1 2-6 4-4", "1-6 1-5 0-3 0-5 0-6"],
        "1-2 0-4 2-5 3-3",
        plays="6-6 4-6@6-6:A 1-6@6-6:B 1-1@1-6:low 3-4@4-6:low 1-5@1-1:B 5-5@1-5:high",
    )
    assert ends(match) == [3, 5]
    assert match.events[-3:] == tuple(Draw(1, Tile.parse(t)) for t in ("1-2", "0-4", "2-5"))
    assert (match.turn, match.draws) == (1, (0, 3, 0))
    assert match.legal_moves() == [Play.parse("2-5@5-5:B")]
    assert match.boneyard[0] == Tile.parse("3-3")
    match.push_notation("2-5@5-5:B")
    assert ends(match) == [2, 3]
    assert held(match)[1] == "0-1 0-4 1-2 2-6 4-4"


DRAW_12_2 = ["1-3 2-2 2-3 3-5 4-6", "0-2 1-4 1-5 4-4 4-5", "0-1 0-4 0-5 1-2 2-5", "0-0 0-3 2-4 2-6 3-6"]
DRAW_12_2_BONEYARD = "1-6 3-3 6-6 1-1 3-4 0-6 5-6 5-5"
DRAW_12_2_PLAYS = (
    "4-4 0-4@4-4:B 2-4@4-4:A 2-2@2-4:low 0-2@0-4:low 2-5@2-2:B 2-6@0-2:high 3-5@2-5:high 1-6@2-6:high "
    "1-2@1-6:low 3-6@3-5:low 4-6@3-6:high 1-4@4-6:low 0-1@1-4:low 0-3@0-1:low 1-3@0-3:high 1-5@1-3:low "
    "0-5@1-5:high"
)


def test_draw_12_2_domino() -> None:
    """Four seats; seat 2 goes out against 2-3 (5), 4-5 (9) and a lone 0-0 (25): 39, or 14 with
    ``lone_blank`` 0. (A hand found by random play.)"""
    for options, values, award in (({}, (5, 9, 0, 25), 39), ({"lone_blank": 0}, (5, 9, 0, 0), 14)):
        match = hand("draw", DRAW_12_2, DRAW_12_2_BONEYARD, plays=DRAW_12_2_PLAYS, options=options)
        result = match.results[-1]
        assert (result.end, result.finisher, held(match)) == (HandEnd.DOMINO, 2, ["2-3", "4-5", "", "0-0"])
        assert (result.values, result.award, match.scores) == (values, (0, 0, award, 0), (0, 0, award, 0))


def test_draw_12_3_block() -> None:
    """Three seats at 7, 12 and 20: seat 0 scores (12 + 20) − 7 = 25; had two held 7, nobody scores."""
    rules = find_game("draw").rules(seats=3)
    assert settle(rules, "blocked", [(7,), (12,), (20,)])[1].award == (25, 0, 0)
    assert settle(rules, "blocked", [(7,), (7,), (20,)])[1].award == (0, 0, 0)


def test_draw_12_4_partnerships() -> None:
    """Seat 1 goes out: side 1 scores 8 + 3 = 11 (its partner's 6 count for nothing). A block at 11 and 15
    gives side 0 4. (The domino is a hand found by random play.)"""
    match = hand(
        "draw",
        ["0-2 1-2 2-5 4-4 5-5", "0-5 0-6 1-3 4-5 4-6", "0-3 0-4 2-2 3-6 5-6", "1-5 1-6 2-3 2-6 3-3"],
        "3-5 1-4 0-1 2-4 0-0 1-1 3-4 6-6",
        leader=0,
        plays="5-5 4-5@5-5:A 0-4@4-5:low 1-5@5-5:B 0-2@0-4:low 1-3@1-5:low 2-2@0-2:high 2-3@2-2:B "
        "3-5@2-3:high 0-5@3-5:high 3-6@1-3:high 2-6@3-6:high 2-5@2-6:low 0-6@0-5:low 5-6@2-5:high "
        "1-6@0-6:high 1-2@1-6:low 4-6@5-6:high",
        options={"partnerships": True},
    )
    result = match.results[-1]
    assert (result.end, result.finisher, result.pips) == (HandEnd.DOMINO, 1, (8, 0, 3, 6))
    assert (result.award, match.scores) == ((0, 11), (0, 11))
    rules = find_game("draw").rules({"partnerships": True}, seats=4)
    facts, settled = settle(rules, "blocked", [(8,), (6,), (3,), (9,)])
    assert (facts.totals, settled.award) == ((11, 15), (4, 0))


# ----------------------------------------------------------------------------------- kozel.md §12
def test_kozel_12_1_first_lead_with_two_seats() -> None:
    """1-1 is in the boneyard; the first dealt tile of order-goat is 2-2, so seat 0 leads 2-2."""
    match = hand("kozel", ["1-2 1-5 1-6 2-2 3-5 4-4 6-6", "0-1 0-3 2-4 2-6 3-4 4-5 4-6"], "1-1")
    assert (match.turn, match.lead_tile, match.legal_moves()) == (0, Tile.parse("2-2"), [Play.parse("2-2")])
    assert (match.boneyard_size, match.drawable) == (14, 13)  # reserve 1: the last tile is never drawn


def test_kozel_12_2_four_seats_in_partnership() -> None:
    """The five hands of the table through the Goat settlement, the ledger carried from hand to hand:
    accounts, remembered points and eggs after each; and the leaders of a real match (the finisher after
    a domino, the fisherman after a block)."""
    rules = find_game("kozel").rules(seats=4)
    ledger, scores = Ledger.empty(2), (0, 0)
    table: list[tuple[str, list[str], int | None, int, tuple[int, ...], tuple[int, ...], int]] = [
        # end, tiles held per seat, finisher, last mover, accounts, remembered, eggs after the hand
        ("domino", ["2-3", "", "1-3", "4-4"], 1, 1, (0, 0), (9, 0), 0),
        ("blocked", ["4-6", "1-2", "0-4", "0-6"], None, 0, (23, 0), (0, 0), 0),
        ("domino", ["", "1-1", "6-6", "0-5"], 0, 0, (23, 0), (0, 7), 0),
        ("blocked", ["2-4", "1-4", "0-5", "3-3"], None, 3, (23, 0), (0, 7), 22),
        ("domino", ["0-2", "5-5", "1-3", ""], 3, 3, (51, 0), (0, 0), 0),
    ]
    for number, (end, left, finisher, mover, accounts, remembered, eggs) in enumerate(table, 1):
        _, settled = settle(
            rules,
            end,
            [pips_of(h) for h in left],
            finisher=finisher,
            last_mover=mover,
            scores=scores,
            ledger=ledger,
        )
        assert settled.ledger is not None
        ledger, scores = settled.ledger, settled.scores
        assert (scores, ledger.remembered, ledger.eggs) == (accounts, remembered, eggs), f"hand {number}"
        assert rules.ending.after_hand(scores, number) is None
    assert ledger.opened == (True, False)

    # the leaders: a real match of four seats, played at random until a domino and a block have led
    rng = random.Random(5)
    match = Match("kozel", options={"target": 10_000}, seats=4, seed=5)
    seen = set()
    while len(seen) < 2 and not match.is_over:
        match.start_hand()
        if match.hand_number == 0:
            assert Tile.parse("1-1") in match.hand(match.leader or 0)
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        result = match.results[-1]
        expected = result.finisher if result.end is HandEnd.DOMINO else result.fisherman
        assert expected == match.placements[-1].seat  # the finisher or the fisherman made the last move
        if not match.is_over:
            assert match.next_leader() == expected
        seen.add(result.end)
    assert seen == {HandEnd.DOMINO, HandEnd.BLOCKED}


def test_kozel_12_3_eggs_and_threshold() -> None:
    """Eggs of 18 go to seat 1 (12 > 9): 30 opens its account with 30 + 4 = 34; seat 0 remembers
    5 + 9 = 14 and still writes nothing: the threshold tests one hand's amount."""
    rules = find_game("kozel").rules(seats=3)
    ledger = Ledger(remembered=(5, 4, 0), opened=(False, False, True), eggs=18)
    _, settled = settle(rules, "domino", [(9,), (12,), ()], finisher=2, scores=(0, 0, 40), ledger=ledger)
    assert (settled.written, settled.scores) == ((0, 34, 0), (0, 34, 40))
    assert settled.ledger == Ledger(remembered=(14, 0, 0), opened=(False, True, True), eggs=0)


KOZEL_12_4 = [  # two hands of two seats (found by random play): seat 1 goes out both times
    (
        ["0-1 0-4 1-3 1-4 1-5 2-2 3-4", "0-2 1-2 2-4 3-6 4-4 5-5 6-6"],
        "1-6 2-3 3-3 0-6 3-5 5-6 2-6 0-0 2-5 4-6 1-1 0-3 4-5 0-5",
        "2-2 0-2@2-2:A 0-1@0-2:low 2-4@2-2:B 1-3@0-1:high 3-6@1-3:high 1-4@2-4:high 6-6@3-6:high "
        "1-5@1-4:low 5-5@1-5:high 1-6@6-6:B 1-2@1-6:low 2-3@1-2:high 3-3@2-3:high 3-4@3-3:B 4-4@3-4:high",
    ),
    (
        ["0-0 0-5 1-3 1-4 2-2 3-4 3-5", "0-2 0-3 0-4 2-5 2-6 4-5 5-6"],
        "1-5 6-6 1-6 4-4 2-4 3-3 1-1 2-3 0-6 1-2 4-6 5-5 0-1 3-6",
        "2-6 2-2@2-6:low 5-6@2-6:high 0-5@5-6:low 2-5@2-2:B 3-5@2-5:high 0-4@0-5:low 1-4@0-4:high "
        "0-3@3-5:low 1-3@1-4:low 0-2@0-3:low 3-4@1-3:high 4-5@3-4:high",
    ),
]


def test_kozel_12_4_the_lone_blank() -> None:
    """Seat 0 remembers 4 (it lost a hand holding 0-4); seat 1 goes out and seat 0 holds only 0-0: its
    value 25 opens its account with 25 + 4 = 29. With ``lone_blank`` 10 the amount is 10 < 13: nothing
    is written and seat 0 remembers 4 + 10 = 14."""
    for options, value, accounts, remembered in (
        ({}, 25, (29, 0), (0, 0)),
        ({"lone_blank": 10}, 10, (0, 0), (14, 0)),
    ):
        match = Match("kozel", options=options, seats=2, seed=0)
        for number, (hands, boneyard, plays) in enumerate(KOZEL_12_4):
            dealt, rest = deal(hands, boneyard)
            match.start_hand(dealt, boneyard=rest)
            for play in plays.split():
                match.push_notation(play)
            assert match.results[-1].finisher == 1
            if number == 0:
                assert held(match)[0] == "0-4" and match.ledger == Ledger((4, 0), (False, False), 0)
        result = match.results[-1]
        assert (held(match)[0], result.pips, result.values) == ("0-0", (0, 0), (value, 0))
        assert match.ledger is not None
        assert (match.scores, match.ledger.remembered) == (accounts, remembered)


def test_kozel_12_5_the_goat() -> None:
    """Accounts 96 and 40; seat 3 goes out, seats 0 and 2 hold 1-2 and 0-2: side 0 writes 5, has 101 and
    is the goat; side 1 wins the match."""
    rules = find_game("kozel").rules(seats=4)
    ledger = Ledger(remembered=(0, 0), opened=(True, True), eggs=0)
    _, settled = settle(rules, "domino", [(3,), (), (2,), ()], finisher=3, scores=(96, 40), ledger=ledger)
    assert (settled.written, settled.scores) == ((5, 0), (101, 40))
    assert rules.ending.after_hand(settled.scores, 7) == Outcome(winners=(1,), goats=(0,))
    assert rules.ending.after_hand((100, 40), 7) is None


# ----------------------------------------------------------------------------------- sports-kozel.md §12
def test_sports_kozel_12_1_a_match_of_four_deals() -> None:
    """The table's four deals through the settlement: every loss written at once, no eggs; after deal 4
    side 0 (17) wins against side 1 (18). A real match of four deals: leaders 2 (who holds 1-1), 3, 0, 1;
    it ends after the fourth deal, the side with fewer points winning."""
    rules = find_game("sports-kozel").rules()
    scores: tuple[int, ...] = (0, 0)
    ledger = Ledger.empty(2)
    deals = [  # end, pips held per seat, finisher, written, accounts
        ("domino", [(9,), (), (8,), (5,)], 1, (17, 0), (17, 0)),
        ("blocked", [(4,), (6,), (4,), (6,)], None, (0, 12), (17, 12)),
        ("blocked", [(4,), (5,), (5,), (4,)], None, (0, 0), (17, 12)),
        ("domino", [(), (2,), (7,), (4,)], 0, (0, 6), (17, 18)),
    ]
    for number, (end, left, finisher, written, accounts) in enumerate(deals, 1):
        _, settled = settle(rules, end, left, finisher=finisher, scores=scores, ledger=ledger)
        assert settled.ledger is not None
        ledger, scores = settled.ledger, settled.scores
        assert (settled.written, scores, ledger.eggs) == (written, accounts, 0)
        outcome = rules.ending.after_hand(scores, number)
        assert outcome == (Outcome((0,)) if number == 4 else None)
    assert rules.ending.after_hand((18, 18), 4) == Outcome(())  # equal accounts: a draw

    rng = random.Random(12)
    match = Match("sports-kozel", seed=12)
    first = ["0-1 0-2 0-3 1-2 1-3 4-5 4-6", "0-4 0-5 1-4 1-5 2-2 2-3 5-6", "0-0 1-1 2-4 2-5 3-3 3-4 6-6"]
    leaders = []
    while not match.is_over:
        if match.hand_number < 0:
            dealt, rest = deal(first)
            match.start_hand([*dealt, rest], boneyard=[])
        else:
            match.start_hand()
        leaders.append(match.leader)
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
    assert leaders == [2, 3, 0, 1]
    assert match.hands_played == 4
    side0, side1 = match.scores
    assert match.outcome == (Outcome(()) if side0 == side1 else Outcome((0,) if side0 < side1 else (1,)))


# ----------------------------------------------------------------------------------- telephone.md §12
def test_telephone_12_1_the_seed_example() -> None:
    """The house: counted totals 8, 14, 9 (covered on both sides, it counts nothing), 15 (6-6 at an end
    counts 12) and 20 (a tile on the house's branch counts at its end); 15 and 20 score."""
    rules = find_game("telephone").rules()
    layout = Layout(rules.topology)
    totals = [
        layout.place(Play.parse(p)) for p in ("4-4", "4-6@4-4:A", "3-4@4-4:B", "6-6@4-6:high", "4-5@4-4:bA")
    ]
    assert totals == [8, 14, 9, 15, 20]
    assert [rules.points.of(t) for t in totals] == [0, 0, 0, 15, 20]
    assert layout.spinner == Tile.parse("4-4")


def test_telephone_12_2_the_first_lead() -> None:
    """Four seats; seat 3 holds 2-3 and leads it: ends 2 and 3, total 5, side 1 scores 5."""
    match = hand(
        "telephone",
        [
            "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
            "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
            "2-4 2-5 2-6 3-3 3-4 3-5 3-6",
            "2-3 4-4 4-5 4-6 5-5 5-6 6-6",
        ],
    )
    assert (match.turn, match.legal_moves()) == (3, [Play.parse("2-3")])
    assert match.push_notation("2-3") == Placement(3, Play.parse("2-3"), 5, 5)
    assert match.scores == (0, 5)


def test_telephone_12_3_settlement() -> None:
    """Seat 1 goes out; seat 0's 18 pips round down to 15, seat 2's 2 and seat 3's 4 to 0: side 0 drops
    from 40 to 25, side 1 stays at 30. From 10, side 0 drops to 0, not −5."""
    rules = find_game("telephone").rules()
    left = [pips_of("4-6 3-5"), (), pips_of("1-1"), pips_of("2-2")]
    _, settled = settle(rules, "domino", left, finisher=1, scores=(40, 30))
    assert (settled.deductions, settled.scores) == ((15, 0, 0, 0), (25, 30))
    assert settle(rules, "domino", left, finisher=1, scores=(10, 30))[1].scores == (0, 30)


def test_telephone_12_4_both_partners_deduct() -> None:
    """Side 1 has 20; after a block seat 1 deducts 15 (16 pips) and seat 3 10 (13): side 1 has 0."""
    rules = find_game("telephone").rules()
    _, settled = settle(rules, "blocked", [(), (16,), (), (13,)], last_mover=0, scores=(50, 20))
    assert (settled.deductions, settled.scores) == ((0, 15, 0, 10), (50, 0))


def test_telephone_12_5_the_end() -> None:
    """After a settlement 230 and 226 is a draw; 230 and 224 is side 0's win."""
    ending = find_game("telephone").rules().ending
    assert ending.after_hand((230, 226), 9) == Outcome(())
    assert ending.after_hand((230, 224), 9) == Outcome((0,))
    assert ending.after_hand((220, 224), 9) is None
    assert not ending.won(300)  # never during play


# ----------------------------------------------------------------------------------- muggins.md §12
MUGGINS_12_1 = ["6-6 4-6 0-0 0-1 0-2 0-3 0-4", "1-6 4-4 1-1 1-2 1-3 1-4 1-5"]


def test_muggins_12_1_a_lengthwise_double() -> None:
    """6-6 (12), 1-6 (13), 4-6 (5: scores 5). 4-4 on the 4 end: lengthwise the ends count 1 + 4 = 5 and
    score 5; crosswise 1 + 8 = 9, nothing. Either way the open points are the same."""
    match = hand("muggins", MUGGINS_12_1, leader=0, plays="6-6 1-6@6-6:A 4-6@6-6:B")
    assert made(match) == [(12, 0), (13, 0), (5, 5)]
    moves = [str(m) for m in match.legal_moves()]
    assert "4-4@4-6:low" in moves and "4-4@4-6:low=" in moves
    crosswise = match.copy()
    assert match.push_notation("4-4@4-6:low=") == Placement(1, Play.parse("4-4@4-6:low="), 5, 5)
    assert crosswise.push_notation("4-4@4-6:low") == Placement(1, Play.parse("4-4@4-6:low"), 9, 0)
    assert match.layout.is_lengthwise(Tile.parse("4-4")) and not crosswise.layout.is_lengthwise(
        Tile.parse("4-4")
    )
    expected = ["1-6:low", "4-4:B", "6-6:bA", "6-6:bB"]
    assert [str(p) for p in match.layout.points] == [str(p) for p in crosswise.layout.points] == expected
    assert match.scores == (5, 5)


def test_muggins_12_2_settlement() -> None:
    """Seat 1 goes out against 7 and 11 pips: 18 rounds to 20. Blocks: (9 + 13) − 4 = 18 → 20;
    (9 + 12) − 4 = 17 → 15. (The domino is a hand found by random play.)"""
    match = hand(
        "muggins",
        ["0-4 0-5 1-3 5-5 6-6", "0-0 1-2 2-6 4-4 4-5", "0-3 1-1 1-6 2-2 3-3"],
        "0-1 1-4 3-5 2-5 3-4 2-4 0-6 4-6 2-3 1-5 5-6 0-2 3-6",
        leader=0,
        plays="5-5 4-5@5-5:A 1-4@4-5:low 1-3@1-4:low 3-5@1-3:high 2-5@5-5:B 0-5@5-5:bB 2-6@2-5:low "
        "0-1@0-5:low 6-6@2-6:high 1-2@0-1:high 2-2@1-2:high= 2-4@2-2:B 4-4@2-4:high 1-6@6-6:B 0-4@4-4:B "
        "0-0@0-4:low=",
    )
    result = match.results[-1]
    assert (result.end, result.finisher, result.pips, result.award) == (
        HandEnd.DOMINO,
        1,
        (7, 0, 11),
        (0, 20, 0),
    )
    assert round5(18) == 20
    rules = find_game("muggins").rules(seats=3)
    assert settle(rules, "blocked", [(4,), (9,), (13,)])[1].award == (20, 0, 0)
    assert settle(rules, "blocked", [(4,), (9,), (12,)])[1].award == (15, 0, 0)


# ----------------------------------------------------------------------------------- all-fives.md §12
def test_all_fives_12_1_the_deal() -> None:
    """Two seats: 9 tiles each and a boneyard of 10; three seats 7 and 7; four seats 5 and 8."""
    for seats, size, left in ((2, 9, 10), (3, 7, 7), (4, 5, 8)):
        match = Match("all-fives", seats=seats, seed=seats)
        match.start_hand()
        assert [len(match.hand(s)) for s in range(seats)] == [size] * seats
        assert (match.boneyard_size, match.drawable) == (left, left)
    dealt, rest = deal(["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"])
    with pytest.raises(DealError, match="seat 0 is dealt 7 tiles, not 9"):
        Match("all-fives", seats=2).start_hand(dealt, 0, boneyard=rest)


def test_all_fives_12_2_settlement_in_partnership() -> None:
    """Seat 2 goes out; seats 1 and 3 hold 6 and 8 pips; its partner's 10 do not count: round5(14) = 15.
    (A hand found by random play.)"""
    match = hand(
        "all-fives",
        ["0-1 2-2 2-5 2-6 5-5", "0-6 1-1 2-3 2-4 3-4", "0-2 0-4 1-5 1-6 5-6", "0-3 0-5 3-3 4-4 6-6"],
        "3-5 0-0 4-5 4-6 3-6 1-2 1-4 1-3",
        leader=0,
        plays="0-1 1-1@0-1:high 1-6@1-1:B 6-6@1-6:high 2-6@6-6:B 0-6@0-1:low 1-5@1-1:bA 0-5@1-5:high "
        "2-5@2-6:low 3-5@2-5:high 0-2@0-5:low 0-3@3-5:low 2-2@0-2:high 2-3@2-2:B 0-4@0-3:low "
        "3-3@2-3:high 4-5@0-4:high 3-4@3-3:B 5-6@0-6:high",
    )
    result = match.results[-1]
    assert (result.end, result.finisher, result.pips) == (HandEnd.DOMINO, 2, (10, 6, 0, 8))
    scored_in_play = sum(p.points for p in match.placements if p.seat % 2 == 0)
    assert result.award == (15, 0)
    assert match.scores[0] == scored_in_play + 15


def test_all_fives_12_3_a_block_in_partnership() -> None:
    """Side 0's seats hold 5 and 7 (12), side 1's 11 and 12 (23): side 0 scores round5(11) = 10."""
    rules = find_game("all-fives").rules(seats=4)
    facts, settled = settle(rules, "blocked", [(5,), (11,), (7,), (12,)])
    assert (facts.totals, settled.award) == ((12, 23), (10, 0))


# ----------------------------------------------------------------------------------- five-up.md §12
def test_five_up_12_1_several_spinners() -> None:
    """Every double is a spinner and counts both halves while one of its straight sides is open."""
    match = hand(
        "five-up",
        ["5-5 1-5 3-3 3-6 0-0", "3-5 5-6 0-3 2-5 1-1"],
        leader=0,
        plays="5-5 3-5@5-5:A 1-5@5-5:B 5-6@5-5:bA 3-3@3-5:low 0-3@3-3:B 3-6@3-3:bA 2-5@5-5:bB",
    )
    assert made(match) == [(10, 2), (13, 0), (4, 0), (10, 2), (13, 0), (7, 0), (13, 0), (15, 3)]
    assert match.scores == (2, 5)
    assert match.layout.spinners == (Tile.parse("5-5"), Tile.parse("3-3"))


def test_five_up_12_2_settlement() -> None:
    """Four seats in partnership; seat 3 goes out against 9 and 4 pips (its partner's 7 do not count):
    round5(13) = 15, side 1 scores 3. (A hand found by random play.)"""
    match = hand(
        "five-up",
        ["0-4 0-5 1-1 3-4 3-5", "1-4 1-5 1-6 4-6 6-6", "0-1 0-2 1-3 2-5 5-5", "0-0 1-2 2-3 2-4 4-5"],
        "2-6 2-2 0-6 0-3 5-6 3-3 3-6 4-4",
        leader=2,
        plays="5-5 4-5@5-5:B 3-5@5-5:A 1-4@4-5:low 2-5@5-5:bA 2-3@3-5:low 0-5@5-5:bB 1-5@1-4:low "
        "0-2@2-5:low 0-0@0-2:low 0-4@0-0:B 4-6@0-4:high 0-1@0-0:bA 1-2@0-1:high 2-6@2-3:low "
        "6-6@4-6:high 2-2@1-2:high 2-4@2-2:B",
    )
    result = match.results[-1]
    assert (result.end, result.finisher, result.pips, result.award) == (
        HandEnd.DOMINO,
        3,
        (9, 7, 4, 0),
        (0, 3),
    )
    assert [round5(12) // 5, round5(13) // 5] == [2, 3]


# ----------------------------------------------------------------------------------- fives-and-threes.md §12
def test_fives_and_threes_12_1_scoring() -> None:
    """3-6 9 [3]; 6-6 12 + 3 = 15 [8]; 1-3 13 [0]; 1-1 14 [0]; 1-6 2 + 1 = 3 [1]."""
    match = hand(
        "fives-and-threes",
        ["3-6 1-3 1-6 0-0 0-1 0-2 0-3", "6-6 1-1 2-2 2-3 2-4 2-5 2-6"],
        leader=0,
        plays="3-6 6-6@3-6:high 1-3@3-6:low 1-1@1-3:low 1-6@6-6:B",
    )
    assert made(match) == [(9, 3), (15, 8), (13, 0), (14, 0), (3, 1)]
    totals = (3, 5, 6, 9, 10, 12, 15, 18, 20, 21)
    assert [Points.FIVES_AND_THREES.of(t) for t in totals] == [1, 1, 2, 3, 2, 4, 8, 6, 4, 7]


FT_EXACT = ["2-4 2-2 1-2 0-0 0-1 0-2 0-3", "4-4 4-5 1-1 1-3 1-4 1-5 1-6"]


def test_fives_and_threes_12_2_exactly_61() -> None:
    """From 59, a 4-point total would pass 61 and scores nothing; a 2-point total then hits 61 exactly and
    wins at once. Played at a target of 4 (side 0 at 2 plays the part of 59), and the ending checked at 61."""
    match = hand(
        "fives-and-threes",
        FT_EXACT,
        leader=0,
        plays="2-4 4-4@2-4:high 2-2@2-4:low 4-5@4-4:B 1-2@2-2:B",
        options={"target": 4},
    )
    assert made(match) == [(6, 2), (10, 2), (12, 0), (9, 0), (6, 2)]  # 12 is worth 4: 2 + 4 would pass 4
    assert (match.results[-1].end, match.scores, match.outcome) == (HandEnd.TARGET, (4, 2), Outcome((0,)))
    passing = hand(
        "fives-and-threes",
        FT_EXACT,
        leader=0,
        plays="2-4 4-4@2-4:high 2-2@2-4:low",
        options={"target": 4, "exact": False},
    )
    assert (passing.results[-1].end, passing.scores, passing.winner) == (HandEnd.TARGET, (6, 2), 0)
    ending = find_game("fives-and-threes").rules().ending
    assert (ending.admit(4, 59), ending.admit(2, 59), ending.won(61), ending.won(60)) == (0, 2, True, False)


FT_OUT = ["2-2 2-3 4-4 5-6 6-6", "0-1 0-6 1-2 1-6 3-4", "0-0 0-5 3-3 4-5 5-5", "0-2 1-4 2-4 2-6 3-5"]
FT_OUT_PLAYS = (
    "6-6 0-6@6-6:A 0-0@0-6:low 2-6@6-6:B 2-3@2-6:low 0-1@0-0:B 3-3@2-3:high 1-4@0-1:high 4-4@1-4:high "
    "3-4@3-3:B 4-5@4-4:B 3-5@4-5:high 2-4@3-4:high 2-2@2-4:low 1-2@2-2:B 1-6@1-2:low 5-6@1-6:high "
    "0-5@5-6:low 0-2@0-5:low"
)
FT_BLOCKED = ["0-6 1-3 2-6 3-3 6-6", "0-2 1-1 2-4 4-4 4-5", "0-4 0-5 1-4 1-5 2-2", "1-6 2-3 2-5 3-4 5-5"]
FT_BLOCKED_PLAYS = (
    "0-2 0-5@0-2:low 2-5@0-5:high 2-6@2-5:low 2-4@0-2:high 0-4@2-4:high 1-6@2-6:high 1-3@1-6:low "
    "3-4@1-3:high 0-6@0-4:low 4-5@3-4:high 1-5@4-5:high 6-6@0-6:high 1-1@1-5:low 1-4@1-1:B 4-4@1-4:high"
)


def test_fives_and_threes_12_3_partnership_end() -> None:
    """Seat 1 places its last tile and is skipped from then on; when seat 3 goes out too, side 1 scores the
    point. A block while seats of both sides still hold tiles scores nothing. (Hands found by random play.)"""
    match = hand("fives-and-threes", FT_OUT, "1-3 1-5 2-5 4-6 1-1 0-3 3-6 0-4", leader=0)
    turns = []
    for play in FT_OUT_PLAYS.split():
        turns.append(match.turn)
        match.push_notation(play)
        if match.turn is not None and not match.hand(1):
            assert 1 in match.out and match.turn not in match.out
    assert turns[-4:] == [1, 0, 2, 3]  # seat 1's last tile, then seat 0, seat 2 (seat 1 skipped), seat 3
    assert match.out == (0, 1, 3)  # seat 0 went out too, but side 0 is not out while seat 2 holds tiles
    result = match.results[-1]
    assert (result.end, result.finisher, result.award, result.pips) == (
        HandEnd.DOMINO,
        3,
        (0, 1),
        (0, 0, 10, 0),
    )
    blocked = hand(
        "fives-and-threes", FT_BLOCKED, "4-6 5-6 0-1 3-6 1-2 0-3 0-0 3-5", leader=1, plays=FT_BLOCKED_PLAYS
    )
    result = blocked.results[-1]
    assert (result.end, result.finisher, result.award, result.pips) == (
        HandEnd.BLOCKED,
        None,
        (0, 0),
        (6, 0, 4, 15),
    )
    assert blocked.out == (1,)


# ----------------------------------------------------------------------------------- all-threes.md §12
def test_all_threes_12_1_scoring() -> None:
    """3-6 9 [3]; 6-6 15 [5]; 3-3 18 [6]; 2-3 14 [0]; 2-6 4 [0]."""
    match = hand(
        "all-threes",
        ["3-6 3-3 2-6 0-0 0-1 0-2 0-3", "6-6 2-3 1-1 1-2 1-3 1-4 1-5"],
        leader=0,
        plays="3-6 6-6@3-6:high 3-3@3-6:low 2-3@3-3:B 2-6@6-6:B",
    )
    assert made(match) == [(9, 3), (15, 5), (18, 6), (14, 0), (4, 0)]
    assert match.scores == (9, 5)


def test_all_threes_12_2_settlement() -> None:
    """Seat 0 goes out against 7 and 10: round3(17) = 18, seat 0 scores 6. A block at 5, 8 and 12:
    round3(15) = 15 → 5. (The domino is a hand found by random play.)"""
    match = hand(
        "all-threes",
        ["0-0 0-6 1-6 2-6 4-6", "2-4 3-4 3-5 5-5 6-6", "0-4 2-3 2-5 4-4 4-5"],
        "0-5 3-6 5-6 1-4 2-2 1-2 1-3 0-1 0-3 1-5 0-2 1-1 3-3",
        leader=0,
        plays="2-6 2-4@2-6:low 4-4@2-4:high 4-6@4-4:B 6-6@4-6:high 3-6@2-6:high 1-6@6-6:B 3-5@3-6:low "
        "4-5@3-5:high 1-4@1-6:low 3-4@4-5:low 0-4@1-4:high 0-6@0-4:low 1-3@3-4:low 0-1@1-3:low "
        "5-6@0-6:high 5-5@5-6:low 2-5@5-5:B 0-0@0-1:low",
    )
    result = match.results[-1]
    assert (result.end, result.finisher, result.pips, result.award) == (
        HandEnd.DOMINO,
        0,
        (0, 7, 10),
        (6, 0, 0),
    )
    assert [round3(7), round3(8), round3(17)] == [6, 9, 18]
    rules = find_game("all-threes").rules(seats=3)
    assert settle(rules, "blocked", [(5,), (8,), (12,)])[1].award == (5, 0, 0)


# ----------------------------------------------------------------------------------- picture.md §12
PICTURE_12_1 = ["1-1 3-4 2-6 1-3 0-4 5-5", "1-2 1-6 3-6 4-4 0-6 6-6", "2-3 4-6 2-4 0-3 2-2 5-6"]
PICTURE_12_1_PLAYS = (
    "1-1 1-2@1-1:A 2-3@1-2:high 3-4@2-3:high 1-6@1-1:B 4-6@3-4:high 2-6@4-6:high 3-6@1-6:high "
    "2-4@2-6:low 1-3@3-6:low 4-4@2-4:high"
)


def test_picture_12_1_drawing_one() -> None:
    """Ends 1 and 4; seat 2 holds 0-3 2-2 5-6, takes 0-5 from the bank, keeps it and passes; at ends 1 and
    6 it places 5-6 on the 6."""
    match = hand("picture", PICTURE_12_1, "0-5 0-0", plays=PICTURE_12_1_PLAYS)
    assert ends(match) == [1, 4]
    assert match.events[-2:] == (Draw(2, Tile.parse("0-5")), Knock(2, (1, 4)))
    assert (match.turn, match.draws, held(match)[2]) == (0, (0, 0, 1), "0-3 0-5 2-2 5-6")
    match.push_notation("0-4@4-4:B")
    match.push_notation("0-6@0-4:low")
    assert ends(match) == [1, 6]
    assert (match.turn, match.legal_moves()) == (2, [Play.parse("5-6@0-6:high")])
    assert match.draws == (0, 0, 1)  # it can place, so it does not draw


def test_picture_12_2_the_lead() -> None:
    """Seat 0 holds 3-3 and seat 1 holds 1-1 (0-0 is in the bank): seat 1 leads 1-1, the lower double."""
    match = hand("picture", ["3-3 2-4 2-5 2-6 3-4 3-5", "1-1 1-2 1-3 1-4 1-5 1-6", "4-4 4-5 4-6 5-5 5-6 6-6"])
    assert (match.turn, match.lead_tile, match.legal_moves()) == (1, Tile.parse("1-1"), [Play.parse("1-1")])


# ----------------------------------------------------------------------------------- donkey.md §12
DONKEY_FIRST = (  # a first hand of two seats that seat 0 wins by a domino (found by random play)
    ["0-0 1-4 3-3 3-4 3-6 4-4 5-5", "0-1 0-6 1-5 1-6 3-5 4-6 6-6"],
    "2-5 0-4 4-5 0-5 2-4 0-3 2-6 1-2 5-6 2-3 1-1 2-2 1-3 0-2",
    "3-3 3-5@3-3:bA 5-5@3-5:high 1-5@5-5:B 3-6@3-3:bB 1-6@3-6:high 3-4@3-3:A 0-1@1-6:low "
    "0-0@0-1:low#+4-4@3-4:high 4-6@4-4:B 1-4@1-5:low",
)


def donkey_later(hands: Sequence[str], boneyard: str = "", plays: str = "") -> Match:
    """A Donkey match of two seats whose second hand, led by seat 0 (the first hand's finisher) with any
    tile, is dealt as :func:`deal` writes it, then ``plays``."""
    first, bazaar, first_plays = DONKEY_FIRST
    match = hand("donkey", first, bazaar, plays=first_plays)
    assert (match.results[-1].end, match.results[-1].finisher, match.next_leader()) == (HandEnd.DOMINO, 0, 0)
    dealt, rest = deal(hands, boneyard)
    match.start_hand(dealt, boneyard=rest)
    assert (match.turn, match.lead_tile) == (0, None)
    for play in plays.split():
        match.push_notation(play)
    return match


def points_of(match: Match) -> list[str]:
    """The open connection points, as written."""
    return [str(p) for p in match.layout.points]


def test_donkey_12_1_the_spinner_opens_at_once() -> None:
    """Lead 3-5; 5-5@3-5:high is the spinner and opens B, bA and bB at once; 2-5@5-5:bA is legal with line
    B still empty (in Seven Rocks' rule, and Telephone's, it would not be)."""
    match = donkey_later(
        ["3-5 2-5 0-0 0-1 0-2 0-3 1-1", "5-5 1-2 1-3 1-4 1-5 1-6 2-2"], plays="3-5 5-5@3-5:high"
    )
    assert match.layout.spinner == Tile.parse("5-5")
    assert points_of(match) == ["3-5:low", "5-5:B", "5-5:bA", "5-5:bB"]
    assert list(match.layout.point_values) == [3, 5, 5, 5]
    assert Play.parse("2-5@5-5:bA") in match.legal_moves()
    match.push_notation("2-5@5-5:bA")
    assert points_of(match) == ["2-5:low", "3-5:low", "5-5:B", "5-5:bB"]
    telephone = Layout(find_game("telephone").rules().topology)
    for play in ("3-5", "5-5@3-5:high"):
        telephone.place(Play.parse(play))
    assert [str(p) for p in telephone.points] == ["3-5:low", "5-5:B"]  # branches wait for line B


def test_donkey_12_2_a_closed_double_is_not_the_spinner() -> None:
    """Lead 1-4; 4-4@1-4:high# is closed: the only open point is 1-4:low. 1-1@1-4:low is the first double
    not closed: the spinner, with 1-1:B, 1-1:bA and 1-1:bB open."""
    match = donkey_later(
        ["1-4 1-1 0-0 0-1 0-2 0-3 0-5", "4-4 1-2 1-3 1-5 1-6 2-2 2-3"], plays="1-4 4-4@1-4:high#"
    )
    assert match.layout.is_closed(Tile.parse("4-4")) and match.layout.spinner is None
    assert points_of(match) == ["1-4:low"] and list(match.layout.point_values) == [1]
    match.push_notation("1-1@1-4:low")
    assert match.layout.spinner == Tile.parse("1-1")
    assert points_of(match) == ["1-1:B", "1-1:bA", "1-1:bB"]
    assert list(match.layout.point_values) == [1, 1, 1]


DONKEY_12_3 = ["2-5 0-0 1-1 1-2 2-3 3-4 4-6", "2-2 5-5 0-1 0-3 1-3 1-4 0-6"]  # 27 and 19 pips left


def test_donkey_12_3_closing_both_ends() -> None:
    """Seat 0 leads 2-5 in a later hand; seat 1 plays 2-2@2-5:low#+5-5@2-5:high#: no point is left, the hand
    ends at once as a block with no drawing, and seat 1 (the fisherman) wins it: seat 0 loses with 27 and
    opens its account with 27 plus its remembered points. Seat 1 leads the next hand."""
    match = donkey_later(DONKEY_12_3, plays="2-5")
    assert "2-2@2-5:low#+5-5@2-5:high#" in [str(m) for m in match.legal_moves()]
    match.push_notation("2-2@2-5:low#+5-5@2-5:high#")
    assert match.layout.points == () and match.turn is None
    result = match.results[-1]
    assert (result.end, result.finisher, result.fisherman) == (HandEnd.BLOCKED, None, 1)
    assert (held(match), result.values) == (["0-0 1-1 1-2 2-3 3-4 4-6", "0-1 0-3 0-6 1-3 1-4"], (27, 19))
    assert match.draws == (0, 0) and not any(isinstance(e, Draw | Knock) for e in match.events)
    assert (result.written, match.scores) == ((27, 0), (27, 18))  # seat 1 wrote 18 in the first hand
    assert match.ledger == Ledger(remembered=(0, 0), opened=(True, True), eggs=0)
    assert match.next_leader() == 1
    # with remembered points, the opening amount takes them along
    rules = find_game("donkey").rules(seats=2)
    ledger = Ledger(remembered=(6, 0), opened=(False, True), eggs=0)
    _, settled = settle(
        rules, "blocked", [pips_of(DONKEY_12_3[0])[1:], (1, 3, 6, 4, 5)], last_mover=1, ledger=ledger
    )
    assert (settled.written, settled.ledger) == ((33, 0), Ledger((0, 0), (True, True), 0))


# ----------------------------------------------------------------------------------- sebastopol.md §12
SEBASTOPOL_12_1 = [
    "6-6 2-6 0-0 0-1 0-2 0-3 0-4",
    "1-6 1-4 1-1 1-3 1-5 0-5 0-6",
    "3-6 3-3 3-4 3-5 2-2 2-3 2-4",
    "5-6 1-2 4-4 4-5 4-6 5-5 2-5",
]


def test_sebastopol_12_1_the_forced_four() -> None:
    """6-6 opens A, B, bA, bB; after 1-6@6-6:A and 3-6@6-6:bB only 6-6:B and 6-6:bA are open, and
    1-2@1-6:low is illegal. After 5-6@6-6:B and 2-6@6-6:bA the four arm ends open (1, 2, 3, 5) and
    1-2@1-6:low is legal."""
    match = hand("sebastopol", SEBASTOPOL_12_1)
    assert (match.turn, match.legal_moves()) == (0, [Play.parse("6-6")])
    match.push_notation("6-6")
    assert points_of(match) == ["6-6:A", "6-6:B", "6-6:bA", "6-6:bB"]
    match.push_notation("1-6@6-6:A")
    match.push_notation("3-6@6-6:bB")
    assert points_of(match) == ["6-6:B", "6-6:bA"]
    assert [str(p) for p in match.layout.waiting] == ["1-6:low", "3-6:low"]
    assert match.turn == 3 and Tile.parse("1-2") in match.hand(3)
    with pytest.raises(ForcedFourError, match="6-6:B, 6-6:bA are still open"):
        match.push_notation("1-2@1-6:low")
    assert all(t.has(6) for m in match.legal_moves() for t in m.tiles)
    match.push_notation("5-6@6-6:B")
    match.push_notation("2-6@6-6:bA")
    assert points_of(match) == ["1-6:low", "2-6:low", "3-6:low", "5-6:low"]
    assert list(match.layout.point_values) == [1, 2, 3, 5] and match.layout.waiting == ()
    match.layout.check(Play.parse("1-2@1-6:low"))  # legal now (seat 3 holds it; seat 1 is to move)
    assert match.turn == 1 and Play.parse("1-4@1-6:low") in match.legal_moves()


def test_sebastopol_12_2_settlement() -> None:
    """Seat 2 goes out against 10, 4 and 17: it scores 31. A block at 9, 4, 12 and 15: seat 1 scores
    (9 + 12 + 15) − 4 = 32."""
    rules = find_game("sebastopol").rules()
    _, settled = settle(rules, "domino", [(10,), (4,), (), (17,)], finisher=2)
    assert (settled.award, settled.scores) == ((0, 0, 31, 0), (0, 0, 31, 0))
    _, settled = settle(rules, "blocked", [(9,), (4,), (12,), (15,)], last_mover=0)
    assert settled.award == (0, 32, 0, 0)
    assert settle(rules, "blocked", [(4,), (4,), (12,), (15,)], last_mover=0)[1].award == (0, 0, 0, 0)
    assert rules.ending.after_hand((59, 0, 0, 0), 3) is None
    assert rules.ending.after_hand((60, 0, 0, 0), 3) == Outcome((0,))


# ----------------------------------------------------------------------------------- bergen.md §12
def test_bergen_12_1_headers() -> None:
    """6-6 (double header, 2); 2-6@6-6:A (6 and 2: nothing); 4-6@6-6:B (2 and 4: nothing); 2-4@4-6:low
    (2 and 2: double header, 2); 2-2@2-4:low (2 and the double 2-2: triple header, 3)."""
    match = hand("bergen", ["6-6 4-6 0-1 0-3 1-3 3-5", "2-6 2-4 0-4 1-4 1-5 3-4"], "2-2")
    assert (match.turn, match.legal_moves()) == (0, [Play.parse("6-6")])  # the lowest double dealt
    for play in ("6-6", "2-6@6-6:A", "4-6@6-6:B", "2-4@4-6:low"):
        match.push_notation(play)
    assert match.events[-1] == Draw(0, Tile.parse("2-2"))  # seat 0 has no 2: it draws 2-2
    assert [str(m) for m in match.legal_moves()] == ["2-2@2-4:low", "2-2@2-6:low"]
    match.push_notation("2-2@2-4:low")
    assert [p.points for p in match.placements] == [2, 0, 0, 2, 3]
    assert match.scores == (5, 2)


BERGEN_BLOCK = (  # a blocked hand of two seats, seat 0 left with 11 pips and seat 1 with 9 (random play)
    ["0-4 0-6 2-4 4-4 4-5 5-6", "1-1 1-2 1-5 1-6 2-2 2-5"],
    "3-6 0-2 3-4 6-6 2-3 0-0 5-5 1-3 0-1 0-5 0-3 3-3 2-6 3-5 4-6 1-4",
    "1-1 1-3@1-1:A 1-2@1-1:B 0-2@1-2:high 0-1@0-2:low 2-3@1-3:high 1-5@0-1:high 5-6@1-5:high "
    "2-2@2-3:low 2-4@2-2:B 1-6@5-6:high 4-4@2-4:high 4-5@4-4:B 2-5@4-5:high 2-6@2-5:low 3-6@2-6:high "
    "3-5@3-6:low 5-5@3-5:high 0-5@5-5:B 0-6@0-5:low 6-6@0-6:high",
)


def test_bergen_12_2_a_block() -> None:
    """Nobody can place and only the two reserved tiles are left; seat 0 holds 11 pips, seat 1 9: seat 1
    scores 1. The next hand is led by the holder of the lowest double."""
    hands, boneyard, plays = BERGEN_BLOCK
    match = hand("bergen", hands, boneyard, plays=plays)
    result = match.results[-1]
    assert (result.end, result.pips, result.award) == (HandEnd.BLOCKED, (11, 9), (0, 1))
    assert match.boneyard == tuple(tiles("4-6 1-4")) and match.drawable == 0  # the two reserved tiles
    header_points = sum(p.points for p in match.placements if p.seat == 1)
    assert match.scores == (sum(p.points for p in match.placements if p.seat == 0), header_points + 1)
    assert settle(match.rules, "blocked", [(11,), (9,)], last_mover=0)[1].award == (0, 1)
    assert settle(match.rules, "blocked", [(9,), (9,)], last_mover=0)[1].award == (0, 0)
    assert match.next_leader() is None  # the first hand's rule: order-low again
    dealt, rest = deal(["2-2 0-1 0-2 0-3 0-4 0-5", "1-1 1-2 1-3 1-4 1-5 1-6"])
    match.start_hand(dealt, boneyard=rest)
    assert (match.turn, match.legal_moves()) == (1, [Play.parse("1-1")])


# ----------------------------------------------------------------------------------- matador.md §12
MATADOR_12_1 = ["1-5 3-6 0-6 3-3 0-1 0-2 4-4", "2-4 1-6 3-4 1-2 5-5 1-4 0-3"]


def test_matador_12_1_joins() -> None:
    """Lead 1-5 (ends 1 and 5); 2-4@1-5:high (4 open); 3-6@2-4:high (6 open); 1-6@3-6:high>6 (a matador,
    6 open; >1 would leave 1); 0-6@1-5:low (0 open: only a matador); 3-4@0-6:low>4 (4 open);
    3-3@3-4:high (3 open). The ends are then 6 and 3, and 1-2 cannot go on 3-3:B."""
    match = hand("matador", MATADOR_12_1, leader=0)
    steps = [
        ("1-5", [1, 5]),
        ("2-4@1-5:high", [1, 4]),
        ("3-6@2-4:high", [1, 6]),
        ("1-6@3-6:high>6", [1, 6]),
        ("0-6@1-5:low", [0, 6]),
        ("3-4@0-6:low>4", [4, 6]),
        ("3-3@3-4:high", [3, 6]),
    ]
    for play, values in steps:
        if play == "1-6@3-6:high>6":
            other = match.copy()
            other.push_notation("1-6@3-6:high>1")
            assert ends(other) == [1, 1]
            assert {"1-6@3-6:high>1", "1-6@3-6:high>6"} <= {str(m) for m in match.legal_moves()}
        if play == "3-4@0-6:low>4":
            with pytest.raises(BlankEndError, match="only a matador"):
                match.push_notation("1-2@0-6:low")
        match.push_notation(play)
        assert ends(match) == values, play
    assert [str(p) for p in match.layout.points] == ["1-6:high", "3-3:B"]
    with pytest.raises(MismatchError, match="does not add up to seven with side B of 3-3"):
        match.push_notation("1-2@3-3:B")
    assert "1-4@1-6:high" in [str(m) for m in match.legal_moves()]


def test_matador_12_2_settlement() -> None:
    """Three seats; seat 1 goes out against 4-4 (8) and 0-5 2-3 (10): 18. A block at 6, 13 and 9: seat 0
    scores (13 + 9) − 6 = 16."""
    rules = find_game("matador").rules(seats=3)
    _, settled = settle(rules, "domino", [pips_of("4-4"), (), pips_of("0-5 2-3")], finisher=1)
    assert settled.award == (0, 18, 0)
    assert settle(rules, "blocked", [(6,), (13,), (9,)], last_mover=2)[1].award == (16, 0, 0)


# ----------------------------------------------------------------------------------- general.md §12
GENERAL_12_1 = [  # seat 2 is left with 0-0 and 6-6 against ends 0 (0-4:low) and 6 (3-6:high)
    "0-2 0-3 0-4 1-2 1-4 2-5 2-6",
    "1-1 1-6 2-3 3-3 3-6 4-5 5-5",
    "0-0 0-6 1-3 1-5 2-2 4-4 6-6",
    "0-1 0-5 2-4 3-4 3-5 4-6 5-6",
]
GENERAL_12_1_PLAYS = (  # found by random play (and its numbers 2 and 4 exchanged)
    "1-1 1-5@1-1:B 0-1@1-1:A 0-3@0-1:low 3-3@0-3:high+5-5@1-5:high 1-3@3-3:B 3-5@5-5:B 1-4@1-3:low "
    "2-3@3-5:low 2-2@2-3:low 2-4@1-4:high 0-2@2-4:low 0-6@0-2:low 4-6@0-6:high 2-5@2-2:B 4-5@2-5:high "
    "4-4@4-6:low 3-4@4-4:B 0-4@4-5:low 3-6@3-4:low"
)


@pytest.mark.parametrize("version", ["general", "naked"])
def test_general_12_1_a_general(version: str) -> None:
    """Seat 2 plays 0-0@0-4:low+6-6@3-6:high and goes out: seat 3 is a General, side 1 gives way and side 0
    wins, in either version. Going out on 0-0 alone makes seat 3 naked in the version ``naked`` (and a
    General in the version ``general``)."""
    match = hand("general", GENERAL_12_1, plays=GENERAL_12_1_PLAYS, options={"version": version})
    assert (match.turn, held(match)[2]) == (2, "0-0 6-6")
    assert [str(p) for p in match.layout.points] == ["0-4:low", "3-6:high"]
    move = Doubles.parse("0-0@0-4:low+6-6@3-6:high")
    assert move in match.legal_moves()
    match.push(move)
    result = match.results[-1]
    assert (result.end, result.finisher, result.loser, result.general, result.naked) == (
        HandEnd.DOMINO,
        2,
        3,
        1,
        None,
    )
    assert (match.scores, match.outcome) == ((0, 1), Outcome((0,)))
    rules = match.rules
    blanks = (Tile.parse("0-0").index,)
    facts = HandFacts.of_pips(rules, "domino", 2, 2, (4, 9, 0, 6), (1, 2, 0, 1), (False,) * 4, (0, 0), None)
    alone = rules.settlement.settle(facts._replace(last_move=blanks))
    if version == "naked":
        assert (alone.loser, alone.general, alone.naked, alone.outcome) == (3, None, 1, Outcome((0,)))
        sixes = rules.settlement.settle(facts._replace(last_move=(Tile.parse("6-6").index,)))
        assert (sixes.general, sixes.naked, sixes.scores, sixes.outcome) == (None, None, (0, 1), None)
    else:
        assert (alone.loser, alone.general, alone.naked, alone.outcome) == (3, 1, None, Outcome((0,)))


def test_general_partner_signals() -> None:
    """``general.md`` §10.1: in the position of §12.1 seat 0 knows that its partner holds 0-0 and 6-6; in
    the version ``naked`` nobody is told anything."""
    match = hand("general", GENERAL_12_1)
    assert match.view(0).signals == Signals(blanks=True, sixes=True)
    assert match.view(2).signals == Signals(blanks=False, sixes=False)
    assert match.view(1).signals == match.view(3).signals == Signals(blanks=False, sixes=False)
    naked = hand("general", GENERAL_12_1, options={"version": "naked"})
    assert all(naked.view(seat).signals is None for seat in range(4))


GENERAL_12_2 = [  # three hands found by random play: seat 1 out with 2-5; a block; seat 3 out with 1-4
    (
        ["0-1 0-6 1-1 2-3 3-5 3-6 5-6", "0-4 1-2 1-3 1-5 1-6 2-5 3-4"],
        ["0-2 1-4 2-2 2-6 4-4 4-5 6-6", "0-0 0-3 0-5 2-4 3-3 4-6 5-5"],
        "1-1 1-2@1-1:A 1-4@1-1:B 2-4@1-2:high 0-4@2-4:high 4-5@1-4:high 5-5@4-5:high 0-1@0-4:low "
        "1-5@5-5:B 1-3@1-5:low 3-3@1-3:high 2-3@3-3:B 1-6@0-1:high 6-6@1-6:high 4-6@6-6:B 3-4@4-6:low "
        "2-6@2-3:low 0-3@3-4:low 5-6@2-6:high 2-5@5-6:low",
    ),
    (
        ["0-1 0-3 1-1 1-2 2-6 3-3 6-6", "1-3 1-5 1-6 3-6 4-4 4-6 5-6"],
        ["0-2 0-5 0-6 2-2 2-3 2-4 2-5", "0-0 0-4 1-4 3-4 3-5 4-5 5-5"],
        "1-1 1-6@1-1:B 0-6@1-6:high 1-4@1-1:A 0-1@0-6:low 1-3@0-1:high 2-3@1-3:high 4-5@1-4:high "
        "1-2@2-3:low 1-5@4-5:high",
    ),
    (
        ["1-2 1-6 2-3 3-5 4-4 4-5 6-6", "0-0 0-1 0-4 1-5 3-3 3-4 4-6"],
        ["0-3 0-6 2-2 2-4 2-5 2-6 3-6", "0-2 0-5 1-1 1-3 1-4 5-5 5-6"],
        "1-1 1-2@1-1:A 1-5@1-1:B 2-4@1-2:high 5-5@1-5:high 4-4@2-4:high 0-4@4-4:B 0-6@0-4:low "
        "5-6@5-5:B 1-6@5-6:high 0-1@1-6:low 2-6@0-6:high 0-2@2-6:low 0-0@0-2:low 0-3@0-0:B 1-3@0-3:high "
        "0-5@0-1:low 3-5@0-5:high 3-4@3-5:low 1-4@3-4:high",
    ),
]


def test_general_12_2_lost_hands() -> None:
    """Hand 1: seat 1 goes out with 2-5 and seat 2 loses. Hand 2 is blocked: void. Hand 3: seat 3 goes out
    with 1-4 and seat 0 loses: side 0 has lost two hands and gives way; side 1 wins. The holder of 1-1
    leads every hand."""
    match = Match("general", seed=0)
    expected = [  # end, finisher, loser, hands lost per side after the hand, outcome
        (HandEnd.DOMINO, 1, 2, (1, 0), None),
        (HandEnd.BLOCKED, None, None, (1, 0), None),
        (HandEnd.DOMINO, 3, 0, (2, 0), Outcome((1,))),
    ]
    for number, ((first, second, plays), want) in enumerate(zip(GENERAL_12_2, expected, strict=True)):
        dealt, rest = deal([*first, *second])
        match.start_hand(dealt, boneyard=rest)
        assert match.legal_moves() == [Play.parse("1-1")] and Tile.parse("1-1") in match.hand(match.turn or 0)
        for play in plays.split():
            match.push_notation(play)
        result = match.results[-1]
        last = match.placements[-1].play
        assert (result.end, result.finisher, result.loser, match.scores, match.outcome) == want, number
        assert (result.general, result.naked) == (None, None)
        if number != 1:
            assert str(last.tiles[0]) == ("2-5", "", "1-4")[number] and len(last.tiles) == 1
    assert match.is_over and match.winner == 1
