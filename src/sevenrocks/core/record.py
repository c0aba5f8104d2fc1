"""Match records: one JSON file per match of any game, versioned, validated by replaying every hand.

A record keeps everything needed to see again, check and continue a match: the game, its option
values and its number of seats, the seed, who sat where, free metadata, and for every hand the
deal and the boneyard in draw order, the leader and how the rules chose it, every move, knock and
draw with its seat, and the hand's settlement; then the final scores and how the match ended (by
the game's rules, with its winners and goats; abandoned; forfeited; or not yet). The format is
described field by field in ``docs/record-format.md``. This module writes version 2 for every
game, Seven Rocks included, and still reads version 1 (the Seven Rocks records written before the
family of games).

>>> from sevenrocks.core.match import Match
>>> match = Match(seed=11)
>>> match.start_hand()
>>> for _ in range(3):
...     _ = match.push(match.legal_plays()[0])
>>> record = MatchRecord.from_match(match, players=("human", "greedy", "random", "greedy"))
>>> data = record.to_json()
>>> data["format"], data["version"], data["game"], data["options"], data["seats"]
('sevenrocks-match', 2, 'seven-rocks', {'target': 250}, 4)
>>> len(data["hands"][0]["deal"]), data["result"]
(4, {'end': None, 'winner': None, 'reason': None})
>>> MatchRecord.from_json(data) == record
True

Every game of the family is recorded the same way:

>>> kozel = Match("kozel", seats=3, seed=2)
>>> kozel.start_hand()
>>> _ = kozel.push(kozel.legal_moves()[0])
>>> record = MatchRecord.from_match(kozel, players=("ann", "bob", "cy"))
>>> record.game, record.seats, record.target, len(record.to_json()["hands"][0]["boneyard"])
('kozel', 3, 101, 7)

Loading replays every hand through :class:`~sevenrocks.core.match.Match`, so a record with
an illegal play raises the engine's own error, with the hand and the play:

>>> data["hands"][0]["events"][1]["play"] = "6-6@0-0:B"
>>> MatchRecord.from_json(data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.NotInHandError: hand 0, play 1: tile 6-6 is not in seat ...'s hand
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from sevenrocks.core.deal import is_goat_misdeal
from sevenrocks.core.envelope import (
    FORMAT,
    TOP_KEYS,
    TOP_REQUIRED,
    VERSION,
    MatchEnd,
    RecordEnvelope,
    as_players,
    check_keys,
    check_record_object,
    check_seed,
    ended_text,
    has_bool,
    json_kind,
    number_word,
    parse_result,
    pretty_json,
    read_record_file,
    record_body,
    scores_text,
)
from sevenrocks.core.errors import (
    DealError,
    HandOverError,
    MatchOverError,
    OutOfTurnError,
    RecordError,
    SevenRocksError,
)
from sevenrocks.core.events import (
    FAMILY_RESULT_FIELDS,
    Draw,
    Event,
    HandEnd,
    HandLog,
    HandResult,
    Knock,
    Placement,
)
from sevenrocks.core.games import DEFAULT_GAME, Engine, Later, OptionValue, Outcome, Rules, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Move, parse_move
from sevenrocks.core.report import Running, hand_report, match_report, outcome_json
from sevenrocks.core.tiles import TILES, Tile, mask_of

__all__ = [
    "FORMAT",
    "LEADS",
    "VERSION",
    "VERSIONS",
    "MatchEnd",
    "MatchRecord",
    "lead_kind",
    "load_record",
    "parse_record",
]

#: The versions this module reads.
VERSIONS: Final = (1, 2)

LEAD_LOT: Final = "lot"
"""A neutral lot chose the leader (any tile)."""
LEAD_ORDER: Final = "order"
"""A tile order named the leader and the lead tile (the holder of the first tile in the order)."""
LEAD_DOMINO: Final = "domino"
"""The seat that dominoed the previous hand leads (any tile)."""
LEAD_FISHERMAN: Final = "fisherman"
"""The seat that made the last move before the previous hand's block leads (any tile)."""
LEAD_ROTATION: Final = "rotation"
"""The seat after the previous hand's leader leads (any tile)."""
LEAD_HUNDRED: Final = "hundred"
"""Sea Goat: the seat that owes a compulsory hundred leads (any tile)."""
LEAD_EGGS: Final = "eggs"
"""Sea Goat: eggs are pending and the holder of 1-1 leads it."""
LEAD_DECLARED: Final = "declared"
"""Sea Goat: the holder of 6-6 declared a voluntary hundred and leads 6-6."""
#: Every way a hand's leader is chosen, as a record's ``lead`` names it.
LEADS: Final = (
    LEAD_LOT,
    LEAD_ORDER,
    LEAD_DOMINO,
    LEAD_FISHERMAN,
    LEAD_ROTATION,
    LEAD_HUNDRED,
    LEAD_EGGS,
    LEAD_DECLARED,
)
_LEAD_OF: Final = {
    Later.FINISHER: LEAD_DOMINO,
    Later.LOT: LEAD_LOT,
    Later.FISHERMAN: LEAD_FISHERMAN,
    Later.ROTATION: LEAD_ROTATION,
}

