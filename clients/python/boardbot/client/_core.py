"""Everything of the clients that is not I/O, shared by ``boardbot.client`` (blocking)
and ``boardbot.client.aio`` (asyncio): what each call sends (``Unary``: the request,
its metadata, its deadline, and how its answer reads), views and events as dicts,
error details, the channel's retry policy, and the rules by which ``watch`` and
``list_games`` go on (``WatchCursor``, ``GamePages``). The two clients only send
what these build, and wait in their own way."""

from __future__ import annotations

import json
import pathlib
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from ._tracing import StreamSpan
from ..v1 import (bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_record_pb2, game_service_pb2,
                  game_service_pb2_grpc, ratings_pb2)

HUMAN = "human"
OPEN = "open"  # a seat spec of create_game: a human seat left open for join_game
GAMES, BOTS = "boardbot.v1.GameService", "boardbot.v1.BotService"
# gRPC's retry policy (service config) for the calls a retry cannot harm: reads, the
# searches (a pure function of their request), WatchGame (retried only before its first
# message) and SubmitMove (the clients always send a request_id, which the server
# deduplicates). Not CreateGame, Resign or DeleteGame.
RETRIED_CALLS = {GAMES: ["GetGame", "GetView", "ListGames", "ListGameTypes", "WatchGame", "SubmitMove",
                         "GetGameRecord", "GetLeaderboard"],
                 BOTS: ["ChooseMove", "SuggestMove", "GetServingStats", "ListBots"]}
RETRY_POLICY = {"maxAttempts": 3, "initialBackoff": "0.05s", "maxBackoff": "1s", "backoffMultiplier": 2,
                "retryableStatusCodes": ["UNAVAILABLE"]}
RESUME_ATTEMPTS, RESUME_BACKOFF = 5, 0.1  # watch: reopenings in a row, and the first wait (s)
RESUME_MAX_WAIT = 2.0                     # watch: the longest wait between two reopenings (s)
GAME_ONEOF = "game"  # the oneof of GameConfig, View and Move that holds the per-game message

T = TypeVar("T")
S_co = TypeVar("S_co", covariant=True)  # a client's Seat
Metadata = tuple[tuple[str, str], ...]


def message_dict(container: Message) -> dict[str, Any]:
    """The per-game message inside a GameConfig, View or Move, as a dict (proto
    field names, every field printed)."""
    which = container.WhichOneof(GAME_ONEOF)
    if which is None:
        return {}
    fields: dict[str, Any] = json_format.MessageToDict(getattr(container, which), preserving_proto_field_name=True,
                                                       always_print_fields_with_no_presence=True)
    return fields


def game_message(container_type: type[Message], game: str, data: Mapping[str, Any]) -> Message:
    """A GameConfig, View or Move holding ``data`` (a dict as ``message_dict`` gives)
    for ``game`` ("czech-pub" travels in the field czech_pub)."""
    container = container_type()
    json_format.ParseDict(dict(data), getattr(container, game.replace("-", "_")))
    return container


def error_details(err: grpc.RpcError) -> dict[str, Message]:
    """The ``google.rpc`` details of a failed call (blocking or asyncio), by type name:
    ``ErrorInfo`` (always: ``reason``, ``metadata``), ``BadRequest`` (INVALID_ARGUMENT:
    the field), ``PreconditionFailure``, ``RetryInfo``, ``QuotaFailure``..."""
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


def resumable(err: grpc.RpcError) -> bool:
    """Whether a watch stream that ended with ``err`` can be opened again from its last version:
    UNAVAILABLE (the connection aged or the server restarted), or the server ended a stream its
    reader left unread (RESOURCE_EXHAUSTED, STREAM_NOT_READ)."""
    code = err.code()
    if code == grpc.StatusCode.UNAVAILABLE:
        return True
    info = error_details(err).get("ErrorInfo")
    return code == grpc.StatusCode.RESOURCE_EXHAUSTED and info is not None and \
        info.reason == "STREAM_NOT_READ"


@dataclass(frozen=True)
class LegalMove:
    id: int
    text: str
    move: dict[str, Any]


