"""Whole hands of greedy bots on a mutable copy of the state: the fast path of ``play_hand``.

``play_hand(state, [greedy_bot] * n)`` spends most of its time around the rules rather than in
them: a new :class:`~nertslib.GameState` after every move, a check of every move the bot has
just generated, caches keyed by whole piles. This module plays the same hand on one mutable
copy (a seat's piles stay tuples, so the stuck tests' caches still apply), makes exactly the
choices :func:`~nertslib.greedy_bot` makes, applies them as :func:`~nertslib.apply` does, and
builds a :class:`~nertslib.GameState` only where it needs one: for the rare choice whose
rearrangement class is too large to summarise (left to the bot's own planner), for the
everyone-stuck resolution, and at the end. A rearrangement whose first move already makes
progress possible is found by trying the moves between the piles (:meth:`_Hand._first_step`);
a longer one by the planner's search, run on the mutable seat.

It serves hands without jokers or face-down work piles (:func:`supports`); ``play_hand`` uses
it by itself when every bot is ``greedy_bot``. ``tests/test_fastplay.py`` plays hands of the
whole variant space both ways and compares them move by move and state by state.

Internal: the public entry is :func:`nertslib.play_hand`.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Collection
from operator import itemgetter
from typing import Final

from nertslib.cards import KEY, KING, ON, RANK, UNDER
from nertslib.context import (
    MOVE_ANY_SUFFIX,
    SLIDE_ALWAYS,
    SLIDE_NEEDS_SPACE,
    SLIDE_OFF,
    SPACE_ANY,
    SPACE_KING_ONLY,
    turned_cursor,
)
from nertslib.moves import (
    K_PLAY,
    K_RESTOCK,
    K_ROTATE,
    K_TURN,
    Z_FOUNDATION,
    Z_NERTS,
    Z_NEW_FOUNDATION,
    Z_WASTE,
    Z_WORK,
    Move,
)
from nertslib.rules import (
    _CALL,
    _F,
    _FNEW,
    _N,
    _P,
    _RESTOCK,
    _TP,
    _TU,
    _TURN,
    _W,
    _mandatory_fills,
    _mv,
    _shuffle_moves,
    _space_ok,
    _suit_started,
)
from nertslib.state import EndReason, GameState, Layout, _new_layout, _new_state
from nertslib.stuck import (
    _NO_WASTE,
    DownWork,
    Work,
    WorkSummary,
    _after,
    _an_ace_goes_up,
    _class_summary,
    _fresh_pass,
    _onto_work,
    _pass_waste,
    _plan_progress,
    _plan_search,
    _rest_of_pass,
    _reversible,
    _summary_of,
    _to_foundation_ok,
    _to_foundations,
    _to_work_ok,
    _tops_up,
    _waste_top,
    resolve_stalemate,
    stuck_layout,
)

__all__ = ["play_greedy", "supports"]

_LARGE: Final = 16
"""A rearrangement search that finds more configurations is filed in the stuck module's cache:
a fresh hand's configurations are nearly all new, but a variant's large classes come back."""

_NO_KEY: Final = -2
"""A key no card has (``cards.KEY`` runs from 2, ``ON`` and ``UNDER`` from 0 or are -9)."""

_PLAN: Final = object()
"""What :meth:`_Hand.choose` returns when the bot's choice needs its planner's search."""


def supports(state: GameState) -> bool:
    """Whether :func:`play_greedy` can play ``state``: no jokers, no face-down work piles."""
    return not state.ctx.jokers and not any(lay.down or lay.bound for lay in state.layouts)


class _Seat:
    """One seat's layout, mutable; its attributes are named as :class:`~nertslib.Layout`'s."""

    __slots__ = (
        "alone",
        "cursor",
        "deck",
        "fresh_keys",
        "large",
        "layout",
        "n_onto",
        "nerts",
        "pair",
        "passes",
        "reach",
        "seat",
        "summary",
        "tops_on",
        "tops_up",
        "work",
    )

    def __init__(self, lay: Layout) -> None:
        self.seat = lay.seat
        self.nerts = lay.nerts
        self.work = lay.work
        self.deck = lay.deck
        self.cursor = lay.cursor
        self.passes = lay.passes
        self.layout: Layout | None = lay
        """The seat as a Layout, until it changes."""
        self.summary: WorkSummary | None = None
        """The work piles' ``work_summary``, until they change."""
        self.alone: bool | None = None
        """Whether no move between the work piles exists (:meth:`_Hand._alone`), until they
        change."""
        self.tops_up: tuple[frozenset[int], tuple[int, ...]] = (frozenset(), ())
        """The foundation keys of the summary's tops and its Aces (``stuck._work_tops``)."""
        self.tops_on: frozenset[int] | None = None
        """The keys of the cards the work tops take, until the piles change."""
        self.fresh_keys: tuple[tuple[int, ...], frozenset[int]] | None = None
        """A stock, and the keys of the tops a fresh pass through it shows."""
        self.n_onto: tuple[Move | None] | None = None
        """The Nerts top's play onto the work piles (``(None,)``: none), until either changes."""
        self.reach: tuple[set[Work | DownWork], WorkSummary] | None = None
        """The configurations the last search found (sorted piles) and their summary: with
        reversible moves between the piles (``_Hand.reversible``) any of them has it."""
        self.pair = False
        """Whether the summary's search found two configurations and the piles have no space
        (set with the summary): then they have exactly one move (see :meth:`_Hand.plan`)."""
        self.large: Work | None = None
        """The work piles last found too large to summarise (:meth:`_Hand._summary`): while
        ``work`` is that very tuple, their choices go to the planner without a search."""


