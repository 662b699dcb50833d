"""Exact stuck detection (rules.md §7).

A seat is *stuck* when no progress action (a play to a foundation, or of its Nerts top or its
waste top) is possible in any position it can reach by turning its stock through a whole pass
and rearranging its own work piles. This module decides that exactly, with no move counter:

* Stock turns and work-pile moves touch disjoint cards, so the reachable positions are every
  reachable *work configuration* paired with every reachable *waste top*.
* The waste tops of a whole pass follow from the stock order, the turn size, the remainder rule
  and the pass limit (:func:`nertslib.predicates.pass_tops`, beside the turning rule).
* The configurations are searched breadth first, with the generator's moves between work
  piles (:func:`nertslib.movegen.shuffle_moves`) and the transition's
  (:func:`nertslib.transition.piles_after`); piles that differ only in their order count as one.
  The search stops at the first configuration where the Nerts top, some waste top of the pass
  or a work top makes progress, by the same predicates move generation uses.

What a stuck table does next lives with the transition (:mod:`nertslib.stalemate`); the bots'
plans towards progress live with the bots (:mod:`nertslib.bots.planning`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from nertslib.cards import KEY
from nertslib.context import Context, Piles, Reach, Shared
from nertslib.errors import NertsError
from nertslib.jokers import lifted_key
from nertslib.movegen import (
    ONTO_WORK,
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
    may_call,
    may_fill_space,
    slide_under_open,
)
from nertslib.predicates import pass_tops as turned_tops
from nertslib.state import GameState, Layout
from nertslib.transition import piles_after

__all__ = [
    "Found",
    "Placed",
    "all_stuck",
    "is_stuck",
    "pass_offers_progress",
    "pass_tops",
    "progress_in_reach",
    "reach",
    "reach_offers",
    "seat_is_stuck",
    "waste_tops",
]

#: A search's test of one configuration: does some progress action exist there?
Goal = Callable[[Piles], bool]


class Found(NamedTuple):
    """Whether progress is in reach, and the first move of a shortest path there.

    ``step`` is ``None`` when no rearrangement is needed (or none was asked for).

    >>> import nertslib as nl
    >>> from nertslib.stuck import progress_in_reach
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> progress_in_reach(state, state.layouts[0], (), by_order=False)
    Found(found=True, step=None)
    """

    found: bool
    step: Move | None


class Placed(NamedTuple):
    """A card that progress may place, and where it comes from (``predicates.FROM_*``).

    The Nerts top (``FROM_NERTS``) or a waste top (``FROM_WASTE``): what a seat's progress test
    asks about besides its work tops.

    >>> from nertslib.predicates import FROM_NERTS
    >>> from nertslib.stuck import Placed
    >>> Placed(30, FROM_NERTS)
    Placed(card=30, source=0)
    """

    card: int
    source: int


class _Searched(NamedTuple):
    """A search's answer: :class:`Found`, and the sum of what it visited.

    The sum is there when no configuration met the goal, without jokers (see :func:`reach`).
    """

    found: bool
    step: Move | None
    summed: Reach | None


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

    :func:`nertslib.predicates.pass_tops` for the seat's layout: starts with the current waste
    top; a card may come more than once.

    >>> import nertslib as nl
    >>> from nertslib.stuck import pass_tops
    >>> state = nl.deal("standard", 1, seed=3)
    >>> len(pass_tops(state.seats[0], state.ctx))  # 11 whole turns of 35 cards, twice over
    22
    """
    return turned_tops(
        lay.deck, lay.cursor, ctx.turn, ctx.flip_immediately, lay.passes, ctx.max_passes
    )


def _go_up(state: Shared, need: tuple[int, ...], cards: Sequence[int]) -> bool:
    """Whether one of ``cards`` (no joker) may go to some foundation now.

    ``need`` is ``state.need``, worked out once by the caller.
    """
    return any_go_up(state.ctx.one_per_suit, state.fnd, need, state.ctx.fkey, cards)


class _Progress:
    """The progress test a seat asks of configurations, its cards sorted out once.

    Progress is a work top going up, or one of the cards (:class:`Placed`: the Nerts top,
    waste tops) going onto a work top, into a space or under a pile (no joker variants).
    """

    __slots__ = ("cards", "filling", "need", "placed", "state", "under")

    def __init__(self, state: Shared, cards: list[Placed]) -> None:
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


def _plain_goal(state: Shared, cards: Iterable[Placed]) -> Goal:
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


