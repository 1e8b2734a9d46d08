from boardbot.v1 import options_pb2 as _options_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DuloreJutunkProject(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_PROJECT_UNSPECIFIED: _ClassVar[DuloreJutunkProject]
    DULORE_JUTUNK_PROJECT_EASY: _ClassVar[DuloreJutunkProject]
    DULORE_JUTUNK_PROJECT_MEDIUM: _ClassVar[DuloreJutunkProject]
    DULORE_JUTUNK_PROJECT_HARD: _ClassVar[DuloreJutunkProject]
    DULORE_JUTUNK_PROJECT_EXPERT: _ClassVar[DuloreJutunkProject]

class DuloreJutunkHonoursSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_HONOURS_SIDE_UNSPECIFIED: _ClassVar[DuloreJutunkHonoursSide]
    DULORE_JUTUNK_HONOURS_SIDE_A: _ClassVar[DuloreJutunkHonoursSide]
    DULORE_JUTUNK_HONOURS_SIDE_B: _ClassVar[DuloreJutunkHonoursSide]

class DuloreJutunkVineyardName(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_VINEYARD_NAME_UNSPECIFIED: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_TL: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_T: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_TR: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_R: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_BR: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_B: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_BL: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_L: _ClassVar[DuloreJutunkVineyardName]
    DULORE_JUTUNK_VINEYARD_NAME_WINTER: _ClassVar[DuloreJutunkVineyardName]

class DuloreJutunkVineyardSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_VINEYARD_SIDE_UNSPECIFIED: _ClassVar[DuloreJutunkVineyardSide]
    DULORE_JUTUNK_VINEYARD_SIDE_SPRING: _ClassVar[DuloreJutunkVineyardSide]
    DULORE_JUTUNK_VINEYARD_SIDE_AUTUMN: _ClassVar[DuloreJutunkVineyardSide]
    DULORE_JUTUNK_VINEYARD_SIDE_WINTER: _ClassVar[DuloreJutunkVineyardSide]

class DuloreJutunkWine(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_WINE_UNSPECIFIED: _ClassVar[DuloreJutunkWine]
    DULORE_JUTUNK_WINE_WHITE: _ClassVar[DuloreJutunkWine]
    DULORE_JUTUNK_WINE_RED: _ClassVar[DuloreJutunkWine]
    DULORE_JUTUNK_WINE_ROSE: _ClassVar[DuloreJutunkWine]

class DuloreJutunkBonus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_BONUS_UNSPECIFIED: _ClassVar[DuloreJutunkBonus]
    DULORE_JUTUNK_BONUS_DRAW: _ClassVar[DuloreJutunkBonus]
    DULORE_JUTUNK_BONUS_AGE: _ClassVar[DuloreJutunkBonus]
    DULORE_JUTUNK_BONUS_TAKE_ORDER: _ClassVar[DuloreJutunkBonus]
    DULORE_JUTUNK_BONUS_PRESS: _ClassVar[DuloreJutunkBonus]

class DuloreJutunkBoard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_BOARD_UNSPECIFIED: _ClassVar[DuloreJutunkBoard]
    DULORE_JUTUNK_BOARD_A: _ClassVar[DuloreJutunkBoard]
    DULORE_JUTUNK_BOARD_B1: _ClassVar[DuloreJutunkBoard]
    DULORE_JUTUNK_BOARD_B2: _ClassVar[DuloreJutunkBoard]
    DULORE_JUTUNK_BOARD_B3: _ClassVar[DuloreJutunkBoard]
    DULORE_JUTUNK_BOARD_B4: _ClassVar[DuloreJutunkBoard]

class DuloreJutunkAbility(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_ABILITY_UNSPECIFIED: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_WHITE_X3: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_RED_X3: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_ROSE_X3: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_DRAW_TWO: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_FULFIL_DRAW: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_FULFIL_AGE: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_FULFIL_FARMER: _ClassVar[DuloreJutunkAbility]
    DULORE_JUTUNK_ABILITY_FULFIL_PRESS3: _ClassVar[DuloreJutunkAbility]

class DuloreJutunkHonourCondition(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_HONOUR_CONDITION_UNSPECIFIED: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_THREE_ORDERS: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_THREE_AND_THREE_GRAPES: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_FIVE_YELLOW_GRAPES: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_THREE_BARREL_COLOURS: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_FOUR_BARRELS: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_FOUR_WHITE_BOTTLES: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_FOUR_RED_BOTTLES: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_FOUR_ROSE_BOTTLES: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_TWO_OF_EACH_BOTTLE: _ClassVar[DuloreJutunkHonourCondition]
    DULORE_JUTUNK_HONOUR_CONDITION_TWO_MARKERS_ON_VINEYARDS: _ClassVar[DuloreJutunkHonourCondition]

class DuloreJutunkProjectEffect(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_PROJECT_EFFECT_UNSPECIFIED: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_GRAPE: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_AGE_BARREL: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_REFRESH_ORDERS: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_WINEMAKER_EXTRA_TURN: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_TAKE_ORDER: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_BOTTLE: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_PRESS_THREE: _ClassVar[DuloreJutunkProjectEffect]
    DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_TWO_GRAPES: _ClassVar[DuloreJutunkProjectEffect]

class DuloreJutunkTaskKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_TASK_KIND_UNSPECIFIED: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_TURN: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_KEEP_GRAPES: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_ABILITIES: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_AGE: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_FARMER: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_DRAW: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_PRESS: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_TAKE_ORDER: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_BLACK_MARKER: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_DISCARD_GRAPES: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_DISCARD_BOTTLE: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_HONOURS: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_PASS_BOTTLES: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_ACTIVATE_MARKER: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_END_TURN: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_REFILL_ORDERS: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_WINEMAKER_TURN: _ClassVar[DuloreJutunkTaskKind]
    DULORE_JUTUNK_TASK_KIND_WINEMAKER_REST: _ClassVar[DuloreJutunkTaskKind]

class DuloreJutunkRowEnd(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DULORE_JUTUNK_ROW_END_UNSPECIFIED: _ClassVar[DuloreJutunkRowEnd]
    DULORE_JUTUNK_ROW_END_LEFT: _ClassVar[DuloreJutunkRowEnd]
    DULORE_JUTUNK_ROW_END_RIGHT: _ClassVar[DuloreJutunkRowEnd]
DULORE_JUTUNK_PROJECT_UNSPECIFIED: DuloreJutunkProject
DULORE_JUTUNK_PROJECT_EASY: DuloreJutunkProject
DULORE_JUTUNK_PROJECT_MEDIUM: DuloreJutunkProject
DULORE_JUTUNK_PROJECT_HARD: DuloreJutunkProject
DULORE_JUTUNK_PROJECT_EXPERT: DuloreJutunkProject
DULORE_JUTUNK_HONOURS_SIDE_UNSPECIFIED: DuloreJutunkHonoursSide
DULORE_JUTUNK_HONOURS_SIDE_A: DuloreJutunkHonoursSide
DULORE_JUTUNK_HONOURS_SIDE_B: DuloreJutunkHonoursSide
DULORE_JUTUNK_VINEYARD_NAME_UNSPECIFIED: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_TL: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_T: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_TR: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_R: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_BR: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_B: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_BL: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_L: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_NAME_WINTER: DuloreJutunkVineyardName
DULORE_JUTUNK_VINEYARD_SIDE_UNSPECIFIED: DuloreJutunkVineyardSide
DULORE_JUTUNK_VINEYARD_SIDE_SPRING: DuloreJutunkVineyardSide
DULORE_JUTUNK_VINEYARD_SIDE_AUTUMN: DuloreJutunkVineyardSide
DULORE_JUTUNK_VINEYARD_SIDE_WINTER: DuloreJutunkVineyardSide
DULORE_JUTUNK_WINE_UNSPECIFIED: DuloreJutunkWine
DULORE_JUTUNK_WINE_WHITE: DuloreJutunkWine
DULORE_JUTUNK_WINE_RED: DuloreJutunkWine
DULORE_JUTUNK_WINE_ROSE: DuloreJutunkWine
DULORE_JUTUNK_BONUS_UNSPECIFIED: DuloreJutunkBonus
DULORE_JUTUNK_BONUS_DRAW: DuloreJutunkBonus
DULORE_JUTUNK_BONUS_AGE: DuloreJutunkBonus
DULORE_JUTUNK_BONUS_TAKE_ORDER: DuloreJutunkBonus
DULORE_JUTUNK_BONUS_PRESS: DuloreJutunkBonus
DULORE_JUTUNK_BOARD_UNSPECIFIED: DuloreJutunkBoard
DULORE_JUTUNK_BOARD_A: DuloreJutunkBoard
DULORE_JUTUNK_BOARD_B1: DuloreJutunkBoard
DULORE_JUTUNK_BOARD_B2: DuloreJutunkBoard
DULORE_JUTUNK_BOARD_B3: DuloreJutunkBoard
DULORE_JUTUNK_BOARD_B4: DuloreJutunkBoard
DULORE_JUTUNK_ABILITY_UNSPECIFIED: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_WHITE_X3: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_RED_X3: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_ROSE_X3: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_DRAW_TWO: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_FULFIL_DRAW: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_FULFIL_AGE: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_FULFIL_FARMER: DuloreJutunkAbility
DULORE_JUTUNK_ABILITY_FULFIL_PRESS3: DuloreJutunkAbility
DULORE_JUTUNK_HONOUR_CONDITION_UNSPECIFIED: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_THREE_ORDERS: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_THREE_AND_THREE_GRAPES: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_FIVE_YELLOW_GRAPES: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_THREE_BARREL_COLOURS: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_FOUR_BARRELS: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_FOUR_WHITE_BOTTLES: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_FOUR_RED_BOTTLES: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_FOUR_ROSE_BOTTLES: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_TWO_OF_EACH_BOTTLE: DuloreJutunkHonourCondition
DULORE_JUTUNK_HONOUR_CONDITION_TWO_MARKERS_ON_VINEYARDS: DuloreJutunkHonourCondition
DULORE_JUTUNK_PROJECT_EFFECT_UNSPECIFIED: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_GRAPE: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_AGE_BARREL: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_REFRESH_ORDERS: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_WINEMAKER_EXTRA_TURN: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_TAKE_ORDER: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_BOTTLE: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_PRESS_THREE: DuloreJutunkProjectEffect
DULORE_JUTUNK_PROJECT_EFFECT_DISCARD_TWO_GRAPES: DuloreJutunkProjectEffect
DULORE_JUTUNK_TASK_KIND_UNSPECIFIED: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_TURN: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_KEEP_GRAPES: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_ABILITIES: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_AGE: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_FARMER: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_DRAW: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_PRESS: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_TAKE_ORDER: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_BLACK_MARKER: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_DISCARD_GRAPES: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_DISCARD_BOTTLE: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_HONOURS: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_PASS_BOTTLES: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_ACTIVATE_MARKER: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_END_TURN: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_REFILL_ORDERS: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_WINEMAKER_TURN: DuloreJutunkTaskKind
DULORE_JUTUNK_TASK_KIND_WINEMAKER_REST: DuloreJutunkTaskKind
DULORE_JUTUNK_ROW_END_UNSPECIFIED: DuloreJutunkRowEnd
DULORE_JUTUNK_ROW_END_LEFT: DuloreJutunkRowEnd
DULORE_JUTUNK_ROW_END_RIGHT: DuloreJutunkRowEnd

class DuloreJutunkConfig(_message.Message):
    __slots__ = ("players", "project", "honours", "honours_side", "advanced_boards")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PROJECT_FIELD_NUMBER: _ClassVar[int]
    HONOURS_FIELD_NUMBER: _ClassVar[int]
    HONOURS_SIDE_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_BOARDS_FIELD_NUMBER: _ClassVar[int]
    players: int
    project: DuloreJutunkProject
    honours: bool
    honours_side: DuloreJutunkHonoursSide
    advanced_boards: bool
    def __init__(self, players: _Optional[int] = ..., project: _Optional[_Union[DuloreJutunkProject, str]] = ..., honours: _Optional[bool] = ..., honours_side: _Optional[_Union[DuloreJutunkHonoursSide, str]] = ..., advanced_boards: _Optional[bool] = ...) -> None: ...

class DuloreJutunkView(_message.Message):
    __slots__ = ("seat", "config", "game_over", "current_player", "decider", "turn", "end_triggered", "prompt", "vineyards", "display", "order_deck_size", "order_discards", "bag", "basket", "bottle_supply", "players", "honours", "solo", "pending")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    VINEYARDS_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    ORDER_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    ORDER_DISCARDS_FIELD_NUMBER: _ClassVar[int]
    BAG_FIELD_NUMBER: _ClassVar[int]
    BASKET_FIELD_NUMBER: _ClassVar[int]
    BOTTLE_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HONOURS_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: DuloreJutunkConfig
    game_over: bool
    current_player: int
    decider: int
    turn: int
    end_triggered: bool
    prompt: str
    vineyards: _containers.RepeatedCompositeFieldContainer[DuloreJutunkVineyard]
    display: _containers.RepeatedCompositeFieldContainer[DuloreJutunkOrder]
    order_deck_size: int
    order_discards: _containers.RepeatedScalarFieldContainer[int]
    bag: DuloreJutunkGrapes
    basket: DuloreJutunkGrapes
    bottle_supply: DuloreJutunkWines
    players: _containers.RepeatedCompositeFieldContainer[DuloreJutunkPlayer]
    honours: _containers.RepeatedCompositeFieldContainer[DuloreJutunkHonour]
    solo: DuloreJutunkSolo
    pending: _containers.RepeatedCompositeFieldContainer[DuloreJutunkTask]
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[DuloreJutunkConfig, _Mapping]] = ..., game_over: _Optional[bool] = ..., current_player: _Optional[int] = ..., decider: _Optional[int] = ..., turn: _Optional[int] = ..., end_triggered: _Optional[bool] = ..., prompt: _Optional[str] = ..., vineyards: _Optional[_Iterable[_Union[DuloreJutunkVineyard, _Mapping]]] = ..., display: _Optional[_Iterable[_Union[DuloreJutunkOrder, _Mapping]]] = ..., order_deck_size: _Optional[int] = ..., order_discards: _Optional[_Iterable[int]] = ..., bag: _Optional[_Union[DuloreJutunkGrapes, _Mapping]] = ..., basket: _Optional[_Union[DuloreJutunkGrapes, _Mapping]] = ..., bottle_supply: _Optional[_Union[DuloreJutunkWines, _Mapping]] = ..., players: _Optional[_Iterable[_Union[DuloreJutunkPlayer, _Mapping]]] = ..., honours: _Optional[_Iterable[_Union[DuloreJutunkHonour, _Mapping]]] = ..., solo: _Optional[_Union[DuloreJutunkSolo, _Mapping]] = ..., pending: _Optional[_Iterable[_Union[DuloreJutunkTask, _Mapping]]] = ...) -> None: ...

class DuloreJutunkGrapes(_message.Message):
    __slots__ = ("red", "yellow")
    RED_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    red: int
    yellow: int
    def __init__(self, red: _Optional[int] = ..., yellow: _Optional[int] = ...) -> None: ...

class DuloreJutunkWines(_message.Message):
    __slots__ = ("white", "red", "rose")
    WHITE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    ROSE_FIELD_NUMBER: _ClassVar[int]
    white: int
    red: int
    rose: int
    def __init__(self, white: _Optional[int] = ..., red: _Optional[int] = ..., rose: _Optional[int] = ...) -> None: ...

class DuloreJutunkVineyard(_message.Message):
    __slots__ = ("index", "name", "side", "red", "yellow", "grape_icons", "abilities", "marker", "marker_bonus", "marker_known")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    GRAPE_ICONS_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    MARKER_BONUS_FIELD_NUMBER: _ClassVar[int]
    MARKER_KNOWN_FIELD_NUMBER: _ClassVar[int]
    index: int
    name: DuloreJutunkVineyardName
    side: DuloreJutunkVineyardSide
    red: int
    yellow: int
    grape_icons: int
    abilities: str
    marker: int
    marker_bonus: DuloreJutunkBonus
    marker_known: bool
    def __init__(self, index: _Optional[int] = ..., name: _Optional[_Union[DuloreJutunkVineyardName, str]] = ..., side: _Optional[_Union[DuloreJutunkVineyardSide, str]] = ..., red: _Optional[int] = ..., yellow: _Optional[int] = ..., grape_icons: _Optional[int] = ..., abilities: _Optional[str] = ..., marker: _Optional[int] = ..., marker_bonus: _Optional[_Union[DuloreJutunkBonus, str]] = ..., marker_known: _Optional[bool] = ...) -> None: ...

class DuloreJutunkOrder(_message.Message):
    __slots__ = ("card", "white", "red", "rose", "stars", "corkscrews")
    CARD_FIELD_NUMBER: _ClassVar[int]
    WHITE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    ROSE_FIELD_NUMBER: _ClassVar[int]
    STARS_FIELD_NUMBER: _ClassVar[int]
    CORKSCREWS_FIELD_NUMBER: _ClassVar[int]
    card: int
    white: int
    red: int
    rose: int
    stars: int
    corkscrews: str
    def __init__(self, card: _Optional[int] = ..., white: _Optional[int] = ..., red: _Optional[int] = ..., rose: _Optional[int] = ..., stars: _Optional[int] = ..., corkscrews: _Optional[str] = ...) -> None: ...

class DuloreJutunkCellar(_message.Message):
    __slots__ = ("white", "red", "rose")
    WHITE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    ROSE_FIELD_NUMBER: _ClassVar[int]
    white: _containers.RepeatedScalarFieldContainer[bool]
    red: _containers.RepeatedScalarFieldContainer[bool]
    rose: _containers.RepeatedScalarFieldContainer[bool]
    def __init__(self, white: _Optional[_Iterable[bool]] = ..., red: _Optional[_Iterable[bool]] = ..., rose: _Optional[_Iterable[bool]] = ...) -> None: ...

class DuloreJutunkPlayer(_message.Message):
    __slots__ = ("seat", "board", "press_capacity", "storeroom_capacity", "abilities", "grapes", "cellar", "bottles", "reserved", "fulfilled", "markers_in_supply", "supply_bonuses", "markers_on_honours", "honours_bonuses", "score", "known_supply_bonuses")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    PRESS_CAPACITY_FIELD_NUMBER: _ClassVar[int]
    STOREROOM_CAPACITY_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_FIELD_NUMBER: _ClassVar[int]
    GRAPES_FIELD_NUMBER: _ClassVar[int]
    CELLAR_FIELD_NUMBER: _ClassVar[int]
    BOTTLES_FIELD_NUMBER: _ClassVar[int]
    RESERVED_FIELD_NUMBER: _ClassVar[int]
    FULFILLED_FIELD_NUMBER: _ClassVar[int]
    MARKERS_IN_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_BONUSES_FIELD_NUMBER: _ClassVar[int]
    MARKERS_ON_HONOURS_FIELD_NUMBER: _ClassVar[int]
    HONOURS_BONUSES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    KNOWN_SUPPLY_BONUSES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    board: DuloreJutunkBoard
    press_capacity: int
    storeroom_capacity: int
    abilities: _containers.RepeatedScalarFieldContainer[DuloreJutunkAbility]
    grapes: DuloreJutunkGrapes
    cellar: DuloreJutunkCellar
    bottles: DuloreJutunkWines
    reserved: _containers.RepeatedCompositeFieldContainer[DuloreJutunkOrder]
    fulfilled: _containers.RepeatedCompositeFieldContainer[DuloreJutunkOrder]
    markers_in_supply: int
    supply_bonuses: _containers.RepeatedScalarFieldContainer[DuloreJutunkBonus]
    markers_on_honours: int
    honours_bonuses: _containers.RepeatedScalarFieldContainer[DuloreJutunkBonus]
    score: int
    known_supply_bonuses: _containers.RepeatedScalarFieldContainer[DuloreJutunkBonus]
    def __init__(self, seat: _Optional[int] = ..., board: _Optional[_Union[DuloreJutunkBoard, str]] = ..., press_capacity: _Optional[int] = ..., storeroom_capacity: _Optional[int] = ..., abilities: _Optional[_Iterable[_Union[DuloreJutunkAbility, str]]] = ..., grapes: _Optional[_Union[DuloreJutunkGrapes, _Mapping]] = ..., cellar: _Optional[_Union[DuloreJutunkCellar, _Mapping]] = ..., bottles: _Optional[_Union[DuloreJutunkWines, _Mapping]] = ..., reserved: _Optional[_Iterable[_Union[DuloreJutunkOrder, _Mapping]]] = ..., fulfilled: _Optional[_Iterable[_Union[DuloreJutunkOrder, _Mapping]]] = ..., markers_in_supply: _Optional[int] = ..., supply_bonuses: _Optional[_Iterable[_Union[DuloreJutunkBonus, str]]] = ..., markers_on_honours: _Optional[int] = ..., honours_bonuses: _Optional[_Iterable[_Union[DuloreJutunkBonus, str]]] = ..., score: _Optional[int] = ..., known_supply_bonuses: _Optional[_Iterable[_Union[DuloreJutunkBonus, str]]] = ...) -> None: ...

class DuloreJutunkHonour(_message.Message):
    __slots__ = ("row", "condition", "text", "checks", "values", "occupants")
    ROW_FIELD_NUMBER: _ClassVar[int]
    CONDITION_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CHECKS_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    OCCUPANTS_FIELD_NUMBER: _ClassVar[int]
    row: int
    condition: DuloreJutunkHonourCondition
    text: str
    checks: int
    values: _containers.RepeatedScalarFieldContainer[int]
    occupants: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, row: _Optional[int] = ..., condition: _Optional[_Union[DuloreJutunkHonourCondition, str]] = ..., text: _Optional[str] = ..., checks: _Optional[int] = ..., values: _Optional[_Iterable[int]] = ..., occupants: _Optional[_Iterable[int]] = ...) -> None: ...

class DuloreJutunkSolo(_message.Message):
    __slots__ = ("project", "winemaker_deck_size", "winemaker_played", "black_markers_in_supply", "project_spaces", "extra_turns", "recent_turns")
    PROJECT_FIELD_NUMBER: _ClassVar[int]
    WINEMAKER_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    WINEMAKER_PLAYED_FIELD_NUMBER: _ClassVar[int]
    BLACK_MARKERS_IN_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    PROJECT_SPACES_FIELD_NUMBER: _ClassVar[int]
    EXTRA_TURNS_FIELD_NUMBER: _ClassVar[int]
    RECENT_TURNS_FIELD_NUMBER: _ClassVar[int]
    project: DuloreJutunkProject
    winemaker_deck_size: int
    winemaker_played: _containers.RepeatedScalarFieldContainer[int]
    black_markers_in_supply: int
    project_spaces: _containers.RepeatedCompositeFieldContainer[DuloreJutunkProjectSpace]
    extra_turns: int
    recent_turns: _containers.RepeatedCompositeFieldContainer[DuloreJutunkWinemakerTurn]
    def __init__(self, project: _Optional[_Union[DuloreJutunkProject, str]] = ..., winemaker_deck_size: _Optional[int] = ..., winemaker_played: _Optional[_Iterable[int]] = ..., black_markers_in_supply: _Optional[int] = ..., project_spaces: _Optional[_Iterable[_Union[DuloreJutunkProjectSpace, _Mapping]]] = ..., extra_turns: _Optional[int] = ..., recent_turns: _Optional[_Iterable[_Union[DuloreJutunkWinemakerTurn, _Mapping]]] = ...) -> None: ...

class DuloreJutunkProjectSpace(_message.Message):
    __slots__ = ("space", "effect", "text", "filled")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    FILLED_FIELD_NUMBER: _ClassVar[int]
    space: int
    effect: DuloreJutunkProjectEffect
    text: str
    filled: bool
    def __init__(self, space: _Optional[int] = ..., effect: _Optional[_Union[DuloreJutunkProjectEffect, str]] = ..., text: _Optional[str] = ..., filled: _Optional[bool] = ...) -> None: ...

class DuloreJutunkWinemakerTurn(_message.Message):
    __slots__ = ("card", "harvest_position", "marker_position", "discard_slots", "harvested", "marker_placed", "discarded")
    CARD_FIELD_NUMBER: _ClassVar[int]
    HARVEST_POSITION_FIELD_NUMBER: _ClassVar[int]
    MARKER_POSITION_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SLOTS_FIELD_NUMBER: _ClassVar[int]
    HARVESTED_FIELD_NUMBER: _ClassVar[int]
    MARKER_PLACED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    card: int
    harvest_position: int
    marker_position: int
    discard_slots: int
    harvested: int
    marker_placed: int
    discarded: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[int] = ..., harvest_position: _Optional[int] = ..., marker_position: _Optional[int] = ..., discard_slots: _Optional[int] = ..., harvested: _Optional[int] = ..., marker_placed: _Optional[int] = ..., discarded: _Optional[_Iterable[int]] = ...) -> None: ...

class DuloreJutunkTask(_message.Message):
    __slots__ = ("task", "seat", "a", "b", "c")
    TASK_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    C_FIELD_NUMBER: _ClassVar[int]
    task: DuloreJutunkTaskKind
    seat: int
    a: int
    b: int
    c: int
    def __init__(self, task: _Optional[_Union[DuloreJutunkTaskKind, str]] = ..., seat: _Optional[int] = ..., a: _Optional[int] = ..., b: _Optional[int] = ..., c: _Optional[int] = ...) -> None: ...

class DuloreJutunkMove(_message.Message):
    __slots__ = ("harvest", "fulfil", "keep", "press", "age", "take_order", "draw", "farmer", "honour", "project_space", "discard_grapes", "discard_bottle", "pass_bottle", "skip")
    class Harvest(_message.Message):
        __slots__ = ("vineyard",)
        VINEYARD_FIELD_NUMBER: _ClassVar[int]
        vineyard: int
        def __init__(self, vineyard: _Optional[int] = ...) -> None: ...
    class Fulfil(_message.Message):
        __slots__ = ("card", "end")
        CARD_FIELD_NUMBER: _ClassVar[int]
        END_FIELD_NUMBER: _ClassVar[int]
        card: int
        end: DuloreJutunkRowEnd
        def __init__(self, card: _Optional[int] = ..., end: _Optional[_Union[DuloreJutunkRowEnd, str]] = ...) -> None: ...
    class Keep(_message.Message):
        __slots__ = ("red", "yellow")
        RED_FIELD_NUMBER: _ClassVar[int]
        YELLOW_FIELD_NUMBER: _ClassVar[int]
        red: int
        yellow: int
        def __init__(self, red: _Optional[int] = ..., yellow: _Optional[int] = ...) -> None: ...
    class Press(_message.Message):
        __slots__ = ("red", "yellow")
        RED_FIELD_NUMBER: _ClassVar[int]
        YELLOW_FIELD_NUMBER: _ClassVar[int]
        red: int
        yellow: int
        def __init__(self, red: _Optional[int] = ..., yellow: _Optional[int] = ...) -> None: ...
    class Age(_message.Message):
        __slots__ = ("colour", "space")
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        colour: DuloreJutunkWine
        space: int
        def __init__(self, colour: _Optional[_Union[DuloreJutunkWine, str]] = ..., space: _Optional[int] = ...) -> None: ...
    class TakeOrder(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: int
        def __init__(self, slot: _Optional[int] = ...) -> None: ...
    class Draw(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    class Farmer(_message.Message):
        __slots__ = ("vineyard", "bonus")
        VINEYARD_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        vineyard: int
        bonus: DuloreJutunkBonus
        def __init__(self, vineyard: _Optional[int] = ..., bonus: _Optional[_Union[DuloreJutunkBonus, str]] = ...) -> None: ...
    class Honour(_message.Message):
        __slots__ = ("row", "bonus")
        ROW_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        row: int
        bonus: DuloreJutunkBonus
        def __init__(self, row: _Optional[int] = ..., bonus: _Optional[_Union[DuloreJutunkBonus, str]] = ...) -> None: ...
    class ProjectSpace(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: int
        def __init__(self, space: _Optional[int] = ...) -> None: ...
    class DiscardGrapes(_message.Message):
        __slots__ = ("red", "yellow")
        RED_FIELD_NUMBER: _ClassVar[int]
        YELLOW_FIELD_NUMBER: _ClassVar[int]
        red: int
        yellow: int
        def __init__(self, red: _Optional[int] = ..., yellow: _Optional[int] = ...) -> None: ...
    class DiscardBottle(_message.Message):
        __slots__ = ("colour",)
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        colour: DuloreJutunkWine
        def __init__(self, colour: _Optional[_Union[DuloreJutunkWine, str]] = ...) -> None: ...
    class PassBottle(_message.Message):
        __slots__ = ("colour",)
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        colour: DuloreJutunkWine
        def __init__(self, colour: _Optional[_Union[DuloreJutunkWine, str]] = ...) -> None: ...
    class Skip(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    HARVEST_FIELD_NUMBER: _ClassVar[int]
    FULFIL_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    PRESS_FIELD_NUMBER: _ClassVar[int]
    AGE_FIELD_NUMBER: _ClassVar[int]
    TAKE_ORDER_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    FARMER_FIELD_NUMBER: _ClassVar[int]
    HONOUR_FIELD_NUMBER: _ClassVar[int]
    PROJECT_SPACE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_GRAPES_FIELD_NUMBER: _ClassVar[int]
    DISCARD_BOTTLE_FIELD_NUMBER: _ClassVar[int]
    PASS_BOTTLE_FIELD_NUMBER: _ClassVar[int]
    SKIP_FIELD_NUMBER: _ClassVar[int]
    harvest: DuloreJutunkMove.Harvest
    fulfil: DuloreJutunkMove.Fulfil
    keep: DuloreJutunkMove.Keep
    press: DuloreJutunkMove.Press
    age: DuloreJutunkMove.Age
    take_order: DuloreJutunkMove.TakeOrder
    draw: DuloreJutunkMove.Draw
    farmer: DuloreJutunkMove.Farmer
    honour: DuloreJutunkMove.Honour
    project_space: DuloreJutunkMove.ProjectSpace
    discard_grapes: DuloreJutunkMove.DiscardGrapes
    discard_bottle: DuloreJutunkMove.DiscardBottle
    pass_bottle: DuloreJutunkMove.PassBottle
    skip: DuloreJutunkMove.Skip
    def __init__(self, harvest: _Optional[_Union[DuloreJutunkMove.Harvest, _Mapping]] = ..., fulfil: _Optional[_Union[DuloreJutunkMove.Fulfil, _Mapping]] = ..., keep: _Optional[_Union[DuloreJutunkMove.Keep, _Mapping]] = ..., press: _Optional[_Union[DuloreJutunkMove.Press, _Mapping]] = ..., age: _Optional[_Union[DuloreJutunkMove.Age, _Mapping]] = ..., take_order: _Optional[_Union[DuloreJutunkMove.TakeOrder, _Mapping]] = ..., draw: _Optional[_Union[DuloreJutunkMove.Draw, _Mapping]] = ..., farmer: _Optional[_Union[DuloreJutunkMove.Farmer, _Mapping]] = ..., honour: _Optional[_Union[DuloreJutunkMove.Honour, _Mapping]] = ..., project_space: _Optional[_Union[DuloreJutunkMove.ProjectSpace, _Mapping]] = ..., discard_grapes: _Optional[_Union[DuloreJutunkMove.DiscardGrapes, _Mapping]] = ..., discard_bottle: _Optional[_Union[DuloreJutunkMove.DiscardBottle, _Mapping]] = ..., pass_bottle: _Optional[_Union[DuloreJutunkMove.PassBottle, _Mapping]] = ..., skip: _Optional[_Union[DuloreJutunkMove.Skip, _Mapping]] = ...) -> None: ...