class _Hand:
    """A hand in play, mutable: the seats, the foundations and the hand's status."""

    __slots__ = (
        "caller",
        "ctx",
        "fnd",
        "need",
        "resolutions",
        "reversible",
        "seats",
        "seed",
        "stalled",
        "status",
        "variant",
        "wants",
    )

    def __init__(self, state: GameState) -> None:
        self.variant = state.variant
        self.ctx = state.ctx
        self.seed = state.seed
        self.seats = [_Seat(lay) for lay in state.layouts]
        self.fnd = list(state.fnd)
        self.wants = list(state.need)
        """The key each foundation needs next, as ``GameState.need``."""
        self.need: dict[int, int] = {}
        """How many foundations need each key: what the progress tests ask ``in``."""
        for key in state.need:
            self.need[key] = self.need.get(key, 0) + 1
        self.status = state.status
        self.caller = state.caller
        self.stalled = state.stalled
        self.resolutions = state.resolutions
        self.reversible = _reversible(self.ctx.space, self.ctx.slide, self.ctx.move_rule)

    def state(self) -> GameState:
        """The hand as a :class:`~nertslib.GameState`."""
        layouts = []
        for seat in self.seats:
            lay = seat.layout
            if lay is None:
                lay = seat.layout = _new_layout(
                    seat.seat, seat.nerts, seat.work, seat.deck, seat.cursor, seat.passes, (), ()
                )
            layouts.append(lay)
        return _new_state(
            self.variant,
            tuple(layouts),
            tuple(self.fnd),
            self.status,
            self.caller,
            self.stalled,
            self.resolutions,
            self.seed,
            self.ctx,
            tuple(self.wants),
        )

    def over(self) -> bool:
        """Whether the hand has ended (a method: ``apply`` changes the status)."""
        return self.status is not None

    # --- the bot's choice ---------------------------------------------------------------------

    def _up(self, card: int, src: int, sidx: int) -> Move | None:
        """``card``'s first play to a foundation, as ``rules._foundation_plays`` lists them."""
        if RANK[card] == 1:
            ctx = self.ctx
            if not ctx.one_per_suit or not _suit_started(self.fnd, card):
                return _mv(card, src, sidx, _FNEW, 0)
            return None
        key = self.ctx.fkey[card]
        if key in self.need:
            return _mv(card, src, sidx, _F, self.wants.index(key))
        return None

    def _onto(self, seat: _Seat, card: int, src: int) -> Move | None:
        """``card``'s first play onto, into or under the work piles (``rules._work_plays``).

        That is onto the first pile it fits on or into the first space it may fill, else
        under the first pile it may slide under. Worked out from the piles, not from the
        rules' work-pile facts: a fresh hand meets a new configuration every third move, and
        building those facts costs more than the few decisions each configuration sees.
        Only the keys the tops take are kept (:attr:`_Seat.tops_on`): most cards fit nowhere.
        """
        want = KEY[card]
        ctx = self.ctx
        work = seat.work
        on = seat.tops_on
        if on is None:
            on = self._tops_on(seat)
        if want not in on and ctx.slide != SLIDE_ALWAYS and () not in work:
            return None  # no top takes it, no space, nothing to slide under
        for j, pile in enumerate(work):
            if pile:
                if ON[pile[-1]] == want:
                    return _mv(card, src, 0, _TP, j)
            elif _space_ok(ctx, card, src):
                return _mv(card, src, 0, _TP, j)
        slide = ctx.slide
        may_slide = slide != SLIDE_OFF and (slide == SLIDE_ALWAYS or () in work)
        if may_slide and _space_ok(ctx, card, src):  # only a card that may fill a space
            for j, pile in enumerate(work):
                if pile and UNDER[pile[0]] == want:
                    return _mv(card, src, 0, _TU, j)
        return None

    def _alone(self, seat: _Seat) -> bool:
        """Whether the seat's configuration is the only one its work piles reach (kept).

        That is: any-suffix moves, no card fits on another pile's top, no space, nothing
        slides under; the search would find this configuration alone (so it was for about
        60 % of the searches a standard hand made). Tested loosely (a card that fits on its
        own pile's top counts as a move): a configuration taken for searched is still right.
        """
        alone = seat.alone
        if alone is None:
            ctx = self.ctx
            work = seat.work
            alone = seat.alone = (
                ctx.move_rule == MOVE_ANY_SUFFIX
                and ctx.slide != SLIDE_ALWAYS
                and () not in work
                and self._tops_on(seat).isdisjoint([KEY[card] for pile in work for card in pile])
            )
        return alone

    def _summary(self, seat: _Seat) -> WorkSummary | None:
        """The seat's ``work_summary`` (kept), or ``None`` if its class is too large to search.

        See ``stuck._class_summary``: such a choice goes to the bot's planner.
        """
        summary = seat.summary
        if summary is None:
            ctx = self.ctx
            work = seat.work
            if seat.large is work:  # searched already: too large (work is replaced on change)
                return None
            # A fresh hand's configurations are nearly all new: a small search is not filed
            # in the stuck module's cache (see _LARGE); the seat keeps its last one, for a
            # rearrangement's way back.
            if self._alone(seat):
                summary = _summary_of(work)
                seat.pair = False
            else:
                start = tuple(sorted(work))
                reach = seat.reach
                if reach is None or start not in reach[0]:
                    seen, found = _class_summary(
                        start, False, ctx.space, ctx.slide, ctx.move_rule, _LARGE, bounded=True
                    )
                    if found is None:
                        seat.large = work
                        return None
                    # from the cache: not two configurations, no planner's shortcut
                    reach = ({start} if seen is None else seen), found
                    seat.reach = reach if self.reversible else None
                summary = reach[1]
                seat.pair = len(reach[0]) == 2 and () not in work
            seat.summary = summary
            # not through stuck._work_tops' cache: a fresh hand's summaries are mostly new
            seat.tops_up = _tops_up(summary.tops, ctx.fkey)
        return summary

    @staticmethod
    def _tops_on(seat: _Seat) -> frozenset[int]:
        """The keys of the cards the seat's work tops take (kept until the piles change)."""
        on = seat.tops_on
        if on is None:
            on = seat.tops_on = frozenset([ON[pile[-1]] for pile in seat.work if pile])
        return on

    def _mandatory(self, seat: _Seat) -> Move | None:
        """The first mandatory fill (``rules._mandatory_fills``), if the seat has one."""
        fills = _mandatory_fills(seat, self.ctx)
        return fills[0] if fills else None

    def stuck(self, seat: _Seat) -> bool:
        """``stuck.stuck_layout`` for the seat (no jokers, no face-down cards)."""
        ctx = self.ctx
        if not seat.nerts:
            return False  # it may call Nerts (auto_call ends the hand when the pile empties)
        if ctx.mandatory and self._mandatory(seat) is not None:
            return False
        summary = self._summary(seat)
        if summary is None:
            state = self.state()
            return stuck_layout(state, state.layouts[seat.seat], ctx)
        nerts = seat.nerts[-1] if seat.nerts else -1
        waste = _pass_waste(seat, ctx)
        if _onto_work(ctx, summary, nerts, waste):
            return False
        return not _to_foundations(self, ctx, summary, nerts, waste)

    def choose(self, s: int) -> Move | object | None:  # noqa: PLR0912 - legal order
        """What ``greedy_bot`` plays for seat ``s``, or :data:`_PLAN` if it must search."""
        seat = self.seats[s]
        ctx = self.ctx
        nerts = seat.nerts
        if ctx.mandatory:
            fill = self._mandatory(seat)
            if fill is not None:
                return fill
        if not nerts and not ctx.auto_call:
            return _CALL[s]
        # rules._progress_moves' order, whose first move greedy_bot plays: foundation plays
        # of the Nerts top, the waste top and the work tops, then the Nerts top and the
        # waste top onto the work piles
        work = seat.work
        need, fkey = self.need, ctx.fkey
        ntop = nerts[-1] if nerts else -1
        cur = seat.cursor
        wtop = seat.deck[cur - 1] if cur else -1
        if ntop >= 0 and (fkey[ntop] in need or RANK[ntop] == 1):
            move = self._up(ntop, _N, 0)
            if move is not None:
                return move
        if wtop >= 0 and (fkey[wtop] in need or RANK[wtop] == 1):
            move = self._up(wtop, _W, 0)
            if move is not None:
                return move
        for i, pile in enumerate(work):
            if pile:
                top = pile[-1]
                if fkey[top] in need or RANK[top] == 1:
                    move = self._up(top, _P, i)
                    if move is not None:
                        return move
        if ntop >= 0:
            known = seat.n_onto
            if known is None:
                known = seat.n_onto = (self._onto(seat, ntop, _N),)
            move = known[0]
            if move is not None:
                return move
        if wtop >= 0:
            move = self._onto(seat, wtop, _W)
            if move is not None:
                return move
        # stuck._plan_progress: turn unless progress is in reach by rearranging, or stuck.
        # Its test (stuck._progress_with) less what the checks above ruled out: the Nerts
        # and waste tops go to no foundation.
        summary = seat.summary
        if summary is None:
            if self._alone(seat):
                # The checks above were the progress test of this one configuration (an
                # Ace's foundation key is never needed), and the stuck test reads only the
                # keys its tops take: no summary is needed.
                if self._stuck_now(seat, self._tops_on(seat), None):
                    return None
                return _TURN[s] if len(seat.deck) > cur else _RESTOCK[s]
            step = self._first_step(seat, ntop, wtop)
            if step is not None:
                return step
            summary = self._summary(seat)
            if summary is None:  # a class too large to search: the planner's own way
                state = self.state()
                return _plan_progress(state, state.layouts[s], ctx, None)
        fkeys, aces = seat.tops_up
        if (
            not fkeys.isdisjoint(need)
            or (aces and _an_ace_goes_up(self, ctx, aces))
            or (ntop >= 0 and _to_work_ok(ctx, summary, ntop, _N))
            or (wtop >= 0 and _to_work_ok(ctx, summary, wtop, _W))
        ):
            return _PLAN
        if self._stuck_now(seat, summary.on_keys, summary):
            return None
        return _TURN[s] if len(seat.deck) > cur else _RESTOCK[s]

    def _first_step(self, seat: _Seat, ntop: int, wtop: int) -> Move | None:
        """The planner's move if one move between the piles leads to progress, else ``None``.

        Called when the checks of :meth:`choose` found no progress in the piles as they are.
        Then the planner's breadth-first search (``stuck._plan_search``) pops the
        configurations one move away first, in the order of the moves, and returns the first
        move whose configuration makes progress; and that configuration puts progress in
        reach, which is the planner's first test. So the choice is known without the summary
        of the whole class (about 8 of the 14 searches of a standard hand).
        """
        ctx = self.ctx
        work = seat.work
        for card, i, tgt, j in _shuffle_moves(work, ctx.space, ctx.slide, ctx.move_rule):
            if self._progress_after(_after(work, card, i, tgt, j), ntop, wtop):
                return _mv(card, _P, i, tgt, j)
        return None

    def _progress_after(self, work: Work, ntop: int, wtop: int) -> bool:
        """``stuck._progress_with`` for the one configuration ``work``, after a move.

        Worked out from the piles, without the configuration's summary (its sets cost more
        than the test). The Nerts top ``ntop`` and the waste top ``wtop`` (``-1``: none) go
        to no foundation (the checks of :meth:`choose`; a move between the piles leaves the
        foundations as they are): a top to a foundation, or either card onto a top, into a
        space or under a base.
        """
        ctx = self.ctx
        need, fkey = self.need, ctx.fkey
        nkey = KEY[ntop] if ntop >= 0 else _NO_KEY
        wkey = KEY[wtop] if wtop >= 0 else _NO_KEY
        space = False
        for pile in work:
            if pile:
                top = pile[-1]
                if fkey[top] in need or (RANK[top] == 1 and _to_foundation_ok(self, ctx, top)):
                    return True
                if ON[top] == nkey or ON[top] == wkey:
                    return True
            else:
                space = True
        if space and (
            (ntop >= 0 and _space_ok(ctx, ntop, _N)) or (wtop >= 0 and _space_ok(ctx, wtop, _W))
        ):
            return True
        slide = ctx.slide
        if slide == SLIDE_ALWAYS or (slide == SLIDE_NEEDS_SPACE and space):
            # only a card that may fill a space slides under
            nkey = nkey if ntop >= 0 and _space_ok(ctx, ntop, _N) else _NO_KEY
            wkey = wkey if wtop >= 0 and _space_ok(ctx, wtop, _W) else _NO_KEY
            for pile in work:
                if pile and (UNDER[pile[0]] == nkey or UNDER[pile[0]] == wkey):
                    return True
        return False

    def _stuck_now(
        self, seat: _Seat, on_keys: Collection[int], summary: WorkSummary | None
    ) -> bool:
        """:meth:`stuck`, when only another waste top of the pass can make progress.

        That is when the Nerts top, the work tops and the current waste top make none in any
        configuration ``summary`` covers; ``on_keys`` are its keys. ``summary`` is ``None`` for
        a configuration alone (:meth:`_alone`): then ``on_keys`` are its tops' and no card may
        fill a space or slide under. With ``stock_remainder="partial_turn"`` the other
        tops are slices of the stock (``stuck._rest_of_pass``), tested here in one go each
        instead of through the stuck module's cached pass summary, which a stock turned three
        cards further always misses.
        """
        ctx = self.ctx
        if ctx.flip_immediately:
            return self.stuck(seat)
        deck = seat.deck
        if seat.passes < ctx.max_passes:
            # A fresh pass shows the same tops at every cursor of a stock, and a seat keeps its
            # stock object while it turns: their keys are kept, and one that fits settles it.
            fresh = seat.fresh_keys
            if fresh is None or fresh[0] is not deck:
                keys = frozenset([KEY[card] for card in _fresh_pass(deck, ctx.turn)])
                fresh = seat.fresh_keys = (deck, keys)
            if not fresh[1].isdisjoint(on_keys):
                return False
        cards = _rest_of_pass(deck, seat.cursor, seat.passes, ctx)
        if not cards:
            return True
        many = len(cards) > 1  # itemgetter of one index returns the item, not a tuple
        keys = frozenset(itemgetter(*cards)(KEY) if many else (KEY[cards[0]],))
        if not keys.isdisjoint(on_keys):
            return False
        if summary is not None:  # else no space, nothing slides under: the foundations are left
            if summary.space and (
                ctx.space == SPACE_ANY
                or (ctx.space == SPACE_KING_ONLY and any(RANK[card] == KING for card in cards))
            ):
                return False
            # only waste tops that may fill a space slide under
            if ctx.space != SPACE_ANY:
                keys = frozenset(
                    [KEY[c] for c in cards if RANK[c] == KING]
                    if ctx.space == SPACE_KING_ONLY
                    else []
                )
            if ctx.slide == SLIDE_ALWAYS and not keys.isdisjoint(summary.under_keys):
                return False
            if ctx.slide == SLIDE_NEEDS_SPACE and not keys.isdisjoint(
                summary.under_keys_with_space
            ):
                return False
        if not self.need.keys().isdisjoint(
            itemgetter(*cards)(ctx.fkey) if many else (ctx.fkey[cards[0]],)
        ):
            return False
        return all(not _to_foundation_ok(self, ctx, card) for card in cards if RANK[card] == 1)

    def plan(self, s: int) -> Move | None:
        """The planner's first move for seat ``s``, when :meth:`choose` found progress in reach.

        ``stuck._plan_progress`` less its first tests, which :meth:`choose` has made.
        """
        seat = self.seats[s]
        ctx = self.ctx
        if seat.pair:
            # The summary's search found this configuration and one other: it had tried every
            # move from here, and without a space here (a whole pile moved into a space gives
            # the same sorted piles) distinct moves lead to distinct piles, so there is exactly
            # one, and every path the planner's search can find starts with it. It finds one:
            # either the other configuration was all there is (progress is there), or it has
            # a space that ended the summary's search (any-suffix moves into any space), and
            # then the progress the summary promises is at most one more move away (the cards
            # above any card can go into the space), far inside the search budget.
            card, i, tgt, j = _shuffle_moves(seat.work, ctx.space, ctx.slide, ctx.move_rule)[0]
            return _mv(card, _P, i, tgt, j)
        nerts = seat.nerts[-1] if seat.nerts else -1
        cur = seat.cursor
        waste = _waste_top(seat.deck[cur - 1], ctx) if cur else _NO_WASTE
        turn = _TURN[s] if len(seat.deck) > cur else None
        return _plan_search(self, ctx, (seat.work, ()), nerts, waste, turn)

    # --- the transition ---------------------------------------------------------------------

    def apply(self, move: Move) -> bool:  # noqa: PLR0912, PLR0915 - a branch per zone, as _play
        """Apply a legal ``move`` as ``rules._play`` does; return whether it is progress."""
        seat = self.seats[move.seat]
        seat.layout = None
        ctx = self.ctx
        kind = move.kind
        if kind is K_PLAY:
            card = move.card.id  # type: ignore[union-attr]
            source, target = move.source, move.target
            moved: tuple[int, ...] = (card,)
            work: list[tuple[int, ...]] | None = None
            if source is Z_NERTS:
                seat.nerts = seat.nerts[:-1]
                seat.n_onto = None
            elif source is Z_WASTE:
                deck, cur = seat.deck, seat.cursor
                seat.deck = deck[: cur - 1] + deck[cur:]
                seat.cursor = cur - 1
            else:
                i = move.source_index
                work = list(seat.work)
                pile = work[i]
                d = pile.index(card)
                moved = pile[d:]
                work[i] = pile[:d]
            j = move.target_index
            if target is Z_FOUNDATION:
                self.fnd[j] += (card,)
                self._need(self.wants[j], ctx.fnext[card])
                self.wants[j] = ctx.fnext[card]
            elif target is Z_NEW_FOUNDATION:
                self.fnd.append((card,))
                self._need(None, ctx.fnext[card])
                self.wants.append(ctx.fnext[card])
            else:
                if work is None:
                    work = list(seat.work)
                work[j] = work[j] + moved if target is Z_WORK else moved + work[j]
            if work is not None:
                seat.work = tuple(work)
                seat.summary = seat.tops_on = seat.alone = None
                seat.n_onto = None
            if source is not Z_WORK or target is Z_FOUNDATION or target is Z_NEW_FOUNDATION:
                self.stalled = False
                if ctx.auto_call and source is Z_NERTS and not seat.nerts:
                    self.status, self.caller = EndReason.NERTS, seat.seat
                return True
            return False
        cur, deck = seat.cursor, seat.deck
        if kind is K_TURN:
            if cur + ctx.turn <= len(deck):
                seat.cursor = cur + ctx.turn
            else:
                seat.cursor, seat.passes = turned_cursor(
                    cur, len(deck), ctx.turn, ctx.flip_immediately, seat.passes, ctx.max_passes
                )
        elif kind is K_RESTOCK:
            seat.cursor, seat.passes = 0, seat.passes + 1
        elif kind is K_ROTATE:
            seat.deck = (*deck[:cur], *deck[cur + 1 :], deck[cur])
        else:  # CALL, which is progress
            self.status, self.caller = EndReason.NERTS, seat.seat
            return True
        return False

    def _need(self, old: int | None, new: int) -> None:
        need = self.need
        if old is not None:
            left = need[old] - 1
            if left:
                need[old] = left
            else:
                del need[old]
        need[new] = need.get(new, 0) + 1


