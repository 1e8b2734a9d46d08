"""Fritanga's observation: a seat's view as a float32 array (docs/rules/fritanga.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools

import numpy as np

from boardbot.engine.observation import ObservationLayout, begin, observer_order

from . import data as D
from .board import layout_for

KINDS = D.NUM_KINDS
KIND = D.KIND_BY_KEY
SKILL = D.SKILL_BY_KEY
PHASES = tuple(D.FRAME_NAMES.values()) + ("game_over",)
PHASE = {name: i for i, name in enumerate(PHASES)}
STATUS = {name: i for i, name in enumerate(D.STATUS_NAMES)}
FRAMES, STATUSES = len(PHASES), len(D.STATUS_NAMES)
STACK_DEPTH = 3  # the frames under the top one that are encoded too
TURN, CARDS, HAND = 100.0, 100.0, 6.0
HAND_STEP = 1 / HAND


def per_cell(n: int) -> int:
    # card kind known, face down, face up, occupant, peeked by, known to all
    return KINDS + 2 + 2 * n + 1


def per_player(n: int) -> int:
    # status, chef, same team as the observer, fallen, hand size, known hand cards, unknown, fresh, public
    return STATUSES + 1 + 1 + 1 + 1 + KINDS + 3


@functools.cache
def layout(mode: str, players: int) -> ObservationLayout:
    n = players
    cells = layout_for(D.MODE_NAMES.index(mode), n).size
    lay = ObservationLayout(n)
    lay.block("phase", len(PHASES), "the decision (top frame of the task stack) one-hot: data.FRAME_NAMES "
              "order, then game_over")
    lay.seats_block("decider", "the seat to decide")
    lay.block("stack", STACK_DEPTH * len(PHASES), f"the {STACK_DEPTH} frames below it, nearest first, one-hot each "
              "(their arguments are not encoded)")
    lay.seats_block("turn_seat", "whose turn it is")
    lay.block("numbers", 3, f"turn / {TURN:g}, chef cards played / {D.GOLDEN_TURNS}, face-down cards / {CARDS:g}")
    lay.block("flags", 2, "final round, the next movement is skipped")
    lay.block("table", cells * per_cell(n), f"per table cell (row * width + column, {cells} cells): the card's kind "
              "one-hot where the observer knows it; face down; face up; the piece on it (relative seat one-hot); "
              "the seats that have seen it face down (relative seats); known to all")
    lay.block("players", n * per_player(n),
              "per player from the observer on: status one-hot (" + ", ".join(D.STATUS_NAMES) + "); the chef; "
              f"on the observer's team; fallen into the oil; hand size / {HAND:g}; hand cards the observer knows by "
              f"kind / {HAND:g}; unknown hand cards / {HAND:g}; fresh / {HAND:g}; known to all / {HAND:g}")
    lay.block("chef_hand", len(D.CHEF_SKILLS), "the chef's skills in hand")
    lay.block("discard", KINDS, "discard pile by kind / 10")
    lay.block("removed", KINDS, "cards removed from the game by kind / 10")
    return lay


@functools.cache
def _sizes(mode: str, players: int) -> tuple[int, int, int]:
    """The observation's size, the offset of ``players`` and of ``chef_hand`` (looked up once)."""
    lay = layout(mode, players)
    return lay.size, lay.offset("players"), lay.offset("chef_hand")


def encode(view: dict):
    players = view["players"]
    n = len(players)
    size, players_at, chef_at = _sizes(view["mode"], n)
    obs, out, seat, rel, o = begin(view, size, n, PHASE)
    stack = view["stack"]
    for depth in range(min(STACK_DEPTH, len(stack) - 1)):
        out[o + depth * FRAMES + PHASE[stack[-2 - depth]["frame"]]] = 1.0
    o += STACK_DEPTH * FRAMES
    out[o + rel[view["turn_seat"]]] = 1.0
    o += n
    out[o] = view["turn"] / TURN
    out[o + 1] = view["chef_cards_played"] / D.GOLDEN_TURNS
    out[o + 2] = view["face_down_cards"] / CARDS
    if view["final_round"]:
        out[o + 3] = 1.0
    if view["skip_move"]:
        out[o + 4] = 1.0
    o += 5
    cell_size = per_cell(n)
    for card in view["cards"]:
        base = o + card["cell"] * cell_size
        out[base + KIND[card["card"]]] = 1.0
        if card["face_up"]:
            out[base + KINDS + 1] = 1.0
    # one column of the per-cell table (a strided view): one numpy call sets every face-down cell
    face_down = view["face_down"]
    obs[o + KINDS:players_at:cell_size][np.fromiter(face_down, np.intp, len(face_down))] = 1.0
    peeked = o + KINDS + 2 + n
    for peek in view["peeks"]:
        base = peeked + peek["cell"] * cell_size
        for q in peek["seats"]:
            out[base + rel[q]] = 1.0
        if peek["known_to_all"]:
            out[base + n] = 1.0
    occupant = o + KINDS + 2
    for q, p in enumerate(players):
        cell = p["position"]
        if cell >= 0:
            out[occupant + cell * cell_size + rel[q]] = 1.0
    player_size = per_player(n)
    my_team = players[seat]["team"] if seat >= 0 else -1
    base = players_at
    for q in observer_order(seat, n):
        p = players[q]
        out[base + STATUS[p["status"]]] = 1.0
        if p["role"] == "chef":
            out[base + STATUSES] = 1.0
        if p["team"] == my_team:
            out[base + STATUSES + 1] = 1.0
        if p["fallen_at"] >= 0:
            out[base + STATUSES + 2] = 1.0
        out[base + STATUSES + 3] = p["hand_card_count"] / HAND
        b = base + STATUSES + 4
        unknown = fresh = public = 0
        for card in p["hand"]:
            kind = card["card"]
            if kind:
                out[b + KIND[kind]] += HAND_STEP
            else:
                unknown += 1
            fresh += card["fresh"]
            public += card["known_to_all"]
        b += KINDS
        out[b] = unknown / HAND
        out[b + 1] = fresh / HAND
        out[b + 2] = public / HAND
        base += player_size
    for skill in view["chef_hand"]:
        out[chef_at + SKILL[skill]] = 1.0
    o = chef_at + len(D.CHEF_SKILLS)
    for entry in view["discard"]:
        out[o + KIND[entry["card"]]] = entry["count"] / 10
    o += KINDS
    for entry in view["removed"]:
        out[o + KIND[entry["card"]]] = entry["count"] / 10
    return obs
