"""Every illegal action of the new kinds of the family of games: its own error, a message naming the rule,
and the match unchanged afterwards.

The kinds are: the wrong lead where a tile order names it, moves of several doubles, lengthwise and
closed doubles, side branches where there are none, the forced four around 6-6 (Sebastopol), joins that
do not add up to seven, blank ends and the matadors' open half (Matador), deals that do not fit the game
(the number of tiles, a missing boneyard), unknown games, options and seat counts, void deals, plays of
another seat's tiles, leaders the rules contradict, and actions once a hand or the match is over.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from sevenrocks.core import Match, Tile
from sevenrocks.core.errors import (
    BlankEndError,
    BranchNotOpenError,
    DealError,
    EmptyHistoryError,
    ForcedFourError,
    GameError,
    HandInProgressError,
    HandOverError,
    LeaderError,
    LeadTileError,
    LengthwiseError,
    MatchOverError,
    MismatchError,
    MoveKindError,
    NoBranchError,
    NotInHandError,
    OpenHalfError,
    OptionError,
    RecordError,
    SeatsError,
    SevenRocksError,
    SeveralDoublesError,
    SideNotOpenError,
    UnknownAnchorError,
)
from sevenrocks.core.events import HandEnd
from sevenrocks.core.games import LAYOUT_GAMES, find_game
from sevenrocks.core.notation import Doubles, Play
from sevenrocks.core.script import replay
from sevenrocks.core.tiles import TILES

from .test_worked_examples import (
    DONKEY_12_3,
    DONKEY_FIRST,
    GENERAL_12_1,
    GENERAL_12_1_PLAYS,
    SEBASTOPOL_12_1,
    deal,
    donkey_later,
    hand,
)

SEATS = [(game.id, seats) for game in LAYOUT_GAMES for seats in game.seats]


def state(match: Match) -> tuple[Any, ...]:
    """Everything an illegal action must leave as it was."""
    return (
        match.phase,
        match.turn,
        match.leader,
        match.hand_number,
        tuple(match.hand(seat) for seat in range(match.seats)),
        match.boneyard,
        match.draws,
        match.out,
        match.scores,
        match.ledger,
        match.results,
        match.events,
        match.layout.plays,
        match.layout.ends_total,
        match.outcome,
        tuple(str(m) for m in match.legal_moves()),
        len(match.history),
    )


def refused(
    match: Match, action: Callable[[], object], error: type[SevenRocksError], message: str
) -> SevenRocksError:
    """``action`` raises exactly ``error`` (not a subclass) with ``message`` in it; the match is unchanged."""
    before = state(match)
    with pytest.raises(SevenRocksError, match=re.escape(message)) as caught:
        action()
    assert type(caught.value) is error, f"{type(caught.value).__name__} raised, {error.__name__} expected"
    assert state(match) == before
    return caught.value


def push(match: Match, text: str) -> Callable[[], object]:
    """The action of pushing ``text``."""
    return lambda: match.push_notation(text)


# ----------------------------------------------------------------------------------- the lead
TILE_ORDER_GAMES = [(g, s) for g, s in SEATS if find_game(g).rules(seats=s).first_lead is not None]


@pytest.mark.parametrize(("game", "seats"), TILE_ORDER_GAMES, ids=lambda v: str(v))
def test_the_wrong_lead_where_a_tile_order_names_it(game: str, seats: int) -> None:
    for seed in range(5):
        match = Match(game, seats=seats, seed=seed)
        match.start_hand()
        lead = match.lead_tile
        assert lead is not None and match.turn is not None
        assert match.legal_moves() == [Play.opening(lead)]
        others = [t for t in match.hand(match.turn) if t != lead]
        message = f"seat {match.turn} holds {lead}, the first tile of the lead order, and must lead it"
        err = refused(match, push(match, str(others[seed % len(others)])), LeadTileError, message)
        assert (err.hand, err.play) == (0, 0)


@pytest.mark.parametrize("game", ["kozel", "block", "telephone"])
def test_after_a_domino_the_finisher_leads_any_tile(game: str) -> None:
    """The tile order names only the first hand's lead (and, in some games, the lead after a block)."""
    rng = random.Random(4)
    match = Match(game, seats=2, seed=4)
    while True:
        match.start_hand()
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        if match.results[-1].end is HandEnd.DOMINO and not match.is_over:
            break
    finisher = match.results[-1].finisher
    match.start_hand()
    assert match.turn == finisher and match.lead_tile is None
    assert len(match.legal_moves()) == len(match.hand(finisher))


