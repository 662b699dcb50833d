"""Shared helpers of the batch engine's tests: the ``fast`` extra, variants and trajectories."""

from __future__ import annotations

import importlib.util
import os
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import nertslib as nl
from nertslib.bots.basic import greedy_on_position
from nertslib.deal import SplitMix64
from tests.strategies import examples, variants

#: NERTS_REQUIRE_FAST=1 (the CI block that installs the extra sets it): a missing numba
#: fails these tests instead of skipping them.
REQUIRED = os.environ.get("NERTS_REQUIRE_FAST") == "1"


#: Positions compared with the pure engine, by test, and the examples that compared them: the
#: session's last lines report them (tests/batch/conftest.py), so a profile's coverage is
#: counted, not estimated.
CHECKED: Counter[str] = Counter()
EXAMPLES: Counter[str] = Counter()


#: NERTS_CHECKED_FILE=path: the running counts are also written there (a long ``deep`` run
#: that is stopped still says how far it got).
_PROGRESS = os.environ.get("NERTS_CHECKED_FILE")


def checked(test: str, positions: int) -> None:
    """Count ``positions`` compared with the pure engine by ``test``."""
    CHECKED[test] += positions
    EXAMPLES[test] += 1
    if _PROGRESS:
        with open(_PROGRESS, "w", encoding="utf-8") as out:
            out.writelines(
                f"{count} {name} ({EXAMPLES[name]} examples)\n"
                for name, count in sorted(CHECKED.items())
            )


def position_examples(ci_count: int) -> settings:
    """:func:`~tests.strategies.examples` for the tests that compare every position of a playout.

    Four times as many under the ``deep`` profile (20,000 for the main differential test),
    whose run must compare a million positions in that test alone: a playout gives 84
    positions on average (839,972 counted in a deep run of 10,000 examples; 66 in the ci
    profile's 200), so the profile's 25-fold scaling alone (5,000 examples) falls short.
    """
    deep = 4 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else 1
    return examples(ci_count * deep)


def require_fast() -> None:
    """Skip the calling module without the ``fast`` extra (fail under NERTS_REQUIRE_FAST=1)."""
    if importlib.util.find_spec("numba") is None or importlib.util.find_spec("numpy") is None:
        if REQUIRED:
            pytest.fail("the fast extra (numba, numpy) is missing but NERTS_REQUIRE_FAST=1")
        pytest.skip("the batch engine needs the fast extra (numba, numpy)", allow_module_level=True)


def _no_jokers(variant: nl.Variant) -> nl.Variant:
    data = variant.to_dict()
    data["jokers_per_deck"] = 0
    return nl.Variant.from_dict(data)


#: Every variant the batch engine plays: the whole knob space but jokers.
batch_variants = variants().map(_no_jokers)


def trajectory(state: nl.GameState, steps: int, seed: int, greedy: int) -> list[nl.GameState]:
    """Every position of a playout: a random seat each step, greedy with chance greedy/10.

    Everyone-stuck positions are kept and then resolved, so resolutions are visited too.
    """
    rng = SplitMix64(seed)
    n = len(state.seats)
    seen = [state]
    for _ in range(steps):
        if state.is_over:
            break
        if nl.all_stuck(state):
            state = nl.resolve_stalemate(state)
        else:
            seat = rng.below(n)
            moves = nl.legal_moves(state, seat)
            if not moves:
                continue
            choice = greedy_on_position(state, seat) if rng.below(10) < greedy else None
            state = nl.apply(state, choice or moves[rng.below(len(moves))])
        seen.append(state)
    return seen


@st.composite
def playouts(draw: st.DrawFn, max_seats: int = 8, max_steps: int = 150) -> list[nl.GameState]:
    """The positions of one playout over the batch engine's variant space."""
    variant = draw(batch_variants)
    seats = draw(st.integers(1, max_seats))
    seed = draw(st.integers(0, 2**64 - 1))
    steps = draw(st.integers(0, max_steps))
    greedy = draw(st.integers(0, 10))
    return trajectory(nl.deal(variant, seats, seed), steps, seed ^ 0x5EED, greedy)
