from boardbot.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameRecord(_message.Message):
    __slots__ = ("game", "seat", "complete", "events", "final_view")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FINAL_VIEW_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat: int
    complete: bool
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    final_view: _common_pb2.SeatView
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, _Mapping]] = ..., seat: _Optional[int] = ..., complete: _Optional[bool] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ..., final_view: _Optional[_Union[_common_pb2.SeatView, _Mapping]] = ...) -> None: ...
