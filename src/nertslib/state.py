"""Positions: one seat's :class:`Layout`, the whole :class:`GameState`, and NFEN.

A state is a frozen value. Inside, cards are ints (see :attr:`nertslib.Card.id`) and piles are
tuples of ints, so a new state shares every pile it did not change with the old one; the public
accessors (``nerts_pile``, ``work_piles``, ``stock``, ``waste``, ``foundations``) hand out
:class:`~nertslib.Card` tuples ordered bottom to top: the last card is the top.

NFEN ("Nerts FEN") is a one-line position string, space separated::

    <variant> <foundations> <seat 0> … <seat n-1> <status> r<resolutions>[!] s<seed>

* ``<variant>``: :meth:`nertslib.Variant.to_spec`, e.g. ``standard``.
* ``<foundations>``: ``-`` or piles joined by ``/``; a pile's cards (bottom first) joined by
  ``.``, each a card code followed by its owner's seat digit (``AH0.2H3``).
* ``<seat i>``: ``nerts|work 0|…|work k|stock|waste|passes``; piles bottom first, cards joined by
  ``.``, ``-`` for an empty pile; the owner is the seat. In the Klondike layout a work pile with
  face-down cards writes them first, then ``~``, then its face-up cards (``9H.3S~KD``).
  A joker bound to an identity (``joker_binding="permanent"``, see :mod:`nertslib.jokers`) is
  written with its fixed colour and rank, ``X1(r9)`` (a red 9) or ``X2(bQ)`` (a black Queen);
  a declared joker on a foundation is written ``X1=6H0`` (joker 1 of seat 0, declared 6♥).
* ``<status>``: ``play``, ``nerts:<seat>`` (that seat ended the hand) or ``stalemate``.
* ``r<n>``: stuck resolutions so far; ``!`` if one was applied with no progress since.
* ``s<seed>``: the deal's seed (used by the ``shuffle`` stuck resolution).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain, pairwise
from typing import Final, NamedTuple, cast

import attrs

from nertslib.cards import (
    CARDS,
    DECK_SPAN,
    FACE,
    JOKER_OF,
    OWNER,
    SUIT,
    Card,
    parse_card_id,
)
from nertslib.context import Context, context_for, need_index
from nertslib.errors import NertsError
from nertslib.jokers import KING_OPEN, bind_piles, pile_problem
from nertslib.notation import (
    FCODE,
    FND_INDEX,
    ascii_digits,
    parse_passes,
    parse_pile,
    parse_work,
    passes_problem,
    pile_text,
    work_pile_text,
)
from nertslib.predicates import fits_work, foundation_problem
from nertslib.quoting import EvalRepr, clipped, excerpt
from nertslib.render import render_state
from nertslib.variants import Variant

__all__ = ["EndReason", "GameState", "Layout", "NFENError"]


class NFENError(NertsError):
    """A string is not a valid NFEN position; the message quotes it and says why.

    >>> import nertslib as nl
    >>> issubclass(nl.NFENError, ValueError)
    True

    .. versionadded:: 0.1.0
    """


class EndReason(EvalRepr, enum.Enum):
    """Why a hand ended.

    >>> from nertslib import EndReason
    >>> EndReason.NERTS.value
    'nerts'
    """

    NERTS = "nerts"
    """A seat emptied its Nerts pile and called (or, in ``auto`` mode, just emptied it)."""
    STALEMATE = "stalemate"
    """Every seat was stuck, and stayed stuck after the stuck resolution."""


def _cards(ids: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple([CARDS[i] for i in ids])


@attrs.frozen(repr=False, weakref_slot=False)
class Layout:
    """One seat's cards: Nerts pile, work piles, stock and waste.

    The stock and the waste are stored together as ``deck`` in *stock order* plus a
    ``cursor``: ``deck[:cursor]`` is the waste (bottom first) and ``deck[cursor:]`` the stock
    (top first), so turning cards only moves the cursor. Build layouts with
    :func:`nertslib.deal` or :meth:`GameState.from_nfen`; read them through the properties.

    >>> import nertslib as nl
    >>> layout = nl.deal(nl.variants.get("standard"), seats=2, seed=7).seats[1]
    >>> len(layout.nerts_pile), len(layout.work_piles), len(layout.stock), len(layout.waste)
    (13, 4, 35, 0)
    >>> layout.nerts_top == layout.nerts_pile[-1]
    True

    .. versionadded:: 0.1.0
    """

    seat: int
    nerts: tuple[int, ...]
    work: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    cursor: int
    passes: int
    down: tuple[tuple[int, ...], ...] = ()
    bound: tuple[int, ...] = ()
    """Jokers bound to an identity (``joker_binding="permanent"``): one entry per joker of the
    deck, ``-1`` if free, else the work-pile key (``rank * 2 + red``) it is held to; ``()``
    when no joker is bound (always so without jokers)."""

    @property
    def nerts_pile(self) -> tuple[Card, ...]:
        """The Nerts pile, bottom first; only the top (last) card is face up."""
        return _cards(self.nerts)

    @property
    def nerts_top(self) -> Card | None:
        """The face-up top card of the Nerts pile, or ``None`` when it is empty."""
        return CARDS[self.nerts[-1]] if self.nerts else None

    @property
    def work_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The work piles, each bottom (base) first, face-down cards included.

        In the Klondike layout the first :attr:`face_down_counts` cards of a pile are face
        down; in the single layout every card is face up.
        """
        if not self.down:
            return tuple(_cards(p) for p in self.work)
        return tuple(_cards(d + p) for d, p in zip(self.down, self.work, strict=True))

    @property
    def face_down_counts(self) -> tuple[int, ...]:
        """How many cards at the bottom of each work pile are face down (Klondike layout).

        >>> import nertslib as nl
        >>> nl.deal("standard", seats=1, seed=3).seats[0].face_down_counts
        (0, 0, 0, 0)

        .. versionadded:: 0.1.0
        """
        if not self.down:
            return (0,) * len(self.work)
        return tuple(len(d) for d in self.down)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, bottom first (the last card is the next one turned)."""
        return _cards(self.deck[self.cursor :][::-1])

    @property
    def waste(self) -> tuple[Card, ...]:
        """The face-up waste, bottom first; only the top (last) card is playable."""
        return _cards(self.deck[: self.cursor])

    @property
    def waste_top(self) -> Card | None:
        """The playable top card of the waste, or ``None``."""
        return CARDS[self.deck[self.cursor - 1]] if self.cursor else None

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the layout (Nerts pile, work piles, stock, waste)."""
        ids = (
            self.nerts
            + tuple(c for p in self.down for c in p)
            + tuple(c for p in self.work for c in p)
            + self.deck
        )
        return _cards(ids)

    def __repr__(self) -> str:
        down = f", down={self.down!r}" if self.down else ""
        bound = f", bound={self.bound!r}" if self.bound else ""
        return (
            f"Layout(seat={self.seat}, nerts={self.nerts!r}, work={self.work!r}, "
            f"deck={self.deck!r}, cursor={self.cursor}, passes={self.passes}{down}{bound})"
        )

    def joker_key(self, card: Card) -> int:
        """The work-pile key (``rank * 2 + red``) joker ``card`` is bound to, or ``-1``.

        >>> import nertslib as nl
        >>> nl.deal("standard", seats=1, seed=3).seats[0].joker_key(nl.Card.joker_of(0, 1))
        -1

        .. versionadded:: 0.1.0
        """
        return self.bound[FACE[card.id] - 52] if self.bound and card.suit is None else -1


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class GameState:
    """A whole position of one hand: the variant, every seat's layout and the foundations.

    States are values: equal positions compare equal and hash equal, and :func:`nertslib.apply`
    returns a new state, sharing the piles it did not change. ``repr`` is
    ``GameState.from_nfen('…')``, and ``str`` is a table for people.

    >>> import nertslib as nl
    >>> state = nl.deal(nl.variants.get("standard"), seats=4, seed=7)
    >>> len(state.seats), state.foundations, state.is_over
    (4, (), False)
    >>> nl.GameState.from_nfen(state.to_nfen()) == state
    True

    Attributes:
        variant: The rules in force.
        layouts: One :class:`Layout` per seat (also :attr:`seats`).
        fnd: The foundations as card ids (see :attr:`foundations`).
        status: ``None`` while the hand is in play, else the :class:`EndReason`.
        caller: The seat that ended the hand by Nerts, or ``-1``.
        stalled: A stuck resolution was applied and no seat has made progress since.
        resolutions: How many stuck resolutions the hand has had.
        seed: The deal's seed; the ``shuffle`` stuck resolution draws from it.
        ctx: The variant resolved for this seat count (derived from ``variant`` and the
            seat count on construction; not an argument, not compared).
        need: The key each foundation needs next, -1 once complete (derived from the
            foundations on construction; not an argument, not compared).

    .. versionadded:: 0.1.0
    """

    variant: Variant
    layouts: tuple[Layout, ...]
    fnd: tuple[tuple[int, ...], ...]
    status: EndReason | None
    caller: int
    stalled: bool
    resolutions: int
    seed: int
    # Derived from the fields above, never given: so a state rebuilt with another variant
    # (``attrs.evolve``) answers by its own rules.
    ctx: Context = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        ctx = context_for(self.variant, len(self.layouts))
        object.__setattr__(self, "ctx", ctx)

    @property
    def need(self) -> tuple[int, ...]:
        """The key each foundation needs next, -1 once complete (derived from :attr:`fnd`).

        Worked out on each read rather than kept: a state kept in a history then costs no
        more than the piles its move changed.
        """
        return need_index(self.fnd, self.ctx)

    @property
    def seats(self) -> tuple[Layout, ...]:
        """One :class:`Layout` per seat, by seat number."""
        return self.layouts

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The shared foundations in the order they were started, each Ace first.

        A completed foundation (ending in its King) stays in place, so an index never changes.
        """
        return tuple(_cards(p) for p in self.fnd)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (see :func:`nertslib.outcome`)."""
        return self.status is not None

    # --- NFEN ------------------------------------------------------------------------------

    def to_nfen(self) -> str:
        """The position as one NFEN line (see the module docs). :meth:`from_nfen` reverses it.

        >>> import nertslib as nl
        >>> nfen = nl.deal(nl.variants.get("standard"), seats=1, seed=3).to_nfen()
        >>> nfen.split()[0], nfen.split()[1], nfen.split()[-3:]
        ('standard', '-', ['play', 'r0', 's3'])
        """
        return join_nfen(
            self.variant,
            self.fnd,
            [_layout_nfen(lay) for lay in self.layouts],
            self.status,
            self.caller,
            self.stalled,
            self.resolutions,
            f"s{self.seed}",
        )

    @classmethod
    def from_nfen(cls, text: str) -> GameState:
        """Read a position written by :meth:`to_nfen`, checking that it is a legal position.

        Every card of every seat's deck must appear exactly once, work piles must build down
        in alternating colours and foundations up from their Ace.

        Raises:
            NFENError: (a :class:`ValueError`) naming what is wrong, quoting the input.

        >>> import nertslib as nl
        >>> nl.GameState.from_nfen("standard - play r0 s0")
        Traceback (most recent call last):
        ...
        nertslib.state.NFENError: bad NFEN 'standard - play r0 s0': a hand has 1 to 8 seats
        """
        try:
            return _parse_nfen(text)
        except NFENError:
            raise
        except ValueError as exc:
            msg = f"bad NFEN {excerpt(text)}: {clipped(str(exc))}"
            raise NFENError(msg) from None

    def __repr__(self) -> str:
        return f"GameState.from_nfen({self.to_nfen()!r})"

    def __str__(self) -> str:
        return render_state(self)


