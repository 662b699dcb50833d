"""Per-seat views and determinization: No leaks, exactness, round trips, scenarios."""

from __future__ import annotations

import importlib
import re
import runpy
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib.cards import CARDS, DECK_SPAN
from nertslib.deal import shuffled
from nertslib.nfen import _run
from nertslib.state import NFENError
from nertslib.testing import state_problems
from nertslib.views import SeatView, View, determinize, view
from tests.helpers import position
from tests.strategies import candidate_moves, states

ROOT = Path(__file__).resolve().parent.parent


def face_up(state: nl.GameState) -> nl.GameState:
    """The same position under the same rules with ``nerts_pile_face_up=True``."""
    variant = attrs.evolve(state.variant, nerts_pile_face_up=True)
    return attrs.evolve(state, variant=variant)  # the derived rules follow the variant


#: Reachable positions; a third of them with face-up Nerts piles (the variant strategy
#: rarely draws that knob).
positions = st.one_of(states(), states(), states().map(face_up))


def ids(codes: str, owner: int) -> tuple[int, ...]:
    """Card ids of a '.'-separated list of codes of ``owner``'s deck."""
    return tuple(nl.Card.parse(c, owner).id for c in codes.split(".") if c)


def viewers(state: nl.GameState) -> list[int | None]:
    return [None, *range(len(state.seats))]


def without_rotate(moves: tuple[nl.Move, ...]) -> list[nl.Move]:
    return [m for m in moves if m.kind is not nl.MoveKind.ROTATE]


def reshuffle_hidden(state: nl.GameState, p: int | None, order: list[int]) -> nl.GameState:
    """``state`` with every card hidden from ``p`` moved, seat by seat, within its seat.

    The hidden places of a seat (written here independently of the views module): its Nerts
    pile below the top (unless the pile is face up), its face-down work cards, its stock, and
    its waste below the top unless the seat is ``p``. Their cards are pooled per seat and
    dealt back in the order ``order`` gives (a permutation of the pooled positions, by index
    modulo the pool size), so cards also change places between those piles.
    """
    layouts = []
    for q, lay in enumerate(state.layouts):
        hide_n = 0 if state.variant.nerts_pile_face_up else max(len(lay.nerts) - 1, 0)
        hide_w = max(lay.cursor - 1, 0) if q != p else 0
        pool = [
            *lay.nerts[:hide_n],
            *(c for d in lay.down for c in d),
            *lay.deck[:hide_w],
            *lay.deck[lay.cursor :],
        ]
        # a permutation of the pool driven by ``order`` (stable, deterministic)
        keyed = sorted(range(len(pool)), key=lambda i: (order[i % len(order)] if order else 0, i))
        new = [pool[i] for i in keyed]
        at = hide_n
        down = []
        for d in lay.down:
            down.append(tuple(new[at : at + len(d)]))
            at += len(d)
        deck = (*new[at : at + hide_w], *lay.deck[hide_w : lay.cursor], *new[at + hide_w :])
        layouts.append(
            attrs.evolve(
                lay, nerts=(*new[:hide_n], *lay.nerts[hide_n:]), down=tuple(down), deck=deck
            )
        )
    return attrs.evolve(state, layouts=tuple(layouts))


# --- properties -------------------------------------------------------------------------------


@given(positions, st.data())
def test_no_leaks_changing_hidden_cards_leaves_the_view_unchanged(
    state: nl.GameState, data: st.DataObject
) -> None:
    p = data.draw(st.sampled_from(viewers(state)), label="viewer")
    order = data.draw(st.lists(st.integers(0, 1000), max_size=60), label="order")
    other = reshuffle_hidden(state, p, order)
    assert state_problems(other) == []
    assert view(other, p) == view(state, p)
    assert hash(view(other, p)) == hash(view(state, p))
    if p is not None:  # and the seat's moves do not change either (bar the stuck-only rotate)
        assert without_rotate(nl.legal_moves(other, p)) == without_rotate(nl.legal_moves(state, p))