_TOP_KEYS_V1: Final = (
    "format",
    "version",
    "seed",
    "target",
    "players",
    "metadata",
    "hands",
    "scores",
    "result",
)
_TOP_REQUIRED_V1: Final = ("format", "version", "target", "players", "hands")
_HAND_KEYS_V1: Final = ("deal", "leader", "lead", "events", "result")
_HAND_KEYS: Final = ("deal", "boneyard", "leader", "lead", "events", "result")
_PLAY_KEYS: Final = ("seat", "play", "ends_total", "points", "comment", "stand_in")
_KNOCK_KEYS: Final = ("seat", "knock")
_DRAW_KEYS: Final = ("seat", "draw")
_RESULT_KEYS_V1: Final = ("end", "finisher", "pips", "deductions", "remaining", "scores")
#: The family fields of a hand's result (``HandResult``), written where they are not null.
_FAMILY_KEYS: Final = FAMILY_RESULT_FIELDS
_RESULT_KEYS: Final = (*_RESULT_KEYS_V1, *_FAMILY_KEYS)
_OUTCOME_KEYS_V1: Final = ("end", "winner", "reason")
_OUTCOME_KEYS: Final = ("end", "winner", "reason", "goats")
_HAND_ENDS_V1: Final = ("domino", "blocked", "target")
_HAND_ENDS: Final = ("domino", "blocked", "target", "redeal")


def lead_kind(rules: Rules, previous: HandResult | None) -> str:
    """How the rules choose the leader of a hand that follows the played hand ``previous``
    (``None``: the match's first hand), as a record's ``lead`` names it (one of :data:`LEADS`).

    >>> from sevenrocks.core.games import find_game
    >>> lead_kind(find_game("seven-rocks").rules(), None), lead_kind(find_game("kozel").rules(), None)
    ('lot', 'order')
    """
    rule: Later | None = None
    if previous is not None:
        rule = rules.after_domino if previous.end is HandEnd.DOMINO else rules.after_block
    if rule is None or rule is Later.FIRST_RULE:
        return LEAD_LOT if rules.first_lead is None else LEAD_ORDER
    return _LEAD_OF[rule]


def _played(results: Sequence[HandResult]) -> HandResult | None:
    """The last result of a hand that was played (void deals skipped)."""
    for result in reversed(results):
        if result.end is not HandEnd.REDEAL:
            return result
    return None


