"""A database made before tables knew their last activity (or their game) is brought up to date
when opened."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import text

from sevenrocks.web.storage import ReviewRecord, Storage, TableRecord


def test_an_older_database_gets_the_new_columns(db_url: str) -> None:
    store = Storage(db_url)
    made = dt.datetime(2025, 1, 2, tzinfo=dt.UTC)
    seats = [{"kind": "bot", "name": "b", "bot": "random"}] * 4
    store.create_table(TableRecord("oldtable0001", 250, seats, "a", created_at=made))
    with store.engine.begin() as conn:  # as an older version left it
        conn.execute(text("ALTER TABLE sevenrocks_tables DROP COLUMN last_active"))
        conn.execute(text("ALTER TABLE sevenrocks_tables DROP COLUMN joined"))
        conn.execute(text("ALTER TABLE sevenrocks_tables DROP COLUMN game"))
        conn.execute(text("ALTER TABLE sevenrocks_tables DROP COLUMN options"))
        conn.execute(text("ALTER TABLE sevenrocks_tables DROP COLUMN practice"))
        conn.execute(text("DROP TABLE sevenrocks_reviews"))
    store.close()
    store = Storage(db_url)
    assert store.table("oldtable0001") is not None and store.table("oldtable0001").joined is False
    old = store.table("oldtable0001")
    assert old is not None and old.game == "seven-rocks" and old.options == {}  # made before the family
    assert old.practice is False and store.review("oldtable0001") is None  # made before reviews
    store.save_review(ReviewRecord("oldtable0001", "done", 0.2, made, None, {"placements": []}))
    back = store.review("oldtable0001")
    assert back is not None and (back.status, back.think, back.analysis) == ("done", 0.2, {"placements": []})
    assert store.stale_tables(made + dt.timedelta(seconds=1)) == ["oldtable0001"]  # active when made
    assert store.stale_tables(made) == []
    store.touch("oldtable0001")
    assert store.stale_tables(made + dt.timedelta(days=1)) == []
    store.close()
