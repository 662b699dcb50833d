"""Per-seat views of a position, and determinization for bots (design.md principle 6).

Nerts hides cards: the Nerts pile below its top, the stocks, and, in the Klondike layout, the
face-down work cards. :func:`view` returns what one seat may see of a position (``seat=None``:
a spectator); :func:`determinize` turns a view back into a full :class:`~nertslib.GameState`
that agrees with everything the view shows and deals the hidden cards at random, so that a bot
which is only ever given views can still call :func:`~nertslib.legal_moves`, search ahead, or
run any state-based bot.

**What a view shows.** Everyone, spectators included, sees:

* the variant, whether and how the hand is over (status, caller), the stuck-resolution count
  and flag, and every foundation card;
* for every seat: the size of its Nerts pile and its top card; the face-up cards of every work
  pile and how many face-down cards lie under each (Klondike layout); the size of its stock;
  the size of its waste and the waste's top card; how often it has turned its waste over.

The seat itself also sees its **whole waste** (it turned those cards up itself). With
``Variant.nerts_pile_face_up=True`` every seat's whole Nerts pile is visible to everyone: this
knob changes nothing in the rules, only what views show.

**What a view never shows:** the Nerts cards below the top (unless face up), any stock card
(the seat's own included), face-down work cards, another seat's waste below its top, and the
shuffle seed. Nothing else in a position is hidden. A view is memoryless: it is what the table
shows *now*; a bot that wants to remember cards it saw earlier keeps its own notes.

**No leaks.** Changing only cards hidden from seat ``p`` (re-ordering any stock, the face-down
Nerts cards, the face-down work cards, or other seats' wastes below their tops, or exchanging
hidden cards of one seat between those places) never changes ``view(state, p)``. The property
tests check this, and that :func:`~nertslib.check` messages for a seat's moves name only cards
that seat can see.

**Determinization.** ``determinize(view, seed)`` gives each seat's *unseen* cards (its deck
minus every card of that deck the view shows, foundations included) to the hidden places, in
an order drawn with the library's own seeded shuffle (``nertslib.deal.shuffled``, stream
``seat``). The result passes :func:`nertslib.testing.state_problems`, and
``view(determinize(v, seed), v.seat) == v``. The real seed is unknown to the viewer, so the
new state carries ``seed`` as its seed.

**Bots.** Every legal move of a seat except ``rotate`` depends only on what that seat sees, so
``legal_moves(determinize(v, k), v.seat)`` is the same for every ``k`` once ``rotate`` moves are
removed. (``rotate`` is offered only to a stuck seat, and being stuck depends on cards the seat
cannot see: the order of its own stock and, in the Klondike layout, its face-down work cards.)

>>> import nertslib as nl
>>> from nertslib.views import determinize, view
>>> state = nl.deal("standard", seats=2, seed=29)
>>> mine = view(state, 0)
>>> mine
View.from_nfen('standard - 12?.2S|QC|3H|7D|AS|35?|-|0 12?.7S|3D|2S|JC|AS|35?|-|0 play r0 v0')
>>> guess = determinize(mine, seed=1)
>>> view(guess, 0) == mine, nl.legal_moves(guess, 0) == nl.legal_moves(state, 0)
(True, True)

A view's NFEN is the position's NFEN with every run of hidden cards written as its size and a
``?`` (``12?.2S``: twelve hidden cards under 2♠; ``2?~KD``: two face-down cards under K♦; a
stock is only ``35?``), and the seed token ``s<seed>`` replaced by the viewer, ``v<seat>`` or
``v-`` for a spectator.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import chain
from typing import NamedTuple, cast

import attrs

from nertslib.cards import (
    CARDS,
    DECK_SPAN,
    DECLARED_BASE,
    JOKER_OF,
    OWNER,
    Card,
    parse_code,
)
from nertslib.deal import shuffled
from nertslib.errors import NertsError, ViewSeatError
from nertslib.moves import Move, MoveKind
from nertslib.notation import (
    ascii_digits,
    hidden_run,
    parse_passes,
    parse_pile,
    parse_work,
    passes_problem,
    work_pile_text,
)
from nertslib.quoting import clipped, excerpt
from nertslib.render import picture_head
from nertslib.rules import legal_moves
from nertslib.state import (
    SEED_LIMIT,
    EndReason,
    GameState,
    Layout,
    NFENError,
    caller_problem,
    check_joker_piles,
    foundations_problem,
    hand_problem,
    join_nfen,
    misfit_problem,
    parse_foundations,
    parse_status,
    split_nfen,
)
from nertslib.stuck import is_stuck, waste_tops
from nertslib.variants import Variant

__all__ = [
    "SeatView",
    "View",
    "arranged",
    "arranged_seat",
    "determinize",
    "determinize_own",
    "view",
]


def _not_viewer(viewer: int | None, seat: object) -> ViewSeatError:
    who = "a spectator's view" if viewer is None else f"seat {viewer}'s view"
    return ViewSeatError(f"this is {who}: it cannot tell the moves of seat {seat!r}")


def _cards(ids: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple([CARDS[i] for i in ids])


@attrs.frozen(weakref_slot=False)
class SeatView:
    """What a view shows of one seat's layout. Cards are card ids, piles bottom first.

    Read it through the properties (``nerts_top``, ``work_piles``, ``visible_waste`` …), which
    hand out :class:`~nertslib.Card` values; the fields are ints and int tuples so that a view
    costs little to build. ``repr`` is the constructor call.

    >>> import nertslib as nl
    >>> from nertslib.views import view
    >>> state = nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.turn(1))
    >>> theirs = view(state, 0).seats[1]
    >>> theirs.nerts_size, theirs.nerts_top, theirs.hidden_nerts
    (13, Card.parse('7S', owner=1), 12)
    >>> theirs.waste_size, theirs.visible_waste, theirs.stock_size
    (3, (Card.parse('JH', owner=1),), 32)

    Attributes:
        seat: The seat whose layout this is.
        nerts_size: How many cards its Nerts pile holds.
        nerts: The visible Nerts cards, bottom first: the top only, or the whole pile when
            ``nerts_pile_face_up``; ``()`` when the pile is empty.
        work: The face-up cards of each work pile, base first.
        down: How many face-down cards lie under each work pile (Klondike layout); ``()``
            when there are none, as in ``Layout.down``.
        stock_size: How many cards its stock holds (all hidden).
        waste_size: How many cards its waste holds.
        waste: The visible waste cards, bottom first: the whole waste for the viewer's own
            seat, the top only for the others; ``()`` when the waste is empty.
        passes: How often the seat has turned its waste over.
        bound: The seat's bound jokers, as ``Layout.bound`` (they lie face up: every seat
            sees them).

    .. versionadded:: 0.1.0
    """

    seat: int
    nerts_size: int
    nerts: tuple[int, ...]
    work: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock_size: int
    waste_size: int
    waste: tuple[int, ...]
    passes: int
    bound: tuple[int, ...] = ()

    @property
    def nerts_top(self) -> Card | None:
        """The face-up top of the Nerts pile, or ``None`` when it is empty."""
        return CARDS[self.nerts[-1]] if self.nerts else None

    @property
    def visible_nerts(self) -> tuple[Card, ...]:
        """The Nerts cards the view shows, bottom first (the top, or all when face up)."""
        return _cards(self.nerts)

    @property
    def hidden_nerts(self) -> int:
        """How many Nerts cards the view does not show."""
        return self.nerts_size - len(self.nerts)

    @property
    def work_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The face-up cards of each work pile, base first (face-down cards are not shown)."""
        return tuple(_cards(p) for p in self.work)

    @property
    def face_down_counts(self) -> tuple[int, ...]:
        """How many face-down cards lie under each work pile (zeros outside Klondike).

        >>> import nertslib as nl
        >>> from nertslib.views import view
        >>> view(nl.deal("pounce", seats=1, seed=2)).seats[0].face_down_counts
        (0, 1, 2, 3, 4)
        """
        return self.down or (0,) * len(self.work)

    @property
    def waste_top(self) -> Card | None:
        """The playable top of the waste, or ``None`` when it is empty."""
        return CARDS[self.waste[-1]] if self.waste else None

    @property
    def visible_waste(self) -> tuple[Card, ...]:
        """The waste cards the view shows, bottom first (all for the viewer, else the top)."""
        return _cards(self.waste)

    @property
    def hidden_waste(self) -> int:
        """How many waste cards the view does not show."""
        return self.waste_size - len(self.waste)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of this layout that the view shows (Nerts pile, work piles, then waste)."""
        return _cards(self.nerts + tuple(c for p in self.work for c in p) + self.waste)


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class View:
    """What one seat (or a spectator) may see of a position; build it with :func:`view`.

    A view is a value: equal views compare and hash equal. ``repr`` is
    ``View.from_nfen('…')`` (see the module docs for the format) and ``str`` a picture for
    people, with ``##`` for a face-down work card.

    >>> import nertslib as nl
    >>> from nertslib.views import View, view
    >>> state = nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.turn(0))
    >>> mine = view(state, 0)
    >>> print(mine)
    standard · 2 seats · in play · seat 0's view
    foundations: none
    seat 0  Nerts 13 [2♠]  work Q♣ | 3♥ | 7♦ | A♠  stock 32  waste 3 [K♠ K♣ 8♠]
    seat 1  Nerts 13 [7♠]  work 3♦ | 2♠ | J♣ | A♠  stock 35  waste ·
    >>> View.from_nfen(mine.to_nfen()) == mine, eval(repr(mine)) == mine
    (True, True)
    >>> view(state).seats[0].visible_waste  # a spectator sees the top only
    (Card.parse('8S', owner=0),)

    Attributes:
        variant: The rules in force.
        seat: The viewing seat, or ``None`` for a spectator.
        seats: What the view shows of each seat's layout, by seat number.
        fnd: The foundations as card ids (see :attr:`foundations`).
        status: ``None`` while the hand is in play, else the :class:`~nertslib.EndReason`.
        caller: The seat that ended the hand by Nerts, or ``-1``.
        stalled: A stuck resolution was applied and no seat has made progress since.
        resolutions: How many stuck resolutions the hand has had.

    .. versionadded:: 0.1.0
    """

    variant: Variant
    seat: int | None
    seats: tuple[SeatView, ...]
    fnd: tuple[tuple[int, ...], ...]
    status: EndReason | None
    caller: int
    stalled: bool
    resolutions: int

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The shared foundations in the order they were started, each Ace first."""
        return tuple(_cards(p) for p in self.fnd)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.status is not None

    @property
    def own(self) -> SeatView | None:
        """The viewer's own :class:`SeatView`, or ``None`` for a spectator."""
        return None if self.seat is None else self.seats[self.seat]

    def unseen_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s deck that this view does not show, by card id.

        They are the cards :func:`determinize` deals into ``seat``'s hidden places.

        Raises:
            NertsError: if ``seat`` does not play in this hand.

        >>> import nertslib as nl
        >>> from nertslib.views import view
        >>> unseen = view(nl.deal("standard", seats=2, seed=29), 0).unseen_cards(1)
        >>> len(unseen), nl.Card.parse("7S", owner=1) in unseen
        (47, False)
        """
        n = len(self.seats)
        if type(seat) is not int or not 0 <= seat < n:
            msg = f"seat {seat!r} does not play in this {n}-seat hand"
            raise NertsError(msg)
        return _cards(_unseen(self, seat, _up_cards(self.fnd)))

    # --- the viewer's moves --------------------------------------------------------------------

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        """The moves the viewing seat may make, told from this view alone.

        These are ``legal_moves(state, seat)`` for every position that shows this view: every
        move but ``rotate`` depends only on what the seat sees, and ``rotate`` (legal only for a
        stuck seat) is included when :meth:`proves_stuck` holds. ``nl.legal_moves(view, seat)``
        calls this method.

        Raises:
            ViewSeatError: (a :class:`ValueError`) if ``seat`` is not the viewer's seat (a
                spectator's view has no moves of its own).

        >>> import nertslib as nl
        >>> state = nl.deal("standard", seats=2, seed=1)
        >>> nl.legal_moves(nl.view(state, 0), 0) == nl.legal_moves(state, 0)
        True
        """
        if seat != self.seat or type(seat) is not int:
            raise _not_viewer(self.seat, seat)
        # the seat's moves read only its own layout and the foundations
        guess = determinize_own(self, 0)
        moves = legal_moves(guess, seat)
        if moves and moves[-1].kind is MoveKind.ROTATE and not self._stuck_shown(guess):
            return moves[:-1]
        return moves

    def proves_stuck(self, seat: int) -> bool:
        """Whether this view alone shows that the viewing seat is stuck (rules.md §7).

        Being stuck depends on the order of the seat's own stock, which no view shows. The seat
        is stuck exactly when no card that shows as its waste top during a pass (nor its Nerts
        top, nor a work top) can make progress, one card at a time (see ``nertslib.stuck``).
        Every unseen card of the seat could be in its stock at a place that shows as a waste
        top, so the view proves the seat stuck when it is stuck with each of its unseen cards
        put in turn at such a place: a few positions built from the view, each decided by
        :func:`~nertslib.is_stuck`. With an empty stock the next pass is the visible waste and
        the verdict is exact. Face-down work cards (Klondike layout) are never proven
        harmless: with any, this is ``False``.

        Raises:
            ViewSeatError: (a :class:`ValueError`) if ``seat`` is not the viewer's seat.

        >>> import nertslib as nl
        >>> nl.view(nl.deal("standard", seats=2, seed=1), 0).proves_stuck(0)
        False
        """
        if seat != self.seat or type(seat) is not int:
            raise _not_viewer(self.seat, seat)
        return self._stuck_shown(determinize_own(self, 0))  # reads the viewer's seat only

    def _stuck_shown(self, guess: GameState) -> bool:
        """:meth:`proves_stuck` for the viewer, ``guess`` being a determinization of the view."""
        seat = cast(int, self.seat)
        if any(self.seats[seat].down) or self.status is not None or not is_stuck(guess, seat):
            return False
        return all(is_stuck(probe, seat) for probe in _stock_probes(guess, seat))

    # --- text forms ---------------------------------------------------------------------------

    def to_nfen(self) -> str:
        """The view as one line: NFEN with hidden cards as counts (see the module docs).

        >>> import nertslib as nl
        >>> from nertslib.views import view
        >>> view(nl.deal("standard", seats=1, seed=3), None).to_nfen()
        'standard - 12?.QD|8D|7D|JD|3C|35?|-|0 play r0 v-'
        """
        viewer = "-" if self.seat is None else str(self.seat)
        return join_nfen(
            self.variant,
            self.fnd,
            [_seat_nfen(sv) for sv in self.seats],
            self.status,
            self.caller,
            self.stalled,
            self.resolutions,
            f"v{viewer}",
        )

    @classmethod
    def from_nfen(cls, text: str) -> View:
        """Read a view written by :meth:`to_nfen`, checking that some position could show it.

        Every card of every deck must be shown at most once or counted as hidden, so that the
        counts add up to the deck; the viewer's waste is fully shown and only the tops of the
        other wastes; work piles build down and foundations up.

        Raises:
            NFENError: (a :class:`ValueError`) naming what is wrong, quoting the input.

        >>> from nertslib.views import View
        >>> View.from_nfen("standard - 12?.QD|8D|7D|JD|3C|35?|-|0 play r0 v-").seats[0].stock_size
        35
        >>> View.from_nfen("standard - 12?.QD|8D|7D|JD|3C|34?|-|0 play r0 v-")
        Traceback (most recent call last):
        ...
        nertslib.state.NFENError: bad view NFEN 'standard - 12?.QD|8D|7D|JD|3C|34?|-|0 play r0 v-': seat 0 shows 5 card(s) and hides 46, but its deck has 52
        """  # noqa: E501 - a doctest output line
        try:
            return _parse_view(text)
        except NFENError:
            raise
        except ValueError as exc:
            raise _bad(text, str(exc)) from None

    def __repr__(self) -> str:
        return f"View.from_nfen({self.to_nfen()!r})"

    def __str__(self) -> str:
        who = "spectator's view" if self.seat is None else f"seat {self.seat}'s view"
        lines = picture_head(
            self.variant, len(self.seats), self.status, self.caller, self.fnd, f" · {who}"
        )
        lines.extend(_seat_picture(sv) for sv in self.seats)
        return "\n".join(lines)


# --- building views ---------------------------------------------------------------------------


def _seat_view(lay: Layout, own: bool, face_up: bool) -> SeatView:
    cur = lay.cursor
    deck = lay.deck
    return SeatView(
        lay.seat,
        len(lay.nerts),
        lay.nerts if face_up else lay.nerts[-1:],
        lay.work,
        tuple([len(d) for d in lay.down]) if lay.down else (),
        len(deck) - cur,
        cur,
        deck[:cur] if own else deck[cur - 1 : cur] if cur else (),
        lay.passes,
        lay.bound,
    )


def view(state: GameState, seat: int | None = None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is a spectator (see the module docs).

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` is neither ``None`` nor a seat of
            this hand, quoting it.

    >>> import nertslib as nl
    >>> from nertslib.views import view
    >>> state = nl.deal("standard", seats=2, seed=29)
    >>> view(state, 1).seats[0].nerts_top == state.seats[0].nerts_top
    True
    >>> view(state, 2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: seat 2 does not play in this 2-seat hand
    """
    layouts = state.layouts
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(layouts)):
        msg = f"seat {seat!r} does not play in this {len(layouts)}-seat hand"
        raise NertsError(msg)
    face_up = state.variant.nerts_pile_face_up
    return View(
        state.variant,
        seat,
        tuple([_seat_view(lay, i == seat, face_up) for i, lay in enumerate(layouts)]),
        state.fnd,
        state.status,
        state.caller,
        state.stalled,
        state.resolutions,
    )


