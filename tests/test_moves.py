"""Unit tests for nertslib.moves: Move values, their notation, validation and predicates."""

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import Card, Move, MoveKind, Zone
from nertslib.cards import card_from_id
from nertslib.errors import NertsError

NOTATION_ERROR = "not a move: {!r} (expected e.g. '0:6H@N>F3', '0:turn')"
NOTATION_HINT = "expected e.g. '0:6H@N>F3', '0:turn'"
SOURCES = [Zone.NERTS, Zone.WASTE, Zone.WORK]
TARGETS = [Zone.FOUNDATION, Zone.NEW_FOUNDATION, Zone.WORK, Zone.UNDER]
INDEXED = (Zone.WORK, Zone.FOUNDATION, Zone.UNDER)
WORDS = {
    MoveKind.TURN: "turn",
    MoveKind.RESTOCK: "restock",
    MoveKind.ROTATE: "rotate",
    MoveKind.CALL: "nerts",
}


def message_of(exc_type: type[Exception], fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is exc_type
    return str(info.value)


def card(code: str, owner: int = 0) -> Card:
    return Card.parse(code, owner)


# --- strategies ---------------------------------------------------------------------------


@st.composite
def play_moves(draw: st.DrawFn) -> Move:
    seat = draw(st.integers(0, 7))
    c = card_from_id(seat * 54 + draw(st.integers(0, 53)))
    source = draw(st.sampled_from(SOURCES))
    target = draw(st.sampled_from(TARGETS))
    si = draw(st.integers(0, 999)) if source is Zone.WORK else 0
    ti = draw(st.integers(0, 999)) if target in INDEXED else 0
    return Move.play(c, source, target, source_index=si, target_index=ti)


other_moves = st.builds(
    Move, st.integers(0, 7), st.sampled_from([k for k in MoveKind if k is not MoveKind.PLAY])
)
any_move = st.one_of(play_moves(), other_moves)


def expected_notation(m: Move) -> str:
    if m.kind is not MoveKind.PLAY:
        return f"{m.seat}:{WORDS[m.kind]}"
    assert m.card is not None
    assert m.source is not None
    assert m.target is not None
    src = {Zone.NERTS: "N", Zone.WASTE: "W", Zone.WORK: f"P{m.source_index}"}[m.source]
    dst = {
        Zone.FOUNDATION: f"F{m.target_index}",
        Zone.NEW_FOUNDATION: "F+",
        Zone.WORK: f"P{m.target_index}",
        Zone.UNDER: f"U{m.target_index}",
    }[m.target]
    return f"{m.seat}:{m.card.code}@{src}>{dst}"


# --- enums --------------------------------------------------------------------------------


def test_move_kind_values():
    assert [k.value for k in MoveKind] == ["play", "turn", "restock", "rotate", "nerts"]
    assert MoveKind("nerts") is MoveKind.CALL


def test_enum_reprs_eval_back():
    assert repr(MoveKind.CALL) == "MoveKind.CALL"
    assert repr(Zone.NEW_FOUNDATION) == "Zone.NEW_FOUNDATION"
    for member in [*MoveKind, *Zone]:
        assert eval(repr(member), {"MoveKind": MoveKind, "Zone": Zone}) is member


def test_zone_values_and_codes():
    assert [z.value for z in Zone] == ["N", "W", "P", "F", "F+", "U"]
    assert [z.code for z in Zone] == ["N", "W", "P", "F", "F+", "U"]
    assert [z.name for z in Zone] == [
        "NERTS",
        "WASTE",
        "WORK",
        "FOUNDATION",
        "NEW_FOUNDATION",
        "UNDER",
    ]


# --- constructors -------------------------------------------------------------------------


def test_play_constructor_fields():
    c = card("6H", 3)
    m = Move.play(c, Zone.WORK, Zone.FOUNDATION, source_index=2, target_index=7)
    assert (m.seat, m.kind, m.card, m.source, m.source_index, m.target, m.target_index) == (
        3,
        MoveKind.PLAY,
        c,
        Zone.WORK,
        2,
        Zone.FOUNDATION,
        7,
    )
    plain = Move.play(c, Zone.NERTS, Zone.NEW_FOUNDATION)
    assert (plain.source_index, plain.target_index) == (0, 0)
    assert plain == Move(3, MoveKind.PLAY, c, Zone.NERTS, 0, Zone.NEW_FOUNDATION, 0)


def test_play_indices_are_keyword_only():
    with pytest.raises(TypeError):
        Move.play(card("6H"), Zone.WORK, Zone.WORK, 1, 2)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("factory", "kind"),
    [
        (Move.turn, MoveKind.TURN),
        (Move.restock, MoveKind.RESTOCK),
        (Move.rotate, MoveKind.ROTATE),
        (Move.call, MoveKind.CALL),
    ],
)
@pytest.mark.parametrize("seat", [0, 7])
def test_word_constructors(factory, kind, seat):
    m = factory(seat)
    assert m == Move(seat, kind)
    assert (m.seat, m.kind, m.card, m.source, m.source_index, m.target, m.target_index) == (
        seat,
        kind,
        None,
        None,
        0,
        None,
        0,
    )
    assert str(m) == f"{seat}:{kind.value}"
    assert m.is_progress is (kind is MoveKind.CALL)  # calling Nerts is progress
    assert m.to_foundation is False


