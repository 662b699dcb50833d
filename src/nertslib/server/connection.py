"""One WebSocket as a table sees it: its seat, token and name, its outbox and its send rate.

>>> from nertslib.server.connection import UPDATE, Connection
>>> conn = Connection()
>>> for _ in range(2):
...     conn.mark_dirty()
>>> conn.outbox.qsize(), conn.outbox.get_nowait() == UPDATE
(1, True)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

__all__ = ["BURST", "MAX_OUTBOX", "RATE", "UPDATE", "Connection"]

#: A queued marker: "build this connection's update now" (many changes make one update).
UPDATE: Final = "update"
#: A connection whose outbox holds more than this many messages does not read what it is
#: sent (updates coalesce, so only answers pile up): it is closed instead of growing forever.
MAX_OUTBOX: Final = 256
#: Messages a second a connection may send in the long run (faster than any person plays) …
RATE: Final = 12.0
#: … and how many it may send at once before ``rate_limited`` errors answer the rest.
BURST: Final = 30.0


class Connection:
    """One WebSocket: its seat and token, its outgoing queue, and a token bucket for its rate.

    ``outbox`` holds messages (dicts), :data:`UPDATE` ("build my update now") and finally
    ``None`` ("close the connection"; ``closing`` is then true and ``close_reason`` says why).

    .. versionadded:: 0.1.0
    """

    __slots__ = (
        "_allowance",
        "_last",
        "close_reason",
        "closing",
        "dirty",
        "hand",
        "joined",
        "next_seq",
        "outbox",
        "seat",
        "token",
    )

    def __init__(self) -> None:
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self.joined = False
        self.seat: int | None = None
        self.token: str | None = None
        self.dirty = False
        self.closing = False  # set when it is to be closed: it is sent nothing more
        self.close_reason = (1000, "bye")
        self.hand = 0
        self.next_seq = 0
        self._allowance = BURST
        self._last: float | None = None

    def push(self, message: dict[str, Any] | None) -> None:
        """Queue a message (``None``: close after what is queued).

        A connection that lets more than :data:`MAX_OUTBOX` messages pile up is closed.
        """
        if self.closing:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.close(1008, "not reading: too many messages waiting")
            return
        self.outbox.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        """Close after what is queued, with a close frame carrying ``code`` and ``reason``."""
        if self.closing:
            return
        self.close_reason = (code, reason)
        self.closing, self.joined = True, False
        self.outbox.put_nowait(None)

    def mark_dirty(self) -> None:
        """Queue one update, unless one is queued already."""
        if not self.dirty and not self.closing:
            self.dirty = True
            self.outbox.put_nowait(UPDATE)

    def allow(self, now: float) -> bool:
        """Whether a message arriving at ``now`` is within the rate (a token bucket).

        >>> from nertslib.server.connection import BURST, Connection
        >>> conn = Connection()
        >>> sum(conn.allow(0.0) for _ in range(100)) == BURST, conn.allow(1.0)
        (True, True)
        """
        if self._last is not None:
            self._allowance = min(BURST, self._allowance + (now - self._last) * RATE)
        self._last = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True
