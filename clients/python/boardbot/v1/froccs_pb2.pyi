from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FroccsCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_CARD_UNSPECIFIED: _ClassVar[FroccsCard]
    FROCCS_CARD_ZOLD_VELTELINI: _ClassVar[FroccsCard]
    FROCCS_CARD_SZURKEBARAT: _ClassVar[FroccsCard]
    FROCCS_CARD_SARGAMUSKOTALY: _ClassVar[FroccsCard]
    FROCCS_CARD_SODA: _ClassVar[FroccsCard]
    FROCCS_CARD_THIS_IS_FOR_YOU: _ClassVar[FroccsCard]
    FROCCS_CARD_ZSIROS_KENYER: _ClassVar[FroccsCard]
    FROCCS_CARD_KILOTTYINTES: _ClassVar[FroccsCard]
    FROCCS_CARD_BORRAVALO: _ClassVar[FroccsCard]
    FROCCS_CARD_POHARTORES: _ClassVar[FroccsCard]

class FroccsHero(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_HERO_UNSPECIFIED: _ClassVar[FroccsHero]
    FROCCS_HERO_MELYIVO_FRED: _ClassVar[FroccsHero]
    FROCCS_HERO_LOTTYINTOS: _ClassVar[FroccsHero]
    FROCCS_HERO_KIW_EVI: _ClassVar[FroccsHero]
    FROCCS_HERO_POHARNOK: _ClassVar[FroccsHero]
    FROCCS_HERO_RECYCLE_BELA: _ClassVar[FroccsHero]
    FROCCS_HERO_SARKI_JEZUS: _ClassVar[FroccsHero]
    FROCCS_HERO_SOMMELIER_PITYU: _ClassVar[FroccsHero]
    FROCCS_HERO_VIZKOPO_KARESZ: _ClassVar[FroccsHero]
    FROCCS_HERO_BOSKE: _ClassVar[FroccsHero]
    FROCCS_HERO_HOLLOSI_ELVTARS: _ClassVar[FroccsHero]
    FROCCS_HERO_BUZGOMOCSING: _ClassVar[FroccsHero]
    FROCCS_HERO_ICUKA: _ClassVar[FroccsHero]

class FroccsHeroMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_HERO_MODE_UNSPECIFIED: _ClassVar[FroccsHeroMode]
    FROCCS_HERO_MODE_FIRST_GAME: _ClassVar[FroccsHeroMode]
    FROCCS_HERO_MODE_CHOOSE: _ClassVar[FroccsHeroMode]

class FroccsPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_PHASE_UNSPECIFIED: _ClassVar[FroccsPhase]
    FROCCS_PHASE_ACTION: _ClassVar[FroccsPhase]
    FROCCS_PHASE_SELL: _ClassVar[FroccsPhase]
    FROCCS_PHASE_BUY: _ClassVar[FroccsPhase]
    FROCCS_PHASE_PLAY: _ClassVar[FroccsPhase]
    FROCCS_PHASE_DISCARD_DRAWN: _ClassVar[FroccsPhase]
    FROCCS_PHASE_RECYCLE: _ClassVar[FroccsPhase]
    FROCCS_PHASE_REACT: _ClassVar[FroccsPhase]
    FROCCS_PHASE_LAST_CHANCE: _ClassVar[FroccsPhase]
    FROCCS_PHASE_SIDE_OFFERS: _ClassVar[FroccsPhase]
    FROCCS_PHASE_PROPOSE: _ClassVar[FroccsPhase]
    FROCCS_PHASE_RESPOND: _ClassVar[FroccsPhase]
    FROCCS_PHASE_ONE_MORE_ROUND: _ClassVar[FroccsPhase]
    FROCCS_PHASE_CHOOSE_HERO: _ClassVar[FroccsPhase]
    FROCCS_PHASE_GAME_OVER: _ClassVar[FroccsPhase]

class FroccsActionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_ACTION_TYPE_UNSPECIFIED: _ClassVar[FroccsActionType]
    FROCCS_ACTION_TYPE_SELL: _ClassVar[FroccsActionType]
    FROCCS_ACTION_TYPE_DRAW: _ClassVar[FroccsActionType]
    FROCCS_ACTION_TYPE_BUY: _ClassVar[FroccsActionType]
    FROCCS_ACTION_TYPE_PLAY: _ClassVar[FroccsActionType]

class FroccsSellAdjust(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_SELL_ADJUST_UNSPECIFIED: _ClassVar[FroccsSellAdjust]
    FROCCS_SELL_ADJUST_NONE: _ClassVar[FroccsSellAdjust]
    FROCCS_SELL_ADJUST_WINE_TO_SODA: _ClassVar[FroccsSellAdjust]
    FROCCS_SELL_ADJUST_SODA_TO_WINE: _ClassVar[FroccsSellAdjust]
    FROCCS_SELL_ADJUST_TOP_UP: _ClassVar[FroccsSellAdjust]

class FroccsOfferKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FROCCS_OFFER_KIND_UNSPECIFIED: _ClassVar[FroccsOfferKind]
    FROCCS_OFFER_KIND_MONEY: _ClassVar[FroccsOfferKind]
    FROCCS_OFFER_KIND_CARD: _ClassVar[FroccsOfferKind]
FROCCS_CARD_UNSPECIFIED: FroccsCard
FROCCS_CARD_ZOLD_VELTELINI: FroccsCard
FROCCS_CARD_SZURKEBARAT: FroccsCard
FROCCS_CARD_SARGAMUSKOTALY: FroccsCard
FROCCS_CARD_SODA: FroccsCard
FROCCS_CARD_THIS_IS_FOR_YOU: FroccsCard
FROCCS_CARD_ZSIROS_KENYER: FroccsCard
FROCCS_CARD_KILOTTYINTES: FroccsCard
FROCCS_CARD_BORRAVALO: FroccsCard
FROCCS_CARD_POHARTORES: FroccsCard
FROCCS_HERO_UNSPECIFIED: FroccsHero
FROCCS_HERO_MELYIVO_FRED: FroccsHero
FROCCS_HERO_LOTTYINTOS: FroccsHero
FROCCS_HERO_KIW_EVI: FroccsHero
FROCCS_HERO_POHARNOK: FroccsHero
FROCCS_HERO_RECYCLE_BELA: FroccsHero
FROCCS_HERO_SARKI_JEZUS: FroccsHero
FROCCS_HERO_SOMMELIER_PITYU: FroccsHero
FROCCS_HERO_VIZKOPO_KARESZ: FroccsHero
FROCCS_HERO_BOSKE: FroccsHero
FROCCS_HERO_HOLLOSI_ELVTARS: FroccsHero
FROCCS_HERO_BUZGOMOCSING: FroccsHero
FROCCS_HERO_ICUKA: FroccsHero
FROCCS_HERO_MODE_UNSPECIFIED: FroccsHeroMode
FROCCS_HERO_MODE_FIRST_GAME: FroccsHeroMode
FROCCS_HERO_MODE_CHOOSE: FroccsHeroMode
FROCCS_PHASE_UNSPECIFIED: FroccsPhase
FROCCS_PHASE_ACTION: FroccsPhase
FROCCS_PHASE_SELL: FroccsPhase
FROCCS_PHASE_BUY: FroccsPhase
FROCCS_PHASE_PLAY: FroccsPhase
FROCCS_PHASE_DISCARD_DRAWN: FroccsPhase
FROCCS_PHASE_RECYCLE: FroccsPhase
FROCCS_PHASE_REACT: FroccsPhase
FROCCS_PHASE_LAST_CHANCE: FroccsPhase
FROCCS_PHASE_SIDE_OFFERS: FroccsPhase
FROCCS_PHASE_PROPOSE: FroccsPhase
FROCCS_PHASE_RESPOND: FroccsPhase
FROCCS_PHASE_ONE_MORE_ROUND: FroccsPhase
FROCCS_PHASE_CHOOSE_HERO: FroccsPhase
FROCCS_PHASE_GAME_OVER: FroccsPhase
FROCCS_ACTION_TYPE_UNSPECIFIED: FroccsActionType
FROCCS_ACTION_TYPE_SELL: FroccsActionType
FROCCS_ACTION_TYPE_DRAW: FroccsActionType
FROCCS_ACTION_TYPE_BUY: FroccsActionType
FROCCS_ACTION_TYPE_PLAY: FroccsActionType
FROCCS_SELL_ADJUST_UNSPECIFIED: FroccsSellAdjust
FROCCS_SELL_ADJUST_NONE: FroccsSellAdjust
FROCCS_SELL_ADJUST_WINE_TO_SODA: FroccsSellAdjust
FROCCS_SELL_ADJUST_SODA_TO_WINE: FroccsSellAdjust
FROCCS_SELL_ADJUST_TOP_UP: FroccsSellAdjust
FROCCS_OFFER_KIND_UNSPECIFIED: FroccsOfferKind
FROCCS_OFFER_KIND_MONEY: FroccsOfferKind
FROCCS_OFFER_KIND_CARD: FroccsOfferKind

class FroccsConfig(_message.Message):
    __slots__ = ("players", "heroes", "everyones_my_guest", "one_more_round")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HEROES_FIELD_NUMBER: _ClassVar[int]
    EVERYONES_MY_GUEST_FIELD_NUMBER: _ClassVar[int]
    ONE_MORE_ROUND_FIELD_NUMBER: _ClassVar[int]
    players: int
    heroes: FroccsHeroMode
    everyones_my_guest: bool
    one_more_round: bool
    def __init__(self, players: _Optional[int] = ..., heroes: _Optional[_Union[FroccsHeroMode, str]] = ..., everyones_my_guest: _Optional[bool] = ..., one_more_round: _Optional[bool] = ...) -> None: ...

class FroccsView(_message.Message):
    __slots__ = ("seat", "config", "phase", "decider", "active_player", "turn", "actions_used", "action_limit", "action_types_used", "splash_left", "extra_action_used", "recycle_used", "icuka_used", "sale", "cards_left_to_play", "cards_played", "drawn_card_count", "drawn", "recycling", "deck_size", "discard", "glass_deck_size", "counter", "players", "hand", "dealt_heroes", "hero_seat", "mischief", "end", "game_over")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_USED_FIELD_NUMBER: _ClassVar[int]
    ACTION_LIMIT_FIELD_NUMBER: _ClassVar[int]
    ACTION_TYPES_USED_FIELD_NUMBER: _ClassVar[int]
    SPLASH_LEFT_FIELD_NUMBER: _ClassVar[int]
    EXTRA_ACTION_USED_FIELD_NUMBER: _ClassVar[int]
    RECYCLE_USED_FIELD_NUMBER: _ClassVar[int]
    ICUKA_USED_FIELD_NUMBER: _ClassVar[int]
    SALE_FIELD_NUMBER: _ClassVar[int]
    CARDS_LEFT_TO_PLAY_FIELD_NUMBER: _ClassVar[int]
    CARDS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DRAWN_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    RECYCLING_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    GLASS_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DEALT_HEROES_FIELD_NUMBER: _ClassVar[int]
    HERO_SEAT_FIELD_NUMBER: _ClassVar[int]
    MISCHIEF_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: FroccsConfig
    phase: FroccsPhase
    decider: int
    active_player: int
    turn: int
    actions_used: int
    action_limit: int
    action_types_used: _containers.RepeatedScalarFieldContainer[FroccsActionType]
    splash_left: int
    extra_action_used: bool
    recycle_used: bool
    icuka_used: bool
    sale: FroccsSale
    cards_left_to_play: int
    cards_played: int
    drawn_card_count: int
    drawn: _containers.RepeatedScalarFieldContainer[FroccsCard]
    recycling: bool
    deck_size: int
    discard: FroccsCardCounts
    glass_deck_size: int
    counter: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[FroccsPlayer]
    hand: _containers.RepeatedScalarFieldContainer[FroccsCard]
    dealt_heroes: _containers.RepeatedScalarFieldContainer[FroccsHero]
    hero_seat: int
    mischief: FroccsMischief
    end: FroccsEnd
    game_over: bool
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[FroccsConfig, _Mapping]] = ..., phase: _Optional[_Union[FroccsPhase, str]] = ..., decider: _Optional[int] = ..., active_player: _Optional[int] = ..., turn: _Optional[int] = ..., actions_used: _Optional[int] = ..., action_limit: _Optional[int] = ..., action_types_used: _Optional[_Iterable[_Union[FroccsActionType, str]]] = ..., splash_left: _Optional[int] = ..., extra_action_used: _Optional[bool] = ..., recycle_used: _Optional[bool] = ..., icuka_used: _Optional[bool] = ..., sale: _Optional[_Union[FroccsSale, _Mapping]] = ..., cards_left_to_play: _Optional[int] = ..., cards_played: _Optional[int] = ..., drawn_card_count: _Optional[int] = ..., drawn: _Optional[_Iterable[_Union[FroccsCard, str]]] = ..., recycling: _Optional[bool] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Union[FroccsCardCounts, _Mapping]] = ..., glass_deck_size: _Optional[int] = ..., counter: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[FroccsPlayer, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[FroccsCard, str]]] = ..., dealt_heroes: _Optional[_Iterable[_Union[FroccsHero, str]]] = ..., hero_seat: _Optional[int] = ..., mischief: _Optional[_Union[FroccsMischief, _Mapping]] = ..., end: _Optional[_Union[FroccsEnd, _Mapping]] = ..., game_over: _Optional[bool] = ...) -> None: ...

