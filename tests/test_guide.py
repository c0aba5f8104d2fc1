"""The rules guide: figures computed by the engine, worked sums, catalogues, ``sevenrocks rules``."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.guide import SECTION_KEYS, Guide, rules_guide
from sevenrocks.i18n import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    direction,
    language_from_env,
    negotiate,
    translation,
)

REPO = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
runner = CliRunner()


# ------------------------------------------------------------------------------------------ figures
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_captions_agree_with_seed_positions(lang: str, seed_cases: list[dict[str, Any]]) -> None:
    guide = rules_guide(lang)
    for case in seed_cases:
        plays = case["plays"]
        covering = [f for f in guide.figures if [str(p) for p in f.plays[: len(plays)]] == plays]
        assert covering, f"no figure shows the seed case {case['name']!r}"
        for figure in guide.figures:
            shown = [str(p) for p in figure.plays]
            for number, seed in enumerate(case["steps"], start=1):
                if shown[:number] != plays[:number]:
                    break
                step = figure.step(number)
                assert str(step.play) == seed["after"]
                assert sorted([str(t), n] for t, n in step.counted) == sorted(seed["counted"])
                points = sorted([str(p.anchor), p.side.notation, p.value] for p in step.connection_points)
                assert points == sorted(seed["connection_points"])
                assert step.ends_total == seed["ends_total"] and step.points == seed["points"]
                terms, total = step.sum_text.split(" = ")
                assert sorted(int(n) for n in terms.split(" + ")) == sorted(n for _, n in seed["counted"])
                assert int(total) == seed["ends_total"]
                assert step.sum_text in step.caption
                tile = seed["after"].split("@")[0].split("-")
                assert f"[{tile[0]}|{tile[1]}]" in step.caption
                if seed["points"]:
                    assert re.search(rf"\b{seed['points']}\b", step.caption.split(step.sum_text)[1])


def test_figures_step_play_by_play() -> None:
    guide = rules_guide("en")
    figure = guide.figure("spinner-arms")
    assert figure.start == 5 and len(figure.steps) == 9
    captions = [figure.step(n).caption for n in range(1, 10)]
    assert len(set(captions)) == 9  # each step says something different
    assert figure.step(6).sum_text == "2 + 5 + 3 = 10" or sorted(figure.step(6).sum_text) == sorted(
        "2 + 5 + 3 = 10"
    )
    for number in (1, 5, 9):
        root = ElementTree.fromstring(figure.svg(number))
        marked = {el.get("data-point") for el in root.iter() if el.get("data-point")}
        assert marked == {str(p) for p in figure.step(number).connection_points}
        assert len([el for el in root.iter() if el.get("data-order")]) == number
    with pytest.raises(ValueError, match="steps 1 to 9"):
        figure.step(10)
    with pytest.raises(ValueError, match="steps 1 to 9"):
        figure.svg(0)
    four = guide.figure("four-arms").step()
    assert (four.ends_total, four.points) == (35, 35)


def test_worked_sums_use_the_engine() -> None:
    end = rules_guide("en").section("end")
    sums = {s.key: s for s in end.sums}
    assert (sums["two"].pips, sums["two"].total) == ((2,), 0)
    assert (sums["three"].pips, sums["three"].total) == ((3,), 5)
    assert sums["seven-twelve"].deductions == (5, 10) and sums["seven-twelve"].total == 15
    assert "5 + 10 = 15" in sums["seven-twelve"].text
    assert sums["three-three"].total == 10 and "5 + 5 = 10" in sums["three-three"].text
    assert "rounded to 5" in sums["three-three"].text  # the wrong way, named as wrong
    win = rules_guide("en").section("winning").sums[0]
    assert win.total >= 250 and "240 + 10 = 250" in win.text


# ------------------------------------------------------------------------------------------ the model
def _texts(guide: Guide) -> Iterator[str]:
    yield guide.title
    yield guide.introduction
    yield from (guide.legend.counted, guide.legend.point, guide.legend.spinner)
    for section in guide.sections:
        yield section.title
        yield from section.paragraphs
        for figure in section.figures:
            yield figure.title
            yield from (step.caption for step in figure.steps)
        yield from (s.text for s in section.sums)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_section_in_every_language(lang: str) -> None:
    guide = rules_guide(lang)
    assert tuple(s.key for s in guide.sections) == SECTION_KEYS
    assert guide.direction == ("rtl" if lang == "ar" else "ltr")
    assert all(text.strip() for text in _texts(guide))
    english = rules_guide("en")
    assert [len(s.paragraphs) for s in guide.sections] == [len(s.paragraphs) for s in english.sections]
    assert [f.key for f in guide.figures] == [f.key for f in english.figures]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_text_bypasses_the_catalogues(lang: str) -> None:
    english = list(_texts(rules_guide("en")))
    translated = list(_texts(rules_guide(lang)))
    same = [e for e, t in zip(english, translated, strict=True) if e == t]
    assert same == []
    if lang == "ar":
        assert all(re.search("[\u0600-\u06ff]", t) for t in translated)
    if lang == "ru":
        assert all(re.search("[\u0400-\u04ff]", t) for t in translated)


def test_unknown_language_is_english() -> None:
    assert rules_guide("xx").lang == "en"
    assert rules_guide("xx").title == rules_guide("en").title
    with pytest.raises(KeyError, match="no section 'nope'"):
        rules_guide("en").section("nope")


def test_language_negotiation() -> None:
    assert negotiate("ar-EG,ar;q=0.9,en;q=0.8") == "ar"
    assert negotiate("de-DE, tr;q=0.5, en;q=0.4") == "tr"
    assert negotiate("en;q=0.1, ru;q=0.9") == "ru"
    for bad in ("", None, ";;;", "q=1", "tr;q=abc", "tr;q=7", "*", "\x00\xff", "ar;x=1"):
        assert negotiate(bad) == "en"
    assert language_from_env({"LANG": "tr_TR.UTF-8"}) == "tr"
    assert language_from_env({"LANGUAGE": "ru:en", "LANG": "tr_TR.UTF-8"}) == "ru"
    assert language_from_env({"LANG": "C.UTF-8"}) == "en"
    assert language_from_env({}) == "en"
    assert direction("ar") == "rtl" and direction("tr") == "ltr"
    assert translation("xx").gettext("Winning") == "Winning"


# ------------------------------------------------------------------------------------------ catalogues
def _source_messages() -> set[str]:
    """Every marked text: ``_()``/``N_()`` in Python, ``t()`` in the web page scripts (as ``babel.cfg``)."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = extract_from_dir(
        str(REPO / "src" / "sevenrocks"),
        method_map,
        options_map,
        keywords={**DEFAULT_KEYWORDS, "N_": None},
        comment_tags=(),
    )
    return {message for _path, _line, message, _comments, _context in found if isinstance(message, str)}


