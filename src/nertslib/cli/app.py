r"""The ``nerts`` click application: every subcommand, and one-line errors.

>>> from click.testing import CliRunner
>>> from nertslib.cli.app import nerts
>>> CliRunner().invoke(nerts, ["--version"]).output
'nerts, version 0.1.0\n'
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

import click
from rich.console import Console
from rich.table import Table

from nertslib import __version__
from nertslib.bots import greedy_bot, make_bot, record_hand
from nertslib.render import table
from nertslib.replay import RESOLVE, Replay
from nertslib.serialize import SerializationError, from_json, to_json
from nertslib.variants import Variant

from .demo import animate, demo_text, hand_log, summary_text
from .options import (
    SEATS,
    CommandError,
    bots_option,
    seed_option,
    speed_option,
    variant_option,
)
from .play import PlayApp
from .rules_text import knob_rows, rules_sections
from .serve import serve_main
from .session import seat_seed
from .show import page, send
from .simulate_cmd import simulate
from .watch import WatchApp

__all__ = [
    "NertsGroup",
    "need_terminal",
    "nerts",
    "on_terminal",
    "quiet_stdout",
    "read_replay",
    "seats_checked",
]

# "\b" keeps click from rewrapping the examples.
GROUP_HELP: Final = """The card game Nerts: watch bots, play against them, simulate many hands.

\b
Try:
  nerts demo                     a seeded hand between bots
  nerts play --seats 3           you against two bots, in real time
  nerts simulate --hands 1000    how the bots score, on every core
  nerts rules --variant nna      the rules of a preset or house rules
