"""Czech Pub's observation: a seat's view as a float32 array (docs/rules/czech-pub.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools
from collections import Counter

from boardbot.engine.observation import ObservationLayout, begin, finish, observer_order, one_seat

from . import data as D
from .actions import TABLE_SLOTS

CARDS = D.NUM_CARDS
CARD = D.CARD_BY_ID
SHOT = D.SHOT_BY_ID
PHASE = {name: i for i, name in enumerate(D.PHASE_NAME)}
LAST_ORDER = D.LO_BY_NAME
ORIGIN = D.ORIGIN_BY_NAME
OUT = {"drunk": 0, "thrown_out": 1}
TITLES = len(D.TITLE_POINTS)
STAGES = D.STAGES
SLOT = CARDS + D.SHOT_KINDS + len(D.ORIGIN_NAME) + 1
# per player: points, cell, cell value, row length, hand limit, hand size, abstinence, insults,
# real drinks; paused; stage; out reason; shot tokens; titles; copying; hand; known cards
PER_PLAYER = 9 + 1 + STAGES + 2 + D.SHOT_KINDS + TITLES + 1 + 2 * CARDS
POINTS, DECK, TURN, CARD_COUNT, DRINKS = 60.0, 110.0, 100.0, 10.0, 20.0


@functools.cache
def layout(players: int) -> ObservationLayout:
    n = players
    lay = ObservationLayout(n)
    lay.block("phase", len(D.PHASE_NAME), "phase one-hot: " + ", ".join(D.PHASE_NAME))
    lay.seats_block("decider", "the seat to decide")
    lay.seats_block("active", "the active player")
    lay.block("numbers", 8, f"turn / {TURN:g}, deck size / {DECK:g}, discard pile size / {DECK:g}, reshuffles / 5, "
              f"Last Order's possible deck positions (lowest, highest) / {DECK:g}, final turns owed / {n}, "
              "queue position / players")
    lay.block("flags", 6, "last round, the lone player's turn started, played this turn, a copy turn, "
              "the reaction window had a reaction, a single-target card is pending")
    lay.block("discard_pile", CARDS, f"the discard pile by card (data.CARD_ID order) / {CARD_COUNT:g}")
    lay.block("last_order", len(D.LO_NAME), "where the Last Order card is: " + ", ".join(D.LO_NAME))
    lay.seats_block("last_order_holder", "who drew the Last Order card")
    lay.seats_block("lone_player", "the lone player left in the game")
    lay.block("title_tokens_left", TITLES, "title tokens left per title / 4")
    lay.block("table", TABLE_SLOTS * SLOT, f"per slot of the cards in front of the active player ({TABLE_SLOTS}): "
              "card one-hot, shot kind chosen one-hot, origin one-hot (" + ", ".join(D.ORIGIN_NAME) + "), poured")
    lay.block("pending_card", CARDS, "the card being resolved one-hot")
    lay.seats_block("pending_target", "its target")
    lay.block("dodgers", n, "who dodged it (relative seats)")
    lay.block("queue", n, "the seats being asked in turn (relative seats)")
    lay.block("final_turns_owed", n, "the seats still owed a final turn (relative seats)")
    lay.block("players", n * PER_PLAYER,
              f"per player from the observer on: points / {POINTS:g}, cell / 8, cell value / 5, row length / 8, "
              f"hand limit / 7, hand size / {CARD_COUNT:g}, abstinence / 2, insults / 2, real drinks / {DRINKS:g}, "
              "paused; stage one-hot (1-4); out (drunk, thrown out); shot tokens by kind; titles 1-4; copying someone; "
              f"hand by card / {CARD_COUNT:g} (the observer's own); known cards by card")
    lay.seats_block("copying", "whom the observer copies (Dám si to co ty)")
    return lay


def encode(view: dict):
    players = view["players"]
    n = len(players)
    seat, rel, hot, where, values, o = begin(view, n, PHASE)
    hot.append(o + rel[view["active"]])
    o += n
    low, high = view["last_order_positions"]
    where += range(o, o + 8)
    values += (view["turn"] / TURN, view["deck_size"] / DECK, len(view["discard_pile"]) / DECK,
               view["reshuffles"] / 5, low / DECK, high / DECK, len(view["final_turns_owed"]) / n,
               view["queue_position"] / n)
    o += 8
    flags = (view["last_round"], view["lone_turn_started"], view["played_this_turn"], view["copy_turn"],
             view["window_reacted"], bool(view["pending_card"]))
    hot += [o + i for i, flag in enumerate(flags) if flag]
    o += 6
    for card, count in Counter(view["discard_pile"]).items():
        where.append(o + CARD[card])
        values.append(count / CARD_COUNT)
    o += CARDS
    hot.append(o + LAST_ORDER[view["last_order"]])
    o += len(D.LO_NAME)
    one_seat(hot, o, rel, view["last_order_holder"])
    o += n
    one_seat(hot, o, rel, view["lone_player"])
    o += n
    where += range(o, o + TITLES)
    values += (t / 4 for t in view["title_tokens_left"])
    o += TITLES
    for i, entry in enumerate(view["table"]):
        base = o + i * SLOT
        hot.append(base + CARD[entry["card"]])
        if entry["shot"]:
            hot.append(base + CARDS + SHOT[entry["shot"]])
        hot.append(base + CARDS + D.SHOT_KINDS + ORIGIN[entry["origin"]])
        if entry["poured_by"] >= 0:
            hot.append(base + SLOT - 1)
    o += TABLE_SLOTS * SLOT
    if view["pending_card"]:
        hot.append(o + CARD[view["pending_card"]])
    o += CARDS
    one_seat(hot, o, rel, view["pending_target"])
    o += n
    for q in view["dodgers"]:
        hot.append(o + rel[q])
    o += n
    for q in view["queue"]:
        hot.append(o + rel[q])
    o += n
    for q in view["final_turns_owed"]:
        hot.append(o + rel[q])
    o += n
    for q in observer_order(seat, n):
        p = players[q]
        base = o + rel[q] * PER_PLAYER
        where += range(base, base + 9)
        values += (p["points"] / POINTS, p["cell"] / 8, p["cell_value"] / 5, p["row_length"] / 8,
                   p["hand_limit"] / 7, p["hand_card_count"] / CARD_COUNT, p["abstinence"] / 2,
                   p["insults"] / 2, p["real_drinks"] / DRINKS)
        b = base + 9
        if p["paused"]:
            hot.append(b)
        hot.append(b + p["stage"])  # stage 1..4 after the paused entry
        b += 1 + STAGES
        if p["out_reason"]:
            hot.append(b + OUT[p["out_reason"]])
        b += 2
        for kind in p["shot_tokens"]:
            hot.append(b + SHOT[kind])
        b += D.SHOT_KINDS
        for t in p["titles"]:
            hot.append(b + t - 1)
        b += TITLES
        if p["copying"] >= 0:
            hot.append(b)
        b += 1
        for card in p["hand"]:
            where.append(b + CARD[card])
            values.append(1 / CARD_COUNT)
        b += CARDS
        for card in p["known_cards"]:
            where.append(b + CARD[card])
            values.append(1 / CARD_COUNT)
    o += n * PER_PLAYER
    if seat >= 0 and players[seat]["copying"] >= 0:
        hot.append(o + rel[players[seat]["copying"]])
    return finish(layout(n).size, hot, where, values)