def join_nfen(
    variant: Variant,
    fnd: tuple[tuple[int, ...], ...],
    seats: list[str],
    status: EndReason | None,
    caller: int,
    stalled: bool,
    resolutions: int,
    last: str,
) -> str:
    """An NFEN line from its parts (shared by positions and views; ``last`` is the final token).

    :func:`split_nfen` and :func:`parse_status` read it back.
    """
    fnd_text = _foundations_nfen(fnd)
    if status is None:
        status_tok = "play"
    elif status is EndReason.NERTS:
        status_tok = f"nerts:{caller}"
    else:
        status_tok = "stalemate"
    stalled_mark = "!" if stalled else ""
    return " ".join(
        [
            variant.to_spec(),
            fnd_text or "-",
            *seats,
            status_tok,
            f"r{resolutions}{stalled_mark}",
            last,
        ]
    )


def _foundations_nfen(fnd: tuple[tuple[int, ...], ...]) -> str:
    """The foundations field of NFEN but for its ``-`` when there are none."""
    return "/".join(".".join(map(FCODE.__getitem__, pile)) for pile in fnd)


def _layout_nfen(lay: Layout) -> str:
    """One seat's NFEN field, pile by pile (any layout: face-down cards, bound jokers)."""
    stock = lay.deck[lay.cursor :][::-1]
    parts = [pile_text(lay.nerts)]
    if lay.down:
        parts.extend(
            f"{pile_text(d)}~{work_pile_text(p, lay.bound)}" if d else work_pile_text(p, lay.bound)
            for d, p in zip(lay.down, lay.work, strict=True)
        )
    else:
        parts.extend(work_pile_text(p, lay.bound) for p in lay.work)
    parts += [pile_text(stock), pile_text(lay.deck[: lay.cursor]), str(lay.passes)]
    return "|".join(parts)


