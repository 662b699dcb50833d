"""The server's history: every finished hand and match in SQLite (the standard ``sqlite3``).

A hand is written in one transaction as soon as the match takes it, so a server that is
killed loses at most the hand in progress. The schema carries its version (SQLite's
``user_version``) and :data:`MIGRATIONS` brings an older file up to date when it is opened.

>>> import json
>>> import nertslib as nl
>>> from nertslib.server.history import History
>>> history = History(":memory:")
>>> replay = nl.record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
>>> match = history.new_match("1", "standard", ["Ann", "bot"])
>>> hand = history.add_hand(match, 1, replay.final(), json.dumps(nl.to_data(replay)), (9, 3))
>>> [m["names"] for m in history.matches()], history.hand(hand)["scores"]
([['Ann', 'bot']], [9, 3])

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import json
import sqlite3
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import nertslib as nl
from nertslib.table import Table

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "History", "HistoryRecorder"]

#: Each step brings the schema from version ``i`` to ``i + 1`` (never edit a shipped step).
MIGRATIONS: Final[tuple[str, ...]] = (
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        table_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        names TEXT NOT NULL,
        started REAL NOT NULL,
        totals TEXT,
        winner INTEGER,
        finished REAL
    );
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        finished REAL NOT NULL,
        status TEXT NOT NULL,
        scores TEXT NOT NULL,
        replay TEXT
    );
    CREATE INDEX hands_by_match ON hands(match_id, number);
    """,
    "ALTER TABLE hands ADD COLUMN caller INTEGER;",
)
#: The schema version this code writes.
SCHEMA_VERSION: Final = len(MIGRATIONS)


class History:
    """An open history file (``":memory:"`` for none on disk), migrated to the current schema.

    Raises:
        NertsError: (a :class:`ValueError`) for a file written by a newer nertslib, or one
            that cannot be created, opened or read as SQLite.
    """

    def __init__(self, path: str | Path) -> None:
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # the server's one event loop thread writes; check_same_thread=False lets a
            # test's TestClient thread open it first
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.row_factory = sqlite3.Row
            self._db.execute("PRAGMA foreign_keys = ON")
            self.migrate()
        except (OSError, sqlite3.Error) as exc:
            msg = f"cannot use the history file {str(path)[:200]!r}: {exc}"
            raise nl.NertsError(msg) from None

    @property
    def version(self) -> int:
        """The schema version of the open file."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Apply the migrations the file lacks, each in its own transaction."""
        version = self.version
        if version > SCHEMA_VERSION:
            msg = f"the history file has schema {version}; this nertslib knows {SCHEMA_VERSION}"
            raise nl.NertsError(msg)
        for step in range(version, SCHEMA_VERSION):
            self._db.executescript(
                f"BEGIN; {MIGRATIONS[step]} PRAGMA user_version = {step + 1}; COMMIT;"
            )

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def new_match(self, table_id: str, variant: str, names: Sequence[str]) -> int:
        """Start a match; returns its id."""
        with self._db:
            cur = self._db.execute(
                "INSERT INTO matches (table_id, variant, names, started) VALUES (?, ?, ?, ?)",
                (table_id, variant, json.dumps(list(names)), time.time()),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def add_hand(
        self,
        match_id: int,
        number: int,
        final: nl.GameState,
        replay: str | None,
        scores: Sequence[int],
        match: nl.Match | None = None,
    ) -> int:
        """Write a finished hand (and the match's totals, ``match``) in one transaction."""
        caller = final.caller if final.status is nl.EndReason.NERTS else None
        status = final.status.value if final.status is not None else "play"
        with self._db:
            self._db.execute("BEGIN")
            cur = self._db.execute(
                "INSERT INTO hands (match_id, number, finished, status, scores, replay, caller)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (match_id, number, time.time(), status, json.dumps(list(scores)), replay, caller),
            )
            if match is not None:
                self._db.execute(
                    "UPDATE matches SET totals = ?, winner = ?, finished = ? WHERE id = ?",
                    (
                        json.dumps(list(match.totals)),
                        match.winner,
                        time.time() if match.is_over else None,
                        match_id,
                    ),
                )
            self._db.execute("COMMIT")
        assert cur.lastrowid is not None
        return cur.lastrowid

    def matches(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest matches, newest first, each with its hands' ids and scores."""
        rows = self._db.execute(
            "SELECT * FROM matches ORDER BY id DESC LIMIT ?", (limit,)
        ).fetchall()
        return [self._match(row) for row in rows]

    def _match(self, row: sqlite3.Row) -> dict[str, Any]:
        hands = self._db.execute(
            "SELECT id, number, status, scores, caller FROM hands WHERE match_id = ? "
            "ORDER BY number",
            (row["id"],),
        ).fetchall()
        return {
            "id": row["id"],
            "table": row["table_id"],
            "variant": row["variant"],
            "names": json.loads(row["names"]),
            "started": row["started"],
            "totals": json.loads(row["totals"]) if row["totals"] else None,
            "winner": row["winner"],
            "over": row["finished"] is not None,
            "hands": [
                {**dict(h), "scores": json.loads(h["scores"]), "match": row["id"]} for h in hands
            ],
        }

    def hand(self, hand_id: int) -> dict[str, Any] | None:
        """One hand: its scores, its match's names, and its replay (JSON data, or ``None``)."""
        row = self._db.execute(
            "SELECT hands.*, matches.names, matches.variant FROM hands "
            "JOIN matches ON matches.id = hands.match_id WHERE hands.id = ?",
            (hand_id,),
        ).fetchone()
        if row is None:
            return None
        return {
            "id": row["id"],
            "match": row["match_id"],
            "number": row["number"],
            "status": row["status"],
            "caller": row["caller"],
            "scores": json.loads(row["scores"]),
            "names": json.loads(row["names"]),
            "variant": row["variant"],
            "replay": json.loads(row["replay"]) if row["replay"] else None,
        }


class HistoryRecorder:
    """The hosts' hand listener that writes each finished hand (and its match) to a history."""

    def __init__(self, history: History) -> None:
        self.history = history
        # each host's current match: (its match number, the row) (weak: a closed table goes)
        self._rows: weakref.WeakKeyDictionary[Any, tuple[int, int]] = weakref.WeakKeyDictionary()

    def __call__(self, host: Any, table: Table) -> None:
        """Write the finished hand of ``table`` at ``host`` (a GameHost)."""
        number, row = self._rows.get(host, (0, 0))
        if number != host.matches:
            spec = host.settings.variant.to_spec()
            number, row = (
                host.matches,
                self.history.new_match(host.table_id, spec, host.seats.names()),
            )
            self._rows[host] = (number, row)
        try:
            replay: str | None = json.dumps(nl.to_data(table.replay()))
        except ValueError:  # a hand that started from a position, not a deal
            replay = None
        final = table.state
        self.history.add_hand(row, host.hand, final, replay, nl.hand_scores(final), host.match)
