"""Fröccs' action ids (docs/rules/froccs.md, "Action ids"): every move of a configuration,
kind by kind, in the spelling of ``rules.py``'s move tuples. Seats are absolute."""

from __future__ import annotations

from boardbot.engine.actions import fields

from . import data as D
from .rules import ADJUSTS

GLASSES = range(D.MAX_GLASSES)
HAND = -1  # a glass index of -1: the hand (offers), no glass (Borravaló)


def _mischief(seats: range) -> list[tuple]:
    names = D.CARD_NAMES
    out = []
    for card in D.MISCHIEF:
        # Hollósi elvtárs may use any mischief card as one of HOLLOSI_EFFECTS
        for effect in (card,) + tuple(e for e in D.HOLLOSI_EFFECTS if e != card):
            for target in seats:
                if effect == D.ZK:
                    out += [(names[card], names[effect], target, g, names[w]) for g in GLASSES for w in D.WINES]
                elif effect == D.BV:
                    out.append((names[card], names[effect], target, HAND, ""))
                else:
                    out += [(names[card], names[effect], target, g, "") for g in GLASSES]
    return out


def _offer_cards(seats: range) -> list[tuple]:
    names = D.CARD_NAMES
    out = []
    for giver in seats:
        for receiver in seats:
            if giver == receiver:
                continue
            for from_glass in (HAND, *GLASSES):
                for to_glass in (HAND, *GLASSES):
                    # only drinks are ever in a glass or poured into one
                    cards = range(D.NUM_CARDS) if from_glass == HAND == to_glass else D.DRINKS
                    out += [(names[c], giver, from_glass, receiver, to_glass) for c in cards]
    return out


def action_kinds(cfg: dict) -> list:
    names = D.CARD_NAMES
    seats = range(cfg["players"])
    wines = [names[w] for w in D.WINES]
    sizes = D.GLASS_SIZES
    return [
        ("choose_hero", fields([name for name, _ in D.HEROES])),
        ("sell_spritzers", [()]),
        ("sell", fields(GLASSES, ADJUSTS)),
        ("end_sale", [()]),
        ("draw", fields((False, True))),
        ("discard_drawn", fields(names)),
        ("recycle", fields(wines)),
        ("buy_glasses", [()]),
        ("buy", fields(sizes)),
        ("buy_two", [(a, b) for i, a in enumerate(sizes) for b in sizes[i:]]),
        ("play_cards", [()]),
        ("pour", fields([names[c] for c in D.DRINKS], seats, GLASSES)),
        ("mischief", _mischief(seats)),
        ("end_play", [()]),
        ("this_is_for_you", [()]),
        ("fend_off", [()]),
        ("no_defence", [()]),
        ("side_offer", fields(seats, (True, False), D.SIDE_OFFER_AMOUNTS)),
        ("no_side_offer", [()]),
        ("offer_money", fields(seats, range(10, D.OFFER_MONEY_CAP + 1, 10))),
        ("offer_card", _offer_cards(seats)),
        ("propose", [()]),
        ("no_offer", [()]),
        ("carry_out", [()]),
        ("accept", [()]),
        ("refuse", [()]),
        ("splash", [(i, names[c], j) for i in GLASSES for c in D.DRINKS for j in GLASSES if j != i]),
        ("extra_action", fields(wines)),
        ("icuka_sell", fields(names)),
        ("end_turn", [()]),
        ("chip_in", fields(D.ROUND_AMOUNTS)),
        ("pass_round", [()]),
    ]
