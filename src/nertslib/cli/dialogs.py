"""The boxes that ``nerts play`` puts over the table: help, quit?, hand over, match over.

Each is a Textual ``ModalScreen`` that takes every key while it is shown and closes with
what the person chose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from .controls import KEYS
from .show import card_styles

__all__ = ["ConfirmQuit", "HandOver", "HelpScreen"]

BOX_CSS = """
{name} {{ align: center middle; }}
{name} > Static {{
    width: auto; max-width: 90%; height: auto; padding: 1 2;
    border: thick $accent; background: $panel;
}}
"""


def _styled(lines: Sequence[str]) -> Text:
    text = Text("\n".join(lines))
    for start, end, style in card_styles(text.plain):
        text.stylize(style, start, end)
    return text


class HelpScreen(ModalScreen[None]):
    """Every key of the table; any key closes it."""

    DEFAULT_CSS = BOX_CSS.format(name="HelpScreen")

    def compose(self) -> ComposeResult:
        """The keys in two columns."""
        width = max(len(key) for key, _ in KEYS)
        lines = ["Keys of the table (any key closes this)", ""]
        lines += [f"{key:>{width}}  {what}" for key, what in KEYS]
        yield Static(_styled(lines))

    def on_key(self, event: Key) -> None:
        """Close."""
        event.stop()
        self.dismiss(None)


class ConfirmQuit(ModalScreen[bool]):
    """Quit the match? ``y`` (or ``q``, Enter) says yes, ``n`` (or Esc) no."""

    DEFAULT_CSS = BOX_CSS.format(name="ConfirmQuit")
    YES: ClassVar[frozenset[str]] = frozenset({"y", "q", "enter", "ctrl+c", "ctrl+q"})
    NO: ClassVar[frozenset[str]] = frozenset({"n", "escape"})

    def compose(self) -> ComposeResult:
        """The question."""
        yield Static(
            "Quit the match and print its summary?\n\n"
            "y (or Enter): quit    n (or Esc): back to the table"
        )

    def on_key(self, event: Key) -> None:
        """Yes or no; other keys are ignored."""
        event.stop()
        if event.key in self.YES:
            self.dismiss(True)
        elif event.key in self.NO:
            self.dismiss(False)


class HandOver(ModalScreen[str]):
    """The end of a hand: how it ended and the scores; the next hand (or quit) from here.

    Closes with ``"next"`` (Enter or ``n``; only while the match goes on), ``"quit"`` (``q``)
    or ``"look"`` (``t``, Esc: look at the table; Enter there brings this back).
    """

    DEFAULT_CSS = BOX_CSS.format(name="HandOver")

    def __init__(self, title: str, lines: Sequence[str], match_over: bool) -> None:
        super().__init__()
        self.title_line = title
        self.lines = list(lines)
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        """The title, the scores and the choices."""
        if self.match_over:
            keys = "Enter or q: quit and print the summary    t: look at the table"
        else:
            keys = "Enter or n: next hand    t: look at the table    q: quit"
        yield Static(_styled([self.title_line, "", *self.lines, "", keys]))

    def on_key(self, event: Key) -> None:
        """Next hand, quit or look; other keys are ignored."""
        event.stop()
        key = event.key
        if key in ("enter", "n") and not self.match_over:
            self.dismiss("next")
        elif key in ("q", "ctrl+c") or (key == "enter" and self.match_over):
            self.dismiss("quit")
        elif key in ("t", "escape"):
            self.dismiss("look")
