from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FritangaMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_MODE_UNSPECIFIED: _ClassVar[FritangaMode]
    FRITANGA_MODE_VERSUS: _ClassVar[FritangaMode]
    FRITANGA_MODE_TEAMS: _ClassVar[FritangaMode]
    FRITANGA_MODE_CHEF: _ClassVar[FritangaMode]

class FritangaCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_CARD_UNSPECIFIED: _ClassVar[FritangaCard]
    FRITANGA_CARD_BASKET: _ClassVar[FritangaCard]
    FRITANGA_CARD_FRITOS: _ClassVar[FritangaCard]
    FRITANGA_CARD_A_LITTLE_BREAK: _ClassVar[FritangaCard]
    FRITANGA_CARD_BREADCRUMBS: _ClassVar[FritangaCard]
    FRITANGA_CARD_F_RAYS: _ClassVar[FritangaCard]
    FRITANGA_CARD_TRAMPOLINE: _ClassVar[FritangaCard]
    FRITANGA_CARD_MAINTENANCE: _ClassVar[FritangaCard]
    FRITANGA_CARD_COLD_WATER_GEYSER: _ClassVar[FritangaCard]
    FRITANGA_CARD_NO_FRYING_WAY: _ClassVar[FritangaCard]
    FRITANGA_CARD_UNBATTERED: _ClassVar[FritangaCard]
    FRITANGA_CARD_SWITCH: _ClassVar[FritangaCard]
    FRITANGA_CARD_BOOM: _ClassVar[FritangaCard]
    FRITANGA_CARD_FISSURE: _ClassVar[FritangaCard]
    FRITANGA_CARD_OIL_GEYSER: _ClassVar[FritangaCard]
    FRITANGA_CARD_SPLATTER: _ClassVar[FritangaCard]