@given(positions, st.data())
def test_a_view_shows_exactly_the_visible_cards(state: nl.GameState, data: st.DataObject) -> None:
    p = data.draw(st.sampled_from(viewers(state)), label="viewer")
    v = view(state, p)
    face_up = state.variant.nerts_pile_face_up
    assert (v.variant, v.seat, v.status, v.caller) == (state.variant, p, state.status, state.caller)
    assert (v.stalled, v.resolutions) == (state.stalled, state.resolutions)
    assert v.is_over == state.is_over
    assert v.foundations == state.foundations
    assert v.own == (None if p is None else v.seats[p])
    assert len(v.seats) == len(state.seats)
    for q, (sv, lay) in enumerate(zip(v.seats, state.seats, strict=True)):
        assert sv.seat == q
        assert sv.nerts_size == len(lay.nerts_pile)
        assert sv.visible_nerts == (lay.nerts_pile if face_up else lay.nerts_pile[-1:])
        assert sv.nerts_top == lay.nerts_top
        assert sv.hidden_nerts == len(lay.nerts_pile) - len(sv.visible_nerts)
        counts = lay.face_down_counts
        assert sv.face_down_counts == counts
        assert sv.work_piles == tuple(
            pile[k:] for pile, k in zip(lay.work_piles, counts, strict=True)
        )
        assert sv.stock_size == len(lay.stock)
        assert sv.waste_size == len(lay.waste)
        assert sv.visible_waste == (lay.waste if q == p else lay.waste[-1:])
        assert sv.waste_top == lay.waste_top
        assert sv.hidden_waste == len(lay.waste) - len(sv.visible_waste)
        assert sv.passes == lay.passes
        shown = {*sv.visible_nerts, *(c for pile in sv.work_piles for c in pile)}
        shown |= set(sv.visible_waste)
        assert set(sv.cards) == shown
        assert len(sv.cards) == len(shown)
        hidden = set(lay.all_cards) - shown
        on_foundations = {c.raw_joker for pile in state.foundations for c in pile if c.owner == q}
        assert set(v.unseen_cards(q)) == hidden
        deck = range(q * DECK_SPAN, q * DECK_SPAN + 52 + state.variant.jokers_per_deck)
        assert {CARDS[c] for c in deck} == hidden | shown | on_foundations
        assert list(v.unseen_cards(q)) == sorted(hidden, key=lambda c: c.id)


@given(positions)
def test_the_spectator_sees_what_every_seat_sees_of_the_others(state: nl.GameState) -> None:
    spectator = view(state, None)
    assert spectator.seat is None
    assert spectator.own is None
    for p in range(len(state.seats)):
        seen = view(state, p)
        assert attrs.evolve(seen, seat=None, seats=spectator.seats) == spectator
        for q, sv in enumerate(seen.seats):
            if q != p:
                assert sv == spectator.seats[q]
            else:  # the seat also sees its whole waste
                whole = tuple(c.id for c in state.seats[q].waste)
                assert sv == attrs.evolve(spectator.seats[q], waste=whole)


@given(positions, st.data())
def test_determinize_round_trips_and_is_deterministic(
    state: nl.GameState, data: st.DataObject
) -> None:
    p = data.draw(st.sampled_from(viewers(state)), label="viewer")
    seed, other_seed = data.draw(st.lists(st.integers(0, 2**40), min_size=2, max_size=2))
    v = view(state, p)
    guess = determinize(v, seed)
    assert state_problems(guess) == []
    assert view(guess, p) == v
    assert guess.seed == seed
    assert determinize(v, seed) == guess
    assert determinize(View.from_nfen(v.to_nfen()), seed) == guess
    other = determinize(v, other_seed)
    assert view(other, p) == v
    assert state_problems(other) == []
    # every visible card lies where it lies in the real state
    for q, (lay, got) in enumerate(zip(state.seats, guess.seats, strict=True)):
        assert got.nerts_top == lay.nerts_top
        assert got.work == lay.work
        assert got.face_down_counts == lay.face_down_counts
        assert got.waste_top == lay.waste_top
        assert len(got.stock) == len(lay.stock)
        if q == p:
            assert got.waste == lay.waste
    assert guess.foundations == state.foundations


@given(positions, st.data())
def test_a_seats_moves_but_rotate_depend_only_on_its_view(
    state: nl.GameState, data: st.DataObject
) -> None:
    p = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    a, b = data.draw(st.lists(st.integers(0, 2**32), min_size=2, max_size=2), label="seeds")
    v = view(state, p)
    real = without_rotate(nl.legal_moves(state, p))
    assert without_rotate(nl.legal_moves(determinize(v, a), p)) == real
    assert without_rotate(nl.legal_moves(determinize(v, b), p)) == real


