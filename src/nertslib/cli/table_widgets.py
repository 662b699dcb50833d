"""The Textual widgets of the ``nerts play`` table.

Your layout, the foundations, the opponents and the move list. Each draws what the app
gives it and turns clicks into messages (:class:`Clicked`, :class:`MoveClicked`); the app
decides what they mean.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.css.query import NoMatches
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from nertslib.cards import Card
from nertslib.moves import Move
from nertslib.views import SeatView

from .cards import Block, Spot
from .move_list import MOVE_KEYS
from .show import card_styles
from .table_draw import (
    OPPONENTS_HEADER,
    foundations_block,
    foundations_text,
    opponent_line,
    own_block,
    tall_height,
)
from .words import move_words

__all__ = [
    "Clicked",
    "FoundationsArea",
    "MoveClicked",
    "MovePanel",
    "Opponents",
    "OwnLayout",
    "ScoreBoard",
    "draw_unless_closing",
]


def draw_unless_closing(draw: Callable[[], None]) -> bool:
    """Run ``draw``; ``False`` if the screen was closing, so nothing could be drawn.

    A timer tick may arrive while the app shuts down, when its widgets are gone.

    >>> from textual.css.query import NoMatches
    >>> from nertslib.cli.table_widgets import draw_unless_closing
    >>> def gone() -> None:
    ...     raise NoMatches("#title")
    >>> draw_unless_closing(gone), draw_unless_closing(lambda: None)
    (False, True)
    """
    try:
        draw()
    except NoMatches:
        return False
    return True


class Clicked(Message):
    """A click on a place of your layout or on the foundations (``chain`` 2: a double click)."""

    def __init__(self, spot: Spot, chain: int) -> None:
        super().__init__()
        self.spot = spot
        self.chain = chain


class MoveClicked(Message):
    """A click on a line of the move list."""

    def __init__(self, move: Move) -> None:
        super().__init__()
        self.move = move


class OwnLayout(Widget):
    """Your layout, large: tall cards where there is room (the work piles first), else one row."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat: SeatView | None = None
        self.pick: Spot | None = None
        self.block = Block([])

    def show(self, seat: SeatView, pick: Spot | None) -> None:
        """Draw ``seat`` with ``pick`` picked."""
        self.seat, self.pick = seat, pick
        self.refresh()

    def render(self) -> Text:
        """The layout, as tall as the widget allows."""
        if self.seat is None:
            return Text()
        piles, height = len(self.seat.work), self.size.height
        tall = height >= tall_height(piles)
        self.block = own_block(
            self.seat, tall, self.pick, tall_piles=height >= tall_height(piles, False)
        )
        return self.block.text()

    def on_click(self, event: Click) -> None:
        """Say which place was clicked."""
        spot = self.block.hit(event.x, event.y)
        if spot is not None:
            self.post_message(Clicked(spot, event.chain))


class FoundationsArea(Static):
    """The foundations' top cards; a click means "to the foundation it fits"."""

    def show(self, foundations: Sequence[Sequence[Card]], tall: bool) -> None:
        """Draw the foundations: tall cards, or one row of small ones."""
        width = max(self.size.width, 40)
        if tall:
            self.update(foundations_block(foundations, width).text())
        else:
            self.update(foundations_text(foundations, width))

    def on_click(self, event: Click) -> None:
        """Say that the foundations were clicked."""
        self.post_message(Clicked(Spot("foundations"), event.chain))


class Opponents(Static):
    """Every opponent's layout in one line each, under a header."""

    def show(self, seats: Sequence[SeatView], names: Sequence[str]) -> None:
        """Draw the opponents (every seat but yours)."""
        lines = [opponent_line(sv, names[sv.seat]) for sv in seats[1:]]
        header = Text(OPPONENTS_HEADER, style="dim")
        self.update(Text("\n").join([header, *lines]) if lines else Text("practice: no opponent"))


class ScoreBoard(Static):
    """Every seat's score in this hand and in the match."""

    def show(self, names: Sequence[str], hand: Sequence[int], totals: Sequence[int]) -> None:
        """Draw the scores."""
        rows = [f"{'score':<9}{'hand':>5}{'match':>7}"]
        rows += [
            f"{name[:9]:<9}{x:>5}{t:>7}" for name, x, t in zip(names, hand, totals, strict=True)
        ]
        text = Text("\n".join(rows))
        text.stylize("dim", 0, len(rows[0]))
        self.update(text)


class MovePanel(Static):
    """The numbered move list: every legal move after a letter that keeps its meaning."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Move] = []

    def show(self, slots: Sequence[Move | None], empty: str = "no move: wait for the bots") -> None:
        """Draw the moves in their slots (a hole is a move that went away), or ``empty``."""
        self.lines = [m for m in slots[: len(MOVE_KEYS)] if m is not None]
        rows = [f"{k} {move_words(m)}" for k, m in zip(MOVE_KEYS, slots, strict=False) if m]
        if len(slots) > len(MOVE_KEYS):
            rows.append(f"... {len(slots) - len(MOVE_KEYS)} more")
        text = Text("\n".join(rows) if rows else empty)
        for start, end, style in card_styles(text.plain):
            text.stylize(style, start, end)
        self.update(text)

    def on_click(self, event: Click) -> None:
        """Say which move was clicked."""
        if 0 <= event.y < len(self.lines):
            self.post_message(MoveClicked(self.lines[event.y]))
