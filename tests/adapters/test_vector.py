"""The vector environment and the self-play batch, held to the single environment step by step.

Needs the gymnasium and fast extras; CI's batch block runs it with NERTS_REQUIRE_FAST=1.
"""

from functools import partial
from typing import Any

import pytest

from tests.batch.helpers import require_fast

gymnasium = pytest.importorskip("gymnasium")
require_fast()

import numpy as np  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import nertslib as nl  # noqa: E402
import nertslib.adapters.gymnasium as nerts_gym  # noqa: E402 - registers nertslib/Nerts-v0
from nertslib.adapters import encoding  # noqa: E402
from nertslib.adapters.episode import Episode  # noqa: E402
from nertslib.adapters.selfplay import WAIT, SelfPlayBatch  # noqa: E402
from nertslib.adapters.vector import NertsVectorEnv  # noqa: E402
from nertslib.views import view  # noqa: E402

TABLES: list[dict[str, Any]] = [
    {"seats": 2},
    {"seats": 4, "reward": "score", "seat": 3},
    {"seats": 3, "variant": "nna", "reward": "win", "seat": 1},
    {"seats": 1, "variant": "racing_demon"},
    {"seats": 2, "variant": "standard,tie_policy=first_wins,stock_turn=1", "no_progress": 6},
    {"seats": 4, "variant": "standard,nerts_pile_size=3", "max_steps": 25},
    {"seats": 5, "variant": "standard,call_mode=auto,nerts_pile_size=4"},
]


def _same(a: Any, b: Any, where: str) -> None:
    if isinstance(a, dict):
        assert isinstance(b, dict), where
        assert sorted(a) == sorted(b), where
        for key in a:
            _same(a[key], b[key], f"{where}[{key!r}]")
        return
    if isinstance(a, tuple):
        assert isinstance(b, tuple), where
        assert len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{k}]")
        return
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype, where
    assert a.shape == b.shape, where
    assert a.tolist() == b.tolist(), where


