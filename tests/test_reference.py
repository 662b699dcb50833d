"""Differential tests: the engine against the reference model of ``tests/reference.py``.

The reference model is written from the rule texts, not from the engine, so these tests
compare ``nl.legal_moves``, ``nl.apply`` and ``nl.is_stuck`` with something independent, over
the whole joker-free variant space (every knob of ``tests.strategies.variants`` but
``jokers_per_deck``, which is held at 0: the reference has no jokers yet).

Domain notes (what the comparison leaves out, and why):

- Jokers (``jokers_per_deck > 0``): not modelled.
- A seat whose stuck verdict needs a search of more than ``reference.SEARCH_LIMIT`` positions
  is left out of that comparison (``SearchTooLargeError``, or ``reference_stuck`` is ``None``);
  ``hypothesis.event`` counts how often.
- Ties (``tie_policy``) and scoring are out of scope: ``apply`` orders moves.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.knobs import StuckResolution
from tests import reference as ref
from tests.helpers import move, position
from tests.strategies import examples, variants


def joker_free(variant: nl.Variant) -> nl.Variant:
    """The same variant without jokers."""
    return nl.Variant.from_dict({**variant.to_dict(), "jokers_per_deck": 0})


def play_on(state: nl.GameState, rng: random.Random, steps: int, greedy: float) -> nl.GameState:
    """``steps`` actions by random seats: the greedy bot's choice with chance ``greedy``, else
    a uniformly random legal move; every-seat-stuck positions are resolved."""
    for _ in range(steps):
        if state.is_over:
            break
        if nl.all_stuck(state):
            state = nl.resolve_stalemate(state)
            continue
        seat = rng.randrange(len(state.seats))
        moves = nl.legal_moves(state, seat)
        if moves:
            choice = nl.greedy_bot(nl.view(state, seat), seat) if rng.random() < greedy else None
            state = nl.apply(state, choice or rng.choice(moves))
    return state


@st.composite
def deals(draw: st.DrawFn) -> tuple[nl.GameState, random.Random, float]:
    """A fresh deal of a joker-free variant, a seeded random source, and a greedy share."""
    variant = joker_free(draw(variants()))
    seats = draw(st.integers(1, 4), label="seats")
    seed = draw(st.integers(0, 2**32), label="seed")
    greedy = draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]), label="greedy")
    return nl.deal(variant, seats, seed), random.Random(seed), greedy


@st.composite
def reachable(draw: st.DrawFn, max_steps: int = 300) -> nl.GameState:
    """A position reached by play from a joker-free deal."""
    state, rng, greedy = draw(deals())
    return play_on(state, rng, draw(st.integers(0, max_steps), label="steps"), greedy)


def assert_moves_agree(state: nl.GameState, seat: int) -> None:
    """The engine's legal moves are the reference's, each once."""
    engine = nl.legal_moves(state, seat)
    try:
        expected = ref.reference_moves(state, seat)
    except ref.SearchTooLargeError:
        event("rotate undecided: search too large")
        return
    assert len(set(engine)) == len(engine), f"duplicate moves: {engine}"
    extra = sorted(map(str, set(engine) - expected))
    missing = sorted(map(str, expected - set(engine)))
    assert (extra, missing) == ([], []), f"{state.to_nfen()} seat {seat}"


def assert_transitions_agree(state: nl.GameState, seat: int) -> None:
    """Every legal move of ``seat`` leads to the position the reference computes."""
    for m in nl.legal_moves(state, seat):
        assert ref.position_of(nl.apply(state, m)) == ref.reference_apply(state, m), (
            f"{state.to_nfen()} {m}"
        )


def assert_stuck_agrees(state: nl.GameState, seat: int) -> None:
    """``is_stuck`` gives the brute-force verdict (when the search finishes)."""
    expected = ref.reference_stuck(state, seat)
    event(f"stuck verdict: {expected}")
    if expected is not None:
        assert nl.is_stuck(state, seat) is expected, f"{state.to_nfen()} seat {seat}"


# --- differential properties ----------------------------------------------------------------


@examples(100)
@given(deals(), st.integers(0, 200))
def test_engine_and_reference_agree_along_games(
    start: tuple[nl.GameState, random.Random, float], steps: int
) -> None:
    """Along a game: the mover's moves, every one of their transitions, and (every tenth
    step) every seat's stuck verdict agree with the reference."""
    state, rng, greedy = start
    for step in range(steps):
        if state.is_over:
            break
        seat = rng.randrange(len(state.seats))
        assert_moves_agree(state, seat)
        assert_transitions_agree(state, seat)
        if step % 10 == 0:
            for other in range(len(state.seats)):
                assert_stuck_agrees(state, other)
        state = play_on(state, rng, 1, greedy)


