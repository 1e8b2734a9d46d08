"""Dűlőre jutunk information: what a seat may see, the world it may be in, a state rebuilt from a view.

Functions of a ``rules.DuloreState`` (its methods call them; this module does not import rules.py, so
there is no import cycle). ``sample_for``, once per search iteration, is a method in rules.py.
"""

from __future__ import annotations

import random
from typing import Any

from boardbot.engine.core import ConfigError, Game

from . import data as D
from .data import (K_ABIL, K_AGE, K_BLACK, K_BOTTLES, K_DISC_B, K_DISC_G, K_DRAW, K_FARMER, K_HONOURS, K_KEEP,
                   K_PRESS, K_TAKE, K_TURN, TASK_BY_NAME, TASK_NAME)

# a rules.DuloreState (rules.py imports this module, so the type is not named here)
DuloreState = Any

PROMPT = {
    K_TURN: "choose an action: harvest a vineyard or fulfil an order",
    K_KEEP: "too many grapes for your press house: choose which to keep (the rest goes to the player on your right)",
    K_ABIL: "use the harvested vineyard's abilities in any order, or end",
    K_AGE: "you may age a barrel",
    K_FARMER: "you may place a farmer marker",
    K_DRAW: "you may draw grapes from the bag",
    K_PRESS: "you may press grapes into a barrel",
    K_TAKE: "you may take an order",
    K_BLACK: "move the black farmer marker to a free project space",
    K_DISC_G: "discard grapes from your press house",
    K_DISC_B: "discard a bottle from your storeroom",
    K_HONOURS: "you may place farmer markers on honour conditions you meet",
    K_BOTTLES: "your storeroom is over capacity: choose bottles to pass to the player on your right",
}
# In the solo game the player to your right is yourself: the overflow is discarded.
SOLO_PROMPT = {
    K_KEEP: "too many grapes for your press house: choose which to keep (the rest is discarded)",
    K_BOTTLES: "your storeroom is over capacity: choose bottles to discard",
}


def _make_card_view(card: int) -> dict:
    if card < 0:
        return {"card": -1, "white": 0, "red": 0, "rose": 0, "stars": 0, "corkscrews": ""}
    w, r, ro, stars, cork = D.ORDER_CARDS[card]
    return {"card": card, "white": w, "red": r, "rose": ro, "stars": stars, "corkscrews": D.corkscrew_text(cork)}


_CARD_VIEWS = {c: _make_card_view(c) for c in range(-1, D.NUM_ORDERS)}
_TILE_TEXT = tuple(D.tile_text(code) for code in range(D.WINTER_CODE + 1))


def _card_view(card: int) -> dict:
    return dict(_CARD_VIEWS[card])


# --- texts -------------------------------------------------------------------
def public_move_text(s: DuloreState, move: tuple, observer: int | None) -> str:
    kind = move[0]
    if kind in ("farmer", "honour") and observer != s.decider():
        if kind == "farmer":
            return f"place a farmer marker on vineyard {D.VINEYARD_NAME[move[1]]}"
        cond = s.hrows[move[1]][0]
        return f"place a farmer marker on honour '{D.HONOUR_TEXT[cond]}'"
    return s.move_text(move)

