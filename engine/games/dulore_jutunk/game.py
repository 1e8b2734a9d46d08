"""Dűlőre jutunk as a hosted game: options, configurations, factories and the AI hooks."""

from __future__ import annotations

import random

from boardbot.engine.core import ConfigError, Game, Param

from . import data as D
from . import policy
from .state import DuloreState


class DuloreGame(Game):
    name = "dulore-jutunk"
    title = "Dűlőre jutunk"
    params = (
        Param("players", 2, "number of players; 1 is the solo game against the Winemaker", minimum=1, maximum=4),
        Param("project", "", "solo project card (easy, medium, hard, expert); solo only, empty = easy",
              choices=("",) + D.PROJECTS),
        Param("honours", False, "variant: honours boards (2-4 players)"),
        Param("honours_side", "a", "which side of the honours board is used (the rulebook lets you choose)",
              choices=("a", "b")),
        Param("advanced_boards", False, "variant: B sides of the player boards (2-4 players)"),
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
    def heuristic_move(self, state, rng):
        return policy.heuristic_move(state, rng)

    def playout_move(self, state, rng):
        return policy.playout_move(state, rng)

    def evaluate(self, state):
        return policy.evaluate(state)

    def check_config(self, cfg: dict) -> None:
        if cfg["players"] == 1:
            if cfg["honours"]:
                raise ConfigError("honours", "the solo game has no honours board")
            if cfg["advanced_boards"]:
                raise ConfigError("advanced_boards", "the solo game uses the A side of the player board")
            if not cfg["project"]:
                cfg["project"] = "easy"
        elif cfg["project"]:
            raise ConfigError("project", "a project card is only used in the solo game (players = 1)")
        if cfg["honours_side"] != "a" and not cfg["honours"]:
            raise ConfigError("honours_side", "only used with honours = true")

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
