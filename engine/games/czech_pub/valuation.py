"""The greedy bot's values (policy.py), apart from the state: what drinking costs and gains
(``drink_value_at``), what a card in hand is worth keeping (``keep_value``), and what a seat's
passes on reaction windows say it does not hold (``unlikely_in``).

The world sampling (``CzechPubState.sample_for`` in rules.py) deals those cards less often, so
rules.py imports this module, which therefore works from plain values, never from a state.
"""

from __future__ import annotations

import math
from typing import Final

from . import data as D
from .data import (
    BLAZKOVA, CAJ, DAM_SI, DEJTE, IS_ORDER, IS_SHOT, LICHOCENI, MALE_PIVO, MUSIM, OWN, PANAK_DO_PIVA, PIVO,
    POJD, POPCOUNT, RUNDA, RVACKA, SPLETENA, TEPLY, TO_JE_MOJE, TY_UZ, URAZKA, ZVRHNUTA,
)
from .drinks import Entry, Pass, score_table

CELL_COST: Final = 1.2
PAUSE_COST: Final = 6.0
OUT_COST: Final = 30.0
REACT_THRESHOLD: Final = 3.0
# How much a card in hand is worth keeping (for discards and payments).
KEEP: Final = {PIVO: 2.0, MALE_PIVO: 1.0, CAJ: 0.2, DEJTE: 3.0, LICHOCENI: 4.0, PANAK_DO_PIVA: 2.0,
               DAM_SI: 1.0, URAZKA: 1.5, TO_JE_MOJE: 1.5, POJD: 2.0, RUNDA: 2.5, RVACKA: 0.5, TY_UZ: 0.8,
               SPLETENA: 2.0, ZVRHNUTA: 2.0, BLAZKOVA: 2.0, TEPLY: 1.2, MUSIM: 1.5}
SHOT_KEEP: Final = 3.0
# keep_value by card, a table (an indexed tuple read, not a dict lookup on the greedy bot's path)
_KEEP_VALUE: Final[tuple[float, ...]] = tuple(SHOT_KEEP if IS_SHOT[c] else KEEP.get(c, 0.5) for c in range(D.NUM_CARDS))


def keep_value(card: int) -> float:
    return _KEEP_VALUE[card]


def _roll_cost(stage: int, cell: int, total: int) -> float:
    room = D.ROW_LEN[stage] - cell  # cells until running off the row
    cost = 0.0
    for roll in range(1, 7):
        moved = D.cells_moved(total, roll)
        if moved >= room:
            cost += room * CELL_COST + (OUT_COST if stage == D.STAGES - 1 else PAUSE_COST)
        else:
            cost += moved * CELL_COST
    return cost / 6.0


# memo of _roll_cost, keyed by total * 32 + stage * 8 + cell (a row is at most 8 cells, 4 stages)
_RISK: Final[dict[int, float]] = {}


def risk(last_round: bool, stage: int, cell: int, total: int) -> float:
    """Expected cost of the drunkenness roll at ``stage``/``cell`` against ``total`` (memoised)."""
    if last_round:
        return 0.0
    key = total * 32 + stage * 8 + cell
    cost = _RISK.get(key)
    if cost is None:
        cost = _RISK[key] = _roll_cost(stage, cell, total)
    return cost


def _abstain_value(level: int, cell: int, nealko: int, insulted: bool) -> float:
    if level >= 2 and not insulted:
        return -OUT_COST - 10.0
    points = D.ABSTINENCE_POINTS[min(level, 1)]
    back = min(1 + nealko, cell)
    return points + back * CELL_COST * 0.8 - 2.0 * level


def drink_value_at(tokens: int, stage: int, cell: int, abst: int, last_round: bool, table: list[Entry],
                   insulted: bool = False, ordered_alcohol: bool = False) -> float:
    """Value of drinking what ``table`` delivers (``drinks.delivered_items``) now for a seat with
    these shot ``tokens``, track position and abstinence level (points minus expected roll cost);
    with nothing alcoholic to drink, an abstinence unless the seat ordered alcohol this turn."""
    alcohol, nealko, points, drunk, after = score_table(tokens, table)
    if not alcohol:
        return 0.0 if ordered_alcohol else _abstain_value(abst, cell, nealko, insulted)
    total = drunk + D.TRACK[stage][cell]
    bonus = D.KIND_BONUS[POPCOUNT[after]] - D.KIND_BONUS[POPCOUNT[tokens]]
    return points + 0.8 * bonus - risk(last_round, stage, cell, total)


def lead_factor(lead: int) -> float:
    """Hurting a seat counts more the better it stands against me (``lead``: its points minus mine)."""
    return max(0.5, min(2.0, 1.0 + lead / 30.0))


def replace_factor(table: list[Entry], hand_count: int) -> float:
    """After a reaction the active player may play on: replaceable losses count less."""
    return 0.5 if remaining_actions(table) > 0 and hand_count > 2 else 1.0


def remaining_actions(table: list[Entry]) -> int:
    spent = 0
    for e in table:
        if e[2] == OWN:
            spent += D.COST[e[0]]
    return D.ACTIONS_PER_TURN - spent


# --- what passes say about hands ------------------------------------------------------
# The greedy bot cancels an order whenever that gains it more than REACT_THRESHOLD (at a tie
# it declines: ``policy._choose_reaction``'s strict comparison, which this model follows), and the
# searching bots nearly always do too (research/czech_pub_passes.py measures it); a seat that
# passed on such a window probably holds no card that could have cancelled it. A card of
# such a kind is dealt to it in a sampled world with this weight, against 1 for the others.
UNLIKELY_WEIGHT: Final = 0.05
CANCELLERS: Final[tuple[int, ...]] = (ZVRHNUTA, BLAZKOVA, TEPLY)


def cancel_gain(record: Pass, card: int) -> float:
    """What cancelling the best order (a beer for To pivo je teplý) on the table of a pass
    (a ``drinks.Pass``) with ``card`` would have gained the seat that passed, as the greedy bot
    counts it when it decides (``policy._choose_reaction``); -inf where the card had no target."""
    table: list[Entry] = list(record.table)  # a list, which the compiled build walks without the iterator protocol
    wanted = D.IS_BEER if card == TEPLY else IS_ORDER
    slots = [s for s, e in enumerate(table) if wanted[e[0]]]
    if not slots:
        return -math.inf
    tokens = record.tokens
    stage = record.stage
    cell = record.cell
    abst = record.abstinence
    last = record.last_round
    insulted = record.insults > 0
    ordered = record.alcohol_played
    before = drink_value_at(tokens, stage, cell, abst, last, table, insulted, ordered)
    worst = min(drink_value_at(tokens, stage, cell, abst, last, table[:s] + table[s + 1:], insulted, ordered)
                for s in slots)
    factor = replace_factor(table, record.hand_count) * lead_factor(record.lead)
    return (before - worst) * factor - 0.5 * keep_value(card)


def unlikely_in(passes: Pass | None) -> frozenset[int]:
    """The cancel cards a seat's passes (``state.passes[seat]``, the newest of its chain) say it
    probably does not hold."""
    out: set[int] = set()
    record = passes
    while record is not None:
        for card in CANCELLERS:
            if card not in out and cancel_gain(record, card) > REACT_THRESHOLD:
                out.add(card)
        record = record.prev
    return frozenset(out)
