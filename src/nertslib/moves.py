"""Moves: what a seat can do, as values, and their one-line notation.

A move always names its seat: play is simultaneous, so there are no turns and any seat may act
at any moment. A card move also names the card it moves, which makes a move self-describing
(a log line reads on its own) and lets :func:`nertslib.apply` tell a stale move from a legal
one.

Notation (``str(move)``; :meth:`Move.parse` reads it back):

=========================  ===================================================================
``0:6H@N>F3``              seat 0 plays 6♥ from its Nerts pile onto foundation 3
``0:AS@W>F+``              seat 0 starts a new foundation with A♠ from its waste
``1:9C@P0>P2``             seat 1 moves 9♣ (with every card above it) from work pile 0 to 2
``1:9C@P0>P3``             … or into work pile 3 when that pile is empty
``2:KH@N>U1``              seat 2 slides K♥ from its Nerts pile under work pile 1
``0:X1@N>P2``              seat 0 plays its joker 1 from its Nerts pile onto work pile 2
``0:X1=6H@P2>F3``          seat 0 declares joker 1 as 6♥ and plays it onto foundation 3
``3:turn``                 seat 3 turns cards from its stock onto its waste
``3:restock``              seat 3 turns its waste over into a new stock
``3:rotate``               seat 3 (stuck) moves the top stock card to the bottom
``3:nerts``                seat 3 calls "Nerts!"
=========================  ===================================================================

Sources: ``N`` Nerts top, ``W`` waste top, ``P<i>`` work pile ``i``. Targets: ``F<k>``
foundation ``k`` (indices never change), ``F+`` a new foundation, ``P<j>`` work pile ``j``,
``U<j>`` under work pile ``j``. All indices count from 0. Card moves are upper case (card
codes, zones, ``X`` for a joker; ``T`` may stand for ``10``), the four words lower case;
whitespace around a move is ignored, and :meth:`Move.parse` says which slip it sees.
"""

from __future__ import annotations

import enum
import re
from typing import Final, cast

import attrs

from nertslib.cards import MAX_SEATS, Card, card_from_id, parse_card_id
from nertslib.errors import NertsError
from nertslib.quoting import EvalRepr, excerpt

__all__ = ["Move", "MoveKind", "Zone"]


class MoveKind(EvalRepr, enum.Enum):
    """What a move does. Only :attr:`PLAY` moves a card.

    >>> from nertslib import MoveKind
    >>> [k.value for k in MoveKind]
    ['play', 'turn', 'restock', 'rotate', 'nerts']
    """

    PLAY = "play"
    """Move a card (or a stack of work-pile cards) from a source to a target."""
    TURN = "turn"
    """Turn ``stock_turn`` cards (or what is left) from the stock onto the waste."""
    RESTOCK = "restock"
    """Turn the whole waste over (face down, order restored) into a new stock."""
    ROTATE = "rotate"
    """A stuck seat moves the top card of its stock to the bottom."""
    CALL = "nerts"
    """Call "Nerts!" (the seat's Nerts pile is empty); the hand ends now."""


class Zone(EvalRepr, enum.Enum):
    """Where a card move starts or ends.

    >>> from nertslib import Zone
    >>> Zone.NERTS.code, Zone.NEW_FOUNDATION.code
    ('N', 'F+')
    """

    NERTS = "N"
    """The top of the seat's Nerts pile (a source)."""
    WASTE = "W"
    """The top of the seat's waste (a source)."""
    WORK = "P"
    """A work pile. As a source, a card with every card above it; as a target, its top."""
    FOUNDATION = "F"
    """An existing foundation, by its index in :attr:`GameState.foundations` (a target)."""
    NEW_FOUNDATION = "F+"
    """A new foundation, started with an Ace (a target)."""
    UNDER = "U"
    """Underneath a work pile's base card, the slide-under move (a target)."""

    @property
    def code(self) -> str:
        """The notation letter(s)."""
        return self.value


# The members as plain module globals as well: the engine compares kinds and zones on every
# move, and a module global is read without the Enum class's attribute lookup.
K_PLAY: Final = MoveKind.PLAY
K_TURN: Final = MoveKind.TURN
K_RESTOCK: Final = MoveKind.RESTOCK
K_ROTATE: Final = MoveKind.ROTATE
K_CALL: Final = MoveKind.CALL
Z_NERTS: Final = Zone.NERTS
Z_WASTE: Final = Zone.WASTE
Z_WORK: Final = Zone.WORK
Z_FOUNDATION: Final = Zone.FOUNDATION
Z_NEW_FOUNDATION: Final = Zone.NEW_FOUNDATION
Z_UNDER: Final = Zone.UNDER
_TO_FOUNDATION: Final = (Z_FOUNDATION, Z_NEW_FOUNDATION)

