"""The server's command line, defined once: ``nerts serve`` and ``python -m nertslib.server``.

Every bad option is one line on stderr and exit status 2, before anything listens; a good
command line becomes a :class:`ServerConfig` and :func:`main` serves it.

>>> from nertslib.server.options import parser
>>> args = parser().parse_args(["--port", "8123", "--bots", "0", "--seed", "4"])
>>> args.port, args.bots, args.seed, args.position, args.grace
(8123, 0, 4, None, 60.0)

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NoReturn

from nertslib.server.runner import serve
from nertslib.server.settings import ServerConfig, TableSettings

__all__ = ["DEFAULT_DB", "config_from_args", "main", "parser"]

#: Where the history goes without ``--db``: the user's data directory.
DEFAULT_DB: Final = Path.home() / ".local" / "share" / "nertslib" / "history.sqlite3"


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``PROG: error: MESSAGE`` and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {' '.join(message.split())}", file=sys.stderr)
        sys.exit(2)


def _delay(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    try:
        return float(low), float(high or low)
    except ValueError:
        msg = f"expected LOW,HIGH seconds such as 0.6,1.5, got {text[:40]!r}"
        raise argparse.ArgumentTypeError(msg) from None


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        msg = f"{text[:40]!r} is not a port (0..65535)"
        raise argparse.ArgumentTypeError(msg)
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        msg = f"{text[:40]!r} is not a whole number >= 0"
        raise argparse.ArgumentTypeError(msg)
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        msg = f"{text[:40]!r} is not a number of seconds (0..86400)"
        raise argparse.ArgumentTypeError(msg)
    return value


def _table_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant", default="standard", metavar="SPEC", help="variant spec (default standard)"
    )
    p.add_argument("--seats", type=_count, default=2, metavar="N", help="seats (default 2)")
    p.add_argument(
        "--bots", type=_count, default=1, metavar="K", help="bots take the last K seats (1)"
    )
    p.add_argument(
        "--bot",
        default="greedy",
        metavar="SPEC",
        help="the bots: greedy, random, search, search:N or module:function (greedy)",
    )
    start = p.add_mutually_exclusive_group()
    start.add_argument(
        "--seed", type=_count, default=None, metavar="S", help="first hand's seed (random)"
    )
    start.add_argument("--position", default=None, metavar="NFEN", help="start from a position")
    p.add_argument(
        "--bot-delay",
        type=_delay,
        default=(0.6, 1.5),
        metavar="LOW,HIGH",
        help="seconds a bot waits before each move (default 0.6,1.5)",
    )
    p.add_argument("--code", default=None, help="the first table's join code (none)")
    p.add_argument(
        "--grace",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="a hand waits this long for a player whose connection dropped (60)",
    )


def _server_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, metavar="N", help="TCP port (8000)")
    p.add_argument("--quiet", action="store_true", help="log nothing of joins, hands, results")
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also let pages of ORIGIN (https://site.example, or *) in; repeatable",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also serve Host NAME (nerts.example, or *); repeatable",
    )
    p.add_argument(
        "--max-connections", type=_count, default=500, metavar="N", help="WebSockets at once (500)"
    )
    p.add_argument(
        "--join-timeout",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="a WebSocket must join a table within this (10)",
    )
    p.add_argument(
        "--request-timeout",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="a client must send its request headers within this (10)",
    )
    p.add_argument(
        "--db",
        type=Path,
        default=DEFAULT_DB,
        metavar="PATH",
        help="the history's SQLite file (~/.local/share/nertslib/history.sqlite3)",
    )
    p.add_argument("--no-db", action="store_true", help="keep no history")


def parser(prog: str = "python -m nertslib.server") -> argparse.ArgumentParser:
    """The command line's parser (errors: one line on stderr, exit status 2).

    >>> from nertslib.server.options import parser
    >>> parser().parse_args(["--bot-delay", "0,0.2"]).bot_delay
    (0.0, 0.2)
    """
    p = _Parser(
        prog=prog,
        description="Serve Nerts to browsers: a lobby at http://HOST:PORT/, tables that wait "
        "for their players, a history at /history",
    )
    _table_options(p)
    _server_options(p)
    return p


def config_from_args(args: argparse.Namespace) -> ServerConfig:
    """The :class:`ServerConfig` of parsed arguments.

    Raises:
        ValueError: for settings that do not fit together (too many bots, a bad variant …).

    >>> from nertslib.server.options import config_from_args, parser
    >>> config_from_args(parser().parse_args(["--seats", "3", "--bots", "1"])).table.seats
    3
    """
    table = TableSettings.build(
        variant=args.variant,
        seats=args.seats,
        bots=args.bots,
        bot=args.bot,
        seed=args.seed,
        position=args.position,
        bot_delay=args.bot_delay,
        code=args.code,
        grace=args.grace,
    )
    return ServerConfig(
        table,
        host=args.host,
        port=args.port,
        quiet=args.quiet,
        allow_origins=tuple(args.allow_origin),
        allow_hosts=tuple(args.allow_host),
        max_connections=args.max_connections,
        join_timeout=args.join_timeout,
        request_timeout=args.request_timeout,
        db=None if args.no_db else args.db,
    )


def main(argv: Sequence[str] | None = None, prog: str = "python -m nertslib.server") -> int:
    """Parse ``argv`` and serve; a bad option prints one line (to stderr) and returns 2.

    >>> from nertslib.server.options import main
    >>> main(["--seats", "2", "--bots", "3"])
    2
    """
    try:
        args = parser(prog).parse_args(argv)
    except SystemExit as exc:  # --help, or a parser error (printed already)
        return exc.code if isinstance(exc.code, int) else 0
    try:
        # settings that do not fit, or a history file that cannot be opened, before listening
        return serve(config_from_args(args))
    except ValueError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
