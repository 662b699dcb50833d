"""The Gymnasium environment's opponents: bot specs, bots, policies, or a pool drawn per hand.

An *opponent* is one of:

* a bot spec string, built afresh for each hand by ``nertslib.bots.make_bot(spec, seed)``
  (``"greedy"``, ``"random"``, ``"search:16"`` …), seeded from the environment's generator;
* a bot value (any ``bot(view, seat)``, such as ``nl.greedy_bot``), which plays every hand
  as it is (a bot that keeps notes keeps them from hand to hand);
* a trained policy wrapped by :func:`~nertslib.adapters.policies.policy_bot` (a bot too);
* an :class:`OpponentPool`: one member drawn at each reset, by the environment's seeded
  generator, for each seat the pool fills. This is how self-play is set up: a pool of the
  policy being trained (its ``policy_bot`` follows the weights as they change) and frozen
  snapshots of it, with ``"greedy"`` to keep the learner honest.

>>> import nertslib as nl
>>> from nertslib.adapters.opponents import OpponentPool, draw
>>> pool = OpponentPool(["greedy", "random"], weights=[3, 1])
>>> [pool.pick(seed) for seed in range(6)]
['greedy', 'greedy', 'random', 'greedy', 'greedy', 'greedy']
>>> draw(pool, seed=2), draw("greedy", seed=1) is nl.greedy_bot
(<nertslib.bots.basic.RandomBot object at ...>, True)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs

from nertslib.bots import Bot, make_bot
from nertslib.deal import SplitMix64

__all__ = ["Opponent", "OpponentPool", "check_opponents", "draw"]


def _members(value: object) -> tuple[str | Bot, ...]:
    members = tuple(value) if isinstance(value, Sequence) and not isinstance(value, str) else ()
    if not members or not all(isinstance(m, str) or callable(m) for m in members):
        msg = f"a pool needs bot specs or bots; got {value!r:.80}"
        raise ValueError(msg)
    for member in members:
        if isinstance(member, str):
            make_bot(member, 0)  # an unknown spec fails here, not at a reset
    return members


def _weights(value: object) -> tuple[float, ...] | None:
    if value is None:
        return None
    weights = tuple(value) if isinstance(value, Sequence) else ()
    if not weights or not all(type(w) in (int, float) and w >= 0 for w in weights):
        msg = f"pool weights must be non-negative numbers; got {value!r:.80}"
        raise ValueError(msg)
    if sum(weights) <= 0:
        msg = f"pool weights must not all be zero; got {value!r:.80}"
        raise ValueError(msg)
    return weights


@attrs.frozen
class OpponentPool:
    """Opponents to draw from at each reset, uniformly or by ``weights``.

    Raises:
        ValueError: for no members, a member that is neither a bot spec nor a bot, an
            unknown spec, or weights that are not one non-negative number per member.

    >>> from nertslib.adapters.opponents import OpponentPool
    >>> OpponentPool(["greedy", "search:8"]).members
    ('greedy', 'search:8')
    """

    members: tuple[str | Bot, ...] = attrs.field(converter=_members)
    weights: tuple[float, ...] | None = attrs.field(default=None, converter=_weights)

    def __attrs_post_init__(self) -> None:
        if self.weights is not None and len(self.weights) != len(self.members):
            msg = f"a pool of {len(self.members)} needs as many weights; got {self.weights!r:.80}"
            raise ValueError(msg)

    def pick(self, seed: int) -> str | Bot:
        """The member that ``seed`` draws."""
        rng = SplitMix64(seed)
        if self.weights is None:
            return self.members[rng.below(len(self.members))]
        point = rng.below(1 << 53) / (1 << 53) * sum(self.weights)
        for member, weight in zip(self.members, self.weights, strict=True):
            point -= weight
            if point < 0:
                return member
        return self.members[-1]


Opponent: TypeAlias = str | Bot | OpponentPool
"""A bot spec, a bot (a policy bot included), or a pool (see the module docs)."""


def check_opponents(opponents: object, seats: int) -> tuple[Opponent, ...]:
    """One opponent per other seat: ``opponents`` repeated, or its entries, checked.

    Raises:
        ValueError: for the wrong count, or an entry that is no opponent (an unknown bot
            spec included).

    >>> from nertslib.adapters.opponents import check_opponents
    >>> check_opponents("greedy", 3)
    ('greedy', 'greedy')
    >>> check_opponents(["greedy"], 3)
    Traceback (most recent call last):
    ...
    ValueError: opponents needs 2 opponent(s) for 3 seats; got ['greedy']
    """
    single = isinstance(opponents, str | OpponentPool) or callable(opponents)
    entries = (opponents,) * (seats - 1) if single else _entries(opponents)
    if len(entries) != seats - 1:
        msg = f"opponents needs {seats - 1} opponent(s) for {seats} seats; got {opponents!r:.80}"
        raise ValueError(msg)
    for entry in entries:
        if isinstance(entry, str):
            make_bot(entry, 0)  # an unknown spec fails here, not at the first reset
        elif not isinstance(entry, OpponentPool) and not callable(entry):
            msg = f"an opponent is a bot spec, a bot or an OpponentPool; got {entry!r:.80}"
            raise ValueError(msg)
    return entries  # type: ignore[return-value]


def _entries(opponents: object) -> tuple[object, ...]:
    if isinstance(opponents, Sequence):
        return tuple(opponents)
    msg = f"an opponent is a bot spec, a bot or an OpponentPool; got {opponents!r:.80}"
    raise ValueError(msg)


def draw(opponent: Opponent, seed: int) -> Bot:
    """The bot ``opponent`` fields for one hand; ``seed`` seeds the draw and a built bot.

    >>> import nertslib as nl
    >>> from nertslib.adapters.opponents import draw
    >>> draw(nl.greedy_bot, seed=3) is nl.greedy_bot, type(draw("random", seed=3)).__name__
    (True, 'RandomBot')
    """
    chosen = opponent.pick(seed) if isinstance(opponent, OpponentPool) else opponent
    return make_bot(chosen, seed) if isinstance(chosen, str) else chosen
