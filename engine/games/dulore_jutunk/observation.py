"""Dűlőre jutunk's observation: a seat's view as a float32 array (docs/rules/dulore-jutunk.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools
import struct

from boardbot.engine.observation import ObservationLayout, begin, observer_order

from . import data as D

ORDERS = D.NUM_ORDERS
VINEYARDS = D.NUM_VINEYARDS
SIDE = {"spring": 0, "autumn": 1, "winter": 2}
BONUS = D.MARKER_BONUS_BY_NAME
BONUSES = len(D.MARKER_BONUS_NAME)
TASK = D.TASK_BY_NAME
TASKS = len(D.TASK_NAME)
BOARD = D.BOARD_BY_NAME
SPECIAL = {name: i for i, name in enumerate(D.SPECIAL_NAME)}
HONOUR = {name: i for i, name in enumerate(D.HONOUR_NAME)}
EFFECT = {name: i for i, name in enumerate(D.EFFECT_NAME)}
HONOUR_ROWS = 4
# per player: board one-hot, special abilities, grapes (2), bottles (3), capacities (2), score,
# markers in supply, on honours, orders reserved, fulfilled; cellar spaces; reserved orders;
# fulfilled orders; the row's two end cards; bonuses in supply known to the observer, on honours
PER_PLAYER = (len(D.BOARDS) + len(D.SPECIAL_NAME) + 12 + D.CELLAR_SIZE + 2 * ORDERS + 2 * ORDERS
              + 2 * BONUSES)
PER_VINEYARD = 3 + 2 + 1 + BONUSES
SCORE, BAG, TURN = 30.0, 30.0, 200.0
BOARDS, SPECIALS, HONOURS, EFFECTS = len(D.BOARDS), len(D.SPECIAL_NAME), len(D.HONOUR_NAME), len(D.EFFECT_NAME)
# a player's numbers and cellar spaces, written in one call (struct packs straight into the array)
PLAYER_NUMBERS = struct.Struct(f"{12 + D.CELLAR_SIZE}f")
GRAPES = struct.Struct("3f")
NUMBERS = struct.Struct("9f")


@functools.cache
def layout(players: int) -> ObservationLayout:
    n = players
    lay = ObservationLayout(n)
    lay.seats_block("decider", "the seat to decide")
    lay.block("numbers", 9, f"turn / {TURN:g}, order deck / {ORDERS}, bag red and yellow / {BAG:g}, basket red and "
              f"yellow / {BAG:g}, bottle supply white, red, rosé / 12")
    lay.block("flags", 2, "end triggered, game over")
    lay.block("task", 2 * TASKS + 2, "the pending decision (top task) one-hot and the one below it "
              "(data.TASK_NAME order); the top task's first two arguments / 24 and / 8")
    lay.block("vineyards", VINEYARDS * (PER_VINEYARD + n + 1),
              "per vineyard (ring order, then winter): side one-hot (spring, autumn, winter), red and yellow "
              "grapes / 3, grape icons / 3, the marker's bonus one-hot where known; its marker's owner "
              "(relative seat one-hot, then the Winemaker's black marker)")
    lay.block("display", D.DISPLAY_SIZE * ORDERS, "per display slot: the order card one-hot")
    lay.block("order_discards", ORDERS, "the discarded order cards")
    lay.block("players", n * PER_PLAYER,
              "per player from the observer on: board one-hot (A, B1-B4); special abilities; grapes red, yellow / 8; "
              f"bottles white, red, rosé / 8; press and storeroom capacity / 8; score / {SCORE:g}; markers in supply "
              "/ 4, on honours / 4; orders reserved / 4, fulfilled / 8; cellar spaces filled (white 2, red 3, rosé 1); "
              "reserved orders; fulfilled orders; the fulfilled row's left and right end card one-hot; marker bonuses "
              "in supply known to the observer (counts); on honours (counts)")
    lay.block("honours", HONOUR_ROWS * (len(D.HONOUR_NAME) + 1 + n),
              "per honours row: condition one-hot, orders needed / 2, the seats whose markers lie there (relative)")
    lay.block("solo", 3 + D.PROJECT_SPACES * (1 + EFFECTS) + D.NUM_WINEMAKER_CARDS,
              "the solo game: Winemaker deck / 24, black markers in supply / 6, extra Winemaker turns / 2; per "
              "project space: filled, effect one-hot; the Winemaker cards played")
    return lay


def encode(view: dict):
    players = view["players"]
    n = len(players)
    obs, out, seat, rel, o = begin(view, layout(n).size, n)
    bag, basket, supply = view["bag"], view["basket"], view["bottle_supply"]
    NUMBERS.pack_into(obs, 4 * o, view["turn"] / TURN, view["order_deck_size"] / ORDERS, bag["red"] / BAG,
                      bag["yellow"] / BAG, basket["red"] / BAG, basket["yellow"] / BAG, supply["white"] / 12,
                      supply["red"] / 12, supply["rose"] / 12)
    if view["end_triggered"]:
        out[o + 9] = 1.0
    if view["game_over"]:
        out[o + 10] = 1.0
    o += 11
    pending = view["pending"]
    if pending:
        top = pending[-1]
        out[o + TASK[top["task"]]] = 1.0
        out[o + 2 * TASKS] = top["a"] / 24
        out[o + 2 * TASKS + 1] = top["b"] / 8
        if len(pending) > 1:
            out[o + TASKS + TASK[pending[-2]["task"]]] = 1.0
    o += 2 * TASKS + 2
    black, size = PER_VINEYARD + n, PER_VINEYARD + n + 1  # the Winemaker's marker comes after the seats
    for vineyard in view["vineyards"]:
        out[o + SIDE[vineyard["side"]]] = 1.0
        GRAPES.pack_into(obs, 4 * o + 12, vineyard["red"] / 3, vineyard["yellow"] / 3, vineyard["grape_icons"] / 3)
        if vineyard["marker_bonus"]:
            out[o + 6 + BONUS[vineyard["marker_bonus"]]] = 1.0
        owner = vineyard["marker"]
        if owner >= 0:
            out[o + (black if owner == D.BLACK else PER_VINEYARD + rel[owner])] = 1.0
        o += size
    for order in view["display"]:
        card = order["card"]
        if card >= 0:
            out[o + card] = 1.0
        o += ORDERS
    for card in view["order_discards"]:
        out[o + card] = 1.0
    o += ORDERS
    base = o
    for q in observer_order(seat, n):
        p = players[q]
        out[base + BOARD[p["board"]]] = 1.0
        for a in p["abilities"]:
            out[base + BOARDS + SPECIAL[a]] = 1.0
        b = base + BOARDS + SPECIALS
        grapes, bottles, cellar = p["grapes"], p["bottles"], p["cellar"]
        reserved, row = p["reserved"], p["fulfilled"]
        PLAYER_NUMBERS.pack_into(
            obs, 4 * b, grapes["red"] / 8, grapes["yellow"] / 8, bottles["white"] / 8, bottles["red"] / 8,
            bottles["rose"] / 8, p["press_capacity"] / 8, p["storeroom_capacity"] / 8, p["score"] / SCORE,
            p["markers_in_supply"] / 4, p["markers_on_honours"] / 4, len(reserved) / 4, len(row) / 8,
            *cellar["white"], *cellar["red"], *cellar["rose"])  # the cellar tracks' order
        b += 12 + D.CELLAR_SIZE
        for order in reserved:
            out[b + order["card"]] = 1.0
        b += ORDERS
        if row:
            for order in row:
                out[b + order["card"]] = 1.0
            out[b + ORDERS + row[0]["card"]] = 1.0
            out[b + 2 * ORDERS + row[-1]["card"]] = 1.0
        b += 3 * ORDERS
        for bonus in p["supply_bonuses"] if q == seat else p["known_supply_bonuses"]:
            out[b + BONUS[bonus]] += 1.0
        b += BONUSES
        for bonus in p["honours_bonuses"]:
            out[b + BONUS[bonus]] += 1.0
        base += PER_PLAYER
    o += n * PER_PLAYER
    row_size = HONOURS + 1 + n
    for honour in view["honours"]:
        base = o + honour["row"] * row_size
        out[base + HONOUR[honour["condition"]]] = 1.0
        base += HONOURS
        out[base] = honour["checks"] / 2
        for occupant in honour["occupants"]:
            if occupant >= 0:
                out[base + 1 + rel[occupant]] += 1.0
    o += HONOUR_ROWS * row_size
    solo = view["solo"]
    if solo:
        out[o] = solo["winemaker_deck_size"] / D.NUM_WINEMAKER_CARDS
        out[o + 1] = solo["black_markers_in_supply"] / 6
        out[o + 2] = solo["extra_turns"] / 2
        b = o + 3
        for space in solo["project_spaces"]:
            base = b + (space["space"] - 1) * (1 + EFFECTS)
            if space["filled"]:
                out[base] = 1.0
            out[base + 1 + EFFECT[space["effect"]]] = 1.0
        b += D.PROJECT_SPACES * (1 + EFFECTS)
        for card in solo["winemaker_played"]:
            out[b + card] = 1.0
    return obs
