"""Refusals: the exact reason and message nertslib.rules gives for each kind of illegal move.

These pin what the other tests left open (each was written for a mutant that survived
mutation testing).

See "Mutation testing" in docs/verification.md for how the survivors are judged (the verdicts
of the last complete run are in the git history of docs/mutation-survivors.md).
"""

import pytest

import nertslib as nl
from nertslib.cards import DECLARED_BASE
from nertslib.rules import foundation_problem, pile_problem
from tests.helpers import move, position

RANK_CODES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HEARTS_CLUBS = ["H", "C"]  # red, black: an alternating-colour foundation


def rejection(state: nl.GameState, text: str) -> nl.Rejection:
    result = nl.check(state, move(text))
    assert result is not None
    return result


@pytest.mark.parametrize("top", range(1, 13))
def test_a_same_suit_foundation_names_the_card_it_needs(top: int) -> None:
    pile = ".".join(f"{r}H0" for r in RANK_CODES[:top])
    state = position(foundations=[pile], nerts={0: "KS"})
    got = rejection(state, "0:KS@N>F0")
    assert got.reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert got.message == f"foundation 0 needs {RANK_CODES[top]}♥; K♠ offered"


@pytest.mark.parametrize("top", range(1, 13))
def test_an_alternating_colour_foundation_names_the_colour_and_rank_it_needs(top: int) -> None:
    pile = ".".join(f"{r}{HEARTS_CLUBS[i % 2]}0" for i, r in enumerate(RANK_CODES[:top]))
    variant = nl.Variant(foundation_build="alt_colour")
    state = position(variant, foundations=[pile], nerts={0: "KS"})
    got = rejection(state, "0:KS@N>F0")
    assert got.reason is nl.Reason.WRONG_FOUNDATION_CARD
    colour = "black" if top % 2 else "red"  # the top is a heart at odd heights
    assert got.message == f"foundation 0 needs a {colour} {RANK_CODES[top]}; K♠ offered"


@pytest.mark.parametrize("top", range(1, 12))
def test_an_any_suit_foundation_names_only_the_rank_it_needs(top: int) -> None:
    pile = ".".join(f"{r}{'HSDC'[i % 4]}0" for i, r in enumerate(RANK_CODES[:top]))
    state = position(nl.Variant(foundation_build="any_suit"), foundations=[pile], nerts={0: "KC"})
    got = rejection(state, "0:KC@N>F0")
    assert got.reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert got.message == f"foundation 0 needs any {RANK_CODES[top]}; K♣ offered"


def test_a_lost_race_names_the_card_that_won_and_what_is_needed_now() -> None:
    pile = ".".join(f"{r}{'HSDC'[i % 4]}0" for i, r in enumerate(RANK_CODES[:12]))
    state = position(nl.Variant(foundation_build="any_suit"), foundations=[pile], nerts={0: "AC"})
    got = rejection(state, "0:AC@N>F0")
    assert got.reason is nl.Reason.RACE_LOST
    assert got.message == "too late: foundation 0 took seat 0's A♥ first and needs any K now"


def test_a_complete_foundation_says_it_needs_nothing() -> None:
    pile = ".".join(f"{r}H0" for r in RANK_CODES)
    state = position(foundations=[pile], nerts={0: "KS"})
    got = rejection(state, "0:KS@N>F0")
    assert got.reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert got.message == "foundation 0 needs nothing: it is complete; K♠ offered"


def card_id(code: str, owner: int = 0) -> int:
    return nl.Card.parse(code, owner=owner).id


def test_foundation_problem_of_an_empty_pile() -> None:
    assert foundation_problem((), nl.Variant(), 2) == "a foundation is never empty"


def test_foundation_problem_checks_every_card_after_a_kept_tie() -> None:
    both_keep = nl.Variant(tie_policy="both_keep")
    tie = (card_id("AH"), card_id("2H"), card_id("2H", 1))
    assert foundation_problem((*tie, card_id("3H")), both_keep, 2) == ""
    assert foundation_problem((*tie, card_id("5H")), both_keep, 2) == "5♥ cannot follow 2♥"
    first_wins = nl.Variant(tie_policy="first_wins")
    assert foundation_problem(tie, first_wins, 2) == "2♥ cannot follow 2♥"


@pytest.mark.parametrize("seat", [True, False, 1.0, "0", -1, 2])
def test_legal_moves_refuses_a_seat_that_is_not_an_int_of_the_hand(seat: object) -> None:
    state = nl.deal("standard", seats=2, seed=1)
    with pytest.raises(nl.NertsError) as info:
        nl.legal_moves(state, seat)  # type: ignore[arg-type]
    assert type(info.value) is nl.NertsError
    assert str(info.value) == f"seat {seat!r} does not play in this 2-seat hand"


