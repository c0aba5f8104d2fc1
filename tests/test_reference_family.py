"""The reference model of the family of games (``tests/reference/family``) checked against the rule texts.

- It reproduces every conformance example of the games it covers (``tests/conformance/examples/family/``,
  compared key by key: a report may carry more keys than the expected one), every Seven Rocks example
  (``tests/conformance/examples/``, exactly) and the Kozel example written in the conformance README.
- Every worked example of §12 of each covered game's file (``shared/games/<game>.md``) is a test named
  after it: a position built with :meth:`RefGame.start_hand` and plays, or the settlement and match-end
  functions where the example is about settlement only.
- Options, seat counts, void deals, several doubles, team out, and every kind of illegal play.

Example files are read by the tests that need them (fixtures), never at import time.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tests.conformance_data import DATA, ConformanceDataError, example, example_names, mismatches
from tests.reference.family import RefGame, RefIllegal, find_game, replay
from tests.reference.family.layout import Layout
from tests.reference.family.outcome import fewest_points, first_out, goat, over_target
from tests.reference.family.settle import (
    GoatBook,
    deduct,
    goat_winners,
    hand_value,
    losers_write,
    placement_points,
    round3,
    round5,
    side_totals,
    winner_takes,
)
from tests.reference.family.tiles import FULL_SET, Part, parse_tile, tile_text

COVERED = (
    "block",
    "draw",
    "kozel",
    "kozel-125",
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
    "sea-kozel",
    "sausage",
)
FAMILY = "examples/family"


# ----------------------------------------------------------------------------------- helpers
def _family_example_names() -> list[str]:
    """Each covered game's ``<game>.json``, and every other ``<game>-*.json`` the folder holds."""
    names = set(COVERED)
    try:
        found = example_names(FAMILY)
    except ConformanceDataError:
        found = []  # each required example then fails on its own, naming its file
    names.update(n for n in found if any(n.startswith(f"{game}-") for game in COVERED))
    return sorted(names)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "family_example" in metafunc.fixturenames:
        metafunc.parametrize("family_example", _family_example_names(), indirect=True)


@pytest.fixture
def family_example(request: pytest.FixtureRequest) -> tuple[Any, Any]:
    """The script and expected report of one family example (a missing file fails this test only)."""
    try:
        return example(request.param, FAMILY)
    except ConformanceDataError as err:
        message = str(err)
    pytest.fail(message, pytrace=False)


def _deal(hands: list[str], boneyard: str = "") -> tuple[list[list[str]], list[str]]:
    """Hands written as space-separated tiles; the boneyard is ``boneyard`` then every tile not named, in
    the order of the set (so that tests state the tiles that matter and the rest stays out of the way)."""
    seats = [h.split() for h in hands]
    front = boneyard.split()
    named = {parse_tile(t) for t in [*front, *(t for s in seats for t in s)]}
    rest = [tile_text(t) for t in sorted(FULL_SET - named)]
    return seats, front + rest


def _game(
    game: str,
    hands: list[str],
    boneyard: str = "",
    leader: int | None = None,
    plays: str | list[str] = "",
    options: dict[str, Any] | None = None,
) -> RefGame:
    """A game of one hand dealt as :func:`_deal` writes it, then ``plays`` (a list, or space-separated)."""
    ref = RefGame(game, options)
    ref.start_hand(*_deal(hands, boneyard), leader)
    for play in plays.split() if isinstance(plays, str) else plays:
        ref.play(play)
    return ref


def _plays(ref: RefGame) -> list[tuple[int, str, int | None, int | None]]:
    return [(p["seat"], p["tile"], p.get("ends_total"), p.get("points")) for p in ref.hand_report()["plays"]]


# ----------------------------------------------------------------------------------- examples
def test_family_example_is_reproduced(family_example: tuple[Any, Any]) -> None:
    script, expected = family_example
    assert mismatches(expected, replay(script)) == []


def test_seven_rocks_example_is_reproduced_exactly(conformance_example: tuple[str, Any, Any]) -> None:
    """The Seven Rocks scripts, through the family model: same reports, exactly the same keys."""
    _, script, expected = conformance_example
    if "error" in expected:
        where = f"hand {expected['error']['hand']}, play {expected['error']['play']}: "
        with pytest.raises(RefIllegal, match=re.escape(where)):
            replay(script)
        return
    assert replay(script) == expected


def test_seven_rocks_through_the_game_id_is_the_same_game() -> None:
    script, expected = example("match1")
    assert replay({**script, "game": "seven-rocks"}) == expected


def _readme_blocks(after: str) -> list[Any]:
    """The JSON code blocks of the conformance README that follow the heading ``after``."""
    path = DATA / "README.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        pytest.fail(f"cannot read {path}: {err}", pytrace=False)
    section = text.split(after, 1)[1].split("\n### ", 1)[0]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]


def test_conformance_readme_kozel_example() -> None:
    script, expected = _readme_blocks("### Example: Kozel")
    assert replay(script) == expected


def test_family_layout_reproduces_the_seed_positions(seed_case: dict[str, Any]) -> None:
    """The Seven Rocks worked positions, through the family layout with the spinner topology."""
    layout = Layout("spinner")
    for step in seed_case["steps"]:
        (tile, anchor, side) = _split(step["after"])
        layout.place(Part(tile, anchor, side))
        points = [[tile_text(a), s, v] for a, s, v in layout.points()]
        assert points == sorted(step["connection_points"])
        assert layout.ends_total() == step["ends_total"]
        assert placement_points("fives", layout.ends_total()) == step["points"]


def _split(play: str) -> tuple[tuple[int, int], tuple[int, int] | None, str | None]:
    if "@" not in play:
        return parse_tile(play), None, None
    tile, point = play.split("@")
    anchor, side = point.split(":")
    return parse_tile(tile), parse_tile(anchor), side


# ----------------------------------------------------------------------------------- block.md §12
def test_block_12_1_lead() -> None:
    """Two seats; 6-6 and 5-5 are out of play and seat 1 holds 4-4: seat 1 leads 4-4."""
    ref = _game(
        "block",
        ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "4-4 1-1 1-2 1-3 1-4 1-5 1-6"],
        boneyard="6-6 5-5",
    )
    assert ref.turn == 1
    assert ref.legal_moves() == {"4-4"}


