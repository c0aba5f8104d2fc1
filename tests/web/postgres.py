"""A throwaway PostgreSQL server for the web tests, and a fresh database for each test.

The server is, in order: the one whose URL ``SEVENROCKS_TEST_POSTGRES_URL`` gives (a
``postgresql+psycopg://`` URL of a database from which others can be created, as ``.ci/run``
exports it), else one started here with ``initdb`` and ``pg_ctl`` (Debian's ``postgresql``
package, ``/usr/lib/postgresql/*/bin``) in a temporary folder, listening on a Unix socket only
and run as the ``postgres`` user when the tests run as root. Without either the PostgreSQL
variants are skipped, except under ``CI=true``, where that is a failure.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ENV_URL = "SEVENROCKS_TEST_POSTGRES_URL"


class Unavailable(RuntimeError):
    """No PostgreSQL server can be had on this machine; the message says why."""


def _binaries() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).parent
    raise Unavailable("PostgreSQL is not installed (apt-get install postgresql), and no server is given")


def _as_owner(command: list[str]) -> list[str]:
    """``command`` as the ``postgres`` user when we are root (the server refuses to run as root)."""
    if os.geteuid() != 0:
        return command
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise Unavailable("running as root, and there is no postgres user to run the server") from None
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def postgres_server() -> Iterator[str]:
    """The SQLAlchemy URL of a PostgreSQL maintenance database, alive for the ``with`` block."""
    given = os.environ.get(ENV_URL, "").strip()
    if given:
        yield given
        return
    bin_dir = _binaries()
    folder = Path(tempfile.mkdtemp(prefix="sevenrocks-pg-"))
    data = folder / "data"
    try:
        run = _as_owner
        if os.geteuid() == 0:
            run(["true"])  # raises if there is no postgres user
            owner = pwd.getpwnam("postgres")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        subprocess.run(
            run([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
            check=True,
            capture_output=True,
            text=True,
        )
        options = f"-k {folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
        options += " -c full_page_writes=off -c max_connections=200"
        pg_ctl = str(bin_dir / "pg_ctl")
        started = subprocess.run(
            run([pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"]),
            capture_output=True,
            text=True,
        )
        if started.returncode != 0:
            log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
            raise Unavailable(f"PostgreSQL did not start: {started.stderr.strip()} {log[-2000:]}")
        try:
            yield f"postgresql+psycopg://postgres@/postgres?host={folder}"
        finally:
            subprocess.run(run([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), capture_output=True)
    except subprocess.CalledProcessError as err:
        raise Unavailable(f"initdb failed: {err.stderr.strip()[-2000:]}") from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """A new, empty database on the server of ``server_url``, dropped after the ``with`` block."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(server_url)
    name = f"sevenrocks_test_{uuid.uuid4().hex[:12]}"
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
