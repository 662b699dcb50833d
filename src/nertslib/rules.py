"""The rules: :func:`legal_moves`, :func:`check` and :func:`apply`.

Everything here is a pure function of its arguments. :func:`apply` validates every move with the
same predicates that :func:`legal_moves` uses to generate them, so the two agree exactly: a move
is accepted by ``apply`` if and only if it is in ``legal_moves`` (the property tests check
both directions).

Moves come out of :func:`legal_moves` in a stable, documented order:

1. calling Nerts;
2. *progress* moves: plays to a foundation (from the Nerts top, the waste top, then each work
   pile's top; onto existing foundations by index, then a new one), then the Nerts top onto,
   into or under work piles, then the waste top likewise (work piles by index; onto/into a pile
   before sliding under one);
3. moves between work piles: by source pile, then by target pile, stacks before slide-unders;
4. stock actions: turning the stock, or turning the waste over into a new stock;
5. rotating the stock, offered only to a stuck seat.

Move objects are interned: the same move is the same object, so generating them allocates
nothing but the tuple that holds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice, pairwise
from typing import TYPE_CHECKING, Final, Protocol, cast

from nertslib.cards import (
    CARDS,
    DECLARED_BASE,
    FACE,
    JOKER_OF,
    KEY,
    KING,
    MAX_SEATS,
    ON,
    OWNER,
    RANK,
    SUIT,
    UNDER,
    Card,
    declared_id,
)
from nertslib.context import (
    ACE_PLAYS,
    ALT_COLOUR,
    MOVE_ANY_SUFFIX,
    MOVE_TOP_CARD,
    SAME_SUIT,
    SLIDE_ALWAYS,
    SLIDE_OFF,
    SPACE_ANY,
    SPACE_KING_ONLY,
    SPACE_NERTS_ONLY,
    Context,
    context_for,
    foundation_key,
    next_key,
    turned_cursor,
)
from nertslib.errors import NertsError, Reason, Rejection, _error_for
from nertslib.jokers import INVALID, declaration_fits, pile_base, position_key
from nertslib.moves import (
    K_CALL,
    K_PLAY,
    K_RESTOCK,
    K_ROTATE,
    K_TURN,
    Z_FOUNDATION,
    Z_NERTS,
    Z_NEW_FOUNDATION,
    Z_UNDER,
    Z_WASTE,
    Z_WORK,
    Move,
    Zone,
)
from nertslib.state import EndReason, GameState, Layout, _blank_layout, _blank_state
from nertslib.variants import Variant

if TYPE_CHECKING:
    from nertslib.stuck import WorkSummary

__all__ = [
    "apply",
    "bind_piles",
    "check",
    "foundation_problem",
    "is_legal",
    "legal_moves",
    "pile_problem",
]

# Internal source and target codes.
_N, _W, _P = 0, 1, 2
_F, _FNEW, _TP, _TU = 0, 1, 2, 3
_SRC_ZONE: Final = (Zone.NERTS, Zone.WASTE, Zone.WORK)
_TGT_ZONE: Final = (Zone.FOUNDATION, Zone.NEW_FOUNDATION, Zone.WORK, Zone.UNDER)

_CACHE: dict[tuple[int, int, int, int, int], Move] = {}


def _mv(card: int, src: int, sidx: int, tgt: int, tidx: int) -> Move:
    key = (card, src, sidx, tgt, tidx)
    move = _CACHE.get(key)
    if move is None:
        # Built without Move's checks (half the cost; a new hand misses here about 80 times):
        # the codes come from move generation, and tests/test_fast_paths.py compares every
        # kind of play built here with the checked constructor.
        move = _new_move(Move)
        _set(move, "seat", OWNER[card])
        _set(move, "kind", K_PLAY)
        _set(move, "card", CARDS[card])
        _set(move, "source", _SRC_ZONE[src])
        _set(move, "source_index", sidx)
        _set(move, "target", _TGT_ZONE[tgt])
        _set(move, "target_index", tidx)
        _CACHE[key] = move
    return move


_new_move: Final = object.__new__
_set: Final = object.__setattr__


_SEATS: Final = range(8)
_TURN: Final = tuple(Move.turn(s) for s in _SEATS)
_RESTOCK: Final = tuple(Move.restock(s) for s in _SEATS)
_ROTATE: Final = tuple(Move.rotate(s) for s in _SEATS)
_CALL: Final = tuple(Move.call(s) for s in _SEATS)
# The same, each alone in a tuple (legal_moves adds them to a tuple of moves)
_CALL1: Final = tuple((move,) for move in _CALL)
_TURN1: Final = tuple((move,) for move in _TURN)
_RESTOCK1: Final = tuple((move,) for move in _RESTOCK)
_ROTATE1: Final = tuple((move,) for move in _ROTATE)


def _layout(state: GameState, seat: int) -> Layout:
    if type(seat) is not int or not 0 <= seat < len(state.layouts):
        msg = f"seat {seat!r} does not play in this {len(state.layouts)}-seat hand"
        raise NertsError(msg)
    return state.layouts[seat]


# --- move generation -----------------------------------------------------------------------


def _space_ok(ctx: Context, card: int, src: int) -> bool:
    space = ctx.space
    if space == SPACE_ANY:
        return True
    if space == SPACE_NERTS_ONLY:
        return src == _N
    return RANK[card] == KING


def _top_may_fill(space: int, card: int) -> bool:
    """Whether a work pile's top ``card``, moved alone, may fill a space under ``space``.

    A King top is always its pile's base (nothing builds on a King), so under
    ``"king_only"`` moving it alone moves its whole pile, as a space requires.
    """
    if space == SPACE_ANY:
        return True
    return space == SPACE_KING_ONLY and RANK[card] == KING


def _suit_started(fnd: Sequence[Sequence[int]], card: int) -> bool:
    suit = SUIT[card]
    return any(SUIT[pile[0]] == suit for pile in fnd)


def _foundation_plays(
    state: GameState, ctx: Context, card: int, src: int, sidx: int, out: list[Move]
) -> None:
    if RANK[card] == 1:
        if not ctx.one_per_suit or not _suit_started(state.fnd, card):
            out.append(_mv(card, src, sidx, _FNEW, 0))
        return
    key = ctx.fkey[card]
    need = state.need
    # Found in C: the foundations that need the key (callers test that some does; usually
    # one does, and a scan in Python of every foundation's need cost more than the play).
    k = need.index(key)
    move = _CACHE.get((card, src, sidx, _F, k))  # _mv's lookup, inline (the call cost 0.6 %)
    out.append(_mv(card, src, sidx, _F, k) if move is None else move)
    if key in need[k + 1 :]:  # more than one foundation needs it (several decks)
        for _ in range(need.count(key) - 1):
            k = need.index(key, k + 1)
            out.append(_mv(card, src, sidx, _F, k))


def _work_plays(ctx: Context, card: int, src: int, info: _WorkInfo) -> tuple[Move, ...]:
    """``card`` from source ``src`` onto, into or under the work piles ``info`` describes.

    Memoised in ``info`` by card and source: the answer depends on nothing else (``info`` is
    keyed by the piles and the space and slide rules), and a seat's work piles outlive many
    Nerts and waste tops.
    """
    memo_key = card * 2 + src  # src is _N or _W
    hit = info.plays.get(memo_key)
    if hit is not None:
        return hit
    want = KEY[card]
    onto = info.onto.get(want, ())
    if info.empty and _space_ok(ctx, card, src):
        onto = tuple(sorted(onto + info.empty)) if onto else info.empty
    # Sliding under is the shortcut for "fill a space with the card, then move the pile onto
    # it", so only a card that may fill a space slides under.
    under = info.under.get(want, ()) if _space_ok(ctx, card, src) else ()
    if onto or under:
        hit = tuple(
            [_mv(card, src, 0, _TP, j) for j in onto] + [_mv(card, src, 0, _TU, j) for j in under]
        )
    else:
        hit = ()  # the usual answer, without building the lists
    info.plays[memo_key] = hit
    return hit


_NEED_SET: tuple[tuple[int, ...] | None, frozenset[int]] = (None, frozenset())


def _set_needs(need: tuple[int, ...]) -> frozenset[int]:
    """Remember ``need`` as a set of ``ctx.fplay`` keys (:data:`ACE_PLAYS` added) and return it.

    See :func:`_progress_moves`.
    """
    global _NEED_SET  # noqa: PLW0603 - a one-entry cache, replaced whole (thread safe)
    needs = frozenset((*need, ACE_PLAYS))
    _NEED_SET = (need, needs)
    return needs


def _tops_to_foundations(
    state: GameState,
    ctx: Context,
    info: _WorkInfo,
    work: tuple[tuple[int, ...], ...],
    ntop: int,
    wtop: int,
    needs: frozenset[int],
    out: list[Move],
) -> None:
    """Append the foundation plays of the Nerts top, the waste top and the work tops.

    ``ntop`` and ``wtop`` are card ids, -1 for no card; ``info`` is ``_work_info`` of
    ``work``; ``needs`` is :func:`_set_needs` of the foundations' needs.
    """
    fplay = ctx.fplay
    if fplay[ntop] in needs:  # one lookup: fits a foundation, or an Ace
        _foundation_plays(state, ctx, ntop, _N, 0, out)
    if fplay[wtop] in needs:
        _foundation_plays(state, ctx, wtop, _W, 0, out)
    # One set test instead of a test per work top: most calls find none.
    if not info.top_fplays.isdisjoint(needs):
        for i, pile in enumerate(work):
            if pile and fplay[pile[-1]] in needs:
                _foundation_plays(state, ctx, pile[-1], _P, i, out)


def _progress_moves(
    state: GameState,
    lay: Layout,
    ctx: Context,
    out: list[Move],
    info: _WorkInfo | None = None,
) -> None:
    """Append the progress moves; ``info`` is ``_work_info`` of the layout, if known.

    :func:`legal_moves` has this inline.
    """
    # The hot path: inlined lookups; _foundation_plays only for the rare hits and Aces.
    if ctx.jokers:
        _joker_progress_moves(state, lay, ctx, out)
        return
    nerts, work, cur = lay.nerts, lay.work, lay.cursor
    # The needs as a set, remembered for the last needs seen: every seat's call between two
    # foundation plays sees the same tuple.
    last_need, needs = _NEED_SET
    if last_need is not state.need:
        needs = _set_needs(state.need)
    # -1 for no card: its fplay key is in no set of needs, and the memo of work plays holds ()
    # for it, so an empty pile needs no test of its own.
    ntop = nerts[-1] if nerts else -1
    wtop = lay.deck[cur - 1] if cur else -1
    if info is None:
        info = _work_info(work, ctx, lay.down)
    _tops_to_foundations(state, ctx, info, work, ntop, wtop, needs, out)
    plays = info.plays  # _work_plays' memo, read here first to save a call
    hit = plays.get(ntop * 2 + _N)
    out.extend(_work_plays(ctx, ntop, _N, info) if hit is None else hit)
    hit = plays.get(wtop * 2 + _W)
    out.extend(_work_plays(ctx, wtop, _W, info) if hit is None else hit)


def _suffix_ok(move_rule: int, d: int, n: int) -> bool:
    if move_rule == MOVE_ANY_SUFFIX:
        return True
    if move_rule == MOVE_TOP_CARD:
        return d == n - 1
    return d in (0, n - 1)


def _stack_moves(work: tuple[tuple[int, ...], ...]) -> list[tuple[int, int, int, int]]:
    """:func:`_shuffle_moves` with any-suffix moves, no space and nothing to slide under.

    The common case, in the same order: the rank each top takes and its key are worked out
    once per pile, not once per pair of piles.
    """
    out: list[tuple[int, int, int, int]] = []
    takes = [(j, RANK[tgt[-1]] - 1, ON[tgt[-1]]) for j, tgt in enumerate(work)]
    for i, pile in enumerate(work):
        n, base_rank = len(pile), RANK[pile[0]]
        for j, rank, want in takes:
            d = base_rank - rank
            if 0 <= d < n and KEY[pile[d]] == want and j != i:
                out.append((pile[d], i, _TP, j))
    return out


def _shuffle_moves(
    work: tuple[tuple[int, ...], ...],
    space: int,
    slide: int,
    move_rule: int,
    down: tuple[tuple[int, ...], ...] = (),
) -> list[tuple[int, int, int, int]]:
    """Moves between work piles as ``(card, source pile, target code, target pile)``.

    ``work`` holds the face-up cards; ``down`` the face-down ones under them (Klondike), which
    no card can slide under.
    """
    out: list[tuple[int, int, int, int]] = []
    has_space = () in work
    slide_now = slide != SLIDE_OFF and (has_space or slide == SLIDE_ALWAYS)
    if move_rule == MOVE_ANY_SUFFIX and not has_space and not slide_now:
        return _stack_moves(work)
    for i, pile in enumerate(work):
        n = len(pile)
        if not n:
            continue
        base_rank = RANK[pile[0]]
        for j, tgt in enumerate(work):
            if j == i:
                continue
            if tgt:
                top = tgt[-1]
                d = base_rank - RANK[top] + 1
                if 0 <= d < n and KEY[pile[d]] == ON[top] and _suffix_ok(move_rule, d, n):
                    out.append((pile[d], i, _TP, j))
            elif space == SPACE_ANY:
                out.extend((pile[d], i, _TP, j) for d in range(n) if _suffix_ok(move_rule, d, n))
            elif space == SPACE_KING_ONLY and base_rank == KING and _suffix_ok(move_rule, 0, n):
                out.append((pile[0], i, _TP, j))
        if slide_now and _top_may_fill(space, pile[-1]):
            x = KEY[pile[-1]]
            for j, tgt in enumerate(work):
                if j != i and tgt and UNDER[tgt[0]] == x and not (down and down[j]):
                    out.append((pile[-1], i, _TU, j))
    return out


_ONES: Final = tuple((j,) for j in range(8))  # (the most work piles a variant has)


def _one(j: int) -> tuple[int]:
    """``(j,)``, shared: the caches hold thousands (they were 15 % of the work infos' memory)."""
    return _ONES[j] if j < 8 else (j,)


class _WorkInfo:
    """What a seat's work piles offer, cached by the piles (they change less than the rest).

    Built on first sight of a configuration; the moves between the piles are worked out only
    when :func:`legal_moves` first asks (the bots and the stuck test never do).
    """

    __slots__ = (
        "after",
        "config",
        "empty",
        "onto",
        "pairs",
        "plays",
        "shuffle",
        "summary",
        "top_fplays",
        "under",
    )

    def __init__(
        self, work: tuple[tuple[int, ...], ...], ctx: Context, down: tuple[tuple[int, ...], ...]
    ) -> None:
        # One loop and tuples grown in place: a new configuration is built on about every
        # third move of a hand.
        onto: dict[int, tuple[int, ...]] = {}
        fplays: list[int] = []
        empty: list[int] = []
        fplay = ctx.fplay
        for j, pile in enumerate(work):
            if pile:
                top = pile[-1]
                fplays.append(fplay[top])
                key = ON[top]
                onto[key] = (*onto[key], j) if key in onto else _one(j)
            else:
                empty.append(j)
        under: dict[int, tuple[int, ...]] = {}
        if ctx.slide != SLIDE_OFF and (empty or ctx.slide == SLIDE_ALWAYS):
            for j, pile in enumerate(work):
                if pile and not (down and down[j]):
                    key = UNDER[pile[0]]
                    under[key] = (*under[key], j) if key in under else _one(j)
        self.onto = onto
        """Card key -> the piles whose top that card builds down on."""
        self.empty = tuple(empty)
        """The empty piles."""
        self.under = under
        """Card key -> the piles it may slide under now (empty if sliding is not allowed now)."""
        self.top_fplays = frozenset(fplays)
        """The ``ctx.fplay`` keys of the pile tops (the build rule is part of the key)."""
        self.plays: dict[int, tuple[Move, ...]] = {-2 + _N: (), -2 + _W: ()}
        """Memo of :func:`_work_plays` by ``card * 2 + source``; card -1 (no card) plays nowhere."""
        self.pairs: dict[int, tuple[Move, ...]] = {}
        """Memo of :meth:`pair_moves` by ``ntop * _PAIR_KEY + wtop``."""
        self.after: dict[
            int, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], _WorkInfo]
        ] = {}
        """Memo of :func:`apply`: a play's code -> the piles, face-down cards and info after."""
        self.shuffle: tuple[Move, ...] | None = None
        """The moves between the piles, once :meth:`moves` has worked them out."""
        self.config: WorkSummary | None = None
        """The stuck test's summary of these piles as they are (set by the stuck module)."""
        self.summary: WorkSummary | None = None
        """Their ``stuck.work_summary``, once the bot planner has asked (set there)."""

    def moves(
        self, work: tuple[tuple[int, ...], ...], ctx: Context, down: tuple[tuple[int, ...], ...]
    ) -> tuple[Move, ...]:
        """The moves between work piles (``work``, ``ctx`` and ``down`` are this info's key)."""
        moves = self.shuffle
        if moves is None:
            found = _shuffle_moves(work, ctx.space, ctx.slide, ctx.move_rule, down)
            moves = self.shuffle = (
                tuple([_mv(card, _P, i, tgt, j) for card, i, tgt, j in found]) if found else ()
            )
        return moves

    def pair_moves(
        self,
        ntop: int,
        wtop: int,
        work: tuple[tuple[int, ...], ...],
        ctx: Context,
        down: tuple[tuple[int, ...], ...],
    ) -> tuple[Move, ...]:
        """The two tops' work plays, then :meth:`moves` (memoised by the two tops).

        ``ntop`` and ``wtop`` are the Nerts and waste tops' card ids, -1 for no card. Without
        work plays the answer is :attr:`shuffle` itself: :func:`legal_moves` tells by identity
        whether there are any.
        """
        nplays = _work_plays(ctx, ntop, _N, self)
        wplays = _work_plays(ctx, wtop, _W, self)
        shuffle = self.moves(work, ctx, down)
        hit = self.pairs[ntop * _PAIR_KEY + wtop] = (
            nplays + wplays + shuffle if nplays or wplays else shuffle
        )
        return hit


