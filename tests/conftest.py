"""Shared fixtures: the conformance data kept in the repository (``tests/conformance/``).

Data files are read when a test needs them, never when a module is imported: a missing or broken
file fails the tests that use it, with a message naming the file, and the rest of the suite runs.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

# pytest-xdist's workers run with COLUMNS=80, which makes the command line wrap its output: the
# tests read it as a pipe gives it (no width), unless a test sets COLUMNS itself
os.environ.pop("COLUMNS", None)

from .conformance_data import ConformanceDataError, example, example_names, seed_cases


def _ids_or_error(read: Any) -> list[Any]:
    """Parameters for a data-driven test: the ids ``read()`` lists, or one failing parameter."""
    try:
        return list(read())
    except ConformanceDataError as err:
        return [pytest.param(err, id="conformance-data-unreadable")]


def _seed_case_ids() -> list[str]:
    return [str(case.get("name", i))[:40] for i, case in enumerate(seed_cases())]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``seed_case`` and ``conformance_example`` run once per case and per example script."""
    if "seed_case" in metafunc.fixturenames:
        metafunc.parametrize("seed_case", _ids_or_error(_seed_case_ids), indirect=True)
    if "conformance_example" in metafunc.fixturenames:
        metafunc.parametrize("conformance_example", _ids_or_error(example_names), indirect=True)


def _unless_error(param: Any) -> Any:
    if isinstance(param, ConformanceDataError):
        pytest.fail(str(param), pytrace=False)
    return param


def _read(read: Any, *args: Any) -> Any:
    """``read(*args)``, or a failure of the test naming the data file and its fault."""
    try:
        return read(*args)
    except ConformanceDataError as err:
        message = str(err)
    pytest.fail(message, pytrace=False)


@pytest.fixture
def seed_case(request: pytest.FixtureRequest) -> dict[str, Any]:
    """One worked position of ``seed_positions.json`` (its plays and every step)."""
    wanted = _unless_error(request.param)
    cases = _read(seed_cases)
    return next(c for i, c in enumerate(cases) if str(c.get("name", i))[:40] == wanted)


@pytest.fixture(name="seed_cases")
def seed_cases_fixture() -> list[dict[str, Any]]:
    """Every worked position of ``seed_positions.json``."""
    return _read(seed_cases)


@pytest.fixture
def conformance_example(request: pytest.FixtureRequest) -> tuple[str, Any, Any]:
    """An example of ``examples/``: its name, the script and the expected report (parsed)."""
    name = _unless_error(request.param)
    script, expected = _read(example, name)
    return name, script, expected
