"""Legal actions in the batch: :mod:`nertslib.movegen` and ``legal_moves``, encoded.

Actions come out in the order of :func:`nertslib.legal_moves` (the call, progress moves,
moves between work piles, stock actions), already in the numbering of
:mod:`nertslib.adapters.encoding`, so the greedy rule's "first progress move" is the first
action of the same list. Rotating is never generated: ``PASS`` stands for it.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_FCOUNT,
    H_NEED,
    H_STATUS,
    P_AUTO,
    P_CFG,
    P_CFGLEN,
    P_FTOP,
    P_MANDATORY,
    P_MAXPASS,
    P_SEAT0,
    P_SSTRIDE,
    P_W,
    P_WHEN_BLOCKED,
    PLAY,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NERTS,
    S_NLEN,
    S_PASS,
)
from nertslib.batch.rules import (
    down_len,
    has_space,
    may_fill,
    may_move,
    may_start,
    pile_card,
    pile_len,
    slide_open,
)
from nertslib.batch.tables import T_FKEY, T_FNEXT, T_KEY, T_ON, T_RANK, T_SUIT, T_UNDER
from nertslib.predicates import FROM_NERTS, FROM_WASTE, FROM_WORK

FOUNDATION_BASE: Final = enc.FOUNDATION_BASE
WORK_BASE: Final = enc.WORK_BASE
UNDER_BASE: Final = enc.UNDER_BASE
NEW_FOUNDATION: Final = enc.NEW_FOUNDATION
TARGETS: Final = enc.NEW_FOUNDATION + 1
MAX_RUN: Final = enc.MAX_RUN
MAX_WORK: Final = enc.MAX_WORK_PILES


@kernel
def seat_base(p: np.ndarray, seat: int) -> int:
    """Where ``seat``'s block starts in a row."""
    return int(p[P_SEAT0] + seat * p[P_SSTRIDE])


@kernel
def seat_cfg(h: np.ndarray, p: np.ndarray, seat: int) -> np.ndarray:
    """``seat``'s work piles and face-down cards: a view into the row."""
    at = seat_base(p, seat) + p[P_CFG]
    return h[at : at + p[P_CFGLEN]]


@kernel
def nerts_top(h: np.ndarray, base: int) -> int:
    """The Nerts top of the seat block at ``base``, -1 if the pile is empty."""
    n = h[base + S_NLEN]
    return int(h[base + S_NERTS + n - 1]) if n else -1


@kernel
def waste_top(h: np.ndarray, base: int) -> int:
    """The waste top of the seat block at ``base``, -1 if the waste is empty."""
    cur = h[base + S_CUR]
    return int(h[base + S_DECK + cur - 1]) if cur else -1


@kernel
def foundation_actions(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, card: int, src: int, out: np.ndarray, n: int
) -> int:
    """``movegen.foundation_plays``: append ``card``'s plays from source slot ``src``."""
    suit = t[T_SUIT, card]
    if t[T_RANK, card] == 1:
        if may_start(h, p, t, card):
            out[n] = FOUNDATION_BASE + (src * TARGETS + NEW_FOUNDATION) * 4 + suit
            n += 1
        return n
    key = t[T_FKEY, card]
    if h[H_NEED + key] == 0:  # most cards: no foundation needs them
        return n
    for k in range(h[H_FCOUNT]):
        if t[T_FNEXT, h[p[P_FTOP] + k]] == key:
            out[n] = FOUNDATION_BASE + (src * TARGETS + k) * 4 + suit
            n += 1
    return n


@kernel
def top_actions(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray, n: int
) -> int:
    """``movegen.top_plays``: the Nerts top, the waste top, then each work top, going up."""
    base = seat_base(p, seat)
    card = nerts_top(h, base)
    if card >= 0:
        n = foundation_actions(h, p, t, card, 0, out, n)
    card = waste_top(h, base)
    if card >= 0:
        n = foundation_actions(h, p, t, card, 1, out, n)
    cfg = seat_cfg(h, p, seat)
    for i in range(p[P_W]):
        size = pile_len(cfg, i)
        if size:
            n = foundation_actions(h, p, t, pile_card(cfg, i, size - 1), 2 + i, out, n)
    return n


@kernel
def under_actions(
    cfg: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    card: int,
    src: int,
    skip: int,
    out: np.ndarray,
    n: int,
) -> int:
    """Append the slide-unders of ``card`` from source slot ``src`` (not under pile ``skip``).

    Under every face-up pile without face-down cards whose base ``card`` fits under; the
    callers have checked that sliding is open and that ``card`` may fill a space.
    """
    for j in range(p[P_W]):
        if (
            j != skip
            and pile_len(cfg, j)
            and down_len(cfg, p, j) == 0
            and t[T_KEY, card] == t[T_UNDER, pile_card(cfg, j, 0)]
        ):
            out[n] = UNDER_BASE + src * MAX_WORK + j
            n += 1
    return n


@kernel
def placed_actions(
    cfg: np.ndarray, p: np.ndarray, t: np.ndarray, card: int, source: int, out: np.ndarray, n: int
) -> int:
    """``movegen.work_plays``: the Nerts or waste top onto, into, then under work piles."""
    w = p[P_W]
    fill = may_fill(p, t, card, source)
    for j in range(w):
        size = pile_len(cfg, j)
        if (size and t[T_ON, pile_card(cfg, j, size - 1)] == t[T_KEY, card]) or (not size and fill):
            out[n] = WORK_BASE + source * MAX_WORK + j
            n += 1
    if fill and slide_open(p, has_space(cfg, w)):
        n = under_actions(cfg, p, t, card, source, -1, out, n)
    return n


