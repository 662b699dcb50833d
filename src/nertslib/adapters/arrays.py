"""NumPy arrays and Gymnasium spaces shared by the PettingZoo and Gymnasium adapters.

Needs NumPy; :func:`observation_spaces` also needs Gymnasium (both extras ``pettingzoo`` and
``gymnasium`` bring them), imported when it is called, so that a policy bot
(:func:`~nertslib.adapters.policy_bot`) plays with NumPy alone.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from nertslib.adapters.encoding import NUM_ACTIONS, observation_size, observe
from nertslib.errors import Rejection
from nertslib.moves import Move
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import View

if TYPE_CHECKING:
    from gymnasium import spaces

__all__ = [
    "RENDER_MODES",
    "SEED_RANGE",
    "Observation",
    "check_render_mode",
    "mask_of",
    "observation_array",
    "observation_spaces",
    "start_position",
    "step_info",
]

RENDER_MODES: Final = ("ansi", "human")
SEED_RANGE: Final = 1 << 63
"""Deal seeds are drawn from ``range(SEED_RANGE)``."""

Observation = dict[str, Any]
"""An observation: ``{"observation": int8 array, "action_mask": int8 array}``."""


def mask_of(actions: tuple[int, ...]) -> np.ndarray[Any, np.dtype[np.int8]]:
    """The int8 action mask (length ``NUM_ACTIONS``) with a 1 at each of ``actions``.

    >>> from nertslib.adapters.arrays import mask_of
    >>> mask_of((0, 2))[:4]
    array([1, 0, 1, 0], dtype=int8)
    """
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[list(actions)] = 1
    return mask


def observation_array(v: View) -> np.ndarray[Any, np.dtype[np.int8]]:
    """:func:`~nertslib.adapters.encoding.observe` of view ``v`` as an int8 array.

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import observation_array
    >>> observation_array(nl.view(nl.deal("standard", seats=2, seed=1), 0))[:5]
    array([13, 12, 35,  0,  0], dtype=int8)
    """
    # through a bytearray: many times faster than np.asarray of a list (values are 0..127)
    return np.frombuffer(bytearray(observe(v)), np.int8)


def observation_spaces(variant: Variant, seats: int) -> spaces.Dict:
    """The observation space of one seat: ``"observation"`` and ``"action_mask"`` (int8 boxes).

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import observation_spaces
    >>> observation_spaces(nl.variants.get("standard"), 2)["observation"].shape
    (1277,)
    """
    from gymnasium import spaces  # noqa: PLC0415 - only the environments need Gymnasium

    size = observation_size(variant, seats)
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 127, (size,), np.int8),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        ValueError: for any other value, quoting it.

    >>> from nertslib.adapters.arrays import check_render_mode
    >>> check_render_mode("rgb_array")
    Traceback (most recent call last):
    ...
    ValueError: render_mode must be None, 'ansi' or 'human'; got 'rgb_array'
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        msg = f"render_mode must be None, 'ansi' or 'human'; got {render_mode!r:.80}"
        raise ValueError(msg)
    return render_mode


def start_position(
    options: dict[str, Any] | None, variant: Variant, seats: int
) -> GameState | None:
    """The position ``options["position"]`` asks to start from, checked; ``None`` if none.

    Raises:
        ValueError: if it is not a :class:`~nertslib.GameState` of ``variant`` with
            ``seats`` seats, or the hand is over.

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import start_position
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> start_position({"position": state}, state.variant, 2) == state
    True
    >>> start_position({"position": state}, state.variant, 3)
    Traceback (most recent call last):
    ...
    ValueError: options['position'] must be a hand in play of this table; got GameState...
    """
    position = (options or {}).get("position")
    if position is None:
        return None
    if (
        not isinstance(position, GameState)
        or position.variant != variant
        or len(position.layouts) != seats
        or position.is_over
    ):
        msg = f"options['position'] must be a hand in play of this table; got {position!r:.80}"
        raise ValueError(msg)
    return position


def step_info(move: Move | None, rejection: Rejection | None, illegal: bool) -> dict[str, Any]:
    """One seat's info dict after a step: ``"move"``, ``"rejected"`` and ``"illegal"``.

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import step_info
    >>> step_info(nl.Move.turn(0), None, False)
    {'move': '0:turn', 'rejected': None, 'illegal': False}
    """
    return {
        "move": None if move is None else str(move),
        "rejected": None if rejection is None else rejection.reason.name,
        "illegal": illegal,
    }
