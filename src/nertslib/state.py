"""Positions: one seat's :class:`Layout`, the whole :class:`GameState`, and their checks.

A state is a frozen value. Inside, cards are ints (see :attr:`nertslib.Card.id`) and piles are
tuples of ints, so a new state shares every pile it did not change with the old one; the public
accessors (``nerts_pile``, ``work_piles``, ``stock``, ``waste``, ``foundations``) hand out
:class:`~nertslib.Card` tuples ordered bottom to top: the last card is the top.

A state's text form is NFEN, one line (``nertslib.nfen`` writes and reads it):
``repr(state)`` is ``GameState.from_nfen('…')``. The readers of every form (NFEN, JSON) build a
state through the one validator here, :func:`seat_layout` and :func:`position`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain, pairwise
from typing import Final, TypeVar, cast

import attrs

from nertslib.cards import CARDS, DECK_SPAN, FACE, JOKER_OF, SUIT, Card, lookup
from nertslib.context import Context, context_for, need_index
from nertslib.errors import EndReason, NertsError
from nertslib.jokers import KING_OPEN, bind_piles, pile_problem
from nertslib.nfen import Hand, Piles, SeatPiles, read_state, state_text
from nertslib.notation import passes_problem
from nertslib.predicates import fits_work, foundation_problem
from nertslib.quoting import clipped, excerpt
from nertslib.render import render_state
from nertslib.variants import Variant

__all__ = ["EndReason", "GameState", "Layout", "NFENError"]

_V = TypeVar("_V")


class NFENError(NertsError):
    """A string is not a valid NFEN position; the message quotes it and says why.

    >>> import nertslib as nl
    >>> issubclass(nl.NFENError, ValueError)
    True

    .. versionadded:: 0.1.0
    """


@attrs.frozen(repr=False, weakref_slot=False)
class Layout:
    """One seat's cards: Nerts pile, work piles, stock and waste.

    The stock and the waste are stored together as ``deck`` in *stock order* plus a
    ``cursor``: ``deck[:cursor]`` is the waste (bottom first) and ``deck[cursor:]`` the stock
    (top first), so turning cards only moves the cursor. Build layouts with
    :func:`nertslib.deal` or :meth:`GameState.from_nfen`; read them through the properties.

    >>> import nertslib as nl
    >>> layout = nl.deal(nl.variants.get("standard"), seats=2, seed=7).seats[1]
    >>> len(layout.nerts_pile), len(layout.work_piles), len(layout.stock), len(layout.waste)
    (13, 4, 35, 0)
    >>> layout.nerts_top == layout.nerts_pile[-1]
    True

    .. versionadded:: 0.1.0
    """

    seat: int
    nerts: tuple[int, ...]
    work: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    cursor: int
    passes: int
    down: tuple[tuple[int, ...], ...] = ()
    bound: tuple[int, ...] = ()
    """Jokers bound to an identity (``joker_binding="permanent"``): one entry per joker of the
    deck, ``-1`` if free, else the work-pile key (``rank * 2 + red``) it is held to; ``()``
    when no joker is bound (always so without jokers)."""

    @property
    def nerts_pile(self) -> tuple[Card, ...]:
        """The Nerts pile, bottom first; only the top (last) card is face up."""
        return lookup(CARDS, self.nerts)

    @property
    def nerts_top(self) -> Card | None:
        """The face-up top card of the Nerts pile, or ``None`` when it is empty."""
        return CARDS[self.nerts[-1]] if self.nerts else None

    @property
    def work_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The work piles, each bottom (base) first, face-down cards included.

        In the Klondike layout the first :attr:`face_down_counts` cards of a pile are face
        down; in the single layout every card is face up.
        """
        if not self.down:
            return tuple(lookup(CARDS, p) for p in self.work)
        return tuple(lookup(CARDS, d + p) for d, p in zip(self.down, self.work, strict=True))

    @property
    def face_down_counts(self) -> tuple[int, ...]:
        """How many cards at the bottom of each work pile are face down (Klondike layout).

        >>> import nertslib as nl
        >>> nl.deal("standard", seats=1, seed=3).seats[0].face_down_counts
        (0, 0, 0, 0)

        .. versionadded:: 0.1.0
        """
        if not self.down:
            return (0,) * len(self.work)
        return tuple(len(d) for d in self.down)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, bottom first (the last card is the next one turned)."""
        return lookup(CARDS, self.deck[self.cursor :][::-1])

    @property
    def waste(self) -> tuple[Card, ...]:
        """The face-up waste, bottom first; only the top (last) card is playable."""
        return lookup(CARDS, self.deck[: self.cursor])

    @property
    def waste_top(self) -> Card | None:
        """The playable top card of the waste, or ``None``."""
        return CARDS[self.deck[self.cursor - 1]] if self.cursor else None

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the layout (Nerts pile, work piles, stock, waste)."""
        ids = (
            self.nerts
            + tuple(c for p in self.down for c in p)
            + tuple(c for p in self.work for c in p)
            + self.deck
        )
        return lookup(CARDS, ids)

    def __repr__(self) -> str:
        down = f", down={self.down!r}" if self.down else ""
        bound = f", bound={self.bound!r}" if self.bound else ""
        return (
            f"Layout(seat={self.seat}, nerts={self.nerts!r}, work={self.work!r}, "
            f"deck={self.deck!r}, cursor={self.cursor}, passes={self.passes}{down}{bound})"
        )

    def joker_key(self, card: Card) -> int:
        """The work-pile key (``rank * 2 + red``) joker ``card`` is bound to, or ``-1``.

        >>> import nertslib as nl
        >>> nl.deal("standard", seats=1, seed=3).seats[0].joker_key(nl.Card.joker_of(0, 1))
        -1

        .. versionadded:: 0.1.0
        """
        return self.bound[FACE[card.id] - 52] if self.bound and card.suit is None else -1


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class GameState:
    """A whole position of one hand: the variant, every seat's layout and the foundations.

    States are values: equal positions compare equal and hash equal, and :func:`nertslib.apply`
    returns a new state, sharing the piles it did not change. ``repr`` is
    ``GameState.from_nfen('…')``, and ``str`` is a table for people.

    >>> import nertslib as nl
    >>> state = nl.deal(nl.variants.get("standard"), seats=4, seed=7)
    >>> len(state.seats), state.foundations, state.is_over
    (4, (), False)
    >>> nl.GameState.from_nfen(state.to_nfen()) == state
    True

    Attributes:
        variant: The rules in force.
        layouts: One :class:`Layout` per seat (also :attr:`seats`).
        fnd: The foundations as card ids (see :attr:`foundations`).
        status: ``None`` while the hand is in play, else the :class:`EndReason`.
        caller: The seat that ended the hand by Nerts, or ``-1``.
        stalled: A stuck resolution was applied and no seat has made progress since.
        resolutions: How many stuck resolutions the hand has had.
        seed: The deal's seed; the ``shuffle`` stuck resolution draws from it.
        ctx: The variant resolved for this seat count (derived from ``variant`` and the
            seat count on construction; not an argument, not compared).
        need: The key each foundation needs next, -1 once complete (derived from the
            foundations on construction; not an argument, not compared).

    .. versionadded:: 0.1.0
    """

    variant: Variant
    layouts: tuple[Layout, ...]
    fnd: tuple[tuple[int, ...], ...]
    status: EndReason | None
    caller: int
    stalled: bool
    resolutions: int
    seed: int
    # Derived from the fields above, never given: so a state rebuilt with another variant
    # (``attrs.evolve``) answers by its own rules.
    ctx: Context = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        ctx = context_for(self.variant, len(self.layouts))
        object.__setattr__(self, "ctx", ctx)

    @property
    def need(self) -> tuple[int, ...]:
        """The key each foundation needs next, -1 once complete (derived from :attr:`fnd`).

        Worked out on each read rather than kept: a state kept in a history then costs no
        more than the piles its move changed.
        """
        return need_index(self.fnd, self.ctx)

    @property
    def seats(self) -> tuple[Layout, ...]:
        """One :class:`Layout` per seat, by seat number."""
        return self.layouts

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The shared foundations in the order they were started, each Ace first.

        A completed foundation (ending in its King) stays in place, so an index never changes.
        """
        return tuple(lookup(CARDS, p) for p in self.fnd)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (see :func:`nertslib.outcome`)."""
        return self.status is not None

    # --- NFEN ------------------------------------------------------------------------------

    def to_nfen(self) -> str:
        """The position as one NFEN line (``nertslib.nfen``). :meth:`from_nfen` reverses it.

        >>> import nertslib as nl
        >>> nfen = nl.deal(nl.variants.get("standard"), seats=1, seed=3).to_nfen()
        >>> nfen.split()[0], nfen.split()[1], nfen.split()[-3:]
        ('standard', '-', ['play', 'r0', 's3'])
        """
        return state_text(self)

    @classmethod
    def from_nfen(cls, text: str) -> GameState:
        """Read a position written by :meth:`to_nfen`, checking that it is a legal position.

        Every card of every seat's deck must appear exactly once, work piles must build down
        in alternating colours and foundations up from their Ace.

        Raises:
            NFENError: (a :class:`ValueError`) naming what is wrong, quoting the input.

        >>> import nertslib as nl
        >>> nl.GameState.from_nfen("standard - play r0 s0")
        Traceback (most recent call last):
        ...
        nertslib.state.NFENError: bad NFEN 'standard - play r0 s0': a hand has 1 to 8 seats
        """
        return read_nfen(text, "NFEN", lambda t: read_state(t, seat_layout, position))

    def __repr__(self) -> str:
        return f"GameState.from_nfen({self.to_nfen()!r})"

    def __str__(self) -> str:
        return render_state(self)


