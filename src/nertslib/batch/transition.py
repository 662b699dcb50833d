"""The transition in the batch: :mod:`nertslib.transition` on a row, in place.

Nothing here checks a rule: the callers hand in legal actions (``Batch.apply`` checks them
against the generator first; the greedy rule's actions come from the generator). A rotation
(``PASS`` of a stuck seat) is applied by :mod:`nertslib.batch.stuck`, which decides it.
"""

from __future__ import annotations

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_CALLER,
    H_FCOUNT,
    H_FLOG,
    H_NEED,
    H_STALLED,
    H_STATUS,
    NERTS,
    P_AUTO,
    P_DOWN,
    P_DSTRIDE,
    P_FLIP,
    P_FLOGC,
    P_FLOGP,
    P_FTOP,
    P_MAXPASS,
    P_TURN,
    PILE,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NERTS,
    S_NLEN,
    S_PASS,
)
from nertslib.batch.moves import (
    MAX_RUN,
    MAX_WORK,
    NEW_FOUNDATION,
    TARGETS,
    UNDER_BASE,
    WORK_BASE,
    seat_base,
    seat_cfg,
)
from nertslib.batch.tables import T_FNEXT


@kernel
def lift_top(cfg: np.ndarray, p: np.ndarray, i: int, count: int) -> None:
    """Take ``count`` cards off work pile ``i``; an emptied pile turns up a face-down card.

    (``transition.moved_piles`` and ``_lifted``: Klondike turns the next card up.)
    """
    at = i * PILE
    # Freed slots are zeroed: the stuck search compares configurations slot by slot.
    for k in range(cfg[at] - count, cfg[at]):
        cfg[at + 1 + k] = 0
    cfg[at] -= count
    down = p[P_DOWN] + i * p[P_DSTRIDE]
    if cfg[at] == 0 and cfg[down] > 0:
        cfg[at + 1] = cfg[down + cfg[down]]
        cfg[down + cfg[down]] = 0
        cfg[at] = 1
        cfg[down] -= 1


@kernel
def put_onto(cfg: np.ndarray, j: int, card: int) -> None:
    """Put ``card`` on top of work pile ``j``."""
    at = j * PILE
    cfg[at + 1 + cfg[at]] = card
    cfg[at] += 1


@kernel
def put_under(cfg: np.ndarray, j: int, card: int) -> None:
    """Slide ``card`` under work pile ``j``: it becomes the base."""
    at = j * PILE
    for d in range(cfg[at], 0, -1):
        cfg[at + 1 + d] = cfg[at + d]
    cfg[at + 1] = card
    cfg[at] += 1


@kernel
def move_run(cfg: np.ndarray, p: np.ndarray, i: int, count: int, j: int) -> None:
    """Move the top ``count`` cards of work pile ``i`` onto pile ``j``, in their order."""
    src, dst = i * PILE, j * PILE
    first = cfg[src] - count
    for k in range(count):
        cfg[dst + 1 + cfg[dst] + k] = cfg[src + 1 + first + k]
    cfg[dst] += count
    lift_top(cfg, p, i, count)


@kernel
def work_action(cfg: np.ndarray, p: np.ndarray, action: int) -> None:
    """Apply a move between work piles (a run onto a pile, or a top slid under one)."""
    if action >= UNDER_BASE:
        src, j = divmod(action - UNDER_BASE, MAX_WORK)
        i = src - 2
        card = cfg[i * PILE + cfg[i * PILE]]
        lift_top(cfg, p, i, 1)
        put_under(cfg, j, card)
        return
    run, j = divmod(action - WORK_BASE, MAX_WORK)
    i, depth = divmod(run - 2, MAX_RUN)
    move_run(cfg, p, i, depth + 1, j)


@kernel
def take_source(h: np.ndarray, p: np.ndarray, seat: int, src: int) -> int:
    """Take the top card of source slot ``src`` (Nerts, waste, work pile) and return it."""
    base = seat_base(p, seat)
    if src == 0:
        h[base + S_NLEN] -= 1
        card = int(h[base + S_NERTS + h[base + S_NLEN]])
        h[base + S_NERTS + h[base + S_NLEN]] = 0
        return card
    if src == 1:
        cur = h[base + S_CUR]
        card = int(h[base + S_DECK + cur - 1])
        for k in range(cur - 1, h[base + S_DLEN] - 1):
            h[base + S_DECK + k] = h[base + S_DECK + k + 1]
        h[base + S_DLEN] -= 1
        h[base + S_DECK + h[base + S_DLEN]] = 0
        h[base + S_CUR] -= 1
        return card
    cfg = seat_cfg(h, p, seat)
    i = src - 2
    card = int(cfg[i * PILE + cfg[i * PILE]])
    lift_top(cfg, p, i, 1)
    return card


