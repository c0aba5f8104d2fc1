"""Seven Rocks in the browser: tables with friends and bots, a drawn layout, stored matches.

Run it with ``sevenrocks serve`` (or ``make run``) and open http://127.0.0.1:8000. The app is
built by :func:`create_app`; see ``docs/web.md`` for settings and the message protocol.

The web framework is imported only when the app is asked for, so that importing
``sevenrocks.web.settings`` (as the command line does) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sevenrocks.web.app import create_app
    from sevenrocks.web.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from sevenrocks.web.app import create_app

        return create_app
    if name == "Settings":
        from sevenrocks.web.settings import Settings

        return Settings
    raise AttributeError(f"module 'sevenrocks.web' has no attribute {name!r}")
