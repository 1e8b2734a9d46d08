"""research/czech_pub_fit_evaluate.py: the fit reads the evaluation's own features and targets."""

from __future__ import annotations

import random

from boardbot.engine import registry

from research_modules import load


def test_the_czech_pub_fit_uses_the_evaluations_features_and_targets(capsys):
    fit = load("czech_pub_fit_evaluate")
    from boardbot.engine.core import TERMINAL
    from boardbot.engine.games.czech_pub import policy

    game = registry.get("czech-pub")
    state, rng = game.new_state({"players": 3, "real_drinking": False}, 4), random.Random(4)
    while state.decider() != TERMINAL:  # the fit's projection is exactly the evaluation's
        bases, feats, _left = policy.seat_features(state)
        fitted = [b + sum(w * v for w, v in zip(policy.GAIN_WEIGHTS[3], f)) if f else b for b, f in zip(bases, feats)]
        assert fitted == policy.projected_totals(state)[0]
        state.apply(game.heuristic_move(state, rng))
    snaps = fit.positions(3, games=6, noise=0.1, seed=1, keep=0.3)
    X, y = fit.rows(snaps, rivals=True)
    assert X.shape == (len(y), len(policy.GAIN_WEIGHTS[3]) + 1) and len(y) > 20
    out_seats = [(s, q) for s in snaps for q, f in enumerate(s["feats"]) if f is None]
    assert out_seats  # a seat out of the drinking scores nothing more: no gain to predict
    assert all(s["final"][q] == s["bases"][q] for s, q in out_seats)
    fit.main(["--games", "20", "--players", "3"])
    out = capsys.readouterr().out
    assert out.startswith("3 players: ") and "winner log loss" in out and "    3: (" in out
