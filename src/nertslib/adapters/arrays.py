"""NumPy arrays and Gymnasium spaces shared by the PettingZoo and Gymnasium adapters.

Needs NumPy and Gymnasium (both extras ``pettingzoo`` and ``gymnasium`` bring them). The
observation and mask arrays themselves are built by :mod:`nertslib.adapters.tensors`.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces

from nertslib.adapters.encoding import NUM_ACTIONS, new_hand, observation_size
from nertslib.errors import Rejection
from nertslib.moves import Move
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = [
    "RENDER_MODES",
    "SEED_RANGE",
    "Observation",
    "check_render_mode",
    "check_seat",
    "deal_in_play",
    "observation_spaces",
    "render_text",
    "start_position",
    "step_info",
]

RENDER_MODES: Final = ("ansi", "human")
SEED_RANGE: Final = 1 << 63
"""Deal seeds are drawn from ``range(SEED_RANGE)``."""

Observation = dict[str, Any]
"""An observation: ``{"observation": int8 array, "action_mask": int8 array}``."""


def observation_spaces(variant: Variant, seats: int) -> spaces.Dict:
    """The observation space of one seat: ``"observation"`` and ``"action_mask"`` (int8 boxes).

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import observation_spaces
    >>> observation_spaces(nl.variants.get("standard"), 2)["observation"].shape
    (1278,)
    """
    size = observation_size(variant, seats)
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 127, (size,), np.int8),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


def deal_in_play(variant: Variant, seats: int, rng: np.random.Generator) -> GameState:
    """A hand dealt from a seed drawn by ``rng``, drawn again while the deal is already over.

    A deal can end before anyone moves (every seat stuck, and stuck again after the
    everyone-stuck resolution: about one deal in 80 for one seat); an episode must start in
    play, so such a deal is skipped, and the next seed drawn.

    >>> import numpy as np, nertslib as nl
    >>> from nertslib.adapters.arrays import deal_in_play
    >>> deal_in_play(nl.Variant(), 1, np.random.default_rng(5)).is_over
    False
    """
    while True:
        state = new_hand(variant, seats, int(rng.integers(SEED_RANGE)))
        if not state.is_over:
            return state


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


def render_text(
    position: GameState | None, seat: int | None, render_mode: str | None
) -> str | None:
    """What an environment's ``render()`` gives: ``str`` of the view of ``seat`` (or a spectator's).

    Printed, and ``None`` returned, under ``render_mode="human"``; returned otherwise.

    >>> import nertslib as nl
    >>> from nertslib.adapters.arrays import render_text
    >>> render_text(None, 0, "ansi")
    'no hand dealt yet'
    >>> render_text(nl.deal("standard", 2, seed=1), None, "ansi").splitlines()[0]
    "standard · 2 seats · in play · spectator's view"
    """
    text = "no hand dealt yet" if position is None else str(view(position, seat))
    if render_mode == "human":
        print(text)
        return None
    return text


def check_seat(seat: object, seats: int) -> int:
    """``seat`` if it is an int seat of a ``seats``-seat table (the agent's seat).

    Raises:
        ValueError: otherwise, quoting it.

    >>> from nertslib.adapters.arrays import check_seat
    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    ValueError: seat must be 0..1; got 2
    """
    if type(seat) is not int or not 0 <= seat < seats:
        msg = f"seat must be 0..{seats - 1}; got {seat!r:.80}"
        raise ValueError(msg)
    return seat


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