_FACE = re.compile(r"🃏[12](?:=(?:10|[2-9AJQK])[♣♦♥♠])?|(?:10|[2-9AJQK])[♣♦♥♠]")
#: "foundation 0 needs 2♦": a requirement, not a card that lies somewhere.
_NEED = re.compile(r"needs (?:a red |a black |any )?\S+")


def named_cards(message: str) -> set[str]:
    """The card faces a message names, leaving out what a foundation needs."""
    return set(_FACE.findall(_NEED.sub("", message)))


def hidden_candidates(state: nl.GameState, seat: int) -> list[nl.Move]:
    """Moves naming cards the seat cannot see: under its Nerts top, in its stock, face down."""
    lay = state.seats[seat]
    hidden = [*lay.nerts[:-1][-2:], *lay.deck[lay.cursor : lay.cursor + 2]]
    hidden += [d[-1] for d in lay.down if d]
    out = []
    for c in hidden:
        code = CARDS[c].code
        out += [nl.Move.parse(f"{seat}:{code}@{src}>F0") for src in ("N", "W", "P0", "P1")]
        out += [nl.Move.parse(f"{seat}:{code}@P{i}>P0") for i in range(len(lay.work))]
    return out


@given(positions, st.data())
def test_rejection_messages_name_only_cards_the_seat_can_see(
    state: nl.GameState, data: st.DataObject
) -> None:
    p = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    v = view(state, p)
    twin = determinize(v, data.draw(st.integers(0, 2**32), label="seed"))
    visible = {str(c) for sv in v.seats for c in sv.cards}
    visible |= {str(c) for pile in v.foundations for c in pile}
    for move in candidate_moves(state, p) + hidden_candidates(state, p):
        rejection = nl.check(state, move)
        if move.kind is nl.MoveKind.ROTATE:  # legal only when stuck: a verdict, never a card
            assert rejection is None or not named_cards(rejection.message)
            continue
        assert nl.check(twin, move) == rejection  # a function of the view alone
        if rejection is not None:
            assert named_cards(rejection.message) <= visible | {str(move.card)}, rejection


@given(positions, st.data())
def test_views_are_values_and_repr_rebuilds_them(state: nl.GameState, data: st.DataObject) -> None:
    p = data.draw(st.sampled_from(viewers(state)), label="viewer")
    v = view(state, p)
    again = view(nl.GameState.from_nfen(state.to_nfen()), p)
    assert again == v
    assert hash(again) == hash(v)
    assert {v: 1}[again] == 1
    assert eval(repr(v), {"View": View}) == v
    assert repr(v) == f"View.from_nfen({v.to_nfen()!r})"
    assert View.from_nfen(v.to_nfen()) == v
    assert eval(repr(v.seats[0]), {"SeatView": SeatView}) == v.seats[0]
    assert f"s{state.seed}" not in v.to_nfen().split()
    tokens = v.to_nfen().split()
    assert tokens[-1] == ("v-" if p is None else f"v{p}")
    assert tokens[:2] == state.to_nfen().split()[:2]
    assert tokens[-3:-1] == state.to_nfen().split()[-3:-1]
    for q in range(len(state.seats)):
        if q != p:
            assert view(state, q) != v
    picture = str(v)
    assert picture.splitlines()[0].endswith("spectator's view" if p is None else f"seat {p}'s view")
    assert len(picture.splitlines()) == 2 + len(state.seats)


# --- scenarios --------------------------------------------------------------------------------


FACE_UP = attrs.evolve(nl.variants.get("standard"), nerts_pile_face_up=True).to_spec()
GOOD = "standard AH0.2H1/AS1 2?.KS|10S.9H|-|4C|QD|42?|3C.8D|0 2D|KC|7H|-|JD|43?|2?.6S|1 play r2! v0"


def small() -> nl.GameState:
    return position(
        "standard",
        2,
        nerts={0: "9C.5H.KS", 1: "2D"},
        work={0: ["10S.9H", "", "4C", "QD"], 1: ["KC", "7H", "", "JD"]},
        waste={0: "3C.8D", 1: "JS.JC.6S"},
        foundations=["AH0.2H1", "AS1"],
        passes={1: 1},
        tail="play r2! s77",
    )


