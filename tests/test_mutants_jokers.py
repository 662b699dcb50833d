"""Behaviour pinned after mutation testing: stuck detection and refusals with jokers.

Each test pins what a surviving mutant changed (see docs/mutation-survivors.md).
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


def test_a_joker_held_to_an_ace_may_start_a_foundation() -> None:
    s = position(JOKERS, nerts={0: BURIED}, work={0: ["2S.X1", "KC", "KD", "KS"]})
    assert [str(m) for m in nl.legal_moves(s, 0)][:2] == ["0:X1=AD@P0>F+", "0:X1=AH@P0>F+"]
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
