"""The rules of a variant resolved for one seat count, as ints and lookup tables.

The hot path (``legal_moves``, ``apply``, stuck detection) reads these plain fields instead of
comparing :class:`~nertslib.Variant` strings. A :class:`Context` is derived data: it is cached
per ``(variant, seats)`` and rides along in every state without taking part in equality.
"""

from __future__ import annotations

import functools
from typing import Final, Protocol

import attrs

from nertslib.cards import KING, N_ALL_IDS, RANK, RED, SUIT
from nertslib.knobs import FOUNDATION_BUILD, SLIDE_UNDER, SPACE_FILL, WORK_PILE_MOVE
from nertslib.moves import Move
from nertslib.variants import Variant

__all__ = [
    "FKEY",
    "FNEXT",
    "WORK_FACTS_LIMIT",
    "Context",
    "Foundations",
    "Piles",
    "Reach",
    "Shared",
    "WorkFacts",
    "clear_contexts",
    "context_for",
    "foundation_key",
    "need_index",
]

# The int codes the predicates compare, each its value's index in the knob's table (the
# builds come before "by_seat_count", which resolves to one of them).
SAME_SUIT, ALT_COLOUR, ANY_SUIT = map(FOUNDATION_BUILD.code, FOUNDATION_BUILD.values[:3])
SPACE_ANY, SPACE_NERTS_ONLY, SPACE_KING_ONLY = map(SPACE_FILL.code, SPACE_FILL.values)
SLIDE_OFF, SLIDE_NEEDS_SPACE, SLIDE_ALWAYS = map(SLIDE_UNDER.code, SLIDE_UNDER.values)
MOVE_ANY_SUFFIX, MOVE_TOP_CARD, MOVE_WHOLE_PILE = map(WORK_PILE_MOVE.code, WORK_PILE_MOVE.values)

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
FKEY: Final = tuple(
    tuple(foundation_key(rule, c) if RANK[c] else -2 for c in range(_N_IDS)) for rule in range(3)
)
FNEXT: Final = tuple(
    tuple(next_key(rule, c) if RANK[c] else -3 for c in range(_N_IDS)) for rule in range(3)
)


#: A seat's work piles as the generator and the search see them: ``(face-up piles, face-down
#: piles, joker bindings)``, as ``Layout.work``, ``Layout.down`` and ``Layout.bound``.
Piles = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]

#: How many work configurations a context keeps facts of; it forgets them all when full.
WORK_FACTS_LIMIT: Final = 4096


@attrs.frozen
class Reach:
    """What the configurations reachable from some work piles show, all of them together.

    Built by :mod:`nertslib.stuck` (``reach``): progress is in reach from the piles exactly
    when some card could make progress against these (see ``stuck.reach_offers``).
    """

    tops: tuple[int, ...]
    """Every card that is a work top in some reachable configuration."""
    space: bool
    """Whether some reachable configuration has an empty work pile."""
    bases: tuple[int, ...]
    """Every card that is the base of a pile with no face-down card under it, in some
    reachable configuration (the piles a card may slide under)."""


class WorkFacts:
    """What one configuration of a seat's work piles allows, worked out when first asked.

    The facts depend on the piles and the rules alone, so every position with these piles
    shares them (:meth:`Context.work_facts`) and keeping them changes no answer.
    """

    __slots__ = ("placed", "reach", "shuffles")

    def __init__(self) -> None:
        self.shuffles: tuple[Move, ...] | None = None
        """The moves between the work piles, in the generator's order."""
        self.placed: dict[tuple[int, int], tuple[Move, ...]] = {}
        """The plays of a card from the Nerts pile or the waste onto, into and under the
        piles, by ``(card, source)`` (see ``movegen.placed_plays``)."""
        self.reach: Reach | None = None
        """What the configurations reachable from the piles show (no joker variants)."""


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
    moves: dict[tuple[int, int, int, int, int], Move] = attrs.field(
        init=False, eq=False, repr=False, factory=dict
    )
    """The interned card moves of these rules (see :func:`nertslib.movegen.play_move`): the
    same move is the same object, so generating moves allocates only their tuple. Bounded by
    the moves the seat count allows; it never changes an answer."""
    work: dict[Piles, WorkFacts] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    """The facts of the work configurations met lately (:meth:`work_facts`)."""

    def work_facts(self, piles: Piles) -> WorkFacts:
        """The facts of work piles ``piles``, kept for the next position that has them.

        A seat's work piles stay as they are through most moves of a hand (stock turns, the
        other seats' plays), so what they allow is worked out once for all those positions.
        The memo is keyed by the piles' cards, holds at most :data:`WORK_FACTS_LIMIT`
        configurations and never changes an answer.
        """
        facts = self.work.get(piles)
        if facts is None:
            if len(self.work) >= WORK_FACTS_LIMIT:
                self.work.clear()
            facts = self.work[piles] = WorkFacts()
        return facts


