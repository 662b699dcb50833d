#!/usr/bin/env python
"""The learned bot's training recipe: imitation of the search bot, then a scorer of moves.

Usage (from the repository root, ``pip install -e ".[learn]"``: PyTorch, NumPy, matplotlib;
PyTorch's CPU build is enough)::

    python benchmarks/train_learned.py data --seats 2 --hands 700 --seed 2000000 --out d2.npz
    python benchmarks/train_learned.py data --seats 4 --hands 500 --seed 4000000 --out d4.npz
    python benchmarks/train_learned.py train d2.npz d4.npz --epochs 40 --seed 0 \\
        --out src/nertslib/bots/learned.npz --curve docs/_static/learned-curve.json
    python benchmarks/train_learned.py tune src/nertslib/bots/learned.npz \\
        --bonus 0 -1.4 -1.7 -2.0 -2.3 -2.6 --deals 150
    python benchmarks/train_learned.py plot docs/_static/learned-curve.json \\
        --out docs/_static/learned-curve.png

``data`` plays hands in which one seat (rotating with the deal) is ``search:N`` (``--teacher``,
deterministic: a fixed number of playouts, no clock) and the others greedy; at each of the
teacher's decisions it records the feature rows of every legal move
(:func:`nertslib.bots.learned.move_features`) and which move the teacher chose. ``train``
fits the scorer (features → ``--hidden`` ReLU units → one score) by the softmax over each
decision's moves (a conditional logit: the chosen move's log-probability among its
alternatives), on one CPU thread, seeded; it keeps a tenth of the decisions (by deal) for
validation and writes the weights as float32 arrays ``w1``, ``b1``, ``w2``, ``b2`` and the
learning curve (loss and agreement with the teacher per epoch). ``tune`` picks the bonus
added to the greedy rule's move (``greedy_bonus``) by paired tournaments against greedy: the
network alone copies the teacher's most likely move, which is greedy's almost everywhere; a
negative bonus lets it play the alternatives it rates high. ``plot`` draws the curve.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

import nertslib as nl
from nertslib.bots import make_bot, tournament
from nertslib.bots.learned import FEATURES, move_features


def _recorder(
    teacher: nl.Bot, rows: list[list[float]], groups: list[int], labels: list[int]
) -> Any:
    """A bot playing as ``teacher`` that records each decision's feature rows and choice."""

    def bot(mine: nl.View, seat: int) -> nl.Move | None:
        move = teacher(mine, seat)
        moves = mine.legal_moves(seat)
        if move is not None and move in moves and len(moves) > 1:
            labels.append(len(rows) + moves.index(move))
            groups.extend([len(labels) - 1] * len(moves))
            rows.extend(move_features(mine, seat, moves))
        return move

    bot.waits_when_stuck = getattr(teacher, "waits_when_stuck", False)  # type: ignore[attr-defined]
    return bot


def data(args: argparse.Namespace) -> None:
    """Play ``--hands`` hands with the teacher at one seat and save its decisions."""
    rows: list[list[float]] = []
    groups: list[int] = []
    labels: list[int] = []
    deals: list[int] = []
    t0 = time.time()
    for i in range(args.hands):
        teacher = make_bot(args.teacher, seed=args.seed + i)
        bots: list[nl.Bot] = [nl.greedy_bot] * args.seats
        bots[i % args.seats] = _recorder(teacher, rows, groups, labels)
        before = len(labels)
        nl.play_hand(nl.deal("standard", args.seats, args.seed + i), bots, max_actions=5000)
        deals.extend([i] * (len(labels) - before))
        if (i + 1) % 50 == 0 or i + 1 == args.hands:
            # saved as it goes: a run stopped early keeps what it played
            _save(args.out, rows, groups, labels, deals)
            print(f"{i + 1} hands, {len(labels)} decisions, {time.time() - t0:.0f} s", flush=True)


