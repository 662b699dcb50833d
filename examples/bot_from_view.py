"""A bot that only ever sees views: it plays a seeded 2-seat hand against the greedy bot.

Run it with ``python examples/bot_from_view.py``. It needs only nertslib.

The host (here :func:`nertslib.play_hand`) holds the real state; the view bot is handed
``view(state, seat)`` and nothing else. To choose a move it *determinizes* the view (deals the
cards it cannot see at random, consistently with what it sees) and asks the greedy bot what it
would do in that imagined position. Every move except ``rotate`` depends only on what the seat
sees, so the chosen move is legal in the real position too.

What the view bot cannot know is whether it is *stuck*: that depends on the order of its own
stock. So it keeps one note, the number of stock actions it has taken since it last moved a
card; once that covers the rest of the current pass and then one whole pass (a pass that starts
mid-stock shows other waste tops than one that starts from a fresh stock) with nothing to play,
it waits. Anything that could change that verdict (a new foundation card, a stuck resolution)
clears the note.
"""

from __future__ import annotations

import math

import nertslib as nl
from nertslib.views import View, determinize, view

SEED = 11


class ViewBot:
    """Plays from views alone: greedy play on a fresh determinization of each view."""

    def __init__(self, seed: int = 0) -> None:
        self._draws = seed  # the seed of the next determinization
        self._idle = 0  # stock actions since the last card move
        self._table: object = None  # the foundations and resolutions when _idle started

    def choose(self, seen: View) -> nl.Move | None:
        """A move for the viewing seat, or ``None`` to wait."""
        seat, me = seen.seat, seen.own
        assert seat is not None, "a view bot needs a seat's view, not a spectator's"
        assert me is not None
        table = (seen.fnd, seen.resolutions)
        if table != self._table:
            self._table, self._idle = table, 0
        guess = determinize(seen, self._draws)
        self._draws += 1
        move = nl.greedy_bot(guess, seat)
        if move is not None and move.kind in (nl.MoveKind.PLAY, nl.MoveKind.CALL):
            self._idle = 0
            return move
        # A stock action, or the imagined stock says "stuck": turn on until the rest of this
        # pass and one whole pass of the real stock have shown nothing playable.
        one_pass = math.ceil((me.stock_size + me.waste_size) / seen.variant.stock_turn) + 1
        if self._idle >= 2 * one_pass:
            return None
        stock = (nl.MoveKind.TURN, nl.MoveKind.RESTOCK)
        action = next((m for m in nl.legal_moves(guess, seat) if m.kind in stock), None)
        if action is not None:
            self._idle += 1
        return action


def main() -> None:
    """Play one hand, view bot (seat 0) against the greedy bot (seat 1), and print scores."""
    bot = ViewBot(seed=SEED)

    def from_view(state: nl.GameState, seat: int) -> nl.Move | None:
        return bot.choose(view(state, seat))  # the bot never sees `state` itself

    start = nl.deal("standard", seats=2, seed=SEED)
    final, log = nl.play_hand(start, [from_view, nl.greedy_bot])
    result = nl.outcome(final)
    assert result is not None
    print(f"hand over: {result.reason.value} after {len(log)} actions")
    names = ["view bot (seat 0)", "greedy bot (seat 1)"]
    for name, score in zip(names, result.scores, strict=True):
        print(f"{name:20} {score:4}")


if __name__ == "__main__":
    main()
