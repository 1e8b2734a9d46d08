"""The Fröccs game: options, move fields, configurations, the state factories
(a new game, from a dict, from a seat's view) and the AI hooks (policy.py)."""

from __future__ import annotations

import random

from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER
from boardbot.engine.core import EnumTable, Game, Param, public_scores

from . import data as D
from . import actions, observation, policy
from .move_fields import MOVE_FIELDS
from .phases import BARGAIN_PHASES
from .rules import score_breakdown
from .state import FIELDS, FroccsState


class FroccsGame(Game):
    name = "froccs"
    title = "Fröccs"
    blurb = "Mix wine and soda into spritzers, sell them, and bargain over mischief."
    rules_version = 2  # bump it when a rule changes (docs/storage.md, "Rules versions")
    # 2: the chance events draw from the BLAKE2b stream (engine/chance.py); 1, the Mersenne Twister,
    # still plays its stored games (docs/storage.md, "The chance stream")
    chance_stream = BLAKE2B_STREAM
    older_versions = {1: MERSENNE_TWISTER}
    # recorded as text in tests/playthroughs (engine/playthrough.py)
    playthroughs = ({"players": 2, "heroes": "choose", "everyones_my_guest": True, "one_more_round": True},
                    {"players": 3, "heroes": "first_game", "everyones_my_guest": False, "one_more_round": True})
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
        Param("heroes", "first_game", "first game: one random hero from the basic eight; "
              "choose: deal two, each seat keeps one", choices=("first_game", "choose")),
        Param("everyones_my_guest", False, "variant: pour into other players' glasses; cards in glasses "
              "may be bargained"),
        Param("one_more_round", False, "variant: at the end, pledge 40 forints for one more round"),
    )
    move_fields = MOVE_FIELDS  # from the proto's <Game>Move (move_fields.py)
    secret_fields = ("hands", "dealt")  # the hands, and the heroes dealt to choose from
    # Böske fends off with a random card of her hand, discarded face up
    shown_by_rule = {"fend_off": frozenset({"discard", "players"})}

    def components(self) -> dict:
        cards = {}
        for card, key in enumerate(D.CARD_NAMES):
            if card in D.WINES:
                kind, text = "wine", "1 dl of wine: pour it into a glass"
            elif card == D.SODA:
                kind, text = "soda", "1 dl of soda: pour it into a glass"
            elif card == D.TIFY:
                kind, text = "defence", "cancel a mischief card played on you"
            else:
                kind, text = "mischief", D.MISCHIEF_TEXT[card]
            cards[key] = {"name": D.CARD_TITLES[card], "kind": kind, "text": text}
        heroes = {key: {"name": title, "text": D.HERO_TEXT[hero], "advanced": hero in D.ADVANCED_HEROES}
                  for hero, (key, title) in enumerate(D.HEROES)}
        menu = [{"size": size, "wine": wine, "name": D.MIX_NAMES[(size, wine)], "prices": D.PRICES[(size, wine)]}
                for size, wine in D.MIXES]
        return {"cards": EnumTable("FroccsCard", cards), "heroes": EnumTable("FroccsHero", heroes), "menu": menu}

    def live_scores(self, state: FroccsState) -> list[tuple[dict, dict]]:
        """Money and what the glasses would fetch at the end (money, glasses and the number of
        cards in each hand are on the table)."""
        return public_scores(score_breakdown(state))

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
        return FIELDS.load(FroccsState, self, self.validate(data["config"]), data)

    def from_view(self, view, rng: random.Random) -> FroccsState:
        return FroccsState.from_view(self, view, rng)


GAME = FroccsGame()
