"""Table.subscribe (hosts told of changes) and event_for_seat (nothing hidden leaks)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

import nertslib as nl
from nertslib.table import Event, Table, event_for_seat


def table(seed: int = 1, seats: int = 2) -> Table:
    return Table(nl.deal("standard", seats=seats, seed=seed), clock=lambda: 0.0)


def test_each_event_is_delivered_once_in_order_rejections_included() -> None:
    t = table()
    seen: list[Event] = []
    t.subscribe(seen.append)
    t.submit(nl.Move.turn(0))
    t.submit_batch([nl.Move.turn(1), nl.Move.restock(0), nl.Move.turn(0)])
    assert seen == list(t.events)
    assert [e.seq for e in seen] == [0, 1, 2, 3]
    assert [e.accepted for e in seen] == [True, True, False, True]


def test_only_events_after_subscribing_and_until_unsubscribing_are_delivered() -> None:
    t = table()
    t.submit(nl.Move.turn(0))
    seen: list[int] = []
    stop = t.subscribe(lambda e: seen.append(e.seq))
    t.submit(nl.Move.turn(1))
    stop()
    stop()  # twice is harmless
    t.submit(nl.Move.turn(0))
    assert seen == [1]


def test_two_subscriptions_of_one_callback_are_two_and_unsubscribe_separately() -> None:
    t = table()
    seen: list[int] = []
    first = t.subscribe(lambda e: seen.append(e.seq))
    t.subscribe(lambda e: seen.append(e.seq))
    t.submit(nl.Move.turn(0))
    first()
    t.submit(nl.Move.turn(1))
    assert seen == [0, 0, 1]


def test_the_callback_runs_after_the_lock_is_released() -> None:
    t = table()
    states: list[nl.GameState] = []

    def on_event(event: Event) -> None:
        # reading the state takes the lock: this would deadlock if it were still held
        states.append(t.state)
        if event.seq == 0:
            t.submit(nl.Move.turn(1))  # a callback may even submit

    t.subscribe(on_event)
    t.submit(nl.Move.turn(0))
    assert len(t.events) == 2
    assert len(states) == 2
    assert states[0].seats[0].waste  # the event's move had been applied


def test_a_stalemate_resolution_is_delivered() -> None:
    frozen = nl.Variant(stuck_resolution="end_hand")
    for seed in range(200):
        final, _ = nl.play_hand(nl.deal(frozen, 2, seed), [nl.greedy_bot] * 2)
        if final.status is nl.EndReason.STALEMATE:
            break
    else:
        pytest.fail("no stalemate among 200 greedy hands")
    # replay the hand into a table, up to the position where everyone is stuck
    replay = nl.record_hand(frozen, 2, seed, [nl.greedy_bot] * 2)
    t = Table(nl.deal(frozen, 2, seed), clock=lambda: 0.0)
    seen: list[Event] = []
    t.subscribe(seen.append)
    for step in replay.events:
        if isinstance(step, nl.Move):
            t.submit(step)
        else:
            assert t.resolve_stalemate()
    assert seen[-1].move is None
    assert seen[-1].seat is None
    assert seen == list(t.events)


def test_a_failing_callback_does_not_stop_the_others_and_reaches_the_submitter() -> None:
    t = table()
    seen: list[int] = []

    def broken(event: Event) -> None:
        raise RuntimeError(f"broken at {event.seq}")

    t.subscribe(broken)
    t.subscribe(lambda e: seen.append(e.seq))
    with pytest.raises(RuntimeError, match="broken at 0"):
        t.submit_batch([nl.Move.turn(0), nl.Move.turn(1)])
    assert seen == [0, 1]
    assert len(t.events) == 2  # applied and logged all the same


def test_not_a_callable_is_refused() -> None:
    with pytest.raises(nl.NertsError, match="callback must be callable, got 3"):
        table().subscribe(3)  # type: ignore[arg-type]


def test_concurrent_submissions_are_delivered_in_seq_order_exactly_once() -> None:
    t = table(seed=5, seats=4)
    seen: list[int] = []
    t.subscribe(lambda e: seen.append(e.seq))
    barrier = threading.Barrier(4)

    def play(seat: int) -> None:
        barrier.wait()
        for _ in range(30):
            t.submit(nl.Move.turn(seat))

    threads = [threading.Thread(target=play, args=(s,)) for s in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == list(range(120))


def test_a_rejected_move_is_told_to_its_own_seat_only() -> None:
    t = table()
    t.submit_batch([nl.Move.turn(0), nl.Move.restock(1), nl.Move.parse("0:KS@W>F+")])
    accepted, restock, bad = t.events
    for seat in (0, 1, None):
        assert event_for_seat(accepted, seat) is accepted
    assert event_for_seat(restock, 1) is restock
    assert event_for_seat(restock, 0) is None
    assert event_for_seat(restock, None) is None
    assert event_for_seat(bad, 0) is bad
    assert event_for_seat(bad, 1) is None


@pytest.mark.parametrize("submitter", [0, 1, 2])
def test_a_subscriber_that_submits_leaves_every_subscriber_in_seq_order(submitter: int) -> None:
    # The submitting callback's own move is logged inside the delivery of the event before
    # it; every subscriber, before and after it in the list, still gets the events in order.
    t = table()
    seen: list[list[int]] = [[], [], []]
    replies = iter([nl.Move.turn(1), nl.Move.turn(0), nl.Move.turn(1)])

    def make(i: int) -> Callable[[Event], None]:
        def callback(event: Event) -> None:
            seen[i].append(event.seq)
            if i == submitter and event.seq < 3:
                assert t.submit(next(replies)) is None  # applied at once, delivered after

        return callback

    for i in range(3):
        t.subscribe(make(i))
    t.submit(nl.Move.turn(0))
    assert [e.seq for e in t.events] == [0, 1, 2, 3]
    assert seen == [[0, 1, 2, 3]] * 3


def test_a_submitting_subscriber_s_failure_still_reaches_the_first_submitter() -> None:
    t = table()
    seen: list[int] = []

    def submits_then_fails(event: Event) -> None:
        if event.seq == 0:
            t.submit(nl.Move.turn(1))
        elif event.seq == 1:
            raise RuntimeError("boom")

    t.subscribe(submits_then_fails)
    t.subscribe(lambda e: seen.append(e.seq))
    with pytest.raises(RuntimeError, match="boom"):
        t.submit(nl.Move.turn(0))
    assert seen == [0, 1]
    t.submit(nl.Move.turn(0))  # the table delivers on afterwards
    assert seen == [0, 1, 2]
