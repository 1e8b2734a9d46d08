"""Fritanga component data as tables.

Sources and labels (see docs/rules/fritanga.md and
../shared/reference/game-data.md section 5):

* RULEBOOK: printed in /shared/rulebooks/fritanga.txt (component counts, deck
  recipe, the glossary entries up to Unbattered).
* INFERRED: follows from the rulebook's counts (hand/immediate icons of the
  glossary cards, the cap of baskets at the 24 printed).
* ASSUMPTION: the glossary is cut short after Unbattered; every effect below
  marked ASSUMPTION comes from game-data.md section 5 (or, where that table is
  silent, from docs/rules/fritanga.md "Assumptions"). They are kept in
  ``ASSUMED_CARD_TEXT`` and ``CHEF_SKILLS`` so they can be replaced in one place.
"""

from __future__ import annotations

import math
from typing import Final

# --- modes -------------------------------------------------------------------
VERSUS: Final = 0
TEAMS: Final = 1
CHEF: Final = 2
MODE_NAMES: Final = ("versus", "teams", "chef")
MODE_TITLE = ("Versus", "Versus Teams", "Everyone Against the Chef")
PLAYER_RANGE = {VERSUS: (3, 6), TEAMS: (3, 6), CHEF: (3, 7)}  # RULEBOOK
CHEF_SEAT: Final = 0  # ASSUMPTION (seat choice): the chef is seat 0, seat 1 (to its left) plays first
GOLDEN_TURNS: Final = 8  # RULEBOOK: eight golden-icon cards, one per chef turn

# --- food cards ----------------------------------------------------------------
HAND, IMMEDIATE = "hand", "immediate"

# kind: (key, display name, icon, deck group, label)
CARD_KINDS = (
    ("basket", "Basket", IMMEDIATE, "basket", "INFERRED"),
    ("fritos", "Fritos", HAND, "fritos", "RULEBOOK"),
    ("a_little_break", "A Little Break", HAND, "basic", "RULEBOOK"),
    ("breadcrumbs", "Breadcrumbs", HAND, "basic", "RULEBOOK"),
    ("f_rays", "F-Rays", HAND, "basic", "RULEBOOK"),
    ("trampoline", "Trampoline", HAND, "basic", "RULEBOOK"),
    ("maintenance", "Maintenance", HAND, "basic", "RULEBOOK"),
    ("cold_water_geyser", "Cold water geyser", IMMEDIATE, "basic", "ASSUMPTION"),
    ("no_frying_way", "No frying way!", HAND, "basic", "ASSUMPTION"),
    ("unbattered", "Unbattered", HAND, "versus", "RULEBOOK"),
    ("switch", "Switch", HAND, "versus", "ASSUMPTION"),
    ("boom", "Boom!", HAND, "versus", "ASSUMPTION"),
    ("fissure", "Fissure (Crack)", HAND, "versus", "ASSUMPTION"),
    ("oil_geyser", "Oil geyser", IMMEDIATE, "versus", "ASSUMPTION"),
    ("splatter", "Splatter", IMMEDIATE, "chef", "ASSUMPTION"),
)
BASKET: Final = 0
FRITOS: Final = 1
BREAK: Final = 2
BREADCRUMBS: Final = 3
F_RAYS: Final = 4
TRAMPOLINE: Final = 5
MAINTENANCE: Final = 6
COLD_GEYSER: Final = 7
NO_FRYING: Final = 8
UNBATTERED: Final = 9
SWITCH: Final = 10
BOOM: Final = 11
FISSURE: Final = 12
OIL_GEYSER: Final = 13
SPLATTER: Final = 14
assert SPLATTER == len(CARD_KINDS) - 1
NUM_KINDS: Final = 15
assert NUM_KINDS == len(CARD_KINDS)
CARD_KEY: Final = tuple(k[0] for k in CARD_KINDS)
CARD_NAME: Final = tuple(k[1] for k in CARD_KINDS)
KIND_BY_KEY: Final = {k[0]: i for i, k in enumerate(CARD_KINDS)}
IS_HAND: Final = tuple(k[2] == HAND for k in CARD_KINDS)
BASIC = tuple(i for i, k in enumerate(CARD_KINDS) if k[3] == "basic")  # 7 basic maneuvers
VERSUS_CARDS = tuple(i for i, k in enumerate(CARD_KINDS) if k[3] == "versus")  # 5 Versus maneuvers
# Hand cards a food may play in its Play Cards phase (Fritos only when fallen,
# No frying way! only as a reaction).
PLAY_PHASE_CARDS: Final[tuple[int, ...]] = (BREAK, BREADCRUMBS, F_RAYS, TRAMPOLINE, MAINTENANCE, UNBATTERED, SWITCH,
                                            BOOM, FISSURE)

