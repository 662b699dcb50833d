"""The rewards the RL adapters pay: ``reward="zero_sum"`` (the default), ``"score"``, ``"win"``.

Every adapter (OpenSpiel, PettingZoo, Gymnasium) takes ``reward=`` with one of
:data:`REWARDS` and pays, to each seat after each step:

* ``"score"``: the seat's own change of :func:`~nertslib.hand_scores` in the step (what the
  adapters paid before the option existed). A seat gains by scoring, whether or not it wins.
* ``"zero_sum"`` (:data:`DEFAULT_REWARD`): its own change minus the mean of the other seats'
  changes (with one seat, its own change). Summed over a hand it is the seat's final
  *margin*: its score minus the mean of the others', the quantity the paired tournament
  measures and :class:`~nertslib.SearchBot` maximizes. Every step's rewards add up to zero
  over the seats.
* ``"win"``: zero until the episode ends (the hand is over, or it is cut by ``max_steps`` or
  the no-progress limit), then +1 to a seat whose score is the highest alone, -1 to a seat
  that some other seat outscores, 0 to seats sharing the highest score. Sparse: a whole hand
  of hundreds of steps is judged by its last reward.

**Why ``"zero_sum"`` is the default.** The score reward teaches the wrong goal: a seat paid
for its own points is indifferent to the race for the shared foundations, and PPO trained on
it against greedy learned to outscore greedy's average while losing three hands in four (win
rate 0.255; the zero-sum reward raised it to 0.365 in the same budget, issue 40). Winning a
hand is having the highest score, so a seat that maximizes its margin over the others plays
to win; unlike ``"win"``, the zero-sum reward is dense (every card played, and every card an
opponent plays, shows at once), so it is learned from far fewer hands.

>>> import nertslib as nl
>>> from nertslib.adapters.rewards import step_rewards
>>> state = nl.deal("standard", seats=3, seed=1)
>>> after = nl.apply(state, nl.Move.parse("0:AH@P2>F+"))
>>> step_rewards("score", state, after, ended=False)
(1.0, 0.0, 0.0)
>>> step_rewards("zero_sum", state, after, ended=False)
(1.0, -0.5, -0.5)
>>> step_rewards("win", state, after, ended=False), step_rewards("win", state, after, ended=True)
((0.0, 0.0, 0.0), (1.0, -1.0, -1.0))

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Final

from nertslib.scoring import hand_scores
from nertslib.state import GameState

__all__ = [
    "DEFAULT_REWARD",
    "REWARDS",
    "check_reward",
    "margins",
    "returns",
    "reward_bounds",
    "step_rewards",
    "wins",
]

REWARDS: Final = ("zero_sum", "score", "win")
"""The reward names every adapter accepts."""
DEFAULT_REWARD: Final = "zero_sum"
"""The reward the adapters pay unless told otherwise (see the module docs for why)."""


def check_reward(reward: object) -> str:
    """``reward`` if it is one of :data:`REWARDS`.

    Raises:
        ValueError: for anything else, quoting it.

    >>> from nertslib.adapters.rewards import check_reward
    >>> check_reward("win")
    'win'
    >>> check_reward("points")
    Traceback (most recent call last):
    ...
    ValueError: reward must be one of 'zero_sum', 'score', 'win'; got 'points'
    """
    if not isinstance(reward, str) or reward not in REWARDS:
        names = ", ".join(repr(r) for r in REWARDS)
        msg = f"reward must be one of {names}; got {reward!r:.80}"
        raise ValueError(msg)
    return reward


def margins(scores: tuple[int, ...]) -> tuple[float, ...]:
    """Every seat's score minus the mean of the other seats' (its own score when alone).

    >>> from nertslib.adapters.rewards import margins
    >>> margins((10, 4, -2))
    (9.0, 0.0, -9.0)
    """
    n = len(scores)
    if n == 1:
        return (float(scores[0]),)
    total = sum(scores)
    return tuple(s - (total - s) / (n - 1) for s in scores)


def wins(scores: tuple[int, ...]) -> tuple[float, ...]:
    """+1 for the highest score alone, 0 for a shared highest score, -1 for the others.

    >>> from nertslib.adapters.rewards import wins
    >>> wins((10, 4, -2)), wins((7, 7, 1))
    ((1.0, -1.0, -1.0), (0.0, 0.0, -1.0))
    """
    best = max(scores)
    shared = scores.count(best) > 1
    return tuple((0.0 if shared else 1.0) if s == best else -1.0 for s in scores)


def returns(reward: str, state: GameState, *, ended: bool) -> tuple[float, ...]:
    """Every seat's return so far under ``reward``, counted from 0 before the deal.

    ``"score"``: the hand scores; ``"zero_sum"``: their :func:`margins`; ``"win"``: 0 until
    the episode has ``ended``, then :func:`wins`. Rewards are changes of this.

    Raises:
        ValueError: for an unknown ``reward``.

    >>> import nertslib as nl
    >>> from nertslib.adapters.rewards import returns
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> returns("score", state, ended=False), returns("zero_sum", state, ended=False)
    ((-26.0, -26.0), (0.0, 0.0))
    """
    kind = check_reward(reward)
    scores = hand_scores(state)
    if kind == "win":
        return wins(scores) if ended else (0.0,) * len(scores)
    return margins(scores) if kind == "zero_sum" else tuple(float(s) for s in scores)


def step_rewards(
    reward: str, before: GameState, after: GameState, *, ended: bool
) -> tuple[float, ...]:
    """Every seat's ``reward`` for the step from ``before`` to ``after``.

    The change of :func:`returns`; ``ended``: the episode ends with this step (the hand is
    over, or it is cut), which only ``"win"`` pays for.

    Raises:
        ValueError: for an unknown ``reward``.

    >>> import nertslib as nl
    >>> from nertslib.adapters.rewards import step_rewards
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> step_rewards("zero_sum", state, nl.apply(state, nl.Move.parse("0:AH@P2>F+")), ended=False)
    (1.0, -1.0)
    """
    old = returns(reward, before, ended=False)
    new = returns(reward, after, ended=ended)
    return tuple(b - a for a, b in zip(old, new, strict=True))


def reward_bounds(reward: str, low: int, high: int) -> tuple[float, float]:
    """Bounds on a seat's return under ``reward``, given its hand score's bounds.

    >>> from nertslib.adapters.rewards import reward_bounds
    >>> reward_bounds("zero_sum", -26, 52), reward_bounds("win", -26, 52)
    ((-78.0, 78.0), (-1.0, 1.0))
    """
    kind = check_reward(reward)
    if kind == "win":
        return -1.0, 1.0
    if kind == "zero_sum":
        return float(low - high), float(high - low)
    return float(low), float(high)