def _source_plurals() -> set[tuple[str, str]]:
    """Every marked text with plural forms (``ngettext``): its singular and plural ids."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = extract_from_dir(
        str(REPO / "src" / "sevenrocks"), method_map, options_map, keywords=dict(DEFAULT_KEYWORDS)
    )
    return {
        (message[0], message[1])
        for _path, _line, message, _comments, _context in found
        if isinstance(message, tuple) and len(message) >= 2 and message[1]
    }


def test_web_script_texts_are_extracted() -> None:
    """The page scripts' t("...") texts reach the catalogues (and the page's JSON catalogue)."""
    from sevenrocks.web.pages import js_messages

    messages = _source_messages()
    assert {"Your turn: choose a tile.", "Seats 0 & 2", "{seat} knocks."} <= messages
    scripts = set(js_messages("tr"))
    # a plural text of the scripts (tn) is keyed by its singular and plural ids joined by \x04
    plain = {text for text in scripts if "\x04" not in text}
    plural = {tuple(text.split("\x04")) for text in scripts if "\x04" in text}
    assert plain and plain <= messages
    assert plural and plural <= _source_plurals()
    assert js_messages("tr")["Your turn: choose a tile."] == translation("tr").gettext(
        "Your turn: choose a tile."
    )


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{\w*\}", text))


def test_template_is_up_to_date() -> None:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    plurals = {i for i in template if isinstance(i, tuple)}
    assert template - plurals == _source_messages(), "run `make i18n` to update the catalogues"
    assert plurals == _source_plurals(), "run `make i18n` to update the catalogues"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_complete_and_compiled(lang: str) -> None:
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po_path.open("rb") as handle:
        catalogue = read_po(handle)
    entries = {m.id: m for m in catalogue if m.id}
    wanted = _source_messages()
    missing = sorted(wanted - set(entries))
    assert missing == [], f"{lang}: untranslated (missing) entries: {missing}"
    for msgid in wanted:
        message = entries[msgid]
        assert isinstance(message.string, str) and message.string.strip(), f"{lang}: empty entry {msgid!r}"
        assert not message.fuzzy, f"{lang}: fuzzy entry {msgid!r}"
        assert _placeholders(message.string) == _placeholders(msgid), f"{lang}: placeholders of {msgid!r}"
    for plural in _source_plurals():  # every plural form of the language, with the placeholders
        forms = entries[plural].string
        assert isinstance(forms, tuple) and len(forms) == catalogue.num_plurals, f"{lang}: forms of {plural}"
        for form in forms:
            assert form.strip(), f"{lang}: empty plural form of {plural[0]!r}"
            assert _placeholders(form) == _placeholders(plural[1]), f"{lang}: placeholders of {plural[0]!r}"
    with (po_path.with_suffix(".mo")).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    form_of = gettext.c2py(catalogue.plural_expr)  # the language's rule: a number -> its form
    for plural in _source_plurals():
        for n in (1, 2, 5, 11, 21, 102):
            assert compiled.ngettext(*plural, n) == entries[plural].string[form_of(n)], f"{lang}: stale .mo"
    for msgid in wanted:
        assert compiled.gettext(msgid) == entries[msgid].string, (
            f"{lang}: .mo is stale: run `make i18n-compile`"
        )


# ------------------------------------------------------------------------------------------ sevenrocks rules
def test_rules_command_in_english() -> None:
    result = runner.invoke(app, ["rules", "--lang", "en"])
    assert result.exit_code == 0, result.output
    for title in (s.title for s in rules_guide("en").sections):
        assert title in result.stdout
    assert "2 + 8 = 10" in result.stdout and "5 + 10 = 15" in result.stdout
    assert "{1|1}" in result.stdout and "branch B  {1|1} ○" in result.stdout
    assert "[1|5] on branch A of the spinner [1|1]" in result.stdout  # where, in words
    assert "1-5@1-1:bA" not in result.stdout and "<" not in result.stdout


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_command_translated(lang: str) -> None:
    guide = rules_guide(lang)
    result = runner.invoke(app, ["rules", "--lang", lang, "--section", "doubles"])
    assert result.exit_code == 0, result.output
    assert guide.section("doubles").title in result.stdout
    assert translation(lang).gettext("Step {number} of {count}").format(number=3, count=4) in result.stdout
    assert guide.section("players").title not in result.stdout


def test_rules_command_language_from_environment() -> None:
    result = runner.invoke(
        app, ["rules", "--section", "winning"], env={"LANG": "ar_EG.UTF-8", "LANGUAGE": ""}
    )
    assert result.exit_code == 0
    assert rules_guide("ar").section("winning").title in result.stdout


def test_rules_command_bad_input() -> None:
    unknown = runner.invoke(app, ["rules", "--lang", "xx", "--section", "end", "--brief"])
    assert unknown.exit_code == 0
    assert "Unknown language 'xx'" in unknown.output and "End of hand and deductions" in unknown.stdout
    region = runner.invoke(app, ["rules", "--lang", "tr-TR", "--section", "winning"])
    assert region.exit_code == 0 and "Kazanma" in region.stdout
    missing = runner.invoke(app, ["rules", "--section", "nope", "--lang", "tr"])
    assert missing.exit_code == 2 and "nope" in missing.output and "Traceback" not in missing.output
