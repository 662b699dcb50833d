"""Nerts as an OpenSpiel game: importing this module registers ``"python_nerts"``.

Needs the ``openspiel`` extra (``pip install "nertslib[openspiel]"``). The game is
simultaneous (every seat acts at every node), has imperfect information, is general-sum, and
starts with two chance nodes that pick the deal: the high and the low byte of its seed
(outcomes ``h`` then ``l`` deal seed ``256 * h + l``, uniformly among 65,536 seeds), so that a
chance node lists 256 outcomes, not 65,536 (:data:`DEAL_BASE`). Parameters:

* ``players`` (default 2): seats, 1 to 8.
* ``variant`` (default ``"standard"``): a preset name or a spec string (see
  :meth:`nertslib.Variant.from_spec`); variants are supported as in
  :mod:`nertslib.adapters.encoding`.
* ``max_steps`` (default 600): simultaneous steps after which the hand stops; the game's
  ``max_game_length`` is ``max_steps + 2`` (the deal's two chance nodes).
* ``reward`` (default ``"zero_sum"``): ``"zero_sum"``, ``"score"`` or ``"win"``, see
  :mod:`nertslib.adapters.rewards`.
* ``no_progress`` (default 200): the hand stops (terminal) after this many steps in a row
  without progress by any seat (see :mod:`nertslib.adapters.episode`).

Actions are those of :mod:`nertslib.adapters.encoding` (``num_distinct_actions`` is
:data:`~nertslib.adapters.encoding.NUM_ACTIONS`; :data:`~nertslib.adapters.encoding.PASS`
is legal for every seat at every simultaneous node). A step is settled by
:func:`~nertslib.adapters.encoding.settle`. ``returns()`` is
:func:`nertslib.adapters.rewards.returns` of the position under the game's ``reward`` (0
before the deal; under ``"score"`` the deal itself brings each seat
``-nerts_penalty * nerts_pile_size`` and ``returns()`` is the hand score), and rewards are its
changes. Observation strings and tensors come from :func:`nertslib.view` of the observing seat
only (a spectator's view for a public-only observation type). The information state (string
and tensor, for a perfect-recall observation type) adds the seat's recall of every card's
last seen place (:mod:`nertslib.adapters.recall`).

OpenSpiel's game strings (``str(game)``, which serialization and pickling use) cannot hold a
spec string's ``,`` and ``=``: the game stores its ``variant`` parameter with ``;`` and ``:``
instead (``"standard;stock_turn:1"``), and accepts either form.

>>> import pyspiel
>>> import nertslib.adapters.openspiel
>>> game = pyspiel.load_game("python_nerts", {"players": 4, "variant": "pounce", "max_steps": 50})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions(), game.max_game_length()
(True, 2892, 52)
>>> state.apply_action(0)  # the high byte of the seed
>>> state.apply_action(7)  # the low byte: seed 7
>>> state.is_simultaneous_node(), state.legal_actions(0)[:2], state.returns()
(True, [0, 1], [0.0, 0.0, 0.0, 0.0])
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
    score_bounds,
)
from nertslib.adapters.episode import Episode
from nertslib.adapters.recall import Memory, recall_features, recall_size, remember
from nertslib.adapters.rewards import DEFAULT_REWARD, returns, reward_bounds
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.cards import CARDS, DECK_SPAN
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["DEAL_BASE", "NUM_DEALS", "NertsGame", "NertsObserver", "NertsState"]

DEAL_BASE: Final = 256
"""Outcomes of each of the deal's two chance nodes (the high, then the low byte of the seed)."""
NUM_DEALS: Final = DEAL_BASE * DEAL_BASE
"""How many deals the chance nodes choose among (outcomes ``h``, ``l`` deal ``256 * h + l``)."""

# One chance node's outcomes, the same at every chance node: a constant, built once.
_CHANCE: Final = tuple((k, 1.0 / DEAL_BASE) for k in range(DEAL_BASE))

_DEFAULT_PARAMS: Final = {
    "players": 2,
    "variant": "standard",
    "max_steps": 600,
    "reward": DEFAULT_REWARD,
    "no_progress": NO_PROGRESS_ROUNDS,
}

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
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULT_PARAMS,
)


def _settings(params: dict[str, Any]) -> tuple[int, Variant, Episode]:
    seats, spec = params["players"], params["variant"]
    if isinstance(spec, str):
        spec = spec.replace(";", ",").replace(":", "=")
    variant = check_supported(spec, seats)
    return seats, variant, Episode(params["max_steps"], params["no_progress"], params["reward"])


