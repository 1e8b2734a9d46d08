"""Czech Pub's action ids (docs/rules/czech-pub.md, "Action ids"): every move of a
configuration, kind by kind, in the spelling of ``rules.py``'s move tuples."""

from __future__ import annotations

from boardbot.engine.actions import fields

from . import data as D
from .data import BLAZKOVA, CAJ, DEJTE, LICHOCENI, PANAK_DO_PIVA, PIVO, RUM, SPLETENA, TEPLY, TY_UZ, VODKA, ZVRHNUTA

# Slots of the cards in front of the active player. Its own cards are at most six
# (three actions and three beers, which cost none); each reactor's Panák do piva adds
# two (the card and a supplied shot) and there are three in the deck; the other
# reactions replace or remove a card. 6 + 2 * 3 = 12 slots, with room to spare.
TABLE_SLOTS = 16


def action_kinds(cfg: dict) -> list:
    card = D.CARD_ID
    seats = range(cfg["players"])
    plain = [c for c in range(TY_UZ + 1) if c not in (DEJTE, LICHOCENI) + D.TARGETED]
    shots = [card[c] for c in range(RUM, VODKA + 1)]
    slots = range(TABLE_SLOTS)
    react = [(card[c], slot, "") for c in (ZVRHNUTA, BLAZKOVA, TEPLY, PANAK_DO_PIVA) for slot in slots]
    react += [(card[SPLETENA], slot, card[g]) for slot in slots for g in range(PIVO, CAJ + 1)]
    react += [(card[PANAK_DO_PIVA], -1, shot) for shot in shots]
    return [
        ("play", [(card[c], -1, "") for c in plain]
         + [(card[c], t, "") for c in D.TARGETED for t in seats]
         + [(card[c], -1, kind) for c in (DEJTE, LICHOCENI) for kind in D.SHOT_ID]),
        ("discard", fields(card)),
        ("done", [()]),
        ("react", react),
        ("decline", [()]),
        ("dodge", fields(range(-1, cfg["players"]))),
        ("pay", fields([card[c] for c in range(VODKA + 1)] + [""])),
    ]
