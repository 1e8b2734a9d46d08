import datetime

from boardbot.v1 import czech_pub_pb2 as _czech_pub_pb2
from boardbot.v1 import dulore_jutunk_pb2 as _dulore_jutunk_pb2
from boardbot.v1 import fritanga_pb2 as _fritanga_pb2
from boardbot.v1 import froccs_pb2 as _froccs_pb2
from boardbot.v1 import frogriders_pb2 as _frogriders_pb2
from google.protobuf import duration_pb2 as _duration_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_HUMAN: _ClassVar[SeatKind]
    SEAT_KIND_BOT: _ClassVar[SeatKind]

class BotPreset(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_PRESET_UNSPECIFIED: _ClassVar[BotPreset]
    BOT_PRESET_EASY: _ClassVar[BotPreset]
    BOT_PRESET_MEDIUM: _ClassVar[BotPreset]
    BOT_PRESET_HARD: _ClassVar[BotPreset]

class TreeMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TREE_MODE_UNSPECIFIED: _ClassVar[TreeMode]
    TREE_MODE_AUTO: _ClassVar[TreeMode]
    TREE_MODE_SINGLE_OBSERVER: _ClassVar[TreeMode]
    TREE_MODE_MULTIPLE_OBSERVER: _ClassVar[TreeMode]

class RolloutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ROLLOUT_POLICY_UNSPECIFIED: _ClassVar[RolloutPolicy]
    ROLLOUT_POLICY_GAME: _ClassVar[RolloutPolicy]
    ROLLOUT_POLICY_RANDOM: _ClassVar[RolloutPolicy]

class SearchHint(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_HINT_UNSPECIFIED: _ClassVar[SearchHint]
    SEARCH_HINT_GAME: _ClassVar[SearchHint]
    SEARCH_HINT_HEURISTIC: _ClassVar[SearchHint]

class OpponentModel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OPPONENT_MODEL_UNSPECIFIED: _ClassVar[OpponentModel]
    OPPONENT_MODEL_MAX_N: _ClassVar[OpponentModel]
    OPPONENT_MODEL_PARANOID: _ClassVar[OpponentModel]
    OPPONENT_MODEL_POLICY: _ClassVar[OpponentModel]

class WorldBeliefs(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORLD_BELIEFS_UNSPECIFIED: _ClassVar[WorldBeliefs]
    WORLD_BELIEFS_UNIFORM: _ClassVar[WorldBeliefs]
    WORLD_BELIEFS_INFERRED: _ClassVar[WorldBeliefs]

class SearchTiming(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_TIMING_UNSPECIFIED: _ClassVar[SearchTiming]
    SEARCH_TIMING_FIXED: _ClassVar[SearchTiming]
    SEARCH_TIMING_MANAGED: _ClassVar[SearchTiming]

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_RUNNING: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]
    GAME_STATUS_WAITING: _ClassVar[GameStatus]

class EventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_KIND_UNSPECIFIED: _ClassVar[EventKind]
    EVENT_KIND_MOVE: _ClassVar[EventKind]
    EVENT_KIND_RESIGN: _ClassVar[EventKind]
    EVENT_KIND_SEAT: _ClassVar[EventKind]
    EVENT_KIND_TIMEOUT: _ClassVar[EventKind]
    EVENT_KIND_CLOCKS_RESUMED: _ClassVar[EventKind]
    EVENT_KIND_TAKE_BACK: _ClassVar[EventKind]

class ParamType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PARAM_TYPE_UNSPECIFIED: _ClassVar[ParamType]
    PARAM_TYPE_BOOL: _ClassVar[ParamType]
    PARAM_TYPE_INTEGER: _ClassVar[ParamType]
    PARAM_TYPE_ENUM: _ClassVar[ParamType]
    PARAM_TYPE_STRING: _ClassVar[ParamType]

class SeatState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_STATE_UNSPECIFIED: _ClassVar[SeatState]
    SEAT_STATE_TAKEN: _ClassVar[SeatState]
    SEAT_STATE_OPEN: _ClassVar[SeatState]
    SEAT_STATE_RESERVED: _ClassVar[SeatState]
    SEAT_STATE_LEFT: _ClassVar[SeatState]
    SEAT_STATE_REPLACED: _ClassVar[SeatState]

class LeavePolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LEAVE_POLICY_UNSPECIFIED: _ClassVar[LeavePolicy]
    LEAVE_POLICY_STAND_IN: _ClassVar[LeavePolicy]
    LEAVE_POLICY_WAIT: _ClassVar[LeavePolicy]

class ClockKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLOCK_KIND_UNSPECIFIED: _ClassVar[ClockKind]
    CLOCK_KIND_INCREMENT: _ClassVar[ClockKind]
    CLOCK_KIND_TIME_BANK: _ClassVar[ClockKind]
    CLOCK_KIND_DAYS_PER_MOVE: _ClassVar[ClockKind]

class TimeoutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIMEOUT_POLICY_UNSPECIFIED: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_FORFEIT: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_STAND_IN: _ClassVar[TimeoutPolicy]
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_HUMAN: SeatKind
SEAT_KIND_BOT: SeatKind
BOT_PRESET_UNSPECIFIED: BotPreset
BOT_PRESET_EASY: BotPreset
BOT_PRESET_MEDIUM: BotPreset
BOT_PRESET_HARD: BotPreset
TREE_MODE_UNSPECIFIED: TreeMode
TREE_MODE_AUTO: TreeMode
TREE_MODE_SINGLE_OBSERVER: TreeMode
TREE_MODE_MULTIPLE_OBSERVER: TreeMode
ROLLOUT_POLICY_UNSPECIFIED: RolloutPolicy
ROLLOUT_POLICY_GAME: RolloutPolicy
ROLLOUT_POLICY_RANDOM: RolloutPolicy
SEARCH_HINT_UNSPECIFIED: SearchHint
SEARCH_HINT_GAME: SearchHint
SEARCH_HINT_HEURISTIC: SearchHint
OPPONENT_MODEL_UNSPECIFIED: OpponentModel
OPPONENT_MODEL_MAX_N: OpponentModel
OPPONENT_MODEL_PARANOID: OpponentModel
OPPONENT_MODEL_POLICY: OpponentModel
WORLD_BELIEFS_UNSPECIFIED: WorldBeliefs
WORLD_BELIEFS_UNIFORM: WorldBeliefs
WORLD_BELIEFS_INFERRED: WorldBeliefs
SEARCH_TIMING_UNSPECIFIED: SearchTiming
SEARCH_TIMING_FIXED: SearchTiming
SEARCH_TIMING_MANAGED: SearchTiming
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_RUNNING: GameStatus
GAME_STATUS_FINISHED: GameStatus
GAME_STATUS_WAITING: GameStatus
EVENT_KIND_UNSPECIFIED: EventKind
EVENT_KIND_MOVE: EventKind
EVENT_KIND_RESIGN: EventKind
EVENT_KIND_SEAT: EventKind
EVENT_KIND_TIMEOUT: EventKind
EVENT_KIND_CLOCKS_RESUMED: EventKind
EVENT_KIND_TAKE_BACK: EventKind
PARAM_TYPE_UNSPECIFIED: ParamType
PARAM_TYPE_BOOL: ParamType
PARAM_TYPE_INTEGER: ParamType
PARAM_TYPE_ENUM: ParamType
PARAM_TYPE_STRING: ParamType
SEAT_STATE_UNSPECIFIED: SeatState
SEAT_STATE_TAKEN: SeatState
SEAT_STATE_OPEN: SeatState
SEAT_STATE_RESERVED: SeatState
SEAT_STATE_LEFT: SeatState
SEAT_STATE_REPLACED: SeatState
LEAVE_POLICY_UNSPECIFIED: LeavePolicy
LEAVE_POLICY_STAND_IN: LeavePolicy
LEAVE_POLICY_WAIT: LeavePolicy
CLOCK_KIND_UNSPECIFIED: ClockKind
CLOCK_KIND_INCREMENT: ClockKind
CLOCK_KIND_TIME_BANK: ClockKind
CLOCK_KIND_DAYS_PER_MOVE: ClockKind
TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy
TIMEOUT_POLICY_FORFEIT: TimeoutPolicy
TIMEOUT_POLICY_STAND_IN: TimeoutPolicy

class GameConfig(_message.Message):
    __slots__ = ("frogriders", "czech_pub", "fritanga", "froccs", "dulore_jutunk")
    FROGRIDERS_FIELD_NUMBER: _ClassVar[int]
    CZECH_PUB_FIELD_NUMBER: _ClassVar[int]
    FRITANGA_FIELD_NUMBER: _ClassVar[int]
    FROCCS_FIELD_NUMBER: _ClassVar[int]
    DULORE_JUTUNK_FIELD_NUMBER: _ClassVar[int]
    frogriders: _frogriders_pb2.FrogridersConfig
    czech_pub: _czech_pub_pb2.CzechPubConfig
    fritanga: _fritanga_pb2.FritangaConfig
    froccs: _froccs_pb2.FroccsConfig
    dulore_jutunk: _dulore_jutunk_pb2.DuloreJutunkConfig
    def __init__(self, frogriders: _Optional[_Union[_frogriders_pb2.FrogridersConfig, _Mapping]] = ..., czech_pub: _Optional[_Union[_czech_pub_pb2.CzechPubConfig, _Mapping]] = ..., fritanga: _Optional[_Union[_fritanga_pb2.FritangaConfig, _Mapping]] = ..., froccs: _Optional[_Union[_froccs_pb2.FroccsConfig, _Mapping]] = ..., dulore_jutunk: _Optional[_Union[_dulore_jutunk_pb2.DuloreJutunkConfig, _Mapping]] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("frogriders", "czech_pub", "fritanga", "froccs", "dulore_jutunk")
    FROGRIDERS_FIELD_NUMBER: _ClassVar[int]
    CZECH_PUB_FIELD_NUMBER: _ClassVar[int]
    FRITANGA_FIELD_NUMBER: _ClassVar[int]
    FROCCS_FIELD_NUMBER: _ClassVar[int]
    DULORE_JUTUNK_FIELD_NUMBER: _ClassVar[int]
    frogriders: _frogriders_pb2.FrogridersView
    czech_pub: _czech_pub_pb2.CzechPubView
    fritanga: _fritanga_pb2.FritangaView
    froccs: _froccs_pb2.FroccsView
    dulore_jutunk: _dulore_jutunk_pb2.DuloreJutunkView
    def __init__(self, frogriders: _Optional[_Union[_frogriders_pb2.FrogridersView, _Mapping]] = ..., czech_pub: _Optional[_Union[_czech_pub_pb2.CzechPubView, _Mapping]] = ..., fritanga: _Optional[_Union[_fritanga_pb2.FritangaView, _Mapping]] = ..., froccs: _Optional[_Union[_froccs_pb2.FroccsView, _Mapping]] = ..., dulore_jutunk: _Optional[_Union[_dulore_jutunk_pb2.DuloreJutunkView, _Mapping]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("frogriders", "czech_pub", "fritanga", "froccs", "dulore_jutunk")
    FROGRIDERS_FIELD_NUMBER: _ClassVar[int]
    CZECH_PUB_FIELD_NUMBER: _ClassVar[int]
    FRITANGA_FIELD_NUMBER: _ClassVar[int]
    FROCCS_FIELD_NUMBER: _ClassVar[int]
    DULORE_JUTUNK_FIELD_NUMBER: _ClassVar[int]
    frogriders: _frogriders_pb2.FrogridersMove
    czech_pub: _czech_pub_pb2.CzechPubMove
    fritanga: _fritanga_pb2.FritangaMove
    froccs: _froccs_pb2.FroccsMove
    dulore_jutunk: _dulore_jutunk_pb2.DuloreJutunkMove
    def __init__(self, frogriders: _Optional[_Union[_frogriders_pb2.FrogridersMove, _Mapping]] = ..., czech_pub: _Optional[_Union[_czech_pub_pb2.CzechPubMove, _Mapping]] = ..., fritanga: _Optional[_Union[_fritanga_pb2.FritangaMove, _Mapping]] = ..., froccs: _Optional[_Union[_froccs_pb2.FroccsMove, _Mapping]] = ..., dulore_jutunk: _Optional[_Union[_dulore_jutunk_pb2.DuloreJutunkMove, _Mapping]] = ...) -> None: ...

class SeatSpec(_message.Message):
    __slots__ = ("kind", "bot", "bot_spec", "open", "player_name")
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    bot: str
    bot_spec: BotSpec
    open: bool
    player_name: str
    def __init__(self, kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., bot_spec: _Optional[_Union[BotSpec, _Mapping]] = ..., open: _Optional[bool] = ..., player_name: _Optional[str] = ...) -> None: ...

class Seat(_message.Message):
    __slots__ = ("index", "kind", "bot", "resigned", "bot_spec", "state", "player_name", "reservation_expire_time")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    RESERVATION_EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    index: int
    kind: SeatKind
    bot: str
    resigned: bool
    bot_spec: BotSpec
    state: SeatState
    player_name: str
    reservation_expire_time: _timestamp_pb2.Timestamp
    def __init__(self, index: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., resigned: _Optional[bool] = ..., bot_spec: _Optional[_Union[BotSpec, _Mapping]] = ..., state: _Optional[_Union[SeatState, str]] = ..., player_name: _Optional[str] = ..., reservation_expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class BotSpec(_message.Message):
    __slots__ = ("random", "greedy", "ismcts")
    RANDOM_FIELD_NUMBER: _ClassVar[int]
    GREEDY_FIELD_NUMBER: _ClassVar[int]
    ISMCTS_FIELD_NUMBER: _ClassVar[int]
    random: RandomBot
    greedy: GreedyBot
    ismcts: IsmctsBot
    def __init__(self, random: _Optional[_Union[RandomBot, _Mapping]] = ..., greedy: _Optional[_Union[GreedyBot, _Mapping]] = ..., ismcts: _Optional[_Union[IsmctsBot, _Mapping]] = ...) -> None: ...

class RandomBot(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GreedyBot(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class IsmctsBot(_message.Message):
    __slots__ = ("preset", "iterations", "time", "exploration", "mode", "rollout", "depth", "widening", "widening_scale", "bias", "hint", "workers", "opponents", "beliefs", "timing")
    PRESET_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    EXPLORATION_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    ROLLOUT_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    WIDENING_FIELD_NUMBER: _ClassVar[int]
    WIDENING_SCALE_FIELD_NUMBER: _ClassVar[int]
    BIAS_FIELD_NUMBER: _ClassVar[int]
    HINT_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    OPPONENTS_FIELD_NUMBER: _ClassVar[int]
    BELIEFS_FIELD_NUMBER: _ClassVar[int]
    TIMING_FIELD_NUMBER: _ClassVar[int]
    preset: BotPreset
    iterations: int
    time: _duration_pb2.Duration
    exploration: float
    mode: TreeMode
    rollout: RolloutPolicy
    depth: int
    widening: float
    widening_scale: float
    bias: float
    hint: SearchHint
    workers: int
    opponents: OpponentModel
    beliefs: WorldBeliefs
    timing: SearchTiming
    def __init__(self, preset: _Optional[_Union[BotPreset, str]] = ..., iterations: _Optional[int] = ..., time: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., exploration: _Optional[float] = ..., mode: _Optional[_Union[TreeMode, str]] = ..., rollout: _Optional[_Union[RolloutPolicy, str]] = ..., depth: _Optional[int] = ..., widening: _Optional[float] = ..., widening_scale: _Optional[float] = ..., bias: _Optional[float] = ..., hint: _Optional[_Union[SearchHint, str]] = ..., workers: _Optional[int] = ..., opponents: _Optional[_Union[OpponentModel, str]] = ..., beliefs: _Optional[_Union[WorldBeliefs, str]] = ..., timing: _Optional[_Union[SearchTiming, str]] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("scores", "winners", "ranks", "breakdown")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    winners: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    breakdown: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Struct]
    def __init__(self, scores: _Optional[_Iterable[float]] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., breakdown: _Optional[_Iterable[_Union[_struct_pb2.Struct, _Mapping]]] = ...) -> None: ...

class Game(_message.Message):
    __slots__ = ("game_id", "game_name", "config", "seats", "version", "status", "decider", "outcome", "create_time", "update_time", "reproducible", "rules_version", "clocks", "lobby", "deal", "rated")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    REPRODUCIBLE_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    LOBBY_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_name: str
    config: GameConfig
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    version: int
    status: GameStatus
    decider: int
    outcome: Outcome
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    reproducible: bool
    rules_version: int
    clocks: Clocks
    lobby: LobbyOptions
    deal: DealCommitment
    rated: bool
    def __init__(self, game_id: _Optional[str] = ..., game_name: _Optional[str] = ..., config: _Optional[_Union[GameConfig, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., decider: _Optional[int] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reproducible: _Optional[bool] = ..., rules_version: _Optional[int] = ..., clocks: _Optional[_Union[Clocks, _Mapping]] = ..., lobby: _Optional[_Union[LobbyOptions, _Mapping]] = ..., deal: _Optional[_Union[DealCommitment, _Mapping]] = ..., rated: _Optional[bool] = ...) -> None: ...

class LegalMove(_message.Message):
    __slots__ = ("id", "text", "move")
    ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    id: int
    text: str
    move: Move
    def __init__(self, id: _Optional[int] = ..., text: _Optional[str] = ..., move: _Optional[_Union[Move, _Mapping]] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("game_id", "version", "seat", "view", "decider", "legal_moves", "status", "outcome", "clocks", "live_scores")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    LIVE_SCORES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seat: int
    view: View
    decider: int
    legal_moves: _containers.RepeatedCompositeFieldContainer[LegalMove]
    status: GameStatus
    outcome: Outcome
    clocks: Clocks
    live_scores: _containers.RepeatedCompositeFieldContainer[LiveScore]
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seat: _Optional[int] = ..., view: _Optional[_Union[View, _Mapping]] = ..., decider: _Optional[int] = ..., legal_moves: _Optional[_Iterable[_Union[LegalMove, _Mapping]]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., clocks: _Optional[_Union[Clocks, _Mapping]] = ..., live_scores: _Optional[_Iterable[_Union[LiveScore, _Mapping]]] = ...) -> None: ...

class LiveScore(_message.Message):
    __slots__ = ("points", "breakdown", "partial")
    POINTS_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    PARTIAL_FIELD_NUMBER: _ClassVar[int]
    points: float
    breakdown: _struct_pb2.Struct
    partial: bool
    def __init__(self, points: _Optional[float] = ..., breakdown: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., partial: _Optional[bool] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "kind", "seat", "by_bot", "move_text", "move", "log", "status", "time", "back_to_version")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BY_BOT_FIELD_NUMBER: _ClassVar[int]
    MOVE_TEXT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    BACK_TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: EventKind
    seat: int
    by_bot: bool
    move_text: str
    move: Move
    log: _containers.RepeatedScalarFieldContainer[str]
    status: GameStatus
    time: _timestamp_pb2.Timestamp
    back_to_version: int
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[_Union[EventKind, str]] = ..., seat: _Optional[int] = ..., by_bot: _Optional[bool] = ..., move_text: _Optional[str] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., log: _Optional[_Iterable[str]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., back_to_version: _Optional[int] = ...) -> None: ...

class GameParam(_message.Message):
    __slots__ = ("name", "doc", "default_value", "choices", "minimum", "maximum", "value_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    VALUE_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    doc: str
    default_value: _struct_pb2.Value
    choices: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Value]
    minimum: int
    maximum: int
    value_type: ParamType
    def __init__(self, name: _Optional[str] = ..., doc: _Optional[str] = ..., default_value: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., choices: _Optional[_Iterable[_Union[_struct_pb2.Value, _Mapping]]] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., value_type: _Optional[_Union[ParamType, str]] = ...) -> None: ...

class ParamCondition(_message.Message):
    __slots__ = ("param", "values")
    PARAM_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    param: str
    values: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Value]
    def __init__(self, param: _Optional[str] = ..., values: _Optional[_Iterable[_Union[_struct_pb2.Value, _Mapping]]] = ...) -> None: ...

class ParamRule(_message.Message):
    __slots__ = ("when", "param", "allowed", "minimum", "maximum", "default_value", "doc")
    WHEN_FIELD_NUMBER: _ClassVar[int]
    PARAM_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    when: _containers.RepeatedCompositeFieldContainer[ParamCondition]
    param: str
    allowed: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Value]
    minimum: int
    maximum: int
    default_value: _struct_pb2.Value
    doc: str
    def __init__(self, when: _Optional[_Iterable[_Union[ParamCondition, _Mapping]]] = ..., param: _Optional[str] = ..., allowed: _Optional[_Iterable[_Union[_struct_pb2.Value, _Mapping]]] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., default_value: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., doc: _Optional[str] = ...) -> None: ...

class GameType(_message.Message):
    __slots__ = ("name", "title", "parameters", "configurations", "move_kinds", "param_rules", "blurb", "solo", "components", "rules_version")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    CONFIGURATIONS_FIELD_NUMBER: _ClassVar[int]
    MOVE_KINDS_FIELD_NUMBER: _ClassVar[int]
    PARAM_RULES_FIELD_NUMBER: _ClassVar[int]
    BLURB_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    COMPONENTS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    parameters: _containers.RepeatedCompositeFieldContainer[GameParam]
    configurations: _containers.RepeatedCompositeFieldContainer[GameConfig]
    move_kinds: _containers.RepeatedCompositeFieldContainer[MoveKind]
    param_rules: _containers.RepeatedCompositeFieldContainer[ParamRule]
    blurb: str
    solo: SoloMode
    components: _struct_pb2.Struct
    rules_version: int
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., parameters: _Optional[_Iterable[_Union[GameParam, _Mapping]]] = ..., configurations: _Optional[_Iterable[_Union[GameConfig, _Mapping]]] = ..., move_kinds: _Optional[_Iterable[_Union[MoveKind, _Mapping]]] = ..., param_rules: _Optional[_Iterable[_Union[ParamRule, _Mapping]]] = ..., blurb: _Optional[str] = ..., solo: _Optional[_Union[SoloMode, _Mapping]] = ..., components: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., rules_version: _Optional[int] = ...) -> None: ...

class SoloMode(_message.Message):
    __slots__ = ("title", "blurb", "opponent", "note")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    BLURB_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    title: str
    blurb: str
    opponent: str
    note: str
    def __init__(self, title: _Optional[str] = ..., blurb: _Optional[str] = ..., opponent: _Optional[str] = ..., note: _Optional[str] = ...) -> None: ...

class MoveKind(_message.Message):
    __slots__ = ("name", "fields")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    fields: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., fields: _Optional[_Iterable[str]] = ...) -> None: ...

class LobbyOptions(_message.Message):
    __slots__ = ("on_leave", "stand_in_bot", "stand_in_bot_spec", "reservation", "replace_after_failures")
    ON_LEAVE_FIELD_NUMBER: _ClassVar[int]
    STAND_IN_BOT_FIELD_NUMBER: _ClassVar[int]
    STAND_IN_BOT_SPEC_FIELD_NUMBER: _ClassVar[int]
    RESERVATION_FIELD_NUMBER: _ClassVar[int]
    REPLACE_AFTER_FAILURES_FIELD_NUMBER: _ClassVar[int]
    on_leave: LeavePolicy
    stand_in_bot: str
    stand_in_bot_spec: BotSpec
    reservation: _duration_pb2.Duration
    replace_after_failures: int
    def __init__(self, on_leave: _Optional[_Union[LeavePolicy, str]] = ..., stand_in_bot: _Optional[str] = ..., stand_in_bot_spec: _Optional[_Union[BotSpec, _Mapping]] = ..., reservation: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., replace_after_failures: _Optional[int] = ...) -> None: ...

class ClockOptions(_message.Message):
    __slots__ = ("kind", "initial_time", "increment", "maximum", "days", "on_timeout")
    KIND_FIELD_NUMBER: _ClassVar[int]
    INITIAL_TIME_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    kind: ClockKind
    initial_time: _duration_pb2.Duration
    increment: _duration_pb2.Duration
    maximum: _duration_pb2.Duration
    days: int
    on_timeout: TimeoutPolicy
    def __init__(self, kind: _Optional[_Union[ClockKind, str]] = ..., initial_time: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., increment: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., maximum: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., days: _Optional[int] = ..., on_timeout: _Optional[_Union[TimeoutPolicy, str]] = ...) -> None: ...

class Clocks(_message.Message):
    __slots__ = ("options", "as_of", "remaining", "running_seat", "deadline", "timeouts")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    RUNNING_SEAT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    options: ClockOptions
    as_of: _timestamp_pb2.Timestamp
    remaining: _containers.RepeatedCompositeFieldContainer[_duration_pb2.Duration]
    running_seat: int
    deadline: _timestamp_pb2.Timestamp
    timeouts: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, options: _Optional[_Union[ClockOptions, _Mapping]] = ..., as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., remaining: _Optional[_Iterable[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]]] = ..., running_seat: _Optional[int] = ..., deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., timeouts: _Optional[_Iterable[int]] = ...) -> None: ...

class DealCommitment(_message.Message):
    __slots__ = ("seed_sha256", "seed", "salt")
    SEED_SHA256_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SALT_FIELD_NUMBER: _ClassVar[int]
    seed_sha256: str
    seed: int
    salt: str
    def __init__(self, seed_sha256: _Optional[str] = ..., seed: _Optional[int] = ..., salt: _Optional[str] = ...) -> None: ...
