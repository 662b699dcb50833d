"""Root pytest configuration: the doctests of optional extras run only where they are installed.

``testpaths`` includes ``src`` (doctests), and importing ``nertslib.server`` needs the
``server`` extra (its doctests also use Starlette's TestClient, from ``server-test``). Without
them those modules are not collected; ``NERTS_REQUIRE_BROWSER=1`` (set by .ci/run for its server
block) collects them anyway, so a missing dependency fails there instead of hiding.
"""

import importlib.util
import os

_SERVER_DEPENDENCIES = ("starlette", "uvicorn", "websockets")
#: Starlette's TestClient runs on httpx2 (Starlette 1.10 on) or httpx (before).
_TEST_CLIENTS = ("httpx2", "httpx")

collect_ignore_glob: list[str] = []
if os.environ.get("NERTS_REQUIRE_BROWSER") != "1" and not (
    all(importlib.util.find_spec(name) for name in _SERVER_DEPENDENCIES)
    and any(importlib.util.find_spec(name) for name in _TEST_CLIENTS)
):
    collect_ignore_glob.append("src/nertslib/server/*")

# The batch engine (nertslib.batch, and the search bot's side of it, nertslib.bots.batched)
# needs the `fast` extra (numba, numpy); NERTS_REQUIRE_FAST=1 (set by .ci/run for its batch
# block) collects their doctests anyway.
if os.environ.get("NERTS_REQUIRE_FAST") != "1" and not all(
    importlib.util.find_spec(name) for name in ("numba", "numpy")
):
    collect_ignore_glob += ["src/nertslib/batch/*", "src/nertslib/bots/batched.py"]
