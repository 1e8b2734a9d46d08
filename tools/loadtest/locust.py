"""boardbot's simulated players on Locust: load from as many machines as it takes (docs/loadtest.md).

``BoardbotUser`` plays as a ``boardbot loadtest`` client does: CreateGame with its seat and bot
seats, GetView, on its turn a random move or BotService.SuggestMove's, SubmitMove, waiting for the
bot seats by polling GetView or on a WatchGame stream, DeleteGame; then its next game. Its options
are ``boardbot loadtest``'s definitions and checks (``SHARED``; ``RENAMED`` where Locust has the
name), given the Locust way (command line, config file, LOCUST_* variables) and sent by a master to
its workers. The server is Locust's ``--host``, HOST:PORT (``--tls-ca`` for TLS).

Locust's statistics get the names ``boardbot loadtest``'s report uses. Type "grpc": every call,
named after its RPC; a failure is filed under its status code. Type "ai": "SuggestMove over
budget" (its latency minus ``--budget``, 0 when within it), and with ``--wait watch`` "bot move"
(the server's bot seats, timed from WatchGame event times) and "bot move over budget" (with
``--bot-budget``). Type "game": "game", a whole game, from CreateGame to the view that ends it (in a
distributed run one entry per worker, "game (worker N)").

    locust -f examples/locustfile.py --host 127.0.0.1:50051 --game frogriders --moves suggest --budget 0.1
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import sys
import time

from locust import User, constant, events, task  # first: gevent patches the standard library
from locust.runners import MasterRunner, WorkerRunner

from boardbot.tools.cli import GRPC_EXPERIMENTS

if "grpc" not in sys.modules:  # the I/O manager of boardbot loadtest (tools/cli.py)
    os.environ.setdefault("GRPC_EXPERIMENTS", GRPC_EXPERIMENTS)

import gevent  # noqa: E402
import gevent.event  # noqa: E402
import grpc  # noqa: E402
import grpc.experimental.gevent  # noqa: E402

grpc.experimental.gevent.init_gevent()  # gRPC's supported gevent integration: before any channel

from boardbot.client import tls_credentials  # noqa: E402
from boardbot.v1 import bot_service_pb2_grpc, game_service_pb2_grpc  # noqa: E402

from . import cli  # noqa: E402
from .backends import FINISHED, CallError, Handle, Requests, bot_move, view_info  # noqa: E402
from .driver import BACKOFF_CODES, BACKOFF_SECONDS, Options  # noqa: E402

# boardbot loadtest's options that a player on Locust takes; renamed where Locust has the name
SHARED = ("--game", "--config", "--bots", "--seat", "--moves", "--suggest-bot", "--budget", "--budget-iterations",
          "--suggest-fraction", "--bot-budget", "--wait", "--poll-interval", "--timeout", "--seed", "--request-ids",
          "--keep-games", "--tls-ca", "--tls-cert", "--tls-key")
RENAMED = {"--config": "--game-config", "--tls-cert": "--tls-client-cert", "--tls-key": "--tls-client-key"}


def _loadtest_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardbot on Locust", add_help=False)
    cli.add_arguments(parser)
    return parser


def _shared_actions() -> list[argparse.Action]:
    return [a for a in _loadtest_parser()._actions if a.option_strings and a.option_strings[0] in SHARED]


@events.init_command_line_parser.add_listener
def add_options(parser, **_) -> None:
    for action in _shared_actions():
        many = isinstance(action, argparse._AppendAction)  # repeated: the web UI would split them on commas
        kwargs = dict(dest="boardbot_" + action.dest, default=action.default, help=action.help,
                      include_in_web_ui=not many, action="store_true" if action.nargs == 0 else
                      "append" if many else "store")
        if action.nargs != 0:
            kwargs.update(type=action.type, choices=action.choices, metavar=action.metavar)
        name = RENAMED.get(action.option_strings[0], action.option_strings[0])
        parser.add_argument(name, env_var="LOCUST_" + name[2:].upper().replace("-", "_"), **kwargs)


def options(environment, host: str | None = None) -> Options:
    """The load's options from Locust's, checked as ``boardbot loadtest`` checks its own (a wrong
    one ends the process with the message)."""
    argv = ["--target", host or environment.host or ""]
    for action in _shared_actions():
        value = getattr(environment.parsed_options, "boardbot_" + action.dest, None)
        if value is None or value is False:
            continue
        name = action.option_strings[0]
        argv += [name] if action.nargs == 0 else [part for v in (value if isinstance(value, list) else [value])
                                                   for part in (name, str(v))]
    return cli.options_from(_loadtest_parser().parse_args(argv))


@events.init.add_listener
def _check(environment, **_) -> None:
    """A wrong option stops a master or a local run before any load (workers get the master's)."""
    if environment.parsed_options is not None and not isinstance(environment.runner, WorkerRunner):
        options(environment, environment.host or "host-given-later:0")


@events.test_start.add_listener
def _configure(environment, **_) -> None:
    if not isinstance(environment.runner, MasterRunner):
        environment.boardbot_options = options(environment)


_players = itertools.count()
_games = itertools.count()


class BoardbotUser(User):
    """A simulated boardbot player, one game after another (module docstring). One gRPC channel,
    so one connection, per player, as each player of a real frontend has: a load balancer spreads
    the players over the servers. ``wait_time`` is between games (none: a closed loop, as
    ``boardbot loadtest --clients N``); a subclass may set its own."""

    abstract = True  # Locust plays its subclasses: examples/locustfile.py's Player
    wait_time = constant(0)

    def on_start(self) -> None:
        self.opts = opts = self.environment.boardbot_options
        self.requests = Requests(opts)
        credentials = tls_credentials(*opts.tls) if opts.tls else None
        self.channel = (grpc.secure_channel(opts.target, credentials) if credentials
                        else grpc.insecure_channel(opts.target))
        self.game_stub = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bot_stub = bot_service_pb2_grpc.BotServiceStub(self.channel)
        runner = self.environment.runner
        worker = runner.worker_index if isinstance(runner, WorkerRunner) else None
        self.game_name = "game" if worker is None else f"game (worker {worker})"
        number = next(_players)
        self.rng = random.Random(opts.seed * 7919 + (worker or 0) * 1_000_003 + number)
        # grpcio's gevent integration waits for each call's answer, and each stream's next message, in a
        # thread of gevent's hub threadpool (10 by default): two per player, or the players queue for them
        threads = gevent.get_hub().threadpool
        threads.maxsize = max(threads.maxsize, 2 * number + 4)
        self.playing: Handle | None = None

    def on_stop(self) -> None:
        h, self.playing = self.playing, None
        if h is not None:  # stopped mid-game: deleted unmeasured, as boardbot loadtest does
            self._finish(h, measured=False)
        self.channel.close()

    def _report(self, kind: str, name: str, ms: float, error: str | None = None, length: int = 0) -> None:
        self.environment.events.request.fire(request_type=kind, name=name, response_time=ms, response_length=length,
                                             exception=CallError(error) if error else None, context={})

    def _call(self, name: str, method, request, metadata=(), timeout: float | None = None):
        """One timed call: the reply, or None when it failed (reported under its status code)."""
        start = time.perf_counter()
        try:
            reply = method(request, metadata=metadata, timeout=timeout or self.opts.timeout)
        except grpc.RpcError as err:
            self._report("grpc", name, (time.perf_counter() - start) * 1000, err.code().name)
            if err.code().name in BACKOFF_CODES:
                gevent.sleep(BACKOFF_SECONDS)
            return None
        self._report("grpc", name, (time.perf_counter() - start) * 1000, length=reply.ByteSize())
        return reply

    def _over_budget(self, name: str, seconds: float, budget: float | None) -> None:
        if budget is not None:
            self._report("ai", f"{name} over budget", max(0.0, seconds - budget) * 1000)

    @task
    def play_game(self) -> None:
        opts, rng, pb = self.opts, self.rng, self.requests.pb
        scenario = opts.scenarios[next(_games) % len(opts.scenarios)]
        seat = opts.human_seat if opts.human_seat is not None else rng.randrange(scenario.players)
        h = Handle(scenario, seat % scenario.players)
        started = time.perf_counter()
        reply = self._call("CreateGame", self.game_stub.CreateGame,
                           self.requests.create_request(scenario, h.seat, rng.getrandbits(63)))
        if reply is None:
            return
        self.playing = h
        h.game_id = reply.game.game_id
        h.metadata = (("authorization", "Bearer " + next(t.token for t in reply.seat_tokens if t.seat == h.seat)),)
        h.owner_metadata = (("authorization", f"Bearer {reply.owner_token}"),)
        h.created = reply.game.create_time.seconds + reply.game.create_time.nanos * 1e-9
        if opts.wait == "watch":
            h.changed = gevent.event.Event()
            h.watch = self.game_stub.WatchGame(pb.WatchGameRequest(game_id=h.game_id, seat=h.seat, from_version=0),
                                               metadata=h.metadata)
            h.watch_task = gevent.spawn(self._watch, h)
        errors = 0
        while errors <= opts.max_errors_per_game:
            reply = self._call("GetView", self.game_stub.GetView, pb.GetViewRequest(game_id=h.game_id, seat=h.seat),
                               h.metadata)
            if reply is None:
                errors += 1
                continue
            view = view_info(reply.view)
            if view.finished:
                self._report("game", self.game_name, (time.perf_counter() - started) * 1000)
                break
            if not view.moves:
                self._wait(h, view.version)
                continue
            move_id = None
            if opts.moves == "suggest" and (opts.suggest_fraction >= 1.0 or rng.random() < opts.suggest_fraction):
                start = time.perf_counter()
                reply = self._call("SuggestMove", self.bot_stub.SuggestMove,
                                   self.requests.suggest_request(h, rng.getrandbits(63)), h.metadata,
                                   self.requests.suggest_timeout)
                if reply is not None:
                    self._over_budget("SuggestMove", time.perf_counter() - start, opts.budget)
                    move_id = reply.move.id if 0 <= reply.move.id < view.moves else None
            if move_id is None:
                move_id = rng.randrange(view.moves)
            if self._call("SubmitMove", self.game_stub.SubmitMove,
                          self.requests.submit_request(h, move_id, view.version), h.metadata) is None:
                errors += 1
        self.playing = None
        self._finish(h, measured=True)

    def _wait(self, h: Handle, version: int) -> None:
        """Until the bot seats have moved: a poll interval, or the watch stream's next version."""
        if h.watch_task is None:
            gevent.sleep(self.opts.poll_interval)
            return
        while True:  # (no other greenlet runs between clear() and the test: nothing is missed)
            h.changed.clear()
            if h.version > version or h.finished or h.watch_task.dead or not h.changed.wait(self.opts.timeout):
                return

    def _watch(self, h: Handle) -> None:
        previous = h.created
        try:
            for item in h.watch:
                seconds, previous = bot_move(item, previous)
                if seconds is not None:
                    self._report("ai", "bot move", seconds * 1000)
                    self._over_budget("bot move", seconds, self.opts.bot_budget)
                h.version, h.finished = item.view.version, item.view.status == FINISHED
                h.changed.set()
                if h.finished:
                    break
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.CANCELLED:
                self._report("grpc", "WatchGame", 0.0, err.code().name)
        finally:
            h.changed.set()

    def _finish(self, h: Handle, measured: bool) -> None:
        if h.watch is not None:
            h.watch.cancel()
            h.watch_task.join(5)
        request = self.requests.pb.DeleteGameRequest(game_id=h.game_id)
        if self.opts.delete_games and measured:
            self._call("DeleteGame", self.game_stub.DeleteGame, request, h.owner_metadata)
        elif self.opts.delete_games:
            with contextlib.suppress(grpc.RpcError):
                self.game_stub.DeleteGame(request, metadata=h.owner_metadata, timeout=2.0)
