"""research/czech_pub_search_fit.py: positions are recorded with their game's outcome, the fit
recovers the gain weights of the games it is given, and a bot's weights hold for its own
decisions only."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from boardbot.ai.bots import Bot
from boardbot.engine.games.czech_pub import policy as P

from research_modules import load

search_fit = load("czech_pub_search_fit")


def test_collect_records_each_position_with_its_games_final_totals_and_winners(tmp_path):
    out = tmp_path / "positions.jsonl"
    search_fit.collect("greedy", 3, 3, 500, 0.2, str(out))
    snaps = search_fit.load([str(out)])
    assert {s["game"] for s in snaps} == {500, 501, 502}
    for s in snaps:
        assert len(s["bases"]) == len(s["feats"]) == len(s["final"]) == 3
        assert sum(s["win"]) == pytest.approx(1.0)
        # the winners hold the best final total
        best = max(s["final"])
        assert all(s["final"][q] == best for q in range(3) if s["win"][q] > 0)
        assert all(f is None or len(f) == len(P.GAIN_WEIGHTS[3]) for f in s["feats"])


def test_fit_recovers_weights_planted_in_the_outcomes(tmp_path, capsys):
    """Outcomes made exactly linear in the features with known weights: the fit finds them."""
    rng = random.Random(3)
    planted = np.array([rng.uniform(-2, 2) for _ in P.GAIN_WEIGHTS[3]])
    src = tmp_path / "positions.jsonl"
    search_fit.collect("greedy", 3, 6, 900, 0.3, str(src))
    snaps = search_fit.load([str(src)])
    for s in snaps:
        s["final"] = [b + (float(planted @ np.array(f)) if f is not None else 0.0)
                      for b, f in zip(s["bases"], s["feats"])]
    planted_path = tmp_path / "planted.jsonl"
    planted_path.write_text("".join(json.dumps(s) + "\n" for s in snaps))
    weights_path = tmp_path / "weights.json"
    search_fit.fit([str(planted_path)], 3, str(weights_path))
    fitted = json.loads(weights_path.read_text())
    assert fitted["players"] == 3 and fitted["games"] == 6
    assert np.allclose(fitted["weights"], planted, atol=0.01)
    assert "refit 1.000" in capsys.readouterr().out  # held-out R² of an exact fit
    search_fit.fit([str(planted_path)], 3, str(weights_path), keep_weights=True)
    kept = json.loads(weights_path.read_text())
    assert kept["weights"] == pytest.approx(P.GAIN_WEIGHTS[3]) and kept["sigma_scale"] in search_fit.SCALES


class Recorder(Bot):
    def __init__(self, fail: bool = False):
        self.seen, self.fail = [], fail

    def choose(self, state, rng):
        self.seen.append((P.GAIN_WEIGHTS[3], P.SIGMA_SCALE[3]))
        if self.fail:
            raise RuntimeError("search failed")
        return ("done",)


def test_a_bots_weights_hold_during_its_decision_and_are_restored_after_even_on_error():
    before = P.GAIN_WEIGHTS[3], P.SIGMA_SCALE[3]
    mine = tuple(float(k) for k in range(len(before[0])))
    inner = Recorder()
    bot = search_fit.WeightedBot(inner, 3, mine, 9.5)
    bot.choose(None, random.Random(0))
    assert inner.seen == [(mine, 9.5)]
    assert (P.GAIN_WEIGHTS[3], P.SIGMA_SCALE[3]) == before
    failing = search_fit.WeightedBot(Recorder(fail=True), 3, mine, 9.5)
    with pytest.raises(RuntimeError):
        failing.choose(None, random.Random(0))
    assert (P.GAIN_WEIGHTS[3], P.SIGMA_SCALE[3]) == before
    plain = Recorder()
    search_fit.WeightedBot(plain, 3, None, None).choose(None, random.Random(0))
    assert plain.seen == [before]


def test_tally_counts_each_pair_from_the_later_seats_side():
    games = [
        {"seating": ["hard+refit", "medium", "medium+refit"], "ranks": [0, 1, 2], "scores": [30, 20, 10]},
        {"seating": ["medium", "medium+refit", "hard+refit"], "ranks": [0, 0, 2], "scores": [25, 25, 15]},
    ]
    lines = search_fit.tally(games)
    assert lines[0].startswith("medium+refit against medium: above 0, below 1, level 1:")
    assert "-5.0 ± 5.0 points" in lines[0]
    assert lines[1].startswith("hard+refit against medium: above 1, below 1, level 0:")
    assert lines[2].startswith("hard+refit against medium+refit: above 1, below 1, level 0:")
    assert "+5.0 ± 15.0 points" in lines[2]
