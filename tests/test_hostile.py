"""Hostile input: every parser gives a valid value or a NertsError, quickly, with a short message.

The contract of ``GameState.from_nfen``, ``View.from_nfen``, ``Move.parse``, ``Card.parse``,
``from_json``/``from_data`` (every document type), ``Variant.from_spec``/``from_json``/
``from_toml``, ``variants.get`` and ``variants.load``: for any input, a ``ValueError`` subclass
with a clear message, or a valid value; never another exception. The ``ValueError`` is
always a :class:`~nertslib.NertsError` (issue 39: ``Move.parse``, ``Card.parse`` and the
variant readers raised plain ones, and ``from_json`` passed Python's digit limit through).
The regressions of the audit
(issue 23, points 7-13) come first, then a mutation fuzzer per parser (the ``deep`` profile
runs it long).
"""

from __future__ import annotations

import contextlib
import json
import signal
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nertslib as nl
from nertslib.testing import state_problems
from tests.helpers import position
from tests.strategies import examples, games, states, variants

#: No parser message may be longer than this, whatever it was given.
MESSAGE_LIMIT = 2_000


@contextlib.contextmanager
def hang_guard(seconds: int) -> Iterator[None]:
    """Fail a call that runs ``seconds`` (a hang guard far above the call's cost, not a
    benchmark: the inputs below take well under a second, and took 10 s when quadratic)."""

    def stop(_signum: int, _frame: FrameType | None) -> None:
        msg = f"still running after {seconds} s: not linear any more"
        raise TimeoutError(msg)

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def parsed_or_refused(parse: Callable[[Any], Any], text: object) -> Any:
    """``parse(text)``, or ``None`` if it raised a NertsError with a short message."""
    try:
        return parse(text)
    except nl.NertsError as error:
        message = str(error)
    assert len(message) <= MESSAGE_LIMIT, message[:200]
    return None


def refusal(parse: Callable[[Any], object], text: object) -> str:
    """The message of the NertsError ``parse(text)`` raises (any other outcome fails)."""
    with pytest.raises(nl.NertsError, match=r".") as info:
        parse(text)
    message = str(info.value)
    assert len(message) <= MESSAGE_LIMIT, message[:200]
    return message


SMALL = position(
    nl.Variant(jokers_per_deck=1), seats=2, nerts={0: "5S", 1: "KH"}, work={0: ["10S", "", "KD"]}
)


def seat_field(state: nl.GameState, seat: int) -> str:
    return state.to_nfen().split()[2 + seat]


# --- 7. IndexError: a joker the deck does not have, in a work pile -------------------------------


def test_a_work_pile_with_a_joker_the_deck_does_not_have_is_refused() -> None:
    text = "standard,jokers_per_deck=1 - -|X2.QH|-|-|-|-|-|0 play r0 s0"
    assert "the variant deals 1 joker(s)" in refusal(nl.GameState.from_nfen, text)
    nfen = SMALL.to_nfen()
    assert "X2" not in nfen
    bad = nfen.replace(seat_field(SMALL, 0), seat_field(SMALL, 0).replace("|KD|", "|X2.QH|", 1))
    assert "the variant deals 1 joker(s)" in refusal(nl.GameState.from_nfen, bad)
    shown = nl.view(SMALL, 0).to_nfen()
    assert "|KD|" in shown
    assert "joker" in refusal(nl.View.from_nfen, shown.replace("|KD|", "|X2.QH|", 1))
    data = nl.to_data(SMALL)
    data["seats"][0]["work"][2] = ["X2", "QH"]
    assert "the variant deals 1 joker(s)" in refusal(nl.from_data, data)


# --- 8. RecursionError: deep nesting -------------------------------------------------------------