def test_foundation_problem_names_an_undeclared_joker_at_the_base() -> None:
    joker = nl.Card.joker_of(0, 1).id
    assert foundation_problem((joker,), nl.Variant(jokers_per_deck=2), 1) == (
        "🃏1 is not declared (a joker goes up as e.g. X1=AH)"
    )


def test_pile_problem_refuses_every_declared_joker_on_a_work_pile() -> None:
    ace_of_clubs_declared = nl.Card.parse("X1=AC", owner=0).id
    assert ace_of_clubs_declared == DECLARED_BASE  # the lowest declared id
    assert pile_problem((ace_of_clubs_declared,)) == "a declared joker lies on a work pile"
    assert pile_problem((card_id("KS"), DECLARED_BASE + 51)) == (
        "a declared joker lies on a work pile"
    )


def test_pile_problem_honours_a_bound_joker() -> None:
    ten_s, joker = card_id("10S"), nl.Card.joker_of(0, 1).id
    nine_red, nine_black = 9 * 2 + 1, 9 * 2  # work-pile keys: rank * 2 + red
    assert pile_problem((ten_s, joker)) == ""
    assert pile_problem((ten_s, joker), (nine_red, -1)) == ""
    assert pile_problem((ten_s, joker), (nine_black, -1)) == (
        "10♠ 🃏1 builds down in no way its jokers allow"
    )


def test_source_refusals_name_the_pile_exactly() -> None:
    s = position(work={0: ["5D", "", "", "KS"]}, stock={})
    empty_nerts = rejection(s, "0:4S@N>P0")
    assert (empty_nerts.reason, empty_nerts.message) == (
        nl.Reason.EMPTY_SOURCE,
        "seat 0's Nerts pile is empty",
    )
    missing = rejection(s, "0:QH@P3>P0")
    assert (missing.reason, missing.message) == (
        nl.Reason.CARD_NOT_THERE,
        "Q♥ is not in seat 0's work pile 3",
    )


def test_only_a_work_pile_top_goes_to_a_foundation_and_the_refusal_says_so() -> None:
    s = position(foundations=["AH0.2H0.3H0"], work={0: ["4H.3S"]})
    got = rejection(s, "0:4H@P0>F0")
    assert (got.reason, got.message, got.move) == (
        nl.Reason.NOT_ON_TOP,
        "only the top card of a work pile may go to a foundation",
        move("0:4H@P0>F0"),
    )


def test_a_mandatory_fill_refusal_names_the_move() -> None:
    s = position("racing_demon", nerts={0: "9C"}, waste={0: "8H"}, work={0: ["9S", "", "KD", "QC"]})
    got = rejection(s, "0:8H@W>P0")
    assert (got.reason, got.message, got.move) == (
        nl.Reason.SPACE_MUST_BE_FILLED,
        "seat 0 must first fill its empty work pile from its Nerts pile",
        move("0:8H@W>P0"),
    )


def exact(state: nl.GameState, text: str) -> tuple[nl.Reason, str, nl.Move | None]:
    got = rejection(state, text)
    return got.reason, got.message, got.move


def test_slide_under_refusals_are_exact() -> None:
    always = nl.Variant(slide_under="always")
    s = position(always, nerts={0: "KC"}, work={0: ["QD.JS", "", "10S", "JD"]})
    assert exact(s, "0:QD@P0>U2") == (
        nl.Reason.NOT_ON_TOP,
        "only the top card of a work pile may slide under",
        move("0:QD@P0>U2"),
    )
    assert exact(s, "0:KC@N>U1") == (
        nl.Reason.DOES_NOT_FIT,
        "work pile 1 is empty: there is nothing to slide under",
        move("0:KC@N>U1"),
    )
    assert exact(s, "0:KC@N>U2") == (
        nl.Reason.DOES_NOT_FIT,
        "K♣ cannot slide under 10♠",
        move("0:KC@N>U2"),
    )
    klondike = nl.Variant(work_pile_layout="klondike", slide_under="always")
    k = position(klondike, nerts={0: "KC"}, work={0: ["", "9H~QD"]})
    assert exact(k, "0:KC@N>U1") == (
        nl.Reason.DOES_NOT_FIT,
        "work pile 1 has face-down cards: nothing can slide under it",
        move("0:KC@N>U1"),
    )


