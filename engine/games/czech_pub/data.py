"""Czech Pub component data as tables.

Sources and labels (see docs/rules/czech-pub.md and
../shared/reference/game-data.md section 3): the beer table, the shot
tables, the die rule, abstinence, the Last Order schedule and the card
effects are DECODED from the rulebook; everything the text leaves out
(deck composition, action costs, the drunkenness track, hand sizes of the
later stages, title thresholds, the non-alcoholic card value) is an
ASSUMPTION and lives in the one table ``ASSUMED`` below, so it can be
replaced if the printed data turns up. At the end: the indices of a state's
phases, card origins, Last Order stages and outs that the rules, views, policy and
renderer share.
"""

from __future__ import annotations

from typing import Any, Final

# --- cards -------------------------------------------------------------------
# Card ids index every per-card table. Orders first, then pub cards, then the
# X cards (played only in other players' turns), then the Last Order card.
# (Final: the compiled build inlines these constants; the tables are declared tuple[int, ...]
# or tuple[str, ...], which it keeps as one tuple object: a literal's fixed-length type would be
# unboxed, and indexed by a variable boxed again at every read)
PIVO: Final = 0
MALE_PIVO: Final = 1
RUM: Final = 2
FERNET: Final = 3
BECHEROVKA: Final = 4
ZELENA: Final = 5
VODKA: Final = 6
CAJ: Final = 7
DEJTE: Final = 8
LICHOCENI: Final = 9
PANAK_DO_PIVA: Final = 10
DAM_SI: Final = 11
URAZKA: Final = 12
TO_JE_MOJE: Final = 13
POJD: Final = 14
RUNDA: Final = 15
RVACKA: Final = 16
TY_UZ: Final = 17
SPLETENA: Final = 18
ZVRHNUTA: Final = 19
BLAZKOVA: Final = 20
TEPLY: Final = 21
MUSIM: Final = 22
POSLEDNI: Final = 23
NUM_CARDS: Final = 24

CARD_ID: Final[tuple[str, ...]] = (  # move and view spelling (ASCII, snake_case)
    "pivo", "male_pivo", "rum", "fernet", "becherovka", "zelena", "vodka", "caj",
    "dejte_mi_to_vsechno", "lichoceni_servirce", "panak_do_piva", "dam_si_to_co_ty",
    "urazka_vrchniho", "to_je_moje_objednavka", "pojd_na_panaka", "runda_dokola", "rvacka",
    "ty_uz_to_nebudes", "spletena_objednavka", "zvrhnuta_sklenice", "blazkova",
    "to_pivo_je_teply", "musim_si_odskocit", "posledni_objednavka",
)
CARD_BY_ID: Final = {name: i for i, name in enumerate(CARD_ID)}
CARD_NAME: Final[tuple[str, ...]] = (  # display names: the Czech card title (English gloss)
    "Pivo (large beer)", "Malé pivo (small beer)", "Rum", "Fernet", "Becherovka", "Zelená", "Vodka",
    "Čaj (non-alcoholic)", "Dejte mi to všechno! (Give me everything!)",
    "Lichocení servírce (Flattery)", "Panák do piva (Shot into a beer)",
    "Dám si to co ty (I'll get the same)", "Urážka vrchního (Insulted bartender)",
    "To je moje objednávka (No, that's mine!)", "Pojď na panáka (Let's do a shot)",
    "Runda dokola (Shots, everyone!)", "Rvačka (Brawl)", "Ty už to nebudeš? (You don't want it anymore?)",
    "Spletená objednávka (Mixed-up order)", "Zvrhnutá sklenice (Spilled glass)", "Blažková",
    "To pivo je teplý (That beer is warm)", "Musím si odskočit (Excuse me)",
    "Poslední objednávka (Last order)",
)
CARD_TEXT: Final[tuple[str, ...]] = (  # what each card does, in a sentence (docs/rules/czech-pub.md; shown by the web app)
    "Order, no action: 1 / 3 / 6 points for 1 / 2 / 3 large beers in a turn.",
    "Order, 1 action: a small beer; with large beers it scores on the \"with one small\" row.",
    "Order, 1 action: a shot of rum, 5 points; drunkenness by the shot kinds you have drunk.",
    "Order, 1 action: a shot of Fernet, 5 points; drunkenness by the shot kinds you have drunk.",
    "Order, 1 action: a shot of Becherovka, 5 points; drunkenness by the shot kinds you have drunk.",
    "Order, 1 action: a shot of Zelená, 5 points; drunkenness by the shot kinds you have drunk.",
    "Order, 1 action: a shot of vodka, 5 points; drunkenness by the shot kinds you have drunk.",
    "Order, 1 action: no alcohol, no points, 1 less drunkenness.",
    "Order, 1 action: a large beer and a shot of your choice.",
    "Pub card, 1 action: counts as a shot of your choice; never cancelled or copied.",
    "Pub card or X card: pour a shot into a beer (your own turn: order a second shot; "
    "someone else's: they get its drunkenness only).",
    "Pub card, the only card of your turn: in the target's next turn you drink what they order.",
    "Pub card: the target may order nothing in their next turn.",
    "Pub card: take a random card from the target's hand.",
    "Pub card: the target discards a shot (and takes its token), a large beer (-2), "
    "a small beer (-3), or loses 5.",
    "Pub card: every other player pays as for Pojď na panáka.",
    "Pub card: a brawl; every player takes a random card from every other.",
    "Pub card: take the top card of the discard pile.",
    "X card, in another's turn: swap an order in front of them for an order from your hand.",
    "X card, in another's turn: cancel one order in front of them.",
    "X card, in another's turn: cancel one order in front of them.",
    "X card, in another's turn: cancel one beer in front of them.",
    "X card: dodge a card aimed at you (pass it to a neighbour) or stay out of a round or brawl.",
    "Drawn from the deck: the last round of orders begins.",
)

