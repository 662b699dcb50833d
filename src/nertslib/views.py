"""Per-seat views of a position (design.md principle 6), and their checks.

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

**Determinization** (``nertslib.determinize``, whose names this module exports too) turns
a view back into a full position for bots.

>>> import nertslib as nl
>>> from nertslib.views import determinize, view
>>> state = nl.deal("standard", seats=2, seed=29)
>>> mine = view(state, 0)
>>> mine
View.from_nfen('standard - 12?.2S|QC|3H|7D|AS|35?|-|0 12?.7S|3D|2S|JC|AS|35?|-|0 play r0 v0')
>>> guess = determinize(mine, seed=1)
>>> view(guess, 0) == mine, nl.legal_moves(guess, 0) == nl.legal_moves(state, 0)
(True, True)

A view's text form is NFEN with hidden cards as counts (``nertslib.nfen``).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import cast

import attrs

from nertslib.cards import CARDS, DECK_SPAN, JOKER_OF, OWNER, Card, lookup
from nertslib.determinize import (
    arranged,
    arranged_seat,
    determinize,
    determinize_own,
    stock_probes,
    unseen_ids,
    up_cards,
)
from nertslib.errors import NertsError, ViewSeatError, check_seat
from nertslib.moves import Move, MoveKind
from nertslib.nfen import Hand, SeatViewParts, read_view, view_text, work_field_problem
from nertslib.notation import passes_problem
from nertslib.render import picture_head
from nertslib.rules import legal_moves
from nertslib.state import (
    EndReason,
    GameState,
    Layout,
    caller_problem,
    foundations_problem,
    hand_problem,
    read_nfen,
    work_bound,
)
from nertslib.stuck import is_stuck
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


def _check_viewer(viewer: int | None, seat: object) -> None:
    if seat != viewer or type(seat) is not int:
        who = "a spectator's view" if viewer is None else f"seat {viewer}'s view"
        msg = f"this is {who}: it cannot tell the moves of seat {seat!r}"
        raise ViewSeatError(msg)


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
        return lookup(CARDS, self.nerts)

    @property
    def hidden_nerts(self) -> int:
        """How many Nerts cards the view does not show."""
        return self.nerts_size - len(self.nerts)

    @property
    def work_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The face-up cards of each work pile, base first (face-down cards are not shown)."""
        return tuple(lookup(CARDS, p) for p in self.work)

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
        return lookup(CARDS, self.waste)

    @property
    def hidden_waste(self) -> int:
        """How many waste cards the view does not show."""
        return self.waste_size - len(self.waste)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of this layout that the view shows (Nerts pile, work piles, then waste)."""
        return lookup(CARDS, self.nerts + tuple(c for p in self.work for c in p) + self.waste)


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class View:
    """What one seat (or a spectator) may see of a position; build it with :func:`view`.

    A view is a value: equal views compare and hash equal. ``repr`` is
    ``View.from_nfen('…')`` (the format is in ``nertslib.nfen``) and ``str`` a picture for
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
        return tuple(lookup(CARDS, p) for p in self.fnd)

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
        check_seat(seat, len(self.seats))
        return lookup(CARDS, unseen_ids(self, seat, up_cards(self.fnd)))

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
        _check_viewer(self.seat, seat)
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
        _check_viewer(self.seat, seat)
        return self._stuck_shown(determinize_own(self, 0))  # reads the viewer's seat only

    def _stuck_shown(self, guess: GameState) -> bool:
        """:meth:`proves_stuck` for the viewer, ``guess`` being a determinization of the view."""
        seat = cast(int, self.seat)
        if any(self.seats[seat].down) or self.status is not None or not is_stuck(guess, seat):
            return False
        return all(is_stuck(probe, seat) for probe in stock_probes(guess, seat))

    # --- text forms ---------------------------------------------------------------------------

    def to_nfen(self) -> str:
        """The view as one line: NFEN with hidden cards as counts (``nertslib.nfen``).

        >>> import nertslib as nl
        >>> from nertslib.views import view
        >>> view(nl.deal("standard", seats=1, seed=3), None).to_nfen()
        'standard - 12?.QD|8D|7D|JD|3C|35?|-|0 play r0 v-'
        """
        return view_text(self)

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
        return read_nfen(text, "view NFEN", lambda t: read_view(t, seat_view_of, view_of))

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
    cur, deck = lay.cursor, lay.deck
    return SeatView(
        seat=lay.seat,
        nerts_size=len(lay.nerts),
        nerts=lay.nerts if face_up else lay.nerts[-1:],
        work=lay.work,
        down=tuple([len(d) for d in lay.down]) if lay.down else (),
        stock_size=len(deck) - cur,
        waste_size=cur,
        waste=deck[:cur] if own else deck[cur - 1 : cur] if cur else (),
        passes=lay.passes,
        bound=lay.bound,
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
    if seat is not None:
        check_seat(seat, len(layouts))
    face_up = state.variant.nerts_pile_face_up
    return View(
        variant=state.variant,
        seat=seat,
        seats=tuple([_seat_view(lay, i == seat, face_up) for i, lay in enumerate(layouts)]),
        fnd=state.fnd,
        status=state.status,
        caller=state.caller,
        stalled=state.stalled,
        resolutions=state.resolutions,
    )


# --- pictures ---------------------------------------------------------------------------------


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


# --- checks: the view readers' validator --------------------------------------------------------


def seat_view_of(variant: Variant, seat: int, viewer: int | None, p: SeatViewParts) -> SeatView:
    """Seat ``seat``'s part of a view for ``viewer``, checked: every view reader's seat step.

    Raises:
        NertsError: naming the first problem.
    """
    problem = _nerts_problem(variant, seat, p.hidden_nerts, p.nerts)
    for i, (k, pile) in enumerate(zip(p.down, p.work, strict=True)):
        if k and not pile:
            problem = problem or work_field_problem(seat, i)
    if problem:
        raise NertsError(problem)
    bound = work_bound(variant, seat, p.work, p.binds)
    if any(p.down) and variant.work_pile_layout != "klondike":
        problem = f"seat {seat} has face-down work cards outside the Klondike layout"
    problem = problem or _waste_problem(seat, viewer, p.hidden_waste, p.waste)
    problem = problem or passes_problem(p.passes, seat, variant.max_stock_passes)
    if not problem and p.hidden_nerts + len(p.nerts) > variant.nerts_pile_size:
        problem = f"seat {seat}'s Nerts pile is larger than the variant deals"
    if problem:
        raise NertsError(problem)
    return SeatView(
        seat=seat,
        nerts_size=p.hidden_nerts + len(p.nerts),
        nerts=p.nerts,
        work=p.work,
        down=p.down if any(p.down) else (),
        stock_size=p.stock,
        waste_size=p.hidden_waste + len(p.waste),
        waste=p.waste,
        passes=p.passes,
        bound=bound,
    )


def _nerts_problem(variant: Variant, seat: int, hidden_n: int, nerts: tuple[int, ...]) -> str:
    """Why a seat's Nerts pile does not show what the variant shows (``""``: it does)."""
    if variant.nerts_pile_face_up and hidden_n:
        return f"seat {seat}'s Nerts pile is face up, but {hidden_n} card(s) are hidden"
    if not variant.nerts_pile_face_up and len(nerts) != (1 if hidden_n else len(nerts[:1])):
        return f"seat {seat}'s Nerts pile must show exactly its top card"
    return ""


def _waste_problem(seat: int, viewer: int | None, hidden_w: int, waste: tuple[int, ...]) -> str:
    """Why a seat's waste does not show what ``viewer`` sees of it (``""``: it does)."""
    if seat == viewer and hidden_w:
        return f"seat {seat} sees its whole waste, but {hidden_w} card(s) are hidden"
    if seat != viewer and len(waste) != (1 if hidden_w else len(waste[:1])):
        return f"seat {seat}'s waste must show exactly its top card to this viewer"
    return ""


def view_of(
    variant: Variant,
    viewer: int | None,
    seats: list[SeatView],
    fnd: tuple[tuple[int, ...], ...],
    hand: Hand,
) -> View:
    """The view of checked seats and these parts, checked as a whole (every view reader's end).

    The foundations, the caller's empty Nerts pile, every seat's deck shown or hidden exactly
    once, and :func:`~nertslib.state.hand_problem`.

    Raises:
        NertsError: naming the first problem.
    """
    nerts_sizes = [sv.nerts_size for sv in seats]
    problem = (
        foundations_problem(fnd, variant, len(seats))
        or caller_problem(hand.caller, nerts_sizes)
        or _deck_problem(seats, fnd, variant)
        or hand_problem(variant, nerts_sizes, [sv.down for sv in seats], fnd, hand)
    )
    if problem:
        raise NertsError(problem)
    return View(variant, viewer, tuple(seats), fnd, *hand)


def _deck_problem(seats: list[SeatView], fnd: tuple[tuple[int, ...], ...], variant: Variant) -> str:
    """Why some seat's deck is not shown or hidden exactly once (``""``: each is)."""
    on_foundations: list[list[int]] = [[] for _ in seats]  # the seats' cards, raw jokers
    for c in chain.from_iterable(fnd):
        on_foundations[OWNER[c]].append(JOKER_OF[c])
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
