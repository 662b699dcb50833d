"""The driver that plays whole hands and matches between bots, handing each bot its view.

A bot is any callable ``bot(view, seat) -> Move | None`` (``None``: the seat waits). The
driver :func:`play_hand` lets every seat act once per round in seat order, giving its bot
``view(state, seat)``; it does not ask a stuck seat (:func:`~nertslib.is_stuck`) whose bot has
a true ``waits_when_stuck`` attribute (a :class:`~nertslib.bots.PatientBot`, as
:func:`~nertslib.greedy_bot` is; see below); it
applies the everyone-stuck resolution when :func:`~nertslib.all_stuck` holds, and stops
when the hand ends.

>>> import nertslib as nl
>>> final, moves = nl.play_hand(nl.deal("standard", seats=2, seed=4), [nl.greedy_bot] * 2)
>>> final.is_over, nl.outcome(final).reason
(True, EndReason.NERTS)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

import attrs

from nertslib.bots.basic import Bot, PatientBot, greedy_bot, greedy_on_position
from nertslib.deal import deal
from nertslib.errors import NertsError
from nertslib.moves import Move
from nertslib.replay import RESOLVE, Replay, trusted_replay
from nertslib.rules import apply
from nertslib.scoring import Match, hand_scores
from nertslib.stalemate import resolve_stalemate
from nertslib.state import EndReason, GameState
from nertslib.stuck import all_stuck, is_stuck
from nertslib.transition import successor
from nertslib.variants import Variant
from nertslib.views import view

__all__ = [
    "END_REASONS",
    "NO_PROGRESS_ROUNDS",
    "DrivenHand",
    "Watch",
    "play_hand",
    "play_match",
    "record_hand",
    "run_hand",
]


NO_PROGRESS_ROUNDS: Final = 200
"""Rounds without progress by any seat after which :func:`run_hand` stops a hand."""

#: Called by :func:`run_hand` for every decision: ``watch(state, seat, move or None)``.
Watch: TypeAlias = Callable[[GameState, int, Move | None], None]

#: How a driven hand stopped (:attr:`DrivenHand.end`).
END_REASONS: Final = ("nerts", "stalemate", "no_progress", "max_actions")


@attrs.frozen
class DrivenHand:
    """A hand played by :func:`run_hand`: the final state, every action, and why it stopped.

    Attributes:
        final: The state the hand stopped in (in play for ``"no_progress"`` and
            ``"max_actions"``).
        log: Every action applied, in order (``None``: the everyone-stuck resolution).
        end: One of :data:`END_REASONS`: ``"nerts"`` or ``"stalemate"`` (the hand is over),
            ``"no_progress"`` (:data:`NO_PROGRESS_ROUNDS` rounds, or the limit given, without
            progress by any seat), ``"max_actions"``.

    >>> import nertslib as nl
    >>> from nertslib.bots import run_hand
    >>> run_hand(nl.deal("standard", seats=2, seed=4), [nl.greedy_bot] * 2).end
    'nerts'

    .. versionadded:: 0.1.0
    """

    final: GameState
    log: tuple[Move | None, ...]
    end: str


def play_hand(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
    no_progress: int = NO_PROGRESS_ROUNDS,
) -> tuple[GameState, tuple[Move | None, ...]]:
    """Play ``state`` to the end with one bot per seat: :func:`~nertslib.bots.run_hand`'s result.

    Each round, every seat in order is asked for a move: its bot is called with
    ``view(state, seat)`` and the seat, and the move is applied at once. A bot with a true
    ``waits_when_stuck`` attribute is not asked while its seat is stuck and may not call
    Nerts: it waits. Why: being stuck turns on the seat's own stock order, which no view shows,
    so a bot cannot tell; the driver, the referee, can (the greedy and search bots have the
    attribute; a bot that wants to ``rotate`` when stuck must not). After a
    round without progress, if every seat is stuck the driver applies
    :func:`~nertslib.resolve_stalemate` (recorded as ``None`` in the returned log), so hands
    end even with bots that never wait, such as :class:`RandomBot`.

    **Waiting is legal play.** A bot may wait (return ``None``) whenever it likes, even where its
    seat could progress. **The no-progress rule**: after ``no_progress`` rounds in a row
    (:data:`~nertslib.bots.NO_PROGRESS_ROUNDS` by default) in which no seat made progress (a round
    where every seat waits counts), the driver stops the hand, still in play, and scores it as it
    stands; so do the tournament and the simulation. This bounds a hand whose bots wait, or turn
    stocks and shuffle work piles, for ever. The hand also stops after ``max_actions``.

    >>> import nertslib as nl
    >>> final, log = nl.play_hand(nl.deal("standard", seats=3, seed=2), [nl.greedy_bot] * 3)
    >>> final.is_over, len(log) > 0
    (True, True)
    >>> final, log = nl.play_hand(nl.deal("standard", seats=2, seed=2), [lambda v, s: None] * 2)
    >>> final.is_over, log
    (False, ())

    Returns:
        The final state and every action applied, in order.

    Raises:
        NertsError: (a :class:`ValueError`) if there is not one bot per seat, ``max_actions``
            is not an int >= 0, or ``no_progress`` not an int >= 1.
    """
    run = run_hand(state, bots, max_actions=max_actions, no_progress=no_progress)
    return run.final, run.log


def run_hand(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
    no_progress: int = NO_PROGRESS_ROUNDS,
    watch: Watch | None = None,
) -> DrivenHand:
    """Play ``state`` as :func:`play_hand` does, and say why the hand stopped.

    ``watch``, if given, is called as ``watch(state, seat, move)`` for every decision of a
    seat, before the move is applied: ``move`` is ``None`` where the seat waited, whether its
    bot said so or the driver let a stuck seat of a ``waits_when_stuck`` bot wait unasked.
    Rounds are asked in seat order, so the calls come seat by seat, round by round.

    Raises:
        NertsError: (a :class:`ValueError`) if there is not one bot per seat, ``max_actions``
            is not an int >= 0, or ``no_progress`` not an int >= 1.

    >>> import nertslib as nl
    >>> from nertslib.bots import run_hand
    >>> run_hand(nl.deal("standard", seats=2, seed=2), [lambda v, s: None] * 2, no_progress=5)
    DrivenHand(final=GameState.from_nfen(...), log=(), end='no_progress')

    .. versionadded:: 0.1.0
    """
    _check_limits(len(state.layouts), len(bots), max_actions, no_progress)
    rounds = _Rounds(bots, state, watch)
    log: list[Move | None] = []
    idle = 0
    while state.status is None and len(log) < max_actions and idle < no_progress:
        state, progress = rounds.play(state, log, max_actions)
        if progress or state.status is not None or len(log) >= max_actions:
            idle = 0
            continue
        idle += 1
        # A round without progress: bots that never wait (a random bot shuffles and turns
        # for ever) must not keep a hand where everyone is stuck from ending.
        if all_stuck(state):
            state = resolve_stalemate(state)
            log.append(None)
    if state.status is not None:
        end = "nerts" if state.status is EndReason.NERTS else "stalemate"
    else:
        end = "max_actions" if len(log) >= max_actions else "no_progress"
    return DrivenHand(state, tuple(log), end)


def _check_limits(seats: int, bots: int, max_actions: object, no_progress: object) -> None:
    if bots != seats:
        msg = f"need one bot per seat: {seats} seats, {bots} bots"
        raise NertsError(msg)
    for name, value, least in (("max_actions", max_actions, 0), ("no_progress", no_progress, 1)):
        if type(value) is not int or value < least:
            msg = f"{name} must be an int >= {least}; got {value!r:.80}"
            raise NertsError(msg)


class _Rounds:
    """One round of the driver: every seat in order is asked for a move (see play_hand)."""

    def __init__(self, bots: Sequence[Bot], state: GameState, watch: Watch | None) -> None:
        self.bots, self.watch = bots, watch
        self.patient = [isinstance(bot, PatientBot) and bot.waits_when_stuck for bot in bots]
        # Where a seat is not stuck and has no face-down cards, and there are no jokers, the
        # greedy bot's choice from its view is the greedy rule's on the position
        # (tests/test_bots.py): the rule is asked directly there, without building the view's
        # determinization.
        self.direct = [bot is greedy_bot and not state.ctx.jokers for bot in bots]

    def play(
        self, state: GameState, log: list[Move | None], max_actions: int
    ) -> tuple[GameState, bool]:
        """Play one round onto ``log``; the new state and whether any seat made progress."""
        progress = False
        for seat, bot in enumerate(self.bots):
            trusted = self.direct[seat] and not state.layouts[seat].down
            if trusted:
                # The greedy rule answers None exactly where the seat is stuck, so it is asked
                # in place of the stuck test a patient bot gets first.
                move = greedy_on_position(state, seat)
            elif self.patient[seat] and _waits(state, seat):
                move = None
            else:
                move = bot(view(state, seat), seat)
            if self.watch is not None:
                self.watch(state, seat, move)
            if move is not None:
                # The greedy rule's moves come from the engine's own generator: they are legal
                # (tests/test_bots.py), so the transition needs no validation. A bot's move is
                # validated.
                state = successor(state, move) if trusted else apply(state, move)
                log.append(move)
                progress = progress or move.is_progress
                if state.status is not None or len(log) >= max_actions:
                    break
        return state, progress


def _waits(state: GameState, seat: int) -> bool:
    """Whether a patient bot's ``seat`` waits: it is stuck (a seat that may call never is)."""
    return is_stuck(state, seat)


