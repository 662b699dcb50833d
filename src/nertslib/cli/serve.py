"""``nerts serve``: the server's own command line, without the cli extra.

``nerts serve ARGS`` is ``python -m nertslib.server ARGS`` (one definition of the options,
:mod:`nertslib.server.options`), so ``pip install "nertslib[server]"`` is enough for it.

>>> from nertslib.cli.serve import serve_main
>>> serve_main(["--bots", "9"])
2
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Final

__all__ = ["SERVE_NEEDS", "serve_main"]

#: What ``nerts serve`` says when the ``server`` extra is not installed.
SERVE_NEEDS: Final = "nerts serve needs the server extra: pip install 'nertslib[server]'"


def serve_main(args: Sequence[str]) -> int:
    """Run ``nerts serve`` with ``args``; returns the exit status (2: bad usage)."""
    try:
        # the server extra (its own dependencies), loaded by name
        options = importlib.import_module("nertslib.server.options")
    except ImportError:
        print(SERVE_NEEDS, file=sys.stderr)
        return 2
    status: int = options.main(list(args), prog="nerts serve")
    return status
