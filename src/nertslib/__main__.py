"""``python -m nertslib``: the ``nerts`` command."""

import sys

from nertslib.cli import main

if __name__ == "__main__":  # tools that import every module (CrossHair) must not run it
    sys.exit(main())
