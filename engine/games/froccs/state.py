"""Fröccs state: its fields, copy and serialisation, and the game (the forward
model is rules.py, views and sampling views.py)."""

from __future__ import annotations

import random

from boardbot.engine.core import Game, Param, State

from .rules import BARGAIN_PHASES, FroccsRules
from .views import FroccsViews


class FroccsState(FroccsRules, FroccsViews, State):
    __slots__ = (
        "hands", "known", "glasses", "money", "heroes", "dealt", "chosen", "glass_discard",
        "deck", "discard", "glass_deck", "counter",
        "player", "phase", "turn", "actions_used", "action_limit", "types_used",
        "splash_left", "buzgo_used", "recycle_used", "icuka_used",
        "sale", "play_left", "play_count", "drawn", "recycling",
        "mis", "proposer", "turns_left", "first_turn", "offer", "side", "side_seat",
        "triggered", "final_turns", "round_used", "pledges", "passed", "pledge_seat", "pledge_start",
        "hero_seat", "_moves",
    )

    # --- plumbing ----------------------------------------------------------
    def copy(self) -> "FroccsState":
        new = FroccsState.__new__(FroccsState)
        new._copy_base(self)
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.glasses = [g[:] for g in self.glasses]
        new.money = self.money[:]
        new.heroes = self.heroes[:]
        new.dealt = self.dealt  # replaced, never mutated
        new.chosen = self.chosen[:]
        new.glass_discard = [d[:] for d in self.glass_discard]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.glass_deck = self.glass_deck[:]
        new.counter = self.counter[:]
        new.player = self.player
        new.phase = self.phase
        new.turn = self.turn
        new.actions_used = self.actions_used
        new.action_limit = self.action_limit
        new.types_used = self.types_used
        new.splash_left = self.splash_left
        new.buzgo_used = self.buzgo_used
        new.recycle_used = self.recycle_used
        new.icuka_used = self.icuka_used
        new.sale = self.sale[:]
        new.play_left = self.play_left
        new.play_count = self.play_count
        new.drawn = self.drawn[:]
        new.recycling = self.recycling
        new.mis = self.mis
        new.proposer = self.proposer
        new.turns_left = self.turns_left
        new.first_turn = self.first_turn
        new.offer = self.offer[:]
        new.side = self.side[:]
        new.side_seat = self.side_seat
        new.triggered = self.triggered
        new.final_turns = self.final_turns
        new.round_used = self.round_used
        new.pledges = self.pledges[:]
        new.passed = self.passed[:]
        new.pledge_seat = self.pledge_seat
        new.pledge_start = self.pledge_start
        new.hero_seat = self.hero_seat
        new._moves = None
        return new

    def to_dict(self) -> dict:
        return {
            "game": "froccs",
            "config": dict(self.config),
            "seed": self.seed,
            "hands": [h[:] for h in self.hands],
            "known": [k[:] for k in self.known],
            "glasses": [[list(g) for g in gl] for gl in self.glasses],
            "money": self.money[:],
            "heroes": self.heroes[:],
            "dealt": [list(d) for d in self.dealt],
            "chosen": self.chosen[:],
            "glass_discard": [d[:] for d in self.glass_discard],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "glass_deck": self.glass_deck[:],
            "counter": self.counter[:],
            "player": self.player,
            "phase": self.phase,
            "turn": self.turn,
            "actions_used": self.actions_used,
            "action_limit": self.action_limit,
            "types_used": self.types_used,
            "splash_left": self.splash_left,
            "buzgo_used": self.buzgo_used,
            "recycle_used": self.recycle_used,
            "icuka_used": self.icuka_used,
            "sale": self.sale[:],
            "play_left": self.play_left,
            "play_count": self.play_count,
            "drawn": self.drawn[:],
            "recycling": self.recycling,
            "mis": list(self.mis) if self.mis is not None else [],
            "proposer": self.proposer,
            "turns_left": self.turns_left,
            "first_turn": self.first_turn,
            "offer": [list(c) for c in self.offer],
            "side": [list(s) for s in self.side],
            "side_seat": self.side_seat,
            "triggered": self.triggered,
            "final_turns": self.final_turns,
            "round_used": self.round_used,
            "pledges": self.pledges[:],
            "passed": self.passed[:],
            "pledge_seat": self.pledge_seat,
            "pledge_start": self.pledge_start,
            "hero_seat": self.hero_seat,
        }


# --- the game --------------------------------------------------------------------
_POLICY = None


def _load_policy():
    global _POLICY
    from . import policy
    _POLICY = policy
    return policy