@dataclass(frozen=True)
class LiveScore:
    """One seat's score if the game ended now, as the view's seat may see it (``SeatView.live_scores``)."""

    points: float  # in the game's points, as the outcome's scores count them
    breakdown: dict[str, Any]  # what makes them up, with the outcome's breakdown keys
    partial: bool  # part of the seat's score is hidden from this viewer: points counts only what it may see

    @classmethod
    def from_message(cls, msg: common_pb2.LiveScore) -> "LiveScore":
        return cls(msg.points, json_format.MessageToDict(msg.breakdown), msg.partial)


@dataclass(frozen=True)
class View:
    """One seat's (or a spectator's: seat None) view at one version."""

    game_id: str
    version: int
    seat: int | None
    decider: int | None  # None once the game is over
    finished: bool
    state: dict[str, Any]
    legal_moves: list[LegalMove]
    outcome: dict[str, Any] | None
    message: common_pb2.SeatView = field(repr=False)
    # per seat, its score if the game ended now (empty where the rules score nothing public
    # during play, and once the game is over: ``outcome`` has the final scores)
    live_scores: list[LiveScore] = field(default_factory=list)

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
            message=msg,
            live_scores=[LiveScore.from_message(score) for score in msg.live_scores])


@dataclass(frozen=True)
class Event:
    """One change of the game as this observer may see it."""

    version: int
    kind: str  # "move", "resign", "seat", "timeout", "clocks_resumed" or "take_back"
    seat: int
    by_bot: bool
    text: str
    log: list[str]
    move: dict[str, Any] | None  # only in the acting seat's own events

    @classmethod
    def from_message(cls, msg: common_pb2.Event) -> "Event":
        kind = common_pb2.EventKind.Name(msg.kind).removeprefix("EVENT_KIND_").lower()
        return cls(msg.version, kind, msg.seat, msg.by_bot, msg.move_text, list(msg.log),
                   message_dict(msg.move) if msg.HasField("move") else None)


def _outcome(msg: common_pb2.SeatView) -> dict[str, Any] | None:
    if not msg.HasField("outcome"):
        return None
    outcome: dict[str, Any] = json_format.MessageToDict(msg.outcome, preserving_proto_field_name=True,
                                                        always_print_fields_with_no_presence=True)
    return outcome


def service_config() -> str:
    """The channel's service config: ``RETRY_POLICY`` for ``RETRIED_CALLS``."""
    names = [{"service": service, "method": method} for service, methods in RETRIED_CALLS.items()
             for method in methods]
    return json.dumps({"methodConfig": [{"name": names, "retryPolicy": RETRY_POLICY}]})


def channel_options() -> list[tuple[str, Any]]:
    """The options both clients open their channel with (the retry policy on)."""
    return [("grpc.service_config", service_config()), ("grpc.enable_retries", 1)]


def tls_credentials(ca_file: str | None = None, cert_file: str | None = None,
                    key_file: str | None = None) -> grpc.ChannelCredentials:
    """Credentials for a server with TLS: trust ``ca_file`` (PEM; default the system's
    roots) and, for mutual TLS, present ``cert_file`` with its ``key_file``."""
    if (cert_file is None) != (key_file is None):
        raise ValueError("a client certificate needs both cert_file and key_file")

    def read(path: str | None) -> bytes | None:
        return pathlib.Path(path).read_bytes() if path else None
    return grpc.ssl_channel_credentials(read(ca_file), read(key_file), read(cert_file))


class Connection:
    """What both clients hold: the server's address, the calls' default deadline
    (``timeout``), a channel opened with ``channel_options`` (plaintext, or TLS with
    ``credentials``) by ``channels`` (the ``grpc`` module or ``grpc.aio``), and the generated
    stubs on it (``stub``: GameService, ``bots``: BotService)."""

    def __init__(self, address: str, timeout: float, credentials: grpc.ChannelCredentials | None, channels: Any):
        self.address = address
        self.timeout = timeout
        options = channel_options()
        self.channel = (channels.secure_channel(address, credentials, options=options) if credentials is not None
                        else channels.insecure_channel(address, options=options))
        self.stub = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bots = bot_service_pb2_grpc.BotServiceStub(self.channel)

    def method(self, call: "Unary[Any]") -> Any:
        """The stub's method that sends ``call``."""
        return getattr(self.stub if call.service == GAMES else self.bots, call.method)