def read_nfen(text: str, what: str, read: Callable[[str], _V]) -> _V:
    """``read(text)``, each of its failures an :class:`NFENError` quoting ``text``.

    The one home of the NFEN readers' errors (``what``: ``"NFEN"`` or ``"view NFEN"``).
    """
    if not isinstance(cast(object, text), str):
        msg = f"{what} must be a str, got {excerpt(text)}"
        raise NFENError(msg)
    try:
        return read(text)
    except ValueError as exc:
        msg = f"bad {what} {excerpt(text)}: {clipped(str(exc))}"
        raise NFENError(msg) from None


SEED_LIMIT: Final = 1 << 64
"""Seeds are below this: the shuffle's generator keeps 64 bits, so a larger seed would deal
the same hand as a smaller one."""


def hand_problem(
    variant: Variant,
    nerts_sizes: Sequence[int],
    face_down: Sequence[Sequence[int]],
    fnd: Sequence[Sequence[int]],
    hand: Hand,
) -> str:
    """What keeps these parts from making a position that a hand can reach (``""``: nothing).

    The checks that no single pile shows: ``nerts_sizes`` and ``face_down`` (the face-down
    cards under each work pile) per seat, the foundations and the status fields. Shared by the
    NFEN, view NFEN and JSON readers.
    """
    status, _, stalled, resolutions = hand
    if stalled and not resolutions:
        return "the hand is marked stalled (!) but has had no stuck resolution"
    if status is EndReason.STALEMATE and not resolutions and variant.stuck_resolution != "end_hand":
        return (
            f"under stuck_resolution={variant.stuck_resolution!r} a hand ends in stalemate only "
            "after a stuck resolution (r1 or more)"
        )
    if status is None and variant.call_mode == "auto" and 0 in nerts_sizes:
        seat = list(nerts_sizes).index(0)
        return f"seat {seat}'s Nerts pile is empty, which ends the hand under call_mode='auto'"
    if variant.foundation_limit == "one_per_suit":
        suits = [SUIT[pile[0]] for pile in fnd]
        if len(set(suits)) != len(suits):
            return "two foundations of one suit under foundation_limit='one_per_suit'"
    for seat, counts in enumerate(face_down):
        for i, count in enumerate(counts):
            if count > i:  # the deal puts i face-down cards under pile i, and none are added
                return (
                    f"seat {seat}'s work pile {i} has {count} face-down cards; the deal gives {i}"
                )
    return ""


