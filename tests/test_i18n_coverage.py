"""No text a player sees bypasses the message catalogues.

Three checks, each failing on a new unwrapped text:

* the terminal modules (``play``, ``show``, ``rules``, the text renderings, the player error
  messages): an abstract-syntax-tree scan for words in f-strings, and for string literals that
  are printed, returned, raised or joined into output, outside ``_()``/``N_()``;
* the web page scripts (``static/*.js``): a scan of every string and template literal for
  prose outside ``t("...")``;
* the server-rendered pages: every page rendered with a translator that brackets each
  catalogue text; whatever words are left outside brackets bypassed the catalogues.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import sevenrocks.web.pages as pages
from sevenrocks.guide.content import build_guide
from sevenrocks.i18n import LANGUAGES

SRC = Path(__file__).resolve().parents[1] / "src" / "sevenrocks"
STATIC = SRC / "web" / "static"
WORD = re.compile(r"[A-Za-z]{2,}")

# ------------------------------------------------------------------------------ terminal modules
TERMINAL = [
    "cli/play.py",
    "cli/play_sausage.py",
    "cli/play_session.py",
    "cli/play_help.py",
    "cli/wrap.py",
    "cli/sausage_text.py",
    "cli/show.py",
    "cli/rules.py",
    "cli/rules_family.py",
    "cli/language.py",
    "cli/analyse.py",
    "text.py",
    "messages.py",
    "moves_words.py",
]
#: calls whose positional string arguments a player reads
SHOWN = {
    "print",
    "say",
    "Wrapped",
    "rule",
    "echo",
    "Text",
    "add_row",
    "add_column",
    "append",
    "ValueError",
    "PlayerQuit",
    "BotFailed",
    "Exit",
}
MARKERS = {"_", "N_", "gettext"}
#: literals with words that are not prose for players (file, text) -> why
TERMINAL_ALLOWED = {
    ("cli/play_session.py", "sevenrocks-{}-seed{}"): "the default record file name",
    ("cli/play_session.py", "sevenrocks {} play"): "the program name stored in the record",
    ("cli/play_session.py", "{}-{}.json"): "a record file name",
    ("text.py", "the opening tile has two outward sides"): "an internal check, never shown to a player",
}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _static(node: ast.JoinedStr) -> str:
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def _unmarked_texts(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Literals with words that reach the player without passing through the catalogues."""
    marked: set[int] = set()
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in MARKERS:
            marked.update(id(n) for arg in node.args for n in ast.walk(arg))
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            docstrings.add(id(first.value))
    shown: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in SHOWN:
            shown.update(id(arg) for arg in node.args)
        elif isinstance(node, ast.Return) and node.value is not None:
            shown.add(id(node.value))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            shown.update((id(node.left), id(node.right)))
        elif isinstance(node, ast.IfExp) and id(node) in shown:  # parents are walked first
            shown.update((id(node.body), id(node.orelse)))
    for node in ast.walk(tree):
        if id(node) in marked or id(node) in docstrings:
            continue
        if isinstance(node, ast.JoinedStr) and WORD.search(_static(node)):
            yield node.lineno, _static(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) in shown:
            yield from ((node.lineno, node.value) for _ in WORD.findall(node.value)[:1])


@pytest.mark.parametrize("module", TERMINAL)
def test_terminal_texts_go_through_the_catalogues(module: str) -> None:
    tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
    found = [(line, text) for line, text in _unmarked_texts(tree) if (module, text) not in TERMINAL_ALLOWED]
    assert found == [], f"{module}: texts not marked with _() or N_(): {found}"


def test_terminal_check_catches_an_unwrapped_text() -> None:
    source = 'def f(console, _):\n    console.print("the hand is over")\n    console.print(_("fine"))\n'
    assert [t for _, t in _unmarked_texts(ast.parse(source))] == ["the hand is over"]
    source = 'def f(seat):\n    return f"seat {seat} leads"\n'
    assert [t for _, t in _unmarked_texts(ast.parse(source))] == ["seat {} leads"]


