"""The conformance interface: replay a match script and report what every play scores.

The script and report formats are fixed by ``conformance/README.md`` of the shared rules
folder; :func:`replay` checks every play against the rules and returns the report, or raises
a :class:`~sevenrocks.core.errors.SevenRocksError` whose ``hand`` and ``play`` locate the fault.

>>> script = {"hands": [{"hands": [["0-2", "0-4", "1-3", "1-4", "2-2", "3-4", "5-6"],
...     ["0-6", "1-2", "1-6", "2-4", "2-6", "3-3", "4-6"],
...     ["0-0", "0-1", "0-3", "0-5", "1-1", "2-3", "3-6"],
...     ["1-5", "2-5", "3-5", "4-4", "4-5", "5-5", "6-6"]], "leader": 2, "plays": ["0-5"]}]}
>>> replay(script)["hands"][0]["plays"]
[{'seat': 2, 'tile': '0-5', 'ends_total': 5, 'points': 5}]
"""

from __future__ import annotations

import json
from typing import Any

from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.events import HandEnd, HandResult, Placement
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Play
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import Tile

__all__ = ["error_report", "load_json", "replay", "replay_document", "replay_text"]


def load_json(text: str | bytes) -> Any:
    """Parse JSON text, raising :class:`RecordError` with the line and column of a fault."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except (UnicodeDecodeError, RecursionError) as err:
        raise RecordError(f"not valid JSON text: {type(err).__name__}") from None


def replay_text(text: str | bytes) -> dict[str, Any]:
    """Replay a match script or a match record given as JSON text (see :func:`replay_document`)."""
    return replay_document(load_json(text))


def replay_document(data: Any) -> dict[str, Any]:
    """The report of a conformance match script, or of one of the project's match records.

    A match record (what ``sevenrocks play``, tournaments and the browser game write) is told by
    its ``"format"`` field; it is checked as :func:`~sevenrocks.core.record.parse_record` checks
    it, and reported as the script it stands for. Anything else must be a match script.

    >>> from sevenrocks.core.match import Match
    >>> from sevenrocks.core.record import MatchRecord
    >>> match = Match(seed=4)
    >>> match.start_hand()
    >>> _ = match.push(match.legal_plays()[0])
    >>> record = MatchRecord.from_match(match)
    >>> replay_document(record.to_json()) == replay(record.to_script())
    True
    >>> replay_document({"moves": []})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.core.errors.RecordError: neither a match script (...) nor a sevenrocks match record (...)
    """
    from sevenrocks.core.record import FORMAT, MatchRecord

    if isinstance(data, dict) and "format" in data:
        if data["format"] != FORMAT:
            raise RecordError(
                f'\'format\' is {data["format"]!r}: a match record has "format": "{FORMAT}", and a match '
                "script has no 'format'"
            )
        return replay(MatchRecord.from_json(data).to_script())
    if not isinstance(data, dict) or "hands" not in data:
        raise RecordError(
            "neither a match script (an object with a 'hands' list) nor a sevenrocks match record "
            f'(an object with "format": "{FORMAT}")'
        )
    return replay(data)


def replay(script: Any) -> dict[str, Any]:
    """Replay a parsed match script; return the report as plain JSON-ready data."""
    if not isinstance(script, dict):
        raise RecordError("a match script is a JSON object with a 'hands' list")
    target = script.get("target", DEFAULT_TARGET)
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise RecordError(f"'target' must be a positive whole number, not {target!r}")
    hands = script.get("hands")
    if not isinstance(hands, list):
        raise RecordError("a match script needs a 'hands' list")
    match = Match(target=target)
    report_hands: list[dict[str, Any]] = []
    for h, hand in enumerate(hands):
        if match.is_over:
            raise RecordError(
                f"no hand may follow hand {h - 1}, in which partnership {match.winner} "
                f"reached the target {target}",
                hand=h,
            )
        if h > 0 and match.turn is not None:
            raise RecordError(
                f"hand {h - 1} has not ended (seat {match.turn} is to play), so no hand may follow it",
                hand=h,
            )
        report_hands.append(_replay_hand(match, h, hand))
    return {"hands": report_hands, "scores": list(match.scores), "winner": match.winner}


def _replay_hand(match: Match, h: int, hand: Any) -> dict[str, Any]:
    if not isinstance(hand, dict):
        raise RecordError("each hand is a JSON object with 'hands', 'leader' and 'plays'", hand=h)
    deal = _parse_deal(hand.get("hands"), h)
    leader = hand.get("leader")
    if leader is None and match.next_leader() is None:
        why = "the first hand" if h == 0 else "a hand after a blocked hand"
        raise RecordError(f"'leader' is required for {why}: it is drawn by lot", hand=h)
    plays = hand.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError("'plays' must be a list of plays", hand=h)
    try:
        match.start_hand(deal, leader)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    out: list[dict[str, Any]] = []
    for p, text in enumerate(plays):
        if match.turn is None:
            ended = match.results[-1]
            how = {
                HandEnd.DOMINO: f"seat {ended.finisher} dominoed",
                HandEnd.BLOCKED: "it is blocked",
                HandEnd.TARGET: "the target was reached",
            }[ended.end]
            raise RecordError(
                f"{text!r}: the hand has already ended ({how}); no play may follow", hand=h, play=p
            )
        if not isinstance(text, str):
            raise RecordError(f"a play is text like '3-4@4-4:B', not {text!r}", hand=h, play=p)
        try:
            placement = match.push(Play.parse(text))
        except SevenRocksError as err:
            raise err.at(hand=h, play=p) from None
        out.append(_placement_json(placement))
    result = match.results[-1] if match.turn is None else None
    return _hand_json(out, result, match.scores)


def _placement_json(placement: Placement) -> dict[str, Any]:
    return {
        "seat": placement.seat,
        "tile": str(placement.play.tile),
        "ends_total": placement.ends_total,
        "points": placement.points,
    }


def _hand_json(
    plays: list[dict[str, Any]], result: HandResult | None, scores: tuple[int, int]
) -> dict[str, Any]:
    return {
        "plays": plays,
        "end": result.end.value if result else None,
        "finisher": result.finisher if result else None,
        "pips": list(result.pips) if result and result.pips else None,
        "deductions": list(result.deductions) if result and result.deductions else None,
        "scores": list(result.scores if result else scores),
    }


def _parse_deal(raw: Any, h: int) -> list[list[Tile]]:
    if not isinstance(raw, list) or len(raw) != 4:
        raise RecordError("'hands' must list the tiles of the four seats", hand=h)
    deal: list[list[Tile]] = []
    for seat, tiles in enumerate(raw):
        if not isinstance(tiles, list):
            raise RecordError(f'seat {seat}\'s tiles must be a list like ["0-0", "1-3"]', hand=h)
        parsed = []
        for text in tiles:
            try:
                parsed.append(Tile.parse(text))
            except SevenRocksError as err:
                raise RecordError(f"seat {seat}'s hand: {err.reason}", hand=h) from None
        deal.append(parsed)
    return deal


def error_report(err: SevenRocksError) -> dict[str, Any]:
    """The conformance error object for ``err``: ``{"error": {"hand", "play", "message"}}``."""
    return {"error": {"hand": err.hand, "play": err.play, "message": err.reason}}
