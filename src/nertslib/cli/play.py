"""``nerts play``: a card table in the terminal, you (seat 0) against bots in real time.

The screen shows only your view: your layout large (Nerts pile with its count, stock, waste,
work piles fanned), the foundations, one line per opponent, the scores, the last things that
happened, and the move list with a letter per move. Keys and clicks pick a source, then a
target (:mod:`nertslib.cli.controls`); ``?`` lists every key. Bots act on a timer at human
pace; ``p`` pauses the whole table, you included. ``q`` and Ctrl-C ask, then quit, and
:meth:`PlayApp.run` returns the match summary for the command to print on the normal screen.
Textual honours ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from nertslib.moves import Move
from nertslib.variants import Variant

from .controls import Controls, Step, Target
from .dialogs import ConfirmQuit, HandOver, HelpScreen
from .move_list import MOVE_KEYS, merge_moves
from .session import PERSON, PlaySession, hand_seed
from .table_widgets import (
    Clicked,
    FoundationsArea,
    MoveClicked,
    MovePanel,
    Opponents,
    OwnLayout,
    ScoreBoard,
    draw_unless_closing,
)
from .words import event_line, hand_over_words, match_summary, seat_name

__all__ = ["KEY_LINE", "TICK", "PlayApp"]

#: Seconds between two looks at the bots' clocks; at speed 1 the clock runs at real time and
#: every bot waits its own human-like reaction time (``nertslib.Pace``) per move.
TICK: Final = 0.1
#: The key reminder at the foot of the screen (``?`` shows them all).
KEY_LINE: Final = "space turn  n w 1-9 pick  f n 1-9 put  Enter Nerts  ? keys  p pause  q quit"
#: Screen rows from which the foundations are tall cards (with at most four seats).
TALL_FOUNDATIONS: Final = 34
#: What the status line and the move list say once the hand is over.
HAND_OVER: Final = "the hand is over: Enter shows the scores"
#: What the move list says when you have no legal move.
NO_MOVE: Final = "no move: wait for the bots"
#: Messages the status line shows in red.
ALARMS: Final = ("too late", "refused", "unknown key", "nothing", "paused")


class PlayApp(App[str]):
    """The ``nerts play`` table; ``run()`` returns the match summary once the person quits.

    ``paused=True`` starts with the table paused; with ``timer=False`` the bots act only when
    :meth:`tick` is called (tests drive the bots' clock themselves).
    """

    CSS = """
    Static, OwnLayout { text-wrap: nowrap; text-overflow: clip; }
    #title, #keys { height: 1; background: $primary-background; }
    #table { width: 1fr; padding: 0 1; background: #0b3d20; }
    #opponents, #foundations, #scores { height: auto; }
    #foundations { margin-bottom: 1; }
    #own { height: 1fr; }
    #side { width: 30%; min-width: 24; max-width: 40; border-left: solid $secondary; }
    #scores { border-bottom: solid $secondary; }
    #events, #status { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "ask_quit", "quit", priority=True, show=False),
    ]

    def __init__(
        self,
        variant: Variant,
        seats: int,
        bots: tuple[str, ...],
        seed: int,
        speed: float,
        *,
        paused: bool = False,
        timer: bool = True,
    ) -> None:
        super().__init__()
        self.timed = timer
        self.session = PlaySession(variant, seats, bots, seed)
        self.names = tuple(seat_name(s, bots) for s in range(seats))
        self.speed = speed
        self.clock = 0.0  # the bots' clock: seconds at human pace, TICK * speed a tick
        self.paused = paused
        self.holds = 0  # boxes shown over the table: the table waits while one is up
        self.controls = Controls()
        self.message = "your turn: pick a card (n, w, 1-9) or turn the stock (space); ? for keys"
        self.shown: tuple[Move | None, ...] = ()
        self.stale: frozenset[Move] = frozenset()
        self.told = -1  # the last hand whose end was shown
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """The title, the table beside the move list, the event and status lines, the keys."""
        yield Static(id="title")
        with Horizontal(id="body"):
            with Vertical(id="table"):
                yield Opponents(id="opponents")
                yield FoundationsArea(id="foundations")
                yield OwnLayout(id="own")
            with Vertical(id="side"):
                yield ScoreBoard(id="scores")
                with VerticalScroll(id="move-scroll"):
                    yield MovePanel(id="moves")
        yield Static(id="events")
        yield Static(id="status")
        yield Static(KEY_LINE, id="keys")

    def on_mount(self) -> None:
        """Start the bots' timer and draw."""
        if self.timed:
            self._timer = self.set_interval(TICK, self.tick, pause=self.paused)
        self.redraw()

    def on_resize(self) -> None:
        """Draw again for the new size (tall or one-row cards), once the layout has it."""
        self.call_after_refresh(self.redraw)

    @property
    def summary(self) -> str:
        """The match summary: hands, totals, winner."""
        s = self.session
        return match_summary(s.match, s.bot_names, in_play=not s.table.is_over)

    def tick(self) -> None:
        """Advance the bots' clock, and let the bots whose reaction time has passed act.

        The timer calls it every :data:`TICK` seconds.
        """
        if self.session.table.is_over:
            return
        self.clock += TICK * self.speed
        self.session.bots_act(self.clock)
        self.redraw()

    def redraw(self) -> None:
        """Draw what there is to draw (nothing once the screen is closing)."""
        if draw_unless_closing(self._draw):
            self._tell_hand_over()

    def _draw(self) -> None:
        s = self.session
        v = s.view
        self.query_one("#title", Static).update(self._title())
        short = ["you", *(f"seat {k}" for k in range(1, s.seats))]
        self.query_one(ScoreBoard).show(short, s.scores(), s.match.totals)
        self.query_one(Opponents).show(v.seats, self.names)
        roomy = self.size.height >= TALL_FOUNDATIONS and s.seats <= 4
        self.query_one(FoundationsArea).show(v.foundations, roomy)
        self.query_one(OwnLayout).show(v.seats[PERSON], self.controls.pick)
        if s.table.is_over:  # no stale move stays listed once the hand is over
            self.shown, self.stale = (), frozenset()
            self.message = HAND_OVER
        else:
            self.shown, self.stale = merge_moves(self.shown, s.moves(), self.stale)
        self.query_one(MovePanel).show(self.shown, HAND_OVER if s.table.is_over else NO_MOVE)
        self.query_one("#events", Static).update(event_line(s.table.events, s.bot_names))
        alarm = self.message.startswith(ALARMS)
        self.query_one("#status", Static).update(
            Text(self.message, style="bold red" if alarm else "")
        )

    def _title(self) -> str:
        s = self.session
        speed = f"{self.speed:.1f}" if self.speed >= 0.1 else f"{self.speed:.2f}"
        pace = "PAUSED (p resumes)" if self.paused else f"speed ×{speed}"
        seed = hand_seed(s.seed, s.hand)
        return f" Nerts · {s.variant.to_spec()} · hand {s.hand + 1} · seed {seed} · {pace}"

    # --- keys and clicks --------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """Every key of the table: the app's own, the move list's, then the controls'."""
        event.stop()
        if self.screen is not self.screen_stack[0]:
            # typed ahead before the box came up (``q`` ``y`` in one go): the box takes it
            self.screen.post_message(Key(event.key, event.character))
            return
        key, char = event.key, event.character or ""
        own = {"question_mark": self.action_help, "p": self.action_pause, "q": self.action_ask_quit}
        own |= {"plus": self.action_faster, "equals_sign": self.action_faster}
        own |= {"minus": self.action_slower}
        if key in own:
            own[key]()
            return
        if self._refused():
            return
        if len(char) == 1 and char in MOVE_KEYS:
            index = MOVE_KEYS.index(char)
            move = self.shown[index] if index < len(self.shown) else None
            self._submit(Step(move, f"no move has the letter {char} now"))
            return
        v = self.session.view.seats[PERSON]
        step = self.controls.press(key, self.session.moves(), v.work_piles)
        if step is None:
            step = Step(None, f"unknown key {key!r}: press ? for the keys")
        self._submit(step)

    def _refused(self) -> bool:
        """Whether the table takes no move now (paused, or the hand is over); says why."""
        if self.session.table.is_over:
            self.told = -1  # show the hand-over box again
        elif self.paused:
            self.message = "paused: the whole table waits; p resumes"
        else:
            return False
        self.redraw()
        return True

    def _submit(self, step: Step) -> None:
        """Play the step's move (if any), then say how it went and draw."""
        if step.move is not None:
            self.message = self.session.choose(step.move)
            self.shown, self.stale = (), frozenset()  # you acted: a fresh list
        else:
            self.message = step.message
        self.redraw()

    def on_clicked(self, message: Clicked) -> None:
        """A click on your layout or the foundations: pick, put, turn, or send home."""
        if self._refused():
            return
        moves, spot = self.session.moves(), message.spot
        piles = self.session.view.seats[PERSON].work_piles
        c = self.controls
        if spot.place == "stock":
            step = c.turn(moves)
        elif spot.place == "nerts" and self.session.view.seats[PERSON].nerts_size == 0:
            step = c.call(moves)
        elif spot.place == "foundations":
            step = c.put(Target("foundation"), moves, piles)
        elif message.chain >= 2:
            step = c.send_home(spot, moves, piles)
        elif spot.place == "pile" and c.picked_elsewhere(spot):
            step = c.put(Target("pile", spot.index), moves, piles)
        else:
            step = c.choose(spot, moves, piles)
        self._submit(step)

    def on_move_clicked(self, message: MoveClicked) -> None:
        """A click on the move list plays that move."""
        if not self._refused():
            self._submit(Step(message.move, ""))

    # --- pause, speed, boxes ----------------------------------------------------------------

    def _hold(self, held: int) -> None:
        """Count a box shown (1) or closed (-1); the bots run while nothing holds the table."""
        self.holds += held
        if self._timer is not None:
            if self.paused or self.holds:
                self._timer.pause()
            else:
                self._timer.resume()

    def _box(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Show a box over the table, which waits meanwhile; ``then`` gets its answer."""
        self._hold(1)

        def closed(answer: object) -> None:
            self._hold(-1)
            if then is not None:
                then(answer)

        self.push_screen(screen, closed)

    def action_help(self) -> None:
        """Show every key."""
        self._box(HelpScreen())

    def action_pause(self) -> None:
        """Pause or resume the whole table (the bots and you)."""
        self.paused = not self.paused
        self._hold(0)
        self.message = "paused: the whole table waits; p resumes" if self.paused else "play on"
        self.redraw()

    def _retime(self, factor: float) -> None:
        self.speed = min(50.0, max(0.05, self.speed * factor))
        self.redraw()

    def action_faster(self) -> None:
        """Bots react faster."""
        self._retime(1.5)

    def action_slower(self) -> None:
        """Bots react slower."""
        self._retime(1 / 1.5)

    def action_ask_quit(self) -> None:
        """Ask, then quit with the match summary."""
        if isinstance(self.screen, ConfirmQuit):
            self.exit(self.summary)
            return
        self._box(ConfirmQuit(), self._quit_if)

    def _quit_if(self, answer: object) -> None:
        if answer is True:
            self.exit(self.summary)

    def _tell_hand_over(self) -> None:
        """Show the hand-over (or match-over) box once per hand."""
        s = self.session
        result = s.result
        if result is None or self.told == s.hand or self.screen is not self.screen_stack[0]:
            return
        self.told = s.hand
        lines = hand_over_words(result, s.match, s.bot_names)
        title = f"Hand {s.hand + 1} over" + (" · match over" if s.match.is_over else "")
        self._box(HandOver(title, lines, s.match.is_over), self._after_hand)

    def _after_hand(self, choice: object) -> None:
        if choice == "quit":
            self.exit(self.summary)
        elif choice == "next" and self.session.next_hand():
            self.controls.drop()
            self.shown, self.stale = (), frozenset()
            self.clock = 0.0
            self.message = "a new hand: pick a card (n, w, 1-9) or turn the stock (space)"
            self.redraw()
