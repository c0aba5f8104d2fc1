"""The games' documents (``docs/games/``): one per game, indexed, with every option, and worked examples
that are the engine's own.

The worked example of each document is written by ``docs/games/make_examples.py`` from a hand the engine
deals and plays; :func:`test_worked_examples_are_the_engines` fails when the engine would now write it
differently (run ``.venv/bin/python docs/games/make_examples.py`` and look at the change).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sevenrocks.core.games import GAMES, find_game

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs" / "games"
SECTIONS = (
    "1. Players and sides",
    "2. Tiles and deal",
    "3. Leads",
    "4. Placing tiles",
    "5. When a seat cannot place",
    "6. End of hand",
    "7. Points during play",
    "8. Settlement",
    "9. End of match",
    "10. Information",
    "11. Options",
    "Decisions",
    "12. Worked example",
)


def make_examples() -> ModuleType:
    """``docs/games/make_examples.py``, imported from its file."""
    name = "docs_games_make_examples"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, DOCS / "make_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def text(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_game_has_its_document_and_its_example(game: str) -> None:
    assert (DOCS / f"{game}.md").is_file()
    assert game in make_examples().EXAMPLES
    assert text(game).startswith("# ") and f"`{game}`" in text(game).splitlines()[0]


def test_the_index_lists_every_game_and_the_readme_links_it() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        row = next((line for line in index.splitlines() if f"]({game.id}.md)" in line), None)
        assert row is not None, f"docs/games/README.md has no row for {game.id}"
        assert f"`{game.id}`" in row and game.name.split(" (")[0] in row
        assert ", ".join(str(n) for n in game.seats) in row
    linked = re.findall(r"\]\(([\w-]+)\.md\)", index)
    assert sorted(set(linked)) == sorted(g.id for g in GAMES)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "`docs/games/README.md`" in readme


@pytest.mark.parametrize("game", [g.id for g in GAMES if g.id != "seven-rocks"])
def test_documents_follow_the_sections_of_the_rule_files(game: str) -> None:
    headings = re.findall(r"^## (.+)$", text(game), re.M)
    assert tuple(headings) == SECTIONS


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_option_is_documented_with_its_default(game: str) -> None:
    definition = find_game(game)
    doc = text(game)
    for name, default in definition.defaults().items():
        shown = str(default).lower()
        assert f"| `{name}` | {shown} |" in doc, f"{game}.md: no row '| `{name}` | {shown} |'"
    rows = re.findall(r"^\| `(\w+)` \| ", doc, re.M)
    assert sorted(set(rows)) == sorted(definition.defaults()), f"{game}.md documents options it does not have"


def test_worked_examples_are_the_engines() -> None:
    stale = make_examples().check()
    assert not stale, (
        "a game's worked example differs from what the engine writes now; run "
        "'.venv/bin/python docs/games/make_examples.py' and look at the change:\n" + "\n".join(stale)
    )


def test_worked_examples_show_what_each_game_does_differently() -> None:
    """The seeds were chosen for these; a change of the deal or of the engine that loses one fails here."""
    module = make_examples()
    shown = {game: module.example_text(example) for game, example in module.EXAMPLES.items()}
    assert "draws" in shown["draw"] and "draws" in shown["kozel"] and "draws" in shown["telephone"]
    assert "knocks" in shown["block"] and "blocked" in shown["block"]
    assert "remembers" in shown["kozel"] and "fisherman" in shown["kozel"]
    assert "nothing is written" in shown["kozel-125"]
    assert "=`" in shown["muggins"]  # a double laid lengthwise
    assert re.search(r"`\d-\d@\d-\d:b[AB]`", shown["five-up"])
    assert "its partner is already out" in shown["fives-and-threes"]
    assert "knocks" in shown["picture"] and "The match is over" in shown["picture"]
    assert "rounded down to a multiple of 5" in shown["telephone"]
    assert "order-telephone" in shown["telephone"] and "order-goat" in shown["sports-kozel"]
    sausage = shown["sausage"]
    assert ":cut`" in sausage and "set aside" in sausage and "to the back" in sausage
    assert "`5-5:top`" in sausage  # a double into a line, at a joint showing its number
