"""Prometheus metrics (``prometheus-client``): ``boardbot serve --metrics-address HOST:PORT``.

Served at ``http://HOST:PORT/metrics`` by the client library's own HTTP
server (a thread); with ``--processes N`` process *i* serves PORT + *i* (each
process is its own target). The figures, all per process:

* ``boardbot_rpc_duration_seconds{method,code}``: every gRPC call by method
  and status code (a histogram: its ``_count`` is the calls);
* ``boardbot_games{state}``: the games in the store, ``running`` and
  ``finished`` (read every ``GAMES_EVERY`` seconds), and
  ``boardbot_games_cached``: the live games this process holds;
* ``boardbot_search_running``, ``boardbot_search_queued``: the search queue now;
  ``boardbot_search_wait_seconds{kind}``: time in the queue;
  ``boardbot_search_overrun_seconds{kind}``: a search's latency minus its time
  budget (negative: early), for searches with a time budget or deadline;
  ``boardbot_search_worker_restarts``: search workers replaced after dying;
* ``boardbot_store_operation_duration_seconds{operation}``: each store call.

``grafana-dashboard.json`` in ``deploy/`` charts them.
"""

from __future__ import annotations

import asyncio
import bisect
import time

from prometheus_client import REGISTRY, Gauge, Histogram, start_http_server
from prometheus_client.metrics_core import GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.utils import floatToGoString

GAMES_EVERY = 15.0
RPC_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class CallDurations:
    """``boardbot_rpc_duration_seconds{method,code}``, exposed as prometheus-client's Histogram
    exposes one (buckets, count, sum, and the ``_created`` gauge), but counted for the price
    of a list update: every call adds to it, thousands a second, where the Histogram takes
    a lock per bucket and per sum and walks its buckets in Python. Counted on the event
    loop's thread only; a scrape (the metrics server's thread) copies each series whole,
    which the GIL makes one step."""

    def __init__(self, name: str, documentation: str, buckets: tuple[float, ...]):
        self.name, self.documentation = name, documentation
        self.bounds = (*buckets, float("inf"))
        self.labels = [floatToGoString(b) for b in self.bounds]
        # method -> code -> [count per bucket ..., sum, created]
        self.series: dict[str, dict[str, list[float]]] = {}

    def observe(self, method: str, code: str, seconds: float) -> None:
        codes = self.series.get(method)
        if codes is None:
            codes = self.series[method] = {}
        row = codes.get(code)
        if row is None:
            row = codes[code] = [0] * len(self.bounds) + [0.0, time.time()]
        row[bisect.bisect_left(self.bounds, seconds)] += 1  # the first bucket whose bound >= seconds
        row[-2] += seconds

    def collect(self):
        histogram = HistogramMetricFamily(self.name, self.documentation, labels=("method", "code"))
        created = GaugeMetricFamily(f"{self.name}_created", self.documentation, labels=("method", "code"))
        for method, codes in list(self.series.items()):
            for code, row in list(codes.items()):
                row = list(row)
                buckets, total = [], 0
                for label, count in zip(self.labels, row):
                    total += count
                    buckets.append((label, float(total)))
                histogram.add_metric((method, code), buckets, row[-2])
                created.add_metric((method, code), row[-1])
        yield histogram
        yield created


RPC = CallDurations("boardbot_rpc_duration_seconds", "gRPC calls by method and status code, and their duration",
                    RPC_BUCKETS)
REGISTRY.register(RPC)
GAMES = Gauge("boardbot_games", "Games in the store", ["state"])
CACHED = Gauge("boardbot_games_cached", "Live games this process holds (parsed state and views)")
SEARCH_RUNNING = Gauge("boardbot_search_running", "Searches running now")
SEARCH_QUEUED = Gauge("boardbot_search_queued", "Searches waiting for a running one")
SEARCH_WAIT = Histogram("boardbot_search_wait_seconds", "Time a search waited in the queue", ["kind"],
                        buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
SEARCH_OVERRUN = Histogram("boardbot_search_overrun_seconds",
                           "A search's latency minus its time budget (negative: it answered early)", ["kind"],
                           buckets=(-0.05, -0.01, 0.0, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0))
WORKER_RESTARTS = Gauge("boardbot_search_worker_restarts", "Search worker processes replaced after dying")
HTTP_CONNECTIONS = Gauge("boardbot_http_connections", "Open connections on the browser port")
HTTP_REFUSED = Gauge("boardbot_http_connections_refused", "Browser-port connections reset on arrival, by the limit "
                     "they met (since the start)", ["limit"])
STORE = Histogram("boardbot_store_operation_duration_seconds", "Store calls by operation", ["operation"],
                  buckets=(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0))

rpc = RPC.observe  # rpc(method, code, seconds): one call (``boardbot.server.rpc`` reports every call here)


def search(kind: str, waited: float, overrun: float | None) -> None:
    """One search answered (``boardbot.server.search_queue``)."""
    SEARCH_WAIT.labels(kind).observe(waited)
    if overrun is not None:
        SEARCH_OVERRUN.labels(kind).observe(overrun)


class MeasuredStore:
    """A store whose calls are timed into ``boardbot_store_operation_duration_seconds``:
    every coroutine method of ``store``, by name; other attributes pass through."""

    def __init__(self, store):
        self._store = store
        self._timers = {}

    def __getattr__(self, name: str):
        value = getattr(self._store, name)
        if not asyncio.iscoroutinefunction(value):
            return value
        timed = self._timers.get(name)
        if timed is None:
            child = STORE.labels(name)

            async def timed(*args, **kwargs):
                started = time.perf_counter()
                try:
                    return await value(*args, **kwargs)
                finally:
                    child.observe(time.perf_counter() - started)
            self._timers[name] = timed
        return timed


def watch_searches(searches) -> None:
    """The search queue's gauges, read when scraped."""
    SEARCH_RUNNING.set_function(lambda: searches.running)
    SEARCH_QUEUED.set_function(lambda: searches.queued)
    WORKER_RESTARTS.set_function(lambda: searches.pool.restarts if searches.pool is not None else 0)


def watch_connections(guard) -> None:
    """The browser port's connection counts (``boardbot.server.connections``), read when scraped."""
    HTTP_CONNECTIONS.set_function(lambda: guard.open)
    for limit in ("max_connections", "max_connections_per_client"):
        HTTP_REFUSED.labels(limit).set_function(lambda limit=limit: guard.refused[limit])


async def refresh_games(store) -> None:
    """Read the store's game counts every ``GAMES_EVERY`` seconds (a task; cancel it to stop)."""
    cached = getattr(store, "cached", None)
    if cached is not None:
        CACHED.set_function(cached)
    while True:
        try:
            stored, finished = await store.count(), await store.count_finished()
            GAMES.labels("finished").set(finished)
            GAMES.labels("running").set(stored - finished)
        except Exception:  # noqa: BLE001 - the next round may read them
            pass
        await asyncio.sleep(GAMES_EVERY)


def serve(address: str) -> None:
    """Serve /metrics on ``address`` (HOST:PORT) from a thread."""
    host, _, port = address.rpartition(":")
    start_http_server(int(port), addr=host or "0.0.0.0")
