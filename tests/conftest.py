"""Shared fixtures: the rules folder beside the repository (never copied into it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SEVENROCKS_SHARED", REPO.parent / "shared")).resolve()
CONFORMANCE = SHARED / "conformance"


@pytest.fixture(scope="session")
def conformance_dir() -> Path:
    """``shared/conformance``: seed positions and example matches with expected reports."""
    if not (CONFORMANCE / "seed_positions.json").is_file():
        pytest.fail(f"the shared rules folder is missing: expected {CONFORMANCE} (set SEVENROCKS_SHARED)")
    return CONFORMANCE
