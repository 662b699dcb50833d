"""Unit tests for nertslib.scoring: hand scores, Outcome and Match."""

import statistics
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import EndReason, Match, Outcome, Variant
from nertslib.errors import NertsError
from nertslib.scoring import Z95, half_width95

#: Every term of the score has its own weight, so a wrong term changes the result.
WEIGHTED = Variant(foundation_points=3, king_bonus=5, nerts_penalty=7, caller_bonus=11)
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def message_of(exc_type: type[Exception], fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is exc_type
    return str(info.value)


def build_state(
    variant: Variant,
    seats: int,
    foundations: list[list[tuple[str, int]]],
    nerts_sizes: list[int],
    status: str = "play",
    seed: int = 1,
) -> nl.GameState:
    """A legal position built from a real deal, written as NFEN and read back.

    ``foundations`` is a list of piles, each a list of ``(code, owner)`` bottom first. Every
    other card of a seat goes to its Nerts pile (the first ``nerts_sizes[seat]`` cards of the
    deal's order) or its stock; work piles and wastes are empty.
    """
    dealt = nl.deal(variant, seats=seats, seed=seed)
    tokens = dealt.to_nfen().split()
    assert len(tokens) == seats + 5
    used = {(owner, code) for pile in foundations for code, owner in pile}
    nwork = variant.work_pile_count(seats)
    seat_tokens = []
    for seat, layout in enumerate(dealt.layouts):
        rest = [c.code for c in layout.all_cards if (seat, c.code) not in used]
        nerts, stock = rest[: nerts_sizes[seat]], rest[nerts_sizes[seat] :]
        fields = [".".join(nerts) or "-", *["-"] * nwork, ".".join(stock) or "-", "-", "0"]
        seat_tokens.append("|".join(fields))
    fnd = "/".join(".".join(f"{code}{owner}" for code, owner in pile) for pile in foundations)
    # a stalemate comes after a stuck resolution (r1) unless the variant ends the hand at once
    resolved = (
        status == "stalemate" and nl.Variant.from_spec(tokens[0]).stuck_resolution != "end_hand"
    )
    nfen = " ".join([tokens[0], fnd or "-", *seat_tokens, status, f"r{int(resolved)}", f"s{seed}"])
    state = nl.GameState.from_nfen(nfen)
    assert state.to_nfen() == nfen
    return state


def suit_run(suit: str, owners: list[int]) -> list[tuple[str, int]]:
    """A foundation of ``suit`` from the Ace up, card ``i`` owned by ``owners[i]``."""
    return [(RANKS[i] + suit, owner) for i, owner in enumerate(owners)]


# Seat 0: 12 hearts + 3S + 13 clubs = 26 cards, one King (KC). Seat 1: KH + AS + 2S = 3 cards,
# one King (KH). Seat 2: nothing. A Queen (QH, seat 0) is on a foundation and is no King.
FOUNDATIONS = [
    suit_run("H", [0] * 12 + [1]),
    suit_run("S", [1, 1, 0]),
    suit_run("C", [0] * 13),
]


def weighted_state(status: str, nerts_sizes: tuple[int, ...] = (0, 4, 13)) -> nl.GameState:
    return build_state(WEIGHTED, 3, FOUNDATIONS, list(nerts_sizes), status)


# --- hand_scores --------------------------------------------------------------------------


def test_helper_builds_the_intended_position():
    state = weighted_state("play")
    assert [len(p) for p in state.foundations] == [13, 3, 13]
    assert [len(lay.nerts_pile) for lay in state.seats] == [0, 4, 13]
    owners = [c.owner for p in state.foundations for c in p]
    assert (owners.count(0), owners.count(1), owners.count(2)) == (26, 3, 0)


def test_hand_scores_while_playing_has_no_caller_bonus():
    # seat 0: 3*26 + 5*1 - 7*0; seat 1: 3*3 + 5*1 - 7*4; seat 2: -7*13
    assert nl.hand_scores(weighted_state("play")) == (83, -14, -91)


def test_hand_scores_caller_bonus_only_for_the_caller():
    assert nl.hand_scores(weighted_state("nerts:0")) == (94, -14, -91)


def test_hand_scores_caller_bonus_for_another_seat():
    state = weighted_state("nerts:1", nerts_sizes=(0, 0, 13))
    assert nl.hand_scores(state) == (83, 25, -91)
    state = weighted_state("nerts:0", nerts_sizes=(0, 0, 13))
    assert nl.hand_scores(state) == (94, 14, -91)


def test_hand_scores_stalemate_has_no_caller_bonus():
    assert nl.hand_scores(weighted_state("stalemate")) == (83, -14, -91)


def test_hand_scores_standard_weights():
    state = build_state(Variant(), 3, FOUNDATIONS, [0, 4, 13], "nerts:0")
    # standard: +1 per card, no King bonus, -2 per Nerts card, no caller bonus
    assert nl.hand_scores(state) == (26, 3 - 8, -26)


def test_hand_scores_each_term_alone():
    fnd = [suit_run("D", [0] * 13), suit_run("S", [1, 0])]

    def scores(**weights: Any) -> tuple[int, ...]:
        fields: dict[str, Any] = {
            "foundation_points": 0,
            "king_bonus": 0,
            "nerts_penalty": 0,
            "caller_bonus": 0,
        }
        fields.update(weights)
        v = Variant(**fields)
        return nl.hand_scores(build_state(v, 2, fnd, [0, 5], "nerts:0"))

    assert scores() == (0, 0)
    assert scores(foundation_points=1) == (14, 1)
    assert scores(foundation_points=-2) == (-28, -2)
    assert scores(king_bonus=4) == (4, 0)
    assert scores(nerts_penalty=3) == (0, -15)
    assert scores(nerts_penalty=-3) == (0, 15)
    assert scores(caller_bonus=20) == (20, 0)
    assert scores(caller_bonus=-20) == (-20, 0)


def test_hand_scores_kings_of_both_seats_and_ties():
    # tie_policy both_keep: two 5H on one foundation, both count for their owners
    fnd = [
        [("AH", 0), ("2H", 0), ("3H", 0), ("4H", 0), ("5H", 0), ("5H", 1), ("6H", 1)],
        suit_run("D", [1] * 13),
        suit_run("C", [0] * 12 + [1]),
    ]
    state = build_state(WEIGHTED, 2, fnd, [6, 1], "play")
    # seat 0: 5 + 12 = 17 cards, no King; seat 1: 2 + 13 + 1 = 16 cards, two Kings
    assert nl.hand_scores(state) == (3 * 17 - 7 * 6, 3 * 16 + 5 * 2 - 7 * 1)


def test_hand_scores_of_a_fresh_deal():
    assert nl.hand_scores(nl.deal("standard", seats=3, seed=5)) == (-26, -26, -26)
    small = Variant(nerts_pile_size=5, nerts_penalty=7)
    assert nl.hand_scores(nl.deal(small, seats=2, seed=0)) == (-35, -35)
    one = Variant(nerts_pile_size=1)
    assert nl.hand_scores(nl.deal(one, seats=1, seed=0)) == (-2,)


@given(
    st.integers(-100, 100),
    st.integers(-100, 100),
    st.integers(-100, 100),
    st.integers(-1000, 1000),
    st.sampled_from(["play", "nerts:0", "stalemate"]),
)
def test_hand_scores_formula(points, king, penalty, bonus, status):
    v = Variant(
        foundation_points=points, king_bonus=king, nerts_penalty=penalty, caller_bonus=bonus
    )
    state = build_state(v, 3, FOUNDATIONS, [0, 4, 13], status)
    expected = [points * 26 + king, points * 3 + king - penalty * 4, -penalty * 13]
    if status == "nerts:0":
        expected[0] += bonus
    assert nl.hand_scores(state) == tuple(expected)


# --- is_over and outcome ------------------------------------------------------------------


def test_outcome_none_while_playing():
    state = weighted_state("play")
    assert nl.is_over(state) is False
    assert nl.outcome(state) is None
    assert nl.outcome(nl.deal("standard", seats=2, seed=0)) is None
    assert nl.is_over(nl.deal("standard", seats=2, seed=0)) is False


def test_outcome_after_nerts():
    state = weighted_state("nerts:0")
    assert nl.is_over(state) is True
    result = nl.outcome(state)
    assert result == Outcome(EndReason.NERTS, 0, (94, -14, -91))
    assert result.reason is EndReason.NERTS
    assert result.caller == 0
    assert result.scores == (94, -14, -91)
    assert result.winner == 0


def test_outcome_after_nerts_by_seat_one():
    state = weighted_state("nerts:1", nerts_sizes=(0, 0, 13))
    assert nl.outcome(state) == Outcome(EndReason.NERTS, 1, (83, 25, -91))


def test_outcome_after_stalemate():
    state = weighted_state("stalemate")
    assert nl.is_over(state) is True
    result = nl.outcome(state)
    assert result == Outcome(EndReason.STALEMATE, None, (83, -14, -91))
    assert result.caller is None


def test_outcome_of_a_played_hand():
    final, _ = nl.play_hand(nl.deal("standard", seats=2, seed=4), [nl.greedy_bot] * 2)
    result = nl.outcome(final)
    assert result == Outcome(EndReason.NERTS, 1, nl.hand_scores(final))
    assert result.scores == (9, 13)
    assert final.caller == 1


def test_outcome_repr_and_frozen():
    result = Outcome(EndReason.NERTS, caller=2, scores=(3, -4, 12))
    assert repr(result) == "Outcome(reason=EndReason.NERTS, caller=2, scores=(3, -4, 12))"
    assert eval(repr(result), {"Outcome": Outcome, "EndReason": EndReason}) == result
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.caller = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((3, -4, 12), 2),
        ((12, -4, 3), 0),
        ((-4, 12, 3), 1),
        ((5, 5, 1), None),
        ((5, 5, 9), 2),
        ((9, 5, 9), None),
        ((1, 9, 9), None),
        ((0, 0), None),
        ((-1, -2), 0),
        ((-2, -1), 1),
        ((7,), 0),
        ((1, 2, 3, 4, 5, 6, 7, 8), 7),
        ((8, 8, 8, 8, 8, 8, 8, 8), None),
    ],
)
def test_outcome_winner(scores, winner):
    assert Outcome(EndReason.STALEMATE, None, scores).winner == winner


