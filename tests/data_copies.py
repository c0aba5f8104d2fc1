"""The folders of ``../shared`` that the repository keeps a copy of, and how to check or refresh them.

A user's clone has no ``../shared`` beside it, so the tests read copies kept in the repository. Each
copy equals its shared folder file by file, except its ``ABOUT.md`` (where the copy comes from).

Refresh every copy from the shared folders (run from the repository's top folder)::

    .venv/bin/python -m tests.data_copies
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
ABOUT = "ABOUT.md"
COPIES = {
    "conformance": REPO / "tests" / "conformance",
    "games": REPO / "tests" / "games",
}
"""Shared folder name -> the repository's copy of it."""


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but a copy's ``ABOUT.md``), by its relative path."""
    found: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and relative != ABOUT and "__pycache__" not in relative:
            found[relative] = path.read_bytes()
    return found


def differences(shared: Path, copy: Path) -> list[str]:
    """What differs between a shared folder and its copy, one line each (empty when equal)."""
    theirs, ours = files(shared), files(copy)
    lines = [f"{name}: missing from the copy" for name in sorted(theirs.keys() - ours.keys())]
    lines += [f"{name}: in the copy but not in {shared}" for name in sorted(ours.keys() - theirs.keys())]
    lines += [
        f"{name}: differs" for name in sorted(theirs.keys() & ours.keys()) if theirs[name] != ours[name]
    ]
    return lines


def refresh(shared: Path, copy: Path) -> None:
    """Make ``copy`` equal to ``shared`` (keeping the copy's ``ABOUT.md``)."""
    about = (copy / ABOUT).read_bytes() if (copy / ABOUT).is_file() else None
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(shared, copy, ignore=shutil.ignore_patterns("__pycache__"))
    if about is not None:
        (copy / ABOUT).write_bytes(about)


def main() -> int:
    """Refresh every copy whose shared folder exists; print what changed."""
    if not SHARED.is_dir():
        print(f"no shared folder at {SHARED}: nothing to refresh", file=sys.stderr)
        return 1
    for name, copy in COPIES.items():
        changed = differences(SHARED / name, copy)
        refresh(SHARED / name, copy)
        print(f"{copy.relative_to(REPO)}: " + ("; ".join(changed) if changed else "already equal"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