# Card ids (-1 for no card) are below this: ``ntop * _PAIR_KEY + wtop`` is one key per pair.
_PAIR_KEY: Final = DECLARED_BASE + 1


_WORK_INFO: dict[
    tuple[tuple[tuple[int, ...], ...], tuple[int, int, int, int], tuple[tuple[int, ...], ...]],
    _WorkInfo,
] = {}
# Small on purpose: the garbage collector's full passes walk every object the caches hold, and
# with room for 65 536 configurations they took 40 % of the time of fresh random hands (whose
# configurations are nearly all new). When full, the older half goes, so the configurations
# of the hands in play stay (dropping them all made a replay of ten hands miss again).
_WORK_INFO_LIMIT: Final = 8192


def _work_info(
    work: tuple[tuple[int, ...], ...], ctx: Context, down: tuple[tuple[int, ...], ...] = ()
) -> _WorkInfo:
    key = (work, ctx.work_rules, down)
    info = _WORK_INFO.get(key)
    if info is None:
        if len(_WORK_INFO) >= _WORK_INFO_LIMIT:
            # Drop the older half (a dict keeps its insertion order): the piles in play stay.
            # (pop, not del: another thread may be dropping the same ones)
            for old in list(islice(_WORK_INFO, _WORK_INFO_LIMIT // 2)):
                dropped = _WORK_INFO.pop(old, None)
                if dropped is not None:
                    dropped.after.clear()
            # apply's memos name the infos after each play: forgotten too, so that no dropped
            # info stays alive through them (and what they name in turn).
            for kept in list(_WORK_INFO.values()):
                kept.after.clear()
        info = _WORK_INFO[key] = _WorkInfo(work, ctx, down)
    return info


class _Piles(Protocol):
    """What the mandatory fill reads of a seat.

    A :class:`~nertslib.Layout`, or the mutable seat of ``nertslib.fastplay``.
    """

    @property
    def nerts(self) -> tuple[int, ...]:
        """The Nerts pile."""
        ...  # pragma: no cover - a protocol

    @property
    def work(self) -> tuple[tuple[int, ...], ...]:
        """The face-up work piles."""
        ...  # pragma: no cover - a protocol


def _mandatory_fills(lay: _Piles, ctx: Context) -> list[Move] | None:
    """Racing Demon: with a space and a Nerts pile, filling the space is the only card move."""
    if not (ctx.mandatory and lay.nerts and () in lay.work):
        return None
    ntop = lay.nerts[-1]
    if not _space_ok(ctx, ntop, _N):
        return None
    return [_mv(ntop, _N, 0, _TP, j) for j, pile in enumerate(lay.work) if not pile]


def _front_moves(
    state: GameState, lay: Layout, ctx: Context, out: list[Move], info: _WorkInfo | None = None
) -> bool:
    """Append the moves that come first in :func:`legal_moves`.

    Those are the mandatory fills (then they are the only moves, and it returns True), else
    calling Nerts, then the progress moves. ``info`` is ``_work_info`` of the layout, if known.
    """
    if ctx.mandatory:
        mandatory = _mandatory_fills(lay, ctx)
        if mandatory is not None:
            out.extend(mandatory)
            return True
    if not lay.nerts and not ctx.auto_call:
        out.append(_CALL[lay.seat])
    _progress_moves(state, lay, ctx, out, info)
    return False


class SeatMoves(Protocol):
    """A value that tells its own seat's moves: a :class:`~nertslib.View` (``View.legal_moves``)."""

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        """The moves ``seat`` may make, as far as the value can tell."""


def legal_moves(state: GameState | SeatMoves, seat: int) -> tuple[Move, ...]:  # noqa: PLR0912
    """Every move ``seat`` may make now, in the stable order of the module docs.

    A finished hand has no legal moves. Given a :class:`~nertslib.View` instead of a state, the
    moves of the view's own seat (:meth:`nertslib.View.legal_moves`).

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> state = nl.deal(nl.variants.get("standard"), seats=2, seed=1)
    >>> moves = nl.legal_moves(state, seat=0)
    >>> moves[-1]
    Move.parse('0:turn')
    >>> all(nl.check(state, m) is None for m in moves)
    True
    """
    if not isinstance(state, GameState):  # a view: no import of views here (views imports rules)
        return state.legal_moves(seat)
    layouts = state.layouts
    if type(seat) is not int or not 0 <= seat < len(layouts):
        _layout(state, seat)  # raises the error
    if state.status is not None:
        return ()
    lay = layouts[seat]
    ctx = state.ctx
    if ctx.jokers:
        return _generic_legal_moves(state, lay, ctx)
    # A seat's piles mostly stay the same objects from one of its calls to the next (a turn
    # keeps them): known by identity, without hashing and comparing them again.
    work, down = lay.work, lay.down
    last = _SEAT_WORK[seat]
    if last is not None and last[0] is work and last[1] is down and last[2] is ctx:
        info = last[3]
    else:
        # _work_info's lookup first, inline: the call cost 0.8 % of a random pair
        known = _WORK_INFO.get((work, ctx.work_rules, down))
        info = _work_info(work, ctx, down) if known is None else known
        _SEAT_WORK[seat] = (work, down, ctx, info)
    global _LAST_LEGAL  # noqa: PLW0603 - a one-entry cache, replaced whole (thread safe)
    if ctx.mandatory:
        mandatory = _mandatory_fills(lay, ctx)
        if mandatory is not None:
            _LAST_LEGAL = (state, moves := tuple(mandatory))
            return moves  # only the mandatory fills
    # The needs as a set, remembered for the last needs seen: every seat's call between two
    # foundation plays sees the same tuple.
    last_need, needs = _NEED_SET
    if last_need is not state.need:
        needs = _set_needs(state.need)
    # _front_moves and _progress_moves, inline (the calls cost 3.6 % of a pair;
    # tests/test_fast_paths.py holds the two to the same moves). The two tops' work plays and
    # the moves between the piles are found in one lookup by the tops, and the answer is built
    # as a tuple: most answers are those moves and a turn of the stock.
    ntop = lay.nerts[-1] if lay.nerts else -1
    wtop = lay.deck[lay.cursor - 1] if lay.cursor else -1
    hit = info.pairs.get(ntop * _PAIR_KEY + wtop)
    moves = info.pair_moves(ntop, wtop, work, ctx, down) if hit is None else hit
    progress = moves is not info.shuffle  # work plays (see pair_moves)
    fplay = ctx.fplay
    # The tests of _tops_to_foundations first, inline: most calls find no foundation play
    # (-1, no card, fits nothing)
    if fplay[ntop] in needs or fplay[wtop] in needs or not info.top_fplays.isdisjoint(needs):
        out: list[Move] = []
        _tops_to_foundations(state, ctx, info, work, ntop, wtop, needs, out)
        if out:  # (an Ace may have none: one foundation per suit)
            progress = True
            moves = (*out, *moves)
    if ntop < 0 and not ctx.auto_call:
        moves = _CALL1[seat] + moves  # the call comes first
    stock_left = len(lay.deck) - lay.cursor
    if not (progress and ctx.when_blocked):
        if stock_left:
            moves += _TURN1[seat]
        elif lay.cursor and lay.passes < ctx.max_passes:
            moves += _RESTOCK1[seat]
    if (
        stock_left
        and not progress
        and ntop >= 0  # a seat that may call is never stuck
        and _stuck.stuck_without_progress(state, lay, ctx, info, needs)
    ):
        moves += _ROTATE1[seat]
    _LAST_LEGAL = (state, moves)
    return moves


def _generic_legal_moves(state: GameState, lay: Layout, ctx: Context) -> tuple[Move, ...]:
    """:func:`legal_moves` of a live hand's layout by the generic path (jokers)."""
    global _LAST_LEGAL  # noqa: PLW0603 - a one-entry cache, replaced whole (thread safe)
    out: list[Move] = []
    if _front_moves(state, lay, ctx, out):
        moves = tuple(out)  # only the mandatory fills
    else:
        progress = len(out) > (not lay.nerts and not ctx.auto_call)  # beyond the call
        out.extend(_joker_shuffle(lay.work, lay.down, lay.bound, ctx))
        stock_left = len(lay.deck) - lay.cursor
        if not (ctx.when_blocked and progress):
            if stock_left:
                out.append(_TURN[lay.seat])
            elif lay.cursor and lay.passes < ctx.max_passes:
                out.append(_RESTOCK[lay.seat])
        # a seat that may call Nerts is never stuck
        if stock_left and not progress and lay.nerts and _stuck.stuck_layout(state, lay, ctx):
            out.append(_ROTATE[lay.seat])
        moves = tuple(out)
    _LAST_LEGAL = (state, moves)
    return moves


# The last work piles legal_moves saw for each seat, and their _WorkInfo (each entry is
# replaced whole: thread safe; a hit saves hashing the piles, 3 % of a legal_moves+apply pair).
_SEAT_WORK: list[
    tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], Context, _WorkInfo] | None
] = [None] * MAX_SEATS

