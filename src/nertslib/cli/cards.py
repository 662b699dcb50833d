"""Cards drawn as cards for ``nerts play``: faces, backs, empty places and fanned piles.

A drawing is a :class:`Block`: lines of rich ``Text`` and the rectangles that a click may
mean (each a :class:`Spot`: the Nerts pile, the waste, the stock, a card of a work pile, the
foundations). Blocks are put side by side with :func:`beside` and one above the other with
:func:`above`; the hit rectangles move with them, so a screen knows which card was clicked.

Cards are *tall* (three rows, a boxed face) when the screen has room, else one row. A pile is
fanned to the right: every card shows its corner, the top card is whole.

>>> import nertslib as nl
>>> from nertslib.cli.cards import Spot, fan
>>> hearts = [nl.Card.parse(c) for c in ("KS", "QH", "JS")]
>>> for line in fan(hearts, 1, True, Spot("pile", 0)).lines:
...     print(line)
╭───╭───╭───╭───╮
│▒▒▒│K♠ │Q♥ │J♠ │
╰───╰───╰───╰───╯
>>> fan(hearts, 0, False, Spot("pile", 0)).hit(5, 0)
Spot(place='pile', index=0, card=Card.parse('QH', owner=0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs
from rich.text import Text

from nertslib.cards import Card

__all__ = [
    "BACK_STYLE",
    "Block",
    "Spot",
    "above",
    "beside",
    "card_block",
    "card_label",
    "face_style",
    "fan",
    "words_block",
]

#: The style of a card's back (face-down Nerts, stock and work cards).
BACK_STYLE: Final = "#e8e8f0 on #2a4d9b"
#: The style of a picked card (the source of the next move).
PICKED_STYLE: Final = "bold #000000 on #ffd75f"
#: The style of an empty place.
EMPTY_STYLE: Final = "dim"


@attrs.frozen
class Spot:
    """A place a click may mean.

    ``place`` is ``nerts``, ``waste``, ``stock``, ``pile`` (with its ``index`` and the
    clicked ``card``) or ``foundations``.

    >>> from nertslib.cli.cards import Spot
    >>> Spot("pile", 2).index
    2
    """

    place: str
    index: int = 0
    card: Card | None = None


@attrs.define
class Block:
    """Lines of text and the rectangles ``(x0, y0, x1, y1, spot)`` a click may mean.

    >>> from nertslib.cli.cards import Spot, words_block
    >>> block = words_block("Stock", Spot("stock"))
    >>> block.width, block.hit(0, 0), block.hit(9, 0)
    (5, Spot(place='stock', index=0, card=None), None)
    """

    lines: list[Text]
    hits: list[tuple[int, int, int, int, Spot]] = attrs.field(factory=list)

    @property
    def width(self) -> int:
        """The widest line's cell width."""
        return max((line.cell_len for line in self.lines), default=0)

    def hit(self, x: int, y: int) -> Spot | None:
        """The spot drawn at column ``x``, row ``y`` (the last drawn wins), if any."""
        found = None
        for x0, y0, x1, y1, spot in self.hits:
            if x0 <= x < x1 and y0 <= y < y1:
                found = spot
        return found

    def text(self) -> Text:
        """The lines as one ``Text``."""
        return Text("\n").join(self.lines)


def card_label(card: Card) -> str:
    """A card's corner: ``7♥``, ``10♠``; a joker ``X1``, or its declared card (``6♥``)."""
    if card.suit is None:
        return f"X{card.joker}"
    return str(card).partition("=")[2] or str(card)


def face_style(card: Card) -> str:
    """Red suits red, black suits black, on a white face; a declared joker underlined."""
    colour = "#c8102e" if card.is_red else "#101010"
    return f"bold {colour} on #fbfbf6" + (" underline" if card.joker else "")


def words_block(words: str | Text, spot: Spot | None = None) -> Block:
    """One line of words; clicking it means ``spot``."""
    line = words if isinstance(words, Text) else Text(words)
    hits = [(0, 0, line.cell_len, 1, spot)] if spot is not None else []
    return Block([line], hits)


