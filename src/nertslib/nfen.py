"""NFEN ("Nerts FEN"): the one-line text of a position and of a view, written and read here.

A position's NFEN is space separated::

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

A view's NFEN (:meth:`nertslib.View.to_nfen`) is the position's with every run of hidden cards
written as its size and a ``?`` (``12?.2S``: twelve hidden cards under 2♠; ``2?~KD``: two
face-down cards under K♦; a stock is only ``35?``), and the seed token replaced by the viewer,
``v<seat>`` or ``v-`` for a spectator.

An internal module (the public readers and writers are the ``to_nfen`` and ``from_nfen`` of
:class:`~nertslib.GameState` and :class:`~nertslib.View`). Its readers build a value's parts and
hand them to the one validator of positions (:func:`nertslib.state.seat_layout`,
:func:`nertslib.state.position`) or of views (:func:`nertslib.views.seat_view_of`,
:func:`nertslib.views.view_of`), which the JSON reader (:mod:`nertslib.serialize`) calls too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, NamedTuple

from nertslib.cards import OWNER, parse_card_id, parse_code
from nertslib.errors import EndReason, NertsError
from nertslib.notation import (
    FCODE,
    FND_INDEX,
    ascii_digits,
    hidden_run,
    parse_passes,
    parse_pile,
    parse_work,
    pile_text,
    work_pile_text,
)
from nertslib.predicates import foundation_problem
from nertslib.quoting import excerpt
from nertslib.variants import Variant

if TYPE_CHECKING:
    from nertslib.state import GameState, Layout
    from nertslib.views import SeatView, View

Piles = tuple[tuple[int, ...], ...]


class SeatPiles(NamedTuple):
    """A seat's piles as a reader found them (card ids, bottom first), not yet checked."""

    nerts: tuple[int, ...]
    work: Piles
    #: The face-down cards under each work pile, or ``()``.
    down: Piles
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    passes: int
    #: The bindings of the jokers in the work piles, by card id.
    binds: dict[int, int]


class SeatViewParts(NamedTuple):
    """A seat of a view as a reader found it (card ids, bottom first), not yet checked."""

    hidden_nerts: int
    nerts: tuple[int, ...]
    work: Piles
    #: The face-down cards under each work pile, one count per pile.
    down: tuple[int, ...]
    #: The bindings of the jokers in the work piles, by card id.
    binds: dict[int, int]
    stock: int
    hidden_waste: int
    waste: tuple[int, ...]
    passes: int


class Hand(NamedTuple):
    """How a hand stands: its status, the seat that called (``-1``: none) and its resolutions."""

    status: EndReason | None
    caller: int
    stalled: bool
    resolutions: int


# --- writing ------------------------------------------------------------------------------------


def state_text(state: GameState) -> str:
    """The NFEN of ``state`` (:meth:`nertslib.GameState.to_nfen`)."""
    return _line(state, map(_layout_text, state.layouts), f"s{state.seed}")


def view_text(view: View) -> str:
    """The view NFEN of ``view`` (:meth:`nertslib.View.to_nfen`)."""
    viewer = "-" if view.seat is None else view.seat
    return _line(view, map(_seat_view_text, view.seats), f"v{viewer}")


def _line(value: GameState | View, seats: Iterable[str], last: str) -> str:
    """An NFEN line of ``value``'s foundations and hand, its ``seats`` and ``last`` token."""
    status = "play" if value.status is None else value.status.value
    if value.status is EndReason.NERTS:
        status = f"nerts:{value.caller}"
    stalled = "!" if value.stalled else ""
    resolutions = f"r{value.resolutions}{stalled}"
    fnd = _foundations_text(value.fnd) or "-"
    return " ".join([value.variant.to_spec(), fnd, *seats, status, resolutions, last])


def _foundations_text(fnd: Piles) -> str:
    return "/".join(".".join(map(FCODE.__getitem__, pile)) for pile in fnd)


def _seat_text(nerts: str, heads: Iterable[str], work: Piles, bound: tuple[int, ...]) -> str:
    """A seat's Nerts field and work fields, each work pile after its face-down ``head``."""
    piles = (work_pile_text(p, bound) for p in work)
    return "|".join([nerts, *(f"{h}~{p}" if h else p for h, p in zip(heads, piles, strict=True))])


