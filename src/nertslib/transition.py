"""The transition: the position after a legal move, built once here for every path.

:func:`nertslib.apply` validates a move and then calls :func:`successor`; stuck detection and
the bots' planner move cards between work piles with :func:`moved_piles`, the same function
:func:`successor` uses. Nothing here checks a rule: the callers hand in legal moves.
"""

from __future__ import annotations

from typing import NamedTuple

from nertslib.cards import DECLARED_BASE, FACE, KEY
from nertslib.context import SPACE_KING_ONLY, Context, Piles
from nertslib.jokers import bind_pile, kinged
from nertslib.moves import K_CALL, K_PLAY, K_RESTOCK, K_ROTATE, K_TURN, Move, Zone
from nertslib.predicates import FROM_WORK, turned_cursor
from nertslib.state import EndReason, GameState, Layout

__all__ = ["moved_piles", "piles_after", "successor"]

Work = tuple[tuple[int, ...], ...]


def moved_piles(
    work: Work, down: Work, card: int, source: int, sidx: int, onto: bool, tidx: int
) -> tuple[Work, Work]:
    """The face-up and face-down work piles after ``card`` moves to work pile ``tidx``.

    It goes onto the pile (``onto``) or under it; from work pile ``sidx`` when ``source`` is
    ``FROM_WORK`` (with the cards above it), else from the Nerts pile or the waste. ``card``
    is the id as it lies (a raw joker, not a declared one). In the Klondike layout a pile
    emptied of its face-up cards turns up its next face-down card.

    >>> from nertslib.predicates import FROM_WORK
    >>> from nertslib.transition import moved_piles
    >>> ten_s, nine_h = 48, 34
    >>> moved_piles(((ten_s,), (nine_h,)), (), nine_h, FROM_WORK, 1, True, 0)
    (((48, 34), ()), ())
    """
    piles = list(work)
    if source == FROM_WORK:
        pile = piles[sidx]
        d = pile.index(card)
        moved = pile[d:]
        if not d and down and down[sidx]:
            hidden = down[sidx]
            piles[sidx] = hidden[-1:]
            lowered = list(down)
            lowered[sidx] = hidden[:-1]
            down = tuple(lowered) if any(lowered) else ()
        else:
            piles[sidx] = pile[:d]
    else:
        moved = (card,)
    piles[tidx] = piles[tidx] + moved if onto else moved + piles[tidx]
    return tuple(piles), down


def piles_after(
    ctx: Context, piles: Piles, card: int, source: int, sidx: int, onto: bool, tidx: int
) -> Piles:
    """:func:`moved_piles` with the jokers' bindings.

    A joker that fills a King-only space (or slides under as its King) stands for a King from
    then on (:func:`nertslib.jokers.kinged`); under ``joker_binding="permanent"`` a joker
    covered on the target pile is bound to the identity its cards fix.

    >>> import nertslib as nl
    >>> from nertslib.predicates import FROM_NERTS
    >>> from nertslib.transition import piles_after
    >>> ctx = nl.deal("standard", 1, seed=1).ctx
    >>> piles_after(ctx, (((48,), ()), (), ()), 34, FROM_NERTS, 0, True, 0)
    (((48, 34), ()), (), ())
    """
    work, down, bound = piles
    work, down = moved_piles(work, down, card, source, sidx, onto, tidx)
    if ctx.jokers and ctx.space == SPACE_KING_ONLY and KEY[card] < 0 and work[tidx][0] == card:
        bound = kinged(bound, card, ctx.variant.jokers_per_deck)
    if ctx.jokers and ctx.permanent:
        bound = bind_pile(work[tidx], bound, ctx.variant.jokers_per_deck)
    return work, down, bound