class FroccsGame(Game):
    name = "froccs"
    title = "Fröccs"
    # rollouts are 260-400 moves: cut off at 20 and evaluate (docs/rules/froccs.md, AI)
    rollout_depth = 20
    # side offers and bargaining amounts: a dozen near-equal moves a small search cannot tell
    # apart; there the search follows the greedy bot unless it finds better (search_hint)
    search_bias = 3.0
    params = (
        Param("players", 4, "number of players (2: draw 3 keep 2, the four advanced heroes removed)",
              minimum=2, maximum=6),
        Param("heroes", "first_game", "first_game: one random hero from the basic eight; "
              "choose: deal two, each seat keeps one", choices=("first_game", "choose")),
        Param("everyones_my_guest", False, "variant: pour into other players' glasses; cards in glasses "
              "may be bargained"),
        Param("one_more_round", False, "variant: at the end, pledge 40 forints for one more round"),
    )
    move_fields = {
        "choose_hero": ("hero",),
        "sell_spritzers": (),
        "sell": ("glass", "adjust"),
        "end_sale": (),
        "draw": ("recycle",),
        "discard_drawn": ("card",),
        "recycle": ("wine",),
        "buy_glasses": (),
        "buy": ("size",),
        "buy_two": ("size_a", "size_b"),
        "play_cards": (),
        "pour": ("card", "owner", "glass"),
        "mischief": ("card", "effect", "target", "glass", "wine"),
        "end_play": (),
        "this_is_for_you": (),
        "fend_off": (),
        "no_defence": (),
        "side_offer": ("recipient", "if_carried_out", "amount"),
        "no_side_offer": (),
        "offer_money": ("payer", "amount"),
        "offer_card": ("card", "from_seat", "from_glass", "to_seat", "to_glass"),
        "propose": (),
        "no_offer": (),
        "carry_out": (),
        "accept": (),
        "refuse": (),
        "splash": ("from_glass", "card", "to_glass"),
        "extra_action": ("wine",),
        "icuka_sell": ("card",),
        "end_turn": (),
        "chip_in": ("amount",),
        "pass_round": (),
    }

    # --- AI knowledge (policy.py, imported on first use: it imports this module) ---
    def heuristic_move(self, state, rng):
        return (_POLICY or _load_policy()).heuristic_move(state, rng)

    def search_hint(self, state, rng):
        return self.heuristic_move(state, rng) if state.phase in BARGAIN_PHASES else None

    def playout_move(self, state, rng):
        return (_POLICY or _load_policy()).playout_move(state, rng)

    def evaluate(self, state):
        return (_POLICY or _load_policy()).evaluate(state)

    def configurations(self) -> list[dict]:
        def cfg(n, heroes="first_game", guest=False, more=False):
            return {"players": n, "heroes": heroes, "everyones_my_guest": guest, "one_more_round": more}
        return [
            cfg(2),
            cfg(2, "choose", True, True),
            cfg(3, "first_game", False, True),
            cfg(4, "choose", True, False),
            cfg(5, "choose", False, True),
            cfg(6, "choose", True, True),
        ]

    def _new_state(self, cfg: dict, rng: random.Random) -> FroccsState:
        return FroccsState.deal(self, cfg, rng)

    def from_dict(self, data) -> FroccsState:
        cfg = self.validate(data["config"])
        s = FroccsState.__new__(FroccsState)
        s._init_base(self, cfg, data["seed"])
        s.hands = [list(h) for h in data["hands"]]
        s.known = [list(k) for k in data["known"]]
        s.glasses = [[tuple(g) for g in gl] for gl in data["glasses"]]
        s.money = list(data["money"])
        s.heroes = list(data["heroes"])
        s.dealt = [list(d) for d in data["dealt"]]
        s.chosen = list(data["chosen"])
        s.glass_discard = [list(d) for d in data["glass_discard"]]
        s.deck = list(data["deck"])
        s.discard = list(data["discard"])
        s.glass_deck = list(data["glass_deck"])
        s.counter = list(data["counter"])
        for name in ("player", "phase", "turn", "actions_used", "action_limit", "types_used",
                     "splash_left", "buzgo_used", "recycle_used", "icuka_used", "play_left", "play_count",
                     "recycling", "proposer", "turns_left", "first_turn", "side_seat", "triggered",
                     "final_turns", "round_used", "pledge_seat", "pledge_start", "hero_seat"):
            setattr(s, name, data[name])
        s.sale = list(data["sale"])
        s.drawn = list(data["drawn"])
        s.mis = tuple(data["mis"]) if data["mis"] else None
        s.offer = [tuple(c) for c in data["offer"]]
        s.side = [tuple(e) for e in data["side"]]
        s.pledges = list(data["pledges"])
        s.passed = list(data["passed"])
        s._moves = None
        return s

    def from_view(self, view, rng: random.Random) -> FroccsState:
        return FroccsState.from_view(self, view, rng)


GAME = FroccsGame()
