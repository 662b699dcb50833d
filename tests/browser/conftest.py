"""Fixtures of the browser tests: a real server (a subprocess on 127.0.0.1) and Chromium.

test_browser.py skips only when Playwright or Debian's Chromium (/usr/bin/chromium) is
missing, and under ``NERTS_REQUIRE_BROWSER=1`` (as .ci/run sets) it fails instead. Playwright never
downloads a browser here: it drives the system Chromium through ``executable_path``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

from tests.server.support import CHROMIUM, CHROMIUM_ARGS, servers

#: A real server per test (tests.server.support.servers).
serve = pytest.fixture(servers, name="serve")


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
