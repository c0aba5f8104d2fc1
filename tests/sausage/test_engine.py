"""The Sausage engine's own behaviour: taking moves back, copies, the starters of later deals, the block
rule's counts, history and the game's place in the registry."""

from __future__ import annotations

import random

import pytest

from sevenrocks.core.games import GAMES, LAYOUT_GAMES, Engine, Information, find_game
from sevenrocks.core.sausage import DealEnd, SausageMatch, Went

from .common import deal, state


def _played(seed: int, target: int = 101) -> SausageMatch:
    rng = random.Random(seed)
    match = SausageMatch(target=target, seed=seed)
    match.start_deal()
    while match.in_deal:
        match.push(rng.choice(match.legal_moves()))
    return match


def test_the_game_in_the_registry() -> None:
    game = find_game("sausage")
    assert [g.id for g in GAMES][-2:] == ["picture", "sausage"]
    assert game.engine is Engine.SAUSAGE and game not in LAYOUT_GAMES and len(LAYOUT_GAMES) == len(GAMES) - 1
    assert game.seats == (2,) and game.defaults() == {"target": 101}
    rules = SausageMatch().rules
    assert rules is game.rules(engine=Engine.SAUSAGE)
    assert rules.information is Information.BLIND_QUEUES and rules.hand_size == 14
    assert SausageMatch({"target": 30}).rules.ending.target == 30


@pytest.mark.parametrize("seed", range(25))
def test_pop_takes_a_move_back_exactly(seed: int) -> None:
    rng = random.Random(seed)
    match = SausageMatch(target=rng.choice((20, 101)), seed=seed)
    for _ in range(3):
        if match.is_over:
            break
        match.start_deal()
        while match.in_deal:
            before = state(match)
            move = rng.choice(match.legal_moves())
            match.push(move)
            after = state(match)
            assert match.pop() == move
            assert state(match) == before
            match.push(move)
            assert state(match) == after
        # the last move ended the deal: taking it back undoes the settlement and the match's end
        end = state(match)
        last = match.pop()
        assert match.in_deal and match.result is None and match.outcome is None
        match.push(last)
        assert state(match) == end
    while match.moves_made:
        match.pop()
    assert match.turns[0].went is Went.START and all(not t.is_move for t in match.turns)


@pytest.mark.parametrize("seed", range(10))
def test_copies_are_independent(seed: int) -> None:
    rng = random.Random(seed)
    match = SausageMatch(seed=seed)
    match.start_deal()
    for _ in range(rng.randrange(1, 8)):
        if match.in_deal:
            match.push(rng.choice(match.legal_moves()))
    if not match.in_deal:
        return
    before = state(match)
    for stack in (True, False):
        copy = match.copy(stack=stack)
        assert copy.view(0) == match.view(0) and copy.queue(0) == match.queue(0)
        while copy.in_deal:
            copy.push(rng.choice(copy.legal_moves()))
        if stack:
            while copy.moves_made:
                copy.pop()
        assert state(match) == before


def test_starters_of_later_deals() -> None:
    """§3.1: the winner starts the next deal; after a blocked deal with equal pips, the seat that did
    not start it. A lot decides the first, reproducibly from the seed."""
    assert {SausageMatch(seed=s).next_starter for s in range(3)} == {None}
    lots = [_played(s).starter for s in range(40)]
    assert set(lots) == {0, 1} and lots == [_played(s).starter for s in range(40)]
    seen = set()
    for seed in range(3000):
        match = _played(seed, target=1000)
        result = match.result
        assert result is not None
        kind = (result.end, result.winner is None)
        if kind in seen:
            continue
        seen.add(kind)
        starter = match.starter
        assert starter is not None
        named = 1 - starter if result.winner is None else result.winner
        assert match.next_starter == named
        match.start_deal()
        assert match.starter == named and match.deal_number == 1
        assert len(match.history) == 2 and match.history[0].result == result
        assert match.results == (result,)
        if len(seen) == 3:
            break
    assert seen == {(DealEnd.OUT, False), (DealEnd.BLOCKED, False), (DealEnd.BLOCKED, True)}


def test_the_block_counts() -> None:
    """§6.2: tiles sent to the back since the table changed; a placement resets both counts, setting a
    double aside does not."""
    match = deal(moves="5-6:bottom")  # seat 0 sent 1-3 back
    assert match.sent == (1, 0)
    match.push_notation("2-4:top")
    assert match.sent == (0, 0)
    for seed in range(200):
        played = _played(seed)
        if played.result is not None and played.result.end is DealEnd.BLOCKED:
            sent = played.sent
            lengths = played.queue_lengths
            assert sent[0] >= lengths[0] and sent[1] >= lengths[1]
            last = [t for t in played.turns if t.went not in (Went.BACK, Went.ASIDE)][-1]
            backs = [t for t in played.turns[played.turns.index(last) + 1 :] if t.went is Went.BACK]
            assert sum(sent) == len(backs)
            break
    else:
        pytest.fail("no blocked deal in 200 seeds")
