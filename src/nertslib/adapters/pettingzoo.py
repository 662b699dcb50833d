"""Nerts as a PettingZoo environment: :func:`parallel_env` (simultaneous) and :func:`env` (AEC).

Needs the ``pettingzoo`` extra (``pip install "nertslib[pettingzoo]"``). Agents are named
``"seat_0"``, ``"seat_1"`` …. Nerts is simultaneous, so the parallel form is the natural one:
at every step each agent submits one action of :mod:`nertslib.adapters.encoding`, and the step
is settled by :func:`~nertslib.adapters.encoding.settle`. :func:`env` is the AEC form
(``pettingzoo.utils.parallel_to_aec``): agents choose in turn, and the step is played once the
last one has chosen.

* **Observations**: a dict with ``"observation"`` (int8, from the agent's
  :func:`~nertslib.view` only, see :func:`~nertslib.adapters.encoding.observe`) and
  ``"action_mask"`` (int8, 1 for each legal action; ``PASS`` is always legal while the hand is
  in play).
* **Rewards** (``reward=``, see :mod:`nertslib.adapters.rewards`): by default
  ``"zero_sum"``, each seat's score change minus the mean of the other seats'; ``"score"``,
  its own score change; ``"win"``, +1/0/-1 when the episode ends.
* **Episode end** (:mod:`nertslib.adapters.episode`): every agent terminates together when
  the hand ends (Nerts or stalemate), or is truncated after ``no_progress`` steps in a row
  without progress by any seat or after ``max_cycles`` steps; agents are then removed.
* **Illegal actions**: an action outside the mask is played as ``PASS`` and its agent's info
  says ``"illegal": True``; an action outside the action space raises :class:`ValueError`.
* **Infos**: ``"move"`` (the notation of the move the action stood for, or ``None``),
  ``"rejected"`` (the :class:`~nertslib.Reason` name when the move lost a race or was
  refused, else ``None``), ``"illegal"``, ``"scores"`` (every seat's hand score, by seat) and
  ``"end"`` (``"nerts"``, ``"stalemate"``, ``"no_progress"``, ``"max_steps"``, or ``None``
  while the episode goes on).
* **Seeding**: ``reset(seed=s)`` makes the hand and everything after it a function of ``s``
  (the deal seed is drawn from a NumPy generator seeded with ``s``); ``reset()`` draws the
  next hand from that generator. ``reset(options={"position": state})`` starts from a given
  :class:`~nertslib.GameState` of this variant and seat count; other option keys are ignored.

>>> from nertslib.adapters.pettingzoo import parallel_env
>>> env = parallel_env(seats=2, max_cycles=100)
>>> observations, infos = env.reset(seed=42)
>>> env.agents, observations["seat_0"]["action_mask"][:4]
(['seat_0', 'seat_1'], array([1, 1, 0, 0], dtype=int8))
>>> observations, rewards, terminations, truncations, infos = env.step({"seat_0": 1, "seat_1": 0})
>>> rewards, infos["seat_0"]["move"], infos["seat_0"]["scores"]
({'seat_0': 0.0, 'seat_1': 0.0}, '0:turn', [-26, -26])

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import parallel_to_aec

from nertslib.adapters.arrays import (
    RENDER_MODES,
    Observation,
    check_render_mode,
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
from nertslib.adapters.episode import Episode, check_limit
from nertslib.adapters.rewards import DEFAULT_REWARD
from nertslib.adapters.tensors import mask_of, observation_array
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.errors import NertsError
from nertslib.scoring import hand_scores
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["NertsParallelEnv", "env", "parallel_env"]


class NertsParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc, unused-ignore]
    """The parallel environment :func:`parallel_env` returns (see the module docs).

    >>> from nertslib.adapters.pettingzoo import NertsParallelEnv
    >>> env = NertsParallelEnv(seats=2, variant="pounce", max_cycles=10)
    >>> _ = env.reset(seed=0)
    >>> env.position.variant.name, int(env.action_space("seat_1").n)
    ('pounce', 2892)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "nerts_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }

    def __init__(
        self,
        seats: int = 2,
        variant: Variant | str = "standard",
        max_cycles: int = 600,
        render_mode: str | None = None,
        *,
        reward: str = DEFAULT_REWARD,
        no_progress: int = NO_PROGRESS_ROUNDS,
    ) -> None:
        self.variant = check_supported(variant, seats)
        self.seats = seats
        self.max_cycles = check_limit("max_cycles", max_cycles)
        self._start = Episode(max_cycles, no_progress, reward)
        self._episode = self._start
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"seat_{i}" for i in range(seats)]
        self.agents: list[str] = []
        self._observation_spaces = {
            a: observation_spaces(self.variant, seats) for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self._position: GameState | None = None

    @property
    def position(self) -> GameState | None:
        """The nertslib position of the hand (``None`` before the first reset)."""
        return self._position

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(NUM_ACTIONS)`` for every agent (the same object on every call)."""
        return self._action_spaces[agent]

    def _observe(self, seat: int) -> Observation:
        pos = self._position
        assert pos is not None
        return {
            # the race priority the next step gives the seat (see settle)
            "observation": observation_array(
                view(pos, seat), (seat - self._episode.steps) % self.seats
            ),
            "action_mask": mask_of(legal_actions(pos, seat)),
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deal a new hand (see the module docs on seeding and options)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        position = start_position(options, self.variant, self.seats)
        self._position = (
            deal_in_play(self.variant, self.seats, self._rng) if position is None else position
        )
        self._episode = self._start
        self.agents = list(self.possible_agents)
        scores = list(hand_scores(self._position))
        blank = {"move": None, "rejected": None, "illegal": False, "end": None}
        return (
            {a: self._observe(i) for i, a in enumerate(self.agents)},
            {a: {**blank, "scores": list(scores)} for a in self.agents},
        )

    def step(self, actions: dict[str, Any]) -> tuple[Any, ...]:
        """Play one step: every live agent's action (a missing agent passes)."""
        before = self._position
        if before is None or not self.agents:
            msg = "step() needs a hand in play: call reset() first"
            raise NertsError(msg)
        chosen = [action_index(actions.get(a, PASS)) for a in self.possible_agents]
        legal = [a in legal_actions(before, s) for s, a in enumerate(chosen)]
        moves = [
            decode(before, s, a if ok else PASS)
            for s, (a, ok) in enumerate(zip(chosen, legal, strict=True))
        ]
        step = self._episode.step(before, moves)
        self._position, self._episode = step.after, step.episode
        over = step.after.is_over
        cut = step.end is not None and not over
        agents = self.agents
        infos = {
            a: {**step_info(moves[s], step.rejected[s], not legal[s]), **step.info()}
            for s, a in enumerate(agents)
        }
        result = (
            {a: self._observe(s) for s, a in enumerate(agents)},
            {a: step.rewards[s] for s, a in enumerate(agents)},
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, cut),
            infos,
        )
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return result

    def render(self) -> str | None:
        """The table as a spectator sees it (``str`` of ``view(position, None)``).

        Printed, and ``None`` returned, under ``render_mode="human"``; returned otherwise.
        """
        return render_text(self._position, None, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    seats: int = 2,
    variant: Variant | str = "standard",
    max_cycles: int = 600,
    render_mode: str | None = None,
    *,
    reward: str = DEFAULT_REWARD,
    no_progress: int = NO_PROGRESS_ROUNDS,
) -> NertsParallelEnv:
    """A parallel Nerts environment (see the module docs).

    Raises:
        ValueError: for an unsupported variant or seat count, ``max_cycles < 1`` or
            ``no_progress < 1``, an unknown reward, or an unknown render mode.

    >>> from nertslib.adapters.pettingzoo import parallel_env
    >>> parallel_env(seats=3, variant="nna").possible_agents
    ['seat_0', 'seat_1', 'seat_2']
    """
    return NertsParallelEnv(
        seats, variant, max_cycles, render_mode, reward=reward, no_progress=no_progress
    )


def env(
    seats: int = 2,
    variant: Variant | str = "standard",
    max_cycles: int = 600,
    render_mode: str | None = None,
    *,
    reward: str = DEFAULT_REWARD,
    no_progress: int = NO_PROGRESS_ROUNDS,
) -> AECEnv[str, Observation, int]:
    """The AEC form of :func:`parallel_env` (agents choose in turn; a step plays once all chose).

    >>> from nertslib.adapters.pettingzoo import env
    >>> aec = env(seats=2)
    >>> aec.reset(seed=1)
    >>> aec.agent_selection
    'seat_0'
    """
    return parallel_to_aec(
        parallel_env(
            seats, variant, max_cycles, render_mode, reward=reward, no_progress=no_progress
        )
    )
