"""NFEN: exact round trips, and a clear NFENError (a ValueError) for every malformed part."""

from __future__ import annotations

import attrs
import pytest

import nertslib as nl
from nertslib.testing import state_problems
from tests.helpers import move, position

START = nl.deal("standard", seats=2, seed=11)
NFEN = START.to_nfen()


def _tokens() -> list[str]:
    return NFEN.split()


def _with(index: int, token: str) -> str:
    tokens = _tokens()
    tokens[index] = token
    return " ".join(tokens)


def test_layout_of_the_string() -> None:
    tokens = _tokens()
    assert len(tokens) == 2 + 2 + 3
    assert tokens[0] == "standard"
    assert tokens[1] == "-"
    assert tokens[-3:] == ["play", "r0", "s11"]
    fields = tokens[2].split("|")
    assert len(fields) == 1 + 4 + 3
    lay = START.seats[0]
    assert fields[0] == ".".join(c.code for c in lay.nerts_pile)
    assert fields[1:5] == [p[0].code for p in lay.work_piles]
    assert fields[5] == ".".join(c.code for c in lay.stock)
    assert fields[6:] == ["-", "0"]


def test_round_trip_keeps_every_field() -> None:
    s = nl.apply(nl.apply(START, move("0:turn")), move("1:turn"))
    s = nl.apply(s, nl.legal_moves(s, 0)[0])
    twin = nl.GameState.from_nfen(s.to_nfen())
    assert twin == s
    assert twin.to_nfen() == s.to_nfen()
    for lay, tlay in zip(s.seats, twin.seats, strict=True):
        assert (tlay.stock, tlay.waste, tlay.passes) == (lay.stock, lay.waste, lay.passes)
    ended = nl.apply(position(seats=2, nerts={1: "5D"}), move("0:nerts"))
    assert ended.to_nfen().split()[-3:] == ["nerts:0", "r0", "s0"]
    assert nl.GameState.from_nfen(ended.to_nfen()) == ended
    stalled = position(seats=1, nerts={0: "5D"}, tail="stalemate r2! s9")
    assert (stalled.status, stalled.stalled, stalled.resolutions, stalled.seed) == (
        nl.EndReason.STALEMATE,
        True,
        2,
        9,
    )
    assert stalled.to_nfen().endswith("stalemate r2! s9")


def test_foundations_carry_their_owners() -> None:
    s = position(seats=2, foundations=["AH0.2H1.3H0", "AS1"], nerts={0: "9C"})
    assert s.to_nfen().split()[1] == "AH0.2H1.3H0/AS1"
    assert [[c.owner for c in p] for p in s.foundations] == [[0, 1, 0], [1]]


def test_a_custom_variant_round_trips() -> None:
    v = nl.Variant(stock_turn=1, caller_bonus=7, teams=((0, 1),))
    s = nl.deal(v, seats=2, seed=3)
    assert s.to_nfen().split()[0] == "standard,stock_turn=1,caller_bonus=7,teams=0+1"
    assert nl.GameState.from_nfen(s.to_nfen()).variant == v


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "a hand has 1 to 8 seats"),
        ("standard - play r0 s0", "a hand has 1 to 8 seats"),
        (_with(0, "chess"), "unknown variant: 'chess'"),
        (_with(2, "AH|2H"), "seat 0 needs 8 '|'-separated fields, has 2"),
        (_with(-3, "over"), "status must be play, nerts:<seat> or stalemate, got 'over'"),
        (_with(-3, "nerts:5"), "status must be play"),
        (_with(-3, "nerts:0"), "seat 0 ended the hand with cards in its Nerts pile"),
        (_with(-2, "x0"), "expected r<resolutions>, got 'x0'"),
        (_with(-2, "r"), "expected r<resolutions>"),
        (_with(-1, "seven"), "expected s<seed>, got 'seven'"),
        (_with(-1, "s-1"), "expected s<seed>"),
        (_with(1, "AH"), "foundation 0: 'AH' is not a card code + owner seat"),
        (_with(1, "AH7"), "foundation 0: 'AH7' is not a card code + owner seat"),
    ],
)
def test_malformed_strings_are_refused_with_the_reason(text: str, fragment: str) -> None:
    with pytest.raises(nl.NFENError) as info:
        nl.GameState.from_nfen(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"bad NFEN {text!r}")


