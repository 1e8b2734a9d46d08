"""What a Fritanga seat may see: its view and a state rebuilt from a view (``from_view``, through
``FritangaState._blank`` and ``_settle``); a world re-dealt for a seat is
``FritangaState.sample_for`` in rules.py (once per search iteration, so compiled with the state).

Functions of a ``rules.FritangaState`` (its methods of the same names call them).
"""

from __future__ import annotations

import random
from typing import Any

from boardbot.engine.core import ConfigError

from . import data as D
from .data import (
    FACE_UP, KIND, FRESH, MSHIFT, PUBLIC, PUBLIC_CODE, CHEF_ROLE, STATUS_NAMES, F_START, FRAME_NAMES,
    FRAME_BY_NAME
)
from .data import seat_bit as _bit


# a rules.FritangaState (rules.py imports this module, so the type is not named here)
FritangaState = Any


def view(self: FritangaState, seat: int | None) -> dict:
    lay = self.lay
    n = self.num_seats
    vbit = PUBLIC | (0 if seat is None else _bit(seat))
    grid, kmask, occ = self.grid, self.kmask, self.occ
    names = lay.names
    cards = []  # every card whose face this seat knows
    face_down = []  # every face-down card
    peeks = []  # who knows which face-down card
    keys = D.CARD_KEY
    for c, g in enumerate(grid):
        if g < 0:
            continue
        if g >= FACE_UP:
            cards.append({"cell": c, "card": keys[g & KIND], "face_up": True})
            continue
        face_down.append(c)
        m = kmask[c]
        if m:
            peeks.append({"cell": c, "seats": [q for q in range(n) if m >> q & 1], "known_to_all": bool(m & PUBLIC)})
            if m & vbit:
                cards.append({"cell": c, "card": keys[g], "face_up": False})
    players = []
    for q in range(n):
        own = q == seat
        hand: list[tuple] = []
        for code in self.hands[q]:
            if own or (code >> MSHIFT) & vbit:
                hand.append((0, code & KIND, bool(code & FRESH), bool(code & PUBLIC_CODE)))
            else:
                hand.append((1, 0, self._public_fresh(q, code), False))
        # sorted: known cards by kind, then the unknown ones (the order of
        # acquisition would tell an onlooker which card a steal took)
        hand.sort()
        shown = [{"card": "" if unknown else keys[k], "fresh": fresh, "known_to_all": public}
                 for unknown, k, fresh, public in hand]
        p = self.pos[q]
        players.append({
            "seat": q,
            "role": "chef" if self.status[q] == CHEF_ROLE else "food",
            "team": lay.team[q],
            "status": STATUS_NAMES[self.status[q]],
            "position": p,
            "position_name": names[p] if p >= 0 else "",
            "fallen_at": self.fall_at[q],
            "fried_turn": self.fried_turn[q],
            "hand_card_count": len(self.hands[q]),
            "hand": shown,
        })
    top = self.stack[-1] if self.stack else None
    return {
        "seat": -1 if seat is None else seat,
        "config": dict(self.config),
        "mode": D.MODE_NAMES[self.mode],
        "width": lay.width,
        "height": lay.height,
        "phase": FRAME_NAMES[top[0]] if top else "game_over",
        "decider": self._decider,
        "turn_seat": self.turn_seat,
        "turn": self.turn,
        "chef_seat": D.CHEF_SEAT if self.mode == D.CHEF else -1,
        "chef_cards_played": self.chef_played,
        "final_round": self.final,
        "skip_move": self.skip,
        "face_down_cards": self.facedown,
        "cards": cards,
        "face_down": face_down,
        "peeks": peeks,
        "players": players,
        "chef_hand": [D.SKILL_KEY[k] for k in self.chef_hand],
        "discard": [{"card": D.CARD_KEY[k], "count": x} for k, x in enumerate(self.discard) if x],
        "removed": [{"card": D.CARD_KEY[k], "count": x} for k, x in enumerate(self.removed) if x],
        "stack": [{"frame": FRAME_NAMES[fr[0]], "args": list(fr[1:])} for fr in self.stack],
    }


