"""Nerts as a Gymnasium environment: importing this module registers ``"nertslib/Nerts-v0"``.

Needs the ``gymnasium`` extra (``pip install "nertslib[gymnasium]"``). The agent plays one
seat (``seat``, default 0) against bots in the other seats; every step, the agent's action and
each bot's move are settled together by :func:`~nertslib.adapters.encoding.settle`.

* ``opponents``: a bot name for every other seat (default ``"greedy"``), or a sequence of names,
  one per other seat. Names are looked up by :func:`bot_named`: ``"greedy"``
  (:func:`nertslib.greedy_bot`), ``"random"`` (:class:`nertslib.RandomBot`), and any name
  ``nertslib.bots.make_bot`` knows when the installed nertslib has it. Each bot is given
  its seat's :func:`~nertslib.view` only, never the position.
* Observations, the action mask, illegal actions (played as ``PASS``, ``info["illegal"]``) and
  infos are as in :mod:`nertslib.adapters.pettingzoo`; the reward is the agent's score change.
* ``terminated`` when the hand ends; ``truncated`` after ``max_steps`` steps.
* ``reset(seed=s)`` makes the deal and the random bots' choices a function of ``s``.

>>> import gymnasium
>>> import nertslib.adapters.gymnasium
>>> env = gymnasium.make("nertslib/Nerts-v0", seats=3, opponents=["greedy", "random"])
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) >= 1
((1914,), True)
>>> observation, reward, terminated, truncated, info = env.step(0)
>>> reward, terminated, truncated, info["illegal"]
(0.0, False, False, False)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from nertslib import bots
from nertslib.adapters.arrays import (
    SEED_RANGE,
    Observation,
    check_render_mode,
    mask_of,
    observation_array,
    observation_spaces,
    start_position,
    step_info,
)
from nertslib.adapters.encoding import (
    NUM_ACTIONS,
    PASS,
    action_index,
    check_supported,
    decode,
    legal_actions,
    new_hand,
    rewards,
    settle,
)
from nertslib.bots import Bot, RandomBot, greedy_bot
from nertslib.errors import NertsError
from nertslib.moves import Move
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["ENV_ID", "NertsEnv", "bot_named"]

ENV_ID: Final = "nertslib/Nerts-v0"


def bot_named(name: str, seed: int) -> Bot:
    """The bot called ``name``; ``seed`` seeds it if it draws at random.

    ``"greedy"`` and ``"random"`` are always known; other names go to
    ``nertslib.bots.make_bot(name, seed)`` when the installed nertslib has it.

    Raises:
        ValueError: for a name no one knows, quoting it.

    >>> import nertslib as nl
    >>> from nertslib.adapters.gymnasium import bot_named
    >>> bot_named("greedy", 0) is nl.greedy_bot
    True
    >>> bot_named("random", 3)(nl.deal("standard", seats=2, seed=1), 1) is not None
    True
    """
    if name == "greedy":
        return greedy_bot
    if name == "random":
        return RandomBot(seed)
    make_bot = getattr(bots, "make_bot", None)
    if callable(make_bot):
        bot: Bot = make_bot(name, seed)
        return bot
    msg = f"unknown bot: {name!r:.80} (known: greedy, random)"
    raise ValueError(msg)


def _bot_names(opponents: str | Sequence[str], seats: int) -> tuple[str, ...]:
    if isinstance(opponents, str):
        return (opponents,) * (seats - 1)
    names = tuple(opponents)
    if len(names) != seats - 1 or not all(isinstance(n, str) for n in names):
        msg = f"opponents needs {seats - 1} bot name(s) for {seats} seats; got {opponents!r:.80}"
        raise ValueError(msg)
    return names


class NertsEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc, unused-ignore]
    """One seat of a Nerts hand against bots (see the module docs).

    Raises:
        ValueError: for an unsupported variant or seat count, a seat outside the table,
            unknown bot names, ``max_steps < 1``, or an unknown render mode.

    >>> from nertslib.adapters.gymnasium import NertsEnv
    >>> env = NertsEnv(seats=2, opponents="random", seat=1)
    >>> observation, info = env.reset(seed=3)
    >>> env.render().splitlines()[0]
    "standard · 2 seats · in play · seat 1's view"
    """

    # gymnasium.Env declares metadata as an instance attribute: a ClassVar cannot override it
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        seats: int = 2,
        variant: Variant | str = "standard",
        opponents: str | Sequence[str] = "greedy",
        max_steps: int = 600,
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        self.variant = check_supported(variant, seats)
        self.seats = seats
        if type(seat) is not int or not 0 <= seat < seats:
            msg = f"seat must be 0..{seats - 1}; got {seat!r:.80}"
            raise ValueError(msg)
        if type(max_steps) is not int or max_steps < 1:
            msg = f"max_steps must be an int >= 1; got {max_steps!r:.80}"
            raise ValueError(msg)
        self.seat, self.max_steps = seat, max_steps
        self.render_mode = check_render_mode(render_mode)
        self.opponents = _bot_names(opponents, seats)
        for name in self.opponents:
            bot_named(name, 0)  # unknown names fail here, not at the first reset
        self.observation_space = observation_spaces(self.variant, seats)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._bots: list[Bot] = []
        self._position: GameState | None = None
        self._steps = 0

    @property
    def position(self) -> GameState | None:
        """The nertslib position of the hand (``None`` before the first reset)."""
        return self._position

    def _observation(self) -> Observation:
        pos = self._position
        assert pos is not None
        return {
            "observation": observation_array(view(pos, self.seat)),
            "action_mask": mask_of(legal_actions(pos, self.seat)),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand; ``options={"position": state}`` starts from a given position."""
        super().reset(seed=seed)
        rng = self.np_random
        position = start_position(options, self.variant, self.seats)
        deal_seed = int(rng.integers(SEED_RANGE))
        self._position = (
            new_hand(self.variant, self.seats, deal_seed) if position is None else position
        )
        self._bots = [bot_named(name, int(rng.integers(SEED_RANGE))) for name in self.opponents]
        self._steps = 0
        return self._observation(), {"move": None, "rejected": None, "illegal": False}

    def _moves(self, state: GameState, action: int) -> list[Move | None]:
        others = iter(self._bots)
        return [
            decode(state, s, action) if s == self.seat else next(others)(view(state, s), s)
            for s in range(self.seats)
        ]

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play one step: the agent's action and every bot's move, settled together."""
        before = self._position
        if before is None or before.is_over or self._steps >= self.max_steps:
            msg = "step() needs a hand in play: call reset() first"
            raise NertsError(msg)
        chosen = action_index(action)
        legal = chosen in legal_actions(before, self.seat)
        moves = self._moves(before, chosen if legal else PASS)
        after, rejected = settle(before, moves, self._steps)
        self._position = after
        self._steps += 1
        info = step_info(moves[self.seat], rejected[self.seat], not legal)
        if self.render_mode == "human":
            self.render()
        terminated = after.is_over
        truncated = not terminated and self._steps >= self.max_steps
        gain = float(rewards(before, after)[self.seat])
        return self._observation(), gain, terminated, truncated, info

    def render(self) -> str | None:
        """The table as the agent's seat sees it (``str`` of its view).

        Printed, and ``None`` returned, under ``render_mode="human"``; returned otherwise.
        """
        text = (
            "no hand dealt yet" if self._position is None else str(view(self._position, self.seat))
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:  # a second import must not warn about re-registering
    gymnasium.register(id=ENV_ID, entry_point="nertslib.adapters.gymnasium:NertsEnv")
