from boardbot.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SearchStop(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_STOP_UNSPECIFIED: _ClassVar[SearchStop]
    SEARCH_STOP_ITERATIONS: _ClassVar[SearchStop]
    SEARCH_STOP_TIME: _ClassVar[SearchStop]
    SEARCH_STOP_DEADLINE: _ClassVar[SearchStop]
    SEARCH_STOP_SINGLE_MOVE: _ClassVar[SearchStop]
    SEARCH_STOP_NO_SEARCH: _ClassVar[SearchStop]
SEARCH_STOP_UNSPECIFIED: SearchStop
SEARCH_STOP_ITERATIONS: SearchStop
SEARCH_STOP_TIME: SearchStop
SEARCH_STOP_DEADLINE: SearchStop
SEARCH_STOP_SINGLE_MOVE: SearchStop
SEARCH_STOP_NO_SEARCH: SearchStop

class SearchBudget(_message.Message):
    __slots__ = ("iterations", "seconds")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    seconds: float
    def __init__(self, iterations: _Optional[int] = ..., seconds: _Optional[float] = ...) -> None: ...

class SuggestMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "bot", "budget", "seed")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    bot: str
    budget: SearchBudget
    seed: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., bot: _Optional[str] = ..., budget: _Optional[_Union[SearchBudget, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

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
    __slots__ = ("game", "view", "bot", "budget", "seed")
    GAME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    game: str
    view: _common_pb2.View
    bot: str
    budget: SearchBudget
    seed: int
    def __init__(self, game: _Optional[str] = ..., view: _Optional[_Union[_common_pb2.View, _Mapping]] = ..., bot: _Optional[str] = ..., budget: _Optional[_Union[SearchBudget, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

class ChooseMoveResponse(_message.Message):
    __slots__ = ("move", "stats")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    move: _common_pb2.LegalMove
    stats: SearchStats
    def __init__(self, move: _Optional[_Union[_common_pb2.LegalMove, _Mapping]] = ..., stats: _Optional[_Union[SearchStats, _Mapping]] = ...) -> None: ...

class SearchStats(_message.Message):
    __slots__ = ("iterations", "seconds", "workers", "cancelled", "mode", "candidates", "stop", "queue_seconds")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    QUEUE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    seconds: float
    workers: int
    cancelled: bool
    mode: str
    candidates: _containers.RepeatedCompositeFieldContainer[CandidateStats]
    stop: SearchStop
    queue_seconds: float
    def __init__(self, iterations: _Optional[int] = ..., seconds: _Optional[float] = ..., workers: _Optional[int] = ..., cancelled: _Optional[bool] = ..., mode: _Optional[str] = ..., candidates: _Optional[_Iterable[_Union[CandidateStats, _Mapping]]] = ..., stop: _Optional[_Union[SearchStop, str]] = ..., queue_seconds: _Optional[float] = ...) -> None: ...

class GetServingStatsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServingStatsResponse(_message.Message):
    __slots__ = ("workers", "max_running", "queue_limit", "running", "queued", "peak_queued", "counts", "stops", "wait_p50_seconds", "wait_p99_seconds", "search_p50_seconds", "search_p99_seconds", "worker_load", "worker_restarts", "loop_lag_p99_seconds", "loop_lag_max_seconds", "process_index", "processes")
    class CountsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class StopsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    MAX_RUNNING_FIELD_NUMBER: _ClassVar[int]
    QUEUE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    PEAK_QUEUED_FIELD_NUMBER: _ClassVar[int]
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    STOPS_FIELD_NUMBER: _ClassVar[int]
    WAIT_P50_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WAIT_P99_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_P50_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_P99_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORKER_LOAD_FIELD_NUMBER: _ClassVar[int]
    WORKER_RESTARTS_FIELD_NUMBER: _ClassVar[int]
    LOOP_LAG_P99_SECONDS_FIELD_NUMBER: _ClassVar[int]
    LOOP_LAG_MAX_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PROCESS_INDEX_FIELD_NUMBER: _ClassVar[int]
    PROCESSES_FIELD_NUMBER: _ClassVar[int]
    workers: int
    max_running: int
    queue_limit: int
    running: int
    queued: int
    peak_queued: int
    counts: _containers.ScalarMap[str, int]
    stops: _containers.ScalarMap[str, int]
    wait_p50_seconds: float
    wait_p99_seconds: float
    search_p50_seconds: float
    search_p99_seconds: float
    worker_load: _containers.RepeatedScalarFieldContainer[int]
    worker_restarts: int
    loop_lag_p99_seconds: float
    loop_lag_max_seconds: float
    process_index: int
    processes: int
    def __init__(self, workers: _Optional[int] = ..., max_running: _Optional[int] = ..., queue_limit: _Optional[int] = ..., running: _Optional[int] = ..., queued: _Optional[int] = ..., peak_queued: _Optional[int] = ..., counts: _Optional[_Mapping[str, int]] = ..., stops: _Optional[_Mapping[str, int]] = ..., wait_p50_seconds: _Optional[float] = ..., wait_p99_seconds: _Optional[float] = ..., search_p50_seconds: _Optional[float] = ..., search_p99_seconds: _Optional[float] = ..., worker_load: _Optional[_Iterable[int]] = ..., worker_restarts: _Optional[int] = ..., loop_lag_p99_seconds: _Optional[float] = ..., loop_lag_max_seconds: _Optional[float] = ..., process_index: _Optional[int] = ..., processes: _Optional[int] = ...) -> None: ...

class CandidateStats(_message.Message):
    __slots__ = ("move_id", "text", "visits", "value")
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    move_id: int
    text: str
    visits: int
    value: float
    def __init__(self, move_id: _Optional[int] = ..., text: _Optional[str] = ..., visits: _Optional[int] = ..., value: _Optional[float] = ...) -> None: ...