@dataclass(frozen=True, eq=True)
class MatchRecord(RecordEnvelope[HandLog]):
    """A whole match of any game as data: build it with :meth:`from_match` or :meth:`from_json`.

    ``game``, ``options`` (completed with the defaults) and ``seats`` name the rules. ``hands`` are
    the :class:`~sevenrocks.core.events.HandLog` of every hand (the last may be unfinished, with
    ``result`` ``None``). ``end`` is ``None`` while the match can go on. ``outcome`` is how the
    game's rules ended the match (set exactly when ``end`` is :attr:`MatchEnd.TARGET`); ``winner``
    is the single winning side (Seven Rocks: 0 for seats 0 and 2, 1 for seats 1 and 3), the side a
    forfeit awards the match to, or ``None``. Constructing one directly checks the fields' shapes
    and their consistency with each other, but not the plays: :meth:`from_json` replays them.
    """

    players: tuple[str, ...]
    hands: tuple[HandLog, ...]
    game: str = DEFAULT_GAME
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seats: int = 4
    seed: int | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    end: MatchEnd | None = None
    winner: int | None = None
    reason: str | None = None
    outcome: Outcome | None = None
    comments: Mapping[tuple[int, int], str] = field(default_factory=dict)
    stand_ins: frozenset[tuple[int, int]] = frozenset()
    """The ``(hand, play)`` of each move a stand-in bot made for its seat's player (a timed web
    table whose player's time ran out); written as the move's optional ``"stand_in": true``."""
    _rules: Rules = field(init=False, repr=False, compare=False)

    __hash__ = RecordEnvelope.__hash__

    def __post_init__(self) -> None:
        rules = _rules_of(self.game, self.options, self.seats)
        self._check_envelope(rules)
        comments = dict(self.comments)
        for key, text in comments.items():
            if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, int) for k in key)):
                raise RecordError(f"a comment is keyed by (hand, play), not {key!r}")
            h, p = key
            if not 0 <= h < len(self.hands) or not 0 <= p < len(self.hands[h].placements):
                raise RecordError(f"a comment on hand {h}, play {p}: the record has no such play")
            if not isinstance(text, str):
                raise RecordError(f"a comment is text, not {json_kind(text)}", hand=h, play=p)
        object.__setattr__(self, "comments", comments)
        marks = frozenset(self.stand_ins)
        for key in marks:
            if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, int) for k in key)):
                raise RecordError(f"a stand-in's move is keyed by (hand, play), not {key!r}")
            h, p = key
            if not 0 <= h < len(self.hands) or not 0 <= p < len(self.hands[h].placements):
                raise RecordError(f"a stand-in's move on hand {h}, play {p}: the record has no such play")
        object.__setattr__(self, "stand_ins", marks)

    # ------------------------------------------------------------------ reading
    @property
    def target(self) -> int | None:
        """The game's target with these options, or ``None`` for a game without one."""
        return self._rules.ending.target

    @property
    def scores(self) -> tuple[int, ...]:
        """The side scores at the end of the record, in the game's units."""
        rules = self._rules
        scores = [0] * rules.sides
        for log in self.hands:
            if log.result is not None:
                scores = list(log.result.scores)
            else:
                for placement in log.placements:
                    scores[rules.side_of(placement.seat)] += placement.points
        return tuple(scores)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the finished hands (void deals included), in order."""
        return tuple(log.result for log in self.hands if log.result is not None)

    def lead_by(self, hand: int) -> str | None:
        """How hand ``hand``'s leader was chosen (one of :data:`LEADS`); ``None`` for a void deal."""
        if hand < 0 or hand >= len(self.hands):
            raise IndexError(f"the record has no hand {hand}")
        if self.hands[hand].leader < 0:
            return None
        if self.hands[hand].imposed is not None:
            return self.hands[hand].imposed
        earlier = [log.result for log in self.hands[:hand] if log.result is not None]
        return lead_kind(self._rules, _played(earlier))

    def with_comments(self, comments: Mapping[tuple[int, int], str]) -> MatchRecord:
        """A copy of this record whose moves carry ``comments`` (text keyed by ``(hand, play)``,
        the play counted among the hand's moves from 0), in place of any it had; written as each
        move's optional ``"comment"`` field.

        >>> from sevenrocks.core.match import Match
        >>> match = Match(seed=1)
        >>> match.start_hand()
        >>> _ = match.push(match.legal_plays()[0])
        >>> record = MatchRecord.from_match(match).with_comments({(0, 0): "a quiet lead"})
        >>> record.to_json()["hands"][0]["events"][0]["comment"]
        'a quiet lead'
        >>> MatchRecord.from_json(record.to_json()) == record
        True
        """
        return replace(self, comments=dict(comments))

    def with_stand_ins(self, moves: Iterable[tuple[int, int]]) -> MatchRecord:
        """A copy of this record whose moves ``(hand, play)`` (the play counted among the hand's
        moves from 0) are marked as made by a stand-in bot for their seat's player, in place of
        any marks it had; written as each such move's optional ``"stand_in": true``.

        >>> from sevenrocks.core.match import Match
        >>> match = Match(seed=1)
        >>> match.start_hand()
        >>> _ = match.push(match.legal_plays()[0])
        >>> record = MatchRecord.from_match(match).with_stand_ins({(0, 0)})
        >>> record.to_json()["hands"][0]["events"][0]["stand_in"]
        True
        >>> MatchRecord.from_json(record.to_json()) == record
        True
        """
        return replace(self, stand_ins=frozenset(moves))

    # ------------------------------------------------------------------ making
    @classmethod
    def from_match(
        cls,
        match: Match,
        *,
        players: Sequence[str] | None = None,
        metadata: Mapping[str, str] | None = None,
        end: MatchEnd | None = None,
        winner: int | None = None,
        reason: str | None = None,
    ) -> MatchRecord:
        """The record of ``match`` so far, built from :attr:`Match.history`.

        ``players`` names one player per seat (by default ``"unknown"``). A match its rules have
        ended is recorded as such (``end`` :attr:`MatchEnd.TARGET`, with the rules' outcome); for
        a match stopped early give ``end=MatchEnd.ABANDONED`` (no winner) or
        ``end=MatchEnd.FORFEIT`` with ``winner``, and a ``reason`` (see also :meth:`with_end`).
        """
        history = match.history
        if len(history) != match.hand_number + 1:
            raise RecordError(
                "this match does not hold the history of all its hands (it was made from a view), "
                "so it cannot be recorded"
            )
        rules = match.rules
        if match.is_over and end is None:
            end, winner = MatchEnd.TARGET, match.winner
        return cls(
            players=as_players(("unknown",) * rules.seats if players is None else players, rules.seats),
            hands=history,
            game=rules.game,
            options=dict(rules.options),
            seats=rules.seats,
            seed=match.seed,
            metadata=dict(metadata or {}),
            end=end,
            winner=winner,
            reason=reason,
            outcome=match.outcome,
        )

    # ------------------------------------------------------------------ writing
    def _hand_json(self, h: int, log: HandLog) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        p = -1
        for event in log.events:
            if isinstance(event, Placement):
                p += 1
                move: dict[str, Any] = {
                    "seat": event.seat,
                    "play": str(event.play),
                    "ends_total": event.ends_total,
                    "points": event.points,
                }
                if (h, p) in self.comments:
                    move["comment"] = self.comments[(h, p)]
                if (h, p) in self.stand_ins:
                    move["stand_in"] = True
                events.append(move)
            elif isinstance(event, Knock):
                events.append({"seat": event.seat, "knock": list(event.values)})
            else:
                events.append({"seat": event.seat, "draw": str(event.tile)})
        result = log.result
        out: dict[str, Any] | None = None if result is None else _result_json(result)
        return {
            "deal": [[str(t) for t in tiles] for tiles in log.deal],
            "boneyard": [str(t) for t in log.boneyard],
            "leader": log.leader if log.leader >= 0 else None,
            "lead": self.lead_by(h),
            "events": events,
            "result": out,
        }

    def dumps(self) -> str:
        """The record as JSON text: one line per event and per seat's tiles, ending in a newline."""
        return pretty_json(self.to_json(), 0) + "\n"

    def to_script(self) -> dict[str, Any]:
        """The conformance match script of this record, for ``sevenrocks replay``.

        A Seven Rocks script keeps its target at the top level and names no game; every other
        game's script names its ``game`` and all its ``options``. Each hand gives its deal, its
        boneyard (where tiles are undealt), its leader (but for a void deal) and its moves.

        >>> from sevenrocks.core.match import Match
        >>> from sevenrocks.core.script import replay
        >>> match = Match("muggins", seats=3, seed=4)
        >>> match.start_hand()
        >>> _ = match.push(match.legal_plays()[-1])
        >>> record = MatchRecord.from_match(match)
        >>> sorted(record.to_script()), sorted(record.to_script()["hands"][0])
        (['game', 'hands', 'options'], ['boneyard', 'hands', 'leader', 'plays'])
        >>> replay(record.to_script()) == record.to_report()
        True
        """
        script: dict[str, Any] = {}
        if self.game == DEFAULT_GAME:
            script["target"] = self.target
        else:
            script["game"] = self.game
            script["options"] = dict(self.options)
        hands: list[dict[str, Any]] = []
        for log in self.hands:
            hand: dict[str, Any] = {"hands": [[str(t) for t in tiles] for tiles in log.deal]}
            if log.boneyard:
                hand["boneyard"] = [str(t) for t in log.boneyard]
            if log.leader >= 0:
                hand["leader"] = log.leader
            if log.imposed == LEAD_DECLARED:
                hand["hundred"] = True
            hand["plays"] = [str(p.play) for p in log.placements]
            hands.append(hand)
        script["hands"] = hands
        return script

    def to_report(self) -> dict[str, Any]:
        """The conformance report of this record, from its own stored hands (no replay): always
        equal to ``sevenrocks.core.script.replay(self.to_script())``."""
        running = Running.start(self._rules)
        hands = [hand_report(self._rules, log, running) for log in self.hands]
        return match_report(self._rules, hands, self.scores, self.outcome)

    # ------------------------------------------------------------------ reading back
    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Check ``data`` (parsed JSON, version 1 or 2) and replay every hand; return the record.

        Raises :class:`RecordError` for a wrong shape, a wrong format or version, or stored
        summaries (knocks, draws, totals, points, settlements, scores, result) that contradict
        the replay; the engine's own errors (:class:`DealError`, :class:`LeaderError`, an
        :class:`IllegalPlayError` subclass, :class:`HandOverError`, :class:`MatchOverError`...)
        for illegal content. Every error carries the hand and play index where it is known.
        """
        data = check_record_object(data)
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise RecordError(f"'version' must be a whole number, not {version!r}")
        if version not in VERSIONS:
            newer = " (written by a newer sevenrocks: upgrade to read it)" if version > VERSION else ""
            raise RecordError(
                f"match record version {version} is not supported: this sevenrocks reads versions "
                f"{' and '.join(str(v) for v in VERSIONS)}{newer}"
            )
        rules = _head_v1(data) if version == 1 else _head(data)
        seed = check_seed(data.get("seed"))
        players, metadata, hands = record_body(data, rules.seats, "hands")

        match = Match(rules, seed=seed)
        comments: dict[tuple[int, int], str] = {}
        stand_ins: set[tuple[int, int]] = set()
        for h, hand in enumerate(hands):
            marked: set[int] = set()
            for p, text in _replay_hand(match, h, hand, version, marked).items():
                comments[(h, p)] = text
            stand_ins.update((h, p) for p in marked)

        if "scores" in data:
            stored = _int_list(data["scores"], rules, "'scores'", hand=None)
            if stored != match.scores:
                raise RecordError(
                    f"the record's final scores {scores_text(stored)} contradict the replay, which ends "
                    f"at {scores_text(match.scores)}"
                )
        end, winner, reason = _parse_outcome(data.get("result"), match, version)
        return cls(
            players=players,
            hands=match.history,
            game=rules.game,
            options=dict(rules.options),
            seats=rules.seats,
            seed=seed,
            metadata=metadata,
            end=end,
            winner=winner,
            reason=reason,
            outcome=match.outcome,
            comments=comments,
            stand_ins=frozenset(stand_ins),
        )

    def replay(self) -> Match:
        """The match re-played from its deals to the record's last position.

        The returned match can go on (when the record is not finished): call
        :meth:`Match.push` or :meth:`Match.start_hand`. When the recorded deals and lots are
        the ones ``seed`` draws (as in a match dealt by :class:`Match` itself), the generator
        is brought to the same state, so the next deal is the one the original match would
        have dealt; otherwise it starts afresh from ``seed``.

        >>> from sevenrocks.core.match import Match
        >>> match = Match(seed=9)
        >>> match.start_hand()
        >>> while match.turn is not None:
        ...     _ = match.push(match.legal_plays()[0])
        >>> again = MatchRecord.from_match(match).replay()
        >>> match.start_hand(); again.start_hand()
        >>> again.history[-1] == match.history[-1]
        True
        """
        match = Match(self._rules, seed=self.seed)
        in_step = self.seed is not None
        for h, log in enumerate(self.hands):
            try:
                if in_step:
                    probe = match.copy(stack=False)
                    probe.start_hand()
                    last = probe.history[-1]
                    in_step = (last.deal, last.leader, last.boneyard, last.imposed) == (
                        log.deal,
                        log.leader,
                        log.boneyard,
                        log.imposed,
                    )
                if in_step:
                    match.start_hand()  # the same draws as the original match made
                else:
                    match.start_hand(
                        log.deal,
                        log.leader if log.leader >= 0 else None,
                        boneyard=log.boneyard or None,
                        hundred=log.imposed == LEAD_DECLARED,
                    )
                for placement in log.placements:
                    match.push(placement.play)
            except SevenRocksError as err:
                raise err.at(hand=h) from None
        return match


# ---------------------------------------------------------------------- the rules of a record
def _rules_of(game: Any, options: Any, seats: Any) -> Rules:
    """The rules named by a record's game, options and seats (:class:`RecordError` otherwise)."""
    if not isinstance(game, str):
        raise RecordError(f"'game' must be a game id such as 'kozel', not {game!r}")
    try:
        definition = find_game(game)
    except SevenRocksError as err:
        raise RecordError(err.reason) from None
    if definition.id != game:
        raise RecordError(f"'game' must be written as its id {definition.id!r}, not {game!r}")
    if definition.engine is not Engine.LAYOUT:  # Sausage: its own deals, its own record class
        raise RecordError(
            f"a record of {game} has its own deals: read it with "
            "sevenrocks.core.sausage.SausageRecord (sevenrocks replay, show and render read both)"
        )
    if not isinstance(options, Mapping):
        raise RecordError(f"'options' must be an object of option names and values, not {json_kind(options)}")
    try:
        return definition.rules(options, seats)
    except SevenRocksError as err:
        raise RecordError(err.reason) from None


