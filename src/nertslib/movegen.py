"""Card-move generation: the plays a seat may make with its cards, by the rule predicates.

One generator serves :func:`nertslib.legal_moves`, the validation of joker moves, stuck
detection and the bots. Each rule is asked of :mod:`nertslib.predicates`; jokers extend the
same paths (a pile accepts cards iff some identities of its jokers make it valid, see
:mod:`nertslib.jokers`) instead of forking them.

The order is the one :mod:`nertslib.rules` documents: plays to a foundation (the Nerts top,
the waste top, then each work top; onto existing foundations by index, then a new one), then
the Nerts top onto, into or under work piles, then the waste top likewise, then the moves
between work piles (by source pile, then target pile, stacks before slide-unders).
"""

from __future__ import annotations

from typing import Final

from nertslib.cards import ACE, CARDS, FACE, KEY, MAX_SEATS, OWNER, RANK, declared_id
from nertslib.context import SPACE_KING_ONLY, Context, Piles, Shared, WorkFacts
from nertslib.errors import NertsError
from nertslib.jokers import (
    declaration_fits,
    declarations,
    effective_keys,
    lifted_key,
    stands_as_king,
    valid_pile,
)
from nertslib.moves import K_PLAY, Move, Zone
from nertslib.predicates import (
    FROM_NERTS,
    FROM_WASTE,
    FROM_WORK,
    fits_under,
    fits_work,
    fitting_depth,
    foundations_taking,
    may_fill_space,
    may_move_suffix,
    may_restock,
    may_start_foundation,
    might_go_up,
    piles_taking,
    slide_under_open,
    stock_open,
)
from nertslib.state import GameState, Layout

__all__ = [
    "CALL",
    "NEW_FOUNDATION",
    "ONTO_FOUNDATION",
    "ONTO_WORK",
    "RESTOCK",
    "ROTATE",
    "TURN",
    "UNDER_WORK",
    "Piles",
    "card_moves",
    "foundation_plays",
    "mandatory_fills",
    "placed_plays",
    "play_move",
    "progress_moves",
    "seat_layout",
    "shuffle_moves",
    "shuffle_plays",
    "stock_actions",
    "top_plays",
    "work_plays",
]

#: Where a card goes, as the generator codes it (sources are ``predicates.FROM_*``).
ONTO_FOUNDATION: Final = 0
NEW_FOUNDATION: Final = 1
ONTO_WORK: Final = 2
UNDER_WORK: Final = 3

#: Each seat's stock actions and call, interned like the plays.
TURN: Final = tuple(Move.turn(seat) for seat in range(MAX_SEATS))
RESTOCK: Final = tuple(Move.restock(seat) for seat in range(MAX_SEATS))
ROTATE: Final = tuple(Move.rotate(seat) for seat in range(MAX_SEATS))
CALL: Final = tuple(Move.call(seat) for seat in range(MAX_SEATS))

_SOURCE_ZONE: Final = (Zone.NERTS, Zone.WASTE, Zone.WORK)
_TARGET_ZONE: Final = (Zone.FOUNDATION, Zone.NEW_FOUNDATION, Zone.WORK, Zone.UNDER)


def seat_layout(state: GameState, seat: int) -> Layout:
    """``seat``'s layout, after checking that the seat plays in the hand.

    Raises:
        NertsError: (a :class:`ValueError`) if ``seat`` does not play in this hand.

    >>> import nertslib as nl
    >>> from nertslib.movegen import seat_layout
    >>> seat_layout(nl.deal("standard", 2, seed=1), 1).seat
    1
    """
    if type(seat) is not int or not 0 <= seat < len(state.layouts):
        msg = f"seat {seat!r} does not play in this {len(state.layouts)}-seat hand"
        raise NertsError(msg)
    return state.layouts[seat]


