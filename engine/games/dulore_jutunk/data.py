"""Dűlőre jutunk component data as tables.

Sources and labels (see docs/rules/dulore-jutunk.md and
../shared/reference/game-data.md section 4): counts (grapes, barrels,
bottles, markers, cards), the cellar bonus icons named by the worked
examples, the honours conditions, the B-side ability list, the project-card
effect list and the solo result scale are from the rulebook. Everything the
rulebook only shows in pictures is an ASSUMPTION: each such table below is
labelled "ASSUMPTION" and is the one place to replace when the printed data
turns up. Nothing else in the package hard-codes those values.
"""

from __future__ import annotations

from typing import Final

# --- colours -----------------------------------------------------------------
# Grapes: red / yellow. Wines (barrels, bottles): white / red / rosé.
G_RED: Final = 0
G_YELLOW: Final = 1
GRAPE_NAME: Final[tuple[str, ...]] = ("red", "yellow")
WHITE: Final = 0
RED: Final = 1
ROSE: Final = 2
WINE_NAME: Final[tuple[str, ...]] = ("white", "red", "rose")
WINE_TEXT: Final[tuple[str, ...]] = ("white", "red", "rosé")
WINE_BY_NAME: Final = {name: i for i, name in enumerate(WINE_NAME)}

GRAPES_PER_COLOUR: Final = 30  # rulebook: 60 grapes, 30 red and 30 yellow
BOTTLES_PER_COLOUR: Final = 12  # rulebook: 36 bottles, 12 in each colour
MARKERS_PER_PLAYER: Final = 4  # rulebook: 16 farmer markers, four per player
BLACK_MARKERS: Final = 6  # rulebook (solo)
MAX_PLAYERS: Final = 4
BLACK: Final = 4  # marker owner code of a Winemaker's black farmer marker
NOBODY: Final = -1

# Orders a player must fulfil to end the game, by player count (rulebook).
END_ORDERS: Final = {2: 6, 3: 5, 4: 4}

# Start grapes by seat (rulebook: two each, the third and fourth player one more).
def start_grapes(seat: int, players: int) -> int:
    return 3 if players > 2 and seat >= 2 else 2


# --- vineyard abilities --------------------------------------------------------
# The rulebook's icon list: press 2-3, draw 1 or 2, age white / red / any,
# place a farmer marker, take 1 or 2 orders; plus the double aging
# ("age any x2") of the Karesz example and "draw 1" of the winter vineyard.
PRESS: Final = 0
AGE_ANY: Final = 1
AGE_WHITE: Final = 2
AGE_RED: Final = 3
AGE_TWICE: Final = 4
TAKE1: Final = 5
TAKE12: Final = 6
DRAW1: Final = 7
DRAW12: Final = 8
FARMER: Final = 9
ABILITY_TEXT: Final[tuple[str, ...]] = (
    "press 2-3 grapes", "age any barrel", "age a white barrel", "age a red barrel",
    "age twice (any barrels)", "take 1 order", "take 1-2 orders", "draw 1 grape",
    "draw 1-2 grapes", "place a farmer marker",
)
# Which wine colours an aging ability may move (None: not an aging ability).
AGE_COLOURS: Final[dict[int, tuple[int, ...]]] = {AGE_ANY: (WHITE, RED, ROSE), AGE_TWICE: (WHITE, RED, ROSE),
               AGE_WHITE: (WHITE,), AGE_RED: (RED,)}
# The same by ability, () for the others (a table compiled code reads without a dict lookup).
AGE_COLOURS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(AGE_COLOURS.get(a, ()) for a in range(FARMER + 1))

# Vineyard ring, clockwise from the top left; the winter tile sits in the centre.
RING: Final[tuple[str, ...]] = ("TL", "T", "TR", "R", "BR", "B", "BL", "L")
WINTER: Final = 8
VINEYARD_NAME: Final[tuple[str, ...]] = RING + ("winter",)
NUM_VINEYARDS: Final = 9
SPRING: Final = 0
AUTUMN: Final = 1
SIDE_NAME: Final[tuple[str, ...]] = ("spring", "autumn")

