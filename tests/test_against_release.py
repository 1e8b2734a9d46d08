"""bench/against_release.py: the release's bot in a child process, spoken to in JSON lines.

The release checkout is not part of a clone, so the worker runs here against this checkout
(its own Python, this repository as ``--release``), which must agree with itself: the same
seed deals the same game in both processes, a short game between two small searches is played
through the real child process, a disagreement ends the game as an error and a failing worker
stops the run with its error. Then the log, the table and the argument checks.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from boardbot.engine import registry

from bench_modules import load

ROOT = Path(__file__).resolve().parent.parent
against = load("against_release")
table_sides = load("strength_table").sides_of
SMALL = "ismcts:iterations=30"


@pytest.fixture(scope="module")
def worker():
    with against.ReleaseWorker(str(ROOT), sys.executable) as w:
        yield w


def test_the_worker_answers_from_the_checkout_it_was_given(worker):
    assert worker.hello["root"] == str(ROOT.resolve())
    assert worker.hello["games"] == list(registry.names())


@pytest.mark.parametrize("name", registry.names())
def test_the_same_seed_deals_the_same_game_in_both_processes(worker, name):
    report = against.check_deals(worker, name, 6, seed=3)
    assert report["disagreements"] == []
    assert report["moves"] > 6  # every move went through the worker's checks


def test_a_short_game_is_played_through_the_child_process(worker):
    cfg = registry.get("frogriders").validate({"players": 2})
    mean = against.RunningMean(None)
    r = against.play_game("frogriders", cfg, 11, [1], SMALL, SMALL, worker, mean, "cpu")
    assert r["error"] is None
    assert r["moves"] > 20 and len(r["ranks"]) == 2 and r["share"] in (0.0, 0.5, 1.0)
    for side in ("new", "old"):
        assert r[side]["decisions"] > 5 and r[side]["cpu"] > 0
        assert r[side]["iterations"] <= 30 * r[side]["decisions"]
    assert r["new"]["iterations"] == 30 * r["new"]["decisions"]
    assert mean.count == r["new"]["decisions"]  # the release bot's budget follows the new bot's time
    assert r["old"]["budget"] > 0


@pytest.mark.parametrize("name, settings", [("czech-pub", {}), ("fritanga", {"mode": "teams"})])
def test_at_three_players_the_worker_plays_every_seat_of_the_other_sides(worker, name, settings):
    cfg = registry.get(name).validate({"players": 3, **settings})
    sides = table_sides(name, cfg)
    new_seats = sides[0]  # Fritanga's teams at three: seats 0 and 2 against seat 1
    r = against.play_game(name, cfg, 8, new_seats, "ismcts:iterations=8", "ismcts:iterations=8", worker,
                          against.RunningMean(None), "cpu")
    assert r["error"] is None and len(r["ranks"]) == 3
    assert r["new"]["decisions"] > 0 and r["old"]["decisions"] > 0
    assert r["share"] == sum(1 for w in r["winners"] if w in new_seats) / len(r["winners"])


def test_a_disagreement_ends_the_game_and_the_worker_carries_on(worker):
    cfg = registry.get("froccs").validate({"players": 2})
    state = registry.get("froccs").new_state(cfg, 5)
    worker.request({"op": "new", "game": "froccs", "config": cfg, "seed": 5, "spec": SMALL, "seats": [0, 1]})
    legal = [state.move_text(m) for m in state.legal_moves()]
    with pytest.raises(against.Disagreement, match="legal moves differ"):
        worker.request({"op": "play", "decider": state.decider(), "legal": legal[:-1], "move": legal[0]})
    worker.request({"op": "new", "game": "froccs", "config": cfg, "seed": 5, "spec": SMALL, "seats": [0, 1]})
    with pytest.raises(against.Disagreement, match="not a legal move"):
        worker.request({"op": "play", "decider": state.decider(), "legal": legal, "move": "no such move"})
    worker.request({"op": "new", "game": "froccs", "config": cfg, "seed": 6, "spec": SMALL, "seats": [0, 1]})
    with pytest.raises(against.Disagreement, match="not over"):
        worker.request({"op": "end", "scores": [0, 0], "ranks": [0, 0]})
    assert against.check_deals(worker, "froccs", 1, seed=1)["disagreements"] == []


def test_a_failing_worker_stops_the_run_with_its_error(worker, tmp_path):
    with pytest.raises(against.WorkerError, match="unknown op"):
        worker.request({"op": "nothing"})
    worker.request({"op": "hello"})  # an error of one request leaves the worker running
    (tmp_path / "engine").mkdir()
    (tmp_path / "ai").mkdir()
    with pytest.raises(against.WorkerError, match="not from"):
        against.ReleaseWorker(str(tmp_path), sys.executable)  # boardbot is this checkout's, not that folder's


def test_a_row_is_logged_and_resumes(worker, tmp_path):
    log = str(tmp_path / "row.jsonl.gz")
    cfg = registry.get("frogriders").validate({"players": 2})
    first = against.run_row("frogriders", cfg, 1, 4, worker, SMALL, SMALL, "cpu", log, "cmd", str(ROOT))
    assert [(r["d"], r["side"], r["new_seats"]) for r in first] == [(0, 0, [0]), (0, 1, [1])]
    assert first[0]["deal"] == first[1]["deal"]  # duplicate deals: the same deal, seats swapped
    again = against.run_row("frogriders", cfg, 1, 4, worker, SMALL, SMALL, "cpu", log, "cmd", str(ROOT))
    assert again == first  # nothing left to play
    with open(log, "ab") as f:  # a run stopped while writing: a record cut short
        f.write(gzip.compress(b'{"game": "frogriders"}\n')[:12])
    assert against.read_log(log) == first
    row, = against.summarise(against.read_log(log), samples=50)
    assert row["games"] == 2 and row["deals"] == 1 and row["verdict"] == "too few deals"
    assert row["target"] == 0.7 and row["new"]["iterations_per_decision"] == 30


def test_three_player_sides_rotate_and_the_target_is_a_multiple_of_the_fair_share():
    records = []
    for d in range(12):
        for side in range(3):
            records.append({"game": "czech-pub", "config": {"players": 3}, "new_spec": "a", "old_spec": "b",
                            "deal": d, "side": side, "sides": 3, "error": None, "share": 1.0 if side < 2 else 0.0,
                            "new": {"cpu": 1.0, "decisions": 2, "iterations": 10},
                            "old": {"cpu": 2.0, "decisions": 4, "iterations": 8, "budget": 2.0}})
    row, = against.summarise(records, samples=100)
    assert row["share"] == pytest.approx(2 / 3, abs=1e-3) and row["ci95"] == [0.667, 0.667]
    assert row["target"] == pytest.approx(1.3 / 3, abs=1e-3) and row["verdict"] == "met"
    assert row["new"]["ms_per_decision"] == 500.0 and row["old"]["ms_per_decision"] == 500.0
    assert row["old"]["budget_ms_per_decision"] == 500.0
    assert "| czech-pub | 3 |" in against.markdown([row])


def test_a_candidate_is_paired_with_a_baseline_on_the_games_both_played(tmp_path, capsys):
    """``--paired-with``: the gain is over the same deals and sides only, resampled by deal."""
    def game(spec, d, side, share):
        return {"game": "czech-pub", "config": {"players": 3}, "new_spec": spec, "old_spec": "b", "deal": 100 + d,
                "d": d, "side": side, "sides": 3, "error": None, "share": share,
                "new": {"cpu": 1.0, "decisions": 2, "iterations": 10}, "old": {"cpu": 1.0, "decisions": 2, "iterations": 5}}
    base = [game("hard", d, s, 1.0 if s == 0 else 0.0) for d in range(12) for s in range(3)]
    # the candidate wins one more side in every deal, and played a deal the baseline did not
    cand = [game("cand", d, s, 1.0 if s < 2 else 0.0) for d in range(13) for s in range(3)]
    gain, = against.paired(cand, base + [dict(base[0], error="x", deal=112, d=12)], samples=100)
    assert gain["new_spec"] == "cand" and gain["games"] == 36 and gain["deals"] == 12
    assert gain["gain"] == pytest.approx(1 / 3, abs=1e-3) and gain["ci95"] == [0.333, 0.333]
    logs = [tmp_path / "base.jsonl.gz", tmp_path / "cand.jsonl.gz"]
    for path, records in zip(logs, (base, cand)):
        for r in records:
            against.append_log(str(path), r)
    assert against.main(["--rate-log", str(logs[1]), "--paired-with", str(logs[0])]) == 0
    assert "| czech-pub | 3 | `cand` | 36 | 12 | +0.333 (+0.333 to +0.333) |" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    ([], "give one of"),
    (["--game", "frogriders", "--check-deals", "3"], "give one of"),
    (["--game", "chess"], "unknown"),
    (["--game", "frogriders", "--deals", "0"], "--deals must be at least 1"),
    (["--game", "frogriders", "--new", "greedy"], "--new"),
    (["--game", "frogriders", "--old", "greedy"], "--old"),
    (["--game", "frogriders", "--log", "x.jsonl"], "gzip"),
    (["--check-deals", "-1"], "at least 0"),
    (["--check-deals", "2", "--games", "chess"], "unknown"),
])
def test_the_arguments_are_checked(argv, message, capsys):
    with pytest.raises(SystemExit):
        against.parse_args([*argv, "--release", str(ROOT), "--release-python", sys.executable])
    assert message in capsys.readouterr().err


def test_a_release_that_is_not_a_checkout_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        against.parse_args(["--game", "frogriders", "--release", str(tmp_path)])
    assert "not a boardbot checkout" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        against.parse_args(["--game", "frogriders", "--release", str(ROOT), "--release-python", str(tmp_path / "py")])
    assert "not an executable" in capsys.readouterr().err


def test_the_rate_log_prints_the_table(tmp_path, capsys):
    log = tmp_path / "x.jsonl.gz"
    record = {"game": "froccs", "config": {"players": 2}, "new_spec": "a", "old_spec": "b", "deal": 1, "side": 0,
              "sides": 2, "error": "the decider is 1, the controller's 0", "new": {}, "old": {}}
    against.append_log(str(log), record)
    assert against.main(["--rate-log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "| froccs | 2 |" in out and out.strip().endswith("| 1 |")  # the game that ended as an error
    assert json.loads(gzip.decompress(log.read_bytes())) == record
