"""Trained policies as bots: :func:`policy_bot` turns ``policy(observation, mask)`` into a Bot.

A *policy* is what an RL framework trains on these adapters: a function of one seat's
observation and action mask (the int8 arrays of the PettingZoo and Gymnasium adapters, see
:mod:`nertslib.adapters.tensors`) returning an action of :mod:`nertslib.adapters.encoding`.
:func:`policy_bot` wraps it as a :data:`~nertslib.bots.Bot`: given its seat's
:class:`~nertslib.View` (never the position), the bot builds the observation and mask from
the view, asks the policy, and decodes the action from the view. So a trained policy plays
wherever bots play: :func:`~nertslib.play_hand`, :func:`~nertslib.bots.tournament`,
:func:`~nertslib.simulate` (through a ``module:function`` bot spec), and as an opponent in
the Gymnasium environment.

* :data:`~nertslib.adapters.encoding.PASS` is a wait (``None``), or ``rotate`` where the view
  proves the seat stuck; waiting is legal play (the driver's no-progress rule bounds a hand
  whose seats all wait, see :func:`~nertslib.play_hand`).
* An action outside the mask is played as ``PASS``, as the environments do; the bot counts
  them in its ``illegal`` attribute.
* Needs NumPy (any adapter extra brings it), imported at the first move.

>>> import nertslib as nl
>>> from nertslib.adapters import policy_bot
>>> from nertslib.adapters.encoding import WORK_BASE
>>> def foundations_first(observation, mask):  # a play to a foundation, else turn
...     return int(mask[:WORK_BASE].nonzero()[0][-1])
>>> bot = policy_bot(foundations_first)
>>> run = nl.bots.run_hand(nl.deal("standard", seats=2, seed=4), [bot, nl.greedy_bot])
>>> run.end, nl.hand_scores(run.final), bot.illegal
('nerts', (-12, 23), 0)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from nertslib.adapters.encoding import PASS, action_index, decode, legal_actions
from nertslib.adapters.tensors import mask_of, observation_array
from nertslib.bots.basic import seat_view
from nertslib.moves import Move
from nertslib.views import View

__all__ = ["Policy", "PolicyBot", "policy_bot"]

Policy = Callable[[Any, Any], object]
"""``policy(observation, mask) -> action``: int8 arrays in, an int (NumPy's too) out."""


class PolicyBot:
    """A bot that plays ``policy``'s actions from its seat's view (see the module docs).

    Attributes:
        policy: The policy it asks.
        illegal: How many of the policy's actions were outside the mask (played as ``PASS``).

    >>> import nertslib as nl
    >>> from nertslib.adapters import PolicyBot
    >>> bot = PolicyBot(lambda observation, mask: 1)  # always TURN
    >>> bot(nl.view(nl.deal("standard", seats=2, seed=1), 0), 0)
    Move.parse('0:turn')
    """

    def __init__(self, policy: Policy) -> None:
        if not callable(cast(object, policy)):
            msg = f"a policy is a function of (observation, mask); got {policy!r:.80}"
            raise ValueError(msg)
        self.policy = policy
        self.illegal = 0

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r:.80})"

    def action(self, mine: View, seat: int, priority: int) -> int:
        """The action the policy chooses for ``seat`` from its view (``PASS`` if illegal).

        ``priority``: the observation's race priority (see
        :func:`~nertslib.adapters.encoding.observe`).
        """
        actions = legal_actions(mine, seat)
        observation = observation_array(mine, priority)
        chosen = action_index(self.policy(observation, mask_of(actions)))
        if chosen not in actions:
            self.illegal += 1
            return PASS
        return chosen

    def move(self, seen: View, seat: int, priority: int) -> Move | None:
        """The move for ``seat`` when ``priority`` seats' moves go before its own."""
        mine = seat_view(seen, seat)
        if mine.is_over:
            return None
        return decode(mine, seat, self.action(mine, seat, priority))

    def __call__(self, seen: View, seat: int, /) -> Move | None:
        """Choose a move for ``seat`` (``None``: wait) as the driver asks: in seat order.

        :func:`~nertslib.play_hand` asks the seats in order each round, so the seats before
        this one move first: its priority is its seat number.
        """
        return self.move(seen, seat, seat)


def policy_bot(policy: Policy) -> PolicyBot:
    """``policy`` as a bot that reads only its view (see the module docs).

    Raises:
        ValueError: if ``policy`` is not callable.

    >>> import nertslib as nl
    >>> from nertslib.adapters import policy_bot
    >>> bot = policy_bot(lambda observation, mask: 0)  # always waits
    >>> nl.play_hand(nl.deal("standard", seats=2, seed=1), [bot, bot], no_progress=3)[1]
    ()
    """
    return PolicyBot(policy)
