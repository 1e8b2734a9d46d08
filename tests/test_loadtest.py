"""boardbot loadtest: a few seconds against a real server, and in process.

The server is `boardbot serve` as a process on a free loopback port (as in
test_external.py), so the load tester also finds it by its port and reports
its CPU.
"""

import json
import math
import os
import random
import signal
import socket
import subprocess

import numpy as np
import pytest

from boardbot.ai.stats import percentile
from boardbot.tools.loadtest import procstat, stats
from boardbot.tools.loadtest.scenarios import ScenarioError, build, split_bot_specs
from boardbot.tools.cli import main as boardbot_main
from test_external import ROOT, ServeProcess, boardbot_command, free_port, process_env

KEYS = ("p50_ms", "p90_ms", "p95_ms", "p99_ms", "max_ms")


class QuietServe(ServeProcess):
    """`boardbot serve` with its log (a JSON line per call: many under load) in a file, not a pipe
    that nobody reads while the load runs."""

    def __init__(self, log_path):
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen(boardbot_command() + ["serve", "--address", self.address], cwd=ROOT,
                                     env=process_env(), stdout=subprocess.DEVNULL, stderr=self.log)
        self.wait_serving()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(20)
        self.log.close()


@pytest.fixture(scope="module")
def serving(tmp_path_factory):
    proc = QuietServe(tmp_path_factory.mktemp("serve") / "serve.log")
    yield proc
    proc.stop()


def loadtest(tmp_path, *args, timeout=120):
    out_json, out_html = tmp_path / "report.json", tmp_path / "report.html"
    result = subprocess.run(boardbot_command() + ["loadtest", *args, "--json-out", str(out_json),
                                                  "--html-out", str(out_html)],
                            capture_output=True, text=True, cwd=ROOT, env=process_env(), timeout=timeout)
    assert result.returncode == 0, result.stderr
    return result, json.loads(out_json.read_text()), out_html.read_text()


def check_run(run, calls=("CreateGame", "GetView", "SubmitMove")):
    assert run["errors"]["total"] == 0, run["errors"]
    for name in calls:
        c = run["calls"][name]
        assert c["count"] > 0, name
        values = [c[k] for k in KEYS]
        assert values == sorted(values), (name, values)  # p50 <= p90 <= p95 <= p99 <= max
        assert c["min_ms"] <= c["p50_ms"]
    for name, c in run["calls"].items():
        if c.get("count"):
            assert [c[k] for k in KEYS] == sorted(c[k] for k in KEYS), name
    assert run["throughput"]["moves_per_s"] > 0
    assert run["games"]["finished"] > 0
    assert sum(run["histograms"]["SubmitMove"]["counts"]) == run["calls"]["SubmitMove"]["count"]


def test_closed_loop_against_a_real_server(serving, tmp_path):
    result, doc, page = loadtest(
        tmp_path, "--target", serving.address, "--game", "frogriders", "--game", "frogriders",
        "--config", '{"players": 2}', "--config", '{"players": 3}', "--bots", "random", "--clients", "4",
        "--duration", "3", "--wait", "watch", "--bot-budget", "0.5")
    run = doc["runs"][0]
    check_run(run, calls=("CreateGame", "GetView", "SubmitMove", "DeleteGame", "bot move"))
    assert run["mode"] == "grpc" and run["load"]["model"] == "closed" and run["load"]["clients"] == 4
    assert 2.5 <= run["window"]["seconds"] <= 3.5
    # the server's own bot moves, timed from the watch stream's event times
    bot_moves = run["ai"]["bot_moves"]
    assert bot_moves["latency"]["count"] > 0 and bot_moves["budget_ms"] == 500
    assert 0 <= bot_moves["over_budget"]["fraction"] <= 1
    # the server was found by its port; its CPU and the generator's are measured
    assert run["cpu"]["server"]["pids"] == [serving.proc.pid]
    assert run["cpu"]["server"]["cores"] > 0 and run["cpu"]["generator"]["cores"] > 0
    assert {s["players"] for s in run["scenarios"]} == {2, 3}
    assert "loadtest [" in result.stderr  # the progress bar
    assert "SubmitMove" in result.stdout
    assert page.startswith("<!doctype html>") and page.count("<svg") >= 4
    assert "Latency histogram" in page and "Latency over time" in page


def test_open_loop_for_a_number_of_games_in_two_processes(serving, tmp_path):
    _, doc, _ = loadtest(tmp_path, "--target", serving.address, "--game", "frogriders", "--rate", "20",
                         "--games", "8", "--processes", "2", "--quiet")
    run = doc["runs"][0]
    check_run(run)
    assert run["load"]["model"] == "open" and run["cpu"]["generator"]["processes"] == 2
    assert run["games"]["finished"] == 8 and run["calls"]["CreateGame"]["count"] == 8
    intended = run["calls"]["CreateGame from intended start"]
    assert intended["count"] == 8 and intended["p50_ms"] >= run["calls"]["CreateGame"]["min_ms"]


