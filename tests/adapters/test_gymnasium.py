"""The Gymnasium adapter, through Gymnasium's own env checker (needs the gymnasium extra)."""

import itertools
from typing import Any, cast

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import nertslib as nl  # noqa: E402
import nertslib.adapters.gymnasium as nerts_gym  # noqa: E402 - registers nertslib/Nerts-v0
from nertslib import bots  # noqa: E402
from nertslib.adapters import encoding, policy_bot  # noqa: E402
from nertslib.adapters.opponents import OpponentPool  # noqa: E402
from nertslib.adapters.rewards import REWARDS, returns  # noqa: E402
from tests.adapters.playouts import positions  # noqa: E402

TABLES: list[dict[str, Any]] = [
    {},
    {"seats": 3, "opponents": ["greedy", "random"]},
    {"seats": 4, "variant": "nna", "opponents": "random", "seat": 2},
    {"seats": 2, "variant": "standard,jokers_per_deck=2"},
    {"seats": 1},
    {"render_mode": "ansi"},
]


@pytest.mark.parametrize("table", TABLES)
def test_check_env_passes(table):
    env = gymnasium.make("nertslib/Nerts-v0", **table)
    check_env(env.unwrapped)


@pytest.mark.parametrize("reward", REWARDS)
def test_check_env_passes_with_every_reward_pools_and_policies(reward):
    pool = OpponentPool(["greedy", "random", policy_bot(lambda o, m: encoding.TURN)])
    for opponents in (pool, ["search:2", policy_bot(lambda o, m: encoding.PASS)]):
        env = gymnasium.make(
            "nertslib/Nerts-v0", seats=3, opponents=opponents, reward=reward, no_progress=5
        )
        check_env(env.unwrapped)


def _episode(env: Any, seed: int, choices: int = 5) -> tuple[list[Any], Any]:
    """A hand played by masked random actions; everything it showed."""
    rng = np.random.default_rng(choices)
    observation, info = env.reset(seed=seed)
    seen: list[tuple[Any, ...]] = [(observation["observation"].tobytes(), info)]
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append((observation["observation"].tobytes(), reward, terminated, truncated, info))
        if terminated or truncated:
            return seen, env.unwrapped.position


@pytest.mark.parametrize("reward", REWARDS)
def test_an_episode_through_the_wrappers_ends_within_max_steps(reward):
    # gymnasium.make adds the passive env checker and order enforcing: no warning may come out
    env = gymnasium.make(
        "nertslib/Nerts-v0", seats=2, opponents="greedy", max_steps=80, reward=reward
    )
    seen, end = _episode(env, seed=3)
    assert len(seen) - 1 <= 80
    assert end.is_over or len(seen) - 1 == 80
    assert seen[-1][2] == end.is_over
    rewards = sum(step[1] for step in seen[1:])
    dealt = nl.deal("standard", 2, seed=0)
    assert rewards == returns(reward, end, ended=True)[0] - returns(reward, dealt, ended=False)[0]
    assert seen[-1][4]["scores"] == list(nl.hand_scores(end))
    assert seen[-1][4]["end"] == (end.status.value if end.is_over else "max_steps")


def test_reset_with_a_seed_fixes_the_deal_and_the_random_bots():
    def make() -> Any:
        return gymnasium.make("nertslib/Nerts-v0", seats=3, opponents="random", max_steps=150)

    first, end = _episode(make(), seed=21)
    again, end_again = _episode(make(), seed=21)
    assert first == again
    assert end == end_again
    other, _ = _episode(make(), seed=22)
    assert other[0] != first[0]


def test_changing_hidden_cards_changes_no_observation_or_mask():
    env = nerts_gym.NertsEnv(seats=2, seat=1, variant="pounce")
    differing = 0
    for state in itertools.islice(positions("pounce", 2, seed=2, steps=200), 1, None, 10):
        if state.is_over:
            continue
        other = nl.determinize(nl.view(state, 1), 4)
        differing += other != state
        mine, _ = env.reset(options={"position": state})
        theirs, _ = env.reset(options={"position": other})
        assert np.array_equal(mine["observation"], theirs["observation"])
        assert np.array_equal(mine["action_mask"], theirs["action_mask"])
        # seat 1 moves second in the first step: its race priority is 1
        assert list(mine["observation"]) == encoding.observe(nl.view(state, 1), priority=1)
    assert differing > 0


