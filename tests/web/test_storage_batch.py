"""The group commit of events: many tables' events in one transaction, a bad one refused alone."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event, text

from sevenrocks.web.service import TableService
from sevenrocks.web.storage import EventWrite, Storage, StorageError, TableRecord


def _storage() -> Storage:
    store = Storage("sqlite://")
    for table in ("t1", "t2"):
        store.create_table(TableRecord(table, 100, [{"kind": "bot", "name": "b", "bot": "random"}] * 4, "a"))
    return store


def test_events_of_several_tables_go_in_one_transaction_and_a_bad_one_fails_alone() -> None:
    store = _storage()
    errors = store.append_events(
        [
            EventWrite("t1", 0, "hand", {"deal": []}),
            EventWrite("t2", 0, "hand", {"deal": []}, {"scores": [5, 0]}),
            EventWrite("nowhere", 0, "hand", {"deal": []}),
            EventWrite("t1", 0, "play", {"seat": 0, "play": "3-4"}),  # the number is taken
        ]
    )
    assert errors[:2] == [None, None]
    assert isinstance(errors[2], StorageError) and errors[3] is not None
    assert [e.kind for e in store.events("t1")] == ["hand"]
    assert [e.kind for e in store.events("t2")] == ["hand"]
    record = store.table("t2")
    assert record is not None and record.scores == [5, 0]


def test_the_service_commits_coinciding_events_together() -> None:
    store = _storage()
    batches: list[int] = []
    original = store.append_events

    def counted(writes: list[EventWrite]) -> list[Exception | None]:
        batches.append(len(writes))
        return original(writes)

    store.append_events = counted  # type: ignore[method-assign]

    async def run() -> None:
        service = TableService(store)
        try:
            await asyncio.gather(
                *(
                    service.append_event(t, seq, "play", {"seat": 0, "play": "3-4"})
                    for seq in range(3)
                    for t in ("t1", "t2")
                )
            )
            try:
                await service.append_event("nowhere", 0, "play", {})
            except StorageError:
                pass
            else:
                raise AssertionError("an event of no table was stored")
        finally:
            await service.close()

    asyncio.run(run())
    assert sum(batches[:-1]) == 6 and len(batches) < 6  # six events, fewer transactions
    assert [e.seq for e in store.events("t1")] == [0, 1, 2]


def test_one_update_touches_every_table_of_a_batch_and_a_missing_one_is_named() -> None:
    store = _storage()
    with store.engine.begin() as conn:
        conn.execute(text("update sevenrocks_tables set last_active = null"))
    assert store.append_events(
        [EventWrite("t1", 0, "hand", {"deal": []}), EventWrite("t2", 0, "hand", {"deal": []})]
    ) == [None, None]
    with store.engine.begin() as conn:
        stamps = dict(conn.execute(text("select id, last_active from sevenrocks_tables")).all())
    assert set(stamps) == {"t1", "t2"} and None not in stamps.values()
    # a batch whose one table is not stored: the others are stored on their own, the missing one named
    errors = store.append_events(
        [EventWrite("t1", 1, "play", {"seat": 0, "play": "3-4"}), EventWrite("gone", 0, "play", {})]
    )
    assert errors[0] is None and isinstance(errors[1], StorageError)
    assert "'gone'" in str(errors[1])
    assert [e.seq for e in store.events("t1")] == [0, 1]
    # the statement alone: its error says which tables it meant
    try:
        with store.engine.begin() as conn:
            Storage._write(conn, [EventWrite("t2", 1, "play", {}), EventWrite("gone", 1, "play", {})])
    except Exception as err:
        assert "'gone'" in str(err)
    else:
        raise AssertionError("a batch with a table that is not stored went in")


def test_a_table_update_is_one_statement_and_a_missing_table_is_named() -> None:
    store = _storage()
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    store.update_table("t1", seats=[{"kind": "human", "name": "a"}] * 4, joined=True)
    assert [s.split()[0] for s in statements] == ["UPDATE"]  # no read of the row first
    record = store.table("t1")
    assert record is not None and record.joined and record.seats[0]["name"] == "a"
    with pytest.raises(StorageError, match="nowhere"):
        store.update_table("nowhere", joined=True)
