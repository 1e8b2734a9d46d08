"""Fuzzing every RPC of a real `boardbot serve` (issue 19), with hypothesis, on both ports.

Inputs, in bursts: random bytes for every method; well-formed messages of every
request type with extreme values (generated from the descriptors: integers at their
type's bounds, long strings, deep and repeated fields); real views of every game
with one value mutated, sent to ChooseMove; real moves sent to the wrong game or
seat; the right messages for another game. Half go to the gRPC port, half to the
browser port (issue 54), framed as a browser client would and as a hostile one
might (``browser_request``): Connect in binary or JSON (with keys misspelt, values
of the wrong type), gRPC-Web and Connect streaming envelopes with any flags and
lengths, gzip bodies whole, cut short, or not gzip at all, odd content types and
timeouts. After every burst it checks that no call was answered INTERNAL, UNKNOWN
or UNAVAILABLE (on the browser port: no HTTP 500 or 503, no such Connect code or
gRPC-Web status), that no search worker died, that the server's memory stays
under a bound, and that a normal call is answered at once. Short by default; BOARDBOT_LONG=1 runs 10**6 inputs
(``BOARDBOT_FUZZ_INPUTS`` sets any count) and prints the figures for
docs/security.md.
"""

from __future__ import annotations

import collections
import concurrent.futures
import copy
import gzip
import http.client
import json
import os
import pathlib
import random
import signal
import socket
import subprocess
import sys
import threading
import time

import grpc
import pytest
from google.protobuf import descriptor as _d
from google.protobuf import json_format, message_factory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardbot.ai.stats import percentile
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server import convert
from boardbot.v1 import (bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2,
                         game_service_pb2_grpc)
from tests.test_external import process_env

ROOT = pathlib.Path(__file__).resolve().parent.parent
LONG = os.environ.get("BOARDBOT_LONG") == "1"
INPUTS = int(os.environ.get("BOARDBOT_FUZZ_INPUTS") or (1_000_000 if LONG else 600))
BURST = 20                       # inputs between two health checks
MEMORY_BOUND_MB = 1500           # the server process's resident memory may not pass this
CALL_DEADLINE, STREAM_DEADLINE = 1.0, 0.3  # seconds a fuzz call may take
PROGRESS_EVERY = 20_000          # a long run (-s) prints its figures this often
CONCURRENT_CALLS = 8             # a burst's inputs in flight at once
NORMAL_CALL_BOUND = 0.5          # seconds for GetGame after a burst (the long run's figure is in the docs)
NORMAL_CALL_P99 = 0.05          # ... and 99 % of them (from 100 checks on) this fast, the figure
FOUND = ROOT / "reports" / "fuzz"     # inputs that broke a run (reports/ is not committed)
REGRESSIONS = pathlib.Path(__file__).parent / "fuzz_regressions"  # <method>-<what>.bin: inputs once broken
GOAWAY = "GOAWAY received"       # in the details of gRPC's client-side UNAVAILABLE at a connection's end
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN, grpc.StatusCode.UNAVAILABLE}
SERVICES = [game_service_pb2.DESCRIPTOR.services_by_name["GameService"],
            bot_service_pb2.DESCRIPTOR.services_by_name["BotService"]]
METHODS = [(s.full_name, m) for s in SERVICES for m in s.methods]
GAMES = [g.name for g in registry.all_games()]


# --- messages with extreme values, from the descriptors ------------------------------------
_INT_BOUNDS = {
    _d.FieldDescriptor.TYPE_INT32: (-2**31, 2**31 - 1), _d.FieldDescriptor.TYPE_SINT32: (-2**31, 2**31 - 1),
    _d.FieldDescriptor.TYPE_SFIXED32: (-2**31, 2**31 - 1), _d.FieldDescriptor.TYPE_INT64: (-2**63, 2**63 - 1),
    _d.FieldDescriptor.TYPE_SINT64: (-2**63, 2**63 - 1), _d.FieldDescriptor.TYPE_SFIXED64: (-2**63, 2**63 - 1),
    _d.FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1), _d.FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    _d.FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1), _d.FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}


