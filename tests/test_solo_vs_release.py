"""bench/solo_vs_release.py: its arguments, the clock it sets, its pairing of two bots' solo
games, and one tiny run end to end on this checkout (the figures: research/notes/solo-scores.md)."""

from __future__ import annotations

import gzip
import json
import time

import pytest

from bench_modules import BENCH, load

solo = load("solo_vs_release")


def test_play_passes_the_rest_on_in_one_process():
    args, rest = solo.play_args(["--clock", "cpu", "--games", "3", "--bots", "ismcts:hard", "--", "--seed", "2"])
    assert args.clock == "cpu" and args.checkout == str(BENCH.parent)
    assert rest == ["--games", "3", "--bots", "ismcts:hard", "--seed", "2", "--jobs", "1"]
    assert solo.play_args(["--jobs", "1"])[1] == ["--jobs", "1"]
    assert solo.play_args(["--jobs=1"])[1] == ["--jobs=1"]


@pytest.mark.parametrize("argv", [["--jobs", "2"], ["--jobs=2"], ["--games", "4", "--jobs", "0"]])
def test_play_refuses_more_than_one_job(argv):
    with pytest.raises(SystemExit, match="--jobs 1 only"):
        solo.play_args(argv)


def test_play_refuses_a_checkout_without_the_bench(tmp_path):
    with pytest.raises(SystemExit, match="no bench/solo_scores.py"):
        solo.play_args(["--checkout", str(tmp_path)])
    with pytest.raises(SystemExit):
        solo.play_args(["--clock", "sundial"])


def test_the_clocked_time_module_reads_monotonic_on_the_clock_given():
    shim = solo.clocked_time_module(time.thread_time)
    assert shim.monotonic is time.thread_time
    assert shim.perf_counter is time.perf_counter and shim.sleep is time.sleep


def rows(bot, code, scores, cpu=1.0, searched=10, project="easy"):
    return [{"project": project, "bot": bot, "code": code, "seed": 100 + g, "score": s, "cpu_seconds": cpu,
             "searched": searched, "iterations": 1000} for g, s in enumerate(scores)]


def test_compare_pairs_the_games_both_bots_played_on_the_same_seeds():
    new = rows("ismcts:hard", "abc", [20, 22, 24, 26])
    old = rows("ismcts:time=0.1", "917", [18, 21, 21], cpu=0.5)  # no game on seed 103
    [row] = solo.compare(new + old)  # by default: the first two commits, whichever spec each played
    a, b = "ismcts:hard@abc", "ismcts:time=0.1@917"
    assert [c["bot"] for c in row["bots"]] == [a, b]
    assert row["bots"][0]["games"] == 4 and row["bots"][0]["mean"][0] == pytest.approx(23.0)
    assert row["bots"][0]["cpu_ms_per_search"] == 100.0 and row["bots"][1]["cpu_ms_per_search"] == 50.0
    assert row["bots"][1]["iterations_per_search"] == 100
    assert row["paired"] == 3
    mean, low, high = row["difference"]  # differences 2, 1, 3: mean 2, sd 1, t(2) = 4.303
    assert mean == pytest.approx(2.0) and high - mean == pytest.approx(4.303 / 3 ** 0.5, abs=1e-3)
    assert low < mean < high
    [swapped] = solo.compare(new + old, [b, a])
    assert swapped["difference"][0] == pytest.approx(-2.0)
    assert solo.compare(new + old, ["@917", "@abc"])[0]["difference"][0] == pytest.approx(-2.0)
    assert f"| easy | `{a}` | 4 | 23.00 [" in solo.markdown([row])
    with pytest.raises(SystemExit, match="two bots"):
        solo.compare(new + old, [a, "random@abc"])


def test_compare_takes_each_projects_own_spec_of_a_commit_and_refuses_two():
    new = rows("ismcts:hard", "abc", [20, 22]) + rows("ismcts:hard", "abc", [10, 12], project="expert")
    old = rows("ismcts:time=0.3", "917", [19, 20]) + rows("ismcts:time=0.2", "917", [9, 9], project="expert")
    easy, expert = solo.compare(new + old)
    assert (easy["project"], easy["bots"][1]["bot"]) == ("easy", "ismcts:time=0.3@917")
    assert (expert["project"], expert["bots"][1]["bot"]) == ("expert", "ismcts:time=0.2@917")
    assert expert["difference"][0] == pytest.approx(2.0)
    with pytest.raises(SystemExit, match="name one"):
        solo.compare(new + old + rows("ismcts:time=0.9", "917", [1, 2]))


def test_compare_reads_plain_and_gzipped_logs(tmp_path):
    plain, packed = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz"
    plain.write_text("".join(json.dumps(r) + "\n" for r in rows("x", "1", [1, 2])))
    with gzip.open(packed, "wt") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows("y", "2", [3, 5]))
    [row] = solo.compare(solo.read_logs([str(plain), str(packed)]))
    assert row["difference"][0] == pytest.approx(-2.5)


def test_one_solo_game_on_a_cpu_clock_logs_what_it_spent(tmp_path, capsys):
    log = tmp_path / "solo.jsonl"
    assert solo.main(["play", "--games", "1", "--projects", "easy", "--bots", "ismcts:time=0.005",
                      "--log", str(log)]) == 0
    [record] = solo.read_logs([str(log)])
    assert record["clock"] == "cpu" and record["code"] and record["searched"] > 0
    assert record["iterations"] > 0 and 0 <= record["score"] <= 40
    # each searching decision spent its 5 ms of thread CPU time, and not much more
    assert 0.005 * record["searched"] <= record["cpu_seconds"] <= 0.005 * record["searched"] + 2.0
    report = json.loads(capsys.readouterr().out)
    assert report["results"][0]["games"] == 1
