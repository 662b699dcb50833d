"""One bound on stock-pass counts (``nertslib.cards.MAX_PASSES``) for every reader and check.

A pass takes at least one action, so the count grows without a limit in play without a pass
limit (1 000 passes within 12 000 turns): whatever play reaches must read back, from NFEN and
JSON, of states and of views. Every reader takes the same bound, tried at it and on both sides.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import nertslib as nl
from nertslib.cards import MAX_PASSES
from nertslib.serialize import from_json, to_json
from nertslib.testing import state_problems

START = nl.deal("standard", seats=2, seed=1)


def with_passes(passes: int, state: nl.GameState = START) -> nl.GameState:
    lay = attrs.evolve(state.layouts[0], passes=passes)
    return attrs.evolve(state, layouts=(lay, *state.layouts[1:]))


def state_nfen(s: nl.GameState) -> object:
    return nl.GameState.from_nfen(s.to_nfen())


def state_json(s: nl.GameState) -> object:
    return from_json(to_json(s), nl.GameState)


def view_nfen(s: nl.GameState) -> object:
    return nl.View.from_nfen(nl.view(s, 0).to_nfen())


def view_json(s: nl.GameState) -> object:
    return from_json(to_json(nl.view(s, 0)), nl.View)


READERS: dict[str, Callable[[nl.GameState], object]] = {
    "state NFEN": state_nfen,
    "state JSON": state_json,
    "view NFEN": view_nfen,
    "view JSON": view_json,
}


def expected(reader: str, s: nl.GameState) -> object:
    return s if reader.startswith("state") else nl.view(s, 0)


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    # the NFEN writer's table of short pass texts ended at 64; the view JSON reader refused
    # 1 000 while NFEN took 2**64
    "passes",
    [0, 1, 63, 64, 65, 999, 1_000, 1_001, 2**32, MAX_PASSES - 1, MAX_PASSES],
)
def test_every_count_up_to_the_bound_reads_back(reader: str, passes: int) -> None:
    s = with_passes(passes)
    assert READERS[reader](s) == expected(reader, s)
    assert state_problems(s) == []
    # seat 0's passes end its field: what the writers wrote, not only what reads back
    assert f"|{passes} " in s.to_nfen()
    assert f"|{passes} " in nl.view(s, 0).to_nfen()


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("passes", [MAX_PASSES + 1, 2**64, 10**30])
def test_a_count_over_the_bound_is_refused_by_every_reader(reader: str, passes: int) -> None:
    s = with_passes(passes)
    with pytest.raises(nl.NertsError, match=str(MAX_PASSES)):
        READERS[reader](s)
    assert state_problems(s) == [f"seat 0's pass count {passes} is outside 0..MAX_PASSES"]


def test_huge_pass_texts_are_refused_as_nerts_errors() -> None:
    text = START.to_nfen()
    assert "|0 " in text  # seat 0's passes
    for digits in ("9" * 20, "9" * 4_301, "9" * 100_000):
        text = START.to_nfen().replace("|0 ", f"|{digits} ", 1)
        with pytest.raises(nl.NFENError, match="more often than allowed") as info:
            nl.GameState.from_nfen(text)
        assert len(str(info.value)) <= 2_000


@pytest.mark.parametrize("limit", [0, 3, 64])
def test_the_variant_s_limit_is_the_bound_where_it_has_one(limit: int) -> None:
    variant = nl.Variant(max_stock_passes=limit)
    start = nl.deal(variant, seats=2, seed=1)
    for reader, read in READERS.items():
        at = with_passes(limit, start)
        assert read(at) == expected(reader, at)
        with pytest.raises(nl.NertsError):
            read(with_passes(limit + 1, start))


def test_a_long_hand_without_a_pass_limit_reads_back_at_every_count() -> None:
    # a seat that only turns and turns over: its passes climb past the old bounds
    state = nl.deal(nl.Variant(stock_turn=3), seats=1, seed=3)
    passes = 0
    while passes < 1_100:
        lay = state.layouts[0]
        move = nl.Move.turn(0) if lay.cursor < len(lay.deck) else nl.Move.restock(0)
        state = nl.apply(state, move)
        if state.layouts[0].passes != passes:
            passes = state.layouts[0].passes
            if passes in (64, 999, 1_000, 1_001):
                for reader, read in READERS.items():
                    assert read(state) == expected(reader, state)
    assert passes == 1_100
