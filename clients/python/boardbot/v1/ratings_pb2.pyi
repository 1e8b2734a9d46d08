import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RatedKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RATED_KIND_UNSPECIFIED: _ClassVar[RatedKind]
    RATED_KIND_PLAYER: _ClassVar[RatedKind]
    RATED_KIND_PRESET: _ClassVar[RatedKind]
RATED_KIND_UNSPECIFIED: RatedKind
RATED_KIND_PLAYER: RatedKind
RATED_KIND_PRESET: RatedKind

class RatingEntry(_message.Message):
    __slots__ = ("rank", "kind", "name", "rating", "mu", "sigma", "games", "update_time")
    RANK_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    rank: int
    kind: RatedKind
    name: str
    rating: float
    mu: float
    sigma: float
    games: int
    update_time: _timestamp_pb2.Timestamp
    def __init__(self, rank: _Optional[int] = ..., kind: _Optional[_Union[RatedKind, str]] = ..., name: _Optional[str] = ..., rating: _Optional[float] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., games: _Optional[int] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...
