"""Policies as bots (nertslib.adapters.policy_bot): they read only their view and play anywhere."""

from typing import Any, cast

import pytest

pytest.importorskip("numpy")

import numpy as np

import nertslib as nl
from nertslib.adapters import PolicyBot, encoding, policy_bot
from nertslib.bots import run_hand, tournament


def greedy_policy(observation, mask):
    """Foundation plays first, then the rest but PASS, by the highest action number."""
    legal = np.flatnonzero(mask)
    plays = legal[(legal >= encoding.FOUNDATION_BASE) & (legal < encoding.WORK_BASE)]
    return int(plays[-1] if len(plays) else legal[-1])


class Recording:
    """A policy that records what it was given and always passes."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, Any]] = []

    def __call__(self, observation, mask):
        self.seen.append((observation.copy(), mask.copy()))
        return encoding.PASS


def test_the_policy_is_given_the_observation_and_mask_of_its_view_only():
    state = encoding.new_hand("standard", 2, seed=9)
    policy = Recording()
    bot = policy_bot(policy)
    for seat in range(2):
        other = nl.determinize(nl.view(state, seat), 5)  # the hidden cards dealt anew
        assert other != state
        bot(nl.view(state, seat), seat)
        bot(nl.view(other, seat), seat)  # another position with the same view
    for (obs, mask), (obs2, mask2) in zip(policy.seen[::2], policy.seen[1::2], strict=True):
        assert np.array_equal(obs, obs2)
        assert np.array_equal(mask, mask2)
    obs, mask = policy.seen[0]
    assert list(obs) == encoding.observe(nl.view(state, 0))
    assert tuple(np.flatnonzero(mask)) == encoding.legal_actions(state, 0)


def test_a_policy_plays_whole_hands_and_illegal_actions_pass():
    bot = policy_bot(greedy_policy)
    run = run_hand(nl.deal("standard", 3, 4), [bot, nl.greedy_bot, nl.RandomBot(1)])
    assert run.end in ("nerts", "stalemate", "no_progress")
    assert any(m is not None and m.seat == 0 and m.is_progress for m in run.log)
    assert bot.illegal == 0
    bad = policy_bot(lambda observation, mask: encoding.NUM_ACTIONS - 1)  # never legal at first
    assert bad(nl.view(nl.deal("standard", 2, 1), 0), 0) is None
    assert bad.illegal == 1
    with pytest.raises(ValueError, match="an action is an int"):
        policy_bot(lambda observation, mask: "turn")(nl.view(nl.deal("standard", 2, 1), 0), 0)
    with pytest.raises(ValueError, match="a policy is a function"):
        policy_bot(cast(Any, 3))


def test_waiting_policies_end_by_the_no_progress_rule_in_play_hand_and_tournament():
    waiting = policy_bot(lambda observation, mask: encoding.PASS)
    run = run_hand(nl.deal("standard", 2, 1), [waiting, waiting], no_progress=4)
    assert (run.end, run.log) == ("no_progress", ())
    line_up = {"policy": PolicyBot(greedy_policy), "waits": waiting}
    result = tournament(line_up, hands=4, seats=2, seed=0, processes=1)
    assert result.difference is not None
    assert result.difference.deals == 4
    assert {r.names for r in result.records} == {("policy", "waits"), ("waits", "policy")}
    assert result.difference.low > 0  # a seat that only waits loses every hand


def test_a_module_level_policy_plays_a_tournament_in_worker_processes():
    line_up: dict[str, Any] = {"policy": policy_bot(greedy_policy), "greedy": "greedy"}
    here = tournament(line_up, hands=3, seats=2, seed=5, processes=1)
    there = tournament(line_up, hands=3, seats=2, seed=5, processes=2)
    assert here.records == there.records