def _head_v1(data: dict[str, Any]) -> Rules:
    """Check the top-level fields of a version 1 record (Seven Rocks); return its rules."""
    check_keys(data, _TOP_KEYS_V1, _TOP_REQUIRED_V1, "the match record")
    target = data["target"]
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise RecordError(f"'target' must be a positive whole number of points, not {target!r}")
    return _rules_of(DEFAULT_GAME, {"target": target}, 4)


def _head(data: dict[str, Any]) -> Rules:
    """Check the top-level fields of a version 2 record; return its rules."""
    check_keys(data, TOP_KEYS, TOP_REQUIRED, "the match record")
    options = data.get("options", {})
    if options is None:
        options = {}
    seats = data["seats"]
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise RecordError(f"'seats' must be the number of seats (2, 3 or 4), not {seats!r}")
    rules = _rules_of(data["game"], options, seats)
    if "target" in data:
        target = data["target"]
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target <= 0):
            raise RecordError(f"'target' must be a positive whole number of points or null, not {target!r}")
        if target != rules.ending.target:
            plays = f"plays to {rules.ending.target}" if rules.ending.target is not None else "has no target"
            raise RecordError(f"'target' is {target!r}, but {rules.game} with these options {plays}")
    return rules


# ---------------------------------------------------------------------- replay and checks
def _replay_hand(
    match: Match, h: int, hand: Any, version: int, stand_ins: set[int] | None = None
) -> dict[int, str]:
    """Replay hand ``h`` of a record onto ``match``; return its moves' comments by play index (and
    add to ``stand_ins`` the play index of each move marked as a stand-in's)."""
    keys = _HAND_KEYS_V1 if version == 1 else _HAND_KEYS
    if not isinstance(hand, dict):
        raise RecordError(f"each hand is a JSON object with {', '.join(keys)}, not {json_kind(hand)}", hand=h)
    check_keys(hand, keys, keys, f"hand {h}", hand=h)
    rules = match.rules
    outcome = match.outcome
    if outcome is not None:
        ended = ended_text(rules, outcome, match.scores, number=True)
        raise MatchOverError(f"no hand may follow hand {h - 1}, in which {ended}", hand=h)
    if match.turn is not None:
        raise RecordError(
            f"hand {h - 1} has not ended (seat {match.turn} is to play), so no hand may follow it", hand=h
        )
    deal = _parse_deal(hand["deal"], h, rules.seats)
    boneyard = None if version == 1 else _parse_tiles(hand["boneyard"], h, "'boneyard'")
    masks = [mask_of(tiles) for tiles in deal]
    void = rules.goat_misdeal and is_goat_misdeal(masks)
    leader, lead = hand["leader"], hand["lead"]
    previous = _played(match.results)
    imposed = None
    if not void:
        try:  # Sea Goat's own leads: a hundred owed, eggs led from 1-1, a declared hundred
            imposed = rules.settlement.lead(
                rules, match.ledger, masks, first=previous is None, declared=lead == LEAD_DECLARED
            )
        except SevenRocksError as err:
            raise RecordError(f"the record says a hundred was declared, but {err.reason}", hand=h) from None
    egg_redeal = imposed is not None and imposed.seat is None
    if void or egg_redeal:
        if leader is not None or lead is not None:
            why = (
                "an egg redeal: 1-1 is not dealt while eggs are pending"
                if egg_redeal
                else "a hand holds five doubles or six tiles of one suit"
            )
            raise RecordError(
                f"the deal is void ({why}): it is dealt again, so its 'leader' and 'lead' are null, "
                f"not {leader!r} and {lead!r}",
                hand=h,
            )
    else:
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < rules.seats:
            raise RecordError(f"'leader' must be a seat 0..{rules.seats - 1}, not {leader!r}", hand=h)
        allowed = (LEAD_LOT, LEAD_DOMINO) if version == 1 else LEADS
        if lead not in allowed:
            raise RecordError(f"'lead' must be {_choice(allowed)}, not {lead!r}", hand=h)
        expected = imposed.kind if imposed is not None else lead_kind(rules, previous)
        if lead != expected:
            raise RecordError(
                f"the record says the leader {_LEAD_SAID[lead]}, but "
                + (imposed.reason if imposed is not None else _lead_why(match, expected, previous, h)),
                hand=h,
            )
    try:
        match.start_hand(deal, leader, boneyard=boneyard, hundred=lead == LEAD_DECLARED)
    except SevenRocksError as err:
        raise err.at(hand=h) from None
    events = hand["events"]
    if not isinstance(events, list):
        raise RecordError(
            f"'events' must be a list of plays, knocks and draws, not {json_kind(events)}", hand=h
        )
    comments = _replay_events(match, h, events, stand_ins)
    _check_result(match, h, hand["result"], version)
    return comments


