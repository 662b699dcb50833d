"""The rules of a variant resolved for one seat count, as ints and lookup tables.

The hot path (``legal_moves``, ``apply``, stuck detection) reads these plain fields instead of
comparing :class:`~nertslib.Variant` strings. A :class:`Context` is derived data: it is cached
per ``(variant, seats)`` and rides along in every state without taking part in equality.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from operator import itemgetter
from typing import Final

import attrs

from nertslib.cards import KING, N_ALL_IDS, RANK, RED, SUIT
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
    pre: 0 <= card < 1264 and RANK[card] > 0
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
    pre: 0 <= top < 1264 and RANK[top] > 0
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


_N_IDS: Final = N_ALL_IDS  # declared jokers (ids from 432 on) included
_FKEY: Final = tuple(
    tuple(foundation_key(rule, c) if RANK[c] else -2 for c in range(_N_IDS)) for rule in range(3)
)
_FNEXT: Final = tuple(
    tuple(next_key(rule, c) if RANK[c] else -3 for c in range(_N_IDS)) for rule in range(3)
)


#: ``Context.fplay``'s key of every Ace: a new foundation always takes one (the one-per-suit
#: limit is tested after), so every set of needs the move generator tests holds it.
ACE_PLAYS: Final = 1_000
#: ``Context.fplay``'s last entry, at index -1 ("no card": an empty pile's top), in no set of
#: needs: a key no foundation ever needs (-1 is a finished foundation's need).
NO_CARD: Final = -4
_FPLAY: Final = tuple(
    (*(ACE_PLAYS if RANK[c] == 1 else key for c, key in enumerate(_FKEY[rule])), NO_CARD)
    for rule in range(3)
)


def _runs(key: tuple[int, ...], nxt: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The keys of a whole pile that builds by the tables, by its first card's key.

    ``key`` and ``nxt`` give each card's key and the key the card on it must have; a key
    always wants the same next one (``tests/test_fast_paths.py`` checks).
    """
    wants = {key[c]: nxt[c] for c in range(52)}
    runs = {}
    for first in wants:
        run = [first]
        while wants[run[-1]] in wants:  # until a King (foundations) or an Ace (work piles)
            run.append(wants[run[-1]])
        runs[first] = tuple(run)
    return runs


_FOUNDATION_RUNS: Final = tuple(_runs(_FKEY[rule], _FNEXT[rule]) for rule in range(3))
"""The foundation keys of a whole foundation from its Ace's key, by build rule."""


def fits_foundation(rule: int, card: int, top: int) -> bool:
    """Whether card id ``card`` may go onto a foundation whose top is ``top`` under ``rule``.

    This is the engine's test, ``ctx.fkey[card] == ctx.fnext[top]``, on the tables a
    :class:`Context` carries. The contract restates it with ranks, suits and colours: one rank
    higher, and the same suit (rule 0, ``SAME_SUIT``), the other colour (rule 1,
    ``ALT_COLOUR``) or any suit (rule 2, ``ANY_SUIT``). Each direction of each rule is its own
    postcondition, which CrossHair refutes much faster than one equivalence.

    pre: 0 <= rule <= 2
    pre: 0 <= card < 1264 and 0 <= top < 1264 and RANK[card] > 0 and RANK[top] > 0
    post: not __return__ or RANK[card] == RANK[top] + 1
    post: not __return__ or rule != 0 or SUIT[card] == SUIT[top]
    post: not __return__ or rule != 1 or RED[card] != RED[top]
    post: __return__ or rule != 0 or RANK[card] != RANK[top] + 1 or SUIT[card] != SUIT[top]
    post: __return__ or rule != 1 or RANK[card] != RANK[top] + 1 or RED[card] == RED[top]
    post: __return__ or rule != 2 or RANK[card] != RANK[top] + 1
    """
    return _FKEY[rule][card] == _FNEXT[rule][top]


