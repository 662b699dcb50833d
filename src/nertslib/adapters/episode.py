"""When an adapter's episode ends, and what each step pays: the one home of both rules.

Every adapter plays a hand as simultaneous steps (:func:`~nertslib.adapters.encoding.settle`)
and keeps an :class:`Episode`: the step count, the steps since the last progress, and the
settings. An episode ends (:meth:`Episode.end`):

* ``"nerts"`` or ``"stalemate"``: the hand is over (*terminated*);
* ``"no_progress"``: ``no_progress`` steps in a row (default
  :data:`~nertslib.bots.NO_PROGRESS_ROUNDS`, the driver's limit) in which no seat made
  progress (no accepted play to a foundation, of a Nerts or waste top, nor a call): the hand
  is *truncated*, as a bot that waits or shuffles work piles for ever would otherwise keep
  it going (the driver, :func:`~nertslib.play_hand`, stops hands by the same rule);
* ``"max_steps"``: ``max_steps`` steps were played (*truncated*).

Rewards are :func:`~nertslib.adapters.rewards.step_rewards` of the episode's ``reward``.

>>> import nertslib as nl
>>> from nertslib.adapters.encoding import new_hand
>>> from nertslib.adapters.episode import Episode
>>> episode, state = Episode(max_steps=100, no_progress=2), new_hand("standard", 2, seed=1)
>>> for _ in range(2):
...     step = episode.step(state, [None, None])
...     episode, state = step.episode, step.after
>>> step.end, step.rewards, step.episode.idle
('no_progress', (0.0, 0.0), 2)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from nertslib.adapters.encoding import settle
from nertslib.adapters.rewards import DEFAULT_REWARD, check_reward, step_rewards
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.errors import Rejection
from nertslib.moves import Move
from nertslib.scoring import hand_scores
from nertslib.state import EndReason, GameState

__all__ = ["TRUNCATIONS", "Episode", "Step", "check_limit"]

TRUNCATIONS: Final = ("no_progress", "max_steps")
"""The ends that cut a hand still in play (the others, ``"nerts"`` and ``"stalemate"``, end it)."""


def check_limit(name: str, value: object) -> int:
    """``value`` if it is an int >= 1.

    Raises:
        ValueError: otherwise, naming the setting and quoting the value.

    >>> from nertslib.adapters.episode import check_limit
    >>> check_limit("max_steps", 0)
    Traceback (most recent call last):
    ...
    ValueError: max_steps must be an int >= 1; got 0
    """
    if type(value) is not int or value < 1:
        msg = f"{name} must be an int >= 1; got {value!r:.80}"
        raise ValueError(msg)
    return value


def _max_steps(value: object) -> int:
    return check_limit("max_steps", value)


def _no_progress(value: object) -> int:
    return check_limit("no_progress", value)


@attrs.frozen
class Step:
    """One settled step: the new state, the rejections and rewards by seat, and the episode.

    Attributes:
        after: The state after the step.
        rejected: By seat, the rejection of its move (``None``: accepted, or no move).
        rewards: By seat, the step's reward.
        episode: The episode after the step.
        end: How the episode ended with this step (see the module docs), or ``None``.
    """

    after: GameState
    rejected: tuple[Rejection | None, ...]
    rewards: tuple[float, ...]
    episode: Episode
    end: str | None

    def info(self) -> dict[str, object]:
        """What every adapter's info says of the step besides the seat's own move.

        ``"scores"``: every seat's hand score, by seat; ``"end"``: the episode's end or ``None``.
        """
        return {"scores": list(hand_scores(self.after)), "end": self.end}


@attrs.frozen
class Episode:
    """The step count and the steps since the last progress of one adapter episode.

    Raises:
        ValueError: for a limit that is not an int >= 1 or an unknown reward.

    >>> from nertslib.adapters.episode import Episode
    >>> Episode(max_steps=600).reward, Episode(max_steps=600).no_progress
    ('zero_sum', 200)
    """

    max_steps: int = attrs.field(converter=_max_steps)
    no_progress: int = attrs.field(default=NO_PROGRESS_ROUNDS, converter=_no_progress)
    reward: str = attrs.field(default=DEFAULT_REWARD, converter=check_reward)
    steps: int = 0
    idle: int = 0

    def end(self, state: GameState) -> str | None:
        """How the episode has ended at ``state`` (see the module docs), or ``None``."""
        if state.status is not None:
            return "nerts" if state.status is EndReason.NERTS else "stalemate"
        if self.idle >= self.no_progress:
            return "no_progress"
        return "max_steps" if self.steps >= self.max_steps else None

    def step(self, state: GameState, moves: Sequence[Move | None]) -> Step:
        """Settle ``moves`` (one per seat, ``None``: a wait) in ``state``; the step's results."""
        after, rejected = settle(state, moves, self.steps)
        progress = any(
            m is not None and r is None and m.is_progress
            for m, r in zip(moves, rejected, strict=True)
        )
        episode = attrs.evolve(self, steps=self.steps + 1, idle=0 if progress else self.idle + 1)
        end = episode.end(after)
        gains = step_rewards(self.reward, state, after, ended=end is not None)
        return Step(after, rejected, gains, episode, end)
