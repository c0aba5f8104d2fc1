"""Sausage scripts (conformance README, "Sausage"): the examples replay, illegal scripts name hand and move.

``sevenrocks replay`` dispatches a script with ``"game": "sausage"`` to the Sausage engine
(:func:`sevenrocks.core.script.replay`); every report is also the reference model's.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.sausage.script import replay_sausage, replay_sausage_match
from sevenrocks.core.script import error_report, replay, replay_match, replay_text
from tests.conformance_data import example, example_path
from tests.reference.family import replay as ref_replay
from tests.reference.family.errors import RefIllegal

from .common import QUEUES_12_1

#: The conformance README's example: the first turns of ``sausage.md`` §12.1, stopped after 4-4.
README_SCRIPT: dict[str, Any] = {
    "game": "sausage",
    "hands": [
        {
            "queues": [list(QUEUES_12_1[0]), list(QUEUES_12_1[1])],
            "starter": 0,
            "moves": ["5-6:bottom", "2-4:top", "4-6:cut", "4-4:top"],
        }
    ],
}
README_REPORT: dict[str, Any] = {
    "hands": [
        {
            "moves": [
                {"seat": 1, "tile": "5-6", "way": "bottom", "gave": 0},
                {"seat": 1, "tile": "2-4", "way": "top", "gave": 0},
                {"seat": 0, "tile": "4-6", "way": "cut", "gave": 3},
                {"seat": 0, "tile": "4-4", "way": "top", "gave": 0},
            ],
            "turns": 9,
            "aside": ["3-3", "0-0"],
            "end": None,
            "winner": None,
            "pips": None,
            "queues": [11, 13],
            "award": None,
            "scores": [0, 0],
        }
    ],
    "scores": [0, 0],
    "winner": None,
}


def test_the_readme_example() -> None:
    assert replay(README_SCRIPT) == README_REPORT == ref_replay(README_SCRIPT)
    match = replay_sausage_match(README_SCRIPT)
    assert (match.turn, str(match.turned)) == (1, "1-6")


def test_the_family_example_whole_match() -> None:
    script, expected = example("sausage", "examples/family")
    assert replay(script) == expected == ref_replay(script)
    assert replay_text(example_path("sausage", "examples/family").read_bytes()) == expected


def test_the_example_through_the_command_line() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sevenrocks",
            "replay",
            "--json",
            str(example_path("sausage", "examples/family")),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == example("sausage", "examples/family")[1]
    bad = copy.deepcopy(README_SCRIPT)
    bad["hands"][0]["moves"][2] = "4-6:top+"
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "replay", "-"],
        input=json.dumps(bad),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    error = json.loads(run.stdout)["error"]
    assert (error["hand"], error["play"]) == (0, 2)
    assert "is not a Sausage move" in error["message"]


def test_the_layout_engine_path_refuses_sausage() -> None:
    with pytest.raises(RecordError, match="sausage is not played by the layout engine"):
        replay_match(README_SCRIPT)


def _with(change: Any) -> dict[str, Any]:
    script = copy.deepcopy(README_SCRIPT)
    change(script)
    return script


def _second_deal(script: dict[str, Any]) -> None:
    script["hands"].append({"queues": script["hands"][0]["queues"], "moves": []})


def _finished(script: dict[str, Any]) -> dict[str, Any]:
    """The family example's first deal alone (it ends: seat 0 is out)."""
    whole, _ = example("sausage", "examples/family")
    return {"game": "sausage", "hands": [copy.deepcopy(whole["hands"][0])]}


