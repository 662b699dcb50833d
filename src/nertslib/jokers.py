"""Jokers on work piles: the identity a joker's neighbours force (rules.md §9).

On a work pile a joker need not be declared: ranks descend by one and colours alternate, so
one card of known rank and colour fixes every position of the pile. A position's *key* is
``rank * 2 + red`` (the same key as ``nertslib.cards.KEY``); a pile is described by its
*effective keys*, the key of each card bottom first, with ``-1`` for a joker whose identity
is open. :func:`pile_base` decides whether such a pile is consistent and, if so, which key its
base must have; :func:`position_key` then gives the key of every position.

>>> from nertslib.jokers import FREE, pile_base, position_key
>>> black_ten, joker, black_eight = 20, -1, 16
>>> base = pile_base((black_ten, joker, black_eight))
>>> base, position_key(base, 1)  # the joker between them is a red 9
(20, 19)
>>> pile_base((joker, joker)) == FREE, pile_base((black_ten, joker, 18))
(True, -2)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Final

from nertslib.cards import CARDS, DECLARED_BASE, FACE, KEY

__all__ = [
    "FREE",
    "INVALID",
    "KING_OPEN",
    "bind_pile",
    "bind_piles",
    "declaration_fits",
    "declarations",
    "effective_keys",
    "joker_constraint",
    "kinged",
    "lifted_key",
    "pile_base",
    "pile_problem",
    "position_key",
    "rank_of_key",
    "stands_as_king",
    "valid_pile",
]

#: :func:`pile_base` of a consistent pile with no card of known identity (only open jokers).
FREE: Final = -1
#: :func:`pile_base` of a pile that no assignment of identities makes a valid work pile.
INVALID: Final = -2
#: The longest work pile: King down to Ace.
MAX_RUN: Final = 13
#: The binding of a joker that filled a King-only space or slid under as its King, standing
#: for a King whose colour stays open until a card is played onto it (rules.md §9). It is no
#: key. Only :func:`pile_base` and :func:`declaration_fits` read it, and only at a base.
KING_OPEN: Final = 28


def rank_of_key(key: int) -> int:
    """The rank of work-pile key ``key`` (``rank * 2 + red``).

    pre: 2 <= key <= 27
    post: 1 <= __return__ <= 13
    post: __return__ * 2 <= key <= __return__ * 2 + 1
    """
    return key >> 1


def position_key(base: int, i: int) -> int:
    """The key of position ``i`` (0 = base) of a valid pile whose base has key ``base``.

    Each position is one rank lower than the one below it and the other colour.

    pre: 2 <= base <= 27 and 0 <= i <= 12
    post: __return__ >> 1 == (base >> 1) - i
    post: (__return__ & 1) == ((base & 1) ^ (i & 1))
    """
    return (base - 2 * i) ^ (i & 1)


def _base_from(key: int, i: int) -> int:
    """The base key a pile must have for position ``i`` to have key ``key``.

    pre: 2 <= key <= 27 and 0 <= i <= 12
    post: (__return__ - 2 * i) ^ (i & 1) == key
    """
    return (key ^ (i & 1)) + 2 * i


def pile_base(keys: tuple[int, ...]) -> int:
    """The base key of the work pile with effective keys ``keys``, or :data:`FREE`/:data:`INVALID`.

    ``keys`` lists the pile bottom first: a card's key, or ``-1`` for a joker whose identity
    is open. The pile is valid iff some base rank and colour give every position a rank in
    1..13 and every known key its position's key. The result is that base key when some key
    is known, :data:`FREE` (-1) when none is and the pile is no longer than 13 cards, and
    :data:`INVALID` (-2) otherwise.

    A joker bound to :data:`KING_OPEN` holds its position to a King of either colour.

    pre: len(keys) <= 14 and all(k == -1 or 2 <= k <= 28 for k in keys)
    post: __return__ >= -2
    post: __return__ != -1 or (len(keys) <= 13 and all(k in (-1, 28) for k in keys))
    post: __return__ < 0 or all(k == -1 or position_key(__return__, i) == k or (k == 28 and i == 0 and __return__ >> 1 == 13) for i, k in enumerate(keys))
    post: __return__ < 0 or (__return__ >> 1) <= 13 and (__return__ >> 1) - len(keys) >= 0
    post: __return__ != -2 or not any(all(k == -1 or position_key(b, i) == k or (k == 28 and i == 0 and b >> 1 == 13) for i, k in enumerate(keys)) for b in range(len(keys) * 2, 28))
    """  # noqa: E501 - contracts are one line each
    base = FREE
    for i, k in enumerate(keys):
        if k == KING_OPEN:
            if i:
                return INVALID
        elif k >= 0:
            b = (k ^ (i & 1)) + 2 * i
            if base == FREE:
                base = b
            elif b != base:
                return INVALID
    n = len(keys)
    if base == FREE:
        return FREE if n <= MAX_RUN else INVALID
    if base >> 1 > MAX_RUN or (base >> 1) - n < 0:
        return INVALID
    if keys[0] == KING_OPEN and base >> 1 != MAX_RUN:
        return INVALID
    return base


def declaration_fits(constraint: int, declared_key: int) -> bool:
    """Whether a joker held to key ``constraint`` (``-1``: open) may be declared ``declared_key``.

    A joker held to :data:`KING_OPEN` may be declared a King of either colour.

    pre: constraint == -1 or 2 <= constraint <= 28
    pre: 2 <= declared_key <= 27
    post: __return__ == (constraint in (-1, declared_key) or (constraint == 28 and declared_key >> 1 == 13))
    """  # noqa: E501 - contracts are one line each
    if constraint == KING_OPEN:
        return declared_key >> 1 == MAX_RUN
    return constraint < 0 or constraint == declared_key


def effective_keys(pile: tuple[int, ...], bound: tuple[int, ...]) -> tuple[int, ...]:
    """The effective keys of work pile ``pile`` (card ids), bottom first.

    Each card's key, a bound joker's key (``bound`` is ``Layout.bound``), ``-1`` for a joker
    whose identity is open.

    >>> from nertslib.jokers import effective_keys
    >>> ten_s, joker = 48, 52
    >>> effective_keys((ten_s, joker), ())
    (20, -1)
    """
    if bound:
        return tuple([k if (k := KEY[c]) >= 0 else bound[FACE[c] - 52] for c in pile])
    return tuple([KEY[c] for c in pile])


def valid_pile(pile: tuple[int, ...], bound: tuple[int, ...]) -> bool:
    """Whether some identities of the open jokers make ``pile`` a valid work pile.

    >>> from nertslib.jokers import valid_pile
    >>> ten_s, joker, eight_s, eight_h = 48, 52, 46, 33
    >>> valid_pile((ten_s, joker, eight_s), ()), valid_pile((ten_s, joker, eight_h), ())
    (True, False)
    """
    return pile_base(effective_keys(pile, bound)) != INVALID


def joker_constraint(pile: tuple[int, ...], bound: tuple[int, ...], i: int) -> int:
    """The key position ``i`` of valid work pile ``pile`` is held to, or -1 if it is open.

    >>> from nertslib.jokers import joker_constraint
    >>> ten_s, joker = 48, 52
    >>> joker_constraint((ten_s, joker), (), 1)  # a red 9
    19
    """
    base = pile_base(effective_keys(pile, bound))
    return position_key(base, i) if base >= 0 else -1


def lifted_key(bound: tuple[int, ...], joker: int) -> int:
    """The key joker ``joker`` is held to as it leaves the top of a work pile, or -1 if open.

    Only a card played onto a joker fixes it (rules.md §9): the card *beneath* a joker
    constrains what may be played onto the joker while it lies there, never where the joker
    itself may go. A joker on top of a pile is held only by its binding (``bound``, see
    :class:`~nertslib.Layout`: a card once played onto it under ``joker_binding="permanent"``),
    so with no binding it moves to a foundation or another pile as freely as from the hand.

    >>> from nertslib.jokers import lifted_key
    >>> joker_1 = 52
    >>> lifted_key((), joker_1), lifted_key((19, -1), joker_1)  # open; bound to a red 9
    (-1, 19)
    """
    return bound[FACE[joker] - 52] if bound else -1


def stands_as_king(keys: tuple[int, ...]) -> bool:
    """Whether the run with effective keys ``keys`` may lie with its bottom card as a King.

    What a King-only space asks of a run that fills it (``space_fill="king_only"``): its
    bottom is a King, or an open joker standing for one (rules.md §9), and the run above it
    builds down from there.

    >>> from nertslib.jokers import stands_as_king
    >>> joker, red_queen, red_five, black_king = -1, 25, 11, 26
    >>> stands_as_king((joker, red_queen)), stands_as_king((joker, red_five))
    (True, False)
    >>> stands_as_king((black_king,)), stands_as_king((red_queen,))
    (True, False)
    """
    first = KING_OPEN if keys[0] < 0 else keys[0]
    base = pile_base((first, *keys[1:]))
    return base == FREE or (base >= 0 and base >> 1 == MAX_RUN)


def kinged(bound: tuple[int, ...], joker: int, jokers: int) -> tuple[int, ...]:
    """``bound`` after ``joker`` filled a King-only space: open, it now stands for a King.

    ``jokers`` is the number of jokers per deck. A joker already held to an identity keeps
    it (the move that brought it there was only legal if that identity is a King's).

    >>> from nertslib.jokers import KING_OPEN, kinged
    >>> joker_1 = 52
    >>> kinged((), joker_1, 2) == (KING_OPEN, -1), kinged((26, -1), joker_1, 2)
    (True, (26, -1))
    """
    new = list(bound) if bound else [-1] * jokers
    if new[FACE[joker] - 52] >= 0:
        return bound
    new[FACE[joker] - 52] = KING_OPEN
    return tuple(new)


def bind_pile(pile: tuple[int, ...], bound: tuple[int, ...], jokers: int) -> tuple[int, ...]:
    """``bound`` after binding the covered jokers of ``pile`` to the identities its cards fix.

    (``joker_binding="permanent"``: once a card lies on a joker, its rank and colour are fixed.)
    ``jokers`` is the number of jokers per deck.

    >>> from nertslib.jokers import bind_pile
    >>> ten_s, joker, eight_s = 48, 52, 46
    >>> bind_pile((ten_s, joker, eight_s), (), 2)
    (19, -1)
    """
    covered = [i for i in range(len(pile) - 1) if KEY[pile[i]] < 0]
    if not covered:
        return bound
    base = pile_base(effective_keys(pile, bound))
    if base < 0:
        return bound
    new = list(bound) if bound else [-1] * jokers
    for i in covered:
        new[FACE[pile[i]] - 52] = position_key(base, i)
    return tuple(new)


def bind_piles(
    work: tuple[tuple[int, ...], ...], bound: tuple[int, ...], jokers: int
) -> tuple[int, ...]:
    """``bound`` after :func:`bind_pile` of every pile of ``work``.

    >>> from nertslib.jokers import bind_piles
    >>> bind_piles(((48, 52, 46), ()), (), 2)
    (19, -1)
    """
    for pile in work:
        bound = bind_pile(pile, bound, jokers)
    return bound


def pile_problem(pile: tuple[int, ...], bound: tuple[int, ...] = ()) -> str:
    """Why the face-up work pile ``pile`` (card ids) is not valid; ``""`` if it is.

    A pile is valid iff some identities of its open jokers (``bound`` holds the fixed ones,
    see :class:`~nertslib.Layout`) make it build down by one in alternating colours, every
    rank within Ace..King.

    >>> from nertslib.jokers import pile_problem
    >>> ten_s, joker, eight_s, eight_h = 48, 52, 46, 33
    >>> pile_problem((ten_s, joker, eight_s)), pile_problem((ten_s, joker, eight_h))
    ('', '10♠ 🃏1 8♥ builds down in no way its jokers allow')
    """
    if any(c >= DECLARED_BASE for c in pile):
        return "a declared joker lies on a work pile"
    if not valid_pile(pile, bound):
        return f"{' '.join(str(CARDS[c]) for c in pile)} builds down in no way its jokers allow"
    return ""


def declarations(rule: int, want: int) -> tuple[int, ...]:
    """The in-deck indices of the cards a foundation needing key ``want`` accepts.

    Indices are ``suit * 13 + rank - 1``; ``rule`` is the build rule (0 same suit, 1
    alternating colour, 2 any suit).

    >>> from nertslib.jokers import declarations
    >>> declarations(0, 2 * 16 + 6)  # a foundation of hearts that needs its 6
    (31,)
    """
    rank = want % 16
    if rule == 0:
        suits: tuple[int, ...] = (want // 16,)
    elif rule == 1:
        suits = (1, 2) if want // 16 else (0, 3)
    else:
        suits = (0, 1, 2, 3)
    return tuple(s * 13 + rank - 1 for s in suits)