# --- determinization --------------------------------------------------------------------------


def _foundation_cards(fnd: tuple[tuple[int, ...], ...], n: int) -> list[list[int]]:
    by_owner: list[list[int]] = [[] for _ in range(n)]
    for pile in fnd:
        for c in pile:
            by_owner[OWNER[c]].append(JOKER_OF[c])
    return by_owner


def _unseen(v: View, seat: int, on_foundations: Iterable[int]) -> tuple[int, ...]:
    """``seat``'s cards that ``v`` does not show, by card id.

    ``on_foundations`` holds (at least) the seat's cards on the foundations, each as it lies
    in its deck (a raw joker, not a declared one).
    """
    sv = v.seats[seat]
    base = seat * DECK_SPAN
    unseen = set(range(base, base + 52 + v.variant.jokers_per_deck))
    unseen.difference_update(sv.nerts, sv.waste, on_foundations, *sv.work)
    return tuple(sorted(unseen))


def _up_cards(fnd: tuple[tuple[int, ...], ...]) -> list[int]:
    """Every card on the foundations as it lies in its deck (a declared joker as its joker)."""
    cards = list(chain.from_iterable(fnd))
    if cards and max(cards) >= DECLARED_BASE:
        return [JOKER_OF[c] for c in cards]
    return cards