# --- Match --------------------------------------------------------------------------------


def test_match_empty():
    match = Match(Variant(target_score=20), seats=2)
    assert match.hands == ()
    assert match.totals == (0, 0)
    assert match.team_totals == (0, 0)
    assert match.is_over is False
    assert match.winner is None


def test_match_record_tuple_and_totals():
    start = Match(Variant(target_score=20), seats=2)
    one = start.record((12, 3))
    assert start.hands == ()
    assert one.hands == ((12, 3),)
    assert one.totals == (12, 3)
    assert one.is_over is False
    assert one.winner is None
    two = one.record((9, 17))
    assert two.hands == ((12, 3), (9, 17))
    assert two.totals == (21, 20)
    assert two.is_over is True
    assert two.winner == 0


def test_match_record_outcome():
    match = Match(Variant(target_score=20), seats=3)
    result = Outcome(EndReason.NERTS, 1, (4, 25, -2))
    after = match.record(result)
    assert after.hands == ((4, 25, -2),)
    assert after.winner == 1


def test_match_record_list_is_stored_as_tuple():
    after = Match(Variant(), seats=2).record([1, 2])  # type: ignore[arg-type]
    assert after.hands == ((1, 2),)
    assert type(after.hands[0]) is tuple


def test_match_exactly_at_target():
    v = Variant(target_score=20)
    assert Match(v, 2).record((20, 3)).winner == 0
    assert Match(v, 2).record((20, 3)).is_over is True
    assert Match(v, 2).record((3, 20)).winner == 1
    assert Match(v, 2).record((19, 3)).winner is None
    assert Match(v, 2).record((19, 3)).is_over is False
    assert Match(v, 2).record((19, 19)).is_over is False
    assert Match(v, 2).record((21, -50)).winner == 0


