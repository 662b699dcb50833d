"""Fixtures of the server tests: a real server (a subprocess on 127.0.0.1) where one is needed."""

from __future__ import annotations

import pytest

from tests.server.support import servers

#: A real server per test (tests.server.support.servers).
serve = pytest.fixture(servers, name="serve")
