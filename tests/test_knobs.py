"""One scenario per rules knob (rules.md §11): the same position under two (or more) values of
the knob, and exactly the behaviour the knob names changes: legal moves, rejection reasons,
dealt piles, stalemate resolution or scores.

The last section translates seed 004 (the Italian River/Lake/Stream text, the ``nna`` preset).
Knobs the engine does not honour yet (``work_pile_layout="klondike"``, jokers,
``nerts_pile_face_up``, ``tie_policy``) have no test here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args, get_type_hints

import attrs
import pytest

import nertslib as nl
from nertslib import context
from nertslib.deal import shuffled
from nertslib.knobs import KNOBS, Knob, StockAccess, StuckResolution
from nertslib.variants import Variant
from tests.helpers import move, moves_text, position

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: Seat 0's clubs, diamonds and hearts, complete on three foundations.
FULL_CDH = [".".join(f"{r}{suit}0" for r in RANKS) for suit in "CDH"]


def reasons(state: nl.GameState, texts: list[str]) -> dict[str, tuple[nl.Reason, str] | None]:
    """``check`` of each move: ``None`` if legal, else its reason and message."""
    out: dict[str, tuple[nl.Reason, str] | None] = {}
    for text in texts:
        rejection = nl.check(state, move(text))
        out[text] = None if rejection is None else (rejection.reason, rejection.message)
    return out


def codes(cards: tuple[nl.Card, ...]) -> list[str]:
    return [c.code for c in cards]


# --- nerts_pile_size ------------------------------------------------------------------------


def test_nerts_pile_size_deals_that_many_and_the_rest_to_the_stock() -> None:
    thirteen = nl.deal(nl.Variant(), seats=2, seed=11)
    nine = nl.deal(nl.Variant(nerts_pile_size=9), seats=2, seed=11)
    for seat in (0, 1):
        big, small = thirteen.seats[seat], nine.seats[seat]
        assert (len(big.nerts_pile), len(big.stock)) == (13, 35)
        assert (len(small.nerts_pile), len(small.stock)) == (9, 39)
        assert big.work_piles == small.work_piles  # dealt first, from the same shuffle
        assert small.nerts_pile == big.nerts_pile[:9]
    assert codes(thirteen.seats[0].nerts_pile) == [
        *("AC", "8D", "5S", "3S", "7C", "2H", "9S", "3D", "KS"),
        *("5H", "5D", "3H", "6D"),
    ]
    assert nine.seats[0].nerts_top == nl.Card.parse("KS", 0)
    assert thirteen.seats[0].nerts_top == nl.Card.parse("6D", 0)
    # the penalty counts what is dealt: -2 per card
    assert nl.hand_scores(thirteen) == (-26, -26)
    assert nl.hand_scores(nine) == (-18, -18)


def test_nerts_pile_size_one_empties_with_one_play() -> None:
    state = nl.deal(nl.Variant(nerts_pile_size=1), seats=1, seed=11)
    assert codes(state.seats[0].nerts_pile) == ["AC"]
    assert len(state.seats[0].stock) == 47
    assert moves_text(state, 0)[0] == "0:AC@N>F+"
    after = nl.apply(state, move("0:AC@N>F+"))
    assert moves_text(after, 0)[0] == "0:nerts"


# --- work_piles -----------------------------------------------------------------------------


def test_work_piles_fixed_count_in_the_deal() -> None:
    four = nl.deal(nl.Variant(), seats=2, seed=11).seats[0]
    five = nl.deal(nl.Variant(work_piles=5), seats=2, seed=11).seats[0]
    assert [codes(p) for p in four.work_piles] == [["KH"], ["4S"], ["9C"], ["2S"]]
    assert [codes(p) for p in five.work_piles] == [["KH"], ["4S"], ["9C"], ["2S"], ["AC"]]
    assert five.nerts_pile == (*four.nerts_pile[1:], nl.Card.parse("4C", 0))
    assert (len(four.stock), len(five.stock)) == (35, 34)


def test_work_piles_fixed_count_in_play() -> None:
    four = position(work={0: ["QS.JD", "2C", "5C", "7D"]}, nerts={0: "2S"})
    assert moves_text(four, 0) == ["0:turn"]
    assert reasons(four, ["0:2S@N>P4"]) == {
        "0:2S@N>P4": (nl.Reason.NO_SUCH_PILE, "seat 0 has no work pile 4 (0..3)")
    }
    five = position(
        nl.Variant(work_piles=5), work={0: ["QS.JD", "2C", "5C", "7D", "3H"]}, nerts={0: "2S"}
    )
    assert moves_text(five, 0) == ["0:2S@N>P4", "0:2C@P1>P4", "0:turn"]


@pytest.mark.parametrize(("seats", "piles"), [(1, 6), (2, 6), (3, 5), (4, 4), (5, 4), (8, 4)])
def test_work_piles_by_seat_count(seats: int, piles: int) -> None:
    state = nl.deal(nl.Variant(work_piles="by_seat_count"), seats=seats, seed=3)
    for lay in state.seats:
        assert len(lay.work_piles) == piles
        assert all(len(p) == 1 for p in lay.work_piles)
        assert len(lay.nerts_pile) == 13
        assert len(lay.stock) == 52 - 13 - piles
    assert len(nl.deal(nl.Variant(), seats=seats, seed=3).seats[0].work_piles) == 4


# --- work_pile_move -------------------------------------------------------------------------


def move_position(variant: nl.Variant) -> nl.GameState:
    return position(variant, work={0: ["10S.9H.8C.7D", "JD", "10C", "8S"]}, nerts={0: "2S"})


MOVE_TRIES = ["0:10S@P0>P1", "0:9H@P0>P2", "0:7D@P0>P3"]


def test_work_pile_move_any_suffix() -> None:
    state = move_position(nl.Variant(work_pile_move="any_suffix"))
    assert moves_text(state, 0) == [
        "0:10S@P0>P1",
        "0:9H@P0>P2",
        "0:7D@P0>P3",
        "0:10C@P2>P1",
        "0:turn",
    ]
    after = nl.apply(state, move("0:9H@P0>P2"))
    assert [codes(p) for p in after.seats[0].work_piles] == [
        ["10S"],
        ["JD"],
        ["10C", "9H", "8C", "7D"],
        ["8S"],
    ]


def test_work_pile_move_top_card() -> None:
    state = move_position(nl.Variant(work_pile_move="top_card"))
    assert moves_text(state, 0) == ["0:7D@P0>P3", "0:10C@P2>P1", "0:turn"]
    message = "work_pile_move='top_card' does not let {} move"
    assert reasons(state, MOVE_TRIES) == {
        "0:10S@P0>P1": (nl.Reason.MOVE_RULE, message.format("10♠")),
        "0:9H@P0>P2": (nl.Reason.MOVE_RULE, message.format("9♥")),
        "0:7D@P0>P3": None,
    }


def test_work_pile_move_whole_pile() -> None:
    state = move_position(nl.Variant(work_pile_move="whole_pile"))
    assert moves_text(state, 0) == ["0:10S@P0>P1", "0:7D@P0>P3", "0:10C@P2>P1", "0:turn"]
    assert reasons(state, MOVE_TRIES) == {
        "0:10S@P0>P1": None,
        "0:9H@P0>P2": (
            nl.Reason.MOVE_RULE,
            "work_pile_move='whole_pile' does not let 9♥ move",
        ),
        "0:7D@P0>P3": None,
    }


# --- space_fill -----------------------------------------------------------------------------


def space_position(variant: nl.Variant) -> nl.GameState:
    return position(variant, work={0: ["KS.QH", "", "9D", "6C"]}, nerts={0: "5D"}, waste={0: "KH"})


SPACE_TRIES = ["0:5D@N>P1", "0:KH@W>P1", "0:KS@P0>P1", "0:QH@P0>P1", "0:9D@P2>P1"]


def test_space_fill_any() -> None:
    state = space_position(nl.Variant(space_fill="any"))
    assert moves_text(state, 0) == [
        "0:5D@N>P1",
        "0:5D@N>P3",
        "0:KH@W>P1",
        "0:KS@P0>P1",
        "0:QH@P0>P1",
        "0:9D@P2>P1",
        "0:6C@P3>P1",
        "0:turn",
    ]
    assert set(reasons(state, SPACE_TRIES).values()) == {None}


def test_space_fill_nerts_only() -> None:
    state = space_position(nl.Variant(space_fill="nerts_only"))
    assert moves_text(state, 0) == ["0:5D@N>P1", "0:5D@N>P3", "0:turn"]
    message = "space_fill='nerts_only' does not let {} fill a space"
    assert reasons(state, SPACE_TRIES) == {
        "0:5D@N>P1": None,
        "0:KH@W>P1": (nl.Reason.SPACE_RULE, message.format("K♥")),
        "0:KS@P0>P1": (nl.Reason.SPACE_RULE, message.format("K♠")),
        "0:QH@P0>P1": (nl.Reason.SPACE_RULE, message.format("Q♥")),
        "0:9D@P2>P1": (nl.Reason.SPACE_RULE, message.format("9♦")),
    }


def test_space_fill_king_only() -> None:
    state = space_position(nl.Variant(space_fill="king_only"))
    assert moves_text(state, 0) == ["0:5D@N>P3", "0:KH@W>P1", "0:KS@P0>P1", "0:turn"]
    message = "space_fill='king_only' does not let {} fill a space"
    assert reasons(state, SPACE_TRIES) == {
        "0:5D@N>P1": (nl.Reason.SPACE_RULE, message.format("5♦")),
        "0:KH@W>P1": None,
        "0:KS@P0>P1": None,  # a whole pile with a King at its base
        "0:QH@P0>P1": (nl.Reason.SPACE_RULE, message.format("Q♥")),
        "0:9D@P2>P1": (nl.Reason.SPACE_RULE, message.format("9♦")),
    }


# --- space_fill_mandatory -------------------------------------------------------------------


def mandatory_position(variant: nl.Variant) -> nl.GameState:
    return position(
        variant, work={0: ["KS.QH", "", "9D", "6C"]}, nerts={0: "AD.5D"}, waste={0: "AH"}
    )


MANDATORY_TRIES = ["0:AH@W>F+", "0:turn", "0:QH@P0>P1", "0:5D@N>P3", "0:5D@N>P1"]


def test_space_fill_not_mandatory() -> None:
    state = mandatory_position(nl.Variant(space_fill_mandatory=False))
    assert moves_text(state, 0) == [
        "0:AH@W>F+",
        "0:5D@N>P1",
        "0:5D@N>P3",
        "0:AH@W>P1",
        "0:KS@P0>P1",
        "0:QH@P0>P1",
        "0:9D@P2>P1",
        "0:6C@P3>P1",
        "0:turn",
    ]
    assert set(reasons(state, MANDATORY_TRIES).values()) == {None}


def test_space_fill_mandatory() -> None:
    state = mandatory_position(nl.Variant(space_fill_mandatory=True))
    assert moves_text(state, 0) == ["0:5D@N>P1"]
    must = (
        nl.Reason.SPACE_MUST_BE_FILLED,
        "seat 0 must first fill its empty work pile from its Nerts pile",
    )
    assert reasons(state, MANDATORY_TRIES) == {
        "0:AH@W>F+": must,
        "0:turn": must,
        "0:QH@P0>P1": must,
        "0:5D@N>P3": must,
        "0:5D@N>P1": None,
    }
    # once the space is filled, play is free again
    filled = nl.apply(state, move("0:5D@N>P1"))
    assert moves_text(filled, 0) == ["0:AD@N>F+", "0:AH@W>F+", "0:5D@P1>P3", "0:turn"]


# --- slide_under ----------------------------------------------------------------------------

SLIDE_TRIES = ["0:KH@N>U0", "0:6H@W>U2"]


def slide_position(variant: nl.Variant, *, space: bool) -> nl.GameState:
    second = "" if space else "2C"
    return position(
        variant, work={0: ["QS.JD", second, "5C", "7D"]}, nerts={0: "KH"}, waste={0: "6H"}
    )


WITH_SPACE_NO_SLIDES = [
    "0:KH@N>P1",
    "0:6H@W>P1",
    "0:QS@P0>P1",
    "0:JD@P0>P1",
    "0:5C@P2>P1",
    "0:7D@P3>P1",
    "0:turn",
]
WITH_SPACE_AND_SLIDES = [
    "0:KH@N>P1",
    "0:KH@N>U0",
    "0:6H@W>P1",
    "0:6H@W>U2",
    "0:QS@P0>P1",
    "0:JD@P0>P1",
    "0:5C@P2>P1",
    "0:7D@P3>P1",
    "0:turn",
]


def test_slide_under_off() -> None:
    v = nl.Variant(slide_under="off")
    assert moves_text(slide_position(v, space=True), 0) == WITH_SPACE_NO_SLIDES
    state = slide_position(v, space=False)
    assert moves_text(state, 0) == ["0:turn"]
    off = (nl.Reason.SLIDE_UNDER_RULE, "this variant has no sliding under")
    assert reasons(state, SLIDE_TRIES) == dict.fromkeys(SLIDE_TRIES, off)
    assert reasons(slide_position(v, space=True), SLIDE_TRIES) == dict.fromkeys(SLIDE_TRIES, off)


def test_slide_under_needs_space() -> None:
    v = nl.Variant(slide_under="needs_space")
    with_space = slide_position(v, space=True)
    assert moves_text(with_space, 0) == WITH_SPACE_AND_SLIDES
    after = nl.apply(with_space, move("0:KH@N>U0"))
    assert codes(after.seats[0].work_piles[0]) == ["KH", "QS", "JD"]
    assert after.seats[0].work_piles[1] == ()
    state = slide_position(v, space=False)
    assert moves_text(state, 0) == ["0:turn"]
    no_space = (nl.Reason.SLIDE_UNDER_RULE, "sliding under needs an empty work pile")
    assert reasons(state, SLIDE_TRIES) == dict.fromkeys(SLIDE_TRIES, no_space)


def test_slide_under_always() -> None:
    v = nl.Variant(slide_under="always")
    assert moves_text(slide_position(v, space=True), 0) == WITH_SPACE_AND_SLIDES
    state = slide_position(v, space=False)
    assert moves_text(state, 0) == ["0:KH@N>U0", "0:6H@W>U2", "0:turn"]
    assert reasons(state, SLIDE_TRIES) == dict.fromkeys(SLIDE_TRIES)
    after = nl.apply(state, move("0:6H@W>U2"))
    assert codes(after.seats[0].work_piles[2]) == ["6H", "5C"]


# --- foundation_build -----------------------------------------------------------------------

BUILD_TRIES = ["0:2H@P0>F0", "0:2D@N>F0", "0:2S@W>F0"]


def build_position(variant: nl.Variant, seats: int = 1) -> nl.GameState:
    return position(
        variant,
        seats=seats,
        work={0: ["2H", "9C", "9D", "KS"]},
        nerts={0: "2D"},
        waste={0: "2S"},
        foundations=["AH0"],
    )


SAME_SUIT_MOVES = ["0:2H@P0>F0", "0:turn"]
ALT_COLOUR_MOVES = ["0:2S@W>F0", "0:turn"]
ANY_SUIT_MOVES = ["0:2D@N>F0", "0:2S@W>F0", "0:2H@P0>F0", "0:turn"]


def test_foundation_build_same_suit() -> None:
    state = build_position(nl.Variant(foundation_build="same_suit"))
    assert moves_text(state, 0) == SAME_SUIT_MOVES
    assert reasons(state, BUILD_TRIES) == {
        "0:2H@P0>F0": None,
        "0:2D@N>F0": (nl.Reason.WRONG_FOUNDATION_CARD, "foundation 0 needs 2♥; 2♦ offered"),
        "0:2S@W>F0": (nl.Reason.WRONG_FOUNDATION_CARD, "foundation 0 needs 2♥; 2♠ offered"),
    }


def test_foundation_build_alt_colour() -> None:
    state = build_position(nl.Variant(foundation_build="alt_colour"))
    assert moves_text(state, 0) == ALT_COLOUR_MOVES
    assert reasons(state, BUILD_TRIES) == {
        "0:2H@P0>F0": (
            nl.Reason.WRONG_FOUNDATION_CARD,
            "foundation 0 needs a black 2; 2♥ offered",
        ),
        "0:2D@N>F0": (
            nl.Reason.WRONG_FOUNDATION_CARD,
            "foundation 0 needs a black 2; 2♦ offered",
        ),
        "0:2S@W>F0": None,
    }
    after = nl.apply(state, move("0:2S@W>F0"))  # a red 3 comes next
    assert reasons(after, ["0:2D@N>F0"]) == {
        "0:2D@N>F0": (nl.Reason.WRONG_FOUNDATION_CARD, "foundation 0 needs a red 3; 2♦ offered")
    }


def test_foundation_build_any_suit() -> None:
    state = build_position(nl.Variant(foundation_build="any_suit"))
    assert moves_text(state, 0) == ANY_SUIT_MOVES
    assert reasons(state, BUILD_TRIES) == dict.fromkeys(BUILD_TRIES)
    after = nl.apply(state, move("0:2S@W>F0"))
    # any 2 would have fitted: the other two lost the race
    late = "too late: foundation 0 took seat 0's 2♠ first and needs any 3 now"
    assert reasons(after, ["0:2H@P0>F0", "0:2D@N>F0"]) == {
        "0:2H@P0>F0": (nl.Reason.RACE_LOST, late),
        "0:2D@N>F0": (nl.Reason.RACE_LOST, late),
    }


@pytest.mark.parametrize(
    ("seats", "moves"),
    [(1, ANY_SUIT_MOVES), (2, ANY_SUIT_MOVES), (3, ALT_COLOUR_MOVES), (4, SAME_SUIT_MOVES)],
)
def test_foundation_build_by_seat_count(seats: int, moves: list[str]) -> None:
    state = build_position(nl.Variant(foundation_build="by_seat_count"), seats=seats)
    assert moves_text(state, 0) == moves


# --- foundation_limit -----------------------------------------------------------------------


def limit_position(variant: nl.Variant) -> nl.GameState:
    return position(variant, seats=2, nerts={1: "AH"}, waste={1: "AS"}, foundations=["AH0"])


def test_foundation_limit_unlimited() -> None:
    state = limit_position(nl.Variant(foundation_limit="unlimited"))
    assert moves_text(state, 1)[:2] == ["1:AH@N>F+", "1:AS@W>F+"]
    after = nl.apply(state, move("1:AH@N>F+"))
    assert [codes(p) for p in after.foundations] == [["AH"], ["AH"]]
    assert [[c.owner for c in p] for p in after.foundations] == [[0], [1]]


def test_foundation_limit_one_per_suit() -> None:
    state = limit_position(nl.Variant(foundation_limit="one_per_suit"))
    assert moves_text(state, 1)[:2] == ["1:AS@W>F+", "1:AH@N>P0"]
    assert "1:AH@N>F+" not in moves_text(state, 1)
    assert reasons(state, ["1:AH@N>F+", "1:AS@W>F+"]) == {
        "1:AH@N>F+": (nl.Reason.RACE_LOST, "a hearts foundation was started first"),
        "1:AS@W>F+": None,
    }
    with pytest.raises(nl.RaceLostError):
        nl.apply(state, move("1:AH@N>F+"))


# --- stock_turn -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "waste", "stock_left", "next_card"),
    [(1, ["7S"], 49, "8D"), (3, ["7S", "8D", "9C"], 47, "QS")],
)
def test_stock_turn(turn: int, waste: list[str], stock_left: int, next_card: str) -> None:
    state = position(
        nl.Variant(stock_turn=turn), stock={0: "9C.8D.7S"}, nerts={0: "2H"}, work={0: ["KS"]}
    )
    after = nl.apply(state, move("0:turn"))
    lay = after.seats[0]
    assert codes(lay.waste) == waste
    assert lay.waste_top == nl.Card.parse(waste[-1], 0)
    assert len(lay.stock) == stock_left
    assert lay.stock[-1] == nl.Card.parse(next_card, 0)


# --- stock_remainder and max_stock_passes ---------------------------------------------------


def small_stock(variant: nl.Variant) -> nl.GameState:
    """Five cards in the stock (5S on top, then 6S, 7S, 8S, 4S); the spades foundation needs
    4S, the only playable card of the stock, and nothing else can move."""
    return position(
        variant,
        nerts={0: "KS"},
        work={0: ["QS", "JS", "10S", "9S"]},
        foundations=[*FULL_CDH, "AS0.2S0.3S0"],
        stock={0: "4S.8S.7S.6S.5S"},
    )


def turn(state: nl.GameState) -> nl.GameState:
    return nl.apply(state, move("0:turn"))


def test_stock_remainder_partial_turn() -> None:
    state = small_stock(nl.Variant(stock_remainder="partial_turn"))
    assert codes(state.seats[0].stock) == ["4S", "8S", "7S", "6S", "5S"]
    assert moves_text(state, 0) == ["0:turn"]
    once = turn(state)
    assert (codes(once.seats[0].stock), codes(once.seats[0].waste)) == (
        ["4S", "8S"],
        ["5S", "6S", "7S"],
    )
    twice = turn(once)  # the last two cards are turned: 4S on top
    lay = twice.seats[0]
    assert (codes(lay.stock), codes(lay.waste), lay.passes) == (
        [],
        ["5S", "6S", "7S", "8S", "4S"],
        0,
    )
    assert moves_text(twice, 0) == ["0:4S@W>F3", "0:restock"]


def test_stock_remainder_flip_immediately() -> None:
    state = small_stock(nl.Variant(stock_remainder="flip_immediately"))
    # 4S can never become the waste top: the seat is stuck from the start
    assert moves_text(state, 0) == ["0:turn", "0:rotate"]
    assert nl.is_stuck(state, 0)
    once = turn(state)
    assert (codes(once.seats[0].stock), codes(once.seats[0].waste)) == (
        ["4S", "8S"],
        ["5S", "6S", "7S"],
    )
    twice = turn(once)  # the last two go to the waste, which is turned over at once
    lay = twice.seats[0]
    assert (codes(lay.stock), codes(lay.waste), lay.passes) == (
        ["4S", "8S", "7S", "6S", "5S"],
        [],
        1,
    )
    assert moves_text(twice, 0) == ["0:turn", "0:rotate"]


def test_stock_remainder_flip_immediately_stops_at_the_pass_limit() -> None:
    state = small_stock(nl.Variant(stock_remainder="flip_immediately", max_stock_passes=1))
    assert moves_text(state, 0) == ["0:turn"]  # not stuck: the second pass shows 4S
    assert not nl.is_stuck(state, 0)
    flipped = turn(turn(state))
    assert (len(flipped.seats[0].stock), flipped.seats[0].passes) == (5, 1)
    last = turn(turn(flipped))  # the pass limit is reached: the remainder is just turned
    lay = last.seats[0]
    assert (codes(lay.stock), codes(lay.waste), lay.passes) == (
        [],
        ["5S", "6S", "7S", "8S", "4S"],
        1,
    )
    assert moves_text(last, 0) == ["0:4S@W>F3"]


def run_out(state: nl.GameState) -> nl.GameState:
    """Turn the small stock until it is empty (4S then on the waste top), which needs the
    ``stock_remainder="partial_turn"`` house rule (the standard flips the last two over)."""
    return turn(turn(state))


def test_max_stock_passes_unlimited() -> None:
    state = run_out(small_stock(nl.Variant(max_stock_passes=None, stock_remainder="partial_turn")))
    for passes in range(1, 6):
        assert moves_text(state, 0) == ["0:4S@W>F3", "0:restock"]
        state = nl.apply(state, move("0:restock"))
        assert state.seats[0].passes == passes
        assert len(state.seats[0].stock) == 5
        state = run_out(state)


def test_max_stock_passes_zero() -> None:
    state = run_out(small_stock(nl.Variant(max_stock_passes=0, stock_remainder="partial_turn")))
    assert moves_text(state, 0) == ["0:4S@W>F3"]
    assert reasons(state, ["0:restock"]) == {
        "0:restock": (nl.Reason.PASS_LIMIT, "seat 0 has turned its waste over 0 time(s), the limit")
    }


def test_max_stock_passes_one() -> None:
    state = run_out(small_stock(nl.Variant(max_stock_passes=1, stock_remainder="partial_turn")))
    assert moves_text(state, 0) == ["0:4S@W>F3", "0:restock"]
    state = run_out(nl.apply(state, move("0:restock")))
    assert state.seats[0].passes == 1
    assert moves_text(state, 0) == ["0:4S@W>F3"]
    assert reasons(state, ["0:restock"]) == {
        "0:restock": (nl.Reason.PASS_LIMIT, "seat 0 has turned its waste over 1 time(s), the limit")
    }


# --- stock_access ---------------------------------------------------------------------------

BLOCKED = (nl.Reason.STOCK_BLOCKED, "seat 0 has a play available: stock_access='when_blocked'")


@pytest.mark.parametrize("access", ["anytime", "when_blocked"])
def test_stock_access_with_only_work_pile_shuffles(access: StockAccess) -> None:
    # 8S may move onto 9H, which is no play: the stock stays open under both values
    state = position(
        nl.Variant(stock_access=access),
        nerts={0: "AS.5C"},
        work={0: ["9H", "10C.9D.8S", "4C", "KC"]},
    )
    assert moves_text(state, 0) == ["0:8S@P1>P0", "0:turn"]
    shuffled_state = nl.apply(state, move("0:8S@P1>P0"))
    assert moves_text(shuffled_state, 0) == ["0:8S@P0>P1", "0:turn"]


def test_stock_access_anytime_with_a_play() -> None:
    state = position(
        nl.Variant(stock_access="anytime"),
        nerts={0: "AS.5C"},
        work={0: ["6H", "9D", "8S", "KC"]},
    )
    assert moves_text(state, 0) == ["0:5C@N>P0", "0:8S@P2>P1", "0:turn"]
    assert reasons(state, ["0:turn"]) == {"0:turn": None}


def test_stock_access_when_blocked_with_a_play() -> None:
    state = position(
        nl.Variant(stock_access="when_blocked"),
        nerts={0: "AS.5C"},
        work={0: ["6H", "9D", "8S", "KC"]},
    )
    assert moves_text(state, 0) == ["0:5C@N>P0", "0:8S@P2>P1"]
    assert reasons(state, ["0:turn"]) == {"0:turn": BLOCKED}


@pytest.mark.parametrize(
    ("access", "moves", "restock"),
    [
        ("anytime", ["0:4S@W>F3", "0:restock"], None),
        ("when_blocked", ["0:4S@W>F3"], BLOCKED),
    ],
)
def test_stock_access_applies_to_restock(
    access: StockAccess, moves: list[str], restock: tuple[nl.Reason, str] | None
) -> None:
    state = run_out(small_stock(nl.Variant(stock_access=access, stock_remainder="partial_turn")))
    assert moves_text(state, 0) == moves
    assert reasons(state, ["0:restock"]) == {"0:restock": restock}


# --- stuck_resolution -----------------------------------------------------------------------


def all_stuck_position(rule: StuckResolution) -> nl.GameState:
    """Two seats with one work pile each, every Ace buried in the Nerts pile: both stuck."""
    return position(
        nl.Variant(stuck_resolution=rule, work_piles=1),
        seats=2,
        nerts={0: "AS.AH.AD.AC.KC", 1: "AS.AH.AD.AC.KC"},
        work={0: ["2H"], 1: ["2D"]},
        waste={0: "5H.QD"},
    )


def test_the_stuck_position_is_stuck() -> None:
    state = all_stuck_position("rotate_one")
    assert nl.all_stuck(state)
    assert moves_text(state, 0) == ["0:turn", "0:rotate"]
    assert moves_text(state, 1) == ["1:turn", "1:rotate"]
    assert codes(state.seats[0].stock)[-2:] == ["QS", "KS"]
    assert codes(state.seats[0].waste) == ["5H", "QD"]


def test_stuck_resolution_rotate_one() -> None:
    state = all_stuck_position("rotate_one")
    after = nl.resolve_stalemate(state)
    assert (after.status, after.stalled, after.resolutions) == (None, True, 1)
    zero, one = after.seats
    # seat 0: the waste turned over on top of the stock (5H on top), then 5H to the bottom
    assert zero.waste == ()
    assert zero.stock == (nl.Card.parse("5H", 0), *state.seats[0].stock, nl.Card.parse("QD", 0))
    # seat 1 had no waste: its top card, KS, goes to the bottom
    assert one.stock == (nl.Card.parse("KS", 1), *state.seats[1].stock[:-1])
    assert zero.nerts == state.seats[0].nerts
    assert zero.work == state.seats[0].work
    # still stuck, no progress since: the next resolution ends the hand
    assert nl.all_stuck(after)
    ended = nl.resolve_stalemate(after)
    assert nl.outcome(ended) == nl.Outcome(nl.EndReason.STALEMATE, None, (-10, -10))


def test_stuck_resolution_shuffle() -> None:
    state = all_stuck_position("shuffle")
    after = nl.resolve_stalemate(state)
    assert (after.status, after.stalled, after.resolutions) == (None, True, 1)
    for seat in (0, 1):
        before, now = state.seats[seat], after.seats[seat]
        assert now.waste == ()
        assert now.deck == shuffled(before.deck, state.seed, 8 + seat)
        assert sorted(now.deck) == sorted(before.deck)
        assert now.deck != before.deck
    assert codes(after.seats[0].stock)[:3] == ["3S", "9H", "6S"]
    assert codes(after.seats[0].stock)[-3:] == ["2D", "8S", "10H"]
    assert codes(after.seats[1].stock)[:3] == ["7S", "3C", "3S"]
    ended = nl.resolve_stalemate(after)
    assert ended.status is nl.EndReason.STALEMATE


def test_stuck_resolution_end_hand() -> None:
    state = all_stuck_position("end_hand")
    after = nl.resolve_stalemate(state)
    assert (after.status, after.stalled, after.resolutions) == (nl.EndReason.STALEMATE, False, 0)
    assert after.seats == state.seats
    assert nl.outcome(after) == nl.Outcome(nl.EndReason.STALEMATE, None, (-10, -10))
    assert nl.legal_moves(after, 0) == ()


# --- call_mode ------------------------------------------------------------------------------


def call_position(variant: nl.Variant) -> nl.GameState:
    return position(
        variant, seats=2, nerts={0: "2S", 1: "QH"}, foundations=["AS1"], work={0: ["3H"]}
    )


def test_call_mode_optional() -> None:
    state = nl.apply(call_position(nl.Variant(call_mode="optional")), move("0:2S@N>F0"))
    assert state.status is None
    assert nl.outcome(state) is None
    assert moves_text(state, 0) == [
        "0:nerts",
        "0:3H@P0>P1",
        "0:3H@P0>P2",
        "0:3H@P0>P3",
        "0:turn",
    ]
    assert reasons(state, ["0:nerts", "1:QH@N>P0"]) == {"0:nerts": None, "1:QH@N>P0": None}
    called = nl.apply(state, move("0:nerts"))
    assert nl.outcome(called) == nl.Outcome(nl.EndReason.NERTS, 0, (1, -1))
    not_empty = nl.check(call_position(nl.Variant(call_mode="optional")), move("0:nerts"))
    assert not_empty is not None
    assert not_empty.reason is nl.Reason.NERTS_NOT_EMPTY


def test_call_mode_auto() -> None:
    state = nl.apply(call_position(nl.Variant(call_mode="auto")), move("0:2S@N>F0"))
    assert state.status is nl.EndReason.NERTS
    assert nl.outcome(state) == nl.Outcome(nl.EndReason.NERTS, 0, (1, -1))
    assert moves_text(state, 0) == []
    over = (nl.Reason.HAND_OVER, "the hand is over")
    assert reasons(state, ["0:nerts", "1:QH@N>P0"]) == {"0:nerts": over, "1:QH@N>P0": over}
    before = call_position(nl.Variant(call_mode="auto"))
    assert reasons(before, ["0:nerts"]) == {
        "0:nerts": (nl.Reason.CALL_NOT_ALLOWED, "call_mode='auto' ends the hand by itself")
    }


# --- caller_bonus, foundation_points, nerts_penalty, king_bonus -----------------------------

HEARTS0 = ".".join(f"{r}H0" for r in RANKS)


def scored(variant: nl.Variant) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hand scores before and after seat 0 calls Nerts.

    Seat 0 has 14 cards on the foundations (all its hearts, K♥ included, and 2♠) and an empty
    Nerts pile; seat 1 has 3 (A♠, 3♠, 4♠) and 3 cards left in its Nerts pile.
    """
    state = position(
        variant, seats=2, nerts={1: "5D.6D.7D"}, foundations=[HEARTS0, "AS1.2S0.3S1.4S1"]
    )
    return nl.hand_scores(state), nl.hand_scores(nl.apply(state, move("0:nerts")))


