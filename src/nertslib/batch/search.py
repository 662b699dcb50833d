"""The search over work-pile configurations that stuck detection and the greedy plan share.

:func:`nertslib.stuck._search` in a kernel: breadth first over the configurations a seat's
moves between work piles reach, with the generator's moves
(:func:`~nertslib.batch.moves.shuffle_actions`) and the transition's
(:func:`~nertslib.batch.transition.work_action`). Visited configurations are kept in a hash
table of their keys (the configuration itself, or with ``by_order=False`` its piles sorted,
so that piles differing only in order count once); keys are compared whole, so a hash
collision never merges two configurations. Arrays double when full: no bound changes an
answer.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.adapters.encoding import NUM_ACTIONS
from nertslib.batch.jit import kernel
from nertslib.batch.layout import P_CFGLEN, P_DOWN, P_DSTRIDE, P_SLIDE, P_W, PILE
from nertslib.batch.moves import shuffle_actions
from nertslib.batch.rules import down_len, goes_up, may_fill, pile_card, pile_len
from nertslib.batch.tables import T_KEY, T_ON, T_UNDER
from nertslib.batch.transition import work_action
from nertslib.context import SLIDE_ALWAYS

_MASK: Final = (1 << 30) - 1
#: A reach summary (written by an exhausted :func:`search`): the space flag, then the tops
#: and the open bases, each a count and up to 52 cards.
R_SPACE: Final = 0
R_TOPS: Final = 1
R_BASES: Final = R_TOPS + 53
R_SIZE: Final = R_BASES + 53
_START: Final = 64


@kernel
def goal(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    cfg: np.ndarray,
    cards: np.ndarray,
    sources: np.ndarray,
    ncards: int,
) -> bool:
    """``stuck._plain_goal``: a work top goes up, or a card goes onto, into or under a pile."""
    w = p[P_W]
    space = False
    for j in range(w):
        size = pile_len(cfg, j)
        if not size:
            space = True
            continue
        top = pile_card(cfg, j, size - 1)
        if goes_up(h, p, t, top):
            return True
        for c in range(ncards):
            if t[T_KEY, cards[c]] == t[T_ON, top]:
                return True
    under = p[P_SLIDE] == SLIDE_ALWAYS  # under a pile with no space about
    for c in range(ncards):
        if not may_fill(p, t, cards[c], sources[c]):
            continue
        if space:
            return True
        if under:
            for j in range(w):
                if (
                    pile_len(cfg, j)
                    and down_len(cfg, p, j) == 0
                    and t[T_KEY, cards[c]] == t[T_UNDER, pile_card(cfg, j, 0)]
                ):
                    return True
    return False


@kernel
def _less(cfg: np.ndarray, p: np.ndarray, a: int, b: int) -> bool:
    """A total order on piles (face-up cards, then face-down ones): any order will do."""
    for k in range(PILE):
        if cfg[a * PILE + k] != cfg[b * PILE + k]:
            return bool(cfg[a * PILE + k] < cfg[b * PILE + k])
    down, stride = p[P_DOWN], p[P_DSTRIDE]
    for k in range(stride):
        x, y = cfg[down + a * stride + k], cfg[down + b * stride + k]
        if x != y:
            return bool(x < y)
    return False


@kernel
def canonical(cfg: np.ndarray, p: np.ndarray, out: np.ndarray) -> None:
    """``stuck._canonical``: ``cfg`` with its piles sorted, into ``out``."""
    w = p[P_W]
    order = np.arange(w)
    for i in range(1, w):  # insertion sort: at most 8 piles
        k = i
        while k > 0 and _less(cfg, p, order[k], order[k - 1]):
            order[k], order[k - 1] = order[k - 1], order[k]
            k -= 1
    down, stride = p[P_DOWN], p[P_DSTRIDE]
    for r in range(w):
        j = order[r]
        out[r * PILE : (r + 1) * PILE] = cfg[j * PILE : (j + 1) * PILE]
        out[down + r * stride : down + (r + 1) * stride] = cfg[
            down + j * stride : down + (j + 1) * stride
        ]


@kernel
def _hash(key: np.ndarray) -> int:
    # Multiply and xor, kept to 30 bits by a mask (a modulo per slot cost more than the rest
    # of the search); the product stays below 2**63, so it never overflows.
    value = 0
    for k in range(key.shape[0]):
        value = ((value * 1000003) ^ int(key[k])) & _MASK
    return value


@kernel
def _same(a: np.ndarray, b: np.ndarray) -> bool:
    """``a == b`` slot by slot (np.array_equal would build an array each time)."""
    for k in range(a.shape[0]):
        if a[k] != b[k]:
            return False
    return True


@kernel
def _find(table: np.ndarray, keys: np.ndarray, key: np.ndarray, value: int) -> int:
    """The slot of ``key`` in ``table`` (open addressing), or of the empty slot it would take."""
    mask = table.shape[0] - 1
    slot = int(value & mask)
    while table[slot] >= 0:
        if _same(keys[table[slot]], key):
            return slot
        slot = int((slot + 1) & mask)
    return slot


@kernel
def _rehash(keys: np.ndarray, count: int, size: int) -> np.ndarray:
    table = np.full(size, -1, dtype=np.int32)
    for r in range(count):
        table[_find(table, keys, keys[r], _hash(keys[r]))] = r
    return table


@kernel
def _grown(arr: np.ndarray) -> np.ndarray:
    bigger = np.empty((arr.shape[0] * 2, arr.shape[1]), dtype=arr.dtype)
    bigger[: arr.shape[0]] = arr
    return bigger


@kernel
def _grown1(arr: np.ndarray) -> np.ndarray:
    bigger = np.empty(arr.shape[0] * 2, dtype=arr.dtype)
    bigger[: arr.shape[0]] = arr
    return bigger


@kernel
def _expand(
    state: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int],
    head: int,
    p: np.ndarray,
    t: np.ndarray,
    by_order: bool,
    moves: np.ndarray,
    nxt: np.ndarray,
    key: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Queue the configurations one move from configuration ``head`` that are new.

    ``state`` is the search's ``(configurations, keys, first moves, table, count)``; the
    arrays double when full; ``moves``, ``nxt`` and ``key`` are room to work in.
    """
    confs, keys, firsts, table, count = state
    n = shuffle_actions(confs[head], p, t, moves, 0)
    for k in range(n):
        nxt[:] = confs[head]
        work_action(nxt, p, moves[k])
        _key(nxt, p, by_order, key)
        slot = _find(table, keys, key, _hash(key))
        if table[slot] >= 0:
            continue
        if count == confs.shape[0]:
            confs, keys, firsts = _grown(confs), _grown(keys), _grown1(firsts)
            table = _rehash(keys, count, 4 * confs.shape[0])
            slot = _find(table, keys, key, _hash(key))
        confs[count], keys[count] = nxt, key
        firsts[count] = firsts[head] if firsts[head] >= 0 else moves[k]
        table[slot] = count
        count += 1
    return confs, keys, firsts, table, count


