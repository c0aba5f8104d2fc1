"""The ``--lang`` option of the terminal commands (``play``, ``show``, ``rules``).

Without ``--lang`` the language comes from the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``). A region or encoding is ignored (``tr-TR``, ``ar_EG.UTF-8``);
an unknown language prints a one-line note on standard error and gives English.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from sevenrocks.i18n import DEFAULT_LANGUAGE, LANGUAGES, language_from_env, translation

__all__ = ["LangOption", "resolve_language"]

#: The ``--lang`` option, the same in every command.
LangOption = Annotated[
    str | None,
    typer.Option("--lang", "-l", help="Language: en, ar, tr or ru (default: from LANG)."),
]


def resolve_language(lang: str | None, errors: Console | None = None, *, note: str | None = None) -> str:
    """The language to use for ``--lang`` (or the environment); a note on ``errors`` if unknown.

    ``note`` replaces the note's English text (placeholders ``{lang}`` and ``{languages}``).

    >>> resolve_language("tr-TR"), resolve_language("ar_EG.UTF-8"), resolve_language("xx")
    ('tr', 'ar', 'en')
    """
    if not lang:
        return language_from_env()
    code = lang.strip().lower()
    if code not in LANGUAGES:
        code = code.replace("_", "-").split(".")[0].split("-")[0]
    if code in LANGUAGES:
        return code
    if errors is not None:
        text = note or translation(DEFAULT_LANGUAGE).gettext(
            "Unknown language {lang}: using English. Available: {languages}."
        )
        errors.print(text.format(lang=repr(lang), languages=", ".join(LANGUAGES)))
    return DEFAULT_LANGUAGE
