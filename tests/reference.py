"""A reference model of the rules: small, slow and written from the text, not from the engine.

This module re-states ``../shared/rules.md`` §1-§11 and the readings of ``docs/rules.md``
(where the texts leave a choice) as plain Python over lists and tuples, one small function per
rule, so that the differential tests in ``tests/test_reference.py`` can compare the engine
(``nl.legal_moves``, ``nl.apply``, ``nl.is_stuck``) with something that is not the engine. It
reads a position only through the public API (``GameState.seats``, ``Layout.work_piles``,
``Layout.face_down_counts``, ``Layout.stock``, ``Layout.waste``, ``GameState.foundations``, the
variant's knobs) and never imports the engine's modules (``nertslib.rules``, ``stuck``,
``movegen``, ``predicates``, ``transition`` or ``context``).

Scope of this first version:

- **Joker-free variants only** (``jokers_per_deck=0``); every other knob is modelled.
  :func:`rules_of` refuses a variant with jokers.
- Ties and batch arbitration (``tie_policy``, ``nl.arbitrate``) and scoring are out of scope:
  ``nl.apply`` orders moves, so a foundation never takes a second card of a rank here.
- The stuck search (:func:`reference_stuck`) is brute force over every position the seat
  reaches by moves that are not progress (stock turns and restocks, moves between its work
  piles), bounded by :data:`SEARCH_LIMIT` positions; past that it answers ``None``.

Readings taken where the texts are silent (each one is a single function below):

- ``space_fill_mandatory`` (Racing Demon, "Nerts pile mandatory to fill spaces"): while the
  seat has a space and a Nerts top that the space rule lets fill it, its only moves are that
  Nerts top into any one of the spaces; no stock action, no other card move, until the space
  is filled (:func:`fill_is_forced`). When the space rule lets no Nerts top fill a space
  (``king_only`` and the top is no King), nothing can be forced and the mandate lapses.
  (``Variant``'s docstring says only "its only card moves". The model first restricted card
  moves alone, always; the engine disagreed on both points, and as the texts are silent the
  model now takes the engine's reading, which the differential tests pin.)
- ``foundation_limit="one_per_suit"``: a completed foundation still is its suit's foundation,
  so no second Ace of that suit starts one.
- ``stock_access="when_blocked"``: the call of Nerts is no play, so it does not block the
  stock (docs/rules.md: a play to a foundation, from the Nerts pile or from the waste).
- ``stock_remainder="flip_immediately"`` with the pass limit reached: the last cards go to the
  waste and the waste is not turned over (turning it over would be one more pass).
- ``rotate`` is legal exactly for a stuck seat with a stock (docs/rules.md §7), whatever the
  ``stuck_resolution``.

The three entry points:

- :func:`reference_moves` ``(state, seat) -> set[Move]``: every legal move of the seat.
- :func:`reference_apply` ``(state, move) -> Position``: the position after the move, as a
  plain :class:`Position`; :func:`position_of` reads an engine ``GameState`` into the same
  form, so ``reference_apply(s, m) == position_of(nl.apply(s, m))`` is the comparison.
- :func:`reference_stuck` ``(state, seat) -> bool | None``.

:func:`state_from` writes a :class:`Position` back as NFEN, for tests that build positions.
"""

from __future__ import annotations

from typing import NamedTuple

import nertslib as nl
from nertslib import Card, Move, MoveKind, Suit, Zone

#: The most positions :func:`reference_stuck` visits before it gives up (answers ``None``).
SEARCH_LIMIT = 20_000

KING = 13
ACE = 1
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


class SearchTooLargeError(Exception):
    """The stuck search (needed to decide whether ``rotate`` is legal) passed its bound."""


# --- the position, as plain data ------------------------------------------------------------


class Seat(NamedTuple):
    """One seat's cards. Every pile is bottom first; the stock's last card is turned next."""

    nerts: tuple[Card, ...]
    work: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]  # face-down cards at the bottom of each work pile (Klondike)
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    passes: int


class Position(NamedTuple):
    """A whole position of a hand, as the rules see it (the variant and seed left out)."""

    foundations: tuple[tuple[Card, ...], ...]
    seats: tuple[Seat, ...]
    status: str  # "play", "nerts:<seat>" or "stalemate"
    stalled: bool
    resolutions: int