# Printed glossary texts (RULEBOOK, abridged).
RULEBOOK_CARD_TEXT = {
    "fritos": "Discard when you have fallen into the oil: place your piece on any unoccupied card "
              "(turn it over); if there is none, put a basket card from the discard pile next to a card "
              "and your piece on it.",
    "a_little_break": "Discard to skip your next Movement phase.",
    "breadcrumbs": "Discard: take 2 basket cards from the discard pile and place them face down next to "
                   "any cards. Not playable without a basket in the discard pile.",
    "f_rays": "Discard: look at 2 different face-down cards, put them back; then eliminate 1 unoccupied card "
              "from the game.",
    "trampoline": "Discard: place your piece on any unoccupied face-down card and turn it over.",
    "maintenance": "Discard: move 3 face-down cards, unrevealed, to other places next to existing cards.",
    "unbattered": "Discard: choose a player with 2 or more cards in hand and steal 1 random card.",
}

# The glossary is cut short after Unbattered: ASSUMPTION texts
# (game-data.md section 5; details in docs/rules/fritanga.md).
ASSUMED_CARD_TEXT = {
    "basket": "No effect (a safe card); discarded when the piece leaves it.",
    "switch": "Discard: swap places with any other piece on the grid; the cards stay, nothing is revealed.",
    "boom": "Discard: every piece on a card orthogonally next to yours is pushed 1 card directly away "
            "(into the oil if there is no card there; not if that card is occupied).",
    "fissure": "Discard: remove 1 unoccupied card orthogonally next to a rival's piece.",
    "oil_geyser": "When revealed: every unoccupied card orthogonally next to it is discarded.",
    "cold_water_geyser": "When revealed: you may move to any unoccupied card in the same row or column "
                         "(applying it).",
    "no_frying_way": "Reaction, at any time: cancel one effect of another player's card (or of a chef "
                     "skill or Splatter) that targets your piece or your hand.",
    "splatter": "When revealed: the chef pushes the revealing food 1 card in a direction of his choice.",
}

CARD_TEXT = {**RULEBOOK_CARD_TEXT, **ASSUMED_CARD_TEXT}

# --- chef skills (ASSUMPTION: game-data.md section 5; names invented) ---------
# skill: (key, name, golden icon, effect)
CHEF_SKILLS = (
    # F: the number of foods at the table (skill_amounts); the move texts give the numbers
    ("skim", "Skimmer", True, "Remove F unoccupied cards."),
    ("spatula", "Spatula", True, "Push F-1 different foods 1 card each, in directions of the chef's choice."),
    ("knife", "Knife", True, "Remove 1 unoccupied card next to each food (the Fissure of the chef)."),
    ("lid", "Lift the lid", True, "Turn F+1 face-down cards face up without applying them."),
    ("stir", "Stir", True, "Swap 2 unoccupied cards."),
    ("shake", "Shake the pan", True, "Every food is pushed 1 card in one direction chosen by the chef."),
    ("trim", "Trim the edge", True, "Remove every unoccupied card of an outer row or column."),
    ("taste", "Taste test", True, "Discard 1 random card from each of F-1 different foods' hands."),
    ("not_so_fast", "Not so fast!", False, "Reaction, at any time: cancel a card just played by a food."),
)
SK_SKIM: Final = 0
SK_SPATULA: Final = 1
SK_KNIFE: Final = 2
SK_LID: Final = 3
SK_STIR: Final = 4
SK_SHAKE: Final = 5
SK_TRIM: Final = 6
SK_TASTE: Final = 7
SK_REACTION: Final = 8
SKILL_KEY: Final = tuple(s[0] for s in CHEF_SKILLS)
SKILL_NAME: Final = tuple(s[1] for s in CHEF_SKILLS)
SKILL_BY_KEY: Final = {s[0]: i for i, s in enumerate(CHEF_SKILLS)}
GOLDEN = tuple(i for i, s in enumerate(CHEF_SKILLS) if s[2])
assert len(GOLDEN) == GOLDEN_TURNS


