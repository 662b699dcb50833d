"""The vector Gymnasium environment: many hands of ``"nertslib/Nerts-v0"`` on the batch engine.

``gymnasium.make_vec("nertslib/Nerts-v0", num_envs=N, vectorization_mode="vector_entry_point")``
builds a :class:`NertsVectorEnv` (importing :mod:`nertslib.adapters.gymnasium` registers it).
Needs the ``gymnasium`` and ``fast`` extras. Sub-environment ``i`` is exactly
:class:`~nertslib.adapters.gymnasium.NertsEnv` with the same settings reset with seed
``seed + i`` (what ``gymnasium.vector.SyncVectorEnv`` of ``N`` single environments gives):
the same observations, masks, rewards, terminations, truncations and infos, step by step (a
differential test holds them together). Auto-reset is Gymnasium 1.x's ``NEXT_STEP``: the
step after an episode ends resets that sub-environment (reward 0, the new hand's
observation).

Supported (else a :class:`~nertslib.NertsError` names the setting): opponents ``"greedy"``
only (the batch engine plays the greedy rule; random, search and policy opponents, bot
values and pools need the single environment), variants without jokers and without
face-down work cards (see :func:`~nertslib.adapters.selfplay.check_vector_variant`), no
``options`` at reset and no rendering.

>>> import gymnasium
>>> import nertslib.adapters.gymnasium
>>> envs = gymnasium.make_vec(
...     "nertslib/Nerts-v0", num_envs=4, vectorization_mode="vector_entry_point", seats=3
... )
>>> observations, infos = envs.reset(seed=7)
>>> observations["observation"].shape, observations["action_mask"].shape
((4, 1915), (4, 2892))
>>> observations, rewards, terminated, truncated, infos = envs.step([0, 0, 0, 0])
>>> rewards.shape, infos["scores"][0]
((4,), [-26, -26, -25])

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from nertslib.adapters.arrays import (
    SEED_RANGE,
    check_seat,
    observation_spaces,
    step_info,
)
from nertslib.adapters.encoding import NUM_ACTIONS
from nertslib.adapters.rewards import DEFAULT_REWARD
from nertslib.adapters.selfplay import SelfPlayBatch, StepResult
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.errors import NertsError, Rejection
from nertslib.quoting import excerpt
from nertslib.variants import Variant
from nertslib.views import View, view

__all__ = ["NertsVectorEnv"]


def _check_opponents(opponents: object, seats: int) -> None:
    entries = [opponents] * (seats - 1) if isinstance(opponents, str) else opponents
    if not isinstance(entries, list | tuple) or list(entries) != ["greedy"] * (seats - 1):
        msg = (
            f"the vector environment plays opponents='greedy' only; got opponents="
            f"{opponents!r:.80} (use the single environment for other opponents)"
        )
        raise NertsError(msg)


class NertsVectorEnv(VectorEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` Nerts hands, one agent seat each, against greedy opponents (module docs).

    Raises:
        NertsError: for a setting the vector environment does not play (module docs).
        ValueError: for the single environment's bad settings.

    >>> from nertslib.adapters.vector import NertsVectorEnv
    >>> envs = NertsVectorEnv(num_envs=2, seats=2, seat=1)
    >>> observations, infos = envs.reset(seed=3)
    >>> envs.action_masks().shape
    (2, 2892)
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 1,
        seats: int = 2,
        variant: Variant | str = "standard",
        opponents: object = "greedy",
        max_steps: int = 600,
        seat: int = 0,
        render_mode: str | None = None,
        *,
        reward: str = DEFAULT_REWARD,
        no_progress: int = NO_PROGRESS_ROUNDS,
    ) -> None:
        self.table = SelfPlayBatch(
            variant, seats, num_envs, max_steps=max_steps, no_progress=no_progress, reward=reward
        )
        check_seat(seat, seats)
        _check_opponents(opponents, seats)
        if render_mode is not None:
            msg = f"the vector environment does not render; got render_mode={render_mode!r:.80}"
            raise NertsError(msg)
        self.num_envs, self.seat, self.seats = num_envs, seat, seats
        self.variant = self.table.variant
        self.single_observation_space = observation_spaces(self.variant, seats)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rngs = [seeding.np_random(None)[0] for _ in range(num_envs)]
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._known_infos: dict[tuple[int, int, bool], Any] = {}

    def _deal(self, envs: list[int]) -> None:
        """Deal sub-environments ``envs`` new hands, drawn as ``NertsEnv.reset`` draws them.

        ``arrays.deal_in_play``'s rule for many at once: a seed from each one's generator,
        drawn again while its deal is over already; then the seeds the single environment
        draws for its opponents' bots.
        """
        pending = envs
        while pending:
            seeds = [int(self._rngs[i].integers(SEED_RANGE)) for i in pending]
            if self.table.batch is None:  # the first reset: every hand at once
                self.table.deal(seeds)
                over = self.table.ended.copy()
            else:
                over = self.table.redeal(pending, seeds)
            pending = [i for i, done in zip(pending, over.tolist(), strict=True) if done]
        for i in envs:
            for _ in range(self.seats - 1):
                self._rngs[i].integers(SEED_RANGE)

    def _observation(self) -> dict[str, Any]:
        observation, self._mask = self.table.observe(self.seat)
        return {"observation": observation, "action_mask": self._mask}

    def action_masks(self) -> Any:
        """The legal actions of every sub-environment's agent now, as booleans."""
        return self._mask.astype(bool)

    def views(self) -> list[View]:
        """Every sub-environment's agent :class:`~nertslib.View` now (what its seat sees).

        Built from the rows on demand (the pure view of each hand): for a teacher or a
        bot that reads views, not for the hot loop.

        >>> from nertslib.adapters.vector import NertsVectorEnv
        >>> envs = NertsVectorEnv(num_envs=2, seats=2, seat=1)
        >>> observations, infos = envs.reset(seed=3)
        >>> [v.seat for v in envs.views()]
        [1, 1]
        """
        return [view(state, self.seat) for state in self.table.states]

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every hand; ``seed`` seeds sub-environment ``i`` with ``seed + i``."""
        if options:
            msg = f"the vector environment takes no reset options; got {options!r:.80}"
            raise NertsError(msg)
        seeds: list[int | None] = (
            list(seed)
            if isinstance(seed, list)
            else [None if seed is None else seed + i for i in range(self.num_envs)]
        )
        if len(seeds) != self.num_envs:
            msg = f"reset needs one seed per sub-environment ({self.num_envs}); got {seed!r:.80}"
            raise NertsError(msg)
        self._rngs = [seeding.np_random(s)[0] for s in seeds]
        self._deal(list(range(self.num_envs)))
        self._autoreset[:] = False
        fresh = np.ones(self.num_envs, np.bool_)
        return self._observation(), self._infos(None, fresh)

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """One step of every sub-environment (a finished one is reset instead)."""
        if self.table.batch is None:
            msg = "step() needs hands in play: call reset() first"
            raise NertsError(msg)
        agent = np.asarray(actions).reshape(-1)
        if agent.shape != (self.num_envs,) or not np.isin(agent, np.arange(NUM_ACTIONS)).all():
            msg = f"step needs {self.num_envs} actions 0..{NUM_ACTIONS - 1}; got {excerpt(actions)}"
            raise NertsError(msg)
        chosen = self.table.greedy_actions(skip=self.seat)
        chosen[:, self.seat] = agent
        fresh = self._autoreset.copy()
        result = self.table.step(chosen, active=~fresh)
        if fresh.any():
            self._deal(np.flatnonzero(fresh).tolist())
        rewards = np.where(fresh, 0.0, result.rewards[:, self.seat])
        terminated, truncated = result.terminated.copy(), result.truncated.copy()
        self._autoreset = terminated | truncated
        return self._observation(), rewards, terminated, truncated, self._infos(result, fresh)

    def _step_info(self, i: int, rejection: Rejection | None, illegal: bool, key: Any) -> Any:
        """``step_info`` of env ``i``'s agent; an accepted move's is kept by ``key``.

        ``key`` is the action and card played (they name the move): moves repeat, and the
        infos are only read.
        """
        if rejection is not None:
            return step_info(self.table.move(i, self.seat), rejection, illegal)
        info = self._known_infos.get(key)
        if info is None:
            move = self.table.move(i, self.seat)
            info = self._known_infos[key] = step_info(move, None, illegal)
        return info

    def _infos(self, result: StepResult | None, fresh: Any) -> dict[str, Any]:
        """The infos ``SyncVectorEnv`` gathers from the single environments, built at once.

        Every sub-environment's info has the same keys (``NertsEnv``'s: a reset's info is a
        step's with no move), so every key's ``_key`` mask is all true; ``illegal`` is a bool
        array, the others object arrays, as ``VectorEnv._add_info`` makes them.
        """
        n = self.num_envs
        infos: dict[str, Any] = {
            key: np.full(n, None, dtype=object) for key in ("move", "rejected", "scores", "end")
        }
        infos["illegal"] = np.zeros(n, np.bool_)
        for i, scores in enumerate(self.table.scores.tolist()):
            infos["scores"][i] = scores
        if result is not None:
            illegal = result.illegal[:, self.seat].tolist()
            actions = result.played[:, self.seat].tolist()
            cards = self.table.played_cards(self.seat).tolist()
            rejections = [None if r is None else r[self.seat] for r in result.rejected]
            live = np.flatnonzero(~fresh).tolist()
            owns = [
                self._step_info(i, rejections[i], illegal[i], (actions[i], cards[i], illegal[i]))
                for i in live
            ]
            for key in ("move", "rejected", "illegal"):
                infos[key][live] = [own[key] for own in owns]
            infos["end"][live] = [result.ends[i] for i in live]
        return {
            part: value
            for key in ("move", "rejected", "illegal", "scores", "end")
            for part, value in ((key, infos[key]), (f"_{key}", np.ones(n, np.bool_)))
        }