class FroccsCardCounts(_message.Message):
    __slots__ = ("zold_veltelini", "szurkebarat", "sargamuskotaly", "soda", "this_is_for_you", "zsiros_kenyer", "kilottyintes", "borravalo", "pohartores")
    ZOLD_VELTELINI_FIELD_NUMBER: _ClassVar[int]
    SZURKEBARAT_FIELD_NUMBER: _ClassVar[int]
    SARGAMUSKOTALY_FIELD_NUMBER: _ClassVar[int]
    SODA_FIELD_NUMBER: _ClassVar[int]
    THIS_IS_FOR_YOU_FIELD_NUMBER: _ClassVar[int]
    ZSIROS_KENYER_FIELD_NUMBER: _ClassVar[int]
    KILOTTYINTES_FIELD_NUMBER: _ClassVar[int]
    BORRAVALO_FIELD_NUMBER: _ClassVar[int]
    POHARTORES_FIELD_NUMBER: _ClassVar[int]
    zold_veltelini: int
    szurkebarat: int
    sargamuskotaly: int
    soda: int
    this_is_for_you: int
    zsiros_kenyer: int
    kilottyintes: int
    borravalo: int
    pohartores: int
    def __init__(self, zold_veltelini: _Optional[int] = ..., szurkebarat: _Optional[int] = ..., sargamuskotaly: _Optional[int] = ..., soda: _Optional[int] = ..., this_is_for_you: _Optional[int] = ..., zsiros_kenyer: _Optional[int] = ..., kilottyintes: _Optional[int] = ..., borravalo: _Optional[int] = ..., pohartores: _Optional[int] = ...) -> None: ...

