"""The host side: settle ties in a batch of moves, and a thread-safe table with an event log.

The pure core orders moves: :func:`nertslib.apply` takes one move at a time, and of two cards
racing for one foundation spot the second loses (:attr:`~nertslib.Reason.RACE_LOST`). A host
(a server, a UI) that collects moves *submitted together* hands them to :func:`arbitrate` as a
batch; under ``tie_policy="both_keep"`` a card that only lost its race to another card of the
same batch with the same foundation key is accepted too, and the foundation holds both (rules.md
§6). :func:`arbitrate` is a pure function: no clocks, no threads.

:class:`Table` wraps the core for hosts: it holds the current state behind a lock, applies
moves in arrival order (:meth:`Table.submit`) or as batches (:meth:`Table.submit_batch`),
resolves stalemates, and keeps an :class:`Event` log with timestamps. Timestamps live only
here, never in the core.

>>> import nertslib as nl
>>> from nertslib.table import Table
>>> table = Table(nl.deal("standard", seats=2, seed=1), clock=lambda: 0.0)
>>> table.submit(nl.Move.turn(0)) is None
True
>>> table.submit(nl.Move.restock(1)).reason
Reason.STOCK_NOT_EMPTY
>>> [str(event.move) for event in table.events]
['0:turn', '1:restock']
"""

from __future__ import annotations

import collections
import itertools
import math
import threading
import time
from collections.abc import Callable, Iterable
from typing import cast

import attrs

from nertslib.arbiter import Results, arbitrate, batch_moves, check_state
from nertslib.deal import deal
from nertslib.errors import NertsError, Rejection
from nertslib.moves import Move
from nertslib.replay import RESOLVE, Batch, Replay
from nertslib.replay import Event as ReplayEvent
from nertslib.stalemate import resolve_stalemate
from nertslib.state import EndReason, GameState
from nertslib.stuck import all_stuck

__all__ = ["Event", "Table", "arbitrate", "event_for_seat"]


@attrs.frozen
class Event:
    """One line of a :class:`Table`'s log: a move and how it was received, with a timestamp.

    A stalemate resolution by :meth:`~nertslib.Table.resolve_stalemate` is logged too, with
    ``seat`` and ``move`` set to ``None``.

    >>> import nertslib as nl
    >>> from nertslib.table import Table
    >>> table = Table(nl.deal("standard", seats=1, seed=1), clock=lambda: 12.5)
    >>> _ = table.submit(nl.Move.turn(0))
    >>> table.events
    (Event(seq=0, time=12.5, seat=0, move=Move.parse('0:turn'), rejection=None, batch=0),)

    Attributes:
        seq: The event's number in the log, from 0.
        time: The table clock's reading when the move was received (one reading per batch).
        seat: The move's seat (``None`` for a stalemate resolution).
        move: The move as submitted (``None`` for a stalemate resolution).
        rejection: ``None`` if the move was accepted (a tie included), else why not.
        batch: The number of the submission (from 0): events of one
            :meth:`~nertslib.Table.submit_batch` share it (and so do moves that joined a
            call's batch within the table's ``call_grace``), and
            :func:`~nertslib.arbitrate` over them, in ``seq`` order, rebuilds the table's
            state.

    .. versionadded:: 0.1.0
    """

    seq: int
    time: float
    seat: int | None
    move: Move | None
    rejection: Rejection | None
    batch: int

    @property
    def accepted(self) -> bool:
        """Whether the move (or the stalemate resolution) took effect."""
        return self.rejection is None


class _Subscription:
    """One :meth:`Table.subscribe` call (two subscriptions of one callback are two of these)."""

    __slots__ = ("callback",)

    def __init__(self, callback: Callable[[Event], object]) -> None:
        self.callback = callback

    def __call__(self, event: Event) -> object:
        return self.callback(event)


#: The subscriptions an event goes to, as they were when it was logged.
_Subscribers = tuple[Callable[[Event], object], ...]


def _notify(subscribers: _Subscribers, events: list[Event]) -> None:
    """Give each event to each subscriber; the first exception is raised once all have run."""
    failure: BaseException | None = None
    for event in events:
        for callback in subscribers:
            try:
                callback(event)
            except Exception as exc:  # re-raised below, once the others have run
                failure = failure or exc
    if failure is not None:
        raise failure


