"""The lobby: the server's tables, created from the page, with join codes; the first table
keeps the links shared before the lobby (``/?seat=I``, ``/ws`` without a table)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.server.support import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

from nertslib.bots import BOT_NAMES  # noqa: E402
from nertslib.server import ServerConfig, TableSettings, create_app  # noqa: E402
from nertslib.server.lobby import IDLE_TABLE, MAX_TABLES, Lobby  # noqa: E402

SLEEPY = (600.0, 600.0)


def client(**table: Any) -> TestClient:
    settings = TableSettings.build(**{"seats": 2, "bots": 1, "bot_delay": SLEEPY, **table})
    return TestClient(
        create_app(config=ServerConfig(settings, allow_hosts=("testserver",), db=None))
    )


def join(c: TestClient, path: str, **request: Any) -> dict[str, Any]:
    with c.websocket_connect(path) as ws:
        ws.send_json({"type": "join", **request})
        answer: dict[str, Any] = ws.receive_json()
        return answer


def test_tables_are_listed_and_created() -> None:
    with client(code="owl") as c:
        (first,) = c.get("/api/tables").json()
        assert first["id"] == "1"
        assert first["code"] is True
        assert first["status"] == "waiting"
        assert [p["player"] for p in first["players"]] == ["human", "bot"]
        made = c.post(
            "/api/tables", json={"variant": "nna", "seats": 3, "bots": 2, "bot": "random"}
        )
        assert made.status_code == 201
        assert made.json() == {"id": "2"}
        listing = c.get("/api/tables").json()
        assert [(t["id"], t["variant"], t["seats"], t["bot"]) for t in listing] == [
            ("1", "standard", 2, "greedy"),
            ("2", "nna", 3, "random"),
        ]
        welcome = join(c, "/ws?table=2", seat=0, name="Ann")
        assert (welcome["table"], welcome["seat"]) == ("2", 0)
        assert welcome["seats"][0]["name"] == "Ann"


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({"seats": 2, "bots": 3}, "bots must be 0..2"),
        ({"variant": "chess"}, "unknown variant"),
        ({"bot": "os:system"}, "bot must be one of greedy, random, search"),
        ({"seats": 2, "owner": "me"}, "unknown field(s): owner"),
        ({"code": "x" * 65}, "a join code has 1 to 64 characters"),
        ([1, 2], "the form is a JSON object"),
    ],
)
def test_a_bad_form_is_refused_saying_why(form: Any, says: str) -> None:
    with client() as c:
        answer = c.post("/api/tables", json=form)
        assert answer.status_code == 400
        assert says in answer.json()["error"]
        assert len(c.get("/api/tables").json()) == 1


def test_the_pages_bot_list_is_the_registrys_built_in_bots() -> None:
    with client() as c:
        page = c.get("/").text
    listed = re.search(r'<select name="bot">(.*?)</select>', page)
    assert listed is not None
    assert tuple(re.findall(r"<option>(\w+)</option>", listed.group(1))) == BOT_NAMES


def test_a_table_may_seat_the_learned_bot() -> None:
    # The server extra brings NumPy, which the learned bot plays with.
    with client() as c:
        made = c.post("/api/tables", json={"seats": 2, "bots": 1, "bot": "learned"})
        assert made.status_code == 201
        table = c.get("/api/tables").json()[1]
        assert (table["bot"], [p["player"] for p in table["players"]]) == (
            "learned",
            ["human", "bot"],
        )


def test_a_bad_body_is_refused() -> None:
    with client() as c:
        for body in (b"{", b"[" * 3000 + b"]" * 3000, b"x" * 5000):
            assert c.post("/api/tables", content=body).status_code == 400


def test_the_number_of_tables_is_bounded() -> None:
    with client() as c:
        for _ in range(MAX_TABLES - 1):
            assert c.post("/api/tables", json={}).status_code == 201
        answer = c.post("/api/tables", json={})
        assert answer.status_code == 400
        assert f"at most {MAX_TABLES} tables" in answer.json()["error"]


def test_without_the_code_nobody_sits() -> None:
    with client(code="owl") as c:
        refused = join(c, "/ws", seat=0)
        assert refused["error"] == "bad_code"
        assert join(c, "/ws", seat=0, code="wrong")["error"] == "bad_code"
        assert join(c, "/ws", watch=True)["type"] == "welcome"  # watching needs no code
        assert join(c, "/ws", seat=0, code="owl")["type"] == "welcome"


def test_the_first_table_keeps_the_old_links() -> None:
    with client(seed=4) as c:
        assert c.get("/?seat=0").status_code == 200
        for path in ("/", "/history", "/replay?hand=1"):
            assert c.get(path).status_code == 200
        assert "NertsPage" in c.get("/static/lobby.js").text
        assert join(c, "/ws", seat=0)["table"] == "1"
        assert join(c, "/ws?table=1", seat=0)["table"] == "1"


def test_idle_created_tables_are_closed_and_their_ids_not_reused() -> None:
    now = [0.0]

    async def play() -> list[list[str]]:
        lobby = Lobby(TableSettings.build(seats=2, bots=1, bot_delay=SLEEPY), clock=lambda: now[0])
        await lobby.start()
        seen = []
        made = await lobby.create({"seats": 2, "bots": 2})
        watcher = made.connect()
        await lobby.create({})
        seen.append(sorted(lobby.tables))
        now[0] += IDLE_TABLE  # table 3 was never visited; table 2 has a watcher
        await lobby.prune()
        seen.append(sorted(lobby.tables))
        made.disconnect(watcher)
        now[0] += IDLE_TABLE
        await lobby.create({})  # creating prunes too
        seen.append(sorted(lobby.tables))
        await lobby.stop()
        return seen

    assert asyncio.run(play()) == [["1", "2", "3"], ["1", "2"], ["1", "4"]]
