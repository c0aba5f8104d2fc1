"""``--ray [ADDRESS]`` of ``tournament`` and ``ladder``: play the matches as Ray tasks.

``--ray`` alone starts a Ray instance on this machine (``--workers N`` gives it N CPUs; by default
all of them); ``--ray ADDRESS`` joins the cluster at ``ADDRESS`` (``HOST:PORT``, ``ray://HOST:PORT``
or ``auto``), where ``--workers N`` plays at most N matches at once. The option's value is optional,
which the command-line parser does not know: :class:`RayAddressCommand` gives a bare ``--ray`` the
value ``local`` before parsing (:func:`with_ray_default`).

>>> with_ray_default(["--ray", "--seed", "3"], takes_arguments=False)
['--ray', 'local', '--seed', '3']
>>> with_ray_default(["--ray", "random", "greedy"], takes_arguments=True)
['--ray', 'local', 'random', 'greedy']
>>> with_ray_default(["--ray", "10.0.0.5:6379", "random"], takes_arguments=True)
['--ray', '10.0.0.5:6379', 'random']
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand

from sevenrocks.cli.match_options import fail, given_on_command_line
from sevenrocks.tournament.ray_runner import LOCAL, RayError, RaySession, is_ray_address, ray_session

__all__ = ["RayAddressCommand", "RayOption", "ray_cluster", "with_ray_default"]

RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help="Play the matches as Ray tasks: alone, on a Ray instance started on this machine "
        "(--workers: its CPUs); with ADDRESS (HOST:PORT or auto), on that Ray cluster. cmd: bots must "
        "exist on every node. Needs pip install 'sevenrocks[cluster]'.",
    ),
]


def with_ray_default(args: Sequence[str], *, takes_arguments: bool) -> list[str]:
    """``args`` with ``local`` after each ``--ray`` that is not followed by its address: at the end,
    before another option, or — for a command that takes arguments (the ladder's bots) — before
    anything that does not look like a Ray address. After ``--`` nothing is changed."""
    out: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        out.append(arg)
        if arg == "--":
            out.extend(rest)
            break
        if arg != "--ray":
            continue
        following = rest[0] if rest else None
        if (
            following is None
            or following.startswith("-")
            or (takes_arguments and not is_ray_address(following))
        ):
            out.append(LOCAL)
    return out


class RayAddressCommand(TyperCommand):
    """A command whose ``--ray`` option may be given without its value."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse ``args`` with a bare ``--ray`` read as ``--ray local``."""
        takes_arguments = any(isinstance(param, TyperArgument) for param in self.params)
        return super().parse_args(ctx, with_ray_default(args, takes_arguments=takes_arguments))


@contextlib.contextmanager
def ray_cluster(
    ctx: typer.Context, address: str | None, workers: int, entrants: Sequence[str]
) -> Iterator[RaySession | None]:
    """Around the play of a series: ``None`` without ``--ray``; with it, a Ray session (said on
    stderr) whose nodes were checked for the ``cmd:`` bots among ``entrants``. Ray missing, a cluster
    that cannot be reached, a bot missing on a node: a clear error (exit 2)."""
    if address is None:
        yield None
        return
    if not is_ray_address(address):
        raise fail(
            f"--ray {address}: not a Ray address; give HOST:PORT (the head node's, as `ray start --head` "
            "printed it), ray://HOST:PORT or auto — or --ray alone for a Ray instance on this machine"
        )
    cpus = workers if given_on_command_line(ctx, "workers") else None
    try:
        with ray_session(address, cpus=cpus) as session:
            typer.echo(f"playing on {session.where}", err=True)
            session.check_programs(entrants)
            yield session
    except RayError as err:
        raise fail(str(err)) from None
