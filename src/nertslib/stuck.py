"""Exact stuck detection and the everyone-stuck resolution (rules.md §7).

A seat is *stuck* when no progress action (a play to a foundation, or of its Nerts top or its
waste top) is possible in any position it can reach by turning its stock through a whole pass
and rearranging its own work piles. This module decides that exactly, with no move counter:

* Stock turns and work-pile moves touch disjoint cards, so the reachable positions are every
  reachable *work configuration* paired with every reachable *waste top*.
* The waste tops of a whole pass follow from the stock order, the turn size, the remainder rule
  and the pass limit (:func:`waste_tops`).
* The work configurations reachable by moves between work piles are found by a depth-first
  search over configurations with the piles sorted (their order cannot matter), and summarised
  as the keys a card needs to go onto some reachable top, whether a space can be made, and
  which bases a card could slide under. The summary depends only on the work piles and three
  rule fields, so it is cached.
* A progress action is a single action in a single position, so the seat is stuck exactly when
  no summarised condition admits its Nerts top, a reachable waste top, or a reachable work top.
* Where a search's configurations cannot share its summary (face-down cards, whose turning up
  cannot be undone, or rules under which other moves cannot be undone either), the search
  stops at the first configuration that admits progress: a summary is the union of its
  configurations', and the conditions are disjunctions over it, so the verdict is the same.
  Elsewhere it does so once it has summarised 2 000 configurations (a hand's classes are far
  smaller; their summaries are cached for every member).
* A layout that holds a joker is searched generically, configuration by configuration, with
  the jokers' bindings; piles that differ only in their order count as one.

When every seat is stuck, :func:`resolve_stalemate` applies the variant's resolution; called
again while every seat is still stuck and nobody has made progress since, it ends the hand.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Final, NamedTuple, Protocol, cast

from nertslib.cards import DECK_SPAN, KEY, KING, MAX_SEATS, ON, RANK, UNDER, declared_id
from nertslib.context import (
    MOVE_ANY_SUFFIX,
    MOVE_TOP_CARD,
    SLIDE_ALWAYS,
    SLIDE_NEEDS_SPACE,
    SLIDE_OFF,
    SPACE_ANY,
    SPACE_KING_ONLY,
    Context,
)
from nertslib.deal import shuffled
from nertslib.errors import NertsError
from nertslib.moves import Move
from nertslib.rules import (
    _N,
    _P,
    _RESTOCK,
    _TP,
    _TURN,
    _W,
    _bind_pile,
    _declarations,
    _layout,
    _mandatory_fills,
    _mv,
    _shuffle_moves,
    _space_ok,
    _suit_started,
    _valid,
    _WorkInfo,
    joker_constraint,
    joker_shuffle_moves,
)
from nertslib.state import EndReason, GameState, Layout

__all__ = [
    "all_stuck",
    "is_stuck",
    "iter_waste_tops",
    "plan_progress",
    "resolve_stalemate",
    "waste_tops",
]

Work = tuple[tuple[int, ...], ...]
#: Klondike: work piles as sorted ``(face-down cards, face-up cards)`` pairs.
DownWork = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


class WorkSummary(NamedTuple):
    """What every work configuration reachable by moves between work piles offers."""

    tops: tuple[int, ...]
    """Cards that are a pile's top in some reachable configuration, in order.

    The card and key sets are sorted tuples, not sets: the garbage collector stops tracking a
    tuple of ints, but walks every set on each full pass, and the caches hold tens of
    thousands of summaries."""
    on_keys: tuple[int, ...]
    """Work-pile keys of cards that fit on some reachable top, in order."""
    space: bool
    """Some reachable configuration has an empty pile."""
    under_keys_with_space: tuple[int, ...]
    """Keys of cards that fit under a base in a reachable configuration with a space.

    Consulted only for cards that may not fill a space: with ``space_fill="any"`` and a
    reachable space it is never needed, and it is then given as every work card's key."""
    under_keys: tuple[int, ...]
    """Keys of cards that fit under a base in some reachable configuration."""


def _sorted_once(keys: Iterable[int]) -> tuple[int, ...]:
    """A :class:`WorkSummary` set of cards or keys: sorted, each once."""
    return tuple(sorted(set(keys)))


class _Foundations(Protocol):
    """What the progress tests read of a hand.

    A :class:`~nertslib.GameState`, or the mutable hand of ``nertslib.fastplay``, whose
    ``need`` counts the keys (the tests only ask ``in`` and iterate).
    """

    @property
    def fnd(self) -> Sequence[Sequence[int]]:
        """The foundation piles (card ids)."""
        ...  # pragma: no cover - a protocol

    @property
    def need(self) -> Collection[int]:
        """The keys the foundations need next (only ``in`` and iteration are used)."""
        ...  # pragma: no cover - a protocol


class _Stock(Protocol):
    """What the waste-top tests read of a seat.

    A :class:`~nertslib.Layout`, or the mutable seat of ``nertslib.fastplay``.
    """

    @property
    def deck(self) -> tuple[int, ...]:
        """The stock and waste, as one tuple."""
        ...  # pragma: no cover - a protocol

    @property
    def cursor(self) -> int:
        """The waste size."""
        ...  # pragma: no cover - a protocol

    @property
    def passes(self) -> int:
        """The passes used."""
        ...  # pragma: no cover - a protocol


_PLAN_BUDGET: Final = 20_000
_SUMMARIES: dict[tuple[Work | DownWork, int, int, int], WorkSummary] = {}
_CACHE_LIMIT: Final = 65_536


def _after(work: Work, card: int, i: int, tgt: int, j: int) -> Work:
    piles = list(work)
    pile = piles[i]
    d = pile.index(card)
    moved = pile[d:]
    piles[i] = pile[:d]
    piles[j] = piles[j] + moved if tgt == _TP else moved + piles[j]
    return tuple(piles)


def _after_down(work: Work, down: Work, card: int, i: int, tgt: int, j: int) -> tuple[Work, Work]:
    """:func:`_after` in the Klondike layout: a pile left without face-up cards turns one up."""
    piles, hidden = list(work), list(down or ((),) * len(work))
    pile = piles[i]
    d = pile.index(card)
    moved = pile[d:]
    if not d and hidden[i]:
        piles[i], hidden[i] = hidden[i][-1:], hidden[i][:-1]
    else:
        piles[i] = pile[:d]
    piles[j] = piles[j] + moved if tgt == _TP else moved + piles[j]
    new_down = tuple(hidden)
    return tuple(piles), new_down if any(new_down) else ()


