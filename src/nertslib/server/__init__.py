"""Play Nerts in the browser: the ``server`` extra (``pip install nertslib[server]``).

A lobby of tables served to people on one network: :func:`run` (or ``nerts serve``, or
``python -m nertslib.server``) starts it with one table; people open ``http://HOST:PORT/``
for the lobby, ``/?seat=I`` to play seat ``I`` of the first table and ``/?watch`` to watch;
bots take the last seats, and ``/history`` lists the matches played. The page is plain HTML,
CSS and JavaScript served by the app itself (no build step, no CDN), and talks to the server
over one WebSocket in the protocol of :mod:`nertslib.server.protocol` (docs/protocol.md),
which any other UI may speak too.

>>> from nertslib.server import TableSettings, create_app
>>> app = create_app(TableSettings.build(seats=3, bots=2, seed=7))
>>> app.state.host.settings.human_seats
range(0, 1)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from nertslib.server.app import create_app
from nertslib.server.host import GameHost
from nertslib.server.runner import run, serve
from nertslib.server.settings import ServerConfig, TableSettings

__all__ = ["GameHost", "ServerConfig", "TableSettings", "create_app", "run", "serve"]
