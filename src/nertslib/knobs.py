"""The choice knobs of a :class:`~nertslib.Variant`, each as one table: values, codes and prose.

Each knob is a ``Literal`` type (what :class:`~nertslib.Variant` accepts and mypy checks) and,
right under it, a :class:`Knob` built from it: the values in their order, whose index is the
int code the engine's ``Context`` reads, and one sentence (or phrase) per value that
``nerts rules`` prints. A new value goes into the ``Literal`` and gets its prose beside it; the
table refuses to be built if the two disagree.

>>> from nertslib.knobs import SPACE_FILL
>>> SPACE_FILL.values, SPACE_FILL.code("king_only")
(('any', 'nerts_only', 'king_only'), 2)
>>> SPACE_FILL.text("nerts_only")
'only the Nerts top'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Generic, Literal, TypeVar, get_args

__all__ = [
    "CALL_MODE",
    "FOUNDATION_BUILD",
    "FOUNDATION_LIMIT",
    "JOKER_BINDING",
    "KNOBS",
    "SLIDE_UNDER",
    "SPACE_FILL",
    "STOCK_ACCESS",
    "STOCK_REMAINDER",
    "STUCK_RESOLUTION",
    "TIE_POLICY",
    "WORK_PILE_LAYOUT",
    "WORK_PILE_MOVE",
    "BySeatCount",
    "CallMode",
    "FoundationBuild",
    "FoundationLimit",
    "JokerBinding",
    "Knob",
    "SlideUnder",
    "SpaceFill",
    "StockAccess",
    "StockRemainder",
    "StuckResolution",
    "TiePolicy",
    "WorkPileLayout",
    "WorkPileMove",
]

V = TypeVar("V", bound=str)


class Knob(Generic[V]):
    """One choice knob: its values in code order and a text for each.

    Built from the knob's ``Literal`` type and a mapping of every value to its text, in the
    ``Literal``'s order (a value missing, extra or out of order is refused at import).

    >>> from typing import Literal
    >>> from nertslib.knobs import Knob
    >>> Knob("call_mode", Literal["optional", "auto"], {"optional": "may call", "auto": "ends"})
    Knob('call_mode', ('optional', 'auto'))
    >>> Knob("call_mode", Literal["optional", "auto"], {"auto": "ends", "optional": "may call"})
    Traceback (most recent call last):
    ...
    ValueError: knob call_mode: the prose names ('auto', 'optional'), the Literal ('optional', 'auto')
    """  # noqa: E501 - a doctest line

    __slots__ = ("name", "prose", "values")

    def __init__(self, name: str, literal: Any, prose: Mapping[V, str]) -> None:
        self.name: Final = name
        self.values: Final[tuple[V, ...]] = get_args(literal)
        if tuple(prose) != self.values:
            msg = f"knob {name}: the prose names {tuple(prose)}, the Literal {self.values}"
            raise ValueError(msg)
        self.prose: Final[Mapping[V, str]] = dict(prose)

    def __repr__(self) -> str:
        return f"Knob({self.name!r}, {self.values!r})"

    def code(self, value: V) -> int:
        """The int code of ``value``: its index in the knob's values.

        >>> from nertslib.knobs import SLIDE_UNDER
        >>> SLIDE_UNDER.code("off"), SLIDE_UNDER.code("always")
        (0, 2)
        """
        return self.values.index(value)

    def text(self, value: V) -> str:
        """The prose of ``value`` (``""`` where ``nerts rules`` says nothing of it).

        >>> from nertslib.knobs import STUCK_RESOLUTION
        >>> STUCK_RESOLUTION.text("end_hand")
        'the hand ends'
        """
        return self.prose[value]


WorkPileLayout = Literal["single", "klondike"]
WORK_PILE_LAYOUT: Final = Knob[WorkPileLayout](
    "work_pile_layout",
    WorkPileLayout,
    {
        "single": "{piles} work piles of one face-up card",
        "klondike": "{piles} Klondike work piles (pile i gets i + 1 cards, face down but the top)",
    },
)

WorkPileMove = Literal["any_suffix", "top_card", "whole_pile"]
WORK_PILE_MOVE: Final = Knob[WorkPileMove](
    "work_pile_move",
    WorkPileMove,
    {
        "any_suffix": "any card of a work pile may move with every card above it",
        "top_card": "only single top cards move between work piles",
        "whole_pile": "a work pile's top card, or the whole pile, may move",
    },
)

SpaceFill = Literal["any", "nerts_only", "king_only"]
SPACE_FILL: Final = Knob[SpaceFill](
    "space_fill",
    SpaceFill,
    {
        "any": "any card (Nerts top, waste top or work cards)",
        "nerts_only": "only the Nerts top",
        "king_only": "only a King",
    },
)

SlideUnder = Literal["off", "needs_space", "always"]
SLIDE_UNDER: Final = Knob[SlideUnder](
    "slide_under",
    SlideUnder,
    {
        "off": "No card slides under a work pile.",
        "needs_space": "While a work pile is empty, a card one higher and of the other colour "
        "than a pile's base may slide under it.",
        "always": "A card one higher and of the other colour than a pile's base may always "
        "slide under it.",
    },
)

FoundationBuild = Literal["same_suit", "alt_colour", "any_suit", "by_seat_count"]
FOUNDATION_BUILD: Final = Knob[FoundationBuild](
    "foundation_build",
    FoundationBuild,
    {
        "same_suit": "in the same suit",
        "alt_colour": "in alternating colours",
        "any_suit": "in any suit",
        "by_seat_count": "by the seat count",  # resolved to one of the others before it is told
    },
)

#: The ``foundation_build`` value that stands for one of the others, by the seat count.
BySeatCount = Literal["by_seat_count"]

FoundationLimit = Literal["unlimited", "one_per_suit"]
FOUNDATION_LIMIT: Final = Knob[FoundationLimit](
    "foundation_limit",
    FoundationLimit,
    {"unlimited": "as many foundations as Aces", "one_per_suit": "one foundation per suit"},
)

TiePolicy = Literal["first_wins", "both_keep"]
TIE_POLICY: Final = Knob[TiePolicy](
    "tie_policy",
    TiePolicy,
    {"first_wins": "the first card wins", "both_keep": "equal cards submitted together both stay"},
)

StockRemainder = Literal["flip_immediately", "partial_turn"]
STOCK_REMAINDER: Final = Knob[StockRemainder](
    "stock_remainder",
    StockRemainder,
    {
        "flip_immediately": "Fewer cards left than a turn: they go onto the waste and the waste "
        "turns over at once.",
        "partial_turn": "Fewer cards left than a turn: they are turned like a normal turn.",
    },
)

StockAccess = Literal["anytime", "when_blocked"]
STOCK_ACCESS: Final = Knob[StockAccess](
    "stock_access",
    StockAccess,
    {
        "anytime": "",
        "when_blocked": "The stock may be used only when no foundation, Nerts or waste play is "
        "left.",
    },
)

StuckResolution = Literal["restock", "rotate_one", "shuffle", "end_hand"]
STUCK_RESOLUTION: Final = Knob[StuckResolution](
    "stuck_resolution",
    StuckResolution,
    {
        "restock": "every seat puts its remaining stock onto its waste and turns the waste "
        "over into a new stock",
        "rotate_one": "every seat turns its waste into its stock and moves the top card to "
        "the bottom",
        "shuffle": "every stock is shuffled",
        "end_hand": "the hand ends",
    },
)

CallMode = Literal["optional", "auto"]
CALL_MODE: Final = Knob[CallMode](
    "call_mode",
    CallMode,
    {
        "optional": "A seat with an empty Nerts pile may call Nerts! and end the hand.",
        "auto": "The hand ends the moment a Nerts pile is empty.",
    },
)

JokerBinding = Literal["permanent", "while_covered"]
JOKER_BINDING: Final = Knob[JokerBinding](
    "joker_binding", JokerBinding, {"permanent": "for good", "while_covered": "while covered"}
)

#: Every choice knob, by its :class:`~nertslib.Variant` field name.
KNOBS: Final[Mapping[str, Knob[Any]]] = {
    knob.name: knob
    for knob in (
        WORK_PILE_LAYOUT,
        WORK_PILE_MOVE,
        SPACE_FILL,
        SLIDE_UNDER,
        FOUNDATION_BUILD,
        FOUNDATION_LIMIT,
        TIE_POLICY,
        STOCK_REMAINDER,
        STOCK_ACCESS,
        STUCK_RESOLUTION,
        CALL_MODE,
        JOKER_BINDING,
    )
}
