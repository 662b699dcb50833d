"""The rules of a variant resolved for one seat count, as ints and lookup tables.

The hot path (``legal_moves``, ``apply``, stuck detection) reads these plain fields instead of
comparing :class:`~nertslib.Variant` strings. A :class:`Context` is derived data: it is cached
per ``(variant, seats)`` and rides along in every state without taking part in equality.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from nertslib.cards import KING, MAX_SEATS, RANK, RED, SUIT
from nertslib.variants import Variant

__all__ = ["Context", "context_for", "foundation_key", "need_index"]

SAME_SUIT: Final = 0
ALT_COLOUR: Final = 1
ANY_SUIT: Final = 2
_RULES: Final = {"same_suit": SAME_SUIT, "alt_colour": ALT_COLOUR, "any_suit": ANY_SUIT}

SPACE_ANY: Final = 0
SPACE_NERTS_ONLY: Final = 1
SPACE_KING_ONLY: Final = 2

SLIDE_OFF: Final = 0
SLIDE_NEEDS_SPACE: Final = 1
SLIDE_ALWAYS: Final = 2

MOVE_ANY_SUFFIX: Final = 0
MOVE_TOP_CARD: Final = 1
MOVE_WHOLE_PILE: Final = 2

#: No limit on passes, as a number (larger than any hand can use).
UNLIMITED: Final = 1 << 30


def foundation_key(rule: int, card: int) -> int:
    """The key under which ``card`` looks for a foundation under build ``rule``.

    A foundation whose top is ``t`` accepts ``card`` iff ``foundation_key(rule, card) ==
    next_key(rule, t)``: same suit and one higher (``SAME_SUIT``), other colour and one higher
    (``ALT_COLOUR``), or just one higher (``ANY_SUIT``).

    pre: 0 <= rule <= 2
    pre: 0 <= card < 432 and RANK[card] > 0
    post: __return__ % 16 == RANK[card]
    """
    if rule == SAME_SUIT:
        return SUIT[card] * 16 + RANK[card]
    if rule == ALT_COLOUR:
        return RED[card] * 16 + RANK[card]
    return RANK[card]


def next_key(rule: int, top: int) -> int:
    """The key a foundation whose top card is ``top`` needs next; -1 once it ends in a King.

    pre: 0 <= rule <= 2
    pre: 0 <= top < 432 and RANK[top] > 0
    post: (__return__ == -1) == (RANK[top] == 13)
    post: __return__ == -1 or __return__ % 16 == RANK[top] + 1
    """
    if RANK[top] == KING:
        return -1
    if rule == SAME_SUIT:
        return SUIT[top] * 16 + RANK[top] + 1
    if rule == ALT_COLOUR:
        return (1 - RED[top]) * 16 + RANK[top] + 1
    return RANK[top] + 1


_N_IDS: Final = MAX_SEATS * 54
_FKEY: Final = tuple(
    tuple(foundation_key(rule, c) if RANK[c] else -2 for c in range(_N_IDS)) for rule in range(3)
)
_FNEXT: Final = tuple(
    tuple(next_key(rule, c) if RANK[c] else -3 for c in range(_N_IDS)) for rule in range(3)
)


@attrs.frozen
class Context:
    """A variant's rules resolved for one seat count (derived data; see the module docs).

    .. versionadded:: 0.1.0
    """

    variant: Variant
    seats: int
    nwork: int
    rule: int
    fkey: tuple[int, ...]
    fnext: tuple[int, ...]
    space: int
    mandatory: bool
    slide: int
    move_rule: int
    one_per_suit: bool
    turn: int
    flip_immediately: bool
    max_passes: int
    when_blocked: bool
    auto_call: bool


def context_for(variant: Variant, seats: int) -> Context:
    """The :class:`Context` of ``variant`` for ``seats`` seats (cached).

    Raises:
        ValueError: if ``variant`` cannot deal ``seats`` seats (checked before the cache, so
            ``True`` or ``2.0`` are refused even though they equal cached ints).
    """
    variant.check_seats(seats)
    return _context_for(variant, seats)


@functools.lru_cache(maxsize=256)
def _context_for(variant: Variant, seats: int) -> Context:
    rule = _RULES[variant.foundation_rule(seats)]
    return Context(
        variant=variant,
        seats=seats,
        nwork=variant.work_pile_count(seats),
        rule=rule,
        fkey=_FKEY[rule],
        fnext=_FNEXT[rule],
        space={"any": SPACE_ANY, "nerts_only": SPACE_NERTS_ONLY, "king_only": SPACE_KING_ONLY}[
            variant.space_fill
        ],
        mandatory=variant.space_fill_mandatory,
        slide={"off": SLIDE_OFF, "needs_space": SLIDE_NEEDS_SPACE, "always": SLIDE_ALWAYS}[
            variant.slide_under
        ],
        move_rule={
            "any_suffix": MOVE_ANY_SUFFIX,
            "top_card": MOVE_TOP_CARD,
            "whole_pile": MOVE_WHOLE_PILE,
        }[variant.work_pile_move],
        one_per_suit=variant.foundation_limit == "one_per_suit",
        turn=variant.stock_turn,
        flip_immediately=variant.stock_remainder == "flip_immediately",
        max_passes=UNLIMITED if variant.max_stock_passes is None else variant.max_stock_passes,
        when_blocked=variant.stock_access == "when_blocked",
        auto_call=variant.call_mode == "auto",
    )


def need_index(fnd: tuple[tuple[int, ...], ...], ctx: Context) -> dict[int, tuple[int, ...]]:
    """Which foundations need which key next: ``{key: (foundation indices, ascending)}``."""
    need: dict[int, list[int]] = {}
    for k, pile in enumerate(fnd):
        key = ctx.fnext[pile[-1]]
        if key >= 0:
            need.setdefault(key, []).append(k)
    return {key: tuple(ks) for key, ks in need.items()}