def _seat0(index: int, value: str) -> str:
    fields = _tokens()[2].split("|")
    fields[index] = value
    return _with(2, "|".join(fields))


def test_illegal_positions_are_refused() -> None:
    # a card twice (and another one missing)
    nerts = _tokens()[2].split("|")[0].split(".")
    twice = _seat0(1, nerts[0])
    with pytest.raises(nl.NFENError, match="seat 0's deck: twice"):
        nl.GameState.from_nfen(twice)
    # a card missing
    with pytest.raises(nl.NFENError, match="missing"):
        nl.GameState.from_nfen(_seat0(1, "-"))
    # not a card code
    with pytest.raises(nl.NFENError, match="not a card code: 'ZZ'"):
        nl.GameState.from_nfen(_seat0(1, "ZZ"))
    # passes must be a number, and within the limit
    with pytest.raises(nl.NFENError, match="passes must be a number, got 'x'"):
        nl.GameState.from_nfen(_seat0(-1, "x"))
    limited = NFEN.replace("standard", "standard,max_stock_passes=1", 1)
    tokens = limited.split()
    fields = tokens[2].split("|")
    fields[-1] = "2"
    tokens[2] = "|".join(fields)
    with pytest.raises(nl.NFENError, match="turned its waste over more often than allowed"):
        nl.GameState.from_nfen(" ".join(tokens))


def test_piles_out_of_order_are_refused() -> None:
    with pytest.raises(nl.NFENError, match="work pile 0: 9♠ cannot lie on 10♠"):
        position(work={0: ["10S.9S"]})
    with pytest.raises(nl.NFENError, match="foundation 0: starts with 2♥, not an Ace"):
        position(foundations=["2H0"])
    with pytest.raises(nl.NFENError, match="foundation 0: 3♥ cannot follow A♥"):
        position(foundations=["AH0.3H0"])
    with pytest.raises(nl.NFENError, match="Nerts pile is larger than the variant deals"):
        position(nl.Variant(nerts_pile_size=2), nerts={0: "2C.3C.4C"})


def test_ties_on_a_foundation_only_under_both_keep() -> None:
    s = position("standard", seats=2, foundations=["AC0.2C0.2C1"])
    assert len(s.foundations[0]) == 3
    with pytest.raises(nl.NFENError, match="2♣ cannot follow 2♣"):
        position(nl.Variant(tie_policy="first_wins"), seats=2, foundations=["AC0.2C0.2C1"])


def test_non_strings_are_refused() -> None:
    with pytest.raises(nl.NFENError, match="NFEN must be a str, got 42"):
        nl.GameState.from_nfen(42)  # type: ignore[arg-type]


def test_state_problems_applies_the_readers_checks() -> None:
    # the readers' validator (state.seat_layout, state.position) is state_problems' last check
    start = nl.deal("standard", seats=2, seed=1)
    assert state_problems(start) == []
    marked = attrs.evolve(start, stalled=True)  # stalled, yet no resolution: no reader takes it
    assert state_problems(marked) == [
        "a reader refuses it: the hand is marked stalled (!) but has had no stuck resolution"
    ]
    with pytest.raises(nl.NFENError, match="marked stalled"):
        nl.GameState.from_nfen(marked.to_nfen())


@pytest.mark.parametrize("seed", [2**64 - 1, 2**64])
def test_the_seed_bound_is_the_validators_for_every_reader(seed: int) -> None:
    # state.position checks the seed: the NFEN reader and state_problems say the same
    state = attrs.evolve(START, seed=seed)
    if seed < 2**64:
        assert state_problems(state) == []
        assert nl.GameState.from_nfen(state.to_nfen()) == state
        return
    why = f"the seed must be below 2**64, got '{seed}'"
    assert state_problems(state) == [f"a reader refuses it: {why}"]
    with pytest.raises(nl.NFENError, match=why.replace("*", r"\*")):
        nl.GameState.from_nfen(state.to_nfen())