class Rules(NamedTuple):
    """The knobs of the variant that the move rules read, resolved for the seat count."""

    work_pile_move: str
    space_fill: str
    space_fill_mandatory: bool
    slide_under: str
    foundation_build: str
    foundation_limit: str
    stock_turn: int
    stock_remainder: str
    max_stock_passes: int | None
    stock_access: str
    call_mode: str


def foundation_build_for(build: str, seats: int) -> str:
    """``by_seat_count``: 4+ seats by suit, 3 alternating colours, 1-2 any suit (pagat)."""
    if build != "by_seat_count":
        return build
    if seats >= 4:
        return "same_suit"
    return "alt_colour" if seats == 3 else "any_suit"


def rules_of(state: nl.GameState) -> Rules:
    """The rules of ``state``'s variant (joker-free variants only)."""
    v = state.variant
    if v.jokers_per_deck:
        msg = f"the reference model has no jokers; got jokers_per_deck={v.jokers_per_deck}"
        raise ValueError(msg)
    return Rules(
        work_pile_move=v.work_pile_move,
        space_fill=v.space_fill,
        space_fill_mandatory=v.space_fill_mandatory,
        slide_under=v.slide_under,
        foundation_build=foundation_build_for(v.foundation_build, len(state.seats)),
        foundation_limit=v.foundation_limit,
        stock_turn=v.stock_turn,
        stock_remainder=v.stock_remainder,
        max_stock_passes=v.max_stock_passes,
        stock_access=v.stock_access,
        call_mode=v.call_mode,
    )


def position_of(state: nl.GameState) -> Position:
    """Read an engine state into a :class:`Position` through its public properties."""
    seats = tuple(
        Seat(
            nerts=lay.nerts_pile,
            work=lay.work_piles,
            down=lay.face_down_counts,
            stock=lay.stock,
            waste=lay.waste,
            passes=lay.passes,
        )
        for lay in state.seats
    )
    if state.status is None:
        status = "play"
    elif state.status is nl.EndReason.NERTS:
        status = f"nerts:{state.caller}"
    else:
        status = "stalemate"
    return Position(state.foundations, seats, status, state.stalled, state.resolutions)


# --- the rule predicates, one rule each -----------------------------------------------------


def is_red(card: Card) -> bool:
    """Hearts and diamonds are red; clubs and spades black (§1)."""
    return card.suit in RED_SUITS


def fits_on_work_pile(card: Card, top: Card) -> bool:
    """Work piles build down by one rank in alternating colours (§4)."""
    return card.rank == top.rank - 1 and is_red(card) != is_red(top)


def fits_under(card: Card, base: Card) -> bool:
    """A card one higher than, and opposite in colour to, a pile's base slides under it (§4)."""
    return card.rank == base.rank + 1 and is_red(card) != is_red(base)


def fits_foundation(card: Card, pile: tuple[Card, ...], build: str) -> bool:
    """A foundation builds up by one rank from its Ace, by the build rule (§6, §11)."""
    top = pile[-1]
    if card.rank != top.rank + 1:
        return False
    if build == "same_suit":
        return card.suit == top.suit
    if build == "alt_colour":
        return is_red(card) != is_red(top)
    return True  # any_suit


def may_start_foundation(card: Card, foundations: tuple[tuple[Card, ...], ...], limit: str) -> bool:
    """Any seat starts a foundation with an Ace; ``one_per_suit``: one per Ace suit (§6)."""
    if card.rank != ACE:
        return False
    return limit == "unlimited" or all(pile[0].suit != card.suit for pile in foundations)


def may_fill_space(card: Card, source: Zone, space_fill: str) -> bool:
    """What may go into an empty work pile (§4, ``space_fill``)."""
    if space_fill == "nerts_only":
        return source is Zone.NERTS
    if space_fill == "king_only":
        return card.rank == KING
    return True