# The last answer of legal_moves: apply skips validating a move that legal_moves just
# generated for the very same (immutable) state, the pattern of every search loop and bot.
_LAST_LEGAL: tuple[GameState | None, tuple[Move, ...]] = (None, ())


def _has_progress(state: GameState, lay: Layout) -> bool:
    out: list[Move] = []
    _progress_moves(state, lay, state.ctx, out)
    return bool(out)


# --- jokers: the generic path (only when the variant deals jokers) --------------------------
#
# A joker's identity on a work pile is a constraint derived from where it sits (see
# nertslib.jokers): moves are generated by building the piles a move would make and keeping
# it iff they are valid, given the identities already bound (Layout.bound).


def _eff(pile: tuple[int, ...], bound: tuple[int, ...]) -> tuple[int, ...]:
    """The effective keys of a pile: a card's key, a bound joker's key, -1 for a free joker."""
    if bound:
        return tuple([k if (k := KEY[c]) >= 0 else bound[FACE[c] - 52] for c in pile])
    return tuple([KEY[c] for c in pile])


def _valid(pile: tuple[int, ...], bound: tuple[int, ...]) -> bool:
    return pile_base(_eff(pile, bound)) != INVALID


def joker_constraint(pile: tuple[int, ...], bound: tuple[int, ...], i: int) -> int:
    """The key position ``i`` of valid work pile ``pile`` is held to, or -1 if it is open."""
    base = pile_base(_eff(pile, bound))
    return position_key(base, i) if base >= 0 else -1


