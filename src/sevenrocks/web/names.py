"""The names of seats as a page shows them, in the player's language.

A table keeps the names it was made with; a seat left without a name gets an English default
("host", "friend 2", "greedy bot", "greedy bot (for Leyla)") that the records and the API keep
as they are. The pages show those defaults in the player's language, and a bot level by its name
in that language ("روبوت جشع"), never the engine's id.

>>> shown_name({"kind": "bot", "name": "greedy bot", "bot": "greedy"}, 1, "tr")
'açgözlü bot'
>>> shown_name({"kind": "human", "name": "Leyla"}, 0, "ru")
'Leyla'
>>> named({"kind": "human", "name": "friend 2"}, 2)
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from sevenrocks.i18n import N_, translation

__all__ = ["BOT_LEVELS", "bot_label", "bot_labels", "named", "shown_name", "shown_names", "shown_seats"]

#: What each bot level is called on the pages.
BOT_LEVELS: Final = {
    "champion": N_("champion bot"),
    "expert": N_("expert bot"),
    "greedy": N_("greedy bot"),
    "random": N_("random bot"),
    "search": N_("search bot"),
}


def bot_label(bot: str, lang: str) -> str:
    """Bot level ``bot`` as the pages call it, in ``lang`` (an unknown level: its id and "bot")."""
    _ = translation(lang).gettext
    if bot in BOT_LEVELS:
        return _(BOT_LEVELS[bot])
    return _("{bot} bot").format(bot=bot)


def bot_labels(bots: Sequence[str], lang: str) -> dict[str, str]:
    """Every level of ``bots`` with its name in ``lang``."""
    return {bot: bot_label(bot, lang) for bot in bots}


def _default(info: Mapping[str, Any], seat: int, lang: str) -> str | None:
    """The name in ``lang`` if the seat's name is the default it was given, else None."""
    name = str(info.get("name") or "")
    _ = translation(lang).gettext
    if info.get("kind") == "bot":
        bot = str(info.get("bot") or "")
        if name == f"{bot} bot":
            return bot_label(bot, lang)
        stand_in = re.fullmatch(rf"{re.escape(bot)} bot \(for (.*)\)", name)
        if stand_in:
            return _("{bot} (for {name})").format(bot=bot_label(bot, lang), name=stand_in[1])
        return None
    if name == "host":
        return _("host")
    if name == f"friend {seat}":
        return _("friend {seat}").format(seat=seat)
    if name == f"seat {seat}":
        return _("seat {seat}").format(seat=seat)
    return None


def named(info: Mapping[str, Any], seat: int) -> bool:
    """True if the seat's player gave it a name (not a default one)."""
    return _default(info, seat, "en") is None


def shown_name(info: Mapping[str, Any], seat: int, lang: str) -> str:
    """The seat's name as the page shows it in ``lang``: a default name translated, another as given."""
    shown = _default(info, seat, lang)
    return str(info.get("name") or "") if shown is None else shown


def shown_names(seats: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """:func:`shown_name` of every seat."""
    return [shown_name(info, seat, lang) for seat, info in enumerate(seats)]


def shown_seats(seats: Sequence[Mapping[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The public seats of a table for a page in ``lang``: each name as shown, ``named`` (the
    player chose it) and a bot's ``level`` in words (copies; the table's own are left as they are)."""
    out = []
    for seat, info in enumerate(seats):
        entry = dict(info)
        entry["name"] = shown_name(info, seat, lang)
        entry["named"] = named(info, seat)
        if info.get("kind") == "bot" and info.get("bot"):
            entry["level"] = bot_label(str(info["bot"]), lang)
        out.append(entry)
    return out
