"""Whole greedy hands and ``nl.simulate(engine=...)``: the batch engine against the pure driver."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.simulation import Settings, batch_obstacle, choose_engine, run_chunk
from tests.batch.helpers import batch_variants, require_fast
from tests.strategies import examples

require_fast()

from nertslib.batch import Batch  # noqa: E402 - after the extra's check


def _plays(variant: nl.Variant, seats: int) -> bool:
    try:
        variant.check_seats(seats)
    except ValueError:
        return False
    return batch_obstacle(Settings(hands=1, variant=variant, seats=seats)) is None


@given(
    batch_variants, st.integers(1, 8), st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4)
)
@examples(60)
def test_whole_greedy_hands_are_play_hands(
    variant: nl.Variant, seats: int, seeds: list[int]
) -> None:
    if not _plays(variant, seats):
        return
    batch = Batch.deal(variant, seats, seeds)
    counts = batch.play_greedy(max_actions=3_000).tolist()
    finals = []
    for seed, count in zip(seeds, counts, strict=True):
        final, log = nl.play_hand(
            nl.deal(variant, seats, seed), [nl.greedy_bot] * seats, max_actions=3_000
        )
        assert count == len(log)
        finals.append(final)
    assert batch.to_states() == finals
    assert batch.scores().tolist() == [list(nl.hand_scores(f)) for f in finals]


@given(
    batch_variants,
    st.integers(1, 6),
    st.integers(0, 2**40),
    st.booleans(),
    st.integers(1, 2_000),
)
@examples(40)
def test_simulate_results_are_the_same_hand_by_hand(
    variant: nl.Variant, seats: int, seed: int, paired: bool, most: int
) -> None:
    if not _plays(variant, seats):
        return
    settings = Settings(3, variant=variant, seats=seats, seed=seed, paired=paired, max_actions=most)
    batch = Settings(
        3, variant=variant, seats=seats, seed=seed, paired=paired, max_actions=most, engine="batch"
    )
    assert run_chunk(batch, 0, settings.tasks) == run_chunk(settings, 0, settings.tasks)


def test_simulate_engines_agree_with_workers() -> None:
    pure = nl.simulate(12, seats=3, seed=5, workers=1, engine="pure")
    fast = nl.simulate(12, seats=3, seed=5, workers=2, engine="batch")
    auto = nl.simulate(12, seats=3, seed=5, workers=1)
    assert (pure.engine, fast.engine, auto.engine) == ("pure", "batch", "batch")
    assert pure.hands == fast.hands == auto.hands
    assert pure.rows == fast.rows


def test_auto_takes_the_pure_engine_for_what_the_batch_one_does_not_play() -> None:
    mixed = nl.simulate(2, seats=2, bots=("greedy", "random"), workers=1, max_actions=500)
    pounce = nl.simulate(2, seats=2, variant="pounce", workers=1)
    assert (mixed.engine, pounce.engine) == ("pure", "pure")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ("greedy", "random")}, "greedy bot only"),
        ({"variant": "pounce"}, "face-down"),
        ({"variant": "standard,jokers_per_deck=1"}, "jokers_per_deck"),
    ],
)
def test_engine_batch_refuses_what_it_does_not_play(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        nl.simulate(2, seats=2, workers=1, engine="batch", **kwargs)


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="engine must be"):
        choose_engine("turbo", Settings(hands=1))