def movable_starts(pile: tuple[Card, ...], down: int, work_pile_move: str) -> list[int]:
    """The indices of the cards of a work pile that may move with the cards above them."""
    if len(pile) <= down:
        return []
    if work_pile_move == "top_card":
        return [len(pile) - 1]
    if work_pile_move == "whole_pile":
        return sorted({down, len(pile) - 1})
    return list(range(down, len(pile)))


def has_space(seat: Seat) -> bool:
    """Whether some work pile of the seat is empty."""
    return any(not pile for pile in seat.work)


def slide_under_open(seat: Seat, slide_under: str) -> bool:
    """Slide-under needs a space (``needs_space``), never (``off``) or always (§4)."""
    if slide_under == "off":
        return False
    return slide_under == "always" or has_space(seat)


def fill_is_forced(seat: Seat, rules: Rules) -> bool:
    """Racing Demon's mandatory fill binds while the seat has a space and a Nerts top that the
    space rule lets fill it (under ``king_only`` a Nerts top that is no King cannot, and the
    mandate lapses: see the module docstring)."""
    if not (rules.space_fill_mandatory and has_space(seat) and seat.nerts):
        return False
    return may_fill_space(seat.nerts[-1], Zone.NERTS, rules.space_fill)


def may_restock(seat: Seat, rules: Rules) -> bool:
    """The waste may be turned over while the pass limit allows (§7)."""
    return rules.max_stock_passes is None or seat.passes < rules.max_stock_passes


def is_progress(move: Move) -> bool:
    """Progress: a play to a foundation, of the Nerts top or of the waste top, or the call."""
    if move.kind is MoveKind.CALL:
        return True
    if move.kind is not MoveKind.PLAY:
        return False
    return move.source is not Zone.WORK or move.target in (Zone.FOUNDATION, Zone.NEW_FOUNDATION)


def blocks_the_stock(move: Move) -> bool:
    """``when_blocked``: a play to a foundation, from the Nerts pile or from the waste (§10)."""
    return move.kind is MoveKind.PLAY and is_progress(move)


# --- move generation ------------------------------------------------------------------------


def single_sources(seat: Seat) -> list[tuple[Card, Zone, int]]:
    """The cards that may go to a foundation or slide under: Nerts, waste and work tops."""
    out: list[tuple[Card, Zone, int]] = []
    if seat.nerts:
        out.append((seat.nerts[-1], Zone.NERTS, 0))
    if seat.waste:
        out.append((seat.waste[-1], Zone.WASTE, 0))
    out += [
        (pile[-1], Zone.WORK, i) for i, pile in enumerate(seat.work) if len(pile) > seat.down[i]
    ]
    return out


def play(card: Card, source: Zone, source_index: int, target: Zone, target_index: int) -> Move:
    """A card move, in the engine's value type."""
    return Move.play(card, source, target, source_index=source_index, target_index=target_index)


def foundation_moves(pos: Position, seat: Seat, rules: Rules) -> list[Move]:
    """Every play of a Nerts, waste or work top onto a foundation, or starting a new one (§6)."""
    out = []
    for card, zone, i in single_sources(seat):
        for k, pile in enumerate(pos.foundations):
            if fits_foundation(card, pile, rules.foundation_build):
                out.append(play(card, zone, i, Zone.FOUNDATION, k))
        if may_start_foundation(card, pos.foundations, rules.foundation_limit):
            out.append(play(card, zone, i, Zone.NEW_FOUNDATION, 0))
    return out


def onto_work_pile(card: Card, source: Zone, seat: Seat, j: int, rules: Rules) -> bool:
    """Whether ``card`` (with the cards above it) may go onto work pile ``j`` (§4)."""
    target = seat.work[j]
    if not target:
        return may_fill_space(card, source, rules.space_fill)
    return fits_on_work_pile(card, target[-1])


def nerts_and_waste_to_work(seat: Seat, rules: Rules) -> list[Move]:
    """The Nerts top and the waste top onto a work pile or into a space (§4, §5)."""
    return [
        play(card, zone, i, Zone.WORK, j)
        for card, zone, i in single_sources(seat)
        if zone is not Zone.WORK
        for j in range(len(seat.work))
        if onto_work_pile(card, zone, seat, j, rules)
    ]


