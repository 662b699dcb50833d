"""Writing a bot: a complete bot that sees only views, one hand against greedy, a tournament.

Run it with ``python examples/bot_from_view.py``. It needs only nertslib.

A bot is a callable ``bot(view, seat) -> Move | None``. The driver (here
:func:`nertslib.play_hand`) holds the real position and hands the bot
``nertslib.view(state, seat)``: the seat's own cards as it sees them, every face-up card on the
table, and the sizes of the hidden piles. ``nertslib.legal_moves(view, seat)`` gives the seat's
moves from the view alone, and ``nertslib.determinize(view, k)`` imagines a whole position that
shows this view (the hidden cards dealt at random), for bots that want to look ahead.

This bot races its Nerts pile: it calls Nerts when it can, then plays its Nerts top anywhere it
fits (a foundation first), then plays to a foundation, and otherwise does what the greedy bot
would do. Then it plays one hand against the greedy bot and a small paired tournament.
"""

from __future__ import annotations

import nertslib as nl
from nertslib.bots import tournament

SEED = 11


def nerts_racer(mine: nl.View, seat: int) -> nl.Move | None:
    """Call, else play the Nerts top (a foundation first), else to a foundation, else greedy."""
    moves = nl.legal_moves(mine, seat)  # from the view: no hidden card is read
    if not moves:
        return None
    calls = [m for m in moves if m.kind is nl.MoveKind.CALL]
    from_nerts = [m for m in moves if m.source is nl.Zone.NERTS]
    nerts_up = [m for m in from_nerts if m.to_foundation]
    to_foundation = [m for m in moves if m.to_foundation]
    for choice in (calls, nerts_up, from_nerts, to_foundation):
        if choice:
            return choice[0]
    return nl.greedy_bot(mine, seat)  # rearranging and stock turns: the greedy bot's plan


# play_hand lets a stuck seat of this bot wait (a view cannot show that the seat is stuck)
nerts_racer.waits_when_stuck = True  # type: ignore[attr-defined]


def main() -> None:
    """One hand, racer (seat 0) against the greedy bot (seat 1), then a tournament."""
    start = nl.deal("standard", seats=2, seed=SEED)
    final, log = nl.play_hand(start, [nerts_racer, nl.greedy_bot])
    result = nl.outcome(final)
    assert result is not None
    print(f"hand over: {result.reason.value} after {len(log)} actions")
    for name, score in zip(["racer (seat 0)", "greedy (seat 1)"], result.scores, strict=True):
        print(f"{name:16} {score:4}")
    # every deal played from both seats; the difference is the racer's score minus greedy's
    board = tournament({"racer": nerts_racer, "greedy": "greedy"}, 20, 2, SEED, processes=1)
    for s in board.stats:
        print(f"{s.name:7} mean score {s.score.mean:6.2f}  win rate {s.win_rate.mean:.2f}")
    diff = board.difference
    assert diff is not None
    print(
        f"racer - greedy: {diff.mean:+.2f} (95% CI {diff.low:+.2f} to {diff.high:+.2f}) "
        f"over {diff.deals} paired deals, {board.hands_played} hands"
    )


if __name__ == "__main__":
    main()
