"""Exact behaviour of nertslib.stuck that the other tests leave open (found by mutation testing).

See docs/mutation-survivors.md for the mutants these tests kill and the ones that are
equivalent.
"""

import nertslib as nl
from nertslib.rules import _TP, _TU
from nertslib.stuck import _joker_next, plan_progress
from tests.helpers import position

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _klondike_joker_position() -> nl.GameState:
    """Progress only by uncovering: X1 (bound as a red 9) onto X2 (a black 10) turns up QH.

    Clubs, spades and diamonds are complete and hearts need QH; the waste top KH may not
    fill the space a moved pile leaves (``space_fill="nerts_only"``).
    """
    variant = nl.Variant(
        work_pile_layout="klondike",
        work_piles=2,
        jokers_per_deck=2,
        space_fill="nerts_only",
        foundation_limit="one_per_suit",
    )
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "CSD"]
    hearts = ".".join(f"{r}H0" for r in RANKS[:11])
    state = position(
        variant, foundations=[*complete, hearts], work={0: ["QH~X1", "X2"]}, waste={0: "KH"}
    )
    nfen = state.to_nfen().replace("QH~X1|X2", "QH~X1(r9)|X2(b10)")
    return nl.GameState.from_nfen(nfen)


def test_the_joker_search_turns_up_face_down_cards() -> None:
    state = _klondike_joker_position()
    assert state.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 9 * 2 + 1
    assert nl.is_stuck(state, 0) is False
    assert plan_progress(state, 0) == nl.Move.parse("0:X1@P0>P1")
    after = nl.apply(state, nl.Move.parse("0:X1@P0>P1"))
    assert after.seats[0].work_piles[0] == (nl.Card.parse("QH", owner=0),)
    assert nl.Move.parse("0:QH@P0>F3") in nl.legal_moves(after, 0)


def test_a_joker_search_step_onto_a_pile_stacks_and_under_a_pile_slides() -> None:
    ctx = nl.deal(nl.Variant(jokers_per_deck=2), seats=1, seed=1).ctx
    ten_s, nine_h, joker = (nl.Card.parse(c, owner=0).id for c in ("10S", "9H", "X1"))
    work = ((nine_h,), (ten_s,), (joker,))
    onto = _joker_next(ctx, (work, (), ()), nine_h, 0, _TP, 1)
    assert onto == (((), (ten_s, nine_h), (joker,)), (), ())
    under = _joker_next(ctx, (work, (), ()), ten_s, 1, _TU, 2)
    assert under == (((nine_h,), (), (ten_s, joker)), (), ())


def test_the_joker_search_keeps_a_bound_joker_bound_after_a_move() -> None:
    """X1 stays a red 9 alone on its pile, so the waste top Q♦ never finds a black King.

    Seat 1's cards complete every foundation (``one_per_suit``: none can start), seat 0's
    stock is spent, and its only move is 8♠ to and fro between X1 and 9♥.
    """
    variant = nl.Variant(
        work_piles=2, jokers_per_deck=2, foundation_limit="one_per_suit", max_stock_passes=1
    )
    complete = [".".join(f"{r}{s}1" for r in RANKS) for s in "CDHS"]
    named = {"KC", "8S", "9H", "QD"}
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in named]
    state = position(
        variant,
        seats=2,
        foundations=complete,
        nerts={0: "KC"},
        work={0: ["X1.8S", "9H"]},
        waste={0: ".".join([*rest, "X2", "QD"]), 1: "X1.X2"},
        passes={0: 1, 1: 1},
    )
    assert state.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 9 * 2 + 1
    assert nl.legal_moves(state, 0) == (nl.Move.parse("0:8S@P0>P1"),)
    assert nl.is_stuck(state, 0) is True
    assert plan_progress(state, 0) is None