def test_a_small_position_field_by_field() -> None:
    state = small()
    v = view(state, 0)
    assert v.variant == nl.variants.get("standard")
    assert (v.seat, v.status, v.caller, v.stalled, v.resolutions) == (0, None, -1, True, 2)
    assert v.fnd == (ids("AH", 0) + ids("2H", 1), ids("AS", 1))
    mine, theirs = v.seats
    assert mine == SeatView(
        seat=0,
        nerts_size=3,
        nerts=ids("KS", 0),
        work=(ids("10S.9H", 0), (), ids("4C", 0), ids("QD", 0)),
        down=(),
        stock_size=52 - 3 - 4 - 2 - 1,
        waste_size=2,
        waste=ids("3C.8D", 0),
        passes=0,
    )
    assert theirs == SeatView(
        seat=1,
        nerts_size=1,
        nerts=ids("2D", 1),
        work=(ids("KC", 1), ids("7H", 1), (), ids("JD", 1)),
        down=(),
        stock_size=52 - 1 - 3 - 3 - 2,
        waste_size=3,
        waste=ids("6S", 1),
        passes=1,
    )
    assert v.to_nfen() == GOOD
    assert str(v) == (
        "standard · 2 seats · in play · seat 0's view\n"
        "foundations: F0:2♥  F1:A♠\n"
        "seat 0  Nerts 3 [K♠]  work 10♠ 9♥ | · | 4♣ | Q♦  stock 42  waste 2 [3♣ 8♦]\n"
        "seat 1  Nerts 1 [2♦]  work K♣ | 7♥ | · | J♦  stock 43  waste 3 [6♠]"
    )
    assert view(state, 1).seats[1].waste == ids("JS.JC.6S", 1)
    assert view(state, 1).seats[0].waste == ids("8D", 0)
    assert view(state).to_nfen().split()[2:4] == [
        "2?.KS|10S.9H|-|4C|QD|42?|1?.8D|0",
        "2D|KC|7H|-|JD|43?|2?.6S|1",
    ]
    assert mine.nerts_top == nl.Card.parse("KS", 0)
    assert mine.visible_nerts == (nl.Card.parse("KS", 0),)
    assert (mine.hidden_nerts, mine.hidden_waste, theirs.hidden_waste) == (2, 0, 2)
    assert mine.face_down_counts == (0, 0, 0, 0)
    assert mine.waste_top == nl.Card.parse("8D", 0)
    assert theirs.visible_waste == (nl.Card.parse("6S", 1),)
    assert mine.work_piles[0] == (nl.Card.parse("10S", 0), nl.Card.parse("9H", 0))
    assert [c.code for c in mine.cards] == ["KS", "10S", "9H", "4C", "QD", "3C", "8D"]
    ah, two_h, a_s = nl.Card.parse("AH", 0), nl.Card.parse("2H", 1), nl.Card.parse("AS", 1)
    assert v.foundations == ((ah, two_h), (a_s,))
    assert [c.code for c in v.unseen_cards(0)][:3] == ["AC", "2C", "5C"]
    assert len(v.unseen_cards(0)) == 52 - 7 - 1
    assert len(v.unseen_cards(1)) == 52 - 5 - 2


def test_an_empty_nerts_pile_and_waste_and_the_end_of_the_hand() -> None:
    state = position(
        "standard", 1, nerts={0: ""}, work={0: ["KS", "", "", ""]}, tail="nerts:0 r0 s1"
    )
    v = view(state, 0)
    (sv,) = v.seats
    assert (sv.nerts_size, sv.nerts, sv.nerts_top) == (0, (), None)
    assert (sv.waste_size, sv.waste, sv.waste_top) == (0, (), None)
    assert (v.status, v.caller, v.is_over) == (nl.EndReason.NERTS, 0, True)
    assert v.to_nfen() == "standard - -|KS|-|-|-|51?|-|0 nerts:0 r0 v0"
    assert str(v).splitlines() == [
        "standard · 1 seat · over: seat 0 called Nerts · seat 0's view",
        "foundations: none",
        "seat 0  Nerts 0 [empty]  work K♠ | · | · | ·  stock 51  waste ·",
    ]
    stale = attrs.evolve(nl.GameState.from_nfen(state.to_nfen()), status=nl.EndReason.STALEMATE)
    assert view(attrs.evolve(stale, caller=-1)).to_nfen().split()[-3:] == ["stalemate", "r0", "v-"]
    assert "over: stalemate" in str(view(attrs.evolve(stale, caller=-1)))


