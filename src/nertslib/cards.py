"""Cards: suits, ranks, colours, and the owner-tagged :class:`Card` value.

Every seat plays its own deck, so a card's identity is ``(owner, suit, rank)``: two decks hold
"the same" card, and they are different cards. Inside the engine a card is a small int (its
*card id*, see :func:`Card.id`); the tables in this module turn ids into rank, suit and colour
with one tuple index, which is what makes the rule predicates fast. Every public accessor hands
out interned :class:`Card` objects, so ``Card`` values compare and hash by value and cost
nothing to hand out.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, TypeVar, cast

import attrs

from nertslib.errors import NertsError
from nertslib.quoting import EvalRepr, excerpt

__all__ = [
    "ACE",
    "DECLARED_BASE",
    "JACK",
    "KING",
    "MAX_JOKERS",
    "MAX_PASSES",
    "MAX_SEATS",
    "QUEEN",
    "Card",
    "Colour",
    "Suit",
    "card_from_id",
]

#: The rank of an Ace (ranks run 1..13; ``Card.rank``). ``nl.Card.parse("AH").rank == nl.ACE``.
ACE: Final = 1
#: The rank of a Jack.
JACK: Final = 11
#: The rank of a Queen.
QUEEN: Final = 12
#: The rank of a King: ``nl.Card.parse("KS").rank == nl.KING``.
KING: Final = 13

#: The most seats a hand can have (each seat plays its own deck).
MAX_SEATS: Final = 8
#: The most jokers a deck can hold.
MAX_JOKERS: Final = 2
#: The most times a seat's waste may have been turned over, for every reader (NFEN, JSON,
#: views) and check: a pass takes at least one action, so no hand reaches it, and it fits
#: a signed 64-bit int.
MAX_PASSES: Final = 2**63 - 1
#: Card ids reserved per deck: 52 cards and up to two jokers.
DECK_SPAN: Final = 54
#: The first id of a *declared* joker (a joker on a foundation, standing for a named card):
#: ``DECLARED_BASE + (owner * 2 + n - 1) * 52 + d`` for joker ``n`` of ``owner`` declared as the
#: card of in-deck index ``d`` (0..51).
DECLARED_BASE: Final = MAX_SEATS * DECK_SPAN

#: Rank (1..13) -> its code in card codes (``RANK_CODES[10] == "10"``), shared by the text forms.
RANK_CODES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Colour(EvalRepr, enum.Enum):
    """The colour of a suit. Work piles alternate colours.

    >>> from nertslib import Colour
    >>> Colour.RED.opposite
    Colour.BLACK
    """

    RED = "red"
    BLACK = "black"

    @property
    def opposite(self) -> Colour:
        """The other colour."""
        return Colour.BLACK if self is Colour.RED else Colour.RED


class Suit(EvalRepr, enum.IntEnum):
    """The four suits, in bridge order. ``int(suit)`` is the suit's index in a deck.

    >>> from nertslib import Suit
    >>> Suit.from_code("H"), Suit.HEARTS.code, Suit.HEARTS.symbol, Suit.HEARTS.colour
    (Suit.HEARTS, 'H', '♥', Colour.RED)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def code(self) -> str:
        """One ASCII letter, ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol, ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def colour(self) -> Colour:
        """Hearts and diamonds are red; clubs and spades are black."""
        return suit_colour(self)

    @classmethod
    def from_code(cls, code: str) -> Suit:
        """The suit of a letter (``C``, ``D``, ``H``, ``S``, any case) or symbol.

        Raises:
            NertsError: (a :class:`ValueError`) for anything else, quoting the input.
        """
        for suit in cls:
            if code in (suit.code, suit.code.lower(), suit.symbol):
                return suit
        msg = f"unknown suit: {excerpt(code)} (expected one of C, D, H, S)"
        raise NertsError(msg)


def suit_colour(suit: Suit) -> Colour:
    """The colour of ``suit`` (what :attr:`Suit.colour` returns): hearts and diamonds are red.

    post: (__return__ is Colour.RED) == (suit.name in ("HEARTS", "DIAMONDS"))
    post: (__return__ is Colour.BLACK) == (suit.name in ("CLUBS", "SPADES"))
    """
    return Colour.RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK


def _check_owner(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        msg = f"owner must be a seat number 0..{MAX_SEATS - 1}, got {value!r}"
        raise NertsError(msg)


def _refuse_non_int(what: str, value: object) -> None:
    """Refuse a field value that is not an int (``True`` included), quoting it."""
    if type(value) is not int:
        msg = f"{what} must be an int, got {value!r}"
        raise NertsError(msg)


def _check_rank(inst: Card, _attr: attrs.Attribute[int], value: int) -> None:
    _refuse_non_int("rank", value)
    if inst.suit is None:
        if value != 0:
            msg = f"a joker has rank 0, got {value!r}"
            raise NertsError(msg)
    elif not ACE <= value <= KING:
        msg = f"rank must be 1 (Ace) to 13 (King), got {value!r}"
        raise NertsError(msg)


def _check_suit(_inst: object, _attr: attrs.Attribute[Suit | None], value: Suit | None) -> None:
    if value is not None and not isinstance(cast(object, value), Suit):
        msg = f"suit must be a Suit or None (joker), got {value!r}"
        raise NertsError(msg)


def _check_joker(inst: Card, _attr: attrs.Attribute[int], value: int) -> None:
    _refuse_non_int("joker", value)
    if inst.suit is None and not 1 <= value <= MAX_JOKERS:
        msg = f"a joker is number 1 or 2 of its deck, got {value!r}"
        raise NertsError(msg)
    if inst.suit is not None and not 0 <= value <= MAX_JOKERS:
        msg = f"a suited card has joker=0, or 1 or 2 for a declared joker, got {value!r}"
        raise NertsError(msg)


@attrs.frozen(repr=False, order=False)
class Card:
    """One card of one seat's deck: ``(owner, suit, rank)``, or a joker ``(owner, n)``.

    Ranks run from 1 (Ace) to 13 (King). A joker has ``suit=None``, ``rank=0`` and ``joker``
    1 or 2. A *declared* joker (a joker on a foundation, standing for the card it was declared
    as) has the declared suit and rank and its ``joker`` number; it is written ``X1=6H``.
    Cards are values: equal fields mean equal cards. ``str`` is the human face, ``code`` the
    ASCII notation, and ``repr`` rebuilds the card.

    >>> from nertslib import Card, Suit
    >>> card = Card(owner=2, suit=Suit.HEARTS, rank=10)
    >>> card
    Card.parse('10H', owner=2)
    >>> str(card), card.code, card.is_red, card.colour
    ('10♥', '10H', True, Colour.RED)
    >>> Card.parse("10H", owner=2) == card
    True
    >>> Card.joker_of(0, 1)
    Card.parse('X1', owner=0)
    >>> declared = Card(owner=0, suit=Suit.HEARTS, rank=6, joker=1)
    >>> declared, str(declared), declared.is_joker, declared.is_red, declared.raw_joker
    (Card.parse('X1=6H', owner=0), '🃏1=6♥', True, True, Card.parse('X1', owner=0))
    >>> Card.parse("AC", owner=0).id, Card.parse("KS", owner=1).id, Card.parse("X2=AC", owner=1).id
    (0, 105, 588)

    .. versionadded:: 0.1.0
    """

    owner: int = attrs.field(validator=_check_owner)
    suit: Suit | None = attrs.field(validator=_check_suit)
    rank: int = attrs.field(validator=_check_rank)
    joker: int = attrs.field(default=0, validator=_check_joker)
    id: int = attrs.field(init=False, eq=False, repr=False)
    """The engine's int for this card, ``owner * 54 + suit * 13 + rank - 1``.

    Jokers take ids 52 and 53 of their deck. A declared joker takes an id from
    ``DECLARED_BASE`` (432) on: ``432 + (owner * 2 + n - 1) * 52 + suit * 13 + rank - 1``.
    Ids are stable and documented, so they may be used as array indices by bots and
    learning code. (Worked out once, when the card is made: the rules read it on every move.)
    """

    def __attrs_post_init__(self) -> None:
        if self.suit is None:
            card = self.owner * DECK_SPAN + 51 + self.joker
        elif self.joker:
            card = declared_id(self.owner, self.joker, int(self.suit) * 13 + self.rank - 1)
        else:
            card = card_id(self.owner, self.suit, self.rank)
        object.__setattr__(self, "id", card)

    @classmethod
    def joker_of(cls, owner: int, number: int) -> Card:
        """Joker ``number`` (1 or 2) of ``owner``'s deck."""
        return cls(owner, None, 0, number)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker (raw, or declared as a card on a foundation)."""
        return self.joker != 0

    @property
    def is_declared(self) -> bool:
        """Whether this card is a joker declared as a card (``X1=6H``).

        .. versionadded:: 0.1.0
        """
        return self.joker != 0 and self.suit is not None

    @property
    def raw_joker(self) -> Card:
        """The joker itself (``X1``) for a joker or declared joker; the card for other cards.

        .. versionadded:: 0.1.0
        """
        return CARDS[JOKER_OF[self.id]]

    @property
    def is_red(self) -> bool:
        """Whether the card is red (hearts, diamonds). A raw joker is neither red nor black."""
        return self.suit is not None and self.suit.colour is Colour.RED

    @property
    def colour(self) -> Colour | None:
        """The card's colour, or ``None`` for a joker."""
        return None if self.suit is None else self.suit.colour

    @property
    def code(self) -> str:
        """The ASCII code, rank (``A 2 … 10 J Q K``) then suit letter; ``X1``/``X2`` for jokers.

        A declared joker is written ``X1=6H``.
        """
        if self.suit is None:
            return f"X{self.joker}"
        if self.joker:
            return f"X{self.joker}={RANK_CODES[self.rank]}{self.suit.code}"
        return RANK_CODES[self.rank] + self.suit.code

    @classmethod
    def parse(cls, code: str, owner: int = 0) -> Card:
        """The card of ``owner``'s deck written ``code`` (``"10H"``, ``"X1"``, ``"X1=6H"``).

        Raises:
            NertsError: (a :class:`ValueError`) if ``code`` is not a card code, quoting it.

        >>> from nertslib import Card
        >>> Card.parse("qs", owner=3)
        Card.parse('QS', owner=3)
        >>> Card.parse("x1=6h", owner=0)
        Card.parse('X1=6H', owner=0)
        """
        _check_owner(None, _OWNER_FIELD, owner)
        return CARDS[parse_card_id(code, owner)]

    def __str__(self) -> str:
        if self.suit is None:
            return f"🃏{self.joker}"
        if self.joker:
            return f"🃏{self.joker}={RANK_CODES[self.rank]}{self.suit.symbol}"
        return RANK_CODES[self.rank] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r}, owner={self.owner})"


