"""Frogriders component data as tables.

Sources and labels (see docs/rules/frogriders.md and
../shared/reference/game-data.md section 1): unit counts and the privilege
card list are from the rulebook; the pond shape is INFERRED; flower
positions, the set cards and the public score cards are ASSUMPTIONS kept
here in one place so they can be replaced if the printed data turns up.
"""

from __future__ import annotations

import functools
from typing import Final

# Unit colours. 0 is an empty space; the values index per-colour count lists.
# (Final: the compiled build inlines these constants; the tables' types are declared, since mypyc
# would unbox a table inferred as a fixed-length tuple and box it again at each read; docs/performance.md)
EMPTY: Final = 0
YELLOW: Final = 1
RED: Final = 2
BLUE: Final = 3
BROWN: Final = 4
COLOURS: Final[tuple[int, ...]] = (YELLOW, RED, BLUE, BROWN)
COLOUR_NAME: Final[dict[int, str]] = {YELLOW: "yellow", RED: "red", BLUE: "blue", BROWN: "brown"}
COLOUR_BY_NAME: Final[dict[str, int]] = {v: k for k, v in COLOUR_NAME.items()}

RETURNABLE: Final[tuple[int, ...]] = (RED, YELLOW, BLUE)  # brown can never be returned

# Turn phases (the state's ``phase``) and their names in views.
SETUP: Final = 0
LEAP: Final = 1
PHASE_B: Final = 2
TAKE_UNIT: Final = 3
TAKE_PRIVILEGE: Final = 4
SECOND_LEAP: Final = 5
OVER: Final = 6
PHASE_NAME: Final[tuple[str, ...]] = ("choose_set_card", "leap", "return_unit", "take_unit", "take_privilege", "second_leap", "game_over")
PHASE_BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(PHASE_NAME)}
NO_CARD: Final = -1  # no set card kept yet, an empty display slot

UNITS: Final[dict[int, int]] = {YELLOW: 10, RED: 11, BLUE: 14, BROWN: 21}  # rulebook: 56 units
REMOVED_TWO_PLAYERS: Final[dict[int, int]] = {YELLOW: 3, RED: 4, BLUE: 5, BROWN: 8}  # rulebook

# The pond (INFERRED shape, ASSUMPTION flowers).
#   .  no space   D dark-green edge (off limits with 2 players)
#   o  pond space F flower space    Y yellow centre (empty at the start)
POND: Final[tuple[str, ...]] = (
    "...DDD...",
    "..DoFoD..",
    ".DFoooFD.",
    "DooFoFooD",
    "DFooYooFD",
    "DooFoFooD",
    ".DFoooFD.",
    "..DoFoD..",
    "...DDD...",
)
SIZE: Final = 9


CELL_NAMES: Final[tuple[str, ...]] = tuple(f"{'abcdefghi'[col]}{row + 1}" for row in range(SIZE) for col in range(SIZE))


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell]


# --- privilege cards --------------------------------------------------------
# kind: (name, group, trophies on the card, copies printed on the card)
# "trophies" is the dark number scored in any case; green cards score only
# their white per-requirement number, handled in scoring.
PRIVILEGE_KINDS: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("extra_red", "turquoise", -2, 1),
    ("extra_yellow", "turquoise", -2, 1),
    ("extra_blue", "turquoise", -2, 1),
    ("diagonal_leap", "orange", 2, 2),
    ("l_shaped_leap", "orange", 2, 2),
    ("run_up", "orange", 3, 2),
    ("no_ability", "none", 4, 2),
    ("collect_either", "purple", 2, 2),
    ("flower", "purple", 1, 3),
    ("per_brown", "green", 0, 3),
    ("per_two_privileges", "green", 0, 3),
    ("per_unit_privilege_pair", "green", 0, 3),
    ("fewest_privileges_5", "blue", 2, 1),
    ("fewest_units_5", "blue", 2, 1),
    ("fewest_units_3", "blue", 3, 1),
)
PRIVILEGE_ID: Final[dict[str, int]] = {kind[0]: i for i, kind in enumerate(PRIVILEGE_KINDS)}
# the kinds' ids, in the table's order
P_EXTRA_RED: Final = 0
P_EXTRA_YELLOW: Final = 1
P_EXTRA_BLUE: Final = 2
P_DIAGONAL: Final = 3
P_L_SHAPED: Final = 4
P_RUN_UP: Final = 5
P_NO_ABILITY: Final = 6
P_COLLECT_EITHER: Final = 7
P_FLOWER: Final = 8
P_PER_BROWN: Final = 9
P_PER_TWO_PRIVILEGES: Final = 10
P_PER_PAIR: Final = 11
P_FEWEST_PRIVILEGES_5: Final = 12
P_FEWEST_UNITS_5: Final = 13
P_FEWEST_UNITS_3: Final = 14
assert [kind[0] for kind in PRIVILEGE_KINDS][P_FEWEST_UNITS_3] == "fewest_units_3"
# the trophies printed on each kind (PRIVILEGE_KINDS' third column), read by the scoring
PRIVILEGE_TROPHIES: Final[tuple[int, ...]] = tuple(kind[2] for kind in PRIVILEGE_KINDS)

