"""The move list of ``nerts play``: every legal move after a letter that keeps its meaning.

A move keeps its letter while the bots play, so a key never changes its meaning under the
person's finger; a move that went away keeps its letter for one more refresh (choosing it
then says "too late", as at a real table), then leaves a hole that a new move fills.
"""

from __future__ import annotations

from typing import Final

from nertslib.moves import Move

__all__ = ["MOVE_KEYS", "merge_moves"]

#: The keys of the move list, in order (the lower-case letters and digits are the table's).
MOVE_KEYS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def merge_moves(
    shown: tuple[Move | None, ...], fresh: tuple[Move, ...], stale: frozenset[Move]
) -> tuple[tuple[Move | None, ...], frozenset[Move]]:
    """The move list after the bots moved: every key keeps its move while it may matter.

    A move that is no longer legal keeps its key for one more refresh (choosing it then says
    "too late", as at a real table), then leaves a hole; new moves fill the holes first, then
    go at the end. Returns the new slots and the moves now stale.

    >>> from nertslib import Move
    >>> from nertslib.cli.move_list import merge_moves
    >>> a, b, c = Move.turn(0), Move.parse("0:AS@N>F+"), Move.parse("0:2S@N>F0")
    >>> slots, stale = merge_moves((a, b), (a, c), frozenset())
    >>> slots, stale
    ((Move.parse('0:turn'), Move.parse('0:AS@N>F+'), Move.parse('0:2S@N>F0')), frozenset({Move.parse('0:AS@N>F+')}))
    >>> merge_moves(slots, (a, c), stale)[0]
    (Move.parse('0:turn'), None, Move.parse('0:2S@N>F0'))
    """  # noqa: E501 - doctest output lines
    legal = set(fresh)
    slots: list[Move | None] = []
    now_stale: set[Move] = set()
    for move in shown:
        if move is None or move in legal:
            slots.append(move)
        elif move in stale:
            slots.append(None)
        else:
            slots.append(move)
            now_stale.add(move)
    placed = {m for m in slots if m is not None}
    for move in fresh:
        if move in placed:
            continue
        if None in slots:
            slots[slots.index(None)] = move
        else:
            slots.append(move)
    while slots and slots[-1] is None:
        slots.pop()
    return tuple(slots), frozenset(now_stale)
