from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FritangaConfig(_message.Message):
    __slots__ = ("players", "mode")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    players: int
    mode: str
    def __init__(self, players: _Optional[int] = ..., mode: _Optional[str] = ...) -> None: ...

class FritangaView(_message.Message):
    __slots__ = ("seat", "config", "mode", "width", "height", "phase", "decider", "turn_seat", "turn", "chef_seat", "chef_cards_played", "final_round", "skip_move", "face_down_cards", "cards", "face_down", "peeks", "players", "chef_hand", "discard", "removed", "stack")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    CHEF_SEAT_FIELD_NUMBER: _ClassVar[int]
    CHEF_CARDS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    SKIP_MOVE_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    PEEKS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CHEF_HAND_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: FritangaConfig
    mode: str
    width: int
    height: int
    phase: str
    decider: int
    turn_seat: int
    turn: int
    chef_seat: int
    chef_cards_played: int
    final_round: bool
    skip_move: bool
    face_down_cards: int
    cards: _containers.RepeatedCompositeFieldContainer[FritangaCard]
    face_down: _containers.RepeatedScalarFieldContainer[int]
    peeks: _containers.RepeatedCompositeFieldContainer[FritangaPeek]
    players: _containers.RepeatedCompositeFieldContainer[FritangaPlayer]
    chef_hand: _containers.RepeatedScalarFieldContainer[str]
    discard: _containers.RepeatedCompositeFieldContainer[FritangaCardCount]
    removed: _containers.RepeatedCompositeFieldContainer[FritangaCardCount]
    stack: _containers.RepeatedCompositeFieldContainer[FritangaFrame]
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[FritangaConfig, _Mapping]] = ..., mode: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., phase: _Optional[str] = ..., decider: _Optional[int] = ..., turn_seat: _Optional[int] = ..., turn: _Optional[int] = ..., chef_seat: _Optional[int] = ..., chef_cards_played: _Optional[int] = ..., final_round: _Optional[bool] = ..., skip_move: _Optional[bool] = ..., face_down_cards: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[FritangaCard, _Mapping]]] = ..., face_down: _Optional[_Iterable[int]] = ..., peeks: _Optional[_Iterable[_Union[FritangaPeek, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[FritangaPlayer, _Mapping]]] = ..., chef_hand: _Optional[_Iterable[str]] = ..., discard: _Optional[_Iterable[_Union[FritangaCardCount, _Mapping]]] = ..., removed: _Optional[_Iterable[_Union[FritangaCardCount, _Mapping]]] = ..., stack: _Optional[_Iterable[_Union[FritangaFrame, _Mapping]]] = ...) -> None: ...

class FritangaCard(_message.Message):
    __slots__ = ("cell", "card", "face_up")
    CELL_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    cell: int
    card: str
    face_up: bool
    def __init__(self, cell: _Optional[int] = ..., card: _Optional[str] = ..., face_up: _Optional[bool] = ...) -> None: ...

class FritangaPeek(_message.Message):
    __slots__ = ("cell", "seats", "public")
    CELL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    cell: int
    seats: _containers.RepeatedScalarFieldContainer[int]
    public: bool
    def __init__(self, cell: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., public: _Optional[bool] = ...) -> None: ...

class FritangaHandCard(_message.Message):
    __slots__ = ("card", "fresh", "public")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FRESH_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    card: str
    fresh: bool
    public: bool
    def __init__(self, card: _Optional[str] = ..., fresh: _Optional[bool] = ..., public: _Optional[bool] = ...) -> None: ...