def test_block_12_2_block_with_partnerships() -> None:
    """Side 0 (10 + 7) scores 25 - 17 = 8 against side 1 (13 + 12); the holder of 6-6 leads next."""
    held = [{(1, 2), (3, 4)}, {(1, 3), (4, 5)}, {(2, 5)}, {(2, 2), (3, 5)}]
    values = [hand_value(h, 25) for h in held]
    assert values == [10, 13, 7, 12]
    totals = side_totals(values, [0, 1, 0, 1], 2)
    assert totals == [17, 25]
    assert winner_takes(totals, None, "none") == [8, 0]
    # a blocked partnership hand (found by random play), then the next deal: order-high again
    ref = _game(
        "block",
        [
            "0-1 1-3 1-5 2-6 3-3 4-4 4-5",
            "0-3 1-1 1-6 2-2 2-3 2-5 4-6",
            "0-0 0-2 1-2 1-4 3-4 3-6 5-6",
            "0-4 0-5 0-6 2-4 3-5 5-5 6-6",
        ],
        plays="6-6 2-6@6-6:A 2-5@2-6:low 5-6@2-5:high 0-6@5-6:high 0-1@0-6:low 1-6@0-1:high 3-6@1-6:high "
        "3-5@3-6:low 4-5@3-5:high 4-6@4-5:low",
        options={"partnerships": True},
    )
    report = ref.hand_report()
    assert (report["end"], report["values"], report["award"]) == ("blocked", [24, 14, 17, 25], [0, 2])
    dealt = [
        ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
        ["0-6", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"],
    ]
    dealt += [
        ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4"],
        ["3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"],
    ]
    with pytest.raises(RefIllegal, match="the leader is seat 0"):
        ref.start_hand(dealt, [], leader=3)
    ref.start_hand(dealt, [])
    assert (ref.turn, ref.legal_moves()) == (0, {"6-6"})


def test_block_12_3_domino_individual() -> None:
    """Three seats; seat 0 goes out, seat 1 holds 5-6 and 0-1 (12), seat 2 holds 3-3 (6): seat 0 scores 18."""
    values = [0, hand_value({(5, 6), (0, 1)}, 25), hand_value({(3, 3)}, 25)]
    assert winner_takes(values, 0, "none") == [18, 0, 0]


# ----------------------------------------------------------------------------------- draw.md §12
DRAW_12_1 = ["6-6 1-1 5-5 0-0 0-2", "4-6 3-4 0-1 2-6 4-4", "1-6 1-5 0-3 0-5 0-6"]


def test_draw_12_1_drawing() -> None:
    """Ends 3 and 5; seat 1 holds 0-1 2-6 4-4, draws 1-2, 0-4, 2-5 (fits the 5) and must place it."""
    ref = _game(
        "draw",
        DRAW_12_1,
        boneyard="1-2 0-4 2-5 3-3",
        plays=["6-6", "4-6@6-6:A", "1-6@6-6:B", "1-1@1-6:low", "3-4@4-6:low", "1-5@1-1:B", "5-5@1-5:high"],
    )
    assert sorted(v for _, _, v in ref.open_points()) == [3, 5]
    assert ref.turn == 1
    assert ref.draws == [0, 3, 0]
    assert ref.hand(1) == {"0-1", "2-6", "4-4", "1-2", "0-4", "2-5"}
    assert ref.legal_moves() == {"2-5@5-5:B"}
    assert ref.boneyard_left == 10  # 3-3 stays in the boneyard, at its front
    ref.play("2-5@5-5:B")
    assert sorted(v for _, _, v in ref.open_points()) == [2, 3]
    assert ref.hand(1) == {"0-1", "2-6", "4-4", "1-2", "0-4"}


def test_draw_12_2_domino() -> None:
    """Four seats; seat 2 goes out against 2-3, 4-5 and a lone 0-0 (25): 39, or 14 with lone_blank 0."""
    held = [{(2, 3)}, {(4, 5)}, set(), {(0, 0)}]
    for lone_blank, award in ((25, 39), (0, 14)):
        values = [hand_value(h, find_game("draw", {"lone_blank": lone_blank}).lone_blank) for h in held]
        assert winner_takes(values, 2, "none") == [0, 0, award, 0]


def test_draw_12_3_block() -> None:
    """Three seats at 7, 12 and 20: seat 0 scores (12 + 20) - 7 = 25; had two held 7, nobody scores."""
    assert winner_takes([7, 12, 20], None, "none") == [25, 0, 0]
    assert winner_takes([7, 7, 20], None, "none") == [0, 0, 0]


def test_draw_12_4_partnerships() -> None:
    """Seat 1 goes out: side 1 scores 8 + 3 = 11 (its partner's 6 count for nothing); a block at 11 and 15
    gives side 0 4."""
    assert winner_takes(side_totals([8, 0, 3, 6], [0, 1, 0, 1], 2), 1, "none") == [0, 11]
    assert winner_takes(side_totals([8, 6, 3, 9], [0, 1, 0, 1], 2), None, "none") == [4, 0]


# ----------------------------------------------------------------------------------- kozel.md §12
KOZEL_12_1 = ["1-2 1-5 1-6 2-2 3-5 4-4 6-6", "0-1 0-3 2-4 2-6 3-4 4-5 4-6"]


def test_kozel_12_1_first_lead_with_two_seats() -> None:
    """1-1 is in the boneyard: the first dealt tile of order-goat is 2-2, so seat 0 leads it."""
    ref = _game("kozel", KOZEL_12_1, boneyard="1-1")
    assert (ref.turn, ref.legal_moves()) == (0, {"2-2"})


def _goat_hand(
    book: GoatBook, values: list[int], finisher: int | None, last_mover: int, seats: int, **rules: Any
) -> list[int]:
    """One Goat settlement as ``match.py`` makes it: side totals, winners, the egg order, the writing."""
    side_of = [s % 2 for s in range(seats)] if seats == 4 else list(range(seats))
    sides = max(side_of) + 1
    totals = side_totals(values, side_of, sides)
    order = [side_of[(last_mover + k) % seats] for k in range(1, seats + 1)]
    finisher_side = None if finisher is None else side_of[finisher]
    settings = {"threshold": 13, "remember": True, "eggs": True} | rules
    return losers_write(book, totals, goat_winners(totals, finisher_side), order, **settings)


def test_kozel_12_2_four_seats_in_partnership() -> None:
    """The five hands of the table: accounts, remembered points and eggs after each."""
    book = GoatBook([0, 0], [False, False], [0, 0])
    rows = [
        ([5, 0, 4, 0], 1, 1, [0, 0], [9, 0], 0),  # seat 1 goes out; 9 < 13 is remembered
        ([10, 3, 4, 6], None, 0, [23, 0], [0, 0], 0),  # block: side 0's 14 opens with 14 + 9
        ([0, 2, 0, 5], 0, 0, [23, 0], [0, 7], 0),  # seat 0 goes out; side 1's 7 remembered
        ([6, 5, 5, 6], None, 2, [23, 0], [0, 7], 22),  # block at 11 and 11: eggs
        ([2, 0, 4, 0], 3, 3, [51, 0], [0, 0], 0),  # side 1 wins (its 7 reset); side 0 writes 6 + 22
    ]
    for values, finisher, last, accounts, remembered, eggs in rows:
        _goat_hand(book, values, finisher, last, 4)
        assert (book.accounts, book.remembered, book.eggs) == (accounts, remembered, eggs)


def test_kozel_12_3_eggs_and_threshold() -> None:
    """Eggs 18 go to seat 1 (12 > 9): 30 opens its account with 30 + 4; seat 0 remembers 5 + 9 = 14."""
    book = GoatBook([0, 0, 40], [False, False, True], [5, 4, 0], eggs=18)
    written = _goat_hand(book, [9, 12, 0], 2, 2, 3)
    assert written == [0, 34, 0]
    assert (book.accounts, book.remembered, book.eggs) == ([0, 34, 40], [14, 0, 0], 0)


def test_kozel_12_3_egg_ties_go_to_the_first_loser_after_the_last_mover() -> None:
    """kozel.md §8.5: losing sides tied for the largest total: the first in turn order after the last
    mover receives the eggs."""
    book = GoatBook([0, 0, 0], [True, True, True], [0, 0, 0], eggs=10)
    assert _goat_hand(book, [0, 8, 8], 0, 0, 3) == [0, 18, 8]
    book = GoatBook([0, 0, 0], [True, True, True], [0, 0, 0], eggs=10)
    assert _goat_hand(book, [8, 2, 8], None, 2, 3) == [18, 0, 8]


def test_kozel_12_4_the_lone_blank() -> None:
    """Seat 0 holds only 0-0 (25): 25 + 4 remembered opens its account; with lone_blank 10 it remembers 14."""
    book = GoatBook([0, 0], [False, False], [4, 0])
    assert _goat_hand(book, [hand_value({(0, 0)}, 25), 0], 1, 1, 2) == [29, 0]
    book = GoatBook([0, 0], [False, False], [4, 0])
    lone_blank = find_game("kozel", {"lone_blank": 10}).lone_blank
    assert _goat_hand(book, [hand_value({(0, 0)}, lone_blank), 0], 1, 1, 2) == [0, 0]
    assert book.remembered == [14, 0]


def test_kozel_12_5_the_goat() -> None:
    """Accounts 96 and 40; seat 3 goes out and side 0 writes 1-2 and 0-2 (5): 101, side 0 is the goat."""
    book = GoatBook([96, 40], [True, True], [0, 0])
    assert _goat_hand(book, [3, 0, 2, 0], 3, 3, 4) == [5, 0]
    assert goat(book.accounts, 101) == (0, 1)


def test_kozel_goats_of_three_seats() -> None:
    """kozel.md §9.1: the side with the most points over the target is the goat; ties are all goats."""
    assert goat([105, 102, 50], 101) == (0, [1, 2])
    assert goat([105, 105, 50], 101) == ([0, 1], 2)
    assert goat([100, 0, 50], 101) is None


# ----------------------------------------------------------------------------------- sports-kozel.md §12
SPORTS_DEALS = [  # seats 0-2 of the deals of the sports-kozel conformance example; seat 3 holds the rest
    "0-4 1-1 1-6 2-4 4-6 5-5 5-6 | 0-2 2-5 2-6 3-4 3-6 4-5 6-6 | 0-0 0-3 0-6 1-4 1-5 3-5 4-4",
    "0-3 1-2 1-6 3-4 3-5 4-5 5-6 | 0-4 0-6 1-4 2-2 2-6 4-4 5-5 | 0-0 0-5 1-3 1-5 2-3 3-6 6-6",
    "0-2 0-4 0-6 1-1 2-2 2-4 3-5 | 0-3 0-5 1-5 2-5 2-6 3-4 5-5 | 0-1 1-3 1-4 3-3 3-6 4-4 6-6",
]


def test_sports_kozel_12_1_a_match_of_four_deals() -> None:
    """The table's accounts (17, 18: side 0 wins), and the leaders 2, 3, 0, 1 by rotation from 1-1."""
    book = GoatBook([0, 0], [False, False], [0, 0])
    plain = {"threshold": 0, "remember": False, "eggs": False}
    _goat_hand(book, [9, 0, 8, 0], 1, 1, 4, **plain)
    assert book.accounts == [17, 0]
    _goat_hand(book, [4, 6, 4, 6], None, 0, 4, **plain)
    assert book.accounts == [17, 12]
    _goat_hand(book, [4, 5, 5, 4], None, 0, 4, **plain)
    assert (book.accounts, book.eggs) == ([17, 12], 0)
    _goat_hand(book, [0, 2, 0, 4], 0, 0, 4, **plain)
    assert book.accounts == [17, 18]
    assert fewest_points(book.accounts) == 0
    assert fewest_points([18, 18]) == "draw"
    # the leaders: the 1-1 holder (seat 2), then rotation; the match is the four deals
    rng = random.Random(12)
    ref = RefGame("sports-kozel")
    leaders = []
    for number in range(4):
        seats, rest = _deal(SPORTS_DEALS[number % 3].split(" | "))
        seats.append(rest)
        if number == 0:
            seats = seats[2:] + seats[:2]  # seat 2 holds 1-1
        ref.start_hand(seats, [])
        leaders.append(ref.turn)
        while not ref.hand_over:
            ref.play(rng.choice(sorted(ref.legal_moves())))
        assert ref.match_over == (number == 3)
    assert leaders == [2, 3, 0, 1]
    assert ref.winner == fewest_points(ref.scores)


# ----------------------------------------------------------------------------------- telephone.md §12
def test_telephone_12_1_the_seed_example() -> None:
    """The house is covered on both sides and counts nothing; 6-6 at an end counts 12; the branch counts."""
    layout = Layout("spinner")
    totals = []
    for play in ("4-4", "4-6@4-4:A", "3-4@4-4:B", "6-6@4-6:high", "4-5@4-4:bA"):
        layout.place(Part(*_split(play)))
        totals.append(layout.ends_total())
    assert totals == [8, 14, 9, 15, 20]
    assert [placement_points("fives", t) for t in totals] == [0, 0, 0, 15, 20]


def test_telephone_12_2_the_first_lead() -> None:
    """Seat 3 holds 2-3 and leads it: ends 2 and 3, total 5, side 1 scores 5."""
    ref = _game(
        "telephone",
        [
            "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
            "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
            "2-4 2-5 2-6 3-3 3-4 3-5 3-6",
            "2-3 4-4 4-5 4-6 5-5 5-6 6-6",
        ],
    )
    assert (ref.turn, ref.legal_moves()) == (3, {"2-3"})
    ref.play("2-3")
    assert _plays(ref) == [(3, "2-3", 5, 5)]
    assert ref.scores == [0, 5]


def test_telephone_12_3_settlement() -> None:
    """Seat 1 goes out: seat 0 (18 -> 15), seat 2 (2 -> 0), seat 3 (4 -> 0): 40 - 15 = 25; from 10, 0."""
    assert deduct([40, 30], [18, 0, 2, 4], [0, 1, 0, 1], "floor5", True) == ([25, 30], [15, 0, 0, 0])
    assert deduct([10, 30], [18, 0, 2, 4], [0, 1, 0, 1], "floor5", True)[0] == [0, 30]


def test_telephone_12_4_both_partners_deduct() -> None:
    """Side 1 has 20; seat 1 deducts 15 and seat 3 10: 20 - 25 is below 0, so side 1 has 0."""
    scores, lost = deduct([50, 20], [0, 16, 0, 13], [0, 1, 0, 1], "floor5", True)
    assert (scores, lost) == ([50, 0], [0, 15, 0, 10])


def test_telephone_12_5_the_end() -> None:
    """230 and 226 after a settlement is a draw; 230 and 224 is side 0's win."""
    assert over_target([230, 226], 225) == "draw"
    assert over_target([230, 224], 225) == 0
    assert over_target([220, 224], 225) is None


# ----------------------------------------------------------------------------------- muggins.md §12
MUGGINS_12_1 = ["6-6 4-6 0-0 0-1 0-2 0-3 0-4", "1-6 4-4 1-1 1-2 1-3 1-4 1-5"]
MUGGINS_12_1_PLAYS = ["6-6", "1-6@6-6:A", "4-6@6-6:B"]


def test_muggins_12_1_a_lengthwise_double() -> None:
    """4-4 on the 4 end: lengthwise the ends count 1 + 4 = 5 and score 5; crosswise 1 + 8 = 9, nothing."""
    ref = _game("muggins", MUGGINS_12_1, leader=0, plays=MUGGINS_12_1_PLAYS)
    assert _plays(ref) == [(0, "6-6", 12, 0), (1, "1-6", 13, 0), (0, "4-6", 5, 5)]
    assert {"4-4@4-6:low", "4-4@4-6:low="} <= ref.legal_moves()
    crosswise = _game("muggins", MUGGINS_12_1, leader=0, plays=MUGGINS_12_1_PLAYS)
    ref.play("4-4@4-6:low=")
    crosswise.play("4-4@4-6:low")
    assert _plays(ref)[-1] == (1, "4-4", 5, 5)
    assert _plays(crosswise)[-1] == (1, "4-4", 9, 0)
    expected = [("1-6", "low", 1), ("4-4", "B", 4), ("6-6", "bA", 6), ("6-6", "bB", 6)]
    assert ref.open_points() == crosswise.open_points() == expected


def test_muggins_12_2_settlement() -> None:
    """Seat 1 goes out against 7 and 11: 18 -> 20. Blocks: (9 + 13) - 4 = 18 -> 20; (9 + 12) - 4 = 17
    -> 15."""
    assert winner_takes([7, 0, 11], 1, "round5") == [0, 20, 0]
    assert winner_takes([4, 9, 13], None, "round5") == [20, 0, 0]
    assert winner_takes([4, 9, 12], None, "round5") == [15, 0, 0]


# ----------------------------------------------------------------------------------- all-fives.md §12
def test_all_fives_12_1_the_deal() -> None:
    """9 each and a boneyard of 10 with two seats; 7 and 7 with three; 5 and 8 with four."""
    for seats, size, left in ((2, 9, 10), (3, 7, 7), (4, 5, 8)):
        tiles = [tile_text(t) for t in sorted(FULL_SET)]
        ref = RefGame("all-fives")
        ref.start_hand([tiles[i * size : (i + 1) * size] for i in range(seats)], tiles[seats * size :], 0)
        assert (ref.seats, ref.boneyard_left, len(ref.hand(0))) == (seats, left, size)
    with pytest.raises(RefIllegal, match="must be dealt 9 tiles"):
        RefGame("all-fives").start_hand([tiles[:7], tiles[7:14]], tiles[14:], 0)


def test_all_fives_12_2_settlement_in_partnership() -> None:
    """Seat 2 goes out; seats 1 and 3 hold 6 and 8 (its partner's 10 do not count): round5(14) = 15."""
    assert winner_takes(side_totals([10, 6, 0, 8], [0, 1, 0, 1], 2), 0, "round5") == [15, 0]


def test_all_fives_12_3_a_block_in_partnership() -> None:
    """Side 0 at 5 + 7 = 12, side 1 at 11 + 12 = 23: side 0 scores round5(11) = 10."""
    assert winner_takes(side_totals([5, 11, 7, 12], [0, 1, 0, 1], 2), None, "round5") == [10, 0]


# ----------------------------------------------------------------------------------- five-up.md §12
def test_five_up_12_1_several_spinners() -> None:
    """Every double is a spinner; each counts both halves while a straight side is open."""
    plays = ["5-5", "3-5@5-5:A", "1-5@5-5:B", "5-6@5-5:bA", "3-3@3-5:low", "0-3@3-3:B", "3-6@3-3:bA"]
    ref = _game(
        "five-up", ["5-5 1-5 3-3 3-6 0-0", "3-5 5-6 0-3 2-5 1-1"], leader=0, plays=[*plays, "2-5@5-5:bB"]
    )
    totals = [(total, points) for _, _, total, points in _plays(ref)]
    assert totals == [(10, 2), (13, 0), (4, 0), (10, 2), (13, 0), (7, 0), (13, 0), (15, 3)]
    assert ref.scores == [2, 5]


def test_five_up_12_2_settlement() -> None:
    """Seat 3 goes out against 9 and 4 (its partner's 7 do not count): round5(13) = 15, side 1 scores 3."""
    assert winner_takes(side_totals([9, 7, 4, 0], [0, 1, 0, 1], 2), 1, "round5/5") == [0, 3]
    assert [round5(12) // 5, round5(13) // 5] == [2, 3]


# ----------------------------------------------------------------------------------- fives-and-threes.md §12
def test_fives_and_threes_12_1_scoring() -> None:
    plays = ["3-6", "6-6@3-6:high", "1-3@3-6:low", "1-1@1-3:low", "1-6@6-6:B"]
    ref = _game(
        "fives-and-threes",
        ["3-6 1-3 1-6 0-0 0-1 0-2 0-3", "6-6 1-1 2-2 2-3 2-4 2-5 2-6"],
        leader=0,
        plays=plays,
    )
    assert [(t, p) for _, _, t, p in _plays(ref)] == [(9, 3), (15, 8), (13, 0), (14, 0), (3, 1)]
    assert [placement_points("fives-and-threes", t) for t in (3, 5, 6, 9, 10, 12, 15, 18, 20, 21)] == [
        1, 1, 2, 3, 2, 4, 8, 6, 4, 7,
    ]  # fmt: skip


def test_fives_and_threes_12_2_exactly_61() -> None:
    """The example at a target of 4 (its 59 is 2 here): a 4-point total would pass it and scores nothing;
    a 2-point total then hits it exactly and wins at once."""
    plays = ["2-4", "4-4@2-4:high", "2-2@2-4:low", "4-5@4-4:B", "1-2@2-2:B"]
    ref = _game(
        "fives-and-threes",
        ["2-4 2-2 1-2 0-0 0-1 0-2 0-3", "4-4 4-5 1-1 1-3 1-4 1-5 1-6"],
        leader=0,
        plays=plays,
        options={"target": 4},
    )
    assert [(t, p) for _, _, t, p in _plays(ref)] == [(6, 2), (10, 2), (12, 0), (9, 0), (6, 2)]
    report = ref.report()
    assert (report["hands"][0]["end"], report["scores"], report["winner"]) == ("target", [4, 2], 0)
    passed = _game(
        "fives-and-threes",
        ["2-4 2-2 1-2 0-0 0-1 0-2 0-3", "4-4 4-5 1-1 1-3 1-4 1-5 1-6"],
        leader=0,
        plays=plays[:3],
        options={"target": 4, "exact": False},
    )
    assert (passed.hand_report()["end"], passed.scores, passed.winner) == ("target", [6, 2], 0)
    assert len(passed.hand_report()["plays"]) == 3


FT_OUT = ["2-2 2-3 4-4 5-6 6-6", "0-1 0-6 1-2 1-6 3-4", "0-0 0-5 3-3 4-5 5-5", "0-2 1-4 2-4 2-6 3-5"]
FT_OUT_PLAYS = ["6-6", "0-6@6-6:A", "0-0@0-6:low", "2-6@6-6:B", "2-3@2-6:low", "0-1@0-0:B", "3-3@2-3:high"]
FT_OUT_PLAYS += ["1-4@0-1:high", "4-4@1-4:high", "3-4@3-3:B", "4-5@4-4:B", "3-5@4-5:high", "2-4@3-4:high"]
FT_OUT_PLAYS += ["2-2@2-4:low", "1-2@2-2:B", "1-6@1-2:low", "5-6@1-6:high", "0-5@5-6:low", "0-2@0-5:low"]


def test_fives_and_threes_12_3_partnership_end() -> None:
    """Seat 1 goes out and is skipped (seat 0, then seat 2); when seat 3 goes out side 1 scores 1 point.
    A block while seats 0, 2 and 3 hold tiles scores nothing. (Hands found by random play.)"""
    ref = _game("fives-and-threes", FT_OUT, boneyard="1-3 1-5 2-5 4-6 1-1 0-3 3-6 0-4", leader=0)
    turns = []
    for play in FT_OUT_PLAYS:
        turns.append(ref.turn)
        ref.play(play)
    assert turns[-4:] == [1, 0, 2, 3]  # seat 1's last tile, then seat 0, seat 2 (seat 1 skipped), seat 3
    report = ref.hand_report()
    assert (report["end"], report["finisher"], report["award"], report["pips"]) == (
        "domino",
        3,
        [0, 1],
        [0, 0, 10, 0],
    )
    blocked = _game(
        "fives-and-threes",
        ["0-6 1-3 2-6 3-3 6-6", "0-2 1-1 2-4 4-4 4-5", "0-4 0-5 1-4 1-5 2-2", "1-6 2-3 2-5 3-4 5-5"],
        boneyard="4-6 5-6 0-1 3-6 1-2 0-3 0-0 3-5",
        leader=1,
        plays="0-2 0-5@0-2:low 2-5@0-5:high 2-6@2-5:low 2-4@0-2:high 0-4@2-4:high 1-6@2-6:high 1-3@1-6:low "
        "3-4@1-3:high 0-6@0-4:low 4-5@3-4:high 1-5@4-5:high 6-6@0-6:high 1-1@1-5:low 1-4@1-1:B 4-4@1-4:high",
    )
    report = blocked.hand_report()
    assert (report["end"], report["finisher"], report["award"], report["pips"]) == (
        "blocked",
        None,
        [0, 0],
        [6, 0, 4, 15],
    )


# ----------------------------------------------------------------------------------- all-threes.md §12
def test_all_threes_12_1_scoring() -> None:
    plays = ["3-6", "6-6@3-6:high", "3-3@3-6:low", "2-3@3-3:B", "2-6@6-6:B"]
    ref = _game(
        "all-threes", ["3-6 3-3 2-6 0-0 0-1 0-2 0-3", "6-6 2-3 1-1 1-2 1-3 1-4 1-5"], leader=0, plays=plays
    )
    assert [(t, p) for _, _, t, p in _plays(ref)] == [(9, 3), (15, 5), (18, 6), (14, 0), (4, 0)]


def test_all_threes_12_2_settlement() -> None:
    """Seat 0 goes out against 7 and 10: round3(17) = 18 -> 6. Block at 5, 8, 12: round3(15) = 15 -> 5."""
    assert [round3(7), round3(8)] == [6, 9]
    assert winner_takes([0, 7, 10], 0, "round3/3") == [6, 0, 0]
    assert winner_takes([5, 8, 12], None, "round3/3") == [5, 0, 0]


# ----------------------------------------------------------------------------------- picture.md §12
PICTURE_12_1 = ["1-1 3-4 2-6 1-3 0-4 5-5", "1-2 1-6 3-6 4-4 0-6 6-6", "2-3 4-6 2-4 0-3 2-2 5-6"]
PICTURE_12_1_PLAYS = ["1-1", "1-2@1-1:A", "2-3@1-2:high", "3-4@2-3:high", "1-6@1-1:B", "4-6@3-4:high"]
PICTURE_12_1_PLAYS += ["2-6@4-6:high", "3-6@1-6:high", "2-4@2-6:low", "1-3@3-6:low", "4-4@2-4:high"]


def test_picture_12_1_drawing_one() -> None:
    """Ends 1 and 4; seat 2 (0-3 2-2 5-6) draws 0-5, keeps it and passes; at ends 1 and 6 it places 5-6."""
    ref = _game("picture", PICTURE_12_1, boneyard="0-5 0-0", plays=PICTURE_12_1_PLAYS)
    assert sorted(v for _, _, v in ref.open_points()) == [1, 4]
    assert ref.draws == [0, 0, 1]
    assert ref.hand(2) == {"0-3", "2-2", "5-6", "0-5"}
    assert ref.turn == 0
    ref.play("0-4@4-4:B")
    ref.play("0-6@0-4:low")
    assert sorted(v for _, _, v in ref.open_points()) == [1, 6]
    assert (ref.turn, ref.legal_moves()) == (2, {"5-6@0-6:high"})
    assert ref.draws == [0, 0, 1]


def test_picture_12_2_the_lead() -> None:
    """Seat 0 holds 3-3 and seat 1 holds 1-1 (0-0 is in the bank): seat 1 leads 1-1."""
    ref = _game("picture", ["3-3 2-4 2-5 2-6 3-4 3-5", "1-1 1-2 1-3 1-4 1-5 1-6", "4-4 4-5 4-6 5-5 5-6 6-6"])
    assert (ref.turn, ref.legal_moves()) == (1, {"1-1"})


def test_picture_ends_after_one_hand() -> None:
    assert first_out(2, [3, 1, 0]) == 2
    assert first_out(None, [3, 1, 1]) == [1, 2]
    assert first_out(None, [2, 1, 3]) == 1
    assert first_out(None, [2, 2, 2]) == "draw"


# ----------------------------------------------------------------------------------- options and seats
@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("kozel", {"colour": "red"}, "kozel has no option 'colour'"),
        ("picture", {"target": 10}, "picture has no option 'target'"),
        ("muggins", {"several_doubles": True}, "muggins has no option 'several_doubles'"),
        ("block", {"reserve": 2}, "block has no option 'reserve'"),
        ("draw", {"target": 0}, "option target of draw must be a positive whole number"),
        ("all-fives", {"target": -5}, "option target of all-fives must be a positive whole number"),
        ("telephone", {"target": "225"}, "must be a positive whole number"),
        ("muggins", {"target": True}, "must be a positive whole number"),
        ("block", {"partnerships": "yes"}, "option partnerships of block must be true or false"),
        ("draw", {"reserve": 1}, "option reserve of draw must be 0 or 2"),
        ("kozel", {"reserve": 2}, "option reserve of kozel must be 0 or 1"),
        ("block", {"lone_blank": 10}, "option lone_blank of block must be 25 or 0"),
        ("kozel-125", {"lone_blank": 0}, "option lone_blank of kozel-125 must be 25 or 10"),
        ("kozel", {"threshold": 0}, "option threshold of kozel must be a positive whole number"),
        ("kozel", {"remember": 1}, "option remember of kozel must be true or false"),
        ("sports-kozel", {"deals": 6}, "option deals of sports-kozel must be a positive multiple of 4"),
        ("sports-kozel", {"deals": 0}, "a positive multiple of 4"),
        ("fives-and-threes", {"exact": "no"}, "option exact of fives-and-threes must be true or false"),
        ("telephone", {"several_doubles": None}, "must be true or false"),
    ],
)
def test_a_bad_option_is_a_value_error(game: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        RefGame(game, options)


def test_unknown_game_and_bad_options_object() -> None:
    with pytest.raises(ValueError, match="unknown game 'dominoes'"):
        RefGame("dominoes")
    with pytest.raises(ValueError, match="sausage has its own model"):
        RefGame("sausage")  # part 2: Sausage is RefSausage (test_reference_family_2.py)
    with pytest.raises(ValueError, match="options must be an object"):
        RefGame("kozel", ["target"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("seven-rocks", 2),
        ("sports-kozel", 3),
        ("telephone", 3),
        ("block", 5),
        ("kozel", 1),
        ("muggins", True),
    ],
)
def test_seat_counts_not_allowed_are_a_value_error(game: str, seats: int) -> None:
    with pytest.raises(ValueError, match=f"{game} is played by .* seats, not"):
        RefGame(game, seats=seats)


def test_the_number_of_seats_comes_from_the_first_deal() -> None:
    ref = RefGame("telephone")
    with pytest.raises(ValueError, match="not known before the first deal"):
        _ = ref.seats
    assert RefGame("sports-kozel").seats == 4
    tiles = [tile_text(t) for t in sorted(FULL_SET)]
    with pytest.raises(ValueError, match="telephone is played by 2, 4 seats, not 3"):
        ref.start_hand([tiles[0:7], tiles[7:14], tiles[14:21]], tiles[21:])
    ref.start_hand([tiles[0:7], tiles[7:14]], tiles[14:])
    assert (ref.seats, ref.scores, ref.draws) == (2, [0, 0], [0, 0])


def test_options_are_applied_and_presets_can_be_changed() -> None:
    preset = find_game("kozel-125")
    assert (preset.target, preset.threshold, preset.remember, preset.reserve) == (125, 25, False, 1)
    changed = find_game("kozel-125", {"target": 150, "remember": True})
    assert (changed.target, changed.threshold, changed.remember) == (150, 25, True)
    kozel = find_game("kozel")
    assert (kozel.target, kozel.threshold, kozel.remember, kozel.lone_blank) == (101, 13, True, 25)
    assert find_game("draw", {"reserve": 2}).reserve == 2
    assert find_game("all-fives", {"partnerships": False}).sides(4) == 4
    assert find_game("all-fives").sides(4) == find_game("block", {"partnerships": True}).sides(4) == 2
    assert find_game("all-fives").sides(2) == 2  # partnerships apply with four seats only
    assert find_game("sports-kozel", {"deals": 8}).deals == 8


def test_script_options_and_targets() -> None:
    script, _ = example("match1")
    with pytest.raises(RefIllegal, match=re.escape("hand null, play null: seven-rocks takes no options")):
        replay({**script, "options": {"target": 100}})
    with pytest.raises(RefIllegal, match=re.escape("hand null, play null: option target of seven-rocks")):
        replay({**script, "target": 0})
    kozel = {"game": "kozel", "target": 50, "hands": []}
    with pytest.raises(RefIllegal, match="takes its target as"):
        replay(kozel)
    with pytest.raises(RefIllegal, match=re.escape("hand null, play null: kozel has no option 'deals'")):
        replay({"game": "kozel", "options": {"deals": 4}, "hands": []})
    with pytest.raises(RefIllegal, match="hand null, play null: a script is an object"):
        replay({"game": "kozel"})


# ----------------------------------------------------------------------------------- void deals
FIVE_DOUBLES = ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"]
SIX_OF_A_SUIT = ["0-1 0-2 0-3 0-4 0-5 0-6 1-2", "1-1 1-3 1-4 1-5 1-6 2-2 2-3"]
NOT_VOID = ["0-0 1-1 2-2 3-3 0-1 0-2 0-3", "0-4 0-5 1-2 1-3 1-4 2-3 2-4"]  # four doubles, five 0s at most
VOID_FOUR = [  # a four-seat Goat misdeal: seat 0 holds five doubles
    ["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"],
    ["0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4"],
    ["1-5", "1-6", "2-3", "2-4", "2-5", "2-6", "3-4"],
    ["3-5", "3-6", "4-5", "4-6", "5-5", "5-6", "6-6"],
]


@pytest.mark.parametrize("hands", [FIVE_DOUBLES, SIX_OF_A_SUIT])
def test_goat_misdeal_is_a_redeal(hands: list[str]) -> None:
    ref = _game("kozel", hands)
    report = ref.hand_report()
    assert (report["end"], report["plays"], report["finisher"], report["pips"]) == ("redeal", [], None, None)
    assert (report["written"], report["remembered"], report["eggs"], report["scores"]) == (
        None,
        [0, 0],
        0,
        [0, 0],
    )
    assert (ref.turn, ref.hand_over, ref.match_over, ref.legal_moves()) == (None, True, False, set())
    with pytest.raises(RefIllegal, match="no hand is in progress"):
        ref.play("1-1")
    # the next deal has the void deal's leader rule: order-goat, the first hand's
    dealt, pile = _deal(KOZEL_12_1, "1-1")
    ref.start_hand(dealt, pile)
    assert (ref.turn, ref.legal_moves()) == (0, {"2-2"})


def test_a_deal_just_short_of_a_misdeal_is_played() -> None:
    assert _game("kozel", NOT_VOID).hand_report()["end"] is None


def test_void_deals_in_scripts() -> None:
    """A void deal is written with no plays and reported as a redeal; with plays it is illegal at play 0."""
    with pytest.raises(RefIllegal, match=re.escape("hand 0, play 0: this deal is void")):
        replay({"game": "kozel", "hands": [{"hands": VOID_FOUR, "plays": ["1-1"]}]})
    script, expected = example("kozel", FAMILY)
    report = replay({**script, "hands": [{"hands": VOID_FOUR}, *script["hands"]]})
    assert report["hands"][0]["end"] == "redeal"
    assert mismatches(expected["hands"], report["hands"][1:]) == []
    # Sports Goat: a void deal is not one of the match's deals, and the 1-1 lead stays
    sports, _ = example("sports-kozel", FAMILY)
    report = replay({**sports, "hands": [{"hands": VOID_FOUR, "plays": []}, *sports["hands"]]})
    assert [h["end"] for h in report["hands"]] == ["redeal", "domino", "domino", "blocked"]
    assert report["hands"][1]["plays"][0] == {"seat": 0, "tile": "1-1"}
    assert report["winner"] is None


def test_sports_kozel_void_deals_do_not_count() -> None:
    rng = random.Random(3)
    ref = RefGame("sports-kozel")
    starts = 0
    while not ref.match_over:
        if starts == 1:
            dealt, _ = _deal(
                ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4", "1-5 1-6 2-3 2-4 2-5 2-6 3-4"]
            )
            dealt.append(["3-5", "3-6", "4-5", "4-6", "5-5", "5-6", "6-6"])
        else:
            seats, rest = _deal(SPORTS_DEALS[starts % 3].split(" | "))
            dealt = [*seats, rest]
        ref.start_hand(dealt, [])
        starts += 1
        while not ref.hand_over:
            ref.play(rng.choice(sorted(ref.legal_moves())))
    ends = [h["end"] for h in ref.report()["hands"]]
    assert ends[1] == "redeal" and len(ends) == 5 and ends.count("redeal") == 1


# ----------------------------------------------------------------------------------- several doubles
KOZEL_DOUBLES = ["0-0 0-3 0-5 1-1 1-4 2-3 2-6", "0-2 0-4 3-3 3-4 3-6 4-5 5-5"]
KOZEL_DOUBLES_BONEYARD = "4-4 0-6 1-5 3-5 1-3 5-6 2-4 2-5 1-2 0-1 2-2 4-6 1-6 6-6"


def test_kozel_several_doubles_one_on_each_end() -> None:
    """kozel.md §4.4: seat 1 (after drawing 4-4, 0-6, 1-5) holds 4-4 and 5-5 for the ends 4 and 5."""
    plays = ["1-1", "1-5@1-1:B", "1-4@1-1:A"]
    ref = _game(
        "kozel", KOZEL_DOUBLES, KOZEL_DOUBLES_BONEYARD, plays=plays, options={"several_doubles": True}
    )
    assert (ref.turn, ref.draws) == (1, [0, 3])
    both = "4-4@1-4:high+5-5@1-5:high"
    assert both in ref.legal_moves()
    assert "5-5@1-5:high+4-4@1-4:high" not in ref.legal_moves()  # same layout: listed once, parts sorted
    ref.play("5-5@1-5:high+4-4@1-4:high")  # any written order is accepted
    assert _plays(ref)[-1] == (1, "5-5+4-4", None, None)
    assert ref.hand(1) == {"0-2", "0-4", "3-3", "3-4", "3-6", "4-5", "0-6"}
    assert sorted(v for _, _, v in ref.open_points()) == [4, 5]
    plain = _game("kozel", KOZEL_DOUBLES, KOZEL_DOUBLES_BONEYARD, plays=plays)
    assert not any("+" in move for move in plain.legal_moves())
    with pytest.raises(RefIllegal, match="kozel allows one tile per move"):
        plain.play(both)


TELEPHONE_NO_SPINNER = [
    "0-6 1-1 1-5 2-5 3-3 3-6 5-6",
    "0-1 0-4 1-4 2-6 3-4 3-5 4-5",
    "0-0 0-2 1-6 2-2 2-3 4-6 5-5",
    "0-3 0-5 1-2 1-3 2-4 4-4 6-6",
]


def test_telephone_several_doubles_before_the_spinner() -> None:
    """The first double placed is the spinner, so the written order of a move matters while there is
    none: both orders are moves (README §2.11)."""
    plays = ["2-3", "1-3@2-3:high", "2-5@2-3:low", "0-1@1-3:low"]
    ref = _game("telephone", TELEPHONE_NO_SPINNER, plays=plays, options={"several_doubles": True})
    assert ref.turn == 2
    assert ref.legal_moves() == {
        "0-0@0-1:low",
        "0-2@0-1:low",
        "5-5@2-5:high",
        "0-0@0-1:low+5-5@2-5:high",
        "5-5@2-5:high+0-0@0-1:low",
    }
    assert ref.scores == [5, 5]  # seat 2's lead of 2-3, seat 1's 0-1 (ends 5 and 0)
    ref.play("5-5@2-5:high+0-0@0-1:low")
    assert _plays(ref)[-1] == (2, "5-5+0-0", 10, 10)  # counted once, after the whole move: 10 + 0
    assert ref.scores == [15, 5]


TELEPHONE_FOUR_ENDS = [
    "0-3 0-6 1-3 2-4 2-5 3-4 3-6",
    "0-0 0-2 0-4 0-5 2-3 4-5 5-6",
    "1-1 1-4 2-2 3-3 4-4 5-5 6-6",
    "0-1 1-2 1-5 1-6 2-6 3-5 4-6",
]


def test_telephone_several_doubles_on_three_ends() -> None:
    plays = "2-3 3-3@2-3:high 3-5@3-3:B 3-6@3-3:bB 0-2@2-3:low 5-5@3-5:high 2-6@3-6:high 1-3@3-3:bA 4-5@5-5:B"
    ref = _game("telephone", TELEPHONE_FOUR_ENDS, plays=plays, options={"several_doubles": True})
    assert [v for _, _, v in ref.open_points()] == [0, 1, 2, 4]
    three = "1-1@1-3:low+2-2@2-6:low+4-4@4-5:low"
    assert three in ref.legal_moves()
    assert "2-2@2-6:low+1-1@1-3:low" not in ref.legal_moves()  # the spinner exists: one order only
    ref.play("4-4@4-5:low+1-1@1-3:low+2-2@2-6:low")
    assert _plays(ref)[-1] == (2, "4-4+1-1+2-2", 14, 0)  # 0 + 2 + 4 + 8
    with pytest.raises(RefIllegal, match="only doubles may be placed together"):
        _game("telephone", TELEPHONE_FOUR_ENDS, plays=plays, options={"several_doubles": True}).play(
            "1-1@1-3:low+1-4@4-5:low"
        )


# ----------------------------------------------------------------------------------- illegal plays
MUGGINS_DEAL = ["0-0 1-1 1-2 1-3 2-2 4-6 6-6", "1-6 4-4 0-1 0-2 0-3 0-4 0-5"]


@pytest.mark.parametrize(
    ("game", "plays", "move", "message"),
    [
        ("muggins", "", "1-6", "tile 1-6 is not in seat 0's hand"),
        ("muggins", "", "7-7", "cannot read the play '7-7'"),
        ("muggins", "", "1-1@", "cannot read the play"),
        ("muggins", "", "1-1@0-0:C", "cannot read the play"),
        ("muggins", "", "1-1@0-0:A", "nothing is placed yet"),
        ("muggins", "", "1-1=", "the lead may not be laid lengthwise"),
        ("muggins", "6-6", "1-6", "the hand is already led"),
        ("muggins", "6-6", "1-6@5-6:low", "5-6 is not in the layout"),
        ("muggins", "6-6", "1-6@6-6:low", "6-6 has no side low"),
        ("muggins", "6-6", "1-6@6-6:bA", "branch bA of spinner 6-6 is not open"),
        ("muggins", "6-6", "4-4@6-6:A", "4-4 does not show 6, the value of 6-6:A"),
        ("muggins", "1-2 0-1@1-2:low", "0-0@0-1:low=", "0-0 is the hand's first double, the spinner"),
        ("muggins", "6-6 1-6@6-6:A", "1-1@1-6:low=+2-2@6-6:B", "muggins allows one tile per move"),
        ("muggins", "6-6 1-6@6-6:A", "4-6@6-6:A", "side A of 6-6 is already covered"),
        ("muggins", "6-6 1-6@6-6:A", "4-6@6-6:B=", "only a double may be laid lengthwise"),
        ("muggins", "6-6 1-6@6-6:A", "4-6@6-6:B#", "the suffix '#' is not allowed"),
        ("muggins", "6-6 1-6@6-6:A 1-1@1-6:low", "0-1@1-1:bA", "1-1 is not a spinner: it has no branch bA"),
        ("muggins", "6-6 1-6@6-6:A", "1-1@1-6:low+2-2@6-6:B", "muggins allows one tile per move"),
        ("block", "", "1-1", "seat 1 must lead 6-6"),
        ("block", "6-6 0-6@6-6:A", "0-1@0-6:low", "tile 0-1 is not in seat 1's hand"),
        ("block", "6-6", "0-6@6-6:B=", "block has no lengthwise doubles"),
        ("block", "6-6", "0-6@6-6:bA", "6-6 is not a spinner: it has no branch bA"),
    ],
)
def test_illegal_plays(game: str, plays: str, move: str, message: str) -> None:
    hands = (
        MUGGINS_DEAL if game == "muggins" else ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "6-6 1-6 1-1 1-2 1-3 1-4 1-5"]
    )
    ref = _game(game, hands, leader=0 if game == "muggins" else None, plays=plays)
    before = (ref.turn, ref.legal_moves(), ref.hand_report())
    with pytest.raises(RefIllegal, match=re.escape(message)):
        ref.play(move)
    assert (ref.turn, ref.legal_moves(), ref.hand_report()) == before  # nothing changed