def work_to_work(seat: Seat, rules: Rules) -> list[Move]:
    """A movable card of a work pile, with every card above it, onto another pile (§4)."""
    return [
        play(pile[start], Zone.WORK, i, Zone.WORK, j)
        for i, pile in enumerate(seat.work)
        for start in movable_starts(pile, seat.down[i], rules.work_pile_move)
        for j in range(len(seat.work))
        if j != i and onto_work_pile(pile[start], Zone.WORK, seat, j, rules)
    ]


def slide_under_moves(seat: Seat, rules: Rules) -> list[Move]:
    """A Nerts, waste or other work top slid under a pile's base, as the space rule allows."""
    if not slide_under_open(seat, rules.slide_under):
        return []
    out = []
    for card, zone, i in single_sources(seat):
        if not may_fill_space(card, zone, rules.space_fill):
            continue
        for j, pile in enumerate(seat.work):
            if zone is Zone.WORK and j == i:
                continue
            if pile and seat.down[j] == 0 and fits_under(card, pile[0]):
                out.append(play(card, zone, i, Zone.UNDER, j))
    return out


def forced_fills(seat: Seat) -> list[Move]:
    """Racing Demon's mandatory fill: the Nerts top into any one of the spaces."""
    card = seat.nerts[-1]
    return [play(card, Zone.NERTS, 0, Zone.WORK, j) for j, pile in enumerate(seat.work) if not pile]


def card_moves(pos: Position, seat_no: int, rules: Rules) -> list[Move]:
    """Every card move of the seat."""
    seat = pos.seats[seat_no]
    if fill_is_forced(seat, rules):
        return forced_fills(seat)
    return (
        foundation_moves(pos, seat, rules)
        + nerts_and_waste_to_work(seat, rules)
        + work_to_work(seat, rules)
        + slide_under_moves(seat, rules)
    )


def stock_moves(seat_no: int, seat: Seat, rules: Rules, cards: list[Move]) -> list[Move]:
    """Turn and restock (§7), under ``when_blocked`` only while no play blocks the stock."""
    if rules.stock_access == "when_blocked" and any(blocks_the_stock(m) for m in cards):
        return []
    if seat.stock:
        return [Move.turn(seat_no)]
    if seat.waste and may_restock(seat, rules):
        return [Move.restock(seat_no)]
    return []


def moves_without_rotate(pos: Position, seat_no: int, rules: Rules) -> list[Move]:
    """Every legal move but the stuck seat's rotation."""
    if pos.status != "play":
        return []
    seat = pos.seats[seat_no]
    cards = card_moves(pos, seat_no, rules)
    if fill_is_forced(seat, rules):
        return cards  # the fill comes first: no stock action either (module docstring)
    out = cards + stock_moves(seat_no, seat, rules, cards)
    if not seat.nerts and rules.call_mode == "optional":
        out.append(Move.call(seat_no))
    return out


# --- the transition -------------------------------------------------------------------------


def turn_up_uncovered(work: list[list[Card]], down: list[int], i: int) -> None:
    """A face-down card turns up when the last face-up card above it leaves (Klondike)."""
    if down[i] and len(work[i]) == down[i]:
        down[i] -= 1


def take_cards(seat: Seat, move: Move, count: int, work: list[list[Card]], down: list[int]) -> Seat:
    """Take the ``count`` moving cards off the move's source (a work pile: off its top)."""
    if move.source is Zone.NERTS:
        return seat._replace(nerts=seat.nerts[:-1])
    if move.source is Zone.WASTE:
        return seat._replace(waste=seat.waste[:-1])
    i = move.source_index
    del work[i][len(work[i]) - count :]
    turn_up_uncovered(work, down, i)
    return seat


def moving_cards(seat: Seat, move: Move) -> list[Card]:
    """The cards a play moves: one card, or a work-pile card with every card above it."""
    assert move.card is not None
    if move.source is Zone.WORK:
        pile = seat.work[move.source_index]
        return list(pile[pile.index(move.card) :])
    return [move.card]


