"""The ASGI app: the page, the lobby's and the history's JSON, and the game's WebSocket.

>>> from starlette.testclient import TestClient
>>> from nertslib.server import ServerConfig, TableSettings, create_app
>>> table = TableSettings.build(seats=2, bots=0, seed=1)
>>> app = create_app(config=ServerConfig(table, allow_hosts=("testserver",), db=None))
>>> with TestClient(app) as client:
...     page = client.get("/?seat=0")
...     tables = client.get("/api/tables").json()
...     with client.websocket_connect("/ws") as ws:
...         ws.send_json({"type": "join", "watch": True})
...         welcome, update = ws.receive_json(), ws.receive_json()
>>> page.status_code, tables[0]["status"], welcome["type"], update["moves"]
(200, 'waiting', 'welcome', [])

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

import nertslib as nl
from nertslib.server.history import History, HistoryRecorder
from nertslib.server.lobby import Lobby
from nertslib.server.security import Trust, TrustMiddleware
from nertslib.server.settings import ServerConfig, TableSettings
from nertslib.server.wsloop import serve_socket

__all__ = ["STATIC", "create_app"]

#: The page's files: index.html, app.js, style.css (plain files, no build step, no CDN).
STATIC: Final = Path(__file__).resolve().parent / "static"

_NO_CACHE: Final = {"Cache-Control": "no-cache"}
#: The longest lobby form read (bytes).
_MAX_FORM: Final = 4096


async def _read_form(request: Request, timeout: float) -> bytes:
    """The request's body, at most :data:`_MAX_FORM` bytes, arriving within ``timeout`` s."""
    body = b""

    async def read() -> None:
        nonlocal body
        async for chunk in request.stream():
            body += chunk
            if len(body) > _MAX_FORM:
                raise nl.NertsError("the form is too large")

    try:
        await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise nl.NertsError(f"the form did not arrive within {timeout:g} s") from None
    return body


async def _create_table(request: Request, lobby: Lobby, timeout: float) -> Response:
    try:
        form = json.loads(await _read_form(request, timeout))
        if type(form) is not dict:
            raise nl.NertsError("the form is a JSON object")
        host = await lobby.create(form)
    except (ValueError, RecursionError) as exc:
        return JSONResponse({"error": str(exc)[:300]}, status_code=400)
    return JSONResponse({"id": host.table_id}, status_code=201)


def _steps(replay: dict[str, Any] | None) -> dict[str, Any]:
    """Every step of a replay (JSON data) as a spectator's view, with the scores then."""
    states: list[nl.GameState] = []
    if replay is not None:
        record = nl.from_data(replay)
        assert isinstance(record, nl.Replay)
        states = list(record.states())
    return {
        "views": [nl.to_data(nl.view(state, None)) for state in states],
        "live": [list(nl.hand_scores(state)) for state in states],
    }


async def _hand_data(history: History | None, hand_id: str) -> dict[str, Any] | None:
    """A finished hand with every step's spectator view and scores, for the replay viewer."""
    if history is None or not hand_id.isdigit():
        return None
    hand = history.hand(int(hand_id))  # (the file is read on the loop's thread only)
    if hand is None:
        return None
    # replaying a hand takes a moment: in a worker thread, so that no table waits for it
    steps = await asyncio.to_thread(_steps, hand.pop("replay"))
    return {**hand, **steps}


def _routes(lobby: Lobby, history: History | None, config: ServerConfig) -> list[Any]:
    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_NO_CACHE)

    async def tables(request: Request) -> Response:
        if request.method == "POST":
            return await _create_table(request, lobby, config.request_timeout)
        return JSONResponse(lobby.listing(), headers=_NO_CACHE)

    async def matches(_request: Request) -> Response:
        return JSONResponse(history.matches() if history else [], headers=_NO_CACHE)

    async def hand(request: Request) -> Response:
        data = await _hand_data(history, str(request.path_params["hand"]))
        if data is None:
            return JSONResponse({"error": "no such hand"}, status_code=404)
        return JSONResponse(data)

    async def play(websocket: WebSocket) -> None:
        table = websocket.query_params.get("table", "1")
        count = sum(h.connections for h in lobby.tables.values())
        full = count >= config.max_connections
        host = lobby.tables.get(table)
        await serve_socket(websocket, host, join_timeout=config.join_timeout, full=full)

    return [
        Route("/", page),
        Route("/history", page),
        Route("/replay", page),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/history", matches),
        Route("/api/hands/{hand}", hand),
        WebSocketRoute("/ws", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def create_app(
    settings: TableSettings | None = None, *, config: ServerConfig | None = None
) -> Starlette:
    """The ASGI app serving a lobby whose first table has ``settings`` (or ``config.table``).

    ``GET /`` is the page (the lobby; ``?seat=I`` plays seat ``I`` of the first table,
    ``?table=T&seat=I`` of table ``T``, ``?watch`` watches; ``/history`` lists past matches
    and ``/replay?hand=H`` replays a hand), ``/api/…`` their JSON, ``/static/…`` the page's
    files and ``/ws?table=T`` the game's WebSocket (docs/protocol.md). The bots start with
    the app's lifespan. ``app.state.lobby`` is the :class:`~nertslib.server.lobby.Lobby`
    and ``app.state.host`` its first table.

    >>> from nertslib.server import TableSettings, create_app
    >>> app = create_app(TableSettings.build(seats=3, bots=1))
    >>> [route.path for route in app.routes][:3]
    ['/', '/history', '/replay']
    """
    if config is None:
        config = ServerConfig(settings or TableSettings.build(), db=None)
    history = History(config.db) if config.db is not None else None
    lobby = Lobby(config.table, on_hand=HistoryRecorder(history) if history else None)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await lobby.start()
        try:
            yield
        finally:
            await lobby.stop()
            if history is not None:
                history.close()

    app = Starlette(routes=_routes(lobby, history, config), lifespan=lifespan)
    app.add_middleware(
        TrustMiddleware, trust=Trust(hosts=config.allow_hosts, origins=config.allow_origins)
    )
    app.state.lobby = lobby
    app.state.host = lobby.first
    app.state.history = history
    return app
