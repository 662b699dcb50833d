"""``nerts play``: the Textual screen of a person (seat 0) against bots in real time.

The screen shows only the person's view: the foundations, every seat's counts, the person's
own layout, the legal moves in words with a key each, and a line saying how the last move
went ("too late" for a lost race). A move keeps its key while the bots play, so a key never
changes its meaning under the person's finger (see :func:`merge_moves`); the list is made
afresh after each of the person's moves. Bots act on a timer; ``p`` pauses them, ``+``/``-``
change their pace, ``n`` deals the next hand of the match once a hand is over, ``q`` quits.
Textual honours ``NO_COLOR``.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.events import Key
from textual.timer import Timer
from textual.widgets import Footer, Static

from nertslib.moves import Move
from nertslib.scoring import Outcome
from nertslib.variants import Variant
from nertslib.views import SeatView, View

from .session import PERSON, PlaySession
from .show import card_styles

__all__ = ["MOVE_KEYS", "PlayApp", "board_text", "merge_moves", "moves_text"]

#: Seats plus work piles above which the board packs tighter (see :func:`board_text`).
COMPACT_ABOVE: Final = 10
#: The width of one work pile's column in the packed board.
PILE_WIDTH: Final = 39
#: The keys that choose moves, in order (p, q and n are the screen's own).
MOVE_KEYS: Final = "1234567890abcdefghijklmorstuvwxyz"
#: Seconds between two looks at the bots' clocks; at ``--speed 1`` the clock runs at real
#: time and every bot waits its own human-like reaction time (``nertslib.Pace``) per move.
TICK: Final = 0.1


def _styled(text: str, style: str = "") -> Text:
    out = Text(text, style=style)
    for start, end, card_style in card_styles(text):
        out.stylize(card_style, start, end)
    return out


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(str(c) for c in cards) if cards else "·"


def _seat_line(sv: SeatView, name: str, on_foundations: int) -> str:
    top = str(sv.nerts_top) if sv.nerts_top is not None else "-"
    waste = str(sv.waste_top) if sv.waste_top is not None else "·"
    work = sum(len(p) for p in sv.work) + sum(sv.down)
    return (
        f"{sv.seat:>4}  {name:<8} {sv.nerts_size:>5} {top:>4}  {work:>4}  "
        f"{sv.stock_size:>5}  {sv.waste_size:>3} {waste:>4}  {on_foundations:>4}"
    )


def board_text(v: View, names: tuple[str, ...]) -> Text:
    """The table as the person sees it: foundations, every seat's counts, the own layout.

    With many seats and work piles it packs tighter (no blank lines, two work piles a line)
    so that the screen still fits 80×24.
    """
    own = v.seats[PERSON]
    compact = len(v.seats) + len(own.work) > COMPACT_ABOVE
    tops = " ".join(f"F{k}:{p[-1]}" for k, p in enumerate(v.foundations)) or "none"
    lines = [f"Foundations: {tops}"]
    if not compact:
        lines.append("")
    lines.append("seat  who      Nerts  top  work  stock  waste top  on F")
    owners = [0] * len(v.seats)
    for pile in v.foundations:
        for card in pile:
            owners[card.owner] += 1
    lines.extend(_seat_line(sv, names[sv.seat], owners[sv.seat]) for sv in v.seats)
    if not compact:
        lines.append("")
    top = str(own.nerts_top) if own.nerts_top is not None else "empty"
    waste = _cards(own.visible_waste[-3:])
    lines.append(f"You: Nerts {own.nerts_size} [{top}]   waste {own.waste_size} [{waste}]")
    piles = [
        f"  work pile {i}: {'## ' * down}{_cards(pile)}"
        for i, (pile, down) in enumerate(zip(own.work_piles, own.face_down_counts, strict=True))
    ]
    if compact:
        piles = [
            "".join(p.ljust(PILE_WIDTH) for p in piles[i : i + 2]).rstrip()
            for i in range(0, len(piles), 2)
        ]
    lines.extend(piles)
    return _styled("\n".join(lines))


def moves_text(moves: tuple[Move | None, ...]) -> Text:
    """The person's moves in words, each after the key that chooses it (holes left out)."""
    if not any(moves):
        return Text("no move: wait for the bots", style="dim")
    lines = [
        f"[{key}] {move.describe()}"
        for key, move in zip(MOVE_KEYS, moves, strict=False)
        if move is not None
    ]
    if len(moves) > len(MOVE_KEYS):
        lines.append(f"... {len(moves) - len(MOVE_KEYS)} more")
    return _styled("\n".join(lines))


