"""Exact stuck detection and the everyone-stuck resolution (rules.md §7).

A seat is *stuck* when no progress action (a play to a foundation, or of its Nerts top or its
waste top) is possible in any position it can reach by turning its stock through a whole pass
and rearranging its own work piles. This module decides that exactly, with no move counter:

* Stock turns and work-pile moves touch disjoint cards, so the reachable positions are every
  reachable *work configuration* paired with every reachable *waste top*.
* The waste tops of a whole pass follow from the stock order, the turn size, the remainder rule
  and the pass limit (:func:`waste_tops`).
* The configurations are searched breadth first, with the generator's moves between work
  piles (:func:`nertslib.movegen.shuffle_moves`) and the transition's
  (:func:`nertslib.transition.piles_after`); piles that differ only in their order count as one.
  The search stops at the first configuration where the Nerts top, some waste top of the pass
  or a work top makes progress, by the same predicates move generation uses.

When every seat is stuck, :func:`resolve_stalemate` applies the variant's resolution; called
again while every seat is still stuck and nobody has made progress since, it ends the hand.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

from nertslib.cards import KEY
from nertslib.context import UNLIMITED, Context, Piles, Reach, Shared
from nertslib.deal import shuffled
from nertslib.errors import NertsError
from nertslib.jokers import lifted_key
from nertslib.movegen import (
    ONTO_WORK,
    RESTOCK,
    TURN,
    foundation_plays,
    play_move,
    seat_layout,
    shuffle_moves,
    work_plays,
)
from nertslib.moves import Move
from nertslib.predicates import (
    FROM_NERTS,
    FROM_WASTE,
    FROM_WORK,
    any_fits_on,
    any_fits_under,
    any_fits_work,
    any_go_up,
    may_fill_space,
    slide_under_open,
)
from nertslib.state import EndReason, GameState, Layout
from nertslib.transition import piles_after

__all__ = [
    "all_stuck",
    "is_stuck",
    "pass_tops",
    "plan_progress",
    "plan_step",
    "progress_in_reach",
    "reach",
    "reach_offers",
    "resolve_stalemate",
    "seat_is_stuck",
    "seat_plan_step",
    "seat_stock_step",
    "stock_step",
    "waste_tops",
]

#: A search's test of one configuration: does some progress action exist there?
Goal = Callable[[Piles], bool]


def waste_tops(lay: Layout, ctx: Context) -> frozenset[int]:
    """Every card that can be the waste top while the seat turns its stock through a pass.

    >>> import nertslib as nl
    >>> from nertslib.stuck import waste_tops
    >>> state = nl.deal("standard", 1, seed=3)
    >>> len(waste_tops(state.seats[0], state.ctx))  # every third card of 35
    11
    """
    return frozenset(pass_tops(lay, ctx))


def pass_tops(lay: Layout, ctx: Context) -> tuple[int, ...]:
    """The cards that show as the waste top while the seat turns its stock through a pass.

    Starts with the current waste top; a card may come more than once. Honours the turn size,
    the remainder rule and the pass limit (with no passes left, only the rest of the current
    pass counts).

    >>> import nertslib as nl
    >>> from nertslib.stuck import pass_tops
    >>> state = nl.deal("standard", 1, seed=3)
    >>> len(pass_tops(state.seats[0], state.ctx))  # 11 whole turns of 35 cards, twice over
    22
    """
    deck, cur, turn = lay.deck, lay.cursor, ctx.turn
    n = len(deck)
    tops = deck[cur - 1 : cur] + deck[cur + turn - 1 :: turn]
    more = lay.passes < ctx.max_passes
    flip = ctx.flip_immediately
    if (n - cur) % turn and not (flip and more):
        tops += deck[-1:]  # the remainder is turned up
    if more and n:
        # A fresh pass from the top of the restored stock. Its remainder shows unless it is
        # flipped at once on every pass (with a pass limit, the last pass turns it up).
        tops += deck[turn - 1 :: turn]
        if n % turn and not (flip and ctx.max_passes == UNLIMITED):
            tops += deck[-1:]
    return tops


def _go_up(state: Shared, need: tuple[int, ...], cards: Sequence[int]) -> bool:
    """Whether one of ``cards`` (no joker) may go to some foundation now.

    ``need`` is ``state.need``, worked out once by the caller.
    """
    return any_go_up(state.ctx.one_per_suit, state.fnd, need, state.ctx.fkey, cards)


class _Progress:
    """The progress test a seat asks of configurations, its cards sorted out once.

    Progress is a work top going up, or one of the cards (``(card, source)``: the Nerts top,
    waste tops) going onto a work top, into a space or under a pile (no joker variants).
    """

    __slots__ = ("cards", "filling", "need", "placed", "state", "under")

    def __init__(self, state: Shared, cards: list[tuple[int, int]]) -> None:
        self.state = state
        self.need = state.need
        self.cards = cards
        self.placed = [card for card, _ in cards]
        self.filling: list[int] | None = None  # sorted out when first asked (by_room)
        self.under = slide_under_open(state.ctx.slide, False)  # under a pile, no space about

    def by_tops(self, tops: Sequence[int]) -> bool:
        """Whether one of work tops ``tops`` goes up, or one of the cards goes onto one."""
        return _go_up(self.state, self.need, tops) or any_fits_on(self.placed, tops)

    def by_room(self, space: bool, bases: Sequence[int]) -> bool:
        """Whether one of the cards fills a space or slides under a pile.

        ``space``: there is one; ``bases``: the open bases (asked only where sliding under
        needs no space).
        """
        if self.filling is None:
            # Only these may fill a space, and so only these may slide under a pile.
            space_rule = self.state.ctx.space
            self.filling = [c for c, source in self.cards if may_fill_space(space_rule, c, source)]
        if not self.filling:
            return False
        return space or (self.under and any_fits_under(self.filling, bases))


def _plain_goal(state: Shared, cards: Iterable[tuple[int, int]]) -> Goal:
    """The progress test of a configuration for a seat without jokers (see :class:`_Progress`)."""
    progress = _Progress(state, list(cards))

    def goal(piles: Piles) -> bool:
        work = piles[0]
        tops = [pile[-1] for pile in work if pile]
        if progress.by_tops(tops):
            return True
        return progress.by_room(len(tops) < len(work), _open_bases(piles) if progress.under else ())

    return goal


def _open_bases(piles: Piles) -> list[int]:
    """The bases of the piles with no face-down card under them: what a card slides under."""
    work, down, _ = piles
    return [pile[0] for j, pile in enumerate(work) if pile and not (down and down[j])]


def reach_offers(state: Shared, shown: Reach, cards: Iterable[tuple[int, int]]) -> bool:
    """Whether some configuration that ``shown`` sums up offers progress (no joker variants).

    Progress is a work top going up, or one of ``cards`` (``(card, source)``: the Nerts top,
    waste tops) going onto a work top, into a space or under a pile. Each of these asks about
    one card of one configuration, so the tops, spaces and open bases of all the reachable
    configurations together (:func:`reach`) decide it as each configuration alone would.
    """
    progress = _Progress(state, list(cards))
    return progress.by_tops(shown.tops) or progress.by_room(shown.space, shown.bases)


def reach(ctx: Context, piles: Piles) -> Reach:
    """What the configurations reachable from work piles ``piles`` show, all together.

    Every configuration the seat's moves between work piles reach is visited once (up to the
    order of piles), and the sum is kept with the piles' facts
    (:meth:`~nertslib.context.Context.work_facts`); a search that visits them all on its way
    keeps it too.

    Raises:
        NertsError: (a :class:`ValueError`) for a variant with jokers, whose piles the sum
            cannot tell about (a joker's identity depends on the pile it lies in).

    >>> import nertslib as nl
    >>> from nertslib.stuck import reach
    >>> state = nl.deal("standard", 2, seed=5)
    >>> lay = state.seats[0]
    >>> found = reach(state.ctx, (lay.work, lay.down, lay.bound))
    >>> found.space, len(found.tops)
    (True, 4)
    """
    if ctx.jokers:
        msg = f"the sum of what work piles reach is made without jokers only: {ctx.variant!r}"
        raise NertsError(msg)
    facts = ctx.work_facts(piles)
    if facts.reach is None:
        facts.reach = _search(ctx, piles, _nowhere, by_order=False)[2]
    assert facts.reach is not None  # a search without jokers that meets no goal sums up
    return facts.reach


def _nowhere(piles: Piles) -> bool:
    """A goal no configuration meets: a search with it visits every one."""
    return False


def _generic_goal(state: Shared, ctx: Context, cards: Iterable[tuple[int, int]]) -> Goal:
    """:func:`_plain_goal` through the move generator itself (joker variants)."""
    cards = list(cards)

    def goal(piles: Piles) -> bool:
        work, _, bound = piles
        found: list[Move] = []
        for i, pile in enumerate(work):
            if pile:
                top = pile[-1]
                held = lifted_key(bound, top) if KEY[top] < 0 else -1
                foundation_plays(state, ctx, top, FROM_WORK, i, held, found)
        for card, source in cards:
            work_plays(ctx, piles, card, source, found)
        return bool(found)

    return goal


def _canonical(piles: Piles) -> object:
    """A configuration up to the order of its piles (which cannot matter for progress)."""
    work, down, bound = piles
    if down:
        return (tuple(sorted(zip(work, down, strict=True))), bound)
    return (tuple(sorted(work)), bound)


def _search(
    ctx: Context, start: Piles, goal: Goal, by_order: bool
) -> tuple[bool, Move | None, Reach | None]:
    """Search the configurations reachable from ``start`` for one that meets ``goal``.

    Breadth first over the configurations the seat's moves between work piles reach. Returns
    whether one meets ``goal``, and the first move of a shortest path to it (``None`` when
    ``start`` itself does). ``by_order`` keeps piles in their order (a plan names piles by
    index); else configurations are told apart up to the order of piles. A search that meets
    no goal has visited every configuration: it also returns their sum (:func:`reach`),
    without jokers.
    """
    key: Callable[[Piles], object] = (lambda p: p) if by_order else _canonical
    seen = {key(start)}
    queue: deque[tuple[Piles, Move | None]] = deque([(start, None)])
    tops: set[int] = set()
    bases: set[int] = set()
    space = False
    while queue:
        piles, step = queue.popleft()
        if goal(piles):
            return True, step, None
        work, down, _ = piles
        tops.update(pile[-1] for pile in work if pile)
        bases.update(_open_bases(piles))
        space = space or () in work
        for card, i, target, j in shuffle_moves(ctx, piles):
            nxt = piles_after(ctx, piles, card, FROM_WORK, i, target == ONTO_WORK, j)
            known = key(nxt)
            if known not in seen:
                seen.add(known)
                move = step or play_move(ctx, card, FROM_WORK, i, target, j)
                if not by_order and down and down[i] and work[i][0] == card:
                    # A face-down card turns up: what it opens is searched first (the
                    # verdict is the same in any order; a plan wants the shortest path).
                    queue.appendleft((nxt, move))
                else:
                    queue.append((nxt, move))
    summed = None if ctx.jokers else Reach(tuple(sorted(tops)), space, tuple(sorted(bases)))
    return False, None, summed


def _seat_cards(lay: Layout, ctx: Context, tops: Iterable[int]) -> list[tuple[int, int]]:
    cards = [(lay.nerts[-1], FROM_NERTS)] if lay.nerts else []
    cards.extend((card, FROM_WASTE) for card in dict.fromkeys(tops))
    return cards


def _goal(state: Shared, ctx: Context, cards: list[tuple[int, int]]) -> Goal:
    return _generic_goal(state, ctx, cards) if ctx.jokers else _plain_goal(state, cards)


def seat_is_stuck(state: Shared, lay: Layout) -> bool:
    """:func:`is_stuck` for a layout of a hand in play (no argument checks)."""
    if not lay.nerts and not state.ctx.auto_call:
        return False  # the seat may call Nerts, which is progress
    return not _pass_offers_progress(state, lay)


def _pass_offers_progress(state: Shared, lay: Layout) -> bool:
    """Whether progress is in reach with some waste top of a whole pass (the call aside)."""
    ctx = state.ctx
    tops = pass_tops(lay, ctx)
    if ctx.jokers:
        return progress_in_reach(state, lay, tops, by_order=False)[0]
    # Usually a card of the pass goes up or onto a pile as they are: no search then.
    cards = [*lay.nerts[-1:], *tops]
    if _go_up(state, state.need, cards) or any_fits_work(cards, lay.work):
        return True
    return _rearranged(state, lay, _seat_cards(lay, ctx, tops), by_order=False)[0]


def progress_in_reach(
    state: Shared, lay: Layout, tops: Iterable[int], *, by_order: bool
) -> tuple[bool, Move | None]:
    """Whether the seat can make progress with one of the waste tops ``tops``, and how.

    Progress counts from the Nerts top, one of ``tops`` or a work top, in any configuration
    the seat's moves between work piles reach (the call is not counted). The move is the first
    of a shortest path there with ``by_order`` (see :func:`_search`), ``None`` when no
    rearrangement is needed.
    """
    cards = _seat_cards(lay, state.ctx, tops)
    if _some_go_up(state, state.ctx, cards):
        return True, None
    return _rearranged(state, lay, cards, by_order=by_order)


def _rearranged(
    state: Shared, lay: Layout, cards: list[tuple[int, int]], *, by_order: bool
) -> tuple[bool, Move | None]:
    """:func:`progress_in_reach` once no card of ``cards`` goes up as things are."""
    ctx = state.ctx
    if not cards and not _work_may_go_up(state, ctx, lay):
        return False, None  # no configuration can offer progress: no search needed
    piles = (lay.work, lay.down, lay.bound)
    facts = ctx.work_facts(piles)
    if facts.reach is not None:
        # Every configuration was visited before: their sum decides, and only a plan still
        # needs its path searched.
        if not reach_offers(state, facts.reach, cards):
            return False, None
        if not by_order:
            return True, None
    found, step, summed = _search(ctx, piles, _goal(state, ctx, cards), by_order)
    if summed is not None:
        facts.reach = summed
    return found, step


def _work_may_go_up(state: Shared, ctx: Context, lay: Layout) -> bool:
    """Whether some card of the seat's work piles, face down or up, could go up if it were a top.

    Jokers could be declared as anything: with one in the piles, the answer is yes.
    """
    cards = [card for pile in (*lay.work, *lay.down) for card in pile]
    return any(KEY[card] < 0 for card in cards) or _go_up(state, state.need, cards)


def _some_go_up(state: Shared, ctx: Context, cards: list[tuple[int, int]]) -> bool:
    """Whether one of ``cards`` (the Nerts top, waste tops) may go to a foundation.

    The answer is the same in every configuration of the work piles.
    """
    if not ctx.jokers:
        return _go_up(state, state.need, [card for card, _ in cards])
    found: list[Move] = []
    for card, source in cards:
        foundation_plays(state, ctx, card, source, 0, -1, found)
    return bool(found)


def is_stuck(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can make no progress by turning its stock and rearranging its work piles.

    Exact (see the module docs). A finished hand has no stuck seats, and a seat that may
    call Nerts (its Nerts pile is empty, ``call_mode="optional"``) is never stuck: calling is
    progress.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> nl.is_stuck(state, 0)
    False
    """
    lay = seat_layout(state, seat)
    if state.status is not None:
        return False
    return seat_is_stuck(state, lay)


def all_stuck(state: GameState) -> bool:
    """Whether every seat of a hand in play is stuck (see :func:`is_stuck`).

    >>> import nertslib as nl
    >>> nl.all_stuck(nl.deal("standard", seats=2, seed=1))
    False
    """
    if state.status is not None:
        return False
    return all(seat_is_stuck(state, lay) for lay in state.layouts)


def resolve_stalemate(state: GameState) -> GameState:
    """The everyone-stuck step: a system action, taken when :func:`all_stuck` holds.

    With ``stuck_resolution="restock"`` (the seeds' rule, the standard) each seat forms a new
    stock: its remaining stock cards go onto its waste and the whole waste is turned over,
    order restored, no card moved. ``"rotate_one"`` does the same and then moves the new
    stock's top card to the bottom; ``"shuffle"`` shuffles each seat's stock and waste together
    (from the state's seed and the resolution's number); ``"end_hand"`` ends the hand at once.
    If a resolution was already applied and no seat has made progress since ("stuck, even with
    a new stock"), the call ends the hand in stalemate instead.

    Raises:
        NertsError: (a :class:`ValueError`) if the hand is over or some seat is not stuck.

    >>> import nertslib as nl
    >>> nl.resolve_stalemate(nl.deal("standard", seats=2, seed=1))
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: not every seat is stuck: seat 0 can still make progress
    """
    if state.status is not None:
        msg = "the hand is over"
        raise NertsError(msg)
    loose = [s for s, lay in enumerate(state.layouts) if not seat_is_stuck(state, lay)]
    if loose:
        msg = f"not every seat is stuck: seat {loose[0]} can still make progress"
        raise NertsError(msg)
    rule = state.variant.stuck_resolution
    if state.stalled or rule == "end_hand":
        return GameState(
            state.variant,
            state.layouts,
            state.fnd,
            EndReason.STALEMATE,
            -1,
            state.stalled,
            state.resolutions,
            state.seed,
        )
    layouts = tuple(_resolved(state, lay, rule) for lay in state.layouts)
    return GameState(
        state.variant, layouts, state.fnd, None, -1, True, state.resolutions + 1, state.seed
    )


def _resolved(state: GameState, lay: Layout, rule: str) -> Layout:
    """The seat's layout after the stock resolution ``rule`` (its waste turned into its stock).

    The deck holds the waste bottom first, then the stock in turning order: the remaining
    stock turned onto the waste and the waste turned over give the same order from the start,
    so a restock only moves the cursor back to the first card.
    """
    deck = lay.deck
    if rule == "shuffle":
        deck = shuffled(deck, state.seed, 8 * (state.resolutions + 1) + lay.seat)
    elif rule == "rotate_one" and deck:
        deck = (*deck[1:], deck[0])
    return Layout(lay.seat, lay.nerts, lay.work, deck, 0, lay.passes, lay.down, lay.bound)


def plan_step(state: GameState, seat: int) -> Move | None:
    """The first move of :func:`plan_progress`'s plan with the seat's current tops, if any.

    ``None`` when no rearrangement of the work piles brings a progress move about with the
    current Nerts and waste tops (or one exists already).

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.stuck import plan_step
    >>> plan_step(nl.deal("standard", seats=2, seed=2), 1) is None
    True
    """
    return seat_plan_step(state, seat_layout(state, seat))


def seat_plan_step(state: Shared, lay: Layout) -> Move | None:
    """:func:`plan_step` for a layout of a hand in play (no argument checks)."""
    return _planned(state, lay)[1]


def _planned(state: Shared, lay: Layout) -> tuple[bool, Move | None]:
    """Whether progress is in reach with the current tops, and the plan's first move."""
    current = lay.deck[lay.cursor - 1 : lay.cursor] if lay.cursor else ()
    if not progress_in_reach(state, lay, current, by_order=False)[0]:
        return False, None
    # In reach: now the path, with the piles in their order (moves name piles by index).
    return True, progress_in_reach(state, lay, current, by_order=True)[1]


def plan_progress(state: GameState, seat: int) -> Move | None:
    """A first step towards progress for a seat that has no progress move now.

    Returns the first move between work piles of a shortest path to a configuration where the
    seat's Nerts top, waste top or a work top can make progress; else a stock action if the
    progress needs another waste top; else ``None`` (the seat is stuck, or has a progress move
    now). Used by the bots.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.stuck import plan_progress
    >>> state = nl.deal("standard", seats=2, seed=2)
    >>> nl.legal_moves(state, 1)
    (Move.parse('1:turn'),)
    >>> plan_progress(state, 1)
    Move.parse('1:turn')
    """
    lay = seat_layout(state, seat)
    found, step = _planned(state, lay)
    return step if found else stock_step(state, seat)


def stock_step(state: GameState, seat: int) -> Move | None:
    """The stock action of a seat that no rearrangement helps now; ``None`` if it is stuck.

    What :func:`plan_progress` answers when the current tops cannot make progress: turn the
    stock (or turn the waste over) while some waste top of the pass could, else nothing.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.stuck import stock_step
    >>> stock_step(nl.deal("standard", seats=2, seed=2), 1)
    Move.parse('1:turn')
    """
    lay = seat_layout(state, seat)
    if state.status is not None:
        return None
    return seat_stock_step(state, lay)


def seat_stock_step(state: Shared, lay: Layout) -> Move | None:
    """:func:`stock_step` for a layout of a hand in play (no argument checks)."""
    if not _pass_offers_progress(state, lay):
        return None
    return TURN[lay.seat] if len(lay.deck) > lay.cursor else RESTOCK[lay.seat]