class FroccsGlassCounts(_message.Message):
    __slots__ = ("dl2", "dl3", "dl5")
    DL2_FIELD_NUMBER: _ClassVar[int]
    DL3_FIELD_NUMBER: _ClassVar[int]
    DL5_FIELD_NUMBER: _ClassVar[int]
    dl2: int
    dl3: int
    dl5: int
    def __init__(self, dl2: _Optional[int] = ..., dl3: _Optional[int] = ..., dl5: _Optional[int] = ...) -> None: ...

class FroccsSale(_message.Message):
    __slots__ = ("dl_sold", "big_spritzers_sold", "top_up_paid", "spritzers_sold")
    DL_SOLD_FIELD_NUMBER: _ClassVar[int]
    BIG_SPRITZERS_SOLD_FIELD_NUMBER: _ClassVar[int]
    TOP_UP_PAID_FIELD_NUMBER: _ClassVar[int]
    SPRITZERS_SOLD_FIELD_NUMBER: _ClassVar[int]
    dl_sold: int
    big_spritzers_sold: int
    top_up_paid: bool
    spritzers_sold: int
    def __init__(self, dl_sold: _Optional[int] = ..., big_spritzers_sold: _Optional[int] = ..., top_up_paid: _Optional[bool] = ..., spritzers_sold: _Optional[int] = ...) -> None: ...

