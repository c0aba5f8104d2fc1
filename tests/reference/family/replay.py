"""A match script replayed into its conformance report, or :class:`RefIllegal` naming the fault.

Models ``shared/conformance/README.md``: "Match script", "Report" and, in "The family of games", the
script additions (``game``, ``options``, ``boneyard``, ``leader`` where a lot names it, void deals written
with no plays), the order of checks (no hand after the match has ended, none after a hand that has not
ended, no play after a hand has ended) and the report additions. A script without ``"game"`` is a Seven
Rocks script: its target is the top-level ``"target"`` and its report has exactly the Seven Rocks keys.
A Sea Goat hand may carry ``"hundred"`` (a declared voluntary hundred, ``sea-kozel.md`` §3.3); a Sausage
script has its own shape and is replayed by ``sausage.py`` (conformance README, "Sausage").
"""

from __future__ import annotations

from typing import Any

from tests.reference.family.errors import RefIllegal, where
from tests.reference.family.match import RefGame
from tests.reference.family.sausage import replay_sausage


def _fail(message: str, hand: int | None, play: int | None) -> RefIllegal:
    return RefIllegal(where(hand, play) + message, hand, play)


def _new_game(script: dict[str, Any]) -> RefGame:
    """The game a script names, with its options (the top-level target for Seven Rocks)."""
    game = script.get("game", "seven-rocks")
    options = script.get("options")
    if game == "seven-rocks":
        if options:
            raise _fail('seven-rocks takes no options (its target is the top-level "target")', None, None)
        options = {"target": script["target"]} if "target" in script else {}
    elif "target" in script:
        raise _fail(
            f'{game} takes its target as "options": {{"target": ...}}, not at the top level', None, None
        )
    try:
        return RefGame(game, options)
    except ValueError as err:
        raise _fail(str(err), None, None) from None


def replay(script: dict[str, Any]) -> dict[str, Any]:
    """The conformance report of ``script``; :class:`RefIllegal` ("hand H, play P: ...") if it is illegal."""
    if not isinstance(script, dict) or not isinstance(script.get("hands"), list):
        raise _fail('a script is an object with a list of "hands"', None, None)
    if script.get("game") == "sausage":
        return replay_sausage(script)
    game = _new_game(script)
    for h, deal in enumerate(script["hands"]):
        if not isinstance(deal, dict):
            raise _fail("each hand is an object", h, None)
        if game.match_over:
            raise _fail("the match is over: no hand may follow", h, None)
        if h and not game.hand_over:
            raise _fail(f"hand {h - 1} has not ended", h, None)
        plays = deal.get("plays") or []
        if not isinstance(plays, list):
            raise _fail('"plays" is a list of plays', h, None)
        dealt: Any = deal.get("hands")
        try:
            game.start_hand(dealt, deal.get("boneyard") or [], deal.get("leader"), deal.get("hundred", False))
        except (RefIllegal, ValueError) as err:
            raise _fail(str(err), h, None) from None
        if game.hand_report()["end"] == "redeal" and plays:
            egg = "egg-redeal" in (game.hand_report().get("events") or [])
            kind = "an egg redeal" if egg else "a Goat misdeal"
            raise _fail(f"this deal is void ({kind}): it is written with no plays", h, 0)
        for p, text in enumerate(plays):
            if game.hand_over:
                raise _fail("the hand has ended: no play may follow", h, p)
            try:
                game.play(text)
            except RefIllegal as err:
                raise _fail(str(err), h, p) from None
    return game.report()