def test_a_face_up_nerts_pile_is_visible_to_everyone() -> None:
    variant = attrs.evolve(nl.variants.get("standard"), nerts_pile_face_up=True)
    state = position(variant, 2, nerts={0: "9C.5H.KS", 1: "2D.3D"})
    for p in (None, 0, 1):
        v = view(state, p)
        assert v.seats[0].nerts == ids("9C.5H.KS", 0)
        assert v.seats[1].visible_nerts == tuple(state.seats[1].nerts_pile)
        assert v.seats[0].hidden_nerts == 0
        assert v.to_nfen().split()[2].startswith("9C.5H.KS|")
        assert "Nerts 3 [9♣ 5♥ K♠]" in str(v)
        assert View.from_nfen(v.to_nfen()) == v
    assert view(position("standard", 1, nerts={0: "9C.5H.KS"}), 0).seats[0].nerts == ids("KS", 0)


def test_klondike_work_piles_show_counts_of_face_down_cards() -> None:
    variant = nl.Variant.from_spec("standard,work_pile_layout=klondike")
    state = nl.deal(variant, seats=2, seed=5)
    v = view(state, 1)
    for q in (0, 1):
        lay, sv = state.seats[q], v.seats[q]
        assert sv.down == (0, 1, 2, 3)
        assert sv.face_down_counts == (0, 1, 2, 3)
        assert sv.work == lay.work
        assert all(len(p) == 1 for p in sv.work)
        assert sv.stock_size == 52 - 10 - 13
    fields = v.to_nfen().split()[2].split("|")
    top = [CARDS[p[0]].code for p in state.seats[0].work]
    assert fields[1:5] == [top[0], f"1?~{top[1]}", f"2?~{top[2]}", f"3?~{top[3]}"]
    assert "## ## ## " + str(CARDS[state.seats[0].work[3][0]]) in str(v)
    assert View.from_nfen(v.to_nfen()) == v
    guess = determinize(v, 3)
    assert state_problems(guess) == []
    assert [len(d) for d in guess.seats[0].down] == [0, 1, 2, 3]
    assert guess.seats[0].down != state.seats[0].down


def test_a_klondike_position_written_with_a_tilde() -> None:
    variant = nl.Variant.from_spec("standard,work_pile_layout=klondike")
    rest = [CARDS[i].code for i in range(52) if CARDS[i].code not in {"9H", "3S", "KD", "5C"}]
    nfen = f"{variant.to_spec()} - 5C|-|-|9H.3S~KD|-|{'.'.join(rest)}|-|0 play r0 s0"
    state = nl.GameState.from_nfen(nfen)
    v = view(state, 0)
    (sv,) = v.seats
    assert sv.down == (0, 0, 2, 0)
    assert sv.work == ((), (), ids("KD", 0), ())
    assert v.to_nfen() == f"{variant.to_spec()} - 5C|-|-|2?~KD|-|48?|-|0 play r0 v0"
    assert "work · | · | ## ## K♦ | ·" in str(v)
    guess = determinize(v, 0)
    # the unseen cards go under the work piles first (no hidden Nerts cards here), then stock
    dealt = shuffled(tuple(c.id for c in v.unseen_cards(0)), 0, 0)
    assert guess.seats[0].down == ((), (), dealt[:2], ())
    assert guess.seats[0].deck == dealt[2:]
    assert guess.seats[0].nerts == ids("5C", 0)
    assert view(guess, 0) == v


def test_determinize_deals_the_unseen_cards_with_the_library_shuffle() -> None:
    state = small()
    v = view(state, 1)
    guess = determinize(v, 41)
    unseen0 = tuple(c.id for c in v.unseen_cards(0))
    dealt = shuffled(unseen0, 41, 0)
    lay = guess.seats[0]
    # hidden Nerts bottom, then the waste below its top, then the stock in stock order
    assert lay.nerts == (*dealt[:2], nl.Card.parse("KS", 0).id)
    assert lay.deck == (*dealt[2:3], nl.Card.parse("8D", 0).id, *dealt[3:])
    assert lay.cursor == 2
    unseen1 = tuple(c.id for c in v.unseen_cards(1))
    assert guess.seats[1].deck == (*ids("JS.JC.6S", 1), *shuffled(unseen1, 41, 1))
    assert guess.seats[1].nerts == ids("2D", 1)
    assert (guess.stalled, guess.resolutions, guess.seed) == (True, 2, 41)
    assert guess.variant == state.variant


