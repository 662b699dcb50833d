"""Nerts as an OpenSpiel game: importing this module registers ``"python_nerts"``.

Needs the ``openspiel`` extra (``pip install "nertslib[openspiel]"``). The game is
simultaneous (every seat acts at every node), has imperfect information, is general-sum, and
starts with one chance node that picks the deal (outcome ``k`` deals seed ``k``, uniformly
among 65,536). Parameters:

* ``players`` (default 2): seats, 1 to 8.
* ``variant`` (default ``"standard"``): a preset name or a spec string (see
  :meth:`nertslib.Variant.from_spec`); variants are supported as in
  :mod:`nertslib.adapters.encoding`.
* ``max_steps`` (default 600): simultaneous steps after which the hand stops; the game's
  ``max_game_length`` is ``max_steps + 1`` (the deal).

Actions are those of :mod:`nertslib.adapters.encoding` (``num_distinct_actions`` is
:data:`~nertslib.adapters.encoding.NUM_ACTIONS`; :data:`~nertslib.adapters.encoding.PASS`
is legal for every seat at every simultaneous node). A step is settled by
:func:`~nertslib.adapters.encoding.settle`. Rewards are score changes: the scores start at 0
before the deal, so the deal itself brings each seat ``-nerts_penalty * nerts_pile_size``, and
``returns()`` is always :func:`nertslib.hand_scores` of the position. Observation strings and
tensors come from :func:`nertslib.view` of the observing seat only (a spectator's view for a
public-only observation type).

OpenSpiel's game strings (``str(game)``, which serialization and pickling use) cannot hold a
spec string's ``,`` and ``=``: the game stores its ``variant`` parameter with ``;`` and ``:``
instead (``"standard;stock_turn:1"``), and accepts either form.

>>> import pyspiel
>>> import nertslib.adapters.openspiel
>>> game = pyspiel.load_game("python_nerts", {"players": 4, "variant": "pounce", "max_steps": 50})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions(), game.max_game_length()
(True, 2892, 51)
>>> state.apply_action(7)
>>> state.is_simultaneous_node(), state.legal_actions(0)[:2], state.returns()
(True, [0, 1], [-18.0, -18.0, -18.0, -18.0])
>>> state.apply_actions([1, 1, 0, 0])
>>> print(state.observation_string(1).splitlines()[0])
pounce · 4 seats · in play · seat 1's view

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from nertslib.adapters.encoding import (
    NUM_ACTIONS,
    action_index,
    check_supported,
    decode,
    describe,
    legal_actions,
    new_hand,
    observation_size,
    observe,
    rewards,
    score_bounds,
    settle,
)
from nertslib.scoring import hand_scores
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["NUM_DEALS", "NertsGame", "NertsObserver", "NertsState"]

NUM_DEALS: Final = 1 << 16
"""How many deals the chance node chooses among (outcome ``k`` deals seed ``k``)."""

_DEFAULT_PARAMS: Final = {"players": 2, "variant": "standard", "max_steps": 600}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_nerts",
    long_name="Python Nerts",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=8,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULT_PARAMS,
)


def _settings(params: dict[str, Any]) -> tuple[int, Variant, int]:
    seats, spec, max_steps = params["players"], params["variant"], params["max_steps"]
    if isinstance(spec, str):
        spec = spec.replace(";", ",").replace(":", "=")
    variant = check_supported(spec, seats)
    if type(max_steps) is not int or max_steps < 1:
        msg = f"max_steps must be an int >= 1; got {max_steps!r:.80}"
        raise ValueError(msg)
    return seats, variant, max_steps


class NertsGame(pyspiel.Game):  # type: ignore[misc]
    """The game object OpenSpiel builds for ``pyspiel.load_game("python_nerts", params)``.

    Raises:
        ValueError: for an unsupported variant or seat count, or ``max_steps < 1``.

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> game = pyspiel.load_game("python_nerts", {"players": 3})
    >>> game.num_players(), game.min_utility(), game.max_utility()
    (3, -26.0, 52.0)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULT_PARAMS, **(params or {})}
        self.seats, self.variant, self.max_steps = _settings(params)
        # the form a game string can hold (see the module docs)
        params["variant"] = self.variant.to_spec().replace(",", ";").replace("=", ":")
        low, high = score_bounds(self.variant)
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=NUM_ACTIONS,
                max_chance_outcomes=NUM_DEALS,
                num_players=self.seats,
                min_utility=float(low),
                max_utility=float(high),
                utility_sum=None,
                max_game_length=self.max_steps + 1,
            ),
            params,
        )

    def new_initial_state(self) -> NertsState:
        """The chance node that deals the hand."""
        return NertsState(self, self.variant, self.seats, self.max_steps)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NertsObserver:
        """An observer of one seat's view (a spectator's for public-only observations)."""
        return NertsObserver(self.variant, self.seats, iig_obs_type, params)


