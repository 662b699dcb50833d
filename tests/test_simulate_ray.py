"""The Ray backend of nertslib.simulate on a local Ray with two workers (the `ray` extra).

Marked ``ray`` and deselected by default (a local Ray takes a while to start); CI installs
the extra and runs ``pytest -m ray``.
"""

import json

import pytest
from click.testing import CliRunner

import nertslib as nl
from nertslib.cli.app import nerts
from tests.batch.helpers import require_fast

pytestmark = pytest.mark.ray


def without_timings(result: nl.simulation.SimulationResult) -> dict[str, object]:
    data = result.to_data()
    del data["timings"]
    return data


def test_ray_backend_matches_processes(tmp_path):
    import ray  # noqa: PLC0415 - only this test needs the ray extra

    bots = ("greedy", "random", "greedy")
    local = nl.simulate(40, workers=2, seats=3, bots=bots, seed=11, paired=True)
    seen: list[int] = []
    on_ray = nl.simulate(
        40, workers=2, backend="ray", progress=seen.append, seats=3, bots=bots, seed=11, paired=True
    )
    assert without_timings(on_ray) == without_timings(local)
    assert (on_ray.backend, on_ray.workers) == ("ray", 2)
    assert sum(seen) == 120
    assert not ray.is_initialized()  # the local Ray it started is shut down again

    path = tmp_path / "ray.json"
    args = ["simulate", "--hands", "40", "--seats", "3", "--bots", "greedy,random,greedy"]
    args += ["--seed", "11", "--paired", "--backend", "ray", "--workers", "2", "--json", str(path)]
    result = CliRunner().invoke(nerts, args)
    assert result.exit_code == 0, result.output
    assert "hands/s with 2 worker(s) (ray)" in result.stdout
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["timings"]["backend"] == "ray"
    del data["timings"]
    assert data == json.loads(json.dumps(without_timings(local)))


def test_ray_plays_the_batch_engine_hand_by_hand():
    # CI runs this again in its batch block, where numba is installed and a skip fails.
    require_fast()
    bots = ("greedy", "random", "random")
    pure = nl.simulate(30, workers=1, seats=3, bots=bots, seed=5, engine="pure")
    on_ray = nl.simulate(30, workers=2, backend="ray", seats=3, bots=bots, seed=5, engine="batch")
    assert (on_ray.engine, on_ray.backend) == ("batch", "ray")
    assert without_timings(on_ray) == without_timings(pure)