def full_decks(seats: int, per_deck: int) -> frozenset[int]:
    """Every card id of ``seats`` decks of ``per_deck`` cards (the readers' conservation check).

    >>> from nertslib.state import full_decks
    >>> len(full_decks(2, 52)), 52 in full_decks(1, 54), 52 in full_decks(1, 52)
    (104, True, False)
    """
    return frozenset(
        chain.from_iterable([range(s * DECK_SPAN, s * DECK_SPAN + per_deck) for s in range(seats)])
    )


def _conservation_problem(ids: list[int], seats: int, jokers: int) -> str:
    """Why the card ids of a position are not every card of every deck exactly once."""
    counts = Counter(ids)
    per_deck = 52 + jokers
    extra = [CARDS[c].code for c in counts if c % DECK_SPAN >= per_deck]
    if extra:
        return f"the variant deals {jokers} joker(s): {extra} given"
    for seat in range(seats):
        deck = range(seat * DECK_SPAN, seat * DECK_SPAN + per_deck)
        twice = [CARDS[c].code for c in deck if counts[c] > 1]
        missing = [CARDS[c].code for c in deck if counts[c] == 0]
        if twice or missing:
            return f"seat {seat}'s deck: twice {twice}, missing {missing}"
    # Unreachable: pile cards take their seat as owner and foundation owners are checked.
    return "cards of a seat that does not play"  # pragma: no cover


