"""The :class:`Batch`: many hands of one variant and seat count, as arrays, played in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from nertslib.adapters import encoding as enc
from nertslib.batch import steps
from nertslib.batch.convert import card_places, read_row, write_row
from nertslib.batch.deal import deal_hidden_rows, deal_rows
from nertslib.batch.drive import GREEDY, KINDS, drive_rows
from nertslib.batch.hands import playout_rows
from nertslib.batch.layout import (
    H_CALLER,
    H_STATUS,
    NERTS,
    P_MD,
    P_SEAT0,
    P_SSTRIDE,
    P_STRIDE,
    PLAY,
    S_NLEN,
    make_params,
    max_down,
)
from nertslib.batch.moves import legal_masks
from nertslib.batch.observe import observation_length, observe_rows
from nertslib.batch.tables import card_tables
from nertslib.bots.driver import NO_PROGRESS_ROUNDS
from nertslib.context import context_for
from nertslib.errors import NertsError
from nertslib.quoting import excerpt
from nertslib.state import SEED_LIMIT, GameState
from nertslib.variants import Variant
from nertslib.views import View, arranged


def batch_variant(variant: Variant | str, seats: int) -> Variant:
    """``variant`` as a :class:`~nertslib.Variant` the batch engine plays with ``seats`` seats.

    Raises:
        NertsError: for a variant with jokers (``jokers_per_deck``), which the batch engine
            does not play, or a seat count the variant cannot deal.

    >>> from nertslib.batch.core import batch_variant
    >>> batch_variant("standard", 4).stock_turn
    3
    >>> batch_variant("standard,jokers_per_deck=1", 2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: the batch engine plays no jokers: jokers_per_deck=1 ...
    """
    try:
        rules = enc.check_supported(variant, seats)
    except ValueError as exc:
        raise NertsError(str(exc)) from None
    if rules.jokers_per_deck:
        msg = (
            f"the batch engine plays no jokers: jokers_per_deck={rules.jokers_per_deck} "
            "(use the pure engine for joker variants)"
        )
        raise NertsError(msg)
    return rules


class Batch:
    """Many hands of one variant and seat count, held as integer arrays and played in place.

    ``rows`` is an ``int16`` array ``(hands, stride)`` laid out as :mod:`nertslib.batch.layout`
    documents, ``seeds`` the hands' seeds (the ``shuffle`` resolution draws from them).
    Every answer equals the pure engine's on the same positions (the differential tests).

    >>> import nertslib as nl
    >>> from nertslib.batch import Batch
    >>> batch = Batch.deal("standard", 2, [1, 2, 3])
    >>> len(batch), batch.to_states()[1] == nl.deal("standard", 2, 2)
    (3, True)

    .. versionadded:: 0.2.0
    """

    def __init__(self, variant: Variant, seats: int, rows: Any, seeds: Any, md: int) -> None:
        self.variant = variant
        self.seats = seats
        self.rows = rows
        self.seeds = seeds
        self.params = make_params(variant, seats, md)
        self.tables = card_tables(context_for(variant, seats).rule)

    # --- building and reading --------------------------------------------------------------

    @classmethod
    def deal(cls, variant: Variant | str, seats: int, seeds: Sequence[int] | Any) -> Batch:
        """The deals of ``seeds``: hand ``i`` is exactly ``nl.deal(variant, seats, seeds[i])``.

        Raises:
            NertsError: for a joker variant, a bad seat count or a seed outside 0..2**64-1.

        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> Batch.deal("pounce", 3, [7]).to_states()[0] == nl.deal("pounce", 3, 7)
        True
        """
        rules = batch_variant(variant, seats)
        seeds = _seeds(seeds)
        md = max_down(rules, seats)
        batch = cls(rules, seats, None, seeds, md)
        batch.rows = np.zeros((len(seeds), int(batch.params[P_STRIDE])), dtype=np.int16)
        klondike = rules.work_pile_layout == "klondike"
        with np.errstate(over="ignore"):
            deal_rows(batch.rows, batch.params, seeds, rules.nerts_pile_size, klondike)
        return batch

    @classmethod
    def from_states(cls, states: Sequence[GameState]) -> Batch:
        """A batch holding ``states`` (one variant and seat count), in their order.

        Raises:
            NertsError: for no states, states of different variants or seat counts, or a
                joker variant.

        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> states = [nl.deal("standard", 2, seed) for seed in (4, 5)]
        >>> Batch.from_states(states).to_states() == states
        True
        """
        states = list(states)
        if not states or not all(isinstance(s, GameState) for s in states):
            msg = f"from_states needs a non-empty sequence of GameState; got {excerpt(states)}"
            raise NertsError(msg)
        first = states[0]
        seats = len(first.layouts)
        for i, state in enumerate(states):
            if state.variant != first.variant or len(state.layouts) != seats:
                msg = f"state {i} is not of the first state's variant and seat count"
                raise NertsError(msg)
        rules = batch_variant(first.variant, seats)
        deepest = max(len(d) for s in states for lay in s.layouts for d in lay.down or ((),))
        batch = cls(
            rules,
            seats,
            None,
            _seeds([s.seed for s in states]),
            max(deepest, max_down(rules, seats)),
        )
        batch.rows = np.zeros((len(states), int(batch.params[P_STRIDE])), dtype=np.int16)
        for row, state in zip(batch.rows, states, strict=True):
            write_row(row, batch.params, state)
        return batch

    @classmethod
    def determinize(cls, seen: View, seeds: Sequence[int] | Any) -> Batch:
        """Hand ``i`` is exactly ``nl.determinize(seen, seeds[i])`` (a search's imagined hands).

        Raises:
            NertsError: as :meth:`from_states` and :func:`~nertslib.determinize` do.

        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> seen = nl.view(nl.deal("standard", 2, 9), 0)
        >>> Batch.determinize(seen, [5, 6]).to_states()[1] == nl.determinize(seen, 6)
        True
        """
        seeds = _seeds(seeds)
        batch = cls.from_states([arranged(seen)])
        template = batch.rows[0]
        unseen = [[c.id for c in seen.unseen_cards(s)] for s in range(batch.seats)]
        places = [card_places(template, batch.params, s) for s in range(batch.seats)]
        cards = np.array([c for ids in unseen for c in ids], dtype=np.int16)
        at = np.array([places[s][c] for s, ids in enumerate(unseen) for c in ids], dtype=np.int64)
        starts = np.cumsum([0] + [len(ids) for ids in unseen], dtype=np.int64)
        batch.rows = np.empty((len(seeds), template.shape[0]), dtype=np.int16)
        batch.seeds = seeds
        with np.errstate(over="ignore"):
            deal_hidden_rows(batch.rows, template, seeds, cards, at, starts)
        return batch

    def to_states(self) -> list[GameState]:
        """Every hand as a :class:`~nertslib.GameState` (exactly what :meth:`from_states` took).

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 1, [0]).to_states()[0].seed
        0
        """
        return [
            read_row(row, self.params, self.variant, int(seed))
            for row, seed in zip(self.rows, self.seeds, strict=True)
        ]

    def copy(self) -> Batch:
        """An independent copy (one array copy).

        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 2, [1])
        >>> twin = batch.copy()
        >>> twin.apply(0, 1)  # seat 0 turns its stock in the copy only
        >>> twin.to_states() == batch.to_states()
        False
        """
        twin = Batch(self.variant, self.seats, self.rows.copy(), self.seeds.copy(), 0)
        twin.params = self.params.copy()
        return twin

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    # --- the rules ---------------------------------------------------------------------------

    def legal_mask(self, seat: int) -> Any:
        """A ``(hands, NUM_ACTIONS)`` bool array: ``encoding.legal_actions(state, seat)`` per hand.

        >>> from nertslib.adapters.encoding import legal_actions
        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 2, [1])
        >>> tuple(batch.legal_mask(0)[0].nonzero()[0]) == legal_actions(batch.to_states()[0], 0)
        True
        """
        seat = self._seat(seat)
        mask = np.zeros((len(self), enc.NUM_ACTIONS), dtype=np.bool_)
        legal_masks(self.rows, self.params, self.tables, seat, mask)
        return mask

    def apply(self, seats: int | Sequence[int] | Any, actions: int | Sequence[int] | Any) -> None:
        """Apply ``actions[i]`` for seat ``seats[i]`` in hand ``i``, in place (scalars broadcast).

        ``PASS`` rotates the stock of a stuck seat and is a wait otherwise, as
        :func:`~nertslib.adapters.encoding.decode` reads it. An action of ``-1`` leaves its
        hand as it is (a finished hand, or a seat that does not act there).

        Raises:
            NertsError: naming the first hand whose action is not legal there (and the
                action); then no hand changes.

        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 2, [1, 2])
        >>> batch.apply([0, 1], [1, 1])  # both turn their stock
        >>> batch.apply(0, [1, -1])  # seat 0 turns again in hand 0 only
        >>> batch.apply(0, 2)
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: hand 0: action 2 (restock) is not legal for seat 0
        """
        n = len(self)
        seat_arr = self._seat_array(seats, n)
        action_arr = _ints(actions, n, "actions")
        bad = steps.first_illegal(self.rows, self.params, self.tables, seat_arr, action_arr)
        if bad >= 0:
            action = int(action_arr[bad])
            name = enc.describe(action) if 0 <= action < enc.NUM_ACTIONS else "out of range"
            msg = f"hand {bad}: action {action} ({name}) is not legal for seat {seat_arr[bad]}"
            raise NertsError(msg)
        steps.apply_rows(self.rows, self.params, self.tables, seat_arr, action_arr)

    def random(self, seat: int, rng: Any) -> Any:
        """A uniformly drawn legal action of ``seat`` per hand (``PASS`` is one of them).

        ``rng`` is a numpy ``Generator`` (or a seed for one); a finished hand
        gets ``PASS``, which :meth:`apply` refuses there.

        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 2, [1, 2])
        >>> actions = batch.random(0, rng=7)
        >>> batch.legal_mask(0)[[0, 1], actions].tolist()
        [True, True]
        """
        draws = np.random.default_rng(rng).random(len(self))
        out = np.zeros(len(self), dtype=np.int64)
        steps.random_rows(self.rows, self.params, self.tables, self._seat(seat), draws, out)
        return out

    def random_step(self, seat: int, rng: Any) -> Any:
        """Apply :meth:`random`'s actions at once (a random playout's step); returns them.

        A finished hand is left as it is, its action ``-1``. The same as
        ``apply(seat, random(seat, rng))`` on the hands in play, without checking again
        actions the generator has just listed.

        >>> from nertslib.batch import Batch
        >>> batch, twin = Batch.deal("standard", 2, [3]), Batch.deal("standard", 2, [3])
        >>> actions = batch.random_step(1, rng=5)
        >>> twin.apply(1, actions)
        >>> batch.to_states() == twin.to_states()
        True
        """
        draws = np.random.default_rng(rng).random(len(self))
        out = np.zeros(len(self), dtype=np.int64)
        steps.random_step_rows(self.rows, self.params, self.tables, self._seat(seat), draws, out)
        return out

    def stuck(self, seat: int) -> Any:
        """``nl.is_stuck(state, seat)`` of every hand, as a bool array.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).stuck(0).tolist()
        [False]
        """
        out = np.zeros(len(self), dtype=np.bool_)
        steps.stuck_rows(self.rows, self.params, self.tables, self._seat(seat), out)
        return out

    def proves_stuck(self, seat: int) -> Any:
        """``nl.view(state, seat).proves_stuck(seat)`` of every hand, as a bool array.

        What ``seat`` can tell from its own view (:meth:`nertslib.View.proves_stuck`): where
        it holds, the seat is stuck whatever the order of its hidden cards.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).proves_stuck(0).tolist()
        [False]
        """
        out = np.zeros(len(self), dtype=np.bool_)
        with np.errstate(over="ignore"):  # the guess's shuffle wraps as the pure one does
            steps.proves_stuck_rows(self.rows, self.params, self.tables, self._seat(seat), out)
        return out

    def all_stuck(self) -> Any:
        """``nl.all_stuck(state)`` of every hand, as a bool array.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).all_stuck().tolist()
        [False]
        """
        out = np.zeros(len(self), dtype=np.bool_)
        steps.all_stuck_rows(self.rows, self.params, self.tables, out)
        return out

    def resolve_stalemates(self) -> Any:
        """Apply ``nl.resolve_stalemate`` to every hand where every seat is stuck.

        Returns the bool array of the hands it resolved.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).resolve_stalemates().tolist()
        [False]
        """
        which = self.all_stuck()
        with np.errstate(over="ignore"):
            steps.resolve_rows(self.rows, self.params, self.seeds, which)
        return which

    def greedy(self, seat: int) -> Any:
        """The greedy rule's action for ``seat`` in every hand (``PASS`` where it waits).

        Exactly ``encoding.encode(state, greedy_on_position(state, seat))``.

        >>> from nertslib.adapters.encoding import describe
        >>> from nertslib.batch import Batch
        >>> describe(int(Batch.deal("standard", 2, [1]).greedy(0)[0]))
        'P2>F+ as H'
        """
        out = np.zeros(len(self), dtype=np.int32)
        steps.greedy_rows(self.rows, self.params, self.tables, self._seat(seat), False, out)
        return np.where(out < 0, np.int32(enc.PASS), out)

    def greedy_bot(self, seat: int) -> Any:
        """:func:`~nertslib.greedy_bot`'s action on ``seat``'s view in every hand (-1: it waits).

        Exactly ``encoding.encode(state, greedy_bot(view(state, seat), seat))``, ``-1`` where
        the bot returns ``None`` (its view proves the seat stuck, or the hand is over). It
        differs from :meth:`greedy` only where the seat is stuck: the bot cannot see its
        stock, so it turns on unless its view proves the seat stuck.

        Raises:
            NertsError: for a Klondike layout with face-down cards (the bot guesses them from
                its view there, which only the pure engine plays) or a bad seat.

        >>> from nertslib.adapters.encoding import describe
        >>> from nertslib.batch import Batch
        >>> describe(int(Batch.deal("standard", 2, [1]).greedy_bot(0)[0]))
        'P2>F+ as H'
        """
        self._check_greedy_bot()
        out = np.zeros(len(self), dtype=np.int32)
        with np.errstate(over="ignore"):  # the view's guess shuffles as the pure one does
            steps.greedy_rows(self.rows, self.params, self.tables, self._seat(seat), True, out)
        return out

    def scores(self) -> Any:
        """``nl.hand_scores`` of every hand: an int array ``(hands, seats)``.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 3, [5]).scores().tolist()
        [[-26, -26, -26]]
        """
        out = np.zeros((len(self), self.seats), dtype=np.int64)
        steps.score_rows(self.rows, self.params, self.tables, out)
        return out

    def observe(self, seat: int, priority: int | Sequence[int] | Any = 0) -> Any:
        """``encoding.observe(view(state, seat), priority)`` of every hand: int8 ``(hands, size)``.

        ``priority`` (one per hand, or one for all) is how many seats' moves the coming step
        settles before ``seat``'s (see :func:`~nertslib.adapters.encoding.observe`).

        Raises:
            NertsError: for a seat that does not play or a priority outside ``0..seats-1``.

        >>> import nertslib as nl
        >>> from nertslib.adapters.encoding import observe
        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 3, [4, 5])
        >>> state = batch.to_states()[1]
        >>> batch.observe(2, priority=1)[1].tolist() == observe(nl.view(state, 2), 1)
        True
        """
        seat = self._seat(seat)
        order = _ints(priority, len(self), "priority")
        if order.size and (order.min() < 0 or order.max() >= self.seats):
            msg = f"priority {excerpt(priority)} must be 0..{self.seats - 1}"
            raise NertsError(msg)
        out = np.zeros((len(self), observation_length(self.params)), dtype=np.int8)
        face_up = bool(self.variant.nerts_pile_face_up)
        observe_rows(self.rows, self.params, seat, face_up, order, out)
        return out

    def play_greedy(self, max_actions: int = 100_000) -> Any:
        """Play every hand on with the greedy bot at every seat, as :func:`nertslib.play_hand` does.

        Returns each hand's number of actions (the driver's log length: stalemate
        resolutions count). A hand still in play after ``max_actions`` stops there, and so
        does one after the driver's ``NO_PROGRESS_ROUNDS`` rounds without progress.

        Raises:
            NertsError: for a Klondike layout with face-down cards (the greedy bot guesses
                them from its view there, which only the pure engine plays) or a bad bound.

        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> batch = Batch.deal("standard", 2, [4])
        >>> final, log = nl.play_hand(nl.deal("standard", 2, 4), [nl.greedy_bot] * 2)
        >>> batch.play_greedy().tolist() == [len(log)], batch.to_states() == [final]
        (True, True)
        """
        kinds = np.full((len(self), self.seats), GREEDY, dtype=np.int64)
        return self.play(kinds, np.zeros(kinds.shape, dtype=np.uint64), max_actions)

    def play(self, kinds: Any, rng: Any, max_actions: int = 100_000) -> Any:
        """Play every hand on between greedy and random bots, as :func:`nertslib.play_hand` does.

        ``kinds[i, s]`` is the bot of seat ``s`` in hand ``i``:
        :data:`~nertslib.batch.drive.GREEDY` (:func:`~nertslib.greedy_bot`) or
        :data:`~nertslib.batch.drive.RANDOM` (a :class:`~nertslib.RandomBot`); ``rng[i, s]``
        is that random bot's generator state (a ``uint64`` array: ``RandomBot(seed)`` starts
        at ``seed``), drawn from in place. Returns each hand's number of actions, as
        :meth:`play_greedy` does.

        Raises:
            NertsError: for arrays of the wrong shape or kind, a greedy seat where work piles
                hold face-down cards, or a bad bound.

        >>> import numpy as np
        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> from nertslib.batch.drive import GREEDY, RANDOM
        >>> bots = [nl.greedy_bot, nl.RandomBot(seed=7)]
        >>> final, log = nl.play_hand(nl.deal("standard", 2, 4), bots, max_actions=500)
        >>> batch = Batch.deal("standard", 2, [4])
        >>> rng = np.array([[0, 7]], dtype=np.uint64)
        >>> batch.play(np.array([[GREEDY, RANDOM]]), rng, 500).tolist() == [len(log)]
        True
        >>> batch.to_states() == [final]
        True
        """
        if type(max_actions) is not int or max_actions < 1:
            msg = f"max_actions must be an int >= 1; got {excerpt(max_actions)}"
            raise NertsError(msg)
        kinds, rng = self._bots(kinds, rng)
        out = np.zeros(len(self), dtype=np.int64)
        limits = np.array([max_actions, NO_PROGRESS_ROUNDS], dtype=np.int64)
        with np.errstate(over="ignore"):
            drive_rows(self.rows, self.params, self.tables, self.seeds, kinds, rng, limits, out)
        return out

    def playout(self, seat: int, limit: int) -> None:
        """Play every hand on as :class:`~nertslib.SearchBot`'s playouts do after ``seat`` moved.

        The seats after ``seat`` take their greedy move of the round, then every seat plays
        the greedy rule (on the whole position) round after round while fewer than ``limit``
        actions are taken (checked between rounds; the everyone-stuck resolution is applied
        and not counted), until the hand ends or no seat moves in a round without progress.

        Raises:
            NertsError: for a bad seat or a ``limit`` that is not an int ``>= 1``.

        >>> import nertslib as nl
        >>> from nertslib.batch import Batch
        >>> from nertslib.bots.search import playout_value
        >>> state = nl.deal("standard", 2, 4)
        >>> batch = Batch.from_states([state])
        >>> batch.playout(1, 40)  # seat 1 is the last seat: no round to finish
        >>> scores = batch.scores()[0].tolist()
        >>> float(scores[0] - scores[1]) == playout_value(state, 0, 40)
        True
        """
        seat = self._seat(seat)
        if type(limit) is not int or limit < 1:
            msg = f"limit must be an int >= 1; got {excerpt(limit)}"
            raise NertsError(msg)
        with np.errstate(over="ignore"):
            playout_rows(self.rows, self.params, self.tables, self.seeds, seat, limit)

    def nerts_left(self) -> Any:
        """Cards left in every seat's Nerts pile: an int array ``(hands, seats)``.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).nerts_left().tolist()
        [[13, 13]]
        """
        return nerts_counts(self.rows, self.params)

    def callers(self) -> Any:
        """The seat that ended each hand by Nerts, -1 where none did (yet).

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1]).callers().tolist()
        [-1]
        """
        return np.where(self.rows[:, H_STATUS] == NERTS, self.rows[:, H_CALLER], -1)

    def over(self) -> Any:
        """Whether each hand has ended, as a bool array.

        >>> from nertslib.batch import Batch
        >>> Batch.deal("standard", 2, [1, 2]).over().tolist()
        [False, False]
        """
        return self.rows[:, H_STATUS] != PLAY

    # --- argument checks ---------------------------------------------------------------------

    def _seat(self, seat: object) -> int:
        index = getattr(type(seat), "__index__", None)
        value = -1 if index is None or isinstance(seat, bool) else int(index(seat))
        if not 0 <= value < self.seats:
            msg = f"seat {excerpt(seat)} does not play in this {self.seats}-seat batch"
            raise NertsError(msg)
        return value

    def _bots(self, kinds: object, rng: object) -> tuple[Any, Any]:
        """``kinds`` and ``rng`` checked for :meth:`play` (``rng`` itself, drawn from in place)."""
        shape = (len(self), self.seats)
        arr = np.asarray(kinds)
        if arr.shape != shape or arr.dtype.kind not in "iu" or not np.isin(arr, KINDS).all():
            msg = f"kinds must be a {shape} int array of GREEDY and RANDOM; got {excerpt(kinds)}"
            raise NertsError(msg)
        if (
            not isinstance(rng, np.ndarray)
            or rng.shape != shape
            or rng.dtype != np.uint64
            or (not rng.flags.c_contiguous)
        ):
            msg = f"rng must be a contiguous {shape} uint64 array; got {excerpt(rng)}"
            raise NertsError(msg)
        if (arr == GREEDY).any():
            self._check_greedy_bot()
        return np.ascontiguousarray(arr, dtype=np.int64), rng

    def _check_greedy_bot(self) -> None:
        """Refuse the greedy bot where work piles hold face-down cards (only the pure one)."""
        if self.params[P_MD]:
            msg = (
                "the batch engine plays no greedy seat with face-down work cards (work_pile_"
                "layout='klondike'): the greedy bot guesses them from its view"
            )
            raise NertsError(msg)

    def _seat_array(self, seats: object, n: int) -> Any:
        arr = _ints(seats, n, "seats")
        if arr.size and (arr.min() < 0 or arr.max() >= self.seats):
            msg = f"seats {excerpt(seats)} must be seat numbers 0..{self.seats - 1}"
            raise NertsError(msg)
        return arr


def _ints(values: object, n: int, what: str) -> Any:
    """``values`` as an int64 array of ``n`` entries (a scalar broadcasts)."""
    try:
        arr = np.asarray(values)
        if arr.dtype.kind not in "iu" or arr.ndim > 1:
            raise TypeError
        return np.ascontiguousarray(np.broadcast_to(arr, (n,)), dtype=np.int64)
    except (TypeError, ValueError):
        msg = f"{what} must be an int or {n} ints; got {excerpt(values)}"
        raise NertsError(msg) from None


def _seeds(seeds: object) -> Any:
    """``seeds`` as a uint64 array, each checked as ``nl.deal`` checks a seed."""
    values = list(seeds) if isinstance(seeds, Sequence | np.ndarray) else None
    if not values or not all(
        isinstance(s, int | np.integer) and not isinstance(s, bool) and 0 <= s < SEED_LIMIT
        for s in values
    ):
        msg = f"seeds must be a non-empty sequence of ints 0..2**64-1; got {excerpt(seeds)}"
        raise NertsError(msg)
    return np.array([int(s) for s in values], dtype=np.uint64)


def nerts_counts(rows: Any, params: Any) -> Any:
    """The Nerts pile counts of every seat of every row (a strided read of the rows)."""
    seats = int(params[0])
    at = [int(params[P_SEAT0] + s * params[P_SSTRIDE]) + S_NLEN for s in range(seats)]
    return rows[:, at].astype(np.int64)