@pytest.mark.parametrize(
    ("knobs", "during", "after_call"),
    [
        ({}, (14, -3), (14, -3)),
        ({"caller_bonus": 10}, (14, -3), (24, -3)),
        ({"caller_bonus": -4}, (14, -3), (10, -3)),
        ({"foundation_points": 3}, (42, 3), (42, 3)),
        ({"foundation_points": 0}, (0, -6), (0, -6)),
        ({"nerts_penalty": 1}, (14, 0), (14, 0)),
        ({"nerts_penalty": 0}, (14, 3), (14, 3)),
        ({"king_bonus": 5}, (19, -3), (19, -3)),
        (
            {"caller_bonus": 20, "foundation_points": 2, "nerts_penalty": 3, "king_bonus": 10},
            (38, -3),
            (58, -3),
        ),
    ],
)
def test_scoring_knobs(
    knobs: dict[str, int], during: tuple[int, ...], after_call: tuple[int, ...]
) -> None:
    assert scored(nl.Variant(**knobs)) == (during, after_call)  # type: ignore[arg-type]


def test_caller_bonus_goes_to_the_caller_only_not_after_a_stalemate() -> None:
    bonus = nl.Variant(stuck_resolution="end_hand", work_piles=1, caller_bonus=10)
    state = position(
        bonus,
        seats=2,
        nerts={0: "AS.AH.AD.AC.KC", 1: "AS.AH.AD.AC.KC"},
        work={0: ["2H"], 1: ["2D"]},
    )
    ended = nl.resolve_stalemate(state)
    assert nl.outcome(ended) == nl.Outcome(nl.EndReason.STALEMATE, None, (-10, -10))


