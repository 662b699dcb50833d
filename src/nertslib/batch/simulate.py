"""``nl.simulate(engine="batch")``: a chunk of a simulation's tasks played by the batch engine.

The same :class:`~nertslib.simulation.HandResult` values, hand by hand, as the pure driver's
:func:`~nertslib.simulation.run_chunk` (the differential tests compare them): the deals of
the tasks' seeds, played to their end by the greedy rule at every seat.
"""

from __future__ import annotations

from nertslib.batch.core import Batch
from nertslib.simulation import HandResult, Settings


def run_tasks(settings: Settings, start: int, stop: int) -> tuple[HandResult, ...]:
    """Play tasks ``start .. stop - 1`` of ``settings`` (a greedy line-up) in one batch.

    >>> from nertslib.batch.simulate import run_tasks
    >>> from nertslib.simulation import Settings, run_chunk
    >>> settings = Settings(hands=3, seats=2)
    >>> run_tasks(settings, 0, 3) == run_chunk(settings, 0, 3)
    True
    """
    seats = settings.seats
    tasks = range(start, stop)
    numbers = [divmod(t, seats) if settings.paired else (t, 0) for t in tasks]
    batch = Batch.deal(settings.variant, seats, [settings.seed + n for n, _ in numbers])
    moves = batch.play_greedy(settings.max_actions).tolist()
    scores, callers, left = batch.scores().tolist(), batch.callers().tolist(), batch.nerts_left()
    over = batch.over().tolist()
    lineup = settings.lineup
    results = []
    for i, (task, (number, rotation)) in enumerate(zip(tasks, numbers, strict=True)):
        names = tuple(lineup[(s + rotation) % seats] for s in range(seats))
        caller = callers[i] if callers[i] >= 0 else None
        end = "nerts" if caller is not None else "stalemate" if over[i] else "unfinished"
        results.append(
            HandResult(
                task,
                number,
                rotation,
                names,
                tuple(scores[i]),
                caller,
                end,
                moves[i],
                tuple(left[i].tolist()),
            )
        )
    return tuple(results)
