"""Many hands stepped at once on the batch engine: every seat's observation, mask and reward.

:class:`SelfPlayBatch` is the plain NumPy batch API for multi-agent self-play (PettingZoo's
``parallel_env`` semantics, many hands at a time) and the engine under
``nertslib.adapters.vector.NertsVectorEnv``. Needs the ``fast`` extra (numba, numpy).

Each :meth:`~SelfPlayBatch.step` takes one action per hand and seat, plays them as
:func:`~nertslib.adapters.encoding.settle` does (seat ``step % seats`` first; an illegal
action is played as ``PASS`` and flagged; everyone-stuck hands resolved) and pays
:func:`~nertslib.adapters.rewards.step_rewards`; episodes end by
:class:`~nertslib.adapters.episode.Episode`'s rule. The moves are applied by the batch
engine in priority order; a hand where a later seat's move is no longer legal when its turn
comes (a lost race, a tie, a card in the air after a call, a stuck seat freed) is settled by
the pure engine for that step, so every result is the pure adapters' exactly. Observations
are :func:`~nertslib.adapters.encoding.observe` of each seat's view.

Supported: every variant the batch engine plays (no jokers) without face-down work cards
(``work_pile_layout="klondike"`` is refused: a :class:`~nertslib.NertsError` names it).

>>> import numpy as np
>>> from nertslib.adapters.selfplay import SelfPlayBatch
>>> table = SelfPlayBatch("standard", seats=4, hands=8)
>>> table.deal(range(8))
>>> observations, masks = table.observations()
>>> observations.shape, masks.shape
((8, 4, 2552), (8, 4, 2892))
>>> result = table.step(table.greedy_actions())
>>> result.rewards.shape, bool(result.terminated.any()), abs(float(result.rewards.sum())) < 1e-9
((8, 4), False, True)

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs
import numpy as np

from nertslib.adapters.encoding import NUM_ACTIONS, PASS, decode, encode, new_hand
from nertslib.adapters.episode import Episode, check_limit
from nertslib.adapters.rewards import DEFAULT_REWARD, step_rewards
from nertslib.adapters.tensors import observation_array
from nertslib.batch import Batch
from nertslib.batch.core import batch_variant
from nertslib.bots import greedy_bot
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.errors import NertsError, Rejection
from nertslib.moves import Move
from nertslib.state import GameState
from nertslib.variants import Variant
from nertslib.views import view

__all__ = ["WAIT", "SelfPlayBatch", "StepResult", "check_vector_variant"]

WAIT: Final = -1
"""An action :meth:`SelfPlayBatch.step` takes besides the encoding's: wait, even when stuck.

