"""Dealing in the batch: :mod:`nertslib.deal`'s SplitMix64 shuffle, bit for bit, in a kernel.

The arithmetic is on ``uint64`` values, which wrap as the pure engine's ``& (2**64 - 1)``
does (the Python wrapper silences numpy's overflow warnings for the plain-Python run).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_CALLER,
    P_CFG,
    P_DOWN,
    P_DSTRIDE,
    P_SEAT0,
    P_SEATS,
    P_SSTRIDE,
    P_W,
    PILE,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NERTS,
    S_NLEN,
    S_PASS,
)

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_STREAM: Final = np.uint64(0xD1B54A32D192ED03)
_M1: Final = np.uint64(0xBF58476D1CE4E5B9)
_M2: Final = np.uint64(0x94D049BB133111EB)
_S30: Final = np.uint64(30)
_S27: Final = np.uint64(27)
_S31: Final = np.uint64(31)
_ONE: Final = np.uint64(1)
_ZERO: Final = np.uint64(0)


@kernel
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@kernel
def draw_below(state: np.uint64, bound: int) -> tuple[np.uint64, int]:
    """``SplitMix64.below(bound)`` from generator state ``state``: the new state and the draw.

    Rejection keeps only outputs below the largest multiple of ``bound`` (no modulo bias),
    as the pure generator does, so both draw the same numbers from the same state.
    """
    b = np.uint64(bound)
    # The largest multiple of b <= 2**64; 0 stands for 2**64 itself (keep every draw).
    rest = (_ZERO - b) % b
    limit = _ZERO - rest
    while True:
        state = state + _GOLDEN
        x = _mix(state)
        if rest == _ZERO or x < limit:
            return state, int(x % b)


@kernel
def shuffle_ids(cards: np.ndarray, n: int, seed: np.uint64, stream: int) -> None:
    """Shuffle ``cards[:n]`` in place as ``deal.shuffled(cards, seed, stream)`` orders it.

    Fisher–Yates from the last position down, ``j`` drawn from ``0..i`` by rejection.
    """
    state = seed + (np.uint64(stream) + _ONE) * _STREAM
    for i in range(n - 1, 0, -1):
        state, j = draw_below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@kernel
def deal_row(
    h: np.ndarray, p: np.ndarray, seed: np.uint64, nerts_size: int, klondike: bool
) -> None:
    """Fill the zeroed row ``h`` with the deal of ``seed`` (``nertslib.deal``'s order)."""
    w = p[P_W]
    cards = np.empty(52, dtype=np.int16)
    h[H_CALLER] = -1
    for s in range(p[P_SEATS]):
        for c in range(52):
            cards[c] = s * 54 + c
        shuffle_ids(cards, 52, seed, s)
        base = p[P_SEAT0] + s * p[P_SSTRIDE]
        used = 0
        for i in range(w):
            down = i if klondike else 0
            at = base + p[P_CFG] + p[P_DOWN] + i * p[P_DSTRIDE]
            h[at] = down
            for k in range(down):
                h[at + 1 + k] = cards[used + k]
            used += down
            h[base + p[P_CFG] + i * PILE] = 1
            h[base + p[P_CFG] + i * PILE + 1] = cards[used]
            used += 1
        h[base + S_NLEN] = nerts_size
        for k in range(nerts_size):
            h[base + S_NERTS + k] = cards[used + k]
        used += nerts_size
        h[base + S_DLEN] = 52 - used
        h[base + S_CUR] = 0
        h[base + S_PASS] = 0
        for k in range(52 - used):
            h[base + S_DECK + k] = cards[used + k]


@kernel
def deal_rows(
    rows: np.ndarray, p: np.ndarray, seeds: np.ndarray, nerts_size: int, klondike: bool
) -> None:
    """:func:`deal_row` of every row with its seed."""
    for i in range(rows.shape[0]):
        deal_row(rows[i], p, seeds[i], nerts_size, klondike)


@kernel
def deal_hidden_rows(
    rows: np.ndarray,
    template: np.ndarray,
    seeds: np.ndarray,
    cards: np.ndarray,
    places: np.ndarray,
    starts: np.ndarray,
) -> None:
    """``views.determinize`` of one view into every row, row ``r`` with ``seeds[r]``.

    ``template`` is the view's row with each seat's unseen cards in card order
    (``views.arranged``); seat ``s``'s unseen cards are ``cards[starts[s]:starts[s + 1]]``, and
    ``places`` the row offsets they lie at there. Each row gets them shuffled as
    ``deal.shuffled(unseen, seed, s)`` orders them, put in the same places.
    """
    hand = np.empty(52, dtype=np.int16)
    for r in range(rows.shape[0]):
        rows[r] = template
        for s in range(starts.shape[0] - 1):
            n = starts[s + 1] - starts[s]
            hand[:n] = cards[starts[s] : starts[s + 1]]
            shuffle_ids(hand, n, seeds[r], s)
            for k in range(n):
                rows[r, places[starts[s] + k]] = hand[k]
