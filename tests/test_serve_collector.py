"""``sevenrocks serve`` tunes Python's garbage collector for serving (``sevenrocks.web.collector``):
what was made at start is frozen out of the collections, the youngest generation is collected
after many more allocations, and the full collection comes once a period, after which what
survived is frozen again (docs/benchmarks.md measures what each costs under load)."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.web import app as web_app
from sevenrocks.web.collector import FULL_COLLECTION_SECONDS, SERVING_THRESHOLDS, keep_collecting


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
    made = web_app.create_app

    def create_app(*args: Any, **options: Any) -> Any:
        seen["collect_every"] = options.get("collect_every")
        return made(*args, **options)

    monkeypatch.setattr(web_app, "create_app", create_app)
    gc.set_threshold(700, 10, 10)
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'web.db'}"])
    assert result.exit_code == 0, result.output
    assert seen["thresholds"] == SERVING_THRESHOLDS != (700, 10, 10)
    assert seen["frozen"] > 10_000  # the modules and the app, out of the collections
    assert seen["collect_every"] == FULL_COLLECTION_SECONDS  # the full collection once a period


class _Cycle:
    """An object in a reference cycle with itself: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_a_frozen_cycle_is_freed_by_the_next_periodic_collection(collector: None) -> None:
    gc.collect()
    gc.freeze()
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    gc.freeze()  # alive when frozen (as a table's objects are), then left in its cycle
    del cycle
    gc.collect()
    assert gone() is not None, "a frozen object is out of the ordinary collections"

    async def one_period() -> None:
        job = asyncio.get_running_loop().create_task(keep_collecting(0.01))
        await asyncio.sleep(0.2)
        job.cancel()

    asyncio.run(one_period())
    assert gone() is None, "the periodic full collection frees it"
    assert gc.get_freeze_count() > 0, "and freezes what survived"


def test_the_app_collects_once_a_period_and_stops_after(collector: None, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from sevenrocks.web.settings import Settings

    app = web_app.create_app(Settings(database_url=f"sqlite:///{tmp_path / 'web.db'}"), collect_every=0.3)
    gc.unfreeze()
    with TestClient(app) as client:
        assert client.get("/api/bots").status_code == 200
        waited = 0.0
        while gc.get_freeze_count() == 0 and waited < 10:  # the app's loop runs it every 0.3 s
            time.sleep(0.01)
            waited += 0.01
        assert gc.get_freeze_count() > 0, "the app collects and freezes while it runs"
    gc.unfreeze()
    time.sleep(0.5)
    assert gc.get_freeze_count() == 0, "no collection left running once the app stopped"
