"""Serving: :func:`serve` runs a :class:`~nertslib.server.settings.ServerConfig` under uvicorn.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import contextlib
import logging
import socket
import sys
from pathlib import Path

import uvicorn

from nertslib.server.app import create_app
from nertslib.server.security import TimedH11Protocol
from nertslib.server.settings import ServerConfig, TableSettings

__all__ = ["run", "serve"]

#: uvicorn's own limit on one WebSocket message (bytes): a longer one closes the connection.
#: Below it, the app answers anything over nertslib.server.protocol.MAX_MESSAGE characters
#: with a "too_large" error message.
_WS_MAX_SIZE = 1024 * 1024


def _log_to_stdout(quiet: bool) -> None:
    log = logging.getLogger("nertslib.server")
    log.setLevel(logging.WARNING if quiet else logging.INFO)
    if not log.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
        log.addHandler(handler)
        log.propagate = False


def _address() -> str:
    """This machine's address on its network (what others type), else loopback."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # a UDP "connect" sends nothing: it picks the route
        return str(s.getsockname()[0])
    return "127.0.0.1"


def serve(config: ServerConfig) -> int:
    """Serve ``config`` until interrupted (Ctrl-C); print the links to share first.

    Returns:
        The exit status (0).
    """
    app = create_app(config=config)
    _log_to_stdout(config.quiet)
    print("Nerts is served. Share these links:", flush=True)
    for link in config.links(_address()):
        print(f"  {link}", flush=True)
    protocol = type("Protocol", (TimedH11Protocol,), {"request_timeout": config.request_timeout})
    uvicorn.run(
        app,
        host=config.host,
        port=config.port,
        ws_max_size=_WS_MAX_SIZE,
        http=protocol,
        log_level="warning" if config.quiet else "info",
        access_log=False,
        limit_concurrency=config.max_connections + 50,
    )
    return 0


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    variant: str = "standard",
    seats: int = 2,
    bots: int = 1,
    bot: str = "greedy",
    seed: int | None = None,
    position: str | None = None,
    *,
    bot_delay: tuple[float, float] = (0.6, 1.5),
    code: str | None = None,
    grace: float = 60.0,
    db: str | Path | None = None,
    quiet: bool = False,
) -> None:
    """Serve a lobby whose first table has these settings, until interrupted (Ctrl-C).

    Args:
        host: The address to listen on (``"0.0.0.0"`` to let others on the network in).
        port: The TCP port.
        variant: A variant spec (``"standard"``, ``"nna"``, ``"standard,stock_turn=1"``).
        seats: Seats at the table.
        bots: How many seats bots play (the last ones).
        bot: The bots' spec for :func:`nertslib.bots.make_bot` (``"greedy"``,
            ``"random"``, ``"module:function"`` …).
        seed: The first hand's seed; without one each hand's seed is drawn from
            :mod:`secrets`.
        position: An NFEN position to start from (it brings its variant and seats).
        bot_delay: A bot waits this many seconds (low, high) before each move.
        code: The first table's join code (``None``: anyone may sit).
        grace: Seconds a hand waits for a player whose connection dropped.
        db: The history's SQLite file (``None``: keep no history).
        quiet: Log nothing of joins, hands and results.

    Raises:
        ValueError: for bad settings, before anything listens.

    >>> from nertslib.server import run
    >>> run(bots=5)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: bots must be 0..2 (the seats), got 5
    """
    settings = TableSettings.build(
        variant=variant,
        seats=seats,
        bots=bots,
        bot=bot,
        seed=seed,
        position=position,
        bot_delay=bot_delay,
        code=code,
        grace=grace,
    )
    path = Path(db) if db is not None else None
    serve(ServerConfig(settings, host=host, port=port, quiet=quiet, db=path))
