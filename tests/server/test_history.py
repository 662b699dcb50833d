"""The history in SQLite: a versioned schema with migrations, hands written as they end, a file
that survives the server, and the replay data the page draws."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from tests.server.support import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import nertslib as nl  # noqa: E402
from nertslib.server import ServerConfig, TableSettings, create_app  # noqa: E402
from nertslib.server.history import (  # noqa: E402
    MIGRATIONS,
    SCHEMA_VERSION,
    History,
    HistoryRecorder,
)
from nertslib.server.host import GameHost  # noqa: E402


def test_a_new_file_gets_the_current_schema(tmp_path: Path) -> None:
    history = History(tmp_path / "deep" / "h.sqlite3")
    assert history.version == SCHEMA_VERSION == len(MIGRATIONS)
    history.close()


def test_an_older_file_is_migrated_and_keeps_its_matches(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    db.execute(
        "INSERT INTO matches (table_id, variant, names, started) VALUES ('1', 'standard',"
        " '[\"Ann\"]', 0)"
    )
    db.commit()
    db.close()
    history = History(path)
    assert history.version == SCHEMA_VERSION
    assert [m["names"] for m in history.matches()] == [["Ann"]]
    history.close()


def test_a_file_from_a_newer_nertslib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(nl.NertsError, match="schema"):
        History(path)


def finish_a_hand(host: GameHost) -> None:
    """Play the host's hand out with greedy moves for every seat (no event loop needed)."""
    host.started = True
    for _ in range(3000):
        if host.table.is_over:
            break
        state = host.table.state
        moves = [nl.greedy_bot(nl.view(state, s), s) for s in range(len(state.layouts))]
        played = [m for m in moves if m is not None]
        for m in played:
            host.table.submit(m)
        if not played and not host.table.resolve_stalemate():
            break
    host.next_hand()  # records the finished hand


def test_every_finished_hand_is_written_with_its_replay(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    table = TableSettings.build(seats=2, bots=2, seed=8, bot_delay=(0.0, 0.0))
    app = create_app(config=ServerConfig(table, allow_hosts=("testserver",), db=path))
    host = app.state.host
    finish_a_hand(host)
    finish_a_hand(host)
    played = host.match.hands
    app.state.history.close()
    # another server (a restart) on the same file finds both hands, and replays them
    app = create_app(config=ServerConfig(table, allow_hosts=("testserver",), db=path))
    with TestClient(app) as client:
        matches = client.get("/api/history").json()
        assert len(matches) == 1
        hands = matches[0]["hands"]
        assert [h["number"] for h in hands] == [1, 2]
        data = client.get(f"/api/hands/{hands[0]['id']}").json()
        assert client.get("/api/hands/999").status_code == 404
        assert client.get("/api/hands/x").status_code == 404
    assert [h["scores"] for h in hands] == [list(p) for p in played]
    assert data["scores"] == list(played[0])
    assert len(data["live"]) == len(data["views"])
    assert data["live"][0] == [-26, -26]  # every Nerts card still to play
    assert data["live"][-1] == data["scores"]
    assert data["views"][0] == nl.to_data(nl.view(nl.deal("standard", 2, 8), None))
    last = nl.from_data(data["views"][-1])
    assert isinstance(last, nl.View)
    assert last.status is not None
    assert data["names"] == ["Bot 0", "Bot 1"]


def test_the_recorder_writes_in_the_hosts_loop() -> None:
    async def play(history: History) -> None:
        table = TableSettings(nl.variants.get("standard"), 2, bots=2, seed=3, bot_delay=(0.0, 0.0))
        host = GameHost(table, on_hand=HistoryRecorder(history))
        await host.start()
        for _ in range(2000):
            if host.match.hands:
                break
            await asyncio.sleep(0.01)
        await host.stop()

    history = History(":memory:")
    asyncio.run(play(history))
    (match,) = history.matches()
    (hand,) = match["hands"]
    stored = history.hand(hand["id"])
    assert stored is not None
    replay = nl.from_data(stored["replay"])
    assert isinstance(replay, nl.Replay)
    assert list(nl.hand_scores(replay.final())) == stored["scores"] == match["totals"]
    assert json.dumps(stored)  # plain data


def test_a_new_match_gets_its_own_row() -> None:
    table = TableSettings.build(
        variant="standard,target_score=5", seats=2, bots=2, seed=8, bot_delay=(0.0, 0.0)
    )
    history = History(":memory:")
    host = GameHost(table, on_hand=HistoryRecorder(history))
    while host.matches == 1:
        finish_a_hand(host)  # the last of these ends the first match and deals a new one
    finish_a_hand(host)
    newer, older = history.matches()
    assert older["over"] is True
    assert older["winner"] in (0, 1)
    assert older["totals"][older["winner"]] >= 5
    assert [h["number"] for h in newer["hands"]] == [len(older["hands"]) + 1]
    assert newer["totals"] == newer["hands"][0]["scores"]  # totals start again


def test_a_file_that_is_not_sqlite_is_refused_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just notes\n" * 100)
    with pytest.raises(nl.NertsError, match=r"cannot use the history file .*not a database"):
        History(path)
