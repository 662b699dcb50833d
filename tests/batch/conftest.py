"""The batch engine's tests report how many positions they compared with the pure engine."""

from __future__ import annotations

import pytest

from tests.batch.helpers import CHECKED, EXAMPLES


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per test that counted positions, and their total (nothing if none ran)."""
    if not CHECKED:
        return
    terminalreporter.section("batch engine: positions compared with the pure engine")
    for test, count in sorted(CHECKED.items()):
        terminalreporter.write_line(f"{count:>12,}  {test} ({EXAMPLES[test]:,} examples)")
    terminalreporter.write_line(f"{sum(CHECKED.values()):>12,}  in all")
