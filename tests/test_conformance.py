"""The worked positions of the rule texts and the example matches (``tests/conformance/``)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from sevenrocks.core import Layout, Play, placement_points

from .conformance_data import example, example_path


def test_seed_position_every_step(seed_case: dict[str, Any]) -> None:
    case = seed_case
    layout = Layout()
    assert [s["after"] for s in case["steps"]] == case["plays"]
    for step in case["steps"]:
        total = layout.place(Play.parse(step["after"]))
        points = sorted([str(p.anchor), p.side.notation, p.value] for p in layout.points)
        assert points == sorted(step["connection_points"]), step["after"]
        counted = sorted([str(tile), n] for tile, n in layout.counted())
        assert counted == sorted(step["counted"]), step["after"]
        assert total == layout.ends_total == step["ends_total"]
        assert sum(n for _, n in layout.counted()) == step["ends_total"]
        assert placement_points(total) == step["points"]


def test_example_through_cli(conformance_example: tuple[str, Any, Any]) -> None:
    name, _, expected = conformance_example
    script = example_path(name)
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "replay", "--json", str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(run.stdout)
    if "error" in expected:
        assert run.returncode == 2
        assert set(report) == {"error"}
        for key, value in expected["error"].items():
            assert report["error"][key] == value
        assert report["error"]["message"]
        assert "Traceback" not in run.stderr
    else:
        assert run.returncode == 0, run.stdout
        assert report == expected


def test_example_from_stdin() -> None:
    script, expected = example("partial")
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "replay", "-"],
        input=json.dumps(script),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert json.loads(run.stdout) == expected