def auth(token: str | None) -> Metadata:
    """The call metadata that presents ``token`` (none without one)."""
    return (("authorization", f"Bearer {token}"),) if token else ()


def bot_fields(bot: "str | common_pb2.BotSpec") -> dict[str, Any]:
    """A request's bot fields for ``bot``: a spec string ("ismcts:hard") or a typed
    ``BotSpec`` message (``BotOffer.bot_spec`` of ``list_bots``)."""
    return {"bot_spec": bot} if isinstance(bot, common_pb2.BotSpec) else {"bot": bot}


def _budget(seconds: float | None, iterations: int | None) -> bot_service_pb2.SearchBudget:
    budget = bot_service_pb2.SearchBudget(iterations=iterations)
    if seconds is not None:
        budget.time.FromNanoseconds(int(seconds * 1e9))
    return budget


def _same(response: T) -> T:
    return response


# --- the calls: what each sends, and how its answer reads -------------------------------
@dataclass(frozen=True)
class Unary(Generic[T]):
    """One unary call as data: ``service``/``method`` name it, ``parse`` turns its answer
    into what the client returns; ``timeout`` None takes the client's own."""

    service: str
    method: str
    request: Message
    parse: Callable[[Any], T]
    metadata: Metadata = ()
    timeout: float | None = None

    @property
    def name(self) -> str:
        return f"{self.service}/{self.method}"


def game_types() -> Unary[list[common_pb2.GameType]]:
    return Unary(GAMES, "ListGameTypes", game_service_pb2.ListGameTypesRequest(), lambda r: list(r.game_types))


def _options(message_type: type[Message], value: Message | Mapping[str, Any]) -> Message:
    """An options message given as itself or as its JSON mapping
    (``{"kind": "CLOCK_KIND_INCREMENT", "initial_time": "300s", "increment": "5s"}``)."""
    if isinstance(value, message_type):
        return value
    return json_format.ParseDict(value, message_type(), ignore_unknown_fields=False)


def create_game(game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                seats: Sequence[str | common_pb2.BotSpec] = (), seed: int | None = None,
                reproducible: bool = False, rated: bool = False, player_names: Sequence[str] = (),
                clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None,
                ) -> Unary[game_service_pb2.CreateGameResponse]:
    """CreateGame; ``seats``: "human", "open" (a human seat for ``join_game``) or a bot per
    seat, as a spec string ("random", "ismcts:hard", ...) or a typed ``BotSpec``
    (``list_bots`` lists both). ``seed`` is
    mixed with the server's secret unless ``reproducible`` (then the same seed and moves give
    the same game anywhere, and anyone who knows it can work out the hidden cards).
    ``config``: a ``GameConfig``, or a dict as ``message_dict`` gives (enum values by name:
    ``{"public_back": "FROGRIDERS_PUBLIC_BACK_FIRST"}``). ``rated``: the game updates its players' and
    bots' ratings when it ends (``leaderboard``); ``player_names``: per seat, the name every seat sees for a human
    seat's player and a rated game rates it under ("" for none; every human seat of a rated game
    has one). A name is sent for every seat as given: the server refuses one on an open seat
    (INVALID_ARGUMENT ``seats[i].player_name``: its player names themselves with ``join_game``). ``clock``
    (``ClockOptions``) and ``lobby`` (``LobbyOptions``): the messages, or dicts in their JSON mapping."""
    request = game_service_pb2.CreateGameRequest(game=game, seed=seed, reproducible=reproducible, rated=rated)
    if clock is not None:
        request.clock.CopyFrom(_options(common_pb2.ClockOptions, clock))
    if lobby is not None:
        request.lobby.CopyFrom(_options(common_pb2.LobbyOptions, lobby))
    if isinstance(config, common_pb2.GameConfig):
        request.config.CopyFrom(config)
    elif config:
        request.config.CopyFrom(game_message(common_pb2.GameConfig, game, config))
    if len(player_names) > len(seats):
        raise ValueError(f"{len(player_names)} player names for {len(seats)} seats")
    names = list(player_names) + [""] * (len(seats) - len(player_names))
    for spec, name in zip(seats, names):
        if spec == HUMAN:
            request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN, player_name=name)
        elif spec == OPEN:  # a name here is the server's to refuse (the player who joins names themselves)
            request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN, open=True, player_name=name)
        else:
            request.seats.add(kind=common_pb2.SEAT_KIND_BOT, player_name=name, **bot_fields(spec))
    return Unary(GAMES, "CreateGame", request, _same)


