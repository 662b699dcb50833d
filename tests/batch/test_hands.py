"""Whole hands and ``nl.simulate(engine=...)``: the batch engine against the pure driver.

Greedy hands through :meth:`Batch.play_greedy`, and line-ups of greedy and random bots through
``simulate``'s batch engine, hand by hand against the pure driver's results.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.simulation import (
    BATCH_BOTS,
    Engine,
    Settings,
    SimulationResult,
    batch_obstacle,
    choose_engine,
    run_chunk,
)
from tests.batch.helpers import batch_variants, checked, require_fast
from tests.strategies import examples

require_fast()

from nertslib.batch import Batch  # noqa: E402 - after the extra's check


def _plays(variant: nl.Variant, seats: int, bots: tuple[str, ...] = ("greedy",)) -> bool:
    try:
        variant.check_seats(seats)
    except ValueError:
        return False
    return batch_obstacle(Settings(hands=1, variant=variant, seats=seats, bots=bots)) is None


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


def _single_layout(variant: nl.Variant) -> nl.Variant:
    data = variant.to_dict()
    data["work_pile_layout"] = "single"
    return nl.Variant.from_dict(data)


@given(
    batch_variants,
    st.lists(st.sampled_from(BATCH_BOTS), min_size=1, max_size=8),
    st.integers(0, 2**40),
    st.booleans(),
    st.integers(1, 3_000),
)
@examples(80)
def test_random_and_greedy_line_ups_are_the_same_hand_by_hand(
    variant: nl.Variant, bots: list[str], seed: int, paired: bool, most: int
) -> None:
    seats = len(bots)
    if "greedy" in bots:  # a greedy seat over face-down work cards is the pure engine's
        variant = _single_layout(variant)
    if not _plays(variant, seats, tuple(bots)):
        return
    settings = Settings(
        2, variant=variant, seats=seats, bots=bots, seed=seed, paired=paired, max_actions=most
    )
    batch = attrs.evolve(settings, engine="batch")
    checked("whole hands of greedy and random line-ups", settings.tasks)
    assert run_chunk(batch, 0, settings.tasks) == run_chunk(settings, 0, settings.tasks)


def test_simulate_engines_agree_with_workers() -> None:
    pure = nl.simulate(12, seats=3, seed=5, workers=1, engine="pure")
    fast = nl.simulate(12, seats=3, seed=5, workers=2, engine="batch")
    auto = nl.simulate(12, seats=3, seed=5, workers=1)
    assert (pure.engine, fast.engine, auto.engine) == ("pure", "batch", "batch")
    assert pure.hands == fast.hands == auto.hands
    assert pure.rows == fast.rows


def test_random_line_ups_agree_on_every_engine_and_worker_count() -> None:
    def run(workers: int, engine: Engine) -> SimulationResult:
        bots = ("random", "greedy", "random")
        return nl.simulate(
            4, seats=3, bots=bots, seed=9, paired=True, workers=workers, engine=engine
        )

    pure, fast, auto = run(1, "pure"), run(2, "batch"), run(1, "auto")
    assert (pure.engine, fast.engine, auto.engine) == ("pure", "batch", "batch")
    assert pure.hands == fast.hands == auto.hands
    assert {hand.end for hand in pure.hands} >= {"stalemate"}


def test_random_bots_only_play_the_klondike_layout_on_the_batch_engine() -> None:
    pure = nl.simulate(3, seats=3, bots=("random",), variant="pounce", workers=1, engine="pure")
    auto = nl.simulate(3, seats=3, bots=("random",), variant="pounce", workers=1)
    assert (pure.engine, auto.engine) == ("pure", "batch")
    assert pure.hands == auto.hands


def test_auto_takes_the_pure_engine_for_what_the_batch_one_does_not_play() -> None:
    search = nl.simulate(1, seats=2, bots=("greedy", "search:1"), workers=1, max_actions=20)
    pounce = nl.simulate(2, seats=2, variant="pounce", workers=1)
    mixed = nl.simulate(1, seats=2, variant="pounce", bots=("greedy", "random"), workers=1)
    assert (search.engine, pounce.engine, mixed.engine) == ("pure", "pure", "pure")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ("greedy", "search")}, "greedy and random bots only"),
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
