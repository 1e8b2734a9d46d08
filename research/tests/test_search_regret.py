"""research/search_regret.py: each budget's choice is measured against the reference search's values."""

from __future__ import annotations

import json

from boardbot.engine import registry

from research_modules import load

regret = load("search_regret")


def test_search_regret_measures_each_choice_against_the_reference():
    game = registry.get("frogriders")
    views = regret.greedy_positions(game, game.validate({}), 3)
    assert len(views) == 3 and len({json.dumps(v, sort_keys=True) for v in views}) == 3
    rows = regret.regrets(game, views, 300, ["ismcts:iterations=50", "ismcts:iterations=5"], repeats=2)
    for row in rows:
        for tries in row["specs"].values():
            assert len(tries) == 2
            assert all(t["regret"] == 0 for t in tries if t["agrees"])
    report = regret.summary(rows)
    assert report["ismcts:iterations=5"]["searches"] == 6
    for spec, figures in report.items():
        tries = [t for r in rows for t in r["specs"][spec]]
        assert figures["agrees_with_reference"] == round(sum(t["agrees"] for t in tries) / 6, 3)
        assert figures["mean_regret"] == round(sum(t["regret"] for t in tries) / 6, 5)
