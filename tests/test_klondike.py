"""The Klondike work-pile layout of Pounce (rules.md §11 ``work_pile_layout="klondike"``).

Pile ``i`` is dealt ``i + 1`` cards, all face down but the top; a face-down card turns up when
the cards on it leave; face-down cards can be neither moved nor named, and nothing slides
under them. The ``pounce`` preset adds King-only spaces, five piles and a 9-card Nerts pile.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import stuck
from nertslib.bots import planning
from nertslib.state import Layout
from nertslib.testing import clear_caches, random_sim_test, state_problems
from tests.helpers import count_calls, move, moves_text, position
from tests.strategies import examples
from tests.test_stuck import brute_force_stuck

KLONDIKE = nl.Variant(work_pile_layout="klondike")
POUNCE = nl.variants.get("pounce")


def test_pounce_preset_fields() -> None:
    assert (
        nl.Variant(
            work_pile_layout="klondike", work_piles=5, nerts_pile_size=9, space_fill="king_only"
        )
        == POUNCE
    )
    assert nl.variants.get("klondike") is POUNCE
    assert POUNCE.to_spec() == "pounce"


def test_deal_gives_piles_of_one_to_n_cards_face_down_below_the_top() -> None:
    state = nl.deal("pounce", seats=2, seed=1)
    lay = state.seats[0]
    assert [len(p) for p in lay.work_piles] == [1, 2, 3, 4, 5]
    assert lay.face_down_counts == (0, 1, 2, 3, 4)
    assert [len(p) for p in lay.work] == [1, 1, 1, 1, 1]
    assert len(lay.nerts_pile) == 9
    assert len(lay.stock) == 52 - 15 - 9
    # pile i takes the next i + 1 cards of the shuffled deck, the last one face up
    deck = nl.deal("pounce", seats=2, seed=1)
    assert deck == state
    assert state_problems(state) == []
    assert state.to_nfen().split()[2].split("|")[2] == "7S~AH"
    assert nl.GameState.from_nfen(state.to_nfen()) == state


def test_single_layout_deal_is_unchanged_by_the_klondike_code() -> None:
    lay = nl.deal("standard", seats=1, seed=3).seats[0]
    assert lay.down == ()
    assert lay.face_down_counts == (0, 0, 0, 0)


def test_playing_the_top_turns_the_next_card_up() -> None:
    # (pile i is dealt i face-down cards: the face-down cards lie in the last piles here)
    s = position(KLONDIKE, foundations=["AH0"], work={0: ["", "5S", "", "KC.9D~2H"]})
    after = nl.apply(s, move("0:2H@P3>F0"))
    lay = after.seats[0]
    assert lay.work[3] == (s.seats[0].down[3][-1],)
    assert [c.code for c in lay.work_piles[3]] == ["KC", "9D"]
    assert lay.face_down_counts == (0, 0, 0, 1)
    # the last face-down card turns up too, and the layout then has none at all
    s2 = position(KLONDIKE, foundations=["AH0"], work={0: ["", "5S", "", "9D~2H"]})
    lay2 = nl.apply(s2, move("0:2H@P3>F0")).seats[0]
    assert lay2.down == ()
    assert [c.code for c in lay2.work_piles[3]] == ["9D"]


def test_moving_a_stack_turns_the_card_under_it_up() -> None:
    s = position(KLONDIKE, work={0: ["", "10C", "4H", "3C~9D.8S"]})
    after = nl.apply(s, move("0:9D@P3>P1"))
    assert [[c.code for c in p] for p in after.seats[0].work_piles] == [
        [],
        ["10C", "9D", "8S"],
        ["4H"],
        ["3C"],
    ]
    assert after.seats[0].down == ()
    # moving only part of the face-up cards turns nothing up
    s2 = position(KLONDIKE, work={0: ["", "9H", "4H", "3C~9D.8S"]})
    after2 = nl.apply(s2, move("0:8S@P3>P1"))
    assert after2.seats[0].face_down_counts == (0, 0, 0, 1)
    assert [c.code for c in after2.seats[0].work_piles[3]] == ["3C", "9D"]


def test_face_down_cards_cannot_be_named_and_the_message_does_not_tell() -> None:
    s = position(KLONDIKE, foundations=["AC0.2C0"], work={0: ["", "", "", "3C.9H~KD"]})
    hidden = nl.check(s, move("0:3C@P3>F0"))
    absent = nl.check(s, move("0:5S@P3>F0"))
    assert hidden is not None
    assert absent is not None
    assert hidden.reason is absent.reason is nl.Reason.CARD_NOT_THERE
    assert hidden.message == "3♣ is not face up in seat 0's work pile 3"
    assert absent.message == "5♠ is not face up in seat 0's work pile 3"
    assert "0:3C@P3>F0" not in moves_text(s, 0)


def test_nothing_slides_under_a_pile_with_face_down_cards() -> None:
    s = position(KLONDIKE, nerts={0: "KS"}, work={0: ["", "QH", "", "4H~QD"]})
    moves = moves_text(s, 0)
    assert "0:KS@N>U1" in moves
    assert "0:KS@N>U3" not in moves
    rejection = nl.check(s, move("0:KS@N>U3"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.DOES_NOT_FIT
    assert rejection.message == "work pile 3 has face-down cards: nothing can slide under it"
    # between work piles too: the black King on pile 0 may go under pile 1 only
    s2 = position(KLONDIKE, work={0: ["KC", "QH", "", "4H~QD"]})
    shuffles = [m for m in moves_text(s2, 0) if "@P0>U" in m]
    assert shuffles == ["0:KC@P0>U1"]


def test_pounce_spaces_take_kings_only_and_a_king_may_leave_face_down_cards() -> None:
    s = position(
        POUNCE, nerts={0: "QS"}, waste={0: "KH"}, work={0: ["9S", "", "7C", "8D", "2C.3D~KS.QH"]}
    )
    moves = moves_text(s, 0)
    assert "0:QS@N>P1" not in moves
    assert "0:KH@W>P1" in moves
    assert "0:KS@P4>P1" in moves
    assert "0:QH@P4>P1" not in moves
    after = nl.apply(s, move("0:KS@P4>P1"))
    piles = [[c.code for c in p] for p in after.seats[0].work_piles]
    assert (piles[1], piles[4]) == (["KS", "QH"], ["2C", "3D"])
    assert after.seats[0].face_down_counts == (0, 0, 0, 0, 1)
    rejection = nl.check(s, move("0:QS@N>P1"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.SPACE_RULE


def test_whole_pile_moves_count_the_face_up_part_as_the_pile() -> None:
    v = nl.Variant(work_pile_layout="klondike", work_pile_move="whole_pile")
    s = position(v, work={0: ["8C", "10C", "9H", "3C~9D.8S.7H"]})
    moves = moves_text(s, 0)
    assert "0:9D@P3>P1" in moves  # the whole face-up part
    assert "0:7H@P3>P0" in moves  # the top card
    assert "0:8S@P3>P2" not in moves  # a middle card


def test_stuck_detection_sees_progress_behind_face_down_cards() -> None:
    # The 2H lies face down under the 9D: moving the 9D onto the 10C turns it up, and it
    # plays on the foundation's Ace. Nothing else can ever move.
    s = position(
        KLONDIKE,
        foundations=["AH0"],
        nerts={0: "AC.AD.AS.QH.QD.QC.QS.5S"},
        work={0: ["KS", "10C", "KD", "2H~9D"]},
    )
    assert nl.is_stuck(s, 0) is False
    assert brute_force_stuck(s, 0) is False
    # the greedy bot cannot see the 2H: it chooses as with any other card face down there
    view = nl.view(s, 0)
    assert nl.greedy_bot(nl.view(s, 0), 0) == nl.greedy_bot(nl.view(nl.determinize(view, 3), 0), 0)
    # the same layout with the 10C elsewhere: the 9D cannot move, the 2H never shows
    t = position(
        KLONDIKE,
        foundations=["AH0"],
        nerts={0: "AC.AD.AS.QH.QD.QC.QS.10C.5S"},
        work={0: ["KS", "KH", "KD", "2H~9D"]},
        stock={0: "3H"},
    )
    assert brute_force_stuck(t, 0) is True
    assert nl.is_stuck(t, 0) is True
    assert "0:rotate" in moves_text(t, 0)


def test_klondike_variant_checks_the_deck_is_large_enough() -> None:
    with pytest.raises(ValueError, match=r"^Variant.work_pile_layout='klondike'") as info:
        nl.Variant(work_pile_layout="klondike", work_piles=8, nerts_pile_size=26)
    assert str(info.value) == (
        "Variant.work_pile_layout='klondike' with 8 work piles and a 26-card Nerts pile "
        "deals 62 cards; a deck has 52"
    )
    big = nl.Variant(work_pile_layout="klondike", work_piles=8, nerts_pile_size=16)
    assert len(nl.deal(big, seats=1).seats[0].stock) == 0
    # by seat count: at most 6 piles, 21 cards, so every Nerts pile size fits
    v = nl.Variant(work_pile_layout="klondike", work_piles="by_seat_count", nerts_pile_size=26)
    assert [len(p) for p in nl.deal(v, seats=1).seats[0].work_piles] == [1, 2, 3, 4, 5, 6]
    assert len(nl.deal(v, seats=1).seats[0].stock) == 52 - 21 - 26


def test_nfen_rejects_misplaced_face_down_cards() -> None:
    good = position(KLONDIKE, work={0: ["", "", "", "3C~9D"]}).to_nfen()
    assert "3C~9D" in good
    with pytest.raises(nl.NFENError, match="face-down work cards outside the Klondike layout"):
        nl.GameState.from_nfen(good.replace("standard,work_pile_layout=klondike", "standard"))
    with pytest.raises(nl.NFENError, match="work pile 3 has face-down cards but no top"):
        nl.GameState.from_nfen(good.replace("3C~9D", "3C.9D~-"))
    # pile i is dealt i face-down cards, and none are ever added
    with pytest.raises(nl.NFENError, match="work pile 0 has 1 face-down cards; the deal gives 0"):
        nl.GameState.from_nfen(good.replace("-|-|-|3C~9D", "3C~9D|-|-|-"))


def test_state_problems_names_face_down_faults() -> None:
    s = position(KLONDIKE, work={0: ["", "", "", "3C~9D"]})
    lay = s.seats[0]
    bare = Layout(
        0, lay.nerts, (*lay.work[:3], ()), lay.deck + lay.work[3], lay.cursor, 0, lay.down
    )
    # pile 3: a face-down 3C with nothing face up on it
    broken = nl.GameState(s.variant, (bare,), s.fnd, None, -1, False, 0, 0)
    assert "seat 0's work pile 3 has face-down cards but no face-up top" in state_problems(broken)
    empty_lists = Layout(0, lay.nerts, lay.work, lay.deck, lay.cursor, 0, ((),) * 4)
    odd = nl.GameState(s.variant, (empty_lists,), s.fnd, None, -1, False, 0, 0)
    problems = state_problems(odd)
    assert "seat 0's empty face-down lists are not written as ()" in problems


def test_render_shows_face_down_cards_as_hashes() -> None:
    s = position(KLONDIKE, work={0: ["", "", "3C.4D~9D"]}, nerts={0: "5S"})
    assert "work · | · | ## ## 9♦ | ·" in str(s)


@examples(25, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_pounce_hands_keep_every_invariant(seed: int, seats: int) -> None:
    report = random_sim_test(POUNCE, hands=1, seats=seats, seed=seed)
    assert report.hands == 1
    assert len(report.endings) == 1


# A reachable position (found by random play in a variant with eight Klondike piles) where
# summarising every configuration seat 0's piles reach means 241 781 of them: moving the 7S
# onto the 8H makes a space for the Nerts top, and the search stops there.
_MANY_CONFIGURATIONS = (
    "standard,nerts_pile_size=16,work_piles=8,work_pile_layout=klondike,"
    "space_fill_mandatory=true,slide_under=always,foundation_build=by_seat_count,stock_turn=1,"
    "call_mode=auto,caller_bonus=2,nerts_penalty=-2,king_bonus=-1,target_score=202,"
    "jokers_per_deck=1,joker_binding=while_covered "
    "AH1.2S1.3C0.4C1.5S1.6D1.7C1.8C0.X1=9C0.10S0.JD0.QD1.KC0/"
    "AD0.2C0.3C1.4H0.5C1.6C1.7H0.8C1.9C0.10D0.JS0.QC0.KD1/AC0.2D1.3S0/AS0.2S0/AD1.2H1/AH0 "
    "3D.10H.KD|5D|7S|4S.KS~7D|6H.8D.6S~5H|8H|9S.4D.6C.JC.QD~QH|KH.9H.2H~QS.JH.10C.9D.8S|"
    "2D.7C.5S.3H.6D.4C~5C|-|-|0 "
    "JS.9S.X1.9C.3S|4H|KC|10H|10D.6H.8H~KS|QC.10S.10C.3H~8S.7D|QH.9D.7S.4S~AC|"
    "JH.9H.JC.2C.7H~6S.5D|KH.3D.AS.5H.8D.4D~QS.JD|-|-|0 play r0 s475028"
)


def test_face_down_searches_stop_at_the_first_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_caches()
    state = nl.GameState.from_nfen(_MANY_CONFIGURATIONS)
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    assert nl.is_stuck(state, 0) is False
    assert len(searched) <= 3  # the start, the 7S moved, and the space found
    assert nl.Move.rotate(0) not in nl.legal_moves(state, 0)
    searched.clear()
    assert nl.greedy_bot(nl.view(state, 0), 0) == move("0:7S@P1>P4")
    assert len(searched) <= 20


def test_face_down_searches_take_the_moves_that_turn_a_card_up_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 shows no waste top ever (two stock cards, three turned, the remainder flipped
    # back) and has no Nerts card: only a work top can go up, and the AS lies under the 2S
    # under 6C.5D.4C. Searched in move order, 33 175 configurations came before it.
    clear_caches()
    state = nl.GameState.from_nfen(
        "standard,work_piles=8,work_pile_layout=klondike,stock_remainder=flip_immediately,"
        "stock_access=when_blocked,caller_bonus=-1,nerts_penalty=-3,target_score=9 "
        "AH1/AD0.2D1.3D1 "
        "4C.6H.10S.8D.2S.9S.3S.3H.AS.2H.JD.7C|7H|3C.2D|KH.6D~9D|4D.10C.9H~QH|5C.6C.AC.6S~5H.4S|"
        "10D.KS.5D.AH.KC~7D|2C.JC.8S.8C.JS.QD~8H.7S|3D.4H.KD.5S.9C~QC.JH|QS.10H|-|43 "
        "-|KS.QD.JS.10H|9C.8H.7C.6D.5S|JH.10C.9H.8C.7H.6S|-|2C.2H.AS.2S~6C.5D.4C|"
        "3H.6H.AC.3C~QH.JC.10D.9S.8D.7S|4H.4S~KH.QS.JD.10S.9D.8S.7D|KC.5H.4D.QC.KD~3S|5C.AD|-|1 "
        "play r0 s0"
    )
    assert stuck.waste_tops(state.layouts[1], state.ctx) == frozenset()
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    assert nl.is_stuck(state, 1) is False
    assert len(searched) < 100


def test_a_seat_none_of_whose_cards_can_go_up_is_stuck_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One foundation per suit, every suit started: no Ace can start one, and every foundation
    # is complete. Seat 0 has no Nerts card and no stock: nothing can ever go up. Its piles
    # reach 441 889 configurations (49 s to search them all); none is needed.
    clear_caches()
    state = nl.GameState.from_nfen(
        "standard,nerts_pile_face_up=true,work_piles=8,work_pile_layout=klondike,"
        "slide_under=always,foundation_build=any_suit,foundation_limit=one_per_suit,"
        "stock_turn=1,max_stock_passes=3,caller_bonus=10,nerts_penalty=0,king_bonus=-1,"
        "target_score=167,joker_binding=while_covered "
        "AD0.2D0.3C1.4S1.5S1.6C1.7H0.8H0.9D1.10C1.JH1.QS1.KC0/"
        "AH1.2C1.3D1.4C1.5D1.6D0.7D1.8S1.9C1.10H1.JD0.QC1.KD0/"
        "AS1.2S1.3H1.4H0.5H1.6S1.7C1.8H1.9S0.10C0.JD1.QC0.KH0/"
        "AC1.2D1.3D0.4D1.5S0.6C0.7S1.8D1.9D0.10D0.JC0.QD0.KD1 "
        "-|4D.3S|6H.5C|3C|5D.8D~7D.6S.5H.4S.3H.2C.AH|8S.7S~QH|2H.9C.8C~9H|KS.AC.7C~AS|"
        "JH.QS.2S.10S.JS.10H~4C|-|-|3 "
        "-|KC.QD.JC.10D.9S|6H.5C.4H|10S.9H|3S|AD|KS.QH.JS|KH.7H.2H~8C|6D|-|-|0 play r0 s5291"
    )
    assert nl.is_stuck(state, 0) is False  # its Nerts pile is empty: it may call
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    lay = state.layouts[0]  # stuck but for the call:
    assert stuck.progress_in_reach(state, lay, (), by_order=False) == (False, None)
    assert planning.plan_progress(state, 0) is None
    assert searched == []
