"""research/train_value.py: a tiny self-play fit, its held-out check, and paired games with the fit."""

from __future__ import annotations

import json

import numpy as np
import pytest

from boardbot.ai import learned_value
from boardbot.engine import registry

from research_modules import load

train_value = load("train_value")


def test_a_tiny_fit_is_checked_on_held_out_games_and_played(tmp_path, capsys):
    out = tmp_path / "value.npz"
    assert train_value.main(["train", "--game", "fritanga", "--mode", "versus", "--players", "3", "--games", "6",
                             "--seed", "3", "--bot", "greedy", "--keep", "0.5", "--held-out", "0.34",
                             "--l2", "0.03,0.3", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6 and report["l2"] in (0.03, 0.3)
    assert report["train_positions"] > 0 and report["held_out_positions"] > 0
    for model in ("learned", "game's evaluate", "constant"):
        figures = report["held_out"][model]
        assert figures["log_loss"] > 0 and 0 <= figures["mse"] <= 1 and 0 <= figures["winner"] <= 1
    game = registry.get("fritanga")
    cfg = game.validate({"players": 3, "mode": "versus"})
    weights, bias, evaluate_weight = learned_value.load_parameters(out)
    assert evaluate_weight == 0.0  # the observation alone, unless --with-evaluate
    assert weights.shape == (game.observation_layout(cfg).size,)
    assert np.count_nonzero(weights) == report["features_used"]
    assert out.stat().st_size < learned_value.MAX_BYTES

    # a fit's record, as research/logs/fit keeps them: its report and the same parameters
    record = tmp_path / "fit.jsonl"
    train_value.main(["train", "--game", "fritanga", "--mode", "versus", "--games", "6", "--seed", "3", "--keep",
                      "0.5", "--held-out", "0.34", "--l2", "0.03,0.3", "--out", str(record)])
    capsys.readouterr()
    line = json.loads(record.read_text())
    assert line["held_out"] == report["held_out"] and line["settings"]["games"] == 6
    again = train_value.read_parameters(str(record))
    assert np.allclose(again[0], weights) and again[1] == bias and again[2] == 0.0

    log = tmp_path / "play.jsonl"
    try:
        assert train_value.main(["play", "--game", "fritanga", "--mode", "versus", "--players", "3", "--iterations",
                                 "3", "--deals", "1", "--seed", "5", "--value", str(out), "--log", str(log)]) == 0
    finally:
        learned_value._OVERRIDES.clear()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["learned_seat"] for r in records] == [0, 1, 2] and {r["deal"] for r in records} == {5}
    capsys.readouterr()
    assert train_value.main(["tally", str(log)]) == 0
    tally = json.loads(capsys.readouterr().out)
    wins = sum(1 / len(r["winners"]) for r in records if r["learned_seat"] in r["winners"])
    assert tally["games"] == 3 and tally["win_share"][0] == round(wins / 3, 3)
    above = [(2 - r["ranks"][r["learned_seat"]]) / 2 - sum((2 - k) / 2 for q, k in enumerate(r["ranks"])
                                                          if q != r["learned_seat"]) / 2 for r in records]
    assert tally["place_above_others"][0] == round(sum(above) / 3, 3)
    try:
        assert train_value.main(["speed", "--game", "fritanga", "--mode", "versus", "--iterations", "5", "--positions",
                                 "2", "--repeats", "1", "--value", str(out)]) == 0
    finally:
        learned_value._OVERRIDES.clear()
    rates = json.loads(capsys.readouterr().out)["iterations_per_cpu_second"]
    assert rates["game"] > 0 and rates["learned"] > 0


def test_the_fit_recovers_a_logistic_model():
    rng = np.random.default_rng(1)
    x = (rng.random((4000, 6)) < 0.5).astype(np.float32)
    x[:, 5] = 0.0  # a column that never varies keeps weight 0
    true = np.array([1.5, -2.0, 0.5, 0.0, 1.0, 0.0])
    u = (rng.random(4000) < train_value.sigmoid(x @ true - 0.5)).astype(np.float64)
    weights, bias = train_value.fit_logistic(x, u, l2=1e-4)
    assert np.allclose(weights, true, atol=0.2) and abs(bias + 0.5) < 0.2 and weights[5] == 0.0


def test_a_searchs_games_are_logged_resumed_and_fitted_with_the_games_evaluation(tmp_path, capsys):
    """``--bot ismcts:...`` plays the spec's search at fixed iterations; ``--games-log`` keeps each game's
    positions as it ends, so a run resumes and ``--fit-only`` fits again without playing;
    ``--with-evaluate`` fits a weight on the game's evaluation, which the file and the record keep;
    ``run`` hands the fit over to a script in the same process."""
    games_log, out = tmp_path / "games.jsonl.gz", tmp_path / "value.npz"
    common = ["train", "--game", "czech-pub", "--players", "5", "--seed", "3", "--bot", "ismcts:hard", "--iterations",
              "3", "--keep", "0.2", "--held-out", "0.5", "--l2", "0.1", "--games-log", str(games_log), "--with-evaluate"]
    assert train_value.main([*common, "--games", "2", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["evaluate_weight"] != 0.0
    # the gain over the game's evaluation on the same held-out rows, with its interval over games
    for measure in ("log_loss", "mse"):
        gain, low, high = report["held_out_gain"][measure]
        held = report["held_out"]
        assert gain == pytest.approx(held["game's evaluate"][measure] - held["learned"][measure], abs=1e-5)
        assert low <= gain <= high
    assert learned_value.load_parameters(out)[2] == report["evaluate_weight"]
    # fitted again from the log alone: the same games, the same fit
    assert train_value.main([*common, "--games", "3", "--fit-only"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["games"] == 2
    for model, figures in report["held_out"].items():  # the log keeps observations to 6 decimals
        assert again["held_out"][model] == pytest.approx(figures, rel=1e-4)
    # resumed: only the third game is played
    assert train_value.main([*common, "--games", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert len(train_value.read_game_log(str(games_log), 1041)) == 3

    script = tmp_path / "script.py"
    script.write_text("import sys\n"
                      "from boardbot.ai import learned_value\n"
                      "from boardbot.ai.bot_specs import parse_ismcts\n"
                      "from boardbot.ai.ismcts import Budget\n"
                      "from boardbot.ai.service_api import suggest\n"
                      "from boardbot.engine import registry\n"
                      "game = registry.get('czech-pub')\n"
                      "state = game.new_state(game.validate({'players': 5}), 1)\n"
                      "params = parse_ismcts('ismcts:hard,value=learned').params\n"
                      "suggest(game, state, Budget(iterations=4), seed=1, params=params)\n"
                      "print(sys.argv[1:], len(learned_value._OVERRIDES))\n")
    try:
        assert train_value.main(["run", "--game", "czech-pub", "--players", "5", "--value", str(out), str(script),
                                 "--", "--flag", "x"]) == 0
    finally:
        learned_value._OVERRIDES.clear()
    assert capsys.readouterr().out.strip() == "['--flag', 'x'] 1"


def test_the_chef_form_s_rows_give_the_served_evaluation():
    """policy.CHEF_WEIGHTS on the rows (policy.chef_rows) is the served evaluation, at every position
    of a few chef games (the form that ``form`` refits is the one served)."""
    from boardbot.engine.games.fritanga import policy

    assert policy.CHEF_WEIGHTS == (policy._W_CHEF_BIAS, policy._W_CHEF_LEFT) + policy._W_CHEF + (0.0,) * 6
    assert len(policy.CHEF_WEIGHTS) == len(policy.CHEF_FEATURES)
    game = registry.get("fritanga")
    for seed, players in ((1, 3), (2, 4)):
        state = game.new_state({"mode": "chef", "players": players}, seed)
        rng = np.random.default_rng(seed)
        while state.decider() != -1:
            assert np.allclose(policy.evaluate_with(state, policy.CHEF_WEIGHTS), game.evaluate(state), atol=1e-12)
            moves = state.legal_moves()
            state.apply(moves[int(rng.integers(len(moves)))])


def test_the_form_fit_recovers_its_weights():
    rng = np.random.default_rng(2)
    x = np.concatenate([np.ones((3000, 2, 1)), rng.random((3000, 2, 3))], axis=2)
    mask = np.ones((3000, 2))
    mask[::3, 1] = 0.0  # some positions have one row only
    true = np.array([-0.5, 2.0, -1.0, 0.7])
    u = (rng.random(3000) < train_value.form_chance(x, mask, true)).astype(np.float64)
    served = np.array([0.0, 0.0, 0.0, 0.7])
    fitted = train_value.fit_form(x, mask, u, served, np.array([0, 1, 2]), l2=1e-6)
    assert np.allclose(fitted, true, atol=0.3) and fitted[3] == 0.7  # a fixed weight stays


def test_a_tiny_form_fit_and_its_switch_never_peeks(tmp_path, capsys):
    """``form`` fits on a few games and scores the fit against the served weights; ``use_form_weights``
    makes searches cut off with the fit, and two states the deciding seat cannot tell apart still
    search alike (as tests/test_ai.py::test_no_peek for the served evaluation)."""
    from boardbot.ai.ismcts import Budget, SearchParams
    from boardbot.ai.service_api import suggest
    from boardbot.engine.games.fritanga import policy

    out, log = tmp_path / "form.jsonl", tmp_path / "games.jsonl.gz"
    args = ["form", "--form", "fritanga-chef", "--games", "5", "--seed", "3", "--iterations", "4", "--keep", "0.5",
            "--held-out", "0.4", "--l2", "0.01,0.1", "--games-log", str(log), "--out", str(out)]
    assert train_value.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 5 and report["served_matches_evaluate"] and report["held_out_positions"] > 0
    assert set(report["held_out"]) == {"fitted", "served", "constant"}
    assert train_value.main(args + ["--fit-only", "--features", "bias,mobility"]) == 0  # from the log alone
    again = json.loads(capsys.readouterr().out)
    assert again["games"] == 5 and again["features"] == ["bias", "mobility"]
    assert again["weights"]["island"] == policy.CHEF_WEIGHTS[policy.CHEF_FEATURES.index("island")]

    game = registry.get("fritanga")
    cfg = game.validate({"mode": "chef", "players": 3})
    served = policy.evaluate
    weights = tuple(np.random.default_rng(4).normal(0.0, 1.0, len(policy.CHEF_FEATURES)))
    rng = np.random.default_rng(11)
    try:
        train_value.use_form_weights("fritanga-chef", weights)
        state, changed = game.new_state(cfg, 7), 0
        for i in range(12):
            seat = state.decider()
            other = state.sample_for(seat, __import__("random").Random(i))
            assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
            params = SearchParams(depth=3)
            a = suggest(game, state, Budget(iterations=24), seed=i, params=params)
            b = suggest(game, other, Budget(iterations=24), seed=i, params=params)
            assert a.move == b.move and a.candidates == b.candidates
            policy.evaluate = served
            changed += suggest(game, state, Budget(iterations=24), seed=i, params=params).candidates != a.candidates
            train_value.use_form_weights("fritanga-chef", weights)
            moves = state.legal_moves()
            state.apply(moves[int(rng.integers(len(moves)))])
        assert changed, "the fit's weights are what the search backed up"
    finally:
        policy.evaluate = served