# The five shot kinds; shot card id = RUM + kind.
SHOT_KINDS: Final = 5
SHOT_ID: Final[tuple[str, ...]] = ("rum", "fernet", "becherovka", "zelena", "vodka")
SHOT_BY_ID: Final = {name: k for k, name in enumerate(SHOT_ID)}
SHOT_NAME: Final[tuple[str, ...]] = ("Rum", "Fernet", "Becherovka", "Zelená", "Vodka")

IS_SHOT: Final = tuple(RUM <= c <= VODKA for c in range(NUM_CARDS))
IS_BEER: Final = tuple(c in (PIVO, MALE_PIVO) for c in range(NUM_CARDS))
# Orders ("objednávky"): what Urážka vrchního forbids, what X cards can cancel
# or swap, what Dám si to co ty copies.
IS_ORDER: Final = tuple(c <= DEJTE for c in range(NUM_CARDS))
# Cards played in your own turn (everything but the X cards and Last Order;
# Panák do piva is both).
OWN_TURN: Final = tuple(c <= TY_UZ for c in range(NUM_CARDS))
X_CARDS: Final[tuple[int, ...]] = (PANAK_DO_PIVA, SPLETENA, ZVRHNUTA, BLAZKOVA, TEPLY, MUSIM)
TARGETED: Final[tuple[int, ...]] = (DAM_SI, URAZKA, TO_JE_MOJE, POJD)  # single-target own-turn cards (redirectable)
MASS: Final[tuple[int, ...]] = (RUNDA, RVACKA)  # mass cards (Musím si odskočit: unaffected)
CANCEL_ORDER: Final[tuple[int, ...]] = (ZVRHNUTA, BLAZKOVA)  # the same effect under two names (see ASSUMED)

