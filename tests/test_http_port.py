"""The browser port (server/http_port.py) over real HTTP: the Connect protocol's
JSON form as curl sends it, errors with details, tokens, CORS, deadlines,
cancellation, bounds. The full games over Connect and gRPC-Web, from Node, are
in tests/test_typescript_client.py."""

import base64
import http.client
import json
import socket
import time

import pytest
from google.rpc import error_details_pb2

from boardbot.engine import registry
from boardbot.server import logs
from boardbot.server.app import BackgroundServer

ORIGIN = "https://table.example"


@pytest.fixture(scope="module")
def port():
    logs.configure(enabled=False)
    server = BackgroundServer(http_address="127.0.0.1:0", cors_origins=(ORIGIN,))
    yield server
    server.stop()


def post(server, method: str, body, headers: dict | None = None, service: str = "GameService",
         raw: bytes | None = None, content_type: str = "application/json"):
    host, port = server.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    data = raw if raw is not None else json.dumps(body).encode()
    conn.request("POST", f"/boardbot.v1.{service}/{method}", data,
                 {"Content-Type": content_type, **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), (json.loads(payload) if payload else None)


def detail(error: dict, kind):
    """The first detail of ``kind`` in a Connect error body, decoded from its base64 bytes."""
    for d in error.get("details", []):
        if d["type"] == kind.DESCRIPTOR.full_name:
            msg = kind()
            msg.ParseFromString(base64.b64decode(d["value"] + "=" * (-len(d["value"]) % 4)))
            return msg
    return None


def new_game(server, game="frogriders", players=2):
    status, _, body = post(server, "CreateGame", {"game": game, "seats": [{"kind": "SEAT_KIND_HUMAN"}] * players})
    assert status == 200, body
    tokens = {t.get("seat", 0): t["token"] for t in body["seatTokens"]}
    return body["game"], tokens, body["ownerToken"]


def test_list_game_types_as_json(port):
    status, headers, body = post(port, "ListGameTypes", {})
    assert status == 200
    assert headers["content-type"] == "application/json"
    assert sorted(t["name"] for t in body["gameTypes"]) == sorted(registry.names())


def test_bad_request_is_a_connect_error_with_details(port):
    status, _, body = post(port, "CreateGame", {"game": "frogriders", "seats": [{"kind": "SEAT_KIND_UNSPECIFIED"}]})
    assert status == 400
    assert body["code"] == "invalid_argument"
    bad = detail(body, error_details_pb2.BadRequest)
    assert [v.field for v in bad.field_violations] == ["seats[0].kind"]
    assert detail(body, error_details_pb2.ErrorInfo).domain == "boardbot.v1"
    status, _, body = post(port, "GetGame", {"gameId": "missing"})
    assert (status, body["code"]) == (404, "not_found")
    assert detail(body, error_details_pb2.ErrorInfo).reason == "GAME_NOT_FOUND"


def test_tokens_as_over_grpc(port):
    game, tokens, _ = new_game(port)
    decider = game.get("decider", 0)
    other = 1 - decider
    move = {"gameId": game["gameId"], "seat": decider, "moveId": 0}
    status, _, body = post(port, "SubmitMove", move)
    assert (status, body["code"]) == (401, "unauthenticated")
    status, _, body = post(port, "SubmitMove", move, {"Authorization": f"Bearer {tokens[other]}"})
    assert (status, body["code"]) == (403, "permission_denied")
    status, _, body = post(port, "SubmitMove", move, {"Authorization": "Basic abc"})
    assert (status, body["code"]) == (401, "unauthenticated")
    status, _, body = post(port, "SubmitMove", move, {"Authorization": f"Bearer {tokens[decider]}"})
    assert status == 200 and int(body["version"]) == 1
    status, _, body = post(port, "GetView", {"gameId": game["gameId"], "seat": other})
    assert (status, body["code"]) == (401, "unauthenticated")
    status, _, body = post(port, "GetView", {"gameId": game["gameId"], "seat": other},
                           {"Authorization": f"Bearer {tokens[other]}"})
    assert status == 200 and body["view"]["seat"] == other


def test_undecodable_bodies_are_invalid_argument(port):
    status, _, body = post(port, "GetGame", None, raw=b"{not json")
    assert (status, body["code"]) == (400, "invalid_argument")
    status, _, body = post(port, "GetGame", None, raw=b"\xff\xff\xff", content_type="application/proto")
    assert (status, body["code"]) == (400, "invalid_argument")
    assert "GetGameRequest" in body["message"]


def test_request_body_is_bounded(port):
    status, _, body = post(port, "GetGame", None, raw=b"{" + b" " * (5 * 1024 * 1024) + b"}")
    assert (status, body["code"]) == (429, "resource_exhausted")
    assert post(port, "ListGameTypes", {})[0] == 200  # the port still answers


def preflight(server, origin: str):
    host, p = server.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(p), timeout=10)
    conn.request("OPTIONS", "/boardbot.v1.GameService/CreateGame", headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type,connect-protocol-version"})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}


def test_cors_only_for_the_given_origin(port):
    status, headers = preflight(port, ORIGIN)
    assert status == 200
    assert headers["access-control-allow-origin"] == ORIGIN
    assert "authorization" in headers["access-control-allow-headers"].lower()
    status, headers = preflight(port, "https://elsewhere.example")
    assert status == 400 and "access-control-allow-origin" not in headers
    _, headers, _ = post(port, "ListGameTypes", {}, {"Origin": ORIGIN})
    assert headers.get("access-control-allow-origin") == ORIGIN
    assert "grpc-status-details-bin" in headers.get("access-control-expose-headers", "").lower()


def test_cors_is_off_by_default():
    logs.configure(enabled=False)
    server = BackgroundServer(http_address="127.0.0.1:0")
    try:
        status, headers = preflight(server, ORIGIN)
        assert "access-control-allow-origin" not in headers
        _, headers, _ = post(server, "ListGameTypes", {}, {"Origin": ORIGIN})
        assert "access-control-allow-origin" not in {k.lower() for k in headers}
    finally:
        server.stop()


def test_the_deadline_bounds_a_search(port):
    game, tokens, _ = new_game(port, "czech-pub", 3)
    seat = game.get("decider", 0)
    started = time.monotonic()
    status, _, body = post(port, "SuggestMove", {"gameId": game["gameId"], "seat": seat, "bot": "ismcts",
                                                 "budget": {"time": "20s"}},
                           {"Authorization": f"Bearer {tokens[seat]}", "Connect-Timeout-Ms": "600"},
                           service="BotService")
    elapsed = time.monotonic() - started
    assert status == 200, body
    assert body["stats"]["stop"] == "SEARCH_STOP_DEADLINE"
    assert elapsed < 5, elapsed


def test_a_client_that_leaves_cancels_its_search(port):
    game, tokens, _ = new_game(port, "czech-pub", 3)
    seat = game.get("decider", 0)
    _, _, before = post(port, "GetServingStats", {}, service="BotService")
    body = json.dumps({"gameId": game["gameId"], "seat": seat, "bot": "ismcts", "budget": {"time": "30s"}}).encode()
    host, p = port.running.http.address.rsplit(":", 1)
    sock = socket.create_connection((host, int(p)))
    sock.sendall(b"POST /boardbot.v1.BotService/SuggestMove HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nAuthorization: Bearer " + tokens[seat].encode() +
                 b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    time.sleep(0.5)
    sock.close()
    cancelled = int(before["counters"].get("cancelled", 0))
    for _ in range(100):
        _, _, stats = post(port, "GetServingStats", {}, service="BotService")
        if int(stats["counters"].get("cancelled", 0)) > cancelled and stats.get("running", 0) == 0:
            break
        time.sleep(0.1)
    assert int(stats["counters"].get("cancelled", 0)) == cancelled + 1, stats
    assert stats.get("running", 0) == 0, stats


def test_unknown_paths_are_not_found(port):
    status, _, body = post(port, "Nope", {}, service="NoService")
    assert status == 404 and body["code"] == "unimplemented"
    status, _, body = post(port, "Nope", {})
    assert status == 404


def test_a_chunked_body_is_bounded_too(port):
    host, p = port.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(p), timeout=30)
    chunks = (b" " * 65536 for _ in range(80))  # 5 MiB with no Content-Length
    conn.request("POST", "/boardbot.v1.GameService/GetGame", body=chunks, encode_chunked=True,
                 headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    response = conn.getresponse()
    body = json.loads(response.read())
    conn.close()
    assert (response.status, body["code"]) == (429, "resource_exhausted")


# --- issue 54: bodies a hostile caller sends ---------------------------------------------
def gzip_of_zeros(mib: int) -> bytes:
    """A gzip body inflating to ``mib`` MiB of zeros, built in milliseconds: after a full flush
    every MiB of zeros deflates to the same bytes. (The trailer's CRC is left 0 past 64 MiB:
    a server that refuses the body in time never reaches it.)"""
    import zlib

    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = deflate.compress(bytes(1 << 20)) + deflate.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(bytes(mib << 20)) if mib <= 64 else 0
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + block * mib + deflate.flush() + crc.to_bytes(4, "little")
            + ((mib << 20) & 0xFFFFFFFF).to_bytes(4, "little"))


def rss_mb() -> float:
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_a_gzip_body_is_inflated(port):
    import gzip

    status, _, body = post(port, "ListGameTypes", None, {"Content-Encoding": "gzip"}, raw=gzip.compress(b"{}"))
    assert status == 200 and len(body["gameTypes"]) == 5
    game, tokens, _ = new_game(port)  # and over gRPC-Web, the message flagged compressed
    message = gzip.compress(b"\x0a" + bytes([len(game["gameId"])]) + game["gameId"].encode())
    status, headers, payload = post_raw(port, "GetGame", b"\x01" + len(message).to_bytes(4, "big") + message,
                                        {"Content-Type": "application/grpc-web+proto", "grpc-encoding": "gzip"})
    assert status == 200 and payload[0] == 0 and game["gameId"].encode() in payload, (headers, payload)


def test_a_gzip_bomb_is_refused_without_inflating_it(port):
    """Issue 54: 1 MB of gzip (1 GiB of zeros), no token needed, was inflated in full on the event
    loop: the server went from 91 to 2,080 MB, and every call on both ports stalled 5 s."""
    import concurrent.futures

    import grpc

    from boardbot.v1 import game_service_pb2, game_service_pb2_grpc

    bomb = gzip_of_zeros(1024)
    assert len(bomb) < 1_100_000
    before = rss_mb()
    channel = grpc.insecure_channel(port.address)
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=10)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        bombs = [pool.submit(post, port, "GetGame", None, {"Content-Encoding": "gzip"}, raw=bomb) for _ in range(4)]
        slowest = 0.0
        while not all(b.done() for b in bombs):  # meanwhile the gRPC port answers at once
            started = time.monotonic()
            stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=10)
            slowest = max(slowest, time.monotonic() - started)
        for b in bombs:
            status, _, body = b.result()
            assert (status, body["code"]) == (429, "resource_exhausted")
            assert "inflates to more than 4194304 bytes" in body["message"]
    channel.close()
    assert slowest < 0.5, slowest
    assert rss_mb() - before < 200  # four 4 MiB caps and their copies, not 4 GiB
    envelope = gzip_of_zeros(1024)  # the same inside a gRPC-Web message
    status, headers, _ = post_raw(port, "GetGame", b"\x01" + len(envelope).to_bytes(4, "big") + envelope,
                                  {"Content-Type": "application/grpc-web+proto", "grpc-encoding": "gzip"})
    assert (status, headers["grpc-status"]) == (200, "8")


