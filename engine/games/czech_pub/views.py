"""Czech Pub information: what a seat may see (``view``), a state rebuilt from a seat's view
(``from_view``, starting from the class's ``blank`` state) and the helpers of a world re-dealt for
a seat (``deal_weighted``, ``keep_known_true``; ``CzechPubState.sample_for`` in rules.py, which
runs once per search iteration, so it is compiled with the state).

Functions of a ``rules.CzechPubState`` (its methods of the same names call them).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from boardbot.engine.core import ConfigError

from . import data as D
from .data import (
    CARD_BY_ID, CARD_ID, DAM_SI, HAND_SIZE, LO_BY_NAME, LO_IN_DECK, LO_NAME, ORIGIN_BY_NAME, ORIGIN_NAME,
    OUT_BY_NAME, OUT_NAME, PHASE_BY_NAME, PHASE_NAME, POSLEDNI, ROW_LEN, TRACK, URAZKA,
)
from .drinks import MAX_PASSES, Pass, records

# a rules.CzechPubState (rules.py imports this module, so the type is not named here)
CzechPubState = Any

# the most cards a table in a pass may hold: a real one holds a dozen at most
MAX_TABLE = 32


def view(self: CzechPubState, seat: int | None) -> dict:
    n = self.num_seats
    obs = n if seat is None else seat
    players = []
    for q in range(n):
        own = seat == q
        stage = self.stage[q]
        row = self.known[q]
        players.append({
            "points": self.points[q],
            "stage": stage + 1,
            "cell": self.cell[q],
            "cell_value": TRACK[stage][self.cell[q]],
            "row_length": ROW_LEN[stage],
            "hand_limit": HAND_SIZE[stage],
            "hand_card_count": len(self.hands[q]),
            "hand": [CARD_ID[c] for c in self.hands[q]] if own else [],
            "known_cards": [CARD_ID[c] for c in row[obs]] if row and not own else [],
            "shot_tokens": [D.SHOT_ID[k] for k in range(D.SHOT_KINDS) if self.tokens[q] >> k & 1],
            "abstinence": self.abst[q],
            "paused": self.paused[q],
            "out_reason": OUT_NAME[self.out[q]],
            "insults": self.insults[q],
            "copying": self.copying[q],
            "titles": [i + 1 for i in range(len(D.TITLE_POINTS)) if self.titles[q] >> i & 1],
            "real_drinks": self.real[q],
            "passes": [_pass_view(r) for r in records(self.passes[q])],
        })
    return {
        "seat": -1 if seat is None else seat,
        "config": dict(self.config),
        "phase": PHASE_NAME[self.phase],
        "decider": self.dec,
        "active": self.active,
        "turn": self.turn,
        "deck_size": len(self.deck),
        "discard_pile": [CARD_ID[c] for c in self.discard],
        "reshuffles": self.reshuffles,
        "last_order": LO_NAME[self.lo_state],
        "last_order_positions": [self.lo_lo, self.lo_hi],
        "last_order_holder": self.lo_holder,
        "last_round": self.last_round,
        "final_turns_owed": list(self.owed),
        "lone_player": self.lone,
        "lone_turn_started": self.lone_started,
        "title_tokens_left": list(self.title_pool),
        "table": _table_view(self.table),
        "played_this_turn": self.played,
        "alcohol_played": self.ordered_alcohol,
        "copy_turn": self.copy_turn,
        "pending_card": CARD_ID[self.pend_card] if self.pend_card >= 0 else "",
        "pending_target": self.pend_target,
        "dodgers": list(self.dodgers),
        "queue": list(self.queue),
        "queue_position": self.qpos,
        "window_reacted": self.reacted,
        "players": players,
    }

def from_view(cls: Any, game: Any, view: Any, rng: random.Random) -> CzechPubState:
    cfg = game.validate(view["config"])
    seat = view["seat"]
    n = cfg["players"]
    if not 0 <= seat < n:
        raise ConfigError("seat", "a state can only be rebuilt from a player's view")
    s = cls.blank(game, cfg, rng.getrandbits(63))
    unseen = D.full_deck()

    def take(card: int, where: str) -> None:
        try:
            unseen.remove(card)
        except ValueError:
            raise ConfigError(where, f"more {CARD_ID[card]} cards than the deck holds") from None

    known_rows: list[tuple[tuple[int, ...], ...] | None] = [None] * n
    for q, pv in enumerate(view["players"]):
        s.points[q] = pv["points"]
        s.stage[q] = pv["stage"] - 1
        s.cell[q] = pv["cell"]
        s.tokens[q] = sum(1 << D.SHOT_BY_ID[k] for k in pv["shot_tokens"])
        s.abst[q] = pv["abstinence"]
        s.paused[q] = pv["paused"]
        s.out[q] = OUT_BY_NAME[pv["out_reason"]]
        s.insults[q] = pv["insults"]
        s.copying[q] = pv["copying"]
        s.titles[q] = sum(1 << (t - 1) for t in pv["titles"])
        s.real[q] = pv["real_drinks"]
        for _ in range(pv["insults"]):
            take(URAZKA, "insults")
        if pv["copying"] >= 0:
            take(DAM_SI, "copying")
        if q == seat:
            s.hands[q] = sorted(CARD_BY_ID[c] for c in pv["hand"])
            for c in s.hands[q]:
                take(c, "hand")
        else:
            mine = tuple(CARD_BY_ID[c] for c in pv["known_cards"])
            for c in mine:
                take(c, "known_cards")
            if mine:
                row: list[tuple[int, ...]] = [()] * (n + 1)
                row[seat] = mine
                known_rows[q] = tuple(row)
            s.hands[q] = sorted(mine)  # rules read a hand as sorted (`_holds_musim`, `_insort`); a caller's view may list them in any order
    s.known = tuple(r if r else () for r in known_rows)
    s.discard = [CARD_BY_ID[c] for c in view["discard_pile"]]
    for c in s.discard:
        take(c, "discard_pile")
    s.table = _table_from_view(view["table"])
    for e in s.table:
        take(e[0], "table")
    s.passes = [_passes_from_view(pv["passes"], n) for pv in view["players"]]
    s.lo_state = LO_BY_NAME[view["last_order"]]
    s.lo_lo, s.lo_hi = view["last_order_positions"]
    s.lo_holder = view["last_order_holder"]
    s.reshuffles = view["reshuffles"]
    s.active = view["active"]
    s.turn = view["turn"]
    s.phase = PHASE_BY_NAME[view["phase"]]
    s.dec = view["decider"]
    s.played = view["played_this_turn"]
    s.ordered_alcohol = view["alcohol_played"]
    s.copy_turn = view["copy_turn"]
    s.last_round = view["last_round"]
    s.owed = tuple(view["final_turns_owed"])
    s.lone = view["lone_player"]
    s.lone_started = view["lone_turn_started"]
    s.title_pool = list(view["title_tokens_left"])
    s.pend_card = CARD_BY_ID[view["pending_card"]] if view["pending_card"] else -1
    s.pend_target = view["pending_target"]
    s.dodgers = tuple(view["dodgers"])
    s.queue = tuple(view["queue"])
    s.qpos = view["queue_position"]
    s.reacted = view["window_reacted"]
    # deal the unseen cards: others' hands (beyond what the seat knows), then the deck
    deck_size = view["deck_size"] - (s.lo_state == LO_IN_DECK)
    need = sum(view["players"][q]["hand_card_count"] - len(s.hands[q]) for q in range(n) if q != seat)
    if need + deck_size != len(unseen):
        raise ConfigError("deck_size", "hand sizes and deck size do not match the cards in view")
    rng.shuffle(unseen)
    i = 0
    for q in range(n):
        if q == seat:
            continue
        k = view["players"][q]["hand_card_count"] - len(s.hands[q])
        s.hands[q] = sorted(s.hands[q] + unseen[i:i + k])
        i += k
    deck = unseen[i:]
    if s.lo_state == LO_IN_DECK:
        pos = rng.randint(s.lo_lo, s.lo_hi)
        deck.insert(len(deck) + 1 - pos, POSLEDNI)
    s.deck = deck
    return s


def keep_known_true(world, known: tuple, seat: int) -> None:
    """What the other observers know of each hand (``known``, the root's) must stay true in
    ``world``, whose hands ``seat`` re-dealt: each row keeps only the cards still there."""
    n = world.num_seats
    rows = list(known)
    for x in range(n):
        row = rows[x]
        if not row or x == seat:
            continue
        new_row = list(row)
        for o in range(n + 1):
            if o != seat and row[o]:
                new_row[o] = _intersect(row[o], world.hands[x])
        rows[x] = tuple(new_row) if any(new_row) else ()
    world.known = tuple(rows)


def deal_weighted(pool: list[int], k: int, unlikely: Mapping[int, float], rng: random.Random) -> tuple[list[int], list[int]]:
    """k cards from the shuffled ``pool``, each unlikely card taken only with its probability
    in ``unlikely`` as it comes (then from the passed-over ones if the pool runs out);
    returns the cards and what is left of the pool."""
    hand: list[int] = []
    skipped: list[int] = []
    i = 0
    while len(hand) < k and i < len(pool):
        c = pool[i]
        i += 1
        if c in unlikely and rng.random() >= unlikely[c]:
            skipped.append(c)
        else:
            hand.append(c)
    short = k - len(hand)
    if short:
        hand.extend(skipped[:short])
        skipped = skipped[short:]
    return hand, skipped + pool[i:]


def _table_view(table) -> list:
    return [{"card": CARD_ID[c], "shot": D.SHOT_ID[k] if k >= 0 else "", "origin": ORIGIN_NAME[o], "poured_by": p}
            for c, k, o, p in table]


def _table_from_view(entries) -> list:
    return [(CARD_BY_ID[e["card"]], D.SHOT_BY_ID[e["shot"]] if e["shot"] else -1, ORIGIN_BY_NAME[e["origin"]],
             e["poured_by"]) for e in entries]


def _pass_view(r: Pass) -> dict:
    tokens = r.tokens
    return {"active": r.active, "table": _table_view(r.table), "stage": r.stage + 1,
            "cell": r.cell, "shot_tokens": [D.SHOT_ID[k] for k in range(D.SHOT_KINDS) if tokens >> k & 1],
            "abstinence": r.abstinence, "insults": r.insults, "points_ahead": r.lead,
            "alcohol_played": r.alcohol_played, "last_round": r.last_round,
            "hand_card_count": r.hand_count}


def _passes_from_view(passes, n: int) -> Pass | None:
    if len(passes) > MAX_PASSES:
        raise ConfigError("passes", f"a seat's passes are the latest {MAX_PASSES}")
    head: Pass | None = None
    for p in passes:
        if not 0 <= p["active"] < n:
            raise ConfigError("passes", "a pass names a seat that is not in the game")
        if len(p["table"]) > MAX_TABLE:
            raise ConfigError("passes", f"more than {MAX_TABLE} cards on a table")
        table = tuple(_table_from_view(p["table"]))
        if any(not -1 <= e[3] < n for e in table):
            raise ConfigError("passes", "a card on a table was poured by a seat that is not in the game")
        stage = p["stage"] - 1
        if not 0 <= stage < D.STAGES or not 0 <= p["cell"] < ROW_LEN[stage]:
            raise ConfigError("passes", "a pass names a stage or a cell that is not on the track")
        if not 0 <= p["abstinence"] <= 2 or not 0 <= p["insults"] <= MAX_TABLE or not 0 <= p["hand_card_count"] <= MAX_TABLE:
            raise ConfigError("passes", "a pass's abstinence, insults or hand size is out of range")
        tokens = 0
        for k in p["shot_tokens"]:
            tokens |= 1 << D.SHOT_BY_ID[k]
        head = Pass(p["active"], table, stage, p["cell"], tokens, p["abstinence"], p["insults"],
                    p["points_ahead"], p["alcohol_played"], p["last_round"], p["hand_card_count"], head)
    return head


def _intersect(cards: tuple, hand: list) -> tuple:
    rest = list(hand)
    out = []
    for c in cards:
        if c in rest:
            rest.remove(c)
            out.append(c)
    return tuple(out)