def created_game(response: game_service_pb2.CreateGameResponse) -> tuple[str, dict[int, str], str,
                                                                          common_pb2.Game]:
    """A CreateGame answer as a ``Game``'s fields: id, seat tokens, owner token, the game."""
    return (response.game.game_id, {t.seat: t.token for t in response.seat_tokens}, response.owner_token,
            response.game)


def get_game(game_id: str) -> Unary[common_pb2.Game]:
    return Unary(GAMES, "GetGame", game_service_pb2.GetGameRequest(game_id=game_id), lambda r: r.game)


def game_record(game_id: str, seat: int | None = None, token: str | None = None) -> Unary[game_record_pb2.GameRecord]:
    """GetGameRecord: a finished game's complete record (the same for anyone), or a running
    game's as ``seat`` (with its ``token``) or a spectator may see it. Its JSON form:
    ``google.protobuf.json_format.MessageToJson(record)``; ``boardbot records replay`` replays it."""
    request = game_service_pb2.GetGameRecordRequest(game_id=game_id, seat=seat)
    return Unary(GAMES, "GetGameRecord", request, lambda r: r.game_record, auth(token))


def delete_game(game_id: str, owner_token: str) -> Unary[None]:
    return Unary(GAMES, "DeleteGame", game_service_pb2.DeleteGameRequest(game_id=game_id), lambda r: None,
                 auth(owner_token))


def choose_move(game: str, view: "View | common_pb2.View | Mapping[str, Any]", bot: str | common_pb2.BotSpec = "",
                seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
                timeout: float | None = None) -> Unary[bot_service_pb2.ChooseMoveResponse]:
    """BotService.ChooseMove: a move for the seat whose view this is (a View, its
    message, or its dict). ``bot``: as ``suggest``'s. ``timeout`` is the call's deadline."""
    if isinstance(view, View):
        message = view.message.view
    elif isinstance(view, common_pb2.View):
        message = view
    else:
        message = game_message(common_pb2.View, game, view)
    request = bot_service_pb2.ChooseMoveRequest(game=game, view=message, budget=_budget(seconds, iterations),
                                                seed=seed, **bot_fields(bot))
    return Unary(BOTS, "ChooseMove", request, _same, timeout=timeout)


def serving_stats() -> Unary[bot_service_pb2.GetServingStatsResponse]:
    return Unary(BOTS, "GetServingStats", bot_service_pb2.GetServingStatsRequest(), _same)


def list_bots(game: str = "") -> Unary[list[bot_service_pb2.BotOffer]]:
    """BotService.ListBots: the bots the server offers, weakest first, each with its spec
    (string and typed), its name and meaning in plain words, and per table size of ``game``
    (every game's when empty) the search it runs and its ladder rating."""
    return Unary(BOTS, "ListBots", bot_service_pb2.ListBotsRequest(game=game), lambda r: list(r.bots))


def join_game(game_id: str, seat: int | None = None, name: str = "",
              token: str | None = None) -> Unary[game_service_pb2.JoinGameResponse]:
    """JoinGame: reserve an open seat (``seat``, or the first open one) under the player's
    ``name``; with a seat's ``token``, come back to that seat after leaving it."""
    request = game_service_pb2.JoinGameRequest(game_id=game_id, seat=seat, player_name=name)
    return Unary(GAMES, "JoinGame", request, _same, auth(token))


def create_bot_account(name: str) -> Unary[game_service_pb2.CreateBotAccountResponse]:
    """CreateBotAccount: a bot account ``name`` and its secret bot token (shown once)."""
    return Unary(GAMES, "CreateBotAccount", game_service_pb2.CreateBotAccountRequest(name=name), _same)


