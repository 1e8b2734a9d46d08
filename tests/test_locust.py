"""boardbot's simulated players on Locust (boardbot.tools.loadtest.locust, examples/locustfile.py):
a real `boardbot serve`, a Locust master and two Locust workers, each a process of its own on
loopback, play a short headless load; Locust's own CSV then says what was played. And the same
players against a server with mutual TLS."""

import csv
import subprocess
import sys

import pytest

from tests.test_external import ROOT, free_port, process_env
from tests.test_loadtest import QuietServe
from tests.test_tls import TlsServe, certs  # noqa: F401 - the certificates fixture

LOCUSTFILE = ROOT / "examples" / "locustfile.py"
RPCS = ("CreateGame", "GetView", "SubmitMove", "SuggestMove", "DeleteGame")


def locust(tmp_path, name: str, *args) -> subprocess.Popen:
    """``locust -f examples/locustfile.py ARGS``, its log in tmp_path/NAME.log."""
    log = open(tmp_path / f"{name}.log", "w")
    return subprocess.Popen([sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), *args], cwd=ROOT,
                            env=process_env(), stdout=log, stderr=subprocess.STDOUT)


def stats(tmp_path) -> dict[tuple[str, str], dict]:
    """Locust's run_stats.csv: (type, name) -> row."""
    with open(tmp_path / "run_stats.csv", newline="") as f:
        return {(row["Type"], row["Name"]): row for row in csv.DictReader(f)}


def failures(tmp_path) -> list[dict]:
    with open(tmp_path / "run_failures.csv", newline="") as f:
        return list(csv.DictReader(f))


def finish(tmp_path, master: subprocess.Popen, *others: subprocess.Popen, timeout: float = 120) -> None:
    try:
        code = master.wait(timeout)
        for other in others:
            other.wait(30)
    finally:
        for p in (master, *others):
            if p.poll() is None:
                p.kill()
    logs = "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in sorted(tmp_path.glob("*.log")))
    assert code == 0, logs


@pytest.fixture(scope="module")
def serving(tmp_path_factory):
    proc = QuietServe(tmp_path_factory.mktemp("serve") / "serve.log")
    yield proc
    proc.stop()


def test_a_master_and_two_workers_play_frogriders_and_czech_pub(serving, tmp_path):
    port = free_port()
    master = locust(tmp_path, "master", "--master", "--master-bind-host", "127.0.0.1", "--master-bind-port",
                    str(port), "--headless", "--expect-workers", "2", "--expect-workers-max-wait", "60",
                    "-u", "8", "-r", "8", "-t", "20s", "--csv", str(tmp_path / "run"), "--only-summary",
                    "--host", serving.address, "--game", "frogriders", "--game", "czech-pub",
                    "--game-config", "{}", "--game-config", '{"players": 3}', "--moves", "suggest",
                    "--budget", "0.1", "--wait", "watch")
    workers = [locust(tmp_path, f"worker-{i}", "--worker", "--master-host", "127.0.0.1", "--master-port", str(port))
               for i in range(2)]
    finish(tmp_path, master, *workers)
    rows = stats(tmp_path)
    for worker in (0, 1):  # both workers played whole games
        assert int(rows["game", f"game (worker {worker})"]["Request Count"]) > 0, rows.keys()
    for rpc in RPCS:  # every call is an entry under its RPC's name
        assert int(rows["grpc", rpc]["Request Count"]) > 0, rpc
    # the AI's move latency over its 0.1 s budget, and the server's own bot moves (--wait watch)
    for name in ("SuggestMove over budget", "bot move"):
        assert int(rows["ai", name]["Request Count"]) > 0, name
    assert int(rows["grpc", "SuggestMove"]["Median Response Time"]) >= 90  # most suggestions think for 0.1 s
    assert rows["", "Aggregated"]["Failure Count"] == "0" and failures(tmp_path) == []


def test_a_server_with_mutual_tls(certs, tmp_path):  # noqa: F811 - the fixture
    server = TlsServe(certs, mutual=True)
    try:
        master = locust(tmp_path, "local", "--headless", "-u", "2", "-r", "2", "-t", "10s", "--csv",
                        str(tmp_path / "run"), "--only-summary", "--host", f"127.0.0.1:{server.grpc_port}",
                        "--game", "frogriders", "--tls-ca", str(certs / "ca.pem"),
                        "--tls-client-cert", str(certs / "client.pem"), "--tls-client-key", str(certs / "client.key"))
        finish(tmp_path, master)
    finally:
        server.stop()
    rows = stats(tmp_path)
    assert int(rows["game", "game"]["Request Count"]) > 0 and int(rows["grpc", "SubmitMove"]["Request Count"]) > 0
    assert failures(tmp_path) == []


def test_a_wrong_option_stops_locust_before_any_load(tmp_path):
    wrong = locust(tmp_path, "wrong", "--headless", "-u", "1", "-t", "2s", "--host", "127.0.0.1:1",
                   "--game", "frogriders", "--moves", "suggest", "--seat", "north")
    assert wrong.wait(60) != 0
    assert "--seat is a number or 'random'" in (tmp_path / "wrong.log").read_text()
