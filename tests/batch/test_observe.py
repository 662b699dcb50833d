"""The batch observations and step reports against the pure encoder, over the variant space.

``encoding.observe`` of the pure view is the specification of ``Batch.observe``; the pure
``decode`` of ``source_card`` and ``play_move``; ``rewards.returns`` of ``returns_of``;
``Move.is_progress`` of ``progress_table``. CI's batch block runs this with
NERTS_REQUIRE_FAST=1 (no skips).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.adapters import encoding as enc
from nertslib.adapters.rewards import REWARDS, returns
from nertslib.cards import card_from_id
from tests.batch.helpers import playouts, require_fast

require_fast()

import numpy as np  # noqa: E402 - after the extra's check

from nertslib.adapters.selfplay import progress_table, returns_of  # noqa: E402
from nertslib.batch import Batch  # noqa: E402
from nertslib.batch.observe import source_card, stock_counts  # noqa: E402


@given(playouts(max_steps=300), st.randoms(use_true_random=False))
def test_observe_is_the_pure_encoders(states: list[nl.GameState], rnd) -> None:
    # Every position of the playout, every seat's view, a priority drawn per position.
    batch = Batch.from_states(states)
    seats = batch.seats
    size = enc.observation_size(batch.variant, seats)
    assert size == list(enc.observation_fields(batch.variant, seats).values())[-1].stop
    for seat in range(seats):
        priority = [rnd.randrange(seats) for _ in states]
        got = batch.observe(seat, priority)
        assert got.dtype == np.int8
        assert got.shape == (len(states), size)
        want = [enc.observe(nl.view(s, seat), k) for s, k in zip(states, priority, strict=True)]
        assert got.tolist() == want


@given(playouts(max_steps=200))
def test_source_cards_and_progress_are_the_decoded_moves(states: list[nl.GameState]) -> None:
    batch = Batch.from_states(states)
    progress = progress_table()
    stocks = stock_counts(batch.rows, batch.params)
    for i, state in enumerate(states):
        for seat in range(batch.seats):
            lay = state.layouts[seat]
            assert stocks[i, seat] == len(lay.deck) - lay.cursor
            for action in enc.legal_actions(state, seat):
                move = enc.decode(state, seat, action)
                if action >= enc.FOUNDATION_BASE:
                    source, depth, zone, target, _suit = enc.play_parts(action)
                    card = source_card(batch.rows[i], batch.params, seat, source, depth)
                    assert enc.play_move(card_from_id(card), source, zone, target) == move
                if move is not None:
                    assert progress[action] == move.is_progress


@given(
    st.sampled_from(REWARDS),
    st.integers(1, 8).flatmap(
        lambda n: st.lists(st.lists(st.integers(-60, 80), min_size=n, max_size=n), min_size=1)
    ),
    st.booleans(),
)
def test_returns_of_is_returns(reward: str, scores: list[list[int]], ended: bool) -> None:
    got = returns_of(reward, np.array(scores, np.int64), np.full(len(scores), ended))
    want = [list(_returns(reward, row, ended)) for row in scores]
    assert got.tolist() == want


def _returns(reward: str, scores: list[int], ended: bool) -> tuple[float, ...]:
    """``rewards.returns`` of a position whose hand scores are ``scores``."""
    from unittest import mock  # noqa: PLC0415 - only this helper fakes the scores

    with mock.patch("nertslib.adapters.rewards.hand_scores", return_value=tuple(scores)):
        return returns(reward, nl.deal("standard", len(scores), 0), ended=ended)


def test_observe_refuses_bad_seats_and_priorities() -> None:
    batch = Batch.deal("standard", 3, [1, 2])
    for seat in (3, -1, "0"):
        with pytest.raises(nl.NertsError, match="does not play"):
            batch.observe(seat)  # type: ignore[arg-type]
    for priority in (3, [0, -1], [0, 1, 2], 0.5):
        with pytest.raises(nl.NertsError, match="priority"):
            batch.observe(0, priority)
