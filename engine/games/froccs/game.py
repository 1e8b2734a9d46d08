"""The Fröccs game: options, move fields, configurations, the state factories
(a new game, from a dict, from a seat's view) and the AI hooks (policy.py)."""

from __future__ import annotations

import random

from boardbot.engine.core import Game, Param

from . import actions, observation, policy
from .rules import BARGAIN_PHASES
from .state import FroccsState


class FroccsGame(Game):
    name = "froccs"
    title = "Fröccs"
    # rollouts are 260-400 moves: cut off at 20 and evaluate (docs/rules/froccs.md, AI)
    rollout_depth = 20
    # side offers and bargaining amounts: a dozen near-equal moves a small search cannot tell
    # apart; there the search follows the greedy bot unless it finds better (search_hint)
    search_bias = 3.0
    # learning environments: about 4x the longest of 40 random games per configuration (522 moves)
    max_moves = 2500
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

    # --- AI knowledge (policy.py) ---
    policy = policy  # heuristic_move, playout_move and evaluate: core.Game calls them

    def search_hint(self, state, rng):
        return self.heuristic_move(state, rng) if state.phase in BARGAIN_PHASES else None

    # learning environments: action ids (actions.py) and observations (observation.py)
    action_kinds = staticmethod(actions.action_kinds)
    layout_of = staticmethod(lambda cfg: observation.layout(cfg["players"]))
    observe = staticmethod(observation.encode)

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
        return FroccsState.FIELDS.load(FroccsState, self, self.validate(data["config"]), data)

    def from_view(self, view, rng: random.Random) -> FroccsState:
        return FroccsState.from_view(self, view, rng)


GAME = FroccsGame()
