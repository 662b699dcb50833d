"""The rules as implemented, in sentences that follow a variant's knobs (``nerts rules``).

Plain text only: the command colours it. Every sentence reads the variant's fields, so the
text changes with house rules.

>>> import nertslib as nl
>>> from nertslib.cli.rules_text import rules_sections
>>> sections = dict(rules_sections(nl.Variant(stock_turn=1), seats=2))
>>> sections["Stock and waste"][0]
'Turn 1 card at a time from the stock onto the waste; only the waste top is playable.'
"""

from __future__ import annotations

import attrs

from nertslib import knobs
from nertslib.variants import Variant, get

__all__ = ["knob_rows", "rules_sections"]


def _deal(v: Variant, seats: int) -> list[str]:
    piles = v.work_pile_count(seats)
    nerts = v.nerts_pile_size
    work = knobs.WORK_PILE_LAYOUT.text(v.work_pile_layout).format(piles=piles)
    dealt = piles * (piles + 1) // 2 if v.work_pile_layout == "klondike" else piles
    jokers = f" and {v.jokers_per_deck} joker(s)" if v.jokers_per_deck else ""
    seen = "face up" if v.nerts_pile_face_up else "face down but the top card"
    return [
        f"{seats} seat(s), each with its own 52-card deck{jokers}; play is simultaneous, "
        "with no turns.",
        f"Each seat deals {work}, then a Nerts pile of {nerts} cards ({seen}); the other "
        f"{52 + v.jokers_per_deck - dealt - nerts} cards are the stock.",
    ]


def _work(v: Variant) -> list[str]:
    moves = knobs.WORK_PILE_MOVE.text(v.work_pile_move)
    fill = knobs.SPACE_FILL.text(v.space_fill)
    lines = [
        f"Work piles build down by one in alternating colours; {moves}.",
        f"An empty work pile may take {fill}.",
    ]
    if v.space_fill_mandatory:
        lines.append("While a space is empty, the Nerts top must fill it before other plays.")
    lines.append(knobs.SLIDE_UNDER.text(v.slide_under))
    return lines


def _foundations(v: Variant, seats: int) -> list[str]:
    build = knobs.FOUNDATION_BUILD.text(v.foundation_rule(seats))
    limit = knobs.FOUNDATION_LIMIT.text(v.foundation_limit)
    tie = knobs.TIE_POLICY.text(v.tie_policy)
    return [
        f"Foundations are shared: an Ace starts one ({limit}); they build up A to K {build}.",
        f"The first card to arrive wins a race, the later one is too late; in a tie {tie}.",
    ]


def _stock(v: Variant) -> list[str]:
    turn = v.stock_turn
    lines = [
        f"Turn {turn} card{'s' if turn != 1 else ''} at a time from the stock onto the waste; "
        "only the waste top is playable."
    ]
    if turn > 1:
        lines.append(knobs.STOCK_REMAINDER.text(v.stock_remainder))
    passes = v.max_stock_passes
    limit = "as often as you like" if passes is None else f"at most {passes} time(s)"
    lines.append(f"An empty stock is restocked by turning the waste over, {limit}.")
    access = knobs.STOCK_ACCESS.text(v.stock_access)
    return [*lines, access] if access else lines


def _stuck(v: Variant) -> list[str]:
    what = knobs.STUCK_RESOLUTION.text(v.stuck_resolution)
    return [
        "A seat is stuck when no play to a foundation, of its Nerts top or of its waste top is "
        "possible however it turns its stock; a stuck seat may move its top stock card to "
        "the bottom.",
        f"When every seat is stuck, {what}; stuck again, the hand ends.",
    ]


def _scoring(v: Variant) -> list[str]:
    lines = [
        knobs.CALL_MODE.text(v.call_mode),
        f"Each own card on the foundations scores {v.foundation_points:+d}; each card left in "
        f"the Nerts pile scores {-v.nerts_penalty:+d}.",
    ]
    if v.caller_bonus:
        lines.append(f"The seat that ends the hand scores {v.caller_bonus:+d} more.")
    if v.king_bonus:
        lines.append(f"Each own King on the foundations scores {v.king_bonus:+d} more.")
    if v.teams:
        lines.append(f"Teams score together: {v.teams!r}.")
    lines.append(f"A match ends when a seat reaches {v.target_score}; the highest total wins.")
    return lines


def rules_sections(variant: Variant, seats: int = 4) -> list[tuple[str, list[str]]]:
    """The rules of ``variant`` for ``seats`` seats, as (heading, sentences) pairs."""
    sections = [
        ("Seats and deal", _deal(variant, seats)),
        ("Work piles", _work(variant)),
        ("Foundations", _foundations(variant, seats)),
        ("Stock and waste", _stock(variant)),
        ("Stuck", _stuck(variant)),
        ("End and scoring", _scoring(variant)),
    ]
    if variant.jokers_per_deck:
        binding = knobs.JOKER_BINDING.text(variant.joker_binding)
        sections.append(
            (
                "Jokers",
                [
                    "A joker stands for the card its neighbours force, and keeps that rank "
                    f"and colour {binding}; it is declared before it goes to a foundation."
                ],
            )
        )
    return sections


def knob_rows(variant: Variant) -> list[tuple[str, str, str, bool]]:
    """Every knob as (name, value, standard value, differs from standard).

    >>> import nertslib as nl
    >>> from nertslib.cli.rules_text import knob_rows
    >>> [row for row in knob_rows(nl.Variant(stock_turn=1)) if row[3]]
    [('stock_turn', '1', '3', True)]
    """
    base = get("standard")
    rows = []
    for field in attrs.fields(Variant):
        value, default = getattr(variant, field.name), getattr(base, field.name)
        rows.append((field.name, _text(value), _text(default), value != default))
    return rows


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
