"""Shared by the server and browser tests: positions, and "skip, or fail in CI"."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

import pytest

import nertslib as nl

#: Debian's package (apt-get install -y chromium), driven by Playwright without a download.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: Set to 1 (as .ci/run does) to make a missing server or browser dependency a failure.
REQUIRED = os.environ.get("NERTS_REQUIRE_BROWSER") == "1"


def need(module: str) -> ModuleType:
    """Import ``module``; when it is missing, skip (or, under NERTS_REQUIRE_BROWSER=1, fail)."""
    if REQUIRED:
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(module)
    return found


def race_position() -> nl.GameState:
    """Both seats hold a 2♠ that fits on foundation 0 (seat 0's A♠): one of them is too late."""
    return nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))


#: The moves of :func:`race_position`'s race.
RACE = ("0:2S@N>F0", "1:2S@P1>F0")


def before_the_call() -> tuple[nl.GameState, nl.Move]:
    """A greedy hand one move before its end: the move is the caller's call of Nerts."""
    replay = nl.record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    *_, before, _final = replay.states()
    call = replay.events[-1]
    assert isinstance(call, nl.Move)
    assert call.kind is nl.MoveKind.CALL
    return before, call