def play_card(pos: Position, move: Move) -> Position:
    """The position after a card move (the move is legal)."""
    seat = pos.seats[move.seat]
    cards = moving_cards(seat, move)
    work = [list(pile) for pile in seat.work]
    down = list(seat.down)
    seat = take_cards(seat, move, len(cards), work, down)
    foundations = list(pos.foundations)
    if move.target is Zone.FOUNDATION:
        foundations[move.target_index] += tuple(cards)
    elif move.target is Zone.NEW_FOUNDATION:
        foundations.append(tuple(cards))
    elif move.target is Zone.WORK:
        work[move.target_index] += cards
    else:  # slid under the base: the shortcut "fill the space, move the pile onto it"
        work[move.target_index][:0] = cards
    seat = seat._replace(work=tuple(tuple(p) for p in work), down=tuple(down))
    return pos._replace(foundations=tuple(foundations), seats=with_seat(pos, move.seat, seat))


def with_seat(pos: Position, seat_no: int, seat: Seat) -> tuple[Seat, ...]:
    """The seats of ``pos`` with seat ``seat_no`` replaced."""
    return tuple(seat if n == seat_no else old for n, old in enumerate(pos.seats))


def turned_over(waste: tuple[Card, ...]) -> tuple[Card, ...]:
    """The waste turned face down into a stock, so its first card is turned first again."""
    return waste[::-1]


def turn_stock(seat: Seat, rules: Rules) -> Seat:
    """Turn ``stock_turn`` cards onto the waste, in order; fewer left: the remainder rule."""
    n = min(rules.stock_turn, len(seat.stock))
    turned = seat.stock[::-1][:n]  # the stock's top card is turned first
    seat = seat._replace(stock=seat.stock[: len(seat.stock) - n], waste=seat.waste + turned)
    short = n < rules.stock_turn
    if short and rules.stock_remainder == "flip_immediately" and may_restock(seat, rules):
        seat = restock(seat)
    return seat


def restock(seat: Seat) -> Seat:
    """Turn the whole waste over into a new stock (one more pass)."""
    return seat._replace(stock=turned_over(seat.waste), waste=(), passes=seat.passes + 1)


def rotate(seat: Seat) -> Seat:
    """A stuck seat moves the top card of its stock to the bottom (§7)."""
    return seat._replace(stock=seat.stock[-1:] + seat.stock[:-1])


def apply_move(pos: Position, move: Move, rules: Rules) -> Position:
    """The position after a legal ``move``."""
    seat = pos.seats[move.seat]
    if move.kind is MoveKind.PLAY:
        after = play_card(pos, move)
        if rules.call_mode == "auto" and move.source is Zone.NERTS and seat.nerts[:-1] == ():
            after = after._replace(status=f"nerts:{move.seat}")
    elif move.kind is MoveKind.CALL:
        after = pos._replace(status=f"nerts:{move.seat}")
    elif move.kind is MoveKind.TURN:
        after = pos._replace(seats=with_seat(pos, move.seat, turn_stock(seat, rules)))
    elif move.kind is MoveKind.RESTOCK:
        after = pos._replace(seats=with_seat(pos, move.seat, restock(seat)))
    else:
        after = pos._replace(seats=with_seat(pos, move.seat, rotate(seat)))
    if is_progress(move):
        after = after._replace(stalled=False)
    return after


# --- stuck, by brute force ------------------------------------------------------------------


def search_key(seat: Seat, rules: Rules) -> tuple[object, ...]:
    """What tells two positions of the seat's search apart (passes only if they are limited)."""
    passes = seat.passes if rules.max_stock_passes is not None else None
    return (seat.work, seat.down, seat.stock, seat.waste, passes)


def stuck_search(pos: Position, seat_no: int, rules: Rules, limit: int) -> bool | None:
    """§7 read literally: no progress move in any position the seat reaches by moves that are
    not progress (stock turns and restocks, moves between its own work piles)."""
    if pos.status != "play":
        return False  # a finished hand has no stuck seats
    seen = {search_key(pos.seats[seat_no], rules)}
    frontier = [pos]
    while frontier:
        here = frontier.pop()
        for move in moves_without_rotate(here, seat_no, rules):
            if is_progress(move):
                return False
            there = apply_move(here, move, rules)
            key = search_key(there.seats[seat_no], rules)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                frontier.append(there)
    return True