def _layout_text(lay: Layout) -> str:
    heads = [pile_text(d) if d else "" for d in lay.down] or [""] * len(lay.work)
    stock, waste = lay.deck[lay.cursor :][::-1], lay.deck[: lay.cursor]
    seat = _seat_text(pile_text(lay.nerts), heads, lay.work, lay.bound)
    return f"{seat}|{pile_text(stock)}|{pile_text(waste)}|{lay.passes}"


def _seat_view_text(sv: SeatView) -> str:
    # counts no deal can give are written as they are
    heads = [f"{k}?" if k else "" for k in sv.down] or [""] * len(sv.work)
    seat = _seat_text(hidden_run(sv.hidden_nerts, sv.nerts), heads, sv.work, sv.bound)
    waste = hidden_run(sv.hidden_waste, sv.waste)
    return f"{seat}|{hidden_run(sv.stock_size, ())}|{waste}|{sv.passes}"


# --- reading ------------------------------------------------------------------------------------

_MIN_TOKENS: Final = 6


class _Tokens(NamedTuple):
    variant: Variant
    foundations: str
    seats: list[str]
    status: str
    resolutions: str
    last: str


def read_state(
    text: str,
    seat: Callable[[Variant, int, SeatPiles], Layout],
    whole: Callable[[Variant, list[Layout], Piles, Hand, int], GameState],
) -> GameState:
    """The position of NFEN ``text``, checked by ``seat`` and ``whole`` as it is read.

    Each seat's piles go to ``seat`` as they are read, then the parts to ``whole``
    (:func:`nertslib.state.seat_layout` and :func:`nertslib.state.position`).

    Raises:
        NertsError: naming the first problem.
    """
    t = _split(text)
    nwork = t.variant.work_pile_count(len(t.seats))
    layouts = [seat(t.variant, i, _state_seat(tok, i, nwork)) for i, tok in enumerate(t.seats)]
    fnd = read_foundations(t.foundations, len(t.seats), t.variant)
    hand = _hand(t)
    if not t.last.startswith("s") or not ascii_digits(t.last[1:]):
        msg = f"expected s<seed>, got {excerpt(t.last)}"
        raise NertsError(msg)
    return whole(t.variant, layouts, fnd, hand, int(t.last[1:]))


def read_view(
    text: str,
    seat: Callable[[Variant, int, int | None, SeatViewParts], SeatView],
    whole: Callable[[Variant, int | None, list[SeatView], Piles, Hand], View],
) -> View:
    """The view of view NFEN ``text``, checked by ``seat`` and ``whole`` as it is read.

    As :func:`read_state`, with :func:`nertslib.views.seat_view_of` and
    :func:`nertslib.views.view_of`.

    Raises:
        NertsError: naming the first problem.
    """
    t = _split(text)
    n = len(t.seats)
    if t.last == "v-":
        viewer = None
    elif t.last[:1] == "v" and ascii_digits(t.last[1:]) and int(t.last[1:]) < n:
        viewer = int(t.last[1:])
    else:
        msg = f"expected v<seat> or v-, got {excerpt(t.last)}"
        raise NertsError(msg)
    nwork = t.variant.work_pile_count(n)
    seats = [seat(t.variant, i, viewer, _view_seat(tok, i, nwork)) for i, tok in enumerate(t.seats)]
    fnd = read_foundations(t.foundations, n, t.variant)
    return whole(t.variant, viewer, seats, fnd, _hand(t))


def _split(text: str) -> _Tokens:
    tokens = text.split()
    if len(tokens) < _MIN_TOKENS:
        msg = "a hand has 1 to 8 seats"
        raise NertsError(msg)
    variant = Variant.from_spec(tokens[0])
    seats = tokens[2:-3]
    variant.check_seats(len(seats))
    status, resolutions, last = tokens[-3:]
    return _Tokens(variant, tokens[1], seats, status, resolutions, last)


def _hand(t: _Tokens) -> Hand:
    """The status, caller, stalled flag and resolution count of NFEN's last tokens."""
    caller, seat = -1, t.status.removeprefix("nerts:")
    status: EndReason | None
    if t.status == "play":
        status = None
    elif t.status == "stalemate":
        status = EndReason.STALEMATE
    elif seat != t.status and ascii_digits(seat) and int(seat) < len(t.seats):
        status, caller = EndReason.NERTS, int(seat)
    else:
        msg = f"status must be play, nerts:<seat> or stalemate, got {excerpt(t.status)}"
        raise NertsError(msg)
    stalled = t.resolutions.endswith("!")
    digits = t.resolutions[1:-1] if stalled else t.resolutions[1:]
    if not t.resolutions.startswith("r") or not ascii_digits(digits):
        msg = f"expected r<resolutions>, got {excerpt(t.resolutions)}"
        raise NertsError(msg)
    return Hand(status, caller, stalled, int(digits))