# --- information -----------------------------------------------------------
def view(s: DuloreState, seat: int | None) -> dict:
    n = s.num_seats
    over = s.over
    vineyards = []
    for v in range(D.NUM_VINEYARDS):
        code = D.WINTER_CODE if v == D.WINTER else 2 * v + s.side[v]
        owner = s.vmark[v]
        shown = owner >= 0 and owner != D.BLACK and (owner == seat or over or s.vknown[v])
        vineyards.append({
            "index": v,
            "name": D.VINEYARD_NAME[v],
            "side": "winter" if v == D.WINTER else D.SIDE_NAME[s.side[v]],
            "red": s.vred[v],
            "yellow": s.vyel[v],
            "grape_icons": D.TILE_GRAPES[code],
            "abilities": _TILE_TEXT[code],
            "marker": owner,
            "marker_bonus": D.MARKER_BONUS_NAME[s.vbonus[v]] if shown else "",
            "marker_known": bool(s.vknown[v]),
        })
    players = []
    for q in range(n):
        label, press, store, specials = D.BOARDS[s.boards[q]]
        cel = s.cellar[q]
        own = q == seat or over
        players.append({
            "seat": q,
            "board": label,
            "press_capacity": press,
            "storeroom_capacity": store,
            "abilities": [D.SPECIAL_NAME[a] for a in specials],
            "grapes": {"red": s.grapes[q][0], "yellow": s.grapes[q][1]},
            "cellar": {"white": [bool(x) for x in cel[0:2]], "red": [bool(x) for x in cel[2:5]],
                       "rose": [bool(cel[5])]},
            "bottles": {"white": s.bottles[q][0], "red": s.bottles[q][1], "rose": s.bottles[q][2]},
            "reserved": [_card_view(c) for c in s.reserved[q]],
            "fulfilled": [_card_view(c) for c in s.row[q]],
            "markers_in_supply": len(s.supply[q]),
            "supply_bonuses": [D.MARKER_BONUS_NAME[b] for b in s.supply[q]] if own else [],
            "markers_on_honours": len(s.retired[q]),
            "honours_bonuses": [D.MARKER_BONUS_NAME[b] for b in s.retired[q]] if own else [],
            "known_supply_bonuses": [D.MARKER_BONUS_NAME[b] for b in s.known[q]],
            "score": s.score(q),
        })
    honours = []
    values = D.HONOUR_VALUES.get(n, ())
    for i, (cond, checks) in enumerate(s.hrows):
        honours.append({
            "row": i,
            "condition": D.HONOUR_NAME[cond],
            "text": D.HONOUR_TEXT[cond],
            "checks": checks,
            "values": list(values),
            "occupants": s.honours[i][:],
        })
    solo = {
        "project": s.config["project"] if n == 1 else "",
        "winemaker_deck_size": len(s.wm_deck),
        "winemaker_played": s.wm_played[:],
        "black_markers_in_supply": s.black,
        "project_spaces": [
            {"space": k + 1, "effect": D.EFFECT_NAME[e], "text": D.EFFECT_TEXT[e], "filled": bool(s.spaces[k])}
            for k, e in enumerate(s.PROJECT[s.config["project"]][1])] if n == 1 else [],
        "extra_turns": s.wm_extra,
        "recent_turns": [
            {"card": c, "harvest_position": D.WINEMAKER_CARDS[c][0], "marker_position": D.WINEMAKER_CARDS[c][1],
             "discard_slots": D.WINEMAKER_CARDS[c][2], "harvested": h, "marker_placed": m, "discarded": list(g)}
            for c, h, m, g in s.wm_recent],
    }
    top = s.stack[-1][0] if s.stack else -1
    return {
        "seat": -1 if seat is None else seat,
        "config": dict(s.config),
        "game_over": over,
        "current_player": s.current,
        "decider": s.decider(),
        "turn": s.turn,
        "end_triggered": s.end_triggered,
        "prompt": "game over" if over else ((n == 1 and SOLO_PROMPT.get(top)) or PROMPT.get(top, "")),
        "vineyards": vineyards,
        "display": [_card_view(c) for c in s.display],
        "order_deck_size": len(s.deck),
        "order_discards": s.discards[:],
        "bag": {"red": s.bag[0], "yellow": s.bag[1]},
        "basket": {"red": s.basket[0], "yellow": s.basket[1]},
        "bottle_supply": {"white": s.bsupply[0], "red": s.bsupply[1], "rose": s.bsupply[2]},
        "players": players,
        "honours": honours,
        "solo": solo,
        "pending": [{"task": TASK_NAME[t[0]], "seat": t[1], "a": t[2], "b": t[3], "c": t[4]}
                    for t in s.stack],
    }