# ASSUMPTION (game-data.md 4.2, "Vineyard tiles"): grape icons and abilities of
# each side. An ability list is a tuple of slots ("&": every slot may be used);
# a slot is a tuple of alternatives ("/": choose one of them).
VINEYARD_TILES: Final = (
    # (spring: (grapes, slots), autumn: (grapes, slots))
    ((2, ((PRESS,),)), (3, ((PRESS,), (AGE_ANY,)))),                 # TL
    ((1, ((AGE_WHITE,), (DRAW1,))), (2, ((AGE_TWICE,),))),            # T
    ((2, ((TAKE1,),)), (1, ((TAKE12,), (PRESS,)))),                    # TR
    ((3, ((FARMER,),)), (2, ((FARMER,), (DRAW12,)))),                  # R
    ((1, ((DRAW12,),)), (2, ((AGE_RED,), (TAKE1,)))),                  # BR
    ((2, ((AGE_RED,),)), (3, ((AGE_RED, AGE_WHITE),))),               # B
    ((1, ((PRESS, AGE_ANY),)), (1, ((PRESS,), (AGE_ANY,)))),          # BL
    ((2, ((AGE_ANY,),)), (3, ((DRAW12, FARMER),))),                    # L
)
WINTER_TILE: Final = (0, ((PRESS, AGE_ANY, TAKE1, DRAW1),))  # ASSUMPTION (game-data.md 4.2)

# Tile codes: ring vineyard v on side s is 2 * v + s; the winter tile is 16.
WINTER_CODE: Final = 16
TILE_GRAPES: Final[tuple[int, ...]] = (tuple(VINEYARD_TILES[v][s][0] for v in range(8) for s in (0, 1))
                                       + (WINTER_TILE[0],))
TILE_SLOTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = (
    tuple(VINEYARD_TILES[v][s][1] for v in range(8) for s in (0, 1)) + (WINTER_TILE[1],))


def tile_text(code: int) -> str:
    return " & ".join(" / ".join(ABILITY_TEXT[a] for a in slot) for slot in TILE_SLOTS[code])


def _move_kinds(ability: int) -> set:
    if ability in AGE_COLOURS:
        return {("age", c) for c in AGE_COLOURS[ability]}
    return {{PRESS: "press", TAKE1: "take", TAKE12: "take", DRAW1: "draw", DRAW12: "draw",
             FARMER: "farmer"}[ability]}


def _check_tiles() -> None:
    # A move must never fit two different slots of one tile: the engine
    # consumes the one slot that allows it. Nor two abilities of one slot: the
    # engine lists a tile's moves ability by ability without looking for repeats.
    for code, slots in enumerate(TILE_SLOTS):
        seen: set = set()
        for slot in slots:
            for a in slot:
                kinds = _move_kinds(a)
                assert not kinds & seen, f"tile {code}: two abilities share a move kind"
                seen |= kinds


_check_tiles()

# --- player boards -----------------------------------------------------------
# Cellar: one flat list of six spaces, white (2), red (3), rosé (1).
TRACK_START: Final[tuple[int, ...]] = (0, 2, 5)
TRACK_LEN: Final[tuple[int, ...]] = (2, 3, 1)
CELLAR_SIZE: Final = 6
CELLAR_COLOUR: Final[tuple[int, ...]] = (WHITE, WHITE, RED, RED, RED, ROSE)
# Cellar-space bonuses (barrel bonuses).
B_NONE: Final = 0
B_FARMER: Final = 1
B_AGE_RED: Final = 2
B_DRAW: Final = 3
BONUS_TEXT: Final[tuple[str, ...]] = ("", "place a farmer marker", "age one of your red barrels", "draw a grape")
# The rosé space (age a red barrel) and red spaces 2 and 3 (farmer marker and
# draw a grape) are INFERRED from the Tibike and Karesz examples; the order of
# the two red bonuses and the white bonus are an ASSUMPTION (game-data.md 4.2).
CELLAR_BONUS: Final[tuple[int, ...]] = (B_NONE, B_DRAW, B_NONE, B_FARMER, B_DRAW, B_AGE_RED)


def press_colour(red: int, yellow: int) -> int:
    """The wine a press of ``red`` and ``yellow`` grapes makes."""
    if red == 0:
        return WHITE
    if yellow == 0:
        return RED
    return ROSE

# B-side special abilities (the rulebook's eight icons).
AB_WHITE3: Final = 0
AB_RED3: Final = 1
AB_ROSE3: Final = 2
AB_DRAW2: Final = 3
AB_FULFIL_DRAW: Final = 4
AB_FULFIL_AGE: Final = 5
AB_FULFIL_FARMER: Final = 6
AB_FULFIL_PRESS3: Final = 7
SPECIAL_TEXT: Final[tuple[str, ...]] = (
    "bottling a white barrel gives 3 white bottles",
    "bottling a red barrel gives 3 red bottles",
    "bottling a rosé barrel gives 3 rosé bottles",
    "draw 2 grapes whenever you could draw 1",
    "after fulfilling an order you may draw 1 grape",
    "after fulfilling an order you may age any barrel",
    "after fulfilling an order you may place a farmer marker",
    "after fulfilling an order you may press 3 grapes into a barrel",
)
SPECIAL_NAME: Final[tuple[str, ...]] = ("white_x3", "red_x3", "rose_x3", "draw_two", "fulfil_draw", "fulfil_age",
                "fulfil_farmer", "fulfil_press3")

