"""Hypothesis properties over the whole variant space: the invariants of design.md."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.testing import state_problems, step_problems
from tests.strategies import candidate_moves, examples, games, states, variants


@given(states())
def test_every_reachable_state_satisfies_the_state_invariants(state: nl.GameState) -> None:
    # conservation, foundation order, work-pile order, sizes, end-of-hand fields
    assert state_problems(state) == []


@given(states(), st.data())
def test_legal_moves_are_exactly_the_moves_apply_accepts(
    state: nl.GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    legal = nl.legal_moves(state, seat)
    candidates = candidate_moves(state, seat)
    assert set(legal) <= set(candidates)  # the candidate set is a true superset
    assert len(set(legal)) == len(legal)  # no duplicates
    accepted = set()
    for move in candidates:
        rejection = nl.check(state, move)
        if rejection is None:
            accepted.add(move)
        else:
            assert rejection.move == move
            assert rejection.seat == seat
            assert isinstance(rejection.reason, nl.Reason)
            assert rejection.message
    assert accepted == set(legal)  # soundness and completeness


@given(games(), st.data())
def test_apply_is_pure_and_every_step_keeps_the_invariants(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    moves = nl.legal_moves(state, seat)
    if not moves:
        # a seat in play with nothing to do can reach no progress: it is stuck
        assert state.is_over or nl.is_stuck(state, seat)
        return
    move = data.draw(st.sampled_from(moves), label="move")
    nfen = state.to_nfen()
    twin = nl.GameState.from_nfen(nfen)
    after = nl.apply(state, move)
    assert state.to_nfen() == nfen  # the input is unchanged
    assert nl.apply(twin, move) == after  # equal inputs give equal outputs
    assert hash(nl.apply(twin, move)) == hash(after)
    assert step_problems(state, move, after) == []
    assert state_problems(after) == []


@given(games(), st.data())
def test_rejected_moves_raise_with_their_reason_and_change_nothing(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    move = data.draw(st.sampled_from(candidate_moves(state, seat)), label="move")
    nfen = state.to_nfen()
    rejection = nl.check(state, move)
    if rejection is None:
        assert nl.apply(state, move) != state or move.kind is nl.MoveKind.ROTATE
    else:
        with pytest.raises(nl.IllegalMoveError) as info:
            nl.apply(state, move)
        error = info.value
        assert error.reason is rejection.reason
        assert error.rejection == rejection
        assert (error.move, error.seat) == (move, seat)
        assert isinstance(error, nl.RaceLostError) == (error.reason is nl.Reason.RACE_LOST)
        assert str(error) == f"illegal move {move}: {rejection.message}"
    assert state.to_nfen() == nfen


@given(games())
def test_nfen_repr_and_notation_round_trip(game: tuple[nl.GameState, list[nl.Move]]) -> None:
    state, log = game
    assert nl.GameState.from_nfen(state.to_nfen()) == state
    namespace = {"GameState": nl.GameState, "Move": nl.Move, "Variant": nl.Variant}
    assert eval(repr(state), namespace) == state
    assert eval(repr(state.variant), namespace) == state.variant
    for move in log[-20:]:
        assert nl.Move.parse(str(move)) == move
        assert eval(repr(move), namespace) == move


@given(games())
def test_equal_states_hash_equal(game: tuple[nl.GameState, list[nl.Move]]) -> None:
    state, _ = game
    twin = nl.GameState.from_nfen(state.to_nfen())
    assert twin == state
    assert hash(twin) == hash(state)
    assert twin.need == state.need  # the derived index matches a fresh one


@given(variants(), st.integers(1, 8), st.integers(0, 2**40))
def test_deal_is_deterministic_and_well_formed(variant: nl.Variant, seats: int, seed: int) -> None:
    a = nl.deal(variant, seats, seed)
    assert a == nl.deal(variant, seats, seed)
    assert state_problems(a) == []
    nwork = variant.work_pile_count(seats)
    for lay in a.seats:
        assert len(lay.nerts_pile) == variant.nerts_pile_size
        if variant.work_pile_layout == "klondike":
            assert [len(p) for p in lay.work_piles] == list(range(1, nwork + 1))
            assert lay.face_down_counts == tuple(range(nwork))
            assert [len(p) for p in lay.work] == [1] * nwork
            dealt = nwork * (nwork + 1) // 2
        else:
            assert [len(p) for p in lay.work_piles] == [1] * nwork
            assert lay.face_down_counts == (0,) * nwork
            dealt = nwork
        assert len(lay.stock) == 52 + variant.jokers_per_deck - dealt - variant.nerts_pile_size
        assert lay.waste == ()
        assert {c.owner for c in lay.all_cards} == {lay.seat}


@given(games(), st.data())
def test_moves_of_different_seats_on_disjoint_piles_commute(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    if len(state.seats) < 2 or state.is_over:
        return
    a_seat, b_seat = data.draw(
        st.lists(st.integers(0, len(state.seats) - 1), min_size=2, max_size=2, unique=True)
    )
    a_moves = [m for m in nl.legal_moves(state, a_seat) if m.kind is nl.MoveKind.PLAY]
    b_moves = [m for m in nl.legal_moves(state, b_seat) if m.kind is nl.MoveKind.PLAY]
    if not a_moves or not b_moves:
        return
    a = data.draw(st.sampled_from(a_moves))
    b = data.draw(st.sampled_from(b_moves))
    same_foundation = a.target is b.target is nl.Zone.FOUNDATION and (
        a.target_index == b.target_index
    )
    both_new = a.target is b.target is nl.Zone.NEW_FOUNDATION
    # one foundation a suit: two Aces of one suit that both start one race for it too
    same_suit_start = (
        both_new
        and state.variant.foundation_limit == "one_per_suit"
        and a.card is not None
        and b.card is not None
        and a.card.suit == b.card.suit
    )
    ab = nl.apply(state, a)
    ba = nl.apply(state, b)
    if ab.is_over or ba.is_over:
        return
    if same_foundation or same_suit_start:
        # a race: whichever lands second has lost it
        assert nl.check(ab, b).reason is nl.Reason.RACE_LOST  # type: ignore[union-attr]
        assert nl.check(ba, a).reason is nl.Reason.RACE_LOST  # type: ignore[union-attr]
        return
    assert nl.is_legal(ab, b)
    assert nl.is_legal(ba, a)
    if both_new:
        # both start foundations; only their order differs
        x, y = nl.apply(ab, b), nl.apply(ba, a)
        assert sorted(x.fnd) == sorted(y.fnd)
        assert x.layouts == y.layouts
    else:
        assert nl.apply(ab, b) == nl.apply(ba, a)


@examples(20)
@given(variants(), st.integers(1, 5), st.integers(0, 10_000))
def test_greedy_hands_always_end(variant: nl.Variant, seats: int, seed: int) -> None:
    final, log = nl.play_hand(nl.deal(variant, seats, seed), [nl.greedy_bot] * seats)
    assert final.is_over
    result = nl.outcome(final)
    assert result is not None
    assert result.scores == nl.hand_scores(final)
    assert len(log) < 100_000
