"""The rule predicates of :mod:`nertslib.predicates`, as kernels over a row.

One home per rule inside the batch engine: the generator, the transition, the stuck search
and the greedy rule ask these, as the pure engine's modules ask theirs. Each restates one pure
predicate (named in its docstring) and is held to it by the differential tests.
"""

from __future__ import annotations

import numpy as np

from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_FLOG,
    H_NEED,
    P_DOWN,
    P_DSTRIDE,
    P_FLOGC,
    P_FLOGP,
    P_MOVE,
    P_ONE_PER_SUIT,
    P_SLIDE,
    P_SPACE,
    PILE,
)
from nertslib.batch.tables import T_FKEY, T_RANK, T_SUIT
from nertslib.context import MOVE_ANY_SUFFIX, MOVE_TOP_CARD, SLIDE_ALWAYS, SLIDE_OFF, SPACE_ANY
from nertslib.context import SPACE_NERTS_ONLY as _NERTS_ONLY
from nertslib.predicates import FROM_NERTS


@kernel
def pile_len(cfg: np.ndarray, j: int) -> int:
    """How many face-up cards work pile ``j`` of configuration ``cfg`` holds."""
    return int(cfg[j * PILE])


@kernel
def pile_card(cfg: np.ndarray, j: int, d: int) -> int:
    """Card ``d`` (0: the base) of work pile ``j``."""
    return int(cfg[j * PILE + 1 + d])


@kernel
def down_len(cfg: np.ndarray, p: np.ndarray, j: int) -> int:
    """How many face-down cards lie under work pile ``j`` (Klondike layout)."""
    return int(cfg[p[P_DOWN] + j * p[P_DSTRIDE]])


@kernel
def has_space(cfg: np.ndarray, w: int) -> bool:
    """Whether some work pile is empty (``() in lay.work``)."""
    for j in range(w):
        if cfg[j * PILE] == 0:
            return True
    return False


@kernel
def may_fill(p: np.ndarray, t: np.ndarray, card: int, source: int) -> bool:
    """``predicates.may_fill_space``: whether ``card`` from ``source`` may fill a space."""
    space = p[P_SPACE]
    if space == SPACE_ANY:
        return True
    if space == _NERTS_ONLY:
        return source == FROM_NERTS
    return bool(t[T_RANK, card] == 13)


@kernel
def may_move(p: np.ndarray, start: int, length: int) -> bool:
    """``predicates.may_move_suffix``: whether the cards from ``start`` on may move."""
    rule = p[P_MOVE]
    if rule == MOVE_ANY_SUFFIX:
        return True
    if rule == MOVE_TOP_CARD:
        return start == length - 1
    return start == 0 or start == length - 1


@kernel
def slide_open(p: np.ndarray, space: bool) -> bool:
    """``predicates.slide_under_open``: whether sliding under is allowed now."""
    return p[P_SLIDE] != SLIDE_OFF and (space or p[P_SLIDE] == SLIDE_ALWAYS)


@kernel
def may_start(h: np.ndarray, p: np.ndarray, t: np.ndarray, card: int) -> bool:
    """``predicates.may_start_foundation`` of ``card`` (an Ace) on row ``h``'s foundations."""
    if t[T_RANK, card] != 1:
        return False
    if p[P_ONE_PER_SUIT] == 0:
        return True
    # A foundation's suit is its Ace's (its first card in the log: piles enter the log in
    # the order they were started), whatever the build rule put on it since.
    started = 0
    for n in range(h[H_FLOG]):
        if h[p[P_FLOGP] + n] == started:
            if t[T_SUIT, h[p[P_FLOGC] + n]] == t[T_SUIT, card]:
                return False
            started += 1
    return True


@kernel
def goes_up(h: np.ndarray, p: np.ndarray, t: np.ndarray, card: int) -> bool:
    """``predicates.any_go_up`` of one card: some foundation takes it, or it starts one."""
    if t[T_RANK, card] == 1:
        return may_start(h, p, t, card)
    return bool(h[H_NEED + t[T_FKEY, card]] > 0)
