"""A Hypothesis state machine: deal any variant, play legal, greedy, arbitrary (mostly illegal)
moves and system steps, and check every invariant after every step."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import nertslib as nl
from nertslib.testing import state_problems, step_problems
from tests.strategies import candidate_moves, variants

_NAMESPACE = {"GameState": nl.GameState, "Move": nl.Move, "Variant": nl.Variant}


class NertsMachine(RuleBasedStateMachine):
    """One hand at a time; a finished hand is re-dealt with the next seed."""

    def __init__(self) -> None:
        super().__init__()
        self.state = nl.deal("standard", 1, 0)
        self.nerts_sizes: list[int] = []

    @initialize(variant=variants(), seats=st.integers(1, 8), seed=st.integers(0, 2**32))
    def deal(self, variant: nl.Variant, seats: int, seed: int) -> None:
        self.state = nl.deal(variant, seats, seed)
        self.nerts_sizes = [len(lay.nerts) for lay in self.state.seats]

    def _step(self, move: nl.Move) -> None:
        before = self.state
        nfen = before.to_nfen()
        after = nl.apply(before, move)
        assert before.to_nfen() == nfen  # purity
        assert step_problems(before, move, after) == []
        self.state = after

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, len(self.state.seats) - 1), label="seat")
        moves = nl.legal_moves(self.state, seat)
        if moves:
            self._step(data.draw(st.sampled_from(moves), label="move"))

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_greedy(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, len(self.state.seats) - 1), label="seat")
        move = nl.greedy_bot(nl.view(self.state, seat), seat)
        if move is not None:
            self._step(move)

    @rule(data=st.data())
    def try_any_move(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, len(self.state.seats) - 1), label="seat")
        move = data.draw(st.sampled_from(candidate_moves(self.state, seat)), label="move")
        legal = move in nl.legal_moves(self.state, seat)
        rejection = nl.check(self.state, move)
        assert (rejection is None) == legal
        if legal:
            self._step(move)
            return
        assert rejection is not None
        nfen = self.state.to_nfen()
        with pytest.raises(nl.IllegalMoveError) as info:
            nl.apply(self.state, move)
        assert info.value.reason is rejection.reason
        assert self.state.to_nfen() == nfen

    @rule(seat=st.integers(0, 7))
    def try_a_seat_that_may_not_exist(self, seat: int) -> None:
        rejection = nl.check(self.state, nl.Move.turn(seat))
        if seat >= len(self.state.seats):
            assert rejection is not None
            expected = nl.Reason.HAND_OVER if self.state.is_over else nl.Reason.NO_SUCH_SEAT
            assert rejection.reason is expected

    @precondition(lambda self: nl.all_stuck(self.state))
    @rule()
    def resolve(self) -> None:
        before = self.state
        self.state = nl.resolve_stalemate(before)
        assert self.state.resolutions == before.resolutions + (0 if self.state.is_over else 1)

    @precondition(lambda self: self.state.is_over)
    @rule(seed=st.integers(0, 2**32))
    def next_hand(self, seed: int) -> None:
        # H3: a finished hand has no moves; start another so the machine can go on
        for seat in range(len(self.state.seats)):
            assert nl.legal_moves(self.state, seat) == ()
        assert nl.outcome(self.state) is not None
        self.state = nl.deal(self.state.variant, len(self.state.seats), seed)
        self.nerts_sizes = [len(lay.nerts) for lay in self.state.seats]

    @invariant()
    def invariants_hold(self) -> None:
        assert state_problems(self.state) == []

    @invariant()
    def nerts_piles_only_shrink(self) -> None:
        sizes = [len(lay.nerts) for lay in self.state.seats]
        assert all(a <= b for a, b in zip(sizes, self.nerts_sizes, strict=True))
        self.nerts_sizes = sizes

    @invariant()
    def round_trips(self) -> None:
        state = self.state
        twin = nl.GameState.from_nfen(state.to_nfen())
        assert twin == state
        assert hash(twin) == hash(state)
        assert eval(repr(state), _NAMESPACE) == state

    @invariant()
    def scores_follow_the_formula(self) -> None:
        state = self.state
        v = state.variant
        for seat, score in enumerate(nl.hand_scores(state)):
            own = [c for pile in state.foundations for c in pile if c.owner == seat]
            kings = sum(1 for c in own if c.rank == nl.KING)
            bonus = (
                v.caller_bonus if state.status is nl.EndReason.NERTS and state.caller == seat else 0
            )
            expected = (
                v.foundation_points * len(own)
                + v.king_bonus * kings
                - v.nerts_penalty * len(state.seats[seat].nerts_pile)
                + bonus
            )
            assert score == expected


NertsMachine.TestCase.settings = settings(stateful_step_count=40)
TestNertsMachine = NertsMachine.TestCase
