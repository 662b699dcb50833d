"""Shared by the server and browser tests: positions, and "skip, or fail in CI"."""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import nertslib as nl

#: Debian's package (apt-get install -y chromium), driven by Playwright without a download.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: Set to 1 (as .ci/run does) to make a missing server or browser dependency a failure.
REQUIRED = os.environ.get("NERTS_REQUIRE_BROWSER") == "1"


def need(module: str) -> ModuleType:
    """Import ``module``; when it is missing, skip (or, under NERTS_REQUIRE_BROWSER=1, fail)."""
    if REQUIRED:
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(module)
    return found


def race_position() -> nl.GameState:
    """Both seats hold a 2♠ that fits on foundation 0 (seat 0's A♠): one of them is too late."""
    return nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))


#: The moves of :func:`race_position`'s race.
RACE = ("0:2S@N>F0", "1:2S@P1>F0")


def before_the_call() -> tuple[nl.GameState, nl.Move]:
    """A greedy hand one move before its end: the move is the caller's call of Nerts."""
    replay = nl.record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    *_, before, _final = replay.states()
    call = replay.events[-1]
    assert isinstance(call, nl.Move)
    assert call.kind is nl.MoveKind.CALL
    return before, call


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    """Poll the page until the server answers (a readiness wait, not a timed assertion)."""
    for _ in range(300):
        if proc.poll() is not None:
            pytest.fail(f"the server exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    pytest.fail(f"the server did not come up:\n{log.read_text()}")


class Servers:
    """Starts ``python -m nertslib.server ARGS`` on free loopback ports; stops them."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.started: dict[str, subprocess.Popen[bytes]] = {}
        #: each test's own history file (unless it passes --db or --no-db)
        self.db = logs / "history.sqlite3"

    def __call__(self, *args: str) -> str:
        """Start a server with ``args``; returns its URL once it answers."""
        port = free_port()
        log = self.logs / f"server-{port}.log"
        command = [sys.executable, "-m", "nertslib.server", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--bot-delay", "0.05,0.1"]
        if "--db" not in args and "--no-db" not in args:
            command += ["--db", str(self.db)]
        with log.open("wb") as out:
            proc = subprocess.Popen([*command, *args], stdout=out, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        self.started[url] = proc
        _wait_until_up(url + "/", proc, log)
        return url

    def log(self, url: str) -> str:
        """What the server at ``url`` printed so far."""
        return (self.logs / f"server-{url.rsplit(':', 1)[1]}.log").read_text()

    def stop(self, url: str) -> None:
        """Stop the server at ``url`` (SIGTERM, as a service manager does) and wait for it."""
        proc = self.started.pop(url)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a stuck server
            proc.kill()
            proc.wait()


def servers() -> Iterator[Servers]:
    """Servers for one test (a fixture in the conftests), stopped at its end."""
    with tempfile.TemporaryDirectory() as logs:
        servers = Servers(Path(logs))
        yield servers
        for url in list(servers.started):
            servers.stop(url)