class FroccsPlayer(_message.Message):
    __slots__ = ("hero", "hero_chosen", "money", "hand_size", "known_cards", "glasses", "glass_discard")
    HERO_FIELD_NUMBER: _ClassVar[int]
    HERO_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    MONEY_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    GLASSES_FIELD_NUMBER: _ClassVar[int]
    GLASS_DISCARD_FIELD_NUMBER: _ClassVar[int]
    hero: FroccsHero
    hero_chosen: bool
    money: int
    hand_size: int
    known_cards: _containers.RepeatedScalarFieldContainer[FroccsCard]
    glasses: _containers.RepeatedCompositeFieldContainer[FroccsGlass]
    glass_discard: FroccsGlassCounts
    def __init__(self, hero: _Optional[_Union[FroccsHero, str]] = ..., hero_chosen: _Optional[bool] = ..., money: _Optional[int] = ..., hand_size: _Optional[int] = ..., known_cards: _Optional[_Iterable[_Union[FroccsCard, str]]] = ..., glasses: _Optional[_Iterable[_Union[FroccsGlass, _Mapping]]] = ..., glass_discard: _Optional[_Union[FroccsGlassCounts, _Mapping]] = ...) -> None: ...

class FroccsGlass(_message.Message):
    __slots__ = ("size", "cards", "finished")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    size: int
    cards: _containers.RepeatedScalarFieldContainer[FroccsCard]
    finished: bool
    def __init__(self, size: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[FroccsCard, str]]] = ..., finished: _Optional[bool] = ...) -> None: ...

