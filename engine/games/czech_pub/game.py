"""Czech Pub, the game: parameters, move schema, configurations, the factories
(a new game, a stored state, a state rebuilt from a view) and the AI hooks
(``policy.py``)."""

from __future__ import annotations

import random

from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER
from boardbot.engine.core import EnumTable, Game, Param, public_scores

from . import data as D
from . import actions, observation, policy
from .move_fields import MOVE_FIELDS
from .state import FIELDS, CzechPubState


def _split_gloss(title: str) -> tuple[str, str]:
    """"Pivo (large beer)" -> ("Pivo", "large beer")."""
    if title.endswith(")") and " (" in title:
        name, gloss = title[:-1].split(" (", 1)
        return name, gloss
    return title, ""


class CzechPubGame(Game):
    name = "czech-pub"
    title = "Czech Pub"
    blurb = "Order beers and shots without getting too drunk; hit the others with pub cards."
    rules_version = 2  # bump it when a rule changes (docs/storage.md, "Rules versions")
    # 2: the chance events draw from the BLAKE2b stream (engine/chance.py); 1, the Mersenne Twister,
    # still plays its stored games (docs/storage.md, "The chance stream")
    chance_stream = BLAKE2B_STREAM
    older_versions = {1: MERSENNE_TWISTER}
    # recorded as text in tests/playthroughs (engine/playthrough.py)
    playthroughs = ({"players": 3, "real_drinking": False}, {"players": 4, "real_drinking": True})
    # rollouts are 260-630 moves; a 30-move cut-off plays as well for far less (docs/rules/czech-pub.md)
    rollout_depth = 30
    # the search follows the greedy bot's move at every node (its own later cards and the
    # opponents' replies) unless it finds better: with 5 greedy rivals, 600 iterations
    # otherwise spread over random replies (docs/rules/czech-pub.md, AI)
    search_bias = 3.0
    # At 3 and 4 players the search stops gaining strength by about 600 iterations (2500 play
    # level with 600 over hundreds of games): hard plays 600 there, and medium and easy take
    # measured steps below it, so the three presets stay three levels. At 5 players 2500
    # iterations play surely worse than 600, and 100 level with 600: the same budgets give
    # hard the strongest search measured there. At 6 players more iterations play worse past
    # about 100 (100 surely above 600, 600 above 2500), so the budgets shrink again
    # (research/notes/czech-pub-preset-budgets.md). At 4 and 5 players medium's 100 played
    # level with hard's 600 on the ladder, so medium takes 6 players' 40 there: each step
    # sure (research/notes/czech-pub-ladder-big-tables.md)
    preset_iterations = {
        3: {"easy": 20, "medium": 100, "hard": 600},
        **{players: {"easy": 20, "medium": 40, "hard": 600} for players in (4, 5)},
        6: {"easy": 20, "medium": 40, "hard": 100},
    }
    # learning environments: about 4x the longest of 40 random games per configuration (590 moves)
    max_moves = 2500
    params = (
        Param("players", 4, "number of players", minimum=3, maximum=6),
        Param("real_drinking", False,
              "the rulebook's real-drinking variant: the engine counts the real shots due "
              "(new title, new stage, Pojď na panáka, Runda dokola); no effect on play"),
    )
    move_fields = MOVE_FIELDS  # from the proto's <Game>Move (move_fields.py)
    secret_fields = ("hands",)
    # a player who is out (thrown out or drunk at the evaluation, which may follow any move that
    # ends the playing) discards the hand face up; To je moje objednávka (let happen: decline)
    # takes a random card of the target's hand; in Rvačka (started by the last to join or dodge)
    # players take cards from each other
    shown_by_rule = {"*": frozenset({"discard_pile"}), "decline": frozenset({"players"}),
                     "dodge": frozenset({"players"})}

    def components(self) -> dict:
        cards = {}
        for card, key in enumerate(D.CARD_ID):
            name, gloss = _split_gloss(D.CARD_NAME[card])
            kind = ("order" if D.IS_ORDER[card] else "x" if card in D.X_CARDS and not D.OWN_TURN[card]
                    else "last" if card == D.POSLEDNI else "pub")
            cards[key] = {"name": name, "gloss": gloss, "kind": kind, "text": D.CARD_TEXT[card],
                          "shot": D.IS_SHOT[card], "beer": D.IS_BEER[card], "cost": D.COST[card]}
        return {"cards": EnumTable("CzechPubCard", cards),
                "shots": EnumTable("CzechPubShot", dict(zip(D.SHOT_ID, D.SHOT_NAME))),
                "track": D.TRACK, "titlePoints": D.TITLE_POINTS, "actionsPerTurn": D.ACTIONS_PER_TURN}

    # learning environments: action ids (actions.py) and observations (observation.py)
    action_kinds = staticmethod(actions.action_kinds)
    layout_of = staticmethod(lambda cfg: observation.layout(cfg["players"]))
    observe = staticmethod(observation.encode)

    def configurations(self) -> list[dict]:
        out = [{"players": n, "real_drinking": False} for n in (3, 4, 5, 6)]
        out.append({"players": 4, "real_drinking": True})
        return out

    def _new_state(self, cfg: dict, rng: random.Random) -> CzechPubState:
        return CzechPubState.deal(self, cfg, rng)

    def from_dict(self, data) -> CzechPubState:
        return FIELDS.load(CzechPubState, self, self.validate(data["config"]), data)

    def from_view(self, view, rng: random.Random) -> CzechPubState:
        return CzechPubState.from_view(self, view, rng)

    def live_scores(self, state: CzechPubState) -> list[tuple[dict, dict]]:
        """The points of the drinks and the bonus for the kinds of shot so far: all on the table."""
        return public_scores(state.breakdown())

    # --- AI knowledge ----------------------------------------------------
    policy = policy  # heuristic_move, playout_move and evaluate: core.Game calls them


GAME = CzechPubGame()
