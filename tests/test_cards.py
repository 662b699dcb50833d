"""Unit tests for nertslib.cards: Card, Suit, Colour, ids, parsing and the lookup tables."""

from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import cards
from nertslib.cards import (
    CARDS,
    FACE,
    KEY,
    ON,
    OWNER,
    RANK,
    RED,
    SUIT,
    UNDER,
    Card,
    Colour,
    Suit,
    card_from_id,
    parse_code,
)
from nertslib.errors import NertsError
from nertslib.predicates import fits_under
from nertslib.predicates import fits_work as fits_on

N_IDS = 8 * 54
RANK_CODES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CODE_ERROR = "not a card code: {!r} (expected e.g. '10H', 'QS', 'X1')"


def message_of(exc_type: type[Exception], fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is exc_type
    return str(info.value)


def all_cards(owners: Iterable[int] = range(8)) -> Iterator[Card]:
    for owner in owners:
        for suit in Suit:
            for rank in range(1, 14):
                yield Card(owner, suit, rank)
        yield Card(owner, None, 0, 1)
        yield Card(owner, None, 0, 2)


def expected_id(card: Card) -> int:
    if card.suit is None:
        return card.owner * 54 + 51 + card.joker
    return card.owner * 54 + int(card.suit) * 13 + card.rank - 1


any_card = st.integers(0, N_IDS - 1).map(card_from_id)


# --- constants --------------------------------------------------------------------------


def test_constants():
    assert (nl.ACE, nl.JACK, nl.QUEEN, nl.KING) == (1, 11, 12, 13)
    assert nl.MAX_SEATS == 8
    assert cards.MAX_JOKERS == 2
    assert cards.DECK_SPAN == 54


# --- Colour and Suit --------------------------------------------------------------------


def test_colour_values_and_opposite():
    assert Colour.RED.value == "red"
    assert Colour.BLACK.value == "black"
    assert Colour.RED.opposite is Colour.BLACK
    assert Colour.BLACK.opposite is Colour.RED


def test_enum_reprs_eval_back():
    assert repr(Colour.RED) == "Colour.RED"
    assert repr(Suit.HEARTS) == "Suit.HEARTS"
    for member in [*Colour, *Suit]:
        assert eval(repr(member), {"Colour": Colour, "Suit": Suit}) is member


def test_suit_values_codes_symbols_colours():
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert [s.name for s in Suit] == ["CLUBS", "DIAMONDS", "HEARTS", "SPADES"]
    assert [s.code for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.colour for s in Suit] == [Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK]


@pytest.mark.parametrize(
    ("code", "suit"),
    [
        ("C", Suit.CLUBS),
        ("D", Suit.DIAMONDS),
        ("H", Suit.HEARTS),
        ("S", Suit.SPADES),
        ("c", Suit.CLUBS),
        ("d", Suit.DIAMONDS),
        ("h", Suit.HEARTS),
        ("s", Suit.SPADES),
        ("♣", Suit.CLUBS),
        ("♦", Suit.DIAMONDS),
        ("♥", Suit.HEARTS),
        ("♠", Suit.SPADES),
    ],
)
def test_suit_from_code(code, suit):
    assert Suit.from_code(code) is suit


@pytest.mark.parametrize("code", ["X", "", "HH", "h ", "clubs", "♡", "0", 2, None])
def test_suit_from_code_rejects(code):
    msg = message_of(NertsError, Suit.from_code, code)
    assert msg == f"unknown suit: {code!r} (expected one of C, D, H, S)"


# --- Card construction ------------------------------------------------------------------


@pytest.mark.parametrize("owner", [0, 1, 7])
def test_card_owner_valid(owner):
    assert Card(owner, Suit.HEARTS, 5).owner == owner


@pytest.mark.parametrize("owner", [-1, 8, True, False, 1.0, "0", None])
def test_card_owner_invalid(owner):
    msg = message_of(NertsError, Card, owner, Suit.HEARTS, 5)
    assert msg == f"owner must be a seat number 0..7, got {owner!r}"


@pytest.mark.parametrize("rank", [1, 2, 12, 13])
def test_card_rank_valid(rank):
    assert Card(0, Suit.SPADES, rank).rank == rank


@pytest.mark.parametrize("rank", [-1, 0, 14, 99])
def test_card_rank_out_of_range(rank):
    msg = message_of(NertsError, Card, 0, Suit.SPADES, rank)
    assert msg == f"rank must be 1 (Ace) to 13 (King), got {rank!r}"


@pytest.mark.parametrize("rank", [True, 1.0, "1", None])
def test_card_rank_type(rank):
    msg = message_of(NertsError, Card, 0, Suit.SPADES, rank)
    assert msg == f"rank must be an int, got {rank!r}"


@pytest.mark.parametrize("suit", ["H", 2, 0, Colour.RED])
def test_card_suit_type(suit):
    msg = message_of(NertsError, Card, 0, suit, 5)
    assert msg == f"suit must be a Suit or None (joker), got {suit!r}"


@pytest.mark.parametrize("number", [1, 2])
def test_joker_valid(number):
    card = Card(3, None, 0, number)
    assert card.joker == number
    assert card.rank == 0
    assert card.suit is None
    assert card == Card.joker_of(3, number)


@pytest.mark.parametrize("rank", [1, -1, 13])
def test_joker_rank_must_be_zero(rank):
    msg = message_of(NertsError, Card, 0, None, rank, 1)
    assert msg == f"a joker has rank 0, got {rank!r}"


@pytest.mark.parametrize("number", [0, 3, -1])
def test_joker_number_range(number):
    msg = message_of(NertsError, Card, 0, None, 0, number)
    assert msg == f"a joker is number 1 or 2 of its deck, got {number!r}"


def test_joker_default_number_is_refused():
    assert message_of(NertsError, Card, 0, None, 0) == "a joker is number 1 or 2 of its deck, got 0"


@pytest.mark.parametrize("number", [3, -1])
def test_suited_card_has_joker_zero(number):
    msg = message_of(NertsError, Card, 0, Suit.CLUBS, 1, number)
    assert msg == f"a suited card has joker=0, or 1 or 2 for a declared joker, got {number!r}"


@pytest.mark.parametrize("number", [1, 2])
def test_suited_card_with_joker_number_is_a_declared_joker(number):
    card = Card(0, Suit.CLUBS, 1, number)
    assert card.is_declared
    assert card.is_joker
    assert card.code == f"X{number}=AC"
    assert card.id == 432 + (number - 1) * 52


@pytest.mark.parametrize("number", [True, 1.0, "1"])
def test_joker_number_type(number):
    msg = message_of(NertsError, Card, 0, None, 0, number)
    assert msg == f"joker must be an int, got {number!r}"
    msg = message_of(NertsError, Card, 0, Suit.CLUBS, 1, number)
    assert msg == f"joker must be an int, got {number!r}"


def test_card_default_joker_is_zero_and_fields():
    card = Card(2, Suit.DIAMONDS, 12)
    assert (card.owner, card.suit, card.rank, card.joker) == (2, Suit.DIAMONDS, 12, 0)


def test_card_is_frozen_value_without_order():
    a = Card(0, Suit.HEARTS, 5)
    b = Card(0, Suit.HEARTS, 5)
    assert a == b
    assert hash(a) == hash(b)
    assert a != Card(1, Suit.HEARTS, 5)
    assert a != Card(0, Suit.DIAMONDS, 5)
    assert a != Card(0, Suit.HEARTS, 6)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.rank = 6  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = a < b  # type: ignore[operator]


# --- properties of a card -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "is_red", "colour"),
    [
        ("AC", False, Colour.BLACK),
        ("AD", True, Colour.RED),
        ("AH", True, Colour.RED),
        ("AS", False, Colour.BLACK),
        ("X1", False, None),
        ("X2", False, None),
    ],
)
def test_card_colour(code, is_red, colour):
    card = Card.parse(code)
    assert card.is_red is is_red
    assert card.colour is colour
    assert card.is_joker is (colour is None)