def context_for(variant: Variant, seats: int) -> Context:
    """The :class:`Context` of ``variant`` for ``seats`` seats (cached).

    Raises:
        ValueError: if ``variant`` cannot deal ``seats`` seats (checked before the cache, so
            ``True`` or ``2.0`` are refused even though they equal cached ints).
    """
    variant.check_seats(seats)
    return _context_for(variant, seats)


def clear_contexts() -> None:
    """Forget the resolved contexts (and the moves they intern); they are rebuilt on demand."""
    _context_for.cache_clear()


@functools.lru_cache(maxsize=256)
def _context_for(variant: Variant, seats: int) -> Context:
    rule = FOUNDATION_BUILD.code(variant.foundation_rule(seats))
    return Context(
        variant=variant,
        seats=seats,
        nwork=variant.work_pile_count(seats),
        rule=rule,
        fkey=FKEY[rule],
        fnext=FNEXT[rule],
        space=SPACE_FILL.code(variant.space_fill),
        mandatory=variant.space_fill_mandatory,
        slide=SLIDE_UNDER.code(variant.slide_under),
        move_rule=WORK_PILE_MOVE.code(variant.work_pile_move),
        one_per_suit=variant.foundation_limit == "one_per_suit",
        turn=variant.stock_turn,
        flip_immediately=variant.stock_remainder == "flip_immediately",
        max_passes=UNLIMITED if variant.max_stock_passes is None else variant.max_stock_passes,
        when_blocked=variant.stock_access == "when_blocked",
        auto_call=variant.call_mode == "auto",
        jokers=variant.jokers_per_deck > 0,
        permanent=variant.joker_binding == "permanent",
    )


def need_index(fnd: tuple[tuple[int, ...], ...], ctx: Context) -> tuple[int, ...]:
    """The key each foundation needs next, by foundation index (-1 once complete).

    ``foundation_key(card) in need`` is the one-lookup test "can this card go up somewhere".
    """
    return tuple([ctx.fnext[pile[-1]] for pile in fnd])


class Shared(Protocol):
    """What a seat's rules read of a hand besides the seat's own layout.

    The rules in force and the shared foundations: a :class:`~nertslib.GameState` is one, and
    so is :class:`Foundations`, which a bot builds from its view without dealing the hidden
    cards of every seat.
    """

    @property
    def ctx(self) -> Context:
        """The rules in force, resolved for the seat count."""

    @property
    def fnd(self) -> tuple[tuple[int, ...], ...]:
        """The foundations as card ids, each Ace first."""

    @property
    def need(self) -> tuple[int, ...]:
        """The key each foundation needs next, -1 once complete (:func:`need_index`)."""


@attrs.frozen
class Foundations:
    """The rules and the foundations of a hand: a :class:`Shared` without the layouts.

    >>> import nertslib as nl
    >>> from nertslib.context import Foundations
    >>> state = nl.deal("standard", 2, seed=1)
    >>> Foundations.of(state.ctx, state.fnd).need == state.need
    True
    """

    ctx: Context
    fnd: tuple[tuple[int, ...], ...]
    need: tuple[int, ...]

    @classmethod
    def of(cls, ctx: Context, fnd: tuple[tuple[int, ...], ...]) -> Foundations:
        """The foundations ``fnd`` under the rules ``ctx``, with what each needs next."""
        return cls(ctx, fnd, need_index(fnd, ctx))