_SOURCES: Final = (Zone.NERTS, Zone.WASTE, Zone.WORK)
_TARGETS: Final = (Zone.FOUNDATION, Zone.NEW_FOUNDATION, Zone.WORK, Zone.UNDER)
_INDEXED: Final = (Zone.WORK, Zone.FOUNDATION, Zone.UNDER)
_MAX_INDEX: Final = 1000


def _check_seat(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        msg = f"Move.seat must be a seat number 0..{MAX_SEATS - 1}; got {value!r}"
        raise NertsError(msg)


def _check_move(inst: Move, _attr: attrs.Attribute[int], _value: int) -> None:
    problem = _problem(inst)
    if problem:
        msg = f"malformed move: {problem}"
        raise NertsError(msg)


def _problem(m: Move) -> str:
    if not isinstance(cast(object, m.kind), MoveKind):
        return f"kind must be a MoveKind, got {m.kind!r}"
    if m.kind is not MoveKind.PLAY:
        if (m.card, m.source, m.target, m.source_index, m.target_index) != (None, None, None, 0, 0):
            return f"a {m.kind.value} move names no card, source or target"
        return ""
    if not isinstance(m.card, Card):
        return f"a play names the Card it moves, got {m.card!r}"
    if m.card.owner != m.seat:
        return f"seat {m.seat} can only move its own cards, not {m.card!r}"
    if m.card.is_declared and m.target not in (Zone.FOUNDATION, Zone.NEW_FOUNDATION):
        return f"only a play to a foundation declares a joker, got {m.card.code}"
    if m.source not in _SOURCES:
        return f"source must be Zone.NERTS, Zone.WASTE or Zone.WORK, got {m.source!r}"
    if m.target not in _TARGETS:
        return f"target must be a foundation, a work pile or under one, got {m.target!r}"
    for zone, index in ((m.source, m.source_index), (m.target, m.target_index)):
        if type(index) is not int or not 0 <= index < _MAX_INDEX:
            return f"pile index must be an int 0..{_MAX_INDEX - 1}, got {index!r}"
        if zone not in _INDEXED and index != 0:
            return f"{zone.name} takes no index, got {index!r}"
    return ""


@attrs.frozen(repr=False)
class Move:
    """One action of one seat, a value with a one-line notation.

    Build card moves with :meth:`play`, the others with :meth:`turn`, :meth:`restock`,
    :meth:`rotate` and :meth:`call`, or parse notation with :meth:`parse`.

    >>> from nertslib import Card, Move, MoveKind, Zone
    >>> six = Card.parse("6H", owner=0)
    >>> move = Move.play(six, Zone.NERTS, Zone.FOUNDATION, target_index=3)
    >>> move
    Move.parse('0:6H@N>F3')
    >>> str(move), move.seat, move.card, move.is_progress
    ('0:6H@N>F3', 0, Card.parse('6H', owner=0), True)
    >>> Move.parse("2:turn") == Move.turn(2)
    True

    Malformed moves are refused when built:

    >>> Move(seat=1, kind=MoveKind.PLAY, card=six, source=Zone.NERTS, target=Zone.WORK)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: malformed move: seat 1 can only move its own cards, not Card.parse('6H', owner=0)

    .. versionadded:: 0.1.0
    """  # noqa: E501 - a doctest output line

    seat: int = attrs.field(validator=_check_seat)
    kind: MoveKind = attrs.field()
    card: Card | None = attrs.field(default=None)
    source: Zone | None = attrs.field(default=None)
    source_index: int = attrs.field(default=0)
    target: Zone | None = attrs.field(default=None)
    target_index: int = attrs.field(default=0, validator=_check_move)

    @classmethod
    def play(
        cls,
        card: Card,
        source: Zone,
        target: Zone,
        *,
        source_index: int = 0,
        target_index: int = 0,
    ) -> Move:
        """The move of ``card`` (and, from a work pile, every card above it) to ``target``.

        The seat is the card's owner.
        """
        if not isinstance(cast(object, card), Card):
            msg = f"malformed move: a play names the Card it moves, got {card!r}"
            raise NertsError(msg)
        return cls(card.owner, MoveKind.PLAY, card, source, source_index, target, target_index)

    @classmethod
    def turn(cls, seat: int) -> Move:
        """Turn cards from ``seat``'s stock onto its waste."""
        return cls(seat, MoveKind.TURN)

    @classmethod
    def restock(cls, seat: int) -> Move:
        """Turn ``seat``'s waste over into a new stock."""
        return cls(seat, MoveKind.RESTOCK)

    @classmethod
    def rotate(cls, seat: int) -> Move:
        """Move the top card of stuck ``seat``'s stock to the bottom."""
        return cls(seat, MoveKind.ROTATE)

    @classmethod
    def call(cls, seat: int) -> Move:
        """``seat`` calls "Nerts!"."""
        return cls(seat, MoveKind.CALL)

    @property
    def is_progress(self) -> bool:
        """Whether the move is *progress* (rules.md §7).

        Progress is a play to a foundation, a play of the Nerts top or the waste top, or the
        call of Nerts. Stock operations and moves between work piles are not.

        >>> from nertslib import Move
        >>> [Move.parse(m).is_progress for m in ("0:nerts", "0:turn", "0:9C@P0>P2")]
        [True, False, False]

        .. versionchanged:: 0.2.0
           The call of Nerts is progress (a seat that may call is never stuck).
        """
        if self.kind is K_CALL:
            return True
        return self.kind is K_PLAY and (self.source is not Z_WORK or self.target in _TO_FOUNDATION)

    @property
    def to_foundation(self) -> bool:
        """Whether the move plays a card to a foundation (existing or new)."""
        return self.target in _TO_FOUNDATION

    def notation(self) -> str:
        """The one-line notation (also ``str(move)``)."""
        if self.kind is not MoveKind.PLAY:
            return f"{self.seat}:{self.kind.value}"
        assert self.card is not None
        assert self.source is not None
        assert self.target is not None
        src = zone_text(self.source, self.source_index)
        dst = zone_text(self.target, self.target_index)
        return f"{self.seat}:{self.card.code}@{src}>{dst}"

    def describe(self) -> str:
        """The move in words, for people: ``"Q♦ from the Nerts pile onto work pile 2"``.

        Work piles and foundations are numbered from 0, as in the notation, so the words and
        ``str(move)`` name the same piles. The seat is not part of the words.

        >>> from nertslib import Move
        >>> Move.parse("0:QD@N>P2").describe()
        'Q♦ from the Nerts pile onto work pile 2'
        >>> Move.parse("1:AS@W>F+").describe(), Move.parse("2:KH@P0>U3").describe()
        ('A♠ from the waste onto a new foundation', 'K♥ from work pile 0 under work pile 3')
        >>> Move.parse("0:X1=6H@P2>F3").describe()
        'joker 1 as 6♥ from work pile 2 onto foundation 3'
        >>> Move.parse("3:turn").describe(), Move.parse("3:nerts").describe()
        ('turn the stock onto the waste', 'call Nerts!')
        """
        if self.kind is not MoveKind.PLAY:
            return _KIND_WORDS[self.kind]
        card = self.card
        assert card is not None
        assert self.source is not None
        assert self.target is not None
        if card.is_joker:
            name = f"joker {card.code[1]}"
            named = f"{name} as {str(card).partition('=')[2]}" if card.is_declared else name
        else:
            named = str(card)
        src = _SOURCE_WORDS[self.source].format(self.source_index)
        dst = _TARGET_WORDS[self.target].format(self.target_index)
        return f"{named} {src} {dst}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move written in notation (see the module docs); inverse of ``str``.

        Whitespace around the move is ignored. A malformed move raises :class:`ValueError`
        quoting the text and, where the mistake is a common one, saying what to write.

        Raises:
            NertsError: (a :class:`ValueError`) for malformed notation, quoting it.

        >>> from nertslib import Move
        >>> Move.parse("1:9C@P0>P2").target_index
        2
        >>> Move.parse(" 0:turn  ") == Move.turn(0)
        True
        >>> Move.parse("1:9C@Q0>P2")
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: not a move: '1:9C@Q0>P2' (expected e.g. '0:6H@N>F3', '0:turn')
        >>> Move.parse("turn")
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: not a move: 'turn' (missing seat: write '0:turn')
        >>> Move.parse("0:as@p3>f+")
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: not a move: '0:as@p3>f+' (card moves are upper case: write '0:AS@P3>F+')
        """  # noqa: E501 - a doctest output line
        if not isinstance(cast(object, text), str):
            raise NertsError(_not_a_move(text, _EXPECTED))
        trimmed = text.strip()
        match = _NOTATION.fullmatch(trimmed)
        if match is None or int(match["seat"]) >= MAX_SEATS:
            raise NertsError(_not_a_move(text, _hint(trimmed)))
        seat = int(match["seat"])
        if match["word"]:
            return cls(seat, MoveKind(match["word"]))
        card = card_from_id(parse_card_id(match["card"], seat))
        source, source_index = zone_from_text(match["src"])
        target, target_index = zone_from_text(match["dst"])
        return cls(seat, MoveKind.PLAY, card, source, source_index, target, target_index)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


_NOTATION: Final = re.compile(
    r"(?P<seat>[0-9])"
    r":(?:(?P<word>turn|restock|rotate|nerts)"
    r"|(?P<card>(?:10|[2-9AJQKT])[CDHS]|X[12](?:=(?:10|[2-9AJQKT])[CDHS])?)"
    r"@(?P<src>[NW]|P[0-9]{1,3})"
    r">(?P<dst>F\+|[FPU][0-9]{1,3}))"
)

_EXPECTED: Final = "expected e.g. '0:6H@N>F3', '0:turn'"
_HINT_LIMIT: Final = 40
_WORDS: Final = ("turn", "restock", "rotate", "nerts")
_KIND_WORDS: Final = {
    MoveKind.TURN: "turn the stock onto the waste",
    MoveKind.RESTOCK: "turn the waste over into a new stock",
    MoveKind.ROTATE: "move the top stock card to the bottom",
    MoveKind.CALL: "call Nerts!",
}
_SOURCE_WORDS: Final = {
    Zone.NERTS: "from the Nerts pile",
    Zone.WASTE: "from the waste",
    Zone.WORK: "from work pile {}",
}
_TARGET_WORDS: Final = {
    Zone.FOUNDATION: "onto foundation {}",
    Zone.NEW_FOUNDATION: "onto a new foundation",
    Zone.WORK: "onto work pile {}",
    Zone.UNDER: "under work pile {}",
}
_CARD: Final = re.compile(r"(?:10|[2-9AJQKT])[CDHS]|X[12]")
_SEATLESS: Final = re.compile(r"(?:turn|restock|rotate|nerts|[0-9AJQKTX][0-9CDHS=]*@.*)")


def _not_a_move(text: object, hint: str) -> str:
    return f"not a move: {excerpt(text)} ({hint})"


def _hint(text: str) -> str:
    """What is wrong with ``text``, which is not notation, for the commonest slips.

    A hint quotes parts of the text, so only short text (a move is at most 14 characters)
    gets one.
    """
    if len(text) > _HINT_LIMIT:
        return _EXPECTED
    seat, colon, rest = text.partition(":")
    if not colon:
        if _SEATLESS.fullmatch(text):
            return f"missing seat: write '0:{text}'"
        return _EXPECTED
    if seat.isdecimal() and int(seat) >= MAX_SEATS:
        return f"seat {int(seat)} does not exist: seats are 0..{MAX_SEATS - 1}"
    if rest.lower() in _WORDS and rest != rest.lower():
        return f"words are lower case: write '{seat}:{rest.lower()}'"
    if rest != rest.upper() and _NOTATION.fullmatch(f"{seat}:{rest.upper()}"):
        return f"card moves are upper case: write '{seat}:{rest.upper()}'"
    if _CARD.fullmatch(rest):
        return f"a card move needs a source and a target: write e.g. '{seat}:{rest}@N>F0'"
    return _EXPECTED


#: The notation table of the module docs, one format string per zone (for the contracts).
_ZONE_SPEC: Final = {
    Zone.NERTS: "N",
    Zone.WASTE: "W",
    Zone.WORK: "P{}",
    Zone.FOUNDATION: "F{}",
    Zone.NEW_FOUNDATION: "F+",
    Zone.UNDER: "U{}",
}


def zone_text(zone: Zone, index: int) -> str:
    """The notation of a move's source or target: the zone's code, then ``index`` if it has one.

    pre: 0 <= index < 1000
    pre: zone in (Zone.WORK, Zone.FOUNDATION, Zone.UNDER) or index == 0
    post: __return__ == _ZONE_SPEC[zone].format(index)
    """
    return zone.code + (str(index) if zone in _INDEXED else "")


def zone_from_text(text: str) -> tuple[Zone, int]:
    """The zone and index written ``text`` (``"N"``, ``"F+"``, ``"P3"``); inverts :func:`zone_text`.

    pre: len(text) < 5 and (text in ("N", "W", "F+") or text[:1] in "PFU" and text[1:].isdecimal())
    post: zone_text(*__return__) == (text[0] + str(int(text[1:])) if text[1:].isdecimal() else text)
    """
    if text in ("N", "W", "F+"):
        return Zone(text), 0
    return Zone(text[0]), int(text[1:])
