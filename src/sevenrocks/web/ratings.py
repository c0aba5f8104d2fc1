"""Team-aware ratings of rated matches with OpenSkill (Plackett–Luce), anchored by the bots.

A rating is OpenSkill's pair (``mu``, ``sigma``): the estimated strength and its uncertainty. A new
account starts at ``mu`` 25, ``sigma`` 25/3. Pages show the **ordinal** ``mu − 3·sigma``: a
cautious estimate (the strength is above it with about 99.9% confidence), which starts at 0 and
rises as the rating grows and becomes certain.

The two partnerships of a match are OpenSkill's teams (seats 0 and 2 against 1 and 3); the winning
partnership ranks first. The bot levels keep the fixed ratings of :data:`BOT_ANCHORS`: they take
part in each update (so beating ``expert`` is worth more than beating ``random``) but their
ratings are never changed, which ties people's ratings to a published scale.

>>> updated = rate_match([("a", None), ("bot", "greedy"), ("b", None), ("bot", "greedy")], 0, {})
>>> sorted(updated)
['a', 'b']
>>> updated["a"][0] > NEW_MU and updated["a"][1] < NEW_SIGMA
True
>>> round(ordinal(NEW_MU, NEW_SIGMA), 6)
0.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from openskill.models import PlackettLuce

__all__ = ["BOT_ANCHORS", "BOT_SIGMA", "NEW_MU", "NEW_SIGMA", "ordinal", "rate_match"]

#: A new account's rating (OpenSkill's defaults).
NEW_MU: Final = 25.0
NEW_SIGMA: Final = 25.0 / 3.0
#: The uncertainty the bots' anchors are given: small, as a bot's strength is known and fixed.
BOT_SIGMA: Final = 1.0

#: The fixed rating (``mu``) of each bot level, on OpenSkill's scale (``sigma`` is
#: :data:`BOT_SIGMA`).
#:
#: Where the numbers come from: the duplicate tournaments of ``docs/strength.md`` and the ladder
#: of ``docs/tournaments.md`` (Seven Rocks, target 250). Each win rate ``p`` of one bot against
#: another (both partners the same level) is a logit ``ln(p / (1 − p))``; with Plackett–Luce for
#: two teams of two at ``sigma`` 1 and OpenSkill's ``beta`` 25/6, a logit of one between the teams
#: is ``c / 2 = sqrt(2·(2·1² + beta²)) / 2 ≈ 3.11`` of ``mu`` per player. ``greedy`` is put at a new
#: account's 25.0 and the others placed from it:
#:
#: * ``expert`` beats ``greedy`` 85.9% (1,718–282 of 2,000): logit 1.81 → 25.0 + 5.6 = 30.6
#: * ``search`` beats ``expert`` 65.7% (1,313–687 of 2,000, 200 ms a move): logit 0.65 → 32.6
#: * ``champion`` beats ``search`` 56.5% (113–87 of 200, preliminary): logit 0.26 → 33.4
#: * ``random`` is 1,022 Elo below ``greedy`` in the ladder (1729 against 707): logit 5.88 → 6.7
BOT_ANCHORS: Final[Mapping[str, float]] = {
    "random": 6.7,
    "greedy": 25.0,
    "expert": 30.6,
    "search": 32.6,
    "champion": 33.4,
}

_MODEL: Final = PlackettLuce(mu=NEW_MU, sigma=NEW_SIGMA)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown on the pages: ``mu − 3·sigma``."""
    return mu - 3.0 * sigma


Seat = tuple[str, str | None]
"""A seat of a rated match: the account's key (any label for a bot) and the bot level (``None``:
a person)."""


def rate_match(
    seats: Sequence[Seat],
    winner: int | None,
    ratings: Mapping[str, tuple[float, float]],
    sides: int = 2,
) -> dict[str, tuple[float, float]]:
    """The new ratings (``mu``, ``sigma``) of the people of a finished match.

    ``seats`` in seat order, side ``seat % sides``; ``winner`` the winning side (``None``: a
    draw); ``ratings`` the people's ratings before (a person missing: a new account). Bots keep
    their anchors and are left out of the answer. Raises ``KeyError`` for a bot level without an
    anchor.
    """
    teams: list[list[object]] = [[] for _ in range(sides)]
    people: list[tuple[str, int, int]] = []  # key, team, index in team
    for seat, (key, bot) in enumerate(seats):
        side = seat % sides
        if bot is None:
            mu, sigma = ratings.get(key, (NEW_MU, NEW_SIGMA))
            people.append((key, side, len(teams[side])))
            teams[side].append(_MODEL.rating(mu=mu, sigma=sigma, name=key))
        else:
            teams[side].append(_MODEL.rating(mu=BOT_ANCHORS[bot], sigma=BOT_SIGMA, name=bot))
    ranks = [0.0 if winner is None or side == winner else 1.0 for side in range(sides)]
    new = _MODEL.rate(teams, ranks=ranks)  # type: ignore[arg-type]
    return {key: (float(new[team][index].mu), float(new[team][index].sigma)) for key, team, index in people}
