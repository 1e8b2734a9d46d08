import datetime

from boardbot.v1 import bot_service_pb2 as _bot_service_pb2
from boardbot.v1 import common_pb2 as _common_pb2
from google.protobuf import duration_pb2 as _duration_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from boardbot.v1 import game_record_pb2 as _game_record_pb2
from boardbot.v1 import ratings_pb2 as _ratings_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ResponseView(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RESPONSE_VIEW_UNSPECIFIED: _ClassVar[ResponseView]
    RESPONSE_VIEW_AFTER_MOVE: _ClassVar[ResponseView]
    RESPONSE_VIEW_NEXT_DECISION: _ClassVar[ResponseView]

class BotEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_EVENT_KIND_UNSPECIFIED: _ClassVar[BotEventKind]
    BOT_EVENT_KIND_GAME_START: _ClassVar[BotEventKind]
    BOT_EVENT_KIND_PLAY: _ClassVar[BotEventKind]

class PlayEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAY_EVENT_KIND_UNSPECIFIED: _ClassVar[PlayEventKind]
    PLAY_EVENT_KIND_WAIT: _ClassVar[PlayEventKind]
    PLAY_EVENT_KIND_DECISION: _ClassVar[PlayEventKind]
    PLAY_EVENT_KIND_GAME_OVER: _ClassVar[PlayEventKind]
    PLAY_EVENT_KIND_SEAT_OUT: _ClassVar[PlayEventKind]
    PLAY_EVENT_KIND_SEAT_REPLACED: _ClassVar[PlayEventKind]
RESPONSE_VIEW_UNSPECIFIED: ResponseView
RESPONSE_VIEW_AFTER_MOVE: ResponseView
RESPONSE_VIEW_NEXT_DECISION: ResponseView
BOT_EVENT_KIND_UNSPECIFIED: BotEventKind
BOT_EVENT_KIND_GAME_START: BotEventKind
BOT_EVENT_KIND_PLAY: BotEventKind
PLAY_EVENT_KIND_UNSPECIFIED: PlayEventKind
PLAY_EVENT_KIND_WAIT: PlayEventKind
PLAY_EVENT_KIND_DECISION: PlayEventKind
PLAY_EVENT_KIND_GAME_OVER: PlayEventKind
PLAY_EVENT_KIND_SEAT_OUT: PlayEventKind
PLAY_EVENT_KIND_SEAT_REPLACED: PlayEventKind

class ListGameTypesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGameTypesResponse(_message.Message):
    __slots__ = ("game_types",)
    GAME_TYPES_FIELD_NUMBER: _ClassVar[int]
    game_types: _containers.RepeatedCompositeFieldContainer[_common_pb2.GameType]
    def __init__(self, game_types: _Optional[_Iterable[_Union[_common_pb2.GameType, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game", "config", "seed", "seats", "reproducible", "lobby", "clock", "rated")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    LOBBY_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    game: str
    config: _common_pb2.GameConfig
    seed: int
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.SeatSpec]
    reproducible: bool
    lobby: _common_pb2.LobbyOptions
    clock: _common_pb2.ClockOptions
    rated: bool
    def __init__(self, game: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.GameConfig, _Mapping]] = ..., seed: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.SeatSpec, _Mapping]]] = ..., reproducible: _Optional[bool] = ..., lobby: _Optional[_Union[_common_pb2.LobbyOptions, _Mapping]] = ..., clock: _Optional[_Union[_common_pb2.ClockOptions, _Mapping]] = ..., rated: _Optional[bool] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game", "seat_tokens", "owner_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OWNER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat_tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    owner_token: str
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ..., seat_tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., owner_token: _Optional[str] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token", "game")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    game: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., game: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_common_pb2.Game]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[_common_pb2.Game, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: _common_pb2.SeatView
    def __init__(self, view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ...) -> None: ...

class SubmitMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "move_id", "move", "move_text", "expected_version", "request_id", "response_view")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MOVE_TEXT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_VIEW_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    move_id: int
    move: _common_pb2.Move
    move_text: str
    expected_version: int
    request_id: str
    response_view: ResponseView
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., move_id: _Optional[int] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., move_text: _Optional[str] = ..., expected_version: _Optional[int] = ..., request_id: _Optional[str] = ..., response_view: _Optional[_Union[ResponseView, str]] = ...) -> None: ...

