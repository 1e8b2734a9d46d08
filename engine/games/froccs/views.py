"""Fröccs information: what a seat may see (its view, the public text of a move) and a state
rebuilt from a seat's view (``from_view``); a world re-dealt for a seat is
``FroccsState.sample_for`` in rules.py (once per search iteration, so compiled with the state).

Functions of a ``rules.FroccsState`` (its methods of the same names call them).
"""

from __future__ import annotations

import random
from typing import Any

from boardbot.engine.core import ConfigError

from . import data as D
from . import glasses as G
from .data import CARD_ID as CID
from .data import CARD_NAMES as NAMES
from .data import NUM_CARDS as NUM
from .data import hero_pool
from .phases import HERO, OVER, PHASE_BY_NAME, PHASE_NAME

FINISHED = G.FINISHED

# a rules.FroccsState (rules.py imports this module, so the type is not named here)
FroccsState = Any


def public_move_text(self: FroccsState, move: tuple, observer: int | None) -> str:
    kind: str = move[0]  # typed: compiled code compares it as a str
    if kind == "choose_hero" and observer != self.hero_seat:
        return "choose a hero"
    if kind == "side_offer" and observer not in (self.player, self.mis[2], self.side_seat):
        return "make a side offer to the bargainers"
    return self.move_text(move)


def side_visible(self: FroccsState, seat: int | None, entry: tuple) -> bool:
    """Whether ``seat`` sees the side offer ``entry``: its maker and the two bargainers do."""
    return seat is not None and (seat == entry[0] or seat == self.player or seat == self.mis[2])


def view(self: FroccsState, seat: int | None) -> dict:
    n = self.num_seats
    over = self.phase == OVER
    hero_phase = self.phase == HERO
    players = []
    for q in range(n):
        show_hero = not hero_phase or q == seat
        players.append({
            "hero": D.HEROES[self.heroes[q]][0] if self.heroes[q] >= 0 and show_hero else "",
            "hero_chosen": self.chosen[q],
            "money": self.money[q],
            "hand_size": sum(self.hands[q]),
            "known_cards": _card_list(self.known[q]),
            "glasses": [_glass_view(g) for g in self.glasses[q]],
            "glass_discard": _sizes(self.glass_discard[q]),
        })
    mis = self.mis
    if mis is not None:
        side = []
        for entry in self.side:
            if side_visible(self, seat, entry):
                side.append({"seat": entry[0], "hidden": False, "recipient": entry[1],
                             "if_carried_out": entry[2], "amount": entry[3]})
            else:
                side.append({"seat": entry[0], "hidden": True, "recipient": -1,
                             "if_carried_out": False, "amount": 0})
        mischief = {
            "active": True, "card": NAMES[mis[0]], "effect": NAMES[mis[1]], "target": mis[2],
            "glass": mis[3], "wine": NAMES[mis[4]] if mis[4] >= 0 else "",
            "proposer": self.proposer, "turns_left": self.turns_left, "first_turn": self.first_turn,
            "offer": [_component_view(c) for c in self.offer],
            "side_offers": side, "side_seat": self.side_seat,
        }
    else:
        mischief = {"active": False, "card": "", "effect": "", "target": -1, "glass": -1, "wine": "",
                    "proposer": -1, "turns_left": 0, "first_turn": False, "offer": [],
                    "side_offers": [], "side_seat": -1}
    own = seat is not None
    drawer_sees = own and seat == self.player
    return {
        "seat": -1 if seat is None else seat,
        "config": dict(self.config),
        "phase": PHASE_NAME[self.phase],
        "decider": self.decider(),
        "active_player": self.player,
        "turn": self.turn,
        "actions_used": self.actions_used,
        "action_limit": self.action_limit,
        "action_types_used": [D.ACTION_NAMES[b] for b in (D.SELL, D.DRAW, D.BUY, D.PLAY)
                              if self.types_used & b],
        "splash_left": self.splash_left,
        "extra_action_used": self.buzgo_used,
        "recycle_used": self.recycle_used,
        "icuka_used": self.icuka_used,
        "sale": {"dl_sold": self.sale[0], "big_spritzers_sold": self.sale[1],
                 "top_up_paid": self.sale[2], "spritzers_sold": self.sale[3]},
        "cards_left_to_play": self.play_left,
        "cards_played": self.play_count,
        "drawn_card_count": len(self.drawn),
        "drawn": [NAMES[c] for c in sorted(self.drawn)] if drawer_sees else [],
        "recycling": self.recycling,
        "deck_size": len(self.deck),
        "discard": _counts(self.discard),
        "glass_deck_size": len(self.glass_deck),
        "counter": list(self.counter),
        "players": players,
        "hand": _card_list(self.hands[seat]) if own else [],
        "dealt_heroes": [D.HEROES[h][0] for h in self.dealt[seat]] if own else [],
        "hero_seat": self.hero_seat,
        "mischief": mischief,
        "end": {
            "triggered": self.triggered, "final_turns": self.final_turns,
            "one_more_round_used": self.round_used, "pledges": list(self.pledges),
            "passed": list(self.passed), "pledge_seat": self.pledge_seat,
            "pledge_start": self.pledge_start,
        },
        "game_over": over,
    }


