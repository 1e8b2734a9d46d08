"""Frogriders forward model: moves, their effects and texts, scoring, and dealing a new game.

``FrogridersRules`` is a mixin of ``state.FrogridersState``: its methods use the
fields declared there.
"""

from __future__ import annotations

import random

from boardbot.engine.core import TERMINAL, Result, rank_by

from . import data as D
from .board import layout_for
from .data import LEAP, NO_CARD, OVER, PHASE_B, RETURNABLE, SECOND_LEAP, SETUP, TAKE_PRIVILEGE, TAKE_UNIT

END_TURN = ("end_turn",)


class FrogridersRules:
    __slots__ = ()

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def _generate(self) -> list:
        phase = self.phase
        p = self.player
        if phase == LEAP or phase == SECOND_LEAP:
            return self._leaps(p)
        if phase == PHASE_B:
            return self._returns(p)
        if phase == TAKE_UNIT:
            village = self.village
            return [("take_unit", D.COLOUR_NAME[c]) for c in RETURNABLE
                    if village[c] - (c == D.YELLOW) > 0]  # the returned yellow is not "already" there
        if phase == TAKE_PRIVILEGE:
            return [("take_privilege", slot) for slot, card in enumerate(self.display) if card != NO_CARD]
        if phase == SETUP:
            return [("keep_set_card", card) for card in self.dealt[p]]
        return []

    def _leaps(self, p: int, first_only: bool = False) -> list:
        board = self.board
        layout = self.layout
        owned = self.privileges[p]
        diagonal = D.P_DIAGONAL in owned
        l_shaped = D.P_L_SHAPED in owned
        run_up = D.P_RUN_UP in owned
        out = []
        orthogonal_into = layout.orthogonal_into
        for e in layout.cells:
            if board[e]:
                continue
            for over, origin in orthogonal_into[e]:
                if board[over] and board[origin]:
                    out.append(("leap", origin, over, e, 0))
            if diagonal:
                for over, origin in layout.diagonal_into[e]:
                    if board[over] and board[origin]:
                        out.append(("leap", origin, over, e, 0))
            if l_shaped:
                for over, origin in layout.l_shaped_into[e]:
                    if board[over] and board[origin]:
                        out.append(("leap", origin, over, e, 0))
            if run_up:
                for over, ray in layout.run_up_rays[e]:
                    if board[over] and not board[ray[0]]:
                        for origin in ray:
                            if board[origin]:
                                out.append(("leap", origin, over, e, 0))
                                break
            if first_only and out:
                return out
        if D.P_COLLECT_EITHER in owned:
            out = [m for leap in out for m in (leap, leap[:4] + (1,))]
        return out

    def _returns(self, p: int) -> list:
        units = self.units[p]
        out = []
        if units[D.RED]:  # also without a leap to take: the game then ends at once (Assumption 7)
            out.append(("return_unit", "red"))
        if units[D.YELLOW] and (self.village[D.RED] or self.village[D.YELLOW] or self.village[D.BLUE]):
            out.append(("return_unit", "yellow"))
        if units[D.BLUE] and any(card != NO_CARD for card in self.display):
            out.append(("return_unit", "blue"))
        out.append(END_TURN)
        return out

    def apply(self, move: tuple) -> None:
        kind = move[0]
        p = self.player
        self._moves = None
        if kind == "leap":
            self._leap(p, move)
            if self.phase == LEAP:
                self.phase = PHASE_B
                moves = self._returns(p)
                if len(moves) == 1:  # nothing can be returned: the turn ends
                    self._end_turn()
                else:
                    self._moves = moves
            else:
                self._end_turn()
        elif kind == "end_turn":
            self._end_turn()
        elif kind == "return_unit":
            colour = D.COLOUR_BY_NAME[move[1]]
            self.units[p][colour] -= 1
            self.village[colour] += 1
            self.note(None, f"seat {p} returns a {move[1]} unit to the village")
            self.phase = (SECOND_LEAP if colour == D.RED else TAKE_UNIT if colour == D.YELLOW else TAKE_PRIVILEGE)
            if self.phase == SECOND_LEAP and not self._leaps(p, first_only=True):
                # the leap the red unit asks for is impossible: like any player who cannot leap
                # when required to, she forfeits the rest of her turn and the game ends at once
                self.note(None, f"seat {p} cannot take the second leap: the game ends")
                self.phase = OVER
        elif kind == "take_unit":
            colour = D.COLOUR_BY_NAME[move[1]]
            self.village[colour] -= 1
            self.units[p][colour] += 1
            self._end_turn()
        elif kind == "take_privilege":
            slot = move[1]
            card = self.display[slot]
            self.privileges[p].append(card)
            if self.stack:
                self.display[slot] = self.stack.pop()
                self.note(None, f"privilege card revealed: {D.PRIVILEGE_KINDS[self.display[slot]][0]}")
            else:
                self.display[slot] = NO_CARD
            self._end_turn()
        elif kind == "keep_set_card":
            self.kept[p] = move[1]
            if p + 1 < self.num_seats:
                self.player = p + 1
            else:
                self.player = 0
                self._start_turn()
        else:
            raise ValueError(f"unknown move {move!r}")

    def _leap(self, p: int, move: tuple) -> None:
        _, origin, over, to, collect_leaper = move
        board = self.board
        leaper = board[origin]
        board[origin] = 0
        board[to] = leaper
        if self.layout.is_flower[to]:
            gain = self.privileges[p].count(D.P_FLOWER) + self._public_flower()
            self.trophies[p] += gain
        if collect_leaper:
            board[to] = 0
            self.units[p][leaper] += 1
        else:
            self.units[p][board[over]] += 1
            board[over] = 0

    def _public_flower(self) -> int:
        return sum(1 for card, back in zip(self.public, self.backs) if back and D.PUBLIC_CARDS[card][1][0] == "flower")

    def _end_turn(self) -> None:
        self.player = (self.player + 1) % self.num_seats
        self.turn += 1
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = LEAP
        moves = self._leaps(self.player)
        if moves:
            self._moves = moves
        else:  # the player to move cannot leap: the game ends at once
            self.phase = OVER
            self._moves = []
            self.note(None, f"seat {self.player} cannot leap: the game ends")

    # --- texts ---------------------------------------------------------
    def move_text(self, move: tuple) -> str:
        kind = move[0]
        if kind == "leap":
            _, origin, over, to, collect_leaper = move
            board = self.board
            text = (f"leap {D.COLOUR_NAME[board[origin]]} {D.cell_name(origin)} over "
                    f"{D.COLOUR_NAME[board[over]]} {D.cell_name(over)} to {D.cell_name(to)}")
            how = leap_kind(origin, over, to)
            if how:
                text += f" ({how})"
            if collect_leaper:
                text += ", collecting the leaping unit"
            return text
        if kind == "return_unit":
            action = {"red": "leap again", "yellow": "take a unit from the village", "blue": "take a privilege card"}
            if move[1] == "red" and not self._leaps(self.player, first_only=True):
                return "return a red unit (no leap is left: the game ends)"
            return f"return a {move[1]} unit ({action[move[1]]})"
        if kind == "end_turn":
            return "end turn"
        if kind == "take_unit":
            return f"take a {move[1]} unit from the village"
        if kind == "take_privilege":
            card = self.display[move[1]]
            return f"take privilege card {D.PRIVILEGE_TEXT[D.PRIVILEGE_KINDS[card][0]]} from slot {move[1] + 1}"
        if kind == "keep_set_card":
            return f"keep set card {move[1]}: {D.set_text(D.PRIVATE_SET_CARDS[move[1]])}"
        raise ValueError(move)

    # --- outcome -------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        breakdown = score_breakdown(self)
        totals = tuple(b["total"] for b in breakdown)
        unit_totals = [sum(self.units[q][1:]) for q in range(self.num_seats)]
        ranks, winners = rank_by([(totals[q], unit_totals[q]) for q in range(self.num_seats)])
        return Result(totals, winners, ranks, tuple(breakdown))

    # --- setup ---------------------------------------------------------
    @classmethod
    def deal(cls, game, cfg: dict, rng: random.Random) -> "FrogridersRules":
        """A new game of ``cls`` for the validated config ``cfg``."""
        n = cfg["players"]
        s = cls.__new__(cls)
        s._init_base(game, cfg, 0)
        s.layout = layout = layout_for(n)
        units = []
        for colour in D.COLOURS:
            count = D.UNITS[colour] - (D.REMOVED_TWO_PLAYERS[colour] if n == 2 else 0)
            units.extend([colour] * count)
        rng.shuffle(units)
        s.board = [0] * (D.SIZE * D.SIZE)
        spaces = [c for c in layout.cells if c != layout.centre]
        assert len(spaces) == len(units)
        for cell, unit in zip(spaces, units):
            s.board[cell] = unit
        stack = D.privilege_deck(cfg["privilege_deck"])
        rng.shuffle(stack)
        s.display = [stack.pop() for _ in range(4)]
        s.stack = stack
        public = list(range(len(D.PUBLIC_CARDS)))
        rng.shuffle(public)
        s.public = (public[0], public[1])
        s.backs = (cfg["public_back"] == "first", cfg["public_back"] == "second")
        set_cards = list(range(len(D.PRIVATE_SET_CARDS)))
        rng.shuffle(set_cards)
        s.dealt = [(set_cards[2 * q], set_cards[2 * q + 1]) for q in range(n)]
        s.kept = [NO_CARD] * n
        s.units = [[0] * 5 for _ in range(n)]
        s.village = [0] * 5
        s.privileges = [[] for _ in range(n)]
        s.trophies = [0] * n
        s.player = 0
        s.phase = SETUP
        s.turn = 0
        s._moves = None
        s.seed = rng.getrandbits(63)
        return s


