"""Real servers for the tests of several server processes: a throwaway Redis, nginx in front of
the processes, the processes themselves, and a WebSocket client that reads in the background.

Redis and nginx are Debian's (``redis-server``, ``nginx``), started here in a temporary folder and
stopped after; without them these tests are skipped, except under ``CI=true`` (``.ci/run``
installs both), where that is a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.servers import free_port


def need(program: str, package: str) -> str:
    """The path of ``program``; skip (fail under CI) when Debian's ``package`` is not installed."""
    found = shutil.which(program) or next(
        (p for p in (f"/usr/sbin/{program}", f"/usr/bin/{program}") if os.access(p, os.X_OK)), None
    )
    if found is None:
        message = f"{program} is not installed (apt-get install {package})"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def _wait(check: Any, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not start in {seconds:g} s")
        time.sleep(0.05)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server of its own on a Unix socket (no persistence); yields its URL."""
    binary = need("redis-server", "redis-server")
    folder = Path(tempfile.mkdtemp(prefix="sevenrocks-redis-"))
    sock = folder / "redis.sock"
    process = subprocess.Popen(
        [
            binary,
            "--port",
            "0",
            "--unixsocket",
            str(sock),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(sock.exists, "redis-server")
        yield f"unix://{sock}"
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
        if process.poll() is None:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)


NGINX_CONF = """
worker_processes 1;
error_log {folder}/error.log warn;
pid {folder}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
{upstream}
}}
"""


def nginx_upstream(ports: list[int], listen: int) -> str:
    """The ``http`` block's part that spreads requests and WebSockets over the processes at
    ``ports`` (the same as docs/deploy.md shows, with loopback addresses)."""
    servers = "\n".join(f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in ports)
    return f"""
  map $http_upgrade $connection_upgrade {{
    default upgrade;
    ''      close;
  }}
  upstream sevenrocks {{
{servers}
  }}
  server {{
    listen 127.0.0.1:{listen};
    location / {{
      proxy_pass http://sevenrocks;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
      proxy_next_upstream error timeout http_502;
    }}
  }}"""


@contextlib.contextmanager
def nginx(ports: list[int]) -> Iterator[str]:
    """nginx on a free loopback port in front of the server processes at ``ports``; yields its URL."""
    binary = need("nginx", "nginx")
    folder = Path(tempfile.mkdtemp(prefix="sevenrocks-nginx-"))
    os.chmod(folder, 0o755)
    listen = free_port()
    conf = folder / "nginx.conf"
    conf.write_text(NGINX_CONF.format(folder=folder, upstream=nginx_upstream(ports, listen)))
    process = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def answering() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"nginx stopped: {process.stderr.read() if process.stderr else ''}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{listen}/api/bots", timeout=1).read()
            return True
        except (OSError, urllib.error.URLError):
            return False

    try:
        _wait(answering, "nginx")
        yield f"http://127.0.0.1:{listen}"
    finally:
        process.send_signal(signal.SIGQUIT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
        if process.poll() is None:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)


class ServerProcess:
    """One ``sevenrocks serve`` of the cluster, on a fixed port: started, stopped, killed, restarted."""

    def __init__(self, port: int, database: str, env: Mapping[str, str], log: Path) -> None:
        self.port = port
        self.database = database
        self.env = dict(env)
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "sevenrocks",
                    "serve",
                    "--port",
                    str(self.port),
                    "--db",
                    self.database,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, **self.env},
            )

        def answering() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"a server process stopped: {self.log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(f"{self.url}/api/bots", timeout=1).read()
                return True
            except OSError:
                return False

        _wait(answering, "a server process", 60)

    def stop(self) -> None:
        """A clean stop (SIGTERM), as a rolling restart does."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


@contextlib.contextmanager
def cluster(
    database: str,
    redis_url: str,
    folder: Path,
    count: int = 3,
    env: Mapping[str, str] | None = None,
    name: str = "node",
) -> Iterator[list[ServerProcess]]:
    """``count`` server processes sharing ``database`` and Redis, started (named ``name`` and a
    number: names differ from any other cluster's on the same Redis); stopped after."""
    settings = {"SEVENROCKS_REDIS_URL": redis_url, "SEVENROCKS_LEASE_SECONDS": "2", **(env or {})}
    processes = [
        ServerProcess(
            free_port(), database, {**settings, "SEVENROCKS_NODE": f"{name}{i}"}, folder / f"{name}{i}.log"
        )
        for i in range(count)
    ]
    try:
        for process in processes:
            process.start()
        yield processes
    finally:
        for process in processes:
            process.stop()


def post(base: str, path: str, body: Any) -> Any:
    """POST JSON to ``base + path``; the parsed answer."""
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    return json.loads(urllib.request.urlopen(request, timeout=20).read())


def get(base: str, path: str) -> Any:
    """GET ``base + path``; the parsed JSON answer."""
    return json.loads(urllib.request.urlopen(base + path, timeout=20).read())


class Closed(Exception):
    """The server closed the socket (``code``)."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


class LiveSocket:
    """A WebSocket to a real server, read by a thread of its own into a queue (so that a socket
    the test does not read at the moment never holds the server up); ``receive_json`` and
    ``send_json`` as the test client's, for :class:`tests.web.conftest.Socket`. ``receive_json``
    raises :class:`Closed` once the server closed it."""

    def __init__(self, url: str) -> None:
        self.connection: ClientConnection = connect(url, max_size=2**22, open_timeout=20, legacy=True)
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.connection:
                self.inbox.put(json.loads(text))
        except ConnectionClosed:
            pass
        self.inbox.put(Closed(self.connection.close_code))

    def receive_json(self, timeout: float = 60.0) -> dict[str, Any]:
        item = self.inbox.get(timeout=timeout)
        if isinstance(item, Closed):
            self.inbox.put(item)  # every later call says so too
            raise item
        message: dict[str, Any] = item
        return message

    def send_json(self, message: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            self.connection.send(json.dumps(message))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.close()
