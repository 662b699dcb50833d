"""The areas of the ``nerts play`` table, drawn from the person's view.

Your layout (large), the foundations, and one line per opponent.

>>> import nertslib as nl
>>> from nertslib.cli.table_draw import own_block, opponent_line
>>> mine = nl.view(nl.deal("standard", seats=2, seed=29), 0)
>>> print(own_block(mine.seats[0], tall=False, pick=None).text())
n Nerts 13 2♠    Stock 35 ▒▒▒    w Waste 0 [   ]
1 Q♣
2 3♥
3 7♦
4 A♠
>>> str(opponent_line(mine.seats[1], "seat 1 (greedy)"))
'seat 1 (greedy)   13 7♠   [   ]   3♦  2♠  J♣  A♠ '
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text

from nertslib.cards import Card
from nertslib.views import SeatView

from .cards import (
    BACK_STYLE,
    Block,
    Spot,
    above,
    beside,
    card_block,
    card_label,
    face_style,
    fan,
    words_block,
)

__all__ = [
    "NAME_WIDTH",
    "OPPONENTS_HEADER",
    "foundations_block",
    "foundations_text",
    "opponent_line",
    "own_block",
    "tall_height",
]

#: What the foundations area says before the first Ace.
NO_FOUNDATION: Final = "Foundations: none yet (an Ace starts one)"
#: The width of an opponent's name (a longer bot spec is cut).
NAME_WIDTH: Final = 16


def tall_height(piles: int, top: bool = True) -> int:
    """Rows your layout takes with tall work piles (three rows each).

    The top row (the Nerts pile, stock and waste) takes four rows when ``top`` is tall (a label
    line and a card), else one.
    """
    return (4 if top else 1) + 3 * piles


def _whole(block: Block, spot: Spot) -> Block:
    """``block`` where a click anywhere means ``spot`` (one place, whichever card)."""
    return Block(block.lines, [(0, 0, block.width, len(block.lines), spot)])


def _picked(pick: Spot | None, spot: Spot, cards: Sequence[Card]) -> int | None:
    """From which face-up card on ``cards`` are drawn picked, if ``pick`` is this place."""
    if pick is None or (pick.place, pick.index) != (spot.place, spot.index) or not cards:
        return None
    if pick.card is not None and pick.card in cards:
        return list(cards).index(pick.card)
    return len(cards) - 1


def _top_row(sv: SeatView, tall: bool, pick: Spot | None) -> Block:
    nerts, stock, waste = Spot("nerts"), Spot("stock"), Spot("waste")
    top = [sv.nerts_top] if sv.nerts_top is not None else []
    shown = sv.visible_waste[-3:]
    back = card_block(None, tall, stock, back=sv.stock_size > 0)
    p_nerts, p_waste = _picked(pick, nerts, top), _picked(pick, waste, shown)
    places = [
        (f"n Nerts {sv.nerts_size}", nerts, fan(top, 0, tall, nerts, picked_from=p_nerts)),
        (f"{'space ' if tall else ''}Stock {sv.stock_size}", stock, back),
        (f"w Waste {sv.waste_size}", waste, fan(shown, 0, tall, waste, picked_from=p_waste)),
    ]
    if tall:
        columns = [above([words_block(label, spot), _whole(b, spot)]) for label, spot, b in places]
        return beside(columns, gap=4)
    return beside([beside([words_block(label, s), _whole(b, s)], 1) for label, s, b in places], 2)


def own_block(
    sv: SeatView, tall: bool, pick: Spot | None, *, tall_piles: bool | None = None
) -> Block:
    """Your layout: Nerts pile with its count, stock, waste, then the work piles fanned.

    ``tall`` draws the Nerts pile, stock and waste as tall cards, ``tall_piles`` (default:
    ``tall``) the work piles.
    """
    rows = [_top_row(sv, tall, pick)]
    tall = tall if tall_piles is None else tall_piles
    for i, (pile, down) in enumerate(zip(sv.work_piles, sv.face_down_counts, strict=True)):
        spot = Spot("pile", i)
        cards = fan(pile, down, tall, spot, picked_from=_picked(pick, spot, pile))
        if not pile and not down:
            cards = card_block(None, tall, spot, empty="")
        label = words_block(Text(f"{i + 1}", style="bold"), spot)
        if tall:
            label = above([words_block(""), label])
        rows.append(beside([label, cards], gap=1))
    return above(rows)


def _tile(card: Card | None) -> Text:
    """A card in one row, as the opponents' lines and the foundations show it."""
    if card is None:
        return Text("[ ]", style="dim")
    return Text(f"{card_label(card):<3}", style=face_style(card))


#: The header above the opponents' lines (:func:`opponent_line` keeps to its columns).
OPPONENTS_HEADER: Final = f"{'opponent':<{NAME_WIDTH}}  Nerts   waste  work piles"


def opponent_line(sv: SeatView, name: str) -> Text:
    """One opponent, small: its Nerts count and top, its waste top, its work piles' tops."""
    line = Text(f"{name[:NAME_WIDTH]:<{NAME_WIDTH}}  {sv.nerts_size:>2} ")
    line.append_text(_tile(sv.nerts_top)).append("  ").append_text(_tile(sv.waste_top))
    line.append("  ")
    for pile, down in zip(sv.work_piles, sv.face_down_counts, strict=True):
        line.append(" ")
        if down:
            line.append("▒", style=BACK_STYLE)
        line.append_text(_tile(pile[-1]) if pile else Text("·  ", style="dim"))
    return line


def foundations_text(foundations: Sequence[Sequence[Card]], width: int) -> Text:
    """Every foundation's top card after its number (F1, F2, ...), wrapped to ``width``.

    >>> import nertslib as nl
    >>> from nertslib.cli.table_draw import foundations_text
    >>> str(foundations_text([], 80))
    'Foundations: none yet (an Ace starts one)'
    >>> str(foundations_text([[nl.Card.parse("AS")], [nl.Card.parse("2H", owner=1)]], 80))
    'Foundations F1 A♠  F2 2♥ '
    """
    if not foundations:
        return Text(NO_FOUNDATION, style="dim")
    out = Text("Foundations")
    column = out.cell_len
    for k, pile in enumerate(foundations):
        item = Text(f" F{k + 1} ", style="dim").append_text(_tile(pile[-1] if pile else None))
        if column + item.cell_len > width:
            out.append("\n" + " " * len("Foundations"))
            column = len("Foundations")
        out.append_text(item)
        column += item.cell_len
    return out


def foundations_block(foundations: Sequence[Sequence[Card]], width: int) -> Block:
    """Every foundation's top card as a tall card under its number, in rows of ``width``.

    >>> import nertslib as nl
    >>> from nertslib.cli.table_draw import foundations_block
    >>> print(foundations_block([[nl.Card.parse("AS")], [nl.Card.parse("2H")]], 80).text())
    F1     F2
    ╭───╮  ╭───╮
    │A♠ │  │2♥ │
    ╰───╯  ╰───╯
    """
    if not foundations:
        return words_block(Text(NO_FOUNDATION, style="dim"))
    cards = []
    for k, pile in enumerate(foundations):
        label = words_block(Text(f"F{k + 1}", style="dim"))
        cards.append(above([label, card_block(pile[-1] if pile else None, True, None)]))
    per_row = max(1, (width + 2) // 7)
    rows = [beside(cards[i : i + per_row], gap=2) for i in range(0, len(cards), per_row)]
    return above(rows)
