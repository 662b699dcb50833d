"""What the RL adapters read from rows: observations, and the legality and source of actions.

The observation is :func:`nertslib.adapters.encoding.observe` of a seat's view, batched.

The pure encoder is the specification (``encoding.observation_fields`` names the slices); the
kernels here write the same int8 values straight from the rows, with no ``GameState`` or
``View`` in between, for the vector environment and the self-play batch. What a view shows is
decided here as :func:`nertslib.view` decides it: a seat sees its whole waste but only the
other seats' waste tops, and only the Nerts tops (every Nerts card under
``nerts_pile_face_up``). The batch plays no jokers, so a seat's deck is its 52 cards and a
card's index in its seat's values is its id within its owner's deck.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch.jit import kernel
from nertslib.batch.layout import (
    H_FCOUNT,
    H_FLOG,
    H_RES,
    H_STALLED,
    H_STATUS,
    P_CFG,
    P_DOWN,
    P_DSTRIDE,
    P_FLOGC,
    P_FTOP,
    P_ONE_PER_SUIT,
    P_SEAT0,
    P_SEATS,
    P_SSTRIDE,
    P_W,
    PILE,
    PLAY,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NERTS,
    S_NLEN,
    S_PASS,
)
from nertslib.batch.moves import seat_base
from nertslib.batch.steps import SKIP, is_legal
from nertslib.cards import DECK_SPAN

#: ``encoding.observe`` clips its counts here, so that every value fits an int8.
CLIP: Final = 127
#: The single values after the foundations: over, stalled, resolutions, priority.
STATUS: Final = 4


@kernel
def seat_block(p: np.ndarray) -> int:
    """The length of one seat's part: 5 + 2W counts, then W + 4 values per card of its deck."""
    return int(5 + 2 * p[P_W] + 52 * (p[P_W] + 4))


@kernel
def observation_length(p: np.ndarray) -> int:
    """``encoding.observation_size`` of the batch's variant and seat count."""
    slots = 4 if p[P_ONE_PER_SUIT] else 4 * p[P_SEATS]
    return int(p[P_SEATS] * seat_block(p) + slots * 52 + STATUS)


@kernel
def mark_pile(
    o: np.ndarray, cards: int, per_card: int, h: np.ndarray, at: int, size: int, where: int
) -> None:
    """Mark the ``size`` cards from row offset ``at`` (bottom first) as lying at ``where``.

    A card's values start at ``cards + index * per_card``: the one-hot of its place, then its
    depth (0: the top of its pile).
    """
    for depth in range(size):
        slot = cards + (h[at + size - 1 - depth] % DECK_SPAN) * per_card
        o[slot + where] = 1
        o[slot + per_card - 1] = depth


@kernel
def observe_seat(
    h: np.ndarray, p: np.ndarray, seat: int, own: bool, face_up: bool, o: np.ndarray, at: int
) -> None:
    """Seat ``seat``'s counts and shown cards, written from ``o[at]`` on."""
    w = p[P_W]
    base = seat_base(p, seat)
    nerts, cur = h[base + S_NLEN], h[base + S_CUR]
    shown = nerts if face_up else min(nerts, 1)
    o[at] = nerts
    o[at + 1] = nerts - shown
    o[at + 2] = min(h[base + S_DLEN] - cur, CLIP)
    o[at + 3] = min(cur, CLIP)
    o[at + 4] = min(h[base + S_PASS], CLIP)
    cfg = base + p[P_CFG]
    for j in range(w):
        o[at + 5 + 2 * j] = h[cfg + j * PILE]
        o[at + 6 + 2 * j] = h[cfg + p[P_DOWN] + j * p[P_DSTRIDE]]
    cards, per_card = at + 5 + 2 * w, w + 4
    mark_pile(o, cards, per_card, h, base + S_NERTS + nerts - shown, shown, 0)
    waste = cur if own else min(cur, 1)  # the others see the waste top only
    mark_pile(o, cards, per_card, h, base + S_DECK + cur - waste, waste, 1)
    for j in range(w):
        mark_pile(o, cards, per_card, h, cfg + j * PILE + 1, h[cfg + j * PILE], 2 + j)