def from_view(cls: Any, game: Any, view: dict, rng: random.Random) -> FritangaState:
    """A state of ``cls`` (rules.FritangaState) rebuilt from a seat's view, the hidden cards dealt with ``rng``."""
    cfg = game.validate(view["config"])
    seat = view["seat"]
    n = cfg["players"]
    if not 0 <= seat < n:
        raise ConfigError("seat", "a state can only be rebuilt from a player's view")
    s = cls._blank(game, cfg, rng.getrandbits(63))
    lay = s.lay
    unseen = list(lay.universe)
    holes = []  # face-down cells whose card the seat does not know
    for pv in view["peeks"]:
        s.kmask[pv["cell"]] = sum(_bit(q) for q in pv["seats"]) | (PUBLIC if pv["known_to_all"] else 0)
    for cv in view["cards"]:
        k = D.KIND_BY_KEY[cv["card"]]
        unseen[k] -= 1
        s.grid[cv["cell"]] = k | (FACE_UP if cv["face_up"] else 0)
    for c in view["face_down"]:
        if s.grid[c] < 0:
            holes.append(c)
    slots = []  # hand cards the seat does not know
    for pv in view["players"]:
        q = pv["seat"]
        s.status[q] = STATUS_NAMES.index(pv["status"])
        s.pos[q] = pv["position"]
        if pv["position"] >= 0:
            s.occ[pv["position"]] = q
        s.fall_at[q] = pv["fallen_at"]
        s.fried_turn[q] = pv["fried_turn"]
        hand = []
        for i, hv in enumerate(pv["hand"]):
            code = FRESH if hv["fresh"] else 0
            if hv["known_to_all"]:
                code |= PUBLIC_CODE
            elif q == seat:
                code |= _bit(seat) << MSHIFT
            else:
                code |= (_bit(q) | (_bit(seat) if hv["card"] else 0)) << MSHIFT
            if hv["card"]:
                k = D.KIND_BY_KEY[hv["card"]]
                unseen[k] -= 1
                code |= k
            else:
                slots.append((q, i))
            hand.append(code)
        s.hands[q] = hand
    for entry in view["discard"]:
        k = D.KIND_BY_KEY[entry["card"]]
        s.discard[k] = entry["count"]
        unseen[k] -= entry["count"]
    for entry in view["removed"]:
        k = D.KIND_BY_KEY[entry["card"]]
        s.removed[k] = entry["count"]
        unseen[k] -= entry["count"]
    # start Fritos cards still waiting in front of their players
    unseen[D.FRITOS] -= sum(1 for fr in view["stack"] if fr["frame"] == FRAME_NAMES[F_START])
    pool = [k for k in range(D.NUM_KINDS) for _ in range(unseen[k])]
    if min(unseen) < 0 or len(pool) != len(holes) + len(slots):
        raise ConfigError("cards", "the view's cards do not match the game's card list")
    rng.shuffle(pool)
    for q, i in slots:
        j = next((j for j, k in enumerate(pool) if D.IS_HAND[k]), None)
        if j is None:
            raise ConfigError("players", "a hidden hand card cannot be dealt")
        s.hands[q][i] |= pool.pop(j)
    for c, k in zip(holes, pool):
        s.grid[c] = k
    s.chef_hand = [D.SKILL_BY_KEY[k] for k in view["chef_hand"]]
    s.chef_played = view["chef_cards_played"]
    s.final = view["final_round"]
    s.stack = [(FRAME_BY_NAME[fr["frame"]], *fr["args"]) for fr in view["stack"]]
    s.turn_seat = view["turn_seat"]
    s.turn = view["turn"]
    s.skip = view["skip_move"]
    s.over = view["phase"] == "game_over"
    s._settle()
    return s