@given(any_card)
def test_card_colour_property(card):
    if card.suit is None:
        assert card.is_joker is True
        assert card.colour is None
        assert card.is_red is False
    else:
        assert card.is_joker is False
        assert card.colour is card.suit.colour
        assert card.is_red is (card.suit in (Suit.HEARTS, Suit.DIAMONDS))


# --- ids -----------------------------------------------------------------------------------


def test_id_of_every_card_of_every_owner():
    seen = []
    for card in all_cards():
        assert card.id == expected_id(card)
        assert card_from_id(card.id) == card
        seen.append(card.id)
    assert seen == list(range(N_IDS))


def test_id_examples():
    assert Card.parse("AC", owner=0).id == 0
    assert Card.parse("KC", owner=0).id == 12
    assert Card.parse("AD", owner=0).id == 13
    assert Card.parse("KS", owner=0).id == 51
    assert Card.parse("X1", owner=0).id == 52
    assert Card.parse("X2", owner=0).id == 53
    assert Card.parse("AC", owner=1).id == 54
    assert Card.parse("KS", owner=1).id == 105
    assert Card.parse("X2", owner=7).id == 431
    assert Card.joker_of(1, 1).id == 106


@pytest.mark.parametrize("card_id", [0, 1, 53, 54, 430, 431])
def test_card_from_id_valid(card_id):
    card = card_from_id(card_id)
    assert card.id == card_id
    assert card is CARDS[card_id]


