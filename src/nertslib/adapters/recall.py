"""What a seat remembers: each card's last seen place, for the OpenSpiel information state.

A :class:`~nertslib.View` is memoryless: a card that leaves sight (a waste card turned back
into the stock, another seat's waste card covered) vanishes from it. A player remembers it:
after one pass through its stock it knows the stock's order. :func:`remember` folds one view
into a seat's memory (card id -> the place it was last seen), and :func:`recall_features`
turns the memory into a fixed-size list of 0/1 values: for every card of every deck that the
view does *not* show now, a one-hot of where it was last seen (Nerts pile, waste, work pile
0 .. W-1), all zero if never seen or shown now. Seats come in the viewer's order, as in
:func:`~nertslib.adapters.encoding.observe`.

This is a summary of the seat's history, not the history itself: it keeps the last place of
every card, which is what a player's recall of a Nerts hand amounts to.

>>> import nertslib as nl
>>> from nertslib.adapters.recall import recall_features, recall_size, remember
>>> state = nl.deal("standard", seats=2, seed=29)
>>> turned = nl.apply(state, nl.Move.turn(0))
>>> memory = remember(remember((), nl.view(state, 0)), nl.view(turned, 0))
>>> features = recall_features(nl.view(state, 0), memory)  # as if the waste were gone again
>>> len(features) == recall_size(state.variant, 2), sum(features)
(True, 3)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from nertslib.cards import DECK_SPAN
from nertslib.variants import Variant
from nertslib.views import View

__all__ = ["Memory", "recall_features", "recall_size", "remember"]

Memory = tuple[tuple[int, int], ...]
"""The memory of one seat, as ``(card id, place)`` pairs sorted by card id (place 0 is the
Nerts pile, 1 the waste, ``2 + j`` work pile ``j``)."""


def _shown(v: View) -> dict[int, int]:
    """Every card the view shows outside the foundations, with its place."""
    places: dict[int, int] = {}
    for sv in v.seats:
        for place, pile in enumerate((sv.nerts, sv.waste, *sv.work)):
            for card in pile:
                places[card] = place
    return places


def remember(memory: Memory, v: View) -> Memory:
    """``memory`` with what view ``v`` shows now: each shown card's place replaces the old.

    >>> import nertslib as nl
    >>> from nertslib.adapters.recall import remember
    >>> memory = remember((), nl.view(nl.deal("standard", seats=2, seed=1), 0))
    >>> len(memory), memory[0]
    (10, (6, 2))
    """
    known = dict(memory)
    known.update(_shown(v))
    return tuple(sorted(known.items()))


def recall_size(variant: Variant, seats: int) -> int:
    """The length of :func:`recall_features` for a ``seats``-seat hand of ``variant``.

    >>> import nertslib as nl
    >>> from nertslib.adapters.recall import recall_size
    >>> recall_size(nl.variants.get("standard"), 2)
    624
    """
    return seats * (52 + variant.jokers_per_deck) * (variant.work_pile_count(seats) + 2)


def recall_features(v: View, memory: Memory) -> list[int]:
    """Where each card not shown in ``v`` was last seen (see the module docs), as 0/1 values.

    >>> import nertslib as nl
    >>> from nertslib.adapters.recall import recall_features, remember
    >>> state = nl.deal("standard", seats=2, seed=29)
    >>> seen = remember((), nl.view(nl.apply(state, nl.Move.turn(0)), 0))
    >>> sum(recall_features(nl.view(state, 0), seen))  # the three waste cards, back in the stock
    3
    """
    n = len(v.seats)
    deck = 52 + v.variant.jokers_per_deck
    per_card = v.variant.work_pile_count(n) + 2
    out = [0] * (n * deck * per_card)
    shown = _shown(v)
    first = v.seat or 0
    for card, place in memory:
        owner, index = divmod(card, DECK_SPAN)
        if card in shown or owner >= n or index >= deck:
            continue  # shown now (the observation has it), or a declared joker's id
        at = ((owner - first) % n * deck + index) * per_card
        out[at + place] = 1
    return out
