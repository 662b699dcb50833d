"""The ``nerts`` command (the ``cli`` extra: click, rich, Textual).

``main`` is the console script. ``import nertslib`` never loads this package, so the core
never loads click, rich or Textual; without the extra, ``nerts`` says how to install it.

>>> from nertslib.cli import main
>>> main(["demo", "--seats", "2", "--seed", "4", "--moves", "0"])  # doctest: +ELLIPSIS
Nerts demo: standard, 2 seats, seed 4, greedy bots
...
seat  moves  on foundations  left in Nerts pile  score
...
0
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

from nertslib.cli.serve import serve_main

__all__ = ["CLI_NEEDS", "main"]

#: What ``nerts`` says when the ``cli`` extra is not installed.
CLI_NEEDS: Final = "nerts needs the cli extra: pip install 'nertslib[cli]'"

try:
    from nertslib.cli.app import nerts, quiet_stdout
except ModuleNotFoundError as missing:  # without the cli extra, main says how to get it
    if (missing.name or "").split(".")[0] not in ("click", "rich", "textual"):
        raise
    CLI_MISSING = True
else:
    CLI_MISSING = False


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nerts`` command with ``argv`` (default: the process arguments).

    Returns:
        The exit status: 0 (also when the reader of a pipe went away), 2 for bad usage, 1
        for other errors.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["serve"]:  # the server extra alone is enough for it
        return serve_main(args[1:])
    if CLI_MISSING:
        print(CLI_NEEDS, file=sys.stderr)
        return 2
    try:
        nerts.main(args, prog_name="nerts")
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else 0 if code is None else 1
    except BrokenPipeError:  # pragma: no cover - the group handles it while the command runs
        quiet_stdout()
        return 0
