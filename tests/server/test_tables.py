"""Tables that wait: Ready, bots that wait for the start, a grace for a dropped seat, names,
live scores, updates built once per viewpoint, and moves told from the seat's view."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server.support import need

need("starlette")

import nertslib as nl  # noqa: E402 - after the skip
from nertslib.server.connection import Connection  # noqa: E402
from nertslib.server.host import GameHost  # noqa: E402
from nertslib.server.protocol import SeatInfo, update_message  # noqa: E402
from nertslib.server.settings import TableSettings  # noqa: E402

FAST = (0.0, 0.01)


def drain(conn: Connection) -> list[Any]:
    return [conn.outbox.get_nowait() for _ in range(conn.outbox.qsize())]


def sit(host: GameHost, seat: int, name: str | None = None, token: str | None = None) -> str:
    conn = host.connect()
    request: dict[str, Any] = {"type": "join", "seat": seat, "name": name, "token": token}
    host.receive(conn, json.dumps(request))
    welcome = drain(conn)[0]
    assert welcome["type"] == "welcome", welcome
    return str(welcome["token"])


def holder(host: GameHost, seat: int) -> Connection:
    conn = host.seats.holders[seat]
    assert conn is not None
    return conn


def press_ready(host: GameHost, seat: int, token: str) -> None:
    host.receive(holder(host, seat), json.dumps({"type": "ready", "token": token}))


def move(host: GameHost, seat: int, token: str, notation: str) -> dict[str, Any]:
    conn = holder(host, seat)
    drain(conn)
    host.receive(conn, json.dumps({"type": "move", "move": notation, "token": token}))
    answers = [a for a in drain(conn) if isinstance(a, dict)]
    return answers[-1]


def playing(host: GameHost) -> bool:
    """Whether the host takes moves now (a call: mypy would narrow the property for good)."""
    return host.playing


def test_a_hand_starts_when_every_player_is_ready_and_not_before() -> None:
    host = GameHost(TableSettings.build(seats=3, bots=1, seed=2, bot_delay=FAST))
    ann = sit(host, 0, "Ann")
    press_ready(host, 0, ann)  # Ann may press at once; Bob's seat is still empty
    assert not playing(host)
    refused = move(host, 0, ann, "0:turn")
    assert (refused["type"], refused["error"]) == ("error", "not_started")
    bob = sit(host, 1, "Bob")
    assert not playing(host)
    assert [i.ready for i in host.seat_infos()] == [True, False, False]
    press_ready(host, 1, bob)
    assert host.started
    assert host.playing
    assert move(host, 1, bob, "1:turn")["accepted"] is True
    assert [i.name for i in host.seat_infos()] == ["Ann", "Bob", "Bot 2"]


def test_bots_do_not_move_before_the_start() -> None:
    async def play() -> tuple[int, int]:
        host = GameHost(TableSettings.build(seats=3, bots=2, seed=5, bot_delay=(0.0, 0.0)))
        await host.start()
        token = sit(host, 0)
        await asyncio.sleep(0.3)  # time the bots would use to play if they did not wait
        before = len(host.table.events)
        press_ready(host, 0, token)
        for _ in range(200):
            if host.table.events:
                break
            await asyncio.sleep(0.01)
        after = len(host.table.events)
        await host.stop()
        return before, after

    before, after = asyncio.run(play())
    assert before == 0
    assert after > 0


def test_a_dropped_seat_pauses_the_hand_and_its_return_resumes_it() -> None:
    async def play() -> list[str]:
        seen: list[str] = []
        host = GameHost(TableSettings.build(seats=2, bots=0, seed=3, grace=30.0))
        await host.start()
        ann, bob = sit(host, 0, "Ann"), sit(host, 1, "Bob")
        press_ready(host, 0, ann)
        press_ready(host, 1, bob)
        host.disconnect(holder(host, 1))
        info = host.seat_infos()[1]
        assert info.away is not None
        assert 0 < info.away <= 30
        assert not playing(host)
        seen.append(move(host, 0, ann, "0:turn")["error"])
        seen.append(host.update_for(holder(host, 0))["moves"] == [])  # type: ignore[index]
        # someone else cannot take the seat while it is waited for ...
        other = host.connect()
        host.receive(other, json.dumps({"type": "join", "seat": 1}))
        seen.append(drain(other)[-1]["error"])
        # ... and Bob comes back with his token
        assert sit(host, 1, token=bob) == bob
        seen.append(host.seat_infos()[1].name)
        seen.append(str(move(host, 0, ann, "0:turn")["accepted"]))
        await host.stop()
        return seen

    assert asyncio.run(play()) == ["paused", True, "seat_taken", "Bob", "True"]


def test_after_the_grace_play_goes_on_without_the_seat() -> None:
    async def play() -> tuple[str, bool]:
        host = GameHost(TableSettings.build(seats=2, bots=0, seed=3, grace=0.1))
        await host.start()
        ann, bob = sit(host, 0), sit(host, 1)
        press_ready(host, 0, ann)
        press_ready(host, 1, bob)
        host.disconnect(holder(host, 1))
        paused = move(host, 0, ann, "0:turn")["error"]
        for _ in range(100):
            if host.playing:
                break
            await asyncio.sleep(0.02)
        accepted = move(host, 0, ann, "0:turn")["accepted"]
        await host.stop()
        return paused, accepted

    assert asyncio.run(play()) == ("paused", True)


def test_spectators_share_one_update_per_change() -> None:
    host = GameHost(TableSettings.build(seats=1, bots=0, seed=3))
    token = sit(host, 0)
    press_ready(host, 0, token)
    watchers = [host.connect() for _ in range(5)]
    for conn in watchers:
        host.receive(conn, '{"type": "join", "watch": true}')
    texts = [host.update_text(conn) for conn in watchers]
    assert all(t is texts[0] for t in texts)  # built once, sent five times
    move(host, 0, token, "0:turn")
    after = [host.update_text(conn) for conn in watchers]
    assert all(t is after[0] for t in after)
    assert after[0] != texts[0]
    assert json.loads(after[0] or "")["events"][-1]["move"] == "0:turn"


def test_live_scores_follow_the_hand() -> None:
    state = nl.deal("standard", 2, 29)
    moved = nl.apply(state, nl.Move.parse("0:AS@P3>F+"))
    seats = [SeatInfo(0, "human", True, "Ann"), SeatInfo(1, "human", True, "Bob")]
    match = nl.Match(state.variant, 2)
    live = [
        update_message(s, 0, (), hand=1, match=match, seats=seats)["live"] for s in (state, moved)
    ]
    assert live == [list(nl.hand_scores(state)), list(nl.hand_scores(moved))]
    assert live[1][0] == live[0][0] + 1


def twin(state: nl.GameState, seat: int, rng: random.Random) -> nl.GameState:
    """The same position with ``seat``'s face-down stock in another order (what it cannot see)."""
    layouts = list(state.layouts)
    lay = layouts[seat]
    stock = list(lay.deck[lay.cursor :])
    rng.shuffle(stock)
    layouts[seat] = attrs.evolve(lay, deck=lay.deck[: lay.cursor] + tuple(stock))
    return attrs.evolve(state, layouts=tuple(layouts))