def scalar(field: _d.FieldDescriptor, rng: random.Random):
    kind = field.type
    if kind in _INT_BOUNDS:
        lo, hi = _INT_BOUNDS[kind]
        return rng.choice([lo, hi, 0, -1 if lo < 0 else 1, rng.randint(lo, hi), rng.randint(-3, 60)])
    if kind == _d.FieldDescriptor.TYPE_BOOL:
        return rng.random() < 0.5
    if kind in (_d.FieldDescriptor.TYPE_DOUBLE, _d.FieldDescriptor.TYPE_FLOAT):
        return rng.choice([0.0, -1.0, 1e300, float("inf"), float("nan"), rng.uniform(-1e6, 1e6)])
    if kind == _d.FieldDescriptor.TYPE_ENUM:
        values = [v.number for v in field.enum_type.values]
        return rng.choice(values + [rng.randint(-5, 1000)])
    if kind == _d.FieldDescriptor.TYPE_STRING:
        pool = GAMES + ["", "ismcts", "ismcts:time=60", "greedy", "random", "x" * rng.choice([1, 300, 20_000]),
                        "\u0000\ud7ff\ue000", "../../etc/passwd"]
        return rng.choice(pool)
    if kind == _d.FieldDescriptor.TYPE_BYTES:
        return rng.randbytes(rng.choice([0, 8, 1000]))
    raise AssertionError(kind)


def fill(message, rng: random.Random, depth: int = 0) -> None:
    """Set a random subset of ``message``'s fields, recursively (at most 5 levels, 4 items)."""
    for field in message.DESCRIPTOR.fields:
        if rng.random() < 0.4:
            continue
        if field.message_type is not None:
            if depth >= 5 or field.message_type.GetOptions().map_entry:
                continue
            if field.is_repeated:
                for _ in range(rng.randint(0, 4)):
                    fill(getattr(message, field.name).add(), rng, depth + 1)
            else:
                if field.containing_oneof is not None and message.WhichOneof(field.containing_oneof.name):
                    continue
                fill(getattr(message, field.name), rng, depth + 1)
                getattr(message, field.name).SetInParent()
        elif field.is_repeated:
            getattr(message, field.name).extend(scalar(field, rng) for _ in range(rng.randint(0, 4)))
        else:
            try:
                setattr(message, field.name, scalar(field, rng))
            except (ValueError, TypeError):
                pass  # a value this field cannot hold in Python (the wire form is fuzzed by bytes)


# --- real material to mutate ------------------------------------------------------------------
def real_views(count_per_game: int = 12) -> list[tuple[str, dict]]:
    out, rng = [], random.Random(5)
    for game in registry.all_games():
        for config in game.configurations()[:3]:
            state = game.new_state(config, rng.randrange(1000))
            for _ in range(count_per_game // 3):
                for _ in range(rng.randint(0, 25)):
                    if state.decider() == TERMINAL:
                        break
                    state.apply(rng.choice(state.legal_moves()))
                if state.decider() == TERMINAL:
                    break
                out.append((game.name, state.view(state.decider())))
    return out


def mutate(value, rng: random.Random):
    """``value`` (a view dict) with one leaf replaced by an extreme or wrong-typed value."""
    value = copy.deepcopy(value)
    node, key = None, None
    current = value
    for _ in range(8):
        if isinstance(current, dict) and current:
            node, key = current, rng.choice(list(current))
        elif isinstance(current, list) and current:
            node, key = current, rng.randrange(len(current))
        else:
            break
        current = node[key]
        if not isinstance(current, (dict, list)) or rng.random() < 0.3:
            break
    if node is not None:
        node[key] = rng.choice([-2**31, 2**31 - 1, -1, 10**9, 0, True, "", [], None, "nonsense", 1083518837])
    return value


# --- the server ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    total = 0.0
    for p in [pid] + children(pid):
        try:
            for line in pathlib.Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except FileNotFoundError:
            pass
    return total


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(x) for x in out.split()]


