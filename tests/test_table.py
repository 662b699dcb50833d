"""The batch arbiter (ties, tie_policy) and the host-side Table (rules.md §6, design.md §5)."""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import nertslib as nl
from nertslib.context import context_for
from nertslib.replay import RESOLVE, Batch
from nertslib.table import Event, Table, arbitrate
from nertslib.testing import state_problems
from tests.helpers import move, position
from tests.strategies import candidate_moves, games, states, variants

FIRST_WINS = nl.Variant(tie_policy="first_wins")
ONE_PER_SUIT = nl.Variant(foundation_limit="one_per_suit")
ANY_SUIT = nl.Variant(foundation_build="any_suit")
RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]


def codes(state: nl.GameState, k: int = 0) -> list[str]:
    """Foundation ``k`` as card code + owner seat, bottom first."""
    return [f"{c.code}{c.owner}" for c in state.foundations[k]]


def moves(*texts: str) -> list[nl.Move]:
    return [move(t) for t in texts]


def race(variant: nl.Variant | str = "standard", seats: int = 2) -> nl.GameState:
    """Foundation 0 is A-4♥ of seat 0; every seat holds a 5♥ that fits; seat 0 also the 6♥.

    Seat 0's 5♥ is its Nerts top (6♥ on its waste), seat 1's its waste top (its Nerts pile is
    9♣), seat 2's the top of its work pile 0.
    """
    return position(
        variant,
        seats,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={0: "5H", 1: "9C"},
        waste={0: "6H", 1: "5H"},
        work={2: ["5H"]} if seats > 2 else None,
    )


FIVE_0, FIVE_1, FIVE_2, SIX_0 = "0:5H@N>F0", "1:5H@W>F0", "2:5H@P0>F0", "0:6H@W>F0"


# --- ties under both_keep -------------------------------------------------------------------


def test_two_same_suit_fives_in_one_batch_both_keep_their_cards() -> None:
    s = race()
    after, results = arbitrate(s, moves(FIVE_0, FIVE_1))
    assert results == (None, None)
    assert codes(after) == ["AH0", "2H0", "3H0", "4H0", "5H0", "5H1"]
    assert after.seats[0].nerts_pile == ()
    assert after.seats[1].waste == ()
    # the pile continues from that rank: the 6♥ is what it needs next
    assert after.need == (after.ctx.fkey[nl.Card.parse("6H").id],)
    assert nl.check(after, move(SIX_0)) is None
    assert [str(m) for m in nl.legal_moves(after, 0) if m.to_foundation] == [SIX_0]
    assert nl.hand_scores(after) == (5, 1 - 2)
    assert nl.hand_scores(s) == (4 - 2, -2)
    assert state_problems(after) == []


def test_the_same_batch_under_first_wins_loses_the_race_as_with_apply() -> None:
    s = race(FIRST_WINS)
    after, results = arbitrate(s, moves(FIVE_0, FIVE_1))
    first = nl.apply(s, move(FIVE_0))
    assert after == first
    assert results[0] is None
    assert results[1] == nl.Rejection(
        nl.Reason.RACE_LOST,
        "too late: foundation 0 took seat 0's 5♥ first and needs 6♥ now",
        move(FIVE_1),
    )
    assert results[1] == nl.check(first, move(FIVE_1))
    assert nl.hand_scores(after) == (5, -2)


def test_a_tie_followed_by_the_six() -> None:
    after, results = arbitrate(race(), moves(FIVE_0, FIVE_1, SIX_0))
    assert results == (None, None, None)
    assert codes(after) == ["AH0", "2H0", "3H0", "4H0", "5H0", "5H1", "6H0"]
    assert after.need == (after.ctx.fkey[nl.Card.parse("7H").id],)
    assert state_problems(after) == []


def test_once_the_six_landed_a_late_five_lost_its_race() -> None:
    after, results = arbitrate(race(), moves(FIVE_0, SIX_0, FIVE_1))
    assert results[:2] == (None, None)
    assert results[2] is not None
    assert results[2].reason is nl.Reason.RACE_LOST
    assert results[2].message == "too late: foundation 0 took seat 0's 5♥ first and needs 7♥ now"
    assert codes(after) == ["AH0", "2H0", "3H0", "4H0", "5H0", "6H0"]


def test_swapping_the_batch_order_only_swaps_the_tied_cards() -> None:
    s = race()
    one, r1 = arbitrate(s, moves(FIVE_0, FIVE_1))
    two, r2 = arbitrate(s, moves(FIVE_1, FIVE_0))
    assert r1 == r2 == (None, None)
    assert one != two
    assert one.layouts == two.layouts
    assert codes(one)[:4] == codes(two)[:4]
    assert codes(one)[4:] == ["5H0", "5H1"]
    assert codes(two)[4:] == ["5H1", "5H0"]
    assert (one.status, one.need, one.stalled) == (two.status, two.need, two.stalled)