def seat_layout(variant: Variant, seat: int, piles: SeatPiles) -> Layout:
    """Seat ``seat``'s layout of ``piles``, checked: the one home of the checks of a seat.

    Every reader (NFEN, JSON) builds its seats here.

    Raises:
        NertsError: naming the first problem.
    """
    work = piles.work
    down = piles.down if any(piles.down) else ()
    if down and variant.work_pile_layout != "klondike":
        msg = f"seat {seat} has face-down work cards outside the Klondike layout"
        raise NertsError(msg)
    for i, hidden in enumerate(down):
        if hidden and not work[i]:
            msg = f"seat {seat}'s work pile {i} has face-down cards but no top"
            raise NertsError(msg)
    problem = passes_problem(piles.passes, seat, variant.max_stock_passes)
    if len(piles.nerts) > variant.nerts_pile_size:
        problem = problem or f"seat {seat}'s Nerts pile is larger than the variant deals"
    if problem:
        raise NertsError(problem)
    bound = work_bound(variant, seat, work, piles.binds)
    deck = piles.waste + piles.stock[::-1]
    return Layout(
        seat=seat,
        nerts=piles.nerts,
        work=work,
        deck=deck,
        cursor=len(piles.waste),
        passes=piles.passes,
        down=down,
        bound=bound,
    )


def position(
    variant: Variant,
    layouts: list[Layout],
    fnd: tuple[tuple[int, ...], ...],
    hand: Hand,
    seed: int,
) -> GameState:
    """The state of checked seats and these parts, checked as a whole (every reader's last step).

    The foundations, the caller's empty Nerts pile, the seed, each card exactly once, and
    :func:`hand_problem`.

    Raises:
        NertsError: naming the first problem.
    """
    n = len(layouts)
    nerts_sizes = [len(lay.nerts) for lay in layouts]
    problem = foundations_problem(fnd, variant, n) or caller_problem(hand.caller, nerts_sizes)
    if not problem and seed >= SEED_LIMIT:
        problem = f"the seed must be below 2**64, got {excerpt(str(seed))}"
    if problem:
        raise NertsError(problem)
    ids: list[int] = []  # the position's cards (list extends run in C)
    for lay in layouts:
        ids += lay.nerts
        ids += lay.deck
        for pile in (*lay.work, *lay.down):
            ids += pile
    for pile in fnd:
        ids += map(JOKER_OF.__getitem__, pile) if variant.jokers_per_deck else pile
    full = full_decks(n, 52 + variant.jokers_per_deck)
    # Each card once: as many ids as cards, and no card missing among them (a difference
    # with the full set needs no set of the ids; the sort is only for the message).
    if len(ids) != len(full) or full.difference(ids):
        raise NertsError(_conservation_problem(sorted(ids), n, variant.jokers_per_deck))
    problem = hand_problem(
        variant, nerts_sizes, [[len(d) for d in lay.down] for lay in layouts], fnd, hand
    )
    if problem:
        raise NertsError(problem)
    return GameState(
        variant=variant,
        layouts=tuple(layouts),
        fnd=fnd,
        status=hand.status,
        caller=hand.caller,
        stalled=hand.stalled,
        resolutions=hand.resolutions,
        seed=seed,
    )