_MIN_TOKENS: Final = 6


def _bad(text: str, why: str) -> NFENError:
    return NFENError(f"bad NFEN {excerpt(text)}: {clipped(why)}")


def split_nfen(
    text: str, what: str, bad: Callable[[str, str], NFENError]
) -> tuple[list[str], Variant, list[str]]:
    """NFEN's tokens, its variant and its seat tokens (shared by positions and views)."""
    if not isinstance(cast(object, text), str):
        msg = f"{what} must be a str, got {excerpt(text)}"
        raise NFENError(msg)
    tokens = text.split()
    if len(tokens) < _MIN_TOKENS:
        raise bad(text, "a hand has 1 to 8 seats")
    variant = Variant.from_spec(tokens[0])
    seat_tokens = tokens[2:-3]
    variant.check_seats(len(seat_tokens))
    return tokens, variant, seat_tokens


def parse_status(
    text: str,
    status_tok: str,
    res_tok: str,
    nerts_sizes: list[int],
    bad: Callable[[str, str], NFENError],
) -> tuple[EndReason | None, int, bool, int]:
    """The status, caller, stalled flag and resolution count of NFEN's last tokens.

    Shared by positions and views (:mod:`nertslib.views`); ``bad`` builds their error.
    """
    caller = -1
    status: EndReason | None
    if status_tok == "play":
        status = None
    elif status_tok == "stalemate":
        status = EndReason.STALEMATE
    elif (
        status_tok.startswith("nerts:")
        and ascii_digits(status_tok[6:])
        and int(status_tok[6:]) < len(nerts_sizes)
    ):
        status, caller = EndReason.NERTS, int(status_tok[6:])
        if caller_problem(caller, nerts_sizes):
            raise bad(text, caller_problem(caller, nerts_sizes))
    else:
        raise bad(
            text, f"status must be play, nerts:<seat> or stalemate, got {excerpt(status_tok)}"
        )
    stalled = res_tok.endswith("!")
    digits = res_tok[1:-1] if stalled else res_tok[1:]
    if not res_tok.startswith("r") or not ascii_digits(digits):
        raise bad(text, f"expected r<resolutions>, got {excerpt(res_tok)}")
    return status, caller, stalled, int(digits)