def test_move_frozen_and_hashable():
    m = Move.turn(1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        m.seat = 2  # type: ignore[misc]
    assert hash(m) == hash(Move.turn(1))
    assert m != Move.turn(2)
    assert m != Move.restock(1)


# --- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move.play(card("6H"), Zone.NERTS, Zone.FOUNDATION, target_index=3), "0:6H@N>F3"),
        (Move.play(card("AS"), Zone.WASTE, Zone.NEW_FOUNDATION), "0:AS@W>F+"),
        (
            Move.play(card("9C", 1), Zone.WORK, Zone.WORK, source_index=0, target_index=2),
            "1:9C@P0>P2",
        ),
        (Move.play(card("KH", 2), Zone.NERTS, Zone.UNDER, target_index=1), "2:KH@N>U1"),
        (
            Move.play(card("10D", 7), Zone.WORK, Zone.UNDER, source_index=7, target_index=999),
            "7:10D@P7>U999",
        ),
        (
            Move.play(card("QC", 5), Zone.WORK, Zone.FOUNDATION, source_index=999),
            "5:QC@P999>F0",
        ),
        (Move.play(card("X1", 4), Zone.WASTE, Zone.WORK, target_index=5), "4:X1@W>P5"),
        (Move.play(card("X2", 6), Zone.WORK, Zone.NEW_FOUNDATION, source_index=3), "6:X2@P3>F+"),
        (Move.play(card("JS"), Zone.NERTS, Zone.FOUNDATION, target_index=10), "0:JS@N>F10"),
        (Move.turn(3), "3:turn"),
        (Move.restock(3), "3:restock"),
        (Move.rotate(3), "3:rotate"),
        (Move.call(3), "3:nerts"),
    ],
)
def test_notation_examples(move, text):
    assert move.notation() == text
    assert str(move) == text
    assert repr(move) == f"Move.parse({text!r})"
    assert Move.parse(text) == move


@given(any_move)
def test_notation_round_trip(m):
    text = str(m)
    assert text == expected_notation(m)
    assert text == m.notation()
    assert Move.parse(text) == m
    assert str(Move.parse(text)) == text


@given(any_move)
def test_repr_evals_back(m):
    assert eval(repr(m), {"Move": nl.Move}) == m


