"""Every worked example of ``sausage.md`` §12 (the repository's copy, ``tests/games/sausage.md``), against
the Sausage engine.

``sausage.md`` §12.1 is played turn by turn through :class:`~sevenrocks.core.sausage.SausageMatch`.
§12.2 states two settlements whose positions cannot occur in a real deal (see
:func:`test_sausage_12_2_settlement`): their arithmetic goes through the engine's own settlement
(:func:`~sevenrocks.core.sausage.match.settle_deal`, what the match calls when a deal ends), and real
deals of both kinds, found by seed, show the same rule through the match.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from sevenrocks.core.games import Engine, find_game
from sevenrocks.core.sausage import DealEnd, SausageMatch, Turn, Went
from sevenrocks.core.sausage.match import settle_deal
from sevenrocks.core.tiles import TILES, Tile

from .common import QUEUES_12_1, deal, texts

RULES_FILE = Path(__file__).resolve().parents[1] / "games" / "sausage.md"
T = Tile.parse


def _moves(match: SausageMatch) -> list[str]:
    return [str(m) for m in match.legal_moves()]


# ----------------------------------------------------------------------------------- the examples' list
def test_every_worked_example_has_its_test() -> None:
    """Each ``12.N`` of ``sausage.md`` is a test ``test_sausage_12_<N>_...`` here."""
    section = RULES_FILE.read_text(encoding="utf-8").split("## 12. Worked examples", 1)[1]
    found = re.findall(r"^12\.(\d+) ([^.]+)\.", section, re.M)
    assert [number for number, _ in found] == ["1", "2"]
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    for number, title in found:
        prefix = f"test_sausage_12_{number}_"
        assert any(n.startswith(prefix) for n in names), f"sausage.md §12.{number} ({title}): no {prefix}..."


# ----------------------------------------------------------------------------------- §12.1
def test_sausage_12_1_the_first_turns() -> None:
    match = deal(QUEUES_12_1, starter=0)
    # turn 1, seat 0: the start tile 2-5, its low half on top
    assert match.turns[0] == Turn(0, T("2-5"), Went.START)
    assert match.table.start == T("2-5") and match.table.ends == (2, 5)
    # turn 2, seat 1: 5-6 fits the bottom end only
    assert (match.turn, str(match.turned), _moves(match)) == (1, "5-6", ["5-6:bottom"])
    match.push_notation("5-6:bottom")
    assert match.table.ends == (2, 6)
    # turn 3, seat 0: 1-3 fits nothing (ends 2 and 6): to the back of seat 0's queue (forced)
    assert match.turns[2] == Turn(0, T("1-3"), Went.BACK)
    assert texts(match.queue(0))[-1] == "1-3" and len(match.queue(0)) == 13
    # turn 4, seat 1: 2-4 fits the top end only
    assert (match.turn, _moves(match)) == (1, ["2-4:top"])
    match.push_notation("2-4:top")
    assert match.table.ends == (4, 6)
    # turn 5, seat 0: 4-6 on top, on the bottom, or cut
    assert (match.turn, _moves(match)) == (0, ["4-6:top", "4-6:bottom", "4-6:cut"])
    cut = match.push_notation("4-6:cut")
    assert cut == Turn(0, T("4-6"), Went.CUT, 3)
    assert texts(match.queue(1))[-3:] == ["2-5", "5-6", "2-4"]  # in the order they were laid
    table = match.table
    assert table.start == T("4-6") and table.ends == (4, 6) and table.laid == (T("4-6"),)
    assert (table.top.start_half, table.bottom.start_half, len(table.top), len(table.bottom)) == (4, 6, 0, 0)
    assert not table.can_cut
    # seat 0 has 12 tiles, seat 1 15; then turn 6, seat 1: 3-3 fits no line and cannot cut: set aside
    assert len(match.queue(0)) == 12
    assert match.turns[-1] == Turn(1, T("3-3"), Went.ASIDE)
    assert match.aside == (T("3-3"),) and len(match.queue(1)) == 15 - 1
    # turn 7, seat 0: 4-4 goes into the top line, whose values are just 4
    assert (match.turn, str(match.turned), _moves(match)) == (0, "4-4", ["4-4:top"])
    assert table.top.values == frozenset({4}) and table.bottom.values == frozenset({6})
    match.push_notation("4-4:top")
    assert match.table.ends == (4, 6) and match.table.top.tiles == (T("4-4"),)
    assert match.table.top.values == frozenset({4})


# ----------------------------------------------------------------------------------- §12.2
def _random_deal(seed: int) -> SausageMatch:
    rng = random.Random(seed)
    match = SausageMatch(seed=seed)
    match.start_deal()
    while match.in_deal:
        match.push(rng.choice(match.legal_moves()))
    return match


def _odd_numbers(left: tuple[Tile, ...]) -> set[int]:
    """The numbers shown an odd number of times by the non-doubles of all 28 tiles but ``left``."""
    held = set(left)
    return {
        v for v in range(7) if sum(1 for t in TILES if t not in held and not t.is_double and t.has(v)) % 2
    }


def test_sausage_12_2_settlement() -> None:
    """The example's numbers, through the engine's settlement; real deals of both kinds through a match.

    Neither position of the example can occur. A line pairs the halves at its joints, the start tile's
    halves begin the lines, and doubles add two halves of one number: so among the non-doubles on the
    table every number shows an even number of times but the ends'. When a seat is out every non-double
    is on the table but the loser's; when a deal is blocked every queue holds only non-doubles (a double
    turned is placed or set aside) with no end's number, each number an even number of times, hence an
    even number of pips. Seat 0 holding 0-3, 2-6 and 5-5 leaves 0, 2, 3 and 6 odd on the table (four
    numbers, two ends); 19 + 30 pips is odd. Random deals check both facts below.
    """
    rules = find_game("sausage").rules(engine=Engine.SAUSAGE)
    held = (T("0-3"), T("2-6"), T("5-5"))
    assert sum(t.pips for t in held) == 21
    assert settle_deal(rules, DealEnd.OUT, 1, (21, 0), (0, 0)) == (1, (0, 21), (0, 21))
    assert settle_deal(rules, DealEnd.BLOCKED, None, (19, 30), (0, 0)) == (0, (11, 0), (11, 0))
    assert settle_deal(rules, DealEnd.BLOCKED, None, (30, 19), (5, 5)) == (1, (0, 11), (5, 16))
    assert settle_deal(rules, DealEnd.BLOCKED, None, (12, 12), (5, 5)) == (None, (0, 0), (5, 5))
    assert _odd_numbers(held) == {0, 2, 3, 6}

    found = {DealEnd.OUT: False, DealEnd.BLOCKED: False, "tie": False}
    for seed in range(400):
        match = _random_deal(seed)
        result = match.result
        assert result is not None
        pips, award = result.pips, result.award
        if result.end is DealEnd.OUT:
            winner = result.winner
            assert winner is not None and pips[winner] == 0
            assert award[winner] == pips[1 - winner] and award[1 - winner] == 0
            assert len(_odd_numbers(result.left[1 - winner])) <= 2  # why 0-3, 2-6, 5-5 cannot be left
            found[DealEnd.OUT] = True
        else:
            assert sum(pips) % 2 == 0  # why 19 and 30 cannot be left
            assert not any(t.is_double for queue in result.left for t in queue)
            if pips[0] == pips[1]:
                assert result.winner is None and award == (0, 0)
                found["tie"] = True
            else:
                low = 0 if pips[0] < pips[1] else 1
                assert result.winner == low and award[low] == pips[1 - low] - pips[low]
                found[DealEnd.BLOCKED] = True
        assert match.scores == award  # one deal: the scores are its award
    assert all(found.values()), found
