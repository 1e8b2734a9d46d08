"""Czech Pub's observation: a seat's view as a float32 array (docs/rules/czech-pub.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools
import struct
from collections import Counter
from boardbot.engine.observation import ObservationLayout, begin, observer_order, one_seat

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
OUT_AT = 9 + 1 + STAGES  # offsets inside a player's block
SHOTS_AT = OUT_AT + 2
TITLES_AT = SHOTS_AT + D.SHOT_KINDS
COPYING_AT = TITLES_AT + TITLES
HAND_AT = COPYING_AT + 1
KNOWN_AT = HAND_AT + CARDS
POINTS, DECK, TURN, CARD_COUNT, DRINKS = 60.0, 110.0, 100.0, 10.0, 20.0
CARD_STEP = 1 / CARD_COUNT
# runs of numbers written in one call (struct packs straight into the array)
NUMBERS, PLAYER_NUMBERS = struct.Struct("8f"), struct.Struct("9f")


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
    obs, out, seat, rel, o = begin(view, layout(n).size, n, PHASE)
    out[o + rel[view["active"]]] = 1.0
    o += n
    low, high = view["last_order_positions"]
    NUMBERS.pack_into(obs, 4 * o, view["turn"] / TURN, view["deck_size"] / DECK, len(view["discard_pile"]) / DECK,
                      view["reshuffles"] / 5, low / DECK, high / DECK, len(view["final_turns_owed"]) / n,
                      view["queue_position"] / n)
    o += 8
    flags = (view["last_round"], view["lone_turn_started"], view["played_this_turn"], view["copy_turn"],
             view["window_reacted"], view["pending_card"])
    for i, flag in enumerate(flags, o):
        if flag:
            out[i] = 1.0
    o += 6
    for card, count in Counter(view["discard_pile"]).items():  # counted in C: the pile can be long
        out[o + CARD[card]] = count / CARD_COUNT
    o += CARDS
    out[o + LAST_ORDER[view["last_order"]]] = 1.0
    o += len(D.LO_NAME)
    one_seat(out, o, rel, view["last_order_holder"])
    o += n
    one_seat(out, o, rel, view["lone_player"])
    o += n
    for i, tokens in enumerate(view["title_tokens_left"], o):
        out[i] = tokens / 4
    o += TITLES
    for i, entry in enumerate(view["table"]):
        base = o + i * SLOT
        out[base + CARD[entry["card"]]] = 1.0
        if entry["shot"]:
            out[base + CARDS + SHOT[entry["shot"]]] = 1.0
        out[base + CARDS + D.SHOT_KINDS + ORIGIN[entry["origin"]]] = 1.0
        if entry["poured_by"] >= 0:
            out[base + SLOT - 1] = 1.0
    o += TABLE_SLOTS * SLOT
    if view["pending_card"]:
        out[o + CARD[view["pending_card"]]] = 1.0
    o += CARDS
    one_seat(out, o, rel, view["pending_target"])
    o += n
    for key in ("dodgers", "queue", "final_turns_owed"):
        for q in view[key]:
            out[o + rel[q]] = 1.0
        o += n
    base = o
    for q in observer_order(seat, n):
        p = players[q]
        PLAYER_NUMBERS.pack_into(obs, 4 * base, p["points"] / POINTS, p["cell"] / 8, p["cell_value"] / 5,
                                 p["row_length"] / 8, p["hand_limit"] / 7, p["hand_card_count"] / CARD_COUNT,
                                 p["abstinence"] / 2, p["insults"] / 2, p["real_drinks"] / DRINKS)
        if p["paused"]:
            out[base + 9] = 1.0
        out[base + 9 + p["stage"]] = 1.0  # stage 1..4 after the paused entry
        if p["out_reason"]:
            out[base + OUT_AT + OUT[p["out_reason"]]] = 1.0
        for kind in p["shot_tokens"]:
            out[base + SHOTS_AT + SHOT[kind]] = 1.0
        for t in p["titles"]:
            out[base + TITLES_AT - 1 + t] = 1.0
        if p["copying"] >= 0:
            out[base + COPYING_AT] = 1.0
        for card in p["hand"]:
            out[base + HAND_AT + CARD[card]] += CARD_STEP
        for card in p["known_cards"]:
            out[base + KNOWN_AT + CARD[card]] += CARD_STEP
        base += PER_PLAYER
    o += n * PER_PLAYER
    if seat >= 0 and players[seat]["copying"] >= 0:
        out[o + rel[players[seat]["copying"]]] = 1.0
    return obs
