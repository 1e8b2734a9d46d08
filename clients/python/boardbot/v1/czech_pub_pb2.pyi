from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CzechPubCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_CARD_UNSPECIFIED: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_PIVO: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_MALE_PIVO: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_RUM: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_FERNET: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_BECHEROVKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_ZELENA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_VODKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_CAJ: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_DEJTE_MI_TO_VSECHNO: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_LICHOCENI_SERVIRCE: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_PANAK_DO_PIVA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_DAM_SI_TO_CO_TY: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_URAZKA_VRCHNIHO: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_TO_JE_MOJE_OBJEDNAVKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_POJD_NA_PANAKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_RUNDA_DOKOLA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_RVACKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_TY_UZ_TO_NEBUDES: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_SPLETENA_OBJEDNAVKA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_ZVRHNUTA_SKLENICE: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_BLAZKOVA: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_TO_PIVO_JE_TEPLY: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_MUSIM_SI_ODSKOCIT: _ClassVar[CzechPubCard]
    CZECH_PUB_CARD_POSLEDNI_OBJEDNAVKA: _ClassVar[CzechPubCard]

class CzechPubShot(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_SHOT_UNSPECIFIED: _ClassVar[CzechPubShot]
    CZECH_PUB_SHOT_RUM: _ClassVar[CzechPubShot]
    CZECH_PUB_SHOT_FERNET: _ClassVar[CzechPubShot]
    CZECH_PUB_SHOT_BECHEROVKA: _ClassVar[CzechPubShot]
    CZECH_PUB_SHOT_ZELENA: _ClassVar[CzechPubShot]
    CZECH_PUB_SHOT_VODKA: _ClassVar[CzechPubShot]

class CzechPubPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_PHASE_UNSPECIFIED: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_PLAY: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_ABSTINENCE_DISCARD: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_REACTION_WINDOW: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_TARGET_RESPONSE: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_ROUND_RESPONSE: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_BRAWL_RESPONSE: _ClassVar[CzechPubPhase]
    CZECH_PUB_PHASE_GAME_OVER: _ClassVar[CzechPubPhase]

class CzechPubLastOrder(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_LAST_ORDER_UNSPECIFIED: _ClassVar[CzechPubLastOrder]
    CZECH_PUB_LAST_ORDER_SET_ASIDE: _ClassVar[CzechPubLastOrder]
    CZECH_PUB_LAST_ORDER_IN_DECK: _ClassVar[CzechPubLastOrder]
    CZECH_PUB_LAST_ORDER_DRAWN: _ClassVar[CzechPubLastOrder]

class CzechPubOrigin(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_ORIGIN_UNSPECIFIED: _ClassVar[CzechPubOrigin]
    CZECH_PUB_ORIGIN_OWN: _ClassVar[CzechPubOrigin]
    CZECH_PUB_ORIGIN_SLIPPED_IN: _ClassVar[CzechPubOrigin]
    CZECH_PUB_ORIGIN_SUPPLIED: _ClassVar[CzechPubOrigin]
    CZECH_PUB_ORIGIN_OPPONENT_CARD: _ClassVar[CzechPubOrigin]

class CzechPubOutReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CZECH_PUB_OUT_REASON_UNSPECIFIED: _ClassVar[CzechPubOutReason]
    CZECH_PUB_OUT_REASON_DRUNK: _ClassVar[CzechPubOutReason]
    CZECH_PUB_OUT_REASON_THROWN_OUT: _ClassVar[CzechPubOutReason]
CZECH_PUB_CARD_UNSPECIFIED: CzechPubCard
CZECH_PUB_CARD_PIVO: CzechPubCard
CZECH_PUB_CARD_MALE_PIVO: CzechPubCard
CZECH_PUB_CARD_RUM: CzechPubCard
CZECH_PUB_CARD_FERNET: CzechPubCard
CZECH_PUB_CARD_BECHEROVKA: CzechPubCard
CZECH_PUB_CARD_ZELENA: CzechPubCard
CZECH_PUB_CARD_VODKA: CzechPubCard
CZECH_PUB_CARD_CAJ: CzechPubCard
CZECH_PUB_CARD_DEJTE_MI_TO_VSECHNO: CzechPubCard
CZECH_PUB_CARD_LICHOCENI_SERVIRCE: CzechPubCard
CZECH_PUB_CARD_PANAK_DO_PIVA: CzechPubCard
CZECH_PUB_CARD_DAM_SI_TO_CO_TY: CzechPubCard
CZECH_PUB_CARD_URAZKA_VRCHNIHO: CzechPubCard
CZECH_PUB_CARD_TO_JE_MOJE_OBJEDNAVKA: CzechPubCard
CZECH_PUB_CARD_POJD_NA_PANAKA: CzechPubCard
CZECH_PUB_CARD_RUNDA_DOKOLA: CzechPubCard
CZECH_PUB_CARD_RVACKA: CzechPubCard
CZECH_PUB_CARD_TY_UZ_TO_NEBUDES: CzechPubCard
CZECH_PUB_CARD_SPLETENA_OBJEDNAVKA: CzechPubCard
CZECH_PUB_CARD_ZVRHNUTA_SKLENICE: CzechPubCard
CZECH_PUB_CARD_BLAZKOVA: CzechPubCard
CZECH_PUB_CARD_TO_PIVO_JE_TEPLY: CzechPubCard
CZECH_PUB_CARD_MUSIM_SI_ODSKOCIT: CzechPubCard
CZECH_PUB_CARD_POSLEDNI_OBJEDNAVKA: CzechPubCard
CZECH_PUB_SHOT_UNSPECIFIED: CzechPubShot
CZECH_PUB_SHOT_RUM: CzechPubShot
CZECH_PUB_SHOT_FERNET: CzechPubShot
CZECH_PUB_SHOT_BECHEROVKA: CzechPubShot
CZECH_PUB_SHOT_ZELENA: CzechPubShot
CZECH_PUB_SHOT_VODKA: CzechPubShot
CZECH_PUB_PHASE_UNSPECIFIED: CzechPubPhase
CZECH_PUB_PHASE_PLAY: CzechPubPhase
CZECH_PUB_PHASE_ABSTINENCE_DISCARD: CzechPubPhase
CZECH_PUB_PHASE_REACTION_WINDOW: CzechPubPhase
CZECH_PUB_PHASE_TARGET_RESPONSE: CzechPubPhase
CZECH_PUB_PHASE_ROUND_RESPONSE: CzechPubPhase
CZECH_PUB_PHASE_BRAWL_RESPONSE: CzechPubPhase
CZECH_PUB_PHASE_GAME_OVER: CzechPubPhase
CZECH_PUB_LAST_ORDER_UNSPECIFIED: CzechPubLastOrder
CZECH_PUB_LAST_ORDER_SET_ASIDE: CzechPubLastOrder
CZECH_PUB_LAST_ORDER_IN_DECK: CzechPubLastOrder
CZECH_PUB_LAST_ORDER_DRAWN: CzechPubLastOrder
CZECH_PUB_ORIGIN_UNSPECIFIED: CzechPubOrigin
CZECH_PUB_ORIGIN_OWN: CzechPubOrigin
CZECH_PUB_ORIGIN_SLIPPED_IN: CzechPubOrigin
CZECH_PUB_ORIGIN_SUPPLIED: CzechPubOrigin
CZECH_PUB_ORIGIN_OPPONENT_CARD: CzechPubOrigin
CZECH_PUB_OUT_REASON_UNSPECIFIED: CzechPubOutReason
CZECH_PUB_OUT_REASON_DRUNK: CzechPubOutReason
CZECH_PUB_OUT_REASON_THROWN_OUT: CzechPubOutReason

class CzechPubConfig(_message.Message):
    __slots__ = ("players", "real_drinking")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    REAL_DRINKING_FIELD_NUMBER: _ClassVar[int]
    players: int
    real_drinking: bool
    def __init__(self, players: _Optional[int] = ..., real_drinking: _Optional[bool] = ...) -> None: ...

class CzechPubView(_message.Message):
    __slots__ = ("seat", "config", "phase", "decider", "active", "turn", "deck_size", "discard_pile", "reshuffles", "last_order", "last_order_positions", "last_order_holder", "last_round", "final_turns_owed", "lone_player", "lone_turn_started", "title_tokens_left", "table", "played_this_turn", "copy_turn", "pending_card", "pending_target", "dodgers", "queue", "queue_position", "window_reacted", "players", "alcohol_played")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_PILE_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLES_FIELD_NUMBER: _ClassVar[int]
    LAST_ORDER_FIELD_NUMBER: _ClassVar[int]
    LAST_ORDER_POSITIONS_FIELD_NUMBER: _ClassVar[int]
    LAST_ORDER_HOLDER_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    FINAL_TURNS_OWED_FIELD_NUMBER: _ClassVar[int]
    LONE_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LONE_TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    TITLE_TOKENS_LEFT_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLAYED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    COPY_TURN_FIELD_NUMBER: _ClassVar[int]
    PENDING_CARD_FIELD_NUMBER: _ClassVar[int]
    PENDING_TARGET_FIELD_NUMBER: _ClassVar[int]
    DODGERS_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    QUEUE_POSITION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_REACTED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ALCOHOL_PLAYED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: CzechPubConfig
    phase: CzechPubPhase
    decider: int
    active: int
    turn: int
    deck_size: int
    discard_pile: _containers.RepeatedScalarFieldContainer[CzechPubCard]
    reshuffles: int
    last_order: CzechPubLastOrder
    last_order_positions: _containers.RepeatedScalarFieldContainer[int]
    last_order_holder: int
    last_round: bool
    final_turns_owed: _containers.RepeatedScalarFieldContainer[int]
    lone_player: int
    lone_turn_started: bool
    title_tokens_left: _containers.RepeatedScalarFieldContainer[int]
    table: _containers.RepeatedCompositeFieldContainer[CzechPubTableCard]
    played_this_turn: bool
    copy_turn: bool
    pending_card: CzechPubCard
    pending_target: int
    dodgers: _containers.RepeatedScalarFieldContainer[int]
    queue: _containers.RepeatedScalarFieldContainer[int]
    queue_position: int
    window_reacted: bool
    players: _containers.RepeatedCompositeFieldContainer[CzechPubPlayer]
    alcohol_played: bool
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[CzechPubConfig, _Mapping]] = ..., phase: _Optional[_Union[CzechPubPhase, str]] = ..., decider: _Optional[int] = ..., active: _Optional[int] = ..., turn: _Optional[int] = ..., deck_size: _Optional[int] = ..., discard_pile: _Optional[_Iterable[_Union[CzechPubCard, str]]] = ..., reshuffles: _Optional[int] = ..., last_order: _Optional[_Union[CzechPubLastOrder, str]] = ..., last_order_positions: _Optional[_Iterable[int]] = ..., last_order_holder: _Optional[int] = ..., last_round: _Optional[bool] = ..., final_turns_owed: _Optional[_Iterable[int]] = ..., lone_player: _Optional[int] = ..., lone_turn_started: _Optional[bool] = ..., title_tokens_left: _Optional[_Iterable[int]] = ..., table: _Optional[_Iterable[_Union[CzechPubTableCard, _Mapping]]] = ..., played_this_turn: _Optional[bool] = ..., copy_turn: _Optional[bool] = ..., pending_card: _Optional[_Union[CzechPubCard, str]] = ..., pending_target: _Optional[int] = ..., dodgers: _Optional[_Iterable[int]] = ..., queue: _Optional[_Iterable[int]] = ..., queue_position: _Optional[int] = ..., window_reacted: _Optional[bool] = ..., players: _Optional[_Iterable[_Union[CzechPubPlayer, _Mapping]]] = ..., alcohol_played: _Optional[bool] = ...) -> None: ...

class CzechPubTableCard(_message.Message):
    __slots__ = ("card", "shot", "origin", "poured_by")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SHOT_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    POURED_BY_FIELD_NUMBER: _ClassVar[int]
    card: CzechPubCard
    shot: CzechPubShot
    origin: CzechPubOrigin
    poured_by: int
    def __init__(self, card: _Optional[_Union[CzechPubCard, str]] = ..., shot: _Optional[_Union[CzechPubShot, str]] = ..., origin: _Optional[_Union[CzechPubOrigin, str]] = ..., poured_by: _Optional[int] = ...) -> None: ...

class CzechPubPlayer(_message.Message):
    __slots__ = ("points", "stage", "cell", "cell_value", "row_length", "hand_limit", "hand_card_count", "hand", "known_cards", "shot_tokens", "abstinence", "paused", "out_reason", "insults", "copying", "titles", "real_drinks", "passes")
    POINTS_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    CELL_VALUE_FIELD_NUMBER: _ClassVar[int]
    ROW_LENGTH_FIELD_NUMBER: _ClassVar[int]
    HAND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    HAND_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    SHOT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    ABSTINENCE_FIELD_NUMBER: _ClassVar[int]
    PAUSED_FIELD_NUMBER: _ClassVar[int]
    OUT_REASON_FIELD_NUMBER: _ClassVar[int]
    INSULTS_FIELD_NUMBER: _ClassVar[int]
    COPYING_FIELD_NUMBER: _ClassVar[int]
    TITLES_FIELD_NUMBER: _ClassVar[int]
    REAL_DRINKS_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    points: int
    stage: int
    cell: int
    cell_value: int
    row_length: int
    hand_limit: int
    hand_card_count: int
    hand: _containers.RepeatedScalarFieldContainer[CzechPubCard]
    known_cards: _containers.RepeatedScalarFieldContainer[CzechPubCard]
    shot_tokens: _containers.RepeatedScalarFieldContainer[CzechPubShot]
    abstinence: int
    paused: bool
    out_reason: CzechPubOutReason
    insults: int
    copying: int
    titles: _containers.RepeatedScalarFieldContainer[int]
    real_drinks: int
    passes: _containers.RepeatedCompositeFieldContainer[CzechPubPass]
    def __init__(self, points: _Optional[int] = ..., stage: _Optional[int] = ..., cell: _Optional[int] = ..., cell_value: _Optional[int] = ..., row_length: _Optional[int] = ..., hand_limit: _Optional[int] = ..., hand_card_count: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[CzechPubCard, str]]] = ..., known_cards: _Optional[_Iterable[_Union[CzechPubCard, str]]] = ..., shot_tokens: _Optional[_Iterable[_Union[CzechPubShot, str]]] = ..., abstinence: _Optional[int] = ..., paused: _Optional[bool] = ..., out_reason: _Optional[_Union[CzechPubOutReason, str]] = ..., insults: _Optional[int] = ..., copying: _Optional[int] = ..., titles: _Optional[_Iterable[int]] = ..., real_drinks: _Optional[int] = ..., passes: _Optional[_Iterable[_Union[CzechPubPass, _Mapping]]] = ...) -> None: ...

