"""Text that comes from outside (player names, record metadata): cleaned on input, defused for terminals.

A name typed in a browser is normalised before it is stored: NFC, no control or format characters
(escape codes, NUL, bidi overrides, zero-width characters), runs of white space made one space,
at most :data:`MAX_NAME` characters. What is left may be blank; the caller decides what that means.

>>> clean_name("  Ali\\u200b  \\x1b[2Jce\\u202e ")
'Ali [2Jce'
>>> clean_name("\\u200b\\u200d\\x07")
''

Text printed in a terminal (a record's names and metadata, which anyone can write) goes through
:func:`terminal_safe`: every control or format character is shown as a visible escape, so the
text cannot move the cursor, clear the screen, set the window title or reverse what follows.

>>> terminal_safe("Bob\\x1b]0;pwned\\x07 \\u202eevil")
'Bob\\\\x1b]0;pwned\\\\x07 \\\\u202eevil'
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["MAX_NAME", "clean_name", "is_hidden_character", "terminal_safe"]

#: The longest name, in characters, once cleaned.
MAX_NAME: Final = 40

# Letters that draw nothing although Unicode calls them letters (the Hangul fillers) and the
# combining grapheme joiner: a name of them alone would look blank.
_INVISIBLE: Final = frozenset("\u115f\u1160\u3164\uffa0\u034f")


def is_hidden_character(char: str) -> bool:
    """True for a character a name must not hold: control (``Cc``), format (``Cf``: bidi controls,
    zero-width characters), surrogate, private use or unassigned (``C*``), line and paragraph
    separators, and the few letters that draw nothing."""
    return _dangerous(char) or char in _INVISIBLE


def clean_name(text: str) -> str:
    """``text`` in NFC without hidden characters, white space collapsed, cut to :data:`MAX_NAME`."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if char.isspace() else "" if is_hidden_character(char) else char for char in text)
    return " ".join(kept.split())[:MAX_NAME].strip()


def terminal_safe(text: str) -> str:
    """``text`` with each control or format character written as a visible escape (``\\x1b``)."""
    return "".join(_escape(char) if _dangerous(char) else char for char in text)


def _dangerous(char: str) -> bool:
    return unicodedata.category(char)[0] == "C" or char in "\u2028\u2029"


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