def play_match(
    variant: Variant | str,
    seats: int,
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    max_hands: int = 1_000,
) -> Match:
    """Play hands (seeds ``seed``, ``seed + 1``, …) until the match has a winner.

    Each hand is played by :func:`play_hand`; a hand that the driver stops by one of its
    rules (the no-progress rule, or ``max_actions``) is a result like any other: it counts
    with the hand scores of the position it stopped in. At most ``max_hands`` hands are
    played (the match may be undecided after them).

    Raises:
        ValueError: if there is not one bot per seat (see :func:`play_hand`).

    >>> import nertslib as nl
    >>> match = nl.play_match(nl.Variant(target_score=15), 2, [nl.greedy_bot] * 2, seed=3)
    >>> match.is_over, max(match.totals) >= 15
    (True, True)
    """
    v = variant if isinstance(variant, Variant) else deal(variant, seats, seed).variant
    match = Match(v, seats)
    hand = 0
    while not match.is_over and hand < max_hands:
        final, _ = play_hand(deal(v, seats, seed + hand), bots)
        match = match.record(hand_scores(final))
        hand += 1
    return match


def record_hand(
    variant: Variant | str,
    seats: int,
    seed: int,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
) -> Replay:
    """Deal a hand, play it with :func:`~nertslib.play_hand`, and return it as a replay.

    The replay's events are the moves applied, with :data:`~nertslib.replay.RESOLVE` where
    the driver applied the everyone-stuck resolution; its :meth:`~nertslib.replay.Replay.final`
    is the state ``play_hand`` ended in.

    >>> import nertslib as nl
    >>> from nertslib.bots import record_hand
    >>> replay = record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    >>> final, log = nl.play_hand(nl.deal("standard", 2, 4), [nl.greedy_bot] * 2)
    >>> replay.final() == final, len(replay.events) == len(log)
    (True, True)

    .. versionadded:: 0.1.0
    """
    start = deal(variant, seats, seed)
    final, log = play_hand(start, bots, max_actions=max_actions)
    events = tuple(RESOLVE if m is None else m for m in log)
    return trusted_replay(start.variant, seats, seed, events, final)