def play_move(ctx: Context, card: int, source: int, sidx: int, target: int, tidx: int) -> Move:
    """The interned play of card id ``card`` from ``source`` pile ``sidx`` to ``target`` ``tidx``.

    The codes come from the generator, so the move is well formed; the same play is the same
    object (``ctx.moves``), so a tuple of legal moves costs only the tuple.

    >>> import nertslib as nl
    >>> from nertslib.movegen import ONTO_WORK, play_move
    >>> from nertslib.predicates import FROM_NERTS
    >>> ctx = nl.deal("standard", 2, seed=1).ctx
    >>> play_move(ctx, 30, FROM_NERTS, 0, ONTO_WORK, 2)
    Move.parse('0:5H@N>P2')
    """
    key = (card, source, sidx, target, tidx)
    move = ctx.moves.get(key)
    if move is None:
        move = ctx.moves[key] = Move(
            seat=OWNER[card],
            kind=K_PLAY,
            card=CARDS[card],
            source=_SOURCE_ZONE[source],
            source_index=sidx,
            target=_TARGET_ZONE[target],
            target_index=tidx,
        )
    return move


def _slides_under(ctx: Context, bound: tuple[int, ...], card: int, target: tuple[int, ...]) -> bool:
    if ctx.jokers:
        return _may_lie_in_space(ctx, bound, (card, *target))
    return fits_under(card, target[0])


def _may_lie_in_space(ctx: Context, bound: tuple[int, ...], run: tuple[int, ...]) -> bool:
    """Whether ``run`` (bottom first) of a joker variant may lie as a pile of its own.

    It must build down in some way its jokers allow; where only Kings fill spaces, on a King
    (rules.md §9: a joker may fill such a space standing for a King).
    """
    if ctx.space == SPACE_KING_ONLY:
        return stands_as_king(effective_keys(run, bound))
    return valid_pile(run, bound)


def mandatory_fills(lay: Layout, ctx: Context) -> list[Move] | None:
    """The only card moves of a seat that must fill a space, or ``None`` if the rule does not bind.

    Racing Demon (``space_fill_mandatory``): with a space and a Nerts pile whose top may fill
    it, filling a space is the seat's only card move.

    >>> import nertslib as nl
    >>> from nertslib.movegen import mandatory_fills
    >>> state = nl.deal("racing_demon", 2, seed=1)
    >>> mandatory_fills(state.seats[0], state.ctx) is None
    True
    """
    if not (ctx.mandatory and lay.nerts and () in lay.work):
        return None
    ntop = lay.nerts[-1]
    if not may_fill_space(ctx.space, ntop, FROM_NERTS):
        return None
    return [
        play_move(ctx, ntop, FROM_NERTS, 0, ONTO_WORK, j) for j, p in enumerate(lay.work) if not p
    ]


def foundation_plays(
    state: Shared, ctx: Context, card: int, source: int, sidx: int, held: int, out: list[Move]
) -> None:
    """Append the plays of ``card`` (from ``source`` pile ``sidx``) to the foundations.

    A joker goes up declared, as each card its position allows: ``held`` is the key its work
    binding holds it to, ``-1`` when open (:func:`nertslib.jokers.lifted_key`).
    """
    if KEY[card] < 0:
        _joker_foundation_plays(state, ctx, card, source, sidx, held, out)
        return
    if RANK[card] == ACE:  # an Ace only starts a foundation
        if may_start_foundation(ctx.one_per_suit, state.fnd, card):
            out.append(play_move(ctx, card, source, sidx, NEW_FOUNDATION, 0))
        return
    out.extend(
        play_move(ctx, card, source, sidx, ONTO_FOUNDATION, k)
        for k in foundations_taking(ctx.fkey, state.need, card)
    )


def _joker_foundation_plays(
    state: Shared, ctx: Context, card: int, source: int, sidx: int, held: int, out: list[Move]
) -> None:
    owner, number = OWNER[card], FACE[card] - 51
    for k, want in enumerate(state.need):
        if want >= 0:
            for d in declarations(ctx.rule, want):
                up = declared_id(owner, number, d)
                if declaration_fits(held, KEY[up]):
                    out.append(play_move(ctx, up, source, sidx, ONTO_FOUNDATION, k))
    for suit in range(4):
        up = declared_id(owner, number, suit * 13)
        if declaration_fits(held, KEY[up]) and may_start_foundation(
            ctx.one_per_suit, state.fnd, up
        ):
            out.append(play_move(ctx, up, source, sidx, NEW_FOUNDATION, 0))