# --- target_score and teams -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "over", "winner"), [(100, True, 0), (120, True, 0), (121, False, None)]
)
def test_target_score(target: int, over: bool, winner: int | None) -> None:
    match = nl.Match(nl.Variant(target_score=target), seats=2).record((70, 10)).record((50, 90))
    assert match.totals == (120, 100)
    assert (match.is_over, match.winner) == (over, winner)


def test_target_score_reached_by_both_with_a_tie_plays_on() -> None:
    match = nl.Match(nl.Variant(target_score=50), seats=2).record((60, 60))
    assert (match.is_over, match.winner) == (False, None)
    match = match.record((1, 0))
    assert (match.is_over, match.winner) == (True, 0)


def test_teams_change_the_totals_and_the_winner() -> None:
    scores = (100, 60, 10, 70)
    alone = nl.Match(nl.Variant(), seats=4).record(scores)
    assert (alone.team_totals, alone.is_over, alone.winner) == (scores, True, 0)
    paired = nl.Match(nl.Variant(teams=((0, 2), (1, 3))), seats=4).record(scores)
    assert (paired.team_totals, paired.is_over, paired.winner) == ((110, 130), True, 1)
    other = nl.Match(nl.Variant(teams=((0, 1), (2, 3))), seats=4).record(scores)
    assert (other.team_totals, other.winner) == ((160, 80), 0)
    three = nl.Match(nl.Variant(teams=((3,), (0, 1, 2))), seats=4).record((10, 20, 30, 40))
    assert (three.team_totals, three.is_over, three.winner) == ((40, 60), False, None)


