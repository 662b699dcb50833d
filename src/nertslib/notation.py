"""The text forms of cards and piles shared by the NFEN, view and JSON readers and writers.

An internal module: :mod:`nertslib.state` (NFEN), :mod:`nertslib.views` (view NFEN) and
:mod:`nertslib.serialize` (JSON) write and read card codes and piles the same way, and the
tables and helpers they share live here, once.

* A card is written by its code (``"6H"``, ``"X1"``); on a foundation the code carries its
  owner's seat digit (``"6H0"``). In a pile the owner is the seat the pile belongs to.
* A pile is its codes joined by ``.`` (bottom first), ``-`` when empty.
* A joker bound to an identity is written with it: ``X1(r9)`` (a red 9), ``X2(bQ)`` (a black
  Queen); a joker standing for a King in a King-only space, its colour open, ``X1(K)``.

The tables are built at import and never change: the readers look canonical codes up in them
(in C, through ``itemgetter`` and ``map``) and send anything else the long way, through
:func:`nertslib.cards.parse_code`, which also words the error.

>>> from nertslib.notation import CODE, parse_pile, pile_text
>>> CODE[0], pile_text(parse_pile("AC.10H", 1)), pile_text(())
('AC', 'AC.10H', '-')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from nertslib.cards import (
    CARDS,
    DECK_SPAN,
    FACE,
    KEY,
    MAX_PASSES,
    MAX_SEATS,
    RANK_CODES,
    parse_code,
)
from nertslib.errors import NertsError
from nertslib.jokers import KING_OPEN
from nertslib.quoting import excerpt

__all__ = [
    "CODE",
    "CODE_IDS",
    "CODE_INDEX",
    "FCODE",
    "FND_INDEX",
    "ascii_digits",
    "bound_of",
    "bound_text",
    "hidden_run",
    "parse_passes",
    "parse_pile",
    "parse_work",
    "passes_problem",
    "pile_text",
    "read_work_text",
    "work_codes",
    "work_pile_text",
]

#: Card id -> its code.
CODE: Final = tuple(c.code for c in CARDS)
#: Card id -> its code with the owner's seat digit (a foundation item).
FCODE: Final = tuple(c.code + str(c.owner) for c in CARDS)
#: Canonical card code -> in-deck index; other spellings go through ``parse_code``.
CODE_INDEX: Final = {CARDS[i].code: i for i in range(DECK_SPAN)}
#: Canonical foundation item (code and owner digit, declared jokers too) -> card id.
FND_INDEX: Final = {code: i for i, code in enumerate(FCODE)}
#: Per owner: canonical card code -> card id.
CODE_IDS: Final = tuple(
    {code: owner * DECK_SPAN + i for code, i in CODE_INDEX.items()} for owner in range(MAX_SEATS)
)


def pile_text(ids: tuple[int, ...]) -> str:
    """A pile's codes joined by ``.``, bottom first; ``-`` for an empty pile.

    >>> from nertslib.notation import pile_text
    >>> pile_text((12, 13)), pile_text(())
    ('KC.AD', '-')
    """
    return ".".join([CODE[c] for c in ids]) or "-"


def bound_text(key: int) -> str:
    """A bound joker's identity as NFEN and JSON write it: ``r9`` (red 9), ``bQ`` (black Queen).

    ``key`` is the work-pile key, ``rank * 2 + red``.

    >>> from nertslib.notation import bound_text
    >>> bound_text(9 * 2 + 1), bound_text(12 * 2)
    ('r9', 'bQ')
    """
    if key == KING_OPEN:
        return "K"
    return ("r" if key & 1 else "b") + RANK_CODES[key >> 1]


def bound_of(text: str) -> int:
    """The key written ``r9``/``bQ`` by :func:`bound_text`.

    Raises:
        NertsError: (a :class:`ValueError`) for anything else, quoting it.

    >>> from nertslib.notation import bound_of
    >>> bound_of("r9"), bound_of("bQ")
    (19, 24)
    """
    if text == "K":
        return KING_OPEN
    if len(text) < 2 or text[0] not in "rb" or text[1:] not in RANK_CODES[1:]:
        msg = f"not a joker binding: {excerpt(text)} (expected e.g. 'r9', 'bQ')"
        raise NertsError(msg)
    return RANK_CODES.index(text[1:]) * 2 + (text[0] == "r")


def work_codes(ids: tuple[int, ...], bound: tuple[int, ...]) -> list[str]:
    """A work pile's codes, a bound joker's with its identity (``X1(r9)``), bottom first.

    ``bound`` is the layout's bound jokers (``Layout.bound``), ``()`` when none is bound.

    >>> import nertslib as nl
    >>> from nertslib.notation import work_codes
    >>> joker = nl.Card.joker_of(0, 1).id
    >>> work_codes((12, joker), (19,)), work_codes((joker,), ())
    (['KC', 'X1(r9)'], ['X1'])
    """
    if not bound:
        return [CODE[c] for c in ids]
    return [
        f"{CODE[c]}({bound_text(bound[FACE[c] - 52])})"
        if KEY[c] < 0 and bound[FACE[c] - 52] >= 0
        else CODE[c]
        for c in ids
    ]


def work_pile_text(ids: tuple[int, ...], bound: tuple[int, ...]) -> str:
    """A work pile's text: :func:`pile_text`, a bound joker with its identity (``X1(r9)``).

    ``bound`` is as for :func:`work_codes`.

    >>> import nertslib as nl
    >>> from nertslib.notation import work_pile_text
    >>> joker = nl.Card.joker_of(0, 1).id
    >>> work_pile_text((joker,), (19,)), work_pile_text((joker,), ()), work_pile_text((), ())
    ('X1(r9)', 'X1', '-')
    """
    return ".".join(work_codes(ids, bound)) or "-"


def read_work_text(ids: tuple[int, ...], binds: Mapping[int, int]) -> str:
    """:func:`work_pile_text` of a pile as a reader holds it: ``binds`` maps joker id -> key.

    (What :func:`parse_work` fills in; a reader that rebuilds NFEN from another form writes
    its piles with this.)

    >>> from nertslib.notation import read_work_text
    >>> read_work_text((12, 52), {52: 19}), read_work_text((), {})
    ('KC.X1(r9)', '-')
    """
    return (
        ".".join([CODE[c] + (f"({bound_text(binds[c])})" if c in binds else "") for c in ids])
        or "-"
    )


def hidden_run(hidden: int, shown: tuple[int, ...]) -> str:
    """A pile of a view's NFEN: the count of its hidden cards (``12?``), then the shown codes.

    >>> from nertslib.notation import hidden_run
    >>> hidden_run(12, (1,)), hidden_run(35, ()), hidden_run(0, (1, 2)), hidden_run(0, ())
    ('12?.2C', '35?', '2C.3C', '-')
    """
    codes = [CODE[c] for c in shown]
    if hidden:
        codes.insert(0, f"{hidden}?")
    return ".".join(codes) or "-"


def parse_pile(text: str, owner: int) -> tuple[int, ...]:
    """The card ids of a pile written by :func:`pile_text`, its cards owned by ``owner``.

    Raises:
        NertsError: (a :class:`ValueError`) for a code that is not a card, quoting it.

    >>> from nertslib.notation import parse_pile
    >>> parse_pile("AC.2C", 0), parse_pile("-", 0)
    ((0, 1), ())
    """
    if text == "-":
        return ()
    try:  # canonical codes, looked up in C; anything else goes the long way (and its errors)
        return tuple(map(CODE_IDS[owner].__getitem__, text.split(".")))
    except KeyError:
        pass
    base = owner * DECK_SPAN
    index = CODE_INDEX.get
    return tuple(
        [
            base + (i if (i := index(code)) is not None else parse_code(code))
            for code in text.split(".")
        ]
    )


def parse_work(text: str, owner: int, binds: dict[int, int]) -> tuple[int, ...]:
    """A work pile's face-up cards; bound jokers (``X1(r9)``) go into ``binds`` (id -> key).

    Raises:
        NertsError: for a code that is not a card, or a binding on a card that is no joker.

    >>> from nertslib.notation import parse_work
    >>> binds = {}
    >>> parse_work("X1(r9)", 0, binds), binds
    ((52,), {52: 19})
    """
    if "(" not in text:
        return parse_pile(text, owner)
    ids = []
    for code in text.split("."):
        head, paren, tail = code.partition("(")
        card = owner * DECK_SPAN + parse_code(head)
        if paren:
            if not tail.endswith(")") or KEY[card] >= 0:
                msg = f"only a joker may carry a binding, got {excerpt(code)}"
                raise NertsError(msg)
            binds[card] = bound_of(tail[:-1])
        ids.append(card)
    return tuple(ids)


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is a number in ASCII digits (``str.isdigit`` also takes ``'٣'``).

    >>> from nertslib.notation import ascii_digits
    >>> ascii_digits("12"), ascii_digits("١٢"), ascii_digits("")
    (True, False, False)
    """
    return text.isascii() and text.isdigit()


