"""A thin typed helper over the generated stubs, for bot authors and tools.

    from boardbot.client import Client

    with Client("127.0.0.1:50051") as client:
        game = client.create_game("frogriders", seats=["human", "random"])
        me = game.seat(0)
        for event, view in me.watch():
            if view.finished:
                print(view.outcome)
                break
            if view.my_turn:
                me.play(move_id=0, expected_version=view.version)   # or text=..., or move={...}

Views, moves and configs are plain dicts in the protobuf JSON mapping of the
per-game messages, with the .proto field names (``View.state``,
``LegalMove.move``): enum values by name (``"FROCCS_PHASE_REACT"``), an unset
optional field absent (a spectator's view has no ``seat``; see
docs/api-contract.md). ``View.message`` is the ``SeatView`` itself. Errors are
``grpc.RpcError``; ``error_details`` decodes their ``google.rpc`` details.

A server with TLS (``boardbot serve --tls-cert``): ``Client(address,
credentials=tls_credentials(ca_file="ca.pem"))``, with ``cert_file`` and
``key_file`` too where it asks for client certificates (``--tls-client-ca``).
Calls that may safely be sent twice are retried by gRPC when the connection
they were sent on was closing (UNAVAILABLE): the server ends every connection
after ``--max-connection-age`` so clients rebalance, and a call can lose that
race (``RETRY_POLICY``).
"""

from __future__ import annotations

import json
import pathlib
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from .v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2, game_service_pb2_grpc

HUMAN = "human"
# gRPC's retry policy (service config) for the calls a retry cannot harm: reads, the
# searches (a pure function of their request), WatchGame (retried only before its first
# message) and SubmitMove (this client always sends a request_id, which the server
# deduplicates). Not CreateGame, Resign or DeleteGame.
RETRIED_CALLS = {"boardbot.v1.GameService": ["GetGame", "GetView", "ListGames", "ListGameTypes", "WatchGame",
                                             "SubmitMove"],
                 "boardbot.v1.BotService": ["ChooseMove", "SuggestMove", "GetServingStats"]}
RETRY_POLICY = {"maxAttempts": 3, "initialBackoff": "0.05s", "maxBackoff": "1s", "backoffMultiplier": 2,
                "retryableStatusCodes": ["UNAVAILABLE"]}
RESUME_ATTEMPTS, RESUME_BACKOFF = 5, 0.1  # Seat.watch: reopenings in a row, and the first wait (s)
GAME_ONEOF = "game"  # the oneof of GameConfig, View and Move that holds the per-game message


def message_dict(container: Message) -> dict:
    """The per-game message inside a GameConfig, View or Move, as a dict (proto
    field names, every field printed)."""
    which = container.WhichOneof(GAME_ONEOF)
    if which is None:
        return {}
    return json_format.MessageToDict(getattr(container, which), preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)


def game_message(container_type: type[Message], game: str, data: Mapping[str, Any]) -> Message:
    """A GameConfig, View or Move holding ``data`` (a dict as ``message_dict`` gives)
    for ``game`` ("czech-pub" travels in the field czech_pub)."""
    container = container_type()
    json_format.ParseDict(dict(data), getattr(container, game.replace("-", "_")))
    return container


def error_details(err: grpc.RpcError) -> dict[str, Message]:
    """The ``google.rpc`` details of a failed call, by type name: ``ErrorInfo``
    (always: ``reason``, ``metadata``), ``BadRequest`` (INVALID_ARGUMENT: the
    field), ``PreconditionFailure``, ``RetryInfo``, ``QuotaFailure``..."""
    status = rpc_status.from_call(err) if hasattr(err, "trailing_metadata") else None
    out: dict[str, Message] = {}
    for any_detail in status.details if status is not None else ():
        name = any_detail.TypeName().rpartition(".")[2]
        cls = getattr(error_details_pb2, name, None)
        if cls is not None:
            detail = cls()
            any_detail.Unpack(detail)
            out[name] = detail
    return out


