"""`boardbot serve --metrics-address`: the Prometheus endpoint of a real server counts its
calls by method and status code, times them and the store's operations, counts the games,
and measures searches (queue wait, latency minus budget)."""

import random
import time
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from boardbot.client import Client
from boardbot.server import metrics
from boardbot.server.app import BackgroundServer
from boardbot.server.memory_store import InMemoryStore

from conftest import error_of, play_randomly
from test_external import free_port


def scrape(address: str) -> dict:
    """Samples by (name, labels as a sorted tuple)."""
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=10) as reply:
        text = reply.read().decode()
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def test_the_metrics_endpoint(monkeypatch):
    monkeypatch.setattr(metrics, "GAMES_EVERY", 0.05)
    address = f"127.0.0.1:{free_port()}"
    with BackgroundServer(store=InMemoryStore(), metrics_address=address) as srv, Client(srv.address) as c:
        before = scrape(address)
        game = c.create_game("frogriders", seats=["human", "random"], seed=5)
        view = play_randomly(game.seat(0), random.Random(5))
        assert view.finished
        human_moves = sum(1 for event, _ in game.seat(0).watch(from_version=0) if event is not None and not event.by_bot)
        running = c.create_game("frogriders", seats=["human", "human"], seed=6)
        error_of(c.get_game, "nope")
        running.seat(0).suggest(bot="ismcts", seconds=0.05)
        time.sleep(0.3)
        after = scrape(address)
    moves = ("boardbot_rpc_duration_seconds_count", (("code", "OK"), ("method", "SubmitMove")))
    assert after[moves] - before.get(moves, 0) == human_moves
    assert after[("boardbot_rpc_duration_seconds_count", (("code", "NOT_FOUND"), ("method", "GetGame")))] >= 1
    commits = ("boardbot_store_operation_duration_seconds_count", (("operation", "commit_live"),))
    assert after[commits] - before.get(commits, 0) == view.version
    assert after[("boardbot_games", (("state", "finished"),))] == 1
    assert after[("boardbot_games", (("state", "running"),))] == 1
    assert after[("boardbot_search_wait_seconds_count", (("kind", "suggest"),))] >= 1
    assert after[("boardbot_search_overrun_seconds_count", (("kind", "suggest"),))] >= 1
    assert ("boardbot_search_queued", ()) in after and ("boardbot_search_worker_restarts", ()) in after


def test_the_call_durations_expose_what_a_histogram_would():
    """boardbot_rpc_duration_seconds is counted in lists (metrics.CallDurations) and exposed as
    prometheus-client's Histogram exposes the same observations (but for the _created times)."""
    from prometheus_client import CollectorRegistry, Histogram, generate_latest

    histogram_registry, durations_registry = CollectorRegistry(), CollectorRegistry()
    histogram = Histogram("boardbot_rpc_duration_seconds", metrics.RPC.documentation, ["method", "code"],
                          buckets=metrics.RPC_BUCKETS, registry=histogram_registry)
    durations = metrics.CallDurations("boardbot_rpc_duration_seconds", metrics.RPC.documentation,
                                      metrics.RPC_BUCKETS)
    durations_registry.register(durations)
    rng = random.Random(1)
    for seconds in [0.0, 0.0005, 0.001, 30.0, 31.0] + [rng.expovariate(100) for _ in range(2000)]:
        method, code = rng.choice(["GetView", "SubmitMove"]), rng.choice(["OK", "NOT_FOUND"])
        histogram.labels(method, code).observe(seconds)
        durations.observe(method, code, seconds)

    def lines(registry) -> list[str]:
        return sorted(line for line in generate_latest(registry).decode().splitlines() if "_created{" not in line)
    assert lines(durations_registry) == lines(histogram_registry)
    assert sum("_created{" in line for line in generate_latest(durations_registry).decode().splitlines()) == 4