@pytest.mark.parametrize("card_id", [-1, 1264, 5000, True, 1.0, "0", None])
def test_card_from_id_invalid(card_id):
    assert message_of(NertsError, card_from_id, card_id) == f"no card has id {card_id!r}"


@given(any_card)
def test_card_from_id_round_trip(card):
    assert card_from_id(card.id) is card
    assert Card(card.owner, card.suit, card.rank, card.joker).id == card.id


# --- codes, parse, str, repr ----------------------------------------------------------------


def test_code_str_repr_examples():
    ten = Card(2, Suit.HEARTS, 10)
    assert ten.code == "10H"
    assert str(ten) == "10♥"
    assert repr(ten) == "Card.parse('10H', owner=2)"
    assert Card(0, Suit.SPADES, 1).code == "AS"
    assert str(Card(0, Suit.SPADES, 1)) == "A♠"
    assert Card(5, Suit.CLUBS, 11).code == "JC"
    assert str(Card(5, Suit.DIAMONDS, 12)) == "Q♦"
    assert Card(7, Suit.DIAMONDS, 13).code == "KD"
    assert Card(0, Suit.CLUBS, 2).code == "2C"
    joker = Card.joker_of(4, 2)
    assert joker.code == "X2"
    assert str(joker) == "🃏2"
    assert str(Card.joker_of(0, 1)) == "🃏1"
    assert repr(joker) == "Card.parse('X2', owner=4)"


def test_code_of_every_card():
    for card in all_cards(owners=[0, 7]):
        if card.suit is None:
            assert card.code == f"X{card.joker}"
            assert str(card) == f"🃏{card.joker}"
        else:
            assert card.code == RANK_CODES[card.rank - 1] + "CDHS"[card.suit]
            assert str(card) == RANK_CODES[card.rank - 1] + "♣♦♥♠"[card.suit]


def test_parse_every_code_every_owner():
    for card in all_cards():
        assert Card.parse(card.code, owner=card.owner) is CARDS[card.id]
        assert Card.parse(card.code.lower(), owner=card.owner) == card
        assert eval(repr(card), {"Card": nl.Card}) == card


@given(any_card)
def test_repr_evals_back(card):
    assert eval(repr(card), {"Card": nl.Card}) == card
    assert Card.parse(card.code, owner=card.owner) == card


