"""``python -m nertslib.server``: the same command line as ``nerts serve``.

Both are :func:`nertslib.server.options.main` (one definition of the options).

>>> from nertslib.server.__main__ import main
>>> main(["--seats", "2", "--bots", "3"])
2
"""

from __future__ import annotations

import sys

from nertslib.server.options import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
