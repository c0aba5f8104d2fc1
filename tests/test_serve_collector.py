"""``sevenrocks serve`` tunes Python's garbage collector for serving (``tune_collector``): what
was made at start is frozen out of the collections and the youngest generation is collected
after many more allocations (docs/benchmarks.md measures what the defaults cost under load)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.serve import SERVING_THRESHOLDS


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector's settings as they were, again after the test."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_serve_tunes_the_collector_before_it_serves(
    collector: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app_: Any, **options: Any) -> None:  # the server would start here: look instead
        seen.update(thresholds=gc.get_threshold(), frozen=gc.get_freeze_count(), options=options)

    monkeypatch.setattr(uvicorn, "run", run)
    gc.set_threshold(700, 10, 10)
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'web.db'}"])
    assert result.exit_code == 0, result.output
    assert seen["thresholds"] == SERVING_THRESHOLDS != (700, 10, 10)
    assert seen["frozen"] > 10_000  # the modules and the app, out of the collections