def test_a_third_identical_card_ties_too() -> None:
    s = race(seats=3)
    after, results = arbitrate(s, moves(FIVE_0, FIVE_1, FIVE_2, SIX_0))
    assert results == (None, None, None, None)
    assert codes(after)[4:] == ["5H0", "5H1", "5H2", "6H0"]
    assert nl.hand_scores(after) == (6, -1, 1)
    assert state_problems(after) == []
    # under first_wins both later fives lose
    fw, fw_results = arbitrate(race(FIRST_WINS, seats=3), moves(FIVE_0, FIVE_1, FIVE_2))
    assert fw_results[0] is None
    assert [r.reason for r in fw_results[1:] if r is not None] == [nl.Reason.RACE_LOST] * 2
    assert codes(fw)[4:] == ["5H0"]


def test_only_a_card_that_landed_in_this_batch_ties() -> None:
    landed = nl.apply(race(), move(FIVE_0))
    after, results = arbitrate(landed, moves(FIVE_1))
    assert after is landed
    assert results == (nl.check(landed, move(FIVE_1)),)
    assert results[0] is not None
    assert results[0].reason is nl.Reason.RACE_LOST
    # nor does a card of this batch tie with one that landed earlier than it
    s = race(seats=3)
    _, results = arbitrate(nl.apply(s, move(FIVE_0)), moves(FIVE_1, FIVE_2))
    assert [r.reason if r else None for r in results] == [nl.Reason.RACE_LOST] * 2


def test_a_tie_move_illegal_for_another_reason_keeps_that_reason() -> None:
    s = race()
    wrong_source = move("1:5H@N>F0")  # seat 1's 5♥ is on its waste, not its Nerts pile
    after, results = arbitrate(s, [move(FIVE_0), wrong_source])
    assert results[0] is None
    assert results[1] == nl.check(s, wrong_source)
    assert results[1] is not None
    assert results[1].reason is nl.Reason.CARD_NOT_THERE
    assert codes(after)[4:] == ["5H0"]
    no_pile = move("1:5H@W>F1")
    _, results = arbitrate(s, [move(FIVE_0), no_pile])
    assert results[1] is not None
    assert results[1].reason is nl.Reason.NO_SUCH_PILE


def test_a_tie_needs_the_move_to_be_legal_before_the_first_card_landed() -> None:
    # Seat 1's 5♥ reaches its waste only with a turn after seat 0's 5♥ landed: too late.
    s = position(
        seats=2,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={0: "5H", 1: "9C"},
        stock={1: "5H.2C.3C"},
    )
    late = moves(FIVE_0, "1:turn", FIVE_1)
    after, results = arbitrate(s, late)
    assert results[:2] == (None, None)
    assert results[2] is not None
    assert results[2].reason is nl.Reason.RACE_LOST
    assert codes(after)[4:] == ["5H0"]
    # Turned before the 5♥ landed, it ties.
    after, results = arbitrate(s, moves("1:turn", FIVE_0, FIVE_1))
    assert results == (None, None, None)
    assert codes(after)[4:] == ["5H0", "5H1"]


def test_a_tie_is_only_with_the_foundation_the_move_names() -> None:
    s = position(
        seats=3,
        foundations=["AH0.2H0.3H0.4H0", "AH1.2H1.3H1.4H1"],
        nerts={0: "5H", 1: "5H", 2: "9C"},
        waste={2: "5H"},
    )
    after, results = arbitrate(s, moves("0:5H@N>F0", "1:5H@N>F1", "2:5H@W>F1"))
    assert results == (None, None, None)
    assert codes(after, 0)[4:] == ["5H0"]
    assert codes(after, 1)[4:] == ["5H1", "5H2"]


def test_same_suit_aces_starting_one_per_suit_foundations_tie() -> None:
    s = position(ONE_PER_SUIT, 2, nerts={0: "AH", 1: "9C"}, waste={1: "AH"})
    aces = moves("0:AH@N>F+", "1:AH@W>F+")
    after, results = arbitrate(s, aces)
    assert results == (None, None)
    assert [codes(after, k) for k in range(len(after.foundations))] == [["AH0", "AH1"]]
    assert after.need == (after.ctx.fkey[nl.Card.parse("2H").id],)
    assert state_problems(after) == []
    # first_wins: the second Ace lost its race
    fw = attrs.evolve(ONE_PER_SUIT, tie_policy="first_wins")
    after, results = arbitrate(position(fw, 2, nerts={0: "AH"}, waste={1: "AH"}), aces)
    assert results[0] is None
    assert results[1] is not None
    assert results[1].reason is nl.Reason.RACE_LOST
    assert [codes(after, k) for k in range(len(after.foundations))] == [["AH0"]]
    # the Aces tie on their own suit's foundation, after those started before the batch
    s = position(ONE_PER_SUIT, 2, nerts={0: "AH"}, waste={1: "AH"}, foundations=["AD0", "AC1"])
    after, results = arbitrate(s, aces)
    assert results == (None, None)
    assert [codes(after, k) for k in range(3)] == [["AD0"], ["AC1"], ["AH0", "AH1"]]
    # unlimited foundations: no race at all, two foundations
    after, results = arbitrate(position("standard", 2, nerts={0: "AH"}, waste={1: "AH"}), aces)
    assert results == (None, None)
    assert [codes(after, k) for k in range(len(after.foundations))] == [["AH0"], ["AH1"]]