def test_bad_seats_are_refused_quoting_them() -> None:
    state = small()
    for bad, shown in ((2, "2"), (-1, "-1"), (True, "True"), ("0", "'0'"), (0.0, "0.0")):
        with pytest.raises(nl.NertsError, match=re.escape(f"seat {shown} does not play in this")):
            view(state, bad)  # type: ignore[arg-type]
        with pytest.raises(nl.NertsError, match=re.escape(f"seat {shown} does not play")):
            view(state).unseen_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(nl.NertsError, match=r"in this 2-seat hand$"):
        view(state, 2)


def test_determinize_refuses_bad_seeds_and_impossible_views() -> None:
    v = view(small(), 0)
    for seed in (-1, "1", 1.0, True):
        why = f"seed must be an int from 0 to 2**64 - 1; got {seed!r}"
        with pytest.raises(nl.NertsError, match=re.escape(why)):
            determinize(v, seed)  # type: ignore[arg-type]
    assert determinize(v, 0).seed == 0
    grown = attrs.evolve(v, seats=(attrs.evolve(v.seats[0], stock_size=43), v.seats[1]))
    with pytest.raises(nl.NertsError, match=r"^seat 0 has 44 unseen card\(s\) for 45 hidden"):
        determinize(grown, 1)
    shrunk = attrs.evolve(v, seats=(v.seats[0], attrs.evolve(v.seats[1], waste_size=2)))
    with pytest.raises(nl.NertsError, match=r"^seat 1 has 45 unseen card\(s\) for 44 hidden"):
        determinize(shrunk, 1)
    negative = attrs.evolve(
        v, seats=(v.seats[0], attrs.evolve(v.seats[1], waste_size=0, stock_size=46))
    )
    with pytest.raises(nl.NertsError, match="no position shows this view"):
        determinize(negative, 1)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("standard - play r0 v0", "a hand has 1 to 8 seats"),
        (GOOD.replace("v0", "v2"), "expected v<seat> or v-, got 'v2'"),
        (GOOD.replace("v0", "s0"), "expected v<seat> or v-, got 's0'"),
        (GOOD.replace("|JD|43?", "|43?"), "seat 1 needs 8 '|'-separated fields, has 7"),
        (GOOD.replace("2?.KS", "KS.2?"), "not a card code: '2?'"),
        (GOOD.replace("2?.KS", "0?.KS"), "'0?' is not a hidden-card count such as '12?'"),
        (GOOD.replace("|42?|", "|x?|"), "'x?' is not a hidden-card count such as '12?'"),
        (GOOD.replace("standard ", f"{FACE_UP} ", 1), "seat 0's Nerts pile is face up, but 2"),
        (GOOD.replace("2?.KS", "1?.QS.KS"), "seat 0's Nerts pile must show exactly its top card"),
        (GOOD.replace("2?.KS", "KS.QS"), "seat 0's Nerts pile must show exactly its top card"),
        (GOOD.replace("2?.KS", "2?"), "seat 0's Nerts pile must show exactly its top card"),
        (GOOD.replace("|4C|", "|1?~4C|"), "seat 0 has face-down work cards outside the Klondike"),
        (GOOD.replace("|4C|", "|1?|"), "seat 0's work pile 2 must be face-down count"),
        (GOOD.replace("|4C|", "|1?~-|"), "seat 0's work pile 2 must be face-down count"),
        (GOOD.replace("10S.9H", "10S.9S"), "seat 0's work pile 0: 9♠ cannot lie on 10♠"),
        (GOOD.replace("42?", "AC"), "seat 0's stock is face down: write its size, e.g. '35?'"),
        (GOOD.replace("3C.8D", "1?.8D"), "seat 0 sees its whole waste, but 1 card(s) are hidden"),
        (GOOD.replace("2?.6S", "JC.6S"), "seat 1's waste must show exactly its top card"),
        (GOOD.replace("2?.6S", "2?"), "seat 1's waste must show exactly its top card"),
        (GOOD.replace("6S|1", "6S|x"), "seat 1's passes must be a number, got 'x'"),
        (GOOD.replace("2?.KS", "14?.KS"), "seat 0's Nerts pile is larger than the variant deals"),
        (GOOD.replace("AS1", "AS"), "foundation 1: 'AS' is not a card code + owner seat"),
        (GOOD.replace("AS1", "AS2"), "foundation 1: 'AS2' is not a card code + owner seat"),
        (GOOD.replace("AS1", "2S1"), "foundation 1: starts with 2♠, not an Ace"),
        (GOOD.replace("|4C|", "|KS|"), "seat 0 shows KS twice"),
        (GOOD.replace("2D|KC", "2H|KC"), "seat 1 shows 2H twice"),
        (GOOD.replace("42?", "43?"), "seat 0 shows 8 card(s) and hides 45, but its deck has 52"),
        (GOOD.replace("|4C|", "|X1|"), "seat 0 shows a joker its deck does not have"),
        (GOOD.replace("play", "nerts:1"), "seat 1 ended the hand with cards in its Nerts pile"),
        (GOOD.replace("play", "nerts:2"), "status must be play, nerts:<seat> or stalemate"),
        (GOOD.replace("r2!", "x2"), "expected r<resolutions>, got 'x2'"),
        (GOOD.replace("r2!", "r!"), "expected r<resolutions>, got 'r!'"),
        (GOOD.replace("standard", "chess", 1), "unknown variant"),
    ],
)
def test_view_nfen_errors_quote_the_input_and_say_why(text: str, why: str) -> None:
    with pytest.raises(NFENError, match=re.escape(f"bad view NFEN {text!r}: {why}")):
        View.from_nfen(text)


