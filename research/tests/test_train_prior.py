"""research/train_prior.py: a tiny self-play log, a fit checked on held-out games, its record read back."""

from __future__ import annotations

import gzip
import json
import random

import numpy as np

from boardbot.ai import learned_prior
from boardbot.engine import registry

from research_modules import load

train_prior = load("train_prior")


def test_a_tiny_self_play_is_fitted_checked_on_held_out_games_and_read_back(tmp_path, capsys):
    log = tmp_path / "games.jsonl.gz"
    args = ["play", "--game", "czech-pub", "--players", "3", "--games", "3", "--seed", "5", "--iterations", "8",
            "--log", str(log)]
    assert train_prior.main(args) == 0
    with gzip.open(log, "rt") as fh:
        games = [json.loads(line) for line in fh]
    assert [g["seed"] for g in games] == [5, 6, 7]
    decision = games[0]["decisions"][0]
    assert len(decision["ids"]) == len(decision["visits"]) > 1 and sum(decision["visits"]) == 8
    assert train_prior.main(args) == 0  # resumes: nothing left to play
    with gzip.open(log, "rt") as fh:
        assert len(fh.readlines()) == 3

    for with_hint in (False, True):
        record = tmp_path / f"fit{with_hint}.jsonl.gz"
        capsys.readouterr()
        fit = ["fit", "--log", str(log), "--held-out", "0.34", "--l2", "0.01,0.1", "--max-iter", "30",
               "--out", str(record)] + (["--with-hint"] if with_hint else [])
        assert train_prior.main(fit) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["games"] == {"train": 2, "held_out": 1} and report["l2"] in (0.01, 0.1)
        held = report["held_out"]
        for model in ("learned", "game's hint", "uniform", "action frequency"):
            assert held[model]["cross_entropy"] > 0 and 0 <= held[model]["top1"] <= 1
        game = registry.get("czech-pub")
        cfg = game.validate({"players": 3})
        weights, bias, hint_weight = train_prior.read_parameters(str(record))
        assert weights.shape == (game.action_space(cfg).size, game.observation_layout(cfg).size)
        assert (hint_weight != 0) == with_hint and report["hint_weight"] == (round(hint_weight, 4) if with_hint else None)
        # the record's parameters give the held-out figures it reports
        rows = train_prior.Rows(sorted(games, key=lambda g: g["seed"])[2:], *weights.shape, with_hint)
        assert train_prior.scores(rows, weights, bias, hint_weight) == held["learned"]
        state = game.new_state(cfg, 9)
        while len(state.legal_moves()) < 2:
            state.apply(state.legal_moves()[0])
        assert learned_prior.hinter(game, cfg, (weights, bias, hint_weight))(state, random.Random(1)) in state.legal_moves()
        assert train_prior.main(["disagree", "--log", str(log), "--prior", str(record), "--held-out", "0.34"]) == 0
        differs = json.loads(capsys.readouterr().out)
        assert differs["held_out_decisions"] == rows.n and 0 <= differs["differs_from_the_hint"] <= 1
    assert np.isfinite(weights).all()