def _unbound(bound: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``bound`` after the declared joker ``card`` went up: it leaves its binding behind."""
    if not bound or card < DECLARED_BASE:
        return bound
    new = list(bound)
    new[FACE[card] - 52] = -1
    return tuple(new) if max(new) >= 0 else ()


class _Played(NamedTuple):
    """A play's seat layout, and the hand's fields the play may change."""

    mine: Layout
    fnd: tuple[tuple[int, ...], ...]
    status: EndReason | None
    caller: int
    stalled: bool


def _played(state: GameState, lay: Layout, move: Move) -> _Played:
    """The seat's layout after the legal play ``move``, and the hand's fields after it.

    Those are the foundations, the status, the caller and the stall flag.
    """
    ctx = state.ctx
    card = move.card.id  # type: ignore[union-attr]
    nerts, work, down, bound = lay.nerts, lay.work, lay.down, lay.bound
    deck, cur = lay.deck, lay.cursor
    source = move.source
    assert source is not None
    if source is Zone.NERTS:
        nerts = nerts[:-1]
    elif source is Zone.WASTE:
        deck = deck[: cur - 1] + deck[cur:]
        cur -= 1
    fnd = state.fnd
    if move.to_foundation:
        if move.target is Zone.FOUNDATION:
            k = move.target_index
            fnd = (*fnd[:k], (*fnd[k], card), *fnd[k + 1 :])
        else:
            fnd = (*fnd, (card,))
        if source is Zone.WORK:
            work, down = _lifted(work, down, move.source_index)
        if ctx.jokers:  # a joker's binding, or its King-only stand, stays behind
            bound = _unbound(bound, card)
    else:
        onto = move.target is Zone.WORK
        piles = (work, down, bound)
        where = _SOURCE[source], move.source_index
        work, down, bound = piles_after(ctx, piles, card, *where, onto, move.target_index)
    stalled, status, caller = state.stalled, state.status, state.caller
    if move.is_progress:  # a move between work piles leaves a stall as it was
        stalled = False
        if ctx.auto_call and source is Zone.NERTS and not nerts:
            status, caller = EndReason.NERTS, lay.seat
    mine = Layout(
        seat=lay.seat,
        nerts=nerts,
        work=work,
        deck=deck,
        cursor=cur,
        passes=lay.passes,
        down=down,
        bound=bound,
    )
    return _Played(mine, fnd, status, caller, stalled)


def _lifted(work: Work, down: Work, i: int) -> tuple[Work, Work]:
    """The piles after work pile ``i``'s top card went to a foundation.

    In the Klondike layout the next face-down card turns up when no face-up card is left.
    """
    piles = list(work)
    piles[i] = piles[i][:-1]
    if not piles[i] and down and down[i]:
        piles[i] = down[i][-1:]
        lowered = list(down)
        lowered[i] = down[i][:-1]
        down = tuple(lowered) if any(lowered) else ()
    return tuple(piles), down


_SOURCE = {Zone.NERTS: 0, Zone.WASTE: 1, Zone.WORK: FROM_WORK}


def _stock_moved(ctx: Context, lay: Layout, move: Move) -> Layout:
    """The layout after a legal turn, restock or rotation of its stock."""
    deck, cur, passes = lay.deck, lay.cursor, lay.passes
    kind = move.kind
    if kind is K_TURN:
        cur, passes = turned_cursor(
            cur, len(deck), ctx.turn, ctx.flip_immediately, passes, ctx.max_passes
        )
    elif kind is K_RESTOCK:
        cur, passes = 0, passes + 1
    else:  # a rotation: the stock's top card goes to its bottom
        deck = (*deck[:cur], *deck[cur + 1 :], deck[cur])
    return Layout(
        seat=lay.seat,
        nerts=lay.nerts,
        work=lay.work,
        deck=deck,
        cursor=cur,
        passes=passes,
        down=lay.down,
        bound=lay.bound,
    )


def successor(state: GameState, move: Move) -> GameState:
    """The state after ``move``, which the caller knows is legal in ``state``.

    The input is never changed; the result shares every pile the move did not touch.

    >>> import nertslib as nl
    >>> from nertslib.transition import successor
    >>> state = nl.deal("standard", 2, seed=1)
    >>> successor(state, nl.Move.turn(0)) == nl.apply(state, nl.Move.turn(0))
    True
    """
    seat = move.seat
    lay = state.layouts[seat]
    kind = move.kind
    if kind is K_CALL:
        return _next_state(state, state.layouts, state.fnd, EndReason.NERTS, seat, state.stalled)
    fnd, status, caller, stalled = state.fnd, state.status, state.caller, state.stalled
    if kind is K_PLAY:
        mine, fnd, status, caller, stalled = _played(state, lay, move)
    else:
        assert kind in (K_TURN, K_RESTOCK, K_ROTATE)
        mine = _stock_moved(state.ctx, lay, move)
    layouts = list(state.layouts)
    layouts[seat] = mine
    return _next_state(state, tuple(layouts), fnd, status, caller, stalled)


def _next_state(
    state: GameState,
    layouts: tuple[Layout, ...],
    fnd: Work,
    status: EndReason | None,
    caller: int,
    stalled: bool,
) -> GameState:
    """``state`` with the given layouts, foundations and status (same variant, seed, restocks)."""
    return GameState(
        variant=state.variant,
        layouts=layouts,
        fnd=fnd,
        status=status,
        caller=caller,
        stalled=stalled,
        resolutions=state.resolutions,
        seed=state.seed,
    )