def determinize(v: View, seed: int) -> GameState:
    """A full position consistent with view ``v``, its hidden cards dealt from ``seed``.

    Each seat's unseen cards (:meth:`View.unseen_cards`) are shuffled with
    ``nertslib.deal.shuffled`` (stream = the seat) and dealt to the bottom of its Nerts
    pile, under its work piles (bottom first, pile by pile), to its waste below the shown
    cards, and to its stock, in that order. Equal arguments give equal states, the state's seed
    is ``seed``, and ``view(determinize(v, seed), v.seat) == v``.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seed`` is not an int ``>= 0``, or if a seat's
            unseen cards do not fill its hidden places (a view no position could show).

    >>> import nertslib as nl
    >>> from nertslib.views import determinize, view
    >>> state = nl.deal("standard", seats=2, seed=29)
    >>> guess = determinize(view(state, 0), seed=5)
    >>> guess.seats[0].nerts_top, guess.seats[1].nerts_top, guess.seed
    (Card.parse('2S', owner=0), Card.parse('7S', owner=1), 5)
    >>> guess.seats[0].stock == state.seats[0].stock
    False
    """
    _check_seed(seed)
    return _dealt(v, seed, lambda unseen, q: shuffled(unseen, seed, q))


def _check_seed(seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        msg = f"seed must be an int from 0 to 2**64 - 1; got {excerpt(seed)}"
        raise NertsError(msg)


def arranged(v: View) -> GameState:
    """A full position consistent with view ``v``, its hidden cards dealt in card order.

    Like :func:`determinize`, but no card is shuffled (and the seed is 0): cheaper, for code
    that reads only what the view shows (the greedy bot's plays and plans).
    ``view(arranged(v), v.seat) == v``.

    Raises:
        NertsError: (a :class:`ValueError`) if a seat's unseen cards do not fill its hidden
            places (a view no position could show).

    >>> import nertslib as nl
    >>> from nertslib.views import arranged, view
    >>> seen = view(nl.deal("standard", seats=2, seed=29), 0)
    >>> view(arranged(seen), 0) == seen
    True
    """
    return _dealt(v, 0, lambda unseen, _: unseen)


def determinize_own(v: View, seed: int) -> GameState:
    """:func:`determinize` for code that reads only the viewing seat's cards.

    The viewer's hidden cards are dealt exactly as ``determinize(v, seed)`` deals them; the
    other seats' lie in card order, as in :func:`arranged` (one shuffle instead of one per
    seat). A spectator's view is determinized whole.

    Raises:
        NertsError: (a :class:`ValueError`) as :func:`determinize` does.

    >>> import nertslib as nl
    >>> from nertslib.views import determinize, determinize_own, view
    >>> seen = view(nl.deal("standard", seats=2, seed=29), 0)
    >>> determinize_own(seen, 5).seats[0] == determinize(seen, 5).seats[0]
    True
    """
    if v.seat is None:
        return determinize(v, seed)
    _check_seed(seed)
    own = v.seat
    return _dealt(v, seed, lambda unseen, q: shuffled(unseen, seed, q) if q == own else unseen)


def _dealt(
    v: View, seed: int, order: Callable[[tuple[int, ...], int], tuple[int, ...]]
) -> GameState:
    """The position of :func:`determinize`, each seat's unseen cards put in ``order``."""
    up = _up_cards(v.fnd)
    layouts = tuple(_dealt_layout(v, q, up, order) for q in range(len(v.seats)))
    return GameState(
        v.variant,
        layouts,
        v.fnd,
        v.status,
        v.caller,
        v.stalled,
        v.resolutions,
        seed,
    )


def arranged_seat(v: View, seat: int) -> Layout:
    """``arranged(v).seats[seat]``, built alone: the others' hidden cards are not dealt.

    For code that reads only one seat's layout and the foundations (the greedy bot, with
    ``context.Foundations``).

    Raises:
        NertsError: (a :class:`ValueError`) as :func:`arranged` does, or if ``seat`` does not
            play in the hand.

    >>> import nertslib as nl
    >>> from nertslib.views import arranged, arranged_seat, view
    >>> seen = view(nl.deal("standard", seats=2, seed=29), 0)
    >>> arranged_seat(seen, 0) == arranged(seen).seats[0]
    True
    """
    n = len(v.seats)
    if type(seat) is not int or not 0 <= seat < n:
        msg = f"seat {seat!r} does not play in this {n}-seat hand"
        raise NertsError(msg)
    return _dealt_layout(v, seat, _up_cards(v.fnd), lambda unseen, _: unseen)


def _dealt_layout(
    v: View,
    q: int,
    on_foundations: Iterable[int],
    order: Callable[[tuple[int, ...], int], tuple[int, ...]],
) -> Layout:
    """Seat ``q``'s layout of :func:`_dealt`: its unseen cards put in ``order``."""
    sv = v.seats[q]
    unseen = _unseen(v, q, on_foundations)
    hidden_n = sv.nerts_size - len(sv.nerts)
    hidden_w = sv.waste_size - len(sv.waste)
    places = hidden_n + sum(sv.down) + hidden_w + sv.stock_size
    if len(unseen) != places or min(hidden_n, hidden_w, sv.stock_size, *sv.down, 0) < 0:
        msg = (
            f"seat {q} has {len(unseen)} unseen card(s) for {places} hidden place(s): "
            f"no position shows this view"
        )
        raise NertsError(msg)
    cards = order(unseen, q)
    at = hidden_n
    down: list[tuple[int, ...]] = []
    for k in sv.down:
        down.append(cards[at : at + k])
        at += k
    return Layout(
        q,
        cards[:hidden_n] + sv.nerts,
        sv.work,
        cards[at : at + hidden_w] + sv.waste + cards[at + hidden_w :],
        sv.waste_size,
        sv.passes,
        tuple(down) if any(down) else (),
        sv.bound,
    )


def _stock_probes(guess: GameState, seat: int) -> list[GameState]:
    """Positions like ``guess``, putting each hidden card of ``seat`` at a waste-top place.

    Between them, every card hidden from ``seat`` (its stock, its Nerts pile below the top) is
    in its stock at a place that shows as a waste top during a pass; ``guess`` is a
    determinization of the seat's view, so the probes know no more than the view.
    """
    lay = guess.layouts[seat]
    cur, deck = lay.cursor, lay.deck
    tops = waste_tops(lay, guess.ctx)  # the stock's cards are distinct: a card is its place
    places = [i - cur for i in range(cur, len(deck)) if deck[i] in tops]
    below = () if guess.variant.nerts_pile_face_up else lay.nerts[:-1]
    hidden = below + deck[cur:]
    probes: list[GameState] = []
    for start in range(0, len(hidden) if places else 0, len(places) or 1):
        order = hidden[start : start + len(places)] + hidden[:start] + hidden[start + len(places) :]
        stock = [-1] * (len(deck) - cur)
        for i, card in zip(places, order, strict=False):
            stock[i] = card
        spare = iter(order[len(places) :])
        stock = [c if c >= 0 else next(spare) for c in stock]
        nerts = (*spare, *lay.nerts[-1:]) if below else lay.nerts
        new = attrs.evolve(lay, nerts=nerts, deck=deck[:cur] + tuple(stock))
        layouts = (*guess.layouts[:seat], new, *guess.layouts[seat + 1 :])
        probes.append(attrs.evolve(guess, layouts=layouts))
    return probes


# --- text forms -------------------------------------------------------------------------------


def _seat_nfen(sv: SeatView) -> str:
    """One seat's field of view NFEN (counts no deal can give are written as they are)."""
    parts = [hidden_run(sv.nerts_size - len(sv.nerts), sv.nerts)]
    down = sv.down or (0,) * len(sv.work)
    parts.extend(
        f"{k}?~{work_pile_text(p, sv.bound)}" if k else work_pile_text(p, sv.bound)
        for k, p in zip(down, sv.work, strict=True)
    )
    parts += [
        hidden_run(sv.stock_size, ()),
        hidden_run(sv.waste_size - len(sv.waste), sv.waste),
        str(sv.passes),
    ]
    return "|".join(parts)


def _faces(ids: tuple[int, ...]) -> str:
    return " ".join(str(CARDS[c]) for c in ids)


def _seat_picture(sv: SeatView) -> str:
    top = f"[{_faces(sv.nerts)}]" if sv.nerts else "[empty]"
    down = sv.down or (0,) * len(sv.work)
    work = " | ".join(
        f"{'## ' * k}{_faces(p) if p else '·'}" for k, p in zip(down, sv.work, strict=True)
    )
    waste = f"{sv.waste_size} [{_faces(sv.waste)}]" if sv.waste_size else "·"
    return (
        f"seat {sv.seat}  Nerts {sv.nerts_size} {top}  work {work}  "
        f"stock {sv.stock_size}  waste {waste}"
    )


def _bad(text: str, why: str) -> NFENError:
    return NFENError(f"bad view NFEN {excerpt(text)}: {clipped(why)}")


def _count(item: str) -> int:
    digits = item[:-1]
    if item[-1:] != "?" or not ascii_digits(digits) or (count := int(digits)) < 1:
        msg = f"{excerpt(item)} is not a hidden-card count such as '12?'"
        raise NertsError(msg)
    return count


def _parse_run(text: str, owner: int) -> tuple[int, tuple[int, ...]]:
    """A pile field: (hidden count, shown card ids)."""
    head, dot, rest = text.partition(".")
    if not head.endswith("?"):
        return 0, parse_pile(text, owner)
    if rest == "-":  # no card after a count: "-" is not one (parse_pile reads it as none)
        parse_code(rest)
    return _count(head), parse_pile(rest, owner) if dot else ()


class SeatViewParts(NamedTuple):
    """A seat of a view as a reader found it (card ids, bottom first), not yet checked."""

    hidden_nerts: int
    nerts: tuple[int, ...]
    work: tuple[tuple[int, ...], ...]
    #: The face-down cards under each work pile, one count per pile.
    down: tuple[int, ...]
    #: The bindings of the jokers in the work piles, by card id.
    binds: dict[int, int]
    stock: int
    hidden_waste: int
    waste: tuple[int, ...]
    passes: int


def seat_view_of(variant: Variant, seat: int, viewer: int | None, p: SeatViewParts) -> SeatView:
    """Seat ``seat``'s part of a view for ``viewer``, checked: every view reader's seat step.

    Raises:
        NertsError: naming the first problem.
    """
    problem = _nerts_problem(variant, seat, p.hidden_nerts, p.nerts)
    for i, (k, pile) in enumerate(zip(p.down, p.work, strict=True)):
        if k and not pile:
            problem = problem or _work_field_problem(seat, i)
    if not variant.jokers_per_deck:
        problem = problem or misfit_problem(seat, p.work)
    if problem:
        raise NertsError(problem)
    bound = check_joker_piles(variant, seat, p.work, p.binds) if variant.jokers_per_deck else ()
    if any(p.down) and variant.work_pile_layout != "klondike":
        problem = f"seat {seat} has face-down work cards outside the Klondike layout"
    problem = problem or _waste_problem(seat, viewer, p.hidden_waste, p.waste)
    problem = problem or passes_problem(p.passes, seat, variant.max_stock_passes)
    if not problem and p.hidden_nerts + len(p.nerts) > variant.nerts_pile_size:
        problem = f"seat {seat}'s Nerts pile is larger than the variant deals"
    if problem:
        raise NertsError(problem)
    down = p.down if any(p.down) else ()
    nerts_size = p.hidden_nerts + len(p.nerts)
    waste_size = p.hidden_waste + len(p.waste)
    return SeatView(
        seat, nerts_size, p.nerts, p.work, down, p.stock, waste_size, p.waste, p.passes, bound
    )


def _nerts_problem(variant: Variant, seat: int, hidden_n: int, nerts: tuple[int, ...]) -> str:
    """Why a seat's Nerts pile does not show what the variant shows (``""``: it does)."""
    if variant.nerts_pile_face_up and hidden_n:
        return f"seat {seat}'s Nerts pile is face up, but {hidden_n} card(s) are hidden"
    if not variant.nerts_pile_face_up and len(nerts) != (1 if hidden_n else len(nerts[:1])):
        return f"seat {seat}'s Nerts pile must show exactly its top card"
    return ""


def _work_field_problem(seat: int, i: int) -> str:
    return f"seat {seat}'s work pile {i} must be face-down count '~' face-up cards"


def _waste_problem(seat: int, viewer: int | None, hidden_w: int, waste: tuple[int, ...]) -> str:
    """Why a seat's waste does not show what ``viewer`` sees of it (``""``: it does)."""
    if seat == viewer and hidden_w:
        return f"seat {seat} sees its whole waste, but {hidden_w} card(s) are hidden"
    if seat != viewer and len(waste) != (1 if hidden_w else len(waste[:1])):
        return f"seat {seat}'s waste must show exactly its top card to this viewer"
    return ""


def _parse_seat(tok: str, seat: int, nwork: int) -> SeatViewParts:
    """Seat ``seat``'s field ``tok`` of a view NFEN, read (:func:`seat_view_of` checks)."""
    parts = tok.split("|")
    if len(parts) != nwork + 4:
        msg = f"seat {seat} needs {nwork + 4} '|'-separated fields, has {len(parts)}"
        raise NertsError(msg)
    hidden_n, nerts = _parse_run(parts[0], seat)
    work: list[tuple[int, ...]] = []
    down: list[int] = []
    binds: dict[int, int] = {}
    for i, field in enumerate(parts[1 : 1 + nwork]):
        head, tilde, up = field.rpartition("~")
        if "(" in up:
            hidden, pile = 0, parse_work(up, seat, binds)
        else:
            hidden, pile = _parse_run(up, seat)
        if hidden:
            raise NertsError(_work_field_problem(seat, i))
        work.append(pile)
        down.append(_count(head) if tilde else 0)
    hidden_w, waste = _parse_run(parts[2 + nwork], seat)
    return SeatViewParts(
        hidden_n,
        nerts,
        tuple(work),
        tuple(down),
        binds,
        _seat_stock(parts[1 + nwork], seat),
        hidden_w,
        waste,
        parse_passes(parts[-1], seat, None),
    )


def _seat_stock(text: str, seat: int) -> int:
    """A seat's stock field: its size (a stock is face down: it shows no card)."""
    if text[-1:] == "?":
        return _count(text)
    stock, shown = _parse_run(text, seat)
    if shown:
        msg = f"seat {seat}'s stock is face down: write its size, e.g. '35?'"
        raise NertsError(msg)
    return stock


def _parse_view(text: str) -> View:
    tokens, variant, seat_tokens = split_nfen(text, "view NFEN", _bad)
    n = len(seat_tokens)
    status_tok, res_tok, viewer_tok = tokens[-3:]
    if viewer_tok == "v-":
        viewer = None
    elif viewer_tok[:1] == "v" and ascii_digits(viewer_tok[1:]) and int(viewer_tok[1:]) < n:
        viewer = int(viewer_tok[1:])
    else:
        raise _bad(text, f"expected v<seat> or v-, got {excerpt(viewer_tok)}")
    nwork = variant.work_pile_count(n)
    seats = [
        seat_view_of(variant, seat, viewer, _parse_seat(tok, seat, nwork))
        for seat, tok in enumerate(seat_tokens)
    ]
    fnd = parse_foundations(tokens[1], n, variant)
    hand = parse_status(text, status_tok, res_tok, [sv.nerts_size for sv in seats], _bad)
    return view_of(variant, viewer, seats, fnd, hand)


def view_of(
    variant: Variant,
    viewer: int | None,
    seats: list[SeatView],
    fnd: tuple[tuple[int, ...], ...],
    hand: tuple[EndReason | None, int, bool, int],
) -> View:
    """The view of checked seats and these parts, checked as a whole (every view reader's end).

    ``hand`` is (status, caller, stalled, resolutions): the foundations, every seat's deck
    shown or hidden exactly once, the caller's empty Nerts pile, and :func:`hand_problem`.

    Raises:
        NertsError: naming the first problem.
    """
    status, caller, stalled, resolutions = hand
    n = len(seats)
    nerts_sizes = [sv.nerts_size for sv in seats]
    problem = (
        foundations_problem(fnd, variant, n)
        or caller_problem(caller, nerts_sizes)  # the NFEN reader reads it with the status
        or _deck_problem(seats, fnd, variant)
        or hand_problem(
            variant, nerts_sizes, [sv.down for sv in seats], fnd, status, stalled, resolutions
        )
    )
    if problem:
        raise NertsError(problem)
    return View(variant, viewer, tuple(seats), fnd, status, caller, stalled, resolutions)


def _deck_problem(seats: list[SeatView], fnd: tuple[tuple[int, ...], ...], variant: Variant) -> str:
    """Why some seat's deck is not shown or hidden exactly once (``""``: each is)."""
    on_foundations = _foundation_cards(fnd, len(seats))
    per_deck = 52 + variant.jokers_per_deck
    for q, sv in enumerate(seats):
        shown = [*sv.nerts, *sv.waste, *on_foundations[q]]
        for pile in sv.work:
            shown += pile
        if len(set(shown)) != len(shown):
            twice = sorted(CARDS[c].code for c, k in Counter(shown).items() if k > 1)
            return f"seat {q} shows {', '.join(twice[:8])} twice"
        # every card shown for seat q is one of its deck's (read with q as owner)
        if shown and max(shown) >= q * DECK_SPAN + per_deck:
            return f"seat {q} shows a joker its deck does not have"
        hidden = sv.hidden_nerts + sum(sv.down) + sv.hidden_waste + sv.stock_size
        if len(shown) + hidden != per_deck:
            shows = f"seat {q} shows {len(shown)} card(s) and hides {hidden}"
            return f"{shows}, but its deck has {per_deck}"
    return ""
