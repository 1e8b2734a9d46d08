"""Every research script starts from its place as its docstring runs it (``python
research/NAME.py`` from the repository root, its siblings found by file name), and the scripts
with no test file of their own play a tiny run end to end."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from research_modules import RESEARCH, load

SCRIPTS = sorted(p.stem for p in RESEARCH.glob("*.py") if p.stem != "selfplay")  # selfplay: a helper


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_script_starts_from_the_repository_root(name):
    run = subprocess.run([sys.executable, f"research/{name}.py", "--help"], cwd=RESEARCH.parent,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: ")


def test_the_froccs_fit_reports_held_out_log_losses_for_every_player_count(capsys):
    fit = load("froccs_fit_evaluate")
    fit.main(["--games", "6"])
    report = json.loads(capsys.readouterr().out)
    assert set(report["positions"]) == {"2", "3", "4", "5", "6"}
    assert len(report["fitted_weights"]) == len(report["features"]) == len(report["policy_weights"])
    for players, losses in report["held_out_log_loss"].items():
        assert losses["uniform"] == round(math.log(int(players)), 4)


def test_the_froccs_bargaining_bench_seats_both_kinds_and_counts_the_offers(capsys):
    bargaining = load("froccs_bargaining")
    bargaining.main(["--spec", "ismcts:iterations=5,depth=20", "--games", "2", "--players", "3", "--jobs", "1"])
    [row] = json.loads(capsys.readouterr().out)
    assert row["lineup"] == ["bargain", "bargain", "no-bargain"] and row["games"] == 2
    shares = [bot["share_of_wins"] for bot in row["bots"].values()]
    assert abs(sum(shares) - 1.0) < 1e-3  # every game's victory goes to one kind or is shared


def test_the_fritanga_bench_measures_each_pairing_against_its_baseline(capsys):
    fritanga = load("fritanga_strength")
    fritanga.main(["--spec", "ismcts:iterations=5", "--games", "2", "--players", "3",
                   "--pairings", "versus,chef", "--opponents", "random", "--jobs", "1"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["pairing"] for r in results] == ["versus", "baseline", "chef"]
    assert all(r["games"] == 2 and 0 <= r["wins"] <= 2 for r in results)


def test_the_fritanga_release_sides_split_a_row_by_side_and_count_the_deals(tmp_path, capsys):
    """Two deals of a chef row: the new hard wins as the chef in both, as the foods in one."""
    fritanga = load("fritanga_strength")
    log = tmp_path / "row.jsonl"
    bots = {"new": {"cpu": 1.0, "decisions": 10, "iterations": 5000},
            "old": {"cpu": 1.0, "decisions": 10, "iterations": 2000}}
    games = [(0, 0, [0], [0], 1.0), (0, 1, [1, 2], [1, 2], 1.0), (1, 0, [0], [0], 1.0), (1, 1, [1, 2], [0], 0.0)]
    log.write_text("".join(json.dumps({
        "config": {"players": 3, "mode": "chef"}, "new_spec": "ismcts:hard", "seed": 1, "deal": deal,
        "side": side, "sides": 2, "new_seats": seats, "winners": winners, "share": share,
        "moves": 30 + deal, "error": None, **bots}) + "\n" for deal, side, seats, winners, share in games))
    assert fritanga.main(["--release-sides", str(log)]) == 0
    [row] = json.loads(capsys.readouterr().err)
    assert [s["share"] for s in row["sides"]] == [1.0, 0.5]
    assert row["sides"][0]["new"] == {"ms_per_decision": 100.0, "iterations_per_decision": 500}
    assert row["deals_won_on"] == {"both": 1, "side 0 only": 1}
    assert row["by_winners"]["0"]["games"] == 3 and row["by_winners"]["1,2"]["games"] == 1
    # paired on the same deals: a log against itself gains nothing; against the foods' loss flipped, a quarter
    base = [json.loads(line) for line in log.read_text().splitlines()]
    assert fritanga.paired_gain(base, base) == {"deals": 2, "games": 4, "gain": 0.0, "ci95": [0.0, 0.0]}
    better = [dict(r, share=1.0) for r in base]
    assert fritanga.paired_gain(base, better)["gain"] == 0.25


def test_the_budget_scaling_run_seats_both_specs_alike_and_tallies_them(tmp_path, capsys):
    scaling = load("budget_scaling")
    log = tmp_path / "scaling.jsonl"
    for field in ("mixed", "greedy"):
        assert scaling.main(["play", "--game", "frogriders", "--players", "3", "--field", field, "--specs",
                             "ismcts:iterations=2;ismcts:iterations=4", "--deals", "2", "--log", str(log)]) == 0
    games = [json.loads(line) for line in log.read_text().splitlines()]
    mixed = [g for g in games if g["field"] == "mixed"]
    greedy = [g for g in games if g["field"] == "greedy"]
    assert len(mixed) == len(greedy) == 4
    # mixed: each deal twice, the seats swapped; greedy: one searching seat, each spec once a deal
    assert [g["who"] for g in mixed[:2]] == [[0, 1, 0], [1, 0, 1]]
    assert [sorted(g["who"]) for g in greedy] == [[-1, -1, 0], [-1, -1, 1]] * 2
    assert mixed[0]["deal"] == mixed[1]["deal"] and greedy[0]["deal"] == greedy[1]["deal"]
    capsys.readouterr()
    assert scaling.main(["tally", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    # each spec's share against the greedy seats, the second's paired gain, and the mixed table's comparisons
    assert len(out) == 4 and sum("of the greedy seats" in line for line in out) == 2
    assert any("ismcts:iterations=4 against ismcts:iterations=2, 2 deals: gain" in line for line in out)
    assert sum("of the decided comparisons" in line for line in out) == 1


def test_a_budget_scaling_run_started_again_resumes_its_log(tmp_path, capsys):
    """A run stopped mid-deal and started again plays only the games its log lacks, the same
    games as one run through (iteration budgets are deterministic); trees run in this process."""
    scaling = load("budget_scaling")
    args = ["play", "--game", "frogriders", "--players", "3", "--specs",
            "ismcts:iterations=2;ismcts:iterations=4,workers=2", "--deals", "2"]
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    assert scaling.main([*args, "--log", str(whole)]) == 0
    lines = whole.read_text().splitlines()
    assert len(lines) == 4
    resumed.write_text(lines[0] + "\n")  # stopped after the first deal's first game
    capsys.readouterr()
    assert scaling.main([*args, "--log", str(resumed)]) == 0
    played = [line for line in capsys.readouterr().out.splitlines() if line.startswith("deal ")]
    assert len(played) == 3
    assert resumed.read_text().splitlines() == lines


def test_the_budget_scaling_tally_reads_a_ladder_log_pair_by_pair(tmp_path, capsys):
    """A ``bench/ladder.py --log`` on shared deals tallies as mixed games, one line for each pair
    of bots: a game's seed is its deal, its seating says which bot sat where; a game seating
    three bots is left out."""
    scaling = load("budget_scaling")
    log = tmp_path / "ladder.jsonl"
    bots = ["greedy", "ismcts:iterations=2", "ismcts:iterations=4"]
    games = [  # deal 7: the 4 iterations first in both seatings; deal 8: the seat wins, the deal is level
        {"seating": [1, 2], "ranks": [1, 0], "deal": 7}, {"seating": [2, 1], "ranks": [0, 1], "deal": 7},
        {"seating": [1, 2], "ranks": [0, 1], "deal": 8}, {"seating": [2, 1], "ranks": [0, 1], "deal": 8},
        {"seating": [1, 0], "ranks": [0, 1], "deal": 9}, {"seating": [0, 1], "ranks": [1, 0], "deal": 9},
        {"seating": [0, 1, 2], "ranks": [0, 1, 2], "deal": 10},
    ]
    log.write_text("".join(json.dumps({"game": "froccs", "config": {"players": len(g["seating"])}, "bots": bots,
                                       **g}) + "\n" for g in games))
    assert scaling.main(["tally", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    [deeper] = [line for line in out if line.startswith("ismcts:iterations=4 against ismcts:iterations=2 ")]
    assert "(froccs, 2 players, 2 deals, 4 games): above 3, below 1, level 0: 0.750" in deeper
    assert deeper.endswith("deals ahead 1, level 1, behind 0")
    [greedy] = [line for line in out if line.startswith("ismcts:iterations=2 against greedy ")]
    assert "1 deals, 2 games): above 2, below 0" in greedy
