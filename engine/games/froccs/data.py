"""Fröccs component data as tables.

Sources and labels (see docs/rules/froccs.md and
../shared/reference/game-data.md section 2): the deck's wine, soda and
"This is for you!" counts, the glass prices, the end-game values and the
bargaining limits are from the rulebook; the drinks-menu prices, the glass
split and the mischief split are ASSUMPTIONS, kept together in the
``ASSUMED`` block below so they can be replaced if the printed data turns up.
"""

from __future__ import annotations

from typing import Any, Final

# --- spritzer cards -----------------------------------------------------------
ZV: Final = 0
SZ: Final = 1
SM: Final = 2
SODA: Final = 3
TIFY: Final = 4
ZK: Final = 5
KL: Final = 6
BV: Final = 7
PT: Final = 8
CARD_NAMES: Final[tuple[str, ...]] = (
    "zold_veltelini", "szurkebarat", "sargamuskotaly", "soda", "this_is_for_you",
    "zsiros_kenyer", "kilottyintes", "borravalo", "pohartores",
)
CARD_TITLES: Final[tuple[str, ...]] = (
    "Zöld Veltelini", "Szürkebarát", "Sárgamuskotály", "soda", "\"This is for you!\"",
    "Zsíros kenyér", "Kilöttyintés", "Borravaló", "Pohártörés",
)
CARD_ID: Final[dict[str, int]] = {name: i for i, name in enumerate(CARD_NAMES)}
NUM_CARDS: Final = 9
WINES: Final[tuple[int, ...]] = (ZV, SZ, SM)  # most valuable first: a lower id is a better wine
DRINKS: Final[tuple[int, ...]] = (ZV, SZ, SM, SODA)
MISCHIEF: Final[tuple[int, ...]] = (ZK, KL, BV, PT)
MISCHIEF_TEXT = {
    ZK: "-1 dl wine",
    KL: "-1 dl soda",
    BV: "-20 forints",
    PT: "-1 empty glass",
}
# Hollósi elvtárs may use any mischief card as one of these (rulebook).
HOLLOSI_EFFECTS: Final[tuple[int, ...]] = (ZK, KL, PT)

# --- glasses ------------------------------------------------------------------
GLASS_SIZES: Final[tuple[int, ...]] = (2, 3, 5)
SIZE_INDEX: Final[dict[int, int]] = {2: 0, 3: 1, 5: 2}
STARTING_GLASSES: Final[tuple[int, ...]] = (2, 3)  # every player: one 2 dl and one 3 dl glass (rulebook)
COUNTER_SIZE: Final = 3  # face-up glasses at the tavern counter (rulebook)
MAX_GLASSES: Final = 3  # rulebook

# --- rulebook numbers -----------------------------------------------------------
HAND_START: Final = 5
GLASS_PRICE_ONE: Final = 10
GLASS_PRICE_TWO: Final = 40
POHARNOK_PRICE_TWO: Final = 20
END_FINISHED: Final = 20  # forints per finished spritzer at the end
END_PARTIAL: Final = 10  # forints per glass with cards that is not finished
BORRAVALO_AMOUNT: Final = 20
BORRAVALO_MIN_MONEY: Final = 30  # ... or at least one glass
POHARTORES_MIN_MONEY: Final = 10
FRED_SIEVE_DL: Final = 5  # Mélyivő Fred and Sommelier Pityu: at least 5 dl sold in one action
PITYU_BONUS: Final = 10
KARESZ_FEE: Final = 10
HAND_IN_LIMIT: Final = 2  # bargain: at most 2 cards into any one player's hand
GLASS_IN_LIMIT: Final = 1  # bargain: at most 1 card into any one player's glasses
ROUND_TARGET: Final = 40  # One More Round: pledges needed
ROUND_AMOUNTS: Final[tuple[int, ...]] = (10, 20, 30, 40)
TWO_PLAYER_DRAW: Final = 3  # draw 3, keep 2, discard 1

# --- ASSUMED: not printed in the rulebook (game-data.md 2.1-2.3, and the engine's
# own bounds for bargaining). Replace these tables if the printed data turns up.
ASSUMED: Final[dict[str, Any]] = {
    # 19 mischief cards split by type (game-data.md 2.3)
    "mischief_split": {ZK: 5, KL: 5, PT: 5, BV: 4},
    # 26 glass cards by size (game-data.md 2.2)
    "glass_split": {2: 10, 3: 10, 5: 6},
    # drinks menu: price = 10 * (wine_dl * factor + soda_dl) (game-data.md 2.1)
    "wine_factor": {ZV: 4, SZ: 3, SM: 2},
    # bargaining bounds so that every offer is a short sequence of small steps
    "offer_money_cap": 100,  # one money component per offer, 10..100 in steps of 10
    "offer_turns": 3,  # at most three proposal turns per mischief card: target, attacker, target
    "side_offer_amounts": (10, 20, 30),  # a third party's money offer
    "starting_money": 0,  # the rulebook's setup gives no coins
}

