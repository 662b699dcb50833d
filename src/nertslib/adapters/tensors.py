"""The encoding's observation and action mask as NumPy int8 arrays (NumPy imported on use).

The PettingZoo and Gymnasium environments and :func:`~nertslib.adapters.policies.policy_bot` all
hand a policy these arrays. NumPy is imported when a function is first called, not with this module,
so that ``import nertslib.adapters`` needs nothing but nertslib.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Any

from nertslib.adapters.encoding import NUM_ACTIONS, observe
from nertslib.views import View

__all__ = ["mask_of", "observation_array"]


def mask_of(actions: tuple[int, ...]) -> Any:
    """The int8 action mask (length ``NUM_ACTIONS``) with a 1 at each of ``actions``.

    >>> from nertslib.adapters.tensors import mask_of
    >>> mask_of((0, 2))[:4]
    array([1, 0, 1, 0], dtype=int8)
    """
    import numpy as np  # noqa: PLC0415 - a policy bot needs NumPy only once it plays

    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[list(actions)] = 1
    return mask


def observation_array(v: View, priority: int = 0) -> Any:
    """:func:`~nertslib.adapters.encoding.observe` of view ``v`` as an int8 array.

    >>> import nertslib as nl
    >>> from nertslib.adapters.tensors import observation_array
    >>> observation_array(nl.view(nl.deal("standard", seats=2, seed=1), 0))[:5]
    array([13, 12, 35,  0,  0], dtype=int8)
    """
    import numpy as np  # noqa: PLC0415 - a policy bot needs NumPy only once it plays

    # through a bytearray: many times faster than np.asarray of a list (values are 0..127)
    return np.frombuffer(bytearray(observe(v, priority)), np.int8)
