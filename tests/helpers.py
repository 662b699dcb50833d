"""Build positions for tests from a few lines of card codes (via NFEN, so they are validated)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import pytest

import nertslib as nl
from nertslib.cards import CARDS, DECK_SPAN


def _codes(text: str) -> list[str]:
    return [c for c in text.replace(" ", ".").split(".") if c]


def position(
    variant: nl.Variant | str = "standard",
    seats: int = 1,
    *,
    nerts: Mapping[int, str] | None = None,
    work: Mapping[int, Sequence[str]] | None = None,
    waste: Mapping[int, str] | None = None,
    stock: Mapping[int, str] | None = None,
    foundations: Sequence[str] = (),
    passes: Mapping[int, int] | None = None,
    tail: str = "play r0 s0",
) -> nl.GameState:
    """A position: name the cards you care about; every other card goes to the stock.

    Piles are written bottom first, cards separated by '.' or spaces; in the Klondike layout a
    work pile's face-down cards come first, then '~' ("9H.3S~KD"). Foundation cards carry
    their owner's seat digit ("AH0.2H1"). Cards given in ``stock`` lie on top of the stock (the
    last one is the next card turned); the rest of the deck lies below them.
    """
    v = nl.variants.get(variant) if isinstance(variant, str) else variant
    nwork = v.work_pile_count(seats)
    used: dict[int, set[str]] = {s: set() for s in range(seats)}
    for pile in foundations:
        for item in _codes(pile):
            used[int(item[-1])].add(item[:-1].partition("=")[0])  # a declared joker X1=6H
    seat_tokens = []
    for seat in range(seats):
        n_codes = _codes((nerts or {}).get(seat, ""))
        w_piles = list((work or {}).get(seat, []))
        w_piles += [""] * (nwork - len(w_piles))
        # "9H.3S~KD": face-down 9H and 3S under a face-up KD (the Klondike layout)
        w_down = [_codes(p.partition("~")[0]) if "~" in p else [] for p in w_piles]
        w_codes = [_codes(p.partition("~")[2] if "~" in p else p) for p in w_piles]
        ws_codes = _codes((waste or {}).get(seat, ""))
        st_codes = _codes((stock or {}).get(seat, ""))
        named = set(n_codes) | {c for p in w_codes for c in p} | set(ws_codes) | set(st_codes)
        named |= {c for p in w_down for c in p}
        named |= used[seat]
        rest = [
            CARDS[seat * DECK_SPAN + i].code
            for i in range(52 + v.jokers_per_deck)
            if CARDS[seat * DECK_SPAN + i].code not in named
        ]
        stock_codes = rest + st_codes

        def fmt(codes: list[str]) -> str:
            return ".".join(codes) or "-"

        work_fields = [
            f"{fmt(d)}~{fmt(p)}" if d else fmt(p) for d, p in zip(w_down, w_codes, strict=True)
        ]
        fields = [fmt(n_codes), *work_fields, fmt(stock_codes), fmt(ws_codes)]
        fields.append(str((passes or {}).get(seat, 0)))
        seat_tokens.append("|".join(fields))
    fnd = "/".join(".".join(_codes(p)) for p in foundations) or "-"
    return nl.GameState.from_nfen(" ".join([v.to_spec(), fnd, *seat_tokens, tail]))


def move(text: str) -> nl.Move:
    """Shorthand for :meth:`nl.Move.parse`."""
    return nl.Move.parse(text)


def moves_text(state: nl.GameState, seat: int) -> list[str]:
    """The legal moves of ``seat`` as notation strings."""
    return [str(m) for m in nl.legal_moves(state, seat)]


def count_calls(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> list[int]:
    """Replace ``module.name`` for the test by a wrapper that counts its calls.

    Returns the count as a list (one entry per call, so that ``clear()`` starts it again): the
    scenario tests of the stuck searches count the configurations a search took this way.
    """
    inner: Callable[..., Any] = getattr(module, name)
    calls: list[int] = []

    def counted(*args: Any) -> Any:
        calls.append(1)
        return inner(*args)

    monkeypatch.setattr(module, name, counted)
    return calls
