"""The bot protocol and the two simple bots: :func:`greedy_bot` and :class:`RandomBot`.

A bot is any callable ``bot(view, seat) -> Move | None`` (``None``: the seat waits), given
``view = nertslib.view(state, seat)``: what its seat may see, never the hidden cards
(:class:`Bot`). A bot that also has a true ``waits_when_stuck`` attribute
(:class:`PatientBot`) is not asked while its seat is stuck.

>>> import nertslib as nl
>>> state = nl.deal("standard", seats=2, seed=1)
>>> nl.greedy_bot(nl.view(state, 0), 0)
Move.parse('0:AH@P2>F+')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from nertslib.bots.planning import seat_plan_step, seat_stock_step
from nertslib.context import Foundations, Shared, context_for
from nertslib.deal import SplitMix64
from nertslib.errors import ViewSeatError
from nertslib.movegen import CALL, mandatory_fills, progress_moves, seat_layout, stock_actions
from nertslib.moves import Move, MoveKind, Zone
from nertslib.predicates import may_call
from nertslib.rules import legal_moves
from nertslib.state import GameState, Layout
from nertslib.views import View, arranged_seat, determinize_own

__all__ = [
    "Bot",
    "PatientBot",
    "RandomBot",
    "greedy_bot",
    "greedy_on_position",
    "seat_view",
]

_STOCK = (MoveKind.TURN, MoveKind.RESTOCK)


class Bot(Protocol):
    """What a bot is: ``bot(view, seat) -> Move | None``; any such function is one.

    It is called with its seat's :class:`~nertslib.View` and its seat, and returns a move, or
    ``None`` to wait.

    ``nl.greedy_bot``, ``nl.RandomBot(seed=1)`` and ``nl.SearchBot()`` are bots;
    :func:`~nertslib.bots.make_bot` builds one from a name or a ``module:name`` spec. A bot may
    declare ``waits_when_stuck`` (:class:`~nertslib.bots.PatientBot`).

    >>> import nertslib as nl
    >>> from nertslib.bots import Bot
    >>> def lazy(view: nl.View, seat: int) -> nl.Move | None:
    ...     return None
    >>> bots: list[Bot] = [lazy, nl.greedy_bot]
    >>> [bot(nl.view(nl.deal("standard", seats=2, seed=1), 0), 0) for bot in bots]
    [None, Move.parse('0:AH@P2>F+')]
    """

    def __call__(self, view: View, seat: int, /) -> Move | None:
        """The move for ``seat`` seeing ``view``, or ``None`` to wait."""


@runtime_checkable
class PatientBot(Bot, Protocol):
    """A bot that declares whether :func:`~nertslib.play_hand` lets its stuck seat wait.

    With a true ``waits_when_stuck`` the driver does not ask the bot while its seat is stuck
    (:func:`~nertslib.is_stuck`), and the seat may not call Nerts then: being stuck turns on
    the seat's own stock order, which no view shows. :func:`greedy_bot` and
    :class:`~nertslib.SearchBot` are patient bots; a bot without the attribute is asked always.

    >>> import nertslib as nl
    >>> from nertslib.bots import PatientBot
    >>> isinstance(nl.greedy_bot, PatientBot), isinstance(nl.RandomBot(1), PatientBot)
    (True, False)
    """

    waits_when_stuck: bool


class _WaitsWhenStuck:
    """A bot function made a :class:`PatientBot` (it keeps its name, docstring and pickling)."""

    waits_when_stuck = True
    __name__: str

    def __init__(self, rule: Callable[[View, int], Move | None]) -> None:
        self._rule = rule
        functools.update_wrapper(self, rule)

    def __call__(self, view: View, seat: int, /) -> Move | None:
        return self._rule(view, seat)

    def __reduce__(self) -> str:
        # pickled by name, as the function it wraps was: the driver knows it by identity
        return self.__name__

    def __repr__(self) -> str:
        return f"<bot {self.__name__}>"


def seat_view(seen: object, seat: int) -> View:
    """``seen`` itself, checked to be ``seat``'s view: what a bot for ``seat`` may be given.

    Raises:
        ViewSeatError: (a :class:`ValueError`) for a view of another seat or a spectator's.
        TypeError: for anything that is not a :class:`~nertslib.View`, such as a whole state
            (a bot is given ``nl.view(state, seat)``, never the hidden cards).

    >>> import nertslib as nl
    >>> from nertslib.bots import seat_view
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> seat_view(nl.view(state, 1), 1) == nl.view(state, 1)
    True
    >>> seat_view(state, 1)
    Traceback (most recent call last):
    ...
    TypeError: a bot is given its seat's View (nl.view(state, seat)), not a GameState
    """
    if not isinstance(seen, View):
        msg = f"a bot is given its seat's View (nl.view(state, seat)), not a {type(seen).__name__}"
        raise TypeError(msg)
    if seen.seat != seat:
        who = "a spectator's view" if seen.seat is None else f"seat {seen.seat}'s view"
        msg = f"a bot for seat {seat!r} was given {who}"
        raise ViewSeatError(msg)
    return seen


def greedy_on_position(state: GameState, seat: int) -> Move | None:
    """The greedy rule applied to a whole position, hidden cards included.

    For positions a bot imagines (a :func:`~nertslib.determinize` of its view, in a search's
    playouts); a bot that called it on the real position would read hidden cards. It waits
    (``None``) exactly where the seat is stuck. :func:`~nertslib.greedy_bot` is this rule on its
    view.

    >>> import nertslib as nl
    >>> from nertslib.bots.basic import greedy_on_position
    >>> guess = nl.determinize(nl.view(nl.deal("standard", seats=2, seed=1), 0), 5)
    >>> greedy_on_position(guess, 0)
    Move.parse('0:AH@P2>F+')
    """
    lay = seat_layout(state, seat)
    if state.status is not None:
        return None
    # The rule asks what the foundations need several times: work it out once.
    return _greedy_rule(Foundations.of(state.ctx, state.fnd), lay)


def _greedy_rule(shared: Shared, lay: Layout) -> Move | None:
    """The greedy rule on a layout of a hand in play and the hand's :class:`Shared` part."""
    # Where the shown cards decide nothing, the plan's first step is known to be none: only
    # the stock's question is left (plan_progress would search the same plan again).
    return _shown_choice(shared, lay) or seat_stock_step(shared, lay)


