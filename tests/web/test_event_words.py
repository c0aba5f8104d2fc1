"""The events of a hand said in words once and kept from position to position
(:meth:`~sevenrocks.web.table.LiveTable.event_words`): every state and placed message says them
exactly as when they are said afresh, in every game of the layout engine, for every seat and a
spectator, in every language; the score sheet's lines kept the same way
(:meth:`~sevenrocks.web.table.LiveTable.result_words`); and the messages' JSON, written by orjson,
exactly as the standard library writes it."""

from __future__ import annotations

import json
import random

import pytest

from sevenrocks.core import Match
from sevenrocks.core.games import LAYOUT_GAMES, find_game
from sevenrocks.i18n import LANGUAGES
from sevenrocks.web.names import shown_names
from sevenrocks.web.protocol import json_text, seat_json
from sevenrocks.web.storage import TableRecord
from sevenrocks.web.table import LiveTable

GAMES = [game.id for game in LAYOUT_GAMES]


def _options(game: str) -> dict[str, object] | None:
    several = any(o.name == "several_doubles" for o in find_game(game).options)
    return {"several_doubles": True} if several else None


@pytest.mark.parametrize("game", GAMES)
def test_events_kept_in_words_are_said_as_afresh(game: str) -> None:
    match = Match(game, options=_options(game), seed=len(game))
    seats = [{"kind": "bot", "name": "greedy bot", "bot": "greedy"}] + [
        {"kind": "human", "name": f"friend {seat}"} for seat in range(1, match.seats)
    ]
    table = LiveTable(TableRecord("t", 100, seats, "a", game=game), match, 0)
    rng = random.Random(7)
    checked = 0
    for _hand in range(2):
        if match.is_over:
            break
        match.start_hand()
        while match.turn is not None:
            if match.hundred_declarer() is not None and rng.random() < 0.5:
                match.declare_hundred()
            since = rng.randrange(len(match.events) + 1)
            for lang in LANGUAGES:
                names = shown_names(seats, lang)
                for seat in [*range(match.seats), None]:
                    view = match.view(0 if seat is None else seat)
                    private = seat is not None
                    for start in (None, since):  # a whole state, a placed message
                        kept = seat_json(
                            view,
                            private=private,
                            lang=lang,
                            names=names,
                            since=start,
                            said=table.event_words(match.hand_number, names),
                        )
                        afresh = seat_json(view, private=private, lang=lang, names=names, since=start)
                        assert kept["events"] == afresh["events"], (game, lang, seat, start)
                        checked += len(afresh["events"])
            legal = match.legal_moves()
            match.push(rng.choice(legal))
    assert checked > 100


def test_the_words_of_another_hand_or_other_names_are_not_reused() -> None:
    table = LiveTable(TableRecord("t", 100, [], "a"), None, 0)
    first = table.event_words(1, ["a", "b"])
    first[("en", 0, False)] = {"words": "a placed 6-6"}
    assert table.event_words(1, ["a", "b"]) is first
    renamed = table.event_words(1, ["a", "greedy bot"])  # a seat given to a bot
    assert renamed == {} and table.event_words(1, ["a", "b"]) is first
    assert table.event_words(2, ["a", "b"]) == {}  # the next hand
    assert table.event_words(1, ["a", "b"]) == {}  # the words of the hand before are forgotten


@pytest.mark.parametrize("game", ["seven-rocks", "draw", "kozel", "sea-kozel", "all-fives"])
def test_the_score_sheet_kept_in_words_is_said_as_afresh(game: str) -> None:
    match = Match(game, options=_options(game), seed=len(game))
    seats = [{"kind": "human", "name": f"friend {seat}"} for seat in range(match.seats)]
    table = LiveTable(TableRecord("t", 100, seats, "a", game=game), match, 0)
    rng = random.Random(11)
    checked = 0
    for _hand in range(3):
        if match.is_over:
            break
        match.start_hand()
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        hundreds = tuple(log.hundred for log in match.history)
        for lang in LANGUAGES:
            names = shown_names(seats, lang)
            for seat in [*range(match.seats), None]:
                view = match.view(0 if seat is None else seat)
                private = seat is not None
                kept = seat_json(
                    view,
                    private=private,
                    lang=lang,
                    names=names,
                    hundreds=hundreds,
                    sheet=table.result_words(names),
                )
                afresh = seat_json(view, private=private, lang=lang, names=names, hundreds=hundreds)
                assert kept["results"] == afresh["results"], (game, lang, seat)
                checked += len(afresh["results"])
    assert checked > 20


def test_the_score_sheet_of_other_names_is_not_reused() -> None:
    table = LiveTable(TableRecord("t", 100, [], "a"), None, 0)
    first = table.result_words(["a", "b"])
    first[("en", 0, None)] = {"text": "hand 1: a and b score 25"}
    assert table.result_words(["a", "b"]) is first
    renamed = table.result_words(["a", "greedy bot"])  # a seat given to a bot
    assert renamed == {} and table.result_words(["a", "b"]) is first  # each language's names kept
    for n in range(20):  # a few ways of naming the seats are kept, not every one ever seen
        table.result_words(["a", f"name {n}"])
    assert table.result_words(["a", "b"]) == {}


def test_messages_are_written_as_the_standard_library_writes_them() -> None:
    messages: list[dict[str, object]] = [
        {"type": "placed", "table": "t", "move": 3, "layout": {"svg_patch": [[0, 12], "<g/>"]}, "turn": None},
        {"type": "chat", "line": {"text": "Удачи — 幸运 ✓", "n": 1}},
        {"scores": [5, 0], "ghost": {"wide": [1.5, 0.25, 2.0, 1.0]}, 1: "a seat's key as a number"},
        {"big": 2**70, "odd": "a\ud800"},  # beyond orjson: written by the standard library
    ]
    standard = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    for message in messages:
        assert json_text(message) == standard(message)