def work_plays(ctx: Context, piles: Piles, card: int, source: int, out: list[Move]) -> None:
    """Append the plays of the Nerts or waste top ``card`` onto, into and under work piles."""
    work, down, bound = piles
    fill = may_fill_space(ctx.space, card, source)
    if ctx.jokers:
        targets = [j for j, t in enumerate(work) if (valid_pile((*t, card), bound) if t else fill)]
    else:
        targets = piles_taking(card, work)
        if fill and () in work:
            targets = sorted(targets + [j for j, t in enumerate(work) if not t])
    out += [play_move(ctx, card, source, 0, ONTO_WORK, j) for j in targets]
    if fill and slide_under_open(ctx.slide, () in work):
        for j, target in enumerate(work):
            if target and not (down and down[j]) and _slides_under(ctx, bound, card, target):
                out.append(play_move(ctx, card, source, 0, UNDER_WORK, j))


def top_plays(state: Shared, lay: Layout, out: list[Move]) -> None:
    """Append the foundation plays of the Nerts top, the waste top and each work top."""
    ctx = state.ctx
    # Most tops go nowhere: only those that might go up are asked about.
    fkey, need = ctx.fkey, state.need
    if lay.nerts and might_go_up(fkey, need, top := lay.nerts[-1]):
        foundation_plays(state, ctx, top, FROM_NERTS, 0, -1, out)
    if lay.cursor and might_go_up(fkey, need, top := lay.deck[lay.cursor - 1]):
        foundation_plays(state, ctx, top, FROM_WASTE, 0, -1, out)
    for i, pile in enumerate(lay.work):
        if pile and might_go_up(fkey, need, top := pile[-1]):
            held = lifted_key(lay.bound, top) if KEY[top] < 0 else -1
            foundation_plays(state, ctx, top, FROM_WORK, i, held, out)


def progress_moves(state: Shared, lay: Layout, out: list[Move]) -> None:
    """Append the seat's progress moves (the call is not among them).

    Its foundation plays, then its Nerts and waste tops' plays onto work piles.
    """
    ctx = state.ctx
    _progress_moves(state, lay, ctx.work_facts((lay.work, lay.down, lay.bound)), out)


def _progress_moves(state: Shared, lay: Layout, facts: WorkFacts, out: list[Move]) -> None:
    """:func:`progress_moves`, ``facts`` being those of the seat's work piles."""
    top_plays(state, lay, out)
    if lay.nerts:
        out += placed_plays(state.ctx, lay, facts, lay.nerts[-1], FROM_NERTS)
    if lay.cursor:
        out += placed_plays(state.ctx, lay, facts, lay.deck[lay.cursor - 1], FROM_WASTE)


def placed_plays(
    ctx: Context, lay: Layout, facts: WorkFacts, card: int, source: int
) -> tuple[Move, ...]:
    """:func:`work_plays` of ``card`` from ``source``, kept with the work piles' ``facts``.

    The same Nerts and waste cards come back to the same piles again and again as the seat
    turns its stock, and where a card may go depends on the piles alone.
    """
    key = (card, source)
    plays = facts.placed.get(key)
    if plays is None:
        found: list[Move] = []
        work_plays(ctx, (lay.work, lay.down, lay.bound), card, source, found)
        plays = facts.placed[key] = tuple(found)
    return plays