def test_one_per_suit_ace_ties_only_with_its_own_suit() -> None:
    s = position(ONE_PER_SUIT, 2, nerts={0: "AH"}, waste={1: "AS"}, foundations=["AD0"])
    after, results = arbitrate(s, moves("0:AH@N>F+", "1:AS@W>F+"))
    assert results == (None, None)
    assert [codes(after, k) for k in range(3)] == [["AD0"], ["AH0"], ["AS1"]]
    # an Ace of a suit started before the batch lost its race
    late = position(ONE_PER_SUIT, 2, nerts={0: "AH"}, waste={1: "AD"}, foundations=["AD0"])
    _, results = arbitrate(late, moves("0:AH@N>F+", "1:AD@W>F+"))
    assert results[0] is None
    assert results[1] is not None
    assert results[1].reason is nl.Reason.RACE_LOST


def test_under_any_suit_build_cards_of_one_key_tie_even_from_one_seat() -> None:
    s = position(ANY_SUIT, 1, foundations=["AC0.2C0.3C0.4C0"], nerts={0: "5H"}, waste={0: "5S"})
    after, results = arbitrate(s, moves("0:5H@N>F0", "0:5S@W>F0"))
    assert results == (None, None)
    assert codes(after)[4:] == ["5H0", "5S0"]
    # but not a card that only came to the top when the first one left
    s = position(ANY_SUIT, 1, foundations=["AC0.2C0.3C0.4C0"], nerts={0: "5S.5H"})
    after, results = arbitrate(s, moves("0:5H@N>F0", "0:5S@N>F0"))
    assert results[1] is not None
    assert results[1].reason is nl.Reason.RACE_LOST
    assert codes(after)[4:] == ["5H0"]


def test_cards_in_the_air_after_a_tie_and_a_call_finish_their_move() -> None:
    # Seeds: once Nerts is called "cards in the air may finish their move and are counted in
    # the scoring": seat 0's 6H, submitted in the call's batch, lands and scores.
    s = position(
        seats=2,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={0: "9C.5H", 1: "5H"},
        waste={0: "6H"},
    )
    batch = moves("0:5H@N>F0", "1:5H@N>F0", "1:nerts", SIX_0, "0:turn")
    after, results = arbitrate(s, batch)
    assert results == (None,) * 5
    assert (after.status, after.caller) == (nl.EndReason.NERTS, 1)
    assert codes(after)[4:] == ["5H0", "5H1", "6H0"]
    assert nl.hand_scores(after) == (6 - 2, 1)
    # a batch later, the hand is over for everyone
    late = nl.check(after, move("0:turn"))
    assert late is not None
    assert late.reason is nl.Reason.HAND_OVER


def test_the_caller_and_second_calls_stop_at_the_call() -> None:
    s = position(seats=2, foundations=["AH0.2H0.3H0.4H0"], nerts={0: "5H"}, waste={0: "6H"})
    assert nl.apply(s, move("0:5H@N>F0")).seats[1].nerts_pile == ()  # seat 1 may call too
    batch = moves("0:5H@N>F0", "0:nerts", SIX_0, "1:nerts")
    after, results = arbitrate(nl.apply(s, move("0:5H@N>F0")), batch[1:])
    assert results == (
        None,
        nl.Rejection(nl.Reason.HAND_OVER, "the hand is over", batch[2]),
        nl.Rejection(nl.Reason.HAND_OVER, "the hand is over", batch[3]),
    )
    assert (after.status, after.caller) == (nl.EndReason.NERTS, 0)
    assert after.seats[0].waste_top == nl.Card.parse("6H", owner=0)


def test_a_tie_in_the_air_after_a_call() -> None:
    # seat 1's 5H was legal before seat 0's landed, in the same batch as seat 0's call: under
    # both_keep it ties, in the air; under first_wins it loses its race
    s = position(seats=2, foundations=["AH0.2H0.3H0.4H0"], nerts={0: "5H"}, waste={1: "5H"})
    batch = moves("0:5H@N>F0", "0:nerts", FIVE_1)
    after, results = arbitrate(s, batch)
    assert results == (None, None, None)
    assert codes(after)[4:] == ["5H0", "5H1"]
    assert (after.status, after.caller) == (nl.EndReason.NERTS, 0)
    assert nl.hand_scores(after) == (5, 1)
    first = position(
        nl.Variant(tie_policy="first_wins"),
        seats=2,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={0: "5H"},
        waste={1: "5H"},
    )
    after, results = arbitrate(first, batch)
    assert results[:2] == (None, None)
    assert results[2] is not None
    assert results[2].reason is nl.Reason.RACE_LOST
    assert codes(after)[4:] == ["5H0"]
    assert after.seats[1].waste_top == nl.Card.parse("5H", owner=1)


def test_call_mode_auto_ends_the_hand_with_the_tied_last_card() -> None:
    s = position(
        attrs.evolve(nl.variants.get("nna"), tie_policy="both_keep"),
        2,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={0: "9C.5H", 1: "5H"},
    )
    # seat 1's tied 5H is its last Nerts card: the call; seat 0's 9C is in the air, and
    # emptying seat 0's Nerts pile too does not make it the caller
    after, results = arbitrate(s, moves("0:5H@N>F0", "1:5H@N>F0", "0:9C@N>P0", "1:turn"))
    assert results[:3] == (None, None, None)
    assert results[3] is not None
    assert results[3].reason is nl.Reason.HAND_OVER
    assert (after.status, after.caller) == (nl.EndReason.NERTS, 1)
    assert after.seats[0].nerts_pile == ()
    assert nl.hand_scores(after) == (5, 1 + 10)


