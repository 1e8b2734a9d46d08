"""Fit the weights of Fröccs' evaluation (``policy.evaluate``) to game outcomes.

    python research/froccs_fit_evaluate.py [--games 1800] [--noise 0.1] [--seed 0]

Plays noisy greedy self-play games (``Game.heuristic_move``, a random move
with probability ``--noise``) over 2-6 players, alternating the hero modes,
and keeps about 4 % of all positions with each game's winners (a shared
victory counts as a share). Each seat's features are ``policy.value_features``
(money fixed at weight 1 sets the scale); the model is the one ``evaluate``
uses: chances of winning = softmax(projected value / temperature), with the
temperature ``a + b * mean turns left``. The weights maximise the
likelihood of the winners on 80 % of the positions (numpy, Adam on the exact
gradient); the report gives the held-out log loss per player count next to
the weights in policy.py and a uniform guess. Figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from boardbot.engine import registry  # noqa: E402
from boardbot.engine.games.froccs import policy as P  # noqa: E402
from selfplay import noisy_greedy_game  # noqa: E402

PLAYERS = (2, 2, 3, 4, 5, 6)  # two-player games twice: they are short


def positions(games: int, noise: float, seed: int, keep: float = 0.04):
    """{players: (features [P, n, F], turns [P, n], winners [P, n])}."""
    game = registry.get("froccs")
    out: dict[int, tuple[list, list, list]] = {}
    for k in range(games):
        n = PLAYERS[k % len(PLAYERS)]
        cfg = {"players": n, "heroes": "first_game" if k % 2 else "choose"}
        snaps, _result, win = noisy_greedy_game(game, cfg, seed + k, noise, keep,
                                                lambda state: [P.value_features(state, q) for q in range(n)])
        feats, turns, wins = out.setdefault(n, ([], [], []))
        for snap in snaps:
            feats.append([f for f, _ in snap])
            turns.append([t for _, t in snap])
            wins.append(win)
    return {n: (np.array(f), np.array(t), np.array(w)) for n, (f, t, w) in out.items()}


def loss_and_grad(params: np.ndarray, data: dict, idx: dict):
    """Mean negative log-likelihood and its gradient; params = weights[1:] + (a, b)."""
    nf = len(P.EVAL_FEATURES)
    w = np.concatenate([[1.0], params[:nf - 1]])
    a, b = params[nf - 1], params[nf]
    total, count = 0.0, 0
    grad = np.zeros_like(params)
    for n, (X, T, Y) in data.items():
        sel = idx[n]
        X, T, Y = X[sel], T[sel], Y[sel]
        v = X @ w  # [P, n]
        temp = a + b * T.mean(axis=1, keepdims=True)  # [P, 1]
        z = v / temp
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        total -= (Y * np.log(np.maximum(p, 1e-300))).sum()
        count += len(X)
        d = p - Y  # dL/dz
        gw = np.einsum("pn,pnf->f", d / temp, X)
        gtemp = (d * (-v / temp**2)).sum(axis=1)  # [P]
        grad[:nf - 1] += gw[1:]
        grad[nf - 1] += gtemp.sum()
        grad[nf] += (gtemp * T.mean(axis=1)).sum()
    return total / count, grad / count


def fit(data: dict, idx: dict, start: np.ndarray, steps: int = 4000) -> np.ndarray:
    scale = np.maximum(np.abs(start), 1.0)  # Adam on parameters scaled to about 1
    x = start / scale
    m = np.zeros_like(x)
    s = np.zeros_like(x)
    lr, b1, b2 = 0.01, 0.9, 0.999
    for i in range(1, steps + 1):
        _, g = loss_and_grad(x * scale, data, idx)
        g = g * scale
        m = b1 * m + (1 - b1) * g
        s = b2 * s + (1 - b2) * g * g
        x -= lr * (m / (1 - b1**i)) / (np.sqrt(s / (1 - b2**i)) + 1e-8)
    return x * scale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1800)
    ap.add_argument("--noise", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steps", type=int, default=4000)
    args = ap.parse_args(argv)
    data = positions(args.games, args.noise, args.seed)
    rng = np.random.default_rng(args.seed)
    train, test = {}, {}
    for n, (X, _, _) in data.items():
        mask = rng.random(len(X)) < 0.8
        train[n], test[n] = np.flatnonzero(mask), np.flatnonzero(~mask)
    current = np.array(list(P.EVAL_WEIGHTS[1:]) + [P.EVAL_TEMP, P.EVAL_TEMP_PER_TURN])
    fitted = fit(data, train, current, args.steps)
    report = {
        "positions": {n: len(X) for n, (X, _, _) in data.items()},
        "features": list(P.EVAL_FEATURES),
        "fitted_weights": [1.0] + [round(float(x), 3) for x in fitted[:-2]],
        "fitted_temperature": [round(float(fitted[-2]), 3), round(float(fitted[-1]), 3)],
        "policy_weights": list(P.EVAL_WEIGHTS),
        "policy_temperature": [P.EVAL_TEMP, P.EVAL_TEMP_PER_TURN],
        "held_out_log_loss": {},
    }
    for n in sorted(data):
        one = {n: data[n]}
        report["held_out_log_loss"][n] = {
            "fitted": round(loss_and_grad(fitted, one, {n: test[n]})[0], 4),
            "policy": round(loss_and_grad(current, one, {n: test[n]})[0], 4),
            "uniform": round(float(np.log(n)), 4),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