def test_several_doubles_faults() -> None:
    options = {"several_doubles": True}
    ref = _game("telephone", TELEPHONE_NO_SPINNER, plays=["2-3", "1-3@2-3:high"], options=options)
    with pytest.raises(RefIllegal, match="tile 0-0 is not in seat 0's hand"):
        ref.play("0-0@0-1:low+5-5@2-5:high")
    ref = _game("telephone", TELEPHONE_NO_SPINNER, options=options)
    with pytest.raises(RefIllegal, match="the lead is one tile"):
        ref.play("0-0+2-2")
    plays = "2-3 3-3@2-3:high 3-5@3-3:B 3-6@3-3:bB 0-2@2-3:low 5-5@3-5:high 2-6@3-6:high 1-3@3-3:bA 4-5@5-5:B"
    ref = _game("telephone", TELEPHONE_FOUR_ENDS, plays=plays, options=options)
    with pytest.raises(RefIllegal, match="each double of a move goes on a different point"):
        ref.play("1-1@1-3:low+4-4@1-3:low")
    with pytest.raises(RefIllegal, match="4-4 does not show 2, the value of 2-6:low"):
        ref.play("1-1@1-3:low+4-4@2-6:low")


def test_play_when_no_hand_is_in_progress_or_the_match_is_over() -> None:
    ref = RefGame("block")
    assert (ref.turn, ref.hand_over, ref.legal_moves(), ref.boneyard_left) == (None, True, set(), 0)
    with pytest.raises(RefIllegal, match="no hand is in progress"):
        ref.play("6-6")
    with pytest.raises(ValueError, match="no hand has been dealt"):
        ref.hand_report()
    picture = _game("picture", PICTURE_12_1, boneyard="0-5 0-0", plays=PICTURE_12_1_PLAYS)
    while not picture.hand_over:
        picture.play(sorted(picture.legal_moves())[0])
    assert picture.match_over
    with pytest.raises(RefIllegal, match="the match is over"):
        picture.play("0-5@0-6:low")
    with pytest.raises(RefIllegal, match="the match is over: no hand may follow"):
        picture.start_hand(*_deal(PICTURE_12_1))


