"""Rows from :class:`~nertslib.GameState` values and back: the batch's exact round trip.

Plain Python over one hand at a time: conversion is for the boundary (tests, hand-overs to
the pure engine), never for the hot loops.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nertslib.batch.layout import (
    H_CALLER,
    H_FCOUNT,
    H_FLOG,
    H_NEED,
    H_RES,
    H_STALLED,
    H_STATUS,
    NERTS,
    P_CFG,
    P_DOWN,
    P_DSTRIDE,
    P_FLOGC,
    P_FLOGP,
    P_FTOP,
    P_SEAT0,
    P_SSTRIDE,
    P_W,
    PILE,
    PLAY,
    S_CUR,
    S_DECK,
    S_DLEN,
    S_NLEN,
    S_PASS,
    STALEMATE,
)
from nertslib.context import FNEXT
from nertslib.state import EndReason, GameState, Layout
from nertslib.variants import Variant

_STATUS = {None: PLAY, EndReason.NERTS: NERTS, EndReason.STALEMATE: STALEMATE}
_REASON = {code: reason for reason, code in _STATUS.items()}


def _put(h: np.ndarray, at: int, cards: Sequence[int]) -> None:
    """A count at ``at`` and the cards after it."""
    h[at] = len(cards)
    h[at + 1 : at + 1 + len(cards)] = cards


def _get(h: np.ndarray, at: int) -> tuple[int, ...]:
    # tolist() hands out Python ints in one call: several times faster than int() per card
    return tuple(h[at + 1 : at + 1 + int(h[at])].tolist())


def write_row(h: np.ndarray, p: np.ndarray, state: GameState) -> None:
    """Write ``state`` into the zeroed row ``h`` laid out by ``p``."""
    h[H_STATUS], h[H_CALLER] = _STATUS[state.status], state.caller
    h[H_STALLED], h[H_RES] = state.stalled, state.resolutions
    h[H_FCOUNT] = len(state.fnd)
    log = [(card, k) for k, pile in enumerate(state.fnd) for card in pile]
    h[H_FLOG] = len(log)
    for n, (card, k) in enumerate(log):
        h[p[P_FLOGC] + n], h[p[P_FLOGP] + n] = card, k
    for k, pile in enumerate(state.fnd):
        h[p[P_FTOP] + k] = pile[-1]
        key = FNEXT[state.ctx.rule][pile[-1]]
        if key >= 0:
            h[H_NEED + key] += 1
    for s, lay in enumerate(state.layouts):
        _write_seat(h, p, int(p[P_SEAT0] + s * p[P_SSTRIDE]), lay)


def _write_seat(h: np.ndarray, p: np.ndarray, base: int, lay: Layout) -> None:
    _put(h, base + S_NLEN, lay.nerts)
    h[base + S_DLEN], h[base + S_CUR], h[base + S_PASS] = len(lay.deck), lay.cursor, lay.passes
    h[base + S_DECK : base + S_DECK + len(lay.deck)] = lay.deck
    cfg = base + int(p[P_CFG])
    for j, pile in enumerate(lay.work):
        _put(h, cfg + j * PILE, pile)
    for j, down in enumerate(lay.down):
        _put(h, cfg + int(p[P_DOWN] + j * p[P_DSTRIDE]), down)


def read_row(h: np.ndarray, p: np.ndarray, variant: Variant, seed: int) -> GameState:
    """The :class:`GameState` that row ``h`` holds."""
    fnd: list[list[int]] = [[] for _ in range(int(h[H_FCOUNT]))]
    for n in range(int(h[H_FLOG])):
        fnd[int(h[p[P_FLOGP] + n])].append(int(h[p[P_FLOGC] + n]))
    layouts = tuple(
        _read_seat(h, p, int(p[P_SEAT0] + s * p[P_SSTRIDE]), s) for s in range(int(p[0]))
    )
    return GameState(
        variant=variant,
        layouts=layouts,
        fnd=tuple(tuple(pile) for pile in fnd),
        status=_REASON[int(h[H_STATUS])],
        caller=int(h[H_CALLER]),
        stalled=bool(h[H_STALLED]),
        resolutions=int(h[H_RES]),
        seed=seed,
    )


def _read_seat(h: np.ndarray, p: np.ndarray, base: int, seat: int) -> Layout:
    deck_len = int(h[base + S_DLEN])
    deck = tuple(h[base + S_DECK : base + S_DECK + deck_len].tolist())
    cfg = base + int(p[P_CFG])
    w = int(p[P_W])
    work = tuple(_get(h, cfg + j * PILE) for j in range(w))
    down = tuple(_get(h, cfg + int(p[P_DOWN] + j * p[P_DSTRIDE])) for j in range(w))
    return Layout(
        seat=seat,
        nerts=_get(h, base + S_NLEN),
        work=work,
        deck=deck,
        cursor=int(h[base + S_CUR]),
        passes=int(h[base + S_PASS]),
        down=down if any(down) else (),
    )


def card_places(h: np.ndarray, p: np.ndarray, seat: int) -> dict[int, int]:
    """Where each card of ``seat``'s layout lies in row ``h``: card id to row offset.

    The Nerts pile, the deck and the work piles (face up and face down); a seat's card ids
    are distinct (one deck a seat, no jokers in a batch).
    """
    base = int(p[P_SEAT0] + seat * p[P_SSTRIDE])
    cfg = base + int(p[P_CFG])
    counts = [base + S_NLEN, *(cfg + j * PILE for j in range(int(p[P_W])))]
    counts += [cfg + int(p[P_DOWN] + j * p[P_DSTRIDE]) for j in range(int(p[P_W]))]
    places = {int(h[at + 1 + k]): at + 1 + k for at in counts for k in range(int(h[at]))}
    deck = base + S_DECK
    places.update((int(h[deck + k]), deck + k) for k in range(int(h[base + S_DLEN])))
    return places