_LEAD_SAID: Final = {
    LEAD_LOT: "was drawn by lot",
    LEAD_ORDER: "was named by the tile order",
    LEAD_DOMINO: "led by domino",
    LEAD_FISHERMAN: "led as the fisherman",
    LEAD_ROTATION: "led in rotation",
    LEAD_HUNDRED: "led as owing a compulsory hundred",
    LEAD_EGGS: "led 1-1 for the pending eggs",
    LEAD_DECLARED: "declared a hundred and led 6-6",
}


def _lead_why(match: Match, expected: str, previous: HandResult | None, h: int) -> str:
    """Why the rules chose the leader as ``expected`` says (the end of a lead mismatch message)."""
    if previous is None:
        why = "it is the first hand"
    else:
        why = f"the previous hand was {'blocked' if previous.end is HandEnd.BLOCKED else 'dominoed'}"
    seat = match.next_leader()
    return {
        LEAD_LOT: f"{why}: the leader is drawn by lot",
        LEAD_ORDER: f"{why}: the holder of the first tile of the game's tile order leads",
        LEAD_DOMINO: f"seat {seat} dominoed the previous hand and leads",
        LEAD_FISHERMAN: f"seat {seat} made the last move before the block (the fisherman) and leads",
        LEAD_ROTATION: f"the lead passes round the table: seat {seat} leads",
    }[expected]