def _next_pairs(cfg: DownWork, card: int, i: int, tgt: int, j: int) -> DownWork:
    """``_pairs(*_after_down(...))`` of the piles of ``cfg`` (as :func:`_split` orders them)."""
    pairs = list(cfg)
    hidden, pile = pairs[i]
    d = pile.index(card)
    moved = pile[d:]
    pairs[i] = (hidden[:-1], hidden[-1:]) if not d and hidden else (hidden, pile[:d])
    hidden, pile = pairs[j]
    pairs[j] = (hidden, pile + moved if tgt == _TP else moved + pile)
    pairs.sort()
    return tuple(pairs)


def _split(cfg: DownWork) -> tuple[Work, Work]:
    work = tuple(p for _, p in cfg)
    down = tuple(d for d, _ in cfg)
    return work, down if any(down) else ()


def _pairs(work: Work, down: Work) -> DownWork:
    return tuple(sorted(zip(down or ((),) * len(work), work, strict=True)))


def _class_start(work: Work, down: Work) -> Work | DownWork:
    """The configuration a search of ``work``'s class starts from, as :func:`_search` takes it.

    The sorted piles, or with face-down cards (``down``) the sorted pairs of :func:`_pairs`.
    """
    return _pairs(work, down) if down else tuple(sorted(work))


def work_summary(
    work: Work, space: int, slide: int, move_rule: int, down: Work = ()
) -> WorkSummary:
    """Summarise every configuration reachable from ``work`` by moves between work piles.

    ``down`` holds the face-down cards under each pile in the Klondike layout: moves that
    uncover them are part of the search (turning a card up cannot be undone).
    """
    start = _class_start(work, down)
    summary = _class_summary(start, bool(down), space, slide, move_rule, 0, bounded=False)[1]
    return cast(WorkSummary, summary)  # unbounded: always searched to its end


def _class_summary(
    start: Work | DownWork,
    klondike: bool,
    space: int,
    slide: int,
    move_rule: int,
    filed: int,
    bounded: bool,
) -> tuple[set[Work | DownWork] | None, WorkSummary | None]:
    """:func:`work_summary` from the sorted ``start``, and the configurations its search found.

    A summary in the cache comes back with ``None`` for the configurations. A search that
    finds more than ``filed`` configurations is filed in the cache (:func:`work_summary`
    files every one). With ``bounded``, a class of more than :data:`_PATIENCE`
    configurations (top-card moves and a space can make 100 000 and more) is not searched to
    its end: the summary is ``None``, and nothing is filed. The fast greedy driver asks so,
    and leaves such a choice to the bot's planner (:func:`_plan_progress`), which searches
    only as far as progress.
    """
    key = (start, space, slide, move_rule)
    hit = _SUMMARIES.get(key)
    if hit is not None:
        return None, hit
    seen: set[Work | DownWork] = set()
    if bounded:
        summary = _search(start, klondike, space, slide, move_rule, seen, _too_large, _PATIENCE)
    else:
        summary = _search(start, klondike, space, slide, move_rule, seen)
    if summary is not None:
        _file(key, seen, summary, klondike, filed)
    return seen, summary


def _too_large(_: WorkSummary) -> bool:
    """The goal that stops a search once it has found :data:`_PATIENCE` configurations."""
    return True


def _file(
    key: tuple[Work | DownWork, int, int, int],
    seen: set[Work | DownWork],
    summary: WorkSummary,
    klondike: bool,
    filed: int,
) -> None:
    """File a search's ``summary`` under ``key`` if it found more than ``filed`` configurations."""
    _, space, slide, move_rule = key
    if len(seen) > filed:
        if len(_SUMMARIES) + len(seen) >= _CACHE_LIMIT:
            _SUMMARIES.clear()
        if not klondike and _reversible(space, slide, move_rule) and len(seen) < _CACHE_LIMIT // 2:
            # Every move can be undone: all configurations found reach each other, so they
            # all share the summary (later calls after moves between work piles are cache
            # hits). Turning a face-down card up cannot be undone: Klondike searches never
            # share.
            for cfg in seen:
                _SUMMARIES[(cfg, space, slide, move_rule)] = summary
        _SUMMARIES[key] = summary


def _searched_to_progress(lay: Layout, ctx: Context) -> bool:
    """Whether the stuck test searches ``lay``'s piles only as far as progress at once.

    A layout with face-down cards, or rules under which some move between the piles cannot
    be undone: then the configurations a search finds do not share its summary (it is filed
    for the start alone), and the whole search may be large for little use. Otherwise the
    search summarises :data:`_PATIENCE` configurations before it looks for progress.
    """
    return bool(lay.down) or not _reversible(ctx.space, ctx.slide, ctx.move_rule)


_PATIENCE: Final = 2_000
"""Configurations a search under reversible rules summarises whole before it stops at progress:
the classes a hand meets are far smaller, and their summaries are filed for every member; a
rare class of 100 000 and more (top-card moves and a space, say) is not searched to its end."""