def from_view(cls: Any, game: Any, view: dict, rng: random.Random) -> FroccsState:
    """A state of class ``cls`` rebuilt from a seat's ``view``, everything hidden dealt with ``rng``."""
    cfg = game.validate(view["config"])
    seat = view["seat"]
    n = cfg["players"]
    if not 0 <= seat < n:
        raise ConfigError("seat", "a state can only be rebuilt from a player's view")
    s = cls.__new__(cls)
    s._init_base(game, cfg, rng.getrandbits(63))
    players = view["players"]
    ids = [CID[name] for name in NAMES]

    def counts(d):
        return [d[NAMES[c]] for c in ids]

    s.known = [_list_counts(pv["known_cards"]) for pv in players]
    s.hands = [k[:] for k in s.known]
    s.hands[seat] = _list_counts(view["hand"])
    s.glasses = [[_glass_from_view(g) for g in pv["glasses"]] for pv in players]
    s.money = [pv["money"] for pv in players]
    hero_phase = view["phase"] == "choose_hero"
    s.heroes = [D.HERO_ID[pv["hero"]] if pv["hero"] else D.NO_HERO for pv in players]
    s.chosen = [pv["hero_chosen"] for pv in players]
    s.glass_discard = [[pv["glass_discard"][f"dl{size}"] for size in D.GLASS_SIZES] for pv in players]
    s.discard = counts(view["discard"])
    s.counter = list(view["counter"])
    s.player = view["active_player"]
    s.phase = PHASE_BY_NAME[view["phase"]]
    s.turn = view["turn"]
    s.actions_used = view["actions_used"]
    s.action_limit = view["action_limit"]
    s.types_used = sum(b for b in (D.SELL, D.DRAW, D.BUY, D.PLAY)
                       if D.ACTION_NAMES[b] in view["action_types_used"])
    s.splash_left = view["splash_left"]
    s.buzgo_used = view["extra_action_used"]
    s.recycle_used = view["recycle_used"]
    s.icuka_used = view["icuka_used"]
    sale = view["sale"]
    s.sale = [sale["dl_sold"], sale["big_spritzers_sold"], sale["top_up_paid"], sale["spritzers_sold"]]
    s.play_left = view["cards_left_to_play"]
    s.play_count = view["cards_played"]
    s.recycling = view["recycling"]
    mv = view["mischief"]
    if mv["active"]:
        s.mis = (CID[mv["card"]], CID[mv["effect"]], mv["target"], mv["glass"],
                 CID[mv["wine"]] if mv["wine"] else -1)
    else:
        s.mis = None
    s.proposer = mv["proposer"]
    s.turns_left = mv["turns_left"]
    s.first_turn = mv["first_turn"]
    s.offer = []
    for comp in mv["offer"]:
        if comp["kind"] == "money":
            s.offer.append(("offer_money", comp["from_seat"], comp["amount"]))
        else:
            s.offer.append(("offer_card", comp["card"], comp["from_seat"], comp["from_glass"],
                            comp["to_seat"], comp["to_glass"]))
    s.side_seat = mv["side_seat"]
    end = view["end"]
    s.triggered = end["triggered"]
    s.final_turns = end["final_turns"]
    s.round_used = end["one_more_round_used"]
    s.pledges = list(end["pledges"])
    s.passed = list(end["passed"])
    s.pledge_seat = end["pledge_seat"]
    s.pledge_start = end["pledge_start"]
    s.hero_seat = view["hero_seat"]
    s._moves = None
    # placeholders for what the seat cannot see; sample_for re-deals them
    s.side = []
    for e in mv["side_offers"]:
        if e["hidden"]:
            s.side.append((e["seat"], s.player, True, D.SIDE_OFFER_AMOUNTS[0]))
        else:
            s.side.append((e["seat"], e["recipient"], e["if_carried_out"], e["amount"]))
    s.dealt = [[] for _ in range(n)]
    if hero_phase:
        s.dealt[seat] = [D.HERO_ID[h] for h in view["dealt_heroes"]]
    # spritzer cards: everything not seen is in the deck, in others' hands or drawn
    unseen = list(D.DECK_COUNTS)
    for c in range(NUM):
        unseen[c] -= s.discard[c] + sum(h[c] for h in s.hands)
    for gl in s.glasses:
        for g in gl:
            contents = G.CONTENTS[g]
            for c in D.DRINKS:
                unseen[c] -= contents[1 + c]
    if s.mis is not None:
        unseen[s.mis[0]] -= 1
    own_drawn = [CID[name] for name in view["drawn"]]
    for c in own_drawn:
        unseen[c] -= 1
    if any(u < 0 for u in unseen):
        raise ConfigError("view", "the cards in view exceed the deck")
    pool = [c for c in range(NUM) for _ in range(unseen[c])]
    deck_size = view["deck_size"]
    missing = [pv["hand_size"] - sum(s.hands[q]) if q != seat else 0 for q, pv in enumerate(players)]
    drawn_hidden = view["drawn_card_count"] if not own_drawn else 0
    if len(pool) != deck_size + sum(missing) + drawn_hidden:
        raise ConfigError("view", "card counts do not add up")
    for q in range(n):
        for _ in range(missing[q]):
            s.hands[q][pool.pop()] += 1
    s.drawn = own_drawn if own_drawn else [pool.pop() for _ in range(drawn_hidden)]
    s.deck = pool
    # glasses: the glass deck holds every glass card not seen
    unseen_glass = list(D.GLASS_COUNTS)
    for k, size in enumerate(D.GLASS_SIZES):
        unseen_glass[k] -= s.counter.count(size) + sum(d[k] for d in s.glass_discard)
        unseen_glass[k] -= sum(1 for gl in s.glasses for g in gl if G.SIZE[g] == size)
    s.glass_deck = [size for k, size in enumerate(D.GLASS_SIZES) for _ in range(unseen_glass[k])]
    if len(s.glass_deck) != view["glass_deck_size"]:
        raise ConfigError("view", "glass counts do not add up")
    if hero_phase:
        # others' secret choices: placeholders that sample_for re-deals
        pool_h = [h for h in hero_pool(cfg) if h not in s.dealt[seat]]
        for q in range(n):
            if q != seat:
                s.dealt[q] = [pool_h.pop(), pool_h.pop()]
                if s.chosen[q]:
                    s.heroes[q] = s.dealt[q][0]
    world = s.sample_for(seat, rng)
    world.seed = s.seed
    return world


