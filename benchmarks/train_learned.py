#!/usr/bin/env python
"""The learned bot's training recipe: imitation of the search bot, then a scorer of moves.

Usage (from the repository root, ``pip install -e ".[learn,gymnasium,fast]"``: PyTorch, NumPy,
matplotlib, Gymnasium, numba; PyTorch's CPU build is enough, and ``data`` needs no PyTorch)::

    python benchmarks/train_learned.py data --seats 2 --hands 700 --seed 2000000 --out d2.npz
    python benchmarks/train_learned.py data --seats 4 --hands 500 --seed 4000000 --out d4.npz
    python benchmarks/train_learned.py train d2.npz d4.npz --epochs 40 --seed 0 \\
        --out first.npz --curve first.json
    python benchmarks/train_learned.py tune first.npz \\
        --bonus 0 -1.4 -1.7 -2.0 -2.3 -2.6 --deals 150
    python benchmarks/train_learned.py data --seats 2 --hands 700 --seed 2100000 \\
        --student first.npz --out g2.npz
    python benchmarks/train_learned.py data --seats 4 --hands 500 --seed 4100000 \\
        --student first.npz --out g4.npz
    python benchmarks/train_learned.py train d2.npz d4.npz g2.npz g4.npz --epochs 40 --seed 0 \\
        --out second.npz --curve second.json
    python benchmarks/train_learned.py tune second.npz \\
        --bonus 0 -1.4 -1.7 -2.0 -2.3 -2.6 --deals 150
    python benchmarks/train_learned.py data --seats 2 --hands 700 --seed 2200000 \\
        --student second.npz --out h2.npz
    python benchmarks/train_learned.py data --seats 4 --hands 500 --seed 4200000 \\
        --student second.npz --out h4.npz
    python benchmarks/train_learned.py train d2.npz d4.npz g2.npz g4.npz h2.npz h4.npz \\
        --epochs 40 --seed 0 \\
        --out src/nertslib/bots/learned.npz --curve docs/_static/learned-curve.json
    python benchmarks/train_learned.py tune src/nertslib/bots/learned.npz \\
        --bonus 0 -1.4 -1.7 -2.0 -2.3 -2.6 --deals 150
    python benchmarks/train_learned.py plot docs/_static/learned-curve.json \\
        --out docs/_static/learned-curve.png

``data`` steps Gymnasium environments (``"nertslib/Nerts-v0"``, greedy opponents; the
``gymnasium`` extra): the batch engine's vector environment (``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``) where the ``fast`` extra (numba) is installed,
else a ``SyncVectorEnv`` of plain ones (``--engine`` forces either; ``--envs`` hands are
stepped together). The vector environment is exact against the plain one, so the choice
changes the speed, never the data (``tests/test_train_recipe.py``). At every step the teacher,
``search:N`` (``--teacher``, deterministic: a fixed number of playouts, no clock, seeded by
the deal), chooses from the agent seat's view (the seat rotates with each round of
``--envs`` hands); where it had a choice, the feature rows of every legal move
(:func:`nertslib.bots.learned.move_features`) and which move it chose are recorded; its
move, encoded (:mod:`nertslib.adapters.encoding`), is the environment's action; with
``--student WEIGHTS`` (DAgger) a learned bot with those weights plays instead and the teacher
only labels. Gathering needs no PyTorch. ``train``
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
import importlib.util
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import nertslib as nl
from nertslib.adapters.encoding import PASS, encode
from nertslib.bots import make_bot, tournament
from nertslib.bots.learned import FEATURES, move_features

#: The environments' step limit: far above a hand's length (a few hundred steps), so every
#: hand the recipe records ends by the rules or by the no-progress rule.
MAX_STEPS = 3000


def fast_installed() -> bool:
    """Whether the batch engine (the ``fast`` extra: numba) is installed."""
    return importlib.util.find_spec("numba") is not None


def make_envs(seats: int, seat: int, num_envs: int, vector: bool) -> Any:
    """``num_envs`` hands of ``"nertslib/Nerts-v0"``: agent at ``seat``, greedy opponents.

    ``vector``: the batch engine's vector environment (``NertsVectorEnv``), else a
    ``SyncVectorEnv`` of plain environments; the two are exact against each other.
    """
    import gymnasium  # noqa: PLC0415 - the gymnasium extra, for data only

    import nertslib.adapters.gymnasium as nerts_gym  # noqa: PLC0415 - registers the env

    mode = "vector_entry_point" if vector else "sync"
    return gymnasium.make_vec(
        nerts_gym.ENV_ID,
        num_envs=num_envs,
        vectorization_mode=mode,
        seats=seats,
        seat=seat,
        opponents="greedy",
        max_steps=MAX_STEPS,
    )


def views(envs: Any, seat: int) -> list[nl.View]:
    """Each sub-environment's agent view: ``NertsVectorEnv.views()``, or each plain env's."""
    from gymnasium.vector import SyncVectorEnv  # noqa: PLC0415

    inner = envs.unwrapped
    if isinstance(inner, SyncVectorEnv):
        return [nl.view(env.unwrapped.position, seat) for env in inner.envs]
    return list(inner.views())


class Decisions:
    """The teacher's decisions: feature rows of the legal moves, the chosen row, the deal."""

    def __init__(self) -> None:
        self.rows: list[list[float]] = []
        self.groups: list[int] = []
        self.labels: list[int] = []
        self.deals: list[int] = []

    def add(self, seen: nl.View, seat: int, move: nl.Move | None, deal: int) -> None:
        """Record one decision if it had a choice and the teacher played a legal move."""
        moves = seen.legal_moves(seat)
        if move is None or move not in moves or len(moves) < 2:
            return
        self.labels.append(len(self.rows) + moves.index(move))
        self.groups.extend([len(self.labels) - 1] * len(moves))
        self.rows.extend(move_features(seen, seat, moves))
        self.deals.append(deal)

    def arrays(self) -> dict[str, np.ndarray]:
        """The decisions as the arrays ``data`` saves (``x``, ``group``, ``label``, ``deal``)."""
        return {
            "x": np.asarray(self.rows, dtype=np.float32).reshape(-1, len(FEATURES)),
            "group": np.asarray(self.groups, dtype=np.int64),
            "label": np.asarray(self.labels, dtype=np.int64),
            "deal": np.asarray(self.deals, dtype=np.int64),
        }