def _progress_in_reach(
    state: _Foundations, ctx: Context, lay: Layout, nerts: int, waste: _Waste, why: bool = True
) -> tuple[WorkSummary | None, bool, bool]:
    """Progress in reach of ``lay``'s piles, searched only as far as needed.

    Returns the layout's :func:`work_summary` (``None`` if the search stopped before its end,
    or was not needed: no Nerts or waste card, and no work card that could go up),
    whether some reachable configuration lets the Nerts top ``nerts`` (``-1``: none), a card
    of ``waste`` or a work top make progress, and whether that progress goes onto the seat's
    own piles (then it holds whatever the foundations are). Turning a card up cannot be
    undone, so a Klondike search cannot close on a space the way an all-face-up one does and
    may meet a great many configurations (241 781 in one reachable position); most layouts
    reach progress after a few. See :func:`_searched_to_progress` for where the search stops
    at once and where after :data:`_PATIENCE` configurations. Without ``why`` the third
    value may be ``False`` where it would be ``True`` (the cheaper test comes first).
    """
    space, slide, move_rule = ctx.space, ctx.slide, ctx.move_rule
    klondike = bool(lay.down)
    start = _class_start(lay.work, lay.down)
    key = (start, space, slide, move_rule)
    summary = _SUMMARIES.get(key)
    if summary is None:
        if (
            nerts < 0
            and not waste.keys
            and not any(_to_foundation_ok(state, ctx, c) for p in (*lay.work, *lay.down) for c in p)
        ):
            # No Nerts card, no waste top, and none of the seat's work cards, face-down ones
            # included, can go up: no configuration makes progress, whatever the search finds.
            return None, False, False
        own = False

        def goal(one: WorkSummary) -> bool:
            nonlocal own
            own = _onto_work(ctx, one, nerts, waste)
            return own or _to_foundations(state, ctx, one, nerts, waste)

        seen: set[Work | DownWork] = set()
        patience = 0 if _searched_to_progress(lay, ctx) else _PATIENCE
        summary = _search(start, klondike, space, slide, move_rule, seen, goal, patience)
        if summary is None:
            return None, True, own
        _file(key, seen, summary, klondike, 0)
    if not why:
        return summary, _progress_with(state, ctx, summary, nerts, waste), False
    if _onto_work(ctx, summary, nerts, waste):
        return summary, True, True
    return summary, _to_foundations(state, ctx, summary, nerts, waste), False


def _reversible(space: int, slide: int, move_rule: int) -> bool:
    """Whether every move between work piles can be undone by another such move.

    A stack moved onto a fitting card can go back onto the card it left, and one moved into a
    space can go back too; but a whole pile moved onto a card can return to its empty pile
    only when any card may fill a space, so ``space_fill`` must be ``"any"``. Sliding under
    is reversible only as its two-move shortcut (a card into a space, then a whole pile onto
    it), which needs any-suffix moves. ``whole_pile`` moves are not reversible.
    """
    if space != SPACE_ANY:
        return False
    if move_rule == MOVE_ANY_SUFFIX:
        return slide in (SLIDE_OFF, SLIDE_NEEDS_SPACE)
    return move_rule == MOVE_TOP_CARD and slide == SLIDE_OFF


def _search(  # noqa: PLR0912 - one loop, inlined (searches are hot)
    start: Work | DownWork,
    klondike: bool,
    space: int,
    slide: int,
    move_rule: int,
    seen: set[Work | DownWork],
    goal: Callable[[WorkSummary], bool] | None = None,
    patience: int = 0,
) -> WorkSummary | None:
    """Depth-first over the configurations reachable from ``start``, summarised.

    A configuration is the sorted piles (their order cannot matter), or with ``klondike`` the
    sorted ``(face-down, face-up)`` pairs of :func:`_pairs`. With ``goal``, the search stops
    and returns ``None`` at the first configuration whose summary alone meets it, once it has
    found more than ``patience`` configurations (then first the summary of those it has
    taken so far): the summary of a search is the union of its configurations' summaries,
    and the progress tests are disjunctions over that union, so stopping gives the same
    verdict. A search that closes on a space returns its whole summary, goal or not.
    """
    seen.add(start)
    frontier = [start]
    tops: set[int] = set()
    under_space: set[int] = set()
    under_all: set[int] = set()
    has_space = False
    # With any-suffix moves into any space, one space makes every face-up card a top (move
    # what lies above it into the space) and a base (move it with what lies above it there).
    # With every card face up that closes the search, which would otherwise enumerate every
    # way to cut the runs.
    closes_on_space = space == SPACE_ANY and move_rule == MOVE_ANY_SUFFIX
    while frontier:
        cfg = frontier.pop()
        if klondike:
            work, down = _split(cast(DownWork, cfg))
        else:
            work, down = cast(Work, cfg), ()
        cfg_space = () in work
        if cfg_space and closes_on_space and not down:
            return _closed(work)  # the whole search's summary: returned even with a goal
        if goal is not None and len(seen) > patience:
            if patience and goal(_summary_so_far(tops, has_space, under_space, under_all)):
                return None
            patience = 0
            if goal(_summary_of(work, down)):
                return None
        has_space = has_space or cfg_space
        for i, pile in enumerate(work):
            if pile:
                tops.add(pile[-1])
                if not (down and down[i]):  # nothing slides under a face-down card
                    under_all.add(UNDER[pile[0]])
                    if cfg_space:
                        under_space.add(UNDER[pile[0]])
        nxt: Work | DownWork
        if klondike:
            # Configurations that turn a card up are taken first (pushed last): the cards
            # under the face-down ones are what a search for progress most often waits for.
            turned: list[Work | DownWork] = []
            pairs = cast(DownWork, cfg)
            for card, i, tgt, j in _shuffle_moves(work, space, slide, move_rule, down):
                nxt = _next_pairs(pairs, card, i, tgt, j)
                if nxt not in seen:
                    seen.add(nxt)
                    if down and down[i] and work[i][0] == card:
                        turned.append(nxt)
                    else:
                        frontier.append(nxt)
            frontier += turned
            continue
        for card, i, tgt, j in _shuffle_moves(work, space, slide, move_rule):
            nxt = tuple(sorted(_after(work, card, i, tgt, j)))
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return _summary_so_far(tops, has_space, under_space, under_all)


def _summary_so_far(
    tops: set[int], space: bool, under_space: set[int], under_all: set[int]
) -> WorkSummary:
    """The summary of the configurations :func:`_search` has taken."""
    return WorkSummary(
        _sorted_once(tops),
        _sorted_once([ON[t] for t in tops]),
        space,
        _sorted_once(under_space),
        _sorted_once(under_all),
    )


def _closed(work: Work) -> WorkSummary:
    """The summary of every face-up ``work`` with a space, any-suffix moves and any fill."""
    cards = [c for pile in work for c in pile]
    unders = _sorted_once([UNDER[c] for c in cards])
    return WorkSummary(
        _sorted_once(cards), _sorted_once([ON[c] for c in cards]), True, unders, unders
    )


