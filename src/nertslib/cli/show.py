"""Text and colour helpers shared by the ``nerts`` commands (rich is imported by callers).

>>> from nertslib.cli.show import card_styles
>>> card_styles("7♥ on 8♠")
[(0, 2, 'red'), (6, 8, 'bold')]
"""

from __future__ import annotations

import io
import re
from typing import Final

import click
from rich.console import Console

from nertslib.moves import Move

__all__ = ["RESOLVE_WORDS", "card_styles", "event_words", "page", "send"]

RESOLVE_WORDS: Final = "every seat is stuck: the stuck rule is applied"
_RED: Final = re.compile(r"(?:10|[2-9AJQK])[♥♦]|🃏[12]=(?:10|[2-9AJQK])[♥♦]")
_BLACK: Final = re.compile(r"(?:10|[2-9AJQK])[♠♣]|🃏[12]=(?:10|[2-9AJQK])[♠♣]")


def card_styles(text: str) -> list[tuple[int, int, str]]:
    """Spans of ``text`` that are cards, with a style: red suits red, black suits bold."""
    spans = [(m.start(), m.end(), "red") for m in _RED.finditer(text)]
    spans += [(m.start(), m.end(), "bold") for m in _BLACK.finditer(text)]
    return sorted(spans)


def event_words(move: Move | None) -> str:
    """A logged action in words (``None`` is a stalemate resolution)."""
    return RESOLVE_WORDS if move is None else move.describe()


def page() -> Console:
    """A console that writes to memory, styled as stdout would be (colour only on a terminal).

    Hand it to :func:`send` when done: rich pads table and grid lines to their width, and
    :func:`send` trims that padding so that piped output has no trailing blanks.
    """
    real = Console()
    return Console(
        file=io.StringIO(),
        width=real.width,
        force_terminal=real.is_terminal,
        color_system="auto" if real.is_terminal else None,
        no_color=real.no_color,
        highlight=False,
    )


def send(console: Console) -> None:
    """Write what ``console`` (from :func:`page`) holds to stdout, lines trimmed on the right.

    >>> from nertslib.cli.show import page, send
    >>> out = page()
    >>> out.print("a line   ")
    >>> send(out)
    a line
    """
    buf = console.file
    assert isinstance(buf, io.StringIO)
    click.echo("\n".join(line.rstrip() for line in buf.getvalue().splitlines()))
