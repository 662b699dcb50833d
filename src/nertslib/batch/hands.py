"""Whole greedy hands in a kernel: :func:`nertslib.play_hand` with the greedy bot at every seat.

The driver's order exactly: every round each seat in order gets the greedy rule's move (a
seat where it waits is skipped), the hand stops the moment it ends or reaches
``max_actions``, and after a round without progress an everyone-stuck hand is resolved
(counted as an action, as the driver logs it).

:func:`playout` is the search bot's playout (:mod:`nertslib.bots.search`) on the same rounds:
the rest of the round after the searching seat, then whole rounds while fewer than
``limit`` actions are taken (a round is never cut short; a resolution is not counted), until
no seat moves.
"""

from __future__ import annotations

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.greedy import greedy_action
from nertslib.batch.jit import kernel
from nertslib.batch.layout import H_STATUS, P_SEATS, PLAY
from nertslib.batch.reach import forget, new_memo
from nertslib.batch.stuck import all_stuck, resolve
from nertslib.batch.transition import apply_action, is_progress

#: What :func:`play_greedy` returns for a hand whose seats all waited though one could move.
ALL_WAITED = -1
#: A round bound no playout reaches: a playout checks its limit only between rounds.
_UNBOUNDED = 1 << 62


@kernel
def _round(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    count: int,
    most: int,
    buf: np.ndarray,
    memo: np.ndarray,
) -> tuple[int, bool, bool]:
    """One round of the driver: the actions taken so far, whether any seat moved or progressed."""
    moved = progress = False
    for seat in range(p[P_SEATS]):
        action = greedy_action(h, p, t, seat, buf, memo)
        if action < 0:
            continue
        apply_action(h, p, t, seat, action)
        count += 1
        moved = True
        progress = progress or is_progress(action)
        if h[H_STATUS] != PLAY or count >= most:
            break
    return count, moved, progress


@kernel
def play_greedy(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seed: np.uint64, most: int, buf: np.ndarray
) -> int:
    """Play row ``h`` to its end (or ``most`` actions); the number of actions, or ALL_WAITED."""
    count = 0
    memo = new_memo(p)
    while h[H_STATUS] == PLAY and count < most:
        count, moved, progress = _round(h, p, t, count, most, buf, memo)
        if progress or h[H_STATUS] != PLAY or count >= most:
            continue
        if all_stuck(h, p, t, memo):
            resolve(h, p, seed)
            count += 1
        elif not moved:
            return ALL_WAITED
    return count


@kernel
def play_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seeds: np.ndarray, most: int, out: np.ndarray
) -> None:
    """:func:`play_greedy` of every row, the counts into ``out``."""
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for r in range(rows.shape[0]):
        out[r] = play_greedy(rows[r], p, t, seeds[r], most, buf)


@kernel
def _round_rest(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, buf: np.ndarray, memo: np.ndarray
) -> None:
    """The seats after ``seat`` take their greedy move of the round (``search._round_end``)."""
    for other in range(seat + 1, p[P_SEATS]):
        if h[H_STATUS] != PLAY:
            break
        action = greedy_action(h, p, t, other, buf, memo)
        if action >= 0:
            apply_action(h, p, t, other, action)


@kernel
def playout(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seed: np.uint64,
    seat: int,
    limit: int,
    buf: np.ndarray,
    memo: np.ndarray,
) -> None:
    """The search bot's playout of row ``h`` after ``seat``'s move (``search._playout``)."""
    _round_rest(h, p, t, seat, buf, memo)
    count = 0
    while h[H_STATUS] == PLAY and count < limit:
        count, moved, progress = _round(h, p, t, count, _UNBOUNDED, buf, memo)
        if progress or h[H_STATUS] != PLAY:
            continue
        if all_stuck(h, p, t, memo):
            resolve(h, p, seed)
        elif not moved:
            break


@kernel
def playout_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seeds: np.ndarray, seat: int, limit: int
) -> None:
    """:func:`playout` of every row."""
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        playout(rows[r], p, t, seeds[r], seat, limit, buf, memo)
