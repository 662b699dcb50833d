"""The action encoding, observations and simultaneous step shared by the RL adapters.

The OpenSpiel, PettingZoo and Gymnasium adapters all speak the same numbers, defined here with
nothing but nertslib itself (no numpy), so that a policy trained through one framework reads
the others' actions and observations.

**Supported variants.** Every :class:`~nertslib.Variant` (presets, spec strings such as
``"standard,jokers_per_deck=2"``, or values) with 1 to 8 seats: the encoding is sized for the
largest table the engine deals (8 seats, 8 work piles, 2 jokers per deck, 48 foundations).
Anything else, such as an unknown preset or a 9-seat table, is refused with a
:class:`ValueError` by :func:`check_supported`, which every adapter calls.

**Actions** are ints in ``range(NUM_ACTIONS)``, the same in every variant and seat count:

* ``PASS`` (0): wait; for a stuck seat it rotates the stock (see below).
* ``TURN`` (1), ``RESTOCK`` (2), ``CALL`` (3): turn the stock onto the waste; turn the waste
  over; call "Nerts!".
* ``FOUNDATION_BASE + (s * 49 + t) * 4 + u``: the top card of source ``s`` onto foundation
  target ``t``, played as suit ``u``.
* ``WORK_BASE + r * 8 + j``: run source ``r`` onto (or into) work pile ``j``.
* ``UNDER_BASE + s * 8 + j``: the top card of source ``s`` slid under work pile ``j``.

A *source* ``s`` is 0 for the Nerts top, 1 for the waste top, ``2 + i`` for the top card of
work pile ``i``. A *foundation target* ``t`` is foundation ``t`` (0–47, the index in
:attr:`~nertslib.GameState.foundations`) or 48 for a new foundation. The *suit* ``u``
(``int(Suit)``) is the card's own suit, or for a joker the suit it is declared as; the declared
rank is the one that foundation needs (an Ace on a new one), so a declaration is complete. A
*run source* ``r`` is 0 for the Nerts top, 1 for the waste top, ``2 + i*13 + (L - 1)`` for the
top ``L`` face-up cards of work pile ``i`` moving together.

**PASS and rotate.** A seat may rotate its stock only while it is stuck, and being stuck
depends on the order of its own face-down stock, which it cannot see: an action mask offering
``rotate`` would leak hidden cards. So there is no rotate action: ``PASS`` is always legal,
and when the passing seat is stuck (and has a stock) it rotates, as a stuck player does while
waiting. Every other legal action depends only on the seat's :func:`~nertslib.view`.

**A step** (:func:`settle`): every seat chooses one action at once; the decoded moves go to
:func:`~nertslib.arbitrate` as one batch, seat ``step % seats`` first and the others after it in
seat order (the priority rotates, so no seat always wins races; ties follow the variant's
``tie_policy``); then, while :func:`~nertslib.all_stuck` holds,
:func:`~nertslib.resolve_stalemate` is applied, which ends a hand stuck twice running.

**Rewards** are changes of :func:`~nertslib.hand_scores`; **observations**
(:func:`observe`) are built from a :class:`~nertslib.View` alone.

>>> import nertslib as nl
>>> from nertslib.adapters import encoding
>>> state = encoding.new_hand("standard", seats=2, seed=1)
>>> move = nl.greedy_bot(nl.view(state, 0), 0)
>>> move, encoding.encode(state, move), encoding.describe(encoding.encode(state, move))
(Move.parse('0:AH@P2>F+'), 982, 'P2>F+ as H')
>>> encoding.decode(state, 0, 982) == move
True
>>> len(encoding.legal_actions(state, 0)), encoding.NUM_ACTIONS
(3, 2892)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from nertslib.cards import (
    ACE,
    DECK_SPAN,
    DECLARED_BASE,
    KING,
    MAX_JOKERS,
    MAX_SEATS,
    Card,
    Suit,
    card_from_id,
)
from nertslib.deal import deal
from nertslib.errors import Rejection, ViewSeatError
from nertslib.moves import Move, MoveKind, Zone
from nertslib.rules import is_legal, legal_moves
from nertslib.scoring import hand_scores
from nertslib.stalemate import resolve_stalemate
from nertslib.state import GameState
from nertslib.stuck import all_stuck
from nertslib.table import arbitrate
from nertslib.variants import Variant
from nertslib.views import SeatView, View, view

__all__ = [
    "CALL",
    "FOUNDATION_BASE",
    "MAX_FOUNDATIONS",
    "MAX_RUN",
    "MAX_WORK_PILES",
    "NEW_FOUNDATION",
    "NUM_ACTIONS",
    "PASS",
    "RESTOCK",
    "TURN",
    "UNDER_BASE",
    "WORK_BASE",
    "action_index",
    "check_supported",
    "decode",
    "describe",
    "encode",
    "legal_actions",
    "new_hand",
    "observation_fields",
    "observation_size",
    "observe",
    "play_move",
    "play_parts",
    "rewards",
    "score_bounds",
    "settle",
]

PASS: Final = 0
"""Wait (always legal); a stuck seat with a stock rotates it instead."""
TURN: Final = 1
"""Turn cards from the stock onto the waste."""
RESTOCK: Final = 2
"""Turn the waste over into a new stock."""
CALL: Final = 3
"""Call "Nerts!"."""

MAX_WORK_PILES: Final = 8
"""The most work piles a variant deals (``Variant.work_piles`` is 1–8)."""
MAX_RUN: Final = KING
"""The most face-up cards a work pile holds (a run from King down to Ace)."""
MAX_FOUNDATIONS: Final = MAX_SEATS * (4 + MAX_JOKERS)
"""The most foundations a hand can start (one per Ace and per joker declared as an Ace)."""
NEW_FOUNDATION: Final = MAX_FOUNDATIONS
"""The foundation target that starts a new foundation."""

_SOURCES: Final = 2 + MAX_WORK_PILES
_TARGETS: Final = MAX_FOUNDATIONS + 1
_RUN_SOURCES: Final = 2 + MAX_WORK_PILES * MAX_RUN
FOUNDATION_BASE: Final = 4
"""The first foundation action, ``FOUNDATION_BASE + (source * 49 + target) * 4 + suit``."""
WORK_BASE: Final = FOUNDATION_BASE + _SOURCES * _TARGETS * 4
"""The first work-pile action, ``WORK_BASE + run_source * 8 + pile``."""
UNDER_BASE: Final = WORK_BASE + _RUN_SOURCES * MAX_WORK_PILES
"""The first slide-under action, ``UNDER_BASE + source * 8 + pile``."""
NUM_ACTIONS: Final = UNDER_BASE + _SOURCES * MAX_WORK_PILES
"""How many actions there are (2892), in every supported variant and seat count."""

_CLIP: Final = 127  # observations are small ints: they fit an int8
_SINGLE: Final = (Zone.NERTS, Zone.WASTE)
_WORDS: Final = ("pass", "turn", "restock", "nerts")


def check_supported(variant: Variant | str, seats: int) -> Variant:
    """The variant named by ``variant`` (a :class:`~nertslib.Variant`, preset or spec string).

    Raises:
        ValueError: for an unknown preset, a bad spec, or a seat count other than 1–8,
            quoting the input.

    >>> from nertslib.adapters.encoding import check_supported
    >>> check_supported("standard,stock_turn=1", 4).stock_turn
    1
    >>> check_supported("chess", 2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: unknown variant: 'chess' (known: standard, nna, racing_demon, pounce)
    >>> check_supported("standard", 9)
    Traceback (most recent call last):
    ...
    ValueError: the adapters play 1..8 seats; got 9
    """  # noqa: E501 - a doctest output line
    given = cast(object, variant)
    if isinstance(given, Variant):
        rules = given
    elif isinstance(given, str):
        rules = Variant.from_spec(given)
    else:
        msg = f"variant must be a Variant, a preset name or a spec string; got {variant!r:.80}"
        raise ValueError(msg)
    if type(seats) is not int or not 1 <= seats <= MAX_SEATS:
        msg = f"the adapters play 1..{MAX_SEATS} seats; got {seats!r:.80}"
        raise ValueError(msg)
    rules.check_seats(seats)
    return rules


def new_hand(variant: Variant | str, seats: int, seed: int) -> GameState:
    """The deal of ``seed``, with an everyone-stuck start already resolved (see :func:`settle`).

    >>> from nertslib.adapters.encoding import new_hand
    >>> new_hand("standard", seats=2, seed=3) == new_hand("standard", seats=2, seed=3)
    True
    """
    return _resolved(deal(check_supported(variant, seats), seats=seats, seed=seed))


def _resolved(state: GameState) -> GameState:
    # Twice stuck with no progress between ends the hand, so this loop runs at most twice.
    while all_stuck(state):
        state = resolve_stalemate(state)
    return state


# --- actions ----------------------------------------------------------------------------------


def action_index(action: object) -> int:
    """``action`` as a plain int, if it is an integer (NumPy's too) in ``range(NUM_ACTIONS)``.

    Raises:
        ValueError: for anything else (floats, strings and bools included), quoting it.

    >>> from nertslib.adapters.encoding import action_index
    >>> action_index(5)
    5
    >>> action_index(2.0)
    Traceback (most recent call last):
    ...
    ValueError: an action is an int in range(2892); got 2.0
    """
    index = getattr(type(action), "__index__", None)
    value = index(action) if index is not None and not isinstance(action, bool) else -1
    if not 0 <= value < NUM_ACTIONS:
        msg = f"an action is an int in range({NUM_ACTIONS}); got {action!r:.80}"
        raise ValueError(msg)
    return int(value)


def _seat_view(seen: GameState | View, seat: int) -> SeatView:
    """``seat``'s own layout as its view shows it, from a position or from its view."""
    if isinstance(seen, View):
        if seen.seat != seat or type(seat) is not int:
            who = "a spectator's view" if seen.seat is None else f"seat {seen.seat}'s view"
            msg = f"{who} cannot tell the actions of seat {seat!r:.20}"
            raise ViewSeatError(msg)
        return seen.seats[seat]
    own = view(seen, seat).own  # raises for a seat that does not play
    assert own is not None
    return own


def _source_slot(move: Move) -> int:
    if move.source is Zone.WORK:
        if move.source_index >= MAX_WORK_PILES:
            msg = f"work pile {move.source_index} is beyond the encoding: {move}"
            raise ValueError(msg)
        return 2 + move.source_index
    return 0 if move.source is Zone.NERTS else 1


def _encode(move: Move, own: SeatView) -> int:
    if move.kind is not MoveKind.PLAY:
        return {MoveKind.ROTATE: PASS, MoveKind.TURN: TURN, MoveKind.RESTOCK: RESTOCK}.get(
            move.kind, CALL
        )
    card = move.card
    assert card is not None
    src = _source_slot(move)
    if move.to_foundation:
        target = NEW_FOUNDATION if move.target is Zone.NEW_FOUNDATION else move.target_index
        if card.suit is None or target > NEW_FOUNDATION:
            msg = f"not a foundation play the encoding knows: {move}"
            raise ValueError(msg)
        return FOUNDATION_BASE + (src * _TARGETS + target) * 4 + int(card.suit)
    if move.target_index >= MAX_WORK_PILES:
        msg = f"work pile {move.target_index} is beyond the encoding: {move}"
        raise ValueError(msg)
    if move.target is Zone.UNDER:
        return UNDER_BASE + src * MAX_WORK_PILES + move.target_index
    if move.source is Zone.WORK:
        pile = own.work[move.source_index] if move.source_index < len(own.work) else ()
        if card.id not in pile:
            msg = f"{card.code} is not face up in work pile {move.source_index}: {move}"
            raise ValueError(msg)
        src = 2 + move.source_index * MAX_RUN + len(pile) - pile.index(card.id) - 1
    return WORK_BASE + src * MAX_WORK_PILES + move.target_index


def encode(state: GameState | View, move: Move) -> int:
    """The action that stands for ``move`` in ``state`` (``rotate`` is :data:`PASS`).

    ``state`` may be a position, or the view of ``move``'s seat: the result is the same.

    Raises:
        ValueError: if ``move``'s seat does not play, or its card is not where it says
            (a work-pile run is counted from the state), or ``state`` is another seat's view.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import describe, encode, new_hand
    >>> state = new_hand("standard", seats=2, seed=1)
    >>> describe(encode(state, nl.Move.turn(1))), describe(encode(state, nl.Move.rotate(1)))
    ('turn', 'pass')
    """
    return _encode(move, _seat_view(state, move.seat))


def _top(own: SeatView, source: int, depth: int = 1) -> tuple[Zone, int, Card]:
    """The zone, index and card ``depth`` cards down from the top of ``source``."""
    if source < 2:
        pile = own.nerts if source == 0 else own.waste
        zone, index = _SINGLE[source], 0
    else:
        index = source - 2
        pile = own.work[index] if index < len(own.work) else ()
        zone = Zone.WORK
    if len(pile) < depth:
        msg = f"seat {own.seat} has no card there: {_zone_name(zone, index)} holds {len(pile)}"
        raise ValueError(msg)
    return zone, index, card_from_id(pile[-depth])


def _zone_name(zone: Zone, index: int) -> str:
    return f"{zone.code}{index}" if zone is Zone.WORK else zone.code


def _played_as(state: GameState | View, card: Card, target: int, suit: int) -> Card:
    """``card`` as it lands on foundation ``target`` as ``suit``: a joker is declared."""
    if not card.is_joker:
        if card.suit is None or int(card.suit) != suit:
            msg = f"{card.code} cannot play as suit {Suit(suit).code}"
            raise ValueError(msg)
        return card
    if target == NEW_FOUNDATION:
        rank = ACE
    elif target < len(state.fnd):
        rank = card_from_id(state.fnd[target][-1]).rank + 1
    else:
        msg = f"foundation {target} does not exist (there are {len(state.fnd)})"
        raise ValueError(msg)
    if rank > KING:
        msg = f"foundation {target} is complete"
        raise ValueError(msg)
    return Card(card.owner, Suit(suit), rank, card.joker)


def decode(state: GameState | View, seat: int, action: int) -> Move | None:
    """The move ``action`` stands for when ``seat`` plays it in ``state``; ``None``: a wait.

    :data:`PASS` decodes to ``rotate`` when that is legal (the seat is stuck), else ``None``.
    Given ``seat``'s view instead of the position, it decodes to ``rotate`` where the view
    proves the seat stuck (:meth:`~nertslib.View.proves_stuck`), else to ``None``: every other
    action decodes the same from the view as from the position. The move returned may still
    be illegal (check with :func:`nertslib.is_legal`); use :func:`legal_actions` for the
    legal ones.

    Raises:
        ValueError: if ``action`` is out of range, ``seat`` does not play, the action
            names a card or pile this position does not have, or ``state`` is another
            seat's view.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import WORK_BASE, decode, new_hand
    >>> state = new_hand("standard", seats=2, seed=1)
    >>> decode(state, 1, 1), decode(state, 0, 0)
    (Move.parse('1:turn'), None)
    >>> move = decode(state, 0, WORK_BASE + 0 * 8 + 3)  # the Nerts top onto work pile 3
    >>> move, nl.is_legal(state, move)
    (Move.parse('0:10C@N>P3'), False)
    >>> decode(state, 0, WORK_BASE + 1 * 8 + 3)  # the waste top: the waste is empty
    Traceback (most recent call last):
    ...
    ValueError: seat 0 has no card there: W holds 0
    """
    action = action_index(action)
    own = _seat_view(state, seat)
    if action == PASS:
        rotate = Move.rotate(seat)
        if isinstance(state, View):
            return rotate if state.status is None and state.proves_stuck(seat) else None
        return rotate if is_legal(state, rotate) else None
    if action < FOUNDATION_BASE:
        return (Move.turn, Move.restock, Move.call)[action - 1](seat)
    source, depth, target_zone, target, suit = play_parts(action)
    _zone, _index, card = _top(own, source, depth)
    if target_zone in _TO_FOUNDATION:
        card = _played_as(state, card, target, suit)
    return play_move(card, source, target_zone, target)


_TO_FOUNDATION: Final = (Zone.FOUNDATION, Zone.NEW_FOUNDATION)


def play_parts(action: int) -> tuple[int, int, Zone, int, int]:
    """What a play action names: ``(source, depth, target zone, target, suit)``.

    ``depth`` counts the cards that move (a work-pile run; 1 otherwise); ``target`` is the
    foundation (``NEW_FOUNDATION`` for a new one) or work pile; ``suit`` is the foundation
    play's suit (0 for the others). :func:`decode` reads every play action through it.

    Raises:
        ValueError: for an action out of range or not a play (``PASS`` .. ``CALL``).

    >>> from nertslib.adapters.encoding import WORK_BASE, play_parts
    >>> play_parts(WORK_BASE + (2 + 1 * 13 + 2) * 8 + 0)  # P1x3>P0
    (3, 3, Zone.WORK, 0, 0)
    """
    action = action_index(action)
    if action < FOUNDATION_BASE:
        msg = f"action {action} ({_WORDS[action]}) is not a play"
        raise ValueError(msg)
    if action < WORK_BASE:
        source, rest = divmod(action - FOUNDATION_BASE, _TARGETS * 4)
        target, suit = divmod(rest, 4)
        zone = Zone.NEW_FOUNDATION if target == NEW_FOUNDATION else Zone.FOUNDATION
        return source, 1, zone, target, suit
    if action < UNDER_BASE:
        run, pile = divmod(action - WORK_BASE, MAX_WORK_PILES)
        if run < 2:
            return run, 1, Zone.WORK, pile, 0
        i, depth = divmod(run - 2, MAX_RUN)
        return 2 + i, depth + 1, Zone.WORK, pile, 0
    source, pile = divmod(action - UNDER_BASE, MAX_WORK_PILES)
    return source, 1, Zone.UNDER, pile, 0


def play_move(card: Card, source: int, target_zone: Zone, target: int) -> Move:
    """The move of ``card`` (as it plays) from ``source`` to a target :func:`play_parts` named.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import NEW_FOUNDATION, play_move
    >>> play_move(nl.Card.parse("AH"), 4, nl.Zone.NEW_FOUNDATION, NEW_FOUNDATION)
    Move.parse('0:AH@P2>F+')
    """
    zone, index = (_SINGLE[source], 0) if source < 2 else (Zone.WORK, source - 2)
    if target_zone is Zone.NEW_FOUNDATION:
        return Move.play(card, zone, target_zone, source_index=index)
    return Move.play(card, zone, target_zone, source_index=index, target_index=target)


def legal_actions(state: GameState | View, seat: int) -> tuple[int, ...]:
    """The legal actions of ``seat``, ascending: :data:`PASS` and one per legal move.

    ``rotate`` is left out (:data:`PASS` stands for it), so the result depends only on what
    ``seat`` sees, and ``state`` may be the position or ``seat``'s view: the result is the
    same. A finished hand has no legal actions.

    Raises:
        ValueError: if ``seat`` does not play, or ``state`` is another seat's view.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import describe, legal_actions, new_hand
    >>> state = new_hand("standard", seats=2, seed=1)
    >>> [describe(a) for a in legal_actions(state, 0)]
    ['pass', 'turn', 'P2>F+ as H']
    >>> legal_actions(nl.view(state, 0), 0) == legal_actions(state, 0)
    True
    """
    own = _seat_view(state, seat)
    if state.is_over:
        return ()
    actions = {PASS}
    actions.update(_encode(m, own) for m in legal_moves(state, seat) if m.kind is not _ROTATE)
    return tuple(sorted(actions))


_ROTATE: Final = MoveKind.ROTATE


def describe(action: int) -> str:
    """A short name of ``action``, the same in every position (distinct for every action).

    Raises:
        ValueError: if ``action`` is out of range.

    >>> from nertslib.adapters.encoding import UNDER_BASE, WORK_BASE, describe
    >>> describe(3), describe(WORK_BASE + (2 + 1 * 13 + 2) * 8 + 0), describe(UNDER_BASE + 1)
    ('nerts', 'P1x3>P0', 'N>U1')
    """
    action = action_index(action)
    if action < FOUNDATION_BASE:
        return _WORDS[action]
    if action < WORK_BASE:
        source, rest = divmod(action - FOUNDATION_BASE, _TARGETS * 4)
        target, suit = divmod(rest, 4)
        where = "F+" if target == NEW_FOUNDATION else f"F{target}"
        return f"{_source_name(source)}>{where} as {Suit(suit).code}"
    if action < UNDER_BASE:
        run, pile = divmod(action - WORK_BASE, MAX_WORK_PILES)
        if run < 2:
            return f"{_source_name(run)}>P{pile}"
        i, depth = divmod(run - 2, MAX_RUN)
        return f"P{i}x{depth + 1}>P{pile}"
    source, pile = divmod(action - UNDER_BASE, MAX_WORK_PILES)
    return f"{_source_name(source)}>U{pile}"


def _source_name(source: int) -> str:
    return ("N", "W")[source] if source < 2 else f"P{source - 2}"


# --- the step ---------------------------------------------------------------------------------


def settle(
    state: GameState, moves: Sequence[Move | None], step: int
) -> tuple[GameState, tuple[Rejection | None, ...]]:
    """Play one simultaneous step: ``moves[seat]`` for every seat (``None``: it waits).

    The moves form one :func:`~nertslib.arbitrate` batch, seat ``step % seats`` first, then
    the next seats in order; then everyone-stuck positions are resolved. Returns the new state
    and, by seat, the rejection of that seat's move (``None``: accepted, or no move).

    Raises:
        ValueError: if there is not one entry per seat, or a move names another seat.

    Both seats offer a 2♠ onto the A♠ of foundation 0 in one step; under the standard
    ``tie_policy="both_keep"`` both keep their cards there:

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import settle
    >>> state = nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))
    >>> moves = [nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")]
    >>> after, rejected = settle(state, moves, step=1)
    >>> rejected, len(after.foundations[0])
    ((None, None), 3)
    """
    n = len(state.layouts)
    if len(moves) != n:
        msg = f"settle needs one entry per seat: {n} seats, {len(moves)} entries"
        raise ValueError(msg)
    order = [(step + k) % n for k in range(n)]
    seats = [s for s in order if moves[s] is not None]
    batch = []
    for s in seats:
        move = moves[s]
        assert move is not None
        if move.seat != s:
            msg = f"entry {s} of a step is a move of seat {move.seat}: {move}"
            raise ValueError(msg)
        batch.append(move)
    after, results = arbitrate(state, batch)
    rejected: list[Rejection | None] = [None] * n
    for s, result in zip(seats, results, strict=True):
        rejected[s] = result
    return _resolved(after), tuple(rejected)


def score_bounds(variant: Variant) -> tuple[int, int]:
    """Bounds on any seat's hand score under ``variant`` (low < high), for utility ranges.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import score_bounds
    >>> score_bounds(nl.variants.get("standard"))
    (-26, 52)
    """
    j = variant.jokers_per_deck
    terms = (
        variant.foundation_points * (52 + j),
        variant.king_bonus * (4 + j),
        -variant.nerts_penalty * variant.nerts_pile_size,
        variant.caller_bonus,
    )
    low = sum(min(0, t) for t in terms)
    return low, max(sum(max(0, t) for t in terms), low + 1)


def rewards(before: GameState, after: GameState) -> tuple[int, ...]:
    """Every seat's score change from ``before`` to ``after`` (see :func:`~nertslib.hand_scores`).

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import rewards
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> rewards(state, nl.apply(state, nl.Move.parse("0:AH@P2>F+")))
    (1, 0)
    """
    return tuple(b - a for a, b in zip(hand_scores(before), hand_scores(after), strict=True))


# --- observations -----------------------------------------------------------------------------


def _dims(variant: Variant, seats: int) -> tuple[int, int, int]:
    """Work piles, deck size and foundation slots of a ``seats``-seat hand of ``variant``."""
    jokers = variant.jokers_per_deck
    slots = 4 if variant.foundation_limit == "one_per_suit" else seats * (4 + jokers)
    return variant.work_pile_count(seats), 52 + jokers, slots


def observation_size(variant: Variant, seats: int) -> int:
    """The length of :func:`observe`'s list for a ``seats``-seat hand of ``variant``.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import observation_size
    >>> observation_size(nl.variants.get("standard"), 2)
    1278
    """
    work, deck, slots = _dims(variant, seats)
    return seats * (5 + 2 * work + deck * (work + 4)) + slots * 52 + _STATUS


_STATUS: Final = 4  # the last values: over, stalled, resolutions, priority
_SEAT_COUNTS: Final = ("nerts_size", "hidden_nerts", "stock_size", "waste_size", "passes")


def observation_fields(variant: Variant | str, seats: int) -> dict[str, slice]:
    """Every named slice of :func:`observe`'s list, in order, for ``seats`` seats of ``variant``.

    Seat ``k`` in a name is the ``k``-th seat *from the viewer* (``seat0`` is the viewer
    itself). Per seat: ``seat{k}.nerts_size``, ``.hidden_nerts``, ``.stock_size``,
    ``.waste_size``, ``.passes``, then ``.work{j}.face_up`` and ``.work{j}.face_down`` for each
    work pile, then ``.cards``: for each card of the deck (index ``suit * 13 + rank - 1``,
    jokers after) ``W + 4`` values (the one-hot of its place: Nerts, waste, work piles,
    foundations; then its depth). Then ``foundations`` (52 per slot, the top's face), and the
    single values ``over``, ``stalled``, ``resolutions`` and ``priority``.

    Raises:
        ValueError: for an unsupported variant or seat count.

    >>> from nertslib.adapters.encoding import observation_fields
    >>> fields = observation_fields("standard", 2)
    >>> fields["seat0.nerts_size"], fields["seat1.cards"], fields["priority"]
    (slice(0, 1, None), slice(442, 858, None), slice(1277, 1278, None))
    >>> list(fields)[4:7]
    ['seat0.passes', 'seat0.work0.face_up', 'seat0.work0.face_down']
    """
    rules = check_supported(variant, seats)
    work, deck, slots = _dims(rules, seats)
    sizes: list[tuple[str, int]] = []
    for k in range(seats):
        sizes += [(f"seat{k}.{name}", 1) for name in _SEAT_COUNTS]
        for j in range(work):
            sizes += [(f"seat{k}.work{j}.face_up", 1), (f"seat{k}.work{j}.face_down", 1)]
        sizes.append((f"seat{k}.cards", deck * (work + 4)))
    sizes += [("foundations", slots * 52), ("over", 1), ("stalled", 1), ("resolutions", 1)]
    sizes.append(("priority", 1))
    fields, at = {}, 0
    for name, size in sizes:
        fields[name] = slice(at, at + size)
        at += size
    return fields


def observe(v: View, priority: int = 0) -> list[int]:
    """The observation of view ``v``: a flat list of small ints (0–127), built from ``v`` alone.

    Its length is :func:`observation_size`. Seats come in the viewer's order (the viewer
    first, then the next seats; a spectator sees seat 0 first). For each seat:

    * 5 + 2W counts (W: work piles): Nerts cards, hidden Nerts cards, stock cards, waste
      cards, waste turnovers, then for each work pile its face-up and its face-down cards;
    * for each card of its deck (52, then its jokers; index ``suit * 13 + rank - 1``),
      W + 4 values: where the view shows it (one-hot over Nerts pile, waste, work pile 0 ..
      W-1, foundations; all zero when unseen) and how deep (0 = the top of its pile).

    Then for each foundation slot (4 per deck and one per joker; 4 under
    ``foundation_limit="one_per_suit"``) a one-hot of its top card's face (a declared joker
    counts as the card it stands for; zeros for a slot not yet started), then: the hand
    is over, it is stalled, and how many stuck resolutions it had; last, ``priority``: how
    many seats' moves are settled before the viewer's in the coming step, 0 when it wins
    every race it enters (in the adapters ``(seat - step) % seats``, see :func:`settle`; a
    :func:`~nertslib.adapters.policies.policy_bot` in :func:`~nertslib.play_hand`, where seats act
    in seat order, is given its seat number). :func:`observation_fields` names every slice.

    >>> import nertslib as nl
    >>> from nertslib.adapters.encoding import observation_size, observe
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> obs = observe(nl.view(state, 0))
    >>> len(obs) == observation_size(state.variant, 2), obs[:5], max(obs)
    (True, [13, 12, 35, 0, 0], 35)
    """
    n = len(v.seats)
    if type(priority) is not int or not 0 <= priority < n:
        msg = f"priority must be an int in range({n}); got {priority!r:.80}"
        raise ValueError(msg)
    work, deck, slots = _dims(v.variant, n)
    per_card = work + 4
    block = 5 + 2 * work + deck * per_card
    out = [0] * (n * block + slots * 52 + _STATUS)
    first = v.seat or 0
    seat_at = [(q - first) % n * block for q in range(n)]
    for sv in v.seats:
        at = seat_at[sv.seat]
        downs = sv.face_down_counts
        out[at : at + 5] = [
            sv.nerts_size,
            sv.hidden_nerts,
            min(sv.stock_size, _CLIP),
            min(sv.waste_size, _CLIP),
            min(sv.passes, _CLIP),
        ]
        for j, pile in enumerate(sv.work):
            out[at + 5 + 2 * j] = len(pile)
            out[at + 6 + 2 * j] = downs[j]
        cards = at + 5 + 2 * work
        base = sv.seat * DECK_SPAN
        for where, pile in enumerate((sv.nerts, sv.waste, *sv.work)):
            for depth, card in enumerate(reversed(pile)):
                slot = cards + (card - base) * per_card
                out[slot + where] = 1
                out[slot + per_card - 1] = depth  # < 54: a pile holds one deck at most
    _observe_foundations(v, out, [at + 5 + 2 * work for at in seat_at], per_card)
    status = len(out) - _STATUS
    out[status:] = [int(v.is_over), int(v.stalled), min(v.resolutions, _CLIP), priority]
    return out


def _observe_foundations(v: View, out: list[int], cards_at: list[int], per_card: int) -> None:
    """Mark every foundation card as on the foundations, and each slot's top face."""
    work, _deck, slots = _dims(v.variant, len(v.seats))
    at = len(out) - _STATUS - slots * 52
    on_foundation = work + 2
    for k, pile in enumerate(v.fnd):
        face = 0
        for card in pile:  # card ids as Card.id documents them: a joker here is declared
            if card < DECLARED_BASE:
                owner, face = divmod(card, DECK_SPAN)
                index = face
            else:
                pair, face = divmod(card - DECLARED_BASE, 52)
                owner, joker = divmod(pair, MAX_JOKERS)
                index = 52 + joker
            out[cards_at[owner] + index * per_card + on_foundation] = 1
        out[at + k * 52 + face] = 1  # the face of the top card