class SubmitMoveResponse(_message.Message):
    __slots__ = ("version", "move", "move_text", "status", "view")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MOVE_TEXT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    version: int
    move: _common_pb2.Move
    move_text: str
    status: _common_pb2.GameStatus
    view: _common_pb2.SeatView
    def __init__(self, version: _Optional[int] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., move_text: _Optional[str] = ..., status: _Optional[_Union[_common_pb2.GameStatus, str]] = ..., view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., from_version: _Optional[int] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("game_event", "view", "bot_stats")
    GAME_EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    BOT_STATS_FIELD_NUMBER: _ClassVar[int]
    game_event: _common_pb2.Event
    view: _common_pb2.SeatView
    bot_stats: _bot_service_pb2.SearchStats
    def __init__(self, game_event: _Optional[_Union[_common_pb2.Event, _Mapping]] = ..., view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ..., bot_stats: _Optional[_Union[_bot_service_pb2.SearchStats, _Mapping]] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ...) -> None: ...

class TakeBackRequest(_message.Message):
    __slots__ = ("game_id", "seat", "expected_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    expected_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., expected_version: _Optional[int] = ...) -> None: ...

class TakeBackResponse(_message.Message):
    __slots__ = ("game_event", "view")
    GAME_EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    game_event: _common_pb2.Event
    view: _common_pb2.SeatView
    def __init__(self, game_event: _Optional[_Union[_common_pb2.Event, _Mapping]] = ..., view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ...) -> None: ...

class DeleteGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class DeleteGameResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "player_name")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    player_name: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., player_name: _Optional[str] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("game", "seat_token", "reservation_expire_time")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RESERVATION_EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat_token: SeatToken
    reservation_expire_time: _timestamp_pb2.Timestamp
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ..., seat_token: _Optional[_Union[SeatToken, _Mapping]] = ..., reservation_expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class LeaveGameRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class LeaveGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ...) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class RematchResponse(_message.Message):
    __slots__ = ("game", "seat_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat_token: SeatToken
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ..., seat_token: _Optional[_Union[SeatToken, _Mapping]] = ...) -> None: ...

class ListOpenGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token", "game", "players", "clock")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    game: str
    players: int
    clock: _common_pb2.ClockKind
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[int] = ..., clock: _Optional[_Union[_common_pb2.ClockKind, str]] = ...) -> None: ...

class ListOpenGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_common_pb2.Game]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[_common_pb2.Game, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class CreateQueueRequest(_message.Message):
    __slots__ = ("game", "config", "backfill_after", "backfill_bot", "backfill_bot_spec", "clock", "lobby")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    BACKFILL_AFTER_FIELD_NUMBER: _ClassVar[int]
    BACKFILL_BOT_FIELD_NUMBER: _ClassVar[int]
    BACKFILL_BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    LOBBY_FIELD_NUMBER: _ClassVar[int]
    game: str
    config: _common_pb2.GameConfig
    backfill_after: _duration_pb2.Duration
    backfill_bot: str
    backfill_bot_spec: _common_pb2.BotSpec
    clock: _common_pb2.ClockOptions
    lobby: _common_pb2.LobbyOptions
    def __init__(self, game: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.GameConfig, _Mapping]] = ..., backfill_after: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., backfill_bot: _Optional[str] = ..., backfill_bot_spec: _Optional[_Union[_common_pb2.BotSpec, _Mapping]] = ..., clock: _Optional[_Union[_common_pb2.ClockOptions, _Mapping]] = ..., lobby: _Optional[_Union[_common_pb2.LobbyOptions, _Mapping]] = ...) -> None: ...

class MatchQueue(_message.Message):
    __slots__ = ("queue_id", "game_name", "config", "players", "backfill_after", "backfill_bot", "waiting", "clock")
    QUEUE_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BACKFILL_AFTER_FIELD_NUMBER: _ClassVar[int]
    BACKFILL_BOT_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    queue_id: str
    game_name: str
    config: _common_pb2.GameConfig
    players: int
    backfill_after: _duration_pb2.Duration
    backfill_bot: str
    waiting: int
    clock: _common_pb2.ClockOptions
    def __init__(self, queue_id: _Optional[str] = ..., game_name: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.GameConfig, _Mapping]] = ..., players: _Optional[int] = ..., backfill_after: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., backfill_bot: _Optional[str] = ..., waiting: _Optional[int] = ..., clock: _Optional[_Union[_common_pb2.ClockOptions, _Mapping]] = ...) -> None: ...

class CreateQueueResponse(_message.Message):
    __slots__ = ("queue",)
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    queue: MatchQueue
    def __init__(self, queue: _Optional[_Union[MatchQueue, _Mapping]] = ...) -> None: ...

class JoinQueueRequest(_message.Message):
    __slots__ = ("queue_id", "player_name")
    QUEUE_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    queue_id: str
    player_name: str
    def __init__(self, queue_id: _Optional[str] = ..., player_name: _Optional[str] = ...) -> None: ...

class JoinQueueResponse(_message.Message):
    __slots__ = ("ticket_id", "ticket_token", "queue")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    TICKET_TOKEN_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    ticket_token: str
    queue: MatchQueue
    def __init__(self, ticket_id: _Optional[str] = ..., ticket_token: _Optional[str] = ..., queue: _Optional[_Union[MatchQueue, _Mapping]] = ...) -> None: ...

