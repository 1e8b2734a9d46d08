"""Fröccs' observation: a seat's view as a float32 array (docs/rules/froccs.md,
"Observation"; conventions in ``boardbot.engine.observation``)."""

from __future__ import annotations

import functools
import struct
from boardbot.engine.observation import ObservationLayout, begin, observer_order, one_seat

from . import data as D
from .phases import PHASE_NAME

CARDS = D.NUM_CARDS
CARD = D.CARD_ID
HEROES = len(D.HEROES)
HERO = D.HERO_ID
PHASE = {name: i for i, name in enumerate(PHASE_NAME)}
TYPES = {"sell": 0, "draw": 1, "buy": 2, "play": 3}
SIZE = {size: i for i, size in enumerate(D.GLASS_SIZES)}
DRINK = {D.CARD_NAMES[c]: i for i, c in enumerate(D.DRINKS)}
MISCHIEF = {D.CARD_NAMES[c]: i for i, c in enumerate(D.MISCHIEF)}
WINE = {D.CARD_NAMES[c]: i for i, c in enumerate(D.WINES)}
GLASSES = D.MAX_GLASSES
PER_GLASS = 1 + len(D.GLASS_SIZES) + len(D.DRINKS) + 1
PER_PLAYER = HEROES + 1 + 2 + CARDS + GLASSES * PER_GLASS + len(D.GLASS_SIZES) + 3
# offered cards: card x (into the target's side or the active player's) x from (hand, glass 1-3) x to (the same)
PLACES = 1 + GLASSES
OFFER_CARDS = CARDS * 2 * PLACES * PLACES
SIDE = 6
MONEY, HAND, DECK, TURN, COUNT = 100.0, 10.0, 106.0, 50.0, 10.0
COUNT_STEP, HAND_STEP, THIRD = 1 / COUNT, 1 / HAND, 1 / 3
TURN_NUMBERS = struct.Struct("13f")  # written in one call (struct packs straight into the array)
# offsets inside a glass's block and a player's
GLASS_SIZE_AT = {size: 1 + i for i, size in enumerate(D.GLASS_SIZES)}
GLASS_DRINK_AT = {name: 1 + len(D.GLASS_SIZES) + i for name, i in DRINK.items()}
GLASS_DISCARD_AT = HEROES + 3 + CARDS + GLASSES * PER_GLASS


@functools.cache
def layout(players: int) -> ObservationLayout:
    n = players
    lay = ObservationLayout(n)
    lay.block("phase", len(PHASE_NAME), "phase one-hot: " + ", ".join(PHASE_NAME))
    lay.seats_block("decider", "the seat to decide")
    lay.seats_block("active_player", "the active player")
    lay.block("turn", 13, f"turn / {TURN:g}, actions used / 3, action limit / 3, splash moves left / 2, "
              "cards left to play / 3, cards played / 3, drawn cards / 3, deck size / 106, glass deck / 26, "
              "dl sold / 10, big spritzers sold / 3, spritzers sold / 3, the mischief's offer turns left / 3")
    lay.block("flags", 8, "extra action used, recycle used, Icuka used, recycling, top-up paid, mischief active, "
              "first offer turn, game over")
    lay.block("action_types_used", 4, "sell, draw, buy, play used this turn")
    lay.block("drawn", CARDS, f"the drawn cards by card (data.CARD_NAMES order) / {COUNT:g}")
    lay.block("discard", CARDS, f"the discard pile by card / {COUNT:g}")
    lay.block("counter", len(D.GLASS_SIZES), "glasses at the counter by size (2, 3, 5 dl) / 3")
    lay.block("hand", CARDS, f"the observer's hand by card / {HAND:g}")
    lay.block("dealt_heroes", HEROES, "the heroes dealt to the observer to choose from")
    lay.seats_block("hero_seat", "the seat choosing a hero")
    lay.block("players", n * PER_PLAYER,
              f"per player from the observer on: hero one-hot; hero chosen; money / {MONEY:g}; hand size / {HAND:g}; "
              f"cards known to be in the hand by card / {COUNT:g}; per glass (3): present, size one-hot, "
              "cards by drink / 5, finished; discarded glasses by size / 5; pledged / 40 (One More Round), "
              "passed the pledge, pledges first")
    lay.block("mischief", len(D.MISCHIEF) * 2 + GLASSES + len(D.WINES), "the mischief card and its effect one-hot "
              "(Zsíros kenyér, Kilöttyintés, Borravaló, Pohártörés), the glass aimed at, the wine named")
    lay.seats_block("mischief_target", "the mischief's target")
    lay.seats_block("proposer", "the seat proposing")
    lay.seats_block("side_seat", "the seat asked for a side offer")
    lay.block("offer_money", n, f"the offer's money by payer (relative seats) / {MONEY:g}")
    lay.block("offer_cards", OFFER_CARDS, "the offer's cards: card x to the target (else to the active player) x "
              "from (hand, glass 1-3) x to (hand, glass 1-3), counts")
    lay.block("side_offers", n * SIDE, "per seat (relative): made a side offer, hidden from the observer, to the "
              "active player, to the target, only if carried out, amount / 30")
    lay.block("end", 2, "game end triggered, final turns left / players")
    return lay