def test_a_space_rule_refusal_names_the_move() -> None:
    s = position(nl.Variant(space_fill="king_only"), nerts={0: "QC"}, work={0: ["", "KS"]})
    assert exact(s, "0:QC@N>P0") == (
        nl.Reason.SPACE_RULE,
        "space_fill='king_only' does not let Q♣ fill a space",
        move("0:QC@N>P0"),
    )


def test_when_blocked_the_call_alone_is_not_a_play_that_blocks_the_stock() -> None:
    s = position(nl.Variant(stock_access="when_blocked"), work={0: ["KS", "KH", "KD", "KC"]})
    assert nl.legal_moves(s, 0) == (move("0:nerts"), move("0:turn"))


def test_every_refusal_of_a_stock_or_call_move_is_exact() -> None:
    fresh = nl.deal("standard", seats=2, seed=1)
    assert exact(fresh, "5:turn") == (
        nl.Reason.NO_SUCH_SEAT,
        "seat 5 does not play in this 2-seat hand",
        move("5:turn"),
    )
    assert exact(fresh, "1:nerts") == (
        nl.Reason.NERTS_NOT_EMPTY,
        "seat 1 still has 13 card(s) in its Nerts pile",
        move("1:nerts"),
    )
    assert exact(fresh, "0:restock") == (
        nl.Reason.STOCK_NOT_EMPTY,
        "seat 0 still has 35 stock card(s)",
        move("0:restock"),
    )
    assert exact(fresh, "0:rotate") == (
        nl.Reason.NOT_STUCK,
        "seat 0 is not stuck",
        move("0:rotate"),
    )
    auto = position(nl.Variant(call_mode="auto"), nerts={0: "KS"})
    assert exact(auto, "0:nerts") == (
        nl.Reason.CALL_NOT_ALLOWED,
        "call_mode='auto' ends the hand by itself",
        move("0:nerts"),
    )
    spent = position(nl.Variant(max_stock_passes=0), nerts={0: "KS"}, work={0: ["KH"]})
    spent = nl.GameState.from_nfen(spent.to_nfen())
    lay = spent.seats[0]
    while len(lay.stock):
        spent = nl.apply(spent, move("0:turn"))
        lay = spent.seats[0]
    assert exact(spent, "0:turn") == (
        nl.Reason.STOCK_EMPTY,
        "seat 0's stock is empty: restock first",
        move("0:turn"),
    )
    assert exact(spent, "0:rotate") == (
        nl.Reason.STOCK_EMPTY,
        "seat 0's stock is empty",
        move("0:rotate"),
    )
    assert exact(spent, "0:restock") == (
        nl.Reason.PASS_LIMIT,
        "seat 0 has turned its waste over 0 time(s), the limit",
        move("0:restock"),
    )
    complete = [".".join(f"{r}{s}0" for r in RANK_CODES) for s in "CDH"]
    no_deck = position(foundations=complete, nerts={0: ".".join(f"{r}S" for r in RANK_CODES)})
    assert (no_deck.seats[0].stock, no_deck.seats[0].waste) == ((), ())
    assert exact(no_deck, "0:restock") == (
        nl.Reason.WASTE_EMPTY,
        "seat 0's waste is empty",
        move("0:restock"),
    )
    racing = position("racing_demon", nerts={0: "9C"}, work={0: ["9S", "", "KD", "QC"]})
    assert exact(racing, "0:turn") == (
        nl.Reason.SPACE_MUST_BE_FILLED,
        "seat 0 must first fill its empty work pile from its Nerts pile",
        move("0:turn"),
    )
    blocked = position(nl.Variant(stock_access="when_blocked"), nerts={0: "AS"})
    assert exact(blocked, "0:turn") == (
        nl.Reason.STOCK_BLOCKED,
        "seat 0 has a play available: stock_access='when_blocked'",
        move("0:turn"),
    )


def test_when_blocked_an_ace_that_cannot_start_a_foundation_does_not_block_the_stock() -> None:
    # One foundation per suit, and seat 1 started the spades: seat 0's A♠ has no play, so
    # seat 0 has none and may turn its stock.
    v = nl.Variant(foundation_limit="one_per_suit", stock_access="when_blocked")
    s = position(
        v, seats=2, nerts={0: "AS"}, work={0: ["KS", "KH", "KD", "KC"]}, foundations=["AS1"]
    )
    assert nl.legal_moves(s, 0) == (move("0:turn"),)
    free = position(v, seats=2, nerts={0: "AS"}, work={0: ["KS", "KH", "KD", "KC"]})
    assert nl.legal_moves(free, 0) == (move("0:AS@N>F+"),)  # no spades yet: it plays
