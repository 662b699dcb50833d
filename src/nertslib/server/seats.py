"""Who sits where at one table: holders, tokens, names, Ready, and seats that are away.

Pure bookkeeping, no networking and no game: :class:`~nertslib.server.host.GameHost` asks it
who holds a seat, and tells it of joins, Ready presses and drops.

>>> from nertslib.server.seats import SeatBook
>>> book = SeatBook(seats=3, bots=1)
>>> token = book.take(0, holder="tab", token=None, name="Ann")
>>> book.press_ready(0)
>>> book.all_ready(), book.names()
(False, ['Ann', 'Seat 1', 'Bot 2'])

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import secrets
from typing import Final, Generic, TypeVar

__all__ = ["MAX_NAME", "SeatBook", "clean_name"]

#: The longest display name kept (longer ones are cut).
MAX_NAME: Final = 24

H = TypeVar("H")


def clean_name(name: object, fallback: str) -> str:
    r"""A display name: printable, single spaces, at most :data:`MAX_NAME` characters.

    >>> from nertslib.server.seats import clean_name
    >>> clean_name("  Ann\n  Lee ", "Seat 1"), clean_name("", "Seat 1"), clean_name(3, "x")
    ('Ann Lee', 'Seat 1', 'x')
    """
    if not isinstance(name, str):
        return fallback
    text = " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME]
    return text or fallback


class SeatBook(Generic[H]):
    """The human seats' holders (``H``: a connection), tokens, names, Ready and away times.

    The last ``bots`` seats are the bots'; the others are people's.
    """

    def __init__(self, seats: int, bots: int) -> None:
        self.seats = seats
        self.humans = range(seats - bots)
        self.holders: list[H | None] = [None] * seats
        self.tokens: list[str | None] = [None] * seats
        self._names: list[str | None] = [None] * seats
        self.ready: set[int] = set()
        #: seat -> the clock reading when its connection dropped (within the grace)
        self.away: dict[int, float] = {}
        #: seats whose grace ran out in this hand: play goes on without them
        self.gone: set[int] = set()

    def take(self, seat: int, holder: H, token: str | None, name: str | None) -> str:
        """Give ``seat`` to ``holder``; returns its token (kept when ``token`` is the seat's)."""
        if token is None or token != self.tokens[seat]:
            self.tokens[seat] = secrets.token_urlsafe(18)
            self._names[seat] = None
        if name is not None or self._names[seat] is None:
            self._names[seat] = clean_name(name, f"Seat {seat}")
        self.holders[seat] = holder
        self.away.pop(seat, None)
        self.gone.discard(seat)
        token_now = self.tokens[seat]
        assert token_now is not None
        return token_now

    def owns(self, seat: int, token: str | None) -> bool:
        """Whether ``token`` is ``seat``'s own token."""
        return token is not None and token == self.tokens[seat]

    def release(self, seat: int) -> None:
        """The holder of ``seat`` left: the seat is free and no longer ready."""
        self.holders[seat] = None
        self.ready.discard(seat)

    def press_ready(self, seat: int) -> None:
        """``seat`` pressed Ready."""
        self.ready.add(seat)

    def all_ready(self) -> bool:
        """Every human seat is held and ready (a table of bots alone is always ready)."""
        return all(self.holders[s] is not None and s in self.ready for s in self.humans)

    def names(self) -> list[str]:
        """Each seat's display name (``"Bot N"`` for bots, ``"Seat N"`` for an empty seat)."""
        return [
            (self._names[s] or f"Seat {s}") if s in self.humans else f"Bot {s}"
            for s in range(self.seats)
        ]
