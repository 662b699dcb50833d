"""Golden playthroughs: a seeded greedy hand per case must replay exactly as recorded.

Regenerate deliberately with ``python -m tests.golden --write`` and review the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden import CASES, dump, path


@pytest.mark.parametrize(("preset", "seats", "seed"), CASES)
def test_playthrough_matches_the_golden_file(preset: str, seats: int, seed: int) -> None:
    recorded = path(preset, seats, seed).read_text(encoding="utf-8")
    now = dump(preset, seats, seed)
    if now != recorded:
        diff = "".join(
            difflib.unified_diff(
                recorded.splitlines(keepends=True),
                now.splitlines(keepends=True),
                "golden",
                "now",
                n=1,
            )
        )
        pytest.fail(f"{preset}-{seats}-{seed} differs from its golden file:\n{diff[:4000]}")
    assert recorded.count(" plays ") > 20  # a real hand, not an empty file
