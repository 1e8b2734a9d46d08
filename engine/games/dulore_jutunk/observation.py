"""Dűlőre jutunk's observation: a seat's view as a float32 array (docs/rules/dulore-jutunk.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools

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
    lay.block("solo", 3 + D.PROJECT_SPACES * (1 + len(D.EFFECT_NAME)) + D.NUM_WINEMAKER_CARDS,
              "the solo game: Winemaker deck / 24, black markers in supply / 6, extra Winemaker turns / 2; per "
              "project space: filled, effect one-hot; the Winemaker cards played")
    return lay


def encode(view: dict):
    players = view["players"]
    n = len(players)
    obs, out, seat, rel, o = begin(view, layout(n).size, n)
    bag, basket, supply = view["bag"], view["basket"], view["bottle_supply"]
    out[o] = view["turn"] / TURN
    out[o + 1] = view["order_deck_size"] / ORDERS
    out[o + 2] = bag["red"] / BAG
    out[o + 3] = bag["yellow"] / BAG
    out[o + 4] = basket["red"] / BAG
    out[o + 5] = basket["yellow"] / BAG
    out[o + 6] = supply["white"] / 12
    out[o + 7] = supply["red"] / 12
    out[o + 8] = supply["rose"] / 12
    o += 9
    if view["end_triggered"]:
        out[o] = 1.0
    if view["game_over"]:
        out[o + 1] = 1.0
    o += 2
    pending = view["pending"]
    if pending:
        top = pending[-1]
        out[o + TASK[top["task"]]] = 1.0
        out[o + 2 * TASKS] = top["a"] / 24
        out[o + 2 * TASKS + 1] = top["b"] / 8
        if len(pending) > 1:
            out[o + TASKS + TASK[pending[-2]["task"]]] = 1.0
    o += 2 * TASKS + 2
    size = PER_VINEYARD + n + 1
    base = o
    for vineyard in view["vineyards"]:
        out[base + SIDE[vineyard["side"]]] = 1.0
        out[base + 3] = vineyard["red"] / 3
        out[base + 4] = vineyard["yellow"] / 3
        out[base + 5] = vineyard["grape_icons"] / 3
        if vineyard["marker_bonus"]:
            out[base + 6 + BONUS[vineyard["marker_bonus"]]] = 1.0
        owner = vineyard["marker"]
        if owner == D.BLACK:
            out[base + PER_VINEYARD + n] = 1.0
        elif owner >= 0:
            out[base + PER_VINEYARD + rel[owner]] = 1.0
        base += size
    o += VINEYARDS * size
    for slot, order in enumerate(view["display"]):
        if order["card"] >= 0:
            out[o + slot * ORDERS + order["card"]] = 1.0
    o += D.DISPLAY_SIZE * ORDERS
    for card in view["order_discards"]:
        out[o + card] = 1.0
    o += ORDERS
    for q in observer_order(seat, n):
        p = players[q]
        base = o + rel[q] * PER_PLAYER
        out[base + BOARD[p["board"]]] = 1.0
        b = base + len(D.BOARDS)
        for a in p["abilities"]:
            out[b + SPECIAL[a]] = 1.0
        b += len(D.SPECIAL_NAME)
        grapes, bottles = p["grapes"], p["bottles"]
        reserved, row = p["reserved"], p["fulfilled"]
        out[b] = grapes["red"] / 8
        out[b + 1] = grapes["yellow"] / 8
        out[b + 2] = bottles["white"] / 8
        out[b + 3] = bottles["red"] / 8
        out[b + 4] = bottles["rose"] / 8
        out[b + 5] = p["press_capacity"] / 8
        out[b + 6] = p["storeroom_capacity"] / 8
        out[b + 7] = p["score"] / SCORE
        out[b + 8] = p["markers_in_supply"] / 4
        out[b + 9] = p["markers_on_honours"] / 4
        out[b + 10] = len(reserved) / 4
        out[b + 11] = len(row) / 8
        b += 12
        cellar = p["cellar"]
        for track in (cellar["white"], cellar["red"], cellar["rose"]):  # the tracks' order
            for filled in track:
                if filled:
                    out[b] = 1.0
                b += 1
        for order in reserved:
            out[b + order["card"]] = 1.0
        b += ORDERS
        for order in row:
            out[b + order["card"]] = 1.0
        b += ORDERS
        if row:
            out[b + row[0]["card"]] = 1.0
            out[b + ORDERS + row[-1]["card"]] = 1.0
        b += 2 * ORDERS
        known = p["supply_bonuses"] if q == seat else p["known_supply_bonuses"]
        for bonus in known:
            out[b + BONUS[bonus]] += 1.0
        b += BONUSES
        for bonus in p["honours_bonuses"]:
            out[b + BONUS[bonus]] += 1.0
    o += n * PER_PLAYER
    row_size = len(D.HONOUR_NAME) + 1 + n
    for honour in view["honours"]:
        base = o + honour["row"] * row_size
        out[base + HONOUR[honour["condition"]]] = 1.0
        out[base + len(D.HONOUR_NAME)] = honour["checks"] / 2
        b = base + len(D.HONOUR_NAME) + 1
        for occupant in honour["occupants"]:
            if occupant >= 0:
                out[b + rel[occupant]] += 1.0
    o += HONOUR_ROWS * row_size
    solo = view["solo"]
    if solo:
        out[o] = solo["winemaker_deck_size"] / D.NUM_WINEMAKER_CARDS
        out[o + 1] = solo["black_markers_in_supply"] / 6
        out[o + 2] = solo["extra_turns"] / 2
        b = o + 3
        for space in solo["project_spaces"]:
            base = b + (space["space"] - 1) * (1 + len(D.EFFECT_NAME))
            if space["filled"]:
                out[base] = 1.0
            out[base + 1 + EFFECT[space["effect"]]] = 1.0
        b += D.PROJECT_SPACES * (1 + len(D.EFFECT_NAME))
        for card in solo["winemaker_played"]:
            out[b + card] = 1.0
    return obs
