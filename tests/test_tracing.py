"""Traces (server/tracing.py, the clients' _tracing.py; docs/operations.md).

* With the OpenTelemetry SDK's in-memory exporter (tests/tracing_scenario.py, a process of
  its own): one SuggestMove through the asyncio client is one trace, the client span, the
  server span under it, and the queue and search spans under that with their attributes;
  a SubmitMove through the blocking client carries its store commits and the bot seat's
  reply; a hosted ismcts seat's move (its search under it) joins the trace of the call that
  set it moving; the browser port continues a W3C traceparent header.
* `boardbot serve` configured the standard way (OTEL_EXPORTER_OTLP_ENDPOINT,
  OTEL_SERVICE_NAME) exports its spans over OTLP to a collector (one in this test), both
  ports continuing the caller's trace context.
* Off without configuration or without the SDK: no span, the same objects, the same answers.
"""

import json
import os
import pathlib
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent import futures

import grpc
import pytest

from tests.processes import Serve
from tests.test_external import free_port

HERE = pathlib.Path(__file__).resolve().parent
SERVER_SPAN_OF = {"suggest": "boardbot.v1.BotService/SuggestMove", "submit": "boardbot.v1.GameService/SubmitMove"}


@pytest.fixture(scope="module")
def steps(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("traces") / "spans.json"
    done = subprocess.run([sys.executable, str(HERE / "tracing_scenario.py"), str(out)], capture_output=True,
                          text=True, timeout=300, cwd=HERE.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(out.read_text())


def one(spans, name, kind=None) -> dict:
    found = [s for s in spans if s["name"] == name and (kind is None or s["kind"] == kind)]
    assert len(found) == 1, (name, kind, [s["name"] for s in spans])
    return found[0]


def test_one_suggest_move_through_the_asyncio_client_is_one_trace(steps):
    spans = steps["suggest"]
    assert len({s["trace_id"] for s in spans}) == 1, spans  # one trace, and nothing else exported
    client = one(spans, "boardbot.v1.BotService/SuggestMove", "CLIENT")
    server = one(spans, "boardbot.v1.BotService/SuggestMove", "SERVER")
    queue, search = one(spans, "boardbot.search_queue"), one(spans, "boardbot.search")
    assert {s["span_id"] for s in spans} == {client["span_id"], server["span_id"], queue["span_id"],
                                              search["span_id"]}
    assert client["parent_id"] is None and server["parent_id"] == client["span_id"]
    assert queue["parent_id"] == search["parent_id"] == server["span_id"]
    assert client["attributes"] == {"rpc.system": "grpc", "rpc.service": "boardbot.v1.BotService",
                                    "rpc.method": "SuggestMove", "rpc.grpc.status_code": 0}
    attrs = server["attributes"]
    assert attrs["rpc.system"] == "grpc" and attrs["rpc.grpc.status_code"] == 0 and attrs["boardbot.status"] == "OK"
    assert attrs["boardbot.game"] == "frogriders" and len(attrs["boardbot.game_id"]) == 32
    for child in (queue, search):
        assert child["attributes"]["boardbot.search.kind"] == "suggest"
        assert child["attributes"]["boardbot.game_id"] == attrs["boardbot.game_id"]
        assert child["attributes"]["boardbot.seat"] == attrs["boardbot.seat"]
        assert child["attributes"]["boardbot.search.bot"] == "ismcts:medium"
    assert queue["attributes"]["boardbot.search.queued_ahead"] == 0
    assert search["attributes"]["boardbot.search.iterations"] == 50
    assert search["attributes"]["boardbot.search.workers"] == 1
    assert search["attributes"]["boardbot.search.stop"] == "iterations"
    assert search["attributes"]["boardbot.search.mode"] in ("so", "mo")
    # the times nest: the client's call holds the server's, which holds the wait, then the search
    assert client["start"] <= server["start"] <= queue["start"] <= queue["end"] <= search["start"]
    assert search["start"] < search["end"] <= server["end"] <= client["end"]


def test_a_submit_move_carries_its_commits_and_the_bots_reply(steps):
    spans = steps["submit"]
    assert len({s["trace_id"] for s in spans}) == 1
    client = one(spans, "boardbot.v1.GameService/SubmitMove", "CLIENT")
    server = one(spans, "boardbot.v1.GameService/SubmitMove", "SERVER")
    assert server["parent_id"] == client["span_id"]
    commits = sorted((s for s in spans if s["name"] == "boardbot.store.commit"),
                     key=lambda s: s["attributes"]["boardbot.version"])
    assert [c["attributes"]["boardbot.version"] for c in commits] == [1, 2]  # the move, then the bot's reply
    assert all(c["parent_id"] == server["span_id"] and c["attributes"]["boardbot.store.committed"] for c in commits)
    bot = one(spans, "boardbot.bot_move")
    assert bot["parent_id"] == server["span_id"]
    assert bot["attributes"] == {"boardbot.game": "frogriders", "boardbot.search.bot": "random", "boardbot.seat": 1}


def test_a_hosted_bots_search_joins_the_trace_of_the_call_that_set_it_moving(steps):
    spans = steps["hosted"]
    server = one(spans, "boardbot.v1.GameService/SubmitMove", "SERVER")
    bot = one(spans, "boardbot.bot_move")
    assert bot["trace_id"] == server["trace_id"] and bot["parent_id"] == server["span_id"]
    assert bot["attributes"]["boardbot.search.bot"] == "ismcts:iterations=30"
    queue, search = one(spans, "boardbot.search_queue"), one(spans, "boardbot.search")
    assert queue["parent_id"] == search["parent_id"] == bot["span_id"]
    assert search["attributes"]["boardbot.search.kind"] == "bot"
    assert search["attributes"]["boardbot.search.iterations"] == 30
    assert bot["start"] <= queue["start"] <= search["start"] < search["end"] <= bot["end"]
    reply = [s for s in spans if s["name"] == "boardbot.store.commit" and s["attributes"]["boardbot.version"] == 2]
    assert len(reply) == 1 and reply[0]["trace_id"] == server["trace_id"]


def test_the_browser_port_continues_a_w3c_traceparent(steps):
    from tests.tracing_scenario import BROWSER_PARENT_ID, BROWSER_TRACE_ID

    server = one(steps["browser"], "boardbot.v1.GameService/GetGame", "SERVER")
    assert (server["trace_id"], server["parent_id"]) == (BROWSER_TRACE_ID, BROWSER_PARENT_ID)
    assert server["attributes"]["rpc.system"] == "connect_rpc" and server["attributes"]["boardbot.status"] == "OK"


# --- configured the standard way: OTLP to a collector ----------------------------------------
class Collector:
    """An OTLP/gRPC trace collector on a loopback port: what it receives, as (resource, span) pairs."""

    def __init__(self):
        from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

        self.spans: list[tuple[dict, object]] = []
        self.lock = threading.Lock()
        collector = self

        class Service(trace_service_pb2_grpc.TraceServiceServicer):
            def Export(self, request, context):
                with collector.lock:
                    for resource_spans in request.resource_spans:
                        resource = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
                        for scope in resource_spans.scope_spans:
                            collector.spans += [(resource, span) for span in scope.spans]
                return trace_service_pb2.ExportTraceServiceResponse()

        self.port = free_port()
        self.server = grpc.server(futures.ThreadPoolExecutor(2))
        trace_service_pb2_grpc.add_TraceServiceServicer_to_server(Service(), self.server)
        self.server.add_insecure_port(f"127.0.0.1:{self.port}")
        self.server.start()

    def wait_for(self, check, seconds: float = 30.0) -> list:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.lock:
                found = [(r, s) for r, s in self.spans if check(s)]
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no such span among {[s.name for _, s in self.spans]}")


def test_serve_exports_its_spans_over_otlp_when_configured(tmp_path):
    collector = Collector()
    http = f"127.0.0.1:{free_port()}"
    server = Serve(["--ai-workers", "0", "--http-address", http, "--store", "memory"],
                   tmp_path / "serve.log", OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{collector.port}",
                   OTEL_SERVICE_NAME="boardbot-under-test", OTEL_BSP_SCHEDULE_DELAY="100")
    try:
        from boardbot.client import Client
        from boardbot.v1 import game_service_pb2

        grpc_trace, browser_trace = "0af7651916cd43dd8448eb211c80319c", "4bf92f3577b34da6a3ce929d0e0e4736"
        with Client(server.address) as client:
            game = client.create_game("frogriders", seats=["human", "random"], seed=1)
            client.stub.GetGame(game_service_pb2.GetGameRequest(game_id=game.game_id), timeout=10,
                                metadata=(("traceparent", f"00-{grpc_trace}-b7ad6b7169203331-01"),))
        request = urllib.request.Request(
            f"http://{http}/boardbot.v1.GameService/GetGame", data=json.dumps({"gameId": game.game_id}).encode(),
            method="POST", headers={"Content-Type": "application/json",
                                    "traceparent": f"00-{browser_trace}-00f067aa0ba902b7-01"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        for trace_id, parent, system in ((grpc_trace, "b7ad6b7169203331", "grpc"),
                                         (browser_trace, "00f067aa0ba902b7", "connect_rpc")):
            (resource, span), = collector.wait_for(lambda s, t=trace_id: s.trace_id.hex() == t)
            assert resource["service.name"] == "boardbot-under-test"
            assert span.name == "boardbot.v1.GameService/GetGame" and span.parent_span_id.hex() == parent
            attrs = {a.key: a.value for a in span.attributes}
            assert attrs["rpc.system"].string_value == system
            assert attrs["boardbot.game_id"].string_value == game.game_id
        # the creation's store write arrives too
        collector.wait_for(lambda s: s.name == "boardbot.store.create")
        assert '"tracing_on"' in server.log_text() and f"127.0.0.1:{collector.port}" in server.log_text()
    finally:
        server.stop()
        collector.server.stop(0)


# --- off ------------------------------------------------------------------------------------------
def test_tracing_is_off_without_configuration():
    from boardbot.server import tracing
    from boardbot.server.memory_store import InMemoryStore

    assert tracing.configure({}) is False and not tracing.enabled()
    store = InMemoryStore()
    assert tracing.traced_store(store) is store and tracing.traced_bots(store) is store
    assert tracing.start_rpc("GetGame", (("traceparent", "00-" + "1" * 32 + "-" + "2" * 16 + "-01"),), "grpc") is None
    assert tracing.configure({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4317",
                              "OTEL_SDK_DISABLED": "true"}) is False


BLOCK_SDK = """
import sys

class NoSdk:  # opentelemetry-sdk not installed: only the API (connectrpc brings it) is there
    def find_spec(self, name, path=None, target=None):
        if name == "opentelemetry.sdk" or name.startswith("opentelemetry.sdk."):
            raise ImportError(name)

sys.meta_path.insert(0, NoSdk())
from boardbot.client import Client
from boardbot.server import logs, tracing
from boardbot.server.app import BackgroundServer

logs.configure(enabled=False)
with BackgroundServer() as server, Client(server.address) as client:
    assert not tracing.enabled()
    game = client.create_game("frogriders", seats=["human", "random"], seed=1)
    print(game.seat(0).view().version, game.info().game_name)
"""


def test_without_the_sdk_the_server_serves_untraced():
    done = subprocess.run([sys.executable, "-c", BLOCK_SDK], capture_output=True, text=True, timeout=120,
                          cwd=HERE.parent, env={**os.environ, "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["0", "frogriders"]
