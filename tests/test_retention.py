"""Retention and bounds, end to end: finished games expire with their events after the
retention time, running games never do, and CreateGame past the cap on stored games is
RESOURCE_EXHAUSTED with a reason and a QuotaFailure."""

import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from boardbot.client import Client
from boardbot.server.app import BackgroundServer
from boardbot.server.memory_store import InMemoryStore
from conftest import wait_until_finished


def _quota_failure(err: grpc.RpcError):
    for detail in rpc_status.from_call(err).details:
        failure = error_details_pb2.QuotaFailure()
        if detail.Unpack(failure):
            return failure
    return None


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_finished_games_expire_and_the_cap_is_resource_exhausted(kind, tmp_path):
    from boardbot.server.sqlite_store import SqliteStore

    store = InMemoryStore(max_games=3) if kind == "memory" else SqliteStore(str(tmp_path / "g.sqlite3"), max_games=3)
    # a retention long enough that both finished games are still stored when the cap is tried (at
    # 0.5 s the first one could expire while the second was being waited for, on a busy machine)
    with BackgroundServer(store=store, retention=2.0) as srv, Client(srv.address) as c:
        running = c.create_game("frogriders", seats=["human", "human"], seed=1)
        finished = [c.create_game("frogriders", seats=["random", "random"], seed=s) for s in (2, 3)]
        for game in finished:  # the bots play them to the end at once
            wait_until_finished(game)
        with pytest.raises(grpc.RpcError) as full:
            c.create_game("frogriders", seed=4)
        assert full.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "maximum of 3 games" in full.value.details()
        assert _quota_failure(full.value).violations[0].subject == "games"
        deadline = time.monotonic() + 10
        for game in finished:  # expired after 2 s (the sweep runs every 0.5 s here)
            while True:
                try:
                    game.info()
                except grpc.RpcError as gone:
                    assert gone.code() == grpc.StatusCode.NOT_FOUND
                    break
                assert time.monotonic() < deadline, "the finished game did not expire"
                time.sleep(0.05)
        with pytest.raises(grpc.RpcError) as gone:
            list(finished[1].spectator().watch(from_version=0))
        assert gone.value.code() == grpc.StatusCode.NOT_FOUND
        time.sleep(2.1)
        assert running.info().version == 0  # a running game stays, however old
        c.create_game("frogriders", seed=5)  # room again
        assert len(list(c.list_games())) == 2
