"""A complete training loop: REINFORCE on NumPy, one seat against the greedy bot (Gymnasium).

Needs the gymnasium extra: ``pip install "nertslib[gymnasium]"``.

The policy is tiny on purpose: a softmax over the *legal* actions (the action mask), whose
logit for an action is one weight per kind of action (pass, turn, restock, call, foundation
play, work-pile move, slide under). REINFORCE with a mean-return baseline learns which kinds
pay: playing to the foundations scores, shuffling work piles does not. It trains on the
agent's own points (``reward="score"``) because seven weights can learn to score but not to
outrun greedy; to learn to *win*, keep the default ``reward="zero_sum"`` (the agent's points
minus the others' mean) and swap the seven weights for a network over
``observation["observation"]``.
"""

import gymnasium
import numpy as np

import nertslib.adapters.gymnasium  # noqa: F401 - registers nertslib/Nerts-v0
from nertslib.adapters import encoding

EPISODES = 300
BLOCK = 100
LEARNING_RATE = 0.3

# the kind of every action, by the layout of nertslib.adapters.encoding
KINDS = np.zeros(encoding.NUM_ACTIONS, dtype=np.int64)
KINDS[: encoding.FOUNDATION_BASE] = np.arange(encoding.FOUNDATION_BASE)
KINDS[encoding.FOUNDATION_BASE : encoding.WORK_BASE] = 4
KINDS[encoding.WORK_BASE : encoding.UNDER_BASE] = 5
KINDS[encoding.UNDER_BASE :] = 6
NAMES = ("pass", "turn", "restock", "call", "foundation", "work", "under")


def choose(weights, mask, rng):
    """Sample a legal action; return it and the gradient of its log-probability."""
    legal = np.flatnonzero(mask)
    logits = weights[KINDS[legal]]
    p = np.exp(logits - logits.max())
    p /= p.sum()
    pick = rng.choice(len(legal), p=p)
    grad = -np.bincount(KINDS[legal], weights=p, minlength=len(weights))
    grad[KINDS[legal[pick]]] += 1.0
    return int(legal[pick]), grad


def run_episode(env, weights, seed, rng):
    """One hand; its total reward and the REINFORCE direction for the weights."""
    observation, _ = env.reset(seed=seed)
    grads, rewards = [], []
    done = False
    while not done:
        action, grad = choose(weights, observation["action_mask"], rng)
        observation, reward, terminated, truncated, _ = env.step(action)
        grads.append(grad)
        rewards.append(float(reward))
        done = terminated or truncated
    to_go = np.cumsum(rewards[::-1])[::-1]  # the reward still to come after each step
    advantage = to_go - to_go.mean()  # a baseline: steps better than the hand's average
    return sum(rewards), advantage @ np.array(grads) / len(rewards)


def main():
    env = gymnasium.make(
        "nertslib/Nerts-v0", seats=2, opponents="greedy", max_steps=150, reward="score"
    )
    rng = np.random.default_rng(0)
    weights = np.zeros(len(NAMES))
    totals = []
    for episode in range(EPISODES):
        total, direction = run_episode(env, weights, seed=episode, rng=rng)
        weights += LEARNING_RATE * direction
        totals.append(total)
    for start in range(0, EPISODES, BLOCK):
        block = totals[start : start + BLOCK]
        print(f"episodes {start + 1:>2}-{start + BLOCK}: mean return {np.mean(block):5.1f}")
    ranked = sorted(zip(weights, NAMES, strict=True), reverse=True)
    print("preferred kinds: " + ", ".join(name for _, name in ranked[:3]))


if __name__ == "__main__":
    main()
