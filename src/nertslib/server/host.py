"""The game host behind the server: one table, its seats, connections, bots and match.

It runs on one asyncio event loop (the server's) and knows nothing of HTTP: each WebSocket is
a :class:`~nertslib.server.connection.Connection` whose outgoing messages wait in a queue,
and :meth:`GameHost.receive` handles one raw client message. A hand starts when every human
seat is taken and its player pressed Ready; a seat whose connection drops pauses the hand for
the table's grace. Every submission goes through a :class:`~nertslib.Table`; each change
marks the connections for an update, built once per viewpoint and change
(:meth:`GameHost.update_text`) from that seat's view only.

>>> import asyncio
>>> from nertslib.server.host import GameHost
>>> from nertslib.server.settings import TableSettings
>>> async def demo():
...     host = GameHost(TableSettings.build(seats=2, bots=0, seed=4))
...     await host.start()
...     conn = host.connect()
...     host.receive(conn, '{"type": "join", "seat": 1, "name": "Bo"}')
...     welcome = conn.outbox.get_nowait()
...     await host.stop()
...     return welcome["type"], welcome["seat"], welcome["seats"][1]["name"]
>>> asyncio.run(demo())
('welcome', 1, 'Bo')

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

import nertslib as nl
from nertslib.bots import make_bot
from nertslib.server.connection import Connection
from nertslib.server.protocol import (
    ClientMessage,
    JoinRequest,
    MoveRequest,
    ProtocolError,
    SeatInfo,
    error_message,
    parse_client_message,
    result_message,
    update_message,
    welcome_message,
)
from nertslib.server.seats import SeatBook
from nertslib.server.settings import TableSettings
from nertslib.table import Event, Table

__all__ = ["CALL_GRACE", "GameHost", "HandListener"]

_LOG = logging.getLogger("nertslib.server")

#: How many past events the first update of a hand carries to a newly joined connection.
_BACKLOG: Final = 30
#: Cards in the air (rules.md §8): moves arriving this many seconds after a call of Nerts
#: still join the call's batch (Table's ``call_grace``), so the hand goes into the match
#: only once this has passed (and a little more).
CALL_GRACE: Final = 0.25
_RECORD_AFTER: Final = CALL_GRACE + 0.05
#: Stuck resolutions applied in a row at most (each ends the hand or lets a seat progress).
_MAX_RESOLUTIONS: Final = 8

#: Told of every finished hand: the host, the finished table (after the match took it).
HandListener = Callable[["GameHost", Table], None]


class GameHost:
    """The table, the match, the seats and their connections, and the bot players.

    Call :meth:`start` on the event loop before use (it starts the bots) and :meth:`stop` at
    the end. Each connection's answers and updates wait in its ``outbox``:

    >>> import json
    >>> from nertslib.server.host import GameHost
    >>> from nertslib.server.settings import TableSettings
    >>> host = GameHost(TableSettings.build(seats=1, bots=0, seed=4))
    >>> conn = host.connect()
    >>> host.receive(conn, '{"type": "join", "seat": 0}')
    >>> token = conn.outbox.get_nowait()["token"]
    >>> host.receive(conn, json.dumps({"type": "ready", "token": token}))
    >>> host.started
    True
    >>> host.receive(conn, json.dumps({"type": "move", "move": "0:turn", "token": token}))
    >>> [conn.outbox.get_nowait() for _ in range(2)][1]["accepted"]
    True

    .. versionadded:: 0.1.0
    """

    def __init__(
        self,
        settings: TableSettings,
        *,
        draw_seed: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        table_id: str = "1",
        on_hand: HandListener | None = None,
    ) -> None:
        self.settings = settings
        self.table_id = table_id
        self._on_hand = on_hand
        self._draw_seed = draw_seed or (lambda: secrets.randbits(32))
        self._clock = clock  # the tables' clock (the call's grace is measured by it)
        self._connections: set[Connection] = set()
        #: the clock reading when the last connection left (or the table was made)
        self.idle_since: float | None = clock()
        self.seats: SeatBook[Connection] = SeatBook(settings.seats, settings.bots)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: list[asyncio.Event] = []
        self._tasks: list[asyncio.Task[None]] = []
        self.match = nl.Match(settings.variant, settings.seats)
        self.matches = 1
        self.hand = 0
        self.started = False
        self._bots: dict[int, nl.Bot] = {}
        self._unsubscribe: Callable[[], None] = lambda: None
        self._texts: dict[tuple[int | None, int, int], str] = {}
        self.table = self._new_table()

    # --- hands ----------------------------------------------------------------------------------

    def _hand_seed(self) -> int:
        seed = self.settings.seed
        return self._draw_seed() if seed is None else seed + self.hand - 1

    def _new_table(self) -> Table:
        """Deal (or set up) the next hand, not started yet, and subscribe to its table."""
        self.hand += 1
        self.started = False
        s = self.settings
        seed = self._hand_seed()
        if self.hand == 1 and s.position is not None:
            state = s.position
        else:
            state = nl.deal(s.variant, s.seats, seed)
        self._bots = {
            seat: make_bot(s.bot, seed * 8 + seat) for seat in range(s.seats - s.bots, s.seats)
        }
        self._unsubscribe()
        table = Table(state, clock=self._clock, call_grace=CALL_GRACE)
        # The hand's log as the subscription delivers it: updates slice it from where each
        # connection stopped (Table.events would copy the whole log every time).
        self._log: list[Event] = []
        self._unsubscribe = table.subscribe(self._on_event)
        self._recorded = self._recording = False
        return table

    @property
    def playing(self) -> bool:
        """Whether moves are taken now: the hand started, is not over, and nobody is away."""
        return self.started and not self.table.is_over and not self.seats.away

    def next_hand(self) -> None:
        """Deal the next hand (a new match when this one is over) and tell everyone.

        It starts once every player pressed Ready (a table of bots starts it at once).
        """
        if self.table.is_over:
            self._record(self.table)  # (next hand asked for within the call's grace)
        if self.match.is_over:
            self.match = nl.Match(self.settings.variant, self.settings.seats)
            self.matches += 1
        self.table = self._new_table()
        self.seats.ready.clear()
        self._changed()
        if not self.settings.human_seats:
            self._begin()

    def _maybe_start(self) -> None:
        """Start the hand once every human seat is taken and ready; deal when one is over."""
        if not self.seats.all_ready():
            return
        if self.table.is_over:
            self.next_hand()
            self._begin()
        elif not self.started:
            self._begin()

    def _begin(self) -> None:
        if self.started:
            return
        self.started = True
        self.seats.ready.clear()
        self._note("hand %d starts", self.hand)
        self._changed()
        self._settle()

    def _settle(self) -> None:
        """After a change: resolve an everyone-stuck position; record a finished hand."""
        table = self.table
        for _ in range(_MAX_RESOLUTIONS):
            if table.is_over or not self.started or not table.resolve_stalemate():
                break
        if table.is_over and not self._recording:
            self._recording = True
            if table.state.status is nl.EndReason.NERTS and self._loop is not None:
                # cards in the air may still land and change the scores
                self._loop.call_later(_RECORD_AFTER, self._record, table)
            else:
                self._record(table)

    def _record(self, table: Table) -> None:
        """Add the finished hand of ``table`` to the match (once), and tell the listener."""
        if self._recorded or self.table is not table:
            return
        result = nl.outcome(table.state)
        assert result is not None
        self.match = self.match.record(result)
        self._recorded = True
        names = self.seats.names()
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
        self._note("hand %d over (%s): %s", self.hand, result.reason.value, scores)
        if self.match.is_over:
            self._note("match won by %s", names[self.match.winner or 0])
        if self._on_hand is not None:
            self._on_hand(self, table)
        self._changed()
        if not self.settings.human_seats and self._loop is not None:
            self._loop.call_later(self.settings.next_hand_delay, self._auto_next, table)

    def _auto_next(self, table: Table) -> None:
        if self.table is table:
            self.next_hand()

    def _submit(self, move: nl.Move) -> nl.Rejection | None:
        rejection = self.table.submit(move)
        self._settle()
        return rejection

    def _note(self, text: str, *args: object) -> None:
        _LOG.info("table %s: " + text, self.table_id, *args)

    # --- change notification ----------------------------------------------------------------------

    def _on_event(self, event: Event) -> None:
        self._log.append(event)
        # Table.subscribe may call this from any thread; asyncio objects belong to the loop.
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._changed)

    def _changed(self) -> None:
        self._texts.clear()
        for conn in self._connections:
            if conn.joined:
                conn.mark_dirty()
        for wake in self._wake:
            wake.set()

    def seat_infos(self) -> list[SeatInfo]:
        """Who plays each seat, by name, and whether they are connected, ready or away."""
        names, book, now = self.seats.names(), self.seats, self._clock()
        grace = self.settings.grace
        return [
            SeatInfo(seat, "bot", True, names[seat])
            if seat in self._bots
            else SeatInfo(
                seat,
                "human",
                book.holders[seat] is not None,
                names[seat],
                ready=seat in book.ready,
                away=round(max(0.0, grace - (now - book.away[seat])), 1)
                if seat in book.away
                else None,
            )
            for seat in range(self.settings.seats)
        ]

    def update_for(self, conn: Connection) -> dict[str, Any] | None:
        """The ``update`` message for ``conn`` now (``None`` if it has not joined)."""
        text = self.update_text(conn)
        return None if text is None else dict(json.loads(text))

    def update_text(self, conn: Connection) -> str | None:
        """The ``update`` message for ``conn`` as JSON text (``None`` if it has not joined).

        Connections of the same seat (spectators: ``None``) that have seen the same events
        share one text per change: it is built once, not once per connection.
        """
        if not conn.joined:
            return None
        events = self._log
        if conn.hand != self.hand:
            conn.hand, conn.next_seq = self.hand, max(0, len(events) - _BACKLOG)
        start, end = conn.next_seq, len(events)
        conn.next_seq = end
        key = (conn.seat, start, end)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._build(conn.seat, events[start:end])
        return text

    def _build(self, seat: int | None, events: list[Event] | tuple[Event, ...]) -> str:
        message = update_message(
            self.table.state,
            seat,
            events,
            hand=self.hand,
            match=self.match,
            seats=self.seat_infos(),
            playing=self.playing,
            started=self.started,
        )
        return json.dumps(message)

    # --- bots -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bots, on the running event loop (a table of bots starts its hand)."""
        self._loop = asyncio.get_running_loop()
        for seat in range(self.settings.seats - self.settings.bots, self.settings.seats):
            wake = asyncio.Event()
            self._wake.append(wake)
            self._tasks.append(asyncio.create_task(self._bot_loop(seat, wake)))
        self._maybe_start()
        self._settle()

    async def stop(self) -> None:
        """Stop the bots and close every connection."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        self._unsubscribe()
        for conn in self._connections:
            conn.close(1001, "the server is stopping")

    async def _bot_loop(self, seat: int, wake: asyncio.Event) -> None:
        low, high = self.settings.bot_delay
        pace = nl.Pace(seed=seat)  # the pace only, not the play: no secret seed needed
        while True:
            wake.clear()
            state = self.table.state
            move = self._bot_move(seat, state)
            if move is None:
                await wake.wait()  # stuck, waiting, or over: wait until something changes
                continue
            # a human-like reaction time for this kind of move, within the table's bounds
            await asyncio.sleep(min(high, max(low, pace.delay(move))))
            if self.table.state is not state or not self.playing:  # look again before playing
                move = self._bot_move(seat, self.table.state)
                if move is None:
                    continue
            self._submit(move)

    def _bot_move(self, seat: int, state: nl.GameState) -> nl.Move | None:
        """What the bot of ``seat`` plays now, from its seat's view (``None``: it waits)."""
        if state.is_over or not self.playing:
            return None
        try:
            return self._bots[seat](nl.view(state, seat), seat)
        except Exception:
            _LOG.exception("bot of seat %d failed; it waits for the next change", seat)
            return None

    # --- connections ----------------------------------------------------------------------------

    def connect(self) -> Connection:
        """A new connection; it has no seat until it sends a join."""
        conn = Connection()
        self._connections.add(conn)
        self.idle_since = None
        return conn

    @property
    def connections(self) -> int:
        """How many connections the table has."""
        return len(self._connections)

    def disconnect(self, conn: Connection) -> None:
        """Forget ``conn``; a seat in a hand under way is waited for (the grace)."""
        self._connections.discard(conn)
        if not self._connections:
            self.idle_since = self._clock()
        seat = conn.seat
        conn.joined = False
        if seat is None or self.seats.holders[seat] is not conn:
            return
        self.seats.release(seat)
        self._note("%s left seat %d", self.seats.names()[seat], seat)
        if self.started and not self.table.is_over and self.settings.grace > 0:
            since = self.seats.away[seat] = self._clock()
            if self._loop is not None:
                self._loop.call_later(self.settings.grace, self._grace_over, seat, since)
        self._changed()

    def _grace_over(self, seat: int, since: float) -> None:
        # (a seat that came back and dropped again has a later drop and its own timer)
        if self.seats.away.get(seat) == since:
            del self.seats.away[seat]
            self.seats.gone.add(seat)
            self._note("%s did not come back: play goes on", self.seats.names()[seat])
            self._changed()

    def receive(self, conn: Connection, raw: str | bytes | None) -> None:
        """Handle one raw client message; answers go to ``conn``'s outbox, never an exception."""
        try:
            self._dispatch(conn, parse_client_message(raw))
        except ProtocolError as exc:
            conn.push(error_message(exc.code, exc.message))
        except Exception:  # a bug must cost one message, not the table
            _LOG.exception("table %s: a message failed", self.table_id)
            conn.push(error_message("internal", "the server could not handle that message"))

    def _dispatch(self, conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, JoinRequest):
            self._join(conn, message)
            return
        if not conn.joined:
            raise ProtocolError("not_joined", 'send {"type": "join", ...} first')
        if conn.seat is None:
            raise ProtocolError("not_your_seat", "a spectator cannot play")
        if message.token != conn.token:
            raise ProtocolError("bad_token", "that is not this seat's token (see welcome)")
        if isinstance(message, MoveRequest):
            conn.push(result_message(message.move, self._move(conn.seat, message.move)))
            return
        self.seats.press_ready(conn.seat)  # "ready" (and "next_hand", its old name)
        self._changed()
        self._maybe_start()

    def _move(self, seat: int, move: nl.Move) -> nl.Rejection | None:
        if move.seat != seat:
            why = f"this connection plays seat {seat}; {move} is a move of seat {move.seat}"
            raise ProtocolError("not_your_seat", why)
        if not self.started:
            raise ProtocolError("not_started", "the hand starts when every player is Ready")
        if self.seats.away and not self.table.is_over:
            away = ", ".join(self.seats.names()[s] for s in sorted(self.seats.away))
            raise ProtocolError("paused", f"the table waits for {away} to come back")
        return self._submit(move)

    def _join(self, conn: Connection, request: JoinRequest) -> None:
        if conn.joined:
            raise ProtocolError("already_joined", "this connection has joined already")
        seat = request.seat
        if seat is not None:
            self._take_seat(conn, seat, request)
        conn.joined, conn.seat = True, seat
        conn.push(welcome_message(seat, conn.token, self.seat_infos(), table=self.table_id))
        self._changed()
        if not self.seats.away and self.started:
            for wake in self._wake:
                wake.set()

    def _take_seat(self, conn: Connection, seat: int, request: JoinRequest) -> None:
        n, book = self.settings.seats, self.seats
        if seat >= n:
            raise ProtocolError("no_such_seat", f"seats are 0..{n - 1}, got {seat}")
        if seat in self._bots:
            raise ProtocolError("bot_seat", f"seat {seat} is played by a bot")
        own = book.owns(seat, request.token)
        code = self.settings.code
        if not own and code is not None and request.code != code:
            raise ProtocolError("bad_code", "this table needs its join code to sit")
        holder = book.holders[seat]
        if not own and (holder is not None or seat in book.away):
            why = f"seat {seat} is taken: {book.names()[seat]} plays it"
            raise ProtocolError("seat_taken", why)
        if holder is not None:  # the seat's own token: this tab takes over from the old one
            holder.push(error_message("replaced", "this seat was taken over by another tab"))
            holder.close(4001, "replaced by another tab")
        conn.token = book.take(seat, conn, request.token, request.name)
        self._note("%s took seat %d", book.names()[seat], seat)
