"""Duplicate tournaments played as Ray tasks: on a local Ray instance, or on a cluster of machines.

``sevenrocks tournament --ray [ADDRESS]`` and ``sevenrocks ladder --ray [ADDRESS]`` hand the matches
to Ray instead of a pool of processes. Everything that decides a match is unchanged: the schedule,
the seeds and the function that plays each match (:func:`~.duplicate.play_unsaved`) are those of
:func:`~.duplicate.run_tournament`, so the same seed gives the same matches with the same results,
match by match, with or without Ray. A task plays one set of deals (the unit a worker process plays
too) and sends back its matches with their records' text; the process that runs the tournament
saves the records, keeps the journal and the progress bar — the nodes need not share a disk.

Ray is an optional extra (``pip install 'sevenrocks[cluster]'``): this module imports it only when
a session opens, and nothing else in sevenrocks imports this module unless ``--ray`` is given.

``cmd:`` bots are programs: they must exist on every node, at the same path. Before the first match
every node with CPUs is asked to find them, and a task that starts on a node (one that joined
later) checks them too; a bot missing there stops the tournament with :class:`BotMissingOnNode`,
naming the bot and the node. Where the folder the command was run from exists on a node (the same
machine, or a shared disk), bot programs start in it, so relative paths work as without Ray.

>>> [is_ray_address(t) for t in ("10.0.0.5:6379", "auto", "ray://head:10001", "greedy", "search:think=1")]
[True, True, True, False, False]
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import re
import socket
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sevenrocks.bots.program import CMD_PREFIX, BotFailure, check_command
from sevenrocks.tournament.duplicate import MatchSpec, PlayedMatch, pair_chunks, play_unsaved
from sevenrocks.tournament.model import TournamentConfig

__all__ = [
    "INSTALL_HINT",
    "LOCAL",
    "BotMissingOnNode",
    "RayError",
    "RaySession",
    "is_ray_address",
    "ray_session",
]

#: How to install Ray for sevenrocks.
INSTALL_HINT: Final = "pip install 'sevenrocks[cluster]'"
#: The ``--ray`` value meaning "start a Ray instance on this machine" (``--ray`` without an address).
LOCAL: Final = "local"
#: Tasks kept queued per CPU, so that a node finishing a set of deals has the next one at hand.
TASKS_PER_CPU: Final = 2


class RayError(Exception):
    """Ray is missing, the cluster cannot be reached, or a task failed there (the message says which)."""


class BotMissingOnNode(RayError):
    """The ``cmd:`` bot ``bot`` cannot start on the Ray node ``node``: ``reason``."""

    def __init__(self, bot: str, node: str, reason: str) -> None:
        self.bot = bot
        self.node = node
        self.reason = reason
        super().__init__(
            f"{bot} cannot start on the Ray node {node}: {reason}. Every node that plays matches needs "
            "each cmd: bot, at the same path (and what it needs to run): install it there too"
        )

    def __reduce__(self) -> tuple[type[BotMissingOnNode], tuple[str, str, str]]:
        return (type(self), (self.bot, self.node, self.reason))


_HOST_PORT: Final = re.compile(r"(ray://)?[A-Za-z0-9._\-\[\]:]+:\d+")


def is_ray_address(text: str) -> bool:
    """Whether ``text`` is a Ray address (``HOST:PORT``, ``ray://HOST:PORT``, ``auto``) or ``local``,
    rather than, say, a bot name (``search:think=0.1``) following a bare ``--ray``."""
    return text in (LOCAL, "auto") or _HOST_PORT.fullmatch(text) is not None


def _node_name() -> str:
    """This node, as a person finds it: its IP address and host name."""
    util: Any = importlib.import_module("ray.util")  # typed loosely: Ray's API is partly untyped
    return f"{util.get_node_ip_address()} ({socket.gethostname()})"


@contextlib.contextmanager
def _in_folder(folder: str) -> Iterator[None]:
    """Run in ``folder`` (the folder the tournament was started from) when it exists on this node."""
    here = os.getcwd()
    if not os.path.isdir(folder):
        yield
        return
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


def _missing_program(programs: Sequence[str], folder: str) -> tuple[str, str, str] | None:
    """The first of the ``cmd:`` bots ``programs`` that cannot start on this node: the bot, this
    node and why; ``None`` when every one can."""
    with _in_folder(folder):
        for bot in programs:
            try:
                check_command(bot[len(CMD_PREFIX) :])
            except BotFailure as err:
                return bot, _node_name(), err.reason
    return None


def _play_sets(
    config: TournamentConfig, specs: Sequence[MatchSpec], programs: Sequence[str], folder: str
) -> list[PlayedMatch]:
    """The Ray task: play ``specs`` (one set of deals) on this node, records unsaved."""
    missing = _missing_program(programs, folder)
    if missing is not None:
        raise BotMissingOnNode(*missing)
    with _in_folder(folder):
        return [play_unsaved(config, spec) for spec in specs]


@dataclass
class RaySession:
    """A connection to Ray (a local instance or a cluster) that plays tournaments' matches.

    ``where`` says what it is connected to; ``slots`` is how many matches are played at once
    (the CPUs of the local instance, ``--workers`` with a cluster, else every CPU of the cluster).
    """

    where: str
    slots: int
    _ray: Any
    _folder: str

    def check_programs(self, entrants: Sequence[str]) -> None:
        """Fail with :class:`BotMissingOnNode` when one of the ``cmd:`` bots among ``entrants``
        cannot start on one of the nodes that play matches."""
        programs = sorted({e for e in entrants if e.startswith(CMD_PREFIX)})
        if not programs:
            return
        ray = self._ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        check = ray.remote(_missing_program)
        refs = [
            check.options(
                num_cpus=0, scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False)
            ).remote(programs, self._folder)
            for node in ray.nodes()
            if node.get("Alive") and node.get("Resources", {}).get("CPU", 0) > 0
        ]
        for missing in self._get(refs):
            if missing is not None:
                raise BotMissingOnNode(*missing)

    def play(self, config: TournamentConfig, specs: Sequence[MatchSpec]) -> Iterator[PlayedMatch]:
        """Play ``specs`` as Ray tasks (a set of deals each), yielding the matches as they finish,
        records unsaved; what is still queued or playing is cancelled if the caller stops early."""
        ray = self._ray
        programs = sorted({e for e in config.entrants if e.startswith(CMD_PREFIX)})
        task = ray.remote(_play_sets).options(num_cpus=1)
        sets = iter(pair_chunks(specs))
        pending: list[Any] = []

        def submit() -> None:
            chunk = next(sets, None)
            if chunk is not None:
                pending.append(task.remote(config, chunk, programs, self._folder))

        for _ in range(self.slots * TASKS_PER_CPU):
            submit()
        try:
            while pending:
                done, _ = ray.wait(pending, num_returns=1)
                pending.remove(done[0])
                played: list[PlayedMatch] = self._get(done)[0]
                submit()
                yield from played
        finally:
            for ref in pending:  # stopped early: an error, Ctrl-C, an entrant that keeps failing
                with contextlib.suppress(Exception):
                    ray.cancel(ref)

    def _get(self, refs: list[Any]) -> list[Any]:
        """``ray.get(refs)``, a failed task's own error raised as it is (a :class:`RayError`), any
        other failure as a :class:`RayError` saying what happened."""
        ray = self._ray
        try:
            return list(ray.get(refs))
        except ray.exceptions.RayTaskError as err:
            cause = getattr(err, "cause", None)
            if isinstance(cause, RayError):  # a bot missing on the node that ran the task
                raise cause from None
            raise RayError(f"a task failed on the Ray cluster: {cause or err}") from None
        except ray.exceptions.RayError as err:  # a node or worker lost beyond Ray's retries
            raise RayError(f"the Ray cluster failed to play a match: {err}") from None


@contextlib.contextmanager
def ray_session(address: str, *, cpus: int | None = None) -> Iterator[RaySession]:
    """Connect to Ray for the length of the ``with`` block: with ``address`` :data:`LOCAL` start a
    Ray instance on this machine with ``cpus`` CPUs (all of them by default), else join the cluster
    at ``address`` (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``) and play at most ``cpus``
    matches at once (by default one per CPU of the cluster). :class:`RayError` when Ray is not
    installed or the cluster cannot be reached."""
    try:
        ray: Any = importlib.import_module("ray")  # typed loosely: Ray's API is partly untyped
    except ImportError:
        raise RayError(f"--ray needs Ray, which is not installed: {INSTALL_HINT}") from None
    if ray.is_initialized():
        raise RayError("this process is already connected to Ray")
    local = address == LOCAL
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    if local:
        options.update(num_cpus=cpus, include_dashboard=False)
    with _environment_kept(_RAY_SETTINGS):  # what ray.init sets in this process's environment
        if local:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # nobody asked for a report home
        try:
            ray.init(address=address, **options)  # "local": always a new instance, never one found here
        except (ConnectionError, RuntimeError, ValueError) as err:
            if local:
                raise RayError(f"--ray: cannot start a local Ray instance: {err}") from None
            raise RayError(
                f"--ray: cannot reach the Ray cluster at {address}: {err}. Is a cluster running there "
                "(`ray status` on its head node)? If `ray start --head` said that token authentication "
                "is enabled, run with RAY_AUTH_MODE=token and the cluster's token (the head node's "
                "~/.ray/auth_token, or RAY_AUTH_TOKEN)"
            ) from None
        yield from _connected(ray, address, local, cpus)


def _connected(ray: Any, address: str, local: bool, cpus: int | None) -> Iterator[RaySession]:
    """The session on the Ray ``ray.init`` has just connected to; Ray shut down after it."""
    try:
        total = int(ray.cluster_resources().get("CPU", 0))
        if total < 1:
            raise RayError(f"--ray {address}: the Ray cluster has no CPUs to play matches on")
        if local:
            where = f"a local Ray instance ({total} CPUs)"
        else:
            nodes = sum(1 for node in ray.nodes() if node.get("Alive"))
            where = f"the Ray cluster at {address} ({nodes} nodes, {total} CPUs)"
        slots = total if local or cpus is None else cpus
        yield RaySession(where=where, slots=slots, _ray=ray, _folder=os.getcwd())
    finally:
        ray.shutdown()


#: What ``ray.init`` may set in the environment of the process that calls it (for a local instance).
_RAY_SETTINGS: Final = ("RAY_AUTH_MODE", "RAY_USAGE_STATS_ENABLED")


@contextlib.contextmanager
def _environment_kept(names: Sequence[str]) -> Iterator[None]:
    """Put the environment variables ``names`` back as they were after the ``with`` block."""
    before = {name: os.environ.get(name) for name in names}
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
