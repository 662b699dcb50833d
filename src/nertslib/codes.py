"""Card codes read in bulk: the fast path of the position readers (NFEN, views, JSON).

Reading codes one by one (``split``, then a dict lookup) costs a new string and its hash per
card, which was most of the cost of reading a position. Here a whole field is read with a
handful of operations that each run over all its bytes in C:

1. ``"10"`` is written ``"T"``, so that every code has two characters, rank then suit, and
   each code but the last is followed by one separator character. The codes then sit at a
   fixed stride, and strided slices give all the rank characters and all the suit characters.
2. ``bytes.translate`` turns each rank character into a value 0..15 and each suit character
   into a multiple of 16 below 128.
3. One addition of the two byte strings read as big integers adds them byte by byte (no byte
   sum reaches 256, so there is no carry), and a last ``translate`` turns each sum into the
   card's in-deck index (``AC`` 0 … ``KS`` 51, ``X1`` 52, ``X2`` 53).

Only the canonical codes the writers write are read here, and ``-`` (an empty pile). Anything
else makes these functions return ``None``; the caller then reads the field the long way,
which accepts the other spellings (``th``, ``T♥``…) and words any error. Every reader's fast
path is tested against its long way (``tests/test_codes.py``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from nertslib.cards import DECK_SPAN, MAX_SEATS

__all__ = ["EMPTY", "EMPTY_ID", "code_indexes", "owned_ids"]

#: The index :func:`code_indexes` gives ``-``, an empty pile.
EMPTY: Final = 254
#: The id :func:`owned_ids` gives :data:`EMPTY` (no card has it).
EMPTY_ID: Final = -1
_INVALID: Final = 255

_RANK_CHARS: Final = "A23456789TJQK"
_SUIT_CHARS: Final = "CDHS"
_JOKER_RANK: Final = 13  # "X"
_EMPTY_RANK: Final = 14  # "-"
_BAD_RANK: Final = 15
_JOKER_SUITS: Final = {"1": 64, "2": 80}
_EMPTY_SUIT: Final = 96  # "-"
_BAD_SUIT: Final = 112


def _rank_values() -> bytes:
    table = bytearray([_BAD_RANK]) * 256
    for value, char in enumerate(_RANK_CHARS):
        table[ord(char)] = value
    table[ord("X")] = _JOKER_RANK
    table[ord("-")] = _EMPTY_RANK
    return bytes(table)


def _suit_values() -> bytes:
    table = bytearray([_BAD_SUIT]) * 256
    for value, char in enumerate(_SUIT_CHARS):
        table[ord(char)] = 16 * value
    for char, value in _JOKER_SUITS.items():
        table[ord(char)] = value
    table[ord("-")] = _EMPTY_SUIT
    return bytes(table)


def _indexes() -> bytes:
    """Rank value + suit value -> in-deck index (the order of :data:`nertslib.cards.CARDS`)."""
    table = bytearray([_INVALID]) * 256
    for suit in range(len(_SUIT_CHARS)):
        for rank in range(len(_RANK_CHARS)):
            table[16 * suit + rank] = 13 * suit + rank
    for joker, value in enumerate(_JOKER_SUITS.values()):
        table[value + _JOKER_RANK] = 52 + joker
    table[_EMPTY_SUIT + _EMPTY_RANK] = EMPTY
    return bytes(table)


_RANK_VALUES: Final = _rank_values()
_SUIT_VALUES: Final = _suit_values()
_INDEXES: Final = _indexes()


def code_indexes(text: str) -> tuple[bytes, bytes] | None:
    """The in-deck index of every code in ``text``, and the separators between the codes.

    ``text`` is canonical card codes and ``-`` (read as :data:`EMPTY`), each but the last
    followed by one separator character. The answer is that of reading code by code when
    the separators it gives are all ``.`` or ``|``; with other separators (a digit or ``-``
    can shift the reading) the caller takes the long way.

    >>> from nertslib.codes import code_indexes
    >>> indexes, separators = code_indexes("AC.10H|-|X2")
    >>> list(indexes), separators
    ([0, 35, 254, 53], b'.||')
    >>> code_indexes("AC.ah") is None, code_indexes("10") is None
    (True, True)
    """
    data = text.replace("10", "T").replace("-", "--").encode("ascii", "replace")
    count = (len(data) + 1) // 3  # each code, rank and suit, and the separator after it
    if len(data) != 3 * count - 1:
        return None
    ranks = int.from_bytes(data[0::3].translate(_RANK_VALUES), "big")
    suits = int.from_bytes(data[1::3].translate(_SUIT_VALUES), "big")
    indexes = (ranks + suits).to_bytes(count, "big").translate(_INDEXES)
    return None if _INVALID in indexes else (indexes, data[2::3])


#: Per owner: in-deck index -> card id (:data:`EMPTY` -> :data:`EMPTY_ID`, others -2).
_OWNED: Final = tuple(
    tuple(
        owner * DECK_SPAN + i if i < DECK_SPAN else EMPTY_ID if i == EMPTY else -2
        for i in range(256)
    )
    for owner in range(MAX_SEATS)
)


def owned_ids(indexes: bytes, owner: int) -> tuple[int, ...]:
    """The card ids of ``owner``'s cards with these in-deck ``indexes`` (from :func:`code_indexes`).

    >>> from nertslib.codes import code_indexes, owned_ids
    >>> owned_ids(code_indexes("AC.-.2C")[0], 1)
    (54, -1, 55)
    """
    if len(indexes) == 1:  # itemgetter of one key returns the item, not a tuple
        return (_OWNED[owner][indexes[0]],)
    return itemgetter(*indexes)(_OWNED[owner])  # type: ignore[no-any-return]
