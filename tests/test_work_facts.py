"""The facts a context keeps per configuration of work piles: they never change an answer.

``Context.work_facts`` keeps, per configuration of a seat's work piles, the moves between
them, where a Nerts or waste card may go onto them, and the sum of what the configurations
they reach show (``stuck.reach``). These tests compare each with the path that keeps nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import context, stuck
from nertslib.views import arranged, arranged_seat
from tests.helpers import count_calls
from tests.strategies import examples, games, near_stuck


def _fresh(state: nl.GameState) -> nl.GameState:
    """``state`` read back under a new context: nothing kept from earlier positions."""
    context.clear_contexts()
    return nl.GameState.from_nfen(state.to_nfen())


@examples(100)
@given(games(max_steps=400))
def test_kept_facts_give_the_answers_of_a_new_context(
    game: tuple[nl.GameState, list[nl.Move]],
) -> None:
    # The game was played under one context, which kept facts of every configuration it met;
    # a new context has none: every seat's moves and verdict must be the same under both.
    state, _ = game
    warm = [(nl.legal_moves(state, s), nl.is_stuck(state, s)) for s in range(len(state.seats))]
    cold = _fresh(state)
    assert cold.ctx is not state.ctx
    assert not cold.ctx.work
    assert [(nl.legal_moves(cold, s), nl.is_stuck(cold, s)) for s in range(len(cold.seats))] == warm


@examples(60)
@given(near_stuck())
def test_the_sum_of_what_piles_reach_decides_as_the_search_does(
    found: tuple[nl.GameState, int],
) -> None:
    # by_order=True searches the configurations one by one (a plan needs its path); without
    # jokers, by_order=False answers from stuck.reach: the verdicts must agree.
    state, seat = found
    assume(not state.is_over and not state.ctx.jokers)
    lay = state.seats[seat]
    tops = stuck.pass_tops(lay, state.ctx)
    by_sum = stuck.progress_in_reach(state, lay, tops, by_order=False)[0]
    by_search = stuck.progress_in_reach(state, lay, tops, by_order=True)[0]
    assert by_sum is by_search


def test_a_search_that_visits_every_configuration_keeps_their_sum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 cannot play its Nerts top or its waste top anywhere its piles reach: the search
    # for the current tops visits every configuration, so the question with every waste top
    # of the pass is answered from their sum, with no search.
    state = _fresh(nl.deal("standard", 2, seed=2))
    lay = state.seats[1]
    piles = (lay.work, lay.down, lay.bound)
    current = lay.deck[lay.cursor - 1 : lay.cursor]
    assert stuck.progress_in_reach(state, lay, current, by_order=False) == (False, None)
    kept = state.ctx.work_facts(piles).reach
    assert kept is not None
    assert kept == stuck.reach(state.ctx, piles)
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    tops = stuck.pass_tops(lay, state.ctx)
    assert stuck.progress_in_reach(state, lay, tops, by_order=False)[0] is True
    assert searched == []


def test_the_kept_facts_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # A context keeps at most WORK_FACTS_LIMIT configurations, and forgetting them changes
    # nothing: hands played under a limit of 3 are the hands played without one.
    start = nl.deal("racing_demon", 4, 5)
    expected = nl.play_hand(start, [nl.greedy_bot] * 4)
    monkeypatch.setattr(context, "WORK_FACTS_LIMIT", 3)
    small = _fresh(start)
    sizes = []
    state = small
    for move in expected[1]:
        state = nl.resolve_stalemate(state) if move is None else nl.apply(state, move)
        for seat in range(len(state.seats)):
            nl.legal_moves(state, seat)
        sizes.append(len(small.ctx.work))
    assert max(sizes) == 3
    assert nl.play_hand(_fresh(start), [nl.greedy_bot] * 4) == expected


@examples(100)
@given(games(max_steps=300), st.data())
def test_arranged_seat_is_that_seat_of_the_arranged_position(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    seen = nl.view(state, seat)
    assert arranged_seat(seen, seat) == arranged(seen).seats[seat]
    assert arranged_seat(seen, seat).seat == seat


def test_arranged_seat_refuses_a_seat_not_in_the_hand() -> None:
    seen = nl.view(nl.deal("standard", 2, 1), 0)
    with pytest.raises(nl.NertsError, match="seat 2 does not play in this 2-seat hand"):
        arranged_seat(seen, 2)


def test_the_sum_of_what_piles_reach_is_refused_with_jokers() -> None:
    state = nl.deal(nl.Variant(jokers_per_deck=1), 2, seed=1)
    lay = state.seats[0]
    with pytest.raises(nl.NertsError, match="without jokers only"):
        stuck.reach(state.ctx, (lay.work, lay.down, lay.bound))