# Player boards: (label, press-house capacity, storeroom capacity, abilities).
# A side: capacities are an ASSUMPTION (6 / 6, the least the honours
# conditions allow). B sides: the whole table is an ASSUMPTION (game-data.md 4.2).
BOARD_A: Final = 0
BOARDS: Final[tuple[tuple[str, int, int, tuple[int, ...]], ...]] = (
    ("A", 6, 6, ()),
    ("B1", 7, 6, (AB_WHITE3, AB_FULFIL_DRAW)),
    ("B2", 6, 7, (AB_RED3, AB_FULFIL_AGE)),
    ("B3", 7, 7, (AB_ROSE3, AB_FULFIL_FARMER)),
    ("B4", 8, 6, (AB_DRAW2, AB_FULFIL_PRESS3)),
)
BOARD_BY_NAME: Final = {b[0]: i for i, b in enumerate(BOARDS)}
BOTTLES_PER_BARREL: Final = 2  # rulebook
BOTTLE_X3: Final = {WHITE: AB_WHITE3, RED: AB_RED3, ROSE: AB_ROSE3}

# --- farmer markers ----------------------------------------------------------
# ASSUMPTION (game-data.md 4.2): the four hidden bonuses on the back of each
# colour's four markers.
MB_DRAW: Final = 0
MB_AGE: Final = 1
MB_TAKE: Final = 2
MB_PRESS: Final = 3
MARKER_BONUSES: Final[tuple[int, ...]] = (MB_DRAW, MB_AGE, MB_TAKE, MB_PRESS)
MARKER_BONUS_NAME: Final[tuple[str, ...]] = ("draw", "age", "take_order", "press")
MARKER_BONUS_TEXT: Final[tuple[str, ...]] = ("draw a grape", "age a barrel", "take an order", "press 2-3 grapes")
MARKER_BONUS_BY_NAME: Final = {name: i for i, name in enumerate(MARKER_BONUS_NAME)}

# --- order cards -------------------------------------------------------------
# Corkscrew half-positions on a card's edges.
LT: Final = 1
LB: Final = 2
RT: Final = 4
RB: Final = 8
# ASSUMPTION (game-data.md 4.2, "Orders"): 24 cards,
# (white bottles, red bottles, rosé bottles, stars, corkscrew halves).
ORDER_CARDS: Final[tuple[tuple[int, ...], ...]] = (
    (2, 0, 0, 2, LT),            # 0
    (2, 0, 0, 2, LT | RT),       # 1
    (0, 2, 0, 2, LT | LB | RT),  # 2
    (0, 2, 0, 2, RT),            # 3
    (0, 2, 0, 2, LB | RB),       # 4
    (0, 0, 2, 2, LB | RT | RB),  # 5
    (1, 1, 0, 2, LB),            # 6
    (1, 1, 0, 2, LT | RB),       # 7
    (1, 0, 1, 2, LT | LB | RB),  # 8
    (1, 0, 1, 2, RB),            # 9
    (0, 1, 1, 2, LB | RT),       # 10
    (0, 1, 1, 2, LT | RT | RB),  # 11
    (3, 0, 0, 3, LT),            # 12
    (0, 3, 0, 3, LT | LB),       # 13
    (2, 1, 0, 3, LT | LB | RT),  # 14
    (1, 2, 0, 3, RT),            # 15
    (0, 2, 1, 3, RT | RB),       # 16
    (2, 0, 1, 3, LB | RT | RB),  # 17
    (2, 2, 0, 4, LB),            # 18
    (0, 4, 0, 4, LT | RB),       # 19
    (0, 2, 2, 4, LT | LB | RB),  # 20
    (2, 0, 2, 4, RB),            # 21
    (2, 2, 1, 5, LB | RT),       # 22
    (2, 2, 1, 5, LT | RT | RB),  # 23
)
NUM_ORDERS: Final = len(ORDER_CARDS)
DISPLAY_SIZE: Final = 4


def connections(left: int, right: int) -> int:
    """Corkscrew connections between two adjacent fulfilled orders."""
    a = ORDER_CARDS[left][4]
    b = ORDER_CARDS[right][4]
    return (1 if a & RT and b & LT else 0) + (1 if a & RB and b & LB else 0)