class WaitForMatchRequest(_message.Message):
    __slots__ = ("queue_id", "ticket_id")
    QUEUE_ID_FIELD_NUMBER: _ClassVar[int]
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    queue_id: str
    ticket_id: str
    def __init__(self, queue_id: _Optional[str] = ..., ticket_id: _Optional[str] = ...) -> None: ...

class WaitForMatchResponse(_message.Message):
    __slots__ = ("game_id", "seat", "queue")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    queue: MatchQueue
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., queue: _Optional[_Union[MatchQueue, _Mapping]] = ...) -> None: ...

class LeaveQueueRequest(_message.Message):
    __slots__ = ("queue_id", "ticket_id")
    QUEUE_ID_FIELD_NUMBER: _ClassVar[int]
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    queue_id: str
    ticket_id: str
    def __init__(self, queue_id: _Optional[str] = ..., ticket_id: _Optional[str] = ...) -> None: ...

class LeaveQueueResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetGameRecordRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class GetGameRecordResponse(_message.Message):
    __slots__ = ("game_record",)
    GAME_RECORD_FIELD_NUMBER: _ClassVar[int]
    game_record: _game_record_pb2.GameRecord
    def __init__(self, game_record: _Optional[_Union[_game_record_pb2.GameRecord, _Mapping]] = ...) -> None: ...

class GetLeaderboardRequest(_message.Message):
    __slots__ = ("game", "config", "page_size", "page_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: str
    config: _common_pb2.GameConfig
    page_size: int
    page_token: str
    def __init__(self, game: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.GameConfig, _Mapping]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetLeaderboardResponse(_message.Message):
    __slots__ = ("config", "entries", "next_page_token")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    config: _common_pb2.GameConfig
    entries: _containers.RepeatedCompositeFieldContainer[_ratings_pb2.RatingEntry]
    next_page_token: str
    def __init__(self, config: _Optional[_Union[_common_pb2.GameConfig, _Mapping]] = ..., entries: _Optional[_Iterable[_Union[_ratings_pb2.RatingEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class PlayGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., from_version: _Optional[int] = ...) -> None: ...

class CreateBotAccountRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class CreateBotAccountResponse(_message.Message):
    __slots__ = ("name", "bot_token")
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    bot_token: str
    def __init__(self, name: _Optional[str] = ..., bot_token: _Optional[str] = ...) -> None: ...

class InviteBotRequest(_message.Message):
    __slots__ = ("game_id", "seat", "bot_name", "withdraw")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    bot_name: str
    withdraw: bool
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., bot_name: _Optional[str] = ..., withdraw: _Optional[bool] = ...) -> None: ...

class InviteBotResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ...) -> None: ...

class BotGameVersion(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class ConnectBotRequest(_message.Message):
    __slots__ = ("resume",)
    RESUME_FIELD_NUMBER: _ClassVar[int]
    resume: _containers.RepeatedCompositeFieldContainer[BotGameVersion]
    def __init__(self, resume: _Optional[_Iterable[_Union[BotGameVersion, _Mapping]]] = ...) -> None: ...

class ConnectBotResponse(_message.Message):
    __slots__ = ("kind", "game_id", "seat", "seat_token", "play")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    kind: BotEventKind
    game_id: str
    seat: int
    seat_token: str
    play: PlayGameResponse
    def __init__(self, kind: _Optional[_Union[BotEventKind, str]] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., play: _Optional[_Union[PlayGameResponse, _Mapping]] = ...) -> None: ...

class SeatFailures(_message.Message):
    __slots__ = ("illegal_moves", "timeouts", "consecutive")
    ILLEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    CONSECUTIVE_FIELD_NUMBER: _ClassVar[int]
    illegal_moves: int
    timeouts: int
    consecutive: int
    def __init__(self, illegal_moves: _Optional[int] = ..., timeouts: _Optional[int] = ..., consecutive: _Optional[int] = ...) -> None: ...

class PlayGameResponse(_message.Message):
    __slots__ = ("kind", "view", "events", "deadline", "time_left", "failures", "player_failures", "replace_after_failures")
    KIND_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    TIME_LEFT_FIELD_NUMBER: _ClassVar[int]
    FAILURES_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FAILURES_FIELD_NUMBER: _ClassVar[int]
    REPLACE_AFTER_FAILURES_FIELD_NUMBER: _ClassVar[int]
    kind: PlayEventKind
    view: _common_pb2.SeatView
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    deadline: _timestamp_pb2.Timestamp
    time_left: _duration_pb2.Duration
    failures: SeatFailures
    player_failures: SeatFailures
    replace_after_failures: int
    def __init__(self, kind: _Optional[_Union[PlayEventKind, str]] = ..., view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ..., deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., time_left: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., failures: _Optional[_Union[SeatFailures, _Mapping]] = ..., player_failures: _Optional[_Union[SeatFailures, _Mapping]] = ..., replace_after_failures: _Optional[int] = ...) -> None: ...
