from boardbot.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

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
    __slots__ = ("iterations", "seconds", "workers", "cancelled", "mode", "candidates")
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    iterations: int
    seconds: float
    workers: int
    cancelled: bool
    mode: str
    candidates: _containers.RepeatedCompositeFieldContainer[CandidateStats]
    def __init__(self, iterations: _Optional[int] = ..., seconds: _Optional[float] = ..., workers: _Optional[int] = ..., cancelled: _Optional[bool] = ..., mode: _Optional[str] = ..., candidates: _Optional[_Iterable[_Union[CandidateStats, _Mapping]]] = ...) -> None: ...

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
