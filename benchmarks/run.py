#!/usr/bin/env python
"""The nertslib benchmarks: what users feel, on new positions, as ratios from one run.

Usage (from the repository root, in a venv with nertslib and python-chess, e.g.
``pip install -e ".[dev]"``)::

    python benchmarks/run.py           # the headline table, a few minutes
    python benchmarks/run.py --quick   # a smoke test, well under a minute
    python benchmarks/run.py --rss     # also RSS after 5 000 and 50 000 new hands (slow)
    python benchmarks/run.py --breakdown  # where a random pair's time goes, and its bound

Method: every workload deals *new* hands (fresh seeds on every repeat, never a hand played
before in the process), so nothing can be remembered from an earlier pass. The workloads run
interleaved, repeat after repeat, with two yardsticks measured in the same run: python-chess
random playouts and a calibration loop (``x += i * i``). Figures are medians over repeats of
the per-repeat ratio, so noise that hits one repeat hits both sides of its ratio. Nothing here
asserts on time; the table prints the targets of issue 29 beside the figures.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

import chess

import nertslib as nl
from nertslib.transition import successor

SEATS = 4
VARIANT = "standard"
RANDOM_CAP = 300  # actions per random hand: uniform play rarely ends a hand
GREEDY_ROUNDS = 150  # rounds of every seat per greedy hand (most hands end well before)
# The calibration rate and the 900 hands/s target of issue 29 come from the same machine
# class (performance-notes.md section 7): 900 hands/s there is this many loop iterations.
REFERENCE_CAL_RATE = 24.0e6
HANDS_TARGET_CAL_IT = REFERENCE_CAL_RATE / 900


@dataclass(frozen=True)
class Config:
    repeats: int
    hands: int  # new hands per workload and repeat
    calibration_n: int
    chess_moves: int


FULL = Config(repeats=7, hands=12, calibration_n=2_000_000, chess_moves=20_000)
QUICK = Config(repeats=2, hands=3, calibration_n=500_000, chess_moves=3_000)


class Seeds:
    """Hands never dealt before in this process: every call takes the next unused seeds."""

    def __init__(self, start: int) -> None:
        self.next = start

    def take(self, n: int) -> range:
        seeds = range(self.next, self.next + n)
        self.next += n
        return seeds


def calibration(n: int) -> float:
    """Seconds for ``n`` iterations of the calibration loop."""
    start = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - start


def chess_rate(n_moves: int, seed: int) -> float:
    """python-chess random playouts (legal moves, then push one), moves per second."""
    rng = random.Random(seed)
    board = chess.Board()
    start = time.perf_counter()
    for _ in range(n_moves):
        if board.is_game_over():
            board = chess.Board()
        board.push(rng.choice(list(board.legal_moves)))
    return n_moves / (time.perf_counter() - start)


def random_pairs(seeds: range) -> tuple[int, float]:
    """``legal_moves`` then ``apply`` of a uniform choice, every seat in turn, on new hands."""
    pairs, elapsed = 0, 0.0
    for seed in seeds:
        state = nl.deal(VARIANT, SEATS, seed)
        rng = random.Random(seed)
        start = time.perf_counter()
        for k in range(RANDOM_CAP):
            if state.status is not None:
                break
            state = nl.apply(state, rng.choice(nl.legal_moves(state, k % SEATS)))
            pairs += 1
        elapsed += time.perf_counter() - start
    return pairs, elapsed


@dataclass
class Split:
    """A random pair's time in three parts (seconds), and how many pairs were on work piles
    the seat had not had before in the hand."""

    pairs: int = 0
    first_seen: int = 0
    moves_first: float = 0.0  # legal_moves on work piles the seat has not had this hand
    moves_known: float = 0.0  # legal_moves on work piles the seat had before
    applying: float = 0.0


def random_split(seeds: range, split: Split) -> None:
    """:func:`random_pairs`, each call timed alone and sorted by the seat's work piles.

    A configuration of work piles is *first seen* when the seat has not had it before in the
    hand: then the moves between the piles, and where a card may go on them, are worked out
    anew; otherwise they were worked out before (``Context.work_facts``).
    """
    clock = time.perf_counter
    for seed in seeds:
        state = nl.deal(VARIANT, SEATS, seed)
        rng = random.Random(seed)
        seen: set[object] = set()
        for k in range(RANDOM_CAP):
            if state.status is not None:
                break
            lay = state.layouts[k % SEATS]
            piles = (lay.seat, lay.work, lay.down, lay.bound)
            t0 = clock()
            moves = nl.legal_moves(state, k % SEATS)
            t1 = clock()
            move = rng.choice(moves)
            t2 = clock()
            state = nl.apply(state, move)
            split.applying += clock() - t2
            if piles in seen:
                split.moves_known += t1 - t0
            else:
                seen.add(piles)
                split.first_seen += 1
                split.moves_first += t1 - t0
            split.pairs += 1


def hand_transitions(seeds: range) -> tuple[int, float]:
    """Whole greedy hands, then their moves again through ``transition.successor`` alone
    (the states ``play_hand`` builds, with no decision and no validation): seconds of those."""
    logs = [
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), [nl.greedy_bot] * SEATS)[1] for seed in seeds
    ]
    starts = [nl.deal(VARIANT, SEATS, seed) for seed in seeds]
    start = time.perf_counter()
    for dealt, log in zip(starts, logs, strict=True):
        state = dealt
        for move in log:
            state = nl.resolve_stalemate(state) if move is None else successor(state, move)
    return len(starts), time.perf_counter() - start


def breakdown(cfg: Config, seeds: Seeds) -> None:
    """Print where a random pair's time goes, and the ratio it would reach if work piles met
    for the first time cost no more than known ones (what no memo of them can beat); then
    what building the states of whole greedy hands costs, against the hands target."""
    split, chess_rates = Split(), []
    for repeat in range(cfg.repeats):
        chess_rates.append(chess_rate(cfg.chess_moves, repeat))
        random_split(seeds.take(cfg.hands * 4), split)
    chess = median(chess_rates)
    total = split.moves_first + split.moves_known + split.applying
    known = split.pairs - split.first_seen
    bound = total - split.moves_first + split.first_seen * split.moves_known / known
    print(
        f"random pairs, each call timed alone: {split.pairs:,} pairs, "
        f"{split.first_seen / split.pairs:.0%} on work piles first seen in the hand"
    )
    for name, seconds, calls in (
        ("legal_moves, work piles first seen", split.moves_first, split.first_seen),
        ("legal_moves, work piles seen before", split.moves_known, known),
        ("apply", split.applying, split.pairs),
    ):
        share, each = seconds / total, seconds / calls * 1e6
        print(f"  {name:<36} {share:5.0%} of the time, {each:5.1f} us a call")
    print(
        f"  as timed {split.pairs / total / chess:.2f}x chess; if first-seen piles cost as "
        f"known ones: {split.pairs / bound / chess:.2f}x (target >= 4x)"
    )
    cal_rate = cfg.calibration_n / calibration(cfg.calibration_n)
    hands, seconds = hand_transitions(seeds.take(cfg.hands * 4))
    print(
        f"whole greedy hands: building their states alone takes {seconds / hands * cal_rate:,.0f} "
        f"cal-it a hand, of the {HANDS_TARGET_CAL_IT:,.0f} the 900/s target allows in all"
    )


def greedy_pairs(seeds: range) -> tuple[int, float]:
    """``greedy_bot`` on a seat's view, then ``apply``: the public way a bot plays."""
    pairs, elapsed = 0, 0.0
    for seed in seeds:
        state = nl.deal(VARIANT, SEATS, seed)
        start = time.perf_counter()
        for _ in range(GREEDY_ROUNDS):
            if state.status is not None:
                break
            for seat in range(SEATS):
                move = nl.greedy_bot(nl.view(state, seat), seat)
                if move is not None:
                    state = nl.apply(state, move)
                    pairs += 1
                    if state.status is not None:
                        break
        elapsed += time.perf_counter() - start
    return pairs, elapsed


