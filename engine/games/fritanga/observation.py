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
EFFECTS, DIRECTIONS = len(D.EFFECT_TEXT), len(D.DIRECTIONS)
LEFT = float(D.skill_amounts(D.PLAYER_RANGE[D.CHEF][1] - 1)[D.SK_LID])  # the most left: the Lid with most foods
# how the top frame's arguments (the view's ``args``: the frame tuple after its name) are encoded
EFFECT_FRAMES = {"no_frying_way_window", "chef_reaction_window_no_frying_way"}  # seat, seats to ask, effect, a, b
# frames whose first argument is a seat other than the decider
ARGS_SEAT = {"chef_reaction_window", "chef_reaction_window_no_frying_way", "spatula_direction", "knife_remove"}
ARGS_LEFT = {"breadcrumbs_place": 1, "f_rays_peek": 1, "maintenance_take": 1, "maintenance_place": 1,
             "skim_remove": 0, "lid_reveal": 0, "spatula_target": 0, "taste_target": 0}
# frame -> the argument counting the cards, peeks or foods left
ARGS_CELLS = {"f_rays_peek": (2,), "maintenance_take": (2, 3), "maintenance_place": (2,), "cold_water_geyser": (1,),
              "stir_swap": (0,)}  # frame -> the arguments that are table cells (-1: none yet)
ARGS_FRAMES = EFFECT_FRAMES | ARGS_SEAT | set(ARGS_LEFT) | set(ARGS_CELLS)


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
              "(their arguments are not encoded; the top frame's are, in the blocks from `effect` on)")
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
    # the top frame's arguments, where they tell more than its name and the decider
    lay.block("effect", EFFECTS, "a No frying way! window's effect (no_frying_way_window, "
              "chef_reaction_window_no_frying_way) one-hot: " + ", ".join(D.EFFECT_TEXT))
    lay.seats_block("effect_seat", "its seat: the food pushed, the seat switching or stealing, the seat whose "
                    "hand the chef tastes")
    lay.seats_block("effect_target", "the other seat of a switch or a steal")
    lay.block("effect_direction", DIRECTIONS, "the direction of a push: " + ", ".join(D.DIRECTIONS))
    lay.seats_block("frame_seat", "chef_reaction_window: who played the card; chef_reaction_window_no_frying_way: "
                    "who played No frying way!; spatula_direction: the food to push; knife_remove: the food "
                    "whose neighbouring card goes")
    lay.block("frame_card", KINDS, "chef_reaction_window: the card played, one-hot")
    lay.block("frame_left", 1, f"the cards, peeks or foods left (breadcrumbs_place, f_rays_peek, maintenance_take, "
              f"maintenance_place, skim_remove, lid_reveal, spatula_target, taste_target) / {LEFT:g}")
    lay.block("frame_cells", cells, "table cells the frame names (row * width + column): the card a No frying way! "
              "window would remove, f_rays_peek's first peeked card, the cards maintenance_take has moved, the card "
              "maintenance_place moves, the geyser of cold_water_geyser, the first card stir_swap chose")
    return lay


@functools.cache
def _sizes(mode: str, players: int) -> tuple[int, int, int, int]:
    """The observation's size, the offsets of ``players``, ``chef_hand`` and ``effect`` (looked up once)."""
    lay = layout(mode, players)
    return lay.size, lay.offset("players"), lay.offset("chef_hand"), lay.offset("effect")


def _frame_args(out: memoryview, o: int, n: int, rel: tuple[int, ...], frame: str, args: list) -> None:
    """The top frame's arguments into the blocks from ``effect`` (at ``o``) on."""
    seat_at = o + EFFECTS + 2 * n + DIRECTIONS
    cells_at = seat_at + n + KINDS + 1
    if frame in EFFECT_FRAMES:
        effect, a, b = args[2:]
        out[o + effect] = 1.0
        if effect == D.E_REMOVE:
            out[cells_at + a] = 1.0
        else:
            out[o + EFFECTS + rel[a]] = 1.0
            if effect == D.E_PUSH:
                out[o + EFFECTS + 2 * n + b] = 1.0
            elif effect != D.E_CSTEAL:
                out[o + EFFECTS + n + rel[b]] = 1.0
    if frame in ARGS_SEAT:
        out[seat_at + rel[args[0]]] = 1.0
        if frame == "chef_reaction_window":  # seat, the card's kind
            out[seat_at + n + args[1]] = 1.0
    i = ARGS_LEFT.get(frame)
    if i is not None and i < len(args):  # a Spatula or Taste test frame stored before they grew has none
        out[cells_at - 1] = args[i] / LEFT
    for i in ARGS_CELLS.get(frame, ()):
        if args[i] >= 0:
            out[cells_at + args[i]] = 1.0


def encode(view: dict):
    players = view["players"]
    n = len(players)
    size, players_at, chef_at, args_at = _sizes(view["mode"], n)
    obs, out, seat, rel, o = begin(view, size, n, PHASE)
    stack = view["stack"]
    if stack:
        top = stack[-1]
        if top["frame"] in ARGS_FRAMES:
            _frame_args(out, args_at, n, rel, top["frame"], top["args"])
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