def test_parse_every_card_code_every_seat():
    for seat in range(8):
        for index in range(54):
            c = card_from_id(seat * 54 + index)
            text = f"{seat}:{c.code}@N>F+"
            m = Move.parse(text)
            assert m.card is c
            assert m.seat == seat
            assert str(m) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("0:TH@N>F1", "0:10H@N>F1"),
        ("2:TC@P4>U0", "2:10C@P4>U0"),
        ("0:6H@P012>P001", "0:6H@P12>P1"),
        ("1:AS@W>F000", "1:AS@W>F0"),
        ("3:KD@P9>U099", "3:KD@P9>U99"),
    ],
)
def test_parse_aliases_and_leading_zeros(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_parse_fields():
    m = Move.parse("6:10D@P12>U345")
    assert m == Move(6, MoveKind.PLAY, card("10D", 6), Zone.WORK, 12, Zone.UNDER, 345)
    assert Move.parse("7:nerts") == Move.call(7)
    assert Move.parse("0:rotate") == Move.rotate(0)
    assert Move.parse("5:restock") == Move.restock(5)
    assert Move.parse("2:turn") == Move.turn(2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0:",
        "0turn",
        "0:call",
        "0:play",
        "-1:turn",
        "a:turn",
        "0:6H@N",
        "0:6H@N>",
        "0:6H@N>F",
        "0:6H@N>F1000",
        "0:6H@N>F-1",
        "0:6H@N>F+1",
        "0:6H@N>P",
        "0:6H@N>U",
        "0:6H@N>N",
        "0:6H@N>W",
        "0:6H@N>X1",
        "0:6H@P>F1",
        "0:6H@P1000>F1",
        "0:6H@N1>F1",
        "0:6H@W0>F1",
        "0:6H@F1>P1",
        "0:6H@U1>P1",
        "0:1H@N>F1",
        "0:11H@N>F1",
        "0:6X@N>F1",
        "0:X3@N>F1",
        "0:X0@N>F1",
        "0:6H N>F1",
        "0:6H@N>F1>P2",
        "0:turn:1",
        None,
        5,
    ],
)
def test_parse_rejects(text):
    assert message_of(NertsError, Move.parse, text) == NOTATION_ERROR.format(text)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("turn", "missing seat: write '0:turn'"),
        ("nerts", "missing seat: write '0:nerts'"),
        ("6H@N>F0", "missing seat: write '0:6H@N>F0'"),
        ("0:Turn", "words are lower case: write '0:turn'"),
        ("0:TURN", "words are lower case: write '0:turn'"),
        ("0:as@p3>f+", "card moves are upper case: write '0:AS@P3>F+'"),
        ("0:6h@N>F1", "card moves are upper case: write '0:6H@N>F1'"),
        ("0:6H@n>F1", "card moves are upper case: write '0:6H@N>F1'"),
        ("0:x1@N>F1", "card moves are upper case: write '0:X1@N>F1'"),
        ("1:10h@w>u2", "card moves are upper case: write '1:10H@W>U2'"),
        ("0:x1=6h@p0>f1", "card moves are upper case: write '0:X1=6H@P0>F1'"),
        ("8:turn", "seat 8 does not exist: seats are 0..7"),
        ("9:turn", "seat 9 does not exist: seats are 0..7"),
        ("10:turn", "seat 10 does not exist: seats are 0..7"),
        ("8:6H@N>F1", "seat 8 does not exist: seats are 0..7"),
        ("0:6H", "a card move needs a source and a target: write e.g. '0:6H@N>F0'"),
        ("2:X1", "a card move needs a source and a target: write e.g. '2:X1@N>F0'"),
    ],
)
def test_parse_says_what_is_wrong(text, hint):
    assert message_of(NertsError, Move.parse, text) == f"not a move: {text!r} ({hint})"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("0:turn ", Move.turn(0)),
        (" 0:turn", Move.turn(0)),
        ("\t3:nerts\n", Move.call(3)),
        (
            "0:6H@N>F1 ",
            Move.play(Card.parse("6H", owner=0), Zone.NERTS, Zone.FOUNDATION, target_index=1),
        ),
    ],
)
def test_parse_trims_whitespace(text, move):
    assert Move.parse(text) == move


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0:QD@N>P2", "Q♦ from the Nerts pile onto work pile 2"),
        ("1:10C@W>F0", "10♣ from the waste onto foundation 0"),
        ("1:9C@P0>P3", "9♣ from work pile 0 onto work pile 3"),
        ("0:AS@N>F+", "A♠ from the Nerts pile onto a new foundation"),
        ("2:KH@N>U1", "K♥ from the Nerts pile under work pile 1"),
        ("0:X2@N>P2", "joker 2 from the Nerts pile onto work pile 2"),
        ("0:X1=6H@P2>F3", "joker 1 as 6♥ from work pile 2 onto foundation 3"),
        ("3:turn", "turn the stock onto the waste"),
        ("3:restock", "turn the waste over into a new stock"),
        ("3:rotate", "move the top stock card to the bottom"),
        ("3:nerts", "call Nerts!"),
    ],
)
def test_describe(text, words):
    assert Move.parse(text).describe() == words


