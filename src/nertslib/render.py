"""Plain-text pictures of positions for people (``str(state)``) and result tables.

This module reads positions only through their public fields, and knows the state classes
only as types: :mod:`nertslib.state` draws its ``str`` with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nertslib.cards import CARDS, FACE, KEY
from nertslib.notation import bound_text

if TYPE_CHECKING:
    from nertslib.state import EndReason, GameState
    from nertslib.variants import Variant

__all__ = ["picture_head", "render_state", "status_text", "table"]


def _pile(ids: tuple[int, ...], bound: tuple[int, ...] = ()) -> str:
    """A pile's faces; a bound joker shows its fixed colour and rank, ``🃏1(r9)``."""
    if not ids:
        return "·"
    return " ".join(
        f"{CARDS[c]}({bound_text(bound[FACE[c] - 52])})"
        if bound and KEY[c] < 0 and bound[FACE[c] - 52] >= 0
        else str(CARDS[c])
        for c in ids
    )


def status_text(status: EndReason | None, caller: int) -> str:
    """How a picture states where the hand is: ``in play`` or how it ended.

    >>> from nertslib.render import status_text
    >>> status_text(None, -1)
    'in play'
    """
    if status is None:
        return "in play"
    if status.value == "nerts":  # EndReason.NERTS, told by value: render does not import state
        return f"over: seat {caller} called Nerts"
    return "over: stalemate"


def picture_head(
    variant: Variant,
    n: int,
    status: EndReason | None,
    caller: int,
    fnd: tuple[tuple[int, ...], ...],
    suffix: str = "",
) -> list[str]:
    """The first two lines of a picture, shared by positions and views.

    The rules, the seat count and the status (then ``suffix``), and the foundation tops.
    """
    seats = f"{n} seat{'s' if n != 1 else ''}"
    head = f"{variant.to_spec()} · {seats} · {status_text(status, caller)}"
    if fnd:
        tops = "  ".join(f"F{k}:{CARDS[p[-1]]}" for k, p in enumerate(fnd))
        return [head + suffix, f"foundations: {tops}"]
    return [head + suffix, "foundations: none"]


def render_state(state: GameState) -> str:
    """The human picture of a position: foundation tops, then one line per seat.

    The Nerts pile shows its size and top; face-down work cards (Klondike layout) show
    as ``##``. ``str(state)`` is this picture.

    >>> import nertslib as nl
    >>> print(nl.deal("standard", seats=1, seed=3))  # doctest: +ELLIPSIS
    standard · 1 seat · in play
    foundations: none
    seat 0  Nerts 13 [...]  work ... | ... | ... | ...  stock 35  waste ·
    """
    lines = picture_head(state.variant, len(state.layouts), state.status, state.caller, state.fnd)
    for lay in state.layouts:
        top = f"[{CARDS[lay.nerts[-1]]}]" if lay.nerts else "[empty]"
        work = " | ".join(
            f"{'## ' * len(lay.down[i]) if lay.down else ''}{_pile(p, lay.bound)}"
            for i, p in enumerate(lay.work)
        )
        waste = str(CARDS[lay.deck[lay.cursor - 1]]) if lay.cursor else "·"
        lines.append(
            f"seat {lay.seat}  Nerts {len(lay.nerts)} {top}  work {work}  "
            f"stock {len(lay.deck) - lay.cursor}  waste {waste}"
        )
    return "\n".join(lines)


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned text table (numbers right-aligned).

    >>> from nertslib.render import table
    >>> print(table(["seat", "score"], [[0, 12], [1, -4]]))
    seat  score
    ----  -----
       0     12
       1     -4
    """
    cells = [[str(h) for h in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    numeric = [all(isinstance(row[i], int) for row in rows) for i in range(len(header))]

    def fmt(row: list[str]) -> str:
        parts = [
            cell.rjust(w) if num else cell.ljust(w)
            for cell, w, num in zip(row, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    lines = [fmt(cells[0]), "  ".join("-" * w for w in widths)]
    lines.extend(fmt(r) for r in cells[1:])
    return "\n".join(lines)
