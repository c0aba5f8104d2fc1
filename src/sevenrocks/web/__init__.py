"""Seven Rocks in the browser: tables with friends and bots, a drawn layout, stored matches.

Run it with ``sevenrocks serve`` (or ``make run``) and open http://127.0.0.1:8000. The app is
built by :func:`create_app`; see ``docs/web.md`` for settings and the message protocol.
"""

from sevenrocks.web.app import create_app
from sevenrocks.web.settings import Settings

__all__ = ["Settings", "create_app"]