def positions(seed: int) -> list[nl.GameState]:
    replay = nl.record_hand("standard", 2, seed, [nl.greedy_bot, nl.greedy_bot])
    return list(replay.states())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 2**32))
def test_moves_are_told_from_the_view_alone(seed: int, shuffle: int) -> None:
    """Hidden-card twins (the stock in another order) get the same ``moves``."""
    rng = random.Random(shuffle)
    seats = [SeatInfo(0, "human", True), SeatInfo(1, "human", True)]
    for state in positions(seed)[::5]:
        if state.is_over:
            continue
        other = twin(state, 0, rng)
        assert nl.view(other, 0) == nl.view(state, 0)
        match = nl.Match(state.variant, 2)
        told = [
            update_message(s, 0, (), hand=1, match=match, seats=seats)["moves"]
            for s in (state, other)
        ]
        assert told[0] == told[1]
        assert told[0] == [str(m) for m in nl.legal_moves(nl.view(state, 0), 0)]


def test_the_state_would_leak_rotate_where_the_view_does_not() -> None:
    """The twins above differ in ``nl.legal_moves(state)``: the view is what keeps them equal."""
    rng = random.Random(1)
    leaks = 0
    for seed in range(40):
        for state in positions(seed):
            if state.is_over or not state.layouts[0].stock:
                continue
            other = twin(state, 0, rng)
            if set(nl.legal_moves(state, 0)) != set(nl.legal_moves(other, 0)):
                leaks += 1
                assert nl.legal_moves(nl.view(state, 0), 0) == nl.legal_moves(nl.view(other, 0), 0)
    assert leaks > 0  # without the view, "rotate" would tell what the stock holds


def test_a_seat_that_drops_twice_gets_a_whole_grace_the_second_time() -> None:
    now = [0.0]

    async def play() -> list[bool]:
        host = GameHost(
            TableSettings.build(seats=2, bots=0, seed=3, grace=0.2), clock=lambda: now[0]
        )
        await host.start()
        ann, bob = sit(host, 0), sit(host, 1)
        press_ready(host, 0, ann)
        press_ready(host, 1, bob)
        host.disconnect(holder(host, 1))  # the first drop's timer runs out at 0.2 s
        sit(host, 1, token=bob)
        await asyncio.sleep(0.15)
        now[0] = 1.0
        host.disconnect(holder(host, 1))  # a second drop: its own 0.2 s from now
        await asyncio.sleep(0.1)  # past the first timer, within the second grace
        seen = [1 in host.seats.away]
        await asyncio.sleep(0.2)
        seen.append(1 in host.seats.away)
        await host.stop()
        return seen

    assert asyncio.run(play()) == [True, False]