def whole_hands(seeds: range) -> tuple[int, float]:
    """Whole greedy hands with ``play_hand`` (the deal not timed)."""
    starts = [nl.deal(VARIANT, SEATS, seed) for seed in seeds]
    start = time.perf_counter()
    for state in starts:
        nl.play_hand(state, [nl.greedy_bot] * SEATS)
    return len(starts), time.perf_counter() - start


def stuck_share(seeds: range) -> tuple[float, float]:
    """Seconds of random moves, and of ``is_stuck`` of every seat after each of them."""
    moving = checking = 0.0
    for seed in seeds:
        state = nl.deal(VARIANT, SEATS, seed)
        rng = random.Random(seed)
        for k in range(RANDOM_CAP):
            if state.status is not None:
                break
            t0 = time.perf_counter()
            state = nl.apply(state, rng.choice(nl.legal_moves(state, k % SEATS)))
            t1 = time.perf_counter()
            for seat in range(SEATS):
                nl.is_stuck(state, seat)
            moving += t1 - t0
            checking += time.perf_counter() - t1
    return moving, checking


def bytes_per_state(seeds: range) -> tuple[float, float]:
    """Bytes of a standalone state (read back from NFEN: nothing shared with another), and
    bytes added per state kept in a greedy hand's history (structure shared)."""
    finals = [
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), [nl.greedy_bot] * SEATS) for seed in seeds
    ]
    texts = [nl.deal(VARIANT, SEATS, seed).to_nfen() for seed in seeds]
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [nl.GameState.from_nfen(text) for text in texts]
    standalone = (tracemalloc.get_traced_memory()[0] - base) / len(kept)
    history: list[nl.GameState] = []
    base = tracemalloc.get_traced_memory()[0]
    for seed, (_, log) in zip(seeds, finals, strict=True):
        state = nl.deal(VARIANT, SEATS, seed)
        for move in log:
            state = nl.resolve_stalemate(state) if move is None else nl.apply(state, move)
            history.append(state)
    per_state = (tracemalloc.get_traced_memory()[0] - base) / len(history)
    tracemalloc.stop()
    del kept, history
    return standalone, per_state


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_growth(seeds: Seeds) -> tuple[float, float]:
    """Peak RSS (MB) after 5 000 and after 50 000 new greedy hands in this process."""
    for seed in seeds.take(5_000):
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), [nl.greedy_bot] * SEATS)
    early = rss_mb()
    for seed in seeds.take(45_000):
        nl.play_hand(nl.deal(VARIANT, SEATS, seed), [nl.greedy_bot] * SEATS)
    return early, rss_mb()