def merge_moves(
    shown: tuple[Move | None, ...], fresh: tuple[Move, ...], stale: frozenset[Move]
) -> tuple[tuple[Move | None, ...], frozenset[Move]]:
    """The move list after the bots moved: every key keeps its move while it may matter.

    A move that is no longer legal keeps its key for one more refresh (choosing it then says
    "too late", as at a real table), then leaves a hole; new moves fill the holes first, then
    go at the end. Returns the new slots and the moves now stale.

    >>> from nertslib import Move
    >>> from nertslib.cli.play import merge_moves
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


class PlayApp(App[None]):
    """The ``nerts play`` screen; ``paused=True`` starts with the bots paused (tests)."""

    CSS = """
    #status { height: 1; background: $primary-background; }
    #board { height: auto; }
    #moves { height: 1fr; min-height: 3; border-top: solid $secondary; }
    #message { height: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pause", "pause"),
        Binding("plus,equals_sign", "faster", "faster"),
        Binding("minus", "slower", "slower"),
        Binding("n", "next_hand", "next hand"),
        Binding("q", "quit", "quit"),
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
    ) -> None:
        super().__init__()
        self.session = PlaySession(variant, seats, bots, seed)
        self.names = ("you", *bots)
        self.speed = speed
        self.clock = 0.0  # the bots' clock: seconds at human pace, TICK * speed a tick
        self.paused = paused
        self.message = "choose a move with its key"
        self.shown: tuple[Move | None, ...] = ()
        self.stale: frozenset[Move] = frozenset()
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """The status line, the board, the moves, the message line and the key help."""
        yield Static(id="status")
        yield Static(id="board")
        with VerticalScroll(id="moves"):
            yield Static(id="move-list")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        """Start the bots' timer and draw."""
        self._timer = self.set_interval(TICK, self.tick, pause=self.paused)
        self.redraw()

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
        try:
            self._draw()
        except NoMatches:  # a timer tick that arrived while the app shuts down
            return

    def _draw(self) -> None:
        """Draw everything from the current state."""
        s = self.session
        state = "paused" if self.paused else f"bots ×{self.speed:g}"
        status = (
            f"Nerts · {s.variant.to_spec()} · hand {s.hand + 1} · seed {s.seed + s.hand} · {state}"
        )
        self.query_one("#status", Static).update(status)
        self.query_one("#board", Static).update(board_text(s.view, self.names))
        self.shown, self.stale = merge_moves(self.shown, s.moves(), self.stale)
        self.query_one("#move-list", Static).update(moves_text(self.shown))
        self.query_one("#message", Static).update(self._message_text())

    def _message_text(self) -> Text:
        result = self.session.result
        if result is None:
            style = "bold red" if self.message.startswith(("too late", "refused")) else ""
            return _styled(self.message, style)
        return Text(self.hand_over_text(result), style="bold")

    def hand_over_text(self, result: Outcome) -> str:
        """The end-of-hand line: scores, match totals and what to press."""
        match = self.session.match
        names = self.names
        hand = ", ".join(f"{n} {x:+d}" for n, x in zip(names, result.scores, strict=True))
        totals = ", ".join(f"{n} {t}" for n, t in zip(names, match.totals, strict=True))
        how = "stalemate" if result.caller is None else f"{names[result.caller]} called Nerts"
        if match.is_over:
            winner = match.winner
            who = (
                self.names[winner]
                if winner is not None and match.variant.teams is None
                else (f"team {winner}")
            )
            return f"Hand over ({how}): {hand}. Match over, {who} wins: {totals}. q quits."
        return f"Hand over ({how}): {hand}. Totals {totals}. n: next hand, q: quit."

    def on_key(self, event: Key) -> None:
        """A move key chooses the move shown with it."""
        char = event.character
        if char is None or char not in MOVE_KEYS:
            return
        index = MOVE_KEYS.index(char)
        move = self.shown[index] if index < len(self.shown) else None
        if move is not None:
            event.stop()
            self.message = self.session.choose(move)
            self.shown, self.stale = (), frozenset()  # the person acted: a fresh list
            self.redraw()

    def action_pause(self) -> None:
        """Pause or resume the bots."""
        self.paused = not self.paused
        if self._timer is not None:
            if self.paused:
                self._timer.pause()
            else:
                self._timer.resume()
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

    def action_next_hand(self) -> None:
        """Deal the next hand once this one is over (and the match is not)."""
        if self.session.next_hand():
            self.message = "a new hand: choose a move with its key"
            self.shown, self.stale = (), frozenset()
            self.redraw()
