"""The Fritanga game: its options, its moves as data, the factories of its
states (state.py) and the AI hooks (policy.py)."""

from __future__ import annotations

import random

from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER
from boardbot.engine.core import EnumTable, Game, Param, ParamRule

from . import data as D
from . import actions, observation, policy
from .move_fields import MOVE_FIELDS
from .state import FritangaState


class FritangaGame(Game):
    name = "fritanga"
    title = "Fritanga"
    blurb = "Food on a hot pan: stay on the cards and push the others into the oil."
    rules_version = 2  # bump it when a rule changes (docs/storage.md, "Rules versions")
    # 2: the chance events draw from the BLAKE2b stream (engine/chance.py); 1, the Mersenne Twister,
    # still plays its stored games (docs/storage.md, "The chance stream")
    chance_stream = BLAKE2B_STREAM
    older_versions = {1: MERSENNE_TWISTER}
    # recorded as text in tests/playthroughs (engine/playthrough.py)
    playthroughs = ({"players": 3, "mode": "versus"}, {"players": 4, "mode": "teams"}, {"players": 3, "mode": "chef"})
    # ISMCTS beats greedy only with rollouts cut off at 20 moves (docs/rules/fritanga.md, AI)
    rollout_depth = 20
    # learning environments: about 4x the longest of 40 random games per configuration (266 moves)
    max_moves = 1200
    params = (
        Param("players", 3, "number of players (Versus and Versus Teams 3-6, Everyone Against the Chef 3-7)",
              minimum=3, maximum=7),
        Param("mode", "versus", "versus: each for themselves; teams: 2 against 1, 2 against 2, 3 against 2 or 3 "
              "against 3, teammates in every other seat; chef: seat 0 is the chef, the others are the foods",
              choices=D.MODE_NAMES),
    )
    # the player count of each mode (RULEBOOK)
    param_rules = tuple(
        ParamRule((("mode", (D.MODE_NAMES[mode],)),), "players",
                  f"{D.MODE_TITLE[mode]} is for {lo} to {hi} players", minimum=lo, maximum=hi)
        for mode, (lo, hi) in sorted(D.PLAYER_RANGE.items()))
    move_fields = MOVE_FIELDS  # from the proto's <Game>Move (move_fields.py)
    secret_fields = ("hands",)
    # a fried food discards its hand face up (its turn may come after any move); a stolen card
    # (Unbattered: let happen) shows the thief what it is
    shown_by_rule = {"*": frozenset({"discard"}), "decline": frozenset({"players"})}

    def components(self) -> dict:
        cards = {key: {"name": D.CARD_NAME[kind], "text": D.CARD_TEXT.get(key, ""), "hand": D.IS_HAND[kind]}
                 for kind, key in enumerate(D.CARD_KEY)}
        # "byFoods": the text with the numbers of a table with that many foods (every chef-mode table)
        lo, hi = D.PLAYER_RANGE[D.CHEF]
        skills = {key: {"name": name, "text": text,
                        "byFoods": {str(foods): D.skill_text(index, foods) for foods in range(lo - 1, hi)}}
                  for index, (key, name, _golden, text) in enumerate(D.CHEF_SKILLS)}
        return {"cards": EnumTable("FritangaCard", cards), "skills": EnumTable("FritangaSkill", skills)}

    # learning environments: action ids (actions.py) and observations (observation.py)
    action_kinds = staticmethod(actions.action_kinds)
    layout_of = staticmethod(lambda cfg: observation.layout(cfg["mode"], cfg["players"]))
    observe = staticmethod(observation.encode)

    def configurations(self) -> list[dict]:
        out = []
        for mode in (D.VERSUS, D.TEAMS, D.CHEF):
            lo, hi = D.PLAYER_RANGE[mode]
            out.extend({"players": n, "mode": D.MODE_NAMES[mode]} for n in range(lo, hi + 1))
        return out

    # --- factories ------------------------------------------------------------
    def _new_state(self, cfg: dict, rng: random.Random) -> FritangaState:
        return FritangaState.deal(self, cfg, rng)

    def from_dict(self, data) -> FritangaState:
        s = FritangaState.FIELDS.load(FritangaState, self, self.validate(data["config"]), data)
        s._restore()
        return s

    def from_view(self, view, rng: random.Random) -> FritangaState:
        return FritangaState.from_view(self, view, rng)

    # --- AI knowledge (policy.py) -----------------------------------------
    policy = policy  # heuristic_move, playout_move and evaluate: core.Game calls them


GAME = FritangaGame()
