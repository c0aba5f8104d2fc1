"""``sevenrocks serve`` in a subprocess on a free loopback port, for the tests that need a real server."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def running_server(
    db: Path | str, *, args: Sequence[str] = (), env: Mapping[str, str] | None = None
) -> Iterator[dict[str, Any]]:
    """The server on a fresh SQLite file ``db`` (or the database whose URL ``db`` is), up and
    answering; stopped when the block ends.

    Yields ``url``, ``ws`` (the WebSocket base), ``process`` and ``db``.
    """
    port = free_port()
    database = db if isinstance(db, str) else f"sqlite:///{db}"
    process = subprocess.Popen(
        [sys.executable, "-m", "sevenrocks", "serve", "--port", str(port), "--db", database, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **(env or {})},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a busy machine (the whole suite on both cores) starts it slowly
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/bots", timeout=1).read()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                output = process.stdout.read() if process.stdout else ""
                raise AssertionError(f"the server did not start: {output}") from None
            time.sleep(0.1)
    try:
        yield {"url": url, "ws": f"ws://127.0.0.1:{port}", "process": process, "db": db}
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@contextlib.contextmanager
def server_on(
    kind: str, request: Any, folder: Path, *, args: Sequence[str] = (), env: Mapping[str, str] | None = None
) -> Iterator[dict[str, Any]]:
    """:func:`running_server` on a database of ``kind``: ``sqlite`` (a file in ``folder``) or
    ``postgresql`` (a fresh database on the tests' PostgreSQL server, the ``postgres`` fixture of
    ``request``; skipped without one, except in CI)."""
    if kind == "sqlite":
        with running_server(folder / "web.db", args=args, env=env) as running:
            yield running
        return
    from tests.web.postgres import fresh_database

    server: str = request.getfixturevalue("postgres")
    with fresh_database(server) as url, running_server(url, args=args, env=env) as running:
        yield running