@kernel
def to_foundation(h: np.ndarray, p: np.ndarray, t: np.ndarray, target: int, card: int) -> None:
    """Put ``card`` on foundation ``target`` (a new one for ``NEW_FOUNDATION``) and log it."""
    k = target
    if target == NEW_FOUNDATION:
        k = h[H_FCOUNT]
        h[H_FCOUNT] += 1
    else:
        h[H_NEED + t[T_FNEXT, h[p[P_FTOP] + k]]] -= 1
    if t[T_FNEXT, card] >= 0:  # a King completes its foundation: it needs nothing more
        h[H_NEED + t[T_FNEXT, card]] += 1
    h[p[P_FTOP] + k] = card
    n = h[H_FLOG]
    h[p[P_FLOGC] + n] = card
    h[p[P_FLOGP] + n] = k
    h[H_FLOG] = n + 1


@kernel
def progressed(h: np.ndarray, p: np.ndarray, seat: int, src: int) -> None:
    """After a progress move: the stall is over, and ``auto`` ends a hand on an empty Nerts."""
    h[H_STALLED] = 0
    if src == 0 and p[P_AUTO] and h[seat_base(p, seat) + S_NLEN] == 0:
        h[H_STATUS] = NERTS
        h[H_CALLER] = seat


@kernel
def stock_step(h: np.ndarray, p: np.ndarray, seat: int, action: int) -> None:
    """A turn (``predicates.turned_cursor``) or a restock of ``seat``'s stock."""
    base = seat_base(p, seat)
    cur, size, passes = h[base + S_CUR], h[base + S_DLEN], h[base + S_PASS]
    if action == enc.RESTOCK:
        h[base + S_CUR] = 0
        h[base + S_PASS] = passes + 1
        return
    left = size - cur
    if left < p[P_TURN] and p[P_FLIP] and passes < p[P_MAXPASS]:
        h[base + S_CUR] = 0
        h[base + S_PASS] = passes + 1
    else:
        h[base + S_CUR] = cur + min(p[P_TURN], left)


@kernel
def apply_card(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, action: int) -> None:
    """Apply a legal card action of ``seat`` (a foundation, work or slide-under play)."""
    if action < WORK_BASE:
        src, rest = divmod(action - enc.FOUNDATION_BASE, TARGETS * 4)
        card = take_source(h, p, seat, src)
        to_foundation(h, p, t, rest // 4, card)
        progressed(h, p, seat, src)
        return
    if action < UNDER_BASE:
        src, j = divmod(action - WORK_BASE, MAX_WORK)
    else:
        src, j = divmod(action - UNDER_BASE, MAX_WORK)
    cfg = seat_cfg(h, p, seat)
    if src >= 2:
        work_action(cfg, p, action)  # between work piles: no progress, a stall stays
        return
    card = take_source(h, p, seat, src)
    if action < UNDER_BASE:
        put_onto(cfg, j, card)
    else:
        put_under(cfg, j, card)
    progressed(h, p, seat, src)


@kernel
def apply_action(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, action: int) -> None:
    """Apply a legal action other than ``PASS`` (``transition.successor``)."""
    if action == enc.CALL:
        h[H_STATUS] = NERTS
        h[H_CALLER] = seat
    elif action == enc.TURN or action == enc.RESTOCK:
        stock_step(h, p, seat, action)
    else:
        apply_card(h, p, t, seat, action)


@kernel
def is_progress(action: int) -> bool:
    """``Move.is_progress`` of an action: the call, and every play but between work piles."""
    if action == enc.CALL:
        return True
    if action < enc.FOUNDATION_BASE:
        return False
    if action < WORK_BASE:
        return True
    if action < UNDER_BASE:
        return (action - WORK_BASE) // MAX_WORK < 2
    return (action - UNDER_BASE) // MAX_WORK < 2