def _bind_pile(pile: tuple[int, ...], bound: tuple[int, ...], jokers: int) -> tuple[int, ...]:
    covered = [i for i in range(len(pile) - 1) if KEY[pile[i]] < 0]
    if not covered:
        return bound
    base = pile_base(_eff(pile, bound))
    if base < 0:
        return bound
    new = list(bound) if bound else [-1] * jokers
    for i in covered:
        new[FACE[pile[i]] - 52] = position_key(base, i)
    return tuple(new)


def _rebind(
    move: Move, work: tuple[tuple[int, ...], ...], bound: tuple[int, ...], jokers: int
) -> tuple[int, ...]:
    """``bound`` after ``move`` under ``joker_binding="permanent"``."""
    target = move.target
    if target is Z_WORK or target is Z_UNDER:
        return _bind_pile(work[move.target_index], bound, jokers)
    card = move.card.id  # type: ignore[union-attr]
    if bound and card >= DECLARED_BASE:
        new = list(bound)
        new[FACE[card] - 52] = -1
        return tuple(new) if max(new) >= 0 else ()
    return bound


_JOKER_SHUFFLE: dict[
    tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...], int, int, int],
    tuple[Move, ...],
] = {}


def _joker_shuffle(
    work: tuple[tuple[int, ...], ...],
    down: tuple[tuple[int, ...], ...],
    bound: tuple[int, ...],
    ctx: Context,
) -> tuple[Move, ...]:
    """The moves between work piles in a joker variant (the order of ``_shuffle_moves``)."""
    key = (work, down, bound, ctx.space, ctx.slide, ctx.move_rule)
    hit = _JOKER_SHUFFLE.get(key)
    if hit is not None:
        return hit
    out = tuple(
        _mv(card, _P, i, tgt, j)
        for card, i, tgt, j in joker_shuffle_moves(
            work, down, bound, ctx.space, ctx.slide, ctx.move_rule
        )
    )
    if len(_JOKER_SHUFFLE) >= _WORK_INFO_LIMIT:
        _JOKER_SHUFFLE.clear()
    _JOKER_SHUFFLE[key] = out
    return out


