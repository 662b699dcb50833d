"""Every script in examples/ runs to the end and prints what it promises."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))

#: Lines each example must print, in this order (each exactly, on a line of its own; other
#: lines may come between). A new example needs an entry here.
EXPECTED: dict[str, list[str]] = {
    "bot_from_view.py": [
        "hand over: stalemate after 179 actions",
        "racer (seat 0)      7",
        "greedy (seat 1)     2",
        "racer   mean score  12.90  win rate 0.45",
        "greedy  mean score  13.45  win rate 0.55",
        "racer - greedy: -0.55 (95% CI -2.08 to +0.98) over 20 paired deals, 40 hands",
    ],
    "host_table.py": [
        "  18   10.05s  batch  13  seat 0  0:2S@W>F3      ok (tie: both keep their cards)",
        "  19   10.05s  batch  13  seat 1  1:2S@P1>F3     ok (tie: both keep their cards)",
        " 178   82.26s  batch 138  seat 1  1:nerts        ok",
        " 179   82.26s  batch 138  seat 0  0:turn         ok",  # in the air, after the call
        "standard · 2 seats · over: seat 1 called Nerts",
        "scores: (6, 23)",
        "replay: 139 events (41 batches), same final state: True",
    ],
    "house_rules.py": [
        "house rules: standard,nerts_pile_size=11,stock_turn=1,max_stock_passes=3,"
        "caller_bonus=10,king_bonus=5,target_score=150",
        "saved house.toml: 24 lines, e.g. 'nerts_pile_size = 11'",
        "loaded back: the same rules",
        "hand of 3 greedy bots, seed 42: 300 actions, seat 2 went out",
        "seat 0: +26",
        "seat 1: +24",
        "seat 2: +38",
    ],
    "rl_training_loop.py": [
        "episodes  1-100: mean return  12.1",
        "episodes 101-200: mean return  13.7",
        "episodes 201-300: mean return  18.5",
        "preferred kinds: foundation, restock, under",
    ],
}

#: Modules an example needs beyond nertslib (an adapter extra); without them it is skipped.
REQUIRES: dict[str, tuple[str, ...]] = {
    "rl_training_loop.py": ("gymnasium", "numpy"),
}


def test_every_example_has_expected_output() -> None:
    names = [p.name for p in SCRIPTS]
    assert "house_rules.py" in names
    assert [name for name in names if name not in EXPECTED] == []


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    for module in REQUIRES.get(script.name, ()):
        pytest.importorskip(module)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,  # examples must not depend on the working directory
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = iter(result.stdout.splitlines())
    missing = [want for want in EXPECTED[script.name] if want not in lines]
    assert missing == [], result.stdout


def test_house_rules_output_exactly() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "house_rules.py")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=True,
    )
    assert result.stdout.splitlines() == EXPECTED["house_rules.py"]