class CzechPubPass(_message.Message):
    __slots__ = ("active", "table", "stage", "cell", "shot_tokens", "abstinence", "insults", "points_ahead", "alcohol_played", "last_round", "hand_card_count")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    SHOT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    ABSTINENCE_FIELD_NUMBER: _ClassVar[int]
    INSULTS_FIELD_NUMBER: _ClassVar[int]
    POINTS_AHEAD_FIELD_NUMBER: _ClassVar[int]
    ALCOHOL_PLAYED_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    HAND_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    active: int
    table: _containers.RepeatedCompositeFieldContainer[CzechPubTableCard]
    stage: int
    cell: int
    shot_tokens: _containers.RepeatedScalarFieldContainer[CzechPubShot]
    abstinence: int
    insults: int
    points_ahead: int
    alcohol_played: bool
    last_round: bool
    hand_card_count: int
    def __init__(self, active: _Optional[int] = ..., table: _Optional[_Iterable[_Union[CzechPubTableCard, _Mapping]]] = ..., stage: _Optional[int] = ..., cell: _Optional[int] = ..., shot_tokens: _Optional[_Iterable[_Union[CzechPubShot, str]]] = ..., abstinence: _Optional[int] = ..., insults: _Optional[int] = ..., points_ahead: _Optional[int] = ..., alcohol_played: _Optional[bool] = ..., last_round: _Optional[bool] = ..., hand_card_count: _Optional[int] = ...) -> None: ...