# Turquoise cards: the colour and number of extra units they depict.
EXTRA_UNITS: Final[dict[int, tuple[int, int]]] = {P_EXTRA_RED: (RED, 2), P_EXTRA_YELLOW: (YELLOW, 2), P_EXTRA_BLUE: (BLUE, 2)}
ORANGE: Final[tuple[int, ...]] = (P_DIAGONAL, P_L_SHAPED, P_RUN_UP)

PRIVILEGE_TEXT: Final[dict[str, str]] = {
    "extra_red": "2 extra red units (-2)",
    "extra_yellow": "2 extra yellow units (-2)",
    "extra_blue": "2 extra blue units (-2)",
    "diagonal_leap": "Diagonal leap (2)",
    "l_shaped_leap": "L-shaped leap (2)",
    "run_up": "Run-up (3)",
    "no_ability": "No ability (4)",
    "collect_either": "Collect either unit (2)",
    "flower": "Flower +1 (1)",
    "per_brown": "1 per brown unit",
    "per_two_privileges": "2 per 2 privilege cards",
    "per_unit_privilege_pair": "1 per unit + privilege pair",
    "fewest_privileges_5": "Fewest privilege cards +5 (2)",
    "fewest_units_5": "Fewest units +5 (2)",
    "fewest_units_3": "Fewest units +3 (3)",
}

# What each privilege card does, as the rulebook's overview says it (for players' screens).
PRIVILEGE_RULE: Final[dict[str, str]] = {
    "extra_red": "Counts as 2 more red units for set and score cards (not for privilege cards nor the tie); "
                 "-2 trophy points at the end.",
    "extra_yellow": "Counts as 2 more yellow units for set and score cards (not for privilege cards nor the tie); "
                    "-2 trophy points at the end.",
    "extra_blue": "Counts as 2 more blue units for set and score cards (not for privilege cards nor the tie); "
                  "-2 trophy points at the end.",
    "diagonal_leap": "You may leap over a unit diagonally. One improved leap per leap.",
    "l_shaped_leap": "You may leap in an L: land left or right of the unit leapt over. One improved leap per leap.",
    "run_up": "Before a leap, the unit may first move any number of empty spaces forward. One improved leap per leap.",
    "no_ability": "No ability: its trophy points only.",
    "collect_either": "After a leap, collect either the unit leapt over or the one that leapt.",
    "flower": "When your leaping unit lands on a flower, gain 1 trophy point at once (each copy).",
    "per_brown": "At the end, 1 trophy point for each brown unit you own.",
    "per_two_privileges": "At the end, 2 trophy points for every 2 privilege cards you own (this one included).",
    "per_unit_privilege_pair": "At the end, 1 trophy point for each pair of one unit and one privilege card you own.",
    "fewest_privileges_5": "At the end, +5 if you own fewer privilege cards than every other player (a tie is not enough).",
    "fewest_units_5": "At the end, +5 if you own fewer units than every other player (a tie is not enough).",
    "fewest_units_3": "At the end, +3 if you own fewer units than every other player (a tie is not enough).",
}

