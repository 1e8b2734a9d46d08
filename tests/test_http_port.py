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
