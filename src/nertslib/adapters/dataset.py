"""Hands as training data: every decision as (observation, action mask, action), waits too.

A replay records the moves of a hand, not the times a seat was asked and waited, which a
policy must learn as well. Two ways to the decisions:

* :func:`record` plays a hand with the driver (:func:`~nertslib.bots.run_hand`) and keeps
  every decision exactly as the driver made it, waits included (a stuck seat that the driver
  lets wait unasked counts as a wait): a :class:`RecordedHand`, its replay and decisions.
* :func:`decisions` tells them from a replay alone, by the driver's order: seats are asked in
  seat order every round, so a seat between two movers of a round (or after the last mover,
  before a stuck resolution or the end) waited. This is a reconstruction: a round in which no
  seat moved leaves no trace, and where one round ends with waits and the next starts with
  them, the order of the moves cannot tell where the round broke, so it finds the fewest
  rounds, and waits, the moves allow. A :class:`~nertslib.replay.Batch` (moves submitted
  together) is one step in which every seat decided: the seats without a move in it waited.

Each decision's observation is :func:`~nertslib.adapters.encoding.observe` of the seat's view with
the seat number as its race priority (as :func:`~nertslib.adapters.policies.policy_bot` sees it in
the driver), its mask the seat's legal actions, its action the encoding of the move
(:data:`~nertslib.adapters.encoding.PASS` for a wait and for ``rotate``). :func:`save_npz`
writes them as NumPy arrays.

>>> import nertslib as nl
>>> from nertslib.adapters.dataset import decisions, record
>>> hand = record("standard", 2, 1, [nl.greedy_bot] * 2)
>>> len(hand.replay.events), len(hand.decisions), sum(d.waited for d in hand.decisions)
(140, 190, 52)
>>> rows = list(decisions(hand.replay))  # from the replay alone: fewer waits
>>> len(rows), sum(row.waited for row in rows)
(188, 50)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import attrs

from nertslib.adapters.encoding import PASS, encode, legal_actions, observe
from nertslib.adapters.tensors import mask_of
from nertslib.bots.basic import Bot
from nertslib.bots.driver import NO_PROGRESS_ROUNDS, run_hand
from nertslib.deal import deal
from nertslib.moves import Move
from nertslib.replay import RESOLVE, Batch, Replay, step, trusted_replay
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["Decision", "RecordedHand", "decisions", "record", "save_npz"]


@attrs.frozen
class Decision:
    """One time a seat was asked to act.

    Attributes:
        seat: The seat.
        observation: Its observation (:func:`~nertslib.adapters.encoding.observe`).
        actions: Its legal actions then, ascending.
        action: The action it chose (``PASS`` for a wait).
        waited: Whether it waited (made no move).
    """

    seat: int
    observation: tuple[int, ...]
    actions: tuple[int, ...]
    action: int
    waited: bool


def _decision(state: GameState, seat: int, move: Move | None) -> Decision:
    seen = view(state, seat)
    action = PASS if move is None else encode(seen, move)
    return Decision(
        seat, tuple(observe(seen, seat)), legal_actions(seen, seat), action, move is None
    )


def _waits(state: GameState, seats: Iterable[int]) -> Iterator[Decision]:
    if state.status is None:
        for seat in seats:
            yield _decision(state, seat, None)


def decisions(replay: Replay) -> Iterator[Decision]:
    """Every decision of ``replay``, waits included, in order (see the module docs).

    >>> import nertslib as nl
    >>> from nertslib.adapters.dataset import decisions
    >>> replay = nl.replay.Replay.record("standard", 3, 1, ["1:turn", "0:turn"])
    >>> [(d.seat, d.action, d.waited) for d in decisions(replay)]
    [(0, 0, True), (1, 1, False), (2, 0, True), (0, 1, False), (1, 0, True), (2, 0, True)]
    """
    n = replay.seats
    state, last = replay.start(), -1  # the last seat asked in the current round
    for event in replay.events:
        if isinstance(event, Move):
            seat = event.seat
            if seat <= last:  # a new round: the rest of this one waited
                yield from _waits(state, range(last + 1, n))
                last = -1
            yield from _waits(state, range(last + 1, seat))
            yield _decision(state, seat, event)
            last = seat
        else:  # a stuck resolution or a batch closes the round
            yield from _waits(state, range(last + 1, n))
            last = -1
            if isinstance(event, Batch):
                movers = {move.seat: move for move in event.moves}
                for seat in range(n):
                    yield _decision(state, seat, movers.get(seat))
        state = step(state, event)
    yield from _waits(state, range(last + 1, n))


@attrs.frozen
class RecordedHand:
    """A hand :func:`record` played: its replay and every decision, waits included.

    Attributes:
        replay: The hand as a replay (as :func:`~nertslib.bots.record_hand` returns it).
        decisions: Every decision the driver made, in order.
    """

    replay: Replay
    decisions: tuple[Decision, ...]


def record(
    variant: Variant | str,
    seats: int,
    seed: int,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
    no_progress: int = NO_PROGRESS_ROUNDS,
) -> RecordedHand:
    """Deal seed ``seed``, play it with ``bots`` as the driver does, and keep every decision.

    Raises:
        ValueError: as :func:`~nertslib.bots.run_hand` does.

    >>> import nertslib as nl
    >>> from nertslib.adapters.dataset import record
    >>> hand = record("standard", 2, 4, [nl.greedy_bot, nl.RandomBot(1)])
    >>> hand.replay == nl.bots.record_hand("standard", 2, 4, [nl.greedy_bot, nl.RandomBot(1)])
    True
    """
    made: list[Decision] = []
    start = deal(variant, seats, seed)
    run = run_hand(
        start,
        bots,
        max_actions=max_actions,
        no_progress=no_progress,
        watch=lambda state, seat, move: made.append(_decision(state, seat, move)),
    )
    events = tuple(RESOLVE if m is None else m for m in run.log)
    return RecordedHand(trusted_replay(start.variant, seats, seed, events, run.final), tuple(made))


def save_npz(hands: Iterable[Replay | RecordedHand], path: str | Path) -> int:
    """Write every decision of ``hands`` to ``path`` (``np.savez_compressed``); the row count.

    A :class:`RecordedHand` gives its recorded decisions, a replay :func:`decisions`.

    The arrays, one row per decision: ``observation`` (int8, N × observation size),
    ``action_mask`` (int8, N × ``NUM_ACTIONS``), ``action`` (int64), ``seat`` (int8),
    ``waited`` (bool) and ``replay`` (int32, the hand's index in ``hands``). Every hand must
    have the variant and seat count of the first. Needs NumPy.

    Raises:
        ValueError: for replays of different tables, or none.

    >>> import tempfile, numpy as np, nertslib as nl
    >>> from nertslib.adapters.dataset import save_npz
    >>> from nertslib.adapters.dataset import record
    >>> hands = [record("standard", 3, s, [nl.greedy_bot] * 3) for s in (1, 2)]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     rows = save_npz(hands, folder + "/hands.npz")
    ...     data = np.load(folder + "/hands.npz")
    ...     data["observation"].shape == (rows, 1915), sorted(data)
    (True, ['action', 'action_mask', 'observation', 'replay', 'seat', 'waited'])
    """
    import numpy as np  # noqa: PLC0415 - the rest of the module needs no NumPy

    rows: list[tuple[int, Decision]] = []
    table = None
    for index, hand in enumerate(hands):
        replay = hand.replay if isinstance(hand, RecordedHand) else hand
        if table is None:
            table = (replay.variant, replay.seats)
        elif (replay.variant, replay.seats) != table:
            msg = f"hand {index} is of another table than hand 0: {replay!r:.80}"
            raise ValueError(msg)
        made = hand.decisions if isinstance(hand, RecordedHand) else decisions(hand)
        rows += [(index, d) for d in made]
    if table is None:
        msg = "save_npz needs at least one hand"
        raise ValueError(msg)
    np.savez_compressed(
        path,
        observation=np.array([d.observation for _, d in rows], np.int8),
        action_mask=np.array([mask_of(d.actions) for _, d in rows], np.int8),
        action=np.array([d.action for _, d in rows], np.int64),
        seat=np.array([d.seat for _, d in rows], np.int8),
        waited=np.array([d.waited for _, d in rows], bool),
        replay=np.array([i for i, _ in rows], np.int32),
    )
    return len(rows)
