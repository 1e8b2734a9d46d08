import datetime

from boardbot.v1 import common_pb2 as _common_pb2
from google.protobuf import duration_pb2 as _duration_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SearchMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_MODE_UNSPECIFIED: _ClassVar[SearchMode]
    SEARCH_MODE_SINGLE_OBSERVER: _ClassVar[SearchMode]
    SEARCH_MODE_MULTIPLE_OBSERVER: _ClassVar[SearchMode]

class SearchStop(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_STOP_UNSPECIFIED: _ClassVar[SearchStop]
    SEARCH_STOP_ITERATIONS: _ClassVar[SearchStop]
    SEARCH_STOP_TIME: _ClassVar[SearchStop]
    SEARCH_STOP_DEADLINE: _ClassVar[SearchStop]
    SEARCH_STOP_SINGLE_MOVE: _ClassVar[SearchStop]
    SEARCH_STOP_NO_SEARCH: _ClassVar[SearchStop]
    SEARCH_STOP_SETTLED: _ClassVar[SearchStop]
SEARCH_MODE_UNSPECIFIED: SearchMode
SEARCH_MODE_SINGLE_OBSERVER: SearchMode
SEARCH_MODE_MULTIPLE_OBSERVER: SearchMode
SEARCH_STOP_UNSPECIFIED: SearchStop
SEARCH_STOP_ITERATIONS: SearchStop
SEARCH_STOP_TIME: SearchStop
SEARCH_STOP_DEADLINE: SearchStop
SEARCH_STOP_SINGLE_MOVE: SearchStop
SEARCH_STOP_NO_SEARCH: SearchStop
SEARCH_STOP_SETTLED: SearchStop

class SearchBudget(_message.Message):
    __slots__ = ("iterations", "time")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    time: _duration_pb2.Duration
    def __init__(self, iterations: _Optional[int] = ..., time: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ...) -> None: ...

class SuggestMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "bot", "budget", "seed", "bot_spec")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    bot: str
    budget: SearchBudget
    seed: int
    bot_spec: _common_pb2.BotSpec
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., bot: _Optional[str] = ..., budget: _Optional[_Union[SearchBudget, _Mapping]] = ..., seed: _Optional[int] = ..., bot_spec: _Optional[_Union[_common_pb2.BotSpec, _Mapping]] = ...) -> None: ...

class SuggestMoveResponse(_message.Message):
    __slots__ = ("move", "version", "stats")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    move: _common_pb2.LegalMove
    version: int
    stats: SearchStats
    def __init__(self, move: _Optional[_Union[_common_pb2.LegalMove, _Mapping]] = ..., version: _Optional[int] = ..., stats: _Optional[_Union[SearchStats, _Mapping]] = ...) -> None: ...

class ChooseMoveRequest(_message.Message):
    __slots__ = ("game", "view", "bot", "budget", "seed", "bot_spec")
    GAME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    game: str
    view: _common_pb2.View
    bot: str
    budget: SearchBudget
    seed: int
    bot_spec: _common_pb2.BotSpec
    def __init__(self, game: _Optional[str] = ..., view: _Optional[_Union[_common_pb2.View, _Mapping]] = ..., bot: _Optional[str] = ..., budget: _Optional[_Union[SearchBudget, _Mapping]] = ..., seed: _Optional[int] = ..., bot_spec: _Optional[_Union[_common_pb2.BotSpec, _Mapping]] = ...) -> None: ...

class ChooseMoveResponse(_message.Message):
    __slots__ = ("move", "stats")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    move: _common_pb2.LegalMove
    stats: SearchStats
    def __init__(self, move: _Optional[_Union[_common_pb2.LegalMove, _Mapping]] = ..., stats: _Optional[_Union[SearchStats, _Mapping]] = ...) -> None: ...