def _count_races(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the hands settled by the pure engine (a move no longer legal at its turn)."""
    counts: list[int] = []
    apply = SelfPlayBatch._apply

    def counting(self: SelfPlayBatch, *args: Any) -> Any:
        conflict = apply(self, *args)
        counts.append(int(conflict.sum()))
        return conflict

    monkeypatch.setattr(SelfPlayBatch, "_apply", counting)
    return counts


def _choose(rng: np.random.Generator, masks: Any) -> Any:
    """Mostly legal actions, foundation plays preferred (races), now and then an illegal one."""
    out = []
    for mask in masks:
        legal = np.flatnonzero(mask)
        if not legal.size:  # the hand is over: the next step resets it
            legal = np.array([encoding.PASS])
        ups = legal[(legal >= encoding.FOUNDATION_BASE) & (legal < encoding.WORK_BASE)]
        roll = rng.random()
        if roll < 0.05:
            out.append(int(rng.integers(encoding.NUM_ACTIONS)))
        elif roll < 0.6 and ups.size:
            out.append(int(rng.choice(ups)))
        else:
            out.append(int(rng.choice(legal)))
    return np.array(out, np.int64)


@pytest.mark.parametrize("table", TABLES)
def test_vector_env_steps_as_single_envs(table, monkeypatch):
    races = _count_races(monkeypatch)
    num, seed = 6, 11 + len(table)
    kwargs = {"max_steps": 120, "no_progress": 12, **table}
    vector = gymnasium.make_vec(
        nerts_gym.ENV_ID, num_envs=num, vectorization_mode="vector_entry_point", **kwargs
    )
    assert isinstance(vector, NertsVectorEnv)
    singles = SyncVectorEnv([partial(nerts_gym.NertsEnv, **kwargs)] * num)
    _same(vector.reset(seed=seed), singles.reset(seed=seed), "reset")
    masks = singles.reset(seed=seed)[0]["action_mask"]
    rng, ends = np.random.default_rng(seed), 0
    for t in range(260):
        actions = _choose(rng, masks)
        got, want = vector.step(actions), singles.step(actions)
        masks = want[0]["action_mask"]
        _same(got, want, f"step {t}")
        assert (vector.action_masks() == want[0]["action_mask"].astype(bool)).all()
        ends += int((want[2] | want[3]).sum())
    assert ends >= num  # every sub-environment went through auto-reset at least once
    # the hands the pure engine settled (races, ties, cards in the air) were compared too
    assert sum(races) > 0 or table["seats"] == 1


def test_vector_env_spaces_and_metadata():
    envs = NertsVectorEnv(num_envs=3, seats=4)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    single = nerts_gym.NertsEnv(seats=4)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    observations, _ = envs.reset(seed=1)
    assert envs.observation_space.contains(observations)
    assert envs.action_space.shape == (3,)


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"opponents": "random"}, "opponents"),
        ({"opponents": ["greedy", "search:2"], "seats": 3}, "opponents"),
        ({"variant": "standard,jokers_per_deck=1"}, "jokers_per_deck"),
        ({"variant": "standard,work_pile_layout=klondike"}, "work_pile_layout"),
        ({"render_mode": "ansi"}, "render_mode"),
    ],
)
def test_vector_env_refuses_what_it_does_not_play(settings, named):
    with pytest.raises(nl.NertsError, match=named):
        NertsVectorEnv(num_envs=2, **settings)


def test_vector_env_refuses_reset_options_and_early_steps():
    envs = NertsVectorEnv(num_envs=2)
    with pytest.raises(nl.NertsError, match="call reset"):
        envs.step([0, 0])
    with pytest.raises(nl.NertsError, match="options"):
        envs.reset(seed=1, options={"position": None, "x": 1})
    with pytest.raises(nl.NertsError, match="one seed per sub-environment"):
        envs.reset(seed=[1, 2, 3])
    envs.reset(seed=[5, 9])
    for bad in ([0], [0, -1], [0, encoding.NUM_ACTIONS], [0.5, 1]):
        with pytest.raises(nl.NertsError, match="actions"):
            envs.step(bad)


@pytest.mark.parametrize(("variant", "seats"), [("standard", 4), ("nna", 3), ("standard", 2)])
def test_self_play_batch_is_every_seat_of_the_pure_step(variant, seats):
    """Every seat's observation, mask and reward, as settle and Episode give them."""
    hands = 5
    table = SelfPlayBatch(variant, seats, hands, max_steps=60, no_progress=10)
    table.deal(range(100, 100 + hands))
    states = [encoding.new_hand(variant, seats, seed) for seed in range(100, 100 + hands)]
    episodes = [Episode(60, 10)] * hands
    rng = np.random.default_rng(seats)
    while not table.ended.all():
        observations, masks = table.observations()
        for i, state in enumerate(states):
            for seat in range(seats):
                priority = (seat - episodes[i].steps) % seats
                want = encoding.observe(view(state, seat), priority)
                assert observations[i, seat].tolist() == want
                assert tuple(np.flatnonzero(masks[i, seat])) == encoding.legal_actions(state, seat)
        actions = np.stack([_choose(rng, masks[:, s]) for s in range(seats)], 1)
        result = table.step(actions)
        for i in range(hands):
            if episodes[i].end(states[i]) is not None:
                assert result.rejected[i] is None  # an ended hand does not step
                assert (result.played[i] == WAIT).all()
                continue
            legal = [a if masks[i, s, a] else encoding.PASS for s, a in enumerate(actions[i])]
            moves = [encoding.decode(states[i], s, a) for s, a in enumerate(legal)]
            step = episodes[i].step(states[i], moves)
            assert [table.move(i, s) for s in range(seats)] == moves
            assert (table.states[i], result.rejected[i]) == (step.after, step.rejected)
            assert result.rewards[i].tolist() == list(step.rewards)
            assert result.ends[i] == step.end
            states[i], episodes[i] = step.after, step.episode


@pytest.mark.parametrize("tie_policy", ["both_keep", "first_wins"])
def test_self_play_batch_settles_a_foundation_tie_as_settle(tie_policy, monkeypatch):
    """Both seats offer their 2S onto the AS of foundation 0 (settle's own example)."""
    races = _count_races(monkeypatch)
    variant = nl.Variant.from_spec(f"standard,tie_policy={tie_policy}")
    start = nl.apply(nl.deal(variant, seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))
    moves = [nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")]
    table = SelfPlayBatch(variant, 2, 1)
    table.start([start])
    result = table.step([[encoding.encode(start, m) for m in moves]])
    after, rejected = encoding.settle(start, moves, step=0)
    assert table.states == [after]
    assert result.rejected == [rejected]
    assert [table.move(0, s) for s in range(2)] == moves
    # both_keep: the tie is settled in the batch; first_wins: the lost race by the pure engine
    assert races == [0 if tie_policy == "both_keep" else 1]
    assert len(after.foundations[0]) == (3 if tie_policy == "both_keep" else 2)