"""


def quiet_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit flush stays quiet."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _one_line(text: str) -> str:
    return " ".join(text.split())


class NertsGroup(click.Group):
    """A group whose errors are one line on stderr (exit 2 for usage), never a traceback.

    A closed pipe (``nerts ... | head``) ends the command quietly with status 0: the reader
    had what it wanted.
    """

    def invoke(self, ctx: click.Context) -> Any:
        """Run the subcommand; a reader that went away ends it quietly."""
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise
            quiet_stdout()
            return 0

    def main(  # type: ignore[override]
        self, args: Sequence[str] | None = None, prog_name: str | None = None, **extra: Any
    ) -> NoReturn:
        """Run the command; exit with its status."""
        extra.pop("standalone_mode", None)
        try:
            code = super().main(args, prog_name, standalone_mode=False, **extra)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "nerts"
            hint = f" (see '{where} --help')" if exc.ctx is not None else ""
            click.echo(f"{where}: error: {_one_line(exc.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            where = exc.where if isinstance(exc, CommandError) else "nerts"
            click.echo(f"{where}: error: {_one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("nerts: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(
    cls=NertsGroup,
    help=GROUP_HELP,
    no_args_is_help=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, "-V", "--version", prog_name="nerts")
def nerts() -> None:
    """The card game Nerts: watch bots, play against them, simulate many hands."""


@nerts.command()
@seed_option(7)
@click.option("--seats", type=SEATS, default=4, show_default=True, help="seats (1-8)")
@variant_option
@click.option(
    "--moves",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="log lines to print when not on a terminal",
)
@click.option("--save", type=click.Path(dir_okay=False), help="also write the replay (JSON)")
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=0.03,
    show_default=True,
    help="seconds per action when playing out on a terminal",
)
def demo(
    seed: int, seats: int, variant: Variant, moves: int, save: str | None, delay: float
) -> int:
    """Play a seeded hand between greedy bots and show it."""
    seats_checked(variant, seats)
    replay = record_hand(variant, seats, seed, [greedy_bot] * seats)
    if sys.stdout.isatty():
        animate(replay, Console(highlight=False), delay)
    else:
        click.echo(demo_text(replay, variant.to_spec(), moves))
    if save is not None:
        try:
            Path(save).write_text(to_json(replay, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {save}: {exc}") from None
        click.echo(f"Replay saved to {save}.")
    return 0


def on_terminal() -> bool:
    """Whether stdin and stdout are a terminal (the screens need one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def need_terminal(command: str) -> None:
    """Refuse, as bad usage, to start a screen without a terminal (it would wait forever)."""
    if not on_terminal():
        msg = f"nerts {command} needs a terminal (stdin and stdout); try 'nerts demo' in a pipe"
        raise click.UsageError(msg)


def seats_checked(variant: Variant, seats: int) -> None:
    """Refuse, as bad usage, a seat count the variant cannot deal."""
    try:
        variant.check_seats(seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--seats'") from None


def read_replay(path: str) -> Replay:
    """A replay saved with ``nerts demo --save`` (or ``nl.to_json(replay)``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}") from None
    try:
        return from_json(text, Replay)
    except SerializationError as exc:
        raise CommandError(f"{path}: {exc}") from None


@nerts.command()
@click.argument("file", metavar="FILE")
@click.option("--moves", is_flag=True, help="list every event of the hand")
def replay(file: str, moves: bool) -> int:
    """Replay a hand saved as JSON and print how it ended."""
    saved = read_replay(file)
    n = len(saved.events)
    spec = saved.variant.to_spec()
    click.echo(f"Nerts replay: {spec}, {saved.seats} seats, seed {saved.seed}, {n} events")
    click.echo()
    if moves and n:
        rows = [[i + 1, "resolve" if e is RESOLVE else str(e)] for i, e in enumerate(saved.events)]
        click.echo(table(["#", "event"], rows))
        click.echo()
    click.echo(summary_text(saved.final(), hand_log(saved)))
    return 0


@nerts.command()
@variant_option
@click.option(
    "--seats",
    type=SEATS,
    default=4,
    show_default=True,
    help="seats (rules that depend on the seat count)",
)
def rules(variant: Variant, seats: int) -> int:
    """Print the rules as implemented, with the variant's knob values."""
    seats_checked(variant, seats)
    out = page()
    out.print(f"[bold]Nerts rules: {variant.to_spec()}[/bold], {seats} seats")
    for heading, lines in rules_sections(variant, seats):
        out.print(f"\n[bold underline]{heading}[/]")
        bullets = Table.grid(padding=(0, 1))
        bullets.add_column(width=3, justify="right")
        bullets.add_column()
        for line in lines:
            bullets.add_row("•", line)
        out.print(bullets)
    out.print("\n[bold underline]Knobs[/] (* differs from the standard game)")
    knobs = Table("knob", "value", "standard", "differs")
    for name, value, standard, changed in knob_rows(variant):
        mark = "*" if changed else ""
        knobs.add_row(name, value, standard, mark, style="bold yellow" if changed else "")
    out.print(knobs)
    send(out)
    return 0


@nerts.command(
    context_settings={"ignore_unknown_options": True, "help_option_names": []},
    add_help_option=False,
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def serve(args: tuple[str, ...]) -> int:
    """Serve the browser game: a lobby of tables (the server extra)."""
    return serve_main(args)


@nerts.command()
@variant_option
@click.option("--seats", type=SEATS, default=2, show_default=True, help="seats, yours is 0")
@bots_option("one per other seat, or one for all")
@seed_option(0, "seed of the first hand (hand h has seed S + h)")
@speed_option(50, 1.0, "the bots' pace: 1 is human reaction times, 2 twice as fast (p pauses, +/-)")
def play(variant: Variant, seats: int, bots: tuple[str, ...], seed: int, speed: float) -> int:
    """Play seat 0 against bots in real time (a terminal screen)."""
    seats_checked(variant, seats)
    others = seats - 1
    if len(bots) not in (1, others) and others:
        msg = f"give one bot per other seat ({others}) or one for all; got {len(bots)}"
        raise click.BadParameter(msg, param_hint="'--bots'")
    lineup = bots * others if len(bots) == 1 else bots
    need_terminal("play")
    summary = PlayApp(variant, seats, lineup[:others], seed, speed).run()
    if summary:
        click.echo(summary)
    return 0


@nerts.command()
@click.argument("file", metavar="[FILE]", required=False)
@variant_option
@click.option("--seats", type=SEATS, default=4, show_default=True)
@bots_option("one per seat, or one for all")
@seed_option(7)
@speed_option(200, 4.0, "actions per second (space pauses, +/- change it)")
def watch(
    file: str | None,
    variant: Variant,
    seats: int,
    bots: tuple[str, ...],
    seed: int,
    speed: float,
) -> int:
    """Watch a seeded bot hand step by step, or a saved replay FILE."""
    if file is not None:
        hand = read_replay(file)
    else:
        seats_checked(variant, seats)
        if len(bots) not in (1, seats):
            msg = f"give one bot per seat ({seats}) or one for all; got {len(bots)}"
            raise click.BadParameter(msg, param_hint="'--bots'")
        names = bots * seats if len(bots) == 1 else bots
        players = [make_bot(name, seat_seed(seed, s)) for s, name in enumerate(names)]
        hand = record_hand(variant, seats, seed, players, max_actions=20_000)
    need_terminal("watch")
    WatchApp(hand, speed).run()
    return 0


nerts.add_command(simulate)