@attrs.frozen
class _Node:
    """Everything a state holds, as one immutable value (plain values, not the game object)."""

    variant: Variant
    seats: int
    max_steps: int
    position: GameState | None = None
    steps: int = 0
    rewards: tuple[float, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        # OpenSpiel clones Python states with copy.deepcopy; an immutable value is shared
        return self


class NertsState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A node of the game: the deal's chance node, then one simultaneous node per step.

    Settings are copied onto the state as plain values (OpenSpiel's harness rebuilds states
    away from their game object), in one immutable value that clones share.

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> state = pyspiel.load_game("python_nerts").new_initial_state()
    >>> state.position is None, str(state)
    (True, 'deal pending')
    >>> state.apply_action(2)
    >>> state.position.seed, state.clone().position is state.position
    (2, True)
    """

    def __init__(self, game: NertsGame, variant: Variant, seats: int, max_steps: int) -> None:
        super().__init__(game)
        self._node = _Node(variant, seats, max_steps, rewards=(0.0,) * seats)

    @property
    def position(self) -> GameState | None:
        """The nertslib position (``None`` before the deal)."""
        return self._node.position

    def current_player(self) -> int:
        """CHANCE before the deal, TERMINAL once over, else SIMULTANEOUS."""
        if self._node.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal actions, ascending (none once the hand is over)."""
        pos = self._node.position
        if pos is None or self.is_terminal():
            return []
        return list(legal_actions(pos, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal seed, equally likely."""
        p = 1.0 / NUM_DEALS
        return [(k, p) for k in range(NUM_DEALS)]

    def _apply_action(self, action: int) -> None:
        """The chance outcome: deal seed ``action``."""
        node = self._node
        position = new_hand(node.variant, node.seats, int(action))
        scores = tuple(float(s) for s in hand_scores(position))
        self._node = attrs.evolve(node, position=position, rewards=scores)

    def _apply_actions(self, actions: list[int]) -> None:
        """One simultaneous step: every seat's action, settled together."""
        node = self._node
        before = node.position
        assert before is not None
        moves = []
        for seat, given in enumerate(actions):
            action = action_index(given)
            if action not in legal_actions(before, seat):
                msg = f"action {action} ({describe(action)}) is not legal for seat {seat}"
                raise ValueError(msg)
            moves.append(decode(before, seat, action))
        after, _ = settle(before, moves, node.steps)
        gains = tuple(float(r) for r in rewards(before, after))
        self._node = attrs.evolve(node, position=after, steps=node.steps + 1, rewards=gains)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's name (:func:`~nertslib.adapters.encoding.describe`), or the deal."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return f"seat {player}: {describe(int(action))}"

    def is_terminal(self) -> bool:
        """The hand is over, or ``max_steps`` steps were played."""
        node = self._node
        pos = node.position
        return pos is not None and (pos.is_over or node.steps >= node.max_steps)

    def rewards(self) -> list[float]:
        """Every seat's score change in the last transition."""
        return list(self._node.rewards)

    def returns(self) -> list[float]:
        """Every seat's hand score so far (0 before the deal)."""
        node = self._node
        if node.position is None:
            return [0.0] * node.seats
        return [float(s) for s in hand_scores(node.position)]

    def __str__(self) -> str:
        """The position's NFEN and the step count (every card: for debugging, not players)."""
        node = self._node
        if node.position is None:
            return "deal pending"
        return f"{node.position.to_nfen()} step {node.steps}"


class NertsObserver:
    """OpenSpiel's observer for Nerts: one seat's :func:`~nertslib.view`, as text and tensor.

    The tensor is :func:`~nertslib.adapters.encoding.observe` of the view, as float32.

    Raises:
        ValueError: if observer parameters are given, or perfect recall is asked for (the
            game provides no information states).

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> game = pyspiel.load_game("python_nerts")
    >>> state = game.new_initial_state()
    >>> state.apply_action(2)
    >>> observer = game.make_py_observer()
    >>> observer.set_from(state, 0)
    >>> observer.tensor.shape, observer.tensor[:3].tolist()
    ((1277,), [13.0, 12.0, 35.0])
    """

    def __init__(
        self, variant: Variant, seats: int, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            msg = f"the Nerts observer takes no parameters; got {params!r:.80}"
            raise ValueError(msg)
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            msg = "python_nerts provides observations only, not perfect-recall information states"
            raise ValueError(msg)
        self._public_only = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.tensor = np.zeros(observation_size(variant, seats), np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self._public_only else player

    def set_from(self, state: NertsState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state`` (zeros before the deal)."""
        pos = state.position
        if pos is None:
            self.tensor.fill(0)
        else:
            # through a bytearray: many times faster than from a list (values are 0..127)
            self.tensor[:] = np.frombuffer(
                bytearray(observe(view(pos, self._seat(player)))), np.int8
            )

    def string_from(self, state: NertsState, player: int) -> str:
        """``player``'s view of ``state`` as text (``str`` of the view)."""
        pos = state.position
        if pos is None:
            return "deal pending"
        return str(view(pos, self._seat(player)))


pyspiel.register_game(_GAME_TYPE, NertsGame)
