"""The search bot's playouts in a kernel: :mod:`nertslib.bots.search`'s ``_playout``.

The rest of the round after the searching seat, then whole rounds of the greedy rule at every
seat (:func:`nertslib.batch.drive.play_round`, the driver's round) while fewer than
``limit`` actions are taken (a round is never cut short; a resolution is not counted), until
no seat moves. Whole hands between bots are :mod:`nertslib.batch.drive`'s.
"""

from __future__ import annotations

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.drive import GREEDY, play_round
from nertslib.batch.greedy import greedy_action
from nertslib.batch.jit import kernel
from nertslib.batch.layout import H_STATUS, P_SEATS, PLAY
from nertslib.batch.reach import forget, new_memo
from nertslib.batch.stuck import all_stuck, resolve
from nertslib.batch.transition import apply_action

#: A round bound no playout reaches: a playout checks its limit only between rounds.
_UNBOUNDED = 1 << 62


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
    kinds = np.full(p[P_SEATS], GREEDY, dtype=np.int64)
    rng = np.zeros(p[P_SEATS], dtype=np.uint64)  # greedy seats draw nothing
    count = 0
    while h[H_STATUS] == PLAY and count < limit:
        count, moved, progress = play_round(h, p, t, kinds, rng, count, _UNBOUNDED, buf, memo)
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
