"""What a Frogriders seat may see: its view, worlds sampled for it, and a state rebuilt from its
view (the move texts it is shown: rules.FrogridersState.public_move_text).

Functions of a ``rules.FrogridersState`` (its methods of the same names call them).
"""

from __future__ import annotations

import random
from typing import Any

from boardbot.engine.core import ConfigError, Game

from . import data as D
from .board import layout_for, leap_privileges
from .data import NO_CARD, OVER, PHASE_BY_NAME, PHASE_NAME, RETURNABLE

# a rules.FrogridersState (rules.py imports this module, so the type is not named here; the
# method that runs once per search iteration, sample_for, is in rules.py itself)
FrogridersState = Any

_USABLE = {two: frozenset(layout_for(2 if two else 3).cells) for two in (True, False)}


# --- information -----------------------------------------------------------
def view(self: FrogridersState, seat: int | None) -> dict:
    over = self.phase == OVER
    board = self.board
    names, colour_name, flower, usable = D.CELL_NAMES, D.COLOUR_NAME, self.layout.is_flower, _usable(self)
    players = []
    for q in range(self.num_seats):
        shown = over or q == seat
        players.append({
            "units": {D.COLOUR_NAME[c]: self.units[q][c] for c in D.COLOURS},
            "privileges": [D.PRIVILEGE_KINDS[k][0] for k in self.privileges[q]],
            "trophies": self.trophies[q],
            "chose_set_card": self.kept[q] != NO_CARD,
            "set_card": self.kept[q] if shown else NO_CARD,
        })
    return {
        "seat": -1 if seat is None else seat,
        "config": dict(self.config),
        "phase": PHASE_NAME[self.phase],
        "current_player": self.player,
        "turn": self.turn,
        "cells": [
            {
                "cell": cell,
                "name": names[cell],
                "unit": colour_name.get(board[cell], ""),
                "flower": flower[cell],
                "off_limits": cell not in usable,
            }
            for cell in self.layout.all_spaces
        ],
        "village": {D.COLOUR_NAME[c]: self.village[c] for c in RETURNABLE},
        "display": [D.PRIVILEGE_KINDS[k][0] if k != NO_CARD else "" for k in self.display],
        "stack_size": len(self.stack),
        "public_cards": [
            {"card": card, "side": "back" if back else "front",
             "text": D.back_text(D.PUBLIC_CARDS[card][1]) if back else D.set_text(D.PUBLIC_CARDS[card][0])}
            for card, back in zip(self.public, self.backs)
        ],
        "players": players,
        "dealt_set_cards": list(self.dealt[seat]) if seat is not None else [],
    }


def _usable(self: FrogridersState) -> frozenset:
    return _USABLE[self.num_seats == 2]


def from_view(cls: Any, game: Game, view: dict, rng: random.Random) -> FrogridersState:
    cfg = game.validate(view["config"])
    seat = view["seat"]
    if not 0 <= seat < cfg["players"]:
        raise ConfigError("seat", "a state can only be rebuilt from a player's view")
    n = cfg["players"]
    s = cls.__new__(cls)
    s._init_base(game, cfg, rng.getrandbits(63))
    s.layout = layout_for(n)
    s.board = [0] * (D.SIZE * D.SIZE)
    for cell in view["cells"]:
        if cell["unit"]:
            s.board[cell["cell"]] = D.COLOUR_BY_NAME[cell["unit"]]
    s.units = []
    s.privileges = []
    s.trophies = []
    s.kept = []
    for pv in view["players"]:
        counts = [0] * 5
        for name, count in pv["units"].items():
            counts[D.COLOUR_BY_NAME[name]] = count
        s.units.append(counts)
        s.privileges.append([D.PRIVILEGE_ID[k] for k in pv["privileges"]])
        s.trophies.append(pv["trophies"])
        s.kept.append(pv["set_card"] if pv["set_card"] != NO_CARD else (0 if pv["chose_set_card"] else NO_CARD))
    s.leap_privileges = leap_privileges(s.privileges)
    s.village = [0] * 5
    for name, count in view["village"].items():
        s.village[D.COLOUR_BY_NAME[name]] = count
    s.display = [D.PRIVILEGE_ID[k] if k else NO_CARD for k in view["display"]]
    unseen = D.privilege_deck(cfg["privilege_deck"])
    for card in s.display + [k for owned in s.privileges for k in owned]:
        if card != NO_CARD:
            unseen.remove(card)
    if len(unseen) != view["stack_size"]:
        raise ConfigError("stack_size", "does not match the cards in view")
    s.stack = unseen
    s.public = tuple(pc["card"] for pc in view["public_cards"])
    s.backs = tuple(pc["side"] == "back" for pc in view["public_cards"])
    s.dealt = [tuple(view["dealt_set_cards"]) if q == seat else (NO_CARD, NO_CARD) for q in range(n)]
    s.player = view["current_player"]
    s.phase = PHASE_BY_NAME[view["phase"]]
    s.turn = view["turn"]
    s._text_move = None
    s._text_moves = None
    s._text = None
    # deal what the seat cannot see; sample_for re-deals everything hidden from it
    if s.phase == OVER:
        pass  # every kept set card is already revealed in the view
    world = s.sample_for(seat, rng)
    world.seed = s.seed
    return world
