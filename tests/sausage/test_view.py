"""The seat's view of Sausage hides the order of every queue (``sausage.md`` §10, README §2.18).

A :class:`~sevenrocks.core.sausage.SausageView` holds no queue: its fields are public facts only, and two
matches whose queues differ only in where the tiles nobody has turned yet lie (in which queue, in which
order) give equal views to both seats at every moment. What the public turns tell (:meth:`memory`) is
what the queues really are, and a sample of them (:meth:`sample_queues`) puts a match in the same public
position (:meth:`SausageMatch.from_view`).
"""

from __future__ import annotations

import random
import typing

import pytest

from sevenrocks.core.errors import DealError, HandOverError
from sevenrocks.core.games import Outcome, Rules
from sevenrocks.core.sausage import SausageMatch, SausageMove, SausageView, Table, Turn
from sevenrocks.core.sausage.events import DealResult
from sevenrocks.core.tiles import TILES, Tile

from .common import QUEUES_12_1, deal


def _random_position(seed: int) -> tuple[SausageMatch, list[SausageMove]]:
    rng = random.Random(seed)
    match = SausageMatch(seed=seed)
    match.start_deal()
    moves: list[SausageMove] = []
    for _ in range(rng.randrange(0, 30)):
        if not match.in_deal:
            break
        move = rng.choice(match.legal_moves())
        match.push(move)
        moves.append(move)
    return match, moves


def test_the_view_type_holds_no_queue() -> None:
    """Every field of the view, with its type: public facts only (a new field must be added here)."""
    assert typing.get_type_hints(SausageView) == {
        "seat": int,
        "rules": Rules,
        "deal_number": int,
        "starter": int | None,
        "turn": int | None,
        "turned": Tile | None,  # face up
        "legal_moves": tuple[SausageMove, ...],
        "table": Table,
        "aside": tuple[Tile, ...],  # the doubles set aside, face up
        "queue_lengths": tuple[int, int],  # how long, not what
        "sent": tuple[int, int],
        "turns": tuple[Turn, ...],  # every turned tile and where it went
        "scores": tuple[int, ...],
        "results": tuple[DealResult, ...],  # finished deals: the queues turned up, in the order of the set
        "outcome": Outcome | None,
    }
    match = deal()
    view = match.view(0)
    assert view.legal_moves == () and match.view(1).legal_moves == tuple(match.legal_moves())
    while match.in_deal:
        match.push(match.legal_moves()[-1])
    result = match.view(0).results[-1]
    assert all(list(left) == sorted(left, key=lambda t: t.index) for left in result.left)


def _shuffle_unturned(match: SausageMatch, rng: random.Random) -> tuple[list[Tile], list[Tile]]:
    """The deal's queues with every tile never turned so far moved at random among the places of such
    tiles, across both queues."""
    dealt = [list(q) for q in match.history[-1].queues]
    hidden = match.view(0).memory().hidden
    places = [(seat, i) for seat in (0, 1) for i in range(14 - hidden[seat], 14)]
    pool = [dealt[seat][i] for seat, i in places]
    rng.shuffle(pool)
    for (seat, i), tile in zip(places, pool, strict=True):
        dealt[seat][i] = tile
    return dealt[0], dealt[1]


@pytest.mark.parametrize("seed", range(60))
def test_queues_that_differ_only_where_nobody_has_looked_give_the_same_views(seed: int) -> None:
    match, moves = _random_position(seed)
    log = match.history[-1]
    other = SausageMatch(seed=seed + 1)
    other.start_deal(_shuffle_unturned(match, random.Random(seed)), log.starter)
    for move in moves:
        other.push(move)
    for seat in (0, 1):
        assert other.view(seat) == match.view(seat)


@pytest.mark.parametrize("seed", range(40))
def test_memory_is_what_the_queues_are(seed: int) -> None:
    match, _ = _random_position(seed)
    if not match.in_deal:
        return
    for seat in (0, 1):
        memory = match.view(seat).memory()
        assert memory == match.view(1 - seat).memory()  # public: the same for both seats
        unseen: set[Tile] = set()
        for owner in (0, 1):
            queue = match.queue(owner)
            tail = memory.tails[owner]
            assert queue[len(queue) - len(tail) :] == tail
            front = 1 if owner == match.turn and match.turned not in tail else 0
            assert len(queue) == front + memory.hidden[owner] + len(tail)
            unseen.update(queue[front : front + memory.hidden[owner]])
        assert memory.unseen == unseen


@pytest.mark.parametrize("seed", range(40))
def test_a_sample_of_the_queues_is_the_same_public_position(seed: int) -> None:
    match, _ = _random_position(seed)
    if not match.in_deal:
        with pytest.raises(HandOverError, match="the view shows no deal being played"):
            SausageMatch.from_view(match.view(0), (match.queue(0), match.queue(1)))
        return
    rng = random.Random(seed)
    for seat in (0, 1):
        view = match.view(seat)
        queues = view.sample_queues(rng)
        guess = SausageMatch.from_view(view, queues, seed=seed)
        assert guess.view(seat) == view
        assert guess.view(1 - seat) == match.view(1 - seat)
        while guess.in_deal:  # and it plays on to the deal's end
            guess.push(rng.choice(guess.legal_moves()))
        assert guess.result is not None
    truth = SausageMatch.from_view(match.view(0), (match.queue(0), match.queue(1)))
    assert truth.view(0) == match.view(0) and [str(m) for m in truth.legal_moves()] == [
        str(m) for m in match.legal_moves()
    ]


def test_a_position_whose_queues_do_not_fit_the_view() -> None:
    match = deal(moves="5-6:bottom 2-4:top")
    view = match.view(0)
    queues = (list(match.queue(0)), list(match.queue(1)))
    with pytest.raises(DealError, match="seat 0's queue holds 13 tiles, not 12"):
        SausageMatch.from_view(view, (queues[0][1:], queues[1]))
    with pytest.raises(DealError, match="every tile neither on the table nor set aside"):
        SausageMatch.from_view(view, ([*queues[0][:-1], TILES[0]], queues[1]))
    with pytest.raises(DealError, match="seat 0 has turned 4-6: it must be in front of its queue"):
        SausageMatch.from_view(view, ([*queues[0][1:], queues[0][0]], queues[1]))
    with pytest.raises(DealError, match="two queues"):
        SausageMatch.from_view(view, (queues[0],))


def test_public_facts_of_the_view() -> None:
    match = deal(QUEUES_12_1, moves="5-6:bottom 2-4:top 4-6:cut")
    view = match.view(1)
    assert (view.seats, view.target, view.ends, view.is_my_turn) == (2, 101, (4, 6), False)
    assert view.in_queues == frozenset(t for t in TILES if t not in {Tile.parse("4-6"), Tile.parse("3-3")})
    memory = view.memory()
    assert [str(t) for t in memory.tails[1]] == ["2-5", "5-6", "2-4"]  # the cut, in the order laid
    assert [str(t) for t in memory.tails[0]] == ["1-3"]
    assert memory.hidden == (14 - 4, 14 - 3)