def iter_waste_tops(lay: Layout, ctx: Context) -> Iterator[int]:
    """The cards that show as the waste top while the seat turns its stock through a pass.

    Starts with the current waste top; a card may come more than once. Honours the turn size,
    the remainder rule and the pass limit (with no passes left, only the rest of the current
    pass counts).
    """
    deck, n, turn = lay.deck, len(lay.deck), ctx.turn
    pos, passes = lay.cursor, lay.passes
    if pos:
        yield deck[pos - 1]
    restarted = False
    while True:
        if pos < n:
            left = n - pos
            if left < turn and ctx.flip_immediately and passes < ctx.max_passes:
                if restarted:
                    if ctx.variant.max_stock_passes is not None:
                        # Every fresh pass shows the same tops, except the last one allowed:
                        # it turns its remainder up instead of flipping the waste over.
                        yield deck[n - 1]
                    return
                pos, passes, restarted = 0, passes + 1, True
                continue
            pos += turn if left >= turn else left
            yield deck[pos - 1]
            continue
        if pos and passes < ctx.max_passes and not restarted:
            pos, passes, restarted = 0, passes + 1, True
            continue
        return


def _pass_top_set(lay: _Stock, ctx: Context) -> frozenset[int]:
    """``frozenset(iter_waste_tops(lay, ctx))``, by slicing where the remainder is just turned.

    Then the tops are the current one, every ``turn``-th card from the cursor on and the last
    card; and, if a pass is left, the same for a fresh pass from the start of the stock.
    """
    if ctx.flip_immediately:
        return frozenset(iter_waste_tops(cast(Layout, lay), ctx))  # reads the stock only
    deck, cur = lay.deck, lay.cursor
    return frozenset(deck[cur - 1 : cur] + _rest_of_pass(deck, cur, lay.passes, ctx))


def _rest_of_pass(deck: tuple[int, ...], cur: int, passes: int, ctx: Context) -> tuple[int, ...]:
    """The waste tops of a pass after the current one, with ``stock_remainder="partial_turn"``.

    Every ``turn``-th card from the cursor on and the last card; and, if a pass is left, the
    same for a fresh pass from the start of the stock (a card may come twice).
    """
    n, turn = len(deck), ctx.turn
    cards = deck[cur + turn - 1 : n : turn] if cur < n else ()
    if passes < ctx.max_passes:
        return cards + _fresh_pass(deck, turn)
    return cards + deck[-1:] if cur < n else cards


def _fresh_pass(deck: tuple[int, ...], turn: int) -> tuple[int, ...]:
    """The waste tops of a pass from the start of ``deck``: every ``turn``-th card and the last.

    The same at every cursor of a stock (``stock_remainder="partial_turn"``).
    """
    return deck[turn - 1 :: turn] + deck[-1:]


def waste_tops(lay: Layout, ctx: Context) -> frozenset[int]:
    """Every card that can be the waste top while the seat turns its stock through a pass."""
    return frozenset(iter_waste_tops(lay, ctx))


def _to_foundation_ok(state: _Foundations, ctx: Context, card: int) -> bool:
    if RANK[card] == 1:
        return not ctx.one_per_suit or not _suit_started(state.fnd, card)
    return ctx.fkey[card] in state.need


def _an_ace_goes_up(state: _Foundations, ctx: Context, aces: Iterable[int]) -> bool:
    """Whether one of ``aces`` may start a foundation: any may, unless one foundation a suit."""
    return not ctx.one_per_suit or any(_to_foundation_ok(state, ctx, ace) for ace in aces)


def _to_work_ok(ctx: Context, summary: WorkSummary, card: int, src: int) -> bool:
    key = KEY[card]
    if key in summary.on_keys:
        return True
    if not _space_ok(ctx, card, src):
        return False  # the card may not fill a space, so it may not slide under either
    if summary.space:
        return True
    if ctx.slide == SLIDE_ALWAYS:
        return key in summary.under_keys
    return ctx.slide == SLIDE_NEEDS_SPACE and key in summary.under_keys_with_space


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
    layouts = state.layouts
    # _layout's test inline, and the remembered verdict looked up here: a host asks for every
    # seat after every move, and most answers are remembered (two calls fewer for each).
    if type(seat) is not int or not 0 <= seat < len(layouts):
        _layout(state, seat)  # raises the error
    if state.status is not None:
        return False
    lay = layouts[seat]
    ctx, fnd = state.ctx, state.fnd
    if not lay.nerts and not ctx.auto_call:
        return False  # the seat may call Nerts, which is progress
    # The seat's last verdict first (after a move, every other seat's layout is the same
    # object), without the id() call and the hashing of the table of all verdicts
    last = _SEAT_VERDICT[seat]
    if last is None or last[0] is not lay:
        last = _VERDICTS.get(id(lay))
    if (
        last is not None
        and last[0] is lay
        and last[2] is ctx
        and (last[1] is fnd or last[1] is None)
    ):
        return last[3]
    return _remember_stuck(state, lay, ctx)


# The last verdict per layout. A verdict depends only on the layout, the foundations and the
# rules, and after a move every other seat's layout is the very same object as before; and a
# seat whose Nerts or waste top can go onto its own work piles as they are stays unstuck
# whatever happens on the foundations. So checking every seat after every move (a host, the
# driver's everyone-stuck test) works out little more than the seat that moved. An entry
# holds its layout and foundations (None: any), so the ids it is filed under stay theirs.
_VERDICTS: dict[int, tuple[Layout, tuple[tuple[int, ...], ...] | None, Context, bool]] = {}
# The last work piles _stuck_and_why saw for each seat, with their _config_summary (each
# entry replaced whole: thread safe)
_SEAT_CONFIG: list[tuple[Work, Work, WorkSummary] | None] = [None] * MAX_SEATS
# The last entry filed for each seat (each replaced whole: thread safe)
_SEAT_VERDICT: list[tuple[Layout, tuple[tuple[int, ...], ...] | None, Context, bool] | None] = [
    None
] * MAX_SEATS