def test_suggest_moves_and_views_from_the_stream(serving, tmp_path):
    # whatever the server answers to SuggestMove (errors are counted by status code), the game goes on
    _, doc, _ = loadtest(tmp_path, "--target", serving.address, "--game", "frogriders", "--clients", "2",
                         "--games", "2", "--moves", "suggest", "--suggest-bot", "random", "--budget", "0.05",
                         "--views", "stream", "--quiet")
    run = doc["runs"][0]
    assert run["games"]["finished"] == 2
    assert "GetView" not in run["calls"] and run["calls"]["WatchGame view"]["count"] > 0
    assert run["throughput"]["stream_messages_per_s"] > 0
    suggest = run["calls"]["SuggestMove"]
    assert suggest["count"] > 0 or set(run["errors"]["by_call"]) == {"SuggestMove"}
    assert "suggest" in run["ai"] and run["ai"]["suggest"]["budget_ms"] == 50


def test_a_wrong_scenario_or_target_stops_before_the_load(serving, tmp_path):
    for args in (["--target", serving.address, "--game", "no-such-game"],
                 ["--target", serving.address, "--game", "frogriders", "--bots", "no-such-bot"],
                 ["--in-process", "--game", "frogriders", "--config", '{"players": 99}']):
        result = subprocess.run(boardbot_command() + ["loadtest", *args, "--duration", "1", "--quiet"],
                                capture_output=True, text=True, cwd=ROOT, env=process_env(), timeout=60)
        assert result.returncode == 2, result.stderr
        assert "boardbot loadtest:" in result.stderr and "Traceback" not in result.stderr


def test_in_process(tmp_path, capsys):
    out_json, out_html = tmp_path / "in.json", tmp_path / "in.html"
    code = boardbot_main(["loadtest", "--in-process", "--game", "frogriders", "--game", "czech-pub",
                          "--config", "{}", "--config", '{"players": 3}', "--clients", "3", "--duration", "2",
                          "--moves", "suggest", "--suggest-bot", "greedy", "--budget", "0.01",
                          "--suggest-fraction", "0.5", "--wait", "watch",
                          "--json-out", str(out_json), "--html-out", str(out_html)])
    assert code == 0
    doc = json.loads(out_json.read_text())
    run = doc["runs"][0]
    # the calls go through the game master (the server's logic without gRPC): the same calls as over
    # gRPC, DeleteGame included, and the bot seats' moves timed from the master's WatchGame events
    check_run(run, calls=("CreateGame", "GetView", "SubmitMove", "SuggestMove", "DeleteGame", "bot move"))
    assert run["mode"] == "in-process" and run["errors"]["total"] == 0
    assert "WatchGame event time" in run["ai"]["bot_moves"]["measured"]
    assert run["ai"]["suggest"]["over_budget"]["fraction"] <= 1
    # the AI's latency over its think budget is an entry of its own, named as the Locust players name it
    over = run["calls"]["SuggestMove over budget"]
    assert over["count"] == run["calls"]["SuggestMove"]["count"] and over["min_ms"] >= 0
    assert over["max_ms"] == pytest.approx(max(0.0, run["ai"]["suggest"]["over_budget"]["max_excess_ms"]), abs=1e-3)
    assert {s["game"] for s in run["scenarios"]} == {"frogriders", "czech-pub"}
    assert "<svg" in out_html.read_text()
    assert "in process" in capsys.readouterr().out


# --- the parts ----------------------------------------------------------------------
def test_percentiles_are_nearest_rank_order_statistics():
    rng = random.Random(3)
    samples = np.array([rng.lognormvariate(-6, 1) for _ in range(10_001)])
    got = stats.percentiles(samples)
    ordered = np.sort(samples)
    for q in (50, 90, 95, 99):
        rank = math.ceil(q / 100 * len(ordered))  # the smallest sample with >= q% at or below it
        assert got[f"p{q}_ms"] == round(ordered[rank - 1] * 1000, 4)
    assert got["max_ms"] == round(ordered[-1] * 1000, 4) and got["count"] == len(samples)
    hist = stats.histogram(samples)
    assert sum(hist["counts"]) == len(samples) and len(hist["edges_ms"]) == len(hist["counts"]) + 1