@dataclass(frozen=True)
class LegalMove:
    id: int
    text: str
    move: dict


@dataclass(frozen=True)
class View:
    """One seat's (or a spectator's: seat None) view at one version."""

    game_id: str
    version: int
    seat: int | None
    decider: int | None  # None once the game is over
    finished: bool
    state: dict
    legal_moves: list[LegalMove]
    outcome: dict | None
    message: common_pb2.SeatView = field(repr=False)

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_moves)

    def find(self, text: str) -> LegalMove:
        for move in self.legal_moves:
            if move.text == text:
                return move
        raise KeyError(f"no legal move reads {text!r}")

    @classmethod
    def from_message(cls, msg: common_pb2.SeatView) -> "View":
        return cls(
            game_id=msg.game_id, version=msg.version, seat=msg.seat if msg.HasField("seat") else None,
            decider=msg.decider if msg.HasField("decider") else None,
            finished=msg.status == common_pb2.GAME_STATUS_FINISHED,
            state=message_dict(msg.view),
            legal_moves=[LegalMove(m.id, m.text, message_dict(m.move)) for m in msg.legal_moves],
            outcome=_outcome(msg),
            message=msg)


@dataclass(frozen=True)
class Event:
    """One change of the game as this observer may see it."""

    version: int
    kind: str  # "move" or "resign"
    seat: int
    by_bot: bool
    text: str
    log: list[str]
    move: dict | None  # only in the acting seat's own events

    @classmethod
    def from_message(cls, msg: common_pb2.Event) -> "Event":
        kind = common_pb2.EventKind.Name(msg.kind).removeprefix("EVENT_KIND_").lower()
        return cls(msg.version, kind, msg.seat, msg.by_bot, msg.move_text, list(msg.log),
                   message_dict(msg.move) if msg.HasField("move") else None)


def _outcome(msg) -> dict | None:
    if not msg.HasField("outcome"):
        return None
    return json_format.MessageToDict(msg.outcome, preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)


def service_config() -> str:
    """The channel's service config: ``RETRY_POLICY`` for ``RETRIED_CALLS``."""
    names = [{"service": service, "method": method} for service, methods in RETRIED_CALLS.items()
             for method in methods]
    return json.dumps({"methodConfig": [{"name": names, "retryPolicy": RETRY_POLICY}]})


def tls_credentials(ca_file: str | None = None, cert_file: str | None = None,
                    key_file: str | None = None) -> grpc.ChannelCredentials:
    """Credentials for a server with TLS: trust ``ca_file`` (PEM; default the system's
    roots) and, for mutual TLS, present ``cert_file`` with its ``key_file``."""
    if (cert_file is None) != (key_file is None):
        raise ValueError("a client certificate needs both cert_file and key_file")
    read = lambda path: pathlib.Path(path).read_bytes() if path else None  # noqa: E731
    return grpc.ssl_channel_credentials(read(ca_file), read(key_file), read(cert_file))


