"""The words of ``nerts play``: seat names, moves in short, the event line, the summaries.

The screen numbers work piles and foundations from 1, as its keys do (``1`` picks work pile
1; the foundations read F1, F2, ...).

>>> import nertslib as nl
>>> from nertslib.cli.words import move_words, seat_name
>>> move_words(nl.Move.parse("0:7H@W>F2")), move_words(nl.Move.parse("1:AS@P3>F+"))
('7♥ waste → F3', 'A♠ pile 4 → new F')
>>> seat_name(0, ("greedy",)), seat_name(1, ("greedy",))
('you', 'seat 1 (greedy)')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from nertslib.errors import Reason
from nertslib.moves import Move, MoveKind, Zone
from nertslib.scoring import Match, Outcome
from nertslib.table import Event

from .cards import card_label

__all__ = [
    "event_line",
    "hand_over_words",
    "match_summary",
    "move_words",
    "seat_name",
    "zone_words",
]

_KIND: Final = {
    MoveKind.TURN: "turn the stock",
    MoveKind.RESTOCK: "turn the waste over",
    MoveKind.ROTATE: "rotate the stock",
    MoveKind.CALL: "call Nerts!",
}


def seat_name(seat: int, bots: Sequence[str]) -> str:
    """``you`` for seat 0, else the seat and its bot: ``seat 2 (greedy)``."""
    return "you" if seat == 0 else f"seat {seat} ({bots[seat - 1]})"


def zone_words(zone: Zone, index: int) -> str:
    """A place in short, numbered from 1: ``Nerts``, ``waste``, ``pile 2``, ``F3``, ``new F``."""
    return {
        Zone.NERTS: "Nerts",
        Zone.WASTE: "waste",
        Zone.WORK: f"pile {index + 1}",
        Zone.FOUNDATION: f"F{index + 1}",
        Zone.NEW_FOUNDATION: "new F",
        Zone.UNDER: f"under pile {index + 1}",
    }[zone]


def move_words(move: Move) -> str:
    """A move in short: ``7♥ waste → F3``, ``turn the stock``."""
    if move.kind is not MoveKind.PLAY:
        return _KIND[move.kind]
    assert move.card is not None
    assert move.source is not None
    assert move.target is not None
    src = zone_words(move.source, move.source_index)
    return f"{card_label(move.card)} {src} → {zone_words(move.target, move.target_index)}"


def _event_words(event: Event, bots: Sequence[str]) -> str | None:
    if event.seat is None or event.move is None:
        return "everyone was stuck: the stuck rule was applied"
    who = seat_name(event.seat, bots)
    rejection = event.rejection
    if rejection is None:
        return f"{who}: {move_words(event.move)}"
    if rejection.reason is Reason.RACE_LOST and event.move.target is not None:
        where = zone_words(event.move.target, event.move.target_index)
        return f"{who} lost the race for {where}"
    return None  # a refused move is the status line's business, not the table's


def event_line(events: Sequence[Event], bots: Sequence[str], count: int = 3) -> str:
    """The last ``count`` things that happened at the table, newest first.

    >>> import nertslib as nl
    >>> from nertslib.cli.words import event_line
    >>> from nertslib.table import Table
    >>> table = Table(nl.deal("standard", seats=2, seed=29))
    >>> _ = table.submit(nl.Move.parse("1:AS@P3>F+"))
    >>> _ = table.submit(nl.Move.parse("0:AS@P3>F+"))
    >>> event_line(table.events, ("greedy",))
    'you: A♠ pile 4 → new F · seat 1 (greedy): A♠ pile 4 → new F'
    """
    said: list[str] = []
    for event in reversed(events):
        words = _event_words(event, bots)
        if words is not None:
            said.append(words)
        if len(said) == count:
            break
    return " · ".join(said)


def hand_over_words(result: Outcome, match: Match, bots: Sequence[str]) -> list[str]:
    """The hand-over screen's lines: how it ended, each seat's hand score and total.

    >>> import nertslib as nl
    >>> from nertslib.cli.words import hand_over_words
    >>> result = nl.Outcome(nl.EndReason.NERTS, caller=1, scores=(-4, 12))
    >>> match = nl.Match(nl.Variant(), 2).record(result)
    >>> hand_over_words(result, match, ("greedy",))[:2]
    ['seat 1 (greedy) called Nerts.', '  you                 hand   -4   total   -4']
    """
    if result.caller is None:
        lines = ["Everyone was stuck: the hand ended in a stalemate."]
    else:
        lines = [f"{seat_name(result.caller, bots)} called Nerts."]
    for seat, (score, total) in enumerate(zip(result.scores, match.totals, strict=True)):
        lines.append(f"  {seat_name(seat, bots):<18}  hand {score:>4}   total {total:>4}")
    lines.append(_standing(match, bots))
    return lines


def _standing(match: Match, bots: Sequence[str]) -> str:
    winner = match.winner
    if winner is None:
        return f"The match goes on to {match.variant.target_score} points."
    if match.variant.teams is not None:
        return f"Match over: team {winner} wins."
    return f"Match over: {seat_name(winner, bots)} {'win' if winner == 0 else 'wins'}."


def match_summary(match: Match, bots: Sequence[str], in_play: bool) -> str:
    """What ``nerts play`` prints on the normal screen when it ends: hands, totals, winner.

    >>> import nertslib as nl
    >>> from nertslib.cli.words import match_summary
    >>> match = nl.Match(nl.Variant(), 2).record((5, -3))
    >>> print(match_summary(match, ("greedy",), in_play=True))
    Nerts match: 1 hand scored (the hand in play is not scored)
      hand 1: you 5, seat 1 (greedy) -3
      totals: you 5, seat 1 (greedy) -3
      winner: none yet (the match goes to 100 points)
    """
    n = len(match.hands)
    note = " (the hand in play is not scored)" if in_play else ""
    lines = [f"Nerts match: {n} hand{'' if n == 1 else 's'} scored{note}"]
    seats = range(match.seats)
    for h, scores in enumerate(match.hands):
        each = ", ".join(f"{seat_name(s, bots)} {scores[s]}" for s in seats)
        lines.append(f"  hand {h + 1}: {each}")
    totals = ", ".join(f"{seat_name(s, bots)} {match.totals[s]}" for s in seats)
    lines.append(f"  totals: {totals}")
    winner = match.winner
    if winner is None:
        lines.append(f"  winner: none yet (the match goes to {match.variant.target_score} points)")
    else:
        name = f"team {winner}" if match.variant.teams is not None else seat_name(winner, bots)
        lines.append(f"  winner: {name}")
    return "\n".join(lines)
