"""The pieces of the rules guide: sections, figures stepped play by play, worked sums.

Everything a figure or a sum says is computed by the engine when the guide is built: the
counted contributions come from :meth:`Layout.counted`, the total from
:attr:`Layout.ends_total`, the points from :func:`~sevenrocks.core.scoring.placement_points`,
the deductions from :func:`~sevenrocks.core.scoring.round_pips`. Only the words are translated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sevenrocks import svg
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import ConnectionPoint, Play
from sevenrocks.core.scoring import placement_points, round_pips
from sevenrocks.core.tiles import Tile
from sevenrocks.guide.where import placement_words

__all__ = ["Figure", "FigureStep", "Guide", "Section", "WorkedSum", "build_figure", "build_sum"]

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class FigureStep:
    """The layout after ``number`` plays of a figure, with what the engine counts there."""

    number: int
    play: Play
    #: the counted ends as (tile, contribution), in the engine's order
    counted: tuple[tuple[Tile, int], ...]
    ends_total: int
    points: int
    connection_points: tuple[ConnectionPoint, ...]
    #: the translated caption: the placed tile, the counted sum and the points it scores
    caption: str
    #: the counted sum alone, e.g. ``2 + 8 = 10``
    sum_text: str
    #: the placement in words, translated: ``[6|6] on the 6 end of [3|6]``
    words: str = ""


@dataclass(frozen=True)
class Figure:
    """A worked position, defined as a sequence of plays and shown one play at a time."""

    key: str
    title: str
    plays: tuple[Play, ...]
    steps: tuple[FigureStep, ...]
    #: the step shown first (1-based), e.g. the step a rule text's picture shows
    start: int
    legend: svg.Legend = field(default_factory=svg.Legend)

    def layout(self, step: int | None = None) -> Layout:
        """A fresh layout after ``step`` plays (default: :attr:`start`)."""
        count = self.start if step is None else step
        if not 1 <= count <= len(self.plays):
            raise ValueError(f"figure {self.key!r} has steps 1 to {len(self.plays)}, not {count}")
        layout = Layout()
        for play in self.plays[:count]:
            layout.place(play)
        return layout

    def step(self, step: int | None = None) -> FigureStep:
        """The step ``step`` (1-based; default :attr:`start`)."""
        count = self.start if step is None else step
        if not 1 <= count <= len(self.steps):
            raise ValueError(f"figure {self.key!r} has steps 1 to {len(self.steps)}, not {count}")
        return self.steps[count - 1]

    def svg(self, step: int | None = None, *, size: int | None = None, legend: bool = True) -> str:
        """The figure at ``step`` drawn by :func:`sevenrocks.svg.layout`, the last tile placed tinted."""
        layout = self.layout(step)
        return svg.layout(
            layout,
            size=size,
            highlight=[layout.plays[-1]],
            legend=self.legend if legend else False,
            id_prefix=f"{self.key}-",
        )


@dataclass(frozen=True, slots=True)
class WorkedSum:
    """A settlement example: seats' remaining pips, each rounded on its own, and what is lost."""

    key: str
    pips: tuple[int, ...]
    deductions: tuple[int, ...]
    total: int
    #: the translated worked sum, e.g. ``Partners with 7 and 12 pips lose 5 + 10 = 15``
    text: str


@dataclass(frozen=True)
class Section:
    """One section of the rules: a title, paragraphs, figures and worked sums."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    figures: tuple[Figure, ...] = ()
    sums: tuple[WorkedSum, ...] = ()


@dataclass(frozen=True)
class Guide:
    """The whole rules guide in one language."""

    lang: str
    #: ``"rtl"`` for Arabic, else ``"ltr"``
    direction: str
    title: str
    introduction: str
    sections: tuple[Section, ...]
    legend: svg.Legend

    def section(self, key: str) -> Section:
        """The section ``key``; ``KeyError`` naming the keys if there is none."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(f"no section {key!r}: the sections are {', '.join(s.key for s in self.sections)}")

    def figure(self, key: str) -> Figure:
        """The figure ``key`` of any section."""
        for figure in self.figures:
            if figure.key == key:
                return figure
        raise KeyError(f"no figure {key!r}: the figures are {', '.join(f.key for f in self.figures)}")

    @property
    def figures(self) -> tuple[Figure, ...]:
        """Every figure, in reading order."""
        return tuple(figure for section in self.sections for figure in section.figures)


def _sum_text(numbers: Iterable[int], total: int) -> str:
    return " + ".join(str(n) for n in numbers) + f" = {total}"


def build_figure(
    key: str, title: str, plays: Iterable[str], _: Translate, *, start: int | None = None, legend: svg.Legend
) -> Figure:
    """Build a figure from plays in notation, computing every step with the engine."""
    parsed = tuple(Play.parse(text) for text in plays)
    layout = Layout()
    steps: list[FigureStep] = []
    for number, play in enumerate(parsed, start=1):
        total = layout.place(play)
        counted = layout.counted()
        points = placement_points(total)
        sum_text = _sum_text((n for _tile, n in counted), total)
        words = placement_words(play, layout.spinners, _)
        placed = _("{placement}.").format(placement=words)
        sums = _("Counted contributions: {sum}.").format(sum=sum_text)
        if points:
            scored = _("This placement scores {points} raw points.").format(points=points)
        else:
            scored = _("This placement scores nothing.")
        steps.append(
            FigureStep(
                number=number,
                play=play,
                counted=counted,
                ends_total=total,
                points=points,
                connection_points=layout.points,
                caption=f"{placed} {sums} {scored}",
                sum_text=sum_text,
                words=words,
            )
        )
    return Figure(key, title, parsed, tuple(steps), start or len(parsed), legend)


def build_sum(key: str, pips: tuple[int, ...], _: Translate) -> WorkedSum:
    """A worked settlement sum: one seat's rounding, or two partners rounded separately."""
    deductions = tuple(round_pips(p) for p in pips)
    total = sum(deductions)
    if len(pips) == 1:
        text = _("{pips} pips round to {rounded}.").format(pips=pips[0], rounded=deductions[0])
    else:
        text = _("Partners left with {first} and {second} pips lose {sum}.").format(
            first=pips[0], second=pips[1], sum=_sum_text(deductions, total)
        )
        combined = round_pips(sum(pips))
        if combined != total:
            text += " " + _(
                "Adding their hands first ({pips} pips, rounded to {rounded}) would be wrong."
            ).format(pips=sum(pips), rounded=combined)
    return WorkedSum(key, pips, deductions, total, text)