@pytest.mark.parametrize(
    ("hands", "boneyard", "leader", "message"),
    [
        (["0-0 0-1 0-2 0-3 0-4 0-5", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"], None, 0, "seat 0 must be dealt 7 tiles"),
        (["0-0 0-1 0-2 0-3 0-4 0-5 0-5", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"], None, 0, "a tile is dealt twice"),
        (["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 0-6"], None, 0, "a tile is dealt twice"),
        (
            ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"],
            [],
            0,
            "must hold all 28 tiles; missing: 2-3",
        ),
        (
            ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"],
            None,
            None,
            "the leader must be given",
        ),
        (["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"], None, 2, "leader 2 is not a seat"),
        (
            ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"],
            None,
            "0",
            "leader '0' is not a seat",
        ),
        (["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"], ["x"], 0, "'x' is not a tile"),
    ],
)
def test_illegal_deals(hands: list[str], boneyard: list[str] | None, leader: Any, message: str) -> None:
    dealt, pile = _deal(hands)
    if boneyard == ["x"]:
        boneyard = ["x", *pile[1:]]
    with pytest.raises(RefIllegal, match=re.escape(message)):
        RefGame("muggins").start_hand(dealt, pile if boneyard is None else boneyard, leader)


def test_a_hand_in_progress_must_end_first() -> None:
    ref = _game("muggins", MUGGINS_DEAL, leader=0, plays="6-6")
    with pytest.raises(RefIllegal, match="the hand in progress has not ended"):
        ref.start_hand(*_deal(MUGGINS_DEAL), 0)


def test_script_faults_name_their_hand_and_play() -> None:
    script, _ = example("block", FAMILY)
    first = script["hands"][0]
    cut = {**first, "plays": first["plays"][:3]}
    with pytest.raises(RefIllegal, match=re.escape("hand 1, play null: hand 0 has not ended")):
        replay({**script, "hands": [cut, script["hands"][1]]})
    extra = {**first, "plays": [*first["plays"], "4-5@0-0:B"]}
    with pytest.raises(RefIllegal, match=re.escape("hand 0, play 8: the hand has ended")):
        replay({**script, "hands": [extra]})
    wrong = {**first, "plays": ["6-6", "6-6@1-6:low"]}
    with pytest.raises(RefIllegal, match=re.escape("hand 0, play 1: tile 6-6 is not in seat 0's hand")):
        replay({**script, "hands": [wrong]})
    led = {**script["hands"][1], "leader": 0}
    with pytest.raises(RefIllegal, match=re.escape("hand 1, play null: the leader is seat 1")):
        replay({**script, "hands": [first, led]})
    whole, _ = example("all-fives-whole", FAMILY)
    with pytest.raises(RefIllegal, match=re.escape("hand 8, play null: the match is over")):
        replay({**whole, "hands": [*whole["hands"], whole["hands"][0]]})
    with pytest.raises(
        RefIllegal, match=re.escape("hand 0, play null: muggins is played by 2, 3, 4 seats, not 1")
    ):
        replay({"game": "muggins", "hands": [{"hands": [["0-0"]], "plays": []}]})
    with pytest.raises(
        RefIllegal, match=re.escape("hand 1, play null: a deal of block with 2 seats has 2 hands")
    ):
        replay({**script, "hands": [first, {**script["hands"][1], "hands": [[], [], []]}]})


# ----------------------------------------------------------------------------------- leaders
def test_leaders_after_a_block() -> None:
    """A lot again in the Fives games; rotation in Fives and Threes; the first rule in Telephone."""
    ft = _game(
        "fives-and-threes",
        ["0-6 1-3 2-6 3-3 6-6", "0-2 1-1 2-4 4-4 4-5", "0-4 0-5 1-4 1-5 2-2", "1-6 2-3 2-5 3-4 5-5"],
        boneyard="4-6 5-6 0-1 3-6 1-2 0-3 0-0 3-5",
        leader=1,
        plays="0-2 0-5@0-2:low 2-5@0-5:high 2-6@2-5:low 2-4@0-2:high 0-4@2-4:high 1-6@2-6:high 1-3@1-6:low "
        "3-4@1-3:high 0-6@0-4:low 4-5@3-4:high 1-5@4-5:high 6-6@0-6:high 1-1@1-5:low 1-4@1-1:B 4-4@1-4:high",
    )
    assert ft.hand_report()["end"] == "blocked"
    assert not ft.needs_leader
    ft.start_hand(
        *_deal(
            MUGGINS_DEAL[:1] * 0
            + ["0-0 0-1 0-2 0-3 0-4", "1-1 1-2 1-3 1-4 1-5"] * 1
            + ["2-2 2-3 2-4 2-5 2-6", "3-3 3-4 3-5 3-6 4-4"]
        )
    )
    assert ft.turn == 2  # the seat after the last leader, seat 1
    fives = RefGame("all-fives")
    assert fives.needs_leader
    dealt, pile = _deal(["0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2", "1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6"])
    with pytest.raises(RefIllegal, match="chosen by a lot: the leader must be given"):
        fives.start_hand(dealt, pile)
    fives.start_hand(dealt, pile, 1)
    assert fives.turn == 1 and len(fives.legal_moves()) == 9  # any tile


def test_seven_rocks_leader_after_a_domino_is_the_finisher() -> None:
    script, expected = example("match3")
    assert expected["hands"][0]["end"] == "domino"
    finisher = expected["hands"][0]["finisher"]
    hands = [script["hands"][0], {**script["hands"][1], "leader": (finisher + 1) % 4}]
    with pytest.raises(RefIllegal, match=re.escape(f"hand 1, play null: the leader is seat {finisher}")):
        replay({**script, "hands": hands})


# ----------------------------------------------------------------------------------- random matches
RANDOM_TABLES = [
    ("seven-rocks", {}, 4),
    ("block", {}, 2),
    ("block", {}, 3),
    ("block", {"partnerships": True, "lone_blank": 0}, 4),
    ("draw", {}, 2),
    ("draw", {"reserve": 2}, 3),
    ("draw", {"partnerships": True}, 4),
    ("kozel", {}, 2),
    ("kozel", {"lone_blank": 10, "reserve": 0}, 3),
    ("kozel", {"several_doubles": True}, 4),
    ("kozel-125", {"remember": True}, 3),
    ("sports-kozel", {}, 4),
    ("telephone", {"several_doubles": True}, 2),
    ("telephone", {"target": 150}, 4),
    ("muggins", {}, 2),
    ("muggins", {"target": 100}, 4),
    ("all-fives", {}, 3),
    ("all-fives", {"partnerships": False}, 4),
    ("five-up", {}, 2),
    ("five-up", {}, 4),
    ("fives-and-threes", {}, 4),
    ("fives-and-threes", {"exact": False, "partnerships": False}, 4),
    ("fives-and-threes", {"target": 31}, 3),
    ("all-threes", {}, 2),
    ("picture", {}, 3),
]


def _scramble(move: str, rng: random.Random) -> str:
    """The same move written another legal way: parts in any order, tiles' halves either way round."""
    parts = move.split("+")
    rng.shuffle(parts)
    return "+".join(
        re.sub(r"(\d)-(\d)", lambda m: m[0] if rng.random() < 0.5 else f"{m[2]}-{m[1]}", p) for p in parts
    )


def _check_state(ref: RefGame) -> None:
    """Tiles are neither lost nor made; a seat on turn holds tiles and has a move."""
    placed = sum(len(p["tile"].split("+")) for p in ref.hand_report()["plays"])
    held = sum(len(ref.hand(seat)) for seat in range(ref.seats))
    assert held + placed + ref.boneyard_left == 28
    if ref.turn is not None:
        assert ref.hand(ref.turn) and ref.legal_moves()


@pytest.mark.parametrize(("game", "options", "seats"), RANDOM_TABLES)
def test_random_match_replays_to_the_report_it_made(game: str, options: dict[str, Any], seats: int) -> None:
    """Random legal play through :class:`RefGame`, written as a script (moves written any legal way) and
    replayed: the same report. Stepping and replaying are the same state machine, so this checks the
    script reading, the forced steps between plays and the notation's freedoms."""
    rng = random.Random(f"{game} {options} {seats}")
    ref = RefGame(game, options, seats)
    script: dict[str, Any] = {"game": game, "options": options, "hands": []}
    while not ref.match_over and len(script["hands"]) < 30:
        tiles = [tile_text(t) for t in sorted(FULL_SET)]
        rng.shuffle(tiles)
        size = ref.rules.deal[seats]
        hands = [tiles[i * size : (i + 1) * size] for i in range(seats)]
        entry: dict[str, Any] = {"hands": hands, "boneyard": tiles[seats * size :], "plays": []}
        if ref.needs_leader:
            entry["leader"] = rng.randrange(seats)
        ref.start_hand(hands, entry["boneyard"], entry.get("leader"))
        while not ref.hand_over:
            _check_state(ref)
            move = _scramble(rng.choice(sorted(ref.legal_moves())), rng)
            ref.play(move)
            entry["plays"].append(move)
        _check_state(ref)
        script["hands"].append(entry)
    assert replay(script) == ref.report()


# ----------------------------------------------------------------------------------- reserve, targets
DRAW_RESERVE = ["0-2 0-6 1-4 1-6 3-3 3-5 5-5", "0-0 0-3 0-5 1-1 1-2 3-4 4-5"]
DRAW_RESERVE_BONEYARD = "0-4 2-4 3-6 6-6 2-6 5-6 0-1 2-3 2-2 1-5 1-3 4-6 2-5 4-4"
DRAW_RESERVE_PLAYS = "5-5 0-5@5-5:A 0-6@0-5:low 4-5@5-5:B 1-6@0-6:high 3-4@4-5:low 1-4@1-6:low 0-3@3-4:low "
DRAW_RESERVE_PLAYS += "0-2@0-3:low 1-2@0-2:high 0-4@1-4:high 0-0@0-4:low 0-1@1-2:low"


def test_draw_reserve_tiles_are_never_drawn() -> None:
    """draw.md §2.3: with ``reserve`` 2 the boneyard's last two tiles stay; the hand blocks with them left.
    (A hand found by random play; the same plays without the reserve draw them.)"""
    kept = _game(
        "draw", DRAW_RESERVE, DRAW_RESERVE_BONEYARD, plays=DRAW_RESERVE_PLAYS, options={"reserve": 2}
    )
    drawn = _game("draw", DRAW_RESERVE, DRAW_RESERVE_BONEYARD, plays=DRAW_RESERVE_PLAYS)
    assert (kept.hand_report()["end"], kept.draws, kept.boneyard_left) == ("blocked", [7, 5], 2)
    assert (drawn.hand_report()["end"], drawn.draws, drawn.boneyard_left) == ("blocked", [7, 7], 0)
    assert "2-5" in drawn.hand(1) and "4-4" in drawn.hand(1)
    assert (kept.hand_report()["award"], drawn.hand_report()["award"]) == (
        [0, 29],
        [0, 14],
    )  # 60 - 31; 60 - (31 + 2-5 + 4-4)


def test_telephone_both_sides_over_the_target_is_a_draw() -> None:
    """telephone.md §9.1 through a replay: the whole match's first hand leaves 40 and 45."""
    script, expected = example("telephone-whole", FAMILY)
    assert expected["hands"][0]["scores"] == [40, 45]
    first = script["hands"][:1]
    for target, winner in ((40, "draw"), (41, 1), (46, None)):
        report = replay({**script, "options": {"target": target}, "hands": first})
        assert (report["hands"][0]["end"], report["winner"]) == ("domino", winner)
    with pytest.raises(RefIllegal, match=re.escape("hand 1, play null: the match is over")):
        replay({**script, "options": {"target": 40}, "hands": script["hands"][:2]})
