"""SearchBot's playouts on the batch engine against the pure engine: the same hands, the same moves.

``Batch.determinize`` against ``nl.determinize``, ``Batch.playout`` against the pure playout
(``search.playout``), and the bot's gains and moves with ``engine="batch"`` against
``engine="pure"`` for the same seed and iteration count.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.bots.search import playout
from tests.batch.helpers import batch_variants, playouts, require_fast, trajectory
from tests.strategies import examples

require_fast()

from nertslib.batch import Batch  # noqa: E402 - after the extra's check


@given(playouts(max_steps=300), st.data())
@examples(100)
def test_batch_determinize_is_nl_determinize(
    states: list[nl.GameState], data: st.DataObject
) -> None:
    state = data.draw(st.sampled_from(states))
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    seeds = data.draw(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=5))
    seen = nl.view(state, seat)
    assert Batch.determinize(seen, seeds).to_states() == [nl.determinize(seen, s) for s in seeds]


@given(playouts(max_steps=300), st.integers(1, 400))
@examples(100)
def test_batch_playout_is_the_pure_playout(states: list[nl.GameState], limit: int) -> None:
    states = states[:: max(1, len(states) // 8)]  # a few positions of every stage of the hand
    for seat in range(len(states[0].seats)):
        batch = Batch.from_states(states)
        batch.playout(seat, limit)
        assert batch.to_states() == [playout(s, seat, limit) for s in states]


_PRESETS = st.sampled_from(["standard", "nna", "racing_demon", "pounce"])


@st.composite
def _views(draw: st.DrawFn) -> list[tuple[nl.View, int]]:
    """Views of one hand (2 or 4 seats, presets and the knob space) where a search compares moves.

    Views with a single candidate (nothing to search) are left out where others exist.
    """
    variant = draw(st.one_of(_PRESETS.map(nl.variants.get), batch_variants))
    seats = draw(st.sampled_from([2, 4]))
    try:
        variant.check_seats(seats)
    except ValueError:  # a team layout for another seat count
        variant = nl.variants.get("standard")
    seed = draw(st.integers(0, 2**64 - 1))
    states = trajectory(nl.deal(variant, seats, seed), draw(st.integers(0, 200)), seed, 8)
    views = [(nl.view(s, q), q) for s in states[::4] if not s.is_over for q in range(seats)]
    searched = [(v, q) for v, q in views if len(_BOT.choices(v, q, nl.greedy_bot(v, q))) > 1]
    return draw(
        st.lists(
            st.sampled_from(searched or views or [(nl.view(states[0], 0), 0)]),
            min_size=1,
            max_size=4,
            unique_by=lambda vq: id(vq[0]),
        )
    )


_BOT = nl.SearchBot(budget_ms=None, iterations=1)


@given(_views(), st.integers(0, 2**62), st.sampled_from([2, 8, 32]))
@examples(100)
def test_search_bot_moves_are_the_same_on_either_engine(
    views: list[tuple[nl.View, int]], seed: int, iterations: int
) -> None:
    pure = nl.SearchBot(budget_ms=None, iterations=iterations, seed=seed, engine="pure")
    fast = nl.SearchBot(budget_ms=None, iterations=iterations, seed=seed, engine="batch")
    for seen, seat in views:
        moves = pure.choices(seen, seat, nl.greedy_bot(seen, seat))
        if len(moves) > 1:
            assert fast.gains(seen, seat, moves) == pure.gains(seen, seat, moves)
        assert fast(seen, seat) == pure(seen, seat)


def test_search_bot_hands_are_the_same_on_either_engine() -> None:
    for seats in (2, 4):
        start = nl.deal("standard", seats, 31)
        hands = [
            nl.play_hand(
                start, [nl.SearchBot(None, 32, 7, engine=e)] + [nl.greedy_bot] * (seats - 1)
            )
            for e in ("pure", "batch", "auto")
        ]
        assert hands[0] == hands[1] == hands[2]


def test_auto_plays_joker_variants_with_the_pure_engine() -> None:
    seen = nl.view(nl.deal(nl.Variant.from_spec("standard,jokers_per_deck=1"), 2, 3), 0)
    moves = [nl.Move.turn(0), nl.Move.turn(0)]  # two candidates: the engine is asked
    pure = nl.SearchBot(budget_ms=None, iterations=4, seed=1, engine="pure")
    assert nl.SearchBot(budget_ms=None, iterations=4, seed=1).gains(seen, 0, moves) == (
        pure.gains(seen, 0, moves)
    )
    batch = nl.SearchBot(budget_ms=None, iterations=4, seed=1, engine="batch")
    with pytest.raises(nl.NertsError, match="jokers_per_deck=1"):
        batch.gains(seen, 0, moves)


def test_a_budget_reads_the_clock_once_a_round_on_either_engine() -> None:
    ticks = iter(range(1000))

    def clock() -> float:
        return next(ticks) / 1000  # a millisecond a call: each round takes 1 ms

    seen = nl.view(nl.deal("standard", seats=2, seed=1), 0)
    moves = [nl.Move.turn(0), nl.Move.parse("0:AH@P2>F+")]
    bot = nl.SearchBot(budget_ms=3.5, clock=clock, engine="batch")
    assert len(bot._playouts(seen, 0, moves)) == 3


def test_playout_refuses_a_bad_limit() -> None:
    batch = Batch.deal("standard", 2, [1])
    with pytest.raises(nl.NertsError, match="limit must be an int >= 1; got 0"):
        batch.playout(0, 0)
    with pytest.raises(nl.NertsError, match="does not play"):
        batch.playout(2, 10)