class CzechPubMove(_message.Message):
    __slots__ = ("play", "discard", "done", "react", "decline", "dodge", "pay")
    class Play(_message.Message):
        __slots__ = ("card", "target", "shot")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        SHOT_FIELD_NUMBER: _ClassVar[int]
        card: CzechPubCard
        target: int
        shot: CzechPubShot
        def __init__(self, card: _Optional[_Union[CzechPubCard, str]] = ..., target: _Optional[int] = ..., shot: _Optional[_Union[CzechPubShot, str]] = ...) -> None: ...
    class Discard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: CzechPubCard
        def __init__(self, card: _Optional[_Union[CzechPubCard, str]] = ...) -> None: ...
    class Done(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class React(_message.Message):
        __slots__ = ("card", "slot", "give")
        CARD_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        card: CzechPubCard
        slot: int
        give: CzechPubCard
        def __init__(self, card: _Optional[_Union[CzechPubCard, str]] = ..., slot: _Optional[int] = ..., give: _Optional[_Union[CzechPubCard, str]] = ...) -> None: ...
    class Decline(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Dodge(_message.Message):
        __slots__ = ("to_seat",)
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        to_seat: int
        def __init__(self, to_seat: _Optional[int] = ...) -> None: ...
    class Pay(_message.Message):
        __slots__ = ("discard",)
        DISCARD_FIELD_NUMBER: _ClassVar[int]
        discard: CzechPubCard
        def __init__(self, discard: _Optional[_Union[CzechPubCard, str]] = ...) -> None: ...
    PLAY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    REACT_FIELD_NUMBER: _ClassVar[int]
    DECLINE_FIELD_NUMBER: _ClassVar[int]
    DODGE_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    play: CzechPubMove.Play
    discard: CzechPubMove.Discard
    done: CzechPubMove.Done
    react: CzechPubMove.React
    decline: CzechPubMove.Decline
    dodge: CzechPubMove.Dodge
    pay: CzechPubMove.Pay
    def __init__(self, play: _Optional[_Union[CzechPubMove.Play, _Mapping]] = ..., discard: _Optional[_Union[CzechPubMove.Discard, _Mapping]] = ..., done: _Optional[_Union[CzechPubMove.Done, _Mapping]] = ..., react: _Optional[_Union[CzechPubMove.React, _Mapping]] = ..., decline: _Optional[_Union[CzechPubMove.Decline, _Mapping]] = ..., dodge: _Optional[_Union[CzechPubMove.Dodge, _Mapping]] = ..., pay: _Optional[_Union[CzechPubMove.Pay, _Mapping]] = ...) -> None: ...