SEED_LIMIT: Final = 1 << 64
"""Seeds are below this: the shuffle's generator keeps 64 bits, so a larger seed would deal
the same hand as a smaller one."""


def hand_problem(
    variant: Variant,
    nerts_sizes: Sequence[int],
    face_down: Sequence[Sequence[int]],
    fnd: Sequence[Sequence[int]],
    status: EndReason | None,
    stalled: bool,
    resolutions: int,
) -> str:
    """What keeps these parts from making a position that a hand can reach (``""``: nothing).

    The checks that no single pile shows: ``nerts_sizes`` and ``face_down`` (the face-down
    cards under each work pile) per seat, the foundations and the status fields. Shared by the
    NFEN, view NFEN and JSON readers.
    """
    if stalled and not resolutions:
        return "the hand is marked stalled (!) but has had no stuck resolution"
    if status is EndReason.STALEMATE and not resolutions and variant.stuck_resolution != "end_hand":
        return (
            f"under stuck_resolution={variant.stuck_resolution!r} a hand ends in stalemate only "
            "after a stuck resolution (r1 or more)"
        )
    if status is None and variant.call_mode == "auto" and 0 in nerts_sizes:
        seat = list(nerts_sizes).index(0)
        return f"seat {seat}'s Nerts pile is empty, which ends the hand under call_mode='auto'"
    if variant.foundation_limit == "one_per_suit":
        suits = [SUIT[pile[0]] for pile in fnd]
        if len(set(suits)) != len(suits):
            return "two foundations of one suit under foundation_limit='one_per_suit'"
    for seat, counts in enumerate(face_down):
        for i, count in enumerate(counts):
            if count > i:  # the deal puts i face-down cards under pile i, and none are added
                return (
                    f"seat {seat}'s work pile {i} has {count} face-down cards; the deal gives {i}"
                )
    return ""