def test_nfen_round_trips_a_tied_foundation() -> None:
    after, _ = arbitrate(race(seats=3), moves(FIVE_0, FIVE_2, FIVE_1))
    nfen = after.to_nfen()
    assert "AH0.2H0.3H0.4H0.5H0.5H2.5H1 " in nfen
    again = nl.GameState.from_nfen(nfen)
    assert again == after
    assert again.need == after.need
    assert again.to_nfen() == nfen
    # the same foundation is no position under first_wins
    with pytest.raises(nl.NFENError, match="5♥ cannot follow 5♥"):
        nl.GameState.from_nfen(nfen.replace("standard", "standard,tie_policy=first_wins", 1))


def test_the_input_state_is_not_changed() -> None:
    s = race(seats=3)
    nfen = s.to_nfen()
    arbitrate(s, moves(FIVE_0, FIVE_1, FIVE_2, SIX_0))
    assert s.to_nfen() == nfen
    assert s == nl.GameState.from_nfen(nfen)


def test_an_empty_batch_changes_nothing() -> None:
    s = race()
    assert arbitrate(s, []) == (s, ())
    assert arbitrate(s, iter(())) == (s, ())


def test_a_batch_may_be_any_iterable_of_moves() -> None:
    s = race()
    expected = arbitrate(s, moves(FIVE_0, FIVE_1))
    assert arbitrate(s, tuple(moves(FIVE_0, FIVE_1))) == expected
    assert arbitrate(s, (m for m in moves(FIVE_0, FIVE_1))) == expected


@pytest.mark.parametrize(
    ("batch", "message"),
    [
        ([move("0:turn"), "0:turn"], "batch item 1 is not a Move: '0:turn'"),
        ([None], "batch item 0 is not a Move: None"),
        (move("0:turn"), "a batch is an iterable of Moves, got Move.parse('0:turn')"),
        ("0:turn", "a batch is an iterable of Moves, got '0:turn'"),
        (b"0:turn", "a batch is an iterable of Moves, got b'0:turn'"),
        (7, "a batch is an iterable of Moves, got 7"),
    ],
)
def test_invalid_batches_raise_a_clear_value_error(batch: object, message: str) -> None:
    s = race()
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$") as info:
        arbitrate(s, batch)  # type: ignore[arg-type]
    assert isinstance(info.value, nl.NertsError)


def test_a_non_state_is_refused() -> None:
    with pytest.raises(nl.NertsError, match=r"^not a GameState: 'standard'$"):
        arbitrate("standard", [])  # type: ignore[arg-type]
    with pytest.raises(nl.NertsError, match=r"^not a GameState: None$"):
        Table(None)  # type: ignore[arg-type]


# --- properties ------------------------------------------------------------------------------


@given(st.data())
def test_a_one_move_batch_is_check_and_apply(data: st.DataObject) -> None:
    s = data.draw(states())
    seat = data.draw(st.integers(0, len(s.seats) - 1))
    m = data.draw(st.sampled_from(candidate_moves(s, seat)))
    after, results = arbitrate(s, [m])
    assert results == (nl.check(s, m),)
    assert after == (nl.apply(s, m) if results[0] is None else s)


@st.composite
def batches(draw: st.DrawFn) -> tuple[nl.GameState, list[nl.Move]]:
    """A reachable state and a batch: mostly foundation plays of several seats (races, ties),
    other legal moves, and arbitrary candidate moves (mostly illegal)."""
    s, _ = draw(games(max_steps=150))
    seats = range(len(s.seats))
    legal = [m for seat in seats for m in nl.legal_moves(s, seat)]
    racing = [m for m in legal if m.to_foundation]
    pools = [p for p in (racing, legal) if p]
    seat = draw(st.sampled_from(seats))
    pools.append(candidate_moves(s, seat))
    batch = draw(st.lists(st.sampled_from(pools).flatmap(st.sampled_from), max_size=8))
    return s, batch


def _fold(s: nl.GameState, batch: Sequence[nl.Move]) -> tuple[nl.GameState, tuple]:
    results = []
    for m in batch:
        r = nl.check(s, m)
        if r is None:
            s = nl.apply(s, m)
        results.append(r)
    return s, tuple(results)


@given(batches())
def test_arbitrate_keeps_every_invariant_and_explains_every_tie(
    case: tuple[nl.GameState, list[nl.Move]],
) -> None:
    s, batch = case
    check_batch(s, batch)