def _save(
    out: str, rows: list[list[float]], groups: list[int], labels: list[int], deals: list[int]
) -> None:
    np.savez_compressed(
        out,
        x=np.asarray(rows, dtype=np.float32),
        group=np.asarray(groups, dtype=np.int64),
        label=np.asarray(labels, dtype=np.int64),
        deal=np.asarray(deals, dtype=np.int64),
    )


def _load(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    xs, gs, ls, ds = [], [], [], []
    rows = decisions = 0
    for k, path in enumerate(paths):
        d = np.load(path)
        xs.append(d["x"])
        gs.append(d["group"] + decisions)
        ls.append(d["label"] + rows)
        ds.append(d["deal"] + 1_000_000 * k)
        rows += len(d["x"])
        decisions += len(d["label"])
    return np.concatenate(xs), np.concatenate(gs), np.concatenate(ls), np.concatenate(ds)


def train(args: argparse.Namespace) -> None:
    """Fit the scorer on the saved decisions; write the weights and the learning curve."""
    import torch  # noqa: PLC0415 - the training extra only

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    x, group, label, deal = _load(args.files)
    assert x.shape[1] == len(FEATURES)
    rng = np.random.default_rng(args.seed)
    held = set(rng.permutation(np.unique(deal))[: max(1, len(np.unique(deal)) // 10)].tolist())
    val_decision = np.isin(deal, list(held))
    model = torch.nn.Sequential(
        torch.nn.Linear(len(FEATURES), args.hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(args.hidden, 1),
    )
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=1e-5)
    xt, gt = torch.tensor(x), torch.tensor(group)
    n = len(label)
    curve = []
    t0 = time.time()
    for epoch in range(args.epochs):
        order = rng.permutation(np.flatnonzero(~val_decision))
        for start in range(0, len(order), args.batch):
            batch = np.sort(order[start : start + args.batch])
            loss, _ = _loss(model, xt, gt, label, batch, n)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            tr_loss, tr_acc = _loss(model, xt, gt, label, np.flatnonzero(~val_decision), n)
            va_loss, va_acc = _loss(model, xt, gt, label, np.flatnonzero(val_decision), n)
        point = {
            "epoch": epoch + 1,
            "train_loss": float(tr_loss),
            "val_loss": float(va_loss),
            "train_agreement": tr_acc,
            "val_agreement": va_acc,
            "seconds": round(time.time() - t0, 1),
        }
        curve.append(point)
        print(json.dumps(point), flush=True)
    params = [p.detach().numpy().astype(np.float32) for p in model.parameters()]
    np.savez_compressed(
        args.out,
        w1=params[0].T,
        b1=params[1],
        w2=params[2][0],
        b2=params[3],
        greedy_bonus=np.zeros(1, dtype=np.float32),
    )
    # how often the greedy rule's move is the teacher's: the level a copy of greedy reaches
    greedy = x[label, FEATURES.index("greedy_choice")] == 1
    meta = {
        "decisions": int(n),
        "rows": len(x),
        "files": args.files,
        "greedy_agreement": {
            "train": float(greedy[~val_decision].mean()),
            "val": float(greedy[val_decision].mean()),
        },
        "curve": curve,
    }
    Path(args.curve).write_text(json.dumps(meta, indent=1) + "\n")


def _loss(
    model: Any, xt: Any, gt: Any, label: np.ndarray, decisions: np.ndarray, n: int
) -> tuple[Any, float]:
    """Mean negative log-likelihood of the teacher's choices over ``decisions``, and agreement."""
    import torch  # noqa: PLC0415

    keep = torch.tensor(np.isin(gt.numpy(), decisions))
    rows = torch.nonzero(keep)[:, 0]
    scores = model(xt[rows])[:, 0]
    g = gt[rows]
    # the log of each decision's softmax denominator, by scatter over its rows
    m = torch.full((n,), -1e30).scatter_reduce(0, g, scores, reduce="amax")
    z = torch.zeros(n).scatter_add(0, g, torch.exp(scores - m[g]))
    chosen = torch.zeros(len(xt))
    chosen[rows] = scores
    picked = chosen[torch.tensor(label[decisions])]
    lse = torch.log(z[torch.tensor(decisions)]) + m[torch.tensor(decisions)]
    best = torch.full((n,), -1e30).scatter_reduce(0, g, scores, reduce="amax")
    agree = float((picked >= best[torch.tensor(decisions)] - 1e-9).float().mean())
    return (lse - picked).mean(), agree


def tune(args: argparse.Namespace) -> None:
    """Pick the greedy bonus that does best against greedy in paired tournaments; save it."""
    from nertslib.bots.learned import LearnedBot  # noqa: PLC0415

    w = dict(np.load(args.weights).items())
    results = []
    for bonus in args.bonus:
        w["greedy_bonus"] = np.asarray([bonus], dtype=np.float32)
        bot = LearnedBot(weights={k: v.astype(np.float64) for k, v in w.items()})
        total = 0.0
        for seats in args.seats:
            line_up: list[str | nl.Bot] = [bot, *["greedy"] * (seats - 1)]
            result = tournament(line_up, args.deals, seats, args.seed, processes=1)
            total += result.difference.mean
            print(f"bonus {bonus}: {seats} seats {result.difference}", flush=True)
        results.append((total, bonus))
    best = max(results)[1]
    w["greedy_bonus"] = np.asarray([best], dtype=np.float32)
    np.savez_compressed(args.weights, **w)
    print(f"greedy bonus {best} saved in {args.weights}")


def plot(args: argparse.Namespace) -> None:
    """Draw the learning curve saved by ``train``."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    meta = json.loads(Path(args.curve).read_text())
    curve = meta["curve"]
    epochs = [p["epoch"] for p in curve]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    a.plot(epochs, [p["train_loss"] for p in curve], label="training")
    a.plot(epochs, [p["val_loss"] for p in curve], label="validation")
    a.set_xlabel("epoch")
    a.set_ylabel("loss (NLL of the teacher's move)")
    a.legend()
    b.plot(epochs, [p["train_agreement"] for p in curve], label="training")
    b.plot(epochs, [p["val_agreement"] for p in curve], label="validation")
    for part, style in (("train", ":"), ("val", "--")):
        level = meta["greedy_agreement"][part]
        b.axhline(level, color="grey", linestyle=style, label=f"greedy rule ({part})")
    b.set_xlabel("epoch")
    b.set_ylabel("agreement with the teacher")
    b.legend()
    fig.suptitle("The learned bot: imitation of search (benchmarks/train_learned.py)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)


def main() -> None:
    """Parse the command line and run one of the three commands."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data")
    d.add_argument("--seats", type=int, required=True)
    d.add_argument("--hands", type=int, required=True)
    d.add_argument("--seed", type=int, default=1_000_000)
    d.add_argument("--teacher", default="search:16")
    d.add_argument("--out", required=True)
    t = sub.add_parser("train")
    t.add_argument("files", nargs="+")
    t.add_argument("--epochs", type=int, default=30)
    t.add_argument("--hidden", type=int, default=16)
    t.add_argument("--lr", type=float, default=3e-3)
    t.add_argument("--batch", type=int, default=512)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", required=True)
    t.add_argument("--curve", required=True)
    u = sub.add_parser("tune")
    u.add_argument("weights")
    u.add_argument("--bonus", type=float, nargs="+", default=[0.0, 1.0, 2.0, 4.0])
    u.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    u.add_argument("--deals", type=int, default=150)
    u.add_argument("--seed", type=int, default=700_000)
    p = sub.add_parser("plot")
    p.add_argument("curve")
    p.add_argument("--out", required=True)
    args = parser.parse_args()
    {"data": data, "train": train, "tune": tune, "plot": plot}[args.command](args)


if __name__ == "__main__":
    main()
