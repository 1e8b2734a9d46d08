"""The TypeScript client (clients/typescript) against a real server, from Node.

``npm test`` there type-checks the package, checks that the generated code is
fresh and runs its unit tests; ``npm run e2e`` plays every game and mode to
the end over the native gRPC port and over the browser port (Connect binary
and JSON, gRPC-Web, and the browser build's fetch transport), all-human and
with bots, and checks error details and watch streams
(clients/typescript/test/e2e/play.test.ts), and runs the example external bot
(examples/external_bot.mts) against hosted games. Node and the package's
node_modules come from the test command (scripts/test: npm ci); without them
this test fails, it does not skip.
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest
from google.protobuf import json_format

from boardbot.engine import registry
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.config import ConnectionOptions
from boardbot.server.convert import to_proto
from boardbot.v1 import common_pb2
from conftest import LONG

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "clients" / "typescript"



def _three_players(game: str) -> dict:
    players = registry.get(game).param("players")
    return {"players": min(max(3, players.minimum), players.maximum)}


# Every registered game at three players where it can (the engine tests cover every player count),
# each solo mode, and the other modes of the games that have some.
MODES = [(game, _three_players(game)) for game in registry.names()] + [
    (game.name, {"players": 1}) for game in registry.all_games() if game.solo is not None] + [
    ("fritanga", {"players": 4, "mode": "teams"}),
    ("fritanga", {"players": 3, "mode": "chef"}),
]


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("Node.js and npm are needed (scripts/test installs the TypeScript client's packages)")
    if not (PACKAGE / "node_modules" / ".bin" / "tsc").exists():
        pytest.fail("clients/typescript/node_modules is missing: run npm ci there (scripts/test does)")
    return npm


def _cases(tmp_path) -> pathlib.Path:
    cases = []
    for game, partial in MODES:
        config = registry.get(game).validate(dict(partial))
        message = to_proto(common_pb2.GameConfig, game, config)
        label = ", ".join(f"{k}={v}" for k, v in partial.items())
        cases.append({"name": f"{game} ({label})", "game": game, "players": config["players"],
                      "config": json_format.MessageToDict(message)})
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    return path


def test_npm_test_passes():
    result = subprocess.run([_npm(), "test"], cwd=PACKAGE, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]


def test_node_plays_every_game_over_both_ports(tmp_path):
    npm = _npm()
    logs.configure(enabled=False)
    server = BackgroundServer(http_address="127.0.0.1:0")
    # connections that end every 0.5 s (streams 0.2 s later): test/e2e/resume.test.ts watches across them
    aging = BackgroundServer(connections=ConnectionOptions(max_connection_age=0.5, max_connection_age_grace=0.2))
    try:
        env = dict(os.environ, BOARDBOT_GRPC_URL=f"http://{server.address}",
                   BOARDBOT_HTTP_URL=f"http://{server.running.http.address}", BOARDBOT_CASES=str(_cases(tmp_path)),
                   BOARDBOT_AGING_GRPC_URL=f"http://{aging.address}")
        result = subprocess.run([npm, "run", "e2e"], cwd=PACKAGE, env=env, capture_output=True, text=True,
                                timeout=900)
    finally:
        server.stop()
        aging.stop()
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-6000:]
    assert "# fail 0" in out and "# skipped 0" in out, out[-3000:]
    passed = int(out.split("# pass ")[1].split()[0])
    # each case played over two transports (over all 5 with BOARDBOT_LONG=1: test/e2e/play.test.ts),
    # 5 transports x (four API tests + a finished game's record, test/e2e/records.test.ts), the watch
    # across aged connections, and the example bot (examples/external_bot.mts) over gRPC and Connect, a
    # bot account's one stream over both, and an offer withdrawn then the example with --bot-token
    # over both (test/e2e/bot.test.ts)
    assert passed == (5 if LONG else 2) * len(MODES) + 5 * 5 + 1 + 2 + 2 + 2, out[-3000:]
    for variant in ("every seat human", "bots in all seats but one"):  # each transport plays both ways
        for transport in ("grpc", "connect", "connect-json", "grpc-web", "web-fetch"):
            assert any(line.startswith("ok ") and f" - {transport}: " in line and line.endswith(variant)
                       for line in out.splitlines()), (transport, variant)