def check_batch(s: nl.GameState, batch: list[nl.Move]) -> None:
    nfen = s.to_nfen()
    after, results = arbitrate(s, batch)
    assert s.to_nfen() == nfen  # the input is unchanged
    assert len(results) == len(batch)
    assert all(r is None or r.move == m for r, m in zip(results, batch, strict=True))
    assert state_problems(after) == []
    folded = _fold(s, batch)
    called = not s.is_over and folded[0].status is nl.EndReason.NERTS
    if s.variant.tie_policy == "first_wins" and not called:
        assert (after, results) == folded  # without a call, apply move by move
    # Step by step: each prefix of the batch is arbitrated the same way (results only depend
    # on what came before), and each result is check's, except a tie. After an accepted call
    # the other seats' moves are checked in the hand still in play (cards in the air), and
    # the caller's own moves and further calls are refused.
    before = s
    ties = 0
    caller = -1
    for i, m in enumerate(batch):
        step, prefix = arbitrate(s, batch[: i + 1])
        assert prefix == results[: i + 1]
        if caller >= 0 and (m.seat == caller or m.kind is nl.MoveKind.CALL):
            refused = results[i]
            assert refused is not None
            assert refused.reason is nl.Reason.HAND_OVER
            assert step == before
            continue
        live = before if caller < 0 else attrs.evolve(before, status=None, caller=-1)
        plain = nl.check(live, m)
        if results[i] == plain:
            expected = live if plain else nl.apply(live, m)
            if plain is None and caller < 0 and expected.status is nl.EndReason.NERTS:
                caller = expected.caller  # this move is the call
            elif caller >= 0:
                expected = attrs.evolve(expected, status=nl.EndReason.NERTS, caller=caller)
            assert step == expected
        else:
            ties += 1
            assert results[i] is None
            assert plain is not None
            assert plain.reason is nl.Reason.RACE_LOST
            assert s.variant.tie_policy == "both_keep"
            assert m.card is not None
            changed = [k for k, p in enumerate(step.fnd) if k >= len(live.fnd) or p != live.fnd[k]]
            assert len(changed) == 1
            k = changed[0]
            assert step.fnd[k] == (*live.fnd[k], m.card.id)
            top = live.fnd[k][-1]
            assert s.ctx.fkey[top] == s.ctx.fkey[m.card.id]
            assert top not in {c for p in s.fnd for c in p}  # it landed in this batch
            assert [lay for i2, lay in enumerate(step.layouts) if i2 != m.seat] == [
                lay for i2, lay in enumerate(live.layouts) if i2 != m.seat
            ]
            if caller < 0 and step.status is nl.EndReason.NERTS:
                caller = step.caller  # a tied last Nerts card under call_mode="auto"
        before = step
    assert before == after
    note(f"ties: {ties}")


@given(states(max_seats=3, max_steps=100))
def test_a_batch_of_everyones_foundation_plays_conserves_cards(s: nl.GameState) -> None:
    batch = [m for seat in range(len(s.seats)) for m in nl.legal_moves(s, seat) if m.to_foundation]
    after, results = arbitrate(s, batch)
    assert state_problems(after) == []
    accepted = [m for m, r in zip(batch, results, strict=True) if r is None]
    on_foundations = {c for p in after.fnd for c in p}
    assert all(m.card is not None and m.card.id in on_foundations for m in accepted)
    assert len(on_foundations) == sum(len(p) for p in s.fnd) + len(accepted)


SUITS_BY_COLOUR = {"H": "S", "D": "C", "S": "H", "C": "D"}  # a suit of the other colour


@st.composite
def race_batches(draw: st.DrawFn) -> tuple[nl.GameState, list[nl.Move], list[nl.Move]]:
    """A position where 2-4 seats each hold a card of one foundation key that fits (or an Ace
    of one suit), over the variant space; the racing moves, and a batch that shuffles them
    among other moves of the position (legal or not)."""
    variant = draw(variants())
    variant = attrs.evolve(variant, work_pile_layout="single", space_fill_mandatory=False)
    n = draw(st.integers(2, 4))
    rule = context_for(variant, n).rule  # 0 same suit, 1 alternating colour, 2 any suit
    suit = draw(st.sampled_from("CDHS"))
    rank = draw(st.integers(1, 13))

    def suit_of(r: int) -> str:  # the foundation's suit at rank r (ending at the racing card)
        return SUITS_BY_COLOUR[suit] if rule == 1 and (rank - r) % 2 else suit

    pile = ".".join(f"{RANKS[r - 1]}{suit_of(r)}0" for r in range(1, rank))
    racing_card = f"{RANKS[rank - 1]}{suit}"
    target = "F+" if rank == 1 else "F0"
    nerts: dict[int, str] = {}
    waste: dict[int, str] = {}
    work: dict[int, list[str]] = {}
    racing = []
    # a card in every Nerts pile (under the racing card, if it is there), so that
    # call_mode="auto" does not end the hand
    filler = "KD" if racing_card != "KD" and not (rank == 13 and suit == "D") else "KC"
    for seat in range(n):
        where = draw(st.sampled_from(["N", "W", "P0"]))
        if where == "N":
            nerts[seat] = f"{filler}.{racing_card}"
        elif where == "W":
            waste[seat] = racing_card
        else:
            work[seat] = [racing_card]
        if where != "N" and variant.call_mode == "auto":
            nerts[seat] = filler
        racing.append(move(f"{seat}:{racing_card}@{where}>{target}"))
    variant = attrs.evolve(variant, nerts_pile_size=max(variant.nerts_pile_size, 2))
    state = position(
        variant, n, foundations=[pile] if pile else [], nerts=nerts, waste=waste, work=work
    )
    order = draw(st.permutations(racing))
    others = [m for seat in range(n) for m in nl.legal_moves(state, seat)]
    others += candidate_moves(state, draw(st.integers(0, n - 1)))
    extra = draw(st.lists(st.sampled_from(others), max_size=4))
    batch = list(order)
    for m in extra:
        batch.insert(draw(st.integers(0, len(batch))), m)
    return state, racing, batch


