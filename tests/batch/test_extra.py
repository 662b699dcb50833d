"""Without the ``fast`` extra: clear errors naming it, and ``engine="auto"`` takes the pure engine.

Runs with or without numba: the extra is hidden by setting its modules to ``None`` in
``sys.modules`` (an import of them then fails), and the batch modules are forgotten.
"""

from __future__ import annotations

import importlib
import sys

import pytest

import nertslib as nl
from nertslib import simulation


@pytest.fixture
def no_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    for name in [m for m in sys.modules if m.startswith("nertslib.batch")]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.usefixtures("no_fast")
def test_importing_the_batch_engine_names_the_extra() -> None:
    with pytest.raises(nl.NertsError, match=r'the "fast" extra') as error:
        importlib.import_module("nertslib.batch")
    assert isinstance(error.value, ImportError)  # package walkers pass it over


@pytest.mark.usefixtures("no_fast")
def test_engine_batch_names_the_extra() -> None:
    with pytest.raises(nl.NertsError, match=r"nertslib\[fast\]"):
        nl.simulate(2, seats=2, workers=1, engine="batch")


@pytest.mark.usefixtures("no_fast")
def test_engine_auto_plays_pure_without_the_extra() -> None:
    assert not simulation.fast_installed()
    assert nl.simulate(2, seats=2, workers=1).engine == "pure"
