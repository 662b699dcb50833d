"""The server's WebSocket protocol, through Starlette's TestClient (no network)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.support import RACE, before_the_call, need, race_position

need("starlette.testclient")  # with httpx2 (or httpx before Starlette 1.10)

from starlette.testclient import TestClient, WebSocketTestSession  # noqa: E402

import nertslib as nl  # noqa: E402 - after the skip
from nertslib.server import ServerConfig, TableSettings, create_app  # noqa: E402
from nertslib.server.protocol import MAX_MESSAGE  # noqa: E402

Message = dict[str, Any]
UPDATE_KEYS = {
    "type",
    "hand",
    "started",
    "playing",
    "view",
    "moves",
    "events",
    "live",
    "scores",
    "caller",
    "match",
    "seats",
}
#: A bot that waits this long never moves during a test: the table stays as the test left it.
SLEEPY = (600.0, 600.0)


def make_client(settings: TableSettings, **config: Any) -> TestClient:
    """A TestClient of an app with ``settings`` (Starlette's test Host is allowed)."""
    config.setdefault("db", None)
    return TestClient(
        create_app(config=ServerConfig(settings, allow_hosts=("testserver",), **config))
    )


@pytest.fixture
def client() -> Iterator[TestClient]:
    # one human seat (0) and a bot that does not move: seat 0 alone starts the hand
    with make_client(TableSettings.build(seats=2, bots=1, seed=11, bot_delay=SLEEPY)) as c:
        yield c


def app_client(**settings: Any) -> TestClient:
    settings.setdefault("bot_delay", (0.0, 0.0))
    return make_client(TableSettings.build(**settings))


def until(ws: WebSocketTestSession, kind: str) -> tuple[Message, list[Message]]:
    """Read messages until one of type ``kind``; also return those read before it."""
    seen: list[Message] = []
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message, seen
        seen.append(message)


def join(
    ws: WebSocketTestSession, seat: int | None, token: str | None = None, *, ready: bool = True
) -> Message:
    """Join ``seat`` (``None``: watch) and, for a seat, press Ready; returns the welcome."""
    request: Message = {"type": "join", "watch": True} if seat is None else {"type": "join"}
    if seat is not None:
        request["seat"] = seat
    if token is not None:
        request["token"] = token
    ws.send_json(request)
    welcome, _ = until(ws, "welcome")
    if seat is not None and ready:
        ws.send_json({"type": "ready", "token": welcome["token"]})
    return welcome


def latest_update(ws: WebSocketTestSession) -> Message:
    update, _ = until(ws, "update")
    return update


def playing_update(ws: WebSocketTestSession) -> Message:
    """The first update of the hand under way (after every player pressed Ready)."""
    update = latest_update(ws)
    while not update["playing"]:
        update = latest_update(ws)
    return update


def move(ws: WebSocketTestSession, token: str | None, notation: str) -> Message:
    ws.send_json({"type": "move", "move": notation, "token": token})
    result, _ = until(ws, "result")
    return result


def host_state(client: TestClient) -> nl.GameState:
    return client.app.state.host.table.state  # type: ignore[attr-defined, no-any-return]


def test_a_player_gets_a_token_its_view_and_its_legal_moves(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        welcome = join(ws, 0)
        assert welcome["seat"] == 0
        assert len(welcome["token"]) >= 16
        assert welcome["protocol"] == 1
        update = playing_update(ws)
    state = host_state(client)
    assert set(update) == UPDATE_KEYS
    assert update["view"] == nl.to_data(nl.view(state, 0))
    assert nl.from_data(update["view"], nl.View) == nl.view(state, 0)
    assert update["moves"] == [str(m) for m in nl.legal_moves(nl.view(state, 0), 0)]
    assert update["live"] == list(nl.hand_scores(state))
    assert update["scores"] is None
    assert update["match"]["target"] == 100


def test_a_spectator_sees_the_spectators_view_and_has_no_moves(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        welcome = join(ws, None)
        assert welcome["seat"] is None
        assert welcome["token"] is None
        update = latest_update(ws)
        assert update["view"] == nl.to_data(nl.view(host_state(client), None))
        assert update["moves"] == []
        ws.send_json({"type": "move", "move": "0:turn", "token": "x"})
        error, _ = until(ws, "error")
        assert error["error"] == "not_your_seat"


def test_a_second_tab_on_a_taken_seat_is_refused_clearly(client: TestClient) -> None:
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        token = join(first, 0)["token"]
        second.send_json({"type": "join", "seat": 0})
        error, _ = until(second, "error")
        assert error["error"] == "seat_taken"
        assert "seat 0 is taken" in error["message"]
        # the refused connection plays nothing; the first one plays on
        second.send_json({"type": "move", "move": "0:turn", "token": token})
        assert until(second, "error")[0]["error"] == "not_joined"
        assert move(first, token, "0:turn")["accepted"] is True


def test_the_seats_own_token_takes_the_seat_back(client: TestClient) -> None:
    with client.websocket_connect("/ws") as first:
        token = join(first, 0)["token"]
        with client.websocket_connect("/ws") as again:
            assert join(again, 0, token)["token"] == token
            replaced, _ = until(first, "error")
            assert replaced["error"] == "replaced"
            assert move(again, token, "0:turn")["accepted"] is True


def test_a_connection_moves_only_for_its_own_seat(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        token = join(ws, 0)["token"]
        before = host_state(client)
        ws.send_json({"type": "move", "move": "1:turn", "token": token})
        error, _ = until(ws, "error")
        assert error["error"] == "not_your_seat"
        assert error["message"] == "this connection plays seat 0; 1:turn is a move of seat 1"
        ws.send_json({"type": "move", "move": "0:turn", "token": "forged"})
        assert until(ws, "error")[0]["error"] == "bad_token"
        assert host_state(client) == before
        assert client.app.state.host.table.events == ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json {", "not_json"),
        ("x" * (MAX_MESSAGE + 1), "too_large"),
        ('["move"]', "bad_message"),
        ('{"type": 3}', "bad_message"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "move", "move": 5, "token": "t"}', "bad_message"),
        ('{"type": "move", "move": "0:turn"}', "bad_message"),
        ('{"type": "move", "move": "0:6H@N>Q", "token": "t"}', "bad_move"),
        ('{"type": "move", "move": "0:turn", "token": "t", "extra": 1}', "bad_message"),
        ('{"type": "join", "seat": "0"}', "bad_message"),
        ('{"type": "join", "seat": 0, "watch": true}', "bad_message"),
        ('{"type": "join", "seat": 0}', "already_joined"),
        ('{"type": "ready", "token": "TOKEN", "now": true}', "bad_message"),
        ('{"type": "join", "seat": 0, "name": 5}', "bad_message"),
        ("NaN", "bad_message"),
        ("[" * 1000 + "]" * 1000, "bad_message"),  # nested deeper than the parser goes
        ('{"a":' * 300 + "1" + "}" * 300, "bad_message"),
    ],
)
def test_bad_messages_get_an_error_and_the_table_plays_on(
    client: TestClient, raw: str, code: str
) -> None:
    with client.websocket_connect("/ws") as ws:
        token = join(ws, 0)["token"]
        ws.send_text(raw.replace("TOKEN", token))
        error, _ = until(ws, "error")
        assert error["error"] == code, error
        assert len(error["message"]) < 300
        assert move(ws, token, "0:turn")["accepted"] is True


def test_a_seat_that_does_not_exist_or_is_a_bots_is_refused() -> None:
    with app_client(seats=2, bots=1, seed=3) as client, client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "seat": 7})
        assert until(ws, "error")[0] == {
            "type": "error",
            "error": "no_such_seat",
            "message": "seats are 0..1, got 7",
        }
        ws.send_json({"type": "join", "seat": 1})
        assert until(ws, "error")[0]["error"] == "bot_seat"
        assert join(ws, 0)["seat"] == 0


def test_binary_messages_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        token = join(ws, 0)["token"]
        ws.send_bytes(b'{"type": "move"}')
        assert until(ws, "error")[0]["error"] == "bad_message"
        assert move(ws, token, "0:turn")["accepted"] is True


def test_an_illegal_move_is_refused_with_its_reason(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        token = join(ws, 0)["token"]
        result = move(ws, token, "0:restock")
        assert result == {
            "type": "result",
            "move": "0:restock",
            "accepted": False,
            "reason": "stock_not_empty",
            "too_late": False,
            "message": "seat 0 still has 35 stock card(s)",
        }


def test_two_players_see_each_others_moves() -> None:
    with (
        app_client(seats=2, bots=0, seed=11) as client,
        client.websocket_connect("/ws") as zero,
        client.websocket_connect("/ws") as one,
    ):
        t0, t1 = join(zero, 0)["token"], join(one, 1)["token"]
        assert move(zero, t0, "0:turn")["accepted"]
        update = latest_update(one)
        while not any(e["move"] == "0:turn" for e in update["events"]):
            update = latest_update(one)
        assert update["view"]["seats"][0]["waste_size"] == 3
        assert len(update["view"]["seats"][0]["waste"]) == 1  # seat 1 sees the top only
        assert move(one, t1, "1:turn")["accepted"]
        update = latest_update(zero)
        while update["view"]["seats"][1]["waste_size"] != 3:
            update = latest_update(zero)
        assert update["view"] == nl.to_data(nl.view(host_state(client), 0))


def test_a_lost_race_is_too_late() -> None:
    position = race_position().to_nfen()
    with (
        app_client(position=position, bots=0) as client,
        client.websocket_connect("/ws") as zero,
        client.websocket_connect("/ws") as one,
    ):
        t0, t1 = join(zero, 0)["token"], join(one, 1)["token"]
        assert RACE[1] in playing_update(one)["moves"]
        assert move(zero, t0, RACE[0])["accepted"]
        result = move(one, t1, RACE[1])
        assert result["accepted"] is False
        assert result["too_late"] is True
        assert result["reason"] == "race_lost"
        assert result["message"].startswith("too late")
        assert [str(c) for c in host_state(client).foundations[0]] == ["A♠", "2♠"]


def test_a_hand_played_to_its_end_shows_the_scores_and_deals_the_next() -> None:
    before, call = before_the_call()
    with (
        app_client(position=before.to_nfen(), bots=0, seed=None) as client,
        client.websocket_connect("/ws") as caller,
        client.websocket_connect("/ws") as other,
    ):
        tc = join(caller, call.seat)["token"]
        to = join(other, 1 - call.seat)["token"]
        assert move(caller, tc, str(call))["accepted"]
        update = latest_update(other)
        while update["scores"] is None:
            update = latest_update(other)
        expected = nl.hand_scores(nl.apply(before, call))
        assert update["scores"] == list(expected)
        # the hand joins the match once the call's grace (cards in the air) has passed
        while not update["match"]["hands"]:
            update = latest_update(other)
        assert update["scores"] == list(expected)
        assert update["caller"] == call.seat
        assert update["match"]["totals"] == list(expected)
        assert update["match"]["hands"] == [list(expected)]
        assert update["moves"] == []
        assert update["view"]["status"] == "nerts"
        other.send_json({"type": "ready", "token": to})
        update = latest_update(other)
        while not update["seats"][1 - call.seat]["ready"]:
            update = latest_update(other)
        assert update["hand"] == 1  # one player's Ready deals nothing: the other is not ready
        caller.send_json({"type": "next_hand", "token": tc})  # next_hand: Ready's old name
        while update["hand"] != 2:
            update = latest_update(other)
        assert update["started"] is True
        assert update["scores"] is None
        assert update["view"]["foundations"] == []
        assert update["match"]["totals"] == list(expected)


def no_seed_anywhere(message: Message) -> None:
    text = json.dumps(message)
    assert '"seed"' not in text
    assert "nfen" not in text.lower()
    assert "stock" not in json.dumps([s.get("stock") for s in message["view"]["seats"]])


def test_a_bot_plays_and_nothing_hidden_reaches_the_player() -> None:
    seed = 987_654_321
    with (
        app_client(seats=3, bots=2, seed=seed) as client,
        client.websocket_connect("/ws") as ws,
    ):
        token = join(ws, 0)["token"]
        bot_moves: set[int] = set()
        messages = 0
        update: Message = {}
        while bot_moves != {1, 2}:
            update = latest_update(ws)
            messages += 1
            no_seed_anywhere(update)
            assert str(seed) not in json.dumps(update)
            assert nl.from_data(update["view"], nl.View).seat == 0
            for event in update["events"]:
                assert event["accepted"] or event["seat"] == 0  # others' refusals stay theirs
                if event["seat"] in (1, 2):
                    bot_moves.add(event["seat"])
            if messages % 5 == 0:
                move(ws, token, update["moves"][0])
        assert update["seats"][1] == {
            "seat": 1,
            "player": "bot",
            "connected": True,
            "name": "Bot 1",
            "ready": False,
            "away": None,
        }


def test_a_table_of_bots_plays_hands_one_after_another() -> None:
    with (
        make_client(
            TableSettings(
                nl.variants.get("standard"),
                2,
                bots=2,
                seed=5,
                bot_delay=(0.0, 0.0),
                next_hand_delay=0.0,
            )
        ) as client,
        client.websocket_connect("/ws") as ws,
    ):
        join(ws, None)
        update = latest_update(ws)
        while update["hand"] < 2:
            update = latest_update(ws)
        assert len(update["match"]["hands"]) == 1
        ws.send_json({"type": "join", "seat": 0})
        assert until(ws, "error")[0]["error"] == "already_joined"
