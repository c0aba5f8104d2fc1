"""The rules guide of every game of the family, in every supported language.

A game's guide has the sections of its document (``docs/games/<id>.md`` §1 to §10) in their order:
the sentences its rules call for (:mod:`sevenrocks.guide.words`), its own notes
(:mod:`sevenrocks.guide.games`), a figure of a hand played by the engine (in "Placing tiles") and
worked settlements computed by the engine (in "Settlement"). Seven Rocks keeps its own guide
(:func:`sevenrocks.guide.rules_guide`); the command and the pages choose by :func:`guide_game`.

>>> guide = family_guide("kozel", "ru")
>>> [s.key for s in guide.sections][:3], guide.direction
(['players', 'deal', 'leads'], 'ltr')
>>> family_guide("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.GameError: no game 'chess': ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sevenrocks.core.errors import GameError
from sevenrocks.core.games import GAMES, Engine, find_game
from sevenrocks.core.games.settlement import LosersWrite
from sevenrocks.guide.games import GAME_GUIDES
from sevenrocks.guide.play import PlayFigure, Translate, build_figure
from sevenrocks.guide.settle import WorkedHand, WorkedSettlement, ledger_chain, played_hands
from sevenrocks.guide.words import SECTIONS, rule_paragraphs, seat_counts
from sevenrocks.i18n import LANGUAGES, direction, translation
from sevenrocks.text import game_name

__all__ = ["GAME_IDS", "FamilyGuide", "FamilySection", "family_guide", "guide_game"]

#: Every game with a guide, in the order ``sevenrocks games`` lists them.
GAME_IDS: tuple[str, ...] = tuple(game.id for game in GAMES)


@dataclass(frozen=True)
class FamilySection:
    """One section of a game's guide."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    figures: tuple[PlayFigure, ...] = ()
    hands: tuple[WorkedHand, ...] = ()
    settlements: tuple[WorkedSettlement, ...] = ()


@dataclass(frozen=True)
class FamilyGuide:
    """One game's guide in one language."""

    game: str
    lang: str
    direction: str
    title: str
    introduction: str
    sections: tuple[FamilySection, ...]

    def section(self, key: str) -> FamilySection:
        """The section ``key``; ``KeyError`` naming the keys if there is none."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(f"no section {key!r}: the sections are {', '.join(s.key for s in self.sections)}")

    @property
    def figures(self) -> tuple[PlayFigure, ...]:
        """Every figure, in reading order."""
        return tuple(f for s in self.sections for f in s.figures)


def guide_game(name: str) -> str:
    """The id of the game ``name`` names (:class:`GameError` listing the games otherwise)."""
    return find_game(name).id


def build_family_guide(game: str, lang: str, _: Translate) -> FamilyGuide:
    """``game``'s guide with every text passed through ``_``."""
    info = find_game(game)
    spec = GAME_GUIDES.get(info.id)
    if spec is None:
        raise GameError(f"{info.id} has its own guide (sevenrocks.guide.rules_guide)")
    rules = info.rules(seats=spec.deal.seats, engine=info.engine)
    rtl = direction(lang) == "rtl"
    allowed = seat_counts(info.seats, _)
    target = rules.ending.target
    sections: list[FamilySection] = []
    for key, title in SECTIONS:
        paragraphs = [] if key in spec.replaces else rule_paragraphs(key, rules, allowed, _)
        paragraphs += [_(note).format(target=target) for note in spec.notes.get(key, ())]
        figures: tuple[PlayFigure, ...] = ()
        hands: tuple[WorkedHand, ...] = ()
        settlements: tuple[WorkedSettlement, ...] = ()
        if key == "placing":
            figures = (
                build_figure(f"{info.id}-hand", info.id, _("A hand, move by move"), spec.deal, _, rtl=rtl),
            )
        if key == "settlement":
            hands = played_hands(info.id, spec.deal, spec.hands, _)
            if info.engine is Engine.LAYOUT and isinstance(rules.settlement, LosersWrite):
                settlements = ledger_chain(info.id, _)
        sections.append(FamilySection(key, _(title), tuple(paragraphs), figures, hands, settlements))
    name = game_name(info.id, gettext=_)
    return FamilyGuide(
        info.id,
        lang,
        direction(lang),
        _("Rules of {game}").format(game=name),
        _(spec.intro),
        tuple(sections),
    )


@cache
def family_guide(game: str, lang: str = "en") -> FamilyGuide:
    """``game``'s guide in ``lang`` (English for an unknown language); any game but Seven Rocks."""
    code = lang if lang in LANGUAGES else "en"
    return build_family_guide(guide_game(game), code, translation(code).gettext)
