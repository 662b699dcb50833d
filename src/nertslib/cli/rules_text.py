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

from nertslib.variants import Variant, get

__all__ = ["knob_rows", "rules_sections"]


def _deal(v: Variant, seats: int) -> list[str]:
    piles = v.work_pile_count(seats)
    nerts = v.nerts_pile_size
    if v.work_pile_layout == "klondike":
        work = f"{piles} Klondike work piles (pile i gets i + 1 cards, face down but the top)"
        dealt = piles * (piles + 1) // 2
    else:
        work, dealt = f"{piles} work piles of one face-up card", piles
    jokers = f" and {v.jokers_per_deck} joker(s)" if v.jokers_per_deck else ""
    seen = "face up" if v.nerts_pile_face_up else "face down but the top card"
    return [
        f"{seats} seat(s), each with its own 52-card deck{jokers}; play is simultaneous, "
        "with no turns.",
        f"Each seat deals {work}, then a Nerts pile of {nerts} cards ({seen}); the other "
        f"{52 + v.jokers_per_deck - dealt - nerts} cards are the stock.",
    ]


def _work(v: Variant) -> list[str]:
    moves = {
        "any_suffix": "any card of a work pile may move with every card above it",
        "top_card": "only single top cards move between work piles",
        "whole_pile": "a work pile's top card, or the whole pile, may move",
    }[v.work_pile_move]
    fill = {
        "any": "any card (Nerts top, waste top or work cards)",
        "nerts_only": "only the Nerts top",
        "king_only": "only a King",
    }[v.space_fill]
    lines = [
        f"Work piles build down by one in alternating colours; {moves}.",
        f"An empty work pile may take {fill}.",
    ]
    if v.space_fill_mandatory:
        lines.append("While a space is empty, the Nerts top must fill it before other plays.")
    slide = {
        "off": "No card slides under a work pile.",
        "needs_space": "While a work pile is empty, a card one higher and of the other colour "
        "than a pile's base may slide under it.",
        "always": "A card one higher and of the other colour than a pile's base may always "
        "slide under it.",
    }[v.slide_under]
    lines.append(slide)
    return lines


def _foundations(v: Variant, seats: int) -> list[str]:
    build = {
        "same_suit": "in the same suit",
        "alt_colour": "in alternating colours",
        "any_suit": "in any suit",
    }[v.foundation_rule(seats)]
    limit = (
        "one foundation per suit"
        if v.foundation_limit == "one_per_suit"
        else "as many foundations as Aces"
    )
    tie = (
        "equal cards submitted together both stay"
        if v.tie_policy == "both_keep"
        else "the first card wins"
    )
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
        lines.append(
            "Fewer cards left than a turn: they go onto the waste and the waste turns over at once."
            if v.stock_remainder == "flip_immediately"
            else "Fewer cards left than a turn: they are turned like a normal turn."
        )
    passes = v.max_stock_passes
    limit = "as often as you like" if passes is None else f"at most {passes} time(s)"
    lines.append(f"An empty stock is restocked by turning the waste over, {limit}.")
    if v.stock_access == "when_blocked":
        lines.append("The stock may be used only when no foundation, Nerts or waste play is left.")
    return lines


def _stuck(v: Variant) -> list[str]:
    what = {
        "restock": "every seat puts its remaining stock onto its waste and turns the waste "
        "over into a new stock",
        "rotate_one": "every seat turns its waste into its stock and moves the top card to "
        "the bottom",
        "shuffle": "every stock is shuffled",
        "end_hand": "the hand ends",
    }[v.stuck_resolution]
    return [
        "A seat is stuck when no play to a foundation, of its Nerts top or of its waste top is "
        "possible however it turns its stock; a stuck seat may move its top stock card to "
        "the bottom.",
        f"When every seat is stuck, {what}; stuck again, the hand ends.",
    ]


def _scoring(v: Variant) -> list[str]:
    call = (
        "The hand ends the moment a Nerts pile is empty."
        if v.call_mode == "auto"
        else "A seat with an empty Nerts pile may call Nerts! and end the hand."
    )
    lines = [
        call,
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
        binding = "for good" if variant.joker_binding == "permanent" else "while covered"
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
