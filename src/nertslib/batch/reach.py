"""What a seat's reachable work configurations show, kept while its piles stay as they are.

A seat's work piles stay the same through most moves of a hand (stock turns, the other
seats' plays), and what their reachable configurations show (:func:`~nertslib.batch.search.
search`) depends on the piles and the rules alone. So each caller holds a *memo*: one row
per seat with the last configuration a search visited whole, and its sum (and room for the
cards the seat tries against its piles), as the pure
engine keeps ``WorkFacts.reach`` per configuration. A memo belongs to one hand and one call
(a greedy hand, a batch operation); it never changes an answer.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.batch.jit import kernel
from nertslib.batch.layout import P_CFGLEN, P_SEATS, P_SLIDE
from nertslib.batch.rules import goes_up, may_fill
from nertslib.batch.search import R_BASES, R_SIZE, R_SPACE, R_TOPS
from nertslib.batch.tables import T_KEY, T_ON, T_UNDER
from nertslib.context import SLIDE_ALWAYS

M_VALID: Final = 0
M_SUMMARY: Final = 1
M_CFG: Final = M_SUMMARY + R_SIZE
#: The most cards a seat tries against its piles: its Nerts top and the waste tops of a pass.
MAX_TRIED: Final = 112


@kernel
def tried(memo: np.ndarray, p: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """Room in ``seat``'s memo row for the cards it tries and their sources.

    The kernels that list them run once per decision; the room saves them an allocation.
    """
    at = M_CFG + p[P_CFGLEN]
    row = memo[seat]
    return row[at : at + MAX_TRIED], row[at + MAX_TRIED : at + 2 * MAX_TRIED]


@kernel
def new_memo(p: np.ndarray) -> np.ndarray:
    """An empty memo for a hand of the batch's seat count."""
    return np.zeros((p[P_SEATS], M_CFG + p[P_CFGLEN] + 2 * MAX_TRIED), dtype=np.int16)


@kernel
def forget(memo: np.ndarray) -> None:
    """Empty the memo: the next hand's configurations are others."""
    for seat in range(memo.shape[0]):
        memo[seat, M_VALID] = 0


@kernel
def known(memo: np.ndarray, p: np.ndarray, seat: int, cfg: np.ndarray) -> bool:
    """Whether the memo holds the sum of ``seat``'s configuration ``cfg``."""
    if not memo[seat, M_VALID]:
        return False
    for k in range(p[P_CFGLEN]):  # a loop: np.array_equal would build an array each time
        if memo[seat, M_CFG + k] != cfg[k]:
            return False
    return True


@kernel
def summary_of(memo: np.ndarray, seat: int) -> np.ndarray:
    """The memo's sum for ``seat``: where a search writes it, and :func:`offers` reads it."""
    return memo[seat, M_SUMMARY:M_CFG]


@kernel
def remember(memo: np.ndarray, p: np.ndarray, seat: int, cfg: np.ndarray) -> None:
    """Mark the sum just written into :func:`summary_of` as that of configuration ``cfg``."""
    memo[seat, M_CFG : M_CFG + p[P_CFGLEN]] = cfg
    memo[seat, M_VALID] = 1


@kernel
def offers(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    summary: np.ndarray,
    cards: np.ndarray,
    sources: np.ndarray,
    n: int,
) -> bool:
    """``stuck.reach_offers``: progress in some configuration the summary sums up.

    A reachable top goes up or takes one of ``cards``; or a card that may fill a space
    finds one, or (``slide_under="always"``) an open base to slide under.
    """
    keys = 0  # the cards' work keys as bits (a key is below 28)
    for c in range(n):
        keys |= 1 << int(t[T_KEY, cards[c]])
    for k in range(summary[R_TOPS]):
        top = summary[R_TOPS + 1 + k]
        if goes_up(h, p, t, top) or (keys >> int(t[T_ON, top])) & 1:
            return True
    under = p[P_SLIDE] == SLIDE_ALWAYS
    for c in range(n):
        if not may_fill(p, t, cards[c], sources[c]):
            continue
        if summary[R_SPACE]:
            return True
        if under:
            for k in range(summary[R_BASES]):
                if t[T_KEY, cards[c]] == t[T_UNDER, summary[R_BASES + 1 + k]]:
                    return True
    return False
