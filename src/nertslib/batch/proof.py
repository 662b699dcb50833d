"""What a seat's own view proves in the batch: :meth:`nertslib.View.proves_stuck`, encoded.

The random bot offers ``rotate`` only where its view proves its seat stuck, so the batch
engine must answer exactly as the view does. The view decides on positions it builds itself:
its determinization with seed 0 (the seat's hidden cards, sorted by id, shuffled by
``deal.shuffled(unseen, 0, seat)`` into the hidden places: the Nerts pile under its top where
that pile is face down, then the stock), and the *probes* of that guess
(``determinize.stock_probes``), which between them put every hidden card at a place of the
stock that shows as a waste top during a pass. The seat is proven stuck when the guess and every
probe are stuck. Here each of those positions is a copy of the row with the seat's hidden
cards rewritten; nothing else of the row is read differently.
"""

from __future__ import annotations

import numpy as np

from nertslib.batch.deal import shuffle_ids
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_STATUS,
    P_NERTS_UP,
    P_W,
    PLAY,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NERTS,
    S_NLEN,
)
from nertslib.batch.moves import seat_base, seat_cfg
from nertslib.batch.rules import down_len
from nertslib.batch.stuck import pass_tops, seat_stuck

_ZERO_SEED = np.uint64(0)


@kernel
def hidden_below(h: np.ndarray, p: np.ndarray, seat: int) -> int:
    """How many Nerts cards under the top the seat cannot see (none where the pile is face up)."""
    n = h[seat_base(p, seat) + S_NLEN]
    return 0 if p[P_NERTS_UP] or n == 0 else int(n - 1)


@kernel
def hidden_cards(h: np.ndarray, p: np.ndarray, seat: int) -> np.ndarray:
    """The seat's hidden cards in place order: the Nerts pile under its top, then the stock."""
    base = seat_base(p, seat)
    below = hidden_below(h, p, seat)
    cur, size = h[base + S_CUR], h[base + S_DLEN]
    cards = np.empty(below + size - cur, dtype=np.int16)
    cards[:below] = h[base + S_NERTS : base + S_NERTS + below]
    cards[below:] = h[base + S_DECK + cur : base + S_DECK + size]
    return cards


@kernel
def put_hidden(g: np.ndarray, p: np.ndarray, seat: int, cards: np.ndarray) -> None:
    """Write ``cards`` into the seat's hidden places of row ``g`` (:func:`hidden_cards`' order)."""
    base = seat_base(p, seat)
    below = hidden_below(g, p, seat)
    cur, size = g[base + S_CUR], g[base + S_DLEN]
    g[base + S_NERTS : base + S_NERTS + below] = cards[:below]
    g[base + S_DECK + cur : base + S_DECK + size] = cards[below:]


@kernel
def own_arranged(h: np.ndarray, p: np.ndarray, seat: int, g: np.ndarray) -> None:
    """Row ``g``: row ``h`` with the seat's hidden cards in card order (``arranged_seat``).

    The other seats' hidden cards are left where they lie: the callers read only this seat.
    """
    g[:] = h
    cards = hidden_cards(h, p, seat)
    cards.sort()  # the view's unseen cards come by card id
    put_hidden(g, p, seat, cards)


@kernel
def own_guess(h: np.ndarray, p: np.ndarray, seat: int, g: np.ndarray) -> None:
    """Row ``g``: row ``h`` as ``determinize_own(view(h, seat), 0)`` deals the seat's cards."""
    own_arranged(h, p, seat, g)
    cards = hidden_cards(g, p, seat)
    shuffle_ids(cards, cards.shape[0], _ZERO_SEED, seat)
    put_hidden(g, p, seat, cards)


@kernel
def probe_order(cards: np.ndarray, start: int, k: int) -> np.ndarray:
    """``cards[start:start + k] + cards[:start] + cards[start + k:]``: a probe's cards."""
    n = cards.shape[0]
    stop = min(start + k, n)
    order = np.empty(n, dtype=np.int16)
    order[: stop - start] = cards[start:stop]
    order[stop - start : stop] = cards[:start]
    order[stop:] = cards[stop:]
    return order


@kernel
def probe(
    g: np.ndarray, p: np.ndarray, seat: int, places: np.ndarray, k: int, start: int, q: np.ndarray
) -> None:
    """Row ``q``: the guess ``g`` with :func:`probe_order`'s first ``k`` cards at ``places``.

    The rest fill the other stock places in order, and what is left goes under the Nerts top.
    """
    q[:] = g
    cards = hidden_cards(g, p, seat)
    order = probe_order(cards, start, k)
    below = hidden_below(g, p, seat)
    stock = np.full(cards.shape[0] - below, -1, dtype=np.int16)
    for i in range(k):
        stock[places[i]] = order[i]
    spare = k
    for i in range(stock.shape[0]):
        if stock[i] < 0:
            stock[i] = order[spare]
            spare += 1
    # put_hidden reads the Nerts part first: the leftover cards, then the stock
    placed = np.empty(cards.shape[0], dtype=np.int16)
    placed[:below] = order[spare:]
    placed[below:] = stock
    put_hidden(q, p, seat, placed)


@kernel
def top_places(g: np.ndarray, p: np.ndarray, seat: int, places: np.ndarray) -> int:
    """The stock places (from the cursor) whose cards show as waste tops during a pass."""
    tops = np.empty(160, dtype=np.int16)
    n = pass_tops(g, p, seat, tops, 0)
    base = seat_base(p, seat)
    cur, size = g[base + S_CUR], g[base + S_DLEN]
    k = 0
    for i in range(cur, size):
        card = g[base + S_DECK + i]
        for j in range(n):
            if tops[j] == card:
                places[k] = i - cur
                k += 1
                break
    return k


@kernel
def proves_stuck(h: np.ndarray, p: np.ndarray, t: np.ndarray, seat: int, memo: np.ndarray) -> bool:
    """``view(state, seat).proves_stuck(seat)`` of row ``h``."""
    if h[H_STATUS] != PLAY:
        return False
    cfg = seat_cfg(h, p, seat)
    for j in range(p[P_W]):
        if down_len(cfg, p, j):
            return False  # face-down work cards are never proven harmless
    g = np.empty_like(h)
    own_guess(h, p, seat, g)
    if not seat_stuck(g, p, t, seat, memo):
        return False
    places = np.empty(52, dtype=np.int64)
    k = top_places(g, p, seat, places)
    n = hidden_cards(g, p, seat).shape[0]
    q = np.empty_like(h)
    for start in range(0, n if k else 0, max(k, 1)):
        probe(g, p, seat, places, k, start, q)
        if not seat_stuck(q, p, t, seat, memo):
            return False
    return True
