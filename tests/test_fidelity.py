"""The rule corrections of the fidelity audit (issue 23, points 1-6), pinned to the seed texts.

Points 1 (fewer than three cards) and 2 (cards in the air) have their scenarios in
``test_scenarios.py`` and ``test_table.py``; this module holds the rest and the presets.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.knobs import SpaceFill
from tests.helpers import move, moves_text, position
from tests.strategies import KNOBS, examples, states

# --- 1. fewer than three cards: the seeds' rule is the standard --------------------------------


@pytest.mark.parametrize("preset", nl.variants.names())
def test_every_preset_turns_the_deck_over_with_fewer_than_three_cards(preset: str) -> None:
    assert nl.variants.get(preset).stock_remainder == "flip_immediately"
    assert nl.Variant().stock_remainder == "flip_immediately"


# --- 3. a seat that can call Nerts is not stuck -----------------------------------------------


def callable_seat(variant: nl.Variant | str = "standard") -> nl.GameState:
    """Seat 0 has played its whole Nerts pile; nothing else of it can ever go anywhere (four
    Kings in its work piles, every Ace buried in seat 1's Nerts pile), but it has a stock.
    Seat 1 is stuck: its Nerts top 5S goes nowhere and no foundation exists."""
    return position(
        variant,
        seats=2,
        work={0: ["KC", "KD", "KH", "KS"], 1: ["KC", "KD", "KH", "KS"]},
        nerts={1: "AC.AD.AH.AS.QH.QD.QC.QS.5S"},
        stock={0: "AC.AD.AH.AS"},
    )


def test_a_seat_that_may_call_is_not_stuck_and_is_not_offered_the_rotation() -> None:
    state = callable_seat()
    assert state.seats[0].nerts_pile == ()
    assert state.seats[0].stock  # a rotation would be possible if it were stuck
    assert nl.is_stuck(state, 0) is False
    assert nl.is_stuck(state, 1) is True
    assert nl.all_stuck(state) is False
    legal = moves_text(state, 0)
    assert legal[0] == "0:nerts"
    assert "0:rotate" not in legal
    refused = nl.check(state, move("0:rotate"))
    assert refused is not None
    assert refused.reason is nl.Reason.NOT_STUCK


def test_resolve_stalemate_never_ends_a_hand_a_seat_could_end_by_calling() -> None:
    state = callable_seat(nl.Variant(stuck_resolution="end_hand"))
    with pytest.raises(nl.NertsError, match="seat 0 can still make progress"):
        nl.resolve_stalemate(state)
    called = nl.apply(state, move("0:nerts"))
    assert nl.outcome(called).reason is nl.EndReason.NERTS  # type: ignore[union-attr]


def test_the_drivers_let_a_seat_that_may_call_end_the_hand() -> None:
    # the greedy bot calls at once; play_hand never resolves a stalemate instead
    final, log = nl.play_hand(callable_seat(), [nl.greedy_bot] * 2)
    assert log == (move("0:nerts"),)
    assert (final.status, final.caller) == (nl.EndReason.NERTS, 0)


@examples(100)
@given(states(), st.data())
def test_no_seat_with_an_empty_nerts_pile_is_stuck_while_it_may_call(
    state: nl.GameState, data: st.DataObject
) -> None:
    assume(not state.is_over and state.variant.call_mode == "optional")
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    if not state.seats[seat].nerts_pile:
        assert nl.is_stuck(state, seat) is False
        assert nl.Move.rotate(seat) not in nl.legal_moves(state, seat)
        assert nl.Move.call(seat) in nl.legal_moves(state, seat)


# --- 4. slide-under obeys the space rule -------------------------------------------------------


def slide_position(
    space_fill: SpaceFill, work: list[str] | None = None, **cards: Any
) -> nl.GameState:
    """Seat 0 with a space (work pile 1) and 10♠ as the base of work pile 0."""
    piles = ["10S", "", "5C", "9D"] if work is None else work
    return position(nl.Variant(space_fill=space_fill), work={0: piles}, **cards)


def refusal(state: nl.GameState, text: str) -> nl.Reason | None:
    rejection = nl.check(state, move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.parametrize(
    ("space_fill", "nerts", "waste", "work_top"),
    [
        # any card may fill a space: the Nerts top, the waste top and a work top all slide
        ("any", True, True, True),
        # nerts_only: only the Nerts top may fill a space, so only it slides under
        ("nerts_only", True, False, False),
        # king_only: only a King may fill a space; J♥ and J♦ may not slide under 10♠
        ("king_only", False, False, False),
    ],
)
def test_only_a_card_that_may_fill_a_space_slides_under(
    space_fill: SpaceFill, nerts: bool, waste: bool, work_top: bool
) -> None:
    cases = {
        "0:JH@N>U0": (slide_position(space_fill, nerts={0: "JH"}), nerts),
        "0:JH@W>U0": (slide_position(space_fill, nerts={0: "2S"}, waste={0: "JH"}), waste),
        "0:JD@P2>U0": (
            slide_position(space_fill, nerts={0: "2S"}, work=["10S", "", "JD", "9D"]),
            work_top,
        ),
    }
    for text, (state, may) in cases.items():
        assert (text in moves_text(state, 0)) is may, text
        assert refusal(state, text) is (None if may else nl.Reason.SPACE_RULE), text


def test_a_king_slides_under_a_queen_where_only_kings_fill_spaces() -> None:
    # Pounce: K♥ from the Nerts pile, the waste or a work pile (where a King is always the
    # base of its pile) slides under Q♠
    queen = ["QS", "", "5C", "9D"]
    for work, cards, text in (
        (queen, {"nerts": {0: "KH"}}, "0:KH@N>U0"),
        (queen, {"nerts": {0: "2S"}, "waste": {0: "KH"}}, "0:KH@W>U0"),
        (["QS", "", "KH", "9D"], {"nerts": {0: "2S"}}, "0:KH@P2>U0"),
    ):
        state = slide_position("king_only", work, **cards)
        assert text in moves_text(state, 0)
        assert refusal(state, text) is None


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_a_forbidden_slide_leaves_the_seat_stuck() -> None:
    # J♥, the waste top of a waste with no pass left, could only slide under 10♠ or fill the
    # space; under king_only it may do neither, and nothing else of the seat can move
    placed = {"10S", "KC", "KD", "5S", "JH"}
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in placed]
    kings = position(
        nl.Variant(max_stock_passes=1, space_fill="king_only"),
        work={0: ["10S", "", "KC", "KD"]},
        nerts={0: "5S"},
        waste={0: ".".join([*rest, "JH"])},
        passes={0: 1},
    )
    assert kings.seats[0].stock == ()
    assert kings.seats[0].waste_top == nl.Card.parse("JH")
    assert nl.is_stuck(kings, 0) is True
    anything = attrs.evolve(kings, variant=attrs.evolve(kings.variant, space_fill="any"))
    assert nl.is_stuck(anything, 0) is False  # J♥ into the space, or under 10♠


# --- 5. whole_pile as documented -----------------------------------------------------------------


def test_whole_pile_moves_a_top_card_alone_or_a_whole_pile_into_a_space_too() -> None:
    # "one card at a time, unless you move a pile": 10♠ 9♥ 8♣ moves whole or 8♣ alone
    state = position(
        nl.Variant(work_pile_move="whole_pile"),
        work={0: ["10S.9H.8C", "", "KC", "KD"]},
        nerts={0: "2S"},
    )
    moves = moves_text(state, 0)
    assert "0:10S@P0>P1" in moves  # the whole pile into the space
    assert "0:8C@P0>P1" in moves  # its top card alone
    assert refusal(state, "0:9H@P0>P1") is nl.Reason.MOVE_RULE  # not from the middle
    whole = nl.apply(state, move("0:10S@P0>P1"))
    assert [[c.code for c in p] for p in whole.seats[0].work_piles[:2]] == [[], ["10S", "9H", "8C"]]


# --- 6. equal values give equal answers ----------------------------------------------------------


def answers(state: nl.GameState) -> tuple[object, ...]:
    """Every query a user asks of a state, as one comparable value."""
    seats = range(len(state.seats))
    return (
        tuple(nl.legal_moves(state, seat) for seat in seats),
        tuple(nl.is_stuck(state, seat) for seat in seats),
        nl.all_stuck(state),
        nl.hand_scores(state),
        nl.outcome(state),
        state.need,
        nl.view(state, None).to_nfen(),
        str(state),
    )


#: The knobs that leave most layouts valid (not the deal's shape: pile counts and sizes).
RULE_KNOBS = {
    k: v
    for k, v in KNOBS.items()
    if k not in {"nerts_pile_size", "work_piles", "work_pile_layout", "jokers_per_deck"}
}


@st.composite
def rule_changes(draw: st.DrawFn, state: nl.GameState) -> nl.Variant:
    """The state's variant with some rule knobs redrawn."""
    data = state.variant.to_dict()
    data.update(draw(st.fixed_dictionaries({}, optional=RULE_KNOBS)))
    if data["space_fill"] == "king_only":
        data["jokers_per_deck"] = 0
    return nl.Variant.from_dict(data)


@examples(100)
@given(st.data())
def test_an_evolved_state_answers_by_its_own_rules(data: st.DataObject) -> None:
    state = data.draw(states(max_steps=80), label="state")
    variant = data.draw(rule_changes(state), label="variant")
    check_evolved_state_answers(state, variant)


def check_evolved_state_answers(state: nl.GameState, variant: nl.Variant) -> None:
    try:
        evolved = attrs.evolve(state, variant=variant)
        again = nl.GameState.from_nfen(evolved.to_nfen())
    except ValueError:
        assume(False)  # the variant does not accept this layout
    assert evolved == again
    assert evolved.ctx.variant == variant
    assert answers(evolved) == answers(again)


def test_evolving_the_variant_changes_the_rules_in_force() -> None:
    state = nl.deal("standard", seats=2, seed=3)
    nna = attrs.evolve(state, variant=nl.variants.get("nna"))
    assert nna.ctx.auto_call is True
    assert "0:nerts" not in [str(m) for m in nl.legal_moves(nna, 0)]
    with pytest.raises(TypeError):
        attrs.evolve(state, ctx=state.ctx)  # type: ignore[call-arg] # derived, not arguments
