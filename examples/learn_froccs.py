"""Learn Fröccs against the random bot with numpy alone (docs/learning.md).

    python examples/learn_froccs.py [--episodes 600] [--games 200] [--players 2] [--seed 0]

A linear softmax policy over the game's stable action ids reads the seat's
observation (``boardbot.learning.gym_env``: the float32 observation and the mask
of legal ids) and scores each legal action with one weight row per action id;
REINFORCE with a running baseline trains it from the episode's return (1 for a
win, a share of 1 for a shared win, 0 for a loss). The win rate against the
random bot is measured before training (the untrained policy is uniform over
the legal actions, i.e. plays like the random bot) and after, on the same
games, with a 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from boardbot.learning.gym_env import BoardbotEnv

EVAL_SEEDS = 1_000_000  # evaluation games never share a seed with training games


class LinearPolicy:
    """logit(a) = W[a] . observation + b[a] over the legal action ids; softmax."""

    def __init__(self, actions: int, features: int, rng: np.random.Generator):
        self.W = np.zeros((actions, features), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.rng = rng

    def act(self, observation: dict) -> tuple[int, tuple]:
        x = observation["observation"]
        legal = np.flatnonzero(observation["action_mask"])
        logits = self.W[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        i = int(self.rng.choice(len(legal), p=p))
        return int(legal[i]), (legal, p, i, x)

    def reinforce(self, steps: list, advantage: float, lr: float) -> None:
        """One policy-gradient step: raise the log-probability of the chosen actions by ``advantage``."""
        for legal, p, i, x in steps:
            grad = -p
            grad[i] += 1.0  # d log softmax / d logits
            scale = lr * advantage
            self.W[legal] += scale * np.outer(grad, x)
            self.b[legal] += scale * grad


def play(env: BoardbotEnv, policy: LinearPolicy, seed: int) -> tuple[float, list]:
    """One game; returns the seat's return and the (legal, p, chosen, x) of each of its decisions."""
    observation, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        action, record = policy.act(observation)
        steps.append(record)
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return float(reward), steps


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def win_rate(env: BoardbotEnv, policy: LinearPolicy, games: int) -> tuple[float, float, float]:
    wins = sum(play(env, policy, EVAL_SEEDS + g)[0] for g in range(games))
    low, high = wilson(wins, games)
    return wins / games, low, high


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=600, help="training games")
    parser.add_argument("--games", type=int, default=200, help="evaluation games, before and after")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = BoardbotEnv("froccs", {"players": args.players}, seat=0, opponents="random")
    policy = LinearPolicy(env.action_space.n, env.observation_space["observation"].shape[0],
                          np.random.default_rng(args.seed))
    print(f"froccs, {args.players} players, seat 0 against the random bot; "
          f"{env.action_space.n} action ids, observations of {policy.W.shape[1]} floats")
    rate, low, high = win_rate(env, policy, args.games)
    print(f"before training: win rate {rate:.3f} (95% CI {low:.3f}-{high:.3f}) over {args.games} games")

    started = time.perf_counter()
    baseline = 1.0 / args.players
    for episode in range(args.episodes):
        reward, steps = play(env, policy, args.seed * 10_000_000 + episode)
        policy.reinforce(steps, reward - baseline, args.lr)
        baseline += 0.02 * (reward - baseline)
        if (episode + 1) % max(1, args.episodes // 4) == 0:
            print(f"  {episode + 1} training games, running mean return {baseline:.3f}", flush=True)
    seconds = time.perf_counter() - started

    rate, low, high = win_rate(env, policy, args.games)
    print(f"after {args.episodes} training games ({seconds:.0f} s): win rate {rate:.3f} "
          f"(95% CI {low:.3f}-{high:.3f}) over the same {args.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