def test_the_lead_is_never_marked() -> None:
    muggins = hand("muggins", ["6-6 4-6 0-0 0-1 0-2 0-3 0-4", "1-6 4-4 1-1 1-2 1-3 1-4 1-5"], leader=0)
    refused(muggins, push(muggins, "6-6="), LengthwiseError, "6-6=: the lead is never laid lengthwise")
    refused(muggins, push(muggins, "6-6#"), MoveKindError, "doubles are never closed in this game")


# ----------------------------------------------------------------------------------- several doubles
TELEPHONE = ["0-6 1-1 1-5 2-5 3-3 3-6 5-6", "0-1 0-4 1-4 2-6 3-4 3-5 4-5"]
TELEPHONE += ["0-0 0-2 1-6 2-2 2-3 4-6 5-5", "0-3 0-5 1-2 1-3 2-4 4-4 6-6"]
TELEPHONE_PLAYS = "2-3 1-3@2-3:high 2-5@2-3:low 0-1@1-3:low"  # seat 2 then holds 0-0 and 5-5 for 0 and 5
KOZEL = ["0-0 0-3 0-5 1-1 1-4 2-3 2-6", "0-2 0-4 3-3 3-4 3-6 4-5 5-5"]
KOZEL_BONEYARD = "4-4 0-6 1-5 3-5 1-3 5-6 2-4 2-5 1-2 0-1 2-2 4-6 1-6 6-6"
KOZEL_PLAYS = "1-1 1-5@1-1:B 1-4@1-1:A"  # seat 1 draws 4-4, 0-6, 1-5 and holds 4-4 and 5-5 for 4 and 5


def telephone(**options: Any) -> Match:
    return hand("telephone", TELEPHONE, plays=TELEPHONE_PLAYS, options=options)


def kozel(**options: Any) -> Match:
    return hand("kozel", KOZEL, KOZEL_BONEYARD, plays=KOZEL_PLAYS, options=options)


def test_several_doubles_are_legal_where_the_game_allows_them() -> None:
    assert "0-0@0-1:low+5-5@2-5:high" in [str(m) for m in telephone(several_doubles=True).legal_moves()]
    assert "4-4@1-4:high+5-5@1-5:high" in [str(m) for m in kozel(several_doubles=True).legal_moves()]


@pytest.mark.parametrize(
    ("make", "game"),
    [(telephone, "telephone"), (kozel, "kozel")],
)
def test_several_doubles_where_the_game_does_not_allow_them(make: Callable[[], Match], game: str) -> None:
    match = make()
    assert not any(isinstance(m, Doubles) for m in match.legal_moves())
    move = "0-0@0-1:low+5-5@2-5:high" if game == "telephone" else "4-4@1-4:high+5-5@1-5:high"
    refused(
        match,
        push(match, move),
        MoveKindError,
        f"one tile per move in {game}: several doubles are not allowed",
    )


@pytest.mark.parametrize("game", ["block", "muggins", "five-up", "fives-and-threes", "seven-rocks"])
def test_games_without_several_doubles_refuse_them_by_kind(game: str) -> None:
    match = Match(game, seed=1)
    match.start_hand()
    match.push(match.legal_moves()[0])
    refused(match, push(match, "0-0@0-1:low+1-1@1-2:high"), MoveKindError, "several doubles are not allowed")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("0-0@0-1:low+2-5@2-3:low", "2-5 is not a double: only doubles go together"),
        ("0-2@0-1:low+5-5@2-5:high", "0-2 is not a double: only doubles go together"),
        ("0-0@0-1:low+5-5@0-1:low", "two doubles on the same point 0-1:low"),
        ("0-0@0-1:low+0-0@2-5:high", "0-0 is placed twice"),
        (
            "0-0@0-1:low+5-5@2-5:high+2-2@2-5:high+1-1@1-3:low+3-3@2-3:high",
            "a move of several doubles places 2 to 4 doubles, not 5",
        ),
    ],
)
def test_several_doubles_that_break_their_rules(move: str, message: str) -> None:
    match = telephone(several_doubles=True)
    refused(match, push(match, move), SeveralDoublesError, message)


def test_several_doubles_on_the_lead() -> None:
    match = hand("telephone", TELEPHONE, options={"several_doubles": True})
    refused(match, push(match, "2-3+0-0"), SeveralDoublesError, "2-3+0-0: the lead is always one tile")


def test_too_many_doubles_for_kozel_and_a_single_double_move() -> None:
    match = kozel(several_doubles=True)
    three = "4-4@1-4:high+5-5@1-5:high+3-3@1-4:high"
    refused(match, push(match, three), SeveralDoublesError, "places 2 doubles, not 3")
    one = Doubles((Play.parse("4-4@1-4:high"),))
    refused(match, lambda: match.push(one), SeveralDoublesError, "places 2 doubles, not 1")


