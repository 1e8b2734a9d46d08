"""Dűlőre jutunk as a hosted game: options, configurations, factories and the AI hooks."""

from __future__ import annotations

import random

from boardbot.engine.core import ConfigError, Game, Param

from . import data as D
from . import policy
from .data import K_AGE, K_REFILL, K_TAKE, K_TURN, K_WM, TASK_BY_NAME, honour_rows
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

    def _blank(self, cfg: dict, seed: int) -> DuloreState:
        n = cfg["players"]
        s = DuloreState.__new__(DuloreState)
        s._init_base(self, cfg, seed)
        s.side = [D.SPRING] * 8
        s.vred = [0] * D.NUM_VINEYARDS
        s.vyel = [0] * D.NUM_VINEYARDS
        s.vmark = [-1] * D.NUM_VINEYARDS
        s.vbonus = [-1] * D.NUM_VINEYARDS
        s.vknown = [0] * D.NUM_VINEYARDS
        s.bag = [D.GRAPES_PER_COLOUR, D.GRAPES_PER_COLOUR]
        s.basket = [0, 0]
        s.bsupply = [D.BOTTLES_PER_COLOUR] * 3
        s.display = [-1] * D.DISPLAY_SIZE
        s.deck = []
        s.discards = []
        s.boards = (D.BOARD_A,) * n
        s.grapes = [[0, 0] for _ in range(n)]
        s.cellar = [[0] * D.CELLAR_SIZE for _ in range(n)]
        s.bottles = [[0, 0, 0] for _ in range(n)]
        s.reserved = [[] for _ in range(n)]
        s.row = [[] for _ in range(n)]
        s.supply = [list(D.MARKER_BONUSES) for _ in range(n)]
        s.retired = [[] for _ in range(n)]
        s.known = [[] for _ in range(n)]
        s.hrows = honour_rows(n, cfg["honours"], cfg["honours_side"])
        s.honours = [[-1] * len(D.HONOUR_VALUES[n]) for _ in s.hrows]
        s.wm_deck = []
        s.wm_played = []
        s.black = D.BLACK_MARKERS if n == 1 else 0
        s.spaces = [0] * (D.PROJECT_SPACES if n == 1 else 0)
        s.wm_extra = 0
        s.wm_recent = []
        s.stack = []
        s.turn = 0
        s.current = 0
        s.end_triggered = False
        s.over = False
        s._moves = None
        return s

    def _new_state(self, cfg: dict, rng: random.Random) -> DuloreState:
        n = cfg["players"]
        s = self._blank(cfg, 0)
        deck = list(range(D.NUM_ORDERS))
        rng.shuffle(deck)
        s.display = [deck.pop() for _ in range(D.DISPLAY_SIZE)]
        s.deck = deck
        for v in range(8):
            for _ in range(D.TILE_GRAPES[2 * v]):
                colour = s._draw_grape(rng)
                (s.vred if colour == D.G_RED else s.vyel)[v] += 1
        if cfg["advanced_boards"]:
            boards = [1, 2, 3, 4]
            rng.shuffle(boards)
            s.boards = tuple(boards[:n])
        if n == 1:
            grapes, barrels, orders = D.PROJECT_CARDS[cfg["project"]][0]
            for _ in range(grapes):
                s.grapes[0][s._draw_grape(rng)] += 1
            for k in range(barrels):
                s.cellar[0][D.TRACK_START[D.RED] + k] = 1
            wm = list(range(D.NUM_WINEMAKER_CARDS))
            rng.shuffle(wm)
            s.wm_deck = wm
            s.current = -1
            s.stack.append((K_WM, -1, 0, 0, 0))
            if orders:
                s.current = 0
                s.stack.append((K_REFILL, 0, 0, 0, 0))
                s.stack.append((K_TAKE, 0, orders, 1, 0))
        else:
            for q in range(n):
                for _ in range(D.start_grapes(q, n)):
                    s.grapes[q][s._draw_grape(rng)] += 1
            s.turn = 1
            s.stack.append((K_TURN, 0, 0, 0, 0))
        s.seed = rng.getrandbits(63)
        s._run()
        return s

    def from_dict(self, data) -> DuloreState:
        cfg = self.validate(data["config"])
        s = self._blank(cfg, data["seed"])
        for key in ("side", "vred", "vyel", "vmark", "vbonus", "vknown", "bag", "basket", "bsupply", "display", "deck",
                    "discards", "wm_deck", "wm_played", "spaces"):
            setattr(s, key, list(data[key]))
        s.boards = tuple(data["boards"])
        for key in ("grapes", "cellar", "bottles", "reserved", "row", "supply", "retired", "known", "honours"):
            setattr(s, key, [list(x) for x in data[key]])
        s.black = data["black"]
        s.wm_extra = data["wm_extra"]
        s.wm_recent = [(c, h, m, tuple(g)) for c, h, m, g in data["wm_recent"]]
        s.stack = [tuple(t) for t in data["stack"]]
        s.turn = data["turn"]
        s.current = data["current"]
        s.end_triggered = data["end_triggered"]
        s.over = data["over"]
        return s

    def from_view(self, view, rng: random.Random) -> DuloreState:
        cfg = self.validate(view["config"])
        seat = view["seat"]
        n = cfg["players"]
        if not 0 <= seat < n:
            raise ConfigError("seat", "a state can only be rebuilt from a player's view")
        s = self._blank(cfg, rng.getrandbits(63))
        for vv in view["vineyards"]:
            v = vv["index"]
            if v != D.WINTER:
                s.side[v] = D.SIDE_NAME.index(vv["side"])
            s.vred[v] = vv["red"]
            s.vyel[v] = vv["yellow"]
            s.vmark[v] = vv["marker"]
            s.vbonus[v] = D.MARKER_BONUS_BY_NAME[vv["marker_bonus"]] if vv["marker_bonus"] else -1
            s.vknown[v] = int(bool(vv.get("marker_known", False)))
        s.bag = [view["bag"]["red"], view["bag"]["yellow"]]
        s.basket = [view["basket"]["red"], view["basket"]["yellow"]]
        bs = view["bottle_supply"]
        s.bsupply = [bs["white"], bs["red"], bs["rose"]]
        s.display = [c["card"] for c in view["display"]]
        s.discards = list(view["order_discards"])
        boards = []
        seen = set(c for c in s.display if c >= 0) | set(s.discards)
        pending = [tuple((TASK_BY_NAME[t["task"]], t["seat"], t["a"], t["b"], t["c"])) for t in view["pending"]]
        s.stack = pending
        for q, pv in enumerate(view["players"]):
            boards.append(D.BOARD_BY_NAME[pv["board"]])
            s.grapes[q] = [pv["grapes"]["red"], pv["grapes"]["yellow"]]
            cel = pv["cellar"]
            s.cellar[q] = [int(x) for x in cel["white"] + cel["red"] + cel["rose"]]
            b = pv["bottles"]
            s.bottles[q] = [b["white"], b["red"], b["rose"]]
            s.reserved[q] = [c["card"] for c in pv["reserved"]]
            s.row[q] = [c["card"] for c in pv["fulfilled"]]
            seen.update(s.reserved[q])
            seen.update(s.row[q])
            s.known[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv.get("known_supply_bonuses", ())]
            if pv["supply_bonuses"] or q == seat or view["game_over"]:
                s.supply[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv["supply_bonuses"]]
                s.retired[q] = [D.MARKER_BONUS_BY_NAME[b] for b in pv["honours_bonuses"]]
            else:
                # hidden: give the unseen markers any bonuses; sample_for re-deals them
                # (the public ones stay: known supply markers and deduced vineyard markers)
                used = {t[4] - 1 for t in pending if K_AGE <= t[0] <= K_TAKE and t[1] == q and t[4]}
                used.update(s.known[q])
                used.update(s.vbonus[v] for v in range(D.NUM_VINEYARDS) if s.vmark[v] == q and s.vknown[v])
                pool = [b for b in D.MARKER_BONUSES if b not in used]
                for v in range(D.NUM_VINEYARDS):
                    if s.vmark[v] == q and not s.vknown[v]:
                        s.vbonus[v] = pool.pop()
                k = pv["markers_in_supply"] - len(s.known[q])
                s.supply[q] = sorted(s.known[q] + pool[:k])
                s.retired[q] = sorted(pool[k:])
        s.boards = tuple(boards)
        s.deck = [c for c in range(D.NUM_ORDERS) if c not in seen]
        if len(s.deck) != view["order_deck_size"]:
            raise ConfigError("order_deck_size", "does not match the order cards in view")
        for i, hv in enumerate(view["honours"]):
            s.honours[i] = list(hv["occupants"])
        solo = view["solo"]
        s.wm_played = list(solo["winemaker_played"])
        if n == 1:
            s.wm_deck = [c for c in range(D.NUM_WINEMAKER_CARDS) if c not in s.wm_played]
            if len(s.wm_deck) != solo["winemaker_deck_size"]:
                raise ConfigError("winemaker_deck_size", "does not match the cards played")
            s.spaces = [int(sp["filled"]) for sp in solo["project_spaces"]]
        s.black = solo["black_markers_in_supply"]
        s.wm_extra = solo["extra_turns"]
        s.wm_recent = [(t["card"], t["harvested"], t["marker_placed"], tuple(t["discarded"]))
                       for t in solo["recent_turns"]]
        s.turn = view["turn"]
        s.current = view["current_player"]
        s.end_triggered = view["end_triggered"]
        s.over = view["game_over"]
        world = s.sample_for(seat, rng)
        world.seed = s.seed
        return world


GAME = DuloreGame()