_OWNER_FIELD: Final = attrs.fields(Card).owner


def parse_code(code: str) -> int:
    """The in-deck index (0..53) of a card code such as ``"10H"``, ``"AS"`` or ``"X2"``.

    The card with that index is written ``code`` in upper case (``T`` read as ``10``), and its
    code parses back to the same index.

    Raises:
        NertsError: (a :class:`ValueError`) if ``code`` is not a card code.

    pre: len(code) <= 3
    raises: ValueError
    post: 0 <= __return__ <= 53 and parse_code(CARDS[__return__].code) == __return__
    post: CARDS[__return__].code == code.upper().replace("T", "10", 1)

    >>> from nertslib.cards import parse_code
    >>> parse_code("AC"), parse_code("KS"), parse_code("X2")
    (0, 51, 53)
    """
    if not isinstance(cast(object, code), str) or len(code) < 2 or not code.isascii():
        msg = f"not a card code: {excerpt(code)} (expected e.g. '10H', 'QS', 'X1')"
        raise NertsError(msg)
    upper = code.upper()
    if upper in ("X1", "X2"):
        return 51 + int(upper[1])
    head, tail = upper[:-1], upper[-1]
    if head == "T":
        head = "10"
    if head not in RANK_CODES[1:] or tail not in "CDHS":
        msg = f"not a card code: {excerpt(code)} (expected e.g. '10H', 'QS', 'X1')"
        raise NertsError(msg)
    return "CDHS".index(tail) * 13 + RANK_CODES.index(head) - 1