def skill_amounts(foods: int) -> dict[int, int]:
    """How many cards, pushes or tastes a scaled skill gives against ``foods`` foods.

    ASSUMPTION (docs/rules/fritanga.md, "Chef balance by player count"): the
    skills grow with the table, as the printed Splatter cards do (one per
    player). With fixed amounts the chef almost never won with 5 to 7 players.
    Counted over the food seats of the table, fried or not, so the amounts
    are public and never change in a game. With 2 foods (3 players) they
    are the amounts of the first version: 2, 1, 3 and 1.
    """
    return {SK_SKIM: foods, SK_SPATULA: foods - 1, SK_LID: foods + 1, SK_TASTE: foods - 1}


def skill_text(skill: int, foods: int) -> str:
    """A skill's effect with its amount for this table, e.g. "Remove 4 unoccupied cards."."""
    n = skill_amounts(foods).get(skill)
    if n is None:
        return CHEF_SKILLS[skill][3]
    if n == 1 and skill in (SK_SPATULA, SK_TASTE):
        return {SK_SPATULA: "Push 1 food 1 card in a direction of the chef's choice.",
                SK_TASTE: "Discard 1 random card from a food's hand."}[skill]
    return {
        SK_SKIM: f"Remove {n} unoccupied cards.",
        SK_SPATULA: f"Push {n} different foods 1 card each, in directions of the chef's choice.",
        SK_LID: f"Turn {n} face-down cards face up without applying them.",
        SK_TASTE: f"Discard 1 random card from each of {n} different foods' hands.",
    }[skill]

MAINTENANCE_CARDS: Final = 3  # RULEBOOK
BREADCRUMB_CARDS: Final = 2  # RULEBOOK
F_RAYS_PEEKS: Final = 2  # RULEBOOK

DIRECTIONS: Final = ("north", "east", "south", "west")
DIR_BY_NAME: Final = {d: i for i, d in enumerate(DIRECTIONS)}
DIR_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, column)

# --- table geometry (ASSUMPTION) ----------------------------------------------
# Free table room kept around the initial grid, in card spaces. The start Fritos
# cards use the first ring; cards can be added or moved up to this far out.
TABLE_MARGIN = 2


def food_seats(mode: int, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if not (mode == CHEF and s == CHEF_SEAT))


BASKETS_PER_PLAYER = 4
PRINTED_BASKETS = 24


def deck_counts(mode: int, players: int) -> list[int]:
    """Cards per kind in the shuffled deck (the start Fritos cards are extra).

    RULEBOOK: 4 baskets per player (every seat, the chef too, as for the other
    "per player" cards; at most the 24 printed: INFERRED, 7 players in Chef mode
    would need 28), 1 of each basic maneuver per player up to 5 each; Versus
    modes: 1 Fritos per 3 players (rounded down) and 1 of each Versus maneuver
    per player up to 5 each; Chef: 1 Splatter per player up to 5.
    """
    per = min(players, 5)
    counts = [0] * NUM_KINDS
    counts[BASKET] = min(BASKETS_PER_PLAYER * players, PRINTED_BASKETS)
    for k in BASIC:
        counts[k] = per
    if mode == CHEF:
        counts[SPLATTER] = per
    else:
        counts[FRITOS] = players // 3
        for k in VERSUS_CARDS:
            counts[k] = per
    return counts


def card_universe(mode: int, players: int) -> list[int]:
    """Every food card in the game: the deck plus one start Fritos per food."""
    counts = deck_counts(mode, players)
    counts[FRITOS] += len(food_seats(mode, players))
    return counts


def grid_shape(cards: int) -> tuple[int, int, int]:
    """(columns, rows, cards in the last row) of the grid "as square as possible".

    ASSUMPTION (rule of thumb for "as square as possible"): ceil(sqrt(N))
    columns, filled row by row; an incomplete last row is centred. Never
    smaller than 3 x 3 (the rulebook minimum; every deck here is larger).
    """
    cols = max(3, math.ceil(math.sqrt(cards)))
    rows = max(3, math.ceil(cards / cols))
    last = cards - cols * (rows - 1)
    return cols, rows, last