class FritangaPlayer(_message.Message):
    __slots__ = ("seat", "role", "team", "status", "position", "position_name", "fallen_at", "fried_turn", "hand_size", "hand")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    POSITION_NAME_FIELD_NUMBER: _ClassVar[int]
    FALLEN_AT_FIELD_NUMBER: _ClassVar[int]
    FRIED_TURN_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    team: int
    status: str
    position: int
    position_name: str
    fallen_at: int
    fried_turn: int
    hand_size: int
    hand: _containers.RepeatedCompositeFieldContainer[FritangaHandCard]
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., team: _Optional[int] = ..., status: _Optional[str] = ..., position: _Optional[int] = ..., position_name: _Optional[str] = ..., fallen_at: _Optional[int] = ..., fried_turn: _Optional[int] = ..., hand_size: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[FritangaHandCard, _Mapping]]] = ...) -> None: ...

class FritangaCardCount(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: str
    count: int
    def __init__(self, card: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class FritangaFrame(_message.Message):
    __slots__ = ("frame", "args")
    FRAME_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    frame: str
    args: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, frame: _Optional[str] = ..., args: _Optional[_Iterable[int]] = ...) -> None: ...

class FritangaMove(_message.Message):
    __slots__ = ("play", "end_play", "move", "choose_card", "choose_space", "choose_seat", "choose_direction", "skill", "react", "decline")
    class Play(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class EndPlay(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Move(_message.Message):
        __slots__ = ("cell",)
        CELL_FIELD_NUMBER: _ClassVar[int]
        cell: int
        def __init__(self, cell: _Optional[int] = ...) -> None: ...
    class ChooseCard(_message.Message):
        __slots__ = ("cell",)
        CELL_FIELD_NUMBER: _ClassVar[int]
        cell: int
        def __init__(self, cell: _Optional[int] = ...) -> None: ...
    class ChooseSpace(_message.Message):
        __slots__ = ("cell",)
        CELL_FIELD_NUMBER: _ClassVar[int]
        cell: int
        def __init__(self, cell: _Optional[int] = ...) -> None: ...
    class ChooseSeat(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class ChooseDirection(_message.Message):
        __slots__ = ("direction",)
        DIRECTION_FIELD_NUMBER: _ClassVar[int]
        direction: str
        def __init__(self, direction: _Optional[str] = ...) -> None: ...
    class Skill(_message.Message):
        __slots__ = ("skill",)
        SKILL_FIELD_NUMBER: _ClassVar[int]
        skill: str
        def __init__(self, skill: _Optional[str] = ...) -> None: ...
    class React(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class Decline(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLAY_FIELD_NUMBER: _ClassVar[int]
    END_PLAY_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_SPACE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_SEAT_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DIRECTION_FIELD_NUMBER: _ClassVar[int]
    SKILL_FIELD_NUMBER: _ClassVar[int]
    REACT_FIELD_NUMBER: _ClassVar[int]
    DECLINE_FIELD_NUMBER: _ClassVar[int]
    play: FritangaMove.Play
    end_play: FritangaMove.EndPlay
    move: FritangaMove.Move
    choose_card: FritangaMove.ChooseCard
    choose_space: FritangaMove.ChooseSpace
    choose_seat: FritangaMove.ChooseSeat
    choose_direction: FritangaMove.ChooseDirection
    skill: FritangaMove.Skill
    react: FritangaMove.React
    decline: FritangaMove.Decline
    def __init__(self, play: _Optional[_Union[FritangaMove.Play, _Mapping]] = ..., end_play: _Optional[_Union[FritangaMove.EndPlay, _Mapping]] = ..., move: _Optional[_Union[FritangaMove.Move, _Mapping]] = ..., choose_card: _Optional[_Union[FritangaMove.ChooseCard, _Mapping]] = ..., choose_space: _Optional[_Union[FritangaMove.ChooseSpace, _Mapping]] = ..., choose_seat: _Optional[_Union[FritangaMove.ChooseSeat, _Mapping]] = ..., choose_direction: _Optional[_Union[FritangaMove.ChooseDirection, _Mapping]] = ..., skill: _Optional[_Union[FritangaMove.Skill, _Mapping]] = ..., react: _Optional[_Union[FritangaMove.React, _Mapping]] = ..., decline: _Optional[_Union[FritangaMove.Decline, _Mapping]] = ...) -> None: ...
