"""A search bot: determinized Monte Carlo over its view, with greedy playouts.

:class:`SearchBot` sees only its seat's view. For each move it considers, it imagines whole
positions consistent with the view (:func:`~nertslib.determinize`: the hidden cards dealt at
random), plays each imagined hand to its end with the greedy rule at every seat, and keeps the
move whose hands end best for it: its score minus the mean score of the other seats. Every
candidate is tried on the same imagined positions (common random numbers), so that the
comparison between moves is not drowned by the luck of the deal.

>>> import nertslib as nl
>>> bot = nl.SearchBot(budget_ms=None, iterations=4, seed=1)
>>> state = nl.deal("standard", seats=2, seed=3)
>>> move = bot(nl.view(state, 0), 0)
>>> nl.is_legal(state, move), move == bot(nl.view(state, 0), 0)
(True, True)
"""

from __future__ import annotations

import importlib
import math
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any, cast

from nertslib.bots.basic import greedy_bot, greedy_on_position, seat_view
from nertslib.deal import SplitMix64
from nertslib.errors import NertsError
from nertslib.moves import Move, MoveKind
from nertslib.quoting import excerpt
from nertslib.rules import apply
from nertslib.scoring import hand_scores
from nertslib.stalemate import resolve_stalemate
from nertslib.state import GameState
from nertslib.stuck import all_stuck
from nertslib.views import View, determinize

__all__ = ["ENGINES", "SearchBot"]

#: A playout stops after this many actions (a greedy hand takes a few hundred).
PLAYOUT_ACTIONS = 5_000
_SEEDS = 1 << 62