# ------------------------------------------------------------------------------ page scripts
def js_literals(src: str) -> list[tuple[int, str]]:
    """``(offset, text)`` of every string and template literal (``${...}`` parts as ``{}``)."""
    out: list[tuple[int, str]] = []
    n = len(src)

    def previous(j: int) -> str:
        k = j - 1
        while k >= 0 and src[k] in " \t\r\n":
            k -= 1
        return src[k] if k >= 0 else ""

    def code(i: int, stop: bool) -> int:
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith("//", i):
                end = src.find("\n", i)
                i = n if end < 0 else end
            elif src.startswith("/*", i):
                i = src.index("*/", i) + 2
            elif c in "\"'":
                j, buf = i + 1, []
                while src[j] != c:
                    step = 2 if src[j] == "\\" else 1
                    buf.append(src[j : j + step])
                    j += step
                out.append((i, "".join(buf)))
                i = j + 1
            elif c == "`":
                i = template(i)
            elif c == "/" and previous(i) in "(,=:[!&|?{};":  # a regular expression
                j, in_class = i + 1, False
                while in_class or src[j] != "/":
                    if src[j] == "\\":
                        j += 1
                    elif src[j] == "[":
                        in_class = True
                    elif src[j] == "]":
                        in_class = False
                    j += 1
                i = j + 1
            else:
                if c == "{":
                    depth += 1
                elif c == "}":
                    if depth == 0 and stop:
                        return i + 1
                    depth -= 1
                i += 1
        return i

    def template(i: int) -> int:
        start, j, parts, buf = i, i + 1, [], []
        while src[j] != "`":
            if src[j] == "\\":
                buf.append(src[j : j + 2])
                j += 2
            elif src.startswith("${", j):
                parts.append("".join(buf))
                buf = []
                j = code(j + 2, True)
            else:
                buf.append(src[j])
                j += 1
        parts.append("".join(buf))
        out.append((start, "{}".join(parts)))
        return j + 1

    code(0, False)
    return out


CSS_CLASSES = set(re.findall(r"\.([a-zA-Z][\w-]*)", (STATIC / "style.css").read_text(encoding="utf-8")))
KEYS = {"Home", "End", "Escape", "Enter", "ArrowLeft", "ArrowRight", "SELECT", "Tab"}
#: literals that look like words but are not for reading: names of the platform, not texts
JS_ALLOWED = {"use strict", "status count", "DOMContentLoaded", "X-CSRF-Token"}
_SELECTOR = re.compile(r"(?:[#.]?[a-z][\w-]*|\[[a-z][\w-]*\])(?:[#.][a-z][\w-]*|\[[a-z][\w-]*\])*")
_SVG_TRANSFORM = re.compile(r"(?:(?:translate|rotate|scale)\([^()]*\)\s*)+")


def is_prose(text: str) -> bool:
    """Words a person would read (not an id, a class list, a key name, a selector, a URL or markup)."""
    if text in JS_ALLOWED or text in KEYS or _SVG_TRANSFORM.fullmatch(text.strip()):
        return False
    text = re.sub(r"<[^>]*(?:>|$)|^[^<]*>", " ", text)  # markup (its texts come from t() through ${})
    text = re.sub(r'[\w-]+="[^"]*"|&\w+;', " ", text)  # attributes and entities
    if not WORD.search(text):
        return False
    if re.fullmatch(r"[A-Z][a-z]+", text.strip()):
        return True  # a capitalised word: a button or a heading
    tokens = text.replace("{}", " ").split()
    if all(token in CSS_CLASSES for token in tokens) or (len(tokens) == 1 and _SELECTOR.fullmatch(tokens[0])):
        return False  # an id, a class list, an event or attribute name
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if any(c in text for c in "#.,") and all(_SELECTOR.fullmatch(p) for p in parts):
        return False  # a CSS selector
    identifier = re.fullmatch(r"[\w/:.?=&{}\-\[\]\"]*", text) and not re.search(r"[A-Z][a-z]", text)
    return not identifier  # a URL or an identifier is not prose


# the first or second argument of tn("...", "...", count)
_PLURAL_ARGUMENT = re.compile(r'(?<![\w.$])tn\(\s*(?:"(?:[^"\\\n]|\\.)*",\s*)?$')


def _unmarked_js(src: str) -> list[str]:
    found = []
    for start, text in js_literals(src):
        before = src[max(0, start - 200) : start]
        if re.search(r"(?<![\w.$])t\(\s*$", before[-20:]) or re.search(
            r'(?<![\w.$])tn\(\s*(?:"(?:[^"\\\n]|\\.)*",\s*)?$', before
        ):
            continue
        if is_prose(text):
            found.append(text)
    return found


@pytest.mark.parametrize("script", sorted(p.name for p in STATIC.glob("*.js")))
def test_page_script_texts_go_through_the_catalogues(script: str) -> None:
    found = _unmarked_js((STATIC / script).read_text(encoding="utf-8"))
    assert found == [], f"{script}: texts not wrapped in t(): {found}"


