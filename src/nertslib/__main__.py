"""``python -m nertslib``: the ``nerts`` command."""

import sys

from nertslib.cli import main

sys.exit(main())
