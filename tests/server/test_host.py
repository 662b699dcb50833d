"""The game host without HTTP: settings, bots by name, seeds per hand, stalemates, the outbox."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from tests.server.support import before_the_call, need

need("starlette")
need("uvicorn")

import nertslib as nl  # noqa: E402 - after the skip
from nertslib.bots import make_bot  # noqa: E402
from nertslib.server import run  # noqa: E402
from nertslib.server.connection import MAX_OUTBOX, UPDATE, Connection  # noqa: E402
from nertslib.server.host import CALL_GRACE, GameHost  # noqa: E402
from nertslib.server.options import main  # noqa: E402
from nertslib.server.settings import TableSettings  # noqa: E402


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"seats": 2, "bots": 3}, "bots must be 0..2 (the seats), got 3"),
        ({"seats": 2, "bots": -1}, "bots must be 0..2 (the seats), got -1"),
        (
            {"bot": "clever"},
            "unknown bot 'clever'; known bots: greedy, random, search, learned (or search:N)",
        ),
        ({"seed": -4}, "seed must be an int >= 0, got -4"),
        ({"seed": 1, "position": before_the_call()[0]}, "give a seed or a position, not both"),
        ({"bot_delay": (2.0, 1.0)}, "bot_delay must be (low, high) with 0 <= low <= high"),
        ({"variant": "chess"}, "unknown variant"),
        ({"code": ""}, "a join code has 1 to 64 characters"),
        ({"grace": -1.0}, "grace must be 0..86400 seconds"),
        ({"position": "standard - nonsense"}, "bad NFEN"),
    ],
)
def test_bad_settings_are_refused_naming_the_value(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        TableSettings.build(**settings)


def test_a_position_brings_its_variant_and_seats() -> None:
    position = nl.deal("nna", seats=3, seed=2)
    settings = TableSettings.build(position=position.to_nfen(), bots=1)
    assert settings.variant == position.variant
    assert settings.seats == 3
    assert settings.human_seats == range(2)
    host = GameHost(settings)
    assert host.table.state == position


def test_run_and_the_command_line_refuse_bad_settings_before_listening(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(nl.NertsError, match=r"bots must be 0\.\.2"):
        run(bots=5)
    assert main(["--bots", "5", "--port", "1"]) == 2
    assert "bots must be 0..2 (the seats), got 5" in capsys.readouterr().err
    assert main(["--seed", "1", "--position", "x"]) == 2  # argparse: not both
    assert "not allowed with argument" in capsys.readouterr().err


def test_bots_by_name() -> None:
    assert make_bot("greedy", 3) is nl.greedy_bot
    bot = make_bot("random", 3)
    state = nl.deal("standard", 2, 1)
    assert bot(nl.view(state, 1), 1) in nl.legal_moves(state, 1)


def test_hands_are_dealt_from_the_seed_one_after_another() -> None:
    host = GameHost(TableSettings.build(seats=2, bots=0, seed=40))
    assert host.table.state == nl.deal("standard", 2, 40)
    host.next_hand()
    assert host.hand == 2
    assert host.table.state == nl.deal("standard", 2, 41)


def test_without_a_seed_each_hand_draws_one() -> None:
    drawn = iter([7, 8])
    host = GameHost(TableSettings.build(seats=2, bots=0), draw_seed=lambda: next(drawn))
    assert host.table.state == nl.deal("standard", 2, 7)
    host.next_hand()
    assert host.table.state == nl.deal("standard", 2, 8)


def test_the_default_seed_source_is_secrets() -> None:
    seeds = set()
    for _ in range(3):
        host = GameHost(TableSettings.build(seats=1, bots=0))
        seeds.add(host.table.state.to_nfen())
    assert len(seeds) == 3  # 32 random bits each: three equal deals would be a broken source


def stalemate_position() -> nl.GameState:
    """A position in which every seat is stuck (from a greedy hand that needed a resolution)."""
    variant = nl.Variant(stuck_resolution="end_hand")
    for seed in range(300):
        replay = nl.record_hand(variant, 2, seed, [nl.greedy_bot] * 2)
        states = list(replay.states())
        for i, event in enumerate(replay.events):
            if event is nl.RESOLVE:
                return states[i]
    pytest.fail("no greedy hand of 300 needed a stuck resolution")


def test_the_host_resolves_an_everyone_stuck_table_and_records_the_hand() -> None:
    stuck = stalemate_position()
    assert nl.all_stuck(stuck)

    async def play() -> GameHost:
        host = GameHost(TableSettings.build(position=stuck.to_nfen(), bots=0))
        await host.start()
        for seat in (0, 1):
            sit_ready(host, seat)
        await host.stop()
        return host

    host = asyncio.run(play())
    assert host.table.state.status is nl.EndReason.STALEMATE
    assert host.table.events[-1].move is None
    assert host.match.hands == (nl.hand_scores(host.table.state),)


def test_a_connection_that_does_not_read_is_closed_not_grown() -> None:
    conn = Connection()
    for i in range(MAX_OUTBOX + 50):
        conn.push({"n": i})
        conn.mark_dirty()
    assert conn.closing
    assert conn.outbox.qsize() == MAX_OUTBOX + 1
    items = [conn.outbox.get_nowait() for _ in range(MAX_OUTBOX + 1)]
    assert items[-1] is None
    assert items[1] == UPDATE


def welcome(conn: Connection) -> dict[str, Any]:
    message = conn.outbox.get_nowait()
    assert isinstance(message, dict)
    assert message["type"] == "welcome"
    return message


def sit_ready(host: GameHost, seat: int, name: str | None = None) -> tuple[Connection, str]:
    """A connection that takes ``seat`` and presses Ready; returns it and its token."""
    conn = host.connect()
    host.receive(conn, json.dumps({"type": "join", "seat": seat, "name": name}))
    token = welcome(conn)["token"]
    host.receive(conn, json.dumps({"type": "ready", "token": token}))
    return conn, token


def test_cards_in_the_air_after_a_call_still_count() -> None:
    before, call = before_the_call()
    other = 1 - call.seat
    air = next(m for m in nl.legal_moves(before, other) if m.to_foundation)

    async def play() -> tuple[GameHost, list[Any]]:
        # a clock that stands still: every move arrives within the call's grace
        host = GameHost(TableSettings.build(position=before.to_nfen(), bots=0), clock=lambda: 0.0)
        await host.start()
        (caller, token0), (late, token1) = sit_ready(host, call.seat), sit_ready(host, other)
        tokens = [token0, token1]
        host.receive(caller, json.dumps({"type": "move", "move": str(call), "token": tokens[0]}))
        host.receive(late, json.dumps({"type": "move", "move": str(air), "token": tokens[1]}))
        await asyncio.sleep(CALL_GRACE + 0.2)  # the match takes the hand after the grace
        answers = [late.outbox.get_nowait() for _ in range(late.outbox.qsize())]
        await host.stop()
        return host, answers

    host, answers = asyncio.run(play())
    results = [a for a in answers if isinstance(a, dict) and a["type"] == "result"]
    assert results[-1]["accepted"] is True
    final = host.table.state
    assert final.status is nl.EndReason.NERTS
    scores = nl.hand_scores(final)
    assert scores != nl.hand_scores(nl.apply(before, call))  # the card in the air counted
    assert host.match.hands == (scores,)