def test_opponents_are_specs_bots_policies_or_pools():
    with pytest.raises(ValueError, match=r"unknown bot 'chess'; known bots: greedy, random"):
        nerts_gym.NertsEnv(opponents="chess")
    with pytest.raises(ValueError, match=r"opponents needs 2 opponent\(s\) for 3 seats"):
        nerts_gym.NertsEnv(seats=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="an opponent is a bot spec, a bot or an OpponentPool"):
        nerts_gym.NertsEnv(seats=3, opponents=["greedy", cast(Any, 3)])
    with pytest.raises(ValueError, match="a pool needs bot specs or bots"):
        OpponentPool([])
    with pytest.raises(ValueError, match="a pool of 2 needs as many weights"):
        OpponentPool(["greedy", "random"], weights=[1])
    calls = []

    def policy(observation, mask):
        calls.append(observation.shape)
        return encoding.PASS

    env = nerts_gym.NertsEnv(seats=2, opponents=policy_bot(policy))
    env.reset(seed=1)
    env.step(encoding.PASS)
    assert calls == [(1278,)]


def test_a_pool_is_drawn_per_hand_by_the_seeded_generator():
    class Named:
        def __init__(self, name: str) -> None:
            self.name = name

        def __call__(self, seen, seat):
            return nl.greedy_bot(seen, seat)

    members = [Named("a"), Named("b"), Named("c")]
    env = nerts_gym.NertsEnv(seats=3, opponents=OpponentPool(members))
    drawn = []
    env.reset(seed=4)
    for _ in range(12):
        drawn.append(tuple(cast(Named, bot).name for bot in env._bots))
        env.reset()
    again = nerts_gym.NertsEnv(seats=3, opponents=OpponentPool(members))
    again.reset(seed=4)
    assert tuple(cast(Named, bot).name for bot in again._bots) == drawn[0]
    assert {name for pair in drawn for name in pair} == {"a", "b", "c"}
    assert len(set(drawn)) > 3


def test_action_masks_are_the_observations_masks_as_booleans():
    env = nerts_gym.NertsEnv(seats=2)
    observation, _ = env.reset(seed=5)
    for _ in range(30):
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        assert np.array_equal(mask, observation["action_mask"].astype(bool))
        observation, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[-1]))
        if terminated or truncated:
            break


def test_an_agent_that_only_waits_is_truncated_by_the_no_progress_limit():
    env = nerts_gym.NertsEnv(seats=2, opponents=policy_bot(lambda o, m: encoding.PASS))
    env.reset(seed=3)
    steps, truncated, terminated = 0, False, False
    info: dict[str, Any] = {}
    while not (truncated or terminated):
        _, _, terminated, truncated, info = env.step(encoding.PASS)
        steps += 1
    assert (steps, truncated, info["end"]) == (bots.NO_PROGRESS_ROUNDS, True, "no_progress")
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)


def test_an_illegal_action_passes_while_the_bots_play():
    env = nerts_gym.NertsEnv(seats=2, reward="score")
    observation, _ = env.reset(seed=2)  # (seed 1 deals the bot's seat stuck: it waits)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.position
    _, reward, _, _, info = env.step(illegal)
    assert info["illegal"] is True
    assert (info["move"], info["rejected"], info["end"]) == (None, None, None)
    assert env.position is not None
    assert before is not None
    assert env.position.seats[0] == before.seats[0]  # the agent's seat did nothing
    assert env.position != before  # the greedy bot played
    assert reward == 0.0
    with pytest.raises(ValueError, match="an action is an int in range"):
        env.step(-1)


def test_construction_is_checked():
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1; got 2"):
        nerts_gym.NertsEnv(seat=2)
    with pytest.raises(ValueError, match="max_steps must be an int >= 1"):
        nerts_gym.NertsEnv(max_steps=0)
    with pytest.raises(ValueError, match="unknown variant"):
        gymnasium.make("nertslib/Nerts-v0", variant="chess")
    with pytest.raises(ValueError, match="call reset"):
        nerts_gym.NertsEnv().step(0)