class NertsGame(pyspiel.Game):  # type: ignore[misc]
    """The game object OpenSpiel builds for ``pyspiel.load_game("python_nerts", params)``.

    Raises:
        ValueError: for an unsupported variant or seat count, ``max_steps < 1`` or
            ``no_progress < 1``, or an unknown reward.

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> game = pyspiel.load_game("python_nerts", {"players": 3, "reward": "score"})
    >>> game.num_players(), game.min_utility(), game.max_utility()
    (3, -26.0, 52.0)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULT_PARAMS, **(params or {})}
        self.seats, self.variant, self.episode = _settings(params)
        self.max_steps = self.episode.max_steps
        # the form a game string can hold (see the module docs)
        params["variant"] = self.variant.to_spec().replace(",", ";").replace("=", ":")
        low, high = reward_bounds(self.episode.reward, *score_bounds(self.variant))
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=NUM_ACTIONS,
                max_chance_outcomes=DEAL_BASE,
                num_players=self.seats,
                min_utility=low,
                max_utility=high,
                utility_sum=None,
                max_game_length=self.max_steps + 2,
            ),
            params,
        )

    def new_initial_state(self) -> NertsState:
        """The first chance node of the deal."""
        return NertsState(self, self.variant, self.seats, self.episode)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NertsObserver:
        """An observer of one seat's view (a spectator's for public-only observations).

        For a perfect-recall observation type (the information state) it adds the seat's
        recall.
        """
        return NertsObserver(self.variant, self.seats, iig_obs_type, params)


@attrs.frozen
class _Node:
    """Everything a state holds, as one immutable value (plain values, not the game object)."""

    variant: Variant
    seats: int
    episode: Episode
    digits: tuple[int, ...] = ()
    position: GameState | None = None
    rewards: tuple[float, ...] = ()
    parent: _Node | None = attrs.field(default=None, eq=False, repr=False)
    # Each seat's recall once it has seen this node, filled in when first asked for (most
    # uses never ask): the only mutable part, and it only ever caches a function of the chain.
    _recall: dict[int, Memory] = attrs.field(factory=dict, eq=False, repr=False)

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        # OpenSpiel clones Python states with copy.deepcopy; an immutable value is shared
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel serializes Python states with pickle, which recurses once per parent: a
        # hand of hundreds of steps exceeds Python's recursion limit. The chain is pickled
        # flat: the ancestors' positions, nearest first.
        positions = []
        node = self.parent
        while node is not None:
            positions.append(node.position)
            node = node.parent
        fields = (self.variant, self.seats, self.episode, self.digits, self.position)
        return _restore, (fields, self.rewards, tuple(positions))

    def then(self, **changes: Any) -> _Node:
        """The next node: ``changes`` applied, this one as its parent, nothing recalled yet."""
        return attrs.evolve(self, parent=self, recall={}, **changes)

    def memory(self, seat: int) -> Memory:
        """What ``seat`` remembers of every position from the deal to this one."""
        chain: list[_Node] = []
        node: _Node | None = self
        while node is not None and node.position is not None and seat not in node._recall:
            chain.append(node)
            node = node.parent
        memory = node._recall.get(seat, ()) if node is not None else ()
        for later in reversed(chain):
            assert later.position is not None
            memory = remember(memory, view(later.position, seat))
            later._recall[seat] = memory
        return memory


def _restore(
    fields: tuple[Any, ...], rewards: tuple[float, ...], positions: tuple[GameState | None, ...]
) -> _Node:
    """The node :meth:`_Node.__reduce__` pickled, its chain of ancestors rebuilt."""
    variant, seats, episode, digits, position = fields
    parent = None
    for earlier in reversed(positions):
        parent = _Node(variant, seats, episode, position=earlier, parent=parent)
    return _Node(variant, seats, episode, digits, position, rewards, parent=parent)


class NertsState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A node of the game: the deal's two chance nodes, then one simultaneous node per step.

    Settings are copied onto the state as plain values (OpenSpiel's harness rebuilds states
    away from their game object), in one immutable value that clones share.

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> state = pyspiel.load_game("python_nerts").new_initial_state()
    >>> state.position is None, str(state), len(state.chance_outcomes())
    (True, 'deal pending', 256)
    >>> state.apply_action(1)
    >>> state.apply_action(2)
    >>> state.position.seed, state.clone().position is state.position
    (258, True)
    """

    def __init__(self, game: NertsGame, variant: Variant, seats: int, episode: Episode) -> None:
        super().__init__(game)
        self._node = _Node(variant, seats, episode, rewards=(0.0,) * seats)

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
        """Every byte of the seed, equally likely (256 outcomes)."""
        return list(_CHANCE)

    def _apply_action(self, action: int) -> None:
        """A chance outcome: the next byte of the deal's seed (the high one first)."""
        node = self._node
        digits = (*node.digits, int(action))
        if len(digits) < 2:
            self._node = node.then(digits=digits)
            return
        position = new_hand(node.variant, node.seats, digits[0] * DEAL_BASE + digits[1])
        gains = returns(node.episode.reward, position, ended=False)
        self._node = node.then(digits=digits, position=position, rewards=gains)

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
        step = node.episode.step(before, moves)
        self._node = node.then(position=step.after, episode=step.episode, rewards=step.rewards)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's name (:func:`~nertslib.adapters.encoding.describe`), or the deal."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return f"seat {player}: {describe(int(action))}"

    def is_terminal(self) -> bool:
        """The hand is over, or cut by ``max_steps`` or the no-progress limit."""
        node = self._node
        pos = node.position
        return pos is not None and node.episode.end(pos) is not None

    def rewards(self) -> list[float]:
        """Every seat's reward for the last transition."""
        return list(self._node.rewards)

    def returns(self) -> list[float]:
        """Every seat's return so far (0 before the deal), see the module docs."""
        node = self._node
        if node.position is None:
            return [0.0] * node.seats
        return list(returns(node.episode.reward, node.position, ended=self.is_terminal()))

    def priority(self, player: int) -> int:
        """How many seats' moves the next step settles before ``player``'s (see ``settle``)."""
        node = self._node
        return (player - node.episode.steps) % node.seats

    def memory(self, player: int) -> Memory:
        """What ``player`` remembers (:mod:`nertslib.adapters.recall`); ``()`` before the deal."""
        return self._node.memory(player)

    def __str__(self) -> str:
        """The position's NFEN and the step count (every card: for debugging, not players)."""
        node = self._node
        if node.position is None:
            return "deal pending"
        return f"{node.position.to_nfen()} step {node.episode.steps}"


