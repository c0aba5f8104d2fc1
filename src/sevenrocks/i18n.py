"""Languages: gettext message catalogues for English, Arabic, Turkish and Russian.

Texts a player reads are written in English in the code, marked with ``_()`` (or ``N_()``
where they must be translated later), and translated in the catalogues under
``sevenrocks/locale/<lang>/LC_MESSAGES/sevenrocks.po``. The compiled ``.mo`` files are kept
in the repository, so an installed package needs nothing but the standard library's
:mod:`gettext` at run time; Babel (the ``i18n`` extra) extracts and compiles them:
``make i18n`` (see ``docs/rules-guide.md``).

>>> translation("tr").gettext("Winning")
'Kazanma'
>>> negotiate("ar-EG,ar;q=0.9,en;q=0.8"), negotiate("tr_TR.UTF-8"), negotiate("xx, ;;q=bad")
('ar', 'tr', 'en')
>>> direction("ar"), direction("ru")
('rtl', 'ltr')
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "direction",
    "language_from_env",
    "negotiate",
    "translation",
]

#: The gettext domain of every catalogue.
DOMAIN: Final = "sevenrocks"
#: Where the catalogues live: ``<lang>/LC_MESSAGES/sevenrocks.po`` and ``.mo``.
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
#: The supported languages, each named in itself.
LANGUAGES: Final[Mapping[str, str]] = {"en": "English", "ar": "العربية", "tr": "Türkçe", "ru": "Русский"}
DEFAULT_LANGUAGE: Final = "en"
_RTL: Final = frozenset({"ar"})


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now."""
    return message


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English, the source language, for anything unknown)."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def direction(lang: str) -> str:
    """``"rtl"`` for languages written right to left (Arabic), else ``"ltr"``."""
    return "rtl" if lang in _RTL else "ltr"


def _code(tag: str) -> str | None:
    """The supported language of one tag such as ``ar-EG``, ``tr_TR.UTF-8`` or ``ru``."""
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def negotiate(preferences: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The best supported language for an ``Accept-Language`` header or a ``LANG`` value.

    Tags are taken by their ``q`` weight (malformed parts are ignored); nothing usable
    gives ``default``.
    """
    if not preferences or not isinstance(preferences, str):
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(preferences.replace(":", ",").split(",")):
        tag, _, params = part.partition(";")
        weight = 1.0
        params = params.strip()
        if params:
            name, _, value = params.partition("=")
            if name.strip() != "q":
                continue
            try:
                weight = float(value)
            except ValueError:
                continue
            if not 0.0 <= weight <= 1.0:
                continue
        code = _code(tag)
        if code is not None and weight > 0:
            ranked.append((-weight, i, code))
    return min(ranked)[2] if ranked else default


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return negotiate(value)
    return DEFAULT_LANGUAGE