@examples(100)
@given(reachable())
def test_every_seat_agrees_on_reachable_positions(state: nl.GameState) -> None:
    """Every seat of a reachable position: moves, transitions and the stuck verdict."""
    for seat in range(len(state.seats)):
        assert_moves_agree(state, seat)
        assert_transitions_agree(state, seat)
        assert_stuck_agrees(state, seat)


@st.composite
def restacked(draw: st.DrawFn) -> tuple[nl.GameState, int]:
    """A reachable position with one seat's stock and waste split anew and its passes
    redrawn: stocks of 0-3 cards, full wastes and exhausted pass limits come often."""
    state = draw(reachable(max_steps=150))
    assume(not state.is_over)
    seat_no = draw(st.integers(0, len(state.seats) - 1), label="seat")
    pos = ref.position_of(state)
    seat = pos.seats[seat_no]
    cards = seat.waste + seat.stock[::-1]  # in turning order
    cut = len(cards) - draw(st.sampled_from([0, 1, 2, 3, 4]) | st.integers(0, len(cards)))
    cut = max(cut, 0)
    limit = state.variant.max_stock_passes
    passes = draw(st.integers(0, 4 if limit is None else limit), label="passes")
    seat = seat._replace(waste=cards[:cut], stock=cards[cut:][::-1], passes=passes)
    pos = pos._replace(seats=ref.with_seat(pos, seat_no, seat))
    return ref.state_from(pos, state.variant, state.seed), seat_no


@examples(100)
@given(restacked())
def test_stock_edges_agree(case: tuple[nl.GameState, int]) -> None:
    """Short stocks, the remainder rule and the pass limit: moves, transitions, stuck."""
    state, seat = case
    assert_moves_agree(state, seat)
    assert_transitions_agree(state, seat)
    assert_stuck_agrees(state, seat)


@st.composite
def cleared(draw: st.DrawFn) -> tuple[nl.GameState, int]:
    """A reachable position with some of one seat's work piles emptied (their cards put at the
    bottom of its stock): several spaces at once, which play rarely makes under the
    mandatory fill, the space rules and the Klondike layout."""
    state = draw(reachable(max_steps=150))
    assume(not state.is_over)
    seat_no = draw(st.integers(0, len(state.seats) - 1), label="seat")
    pos = ref.position_of(state)
    seat = pos.seats[seat_no]
    n = len(seat.work)
    emptied = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n), label="emptied")
    moved = tuple(card for j in sorted(emptied) for card in seat.work[j])
    seat = seat._replace(
        work=tuple(() if j in emptied else p for j, p in enumerate(seat.work)),
        down=tuple(0 if j in emptied else d for j, d in enumerate(seat.down)),
        stock=moved + seat.stock,
    )
    pos = pos._replace(seats=ref.with_seat(pos, seat_no, seat))
    return ref.state_from(pos, state.variant, state.seed), seat_no


@examples(100)
@given(cleared())
def test_positions_with_spaces_agree(case: tuple[nl.GameState, int]) -> None:
    """Spaces: fills (mandatory or not, by the space rule), slide-unders, moves into them."""
    state, seat = case
    assert_moves_agree(state, seat)
    assert_transitions_agree(state, seat)
    assert_stuck_agrees(state, seat)


@st.composite
def nearly_stuck(draw: st.DrawFn) -> tuple[nl.GameState, int]:
    """Play (without calling Nerts) until a seat gets stuck by the engine's verdict; that
    position or the one before it. Most are stuck cases; the rest are near misses."""
    state, rng, greedy = draw(deals())
    # A seat with an empty Nerts pile is never stuck: keep a few Nerts cards to get stuck with.
    size = max(state.variant.nerts_pile_size, 4)
    rules = {**state.variant.to_dict(), "call_mode": "optional", "nerts_pile_size": size}
    state = nl.deal(nl.Variant.from_dict(rules), len(state.seats), state.seed)
    previous = state
    for _ in range(draw(st.integers(100, 1000), label="steps")):
        seat = rng.randrange(len(state.seats))
        moves = [m for m in nl.legal_moves(state, seat) if m.kind is not nl.MoveKind.CALL]
        if state.is_over or not moves:
            continue
        choice = (
            nl.greedy_bot(nl.view(state, seat), seat) if rng.random() < max(greedy, 0.5) else None
        )
        if choice is None or choice.kind is nl.MoveKind.CALL:
            choice = rng.choice(moves)
        previous, state = state, nl.apply(state, choice)
        if nl.is_stuck(state, seat):
            return (state, seat) if draw(st.integers(0, 3), label="which") else (previous, seat)
    return state, draw(st.integers(0, len(state.seats) - 1))


