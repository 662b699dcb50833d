"""Shared pytest configuration: Hypothesis settings profiles.

Select a profile with the ``HYPOTHESIS_PROFILE`` environment variable (default ``dev``):

- ``ci``: 200 examples, derandomized, no example database.
- ``dev``: 50 examples, for quick local runs.
- ``mutation``: 10 examples, derandomized, no example database, no shrinking: for mutmut,
  which runs the suite once per mutant.
- ``deep``: 5,000 examples, for nightly runs.
- ``crosshair``: the CrossHair symbolic backend (needs the ``verify`` extra).
"""

import importlib.util
import json
import os
from pathlib import Path

from hypothesis import HealthCheck, Phase, Verbosity, settings

settings.register_profile(
    "ci",
    max_examples=200,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "mutation",
    max_examples=10,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
    # mutmut needs to know only that a test fails, not the smallest failing example
    phases=[Phase.explicit, Phase.generate],
)
settings.register_profile("deep", max_examples=5_000, deadline=None, verbosity=Verbosity.normal)
# backend="crosshair" raises InvalidArgument at registration if hypothesis-crosshair is
# absent, which would break a plain `pip install -e ".[test]"`: register it only if present.
if importlib.util.find_spec("hypothesis_crosshair_provider") is not None:
    settings.register_profile(
        "crosshair",
        backend="crosshair",
        max_examples=50,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


if os.environ.get("MUTANT_UNDER_TEST"):
    # mutmut forks each mutant's test run from a process that has already run the suite, so
    # the engine's memo caches arrive filled: a mutated function whose result is cached is
    # never called, and its mutant would survive unseen. Under mutmut, every test starts cold.
    import signal
    from collections.abc import Iterator
    from types import FrameType

    import pytest

    from nertslib.testing import clear_caches

    @pytest.fixture(autouse=True)
    def _cold_caches() -> None:
        clear_caches(tables=True)

    @pytest.fixture(autouse=True)
    def _time_limit() -> Iterator[None]:
        """Under mutmut, a test still running after 20 s fails: its mutant loops for ever.

        mutmut's own limit is CPU time scaled from the whole suite's, minutes per mutant; no
        test of the original code takes more than a few seconds.
        """

        def stop(_signum: int, _frame: FrameType | None) -> None:
            msg = "still running after 20 s under mutmut: the mutant loops for ever"
            raise TimeoutError(msg)

        previous = signal.signal(signal.SIGALRM, stop)
        signal.alarm(20)
        try:
            yield
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)

    def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
        """Under mutmut, run the fastest tests first.

        mutmut stops a mutant's run at the first failing test and passes the tests in no
        particular order; most mutants are killed by some quick scenario test, so running
        those before the long property tests makes a run several times shorter. Durations
        come from mutmut's own stats run (``mutmut-stats.json`` in its working directory).
        """
        stats = Path("mutmut-stats.json")
        if not stats.is_file():
            return
        durations = json.loads(stats.read_text())["duration_by_test"]
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
