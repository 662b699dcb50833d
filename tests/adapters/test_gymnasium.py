"""The Gymnasium adapter, through Gymnasium's own env checker (needs the gymnasium extra)."""

import itertools
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import nertslib as nl  # noqa: E402
import nertslib.adapters.gymnasium as nerts_gym  # noqa: E402 - registers nertslib/Nerts-v0
from nertslib import bots  # noqa: E402
from nertslib.adapters import encoding  # noqa: E402
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


def test_an_episode_through_the_wrappers_ends_within_max_steps():
    # gymnasium.make adds the passive env checker and order enforcing: no warning may come out
    env = gymnasium.make("nertslib/Nerts-v0", seats=2, opponents="greedy", max_steps=80)
    seen, end = _episode(env, seed=3)
    assert len(seen) - 1 <= 80
    assert end.is_over or len(seen) - 1 == 80
    assert seen[-1][2] == end.is_over
    rewards = sum(step[1] for step in seen[1:])
    assert rewards == nl.hand_scores(end)[0] - nl.hand_scores(nl.deal("standard", 2, seed=0))[0]


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
        assert list(mine["observation"]) == encoding.observe(nl.view(state, 1))
    assert differing > 0


def test_opponents_are_bots_by_name():
    assert nerts_gym.bot_named("greedy", 1) is nl.greedy_bot
    assert isinstance(nerts_gym.bot_named("random", 1), nl.RandomBot)
    with pytest.raises(
        ValueError, match=r"unknown bot 'chess'; known bots: greedy, random, search"
    ):
        nerts_gym.NertsEnv(opponents="chess")
    with pytest.raises(ValueError, match="opponents needs 2 bot name\\(s\\) for 3 seats"):
        nerts_gym.NertsEnv(seats=3, opponents=["greedy"])


def test_other_bot_names_go_to_make_bot_when_nertslib_has_it(monkeypatch):
    made = []

    def make_bot(name: str, seed: int) -> Any:
        made.append((name, seed))
        return nl.greedy_bot

    monkeypatch.setattr(bots, "make_bot", make_bot, raising=False)
    env = nerts_gym.NertsEnv(seats=2, opponents="cautious")
    env.reset(seed=1)
    assert made[0] == ("cautious", 0)
    assert [name for name, _ in made] == ["cautious", "cautious"]
    assert nerts_gym.bot_named("greedy", 5) is nl.greedy_bot  # the built-in names stay


def test_an_illegal_action_passes_while_the_bots_play():
    env = nerts_gym.NertsEnv(seats=2)
    observation, _ = env.reset(seed=2)  # (seed 1 deals the bot's seat stuck: it waits)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.position
    _, reward, _, _, info = env.step(illegal)
    assert info == {"move": None, "rejected": None, "illegal": True}
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