def test_teams_must_cover_the_seats_dealt() -> None:
    v = nl.Variant(teams=((0, 2), (1, 3)))
    assert len(nl.deal(v, seats=4, seed=0).seats) == 4
    with pytest.raises(
        ValueError, match=r"^Variant.teams \(\(0, 2\), \(1, 3\)\) must group exactly seats 0..2$"
    ):
        nl.deal(v, seats=3, seed=0)
    assert len(nl.deal(nl.Variant(), seats=3, seed=0).seats) == 3


def test_teams_do_not_change_hand_scores() -> None:
    plain = nl.play_hand(nl.deal(nl.Variant(), seats=4, seed=7), [nl.greedy_bot] * 4)[0]
    teams = nl.Variant(teams=((0, 2), (1, 3)))
    paired = nl.play_hand(nl.deal(teams, seats=4, seed=7), [nl.greedy_bot] * 4)[0]
    assert nl.hand_scores(plain) == nl.hand_scores(paired) == (6, 17, -1, -5)


# --- seed 004: River/Lake/Stream (the nna preset) -------------------------------------------


def test_nna_deal_four_river_cards_thirteen_nertz_35_stream() -> None:
    # "Quattro carte Fiume ... le prime 12 carte a faccia in giù ... la 13° a faccia in su ...
    # il resto del mazzo - 35 carte"
    state = nl.deal("nna", seats=3, seed=4)
    for lay in state.seats:
        assert (len(lay.work_piles), len(lay.nerts_pile), len(lay.stock), len(lay.waste)) == (
            4,
            13,
            35,
            0,
        )


