"""Determinization: a full position that agrees with a view, its hidden cards dealt.

``determinize(view, seed)`` gives each seat's *unseen* cards (its deck minus every card of that
deck the view shows, foundations included) to the hidden places, in an order drawn with the
library's own seeded shuffle (``nertslib.deal.shuffled``, stream ``seat``). The result passes
:func:`nertslib.testing.state_problems`, and ``view(determinize(v, seed), v.seat) == v``. The
real seed is unknown to the viewer, so the new state carries ``seed`` as its seed.

**Bots.** Every legal move of a seat except ``rotate`` depends only on what that seat sees, so
``legal_moves(determinize(v, k), v.seat)`` is the same for every ``k`` once ``rotate`` moves are
removed. (``rotate`` is offered only to a stuck seat, and being stuck depends on cards the seat
cannot see: the order of its own stock and, in the Klondike layout, its face-down work cards.)

:mod:`nertslib.views` exports these names too (``nertslib.views.determinize``), as it always has.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain
from typing import TYPE_CHECKING

import attrs

from nertslib.cards import DECK_SPAN, DECLARED_BASE, JOKER_OF
from nertslib.deal import shuffled
from nertslib.errors import NertsError, check_seat
from nertslib.quoting import excerpt
from nertslib.state import SEED_LIMIT, GameState, Layout
from nertslib.stuck import waste_tops

if TYPE_CHECKING:
    from nertslib.views import View

__all__ = ["arranged", "arranged_seat", "determinize", "determinize_own"]


def unseen_ids(v: View, seat: int, on_foundations: Iterable[int]) -> tuple[int, ...]:
    """``seat``'s cards that ``v`` does not show, by card id.

    ``on_foundations`` holds (at least) the seat's cards on the foundations, each as it lies
    in its deck (a raw joker, not a declared one).
    """
    sv = v.seats[seat]
    base = seat * DECK_SPAN
    unseen = set(range(base, base + 52 + v.variant.jokers_per_deck))
    unseen.difference_update(sv.nerts, sv.waste, on_foundations, *sv.work)
    return tuple(sorted(unseen))


def up_cards(fnd: tuple[tuple[int, ...], ...]) -> list[int]:
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
    up = up_cards(v.fnd)
    layouts = tuple(_dealt_layout(v, q, up, order) for q in range(len(v.seats)))
    return GameState(
        variant=v.variant,
        layouts=layouts,
        fnd=v.fnd,
        status=v.status,
        caller=v.caller,
        stalled=v.stalled,
        resolutions=v.resolutions,
        seed=seed,
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
    check_seat(seat, len(v.seats))
    return _dealt_layout(v, seat, up_cards(v.fnd), lambda unseen, _: unseen)


def _dealt_layout(
    v: View,
    q: int,
    on_foundations: Iterable[int],
    order: Callable[[tuple[int, ...], int], tuple[int, ...]],
) -> Layout:
    """Seat ``q``'s layout of :func:`_dealt`: its unseen cards put in ``order``."""
    sv = v.seats[q]
    unseen = unseen_ids(v, q, on_foundations)
    hidden_n, hidden_w = sv.hidden_nerts, sv.hidden_waste
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
        seat=q,
        nerts=cards[:hidden_n] + sv.nerts,
        work=sv.work,
        deck=cards[at : at + hidden_w] + sv.waste + cards[at + hidden_w :],
        cursor=sv.waste_size,
        passes=sv.passes,
        down=tuple(down) if any(down) else (),
        bound=sv.bound,
    )


def stock_probes(guess: GameState, seat: int) -> list[GameState]:
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
