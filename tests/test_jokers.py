"""Jokers (rules.md §9, issue 5): scenarios pinned from the rule sentences, and properties
checked against an independent brute-force oracle."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import stuck
from nertslib.bots import planning
from nertslib.cards import CARDS, DECK_SPAN, FACE, JOKER_OF, KEY
from nertslib.jokers import FREE, INVALID, KING_OPEN, declaration_fits, pile_base, position_key
from nertslib.rules import pile_problem
from nertslib.testing import clear_caches, random_sim_test, state_problems
from tests.helpers import count_calls, move, moves_text, position
from tests.strategies import _play, candidate_moves, examples, variants
from tests.test_stuck import brute_force_stuck

JOKERS = nl.Variant(jokers_per_deck=2)
LOOSE = nl.Variant(jokers_per_deck=2, joker_binding="while_covered")


def refusal(state: nl.GameState, text: str) -> nl.Rejection:
    rejection = nl.check(state, move(text))
    assert rejection is not None
    return rejection


def work_moves(state: nl.GameState, seat: int = 0) -> list[str]:
    return [m for m in moves_text(state, seat) if ":turn" not in m]


# --- the constraint functions ------------------------------------------------------------------


def test_pile_base_examples():
    ten_s, nine_h, eight_s, eight_h = 20, 19, 16, 17
    assert pile_base(()) == FREE
    assert pile_base((-1,) * 13) == FREE
    assert pile_base((-1,) * 14) == INVALID
    assert pile_base((ten_s, -1, eight_s)) == ten_s
    assert pile_base((ten_s, -1, eight_h)) == INVALID
    assert pile_base((-1, nine_h)) == 20  # the base joker is a black 10
    assert pile_base((-1, 27)) == INVALID  # a King cannot lie on anything
    assert pile_base((-1, 2)) == 5  # the joker under a black Ace is a red 2
    assert pile_base((2, -1)) == INVALID  # nothing goes on an Ace
    assert position_key(20, 1) == nine_h
    assert position_key(20, 2) == eight_s
    assert declaration_fits(-1, 7)
    assert declaration_fits(19, 19)
    assert not declaration_fits(19, 18)


def brute_valid(keys: tuple[int, ...]) -> bool:
    """The oracle: some ranks 1..13 and colours for the open jokers make a descending run.

    A joker standing for a King (``KING_OPEN``) may be a King of either colour.
    """
    free = [i for i, k in enumerate(keys) if k < 0 or k == KING_OPEN]
    every = [r * 2 + red for r in range(1, 14) for red in (0, 1)]
    choices = [every if keys[i] < 0 else [26, 27] for i in free]
    for values in itertools.product(*choices):
        full = list(keys)
        for i, v in zip(free, values, strict=True):
            full[i] = v
        if all(
            b // 2 == a // 2 - 1 and b % 2 != a % 2 for a, b in itertools.pairwise(full)
        ) and all(1 <= k // 2 <= 13 for k in full):
            return True
    return False


KEYS = st.sampled_from([-1, *range(2, 28)])


@given(st.lists(KEYS, max_size=6).filter(lambda ks: sum(k < 0 for k in ks) <= 2))
def test_pile_base_agrees_with_brute_force(keys):
    assert (pile_base(tuple(keys)) != INVALID) == brute_valid(tuple(keys))


# --- cards, moves, notation -------------------------------------------------------------------


def test_declared_joker_card_and_notation():
    card = nl.Card.parse("X1=6H", owner=0)
    assert (card.suit, card.rank, card.joker, card.code, str(card)) == (
        nl.Suit.HEARTS,
        6,
        1,
        "X1=6H",
        "🃏1=6♥",
    )
    m = move("0:X1=6H@P2>F3")
    assert m.card is card
    assert str(m) == "0:X1=6H@P2>F3"
    assert repr(m) == "Move.parse('0:X1=6H@P2>F3')"
    assert move("0:X1@N>P2").card == nl.Card.joker_of(0, 1)


def test_declared_joker_only_goes_to_a_foundation():
    with pytest.raises(ValueError, match="only a play to a foundation declares a joker, got X1=6H"):
        move("0:X1=6H@N>P2")
    with pytest.raises(ValueError, match="not a card code"):
        nl.Card.parse("X3=6H")
    with pytest.raises(ValueError, match="not a card code"):
        nl.Card.parse("X1=6")


# --- §9 sentence by sentence ------------------------------------------------------------------


def test_placed_on_a_card_it_is_one_lower_and_the_other_colour():
    # "placed on a card it is one rank lower and the opposite colour": X1 on 10♠ is a red 9.
    s = position(JOKERS, work={0: ["10S.X1", "", "", ""]}, nerts={0: "8S"})
    assert "0:8S@N>P0" in work_moves(s)
    s = position(JOKERS, work={0: ["10S.X1", "", "", ""]}, nerts={0: "8H"})
    assert "0:8H@N>P0" not in work_moves(s)
    # The card beneath fixes nothing (§9: only a card played onto a joker does): X1 lying
    # on 10♠ goes up as the 9♥ foundation 0 needs, or as any Ace, as freely as from the hand.
    s = position(
        JOKERS, work={0: ["10S.X1", "8C", "", ""]}, foundations=["AH0.2H0.3H0.4H0.5H0.6H0.7H0.8H0"]
    )
    assert [m for m in work_moves(s) if ">F" in m] == [
        "0:X1=9H@P0>F0",
        "0:X1=AC@P0>F+",
        "0:X1=AD@P0>F+",
        "0:X1=AH@P0>F+",
        "0:X1=AS@P0>F+",
    ]


def test_middle_joker_is_pinned_by_both_neighbours():
    assert pile_problem((48, 52, 46)) == ""  # 10♠ X1 8♠
    assert pile_problem((48, 52, 33)) == "10♠ 🃏1 8♥ builds down in no way its jokers allow"
    s = position(JOKERS, work={0: ["10S.X1.8S", "", "", ""]})
    assert s.seats[0].bound == (19, -1)  # red 9, bound at once (NFEN binds covered jokers)
    assert s.to_nfen().split()[2].split("|")[1] == "10S.X1(r9).8S"


def test_base_joker_is_free_until_covered():
    s = position(JOKERS, work={0: ["X1", "", "", ""]}, nerts={0: "QH"})
    assert "0:QH@N>P0" in work_moves(s)
    s = position(JOKERS, work={0: ["X1", "", "", ""]}, nerts={0: "KH"})
    assert "0:KH@N>P0" not in work_moves(s)  # the joker would have to be rank 14
    # free: it goes up as any Ace
    assert [m for m in work_moves(s) if ">F" in m] == [
        "0:X1=AC@P0>F+",
        "0:X1=AD@P0>F+",
        "0:X1=AH@P0>F+",
        "0:X1=AS@P0>F+",
    ]


def test_once_a_card_is_played_onto_it_it_is_fixed():
    s = position(JOKERS, work={0: ["X1", "", "", "4C"]}, nerts={0: "8S"})
    s = nl.apply(s, move("0:8S@N>P0"))
    assert s.seats[0].bound == (19, -1)
    assert s.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 19
    # move the 8♠ away: permanent keeps the joker a red 9
    s = nl.apply(s, move("0:8S@P0>P1"))
    assert s.seats[0].bound == (19, -1)
    assert "X1(r9)" in s.to_nfen()
    assert nl.GameState.from_nfen(s.to_nfen()) == s
    rejection = refusal(s, "0:X1=AC@P0>F+")
    assert rejection.reason is nl.Reason.BAD_DECLARATION
    assert (
        rejection.message == "🃏1=A♣ does not fit the rank and colour a card played onto it fixed"
    )
    # while_covered frees it again
    t = position(LOOSE, work={0: ["X1", "", "", "4C"]}, nerts={0: "8S"})
    t = nl.apply(nl.apply(t, move("0:8S@N>P0")), move("0:8S@P0>P1"))
    assert t.seats[0].bound == ()
    assert "0:X1=AC@P0>F+" in work_moves(t)


def test_bound_joker_keeps_identity_when_moved_and_declared():
    s = position(
        JOKERS, work={0: ["X1.8S", "", "", ""]}, foundations=["AD0.2D0.3D0.4D0.5D0.6D0.7D0.8D0"]
    )
    assert s.seats[0].bound == (19, -1)
    s = nl.apply(s, move("0:8S@P0>P1"))
    assert [m for m in work_moves(s) if ">F" in m] == ["0:X1=9D@P0>F0"]
    s = nl.apply(s, move("0:X1=9D@P0>F0"))
    assert s.seats[0].bound == ()  # on a foundation, the declaration carries the identity
    assert s.foundations[0][-1] == nl.Card.parse("X1=9D", 0)
    assert s.to_nfen().split()[1].endswith(".X1=9D0")
    assert state_problems(s) == []


def test_run_of_jokers():
    s = position(JOKERS, work={0: ["X1.X2", "", "", "4C"]}, nerts={0: "JH"})
    assert "0:JH@N>P0" in work_moves(s)  # K Q J
    s = position(JOKERS, work={0: ["X1.X2", "", "", "4C"]}, nerts={0: "QH"})
    assert "0:QH@N>P0" not in work_moves(s)  # it would need a base of rank 14
    s = position(JOKERS, work={0: ["X1.X2", "", "", "4C"]}, nerts={0: "5H"})
    s = nl.apply(s, move("0:5H@N>P0"))
    assert s.seats[0].bound == (15, 12)  # under the red 5: a red 7 and a black 6


def test_slide_under_with_jokers():
    s = position(JOKERS, work={0: ["X1.X2", "", "", "4C"]}, nerts={0: "3C"})
    assert "0:3C@N>U0" in work_moves(s)  # 3 2 A
    s = position(JOKERS, work={0: ["X1.X2", "", "", "4C"]}, nerts={0: "2C"})
    assert "0:2C@N>U0" not in work_moves(s)  # 2 1 0
    s = position(JOKERS, work={0: ["X1", "9H", "", ""]}, nerts={0: "8S"})
    assert "0:X1@P0>U1" in work_moves(s)  # the joker slides under 9♥ as a black 10


def test_suffix_with_a_joker_base_checks_the_target():
    s = position(JOKERS, work={0: ["X1.8S", "10C", "10H", ""]})
    assert [m for m in work_moves(s) if m.startswith("0:X1@")] == ["0:X1@P0>P1", "0:X1@P0>P3"]
    s = position(JOKERS, work={0: ["X1.X2", "10C", "10H", "AC"]})
    assert [m for m in work_moves(s) if m.startswith("0:X1@")] == [
        "0:X1@P0>P1",
        "0:X1@P0>P2",
    ]  # two open jokers go on either 10 (9, 8), not on the Ace


def test_declarations_offered_exactly_per_build_rule():
    fnd = ["AC0"]
    expect = {
        "same_suit": ["0:X1=2C@N>F0"],
        "alt_colour": ["0:X1=2D@N>F0", "0:X1=2H@N>F0"],
        "any_suit": ["0:X1=2C@N>F0", "0:X1=2D@N>F0", "0:X1=2H@N>F0", "0:X1=2S@N>F0"],
    }
    aces = ["0:X1=AC@N>F+", "0:X1=AD@N>F+", "0:X1=AH@N>F+", "0:X1=AS@N>F+"]
    for build, want in expect.items():
        v = nl.Variant.from_dict({**JOKERS.to_dict(), "foundation_build": build})
        s = position(v, nerts={0: "X1"}, foundations=fnd)
        assert [m for m in moves_text(s, 0) if ">F" in m] == want + aces
    v = attrs.evolve(JOKERS, foundation_limit="one_per_suit")
    s = position(v, nerts={0: "X1"}, foundations=fnd)
    assert [m for m in moves_text(s, 0) if ">F" in m] == ["0:X1=2C@N>F0", *aces[1:]]


def test_undeclared_and_wrong_declarations_are_refused():
    s = position(JOKERS, nerts={0: "X1"}, foundations=["AC0"])
    assert refusal(s, "0:X1@N>F0").reason is nl.Reason.BAD_DECLARATION
    assert refusal(s, "0:X1@N>F+").reason is nl.Reason.BAD_DECLARATION
    assert refusal(s, "0:X1=3C@N>F0").reason is nl.Reason.WRONG_FOUNDATION_CARD
    assert refusal(s, "0:X1=2C@N>F+").reason is nl.Reason.NOT_AN_ACE
    assert refusal(s, "0:X2=2C@N>F0").reason is nl.Reason.CARD_NOT_THERE


def test_race_lost_with_a_declared_joker():
    s = position(JOKERS, nerts={0: "2C"}, foundations=["AC0.X1=2C0"])
    rejection = refusal(s, "0:2C@N>F0")
    assert rejection.reason is nl.Reason.RACE_LOST
    assert "🃏1=2♣" in rejection.message
    s = position(JOKERS, seats=2, nerts={0: "X1", 1: "2C"}, foundations=["AC1"])
    s = nl.apply(s, move("0:X1=2C@N>F0"))
    with pytest.raises(nl.RaceLostError):
        nl.apply(s, move("1:2C@N>F0"))
    assert "1:3C@N>F0" not in moves_text(s, 1)


def test_scoring_with_jokers():
    v = attrs.evolve(JOKERS, king_bonus=5)
    fnd = ["AH0.2H0.3H0.4H0.5H0.6H0.7H0.8H0.9H0.10H0.JH0.QH0.X1=KH0"]
    s = position(v, nerts={0: "X2"}, foundations=fnd)
    assert nl.hand_scores(s) == (13 + 5 - 2,)


def test_conservation_and_views_with_declared_jokers():
    s = position(JOKERS, seats=2, foundations=["AC1.X1=2C0"])
    assert state_problems(s) == []
    v = nl.views.view(s, 1)
    assert "X1=2C0" in v.to_nfen()
    assert nl.Card.joker_of(0, 1) not in v.unseen_cards(0)
    again = nl.views.determinize(v, seed=3)
    assert again.foundations == s.foundations
    data = nl.serialize.to_data(s)
    assert data["foundations"] == [["AC1", "X1=2C0"]]
    assert nl.serialize.from_data(data) == s


# --- properties over joker variants -------------------------------------------------------------

joker_variants = variants().map(
    lambda v: v if v.jokers_per_deck else attrs.evolve(v, jokers_per_deck=2)
)


@st.composite
def joker_games(draw):
    variant = draw(joker_variants)
    seats = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32))
    state = nl.deal(variant, seats, seed)
    return _play(state, draw(st.integers(0, 200)), seed ^ 0x5EED, draw(st.integers(0, 10)))[0]


def effective(pile: tuple[int, ...], bound: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(KEY[c] if KEY[c] >= 0 else (bound[FACE[c] - 52] if bound else -1) for c in pile)


@examples(60)
@given(joker_games())
def test_invariants_with_jokers(state):
    assert state_problems(state) == []
    for lay in state.seats:
        for pile in lay.work:
            assert brute_valid(effective(pile, lay.bound))
    counted = sorted(
        JOKER_OF[c]
        for c in (
            *(c for p in state.fnd for c in p),
            *(c for lay in state.seats for c in lay.nerts + lay.deck),
            *(c for lay in state.seats for p in (*lay.work, *lay.down) for c in p),
        )
    )
    per = 52 + state.variant.jokers_per_deck
    assert counted == [s * DECK_SPAN + i for s in range(len(state.seats)) for i in range(per)]
    assert nl.GameState.from_nfen(state.to_nfen()) == state
    assert nl.serialize.from_json(nl.serialize.to_json(state)) == state


def oracle_work_ok(state: nl.GameState, m: nl.Move) -> bool | None:  # noqa: PLR0912
    """Brute force for a play onto or under a non-empty work pile; None if not such a move."""
    lay = state.seats[m.seat]
    if m.target not in (nl.Zone.WORK, nl.Zone.UNDER) or m.target_index >= len(lay.work):
        return None
    dest = lay.work[m.target_index]
    assert m.card is not None
    card = m.card.id
    if not dest or (m.source is nl.Zone.WORK and m.source_index == m.target_index):
        return None
    moved: tuple[int, ...] | None
    if m.source is nl.Zone.NERTS:
        moved = (card,) if lay.nerts and lay.nerts[-1] == card else None
    elif m.source is nl.Zone.WASTE:
        moved = (card,) if lay.cursor and lay.deck[lay.cursor - 1] == card else None
    else:
        if m.source_index >= len(lay.work) or card not in lay.work[m.source_index]:
            return None
        pile = lay.work[m.source_index]
        moved = pile[pile.index(card) :]
    if moved is None:
        return None
    if m.target is nl.Zone.UNDER:
        if (
            len(moved) != 1
            or state.variant.slide_under == "off"
            or (lay.down and lay.down[m.target_index])
        ):
            return None
        if state.variant.slide_under == "needs_space" and () not in lay.work:
            return None
        if state.variant.space_fill == "nerts_only" and m.source is not nl.Zone.NERTS:
            return False  # only a card that may fill a space slides under (rules.md §4)
        new = moved + dest
        if state.variant.space_fill == "king_only":
            # only a King, or a joker standing for one (rules.md §9), slides under
            keys = effective(new, lay.bound)
            base = KING_OPEN if keys[0] < 0 else keys[0]
            return base in (26, 27, KING_OPEN) and brute_valid((base, *keys[1:]))
    else:
        rule = state.variant.work_pile_move
        if m.source is nl.Zone.WORK:
            d, n = lay.work[m.source_index].index(card), len(lay.work[m.source_index])
            if (rule == "top_card" and d != n - 1) or (
                rule == "whole_pile" and d not in (0, n - 1)
            ):
                return None
        new = dest + moved
    return brute_valid(effective(new, lay.bound))


@examples(60)
@given(joker_games(), st.data())
def test_legal_moves_sound_and_complete_with_jokers(state, data):
    if state.is_over:
        return
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    legal = set(nl.legal_moves(state, seat))
    mandatory = (
        state.variant.space_fill_mandatory
        and bool(state.seats[seat].nerts)
        and (() in state.seats[seat].work)
    )
    for m in legal:
        after = nl.apply(state, m)
        assert state_problems(after) == []
    for m in candidate_moves(state, seat):
        accepted = nl.check(state, m) is None
        assert accepted == (m in legal), m
        oracle = oracle_work_ok(state, m)
        if oracle is not None and not mandatory:
            assert accepted == oracle, m


@examples(40)
@given(joker_games(), st.data())
def test_declarations_against_the_oracle(state, data):
    if state.is_over:
        return
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    lay = state.seats[seat]
    legal = set(nl.legal_moves(state, seat))
    if state.variant.space_fill_mandatory and lay.nerts and () in lay.work:
        return
    for i, pile in enumerate(lay.work):
        if not pile or KEY[pile[-1]] >= 0:
            continue
        keys = effective(pile, lay.bound)
        for d in range(52):
            fcard = CARDS[seat * DECK_SPAN + d]
            declared = nl.Card(seat, fcard.suit, fcard.rank, FACE[pile[-1]] - 51)
            # Only a card once played onto the joker holds it (its binding, kept even alone on
            # its pile); the card beneath holds nothing (rules.md §9). A King-only stand holds
            # it to a King of either colour.
            held = keys[-1]
            allowed = held in (-1, KEY[fcard.id]) or (held == KING_OPEN and fcard.rank == 13)
            m = nl.Move.play(declared, nl.Zone.WORK, nl.Zone.NEW_FOUNDATION, source_index=i)
            ace_ok = fcard.rank == 1 and not (
                state.variant.foundation_limit == "one_per_suit"
                and any(CARDS[p[0]].suit == fcard.suit for p in state.fnd)
            )
            assert (m in legal) == (allowed and ace_ok), m


@pytest.mark.parametrize("binding", ["permanent", "while_covered"])
@pytest.mark.parametrize("build", ["same_suit", "alt_colour", "any_suit"])
def test_random_sim_with_jokers(binding, build):
    v = nl.Variant(jokers_per_deck=2, joker_binding=binding, foundation_build=build, stock_turn=1)
    report = random_sim_test(v, seats=2, hands=1, seed=11)
    assert report.hands == 1


KINGS_ONLY = nl.Variant(jokers_per_deck=1, space_fill="king_only")


def test_a_joker_fills_a_king_only_space_standing_for_a_king():
    # rules.md §9: "Where only Kings fill a space, a joker may fill one standing for a King
    # (its colour open until a card is played onto it)."
    s = position(KINGS_ONLY, nerts={0: "X1"}, work={0: ["5S", "", "QH", "KD"]}, waste={0: "QS"})
    moves = work_moves(s)
    assert "0:X1@N>P1" in moves
    assert "0:X1@N>U2" in moves  # under the Q♥, as its King (a space is open)
    assert "0:X1@N>U0" not in moves  # under the 5♠ it would be a red 6, not a King
    kinged = nl.apply(s, move("0:X1@N>P1"))
    assert kinged.seats[0].bound == (KING_OPEN,)
    assert kinged.to_nfen().split()[2].split("|")[2] == "X1(K)"
    assert nl.GameState.from_nfen(kinged.to_nfen()) == kinged
    assert state_problems(kinged) == []
    # a Queen of either colour goes onto it; the 5♠ does not
    after = work_moves(kinged)
    assert {"0:QS@W>P1", "0:QH@P2>P1"} <= set(after)
    assert not any(m.startswith("0:5S@P0>P1") for m in after)
    # the first card played onto it fixes its colour: black, under the Q♥
    covered = nl.apply(kinged, move("0:QH@P2>P1"))
    assert covered.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 26
    # up to a foundation it goes only as a King
    up = [m for m in moves_text(kinged, 0) if ">F" in m]
    assert up == []  # no foundation needs a King, and a King starts none


def test_a_king_joker_goes_up_only_as_a_king_and_leaves_its_stand_behind():
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
    spades, hearts = (".".join(f"{r}{suit}0" for r in ranks) for suit in "SH")
    loose = attrs.evolve(KINGS_ONLY, joker_binding="while_covered")
    for variant in (KINGS_ONLY, loose):
        s = position(
            variant, foundations=[spades, hearts], nerts={0: "X1"}, work={0: ["", "", "9C", "9D"]}
        )
        s = nl.apply(s, move("0:X1@N>P0"))
        assert [m for m in work_moves(s) if ">F" in m] == ["0:X1=KS@P0>F0", "0:X1=KH@P0>F1"]
        moved = nl.apply(s, move("0:X1@P0>P1"))
        assert moved.seats[0].bound == (KING_OPEN,)  # into another space: still a King
        up = nl.apply(moved, move("0:X1=KH@P1>F1"))
        assert up.seats[0].bound == ()
        assert state_problems(up) == []


def test_a_run_fills_a_king_only_space_only_standing_on_a_king():
    # X1 lies at the base under the 5♥ (dealt there: a black 6 while the 5♥ covers it);
    # that pile cannot fill a King-only space, the X1 alone on a pile can.
    s = position(KINGS_ONLY, work={0: ["X1.5H", "", "QC", "KD"]})
    assert not any(m.startswith("0:X1@P0>P1") for m in work_moves(s))
    t = position(KINGS_ONLY, work={0: ["X1.QH", "", "5S", "KD"]})
    assert "0:X1@P0>P1" in work_moves(t)


def test_the_exact_joker_search_takes_piles_in_any_order_as_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 holds a joker, three spaces and whole-pile moves; every rearrangement of its four
    # stacks over seven piles is reachable and none makes progress: stuck. Searched with the
    # piles in their order that took 93 240 configurations (15 s); as sorted piles, a few.
    clear_caches()
    state = nl.GameState.from_nfen(
        "standard,work_piles=7,work_pile_layout=klondike,work_pile_move=whole_pile,"
        "stock_turn=1,king_bonus=1,target_score=94,jokers_per_deck=2 "
        "X1=AD0.X2=2D1.3D0.X2=4D0.5D1.6D1.7D0.8D1.9D1.10D1.JD0.QD1.KD0/"
        "AS0.2S0.3S1.4S1.5S1.6S0.7S0.8S0.9S1.10S1.JS1.QS0.KS1/AS1.2S1.3S0.4S0.5S0.6S1.7S1.8S1/"
        "AH0.2H0.3H1.4H1.5H0.6H0.7H0.8H1.9H0.10H1.JH0.QH1.KH0/"
        "AC1.2C0.3C0.4C0.5C1.6C0.7C1.8C1.9C0.10C0.JC1.QC0.KC1/"
        "AD1.2D1.3D1.4D0.5D0.6D0.7D1.8D0.9D0.10D0.JD1/AD0.2D0/"
        "AC0.2C1.3C1.4C1.5C0.6C1.7C0.8C0.9C1.10C1/AH1.2H1.3H0.4H0.5H1.6H1.7H1.8H0.9H1 "
        "-|-|-|-|KS.QD.JC.10H.9S|10S|-|KC.QH.JS|-|-|2 "
        "-|-|-|JH|X1(b5).4D|-|KH.QC|KD.QS|-|-|6 play r0 s1"
    )
    assert nl.is_stuck(state, 1) is False  # its Nerts pile is empty: it may call
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    lay = state.layouts[1]  # stuck but for the call:
    assert not stuck.progress_in_reach(state, lay, stuck.pass_tops(lay, state.ctx), by_order=False)[
        0
    ]
    assert 1 < len(searched) < 1_000
    # the same piles in another order are the same verdict, from the same few
    turned = attrs.evolve(lay, work=lay.work[::-1])
    other = attrs.evolve(state, layouts=(state.layouts[0], turned))
    count = len(searched)
    clear_caches()
    searched.clear()
    other_lay = other.layouts[1]
    tops = stuck.pass_tops(other_lay, other.ctx)
    assert not stuck.progress_in_reach(other, other_lay, tops, by_order=False)[0]
    assert len(searched) == count
    # the bot's planner asks the same first, before its search in pile order (20 000 at most)
    searched.clear()
    assert planning.plan_progress(state, 1) is None
    assert len(searched) < 1_000


# --- a joker lying on a card lifts off freely (issue 35, point 1) -----------------------------

#: The position the second rules model found: X1 lies on the 6♣ with no card on it.
LYING_ON_A_CARD = (
    "standard,jokers_per_deck=1 AC0 KD|6C.X1|-|9H|4D|10C.4H.7H.5S.JH.2S.2C.9C.5C.QS.8D.KH.10S.QC."
    "5D.4C.QH.KS.3D.7S.KC.JD.6S.4S.AH.JC.5H.6D.7C.9D.AS.10H.8H.6H.3H.JS.7D.2D.10D.9S.3S.3C.2H.AD."
    "QD.8S.8C|-|0 play r0 s0"
)


def test_a_joker_lying_on_a_card_goes_up_as_it_would_from_an_empty_pile():
    # Seeds: a joker gets "a fixed existence" only "once a card is played on" it. The 6♣
    # beneath does not make X1 a red 5: it may go up as the 2♣, exactly as it could after
    # moving to the empty pile 1 first.
    s = nl.GameState.from_nfen(LYING_ON_A_CARD)
    assert nl.check(s, move("0:X1=2C@P0>F0")) is None
    assert "0:X1=2C@P0>F0" in work_moves(s)
    after = nl.apply(s, move("0:X1=2C@P0>F0"))
    assert after.foundations[0][-1] == nl.Card.parse("X1=2C", 0)
    detour = nl.apply(s, move("0:X1@P0>P1"))
    assert nl.check(detour, move("0:X1=2C@P1>F0")) is None


def test_a_seat_whose_joker_lying_on_a_card_can_go_up_is_not_stuck():
    # One work pile; every Ace and both black 3s are buried in the Nerts pile. While X1 lies
    # on the 5♠ only a black 3 may be played onto it, and none comes; but the 5♠ does not
    # make the joker a red 4 as it leaves: it starts a foundation as any Ace. (The reading
    # before issue 35 held it to a red 4 and called the seat stuck.)
    one = nl.Variant(jokers_per_deck=1, work_piles=1)
    s = position(one, nerts={0: "AC.AD.AH.AS.3C.3S.QH.QD.QC.QS.5H"}, work={0: ["5S.X1"]})
    assert nl.is_stuck(s, 0) is False
    assert brute_force_stuck(s, 0) is False
    assert [m for m in work_moves(s) if ">F" in m] == [f"0:X1=A{x}@P0>F+" for x in "CDHS"]
    # bound as a red 4 (a card once lay on it), it is held: the seat is stuck
    held = nl.GameState.from_nfen(s.to_nfen().replace("5S.X1", "5S.X1(r4)"))
    assert nl.is_stuck(held, 0) is True
    assert brute_force_stuck(held, 0) is True
    bound = nl.GameState.from_nfen(
        s.to_nfen().replace("5S.X1", "2S.X1(rA)").replace(".2S.", ".5S.")
    )
    assert [m for m in work_moves(bound) if ">F" in m] == ["0:X1=AD@P0>F+", "0:X1=AH@P0>F+"]


# --- stuck detection and refusals with one joker (pinned by mutation testing) ----------------

ONE_JOKER = nl.Variant(jokers_per_deck=1)
# Every Ace, the black Fives, both red Queens and both black Queens buried in the Nerts pile
# under a 10C that fits nowhere: only the joker can ever make progress.
BURIED = "AC.AD.AH.AS.6H.5C.5S.QH.QD.QC.QS.10C"


def test_a_joker_held_to_the_card_a_foundation_needs_unsticks_the_seat() -> None:
    # Also buried: every Jack and the 6D, so that moving the joker onto a King (where it
    # becomes a Queen) or uncovering the 7S gives no other play.
    s = position(
        nl.Variant(jokers_per_deck=1, nerts_pile_size=20),
        foundations=["AH0.2H0.3H0.4H0.5H0"],
        nerts={0: "AC.AD.AS.6H.6D.5C.5S.JC.JD.JH.JS.QH.QD.QC.QS.10C"},
        work={0: ["7S.X1", "KC", "KD", "KS"]},
    )
    assert nl.legal_moves(s, 0)[0] == move("0:X1=6H@P0>F0")
    assert brute_force_stuck(s, 0) is False
    assert nl.is_stuck(s, 0) is False


def test_a_joker_lying_on_a_two_starts_a_foundation_as_any_ace() -> None:
    # The 2♠ beneath fixes nothing (rules.md §9): the joker goes up as any Ace.
    s = position(ONE_JOKER, nerts={0: BURIED}, work={0: ["2S.X1", "KC", "KD", "KS"]})
    assert [str(m) for m in nl.legal_moves(s, 0)][:4] == [
        "0:X1=AC@P0>F+",
        "0:X1=AD@P0>F+",
        "0:X1=AH@P0>F+",
        "0:X1=AS@P0>F+",
    ]
    assert brute_force_stuck(s, 0) is False
    assert nl.is_stuck(s, 0) is False


def test_a_waste_joker_may_not_fill_a_space_kept_for_the_nerts_pile() -> None:
    v = nl.Variant(jokers_per_deck=1, space_fill="nerts_only")
    s = position(v, nerts={0: "5S"}, waste={0: "X1"}, work={0: ["KC", "", "KD", "KS"]})
    rejection = nl.check(s, move("0:X1@W>P1"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.SPACE_RULE


def test_a_missing_source_pile_names_the_piles_that_exist() -> None:
    s = position("standard", nerts={0: "5S"}, work={0: ["KC", "KD", "KH", "KS"]})
    rejection = nl.check(s, move("0:KC@P7>F+"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.NO_SUCH_PILE
    assert rejection.message == "seat 0 has no work pile 7 (0..3)"


TWO_JOKERS = nl.Variant(jokers_per_deck=2, slide_under="always")


def refused(state: nl.GameState, text: str) -> nl.Rejection:
    rejection = nl.check(state, move(text))
    assert rejection is not None
    assert rejection.move == move(text)
    return rejection


def test_a_raw_joker_offered_to_a_foundation_must_be_declared() -> None:
    s = position(TWO_JOKERS, work={0: ["X1", "KC", "KD", "KS"]})
    got = refused(s, "0:X1@P0>F+")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == ("declare 🃏1 as a card before it goes to a foundation (e.g. X1=6H)")


def test_a_declaration_must_fit_what_a_card_played_onto_the_joker_fixed() -> None:
    free = position(
        TWO_JOKERS, foundations=["AH0.2H0.3H0.4H0.5H0.6H0.7H0.8H0"], work={0: ["10H.X1"]}
    )
    assert nl.check(free, move("0:X1=9H@P0>F0")) is None  # the 10♥ beneath fixes nothing
    # bound as a black 9 (a card once lay on it): it goes up only as a black 9
    s = nl.GameState.from_nfen(free.to_nfen().replace("10H.X1", "10H.X1(b9)"))
    got = refused(s, "0:X1=9H@P0>F0")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == "🃏1=9♥ does not fit the rank and colour a card played onto it fixed"


def test_a_bound_joker_fits_onto_or_under_another_only_as_its_bound_card() -> None:
    # X2 lies on the 6♥, bound as a black 5 (a card lay on it). It would have to be a red 8
    # on X1, a black 9 on the 10♥; and a black 10 under X1, a red 9 under the 8♣. Free, it
    # may go either way.
    def with_x2(work: list[str], binding: str) -> nl.GameState:
        nfen = position(TWO_JOKERS, work={0: work}).to_nfen()
        return nl.GameState.from_nfen(nfen.replace("6H.X2", f"6H.X2{binding}"))

    onto, under = ["10H.X1", "6H.X2"], ["X1.8C", "6H.X2"]
    got = refused(with_x2(onto, "(b5)"), "0:X2@P1>P0")
    assert got.reason is nl.Reason.DOES_NOT_FIT
    assert got.message == "🃏2 does not build down on 🃏1 (one lower, other colour)"
    got = refused(with_x2(under, "(b5)"), "0:X2@P1>U0")
    assert got.reason is nl.Reason.DOES_NOT_FIT
    assert got.message == "🃏2 cannot slide under 🃏1"
    assert nl.check(with_x2(onto, ""), move("0:X2@P1>P0")) is None
    assert nl.check(with_x2(under, ""), move("0:X2@P1>U0")) is None


def test_a_raw_joker_offered_to_a_started_foundation_must_be_declared() -> None:
    # The clubs foundation holds the 2♣, whose foundation key is 2: the raw joker must not
    # look like a card that lost its race to it.
    s = position(TWO_JOKERS, foundations=["AC0.2C0.3C0"], nerts={0: "X1"})
    got = refused(s, "0:X1@N>F0")
    assert got.reason is nl.Reason.BAD_DECLARATION
    assert got.message == "declare 🃏1 as a card before it goes to a foundation (e.g. X1=6H)"