def invite_bot(game_id: str, seat: int, bot_name: str, owner_token: str,
               withdraw: bool = False) -> Unary[common_pb2.Game]:
    """InviteBot: offer the game's open ``seat`` to the bot account ``bot_name`` (its ConnectBot stream takes it);
    with ``withdraw``, withdraw that offer until the bot has taken the seat (an ordinary open seat again)."""
    request = game_service_pb2.InviteBotRequest(game_id=game_id, seat=seat, bot_name=bot_name, withdraw=withdraw)
    return Unary(GAMES, "InviteBot", request, lambda r: r.game, auth(owner_token))


def create_queue(game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                 backfill_after: float | None = None, backfill_bot: str | common_pb2.BotSpec = "",
                 clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                 lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None,
                 ) -> Unary[game_service_pb2.MatchQueue]:
    """CreateQueue: a matchmaking queue for ``game`` with ``config``; after ``backfill_after``
    seconds (default 20) bots (``backfill_bot``, default "ismcts:easy") fill the empty seats."""
    fields = bot_fields(backfill_bot)
    request = game_service_pb2.CreateQueueRequest(game=game, backfill_bot=fields.get("bot", ""),
                                                  backfill_bot_spec=fields.get("bot_spec"))
    if isinstance(config, common_pb2.GameConfig):
        request.config.CopyFrom(config)
    elif config:
        request.config.CopyFrom(game_message(common_pb2.GameConfig, game, config))
    if backfill_after is not None:
        request.backfill_after.FromNanoseconds(round(backfill_after * 1e9))
    if clock is not None:
        request.clock.CopyFrom(_options(common_pb2.ClockOptions, clock))
    if lobby is not None:
        request.lobby.CopyFrom(_options(common_pb2.LobbyOptions, lobby))
    return Unary(GAMES, "CreateQueue", request, lambda r: r.queue)


def join_queue(queue_id: str, name: str = "") -> Unary[game_service_pb2.JoinQueueResponse]:
    return Unary(GAMES, "JoinQueue", game_service_pb2.JoinQueueRequest(queue_id=queue_id, player_name=name), _same)


@dataclass
class Ticket:
    """A matchmaking ticket (``join_queue``), and its calls: a client's ``wait_for_match``,
    ``match`` and ``leave_queue`` take it. Its token is the seat's token once it is matched."""

    queue_id: str
    ticket_id: str
    token: str

    def wait_call(self, timeout: float | None = None) -> Unary[game_service_pb2.WaitForMatchResponse]:
        request = game_service_pb2.WaitForMatchRequest(queue_id=self.queue_id, ticket_id=self.ticket_id)
        return Unary(GAMES, "WaitForMatch", request, _same, auth(self.token), timeout)

    def leave_call(self) -> Unary[None]:
        request = game_service_pb2.LeaveQueueRequest(queue_id=self.queue_id, ticket_id=self.ticket_id)
        return Unary(GAMES, "LeaveQueue", request, lambda r: None, auth(self.token))


def joined_queue(queue_id: str, response: game_service_pb2.JoinQueueResponse) -> Ticket:
    return Ticket(queue_id, response.ticket_id, response.ticket_token)


MATCH_WAIT = 20.0  # seconds one WaitForMatch waits at most on the server


class OpenGamePages:
    """ListOpenGames page after page, as ``GamePages``; a page may be short (even empty)
    while more follow."""

    def __init__(self, page_size: int = 0, game: str = "", players: int | None = None,
                 clock: common_pb2.ClockKind | None = None):
        self.request = game_service_pb2.ListOpenGamesRequest(page_size=page_size, game=game, players=players,
                                                             clock=clock)
        self.token: str | None = ""

    @property
    def done(self) -> bool:
        return self.token is None

    def call(self) -> Unary[list[common_pb2.Game]]:
        def games(page: game_service_pb2.ListOpenGamesResponse) -> list[common_pb2.Game]:
            self.token = page.next_page_token or None
            return list(page.games)
        request = game_service_pb2.ListOpenGamesRequest()
        request.CopyFrom(self.request)
        request.page_token = self.token or ""
        return Unary(GAMES, "ListOpenGames", request, games)