# --- DECODED tables ------------------------------------------------------------
# Beer table (rulebook; game-data 3.1), index = beers this turn (0..3).
LARGE_POINTS: Final[tuple[int, ...]] = (0, 1, 3, 6)
LARGE_DRUNK: Final[tuple[int, ...]] = (0, 0, 1, 3)
SMALL_POINTS: Final[tuple[int, ...]] = (0, 0, 2, 5)  # "with one small"
SMALL_DRUNK: Final[tuple[int, ...]] = (0, 0, 0, 1)
SHOT_POINTS: Final = 5  # "Za panáka je vždy 5"
# Drunkenness of every shot by the number of kinds drunk so far, this turn included.
KIND_DRUNK: Final[tuple[int, ...]] = (0, 1, 2, 2, 3, 4)
# Final bonus by the number of kinds drunk in the game.
KIND_BONUS: Final[tuple[int, ...]] = (0, 1, 3, 6, 10, 15)
ACTIONS_PER_TURN: Final = 3
MAX_BEERS: Final = 3
MAX_SMALL_BEERS: Final = 1
MAX_SHOTS: Final = 1
# Pojď na panáka / Runda dokola: points lost for each way to pay.
POJD_BEER: Final = -2
POJD_SMALL: Final = -3
POJD_NOTHING: Final = -5
# Abstinence: points for the first and second abstinence in a row (the third
# throws you out); one cell back plus one per non-alcoholic order.
ABSTINENCE_POINTS: Final[tuple[int, ...]] = (-1, -3)
# Last Order: (the reshuffle that adds it, into the first half?) by player count.
LAST_ORDER_AT: Final = {3: (1, True), 4: (1, False), 5: (2, True), 6: (2, False)}

# --- ASSUMPTION table (game-data 3.1-3.3; replace if the printed data turns up) ---
ASSUMED: Final[dict[str, Any]] = {
    # 108 cards + Poslední objednávka. game-data's list ("3 each of five kinds,
    # 2 of the others") adds to 35 pub cards, not its stated 40: ten kinds get 3.
    # The second non-alcoholic card is unnamed and assumed equal to Čaj: merged.
    "deck": {
        "pivo": 20, "male_pivo": 10,
        "rum": 6, "fernet": 6, "becherovka": 6, "zelena": 6, "vodka": 6,
        "caj": 8,
        "musim_si_odskocit": 3, "zvrhnuta_sklenice": 3, "blazkova": 3, "panak_do_piva": 3,
        "lichoceni_servirce": 3, "pojd_na_panaka": 3, "spletena_objednavka": 3,
        "to_pivo_je_teply": 3, "to_je_moje_objednavka": 3, "urazka_vrchniho": 3,
        "dam_si_to_co_ty": 2, "runda_dokola": 2, "rvacka": 2, "ty_uz_to_nebudes": 2,
        "dejte_mi_to_vsechno": 2,
    },
    # Actions to play a card in your own turn. Large beer 0 and small beer 1
    # are DECODED; the rest is assumed (X cards are played outside your turn).
    "action_cost": {
        "pivo": 0, "male_pivo": 1, "rum": 1, "fernet": 1, "becherovka": 1, "zelena": 1,
        "vodka": 1, "caj": 1, "dejte_mi_to_vsechno": 1, "lichoceni_servirce": 1,
        "panak_do_piva": 1, "dam_si_to_co_ty": 1, "urazka_vrchniho": 1,
        "to_je_moje_objednavka": 1, "pojd_na_panaka": 1, "runda_dokola": 1, "rvacka": 1,
        "ty_uz_to_nebudes": 1,
    },
    # A non-alcoholic order outside abstinence: points and drunkenness.
    "nealko_points": 0,
    "nealko_drunkenness": -1,
    # The drunkenness track: printed cell values per stage (rows get shorter).
    # Karel's example needs consecutive cells -1, 0, 1, 2 in one row.
    "track": ((-2, -1, 0, 1, 2, 3, 4, 5), (-1, 0, 1, 2, 3, 4), (0, 1, 2, 3), (1, 2)),
    # Hand size by stage: 7 (the deal) INFERRED, 6 DECODED (Mojmír), 5 and 4 assumed.
    "hand_size": (7, 6, 5, 4),
    # Titles (display only): (points needed, tokens available).
    "titles": ((15, 4), (30, 3), (45, 2), (60, 1)),
}

