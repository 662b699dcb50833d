"""``nerts demo``: a seeded hand between greedy bots, played out, then the table.

On a terminal the hand is played out in colour, one action at a time; otherwise (a pipe, a
file, a test) the same hand prints at once as plain text.

>>> from nertslib.cli.demo import demo_text
>>> import nertslib as nl
>>> from nertslib.bots import record_hand
>>> text = demo_text(record_hand("standard", 2, 4, [nl.greedy_bot] * 2), "standard", 0)
>>> text.splitlines()[0]
'Nerts demo: standard, 2 seats, seed 4, greedy bots'
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from nertslib.moves import Move
from nertslib.render import table
from nertslib.replay import RESOLVE, Batch, Replay
from nertslib.scoring import hand_scores, outcome
from nertslib.state import EndReason, GameState

from .show import card_styles, event_words

__all__ = ["animate", "demo_text", "hand_log", "score_rows", "summary_text"]

SCORE_HEADER = ("seat", "moves", "on foundations", "left in Nerts pile", "score")


def hand_log(replay: Replay) -> tuple[Move | None, ...]:
    """The events as :func:`nertslib.play_hand` logs them: ``None`` for RESOLVE."""
    log: list[Move | None] = []
    for event in replay.events:
        if isinstance(event, Batch):
            log.extend(event.moves)
        else:
            log.append(None if event is RESOLVE else event)
    return tuple(log)


def score_rows(final: GameState, log: Sequence[Move | None]) -> list[list[int]]:
    """One row per seat: seat, moves, cards on foundations, Nerts cards left, score."""
    result = outcome(final)
    scores = hand_scores(final) if result is None else result.scores
    rows = []
    for lay, score in zip(final.layouts, scores, strict=True):
        seat = lay.seat
        played = sum(1 for m in log if m is not None and m.seat == seat)
        on_fnd = sum(1 for p in final.foundations for c in p if c.owner == seat)
        rows.append([seat, played, on_fnd, len(lay.nerts), score])
    return rows


def ending(final: GameState, actions: int) -> str:
    """How the hand ended, in one sentence."""
    result = outcome(final)
    if result is None:
        return f"The hand is still in play after {actions} actions."
    if result.reason is EndReason.NERTS:
        return f"Seat {result.caller} called Nerts after {actions} actions."
    return f"Stalemate after {actions} actions."


def summary_text(final: GameState, log: Sequence[Move | None]) -> str:
    """The final position, the score table and how the hand ended."""
    rows = score_rows(final, log)
    return f"{final}\n\n{table(SCORE_HEADER, rows)}\n\n{ending(final, len(log))}"


def demo_text(replay: Replay, name: str, moves: int) -> str:
    """The whole plain demo: a header, the first ``moves`` actions, then the summary."""
    log = hand_log(replay)
    seats = replay.seats
    parts = [f"Nerts demo: {name}, {seats} seats, seed {replay.seed}, greedy bots", ""]
    if moves:
        shown = log[:moves]
        rows = [
            [i + 1, "system" if m is None else str(m), event_words(m)] for i, m in enumerate(shown)
        ]
        parts.append(table(("#", "move", "in words"), rows))
        if len(log) > len(shown):
            parts.append(f"... {len(log) - len(shown)} more")
        parts.append("")
    parts.append(summary_text(replay.final(), log))
    return "\n".join(parts)


def _coloured(text: str) -> Text:
    out = Text(text)
    for start, end, style in card_styles(text):
        out.stylize(style, start, end)
    return out


def _frame(state: GameState, step: int, total: int, last: Move | None) -> Group:
    words = "the deal" if step == 0 else f"{last}  {event_words(last)}"
    head = Text(f"action {step}/{total}: ", style="dim") + _coloured(words)
    return Group(head, _coloured(str(state)))


def _score_table(final: GameState, log: Sequence[Move | None]) -> Table:
    out = Table(*SCORE_HEADER, title="Scores")
    result = outcome(final)
    for row in score_rows(final, log):
        style = "bold green" if result is not None and row[0] == result.caller else ""
        out.add_row(*(str(c) for c in row), style=style)
    return out


def animate(replay: Replay, console: Console, delay: float) -> None:
    """Play the hand out on ``console``, ``delay`` seconds an action, then the scores."""
    log = hand_log(replay)
    states = list(replay.states())
    steps = [(0, None)] + [(i + 1, e) for i, e in enumerate(replay.events)]
    with Live(console=console, auto_refresh=False, transient=False) as live:
        for (i, event), state in zip(steps, states, strict=True):
            last = event.moves[0] if isinstance(event, Batch) else event
            last = last if isinstance(last, Move) else None
            live.update(_frame(state, i, len(states) - 1, last), refresh=True)
            if delay > 0:
                time.sleep(delay)
    final = replay.final()
    console.print()
    console.print(_score_table(final, log))
    console.print(ending(final, len(log)), style="bold", highlight=False)
