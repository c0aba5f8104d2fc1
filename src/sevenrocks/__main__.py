"""``python -m sevenrocks``: the same as the ``sevenrocks`` command."""

from sevenrocks.cli.app import main

main()