DECK_COUNTS: Final[tuple[int, ...]] = (10, 16, 22, 35, 4) + tuple(ASSUMED["mischief_split"][c] for c in MISCHIEF)
assert sum(DECK_COUNTS) == 106
GLASS_COUNTS: Final[tuple[int, ...]] = tuple(ASSUMED["glass_split"][s] for s in GLASS_SIZES)
assert sum(GLASS_COUNTS) == 26
OFFER_MONEY_CAP: Final[int] = ASSUMED["offer_money_cap"]
OFFER_TURNS: Final[int] = ASSUMED["offer_turns"]
SIDE_OFFER_AMOUNTS: Final[tuple[int, ...]] = ASSUMED["side_offer_amounts"]
STARTING_MONEY: Final[int] = ASSUMED["starting_money"]

# The drinks menu: (glass size, wine cards) -> price by wine (ZV, SZ, SM).
# The seven mixes are INFERRED from the rules (at least one wine and one soda);
# the prices are the ASSUMED formula above, written out as the printed card would be.
MIXES: Final[tuple[tuple[int, int], ...]] = ((2, 1), (3, 2), (3, 1), (5, 4), (5, 3), (5, 2), (5, 1))
MIX_NAMES = {
    (2, 1): "kisfröccs", (3, 2): "nagyfröccs", (3, 1): "hosszúlépés", (5, 4): "háziúr",
    (5, 3): "házmester", (5, 2): "viceházmester", (5, 1): "sportfröccs",
}
PRICES: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    (size, wine): tuple(10 * (wine * ASSUMED["wine_factor"][w] + size - wine) for w in WINES)
    for size, wine in MIXES
}

# --- tavern heroes -------------------------------------------------------------
HEROES = (
    ("melyivo_fred", "Mélyivő Fred"),
    ("lottyintos", "Löttyintős"),
    ("kiw_evi", "Kiw Évi"),
    ("poharnok", "Pohárnok"),
    ("recycle_bela", "Recycle Béla"),
    ("sarki_jezus", "Sarki Jézus"),
    ("sommelier_pityu", "Sommelier Pityu"),
    ("vizkopo_karesz", "Vízköpő Karesz"),
    ("boske", "Böske, a Rettentő"),
    ("hollosi_elvtars", "Hollósi elvtárs"),
    ("buzgomocsing", "Buzgómócsing"),
    ("icuka", "Icuka"),
)
HERO_ID: Final[dict[str, int]] = {name: i for i, (name, _) in enumerate(HEROES)}
FRED: Final = 0
LOTTY: Final = 1
KIW: Final = 2
POHARNOK: Final = 3
BELA: Final = 4
SARKI: Final = 5
PITYU: Final = 6
KARESZ: Final = 7
BOSKE: Final = 8
HOLLOSI: Final = 9
BUZGO: Final = 10
ICUKA: Final = 11
NO_HERO: Final = -1
# Put back in the box for the first game and for 2 players (rulebook).
ADVANCED_HEROES: Final[tuple[int, ...]] = (BUZGO, ICUKA, HOLLOSI, BOSKE)
BASIC_HEROES: Final[tuple[int, ...]] = tuple(h for h in range(len(HEROES)) if h not in ADVANCED_HEROES)
HERO_TEXT = {
    FRED: "sell at least 5 dl in one action: take the smallest glass from the counter",
    LOTTY: "once per turn move two cards between own glasses",
    KIW: "glasses may hold two wines; they sell at the better wine's price",
    POHARNOK: "two glasses at once cost 20",
    BELA: "once per turn, when drawing, take one wine from the discard pile instead of one card",
    SARKI: "when selling, convert one wine into soda or one soda into wine per glass",
    PITYU: "sell at least 5 dl in one action: +10 per 3 dl and 5 dl spritzer sold",
    KARESZ: "when selling, for 10 forints pour 1 soda into every spritzer missing only 1 dl",
    BOSKE: "fend off a mischief card by losing a random hand card",
    HOLLOSI: "use any mischief card as Zsíros kenyér, Kilöttyintés or Pohártörés",
    BUZGO: "discard a wine for 3 actions this turn, all of different types",
    ICUKA: "discard a card to sell as the second action",
}



def hero_pool(cfg: dict) -> tuple[int, ...]:
    """The heroes a game deals from: the basic eight for 2 players and the first game."""
    return BASIC_HEROES if cfg["players"] == 2 or cfg["heroes"] == "first_game" else tuple(range(len(HEROES)))


# Action types (bits of the per-turn "types used" mask).
SELL: Final = 1
DRAW: Final = 2
BUY: Final = 4
PLAY: Final = 8
ACTION_NAMES = {SELL: "sell", DRAW: "draw", BUY: "buy", PLAY: "play"}