@examples(60)
@given(nearly_stuck())
def test_stuck_verdicts_agree_near_stuck_positions(case: tuple[nl.GameState, int]) -> None:
    """Around the moment a seat gets stuck: the verdict and the offer of ``rotate``."""
    state, seat = case
    assert_stuck_agrees(state, seat)
    assert_moves_agree(state, seat)
    assert_transitions_agree(state, seat)


@st.composite
def everyone_stuck(draw: st.DrawFn) -> nl.GameState:
    """The position of a greedy hand at its first everyone-stuck step (the driver's ``None``)."""
    resolutions: list[StuckResolution] = ["restock", "rotate_one", "end_hand"]
    resolution = draw(st.sampled_from(resolutions))
    variant = attrs.evolve(draw(variants()), stuck_resolution=resolution)
    state = nl.deal(variant, draw(st.integers(1, 4)), draw(st.integers(0, 2**32)))
    _, log = nl.play_hand(state, [nl.greedy_bot] * len(state.seats))
    assume(None in log)
    for m in log[: log.index(None)]:
        assert m is not None
        state = nl.apply(state, m)
    return state


@examples(30)
@given(everyone_stuck())
def test_everyone_stuck_steps_agree(state: nl.GameState) -> None:
    """The everyone-stuck step and the end after a second one, wherever every seat is stuck."""
    assert nl.all_stuck(state)
    for _ in range(2):
        after = nl.resolve_stalemate(state)
        assert ref.position_of(after) == ref.reference_resolve(state)
        if after.is_over:
            return
        assume(nl.all_stuck(after))
        state = after
    raise AssertionError("a second step with every seat stuck must end the hand")


# --- the rule texts' own examples, asked of both ----------------------------------------------


def both_moves(state: nl.GameState, seat: int) -> set[str]:
    """The seat's moves, after checking that the engine and the reference agree on them."""
    assert_moves_agree(state, seat)
    return {str(m) for m in ref.reference_moves(state, seat)}


def both_apply(state: nl.GameState, text: str) -> nl.GameState:
    """The state after a move, after checking that the engine and the reference agree."""
    m = move(text)
    assert m in ref.reference_moves(state, m.seat)
    after = nl.apply(state, m)
    assert ref.position_of(after) == ref.reference_apply(state, m)
    return after


def codes(pile: tuple[nl.Card, ...]) -> list[str]:
    return [card.code for card in pile]


def test_black_ten_red_nine_black_eight() -> None:
    s = position(nerts={0: "4D.8C.9H"}, work={0: ["10S", "9C", "4H", "KH"]})
    assert "0:9H@N>P0" in both_moves(s, 0)
    assert "0:9C@P1>P0" not in both_moves(s, 0)  # black on black
    s = both_apply(both_apply(s, "0:9H@N>P0"), "0:8C@N>P0")
    assert codes(s.seats[0].work_piles[0]) == ["10S", "9H", "8C"]


def test_the_red_king_slides_under_the_black_queen_pile_while_a_space_is_empty() -> None:
    s = position(nerts={0: "2D.KS.KH"}, work={0: ["QS.JH", "", "5C", "8D"]}, stock={0: "7H.3C.6S"})
    assert {m for m in both_moves(s, 0) if ">U" in m} == {"0:KH@N>U0"}
    slid = both_apply(s, "0:KH@N>U0")
    assert [codes(p) for p in slid.seats[0].work_piles] == [["KH", "QS", "JH"], [], ["5C"], ["8D"]]
    assert not {m for m in both_moves(slid, 0) if ">U" in m}  # K♠ is black: no slide under K♥
    filled = both_apply(both_apply(s, "0:turn"), "0:7H@W>P1")
    assert not {m for m in both_moves(filled, 0) if ">U" in m}  # no space, no slide