# --- state encoding -------------------------------------------------------------
# How the state codes cards, knowledge, statuses and the decision stack (the
# fields themselves: state.py). Shared by rules.py, views.py and policy.py.
FACE_UP: Final = 16
KIND: Final = 15
FRESH: Final = 16
MSHIFT: Final = 5
PUBLIC: Final = 1 << 7  # in a knowledge mask
PUBLIC_CODE: Final = PUBLIC << MSHIFT
ALIVE: Final = 0
OUT: Final = 1
FRIED: Final = 2
CHEF_ROLE: Final = 3
STATUS_NAMES: Final = ("alive", "out", "fried", "chef")

# --- frames ------------------------------------------------------------------
F_START: Final = 0
F_PLAY: Final = 1
F_MOVE: Final = 2
F_LAST: Final = 3
F_FALLEN: Final = 4
F_FRITOS: Final = 5
F_TRAMP: Final = 6
F_BREAD: Final = 7
F_PEEK: Final = 8
F_ELIM: Final = 9
F_MAINT_SRC: Final = 10
F_MAINT_DST: Final = 11
F_UNBAT: Final = 12
F_SWITCH: Final = 13
F_FISSURE: Final = 14
F_COLD: Final = 15
F_NFW: Final = 16
F_CHEF: Final = 17
F_CREACT: Final = 18
F_CREACT_NFW: Final = 19
F_SPLAT: Final = 20
F_SK_REMOVE: Final = 21
F_SK_PUSH_SEAT: Final = 22
F_SK_PUSH_DIR: Final = 23
F_SK_ADJ: Final = 24
F_SK_REVEAL: Final = 25
F_SK_SWAP: Final = 26
F_SK_SHAKE: Final = 27
F_SK_EDGE: Final = 28
F_SK_STEAL: Final = 29
A_END: Final = 40
A_BEGIN: Final = 41
A_BOOM: Final = 42
A_SHAKE: Final = 43
A_ADJ: Final = 44
FIRST_CHEF_FRAME: Final = F_CHEF
FIRST_AUTO: Final = A_END
FRAME_NAMES: Final = {
    F_START: "choose_start", F_PLAY: "play_cards", F_MOVE: "movement", F_LAST: "last_chance",
    F_FALLEN: "fallen", F_FRITOS: "fritos_target", F_TRAMP: "trampoline_target",
    F_BREAD: "breadcrumbs_place", F_PEEK: "f_rays_peek", F_ELIM: "f_rays_eliminate",
    F_MAINT_SRC: "maintenance_take", F_MAINT_DST: "maintenance_place", F_UNBAT: "unbattered_target",
    F_SWITCH: "switch_target", F_FISSURE: "fissure_target", F_COLD: "cold_water_geyser",
    F_NFW: "no_frying_way_window", F_CHEF: "chef_turn", F_CREACT: "chef_reaction_window",
    F_CREACT_NFW: "chef_reaction_window_no_frying_way", F_SPLAT: "splatter_direction",
    F_SK_REMOVE: "skim_remove", F_SK_PUSH_SEAT: "spatula_target", F_SK_PUSH_DIR: "spatula_direction",
    F_SK_ADJ: "knife_remove", F_SK_REVEAL: "lid_reveal", F_SK_SWAP: "stir_swap",
    F_SK_SHAKE: "shake_direction", F_SK_EDGE: "trim_edge", F_SK_STEAL: "taste_target",
    A_END: "end_turn", A_BEGIN: "begin", A_BOOM: "boom_pushes", A_SHAKE: "shake_pushes",
    A_ADJ: "knife_foods",
}
FRAME_BY_NAME = {v: k for k, v in FRAME_NAMES.items()}

# effects waiting behind a No frying way! window: (effect, a, b)
E_PUSH: Final = 0
E_SWITCH: Final = 1
E_STEAL: Final = 2
E_CSTEAL: Final = 3
E_REMOVE: Final = 4
EFFECT_TEXT: Final = ("a push", "a switch", "a steal", "a taste test", "a card removal")


def seat_bit(seat: int) -> int:
    """A seat's bit in a knowledge or seat mask."""
    return 1 << seat