class Client:
    """A connection to a boardbot server (``credentials``: see ``tls_credentials``)."""

    def __init__(self, address: str, timeout: float = 30.0, credentials: grpc.ChannelCredentials | None = None):
        self.address = address
        self.timeout = timeout
        options = [("grpc.service_config", service_config()), ("grpc.enable_retries", 1)]
        self.channel = (grpc.secure_channel(address, credentials, options=options) if credentials is not None
                        else grpc.insecure_channel(address, options=options))
        self.stub = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bots = bot_service_pb2_grpc.BotServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def wait_ready(self, timeout: float = 10.0) -> None:
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    def game_types(self) -> list[common_pb2.GameType]:
        return list(self.stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=self.timeout).game_types)

    def create_game(self, game: str, config: "Mapping[str, Any] | common_pb2.GameConfig | None" = None,
                    seats: Sequence[str] = (), seed: int | None = None, reproducible: bool = False) -> "Game":
        """Start a game; ``seats``: "human" or a bot spec ("random", ...) per seat.
        ``seed`` is mixed with the server's secret unless ``reproducible`` (then the same
        seed and moves give the same game anywhere, and anyone who knows it can work out
        the hidden cards).
        ``config``: a ``GameConfig``, or a dict as ``message_dict`` gives (enum values by
        name: ``{"public_back": "FROGRIDERS_PUBLIC_BACK_FIRST"}``)."""
        request = game_service_pb2.CreateGameRequest(game=game, seed=seed, reproducible=reproducible)
        if isinstance(config, common_pb2.GameConfig):
            request.config.CopyFrom(config)
        elif config:
            request.config.CopyFrom(game_message(common_pb2.GameConfig, game, config))
        for spec in seats:
            if spec == HUMAN:
                request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN)
            else:
                request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot=spec)
        response = self.stub.CreateGame(request, timeout=self.timeout)
        return Game(self, response.game.game_id, {t.seat: t.token for t in response.seat_tokens},
                    response.owner_token, response.game)

    def get_game(self, game_id: str) -> common_pb2.Game:
        return self.stub.GetGame(game_service_pb2.GetGameRequest(game_id=game_id), timeout=self.timeout).game

    def list_games(self, page_size: int = 0, game: str = "") -> Iterator[common_pb2.Game]:
        token = ""
        while True:
            page = self.stub.ListGames(game_service_pb2.ListGamesRequest(
                page_size=page_size, page_token=token, game=game), timeout=self.timeout)
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def seat(self, game_id: str, seat: int | None, token: str | None = None) -> "Seat":
        return Seat(self, game_id, seat, token)

    def choose_move(self, game: str, view: "View | common_pb2.View | Mapping", bot: str = "",
                    seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
                    timeout: float | None = None) -> bot_service_pb2.ChooseMoveResponse:
        """BotService.ChooseMove: a move for the seat whose view this is (a View, its
        message, or its dict). ``timeout`` is the call's deadline."""
        if isinstance(view, View):
            message = view.message.view
        elif isinstance(view, common_pb2.View):
            message = view
        else:
            message = game_message(common_pb2.View, game, view)
        request = bot_service_pb2.ChooseMoveRequest(game=game, view=message, bot=bot,
                                                    budget=_budget(seconds, iterations), seed=seed)
        return self.bots.ChooseMove(request, timeout=timeout or self.timeout)

    def serving_stats(self) -> bot_service_pb2.GetServingStatsResponse:
        return self.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=self.timeout)

    def delete_game(self, game_id: str, owner_token: str) -> None:
        self.stub.DeleteGame(game_service_pb2.DeleteGameRequest(game_id=game_id),
                             metadata=_auth(owner_token), timeout=self.timeout)


@dataclass
class Game:
    """A game created through this client, with its secrets."""

    client: Client
    game_id: str
    tokens: dict[int, str]
    owner_token: str
    created: common_pb2.Game = field(repr=False)

    def seat(self, seat: int) -> "Seat":
        return Seat(self.client, self.game_id, seat, self.tokens.get(seat))

    def spectator(self) -> "Seat":
        return Seat(self.client, self.game_id, None, None)

    def info(self) -> common_pb2.Game:
        return self.client.get_game(self.game_id)

    def delete(self) -> None:
        self.client.delete_game(self.game_id, self.owner_token)


def _budget(seconds: float | None, iterations: int | None) -> bot_service_pb2.SearchBudget:
    budget = bot_service_pb2.SearchBudget(iterations=iterations)
    if seconds is not None:
        budget.time.FromNanoseconds(int(seconds * 1e9))
    return budget


def _resumable(err: grpc.RpcError) -> bool:
    """Whether a watch stream that ended with ``err`` can be opened again from its last version."""
    if err.code() == grpc.StatusCode.UNAVAILABLE:
        return True
    info = error_details(err).get("ErrorInfo")
    return err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and info is not None and info.reason == "STREAM_NOT_READ"


def _auth(token: str | None) -> tuple:
    return (("authorization", f"Bearer {token}"),) if token else ()


