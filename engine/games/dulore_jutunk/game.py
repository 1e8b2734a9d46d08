"""Dűlőre jutunk as a hosted game: options, configurations, factories and the AI hooks."""

from __future__ import annotations

import random

from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER
from boardbot.engine.core import EnumTable, Game, Param, ParamRule, Solo, public_scores

from . import data as D
from . import actions, observation, policy
from .move_fields import MOVE_FIELDS
from .state import DuloreState


class DuloreGame(Game):
    name = "dulore-jutunk"
    title = "Dűlőre jutunk"
    blurb = "Harvest grapes, press and age wine, and fulfil orders."
    solo = Solo("solo against the Winemaker", "Play alone against the Winemaker automaton; choose a project card.",
                "the Winemaker", "The Winemaker is not a seat: its turns run between yours, and the table shows them.")
    rules_version = 2  # bump it when a rule changes (docs/storage.md, "Rules versions")
    # 2: the chance events draw from the BLAKE2b stream (engine/chance.py); 1, the Mersenne Twister,
    # still plays its stored games (docs/storage.md, "The chance stream")
    chance_stream = BLAKE2B_STREAM
    older_versions = {1: MERSENNE_TWISTER}
    # recorded as text in tests/playthroughs (engine/playthrough.py)
    playthroughs = ({"players": 1, "project": "easy"},
                    {"players": 3, "honours": True, "honours_side": "b", "advanced_boards": True})
    # learning environments: about 4x the longest of 40 random games per configuration (503 moves)
    max_moves = 2100
    params = (
        Param("players", 2, "number of players; 1 is the solo game against the Winemaker", minimum=1, maximum=4),
        Param("project", "", "solo project card (easy, medium, hard, expert); solo only, easy when not chosen",
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
    move_fields = MOVE_FIELDS  # from the proto's <Game>Move (move_fields.py)
    # each player's farmer markers in supply and retired (face down: their bonuses are hidden)
    secret_fields = ("supply", "retired")

    def components(self) -> dict:
        cellar = {colour: [D.BONUS_TEXT[D.CELLAR_BONUS[space]] for space in range(start, start + length)]
                  for colour, start, length in zip(D.WINE_NAME, D.TRACK_START, D.TRACK_LEN)}
        return {"bonuses": EnumTable("DuloreJutunkBonus", dict(zip(D.MARKER_BONUS_NAME, D.MARKER_BONUS_TEXT))),
                "abilities": EnumTable("DuloreJutunkAbility", dict(zip(D.SPECIAL_NAME, D.SPECIAL_TEXT))),
                "cellarBonus": cellar, "ring": D.RING, "soloScale": D.SOLO_SCALE}

    def live_scores(self, state: DuloreState) -> list[tuple[dict, dict]]:
        """The stars of the fulfilled orders, their connections and the honours: all on the table
        (the farmer markers' hidden bonuses score nothing)."""
        parts = [state.score_parts(q) for q in range(state.num_seats)]
        return public_scores({"stars": stars, "connections": links, "honours": honours,
                              "total": stars + links + honours} for stars, links, honours in parts)

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