def test_nna_hand_ends_on_the_last_nerts_card_with_ten_extra_points() -> None:
    # "grida 'Nertz' quando viene giocata l'ultima carta. La squadra vincente ottiene un
    # ulteriori dieci punti"
    state = position(
        "nna",
        seats=2,
        nerts={0: "5C", 1: "9D.8D"},
        work={0: ["6H"]},
        foundations=["AS0.2S0", "AH1"],
    )
    assert "0:nerts" not in moves_text(state, 0)
    after = nl.apply(state, move("0:5C@N>P0"))  # the last card need not go to the Lake
    assert after.is_over
    # winner: 2 Lake cards + 10; loser: 1 Lake card - 2 x 2 Nertz cards
    assert nl.outcome(after) == nl.Outcome(nl.EndReason.NERTS, 0, (12, -3))
    assert nl.legal_moves(after, 1) == ()
    rejection = nl.check(after, move("1:8D@N>P0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.HAND_OVER
    # the standard game: the same play does not end the hand, and there is no bonus
    standard = position(
        "standard",
        seats=2,
        nerts={0: "5C", 1: "9D.8D"},
        work={0: ["6H"]},
        foundations=["AS0.2S0", "AH1"],
    )
    played = nl.apply(standard, move("0:5C@N>P0"))
    assert not played.is_over
    assert nl.outcome(nl.apply(played, move("0:nerts"))) == nl.Outcome(
        nl.EndReason.NERTS, 0, (2, -3)
    )


def test_nna_stream_only_when_no_other_play() -> None:
    # "Il mucchio di Flusso è accessibile quando nessun altri giochi sono disponibile"
    with_play = position(
        "nna", nerts={0: "AS.5C"}, work={0: ["9H", "10C.9D.8S", "4C", "KC"]}, waste={0: "QD"}
    )
    assert moves_text(with_play, 0) == ["0:QD@W>P3", "0:8S@P1>P0"]
    assert reasons(with_play, ["0:turn"]) == {"0:turn": BLOCKED}


def test_nna_work_pile_shuffles_are_not_plays() -> None:
    state = position(
        "nna",
        nerts={0: "AS.5C"},
        work={0: ["9H", "10C.9D.8S", "4C", "KC"]},
        stock={0: "QD.5S.2C"},
    )
    assert moves_text(state, 0) == ["0:8S@P1>P0", "0:turn"]
    # shuffling does not close the stream, however often the seat does it
    moved = nl.apply(state, move("0:8S@P1>P0"))
    assert moves_text(moved, 0) == ["0:8S@P0>P1", "0:turn"]
    back = nl.apply(moved, move("0:8S@P0>P1"))
    assert back == state
    # three cards turned, only the third playable: QD goes on KC, so the stream closes
    turned = nl.apply(moved, move("0:turn"))
    assert codes(turned.seats[0].waste) == ["2C", "5S", "QD"]
    assert moves_text(turned, 0) == ["0:QD@W>P3", "0:8S@P0>P1"]
    assert reasons(turned, ["0:turn"]) == {"0:turn": BLOCKED}


def test_nna_game_to_150() -> None:
    nna = nl.variants.get("nna")
    match = nl.Match(nna, seats=2).record((80, 40)).record((60, 30))
    assert (match.totals, match.is_over) == ((140, 70), False)
    standard = nl.Match(nl.variants.get("standard"), seats=2).record((80, 40)).record((60, 30))
    assert (standard.is_over, standard.winner) == (True, 0)
    match = match.record((12, -3))
    assert (match.totals, match.is_over, match.winner) == ((152, 67), True, 0)


def test_nna_whole_game_between_greedy_bots() -> None:
    match = nl.play_match("nna", 2, [nl.greedy_bot] * 2, seed=4)
    assert match.hands == ((8, 23), (21, 21), (32, 16), (16, 37), (25, -5), (51, 37))
    assert (match.totals, match.winner) == ((153, 129), 0)
    # the standard game on the same seeds stops at 100, after six hands
    standard = nl.play_match("standard", 2, [nl.greedy_bot] * 2, seed=4)
    assert (len(standard.hands), standard.totals, standard.winner) == (6, (126, 100), 0)


@pytest.mark.parametrize("seed", [4, 5, 6, 7, 8, 9, 12, 14])
def test_nna_scoring_lake_minus_nertz_plus_ten(seed: int) -> None:
    # "Nel Lago valgono un punto ciascuno. Carte nel mucchio Nertz valgono due punti ...
    # Carte in qualsiasi altra pila non hanno alcun valore"
    final, _ = nl.play_hand(nl.deal("nna", seats=2, seed=seed), [nl.greedy_bot] * 2)
    result = nl.outcome(final)
    assert result is not None
    assert result.reason is nl.EndReason.NERTS
    assert result.caller is not None
    assert final.seats[result.caller].nerts_pile == ()
    lake = [sum(c.owner == seat for pile in final.foundations for c in pile) for seat in (0, 1)]
    expected = tuple(
        lake[seat] - 2 * len(final.seats[seat].nerts_pile) + 10 * (seat == result.caller)
        for seat in (0, 1)
    )
    assert result.scores == expected


# --- the knob table in docs/variants.md -----------------------------------------------------


def _doc_value(value: object) -> str:
    if isinstance(value, str):
        return f'`"{value}"`'
    if isinstance(value, bool) or value is None:
        return f"`{value}`"
    return str(value)


def test_docs_knob_table_matches_the_fields_and_presets() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "variants.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index(
        "| knob | values | standard | nna | racing_demon | pounce | who uses the other values |"
    )
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("| `"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    fields = [a.name for a in attrs.fields(nl.Variant)]
    assert [row[0].strip("`") for row in rows] == fields
    standard = nl.Variant()
    for row in rows:
        name = row[0].strip("`")
        assert row[2] == _doc_value(getattr(standard, name)), name
        for column, preset in ((3, "nna"), (4, "racing_demon"), (5, "pounce")):
            if preset not in nl.variants.names():  # pounce: registered with the Klondike layout
                continue
            value = getattr(nl.variants.get(preset), name)
            expected = "·" if value == getattr(standard, name) else _doc_value(value)
            assert row[column] == expected, (preset, name)


# --- the knob tables ------------------------------------------------------------------------


def test_every_choice_knob_has_one_table_that_the_variant_and_the_context_read() -> None:
    hints = get_type_hints(Variant)
    choices = {
        field.name
        for field in attrs.fields(Variant)
        if all(isinstance(arg, str) for arg in get_args(hints[field.name]))
        and get_args(hints[field.name])
    }
    assert choices == set(KNOBS)
    for name, knob in KNOBS.items():
        assert knob.values == get_args(hints[name])
        for value in knob.values:
            chosen: dict[str, Any] = {name: value}
            assert getattr(Variant(**chosen), name) == value  # every value is accepted
            assert isinstance(knob.text(value), str)
        unknown: dict[str, Any] = {name: "no_such_value"}
        with pytest.raises(nl.NertsError, match=name):
            Variant(**unknown)
    space = KNOBS["space_fill"]
    for value in space.values:
        ctx = context.context_for(Variant(space_fill=value), 2)
        assert ctx.space == space.code(value)
    assert (context.SPACE_ANY, context.SPACE_NERTS_ONLY, context.SPACE_KING_ONLY) == (0, 1, 2)
    assert (context.SLIDE_OFF, context.SLIDE_NEEDS_SPACE, context.SLIDE_ALWAYS) == (0, 1, 2)
    assert (context.MOVE_ANY_SUFFIX, context.MOVE_TOP_CARD, context.MOVE_WHOLE_PILE) == (0, 1, 2)
    assert (context.SAME_SUIT, context.ALT_COLOUR, context.ANY_SUIT) == (0, 1, 2)


def test_a_knob_table_refuses_prose_that_disagrees_with_its_literal() -> None:
    with pytest.raises(ValueError, match="the prose names"):
        Knob("k", Literal["a", "b"], {"a": "x"})
    with pytest.raises(ValueError, match="the prose names"):
        Knob("k", Literal["a", "b"], {"b": "y", "a": "x"})
    assert Knob("k", Literal["a", "b"], {"a": "x", "b": "y"}).code("b") == 1