class FritangaSkill(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_SKILL_UNSPECIFIED: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_SKIM: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_SPATULA: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_KNIFE: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_LID: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_STIR: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_SHAKE: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_TRIM: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_TASTE: _ClassVar[FritangaSkill]
    FRITANGA_SKILL_NOT_SO_FAST: _ClassVar[FritangaSkill]

class FritangaReaction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_REACTION_UNSPECIFIED: _ClassVar[FritangaReaction]
    FRITANGA_REACTION_NO_FRYING_WAY: _ClassVar[FritangaReaction]
    FRITANGA_REACTION_NOT_SO_FAST: _ClassVar[FritangaReaction]

class FritangaDirection(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_DIRECTION_UNSPECIFIED: _ClassVar[FritangaDirection]
    FRITANGA_DIRECTION_NORTH: _ClassVar[FritangaDirection]
    FRITANGA_DIRECTION_EAST: _ClassVar[FritangaDirection]
    FRITANGA_DIRECTION_SOUTH: _ClassVar[FritangaDirection]
    FRITANGA_DIRECTION_WEST: _ClassVar[FritangaDirection]

class FritangaRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_ROLE_UNSPECIFIED: _ClassVar[FritangaRole]
    FRITANGA_ROLE_CHEF: _ClassVar[FritangaRole]
    FRITANGA_ROLE_FOOD: _ClassVar[FritangaRole]

class FritangaStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_STATUS_UNSPECIFIED: _ClassVar[FritangaStatus]
    FRITANGA_STATUS_ALIVE: _ClassVar[FritangaStatus]
    FRITANGA_STATUS_OUT: _ClassVar[FritangaStatus]
    FRITANGA_STATUS_FRIED: _ClassVar[FritangaStatus]
    FRITANGA_STATUS_CHEF: _ClassVar[FritangaStatus]

class FritangaFrameKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_FRAME_KIND_UNSPECIFIED: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_CHOOSE_START: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_PLAY_CARDS: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_MOVEMENT: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_LAST_CHANCE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_FALLEN: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_FRITOS_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_TRAMPOLINE_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_BREADCRUMBS_PLACE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_F_RAYS_PEEK: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_F_RAYS_ELIMINATE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_MAINTENANCE_TAKE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_MAINTENANCE_PLACE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_UNBATTERED_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SWITCH_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_FISSURE_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_COLD_WATER_GEYSER: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_NO_FRYING_WAY_WINDOW: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_CHEF_TURN: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_CHEF_REACTION_WINDOW: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_CHEF_REACTION_WINDOW_NO_FRYING_WAY: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SPLATTER_DIRECTION: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SKIM_REMOVE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SPATULA_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SPATULA_DIRECTION: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_KNIFE_REMOVE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_LID_REVEAL: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_STIR_SWAP: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SHAKE_DIRECTION: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_TRIM_EDGE: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_TASTE_TARGET: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_END_TURN: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_BEGIN: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_BOOM_PUSHES: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_SHAKE_PUSHES: _ClassVar[FritangaFrameKind]
    FRITANGA_FRAME_KIND_KNIFE_FOODS: _ClassVar[FritangaFrameKind]

class FritangaPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRITANGA_PHASE_UNSPECIFIED: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_CHOOSE_START: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_PLAY_CARDS: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_MOVEMENT: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_LAST_CHANCE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_FALLEN: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_FRITOS_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_TRAMPOLINE_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_BREADCRUMBS_PLACE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_F_RAYS_PEEK: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_F_RAYS_ELIMINATE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_MAINTENANCE_TAKE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_MAINTENANCE_PLACE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_UNBATTERED_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SWITCH_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_FISSURE_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_COLD_WATER_GEYSER: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_NO_FRYING_WAY_WINDOW: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_CHEF_TURN: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_CHEF_REACTION_WINDOW: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_CHEF_REACTION_WINDOW_NO_FRYING_WAY: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SPLATTER_DIRECTION: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SKIM_REMOVE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SPATULA_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SPATULA_DIRECTION: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_KNIFE_REMOVE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_LID_REVEAL: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_STIR_SWAP: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_SHAKE_DIRECTION: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_TRIM_EDGE: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_TASTE_TARGET: _ClassVar[FritangaPhase]
    FRITANGA_PHASE_GAME_OVER: _ClassVar[FritangaPhase]
FRITANGA_MODE_UNSPECIFIED: FritangaMode
FRITANGA_MODE_VERSUS: FritangaMode
FRITANGA_MODE_TEAMS: FritangaMode
FRITANGA_MODE_CHEF: FritangaMode
FRITANGA_CARD_UNSPECIFIED: FritangaCard
FRITANGA_CARD_BASKET: FritangaCard
FRITANGA_CARD_FRITOS: FritangaCard
FRITANGA_CARD_A_LITTLE_BREAK: FritangaCard
FRITANGA_CARD_BREADCRUMBS: FritangaCard
FRITANGA_CARD_F_RAYS: FritangaCard
FRITANGA_CARD_TRAMPOLINE: FritangaCard
FRITANGA_CARD_MAINTENANCE: FritangaCard
FRITANGA_CARD_COLD_WATER_GEYSER: FritangaCard
FRITANGA_CARD_NO_FRYING_WAY: FritangaCard
FRITANGA_CARD_UNBATTERED: FritangaCard
FRITANGA_CARD_SWITCH: FritangaCard
FRITANGA_CARD_BOOM: FritangaCard
FRITANGA_CARD_FISSURE: FritangaCard
FRITANGA_CARD_OIL_GEYSER: FritangaCard
FRITANGA_CARD_SPLATTER: FritangaCard
FRITANGA_SKILL_UNSPECIFIED: FritangaSkill
FRITANGA_SKILL_SKIM: FritangaSkill
FRITANGA_SKILL_SPATULA: FritangaSkill
FRITANGA_SKILL_KNIFE: FritangaSkill
FRITANGA_SKILL_LID: FritangaSkill
FRITANGA_SKILL_STIR: FritangaSkill
FRITANGA_SKILL_SHAKE: FritangaSkill
FRITANGA_SKILL_TRIM: FritangaSkill
FRITANGA_SKILL_TASTE: FritangaSkill
FRITANGA_SKILL_NOT_SO_FAST: FritangaSkill
FRITANGA_REACTION_UNSPECIFIED: FritangaReaction
FRITANGA_REACTION_NO_FRYING_WAY: FritangaReaction
FRITANGA_REACTION_NOT_SO_FAST: FritangaReaction
FRITANGA_DIRECTION_UNSPECIFIED: FritangaDirection
FRITANGA_DIRECTION_NORTH: FritangaDirection
FRITANGA_DIRECTION_EAST: FritangaDirection
FRITANGA_DIRECTION_SOUTH: FritangaDirection
FRITANGA_DIRECTION_WEST: FritangaDirection
FRITANGA_ROLE_UNSPECIFIED: FritangaRole
FRITANGA_ROLE_CHEF: FritangaRole
FRITANGA_ROLE_FOOD: FritangaRole
FRITANGA_STATUS_UNSPECIFIED: FritangaStatus
FRITANGA_STATUS_ALIVE: FritangaStatus
FRITANGA_STATUS_OUT: FritangaStatus
FRITANGA_STATUS_FRIED: FritangaStatus
FRITANGA_STATUS_CHEF: FritangaStatus
FRITANGA_FRAME_KIND_UNSPECIFIED: FritangaFrameKind
FRITANGA_FRAME_KIND_CHOOSE_START: FritangaFrameKind
FRITANGA_FRAME_KIND_PLAY_CARDS: FritangaFrameKind
FRITANGA_FRAME_KIND_MOVEMENT: FritangaFrameKind
FRITANGA_FRAME_KIND_LAST_CHANCE: FritangaFrameKind
FRITANGA_FRAME_KIND_FALLEN: FritangaFrameKind
FRITANGA_FRAME_KIND_FRITOS_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_TRAMPOLINE_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_BREADCRUMBS_PLACE: FritangaFrameKind
FRITANGA_FRAME_KIND_F_RAYS_PEEK: FritangaFrameKind
FRITANGA_FRAME_KIND_F_RAYS_ELIMINATE: FritangaFrameKind
FRITANGA_FRAME_KIND_MAINTENANCE_TAKE: FritangaFrameKind
FRITANGA_FRAME_KIND_MAINTENANCE_PLACE: FritangaFrameKind
FRITANGA_FRAME_KIND_UNBATTERED_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_SWITCH_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_FISSURE_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_COLD_WATER_GEYSER: FritangaFrameKind
FRITANGA_FRAME_KIND_NO_FRYING_WAY_WINDOW: FritangaFrameKind
FRITANGA_FRAME_KIND_CHEF_TURN: FritangaFrameKind
FRITANGA_FRAME_KIND_CHEF_REACTION_WINDOW: FritangaFrameKind
FRITANGA_FRAME_KIND_CHEF_REACTION_WINDOW_NO_FRYING_WAY: FritangaFrameKind
FRITANGA_FRAME_KIND_SPLATTER_DIRECTION: FritangaFrameKind
FRITANGA_FRAME_KIND_SKIM_REMOVE: FritangaFrameKind
FRITANGA_FRAME_KIND_SPATULA_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_SPATULA_DIRECTION: FritangaFrameKind
FRITANGA_FRAME_KIND_KNIFE_REMOVE: FritangaFrameKind
FRITANGA_FRAME_KIND_LID_REVEAL: FritangaFrameKind
FRITANGA_FRAME_KIND_STIR_SWAP: FritangaFrameKind
FRITANGA_FRAME_KIND_SHAKE_DIRECTION: FritangaFrameKind
FRITANGA_FRAME_KIND_TRIM_EDGE: FritangaFrameKind
FRITANGA_FRAME_KIND_TASTE_TARGET: FritangaFrameKind
FRITANGA_FRAME_KIND_END_TURN: FritangaFrameKind
FRITANGA_FRAME_KIND_BEGIN: FritangaFrameKind
FRITANGA_FRAME_KIND_BOOM_PUSHES: FritangaFrameKind
FRITANGA_FRAME_KIND_SHAKE_PUSHES: FritangaFrameKind
FRITANGA_FRAME_KIND_KNIFE_FOODS: FritangaFrameKind
FRITANGA_PHASE_UNSPECIFIED: FritangaPhase
FRITANGA_PHASE_CHOOSE_START: FritangaPhase
FRITANGA_PHASE_PLAY_CARDS: FritangaPhase
FRITANGA_PHASE_MOVEMENT: FritangaPhase
FRITANGA_PHASE_LAST_CHANCE: FritangaPhase
FRITANGA_PHASE_FALLEN: FritangaPhase
FRITANGA_PHASE_FRITOS_TARGET: FritangaPhase
FRITANGA_PHASE_TRAMPOLINE_TARGET: FritangaPhase
FRITANGA_PHASE_BREADCRUMBS_PLACE: FritangaPhase
FRITANGA_PHASE_F_RAYS_PEEK: FritangaPhase
FRITANGA_PHASE_F_RAYS_ELIMINATE: FritangaPhase
FRITANGA_PHASE_MAINTENANCE_TAKE: FritangaPhase
FRITANGA_PHASE_MAINTENANCE_PLACE: FritangaPhase
FRITANGA_PHASE_UNBATTERED_TARGET: FritangaPhase
FRITANGA_PHASE_SWITCH_TARGET: FritangaPhase
FRITANGA_PHASE_FISSURE_TARGET: FritangaPhase
FRITANGA_PHASE_COLD_WATER_GEYSER: FritangaPhase
FRITANGA_PHASE_NO_FRYING_WAY_WINDOW: FritangaPhase
FRITANGA_PHASE_CHEF_TURN: FritangaPhase
FRITANGA_PHASE_CHEF_REACTION_WINDOW: FritangaPhase
FRITANGA_PHASE_CHEF_REACTION_WINDOW_NO_FRYING_WAY: FritangaPhase
FRITANGA_PHASE_SPLATTER_DIRECTION: FritangaPhase
FRITANGA_PHASE_SKIM_REMOVE: FritangaPhase
FRITANGA_PHASE_SPATULA_TARGET: FritangaPhase
FRITANGA_PHASE_SPATULA_DIRECTION: FritangaPhase
FRITANGA_PHASE_KNIFE_REMOVE: FritangaPhase
FRITANGA_PHASE_LID_REVEAL: FritangaPhase
FRITANGA_PHASE_STIR_SWAP: FritangaPhase
FRITANGA_PHASE_SHAKE_DIRECTION: FritangaPhase
FRITANGA_PHASE_TRIM_EDGE: FritangaPhase
FRITANGA_PHASE_TASTE_TARGET: FritangaPhase
FRITANGA_PHASE_GAME_OVER: FritangaPhase

class FritangaConfig(_message.Message):
    __slots__ = ("players", "mode")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    players: int
    mode: FritangaMode
    def __init__(self, players: _Optional[int] = ..., mode: _Optional[_Union[FritangaMode, str]] = ...) -> None: ...

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
    mode: FritangaMode
    width: int
    height: int
    phase: FritangaPhase
    decider: int
    turn_seat: int
    turn: int
    chef_seat: int
    chef_cards_played: int
    final_round: bool
    skip_move: bool
    face_down_cards: int
    cards: _containers.RepeatedCompositeFieldContainer[FritangaCardOnTable]
    face_down: _containers.RepeatedScalarFieldContainer[int]
    peeks: _containers.RepeatedCompositeFieldContainer[FritangaPeek]
    players: _containers.RepeatedCompositeFieldContainer[FritangaPlayer]
    chef_hand: _containers.RepeatedScalarFieldContainer[FritangaSkill]
    discard: _containers.RepeatedCompositeFieldContainer[FritangaCardCount]
    removed: _containers.RepeatedCompositeFieldContainer[FritangaCardCount]
    stack: _containers.RepeatedCompositeFieldContainer[FritangaFrame]
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[FritangaConfig, _Mapping]] = ..., mode: _Optional[_Union[FritangaMode, str]] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., phase: _Optional[_Union[FritangaPhase, str]] = ..., decider: _Optional[int] = ..., turn_seat: _Optional[int] = ..., turn: _Optional[int] = ..., chef_seat: _Optional[int] = ..., chef_cards_played: _Optional[int] = ..., final_round: _Optional[bool] = ..., skip_move: _Optional[bool] = ..., face_down_cards: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[FritangaCardOnTable, _Mapping]]] = ..., face_down: _Optional[_Iterable[int]] = ..., peeks: _Optional[_Iterable[_Union[FritangaPeek, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[FritangaPlayer, _Mapping]]] = ..., chef_hand: _Optional[_Iterable[_Union[FritangaSkill, str]]] = ..., discard: _Optional[_Iterable[_Union[FritangaCardCount, _Mapping]]] = ..., removed: _Optional[_Iterable[_Union[FritangaCardCount, _Mapping]]] = ..., stack: _Optional[_Iterable[_Union[FritangaFrame, _Mapping]]] = ...) -> None: ...

