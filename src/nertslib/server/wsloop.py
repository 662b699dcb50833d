"""One game WebSocket from accept to close: the join timeout, the rate, the close frame.

Each WebSocket runs two tasks: the receiver hands client messages to the table
(:meth:`GameHost.receive <nertslib.server.host.GameHost.receive>`) and the sender writes what
the connection's outbox holds, building updates when their turn comes. Every close sends a
close frame with a reason.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Final

from starlette.websockets import WebSocket, WebSocketDisconnect

from nertslib.server.connection import MAX_OUTBOX, UPDATE, Connection
from nertslib.server.host import GameHost
from nertslib.server.protocol import error_message

__all__ = ["DRAIN_WAIT", "serve_socket"]

#: Seconds a connection whose outbox is half full is given to read before it is closed
#: (meanwhile its messages are not read: the backlog stays bounded and nothing is dropped).
DRAIN_WAIT: Final = 10.0


async def _send_loop(websocket: WebSocket, host: GameHost, conn: Connection) -> None:
    """Send what ``conn``'s outbox holds, building each update when its turn comes."""
    while True:
        item = await conn.outbox.get()
        if item is None:
            code, reason = conn.close_reason
            await websocket.close(code=code, reason=reason)
            return
        if item == UPDATE:
            conn.dirty = False
            text = host.update_text(conn)
            if text is not None:
                await websocket.send_text(text)
            continue
        assert isinstance(item, dict)
        await websocket.send_text(json.dumps(item))


async def _drained(conn: Connection) -> bool:
    """Wait until ``conn``'s outbox is below half full; false if it stays full too long."""
    deadline = time.monotonic() + DRAIN_WAIT
    while conn.outbox.qsize() > MAX_OUTBOX // 2:
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def _next_message(websocket: WebSocket, conn: Connection, deadline: float) -> object:
    """The next raw message (its text or bytes), or ``None`` when the client went away.

    Until the connection has joined, it must do so by ``deadline`` (a clock reading): other
    messages meanwhile are answered but do not buy it more time.
    """
    if conn.joined:
        message = await websocket.receive()
    else:
        try:
            message = await asyncio.wait_for(websocket.receive(), deadline - time.monotonic())
        except TimeoutError:
            return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else message.get("bytes")


async def _receive_loop(
    websocket: WebSocket, host: GameHost, conn: Connection, join_timeout: float
) -> None:
    deadline = time.monotonic() + join_timeout
    while not conn.closing:
        raw = await _next_message(websocket, conn, deadline)
        if raw is None:
            if not conn.joined and time.monotonic() >= deadline:
                conn.close(4008, f"no join within {join_timeout:g} s")
            return
        if not conn.allow(time.monotonic()):
            conn.push(error_message("rate_limited", "too many messages: slow down"))
        else:
            host.receive(conn, raw if isinstance(raw, str | bytes) else None)
        if not await _drained(conn):
            conn.close(1008, "not reading: too many messages waiting")


async def serve_socket(
    websocket: WebSocket, host: GameHost | None, *, join_timeout: float, full: bool
) -> None:
    """Serve one game WebSocket at ``host`` (``None``: no such table; ``full``: too many)."""
    await websocket.accept()
    if host is None or full:
        reason = "no such table" if host is None else "too many connections: try again later"
        await websocket.close(code=4004 if host is None else 1013, reason=reason)
        return
    conn = host.connect()
    sender = asyncio.create_task(_send_loop(websocket, host, conn))
    try:
        await _receive_loop(websocket, host, conn, join_timeout)
    except (WebSocketDisconnect, RuntimeError):  # closed under us (a replaced tab)
        pass
    finally:
        host.disconnect(conn)
        if conn.closing and not sender.done():
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(sender), 2.0)  # the close frame
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