def corkscrew_text(mask: int) -> str:
    return ",".join(name for bit, name in ((LT, "left-top"), (LB, "left-bottom"), (RT, "right-top"),
                                           (RB, "right-bottom")) if mask & bit)


def order_text(card: int) -> str:
    w, r, ro, stars, _ = ORDER_CARDS[card]
    parts = [f"{n} {WINE_TEXT[c]}" for c, n in ((WHITE, w), (RED, r), (ROSE, ro)) if n]
    return f"#{card} ({' + '.join(parts)}; {stars} stars)"


# --- honours -------------------------------------------------------------------
# The ten conditions of the rulebook.
H_THREE_ORDERS: Final = 0
H_THREE_AND_THREE_GRAPES: Final = 1
H_FIVE_YELLOW: Final = 2
H_THREE_BARREL_COLOURS: Final = 3
H_FOUR_BARRELS: Final = 4
H_FOUR_WHITE: Final = 5
H_FOUR_RED: Final = 6
H_FOUR_ROSE: Final = 7
H_TWO_OF_EACH: Final = 8
H_TWO_MARKERS: Final = 9
HONOUR_NAME: Final[tuple[str, ...]] = (
    "three_orders", "three_and_three_grapes", "five_yellow_grapes", "three_barrel_colours",
    "four_barrels", "four_white_bottles", "four_red_bottles", "four_rose_bottles",
    "two_of_each_bottle", "two_markers_on_vineyards")
HONOUR_TEXT: Final[tuple[str, ...]] = (
    "you have taken three orders (held below your board)",
    "three yellow and three red grapes in your press house",
    "five yellow grapes in your press house",
    "three barrels of different colours in your cellar",
    "four barrels in your cellar",
    "four white bottles in your storeroom",
    "four red bottles in your storeroom",
    "four rosé bottles in your storeroom",
    "two white, two red and two rosé bottles in your storeroom",
    "two of your farmer markers on vineyards",
)
# ASSUMPTION (game-data.md 4.2, "Honours boards"): which four conditions each
# side shows, with its green check marks (fulfilled orders needed), and the
# values of the scoring spaces by player count.
HONOUR_BOARDS: Final = {
    (2, "a"): ((H_THREE_ORDERS, 0), (H_THREE_AND_THREE_GRAPES, 1), (H_FOUR_BARRELS, 1), (H_TWO_OF_EACH, 2)),
    (2, "b"): ((H_TWO_MARKERS, 0), (H_FIVE_YELLOW, 1), (H_FOUR_RED, 1), (H_FOUR_ROSE, 2)),
    (3, "a"): ((H_FIVE_YELLOW, 0), (H_THREE_BARREL_COLOURS, 1), (H_FOUR_WHITE, 1), (H_TWO_OF_EACH, 2)),
    (3, "b"): ((H_THREE_ORDERS, 0), (H_TWO_MARKERS, 1), (H_FOUR_BARRELS, 1), (H_FOUR_RED, 2)),
    (4, "a"): ((H_TWO_MARKERS, 0), (H_THREE_AND_THREE_GRAPES, 1), (H_THREE_BARREL_COLOURS, 1), (H_FOUR_ROSE, 2)),
    (4, "b"): ((H_THREE_ORDERS, 0), (H_FIVE_YELLOW, 1), (H_FOUR_WHITE, 1), (H_FOUR_BARRELS, 2)),
}
HONOUR_VALUES: Final = {2: (4, 2), 3: (4, 3, 2), 4: (5, 3, 2)}


def honour_rows(players: int, enabled: bool, side: str) -> tuple:
    """The honours board's rows (condition, checks) a configuration plays with."""
    if not enabled or players < 2:
        return ()
    return HONOUR_BOARDS[(players, side)]

# --- solo: the Winemaker -------------------------------------------------------
# ASSUMPTION (revising game-data.md 4.2, "Winemaker cards"): 24 cards of
# (ring position to harvest, ring position for the black marker, number of
# order slots to discard counted from slot 1, the rightmost). Three cards discard
# slot 1, the others none: the rulebook puts the Winemaker's discards on "a
# discard pile set aside for this" and never mentions running out, so the 20
# orders left after setup must last a game in which the player also takes
# orders and the project card may replace all four face-up ones (bench/
# solo_scores.py counts the games that still run out: about none).
_WM_DISCARDS = (0, 1, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 1, 0, 0, 0, 0,
                0, 0, 0, 0, 1, 0, 0, 0)
