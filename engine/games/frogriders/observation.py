"""Frogriders' observation: a seat's view as a float32 array (docs/rules/frogriders.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools
import struct

from boardbot.engine.observation import ObservationLayout, begin, observer_order

from . import data as D
from .board import layout_for

SPACES = layout_for(3).all_spaces  # the 57 spaces, in the view's order (every player count lists them all)
COLOUR_SLOT = {"yellow": 0, "red": 1, "blue": 2, "brown": 3}
# a pond space's block as float32 bytes, by its unit ("": empty)
UNIT_ROW = {unit: struct.pack("4f", *(float(i == slot) for i in range(4))) for unit, slot in COLOUR_SLOT.items()}
UNIT_ROW[""] = bytes(16)
PRIVILEGE = {kind[0]: i for i, kind in enumerate(D.PRIVILEGE_KINDS)}
NUM_PRIVILEGES = len(D.PRIVILEGE_KINDS)
NUM_SET_CARDS = len(D.PRIVATE_SET_CARDS)
NUM_PUBLIC = len(D.PUBLIC_CARDS)
PHASE = {name: i for i, name in enumerate(D.PHASE_NAME)}
PER_PLAYER = 4 + NUM_PRIVILEGES + 1 + 1 + NUM_SET_CARDS
UNITS_SCALE, TURN_SCALE, STACK_SCALE, TROPHY_SCALE = 10.0, 100.0, 28.0, 10.0


@functools.cache
def layout(players: int) -> ObservationLayout:
    lay = ObservationLayout(players)
    lay.block("phase", len(D.PHASE_NAME), "phase one-hot: " + ", ".join(D.PHASE_NAME))
    lay.seats_block("current_player", "the player whose turn it is")
    lay.block("turn", 1, f"turn / {TURN_SCALE:g}")
    lay.block("pond", len(SPACES) * 4, "per pond space (cell order a1..i9, the 57 spaces): "
              "its unit one-hot yellow, red, blue, brown (empty: zeros)")
    lay.block("village", 3, f"units in the village: red, yellow, blue / {UNITS_SCALE:g}")
    lay.block("display", 4 * NUM_PRIVILEGES, "per display slot: the privilege card one-hot (data.PRIVILEGE_KINDS order)")
    lay.block("stack", 1, f"privilege cards in the stack / {STACK_SCALE:g}")
    lay.block("public_cards", 2 * (NUM_PUBLIC + 1), "per public score card: the card one-hot, then 1 if it shows its back")
    lay.block("players", players * PER_PLAYER,
              "per player from the observer on: units yellow, red, blue, brown / 10; privilege cards by kind (counts); "
              f"trophies / {TROPHY_SCALE:g}; has kept a set card; the kept set card one-hot (own, or at the end)")
    lay.block("dealt_set_cards", NUM_SET_CARDS, "the two set cards dealt to the observer (two-hot)")
    return lay


def encode(view: dict):
    players = view["players"]
    n = len(players)
    obs, out, seat, rel, o = begin(view, layout(n).size, n, PHASE, "current_player")
    out[o] = view["turn"] / TURN_SCALE
    o += 1
    # the pond: one 4-float row per space, joined from prebuilt rows (a Python step per space costs 3x more)
    pond = b"".join([UNIT_ROW[cell["unit"]] for cell in view["cells"]])
    out.cast("B")[4 * o:4 * o + len(pond)] = pond
    o += 4 * len(SPACES)
    village = view["village"]
    out[o] = village["red"] / UNITS_SCALE
    out[o + 1] = village["yellow"] / UNITS_SCALE
    out[o + 2] = village["blue"] / UNITS_SCALE
    o += 3
    for i, kind in enumerate(view["display"]):
        if kind:
            out[o + i * NUM_PRIVILEGES + PRIVILEGE[kind]] = 1.0
    o += 4 * NUM_PRIVILEGES
    out[o] = view["stack_size"] / STACK_SCALE
    o += 1
    for i, card in enumerate(view["public_cards"]):
        base = o + i * (NUM_PUBLIC + 1)
        out[base + card["card"]] = 1.0
        if card["side"] == "back":
            out[base + NUM_PUBLIC] = 1.0
    o += 2 * (NUM_PUBLIC + 1)
    for q in observer_order(seat, n):
        p = players[q]
        base = o + rel[q] * PER_PLAYER
        units = p["units"]
        out[base] = units["yellow"] / UNITS_SCALE
        out[base + 1] = units["red"] / UNITS_SCALE
        out[base + 2] = units["blue"] / UNITS_SCALE
        out[base + 3] = units["brown"] / UNITS_SCALE
        for kind in p["privileges"]:  # counts: equal cards add up
            out[base + 4 + PRIVILEGE[kind]] += 1.0
        b = base + 4 + NUM_PRIVILEGES
        out[b] = p["trophies"] / TROPHY_SCALE
        if p["chose_set_card"]:
            out[b + 1] = 1.0
        if p["set_card"] >= 0:
            out[b + 2 + p["set_card"]] = 1.0
    o += n * PER_PLAYER
    for card in view["dealt_set_cards"]:
        out[o + card] = 1.0
    return obs
