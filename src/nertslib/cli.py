"""The ``nerts`` command: ``nerts demo`` plays a seeded hand between bots and prints it.

>>> from nertslib.cli import main
>>> main(["demo", "--seats", "2", "--seed", "4", "--moves", "0"])  # doctest: +ELLIPSIS
Nerts demo: standard, 2 seats, seed 4, greedy bots
...
seat  moves  on foundations  left in Nerts pile  score
...
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from nertslib.bots import greedy_bot, play_hand
from nertslib.deal import deal
from nertslib.render import table
from nertslib.scoring import outcome
from nertslib.state import EndReason
from nertslib.variants import get, names

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    variant = get(args.variant)
    start = deal(variant, seats=args.seats, seed=args.seed)
    final, log = play_hand(start, [greedy_bot] * args.seats)
    result = outcome(final)
    assert result is not None
    print(f"Nerts demo: {args.variant}, {args.seats} seats, seed {args.seed}, greedy bots")
    print()
    if args.moves:
        shown = list(log[: args.moves])
        rows = [[i + 1, "system" if m is None else str(m)] for i, m in enumerate(shown)]
        print(table(["#", "move"], rows))
        if len(log) > len(shown):
            print(f"... {len(log) - len(shown)} more")
        print()
    print(final)
    print()
    rows = []
    for lay, score in zip(final.layouts, result.scores, strict=True):
        seat = lay.seat
        played = sum(1 for m in log if m is not None and m.seat == seat)
        on_fnd = sum(1 for p in final.fnd for c in p if c // 54 == seat)
        rows.append([seat, played, on_fnd, len(lay.nerts), score])
    print(table(["seat", "moves", "on foundations", "left in Nerts pile", "score"], rows))
    print()
    if result.reason is EndReason.NERTS:
        print(f"Seat {result.caller} called Nerts after {len(log)} actions.")
    else:
        print(f"Stalemate after {len(log)} actions.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nerts`` command with ``argv`` (default: the process arguments).

    Returns:
        The exit status.
    """
    parser = argparse.ArgumentParser(prog="nerts", description="The card game Nerts.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded hand between greedy bots and print it")
    demo.add_argument("--seed", type=int, default=7, help="deal seed (default 7)")
    demo.add_argument("--seats", type=int, default=4, choices=range(1, 9), help="seats (4)")
    demo.add_argument("--variant", default="standard", choices=names(), help="preset")
    demo.add_argument("--moves", type=int, default=20, help="log lines to show (20)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return _demo(args)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