def full_decks(seats: int, per_deck: int) -> frozenset[int]:
    """Every card id of ``seats`` decks of ``per_deck`` cards (the readers' conservation check).

    >>> from nertslib.state import full_decks
    >>> len(full_decks(2, 52)), 52 in full_decks(1, 54), 52 in full_decks(1, 52)
    (104, True, False)
    """
    return frozenset(
        chain.from_iterable([range(s * DECK_SPAN, s * DECK_SPAN + per_deck) for s in range(seats)])
    )


def _conservation_problem(ids: list[int], seats: int, jokers: int) -> str:
    """Why the card ids of a position are not every card of every deck exactly once."""
    counts = Counter(ids)
    per_deck = 52 + jokers
    extra = [CARDS[c].code for c in counts if c % DECK_SPAN >= per_deck]
    if extra:
        return f"the variant deals {jokers} joker(s): {extra} given"
    for seat in range(seats):
        deck = range(seat * DECK_SPAN, seat * DECK_SPAN + per_deck)
        twice = [CARDS[c].code for c in deck if counts[c] > 1]
        missing = [CARDS[c].code for c in deck if counts[c] == 0]
        if twice or missing:
            return f"seat {seat}'s deck: twice {twice}, missing {missing}"
    # Unreachable: pile cards take their seat as owner and foundation owners are checked.
    return "cards of a seat that does not play"  # pragma: no cover


