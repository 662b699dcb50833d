"""Replays: a hand as its variant, seat count, seed and ordered events.

A :class:`Replay` rebuilds every position of a hand exactly: the start is
``deal(variant, seats, seed)`` and each event is applied in order. An event is a
:class:`~nertslib.Move`; a :class:`Batch` of moves submitted together and settled by
:func:`~nertslib.arbitrate` (ties kept under ``tie_policy="both_keep"``); or ``RESOLVE``,
the one system step: the everyone-stuck resolution :func:`~nertslib.resolve_stalemate`. A
replay is checked when it is built, so holding one means holding a legal hand.

>>> import nertslib as nl
>>> from nertslib.replay import RESOLVE, Replay
>>> replay = Replay.record("standard", 2, 4, ["0:turn", "1:turn"])
>>> replay.append(nl.Move.turn(0)).events[-1]
Move.parse('0:turn')
>>> (
...     len(list(replay.states())),
...     replay.final() == nl.apply(nl.apply(replay.start(), nl.Move.turn(0)), nl.Move.turn(1)),
... )
(3, True)

:func:`nertslib.serialize.to_json` writes a replay (an event as its move notation, or
``"resolve"``, a batch as a list of notations), :func:`nertslib.bots.record_hand` records one
played by bots, and :meth:`nertslib.Table.replay` one played at a table.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeAlias, cast

import attrs

from nertslib.arbiter import arbitrate
from nertslib.cards import MAX_SEATS
from nertslib.deal import deal
from nertslib.errors import NertsError, error_for
from nertslib.moves import Move
from nertslib.quoting import EvalRepr, excerpt
from nertslib.rules import apply
from nertslib.stalemate import resolve_stalemate
from nertslib.state import SEED_LIMIT, GameState
from nertslib.variants import Variant, get

__all__ = ["RESOLVE", "Batch", "Event", "Replay", "SystemStep", "step"]


class SystemStep(EvalRepr, enum.Enum):
    """A step of the hand that no seat takes. Its only member is ``RESOLVE``.

    >>> from nertslib.replay import RESOLVE, SystemStep
    >>> RESOLVE, RESOLVE.value, SystemStep("resolve") is RESOLVE
    (SystemStep.RESOLVE, 'resolve', True)

    .. versionadded:: 0.1.0
    """

    RESOLVE = "resolve"
    """The everyone-stuck resolution, :func:`nertslib.resolve_stalemate`."""


#: The everyone-stuck resolution as a replay event (written ``"resolve"`` in JSON).
#:
#: .. versionadded:: 0.1.0
RESOLVE: Final = SystemStep.RESOLVE

#: The start of the note added to an error raised while a replay is built.
NOTE_PREFIX: Final = "while replaying "

#: The start of the note that names the refused move of a batch (``in the batch's moves[1]``).
BATCH_NOTE_PREFIX: Final = "in the batch's moves["


def _to_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    try:
        return tuple(value)
    except TypeError:
        msg = f"Batch.moves must be an iterable of Moves; got {value!r}"
        raise NertsError(msg) from None


def _check_moves(
    _inst: object, _attr: attrs.Attribute[tuple[Move, ...]], value: tuple[Move, ...]
) -> None:
    if not value:
        msg = "a Batch holds at least one move; got none"
        raise NertsError(msg)
    for i, move in enumerate(value):
        if not isinstance(cast(object, move), Move):
            msg = f"Batch.moves[{i}] must be a Move; got {move!r}"
            raise NertsError(msg)


@attrs.frozen
class Batch:
    """Moves submitted together, applied by :func:`~nertslib.arbitrate` in this order.

    What a :meth:`~nertslib.Table.submit_batch` applies: under
    ``tie_policy="both_keep"`` a card that only lost its race to a card of the same batch
    joins the foundation too, which one :func:`~nertslib.apply` after another would refuse.
    In a replay every move of a batch must be accepted (a rejected move changed nothing and
    is left out).

    >>> import nertslib as nl
    >>> from nertslib.replay import Batch, Replay
    >>> tie = Batch([nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")])
    >>> tie
    Batch(moves=(Move.parse('0:2S@N>F0'), Move.parse('1:2S@P1>F0')))
    >>> print(tie)
    [0:2S@N>F0, 1:2S@P1>F0]
    >>> replay = Replay.record("standard", 2, 29, ["0:AS@P3>F+", tie])
    >>> [f"{card}/{card.owner}" for card in replay.final().foundations[0]]
    ['A♠/0', '2♠/0', '2♠/1']

    Raises:
        NertsError: if there is no move or an item is not a :class:`~nertslib.Move`.

    .. versionadded:: 0.1.0
    """

    moves: tuple[Move, ...] = attrs.field(converter=_to_moves, validator=_check_moves)
    """The moves, in arrival order."""

    def __str__(self) -> str:
        return "[" + ", ".join(str(move) for move in self.moves) + "]"


#: One event of a hand (a seat's :class:`~nertslib.Move`, a :class:`Batch`, or ``RESOLVE``).
Event: TypeAlias = Move | Batch | SystemStep


def step(state: GameState, event: Event) -> GameState:
    """The state after ``event`` (a move, a :class:`Batch` or RESOLVE).

    A move goes through :func:`~nertslib.apply`, a batch through
    :func:`~nertslib.arbitrate`, RESOLVE through :func:`~nertslib.resolve_stalemate`.

    Raises:
        IllegalMoveError: for a move that ``apply`` refuses, or a move of a batch that
            ``arbitrate`` refuses (a note names it: ``in the batch's moves[k]``).
        NertsError: for ``RESOLVE`` while the hand is over or some seat is not stuck.
        NertsError: (a :class:`ValueError`) if ``event`` is not a move, a batch or ``RESOLVE``.

    >>> import nertslib as nl
    >>> from nertslib.replay import RESOLVE, step
    >>> state = nl.deal("standard", seats=1, seed=3)
    >>> step(state, nl.Move.turn(0)) == nl.apply(state, nl.Move.turn(0))
    True
    >>> step(state, RESOLVE)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: not every seat is stuck: seat 0 can still make progress

    .. versionadded:: 0.1.0
    """
    if isinstance(cast(object, event), Move):
        return apply(state, cast(Move, event))
    if isinstance(cast(object, event), Batch):
        after, results = arbitrate(state, cast(Batch, event).moves)
        for k, rejection in enumerate(results):
            if rejection is not None:
                error = error_for(rejection)
                error.add_note(f"{BATCH_NOTE_PREFIX}{k}]")
                raise error
        return after
    if cast(object, event) is RESOLVE:
        return resolve_stalemate(state)
    msg = f"a replay event is a Move, a Batch or RESOLVE, got {event!r}"
    raise NertsError(msg)


def _to_events(value: Iterable[Event]) -> tuple[Event, ...]:
    return tuple(value)


def _check_seats(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_SEATS:
        msg = f"Replay.seats must be an int 1..{MAX_SEATS}; got {excerpt(value)}"
        raise NertsError(msg)


def _check_seed(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < SEED_LIMIT:
        msg = f"Replay.seed must be an int from 0 to 2**64 - 1; got {excerpt(value)}"
        raise NertsError(msg)


def _check_variant(_inst: object, _attr: attrs.Attribute[Variant], value: Variant) -> None:
    if not isinstance(cast(object, value), Variant):
        msg = f"Replay.variant must be a Variant; got {value!r}"
        raise NertsError(msg)


@attrs.frozen
class Replay:
    """A hand as data: ``deal(variant, seats, seed)``, then ``events`` in order.

    Building a replay plays it through, so every replay is a legal hand: an illegal move raises
    the engine's :class:`~nertslib.IllegalMoveError`, a misplaced ``RESOLVE`` a
    :class:`~nertslib.NertsError`, each with a note naming the event (``while replaying
    events[i]``).
    The final state is kept (it takes no part in equality), so :meth:`final` and
    :meth:`append` cost no replaying. ``repr`` rebuilds the replay.

    >>> import nertslib as nl
    >>> from nertslib.replay import Replay
    >>> replay = Replay(nl.Variant(), seats=1, seed=3, events=(nl.Move.turn(0),))
    >>> replay
    Replay(variant=Variant.from_spec('standard'), seats=1, seed=3, events=(Move.parse('0:turn'),))
    >>> replay.final().seats[0].waste_top
    Card.parse('6D', owner=0)
    >>> Replay(nl.Variant(), seats=1, seed=3, events=(nl.Move.restock(0),))
    Traceback (most recent call last):
    ...
    nertslib.errors.IllegalMoveError: illegal move 0:restock: seat 0 still has 35 stock card(s)
    while replaying events[0]

    Attributes:
        variant: The rules of the hand.
        seats: How many seats play (1 to 8).
        seed: The deal's seed (an int ``>= 0``).
        events: The moves, batches and ``RESOLVE`` steps, in the order they were applied.

    .. versionadded:: 0.1.0
    """

    variant: Variant = attrs.field(validator=_check_variant)
    seats: int = attrs.field(validator=_check_seats)
    seed: int = attrs.field(validator=_check_seed)
    events: tuple[Event, ...] = attrs.field(default=(), converter=_to_events)
    _last: GameState = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for i, event in enumerate(self.events):
            if not isinstance(cast(object, event), Move | Batch | SystemStep):
                msg = f"Replay.events[{i}] must be a Move, a Batch or RESOLVE; got {event!r}"
                raise NertsError(msg)
        state = self.start()
        for i, event in enumerate(self.events):
            try:
                state = step(state, event)
            except ValueError as exc:
                exc.add_note(f"{NOTE_PREFIX}events[{i}]")
                raise
        object.__setattr__(self, "_last", state)

    @classmethod
    def record(
        cls,
        variant: Variant | str,
        seats: int,
        seed: int,
        events: Iterable[Event | str | Sequence[Move | str] | None] = (),
    ) -> Replay:
        """A replay from a preset name or variant and any iterable of events.

        An event may also be move notation (``"0:turn"``), ``"resolve"``, ``None`` (how
        :func:`~nertslib.play_hand` logs the resolution), so a bot log records as is, or a
        list or tuple of moves or notations (a :class:`Batch`).

        Raises:
            IllegalMoveError: for an illegal move (a :class:`ValueError`).
            NertsError: for an unknown preset, bad notation or another problem.

        >>> import nertslib as nl
        >>> from nertslib.replay import RESOLVE, Replay
        >>> final, log = nl.play_hand(nl.deal("standard", 1, seed=31), [nl.greedy_bot])
        >>> replay = Replay.record("standard", 1, 31, log)
        >>> replay.final() == final, replay.events.count(RESOLVE) == log.count(None)
        (True, True)
        """
        v = get(variant) if isinstance(variant, str) else variant
        return cls(v, seats, seed, tuple(_event(e) for e in events))

    def start(self) -> GameState:
        """The dealt state, before any event.

        >>> from nertslib.replay import Replay
        >>> import nertslib as nl
        >>> Replay(nl.Variant(), seats=2, seed=4).start() == nl.deal("standard", 2, 4)
        True
        """
        return deal(self.variant, self.seats, self.seed)

    def states(self) -> Iterator[GameState]:
        """Every state of the hand: the start, then the state after each event.

        >>> from nertslib.replay import Replay
        >>> replay = Replay.record("standard", 1, 3, ["0:turn", "0:turn"])
        >>> [len(s.seats[0].waste) for s in replay.states()]
        [0, 3, 6]
        """
        state = self.start()
        yield state
        for event in self.events:
            state = step(state, event)
            yield state

    def final(self) -> GameState:
        """The state after the last event (the start for a replay without events).

        >>> import nertslib as nl
        >>> from nertslib.replay import Replay
        >>> Replay.record("standard", 2, 4, ["1:turn"]).final().seats[1].waste_top
        Card.parse('6S', owner=1)
        """
        return self._last

    def append(self, event: Event) -> Replay:
        """This replay with ``event`` added at the end, checked against :meth:`final`.

        Raises:
            IllegalMoveError: if the event is a move that ``apply`` refuses.
            NertsError: for ``RESOLVE`` while some seat is not stuck or the hand is over.
            NertsError: (a :class:`ValueError`) if ``event`` is neither a move nor ``RESOLVE``.

        >>> import nertslib as nl
        >>> from nertslib.replay import Replay
        >>> Replay.record("standard", 1, 3).append(nl.Move.parse("0:3S@W>P0"))
        Traceback (most recent call last):
        ...
        nertslib.errors.IllegalMoveError: illegal move 0:3S@W>P0: seat 0's waste is empty
        """
        after = step(self._last, event)
        new = object.__new__(Replay)
        _set(new, self.variant, self.seats, self.seed, (*self.events, event), after)
        return new


def _set(
    replay: Replay,
    variant: Variant,
    seats: int,
    seed: int,
    events: tuple[Event, ...],
    last: GameState,
) -> None:
    setter = object.__setattr__
    setter(replay, "variant", variant)
    setter(replay, "seats", seats)
    setter(replay, "seed", seed)
    setter(replay, "events", events)
    setter(replay, "_last", last)


def _event(event: Event | str | Sequence[Move | str] | None) -> Event:
    if event is None or event == "resolve":
        return RESOLVE
    if isinstance(event, str):
        return Move.parse(event)
    if isinstance(event, list | tuple):
        return Batch(Move.parse(m) if isinstance(m, str) else m for m in event)
    return cast(Event, event)  # anything else: Replay names what it is not


def trusted_replay(
    variant: Variant, seats: int, seed: int, events: tuple[Event, ...], final: GameState
) -> Replay:
    """A replay whose events are known to lead from the deal to ``final``, not played again.

    Internal, the trusted path for code that has just applied every event itself, as
    :func:`nertslib.bots.record_hand` has; anything else builds a :class:`Replay`, which
    checks its events.

    >>> import nertslib as nl
    >>> from nertslib.replay import Replay, trusted_replay
    >>> final = nl.apply(nl.deal("standard", 1, 3), nl.Move.turn(0))
    >>> replay = trusted_replay(nl.Variant(), 1, 3, (nl.Move.turn(0),), final)
    >>> replay == Replay.record("standard", 1, 3, ["0:turn"]), replay.final() == final
    (True, True)
    """
    replay = object.__new__(Replay)
    _set(replay, variant, seats, seed, events, final)
    return replay