class Target:
    """`boardbot serve` with one search worker, and what the fuzzer learnt about it."""

    def __init__(self):
        self.port, self.http_port = free_port(), free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", f"127.0.0.1:{self.port}",
             "--http-address", f"127.0.0.1:{self.http_port}", "--ai-workers", "1", "--rpc-log-every", "0"],
            cwd=ROOT, env=process_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.channel = grpc.insecure_channel(f"127.0.0.1:{self.port}",
                                             options=[("grpc.max_receive_message_length", 64 << 20)])
        grpc.channel_ready_future(self.channel).result(60)
        self.games = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bots = bot_service_pb2_grpc.BotServiceStub(self.channel)
        created = self.games.CreateGame(game_service_pb2.CreateGameRequest(
            game="frogriders", seats=[common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)] * 2), timeout=10)
        self.known_game = created.game.game_id
        self.tokens = [t.token for t in created.seat_tokens]
        self.outcomes: collections.Counter = collections.Counter()  # the gRPC port's
        self.browser_outcomes: collections.Counter = collections.Counter()
        self.connections = threading.local()  # a keep-alive HTTP connection per fuzzing thread
        self.seconds: collections.Counter = collections.Counter()  # time spent per method
        self.counting = threading.Lock()
        self.rotations = 0  # calls resent after losing the race with a connection's GOAWAY (raw)
        self.inputs = 0
        self.peak_mb = 0.0
        self.normal_calls: list[float] = []  # seconds of each check's normal call (the figures' p99)
        self.slow_checks = 0  # of them over NORMAL_CALL_P99
        self.restarts0 = self.stats().worker_restarts

    def stats(self):
        return resent_after_goaway(lambda: self.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(),
                                                                     timeout=10))

    def raw(self, method: str, data: bytes, streaming: bool, with_token: bool = False):
        started = time.monotonic()
        code, details = self.send(method, data, streaming, with_token)
        if code == grpc.StatusCode.UNAVAILABLE and GOAWAY in details:
            # Not the server's answer: gRPC's client lost the race with the server's GOAWAY when
            # the connection reached --max-connection-age (the server never saw the call). A
            # client retries that, as gRPC advises for UNAVAILABLE; so does the fuzzer, once.
            with self.counting:
                self.rotations += 1
            code, details = self.send(method, data, streaming, with_token)
        with self.counting:  # the fuzzer's calls run on several threads
            self.inputs += 1
            self.outcomes[code.name] += 1
            self.seconds[method.rsplit("/", 1)[1]] += time.monotonic() - started
            number = self.inputs
        if code in FORBIDDEN:  # keep the input: replayed by test_regressions once fixed (copy it there)
            FOUND.mkdir(parents=True, exist_ok=True)
            kept = FOUND / f"{method.rsplit('/', 1)[1].lower()}-{number}.bin"
            kept.write_bytes(data)
            raise AssertionError(f"{method} answered {code.name} ({details[:300]}); the input is in {kept}")
        return code

    def browser(self, method: str, request: tuple[dict, bytes], with_token: bool) -> str:
        """Send ``browser_request``'s (headers, body) to the browser port; its outcome (a code's
        name, or HTTP_<status> for an answer that is not a Connect or gRPC-Web one)."""
        headers, body = request
        if with_token:
            headers = dict(headers, Authorization=f"Bearer {self.tokens[0]}")
        started = time.monotonic()
        status, answer, payload = self.post(method, headers, body)
        outcome = browser_outcome(status, answer, payload)
        with self.counting:
            self.inputs += 1
            self.browser_outcomes[outcome] += 1
            self.seconds["browser " + method.rsplit("/", 1)[1]] += time.monotonic() - started
            number = self.inputs
        if outcome in BROWSER_FORBIDDEN:
            FOUND.mkdir(parents=True, exist_ok=True)
            kept = FOUND / f"browser-{method.rsplit('/', 1)[1].lower()}-{number}.json"
            kept.write_text(json.dumps({"headers": headers, "body": body.hex()}))
            raise AssertionError(f"{method} on the browser port answered {outcome} (HTTP {status}, "
                                 f"{payload[:300]!r}, {answer}); the input is in {kept}")
        return outcome

    def post(self, method: str, headers: dict, body: bytes) -> tuple[int, dict, bytes]:
        """POST on this thread's keep-alive connection (a new one if the server closed it)."""
        for attempt in range(2):
            conn = getattr(self.connections, "conn", None)
            if conn is None:
                conn = self.connections.conn = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=10)
            try:
                conn.request("POST", method, body, headers)
                response = conn.getresponse()
                payload = response.read()
                answer = {k.lower(): v for k, v in response.getheaders()}
                if response.will_close:
                    conn.close()
                    self.connections.conn = None
                return response.status, answer, payload
            except (http.client.HTTPException, ConnectionError):
                conn.close()  # closed between two requests (keep-alive timeout, a refused body): once more
                self.connections.conn = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def send(self, method: str, data: bytes, streaming: bool, with_token: bool) -> tuple[grpc.StatusCode, str]:
        call = (self.channel.unary_stream if streaming else self.channel.unary_unary)(
            method, request_serializer=lambda b: b, response_deserializer=lambda b: b)
        metadata = [("authorization", f"Bearer {self.tokens[0]}")] if with_token else None
        try:
            # Short deadlines: a search asked for minutes or a watch on a quiet game is cut off (and
            # must be cancelled in the server) rather than stalling the burst.
            result = call(data, timeout=STREAM_DEADLINE if streaming else CALL_DEADLINE, metadata=metadata)
            if streaming:
                for _ in zip(range(3), result):
                    pass
                result.cancel()
            return grpc.StatusCode.OK, ""
        except grpc.RpcError as err:
            return err.code(), err.details() or ""

    def check_health(self) -> None:
        started = time.monotonic()
        resent_after_goaway(lambda: self.games.GetGame(game_service_pb2.GetGameRequest(game_id=self.known_game),
                                                       timeout=5))
        took = time.monotonic() - started
        self.normal_calls.append(took)
        self.slow_checks += took > NORMAL_CALL_P99
        assert len(self.normal_calls) < 100 or self.slow_checks <= 0.01 * len(self.normal_calls), \
            f"{self.slow_checks} of {len(self.normal_calls)} normal calls after a burst took over " \
            f"{NORMAL_CALL_P99 * 1000:.0f} ms"
        assert took < NORMAL_CALL_BOUND, f"a normal call took {took * 1000:.0f} ms after a burst"
        memory = rss_mb(self.proc.pid)
        self.peak_mb = max(self.peak_mb, memory)
        assert memory < MEMORY_BOUND_MB, f"the server uses {memory:.0f} MB"
        assert self.stats().worker_restarts == self.restarts0, "a search worker died"
        assert self.proc.poll() is None, "the server exited"
        if LONG and self.inputs // PROGRESS_EVERY != (self.inputs - BURST) // PROGRESS_EVERY:
            print(f"fuzz: {self.inputs} inputs, gRPC port {dict(self.outcomes)}, browser port "
                  f"{dict(self.browser_outcomes)}, peak {self.peak_mb:.0f} MB, "
                  f"normal call {self.normal_call_figures()}, resent after GOAWAY "
                  f"{self.rotations}", flush=True)

    def normal_call_figures(self) -> str:
        p50, p99, top = percentile(self.normal_calls, [50, 99, 100], empty=0.0)
        return (f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {top * 1000:.1f} ms, "
                f"{self.slow_checks} of {len(self.normal_calls)} over {NORMAL_CALL_P99 * 1000:.0f} ms")

    def close(self) -> None:
        self.channel.close()
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(30)