@pytest.mark.parametrize(
    ("code", "owner", "expected"),
    [
        ("10H", 0, Card(0, Suit.HEARTS, 10)),
        ("10h", 1, Card(1, Suit.HEARTS, 10)),
        ("TH", 2, Card(2, Suit.HEARTS, 10)),
        ("th", 3, Card(3, Suit.HEARTS, 10)),
        ("Ts", 4, Card(4, Suit.SPADES, 10)),
        ("qs", 3, Card(3, Suit.SPADES, 12)),
        ("aC", 0, Card(0, Suit.CLUBS, 1)),
        ("kd", 7, Card(7, Suit.DIAMONDS, 13)),
        ("jH", 6, Card(6, Suit.HEARTS, 11)),
        ("9c", 5, Card(5, Suit.CLUBS, 9)),
        ("X1", 0, Card(0, None, 0, 1)),
        ("x2", 7, Card(7, None, 0, 2)),
    ],
)
def test_parse_examples(code, owner, expected):
    assert Card.parse(code, owner=owner) == expected


def test_parse_default_owner_is_zero():
    assert Card.parse("5D").owner == 0


@pytest.mark.parametrize(
    "code",
    [
        "",
        "H",
        "X",
        "1H",
        "11H",
        "0H",
        "AX",
        "AHH",
        " AH",
        "AH ",
        "X0",
        "X3",
        "XX",
        "KK",
        "10",
        "TT",
        "1OH",
        "♥A",
        "A♥",
        None,
        5,
    ],
)
def test_parse_rejects(code):
    assert message_of(NertsError, Card.parse, code) == CODE_ERROR.format(code)
    assert message_of(NertsError, parse_code, code) == CODE_ERROR.format(code)


@pytest.mark.parametrize("owner", [-1, 8, True, "0", None])
def test_parse_rejects_owner(owner):
    msg = message_of(NertsError, Card.parse, "AH", owner)
    assert msg == f"owner must be a seat number 0..7, got {owner!r}"


def test_parse_code_values():
    assert parse_code("AC") == 0
    assert parse_code("2C") == 1
    assert parse_code("KC") == 12
    assert parse_code("AD") == 13
    assert parse_code("10H") == 35
    assert parse_code("TH") == 35
    assert parse_code("KS") == 51
    assert parse_code("X1") == 52
    assert parse_code("x2") == 53


# --- lookup tables ------------------------------------------------------------------------


def test_tables_lengths():
    for table in (CARDS, RANK, SUIT, RED, OWNER, FACE, KEY, ON, UNDER, cards.JOKER_OF):
        assert len(table) == N_IDS + 16 * 52 == cards.N_ALL_IDS


