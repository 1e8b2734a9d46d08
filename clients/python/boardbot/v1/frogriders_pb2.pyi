from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FrogridersPublicBack(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_PUBLIC_BACK_UNSPECIFIED: _ClassVar[FrogridersPublicBack]
    FROGRIDERS_PUBLIC_BACK_NONE: _ClassVar[FrogridersPublicBack]
    FROGRIDERS_PUBLIC_BACK_FIRST: _ClassVar[FrogridersPublicBack]
    FROGRIDERS_PUBLIC_BACK_SECOND: _ClassVar[FrogridersPublicBack]

class FrogridersPrivilegeDeck(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_PRIVILEGE_DECK_UNSPECIFIED: _ClassVar[FrogridersPrivilegeDeck]
    FROGRIDERS_PRIVILEGE_DECK_28: _ClassVar[FrogridersPrivilegeDeck]
    FROGRIDERS_PRIVILEGE_DECK_24: _ClassVar[FrogridersPrivilegeDeck]

class FrogridersPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_PHASE_UNSPECIFIED: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_CHOOSE_SET_CARD: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_LEAP: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_RETURN_UNIT: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_TAKE_UNIT: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_TAKE_PRIVILEGE: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_SECOND_LEAP: _ClassVar[FrogridersPhase]
    FROGRIDERS_PHASE_GAME_OVER: _ClassVar[FrogridersPhase]

class FrogridersColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_COLOUR_UNSPECIFIED: _ClassVar[FrogridersColour]
    FROGRIDERS_COLOUR_YELLOW: _ClassVar[FrogridersColour]
    FROGRIDERS_COLOUR_RED: _ClassVar[FrogridersColour]
    FROGRIDERS_COLOUR_BLUE: _ClassVar[FrogridersColour]
    FROGRIDERS_COLOUR_BROWN: _ClassVar[FrogridersColour]

class FrogridersPrivilege(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_PRIVILEGE_UNSPECIFIED: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_EXTRA_RED: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_EXTRA_YELLOW: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_EXTRA_BLUE: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_DIAGONAL_LEAP: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_L_SHAPED_LEAP: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_RUN_UP: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_NO_ABILITY: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_COLLECT_EITHER: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_FLOWER: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_PER_BROWN: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_PER_TWO_PRIVILEGES: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_PER_UNIT_PRIVILEGE_PAIR: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_FEWEST_PRIVILEGES_5: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_FEWEST_UNITS_5: _ClassVar[FrogridersPrivilege]
    FROGRIDERS_PRIVILEGE_FEWEST_UNITS_3: _ClassVar[FrogridersPrivilege]

class FrogridersCardSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROGRIDERS_CARD_SIDE_UNSPECIFIED: _ClassVar[FrogridersCardSide]
    FROGRIDERS_CARD_SIDE_FRONT: _ClassVar[FrogridersCardSide]
    FROGRIDERS_CARD_SIDE_BACK: _ClassVar[FrogridersCardSide]
FROGRIDERS_PUBLIC_BACK_UNSPECIFIED: FrogridersPublicBack
FROGRIDERS_PUBLIC_BACK_NONE: FrogridersPublicBack
FROGRIDERS_PUBLIC_BACK_FIRST: FrogridersPublicBack
FROGRIDERS_PUBLIC_BACK_SECOND: FrogridersPublicBack
FROGRIDERS_PRIVILEGE_DECK_UNSPECIFIED: FrogridersPrivilegeDeck
FROGRIDERS_PRIVILEGE_DECK_28: FrogridersPrivilegeDeck
FROGRIDERS_PRIVILEGE_DECK_24: FrogridersPrivilegeDeck
FROGRIDERS_PHASE_UNSPECIFIED: FrogridersPhase
FROGRIDERS_PHASE_CHOOSE_SET_CARD: FrogridersPhase
FROGRIDERS_PHASE_LEAP: FrogridersPhase
FROGRIDERS_PHASE_RETURN_UNIT: FrogridersPhase
FROGRIDERS_PHASE_TAKE_UNIT: FrogridersPhase
FROGRIDERS_PHASE_TAKE_PRIVILEGE: FrogridersPhase
FROGRIDERS_PHASE_SECOND_LEAP: FrogridersPhase
FROGRIDERS_PHASE_GAME_OVER: FrogridersPhase
FROGRIDERS_COLOUR_UNSPECIFIED: FrogridersColour
FROGRIDERS_COLOUR_YELLOW: FrogridersColour
FROGRIDERS_COLOUR_RED: FrogridersColour
FROGRIDERS_COLOUR_BLUE: FrogridersColour
FROGRIDERS_COLOUR_BROWN: FrogridersColour
FROGRIDERS_PRIVILEGE_UNSPECIFIED: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_EXTRA_RED: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_EXTRA_YELLOW: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_EXTRA_BLUE: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_DIAGONAL_LEAP: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_L_SHAPED_LEAP: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_RUN_UP: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_NO_ABILITY: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_COLLECT_EITHER: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_FLOWER: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_PER_BROWN: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_PER_TWO_PRIVILEGES: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_PER_UNIT_PRIVILEGE_PAIR: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_FEWEST_PRIVILEGES_5: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_FEWEST_UNITS_5: FrogridersPrivilege
FROGRIDERS_PRIVILEGE_FEWEST_UNITS_3: FrogridersPrivilege
FROGRIDERS_CARD_SIDE_UNSPECIFIED: FrogridersCardSide
FROGRIDERS_CARD_SIDE_FRONT: FrogridersCardSide
FROGRIDERS_CARD_SIDE_BACK: FrogridersCardSide

class FrogridersConfig(_message.Message):
    __slots__ = ("players", "public_back", "privilege_deck")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_BACK_FIELD_NUMBER: _ClassVar[int]
    PRIVILEGE_DECK_FIELD_NUMBER: _ClassVar[int]
    players: int
    public_back: FrogridersPublicBack
    privilege_deck: FrogridersPrivilegeDeck
    def __init__(self, players: _Optional[int] = ..., public_back: _Optional[_Union[FrogridersPublicBack, str]] = ..., privilege_deck: _Optional[_Union[FrogridersPrivilegeDeck, str]] = ...) -> None: ...

class FrogridersView(_message.Message):
    __slots__ = ("seat", "config", "phase", "current_player", "turn", "cells", "village", "display", "stack_size", "public_cards", "players", "dealt_set_cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    VILLAGE_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    STACK_SIZE_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_CARDS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DEALT_SET_CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: FrogridersConfig
    phase: FrogridersPhase
    current_player: int
    turn: int
    cells: _containers.RepeatedCompositeFieldContainer[FrogridersCell]
    village: FrogridersVillage
    display: _containers.RepeatedScalarFieldContainer[FrogridersPrivilege]
    stack_size: int
    public_cards: _containers.RepeatedCompositeFieldContainer[FrogridersPublicCard]
    players: _containers.RepeatedCompositeFieldContainer[FrogridersPlayer]
    dealt_set_cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[FrogridersConfig, _Mapping]] = ..., phase: _Optional[_Union[FrogridersPhase, str]] = ..., current_player: _Optional[int] = ..., turn: _Optional[int] = ..., cells: _Optional[_Iterable[_Union[FrogridersCell, _Mapping]]] = ..., village: _Optional[_Union[FrogridersVillage, _Mapping]] = ..., display: _Optional[_Iterable[_Union[FrogridersPrivilege, str]]] = ..., stack_size: _Optional[int] = ..., public_cards: _Optional[_Iterable[_Union[FrogridersPublicCard, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[FrogridersPlayer, _Mapping]]] = ..., dealt_set_cards: _Optional[_Iterable[int]] = ...) -> None: ...

class FrogridersCell(_message.Message):
    __slots__ = ("cell", "name", "unit", "flower", "off_limits")
    CELL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    FLOWER_FIELD_NUMBER: _ClassVar[int]
    OFF_LIMITS_FIELD_NUMBER: _ClassVar[int]
    cell: int
    name: str
    unit: FrogridersColour
    flower: bool
    off_limits: bool
    def __init__(self, cell: _Optional[int] = ..., name: _Optional[str] = ..., unit: _Optional[_Union[FrogridersColour, str]] = ..., flower: _Optional[bool] = ..., off_limits: _Optional[bool] = ...) -> None: ...

class FrogridersVillage(_message.Message):
    __slots__ = ("red", "yellow", "blue")
    RED_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    red: int
    yellow: int
    blue: int
    def __init__(self, red: _Optional[int] = ..., yellow: _Optional[int] = ..., blue: _Optional[int] = ...) -> None: ...

class FrogridersUnits(_message.Message):
    __slots__ = ("yellow", "red", "blue", "brown")
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    BROWN_FIELD_NUMBER: _ClassVar[int]
    yellow: int
    red: int
    blue: int
    brown: int
    def __init__(self, yellow: _Optional[int] = ..., red: _Optional[int] = ..., blue: _Optional[int] = ..., brown: _Optional[int] = ...) -> None: ...

class FrogridersPublicCard(_message.Message):
    __slots__ = ("card", "side", "text")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    card: int
    side: FrogridersCardSide
    text: str
    def __init__(self, card: _Optional[int] = ..., side: _Optional[_Union[FrogridersCardSide, str]] = ..., text: _Optional[str] = ...) -> None: ...

class FrogridersPlayer(_message.Message):
    __slots__ = ("units", "privileges", "trophies", "chose_set_card", "set_card")
    UNITS_FIELD_NUMBER: _ClassVar[int]
    PRIVILEGES_FIELD_NUMBER: _ClassVar[int]
    TROPHIES_FIELD_NUMBER: _ClassVar[int]
    CHOSE_SET_CARD_FIELD_NUMBER: _ClassVar[int]
    SET_CARD_FIELD_NUMBER: _ClassVar[int]
    units: FrogridersUnits
    privileges: _containers.RepeatedScalarFieldContainer[FrogridersPrivilege]
    trophies: int
    chose_set_card: bool
    set_card: int
    def __init__(self, units: _Optional[_Union[FrogridersUnits, _Mapping]] = ..., privileges: _Optional[_Iterable[_Union[FrogridersPrivilege, str]]] = ..., trophies: _Optional[int] = ..., chose_set_card: _Optional[bool] = ..., set_card: _Optional[int] = ...) -> None: ...

class FrogridersMove(_message.Message):
    __slots__ = ("keep_set_card", "leap", "return_unit", "end_turn", "take_unit", "take_privilege")
    class KeepSetCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class Leap(_message.Message):
        __slots__ = ("from_cell", "over_cell", "to_cell", "collect_leaper")
        FROM_CELL_FIELD_NUMBER: _ClassVar[int]
        OVER_CELL_FIELD_NUMBER: _ClassVar[int]
        TO_CELL_FIELD_NUMBER: _ClassVar[int]
        COLLECT_LEAPER_FIELD_NUMBER: _ClassVar[int]
        from_cell: int
        over_cell: int
        to_cell: int
        collect_leaper: bool
        def __init__(self, from_cell: _Optional[int] = ..., over_cell: _Optional[int] = ..., to_cell: _Optional[int] = ..., collect_leaper: _Optional[bool] = ...) -> None: ...
    class ReturnUnit(_message.Message):
        __slots__ = ("colour",)
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        colour: FrogridersColour
        def __init__(self, colour: _Optional[_Union[FrogridersColour, str]] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TakeUnit(_message.Message):
        __slots__ = ("colour",)
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        colour: FrogridersColour
        def __init__(self, colour: _Optional[_Union[FrogridersColour, str]] = ...) -> None: ...
    class TakePrivilege(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: int
        def __init__(self, slot: _Optional[int] = ...) -> None: ...
    KEEP_SET_CARD_FIELD_NUMBER: _ClassVar[int]
    LEAP_FIELD_NUMBER: _ClassVar[int]
    RETURN_UNIT_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    TAKE_UNIT_FIELD_NUMBER: _ClassVar[int]
    TAKE_PRIVILEGE_FIELD_NUMBER: _ClassVar[int]
    keep_set_card: FrogridersMove.KeepSetCard
    leap: FrogridersMove.Leap
    return_unit: FrogridersMove.ReturnUnit
    end_turn: FrogridersMove.EndTurn
    take_unit: FrogridersMove.TakeUnit
    take_privilege: FrogridersMove.TakePrivilege
    def __init__(self, keep_set_card: _Optional[_Union[FrogridersMove.KeepSetCard, _Mapping]] = ..., leap: _Optional[_Union[FrogridersMove.Leap, _Mapping]] = ..., return_unit: _Optional[_Union[FrogridersMove.ReturnUnit, _Mapping]] = ..., end_turn: _Optional[_Union[FrogridersMove.EndTurn, _Mapping]] = ..., take_unit: _Optional[_Union[FrogridersMove.TakeUnit, _Mapping]] = ..., take_privilege: _Optional[_Union[FrogridersMove.TakePrivilege, _Mapping]] = ...) -> None: ...
