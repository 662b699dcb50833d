"""Replays as training data (nertslib.adapters.dataset): every decision, waits included."""

import random

import pytest

import nertslib as nl
from nertslib.adapters import encoding
from nertslib.adapters.dataset import decisions, record, save_npz
from nertslib.bots import record_hand


class Spy:
    """Plays greedy, but waits on some calls; logs every call as (seat, move or None)."""

    def __init__(self, log: list, seed: int) -> None:
        self.log, self.rng = log, random.Random(seed)

    def __call__(self, seen, seat):
        move = None if self.rng.random() < 0.3 else nl.greedy_bot(seen, seat)
        self.log.append((seat, seen, move))
        return move


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_record_keeps_every_call_the_driver_made_waits_included(seats):
    for seed in range(3):
        log: list = []
        bots = [Spy(log, seed * 10 + s) for s in range(seats)]
        hand = record("standard", seats, seed, bots)
        assert hand.replay == record_hand(
            "standard", seats, seed, [Spy([], seed * 10 + s) for s in range(seats)]
        )
        assert len(hand.decisions) == len(log)
        for (seat, seen, move), row in zip(log, hand.decisions, strict=True):
            action = encoding.PASS if move is None else encoding.encode(seen, move)
            assert (row.seat, row.action, row.waited) == (seat, action, move is None)
            assert row.observation == tuple(encoding.observe(seen, seat))
            assert row.actions == encoding.legal_actions(seen, seat)
        assert any(row.waited for row in hand.decisions)


def test_record_counts_a_stuck_seat_the_driver_lets_wait_unasked():
    hand = record("standard", 2, 1, [nl.greedy_bot] * 2)
    rounds = len(hand.decisions) / 2
    assert rounds == int(rounds)  # every seat decides in every round
    assert any(d.waited for d in hand.decisions)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_decisions_from_a_replay_alone_keep_its_moves_and_find_no_more_waits_than_were(seats):
    for seed in range(3):
        hand = record("standard", seats, seed, [Spy([], seed * 10 + s) for s in range(seats)])
        rows = list(decisions(hand.replay))
        moves = [e for e in hand.replay.events if isinstance(e, nl.Move)]
        assert [d.seat for d in rows if not d.waited] == [m.seat for m in moves]
        assert sum(d.waited for d in rows) <= sum(d.waited for d in hand.decisions)
        assert sum(d.waited for d in rows) > 0
        assert all(d.action in d.actions for d in rows)


def test_a_batch_is_a_step_in_which_every_seat_decided():
    tie = nl.replay.Batch([nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")])
    replay = nl.replay.Replay.record("standard", 3, 29, ["0:AS@P3>F+", tie])
    rows = [(d.seat, encoding.describe(d.action), d.waited) for d in decisions(replay)]
    assert rows == [
        (0, "P3>F+ as S", False),
        (1, "pass", True),
        (2, "pass", True),
        (0, "N>F0 as S", False),
        (1, "P1>F0 as S", False),
        (2, "pass", True),
        (0, "pass", True),
        (1, "pass", True),
        (2, "pass", True),
    ]


def test_save_npz_writes_the_rows_and_refuses_mixed_tables(tmp_path):
    np = pytest.importorskip("numpy")
    recorded = record("standard", 2, 0, [Spy([], 0), nl.greedy_bot])
    replay = record_hand("standard", 2, 1, [Spy([], 1), nl.greedy_bot])
    rows = save_npz([recorded, replay], tmp_path / "d.npz")
    data = np.load(tmp_path / "d.npz")
    assert rows == len(recorded.decisions) + len(list(decisions(replay)))
    assert data["observation"].shape == (rows, encoding.observation_size(nl.Variant(), 2))
    assert data["action_mask"].shape == (rows, encoding.NUM_ACTIONS)
    assert (data["action_mask"][np.arange(rows), data["action"]] == 1).all()
    assert data["waited"].sum() == (data["action"][data["waited"]] == encoding.PASS).sum() > 0
    assert set(data["replay"]) == {0, 1}
    with pytest.raises(ValueError, match="another table"):
        save_npz([replay, record_hand("standard", 3, 1, [nl.greedy_bot] * 3)], tmp_path / "x")
    with pytest.raises(ValueError, match="at least one hand"):
        save_npz([], tmp_path / "y")