def test_a_double_of_a_move_that_cannot_be_placed_raises_its_own_error() -> None:
    match = telephone(several_doubles=True)
    refused(
        match, push(match, "0-0@0-1:low+2-2@2-5:high"), MismatchError, "2-2 does not match side high of 2-5"
    )
    refused(
        match, push(match, "0-0@0-1:low+6-6@2-5:high"), NotInHandError, "tile 6-6 is not in seat 2's hand"
    )
    refused(match, push(match, "0-0@0-1:low+5-5@2-3:low"), SideNotOpenError, "side low of 2-3 is covered")


# ----------------------------------------------------------------------------------- lengthwise doubles
MUGGINS = ["6-6 4-6 0-0 0-1 0-2 0-3 0-4", "1-6 4-4 1-1 1-2 1-3 1-4 1-5"]


def test_lengthwise_doubles() -> None:
    spinner_to_come = hand("muggins", MUGGINS, leader=0, plays="0-1")
    refused(
        spinner_to_come,
        push(spinner_to_come, "1-1@0-1:high="),
        LengthwiseError,
        "1-1@0-1:high=: the first double of the hand is the spinner, which always lies crosswise",
    )
    match = hand("muggins", MUGGINS, leader=0, plays="6-6")
    refused(
        match,
        push(match, "1-6@6-6:A="),
        LengthwiseError,
        "1-6@6-6:A=: only a double may be laid lengthwise, and 1-6 is not one",
    )
    kozel_match = kozel()
    refused(
        kozel_match,
        push(kozel_match, "5-5@1-5:high="),
        LengthwiseError,
        "5-5@1-5:high=: doubles are never laid lengthwise in this game",
    )
    refused(
        kozel_match,
        push(kozel_match, "5-5@1-5:high#"),
        MoveKindError,
        "doubles are never closed in this game",
    )
    refused(
        kozel_match,
        push(kozel_match, "4-5@1-5:high>4"),
        MoveKindError,
        "'>N' names the open half of a matador, and this game has no matadors",
    )


# ----------------------------------------------------------------------------------- branches
@pytest.mark.parametrize(
    "game",
    [
        "block",
        "draw",
        "kozel",
        "sports-kozel",
        "fives-and-threes",
        "all-threes",
        "picture",
        "bergen",
        "general",
    ],
)
def test_branches_on_a_line(game: str) -> None:
    rng = random.Random(game)
    match = Match(game, seed=3)
    match.start_hand()
    while match.turn is not None and not any(t.is_double for t in match.layout.tiles):
        match.push(rng.choice(match.legal_moves()))
    if match.turn is None:
        pytest.skip("no double was placed in this hand")  # pragma: no cover - the seed places one
    double = next(t for t in match.layout.tiles if t.is_double)
    tile = match.hand(match.turn)[0]
    refused(
        match,
        push(match, f"{tile}@{double}:bA"),
        NoBranchError,
        "the layout is a line: no double has side branches",
    )


def test_branches_of_a_spinner_before_its_sides_are_covered_and_of_another_double() -> None:
    match = hand("telephone", TELEPHONE, plays="2-3 1-3@2-3:high 1-1@1-3:low")
    refused(
        match,
        push(match, "1-4@1-1:bA"),
        BranchNotOpenError,
        "branch bA of spinner 1-1 is not open: line B is still empty",
    )
    muggins = hand("muggins", MUGGINS, leader=0, plays="6-6 1-6@6-6:A 4-6@6-6:B 4-4@4-6:low")
    refused(
        muggins,
        push(muggins, "0-4@4-4:bA"),
        BranchNotOpenError,
        "0-4@4-4:bA: 4-4 is not the spinner (the spinner is 6-6): only the spinner has side branches",
    )
    five_up = hand("five-up", ["5-5 1-5 3-3 3-6 0-0", "3-5 5-6 0-3 2-5 1-1"], leader=0, plays="5-5 3-5@5-5:A")
    refused(
        five_up,
        push(five_up, "1-5@5-5:bA"),
        BranchNotOpenError,
        "branch bA of spinner 5-5 is not open: line B is still empty",
    )


# ----------------------------------------------------------------------------------- the forced four
def test_the_forced_four() -> None:
    """Sebastopol: while a side of 6-6 is uncovered, a tile on an arm's end is a ``ForcedFourError`` naming
    the sides still open (a kind of ``SideNotOpenError``)."""
    match = hand("sebastopol", SEBASTOPOL_12_1, plays="6-6 1-6@6-6:A 3-6@6-6:bB")
    err = refused(
        match,
        push(match, "1-2@1-6:low"),
        ForcedFourError,
        "1-2@1-6:low: 6-6 must be surrounded on all four sides before any arm grows: 6-6:B, 6-6:bA are "
        "still open",
    )
    assert isinstance(err, SideNotOpenError) and (err.hand, err.play) == (0, 3)
    match.push_notation("5-6@6-6:B")
    refused(
        match,
        push(match, "0-3@3-6:low"),
        ForcedFourError,
        "0-3@3-6:low: 6-6 must be surrounded on all four sides before any arm grows: 6-6:bA is still open",
    )
    refused(
        match, push(match, "0-2@0-0:A"), UnknownAnchorError, "anchor 0-0 has not been placed in the layout"
    )