@kernel
def progress_actions(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray, n: int
) -> int:
    """``movegen.progress_moves``: foundation plays, then the Nerts and waste tops placed."""
    n = top_actions(h, p, t, seat, out, n)
    base = seat_base(p, seat)
    cfg = seat_cfg(h, p, seat)
    card = nerts_top(h, base)
    if card >= 0:
        n = placed_actions(cfg, p, t, card, FROM_NERTS, out, n)
    card = waste_top(h, base)
    if card >= 0:
        n = placed_actions(cfg, p, t, card, FROM_WASTE, out, n)
    return n


@kernel
def run_action(i: int, d: int, size: int, j: int) -> int:
    """The action moving work pile ``i``'s cards from index ``d`` (of ``size``) onto ``j``."""
    return WORK_BASE + (2 + i * MAX_RUN + size - d - 1) * MAX_WORK + j


@kernel
def shuffle_onto(
    cfg: np.ndarray, p: np.ndarray, t: np.ndarray, i: int, space: bool, out: np.ndarray, n: int
) -> int:
    """``movegen.shuffle_moves``' stacks of source pile ``i``, by target pile."""
    size = pile_len(cfg, i)
    for j in range(p[P_W]):
        if j == i:
            continue
        tsize = pile_len(cfg, j)
        if not tsize:
            if space:  # into a space: every start the move and space rules allow
                for d in range(size):
                    if may_move(p, d, size) and may_fill(p, t, pile_card(cfg, i, d), FROM_WORK):
                        out[n] = run_action(i, d, size, j)
                        n += 1
            continue
        # A pile descends by one from its base: only one index can fit the target's top.
        top = pile_card(cfg, j, tsize - 1)
        d = t[T_RANK, pile_card(cfg, i, 0)] + 1 - t[T_RANK, top]
        if (
            0 <= d < size
            and t[T_KEY, pile_card(cfg, i, d)] == t[T_ON, top]
            and may_move(p, d, size)
        ):
            out[n] = run_action(i, d, size, j)
            n += 1
    return n


@kernel
def shuffle_actions(cfg: np.ndarray, p: np.ndarray, t: np.ndarray, out: np.ndarray, n: int) -> int:
    """``movegen.shuffle_moves``: by source pile, then target pile, stacks before slides."""
    w = p[P_W]
    space = has_space(cfg, w)
    slide = slide_open(p, space)
    for i in range(w):
        size = pile_len(cfg, i)
        if not size:
            continue
        n = shuffle_onto(cfg, p, t, i, space, out, n)
        top = pile_card(cfg, i, size - 1)
        if slide and may_fill(p, t, top, FROM_WORK):
            n = under_actions(cfg, p, t, top, 2 + i, i, out, n)
    return n


@kernel
def mandatory_actions(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray
) -> int:
    """``movegen.mandatory_fills``: the fills that bind, or -1 where the rule does not."""
    base = seat_base(p, seat)
    card = nerts_top(h, base)
    cfg = seat_cfg(h, p, seat)
    w = p[P_W]
    if not p[P_MANDATORY] or card < 0 or not has_space(cfg, w):
        return -1
    if not may_fill(p, t, card, FROM_NERTS):
        return -1
    n = 0
    for j in range(w):
        if not pile_len(cfg, j):
            out[n] = WORK_BASE + FROM_NERTS * MAX_WORK + j
            n += 1
    return n


@kernel
def stock_action(h: np.ndarray, p: np.ndarray, seat: int, progress: bool) -> int:
    """``movegen.stock_actions``: the seat's turn or restock, -1 if neither is open."""
    if p[P_WHEN_BLOCKED] and progress:
        return -1
    base = seat_base(p, seat)
    if h[base + S_DLEN] > h[base + S_CUR]:
        return enc.TURN
    if h[base + S_CUR] > 0 and h[base + S_PASS] < p[P_MAXPASS]:
        return enc.RESTOCK
    return -1


@kernel
def seat_actions(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray) -> int:
    """``legal_moves`` of ``seat`` encoded, rotation left out; 0 once the hand is over."""
    if h[H_STATUS] != PLAY:
        return 0
    fills = mandatory_actions(h, p, t, seat, out)
    if fills >= 0:
        return fills
    n = 0
    base = seat_base(p, seat)
    if h[base + S_NLEN] == 0 and not p[P_AUTO]:
        out[0] = enc.CALL
        n = 1
    start = n
    n = progress_actions(h, p, t, seat, out, n)
    progress = n > start
    n = shuffle_actions(seat_cfg(h, p, seat), p, t, out, n)
    stock = stock_action(h, p, seat, progress)
    if stock >= 0:
        out[n] = stock
        n += 1
    return n


@kernel
def legal_masks(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, mask: np.ndarray
) -> None:
    """``encoding.legal_actions`` of ``seat`` in every row as a bool mask (``PASS`` included)."""
    out = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for r in range(rows.shape[0]):
        h = rows[r]
        n = seat_actions(h, p, t, seat, out)
        if h[H_STATUS] == PLAY:
            mask[r, enc.PASS] = True
        for k in range(n):
            mask[r, out[k]] = True
