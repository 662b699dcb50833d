"""PettingZoo: a parallel environment with one policy per agent, masked by the legal actions.

Needs the pettingzoo extra: ``pip install "nertslib[pettingzoo]"``.

Every step, each agent picks an action from its own observation's ``action_mask`` and all of
them are played at once (the infos say which move an action stood for, and whether it lost a
race for a foundation). An episode is one hand: every agent terminates when it ends, or is
truncated after ``max_cycles`` steps. Rewards are score changes from the deal on, so a seat's
return is its hand score plus the 26 points the deal took (13 Nerts cards at -2). Seat 0
plays "foundation first" (a play to a foundation whenever its mask has one), the other seats
uniformly random legal actions.
"""

import numpy as np

from nertslib.adapters import encoding
from nertslib.adapters.pettingzoo import parallel_env

EPISODES = 5


def uniform(mask, rng):
    """Any legal action, uniformly."""
    return int(rng.choice(np.flatnonzero(mask)))


def foundation_first(mask, rng):
    """The first legal play to a foundation, else a random legal action."""
    plays = np.flatnonzero(mask[encoding.FOUNDATION_BASE : encoding.WORK_BASE])
    return int(encoding.FOUNDATION_BASE + plays[0]) if len(plays) else uniform(mask, rng)


def main():
    env = parallel_env(seats=3, max_cycles=300, reward="score")  # returns are hand scores
    policies = {"seat_0": foundation_first, "seat_1": uniform, "seat_2": uniform}
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(policies, 0.0)
    steps, ended = 0, 0
    moved = dict.fromkeys(policies, 0)
    for episode in range(EPISODES):
        observations, infos = env.reset(seed=episode)
        while env.agents:
            actions = {
                agent: policies[agent](observations[agent]["action_mask"], rng)
                for agent in env.agents
            }
            observations, rewards, terminations, truncations, infos = env.step(actions)
            for agent, reward in rewards.items():
                totals[agent] += reward
            steps += 1
            for agent, info in infos.items():
                moved[agent] += info["move"] is not None  # the move an action stood for
            ended += all(terminations.values()) and not any(truncations.values())
    for agent, policy in policies.items():
        mean = totals[agent] / EPISODES
        print(f"{agent} ({policy.__name__:16}) mean return {mean:6.1f}, {moved[agent]} moves")
    print(f"{EPISODES} episodes, {steps} steps: {ended} hands ended, {EPISODES - ended} cut short")


if __name__ == "__main__":
    main()