def from_view(cls: type[DuloreState], game: Game, view: dict, rng: random.Random) -> DuloreState:
    cfg = game.validate(view["config"])
    seat = view["seat"]
    n = cfg["players"]
    if not 0 <= seat < n:
        raise ConfigError("seat", "a state can only be rebuilt from a player's view")
    s = cls._blank(game, cfg, rng.getrandbits(63))
    for vv in view["vineyards"]:
        v = vv["index"]
        if v != D.WINTER:
            s.side[v] = D.SIDE_NAME.index(vv["side"])
        s.vred[v] = vv["red"]
        s.vyel[v] = vv["yellow"]
        s.vmark[v] = vv["marker"]
        s.vbonus[v] = D.MARKER_BONUS_BY_NAME[vv["marker_bonus"]] if vv["marker_bonus"] else -1
        s.vknown[v] = int(bool(vv.get("marker_known", False)))
    s.bag = [view["bag"]["red"], view["bag"]["yellow"]]
    s.basket = [view["basket"]["red"], view["basket"]["yellow"]]
    bs = view["bottle_supply"]
    s.bsupply = [bs["white"], bs["red"], bs["rose"]]
    s.display = [c["card"] for c in view["display"]]
    s.discards = list(view["order_discards"])
    boards = []
    seen = set(c for c in s.display if c >= 0) | set(s.discards)
    pending = [tuple((TASK_BY_NAME[t["task"]], t["seat"], t["a"], t["b"], t["c"])) for t in view["pending"]]
    s.stack = pending
    for q, pv in enumerate(view["players"]):
        boards.append(D.BOARD_BY_NAME[pv["board"]])
        s.grapes[q] = [pv["grapes"]["red"], pv["grapes"]["yellow"]]
        cel = pv["cellar"]
        s.cellar[q] = [int(x) for x in cel["white"] + cel["red"] + cel["rose"]]
        b = pv["bottles"]
        s.bottles[q] = [b["white"], b["red"], b["rose"]]
        s.reserved[q] = [c["card"] for c in pv["reserved"]]
        s.row[q] = [c["card"] for c in pv["fulfilled"]]
        seen.update(s.reserved[q])
        seen.update(s.row[q])
        s.known[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv.get("known_supply_bonuses", ())]
        if pv["supply_bonuses"] or q == seat or view["game_over"]:
            s.supply[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv["supply_bonuses"]]
            s.retired[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv["honours_bonuses"]]
        else:
            # hidden: give the unseen markers any bonuses; sample_for re-deals them
            # (the public ones stay: known supply markers and deduced vineyard markers)
            used = {t[4] - 1 for t in pending if K_AGE <= t[0] <= K_TAKE and t[1] == q and t[4]}
            used.update(s.known[q])
            used.update(s.vbonus[v] for v in range(D.NUM_VINEYARDS) if s.vmark[v] == q and s.vknown[v])
            pool = [b for b in D.MARKER_BONUSES if b not in used]
            for v in range(D.NUM_VINEYARDS):
                if s.vmark[v] == q and not s.vknown[v]:
                    s.vbonus[v] = pool.pop()
            k = pv["markers_in_supply"] - len(s.known[q])
            s.supply[q] = sorted(s.known[q] + pool[:k])
            s.retired[q] = sorted(pool[k:])
    s.boards = tuple(boards)
    s.deck = [c for c in range(D.NUM_ORDERS) if c not in seen]
    if len(s.deck) != view["order_deck_size"]:
        raise ConfigError("order_deck_size", "does not match the order cards in view")
    for i, hv in enumerate(view["honours"]):
        s.honours[i] = list(hv["occupants"])
    solo = view["solo"]
    s.wm_played = list(solo["winemaker_played"])
    if n == 1:
        s.wm_deck = [c for c in range(D.NUM_WINEMAKER_CARDS) if c not in s.wm_played]
        if len(s.wm_deck) != solo["winemaker_deck_size"]:
            raise ConfigError("winemaker_deck_size", "does not match the cards played")
        s.spaces = [int(sp["filled"]) for sp in solo["project_spaces"]]
    s.black = solo["black_markers_in_supply"]
    s.wm_extra = solo["extra_turns"]
    s.wm_recent = [(t["card"], t["harvested"], t["marker_placed"], tuple(t["discarded"]))
                   for t in solo["recent_turns"]]
    s.turn = view["turn"]
    s.current = view["current_player"]
    s.end_triggered = view["end_triggered"]
    s.over = view["game_over"]
    world = s.sample_for(seat, rng)
    world.seed = s.seed
    return world