def post_raw(server, method: str, data: bytes, headers: dict, service: str = "GameService"):
    host, p = server.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(p), timeout=30)
    conn.request("POST", f"/boardbot.v1.{service}/{method}", data, headers)
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, payload


@pytest.mark.parametrize("case", ["not gzip", "gzip cut short", "native grpc", "flagged without compression",
                                  "two messages", "header not utf-8", "grpc-timeout too long", "unknown encoding"])
def test_bad_bodies_get_a_plain_status_not_unknown(port, case):
    """Issue 54: these answered `unknown` (HTTP 500) or INTERNAL with a Python exception's text."""
    import gzip

    grpc_web = {"Content-Type": "application/grpc-web+proto"}
    empty = b"\0\0\0\0\0"
    status, headers, payload = {
        "not gzip": lambda: post_raw(port, "GetGame", b'{"gameId": "x"}',
                                     {"Content-Type": "application/json", "Content-Encoding": "gzip"}),
        "gzip cut short": lambda: post_raw(port, "GetGame", gzip.compress(b'{"gameId": "x"}')[:-6],
                                           {"Content-Type": "application/json", "Content-Encoding": "gzip"}),
        "native grpc": lambda: post_raw(port, "GetGame", empty, {"Content-Type": "application/grpc"}),
        "flagged without compression": lambda: post_raw(port, "GetGame", b"\x01\0\0\0\x02ab", grpc_web),
        "two messages": lambda: post_raw(port, "GetGame", empty * 2, grpc_web),
        "header not utf-8": lambda: post_raw(port, "GetGame", b"{}", {"Content-Type": "application/json",
                                                                     "Authorization": "Bearer \xff\xfe"}),
        "grpc-timeout too long": lambda: post_raw(port, "GetGame", empty,
                                                  {**grpc_web, "grpc-timeout": "9999999999999S"}),
        "unknown encoding": lambda: post_raw(port, "GetGame", empty, {**grpc_web, "grpc-encoding": "lz4"}),
    }[case]()
    text = payload.decode("utf-8", "replace") + headers.get("grpc-message", "")
    assert "Traceback" not in text and "Not a gzipped" not in text and "ASGI" not in text and "Error" not in text
    if case == "native grpc":
        assert status == 415 and "gRPC port" in text
    elif case in ("flagged without compression", "two messages", "grpc-timeout too long"):
        assert (status, headers["grpc-status"]) == (200, "3"), (headers, payload)
    elif case == "unknown encoding":
        assert (status, headers["grpc-status"]) == (200, "12"), (headers, payload)
    else:
        assert (status, json.loads(payload)["code"]) == (400, "invalid_argument"), payload


