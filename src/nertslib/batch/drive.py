"""Hands between the bots the batch engine plays: :func:`nertslib.bots.run_hand`, in a kernel.

Each seat of a row is played by the greedy bot or by the random bot
(:class:`~nertslib.RandomBot`), and the rounds follow the driver exactly: every seat in order
decides, a move is applied at once, the hand stops the moment it ends or reaches
``max_actions``; after a round without progress an everyone-stuck hand is resolved (counted
as an action), and after ``no_progress`` such rounds in a row the hand stops.

The random bot draws from its own SplitMix64 state (one ``uint64`` per seat, as
``RandomBot(seed)`` keeps it) among its view's legal moves in ``legal_moves`` order, which is
the order ``moves.seat_actions`` lists them in, with ``rotate`` last where the view proves
the seat stuck (``proof.proves_stuck``).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.deal import draw_below
from nertslib.batch.greedy import greedy_action
from nertslib.batch.jit import kernel
from nertslib.batch.layout import H_STATUS, P_SEATS, PLAY, S_CUR, S_DLEN, S_NLEN
from nertslib.batch.moves import seat_actions, seat_base
from nertslib.batch.proof import proves_stuck
from nertslib.batch.reach import forget, new_memo
from nertslib.batch.stuck import all_stuck, resolve, rotate
from nertslib.batch.transition import apply_action, is_progress

#: The kind of a seat played by :func:`~nertslib.greedy_bot` (``Batch.play``'s ``kinds``).
GREEDY: Final = 0
#: The kind of a seat played by a :class:`~nertslib.RandomBot`.
RANDOM: Final = 1
#: Every kind.
KINDS: Final = (GREEDY, RANDOM)

#: What a seat's decision may be besides an action: wait, or rotate its stock.
WAIT: Final = -1
ROTATE: Final = -2


@kernel
def rotation_open(h: np.ndarray, p: np.ndarray, seat: int, buf: np.ndarray, n: int) -> bool:
    """``legal_moves``' condition for ``rotate`` but the stuck test.

    A stock, a Nerts pile, and no progress move among the ``n`` listed (mandatory fills are
    progress).
    """
    base = seat_base(p, seat)
    if h[base + S_DLEN] <= h[base + S_CUR] or h[base + S_NLEN] == 0:
        return False
    for k in range(n):
        if is_progress(buf[k]):
            return False
    return True


@kernel
def random_choice(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seat: int,
    rng: np.ndarray,
    buf: np.ndarray,
    memo: np.ndarray,
) -> int:
    """``RandomBot``'s move for ``seat``: an action, ROTATE, or WAIT (it has no move)."""
    n = seat_actions(h, p, t, seat, buf)
    # the view's legal moves end with rotate where the view proves the seat stuck
    rot = 1 if rotation_open(h, p, seat, buf, n) and proves_stuck(h, p, t, seat, memo) else 0
    if n + rot == 0:
        return WAIT
    rng[seat], k = draw_below(rng[seat], n + rot)
    return int(buf[k]) if k < n else ROTATE


@kernel
def play_round(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    kinds: np.ndarray,
    rng: np.ndarray,
    count: int,
    most: int,
    buf: np.ndarray,
    memo: np.ndarray,
) -> tuple[int, bool, bool]:
    """One round of the driver from ``count`` actions.

    Returns the new count and whether any seat moved or made progress. A greedy seat gets the
    greedy rule on the position, which waits exactly where the seat is stuck, as the driver
    lets a greedy seat wait.
    """
    moved = progress = False
    for seat in range(p[P_SEATS]):
        if kinds[seat] == GREEDY:
            action = greedy_action(h, p, t, seat, buf, memo)
        else:
            action = random_choice(h, p, t, seat, rng, buf, memo)
        if action == WAIT:
            continue
        if action == ROTATE:
            rotate(h, p, seat)
        else:
            apply_action(h, p, t, seat, action)
            progress = progress or is_progress(action)
        count += 1
        moved = True
        if h[H_STATUS] != PLAY or count >= most:
            break
    return count, moved, progress


@kernel
def drive(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seed: np.uint64,
    kinds: np.ndarray,
    rng: np.ndarray,
    limits: np.ndarray,
    buf: np.ndarray,
    memo: np.ndarray,
) -> int:
    """Play row ``h`` to its end; its number of actions (the driver's log length).

    ``limits`` holds ``max_actions`` and ``no_progress``.
    """
    count = idle = 0
    most = limits[0]
    while h[H_STATUS] == PLAY and count < most and idle < limits[1]:
        count, _, progress = play_round(h, p, t, kinds, rng, count, most, buf, memo)
        if progress or h[H_STATUS] != PLAY or count >= most:
            idle = 0
            continue
        idle += 1
        # bots that never wait (the random one) must not keep an all-stuck hand going
        if all_stuck(h, p, t, memo):
            resolve(h, p, seed)
            count += 1
    return count


@kernel
def drive_rows(
    rows: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seeds: np.ndarray,
    kinds: np.ndarray,
    rng: np.ndarray,
    limits: np.ndarray,
    out: np.ndarray,
) -> None:
    """:func:`drive` of every row, the counts into ``out``."""
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        out[r] = drive(rows[r], p, t, seeds[r], kinds[r], rng[r], limits, buf, memo)