class LeaderboardPages:
    """GetLeaderboard page after page (as ``GamePages``): one configuration's ratings, best first."""

    def __init__(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                 page_size: int = 0):
        self.request = game_service_pb2.GetLeaderboardRequest(game=game, page_size=page_size)
        if isinstance(config, common_pb2.GameConfig):
            self.request.config.CopyFrom(config)
        elif config:
            self.request.config.CopyFrom(game_message(common_pb2.GameConfig, game, config))
        self.token: str | None = ""

    @property
    def done(self) -> bool:
        return self.token is None

    def call(self) -> Unary[list[ratings_pb2.RatingEntry]]:
        def entries(page: game_service_pb2.GetLeaderboardResponse) -> list[ratings_pb2.RatingEntry]:
            self.token = page.next_page_token or None
            return list(page.entries)
        request = game_service_pb2.GetLeaderboardRequest()
        request.CopyFrom(self.request)
        request.page_token = self.token or ""
        return Unary(GAMES, "GetLeaderboard", request, entries)


class GamePages:
    """ListGames page after page: ``call()`` asks for the next page, whose answer reads as its
    games; ``done`` once the last page is in."""

    def __init__(self, page_size: int = 0, game: str = ""):
        self.page_size, self.game = page_size, game
        self.token: str | None = ""

    @property
    def done(self) -> bool:
        return self.token is None

    def call(self) -> Unary[list[common_pb2.Game]]:
        def games(page: game_service_pb2.ListGamesResponse) -> list[common_pb2.Game]:
            self.token = page.next_page_token or None
            return list(page.games)
        return Unary(GAMES, "ListGames", game_service_pb2.ListGamesRequest(
            page_size=self.page_size, page_token=self.token or "", game=self.game), games)


class SeatMaker(Protocol[S_co]):
    def seat(self, game_id: str, seat: int | None, token: str | None = None) -> S_co: ...


@dataclass
class GameCalls(Generic[S_co]):
    """A game created through a client, with its secrets: both clients' ``Game``."""

    client: SeatMaker[S_co]
    game_id: str
    tokens: dict[int, str]
    owner_token: str
    created: common_pb2.Game = field(repr=False)

    def seat(self, seat: int) -> S_co:
        return self.client.seat(self.game_id, seat, self.tokens.get(seat))

    def spectator(self) -> S_co:
        return self.client.seat(self.game_id, None, None)