WINEMAKER_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple((k % 8, (k % 8 + 3 + k // 8) % 8, _WM_DISCARDS[k])
                                                            for k in range(24))
NUM_WINEMAKER_CARDS: Final = len(WINEMAKER_CARDS)

# Project-card effects (the rulebook's eight icons).
EF_DISCARD_GRAPE: Final = 0
EF_AGE: Final = 1
EF_REFRESH_ORDERS: Final = 2
EF_EXTRA_TURN: Final = 3
EF_TAKE_ORDER: Final = 4
EF_DISCARD_BOTTLE: Final = 5
EF_PRESS3: Final = 6
EF_DISCARD_TWO_GRAPES: Final = 7
EFFECT_NAME: Final[tuple[str, ...]] = (
    "discard_grape", "age_barrel", "refresh_orders", "winemaker_extra_turn", "take_order",
    "discard_bottle", "press_three", "discard_two_grapes")
EFFECT_TEXT: Final[tuple[str, ...]] = (
    "discard one grape from your press house",
    "age one of your barrels",
    "discard all four face-up orders and flip up new ones",
    "the Winemaker takes another turn",
    "take an order",
    "discard one bottle from your storeroom",
    "press three grapes into a barrel",
    "discard two grapes from your press house",
)
PROJECTS: Final[tuple[str, ...]] = ("easy", "medium", "hard", "expert")
# ASSUMPTION (revising game-data.md 4.2, "Project cards"): start resources
# (grapes, red barrels, reserved orders) and the effects of spaces 1-6. All six
# spaces fill in a game (six black markers), so a card's difficulty is its start
# plus the sum of its six effects; the cards step down by about 2.5 points each for
# the greedy bot (bench/solo_scores.py): easy five helpful spaces (one take-order
# space only: two let strong play empty the order deck), medium three,
# hard one and two extra Winemaker turns, expert only hindering ones (the
# rulebook: "the hardest one has only hindering spaces"): five extra Winemaker
# turns, each of which costs the player a turn, and new face-up orders. Every
# one of the rulebook's eight icons is on some card.
PROJECT_CARDS: Final = {
    "easy": ((2, 1, 2), (EF_PRESS3, EF_TAKE_ORDER, EF_AGE, EF_PRESS3, EF_AGE, EF_DISCARD_GRAPE)),
    "medium": ((2, 0, 1), (EF_AGE, EF_DISCARD_GRAPE, EF_TAKE_ORDER, EF_DISCARD_BOTTLE, EF_PRESS3,
                           EF_DISCARD_TWO_GRAPES)),
    "hard": ((1, 0, 1), (EF_DISCARD_GRAPE, EF_EXTRA_TURN, EF_AGE, EF_DISCARD_BOTTLE, EF_EXTRA_TURN,
                         EF_DISCARD_TWO_GRAPES)),
    "expert": ((0, 0, 0), (EF_EXTRA_TURN, EF_REFRESH_ORDERS, EF_EXTRA_TURN, EF_EXTRA_TURN, EF_EXTRA_TURN,
                           EF_EXTRA_TURN)),
}
PROJECT_SPACES: Final = 6

# The rulebook's solo result scale.
SOLO_SCALE: Final = (
    (23, "LEGENDARY performance!"),
    (21, "SUCCESS, in all capital letters!"),
    (19, "Nice work! Let's drink to that!"),
    (17, "Where there's a will, there's a way!"),
    (0, "There is still room to improve..."),
)


def solo_label(score: int) -> str:
    for least, label in SOLO_SCALE:
        if score >= least:
            return label
    return SOLO_SCALE[-1][1]


# --- the turn's task stack (rules.py drives it; views.py and policy.py read it) --
# A task is a tuple of five ints (kind, seat, a, b, c); these are the kinds.
K_TURN: Final = 0
K_KEEP: Final = 1
K_ABIL: Final = 2
K_AGE: Final = 3
K_FARMER: Final = 4
K_DRAW: Final = 5
K_PRESS: Final = 6
K_TAKE: Final = 7
K_BLACK: Final = 8
K_DISC_G: Final = 9
K_DISC_B: Final = 10
K_HONOURS: Final = 11
K_BOTTLES: Final = 12
K_ACTIVATE: Final = 13
K_END: Final = 14
K_REFILL: Final = 15
K_WM: Final = 16
K_WM_REST: Final = 17
TASK_NAME: Final[tuple[str, ...]] = ("turn", "keep_grapes", "abilities", "age", "farmer", "draw", "press", "take_order",
             "black_marker", "discard_grapes", "discard_bottle", "honours", "pass_bottles",
             "activate_marker", "end_turn", "refill_orders", "winemaker_turn", "winemaker_rest")
TASK_BY_NAME: Final = {name: i for i, name in enumerate(TASK_NAME)}
FIRST_AUTO: Final = K_ACTIVATE  # kinds from here on run inside apply(): no decision