def read_foundations(token: str, n: int, variant: Variant) -> Piles:
    """The foundations field of NFEN, each pile checked.

    Raises:
        NertsError: (a :class:`ValueError`) naming the foundation and what is wrong with it.
    """
    if token == "-":
        return ()
    return tuple(_foundation(k, text, n, variant) for k, text in enumerate(token.split("/")))


def _foundation(k: int, text: str, n: int, variant: Variant) -> tuple[int, ...]:
    """Foundation ``k`` of NFEN, read and checked card by card (errors name the problem)."""
    cards: list[int] = []
    for item in text.split("."):
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


def _fields(tok: str, seat: int, nwork: int) -> list[str]:
    """Seat ``seat``'s field of NFEN split into its ``nwork + 4`` pile fields."""
    parts = tok.split("|")
    if len(parts) != nwork + 4:
        msg = f"seat {seat} needs {nwork + 4} '|'-separated fields, has {len(parts)}"
        raise NertsError(msg)
    return parts


def _state_seat(tok: str, seat: int, nwork: int) -> SeatPiles:
    """Seat ``seat``'s field ``tok`` of NFEN: its piles, read (not yet checked)."""
    parts = _fields(tok, seat, nwork)
    binds: dict[int, int] = {}
    split = [p.partition("~") if "~" in p else ("-", "", p) for p in parts[1 : 1 + nwork]]
    work = tuple([parse_work(p, seat, binds) for _, _, p in split])
    heads = [d for d, _, _ in split]
    down = () if heads.count("-") == nwork else tuple([parse_pile(d, seat) for d in heads])
    nerts, stock, waste = (parse_pile(parts[i], seat) for i in (0, 1 + nwork, 2 + nwork))
    passes = parse_passes(parts[-1], seat, None)
    return SeatPiles(nerts, work, down, stock, waste, passes, binds)


def work_field_problem(seat: int, i: int) -> str:
    """The problem of a view's work pile ``i`` that hides cards above its face-up ones."""
    return f"seat {seat}'s work pile {i} must be face-down count '~' face-up cards"


def _count(item: str) -> int:
    digits = item[:-1]
    if item[-1:] != "?" or not ascii_digits(digits) or (count := int(digits)) < 1:
        msg = f"{excerpt(item)} is not a hidden-card count such as '12?'"
        raise NertsError(msg)
    return count


class _Run(NamedTuple):
    """A pile field of a view: how many cards it hides (below), and the cards it shows."""

    hidden: int
    shown: tuple[int, ...]


def _run(text: str, owner: int) -> _Run:
    head, dot, rest = text.partition(".")
    if not head.endswith("?"):
        return _Run(0, parse_pile(text, owner))
    if rest == "-":  # no card after a count: "-" is not one (parse_pile reads it as none)
        parse_code(rest)
    return _Run(_count(head), parse_pile(rest, owner) if dot else ())


def _view_seat(tok: str, seat: int, nwork: int) -> SeatViewParts:
    """Seat ``seat``'s field ``tok`` of a view NFEN, read (not yet checked)."""
    parts = _fields(tok, seat, nwork)
    hidden_n, nerts = _run(parts[0], seat)
    work: list[tuple[int, ...]] = []
    down: list[int] = []
    binds: dict[int, int] = {}
    for i, field in enumerate(parts[1 : 1 + nwork]):
        head, tilde, up = field.rpartition("~")
        hidden, pile = _Run(0, parse_work(up, seat, binds)) if "(" in up else _run(up, seat)
        if hidden:
            raise NertsError(work_field_problem(seat, i))
        work.append(pile)
        down.append(_count(head) if tilde else 0)
    hidden_w, waste = _run(parts[2 + nwork], seat)
    stock = _stock(parts[1 + nwork], seat)
    passes = parse_passes(parts[-1], seat, None)
    return SeatViewParts(
        hidden_n, nerts, tuple(work), tuple(down), binds, stock, hidden_w, waste, passes
    )


def _stock(text: str, seat: int) -> int:
    """A seat's stock field: its size (a stock is face down: it shows no card)."""
    if text[-1:] == "?":
        return _count(text)
    stock, shown = _run(text, seat)
    if shown:
        msg = f"seat {seat}'s stock is face down: write its size, e.g. '35?'"
        raise NertsError(msg)
    return stock