def test_later_doubles_of_sebastopol_never_branch() -> None:
    match = hand(
        "sebastopol", SEBASTOPOL_12_1, plays="6-6 1-6@6-6:A 3-6@6-6:bB 5-6@6-6:B 2-6@6-6:bA 1-1@1-6:low"
    )
    refused(
        match,
        push(match, "2-3@1-1:bA"),
        BranchNotOpenError,
        "2-3@1-1:bA: 1-1 is not the spinner (the spinner is 6-6): only the spinner has side branches",
    )
    refused(
        match,
        push(match, "2-2@1-1:B+3-3@3-6:low"),
        MoveKindError,
        "one tile per move in sebastopol: several doubles are not allowed",
    )


# ----------------------------------------------------------------------------------- matador
MATADOR = ["1-5 3-6 0-6 3-3 0-1 0-2 4-4", "2-4 1-6 3-4 1-2 0-0 1-4 0-3"]


def matador(plays: str = "1-5") -> Match:
    return hand("matador", MATADOR, leader=0, plays=plays)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            "1-6@1-5:low",
            "1-6@1-5:low: 1-6 is a matador: name the half it leaves open, '1-6@1-5:low>1' or '1-6@1-5:low>6'",
        ),
        ("1-6@1-5:low>3", "1-6@1-5:low>3: 1-6 has no half 3: write >1 or >6"),
        (
            "2-4@1-5:high>4",
            "2-4@1-5:high>4: '>N' names the half a matador leaves open, and 2-4 is not a matador",
        ),
        (
            "0-0@1-5:low>0",
            "0-0@1-5:low>0: '>N' names the half a matador leaves open, and 0-0 always leaves 0 open",
        ),
    ],
)
def test_the_open_half_of_a_matador(move: str, message: str) -> None:
    match = matador()
    refused(match, push(match, move), OpenHalfError, message)
    assert isinstance(OpenHalfError(message), MoveKindError)


def test_the_open_half_on_a_lead() -> None:
    match = matador("")
    refused(
        match,
        push(match, "1-5>1"),
        OpenHalfError,
        "1-5>1: a lead leaves both halves open: write it as 1-5 alone",
    )


def test_joins_that_do_not_add_up_to_seven() -> None:
    match = matador()
    refused(
        match,
        push(match, "1-2@1-5:low"),
        MismatchError,
        "1-2@1-5:low: tile 1-2 does not add up to seven with side low of 1-5, which shows 1: it needs a 6",
    )
    blank = matador("1-5 2-4@1-5:high 3-6@2-4:high 1-6@3-6:high>6 0-6@1-5:low")
    err = refused(
        blank,
        push(blank, "1-2@0-6:low"),
        BlankEndError,
        "1-2@0-6:low: side low of 0-6 shows a blank: only a matador (0-0, 1-6, 2-5, 3-4) may join it",
    )
    assert isinstance(err, MismatchError)
    blank.push_notation("3-4@0-6:low>4")  # a matador may
    refused(match, push(match, "0-0@1-5:low#"), MoveKindError, "doubles are never closed in this game")
    refused(
        match, push(match, "0-0@1-5:low="), LengthwiseError, "doubles are never laid lengthwise in this game"
    )


# ----------------------------------------------------------------------------------- closed doubles
def test_closing_the_lead_or_a_tile_that_is_not_a_double() -> None:
    hands, boneyard, _ = DONKEY_FIRST
    first = hand("donkey", hands, boneyard)
    refused(first, push(first, "3-3#"), MoveKindError, "3-3#: the lead may not be closed")
    later = donkey_later(DONKEY_12_3)
    refused(
        later, push(later, "2-5#"), MoveKindError, "2-5#: only a double may be closed, and 2-5 is not one"
    )
    later.push_notation("2-5")
    refused(
        later,
        push(later, "0-1@2-5:low#"),
        MoveKindError,
        "0-1@2-5:low#: only a double may be closed, and 0-1 is not one",
    )


def test_nothing_joins_a_closed_double() -> None:
    match = donkey_later(DONKEY_12_3, plays="2-5 2-2@2-5:low#")
    for side in ("A", "B"):
        refused(
            match,
            push(match, f"1-2@2-2:{side}"),
            SideNotOpenError,
            f"1-2@2-2:{side}: 2-2 is closed: nothing may be joined to it",
        )


