#!/usr/bin/env python
"""The batch engine's benchmark (issue 36): one core, 4 seats, standard rules, new seeds.

Usage (from the repository root, in a venv with ``pip install -e ".[fast,bench]"``)::

    python benchmarks/batch.py           # the table, about a minute
    python benchmarks/batch.py --quick   # a smoke run (no compile-time figures)

Every repeat deals hands never dealt before in the process. Each workload is timed in CPU
seconds of this process (the machine is shared: wall time counts the neighbours' work), beside
two yardsticks measured in the same run: python-chess random playouts (legal moves, push one)
and a calibration loop (``x += i * i``). Figures are medians over repeats of per-repeat ratios.
The compile figures come from fresh processes with an empty numba cache directory, then the
same directory again. Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import chess
import numpy as np

import nertslib as nl
from nertslib.batch import Batch
from nertslib.batch.drive import RANDOM
from nertslib.cards import MAX_SEATS

SEATS = 4
VARIANT = "standard"
BATCH = 4096


@dataclass(frozen=True)
class Config:
    repeats: int
    greedy_hands: int
    random_steps: int
    calibration_n: int
    chess_moves: int
    random_hands: int


FULL = Config(
    repeats=5,
    greedy_hands=2048,
    random_steps=200,
    calibration_n=2_000_000,
    chess_moves=20_000,
    random_hands=256,
)
QUICK = Config(
    repeats=2,
    greedy_hands=256,
    random_steps=20,
    calibration_n=500_000,
    chess_moves=3_000,
    random_hands=32,
)


class Seeds:
    """Seeds never dealt before in this process."""

    def __init__(self, start: int) -> None:
        self.next = start

    def take(self, n: int) -> list[int]:
        out = list(range(self.next, self.next + n))
        self.next += n
        return out


def cpu() -> float:
    return time.process_time()


def calibration(n: int) -> float:
    """Iterations per CPU second of the calibration loop."""
    start = cpu()
    x = 0
    for i in range(n):
        x += i * i
    return n / (cpu() - start)


def chess_rate(n_moves: int, seed: int) -> float:
    """python-chess random playouts: moves per CPU second."""
    rng = random.Random(seed)
    board = chess.Board()
    start = cpu()
    for _ in range(n_moves):
        if board.is_game_over():
            board = chess.Board()
        board.push(rng.choice(list(board.legal_moves)))
    return n_moves / (cpu() - start)


def random_rate(seeds: list[int], steps: int) -> float:
    """Random legal action + apply, every seat in turn, on a batch: actions per CPU second.

    ``Batch.random_step``: the legal actions are generated, one drawn, applied (as a random
    playout lists legal moves and pushes one).
    """
    batch = Batch.deal(VARIANT, SEATS, seeds)
    rng = np.random.default_rng(seeds[0])
    done = 0
    start = cpu()
    for k in range(steps):
        live = ~batch.over()
        if not live.any():
            break
        batch.random_step(k % SEATS, rng)  # draw a legal action per hand, apply it
        done += int(live.sum())
    return done / (cpu() - start)


def greedy_rate(seeds: list[int]) -> tuple[float, float]:
    """Whole greedy hands (deal included): hands per CPU second, and mean actions per hand."""
    start = cpu()
    batch = Batch.deal(VARIANT, SEATS, seeds)
    counts = batch.play_greedy()
    return len(seeds) / (cpu() - start), float(counts.mean())


def pure_greedy_rate(seeds: list[int]) -> float:
    """The pure engine's play_hand with the greedy bot, for the same comparison."""
    start = cpu()
    for seed in seeds:
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), [nl.greedy_bot] * SEATS)
    return len(seeds) / (cpu() - start)


def random_hands_rate(seeds: list[int]) -> tuple[float, float]:
    """Whole hands of random bots at every seat: hands per CPU second, mean actions per hand.

    ``Batch.play`` as ``nl.simulate``'s batch engine calls it: each seat draws from its
    ``RandomBot``'s stream.
    """
    start = cpu()
    batch = Batch.deal(VARIANT, SEATS, seeds)
    kinds = np.full((len(seeds), SEATS), RANDOM, dtype=np.int64)
    rng = np.array([[s * MAX_SEATS + k for k in range(SEATS)] for s in seeds], dtype=np.uint64)
    counts = batch.play(kinds, rng)
    return len(seeds) / (cpu() - start), float(counts.mean())


def pure_random_rate(seeds: list[int]) -> float:
    """The pure engine's play_hand with the same random bots, for the same comparison."""
    start = cpu()
    for seed in seeds:
        bots = [nl.RandomBot(seed * MAX_SEATS + k) for k in range(SEATS)]
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), bots)
    return len(seeds) / (cpu() - start)


