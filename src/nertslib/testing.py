"""A public conformance harness: check every invariant of the engine on your own variants.

In the spirit of OpenSpiel's ``random_sim_test``: :func:`random_sim_test` plays seeded hands
of any :class:`~nertslib.Variant` with a mix of greedy and random moves and, after every step,
checks the invariants that nertslib promises (design.md). Downstream house rules and forks can
run it as one line in their own test suite::

    >>> import nertslib as nl
    >>> from nertslib.testing import random_sim_test
    >>> report = random_sim_test(nl.Variant(stock_turn=1), seats=3, hands=1, seed=2)
    >>> report.hands, report.steps > 0
    (1, True)

:func:`state_problems` lists what is wrong with a single state (empty when it is valid).
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import attrs

from nertslib import context
from nertslib.bots import greedy_bot
from nertslib.cards import CARDS, DECK_SPAN, FACE, JOKER_OF, KEY, MAX_PASSES, ON
from nertslib.deal import SplitMix64, deal
from nertslib.errors import IllegalMoveError, NertsError
from nertslib.jokers import KING_OPEN
from nertslib.moves import Move
from nertslib.nfen import Hand, SeatPiles
from nertslib.rules import (
    apply,
    bind_piles,
    check,
    foundation_problem,
    legal_moves,
    pile_problem,
)
from nertslib.scoring import hand_scores, outcome
from nertslib.stalemate import resolve_stalemate
from nertslib.state import EndReason, GameState, Layout, position, seat_layout
from nertslib.stuck import all_stuck
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["SimReport", "clear_caches", "random_sim_test", "state_problems", "step_problems"]


def clear_caches(*, tables: bool = False) -> None:
    """Forget what the engine derived from earlier calls, so that what runs next runs cold.

    The engine keeps no cache of positions: its answers never depend on earlier calls. With
    ``tables``, the per-variant contexts (and the moves they intern) go too; they are rebuilt
    on demand (mutation testing wants every function called afresh). Without it, there is
    nothing to forget.

    >>> import nertslib as nl
    >>> from nertslib.testing import clear_caches
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> before = nl.legal_moves(state, 0)
    >>> clear_caches(tables=True)
    >>> nl.legal_moves(state, 0) == before
    True

    .. versionadded:: 0.1.0
    """
    if tables:
        context.clear_contexts()


def state_problems(state: GameState) -> list[str]:
    """Every broken invariant of one state, as sentences; ``[]`` for a valid state.

    Checks conservation (each seat's deck exactly once across all piles), foundation order,
    work-pile order, pile counts and sizes, the stock cursor, and the end-of-hand fields;
    a state that passes these must pass the checks every reader makes
    (:func:`nertslib.state.seat_layout` and :func:`nertslib.state.position`), the one
    position validator of the NFEN and JSON readers.

    >>> import nertslib as nl
    >>> from nertslib.testing import state_problems
    >>> state_problems(nl.deal("standard", seats=2, seed=1))
    []
    """
    problems: list[str] = []
    v = state.variant
    n = len(state.layouts)
    counts: Counter[int] = Counter()
    for seat, lay in enumerate(state.layouts):
        problems.extend(_seat_problems(state, seat))
        cards = (*lay.nerts, *lay.deck, *(c for p in (*lay.work, *lay.down) for c in p))
        counts.update(cards)
        problems.extend(
            f"seat {seat} holds {CARDS[c]!r} of another deck"
            for c in cards
            if c // DECK_SPAN != seat
        )
    for k, pile in enumerate(state.fnd):
        counts.update(JOKER_OF[c] for c in pile)
        problem = foundation_problem(pile, v, n)
        if problem:
            problems.append(f"foundation {k}: {problem}")
    per_deck = 52 + v.jokers_per_deck
    expected = {s * DECK_SPAN + i for s in range(n) for i in range(per_deck)}
    if set(counts) != expected or any(x != 1 for x in counts.values()):
        twice = sorted(CARDS[c].code + str(c // DECK_SPAN) for c, x in counts.items() if x > 1)
        missing = sorted(CARDS[c].code + str(c // DECK_SPAN) for c in expected - set(counts))
        problems.append(f"conservation broken: twice {twice}, missing {missing}")
    # a state these checks accept, every reader must accept: the readers' own checks
    return problems + _end_problems(state) or _reader_problems(state)


def _reader_problems(state: GameState) -> list[str]:
    """What the readers' checks (:func:`~nertslib.state.seat_layout`, ``position``) refuse."""
    v = state.variant
    try:
        layouts = [seat_layout(v, lay.seat, _seat_piles(lay)) for lay in state.layouts]
        hand = Hand(state.status, state.caller, state.stalled, state.resolutions)
        position(v, layouts, state.fnd, hand, state.seed)
    except NertsError as exc:
        return [f"a reader refuses it: {exc}"]
    return []


def _seat_piles(lay: Layout) -> SeatPiles:
    """A layout's piles as a reader finds them, its bound jokers by card id."""
    stock, waste = lay.deck[lay.cursor :][::-1], lay.deck[: lay.cursor]
    base = lay.seat * DECK_SPAN + 52
    binds = {base + j: key for j, key in enumerate(lay.bound) if key >= 0}
    return SeatPiles(lay.nerts, lay.work, lay.down, stock, waste, lay.passes, binds)


def _seat_problems(state: GameState, seat: int) -> list[str]:
    """The broken invariants of one seat's layout (its cards' conservation aside)."""
    problems: list[str] = []
    v, lay = state.variant, state.layouts[seat]
    nwork = v.work_pile_count(len(state.layouts))
    if lay.seat != seat:
        problems.append(f"layout {seat} says it is seat {lay.seat}")
    if len(lay.work) != nwork:
        problems.append(f"seat {seat} has {len(lay.work)} work piles, not {nwork}")
    if len(lay.nerts) > v.nerts_pile_size:
        problems.append(f"seat {seat}'s Nerts pile grew to {len(lay.nerts)}")
    if not 0 <= lay.cursor <= len(lay.deck):
        problems.append(f"seat {seat}'s stock cursor {lay.cursor} is out of range")
    if v.max_stock_passes is not None and lay.passes > v.max_stock_passes:
        problems.append(f"seat {seat} exceeded the pass limit")
    if not 0 <= lay.passes <= MAX_PASSES:
        problems.append(f"seat {seat}'s pass count {lay.passes} is outside 0..MAX_PASSES")
    if v.jokers_per_deck:
        problems.extend(_joker_problems(state, seat))
    else:
        for i, pile in enumerate(lay.work):
            problems.extend(
                f"seat {seat}'s work pile {i}: {CARDS[upper]} lies on {CARDS[lower]}"
                for lower, upper in pairwise(pile)
                if KEY[upper] != ON[lower]
            )
        if lay.bound:
            problems.append(f"seat {seat} binds jokers in a variant without jokers")
    return problems + _face_down_problems(state, seat)


def _end_problems(state: GameState) -> list[str]:
    """The broken invariants of the end-of-hand fields."""
    if state.status is EndReason.NERTS:
        if not 0 <= state.caller < len(state.layouts):
            return [f"ended by Nerts with caller {state.caller}"]
        if state.layouts[state.caller].nerts:
            return [f"seat {state.caller} ended the hand with Nerts cards left"]
    elif state.caller != -1:
        return [f"caller {state.caller} without a Nerts ending"]
    return []


def step_problems(before: GameState, move: Move, after: GameState) -> list[str]:
    """Broken invariants of one transition ``before --move--> after``.

    The Nerts piles only shrink (only the mover's, by one card at most), other seats' layouts
    are untouched, foundations only grow, and the move's round trips hold.
    """
    problems: list[str] = []
    for seat, (a, b) in enumerate(zip(before.layouts, after.layouts, strict=True)):
        if seat != move.seat and a != b:
            problems.append(f"{move} changed seat {seat}'s layout")
        if b.nerts != a.nerts[: len(b.nerts)] or len(a.nerts) - len(b.nerts) > 1:
            problems.append(f"{move} changed seat {seat}'s Nerts pile other than by its top")
    if len(after.fnd) < len(before.fnd) or any(
        new[: len(old)] != old for old, new in zip(before.fnd, after.fnd, strict=False)
    ):
        problems.append(f"{move} took cards off a foundation")
    if Move.parse(str(move)) != move:
        problems.append(f"notation of {move!r} does not round-trip")
    return problems


@attrs.frozen
class SimReport:
    """What :func:`random_sim_test` played: hands, steps and how the hands ended."""

    hands: int
    steps: int
    rejected: int
    endings: tuple[str, ...]


def _fail(what: str, state: GameState) -> AssertionError:
    return AssertionError(f"{what}\nin {state!r}")


def random_sim_test(  # noqa: PLR0912 - one check per invariant
    variant: Variant,
    *,
    seats: int = 3,
    hands: int = 2,
    seed: int = 0,
    max_actions: int = 3_000,
    greedy_share: float = 0.7,
) -> SimReport:
    """Play ``hands`` seeded hands of ``variant`` and check every invariant after every step.

    Each step picks a random seat; with probability ``greedy_share`` it plays the greedy
    bot's move, else a uniformly random legal move, and now and then an illegal one (which
    must be refused with the state unchanged). When every seat is stuck it applies
    :func:`~nertslib.resolve_stalemate`. After every step it checks :func:`state_problems`,
    :func:`step_problems`, that every legal move passes :func:`~nertslib.check`, that NFEN
    and ``repr`` rebuild the state, and that scoring matches the formula at the end.

    Raises:
        AssertionError: describing the first broken invariant and the position.
    """
    rng = SplitMix64(seed)
    steps = rejected = 0
    endings: list[str] = []
    for hand in range(hands):
        state = deal(variant, seats, seed + hand)
        for _ in range(max_actions):
            if state.status is not None:
                break
            problems = state_problems(state)
            if problems:
                raise _fail("; ".join(problems), state)
            if GameState.from_nfen(state.to_nfen()) != state:
                raise _fail("NFEN does not round-trip", state)
            if all_stuck(state):
                state = resolve_stalemate(state)
                continue
            seat = rng.below(seats)
            moves = legal_moves(state, seat)
            for m in moves:
                rejection = check(state, m)
                if rejection is not None:
                    raise _fail(f"legal move {m} is rejected: {rejection.message}", state)
            if rng.below(10) == 0:
                rejected += _try_illegal(state, seat, rng)
            if not moves:
                continue
            if rng.below(1000) < greedy_share * 1000:
                move = greedy_bot(view(state, seat), seat) or moves[rng.below(len(moves))]
            else:
                move = moves[rng.below(len(moves))]
            after = apply(state, move)
            problems = step_problems(state, move, after)
            if problems:
                raise _fail("; ".join(problems), state)
            state = after
            steps += 1
        result = outcome(state)
        if result is not None and result.scores != hand_scores(state):
            raise _fail("outcome scores differ from hand_scores", state)
        endings.append("unfinished" if result is None else result.reason.value)
    return SimReport(hands, steps, rejected, tuple(endings))


def _joker_problems(state: GameState, seat: int) -> list[str]:
    """A joker variant's work piles: each valid, and ``bound`` canonical (rules.md §9)."""
    lay = state.layouts[seat]
    v = state.variant
    problems = [
        f"seat {seat}'s work pile {i}: {problem}"
        for i, pile in enumerate(lay.work)
        if (problem := pile_problem(pile, lay.bound))
    ]
    kings = [key for key in lay.bound if key == KING_OPEN]
    exact = [key for key in lay.bound if 0 <= key != KING_OPEN]
    if not lay.bound:
        bound_jokers: list[int] = []
    elif (
        (exact and v.joker_binding != "permanent")
        or (kings and v.space_fill != "king_only")
        or len(lay.bound) != v.jokers_per_deck
    ):
        return [*problems, f"seat {seat} binds jokers as {lay.bound!r}"]
    else:
        bound_jokers = [n for n, key in enumerate(lay.bound) if key >= 0]
        if not bound_jokers:
            problems.append(f"seat {seat}'s bound jokers are not written as ()")
    face_up = {FACE[c] - 52 for p in lay.work for c in p if KEY[c] < 0}
    problems.extend(
        f"seat {seat}'s joker {n + 1} is bound but not face up in a work pile"
        for n in bound_jokers
        if n not in face_up
    )
    if v.joker_binding == "permanent" and not problems:
        rebound = bind_piles(lay.work, lay.bound, v.jokers_per_deck)
        if rebound != lay.bound:
            problems.append(f"seat {seat} has a covered joker that is not bound: {rebound!r}")
    return problems


def _face_down_problems(state: GameState, seat: int) -> list[str]:
    """The Klondike layout's face-down cards: only there, one list per pile, each covered."""
    lay = state.layouts[seat]
    if not lay.down:
        return []
    if state.variant.work_pile_layout != "klondike":
        return [f"seat {seat} has face-down work cards outside the Klondike layout"]
    if len(lay.down) != len(lay.work):
        return [f"seat {seat} has {len(lay.down)} face-down lists for {len(lay.work)} piles"]
    if not any(lay.down):
        return [f"seat {seat}'s empty face-down lists are not written as ()"]
    return [
        f"seat {seat}'s work pile {i} has face-down cards but no face-up top"
        for i, (hidden, pile) in enumerate(zip(lay.down, lay.work, strict=True))
        if hidden and not pile
    ]


def _try_illegal(state: GameState, seat: int, rng: SplitMix64) -> int:
    """Offer moves that are mostly illegal; each refusal must leave the state alone."""
    lay = state.layouts[seat]
    cards = (*lay.nerts[-2:], *lay.deck[max(0, lay.cursor - 2) : lay.cursor + 1])
    cards += tuple(p[-1] for p in lay.work if p)
    if not cards:
        return 0
    card = CARDS[cards[rng.below(len(cards))]]
    before = state.to_nfen()
    legal = set(legal_moves(state, seat))
    count = 0
    for text in ("N", "W", "P0", "P1"):
        for target in ("F0", "F+", "P0", "P1", "U0", "U1"):
            move = Move.parse(f"{seat}:{card.code}@{text}>{target}")
            try:
                apply(state, move)
            except IllegalMoveError as error:
                count += 1
                if move in legal or error.reason is not check(state, move).reason:  # type: ignore[union-attr]
                    raise _fail(f"{move} refused inconsistently: {error}", state) from None
            else:
                if move not in legal:
                    raise _fail(f"{move} accepted but not in legal_moves", state)
    if state.to_nfen() != before:
        raise _fail("a refused move changed the state", state)
    return count
