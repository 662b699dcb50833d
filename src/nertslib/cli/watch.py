"""``nerts watch``: a hand between bots (or a saved replay) on screen, step by step.

Space pauses and resumes, ``s`` (or →) steps forward, ``b`` (or ←) steps back, ``+``/``-``
change the pace, ``q`` quits. The whole table is shown (a replay hides nothing), with each
action in words and the scores at the end.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Footer, Static

from nertslib.moves import Move
from nertslib.render import table
from nertslib.replay import Batch, Event, Replay
from nertslib.state import GameState

from .demo import ending, hand_log, score_rows
from .show import card_styles, event_words
from .table_widgets import draw_unless_closing

__all__ = ["WatchApp", "step_words"]


def step_words(event: Event) -> str:
    """One replay event in words."""
    if isinstance(event, Batch):
        return "; ".join(f"seat {m.seat}: {m.describe()}" for m in event.moves)
    if isinstance(event, Move):
        return f"seat {event.seat}: {event.describe()}"
    return event_words(None)


def _styled(text: str) -> Text:
    out = Text(text)
    for start, end, style in card_styles(text):
        out.stylize(style, start, end)
    return out


class WatchApp(App[None]):
    """The ``nerts watch`` screen over ``replay``; ``paused=True`` starts paused (tests)."""

    CSS = """
    #status { height: 1; background: $primary-background; }
    #step { height: 2; }
    #board { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "pause"),
        Binding("s,right", "step", "step"),
        Binding("b,left", "step_back", "back"),
        Binding("plus,equals_sign", "faster", "faster"),
        Binding("minus", "slower", "slower"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, replay: Replay, speed: float, *, paused: bool = False) -> None:
        super().__init__()
        self.replay = replay
        self.states: list[GameState] = list(replay.states())
        self.index = 0
        self.speed = speed
        self.paused = paused
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """The status line, the last step in words, the table, the key help."""
        yield Static(id="status")
        yield Static(id="step")
        yield Static(id="board")
        yield Footer()

    def on_mount(self) -> None:
        """Start the clock and draw the deal."""
        self._timer = self.set_interval(1 / self.speed, self.advance, pause=self.paused)
        self.redraw()

    @property
    def at_end(self) -> bool:
        """Whether the last state is shown."""
        return self.index == len(self.states) - 1

    def advance(self) -> None:
        """Show the next state (the timer calls it)."""
        if not self.at_end:
            self.index += 1
            self.redraw()

    def redraw(self) -> None:
        """Draw what there is to draw (nothing once the screen is closing)."""
        draw_unless_closing(self._draw)

    def _draw(self) -> None:
        """Draw the current state."""
        r = self.replay
        total = len(self.states) - 1
        pace = "paused" if self.paused else f"{self.speed:g} steps/s"
        self.query_one("#status", Static).update(
            f"Nerts watch · {r.variant.to_spec()} · {r.seats} seats · seed {r.seed}"
            f" · step {self.index}/{total} · {pace}"
        )
        words = "the deal" if self.index == 0 else step_words(r.events[self.index - 1])
        self.query_one("#step", Static).update(_styled(words))
        state = self.states[self.index]
        text = str(state)
        if self.at_end:
            log = hand_log(r)
            header = ("seat", "moves", "on foundations", "left in Nerts pile", "score")
            text += f"\n\n{table(header, score_rows(state, log))}\n\n{ending(state, len(log))}"
        self.query_one("#board", Static).update(_styled(text))

    def action_pause(self) -> None:
        """Pause or resume."""
        self.paused = not self.paused
        if self._timer is not None:
            if self.paused:
                self._timer.pause()
            else:
                self._timer.resume()
        self.redraw()

    def action_step(self) -> None:
        """One step forward (pausing first)."""
        if not self.paused:
            self.action_pause()
        self.advance()

    def action_step_back(self) -> None:
        """One step back (pausing first)."""
        if not self.paused:
            self.action_pause()
        if self.index > 0:
            self.index -= 1
            self.redraw()

    def _retime(self, factor: float) -> None:
        self.speed = min(200.0, max(0.05, self.speed * factor))
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(1 / self.speed, self.advance, pause=self.paused)
        self.redraw()

    def action_faster(self) -> None:
        """More steps per second."""
        self._retime(2.0)

    def action_slower(self) -> None:
        """Fewer steps per second."""
        self._retime(0.5)