def parse_passes(text: str, seat: int, most: int | None) -> int:
    """A seat's pass count as NFEN writes it (of states and views), at most ``most``.

    ``most`` is the variant's limit; ``None`` (no limit): :data:`~nertslib.cards.MAX_PASSES`.

    Raises:
        NertsError: for anything but ASCII digits, or a count over the limit.

    >>> from nertslib.notation import parse_passes
    >>> parse_passes("1000", 0, None)
    1000
    >>> parse_passes("3", 1, 2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: seat 1 has turned its waste over more often than allowed (3 > 2)
    """
    if not ascii_digits(text):
        msg = f"seat {seat}'s passes must be a number, got {excerpt(text)}"
        raise NertsError(msg)
    # the length first: int() refuses more than 4300 digits with its own ValueError
    if len(text) > len(str(MAX_PASSES)) or int(text) > MAX_PASSES:
        msg = _too_many_passes(seat, excerpt(text), MAX_PASSES)
        raise NertsError(msg)
    passes = int(text)
    problem = passes_problem(passes, seat, most)
    if problem:
        raise NertsError(problem)
    return passes


def passes_problem(passes: int, seat: int, most: int | None) -> str:
    """Why ``seat`` may not have turned its waste over ``passes`` times (``""``: it may).

    ``most`` is the variant's limit (``None``: none). Shared by every reader.

    >>> from nertslib.notation import passes_problem
    >>> passes_problem(2, 0, 2), passes_problem(1000, 0, None)
    ('', '')
    >>> passes_problem(3, 1, 2)
    'seat 1 has turned its waste over more often than allowed (3 > 2)'
    """
    if most is not None and passes > most:
        return _too_many_passes(seat, str(passes), most)
    return ""


def _too_many_passes(seat: int, passes: str, most: int) -> str:
    return f"seat {seat} has turned its waste over more often than allowed ({passes} > {most})"