def _remember_stuck(state: GameState, lay: Layout, ctx: Context) -> bool:
    """:func:`stuck_layout`, filed in ``_VERDICTS`` (where :func:`is_stuck` looks first)."""
    fnd = state.fnd
    verdict, own_piles = _stuck_and_why(state, lay, ctx)
    if len(_VERDICTS) >= _SMALL_CACHE:
        _VERDICTS.clear()
    _VERDICTS[id(lay)] = _SEAT_VERDICT[lay.seat] = (lay, None if own_piles else fnd, ctx, verdict)
    return verdict


def _stuck_and_why(
    state: GameState, lay: Layout, ctx: Context, summary: WorkSummary | None = None
) -> tuple[bool, bool]:
    """:func:`stuck_layout`, and whether the verdict holds whatever the foundations are.

    The plays onto the seat's own piles are tried first, as the foundations cannot change
    them. ``summary``, if given, is the layout's :func:`work_summary`.
    """
    if ctx.mandatory and _mandatory_fills(lay, ctx) is not None:
        return False, True
    if ctx.jokers and has_joker(lay):
        return _joker_plan(state, lay, ctx, list(_pass_tops(lay, ctx)), None) is None, False
    nerts = lay.nerts[-1] if lay.nerts else -1
    if summary is None:
        # The seat's last piles first, known by identity (a turn keeps them): no hashing
        work, down = lay.work, lay.down
        last = _SEAT_CONFIG[lay.seat]
        if last is not None and last[0] is work and last[1] is down:
            known = last[2]
        else:
            known = _config_summary(work, down)
            _SEAT_CONFIG[lay.seat] = (work, down, known)
    else:
        known = summary
    # Cheap first: a top that plays where ``known`` holds (the piles as they are, if no
    # summary is given), of a fresh pass (in reach while a pass is left, and with the
    # partial-turn remainder cached by the stock alone), then of the whole pass.
    if lay.passes < ctx.max_passes and not ctx.flip_immediately:
        fresh = _seat_fresh_waste(lay, ctx)
        if _onto_work(ctx, known, nerts, fresh):
            return False, True
        if _to_foundations(state, ctx, known, nerts, fresh):
            return False, False
    waste = _pass_waste(lay, ctx)
    if _onto_work(ctx, known, nerts, waste):
        return False, True
    if _to_foundations(state, ctx, known, nerts, waste):
        return False, False
    if summary is not None:  # the whole class: nothing plays anywhere in it
        return True, False
    _, progress, own = _progress_in_reach(state, ctx, lay, nerts, waste)
    return not progress, own


def stuck_layout(
    state: GameState, lay: Layout, ctx: Context, summary: WorkSummary | None = None
) -> bool:
    """:func:`is_stuck` for a layout of a hand in play (no argument checks).

    ``summary``, if given, is the layout's :func:`work_summary`.
    """
    return _stuck_and_why(state, lay, ctx, summary)[0]


def stuck_without_progress(
    state: GameState,
    lay: Layout,
    ctx: Context,
    info: _WorkInfo,
    needs: Collection[int] | None = None,
) -> bool:
    """:func:`stuck_layout` for a layout that has no progress move now.

    :func:`~nertslib.legal_moves` knows that when it decides whether to offer the rotation, and
    then neither a work top nor the Nerts top plays in the piles as they are: only another
    waste top of the pass or a rearrangement can help. ``info`` is ``rules._work_info``, and
    ``needs`` the foundations' needs as a set, if known (it may hold other keys too, such as
    ``rules._set_needs``' :data:`~nertslib.context.ACE_PLAYS`).
    """
    if ctx.jokers and has_joker(lay):
        return _joker_plan(state, lay, ctx, list(_pass_tops(lay, ctx)), None) is None
    if needs is None:
        needs = state.need  # a set tests faster, but the tuple gives the same answers
    if lay.passes < ctx.max_passes and not ctx.flip_immediately:
        # A fresh pass is in reach, and its tops depend on the stock alone: most of these
        # tests end here, and a hand meets each stock at many cursors (the whole pass's tops
        # are cached by the cursor too).
        deck = lay.deck  # _seat_fresh_waste, inline (the call cost 0.7 % of a pair)
        last = _SEAT_FRESH[lay.seat]
        if last is not None and last[0] is deck and last[1] is ctx:
            fresh = last[2]
        else:
            fresh = _fresh_waste(deck, ctx)
            _SEAT_FRESH[lay.seat] = (deck, ctx, fresh)
        if not fresh.fkeys.isdisjoint(needs) or (
            fresh.aces and _an_ace_goes_up(state, ctx, fresh.aces)
        ):
            return False
    waste = _pass_waste(lay, ctx)
    if waste.keys:
        if not waste.fkeys.isdisjoint(needs) or (
            waste.aces and _an_ace_goes_up(state, ctx, waste.aces)
        ):
            return False
        config = info.config
        if config is None:
            config = info.config = _config_summary(lay.work, lay.down)
        if _onto_work(ctx, config, -1, waste):
            return False
    nerts = lay.nerts[-1] if lay.nerts else -1
    # The class's summary kept on the piles' info (as the bot planner keeps it): a seat that
    # turns through its stock with these piles asks again at every cursor.
    summary = info.summary
    if summary is None:
        summary, progress, _ = _progress_in_reach(state, ctx, lay, nerts, waste, why=False)
        info.summary = summary
        return not progress
    return not _progress_with(state, ctx, summary, nerts, waste)


def _pass_tops(lay: Layout, ctx: Context) -> Iterator[tuple[int, int]]:
    """``(card, source)`` for the Nerts top and every waste top of a pass."""
    if lay.nerts:
        yield lay.nerts[-1], _N
    for card in iter_waste_tops(lay, ctx):
        yield card, _W


class _Waste(NamedTuple):
    """Waste tops (cards that may show as the waste top), as the progress test needs them."""

    keys: frozenset[int]
    """Their work-pile keys."""
    fkeys: frozenset[int]
    """Their foundation keys under the hand's build rule."""
    aces: tuple[int, ...]
    """The Aces among them."""
    king: bool
    """Whether a King is among them."""


_KING_KEYS: Final = frozenset([KEY[c] for c in range(52) if RANK[c] == KING])
"""The work-pile keys of the Kings."""
_NO_WASTE: Final = _Waste(frozenset(), frozenset(), (), False)
_PASSES: dict[tuple[tuple[int, ...], int, int, tuple[int, bool, int, int]], _Waste] = {}
#: The pass and work-top caches serve the hands in play: a few thousand entries suffice, and
#: keep long simulations from holding on to old decks.
_SMALL_CACHE: Final = 4096


