"""The OpenSpiel adapter, through OpenSpiel's own harnesses (needs the openspiel extra)."""

import io
import pickle
import random
import unittest
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import observation  # noqa: E402

import nertslib as nl  # noqa: E402
import nertslib.adapters.openspiel as nerts_spiel  # noqa: E402 - registers python_nerts
from nertslib.adapters import encoding  # noqa: E402
from nertslib.adapters.recall import recall_features, recall_size  # noqa: E402
from nertslib.adapters.rewards import REWARDS, returns  # noqa: E402

GAMES: list[dict[str, Any]] = [
    {},
    {"players": 4, "variant": "nna", "max_steps": 200},
    {"players": 3, "variant": "pounce", "max_steps": 150},
    {"players": 2, "variant": "standard,jokers_per_deck=2", "max_steps": 150},
    {"players": 1, "max_steps": 100},
]


@pytest.mark.parametrize("reward", REWARDS)
def test_random_sim_test_passes_with_every_reward_and_a_short_no_progress_limit(reward):
    game = pyspiel.load_game(
        "python_nerts", {"players": 3, "max_steps": 150, "reward": reward, "no_progress": 6}
    )
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), 2, serialize=True, verbose=False)


@pytest.mark.parametrize("params", GAMES)
def test_random_sim_test_passes_on_the_game_and_its_turn_based_form(params):
    game = pyspiel.load_game("python_nerts", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    turn_based = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(turn_based, num_sims=2, serialize=True, verbose=False)


def test_openspiel_python_suite_picks_up_the_game():
    from open_spiel.python.tests import games_sim_test  # noqa: PLC0415 - after registering

    names = [
        name
        for name in unittest.TestLoader().getTestCaseNames(games_sim_test.GamesSimTest)
        if name.endswith("_python_nerts")
    ]
    assert {
        "test_game_sim_python_nerts",
        "test_simultaneous_game_as_turn_based_python_nerts",
        "test_multiplayer_game_2p_python_nerts",
        "test_multiplayer_game_6p_python_nerts",
    } <= set(names)
    suite = unittest.TestSuite(games_sim_test.GamesSimTest(name) for name in names)
    report = io.StringIO()
    result = unittest.TextTestRunner(stream=report, verbosity=2).run(suite)
    print(report.getvalue())
    assert result.wasSuccessful(), report.getvalue()
    assert result.testsRun == len(names)


def test_the_game_type_is_what_the_issue_asks_for():
    game = pyspiel.load_game(
        "python_nerts", {"players": 4, "variant": "standard", "max_steps": 600}
    )
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 4
    assert game.num_distinct_actions() == encoding.NUM_ACTIONS
    assert game.max_game_length() == 602
    assert game.max_chance_outcomes() == nerts_spiel.DEAL_BASE == 256
    assert game.new_initial_state().is_chance_node()


def test_variant_takes_presets_and_spec_strings_and_survives_game_strings():
    game = pyspiel.load_game("python_nerts", {"variant": "standard,stock_turn=1"})
    assert game.get_parameters()["variant"] == "standard;stock_turn:1"
    again = pyspiel.load_game(str(game))
    state = again.new_initial_state()
    _deal(state, 5)
    assert state.position.variant == nl.Variant(stock_turn=1)
    with pytest.raises(ValueError, match="unknown variant: 'chess'"):
        pyspiel.load_game("python_nerts", {"variant": "chess"})
    with pytest.raises(ValueError, match="max_steps must be an int >= 1; got 0"):
        pyspiel.load_game("python_nerts", {"max_steps": 0})


def _deal(state: Any, seed: int) -> None:
    """Deal ``seed`` through the two chance nodes (the high byte, then the low byte)."""
    state.apply_action(seed // nerts_spiel.DEAL_BASE)
    state.apply_action(seed % nerts_spiel.DEAL_BASE)


def _play(game: Any, rng: random.Random) -> tuple[Any, list[float]]:
    """A random hand: the terminal state and each seat's summed rewards."""
    state = game.new_initial_state()
    _deal(state, rng.randrange(nerts_spiel.NUM_DEALS))
    totals = list(state.rewards())
    while not state.is_terminal():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])
        totals = [t + r for t, r in zip(totals, state.rewards(), strict=True)]
    return state, totals


