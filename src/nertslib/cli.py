"""The ``nerts`` command: ``nerts demo`` plays a seeded hand between bots and prints it.

``nerts demo --save FILE`` also writes the hand's replay as JSON, and ``nerts replay FILE``
plays a saved replay back (``--moves`` lists its events).

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
from pathlib import Path

from nertslib.bots import greedy_bot, record_hand
from nertslib.moves import Move
from nertslib.render import table
from nertslib.replay import RESOLVE, Batch, Replay
from nertslib.scoring import hand_scores, outcome
from nertslib.serialize import SerializationError, from_json, to_json
from nertslib.state import EndReason, GameState
from nertslib.variants import get, names

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    variant = get(args.variant)
    replay = record_hand(variant, args.seats, args.seed, [greedy_bot] * args.seats)
    log = _log(replay)
    print(f"Nerts demo: {args.variant}, {args.seats} seats, seed {args.seed}, greedy bots")
    print()
    if args.moves:
        shown = list(log[: args.moves])
        rows = [[i + 1, "system" if m is None else str(m)] for i, m in enumerate(shown)]
        print(table(["#", "move"], rows))
        if len(log) > len(shown):
            print(f"... {len(log) - len(shown)} more")
        print()
    _summary(replay.final(), log)
    if args.save is not None:
        try:
            Path(args.save).write_text(to_json(replay, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"nerts demo: error: cannot write {args.save}: {exc}", file=sys.stderr)
            return 1
        print(f"Replay saved to {args.save}.")
    return 0


def _log(replay: Replay) -> tuple[Move | None, ...]:
    """The events as :func:`play_hand` logs them: ``None`` for RESOLVE, a batch move by move."""
    log: list[Move | None] = []
    for event in replay.events:
        if isinstance(event, Batch):
            log.extend(event.moves)
        else:
            log.append(None if event is RESOLVE else event)
    return tuple(log)


def _summary(final: GameState, log: Sequence[Move | None]) -> None:
    """Print the final position, the score table and how the hand ended."""
    result = outcome(final)
    scores = hand_scores(final) if result is None else result.scores
    print(final)
    print()
    rows = []
    for lay, score in zip(final.layouts, scores, strict=True):
        seat = lay.seat
        played = sum(1 for m in log if m is not None and m.seat == seat)
        on_fnd = sum(1 for p in final.fnd for c in p if c // 54 == seat)
        rows.append([seat, played, on_fnd, len(lay.nerts), score])
    print(table(["seat", "moves", "on foundations", "left in Nerts pile", "score"], rows))
    print()
    if result is None:
        print(f"The hand is still in play after {len(log)} actions.")
    elif result.reason is EndReason.NERTS:
        print(f"Seat {result.caller} called Nerts after {len(log)} actions.")
    else:
        print(f"Stalemate after {len(log)} actions.")


def _replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"nerts replay: error: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        replay = from_json(text, Replay)
    except SerializationError as exc:
        print(f"nerts replay: error: {args.file}: {exc}", file=sys.stderr)
        return 1
    n = len(replay.events)
    spec = replay.variant.to_spec()
    print(f"Nerts replay: {spec}, {replay.seats} seats, seed {replay.seed}, {n} events")
    print()
    if args.moves and n:
        rows = [[i + 1, "resolve" if e is RESOLVE else str(e)] for i, e in enumerate(replay.events)]
        print(table(["#", "event"], rows))
        print()
    _summary(replay.final(), _log(replay))
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
    demo.add_argument("--save", metavar="FILE", help="also write the hand's replay (JSON) to FILE")
    replay = sub.add_parser("replay", help="replay a hand saved as JSON and print how it ended")
    replay.add_argument("file", metavar="FILE", help="a replay written by 'nerts demo --save'")
    replay.add_argument("--moves", action="store_true", help="list every event of the hand")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return _demo(args)
    if args.command == "replay":
        return _replay(args)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