def _replay_events(
    match: Match, h: int, events: list[Any], stand_ins: set[int] | None = None
) -> dict[int, str]:
    """Replay a hand's events onto ``match``; return the moves' comments by play index (and add to
    ``stand_ins`` the play index of each move marked ``"stand_in": true``)."""
    comments: dict[int, str] = {}
    pending: list[Event] = []  # knocks and draws the engine made that the record must list next
    seen = 0  # events of the hand so far
    p = -1  # index of the last play read
    for e, event in enumerate(events):
        at = p if p >= 0 else None
        if not isinstance(event, dict):
            raise RecordError(
                f"event {e} must be an object like {{'seat': 1, 'play': '3-4'}}, "
                f"{{'seat': 2, 'knock': [3, 4]}} or {{'seat': 0, 'draw': '2-5'}}, not {json_kind(event)}",
                hand=h,
                play=at,
            )
        if "knock" in event:
            check_keys(event, _KNOCK_KEYS, _KNOCK_KEYS, f"event {e} (a knock)", hand=h, play=at)
            seat = _seat_field(event["seat"], h, at, match.seats)
            values = event["knock"]
            if not isinstance(values, list) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in values
            ):
                raise RecordError(
                    f"event {e}: 'knock' lists the open values as whole numbers, not {values!r}",
                    hand=h,
                    play=at,
                )
            if not pending:
                raise RecordError(
                    f"event {e}: the record says seat {seat} knocks, but " + _why_no_knock(match, seat, p),
                    hand=h,
                    play=at,
                )
            expected = pending.pop(0)
            if isinstance(expected, Draw):
                raise RecordError(
                    f"event {e}: the record says seat {seat} knocks, but seat {expected.seat} "
                    f"draws {expected.tile} next",
                    hand=h,
                    play=p,
                )
            if expected.seat != seat:
                raise RecordError(
                    f"event {e}: the record says seat {seat} knocks, "
                    f"but the next knock is seat {expected.seat}'s",
                    hand=h,
                    play=p,
                )
            assert isinstance(expected, Knock)
            if tuple(values) != expected.values:
                raise RecordError(
                    f"event {e}: seat {seat}'s knock lists open values {values}, but the open values were "
                    f"{list(expected.values)}",
                    hand=h,
                    play=p,
                )
            continue
        if "draw" in event:
            check_keys(event, _DRAW_KEYS, _DRAW_KEYS, f"event {e} (a draw)", hand=h, play=at)
            seat = _seat_field(event["seat"], h, at, match.seats)
            try:
                tile = _parse_tile(event["draw"])
            except SevenRocksError as err:
                raise RecordError(
                    f"event {e}: 'draw' names the tile drawn: {err.reason}", hand=h, play=at
                ) from None
            if not pending:
                raise RecordError(
                    f"event {e}: the record says seat {seat} draws {tile}, but "
                    + _why_no_draw(match, seat, p),
                    hand=h,
                    play=at,
                )
            expected = pending.pop(0)
            if isinstance(expected, Knock):
                raise RecordError(
                    f"event {e}: the record says seat {seat} draws {tile}, but seat {expected.seat} "
                    f"knocks next (it can draw nothing, and no tile matches {_values(expected.values)})",
                    hand=h,
                    play=p,
                )
            assert isinstance(expected, Draw)
            if (expected.seat, expected.tile) != (seat, tile):
                raise RecordError(
                    f"event {e}: the record says seat {seat} draws {tile}, but seat {expected.seat} draws "
                    f"{expected.tile}, the next tile of the boneyard",
                    hand=h,
                    play=p,
                )
            continue
        p += 1
        check_keys(event, _PLAY_KEYS, ("seat", "play"), f"event {e} (a play)", hand=h, play=p)
        if pending:
            raise RecordError(f"event {e}: {_left_out(pending[0], 'before this play')}", hand=h, play=p)
        text = event["play"]
        if not isinstance(text, str):
            raise RecordError(f"a play is text like '3-4@4-4:B', not {text!r}", hand=h, play=p)
        if "comment" in event:
            if not isinstance(event["comment"], str):
                raise RecordError(
                    f"event {e}: 'comment' is text, not {json_kind(event['comment'])}", hand=h, play=p
                )
            comments[p] = event["comment"]
        if "stand_in" in event:
            if event["stand_in"] is not True:
                raise RecordError(
                    f"event {e}: 'stand_in' is true or left out, not {event['stand_in']!r}", hand=h, play=p
                )
            if stand_ins is not None:
                stand_ins.add(p)
        try:
            play = _parse_move(text)
        except SevenRocksError as err:
            raise err.at(hand=h, play=p) from None
        seat = _seat_field(event["seat"], h, p, match.seats)
        turn = match.turn
        if turn is None:
            match.check(play)  # raises HandOverError or MatchOverError
            raise HandOverError(f"{play}: the hand has ended", hand=h, play=p)  # pragma: no cover
        if seat != turn:
            raise OutOfTurnError(
                f"seat {seat} cannot place {play}: it is seat {turn}'s turn" + _turn_note(match, seat),
                hand=h,
                play=p,
            )
        placement = match.push(play)
        for key, actual in (("ends_total", placement.ends_total), ("points", placement.points)):
            if key in event and event[key] != actual:
                raise RecordError(
                    f"{play}: the record says {key.replace('_', ' ')} {event[key]!r}, "
                    f"but the play makes {actual}",
                    hand=h,
                    play=p,
                )
        made = match.events
        pending = list(made[seen + 1 :])
        seen = len(made)
    if pending:
        raise RecordError(f"after play {p}, {_left_out(pending[0], '')}", hand=h, play=p)
    return comments


