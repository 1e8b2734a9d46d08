"""A server on its default SQLite store, killed with SIGKILL in the middle of games and
restarted on the same data, loses nothing: every acknowledged move is there, every game
answers, watch streams resume from any version, a retried request is recognised, the bot
seats whose turn it was (a search among them) move on their own, and every game is then
played to its end. The same with `--processes 2` on the one file, every process SIGKILLed
at once."""

import os
import random
import signal
import threading
import time
import uuid

import grpc
import psutil
import pytest

from boardbot.client import Client
from boardbot.v1 import common_pb2

from tests.processes import Serve

HUMAN = "human"
BOT_WAIT_SECONDS = 30.0
# a bot whose search is running when the server is killed
SEARCHING_BOT = "ismcts:time=0.4"


class Watcher(threading.Thread):
    """A WatchGame stream read in a thread: the versions it saw, and how it ended."""

    def __init__(self, seat, from_version=None):
        super().__init__(daemon=True)
        self.seat, self.from_version = seat, from_version
        self.versions: list[int] = []
        self.error: grpc.RpcError | None = None
        self.start()

    def run(self):
        try:
            for _, view in self.seat.watch(from_version=self.from_version, resume=False):
                self.versions.append(view.version)
        except grpc.RpcError as err:
            self.error = err


def human_seats(specs):
    return [q for q, spec in enumerate(specs) if spec == HUMAN]


def wait_for_a_human(game, specs, deadline=BOT_WAIT_SECONDS):
    """The game once a human seat is to move or it is over (the bots play meanwhile)."""
    until = time.monotonic() + deadline
    while True:
        info = game.info()
        if not info.HasField("decider") or specs[info.decider] == HUMAN:
            return info
        if time.monotonic() > until:
            raise AssertionError(f"the bot seat {info.decider} of {game.game_id} did not move at version {info.version}")
        time.sleep(0.02)


def play_one(game, specs, rng, acknowledged):
    """One random move of the human seat to move; the acknowledged reply is recorded."""
    info = wait_for_a_human(game, specs)
    if not info.HasField("decider"):
        return False
    seat = game.seat(info.decider)
    view = seat.view()
    request = {"move_id": rng.randrange(len(view.legal_moves)), "expected_version": view.version,
               "request_id": uuid.uuid4().hex}
    reply = seat.play(**request)
    acknowledged.append((info.decider, request, reply))
    return True


def kill_every_process(server) -> None:
    """SIGKILL to the server and each of its processes at once: none can shut down."""
    pids = [server.proc.pid] + [child.pid for child in psutil.Process(server.proc.pid).children(recursive=True)]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    server.proc.wait(10)


@pytest.mark.parametrize("processes", [1, 2])
def test_a_killed_server_restarts_with_every_acknowledged_move(tmp_path, processes):
    args = ["--data-dir", str(tmp_path / "data"), "--ai-workers", "1", "--bot-processes", "0",
            "--processes", str(processes)]
    server = Serve(args, tmp_path / "serve.log")
    address = server.address
    client = Client(address, timeout=15)
    rng = random.Random(18)
    tables = [("frogriders", [HUMAN, HUMAN], 1), ("frogriders", [HUMAN, "random"], 2),
              ("czech-pub", [HUMAN, "greedy", "random"], 3), ("frogriders", [HUMAN, SEARCHING_BOT], 4)]
    games = []
    try:
        for name, specs, seed in tables:
            games.append((client.create_game(name, seats=specs, seed=seed, reproducible=True), specs, []))
        watchers = [Watcher(game.spectator()) for game, _, _ in games]
        watchers.append(Watcher(games[1][0].seat(0)))
        for game, specs, acknowledged in games[:3]:
            for _ in range(6):
                play_one(game, specs, rng, acknowledged)
        # the search game: the human moves until the bot is searching
        searching, search_specs, search_acks = games[3]
        for _ in range(3):
            play_one(searching, search_specs, rng, search_acks)
        before_kill = {game.game_id: game.info().version for game, _, _ in games}
        while searching.info().decider != 1:
            play_one(searching, search_specs, rng, search_acks)
            before_kill[searching.game_id] = search_acks[-1][2].version
        kill_every_process(server)  # the search (0.4 s) has just started
        for watcher in watchers:
            watcher.join(10)
            assert not watcher.is_alive() and watcher.error is not None
            assert watcher.error.code() == grpc.StatusCode.UNAVAILABLE

        server = Serve(args, tmp_path / "serve.log", address=address)
        for game, specs, acknowledged in games:
            info = game.info()
            assert info.version >= before_kill[game.game_id]
            for seat in human_seats(specs):  # GetView of every seat (and the spectator) answers
                assert game.seat(seat).view().version >= before_kill[game.game_id]
            assert game.spectator().view().version >= before_kill[game.game_id]
            # every acknowledged move is there, at its version, as the seat saw it acknowledged
            last = max(reply.version for _, _, reply in acknowledged)
            by_seat = {}
            for seat in human_seats(specs):
                seen = {}
                for event, view in game.seat(seat).watch(from_version=0):
                    if event is not None:
                        seen[event.version] = event
                    if view.version >= last:
                        break
                by_seat[seat] = seen
            for seat, request, reply in acknowledged:
                event = by_seat[seat][reply.version]
                assert (event.kind, event.seat, event.by_bot) == ("move", seat, False)
                assert event.text == reply.move_text and event.move is not None
            # the last acknowledged request, retried: the same answer, nothing applied again
            seat, request, reply = acknowledged[-1]
            now = game.info().version
            assert game.seat(seat).play(**request) == reply
            end, again = game.info().version, []  # bot seats may move meanwhile; no human move may
            for event, view in game.seat(seat).watch(from_version=now):
                if event is not None and not event.by_bot:
                    again.append(event)
                if view.version >= end:
                    break
            assert again == []
        # the search that the kill interrupted runs again, and the bot moves on its own
        info = wait_for_a_human(searching, search_specs)
        assert info.version > before_kill[searching.game_id]
        # watch streams resume where they stopped
        resumed = [Watcher(watcher.seat, from_version=watcher.versions[-1]) for watcher in watchers]
        for game, specs, acknowledged in games:
            while play_one(game, specs, rng, acknowledged):
                pass
            assert game.info().status == common_pb2.GAME_STATUS_FINISHED
        for before, after in zip(watchers, resumed):
            after.join(30)
            assert after.error is None and not after.is_alive()
            assert after.versions[0] == before.versions[-1]
            seen = before.versions + after.versions[1:]
            assert seen == list(range(seen[0], seen[-1] + 1))  # no version missed, none twice
        for (game, _, _), watcher in zip(games, resumed):
            assert watcher.versions[-1] == game.info().version
    finally:
        client.close()
        server.stop()
