"""The repository's copies of the shared folders equal them, file by file, when they are beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from .data_copies import COPIES, SHARED, differences


@pytest.mark.parametrize("name", sorted(COPIES))
def test_copy_equals_the_shared_folder(name: str) -> None:
    shared = SHARED / name
    if not shared.is_dir():
        pytest.skip(f"no {shared} beside the repository (a user's clone): nothing to compare the copy with")
    changed = differences(shared, COPIES[name])
    assert not changed, (
        f"tests/{name} is out of date with {shared}; run '.venv/bin/python -m tests.data_copies' "
        "and commit the result:\n" + "\n".join(changed)
    )


def test_differences_are_found(tmp_path: Path) -> None:
    """The comparison itself can fail: a changed, a missing and an extra file are each reported."""
    shared, copy = tmp_path / "shared", tmp_path / "copy"
    for folder in (shared, copy):
        (folder / "sub").mkdir(parents=True)
        (folder / "same.json").write_text("{}")
    (copy / "ABOUT.md").write_text("the copy's own note")
    assert differences(shared, copy) == []
    (shared / "sub" / "new.json").write_text("[]")
    (copy / "extra.json").write_text("[]")
    (copy / "same.json").write_text('{"a": 1}')
    assert differences(shared, copy) == [
        "sub/new.json: missing from the copy",
        f"extra.json: in the copy but not in {shared}",
        "same.json: differs",
    ]