def test_unknown_json_keys_are_invalid_argument_naming_the_field(port):
    """A misspelt expectedVersion must not drop the version check in silence."""
    game, tokens, _ = new_game(port)
    seat = game.get("decider", 0)
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    status, _, body = post(port, "SubmitMove", {"gameId": game["gameId"], "seat": seat, "moveId": 0,
                                                "expectedVersoin": "7"}, auth)
    assert (status, body["code"]) == (400, "invalid_argument")
    assert [v.field for v in detail(body, error_details_pb2.BadRequest).field_violations] == ["expectedVersoin"]
    assert detail(body, error_details_pb2.ErrorInfo).reason == "UNKNOWN_FIELD"
    status, _, body = post(port, "GetGame", {"gameId": game["gameId"]})
    assert status == 200 and int(body["game"].get("version", 0)) == 0  # nothing was played
    status, _, body = post(port, "CreateGame", {"game": "frogriders", "seats": [{"kind": "SEAT_KIND_HUMAN"},
                                                                                 {"kindd": "SEAT_KIND_HUMAN"}]})
    assert (status, body["code"]) == (400, "invalid_argument")
    assert [v.field for v in detail(body, error_details_pb2.BadRequest).field_violations] == ["seats[1].kindd"]
    status, _, body = post(port, "SubmitMove", {"game_id": game["gameId"], "seat": seat, "move_id": 0,
                                                "expected_version": "0"}, auth)
    assert status == 200 and int(body["version"]) == 1  # the proto's own field names are known keys