def joker_shuffle_moves(
    work: tuple[tuple[int, ...], ...],
    down: tuple[tuple[int, ...], ...],
    bound: tuple[int, ...],
    space: int,
    slide: int,
    move_rule: int,
) -> list[tuple[int, int, int, int]]:
    """:func:`_shuffle_moves` for piles that may hold jokers: try each move, keep valid ones."""
    out: list[tuple[int, int, int, int]] = []
    slide_now = slide != SLIDE_OFF and (() in work or slide == SLIDE_ALWAYS)
    for i, pile in enumerate(work):
        n = len(pile)
        if not n:
            continue
        for j, tgt in enumerate(work):
            if j == i:
                continue
            for d in range(n):
                if not _suffix_ok(move_rule, d, n):
                    continue
                moved = pile[d:]
                # A space takes a work stack only under "any": Variant refuses jokers with
                # King-only spaces, and "nerts_only" spaces take the Nerts top alone.
                ok = _valid(tgt + moved, bound) if tgt else space == SPACE_ANY
                if ok:
                    out.append((pile[d], i, _TP, j))
        if slide_now and _top_may_fill(space, pile[-1]):
            top = (pile[-1],)
            out.extend(
                (pile[-1], i, _TU, j)
                for j, tgt in enumerate(work)
                if j != i and tgt and not (down and down[j]) and _valid(top + tgt, bound)
            )
    return out