class SearchBot:
    """Determinized Monte Carlo search over its view, with greedy playouts (see module docs).

    Args:
        budget_ms: Time to think per move, in milliseconds (wall clock). The search runs in
            rounds (one imagined position, every candidate played out on it) and starts no
            round it expects to end past the budget (it always runs one). ``None``: no time
            limit.
        iterations: At most this many playouts per move (an iteration is one playout): the
            search runs ``iterations // candidates`` rounds, at least one. With
            ``budget_ms=None`` the bot is deterministic: its move is a function of its seed
            and the view.
        seed: Seeds the imagined positions (mixed with the view, so equal views give equal
            draws).
        candidates: At most this many moves are compared: the greedy bot's move first, then
            the seat's other progress moves (plays to a foundation, of the Nerts top, of the
            waste top) and its stock action, in the order of :func:`~nertslib.legal_moves`.
            With one candidate there is nothing to search and the greedy move is played.
        horizon: Each playout is played for at most this many rounds (every seat acting once
            a round) and scored as it stands; ``None``: to the end of the hand. Shorter
            playouts cost less and, as the imagined hands part from the real one the longer
            they run, carry less noise.
        z: How sure the search must be to leave the greedy move: another move is taken only
            if its mean gain over the greedy move is more than ``z`` standard errors above
            zero (see :meth:`gains`).
        clock: The clock for ``budget_ms`` (seconds), for tests.
        engine: Which engine plays the playouts: ``"batch"`` (the batch engine,
            :mod:`nertslib.batch`: every candidate's playouts of a move as one batch, about
            ten times faster), ``"pure"`` (the rules core), or ``"auto"`` (the batch engine
            where the ``fast`` extra is installed and the variant is one it plays, i.e. has
            no jokers; else the pure one). The moves are the same either way: the playouts
            are the same hands, rule for rule. With a budget the batch engine plays one round
            a batch, so it reads the clock as the pure engine does.

    Raises:
        NertsError: (a :class:`ValueError`) for a budget or an iteration count that is not
            positive, both ``None``, a seed that is not an int ``>= 0``, or an unknown
            engine; ``engine="batch"`` without the ``fast`` extra raises
            :class:`~nertslib.batch.MissingExtraError` (a :class:`~nertslib.NertsError`
            naming the extra) when the bot is made, and for a joker variant a
            :class:`~nertslib.NertsError` when it is asked for a move.

    >>> import nertslib as nl
    >>> nl.SearchBot(budget_ms=None)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: a SearchBot needs budget_ms or iterations (both are None)
    >>> nl.SearchBot(budget_ms=None, iterations=8, seed=2)
    SearchBot(budget_ms=None, iterations=8, seed=2)

    The bot has ``waits_when_stuck = True``: :func:`~nertslib.play_hand` lets a stuck seat of
    it wait (a view cannot tell; see there).

    .. versionadded:: 0.1.0
    """

    waits_when_stuck = True

    def __init__(
        self,
        budget_ms: float | None = 50,
        iterations: int | None = None,
        seed: int = 0,
        *,
        candidates: int = 4,
        z: float = 1.5,
        horizon: int | None = 20,
        clock: Callable[[], float] = time.perf_counter,
        engine: str = "auto",
    ) -> None:
        _check_args(budget_ms, iterations, seed, candidates)
        if engine not in ENGINES:
            msg = f"engine must be one of {', '.join(ENGINES)}; got {excerpt(engine)}"
            raise NertsError(msg)
        if engine == "batch":
            _batched()  # without the fast extra: MissingExtraError, now rather than mid-hand
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.seed = seed
        self.candidates = candidates
        self.z = z
        self.horizon = horizon
        self._clock = clock
        self.engine = engine

    def __repr__(self) -> str:
        engine = "" if self.engine == "auto" else f", engine={self.engine!r}"
        return (
            f"SearchBot(budget_ms={self.budget_ms!r}, iterations={self.iterations!r}, "
            f"seed={self.seed!r}{engine})"
        )

    def __call__(self, seen: View, seat: int, /) -> Move | None:
        """The move for ``seat``, from its view."""
        mine = seat_view(seen, seat)
        if mine.status is not None:
            return None
        base = greedy_bot(mine, seat)
        moves = self.choices(mine, seat, base)
        if len(moves) < 2:
            return base
        gains = self.gains(mine, seat, moves)
        best = max(range(1, len(moves)), key=lambda i: (gains[i], -i))  # ties: the earlier
        return moves[best] if gains[best] > 0 else base

    def choices(self, mine: View, seat: int, base: Move | None) -> tuple[Move, ...]:
        """The moves the search compares: ``base`` (the greedy move) first, then the others.

        >>> import nertslib as nl
        >>> bot = nl.SearchBot(budget_ms=None, iterations=1)
        >>> mine = nl.view(nl.deal("standard", seats=2, seed=1), 0)
        >>> bot.choices(mine, 0, nl.greedy_bot(mine, 0))
        (Move.parse('0:AH@P2>F+'), Move.parse('0:turn'))
        """
        if base is None:
            return ()
        out = [base]
        for move in mine.legal_moves(seat):
            if len(out) >= self.candidates:
                break
            if move != base and (move.is_progress or move.kind in _STOCK):
                out.append(move)
        return tuple(out)

    def gains(self, mine: View, seat: int, moves: Sequence[Move]) -> list[float]:
        """How much better each move is than ``moves[0]``, as the search can tell.

        Each round imagines a position and plays every move out on it; a move's gain
        over the first is the mean of its paired differences in playout value less
        ``z`` standard errors of that mean (``0.0`` for the first move itself): the search
        leaves the greedy move only for one that is better beyond the noise of its playouts.

        >>> import nertslib as nl
        >>> bot = nl.SearchBot(budget_ms=None, iterations=3, seed=1)
        >>> mine = nl.view(nl.deal("standard", seats=2, seed=1), 0)
        >>> moves = [nl.greedy_bot(mine, 0), nl.Move.turn(0)]
        >>> gains = bot.gains(mine, 0, moves)
        >>> len(gains), gains[0], gains == bot.gains(mine, 0, moves)
        (2, 0.0, True)
        """
        runs = self._playouts(mine, seat, moves)
        n = len(runs)
        out = [0.0]
        for i in range(1, len(moves)):
            diffs = [run[i] - run[0] for run in runs]
            mean = sum(diffs) / n
            if n < 2:
                out.append(mean if mean < 0 else -math.inf)  # one draw: never enough
                continue
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            out.append(mean - self.z * math.sqrt(var / n))
        return out

    def _playouts(self, mine: View, seat: int, moves: Sequence[Move]) -> list[list[float]]:
        """Per round, the playout value of every move on one imagined position."""
        rng = SplitMix64(self.seed ^ zlib.crc32(mine.to_nfen().encode()))
        limit = PLAYOUT_ACTIONS if self.horizon is None else self.horizon * len(mine.seats)
        scores = self._scorer(mine)
        rounds = None if self.iterations is None else max(1, self.iterations // len(moves))
        if self.budget_ms is None:
            assert rounds is not None  # _check_args: one of the two is given
            seeds = [rng.below(_SEEDS) for _ in range(rounds)]
            return _values(scores(mine, seat, moves, seeds, limit), seat)
        clock = self._clock
        start = clock()
        deadline = start + self.budget_ms / 1000
        runs: list[list[float]] = []
        while rounds is None or len(runs) < rounds:
            runs += _values(scores(mine, seat, moves, [rng.below(_SEEDS)], limit), seat)
            # no round that would likely end past the budget: rounds take alike long
            if (now := clock()) + (now - start) / len(runs) > deadline:
                break
        return runs

    def _scorer(self, mine: View) -> Scorer:
        """The engine's playouts for ``mine``: the batch engine's where :attr:`engine` allows."""
        if self.engine == "pure":
            return pure_scores
        try:
            batched = _batched()
        except ImportError:  # MissingExtraError: no fast extra
            if self.engine == "batch":
                raise
            return pure_scores
        obstacle: str | None = batched.batch_obstacle(mine)
        if obstacle is None:
            return cast(Scorer, batched.batch_scores)
        if self.engine == "batch":
            raise NertsError(obstacle)
        return pure_scores


_STOCK = (MoveKind.TURN, MoveKind.RESTOCK)
#: The engines a :class:`SearchBot` plays its playouts with.
ENGINES = ("auto", "batch", "pure")
#: Per seed, per move: the hand scores after the move is played out (one engine's playouts).
Scorer = Callable[[View, int, Sequence[Move], Sequence[int], int], list[list[list[int]]]]


def pure_scores(
    mine: View, seat: int, moves: Sequence[Move], seeds: Sequence[int], limit: int
) -> list[list[list[int]]]:
    """Per seed, per move: the hand scores once ``seat``'s move is played out (pure engine).

    ``determinize(mine, seed)`` after the move, the round finished and played on for at most
    ``limit`` actions (:func:`playout`).

    >>> import nertslib as nl
    >>> from nertslib.bots.search import pure_scores
    >>> mine = nl.view(nl.deal("standard", 2, 1), 0)
    >>> [len(row) for row in pure_scores(mine, 0, [nl.Move.turn(0)], [7, 8], 40)]
    [1, 1]
    """
    return [
        [list(hand_scores(playout(apply(guess, move), seat, limit))) for move in moves]
        for guess in (determinize(mine, seed) for seed in seeds)
    ]


def _batched() -> Any:
    """The batch engine's playouts; raises ``MissingExtraError`` without the ``fast`` extra.

    Imported by name: the extra is optional, and the core never imports numba.
    """
    return importlib.import_module("nertslib.bots.batched")


def _values(rounds: list[list[list[int]]], seat: int) -> list[list[float]]:
    return [[margin(scores, seat) for scores in row] for row in rounds]


def margin(scores: Sequence[int], seat: int) -> float:
    """``seat``'s score minus the mean score of the other seats (0 for them if there are none).

    >>> from nertslib.bots.search import margin
    >>> margin([10, 4, 1], 0)
    7.5
    """
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - (sum(others) / len(others) if others else 0.0)


def playout(state: GameState, seat: int, limit: int = PLAYOUT_ACTIONS) -> GameState:
    """Where a playout ends once ``seat`` has moved in ``state``: the greedy rule at every seat.

    The seats after ``seat`` take their greedy move of the round, then every seat plays the
    greedy rule round after round while fewer than ``limit`` actions are taken (checked between
    rounds); the everyone-stuck resolution is applied and not counted; the playout ends with
    the hand, or when no seat moves. A position a bot imagines (hidden cards included): the
    playout reads them, as it must.

    >>> import nertslib as nl
    >>> from nertslib.bots.search import playout
    >>> playout(nl.deal("standard", seats=2, seed=4), 1).is_over
    True
    """
    return _playout(_round_end(state, seat), limit)


def _check_args(budget_ms: object, iterations: object, seed: object, candidates: object) -> None:
    if budget_ms is None and iterations is None:
        msg = "a SearchBot needs budget_ms or iterations (both are None)"
        raise NertsError(msg)
    if budget_ms is not None and (
        not isinstance(budget_ms, int | float) or isinstance(budget_ms, bool) or budget_ms <= 0
    ):
        msg = f"budget_ms must be a positive number of milliseconds or None; got {budget_ms!r}"
        raise NertsError(msg)
    for name, value in (("iterations", iterations), ("candidates", candidates)):
        if value is not None and (type(value) is not int or value < 1):
            msg = f"{name} must be an int >= 1; got {value!r}"
            raise NertsError(msg)
    if type(seed) is not int or seed < 0:
        msg = f"seed must be an int >= 0; got {seed!r}"
        raise NertsError(msg)


def _round_end(state: GameState, seat: int) -> GameState:
    """The seats after ``seat`` take their turn of the round (greedy), as play_hand would.

    Why: the playout starts a new round at seat 0; without this the seats after ``seat``
    would lose a turn, and a move that wastes a turn (a stock turn) would look cheap.
    """
    for other in range(seat + 1, len(state.layouts)):
        if state.status is not None:
            break
        move = greedy_on_position(state, other)
        if move is not None:
            state = apply(state, move)
    return state


def playout_value(state: GameState, seat: int, limit: int = PLAYOUT_ACTIONS) -> float:
    """``seat``'s score minus the others' mean once greedy play at every seat ends ``state``.

    A position a bot imagines (hidden cards included): the playout reads them, as it must.

    >>> import nertslib as nl
    >>> from nertslib.bots.search import playout_value
    >>> playout_value(nl.deal("standard", seats=1, seed=4), 0) > -26
    True
    """
    return margin(hand_scores(_playout(state, limit)), seat)


def _playout(state: GameState, limit: int) -> GameState:
    """Greedy play at every seat to the end of the hand, or ``limit`` actions."""
    actions = 0
    seats = range(len(state.layouts))
    while state.status is None and actions < limit:
        moved = progress = False
        for seat in seats:
            move = greedy_on_position(state, seat)
            if move is not None:
                state = apply(state, move)
                actions += 1
                moved, progress = True, progress or move.is_progress
                if state.status is not None:
                    break
        if progress or state.status is not None:
            continue
        if all_stuck(state):
            state = resolve_stalemate(state)
        elif not moved:
            break
    return state