@dataclass
class SeatCalls:
    """A seat's calls (a spectator's when ``number`` is None), built without sending
    anything: both clients' ``Seat`` send these."""

    game_id: str
    number: int | None
    token: str | None

    def view_call(self) -> Unary[View]:
        request = game_service_pb2.GetViewRequest(game_id=self.game_id, seat=self.number)
        return Unary(GAMES, "GetView", request, lambda r: View.from_message(r.view), auth(self.token))

    def play_call(self, move_id: int | None = None, text: str | None = None, move: Mapping[str, Any] | None = None,
                  expected_version: int | None = None, request_id: str | None = None,
                  game: str | None = None) -> Unary[game_service_pb2.SubmitMoveResponse]:
        """SubmitMove by id, by text, or as a move dict (then ``game`` names the game), with a
        ``request_id`` (a fresh one unless given) so that a retry is applied once."""
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
            if game is None or move is None:
                raise ValueError("a move dict needs the game name")
            request.move.CopyFrom(game_message(common_pb2.Move, game, move))
        return Unary(GAMES, "SubmitMove", request, _same, auth(self.token))

    def suggest_call(self, bot: str | common_pb2.BotSpec = "", seconds: float | None = None,
                     iterations: int | None = None, seed: int | None = None,
                     timeout: float | None = None) -> Unary[bot_service_pb2.SuggestMoveResponse]:
        """BotService.SuggestMove for this seat (nothing is played). ``bot``: a spec string
        or a typed ``BotSpec`` (default ismcts:medium); ``seconds``/``iterations`` replace
        its budget; ``timeout`` is the call's deadline (the search answers before it)."""
        request = bot_service_pb2.SuggestMoveRequest(game_id=self.game_id, seat=self.number,
                                                     budget=_budget(seconds, iterations), seed=seed,
                                                     **bot_fields(bot))
        return Unary(BOTS, "SuggestMove", request, _same, auth(self.token), timeout)

    def record_call(self) -> Unary[game_record_pb2.GameRecord]:
        """GetGameRecord as this seat (a spectator when ``number`` is None)."""
        return game_record(self.game_id, self.number, self.token)

    def resign_call(self) -> Unary[common_pb2.Game]:
        request = game_service_pb2.ResignRequest(game_id=self.game_id, seat=self.number)
        return Unary(GAMES, "Resign", request, lambda r: r.game, auth(self.token))

    def take_back_call(self, expected_version: int | None = None) -> Unary[game_service_pb2.TakeBackResponse]:
        request = game_service_pb2.TakeBackRequest(game_id=self.game_id, seat=self.number,
                                                   expected_version=expected_version)
        return Unary(GAMES, "TakeBack", request, _same, auth(self.token))

    def leave_call(self) -> Unary[common_pb2.Game]:
        request = game_service_pb2.LeaveGameRequest(game_id=self.game_id, seat=self.number)
        return Unary(GAMES, "LeaveGame", request, lambda r: r.game, auth(self.token))

    def come_back_call(self) -> Unary[common_pb2.Game]:
        return Unary(GAMES, "JoinGame", game_service_pb2.JoinGameRequest(game_id=self.game_id, seat=self.number),
                     lambda r: r.game, auth(self.token))

    def rematch_call(self) -> Unary[game_service_pb2.RematchResponse]:
        request = game_service_pb2.RematchRequest(game_id=self.game_id, seat=self.number)
        return Unary(GAMES, "Rematch", request, _same, auth(self.token))

    def watch_cursor(self, from_version: int | None = None, resume: bool = True) -> "WatchCursor":
        return WatchCursor(self, from_version, resume)

    def decision_cursor(self, from_version: int | None = None, resume: bool = True,
                        waits: bool = False) -> "DecisionCursor":
        return DecisionCursor(self, from_version, resume, waits)


class WatchCursor:
    """The rules of ``watch``: (None, first view), then (event, view after it) per version,
    until the game ends.

    A stream can end before the game does: the server ends every connection after
    ``--max-connection-age`` (its streams ``--max-connection-age-grace`` later),
    restarts, or ends a stream its reader left unread (STREAM_NOT_READ). With
    ``resume`` such a stream (``resumable``) is opened again from the last version seen,
    up to ``RESUME_ATTEMPTS`` times in a row (a stream that brought a new version starts
    the count again), and the caller sees every version once, in order; without it the
    error is raised. Each opening of the stream is one client span (``_tracing``).

    Both clients' ``watch`` loop over it::

        while (opening := cursor.opening()) is not None:
            stream = <WatchGame>(opening.request, metadata=opening.metadata)
            try:
                <for each item of stream>: yield cursor.accept(item) unless it is None
                cursor.finished()
            except grpc.RpcError as err:
                <sleep> cursor.failed(err)     # raises err when the stream may not resume
            finally:
                cursor.closed(); stream.cancel()
    """

    name = f"{GAMES}/WatchGame"

    def __init__(self, seat: SeatCalls, from_version: int | None, resume: bool):
        self.seat, self.from_version, self.resume = seat, from_version, resume
        self.last: int | None = None
        self.failures = 0
        self.over = False
        self.span: StreamSpan | None = None

    def opening(self) -> "StreamOpening | None":
        """What opens (or reopens) the stream: its request and metadata; None once a stream
        ended with the game."""
        if self.over:
            return None
        self.span = StreamSpan(self.name, auth(self.seat.token))
        return StreamOpening(self.request(self.from_version if self.last is None else self.last), self.span.metadata)

    def request(self, from_version: int | None) -> Message:
        return game_service_pb2.WatchGameRequest(game_id=self.seat.game_id, seat=self.seat.number,
                                                 from_version=from_version)

    def accept(self, item: game_service_pb2.WatchGameResponse) -> tuple[Event | None, View] | None:
        """What the caller sees of a stream's message; None for a version already seen (a
        resumed stream starts with the last one)."""
        view = View.from_message(item.view)
        if self.last is not None and view.version <= self.last:
            return None
        self.last, self.failures = view.version, 0
        return (Event.from_message(item.game_event) if item.HasField("game_event") else None), view

    def finished(self) -> None:
        """The stream ended by itself: the game is over."""
        self.over = True

    def failed(self, err: grpc.RpcError) -> float:
        """Seconds to wait before opening the stream again after ``err``; raises ``err`` when
        it may not (``resume`` off, not ``resumable``, or ``RESUME_ATTEMPTS`` in a row)."""
        if self.span is not None:
            self.span.end(err)
        if not (self.resume and resumable(err)) or self.failures >= RESUME_ATTEMPTS:
            raise err
        self.failures += 1
        return min(RESUME_BACKOFF * 2.0 ** (self.failures - 1), RESUME_MAX_WAIT)

    def closed(self) -> None:
        """The stream is done with (ended, failed, or left by the caller)."""
        if self.span is not None:
            self.span.end()
            self.span = None


