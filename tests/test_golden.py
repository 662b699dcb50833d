"""Golden playthroughs: a seeded greedy hand per case must replay exactly as recorded.

Regenerate deliberately with ``python -m tests.golden --write`` and review the diff.
"""

from __future__ import annotations

import difflib

import pytest

import nertslib as nl
from nertslib.views import View, determinize, view
from tests.golden import CASES, VIEW_EVERY, dump, path, seat_view


@pytest.mark.parametrize(("preset", "seats", "seed"), CASES)
def test_playthrough_matches_the_golden_file(preset: str, seats: int, seed: int) -> None:
    target = path(preset, seats, seed)
    if not target.exists():
        pytest.fail(f"no golden file {target.name}: run python -m tests.golden --write")
    recorded = target.read_text(encoding="utf-8")
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


def test_every_preset_has_a_golden_case() -> None:
    assert {preset for preset, _, _ in CASES} == set(nl.variants.names())
    assert len(set(CASES)) == len(CASES)


@pytest.mark.parametrize(("preset", "seats", "seed"), CASES)
def test_the_recorded_views_are_full_views_of_the_hand(preset: str, seats: int, seed: int) -> None:
    lines = path(preset, seats, seed).read_text(encoding="utf-8").splitlines()
    spectators = [line for line in lines if " spectator sees: " in line]
    own = [line for line in lines if " sees itself: " in line]
    assert len(own) == seats * len(spectators)
    plays = sum(1 for line in lines if " plays " in line or " system: " in line)
    assert len(spectators) == 2 + (plays - 1) // VIEW_EVERY
    state = nl.deal(preset, seats, seed)
    assert spectators[0].split(": ", 1)[1] == view(state).to_nfen()
    for k, line in enumerate(spectators):
        step, text = line.split(" spectator sees: ")
        seen = View.from_nfen(text)
        assert seen.seat is None
        assert view(determinize(seen, k), None) == seen
        for p in range(seats):
            mine = own[k * seats + p]
            assert mine.startswith(f"{step} seat {p} sees itself: ")
            full = View.from_nfen(seat_view(text, p, mine.split(": ", 1)[1]))
            assert full.seat == p
            assert full.seats[:p] + full.seats[p + 1 :] == seen.seats[:p] + seen.seats[p + 1 :]
            assert view(determinize(full, k), p) == full
