"""The family's conformance examples (``tests/conformance/examples/family/``) replayed by the engine.

Every script whose game the engine plays (:data:`sevenrocks.core.games.GAMES`) is replayed with
:func:`sevenrocks.core.script.replay` and its report compared with the ``.expected.json`` next to it, key
by key: the engine's report may carry more keys than the expected one, never other values. A script of a
game the engine does not play yet is skipped, naming the game, so that it is tested as soon as the game
is added. (The reference model replays the same folder in ``tests/test_reference_family.py``.)

The folder is listed when the tests are collected; each file is read by the test that needs it (a
missing or broken file fails that test only, naming the file).
"""

from __future__ import annotations

from typing import Any

import pytest

from sevenrocks.core.games import GAMES
from sevenrocks.core.script import replay
from tests.conformance_data import ConformanceDataError, example, example_names, mismatches

FAMILY = "examples/family"
"""The family's examples, under ``tests/conformance/``."""

ENGINE_GAMES = frozenset(game.id for game in GAMES)


def _names() -> list[Any]:
    try:
        return list(example_names(FAMILY))
    except ConformanceDataError as err:
        return [pytest.param(err, id="conformance-data-unreadable")]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "family_script" in metafunc.fixturenames:
        metafunc.parametrize("family_script", _names(), indirect=True)


@pytest.fixture
def family_script(request: pytest.FixtureRequest) -> tuple[str, Any, Any]:
    """One example: its name, its script and its expected report (read now, not at collection)."""
    if isinstance(request.param, ConformanceDataError):
        pytest.fail(str(request.param), pytrace=False)
    try:
        script, expected = example(request.param, FAMILY)
    except ConformanceDataError as err:
        message = str(err)
    else:
        return request.param, script, expected
    pytest.fail(message, pytrace=False)


def test_family_example_is_replayed_by_the_engine(family_script: tuple[str, Any, Any]) -> None:
    name, script, expected = family_script
    game = script.get("game", "seven-rocks") if isinstance(script, dict) else None
    if game not in ENGINE_GAMES:
        pytest.skip(f"{name}: the engine does not play {game!r} yet")
    assert mismatches(expected, replay(script)) == [], name


def test_every_game_of_the_engine_has_an_example() -> None:
    """Each game the engine plays, Seven Rocks aside (its examples are ``tests/conformance/examples/``),
    has its ``<game>.json`` in the family folder."""
    try:
        names = set(example_names(FAMILY))
    except ConformanceDataError as err:
        pytest.fail(str(err), pytrace=False)
    missing = sorted(g for g in ENGINE_GAMES - {"seven-rocks"} if g not in names)
    assert not missing, f"no conformance example in {FAMILY} for {', '.join(missing)}"


def test_mismatches_look_at_the_expected_keys_only() -> None:
    expected = {"hands": [{"end": "domino", "scores": [1, 0]}], "winner": None}
    assert mismatches(expected, {**expected, "goat": None}) == []
    got = {"hands": [{"end": "blocked", "scores": [1, 0], "award": [0, 0]}], "winner": 0}
    assert mismatches(expected, got) == [
        "report.hands[0].end: got 'blocked', expected 'domino'",
        "report.winner: got 0, expected None",
    ]
    assert mismatches(expected, {"hands": []}) == [
        "report.hands: 0 items, expected 1",
        "report.winner is missing",
    ]