@pytest.mark.parametrize("depth", [994, 100_000])
def test_deeply_nested_json_and_toml_are_refused(depth: int, tmp_path: Path) -> None:
    brackets = "[" * depth + "]" * depth
    refusal(nl.from_json, brackets)
    refusal(nl.Variant.from_json, brackets)
    refusal(nl.Variant.from_toml, "a = " + "[" * (depth // 2) + "]" * (depth // 2))
    for name, text in (("deep.json", brackets), ("deep.toml", "a = " + brackets)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert refusal(nl.variants.load, path).startswith(str(path))


# --- 9. non-string input -------------------------------------------------------------------------

NOT_TEXT = [None, 5, 1.5, b"standard", ["standard"], {"stock_turn": 1}, object()]


@pytest.mark.parametrize("value", NOT_TEXT)
def test_non_strings_are_refused_with_a_value_error(value: object) -> None:
    for parse in (
        nl.GameState.from_nfen,
        nl.View.from_nfen,
        nl.Move.parse,
        nl.Card.parse,
        nl.Variant.from_spec,
        nl.Variant.from_toml,
        nl.variants.get,
    ):
        refusal(parse, value)
    if not isinstance(value, bytes):
        refusal(nl.Variant.from_json, value)
        refusal(nl.from_json, value)
    refusal(nl.from_data, value)
    refusal(nl.Variant.from_dict, value if not isinstance(value, dict) else {1: 2})


# --- 10. invalid positions accepted --------------------------------------------------------------


def tail_changed(state: nl.GameState, tail: str) -> str:
    """``state``'s NFEN with its last three tokens (status, resolutions, seed) replaced."""
    return " ".join([*state.to_nfen().split()[:-3], tail])


def test_two_foundations_of_one_suit_are_refused_under_one_per_suit() -> None:
    free = position("standard", seats=2, foundations=["AS0", "AS1"], nerts={0: "5S", 1: "5S"})
    one = free.to_nfen().replace("standard", "standard,foundation_limit=one_per_suit", 1)
    assert "two foundations of one suit" in refusal(nl.GameState.from_nfen, one)
    view = (
        nl.view(free, None)
        .to_nfen()
        .replace("standard", "standard,foundation_limit=one_per_suit", 1)
    )
    assert "two foundations of one suit" in refusal(nl.View.from_nfen, view)
    data = nl.to_data(free)
    data["variant"]["foundation_limit"] = "one_per_suit"
    assert "two foundations of one suit" in refusal(nl.from_data, data)


def test_klondike_piles_never_hold_more_face_down_cards_than_the_deal_gives() -> None:
    dealt = nl.deal("pounce", seats=1, seed=3)
    assert dealt.seats[0].face_down_counts == (0, 1, 2, 3, 4)
    nfen = dealt.to_nfen()
    fields = nfen.split()[2].split("|")
    # pile 1's face-down card moved under pile 0, which the deal gives none
    down1, _, top1 = fields[2].partition("~")
    fields[1], fields[2] = f"{down1}~{fields[1]}", top1
    bad = nfen.replace(nfen.split()[2], "|".join(fields))
    message = refusal(nl.GameState.from_nfen, bad)
    assert "work pile 0 has 1 face-down cards; the deal gives 0" in message
    assert "the deal gives 0" in refusal(
        nl.View.from_nfen,
        nl.view(dealt, 0).to_nfen().replace("|1?~", "|", 1).replace("|", "|1?~", 1),
    )


@pytest.mark.parametrize(
    ("tail", "why"),
    [
        ("play r0! s0", "marked stalled (!) but has had no stuck resolution"),
        ("stalemate r0 s0", "ends in stalemate only after a stuck resolution"),
        ("play r٣ s0", "expected r<resolutions>"),
        ("play r0 s٣", "expected s<seed>"),
        (f"play r0 s{2**64}", "the seed must be below 2**64"),
    ],
)
def test_impossible_status_fields_are_refused(tail: str, why: str) -> None:
    assert why in refusal(nl.GameState.from_nfen, tail_changed(SMALL, tail))


def test_the_accepted_neighbours_of_those_status_fields() -> None:
    assert nl.GameState.from_nfen(tail_changed(SMALL, "play r1! s0")).stalled
    ended = nl.GameState.from_nfen(tail_changed(SMALL, "stalemate r1 s0"))
    assert ended.status is nl.EndReason.STALEMATE
    at_once = nl.GameState.from_nfen(
        tail_changed(SMALL, "stalemate r0 s0").replace(
            "standard,jokers_per_deck=1", "standard,stuck_resolution=end_hand,jokers_per_deck=1"
        )
    )
    assert at_once.variant.stuck_resolution == "end_hand"
    assert nl.GameState.from_nfen(tail_changed(SMALL, f"play r0 s{2**64 - 1}")).seed == 2**64 - 1


def test_an_auto_call_hand_with_an_empty_nerts_pile_is_over() -> None:
    nfen = position("standard", seats=2, nerts={0: "5S"}).to_nfen().replace("standard", "nna", 1)
    assert "ends the hand under call_mode='auto'" in refusal(nl.GameState.from_nfen, nfen)
    called = nfen.replace(" play ", " nerts:1 ")
    assert nl.GameState.from_nfen(called).caller == 1


def test_other_digits_and_seeds_out_of_range_are_refused_everywhere() -> None:
    assert "expected" in refusal(nl.View.from_nfen, nl.view(SMALL, 0).to_nfen()[:-1] + "٣")
    data = nl.to_data(SMALL)
    data["seed"] = 2**64
    assert "seed" in refusal(nl.from_data, data)
    refusal(lambda seed: nl.deal("standard", 2, seed), 2**64)
    refusal(nl.Variant.from_spec, "standard,stock_turn=١")
    refusal(nl.Move.parse, "٠:turn")


# --- 11. quadratic time --------------------------------------------------------------------------


@pytest.mark.parametrize("copies", [64_000, 256_000])
def test_many_duplicate_cards_are_refused_in_linear_time(copies: int) -> None:
    shown = nl.view(SMALL, 0).to_nfen()
    assert "|KD|" in shown
    flood = shown.replace("|KD|", "|" + ".".join(["KD"] * copies) + "|", 1)
    with hang_guard(20):
        refusal(nl.View.from_nfen, flood)
        refusal(nl.GameState.from_nfen, SMALL.to_nfen().replace("|KD|", flood.split("|")[3], 1))


# --- 12. memory: long specs are not kept ---------------------------------------------------------


def test_long_variant_specs_are_not_kept_by_the_spec_cache() -> None:
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(60):
            # valid: a repeated field takes its last value
            spec = "standard" + ",stock_turn=1" * 4_000 + f",caller_bonus={i}"
            assert nl.Variant.from_spec(spec).caller_bonus == i
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 1_000_000  # 60 specs of 48 KB would keep 2.9 MB


# --- 13. messages quote a bounded excerpt --------------------------------------------------------


def test_a_megabyte_of_input_gives_a_short_message_that_still_points_at_the_fault() -> None:
    megabyte = "x" * 1_000_000
    nfen = SMALL.to_nfen()
    for parse, text in (
        (nl.GameState.from_nfen, nfen + megabyte),
        (nl.GameState.from_nfen, megabyte + nfen),
        (nl.View.from_nfen, megabyte),
        (nl.Move.parse, "0:" + megabyte),
        (nl.Card.parse, megabyte),
        (nl.Variant.from_spec, "standard," + megabyte),
        (nl.Variant.from_spec, megabyte),
        (nl.Variant.from_json, '{"' + megabyte + '": 1}'),
        (nl.Variant.from_toml, "a = '" + megabyte + "'"),
        (nl.variants.get, megabyte),
        (nl.from_json, '{"schema": 1, "type": "' + megabyte + '"}'),
    ):
        message = refusal(parse, text)
        assert "characters" in message or len(message) < 300, message[:300]
    spec = "standard" + ",stock_turn=1" * 80_000 + ",oops" + ",caller_bonus=1" * 80_000
    message = refusal(nl.Variant.from_spec, spec)
    assert message.startswith("not a variant spec item (expected field=value): 'oops' in '…")
    assert "stock_turn=1,oops,caller_bonus" in message  # the window around the fault


# --- the fuzzer: mutated valid documents ---------------------------------------------------------

ALPHABET = '0123456789AKQJXCDHS.|~-?!/ :=+>@()[]{}",rsvNWPFU٣\x00é'


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` after one to four edits: a slice deleted, duplicated or repeated many times,
    two characters swapped, a character replaced, a huge number or deep nesting put in."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 12)))
        edit = draw(st.sampled_from(["delete", "duplicate", "flood", "swap", "replace", "insert"]))
        if edit == "delete":
            text = text[:i] + text[j:]
        elif edit == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif edit == "flood":
            text = text[:j] + text[i:j] * draw(st.integers(2, 5_000)) + text[j:]
        elif edit == "swap" and j - i >= 2:
            text = text[:i] + text[j - 1] + text[i + 1 : j - 1] + text[i] + text[j:]
        elif edit == "replace" and i < n:
            text = text[:i] + draw(st.sampled_from(ALPHABET)) + text[i + 1 :]
        else:
            piece = draw(
                st.sampled_from(
                    # a number over Python's 4300-digit limit, and characters whose repr is
                    # four to ten characters long (a quoted excerpt must stay bounded)
                    [
                        *("9" * 30, "-1", str(2**64), "[" * 2_000, "{" * 500, "∞", ""),
                        *("9" * 4_400, "\x00" * 999, "\U0001f600" * 999, "\ud800" * 999),
                        "'\"\\" * 333,
                    ]
                )
            )
            text = text[:i] + piece + text[i:]
    return text


def check_state(state: nl.GameState) -> None:
    """An accepted state is valid: its invariants hold and every query answers."""
    assert state_problems(state) == []
    assert nl.GameState.from_nfen(state.to_nfen()) == state
    for seat in range(len(state.seats)):
        for move in nl.legal_moves(state, seat):
            nl.apply(state, move)
        nl.is_stuck(state, seat)
    nl.view(state, None)


def fuzz_settings(ci: int) -> settings:
    return settings(examples(ci), suppress_health_check=list(HealthCheck), deadline=None)


@fuzz_settings(150)
@given(st.data())
def test_fuzz_game_state_from_nfen(data: st.DataObject) -> None:
    state = data.draw(states(max_steps=60), label="state")
    text = data.draw(mutated_text(state.to_nfen()), label="text")
    parsed = parsed_or_refused(nl.GameState.from_nfen, text)
    if parsed is not None:
        check_state(parsed)


@fuzz_settings(150)
@given(st.data())
def test_fuzz_view_from_nfen(data: st.DataObject) -> None:
    state = data.draw(states(max_steps=60), label="state")
    seat = data.draw(st.one_of(st.none(), st.integers(0, len(state.seats) - 1)), label="seat")
    text = data.draw(mutated_text(nl.view(state, seat).to_nfen()), label="text")
    parsed = parsed_or_refused(nl.View.from_nfen, text)
    if parsed is not None:
        assert nl.View.from_nfen(parsed.to_nfen()) == parsed
        if parsed.seat is not None:
            check_state(nl.determinize(parsed, 0))


@fuzz_settings(200)
@given(st.data())
def test_fuzz_move_and_card_parse(data: st.DataObject) -> None:
    game = data.draw(games(max_steps=40), label="game")
    moves = [str(m) for m in game[1]] or ["0:turn"]
    text = data.draw(mutated_text(data.draw(st.sampled_from(moves))), label="move")
    move = parsed_or_refused(nl.Move.parse, text)
    if move is not None:
        assert nl.Move.parse(str(move)) == move
    code = data.draw(mutated_text(data.draw(st.sampled_from(["10H", "QS", "X1", "X2=6H"]))))
    card = parsed_or_refused(nl.Card.parse, code)
    if card is not None:
        assert nl.Card.parse(card.code, owner=card.owner) == card


@fuzz_settings(200)
@given(variants(), st.data())
def test_fuzz_variant_readers(variant: nl.Variant, data: st.DataObject) -> None:
    for text, parse in (
        (variant.to_spec(), nl.Variant.from_spec),
        (variant.to_json(), nl.Variant.from_json),
        (variant.to_toml(), nl.Variant.from_toml),
        (variant.to_spec().partition(",")[0], nl.variants.get),
    ):
        bad = data.draw(mutated_text(text))
        parsed = parsed_or_refused(parse, bad)
        if parsed is not None:
            assert nl.Variant.from_spec(parsed.to_spec()) == parsed


WRONG: list[object] = [None, True, 1.5, -1, 2**70, "", "x" * 5_000, [], {}, [[[[[]]]]], "X9"]


def node_paths(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """The path (keys and indices) to every node of a JSON-like value."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from node_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from node_paths(item, (*path, i))


@st.composite
def mutated_data(draw: st.DrawFn, document: dict[str, Any]) -> object:
    """``document`` (a deep copy) with one to three nodes replaced, deleted or added to."""
    data: Any = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(node_paths(data))
        path = draw(st.sampled_from(paths))
        if not path:
            return draw(st.sampled_from(WRONG))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        edit = draw(st.sampled_from(["replace", "delete", "add"]))
        if edit == "replace":
            parent[last] = draw(st.sampled_from(WRONG))
        elif edit == "delete":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "seed", "type"]))] = draw(st.sampled_from(WRONG))
        else:
            parent.insert(last, parent[last])
    return data


@fuzz_settings(150)
@given(st.data())
def test_fuzz_documents(data: st.DataObject) -> None:
    state, log = data.draw(games(max_steps=40), label="game")
    start = nl.deal(state.variant, len(state.seats), state.seed)
    documents = [nl.to_data(state), nl.to_data(state.variant)]
    if log:
        documents.append(nl.to_data(log[-1]))
    replay = nl.Replay(state.variant, len(state.seats), state.seed, ())
    documents.append(nl.to_data(replay))
    assert start is not None
    document = data.draw(st.sampled_from(documents), label="document")
    bad = data.draw(mutated_data(document), label="data")
    for parse in (nl.from_data, lambda d: nl.from_json(json.dumps(d))):
        parsed = parsed_or_refused(parse, bad)
        if parsed is not None:
            assert nl.from_json(nl.to_json(parsed)) == parsed
            if isinstance(parsed, nl.GameState):
                check_state(parsed)


def test_variants_load_refuses_every_broken_file(tmp_path: Path) -> None:
    for name, text in (
        ("a.json", "{"),
        ("b.json", "[]"),
        ("c.toml", "stock_turn = "),
        ("d.toml", "\x00"),
        ("e.json", '{"stock_turn": 2}'),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert refusal(nl.variants.load, path).startswith(str(path))
    (tmp_path / "f.json").write_bytes(b"\xff\xfe")
    refusal(nl.variants.load, tmp_path / "f.json")


PARSERS: dict[str, Callable[[str], object]] = {
    "Move.parse": nl.Move.parse,
    "Card.parse": nl.Card.parse,
    "Variant.from_spec": nl.Variant.from_spec,
    "Variant.from_json": nl.Variant.from_json,
    "Variant.from_toml": nl.Variant.from_toml,
    "variants.get": nl.variants.get,
    "from_json": nl.from_json,
    "GameState.from_nfen": nl.GameState.from_nfen,
    "View.from_nfen": nl.View.from_nfen,
}


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize(
    "text",
    [
        "9" * 4_300,  # Python's digit limit: at it, and one over
        "9" * 4_301,
        '{"schema": ' + "9" * 4_301 + "}",
        "stock_turn = " + "9" * 4_301,
        "standard:target_score=" + "9" * 4_301,
    ],
)
def test_python_s_digit_limit_is_a_nerts_error(parser: str, text: str) -> None:
    assert "Exceeds the limit" not in refusal(PARSERS[parser], text)


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize("char", ["\x00", "\U0001f600", "\ud800", "'", "é"])
@pytest.mark.parametrize("length", [999, 1_000, 1_001, 3_000])
def test_quoted_input_stays_bounded_whatever_its_repr(parser: str, char: str, length: int) -> None:
    # The excerpt quotes input up to 1 000 characters whole: its repr (four to ten characters
    # for one of these) was not bounded, and messages reached 6 KB.
    for text in (char * length, "standard:" + char * length, "0:" + char * length):
        refusal(PARSERS[parser], text)


@pytest.mark.parametrize("knob", ["target_score", "max_stock_passes", "nerts_pile_size", "teams"])
def test_a_spec_number_past_pythons_digit_limit_is_a_bounded_nerts_error(knob: str) -> None:
    spec = f"standard,{knob}={'9' * 4_401}"
    with pytest.raises(nl.NertsError) as refused:
        nl.Variant.from_spec(spec)
    assert len(str(refused.value)) <= 2_000
