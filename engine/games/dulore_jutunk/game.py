"""Dűlőre jutunk as a hosted game: options, configurations, factories and the AI hooks."""

from __future__ import annotations

import random

from boardbot.engine.core import Game, Param, ParamRule

from . import data as D
from . import actions, observation, policy
from .state import DuloreState


class DuloreGame(Game):
    name = "dulore-jutunk"
    title = "Dűlőre jutunk"
    # learning environments: about 4x the longest of 40 random games per configuration (503 moves)
    max_moves = 2100
    params = (
        Param("players", 2, "number of players; 1 is the solo game against the Winemaker", minimum=1, maximum=4),
        Param("project", "", "solo project card (easy, medium, hard, expert); solo only, empty = easy",
              choices=("",) + D.PROJECTS),
        Param("honours", False, "variant: honours boards (2-4 players)"),
        Param("honours_side", "a", "which side of the honours board is used (the rulebook lets you choose)",
              choices=("a", "b")),
        Param("advanced_boards", False, "variant: B sides of the player boards (2-4 players)"),
    )
    SOLO, MULTI = (("players", (1,)),), (("players", (2, 3, 4)),)
    param_rules = (
        ParamRule(SOLO, "honours", "the solo game has no honours board", allowed=(False,)),
        ParamRule(SOLO, "advanced_boards", "the solo game uses the A side of the player board", allowed=(False,)),
        ParamRule(SOLO, "project", "the solo game plays one project card: easy (the default), medium, hard or expert",
                  allowed=D.PROJECTS, default="easy"),
        ParamRule(MULTI, "project", "a project card is only used in the solo game (players = 1)", allowed=("",)),
        ParamRule((("honours", (False,)),), "honours_side", "the honours board's side is only chosen with honours",
                  allowed=("a",)),
    )
    move_fields = {
        "harvest": ("vineyard",),
        "fulfil": ("card", "end"),
        "keep": ("red", "yellow"),
        "press": ("red", "yellow"),
        "age": ("colour", "space"),
        "take_order": ("slot",),
        "draw": ("count",),
        "farmer": ("vineyard", "bonus"),
        "honour": ("row", "bonus"),
        "project_space": ("space",),
        "discard_grapes": ("red", "yellow"),
        "discard_bottle": ("colour",),
        "pass_bottle": ("colour",),
        "skip": (),
    }

    # --- AI knowledge (policy.py) ---------------------------------------------------
    policy = policy  # heuristic_move, playout_move and evaluate: core.Game calls them

    def score_bounds(self, cfg: dict):
        # every order card's stars, and the most connections between two cards at every link of one row
        if cfg["players"] != 1:
            return None
        links = max(D.connections(a, b) for a in range(D.NUM_ORDERS) for b in range(D.NUM_ORDERS))
        return 0.0, float(sum(card[3] for card in D.ORDER_CARDS) + links * (D.NUM_ORDERS - 1))

    # learning environments: action ids (actions.py) and observations (observation.py)
    action_kinds = staticmethod(actions.action_kinds)
    layout_of = staticmethod(lambda cfg: observation.layout(cfg["players"]))
    observe = staticmethod(observation.encode)

    def configurations(self) -> list[dict]:
        out = [{"players": 1, "project": p} for p in D.PROJECTS]
        for n in (2, 3, 4):
            out.append({"players": n})
        out.append({"players": 2, "honours": True, "advanced_boards": True})
        out.append({"players": 3, "honours": True, "honours_side": "b", "advanced_boards": True})
        out.append({"players": 4, "honours": True, "honours_side": "b"})
        return out

    # --- factories ------------------------------------------------------------------------
    def _new_state(self, cfg: dict, rng: random.Random) -> DuloreState:
        return DuloreState.deal(self, cfg, rng)

    def from_dict(self, data) -> DuloreState:
        cfg = self.validate(data["config"])
        s = DuloreState.FIELDS.load(DuloreState, self, cfg, data)
        s.hrows = D.honour_rows(cfg["players"], cfg["honours"], cfg["honours_side"])
        return s

    def from_view(self, view, rng: random.Random) -> DuloreState:
        return DuloreState.from_view(self, view, rng)


GAME = DuloreGame()
