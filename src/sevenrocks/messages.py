"""Error messages shown to players, in their language.

The engine's errors (:mod:`sevenrocks.core.errors`) carry English reasons for programmers. A
player reading Arabic, Turkish or Russian gets instead the catalogue message of the error's
class (the nearest class that has one); English players keep the engine's detailed reason.
Messages with placeholders (``"seat {seat} is already a bot"``) are translated first and
filled in after, so every language gets the same numbers and names.

>>> from sevenrocks.core.errors import MismatchError
>>> error_text(MismatchError("tile 3-4 shows no 6"), "tr")
'Taşın hiçbir yarısı o bağlantı noktasının değerini göstermiyor.'
>>> error_text(MismatchError("tile 3-4 shows no 6"), "en")
'tile 3-4 shows no 6'
>>> translate("seat {seat} is already a bot", {"seat": 2}, "ru")
'место 2 уже занято ботом'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from sevenrocks.core import errors
from sevenrocks.i18n import DEFAULT_LANGUAGE, N_, translation

__all__ = ["ENGINE_MESSAGES", "error_text", "translate"]

#: The player's message for each kind of engine error (looked up along the class's MRO).
ENGINE_MESSAGES: Final[Mapping[type[errors.SevenRocksError], str]] = {
    errors.NotInHandError: N_("That tile is not in your hand."),
    errors.OutOfTurnError: N_("It is not your turn."),
    errors.LeadTileError: N_("The rules name the tile that leads this hand: lead that tile."),
    errors.OpeningPlayError: N_(
        "The opening tile is placed without a connection point; every later tile needs one."
    ),
    errors.UnknownAnchorError: N_("That tile is not in the layout, so nothing can be joined to it."),
    errors.ForcedFourError: N_(
        "6-6 must first be surrounded on all four sides: place a six on one of its open sides."
    ),
    errors.SideNotOpenError: N_("That connection point is not open."),
    errors.NoBranchError: N_("This layout is a line: no double has side branches."),
    errors.BranchNotOpenError: N_(
        "The spinner's branches open only after both of its straight sides are filled."
    ),
    errors.SeveralDoublesError: N_(
        "Several doubles go down together only as doubles, each on a different open end."
    ),
    errors.LengthwiseError: N_("That double may not be laid lengthwise here."),
    errors.OpenHalfError: N_(
        "Only the matadors 1-6, 2-5 and 3-4 name the half they leave open, written >N, and they must "
        "name it; 0-0 and a lead never do."
    ),
    errors.MoveKindError: N_("This game does not allow that kind of move."),
    errors.BlankEndError: N_("An end showing a blank takes only a matador: 0-0, 1-6, 2-5 or 3-4."),
    errors.MismatchError: N_("No half of the tile shows the value of that connection point."),
    errors.IllegalPlayError: N_("That placement breaks a rule of placement."),
    errors.NotationError: N_("That is not a placement in the notation, for example 3-4@4-4:B."),
    errors.HandOverError: N_("The hand is over: no tile can be placed now."),
    errors.MatchOverError: N_("The match is over."),
    errors.SevenRocksError: N_("That cannot be done now."),
}


def translate(template: str, params: Mapping[str, object] | None, lang: str) -> str:
    """``template`` (an English catalogue message) in ``lang``, its ``{placeholders}`` filled in."""
    text = translation(lang).gettext(template)
    return text.format(**params) if params else text


def error_text(error: errors.SevenRocksError, lang: str) -> str:
    """What to tell a player about ``error``: its reason in English, its kind in other languages."""
    if lang == DEFAULT_LANGUAGE or lang not in ("ar", "tr", "ru"):
        return error.reason
    for kind in type(error).__mro__:
        message = ENGINE_MESSAGES.get(kind)
        if message is not None:
            return translation(lang).gettext(message)
    return error.reason