@kernel
def observe_foundations(h: np.ndarray, p: np.ndarray, seat: int, o: np.ndarray) -> None:
    """Every foundation card marked on the foundations, and each started slot's top face."""
    n, w = p[P_SEATS], p[P_W]
    block, per_card = seat_block(p), w + 4
    for k in range(h[H_FLOG]):
        card = h[p[P_FLOGC] + k]
        owner, face = card // DECK_SPAN, card % DECK_SPAN
        cards = (owner - seat) % n * block + 5 + 2 * w
        o[cards + face * per_card + w + 2] = 1
    at = n * block
    for k in range(h[H_FCOUNT]):
        o[at + k * 52 + h[p[P_FTOP] + k] % DECK_SPAN] = 1


@kernel
def observe_rows(
    rows: np.ndarray,
    p: np.ndarray,
    seat: int,
    face_up: bool,
    priority: np.ndarray,
    out: np.ndarray,
) -> None:
    """``encoding.observe(view(state, seat), priority[r])`` of every row ``r``, into ``out``.

    ``out`` is a zeroed int8 array ``(rows, observation_length(p))``; seats come in the
    viewer's order (the viewer first), as in the pure encoder.
    """
    n, block = p[P_SEATS], seat_block(p)
    status = out.shape[1] - STATUS
    for r in range(rows.shape[0]):
        h, o = rows[r], out[r]
        for s in range(n):
            observe_seat(h, p, s, s == seat, face_up, o, (s - seat) % n * block)
        observe_foundations(h, p, seat, o)
        o[status] = 0 if h[H_STATUS] == PLAY else 1
        o[status + 1] = h[H_STALLED]
        o[status + 2] = min(h[H_RES], CLIP)
        o[status + 3] = priority[r]


@kernel
def source_card(h: np.ndarray, p: np.ndarray, seat: int, source: int, depth: int) -> int:
    """The card ``depth`` cards down from the top of ``seat``'s action source (1: the top).

    Sources as ``encoding`` numbers them: 0 the Nerts top, 1 the waste top, ``2 + i`` work
    pile ``i``; -1 where there is no such card.
    """
    base = seat_base(p, seat)
    if source == 0:
        at, size = base + S_NERTS, h[base + S_NLEN]
    elif source == 1:
        at, size = base + S_DECK, h[base + S_CUR]
    else:
        pile = base + p[P_CFG] + (source - 2) * PILE
        at, size = pile + 1, h[pile]
    return int(h[at + size - depth]) if 0 < depth <= size else -1


@kernel
def played_cards(
    rows: np.ndarray,
    p: np.ndarray,
    seat: int,
    actions: np.ndarray,
    parts: np.ndarray,
    out: np.ndarray,
) -> None:
    """:func:`source_card` of each row's action for ``seat`` into ``out`` (-1: no play).

    ``parts[action]`` holds the action's source and depth (``encoding.play_parts``), so a
    step's moves are read in one call rather than one call a hand.
    """
    for r in range(rows.shape[0]):
        a = actions[r]
        if a < enc.FOUNDATION_BASE:
            out[r] = -1
        else:
            out[r] = source_card(rows[r], p, seat, parts[a, 0], parts[a, 1])


def stock_counts(rows: np.ndarray, p: np.ndarray) -> Any:
    """The stock sizes of every seat of every row, ``(rows, seats)`` (a strided read)."""
    bases = [int(p[P_SEAT0] + s * p[P_SSTRIDE]) for s in range(int(p[P_SEATS]))]
    deck = rows[:, [b + S_DLEN for b in bases]].astype(np.int64)
    return deck - rows[:, [b + S_CUR for b in bases]]


@kernel
def legal_rows(
    rows: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    seats: np.ndarray,
    actions: np.ndarray,
    out: np.ndarray,
) -> None:
    """Whether each row's action is among ``encoding.legal_actions`` of its seat (SKIP: no).

    One action per row is all a step asks, so the rows' legal actions are listed and
    searched, not written out as masks of ``NUM_ACTIONS``; the seat is the row's (in a
    step's priority order each hand has its own seat to play).
    """
    buf = np.empty(enc.NUM_ACTIONS, dtype=np.int32)
    for r in range(rows.shape[0]):
        out[r] = actions[r] != SKIP and is_legal(rows[r], p, t, seats[r], actions[r], buf)
