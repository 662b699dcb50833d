"""Scenario tests written from the rule texts (seeds 000-003, rules.md) and every Reason."""

from __future__ import annotations

import pytest

import nertslib as nl
from tests.helpers import move, moves_text, position


def test_work_piles_build_down_in_alternating_colours() -> None:
    # "black 10, red 9, black 8 ..."
    s = position(nerts={0: "8C.9H"}, work={0: ["10S"]})
    s = nl.apply(s, move("0:9H@N>P0"))
    assert s.seats[0].work_piles[0] == (nl.Card.parse("10S"), nl.Card.parse("9H"))
    s = nl.apply(s, move("0:8C@N>P0"))
    assert [c.code for c in s.seats[0].work_piles[0]] == ["10S", "9H", "8C"]


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("9S", "does not build down on 10♠"),  # same colour
        ("8H", "does not build down on 10♠"),  # two lower
        ("JH", "does not build down on 10♠"),  # higher
    ],
)
def test_work_pile_rejects_wrong_rank_or_colour(card: str, reason: str) -> None:
    s = position(nerts={0: card}, work={0: ["10S"]})
    rejection = nl.check(s, move(f"0:{card}@N>P0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.DOES_NOT_FIT
    assert reason in rejection.message


def test_red_king_slides_under_black_queen_pile_while_a_space_is_empty() -> None:
    s = position(nerts={0: "KH"}, work={0: ["QS.JD", "", "5C", "7D"]})
    assert "0:KH@N>U0" in moves_text(s, 0)
    after = nl.apply(s, move("0:KH@N>U0"))
    assert [c.code for c in after.seats[0].work_piles[0]] == ["KH", "QS", "JD"]
    assert after.seats[0].work_piles[1] == ()  # the space stays empty


def test_slide_under_needs_a_space_in_the_standard_game() -> None:
    s = position(nerts={0: "KH"}, work={0: ["QS", "2C", "5C", "7D"]})
    assert "0:KH@N>U0" not in moves_text(s, 0)
    rejection = nl.check(s, move("0:KH@N>U0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.SLIDE_UNDER_RULE


def test_slide_under_from_waste_and_from_another_work_pile() -> None:
    s = position(waste={0: "KD"}, work={0: ["QC", "", "KH", "4C"]}, nerts={0: "2S"})
    legal = moves_text(s, 0)
    assert "0:KD@W>U0" in legal
    assert "0:KH@P2>U0" in legal
    after = nl.apply(s, move("0:KH@P2>U0"))
    assert [c.code for c in after.seats[0].work_piles[0]] == ["KH", "QC"]
    assert after.seats[0].work_piles[2] == ()


def test_any_suffix_moves_with_everything_above_it() -> None:
    s = position(work={0: ["10S.9H.8C.7D", "10D", "", "2C"]}, nerts={0: "3S"})
    legal = moves_text(s, 0)
    assert "0:9H@P0>P1" not in legal  # same colour as 10D
    s2 = position(work={0: ["10S.9H.8C.7D", "9D", "2H", "2C"]}, nerts={0: "3S"})
    assert "0:8C@P0>P1" in moves_text(s2, 0)
    after = nl.apply(s2, move("0:8C@P0>P1"))
    assert [c.code for c in after.seats[0].work_piles[1]] == ["9D", "8C", "7D"]
    assert [c.code for c in after.seats[0].work_piles[0]] == ["10S", "9H"]
    # into a space: any suffix, including the whole pile
    for card in ("10S", "9H", "8C", "7D"):
        assert f"0:{card}@P0>P2" in legal


def test_foundations_start_with_an_ace_and_build_by_suit() -> None:
    s = position(seats=2, nerts={0: "2H.AH", 1: "3H.2S"})
    assert moves_text(s, 0)[0] == "0:AH@N>F+"
    s = nl.apply(s, move("0:AH@N>F+"))
    assert s.foundations == ((nl.Card.parse("AH", 0),),)
    s = nl.apply(s, move("0:2H@N>F0"))
    rejection = nl.check(s, move("1:2S@N>F0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert rejection.message == "foundation 0 needs 3♥; 2♠ offered"
    not_ace = nl.check(s, move("1:2S@N>F+"))
    assert not_ace is not None
    assert not_ace.reason is nl.Reason.NOT_AN_ACE


def test_any_seat_builds_on_any_foundation_and_cards_keep_their_owner() -> None:
    s = position(seats=2, nerts={0: "AH", 1: "2H"})
    s = nl.apply(s, move("0:AH@N>F+"))
    s = nl.apply(s, move("1:2H@N>F0"))
    assert [(c.owner, c.code) for c in s.foundations[0]] == [(0, "AH"), (1, "2H")]


def test_a_completed_foundation_is_set_aside_keeps_its_index_and_still_scores() -> None:
    pile = ".".join(f"{r}S0" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"])
    s = position(seats=1, nerts={0: "AD.KS"}, foundations=[pile])
    s = nl.apply(s, move("0:KS@N>F0"))
    assert len(s.foundations[0]) == 13
    s = nl.apply(s, move("0:AD@N>F+"))
    assert s.foundations[1][0].code == "AD"  # appended: index 0 is kept
    assert nl.hand_scores(s) == (14,)
    full = nl.check(position(nerts={0: "KH"}, foundations=[pile + ".KS0"]), move("0:KH@N>F0"))
    assert full is not None
    assert full.reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert "complete" in full.message


def test_race_lost_is_its_own_reason() -> None:
    s = position(seats=2, nerts={0: "2H", 1: "2H"}, foundations=["AH0"])
    mine, theirs = move("0:2H@N>F0"), move("1:2H@N>F0")
    assert nl.is_legal(s, mine)
    assert nl.is_legal(s, theirs)
    s = nl.apply(s, theirs)
    with pytest.raises(nl.RaceLostError) as info:
        nl.apply(s, mine)
    assert info.value.reason is nl.Reason.RACE_LOST
    assert info.value.seat == 0
    assert info.value.move == mine
    assert isinstance(info.value, nl.IllegalMoveError)
    assert isinstance(info.value, ValueError)


def test_tie_is_a_lost_race_even_under_both_keep() -> None:
    v = nl.Variant(tie_policy="both_keep")
    s = position(v, seats=2, nerts={0: "2C", 1: "2C"}, foundations=["AC0"])
    s = nl.apply(s, move("1:2C@N>F0"))
    rejection = nl.check(s, move("0:2C@N>F0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.RACE_LOST


def test_two_aces_of_one_suit_both_start_foundations() -> None:
    s = position(seats=2, nerts={0: "AC", 1: "AC"})
    s = nl.apply(nl.apply(s, move("0:AC@N>F+")), move("1:AC@N>F+"))
    assert [[c.owner for c in p] for p in s.foundations] == [[0], [1]]


def test_stock_turns_three_and_the_third_card_ends_on_top() -> None:
    s = position(stock={0: "9C.8D.7S"}, nerts={0: "2H"}, work={0: ["KS"]})
    s = nl.apply(s, move("0:turn"))
    # the stock's top three were 7S, 8D, 9C (7S on top); the third turned, 9C, is on top
    assert [c.code for c in s.seats[0].waste] == ["7S", "8D", "9C"]
    assert s.seats[0].waste_top == nl.Card.parse("9C")


def test_fewer_than_three_cards_go_to_the_discard_pile_and_the_deck_is_turned_over() -> None:
    # Seeds 000-003: "when your stock is almost exhausted (fewer than three cards), put the
    # remaining cards on the discard pile, turn the deck over and go on with the new stock"
    s = position(nerts={0: "2H"}, work={0: ["KS", "QS", "JS", "10S"]})
    assert s.variant.stock_remainder == "flip_immediately"
    lay = s.seats[0]
    assert len(lay.stock) == 47
    for _ in range(15):
        s = nl.apply(s, move("0:turn"))
    assert (len(s.seats[0].stock), len(s.seats[0].waste)) == (2, 45)
    s = nl.apply(s, move("0:turn"))  # the last two onto the waste, and the deck turned over
    assert s.seats[0].stock == lay.stock  # the new stock, in the dealt order
    assert (s.seats[0].waste, s.seats[0].passes) == ((), 1)
    assert "0:restock" not in moves_text(s, 0)


def test_stock_remainder_and_restock_with_the_partial_turn_house_rule() -> None:
    house = nl.Variant(stock_remainder="partial_turn")
    s = position(house, nerts={0: "2H"}, work={0: ["KS", "QS", "JS", "10S"]})
    lay = s.seats[0]
    assert len(lay.stock) == 47
    for _ in range(15):
        s = nl.apply(s, move("0:turn"))
    assert len(s.seats[0].stock) == 2
    s = nl.apply(s, move("0:turn"))  # partial turn of the last two
    assert len(s.seats[0].stock) == 0
    assert len(s.seats[0].waste) == 47
    assert nl.check(s, move("0:turn")).reason is nl.Reason.STOCK_EMPTY  # type: ignore[union-attr]
    s2 = nl.apply(s, move("0:restock"))
    assert s2.seats[0].stock == lay.stock  # order restored
    assert s2.seats[0].passes == 1


def test_calling_nerts_ends_the_hand_and_later_moves_are_rejected() -> None:
    s = position(seats=2, nerts={1: "5D"}, work={0: ["4C"]})
    assert moves_text(s, 0)[0] == "0:nerts"
    s = nl.apply(s, move("0:nerts"))
    assert nl.is_over(s)
    assert nl.legal_moves(s, 1) == ()
    rejection = nl.check(s, move("1:turn"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.HAND_OVER
    result = nl.outcome(s)
    assert result == nl.Outcome(nl.EndReason.NERTS, 0, (0, -2))


def test_scoring_plus_one_per_foundation_card_minus_two_per_nerts_card() -> None:
    s = position(
        seats=2,
        nerts={0: "9C.8C", 1: "5D.6D.7D"},
        foundations=["AH0.2H1.3H0", "AS1"],
    )
    assert nl.hand_scores(s) == (2 - 4, 2 - 6)


def test_call_mode_auto_ends_the_hand_on_the_last_nerts_card_with_the_bonus() -> None:
    s = position("nna", seats=2, nerts={0: "AS"})
    assert "0:nerts" not in moves_text(s, 0)
    assert nl.check(s, move("0:nerts")).reason is nl.Reason.CALL_NOT_ALLOWED  # type: ignore[union-attr]
    s = nl.apply(s, move("0:AS@N>F+"))
    assert nl.outcome(s) == nl.Outcome(nl.EndReason.NERTS, 0, (1 + 10, 0))


def test_nna_stream_only_when_blocked() -> None:
    s = position("nna", seats=1, nerts={0: "AS.5C"}, work={0: ["6H"]})
    legal = moves_text(s, 0)
    assert "0:turn" not in legal
    assert nl.check(s, move("0:turn")).reason is nl.Reason.STOCK_BLOCKED  # type: ignore[union-attr]
    blocked = position("nna", seats=1, nerts={0: "AS.5C"}, work={0: ["9H", "9D", "8S", "KC"]})
    assert "0:turn" in moves_text(blocked, 0)


def test_every_rejection_reason_for_card_moves() -> None:
    s = position(
        seats=2,
        nerts={0: "QH.4S"},
        work={0: ["9C.8H", "5D", "KC", "3C"]},
        waste={0: "2D"},
        foundations=["AS1"],
    )
    cases = {
        "0:5S@N>F0": nl.Reason.CARD_NOT_THERE,
        "0:4S@N>P4": nl.Reason.NO_SUCH_PILE,
        "0:4S@N>F1": nl.Reason.NO_SUCH_PILE,
        "0:9C@P0>F0": nl.Reason.NOT_ON_TOP,
        "0:9C@P0>P0": nl.Reason.SAME_PILE,
        "0:4S@N>P2": nl.Reason.DOES_NOT_FIT,
        "0:4S@N>U1": nl.Reason.SLIDE_UNDER_RULE,
        "0:2D@W>F0": nl.Reason.WRONG_FOUNDATION_CARD,
        "0:2D@W>F+": nl.Reason.NOT_AN_ACE,
        "0:3C@W>P1": nl.Reason.CARD_NOT_THERE,
        "0:8H@P5>P1": nl.Reason.NO_SUCH_PILE,
        "0:8H@P1>P2": nl.Reason.CARD_NOT_THERE,
        "0:restock": nl.Reason.STOCK_NOT_EMPTY,
        "0:rotate": nl.Reason.NOT_STUCK,
        "0:nerts": nl.Reason.NERTS_NOT_EMPTY,
    }
    for text, reason in cases.items():
        rejection = nl.check(s, move(text))
        assert rejection is not None, text
        assert rejection.reason is reason, (text, rejection)
        with pytest.raises(nl.IllegalMoveError):
            nl.apply(s, move(text))
    assert nl.check(s, move("0:4S@N>P1")) is None  # 4S on 5D


def test_empty_sources_are_reported() -> None:
    s = position(seats=1, work={0: ["5D", "", "", ""]}, stock={})
    assert nl.check(s, move("0:4S@N>P0")).reason is nl.Reason.EMPTY_SOURCE  # type: ignore[union-attr]
    assert nl.check(s, move("0:4S@W>P0")).reason is nl.Reason.EMPTY_SOURCE  # type: ignore[union-attr]
    assert nl.check(s, move("0:4S@P1>P0")).reason is nl.Reason.EMPTY_SOURCE  # type: ignore[union-attr]
    assert nl.check(s, move("0:restock")).reason is nl.Reason.STOCK_NOT_EMPTY  # type: ignore[union-attr]


def test_waste_empty_and_pass_limit() -> None:
    v = nl.Variant(max_stock_passes=1, stock_remainder="partial_turn")
    s = position(v, nerts={0: "2H"}, work={0: ["KS", "QS", "JS", "10S"]})
    for _ in range(16):
        s = nl.apply(s, move("0:turn"))
    s = nl.apply(s, move("0:restock"))
    for _ in range(16):
        s = nl.apply(s, move("0:turn"))
    rejection = nl.check(s, move("0:restock"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.PASS_LIMIT
    assert "0:restock" not in moves_text(s, 0)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    suits = [".".join(f"{r}{suit}0" for r in ranks) for suit in "CDH"]
    spades = ".".join(f"{r}S0" for r in ranks[:-1])
    bare = position(nerts={0: "KS"}, foundations=[*suits, spades])
    assert bare.seats[0].stock == bare.seats[0].waste == ()
    assert nl.check(bare, move("0:restock")).reason is nl.Reason.WASTE_EMPTY  # type: ignore[union-attr]
    assert nl.check(bare, move("0:turn")).reason is nl.Reason.STOCK_EMPTY  # type: ignore[union-attr]
    assert nl.check(bare, move("0:rotate")).reason is nl.Reason.STOCK_EMPTY  # type: ignore[union-attr]


def test_wrong_seat_is_a_rejection_and_a_value_error_for_legal_moves() -> None:
    s = nl.deal("standard", seats=2, seed=0)
    assert nl.check(s, move("3:turn")).reason is nl.Reason.NO_SUCH_SEAT  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="seat 2 does not play in this 2-seat hand"):
        nl.legal_moves(s, 2)
    with pytest.raises(ValueError, match="seat -1 does not play"):
        nl.legal_moves(s, -1)
    with pytest.raises(ValueError, match="not a Move"):
        nl.check(s, "0:turn")  # type: ignore[arg-type]


def test_a_move_from_another_state_is_card_not_there_and_changes_nothing() -> None:
    s = nl.deal("standard", seats=2, seed=3)
    other = nl.deal("standard", seats=2, seed=4)
    before = s.to_nfen()
    for m in nl.legal_moves(other, 0):
        if m.kind is nl.MoveKind.PLAY and not nl.is_legal(s, m):
            rejection = nl.check(s, m)
            assert rejection is not None
            assert rejection.reason in {nl.Reason.CARD_NOT_THERE, nl.Reason.DOES_NOT_FIT}
    assert s.to_nfen() == before
