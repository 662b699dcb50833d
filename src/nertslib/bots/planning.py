"""The bots' planning: the next step towards progress for a seat that has no progress move now.

Stuck detection (:mod:`nertslib.stuck`) answers whether progress is in reach; a bot also wants
the way there. :func:`plan_progress` gives the first move of a shortest rearrangement of the
work piles that brings a progress move about, else the stock action while some waste top of
the pass could make progress, else ``None`` (the seat is stuck). The greedy bot and the search
bot take their plans from here.
"""

from __future__ import annotations

from nertslib.context import Shared
from nertslib.movegen import RESTOCK, TURN, seat_layout
from nertslib.moves import Move
from nertslib.state import GameState, Layout
from nertslib.stuck import Found, pass_offers_progress, progress_in_reach

__all__ = ["plan_progress", "plan_step", "seat_plan_step", "seat_stock_step", "stock_step"]


def plan_step(state: GameState, seat: int) -> Move | None:
    """The first move of :func:`plan_progress`'s plan with the seat's current tops, if any.

    ``None`` when no rearrangement of the work piles brings a progress move about with the
    current Nerts and waste tops (or one exists already).

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.bots.planning import plan_step
    >>> plan_step(nl.deal("standard", seats=2, seed=2), 1) is None
    True
    """
    return seat_plan_step(state, seat_layout(state, seat))


def seat_plan_step(state: Shared, lay: Layout) -> Move | None:
    """:func:`plan_step` for a layout of a hand in play (no argument checks)."""
    return _planned(state, lay).step


def _planned(state: Shared, lay: Layout) -> Found:
    """Whether progress is in reach with the current tops, and the plan's first move."""
    current = lay.deck[lay.cursor - 1 : lay.cursor] if lay.cursor else ()
    if not progress_in_reach(state, lay, current, by_order=False).found:
        return Found(False, None)
    # In reach: now the path, with the piles in their order (moves name piles by index).
    return Found(True, progress_in_reach(state, lay, current, by_order=True).step)


def plan_progress(state: GameState, seat: int) -> Move | None:
    """A first step towards progress for a seat that has no progress move now.

    Returns the first move between work piles of a shortest path to a configuration where the
    seat's Nerts top, waste top or a work top can make progress; else a stock action if the
    progress needs another waste top; else ``None`` (the seat is stuck, or has a progress move
    now). Used by the bots.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.bots.planning import plan_progress
    >>> state = nl.deal("standard", seats=2, seed=2)
    >>> nl.legal_moves(state, 1)
    (Move.parse('1:turn'),)
    >>> plan_progress(state, 1)
    Move.parse('1:turn')
    """
    lay = seat_layout(state, seat)
    planned = _planned(state, lay)
    return planned.step if planned.found else stock_step(state, seat)


def stock_step(state: GameState, seat: int) -> Move | None:
    """The stock action of a seat that no rearrangement helps now; ``None`` if it is stuck.

    What :func:`plan_progress` answers when the current tops cannot make progress: turn the
    stock (or turn the waste over) while some waste top of the pass could, else nothing.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.bots.planning import stock_step
    >>> stock_step(nl.deal("standard", seats=2, seed=2), 1)
    Move.parse('1:turn')
    """
    lay = seat_layout(state, seat)
    if state.status is not None:
        return None
    return seat_stock_step(state, lay)


def seat_stock_step(state: Shared, lay: Layout) -> Move | None:
    """:func:`stock_step` for a layout of a hand in play (no argument checks)."""
    if not pass_offers_progress(state, lay):
        return None
    return TURN[lay.seat] if len(lay.deck) > lay.cursor else RESTOCK[lay.seat]
