"""The card tables of :mod:`nertslib.cards` and :mod:`nertslib.context` as one numpy array.

The batch engine uses the pure engine's card ids, so the tables are the same numbers: built
here once from the pure tuples, never restated. Row ``T_*`` of :func:`card_tables` is the
table of that name over the ids of undeclared cards (``0 .. 431``).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.cards import DECLARED_BASE, KEY, ON, RANK, RED, SUIT, UNDER
from nertslib.context import FKEY, FNEXT

T_KEY: Final = 0
T_ON: Final = 1
T_UNDER: Final = 2
T_RANK: Final = 3
T_SUIT: Final = 4
T_RED: Final = 5
T_FKEY: Final = 6
T_FNEXT: Final = 7


def card_tables(rule: int) -> np.ndarray:
    """The ``(8, 432)`` int16 tables for foundation build ``rule`` (``Context.rule``).

    >>> from nertslib.batch.tables import T_RANK, card_tables
    >>> int(card_tables(0)[T_RANK, 12])
    13
    """
    rows = (KEY, ON, UNDER, RANK, SUIT, RED, FKEY[rule], FNEXT[rule])
    return np.array([row[:DECLARED_BASE] for row in rows], dtype=np.int16)