def test_declared_tables():
    for card_id in range(N_IDS, cards.N_ALL_IDS):
        card = CARDS[card_id]
        g, d = divmod(card_id - 432, 52)
        assert card == Card(g // 2, Suit(d // 13), d % 13 + 1, g % 2 + 1)
        assert card.id == card_id
        assert card.is_declared
        assert (RANK[card_id], SUIT[card_id]) == (d % 13 + 1, d // 13)
        assert RED[card_id] == (d // 13 in (1, 2))
        assert OWNER[card_id] == g // 2
        assert FACE[card_id] == 52 + g % 2
        assert cards.JOKER_OF[card_id] == (g // 2) * 54 + 52 + g % 2
        assert KEY[card_id] == RANK[card_id] * 2 + RED[card_id]
        assert Card.parse(card.code, g // 2) is card
        assert card.raw_joker is CARDS[cards.JOKER_OF[card_id]]
    assert cards.JOKER_OF[:N_IDS] == tuple(range(N_IDS))


def test_tables_against_cards():
    for card_id in range(N_IDS):
        card = CARDS[card_id]
        assert card.id == card_id
        assert RANK[card_id] == card.rank
        assert SUIT[card_id] == (-1 if card.suit is None else int(card.suit))
        assert RED[card_id] == (1 if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else 0)
        assert OWNER[card_id] == card_id // 54
        assert FACE[card_id] == card_id % 54
        red = RED[card_id]
        assert KEY[card_id] == (-1 if card.suit is None else card.rank * 2 + red)
        if card.suit is None:
            assert ON[card_id] == -9
            assert UNDER[card_id] == -9
        else:
            assert ON[card_id] == (card.rank - 1) * 2 + (1 - red)
            assert UNDER[card_id] == (card.rank + 1) * 2 + (1 - red)


def test_table_examples():
    ah, ks, joker = 26, 51, 52
    assert (RANK[ah], SUIT[ah], RED[ah], KEY[ah], ON[ah], UNDER[ah]) == (1, 2, 1, 3, 0, 4)
    assert (RANK[ks], SUIT[ks], RED[ks], KEY[ks], ON[ks], UNDER[ks]) == (13, 3, 0, 26, 25, 29)
    assert (RANK[joker], SUIT[joker], RED[joker], KEY[joker]) == (0, -1, 0, -1)
    assert (OWNER[54], OWNER[107], OWNER[108], OWNER[431]) == (1, 1, 2, 7)


def spec_fits_on(a: int, b: int) -> bool:
    ca, cb = card_from_id(a), card_from_id(b)
    if ca.is_joker or cb.is_joker:
        return False
    return ca.rank + 1 == cb.rank and ca.colour is not cb.colour


def spec_fits_under(a: int, b: int) -> bool:
    ca, cb = card_from_id(a), card_from_id(b)
    if ca.is_joker or cb.is_joker:
        return False
    return ca.rank == cb.rank + 1 and ca.colour is not cb.colour


def test_fits_on_all_pairs_of_two_decks():
    wrong = [
        (card_from_id(a), card_from_id(b))
        for a in range(108)
        for b in range(108)
        if fits_on(a, b) != spec_fits_on(a, b)
    ]
    assert wrong == []


def test_fits_under_all_pairs_of_two_decks():
    wrong = [
        (card_from_id(a), card_from_id(b))
        for a in range(108)
        for b in range(108)
        if fits_under(a, b) != spec_fits_under(a, b)
    ]
    assert wrong == []


def test_fits_on_suited_pairs_of_two_decks():
    for a in range(108):
        for b in range(108):
            if RANK[a] and RANK[b]:
                assert fits_on(a, b) is spec_fits_on(a, b)
                assert fits_under(a, b) is spec_fits_under(a, b)


def test_jokers_never_fit():
    for joker in (52, 53, 106, 107):
        for other in range(108):
            assert fits_on(joker, other) is False, card_from_id(other)
            assert fits_on(other, joker) is False, card_from_id(other)
            assert fits_under(joker, other) is False, card_from_id(other)
            assert fits_under(other, joker) is False, card_from_id(other)


def test_fits_examples():
    def cid(code: str, owner: int = 0) -> int:
        return Card.parse(code, owner).id

    assert fits_on(cid("9H"), cid("10S")) is True
    assert fits_on(cid("9D", 1), cid("10C")) is True
    assert fits_on(cid("9C"), cid("10S")) is False
    assert fits_on(cid("9H"), cid("10H")) is False
    assert fits_on(cid("10H"), cid("9S")) is False
    assert fits_on(cid("8H"), cid("10S")) is False
    assert fits_on(cid("QH"), cid("KS")) is True
    assert fits_on(cid("AS"), cid("2H")) is True
    assert fits_under(cid("KH"), cid("QS")) is True
    assert fits_under(cid("KS"), cid("QS")) is False
    assert fits_under(cid("QH"), cid("KS")) is False
    assert fits_under(cid("2C", 1), cid("AD")) is True


@given(any_card, any_card)
@example(Card.joker_of(0, 1), Card.parse("AH"))
@example(Card.parse("9H"), Card.parse("10S"))
def test_fits_property(a, b):
    assert fits_on(a.id, b.id) is spec_fits_on(a.id, b.id)
    assert fits_under(a.id, b.id) is spec_fits_under(a.id, b.id)
    assert fits_on(a.id, b.id) is fits_under(b.id, a.id)