def median(values: list[float]) -> float:
    return statistics.median(values)


def run(cfg: Config, with_rss: bool, seeds: Seeds) -> None:
    cal: list[float] = []
    rows: dict[str, list[float]] = {k: [] for k in ("random", "greedy", "hands", "stuck")}
    chess_rates: list[float] = []
    work: dict[str, Callable[[range], tuple[float, float]]] = {
        "random": random_pairs,
        "greedy": greedy_pairs,
        "hands": whole_hands,
    }
    for repeat in range(cfg.repeats):
        cal_rate = cfg.calibration_n / calibration(cfg.calibration_n)
        chess = chess_rate(cfg.chess_moves, repeat)
        cal.append(cal_rate)
        chess_rates.append(chess)
        for name, workload in work.items():
            done, seconds = workload(seeds.take(cfg.hands))
            rate = done / seconds
            rows[name].append(rate / chess if name != "hands" else cal_rate / rate)
        moving, checking = stuck_share(seeds.take(cfg.hands))
        rows["stuck"].append(checking / moving)
    standalone, history = bytes_per_state(seeds.take(cfg.hands))
    report(cfg, median(cal), median(chess_rates), rows, standalone, history)
    if with_rss:
        early, late = rss_growth(seeds)
        print(
            f"peak RSS after 5 000 new hands {early:.1f} MB, after 50 000 {late:.1f} MB "
            f"(+{(late / early - 1) * 100:.1f} %; target: within 10 %)"
        )


def report(
    cfg: Config,
    cal: float,
    chess: float,
    rows: dict[str, list[float]],
    standalone: float,
    history: float,
) -> None:
    hands_cal_it = median(rows["hands"])
    print(
        f"nertslib {nl.__version__}, Python {sys.version.split()[0]}, {cfg.repeats} repeats, "
        f"{cfg.hands} new {SEATS}-seat {VARIANT} hands per workload and repeat"
    )
    print(
        f"yardsticks: calibration {cal / 1e6:.1f} M it/s, python-chess {chess / 1e3:.1f} k moves/s"
    )
    table = [
        ("random legal_moves+apply pairs", f"{median(rows['random']):.2f}x chess", ">= 4x"),
        ("greedy_bot(view)+apply pairs", f"{median(rows['greedy']):.2f}x chess", ">= 2x"),
        (
            "whole greedy hands (play_hand)",
            f"{hands_cal_it:,.0f} cal-it/hand = {REFERENCE_CAL_RATE / hands_cal_it:,.0f}/s "
            f"at the reference rate ({cal / hands_cal_it:,.0f}/s here)",
            f"<= {HANDS_TARGET_CAL_IT:,.0f} cal-it (900/s)",
        ),
        (
            "is_stuck of every seat after each move",
            f"{median(rows['stuck']):.2f}x the moves",
            "< 1x",
        ),
        ("standalone state", f"{standalone:,.0f} B", "< 5 000 B"),
        ("state kept in a history", f"{history:,.0f} B", "< 500 B"),
    ]
    width = max(len(name) for name, _, _ in table)
    for name, figure, target in table:
        print(f"  {name:<{width}}  {figure:<48}  target {target}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test")
    parser.add_argument("--rss", action="store_true", help="RSS over 50 000 new hands (slow)")
    parser.add_argument(
        "--breakdown", action="store_true", help="where a random pair's time goes, only"
    )
    args = parser.parse_args(argv)
    cfg = QUICK if args.quick else FULL
    # Seeds from the clock, so that no run replays the hands of the run before.
    seeds = Seeds(10_000_000 + int(time.time()) % 1_000_000 * 100)
    if args.breakdown:
        breakdown(cfg, seeds)
    else:
        run(cfg, args.rss, seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