@given(race_batches())
def test_cards_racing_for_one_spot_in_one_batch_all_keep_their_places(
    case: tuple[nl.GameState, list[nl.Move], list[nl.Move]],
) -> None:
    s, racing, _ = case
    assert all(nl.check(s, m) is None for m in racing)
    after, results = arbitrate(s, racing)
    assert state_problems(after) == []
    landed = [c for p in after.fnd for c in p if c not in {c for p in s.fnd for c in p}]
    cards = [m.card.id for m in racing if m.card is not None]
    new_piles = racing[0].target is nl.Zone.NEW_FOUNDATION and not s.ctx.one_per_suit
    if s.variant.tie_policy == "both_keep" or new_piles:
        assert results == (None,) * len(racing)
        assert landed == cards
        if new_piles:  # unlimited foundations: every Ace starts its own
            assert after.fnd == (*s.fnd, *((c,) for c in cards))
        else:  # one pile holds them all, in batch order
            assert after.fnd[-1][-len(cards) :] == tuple(cards)
            assert len(after.fnd) == max(len(s.fnd), 1)
    else:
        assert results[0] is None
        assert [r.reason for r in results[1:] if r is not None] == [nl.Reason.RACE_LOST] * (
            len(racing) - 1
        )
        assert landed == cards[:1]


@given(race_batches())
def test_race_batches_mixed_with_other_moves_keep_every_invariant(
    case: tuple[nl.GameState, list[nl.Move], list[nl.Move]],
) -> None:
    s, _, batch = case
    check_batch(s, batch)


# --- Table -----------------------------------------------------------------------------------


def over(table: Table) -> bool:
    """``table.is_over``, read through a call (mypy would narrow the property)."""
    return table.is_over


class FakeClock:
    """A clock that ticks by one each time it is read (safe to share between threads)."""

    def __init__(self) -> None:
        self._ticks = itertools.count()

    def __call__(self) -> float:
        return float(next(self._ticks))


def test_table_submit_applies_in_arrival_order_and_logs_every_move() -> None:
    s = race()
    table = Table(s, clock=FakeClock())
    assert table.state is s
    assert table.submit(move(FIVE_1)) is None
    lost = table.submit(move(FIVE_0))
    assert lost is not None
    assert lost.reason is nl.Reason.RACE_LOST
    assert table.submit(move("0:6H@W>F0")) is None
    assert codes(table.state)[4:] == ["5H1", "6H0"]
    assert table.state == nl.apply(nl.apply(s, move(FIVE_1)), move(SIX_0))
    assert table.events == (
        Event(0, 0.0, 1, move(FIVE_1), None, 0),
        Event(1, 1.0, 0, move(FIVE_0), lost, 1),
        Event(2, 2.0, 0, move(SIX_0), None, 2),
    )
    assert [e.accepted for e in table.events] == [True, False, True]
    assert not over(table)


def test_table_submit_batch_settles_ties_and_logs_one_time_per_batch() -> None:
    table = Table(race(seats=3), clock=FakeClock())
    assert table.submit(move("2:turn")) is None
    results = table.submit_batch(moves(FIVE_0, FIVE_1, "1:nerts"))
    assert results[:2] == (None, None)
    assert results[2] is not None
    assert results[2].reason is nl.Reason.NERTS_NOT_EMPTY
    assert table.submit(move(FIVE_2)).reason is nl.Reason.RACE_LOST  # type: ignore[union-attr]
    assert [(e.seq, e.time, e.batch, e.seat) for e in table.events] == [
        (0, 0.0, 0, 2),
        (1, 1.0, 1, 0),
        (2, 1.0, 1, 1),
        (3, 1.0, 1, 1),
        (4, 2.0, 2, 2),
    ]
    assert [e.rejection for e in table.events[1:4]] == list(results)
    assert codes(table.state)[4:] == ["5H0", "5H1"]
    assert table.submit_batch([]) == ()
    assert len(table.events) == 5


def test_table_call_ends_the_hand() -> None:
    s = position(seats=2, foundations=["AH0"], nerts={1: "9C"})
    table = Table(s, clock=FakeClock())
    assert not over(table)
    assert table.submit(move("0:nerts")) is None
    assert over(table)
    assert table.submit(move("1:9C@N>P0")).reason is nl.Reason.HAND_OVER  # type: ignore[union-attr]
    assert table.state.caller == 0
    assert len(table.events) == 2


def test_table_refuses_non_moves_and_logs_nothing() -> None:
    table = Table(race(), clock=FakeClock())
    with pytest.raises(nl.NertsError, match=r"^batch item 0 is not a Move: '0:turn'$"):
        table.submit("0:turn")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^batch item 1 is not a Move: 3$"):
        table.submit_batch([move("0:turn"), 3])  # type: ignore[list-item]
    assert table.events == ()
    assert table.state == race()
    with pytest.raises(nl.NertsError, match=r"^clock must be callable, got 1\.5$"):
        Table(race(), clock=1.5)  # type: ignore[arg-type]


def stuck_position() -> nl.GameState:
    """One seat, every card but the hearts 2-K on complete foundations, hearts blocked."""
    return position(
        "standard",
        1,
        foundations=[".".join(f"{r}{s}0" for r in RANKS) for s in "CDS"] + ["AH0"],
        nerts={0: "2H.3H.4H.5H.6H.7H.8H.9H"},
        work={0: ["10H", "JH", "QH", "KH"]},
    )