@pytest.mark.parametrize(
    ("space_fill", "slides"),
    [
        ("any", {"0:JH@N>U2", "0:KD@W>U0"}),
        ("king_only", {"0:KD@W>U0"}),  # only a King may fill a space, so only a King slides
        ("nerts_only", {"0:JH@N>U2"}),  # only the Nerts top may fill a space
    ],
)
def test_slide_under_obeys_the_space_rule(space_fill: str, slides: set[str]) -> None:
    v = nl.Variant.from_spec(f"standard,space_fill={space_fill}")
    s = position(v, nerts={0: "JH"}, waste={0: "KD"}, work={0: ["QS", "", "10C", "2S"]})
    assert {m for m in both_moves(s, 0) if ">U" in m} == slides


def test_fewer_than_three_cards_left_turn_the_deck_over() -> None:
    s = position(nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    while len(s.seats[0].stock) >= 3:
        s = both_apply(s, "0:turn")
    short = len(s.seats[0].stock)
    assert short in (1, 2)
    flipped = both_apply(s, "0:turn")
    lay = flipped.seats[0]
    assert (len(lay.waste), lay.passes) == (0, 1)
    assert lay.stock[::-1] == s.seats[0].waste + s.seats[0].stock[::-1]  # turning order kept
    house_rule = "standard,stock_remainder=partial_turn"
    house = nl.GameState.from_nfen(s.to_nfen().replace("standard", house_rule, 1))
    partial = both_apply(house, "0:turn")
    assert (len(partial.seats[0].stock), partial.seats[0].passes) == (0, 0)
    stock_actions = {m for m in both_moves(partial, 0) if m[2:] in ("turn", "restock")}
    assert stock_actions == {"0:restock"}  # the new stock is a separate action
    # with no pass left the remainder still goes to the waste, but it is not turned over
    last = nl.GameState.from_nfen(
        s.to_nfen()
        .replace("standard", "standard,max_stock_passes=1", 1)
        .replace("|0 play", "|1 play")
    )
    spent = both_apply(last, "0:turn").seats[0]
    assert (len(spent.stock), len(spent.waste), spent.passes) == (0, 47, 1)
    assert not {
        m for m in both_moves(both_apply(last, "0:turn"), 0) if m[2:] in ("turn", "restock")
    }


def test_a_mandatory_fill_offers_every_space_and_nothing_else() -> None:
    s = position(
        "racing_demon", nerts={0: "3C.9H"}, waste={0: "8S"}, work={0: ["10S", "", "", "4H"]}
    )
    assert both_moves(s, 0) == {"0:9H@N>P1", "0:9H@N>P2"}
    filled = both_apply(s, "0:9H@N>P2")
    assert both_moves(filled, 0) == {"0:3C@N>P1"}
    pounce_rule = nl.Variant(space_fill="king_only", space_fill_mandatory=True)
    lapsed = position(
        pounce_rule, nerts={0: "3C.9H"}, waste={0: "8S"}, work={0: ["10S", "", "", "4H"]}
    )
    assert "0:9H@N>P0" in both_moves(lapsed, 0)  # no Nerts top may fill: nothing is forced


def test_klondike_cards_turn_up_and_nothing_slides_under_face_down_cards() -> None:
    v = nl.Variant(work_pile_layout="klondike", work_piles=3, nerts_pile_size=9)
    s = position(v, nerts={0: "KD"}, work={0: ["", "9S~QC", "4H.7H~5S"]})
    assert "0:KD@N>U1" not in both_moves(s, 0)  # Q♣ has a face-down card under it
    moved = both_apply(s, "0:5S@P2>P0")
    assert moved.seats[0].face_down_counts == (0, 1, 1)  # 7♥ turned up
    assert codes(moved.seats[0].work_piles[2]) == ["4H", "7H"]


# --- the comparison has teeth: a fault planted in the model shows as a disagreement ----------


def test_a_fill_offering_only_the_first_space_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position("racing_demon", nerts={0: "3C.9H"}, work={0: ["10S", "", "", "4H"]})
    assert_moves_agree(s, 0)
    whole = ref.forced_fills
    monkeypatch.setattr(ref, "forced_fills", lambda seat: whole(seat)[:1])
    with pytest.raises(AssertionError, match="racing_demon"):
        assert_moves_agree(s, 0)


def test_a_flip_that_forgets_the_pass_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    while len(s.seats[0].stock) >= 3:
        s = nl.apply(s, move("0:turn"))
    assert_transitions_agree(s, 0)
    monkeypatch.setattr(
        ref, "restock", lambda seat: seat._replace(stock=seat.waste[::-1], waste=())
    )
    with pytest.raises(AssertionError, match="0:turn"):
        assert_transitions_agree(s, 0)