class FritangaCardOnTable(_message.Message):
    __slots__ = ("cell", "card", "face_up")
    CELL_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    cell: int
    card: FritangaCard
    face_up: bool
    def __init__(self, cell: _Optional[int] = ..., card: _Optional[_Union[FritangaCard, str]] = ..., face_up: _Optional[bool] = ...) -> None: ...

class FritangaPeek(_message.Message):
    __slots__ = ("cell", "seats", "known_to_all")
    CELL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    KNOWN_TO_ALL_FIELD_NUMBER: _ClassVar[int]
    cell: int
    seats: _containers.RepeatedScalarFieldContainer[int]
    known_to_all: bool
    def __init__(self, cell: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., known_to_all: _Optional[bool] = ...) -> None: ...

class FritangaHandCard(_message.Message):
    __slots__ = ("card", "fresh", "known_to_all")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FRESH_FIELD_NUMBER: _ClassVar[int]
    KNOWN_TO_ALL_FIELD_NUMBER: _ClassVar[int]
    card: FritangaCard
    fresh: bool
    known_to_all: bool
    def __init__(self, card: _Optional[_Union[FritangaCard, str]] = ..., fresh: _Optional[bool] = ..., known_to_all: _Optional[bool] = ...) -> None: ...

class FritangaPlayer(_message.Message):
    __slots__ = ("seat", "role", "team", "status", "position", "position_name", "fallen_at", "fried_turn", "hand_card_count", "hand")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    POSITION_NAME_FIELD_NUMBER: _ClassVar[int]
    FALLEN_AT_FIELD_NUMBER: _ClassVar[int]
    FRIED_TURN_FIELD_NUMBER: _ClassVar[int]
    HAND_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: FritangaRole
    team: int
    status: FritangaStatus
    position: int
    position_name: str
    fallen_at: int
    fried_turn: int
    hand_card_count: int
    hand: _containers.RepeatedCompositeFieldContainer[FritangaHandCard]
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[_Union[FritangaRole, str]] = ..., team: _Optional[int] = ..., status: _Optional[_Union[FritangaStatus, str]] = ..., position: _Optional[int] = ..., position_name: _Optional[str] = ..., fallen_at: _Optional[int] = ..., fried_turn: _Optional[int] = ..., hand_card_count: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[FritangaHandCard, _Mapping]]] = ...) -> None: ...