def test_a_request_body_must_arrive_in_time(port, monkeypatch):
    """Issue 54: a body sent a byte at a time held its connection for ever (a slow head did not)."""
    from boardbot.server import connections

    monkeypatch.setattr(connections, "REQUEST_BODY_SECONDS", 1.0)
    host, p = port.running.http.address.rsplit(":", 1)
    sock = socket.create_connection((host, int(p)))
    sock.sendall(b"POST /boardbot.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    sock.settimeout(10)
    started = time.monotonic()
    for _ in range(8):  # a byte now and then, never the whole body
        try:
            sock.sendall(b" ")
        except OSError:
            break
        time.sleep(0.25)
    try:
        assert sock.recv(100) == b""  # closed, with nothing to answer
    except ConnectionResetError:
        pass
    assert time.monotonic() - started < 5
    sock.close()
    status, _, body = post(port, "ListGameTypes", {})  # a body sent whole is served as before
    assert status == 200


@pytest.mark.parametrize("protocol", ["connect", "grpc-web"])
def test_a_watch_ends_at_its_deadline(port, protocol):
    """connectrpc passes a call's timeout on but does not keep it: a WatchGame on a quiet game
    with a 300 ms deadline went on until the client left. It ends DEADLINE_EXCEEDED, as on gRPC."""
    game, _, _ = new_game(port)
    message = b"\x0a" + bytes([len(game["gameId"])]) + game["gameId"].encode()
    headers = ({"Content-Type": "application/connect+proto", "Connect-Timeout-Ms": "300"} if protocol == "connect"
               else {"Content-Type": "application/grpc-web+proto", "grpc-timeout": "300m"})
    started = time.monotonic()
    status, answer, payload = post_raw(port, "WatchGame", b"\0" + len(message).to_bytes(4, "big") + message, headers)
    assert time.monotonic() - started < 3
    assert status == 200 and payload[0] == 0  # the first view came
    assert (b"deadline_exceeded" if protocol == "connect" else b"grpc-status: 4") in payload, payload[-200:]