def _waste_of(cards: Iterable[int], fkey: tuple[int, ...]) -> _Waste:
    tops = frozenset(cards)
    if not tops:
        return _NO_WASTE
    # list comprehensions: on this CPython cheaper than map over a table's __getitem__
    return _Waste(
        frozenset([KEY[c] for c in tops]),
        frozenset([fkey[c] for c in tops]),
        tuple([c for c in tops if RANK[c] == 1]),
        any(RANK[c] == KING for c in tops),
    )


_TOPS: dict[tuple[int, int], _Waste] = {}


def _waste_top(card: int, ctx: Context) -> _Waste:
    """The :class:`_Waste` of the one card ``card`` (cached: a bot asks on every turn)."""
    key = (card, ctx.rule)
    hit = _TOPS.get(key)
    if hit is None:
        if len(_TOPS) >= _SMALL_CACHE:
            _TOPS.clear()
        hit = _TOPS[key] = _waste_of((card,), ctx.fkey)
    return hit


def _pass_waste(lay: _Stock, ctx: Context) -> _Waste:
    """The waste tops of a whole pass (:func:`iter_waste_tops`), cached by the stock."""
    key = (lay.deck, lay.cursor, lay.passes, ctx.pass_rules)
    hit = _PASSES.get(key)
    if hit is None:
        if len(_PASSES) >= _SMALL_CACHE:
            _PASSES.clear()
            _WASTES.clear()
        # Turning the stock moves the cursor but mostly shows the same set of tops again:
        # share the summary of a set of tops between the cursors that show it.
        tops = (_pass_top_set(lay, ctx), ctx.rule)
        hit = _WASTES.get(tops)
        if hit is None:
            hit = _WASTES[tops] = _waste_of(tops[0], ctx.fkey)
        _PASSES[key] = hit
    return hit


_WASTES: dict[tuple[frozenset[int], int], _Waste] = {}

_FRESH: dict[tuple[tuple[int, ...], int, int], _Waste] = {}
# The last stock each seat's stuck test saw, and its fresh pass (a turn keeps the stock's tuple:
# known by identity, without hashing the stock; each entry is replaced whole: thread safe).
_SEAT_FRESH: list[tuple[tuple[int, ...], Context, _Waste] | None] = [None] * MAX_SEATS


def _fresh_waste(deck: tuple[int, ...], ctx: Context) -> _Waste:
    """The :class:`_Waste` of a fresh pass's tops (:func:`_fresh_pass`), cached by the stock.

    Only for ``stock_remainder="partial_turn"`` (``ctx.flip_immediately`` false).
    """
    key = (deck, ctx.turn, ctx.rule)
    hit = _FRESH.get(key)
    if hit is None:
        if len(_FRESH) >= _SMALL_CACHE:
            _FRESH.clear()
        hit = _FRESH[key] = _waste_of(_fresh_pass(deck, ctx.turn), ctx.fkey)
    return hit


def _seat_fresh_waste(lay: Layout, ctx: Context) -> _Waste:
    """:func:`_fresh_waste` of the seat's stock, known by identity while the stock stays."""
    deck = lay.deck
    last = _SEAT_FRESH[lay.seat]
    if last is not None and last[0] is deck and last[1] is ctx:
        return last[2]
    fresh = _fresh_waste(deck, ctx)
    _SEAT_FRESH[lay.seat] = (deck, ctx, fresh)
    return fresh


_WORK_TOPS: dict[tuple[tuple[int, ...], int], tuple[frozenset[int], tuple[int, ...]]] = {}


def _work_tops(
    tops: tuple[int, ...], rule: int, fkey: tuple[int, ...]
) -> tuple[frozenset[int], tuple[int, ...]]:
    """The foundation keys of work tops under ``rule``, and the Aces among them (cached)."""
    key = (tops, rule)
    hit = _WORK_TOPS.get(key)
    if hit is None:
        if len(_WORK_TOPS) >= _SMALL_CACHE:
            _WORK_TOPS.clear()
        hit = _WORK_TOPS[key] = _tops_up(tops, fkey)
    return hit


def _tops_up(tops: Iterable[int], fkey: tuple[int, ...]) -> tuple[frozenset[int], tuple[int, ...]]:
    """:func:`_work_tops` worked out: the tops' foundation keys by ``fkey``, and their Aces."""
    return frozenset([fkey[c] for c in tops]), tuple([c for c in tops if RANK[c] == 1])


def _progress_with(
    state: _Foundations, ctx: Context, summary: WorkSummary, nerts: int, waste: _Waste
) -> bool:
    """Whether a progress play exists where ``summary`` holds.

    That is a work top to a foundation, or the Nerts top ``nerts`` (``-1``: none) or a card
    of ``waste`` to a foundation or a work pile.
    """
    return _to_foundations(state, ctx, summary, nerts, waste) or _onto_work(
        ctx, summary, nerts, waste
    )


def _to_foundations(
    state: _Foundations, ctx: Context, summary: WorkSummary, nerts: int, waste: _Waste
) -> bool:
    """Whether a work top of ``summary``, the Nerts top or a card of ``waste`` goes up."""
    # Called for nearly every position without a progress move: the Ace tests (rare) are
    # guarded so that the common case runs no generator.
    need = state.need
    fkeys, aces = _work_tops(summary.tops, ctx.rule, ctx.fkey)
    if not fkeys.isdisjoint(need) or (aces and _an_ace_goes_up(state, ctx, aces)):
        return True
    if nerts >= 0 and _to_foundation_ok(state, ctx, nerts):
        return True
    return bool(waste.keys) and (
        not waste.fkeys.isdisjoint(need)
        or bool(waste.aces and _an_ace_goes_up(state, ctx, waste.aces))
    )


