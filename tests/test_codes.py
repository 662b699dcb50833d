"""Card codes in the NFEN and view NFEN readers and writers, pinned against the plain way.

Each text form is checked against the obviously right way of writing it (a join per pile),
and read back.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nertslib import nfen, notation
from nertslib.cards import DECK_SPAN
from nertslib.deal import deal
from nertslib.state import GameState, NFENError
from nertslib.views import View, view
from tests.strategies import examples, games


@examples(60)
@given(games(max_steps=150))
def test_nfen_writes_each_pile_as_its_codes_and_reads_back(
    game: tuple[GameState, list[object]],
) -> None:
    state, _ = game
    for lay in state.layouts:
        text = nfen._layout_text(lay)
        if not lay.down and not lay.bound:
            stock = lay.deck[lay.cursor :][::-1]
            piles = [lay.nerts, *lay.work, stock, lay.deck[: lay.cursor]]
            long_way = "|".join([*map(notation.pile_text, piles), str(lay.passes)])
            assert text == long_way
    fnd_text = "/".join(".".join([notation.FCODE[c] for c in p]) for p in state.fnd)
    assert nfen._foundations_text(state.fnd) == fnd_text
    assert GameState.from_nfen(state.to_nfen()) == state


@examples(40)
@given(games(max_steps=150, any_variant=False), st.data())
def test_other_spellings_read_the_long_way_to_the_same_state(
    game: tuple[GameState, list[object]], data: st.DataObject
) -> None:
    state, _ = game
    nfen = state.to_nfen()
    head, *seats, status, res, seed = nfen.split(" ")  # seats[0] is the foundations field
    k = data.draw(st.integers(0, len(seats) - 1))
    respell = data.draw(st.sampled_from([str.lower, lambda s: s.replace("10", "T")]))
    # the cards only: a seat's last field counts its passes (10 of them is no Ten)
    cards, bar, passes = seats[k].rpartition("|")
    seats[k] = respell(cards) + bar + passes if bar else respell(passes)
    assert GameState.from_nfen(" ".join([head, *seats, status, res, seed])) == state


def test_a_respelled_seat_keeps_its_count_of_passes() -> None:
    # found by the deep profile: a seat that has turned its waste over ten times
    state = GameState.from_nfen(
        "standard AD0.2D0.3D0/AS0.2S0 6D.9D.4D.10C.9H.QH.5C.6C.AC.6S.5H.10D.KS|7H|JS.10H.9C|"
        "7S.6H.5S|KH.QS.JH.10S|5D.3C.7C.JD.2H.3H.3S.9S.8D.4C.4S.QC.KD.4H.8H.QD.8C.8S.JC.2C.7D."
        "KC.AH|-|10 play r1 s0"
    )
    assert state.layouts[0].passes == 10
    respelled = state.to_nfen().replace("10C", "TC").replace("10D", "TD").replace("10H", "TH")
    assert GameState.from_nfen(respelled.replace("10S", "TS")) == state


@pytest.mark.parametrize(
    ("seat", "why"),
    [
        ("AC.-.2C|3C|4C|5C|6C|-|-|0", "not a card code: '-'"),
        ("AC,2C|3C|4C|5C|6C|-|-|0", "not a card code: 'AC,2C'"),
        ("AC.2C|3C|4C|5C|6C||-|0", "not a card code: ''"),
    ],
)
def test_what_the_fast_path_refuses_the_long_way_words(seat: str, why: str) -> None:
    with pytest.raises(NFENError, match=why):
        GameState.from_nfen(f"standard - {seat} play r0 s0")


def test_one_card_foundations_write_without_a_separator() -> None:
    assert nfen._foundations_text(()) == ""
    assert nfen._foundations_text(((0,),)) == "AC0"
    assert nfen._foundations_text(((0,), (DECK_SPAN,))) == "AC0/AC1"
    assert nfen._foundations_text(((0, 1), (DECK_SPAN,))) == "AC0.2C0/AC1"


@examples(60)
@given(games(max_steps=150), st.data())
def test_view_nfen_reads_back_every_seat_it_writes(
    game: tuple[GameState, list[object]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.none() | st.integers(0, len(state.layouts) - 1))
    v = view(state, seat)
    assert View.from_nfen(v.to_nfen()) == v


def test_a_view_seat_with_counts_no_deal_gives_is_written_as_it_is() -> None:
    seat = view(deal("standard", 1, 3), 0).seats[0]
    big = attrs.evolve(seat, stock_size=99)
    assert "|99?|" in nfen._seat_view_text(big)
    negative = attrs.evolve(seat, nerts_size=0)  # shows its top, yet "holds" no card
    assert nfen._seat_view_text(negative).startswith("-1?.")


def test_every_joker_binding_is_written_and_read_back() -> None:
    for rank in range(1, 14):
        for red in (0, 1):
            key = rank * 2 + red
            text = notation.bound_text(key)
            assert text[0] == ("r" if red else "b")
            assert notation.bound_of(text) == key
    for odd in ("", "r", "x9", "r0", "r1", "b11", "R9", "rA9"):
        with pytest.raises(ValueError, match="not a joker binding"):
            notation.bound_of(odd)


def test_a_work_pile_binding_is_read_only_on_a_joker() -> None:
    binds: dict[int, int] = {}
    joker = DECK_SPAN + 53  # seat 1's joker 2
    assert notation.parse_work("KD.X2(bQ).JD", 1, binds) == (DECK_SPAN + 25, joker, DECK_SPAN + 23)
    assert binds == {joker: 24}
    assert notation.work_pile_text((DECK_SPAN + 25, joker), (-1, 24)) == "KD.X2(bQ)"
    for odd in ("KD(bQ)", "X1(r9", "X1(z9)"):
        with pytest.raises(ValueError, match=r"binding|not a joker"):
            notation.parse_work(odd, 0, {})