def _corner(card: Card | None, picked: bool) -> tuple[str, str]:
    """A card's corner text (3 cells) and style; ``None`` is a face-down card."""
    if card is None:
        return "▒▒▒", BACK_STYLE
    style = PICKED_STYLE if picked else face_style(card)
    return f"{card_label(card):<3}", style


def card_block(
    card: Card | None, tall: bool, spot: Spot | None, *, back: bool = False, empty: str = ""
) -> Block:
    """One card: its face, its back (``back=True``) or, for ``card=None``, an empty place."""
    if card is None and not back:
        return _empty(tall, spot, empty)
    return fan([] if card is None else [card], 1 if back else 0, tall, spot)


def _empty(tall: bool, spot: Spot | None, label: str) -> Block:
    inner = f"{label:^3}"[:3]
    rows = ["╭┄┄┄╮", f"┆{inner}┆", "╰┄┄┄╯"] if tall else [f"[{inner}]"]
    lines = [Text(row, style=EMPTY_STYLE) for row in rows]
    hits = [(0, 0, 5, len(rows), spot)] if spot is not None else []
    return Block(lines, hits)


def fan(
    cards: Sequence[Card],
    down: int,
    tall: bool,
    spot: Spot | None,
    *,
    picked_from: int | None = None,
) -> Block:
    """A pile fanned to the right: ``down`` backs, then ``cards`` (the last one whole).

    Clicking a face-up card means ``spot`` with that card; cards from index ``picked_from``
    on are drawn picked.
    """
    corners: list[Card | None] = [None] * down + list(cards)
    if not corners:
        return _empty(tall, spot, "")
    top, mid, bottom = Text(), Text(), Text()
    hits: list[tuple[int, int, int, int, Spot]] = []
    for i, card in enumerate(corners):
        face = i - down
        label, style = _corner(card, picked_from is not None and face >= picked_from)
        x = 4 * i
        if tall:
            top.append("╭───", style=_edge(style))
            mid.append("│", style=_edge(style)).append(label, style=style)
            bottom.append("╰───", style=_edge(style))
        else:
            mid.append(label + " ", style=style)
        if spot is not None:
            hits.append((x, 0, x + 4, 3 if tall else 1, attrs.evolve(spot, card=card)))
    if tall:
        last = _edge(_corner(corners[-1], picked_from is not None)[1])
        top.append("╮", style=last)
        mid.append("│", style=last)
        bottom.append("╯", style=last)
        return Block([top, mid, bottom], hits)
    return Block([mid], hits)


def _edge(style: str) -> str:
    """A card's edge: the face's background with a grey line."""
    return "#7a7a7a on " + style.rpartition(" on ")[2].split()[0]


def beside(blocks: Sequence[Block], gap: int = 2) -> Block:
    """Blocks side by side, top-aligned, ``gap`` cells apart."""
    height = max((len(b.lines) for b in blocks), default=0)
    lines = [Text() for _ in range(height)]
    hits: list[tuple[int, int, int, int, Spot]] = []
    x = 0
    for n, block in enumerate(blocks):
        width = block.width
        for y in range(height):
            line = block.lines[y] if y < len(block.lines) else Text()
            lines[y].append_text(line)
            pad = width - line.cell_len + (gap if n < len(blocks) - 1 else 0)
            lines[y].append(" " * pad)
        hits.extend((x0 + x, y0, x1 + x, y1, s) for x0, y0, x1, y1, s in block.hits)
        x += width + gap
    return Block(lines, hits)


def above(blocks: Sequence[Block]) -> Block:
    """Blocks one above the other, left-aligned."""
    lines: list[Text] = []
    hits: list[tuple[int, int, int, int, Spot]] = []
    for block in blocks:
        y = len(lines)
        hits.extend((x0, y0 + y, x1, y1 + y, s) for x0, y0, x1, y1, s in block.hits)
        lines.extend(block.lines)
    return Block(lines, hits)