ILLEGAL: list[tuple[str, Any, tuple[int | None, int | None], str]] = [
    (
        "wrong tile",
        lambda s: s["hands"][0]["moves"].__setitem__(1, "2-6:top"),
        (0, 1),
        "seat 1 has turned 2-4, not 2-6",
    ),
    (
        "end",
        lambda s: s["hands"][0]["moves"].__setitem__(1, "2-4:bottom"),
        (0, 1),
        "2-4:bottom: the bottom end is 6 and 2-4 shows no 6",
    ),
    (
        "double",
        lambda s: s["hands"][0]["moves"].__setitem__(3, "4-4:bottom"),
        (0, 3),
        "the double 4-4 goes only into a line whose values include 4; the bottom line's values are 6",
    ),
    (
        "cut empty",
        lambda s: s["hands"][0]["moves"].__setitem__(0, "5-6:cut"),
        (0, 0),
        "cannot cut while the top and bottom lines are empty",
    ),
    (
        "cut ends",
        lambda s: s["hands"][0].__setitem__("moves", ["5-6:bottom", "2-4:top", "4-6:top", "4-4:cut"]),
        (0, 3),
        "a cut needs a tile whose halves are the two ends, 6 (top) and 6 (bottom); 4-4 is not",
    ),
    (
        "notation",
        lambda s: s["hands"][0]["moves"].__setitem__(0, "5-6"),
        (0, 0),
        "'5-6' is not a Sausage move",
    ),
    (
        "not text",
        lambda s: s["hands"][0]["moves"].__setitem__(0, 56),
        (0, 0),
        "a move is text like '5-6:bottom'",
    ),
    (
        "no starter",
        lambda s: s["hands"][0].pop("starter"),
        (0, None),
        "'starter' is required for the first deal",
    ),
    (
        "bad starter",
        lambda s: s["hands"][0].__setitem__("starter", 2),
        (0, None),
        "the starter is seat 0 or 1, not 2",
    ),
    (
        "short queue",
        lambda s: s["hands"][0]["queues"][1].pop(),
        (0, None),
        "seat 1's queue holds 13 tiles: each queue holds 14",
    ),
    ("no queues", lambda s: s["hands"][0].pop("queues"), (0, None), "'queues' must list the two queues"),
    (
        "moves not a list",
        lambda s: s["hands"][0].__setitem__("moves", "5-6:bottom"),
        (0, None),
        "'moves' must be a list",
    ),
    ("unfinished deal", _second_deal, (1, None), "deal 0 has not ended (seat 1 is to place 1-6)"),
    (
        "top-level target",
        lambda s: s.__setitem__("target", 50),
        (None, None),
        "sausage takes its target in 'options'",
    ),
    (
        "bad option",
        lambda s: s.__setitem__("options", {"target": 0}),
        (None, None),
        "sausage option 'target' must be a positive whole number, not 0",
    ),
    ("deal not an object", lambda s: s["hands"].__setitem__(0, []), (0, None), "each deal is a JSON object"),
]


@pytest.mark.parametrize(
    ("change", "where", "message"), [c[1:] for c in ILLEGAL], ids=[c[0] for c in ILLEGAL]
)
def test_illegal_scripts_name_deal_and_move(
    change: Any, where: tuple[int | None, int | None], message: str
) -> None:
    script = _with(change)
    with pytest.raises(SevenRocksError) as caught:
        replay(script)
    err = caught.value
    assert (err.hand, err.play) == where
    assert message in err.reason
    report = error_report(err)["error"]
    assert (report["hand"], report["play"]) == where
    with pytest.raises(RefIllegal) as ref:  # the reference model refuses it at the same place
        ref_replay(script)
    assert (ref.value.hand, ref.value.play) == where


def test_after_the_end_of_a_deal_and_of_the_match() -> None:
    script = _finished({})
    ended = len(script["hands"][0]["moves"])
    script["hands"][0]["moves"].append("1-1:top")
    with pytest.raises(
        RecordError, match=r"'1-1:top': the deal has already ended \(seat 0's queue is empty\)"
    ) as caught:
        replay(script)
    assert (caught.value.hand, caught.value.play) == (0, ended)
    script = _finished({})
    script["options"] = {"target": 10}
    assert replay_sausage(script)["winner"] == 0
    script["hands"].append(copy.deepcopy(script["hands"][0]))
    with pytest.raises(
        RecordError, match="no deal may follow deal 0, in which seat 0 reached the target 10"
    ) as caught:
        replay(script)
    assert (caught.value.hand, caught.value.play) == (1, None)
    follows = _finished({})
    follows["hands"].append({"queues": README_SCRIPT["hands"][0]["queues"], "starter": 1})
    with pytest.raises(
        SevenRocksError, match="seat 1 cannot start: seat 0 won deal 0, so seat 0 starts"
    ) as caught:
        replay(follows)
    assert (caught.value.hand, caught.value.play) == (1, None)
    follows["hands"][1]["starter"] = 0
    assert replay(follows) == ref_replay(follows)