def test_the_figures_are_those_the_code_before_the_shared_percentile_function_computed():
    # tests/data/loadtest_samples.json: samples of a real run and what the hand-written percentile code
    # computed from them (the report's percentiles and timeline, the server's serving stats), recorded
    # before they all moved to boardbot.ai.stats.percentile
    recorded = json.loads((ROOT / "tests" / "data" / "loadtest_samples.json").read_text())
    end, width = recorded["timeline"]["end_s"], recorded["timeline"]["bucket_s"]
    assert len(recorded["calls"]) >= 5
    for name, call in recorded["calls"].items():
        sent, lat = np.array(call["send_s"]), np.array(call["latency_s"])
        assert stats.percentiles(lat) == call["percentiles"], name
        assert stats.timeline(sent, lat, 0.0, end, width) == call["timeline"], name
        for q, value in call["server_pct"].items():
            assert percentile(list(lat), float(q) * 100, empty=0.0) == value, (name, q)


def test_samples_merge_across_recorders_and_windows():
    a, b = stats.Recorder(0.0), stats.Recorder(0.0)
    for i in range(10):
        a.ok("GetView", i, 0.001 * (i + 1))
        b.ok("GetView", i + 0.5, 0.002)
    b.error("SubmitMove", "ABORTED", 3.0)
    b.error("SubmitMove", "ABORTED", 8.0)
    merged = stats.Merged([a.export(), b.export()])
    assert merged.lats["GetView"].size == 20
    win = merged.window(2.0, 5.0)
    assert win.lats["GetView"].size == 6 and win.errors() == {"SubmitMove": {"ABORTED": 1}}


def test_scenarios_from_the_command_line():
    assert split_bot_specs("random,greedy") == ["random", "greedy"]
    assert split_bot_specs("ismcts:iterations=2000,c=0.7,random") == ["ismcts:iterations=2000,c=0.7", "random"]
    assert split_bot_specs("a;b") == ["a", "b"]
    one, two = build(["g1", "g2"], ['{"players": 3}'], ["random"])
    assert one.seat_specs(0) == [None, "random", "random"] and two.config == {"players": 3}
    s, = build(["g"], None, ["random,greedy"])
    assert s.players == 3 and s.seat_specs(1) == ["random", None, "greedy"]
    solo, = build(["g"], ['{"players": 1}'], None)
    assert solo.seat_specs(0) == [None]
    with pytest.raises(ScenarioError):
        build(["g1", "g2", "g3"], ["{}", "{}"], None)
    with pytest.raises(ScenarioError):
        build(["g"], ['{"players": 4}'], ["random,greedy"])


def test_the_listening_process_is_found_by_its_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        assert procstat.find_listeners(s.getsockname()[1]) == [os.getpid()]
    assert procstat.is_local("127.0.0.1") and procstat.is_local("localhost")
    assert procstat.ProcessCPU([os.getpid()]).read() > 0


def test_paced_clients_with_one_call_per_move(serving, tmp_path):
    _, doc, _ = loadtest(tmp_path, "--target", serving.address, "--game", "frogriders", "--clients", "8",
                         "--move-rate", "200", "--submit-view", "next", "--duration", "3", "--warmup", "0.5",
                         "--quiet", "--also-in-process")
    for run in doc["runs"]:
        check_run(run, calls=("CreateGame", "GetView", "SubmitMove", "SubmitMove from intended send"))
        assert run["load"]["move_rate_per_s"] == 200 and run["load"]["submit_view"] == "next"
        calls = run["calls"]
        # the schedule holds the rate (the server keeps up easily at 200/s) ...
        assert 120 <= calls["SubmitMove"]["per_s"] <= 230, calls["SubmitMove"]
        # ... one GetView per game (its first view), the rest come with the moves
        assert calls["GetView"]["count"] <= calls["CreateGame"]["count"] + 8
        # latency from the intended send time includes the time from the send
        assert calls["SubmitMove from intended send"]["max_ms"] >= calls["SubmitMove"]["min_ms"]
        assert calls["SubmitMove send lag"]["count"] == calls["SubmitMove"]["count"]
        assert calls["SubmitMove from intended send"]["count"] == calls["SubmitMove"]["count"]


def test_a_busy_generator_beside_the_server_is_pointed_out():
    from boardbot.tools.loadtest import report

    busy = {"machine_cores": 2, "generator": {"cores": 0.51}, "server": {"cores": 1.23}}
    light = {"machine_cores": 2, "generator": {"cores": 0.13}, "server": {"cores": 1.86}}
    remote = {"machine_cores": 2, "generator": {"cores": 0.9}, "server": {"note": "not measured"}}
    assert "native generator" in report._generator_note(busy)[0]
    assert report._generator_note(light) == [] and report._generator_note(remote) == []
