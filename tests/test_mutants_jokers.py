"""Behaviour pinned after mutation testing: stuck detection and refusals with jokers.

Each test pins what a surviving mutant changed (see "Mutation testing" in docs/verification.md).
"""

from __future__ import annotations

import nertslib as nl
from tests.helpers import move, position
from tests.test_stuck import brute_force_stuck

JOKERS = nl.Variant(jokers_per_deck=1)
# Every Ace, the black Fives, both red Queens and both black Queens buried in the Nerts pile
# under a 10C that fits nowhere: only the joker can ever make progress.
BURIED = "AC.AD.AH.AS.6H.5C.5S.QH.QD.QC.QS.10C"


def test_a_joker_held_to_the_card_a_foundation_needs_unsticks_the_seat() -> None:
    # Also buried: every Jack and the 6D, so that moving the joker onto a King (where it
    # becomes a Queen) or uncovering the 7S gives no other play.
    s = position(
        nl.Variant(jokers_per_deck=1, nerts_pile_size=20),
        foundations=["AH0.2H0.3H0.4H0.5H0"],
        nerts={0: "AC.AD.AS.6H.6D.5C.5S.JC.JD.JH.JS.QH.QD.QC.QS.10C"},
        work={0: ["7S.X1", "KC", "KD", "KS"]},
    )
    assert nl.legal_moves(s, 0)[0] == move("0:X1=6H@P0>F0")
    assert brute_force_stuck(s, 0) is False
    assert nl.is_stuck(s, 0) is False


def test_a_joker_lying_on_a_two_starts_a_foundation_as_any_ace() -> None:
    # The 2♠ beneath fixes nothing (rules.md §9): the joker goes up as any Ace.
    s = position(JOKERS, nerts={0: BURIED}, work={0: ["2S.X1", "KC", "KD", "KS"]})
    assert [str(m) for m in nl.legal_moves(s, 0)][:4] == [
        "0:X1=AC@P0>F+",
        "0:X1=AD@P0>F+",
        "0:X1=AH@P0>F+",
        "0:X1=AS@P0>F+",
    ]
    assert brute_force_stuck(s, 0) is False
    assert nl.is_stuck(s, 0) is False


def test_a_waste_joker_may_not_fill_a_space_kept_for_the_nerts_pile() -> None:
    v = nl.Variant(jokers_per_deck=1, space_fill="nerts_only")
    s = position(v, nerts={0: "5S"}, waste={0: "X1"}, work={0: ["KC", "", "KD", "KS"]})
    rejection = nl.check(s, move("0:X1@W>P1"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.SPACE_RULE


def test_a_missing_source_pile_names_the_piles_that_exist() -> None:
    s = position("standard", nerts={0: "5S"}, work={0: ["KC", "KD", "KH", "KS"]})
    rejection = nl.check(s, move("0:KC@P7>F+"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.NO_SUCH_PILE
    assert rejection.message == "seat 0 has no work pile 7 (0..3)"


TWO_JOKERS = nl.Variant(jokers_per_deck=2, slide_under="always")


def refused(state: nl.GameState, text: str) -> nl.Rejection:
    rejection = nl.check(state, move(text))
    assert rejection is not None
    assert rejection.move == move(text)
    return rejection


def test_a_raw_joker_offered_to_a_foundation_must_be_declared() -> None:
    s = position(TWO_JOKERS, work={0: ["X1", "KC", "KD", "KS"]})
    got = refused(s, "0:X1@P0>F+")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == ("declare 🃏1 as a card before it goes to a foundation (e.g. X1=6H)")


def test_a_declaration_must_fit_what_a_card_played_onto_the_joker_fixed() -> None:
    free = position(
        TWO_JOKERS, foundations=["AH0.2H0.3H0.4H0.5H0.6H0.7H0.8H0"], work={0: ["10H.X1"]}
    )
    assert nl.check(free, move("0:X1=9H@P0>F0")) is None  # the 10♥ beneath fixes nothing
    # bound as a black 9 (a card once lay on it): it goes up only as a black 9
    s = nl.GameState.from_nfen(free.to_nfen().replace("10H.X1", "10H.X1(b9)"))
    got = refused(s, "0:X1=9H@P0>F0")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == "🃏1=9♥ does not fit the rank and colour a card played onto it fixed"


def test_a_bound_joker_fits_onto_or_under_another_only_as_its_bound_card() -> None:
    # X2 lies on the 6♥, bound as a black 5 (a card lay on it). It would have to be a red 8
    # on X1, a black 9 on the 10♥; and a black 10 under X1, a red 9 under the 8♣. Free, it
    # may go either way.
    def with_x2(work: list[str], binding: str) -> nl.GameState:
        nfen = position(TWO_JOKERS, work={0: work}).to_nfen()
        return nl.GameState.from_nfen(nfen.replace("6H.X2", f"6H.X2{binding}"))

    onto, under = ["10H.X1", "6H.X2"], ["X1.8C", "6H.X2"]
    got = refused(with_x2(onto, "(b5)"), "0:X2@P1>P0")
    assert got.reason is nl.Reason.DOES_NOT_FIT
    assert got.message == "🃏2 does not build down on 🃏1 (one lower, other colour)"
    got = refused(with_x2(under, "(b5)"), "0:X2@P1>U0")
    assert got.reason is nl.Reason.DOES_NOT_FIT
    assert got.message == "🃏2 cannot slide under 🃏1"
    assert nl.check(with_x2(onto, ""), move("0:X2@P1>P0")) is None
    assert nl.check(with_x2(under, ""), move("0:X2@P1>U0")) is None


def test_a_raw_joker_offered_to_a_started_foundation_must_be_declared() -> None:
    # The clubs foundation holds the 2♣, whose foundation key is 2: the raw joker must not
    # look like a card that lost its race to it.
    s = position(TWO_JOKERS, foundations=["AC0.2C0.3C0"], nerts={0: "X1"})
    got = refused(s, "0:X1@N>F0")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == "declare 🃏1 as a card before it goes to a foundation (e.g. X1=6H)"
