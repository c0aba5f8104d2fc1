"""Tournaments and ladders played as Ray tasks (``--ray [ADDRESS]``), on a real Ray cluster.

A module-wide cluster is started with ``ray start --head --block --num-cpus 2`` in a temporary
folder (no dashboard) and stopped after the tests by stopping that very process — which stops the
Ray processes it started, and no other Ray on the machine (``ray stop`` would stop them all).
Through it, tournaments must give what they give without Ray: the same results match by match, the
same journal and the same record files. Without Ray installed these tests are skipped, except under
``CI=true``, where Ray is part of the test install and its absence is a failure.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.tournament.duplicate import TournamentConfig, run_tournament
from sevenrocks.tournament.journal import JOURNAL_NAME

HAVE_RAY = importlib.util.find_spec("ray") is not None
IN_CI = os.environ.get("CI", "").lower() == "true"
needs_ray = pytest.mark.skipif(
    not HAVE_RAY and not IN_CI, reason="Ray is not installed (pip install 'sevenrocks[cluster]')"
)
#: What differs between two runs of the same tournament: wall and think times, and the folder.
TIMING_KEYS = {
    "seconds",
    "records",
    "team0_think_ms_mean",
    "team0_think_ms_p95",
    "team1_think_ms_mean",
    "team1_think_ms_p95",
}
#: The cluster is protected by a token, as Ray does by default; the tests give it to Ray in the
#: environment, so nothing is written to ~/.ray.
RAY_ENV = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32), "RAY_USAGE_STATS_ENABLED": "0"}
#: A program that exists where the tests run but not on the cluster's node (not on its PATH).
DRIVER_ONLY_BOT = "sevenrocks-test-driver-only-bot"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@contextlib.contextmanager
def _stopped_at_the_end(process: subprocess.Popen[bytes]) -> Iterator[None]:
    try:
        yield
    finally:
        process.terminate()  # `ray start --block` stops the Ray processes it started, then exits
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the session it was started in: its processes only
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a Ray cluster of one node with 2 CPUs, started for this module."""
    if not HAVE_RAY:
        pytest.fail("CI=true but Ray is not installed: the test install (.[dev]) must include it")
    folder = Path(tempfile.mkdtemp(prefix="sr-ray-"))  # short: Ray's socket paths live under it
    log = folder / "ray-start.log"
    ray = Path(sys.executable).with_name("ray")
    env = {**os.environ, **RAY_ENV}
    command = [str(ray), "start", "--head", "--block", "--num-cpus", "2", "--port", "0"]
    command += ["--temp-dir", str(folder), "--include-dashboard=false", "--disable-usage-stats"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        with _stopped_at_the_end(process):
            deadline = time.monotonic() + 120
            address = None
            while address is None:
                found = re.search(r"ray start --address='([^']+)'", log.read_text(errors="replace"))
                if found is not None:
                    address = found.group(1)
                elif process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(
                        f"ray start did not start a cluster:\n{log.read_text(errors='replace')[-3000:]}"
                    )
                else:
                    time.sleep(0.2)
            yield address
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def ray_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process talks to Ray with the test cluster's token."""
    for name, value in RAY_ENV.items():
        monkeypatch.setenv(name, value)


@pytest.fixture
def address(cluster: str, ray_env: None) -> str:
    """The test cluster's address, for a test that connects to it."""
    return cluster


@pytest.fixture
def ray_tmpdir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Where a Ray instance started by the test keeps its files (not /tmp/ray), removed after."""
    folder = Path(tempfile.mkdtemp(prefix="sr-ray-"))  # short: Ray's socket paths live under it
    monkeypatch.setenv("RAY_TMPDIR", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _figures(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


def _journal(folder: Path) -> dict[int, dict[str, Any]]:
    """The journal's matches by number, without think times and record folders (which differ)."""
    lines = (folder / JOURNAL_NAME).read_text().splitlines()
    out = {}
    for line in lines[1:]:
        match = json.loads(line)
        match.pop("think_by_side")
        match["record"] = Path(match["record"]).name if match["record"] else None
        out[match["index"]] = match
    return out


def _records(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("match-*.json"))}


def _progress(stderr: str) -> str:
    """The progress bar's last state: matches played and the score."""
    found = re.findall(r"\d+/\d+ \(\d+-\d+\)", stderr)
    return found[-1] if found else stderr


def _tournament(folder: Path, *extra: str) -> tuple[dict[str, Any], str]:
    result = invoke("tournament", "--records", str(folder), "--json", *extra)
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout), result.stderr


# ---------------------------------------------------------------------- a local instance
# (first: before the module's cluster starts, so that the two are never up together)
@needs_ray
def test_a_ladder_on_a_local_ray_instance_rates_as_without_ray(
    tmp_path: Path, ray_env: None, ray_tmpdir: Path
) -> None:
    common = ["--matches-per-pair", "4", "--target", "30", "--seed", "2", "--json"]
    alone = invoke("ladder", "random", "greedy", *common, "--chart", str(tmp_path / "a.png"), "--no-records")
    assert alone.exit_code == 0, alone.output + alone.stderr
    # a bare --ray before the bots: a Ray instance started here, with --workers CPUs
    local = invoke(
        "ladder", "--ray", "random", "greedy", "--workers", "2", *common,
        "--chart", str(tmp_path / "b.png"), "--records", str(tmp_path / "records"),
    )  # fmt: skip
    assert local.exit_code == 0, local.output + local.stderr
    assert "playing on a local Ray instance (2 CPUs)" in local.stderr
    assert any(ray_tmpdir.glob("ray/session_*"))  # it was this test's instance
    a, b = json.loads(alone.stdout), json.loads(local.stdout)
    assert a["ratings"] == b["ratings"] and a["pairs"] == b["pairs"]
    assert len(list((tmp_path / "records").glob("*/match-*.json"))) == 4


