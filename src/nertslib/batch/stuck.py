"""Stuck detection and the everyone-stuck resolution in the batch (:mod:`nertslib.stuck`).

A seat is stuck when no progress is in reach by turning its stock through a whole pass and
rearranging its work piles: the waste tops of a pass (:func:`pass_tops`) and the Nerts top
are tried against what every reachable configuration shows (:mod:`nertslib.batch.reach`).
"""

from __future__ import annotations

import numpy as np

from nertslib.batch.deal import shuffle_ids
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_CALLER,
    H_RES,
    H_STALLED,
    H_STATUS,
    P_AUTO,
    P_FLIP,
    P_MAXPASS,
    P_RESOLUTION,
    P_SEATS,
    P_TURN,
    P_W,
    PLAY,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NLEN,
    S_PASS,
    STALEMATE,
)
from nertslib.batch.moves import nerts_top, seat_base, seat_cfg
from nertslib.batch.reach import known, offers, remember, summary_of, tried
from nertslib.batch.rules import goes_up, pile_card, pile_len
from nertslib.batch.search import goal, search
from nertslib.batch.tables import T_KEY, T_ON
from nertslib.context import UNLIMITED
from nertslib.knobs import STUCK_RESOLUTION
from nertslib.predicates import FROM_NERTS, FROM_WASTE

_SHUFFLE = STUCK_RESOLUTION.code("shuffle")
_ROTATE = STUCK_RESOLUTION.code("rotate_one")
_END = STUCK_RESOLUTION.code("end_hand")


@kernel
def _every(
    h: np.ndarray, at: int, first: int, stop: int, step: int, out: np.ndarray, n: int
) -> int:
    """Append ``deck[first:stop:step]`` (the deck starting at ``at``) to ``out``."""
    for k in range(first, stop, step):
        out[n] = h[at + k]
        n += 1
    return n


@kernel
def pass_tops(h: np.ndarray, p: np.ndarray, seat: int, out: np.ndarray, n: int) -> int:
    """``stuck.pass_tops``: the waste tops of a whole pass, appended to ``out``."""
    base = seat_base(p, seat)
    deck, cur, size = base + S_DECK, int(h[base + S_CUR]), int(h[base + S_DLEN])
    turn = int(p[P_TURN])
    if cur:
        out[n] = h[deck + cur - 1]
        n += 1
    n = _every(h, deck, cur + turn - 1, size, turn, out, n)
    more = h[base + S_PASS] < p[P_MAXPASS]
    flip = p[P_FLIP] != 0
    if (size - cur) % turn and not (flip and more) and size:
        out[n] = h[deck + size - 1]  # the remainder is turned up
        n += 1
    if more and size:
        n = _every(h, deck, turn - 1, size, turn, out, n)
        if size % turn and not (flip and p[P_MAXPASS] == UNLIMITED):
            out[n] = h[deck + size - 1]
            n += 1
    return n


@kernel
def _wanted(cfg: np.ndarray, p: np.ndarray, t: np.ndarray) -> int:
    """The work keys the work tops take (``ON``), as bits: a key is below 28."""
    bits = 0
    for j in range(p[P_W]):
        size = pile_len(cfg, j)
        if size:
            bits |= 1 << int(t[T_ON, pile_card(cfg, j, size - 1)])
    return bits


@kernel
def in_reach(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seat: int,
    cards: np.ndarray,
    sources: np.ndarray,
    n: int,
    memo: np.ndarray,
) -> bool:
    """``stuck.progress_in_reach``'s verdict: progress with one of ``cards`` in reach.

    In some configuration the seat's work piles reach; a card that goes up needs none.
    """
    for c in range(n):
        if goes_up(h, p, t, cards[c]):
            return True
    cfg = seat_cfg(h, p, seat)
    if goal(h, p, t, cfg, cards, sources, n):
        return True  # the piles as they are: what the search would try first, unallocated
    if known(memo, p, seat, cfg):
        return offers(h, p, t, summary_of(memo, seat), cards, sources, n)
    found = search(h, p, t, cfg, cards, sources, n, False, summary_of(memo, seat))[0]
    if not found:  # the search visited every configuration: keep their sum
        remember(memo, p, seat, cfg)
    return found


@kernel
def _seat_cards(
    h: np.ndarray, p: np.ndarray, seat: int, cards: np.ndarray, sources: np.ndarray
) -> int:
    """The Nerts top (if any) then the waste tops of a pass, with their sources."""
    n = 0
    top = nerts_top(h, seat_base(p, seat))
    if top >= 0:
        cards[0], sources[0] = top, FROM_NERTS
        n = 1
    end = pass_tops(h, p, seat, cards, n)
    sources[n:end] = FROM_WASTE
    return end


@kernel
def pass_offers_progress(
    h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, memo: np.ndarray
) -> bool:
    """``stuck._pass_offers_progress``: progress in reach with some waste top of a pass."""
    cards, sources = tried(memo, p, seat)
    n = _seat_cards(h, p, seat, cards, sources)
    cfg = seat_cfg(h, p, seat)
    # Usually a card goes up or onto a pile as things are: no search then.
    wanted = _wanted(cfg, p, t)
    for c in range(n):
        if (wanted >> int(t[T_KEY, cards[c]])) & 1:
            return True
    return in_reach(h, p, t, seat, cards, sources, n, memo)


@kernel
def seat_stuck(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, memo: np.ndarray) -> bool:
    """``stuck.seat_is_stuck``: a seat that may call is never stuck."""
    if h[seat_base(p, seat) + S_NLEN] == 0 and not p[P_AUTO]:
        return False
    return not pass_offers_progress(h, p, t, seat, memo)


@kernel
def all_stuck(h: np.ndarray, p: np.ndarray, t: np.ndarray, memo: np.ndarray) -> bool:
    """``stuck.all_stuck``: every seat of a hand in play is stuck."""
    if h[H_STATUS] != PLAY:
        return False
    for seat in range(p[P_SEATS]):
        if not seat_stuck(h, p, t, seat, memo):
            return False
    return True


@kernel
def rotate(h: np.ndarray, p: np.ndarray, seat: int) -> None:
    """A stuck seat's rotation: its stock's top card goes to the bottom (``successor``)."""
    base = seat_base(p, seat)
    deck, cur, size = base + S_DECK, h[base + S_CUR], h[base + S_DLEN]
    top = h[deck + cur]
    for k in range(cur, size - 1):
        h[deck + k] = h[deck + k + 1]
    h[deck + size - 1] = top


@kernel
def resolve(h: np.ndarray, p: np.ndarray, seed: np.uint64) -> None:
    """``stuck.resolve_stalemate`` on a hand where every seat is stuck."""
    rule = p[P_RESOLUTION]
    h[H_CALLER] = -1
    if h[H_STALLED] or rule == _END:
        h[H_STATUS] = STALEMATE
        return
    for seat in range(p[P_SEATS]):
        base = seat_base(p, seat)
        deck, size = base + S_DECK, h[base + S_DLEN]
        if rule == _SHUFFLE:
            shuffle_ids(h[deck : deck + size], size, seed, 8 * (h[H_RES] + 1) + seat)
        elif rule == _ROTATE and size:
            h[base + S_CUR] = 0
            rotate(h, p, seat)
        h[base + S_CUR] = 0
    h[H_STALLED] = 1
    h[H_RES] += 1