def _onto_work(ctx: Context, summary: WorkSummary, nerts: int, waste: _Waste) -> bool:
    """Whether the Nerts top or a card of ``waste`` goes onto, into or under the work piles.

    The part of :func:`_progress_with` that does not depend on the foundations.
    """
    if nerts >= 0 and _to_work_ok(ctx, summary, nerts, _N):
        return True
    keys = waste.keys
    if not keys:
        return False
    if not keys.isdisjoint(summary.on_keys):
        return True
    if summary.space and (ctx.space == SPACE_ANY or (ctx.space == SPACE_KING_ONLY and waste.king)):
        return True
    # Only waste tops that may fill a space slide under (none under "nerts_only")
    if ctx.space != SPACE_ANY:
        keys = keys & _KING_KEYS if ctx.space == SPACE_KING_ONLY else frozenset()
    if ctx.slide == SLIDE_ALWAYS:
        return not keys.isdisjoint(summary.under_keys)
    return ctx.slide == SLIDE_NEEDS_SPACE and not keys.isdisjoint(summary.under_keys_with_space)


def _summary_of(cfg: Work, down: Work = ()) -> WorkSummary:
    """The summary of one configuration alone (no moves between work piles)."""
    tops = [p[-1] for p in cfg if p]
    if down:
        bases = _sorted_once([UNDER[p[0]] for i, p in enumerate(cfg) if p and not down[i]])
    else:
        bases = _sorted_once([UNDER[p[0]] for p in cfg if p])
    space = () in cfg
    return WorkSummary(
        _sorted_once(tops),
        _sorted_once([ON[t] for t in tops]),
        space,
        bases if space else (),
        bases,
    )


_config_summary: Final = functools.lru_cache(maxsize=4096)(_summary_of)
""":func:`_summary_of`, cached (the stuck test and the planner meet configurations again)."""


def all_stuck(state: GameState) -> bool:
    """Whether every seat of a hand in play is stuck (see :func:`is_stuck`).

    >>> import nertslib as nl
    >>> nl.all_stuck(nl.deal("standard", seats=2, seed=1))
    False
    """
    if state.status is not None:
        return False
    return all(is_stuck(state, seat) for seat in range(len(state.layouts)))


