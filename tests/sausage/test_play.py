"""``sevenrocks play --game sausage``: a person against a bot in the terminal, from standard input.

Matches are played to their end from piped input; the transcript shows the turned tile, the two lines
with their ends, the queue sizes, the doubles set aside and the ways the tile can go; the record is
saved and read back; quitting, the end of input and a failing bot end the match as in the other games.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from sevenrocks.bots.sausage import RandomSausageBot
from sevenrocks.cli import play_sausage
from sevenrocks.cli.app import app
from sevenrocks.cli.play_sausage import parse_way
from sevenrocks.cli.sausage_text import deal_end_lines, position_text, turn_text
from sevenrocks.core.record import MatchEnd
from sevenrocks.core.sausage import SausageMatch, SausageMove, SausageView, load_sausage_record
from tests.sausage.common import deal

runner = CliRunner()


def play(*args: str, answers: str = "1\n" * 2000) -> Result:
    return runner.invoke(app, ["play", "--game", "sausage", *args], input=answers, env={"COLUMNS": "120"})


def test_a_whole_match_from_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    result = play("--seed", "3", "--record", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Sausage · 2 seats · seed 3 · target 101 · you are seat 0; your opponent is random")
    assert "starts (drawn by lot)" in out and "the start tile, top" in out
    assert "table: start tile" in out and "  top     " in out and "  bottom  " in out and "→" in out
    assert re.search(r"^queues: seat 0 human \(you\): \d+ tiles.* · seat 1 random: \d+ tiles", out, re.M)
    assert "seat 0 human (you) turned " in out and "where it can go" in out and "your move" in out
    assert "set aside: " in out and "wins the deal" in out and "scores " in out
    assert "match over" in out and f"the record is saved to {path}" in out
    record = load_sausage_record(path)
    assert record.end is MatchEnd.TARGET and record.players == ("human", "random")
    assert max(record.scores) >= 101 and record.metadata["program"].endswith(" play")
    winner = record.winner
    assert ("you win" in out) == (winner == 0) and ("seat 1 random wins" in out) == (winner == 1)
    again = play("--seed", "3", "--no-record")
    assert again.output.split("match over")[0] == out.split("match over")[0]  # the seed decides everything


def test_ways_by_name_and_move_and_wrong_answers() -> None:
    answers = "\n".join(["?", "9", "x", "7-7:top", "6-6:cut", "top", "c", "q"]) + "\n"
    result = play("--seed", "5", "--no-record", "--seat1", "greedy", answers=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "there is no way 9: choose 1 to" in out
    assert "'x' is not a choice" in out
    assert "'7-7:top' is not a choice" in out
    assert "6-6:cut is not legal: 6-6:cut: seat 0 has turned 4-6, not 6-6" in out  # the engine's reason
    assert "4-6 cannot go top: it can go bottom" in out and "4-6 cannot go cut: it can go bottom" in out
    assert "match stopped: the player at seat 0 quit" in out


def test_quitting_and_the_end_of_input_save_an_abandoned_record(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    result = play("--seed", "2", "--record", str(path), answers="1\n1\nq\n")
    assert result.exit_code == 0 and "the record so far is saved to" in result.output
    record = load_sausage_record(path)
    assert record.end is MatchEnd.ABANDONED and record.reason == "the player at seat 0 quit"
    result = play("--seed", "2", "--record", str(path), "--overwrite", answers="1\n")
    assert result.exit_code == 0 and load_sausage_record(path).reason == "the input ended"
    refused = play("--seed", "2", "--record", str(path), answers="1\n")
    assert refused.exit_code == 2 and "already exists" in refused.output


class _Failing(RandomSausageBot):
    name = "failing"

    def choose(self, view: SausageView) -> SausageMove:
        raise RuntimeError("boom")


def test_a_failing_bot_forfeits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_sausage, "make_bot", lambda *a, **k: _Failing(1))
    path = tmp_path / "f.json"
    result = play("--seed", "4", "--record", str(path))
    assert result.exit_code == 1, result.output
    assert "seat 1 (random) failed: boom" in result.output and "wins by forfeit" in result.output
    record = load_sausage_record(path)
    assert (record.end, record.winner) == (MatchEnd.FORFEIT, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--partner", "greedy"], "error: --partner: sausage with 2 seats has no seat 2"),
        (["--seat3", "greedy"], "error: --seat3: sausage with 2 seats has no seat 3"),
        (["--seats", "3"], "sausage is played by 2 seats, not 3"),
        (["--seat1", "expert"], "error: seat 1: bot 'expert' does not play sausage"),
        (["--option", "colour=red"], "sausage has no option 'colour'"),
        (["--record", "x.json", "--no-record"], "give --record PATH or --no-record, not both"),
    ],
)
def test_refusals_are_one_line(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output and result.output.count("\n") == 1


def test_target_and_options() -> None:
    result = play("--seed", "8", "--no-record", "--target", "30", "--seat1", "search:iterations=2")
    assert result.exit_code == 0, result.output
    assert "options target=30" in result.output and "target 30" in result.output


def test_parse_way() -> None:
    moves = [SausageMove.parse("4-6:top"), SausageMove.parse("4-6:bottom"), SausageMove.parse("4-6:cut")]
    assert [parse_way(t, moves) for t in ("1", "b", "CUT", "6-4:bottom")] == [
        moves[0],
        moves[1],
        moves[2],
        moves[1],
    ]
    with pytest.raises(ValueError, match=r"^$"):
        parse_way("1-2:top", moves)
    with pytest.raises(ValueError, match="there is no way 0"):
        parse_way("0", moves)


def test_the_position_and_turns_in_words() -> None:
    match = deal(moves="5-6:bottom 2-4:top 4-6:cut")
    view = match.view(0)
    text = position_text(view, names=("ann", "bob"))
    assert text.splitlines()[0] == "deal 1 · seat 0 ann (you): 0 · seat 1 bob: 0 · target 101"
    assert "table: start tile 4-6 (top 4, bottom 6)\n  top     4| → 4\n  bottom  6| → 6" in text
    assert "set aside: 3-3" in text
    assert (
        "queues: seat 0 ann (you): 12 tiles (known at the back: 1-3) · "
        "seat 1 bob: 14 tiles (known at the back: 2-5 5-6 2-4)" in text
    )
    assert (
        "seat 0 ann (you) turned 4-4\nwhere it can go\n  1. 4-4:top  into the top line (its end stays 4)"
        in text
    )
    turns = [turn_text(t, me=1, names=("ann", "bob")) for t in match.turns]
    assert turns[:6] == [
        "seat 0 ann turns 2-5: the start tile, top 2, bottom 5",
        "seat 1 bob (you) plays 5-6:bottom",
        "seat 0 ann turns 1-3: it fits nowhere and goes to the back of the queue",
        "seat 1 bob (you) plays 2-4:top",
        "seat 0 ann plays 4-6:cut: cuts the sausage, 3 tiles to the back of the queue of seat 1 bob (you)",
        "seat 1 bob (you) turns 3-3: a double that fits nowhere, set aside",
    ]


def test_deal_end_in_words() -> None:
    match = SausageMatch(seed=39)
    match.start_deal()
    bot = RandomSausageBot(1)
    while match.in_deal:
        assert match.turn is not None
        match.push(bot.choose(match.view(match.turn)))
    result = match.result
    assert result is not None
    lines = deal_end_lines(result, target=101, aside=match.aside)
    assert "wins the deal" in " ".join(lines) and lines[-1].endswith("target 101")
    assert any(line.startswith("  seat 0: ") for line in lines)


def test_a_bot_program_as_the_opponent(tmp_path: Path) -> None:
    program = Path(__file__).resolve().parents[2] / "examples" / "bots" / "first_legal.py"
    path = tmp_path / "p.json"
    result = play("--seed", "4", "--record", str(path), "--seat1", f"cmd:{sys.executable} {program}")
    assert result.exit_code == 0, result.output
    record = load_sausage_record(path)
    assert record.end is MatchEnd.TARGET and record.players[1].startswith("cmd:")