def test_table_resolves_a_stalemate_only_when_every_seat_is_stuck() -> None:
    table = Table(race(), clock=FakeClock())
    assert table.resolve_stalemate() is False
    assert table.events == ()
    s = stuck_position()
    assert nl.all_stuck(s)
    table = Table(s, clock=FakeClock())
    assert table.resolve_stalemate() is True
    assert table.state == nl.resolve_stalemate(s)
    assert not over(table)
    assert table.resolve_stalemate() is True  # still stuck: the hand ends in stalemate
    assert table.state == nl.resolve_stalemate(nl.resolve_stalemate(s))
    assert table.state.status is nl.EndReason.STALEMATE
    assert over(table)
    assert table.resolve_stalemate() is False
    assert table.events == (Event(0, 0.0, None, None, None, 0), Event(1, 1.0, None, None, None, 1))
    assert table.events[0].accepted


def test_table_uses_the_monotonic_clock_by_default() -> None:
    table = Table(race())
    table.submit(move("0:turn"))
    table.submit(move("1:turn"))
    first, second = table.events
    assert isinstance(first.time, float)
    assert 0 <= second.time - first.time < 60


def test_table_repr() -> None:
    table = Table(race(), clock=FakeClock())
    table.submit(move("0:turn"))
    assert repr(table) == f"<Table: 1 events, {table.state.to_nfen()!r}>"


