"""The ASGI app: the page, its static files, and the game's WebSocket (``/ws``).

>>> from starlette.testclient import TestClient
>>> from nertslib.server import TableSettings, create_app
>>> app = create_app(TableSettings.build(seats=2, bots=0, seed=1))
>>> with TestClient(app) as client:
...     page = client.get("/?seat=0")
...     with client.websocket_connect("/ws") as ws:
...         ws.send_json({"type": "join", "watch": True})
...         welcome, update = ws.receive_json(), ws.receive_json()
>>> page.status_code, welcome["type"], update["type"], update["moves"]
(200, 'welcome', 'update', [])

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from nertslib.server.host import UPDATE, Connection, GameHost, TableSettings

__all__ = ["STATIC", "create_app"]

#: The page's files: index.html, app.js, style.css (plain files, no build step, no CDN).
STATIC: Final = Path(__file__).resolve().parent / "static"

_NO_CACHE: Final = {"Cache-Control": "no-cache"}


async def _send_loop(websocket: WebSocket, host: GameHost, conn: Connection) -> None:
    """Send what ``conn``'s outbox holds, building each update when its turn comes."""
    while True:
        item = await conn.outbox.get()
        if item is None:
            await websocket.close(code=1000)
            return
        if item == UPDATE:
            conn.dirty = False
            item = host.update_for(conn)
            if item is None:
                continue
        assert isinstance(item, dict)
        await websocket.send_text(json.dumps(item))


async def _play(websocket: WebSocket, host: GameHost) -> None:
    await websocket.accept()
    conn = host.connect()
    sender = asyncio.create_task(_send_loop(websocket, host, conn))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            host.receive(conn, text if text is not None else message.get("bytes"))
            if conn.closing:  # replaced, or it does not read what it is sent
                break
    except (WebSocketDisconnect, RuntimeError):  # closed under us (a replaced tab)
        pass
    finally:
        host.disconnect(conn)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


def create_app(settings: TableSettings | None = None) -> Starlette:
    """The ASGI app serving one table with ``settings`` (default: 2 seats, 1 greedy bot).

    ``GET /`` is the page (``?seat=I`` plays seat ``I``, ``?watch`` watches), ``/static/…``
    its files and ``/ws`` the game's WebSocket (docs/protocol.md). The bots start with the
    app's lifespan. ``app.state.host`` is the :class:`~nertslib.server.host.GameHost`.

    >>> from nertslib.server import TableSettings, create_app
    >>> app = create_app(TableSettings.build(seats=3, bots=1))
    >>> [route.path for route in app.routes]
    ['/', '/ws', '/static']
    """
    host = GameHost(settings or TableSettings.build())

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await host.start()
        try:
            yield
        finally:
            await host.stop()

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_NO_CACHE)

    async def play(websocket: WebSocket) -> None:
        await _play(websocket, host)

    app = Starlette(
        routes=[
            Route("/", index),
            WebSocketRoute("/ws", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.host = host
    return app