def test_view_nfen_edge_cases() -> None:
    assert View.from_nfen(GOOD).to_nfen() == GOOD
    with pytest.raises(NFENError, match=r"^view NFEN must be a str, got 3$"):
        View.from_nfen(3)  # type: ignore[arg-type]
    limited = "standard,max_stock_passes=0 - KS|-|-|-|-|51?|-|1 play r0 v0"
    with pytest.raises(NFENError, match="seat 0 has turned its waste over more often"):
        View.from_nfen(limited)
    fine = View.from_nfen("standard - KS|-|-|-|-|51?|-|1 stalemate r1 v-")
    assert (fine.status, fine.seat, fine.seats[0].hidden_nerts) == (nl.EndReason.STALEMATE, None, 0)
    ended = View.from_nfen("standard - -|KS|-|-|-|51?|-|0 nerts:0 r3 v0")
    assert (ended.status, ended.caller, ended.resolutions, ended.stalled) == (
        nl.EndReason.NERTS,
        0,
        3,
        False,
    )


def test_the_view_bot_example_plays_a_hand_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(ROOT / "examples" / "bot_from_view.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "hand over:" in out
    assert re.search(r"racer \(seat 0\)\s+-?\d+", out)
    assert re.search(r"greedy \(seat 1\)\s+-?\d+", out)


@pytest.mark.parametrize("count", [1, 2, 9, 10, 12, 53, 54, 55, 99, 100])
def test_hidden_card_counts_read_alike_however_they_are_found(count: int) -> None:
    # (the canonical counts up to 54 are looked up; others, and other spellings, are read)
    owner = 2
    qs = owner * DECK_SPAN + next(i for i, c in enumerate(CARDS) if c.code == "QS")
    for text, shown in [(f"{count}?", ()), (f"{count}?.QS", (qs,)), (f"{count}?.QS.QS", (qs, qs))]:
        assert _run(text, owner) == (count, shown)
        assert _run("0" + text, owner) == (
            count,
            shown,
        )  # a leading zero: read, not looked up
    assert _run("QS", owner) == (0, (qs,))
    with pytest.raises(ValueError, match="'0\\?' is not a hidden-card count"):
        _run("0?.QS", owner)


def test_the_determinization_names_are_exported_where_they_always_were() -> None:
    module = importlib.import_module("nertslib.determinize")
    views_module = importlib.import_module("nertslib.views")
    for name in module.__all__:
        assert getattr(views_module, name) is getattr(module, name)
    assert nl.determinize is module.determinize  # the package attribute is the function