# --- malformed moves ----------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 8, True, "0", 1.0, None])
def test_bad_seat(seat):
    msg = message_of(NertsError, Move, seat, MoveKind.TURN)
    assert msg == f"Move.seat must be a seat number 0..7; got {seat!r}"
    msg = message_of(NertsError, Move.turn, seat)
    assert msg == f"Move.seat must be a seat number 0..7; got {seat!r}"


@pytest.mark.parametrize("seat", [0, 1, 6, 7])
def test_good_seat(seat):
    assert Move.rotate(seat).seat == seat


@pytest.mark.parametrize("kind", ["turn", "play", None, 1])
def test_bad_kind(kind):
    msg = message_of(NertsError, Move, 0, kind)
    assert msg == f"malformed move: kind must be a MoveKind, got {kind!r}"


def test_play_of_another_seats_card():
    six = card("6H", 0)
    msg = message_of(NertsError, Move, 1, MoveKind.PLAY, six, Zone.NERTS, 0, Zone.WORK, 0)
    assert (
        msg == "malformed move: seat 1 can only move its own cards, not Card.parse('6H', owner=0)"
    )


@pytest.mark.parametrize("bad_card", [None, "6H", 6, card("6H").id])
def test_play_needs_a_card(bad_card):
    msg = message_of(NertsError, Move, 0, MoveKind.PLAY, bad_card, Zone.NERTS, 0, Zone.WORK, 0)
    assert msg == f"malformed move: a play names the Card it moves, got {bad_card!r}"
    msg = message_of(NertsError, Move.play, bad_card, Zone.NERTS, Zone.WORK)
    assert msg == f"malformed move: a play names the Card it moves, got {bad_card!r}"


@pytest.mark.parametrize(
    "source", [Zone.FOUNDATION, Zone.NEW_FOUNDATION, Zone.UNDER, None, "N", "W"]
)
def test_bad_source(source):
    msg = message_of(NertsError, Move.play, card("6H"), source, Zone.WORK)
    assert msg == (
        f"malformed move: source must be Zone.NERTS, Zone.WASTE or Zone.WORK, got {source!r}"
    )


@pytest.mark.parametrize("target", [Zone.NERTS, Zone.WASTE, None, "F", "P"])
def test_bad_target(target):
    msg = message_of(NertsError, Move.play, card("6H"), Zone.NERTS, target)
    assert msg == (
        f"malformed move: target must be a foundation, a work pile or under one, got {target!r}"
    )


@pytest.mark.parametrize("index", [-1, 1000, 10**6, True, 1.0, "1", None])
def test_bad_source_index(index):
    msg = message_of(NertsError, Move.play, card("6H"), Zone.WORK, Zone.WORK, source_index=index)
    assert msg == f"malformed move: pile index must be an int 0..999, got {index!r}"


@pytest.mark.parametrize("index", [-1, 1000, False, 2.0])
@pytest.mark.parametrize("target", [Zone.WORK, Zone.FOUNDATION, Zone.UNDER])
def test_bad_target_index(target, index):
    msg = message_of(NertsError, Move.play, card("6H"), Zone.NERTS, target, target_index=index)
    assert msg == f"malformed move: pile index must be an int 0..999, got {index!r}"


@pytest.mark.parametrize("index", [0, 1, 998, 999])
@pytest.mark.parametrize("target", [Zone.WORK, Zone.FOUNDATION, Zone.UNDER])
def test_good_indices(target, index):
    m = Move.play(card("6H"), Zone.WORK, target, source_index=index, target_index=index)
    assert (m.source_index, m.target_index) == (index, index)


@pytest.mark.parametrize(
    ("source", "target", "si", "ti", "zone_name", "index"),
    [
        (Zone.NERTS, Zone.WORK, 1, 0, "NERTS", 1),
        (Zone.WASTE, Zone.WORK, 1, 0, "WASTE", 1),
        (Zone.NERTS, Zone.WORK, 999, 0, "NERTS", 999),
        (Zone.WORK, Zone.NEW_FOUNDATION, 0, 1, "NEW_FOUNDATION", 1),
        (Zone.NERTS, Zone.NEW_FOUNDATION, 0, 5, "NEW_FOUNDATION", 5),
    ],
)
def test_index_on_zone_without_index(source, target, si, ti, zone_name, index):
    msg = message_of(
        NertsError, Move.play, card("6H"), source, target, source_index=si, target_index=ti
    )
    assert msg == f"malformed move: {zone_name} takes no index, got {index!r}"