def test_match_target_one():
    v = Variant(target_score=1)
    assert Match(v, 2).record((0, 0)).winner is None
    assert Match(v, 2).record((1, -5)).winner == 0
    assert Match(v, 2).record((0, 1)).winner == 1


def test_match_tie_at_top_continues():
    v = Variant(target_score=20)
    tied = Match(v, 2).record((12, 3)).record((8, 17))
    assert tied.totals == (20, 20)
    assert tied.is_over is False
    assert tied.winner is None
    still = tied.record((5, 5))
    assert still.totals == (25, 25)
    assert still.is_over is False
    done = still.record((0, 1))
    assert done.totals == (25, 26)
    assert done.winner == 1
    assert done.is_over is True


def test_match_tie_below_the_top_does_not_matter():
    match = Match(Variant(target_score=30), seats=3).record((30, 30, 40))
    assert match.winner == 2
    assert match.is_over is True


def test_match_record_after_over_raises():
    over = Match(Variant(target_score=5), seats=2).record((5, 0))
    assert message_of(NertsError, over.record, (1, 1)) == "the match is over"
    result = Outcome(EndReason.NERTS, 0, (1, 1))
    assert message_of(NertsError, over.record, result) == "the match is over"


def test_match_teams():
    v = Variant(target_score=10, teams=((0, 2), (1, 3)))
    match = Match(v, seats=4).record((4, 1, 7, 2))
    assert match.totals == (4, 1, 7, 2)
    assert match.team_totals == (11, 3)
    assert match.winner == 0
    assert match.is_over is True