def _declarations(rule: int, want: int) -> tuple[int, ...]:
    """In-deck indices of the cards a foundation needing key ``want`` accepts."""
    rank = want % 16
    if rule == SAME_SUIT:
        suits: tuple[int, ...] = (want // 16,)
    elif rule == ALT_COLOUR:
        suits = (1, 2) if want // 16 else (0, 3)
    else:
        suits = (0, 1, 2, 3)
    return tuple(s * 13 + rank - 1 for s in suits)


def _joker_foundation_plays(
    state: GameState, ctx: Context, card: int, held: int, src: int, sidx: int, out: list[Move]
) -> None:
    """Foundation plays of ``card``; a joker (held to key ``held``, -1: open) is declared."""
    if KEY[card] >= 0:
        if RANK[card] == 1 or ctx.fkey[card] in state.need:
            _foundation_plays(state, ctx, card, src, sidx, out)
        return
    owner, number = OWNER[card], FACE[card] - 51
    for k, want in enumerate(state.need):
        if want >= 0:
            for d in _declarations(ctx.rule, want):
                fcard = declared_id(owner, number, d)
                if declaration_fits(held, KEY[fcard]):
                    out.append(_mv(fcard, src, sidx, _F, k))
    for suit in range(4):
        fcard = declared_id(owner, number, suit * 13)
        if declaration_fits(held, KEY[fcard]) and not (
            ctx.one_per_suit and _suit_started(state.fnd, fcard)
        ):
            out.append(_mv(fcard, src, sidx, _FNEW, 0))


def _joker_work_plays(ctx: Context, lay: Layout, card: int, src: int, out: list[Move]) -> None:
    """The Nerts or waste top ``card`` onto, into or under work piles (joker variants)."""
    work, bound, down = lay.work, lay.bound, lay.down
    single = (card,)
    for j, tgt in enumerate(work):
        if _valid(tgt + single, bound) if tgt else _space_ok(ctx, card, src):
            out.append(_mv(card, src, 0, _TP, j))
    if (
        ctx.slide != SLIDE_OFF
        and (ctx.slide == SLIDE_ALWAYS or () in work)
        and _space_ok(ctx, card, src)
    ):
        out.extend(
            _mv(card, src, 0, _TU, j)
            for j, tgt in enumerate(work)
            if tgt and not (down and down[j]) and _valid(single + tgt, bound)
        )


def _joker_progress_moves(state: GameState, lay: Layout, ctx: Context, out: list[Move]) -> None:
    """:func:`_progress_moves` of a joker variant, in the same order."""
    nerts, work, cur, bound = lay.nerts, lay.work, lay.cursor, lay.bound
    ntop = nerts[-1] if nerts else -1
    wtop = lay.deck[cur - 1] if cur else -1
    if ntop >= 0:
        _joker_foundation_plays(state, ctx, ntop, -1, _N, 0, out)
    if wtop >= 0:
        _joker_foundation_plays(state, ctx, wtop, -1, _W, 0, out)
    for i, pile in enumerate(work):
        if pile:
            top = pile[-1]
            held = joker_constraint(pile, bound, len(pile) - 1) if KEY[top] < 0 else -1
            _joker_foundation_plays(state, ctx, top, held, _P, i, out)
    if ntop >= 0:
        _joker_work_plays(ctx, lay, ntop, _N, out)
    if wtop >= 0:
        _joker_work_plays(ctx, lay, wtop, _W, out)


def _card_moves(state: GameState, lay: Layout, ctx: Context) -> list[Move]:
    """The card moves :func:`legal_moves` offers (joker variants' validation uses them)."""
    out: list[Move] = []
    if ctx.mandatory:
        mandatory = _mandatory_fills(lay, ctx)
        if mandatory is not None:
            return mandatory
    _progress_moves(state, lay, ctx, out)
    out.extend(_joker_shuffle(lay.work, lay.down, lay.bound, ctx))
    return out


# --- validation ------------------------------------------------------------------------------


def _reject(state: GameState, move: Move) -> Rejection | None:
    if not isinstance(cast(object, move), Move):
        msg = f"not a Move: {move!r}"
        raise NertsError(msg)
    seat = move.seat
    if state.status is not None:
        return Rejection(Reason.HAND_OVER, "the hand is over", move)
    if seat >= len(state.layouts):
        return Rejection(
            Reason.NO_SUCH_SEAT,
            f"seat {seat} does not play in this {len(state.layouts)}-seat hand",
            move,
        )
    lay = state.layouts[seat]
    ctx = state.ctx
    kind = move.kind
    if kind is not K_PLAY:
        return _reject_other(state, lay, ctx, move)
    if ctx.jokers:
        return _reject_joker(state, lay, ctx, move)
    return _reject_card(state, lay, ctx, move, move.card.id)  # type: ignore[union-attr]


def _reject_card(  # noqa: PLR0912 - one branch per rule
    state: GameState, lay: Layout, ctx: Context, move: Move, fcard: int
) -> Rejection | None:
    """Validate a card move by the card-key rules; ``fcard`` is the id that goes up.

    Without jokers this is the whole validation. With jokers the moving card is found by its
    raw joker id and ``fcard`` is the declared id (see :func:`_reject_joker`).
    """
    seat = move.seat
    card_obj = move.card
    assert card_obj is not None
    card = JOKER_OF[fcard] if fcard >= DECLARED_BASE else fcard
    source, target = move.source, move.target
    # The source: is the card there, and which cards move with it?
    d = n = 0
    if source is Z_NERTS:
        if not lay.nerts:
            return Rejection(Reason.EMPTY_SOURCE, f"seat {seat}'s Nerts pile is empty", move)
        if lay.nerts[-1] != card:
            return Rejection(
                Reason.CARD_NOT_THERE,
                f"seat {seat}'s Nerts top is {CARDS[lay.nerts[-1]]}, not {card_obj}",
                move,
            )
        src = _N
    elif source is Z_WASTE:
        if not lay.cursor:
            return Rejection(Reason.EMPTY_SOURCE, f"seat {seat}'s waste is empty", move)
        top = lay.deck[lay.cursor - 1]
        if top != card:
            return Rejection(
                Reason.CARD_NOT_THERE,
                f"seat {seat}'s waste top is {CARDS[top]}, not {card_obj}",
                move,
            )
        src = _W
    else:
        i = move.source_index
        if i >= ctx.nwork:
            return Rejection(
                Reason.NO_SUCH_PILE, f"seat {seat} has no work pile {i} (0..{ctx.nwork - 1})", move
            )
        pile = lay.work[i]
        if not pile:
            return Rejection(Reason.EMPTY_SOURCE, f"seat {seat}'s work pile {i} is empty", move)
        if card not in pile:
            # Klondike: say "not face up", never whether a face-down card is there.
            where = "face up in" if lay.down and lay.down[i] else "in"
            return Rejection(
                Reason.CARD_NOT_THERE,
                f"{card_obj} is not {where} seat {seat}'s work pile {i}",
                move,
            )
        d, n = pile.index(card), len(pile)
        src = _P
    mandatory = _mandatory_fills(lay, ctx) if ctx.mandatory else None
    if mandatory is not None and move not in mandatory:
        return Rejection(
            Reason.SPACE_MUST_BE_FILLED,
            f"seat {seat} must first fill its empty work pile from its Nerts pile",
            move,
        )
    j = move.target_index
    if target is Z_FOUNDATION or target is Z_NEW_FOUNDATION:
        if src == _P and d != n - 1:
            return Rejection(
                Reason.NOT_ON_TOP, "only the top card of a work pile may go to a foundation", move
            )
        if target is Z_NEW_FOUNDATION:
            return _reject_new_foundation(state, ctx, fcard, move)
        return _reject_foundation(state, ctx, fcard, j, move)
    if j >= ctx.nwork:
        return Rejection(
            Reason.NO_SUCH_PILE, f"seat {seat} has no work pile {j} (0..{ctx.nwork - 1})", move
        )
    if src == _P and move.source_index == j:
        return Rejection(Reason.SAME_PILE, f"work pile {j} cannot move onto itself", move)
    dest = lay.work[j]
    if target is Z_UNDER:
        if ctx.slide == SLIDE_OFF:
            return Rejection(Reason.SLIDE_UNDER_RULE, "this variant has no sliding under", move)
        if src == _P and d != n - 1:
            return Rejection(
                Reason.NOT_ON_TOP, "only the top card of a work pile may slide under", move
            )
        if not dest:
            return Rejection(
                Reason.DOES_NOT_FIT,
                f"work pile {j} is empty: there is nothing to slide under",
                move,
            )
        if ctx.slide != SLIDE_ALWAYS and () not in lay.work:
            return Rejection(
                Reason.SLIDE_UNDER_RULE, "sliding under needs an empty work pile", move
            )
        if lay.down and lay.down[j]:
            return Rejection(
                Reason.DOES_NOT_FIT,
                f"work pile {j} has face-down cards: nothing can slide under it",
                move,
            )
        if not _space_ok(ctx, card, src):
            return Rejection(
                Reason.SPACE_RULE,
                f"space_fill={ctx.variant.space_fill!r} does not let {card_obj} fill a space, "
                "so it cannot slide under",
                move,
            )
        if UNDER[dest[0]] != KEY[card]:
            return Rejection(
                Reason.DOES_NOT_FIT, f"{card_obj} cannot slide under {CARDS[dest[0]]}", move
            )
        return None
    # target is Zone.WORK
    if src == _P and not _suffix_ok(ctx.move_rule, d, n):
        rule = ctx.variant.work_pile_move
        return Rejection(
            Reason.MOVE_RULE, f"work_pile_move={rule!r} does not let {card_obj} move", move
        )
    if not dest:
        ok = _space_ok(ctx, card, src)
        if src == _P and ctx.space == SPACE_KING_ONLY:
            ok = ok and d == 0
        if not ok:
            return Rejection(
                Reason.SPACE_RULE,
                f"space_fill={ctx.variant.space_fill!r} does not let {card_obj} fill a space",
                move,
            )
        return None
    if ON[dest[-1]] != KEY[card]:
        return Rejection(
            Reason.DOES_NOT_FIT,
            f"{card_obj} does not build down on {CARDS[dest[-1]]} (one lower, other colour)",
            move,
        )
    return None


def _reject_joker(state: GameState, lay: Layout, ctx: Context, move: Move) -> Rejection | None:
    """Validate a card move of a joker variant: legal iff generated (see the jokers section)."""
    if move in _card_moves(state, lay, ctx):
        return None
    card_obj = move.card
    assert card_obj is not None
    fcard = card_obj.id
    rejection = _reject_card(state, lay, ctx, move, fcard)
    raw_to_foundation = KEY[fcard] < 0 and move.to_foundation
    if rejection is not None and not (
        raw_to_foundation and rejection.reason in (Reason.NOT_AN_ACE, Reason.WRONG_FOUNDATION_CARD)
    ):
        return rejection
    if raw_to_foundation:
        return Rejection(
            Reason.BAD_DECLARATION,
            f"declare {card_obj} as a card before it goes to a foundation (e.g. "
            f"{card_obj.code}=6H)",
            move,
        )
    if move.to_foundation:
        return Rejection(
            Reason.BAD_DECLARATION,
            f"{card_obj} does not fit the rank and colour its work pile fixes",
            move,
        )
    # Spaces: every rule _reject_card checks is all the generator checks (jokers never meet
    # King-only spaces), so what is left is a pile the identities cannot build.
    j = move.target_index
    return Rejection(
        Reason.DOES_NOT_FIT,
        f"no identities of the jokers let {card_obj} go "
        f"{'under' if move.target is Z_UNDER else 'onto'} work pile {j}",
        move,
    )


def _reject_new_foundation(
    state: GameState, ctx: Context, card: int, move: Move
) -> Rejection | None:
    if RANK[card] != 1:
        return Rejection(
            Reason.NOT_AN_ACE, f"only an Ace starts a foundation; {CARDS[card]} offered", move
        )
    if ctx.one_per_suit and _suit_started(state.fnd, card):
        return Rejection(
            Reason.RACE_LOST,
            f"a {CARDS[card].suit.name.lower()} foundation was started first",  # type: ignore[union-attr]
            move,
        )
    return None


def _reject_foundation(
    state: GameState, ctx: Context, card: int, k: int, move: Move
) -> Rejection | None:
    if k >= len(state.fnd):
        return Rejection(
            Reason.NO_SUCH_PILE,
            f"there is no foundation {k} ({len(state.fnd)} started so far)",
            move,
        )
    pile = state.fnd[k]
    want = ctx.fnext[pile[-1]]
    have = ctx.fkey[card] if RANK[card] else -2
    if want == have:
        return None
    needs = "nothing: it is complete" if want < 0 else _describe_need(ctx.rule, pile[-1])
    first = next((c for c in pile if ctx.fkey[c] == have), None)
    if first is not None:
        return Rejection(
            Reason.RACE_LOST,
            f"too late: foundation {k} took seat {OWNER[first]}'s {CARDS[first]} first "
            f"and needs {needs} now",
            move,
        )
    return Rejection(
        Reason.WRONG_FOUNDATION_CARD,
        f"foundation {k} needs {needs}; {CARDS[card]} offered",
        move,
    )


def _describe_need(rule: int, top: int) -> str:
    card = CARDS[top]
    rank = card.rank + 1
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    rank_text = names.get(rank, str(rank))
    if rule == 0:
        assert card.suit is not None
        return f"{rank_text}{card.suit.symbol}"
    if rule == 1:
        colour = "black" if card.is_red else "red"
        return f"a {colour} {rank_text}"
    return f"any {rank_text}"


def _reject_other(  # noqa: PLR0912 - one branch per rule
    state: GameState, lay: Layout, ctx: Context, move: Move
) -> Rejection | None:
    kind, seat = move.kind, move.seat
    if kind is K_CALL:
        if ctx.auto_call:
            return Rejection(
                Reason.CALL_NOT_ALLOWED, "call_mode='auto' ends the hand by itself", move
            )
        if lay.nerts:
            return Rejection(
                Reason.NERTS_NOT_EMPTY,
                f"seat {seat} still has {len(lay.nerts)} card(s) in its Nerts pile",
                move,
            )
        return None
    stock_left = len(lay.deck) - lay.cursor
    if kind is K_ROTATE:
        if not stock_left:
            return Rejection(Reason.STOCK_EMPTY, f"seat {seat}'s stock is empty", move)
        if not _stuck.is_stuck(state, seat):
            return Rejection(Reason.NOT_STUCK, f"seat {seat} is not stuck", move)
        return None
    if ctx.mandatory and _mandatory_fills(lay, ctx) is not None:
        return Rejection(
            Reason.SPACE_MUST_BE_FILLED,
            f"seat {seat} must first fill its empty work pile from its Nerts pile",
            move,
        )
    if kind is K_TURN:
        if not stock_left:
            return Rejection(
                Reason.STOCK_EMPTY, f"seat {seat}'s stock is empty: restock first", move
            )
    else:  # RESTOCK
        if stock_left:
            return Rejection(
                Reason.STOCK_NOT_EMPTY, f"seat {seat} still has {stock_left} stock card(s)", move
            )
        if not lay.cursor:
            return Rejection(Reason.WASTE_EMPTY, f"seat {seat}'s waste is empty", move)
        if lay.passes >= ctx.max_passes:
            return Rejection(
                Reason.PASS_LIMIT,
                f"seat {seat} has turned its waste over {lay.passes} time(s), the limit",
                move,
            )
    if ctx.when_blocked and _has_progress(state, lay):
        return Rejection(
            Reason.STOCK_BLOCKED,
            f"seat {seat} has a play available: stock_access='when_blocked'",
            move,
        )
    return None


def check(state: GameState, move: Move) -> Rejection | None:
    """``None`` if ``move`` is legal in ``state``, else a :class:`Rejection` saying why.

    Raises:
        NertsError: (a :class:`ValueError`) if ``move`` is not a :class:`Move` at all.

    >>> import nertslib as nl
    >>> state = nl.deal(nl.variants.get("standard"), seats=2, seed=1)
    >>> nl.check(state, nl.Move.restock(0)).reason
    Reason.STOCK_NOT_EMPTY
    >>> nl.check(state, nl.Move.parse("5:turn")).reason
    Reason.NO_SUCH_SEAT
    """
    return _reject(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether :func:`apply` would accept ``move`` (``check(state, move) is None``).

    >>> import nertslib as nl
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> nl.is_legal(state, nl.Move.turn(0)), nl.is_legal(state, nl.Move.restock(0))
    (True, False)
    """
    return _reject(state, move) is None


def _validate(state: GameState, move: Move) -> None:
    """Raise the error for ``move`` if it is not legal in ``state``."""
    rejection = _reject(state, move)
    if rejection is not None:
        raise _error_for(rejection)


def apply(state: GameState, move: Move) -> GameState:  # noqa: PLR0912, PLR0915 - inlined
    """The state after ``move``. The input state is never changed.

    Raises:
        IllegalMoveError: (a :class:`ValueError`) with ``.reason``, ``.move`` and ``.seat``
            if the move is not legal; :class:`RaceLostError` (a subclass) if another card
            reached the foundation first.

    >>> import nertslib as nl
    >>> state = nl.deal(nl.variants.get("standard"), seats=2, seed=1)
    >>> after = nl.apply(state, nl.Move.turn(0))
    >>> len(after.seats[0].waste), len(state.seats[0].waste)
    (3, 0)
    >>> try:
    ...     nl.apply(state, nl.Move.call(1))
    ... except nl.IllegalMoveError as error:
    ...     print(error.reason, "|", error)
    Reason.NERTS_NOT_EMPTY | illegal move 1:nerts: seat 1 still has 13 card(s) in its Nerts pile
    """
    last_state, last_moves = _LAST_LEGAL
    # Known legal: one of the (interned) Moves legal_moves just generated for this very state,
    # found by identity: the first (a greedy bot's usual pick), else by a scan (``in`` would
    # call Move.__eq__ on each move before it: 5 % of a random pair). Any other move, an
    # equal one built anew included, gets the full validation.
    if last_state is not state:
        _validate(state, move)
    elif not last_moves or move is not last_moves[0]:
        for known in last_moves:
            if known is move:
                break
        else:
            _validate(state, move)
    # --- the transition itself (the move is legal); here, not in a function of its own,
    # because the call cost 2 % of a legal_moves+apply pair.
    seat = move.seat
    lay = state.layouts[seat]
    ctx = state.ctx
    # One field a line: a multiple assignment of more than three names builds a tuple.
    nerts = lay.nerts
    work = lay.work
    deck = lay.deck
    cur = lay.cursor
    passes = lay.passes
    down = lay.down
    fnd, need = state.fnd, state.need
    status, caller, stalled = state.status, state.caller, state.stalled
    kind = move.kind
    if kind is K_PLAY:
        card = move.card.id  # type: ignore[union-attr]
        source, target = move.source, move.target
        j = move.target_index
        if source is Z_NERTS:
            nerts = nerts[:-1]
        elif source is Z_WASTE:
            deck = deck[: cur - 1] + deck[cur:]
            cur -= 1
        if target is Z_FOUNDATION:
            fnds = list(fnd)
            fnds[j] += (card,)
            fnd = tuple(fnds)
            needs = list(need)
            needs[j] = ctx.fnext[card]
            need = tuple(needs)
        elif target is Z_NEW_FOUNDATION:
            need = (*need, ctx.fnext[card])
            fnd = (*fnd, (card,))
        if source is Z_WORK or target is Z_WORK or target is Z_UNDER:
            # The work piles change. The seat's last piles (as legal_moves or apply left them;
            # never a joker hand's) remember where each play took them, and the work info
            # there: the piles are not built again, and the next legal_moves knows them by
            # identity.
            last = _SEAT_WORK[seat]
            if last is not None and last[0] is work and last[1] is down and last[2] is ctx:
                memo = last[3].after
                code = card * 32 + (j if target is Z_WORK else j + 8 if target is Z_UNDER else 16)
                hit = memo.get(code)
                if hit is None:
                    work, down = _moved(work, down, move, card)
                    seen = _WORK_INFO.get((work, ctx.work_rules, down))
                    info = _work_info(work, ctx, down) if seen is None else seen
                    memo[code] = (work, down, info)
                else:
                    work, down, info = hit
                _SEAT_WORK[seat] = (work, down, ctx, info)
            else:
                work, down = _moved(work, down, move, card)
        if source is not Z_WORK or target is Z_FOUNDATION or target is Z_NEW_FOUNDATION:
            stalled = False
            if ctx.auto_call and source is Z_NERTS and not nerts:
                status, caller = EndReason.NERTS, seat
    elif kind is K_TURN:
        if cur + ctx.turn <= len(deck):  # a whole turn: no remainder rule to apply
            cur += ctx.turn
        else:
            cur, passes = turned_cursor(
                cur, len(deck), ctx.turn, ctx.flip_immediately, passes, ctx.max_passes
            )
    elif kind is K_RESTOCK:
        cur, passes = 0, passes + 1
    elif kind is K_ROTATE:
        deck = (*deck[:cur], *deck[cur + 1 :], deck[cur])
    else:  # CALL
        status, caller = EndReason.NERTS, seat
    bound = lay.bound
    if ctx.jokers and ctx.permanent and kind is K_PLAY:
        bound = _rebind(move, work, bound, ctx.variant.jokers_per_deck)
    # The new layout and state are filled in field by field on blank twins (see
    # state._blank_twin): no call frame and no packing of the arguments, 6 % of a pair.
    mine = _blank_layout()
    mine.seat = seat
    mine.nerts = nerts
    mine.work = work
    mine.deck = deck
    mine.cursor = cur
    mine.passes = passes
    mine.down = down
    mine.bound = bound
    mine.__class__ = Layout
    layouts = list(state.layouts)
    layouts[seat] = mine
    built = _blank_state()
    built.variant = state.variant
    built.layouts = tuple(layouts)
    built.fnd = fnd
    built.status = status
    built.caller = caller
    built.stalled = stalled
    built.resolutions = state.resolutions
    built.seed = state.seed
    built.ctx = ctx
    built.need = need
    built._attrs_cached_hash = None
    built.__class__ = GameState
    after: GameState = built  # typed without a call to cast
    return after


def _moved(
    work: tuple[tuple[int, ...], ...], down: tuple[tuple[int, ...], ...], move: Move, card: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The work piles and face-down cards after ``move`` of ``card`` (id), a legal play."""
    # Tuples of piles are rebuilt through a list: cheaper than slicing round the index.
    piles = list(work)
    if move.source is Z_WORK:
        i = move.source_index
        pile = piles[i]
        d = pile.index(card if card < DECLARED_BASE else JOKER_OF[card])
        moved = pile[d:]
        if not d and down and down[i]:
            # Klondike: the face-down card below turns up.
            hidden = down[i]
            piles[i] = hidden[-1:]
            lowered = list(down)
            lowered[i] = hidden[:-1]
            down = tuple(lowered) if any(lowered) else ()
        else:
            piles[i] = pile[:d]
    else:
        moved = (card,)
    target = move.target
    if target is Z_WORK:
        j = move.target_index
        piles[j] += moved
    elif target is Z_UNDER:
        j = move.target_index
        piles[j] = moved + piles[j]
    return tuple(piles), down


def _play(state: GameState, move: Move) -> GameState:
    """:func:`apply` of a move already known to be legal, without validating it again."""
    global _LAST_LEGAL  # noqa: PLW0603 - a one-entry cache, replaced whole (thread safe)
    # apply trusts a move of the last legal_moves answer; should another thread replace that
    # answer first, apply validates the move, which is legal, and gives the same state.
    _LAST_LEGAL = (state, (move,))
    return apply(state, move)


# --- specifications used by NFEN parsing and the tests ----------------------------------------


def foundation_problem(pile: tuple[int, ...], variant: Variant, seats: int) -> str:
    """Why card-id ``pile`` is not a valid foundation under ``variant``; ``""`` if it is.

    A foundation starts with an Ace and rises by one under the build rule; a repeated card key
    (a tie) is allowed only with ``tie_policy="both_keep"``.
    """
    if not pile:
        return "a foundation is never empty"
    rule = context_for(variant, seats).rule
    if RANK[pile[0]] == 0:
        return f"{CARDS[pile[0]]} is not declared (a joker goes up as e.g. X1=AH)"
    if RANK[pile[0]] != 1:
        return f"starts with {CARDS[pile[0]]}, not an Ace"
    for below, above in pairwise(pile):
        if RANK[above] == 0:
            return f"{CARDS[above]} is not declared (a joker goes up as e.g. X1=6H)"
        if foundation_key(rule, above) == next_key(rule, below):
            continue
        tie = foundation_key(rule, above) == foundation_key(rule, below)
        if tie and variant.tie_policy == "both_keep":
            continue
        return f"{CARDS[above]} cannot follow {CARDS[below]}"
    return ""


def pile_problem(pile: tuple[int, ...], bound: tuple[int, ...] = ()) -> str:
    """Why the face-up work pile ``pile`` (card ids) is not valid; ``""`` if it is.

    A pile is valid iff some identities of its open jokers (``bound`` holds the fixed ones,
    see :class:`~nertslib.Layout`) make it build down by one in alternating colours, every
    rank within Ace..King.

    >>> from nertslib.rules import pile_problem
    >>> ten_s, joker, eight_s, eight_h = 48, 52, 46, 33
    >>> pile_problem((ten_s, joker, eight_s)), pile_problem((ten_s, joker, eight_h))
    ('', '10♠ 🃏1 8♥ builds down in no way its jokers allow')
    """
    if any(c >= DECLARED_BASE for c in pile):
        return "a declared joker lies on a work pile"
    if pile_base(_eff(pile, bound)) == INVALID:
        return f"{' '.join(str(CARDS[c]) for c in pile)} builds down in no way its jokers allow"
    return ""


def bind_piles(
    work: tuple[tuple[int, ...], ...], bound: tuple[int, ...], jokers: int
) -> tuple[int, ...]:
    """``bound`` after binding every covered joker of a determined pile of ``work``.

    (``joker_binding="permanent"``: once a card lies on a joker, its rank and colour are fixed.)
    """
    for pile in work:
        bound = _bind_pile(pile, bound, jokers)
    return bound


_ = Card

# Stuck detection builds on these rules (nertslib.stuck imports this module), and legal_moves
# offers the rotation only to a stuck seat: bind the module once both exist. (An import inside
# legal_moves cost about a microsecond on every call.)
from nertslib import stuck as _stuck  # noqa: E402
