"""``sevenrocks play`` and ``show`` in the player's language (``--lang``, ``LANG``), and player errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.play import parse_choice
from sevenrocks.core import Match
from sevenrocks.core import errors as engine
from sevenrocks.i18n import LANGUAGES, translation
from sevenrocks.messages import ENGINE_MESSAGES, error_text
from sevenrocks.text import play_choices

runner = CliRunner()
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def _play(tmp_path: Path, *args: str, input: str, env: dict[str, str] | None = None) -> str:
    path = tmp_path / "m.json"
    run = runner.invoke(
        app,
        ["play", "--no-color", "--seed", "7", "--target", "30", "--record", str(path), "--overwrite", *args],
        input=input,
        env=env,
    )
    assert run.exit_code == 0, run.output
    assert "Traceback" not in run.output
    return run.output


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_in_each_language(tmp_path: Path, lang: str) -> None:
    out = _play(tmp_path, "--lang", lang, input="1\n" * 400)
    _ = translation(lang).gettext
    for english in ("your placements", "match over", "layout"):
        assert _(english) in out and _(english) != english
    assert _("your tiles: {tiles}").split("{tiles}")[0] in out
    assert _("the record is saved to {path}").split("{path}")[0] in out
    # the notation stays the same in every language
    assert re.search(r"<[0-6]-[0-6]:(?:low|high|A|B|bA|bB)>", out)
    english_only = ["your placements", "the record is saved", "match over", "your tiles:"]
    assert not [word for word in english_only if word in out]


def test_play_language_from_the_environment_and_unknown_language(tmp_path: Path) -> None:
    out = _play(tmp_path, input="q\n", env={"LANG": "tr_TR.UTF-8", "LANGUAGE": ""})
    assert "oyun" in out.lower() or "yerleştirme" in out
    assert translation("tr").gettext("match stopped: {reason}").split("{reason}")[0] in out
    assert translation("tr").gettext("the player at seat 0 quit") in out
    unknown = runner.invoke(
        app,
        ["play", "--no-color", "--lang", "xx", "--seed", "7", "--record", str(tmp_path / "x.json")],
        input="q\n",
    )
    assert unknown.exit_code == 0
    assert "Unknown language 'xx': using English" in unknown.output
    assert "match stopped: the player at seat 0 quit" in unknown.output


def test_play_refusals_are_translated(tmp_path: Path) -> None:
    out = _play(tmp_path, "--lang", "ru", input="99\nzz\n" + "1\n" * 400)
    assert "хода 99 нет: выберите от 1 до" in out
    assert "'zz' — не вариант" in out


def test_show_in_a_language(tmp_path: Path) -> None:
    _play(tmp_path, input="1\n" * 400)
    path = tmp_path / "m.json"
    shown = runner.invoke(app, ["show", str(path), "--no-color", "--lang", "ar"])
    assert shown.exit_code == 0, shown.output
    _ = translation("ar").gettext
    assert _("match record {path}").format(path=path) in shown.output
    assert _("final layout:") in shown.output and _("result") in shown.output
    assert _("seats {first}+{second}").format(first=0, second=2) in shown.output
    assert "final layout:" not in shown.output
    missing = runner.invoke(app, ["show", str(tmp_path / "none.json"), "--lang", "tr"])
    assert missing.exit_code == 2 and missing.output.startswith("hata: ")


def test_parse_choice_speaks_the_language() -> None:
    match = Match(seed=5)
    match.start_hand(leader=0)
    choices = play_choices(match.view(0))
    with pytest.raises(ValueError, match="there is no placement 9: choose 1 to 7"):
        parse_choice("9", choices)
    with pytest.raises(ValueError, match="9 numaralı yerleştirme yok: 1 ile 7 arasında seçin"):
        parse_choice("9", choices, lang="tr")


def test_engine_errors_have_a_message_for_players() -> None:
    """Every kind of engine error reaches a catalogue message; English keeps the engine's reason."""
    kinds = [engine.SevenRocksError, *engine.SevenRocksError.__subclasses__()]
    kinds += [k for k in engine.IllegalPlayError.__subclasses__()]
    for kind in kinds:
        error = kind("a detailed reason")
        assert error_text(error, "en") == "a detailed reason"
        for lang in TRANSLATED:
            text = error_text(error, lang)
            assert text != "a detailed reason" and text in {
                translation(lang).gettext(m) for m in ENGINE_MESSAGES.values()
            }
    mismatch = engine.MismatchError("tile 3-4 shows no 6")
    assert error_text(mismatch, "ar") == translation("ar").gettext(ENGINE_MESSAGES[engine.MismatchError])
    assert error_text(engine.NotInHandError("x"), "xx") == "x"  # unknown language: the English reason