class NertsObserver:
    """OpenSpiel's observer for Nerts: one seat's :func:`~nertslib.view`, as text and tensor.

    The tensor is :func:`~nertslib.adapters.encoding.observe` of the view, as float32. For a
    perfect-recall observation type (the *information state*) the seat's recall follows:
    :func:`~nertslib.adapters.recall.recall_features` in the tensor, and in the string a line
    of the cards it remembers but does not see, with where it saw them last.

    Raises:
        ValueError: if observer parameters are given, or a public-only perfect-recall
            observation is asked for (the game keeps the seats' recall only).

    >>> import pyspiel
    >>> import nertslib.adapters.openspiel
    >>> game = pyspiel.load_game("python_nerts")
    >>> state = game.new_initial_state()
    >>> state.apply_action(0)
    >>> state.apply_action(2)
    >>> observer = game.make_py_observer()
    >>> observer.set_from(state, 0)
    >>> observer.tensor.shape, observer.tensor[:3].tolist()
    ((1278,), [13.0, 12.0, 35.0])
    >>> len(state.information_state_tensor(0)), game.information_state_tensor_size()
    (1902, 1902)
    """

    def __init__(
        self, variant: Variant, seats: int, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            msg = f"the Nerts observer takes no parameters; got {params!r:.80}"
            raise ValueError(msg)
        self._public_only = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self._recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if self._recall and self._public_only:
            msg = "python_nerts keeps the seats' recall only: no public information state"
            raise ValueError(msg)
        size = observation_size(variant, seats)
        self.tensor = np.zeros(
            size + (recall_size(variant, seats) if self._recall else 0), np.float32
        )
        self.dict = {"observation": self.tensor[:size]}
        if self._recall:
            self.dict["recall"] = self.tensor[size:]

    def _seat(self, player: int) -> int | None:
        return None if self._public_only else player

    def set_from(self, state: NertsState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state`` (zeros before the deal)."""
        pos = state.position
        if pos is None:
            self.tensor.fill(0)
            return
        seat = self._seat(player)
        seen = view(pos, seat)
        values = observe(seen, 0 if seat is None else state.priority(player))
        if self._recall:
            values += recall_features(seen, state.memory(player))
        # through a bytearray: many times faster than from a list (values are 0..127)
        self.tensor[:] = np.frombuffer(bytearray(values), np.int8)

    def string_from(self, state: NertsState, player: int) -> str:
        """``player``'s view of ``state`` as text (``str`` of the view), and its recall."""
        pos = state.position
        if pos is None:
            return "deal pending"
        seen = view(pos, self._seat(player))
        if not self._recall:
            return str(seen)
        return f"{seen}\nrecall: {_recall_text(seen, state.memory(player))}"


def _recall_text(seen: Any, memory: Memory) -> str:
    """The cards remembered but not shown now, each with where it was last seen."""
    shown = {c for sv in seen.seats for pile in (sv.nerts, sv.waste, *sv.work) for c in pile}
    places = ("N", "W", *(f"P{j}" for j in range(8)))
    items = [f"{CARDS[c].code}@{c // DECK_SPAN}{places[p]}" for c, p in memory if c not in shown]
    return " ".join(items) or "-"


pyspiel.register_game(_GAME_TYPE, NertsGame)
