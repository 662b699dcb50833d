"""The batch engine against the pure engine, over the whole variant space without jokers.

Every test builds a batch from pure positions (or deals), asks it a question for every hand
at once, and compares each hand's answer with the pure engine's on the same position.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.adapters import encoding as enc
from nertslib.bots.basic import greedy_on_position
from tests.batch.helpers import batch_variants, checked, playouts, position_examples, require_fast
from tests.strategies import examples

require_fast()

import numpy as np  # noqa: E402 - after the extra's check

from nertslib.batch import Batch  # noqa: E402
from nertslib.batch.layout import max_down  # noqa: E402
from nertslib.batch.moves import seat_actions  # noqa: E402


@given(
    batch_variants, st.integers(1, 8), st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=6)
)
def test_deal_is_nl_deal(variant: nl.Variant, seats: int, seeds: list[int]) -> None:
    try:
        variant.check_seats(seats)
    except ValueError:
        return
    batch = Batch.deal(variant, seats, seeds)
    assert batch.to_states() == [nl.deal(variant, seats, seed) for seed in seeds]


@given(playouts(max_steps=500))
@position_examples(200)
def test_round_trip_masks_stuck_greedy_scores(states: list[nl.GameState]) -> None:
    # Every position of the playout (13,260 over the 200 examples of the ci profile, counted).
    checked("round trip, masks, stuck, greedy, scores", len(states))
    batch = Batch.from_states(states)
    assert batch.to_states() == states
    assert batch.over().tolist() == [s.is_over for s in states]
    assert batch.scores().tolist() == [list(nl.hand_scores(s)) for s in states]
    for seat in range(batch.seats):
        masks = batch.legal_mask(seat)
        assert [tuple(m.nonzero()[0].tolist()) for m in masks] == [
            enc.legal_actions(s, seat) for s in states
        ]
        assert batch.stuck(seat).tolist() == [nl.is_stuck(s, seat) for s in states]
        assert batch.greedy(seat).tolist() == [_greedy(s, seat) for s in states]


@given(playouts(max_steps=300))
def test_move_order_and_what_a_view_proves(states: list[nl.GameState]) -> None:
    # The random bot draws by index among its view's moves: the batch lists them in the
    # same order, and adds rotate exactly where the view proves the seat stuck.
    checked("move order, proves_stuck", len(states))
    batch = Batch.from_states(states)
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for seat in range(batch.seats):
        proven = [nl.view(s, seat).proves_stuck(seat) for s in states]
        assert batch.proves_stuck(seat).tolist() == proven
        for row, state in zip(batch.rows, states, strict=True):
            n = seat_actions(row, batch.params, batch.tables, seat, buf)
            pure = [enc.encode(state, m) for m in nl.legal_moves(state, seat)]
            assert buf[:n].tolist() == [a for a in pure if a != enc.PASS]


@given(playouts(max_steps=300))
def test_the_greedy_bot_on_its_view(states: list[nl.GameState]) -> None:
    # The bot reads its view: where the seat is stuck it turns on unless the view proves it.
    checked("greedy bot on its view", len(states))
    batch = Batch.from_states(states)
    if max_down(batch.variant, batch.seats):  # piles that can hold face-down cards
        with pytest.raises(nl.NertsError, match="face-down work cards"):
            batch.greedy_bot(0)
        return
    for seat in range(batch.seats):
        moves = [nl.greedy_bot(nl.view(s, seat), seat) for s in states]
        expected = [
            -1 if m is None else enc.encode(s, m) for s, m in zip(states, moves, strict=True)
        ]
        assert batch.greedy_bot(seat).tolist() == expected


def _greedy(state: nl.GameState, seat: int) -> int:
    move = greedy_on_position(state, seat)
    return enc.PASS if move is None else enc.encode(state, move)


@given(playouts(max_steps=100))
def test_everyone_stuck_resolution(states: list[nl.GameState]) -> None:
    checked("everyone-stuck resolution", len(states))
    batch = Batch.from_states(states)
    stuck = [nl.all_stuck(s) for s in states]
    assert batch.all_stuck().tolist() == stuck
    assert batch.resolve_stalemates().tolist() == stuck
    assert batch.to_states() == [
        nl.resolve_stalemate(s) if x else s for s, x in zip(states, stuck, strict=True)
    ]


@given(playouts(max_steps=100), st.data())
@examples(200)
def test_successor_of_every_legal_action(states: list[nl.GameState], data: st.DataObject) -> None:
    # A sample of the playout's positions, every seat, every legal action: one row each.
    picked = data.draw(st.lists(st.sampled_from(states), min_size=1, max_size=12))
    rows, seats, actions, want = [], [], [], []
    for state in picked:
        for seat in range(len(state.layouts)):
            for action in enc.legal_actions(state, seat):
                move = enc.decode(state, seat, action)
                rows.append(state)
                seats.append(seat)
                actions.append(action)
                want.append(state if move is None else nl.apply(state, move))
    if not rows:
        return
    checked("successors (position, seat, action)", len(rows))
    batch = Batch.from_states(rows)
    batch.apply(np.array(seats), np.array(actions))
    assert batch.to_states() == want


@given(playouts(max_steps=80), st.data())
def test_an_illegal_action_is_refused_and_changes_nothing(
    states: list[nl.GameState], data: st.DataObject
) -> None:
    batch = Batch.from_states(states)
    hand = data.draw(st.integers(0, len(states) - 1))
    seat = data.draw(st.integers(0, batch.seats - 1))
    legal = set(enc.legal_actions(states[hand], seat))
    action = data.draw(st.integers(0, enc.NUM_ACTIONS - 1).filter(lambda a: a not in legal))
    actions = [enc.PASS] * len(states)  # PASS is legal in every hand in play
    for i, state in enumerate(states):
        if state.is_over and i != hand:
            actions[i] = enc.NUM_ACTIONS  # no action is legal in a finished hand
    actions[hand] = action
    first_bad = min(i for i, a in enumerate(actions) if a == enc.NUM_ACTIONS or i == hand)
    before = batch.rows.copy()
    with pytest.raises(nl.NertsError, match=f"hand {first_bad}: action"):
        batch.apply(seat, actions)
    assert (batch.rows == before).all()


def test_joker_variants_are_refused_naming_the_knob() -> None:
    with pytest.raises(nl.NertsError, match="jokers_per_deck"):
        Batch.deal("standard,jokers_per_deck=1", 2, [0])
    with pytest.raises(nl.NertsError, match="jokers_per_deck"):
        Batch.from_states([nl.deal(nl.Variant(jokers_per_deck=2), 2, 0)])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Batch.deal("standard", 9, [0]), "1..8 seats"),
        (lambda: Batch.deal("standard", 2, [-1]), "seeds must be"),
        (lambda: Batch.deal("standard", 2, []), "seeds must be"),
        (lambda: Batch.from_states([]), "non-empty"),
        (lambda: Batch.deal("standard", 2, [0]).legal_mask(2), "seat 2 does not play"),
        (lambda: Batch.deal("standard", 2, [0]).apply(0, [1, 1]), "actions must be"),
        (lambda: Batch.deal("standard", 2, [0]).apply(5, 1), "seats"),
        (lambda: Batch.deal("standard", 2, [0]).apply(0, 9999), "out of range"),
        (lambda: Batch.deal("standard", 2, [0]).apply(0, -2), "out of range"),
    ],
)
def test_bad_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(nl.NertsError, match=message):
        call()  # type: ignore[operator]


def test_mixed_variants_are_refused() -> None:
    states = [nl.deal("standard", 2, 0), nl.deal("nna", 2, 0)]
    with pytest.raises(nl.NertsError, match="state 1"):
        Batch.from_states(states)


@given(playouts(max_steps=100), st.integers(0, 2**32))
def test_random_actions_are_legal_and_reach_every_legal_action(
    states: list[nl.GameState], seed: int
) -> None:
    batch = Batch.from_states(states)
    live = ~batch.over()
    for seat in range(batch.seats):
        masks = batch.legal_mask(seat)
        actions = batch.random(seat, seed)
        assert masks[live, actions[live]].all()
    # A draw just below 1 takes the last action, 0 takes the first: every one is reachable.
    first = [enc.legal_actions(s, 0) for s in states]
    assert all(not a or enc.PASS in a for a in first)


@given(playouts(max_steps=60))
def test_action_minus_one_leaves_its_hand_as_it_is(states: list[nl.GameState]) -> None:
    batch = Batch.from_states(states)
    batch.apply(0, [-1] * len(states))
    assert batch.to_states() == states


@given(playouts(max_steps=60), st.integers(0, 2**32))
def test_random_step_is_apply_of_random(states: list[nl.GameState], seed: int) -> None:
    batch, twin = Batch.from_states(states), Batch.from_states(states)
    for seat in range(batch.seats):
        drawn = batch.random(seat, seed)
        taken = twin.random_step(seat, seed)
        live = ~batch.over()
        assert (taken[live] == drawn[live]).all()
        assert (taken[~live] == -1).all()
        batch.apply(seat, np.where(live, drawn, -1))
        assert batch.to_states() == twin.to_states()
