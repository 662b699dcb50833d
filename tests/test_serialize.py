"""JSON documents (nertslib.serialize): round trips, golden texts, exact errors, NFEN parity."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.cards import CARDS, DECK_SPAN
from nertslib.quoting import excerpt
from nertslib.replay import RESOLVE, Replay
from nertslib.serialize import (
    SCHEMA_VERSION,
    SerializationError,
    from_data,
    from_json,
    to_data,
    to_json,
)
from tests.helpers import position
from tests.strategies import KNOBS, _play, candidate_moves, games, states, variants

# --- documents used below --------------------------------------------------------------------

SMALL = position(
    nl.Variant(nerts_pile_size=2, work_piles=1),
    1,
    nerts={0: "KD.QS"},
    work={0: ["9H"]},
    waste={0: "2C.3C"},
    foundations=["AH0.2H0"],
    passes={0: 1},
)

STANDARD_VARIANT_JSON = (
    '{"nerts_pile_size": 13, "nerts_pile_face_up": false, "work_piles": 4, '
    '"work_pile_layout": "single", "work_pile_move": "any_suffix", "space_fill": "any", '
    '"space_fill_mandatory": false, "slide_under": "needs_space", "foundation_build": '
    '"same_suit", "foundation_limit": "unlimited", "tie_policy": "both_keep", "stock_turn": 3, '
    '"stock_remainder": "flip_immediately", "max_stock_passes": null, "stock_access": "anytime", '
    '"stuck_resolution": "restock", "call_mode": "optional", "caller_bonus": 0, '
    '"foundation_points": 1, "nerts_penalty": 2, "king_bonus": 0, "target_score": 100, '
    '"jokers_per_deck": 0, "joker_binding": "permanent", "teams": null}'
)

SMALL_JSON = (
    '{"schema": 1, "type": "state", "rules_version": 1, "variant": '
    + STANDARD_VARIANT_JSON.replace('"nerts_pile_size": 13', '"nerts_pile_size": 2').replace(
        '"work_piles": 4', '"work_piles": 1'
    )
    + ', "seats": [{"nerts": ["KD", "QS"], "work": [["9H"]], "stock": ["AC", "4C", "5C", "6C", '
    '"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", '
    '"9D", "10D", "JD", "QD", "3H", "4H", "5H", "6H", "7H", "8H", "10H", "JH", "QH", "KH", "AS", '
    '"2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KS"], "waste": ["2C", "3C"], '
    '"passes": 1}], "foundations": [["AH0", "2H0"]], "status": "play", "caller": null, '
    '"stalled": false, "resolutions": 0, "seed": 0}'
)

KLONDIKE = nl.Variant(work_pile_layout="klondike", work_piles=3, nerts_pile_size=1)


def _rest(seat: int, named: set[str]) -> str:
    return ".".join(
        CARDS[seat * DECK_SPAN + i].code
        for i in range(52)
        if CARDS[seat * DECK_SPAN + i].code not in named
    )


#: Face-down 9H, 3S under face-up KD in work pile 2 (dealt two face-down cards), in the
#: Klondike layout.
KLONDIKE_STATE = nl.GameState.from_nfen(
    f"{KLONDIKE.to_spec()} - QS|2C|-|9H.3S~KD|{_rest(0, {'QS', '9H', '3S', 'KD', '2C'})}|-|0 "
    "play r0 s5"
)


def doc(value: Any) -> dict[str, Any]:
    return to_data(value)


def state_doc(**changes: Any) -> dict[str, Any]:
    data = to_data(SMALL)
    data.update(changes)
    return data


def error(data: object, expect: type | None = None) -> str:
    with pytest.raises(SerializationError) as info:
        from_data(data, expect)
    return str(info.value)


# --- golden texts ----------------------------------------------------------------------------


def test_schema_version_is_1():
    assert SCHEMA_VERSION == 1
    assert nl.variants.RULES_VERSION == 1


def test_golden_state():
    assert to_json(SMALL) == SMALL_JSON
    assert from_json(SMALL_JSON) == SMALL
    assert json.dumps(to_data(SMALL)) == SMALL_JSON


def test_golden_state_indented():
    text = to_json(SMALL, indent=1)
    assert text == json.dumps(json.loads(SMALL_JSON), indent=1)
    assert text.startswith('{\n "schema": 1,\n "type": "state",\n "rules_version": 1,\n')
    assert '\n "seats": [\n  {\n   "nerts": [\n    "KD",\n    "QS"\n   ],\n' in text
    assert from_json(text) == SMALL


def test_golden_klondike_state():
    text = to_json(KLONDIKE_STATE)
    seat = json.loads(text)["seats"][0]
    assert list(seat) == ["nerts", "work", "down", "stock", "waste", "passes"]
    assert seat["nerts"] == ["QS"]
    assert seat["work"] == [["2C"], [], ["KD"]]
    assert seat["down"] == [[], [], ["9H", "3S"]]
    assert seat["waste"] == []
    assert seat["stock"][-1] == "KS"
    assert seat["stock"][0] == "AC"
    assert len(seat["stock"]) == 47
    assert '"work": [["2C"], [], ["KD"]], "down": [[], [], ["9H", "3S"]], "stock": ["AC", ' in text
    assert text == json.dumps(to_data(KLONDIKE_STATE))
    back = from_json(text, nl.GameState)
    assert back == KLONDIKE_STATE
    assert back.seats[0].down == KLONDIKE_STATE.seats[0].down
    assert back.seats[0].face_down_counts == (0, 0, 2)


def test_golden_move_variant_outcome_replay():
    assert to_json(nl.Move.parse("0:6H@N>F3")) == (
        '{"schema": 1, "type": "move", "rules_version": 1, "move": "0:6H@N>F3"}'
    )
    assert to_json(nl.Variant()) == (
        '{"schema": 1, "type": "variant", "rules_version": 1, "variant": '
        + STANDARD_VARIANT_JSON
        + "}"
    )
    assert to_json(nl.Outcome(nl.EndReason.NERTS, caller=1, scores=(-3, 12))) == (
        '{"schema": 1, "type": "outcome", "rules_version": 1, "reason": "nerts", "caller": 1, '
        '"scores": [-3, 12]}'
    )
    assert to_json(nl.Outcome(nl.EndReason.STALEMATE, caller=None, scores=(0,))) == (
        '{"schema": 1, "type": "outcome", "rules_version": 1, "reason": "stalemate", '
        '"caller": null, "scores": [0]}'
    )
    replay = Replay.record("standard", 2, 4, ["0:turn", "1:turn"])
    assert to_json(replay) == (
        '{"schema": 1, "type": "replay", "rules_version": 1, "variant": '
        + STANDARD_VARIANT_JSON
        + ', "seats": 2, "seed": 4, "events": ["0:turn", "1:turn"]}'
    )


def test_teams_are_lists():
    variant = nl.Variant(teams=((0, 2), (1, 3)))
    data = to_data(variant)
    assert data["variant"]["teams"] == [[0, 2], [1, 3]]
    assert '"teams": [[0, 2], [1, 3]]}' in to_json(variant)
    assert from_json(to_json(variant)) == variant
    state = nl.deal(variant, 4, 1)
    assert from_json(to_json(state)) == state


def test_resolve_is_written_resolve():
    final, log = nl.play_hand(nl.deal("standard", 1, 31), [nl.greedy_bot])
    replay = Replay.record("standard", 1, 31, log)
    events = to_data(replay)["events"]
    assert events.count("resolve") == log.count(None) > 0
    assert events[log.index(None)] == "resolve"
    back = from_json(to_json(replay), Replay)
    assert back.events[log.index(None)] is RESOLVE
    assert back.final() == final


def test_ended_states():
    final, _ = nl.play_hand(nl.deal("standard", 2, 4), [nl.greedy_bot] * 2)
    data = to_data(final)
    assert (data["status"], data["caller"]) == ("nerts", final.caller)
    assert from_data(data) == final
    stale, _ = nl.play_hand(nl.deal("standard", 1, 1), [nl.greedy_bot])
    data = to_data(stale)
    assert (data["status"], data["caller"], data["stalled"]) == ("stalemate", None, True)
    assert data["resolutions"] == stale.resolutions
    assert from_data(data) == stale
    assert '"status": "stalemate", "caller": null, "stalled": true' in to_json(stale)


def test_stalled_state_in_play():
    state = nl.GameState.from_nfen(SMALL.to_nfen().replace("play r0 s0", "play r3! s9"))
    data = to_data(state)
    assert (data["stalled"], data["resolutions"], data["seed"]) == (True, 3, 9)
    assert from_json(to_json(state)) == state


def test_to_data_refuses_other_values():
    with pytest.raises(TypeError, match=r"^cannot serialize int values: 5$"):
        to_data(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^cannot serialize SystemStep values: SystemStep.RESOLVE"):
        to_json(RESOLVE)  # type: ignore[arg-type]


def test_to_data_gives_fresh_data():
    variant = nl.Variant(teams=((0,), (1,)))
    first = to_data(variant)
    first["variant"]["teams"][0].append(5)
    first["variant"]["stock_turn"] = 99
    assert to_data(variant)["variant"]["teams"] == [[0], [1]]
    assert to_data(variant)["variant"]["stock_turn"] == 3


# --- round trips -----------------------------------------------------------------------------


@given(states(max_steps=120))
def test_state_round_trip(state):
    text = to_json(state)
    assert text == json.dumps(to_data(state))
    back = from_json(text, nl.GameState)
    assert back == state
    assert from_json(text) == state
    assert back.seats == state.seats
    assert back.ctx == state.ctx
    assert back.need == state.need
    assert to_json(back) == text
    assert from_data(to_data(state), nl.GameState) == state
    assert from_json(to_json(state, indent=2), nl.GameState) == state
    assert from_json(text.encode()) == state


@pytest.mark.parametrize("passes", [0, 63, 64, 1000])
def test_state_text_for_any_number_of_passes(passes):
    # The writer has a pseudo code for each number of passes below 64, and writes the seats
    # pile by pile when one has turned its waste over more often: the same text either way.
    state = nl.deal("standard", 3, seed=4)
    layouts = list(state.layouts)
    layouts[1] = attrs.evolve(layouts[1], passes=passes)
    state = attrs.evolve(state, layouts=tuple(layouts))
    text = to_json(state)
    assert text == json.dumps(to_data(state))
    assert f'"passes": {passes}}}' in text
    assert from_json(text, nl.GameState) == state


@st.composite
def klondike_games(draw: st.DrawFn) -> nl.GameState:
    base = draw(variants())
    piles = draw(st.integers(1, 6))
    nerts = draw(st.integers(1, 52 - piles * (piles + 1) // 2))
    variant = attrs.evolve(
        base, work_pile_layout="klondike", work_piles=piles, nerts_pile_size=min(nerts, 26)
    )
    seats = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32))
    state = nl.deal(variant, seats, seed)
    return _play(state, draw(st.integers(0, 150)), seed, draw(st.integers(0, 10)))[0]


@given(klondike_games())
def test_klondike_state_round_trip(state):
    text = to_json(state)
    assert text == json.dumps(to_data(state))
    assert ('"down": ' in text) == bool(any(lay.down for lay in state.seats))
    back = from_json(text, nl.GameState)
    assert back == state
    assert [lay.down for lay in back.seats] == [lay.down for lay in state.seats]


def test_klondike_deal_has_face_down_cards():
    state = nl.deal(nl.Variant(work_pile_layout="klondike"), 2, 3)
    data = to_data(state)
    assert [[len(p) for p in s["down"]] for s in data["seats"]] == [[0, 1, 2, 3]] * 2
    assert from_data(data) == state


@given(games(max_steps=60))
def test_move_round_trip(game):
    state, log = game
    for seat in range(len(state.seats)):
        for move in [*candidate_moves(state, seat)[:40], *log[-5:]]:
            text = to_json(move)
            assert text == json.dumps(to_data(move))
            assert from_json(text, nl.Move) == move
            assert json.loads(text)["move"] == str(move)


@given(variants())
def test_variant_round_trip(variant):
    text = to_json(variant)
    assert from_json(text, nl.Variant) == variant
    assert json.loads(text)["variant"] == variant.to_dict()
    assert from_data(to_data(variant)) == variant


@given(
    st.builds(
        nl.Outcome,
        st.sampled_from(nl.EndReason),
        st.none() | st.integers(0, 7),
        st.lists(st.integers(-500, 500), min_size=8, max_size=8).map(tuple),
    )
)
def test_outcome_round_trip(result):
    if result.reason is nl.EndReason.NERTS and result.caller is None:
        result = attrs.evolve(result, caller=0)
    if result.reason is nl.EndReason.STALEMATE:
        result = attrs.evolve(result, caller=None)
    text = to_json(result)
    assert from_json(text, nl.Outcome) == result
    assert from_data(json.loads(text)) == result


def test_outcome_of_a_played_hand():
    final, _ = nl.play_hand(nl.deal("nna", 3, 5), [nl.greedy_bot] * 3)
    result = nl.outcome(final)
    assert result is not None
    assert from_json(to_json(result)) == result


# --- the fast reader agrees with NFEN --------------------------------------------------------


def nfen_of(data: dict[str, Any]) -> str:
    """The NFEN of a state document, written independently of nertslib.serialize."""
    variant = nl.Variant.from_dict(data["variant"]).to_spec()

    def pile(codes: list[str]) -> str:
        return ".".join(codes) or "-"

    seats = []
    for s in data["seats"]:
        down = s.get("down") or [[]] * len(s["work"])
        work = [
            f"{pile(d)}~{pile(w)}" if d else pile(w) for d, w in zip(down, s["work"], strict=True)
        ]
        seats.append(
            "|".join(
                [pile(s["nerts"]), *work, pile(s["stock"]), pile(s["waste"]), str(s["passes"])]
            )
        )
    fnd = "/".join(".".join(p) for p in data["foundations"]) or "-"
    status = f"nerts:{data['caller']}" if data["status"] == "nerts" else data["status"]
    stalled = "!" if data["stalled"] else ""
    tail = [status, f"r{data['resolutions']}{stalled}", f"s{data['seed']}"]
    return " ".join([variant, fnd, *seats, *tail])


PILES = ("nerts", "stock", "waste")


def _seat_piles(seat: dict[str, Any]) -> list[list[str]]:
    piles = [seat[k] for k in PILES] + list(seat["work"])
    if "down" in seat:
        piles += list(seat["down"])
    return piles


def mutate(data: dict[str, Any], draw: st.DrawFn) -> None:  # noqa: PLR0912, PLR0915
    """One random change to a state document that keeps its shape (maybe not its legality)."""
    seats = data["seats"]
    n = len(seats)
    s = draw(st.integers(0, n - 1))
    seat = seats[s]
    piles = _seat_piles(seat)
    full = [p for p in piles if p]
    kind = draw(st.integers(0, 11))
    if kind == 0 and full:  # move a card within the seat
        src = draw(st.sampled_from(full))
        card = src.pop(draw(st.integers(0, len(src) - 1)))
        dst = draw(st.sampled_from(piles))
        dst.insert(draw(st.integers(0, len(dst))), card)
    elif kind == 1 and full:  # a card of the seat's deck in place of another one
        src = draw(st.sampled_from(full))
        src[draw(st.integers(0, len(src) - 1))] = CARDS[draw(st.integers(0, 51))].code
    elif kind == 2 and full:  # lose a card
        src = draw(st.sampled_from(full))
        src.pop(draw(st.integers(0, len(src) - 1)))
    elif kind == 3:
        seat["passes"] = draw(st.integers(0, 4))
    elif kind == 4:
        data["status"] = draw(st.sampled_from(["play", "nerts", "stalemate"]))
        data["caller"] = draw(st.integers(0, n - 1)) if data["status"] == "nerts" else None
    elif kind == 5 and full:  # a seat card onto a foundation (a new one or an existing one)
        src = draw(st.sampled_from(full))
        code = src.pop(draw(st.sampled_from([-1, 0]))) + str(s)
        fnd = data["foundations"]
        k = draw(st.integers(0, len(fnd)))
        if k == len(fnd):
            fnd.append([code])
        else:
            fnd[k].append(code)
    elif kind == 6 and data["foundations"]:  # a foundation card back to its owner
        fnd = data["foundations"]
        k = draw(st.integers(0, len(fnd) - 1))
        item = fnd[k].pop(draw(st.sampled_from([-1, 0])))
        if not fnd[k]:
            del fnd[k]
        dst = draw(st.sampled_from(_seat_piles(seats[int(item[-1])])))
        dst.insert(draw(st.integers(0, len(dst))), item[:-1])
    elif kind == 7 and data["foundations"]:  # reorder a foundation
        fnd = data["foundations"]
        k = draw(st.integers(0, len(fnd) - 1))
        draw(st.randoms(use_true_random=False)).shuffle(fnd[k])
    elif kind == 8:  # other rules for the same cards
        knob = draw(
            st.sampled_from(
                ["tie_policy", "foundation_build", "max_stock_passes", "nerts_pile_size", "teams"]
            )
        )
        if knob == "teams":
            value: object = draw(st.sampled_from([None, [[0]], [list(range(n))]]))
        else:
            value = draw(KNOBS[knob])
        data["variant"][knob] = value
    elif kind == 9:  # face-down cards, in whatever layout
        if "down" not in seat:
            seat["down"] = [[] for _ in seat["work"]]
        if seat["stock"]:
            i = draw(st.integers(0, len(seat["down"]) - 1))
            seat["down"][i].append(seat["stock"].pop())
    elif kind == 10:  # cards of another seat
        other = seats[draw(st.integers(0, n - 1))]
        mine, theirs = draw(st.sampled_from(piles)), draw(st.sampled_from(_seat_piles(other)))
        if mine and theirs:
            mine[-1], theirs[-1] = theirs[-1], mine[-1]
    elif kind == 11:
        data["variant"]["work_pile_layout"] = draw(st.sampled_from(["single", "klondike"]))


def outcome_of(call: Any) -> tuple[str, Any]:
    try:
        return "ok", call()
    except ValueError as exc:
        return "error", exc


@given(st.data())
def test_reader_agrees_with_nfen(data):
    state = data.draw(
        st.one_of(states(max_steps=150, max_seats=3), klondike_games()), label="state"
    )
    document = copy.deepcopy(to_data(state))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutate(document, data.draw)
    try:
        nfen = nfen_of(document)
    except ValueError:  # the variant itself is invalid: the reader says so
        message = error(document)
        assert message.startswith("variant: ")
        return
    expected = outcome_of(lambda: nl.GameState.from_nfen(nfen))
    got = outcome_of(lambda: from_data(document))
    event(f"NFEN {expected[0]}, reader {got[0]}")
    if expected[0] == "ok":
        assert got == expected
        assert to_data(got[1]) == to_data(expected[1])
        return
    assert got[0] == "error", f"the reader accepted an illegal position: {nfen}"
    assert isinstance(got[1], SerializationError)
    message = str(got[1])
    reason = str(expected[1]).removeprefix(f"bad NFEN {excerpt(nfen)}: ")
    if message.startswith("state: not a legal position: "):
        assert message == f"state: not a legal position: {reason}"
        assert got[1].__cause__ is not None
    else:  # a shape problem that the JSON reader names itself
        assert message.startswith(("seats", "foundations", "caller", "state: ")), message


@pytest.mark.parametrize(
    ("build", "foundations", "reason"),
    [
        ("same_suit", "AH0.2H1.2H0.3H1", "foundation 0: 2♥ cannot follow 2♥"),
        ("same_suit", "AH0.AH1", "foundation 0: A♥ cannot follow A♥"),
        ("any_suit", "AH0.2H0.2S1", "foundation 0: 2♠ cannot follow 2♥"),
        ("alt_colour", "AH0.2S0.2C1.3D1", "foundation 0: 2♣ cannot follow 2♠"),
    ],
)
def test_ties_on_foundations(build, foundations, reason):
    tie = position(nl.Variant(foundation_build=build), 2, foundations=[foundations])
    data = to_data(tie)
    assert data["foundations"] == [foundations.split(".")]
    assert from_data(data) == tie
    data["variant"]["tie_policy"] = "first_wins"
    assert error(data) == f"state: not a legal position: {reason}"


def test_a_tie_needs_equal_keys():
    data = to_data(position("standard", 2, foundations=["AH0.2H0"]))
    data["seats"][1]["stock"].remove("2S")
    data["foundations"][0].append("2S1")
    assert error(data) == "state: not a legal position: foundation 0: 2♠ cannot follow 2♥"


# --- errors, exactly -------------------------------------------------------------------------


def test_not_json():
    with pytest.raises(SerializationError) as info:
        from_json("{")
    assert str(info.value) == (
        "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    )
    with pytest.raises(SerializationError, match=r"^not JSON: NaN is not a JSON value$"):
        from_json('{"schema": NaN}')
    with pytest.raises(SerializationError, match=r"^not JSON: Infinity is not a JSON value$"):
        from_json("[Infinity]")
    with pytest.raises(SerializationError) as info:
        from_json(b"\xff")
    assert str(info.value).startswith("not JSON: 'utf-8' codec can't decode byte 0xff")
    with pytest.raises(SerializationError) as info:
        from_json(5)  # type: ignore[call-overload]
    assert str(info.value) == "text: expected a str or bytes of JSON, got 5"


def test_serialization_error_is_a_value_error():
    assert issubclass(SerializationError, nl.NertsError)
    assert issubclass(SerializationError, ValueError)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "document: expected a JSON object, got [1]"),
        ({}, "document: missing key 'schema'"),
        ({"schema": "1"}, "schema: expected an int 1..1, got '1'"),
        ({"schema": 0}, "schema: expected an int 1..1, got 0"),
        ({"schema": True}, "schema: expected an int 1..1, got True"),
        ({"schema": 1.0}, "schema: expected an int 1..1, got 1.0"),
        ({"schema": 2}, "schema: 2 is newer than this nertslib reads (1); upgrade nertslib"),
        ({"schema": 1}, "document: missing key 'type'"),
        (
            {"schema": 1, "type": "game"},
            "type: expected one of 'state', 'move', 'variant', 'outcome', 'replay', 'view', "
            "got 'game'",
        ),
        (
            {"schema": 1, "type": ["move"]},
            "type: expected one of 'state', 'move', 'variant', 'outcome', 'replay', 'view', "
            "got ['move']",
        ),
        ({"schema": 1, "type": "move"}, "document: missing key 'rules_version'"),
        (
            {"schema": 1, "type": "move", "rules_version": 2},
            "rules_version: this nertslib plays rules version 1, got 2",
        ),
        (
            {"schema": 1, "type": "move", "rules_version": True},
            "rules_version: this nertslib plays rules version 1, got True",
        ),
        ({"schema": 1, "type": "move", "rules_version": 1}, "move: missing key 'move'"),
        (
            {"schema": 1, "type": "move", "rules_version": 1, "move": "0:turn", "at": 3},
            "move: unknown key 'at'",
        ),
        (
            {"schema": 1, "type": "move", "rules_version": 1, "move": 3},
            "move: expected move notation such as '0:6H@N>F3', got 3",
        ),
        (
            {"schema": 1, "type": "move", "rules_version": 1, "move": "0:6H@N>F"},
            "move: not a move: '0:6H@N>F' (expected e.g. '0:6H@N>F3', '0:turn')",
        ),
        ({"schema": 1, "type": "variant", "rules_version": 1}, "variant: missing key 'variant'"),
        (
            {"schema": 1, "type": "variant", "rules_version": 1, "variant": "standard"},
            "variant: expected a JSON object of Variant fields, got 'standard'",
        ),
        (
            {"schema": 1, "type": "variant", "rules_version": 1, "variant": {"colour": "red"}},
            "variant: unknown Variant field(s): colour",
        ),
    ],
)
def test_header_and_small_document_errors(data, message):
    assert error(data) == message


def variant_error(**fields: Any) -> str:
    """The message of Variant itself for these fields."""
    with pytest.raises(ValueError, match=r"^Variant\.") as info:
        nl.Variant.from_dict(fields)
    return str(info.value)


@pytest.mark.parametrize(
    "fields",
    [
        {"stock_turn": 2},
        {"stock_turn": True},
        {"teams": [[0], 1]},
        {"work_piles": 9},
        {"nerts_pile_size": "13"},
        {"max_stock_passes": -1},
    ],
)
def test_variant_errors_are_the_variant_messages(fields):
    message = f"variant: {variant_error(**fields)}"
    assert message.startswith("variant: Variant.")
    assert error({**doc(nl.Variant()), "variant": fields}) == message
    assert error(state_doc(variant=fields)) == message
    assert error({**doc(Replay.record("standard", 1, 0)), "variant": fields}) == message


def test_the_variant_cache_keeps_true_apart_from_one():
    assert from_data({**doc(nl.Variant()), "variant": {"stock_turn": 1}}) == nl.Variant(
        stock_turn=1
    )
    assert error({**doc(nl.Variant()), "variant": {"stock_turn": True}}) == (
        f"variant: {variant_error(stock_turn=True)}"
    )
    assert error(state_doc(variant={"nerts_pile_face_up": 0})) == (
        f"variant: {variant_error(nerts_pile_face_up=0)}"
    )


def test_expect():
    move = doc(nl.Move.turn(1))
    assert from_data(move, nl.Move) == nl.Move.turn(1)
    assert error(move, nl.GameState) == "type: expected 'state', got 'move'"
    assert error(move, Replay) == "type: expected 'replay', got 'move'"
    assert error(move, nl.Outcome) == "type: expected 'outcome', got 'move'"
    assert error(doc(nl.Variant()), nl.Move) == "type: expected 'move', got 'variant'"
    assert error(doc(SMALL), nl.Variant) == "type: expected 'variant', got 'state'"
    with pytest.raises(TypeError) as info:
        from_data(move, dict)  # type: ignore[type-var]
    assert str(info.value) == (
        "expect must be GameState, Move, Variant, Outcome, Replay or View, got <class 'dict'>"
    )
    with pytest.raises(SerializationError, match=r"^type: expected 'state', got 'move'$"):
        from_json(to_json(nl.Move.turn(1)), nl.GameState)


def test_missing_and_unknown_state_keys():
    data = state_doc()
    del data["seed"]
    del data["caller"]
    assert error(data) == "state: missing keys 'caller', 'seed'"
    assert error(state_doc(colour="red")) == "state: unknown key 'colour'"
    assert error(state_doc(b=1, a=2)) == "state: unknown keys 'a', 'b'"
    data = state_doc()
    del data["seats"][0]["passes"]
    assert error(data) == "seats[0]: missing key 'passes'"
    data = state_doc()
    data["seats"][0]["hand"] = []
    assert error(data) == "seats[0]: unknown key 'hand'"
    data = state_doc()
    data["seats"][0]["hand"] = []
    del data["seats"][0]["waste"]
    assert error(data) == "seats[0]: missing key 'waste'"


CODE = "expected a card code such as '10H' or 'QS', got"


def _seat(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data["seats"][0].update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seats": []}, "seats: a hand has 1 to 8 seats, got []"),
        ({"seats": "0"}, "seats: expected a list of seats, got '0'"),
        ({"seats": [None]}, "seats[0]: expected a JSON object, got None"),
        ({"foundations": {}}, "foundations: expected a list of foundation piles, got {}"),
        ({"foundations": [[]]}, "foundations[0]: a foundation is never empty, got []"),
        (
            {"foundations": [["AH0"], "2H0"]},
            "foundations[1]: expected a list of card codes with owner seats, got '2H0'",
        ),
        (
            {"foundations": [["AH0", "2H"]]},
            "foundations[0][1]: expected a card code + owner seat such as '6H0', got '2H'",
        ),
        (
            {"foundations": [["AH0", ["2H0"]]]},
            "foundations[0][1]: expected a card code + owner seat such as '6H0', got ['2H0']",
        ),
        (
            {"foundations": [["AH8"]]},
            "foundations[0][0]: expected a card code + owner seat such as '6H0', got 'AH8'",
        ),
        ({"status": "over"}, "status: expected 'play', 'nerts' or 'stalemate', got 'over'"),
        ({"status": None}, "status: expected 'play', 'nerts' or 'stalemate', got None"),
        ({"caller": 0}, "caller: expected null when the status is 'play', got 0"),
        (
            {"status": "stalemate", "caller": 0},
            "caller: expected null when the status is 'stalemate', got 0",
        ),
        ({"status": "nerts", "caller": None}, "caller: expected an int 0..0, got None"),
        ({"status": "nerts", "caller": 1}, "caller: expected an int 0..0, got 1"),
        ({"stalled": 0}, "stalled: expected true or false, got 0"),
        ({"resolutions": -1}, "resolutions: expected an int >= 0, got -1"),
        ({"resolutions": "1"}, "resolutions: expected an int >= 0, got '1'"),
        ({"seed": 1.5}, "seed: expected an int 0..18446744073709551615, got 1.5"),
        ({"seed": False}, "seed: expected an int 0..18446744073709551615, got False"),
        ({"variant": None}, "variant: expected a JSON object of Variant fields, got None"),
    ],
)
def test_state_shape_errors(changes, message):
    assert error(state_doc(**changes)) == message


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"nerts": "KD"}, "seats[0].nerts: expected a list of card codes, got 'KD'"),
        ({"nerts": ["KD", "Q S"]}, f"seats[0].nerts[1]: {CODE} 'Q S'"),
        ({"nerts": ["kd", "QS"]}, f"seats[0].nerts[0]: {CODE} 'kd'"),
        ({"nerts": ["KD", "TS"]}, f"seats[0].nerts[1]: {CODE} 'TS'"),
        ({"nerts": [["KD"]]}, f"seats[0].nerts[0]: {CODE} ['KD']"),
        ({"nerts": {"KD": 1}}, "seats[0].nerts: expected a list of card codes, got {'KD': 1}"),
        ({"work": ["9H"]}, "seats[0].work[0]: expected a list of card codes, got '9H'"),
        ({"work": [{"9H": 0}]}, "seats[0].work[0]: expected a list of card codes, got {'9H': 0}"),
        ({"work": [["9H"], []]}, "seats[0].work: expected 1 work piles, got [['9H'], []]"),
        ({"work": "9H"}, "seats[0].work: expected a list of work piles, got '9H'"),
        (
            {"work": [["9H", "AS0"]]},
            "seats[0].work[0][1]: expected a card code such as '10H', 'QS' or 'X1(r9)', got 'AS0'",
        ),
        ({"stock": None}, "seats[0].stock: expected a list of card codes, got None"),
        ({"waste": ["2C", 3]}, f"seats[0].waste[1]: {CODE} 3"),
        ({"passes": -1}, "seats[0].passes: expected an int 0..9223372036854775807, got -1"),
        ({"passes": True}, "seats[0].passes: expected an int 0..9223372036854775807, got True"),
        ({"passes": "1"}, "seats[0].passes: expected an int 0..9223372036854775807, got '1'"),
        ({"down": [[], []]}, "seats[0].down: expected 1 piles (one per work pile), got [[], []]"),
        ({"down": "9H"}, "seats[0].down: expected a list of face-down piles, got '9H'"),
        ({"down": [["X9"]]}, f"seats[0].down[0][0]: {CODE} 'X9'"),
    ],
)  # fmt: skip
def test_seat_shape_errors(changes, message):
    assert error(_seat(state_doc(), **changes)) == message


def test_an_empty_down_list_is_no_face_down_cards():
    assert from_data(_seat(state_doc(), down=[[]])) == SMALL


LARGER = "larger than the variant deals"
OUTSIDE = "outside the Klondike layout"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"nerts": ["KD", "KD"]}, "seat 0's deck: twice ['KD'], missing ['QS']"),
        ({"nerts": ["KD"]}, "seat 0's deck: twice [], missing ['QS']"),
        ({"work": [["9H", "QS"]], "nerts": ["KD"]}, "seat 0's work pile 0: Q♠ cannot lie on 9♥"),
        ({"passes": 3}, None),
        ({"nerts": ["KD", "QS", "2C"], "waste": ["3C"]}, f"seat 0's Nerts pile is {LARGER}"),
        ({"down": [["QS"]], "nerts": ["KD"]}, f"seat 0 has face-down work cards {OUTSIDE}"),
    ],
)  # fmt: skip
def test_illegal_positions(changes, reason):
    data = _seat(state_doc(), **changes)
    if reason is None:  # passes are fine without a limit, not past one
        assert from_data(data, nl.GameState).seats[0].passes == 3
        data["variant"]["max_stock_passes"] = 2
        reason = "seat 0 has turned its waste over more often than allowed (3 > 2)"
    assert error(data) == f"state: not a legal position: {reason}"


@pytest.mark.parametrize(
    ("work", "reason"),
    [
        (["9H", "8S", "7D"], None),
        (["9H", "8S", "7S"], "7♠ cannot lie on 8♠"),
        (["9H", "8S", "7D", "6D"], "6♦ cannot lie on 7♦"),
        (["9H", "7S", "6D"], "7♠ cannot lie on 9♥"),
    ],
)
def test_every_step_of_a_long_work_pile_is_tested(work, reason):
    # (the readers test a pile of three or more cards at once against a whole run)
    data = state_doc()
    seat = data["seats"][0]
    seat["stock"] = [c for c in seat["stock"] if c not in work]
    seat["work"] = [work]
    if reason is None:
        assert [c.code for c in from_data(data, nl.GameState).seats[0].work_piles[0]] == work
    else:
        assert error(data) == f"state: not a legal position: seat 0's work pile 0: {reason}"
    nfen = nfen_of(data)
    if reason is None:
        assert nl.GameState.from_nfen(nfen) == from_data(data)
    else:
        with pytest.raises(nl.NFENError, match=reason):
            nl.GameState.from_nfen(nfen)


def test_illegal_foundations_and_endings():
    assert error(state_doc(foundations=[["2H0", "AH0"]])) == (
        "state: not a legal position: foundation 0: starts with 2♥, not an Ace"
    )
    assert error(state_doc(foundations=[["AH0", "2H0"], ["AH0"]])) == (
        "state: not a legal position: seat 0's deck: twice ['AH'], missing []"
    )
    assert error(state_doc(status="nerts", caller=0)) == (
        "state: not a legal position: seat 0 ended the hand with cards in its Nerts pile"
    )
    assert error(state_doc(foundations=[["AH0", "2H1"]])) == (
        "state: not a legal position: foundation 0: '2H1' is not a card code + owner seat"
    )
    teams = state_doc()
    teams["variant"]["teams"] = [[0], [1]]
    assert error(teams) == (
        "state: not a legal position: Variant.teams ((0,), (1,)) must group exactly seats 0..0"
    )


def test_klondike_errors():
    data = to_data(KLONDIKE_STATE)
    data["seats"][0]["work"][2] = []
    data["seats"][0]["stock"].append("KD")
    assert error(data) == (
        "state: not a legal position: seat 0's work pile 2 has face-down cards but no top"
    )
    data = to_data(KLONDIKE_STATE)
    data["seats"][0]["down"][1] = ["3S"]
    data["seats"][0]["down"][2] = ["9H"]
    data["seats"][0]["work"][1] = ["KH"]
    data["seats"][0]["stock"].remove("KH")
    assert from_data(data, nl.GameState).seats[0].down == (
        (),
        (nl.Card.parse("3S").id,),
        (nl.Card.parse("9H").id,),
    )
    data["seats"][0]["down"][1] = ["3S", "4S"]
    data["seats"][0]["stock"].remove("4S")
    assert error(data) == (
        "state: not a legal position: seat 0's work pile 1 has 2 face-down cards; the deal gives 1"
    )
    data["seats"][0]["down"][1] = ["3S"]
    data["seats"][0]["stock"].append("4S")
    data["variant"]["work_pile_layout"] = "single"
    assert error(data) == (
        "state: not a legal position: seat 0 has face-down work cards outside the Klondike layout"
    )


def test_the_position_error_keeps_the_checker_s_error():
    # the JSON reader checks the position where the NFEN reader does (no NFEN text between)
    with pytest.raises(SerializationError) as info:
        from_data(_seat(state_doc(), nerts=["KD", "KD"]))
    cause = info.value.__cause__
    assert isinstance(cause, nl.NertsError)
    assert not isinstance(cause, nl.NFENError)
    assert str(info.value) == f"state: not a legal position: {cause}"


def test_outcome_errors():
    base = doc(nl.Outcome(nl.EndReason.NERTS, caller=1, scores=(-3, 12)))

    def bad(**changes: Any) -> str:
        return error({**base, **changes})

    assert bad(reason="won") == "reason: expected 'nerts' or 'stalemate', got 'won'"
    assert bad(caller=2) == "caller: expected an int 0..1, got 2"
    assert bad(caller=None) == "caller: expected an int 0..1, got None"
    assert bad(reason="stalemate") == "caller: expected null when the reason is 'stalemate', got 1"
    assert bad(scores=[]) == "scores: expected 1 to 8 scores, got []"
    assert bad(scores=[0] * 9) == f"scores: expected 1 to 8 scores, got {[0] * 9}"
    assert bad(scores=[1, "2"]) == "scores[1]: expected an int, got '2'"
    assert bad(scores=[1, True]) == "scores[1]: expected an int, got True"
    assert bad(scores=(1, 2)) == "scores: expected a list of ints, got (1, 2)"
    assert bad(winner=1) == "outcome: unknown key 'winner'"
    assert from_data({**base, "reason": "stalemate", "caller": None}) == nl.Outcome(
        nl.EndReason.STALEMATE, None, (-3, 12)
    )


def test_replay_errors():
    base = doc(Replay.record("standard", 2, 4, ["0:turn"]))

    def bad(**changes: Any) -> str:
        return error({**base, **changes})

    assert bad(seats=0) == "seats: expected an int 1..8, got 0"
    assert bad(seats=9) == "seats: expected an int 1..8, got 9"
    assert bad(seed=-1) == "seed: expected an int 0..18446744073709551615, got -1"
    assert bad(events="0:turn") == "events: expected a list of events, got '0:turn'"
    assert bad(events=["0:turn", None]) == (
        "events[1]: expected move notation such as '0:6H@N>F3', got None"
    )
    assert bad(events=["0:turn", "0:trun"]) == (
        "events[1]: not a move: '0:trun' (expected e.g. '0:6H@N>F3', '0:turn')"
    )
    after = nl.apply(nl.deal("standard", 2, 4), nl.Move.turn(0))
    rejection = nl.check(after, nl.Move.restock(0))
    assert rejection is not None
    assert bad(events=["0:turn", "0:restock"]) == (
        f"events[1]: illegal move 0:restock: {rejection.message}"
    )
    assert bad(events=["resolve"]) == (
        "events[0]: not every seat is stuck: seat 0 can still make progress"
    )
    rejection = nl.check(nl.deal("standard", 2, 4), nl.Move.turn(2))
    assert rejection is not None
    assert rejection.reason is nl.Reason.NO_SUCH_SEAT
    assert bad(events=["2:turn"]) == f"events[0]: illegal move 2:turn: {rejection.message}"
    teams = copy.deepcopy(base)
    teams["variant"]["teams"] = [[0, 1, 2]]
    assert error(teams) == "replay: Variant.teams ((0, 1, 2),) must group exactly seats 0..1"
    assert bad(moves=[]) == "replay: unknown key 'moves'"
    with pytest.raises(SerializationError) as info:
        from_data({**base, "events": ["0:turn", "0:restock"]})
    assert isinstance(info.value.__cause__, nl.IllegalMoveError)
    assert info.value.__cause__.reason is nl.Reason.STOCK_NOT_EMPTY


# --- the text reader reads what the data reader reads ------------------------------------------


def _read(read: Any, text: str) -> object:
    """What ``read(text)`` returns, or the message of the SerializationError it raises."""
    try:
        return read(text)
    except SerializationError as exc:
        return f"error: {exc}"


def _whole(text: str) -> object:
    """The plainest reader: decode everything, then from_data."""
    return from_data(json.loads(text))


@given(states(max_steps=120), variants())
def test_to_json_text_and_edits_of_it_read_as_their_data_reads(state, other):
    text = to_json(state)
    assert from_json(text) == state
    assert from_json(text, nl.GameState) == state
    body = text[:-1]
    edited = [
        body + ', "seed": 7}',  # a repeated key: JSON readers take the last
        body + ', "seats": []}',
        body + f', "variant": {json.dumps(to_data(other)["variant"])}}}',
        body + ', "schema": 2}',
        body + ', "type": "move"}',
        body + ', "rules_version": 0}',
        body + ', "colour": "red"}',
        body.replace(', "seats": [', ',  "seats": [', 1) + "}",
        text + "  ",
        re.sub('"status": "[a-z]+"', '"status": "over"', text),
    ]
    for changed in edited:
        assert _read(from_json, changed) == _read(_whole, changed), changed
    assert _read(from_json, edited[0]) == attrs.evolve(state, seed=7)
    assert _read(from_json, edited[1]) == "error: seats: a hand has 1 to 8 seats, got []"
    assert _read(from_json, edited[8]) == state
    for bad in (text + " \x0c", text + " x"):  # not JSON whitespace, not JSON
        with pytest.raises(nl.SerializationError, match="not JSON"):
            from_json(bad)


def test_other_text_is_read_whole():
    text = to_json(SMALL)
    assert str(_read(from_json, text[:-2])).startswith("error: not JSON: ")
    assert from_json(text.replace(', "seats": [', ', "seats":[')) == SMALL
    unknown = text.replace('"stalled"', '"seats_x": 1, "stalled"')
    assert _read(from_json, unknown) == "error: state: unknown key 'seats_x'"
    variant = nl.Variant(nerts_pile_size=2, work_piles=1, king_bonus=3)
    fresh = json.dumps(to_data(attrs.evolve(SMALL, variant=variant)))
    assert from_json(fresh).variant == variant  # type: ignore[union-attr]
    assert (
        _read(lambda t: from_json(t, nl.Move), text) == "error: type: expected 'move', got 'state'"
    )
    assert from_json(" " + text) == SMALL


def test_reading_does_not_depend_on_what_was_written_or_read_before():
    variant = nl.Variant(nerts_pile_size=2, work_piles=1, king_bonus=3)
    text = json.dumps(to_data(attrs.evolve(SMALL, variant=variant)))
    first = from_json(text)
    for state in (SMALL, nl.deal("pounce", 3, seed=2), attrs.evolve(SMALL, variant=variant)):
        assert from_json(to_json(state)) == state
    assert from_json(text) == first
    assert to_json(first) == to_json(from_json(to_json(first)))


def test_bound_jokers_are_read_into_a_dict_of_their_seat():
    jokers = nl.Variant(jokers_per_deck=2)
    bound = position(jokers, 2, work={0: ["10S.X1.8S", "", "", ""], 1: ["KD.X2.JD", "", "", ""]})
    assert "X1(r9)" in to_json(bound)
    assert "X2(bQ)" in to_json(bound)
    for _ in range(2):
        assert from_json(to_json(bound)) == bound


def test_documents_of_other_variants_read_in_turn():
    # (the reader compares a document's variant with the one it read last before anything)
    states = [
        nl.deal("standard", 2, seed=1),
        nl.deal(nl.Variant(stock_turn=1), 2, seed=1),
        nl.deal("pounce", 3, seed=2),
    ]
    texts = [to_json(s) for s in states]
    for text, state in zip(texts * 2 + texts[::-1], states * 2 + states[::-1], strict=True):
        assert from_json(text) == state
        assert from_json(text, nl.GameState).variant == state.variant
