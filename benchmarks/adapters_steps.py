"""Steps per second of the RL adapters (OpenSpiel, PettingZoo, Gymnasium), on fresh seeds.

Needs the three adapter extras::

    pip install -e ".[openspiel,pettingzoo,gymnasium]"
    python benchmarks/adapters_steps.py              # about 5 s per figure, 3 repeats
    python benchmarks/adapters_steps.py --seconds 1  # quicker

A *step* is one simultaneous step: every seat acts once. Each figure plays uniformly random
legal actions (drawn from the action mask) on hands dealt from seeds never used before in the
run, and counts what an RL loop needs each step: every seat's observation and legal actions
(OpenSpiel: ``observation_tensor`` and ``legal_actions`` per player; PettingZoo and Gymnasium:
the returned dict observations). Gymnasium's bots (greedy) play the other seats. The best of
the repeats is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable, Iterator

import gymnasium
import numpy as np
import pyspiel

import nertslib.adapters.gymnasium
import nertslib.adapters.openspiel
from nertslib.adapters import pettingzoo as nerts_zoo

SEEDS = itertools.count(10_000)  # fresh seeds, never repeated within a run


def openspiel_steps(seats: int, rng: np.random.Generator) -> Iterator[int]:
    game = pyspiel.load_game("python_nerts", {"players": seats, "max_steps": 600})
    while True:
        state = game.new_initial_state()
        seed = next(SEEDS) % nertslib.adapters.openspiel.NUM_DEALS
        state.apply_action(seed // nertslib.adapters.openspiel.DEAL_BASE)  # the deal's two
        state.apply_action(seed % nertslib.adapters.openspiel.DEAL_BASE)  # chance nodes
        while not state.is_terminal():
            actions = []
            for p in range(seats):
                state.observation_tensor(p)
                actions.append(int(rng.choice(state.legal_actions(p))))
            state.apply_actions(actions)
            yield 1


def pettingzoo_steps(seats: int, rng: np.random.Generator) -> Iterator[int]:
    env = nerts_zoo.parallel_env(seats=seats, max_cycles=600)
    while True:
        observations, _ = env.reset(seed=next(SEEDS))
        while env.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                for a in env.agents
            }
            observations, *_ = env.step(actions)
            yield 1


def gymnasium_steps(seats: int, rng: np.random.Generator) -> Iterator[int]:
    env = gymnasium.make("nertslib/Nerts-v0", seats=seats, opponents="greedy", max_steps=600)
    while True:
        observation, _ = env.reset(seed=next(SEEDS))
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            yield 1


def rate(
    steps: Callable[[int, np.random.Generator], Iterator[int]], seats: int, seconds: float
) -> float:
    stream = steps(seats, np.random.default_rng(next(SEEDS)))
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        count += next(stream)
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    figures = [
        ("OpenSpiel python_nerts (random actions)", openspiel_steps),
        ("PettingZoo parallel_env (random actions)", pettingzoo_steps),
        ("Gymnasium Nerts-v0 (random agent vs greedy bots)", gymnasium_steps),
    ]
    print(f"| adapter | seats | steps/s (best of {args.repeats} x {args.seconds:g} s) |")
    print("|---|---|---|")
    for (name, steps), seats in itertools.product(figures, (2, 4)):
        best = max(rate(steps, seats, args.seconds) for _ in range(args.repeats))
        print(f"| {name} | {seats} | {best:,.0f} |")


if __name__ == "__main__":
    main()