# The rulebook's per-card counts add to 28; its component list says 24.
# "28" (default) builds the stack from the printed per-card counts.
# "24" follows the component list by cutting Flower and "2 per 2 privilege
# cards" from three copies to one each (ASSUMPTION, see the rules doc).
PRIVILEGE_DECK_CUTS: Final[dict[str, dict[int, int]]] = {"28": {}, "24": {P_FLOWER: 1, P_PER_TWO_PRIVILEGES: 1}}


def _privilege_deck(variant: str) -> tuple[int, ...]:
    cuts = PRIVILEGE_DECK_CUTS[variant]
    deck: list[int] = []
    for kind, (_, _, _, copies) in enumerate(PRIVILEGE_KINDS):
        deck.extend([kind] * cuts.get(kind, copies))
    return tuple(deck)


# each variant's deck, built once (a deal copies it: every random playout deals a game)
PRIVILEGE_DECKS: Final[dict[str, tuple[int, ...]]] = {variant: _privilege_deck(variant)
                                                      for variant in PRIVILEGE_DECK_CUTS}


def privilege_deck(variant: str) -> list[int]:
    """The privilege cards of the variant's deck, unshuffled (a new list)."""
    return list(PRIVILEGE_DECKS[variant])


# --- set cards ---------------------------------------------------------------
# A set: units needed per colour (yellow, red, blue, brown) or "any" units,
# and the trophy points per complete set (white number).
# (yellow, red, blue, brown, any, points)
PRIVATE_SET_CARDS: Final[tuple[tuple[int, ...], ...]] = (  # ASSUMPTION (game-data.md 1.3)
    (0, 2, 0, 0, 0, 5),
    (0, 0, 0, 0, 5, 5),
    (2, 0, 0, 0, 0, 5),
    (0, 0, 2, 0, 0, 4),
    (0, 0, 0, 3, 0, 3),
    (1, 1, 1, 0, 0, 6),
    (0, 1, 1, 1, 0, 4),
    (1, 0, 1, 1, 0, 4),
    (0, 2, 0, 1, 0, 5),
    (2, 0, 0, 1, 0, 5),
)

# Public score cards: a front (set, white border) and a back (blue border).
# Back kinds: ("flower",), ("brown_majority",), ("privilege_majority",),
# ("two_colours", colour_a, colour_b).
PUBLIC_CARDS: Final[tuple[tuple[tuple[int, ...], tuple], ...]] = (  # fronts: ASSUMPTION (rajpoot list); backs: rulebook kinds, pairing ASSUMED
    ((0, 1, 1, 0, 0, 3), ("flower",)),
    ((0, 1, 0, 1, 0, 2), ("brown_majority",)),
    ((0, 0, 0, 0, 5, 5), ("privilege_majority",)),
    ((1, 1, 0, 0, 0, 3), ("two_colours", RED, BLUE)),
    ((1, 0, 0, 1, 0, 2), ("two_colours", RED, YELLOW)),
    ((0, 0, 1, 1, 0, 2), ("two_colours", BLUE, YELLOW)),
)
MAJORITY_POINTS: Final[dict[str, tuple[int, int]]] = {"brown_majority": (6, 3), "two_colours": (6, 3), "privilege_majority": (4, 2)}


@functools.cache  # a pure function of a few dozen printed cards; every view shows some
def set_text(card: tuple) -> str:
    yellow, red, blue, brown, any_, points = card
    parts = [f"{n} {COLOUR_NAME[c]}" for c, n in zip(COLOURS, (yellow, red, blue, brown)) if n]
    if any_:
        parts.append(f"{any_} any")
    return f"{points} per {' + '.join(parts)}"


@functools.cache
def back_text(back: tuple) -> str:
    if back[0] == "two_colours":
        return f"most {COLOUR_NAME[back[1]]} + {COLOUR_NAME[back[2]]}: 6 (tie 3)"
    return {"flower": "flower: +1 per landing on a flower",
            "brown_majority": "most brown: 6 (tie 3)",
            "privilege_majority": "most privilege cards: 4 (tie 2)"}[back[0]]
