"""Fixtures of the browser tests: a real server (a subprocess on 127.0.0.1) and Chromium.

test_browser.py skips only when Playwright or Debian's Chromium (/usr/bin/chromium) is
missing, and under ``NERTS_REQUIRE_BROWSER=1`` (as .ci/run sets) it fails instead. Playwright never
downloads a browser here: it drives the system Chromium through ``executable_path``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

from tests.server.support import CHROMIUM, CHROMIUM_ARGS


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


@pytest.fixture
def serve() -> Iterator[Servers]:
    """Servers for one test; every one still running at the end is stopped."""
    with tempfile.TemporaryDirectory() as logs:
        servers = Servers(Path(logs))
        yield servers
        for url in list(servers.started):
            servers.stop(url)


# Module scope: Playwright's sync API keeps an event loop on this thread while it runs, and
# later tests (the doctests' asyncio.run) need it gone.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only where installed

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page_errors() -> list[Any]:
    """JavaScript errors seen by the pages a test opens (each test asserts there are none)."""
    return []
