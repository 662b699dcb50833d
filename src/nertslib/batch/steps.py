"""The batch-wide loops: one kernel call runs an operation over every row.

Each loop calls the per-row kernels of the concern modules; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.greedy import bot_action, greedy_action
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_CALLER,
    H_FLOG,
    H_STATUS,
    NERTS,
    P_CALLER_BONUS,
    P_FLOGC,
    P_KING_BONUS,
    P_PENALTY,
    P_POINTS,
    P_SEATS,
    PLAY,
    S_CUR,
    S_DLEN,
    S_NLEN,
)
from nertslib.batch.moves import seat_actions, seat_base
from nertslib.batch.proof import proves_stuck
from nertslib.batch.reach import forget, new_memo
from nertslib.batch.stuck import all_stuck, resolve, rotate, seat_stuck
from nertslib.batch.tables import T_RANK
from nertslib.batch.transition import apply_action

#: The action that leaves its hand as it is (a finished hand, a seat that does not act).
SKIP: Final = -1


@kernel
def is_legal(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, action: int, buf: np.ndarray
) -> bool:
    """Whether ``action`` is among ``encoding.legal_actions`` of ``seat`` in row ``h``."""
    if h[H_STATUS] != PLAY:
        return False
    if action == enc.PASS:
        return True
    n = seat_actions(h, p, t, seat, buf)
    for k in range(n):
        if buf[k] == action:
            return True
    return False


@kernel
def first_illegal(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seats: np.ndarray, actions: np.ndarray
) -> int:
    """The first row whose action is not legal, or -1."""
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for r in range(rows.shape[0]):
        if actions[r] != SKIP and not is_legal(rows[r], p, t, seats[r], actions[r], buf):
            return r
    return -1


@kernel
def random_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, draws: np.ndarray, out: np.ndarray
) -> None:
    """A uniform legal action of ``seat`` per row (``PASS`` among them), from ``draws`` in [0, 1).

    ``PASS`` for a finished hand, which has no legal action.
    """
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for r in range(rows.shape[0]):
        n = seat_actions(rows[r], p, t, seat, buf)
        k = int(draws[r] * (n + 1))  # PASS and the n generated actions, all distinct
        out[r] = enc.PASS if k >= n or rows[r, H_STATUS] != PLAY else buf[k]


@kernel
def random_step_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, draws: np.ndarray, out: np.ndarray
) -> None:
    """:func:`random_rows`, each drawn action applied at once (it is legal: it was generated)."""
    random_rows(rows, p, t, seat, draws, out)
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        if rows[r, H_STATUS] == PLAY:
            forget(memo)
            step_row(rows[r], p, t, seat, out[r], memo)
        else:
            out[r] = SKIP


@kernel
def step_row(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, action: int, memo: np.ndarray
) -> None:
    """Apply a legal action; ``PASS`` rotates a stuck seat's stock (``encoding.decode``)."""
    if action != enc.PASS:
        apply_action(h, p, t, seat, action)
        return
    base = seat_base(p, seat)
    if h[base + S_DLEN] > h[base + S_CUR] and seat_stuck(h, p, t, seat, memo):
        rotate(h, p, seat)


@kernel
def apply_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seats: np.ndarray, actions: np.ndarray
) -> None:
    """:func:`step_row` of every row (the actions are known to be legal; SKIP: none)."""
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        if actions[r] != SKIP:
            forget(memo)
            step_row(rows[r], p, t, seats[r], actions[r], memo)


@kernel
def stuck_rows(rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray) -> None:
    """``nl.is_stuck`` of ``seat`` in every row (a finished hand has no stuck seat)."""
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        out[r] = rows[r, H_STATUS] == PLAY and seat_stuck(rows[r], p, t, seat, memo)


@kernel
def proves_stuck_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray
) -> None:
    """``view(state, seat).proves_stuck(seat)`` in every row."""
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        out[r] = proves_stuck(rows[r], p, t, seat, memo)


@kernel
def all_stuck_rows(rows: np.ndarray, p: np.ndarray, t: np.ndarray, out: np.ndarray) -> None:
    """``nl.all_stuck`` of every row."""
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        out[r] = all_stuck(rows[r], p, t, memo)


@kernel
def resolve_rows(rows: np.ndarray, p: np.ndarray, seeds: np.ndarray, which: np.ndarray) -> None:
    """``nl.resolve_stalemate`` of the rows marked in ``which`` (known to be all stuck)."""
    for r in range(rows.shape[0]):
        if which[r]:
            resolve(rows[r], p, seeds[r])


@kernel
def greedy_rows(
    rows: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, bot: bool, out: np.ndarray
) -> None:
    """The greedy rule's action for ``seat`` in every row (``bot``: the bot's on its view).

    -1 where it waits.
    """
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    memo = new_memo(p)  # one per call, emptied for each row
    for r in range(rows.shape[0]):
        forget(memo)
        if bot:
            out[r] = bot_action(rows[r], p, t, seat, buf, memo)
        else:
            out[r] = greedy_action(rows[r], p, t, seat, buf, memo)


@kernel
def score_rows(rows: np.ndarray, p: np.ndarray, t: np.ndarray, out: np.ndarray) -> None:
    """``nl.hand_scores`` of every row (``scoring.seat_score`` of each seat)."""
    for r in range(rows.shape[0]):
        h = rows[r]
        for s in range(p[P_SEATS]):
            out[r, s] = -p[P_PENALTY] * h[seat_base(p, s) + S_NLEN]
            if h[H_STATUS] == NERTS and h[H_CALLER] == s:
                out[r, s] += p[P_CALLER_BONUS]
        for n in range(h[H_FLOG]):
            card = h[p[P_FLOGC] + n]
            owner = card // 54
            out[r, owner] += p[P_POINTS]
            if t[T_RANK, card] == 13:
                out[r, owner] += p[P_KING_BONUS]
