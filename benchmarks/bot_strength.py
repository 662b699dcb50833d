#!/usr/bin/env python
"""Bot strength: paired tournaments in chunks, saved as they finish, and time per move.

Usage (from the repository root, nertslib installed)::

    python benchmarks/bot_strength.py play search:24,greedy,greedy,greedy --seats 4 \\
        --deals 2000 --chunk 50 --seed 100000 --out strength-4.jsonl
    python benchmarks/bot_strength.py table strength-4.jsonl strength-2.jsonl
    python benchmarks/bot_strength.py time search:24 --seats 4 --hands 10
    python benchmarks/bot_strength.py time search:32 --seats 4 --hands 8 --engines pure,batch

``play`` runs :func:`nertslib.bots.tournament` on ``--chunk`` deals at a time (deal seeds
``seed``, ``seed + 1``, ...) and appends each chunk's hands to the JSON-lines file, so a run
stopped early keeps every finished chunk; run again with the same arguments, it goes on after
the last saved deal. ``table`` prints the docs' strength table from such files. ``time``
plays hands with one bot against greedy bots and reports its CPU time per move (``time
.process_time``: one core, whatever else the machine runs), mean, 95th percentile and maximum;
with ``--engines pure,batch`` it plays the same hands once per engine of the search bot's
playouts and prints the ratio of the means (the batch engine's kernels are loaded first, so
its compile or cache load is not timed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import nertslib as nl
from nertslib.bots import HandRecord, Interval, make_bot, tournament


def _saved(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(args: argparse.Namespace) -> None:
    """Append chunks of paired deals to ``args.out`` until ``args.deals`` are saved."""
    path = Path(args.out)
    line_up = args.bots.split(",")
    done = {int(str(r["deal"])) for r in _saved(path)}
    start = max(done) + 1 if done else 0
    for first in range(start, args.deals, args.chunk):
        hands = min(args.chunk, args.deals - first)
        t0 = time.time()
        result = tournament(line_up, hands, args.seats, args.seed + first, processes=args.processes)
        with path.open("a") as out:
            for r in result.records:
                row = {
                    "deal": first + r.deal,
                    "seed": args.seed + first + r.deal,
                    "seats": args.seats,
                    "names": r.names,
                    "scores": r.scores,
                    "over": r.over,
                }
                out.write(json.dumps(row) + "\n")
        print(f"deals {first}..{first + hands - 1} saved in {time.time() - t0:.0f} s", flush=True)


def _mean_score(cells: list[tuple[int, float]]) -> float:
    return statistics.mean(s for s, _ in cells)


def _summary(rows: list[dict[str, object]]) -> str:
    records = [
        HandRecord(
            int(str(r["deal"])),
            tuple(r["names"]),  # type: ignore[arg-type]
            tuple(r["scores"]),  # type: ignore[arg-type]
            bool(r["over"]),
        )
        for r in rows
    ]
    names = list(dict.fromkeys(n for r in records for n in r.names))
    per: dict[str, dict[int, list[tuple[int, float]]]] = {n: {} for n in names}
    for r in records:
        for name, score, win in zip(r.names, r.scores, r.wins(), strict=True):
            per[name].setdefault(r.deal, []).append((score, win))
    cells = []
    for name in names:
        score = Interval.of([statistics.mean(s for s, _ in v) for v in per[name].values()])
        wins = Interval.of([statistics.mean(w for _, w in v) for v in per[name].values()])
        cells.append(
            f"{name}: {score.mean:.2f} [{score.low:.2f}, {score.high:.2f}], "
            f"wins {wins.mean:.3f} [{wins.low:.3f}, {wins.high:.3f}]"
        )
    a, b = names[0], names[1]
    deals = [d for d in per[a] if d in per[b]]
    diff = Interval.of([_mean_score(per[a][d]) - _mean_score(per[b][d]) for d in deals])
    seats = len(records[0].names)
    unfinished = sum(not r.over for r in records)
    ci = f"{diff.mean:+.2f} [{diff.low:+.2f}, {diff.high:+.2f}]"
    return (
        f"| {seats} | {a} vs {b} | {len(deals)} | {len(records)} | {ci} | "
        f"{'; '.join(cells)} | {unfinished} |"
    )


def table(args: argparse.Namespace) -> None:
    """Print one table row per saved file."""
    print("| seats | pairing | deals | hands | first − second [95% CI] | per bot | unfinished |")
    print("|---|---|---|---|---|---|---|")
    for name in args.files:
        print(_summary(_saved(Path(name))))


def time_moves(args: argparse.Namespace) -> None:
    """CPU time per move of one bot against greedy bots, once per engine asked for."""
    engines = args.engines.split(",") if args.engines else [None]
    means: dict[str | None, float] = {}
    hands: dict[str | None, list[object]] = {}
    for engine in engines:
        means[engine], hands[engine] = _time_engine(args, engine)
    if len(engines) > 1:
        first, *rest = engines
        same = all(hands[e] == hands[first] for e in rest)
        ratios = ", ".join(f"{first}/{e} {means[first] / means[e]:.1f}x" for e in rest)
        print(f"mean time a move: {ratios}; the same hands, move for move: {same}")


def _time_engine(args: argparse.Namespace, engine: str | None) -> tuple[float, list[object]]:
    """Play the hands with ``args.bot`` (its search on ``engine``); print and return the mean."""
    bot = make_bot(args.bot, 1)
    if engine is not None:
        bot.engine = engine  # type: ignore[attr-defined]
        # Load (or compile) the engine's kernels before timing: one search of two moves.
        seen = nl.view(nl.deal("standard", args.seats, 0), 0)
        bot.gains(seen, 0, [nl.Move.turn(0), nl.Move.turn(0)])  # type: ignore[attr-defined]
    times: list[float] = []

    def timed(mine: nl.View, seat: int) -> nl.Move | None:
        t0 = time.process_time()
        move = bot(mine, seat)
        times.append(time.process_time() - t0)
        return move

    timed.waits_when_stuck = True  # type: ignore[attr-defined]
    played: list[object] = []
    for i in range(args.hands):
        bots: list[nl.Bot] = [nl.greedy_bot] * args.seats
        bots[i % args.seats] = timed
        played.append(nl.play_hand(nl.deal("standard", args.seats, args.seed + i), bots))
    times.sort()
    ms = [1000 * t for t in times]
    label = args.bot if engine is None else f"{args.bot} ({engine} engine)"
    print(
        f"{label} at {args.seats} seats: {len(ms)} moves in {args.hands} hands, CPU ms/move "
        f"mean {statistics.mean(ms):.2f}, median {statistics.median(ms):.2f}, "
        f"p95 {ms[int(0.95 * len(ms))]:.2f}, max {ms[-1]:.2f}"
    )
    return statistics.mean(ms), played


def main() -> None:
    """Parse the command line and run one of the three commands."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("bots")
    p.add_argument("--seats", type=int, required=True)
    p.add_argument("--deals", type=int, required=True)
    p.add_argument("--chunk", type=int, default=50)
    p.add_argument("--seed", type=int, default=100_000)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--out", required=True)
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    m = sub.add_parser("time")
    m.add_argument("bot")
    m.add_argument("--seats", type=int, default=4)
    m.add_argument("--hands", type=int, default=8)
    m.add_argument("--seed", type=int, default=500)
    m.add_argument(
        "--engines",
        default="",
        help="e.g. pure,batch: time a SearchBot's playouts on each engine, the same hands",
    )
    args = parser.parse_args()
    {"play": play, "table": table, "time": time_moves}[args.command](args)


if __name__ == "__main__":
    main()
