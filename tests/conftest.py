import os

import pytest

LONG = os.environ.get("BOARDBOT_LONG") == "1"

# `boardbot serve` started by a test takes a free port for its browser port unless the test says
# otherwise, so servers running side by side do not fight over 127.0.0.1:8080.
os.environ.setdefault("BOARDBOT_HTTP_ADDRESS", "127.0.0.1:0")


def scaled(short: int, long: int) -> int:
    """A count for the always-on short run, or the long property run."""
    return long if LONG else short


# Share of steps whose every-seat view checks run in the short run (the long
# run checks every step). Moves are still applied and checked at every step.
STEP_FRACTION = 1.0 if LONG else float(os.environ.get("BOARDBOT_STEP_FRACTION", "0.35"))


@pytest.fixture
def long_run() -> bool:
    return LONG


# The files whose tests take longest (from about 20 s to three minutes of a worker's time: browsers,
# Node, C++ compiles, several servers, the every-step property runs), longest first. scripts/test
# hands whole files to its pytest-xdist workers (--dist loadfile) in collection order; handing these
# out first keeps one from starting last and leaving the other workers idle at the end.
HEAVY_FIRST = ("test_pure_build.py", "test_web_app.py", "test_web_units.py", "test_engine_generic.py", "test_typescript_client.py", "test_proto_codegen.py",
               "test_hidden_moves.py", "test_ai.py", "test_proto_convert.py", "test_processes.py",
               "test_packaging.py", "test_restart.py")


def pytest_collection_modifyitems(config, items):
    def rank(item):
        name = item.path.name
        return HEAVY_FIRST.index(name) if name in HEAVY_FIRST else len(HEAVY_FIRST)
    items.sort(key=rank)  # stable: each file keeps its own order


# --- a real server on a free loopback port, and clients for it -----------------
import random as _random  # noqa: E402

import grpc  # noqa: E402
from google.rpc import error_details_pb2  # noqa: E402
from grpc_status import rpc_status  # noqa: E402


@pytest.fixture(scope="session")
def server():
    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer
    from boardbot.server.limits import Limits

    logs.configure(enabled=False)
    # thousands of games from one address over the session: the creation rate limit and the
    # cap on one client's stored games are off here (tests/test_watch_limits.py and
    # tests/test_client_quota.py test them)
    srv = BackgroundServer(limits=Limits(creates_per_second_per_client=0, max_games_per_client=0))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def pool():
    """Two search worker processes, niced as ``boardbot serve`` starts them."""
    from boardbot.ai.pool import SearchPool

    p = SearchPool(2, nice=5)
    yield p
    p.close()


@pytest.fixture(scope="module")
def ai_server(pool):
    """A real server whose searches run on ``pool`` (BotService as served)."""
    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer

    logs.configure(enabled=False)
    srv = BackgroundServer(pool=pool)
    yield srv
    srv.stop()


@pytest.fixture
def ai(ai_server):
    from boardbot.client import Client

    c = Client(ai_server.address)
    yield c
    c.close()


@pytest.fixture
def client(server):
    from boardbot.client import Client

    c = Client(server.address)
    yield c
    c.close()


def error_of(fn, *args, **kwargs):
    """Call ``fn``, expect a grpc.RpcError; returns (code, message, details by type name)."""
    try:
        fn(*args, **kwargs)
    except grpc.RpcError as err:
        status = rpc_status.from_call(err)
        details = {}
        if status is not None:
            for box in status.details:
                for cls in (error_details_pb2.ErrorInfo, error_details_pb2.BadRequest,
                            error_details_pb2.PreconditionFailure):
                    if box.Is(cls.DESCRIPTOR):
                        msg = cls()
                        box.Unpack(msg)
                        details[cls.__name__] = msg
        return err.code(), err.details(), details
    raise AssertionError("the call succeeded; an error was expected")


def play_randomly(seat, rng: _random.Random, version_check: bool = True):
    """Play ``seat`` (a boardbot.client.Seat) with random legal moves to the end; the last view."""
    for _, view in seat.watch():
        if view.finished:
            return view
        if view.my_turn:
            move = rng.choice(view.legal_moves)
            seat.play(move_id=move.id, expected_version=view.version if version_check else None)
    raise AssertionError("the watch stream ended before the game")


def wait_until_finished(game, seconds: float = 10.0) -> None:
    """Wait for ``game`` (a boardbot.client.Game whose seats are all bots) to be played to its end."""
    import time

    from boardbot.v1 import common_pb2

    deadline = time.monotonic() + seconds
    while game.info().status != common_pb2.GAME_STATUS_FINISHED:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.01)


def my_turn_game(client, name="frogriders", seed=1, players=None):
    """A game of humans at a position where seat ``decider`` has several moves."""
    from boardbot.engine import registry

    players = players or registry.get(name).validate({})["players"]
    config = {"players": players} if players != registry.get(name).validate({})["players"] else None
    game = client.create_game(name, config, seats=["human"] * players, seed=seed)
    rng = _random.Random(seed)
    while True:
        info = game.info()
        view = game.seat(info.decider).view()
        if len(view.legal_moves) > 1:
            return game, info.decider, view
        game.seat(info.decider).play(move_id=rng.choice(view.legal_moves).id)


def patchable_game() -> tuple[str, type]:
    """A game whose engine state class a test may patch (a compiled one cannot be), and that class:
    tests that stand a changed rule in for a real one patch it."""
    from boardbot.engine import registry

    # the last such game: Frogriders, first in the registry, is what most tests play, and a search
    # another test of the same process left running counted its moves in a patched Frogriders' apply
    for name in reversed(registry.names()):
        cls = type(registry.get(name).new_state({}, 1))
        try:
            cls._patch_probe = None
            del cls._patch_probe
        except (TypeError, AttributeError):
            continue
        return name, cls
    raise AssertionError("no game's state class can be patched")
