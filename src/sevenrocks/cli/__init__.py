"""The ``sevenrocks`` command line: one module per command, registered in :mod:`.app`."""
