"""Settling a batch of moves submitted together: :func:`arbitrate` (ties, cards in the air).

An internal module: a :class:`~nertslib.Table` settles each submission with it, and a
:class:`~nertslib.replay.Replay` each of its batches, so it lies below both. Reach it as
``nertslib.arbitrate`` or ``nertslib.table.arbitrate``.

>>> import nertslib as nl
>>> from nertslib.arbiter import arbitrate
>>> state = nl.deal("standard", seats=2, seed=1)
>>> after, results = arbitrate(state, [nl.Move.turn(0), nl.Move.restock(1)])
>>> results[0], results[1].reason
(None, Reason.STOCK_NOT_EMPTY)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import attrs

from nertslib.cards import SUIT
from nertslib.errors import NertsError, Reason, Rejection
from nertslib.moves import Move, MoveKind, Zone
from nertslib.rules import check
from nertslib.state import EndReason, GameState
from nertslib.transition import successor

__all__ = ["Results", "arbitrate", "batch_moves", "check_state"]

#: One result per move of a batch: ``None`` (accepted) or the :class:`~nertslib.Rejection`.
Results = tuple[Rejection | None, ...]


def batch_moves(batch: Iterable[Move]) -> tuple[Move, ...]:
    """The moves of ``batch`` as a tuple, each checked to be a :class:`~nertslib.Move`.

    Raises:
        NertsError: (a :class:`ValueError`) for anything else, quoting it.

    >>> import nertslib as nl
    >>> from nertslib.arbiter import batch_moves
    >>> batch_moves([nl.Move.turn(0)])
    (Move.parse('0:turn'),)
    """
    if isinstance(cast(object, batch), Move | str | bytes) or not isinstance(
        cast(object, batch), Iterable
    ):
        msg = f"a batch is an iterable of Moves, got {batch!r}"
        raise NertsError(msg)
    moves = tuple(batch)
    for i, item in enumerate(moves):
        if not isinstance(cast(object, item), Move):
            msg = f"batch item {i} is not a Move: {item!r}"
            raise NertsError(msg)
    return moves


def check_state(state: GameState) -> None:
    """Raise :class:`~nertslib.NertsError` (a :class:`ValueError`) unless ``state`` is a state.

    >>> from nertslib.arbiter import check_state
    >>> check_state("standard - play r0 s0")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: not a GameState: 'standard - play r0 s0'
    """
    if not isinstance(cast(object, state), GameState):
        msg = f"not a GameState: {state!r}"
        raise NertsError(msg)


def _landing(state: GameState, move: Move) -> int:
    """The foundation index a legal ``move`` puts its card on, or -1."""
    if move.target is Zone.FOUNDATION:
        return move.target_index
    if move.target is Zone.NEW_FOUNDATION:
        return len(state.fnd)
    return -1


def _tie(state: GameState, move: Move, landed: dict[int, GameState]) -> Move | None:
    """The move that joins ``move``'s card to a tied foundation, or None if it is no tie.

    ``move`` was rejected as a lost race in ``state``. ``landed`` maps each foundation that
    took a card in this batch to the state just before the last card that was not a tie
    landed there. A move legal in that state offers a card of that card's key (the key the
    foundation needed then), so "legal then, a lost race now" is exactly a tie.
    """
    card = move.card
    assert card is not None
    if move.target is Zone.FOUNDATION:
        k = move.target_index
    else:  # Zone.NEW_FOUNDATION, one_per_suit: the suit's foundation exists already
        suit = SUIT[card.id]
        k = next(i for i, pile in enumerate(state.fnd) if SUIT[pile[0]] == suit)
    before = landed.get(k)
    if before is None or check(before, move) is not None:
        return None
    return Move(move.seat, MoveKind.PLAY, card, move.source, move.source_index, Zone.FOUNDATION, k)


def arbitrate(state: GameState, batch: Iterable[Move]) -> tuple[GameState, Results]:
    """Apply a batch of moves submitted together, in the given order, settling ties.

    Each move is checked against the state the moves before it left, as :func:`nertslib.check`
    and :func:`nertslib.apply` would; the result for it is ``None`` (accepted) or the
    :class:`~nertslib.Rejection`. The input state is never changed.

    Ties (``tie_policy="both_keep"``, rules.md §6): a move rejected as
    :attr:`~nertslib.Reason.RACE_LOST` is accepted after all, and its card joins the
    foundation, when

    * an earlier move of **this batch** put a card of the same foundation key (same suit and
      rank under ``"same_suit"``; same colour and rank under ``"alt_colour"``; same rank under
      ``"any_suit"``) on the foundation the move names (or, under
      ``foundation_limit="one_per_suit"``, started the foundation of the Ace's suit), and
      nothing else has landed on that foundation since, and
    * the move was legal in the state just before that earlier card landed.

    The pile then holds both cards and continues from that rank; a third such card ties too.
    A card that landed before the batch never ties: the later card lost its race, as with
    ``apply``. Under ``tie_policy="first_wins"`` nothing ties. A move rejected for any other
    reason keeps that rejection.

    Cards in the air (rules.md §8: "cards in the air may finish their move and are counted"):
    a call of Nerts that is accepted ends the hand *after the batch*. The other seats' moves
    that follow it in the batch are still checked and applied as usual (ties included); the
    caller's own later moves, and any later call, are rejected as
    :attr:`~nertslib.Reason.HAND_OVER`. Under ``call_mode="auto"`` the play of a Nerts pile's
    last card is the call. So without a call in it, ``arbitrate`` is ``apply`` move by move
    (ties aside); a host decides which moves form a batch (see :class:`Table`'s
    ``call_grace``).

    Args:
        state: The position the batch applies to.
        batch: The moves, in arrival order (any iterable of :class:`~nertslib.Move`).

    Returns:
        The new state, and one result per move of the batch, in the same order.

    Raises:
        NertsError: (a :class:`ValueError`) if ``state`` is not a state or an item of the
            batch is not a :class:`~nertslib.Move`; nothing is applied then.

    Both seats offer their 2♠ onto the A♠ of foundation 0 at once; both keep their cards:

    >>> import nertslib as nl
    >>> from nertslib.arbiter import arbitrate
    >>> state = nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))
    >>> batch = [nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")]
    >>> after, results = arbitrate(state, batch)
    >>> results
    (None, None)
    >>> [f"{card}/{card.owner}" for card in after.foundations[0]]
    ['A♠/0', '2♠/0', '2♠/1']

    With ``apply`` (or one move at a time) the second card is too late:

    >>> nl.check(nl.apply(state, batch[0]), batch[1]).reason
    Reason.RACE_LOST

    .. versionadded:: 0.1.0
    """
    check_state(state)
    moves = batch_moves(batch)
    both_keep = state.variant.tie_policy == "both_keep"
    landed: dict[int, GameState] = {}
    results: list[Rejection | None] = []
    caller = -1  # the seat whose call this batch accepted
    for move in moves:
        if caller >= 0 and (move.seat == caller or move.kind is MoveKind.CALL):
            results.append(check(_called(state, caller), move))  # the hand is over
            continue
        rejection = check(state, move)
        if rejection is None:
            k = _landing(state, move)
            if both_keep and k >= 0:
                landed[k] = state
            state = successor(state, move)
        elif rejection.reason is Reason.RACE_LOST:  # a tie needs `landed`: only both_keep
            tie = _tie(state, move, landed)
            if tie is not None:
                state = successor(state, tie)
                rejection = None
        if rejection is None and state.status is EndReason.NERTS:
            # The first call stands; under call_mode="auto" another seat's last Nerts card
            # in the air ends nothing more, and the cards after it are still in the air.
            caller = state.caller if caller < 0 else caller
            state = _in_the_air(state)
        results.append(rejection)
    if caller >= 0:
        state = _called(state, caller)
    return state, tuple(results)


def _in_the_air(called: GameState) -> GameState:
    """The hand just called, still in play for the other seats' cards in the air."""
    return attrs.evolve(called, status=None, caller=-1)


def _called(state: GameState, caller: int) -> GameState:
    """``state`` with the hand ended by ``caller``'s call."""
    return attrs.evolve(state, status=EndReason.NERTS, caller=caller)
