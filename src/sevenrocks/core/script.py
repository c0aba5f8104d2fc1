"""The conformance interface: replay a match script and report what every move scores.

The script and report formats are fixed by the conformance README (a copy is in the repository's
``tests/conformance/README.md``), for Seven Rocks and for every game of the family (a script
naming ``"game"``); :func:`replay` checks every move against the rules and returns the report,
or raises a :class:`~sevenrocks.core.errors.SevenRocksError` whose ``hand`` and ``play`` locate
the fault.

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

from sevenrocks.core.deal import is_goat_misdeal
from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.events import HandEnd
from sevenrocks.core.games import DEFAULT_GAME, Engine, Game, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.notation import parse_move
from sevenrocks.core.report import Running, hand_report, match_report
from sevenrocks.core.sausage.match import GAME_ID as SAUSAGE_ID
from sevenrocks.core.sausage.script import replay_sausage
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import Tile, mask_of

__all__ = [
    "error_report",
    "load_json",
    "replay",
    "replay_document",
    "replay_match",
    "replay_text",
    "report_of",
]


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

    A match record of any game (what ``sevenrocks play``, tournaments and the browser game write)
    is told by its ``"format"`` field; it is checked as :func:`~sevenrocks.core.record.parse_record`
    checks it, and reported as the script it stands for. Anything else must be a match script.

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
        if data["format"] == FORMAT and data.get("game") == SAUSAGE_ID:  # Sausage's own deals
            from sevenrocks.core.sausage.record import SausageRecord

            return SausageRecord.from_json(data).to_report()
        if data["format"] != FORMAT:
            raise RecordError(
                f'\'format\' is {data["format"]!r}: a match record has "format": "{FORMAT}", and a match '
                "script has no 'format'"
            )
        # checked by replaying every hand; its report is the one its script gives (and, with no
        # hand yet, keeps its number of seats, which a script only learns from a deal)
        return MatchRecord.from_json(data).to_report()
    if not isinstance(data, dict) or "hands" not in data:
        raise RecordError(
            "neither a match script (an object with a 'hands' list) nor a sevenrocks match record "
            f'(an object with "format": "{FORMAT}")'
        )
    return replay(data)


def replay(script: Any) -> dict[str, Any]:
    """Replay a parsed match script; return the report as plain JSON-ready data.

    A Sausage script (``"game": "sausage"``) has its own shape and its own engine: it is replayed by
    :func:`~sevenrocks.core.sausage.script.replay_sausage`.
    """
    if isinstance(script, dict) and script.get("game") == SAUSAGE_ID:
        return replay_sausage(script)
    return report_of(replay_match(script))


def replay_match(script: Any) -> Match:
    """Replay a parsed match script; return the match at its last position.

    Every move is checked as :func:`replay` checks it. The match holds the script's whole history
    (:attr:`Match.history`), so it can be recorded (``MatchRecord.from_match``) or shown.

    >>> match = replay_match({"game": "kozel", "options": {"target": 51}, "hands": []})
    >>> match.game, match.target, match.seats
    ('kozel', 51, 4)
    """
    if not isinstance(script, dict):
        raise RecordError("a match script is a JSON object with a 'hands' list")
    game = _game(script)
    if game.engine is not Engine.LAYOUT:
        raise RecordError(
            f"{game.id} is not played by the layout engine: its scripts are replayed by its own "
            f"({game.engine.entry}, sevenrocks.core.sausage.script.replay_sausage_match)"
        )
    hands = script.get("hands")
    if not isinstance(hands, list):
        raise RecordError("a match script needs a 'hands' list")
    match: Match | None = None
    for h, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise RecordError("each hand is a JSON object with 'hands', 'leader' and 'plays'", hand=h)
        if match is None:
            match = _new_match(game, script, hand.get("hands"))
        elif match.is_over:
            raise RecordError(f"no hand may follow hand {h - 1}, in which {_ended(match)}", hand=h)
        elif match.turn is not None:
            raise RecordError(
                f"hand {h - 1} has not ended (seat {match.turn} is to play), so no hand may follow it",
                hand=h,
            )
        _replay_hand(match, h, hand)
    return match if match is not None else _new_match(game, script, None)


def report_of(match: Match) -> dict[str, Any]:
    """The conformance report of a match from its history (see :mod:`sevenrocks.core.report`)."""
    running = Running.start(match.rules)
    hands = [hand_report(match.rules, log, running) for log in match.history]
    return match_report(match.rules, hands, match.scores, match.outcome)


def _game(script: dict[str, Any]) -> Game:
    name = script.get("game", DEFAULT_GAME)
    if not isinstance(name, str):
        raise RecordError(f"'game' must be a game id such as 'kozel', not {name!r}")
    try:
        return find_game(name)
    except SevenRocksError as err:
        raise RecordError(err.reason) from None


def _new_match(game: Game, script: dict[str, Any], first_deal: Any) -> Match:
    options = script.get("options")
    if game.id == DEFAULT_GAME:
        if options is not None:
            raise RecordError("seven-rocks takes no options: its target is the top-level 'target'")
        target = script.get("target", DEFAULT_TARGET)
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise RecordError(f"'target' must be a positive whole number, not {target!r}")
        options = {"target": target}
    elif "target" in script:
        raise RecordError(f"{game.id} takes its target in 'options', not at the top level")
    if options is not None and not isinstance(options, dict):
        raise RecordError(f"'options' must be an object of option names and values, not {options!r}")
    seats = len(first_deal) if isinstance(first_deal, list) else None
    if seats is not None and seats not in game.seats:
        if game.id == DEFAULT_GAME:
            raise RecordError("'hands' must list the tiles of the four seats", hand=0)
        allowed = " or ".join(str(n) for n in game.seats)
        raise RecordError(f"'hands' must list the tiles of {allowed} seats, not {seats}", hand=0)
    try:
        return Match(game.id, options=options, seats=seats)
    except SevenRocksError as err:
        raise RecordError(err.reason) from None


def _ended(match: Match) -> str:
    outcome = match.outcome
    if match.rules.game == DEFAULT_GAME and outcome is not None and outcome.winner is not None:
        return f"partnership {outcome.winner} reached the target {match.target}"
    return "the match ended"


def _replay_hand(match: Match, h: int, hand: dict[str, Any]) -> None:
    """Deal hand ``h`` of a script and make its plays (every error located)."""
    deal = _parse_deal(hand.get("hands"), h, match.seats)
    boneyard = _parse_tiles(hand.get("boneyard"), h, "the boneyard") if "boneyard" in hand else None
    leader = hand.get("leader")
    plays = hand.get("plays", [])
    if plays is None:
        plays = []
    if not isinstance(plays, list):
        raise RecordError("'plays' must be a list of plays", hand=h)
    void = match.rules.goat_misdeal and is_goat_misdeal([mask_of(tiles) for tiles in deal])
    if leader is None and not void and match.leader_by_lot():
        why = "the first hand" if h == 0 else "a hand after a blocked hand"
        raise RecordError(f"'leader' is required for {why}: it is drawn by lot", hand=h)
    hundred = hand.get("hundred", False)
    if not isinstance(hundred, bool):
        raise RecordError(f"'hundred' must be true or false, not {hundred!r}", hand=h)
    try:
        match.start_hand(deal, leader, boneyard=boneyard, hundred=hundred)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    if match.turn is None:  # a void deal: a Goat misdeal or a Sea Goat egg redeal
        if plays:
            why = (
                "a hand holds five doubles or six tiles of one suit"
                if void
                else "1-1 is not dealt while eggs are pending: an egg redeal"
            )
            raise RecordError(f"the deal is void ({why}): it is dealt again and has no plays", hand=h, play=0)
        return
    for p, text in enumerate(plays):
        if match.turn is None:
            raise RecordError(
                f"{text!r}: the hand has already ended ({_how(match)}); no play may follow", hand=h, play=p
            )
        if not isinstance(text, str):
            raise RecordError(f"a play is text like '3-4@4-4:B', not {text!r}", hand=h, play=p)
        try:
            match.push(parse_move(text))
        except SevenRocksError as err:
            raise err.at(hand=h, play=p) from None


def _how(match: Match) -> str:
    ended = match.results[-1]
    return {
        HandEnd.DOMINO: f"seat {ended.finisher} dominoed",
        HandEnd.BLOCKED: "it is blocked",
        HandEnd.TARGET: "the target was reached",
        HandEnd.REDEAL: "the deal is void",
    }[ended.end]


def _parse_deal(raw: Any, h: int, seats: int) -> list[list[Tile]]:
    if not isinstance(raw, list) or len(raw) != seats:
        what = "the four seats" if seats == 4 else f"the {seats} seats"
        raise RecordError(f"'hands' must list the tiles of {what}", hand=h)
    for seat, tiles in enumerate(raw):
        if not isinstance(tiles, list):
            raise RecordError(f'seat {seat}\'s tiles must be a list like ["0-0", "1-3"]', hand=h)
    return [_parse_tiles(tiles, h, f"seat {seat}'s hand") for seat, tiles in enumerate(raw)]


def _parse_tiles(raw: Any, h: int, what: str) -> list[Tile]:
    if not isinstance(raw, list):
        raise RecordError(f'{what} must be a list like ["0-0", "1-3"]', hand=h)
    parsed = []
    for text in raw:
        try:
            parsed.append(Tile.parse(text))
        except SevenRocksError as err:
            raise RecordError(f"{what}: {err.reason}", hand=h) from None
    return parsed


def error_report(err: SevenRocksError) -> dict[str, Any]:
    """The conformance error object for ``err``: ``{"error": {"hand", "play", "message"}}``."""
    return {"error": {"hand": err.hand, "play": err.play, "message": err.reason}}
