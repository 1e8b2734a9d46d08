"""Fit the gain weights of Czech Pub's evaluation (``policy.GAIN_WEIGHTS``) to game outcomes.

    python research/czech_pub_fit_evaluate.py [--games 1500] [--noise 0.1] [--players 3,4,5,6] [--seed 0]

Plays noisy greedy self-play games (``Game.heuristic_move``, a random move
with probability ``--noise``) and keeps about 4 % of the positions. For each
seat still drinking, the target is its final total minus the total it holds
now, and the features are ``policy.seat_features`` plus, with ``--rivals``,
the mean X cards in the other seats' hands (an X card's worth is the harm it
does another seat, which a seat's own features cannot show). Least squares
on 80 % of the games; the report gives, per player count, the held-out R² of
the gain and the held-out log loss of the predicted winner (``evaluate``'s
win model) for the weights in policy.py and the refitted ones, each with
policy.py's spread (``SIGMA_SCALE``) and with the scale on a grid that fits
the training games best, and prints the refitted weights. Figures only.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from boardbot.engine import registry  # noqa: E402
from boardbot.engine.games.czech_pub import policy as P  # noqa: E402
from selfplay import noisy_greedy_game  # noqa: E402

SCALES = (0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.4, 2.8, 3.2, 3.6, 4.0)
X_FEATURE = 13  # index of "X cards in hand" in policy.seat_features


def positions(n: int, games: int, noise: float, seed: int, keep: float = 0.04) -> list[dict]:
    game = registry.get("czech-pub")
    out = []
    for k in range(games):
        snaps, result, win = noisy_greedy_game(game, {"players": n, "real_drinking": False}, seed + k, noise, keep,
                                               P.seat_features)
        for bases, feats, left in snaps:
            out.append({"game": k, "bases": bases, "feats": feats, "left": left, "final": list(result.scores),
                        "win": win})
    return out


def design(snap: dict, q: int, rivals: bool) -> list[float]:
    row = list(snap["feats"][q])
    if rivals:
        others = [f[X_FEATURE] for o, f in enumerate(snap["feats"]) if o != q and f is not None]
        row.append(sum(others) / len(others) if others else 0.0)
    return row


def rows(snaps: list[dict], rivals: bool):
    X, y = [], []
    for s in snaps:
        for q, f in enumerate(s["feats"]):
            if f is not None:
                X.append(design(s, q, rivals))
                y.append(s["final"][q] - s["bases"][q])
    return np.array(X), np.array(y)


def win_log_loss(snaps: list[dict], weights, rivals: bool, n: int, sigma_scale: float) -> float:
    """Mean log loss of the winners under ``evaluate``'s win model with these gain weights."""
    total = 0.0
    for s in snaps:
        totals = []
        for q, f in enumerate(s["feats"]):
            base = s["bases"][q]
            if f is not None:
                base += float(np.dot(weights, design(s, q, rivals)))
            totals.append(base)
        spread = sigma_scale * (4.0 + 2.2 * max(s["left"], 0.0) ** 0.5) * 2.0
        win = [1.0] * n
        for i in range(n):
            for j in range(i + 1, n):
                p = 0.5 + 0.5 * math.erf((totals[i] - totals[j]) / spread)
                win[i] *= p
                win[j] *= 1.0 - p
        norm = sum(win) or 1.0
        total -= sum(w * math.log(max(v / norm, 1e-9)) for w, v in zip(s["win"], win) if w)
    return total / len(snaps)


def r2(X, y, weights) -> float:
    resid = y - X @ weights
    return 1.0 - float(resid @ resid) / float(((y - y.mean()) ** 2).sum())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1500, help="games per player count")
    ap.add_argument("--noise", type=float, default=0.1)
    ap.add_argument("--players", default="3,4,5,6")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rivals", action="store_true", help="add the other seats' mean X cards as a feature")
    args = ap.parse_args(argv)
    for n in (int(v) for v in args.players.split(",")):
        snaps = positions(n, args.games, args.noise, args.seed + 1_000_000 * n)
        cut = int(args.games * 0.8)
        train = [s for s in snaps if s["game"] < cut]
        test = [s for s in snaps if s["game"] >= cut]
        Xtr, ytr = rows(train, args.rivals)
        Xte, yte = rows(test, args.rivals)
        fitted, *_ = np.linalg.lstsq(Xtr, ytr, rcond=None)
        current = np.array(P.GAIN_WEIGHTS[n] + ((0.0,) if args.rivals else ()))
        # the spread's scale: the best log loss on the training games, on a grid
        scale = min(SCALES, key=lambda c: win_log_loss(train, fitted, args.rivals, n, c))
        old_scale = min(SCALES, key=lambda c: win_log_loss(train, current, args.rivals, n, c))
        print(f"{n} players: {len(snaps)} positions; held-out R² {r2(Xte, yte, current):.3f} (policy.py), "
              f"{r2(Xte, yte, fitted):.3f} (refitted); winner log loss "
              f"{win_log_loss(test, current, args.rivals, n, P.SIGMA_SCALE[n]):.4f} (policy.py), "
              f"{win_log_loss(test, current, args.rivals, n, old_scale):.4f} (policy.py's weights, spread scale "
              f"{old_scale}), "
              f"{win_log_loss(test, fitted, args.rivals, n, P.SIGMA_SCALE[n]):.4f} (refitted), "
              f"{win_log_loss(test, fitted, args.rivals, n, scale):.4f} (refitted, spread scale {scale}), "
              f"{math.log(n):.4f} (uniform)", flush=True)
        print(f"    {n}: ({', '.join(f'{w:.2f}' for w in fitted)}),", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