def shuffle_moves(ctx: Context, piles: Piles) -> list[tuple[int, int, int, int]]:
    """The moves between work piles as ``(card, source pile, target code, target pile)``.

    ``piles`` holds the face-up cards, the face-down ones under them (Klondike: nothing slides
    under those) and the jokers' bindings.
    """
    work, down, bound = piles
    out: list[tuple[int, int, int, int]] = []
    space = () in work
    slide = slide_under_open(ctx.slide, space)
    for i, pile in enumerate(work):
        if not pile:
            continue
        into = _space_starts(ctx, bound, pile) if space else ()
        # A pile descends by one from its base, so only one card of it can fit a top: the
        # one the predicates are asked about.
        n = len(pile)
        for j, target in enumerate(work):
            if j == i:
                continue
            if not target:
                out.extend((pile[d], i, ONTO_WORK, j) for d in into)
            elif ctx.jokers:
                starts = _joker_starts(ctx, bound, pile, target)
                out.extend((pile[d], i, ONTO_WORK, j) for d in starts)
            elif (
                0 <= (d := fitting_depth(pile[0], target[-1])) < n
                and fits_work(pile[d], target[-1])
                and may_move_suffix(ctx.move_rule, d, n)
            ):
                out.append((pile[d], i, ONTO_WORK, j))
        top = pile[-1]
        if slide and may_fill_space(ctx.space, top, FROM_WORK):
            out.extend(
                (top, i, UNDER_WORK, j)
                for j, target in enumerate(work)
                if j != i
                and target
                and not (down and down[j])
                and _slides_under(ctx, bound, top, target)
            )
    return out


def shuffle_plays(ctx: Context, piles: Piles, facts: WorkFacts) -> tuple[Move, ...]:
    """:func:`shuffle_moves` as interned moves, worked out once per configuration.

    The moves between work piles depend on the piles alone, which most moves of a hand leave
    as they are, so they are kept with the configuration's ``facts``
    (:meth:`~nertslib.context.Context.work_facts` of ``piles``).

    >>> import nertslib as nl
    >>> from nertslib.movegen import shuffle_plays
    >>> state = nl.deal("standard", 2, seed=5)
    >>> lay = state.seats[0]
    >>> piles = (lay.work, lay.down, lay.bound)
    >>> shuffle_plays(state.ctx, piles, state.ctx.work_facts(piles))
    (Move.parse('0:6S@P1>P0'),)
    """
    plays = facts.shuffles
    if plays is None:
        moves = shuffle_moves(ctx, piles)
        plays = tuple([play_move(ctx, card, FROM_WORK, i, to, j) for card, i, to, j in moves])
        facts.shuffles = plays
    return plays


def _space_starts(ctx: Context, bound: tuple[int, ...], pile: tuple[int, ...]) -> list[int]:
    """The indices of ``pile`` from which its cards may move into a space."""
    n = len(pile)
    return [
        d
        for d in range(n)
        if may_move_suffix(ctx.move_rule, d, n)
        and may_fill_space(ctx.space, pile[d], FROM_WORK)
        and (not ctx.jokers or _may_lie_in_space(ctx, bound, pile[d:]))
    ]


def _joker_starts(
    ctx: Context, bound: tuple[int, ...], pile: tuple[int, ...], target: tuple[int, ...]
) -> list[int]:
    """The indices of ``pile`` from which its cards may move onto ``target`` (jokers)."""
    n = len(pile)
    return [
        d
        for d in range(n)
        if may_move_suffix(ctx.move_rule, d, n) and valid_pile(target + pile[d:], bound)
    ]


def card_moves(state: Shared, lay: Layout) -> tuple[list[Move], bool]:
    """The seat's card moves in the documented order, and whether one of them is progress.

    For a seat no fill binds (:func:`mandatory_fills` first); the call is not included.
    """
    ctx = state.ctx
    piles = (lay.work, lay.down, lay.bound)
    facts = ctx.work_facts(piles)
    out: list[Move] = []
    _progress_moves(state, lay, facts, out)
    progress = bool(out)
    out += shuffle_plays(ctx, piles, facts)
    return out, progress


def stock_actions(ctx: Context, lay: Layout, progress: bool) -> tuple[Move, ...]:
    """The seat's turn or restock, if its stock is open (``progress``: it has a progress move).

    The rotation, which only a stuck seat may make, is not among them.

    >>> import nertslib as nl
    >>> from nertslib.movegen import stock_actions
    >>> state = nl.deal("standard", 2, seed=1)
    >>> stock_actions(state.ctx, state.seats[1], False)
    (Move.parse('1:turn'),)
    """
    if not stock_open(ctx.when_blocked, progress):
        return ()
    if len(lay.deck) > lay.cursor:
        return (TURN[lay.seat],)
    if may_restock(0, lay.cursor, lay.passes, ctx.max_passes):
        return (RESTOCK[lay.seat],)
    return ()