# ---------------------------------------------------------------------- the same tournament
@needs_ray
@pytest.mark.parametrize(
    "game",
    [
        ("--team0", "greedy", "--team1", "random", "--matches", "20", "--target", "40", "--seed", "9"),
        ("--team0", "greedy", "--team1", "random", "--game", "sausage", "--matches", "4", "--target", "20"),
    ],
    ids=["seven-rocks", "sausage"],
)
def test_a_tournament_on_the_cluster_is_the_tournament_without_ray(
    address: str, tmp_path: Path, game: tuple[str, ...]
) -> None:
    alone, alone_err = _tournament(tmp_path / "alone", *game)
    on_ray, ray_err = _tournament(tmp_path / "ray", *game, "--ray", address)
    assert "playing on the Ray cluster at" in ray_err and "1 nodes, 2 CPUs" in ray_err
    assert _figures(on_ray) == _figures(alone)
    assert _journal(tmp_path / "ray") == _journal(tmp_path / "alone")  # match by match
    records = _records(tmp_path / "ray")
    assert len(records) == on_ray["matches"] and records == _records(tmp_path / "alone")
    assert _progress(ray_err) == _progress(alone_err)


@needs_ray
def test_a_tournament_resumes_through_the_cluster(address: str, tmp_path: Path) -> None:
    common = ("--team0", "greedy", "--team1", "random", "--target", "40", "--seed", "5")
    whole, _ = _tournament(tmp_path / "whole", *common, "--matches", "20")
    folder = tmp_path / "stopped"
    _tournament(folder, *common, "--matches", "10")
    # as after a crash: the last journal line cut short, a record lost
    journal = folder / JOURNAL_NAME
    journal.write_text(journal.read_text()[:-20])
    (folder / "match-00003.json").unlink()
    result = invoke("tournament", "--resume", str(folder), "--matches", "20", "--ray", address, "--json")
    assert result.exit_code == 0, result.output + result.stderr
    assert "resuming" in result.stderr and "cut short" in result.stderr and "played again: 3" in result.stderr
    resumed = json.loads(result.stdout)
    assert resumed.pop("resumed_matches") == 8 and whole.pop("resumed_matches") == 0
    assert _figures(resumed) == _figures(whole)
    assert _journal(folder) == _journal(tmp_path / "whole")
    assert _records(folder) == _records(tmp_path / "whole")


# ---------------------------------------------------------------------- cmd: bots on every node
@needs_ray
def test_a_cmd_bot_missing_on_a_node_stops_with_the_bot_and_the_node(
    address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    program = bin_folder / DRIVER_ONLY_BOT
    program.write_text("#!/bin/sh\nexit 1\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_folder}{os.pathsep}{os.environ['PATH']}")  # here, not on the node
    bot = f"cmd:{DRIVER_ONLY_BOT}"
    result = invoke(
        "tournament", "--team0", bot, "--team1", "random", "--matches", "2", "--no-records", "--ray", address
    )
    assert result.exit_code == 2 and "Traceback" not in result.output
    message = " ".join(result.stderr.split())
    assert f"error: {bot} cannot start on the Ray node" in message
    assert f"program '{DRIVER_ONLY_BOT}' not found" in message and "install it there too" in message
    node = address.rsplit(":", 1)[0]
    assert node in message  # the node by its address

    # a node that joined after the check: the task itself refuses to play there
    from sevenrocks.tournament.ray_runner import BotMissingOnNode, ray_session

    config = TournamentConfig(bot, "random", matches=2, target=30)
    with ray_session(address) as session, pytest.raises(BotMissingOnNode, match=DRIVER_ONLY_BOT) as caught:
        run_tournament(config, ray=session)
    assert caught.value.bot == bot and node in caught.value.node


# ---------------------------------------------------------------------- without Ray
def test_sevenrocks_runs_tournaments_without_importing_ray() -> None:
    code = (
        "import sys; from typer.testing import CliRunner; from sevenrocks.cli.app import app; "
        "import sevenrocks.tournament; "
        "r = CliRunner().invoke(app, ['tournament', '--team0', 'greedy', '--team1', 'random', "
        "'--matches', '2', '--target', '20', '--no-records', '--json']); "
        "print(r.exit_code, 'ray' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["0", "False"]


def test_ray_not_installed_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, as without the extra
    for command in (
        ("tournament", "--team0", "greedy", "--team1", "random", "--matches", "2", "--no-records", "--ray"),
        ("ladder", "random", "greedy", "--matches-per-pair", "2", "--no-records", "--ray", "auto"),
    ):
        result = invoke(*command)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert "--ray needs Ray, which is not installed: pip install 'sevenrocks[cluster]'" in result.stderr


def test_ray_options_that_cannot_work_are_refused() -> None:
    base = ("tournament", "--team0", "greedy", "--team1", "random", "--matches", "2", "--no-records")
    wrong = invoke(*base, "--ray", "headnode")
    assert wrong.exit_code == 2 and "--ray headnode: not a Ray address; give HOST:PORT" in wrong.stderr
    table = invoke(*base, "--game", "general", "--format", "table", "--ray")
    assert table.exit_code == 2 and "one after another: no --ray" in table.stderr