def parse_card_id(code: str, owner: int) -> int:
    """The card id of ``owner``'s card written ``code``, declared jokers (``"X1=6H"``) included.

    Raises:
        NertsError: (a :class:`ValueError`) if ``code`` is not a card code, quoting it.

    >>> from nertslib.cards import parse_card_id
    >>> parse_card_id("6H", 0), parse_card_id("X1", 0), parse_card_id("X1=AC", 0)
    (31, 52, 432)
    """
    if isinstance(cast(object, code), str) and len(code) > 3 and code[2:3] == "=":
        head = code[:2].upper()
        if head in ("X1", "X2") and code[3:].isascii():
            d = parse_code(code[3:])
            if d < 52:
                return declared_id(owner, int(head[1]), d)
        msg = f"not a card code: {excerpt(code)} (expected e.g. '10H', 'QS', 'X1', 'X1=6H')"
        raise NertsError(msg)
    return owner * DECK_SPAN + parse_code(code)


def declared_id(owner: int, joker: int, index: int) -> int:
    """The id of joker ``joker`` of ``owner`` declared as the card of in-deck index ``index``.

    pre: 0 <= owner < 8 and 1 <= joker <= 2 and 0 <= index < 52
    post: DECLARED_BASE <= __return__ < N_ALL_IDS
    post: OWNER[__return__] == owner and JOKER_OF[__return__] == owner * 54 + 51 + joker
    post: RANK[__return__] == index % 13 + 1 and SUIT[__return__] == index // 13
    """
    return DECLARED_BASE + (owner * 2 + joker - 1) * 52 + index


