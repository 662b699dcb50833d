#!/usr/bin/env python
"""The vector Gymnasium environment's steps per second beside ``parallel_env``'s (issue 36).

Usage (from the repository root, ``pip install -e ".[fast,gymnasium,pettingzoo]"``)::

    python benchmarks/vector_env.py            # about a minute
    python benchmarks/vector_env.py --quick    # a smoke run

4 seats, standard rules, one process, CPU seconds of this process (the machine is shared),
hands dealt from seeds never used before in the run, uniformly random legal actions drawn from
the masks. Two rates per environment: CPU time inside the environment's own calls (reset, step;
the figure the issue's ratio is about) and CPU time with the random policy's draws too (best of
the runs each). A *step* is one simultaneous step of one hand: PettingZoo's ``parallel_env``
(every seat's observation and mask returned), the single Gymnasium environment (the agent's
observation; greedy bots play the other seats), the vector environment (one step of each of its
``num_envs`` hands counts ``num_envs``) and the self-play batch (every seat's observation and
mask, like ``parallel_env``). The first figures include no compile: the kernels are loaded (or
compiled) before timing. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from typing import Any, TypeVar

import gymnasium
import numpy as np

import nertslib.adapters.gymnasium
from nertslib.adapters import pettingzoo as nerts_zoo
from nertslib.adapters.selfplay import SelfPlayBatch

SEATS = 4
_R = TypeVar("_R")
SEEDS = itertools.count(50_000)  # fresh seeds, never repeated within a run


def _random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal action per mask row (PASS where none is legal).

    Drawn from the nonzero entries at once: the k-th legal action of a row, k uniform (many
    times cheaper than an argmax over random floats times the masks, at 2,892 columns).
    """
    flat = masks.reshape(-1, masks.shape[-1])
    rows, cols = np.nonzero(flat)
    counts = np.bincount(rows, minlength=len(flat))
    if not cols.size:
        return np.zeros(masks.shape[:-1], np.int64)
    starts = np.cumsum(counts) - counts
    pick = np.minimum(starts + (rng.random(len(flat)) * counts).astype(np.int64), cols.size - 1)
    return np.where(counts > 0, cols[pick], 0).reshape(masks.shape[:-1])


class Clock:
    """Counts steps and the CPU time spent inside the environment's own calls.

    The random policy's draws are the agent's work, not the environment's: the table gives
    steps per second of the environment alone and of environment plus policy.
    """

    def __init__(self) -> None:
        self.steps, self.inside, self.start = 0, 0.0, time.process_time()

    def call(self, method: Callable[..., _R], *args: Any, **kwargs: Any) -> _R:
        before = time.process_time()
        result = method(*args, **kwargs)
        self.inside += time.process_time() - before
        return result

    def elapsed(self) -> float:
        return time.process_time() - self.start

    def rates(self) -> tuple[float, float]:
        """(steps/s of the environment alone, steps/s with the policy's draws)."""
        return self.steps / self.inside, self.steps / self.elapsed()


def parallel_env(seconds: float) -> tuple[float, float]:
    env, rng = nerts_zoo.parallel_env(seats=SEATS, max_cycles=600), np.random.default_rng(1)
    clock = Clock()
    while clock.elapsed() < seconds:
        observations, _ = clock.call(env.reset, seed=next(SEEDS))
        while env.agents:
            actions = {a: int(_random(rng, observations[a]["action_mask"])) for a in env.agents}
            observations, *_ = clock.call(env.step, actions)
            clock.steps += 1
    return clock.rates()


def single_env(seconds: float) -> tuple[float, float]:
    env, rng = (
        gymnasium.make(nertslib.adapters.gymnasium.ENV_ID, seats=SEATS),
        np.random.default_rng(2),
    )
    clock = Clock()
    while clock.elapsed() < seconds:
        observation, _ = clock.call(env.reset, seed=next(SEEDS))
        done = False
        while not done:
            action = int(_random(rng, observation["action_mask"]))
            observation, _, terminated, truncated, _ = clock.call(env.step, action)
            done = bool(terminated or truncated)
            clock.steps += 1
    return clock.rates()


def vector_env(num_envs: int) -> Callable[[float], tuple[float, float]]:
    def run(seconds: float) -> tuple[float, float]:
        envs = gymnasium.make_vec(
            nertslib.adapters.gymnasium.ENV_ID,
            num_envs=num_envs,
            vectorization_mode="vector_entry_point",
            seats=SEATS,
        )
        rng = np.random.default_rng(3)
        observations, _ = envs.reset(seed=next(SEEDS) * 10_000)
        envs.step(_random(rng, observations["action_mask"]))  # loads the kernels
        clock = Clock()
        while clock.elapsed() < seconds:
            actions = _random(rng, observations["action_mask"])
            observations, *_ = clock.call(envs.step, actions)
            clock.steps += num_envs
        return clock.rates()

    return run


def self_play(hands: int) -> Callable[[float], tuple[float, float]]:
    def run(seconds: float) -> tuple[float, float]:
        table, rng = SelfPlayBatch("standard", SEATS, hands), np.random.default_rng(4)
        clock = Clock()
        while clock.elapsed() < seconds:
            clock.call(table.deal, [next(SEEDS) * 10_000 + i for i in range(hands)])
            while not table.ended.all():
                _, masks = clock.call(table.observations)
                actions = _random(rng, masks)
                clock.call(table.step, actions)
                clock.steps += int((~table.ended).sum())
        return clock.rates()

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    seconds, repeats = (0.5, 1) if args.quick else (5.0, 3)
    SelfPlayBatch("standard", SEATS, 1).deal([0])  # compile or load the kernels first
    figures = [
        ("PettingZoo parallel_env", parallel_env),
        ("Gymnasium Nerts-v0 (greedy opponents)", single_env),
        ("vector env, num_envs=64 (greedy opponents)", vector_env(64)),
        ("vector env, num_envs=256 (greedy opponents)", vector_env(256)),
        ("SelfPlayBatch, 64 hands (every seat)", self_play(64)),
    ]
    runs = {name: [run(seconds) for _ in range(repeats)] for name, run in figures}
    alone = {name: max(r[0] for r in rs) for name, rs in runs.items()}
    policy = {name: max(r[1] for r in rs) for name, rs in runs.items()}
    base = "PettingZoo parallel_env"
    print(
        f"| environment ({SEATS} seats) | steps/s, environment alone | x parallel_env "
        f"| steps/s with the random policy | x parallel_env |"
    )
    print("|---|---|---|---|---|")
    for name in runs:
        print(
            f"| {name} | {alone[name]:,.0f} | {alone[name] / alone[base]:.1f} "
            f"| {policy[name]:,.0f} | {policy[name] / policy[base]:.1f} |"
        )


if __name__ == "__main__":
    main()