def resent_after_goaway(call):
    """``call()``, once more if it lost the race with a connection's GOAWAY (see Target.raw)."""
    try:
        return call()
    except grpc.RpcError as err:
        if err.code() != grpc.StatusCode.UNAVAILABLE or GOAWAY not in (err.details() or ""):
            raise
        return call()


@pytest.fixture(scope="module")
def target():
    t = Target()
    yield t
    t.close()
    print(f"\nfuzz: {t.inputs} inputs; gRPC port {dict(t.outcomes)}; browser port {dict(t.browser_outcomes)}; "
          f"peak server memory {t.peak_mb:.0f} MB; "
          f"normal call after a burst {t.normal_call_figures()}; resent after GOAWAY {t.rotations}; "
          f"seconds by method {dict((m, round(s, 1)) for m, s in t.seconds.most_common())}")


def method_path(service: str, method) -> str:
    return f"/{service}/{method.name}"


@pytest.mark.parametrize("path", sorted(REGRESSIONS.glob("*.bin")), ids=lambda p: p.stem)
def test_regressions(target, path):
    """Inputs a fuzz run once found breaking the server: each is answered properly now."""
    method = {"choose_move": "/boardbot.v1.BotService/ChooseMove"}[path.stem.split("-")[0]]
    for _ in range(5):  # searches are random: a fix must hold every time
        assert target.raw(method, path.read_bytes(), False) == grpc.StatusCode.INVALID_ARGUMENT


FUZZ_SETTINGS = settings(max_examples=max(1, INPUTS // BURST), deadline=None, database=None,
                         suppress_health_check=list(HealthCheck))


@FUZZ_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["bytes", "message", "view", "foreign"]))
def test_no_input_breaks_the_server(target, seed, kind):
    rng = random.Random(seed)
    burst = []
    for _ in range(BURST):
        path, data, streaming, with_token = one_input(target, rng, kind)
        if rng.random() < 0.5:
            burst.append(lambda p=path, d=data, s=streaming, t=with_token: target.raw(p, d, s, t))
        else:
            request = browser_request(path, data, streaming, rng)
            burst.append(lambda p=path, r=request, t=with_token: target.browser(p, r, t))
    # Sent at once, as hostile callers would: a slow call (a search cut off by its deadline, a watch
    # that waits) overlaps the others instead of stalling the run, and calls meet in the server.
    list(CALLERS.map(lambda send: send(), burst))
    target.check_health()