def _left_out(event: Event, when: str) -> str:
    """The message for a forced knock or draw that the record leaves out."""
    when = f" {when}" if when else ""
    if isinstance(event, Knock):
        return (
            f"seat {event.seat} knocks{when} (no tile matches {_values(event.values)}), "
            "but the record leaves the knock out"
        )
    assert isinstance(event, Draw)
    return f"seat {event.seat} draws {event.tile}{when}, but the record leaves the draw out"


def _why_no_knock(match: Match, seat: int, p: int) -> str:
    if p < 0:
        return "no knock can come before the opening tile"
    if match.turn is None:
        return "the hand has ended"
    if seat == match.turn:
        values = _values(sorted(set(match.layout.point_values)))
        return f"seat {seat} holds a tile that matches {values}, so it must place"
    return f"it is seat {match.turn}'s turn now: no seat knocks here"


def _why_no_draw(match: Match, seat: int, p: int) -> str:
    if not match.rules.draws:
        return f"nobody draws in {match.rules.game} with {match.seats} seats"
    if p < 0:
        return "no tile is drawn before the opening tile"
    if match.turn is None:
        return "the hand has ended"
    if seat == match.turn:
        values = _values(sorted(set(match.layout.point_values)))
        return f"seat {seat} holds a tile that matches {values}, so it places without drawing"
    return f"it is seat {match.turn}'s turn now: no seat draws here"


def _turn_note(match: Match, seat: int) -> str:
    knocked = [e.seat for e in match.events if isinstance(e, Knock)]
    if match.events and knocked and seat in knocked[-3:]:
        return f" (seat {seat} has knocked)"
    return ""


def _result_json(result: HandResult) -> dict[str, Any]:
    """A hand's result as a record writes it: the base fields, then the family's that are set."""
    out: dict[str, Any] = {
        "end": result.end.value,
        "finisher": result.finisher,
        "pips": _plain(result.pips),
        "deductions": _plain(result.deductions),
        "remaining": [[str(t) for t in tiles] for tiles in result.hands]
        if result.hands is not None
        else None,
        "scores": list(result.scores),
    }
    for key in _FAMILY_KEYS:
        value = getattr(result, key)
        if value is not None:
            out[key] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    """A result field as JSON data (tuples as lists)."""
    return list(value) if isinstance(value, tuple) else value


def _check_result(match: Match, h: int, raw: Any, version: int) -> None:
    ended = match.turn is None
    if raw is None:
        if ended:
            result = match.results[-1]
            raise RecordError(
                f"the hand has ended ({_how(result)}), but the record gives no result for it", hand=h
            )
        return
    if not isinstance(raw, dict):
        raise RecordError(f"'result' must be an object or null, not {json_kind(raw)}", hand=h)
    check_keys(
        raw,
        _RESULT_KEYS_V1 if version == 1 else _RESULT_KEYS,
        ("end", "scores"),
        f"hand {h}'s result",
        hand=h,
    )
    end_text = raw["end"]
    ends = _HAND_ENDS_V1 if version == 1 else _HAND_ENDS
    if end_text not in ends:
        raise RecordError(f"'end' must be {_choice(ends)}, not {end_text!r}", hand=h)
    if not ended:
        counts = ", ".join(str(len(match.hand(s))) for s in range(match.seats))
        raise RecordError(
            f"the record says the hand ended ({end_text}), but seat {match.turn} still has a play "
            f"(and seats hold {counts} tiles)",
            hand=h,
        )
    result = match.results[-1]
    if end_text != result.end.value:
        raise RecordError(f"the record says the hand ended by {end_text}, but {_how(result)}", hand=h)
    finisher = raw.get("finisher")
    if finisher != result.finisher or isinstance(finisher, bool):
        raise RecordError(
            f"the record names finisher {finisher!r}, but the replay's finisher is {result.finisher!r}",
            hand=h,
        )
    keys = ("pips", "deductions") if version == 1 else ("pips", "deductions", *_FAMILY_KEYS)
    for key in keys:
        actual = _plain(getattr(result, key))
        stored = raw.get(key)
        if actual != stored or has_bool(stored):
            raise RecordError(
                f"the record's {key} {stored!r} contradict the replay: {actual!r}",
                hand=h,
            )
    if "remaining" in raw:
        actual_tiles = (
            [[str(t) for t in tiles] for tiles in result.hands] if result.hands is not None else None
        )
        stored_tiles = raw["remaining"]
        if _tile_sets(stored_tiles) != _tile_sets(actual_tiles):
            raise RecordError(
                f"the record's remaining tiles {stored_tiles!r} contradict the replay: {actual_tiles!r}",
                hand=h,
            )
    scores = _int_list(raw["scores"], match.rules, "the hand's 'scores'", hand=h)
    if scores != result.scores:
        raise RecordError(
            f"the record's scores after the hand {scores_text(scores)} contradict the replay: "
            f"{scores_text(result.scores)}",
            hand=h,
        )


