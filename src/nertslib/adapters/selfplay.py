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
the pure engine for that step, so every result is the pure adapters' exactly.

Everything else is read from the batch's rows, with no :class:`~nertslib.GameState` built:
the observations (:func:`~nertslib.adapters.encoding.observe` of each seat's view, written
by the kernels of :mod:`nertslib.batch.observe`), the masks, the legality of the chosen
actions, the rewards (from :meth:`~nertslib.batch.Batch.scores`), the ends and the moves
played (:meth:`SelfPlayBatch.move`), and the greedy bot's choices
(:meth:`~nertslib.batch.Batch.greedy_bot`). ``states`` builds the positions on demand.

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

from nertslib.adapters.encoding import (
    CALL,
    FOUNDATION_BASE,
    NEW_FOUNDATION,
    NUM_ACTIONS,
    PASS,
    play_move,
    play_parts,
)
from nertslib.adapters.episode import Episode, check_limit
from nertslib.adapters.rewards import DEFAULT_REWARD
from nertslib.batch import Batch
from nertslib.batch.convert import read_row, write_row
from nertslib.batch.core import batch_variant
from nertslib.batch.layout import (
    H_FCOUNT,
    H_STATUS,
    NERTS,
    P_FTOP,
    PLAY,
    STALEMATE,
)
from nertslib.batch.observe import legal_rows, played_cards, source_card, stock_counts
from nertslib.batch.steps import apply_rows
from nertslib.batch.tables import T_RANK
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.cards import KING, Card, card_from_id
from nertslib.errors import NertsError, Rejection
from nertslib.moves import Move, Zone
from nertslib.quoting import excerpt
from nertslib.scoring import hand_scores
from nertslib.state import GameState
from nertslib.variants import Variant

__all__ = [
    "WAIT",
    "SelfPlayBatch",
    "StepResult",
    "check_vector_variant",
    "foundation_targets",
    "progress_table",
    "returns_of",
    "settle_stalemates",
]

WAIT: Final = -1
"""An action :meth:`SelfPlayBatch.step` takes besides the encoding's: wait, even when stuck.

(``PASS`` rotates a stuck seat's stock, as every adapter decodes it; a bot that returns
``None`` waits.) It is also the action ``Batch.apply`` leaves a hand alone for.
"""


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
        played: ``(hands, seats)`` int64: the action each seat played (an illegal one as
            ``PASS``; ``PASS`` for a rotate), :data:`WAIT` where it waited (a ``PASS`` that
            is no rotate too) and in hands that did not step. :meth:`SelfPlayBatch.move`
            decodes it.
        rejected: By hand, every seat's rejection (``None``: accepted, or no move); ``None``
            for a hand that did not step.
        ends: By hand, the episode's end (``"nerts"``, ``"stalemate"``, ``"no_progress"``,
            ``"max_steps"``) or ``None``.
    """

    rewards: Any
    terminated: Any
    truncated: Any
    illegal: Any
    played: Any
    rejected: list[tuple[Rejection | None, ...] | None]
    ends: list[str | None]


#: The episode's ends, as :meth:`SelfPlayBatch.step` codes them (0: none).
_ENDS: Final = (None, "nerts", "stalemate", "no_progress", "max_steps")
_NERTS, _STALEMATE, _NO_PROGRESS, _MAX_STEPS = 1, 2, 3, 4


def progress_table() -> Any:
    """``Move.is_progress`` of every action's move, as a bool array (``PASS``: a rotate).

    Whether a move is progress depends on its kind, source and target only, so any card
    stands in for the one a position would give.

    >>> from nertslib.adapters.encoding import CALL, TURN
    >>> from nertslib.adapters.selfplay import progress_table
    >>> table = progress_table()
    >>> bool(table[CALL]), bool(table[TURN]), int(table.sum())
    (True, False, 1993)
    """
    card = Card.parse("AS")
    table = np.zeros(NUM_ACTIONS, np.bool_)
    table[CALL] = Move.call(0).is_progress
    for action in range(FOUNDATION_BASE, NUM_ACTIONS):
        source, _depth, target_zone, target, _suit = play_parts(action)
        table[action] = play_move(card, source, target_zone, target).is_progress
    return table


def foundation_targets() -> Any:
    """The foundation every action plays to (``NEW_FOUNDATION`` for a new one), else -1.

    >>> from nertslib.adapters.encoding import FOUNDATION_BASE, NEW_FOUNDATION, TURN
    >>> from nertslib.adapters.selfplay import foundation_targets
    >>> table = foundation_targets()
    >>> int(table[TURN]), int(table[FOUNDATION_BASE + 2 * 4]), int(table[FOUNDATION_BASE + 48 * 4])
    (-1, 2, 48)
    """
    table = np.full(NUM_ACTIONS, -1, np.int64)
    for action in range(FOUNDATION_BASE, NUM_ACTIONS):
        _source, _depth, target_zone, target, _suit = play_parts(action)
        if target_zone in (Zone.FOUNDATION, Zone.NEW_FOUNDATION):
            table[action] = target
    return table


def _play_sources() -> Any:
    """Each play action's source and depth (``play_parts``), by action: ``(NUM_ACTIONS, 2)``."""
    table = np.zeros((NUM_ACTIONS, 2), np.int64)
    for action in range(FOUNDATION_BASE, NUM_ACTIONS):
        table[action] = play_parts(action)[:2]
    return table


