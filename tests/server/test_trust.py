"""What the server trusts, and hostile clients: Host and Origin, timeouts, the connection cap,
bursts of messages, and close frames that say why."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import pytest

from tests.server.support import Servers, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from nertslib.server import ServerConfig, TableSettings, create_app  # noqa: E402
from nertslib.server.connection import BURST  # noqa: E402
from nertslib.server.security import Trust  # noqa: E402

SLEEPY = (600.0, 600.0)


def client(**config: Any) -> TestClient:
    table = config.pop("table", TableSettings.build(seats=2, bots=1, seed=11, bot_delay=SLEEPY))
    config.setdefault("allow_hosts", ("testserver",))
    return TestClient(create_app(config=ServerConfig(table, db=None, **config)))


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("192.168.1.20:8000", True),
        ("evil.example:8000", False),
        ("nerts.example", False),
        (None, False),
    ],
)
def test_hosts_served_by_default(host: str | None, ok: bool) -> None:
    assert Trust().host_ok(host) is ok
    assert Trust(hosts=("*",)).host_ok(host)


def test_allowed_hosts() -> None:
    trust = Trust(hosts=("nerts.example",))
    assert trust.host_ok("nerts.example:443")
    assert trust.host_ok("NERTS.example")
    assert not trust.host_ok("other.example")


def test_a_foreign_host_is_refused() -> None:
    with client(allow_hosts=()) as c:
        answer = c.get("/")
        assert answer.status_code == 421
        assert answer.text == "this host name is not served here"
        assert c.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200


def close_of(c: TestClient, headers: dict[str, str] | None = None, path: str = "/ws") -> Any:
    """The close frame a WebSocket gets before anything else (its code and reason)."""
    with (
        c.websocket_connect(path, headers=headers or {}) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    return closed.value


def test_a_websocket_from_a_foreign_origin_is_closed_with_a_reason() -> None:
    with client() as c:
        closed = close_of(c, {"origin": "http://evil.example"})
        assert (closed.code, closed.reason) == (4003, "requests from that origin are refused")
        # the page's own origin, and a script that sends none, are let in
        for headers in ({"origin": "http://testserver"}, {}):
            with c.websocket_connect("/ws", headers=headers) as ws:
                ws.send_json({"type": "join", "watch": True})
                assert ws.receive_json()["type"] == "welcome"
        answer = c.post("/api/tables", json={}, headers={"origin": "http://evil.example"})
        assert answer.status_code == 403
    with (
        client(allow_origins=("http://evil.example",)) as c,
        c.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.send_json({"type": "join", "watch": True})
        assert ws.receive_json()["type"] == "welcome"


def test_a_connection_that_never_joins_is_closed_after_the_timeout() -> None:
    with client(join_timeout=0.2) as c:
        closed = close_of(c)
        assert (closed.code, closed.reason) == (4008, "no join within 0.2 s")
        # messages that are no join do not buy more time
        with c.websocket_connect("/ws") as ws:
            errors: list[dict[str, Any]] = []
            with pytest.raises(WebSocketDisconnect) as chatty:
                chat(ws, errors)
        assert (chatty.value.code, chatty.value.reason) == (4008, "no join within 0.2 s")
        assert errors
        assert {e["error"] for e in errors} == {"not_joined"}


def chat(ws: Any, errors: list[dict[str, Any]]) -> None:
    """Send something other than a join, again and again, reading the answers (until closed)."""
    for _ in range(1000):
        ws.send_json({"type": "ready", "token": "x"})
        errors.append(ws.receive_json())
        time.sleep(0.02)


def test_connections_are_capped() -> None:
    with client(max_connections=1) as c, c.websocket_connect("/ws") as first:
        first.send_json({"type": "join", "watch": True})
        assert first.receive_json()["type"] == "welcome"
        closed = close_of(c)
        assert (closed.code, closed.reason) == (1013, "too many connections: try again later")


def test_an_unknown_table_is_closed_with_a_reason() -> None:
    with client() as c:
        closed = close_of(c, path="/ws?table=99")
        assert (closed.code, closed.reason) == (4004, "no such table")


def read_all(ws: Any, into: list[dict[str, Any]]) -> None:
    """Read messages into ``into`` until the socket closes (which raises)."""
    while True:
        into.append(ws.receive_json())


def test_a_replaced_tab_gets_a_close_frame() -> None:
    with client() as c, c.websocket_connect("/ws") as first:
        first.send_json({"type": "join", "seat": 0})
        token = first.receive_json()["token"]
        with c.websocket_connect("/ws") as second:
            second.send_json({"type": "join", "seat": 0, "token": token})
            messages: list[dict[str, Any]] = []
            with pytest.raises(WebSocketDisconnect) as closed:
                read_all(first, messages)
            assert (closed.value.code, closed.value.reason) == (4001, "replaced by another tab")
            assert messages[-1]["error"] == "replaced"


def test_a_burst_is_answered_message_by_message_and_the_connection_stays() -> None:
    burst = 400
    with client() as c, c.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "seat": 0})
        token = ws.receive_json()["token"]
        ws.send_json({"type": "ready", "token": token})
        for _ in range(burst):
            ws.send_text(json.dumps({"type": "move", "move": "0:turn", "token": token}))
        answers: list[dict[str, Any]] = []
        while len(answers) < burst:
            message = ws.receive_json()
            if message["type"] in ("result", "error"):
                answers.append(message)
        limited = [a for a in answers if a.get("error") == "rate_limited"]
        assert len(limited) >= burst - 2 * BURST  # the rate held ...
        # ... after a burst a person could send (the join and the Ready took two of it)
        assert len(answers) - len(limited) + 2 >= BURST
        # the connection is still open and serves the next message
        ws.send_json({"type": "join", "seat": 0})
        message = ws.receive_json()
        while message["type"] == "update":
            message = ws.receive_json()
        assert message["error"] in ("already_joined", "rate_limited")


def test_a_half_sent_request_is_closed_after_the_timeout(serve: Servers) -> None:
    url = serve("--request-timeout", "0.3", "--no-db")
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        assert s.recv(1024) == b""  # closed by the server (a stuck one would time out here)
    # the same after a whole request on a kept-alive connection
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while not answer.endswith(b"]"):
            answer += s.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET / HTTP/1.1\r\nHost: 1")
        assert s.recv(1024) == b""


def test_the_server_prints_the_links_and_logs_what_happens(serve: Servers) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415 - the server extra

    url = serve("--seats", "2", "--bots", "1", "--seed", "3")
    ws_url = url.replace("http", "ws") + "/ws"
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "join", "seat": 0, "name": "Ann"}))
        assert json.loads(ws.recv())["type"] == "welcome"
    log = serve.log(url)
    assert f"  {url}/\n" in log
    assert f"  {url}/?seat=0\n" in log
    assert f"  {url}/?watch\n" in log
    assert "table 1: Ann took seat 0" in log
    quiet = serve("--quiet", "--no-db")
    with connect(quiet.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "join", "seat": 0, "name": "Ann"}))
        assert json.loads(ws.recv())["type"] == "welcome"
    assert "took seat" not in serve.log(quiet)


def test_a_form_sent_too_slowly_is_refused(serve: Servers) -> None:
    url = serve("--request-timeout", "0.3", "--no-db")
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )  # and never the rest of the body
        answer = b""
        while b"}" not in answer:
            chunk = s.recv(4096)
            assert chunk, "closed without an answer"
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400")
    assert b"the form did not arrive within 0.3 s" in answer
