"""The everyone-stuck step (rules.md §7): what the table does when no seat can make progress.

A system action beside the transition (:mod:`nertslib.transition`): when every seat is stuck
(:func:`nertslib.all_stuck`, decided by :mod:`nertslib.stuck`), :func:`resolve_stalemate`
applies the variant's ``stuck_resolution``; called again while every seat is still stuck and
nobody has made progress since, it ends the hand. This is the one module that reads the
``stuck_resolution`` knob to move cards.
"""

from __future__ import annotations

import attrs

from nertslib.deal import shuffled
from nertslib.errors import NertsError
from nertslib.state import EndReason, GameState, Layout
from nertslib.stuck import seat_is_stuck

__all__ = ["resolve_stalemate"]


def resolve_stalemate(state: GameState) -> GameState:
    """The everyone-stuck step: a system action, taken when :func:`all_stuck` holds.

    With ``stuck_resolution="restock"`` (the seeds' rule, the standard) each seat forms a new
    stock: its remaining stock cards go onto its waste and the whole waste is turned over,
    order restored, no card moved. ``"rotate_one"`` does the same and then moves the new
    stock's top card to the bottom; ``"shuffle"`` shuffles each seat's stock and waste together
    (from the state's seed and the resolution's number); ``"end_hand"`` ends the hand at once.
    If a resolution was already applied and no seat has made progress since ("stuck, even with
    a new stock"), the call ends the hand in stalemate instead.

    Raises:
        NertsError: (a :class:`ValueError`) if the hand is over or some seat is not stuck.

    >>> import nertslib as nl
    >>> nl.resolve_stalemate(nl.deal("standard", seats=2, seed=1))
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: not every seat is stuck: seat 0 can still make progress
    """
    if state.status is not None:
        msg = "the hand is over"
        raise NertsError(msg)
    loose = [s for s, lay in enumerate(state.layouts) if not seat_is_stuck(state, lay)]
    if loose:
        msg = f"not every seat is stuck: seat {loose[0]} can still make progress"
        raise NertsError(msg)
    rule = state.variant.stuck_resolution
    if state.stalled or rule == "end_hand":
        return attrs.evolve(state, status=EndReason.STALEMATE, caller=-1)
    layouts = tuple(_resolved(state, lay, rule) for lay in state.layouts)
    return attrs.evolve(
        state, layouts=layouts, caller=-1, stalled=True, resolutions=state.resolutions + 1
    )


def _resolved(state: GameState, lay: Layout, rule: str) -> Layout:
    """The seat's layout after the stock resolution ``rule`` (its waste turned into its stock).

    The deck holds the waste bottom first, then the stock in turning order: the remaining
    stock turned onto the waste and the waste turned over give the same order from the start,
    so a restock only moves the cursor back to the first card.
    """
    deck = lay.deck
    if rule == "shuffle":
        deck = shuffled(deck, state.seed, 8 * (state.resolutions + 1) + lay.seat)
    elif rule == "rotate_one" and deck:
        deck = (*deck[1:], deck[0])
    return attrs.evolve(lay, deck=deck, cursor=0)
