"""The game host behind the server: one table, its seats, tokens and connections, bots, a match.

It runs on one asyncio event loop (the server's) and knows nothing of HTTP: each WebSocket is
a :class:`Connection` whose outgoing messages wait in a queue, and :meth:`GameHost.receive`
handles one raw client message. Every submission goes through a :class:`~nertslib.Table`;
the host subscribes to it (:meth:`Table.subscribe <nertslib.Table.subscribe>`) and marks every
connection for an update, which the connection's sender builds when it gets to it, from that
seat's view only (:func:`nertslib.server.protocol.update_message`).

>>> import asyncio
>>> from nertslib.server.host import GameHost, TableSettings
>>> async def demo():
...     host = GameHost(TableSettings.build(seats=2, bots=0, seed=4))
...     await host.start()
...     conn = host.connect()
...     host.receive(conn, '{"type": "join", "seat": 1}')
...     welcome = conn.outbox.get_nowait()
...     await host.stop()
...     return welcome["type"], welcome["seat"], len(welcome["token"]) > 10
>>> asyncio.run(demo())
('welcome', 1, True)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Final, cast

import attrs

import nertslib as nl
from nertslib import bots as bots_module
from nertslib.server.protocol import (
    ClientMessage,
    JoinRequest,
    MoveRequest,
    NextHandRequest,
    ProtocolError,
    SeatInfo,
    error_message,
    parse_client_message,
    result_message,
    update_message,
    welcome_message,
)
from nertslib.table import Event, Table

__all__ = [
    "CALL_GRACE",
    "MAX_OUTBOX",
    "UPDATE",
    "Connection",
    "GameHost",
    "TableSettings",
    "make_bot",
]

_LOG = logging.getLogger("nertslib.server")

#: A queued marker: "build this connection's update now" (many changes make one update).
UPDATE: Final = "update"

#: How many past events the first update of a hand carries to a newly joined connection.
_BACKLOG: Final = 30
#: Cards in the air (rules.md §8): moves arriving this many seconds after a call of Nerts
#: still join the call's batch (Table's ``call_grace``), so the hand goes into the match
#: only once this has passed (and a little more).
CALL_GRACE: Final = 0.25
_RECORD_AFTER: Final = CALL_GRACE + 0.05
#: Stuck resolutions applied in a row at most (each ends the hand or lets a seat progress).
_MAX_RESOLUTIONS: Final = 8
#: A connection whose outbox holds more than this many messages does not read what it is
#: sent (updates coalesce, so only answers pile up): it is closed instead of growing forever.
MAX_OUTBOX: Final = 256


def make_bot(name: str, seed: int) -> nl.Bot:
    """The bot called ``name``: ``nertslib.bots.make_bot`` where it exists, else the built-ins.

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown name.

    >>> import nertslib as nl
    >>> from nertslib.server.host import make_bot
    >>> make_bot("greedy", 0) is nl.greedy_bot
    True
    """
    factory = getattr(bots_module, "make_bot", None)
    if factory is not None:
        return cast(nl.Bot, factory(name, seed))
    if name == "greedy":
        return nl.greedy_bot
    if name == "random":
        return nl.RandomBot(seed)
    msg = f"unknown bot {name!r} (known: greedy, random)"
    raise nl.NertsError(msg)


def _check_settings(s: TableSettings) -> None:
    s.variant.check_seats(s.seats)
    if type(s.bots) is not int or not 0 <= s.bots <= s.seats:
        msg = f"bots must be 0..{s.seats} (the seats), got {s.bots!r}"
        raise nl.NertsError(msg)
    if s.seed is not None and (type(s.seed) is not int or s.seed < 0):
        msg = f"seed must be an int >= 0, got {s.seed!r}"
        raise nl.NertsError(msg)
    if s.seed is not None and s.position is not None:
        msg = "give a seed or a position, not both"
        raise nl.NertsError(msg)
    if s.position is not None and (
        s.position.variant != s.variant or len(s.position.layouts) != s.seats
    ):
        msg = "the position's variant and seats must be the table's"
        raise nl.NertsError(msg)
    low, high = s.bot_delay
    if not 0 <= low <= high:
        msg = f"bot_delay must be (low, high) with 0 <= low <= high, got {s.bot_delay!r}"
        raise nl.NertsError(msg)
    make_bot(s.bot, 0)


@attrs.frozen
class TableSettings:
    """How the server's one table is set up (build it with :meth:`build`).

    >>> import nertslib as nl
    >>> from nertslib.server.host import TableSettings
    >>> settings = TableSettings(nl.variants.get("standard"), seats=4, bots=2, seed=9)
    >>> settings.human_seats, settings.bot_delay
    (range(0, 2), (0.6, 1.5))

    Attributes:
        variant: The rules.
        seats: Seats at the table.
        bots: How many of them bots play: the last ``bots`` seats.
        bot: The bots' name (``"greedy"``, ``"random"``).
        seed: The first hand's seed (hand ``k`` is dealt from ``seed + k - 1``); ``None``
            draws each hand's seed from :mod:`secrets`.
        position: The first hand's position (a puzzle, a saved game), instead of a deal.
        bot_delay: A bot waits between ``low`` and ``high`` seconds before each move: its
            :class:`~nertslib.Pace` reaction time for that kind of move, kept within them (a human
            pace; near zero in tests).
        next_hand_delay: A table of bots only deals the next hand after this many seconds.

    .. versionadded:: 0.1.0
    """

    variant: nl.Variant
    seats: int
    bots: int = 1
    bot: str = "greedy"
    seed: int | None = None
    position: nl.GameState | None = None
    bot_delay: tuple[float, float] = (0.6, 1.5)
    next_hand_delay: float = 5.0

    def __attrs_post_init__(self) -> None:
        _check_settings(self)

    @classmethod
    def build(
        cls,
        *,
        variant: str | nl.Variant = "standard",
        seats: int = 2,
        bots: int = 1,
        bot: str = "greedy",
        seed: int | None = None,
        position: str | nl.GameState | None = None,
        bot_delay: tuple[float, float] = (0.6, 1.5),
    ) -> TableSettings:
        """Settings from the command line's values: a variant spec, an NFEN position.

        A position brings its own variant and seats (``variant`` and ``seats`` are then
        ignored).

        Raises:
            ValueError: naming the bad value (an unknown variant, bad NFEN, too many bots …).

        >>> from nertslib.server.host import TableSettings
        >>> TableSettings.build(variant="nna", seats=3, bots=2).variant.caller_bonus
        10
        >>> TableSettings.build(seats=2, bots=3)
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: bots must be 0..2 (the seats), got 3
        """
        rules = variant if isinstance(variant, nl.Variant) else nl.Variant.from_spec(variant)
        start = nl.GameState.from_nfen(position) if isinstance(position, str) else position
        if start is not None:
            rules, seats = start.variant, len(start.layouts)
        return cls(rules, seats, bots, bot, seed, start, bot_delay)

    @property
    def human_seats(self) -> range:
        """The seats people play (the first ``seats - bots``)."""
        return range(self.seats - self.bots)


class Connection:
    """One WebSocket as the host sees it: its seat and token, and its outgoing queue.

    ``outbox`` holds messages (dicts), :data:`UPDATE` ("build my update now") and finally
    ``None`` ("close the connection"; ``closing`` is then true).

    >>> from nertslib.server.host import UPDATE, Connection
    >>> conn = Connection()
    >>> for _ in range(2):
    ...     conn.mark_dirty()
    >>> conn.outbox.qsize(), conn.outbox.get_nowait() == UPDATE
    (1, True)
    """

    __slots__ = ("closing", "dirty", "hand", "joined", "next_seq", "outbox", "seat", "token")

    def __init__(self) -> None:
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self.joined = False
        self.seat: int | None = None
        self.token: str | None = None
        self.dirty = False
        self.closing = False  # set when it is to be closed: it is sent nothing more
        self.hand = 0
        self.next_seq = 0

    def push(self, message: dict[str, Any] | None) -> None:
        """Queue a message (``None``: close after what is queued).

        A connection that lets more than :data:`MAX_OUTBOX` messages pile up is closed.
        """
        if self.closing:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.closing, self.joined = True, False
            message = None
        self.outbox.put_nowait(message)

    def mark_dirty(self) -> None:
        """Queue one update, unless one is queued already."""
        if not self.dirty and not self.closing:
            self.dirty = True
            self.outbox.put_nowait(UPDATE)


class GameHost:
    """The table, the match, the seats and their connections, and the bot players.

    Call :meth:`start` on the event loop before use (it starts the bots) and :meth:`stop` at
    the end. Each connection's answers and updates wait in its ``outbox``:

    >>> import json
    >>> from nertslib.server.host import GameHost, TableSettings
    >>> host = GameHost(TableSettings.build(seats=2, bots=0, seed=4))
    >>> conn = host.connect()
    >>> host.receive(conn, '{"type": "join", "seat": 0}')
    >>> token = conn.outbox.get_nowait()["token"]
    >>> host.receive(conn, json.dumps({"type": "move", "move": "0:turn", "token": token}))
    >>> [conn.outbox.get_nowait() for _ in range(2)][1]["accepted"]
    True
    >>> host.update_for(conn)["view"]["seats"][0]["waste_size"]
    3

    .. versionadded:: 0.1.0
    """

    def __init__(
        self,
        settings: TableSettings,
        *,
        draw_seed: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self._draw_seed = draw_seed or (lambda: secrets.randbits(32))
        self._clock = clock  # the tables' clock (the call's grace is measured by it)
        self._connections: set[Connection] = set()
        self._holders: list[Connection | None] = [None] * settings.seats
        self._tokens: list[str | None] = [None] * settings.seats
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: list[asyncio.Event] = []
        self._tasks: list[asyncio.Task[None]] = []
        self.match = nl.Match(settings.variant, settings.seats)
        self.hand = 0
        self._bots: dict[int, nl.Bot] = {}
        self._unsubscribe: Callable[[], None] = lambda: None
        self.table = self._new_table()

    # --- hands ----------------------------------------------------------------------------------

    def _hand_seed(self) -> int:
        seed = self.settings.seed
        return self._draw_seed() if seed is None else seed + self.hand - 1

    def _new_table(self) -> Table:
        """Deal (or set up) the next hand and subscribe to its table."""
        self.hand += 1
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

    def next_hand(self) -> None:
        """Deal the next hand (a new match when this one is over) and tell everyone."""
        if self.table.is_over:
            self._record(self.table)  # (next hand asked for within the call's grace)
        if self.match.is_over:
            self.match = nl.Match(self.settings.variant, self.settings.seats)
        self.table = self._new_table()
        self._changed()
        self._settle()

    def _settle(self) -> None:
        """After a change: resolve an everyone-stuck position; record a finished hand."""
        table = self.table
        for _ in range(_MAX_RESOLUTIONS):
            if table.is_over or not table.resolve_stalemate():
                break
        if table.is_over and not self._recording:
            self._recording = True
            if table.state.status is nl.EndReason.NERTS and self._loop is not None:
                # cards in the air may still land and change the scores
                self._loop.call_later(_RECORD_AFTER, self._record, table)
            else:
                self._record(table)

    def _record(self, table: Table) -> None:
        """Add the finished hand of ``table`` to the match (once)."""
        if self._recorded or self.table is not table:
            return
        result = nl.outcome(table.state)
        assert result is not None
        self.match = self.match.record(result)
        self._recorded = True
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

    # --- change notification ----------------------------------------------------------------------

    def _on_event(self, event: Event) -> None:
        self._log.append(event)
        # Table.subscribe may call this from any thread; asyncio objects belong to the loop.
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._changed)

    def _changed(self) -> None:
        for conn in self._connections:
            if conn.joined:
                conn.mark_dirty()
        for wake in self._wake:
            wake.set()

    def seat_infos(self) -> list[SeatInfo]:
        """Who plays each seat, and whether they are connected (bots always are)."""
        return [
            SeatInfo(seat, "bot", True)
            if seat in self._bots
            else SeatInfo(seat, "human", self._holders[seat] is not None)
            for seat in range(self.settings.seats)
        ]

    def update_for(self, conn: Connection) -> dict[str, Any] | None:
        """The ``update`` message for ``conn`` now (``None`` if it has not joined)."""
        if not conn.joined:
            return None
        events = self._log
        if conn.hand != self.hand:
            conn.hand, conn.next_seq = self.hand, max(0, len(events) - _BACKLOG)
        new, conn.next_seq = events[conn.next_seq :], len(events)
        return update_message(
            self.table.state,
            conn.seat,
            new,
            hand=self.hand,
            match=self.match,
            seats=self.seat_infos(),
        )

    # --- bots -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bots, on the running event loop."""
        self._loop = asyncio.get_running_loop()
        for seat in range(self.settings.seats - self.settings.bots, self.settings.seats):
            wake = asyncio.Event()
            self._wake.append(wake)
            self._tasks.append(asyncio.create_task(self._bot_loop(seat, wake)))
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
            conn.push(None)
            conn.closing = True

    async def _bot_loop(self, seat: int, wake: asyncio.Event) -> None:
        low, high = self.settings.bot_delay
        pace = nl.Pace(seed=seat)  # the pace only, not the play: no secret seed needed
        while True:
            wake.clear()
            state = self.table.state
            move = self._bot_move(seat, state)
            if move is None:
                await wake.wait()  # stuck, or the hand is over: wait until something changes
                continue
            # a human-like reaction time for this kind of move, within the table's bounds
            await asyncio.sleep(min(high, max(low, pace.delay(move))))
            if self.table.state is not state:  # the table moved on: look again before playing
                move = self._bot_move(seat, self.table.state)
                if move is None:
                    continue
            self._submit(move)

    def _bot_move(self, seat: int, state: nl.GameState) -> nl.Move | None:
        """What the bot of ``seat`` plays now, from its seat's view (``None``: it waits)."""
        if state.is_over:
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
        return conn

    def disconnect(self, conn: Connection) -> None:
        """Forget ``conn``; its seat becomes free."""
        self._connections.discard(conn)
        if conn.seat is not None and self._holders[conn.seat] is conn:
            self._holders[conn.seat] = None
            self._changed()
        conn.joined = False

    def receive(self, conn: Connection, raw: str | bytes | None) -> None:
        """Handle one raw client message; answers go to ``conn``'s outbox, never an exception."""
        try:
            self._dispatch(conn, parse_client_message(raw))
        except ProtocolError as exc:
            conn.push(error_message(exc.code, exc.message))

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
            move = message.move
            if move.seat != conn.seat:
                why = (
                    f"this connection plays seat {conn.seat}; {move} is a move of seat {move.seat}"
                )
                raise ProtocolError("not_your_seat", why)
            conn.push(result_message(move, self._submit(move)))
            return
        assert isinstance(message, NextHandRequest)
        if not self.table.is_over:
            raise ProtocolError("hand_not_over", "the hand is still being played")
        self.next_hand()

    def _join(self, conn: Connection, request: JoinRequest) -> None:
        if conn.joined:
            raise ProtocolError("already_joined", "this connection has joined already")
        seat = request.seat
        if seat is not None:
            self._take_seat(conn, seat, request.token)
        conn.joined, conn.seat = True, seat
        conn.push(welcome_message(seat, conn.token, self.seat_infos()))
        self._changed()

    def _take_seat(self, conn: Connection, seat: int, token: str | None) -> None:
        n = self.settings.seats
        if seat >= n:
            raise ProtocolError("no_such_seat", f"seats are 0..{n - 1}, got {seat}")
        if seat in self._bots:
            raise ProtocolError("bot_seat", f"seat {seat} is played by a bot")
        own = token is not None and token == self._tokens[seat]
        holder = self._holders[seat]
        if holder is not None and not own:
            why = f"seat {seat} is taken: someone is playing it (another tab?)"
            raise ProtocolError("seat_taken", why)
        if holder is not None:  # the seat's own token: this tab takes over from the old one
            holder.push(error_message("replaced", "this seat was taken over by another tab"))
            holder.push(None)
            holder.closing, holder.joined = True, False
        if not own:
            self._tokens[seat] = secrets.token_urlsafe(18)
        self._holders[seat] = conn
        conn.token = self._tokens[seat]
