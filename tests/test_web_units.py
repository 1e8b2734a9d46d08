"""The web app's unit tests (clients/web/test/unit, Node's test runner, no browser): each game's
pointing logic, what its table highlights and what a click plays, on real views.

The views are recorded here first: a seeded game of each game and mode is played to the end by
random legal moves through a real server (all seats human), and every seat's WatchGame stream
(its views with their legal moves, and the events as that seat sees them) is written as
protobuf JSON, with ListGameTypes, to a folder that ``node scripts/unit.mjs <folder>`` reads.
So the tests run on exactly what the page receives, from the current engines and proto.
"""

import json
import os
import pathlib
import random
import re
import shutil
import subprocess

import pytest
from google.protobuf import json_format

from boardbot.client import Client
from boardbot.client._core import auth
from boardbot.engine import registry
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.v1 import common_pb2, game_service_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "clients" / "web"


def _modes() -> list[tuple[str, str, dict]]:
    """(recording name, game, config): each game at its fewest players and at three where it can,
    each solo mode, Fröccs' bargaining variant and Fritanga's other modes."""
    out = []
    for game in registry.all_games():
        players = game.param("players")
        counts = sorted({max(2, players.minimum), min(3, players.maximum)})
        out += [(f"{game.name}-{n}", game.name, {"players": n}) for n in counts if n >= players.minimum]
        if game.solo is not None:
            out.append((f"{game.name}-solo", game.name, {"players": 1}))
    out += [("fritanga-chef", "fritanga", {"players": 3, "mode": "FRITANGA_MODE_CHEF"}),
            ("fritanga-teams", "fritanga", {"players": 4, "mode": "FRITANGA_MODE_TEAMS"}),
            ("froccs-guest", "froccs", {"players": 3, "everyones_my_guest": True})]
    return out


def record(client: Client, name: str, game: str, config: dict, seed: int, max_versions: int = 400) -> dict:
    """Play one game by random legal moves (at most ``max_versions``); every seat's stream."""
    made = client.create_game(game, config, seats=["human"] * config["players"], seed=seed, reproducible=True)
    rng = random.Random(seed)
    for _ in range(max_versions):
        public = client.get_game(made.game_id)
        if public.status == common_pb2.GAME_STATUS_FINISHED:
            break
        seat = public.decider
        view = client.seat(made.game_id, seat, made.tokens[seat]).view()
        move = view.legal_moves[rng.randrange(len(view.legal_moves))]
        client.seat(made.game_id, seat, made.tokens[seat]).play(move.id, expected_version=view.version)
    last = client.get_game(made.game_id).version
    frames = {}
    for seat, token in made.tokens.items():
        request = game_service_pb2.WatchGameRequest(game_id=made.game_id, seat=seat, from_version=0)
        stream = client.stub.WatchGame(request, metadata=auth(token))
        frames[seat] = []
        for item in stream:
            frames[seat].append(json_format.MessageToDict(item))
            if item.view.version >= last:
                stream.cancel()
                break
    return {"name": name, "game": game, "seats": config["players"], "frames": frames}


def write_fixtures(folder: pathlib.Path, address: str) -> list[str]:
    """The recordings and the game types as JSON files in ``folder``; their names."""
    folder.mkdir(parents=True, exist_ok=True)
    with Client(address) as client:
        types = [json_format.MessageToDict(t) for t in client.game_types()]
        (folder / "game-types.json").write_text(json.dumps(types))
        names = []
        for i, (name, game, config) in enumerate(_modes()):
            (folder / f"{name}.json").write_text(json.dumps(record(client, name, game, config, seed=4800 + i)))
            names.append(name)
    return names


def test_each_games_pointing_logic_in_node(tmp_path):
    if shutil.which("node") is None:
        pytest.fail("Node.js is needed (scripts/test checks for it)")
    if not (WEB / "node_modules").is_dir():
        pytest.fail("clients/web/node_modules is missing: run npm ci there (scripts/test does)")
    logs.configure(enabled=False)
    server = BackgroundServer()
    try:
        names = write_fixtures(tmp_path / "views", server.address)
    finally:
        server.stop()
    assert {n.split("-")[0] for n in names} >= {"frogriders", "froccs", "fritanga", "dulore"}
    result = subprocess.run(["node", "scripts/unit.mjs", str(tmp_path / "views")], cwd=WEB, capture_output=True,
                            text=True, timeout=600, env=dict(os.environ, NO_COLOR="1"))
    print(result.stdout[-8000:])
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-4000:]
    assert "# fail 0" in result.stdout
    for game in registry.names():  # a test file per game, each of whose tests passed
        passed = re.findall(rf"^ok \d+ - {re.escape(game)}: ", result.stdout, re.M)
        assert len(passed) >= 3, f"clients/web/test/unit/{game.replace('-', '_')}.test.mjs: {len(passed)} tests passed"