def one_input(target: Target, rng: random.Random, kind: str) -> tuple[str, bytes, bool, bool]:
    """One fuzz input of ``kind``: (method path, request bytes, server-streaming, send a token)."""
    service, method = rng.choice(METHODS)
    path, streaming = method_path(service, method), method.server_streaming
    if kind == "bytes":
        data = rng.randbytes(rng.choice([0, 1, 5, 64, 4096]))
    elif kind == "message":
        message = message_factory.GetMessageClass(method.input_type)()
        fill(message, rng)
        if rng.random() < 0.5 and message.DESCRIPTOR.fields_by_name.get("game_id") is not None:
            message.game_id = target.known_game
        data = message.SerializeToString()
    elif kind == "view":
        game, view = rng.choice(VIEWS)
        sent = mutate(view, rng)
        try:
            proto_view = convert.to_proto(common_pb2.View, game, sent)
        except Exception:  # noqa: BLE001 - the proto cannot carry this mutation: send the original
            proto_view = convert.to_proto(common_pb2.View, game, view)
        request = bot_service_pb2.ChooseMoveRequest(
            game=game, view=proto_view, bot=rng.choice(["greedy", "random", "ismcts:iterations=30", ""]),
            budget=bot_service_pb2.SearchBudget(iterations=rng.choice([1, 30])))
        path, streaming, data = "/boardbot.v1.BotService/ChooseMove", False, request.SerializeToString()
    else:  # another game's messages: a view of one game sent as another, a move to the wrong game
        game, view = rng.choice(VIEWS)
        other = rng.choice([g for g in GAMES if g != game])
        if rng.random() < 0.5:
            request = bot_service_pb2.ChooseMoveRequest(game=other, bot="greedy",
                                                        view=convert.to_proto(common_pb2.View, game, view))
            path, data = "/boardbot.v1.BotService/ChooseMove", request.SerializeToString()
        else:
            state_game = registry.get(game)
            move = state_game.move_to_dict(state_game.new_state(None, 1).legal_moves()[0])
            request = game_service_pb2.SubmitMoveRequest(
                game_id=target.known_game, seat=rng.randint(-1, 2),
                move=convert.to_proto(common_pb2.Move, game, move))
            path, data = "/boardbot.v1.GameService/SubmitMove", request.SerializeToString()
        streaming = False
    return path, data, streaming, rng.random() < 0.5


# --- the browser port's framings ----------------------------------------------------------------
BROWSER_FORBIDDEN = {"INTERNAL", "UNKNOWN", "UNAVAILABLE", "HTTP_500", "HTTP_502", "HTTP_503"}
GRPC_STATUS_NAMES = {code.value[0]: code.name for code in grpc.StatusCode}


def envelope(flags: int, data: bytes, length: int | None = None) -> bytes:
    return bytes([flags]) + (len(data) if length is None else length).to_bytes(4, "big") + data


def as_json(path: str, data: bytes, rng: random.Random) -> bytes:
    """``data`` (the method's request in binary) as proto3 JSON, maybe spoilt: a key misspelt or
    unknown, a value of the wrong type; raw bytes if ``data`` is not a request."""
    service, method = path.strip("/").split("/")
    descriptor = next(m for s in SERVICES for m in s.methods if s.full_name == service and m.name == method)
    try:
        value = json_format.MessageToDict(message_factory.GetMessageClass(descriptor.input_type).FromString(data))
    except Exception:  # noqa: BLE001 - not a message (random bytes): sent as they are
        return data
    roll = rng.random()
    if roll < 0.15:
        value[rng.choice(["expectedVersoin", "bogus", "gameID", "seat_", "@type"])] = rng.choice([1, "x", None, {}])
    elif roll < 0.3 and value:
        value[rng.choice(list(value))] = rng.choice([-1, 2**70, "nonsense", [], {}, None, True, 1.5, "9" * 400])
    return json.dumps(value).encode()


