"""Nerts as a Gymnasium environment: importing this module registers ``"nertslib/Nerts-v0"``.

Needs the ``gymnasium`` extra (``pip install "nertslib[gymnasium]"``). The agent plays one
seat (``seat``, default 0) against opponents in the other seats; every step, the agent's
action and each opponent's move are settled together by
:func:`~nertslib.adapters.encoding.settle`.

* ``opponents`` (default ``"greedy"``): one opponent for every other seat, or a sequence of
  them, one per other seat (see :mod:`nertslib.adapters.opponents`): a bot spec for
  ``nertslib.bots.make_bot``, a bot value, a trained policy wrapped by
  :func:`~nertslib.adapters.policies.policy_bot`, or an
  :class:`~nertslib.adapters.opponents.OpponentPool` drawn from at each reset (self-play).
  Each opponent is given its seat's :func:`~nertslib.view` only, never the position.
* ``reward`` (default ``"zero_sum"``): see :mod:`nertslib.adapters.rewards`; the agent's own
  score change is ``"score"``, the final win/loss ``"win"``.
* Observations, the action mask, illegal actions (played as ``PASS``, ``info["illegal"]``)
  are as in :mod:`nertslib.adapters.pettingzoo`; :meth:`NertsEnv.action_masks` gives the mask
  as booleans (sb3-contrib's ``MaskablePPO`` convention). ``info`` holds the agent's
  ``"move"``, ``"rejected"`` and ``"illegal"``, every seat's hand score (``"scores"``, by
  seat) and the episode's ``"end"``.
* ``terminated`` when the hand ends; ``truncated`` after ``no_progress`` steps in a row
  without progress by any seat, or after ``max_steps`` steps (see
  :mod:`nertslib.adapters.episode`).
* ``reset(seed=s)`` makes the deal, the pool draws and the random bots' choices a function
  of ``s``.

>>> import gymnasium
>>> import nertslib.adapters.gymnasium
>>> env = gymnasium.make("nertslib/Nerts-v0", seats=3, opponents=["greedy", "random"])
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) >= 1
((1915,), True)
>>> observation, reward, terminated, truncated, info = env.step(0)
>>> reward, terminated, truncated, info["illegal"], info["scores"]
(0.0, False, False, False, [-26, -26, -26])

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from nertslib.adapters.arrays import (
    SEED_RANGE,
    Observation,
    check_render_mode,
    check_seat,
    deal_in_play,
    observation_spaces,
    render_text,
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
)
from nertslib.adapters.episode import Episode
from nertslib.adapters.opponents import Opponent, check_opponents, draw
from nertslib.adapters.policies import PolicyBot
from nertslib.adapters.rewards import DEFAULT_REWARD
from nertslib.adapters.tensors import mask_of, observation_array
from nertslib.bots import Bot
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.errors import NertsError
from nertslib.moves import Move
from nertslib.scoring import hand_scores
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["ENV_ID", "NertsEnv"]

ENV_ID: Final = "nertslib/Nerts-v0"


class NertsEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc, unused-ignore]
    """One seat of a Nerts hand against bots (see the module docs).

    Raises:
        ValueError: for an unsupported variant or seat count, a seat outside the table,
            opponents that are not one per other seat (or unknown bot specs), a limit that
            is not an int >= 1, an unknown reward, or an unknown render mode.

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
        opponents: Opponent | Sequence[Opponent] = "greedy",
        max_steps: int = 600,
        seat: int = 0,
        render_mode: str | None = None,
        *,
        reward: str = DEFAULT_REWARD,
        no_progress: int = NO_PROGRESS_ROUNDS,
    ) -> None:
        self.variant = check_supported(variant, seats)
        self.seats = seats
        check_seat(seat, seats)
        self._start = Episode(max_steps, no_progress, reward)
        self.seat, self.max_steps = seat, max_steps
        self.render_mode = check_render_mode(render_mode)
        self.opponents = check_opponents(opponents, seats)
        self.observation_space = observation_spaces(self.variant, seats)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._bots: list[Bot] = []
        self._position: GameState | None = None
        self._episode = self._start
        self._mask = np.zeros(NUM_ACTIONS, np.int8)

    @property
    def position(self) -> GameState | None:
        """The nertslib position of the hand (``None`` before the first reset)."""
        return self._position

    def _observation(self) -> Observation:
        pos = self._position
        assert pos is not None
        self._mask = mask_of(legal_actions(pos, self.seat))
        seen = view(pos, self.seat)
        return {
            "observation": observation_array(seen, self._priority(self.seat)),
            "action_mask": self._mask,
        }

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions of the agent now, as booleans (sb3-contrib's convention).

        >>> from nertslib.adapters.gymnasium import NertsEnv
        >>> env = NertsEnv(seats=2)
        >>> observation, info = env.reset(seed=1)
        >>> bool((env.action_masks() == observation["action_mask"].astype(bool)).all())
        True
        """
        return self._mask.astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand; ``options={"position": state}`` starts from a given position."""
        super().reset(seed=seed)
        rng = self.np_random
        position = start_position(options, self.variant, self.seats)
        self._position = (
            deal_in_play(self.variant, self.seats, rng) if position is None else position
        )
        self._bots = [draw(o, int(rng.integers(SEED_RANGE))) for o in self.opponents]
        self._episode = self._start
        blank = {"move": None, "rejected": None, "illegal": False, "end": None}
        return self._observation(), {**blank, "scores": list(hand_scores(self._position))}

    def _priority(self, seat: int) -> int:
        """How many seats' moves the next step settles before ``seat``'s (see ``settle``)."""
        return (seat - self._episode.steps) % self.seats

    def _moves(self, state: GameState, action: int) -> list[Move | None]:
        moves: list[Move | None] = []
        others = iter(self._bots)
        for s in range(self.seats):
            if s == self.seat:
                moves.append(decode(state, s, action))
                continue
            bot, seen = next(others), view(state, s)
            # a policy is shown the priority the step gives its seat, as the agent is
            if isinstance(bot, PolicyBot):
                moves.append(bot.move(seen, s, self._priority(s)))
            else:
                moves.append(bot(seen, s))
        return moves

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play one step: the agent's action and every bot's move, settled together."""
        before = self._position
        if before is None or self._episode.end(before) is not None:
            msg = "step() needs a hand in play: call reset() first"
            raise NertsError(msg)
        chosen = action_index(action)
        legal = chosen in legal_actions(before, self.seat)
        moves = self._moves(before, chosen if legal else PASS)
        step = self._episode.step(before, moves)
        self._position, self._episode = step.after, step.episode
        info = {**step_info(moves[self.seat], step.rejected[self.seat], not legal), **step.info()}
        if self.render_mode == "human":
            self.render()
        terminated = step.after.is_over
        truncated = step.end is not None and not terminated
        return self._observation(), step.rewards[self.seat], terminated, truncated, info

    def render(self) -> str | None:
        """The table as the agent's seat sees it (``str`` of its view).

        Printed, and ``None`` returned, under ``render_mode="human"``; returned otherwise.
        """
        return render_text(self._position, self.seat, self.render_mode)


if ENV_ID not in gymnasium.registry:  # a second import must not warn about re-registering
    gymnasium.register(
        id=ENV_ID,
        entry_point="nertslib.adapters.gymnasium:NertsEnv",
        vector_entry_point="nertslib.adapters.vector:NertsVectorEnv",
    )