class FritangaCardCount(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: FritangaCard
    count: int
    def __init__(self, card: _Optional[_Union[FritangaCard, str]] = ..., count: _Optional[int] = ...) -> None: ...

class FritangaFrame(_message.Message):
    __slots__ = ("frame", "args")
    FRAME_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    frame: FritangaFrameKind
    args: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, frame: _Optional[_Union[FritangaFrameKind, str]] = ..., args: _Optional[_Iterable[int]] = ...) -> None: ...

class FritangaMove(_message.Message):
    __slots__ = ("play", "end_play", "move", "choose_card", "choose_space", "choose_seat", "choose_direction", "skill", "react", "decline")
    class Play(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: FritangaCard
        def __init__(self, card: _Optional[_Union[FritangaCard, str]] = ...) -> None: ...
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
        direction: FritangaDirection
        def __init__(self, direction: _Optional[_Union[FritangaDirection, str]] = ...) -> None: ...
    class ChefSkill(_message.Message):
        __slots__ = ("skill",)
        SKILL_FIELD_NUMBER: _ClassVar[int]
        skill: FritangaSkill
        def __init__(self, skill: _Optional[_Union[FritangaSkill, str]] = ...) -> None: ...
    class React(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: FritangaReaction
        def __init__(self, card: _Optional[_Union[FritangaReaction, str]] = ...) -> None: ...
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
    skill: FritangaMove.ChefSkill
    react: FritangaMove.React
    decline: FritangaMove.Decline
    def __init__(self, play: _Optional[_Union[FritangaMove.Play, _Mapping]] = ..., end_play: _Optional[_Union[FritangaMove.EndPlay, _Mapping]] = ..., move: _Optional[_Union[FritangaMove.Move, _Mapping]] = ..., choose_card: _Optional[_Union[FritangaMove.ChooseCard, _Mapping]] = ..., choose_space: _Optional[_Union[FritangaMove.ChooseSpace, _Mapping]] = ..., choose_seat: _Optional[_Union[FritangaMove.ChooseSeat, _Mapping]] = ..., choose_direction: _Optional[_Union[FritangaMove.ChooseDirection, _Mapping]] = ..., skill: _Optional[_Union[FritangaMove.ChefSkill, _Mapping]] = ..., react: _Optional[_Union[FritangaMove.React, _Mapping]] = ..., decline: _Optional[_Union[FritangaMove.Decline, _Mapping]] = ...) -> None: ...