def card_id(owner: int, suit: int, rank: int) -> int:
    """The id of ``owner``'s card of suit index ``suit`` and rank ``rank`` (see :attr:`Card.id`).

    pre: 0 <= owner < 8 and 0 <= suit < 4 and 1 <= rank <= 13
    post: (OWNER[__return__], SUIT[__return__], RANK[__return__]) == (owner, suit, rank)
    """
    return owner * DECK_SPAN + suit * 13 + rank - 1


# --- lookup tables over card ids (the hot path indexes these, never Card objects) -----------

_N_IDS: Final = MAX_SEATS * DECK_SPAN


#: Every card id, declared jokers included: ids ``0 .. N_ALL_IDS - 1``.
N_ALL_IDS: Final = DECLARED_BASE + MAX_SEATS * MAX_JOKERS * 52


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for owner in range(MAX_SEATS):
        cards.extend(Card(owner, suit, rank) for suit in Suit for rank in range(ACE, KING + 1))
        cards.extend(Card(owner, None, 0, n) for n in range(1, MAX_JOKERS + 1))
    for owner in range(MAX_SEATS):
        for n in range(1, MAX_JOKERS + 1):
            cards.extend(
                Card(owner, suit, rank, n) for suit in Suit for rank in range(ACE, KING + 1)
            )
    return tuple(cards)


#: Interned cards, indexed by card id (declared jokers from ``DECLARED_BASE`` on).
CARDS: Final = _build_cards()
#: Rank by card id (0 for jokers).
RANK: Final = tuple(c.rank for c in CARDS)
#: Suit index by card id (-1 for jokers).
SUIT: Final = tuple(-1 if c.suit is None else int(c.suit) for c in CARDS)
#: 1 for red cards, 0 for black ones and jokers.
RED: Final = tuple(int(c.is_red) for c in CARDS)
#: Owner seat by card id.
OWNER: Final = tuple(c.owner for c in CARDS)
#: In-deck index (0..53) by card id (a declared joker: its joker's index, 52 or 53).
FACE: Final = tuple(
    i % DECK_SPAN if i < _N_IDS else 52 + (i - DECLARED_BASE) // 52 % 2 for i in range(N_ALL_IDS)
)
#: The card itself by card id, except that a declared joker maps to its raw joker (``X1``):
#: what conservation counts.
JOKER_OF: Final = tuple(
    i if i < _N_IDS else OWNER[i] * DECK_SPAN + FACE[i] for i in range(N_ALL_IDS)
)
#: Work-pile key ``rank * 2 + red``: ``a`` fits on ``b`` iff ``KEY[a] == ON[b]``.
#: Jokers have key -1, which no ``ON`` or ``UNDER`` entry equals: they fit nowhere by key.
KEY: Final = tuple(r * 2 + red if r else -1 for r, red in zip(RANK, RED, strict=True))
#: The key a card must have to go on top of this card (-9 for jokers: nothing fixed).
ON: Final = tuple(((k - 2) ^ 1) if r else -9 for k, r in zip(KEY, RANK, strict=True))
#: The key a card must have to slide under this card (one rank higher, other colour).
UNDER: Final = tuple(((k + 2) ^ 1) if r else -9 for k, r in zip(KEY, RANK, strict=True))


_V = TypeVar("_V")


def lookup(table: Sequence[_V] | Mapping[Any, _V], keys: Sequence[Any]) -> tuple[_V, ...]:
    """``tuple(table[k] for k in keys)``, looked up in C (internal, for the hot paths).

    ``operator.itemgetter`` does the lookups; of one key it returns the item, not a tuple,
    hence the guard. Raises what ``table[k]`` raises (``KeyError``, ``IndexError``,
    ``TypeError``), and ``TypeError`` if ``keys`` has no length. The innermost loops write
    the same two lines inline (an NFEN seat's piles, a JSON seat's work piles, the fast
    greedy driver's pass check): a call costs them about 1 % each.

    >>> from nertslib.cards import RANK, lookup
    >>> lookup(RANK, [0, 12]), lookup(RANK, (13,)), lookup(RANK, ())
    ((1, 13), (1,), ())
    """
    if len(keys) > 1:
        return cast("tuple[_V, ...]", itemgetter(*keys)(table))
    return (table[keys[0]],) if keys else ()


def card_from_id(card_id: int) -> Card:
    """The interned :class:`Card` with this id (see :attr:`Card.id`).

    Raises:
        NertsError: (a :class:`ValueError`) if no card has this id.

    >>> from nertslib.cards import card_from_id
    >>> card_from_id(105)
    Card.parse('KS', owner=1)
    """
    if type(card_id) is not int or not 0 <= card_id < N_ALL_IDS:
        msg = f"no card has id {card_id!r}"
        raise NertsError(msg)
    return CARDS[card_id]