def resolve_stalemate(state: GameState) -> GameState:
    """The everyone-stuck step: a system action, taken when :func:`all_stuck` holds.

    With ``stuck_resolution="rotate_one"`` each seat turns its waste into its stock and moves
    the top card to the bottom; with ``"shuffle"`` each seat's stock and waste are shuffled
    together (from the state's seed and the resolution's number); with ``"end_hand"`` the hand
    ends at once. If a resolution was already applied and no seat has made progress since, the
    call ends the hand in stalemate instead.

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
    loose = [s for s in range(len(state.layouts)) if not is_stuck(state, s)]
    if loose:
        msg = f"not every seat is stuck: seat {loose[0]} can still make progress"
        raise NertsError(msg)
    ctx = state.ctx
    rule = ctx.variant.stuck_resolution
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
    layouts = []
    for lay in state.layouts:
        deck = lay.deck
        if rule == "shuffle":
            deck = shuffled(deck, state.seed, 8 * (state.resolutions + 1) + lay.seat)
        elif deck:
            deck = (*deck[1:], deck[0])
        layouts.append(
            Layout(lay.seat, lay.nerts, lay.work, deck, 0, lay.passes, lay.down, lay.bound)
        )
    return GameState(
        state.variant,
        tuple(layouts),
        state.fnd,
        None,
        -1,
        True,
        state.resolutions + 1,
        state.seed,
    )


def plan_progress(state: GameState, seat: int) -> Move | None:
    """A first step towards progress for a seat that has no progress move now.

    Returns the first move between work piles of a shortest path to a configuration where the
    seat's Nerts top, waste top or a work top can make progress; else a stock action if the
    progress needs another waste top; else ``None`` (the seat is stuck). Used by the bots.
    """
    return _plan_progress(state, _layout(state, seat), state.ctx, None)


def _plan_progress(
    state: GameState, lay: Layout, ctx: Context, info: _WorkInfo | None
) -> Move | None:
    """:func:`plan_progress` for a layout; ``info``, if given, is its ``rules._work_info``."""
    seat = lay.seat
    nerts = lay.nerts[-1] if lay.nerts else -1
    waste = _waste_top(lay.deck[lay.cursor - 1], ctx) if lay.cursor else _NO_WASTE
    if ctx.jokers and has_joker(lay):
        tops = [(nerts, _N)] if lay.nerts else []
        if lay.cursor:
            tops.append((lay.deck[lay.cursor - 1], _W))
        # Whether progress is in reach at all, as one configuration per order of the piles
        # (cheap); only then the search in pile order for the first move.
        found = _joker_plan(state, lay, ctx, tops, None)
        if found is not None:
            found = _joker_plan(state, lay, ctx, tops, seat)
        if found is not None:
            return found[0]
        if state.status is not None or stuck_layout(state, lay, ctx):
            return None
        return _TURN[seat] if len(lay.deck) > lay.cursor else _RESTOCK[seat]
    summary = None if info is None else info.summary
    if summary is None:
        summary, progress, _ = _progress_in_reach(state, ctx, lay, nerts, waste, why=False)
        if info is not None:
            info.summary = summary
    else:
        progress = _progress_with(state, ctx, summary, nerts, waste)
    if not progress:
        # progress needs another waste top (or is impossible): turn, unless stuck
        if state.status is not None or stuck_layout(state, lay, ctx, summary):
            return None
        if len(lay.deck) > lay.cursor:
            return _TURN[seat]
        return _RESTOCK[seat]

    turn = _TURN[seat] if len(lay.deck) > lay.cursor else None
    return _plan_search(state, ctx, (lay.work, lay.down), nerts, waste, turn)


def _plan_search(
    state: _Foundations,
    ctx: Context,
    start: tuple[Work, Work],
    nerts: int,
    waste: _Waste,
    turn: Move | None,
) -> Move | None:
    """The rearrangement part of :func:`_plan_progress`, for a layout where progress is in reach.

    Breadth-first over the configurations ``(work, down)`` reachable from ``start`` (piles in
    their order, as moves name piles by index); returns the first move of a shortest path to
    one where the Nerts top ``nerts`` (``-1``: none), the waste top ``waste`` or a work top
    makes progress. ``turn`` is the seat's turn if its stock is not empty. ``state`` may be
    the fast driver's mutable hand.
    """

    def goal(cfg: tuple[Work, Work]) -> bool:
        return _progress_with(state, ctx, _config_summary(*cfg), nerts, waste)

    first: dict[tuple[Work, Work], Move | None] = {start: None}
    queue = deque([start])
    while queue and len(first) < _PLAN_BUDGET:
        cfg = queue.popleft()
        if cfg is not start and goal(cfg):
            return first[cfg]
        work, down = cfg
        for card, i, tgt, j in _shuffle_moves(work, ctx.space, ctx.slide, ctx.move_rule, down):
            nxt = (
                _after_down(work, down, card, i, tgt, j)
                if down
                else (
                    _after(work, card, i, tgt, j),
                    (),
                )
            )
            if nxt not in first:
                first[nxt] = first[cfg] or _mv(card, _P, i, tgt, j)
                queue.append(nxt)
    # A bot's plan, not a rule: past the budget, take a stock action or any first step.
    if turn is not None:  # pragma: no cover - needs a huge rearrangement
        return turn
    return next((m for m in first.values() if m is not None), None)  # pragma: no cover


# --- jokers: an exact generic search (only for layouts that hold a joker) --------------------

JokerConfig = tuple[Work, Work, tuple[int, ...]]


def has_joker(lay: Layout) -> bool:
    """Whether the layout holds one of its jokers (anywhere but on a foundation)."""
    jokers = (lay.seat * DECK_SPAN + 52, lay.seat * DECK_SPAN + 53)
    for pile in (lay.nerts, lay.deck, *lay.work, *lay.down):
        if jokers[0] in pile or jokers[1] in pile:
            return True
    return False


def _joker_to_foundation(state: GameState, ctx: Context, card: int, held: int) -> bool:
    """Whether ``card`` (a joker held to key ``held``, -1 open) can go to some foundation."""
    if KEY[card] >= 0:
        return _to_foundation_ok(state, ctx, card)
    owner, number = card // DECK_SPAN, card % DECK_SPAN - 51
    for want in state.need:
        if want >= 0 and any(
            held < 0 or KEY[declared_id(owner, number, d)] == held
            for d in _declarations(ctx.rule, want)
        ):
            return True
    for suit in range(4):
        ace = declared_id(owner, number, suit * 13)
        if (held < 0 or KEY[ace] == held) and not (
            ctx.one_per_suit and _suit_started(state.fnd, ace)
        ):
            return True
    return False


def _joker_to_work(ctx: Context, cfg: JokerConfig, card: int, src: int) -> bool:
    work, down, bound = cfg
    single = (card,)
    for tgt in work:
        if _valid(tgt + single, bound) if tgt else _space_ok(ctx, card, src):
            return True
    if (
        ctx.slide != SLIDE_OFF
        and (ctx.slide == SLIDE_ALWAYS or () in work)
        and _space_ok(ctx, card, src)
    ):
        return any(
            tgt and not (down and down[j]) and _valid(single + tgt, bound)
            for j, tgt in enumerate(work)
        )
    return False


def _joker_progress(
    state: GameState, ctx: Context, cfg: JokerConfig, tops: list[tuple[int, int]]
) -> bool:
    work, _, bound = cfg
    for pile in work:
        if pile:
            top = pile[-1]
            held = joker_constraint(pile, bound, len(pile) - 1) if KEY[top] < 0 else -1
            if _joker_to_foundation(state, ctx, top, held):
                return True
    return any(_joker_to_work(ctx, cfg, card, src) for card, src in tops)


def _joker_next(ctx: Context, cfg: JokerConfig, card: int, i: int, tgt: int, j: int) -> JokerConfig:
    work, down, bound = cfg
    new_work, new_down = _after_down(work, down, card, i, tgt, j)
    if ctx.permanent:
        bound = _bind_pile(new_work[j], bound, ctx.variant.jokers_per_deck)
    return new_work, new_down, bound


def _joker_plan(
    state: GameState, lay: Layout, ctx: Context, tops: list[tuple[int, int]], seat: int | None
) -> tuple[Move | None] | None:
    """Search the work configurations reachable by moves between work piles (joker layouts).

    Returns ``(first move,)`` of a shortest path to a configuration where a work top goes to
    a foundation or one of ``tops`` (``(card, source)``) goes to a foundation or a work pile
    (``(None,)`` if the start is one), or ``None`` if there is none. Exact: no budget unless
    ``seat`` is given (a bot's plan).
    """
    if any(_joker_to_foundation(state, ctx, card, -1) for card, _ in tops):
        return (None,)
    classes: dict[tuple[int, int], tuple[int, int]] = {}
    for card, src in tops:
        classes.setdefault((KEY[card], src == _N), (card, src))
    kinds = list(classes.values())
    start: JokerConfig = (lay.work, lay.down, lay.bound)
    # The verdict alone (no seat) does not depend on the piles' order: configurations that
    # differ only in it are one (with spaces and whole-pile moves, a stuck layout reached
    # 93 240 ordered ones). The bot's plan keeps the order, so that its tie-breaks stay.
    ordered = seat is not None
    first: dict[object, Move | None] = {start if ordered else _joker_class(start): None}
    queue: deque[tuple[JokerConfig, Move | None]] = deque([(start, None)])
    while queue:
        cfg, step = queue.popleft()
        if _joker_progress(state, ctx, cfg, kinds):
            return (step,)
        if ordered and len(first) >= _PLAN_BUDGET:  # pragma: no cover - huge
            break
        work, down, bound = cfg
        moves = joker_shuffle_moves(work, down, bound, ctx.space, ctx.slide, ctx.move_rule)
        for card, i, tgt, j in moves:
            nxt = _joker_next(ctx, cfg, card, i, tgt, j)
            key = nxt if ordered else _joker_class(nxt)
            if key not in first:
                first[key] = move = step or _mv(card, _P, i, tgt, j)
                queue.append((nxt, move))
    return None


def _joker_class(cfg: JokerConfig) -> object:
    """``cfg`` with its piles sorted (and each one's face-down cards with it)."""
    work, down, bound = cfg
    return tuple(sorted(zip(down or ((),) * len(work), work, strict=True))), bound