def _tile_sets(raw: Any) -> Any:
    if not isinstance(raw, list):
        return raw
    out: list[Any] = []
    for tiles in raw:
        if not isinstance(tiles, list):
            return raw
        try:
            out.append(sorted(_parse_tile(t).index for t in tiles))
        except SevenRocksError:
            return raw
    return out


def _parse_outcome(raw: Any, match: Match, version: int) -> tuple[MatchEnd | None, Any, Any]:
    raw, end = parse_result(raw, _OUTCOME_KEYS_V1 if version == 1 else _OUTCOME_KEYS)
    end_text = raw.get("end")
    winner = raw.get("winner")
    reason = raw.get("reason")
    goats = raw.get("goats", [])
    if not isinstance(goats, list) or has_bool(goats):
        raise RecordError(f"the match result's 'goats' must be a list of sides, not {goats!r}")
    rules = match.rules
    outcome = match.outcome
    if outcome is not None:
        ended = ended_text(rules, outcome, match.scores, number=True)
        if end is not MatchEnd.TARGET:
            raise RecordError(
                f"{ended} (scores {scores_text(match.scores)}), but the record's result says {end_text!r}"
            )
        expected = outcome_json(outcome)
        if winner != expected or has_bool(winner):
            raise RecordError(
                f"the record names winner {winner!r}, but {ended_text(rules, outcome, match.scores)}"
            )
        if goats != list(outcome.goats):
            raise RecordError(f"the record names goats {goats!r}, but {ended}")
        return end, outcome.winner, reason
    if end is MatchEnd.TARGET:
        if rules.game == DEFAULT_GAME:
            raise RecordError(
                f"the record says the match ended at the target {match.target}, but the replay ends at "
                f"{scores_text(match.scores)} with no partnership there"
            )
        raise RecordError(
            f"the record says the rules of {rules.game} ended the match, but the replay ends at "
            f"{scores_text(match.scores)} with the match still going on"
        )
    if goats:
        raise RecordError(f"the record names goats {goats!r}, but the match has not ended by its rules")
    return end, winner, reason


# ---------------------------------------------------------------------- shapes
def _choice(values: Sequence[str]) -> str:
    quoted = [repr(v) for v in values]
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _seat_field(raw: Any, h: int, p: int | None, seats: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < seats:
        raise RecordError(f"'seat' must be a seat 0..{seats - 1}, not {raw!r}", hand=h, play=p)
    return raw


def _int_list(raw: Any, rules: Rules, what: str, *, hand: int | None) -> tuple[int, ...]:
    n = rules.sides
    if (
        not isinstance(raw, list)
        or len(raw) != n
        or any(isinstance(v, bool) or not isinstance(v, int) for v in raw)
    ):
        per = "[seats 0+2, seats 1+3]" if rules.partnerships else "(one per seat)"
        raise RecordError(f"{what} must be {number_word(n)} whole numbers {per}, not {raw!r}", hand=hand)
    return tuple(raw)


def _parse_deal(raw: Any, h: int, seats: int) -> list[list[Tile]]:
    if not isinstance(raw, list) or len(raw) != seats:
        raise DealError(
            f"'deal' must list the tiles of the {number_word(seats)} seats, not {json_kind(raw)}",
            hand=h,
        )
    deal: list[list[Tile]] = []
    for seat, tiles in enumerate(raw):
        if not isinstance(tiles, list):
            raise DealError(
                f'seat {seat}\'s tiles must be a list like ["0-0", "1-3"], not {json_kind(tiles)}', hand=h
            )
        parsed = []
        for text in tiles:
            try:
                parsed.append(_parse_tile(text))
            except SevenRocksError as err:
                raise DealError(f"seat {seat}'s deal: {err.reason}", hand=h) from None
        deal.append(parsed)
    return deal


def _parse_tiles(raw: Any, h: int, what: str) -> list[Tile]:
    if not isinstance(raw, list):
        raise DealError(f'{what} must be a list of tiles like ["0-0", "1-3"], not {json_kind(raw)}', hand=h)
    out = []
    for text in raw:
        try:
            out.append(_parse_tile(text))
        except SevenRocksError as err:
            raise DealError(f"{what}: {err.reason}", hand=h) from None
    return out


_TILE_BY_TEXT: Final = {str(tile): tile for tile in TILES}


def _parse_tile(text: Any) -> Tile:
    """``Tile.parse`` with a fast path for the canonical spelling records use."""
    tile = _TILE_BY_TEXT.get(text) if isinstance(text, str) else None
    return tile if tile is not None else Tile.parse(text)


@functools.lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    """``parse_move``, remembered (moves are shared immutable objects; errors are not cached)."""
    return parse_move(text)


def _how(result: HandResult) -> str:
    if result.end is HandEnd.DOMINO:
        return f"seat {result.finisher} dominoed"
    if result.end is HandEnd.BLOCKED:
        return "it was blocked"
    if result.end is HandEnd.REDEAL:
        return "the deal was void"
    return "the target was reached"


def _values(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


# ---------------------------------------------------------------------- text
def parse_record(text: str | bytes) -> MatchRecord:
    """Parse and check a match record given as JSON text (see :meth:`MatchRecord.from_json`)."""
    from sevenrocks.core.script import load_json

    return MatchRecord.from_json(load_json(text))


def load_record(path: str | os.PathLike[str]) -> MatchRecord:
    """Read, parse and check the match record at ``path``.

    Raises :class:`RecordError` for a missing or unreadable file, text that is not JSON, or
    a file that is not a match record of a supported version; the errors of
    :meth:`MatchRecord.from_json` for bad content.
    """
    return parse_record(read_record_file(path))
