"""The worked positions of the rule texts and the example matches, read from shared/ at test time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sevenrocks.core import Layout, Play, placement_points

from .conftest import CONFORMANCE


def _cases() -> list[dict[str, Any]]:
    data = json.loads((CONFORMANCE / "seed_positions.json").read_text(encoding="utf-8"))
    return list(data["cases"])


def _examples() -> list[Path]:
    return sorted(
        p for p in (CONFORMANCE / "examples").glob("*.json") if not p.name.endswith(".expected.json")
    )


@pytest.mark.parametrize("case", _cases(), ids=lambda c: str(c["name"])[:40])
def test_seed_position_every_step(case: dict[str, Any], conformance_dir: Path) -> None:
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


@pytest.mark.parametrize("script", _examples(), ids=lambda p: p.stem)
def test_example_through_cli(script: Path, conformance_dir: Path) -> None:
    expected = json.loads(script.with_name(script.stem + ".expected.json").read_text(encoding="utf-8"))
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


def test_example_from_stdin(conformance_dir: Path) -> None:
    script = CONFORMANCE / "examples" / "partial.json"
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "replay", "-"],
        input=script.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    expected = json.loads((CONFORMANCE / "examples" / "partial.expected.json").read_text(encoding="utf-8"))
    assert json.loads(run.stdout) == expected