def _shown_choice(shared: Shared, lay: Layout) -> Move | None:
    """The greedy move that the cards the seat sees decide, or ``None`` if there is none.

    A play, else the first step of a plan that brings one about with the current tops. Only
    where neither exists do hidden cards decide (the stock's order: a turn, or stuck).
    """
    ctx = shared.ctx
    # legal_moves' first moves are already in greedy order: mandatory fills, the call, then
    # foundation plays (Nerts, waste, work tops), then the Nerts top, then the waste top
    fills = mandatory_fills(lay, ctx)
    if fills:
        return fills[0]
    if may_call(ctx.auto_call, len(lay.nerts)):
        return CALL[lay.seat]
    first: list[Move] = []
    progress_moves(shared, lay, first)
    if first:
        return first[0]
    return seat_plan_step(shared, lay)


@_WaitsWhenStuck
def greedy_bot(seen: View, seat: int) -> Move | None:
    """A deterministic bot, fast and good enough for baselines, demos and termination tests.

    It calls Nerts as soon as it can; otherwise plays to a foundation (Nerts and waste first),
    then the Nerts top, then the waste top onto the work piles; otherwise takes the first step
    of a shortest rearrangement of its work piles that makes such a play possible; otherwise
    turns its stock. It waits (``None``) only when its view proves the seat stuck
    (:meth:`~nertslib.View.proves_stuck`): it cannot see its stock, so where only the stock's
    order makes it stuck it turns on. It has ``waits_when_stuck = True``, so
    :func:`~nertslib.play_hand` lets a stuck seat of it wait without asking, and its hands
    there are the ones it has always played.

    In the Klondike layout it turns up a face-down work card (moving the face-up cards above
    it, where they may go) before it takes a stock action: what lies under them is hidden
    from its view, and may be the only way on.

    It reads only its seat's view: its choice is a function of ``view(state, seat)``. It
    applies the greedy rule to its own layout with the hidden cards put in card order (where
    they lie decides no choice: the stock is turned unless the view proves the seat stuck); in
    the Klondike layout, to the view's determinization with seed 0, which guesses the
    face-down work cards, so only there may a choice differ from the whole position's.

    >>> import nertslib as nl
    >>> nl.greedy_bot(nl.view(nl.deal("standard", seats=2, seed=1), 0), 0)
    Move.parse('0:AH@P2>F+')
    """
    mine = seat_view(seen, seat)
    if mine.status is not None:
        return None
    if mine.seats[seat].down:
        return _greedy_guessing(mine, seat)
    # The seat's own layout (its hidden cards in card order) and the foundations are all the
    # greedy rule reads: no other seat's hidden cards are dealt.
    shared = Foundations.of(context_for(mine.variant, len(mine.seats)), mine.fnd)
    lay = arranged_seat(mine, seat)
    move = _greedy_rule(shared, lay)
    if move is not None or mine.proves_stuck(seat):
        return move
    # The guessed stock order makes the seat stuck; the real one may not: a stock action.
    return next(iter(stock_actions(shared.ctx, lay, False)), None)


def _greedy_guessing(mine: View, seat: int) -> Move | None:
    """:func:`greedy_bot` for a seat with face-down work cards (Klondike layout).

    The greedy rule on a determinization of the view, which guesses the face-down cards.
    """
    guess = determinize_own(mine, 0)  # the greedy rule reads only its own seat
    move = greedy_on_position(guess, seat)
    if move is not None and move.kind in _STOCK:
        # Before a stock action, turn up a face-down card: the guess cannot see what it
        # unlocks, and a seat whose only way on lies under one would turn for ever.
        return next((m for m in legal_moves(guess, seat) if _uncovers(mine, m)), move)
    if move is not None or mine.proves_stuck(seat):
        return move
    # The guess makes the seat stuck; the real cards may not: a stock action, else (none
    # left) a move that turns up a face-down work card, which the guess cannot judge
    moves = legal_moves(guess, seat)
    stock = next((m for m in moves if m.kind in _STOCK), None)
    return stock or next((m for m in moves if _uncovers(mine, m)), None)


def _uncovers(mine: View, move: Move) -> bool:
    """Whether ``move`` takes the whole face-up part of a work pile off face-down cards."""
    if move.source is not Zone.WORK or move.card is None:
        return False
    own = mine.seats[move.seat]
    i = move.source_index
    return bool(own.down) and own.down[i] > 0 and own.work[i][:1] == (move.card.id,)


class RandomBot:
    """Picks uniformly among its seat's legal moves (from its view), from its seeded generator.

    Uniform random play often shuffles stacks back and forth for a long time; give
    :func:`~nertslib.play_hand` a ``max_actions`` bound when using it.

    >>> import nertslib as nl
    >>> bot = nl.RandomBot(seed=1)
    >>> bot(nl.view(nl.deal("standard", seats=2, seed=1), 0), 0) is not None
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def __call__(self, seen: View, seat: int, /) -> Move | None:
        """Choose a move for ``seat``."""
        moves = legal_moves(seat_view(seen, seat), seat)
        if not moves:
            return None
        return moves[self._rng.below(len(moves))]
