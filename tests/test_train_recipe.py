"""The learned bot's training recipe: its data is the same on the vector and the plain env.

``benchmarks/train_learned.py`` gathers the teacher's decisions on the batch engine's vector
environment where the ``fast`` extra is installed, else on plain environments; the two are
exact against each other, so the choice changes the speed, never the data. Needs the
gymnasium and fast extras (CI's batch block runs it with NERTS_REQUIRE_FAST=1); gathering
never needs PyTorch.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tests.batch.helpers import require_fast

pytest.importorskip("gymnasium")
require_fast()

import numpy as np  # noqa: E402

from nertslib.bots.learned import LearnedBot  # noqa: E402

RECIPE = Path(__file__).resolve().parents[1] / "benchmarks" / "train_learned.py"


def _recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_learned", RECIPE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("seats", "student"), [(2, None), (4, None), (2, LearnedBot)])
def test_the_recipe_gathers_the_same_decisions_on_the_vector_and_the_plain_env(
    seats: int, student: type[LearnedBot] | None
) -> None:
    recipe = _recipe()
    # 3 hands, 2 at a time: a full round (agent at seat 0), then one hand at seat 1; the
    # teacher labels, and plays unless a student (DAgger) does
    vector, plain = (
        recipe.gather(
            seats, 3, 11, teacher="search:4", student=student, num_envs=2, vector=v
        ).arrays()
        for v in (True, False)
    )
    assert sorted(vector) == ["deal", "group", "label", "x"]
    for name, values in vector.items():
        np.testing.assert_array_equal(values, plain[name], err_msg=name)
    decisions = len(vector["label"])
    assert decisions > 20
    assert set(vector["deal"].tolist()) == {0, 1, 2}
    # every decision's chosen row is one of its own rows, and each has a choice
    assert (vector["group"][vector["label"]] == np.arange(decisions)).all()
    assert (np.bincount(vector["group"], minlength=decisions) >= 2).all()
    assert vector["x"].shape == (len(vector["group"]), len(recipe.FEATURES))