def play_round(envs: Any, seat: int, seed: int, first: int, spec: Spec, out: Decisions) -> None:
    """Play hands ``first .. first + num_envs - 1`` to their ends, the teacher at ``seat``.

    Sub-environment ``i`` plays hand ``k = first + i``: the deal of seed ``seed + k``, with
    the teacher ``make_bot(spec.teacher, seed=seed + k)``. At each step the teacher chooses
    from the agent's view and the decision is recorded (deal ``k``); the move played, encoded
    as the sub-environment's action, is the teacher's, or the student's where there is one
    (DAgger: the data then covers the positions the student's own play reaches). A
    sub-environment whose hand has ended plays ``PASS`` (the next hand its auto-reset deals is
    not recorded).
    """
    n = envs.num_envs
    envs.reset(seed=seed + first)
    teachers = [make_bot(spec.teacher, seed=seed + first + i) for i in range(n)]
    players = teachers if spec.student is None else [spec.student() for _ in range(n)]
    live = np.ones(n, dtype=bool)
    while live.any():
        actions = np.full(n, PASS, dtype=np.int64)
        for i, seen in enumerate(views(envs, seat)):
            if live[i]:
                move = teachers[i](seen, seat)
                out.add(seen, seat, move, first + i)
                if players is not teachers:
                    move = players[i](seen, seat)
                actions[i] = PASS if move is None else encode(seen, move)
        _, _, terminated, truncated, _ = envs.step(actions)
        live &= ~(terminated | truncated)


class Spec:
    """Who plays the agent seat: the ``teacher`` (a bot spec) labels, the ``student`` acts.

    ``student`` builds a fresh bot per hand (``None``: the teacher acts too).
    """

    def __init__(self, teacher: str, student: Callable[[], nl.Bot] | None = None) -> None:
        self.teacher, self.student = teacher, student


def gather(
    seats: int,
    hands: int,
    seed: int,
    *,
    teacher: str = "search:16",
    student: Callable[[], nl.Bot] | None = None,
    num_envs: int = 8,
    vector: bool = True,
    progress: Callable[[int, Decisions], None] | None = None,
) -> Decisions:
    """The teacher's decisions over ``hands`` deals from ``seed``, ``num_envs`` hands at a time.

    ``vector``: on the batch engine's vector environment, else on plain environments (the
    same data). Round ``r`` (hands ``r * num_envs`` on) puts the teacher at seat
    ``r % seats``; ``progress(hands_done, decisions)`` is called after each round.
    ``student`` (a function building a bot for a hand): it plays, the teacher labels.
    """
    out = Decisions()
    envs: dict[tuple[int, int], Any] = {}
    for r, first in enumerate(range(0, hands, num_envs)):
        key = (r % seats, min(num_envs, hands - first))
        if key not in envs:
            envs[key] = make_envs(seats, key[0], key[1], vector)
        play_round(envs[key], key[0], seed, first, Spec(teacher, student), out)
        if progress is not None:
            progress(first + key[1], out)
    return out


def data(args: argparse.Namespace) -> None:
    """Play ``--hands`` hands with the teacher at one seat and save its decisions."""
    vector = fast_installed() if args.engine == "auto" else args.engine == "vector"
    print(f"{'vector' if vector else 'plain'} environment, {args.envs} hands at a time", flush=True)
    t0 = time.time()

    def save(done: int, out: Decisions) -> None:
        # saved as it goes (every 100 hands or so): a run stopped early keeps what it played
        if done // 100 == (done - args.envs) // 100 and done < args.hands:
            return
        np.savez_compressed(args.out, **out.arrays())
        print(f"{done} hands, {len(out.labels)} decisions, {time.time() - t0:.0f} s", flush=True)

    gather(
        args.seats,
        args.hands,
        args.seed,
        teacher=args.teacher,
        student=None if args.student is None else _student(args.student),
        num_envs=args.envs,
        vector=vector,
        progress=save,
    )


def _student(path: str) -> Callable[[], nl.Bot]:
    """A builder of learned bots playing the weights saved in ``path``."""
    from nertslib.bots.learned import LearnedBot  # noqa: PLC0415

    w = {k: v.astype(np.float64) for k, v in np.load(path).items()}
    return lambda: LearnedBot(weights=w)


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
    d.add_argument("--student", help="weights (.npz) of a learned bot that plays (DAgger)")
    d.add_argument("--envs", type=int, default=8, help="hands stepped together")
    d.add_argument(
        "--engine",
        choices=["auto", "vector", "plain"],
        default="auto",
        help="auto: the vector environment where the fast extra is installed, else plain",
    )
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
