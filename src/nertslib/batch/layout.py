"""Where everything lives in a hand's row, and the rules of a batch as one int array.

A batch is an ``int16`` array of shape ``(hands, stride)``: one row per hand, every row laid
out the same way (the offsets below), so copying a batch is one array copy and a kernel reads a
hand as one contiguous row. The offsets that depend on the seat count and the number of work
piles, and the variant's knobs resolved for the seat count, sit in one ``int64`` *params*
array (the ``P_*`` indices) that every kernel is given.

Row, from its start::

    status, caller, stalled, resolutions, foundations started, foundation log length,
    need counts [64] (how many foundations need each foundation key next),
    foundation tops [4 * seats], log cards [52 * seats], log piles [52 * seats],
    seat 0, seat 1, ...

A seat block, from its start::

    Nerts count, Nerts pile [26] (bottom first),
    deck length, cursor, passes, deck [52] (stock order, as ``Layout.deck``),
    work piles: per pile its face-up count and 13 cards (bottom first),
    face-down cards: per pile its count and ``P_MD`` cards (bottom first).

The work piles and the face-down cards of a seat are one contiguous *configuration* (offset
``P_CFG``, length ``P_CFGLEN``): the unit the stuck search copies and compares.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.context import UNLIMITED, context_for
from nertslib.knobs import STUCK_RESOLUTION
from nertslib.variants import Variant

# --- the params array --------------------------------------------------------------------------
P_SEATS: Final = 0
P_W: Final = 1
P_MD: Final = 2
P_SEAT0: Final = 3
P_SSTRIDE: Final = 4
P_CFG: Final = 5
P_CFGLEN: Final = 6
P_DOWN: Final = 7
P_DSTRIDE: Final = 8
P_FTOP: Final = 9
P_FLOGC: Final = 10
P_FLOGP: Final = 11
P_RULE: Final = 12
P_SPACE: Final = 13
P_MANDATORY: Final = 14
P_SLIDE: Final = 15
P_MOVE: Final = 16
P_ONE_PER_SUIT: Final = 17
P_TURN: Final = 18
P_FLIP: Final = 19
P_MAXPASS: Final = 20
P_WHEN_BLOCKED: Final = 21
P_AUTO: Final = 22
P_RESOLUTION: Final = 23
P_POINTS: Final = 24
P_KING_BONUS: Final = 25
P_PENALTY: Final = 26
P_CALLER_BONUS: Final = 27
P_NERTS_UP: Final = 28
P_STRIDE: Final = 29
N_PARAMS: Final = 30

# --- the row header ----------------------------------------------------------------------------
H_STATUS: Final = 0
H_CALLER: Final = 1
H_STALLED: Final = 2
H_RES: Final = 3
H_FCOUNT: Final = 4
H_FLOG: Final = 5
H_NEED: Final = 6
#: Foundation keys (``context.FKEY``) are below 64: ``suit * 16 + rank`` at most.
NEED_KEYS: Final = 64
H_FTOP: Final = H_NEED + NEED_KEYS

#: Status codes: in play, ended by Nerts, ended in stalemate.
PLAY: Final = 0
NERTS: Final = 1
STALEMATE: Final = 2

# --- a seat block ------------------------------------------------------------------------------
S_NLEN: Final = 0
S_NERTS: Final = 1
NERTS_MAX: Final = 26
S_DLEN: Final = S_NERTS + NERTS_MAX
S_CUR: Final = S_DLEN + 1
S_PASS: Final = S_CUR + 1
S_DECK: Final = S_PASS + 1
S_CFG: Final = S_DECK + 52
#: Slots of one face-up work pile: its count and 13 cards (a pile builds down King to Ace).
PILE: Final = 14


def max_down(variant: Variant, seats: int) -> int:
    """The most face-down cards a work pile can hold: pile ``i`` of a Klondike deal has ``i``.

    >>> import nertslib as nl
    >>> from nertslib.batch.layout import max_down
    >>> max_down(nl.variants.get("pounce"), 4), max_down(nl.variants.get("standard"), 4)
    (4, 0)
    """
    if variant.work_pile_layout != "klondike":
        return 0
    return max(0, variant.work_pile_count(seats) - 1)


def make_params(variant: Variant, seats: int, md: int) -> np.ndarray:
    """The params array of ``variant`` for ``seats`` seats, face-down piles of up to ``md``.

    >>> import nertslib as nl
    >>> from nertslib.batch.layout import P_W, make_params
    >>> int(make_params(nl.variants.get("standard"), 2, 0)[P_W])
    4
    """
    ctx = context_for(variant, seats)
    w = ctx.nwork
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_SEATS], p[P_W], p[P_MD] = seats, w, md
    p[P_FTOP] = H_FTOP
    p[P_FLOGC] = H_FTOP + 4 * seats
    p[P_FLOGP] = p[P_FLOGC] + 52 * seats
    p[P_SEAT0] = p[P_FLOGP] + 52 * seats
    p[P_CFG], p[P_DOWN], p[P_DSTRIDE] = S_CFG, w * PILE, 1 + md
    p[P_CFGLEN] = w * PILE + w * (1 + md)
    p[P_SSTRIDE] = S_CFG + p[P_CFGLEN]
    p[P_STRIDE] = p[P_SEAT0] + seats * p[P_SSTRIDE]
    knobs = (
        ctx.rule,
        ctx.space,
        ctx.mandatory,
        ctx.slide,
        ctx.move_rule,
        ctx.one_per_suit,
        ctx.turn,
        ctx.flip_immediately,
        min(ctx.max_passes, UNLIMITED),
        ctx.when_blocked,
        ctx.auto_call,
        STUCK_RESOLUTION.code(variant.stuck_resolution),
        variant.foundation_points,
        variant.king_bonus,
        variant.nerts_penalty,
        variant.caller_bonus,
        variant.nerts_pile_face_up,
    )
    p[P_RULE : P_RULE + len(knobs)] = knobs
    return p