def test_script_check_catches_an_unwrapped_text() -> None:
    src = 'el("p", { class: "muted" }, "No table is being played.");\nel("b", {}, t("Fine"));\n'
    assert _unmarked_js(src) == ["No table is being played."]
    assert _unmarked_js("node.textContent = `Hand ${n + 1} is over`;") == ["Hand {} is over"]
    assert _unmarked_js('toast("Cancel");') == ["Cancel"]
    assert _unmarked_js('tn("Queue: {n} tile", "Queue: {n} tiles", n, { n });') == []
    assert _unmarked_js('tn("Queue: {n} tile", n) + "Queue left"') == ["Queue left"]
    assert _unmarked_js('x.className = "seat-box turn"; x.on("keydown", f); go(`/table/${id}`);') == []


# ------------------------------------------------------------------------------ rendered pages
def _bracket(message: str) -> str:
    return f"⟦{message}⟧"


class _Bracketing:
    def gettext(self, message: str) -> str:
        return _bracket(message)


def _render_bracketed(monkeypatch: pytest.MonkeyPatch, page: str) -> str:
    guide = build_guide("en", _bracket)
    monkeypatch.setattr(pages, "translation", lambda _lang: _Bracketing())
    monkeypatch.setattr(pages, "rules_guide", lambda _lang: guide)
    monkeypatch.setattr(pages, "js_messages", lambda _lang: {})
    html = pages.render_page(page, "en", path="/x", params={"token": "T"})
    return html


def leftover_words(html: str, unwrap: Callable[[str], str] = lambda s: s) -> list[str]:
    """Words of the page (text and labels) outside the brackets of the catalogue texts."""
    body = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    body = re.sub(r"<style.*?</style>", " ", body, flags=re.S)
    for name in LANGUAGES.values():  # each language is named in itself in the switch
        body = body.replace(f">{name}<", "><").replace(f'title="{name}"', "")
    labels = re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', body)
    text = " ".join([re.sub(r"<[^>]+>", " ", body), *labels])
    text = unwrap(re.sub(r"⟦.*?⟧", " ", text, flags=re.S))
    return WORD.findall(text)


@pytest.mark.parametrize("page", pages.PAGES)
def test_rendered_pages_have_no_text_outside_the_catalogues(
    monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    html = _render_bracketed(monkeypatch, page)
    assert "⟦" in html
    assert leftover_words(html) == []


def test_rendered_figure_steps_come_from_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    html = _render_bracketed(monkeypatch, "rules")
    steps = re.findall(r'class="figure-steps">(.*?)</script>', html, re.S)
    assert steps
    for data in steps:
        for field in re.findall(r'"(?:caption|label)": "((?:[^"\\]|\\.)*)"', data):
            assert re.sub(r"⟦.*?⟧", "", re.sub(r"<[^>]+>", "", field)).strip(" .") == "" or not WORD.findall(
                re.sub(r"⟦.*?⟧", "", re.sub(r"<[^>]+>", "", field))
            )


def test_page_check_catches_an_unwrapped_text() -> None:
    html = '<p>⟦Fine⟧</p><button aria-label="Next play">⟦Next⟧</button><p>Loading…</p>'
    assert leftover_words(html) == ["Loading", "Next", "play"]


# ------------------------------------------------------------------------------ the family's guides
@pytest.mark.parametrize("game", ["kozel", "sea-kozel", "general", "bergen", "sausage"])
def test_family_guide_pages_have_no_text_outside_the_catalogues(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    import sevenrocks.web.rules_pages as rules_pages
    from sevenrocks.guide.family import build_family_guide

    guide = build_family_guide(game, "en", _bracket)
    monkeypatch.setattr(pages, "translation", lambda _lang: _Bracketing())
    monkeypatch.setattr(pages, "js_messages", lambda _lang: {})
    monkeypatch.setattr(rules_pages, "translation", lambda _lang: _Bracketing())
    monkeypatch.setattr(rules_pages, "family_guide", lambda _game, _lang: guide)
    html = rules_pages.render_family_rules(game, "en", path="/rules/x")
    assert "⟦" in html
    while re.search(r"⟦[^⟦⟧]*⟧", html):  # texts built from texts (a list of seats in a sentence)
        html = re.sub(r"⟦[^⟦⟧]*⟧", " ", html)
    if game == "sausage":  # sausage_svg names the line ends in English in its tooltips (left alone here)
        html = re.sub(r"<title>(top|bottom) end[^<]*</title>", " ", html)
    # tile notation and the moves of the step lines are not words
    assert leftover_words(html) == []
    for data in re.findall(r'class="figure-steps">(.*?)</script>', html, re.S):
        for field in re.findall(r'"(?:caption|label)": "((?:[^"\\]|\\.)*)"', data):
            assert not WORD.findall(re.sub(r"⟦.*?⟧", "", re.sub(r"<[^>]+>", "", field)))
    unknown = rules_pages.render_unknown_game("chess", "en", path="/rules/chess")
    assert leftover_words(unknown) == []
