"""The one decorator of every kernel: numba's ``njit`` with its on-disk cache.

``cache=True`` writes the compiled code next to the module (``__pycache__``), so only the
first process on a machine pays the compile. With ``NUMBA_DISABLE_JIT=1`` numba hands back
the plain functions: the same code then runs as Python, for coverage and for stepping
through a differential failure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit

F = TypeVar("F", bound=Callable[..., Any])


def kernel(func: F) -> F:
    """``func`` compiled by numba in nopython mode, cached on disk.

    Kernels are module-level functions (the cache finds them by their file):

    >>> import numpy as np
    >>> from nertslib.batch.rules import has_space
    >>> has_space(np.zeros(28, dtype=np.int16), 2)  # a kernel: two empty work piles
    True
    """
    return cast(F, njit(cache=True)(func))
