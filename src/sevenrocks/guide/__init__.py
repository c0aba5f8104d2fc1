"""The illustrated rules guide, in every supported language.

>>> guide = rules_guide("en")
>>> [s.key for s in guide.sections][:3]
['players', 'leading', 'placing']
>>> step = guide.figure("doubles-line").step(3)
>>> step.sum_text, step.points
('2 + 8 = 10', 10)
>>> rules_guide("tr").section("winning").title
'Kazanma'

The figures are play sequences; every step's counted contributions, sum and points are
computed by the engine, and :meth:`Figure.svg` draws any step with :mod:`sevenrocks.svg`.
See ``docs/rules-guide.md``.
"""

from __future__ import annotations

from functools import cache

from sevenrocks.guide.content import SECTION_KEYS, build_guide
from sevenrocks.guide.model import Figure, FigureStep, Guide, Section, WorkedSum
from sevenrocks.i18n import LANGUAGES, translation

__all__ = ["SECTION_KEYS", "Figure", "FigureStep", "Guide", "Section", "WorkedSum", "rules_guide"]


@cache
def rules_guide(lang: str = "en") -> Guide:
    """The rules guide in ``lang`` (``en``, ``ar``, ``tr``, ``ru``); English for anything else."""
    code = lang if lang in LANGUAGES else "en"
    return build_guide(code, translation(code).gettext)
