"""The bulk card-code readers and writers (nertslib.codes and NFEN's fast paths).

Each fast path is pinned against the plain, obviously right way of doing the same thing:
code by code lookups for the readers, a join per pile for the writers.
"""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nertslib import state as state_mod
from nertslib import views as views_mod
from nertslib.cards import CARDS, DECK_SPAN, MAX_SEATS
from nertslib.codes import EMPTY, EMPTY_ID, code_indexes, owned_ids
from nertslib.deal import deal
from nertslib.state import GameState, NFENError
from nertslib.views import View, view
from tests.strategies import examples, games

CANONICAL = {CARDS[i].code: i for i in range(DECK_SPAN)}


def _reference_indexes(text: str) -> tuple[bytes, bytes] | None:
    """What code_indexes must answer, read code by code: split at single separator chars."""
    codes, seps, i = [], [], 0
    while i < len(text):
        width = 3 if text.startswith("10", i) else 1 if text[i] == "-" else 2
        code = text[i : i + width]
        if code == "-":
            codes.append(EMPTY)
        elif code.replace("T", "10", 1) in CANONICAL and len(code) == width:
            codes.append(CANONICAL[code.replace("T", "10", 1)])
        else:
            return None
        i += width
        if i < len(text):
            if i + 1 == len(text):
                return None  # a separator is followed by a code
            seps.append(text[i])
            i += 1
    if not codes:
        return None
    return bytes(codes), "".join(seps).encode("ascii", "replace")


def test_every_canonical_code_reads_as_its_index() -> None:
    for code, index in CANONICAL.items():
        assert code_indexes(code) == (bytes([index]), b"")
    assert code_indexes("-") == (bytes([EMPTY]), b"")
    assert code_indexes("TH") == code_indexes("10H")  # NFEN's readers accept T for 10


def _dots_and_bars(read: tuple[bytes, bytes] | None) -> bool:
    return read is not None and set(read[1]) <= set(b".|")


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_code_indexes_agrees_with_reading_code_by_code(length: int) -> None:
    # What the readers rely on: whenever either reading finds codes separated by "." and "|"
    # only, the other finds the same. (With other separators the readers take the long way.)
    alphabet = "A2TKX1C0DS-.|?a"  # ranks, suits, jokers, "-", separators, others
    for chars in itertools.product(alphabet, repeat=length):
        text = "".join(chars)
        fast, slow = code_indexes(text), _reference_indexes(text)
        if _dots_and_bars(fast) or _dots_and_bars(slow):
            assert fast == slow, text


@given(
    st.lists(st.sampled_from([*CANONICAL, "-"]), min_size=1, max_size=60),
    st.lists(st.sampled_from(".|/~,"), min_size=59, max_size=59),
)
def test_code_indexes_reads_any_run_of_codes(codes: list[str], seps: list[str]) -> None:
    between = [*seps[: len(codes) - 1], ""]
    text = "".join([code + sep for code, sep in zip(codes, between, strict=True)])
    indexes, got_seps = code_indexes(text) or (b"", b"")
    assert list(indexes) == [EMPTY if c == "-" else CANONICAL[c] for c in codes]
    assert got_seps == "".join(seps[: len(codes) - 1]).encode()


@pytest.mark.parametrize(
    "text", ["", "A", "AC.", ".AC", "AC..2C", "AC2C", "1C", "ac", "X3", "10", "AC.é", "-.-X"]
)
def test_code_indexes_refuses_what_is_not_a_run_of_canonical_codes(text: str) -> None:
    assert code_indexes(text) is None


def test_owned_ids_tags_every_index_with_its_owner() -> None:
    indexes = bytes([0, EMPTY, DECK_SPAN - 1])
    for owner in range(MAX_SEATS):
        base = owner * DECK_SPAN
        assert owned_ids(indexes, owner) == (base, EMPTY_ID, base + DECK_SPAN - 1)
        assert owned_ids(bytes([5]), owner) == (base + 5,)


@examples(60)
@given(games(max_steps=150))
def test_the_nfen_fast_paths_agree_with_the_long_way(
    game: tuple[GameState, list[object]],
) -> None:
    state, _ = game
    for lay in state.layouts:
        text = state_mod._layout_nfen(lay)
        if not lay.down and not lay.bound:
            stock = lay.deck[lay.cursor :][::-1]
            piles = [lay.nerts, *lay.work, stock, lay.deck[: lay.cursor]]
            long_way = "|".join([*map(state_mod._pile_nfen, piles), str(lay.passes)])
            assert text == long_way
        if "~" not in text and "(" not in text:
            piles_text = text.rpartition("|")[0]  # without the passes
            parts = piles_text.split("|")
            read = state_mod._plain_piles(piles_text, parts, lay.seat)
            assert read == [state_mod._parse_pile(p, lay.seat) for p in parts]
    fnd_text = "/".join(".".join([state_mod._FCODE[c] for c in p]) for p in state.fnd)
    assert state_mod._foundations_nfen(state.fnd) == fnd_text
    assert GameState.from_nfen(state.to_nfen()) == state


@examples(40)
@given(games(max_steps=150, any_variant=False), st.data())
def test_other_spellings_read_the_long_way_to_the_same_state(
    game: tuple[GameState, list[object]], data: st.DataObject
) -> None:
    state, _ = game
    nfen = state.to_nfen()
    head, *seats, status, res, seed = nfen.split(" ")
    k = data.draw(st.integers(0, len(seats) - 1))
    seats[k] = data.draw(st.sampled_from([str.lower, lambda s: s.replace("10", "T")]))(seats[k])
    assert GameState.from_nfen(" ".join([head, *seats, status, res, seed])) == state


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
    assert state_mod._foundations_nfen(()) == ""
    assert state_mod._foundations_nfen(((0,),)) == "AC0"
    assert state_mod._foundations_nfen(((0,), (DECK_SPAN,))) == "AC0/AC1"
    assert state_mod._foundations_nfen(((0, 1), (DECK_SPAN,))) == "AC0.2C0/AC1"


@examples(60)
@given(games(max_steps=150), st.data())
def test_the_view_nfen_fast_paths_agree_with_the_long_way(
    game: tuple[GameState, list[object]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.none() | st.integers(0, len(state.layouts) - 1))
    v = view(state, seat)
    for sv in v.seats:
        assert views_mod._seat_nfen(sv) == views_mod._seat_nfen_by_piles(sv)
    assert View.from_nfen(v.to_nfen()) == v


def test_a_view_seat_with_counts_no_deal_gives_is_written_as_it_is() -> None:
    seat = view(deal("standard", 1, 3), 0).seats[0]
    big = attrs.evolve(seat, stock_size=99)
    assert "|99?|" in views_mod._seat_nfen(big)
    negative = attrs.evolve(seat, nerts_size=0)  # shows its top, yet "holds" no card
    assert views_mod._seat_nfen(negative).startswith("-1?.")
    for odd in (big, negative):
        assert views_mod._seat_nfen(odd) == views_mod._seat_nfen_by_piles(odd)