def _counts(counts) -> dict:
    return dict(zip(NAMES, counts))


def _card_list(counts) -> list:
    """A multiset of cards as a list of names in card order (usually short)."""
    out = []
    for c in range(NUM):
        if counts[c]:
            out.extend([NAMES[c]] * counts[c])
    return out


def _list_counts(names) -> list:
    counts = [0] * NUM
    for name in names:
        counts[CID[name]] += 1
    return counts


_SIZE_KEYS = tuple(f"dl{size}" for size in D.GLASS_SIZES)


def _sizes(counts) -> dict:
    return dict(zip(_SIZE_KEYS, counts))


# by glass code: the cards in the glass, by name
_GLASS_CARDS = [[NAMES[c] for c in D.DRINKS for _ in range(g[1 + c])] for g in G.CONTENTS]


def _glass_view(g: int) -> dict:
    return {"size": G.SIZE[g], "cards": _GLASS_CARDS[g][:], "finished": FINISHED[g]}


def _glass_from_view(gv: dict) -> int:
    """The code of a view's glass (glasses.py); a glass no game can hold is refused."""
    counts = _list_counts(gv["cards"])
    size = gv["size"]
    code = G.CODE.get((size, counts[0], counts[1], counts[2], counts[3])) if isinstance(size, int) else None
    if code is None:
        raise ConfigError("view", "a glass holds what no glass can")
    return code


def _component_view(comp: tuple) -> dict:
    if comp[0] == "offer_money":
        return {"kind": "money", "card": "", "from_seat": comp[1], "from_glass": -1,
                "to_seat": -1, "to_glass": -1, "amount": comp[2]}
    _, card, fs, fg, ts, tg = comp
    return {"kind": "card", "card": card, "from_seat": fs, "from_glass": fg, "to_seat": ts,
            "to_glass": tg, "amount": 0}
