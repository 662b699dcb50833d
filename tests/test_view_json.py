"""View documents: round trips, the published JSON Schema, nothing hidden, refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.serialize import SerializationError, from_data, from_json, to_data, to_json
from tests.helpers import position
from tests.strategies import examples, states

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "_static" / "view.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def viewers(state: nl.GameState) -> list[int | None]:
    return [None, *range(len(state.seats))]


def hand_states(variant: str, seats: int, seed: int, every: int = 7) -> list[nl.GameState]:
    replay = nl.record_hand(nl.Variant.from_spec(variant), seats, seed, [nl.greedy_bot] * seats)
    return list(replay.states())[::every]


@examples(60)
@given(states(), st.data())
def test_every_view_round_trips_and_matches_the_schema(state: nl.GameState, data: Any) -> None:
    seat = data.draw(st.sampled_from(viewers(state)))
    v = nl.view(state, seat)
    text = to_json(v)
    assert from_json(text, nl.View) == v
    assert from_json(text) == v
    assert from_data(json.loads(text), nl.View) == v
    assert json.loads(text) == to_data(v)
    VALIDATOR.validate(json.loads(text))


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [("standard", 2, 29), ("pounce", 3, 5), ("standard,jokers_per_deck=2", 2, 11)],
)
def test_views_along_whole_hands_round_trip(variant: str, seats: int, seed: int) -> None:
    for state in hand_states(variant, seats, seed):
        for seat in viewers(state):
            v = nl.view(state, seat)
            data = to_data(v)
            VALIDATOR.validate(data)
            assert from_data(data) == v


def test_a_klondike_view_counts_face_down_cards() -> None:
    state = nl.deal("pounce", seats=2, seed=3)
    data = to_data(nl.view(state, 1))
    assert data["seats"][0]["down"] == [0, 1, 2, 3, 4]
    assert all(type(k) is int for k in data["seats"][0]["down"])
    assert "down" not in to_data(nl.view(nl.deal("standard", 2, 3), 1))["seats"][0]


def test_a_bound_joker_keeps_its_identity() -> None:
    jokers = nl.Variant(jokers_per_deck=2)
    state = position(jokers, seats=2, work={0: ["10S.X1.8S", "", "", ""]}, nerts={1: "X2"})
    assert state.seats[0].bound == (19, -1)  # a red 9
    for seat in viewers(state):
        v = nl.view(state, seat)
        data = to_data(v)
        assert data["seats"][0]["work"][0] == ["10S", "X1(r9)", "8S"]
        assert data["seats"][1]["nerts"] == ["X2"]
        VALIDATOR.validate(data)
        assert from_data(data) == v


def hidden_codes(state: nl.GameState, seat: int | None) -> set[str]:
    """Codes (with owner digit) of every card hidden from ``seat``, written independently."""
    hidden: set[str] = set()
    for lay in state.seats:
        own = lay.seat == seat
        nerts = lay.nerts_pile if not state.variant.nerts_pile_face_up else ()
        hidden.update(f"{c.code}{c.owner}" for c in nerts[:-1])
        hidden.update(f"{c.code}{c.owner}" for c in lay.stock)
        if not own:
            hidden.update(f"{c.code}{c.owner}" for c in lay.waste[:-1])
    return hidden


def shown_codes(data: dict[str, Any]) -> set[str]:
    shown: set[str] = set()
    for sv in data["seats"]:
        seat = data["seats"].index(sv)
        cards = [*sv["nerts"], *sv["waste"], *(c for p in sv["work"] for c in p)]
        shown.update(f"{c}{seat}" for c in cards)
    shown.update(c for pile in data["foundations"] for c in pile)
    return shown


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_a_view_document_holds_no_hidden_card_and_no_seed(seat: int | None) -> None:
    state = hand_states("standard", 2, 987_654_321, every=1)[40]
    data = to_data(nl.view(state, seat))
    assert "seed" not in json.dumps(data)
    assert str(state.seed) not in json.dumps(data)
    hidden = hidden_codes(state, seat)
    assert hidden, "the position hides nothing: a useless test"
    assert not shown_codes(data) & hidden
    for sv, lay in zip(data["seats"], state.seats, strict=True):
        assert sv["stock_size"] == len(lay.stock)
        assert "stock" not in sv


def good() -> dict[str, Any]:
    return to_data(nl.view(nl.apply(nl.deal("standard", 2, 29), nl.Move.turn(0)), 0))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("viewer"), "view: missing key 'viewer'"),
        (lambda d: d.update(seed=3), "view: unknown key 'seed'"),
        (lambda d: d.update(viewer=2), "viewer: expected an int 0..1, got 2"),
        (lambda d: d.update(viewer="0"), "viewer: expected an int 0..1, got '0'"),
        (lambda d: d["seats"][1].update(stock=[]), "seats[1]: unknown key 'stock'"),
        (lambda d: d["seats"][1].update(nerts_size=True), "seats[1].nerts_size: expected an int"),
        (lambda d: d["seats"][0]["work"].pop(), "seats[0].work: expected 4 work piles"),
        (lambda d: d["seats"][0]["work"][1].append("9Q"), "seats[0].work[1][1]: expected a card"),
        (lambda d: d["seats"][0].update(nerts_size=0), "seats[0].nerts: shows more cards than"),
        (lambda d: d["seats"][0].update(waste_size=1), "seats[0].waste: shows more cards than"),
        (lambda d: d["seats"][0].update(down=[1]), "seats[0].down: expected 4 counts"),
        (lambda d: d.update(status="over"), "status: expected 'play', 'nerts' or 'stalemate'"),
        (lambda d: d.update(caller=0), "caller: expected null when the status is 'play'"),
        (lambda d: d.update(stalled=0), "stalled: expected true or false, got 0"),
        (lambda d: d.update(foundations=[[]]), "foundations[0]: a foundation is never empty"),
        (lambda d: d["seats"][1].update(stock_size=34), "view: no position shows this view: "),
        (lambda d: d["seats"][0].update(waste_size=4), "view: no position shows this view: "),
        (lambda d: d.update(seats=[]), "seats: a hand has 1 to 8 seats"),
    ],
)
def test_bad_view_documents_are_refused_naming_the_key(change: Any, message: str) -> None:
    data = good()
    change(data)
    with pytest.raises(SerializationError) as info:
        from_data(data, nl.View)
    assert str(info.value).startswith(message), str(info.value)


def test_an_impossible_view_names_the_problem() -> None:
    data = good()
    data["seats"][1]["stock_size"] = 34
    with pytest.raises(SerializationError, match=r"seat 1 shows 5 card\(s\) and hides 46"):
        from_data(data)


def test_a_huge_bad_value_is_quoted_as_a_bounded_excerpt() -> None:
    data = good()
    data["seats"][0]["nerts"] = "x" * 100_000
    with pytest.raises(SerializationError) as info:
        from_json(json.dumps(data))
    assert len(str(info.value)) < 400
    assert str(info.value).endswith("(100000 characters)")  # nertslib.quoting.excerpt


def test_a_view_is_refused_where_a_state_is_expected_and_the_other_way() -> None:
    state = nl.deal("standard", 2, 1)
    with pytest.raises(SerializationError, match="type: expected 'state', got 'view'"):
        from_json(to_json(nl.view(state)), nl.GameState)
    with pytest.raises(SerializationError, match="type: expected 'view', got 'state'"):
        from_json(to_json(state), nl.View)


def test_schema_refuses_what_the_reader_refuses() -> None:
    """The schema is no rubber stamp: it rejects wrong keys, types and codes too."""
    bad: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d.update(seed=1),
        lambda d: d.update(viewer="0"),
        lambda d: d["seats"][0]["work"][0].append("9Q"),
        lambda d: d["foundations"].append(["AS"]),
        lambda d: d["seats"][0].pop("waste"),
        lambda d: d.update(status="over"),
    ]
    for change in bad:
        data = good()
        change(data)
        assert not VALIDATOR.is_valid(data), data
