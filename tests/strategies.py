"""Hypothesis strategies over the whole variant space and over reachable positions."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import settings
from hypothesis import strategies as st

import nertslib as nl
from nertslib.cards import CARDS, DECK_SPAN
from nertslib.deal import SplitMix64

#: The examples a test runs under the ``ci`` profile are the reference for :func:`examples`.
CI_EXAMPLES = 200


def examples(ci_count: int, **kwargs: Any) -> settings:
    """Settings for a test that runs ``ci_count`` examples under the ``ci`` profile.

    An explicit ``max_examples`` would override every profile, so expensive tests scale with
    the active one instead: a quarter under ``dev``, a twentieth under ``mutation`` (mutmut
    runs the suite once per mutant), 25 times under ``deep``; never fewer than three.
    """
    scaled = ci_count * settings().max_examples // CI_EXAMPLES
    return settings(max_examples=max(3, scaled), **kwargs)


#: Every value the engine accepts, per knob (rules.md §11), except the reserved ones.
KNOBS: dict[str, st.SearchStrategy[object]] = {
    "nerts_pile_size": st.integers(1, 26),
    "nerts_pile_face_up": st.booleans(),
    "work_piles": st.one_of(st.integers(1, 8), st.just("by_seat_count")),
    "work_pile_layout": st.sampled_from(["single", "klondike"]),
    "work_pile_move": st.sampled_from(["any_suffix", "top_card", "whole_pile"]),
    "space_fill": st.sampled_from(["any", "nerts_only", "king_only"]),
    "space_fill_mandatory": st.booleans(),
    "slide_under": st.sampled_from(["off", "needs_space", "always"]),
    "foundation_build": st.sampled_from(["same_suit", "alt_colour", "any_suit", "by_seat_count"]),
    "foundation_limit": st.sampled_from(["unlimited", "one_per_suit"]),
    "tie_policy": st.sampled_from(["first_wins", "both_keep"]),
    "stock_turn": st.sampled_from([1, 3]),
    "stock_remainder": st.sampled_from(["partial_turn", "flip_immediately"]),
    "max_stock_passes": st.one_of(st.none(), st.integers(0, 3)),
    "stock_access": st.sampled_from(["anytime", "when_blocked"]),
    "stuck_resolution": st.sampled_from(["restock", "rotate_one", "shuffle", "end_hand"]),
    "call_mode": st.sampled_from(["optional", "auto"]),
    "caller_bonus": st.integers(-20, 20),
    "foundation_points": st.integers(-3, 3),
    "nerts_penalty": st.integers(-3, 3),
    "king_bonus": st.integers(-5, 5),
    "target_score": st.integers(1, 500),
    "joker_binding": st.sampled_from(["permanent", "while_covered"]),
    "jokers_per_deck": st.integers(0, 2),
}


@st.composite
def variants(draw: st.DrawFn) -> nl.Variant:
    """Any valid Variant: each knob is either its standard value or drawn from its range."""
    preset = draw(st.sampled_from(nl.variants.names()))
    changes = draw(st.fixed_dictionaries({}, optional=KNOBS))
    data = nl.variants.get(preset).to_dict()
    data.update(changes)
    if data["work_pile_layout"] == "klondike":
        # The Klondike deal takes 1 + 2 + ... + n work cards: keep the Nerts pile within the deck.
        most = 6 if data["work_piles"] == "by_seat_count" else data["work_piles"]
        data["nerts_pile_size"] = min(data["nerts_pile_size"], 52 - most * (most + 1) // 2)
    return nl.Variant.from_dict(data)


def _play(
    state: nl.GameState, steps: int, seed: int, greedy: int
) -> tuple[nl.GameState, list[nl.Move]]:
    """Play ``steps`` actions: a random seat, greedy with chance greedy/10, else random."""
    rng = SplitMix64(seed)
    n = len(state.seats)
    log: list[nl.Move] = []
    for _ in range(steps):
        if state.is_over:
            break
        if nl.all_stuck(state):
            state = nl.resolve_stalemate(state)
            continue
        seat = rng.below(n)
        moves = nl.legal_moves(state, seat)
        if not moves:
            continue
        choice = nl.greedy_bot(nl.view(state, seat), seat) if rng.below(10) < greedy else None
        move = choice or moves[rng.below(len(moves))]
        state = nl.apply(state, move)
        log.append(move)
    return state, log


@st.composite
def games(
    draw: st.DrawFn, max_seats: int = 4, max_steps: int = 250, any_variant: bool = True
) -> tuple[nl.GameState, list[nl.Move]]:
    """A reachable position and the moves that reached it, over the variant space."""
    variant = draw(variants()) if any_variant else nl.variants.get("standard")
    seats = draw(st.integers(1, max_seats))
    seed = draw(st.integers(0, 2**32))
    start = nl.deal(variant, seats, seed)
    steps = draw(st.integers(0, max_steps))
    greedy = draw(st.integers(0, 10))
    return _play(start, steps, seed ^ 0x5EED, greedy)


def states(**kwargs: object) -> st.SearchStrategy[nl.GameState]:
    """A reachable position (see :func:`games`)."""
    return games(**kwargs).map(lambda g: g[0])  # type: ignore[arg-type]


def candidate_moves(state: nl.GameState, seat: int) -> list[nl.Move]:
    """A finite superset of the interesting moves of ``seat``: every card near a source,
    to every target index that exists (and one past), plus the non-card actions."""
    lay = state.seats[seat]
    nwork = len(lay.work)
    sources: list[tuple[int, str]] = []
    sources += [(c, "N") for c in lay.nerts[-2:]]
    sources += [(c, "W") for c in lay.deck[max(0, lay.cursor - 2) : lay.cursor + 1]]
    for i, pile in enumerate(lay.work):
        sources += [(c, f"P{i}") for c in pile]
        if lay.nerts:
            sources.append((lay.nerts[-1], f"P{i}"))
    sources.append((seat * DECK_SPAN + 12, f"P{nwork}"))
    targets = [f"F{k}" for k in range(len(state.fnd) + 1)] + ["F+"]
    targets += [f"P{j}" for j in range(nwork + 1)] + [f"U{j}" for j in range(nwork + 1)]
    out = [
        nl.Move.parse(f"{seat}:{CARDS[c].code}@{src}>{dst}")
        for c, src in sources
        for dst in targets
    ]
    # Jokers: every declaration (and a declared joker named as moving between piles is
    # malformed, so it is not a candidate).
    jokers = {(c, src) for c, src in sources if CARDS[c].is_joker}
    out += [
        nl.Move.parse(f"{seat}:{CARDS[c].code}={code}@{src}>{dst}")
        for c, src in sorted(jokers)
        for code in (CARDS[i].code for i in range(52))
        for dst in targets
        if dst[0] == "F"
    ]
    out += [nl.Move.parse(f"{seat}:{w}") for w in ("turn", "restock", "rotate", "nerts")]
    return out


@st.composite
def near_stuck(draw: st.DrawFn) -> tuple[nl.GameState, int]:
    """A position where some seat has just become stuck (by the engine's own verdict), or
    the last position of a long game: mostly stuck cases, and near misses."""
    # Nobody calls Nerts here, so play goes on until seats get stuck. This loop checks a seat
    # after every move; with 7-8 work piles and the restricted move rules one check can take
    # a large fraction of a second (see the stuck module), so those layouts are left to the
    # other stuck property.
    variant = attrs.evolve(draw(variants()), call_mode="optional")
    if variant.work_piles != "by_seat_count" and variant.work_piles > 6:
        variant = attrs.evolve(variant, work_piles=6)
    seats = draw(st.integers(1, 4))
    seed = draw(st.integers(0, 2**32))
    state = nl.deal(variant, seats, seed)
    rng = SplitMix64(seed ^ 0xBAD)
    greedy = draw(st.integers(5, 10))
    previous = state
    for _ in range(draw(st.integers(200, 1500))):
        if state.is_over:
            state = previous
            break
        seat = rng.below(seats)
        moves = [m for m in nl.legal_moves(state, seat) if m.kind is not nl.MoveKind.CALL]
        if not moves:
            continue
        choice = nl.greedy_bot(nl.view(state, seat), seat) if rng.below(10) < greedy else None
        if choice is not None and choice.kind is nl.MoveKind.CALL:
            choice = None
        previous, state = state, nl.apply(state, choice or moves[rng.below(len(moves))])
        if nl.is_stuck(state, seat):  # the mover just got stuck (or the previous move did)
            return (state, seat) if draw(st.integers(0, 3)) else (previous, seat)
    return state, draw(st.integers(0, seats - 1))
