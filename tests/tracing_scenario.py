"""Calls traced in-process, for tests/test_tracing.py (run as its own process: OpenTelemetry's
tracer provider is set once per process, and the other tests' servers must not trace).

    python tests/tracing_scenario.py OUT.json

The OpenTelemetry SDK with its in-memory exporter; a real server (BackgroundServer: a search
worker process, the browser port) and both Python clients in this process. Each step's
spans (exported between two clears of the exporter) go to OUT.json by step name:

* ``suggest``: one SuggestMove through the asyncio client, nothing around it;
* ``submit``: one SubmitMove through the blocking client, a random bot seat replying;
* ``hosted``: a SubmitMove after which an ``ismcts`` bot seat moves (its search included);
* ``browser``: a GetGame over the browser port (Connect JSON) with a W3C ``traceparent``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.request

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

BROWSER_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
BROWSER_PARENT_ID = "00f067aa0ba902b7"


def span_dict(span) -> dict:
    return {"name": span.name, "kind": span.kind.name, "trace_id": f"{span.context.trace_id:032x}",
            "span_id": f"{span.context.span_id:016x}",
            "parent_id": f"{span.parent.span_id:016x}" if span.parent is not None else None,
            "attributes": dict(span.attributes or {}), "start": span.start_time, "end": span.end_time,
            "status": span.status.status_code.name}


def main(out: str) -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)

    from boardbot.ai.pool import SearchPool
    from boardbot.client import Client
    from boardbot.client.aio import Client as AsyncClient
    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer

    logs.configure(enabled=False)
    pool = SearchPool(1, nice=5)
    server = BackgroundServer(pool=pool, http_address="127.0.0.1:0")
    steps: dict[str, list[dict]] = {}

    def take(step: str) -> None:
        time.sleep(0.3)  # spans of work the call started (bot seats) end meanwhile
        steps[step] = [span_dict(s) for s in exporter.get_finished_spans()]
        exporter.clear()

    async def suggest() -> None:
        async with AsyncClient(server.address) as client:
            game = await client.create_game("frogriders", seats=["human", "human"], seed=5)
            info = await game.info()
            seat = game.seat(info.decider)
            while len((await seat.view()).legal_moves) < 2:
                await seat.play(move_id=0)
                seat = game.seat((await game.info()).decider)
            exporter.clear()
            await seat.suggest(iterations=50, seed=1)
            take("suggest")

    try:
        asyncio.run(suggest())
        with Client(server.address) as client:
            game = client.create_game("frogriders", seats=["human", "random"], seed=6)
            view = game.seat(0).view()
            exporter.clear()
            game.seat(0).play(move_id=0, expected_version=view.version)
            take("submit")
            hosted = client.create_game("frogriders", seats=["human", "ismcts:iterations=30"], seed=7)
            view = hosted.seat(0).view()
            while not view.my_turn:
                time.sleep(0.02)
                view = hosted.seat(0).view()
            exporter.clear()
            hosted.seat(0).play(move_id=0, expected_version=view.version)
            deadline = time.monotonic() + 30
            while hosted.info().decider != 0 and time.monotonic() < deadline:  # the bot has moved
                time.sleep(0.02)
            take("hosted")
            request = urllib.request.Request(
                f"http://{server.running.http.address}/boardbot.v1.GameService/GetGame",
                data=json.dumps({"gameId": game.game_id}).encode(), method="POST",
                headers={"Content-Type": "application/json",
                         "traceparent": f"00-{BROWSER_TRACE_ID}-{BROWSER_PARENT_ID}-01"})
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.status == 200
            take("browser")
    finally:
        server.stop()
        pool.close()
    with open(out, "w") as f:
        json.dump(steps, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
