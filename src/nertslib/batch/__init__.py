"""The batch engine: many hands at once as integer arrays, played by numba kernels.

A second representation of the rules made for throughput, held to the pure engine (the
specification) by differential tests: every answer it gives (deals, legal actions,
successors, stuck verdicts, greedy choices, scores) is the pure engine's on the same
position. It needs the ``fast`` extra (``pip install "nertslib[fast]"``: numba and numpy);
importing it without them raises a :class:`~nertslib.NertsError` that says so.

The layout of a hand's row is documented in :mod:`nertslib.batch.layout`; actions are the
ints of :mod:`nertslib.adapters.encoding`. See docs/batch.md.

>>> import nertslib as nl
>>> from nertslib.batch import Batch
>>> batch = Batch.deal("standard", 4, range(3))
>>> batch.to_states()[2] == nl.deal("standard", 4, 2)
True

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from nertslib.errors import NertsError


class MissingExtraError(NertsError, ImportError):
    """``nertslib.batch`` was imported without the ``fast`` extra (numba, numpy).

    A :class:`~nertslib.NertsError` that names the extra, and an :class:`ImportError`, so
    that tools which walk packages (``pkgutil``, test collectors) pass it over as they pass
    over any optional module whose dependency is missing.
    """


try:
    import numba  # noqa: F401 - the extra's presence is the check
    import numpy  # noqa: F401
except ImportError:
    _MSG = 'nertslib.batch needs the "fast" extra (numba, numpy): pip install "nertslib[fast]"'
    raise MissingExtraError(_MSG) from None

from nertslib.batch.core import Batch  # noqa: E402 - after the extra's check

__all__ = ["Batch", "MissingExtraError"]
