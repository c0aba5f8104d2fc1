"""The conformance data kept in the repository (``tests/conformance/``), read on demand.

Nothing here touches the disk at import time. Every reader raises :class:`ConformanceDataError`
with a message naming the file and what is wrong with it; the fixtures of ``tests/conftest.py``
turn that into a failure of the tests that need the data, never of the whole collection.
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "conformance"
"""The copy of the shared conformance folder (``tests/conformance/ABOUT.md`` says where it comes from)."""


class ConformanceDataError(Exception):
    """A conformance data file is missing or unreadable."""


def _where(path: Path) -> str:
    return str(path.relative_to(DATA.parent.parent)) if path.is_relative_to(DATA.parent.parent) else str(path)


def read_json(relative: str) -> Any:
    """The parsed JSON of ``tests/conformance/<relative>`` (a fresh copy: tests may change it)."""
    return copy.deepcopy(_parsed(relative))


@functools.cache
def _parsed(relative: str) -> Any:
    path = DATA / relative
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConformanceDataError(
            f"conformance data file {_where(path)} is missing: restore it from git "
            "(or copy it again from ../shared/conformance)"
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConformanceDataError(f"cannot read conformance data file {_where(path)}: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ConformanceDataError(
            f"conformance data file {_where(path)} is not valid JSON: {err.msg} at line {err.lineno}"
        ) from None


def seed_cases() -> list[dict[str, Any]]:
    """The worked positions of the rule texts (``seed_positions.json``), each a dict."""
    data = read_json("seed_positions.json")
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list) or not cases or not all(isinstance(c, dict) for c in cases):
        raise ConformanceDataError("tests/conformance/seed_positions.json has no list of 'cases'")
    return cases


def example_names(folder: str = "examples") -> list[str]:
    """The stems of the example scripts in ``tests/conformance/<folder>`` that have an expected report."""
    where = DATA / folder
    if not where.is_dir():
        raise ConformanceDataError(f"the conformance examples folder {_where(where)} is missing")
    names = sorted(p.stem for p in where.glob("*.json") if not p.name.endswith(".expected.json"))
    if not names:
        raise ConformanceDataError(f"the conformance examples folder {_where(where)} holds no scripts")
    return names


def example_path(name: str, folder: str = "examples") -> Path:
    """The path of an example script (checked to exist)."""
    path = DATA / folder / f"{name}.json"
    if not path.is_file():
        raise ConformanceDataError(f"conformance example {_where(path)} is missing")
    return path


def example(name: str, folder: str = "examples") -> tuple[Any, Any]:
    """An example script and its expected report, both parsed."""
    return read_json(f"{folder}/{name}.json"), read_json(f"{folder}/{name}.expected.json")


def mismatches(expected: Any, got: Any, path: str = "report") -> list[str]:
    """Where ``got`` differs from ``expected``, looking only at the keys ``expected`` has (lists of objects
    are compared item by item, every other value exactly)."""
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return [f"{path}: expected an object, got {got!r}"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in got:
                out.append(f"{path}.{key} is missing")
            else:
                out.extend(mismatches(value, got[key], f"{path}.{key}"))
        return out
    if isinstance(expected, list) and any(isinstance(item, dict) for item in expected):
        if not isinstance(got, list) or len(got) != len(expected):
            size = len(got) if isinstance(got, list) else got
            return [f"{path}: {size} items, expected {len(expected)}"]
        return [
            m
            for i, (e, g) in enumerate(zip(expected, got, strict=True))
            for m in mismatches(e, g, f"{path}[{i}]")
        ]
    return [] if expected == got else [f"{path}: got {got!r}, expected {expected!r}"]