def test_match_teams_index_order_and_uneven_teams():
    v = Variant(target_score=10, teams=((1,), (0, 2, 3)))
    match = Match(v, seats=4).record((5, 1, 2, 3))
    assert match.team_totals == (1, 10)
    assert match.winner == 1
    below = Match(v, seats=4).record((5, 1, 2, 2))
    assert below.team_totals == (1, 9)
    assert below.winner is None


def test_match_teams_tie_at_top_continues():
    v = Variant(target_score=10, teams=((0, 1), (2, 3)))
    match = Match(v, seats=4).record((5, 5, 6, 4))
    assert match.team_totals == (10, 10)
    assert match.is_over is False
    assert match.record((0, 0, 0, 1)).winner == 1


def test_match_team_winner_differs_from_seat_winner():
    # seat 2 has the highest seat total, but team 0 (seats 0, 1) has the highest team total
    v = Variant(target_score=10, teams=((0, 1), (2,)))
    match = Match(v, seats=3).record((6, 6, 9))
    assert match.totals == (6, 6, 9)
    assert match.team_totals == (12, 9)
    assert match.winner == 0


@pytest.mark.parametrize(
    "hands",
    [
        ((1, 2, 3),),
        ((1,),),
        ((1, 2), (1,)),
        ((1, True),),
        ((1, 2.0),),
        ((1, "2"),),
        [(1, 2)],
        ([1, 2],),
        None,
        (None,),
    ],
)
def test_match_hands_validation(hands):
    msg = message_of(NertsError, Match, Variant(), 2, hands)
    assert msg == f"Match.hands must be a tuple of 2-int tuples; got {hands!r}"


def test_match_hands_valid():
    assert Match(Variant(), 2, ((1, 2), (-3, 4))).totals == (-2, 6)
    assert Match(Variant(), 1, ((5,),)).totals == (5,)


@pytest.mark.parametrize("bad", [(1, 2, 3), (1,), (1, True), ()])
def test_match_record_wrong_scores(bad):
    msg = message_of(NertsError, Match(Variant(), 2).record, bad)
    assert msg == f"Match.hands must be a tuple of 2-int tuples; got ({bad!r},)"


@pytest.mark.parametrize("seats", [0, 9, True, 2.0, "2"])
def test_match_seats_validation(seats):
    msg = message_of(nl.NertsError, Match, Variant(), seats)
    assert msg == f"seats must be an int 1..8; got {seats!r}"


def test_match_seats_must_match_teams():
    msg = message_of(nl.NertsError, Match, Variant(teams=((0, 1),)), 3)
    assert msg == "Variant.teams ((0, 1),) must group exactly seats 0..2"
    assert Match(Variant(teams=((0, 1),)), 2).team_totals == (0,)


@pytest.mark.parametrize("seats", [1, 8])
def test_match_seat_bounds(seats):
    match = Match(Variant(), seats)
    assert match.totals == (0,) * seats


def test_match_is_a_value():
    a = Match(Variant(), 2).record((1, 2))
    b = Match(Variant(), 2).record((1, 2))
    assert a == b
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.seats = 3  # type: ignore[misc]


@given(st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), max_size=12))
def test_match_totals_property(hands):
    v = Variant(target_score=50)
    match = Match(v, 2)
    for hand in hands:
        if match.is_over:
            break
        match = match.record(hand)
    totals = tuple(sum(h[s] for h in match.hands) for s in range(2))
    assert match.totals == totals
    assert match.team_totals == totals
    decided = max(totals) >= 50 and totals[0] != totals[1] and bool(match.hands)
    assert match.is_over is decided
    assert match.winner == (totals.index(max(totals)) if decided else None)


def test_the_confidence_half_width_starts_at_two_values_and_is_z_standard_errors() -> None:
    assert half_width95([]) is None
    assert half_width95([3.0]) is None
    # two values a and b: sample sd |a - b| / sqrt(2), standard error |a - b| / 2
    assert half_width95([1.0, 5.0]) == pytest.approx(Z95 * 2.0)
    assert half_width95([2.0, 2.0, 2.0]) == 0.0
    assert pytest.approx(statistics.NormalDist().inv_cdf(0.975), abs=1e-15) == Z95