class Seat:
    """Acting as one seat (or watching as a spectator when ``seat`` is None)."""

    def __init__(self, client: Client, game_id: str, seat: int | None, token: str | None):
        self.client = client
        self.game_id = game_id
        self.number = seat
        self.token = token

    def view(self) -> View:
        request = game_service_pb2.GetViewRequest(game_id=self.game_id, seat=self.number)
        response = self.client.stub.GetView(request, metadata=_auth(self.token), timeout=self.client.timeout)
        return View.from_message(response.view)

    def play(self, move_id: int | None = None, *, text: str | None = None, move: Mapping | None = None,
             expected_version: int | None = None, request_id: str | None = None,
             game: str | None = None) -> game_service_pb2.SubmitMoveResponse:
        """Make a move by id, by text, or as a move dict (then ``game`` names the game)."""
        request = game_service_pb2.SubmitMoveRequest(
            game_id=self.game_id, seat=self.number if self.number is not None else -1,
            expected_version=expected_version, request_id=request_id or uuid.uuid4().hex)
        given = [x is not None for x in (move_id, text, move)]
        if sum(given) != 1:
            raise ValueError("give exactly one of move_id, text, move")
        if move_id is not None:
            request.move_id = move_id
        elif text is not None:
            request.move_text = text
        else:
            if game is None:
                raise ValueError("a move dict needs the game name")
            request.move.CopyFrom(game_message(common_pb2.Move, game, move))
        return self.client.stub.SubmitMove(request, metadata=_auth(self.token), timeout=self.client.timeout)

    def suggest(self, bot: str = "", seconds: float | None = None, iterations: int | None = None,
                seed: int | None = None, timeout: float | None = None) -> bot_service_pb2.SuggestMoveResponse:
        """BotService.SuggestMove for this seat (nothing is played). ``bot``: a spec
        (default ismcts:medium); ``seconds``/``iterations`` replace its budget;
        ``timeout`` is the call's deadline (the search answers before it)."""
        request = bot_service_pb2.SuggestMoveRequest(game_id=self.game_id, seat=self.number, bot=bot,
                                                     budget=_budget(seconds, iterations), seed=seed)
        return self.client.bots.SuggestMove(request, metadata=_auth(self.token),
                                            timeout=timeout or self.client.timeout)

    def resign(self) -> common_pb2.Game:
        request = game_service_pb2.ResignRequest(game_id=self.game_id, seat=self.number)
        return self.client.stub.Resign(request, metadata=_auth(self.token), timeout=self.client.timeout).game

    def watch(self, from_version: int | None = None, resume: bool = True) -> Iterator[tuple[Event | None, View]]:
        """(None, first view), then (event, view after it) per version, until the game ends.

        A stream can end before the game does: the server ends every connection after
        ``--max-connection-age`` (its streams ``--max-connection-age-grace`` later),
        restarts, or ends a stream its reader left unread (STREAM_NOT_READ). With
        ``resume`` such a stream (UNAVAILABLE, or that RESOURCE_EXHAUSTED) is opened
        again from the last version seen, up to ``RESUME_ATTEMPTS`` times in a row, and
        the caller sees every version once, in order; without it the error is raised."""
        last, failures = None, 0
        while True:
            request = game_service_pb2.WatchGameRequest(game_id=self.game_id, seat=self.number,
                                                        from_version=from_version if last is None else last)
            stream = self.client.stub.WatchGame(request, metadata=_auth(self.token))
            try:
                for item in stream:
                    view = View.from_message(item.view)
                    if last is not None and view.version <= last:
                        continue  # a resumed stream starts with the version already seen
                    last, failures = view.version, 0
                    yield (Event.from_message(item.game_event) if item.HasField("game_event") else None), view
                return
            except grpc.RpcError as err:
                if not (resume and _resumable(err)) or failures >= RESUME_ATTEMPTS:
                    raise
                failures += 1
                time.sleep(min(RESUME_BACKOFF * 2 ** (failures - 1), 2.0))
            finally:
                stream.cancel()  # a caller that stops reading frees the server's watch slot at once