def test_several_doubles_of_donkey() -> None:
    later = donkey_later(DONKEY_12_3)
    refused(later, push(later, "2-5+0-0"), SeveralDoublesError, "2-5+0-0: the lead is always one tile")
    later.push_notation("2-5")
    five = "2-2@2-5:low+5-5@2-5:high+1-1@1-1:A+3-3@3-3:A+4-4@4-4:A"
    refused(
        later,
        push(later, five),
        SeveralDoublesError,
        "a move of several doubles places 2 to 4 doubles, not 5",
    )
    hands, boneyard, _ = DONKEY_FIRST
    first = hand("donkey", hands, boneyard, plays="3-3 3-5@3-3:bA 5-5@3-5:high")
    refused(
        first,
        push(first, "1-5@3-3:A+6-6@3-5:low"),
        SeveralDoublesError,
        "1-5 is not a double: only doubles go together",
    )
    refused(
        first,
        push(first, "1-5@5-5:bA"),
        BranchNotOpenError,
        "1-5@5-5:bA: 5-5 is not the spinner (the spinner is 3-3): only the spinner has side branches",
    )
    refused(
        first, push(first, "6-6@5-5:B="), LengthwiseError, "doubles are never laid lengthwise in this game"
    )
    refused(
        first,
        push(first, "1-5@5-5:B>5"),
        MoveKindError,
        "'>N' names the open half of a matador, and this game has no matadors",
    )


def test_two_doubles_at_most_in_general() -> None:
    match = hand("general", GENERAL_12_1, plays=GENERAL_12_1_PLAYS)
    refused(
        match,
        push(match, "0-0@0-4:low+6-6@3-6:high+1-1@1-3:low"),
        SeveralDoublesError,
        "a move of several doubles places 2 doubles, not 3",
    )
    refused(match, push(match, "0-0@0-4:low#"), MoveKindError, "doubles are never closed in this game")
    refused(
        match, push(match, "0-0@0-4:low="), LengthwiseError, "doubles are never laid lengthwise in this game"
    )


# ----------------------------------------------------------------------------------- deals
@pytest.mark.parametrize(("game", "seats"), SEATS, ids=lambda v: str(v))
def test_a_deal_with_the_wrong_number_of_tiles(game: str, seats: int) -> None:
    size = find_game(game).rules(seats=seats).hand_size
    match = Match(game, seats=seats)
    for wrong in (size - 1, size + 1):
        if wrong * seats > len(TILES):
            continue
        hands = [list(TILES[s * wrong : (s + 1) * wrong]) for s in range(seats)]
        rest = list(TILES[seats * wrong :])
        refused(
            match,
            lambda hands=hands, rest=rest: match.start_hand(hands, 0, boneyard=rest),
            DealError,
            f"seat 0 is dealt {wrong} tiles, not {size}",
        )
    hands = [list(TILES[s * size : (s + 1) * size]) for s in range(seats)]
    refused(match, lambda: match.start_hand(hands[:-1], 0), DealError, "a deal gives the tiles of exactly")


DRAWING = [(g, s) for g, s in SEATS if find_game(g).rules(seats=s).draws]


@pytest.mark.parametrize(("game", "seats"), DRAWING, ids=lambda v: str(v))
def test_a_drawing_game_needs_its_boneyard_in_draw_order(game: str, seats: int) -> None:
    size = find_game(game).rules(seats=seats).hand_size
    match = Match(game, seats=seats)
    hands = [list(TILES[s * size : (s + 1) * size]) for s in range(seats)]
    undealt = len(TILES) - seats * size
    message = f"the boneyard must be given in draw order: {undealt} tiles are not dealt"
    refused(match, lambda: match.start_hand(hands, 0), DealError, message)
    refused(match, lambda: match.start_hand(hands, 0, boneyard=[]), DealError, message)
    short = list(TILES[seats * size : -1])
    refused(match, lambda: match.start_hand(hands, 0, boneyard=short), DealError, "missing: 6-6")
    twice = [*short, TILES[0]]
    refused(match, lambda: match.start_hand(hands, 0, boneyard=twice), DealError, "tile 0-0 is dealt twice")


def test_games_that_never_draw_need_no_boneyard() -> None:
    for game, seats in (("block", 2), ("fives-and-threes", 3)):
        size = find_game(game).rules(seats=seats).hand_size
        match = Match(game, seats=seats)
        leader = 0 if match.leader_by_lot() else None
        match.start_hand([list(TILES[s * size : (s + 1) * size]) for s in range(seats)], leader)
        assert match.drawable == 0 and match.boneyard_size == len(TILES) - seats * size