def encode(view: dict):
    players = view["players"]
    n = len(players)
    obs, out, seat, rel, o = begin(view, layout(n).size, n, PHASE)
    active = view["active_player"]
    out[o + rel[active]] = 1.0
    o += n
    sale = view["sale"]
    mis = view["mischief"]
    TURN_NUMBERS.pack_into(
        obs, 4 * o, view["turn"] / TURN, view["actions_used"] / 3, view["action_limit"] / 3, view["splash_left"] / 2,
        view["cards_left_to_play"] / 3, view["cards_played"] / 3, view["drawn_card_count"] / 3,
        view["deck_size"] / DECK, view["glass_deck_size"] / 26, sale["dl_sold"] / 10, sale["big_spritzers_sold"] / 3,
        sale["spritzers_sold"] / 3, mis["turns_left"] / 3)
    o += 13
    flags = (view["extra_action_used"], view["recycle_used"], view["icuka_used"], view["recycling"],
             sale["top_up_paid"], mis["active"], mis["first_turn"], view["game_over"])
    for i, flag in enumerate(flags, o):
        if flag:
            out[i] = 1.0
    o += 8
    for t in view["action_types_used"]:
        out[o + TYPES[t]] = 1.0
    o += 4
    for card in view["drawn"]:
        out[o + CARD[card]] += COUNT_STEP
    o += CARDS
    for card, count in view["discard"].items():
        if count:
            out[o + CARD[card]] = count / COUNT
    o += CARDS
    for size in view["counter"]:
        out[o + SIZE[size]] += THIRD
    o += len(D.GLASS_SIZES)
    for card in view["hand"]:
        out[o + CARD[card]] += HAND_STEP
    o += CARDS
    for h in view["dealt_heroes"]:
        out[o + HERO[h]] = 1.0
    o += HEROES
    one_seat(out, o, rel, view["hero_seat"])
    o += n
    end = view["end"]
    pledges, passed, pledge_start = end["pledges"], end["passed"], end["pledge_start"]
    base = o
    for q in observer_order(seat, n):
        p = players[q]
        if p["hero"]:
            out[base + HERO[p["hero"]]] = 1.0
        if p["hero_chosen"]:
            out[base + HEROES] = 1.0
        out[base + HEROES + 1] = p["money"] / MONEY
        out[base + HEROES + 2] = p["hand_size"] / HAND
        b = base + HEROES + 3
        for card in p["known_cards"]:
            out[b + CARD[card]] += COUNT_STEP
        b += CARDS
        for glass in p["glasses"]:
            out[b] = 1.0
            out[b + GLASS_SIZE_AT[glass["size"]]] = 1.0
            for card in glass["cards"]:
                out[b + GLASS_DRINK_AT[card]] += 0.2
            if glass["finished"]:
                out[b + PER_GLASS - 1] = 1.0
            b += PER_GLASS
        b = base + GLASS_DISCARD_AT
        gd = p["glass_discard"]
        out[b] = gd["dl2"] / 5
        out[b + 1] = gd["dl3"] / 5
        out[b + 2] = gd["dl5"] / 5
        out[b + 3] = pledges[q] / 40
        if passed[q]:
            out[b + 4] = 1.0
        if pledge_start == q:
            out[b + 5] = 1.0
        base += PER_PLAYER
    o += n * PER_PLAYER
    if mis["card"]:
        out[o + MISCHIEF[mis["card"]]] = 1.0
    if mis["effect"]:
        out[o + len(D.MISCHIEF) + MISCHIEF[mis["effect"]]] = 1.0
    b = o + 2 * len(D.MISCHIEF)
    if mis["glass"] >= 0:
        out[b + mis["glass"]] = 1.0
    if mis["wine"]:
        out[b + GLASSES + WINE[mis["wine"]]] = 1.0
    o += len(D.MISCHIEF) * 2 + GLASSES + len(D.WINES)
    target = mis["target"]
    for who in (target, mis["proposer"], mis["side_seat"]):
        one_seat(out, o, rel, who)
        o += n
    for comp in mis["offer"]:
        if comp["kind"] == "money":
            out[o + rel[comp["from_seat"]]] += comp["amount"] / MONEY
        else:
            index = (o + n + ((CARD[comp["card"]] * 2 + (comp["to_seat"] == target)) * PLACES
                              + comp["from_glass"] + 1) * PLACES + comp["to_glass"] + 1)
            out[index] += 1.0
    o += n + OFFER_CARDS
    for side in mis["side_offers"]:
        base = o + rel[side["seat"]] * SIDE
        out[base] = 1.0
        if side["hidden"]:
            out[base + 1] = 1.0
        else:
            recipient = side["recipient"]
            if recipient == active:
                out[base + 2] = 1.0
            elif recipient >= 0:
                out[base + 3] = 1.0
            if side["if_carried_out"]:
                out[base + 4] = 1.0
            out[base + 5] = side["amount"] / 30
    o += n * SIDE
    if end["triggered"]:
        out[o] = 1.0
    out[o + 1] = max(end["final_turns"], 0) / n
    return obs