class SearchStats(_message.Message):
    __slots__ = ("iterations", "duration", "workers", "cancelled", "mode", "candidates", "stop", "queue_time", "bot", "bot_spec")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    QUEUE_TIME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    duration: _duration_pb2.Duration
    workers: int
    cancelled: bool
    mode: SearchMode
    candidates: _containers.RepeatedCompositeFieldContainer[CandidateStats]
    stop: SearchStop
    queue_time: _duration_pb2.Duration
    bot: str
    bot_spec: _common_pb2.BotSpec
    def __init__(self, iterations: _Optional[int] = ..., duration: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., workers: _Optional[int] = ..., cancelled: _Optional[bool] = ..., mode: _Optional[_Union[SearchMode, str]] = ..., candidates: _Optional[_Iterable[_Union[CandidateStats, _Mapping]]] = ..., stop: _Optional[_Union[SearchStop, str]] = ..., queue_time: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., bot: _Optional[str] = ..., bot_spec: _Optional[_Union[_common_pb2.BotSpec, _Mapping]] = ...) -> None: ...

class GetServingStatsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServingStatsResponse(_message.Message):
    __slots__ = ("workers", "max_running", "queue_limit", "running", "queued", "peak_queued", "counters", "stops", "wait_p50", "wait_p99", "search_p50", "search_p99", "worker_load", "worker_restarts", "loop_lag_p99", "loop_lag_max", "process_index", "processes", "compiled_engine", "engine_build")
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    MAX_RUNNING_FIELD_NUMBER: _ClassVar[int]
    QUEUE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    PEAK_QUEUED_FIELD_NUMBER: _ClassVar[int]
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    STOPS_FIELD_NUMBER: _ClassVar[int]
    WAIT_P50_FIELD_NUMBER: _ClassVar[int]
    WAIT_P99_FIELD_NUMBER: _ClassVar[int]
    SEARCH_P50_FIELD_NUMBER: _ClassVar[int]
    SEARCH_P99_FIELD_NUMBER: _ClassVar[int]
    WORKER_LOAD_FIELD_NUMBER: _ClassVar[int]
    WORKER_RESTARTS_FIELD_NUMBER: _ClassVar[int]
    LOOP_LAG_P99_FIELD_NUMBER: _ClassVar[int]
    LOOP_LAG_MAX_FIELD_NUMBER: _ClassVar[int]
    PROCESS_INDEX_FIELD_NUMBER: _ClassVar[int]
    PROCESSES_FIELD_NUMBER: _ClassVar[int]
    COMPILED_ENGINE_FIELD_NUMBER: _ClassVar[int]
    ENGINE_BUILD_FIELD_NUMBER: _ClassVar[int]
    workers: int
    max_running: int
    queue_limit: int
    running: int
    queued: int
    peak_queued: int
    counters: SearchCounters
    stops: SearchStopCounters
    wait_p50: _duration_pb2.Duration
    wait_p99: _duration_pb2.Duration
    search_p50: _duration_pb2.Duration
    search_p99: _duration_pb2.Duration
    worker_load: _containers.RepeatedScalarFieldContainer[int]
    worker_restarts: int
    loop_lag_p99: _duration_pb2.Duration
    loop_lag_max: _duration_pb2.Duration
    process_index: int
    processes: int
    compiled_engine: bool
    engine_build: str
    def __init__(self, workers: _Optional[int] = ..., max_running: _Optional[int] = ..., queue_limit: _Optional[int] = ..., running: _Optional[int] = ..., queued: _Optional[int] = ..., peak_queued: _Optional[int] = ..., counters: _Optional[_Union[SearchCounters, _Mapping]] = ..., stops: _Optional[_Union[SearchStopCounters, _Mapping]] = ..., wait_p50: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., wait_p99: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., search_p50: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., search_p99: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., worker_load: _Optional[_Iterable[int]] = ..., worker_restarts: _Optional[int] = ..., loop_lag_p99: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., loop_lag_max: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., process_index: _Optional[int] = ..., processes: _Optional[int] = ..., compiled_engine: _Optional[bool] = ..., engine_build: _Optional[str] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class ListBotsResponse(_message.Message):
    __slots__ = ("bots",)
    BOTS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[BotOffer]
    def __init__(self, bots: _Optional[_Iterable[_Union[BotOffer, _Mapping]]] = ...) -> None: ...

class BotOffer(_message.Message):
    __slots__ = ("bot", "bot_spec", "title", "description", "is_default", "tables")
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    IS_DEFAULT_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    bot: str
    bot_spec: _common_pb2.BotSpec
    title: str
    description: str
    is_default: bool
    tables: _containers.RepeatedCompositeFieldContainer[BotAtTable]
    def __init__(self, bot: _Optional[str] = ..., bot_spec: _Optional[_Union[_common_pb2.BotSpec, _Mapping]] = ..., title: _Optional[str] = ..., description: _Optional[str] = ..., is_default: _Optional[bool] = ..., tables: _Optional[_Iterable[_Union[BotAtTable, _Mapping]]] = ...) -> None: ...

class BotAtTable(_message.Message):
    __slots__ = ("game", "players", "iterations", "trees", "rating", "time")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    TREES_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    game: str
    players: int
    iterations: int
    trees: int
    rating: BotRating
    time: _duration_pb2.Duration
    def __init__(self, game: _Optional[str] = ..., players: _Optional[int] = ..., iterations: _Optional[int] = ..., trees: _Optional[int] = ..., rating: _Optional[_Union[BotRating, _Mapping]] = ..., time: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ...) -> None: ...

class BotRating(_message.Message):
    __slots__ = ("elo", "elo_low", "elo_high", "games")
    ELO_FIELD_NUMBER: _ClassVar[int]
    ELO_LOW_FIELD_NUMBER: _ClassVar[int]
    ELO_HIGH_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    elo: int
    elo_low: int
    elo_high: int
    games: int
    def __init__(self, elo: _Optional[int] = ..., elo_low: _Optional[int] = ..., elo_high: _Optional[int] = ..., games: _Optional[int] = ...) -> None: ...

class SearchCounters(_message.Message):
    __slots__ = ("started", "answered", "rejected", "cancelled", "expired_in_queue", "deadline_too_short", "failed", "partial", "unsearched")
    STARTED_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    EXPIRED_IN_QUEUE_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_TOO_SHORT_FIELD_NUMBER: _ClassVar[int]
    FAILED_FIELD_NUMBER: _ClassVar[int]
    PARTIAL_FIELD_NUMBER: _ClassVar[int]
    UNSEARCHED_FIELD_NUMBER: _ClassVar[int]
    started: int
    answered: int
    rejected: int
    cancelled: int
    expired_in_queue: int
    deadline_too_short: int
    failed: int
    partial: int
    unsearched: int
    def __init__(self, started: _Optional[int] = ..., answered: _Optional[int] = ..., rejected: _Optional[int] = ..., cancelled: _Optional[int] = ..., expired_in_queue: _Optional[int] = ..., deadline_too_short: _Optional[int] = ..., failed: _Optional[int] = ..., partial: _Optional[int] = ..., unsearched: _Optional[int] = ...) -> None: ...

class SearchStopCounters(_message.Message):
    __slots__ = ("iterations", "time", "deadline", "single_move", "cancelled")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    SINGLE_MOVE_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    time: int
    deadline: int
    single_move: int
    cancelled: int
    def __init__(self, iterations: _Optional[int] = ..., time: _Optional[int] = ..., deadline: _Optional[int] = ..., single_move: _Optional[int] = ..., cancelled: _Optional[int] = ...) -> None: ...

class CandidateStats(_message.Message):
    __slots__ = ("move_id", "text", "visits", "value", "value_low", "value_high", "expected_score")
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    VALUE_LOW_FIELD_NUMBER: _ClassVar[int]
    VALUE_HIGH_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SCORE_FIELD_NUMBER: _ClassVar[int]
    move_id: int
    text: str
    visits: int
    value: float
    value_low: float
    value_high: float
    expected_score: ScoreEstimate
    def __init__(self, move_id: _Optional[int] = ..., text: _Optional[str] = ..., visits: _Optional[int] = ..., value: _Optional[float] = ..., value_low: _Optional[float] = ..., value_high: _Optional[float] = ..., expected_score: _Optional[_Union[ScoreEstimate, _Mapping]] = ...) -> None: ...

class ScoreEstimate(_message.Message):
    __slots__ = ("points", "points_low", "points_high")
    POINTS_FIELD_NUMBER: _ClassVar[int]
    POINTS_LOW_FIELD_NUMBER: _ClassVar[int]
    POINTS_HIGH_FIELD_NUMBER: _ClassVar[int]
    points: float
    points_low: float
    points_high: float
    def __init__(self, points: _Optional[float] = ..., points_low: _Optional[float] = ..., points_high: _Optional[float] = ...) -> None: ...