def play_greedy(state: GameState, max_actions: int) -> tuple[GameState, tuple[Move | None, ...]]:
    """``play_hand(state, [greedy_bot] * seats, max_actions=max_actions)``, for a supported hand.

    The same loop as :func:`~nertslib.play_hand`: each round every seat in order plays its
    bot's choice at once; after a round without progress, if every seat is stuck the
    everyone-stuck resolution is applied (``None`` in the log).
    """
    hand = _Hand(state)
    seats = hand.seats
    log: list[Move | None] = []
    while hand.status is None and len(log) < max_actions:
        moved = progress = False
        for s in range(len(seats)):
            move = hand.choose(s)
            if move is None:
                continue
            if not isinstance(move, Move):  # _PLAN
                move = hand.plan(s)
                if move is None:  # pragma: no cover - choose() found progress in reach
                    continue
            progress = hand.apply(move) or progress
            log.append(move)
            moved = True
            if hand.over() or len(log) >= max_actions:
                break
        if progress or moved or hand.over() or len(log) >= max_actions:
            # A seat that moved without progress (a turn, a rearrangement) was not stuck and
            # is not now: its move keeps the progress it found in reach, and the others' moves
            # of such a round leave the foundations and its piles alone. So the everyone-stuck
            # test, which play_hand makes here, fails.
            continue
        if all(hand.stuck(seat) for seat in seats):
            hand = _Hand(resolve_stalemate(hand.state()))
            seats = hand.seats
            log.append(None)
        else:  # pragma: no cover - a greedy bot waits only when stuck
            msg = "every bot waited although some seat can still make progress"
            raise ValueError(msg)
    if not log:
        return state, ()
    return hand.state(), tuple(log)