def parse_foundations(token: str, n: int, variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The foundations field of NFEN (shared by positions and views), each pile checked.

    Raises:
        NertsError: (a :class:`ValueError`) naming the foundation and what is wrong with it.
    """
    if token == "-":
        return ()
    texts = token.split("/")
    return tuple(_checked_foundation(k, pile_text, n, variant) for k, pile_text in enumerate(texts))


def _checked_foundation(k: int, pile_text: str, n: int, variant: Variant) -> tuple[int, ...]:
    """Foundation ``k`` of NFEN, read and checked card by card (errors name the problem)."""
    cards: list[int] = []
    for item in pile_text.split("."):
        known = FND_INDEX.get(item)
        if known is not None and OWNER[known] < n:
            cards.append(known)
            continue
        if len(item) < 3 or not ascii_digits(item[-1]) or int(item[-1]) >= n:
            msg = f"foundation {k}: {excerpt(item)} is not a card code + owner seat"
            raise NertsError(msg)
        cards.append(parse_card_id(item[:-1], int(item[-1])))
    problem = foundation_problem(tuple(cards), variant, n)
    if problem:
        msg = f"foundation {k}: {problem}"
        raise NertsError(msg)
    return tuple(cards)


class SeatPiles(NamedTuple):
    """A seat's piles as a reader found them (card ids, bottom first), not yet checked."""

    nerts: tuple[int, ...]
    work: tuple[tuple[int, ...], ...]
    #: The face-down cards under each work pile, or ``()``.
    down: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    passes: int
    #: The bindings of the jokers in the work piles, by card id.
    binds: dict[int, int]


def seat_layout(variant: Variant, seat: int, piles: SeatPiles) -> Layout:
    """Seat ``seat``'s layout of ``piles``, checked: the one home of the checks of a seat.

    Every reader (NFEN, JSON) builds its seats here.

    Raises:
        NertsError: naming the first problem.
    """
    work = piles.work
    down = piles.down if any(piles.down) else ()
    if down and variant.work_pile_layout != "klondike":
        msg = f"seat {seat} has face-down work cards outside the Klondike layout"
        raise NertsError(msg)
    for i, hidden in enumerate(down):
        if hidden and not work[i]:
            msg = f"seat {seat}'s work pile {i} has face-down cards but no top"
            raise NertsError(msg)
    problem = passes_problem(piles.passes, seat, variant.max_stock_passes)
    if len(piles.nerts) > variant.nerts_pile_size:
        problem = problem or f"seat {seat}'s Nerts pile is larger than the variant deals"
    if not variant.jokers_per_deck:
        problem = problem or misfit_problem(seat, work)
    if problem:
        raise NertsError(problem)
    bound = check_joker_piles(variant, seat, work, piles.binds) if variant.jokers_per_deck else ()
    deck = piles.waste + piles.stock[::-1]
    return Layout(seat, piles.nerts, work, deck, len(piles.waste), piles.passes, down, bound)


def _parse_seat(tok: str, seat: int, nwork: int) -> SeatPiles:
    """Seat ``seat``'s field ``tok`` of NFEN: its piles, read (:func:`seat_layout` checks)."""
    parts = tok.split("|")
    if len(parts) != nwork + 4:
        msg = f"seat {seat} needs {nwork + 4} '|'-separated fields, has {len(parts)}"
        raise NertsError(msg)
    binds: dict[int, int] = {}
    down_parts = [p.partition("~") if "~" in p else ("-", "", p) for p in parts[1 : 1 + nwork]]
    work = tuple(
        [
            parse_pile(p, seat) if "(" not in p else parse_work(p, seat, binds)
            for _, _, p in down_parts
        ]
    )
    hidden_parts = [d for d, _, _ in down_parts]
    down: tuple[tuple[int, ...], ...] = ()
    if hidden_parts.count("-") != nwork:
        down = tuple([parse_pile(d, seat) for d in hidden_parts])
    return SeatPiles(
        parse_pile(parts[0], seat),
        work,
        down,
        parse_pile(parts[1 + nwork], seat),
        parse_pile(parts[2 + nwork], seat),
        parse_passes(parts[-1], seat, None),
        binds,
    )


def misfit_problem(seat: int, work: tuple[tuple[int, ...], ...] | list[tuple[int, ...]]) -> str:
    """Why a joker-free work pile of ``seat`` does not build down in alternating colours.

    ``""`` if every pile does (shared by the NFEN, view NFEN and JSON readers).
    """
    for i, pile in enumerate(work):
        for lower, upper in pairwise(pile):
            if not fits_work(upper, lower):
                return f"seat {seat}'s work pile {i}: {CARDS[upper]} cannot lie on {CARDS[lower]}"
    return ""


def _parse_nfen(text: str) -> GameState:
    tokens, variant, seat_tokens = split_nfen(text, "NFEN", _bad)
    n = len(seat_tokens)
    nwork = variant.work_pile_count(n)
    layouts = [
        seat_layout(variant, seat, _parse_seat(tok, seat, nwork))
        for seat, tok in enumerate(seat_tokens)
    ]
    fnd = parse_foundations(tokens[1], n, variant)
    status_tok, res_tok, seed_tok = tokens[-3:]
    status, caller, stalled, resolutions = parse_status(
        text, status_tok, res_tok, [len(lay.nerts) for lay in layouts], _bad
    )
    if not seed_tok.startswith("s") or not ascii_digits(seed_tok[1:]):
        raise _bad(text, f"expected s<seed>, got {excerpt(seed_tok)}")
    seed = int(seed_tok[1:])
    if seed >= SEED_LIMIT:
        raise _bad(text, f"the seed must be below 2**64, got {excerpt(seed_tok[1:])}")
    return position(variant, layouts, fnd, (status, caller, stalled, resolutions), seed)


def position(
    variant: Variant,
    layouts: list[Layout],
    fnd: tuple[tuple[int, ...], ...],
    hand: tuple[EndReason | None, int, bool, int],
    seed: int,
) -> GameState:
    """The state of checked seats and these parts, checked as a whole (every reader's last step).

    ``hand`` is (status, caller, stalled, resolutions). The foundations, each card exactly
    once, the caller's empty Nerts pile, and :func:`hand_problem`.

    Raises:
        NertsError: naming the first problem.
    """
    status, caller, stalled, resolutions = hand
    n = len(layouts)
    # (in the order the NFEN reader meets them: the caller is read with the status)
    problem = foundations_problem(fnd, variant, n) or caller_problem(
        caller, [len(lay.nerts) for lay in layouts]
    )
    if problem:
        raise NertsError(problem)
    ids: list[int] = []  # the position's cards (list extends run in C)
    for lay in layouts:
        ids += lay.nerts
        ids += lay.deck
        for pile in (*lay.work, *lay.down):
            ids += pile
    for pile in fnd:
        ids += map(JOKER_OF.__getitem__, pile) if variant.jokers_per_deck else pile
    full = full_decks(n, 52 + variant.jokers_per_deck)
    # Each card once: as many ids as cards, and no card missing among them (a difference
    # with the full set needs no set of the ids; the sort is only for the message).
    if len(ids) != len(full) or full.difference(ids):
        raise NertsError(_conservation_problem(sorted(ids), n, variant.jokers_per_deck))
    problem = hand_problem(
        variant,
        [len(lay.nerts) for lay in layouts],
        [[len(d) for d in lay.down] for lay in layouts],
        fnd,
        status,
        stalled,
        resolutions,
    )
    if problem:
        raise NertsError(problem)
    return GameState(variant, tuple(layouts), fnd, status, caller, stalled, resolutions, seed)


def foundations_problem(fnd: Sequence[tuple[int, ...]], variant: Variant, n: int) -> str:
    """Why some pile of ``fnd`` is not a foundation of an ``n``-seat hand (``""``: none)."""
    for k, pile in enumerate(fnd):
        problem = foundation_problem(pile, variant, n)
        if problem:
            return f"foundation {k}: {problem}"
    return ""


def caller_problem(caller: int, nerts_sizes: Sequence[int]) -> str:
    """Why seat ``caller`` (``-1``: none) cannot have called Nerts (``""``: it can)."""
    if caller >= 0 and nerts_sizes[caller]:
        return f"seat {caller} ended the hand with cards in its Nerts pile"
    return ""


def check_joker_piles(
    variant: Variant, seat: int, work: tuple[tuple[int, ...], ...], binds: dict[int, int]
) -> tuple[int, ...]:
    """Check a joker variant's work piles and return the layout's canonical ``bound``.

    Raises:
        NertsError: (a :class:`ValueError`) naming the problem.
    """
    kings = [card for card, key in binds.items() if key == KING_OPEN]
    if kings and variant.space_fill != "king_only":
        msg = f"seat {seat}: {CARDS[kings[0]]} stands for a King only where Kings fill spaces"
        raise NertsError(msg)
    if len(kings) < len(binds) and variant.joker_binding != "permanent":
        msg = f"seat {seat}: joker_binding='while_covered' keeps no bindings"
        raise NertsError(msg)
    # a joker the deck does not hold has no slot to bind it in (the deck check comes later)
    for pile in work:
        for card in pile:
            if FACE[card] - 52 >= variant.jokers_per_deck:
                msg = (
                    f"seat {seat}'s work piles hold {CARDS[card]}, but the variant deals "
                    f"{variant.jokers_per_deck} joker(s)"
                )
                raise NertsError(msg)
    raw = [-1] * variant.jokers_per_deck
    for card, key in binds.items():  # every bound joker lies in a work pile: checked above
        raw[FACE[card] - 52] = key
    bound = tuple(raw) if binds else ()
    for i, pile in enumerate(work):
        problem = pile_problem(pile, bound)
        if problem:
            msg = f"seat {seat}'s work pile {i}: {problem}"
            raise NertsError(msg)
    if variant.joker_binding == "permanent":
        bound = bind_piles(work, bound, variant.jokers_per_deck)
    return bound