def turned_cursor(
    cursor: int, deck_len: int, turn: int, flip: bool, passes: int, max_passes: int
) -> tuple[int, int]:
    """The waste size (``Layout.cursor``) and pass count after a ``turn`` action (rules.md §7).

    The stock is ``deck[cursor:]`` (not empty). ``turn`` cards, or what is left if fewer, go
    from the stock to the waste. With ``flip`` (``stock_remainder="flip_immediately"``), a
    remainder shorter than ``turn`` goes to the waste and the waste is at once turned over into
    a new stock (cursor 0), which uses a pass; once ``passes`` has reached ``max_passes`` the
    remainder is just turned.

    pre: 0 <= cursor < deck_len and turn >= 1
    pre: 0 <= passes <= max_passes
    post: __return__[1] == passes + (flip and passes < max_passes and cursor + turn > deck_len)
    post: __return__[0] == (0 if __return__[1] > passes else min(cursor + turn, deck_len))
    """
    left = deck_len - cursor
    if left < turn and flip and passes < max_passes:
        return 0, passes + 1
    return cursor + min(turn, left), passes


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
    jokers: bool = False
    """The decks hold jokers: moves are generated by the generic joker path."""
    permanent: bool = True
    """``joker_binding="permanent"``: a covered joker keeps its identity."""
    fplay: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """``fkey`` for the test "may this card go up now" in one lookup: :data:`ACE_PLAYS` for an
    Ace, and one entry more, :data:`NO_CARD` at index -1, for no card."""
    work_rules: tuple[int, int, int, int] = attrs.field(init=False, eq=False)
    """``(space, slide, move_rule, rule)``: what a work pile cache is keyed by, besides piles."""
    pass_rules: tuple[int, bool, int, int] = attrs.field(init=False, eq=False)
    """``(turn, flip_immediately, max_passes, rule)``: likewise for the tops of a pass."""

    def __attrs_post_init__(self) -> None:
        # Built once per variant and seat count, so the caches' keys need no attribute reads.
        object.__setattr__(self, "fplay", _FPLAY[self.rule])
        object.__setattr__(self, "work_rules", (self.space, self.slide, self.move_rule, self.rule))
        object.__setattr__(
            self, "pass_rules", (self.turn, self.flip_immediately, self.max_passes, self.rule)
        )


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
        jokers=variant.jokers_per_deck > 0,
        permanent=variant.joker_binding == "permanent",
    )


def plain_foundation(pile: tuple[int, ...], ctx: Context, ties: bool) -> bool:
    """Whether card-id ``pile`` is a valid foundation, by ``ctx``'s tables in one pass.

    An Ace, then each card the next its rule wants, or with ``ties`` (``tie_policy=
    "both_keep"``) one of the same key. The same verdict as ``rules.foundation_problem``,
    which also says what is wrong; readers of positions test this first.
    """
    if not pile or RANK[pile[0]] != 1:
        return False
    fkey, fnext = ctx.fkey, ctx.fnext
    # Every step at once: the keys of the cards against those of a whole foundation from the
    # Ace, looked up in C (itemgetter of two or more indexes returns a tuple). The loop below
    # only for ties and refusals.
    n = len(pile)
    if n > 2:
        if itemgetter(*pile)(fkey) == _FOUNDATION_RUNS[ctx.rule].get(fkey[pile[0]], ())[:n]:
            return True
    elif n == 1 or fkey[pile[1]] == fnext[pile[0]]:
        return True
    for below, above in pairwise(pile):
        key = fkey[above]
        if key != fnext[below] and not (ties and RANK[above] and key == fkey[below]):
            return False
    return True


#: :data:`_FOUNDATION_RUNS` of the Aces' keys alone (a key's rank is its remainder by 16): a
#: pile whose first card is no Ace finds no run there.
_ACE_RUNS: Final = tuple(
    {key: run for key, run in runs.items() if key % 16 == 1} for runs in _FOUNDATION_RUNS
)


def plain_foundations(fnd: Sequence[tuple[int, ...]], ctx: Context, ties: bool) -> bool:
    """Whether every pile of ``fnd`` is a valid foundation (:func:`plain_foundation` of each).

    The usual piles are tested here, without a call each: a pile of three or more cards
    against the whole run from its Ace, of one or two by their ranks and keys; the rest (ties,
    refusals) go to :func:`plain_foundation`.
    """
    fkey = ctx.fkey
    runs = _ACE_RUNS[ctx.rule]
    for pile in fnd:
        n = len(pile)
        if n > 2:
            if itemgetter(*pile)(fkey) == runs.get(fkey[pile[0]], ())[:n]:
                continue
        elif n == 1:
            if RANK[pile[0]] == 1:
                continue
        elif n == 2 and RANK[pile[0]] == 1 and fkey[pile[1]] == ctx.fnext[pile[0]]:
            continue
        if not plain_foundation(pile, ctx, ties):
            return False
    return True


def need_index(fnd: tuple[tuple[int, ...], ...], ctx: Context) -> tuple[int, ...]:
    """The key each foundation needs next, by foundation index (-1 once complete).

    ``foundation_key(card) in need`` is the one-lookup test "can this card go up somewhere".
    """
    return tuple([ctx.fnext[pile[-1]] for pile in fnd])
