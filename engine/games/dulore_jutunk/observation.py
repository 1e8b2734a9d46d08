"""Dűlőre jutunk's observation: a seat's view as a float32 array (docs/rules/dulore-jutunk.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools

from boardbot.engine.observation import ObservationLayout, begin, finish, observer_order

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
    seat, rel, hot, where, values, o = begin(view, n)
    bag, basket, supply = view["bag"], view["basket"], view["bottle_supply"]
    where += range(o, o + 9)
    values += (view["turn"] / TURN, view["order_deck_size"] / ORDERS, bag["red"] / BAG, bag["yellow"] / BAG,
               basket["red"] / BAG, basket["yellow"] / BAG, supply["white"] / 12, supply["red"] / 12,
               supply["rose"] / 12)
    o += 9
    if view["end_triggered"]:
        hot.append(o)
    if view["game_over"]:
        hot.append(o + 1)
    o += 2
    pending = view["pending"]
    if pending:
        top = pending[-1]
        hot.append(o + TASK[top["task"]])
        where += (o + 2 * TASKS, o + 2 * TASKS + 1)
        values += (top["a"] / 24, top["b"] / 8)
        if len(pending) > 1:
            hot.append(o + TASKS + TASK[pending[-2]["task"]])
    o += 2 * TASKS + 2
    size = PER_VINEYARD + n + 1
    for v, vineyard in enumerate(view["vineyards"]):
        base = o + v * size
        hot.append(base + SIDE[vineyard["side"]])
        where += (base + 3, base + 4, base + 5)
        values += (vineyard["red"] / 3, vineyard["yellow"] / 3, vineyard["grape_icons"] / 3)
        if vineyard["marker_bonus"]:
            hot.append(base + 6 + BONUS[vineyard["marker_bonus"]])
        owner = vineyard["marker"]
        if owner == D.BLACK:
            hot.append(base + PER_VINEYARD + n)
        elif owner >= 0:
            hot.append(base + PER_VINEYARD + rel[owner])
    o += VINEYARDS * size
    for slot, order in enumerate(view["display"]):
        if order["card"] >= 0:
            hot.append(o + slot * ORDERS + order["card"])
    o += D.DISPLAY_SIZE * ORDERS
    hot += [o + card for card in view["order_discards"]]
    o += ORDERS
    for q in observer_order(seat, n):
        p = players[q]
        base = o + rel[q] * PER_PLAYER
        hot.append(base + BOARD[p["board"]])
        b = base + len(D.BOARDS)
        for a in p["abilities"]:
            hot.append(b + SPECIAL[a])
        b += len(D.SPECIAL_NAME)
        grapes, bottles = p["grapes"], p["bottles"]
        where += range(b, b + 12)
        values += (grapes["red"] / 8, grapes["yellow"] / 8, bottles["white"] / 8, bottles["red"] / 8,
                   bottles["rose"] / 8, p["press_capacity"] / 8, p["storeroom_capacity"] / 8, p["score"] / SCORE,
                   p["markers_in_supply"] / 4, p["markers_on_honours"] / 4, len(p["reserved"]) / 4,
                   len(p["fulfilled"]) / 8)
        b += 12
        cellar = p["cellar"]
        for i, filled in enumerate(cellar["white"] + cellar["red"] + cellar["rose"]):  # the tracks' order
            if filled:
                hot.append(b + i)
        b += D.CELLAR_SIZE
        for order in p["reserved"]:
            hot.append(b + order["card"])
        b += ORDERS
        row = p["fulfilled"]
        for order in row:
            hot.append(b + order["card"])
        b += ORDERS
        if row:
            hot += (b + row[0]["card"], b + ORDERS + row[-1]["card"])
        b += 2 * ORDERS
        known = p["supply_bonuses"] if q == seat else p["known_supply_bonuses"]
        for bonus in known:
            hot.append(b + BONUS[bonus])
        b += BONUSES
        for bonus in p["honours_bonuses"]:
            hot.append(b + BONUS[bonus])
    o += n * PER_PLAYER
    row_size = len(D.HONOUR_NAME) + 1 + n
    for honour in view["honours"]:
        base = o + honour["row"] * row_size
        hot.append(base + HONOUR[honour["condition"]])
        where.append(base + len(D.HONOUR_NAME))
        values.append(honour["checks"] / 2)
        b = base + len(D.HONOUR_NAME) + 1
        for occupant in honour["occupants"]:
            if occupant >= 0:
                hot.append(b + rel[occupant])
    o += HONOUR_ROWS * row_size
    solo = view["solo"]
    if solo:
        where += (o, o + 1, o + 2)
        values += (solo["winemaker_deck_size"] / D.NUM_WINEMAKER_CARDS, solo["black_markers_in_supply"] / 6,
                   solo["extra_turns"] / 2)
        b = o + 3
        for space in solo["project_spaces"]:
            base = b + (space["space"] - 1) * (1 + len(D.EFFECT_NAME))
            if space["filled"]:
                hot.append(base)
            hot.append(base + 1 + EFFECT[space["effect"]])
        b += D.PROJECT_SPACES * (1 + len(D.EFFECT_NAME))
        hot += [b + card for card in solo["winemaker_played"]]
    return finish(layout(n).size, hot, where, values)
