"""The driver's no-progress rule: waiting is legal play, and no hand runs for ever."""

import pytest

import nertslib as nl
from nertslib.bots import run_hand


class Waiter:
    """A bot that always waits, counting how often it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, seen, seat):
        self.calls += 1


class Shuttle:
    """Moves a work top back and forth between two work piles where it can, else waits."""

    def __call__(self, seen, seat):
        moves = nl.legal_moves(seen, seat)
        return next(
            (m for m in moves if m.source is nl.Zone.WORK and m.target is nl.Zone.WORK), None
        )


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_seat_waiting_stops_the_hand_after_the_limit_without_an_exception(seats):
    bots = [Waiter() for _ in range(seats)]
    run = run_hand(nl.deal("standard", seats, 3), bots, no_progress=7)
    assert run.end == "no_progress"
    assert run.log == ()
    assert run.final == nl.deal("standard", seats, 3)
    assert [b.calls for b in bots] == [7] * seats


def test_a_seat_shuttling_cards_while_the_others_wait_is_stopped():
    shuttles = [
        seed for seed in range(40) if Shuttle()(nl.view(nl.deal("standard", 2, seed), 0), 0)
    ]
    assert shuttles, "some deal offers a work-to-work move"
    start = nl.deal("standard", 2, shuttles[0])
    run = run_hand(start, [Shuttle(), Waiter()], no_progress=50)
    assert run.end == "no_progress"
    assert 0 < len(run.log) <= 50
    assert not any(m.is_progress for m in run.log if m is not None)


def test_a_waiting_seat_does_not_stop_a_seat_that_progresses():
    run = run_hand(nl.deal("standard", 2, 4), [nl.greedy_bot, Waiter()])
    assert run.end in ("nerts", "stalemate")
    assert run.final.is_over
    assert nl.hand_scores(run.final)[0] > nl.hand_scores(run.final)[1]


@pytest.mark.parametrize("seats", [2, 4])
def test_the_rule_never_cuts_greedy_or_random_hands(seats):
    for seed in range(6):
        start = nl.deal("standard", seats, seed)
        for make in (lambda s: nl.greedy_bot, nl.RandomBot):
            bots = [make(seed * 8 + s) for s in range(seats)]
            again = [make(seed * 8 + s) for s in range(seats)]
            run = run_hand(start, bots, max_actions=20_000)
            unlimited = run_hand(start, again, max_actions=20_000, no_progress=10**9)
            assert run == unlimited
            assert run.end in ("nerts", "stalemate")


def test_play_hand_returns_the_runs_state_and_log_and_the_ends_are_named():
    start = nl.deal("standard", 3, 2)
    run = run_hand(start, [nl.greedy_bot] * 3)
    assert nl.play_hand(start, [nl.greedy_bot] * 3) == (run.final, run.log)
    assert run_hand(start, [nl.greedy_bot] * 3, max_actions=5).end == "max_actions"


@pytest.mark.parametrize("limit", [0, -1, 2.0, "5", True])
def test_bad_limits_are_refused(limit):
    with pytest.raises(ValueError, match="must be an int >= 1"):
        run_hand(nl.deal("standard", 2, 1), [nl.greedy_bot] * 2, no_progress=limit)


def test_max_actions_zero_plays_nothing_and_a_negative_one_is_refused():
    run = run_hand(nl.deal("standard", 2, 1), [nl.greedy_bot] * 2, max_actions=0)
    assert (run.log, run.end) == ((), "max_actions")
    with pytest.raises(ValueError, match="max_actions must be an int >= 0"):
        run_hand(nl.deal("standard", 2, 1), [nl.greedy_bot] * 2, max_actions=-1)


@pytest.mark.parametrize("seats", [1, 3])
def test_a_match_counts_hands_the_driver_stopped_with_their_scores(seats):
    # a hand ended by the no-progress rule is a result of play_match, never an exception
    bots = [Waiter() for _ in range(seats)]
    match = nl.play_match("standard", seats, bots, seed=5, max_hands=3)
    stopped = [nl.play_hand(nl.deal("standard", seats, 5 + h), bots)[0] for h in range(3)]
    assert not any(final.is_over for final in stopped)
    assert match.hands == tuple(nl.hand_scores(final) for final in stopped)
    assert not match.is_over