(``PASS`` rotates a stuck seat's stock, as every adapter decodes it; a bot that returns
``None`` waits.) It is also the action ``Batch.apply`` leaves a hand alone for.
"""
_SKIP = WAIT


def check_vector_variant(variant: Variant | str, seats: int) -> Variant:
    """``variant`` as a :class:`~nertslib.Variant` the vector adapters play with ``seats`` seats.

    Raises:
        NertsError: for jokers (``jokers_per_deck``) or face-down work cards
            (``work_pile_layout="klondike"``), which the vector adapters do not play, or a
            seat count the variant cannot deal.

    >>> from nertslib.adapters.selfplay import check_vector_variant
    >>> check_vector_variant("standard,work_pile_layout=klondike", 2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: the vector adapters play no face-down work cards: ...
    """
    rules = batch_variant(variant, seats)
    if rules.work_pile_layout == "klondike":
        msg = (
            "the vector adapters play no face-down work cards: work_pile_layout='klondike' "
            "(use the single environment for it)"
        )
        raise NertsError(msg)
    return rules


@attrs.frozen
class StepResult:
    """What one :meth:`SelfPlayBatch.step` did, by hand (rows) and seat (columns).

    Attributes:
        rewards: ``(hands, seats)`` float64 rewards.
        terminated: ``(hands,)``: the hand ended (Nerts or stalemate).
        truncated: ``(hands,)``: the episode was cut (no progress, or ``max_steps``).
        illegal: ``(hands, seats)``: the action was illegal and played as ``PASS``.
        moves: By hand, every seat's decoded move (``None``: a wait; ``None`` for the
            whole hand where it did not step).
        rejected: By hand, every seat's rejection (``None``: accepted, or no move).
        ends: By hand, the episode's end (``"nerts"``, ``"stalemate"``, ``"no_progress"``,
            ``"max_steps"``) or ``None``.
    """

    rewards: Any
    terminated: Any
    truncated: Any
    illegal: Any
    moves: list[list[Move | None] | None]
    rejected: list[tuple[Rejection | None, ...] | None]
    ends: list[str | None]


class SelfPlayBatch:
    """``hands`` hands of one variant and seat count, stepped together (see the module docs).

    Raises:
        NertsError: for a variant the vector adapters do not play (see
            :func:`check_vector_variant`).
        ValueError: for ``hands``, ``max_steps`` or ``no_progress`` not an int >= 1, or an
            unknown reward.

    >>> from nertslib.adapters.selfplay import SelfPlayBatch
    >>> table = SelfPlayBatch("standard", seats=2, hands=3, reward="score")
    >>> table.deal([5, 6, 7])
    >>> table.states[1].seed, table.steps.tolist()
    (6, [0, 0, 0])

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        variant: Variant | str,
        seats: int,
        hands: int,
        *,
        max_steps: int = 600,
        no_progress: int = NO_PROGRESS_ROUNDS,
        reward: str = DEFAULT_REWARD,
    ) -> None:
        self.variant = check_vector_variant(variant, seats)
        self.seats = seats
        self.hands = check_limit("hands", hands)
        self.episode = Episode(max_steps, no_progress, reward)
        self.steps = np.zeros(self.hands, np.int64)
        self.idle = np.zeros(self.hands, np.int64)
        self.ended = np.zeros(self.hands, np.bool_)
        self.states: list[GameState] = []
        self.batch: Batch | None = None

    # --- hands ---------------------------------------------------------------------------

    def deal(self, seeds: Iterable[int]) -> None:
        """Deal every hand afresh: hand ``i`` is ``encoding.new_hand`` of ``seeds[i]``."""
        states = [new_hand(self.variant, self.seats, int(seed)) for seed in seeds]
        if len(states) != self.hands:
            msg = f"deal needs {self.hands} seeds; got {len(states)}"
            raise NertsError(msg)
        self.start(states)

    def start(self, states: Sequence[GameState]) -> None:
        """Start every hand from ``states`` (one per hand, this table's variant and seats)."""
        batch = Batch.from_states(states)
        if len(batch) != self.hands or batch.variant != self.variant or batch.seats != self.seats:
            msg = f"start needs {self.hands} states of this table; got {len(batch)}"
            raise NertsError(msg)
        self.batch, self.states = batch, list(states)
        self.steps[:] = 0
        self.idle[:] = 0
        self.ended[:] = [s.is_over for s in self.states]

    def restart(self, hand: int, state: GameState) -> None:
        """Start hand ``hand`` afresh from ``state`` (the others go on as they are)."""
        one = Batch.from_states([state])
        batch = self._batch()
        if one.variant != self.variant or one.seats != self.seats:
            msg = f"restart needs a state of this table; got {state!r:.80}"
            raise NertsError(msg)
        batch.rows[hand] = one.rows[0]
        batch.seeds[hand] = one.seeds[0]
        self.states[hand] = state
        self.steps[hand] = self.idle[hand] = 0
        self.ended[hand] = state.is_over

    def _batch(self) -> Batch:
        if self.batch is None:
            msg = "no hands yet: call deal() or start() first"
            raise NertsError(msg)
        return self.batch

    # --- observing -----------------------------------------------------------------------

    def observe(self, seat: int) -> tuple[Any, Any]:
        """``seat``'s observation ``(hands, size)`` and action mask ``(hands, NUM_ACTIONS)``, int8.

        The observation is :func:`~nertslib.adapters.tensors.observation_array` of the
        seat's view, with the priority the next step gives the seat.
        """
        mask = self._batch().legal_mask(seat).astype(np.int8)
        rows = [
            observation_array(view(state, seat), int((seat - steps) % self.seats))
            for state, steps in zip(self.states, self.steps, strict=True)
        ]
        return np.stack(rows), mask

    def observations(self) -> tuple[Any, Any]:
        """Every seat's observation ``(hands, seats, size)`` and mask ``(hands, seats, A)``."""
        pairs = [self.observe(seat) for seat in range(self.seats)]
        return np.stack([p[0] for p in pairs], 1), np.stack([p[1] for p in pairs], 1)

    def greedy_actions(self) -> Any:
        """:func:`~nertslib.greedy_bot`'s action of every seat in every hand, ``(hands, seats)``.

        ``WAIT`` (-1) where the bot waits (its view proves the seat stuck). The batch engine's
        greedy rule decides, except where it finds the seat stuck: there the bot, which
        cannot see its stock, turns on unless its view proves it stuck.
        """
        batch = self._batch()
        acts = np.stack([batch.greedy(seat) for seat in range(self.seats)], 1).astype(np.int64)
        for i, seat in zip(*np.nonzero(acts == PASS), strict=True):
            state = self.states[i]
            if state.status is None:
                move = greedy_bot(view(state, int(seat)), int(seat))
                acts[i, seat] = WAIT if move is None else encode(state, move)
        return acts

    # --- stepping ------------------------------------------------------------------------

    def step(self, actions: Any, active: Any = None) -> StepResult:
        """Play one simultaneous step of every hand in play (and ``active``, if given).

        ``actions`` is ``(hands, seats)`` ints, each an action of the encoding or
        :data:`WAIT`; a hand whose episode has ended, or that
        ``active`` leaves out, does not step (its results are zeros and ``None``).

        Raises:
            NertsError: for actions of the wrong shape or outside ``range(NUM_ACTIONS)``.
        """
        batch = self._batch()
        acts = np.array(actions, dtype=np.int64, copy=True)
        if acts.shape != (self.hands, self.seats) or acts.min() < WAIT or acts.max() >= NUM_ACTIONS:
            msg = f"actions must be ({self.hands}, {self.seats}) ints: WAIT or 0..{NUM_ACTIONS - 1}"
            raise NertsError(msg)
        waiting = acts == WAIT
        live = ~self.ended if active is None else ~self.ended & np.asarray(active, np.bool_)
        masks = np.stack([batch.legal_mask(s) for s in range(self.seats)], 1)
        legal = np.take_along_axis(masks, np.maximum(acts, 0)[:, :, None], 2)[:, :, 0]
        illegal = ~legal & ~waiting & live[:, None]
        acts[illegal] = PASS
        before = self.states
        moves: list[list[Move | None] | None] = [
            [None if a == WAIT else decode(state, s, int(a)) for s, a in enumerate(row)]
            if go
            else None
            for state, row, go in zip(before, acts, live, strict=True)
        ]
        waits = np.array(
            [[m is None for m in row] if row else [True] * self.seats for row in moves]
        )
        conflict = self._apply(batch, np.where(waits, _SKIP, acts), live)
        for _ in range(2):  # twice stuck with no progress ends a hand: at most two rounds
            if not batch.resolve_stalemates().any():
                break
        return self._settle(batch, before, moves, live, conflict, illegal)

    def _apply(self, batch: Batch, acts: Any, live: Any) -> Any:
        """Apply the moves in priority order; the hands where one is no longer legal."""
        conflict = np.zeros(self.hands, np.bool_)
        stuck = [batch.stuck(s) for s in range(self.seats)]
        hands = np.arange(self.hands)
        for k in range(self.seats):
            seat = (self.steps + k) % self.seats
            act = np.where(live & ~conflict, acts[hands, seat], _SKIP)
            ok = self._legal_now(batch, seat, act, stuck)
            conflict |= (act != _SKIP) & ~ok
            batch.apply(seat, np.where(ok, act, _SKIP))
        return conflict

    def _legal_now(self, batch: Batch, seat: Any, act: Any, stuck: list[Any]) -> Any:
        """Whether each hand's ``act`` for ``seat`` is legal now (``PASS``: still a rotate)."""
        ok = np.zeros(self.hands, np.bool_)
        for s in range(self.seats):
            mine = (seat == s) & (act != _SKIP)
            if not mine.any():
                continue
            passes = mine & (act == PASS)
            if passes.any():  # the move decoded from PASS is a rotate: still stuck now?
                ok[passes] = batch.stuck(s)[passes] & stuck[s][passes]
            plays = mine & (act != PASS)
            if plays.any():
                legal = batch.legal_mask(s)
                ok[plays] = legal[plays, act[plays]]
        return ok

    def _settle(
        self,
        batch: Batch,
        before: list[GameState],
        moves: list[list[Move | None] | None],
        live: Any,
        conflict: Any,
        illegal: Any,
    ) -> StepResult:
        after = batch.to_states()
        rejected: list[tuple[Rejection | None, ...] | None] = [None] * self.hands
        rewards = np.zeros((self.hands, self.seats), np.float64)
        ends: list[str | None] = [None] * self.hands
        for i in map(int, np.flatnonzero(live)):
            row = moves[i]
            assert row is not None
            episode = attrs.evolve(self.episode, steps=int(self.steps[i]), idle=int(self.idle[i]))
            if conflict[i]:  # the pure engine settles the races of this hand
                step = episode.step(before[i], row)
                self.restart(i, step.after)
                after[i], rejected[i] = step.after, step.rejected
                rewards[i], ends[i], episode = step.rewards, step.end, step.episode
            else:
                progress = any(m is not None and m.is_progress for m in row)
                episode = attrs.evolve(
                    episode, steps=episode.steps + 1, idle=0 if progress else episode.idle + 1
                )
                rejected[i] = (None,) * self.seats
                ends[i] = episode.end(after[i])
                rewards[i] = step_rewards(
                    episode.reward, before[i], after[i], ended=ends[i] is not None
                )
            self.steps[i], self.idle[i] = episode.steps, episode.idle
            self.ended[i] = ends[i] is not None
        self.states = after
        terminated = np.array([e in ("nerts", "stalemate") for e in ends], np.bool_)
        truncated = np.array([e in ("no_progress", "max_steps") for e in ends], np.bool_)
        return StepResult(rewards, terminated, truncated, illegal, moves, rejected, ends)