@kernel
def _start(
    p: np.ndarray, start: np.ndarray, by_order: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """A search's state holding ``start`` alone (see :func:`_expand`)."""
    confs = np.empty((_START, p[P_CFGLEN]), dtype=np.int16)
    keys = np.empty_like(confs)
    firsts = np.empty(_START, dtype=np.int32)
    table = np.full(4 * _START, -1, dtype=np.int32)
    confs[0] = start
    _key(confs[0], p, by_order, keys[0])
    table[_find(table, keys, keys[0], _hash(keys[0]))] = 0
    firsts[0] = -1
    return confs, keys, firsts, table, 1


@kernel
def search(
    h: np.ndarray,
    p: np.ndarray,
    t: np.ndarray,
    start: np.ndarray,
    cards: np.ndarray,
    sources: np.ndarray,
    ncards: int,
    by_order: bool,
    summary: np.ndarray,
) -> tuple[bool, int]:
    """Whether a configuration reachable from ``start`` meets :func:`goal`, and how.

    The action is the first move of a shortest path there (-1 when ``start`` meets it), in
    the pure search's order: breadth first, moves in the generator's order. A search that
    meets no goal has visited every configuration: it writes their sum into ``summary``
    (``stuck.reach``; see :data:`R_SPACE`), unless that is empty.
    """
    tops = np.full(54, -1, dtype=np.int16)
    bases = np.full(54, -1, dtype=np.int16)
    space = False
    state = _start(p, start, by_order)
    moves = np.empty(NUM_ACTIONS, dtype=np.int32)
    nxt = np.empty(p[P_CFGLEN], dtype=np.int16)
    key = np.empty_like(nxt)
    head = 0
    while head < state[4]:
        cfg = state[0][head]
        if goal(h, p, t, cfg, cards, sources, ncards):
            return True, int(state[2][head])
        space = _shown(cfg, p, tops, bases) or space
        state = _expand(state, head, p, t, by_order, moves, nxt, key)
        head += 1
    if summary.shape[0]:
        summary[R_SPACE] = space
        _listed(tops, summary, R_TOPS)
        _listed(bases, summary, R_BASES)
    return False, -1


@kernel
def _shown(cfg: np.ndarray, p: np.ndarray, tops: np.ndarray, bases: np.ndarray) -> bool:
    """Mark the tops and open bases of ``cfg`` (by in-deck index); whether it has a space."""
    space = False
    for j in range(p[P_W]):
        size = pile_len(cfg, j)
        if not size:
            space = True
            continue
        top = pile_card(cfg, j, size - 1)
        tops[top % 54] = top
        if down_len(cfg, p, j) == 0:
            base = pile_card(cfg, j, 0)
            bases[base % 54] = base
    return space


@kernel
def _listed(seen: np.ndarray, out: np.ndarray, at: int) -> None:
    """The cards of ``seen`` (-1: none) as a count at ``out[at]`` and the cards after it."""
    n = 0
    for card in seen:
        if card >= 0:
            out[at + 1 + n] = card
            n += 1
    out[at] = n


@kernel
def _key(cfg: np.ndarray, p: np.ndarray, by_order: bool, out: np.ndarray) -> None:
    if by_order:
        out[:] = cfg
    else:
        canonical(cfg, p, out)