def leap_kind(origin: int, over: int, to: int) -> str:
    """Which leap shape a move uses: '' (straight), diagonal, L-shaped or run-up."""
    r0, c0 = divmod(origin, D.SIZE)
    r1, c1 = divmod(over, D.SIZE)
    r2, c2 = divmod(to, D.SIZE)
    run = (r1 - r0, c1 - c0)  # from the leaping unit to the unit leapt over
    step = (r2 - r1, c2 - c1)  # from the unit leapt over to the landing space
    if run == step:
        return "diagonal" if run[0] and run[1] else ""
    if run[0] * step[1] == run[1] * step[0] and run[0] * step[0] + run[1] * step[1] > 0:
        return "run-up"  # the same direction, from further away
    return "L-shaped"


# --- scoring -----------------------------------------------------------------
def set_points(card: tuple, counts: list) -> int:
    """Points for every complete set of ``card`` that ``counts`` holds."""
    *need, any_, points = card
    if any_:
        return points * (sum(counts[1:]) // any_)
    sets = min(counts[colour] // n for colour, n in zip(D.COLOURS, need) if n)
    return points * sets


def majority_points(values: list, win: int, tie: int) -> list:
    best = max(values)
    if best <= 0:  # ASSUMPTION: nobody holds a majority of nothing
        return [0] * len(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    points = win if len(leaders) == 1 else tie
    return [points if i in leaders else 0 for i in range(len(values))]


def score_breakdown(state: FrogridersRules) -> list[dict]:
    n = state.num_seats
    counts = []  # collected units plus turquoise extras, for set and public cards
    for q in range(n):
        c = state.units[q][:]
        for card in state.privileges[q]:
            extra = D.EXTRA_UNITS.get(card)
            if extra:
                c[extra[0]] += extra[1]
        counts.append(c)
    unit_totals = [sum(state.units[q][1:]) for q in range(n)]
    privilege_counts = [len(state.privileges[q]) for q in range(n)]

    public_scores = []
    for card, back in zip(state.public, state.backs):
        front, back_kind = D.PUBLIC_CARDS[card]
        if not back:
            public_scores.append([set_points(front, counts[q]) for q in range(n)])
        elif back_kind[0] == "flower":
            public_scores.append([0] * n)  # scored during the game
        else:
            if back_kind[0] == "brown_majority":
                values = [counts[q][D.BROWN] for q in range(n)]
            elif back_kind[0] == "two_colours":
                values = [counts[q][back_kind[1]] + counts[q][back_kind[2]] for q in range(n)]
            else:
                values = privilege_counts
            public_scores.append(majority_points(values, *D.MAJORITY_POINTS[back_kind[0]]))

    out = []
    for q in range(n):
        others_units = [unit_totals[r] for r in range(n) if r != q]
        others_privileges = [privilege_counts[r] for r in range(n) if r != q]
        privilege_points = []
        for card in state.privileges[q]:
            points = D.PRIVILEGE_KINDS[card][2]
            if card == D.P_PER_BROWN:
                points += state.units[q][D.BROWN]
            elif card == D.P_PER_TWO_PRIVILEGES:
                points += 2 * (privilege_counts[q] // 2)
            elif card == D.P_PER_PAIR:
                points += min(unit_totals[q], privilege_counts[q])
            elif card == D.P_FEWEST_PRIVILEGES_5 and privilege_counts[q] < min(others_privileges):
                points += 5
            elif card == D.P_FEWEST_UNITS_5 and unit_totals[q] < min(others_units):
                points += 5
            elif card == D.P_FEWEST_UNITS_3 and unit_totals[q] < min(others_units):
                points += 3
            privilege_points.append(points)
        private = set_points(D.PRIVATE_SET_CARDS[state.kept[q]], counts[q]) if state.kept[q] != NO_CARD else 0
        public = [scores[q] for scores in public_scores]
        brown = state.units[q][D.BROWN]
        total = state.trophies[q] + private + sum(public) + brown + sum(privilege_points)
        out.append({
            "during_game": state.trophies[q],
            "private_set_card": private,
            "public_score_cards": public,
            "brown_units": brown,
            "privilege_cards": privilege_points,
            "units": unit_totals[q],
            "total": total,
        })
    return out
