"""The greedy rule in the batch: :func:`nertslib.bots.basic.greedy_on_position`, encoded.

The same choices in the same order: a mandatory fill, the call, the first progress move,
the first step of a shortest rearrangement that brings one about with the current tops,
else a stock action while some waste top of a pass could make progress, else wait (-1);
and the greedy *bot*'s choice on its seat's view (:func:`bot_action`), which differs only
where the rule waits.
"""

from __future__ import annotations

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.jit import kernel
from nertslib.batch.layout import H_STATUS, P_AUTO, PLAY, S_CUR, S_DLEN, S_NLEN
from nertslib.batch.moves import (
    mandatory_actions,
    nerts_top,
    progress_actions,
    seat_base,
    seat_cfg,
    stock_action,
    waste_top,
)
from nertslib.batch.proof import own_arranged, proves_stuck
from nertslib.batch.reach import tried
from nertslib.batch.search import search
from nertslib.batch.stuck import in_reach, pass_offers_progress
from nertslib.predicates import FROM_NERTS, FROM_WASTE


@kernel
def _plan(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, memo: np.ndarray) -> int:
    """``stuck.seat_plan_step``: the plan's first move with the current tops, or -1."""
    cards, sources = tried(memo, p, seat)
    base = seat_base(p, seat)
    n = 0
    card = nerts_top(h, base)
    if card >= 0:
        cards[n], sources[n] = card, FROM_NERTS
        n += 1
    card = waste_top(h, base)
    if card >= 0:
        cards[n], sources[n] = card, FROM_WASTE
        n += 1
    if not in_reach(h, p, t, seat, cards, sources, n, memo):
        return -1
    # In reach: now the path, with the piles in their order (actions name piles by index).
    nothing = np.empty(0, dtype=np.int16)
    return search(h, p, t, seat_cfg(h, p, seat), cards, sources, n, True, nothing)[1]


@kernel
def greedy_action(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray, memo: np.ndarray
) -> int:
    """The greedy rule's action for ``seat``; -1 where it waits (stuck) or the hand is over."""
    if h[H_STATUS] != PLAY:
        return -1
    if mandatory_actions(h, p, t, seat, out) > 0:
        return int(out[0])
    base = seat_base(p, seat)
    if h[base + S_NLEN] == 0 and not p[P_AUTO]:
        return enc.CALL
    if progress_actions(h, p, t, seat, out, 0) > 0:
        return int(out[0])
    step = _plan(h, p, t, seat, memo)
    if step >= 0:
        return step
    return stock_step(h, p, t, seat, memo)


@kernel
def stock_step(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, memo: np.ndarray) -> int:
    """``planning.seat_stock_step``: a stock action while a pass could make progress, else -1."""
    if not pass_offers_progress(h, p, t, seat, memo):
        return -1
    base = seat_base(p, seat)
    return enc.TURN if h[base + S_DLEN] > h[base + S_CUR] else enc.RESTOCK


@kernel
def bot_action(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray, memo: np.ndarray
) -> int:
    """``greedy_bot(view(state, seat), seat)`` encoded; -1 where it waits or the hand is over.

    For a seat without face-down work cards (the bot guesses those; this does not). The bot
    applies the greedy rule to its own cards with the hidden ones in card order: every choice
    but the stock step reads shown cards only, so it is the whole position's unless that
    waits (the seat is stuck). Then the stock step on the arranged cards; else the bot waits
    only where its view proves the seat stuck, and otherwise takes a stock action.
    """
    action = greedy_action(h, p, t, seat, out, memo)
    if action >= 0 or h[H_STATUS] != PLAY:
        return action
    g = np.empty_like(h)
    own_arranged(h, p, seat, g)
    action = stock_step(g, p, t, seat, memo)
    if action >= 0 or proves_stuck(h, p, t, seat, memo):
        return action
    return stock_action(h, p, seat, False)
