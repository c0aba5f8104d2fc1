"""The command line starts fast: heavy libraries load only inside the commands that need them.

`sevenrocks replay` is run once per match by conformance checkers, and `simulate`, `bot` and
tournament workers start often, so the CLI module must not pull in the web stack or numpy.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("fastapi", "sqlalchemy", "uvicorn", "numpy", "numba", "matplotlib", "PIL", "pyspiel")


def test_cli_import_leaves_heavy_libraries_alone() -> None:
    code = (
        "import json, sys; import sevenrocks.cli.app; "
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == []
