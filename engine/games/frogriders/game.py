"""The Frogriders game: its options, the factories of its states and the AI hooks."""

from __future__ import annotations

import random

from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER, Rng
from boardbot.engine.core import EnumTable, Game, Param, live_score

from . import data as D
from . import actions, observation, policy
from .board import layout_for
from .move_fields import MOVE_FIELDS
from .rules import score_breakdown
from .state import FrogridersState


class FrogridersGame(Game):
    name = "frogriders"
    title = "Frogriders"
    blurb = "Leap your frogs over each other across the pond and collect units and privilege cards."
    rules_version = 2  # bump it when a rule changes (docs/storage.md, "Rules versions")
    # 2: the deal draws from the BLAKE2b chance stream (engine/chance.py: seeded in one hash, where a
    # Mersenne Twister's seeding was 7 % of a compiled 2-player random game); 1, the deal from the Mersenne
    # Twister, still plays its stored games (docs/storage.md, "The chance stream"). No chance event
    # follows the deal.
    chance_stream = BLAKE2B_STREAM
    stream_deals = frozenset({2})
    older_versions = {1: MERSENNE_TWISTER}
    # recorded as text in tests/playthroughs (engine/playthrough.py)
    playthroughs = ({"players": 2, "public_back": "second", "privilege_deck": "28"},
                    {"players": 3, "public_back": "first", "privilege_deck": "24"})
    # learning environments: about 4x the longest of 40 random games per configuration (114 moves)
    max_moves = 500
    params = (
        Param("players", 2, "number of players", minimum=2, maximum=4),
        Param("public_back", "none", "which public score card shows its back (blue border)",
              choices=("none", "first", "second")),
        Param("privilege_deck", "28", "28: the per-card counts; 24: the component list (see rules doc)",
              choices=("28", "24")),
    )
    move_fields = MOVE_FIELDS  # from the proto's <Game>Move (move_fields.py)
    secret_fields = ("dealt", "kept")  # the set cards dealt to each seat and the one it kept

    def components(self) -> dict:
        privileges = {key: {"text": D.PRIVILEGE_TEXT[key], "rule": D.PRIVILEGE_RULE[key], "group": group,
                            "trophies": trophies}
                      for key, group, trophies, _copies in D.PRIVILEGE_KINDS}
        return {"privileges": EnumTable("FrogridersPrivilege", privileges),
                "setCards": [D.set_text(card) for card in D.PRIVATE_SET_CARDS]}

    # learning environments: action ids (actions.py) and observations (observation.py)
    action_kinds = staticmethod(actions.action_kinds)
    layout_of = staticmethod(lambda cfg: observation.layout(cfg["players"]))
    observe = staticmethod(observation.encode)

    def configurations(self) -> list[dict]:
        out = [{"players": n, "public_back": "none", "privilege_deck": "28"} for n in (2, 3, 4)]
        out.append({"players": 3, "public_back": "first", "privilege_deck": "24"})
        out.append({"players": 2, "public_back": "second", "privilege_deck": "28"})
        return out

    # --- factories -----------------------------------------------------
    def _new_state(self, cfg: dict, rng: Rng) -> FrogridersState:
        return FrogridersState.deal(self, cfg, rng)

    def from_dict(self, data) -> FrogridersState:
        cfg = self.validate(data["config"])
        s = FrogridersState.FIELDS.load(FrogridersState, self, cfg, data)
        s.layout = layout_for(cfg["players"])
        return s

    def from_view(self, view, rng: random.Random) -> FrogridersState:
        return FrogridersState.from_view(self, view, rng)

    def live_scores(self, state: FrogridersState) -> list[tuple[dict, dict]]:
        """The final scoring as it stands: trophies, the public score cards, brown units and
        privilege cards are on the table; a seat's kept set card is its own until the end."""
        over = state.phase == D.OVER
        return [(live_score(b), live_score(b, () if over or state.kept[q] == D.NO_CARD else ("private_set_card",)))
                for q, b in enumerate(score_breakdown(state))]

    # --- AI knowledge (engine/games/frogriders/policy.py) -----------------
    policy = policy  # heuristic_move, playout_move and evaluate: core.Game calls them


GAME = FrogridersGame()
