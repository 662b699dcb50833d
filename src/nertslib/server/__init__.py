"""Play Nerts in the browser: the ``server`` extra (``pip install nertslib[server]``).

One table, served to people on one network: ``run()`` (or ``nerts serve``, or
``python -m nertslib.server``) starts it, people open ``http://HOST:PORT/?seat=I`` to play
seat ``I`` and ``http://HOST:PORT/?watch`` to watch; bots take the last seats. The page is
plain HTML, CSS and JavaScript served by the app itself (no build step, no CDN), and talks to
the server over one WebSocket in the protocol of :mod:`nertslib.server.protocol`
(docs/protocol.md), which any other UI may speak too.

>>> from nertslib.server import TableSettings, create_app
>>> app = create_app(TableSettings.build(seats=3, bots=2, seed=7))
>>> app.state.host.settings.human_seats
range(0, 1)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import uvicorn

from nertslib.server.app import create_app
from nertslib.server.host import GameHost, TableSettings

__all__ = ["GameHost", "TableSettings", "create_app", "run"]

#: uvicorn's own limit on one WebSocket message (bytes): a longer one closes the connection.
#: Below it, the app answers anything over nertslib.server.protocol.MAX_MESSAGE characters
#: with a "too_large" error message.
_WS_MAX_SIZE = 1024 * 1024


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
) -> None:
    """Serve one table on ``host:port`` until interrupted (Ctrl-C).

    Args:
        host: The address to listen on (``"0.0.0.0"`` to let others on the network in).
        port: The TCP port.
        variant: A variant spec (``"standard"``, ``"nna"``, ``"standard,stock_turn=1"``).
        seats: Seats at the table.
        bots: How many seats bots play (the last ones).
        bot: The bots' name (``"greedy"``, ``"random"``).
        seed: The first hand's seed; without one each hand's seed is drawn from
            :mod:`secrets`.
        position: An NFEN position to start from (it brings its variant and seats).
        bot_delay: A bot waits this many seconds (low, high) before each move.

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
    )
    app = create_app(settings)
    uvicorn.run(app, host=host, port=port, ws_max_size=_WS_MAX_SIZE, log_level="info")