def reach_offers(state: Shared, shown: Reach, cards: Iterable[Placed]) -> bool:
    """Whether some configuration that ``shown`` sums up offers progress (no joker variants).

    Progress is a work top going up, or one of ``cards`` (:class:`Placed`: the Nerts top,
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
        facts.reach = _search(ctx, piles, _nowhere, by_order=False).summed
    assert facts.reach is not None  # a search without jokers that meets no goal sums up
    return facts.reach


def _nowhere(piles: Piles) -> bool:
    """A goal no configuration meets: a search with it visits every one."""
    return False


def _generic_goal(state: Shared, ctx: Context, cards: Iterable[Placed]) -> Goal:
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


def _search(ctx: Context, start: Piles, goal: Goal, by_order: bool) -> _Searched:
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
            return _Searched(True, step, None)
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
    return _Searched(False, None, summed)


def _seat_cards(lay: Layout, ctx: Context, tops: Iterable[int]) -> list[Placed]:
    cards = [Placed(lay.nerts[-1], FROM_NERTS)] if lay.nerts else []
    cards.extend(Placed(card, FROM_WASTE) for card in dict.fromkeys(tops))
    return cards


def _goal(state: Shared, ctx: Context, cards: list[Placed]) -> Goal:
    return _generic_goal(state, ctx, cards) if ctx.jokers else _plain_goal(state, cards)


def seat_is_stuck(state: Shared, lay: Layout) -> bool:
    """:func:`is_stuck` for a layout of a hand in play (no argument checks)."""
    if may_call(state.ctx.auto_call, len(lay.nerts)):
        return False  # the seat may call Nerts, which is progress
    return not pass_offers_progress(state, lay)


def pass_offers_progress(state: Shared, lay: Layout) -> bool:
    """Whether progress is in reach with some waste top of a whole pass (the call aside).

    >>> import nertslib as nl
    >>> from nertslib.stuck import pass_offers_progress
    >>> state = nl.deal("standard", seats=2, seed=2)
    >>> pass_offers_progress(state, state.layouts[1])
    True
    """
    ctx = state.ctx
    tops = pass_tops(lay, ctx)
    if ctx.jokers:
        return progress_in_reach(state, lay, tops, by_order=False).found
    # Usually a card of the pass goes up or onto a pile as they are: no search then.
    cards = [*lay.nerts[-1:], *tops]
    if _go_up(state, state.need, cards) or any_fits_work(cards, lay.work):
        return True
    return _rearranged(state, lay, _seat_cards(lay, ctx, tops), by_order=False).found


def progress_in_reach(state: Shared, lay: Layout, tops: Iterable[int], *, by_order: bool) -> Found:
    """Whether the seat can make progress with one of the waste tops ``tops``, and how.

    Progress counts from the Nerts top, one of ``tops`` or a work top, in any configuration
    the seat's moves between work piles reach (the call is not counted). The move is the first
    of a shortest path there with ``by_order`` (see :func:`_search`), ``None`` when no
    rearrangement is needed.
    """
    cards = _seat_cards(lay, state.ctx, tops)
    if _some_go_up(state, state.ctx, cards):
        return Found(True, None)
    return _rearranged(state, lay, cards, by_order=by_order)


def _rearranged(state: Shared, lay: Layout, cards: list[Placed], *, by_order: bool) -> Found:
    """:func:`progress_in_reach` once no card of ``cards`` goes up as things are."""
    ctx = state.ctx
    if not cards and not _work_may_go_up(state, ctx, lay):
        return Found(False, None)  # no configuration can offer progress: no search needed
    piles = (lay.work, lay.down, lay.bound)
    facts = ctx.work_facts(piles)
    if facts.reach is not None:
        # Every configuration was visited before: their sum decides, and only a plan still
        # needs its path searched.
        if not reach_offers(state, facts.reach, cards):
            return Found(False, None)
        if not by_order:
            return Found(True, None)
    searched = _search(ctx, piles, _goal(state, ctx, cards), by_order)
    if searched.summed is not None:
        facts.reach = searched.summed
    return Found(searched.found, searched.step)


def _work_may_go_up(state: Shared, ctx: Context, lay: Layout) -> bool:
    """Whether some card of the seat's work piles, face down or up, could go up if it were a top.

    Jokers could be declared as anything: with one in the piles, the answer is yes.
    """
    cards = [card for pile in (*lay.work, *lay.down) for card in pile]
    return any(KEY[card] < 0 for card in cards) or _go_up(state, state.need, cards)


def _some_go_up(state: Shared, ctx: Context, cards: list[Placed]) -> bool:
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
