"""``nerts simulate``: many seeded hands, a table of figures, and JSON, CSV or a plot.

>>> from click.testing import CliRunner
>>> from nertslib.cli.app import nerts
>>> result = CliRunner().invoke(
...     nerts, ["simulate", "--hands", "4", "--seats", "2", "--workers", "1"]
... )
>>> result.exit_code, "mean score" in result.output
(0, True)
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from nertslib.simulation import SimulationResult
from nertslib.simulation import simulate as run_simulation
from nertslib.variants import Variant

from .options import SEATS, CommandError, bots_option, seed_option, variant_option
from .show import page, send

__all__ = [
    "Rate",
    "duration",
    "progress_bar",
    "result_table",
    "simulate",
    "write_csv",
    "write_plot",
]

PLOT_NEEDS = "--plot needs the plot extra: pip install 'nertslib[plot]'"
RAY_NEEDS = "--backend ray needs the ray extra: pip install 'nertslib[ray]'"


def duration(seconds: float) -> str:
    """A duration for people.

    >>> from nertslib.cli.simulate_cmd import duration
    >>> duration(42.0), duration(754.0), duration(7300.0)
    ('42 s', '12.6 min', '2.0 h')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def result_table(result: SimulationResult) -> Table:
    """The figures as a rich table, one row per seat or bot."""
    by = result.by
    out = Table(
        by, "hands", "mean score", "95% CI", "Nerts calls", "cards left", title="Figures per " + by
    )
    for row in result.rows:
        ci = "n/a" if row.ci95 is None else f"± {row.ci95:.2f}"
        out.add_row(
            row.name,
            str(row.hands),
            f"{row.mean:.2f}",
            ci,
            f"{row.nerts_rate:.1%}",
            f"{row.cards_left:.2f}",
        )
    return out


def write_csv(result: SimulationResult, path: str) -> None:
    """One line per hand and seat: task, deal, rotation, seat, bot, score, called, cards left."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["task", "deal", "rotation", "seat", "bot", "score", "called", "cards_left", "end"])
    for h in result.hands:
        for seat, score in enumerate(h.scores):
            called = int(h.caller == seat)
            w.writerow(
                [
                    h.task,
                    h.deal,
                    h.rotation,
                    seat,
                    h.bots[seat],
                    score,
                    called,
                    h.cards_left[seat],
                    h.end,
                ]
            )
    Path(path).write_text(buf.getvalue(), encoding="utf-8")


def write_plot(result: SimulationResult, path: str) -> None:
    """A bar chart of the mean scores with their 95 % intervals (matplotlib, Agg)."""
    import matplotlib as mpl  # noqa: PLC0415 - the optional plot extra

    mpl.use("Agg")
    from matplotlib import pyplot as plt  # noqa: PLC0415

    names = [row.name for row in result.rows]
    means = [row.mean for row in result.rows]
    errors = [row.ci95 or 0.0 for row in result.rows]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.bar(names, means, yerr=errors, capsize=6, color="tab:red")
    ax.set_xlabel(result.by)
    ax.set_ylabel("mean hand score (95% CI)")
    ax.set_title(f"{len(result.hands)} hands, {result.settings.variant.to_spec()}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


class Rate(ProgressColumn):
    """The progress bar's hands per second."""

    def render(self, task: Task) -> Text:
        """The measured rate, once there is one."""
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} hands/s")


@contextmanager
def progress_bar(total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar (hands/s, ETA) on stderr when it is a terminal, else ``None``.

    Yields the callback that :func:`nertslib.simulate` calls with each chunk's hand count.
    """
    if not sys.stderr.isatty():
        yield None
        return
    columns = (
        TextColumn("hands"),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("hands", total=total)
        yield lambda n: bar.advance(task, n)


def _check_extras(plot: str | None, backend: str, address: str | None) -> None:
    if address is not None and backend != "ray":
        raise click.UsageError("--address goes with --backend ray")
    if plot is not None:
        try:
            import matplotlib  # noqa: F401, PLC0415
        except ImportError:
            raise click.UsageError(PLOT_NEEDS) from None
    if backend == "ray":
        try:
            import ray  # noqa: F401, PLC0415
        except ImportError:
            raise click.UsageError(RAY_NEEDS) from None


@click.command()
@click.option(
    "--hands",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="deals to play (each played once per seat with --paired)",
)
@click.option("--seats", type=SEATS, default=4, show_default=True)
@variant_option
@bots_option("one per seat, or one for all")
@seed_option(0, "deal d has seed S + d")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="processes (default: every core); results do not depend on it",
)
@click.option("--paired", is_flag=True, help="play each deal once per rotation of the bots")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="write results (JSON)")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="write hands (CSV)")
@click.option("--plot", type=click.Path(dir_okay=False), help="write a bar chart (PNG)")
@click.option(
    "--backend", type=click.Choice(["processes", "ray"]), default="processes", show_default=True
)
@click.option("--address", metavar="HOST:PORT", help="a running Ray cluster (--backend ray)")
@click.option(
    "--engine",
    type=click.Choice(["auto", "batch", "pure"]),
    default="auto",
    show_default=True,
    help="batch: the batch engine (fast extra; greedy line-ups, no jokers, no face-down work "
    "cards); pure: the rules core; auto: batch where it can play. Same results either way.",
)
def simulate(**o: Any) -> int:
    """Play many seeded hands between bots and print each seat's or bot's figures."""
    variant: Variant = o["variant"]
    _check_extras(o["plot"], o["backend"], o["address"])
    keys = ("seats", "seed", "workers", "paired", "backend", "address", "engine")
    settings = {k: o[k] for k in keys}
    total = o["hands"] * (o["seats"] if o["paired"] else 1)
    try:
        with progress_bar(total) as progress:
            result = run_simulation(
                o["hands"], variant=variant, bots=o["bots"], progress=progress, **settings
            )
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    except ConnectionError as exc:
        raise CommandError(str(exc)) from None
    _report(result)
    _write_files(result, o["json_path"], o["csv_path"], o["plot"])
    return 0


def _report(result: SimulationResult) -> None:
    out = page()
    s = result.settings
    out.print(
        f"[bold]{len(result.hands)} hands[/bold] of {s.variant.to_spec()}, {s.seats} seats, "
        f"bots {','.join(s.lineup)}, seed {s.seed}{', paired' if s.paired else ''}",
        soft_wrap=True,
    )
    out.print(result_table(result))
    out.print(
        f"stalemates {result.stalemate_rate:.1%}, {result.moves_per_hand:.1f} actions per hand"
        + (f", {result.unfinished} unfinished" if result.unfinished else ""),
        soft_wrap=True,
    )
    out.print(
        f"{result.hands_per_second:,.0f} hands/s with {result.workers} worker(s) "
        f"({result.backend}) and the {result.engine} engine in {result.seconds:.2f} s; "
        f"a million hands would take about {duration(result.projected_seconds())}",
        soft_wrap=True,
    )
    send(out)


def _write_files(
    result: SimulationResult, json_path: str | None, csv_path: str | None, plot: str | None
) -> None:
    try:
        if json_path is not None:
            text = json.dumps(result.to_data(), indent=1)
            Path(json_path).write_text(text + "\n", encoding="utf-8")
        if csv_path is not None:
            write_csv(result, csv_path)
        if plot is not None:
            write_plot(result, plot)
    except OSError as exc:
        raise CommandError(f"cannot write {exc.filename}: {exc.strerror}") from None
