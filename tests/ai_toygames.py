"""A tiny game on the engine interface with every shape the AI must handle.

Not registered: it exists so the AI's tests cover what the real games on
other branches bring, before they land: hidden hands, secret moves (cards
played face down, ``public_move_text``), out-of-turn reactions (the seat
after the active one may block), team games (4 seats, 0+2 against 1+3,
sharing a score and winning together) and a solo game against an
automaton (1 seat).

Rules: every seat holds 3 cards from 1..15. For 3 rounds, each seat in turn
plays a card face down; after each play the next seat may ``block`` it
(paying 1 point, the card counts 0) or ``pass``. When all have played,
the cards are revealed and the highest card scores 2 (ties: nobody). In the
solo game an automaton plays the top card of a hidden deck each round and
the seat scores 2 per round it beats it.
"""

from __future__ import annotations

from boardbot.engine.core import TERMINAL, ConfigError, Game, Param, Result, State, rank_by

PLAY, REACT, OVER = 0, 1, 2
CARDS = range(1, 16)


class ToyState(State):
    __slots__ = ("hands", "deck", "played", "points", "round", "active", "reactor", "phase", "bot_card",
                 "blocked", "gone")

    def decider(self):
        if self.phase == OVER:
            return TERMINAL
        return self.reactor if self.phase == REACT else self.active

    def legal_moves(self):
        if self.phase == PLAY:
            return [("play", c) for c in sorted(set(self.hands[self.active]))]
        if self.phase == REACT:
            moves = [("pass",)]
            if self.points[self.reactor] >= 1:
                moves.append(("block",))
            return moves
        return []

    def apply(self, move):
        n = self.num_seats
        if move[0] == "play":
            self.hands[self.active].remove(move[1])
            self.played[self.active] = move[1]
            if n > 1:
                self.reactor = (self.active + 1) % n
                self.phase = REACT
            else:
                self._next()
        elif move[0] == "block":
            self.points[self.reactor] -= 1
            self.blocked[self.active] = True
            self._next()
        else:
            self._next()

    def _next(self):
        n = self.num_seats
        self.phase = PLAY
        if self.active + 1 < n:
            self.active += 1
            return
        cards = [0 if self.blocked[q] else self.played[q] for q in range(n)]
        self.gone.extend(self.played)
        if n == 1:
            rng = self.chance()
            self.bot_card = self.deck.pop(rng.randrange(len(self.deck)))
            self.gone.append(self.bot_card)
            if cards[0] > self.bot_card:
                self.points[0] += 2
        else:
            best = max(cards)
            if cards.count(best) == 1:
                self.points[cards.index(best)] += 2
        self.played = [0] * n
        self.blocked = [False] * n
        self.active = 0
        self.round += 1
        if self.round == 3:
            self.phase = OVER

    def move_text(self, move):
        return {"play": lambda: f"play {move[1]}", "block": lambda: "block", "pass": lambda: "pass"}[move[0]]()

    def public_move_text(self, move, observer):
        if move[0] == "play" and observer != self.active:
            return "play a card face down"
        return self.move_text(move)

    def view(self, seat):
        return {
            "seat": -1 if seat is None else seat,
            "config": dict(self.config),
            "hand": sorted(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "played": [self.played[q] > 0 for q in range(self.num_seats)],
            "blocked": list(self.blocked),
            "points": list(self.points),
            "round": self.round, "active": self.active, "reactor": self.reactor,
            "phase": self.phase, "bot_card": self.bot_card,
            "unseen_deck": len(self.deck),
            "own_played": self.played[seat] if seat is not None else 0,
            "gone": sorted(self.gone),
        }

    def sample_for(self, seat, rng):
        w = self.copy()
        w.seed = rng.getrandbits(63)
        known = set(self.hands[seat]) | {self.played[seat]} | set(self.gone)
        pool = [c for c in CARDS if c not in known]
        # the cards the others still hold or have played face down this round
        rng.shuffle(pool)
        for q in range(self.num_seats):
            if q == seat:
                continue
            w.hands[q] = sorted(pool.pop() for _ in self.hands[q])
            if self.played[q]:
                w.played[q] = pool.pop()
        if self.num_seats == 1:
            w.deck = sorted(self.deck)
        return w

    def result(self):
        if self.phase != OVER:
            return None
        scores = list(self.points)
        if self.config["teams"]:
            scores = [self.points[q] + self.points[(q + 2) % 4] for q in range(4)]
        ranks, winners = rank_by([(s,) for s in scores])
        return Result(tuple(scores), winners, ranks)

    def copy(self):
        s = ToyState.__new__(ToyState)
        s._copy_base(self)
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.played = self.played[:]
        s.blocked = self.blocked[:]
        s.gone = self.gone[:]
        s.points = self.points[:]
        s.round, s.active, s.reactor = self.round, self.active, self.reactor
        s.phase, s.bot_card = self.phase, self.bot_card
        return s

    def to_dict(self):
        return {k: getattr(self, k) for k in ToyState.__slots__} | {"config": dict(self.config), "seed": self.seed}


class ToyGame(Game):
    name = "toy-bids"
    title = "Toy bids"
    params = (Param("players", 2, minimum=1, maximum=4), Param("teams", False))
    move_fields = {"play": ("card",), "block": (), "pass": ()}

    def check_config(self, cfg):
        if cfg["teams"] and cfg["players"] != 4:
            raise ConfigError("teams", "teams need 4 players")

    def configurations(self):
        return [{"players": 1, "teams": False}, {"players": 2, "teams": False},
                {"players": 3, "teams": False}, {"players": 4, "teams": True}, {"players": 4, "teams": False}]

    def _new_state(self, cfg, rng):
        n = cfg["players"]
        s = ToyState.__new__(ToyState)
        s._init_base(self, cfg, 0)
        cards = list(CARDS)
        rng.shuffle(cards)
        s.hands = [sorted(cards[3 * q:3 * q + 3]) for q in range(n)]
        s.deck = sorted(cards[3 * n:]) if n == 1 else []
        s.played = [0] * n
        s.blocked = [False] * n
        s.gone = []
        s.points = [0] * n
        s.round = s.active = s.reactor = 0
        s.phase = PLAY
        s.bot_card = 0
        s.seed = rng.getrandbits(63)
        return s

    def from_dict(self, data):
        s = ToyState.__new__(ToyState)
        s._init_base(self, self.validate(data["config"]), data["seed"])
        for k in ToyState.__slots__:
            value = data[k]
            setattr(s, k, [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value)
        return s

    def from_view(self, view, rng):
        cfg = self.validate(view["config"])
        seat = view["seat"]
        n = cfg["players"]
        s = ToyState.__new__(ToyState)
        s._init_base(self, cfg, rng.getrandbits(63))
        seen = set(view["hand"]) | {view["own_played"]} | set(view["gone"])
        pool = [c for c in CARDS if c not in seen]
        rng.shuffle(pool)
        s.hands = [list(view["hand"]) if q == seat else [pool.pop() for _ in range(view["hand_sizes"][q])]
                   for q in range(n)]
        s.played = [view["own_played"] if q == seat else (pool.pop() if view["played"][q] else 0) for q in range(n)]
        s.deck = sorted(pool) if n == 1 else []
        s.gone = list(view["gone"])
        s.blocked = list(view["blocked"])
        s.points = list(view["points"])
        s.round, s.active, s.reactor, s.phase = view["round"], view["active"], view["reactor"], view["phase"]
        s.bot_card = view["bot_card"]
        return s.sample_for(seat, rng)


GAME = ToyGame()


class FaultyGame(ToyGame):
    """The toy game with a bug that only a search meets: its playout policy raises.
    tests/test_hostile_views.py uses it to show that a search that raises fails alone."""

    name = "toy-faulty"

    def playout_move(self, state, rng):
        raise RuntimeError("a bug in the engine's playout")


FAULTY_GAME = FaultyGame()