def all_moves(pos: Position, seat_no: int, rules: Rules) -> list[Move]:
    """Every legal move, ``rotate`` included when the seat is stuck and has a stock.

    Raises:
        SearchTooLargeError: if deciding ``rotate`` needs a search past :data:`SEARCH_LIMIT`.
    """
    moves = moves_without_rotate(pos, seat_no, rules)
    if not pos.seats[seat_no].stock or any(is_progress(m) for m in moves):
        return moves  # the position itself offers progress: not stuck
    stuck = stuck_search(pos, seat_no, rules, SEARCH_LIMIT)
    if stuck is None:
        raise SearchTooLargeError(seat_no)
    return [*moves, Move.rotate(seat_no)] if stuck else moves


# --- the entry points -----------------------------------------------------------------------


def reference_moves(state: nl.GameState, seat: int) -> set[Move]:
    """Every legal move of ``seat`` in ``state``, by the reference model.

    Raises:
        SearchTooLargeError: if deciding ``rotate`` needs a search past :data:`SEARCH_LIMIT`.
    """
    return set(all_moves(position_of(state), seat, rules_of(state)))


def reference_apply(state: nl.GameState, move: Move) -> Position:
    """The position after ``move`` (which must be legal), by the reference model."""
    return apply_move(position_of(state), move, rules_of(state))


def everyone_stuck_step(pos: Position, resolution: str) -> Position:
    """The everyone-stuck step (§7) for the resolutions that need no shuffle.

    "All players must form a new stock this way": the remaining stock cards go onto the waste
    (turned as in play: the stock's top card first), the whole waste is turned over, no card
    moved (``restock``); ``rotate_one`` then moves the top card to the bottom. "If all players
    are stuck, even with a new stock, the hand ends": a second step with no progress between
    (``stalled``), or ``end_hand``, ends the hand in stalemate. Not a pass of the stock.
    """
    if pos.stalled or resolution == "end_hand":
        return pos._replace(status="stalemate")
    seats = []
    for seat in pos.seats:
        piled = seat.waste + seat.stock[::-1]
        new = seat._replace(stock=turned_over(piled), waste=())
        seats.append(rotate(new) if resolution == "rotate_one" and new.stock else new)
    return pos._replace(seats=tuple(seats), stalled=True, resolutions=pos.resolutions + 1)


def reference_resolve(state: nl.GameState) -> Position:
    """The position after the everyone-stuck step of ``state``'s variant (not ``shuffle``)."""
    return everyone_stuck_step(position_of(state), state.variant.stuck_resolution)


def reference_stuck(state: nl.GameState, seat: int, limit: int = SEARCH_LIMIT) -> bool | None:
    """Whether ``seat`` is stuck, by brute force; ``None`` if the search passes ``limit``."""
    return stuck_search(position_of(state), seat, rules_of(state), limit)


# --- back to an engine state ----------------------------------------------------------------


def pile_text(cards: tuple[Card, ...]) -> str:
    """An NFEN pile: card codes bottom first, ``-`` when empty."""
    return ".".join(card.code for card in cards) or "-"


def seat_text(seat: Seat) -> str:
    """An NFEN seat field (a Klondike pile writes its face-down cards before a ``~``)."""
    fields = [pile_text(seat.nerts)]
    for pile, down in zip(seat.work, seat.down, strict=True):
        up = pile_text(pile[down:])
        fields.append(f"{pile_text(pile[:down])}~{up}" if down else up)
    fields += [pile_text(seat.stock), pile_text(seat.waste), str(seat.passes)]
    return "|".join(fields)


def state_from(pos: Position, variant: nl.Variant, seed: int) -> nl.GameState:
    """The engine state of a :class:`Position`, written as NFEN (which the engine validates)."""
    foundations = "/".join(
        ".".join(f"{card.code}{card.owner}" for card in pile) for pile in pos.foundations
    )
    resolutions = f"r{pos.resolutions}{'!' if pos.stalled else ''}"
    fields = [variant.to_spec(), foundations or "-", *map(seat_text, pos.seats)]
    fields += [pos.status, resolutions, f"s{seed}"]
    return nl.GameState.from_nfen(" ".join(fields))