def test_a_deal_that_repeats_a_tile_or_holds_no_tile() -> None:
    match = Match("draw", seats=2)
    dealt, rest = deal(["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"])
    repeated = [dealt[0], [*dealt[1][:-1], Tile.parse("0-6")]]
    refused(
        match,
        lambda: match.start_hand(repeated, 0, boneyard=rest),
        DealError,
        "tile 0-6 is dealt twice (seats 0 and 1)",
    )
    bad: Any = [dealt[0], [*dealt[1][:-1], "2-2"]]
    refused(
        match,
        lambda: match.start_hand(bad, 0, boneyard=rest),
        DealError,
        "seat 1 is dealt '2-2', which is not a tile",
    )


# ----------------------------------------------------------------------------------- games, options, seats
@pytest.mark.parametrize(
    ("name", "shown"), [("chess", "'chess'"), ("backgammon", "'backgammon'"), (3, "3"), ("", "''")]
)
def test_an_unknown_game(name: Any, shown: str) -> None:
    with pytest.raises(
        GameError, match=re.escape(f"no game {shown}: the games are seven-rocks, block, draw")
    ):
        Match(name)


def test_a_game_id_is_read_without_case_or_spaces() -> None:
    assert Match(" Kozel ").game == "kozel"


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        (
            "kozel",
            {"colour": "red"},
            "kozel has no option 'colour' (its options: target, threshold, remember",
        ),
        ("picture", {"target": 10}, "picture has no option 'target' (its options: none)"),
        ("muggins", {"several_doubles": True}, "muggins has no option 'several_doubles'"),
        ("block", {"reserve": 2}, "block has no option 'reserve'"),
        ("sports-kozel", {"target": 5}, "sports-kozel has no option 'target' (its options: deals)"),
        ("draw", {"target": 0}, "draw option 'target' must be a positive whole number, not 0"),
        ("all-fives", {"target": -5}, "all-fives option 'target' must be a positive whole number, not -5"),
        ("telephone", {"target": "225"}, "telephone option 'target' is a whole number, not '225'"),
        ("muggins", {"target": True}, "muggins option 'target' is a whole number, not True"),
        ("block", {"partnerships": "yes"}, "block option 'partnerships' is true or false, not 'yes'"),
        ("draw", {"reserve": 1}, "draw option 'reserve' may be 0, 2, not 1"),
        ("kozel", {"reserve": 2}, "kozel option 'reserve' may be 0, 1, not 2"),
        ("block", {"lone_blank": 10}, "block option 'lone_blank' may be 25, 0, not 10"),
        ("kozel-125", {"lone_blank": 0}, "kozel-125 option 'lone_blank' may be 25, 10, not 0"),
        ("kozel", {"threshold": 0}, "kozel option 'threshold' must be a positive whole number, not 0"),
        ("kozel", {"remember": 1}, "kozel option 'remember' is true or false, not 1"),
        ("sports-kozel", {"deals": 6}, "sports-kozel option 'deals' must be a multiple of 4, not 6"),
        ("sports-kozel", {"deals": 0}, "sports-kozel option 'deals' must be a positive whole number, not 0"),
        ("fives-and-threes", {"exact": "no"}, "fives-and-threes option 'exact' is true or false, not 'no'"),
        (
            "telephone",
            {"several_doubles": None},
            "telephone option 'several_doubles' is true or false, not None",
        ),
        ("block", ["target"], "the options of block are an object of names and values, not ['target']"),
        ("block", {3: 1}, "an option name is text, not 3"),
    ],
)
def test_an_unknown_option_or_a_value_it_does_not_allow(game: str, options: Any, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        Match(game, options=options)
    assert str(caught.value).startswith(message)


def test_option_values_written_as_text() -> None:
    """``--option KEY=VALUE`` on the command line: the text is read, then checked like any value."""
    kozel_game = find_game("kozel")
    assert kozel_game.option("target").parse("51", "kozel") == 51
    assert kozel_game.option("remember").parse("no", "kozel") is False
    with pytest.raises(OptionError, match=re.escape("kozel option 'target' is a whole number, not 'lots'")):
        kozel_game.option("target").parse("lots", "kozel")
    with pytest.raises(OptionError, match=re.escape("kozel option 'remember' is true or false, not 'maybe'")):
        kozel_game.option("remember").parse("maybe", "kozel")
    with pytest.raises(OptionError, match=re.escape("kozel option 'reserve' may be 0, 1, not 3")):
        kozel_game.option("reserve").parse("3", "kozel")


def test_the_target_keyword_applies_to_games_with_a_target_only() -> None:
    assert Match("kozel", target=51).target == 51
    with pytest.raises(OptionError, match=re.escape("picture has no option 'target'")):
        Match("picture", target=5)
    with pytest.raises(SevenRocksError, match="give options, seats and target with a game id"):
        Match(find_game("kozel").rules(), seats=2)


@pytest.mark.parametrize(
    ("game", "seats", "message"),
    [
        ("seven-rocks", 2, "seven-rocks is played by 4 seats, not 2"),
        ("sports-kozel", 3, "sports-kozel is played by 4 seats, not 3"),
        ("telephone", 3, "telephone is played by 2 or 4 seats, not 3"),
        ("block", 5, "block is played by 2 or 3 or 4 seats, not 5"),
        ("kozel", 1, "kozel is played by 2 or 3 or 4 seats, not 1"),
        ("muggins", True, "muggins is played by 2 or 3 or 4 seats, not True"),
        ("draw", "2", "draw is played by 2 or 3 or 4 seats, not '2'"),
    ],
)
def test_seats_the_game_is_not_played_by(game: str, seats: Any, message: str) -> None:
    with pytest.raises(SeatsError, match=re.escape(message)):
        Match(game, seats=seats)


def test_a_seat_that_does_not_exist() -> None:
    match = Match("draw", seats=3, seed=1)
    match.start_hand()
    for seat in (3, -1, True):
        refused(match, lambda seat=seat: match.hand(seat), SeatsError, f"a seat is 0..2, not {seat!r}")
        refused(match, lambda seat=seat: match.view(seat), SeatsError, f"a seat is 0..2, not {seat!r}")


def test_partnerships_with_fewer_than_four_seats_are_ignored() -> None:
    """The engine's decision: ``partnerships`` applies to four seats only; with two or three it is
    accepted and every seat is its own side (``docs/games/README.md``)."""
    for game in ("block", "draw", "all-fives", "five-up", "fives-and-threes"):
        for seats in (2, 3):
            rules = Match(game, options={"partnerships": True}, seats=seats).rules
            assert (rules.partnerships, rules.sides) == (False, seats)
        assert Match(game, options={"partnerships": True}, seats=4).rules.sides == 2


# ----------------------------------------------------------------------------------- void deals
VOID = [  # a Goat misdeal: seat 0 holds five doubles
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "0-3 0-4 0-5 0-6 1-2 1-3 1-4",
    "1-5 1-6 2-3 2-4 2-5 2-6 3-4",
    "3-5 3-6 4-5 4-6 5-5 5-6 6-6",
]


def test_a_void_deal_takes_no_play() -> None:
    match = Match("kozel", seed=1)
    dealt, _ = deal(VOID)
    match.start_hand(dealt)
    assert (match.turn, match.results[-1].end, match.hands_played) == (None, HandEnd.REDEAL, 0)
    refused(
        match,
        push(match, "1-1"),
        HandOverError,
        "1-1: hand 0 has ended (the deal is void and is dealt again)",
    )
    refused(
        match,
        lambda: match.pop(),
        EmptyHistoryError,
        "there is no placement of the current hand to take back",
    )
    match.start_hand()  # dealt again: the first hand's lead rule still applies
    assert match.lead_tile is not None and match.hand_number == 1


def test_a_void_deal_with_plays_in_a_script() -> None:
    script = {"game": "kozel", "hands": [{"hands": [h.split() for h in VOID], "plays": ["1-1"]}]}
    with pytest.raises(RecordError) as caught:
        replay(script)
    assert (caught.value.hand, caught.value.play) == (0, 0)
    assert "the deal is void (a hand holds five doubles or six tiles of one suit)" in caught.value.reason
    assert replay({**script, "hands": [{"hands": [h.split() for h in VOID]}]})["hands"][0]["end"] == "redeal"


def test_games_without_the_goat_misdeal_play_the_same_deal() -> None:
    for game in ("block", "telephone", "seven-rocks"):
        match = Match(game, seed=1)
        dealt, _ = deal(VOID)
        match.start_hand(dealt, 0 if match.leader_by_lot() else None)
        assert match.turn is not None


# ----------------------------------------------------------------------------------- turns and leaders
def test_a_play_of_another_seats_tile() -> None:
    """No seat may move out of turn: the seat to move is the only one whose tiles can be placed."""
    match = kozel()
    assert match.turn == 1
    refused(match, push(match, "2-3@1-4:high"), NotInHandError, "tile 2-3 is not in seat 1's hand")
    script = {
        "game": "kozel",
        "hands": [
            {
                "hands": [h.split() for h in KOZEL],
                "boneyard": deal(KOZEL, KOZEL_BONEYARD)[1],
                "plays": ["1-1", "1-3@1-1:A"],
            }
        ],
    }
    script["hands"][0]["boneyard"] = [str(t) for t in script["hands"][0]["boneyard"]]
    with pytest.raises(NotInHandError) as caught:
        replay(script)
    assert (caught.value.hand, caught.value.play, caught.value.reason) == (
        0,
        1,
        "tile 1-3 is not in seat 1's hand",
    )


def test_leaders_the_rules_contradict() -> None:
    dealt, rest = deal(KOZEL, KOZEL_BONEYARD)
    match = Match("kozel", seats=2)
    refused(
        match,
        lambda: match.start_hand(dealt, 1, boneyard=rest),
        LeaderError,
        "seat 0 holds 1-1, the first tile of the lead order, and must lead, not seat 1",
    )
    refused(
        match,
        lambda: match.start_hand(dealt, 2, boneyard=rest),
        LeaderError,
        "the leader must be a seat 0..1, not 2",
    )
    rng = random.Random(2)
    for game, seats, words in (
        ("kozel", 3, ("dominoed the previous hand", "(the fisherman)")),
        ("sports-kozel", 4, ("the lead passes round the table",)),
        ("fives-and-threes", 4, ("the lead passes round the table",)),
    ):
        match = Match(game, seats=seats, seed=2)
        match.start_hand(None, 0 if match.leader_by_lot() else None)
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        named = match.next_leader()
        assert named is not None
        wrong = (named + 1) % seats
        err = refused(match, lambda m=match, w=wrong: m.start_hand(None, w), LeaderError, f"seat {named}")
        assert any(w in err.reason for w in words) and err.reason.endswith(f"not seat {wrong}")


def test_actions_once_the_hand_or_the_match_is_over() -> None:
    match = hand("picture", ["3-3 2-4 2-5 2-6 3-4 3-5", "1-1 1-2 1-3 1-4 1-5 1-6", "4-4 4-5 4-6 5-5 5-6 6-6"])
    refused(match, lambda: match.start_hand(), HandInProgressError, "hand 0 is still in progress")
    rng = random.Random(1)
    while match.turn is not None:
        match.push(rng.choice(match.legal_moves()))
    assert match.is_over  # picture dominoes: one hand
    refused(match, push(match, "0-0"), MatchOverError, "0-0: the match is over")
    refused(match, lambda: match.start_hand(), MatchOverError, "the match is over")
    empty = Match("draw")
    refused(
        empty, push(empty, "6-6"), HandOverError, "no hand has been dealt yet: deal one with start_hand()"
    )


# ----------------------------------------------------------------------------------- what players are told
@pytest.mark.parametrize("lang", ["ar", "tr", "ru"])
def test_a_wrong_lead_is_told_as_such_in_every_language(lang: str) -> None:
    from sevenrocks.core.errors import OpeningPlayError
    from sevenrocks.messages import ENGINE_MESSAGES, error_text

    told = error_text(LeadTileError("6-6: seat 0 holds 2-2 ... and must lead it"), lang)
    assert told != error_text(OpeningPlayError("6-6@6-6:A is written as an opening"), lang)
    assert LeadTileError in ENGINE_MESSAGES


def test_a_branch_on_a_line_is_not_told_as_a_spinner_rule() -> None:
    from sevenrocks.messages import error_text

    match = hand("kozel", KOZEL, KOZEL_BONEYARD, plays=KOZEL_PLAYS)
    with pytest.raises(BranchNotOpenError) as caught:
        match.push_notation("5-5@1-1:bA")
    spinner = error_text(BranchNotOpenError("branch bA of spinner 1-1 is not open"), "tr")
    assert error_text(caught.value, "tr") != spinner


@pytest.mark.parametrize("lang", ["ar", "tr", "ru"])
def test_the_part_2_errors_are_told_in_every_language(lang: str) -> None:
    """The forced four, a blank end and a matador's open half each have their own message for players,
    not their parent's."""
    from sevenrocks.i18n import translation
    from sevenrocks.messages import ENGINE_MESSAGES, error_text

    sebastopol = hand("sebastopol", SEBASTOPOL_12_1, plays="6-6 1-6@6-6:A 3-6@6-6:bB")
    matador_match = hand("matador", MATADOR, leader=0, plays="1-5 2-4@1-5:high 3-6@2-4:high 1-6@3-6:high>6")
    matador_match.push_notation("0-6@1-5:low")
    cases = [
        (sebastopol, "1-2@1-6:low", ForcedFourError, SideNotOpenError),
        (matador_match, "1-2@0-6:low", BlankEndError, MismatchError),
        (matador_match, "3-4@0-6:low", OpenHalfError, MoveKindError),
    ]
    catalogue = translation(lang)
    for match, move, error, parent in cases:
        with pytest.raises(error) as caught:
            match.push_notation(move)
        told = error_text(caught.value, lang)
        assert told == catalogue.gettext(ENGINE_MESSAGES[error]) != ENGINE_MESSAGES[error]
        assert told != error_text(parent("a reason"), lang)
        assert error_text(caught.value, "en") == caught.value.reason