def foundations_problem(fnd: Sequence[tuple[int, ...]], variant: Variant, n: int) -> str:
    """Why some pile of ``fnd`` is not a foundation of an ``n``-seat hand (``""``: none)."""
    for k, pile in enumerate(fnd):
        problem = foundation_problem(pile, variant, n)
        if problem:
            return f"foundation {k}: {problem}"
    return ""


def caller_problem(caller: int, nerts_sizes: Sequence[int]) -> str:
    """Why seat ``caller`` (``-1``: none) cannot have called Nerts (``""``: it can)."""
    if caller >= 0 and nerts_sizes[caller]:
        return f"seat {caller} ended the hand with cards in its Nerts pile"
    return ""


def work_bound(variant: Variant, seat: int, work: Piles, binds: dict[int, int]) -> tuple[int, ...]:
    """Check a seat's work piles and return the layout's canonical ``bound`` (every reader's).

    Without jokers each pile builds down in alternating colours (and ``bound`` is ``()``);
    with them, each pile is one the jokers' bindings (``binds``, by card id) allow.

    Raises:
        NertsError: (a :class:`ValueError`) naming the problem.
    """
    if not variant.jokers_per_deck:
        problem = _misfit_problem(seat, work)
        if problem:
            raise NertsError(problem)
        return ()
    kings = [card for card, key in binds.items() if key == KING_OPEN]
    if kings and variant.space_fill != "king_only":
        msg = f"seat {seat}: {CARDS[kings[0]]} stands for a King only where Kings fill spaces"
        raise NertsError(msg)
    if len(kings) < len(binds) and variant.joker_binding != "permanent":
        msg = f"seat {seat}: joker_binding='while_covered' keeps no bindings"
        raise NertsError(msg)
    # a joker the deck does not hold has no slot to bind it in (the deck check comes later)
    for pile in work:
        for card in pile:
            if FACE[card] - 52 >= variant.jokers_per_deck:
                msg = (
                    f"seat {seat}'s work piles hold {CARDS[card]}, but the variant deals "
                    f"{variant.jokers_per_deck} joker(s)"
                )
                raise NertsError(msg)
    raw = [-1] * variant.jokers_per_deck
    for card, key in binds.items():  # every bound joker lies in a work pile: checked above
        raw[FACE[card] - 52] = key
    bound = tuple(raw) if binds else ()
    for i, pile in enumerate(work):
        problem = pile_problem(pile, bound)
        if problem:
            msg = f"seat {seat}'s work pile {i}: {problem}"
            raise NertsError(msg)
    if variant.joker_binding == "permanent":
        bound = bind_piles(work, bound, variant.jokers_per_deck)
    return bound


def _misfit_problem(seat: int, work: Piles) -> str:
    """Why a joker-free work pile of ``seat`` does not build down in alternating colours."""
    for i, pile in enumerate(work):
        for lower, upper in pairwise(pile):
            if not fits_work(upper, lower):
                return f"seat {seat}'s work pile {i}: {CARDS[upper]} cannot lie on {CARDS[lower]}"
    return ""