@pytest.mark.parametrize("reward", REWARDS)
def test_rewards_sum_to_the_returns_of_the_reward(reward):
    game = pyspiel.load_game("python_nerts", {"players": 3, "max_steps": 120, "reward": reward})
    rng = random.Random(3)
    for _ in range(3):
        state, totals = _play(game, rng)
        expected = list(returns(reward, state.position, ended=True))
        assert state.returns() == pytest.approx(expected)
        assert totals == pytest.approx(expected)
        if reward == "score":
            assert expected == [float(s) for s in nl.hand_scores(state.position)]
        assert game.min_utility() <= min(expected) <= max(expected) <= game.max_utility()
        # two chance nodes, then one simultaneous node per step (history lists every action)
        assert len(state.history()) <= 2 + (game.max_game_length() - 2) * 3


def test_a_table_that_only_passes_ends_by_the_no_progress_limit():
    game = pyspiel.load_game("python_nerts", {"players": 2, "no_progress": 7})
    state = game.new_initial_state()
    _deal(state, 4)
    steps = 0
    while not state.is_terminal():
        state.apply_actions([encoding.PASS, encoding.PASS])
        steps += 1
    assert steps == 7
    assert not state.position.is_over
    assert state.returns() == [0.0, 0.0]


def test_chance_outcome_k_deals_seed_k_and_play_is_deterministic():
    game = pyspiel.load_game("python_nerts", {"players": 2, "max_steps": 60})
    first, _ = _play(game, random.Random(8))
    second, _ = _play(game, random.Random(8))
    assert str(first) == str(second)
    assert first.history() == second.history()
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 256
    state.apply_action(4)
    assert state.position is None
    assert state.is_chance_node()
    state.apply_action(210)
    assert state.position == encoding.new_hand("standard", 2, 4 * 256 + 210)


def test_changing_hidden_cards_changes_no_observation_or_legal_action():
    game = pyspiel.load_game("python_nerts", {"players": 2, "max_steps": 300})
    rng = random.Random(5)
    state = game.new_initial_state()
    _deal(state, 77)
    checked = 0
    while not state.is_terminal():
        for seat in range(2):
            other = state.clone()
            # another position the seat cannot tell apart from this one
            hidden = nl.determinize(nl.view(state.position, seat), checked)
            other._node = attrs.evolve(other._node, position=hidden)
            assert other.position != state.position
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            checked += 1
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
    assert checked > 20


def test_observations_come_from_the_view():
    game = pyspiel.load_game("python_nerts", {"players": 2})
    state = game.new_initial_state()
    assert state.observation_string(0) == "deal pending"
    _deal(state, 3)
    position = state.position
    assert state.observation_string(1) == str(nl.view(position, 1))
    expected = encoding.observe(nl.view(position, 1), priority=1)  # seat 0 is settled first
    assert state.observation_tensor(1) == [float(x) for x in expected]
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    spectator = observation.make_observation(game, public)
    assert spectator.string_from(state, 0) == str(nl.view(position, None))
    with pytest.raises(ValueError, match="no public information state"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
            )
        )


def test_an_illegal_joint_action_is_refused():
    game = pyspiel.load_game("python_nerts", {"players": 2})
    state = game.new_initial_state()
    _deal(state, 1)
    with pytest.raises(ValueError, match=r"action 5 \(N>F0 as D\) is not legal for seat 0"):
        state.apply_actions([5, 0])


def test_the_information_state_adds_the_seats_recall_of_cards_gone_from_sight():
    game = pyspiel.load_game("python_nerts", {"players": 2, "max_steps": 400})
    state = game.new_initial_state()
    _deal(state, 29)
    size = encoding.observation_size(state.position.variant, 2)
    assert game.information_state_tensor_size() == size + recall_size(state.position.variant, 2)
    rng = random.Random(2)
    remembered = 0
    while not state.is_terminal():
        for seat in range(2):
            tensor = state.information_state_tensor(seat)
            assert tensor[:size] == state.observation_tensor(seat)
            mine = nl.view(state.position, seat)
            assert tensor[size:] == [float(x) for x in recall_features(mine, state.memory(seat))]
            remembered = max(remembered, int(sum(tensor[size:])))
            assert state.information_state_string(seat).startswith(str(mine))
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
    # after turning its stock over a seat remembers the cards that went back into it
    assert remembered > 10
    # pickled (as OpenSpiel serializes Python states) a long hand keeps its recall
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.information_state_tensor(1) == state.information_state_tensor(1)
    assert again.information_state_string(0) == state.information_state_string(0)