def settle_stalemates(batch: Batch) -> None:
    """Resolve every everyone-stuck hand of ``batch`` until none is left (``settle``'s loop).

    Twice stuck with no progress between ends a hand, so at most two rounds.

    >>> from nertslib.adapters.selfplay import settle_stalemates
    >>> from nertslib.batch import Batch
    >>> batch = Batch.deal("standard", 2, [1])
    >>> settle_stalemates(batch)
    >>> batch.all_stuck().tolist()
    [False]
    """
    for _ in range(2):
        if not batch.resolve_stalemates().any():
            break


def _new_hands(variant: Variant, seats: int, seeds: Iterable[int] | Any) -> Batch:
    """``encoding.new_hand`` of every seed, as rows: the deals, everyone-stuck starts resolved."""
    batch = Batch.deal(variant, seats, list(seeds))  # checks every seed as nl.deal does
    settle_stalemates(batch)
    return batch


def returns_of(reward: str, scores: Any, ended: Any) -> Any:
    """:func:`~nertslib.adapters.rewards.returns` of every row of ``scores`` ``(hands, seats)``.

    The same float operations in the same order, so the rewards are equal to the bit.

    >>> import numpy as np
    >>> from nertslib.adapters.selfplay import returns_of
    >>> returns_of("zero_sum", np.array([[10, 4, -2]]), np.array([False])).tolist()
    [[9.0, 0.0, -9.0]]
    """
    n = scores.shape[1]
    if reward == "score":
        return scores.astype(np.float64)
    if reward == "zero_sum":
        if n == 1:
            return scores.astype(np.float64)
        others = scores.sum(1, keepdims=True) - scores
        return scores - others / (n - 1)
    best = scores.max(1, keepdims=True)
    shared = (scores == best).sum(1, keepdims=True) > 1
    won = np.where(scores == best, np.where(shared, 0.0, 1.0), -1.0)
    return np.where(np.asarray(ended)[:, None], won, 0.0)


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
        self.scores = np.zeros((self.hands, seats), np.int64)
        self.batch: Batch | None = None
        self.previous: Batch | None = None
        self.played = np.full((self.hands, seats), WAIT, np.int64)
        self._progress = progress_table()
        self._targets = foundation_targets()
        self._parts = _play_sources()
        self._moves: dict[tuple[int, int, int], Move] = {}  # by (seat, action, card): _move

    # --- hands ---------------------------------------------------------------------------

    @property
    def states(self) -> list[GameState]:
        """Every hand as a :class:`~nertslib.GameState` (built on demand from the rows)."""
        return self._batch().to_states()

    def deal(self, seeds: Iterable[int]) -> None:
        """Deal every hand afresh: hand ``i`` is ``encoding.new_hand`` of ``seeds[i]``."""
        fresh = _new_hands(self.variant, self.seats, seeds)
        if len(fresh) != self.hands:
            msg = f"deal needs {self.hands} seeds; got {len(fresh)}"
            raise NertsError(msg)
        self.batch = fresh
        self._begin(np.arange(self.hands), fresh)

    def redeal(self, hands: Sequence[int] | Any, seeds: Sequence[int] | Any) -> Any:
        """Deal hands ``hands`` afresh (``encoding.new_hand`` of each seed); the others go on.

        Returns whether each new hand is over already (everyone stuck, and again after the
        resolution), as bools: an episode starts in play, so a caller draws again there.

        >>> from nertslib.adapters.selfplay import SelfPlayBatch
        >>> table = SelfPlayBatch("standard", seats=2, hands=3)
        >>> table.deal([1, 2, 3])
        >>> table.redeal([2], [9]).tolist(), [s.seed for s in table.states]
        ([False], [1, 2, 9])
        """
        batch = self._batch()
        at = np.asarray(hands, np.int64).reshape(-1)
        fresh = _new_hands(self.variant, self.seats, seeds)
        if len(fresh) != len(at) or (at.size and (at.min() < 0 or at.max() >= self.hands)):
            msg = f"redeal needs one seed per hand of 0..{self.hands - 1}; got {excerpt(hands)}"
            raise NertsError(msg)
        batch.rows[at] = fresh.rows
        batch.seeds[at] = fresh.seeds
        self._begin(at, fresh)
        return fresh.over()

    def _begin(self, at: Any, fresh: Batch) -> None:
        """Start the episodes of hands ``at``, now the rows of ``fresh``."""
        self.steps[at] = self.idle[at] = 0
        self.ended[at] = fresh.over()
        self.scores[at] = fresh.scores()

    def start(self, states: Sequence[GameState]) -> None:
        """Start every hand from ``states`` (one per hand, this table's variant and seats)."""
        batch = Batch.from_states(states)
        if len(batch) != self.hands or batch.variant != self.variant or batch.seats != self.seats:
            msg = f"start needs {self.hands} states of this table; got {len(batch)}"
            raise NertsError(msg)
        self.batch = batch
        self._begin(np.arange(self.hands), batch)

    def restart(self, hand: int, state: GameState) -> None:
        """Start hand ``hand`` afresh from ``state`` (the others go on as they are)."""
        batch = self._batch()
        if state.variant != self.variant or len(state.layouts) != self.seats:
            msg = f"restart needs a state of this table; got {state!r:.80}"
            raise NertsError(msg)
        self._write(batch, hand, state)
        self.steps[hand] = self.idle[hand] = 0
        self.ended[hand] = state.is_over

    def _write(self, batch: Batch, hand: int, state: GameState) -> None:
        """Put ``state`` in row ``hand`` (the boundary: one row, written by the converter)."""
        row = batch.rows[hand]
        row[:] = 0
        write_row(row, batch.params, state)
        batch.seeds[hand] = state.seed
        self.scores[hand] = hand_scores(state)

    def _batch(self) -> Batch:
        if self.batch is None:
            msg = "no hands yet: call deal() or start() first"
            raise NertsError(msg)
        return self.batch

    # --- observing -----------------------------------------------------------------------

    def observe(self, seat: int) -> tuple[Any, Any]:
        """``seat``'s observation ``(hands, size)`` and action mask ``(hands, NUM_ACTIONS)``, int8.

        The observation is :func:`~nertslib.adapters.encoding.observe` of the seat's view,
        with the priority the next step gives the seat, built from the rows by
        :meth:`nertslib.batch.Batch.observe`.
        """
        batch = self._batch()
        mask = batch.legal_mask(seat).view(np.int8)
        return batch.observe(seat, (seat - self.steps) % self.seats), mask

    def observations(self) -> tuple[Any, Any]:
        """Every seat's observation ``(hands, seats, size)`` and mask ``(hands, seats, A)``."""
        pairs = [self.observe(seat) for seat in range(self.seats)]
        return np.stack([p[0] for p in pairs], 1), np.stack([p[1] for p in pairs], 1)

    def greedy_actions(self, skip: int | None = None) -> Any:
        """:func:`~nertslib.greedy_bot`'s action of every seat in every hand, ``(hands, seats)``.

        ``skip``: a seat another player takes (its column is ``WAIT``, and costs nothing).
        ``WAIT`` (-1) where the bot waits (its view proves the seat stuck):
        :meth:`nertslib.batch.Batch.greedy_bot` of each seat.
        """
        batch = self._batch()
        acts = np.full((self.hands, self.seats), WAIT, np.int64)
        for seat in range(self.seats):
            if seat != skip:
                acts[:, seat] = batch.greedy_bot(seat)
        return acts

    def move(self, hand: int, seat: int) -> Move | None:
        """The move ``seat`` played in hand ``hand`` at the last step (``None``: it waited).

        >>> from nertslib.adapters.selfplay import SelfPlayBatch
        >>> table = SelfPlayBatch("standard", seats=2, hands=1)
        >>> table.deal([1])
        >>> result = table.step(table.greedy_actions())
        >>> table.move(0, 0), table.move(0, 1)
        (Move.parse('0:AH@P2>F+'), Move.parse('1:AS@P3>F+'))
        """
        action = int(self.played[hand, seat])
        card = -1
        if action >= FOUNDATION_BASE:
            assert self.previous is not None
            batch = self.previous
            source, depth = (int(x) for x in self._parts[action])
            card = source_card(batch.rows[hand], batch.params, seat, source, depth)
        return self._move(seat, action, card)

    def moves(self, seat: int) -> list[Move | None]:
        """:meth:`move` of ``seat`` in every hand, the cards read from the rows in one call.

        >>> from nertslib.adapters.selfplay import SelfPlayBatch
        >>> table = SelfPlayBatch("standard", seats=2, hands=2)
        >>> table.deal([1, 2])
        >>> result = table.step(table.greedy_actions())
        >>> table.moves(1) == [table.move(0, 1), table.move(1, 1)]
        True
        """
        pairs = zip(self.played[:, seat].tolist(), self.played_cards(seat).tolist(), strict=True)
        return [self._move(seat, action, card) for action, card in pairs]

    def played_cards(self, seat: int) -> Any:
        """The card ``seat`` played in every hand at the last step (-1: no card), int64.

        With the action (``played``), the card names the :meth:`move`: a caller can key
        what it derives from a move on the two ints.

        >>> from nertslib.adapters.selfplay import SelfPlayBatch
        >>> table = SelfPlayBatch("standard", seats=2, hands=1)
        >>> table.deal([1])
        >>> result = table.step(table.greedy_actions())
        >>> table.played_cards(0).tolist() == [table.move(0, 0).card.id]
        True
        """
        actions = np.ascontiguousarray(self.played[:, seat])
        cards = np.full(self.hands, -1, np.int64)
        if self.previous is not None:
            batch = self.previous
            played_cards(batch.rows, batch.params, seat, actions, self._parts, cards)
        return cards

    def _move(self, seat: int, action: int, card: int) -> Move | None:
        """The move of ``action`` for ``seat`` whose card (a play's) is ``card``."""
        if action == WAIT:
            return None
        move = self._moves.get((seat, action, card))
        if move is None:  # a move is a value: the same action and card make the same one
            if action < FOUNDATION_BASE:
                move = (Move.rotate, Move.turn, Move.restock, Move.call)[action](seat)
            else:
                source, _depth, target_zone, target, _suit = play_parts(action)
                move = play_move(card_from_id(card), source, target_zone, target)
            self._moves[seat, action, card] = move
        return move

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
        live = ~self.ended if active is None else ~self.ended & np.asarray(active, np.bool_)
        illegal = self._illegal(batch, acts) & live[:, None]
        acts[illegal] = PASS
        acts[~live] = WAIT
        # only a PASS reads a seat's verdict (is it a rotate?): a column without one skips it
        none = np.zeros(self.hands, np.bool_)
        stuck = [batch.stuck(s) if (acts[:, s] == PASS).any() else none for s in range(self.seats)]
        self._waits(batch, acts, stuck)
        self.previous, self.played = batch.copy(), acts
        conflict = self._apply(batch, acts, live, stuck)
        settle_stalemates(batch)
        return self._settle(batch, live, conflict, illegal)

    def _illegal(self, batch: Batch, acts: Any) -> Any:
        """Which actions are neither :data:`WAIT` nor among the seat's legal actions."""
        legal = np.stack([self._legal(batch, s, acts[:, s]) for s in range(self.seats)], 1)
        return ~legal & (acts != WAIT)

    def _legal(self, batch: Batch, seat: int | Any, acts: Any) -> Any:
        """Whether each hand's action of ``acts`` (WAIT: none) is legal now for ``seat``.

        ``seat``: one seat for every hand, or each hand's own (an int array).
        """
        out = np.zeros(self.hands, np.bool_)
        seats = np.ascontiguousarray(np.broadcast_to(np.asarray(seat, np.int64), (self.hands,)))
        legal_rows(batch.rows, batch.params, batch.tables, seats, np.ascontiguousarray(acts), out)
        return out

    def _waits(self, batch: Batch, acts: Any, stuck: list[Any]) -> None:
        """Mark as :data:`WAIT` each ``PASS`` that ``encoding.decode`` reads as no rotate.

        A rotate is legal for a stuck seat with cards in its stock (``rules.is_legal``).
        """
        stock = stock_counts(batch.rows, batch.params) > 0
        for s in range(self.seats):
            waits = (acts[:, s] == PASS) & ~(stuck[s] & stock[:, s])
            acts[waits, s] = WAIT

    def _apply(self, batch: Batch, acts: Any, live: Any, stuck: list[Any]) -> Any:
        """Apply the moves in priority order; the hands where one is no longer legal.

        A foundation play that lost its race to the one card of the step that landed on its
        foundation is a tie (``arbiter.arbitrate``'s rule): legal when that card had not
        landed yet, since nothing else changed the foundation or the seat's cards; under
        ``tie_policy="both_keep"`` its card joins the foundation, which is the play applied
        as it stands. Every other move no longer legal leaves the hand to the pure engine.
        """
        conflict = np.zeros(self.hands, np.bool_)
        hands = np.arange(self.hands)
        landed = np.zeros((self.hands, NEW_FOUNDATION + 1), np.int64)  # cards that did not tie
        both_keep = self.variant.tie_policy == "both_keep"
        for k in range(self.seats):
            seat = (self.steps + k) % self.seats
            act = np.where(live & ~conflict, acts[hands, seat], WAIT)
            ok = self._legal_now(batch, seat, act, stuck)
            target = np.where(act >= 0, self._targets[np.maximum(act, 0)], -1)
            tie = (
                both_keep
                & ~ok
                & (target >= 0)
                & (target < NEW_FOUNDATION)
                & (landed[hands, np.maximum(target, 0)] == 1)
                & (batch.rows[:, H_STATUS] == PLAY)
                & ~self._completed(batch, target)
            )
            conflict |= (act != WAIT) & ~ok & ~tie
            lands = np.where(target == NEW_FOUNDATION, batch.rows[:, H_FCOUNT], target)
            # every action left is legal now (just checked), or a tie: apply without a check
            apply_rows(batch.rows, batch.params, batch.tables, seat, np.where(ok | tie, act, WAIT))
            np.add.at(landed, (hands[ok & (target >= 0)], lands[ok & (target >= 0)]), 1)
        return conflict

    @staticmethod
    def _completed(batch: Batch, target: Any) -> Any:
        """Whether each hand's foundation ``target`` (-1: none) is topped by a King.

        A King tying a King is left to the pure engine: the batch's foundation counts have
        no key after a King, so the play cannot be applied as it stands there.
        """
        started = (target >= 0) & (target < batch.rows[:, H_FCOUNT])
        at = batch.params[P_FTOP] + np.where(started, target, 0)
        tops = batch.rows[np.arange(len(batch)), at]
        return started & (batch.tables[T_RANK, tops] == KING)

    def _legal_now(self, batch: Batch, seat: Any, act: Any, stuck: list[Any]) -> Any:
        """Whether each hand's ``act`` for ``seat`` is legal now (``PASS``: still a rotate)."""
        plays = (act != WAIT) & (act != PASS)
        ok = self._legal(batch, seat, np.where(plays, act, WAIT))  # every hand's seat at once
        for s in range(self.seats):
            passes = (seat == s) & (act == PASS)
            if passes.any():  # the move decoded from PASS is a rotate: still stuck now?
                ok[passes] = batch.stuck(s)[passes] & stuck[s][passes]
        return ok

    def _race(self, i: int, batch: Batch) -> tuple[tuple[Rejection | None, ...], bool]:
        """Settle hand ``i``'s step with the pure engine (a move lost a race).

        Returns the rejections and whether the step made progress (:meth:`Episode.step`
        decides it: a rejected move makes none).
        """
        assert self.previous is not None
        before = self.previous
        state = read_row(before.rows[i], before.params, self.variant, int(before.seeds[i]))
        moves = [self.move(i, s) for s in range(self.seats)]
        episode = attrs.evolve(self.episode, steps=int(self.steps[i]), idle=int(self.idle[i]))
        step = episode.step(state, moves)
        batch.rows[i] = 0
        write_row(batch.rows[i], batch.params, step.after)
        return step.rejected, step.episode.idle == 0

    def _settle(self, batch: Batch, live: Any, conflict: Any, illegal: Any) -> StepResult:
        """Count the step, and read its ends and rewards from the rows."""
        rejected: list[tuple[Rejection | None, ...] | None] = [
            (None,) * self.seats if go else None for go in live
        ]
        played = self.played
        progress = (self._progress[np.maximum(played, 0)] & (played != WAIT)).any(1)
        for i in map(int, np.flatnonzero(conflict)):
            rejected[i], progress[i] = self._race(i, batch)
        self.steps += live
        self.idle = np.where(live, np.where(progress, 0, self.idle + 1), self.idle)
        status = batch.rows[:, H_STATUS]
        end = np.select(
            [status == NERTS, status == STALEMATE, self.idle >= self.episode.no_progress],
            [_NERTS, _STALEMATE, _NO_PROGRESS],
            np.where(self.steps >= self.episode.max_steps, _MAX_STEPS, 0),
        )
        end = np.where(live, end, 0)
        scores = batch.scores()
        old = returns_of(self.episode.reward, self.scores, np.zeros(self.hands, np.bool_))
        new = returns_of(self.episode.reward, scores, end > 0)
        rewards = np.where(live[:, None], new - old, 0.0)
        self.scores = scores
        self.ended |= end > 0
        ends = [_ENDS[e] for e in end.tolist()]
        terminated = (end == _NERTS) | (end == _STALEMATE)
        truncated = (end == _NO_PROGRESS) | (end == _MAX_STEPS)
        return StepResult(rewards, terminated, truncated, illegal, played, rejected, ends)
