"""Every rule that reads a variant knob, once: the predicates the whole engine calls.

Move generation (:mod:`nertslib.movegen`), validation and the transition (:mod:`nertslib.rules`,
:mod:`nertslib.transition`), stuck detection (:mod:`nertslib.stuck`), the bots and the readers of
positions ask these functions; none of them restates a rule. To change a rule, change it here.

Cards are int ids (:mod:`nertslib.cards`); knobs are the ints of a
:class:`~nertslib.context.Context`. Each predicate carries a CrossHair contract (PEP 316
docstring conditions) that restates it in ranks, suits and colours, and ``crosshair check``
runs over this module in CI, so the contracts check the code that runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from nertslib.cards import ACE, CARDS, KEY, KING, ON, RANK, RED, SUIT, UNDER  # noqa: F401 - RED
from nertslib.context import (
    FKEY,
    FNEXT,
    MOVE_ANY_SUFFIX,
    MOVE_TOP_CARD,
    SLIDE_ALWAYS,
    SLIDE_OFF,
    SPACE_ANY,
    SPACE_NERTS_ONLY,
    UNLIMITED,
    context_for,
    foundation_key,
)
from nertslib.variants import Variant

__all__ = [
    "FROM_NERTS",
    "FROM_WASTE",
    "FROM_WORK",
    "any_fits_on",
    "any_fits_under",
    "any_fits_work",
    "any_go_up",
    "fits_foundation",
    "fits_under",
    "fits_work",
    "fitting_depth",
    "foundation_problem",
    "foundations_taking",
    "may_call",
    "may_fill_space",
    "may_move_suffix",
    "may_restock",
    "may_start_foundation",
    "might_go_up",
    "pass_tops",
    "piles_taking",
    "slide_under_open",
    "stock_open",
    "turned_cursor",
]

#: Where a card comes from, as the predicates need it: the Nerts pile, the waste, a work pile.
FROM_NERTS: Final = 0
FROM_WASTE: Final = 1
FROM_WORK: Final = 2


def fits_work(card: int, top: int) -> bool:
    """Whether ``card`` builds down on work-pile top ``top``: one lower, the other colour.

    pre: 0 <= card < 432 and 0 <= top < 432
    pre: RANK[card] > 0 and RANK[top] > 0
    post: not __return__ or RANK[card] + 1 == RANK[top]
    post: not __return__ or RED[card] != RED[top]
    post: __return__ or RANK[card] + 1 != RANK[top] or RED[card] == RED[top]

    >>> from nertslib.predicates import fits_work
    >>> ten_s, nine_h, nine_c = 48, 34, 8
    >>> fits_work(nine_h, ten_s), fits_work(nine_c, ten_s)
    (True, False)
    """
    return KEY[card] == ON[top]


def fitting_depth(base: int, top: int) -> int:
    """Where, in a work pile built down from ``base``, the card that builds down on ``top`` lies.

    A valid pile descends by one rank a card from its base, so only the card at index
    ``rank(base) + 1 - rank(top)`` can have the rank :func:`fits_work` asks of it; the index
    may fall outside the pile (no card of it fits).

    pre: 0 <= base < 432 and 0 <= top < 432 and RANK[base] > 0 and RANK[top] > 0
    post: __return__ == RANK[base] - (RANK[top] - 1)

    >>> from nertslib.predicates import fitting_depth
    >>> king_h, ten_s = 38, 48
    >>> fitting_depth(king_h, ten_s)  # K, Q, J, then the 10 and the 9 that goes on a 10
    4
    """
    return RANK[base] + 1 - RANK[top]


def piles_taking(card: int, work: Sequence[tuple[int, ...]]) -> list[int]:
    """The indices of the non-empty work piles whose top ``card`` builds down on.

    pre: 0 <= card < 432 and RANK[card] > 0
    pre: all(0 <= c < 432 and RANK[c] > 0 for pile in work for c in pile)
    post: all(fits_work(card, work[j][-1]) for j in __return__)
    post: all(j in __return__ for j, p in enumerate(work) if p and fits_work(card, p[-1]))

    >>> from nertslib.predicates import piles_taking
    >>> ten_s, nine_h, jack_h = 48, 34, 36
    >>> piles_taking(nine_h, [(jack_h, ten_s), (), (ten_s,)])
    [0, 2]
    """
    key = KEY[card]
    return [j for j, pile in enumerate(work) if pile and ON[pile[-1]] == key]


def fits_under(card: int, base: int) -> bool:
    """Whether ``card`` may slide under a work pile whose base is ``base``.

    It must be one rank higher than the base, and the other colour.

    pre: 0 <= card < 432 and 0 <= base < 432
    pre: RANK[card] > 0 and RANK[base] > 0
    post: not __return__ or RANK[card] == RANK[base] + 1
    post: not __return__ or RED[card] != RED[base]
    post: __return__ or RANK[card] != RANK[base] + 1 or RED[card] == RED[base]

    >>> from nertslib.predicates import fits_under
    >>> king_h, queen_s = 38, 50
    >>> fits_under(king_h, queen_s)
    True
    """
    return KEY[card] == UNDER[base]


def fits_foundation(rule: int, card: int, top: int) -> bool:
    """Whether ``card`` may go onto a foundation whose top is ``top`` under build ``rule``.

    One rank higher, and the same suit (rule 0, ``same_suit``), the other colour (rule 1,
    ``alt_colour``) or any suit (rule 2, ``any_suit``). Each direction of each rule is its own
    postcondition, which CrossHair refutes much faster than one equivalence.

    pre: 0 <= rule <= 2
    pre: 0 <= card < 1264 and 0 <= top < 1264 and RANK[card] > 0 and RANK[top] > 0
    post: not __return__ or RANK[card] == RANK[top] + 1
    post: not __return__ or rule != 0 or SUIT[card] == SUIT[top]
    post: not __return__ or rule != 1 or RED[card] != RED[top]
    post: __return__ or rule != 0 or RANK[card] != RANK[top] + 1 or SUIT[card] != SUIT[top]
    post: __return__ or rule != 1 or RANK[card] != RANK[top] + 1 or RED[card] == RED[top]
    post: __return__ or rule != 2 or RANK[card] != RANK[top] + 1

    >>> from nertslib.predicates import fits_foundation
    >>> ace_h, two_h, two_s = 26, 27, 40
    >>> fits_foundation(0, two_h, ace_h), fits_foundation(0, two_s, ace_h)
    (True, False)
    """
    return FKEY[rule][card] == FNEXT[rule][top]


def foundations_taking(fkey: Sequence[int], need: Sequence[int], card: int) -> list[int]:
    """The indices of the foundations that accept ``card`` now.

    That is :func:`fits_foundation` of each foundation's top, as the tables of a variant's
    build rule give it.

    ``fkey`` is the rule's :data:`~nertslib.context.FKEY` row and ``need`` the key each
    foundation needs next (``GameState.need``, the :data:`~nertslib.context.FNEXT` of its top).

    pre: 0 <= card < len(fkey) and RANK[card] > 0
    post: all(need[k] == fkey[card] for k in __return__)

    >>> import nertslib as nl
    >>> from nertslib.predicates import foundations_taking
    >>> state = nl.GameState.from_nfen(nl.deal("standard", 1, seed=3).to_nfen())
    >>> foundations_taking(state.ctx.fkey, state.need, 27)
    []
    """
    key = fkey[card]
    if key not in need:
        return []
    return [k for k, want in enumerate(need) if want == key]


def might_go_up(fkey: Sequence[int], need: Sequence[int], card: int) -> bool:
    """Whether ``card`` is worth asking about the foundations at all.

    An Ace may start one, a joker (rank 0) may go up declared, and any other card only if some
    foundation needs its key next (``need``, with the build rule's ``fkey`` row, as
    :func:`foundations_taking` reads them). ``False`` means no foundation play exists.

    pre: 0 <= card < len(fkey) and card < 1264
    post: __return__ or not foundations_taking(fkey, need, card)
    post: __return__ or RANK[card] > 1

    >>> import nertslib as nl
    >>> from nertslib.predicates import might_go_up
    >>> state = nl.deal("standard", 1, seed=3)
    >>> ace_c, two_c = 0, 1
    >>> (
    ...     might_go_up(state.ctx.fkey, state.need, ace_c),
    ...     might_go_up(state.ctx.fkey, state.need, two_c),
    ... )
    (True, False)
    """
    return RANK[card] <= ACE or fkey[card] in need


def may_start_foundation(one_per_suit: bool, fnd: Sequence[Sequence[int]], card: int) -> bool:
    """Whether ``card`` may start a new foundation.

    It must be an Ace, and with ``one_per_suit`` (the ``foundation_limit="one_per_suit"``
    knob) no foundation of its suit may exist yet.

    pre: 0 <= card < 1264 and RANK[card] > 0
    pre: all(len(pile) > 0 and 0 <= pile[0] < 1264 for pile in fnd)
    post: not __return__ or RANK[card] == 1
    post: not __return__ or not one_per_suit or all(SUIT[p[0]] != SUIT[card] for p in fnd)

    >>> from nertslib.predicates import may_start_foundation
    >>> ace_c, ace_h = 0, 26
    >>> may_start_foundation(True, [(ace_c,)], ace_h), may_start_foundation(True, [(ace_c,)], 0)
    (True, False)
    """
    if RANK[card] != 1:
        return False
    if not one_per_suit:
        return True
    suit = SUIT[card]
    return all(SUIT[pile[0]] != suit for pile in fnd)


def any_fits_work(cards: Sequence[int], work: Sequence[tuple[int, ...]]) -> bool:
    """Whether some card of ``cards`` builds down on the top of some pile of ``work``.

    :func:`fits_work` over every pair at once, by the cards' keys.

    pre: all(0 <= c < 432 and RANK[c] > 0 for c in cards)
    pre: all(0 <= c < 432 and RANK[c] > 0 for pile in work for c in pile)
    post: __return__ == any(fits_work(c, p[-1]) for c in cards for p in work if p)

    >>> from nertslib.predicates import any_fits_work
    >>> ten_s, nine_h, nine_c = 48, 34, 8
    >>> any_fits_work([nine_c, nine_h], [(ten_s,), ()]), any_fits_work([nine_c], [(ten_s,)])
    (True, False)
    """
    return any_fits_on(cards, [pile[-1] for pile in work if pile])


def any_fits_on(cards: Sequence[int], tops: Sequence[int]) -> bool:
    """Whether some card of ``cards`` builds down on some card of ``tops``.

    :func:`fits_work` over every pair at once, by the cards' keys.

    pre: all(0 <= c < 432 and RANK[c] > 0 for c in cards)
    pre: all(0 <= c < 432 and RANK[c] > 0 for c in tops)
    post: __return__ == any(fits_work(c, t) for c in cards for t in tops)

    >>> from nertslib.predicates import any_fits_on
    >>> ten_s, nine_h, nine_c = 48, 34, 8
    >>> any_fits_on([nine_c, nine_h], [ten_s]), any_fits_on([nine_c], [ten_s])
    (True, False)
    """
    wanted = {ON[top] for top in tops}
    return any(KEY[card] in wanted for card in cards)


def any_fits_under(cards: Sequence[int], bases: Sequence[int]) -> bool:
    """Whether some card of ``cards`` may slide under some pile whose base is one of ``bases``.

    :func:`fits_under` over every pair at once, by the cards' keys.

    pre: all(0 <= c < 432 and RANK[c] > 0 for c in cards)
    pre: all(0 <= c < 432 and RANK[c] > 0 for c in bases)
    post: __return__ == any(fits_under(c, b) for c in cards for b in bases)

    >>> from nertslib.predicates import any_fits_under
    >>> king_h, queen_s, queen_h = 38, 50, 37
    >>> any_fits_under([king_h], [queen_h, queen_s]), any_fits_under([king_h], [queen_h])
    (True, False)
    """
    wanted = {UNDER[base] for base in bases}
    return any(KEY[card] in wanted for card in cards)


def any_go_up(
    one_per_suit: bool,
    fnd: Sequence[Sequence[int]],
    need: Sequence[int],
    fkey: Sequence[int],
    cards: Sequence[int],
) -> bool:
    """Whether some card of ``cards`` may go to a foundation now, an existing or a new one.

    :func:`foundations_taking` and :func:`may_start_foundation` over every card at once.

    pre: all(0 <= c < len(fkey) and c < 1264 and RANK[c] > 0 for c in cards)
    pre: all(len(pile) > 0 and 0 <= pile[0] < 1264 for pile in fnd)
    post: __return__ == any(foundations_taking(fkey, need, c) or may_start_foundation(one_per_suit, fnd, c) for c in cards)

    >>> import nertslib as nl
    >>> from nertslib.predicates import any_go_up
    >>> state = nl.deal("standard", 1, seed=3)
    >>> ace_c, two_c = 0, 1
    >>> any_go_up(False, state.fnd, state.need, state.ctx.fkey, [two_c, ace_c])
    True
    """  # noqa: E501 - contracts are one line each
    if not set(need).isdisjoint([fkey[card] for card in cards]):
        return True
    return any(may_start_foundation(one_per_suit, fnd, card) for card in cards if RANK[card] == 1)


def may_fill_space(space: int, card: int, source: int) -> bool:
    """Whether ``card`` from ``source`` may fill an empty work pile under the ``space_fill`` knob.

    ``any`` lets every card in; ``nerts_only`` only the Nerts pile's top; ``king_only`` only a
    King (a King is always the base of its pile, so a King moved from a work pile moves its
    whole pile, as a space requires), or a joker standing for one (rank 0 here: whether the
    run it brings may stand on a King is :func:`nertslib.jokers.stands_as_king`'s question).
    The same test decides what may slide under a pile: sliding under is the shortcut for
    filling a space with the card and moving the pile onto it.

    pre: 0 <= space <= 2 and 0 <= source <= 2
    pre: 0 <= card < 432 and RANK[card] >= 0
    post: not __return__ or space != 1 or source == 0
    post: not __return__ or space != 2 or RANK[card] in (0, 13)
    post: __return__ or space != 0

    >>> from nertslib.predicates import FROM_NERTS, FROM_WASTE, may_fill_space
    >>> king_h, five_h, nerts_only = 38, 30, 1
    >>> (
    ...     may_fill_space(nerts_only, five_h, FROM_NERTS),
    ...     may_fill_space(nerts_only, king_h, FROM_WASTE),
    ... )
    (True, False)
    """
    if space == SPACE_ANY:
        return True
    if space == SPACE_NERTS_ONLY:
        return source == FROM_NERTS
    return RANK[card] in (KING, 0)


def may_move_suffix(move_rule: int, start: int, length: int) -> bool:
    """Whether the cards of a work pile from index ``start`` on may move under ``work_pile_move``.

    ``any_suffix``: any run from a face-up card to the top; ``top_card``: the top card alone;
    ``whole_pile``: the top card alone or the whole face-up pile.

    pre: 0 <= move_rule <= 2 and 0 <= start < length
    post: __return__ or move_rule != 0
    post: not __return__ or move_rule != 1 or start == length - 1
    post: not __return__ or move_rule != 2 or start in (0, length - 1)

    >>> from nertslib.predicates import may_move_suffix
    >>> any_suffix, top_card = 0, 1
    >>> may_move_suffix(any_suffix, 1, 3), may_move_suffix(top_card, 1, 3)
    (True, False)
    """
    if move_rule == MOVE_ANY_SUFFIX:
        return True
    if move_rule == MOVE_TOP_CARD:
        return start == length - 1
    return start in (0, length - 1)


def slide_under_open(slide: int, has_space: bool) -> bool:
    """Whether sliding a card under a work pile is allowed now, under the ``slide_under`` knob.

    ``off``: never; ``needs_space``: while the seat has an empty work pile; ``always``.

    pre: 0 <= slide <= 2
    post: __return__ == (slide == 2 or (slide == 1 and has_space))

    >>> from nertslib.predicates import slide_under_open
    >>> needs_space = 1
    >>> slide_under_open(needs_space, True), slide_under_open(needs_space, False)
    (True, False)
    """
    return slide != SLIDE_OFF and (has_space or slide == SLIDE_ALWAYS)


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

    >>> from nertslib.predicates import turned_cursor
    >>> turned_cursor(33, 35, 3, True, 0, 99), turned_cursor(33, 35, 3, False, 0, 99)
    ((0, 1), (35, 0))
    """
    left = deck_len - cursor
    if left < turn and flip and passes < max_passes:
        return 0, passes + 1
    return cursor + min(turn, left), passes


def pass_tops(
    deck: Sequence[int], cursor: int, turn: int, flip: bool, passes: int, max_passes: int
) -> tuple[int, ...]:
    """The cards that show as the waste top while a seat turns its stock through a pass.

    The same rule as :func:`turned_cursor` and :func:`may_restock`, read for a whole pass at
    once: the current waste top (``deck[cursor - 1]``), then the top of each turn of the rest
    of the stock, then, if a pass is left, those of a fresh pass from the restored stock. A
    remainder shorter than ``turn`` shows unless ``flip`` turns the waste over at once (with a
    pass limit, the last pass turns it up). A card may come more than once.

    pre: 0 <= cursor <= len(deck) and turn >= 1 and 0 <= passes <= max_passes
    post: all(card in deck for card in __return__)

    >>> from nertslib.predicates import pass_tops
    >>> pass_tops(tuple(range(7)), 0, 3, False, 0, 0)  # 7 cards by 3, no pass left
    (2, 5, 6)
    >>> pass_tops(tuple(range(7)), 6, 3, True, 0, 1)  # the waste top, then a fresh pass
    (5, 2, 5, 6)
    """
    n = len(deck)
    tops = tuple(deck[cursor - 1 : cursor]) + tuple(deck[cursor + turn - 1 :: turn])
    more = passes < max_passes
    if (n - cursor) % turn and not (flip and more):
        tops += tuple(deck[-1:])  # the remainder is turned up
    if more and n:
        # A fresh pass from the top of the restored stock. Its remainder shows unless it is
        # flipped at once on every pass (with a pass limit, the last pass turns it up).
        tops += tuple(deck[turn - 1 :: turn])
        if n % turn and not (flip and max_passes == UNLIMITED):
            tops += tuple(deck[-1:])
    return tops


def may_call(auto_call: bool, nerts_left: int) -> bool:
    """Whether a seat may call Nerts: its Nerts pile is empty and ``call_mode="optional"``.

    Under ``call_mode="auto"`` (``auto_call``) the hand ends by itself when a Nerts pile
    empties, so nobody calls.

    pre: nerts_left >= 0
    post: __return__ == (nerts_left == 0 and not auto_call)

    >>> from nertslib.predicates import may_call
    >>> may_call(False, 0), may_call(False, 3), may_call(True, 0)
    (True, False, False)
    """
    return not nerts_left and not auto_call


def may_restock(stock_left: int, cursor: int, passes: int, max_passes: int) -> bool:
    """Whether the waste may be turned over into a new stock.

    The stock must be empty, the waste not, and the ``max_stock_passes`` knob must leave a
    pass.

    pre: stock_left >= 0 and cursor >= 0 and passes >= 0
    post: __return__ == (stock_left == 0 and cursor > 0 and passes < max_passes)

    >>> from nertslib.predicates import may_restock
    >>> may_restock(0, 35, 0, 3), may_restock(0, 35, 3, 3), may_restock(2, 33, 0, 3)
    (True, False, False)
    """
    return not stock_left and cursor > 0 and passes < max_passes


def stock_open(when_blocked: bool, has_progress: bool) -> bool:
    """Whether the stock may be turned (or restocked) now, under the ``stock_access`` knob.

    ``anytime``: always; ``when_blocked``: only while the seat has no progress move.

    post: __return__ == (not when_blocked or not has_progress)

    >>> from nertslib.predicates import stock_open
    >>> stock_open(True, True), stock_open(False, True)
    (False, True)
    """
    return not (when_blocked and has_progress)


def foundation_problem(pile: tuple[int, ...], variant: Variant, seats: int) -> str:
    """Why card-id ``pile`` is not a valid foundation under ``variant``; ``""`` if it is.

    A foundation starts with an Ace and rises by one under the build rule; a repeated card key
    (a tie) is allowed only with ``tie_policy="both_keep"``.

    >>> import nertslib as nl
    >>> from nertslib.predicates import foundation_problem
    >>> ace_h, two_h, three_h = 26, 27, 28
    >>> foundation_problem((ace_h, three_h), nl.variants.get("standard"), 2)
    '3♥ cannot follow A♥'
    """
    if not pile:
        return "a foundation is never empty"
    rule = context_for(variant, seats).rule
    if RANK[pile[0]] == 0:
        return f"{CARDS[pile[0]]} is not declared (a joker goes up as e.g. X1=AH)"
    if RANK[pile[0]] != 1:
        return f"starts with {CARDS[pile[0]]}, not an Ace"
    for below, above in pairwise(pile):
        if RANK[above] == 0:
            return f"{CARDS[above]} is not declared (a joker goes up as e.g. X1=6H)"
        if fits_foundation(rule, above, below):
            continue
        tie = foundation_key(rule, above) == foundation_key(rule, below)
        if tie and variant.tie_policy == "both_keep":
            continue
        return f"{CARDS[above]} cannot follow {CARDS[below]}"
    return ""
