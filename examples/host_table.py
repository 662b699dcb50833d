"""Simulate a host: two seats submit moves to a Table, alone or together, and print the log.

Each tick, both seats look at the same position and pick a move (mostly the greedy bot's,
sometimes a random legal one). Then either both moves arrive together, as one batch settled by
``arbitrate`` (ties are kept under ``tie_policy="both_keep"``), or they arrive one after the
other, and a card that reaches a foundation second is "too late". The clock is simulated, so
the run is the same for the same seed.

At the end the table's hand is turned into a replay (``Table.replay``), which a host can save
as JSON with ``nertslib.serialize.to_json``.

Run it with ``python examples/host_table.py --seed 22``.
"""

from __future__ import annotations

import argparse
import random

import nertslib as nl
from nertslib.table import Event, Table


class SimulatedClock:
    """Seconds since the start, advanced by the simulation."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def choose(state: nl.GameState, seat: int, rng: random.Random) -> nl.Move | None:
    """What a player at ``seat`` would do now: usually the greedy bot's move."""
    legal = nl.legal_moves(state, seat)
    if not legal:
        return None
    if rng.random() < 0.8:
        return nl.greedy_bot(nl.view(state, seat), seat)
    return rng.choice(legal)


def describe(event: Event, state: nl.GameState) -> str:
    """One log line; ``state`` is the table's final position (to spot tied cards)."""
    if event.move is None:
        return f"{event.seq:4} {event.time:7.2f}s  batch {event.batch:3}  everyone stuck: resolved"
    if event.rejection is None:
        outcome = "ok"
        card = event.move.card
        if event.move.to_foundation and card is not None:
            for pile in state.foundations:
                if card in pile:
                    i = pile.index(card)
                    near = pile[max(0, i - 1) : i] + pile[i + 1 : i + 2]
                    if any(other.rank == card.rank for other in near):
                        outcome = "ok (tie: both keep their cards)"
    elif event.rejection.reason is nl.Reason.RACE_LOST:
        outcome = "too late"
    else:
        outcome = f"rejected: {event.rejection.reason.value}"
    return (
        f"{event.seq:4} {event.time:7.2f}s  batch {event.batch:3}  "
        f"seat {event.seat}  {event.move!s:14} {outcome}"
    )


def simulate(seed: int, ticks: int) -> Table:
    """Play up to ``ticks`` rounds of a 2-seat hand on a Table."""
    rng = random.Random(seed)
    clock = SimulatedClock()
    table = Table(nl.deal("standard", seats=2, seed=seed), clock=clock)
    for _ in range(ticks):
        if table.is_over:
            break
        clock.now += rng.uniform(0.2, 1.5)
        if table.resolve_stalemate():
            continue
        state = table.state  # both players see the same position
        picks = [m for m in (choose(state, seat, rng) for seat in (0, 1)) if m is not None]
        rng.shuffle(picks)  # who is faster this time
        if rng.random() < 0.5:
            table.submit_batch(picks)  # arrived together
        else:
            for move in picks:  # arrived one after the other
                clock.now += rng.uniform(0.01, 0.1)
                table.submit(move)
    return table


def main() -> None:
    """Run the simulation and print the event log and the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--ticks", type=int, default=500)
    args = parser.parse_args()
    table = simulate(args.seed, args.ticks)
    state = table.state
    for event in table.events:
        print(describe(event, state))
    print()
    print(state)
    print("scores:", nl.hand_scores(state))
    replay = table.replay()  # the hand as data: batches replay through arbitrate, ties kept
    batches = sum(isinstance(event, nl.Batch) for event in replay.events)
    same = replay.final() == state
    print(f"replay: {len(replay.events)} events ({batches} batches), same final state: {same}")


if __name__ == "__main__":
    main()
