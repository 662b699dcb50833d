"""OpenSpiel: play hands of ``python_nerts`` with two policies over the legal actions.

Needs the openspiel extra: ``pip install "nertslib[openspiel]"``.

The game is simultaneous: after the deal's two chance nodes (the high and the low byte of
the seed), every seat picks an action at every node, and ``apply_actions`` plays them
together. The game pays ``reward="score"`` here, so a return is the hand score. Two
policies meet, over the same deals from both seats: uniform random over the legal
actions, and "foundation first", which plays to a foundation whenever an action does, the
only plays that score. Any OpenSpiel algorithm for simultaneous games (or
``pyspiel.convert_to_turn_based`` for turn-based ones) takes the game the same way.
"""

import numpy as np
import pyspiel

import nertslib.adapters.openspiel  # noqa: F401 - registers python_nerts
from nertslib.adapters import encoding

DEALS = 10


def uniform(legal, rng):
    """Any legal action, uniformly."""
    return int(rng.choice(legal))


def foundation_first(legal, rng):
    """A play to a foundation if there is one (the first), else a random legal action."""
    plays = [a for a in legal if encoding.FOUNDATION_BASE <= a < encoding.WORK_BASE]
    return plays[0] if plays else uniform(legal, rng)


def play(game, policies, deal, rng):
    """One hand from deal ``deal``; every seat's return (its hand score)."""
    state = game.new_initial_state()
    state.apply_action(deal // 256)  # the chance nodes: the high byte of the seed,
    state.apply_action(deal % 256)  # then the low byte
    while not state.is_terminal():
        actions = [pick(state.legal_actions(seat), rng) for seat, pick in enumerate(policies)]
        state.apply_actions(actions)
    return state.returns()


def main():
    game = pyspiel.load_game("python_nerts", {"players": 2, "max_steps": 300, "reward": "score"})
    print(
        f"{game.get_type().long_name}: {game.num_distinct_actions()} actions, "
        f"{game.num_players()} players, at most {game.max_game_length()} steps"
    )
    rng = np.random.default_rng(0)
    scores = {"uniform": [], "foundation_first": []}
    for deal in range(DEALS):
        for line_up in ((uniform, foundation_first), (foundation_first, uniform)):
            returns = play(game, line_up, deal, rng)
            for policy, score in zip(line_up, returns, strict=True):
                scores[policy.__name__].append(score)
    for name, values in scores.items():
        print(f"{name:17} mean return {np.mean(values):6.2f} over {len(values)} hands")


if __name__ == "__main__":
    main()