class FroccsMischief(_message.Message):
    __slots__ = ("active", "card", "effect", "target", "glass", "wine", "proposer", "turns_left", "first_turn", "offer", "side_offers", "side_seat")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    GLASS_FIELD_NUMBER: _ClassVar[int]
    WINE_FIELD_NUMBER: _ClassVar[int]
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    TURNS_LEFT_FIELD_NUMBER: _ClassVar[int]
    FIRST_TURN_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    SIDE_OFFERS_FIELD_NUMBER: _ClassVar[int]
    SIDE_SEAT_FIELD_NUMBER: _ClassVar[int]
    active: bool
    card: FroccsCard
    effect: FroccsCard
    target: int
    glass: int
    wine: FroccsCard
    proposer: int
    turns_left: int
    first_turn: bool
    offer: _containers.RepeatedCompositeFieldContainer[FroccsOfferComponent]
    side_offers: _containers.RepeatedCompositeFieldContainer[FroccsSideOffer]
    side_seat: int
    def __init__(self, active: _Optional[bool] = ..., card: _Optional[_Union[FroccsCard, str]] = ..., effect: _Optional[_Union[FroccsCard, str]] = ..., target: _Optional[int] = ..., glass: _Optional[int] = ..., wine: _Optional[_Union[FroccsCard, str]] = ..., proposer: _Optional[int] = ..., turns_left: _Optional[int] = ..., first_turn: _Optional[bool] = ..., offer: _Optional[_Iterable[_Union[FroccsOfferComponent, _Mapping]]] = ..., side_offers: _Optional[_Iterable[_Union[FroccsSideOffer, _Mapping]]] = ..., side_seat: _Optional[int] = ...) -> None: ...