_START = """
import time
t = time.perf_counter()
from nertslib.batch import Batch
from nertslib.batch.drive import RANDOM
from nertslib.cards import MAX_SEATS
b = Batch.deal("standard", 4, [1, 2])
b.legal_mask(0); b.apply(0, b.random(0, 1)); b.stuck(0); b.greedy(0); b.play_greedy()
b.scores(); b.resolve_stalemates()
import numpy as np
b.play(np.ones((2, 4), dtype=np.int64), np.zeros((2, 4), dtype=np.uint64), 500)
print(time.perf_counter() - t)
"""


def start_times() -> tuple[float, float]:
    """Seconds to import and run every kernel once: with an empty cache, then cached."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        run = [sys.executable, "-c", _START]
        first = float(
            subprocess.run(run, env=env, check=True, capture_output=True, text=True).stdout
        )
        cached = float(
            subprocess.run(run, env=env, check=True, capture_output=True, text=True).stdout
        )
    return first, cached


def memory() -> int:
    """Bytes of a batch of 4 096 four-seat hands (its rows and seeds)."""
    batch = Batch.deal(VARIANT, SEATS, range(BATCH))
    return int(batch.rows.nbytes + batch.seeds.nbytes + batch.params.nbytes + batch.tables.nbytes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    quick = parser.parse_args().quick
    config = QUICK if quick else FULL
    # A first compile takes minutes: the smoke run (CI) leaves it out.
    first, cached = (float("nan"), float("nan")) if quick else start_times()
    seeds = Seeds(10**9)
    warm = Batch.deal(VARIANT, SEATS, seeds.take(8))  # load (or compile) the kernels
    warm.random_step(0, 0)
    warm.play_greedy()
    random_hands_rate(seeds.take(2))
    keys = ("cal", "chess", "random", "greedy", "pure", "len", "rhands", "rpure", "rlen")
    rows: dict[str, list[float]] = {k: [] for k in keys}
    for repeat in range(config.repeats):
        rows["cal"].append(calibration(config.calibration_n))
        rows["chess"].append(chess_rate(config.chess_moves, repeat))
        rows["random"].append(random_rate(seeds.take(BATCH), config.random_steps))
        rate, length = greedy_rate(seeds.take(config.greedy_hands))
        rows["greedy"].append(rate)
        rows["len"].append(length)
        rows["pure"].append(pure_greedy_rate(seeds.take(max(4, config.greedy_hands // 64))))
        rate, length = random_hands_rate(seeds.take(config.random_hands))
        rows["rhands"].append(rate)
        rows["rlen"].append(length)
        rows["rpure"].append(pure_random_rate(seeds.take(max(2, config.random_hands // 32))))
    report(rows, first, cached)


def report(rows: dict[str, list[float]], first: float, cached: float) -> None:
    med = statistics.median
    ratio = lambda a, b: med(x / y for x, y in zip(rows[a], rows[b], strict=True))  # noqa: E731
    cal = med(rows["cal"])
    print(f"calibration loop: {cal / 1e6:.1f} M iterations per CPU second")
    print(f"python-chess random playouts: {med(rows['chess']):,.0f} moves/s")
    print(
        f"random legal action + apply (batch of {BATCH}): {med(rows['random']):,.0f} actions/s"
        f" = {ratio('random', 'chess'):.0f}x python-chess (target 100x, must 50x)"
    )
    print(
        f"whole greedy hands: {med(rows['greedy']):,.0f} hands/s"
        f" ({med(rows['len']):.0f} actions per hand, deal included;"
        f" {med(c / g for c, g in zip(rows['cal'], rows['greedy'], strict=True)):,.0f}"
        f" calibration iterations per hand; target 10 000/s, must 5 000/s)"
    )
    print(
        f"pure play_hand greedy: {med(rows['pure']):,.0f} hands/s"
        f" (batch / pure: {ratio('greedy', 'pure'):.0f}x)"
    )
    print(
        f"whole random-bot hands (Batch.play, simulate's batch engine): "
        f"{med(rows['rhands']):,.0f} hands/s ({med(rows['rlen']):.0f} actions per hand);"
        f" pure play_hand with RandomBot: {med(rows['rpure']):,.1f} hands/s"
        f" (batch / pure: {ratio('rhands', 'rpure'):.0f}x)"
    )
    print(f"first compile (empty cache, import + every kernel once): {first:.1f} s")
    print(f"cached start (same, from the cache): {cached:.2f} s")
    print(f"memory of a {BATCH}-hand four-seat batch: {memory() / 2**20:.1f} MiB (target < 64 MB)")


if __name__ == "__main__":
    main()