def test_concurrent_submissions_equal_a_sequential_order_and_lose_no_event() -> None:
    start = nl.deal("standard", seats=4, seed=11)
    table = Table(start, clock=FakeClock())
    per_thread = 60
    barrier = threading.Barrier(4)
    # Moves each thread submitted: a batch of two where the hand was in play at i % 5 == 0,
    # one otherwise (the interleaving decides whether some seat ends the hand early).
    submitted = [0] * 4

    def player(seat: int) -> None:
        barrier.wait()
        for i in range(per_thread):
            state = table.state
            legal = nl.legal_moves(state, seat)
            if not legal:
                table.submit(nl.Move.turn(seat))
                submitted[seat] += 1
                continue
            choice = nl.greedy_bot(nl.view(state, seat), seat) if i % 3 else legal[i % len(legal)]
            if i % 5 == 0:
                table.submit_batch([choice or legal[0], nl.Move.turn(seat)])
                submitted[seat] += 2
            else:
                table.submit(choice or legal[0])
                submitted[seat] += 1

    threads = [threading.Thread(target=player, args=(seat,)) for seat in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = table.events
    assert len(events) == sum(submitted)
    assert sum(submitted) >= 4 * per_thread
    assert [e.seq for e in events] == list(range(len(events)))
    assert [e.time for e in events] == sorted(e.time for e in events)
    assert sorted({e.batch for e in events}) == list(range(4 * per_thread))
    # Replaying the log batch by batch, in order, rebuilds the state and every result.
    state = start
    for _, group_iter in itertools.groupby(events, key=lambda e: e.batch):
        group = list(group_iter)
        assert len({(e.time, e.seat) for e in group}) == 1
        state, results = arbitrate(state, [e.move for e in group if e.move is not None])
        assert results == tuple(e.rejection for e in group)
    assert state == table.state
    assert state_problems(state) == []


# --- a table's hand as a replay -------------------------------------------------------------


def test_table_replay_keeps_ties_and_leaves_out_refusals() -> None:
    table = Table(nl.deal("standard", seats=2, seed=29), clock=FakeClock())
    assert table.submit(move("0:AS@P3>F+")) is None
    results = table.submit_batch(moves("0:2S@N>F0", "1:2S@P1>F0", "1:restock"))
    assert [r is None for r in results] == [True, True, False]
    assert table.submit(move("0:restock")) is not None  # refused: no event in the replay
    assert table.submit_batch(moves("0:turn", "1:restock")) == (None, table.events[-1].rejection)
    replay = table.replay()
    assert replay.events == (
        move("0:AS@P3>F+"),
        Batch(moves("0:2S@N>F0", "1:2S@P1>F0")),
        move("0:turn"),
    )
    assert replay.final() == table.state


def test_table_replay_records_stalemate_resolutions() -> None:
    table = Table(nl.deal("standard", seats=1, seed=0), clock=FakeClock())
    while not table.is_over:
        # as play_hand: a stuck seat of the greedy bot waits (its view cannot tell it is stuck)
        stuck = nl.is_stuck(table.state, 0)
        chosen = None if stuck else nl.greedy_bot(nl.view(table.state, 0), 0)
        if chosen is None:
            assert table.resolve_stalemate() is True
        else:
            assert table.submit(chosen) is None
    replay = table.replay()
    final, log = nl.play_hand(nl.deal("standard", seats=1, seed=0), [nl.greedy_bot])
    assert replay.events == tuple(RESOLVE if m is None else m for m in log)
    assert log.count(None) == 2  # a restock that helps nobody, then the end
    assert replay.final() == table.state == final


def test_table_replay_needs_a_table_that_started_from_a_deal() -> None:
    table = Table(race(), clock=FakeClock())
    with pytest.raises(nl.NertsError) as info:
        table.replay()
    assert str(info.value) == (
        "this table did not start from a fresh deal, and a replay starts from deal(variant, 2, 0)"
    )


# --- cards in the air: call_grace -------------------------------------------------------------


def in_the_air_race() -> nl.GameState:
    """Seat 0 may call (its Nerts pile is empty); seats 1 and 2 each hold a 5H for the hearts,
    and seat 1 a 6H in its waste."""
    return position(
        seats=3,
        foundations=["AH0.2H0.3H0.4H0"],
        nerts={1: "9C.5H", 2: "5H"},
        waste={1: "6H"},
    )


def test_moves_within_the_call_grace_join_the_call_s_batch() -> None:
    clock = iter([10.0, 10.1, 10.2, 10.3]).__next__
    table = Table(in_the_air_race(), clock=clock, call_grace=0.25)
    assert table.submit(move("0:nerts")) is None
    assert table.is_over  # the hand is called at once ...
    assert table.submit(move("1:5H@N>F0")) is None  # ... but cards in the air still land
    assert table.submit(move("2:5H@N>F0")) is None  # a tie with seat 1's, in the same batch
    late = table.submit(move("1:6H@W>F0"))  # 0.3 s after the call: too late
    assert late is not None
    assert late.reason is nl.Reason.HAND_OVER
    assert [e.batch for e in table.events] == [0, 0, 0, 1]
    assert [c.code + str(c.owner) for c in table.state.foundations[0]][4:] == ["5H1", "5H2"]
    assert (table.state.status, table.state.caller) == (nl.EndReason.NERTS, 0)
    # the log rebuilds the state: arbitrate over the joined batch gives the same
    joined = [e.move for e in table.events if e.batch == 0 and e.move is not None]
    assert arbitrate(in_the_air_race(), joined)[0] == table.state


@pytest.mark.parametrize(
    ("after", "joins"),
    # 0.25 and the sums below are exact in binary: the comparison meets the bound exactly
    [(0.0, True), (0.125, True), (0.25 - 2**-20, True), (0.25, True), (0.25 + 2**-20, False)],
)
def test_the_call_grace_ends_at_its_bound_inclusive(after: float, joins: bool) -> None:
    clock = iter([8.0, 8.0 + after]).__next__
    table = Table(in_the_air_race(), clock=clock, call_grace=0.25)
    assert table.submit(move("0:nerts")) is None
    late = table.submit(move("1:5H@N>F0"))
    assert (late is None) is joins
    assert [e.batch for e in table.events] == [0, 0 if joins else 1]


def test_a_zero_call_grace_closes_the_batch_with_the_call() -> None:
    table = Table(in_the_air_race(), clock=itertools.repeat(1.0).__next__, call_grace=0)
    assert table.submit_batch(moves("0:nerts", "1:5H@N>F0")) == (None, None)  # same batch
    late = table.submit(move("2:5H@N>F0"))  # even at the same instant: another submission
    assert late is not None
    assert late.reason is nl.Reason.HAND_OVER


def test_the_caller_s_own_moves_never_join_and_a_replay_rebuilds_the_table() -> None:
    start = nl.deal(nl.Variant(nerts_pile_size=1), seats=2, seed=18)
    table = Table(start, clock=iter([0.0, 1.0, 1.1, 1.2]).__next__)
    assert table.submit(move("0:5H@N>P1")) is None
    assert table.submit(move("0:nerts")) is None
    caller_late = table.submit(move("0:turn"))
    assert caller_late is not None
    assert caller_late.reason is nl.Reason.HAND_OVER
    assert table.submit(move("1:AC@N>F+")) is None
    assert nl.hand_scores(table.state) == (0, 1)
    replay = table.replay()
    assert replay.events[-1] == Batch(moves("0:nerts", "1:AC@N>F+"))
    assert replay.final() == table.state


@pytest.mark.parametrize("bad", [-0.1, float("inf"), float("nan"), "0.25", None, True])
def test_call_grace_must_be_a_finite_number_of_seconds(bad: object) -> None:
    with pytest.raises(nl.NertsError, match=r"^call_grace must be a finite number of seconds"):
        Table(nl.deal("standard", 2, 0), call_grace=bad)  # type: ignore[arg-type]


def test_a_second_last_nerts_card_in_the_air_leaves_the_first_call_and_later_cards_stand() -> None:
    # call_mode="auto": seat 0's last Nerts card ends the hand; seat 1's last Nerts card, in
    # the air in the same batch, calls nothing more, and seat 2's Ace after both still lands
    # (rules.md §8: the other actions of the batch are applied, each checked as usual).
    auto = nl.Variant(call_mode="auto")
    s = position(
        auto,
        seats=3,
        nerts={0: "KD", 1: "KD", 2: "5S.AC"},
        work={0: ["", "2C", "3C", "4C"], 1: ["", "2C", "3C", "4C"], 2: ["KC", "KD", "KH", "KS"]},
    )
    batch = [move("0:KD@N>P0"), move("1:KD@N>P0"), move("2:AC@N>F+")]
    after, results = arbitrate(s, batch)
    assert results == (None, None, None)
    assert (after.status, after.caller) == (nl.EndReason.NERTS, 0)
    assert after.foundations[0][-1] == nl.Card.parse("AC", 2)
