"""``nl.simulate(engine="batch")``: a chunk of a simulation's tasks played by the batch engine.

The same :class:`~nertslib.simulation.HandResult` values, hand by hand, as the pure driver's
:func:`~nertslib.simulation.run_chunk` (the differential tests compare them): the deals of
the tasks' seeds, played to their end by the line-up's greedy and random bots
(:meth:`~nertslib.batch.Batch.play`), the random bot of seat ``s`` in the deal with seed
``d`` drawing from ``make_bot("random", seed=d * MAX_SEATS + s)``'s stream, as the pure
driver's does.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from nertslib.batch.core import Batch
from nertslib.batch.drive import GREEDY, RANDOM
from nertslib.cards import MAX_SEATS
from nertslib.simulation import HandResult, Settings

#: The bots the batch engine plays, by name, and their kinds in :mod:`nertslib.batch.drive`.
KINDS: Final = {"greedy": GREEDY, "random": RANDOM}
#: ``RandomBot(seed)`` keeps its seed modulo 2**64 as its generator state.
_MASK: Final = (1 << 64) - 1


def run_tasks(settings: Settings, start: int, stop: int) -> tuple[HandResult, ...]:
    """Play tasks ``start .. stop - 1`` of ``settings`` (a greedy/random line-up) in one batch.

    >>> from nertslib.batch.simulate import run_tasks
    >>> from nertslib.simulation import Settings, run_chunk
    >>> settings = Settings(hands=3, seats=2, bots=("greedy", "random"), max_actions=300)
    >>> run_tasks(settings, 0, 3) == run_chunk(settings, 0, 3)
    True
    """
    seats = settings.seats
    tasks = range(start, stop)
    numbers = [divmod(t, seats) if settings.paired else (t, 0) for t in tasks]
    lineup = settings.lineup
    names = [tuple(lineup[(s + rot) % seats] for s in range(seats)) for _, rot in numbers]
    seeds = [settings.seed + n for n, _ in numbers]
    batch = Batch.deal(settings.variant, seats, seeds)
    kinds = np.array([[KINDS[name] for name in row] for row in names], dtype=np.int64)
    rng = np.array(
        [[(seed * MAX_SEATS + s) & _MASK for s in range(seats)] for seed in seeds],
        dtype=np.uint64,
    )
    moves = batch.play(kinds, rng, settings.max_actions).tolist()
    scores, callers, left = batch.scores().tolist(), batch.callers().tolist(), batch.nerts_left()
    over = batch.over().tolist()
    results = []
    for i, (task, (number, rotation)) in enumerate(zip(tasks, numbers, strict=True)):
        caller = callers[i] if callers[i] >= 0 else None
        end = "nerts" if caller is not None else "stalemate" if over[i] else "no_progress"
        if end == "no_progress" and moves[i] >= settings.max_actions:
            end = "unfinished"
        results.append(
            HandResult(
                task,
                number,
                rotation,
                names[i],
                tuple(scores[i]),
                caller,
                end,
                moves[i],
                tuple(left[i].tolist()),
            )
        )
    return tuple(results)