PLAY_ENDS = (game_service_pb2.PLAY_EVENT_KIND_GAME_OVER, game_service_pb2.PLAY_EVENT_KIND_SEAT_OUT,
             game_service_pb2.PLAY_EVENT_KIND_SEAT_REPLACED)  # a PlayGame stream's last messages


class DecisionCursor(WatchCursor):
    """The rules of ``decisions``: a seat played from elsewhere (GameService.PlayGame), its
    messages of kind DECISION (answer each with ``play``, ``expected_version`` its
    ``view.version``) and last the stream's end (GAME_OVER, SEAT_OUT or SEAT_REPLACED); the
    WAIT messages too with ``waits``. A stream the server ends early is opened again from the
    last version seen as ``WatchCursor`` says (its first message brings the events missed, and
    the seat's decision again when it is still to come); the messages are the server's own
    ``PlayGameResponse``. The clients' ``decisions`` loop over it as ``watch`` over its cursor."""

    name = f"{GAMES}/PlayGame"

    def __init__(self, seat: SeatCalls, from_version: int | None, resume: bool, waits: bool):
        super().__init__(seat, from_version, resume)
        self.waits = waits

    def request(self, from_version: int | None) -> Message:
        return game_service_pb2.PlayGameRequest(game_id=self.seat.game_id, seat=self.seat.number or 0,
                                                from_version=from_version)

    def accept(self, item: game_service_pb2.PlayGameResponse) -> game_service_pb2.PlayGameResponse | None:
        self.last, self.failures = item.view.version, 0
        if item.kind in PLAY_ENDS:
            self.over = True
            return item
        if item.kind == game_service_pb2.PLAY_EVENT_KIND_DECISION or self.waits:
            return item
        return None


class BotCursor(WatchCursor):
    """The rules of ``bot_decisions``: a bot account's one stream (GameService.ConnectBot), every
    message (GAME_START with a game's seat token, PLAY with that game's PlayGame message). A
    stream the server ends early is opened again as ``WatchCursor`` says, naming in ``resume``
    the last version seen of each game still going on."""

    name = f"{GAMES}/ConnectBot"

    def __init__(self, bot_token: str, resume: bool):
        self.token, self.resume = bot_token, resume
        self.versions: dict[str, int] = {}
        self.failures = 0
        self.over = False
        self.span: StreamSpan | None = None

    def opening(self) -> "StreamOpening | None":
        if self.over:
            return None
        self.span = StreamSpan(self.name, auth(self.token))
        request = game_service_pb2.ConnectBotRequest(resume=[
            game_service_pb2.BotGameVersion(game_id=g, version=v) for g, v in list(self.versions.items())[-32:]])
        return StreamOpening(request, self.span.metadata)

    def accept(self, item: game_service_pb2.ConnectBotResponse) -> game_service_pb2.ConnectBotResponse:
        self.failures = 0
        if item.kind == game_service_pb2.BOT_EVENT_KIND_PLAY:
            if item.play.kind in PLAY_ENDS:
                self.versions.pop(item.game_id, None)
            else:
                self.versions[item.game_id] = item.play.view.version
        return item


@dataclass(frozen=True)
class StreamOpening:
    request: Message
    metadata: Metadata