class FroccsOfferComponent(_message.Message):
    __slots__ = ("kind", "card", "from_seat", "from_glass", "to_seat", "to_glass", "amount")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_GLASS_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_GLASS_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    kind: FroccsOfferKind
    card: FroccsCard
    from_seat: int
    from_glass: int
    to_seat: int
    to_glass: int
    amount: int
    def __init__(self, kind: _Optional[_Union[FroccsOfferKind, str]] = ..., card: _Optional[_Union[FroccsCard, str]] = ..., from_seat: _Optional[int] = ..., from_glass: _Optional[int] = ..., to_seat: _Optional[int] = ..., to_glass: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class FroccsSideOffer(_message.Message):
    __slots__ = ("seat", "hidden", "recipient", "if_carried_out", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    RECIPIENT_FIELD_NUMBER: _ClassVar[int]
    IF_CARRIED_OUT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hidden: bool
    recipient: int
    if_carried_out: bool
    amount: int
    def __init__(self, seat: _Optional[int] = ..., hidden: _Optional[bool] = ..., recipient: _Optional[int] = ..., if_carried_out: _Optional[bool] = ..., amount: _Optional[int] = ...) -> None: ...

class FroccsEnd(_message.Message):
    __slots__ = ("triggered", "final_turns", "one_more_round_used", "pledges", "passed", "pledge_seat", "pledge_start")
    TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    FINAL_TURNS_FIELD_NUMBER: _ClassVar[int]
    ONE_MORE_ROUND_USED_FIELD_NUMBER: _ClassVar[int]
    PLEDGES_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    PLEDGE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PLEDGE_START_FIELD_NUMBER: _ClassVar[int]
    triggered: bool
    final_turns: int
    one_more_round_used: bool
    pledges: _containers.RepeatedScalarFieldContainer[int]
    passed: _containers.RepeatedScalarFieldContainer[bool]
    pledge_seat: int
    pledge_start: int
    def __init__(self, triggered: _Optional[bool] = ..., final_turns: _Optional[int] = ..., one_more_round_used: _Optional[bool] = ..., pledges: _Optional[_Iterable[int]] = ..., passed: _Optional[_Iterable[bool]] = ..., pledge_seat: _Optional[int] = ..., pledge_start: _Optional[int] = ...) -> None: ...

class FroccsMove(_message.Message):
    __slots__ = ("choose_hero", "sell_spritzers", "sell", "end_sale", "draw", "discard_drawn", "recycle", "buy_glasses", "buy", "buy_two", "play_cards", "pour", "mischief", "end_play", "this_is_for_you", "fend_off", "no_defence", "side_offer", "no_side_offer", "offer_money", "offer_card", "propose", "no_offer", "carry_out", "accept", "refuse", "splash", "extra_action", "icuka_sell", "end_turn", "chip_in", "pass_round")
    class ChooseHero(_message.Message):
        __slots__ = ("hero",)
        HERO_FIELD_NUMBER: _ClassVar[int]
        hero: FroccsHero
        def __init__(self, hero: _Optional[_Union[FroccsHero, str]] = ...) -> None: ...
    class SellSpritzers(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Sell(_message.Message):
        __slots__ = ("glass", "adjust")
        GLASS_FIELD_NUMBER: _ClassVar[int]
        ADJUST_FIELD_NUMBER: _ClassVar[int]
        glass: int
        adjust: FroccsSellAdjust
        def __init__(self, glass: _Optional[int] = ..., adjust: _Optional[_Union[FroccsSellAdjust, str]] = ...) -> None: ...
    class EndSale(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Draw(_message.Message):
        __slots__ = ("recycle",)
        RECYCLE_FIELD_NUMBER: _ClassVar[int]
        recycle: bool
        def __init__(self, recycle: _Optional[bool] = ...) -> None: ...
    class DiscardDrawn(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: FroccsCard
        def __init__(self, card: _Optional[_Union[FroccsCard, str]] = ...) -> None: ...
    class Recycle(_message.Message):
        __slots__ = ("wine",)
        WINE_FIELD_NUMBER: _ClassVar[int]
        wine: FroccsCard
        def __init__(self, wine: _Optional[_Union[FroccsCard, str]] = ...) -> None: ...
    class BuyGlasses(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Buy(_message.Message):
        __slots__ = ("size",)
        SIZE_FIELD_NUMBER: _ClassVar[int]
        size: int
        def __init__(self, size: _Optional[int] = ...) -> None: ...
    class BuyTwo(_message.Message):
        __slots__ = ("size_a", "size_b")
        SIZE_A_FIELD_NUMBER: _ClassVar[int]
        SIZE_B_FIELD_NUMBER: _ClassVar[int]
        size_a: int
        size_b: int
        def __init__(self, size_a: _Optional[int] = ..., size_b: _Optional[int] = ...) -> None: ...
    class PlayCards(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Pour(_message.Message):
        __slots__ = ("card", "owner", "glass")
        CARD_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        GLASS_FIELD_NUMBER: _ClassVar[int]
        card: FroccsCard
        owner: int
        glass: int
        def __init__(self, card: _Optional[_Union[FroccsCard, str]] = ..., owner: _Optional[int] = ..., glass: _Optional[int] = ...) -> None: ...
    class Mischief(_message.Message):
        __slots__ = ("card", "effect", "target", "glass", "wine")
        CARD_FIELD_NUMBER: _ClassVar[int]
        EFFECT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        GLASS_FIELD_NUMBER: _ClassVar[int]
        WINE_FIELD_NUMBER: _ClassVar[int]
        card: FroccsCard
        effect: FroccsCard
        target: int
        glass: int
        wine: FroccsCard
        def __init__(self, card: _Optional[_Union[FroccsCard, str]] = ..., effect: _Optional[_Union[FroccsCard, str]] = ..., target: _Optional[int] = ..., glass: _Optional[int] = ..., wine: _Optional[_Union[FroccsCard, str]] = ...) -> None: ...
    class EndPlay(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ThisIsForYou(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class FendOff(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class NoDefence(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SideOffer(_message.Message):
        __slots__ = ("recipient", "if_carried_out", "amount")
        RECIPIENT_FIELD_NUMBER: _ClassVar[int]
        IF_CARRIED_OUT_FIELD_NUMBER: _ClassVar[int]
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        recipient: int
        if_carried_out: bool
        amount: int
        def __init__(self, recipient: _Optional[int] = ..., if_carried_out: _Optional[bool] = ..., amount: _Optional[int] = ...) -> None: ...
    class NoSideOffer(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class OfferMoney(_message.Message):
        __slots__ = ("payer", "amount")
        PAYER_FIELD_NUMBER: _ClassVar[int]
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        payer: int
        amount: int
        def __init__(self, payer: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...
    class OfferCard(_message.Message):
        __slots__ = ("card", "from_seat", "from_glass", "to_seat", "to_glass")
        CARD_FIELD_NUMBER: _ClassVar[int]
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_GLASS_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_GLASS_FIELD_NUMBER: _ClassVar[int]
        card: FroccsCard
        from_seat: int
        from_glass: int
        to_seat: int
        to_glass: int
        def __init__(self, card: _Optional[_Union[FroccsCard, str]] = ..., from_seat: _Optional[int] = ..., from_glass: _Optional[int] = ..., to_seat: _Optional[int] = ..., to_glass: _Optional[int] = ...) -> None: ...
    class Propose(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class NoOffer(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CarryOut(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Accept(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Refuse(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Splash(_message.Message):
        __slots__ = ("from_glass", "card", "to_glass")
        FROM_GLASS_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        TO_GLASS_FIELD_NUMBER: _ClassVar[int]
        from_glass: int
        card: FroccsCard
        to_glass: int
        def __init__(self, from_glass: _Optional[int] = ..., card: _Optional[_Union[FroccsCard, str]] = ..., to_glass: _Optional[int] = ...) -> None: ...
    class ExtraAction(_message.Message):
        __slots__ = ("wine",)
        WINE_FIELD_NUMBER: _ClassVar[int]
        wine: FroccsCard
        def __init__(self, wine: _Optional[_Union[FroccsCard, str]] = ...) -> None: ...
    class IcukaSell(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: FroccsCard
        def __init__(self, card: _Optional[_Union[FroccsCard, str]] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ChipIn(_message.Message):
        __slots__ = ("amount",)
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        amount: int
        def __init__(self, amount: _Optional[int] = ...) -> None: ...
    class PassRound(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CHOOSE_HERO_FIELD_NUMBER: _ClassVar[int]
    SELL_SPRITZERS_FIELD_NUMBER: _ClassVar[int]
    SELL_FIELD_NUMBER: _ClassVar[int]
    END_SALE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    DISCARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    RECYCLE_FIELD_NUMBER: _ClassVar[int]
    BUY_GLASSES_FIELD_NUMBER: _ClassVar[int]
    BUY_FIELD_NUMBER: _ClassVar[int]
    BUY_TWO_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARDS_FIELD_NUMBER: _ClassVar[int]
    POUR_FIELD_NUMBER: _ClassVar[int]
    MISCHIEF_FIELD_NUMBER: _ClassVar[int]
    END_PLAY_FIELD_NUMBER: _ClassVar[int]
    THIS_IS_FOR_YOU_FIELD_NUMBER: _ClassVar[int]
    FEND_OFF_FIELD_NUMBER: _ClassVar[int]
    NO_DEFENCE_FIELD_NUMBER: _ClassVar[int]
    SIDE_OFFER_FIELD_NUMBER: _ClassVar[int]
    NO_SIDE_OFFER_FIELD_NUMBER: _ClassVar[int]
    OFFER_MONEY_FIELD_NUMBER: _ClassVar[int]
    OFFER_CARD_FIELD_NUMBER: _ClassVar[int]
    PROPOSE_FIELD_NUMBER: _ClassVar[int]
    NO_OFFER_FIELD_NUMBER: _ClassVar[int]
    CARRY_OUT_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    REFUSE_FIELD_NUMBER: _ClassVar[int]
    SPLASH_FIELD_NUMBER: _ClassVar[int]
    EXTRA_ACTION_FIELD_NUMBER: _ClassVar[int]
    ICUKA_SELL_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    CHIP_IN_FIELD_NUMBER: _ClassVar[int]
    PASS_ROUND_FIELD_NUMBER: _ClassVar[int]
    choose_hero: FroccsMove.ChooseHero
    sell_spritzers: FroccsMove.SellSpritzers
    sell: FroccsMove.Sell
    end_sale: FroccsMove.EndSale
    draw: FroccsMove.Draw
    discard_drawn: FroccsMove.DiscardDrawn
    recycle: FroccsMove.Recycle
    buy_glasses: FroccsMove.BuyGlasses
    buy: FroccsMove.Buy
    buy_two: FroccsMove.BuyTwo
    play_cards: FroccsMove.PlayCards
    pour: FroccsMove.Pour
    mischief: FroccsMove.Mischief
    end_play: FroccsMove.EndPlay
    this_is_for_you: FroccsMove.ThisIsForYou
    fend_off: FroccsMove.FendOff
    no_defence: FroccsMove.NoDefence
    side_offer: FroccsMove.SideOffer
    no_side_offer: FroccsMove.NoSideOffer
    offer_money: FroccsMove.OfferMoney
    offer_card: FroccsMove.OfferCard
    propose: FroccsMove.Propose
    no_offer: FroccsMove.NoOffer
    carry_out: FroccsMove.CarryOut
    accept: FroccsMove.Accept
    refuse: FroccsMove.Refuse
    splash: FroccsMove.Splash
    extra_action: FroccsMove.ExtraAction
    icuka_sell: FroccsMove.IcukaSell
    end_turn: FroccsMove.EndTurn
    chip_in: FroccsMove.ChipIn
    pass_round: FroccsMove.PassRound
    def __init__(self, choose_hero: _Optional[_Union[FroccsMove.ChooseHero, _Mapping]] = ..., sell_spritzers: _Optional[_Union[FroccsMove.SellSpritzers, _Mapping]] = ..., sell: _Optional[_Union[FroccsMove.Sell, _Mapping]] = ..., end_sale: _Optional[_Union[FroccsMove.EndSale, _Mapping]] = ..., draw: _Optional[_Union[FroccsMove.Draw, _Mapping]] = ..., discard_drawn: _Optional[_Union[FroccsMove.DiscardDrawn, _Mapping]] = ..., recycle: _Optional[_Union[FroccsMove.Recycle, _Mapping]] = ..., buy_glasses: _Optional[_Union[FroccsMove.BuyGlasses, _Mapping]] = ..., buy: _Optional[_Union[FroccsMove.Buy, _Mapping]] = ..., buy_two: _Optional[_Union[FroccsMove.BuyTwo, _Mapping]] = ..., play_cards: _Optional[_Union[FroccsMove.PlayCards, _Mapping]] = ..., pour: _Optional[_Union[FroccsMove.Pour, _Mapping]] = ..., mischief: _Optional[_Union[FroccsMove.Mischief, _Mapping]] = ..., end_play: _Optional[_Union[FroccsMove.EndPlay, _Mapping]] = ..., this_is_for_you: _Optional[_Union[FroccsMove.ThisIsForYou, _Mapping]] = ..., fend_off: _Optional[_Union[FroccsMove.FendOff, _Mapping]] = ..., no_defence: _Optional[_Union[FroccsMove.NoDefence, _Mapping]] = ..., side_offer: _Optional[_Union[FroccsMove.SideOffer, _Mapping]] = ..., no_side_offer: _Optional[_Union[FroccsMove.NoSideOffer, _Mapping]] = ..., offer_money: _Optional[_Union[FroccsMove.OfferMoney, _Mapping]] = ..., offer_card: _Optional[_Union[FroccsMove.OfferCard, _Mapping]] = ..., propose: _Optional[_Union[FroccsMove.Propose, _Mapping]] = ..., no_offer: _Optional[_Union[FroccsMove.NoOffer, _Mapping]] = ..., carry_out: _Optional[_Union[FroccsMove.CarryOut, _Mapping]] = ..., accept: _Optional[_Union[FroccsMove.Accept, _Mapping]] = ..., refuse: _Optional[_Union[FroccsMove.Refuse, _Mapping]] = ..., splash: _Optional[_Union[FroccsMove.Splash, _Mapping]] = ..., extra_action: _Optional[_Union[FroccsMove.ExtraAction, _Mapping]] = ..., icuka_sell: _Optional[_Union[FroccsMove.IcukaSell, _Mapping]] = ..., end_turn: _Optional[_Union[FroccsMove.EndTurn, _Mapping]] = ..., chip_in: _Optional[_Union[FroccsMove.ChipIn, _Mapping]] = ..., pass_round: _Optional[_Union[FroccsMove.PassRound, _Mapping]] = ...) -> None: ...