def event_for_seat(event: Event, seat: int | None) -> Event | None:
    """What ``seat`` (``None``: a spectator) may be told of ``event``, or ``None``: nothing.

    An accepted move names only cards that were face up when it was played, and a
    stalemate resolution names none, so every seat may see those. A **rejected** move names
    whatever card its seat tried (perhaps one only that seat has seen: its own waste below
    the top), and its message speaks to that seat, so it is given to its own seat only.
    Filter every event with this before a host sends it to a player.

    >>> import nertslib as nl
    >>> from nertslib.table import Table, event_for_seat
    >>> table = Table(nl.deal("standard", seats=2, seed=1), clock=lambda: 0.0)
    >>> _ = table.submit_batch([nl.Move.turn(0), nl.Move.restock(1)])
    >>> [[str(e.move) for e in table.events if event_for_seat(e, s)] for s in (0, 1, None)]
    [['0:turn'], ['0:turn', '1:restock'], ['0:turn']]

    .. versionadded:: 0.1.0
    """
    if event.rejection is None or event.seat == seat:
        return event
    return None


class Table:
    """A thin, mutable, thread-safe host around the pure core: state, submissions, event log.

    Every method takes one lock, so moves from many threads are applied one submission at a
    time, in the order they acquire it, and each is logged exactly once, rejected or not.

    Cards in the air: moves that arrive within ``call_grace`` seconds (by the table's clock)
    after a submission in which a call of Nerts was accepted join that call's batch, so
    :func:`arbitrate` applies the other seats' moves among them before the hand ends (rules.md
    §8). Later moves are refused as :attr:`~nertslib.Reason.HAND_OVER`.

    >>> import nertslib as nl
    >>> from nertslib.table import Table
    >>> start = nl.deal(nl.Variant(nerts_pile_size=1), seats=2, seed=18)
    >>> table = Table(start, clock=iter([0.0, 1.0, 1.1, 5.0]).__next__, call_grace=0.25)
    >>> table.submit(nl.Move.parse("0:5H@N>P1"))  # seat 0's last Nerts card, at 0 s
    >>> table.submit(nl.Move.call(0))  # at 1 s
    >>> table.submit(nl.Move.parse("1:AC@N>F+"))  # 0.1 s later: in the air, and it counts
    >>> table.submit(nl.Move.turn(1)).reason  # 4 s later: the hand is over
    Reason.HAND_OVER
    >>> [e.batch for e in table.events], nl.hand_scores(table.state)
    ([0, 1, 1, 2], (0, 1))

    >>> import nertslib as nl
    >>> from nertslib.table import Table
    >>> table = Table(nl.deal("standard", seats=2, seed=1), clock=iter([1.0, 2.0]).__next__)
    >>> table.submit_batch([nl.Move.turn(0), nl.Move.turn(1)])
    (None, None)
    >>> table.submit(nl.Move.call(1)).reason
    Reason.NERTS_NOT_EMPTY
    >>> [(e.seq, e.time, e.batch, str(e.move), e.accepted) for e in table.events]
    [(0, 1.0, 0, '0:turn', True), (1, 1.0, 0, '1:turn', True), (2, 2.0, 1, '1:nerts', False)]
    >>> table.is_over, table.resolve_stalemate()
    (False, False)

    Args:
        state: The position to start from.
        clock: Called once per submission for the events' ``time`` (default
            ``time.monotonic``); give a fake clock in tests.
        call_grace: Seconds after an accepted call during which submissions join the call's
            batch (default 0.25; 0 closes the batch with the call's own submission).

    Raises:
        NertsError: (a :class:`ValueError`) if ``state`` is not a state, ``clock`` is not
            callable or ``call_grace`` is not a finite number of seconds >= 0.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``call_grace``: cards in the air after a call.
    """

    __slots__ = (
        "_batches",
        "_call_grace",
        "_clock",
        "_deliver",
        "_delivering",
        "_events",
        "_lock",
        "_open_call",
        "_outbox",
        "_start",
        "_state",
        "_subscribers",
    )

    def __init__(
        self,
        state: GameState,
        *,
        clock: Callable[[], float] = time.monotonic,
        call_grace: float = 0.25,
    ) -> None:
        check_state(state)
        if not callable(cast(object, clock)):
            msg = f"clock must be callable, got {clock!r}"
            raise NertsError(msg)
        if type(call_grace) not in (int, float) or not 0 <= call_grace < math.inf:
            msg = f"call_grace must be a finite number of seconds >= 0, got {call_grace!r}"
            raise NertsError(msg)
        self._start = self._state = state
        self._clock = clock
        self._call_grace = float(call_grace)
        self._events: list[Event] = []
        self._batches = 0
        # The batch of the last accepted call while moves may still join it: its number, the
        # clock reading of its submission, the state before it and its moves.
        self._open_call: tuple[int, float, GameState, tuple[Move, ...]] | None = None
        self._lock = threading.Lock()
        # Subscribers are called outside _lock; _deliver keeps their calls in log order.
        self._subscribers: tuple[Callable[[Event], object], ...] = ()
        self._deliver = threading.RLock()
        # Events logged by a callback's own submission wait here until the events before
        # them have reached every subscriber (the callback runs inside that delivery).
        self._outbox: collections.deque[tuple[_Subscribers, list[Event]]] = collections.deque()
        self._delivering = False

    @property
    def state(self) -> GameState:
        """The current state, a frozen value that is safe to keep and to read from any thread."""
        with self._lock:
            return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log so far, in ``seq`` order."""
        with self._lock:
            return tuple(self._events)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        with self._lock:
            return self._state.is_over

    def submit(self, move: Move) -> Rejection | None:
        """Apply one move now, in arrival order, and log it.

        Returns:
            ``None`` if the move was applied, else the :class:`~nertslib.Rejection` (a lost
            race is :attr:`~nertslib.Reason.RACE_LOST`: "too late").

        Raises:
            NertsError: (a :class:`ValueError`) if ``move`` is not a
                :class:`~nertslib.Move`; nothing is logged then.
        """
        return self.submit_batch((move,))[0]

    def submit_batch(self, moves: Iterable[Move]) -> Results:
        """Apply moves submitted together with :func:`arbitrate` (ties), and log each.

        Within ``call_grace`` of an accepted call the moves join the call's batch instead
        (cards in the air; see the class docs).

        Returns:
            One result per move, as :func:`arbitrate` gives them.

        Raises:
            NertsError: (a :class:`ValueError`) if an item is not a :class:`~nertslib.Move`;
                nothing is applied or logged then.
        """
        batch = batch_moves(moves)
        with self._deliver:
            with self._lock:
                now = self._clock()
                open_call = self._open_call
                grace = self._call_grace
                if open_call is not None and grace and now - open_call[1] <= grace:
                    number, called_at, before, earlier = open_call
                    joined = earlier + batch
                    self._state, everything = arbitrate(before, joined)
                    results = everything[len(earlier) :]  # the earlier results stay as they were
                    self._open_call = (number, called_at, before, joined)
                else:
                    before, number = self._state, self._batches
                    self._state, results = arbitrate(before, batch)
                    self._batches += 1
                    called = not before.is_over and self._state.status is EndReason.NERTS
                    self._open_call = (number, now, before, batch) if called else None
                seq = len(self._events)
                self._events.extend(
                    Event(seq + i, now, move.seat, move, result, number)
                    for i, (move, result) in enumerate(zip(batch, results, strict=True))
                )
                new, subscribers = self._events[seq:], self._subscribers
            self._publish(subscribers, new)
        return results

    def resolve_stalemate(self) -> bool:
        """Apply :func:`nertslib.resolve_stalemate` if every seat is stuck, and log it.

        Checking and resolving happen under the lock, so no move slips in between.

        Returns:
            Whether every seat was stuck (and the resolution was applied); ``False`` changes
            nothing and logs nothing.
        """
        with self._deliver:
            with self._lock:
                if not all_stuck(self._state):
                    return False
                self._state = resolve_stalemate(self._state)
                event = Event(len(self._events), self._clock(), None, None, None, self._batches)
                self._events.append(event)
                self._batches += 1
                subscribers = self._subscribers
            self._publish(subscribers, [event])
        return True

    def _publish(self, subscribers: _Subscribers, events: list[Event]) -> None:
        """Deliver ``events`` after every event before them (called holding ``_deliver``).

        A callback that submits runs this again on its own thread, inside the delivery of
        an earlier event: its events are queued, and the outer call delivers them next.
        """
        self._outbox.append((subscribers, events))
        if self._delivering:
            return
        self._delivering = True
        failure: BaseException | None = None
        try:
            while self._outbox:
                try:
                    _notify(*self._outbox.popleft())
                except Exception as exc:  # re-raised below, once the queue is empty
                    failure = failure or exc
        finally:
            self._delivering = False
        if failure is not None:
            raise failure

    def subscribe(self, callback: Callable[[Event], object]) -> Callable[[], None]:
        """Call ``callback(event)`` with each new ``Event``; returns an unsubscribe function.

        This is how a host learns that something changed (to push new views to its players,
        say). Every event logged after the call is delivered, rejected moves and stalemate
        resolutions included, exactly once per subscription, in ``seq`` order.

        Thread safety: the callback runs on the thread that submitted, *after* the table's
        lock is released, so it may read :attr:`state` and :attr:`events` (whose state then
        includes at least that event) and may even submit moves itself. Deliveries of
        different submissions never interleave: a submission from another thread waits until
        the callbacks of the one before it have returned, so keep callbacks short (hand the
        event to a queue or an event loop: ``loop.call_soon_threadsafe``). An exception
        raised by a callback reaches the submitter once every callback has had the event;
        the move stays applied and logged.

        Before sending an event to a player, filter it with
        ``nertslib.table.event_for_seat``.

        Raises:
            NertsError: (a :class:`ValueError`) if ``callback`` is not callable.

        >>> import nertslib as nl
        >>> from nertslib.table import Table
        >>> table = Table(nl.deal("standard", seats=2, seed=1), clock=lambda: 0.0)
        >>> seen = []
        >>> unsubscribe = table.subscribe(seen.append)
        >>> table.submit(nl.Move.turn(0)), table.submit(nl.Move.restock(1)).reason
        (None, Reason.STOCK_NOT_EMPTY)
        >>> [(e.seq, str(e.move), e.accepted) for e in seen]
        [(0, '0:turn', True), (1, '1:restock', False)]
        >>> unsubscribe()
        >>> table.submit(nl.Move.turn(1)) is None, len(seen)
        (True, 2)

        .. versionadded:: 0.1.0
        """
        if not callable(cast(object, callback)):
            msg = f"callback must be callable, got {callback!r}"
            raise NertsError(msg)
        token = _Subscription(callback)
        with self._lock:
            self._subscribers = (*self._subscribers, token)

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers = tuple(s for s in self._subscribers if s is not token)

        return unsubscribe

    def replay(self) -> Replay:
        """The hand so far as a :class:`~nertslib.replay.Replay`, ties included.

        Each submission becomes one event: its accepted moves (a
        :class:`~nertslib.replay.Batch` when more than one was accepted, else the move
        itself; nothing if none was), or ``RESOLVE`` for a stalemate resolution. The replay's
        :meth:`~nertslib.replay.Replay.final` is the table's state.

        Raises:
            NertsError: (a :class:`ValueError`) if the table did not start from a fresh deal
                (a replay starts from ``deal(variant, seats, seed)``).

        >>> import nertslib as nl
        >>> from nertslib.table import Table
        >>> table = Table(nl.deal("standard", seats=2, seed=29))
        >>> table.submit(nl.Move.parse("0:AS@P3>F+"))
        >>> table.submit_batch([nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")])
        (None, None)
        >>> replay = table.replay()
        >>> replay.events[-1]
        Batch(moves=(Move.parse('0:2S@N>F0'), Move.parse('1:2S@P1>F0')))
        >>> replay.final() == table.state
        True

        .. versionadded:: 0.1.0
        """
        with self._lock:
            start, events = self._start, tuple(self._events)
        seats = len(start.layouts)
        if start != deal(start.variant, seats, start.seed):
            msg = (
                "this table did not start from a fresh deal, and a replay starts from "
                f"deal(variant, {seats}, {start.seed})"
            )
            raise NertsError(msg)
        steps: list[ReplayEvent] = []
        for _, group in itertools.groupby(events, key=lambda e: e.batch):
            batch = list(group)
            if batch[0].move is None:
                steps.append(RESOLVE)
                continue
            accepted = [e.move for e in batch if e.rejection is None and e.move is not None]
            if len(accepted) > 1:
                steps.append(Batch(accepted))
            elif accepted:
                steps.append(accepted[0])
        return Replay(start.variant, seats, start.seed, tuple(steps))

    def __repr__(self) -> str:
        with self._lock:
            return f"<Table: {len(self._events)} events, {self._state.to_nfen()!r}>"
