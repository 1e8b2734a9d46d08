"""research/tune.py: a candidate is the reference spec with one point of the space; an
evaluation is one deal with the candidate in each seat in turn; a run started again resumes its
log and asks for the same candidates; a candidate over the CPU limit is told 0; the summary's
intervals resample deals."""

from __future__ import annotations

import json

import pytest

from research_modules import load

REFERENCE = "ismcts:iterations=4,c=0.7,bias=3"
REF = "ismcts:iterations=4,c=0.7,bias=3.0"  # as the spec language spells it
SPACE = "c=0.7,0.35,1.4;bias=3,0"  # the first values: the reference's own search


def run(tune, log, *extra, evaluations=5):
    return tune.main(["search", "--game", "frogriders", "--players", "3", "--reference", REFERENCE,
                      "--space", SPACE, "--evaluations", str(evaluations), "--startup", "2", "--seed", "40",
                      "--log", str(log), "--max-cpu", "100", *extra])


def lines(log):
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_a_candidate_is_the_reference_with_the_points_settings():
    tune = load("tune")
    assert tune.candidate_spec("ismcts:hard,c=0.5,depth=7", {"c": "1.0", "bias": "0"}) == \
        "ismcts:hard,c=1.0,depth=7,bias=0.0"
    assert tune.parse_space("c=0.7,1.0; opponents=maxn,policy") == {"c": ["0.7", "1.0"],
                                                                     "opponents": ["maxn", "policy"]}
    for bad in ("c", "c=", "c=1;c=2", ""):
        with pytest.raises(ValueError):
            tune.parse_space(bad)


def test_each_evaluation_is_one_deal_with_the_candidate_in_every_seat(tmp_path, capsys):
    tune = load("tune")
    log = tmp_path / "search.jsonl"
    assert run(tune, log) == 0
    games = [g for g in lines(log) if g["kind"] == "game"]
    evaluations = [e for e in lines(log) if e["kind"] == "evaluation"]
    assert [e["evaluation"] for e in evaluations] == list(range(5))
    assert [e["deal"] for e in evaluations] == [40, 41, 42, 43, 44]
    assert evaluations[0]["point"] == {"c": "0.7", "bias": "3"}  # the search starts from --start (the first values)
    for e in evaluations:
        mine = [g for g in games if g["evaluation"] == e["evaluation"]]
        assert sorted(g["seat"] for g in mine) == [0, 1, 2] and {g["deal"] for g in mine} == {e["deal"]}
        assert all(g["candidate"] == e["candidate"] and g["decisions"][0] > 0 and g["cpu"][1] > 0 for g in mine)
        points = sum(tune.comparisons(g)[0] for g in mine)
        assert e["score"] == pytest.approx(points / 6, abs=1e-6) and e["told"] == e["score"]
    # the start is the reference's own search: every seat plays alike, so each deal's score is exactly level
    assert evaluations[0]["score"] == 0.5
    out = capsys.readouterr().out
    assert "[5/5" in out and f"search: frogriders at 3 players, against {REF}: 5 evaluations" in out


def test_a_run_started_again_plays_what_its_log_lacks_and_asks_for_the_same_candidates(tmp_path, capsys):
    tune = load("tune")
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    assert run(tune, whole, evaluations=6) == 0
    kept = whole.read_text().splitlines()
    resumed.write_text("\n".join(kept[:14]) + "\n")  # stopped after three deals and one game of the fourth
    capsys.readouterr()
    assert run(tune, resumed, evaluations=6) == 0
    assert capsys.readouterr().out.count("] deal ") == 3

    def moves(path):  # CPU times differ from run to run; the games and the candidates do not
        return [{k: v for k, v in line.items() if k not in ("cpu", "cpu_ratio")} for line in lines(path)]
    assert moves(resumed) == moves(whole)


def test_a_candidate_over_the_cpu_limit_is_told_a_score_of_nothing(tmp_path):
    tune = load("tune")
    log = tmp_path / "search.jsonl"
    assert run(tune, log, "--max-cpu", "0", evaluations=3) == 0
    evaluations = [e for e in lines(log) if e["kind"] == "evaluation"]
    assert all(e["rejected"] and e["told"] == 0.0 and e["cpu_ratio"] > 0 for e in evaluations)


def test_confirm_plays_one_spec_and_the_summary_resamples_its_deals(tmp_path, capsys):
    tune = load("tune")
    log = tmp_path / "confirm.jsonl"
    assert tune.main(["confirm", "--game", "frogriders", "--players", "3", "--reference", REFERENCE,
                      "--candidate", "ismcts:iterations=8", "--deals", "10", "--seed", "70", "--log", str(log),
                      "--max-cpu", "100"]) == 0
    evaluations = [e for e in lines(log) if e["kind"] == "evaluation"]
    assert [e["deal"] for e in evaluations] == list(range(70, 80))
    capsys.readouterr()
    assert tune.main(["summary", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"confirm: frogriders at 3 players, against {REF}: 10 evaluations (deals), 30 games" in out
    assert f"ismcts:iterations=8 against {REF}, 10 deals, 30 games: comparisons" in out
    share, low, high = tune.interval([(1.0, 2), (2.0, 2), (0.0, 2), (2.0, 2)], samples=500)
    assert share == 0.625 and 0 <= low <= share <= high <= 1