def browser_request(path: str, data: bytes, streaming: bool, rng: random.Random) -> tuple[dict, bytes]:
    """Headers and body carrying ``data`` to the browser port, as a client would send it, or
    not quite: the protocol, codec, compression and framing are drawn at random."""
    timeout = "300" if streaming else "1000"  # as the gRPC port's deadlines (STREAM_DEADLINE, CALL_DEADLINE)
    form = rng.choice(["connect", "connect", "json", "json", "grpc-web", "connect-stream", "odd"])
    if form in ("json", "connect-stream") and rng.random() < 0.8:
        data = as_json(path, data, rng)
    codec = "json" if form == "json" or (form == "connect-stream" and data[:1] == b"{") else "proto"
    if form in ("connect", "json"):
        headers = {"Content-Type": f"application/{codec}", "Connect-Protocol-Version": "1",
                   "Connect-Timeout-Ms": timeout}
        if rng.random() < 0.15:
            headers["Content-Encoding"] = "gzip"
            data = rng.choice([gzip.compress(data), gzip.compress(data)[:-rng.randint(1, 8)], data])
        return headers, data
    if form in ("grpc-web", "connect-stream"):
        headers = ({"Content-Type": f"application/grpc-web+{codec}", "X-Grpc-Web": "1", "grpc-timeout": f"{timeout}m"}
                   if form == "grpc-web" else
                   {"Content-Type": f"application/connect+{codec}", "Connect-Timeout-Ms": timeout})
        flags, length = 0, None
        if rng.random() < 0.2:
            headers["grpc-encoding" if form == "grpc-web" else "Connect-Content-Encoding"] = rng.choice(["gzip", "lz4"])
            flags, data = 1, rng.choice([gzip.compress(data), data])
        if rng.random() < 0.1:
            flags = rng.choice([1, 2, 0x80, 0xFF])
        if rng.random() < 0.1:
            length = rng.choice([0, len(data) + 1, 2**32 - 1])
        body = envelope(flags, data, length)
        return headers, rng.choice([body, body, body, body + envelope(0, b""), body[:3]])
    return rng.choice([  # what no client sends
        ({"Content-Type": "application/grpc", "grpc-timeout": f"{timeout}m"}, envelope(0, data)),
        ({"Content-Type": "text/plain", "Connect-Timeout-Ms": timeout}, data),
        ({"Content-Type": "application/json", "Connect-Timeout-Ms": rng.choice(["-1", "0", "x", "9" * 12])}, b"{}"),
        ({"Content-Type": "application/grpc-web", "grpc-timeout": rng.choice(["9999999999S", "1X", "m"])},
         envelope(0, data)),
        ({"Content-Type": "application/proto", "Connect-Protocol-Version": rng.choice(["2", ""]),
          "Connect-Timeout-Ms": timeout}, data),
    ])


def browser_outcome(status: int, headers: dict, payload: bytes) -> str:
    """A browser-port answer as a code's name: a Connect error's code, a gRPC-Web status (in the
    headers, or the trailers' frame), a Connect stream's end message, or HTTP_<status>."""
    kind = headers.get("content-type", "")
    if kind.startswith("application/grpc-web"):
        trailers = headers.get("grpc-status")
        if trailers is None:  # the status is in the last frame, flag 0x80
            at = 0
            while at + 5 <= len(payload):
                flags, size = payload[at], int.from_bytes(payload[at + 1:at + 5], "big")
                if flags & 0x80:
                    for line in payload[at + 5:at + 5 + size].decode("latin-1").split("\r\n"):
                        if line.lower().startswith("grpc-status:"):
                            trailers = line.split(":", 1)[1].strip()
                at += 5 + size
        return GRPC_STATUS_NAMES.get(int(trailers), "UNKNOWN") if trailers else "HTTP_NO_STATUS"
    if kind.startswith("application/connect+"):
        at, code = 0, "OK"
        while at + 5 <= len(payload):
            flags, size = payload[at], int.from_bytes(payload[at + 1:at + 5], "big")
            if flags & 0x02:
                error = json.loads(payload[at + 5:at + 5 + size] or b"{}").get("error")
                code = error["code"].upper() if error else "OK"
            at += 5 + size
        return "CANCELLED" if code == "CANCELED" else code
    if status == 200:
        return "OK"
    if kind.startswith("application/json"):
        code = json.loads(payload).get("code", "")
        return "CANCELLED" if code == "canceled" else code.upper() or f"HTTP_{status}"
    return f"HTTP_{status}"


CALLERS = concurrent.futures.ThreadPoolExecutor(CONCURRENT_CALLS)
VIEWS = real_views()