COPIES: Final[tuple[int, ...]] = tuple(ASSUMED["deck"].get(CARD_ID[c], 0) for c in range(NUM_CARDS))
COST: Final[tuple[int, ...]] = tuple(ASSUMED["action_cost"].get(CARD_ID[c], 0) for c in range(NUM_CARDS))
NEALKO_POINTS: Final[int] = ASSUMED["nealko_points"]
NEALKO_DRUNK: Final[int] = ASSUMED["nealko_drunkenness"]
TRACK: Final[tuple[tuple[int, ...], ...]] = ASSUMED["track"]
STAGES: Final = len(TRACK)
ROW_LEN: Final = tuple(len(row) for row in TRACK)
HAND_SIZE: Final[tuple[int, ...]] = ASSUMED["hand_size"]
TITLE_POINTS: Final[tuple[int, ...]] = tuple(t[0] for t in ASSUMED["titles"])
TITLE_TOKENS: Final[tuple[int, ...]] = tuple(t[1] for t in ASSUMED["titles"])


# --- state indices (shared by the rules, the views, the policy and the renderer) ---
PLAY: Final = 0
DISCARD: Final = 1
WINDOW: Final = 2
RESPOND: Final = 3
ROUND: Final = 4
BRAWL: Final = 5
OVER: Final = 6
PHASE_NAME: Final[tuple[str, ...]] = ("play", "abstinence_discard", "reaction_window", "target_response",
              "round_response", "brawl_response", "game_over")
PHASE_BY_NAME: Final = {name: i for i, name in enumerate(PHASE_NAME)}

# Where a card in front of the active player came from.
OWN: Final = 0
SLIPPED: Final = 1
SUPPLIED: Final = 2
FOREIGN: Final = 3
ORIGIN_NAME: Final[tuple[str, ...]] = ("own", "slipped_in", "supplied", "opponent_card")
ORIGIN_BY_NAME: Final = {name: i for i, name in enumerate(ORIGIN_NAME)}

LO_ASIDE: Final = 0
LO_IN_DECK: Final = 1
LO_DRAWN: Final = 2
LO_NAME: Final[tuple[str, ...]] = ("set_aside", "in_deck", "drawn")
LO_BY_NAME: Final = {name: i for i, name in enumerate(LO_NAME)}

IN: Final = 0
OUT_DRUNK: Final = 1
OUT_THROWN: Final = 2
OUT_NAME: Final[tuple[str, ...]] = ("", "drunk", "thrown_out")
OUT_BY_NAME: Final = {name: i for i, name in enumerate(OUT_NAME)}

POPCOUNT: Final = tuple(bin(i).count("1") for i in range(1 << SHOT_KINDS))  # shot kinds in a token mask


def _card_list() -> list[int]:
    deck = []
    for card in range(NUM_CARDS):
        deck.extend([card] * COPIES[card])
    return deck


# made once: a deal (a new game per playout, per ``from_view``) copies it rather than building it
# from ``COPIES`` again (a list per card kind: 24,000 instructions a deal compiled)
FULL_DECK: Final[tuple[int, ...]] = tuple(_card_list())


def full_deck() -> list[int]:
    """The 108 playing cards (without Poslední objednávka), in id order."""
    return list(FULL_DECK)


def beer_score(beers: int, smalls: int) -> tuple[int, int]:
    """(points, drunkenness) for this turn's beers; +1/+1 per beer beyond three.

    Two or more small beers (only possible with Spletená objednávka) use the
    "with one small" row (ASSUMPTION).
    """
    extra = beers - 3 if beers > 3 else 0
    b = beers - extra
    if smalls:
        return SMALL_POINTS[b] + extra, SMALL_DRUNK[b] + extra
    return LARGE_POINTS[b] + extra, LARGE_DRUNK[b] + extra


def cells_moved(total: int, roll: int) -> int:
    """Cells forward on the drunkenness track for a roll against a total."""
    if roll >= total:
        return 1
    short = total - roll
    return 3 + (short - 1) // 3
