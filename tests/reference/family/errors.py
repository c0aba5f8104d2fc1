"""The one error of the reference model: a script, a deal or a play that the rules do not allow.

``shared/conformance/README.md`` ("Command"): an illegal script names the 0-based hand and play of its
fault (``play`` is null when the fault is in the deal or the leader, both null when it is in the script's
top level). :func:`~tests.reference.family.replay.replay` writes them at the start of the message,
``"hand H, play P: ..."``; :class:`~tests.reference.family.match.RefGame` raises the bare rule.
"""

from __future__ import annotations


class RefIllegal(Exception):
    """Something the rules do not allow; ``hand`` and ``play`` say where, once a replay knows it."""

    def __init__(self, message: str, hand: int | None = None, play: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.play = play


def where(hand: int | None, play: int | None) -> str:
    """``"hand 2, play 5: "`` (``null`` for a missing index, as the conformance error object writes it)."""

    def text(index: int | None) -> str:
        return "null" if index is None else str(index)

    return f"hand {text(hand)}, play {text(play)}: "
