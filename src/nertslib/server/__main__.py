"""``python -m nertslib.server``: serve one table (the same options as ``nerts serve``).

>>> from nertslib.server.__main__ import parser
>>> args = parser().parse_args(["--port", "8123", "--bots", "0", "--seed", "4"])
>>> args.port, args.bots, args.seed, args.position
(8123, 0, 4, None)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from nertslib.server import run

__all__ = ["main", "parser"]


def _delay(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    try:
        return float(low), float(high or low)
    except ValueError:
        msg = f"expected LOW,HIGH seconds such as 0.6,1.5, got {text!r}"
        raise argparse.ArgumentTypeError(msg) from None


def parser() -> argparse.ArgumentParser:
    """The command line's parser.

    >>> from nertslib.server.__main__ import parser
    >>> parser().parse_args(["--bot-delay", "0,0.2"]).bot_delay
    (0.0, 0.2)
    """
    p = argparse.ArgumentParser(
        prog="python -m nertslib.server",
        description="Serve one Nerts table: open http://HOST:PORT/?seat=I to play, ?watch to watch",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    p.add_argument("--variant", default="standard", help="variant spec (default standard)")
    p.add_argument("--seats", type=int, default=2, help="seats at the table (default 2)")
    p.add_argument("--bots", type=int, default=1, help="bots take the last K seats (default 1)")
    p.add_argument("--bot", default="greedy", help="bot name: greedy, random (default greedy)")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--seed", type=int, default=None, help="first hand's seed (default: random)")
    start.add_argument("--position", default=None, metavar="NFEN", help="start from a position")
    p.add_argument(
        "--bot-delay",
        type=_delay,
        default=(0.6, 1.5),
        metavar="LOW,HIGH",
        help="seconds a bot waits before each move (default 0.6,1.5)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and serve; bad settings print one line (to stderr) and return 2.

    >>> from nertslib.server.__main__ import main
    >>> main(["--seats", "2", "--bots", "3"])
    2
    """
    args = parser().parse_args(argv)
    try:
        run(
            host=args.host,
            port=args.port,
            variant=args.variant,
            seats=args.seats,
            bots=args.bots,
            bot=args.bot,
            seed=args.seed,
            position=args.position,
            bot_delay=args.bot_delay,
        )
    except ValueError as exc:
        print(f"python -m nertslib.server: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