@pytest.mark.parametrize("kind", list(WORDS))
@pytest.mark.parametrize(
    "extra",
    [
        {"card": card("6H")},
        {"source": Zone.NERTS},
        {"target": Zone.FOUNDATION},
        {"source_index": 1},
        {"target_index": 1},
    ],
)
def test_word_moves_take_no_extra_fields(kind, extra):
    msg = message_of(NertsError, Move, 0, kind, **extra)
    assert msg == f"malformed move: a {WORDS[kind]} move names no card, source or target"


def test_play_with_default_fields_is_malformed():
    msg = message_of(NertsError, Move, 0, MoveKind.PLAY)
    assert msg == "malformed move: a play names the Card it moves, got None"


# --- predicates ---------------------------------------------------------------------------


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("target", TARGETS)
def test_is_progress_and_to_foundation_truth_table(source, target):
    m = Move.play(card("6H", 2), source, target)
    to_fnd = target in (Zone.FOUNDATION, Zone.NEW_FOUNDATION)
    assert m.to_foundation is to_fnd
    assert m.is_progress is (source is not Zone.WORK or to_fnd)


def test_truth_table_values():
    c = card("5C", 1)
    expected = {
        (Zone.NERTS, Zone.FOUNDATION): (True, True),
        (Zone.NERTS, Zone.NEW_FOUNDATION): (True, True),
        (Zone.NERTS, Zone.WORK): (True, False),
        (Zone.NERTS, Zone.UNDER): (True, False),
        (Zone.WASTE, Zone.FOUNDATION): (True, True),
        (Zone.WASTE, Zone.NEW_FOUNDATION): (True, True),
        (Zone.WASTE, Zone.WORK): (True, False),
        (Zone.WASTE, Zone.UNDER): (True, False),
        (Zone.WORK, Zone.FOUNDATION): (True, True),
        (Zone.WORK, Zone.NEW_FOUNDATION): (True, True),
        (Zone.WORK, Zone.WORK): (False, False),
        (Zone.WORK, Zone.UNDER): (False, False),
    }
    got = {
        (s, t): (Move.play(c, s, t).is_progress, Move.play(c, s, t).to_foundation)
        for s in SOURCES
        for t in TARGETS
    }
    assert got == expected


@pytest.mark.parametrize("kind", [k for k in WORDS if k is not MoveKind.CALL])
def test_stock_moves_are_not_progress(kind):
    m = Move(4, kind)
    assert m.is_progress is False
    assert m.to_foundation is False


def test_the_call_is_progress():
    # rules.md section 7: progress includes calling Nerts
    m = Move(4, MoveKind.CALL)
    assert m.is_progress is True
    assert m.to_foundation is False


@given(any_move)
def test_predicates_property(m):
    if m.kind is MoveKind.PLAY:
        assert m.to_foundation is (m.target in (Zone.FOUNDATION, Zone.NEW_FOUNDATION))
        assert m.is_progress is (m.source is not Zone.WORK or m.to_foundation)
        assert m.seat == m.card.owner
    else:
        assert m.is_progress is (m.kind is MoveKind.CALL)
        assert m.to_foundation is False


@pytest.mark.parametrize("length", [39, 40, 41])
def test_a_hint_quotes_text_up_to_forty_characters(length: int) -> None:
    # a hint repeats parts of the text, so only short text (at most 40 characters) gets one
    seatless = "6H@N>F" + "0" * (length - 6)
    assert len(seatless) == length
    hint = f"missing seat: write '0:{seatless}'" if length <= 40 else NOTATION_HINT
    assert message_of(NertsError, Move.parse, seatless) == f"not a move: {seatless!r} ({hint})"
    # the surrounding spaces are no part of the length
    assert message_of(NertsError, Move.parse, f"  {seatless} ").endswith(f"({hint})")
