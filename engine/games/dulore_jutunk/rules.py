"""Dűlőre jutunk forward model: decisions, legal moves, apply, the Winemaker, scoring, setup.

The turn is driven by a stack of small tasks (tuples of five ints:
kind, seat, a, b, c; the kinds are in data.py). A decision task on top of the
stack gives the decider and its legal moves; automatic tasks (end of turn,
refills, the Winemaker) run inside apply(). A decision with exactly one legal
move is applied automatically (documented in docs/rules/dulore-jutunk.md).

``DuloreState`` is one class: its fields, each declared once with its type (and in ``FIELDS``
with how it is copied and stored), and its forward model; what a seat may see is in views.py
(functions of the state, which its methods call). state.py re-exports it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL, Game, Result, State, rank_by
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLES, StateFields, custom, shared

from . import data as D
from . import views
from .data import (FIRST_AUTO, K_ABIL, K_ACTIVATE, K_AGE, K_BLACK, K_BOTTLES, K_DISC_B, K_DISC_G, K_DRAW, K_END,
                   K_FARMER, K_HONOURS, K_KEEP, K_PRESS, K_REFILL, K_TAKE, K_TURN, K_WM, K_WM_REST, honour_rows,
                   press_colour)

SKIP: Final[tuple] = ("skip",)
# passed bottles packed into one int: white + 256 red + 65536 rosé
BOTTLE_CODE: Final[tuple[int, ...]] = (1, 256, 65536)
SKIP_TEXT: Final = {
    K_ABIL: "end the harvest (use no more abilities)",
    K_AGE: "do not age a barrel",
    K_FARMER: "do not place a farmer marker",
    K_DRAW: "do not draw",
    K_PRESS: "do not press grapes",
    K_TAKE: "do not take an order",
    K_HONOURS: "place no farmer marker on the honours board",
    K_DISC_B: "no bottle to discard",
}

# press combinations (red grapes, yellow grapes), in move order
PRESS_COMBOS: Final[tuple[tuple[int, int], ...]] = ((0, 2), (0, 3), (2, 0), (3, 0), (1, 1), (2, 1), (1, 2))
PRESS3_COMBOS: Final[tuple[tuple[int, int], ...]] = ((0, 3), (3, 0), (2, 1), (1, 2))

# The abilities that allow each kind of move, as bit masks over the abilities (1 << ability).
ABILITY_PRESS: Final = 1 << D.PRESS
ABILITY_AGE: Final = sum(1 << a for a in D.AGE_COLOURS)
ABILITY_TAKE: Final = 1 << D.TAKE1 | 1 << D.TAKE12
ABILITY_DRAW: Final = 1 << D.DRAW1 | 1 << D.DRAW12
ABILITY_FARMER: Final = 1 << D.FARMER

# The moves, made once: move generation hands out these tuples (equal to the ones it used to build).
# (a table's type names its moves plain tuples: mypyc hands them out as they are, not rebuilt)
HARVEST_MOVE: Final[tuple[tuple, ...]] = tuple(("harvest", v) for v in range(D.NUM_VINEYARDS))
FULFIL_MOVE: Final[tuple[tuple[tuple, ...], ...]] = tuple(
    (("fulfil", card, "left"), ("fulfil", card, "right")) for card in range(D.NUM_ORDERS))
TAKE_MOVE: Final[tuple[tuple, ...]] = tuple(("take_order", slot) for slot in range(D.DISPLAY_SIZE))
AGE_MOVE: Final[tuple[tuple[tuple, ...], ...]] = tuple(
    tuple(("age", D.WINE_NAME[c], sp) for sp in range(D.TRACK_LEN[c])) for c in range(3))
PRESS_MOVE: Final[tuple[tuple, ...]] = tuple(("press", r, y) for r in range(4) for y in range(4))  # 4 * red + yellow
DRAW_MOVE: Final[tuple[tuple, ...]] = tuple(("draw", n) for n in range(4))
FARMER_MOVE: Final[tuple[tuple[tuple, ...], ...]] = tuple(
    tuple(("farmer", v, D.MARKER_BONUS_NAME[b]) for b in D.MARKER_BONUSES) for v in range(D.NUM_VINEYARDS))


def draw_move(n: int) -> tuple:
    return DRAW_MOVE[n] if n < 4 else ("draw", n)


def _track_moves(cellar: list[int], colours: tuple[int, ...], out: list) -> None:
    """Add ('age', colour, space) to ``out`` for each barrel of ``colours`` that can move."""
    for c in colours:
        start = D.TRACK_START[c]
        last = D.TRACK_LEN[c] - 1
        moves = AGE_MOVE[c]
        for s in range(last, -1, -1):
            if cellar[start + s] and (s == last or not cellar[start + s + 1]):
                out.append(moves[s])


# Copied by reference and not stored: the honours rows (from the config: from_dict
# rebuilds them) and the legal-move cache (never mutated, only replaced).
DERIVED = custom("{v}", None, "None")
# The Winemaker's turns this round, (card, harvested, marker placed, (discarded orders)).
WM_TURNS = custom("{v}[:]", "[[c, h, m, list(g)] for c, h, m, g in {v}]",
                  "[(c, h, m, tuple(g)) for c, h, m, g in {v}]")

# How each field is copied and stored (boardbot.engine.fields: the stored format); the class below
# declares their types and writes copy() out.
FIELDS = StateFields(
    # vineyards (eight on the ring, the winter one last)
    side=LIST, vred=LIST, vyel=LIST, vmark=LIST, vbonus=LIST, vknown=LIST,
    # grapes, bottles and orders in the middle
    bag=LIST, basket=LIST, bsupply=LIST, display=LIST, deck=LIST, discards=LIST,
    # per seat (the boards never change after setup)
    boards=shared(dump="list({v})", load="tuple({v})"),
    grapes=LISTS, cellar=LISTS, bottles=LISTS, reserved=LISTS, row=LISTS,
    supply=LISTS, retired=LISTS, known=LISTS,
    # honours boards
    hrows=DERIVED, honours=LISTS,
    # solo: the Winemaker and the project card
    wm_deck=LIST, wm_played=LIST, black=SCALAR, spaces=LIST, wm_extra=SCALAR, wm_recent=WM_TURNS,
    # the turn
    stack=TUPLES, turn=SCALAR, current=SCALAR, end_triggered=SCALAR, over=SCALAR,
    _moves=DERIVED,
)
_to_dict = FIELDS.to_dict_function("dulore-jutunk")

Task = tuple[int, int, int, int, int]  # kind, seat, a, b, c

# The tasks every turn pushes, made once: compiled, a task written as a tuple is a new tuple with
# its five ints boxed at every push. Typed as plain tuples and pushed through a stack typed ``list``
# (a ``Task``-typed value is unboxed into a C struct and boxed again when stored).
TURN_TASK: Final[tuple[tuple, ...]] = tuple((K_TURN, p, 0, 0, 0) for p in range(D.MAX_PLAYERS))  # [seat]
HONOURS_TASK: Final[tuple[tuple, ...]] = tuple((K_HONOURS, p, 0, 0, 0) for p in range(D.MAX_PLAYERS))  # [seat]
END_TASK: Final[tuple[tuple[tuple, ...], ...]] = tuple(  # [winter][seat]
    tuple((K_END, p, winter, 0, 0) for p in range(D.MAX_PLAYERS)) for winter in (0, 1))
ACTIVATE_TASK: Final[tuple[tuple[tuple, ...], ...]] = tuple(  # [seat][vineyard]
    tuple((K_ACTIVATE, p, v, 0, 0) for v in range(D.NUM_VINEYARDS)) for p in range(D.MAX_PLAYERS))
ABILITY_TASK: Final[tuple[tuple[tuple, ...], ...]] = tuple(  # [seat][tile code]
    tuple((K_ABIL, p, code, 0, 0) for code in range(D.WINTER_CODE + 1)) for p in range(D.MAX_PLAYERS))


class DuloreState(State):
    """A Dűlőre jutunk position: its fields, each declared with its type, and its forward model."""

    FIELDS: ClassVar[StateFields] = FIELDS
    __slots__ = FIELDS.slots
    PROJECT: ClassVar[dict] = D.PROJECT_CARDS

    # vineyards (eight on the ring, the winter one last)
    side: list[int]
    vred: list[int]
    vyel: list[int]
    vmark: list[int]
    vbonus: list[int]
    vknown: list[int]
    # grapes, bottles and orders in the middle
    bag: list[int]
    basket: list[int]
    bsupply: list[int]
    display: list[int]
    deck: list[int]
    discards: list[int]
    # per seat
    boards: tuple[int, ...]
    grapes: list[list[int]]
    cellar: list[list[int]]
    bottles: list[list[int]]
    reserved: list[list[int]]
    row: list[list[int]]
    supply: list[list[int]]
    retired: list[list[int]]
    known: list[list[int]]
    # honours boards
    hrows: Any  # tuple of (condition, checks)
    honours: list[list[int]]
    # solo
    wm_deck: list[int]
    wm_played: list[int]
    black: int
    spaces: list[int]
    wm_extra: int
    wm_recent: list[tuple]
    # the turn
    stack: list[Task]
    turn: int
    current: int
    end_triggered: bool
    over: bool

    # --- plumbing ------------------------------------------------------
    def copy(self) -> DuloreState:
        """An independent copy (every field of ``FIELDS``; tests/test_state_fields.py checks)."""
        new = DuloreState.__new__(DuloreState)
        new._copy_base(self)
        new.side = self.side[:]
        new.vred = self.vred[:]
        new.vyel = self.vyel[:]
        new.vmark = self.vmark[:]
        new.vbonus = self.vbonus[:]
        new.vknown = self.vknown[:]
        new.bag = self.bag[:]
        new.basket = self.basket[:]
        new.bsupply = self.bsupply[:]
        new.display = self.display[:]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.boards = self.boards
        new.grapes = [x[:] for x in self.grapes]
        new.cellar = [x[:] for x in self.cellar]
        new.bottles = [x[:] for x in self.bottles]
        new.reserved = [x[:] for x in self.reserved]
        new.row = [x[:] for x in self.row]
        new.supply = [x[:] for x in self.supply]
        new.retired = [x[:] for x in self.retired]
        new.known = [x[:] for x in self.known]
        new.hrows = self.hrows
        new.honours = [x[:] for x in self.honours]
        new.wm_deck = self.wm_deck[:]
        new.wm_played = self.wm_played[:]
        new.black = self.black
        new.spaces = self.spaces[:]
        new.wm_extra = self.wm_extra
        new.wm_recent = self.wm_recent[:]
        new.stack = self.stack[:]
        new.turn = self.turn
        new.current = self.current
        new.end_triggered = self.end_triggered
        new.over = self.over
        new._moves = self._moves
        return new

    def to_dict(self) -> dict:
        return _to_dict(self)

    # --- information (views.py) -----------------------------------------
    def public_move_text(self, move: tuple, observer: int | None) -> str:
        return views.public_move_text(self, move, observer)

    def view(self, seat: int | None) -> dict:
        return views.view(self, seat)

    def sample_for(self, seat: int, rng: random.Random) -> DuloreState:
        world = self.copy()
        world.seed = rng.getrandbits(63)
        chance.shuffle(rng, world.deck)
        chance.shuffle(rng, world.wm_deck)
        if self.num_seats > 1 and not self.over:
            vmark = world.vmark
            for q in range(self.num_seats):
                if q == seat:
                    continue
                # every marker whose bonus is public stays; the others are re-dealt
                spots = [v for v in range(D.NUM_VINEYARDS) if vmark[v] == q and not world.vknown[v]]
                known = world.known[q]
                hidden = [b for b in world.supply[q] if b not in known]
                pool = [world.vbonus[v] for v in spots] + hidden + world.retired[q]
                if len(pool) < 2:
                    continue
                chance.shuffle(rng, pool)
                for v in spots:
                    world.vbonus[v] = pool.pop()
                k = len(hidden)
                world.supply[q] = sorted(known + pool[:k])
                world.retired[q] = sorted(pool[k:])
            if self.decider() != seat:
                world._moves = None  # the cached moves are the real supply's, not this world's
        return world

    @classmethod
    def from_view(cls, game: Game, view: dict, rng: random.Random) -> DuloreState:
        return views.from_view(DuloreState, game, view, rng)

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        if self.over:
            return TERMINAL
        return self.stack[-1][1]

    def _generate(self) -> list:
        return [] if self.over else self._gen(self.stack[-1])

    def apply(self, move: tuple) -> None:
        self._do(move)
        self._run()

    def _run(self) -> None:
        """Run automatic tasks and forced single-option steps up to the next decision."""
        stack = self.stack
        while not self.over:
            task = stack[-1]
            if task[0] >= FIRST_AUTO:
                stack.pop()
                self._auto(task)
                continue
            moves = self._gen(task)
            if len(moves) == 1:
                if self.log is not None:
                    self.note(None, f"{self._who(task[1])}: {self.public_move_text(moves[0], None)} (only option)")
                self._do(moves[0])
                continue
            self._moves = moves
            return
        self._moves = []

    # --- move generation -----------------------------------------------
    def _gen(self, task: Task) -> list:
        kind = task[0]
        p = task[1]
        if kind == K_TURN:
            return self._turn_moves(p)
        if kind == K_ABIL:
            return self._ability_moves(p, task[2], task[3])
        if kind == K_AGE:
            moves: list = []
            _track_moves(self.cellar[p], D.AGE_COLOURS_OF[task[2]], moves)
            moves.append(SKIP)
            return moves
        if kind == K_FARMER:
            moves = []
            self._farmer_moves(p, moves)
            moves.append(SKIP)
            return moves
        if kind == K_DRAW:
            n = min(task[2], self._room(p))
            return [draw_move(n), SKIP] if n > 0 else [SKIP]
        if kind == K_PRESS:
            moves = []
            self._add_press_moves(p, PRESS3_COMBOS if task[2] else PRESS_COMBOS, moves)
            moves.append(SKIP)
            return moves
        if kind == K_TAKE:
            moves = [TAKE_MOVE[s] for s in range(D.DISPLAY_SIZE) if self.display[s] >= 0]
            if not task[3] or not moves:
                moves.append(SKIP)
            return moves
        if kind == K_KEEP:
            r, y = task[2], task[3]
            room = self._room(p)
            return [("keep", kr, room - kr) for kr in range(max(0, room - y), min(r, room) + 1)]
        if kind == K_HONOURS:
            moves = self._honour_moves(p)
            moves.append(SKIP)
            return moves
        if kind == K_BLACK:
            return [("project_space", k + 1) for k in range(D.PROJECT_SPACES) if not self.spaces[k]]
        if kind == K_DISC_G:
            r, y = self.grapes[p]
            total = min(task[2], r + y)
            return [("discard_grapes", dr, total - dr) for dr in range(max(0, total - y), min(r, total) + 1)]
        if kind == K_BOTTLES:
            return [("pass_bottle", D.WINE_NAME[c]) for c in range(3) if self.bottles[p][c]]
        if kind == K_DISC_B:
            moves = [("discard_bottle", D.WINE_NAME[c]) for c in range(3) if self.bottles[p][c]]
            return moves or [SKIP]
        raise ValueError(f"no decision for task {task!r}")

    def _turn_moves(self, p: int) -> list:
        vred, vyel = self.vred, self.vyel
        moves: list[tuple] = [HARVEST_MOVE[v] for v in range(8) if vred[v] or vyel[v]]
        moves.append(HARVEST_MOVE[D.WINTER])
        bottles = self.bottles[p]
        w = bottles[0]
        r = bottles[1]
        ro = bottles[2]
        both_ends = bool(self.row[p])
        cards = D.ORDER_CARDS
        for k in range(2):  # the display's cards, then the reserved ones (no tuple of the two lists)
            source = self.display if k == 0 else self.reserved[p]
            for card in source:
                if card >= 0:
                    need = cards[card]
                    if need[0] <= w and need[1] <= r and need[2] <= ro:
                        pair = FULFIL_MOVE[card]
                        moves.append(pair[0])
                        if both_ends:
                            moves.append(pair[1])
        return moves

    def _ability_moves(self, p: int, code: int, mask: int) -> list:
        # no two abilities of a tile give the same move (data.py checks), so none repeats
        moves: list = []
        for i, slot in enumerate(D.TILE_SLOTS[code]):
            if mask >> i & 1:
                continue
            for ab in slot:
                self._moves_for_ability(p, ab, moves)
        moves.append(SKIP)
        return moves

    # (the generators below add to the decision's list of moves: no list made and copied per ability)
    def _moves_for_ability(self, p: int, ab: int, out: list) -> None:
        if ab == D.PRESS:
            self._add_press_moves(p, PRESS_COMBOS, out)
            return
        colours = D.AGE_COLOURS_OF[ab]
        if colours:
            _track_moves(self.cellar[p], colours, out)
            return
        if ab == D.TAKE1 or ab == D.TAKE12:
            display = self.display
            for s in range(D.DISPLAY_SIZE):
                if display[s] >= 0:
                    out.append(TAKE_MOVE[s])
            return
        if ab == D.DRAW1 or ab == D.DRAW12:
            room = self._room(p)
            one = min(self._one(p), room)
            if one > 0:
                out.append(draw_move(one))
            if ab == D.DRAW12:
                two = min(2, room)
                if two > one:
                    out.append(draw_move(two))
            return
        if ab == D.FARMER:
            self._farmer_moves(p, out)
            return
        raise ValueError(ab)

    def _press_moves(self, p: int, combos: tuple[tuple[int, int], ...]) -> list:
        out: list = []
        self._add_press_moves(p, combos, out)
        return out

    def _add_press_moves(self, p: int, combos: tuple[tuple[int, int], ...], out: list) -> None:
        grapes = self.grapes[p]
        have_r = grapes[0]
        have_y = grapes[1]
        cellar = self.cellar[p]
        for r, y in combos:
            if r <= have_r and y <= have_y and not cellar[D.TRACK_START[press_colour(r, y)]]:
                out.append(PRESS_MOVE[4 * r + y])

    def _farmer_moves(self, p: int, out: list) -> None:
        supply = self.supply[p]
        if not supply:
            return
        vmark, vred, vyel = self.vmark, self.vred, self.vyel
        for v in range(8):
            if vmark[v] < 0 and (vred[v] or vyel[v]):
                for b in supply:
                    out.append(FARMER_MOVE[v][b])
        if vmark[D.WINTER] < 0:
            for b in supply:
                out.append(FARMER_MOVE[D.WINTER][b])

    def _honour_moves(self, p: int) -> list:
        supply = self.supply[p]
        if not supply:
            return []
        out = []
        fulfilled = len(self.row[p])
        for i, (cond, checks) in enumerate(self.hrows):
            occ = self.honours[i]
            if fulfilled >= checks and p not in occ and -1 in occ and self.meets(p, cond):
                for b in supply:
                    out.append(("honour", i, D.MARKER_BONUS_NAME[b]))
        return out

    def meets(self, p: int, cond: int) -> bool:
        """Whether seat ``p`` meets an honours condition now."""
        g = self.grapes[p]
        cel = self.cellar[p]
        b = self.bottles[p]
        if cond == D.H_THREE_ORDERS:
            return len(self.reserved[p]) >= 3
        if cond == D.H_THREE_AND_THREE_GRAPES:
            return g[0] >= 3 and g[1] >= 3
        if cond == D.H_FIVE_YELLOW:
            return g[1] >= 5
        if cond == D.H_THREE_BARREL_COLOURS:
            return bool((cel[0] or cel[1]) and (cel[2] or cel[3] or cel[4]) and cel[5])
        if cond == D.H_FOUR_BARRELS:
            return sum(cel) >= 4
        if cond == D.H_FOUR_WHITE:
            return b[0] >= 4
        if cond == D.H_FOUR_RED:
            return b[1] >= 4
        if cond == D.H_FOUR_ROSE:
            return b[2] >= 4
        if cond == D.H_TWO_OF_EACH:
            return b[0] >= 2 and b[1] >= 2 and b[2] >= 2
        if cond == D.H_TWO_MARKERS:
            return self.vmark.count(p) >= 2
        raise ValueError(cond)

    # --- applying decisions ----------------------------------------------
    def _do(self, move: tuple) -> None:
        self._moves = None
        task = self.stack.pop()
        kind = task[0]
        p = task[1]
        mk: str = move[0]  # typed: compiled code compares it as a str
        if kind >= K_AGE and kind <= K_TAKE and task[4]:
            # a farmer marker's bonus: the marker goes back to its owner
            self._return_marker(p, task[4] - 1)
        # the task's kind tells which moves it allows (_gen): only the turn, the abilities and
        # skip need the move's own kind
        if kind == K_TURN:
            if mk == "harvest":
                self._harvest(p, move[1])
            else:
                self._fulfil(p, move[1], move[2])
        elif kind == K_ABIL:
            if mk != "skip":
                self._use_ability(task, move)
        elif mk == "skip":
            pass
        elif kind == K_KEEP:
            kr, ky = move[1], move[2]
            g = self.grapes[p]
            g[0] += kr
            g[1] += ky
            self._pass_grapes(p, task[2] - kr, task[3] - ky, task[4])
        elif kind == K_AGE:
            self._age(p, D.WINE_BY_NAME[move[1]], move[2])
        elif kind == K_PRESS:
            self._press(p, move[1], move[2])
        elif kind == K_DRAW:
            self._draw(p, move[1])
        elif kind == K_FARMER:
            self._place_farmer(p, move[1], D.MARKER_BONUS_BY_NAME[move[2]])
        elif kind == K_TAKE:
            self._take(p, move[1])
            if task[2] > 1:
                self.stack.append((K_TAKE, p, task[2] - 1, task[3], 0))
        elif kind == K_HONOURS:
            self._honour(p, move[1], D.MARKER_BONUS_BY_NAME[move[2]])
            self.stack.append((K_HONOURS, p, 0, 0, 0))
        elif kind == K_BLACK:
            self._project_space(move[1] - 1)
        elif kind == K_DISC_G:
            g = self.grapes[p]
            g[0] -= move[1]
            g[1] -= move[2]
            self.basket[0] += move[1]
            self.basket[1] += move[2]
            if self.log is not None:
                self.note(None, f"{self._who(p)} discards {move[1]} red and {move[2]} yellow grapes")
        elif kind == K_BOTTLES:
            c = D.WINE_BY_NAME[move[1]]
            self.bottles[p][c] -= 1
            passed = task[4] + BOTTLE_CODE[c]
            if task[2] > 1:
                self.stack.append((K_BOTTLES, p, task[2] - 1, task[3], passed))
            else:
                self._pass_bottles(p, passed, task[3])
        elif kind == K_DISC_B:
            c = D.WINE_BY_NAME[move[1]]
            self.bottles[p][c] -= 1
            self.bsupply[c] += 1
        else:
            raise ValueError(f"unknown move {move!r}")

    def _return_marker(self, p: int, bonus: int) -> None:
        supply = self.supply[p]
        supply.append(bonus)
        supply.sort()
        # its bonus was revealed: everyone knows it is back in the supply
        known = self.known[p]
        known.append(bonus)
        known.sort()

    def _from_supply(self, p: int, bonus: int) -> bool:
        """A marker leaves p's supply face down. Returns whether everyone can
        tell its bonus anyway (every marker in the supply was known)."""
        known = self.known[p]
        public = len(known) == len(self.supply[p])
        if public:
            known.remove(bonus)
        else:
            # any known marker may be the one placed: nothing is certain any more
            known.clear()
        self.supply[p].remove(bonus)
        return public

    def _harvest(self, p: int, v: int) -> None:
        stack: list = self.stack  # (the tasks made once: TURN_TASK)
        stack.append(END_TASK[1 if v == D.WINTER else 0][p])
        if self.hrows:
            stack.append(HONOURS_TASK[p])
        if self.vmark[v] >= 0:
            stack.append(ACTIVATE_TASK[p][v])
        if v == D.WINTER:
            stack.append(ABILITY_TASK[p][D.WINTER_CODE])
            if self.log is not None:
                self.note(None, f"{self._who(p)} chooses the winter vineyard")
            return
        stack.append(ABILITY_TASK[p][2 * v + self.side[v]])
        r, y = self.vred[v], self.vyel[v]
        self.vred[v] = self.vyel[v] = 0
        if self.log is not None:
            self.note(None, f"{self._who(p)} harvests vineyard {D.RING[v]}: {r} red, {y} yellow grapes")
        self._gain_grapes(p, r, y, p)

    def _gain_grapes(self, p: int, r: int, y: int, origin: int) -> None:
        g = self.grapes[p]
        room = D.BOARDS[self.boards[p]][1] - g[0] - g[1]
        if r + y <= room:
            g[0] += r
            g[1] += y
            return
        if room > 0:
            lo = max(0, room - y)
            hi = min(r, room)
            if lo < hi:
                self.stack.append((K_KEEP, p, r, y, origin))
                return
            g[0] += lo
            g[1] += room - lo
            r -= lo
            y -= room - lo
        self._pass_grapes(p, r, y, origin)

    def _pass_grapes(self, p: int, r: int, y: int, origin: int) -> None:
        if r + y == 0:
            return
        nxt = (p - 1) % self.num_seats
        if nxt == origin:
            self.basket[0] += r
            self.basket[1] += y
            if self.log is not None:
                self.note(None, f"{r} red and {y} yellow grapes do not fit and are discarded")
            return
        if self.log is not None:
            self.note(None, f"{self._who(p)} passes {r} red and {y} yellow grapes to {self._who(nxt)}")
        self._gain_grapes(nxt, r, y, origin)

    def _fulfil(self, p: int, card: int, end: str) -> None:
        w, r, ro, stars, _ = D.ORDER_CARDS[card]
        b = self.bottles[p]
        b[0] -= w
        b[1] -= r
        b[2] -= ro
        s = self.bsupply
        s[0] += w
        s[1] += r
        s[2] += ro
        reserved = self.reserved[p]
        from_display = card not in reserved
        if from_display:
            self.display[self.display.index(card)] = -1
        else:
            reserved.remove(card)
        if end == "left":
            self.row[p].insert(0, card)
        else:
            self.row[p].append(card)
        if self.log is not None:
            self.note(None, f"{self._who(p)} fulfils order {D.order_text(card)} at the {end} end of the row")
        if from_display:
            self._refill_display()
        n = self.num_seats
        if n > 1 and len(self.row[p]) >= D.END_ORDERS[n] and not self.end_triggered:
            self.end_triggered = True
            if self.log is not None:
                self.note(None, f"{self._who(p)} has fulfilled {len(self.row[p])} orders: the round is finished, then the game ends")
        stack = self.stack
        stack.append((K_END, p, 0, 0, 0))
        if self.hrows:
            stack.append((K_HONOURS, p, 0, 0, 0))
        for ab in D.BOARDS[self.boards[p]][3]:
            if ab == D.AB_FULFIL_DRAW:
                stack.append((K_DRAW, p, self._one(p), 0, 0))
            elif ab == D.AB_FULFIL_AGE:
                stack.append((K_AGE, p, D.AGE_ANY, 0, 0))
            elif ab == D.AB_FULFIL_FARMER:
                stack.append((K_FARMER, p, 0, 0, 0))
            elif ab == D.AB_FULFIL_PRESS3:
                stack.append((K_PRESS, p, 1, 0, 0))

    def _use_ability(self, task: Task, move: tuple) -> None:
        p, code, mask = task[1], task[2], task[3]
        slots = D.TILE_SLOTS[code]
        mk: str = move[0]
        # the move's kind once, as a number: which abilities allow it
        age_colour = -1
        if mk == "press":
            allowed = ABILITY_PRESS
        elif mk == "age":
            allowed = ABILITY_AGE
            age_colour = D.WINE_BY_NAME[move[1]]
        elif mk == "take_order":
            allowed = ABILITY_TAKE
        elif mk == "draw":
            allowed = ABILITY_DRAW
        else:
            allowed = ABILITY_FARMER
        used = -1
        ability = -1
        for i, slot in enumerate(slots):
            if mask >> i & 1:
                continue
            for ab in slot:
                if allowed >> ab & 1 and (age_colour < 0 or age_colour in D.AGE_COLOURS_OF[ab]):
                    used, ability = i, ab
                    break
            if used >= 0:
                break
        mask |= 1 << used
        stack = self.stack
        if mask != (1 << len(slots)) - 1:
            stack.append((K_ABIL, p, code, mask, 0))
        if allowed == ABILITY_PRESS:
            self._press(p, move[1], move[2])
        elif allowed == ABILITY_AGE:
            if ability == D.AGE_TWICE:
                stack.append((K_AGE, p, D.AGE_ANY, 0, 0))
            self._age(p, age_colour, move[2])
        elif allowed == ABILITY_TAKE:
            self._take(p, move[1])
            if ability == D.TAKE12:
                stack.append((K_REFILL, p, 0, 0, 0))
                stack.append((K_TAKE, p, 1, 0, 0))
            else:
                self._refill_display()
        elif allowed == ABILITY_DRAW:
            self._draw(p, move[1])
        else:
            self._place_farmer(p, move[1], D.MARKER_BONUS_BY_NAME[move[2]])

    # --- effects -----------------------------------------------------------
    def _one(self, p: int) -> int:
        """How many grapes 'draw one grape' gives seat p (the B-side draw-two ability)."""
        return 2 if D.AB_DRAW2 in D.BOARDS[self.boards[p]][3] else 1

    def _room(self, p: int) -> int:
        g = self.grapes[p]
        return D.BOARDS[self.boards[p]][1] - g[0] - g[1]

    def _press(self, p: int, r: int, y: int) -> None:
        g = self.grapes[p]
        g[0] -= r
        g[1] -= y
        self.basket[0] += r
        self.basket[1] += y
        c = press_colour(r, y)
        idx = D.TRACK_START[c]
        self.cellar[p][idx] = 1
        if self.log is not None:
            self.note(None, f"{self._who(p)} presses {r} red and {y} yellow grapes into a {D.WINE_TEXT[c]} barrel")
        self._bonus(p, D.CELLAR_BONUS[idx])

    def _age(self, p: int, c: int, s: int) -> None:
        cellar = self.cellar[p]
        idx = D.TRACK_START[c] + s
        cellar[idx] = 0
        if s == D.TRACK_LEN[c] - 1:
            self._bottle(p, c)
            return
        cellar[idx + 1] = 1
        if self.log is not None:
            self.note(None, f"{self._who(p)} ages a {D.WINE_TEXT[c]} barrel to space {s + 2}")
        self._bonus(p, D.CELLAR_BONUS[idx + 1])

    def _bonus(self, p: int, bonus: int) -> None:
        if bonus == D.B_NONE:
            return
        if bonus == D.B_FARMER:
            self.stack.append((K_FARMER, p, 0, 0, 0))
        elif bonus == D.B_AGE_RED:
            self.stack.append((K_AGE, p, D.AGE_RED, 0, 0))
        else:
            self.stack.append((K_DRAW, p, self._one(p), 0, 0))

    def _bottle(self, p: int, c: int) -> None:
        n = 3 if D.BOTTLE_X3[c] in D.BOARDS[self.boards[p]][3] else D.BOTTLES_PER_BARREL
        n = min(n, self.bsupply[c])
        self.bsupply[c] -= n
        if self.log is not None:
            self.note(None, f"{self._who(p)} bottles a {D.WINE_TEXT[c]} barrel: {n} bottles")
        self._gain_bottles(p, n if c == D.WHITE else 0, n if c == D.RED else 0, n if c == D.ROSE else 0, p)

    def _gain_bottles(self, p: int, w: int, r: int, ro: int, origin: int) -> None:
        """Bottles arrive in p's storeroom; the excess is passed on by p's choice (any colours)."""
        b = self.bottles[p]
        b[0] += w
        b[1] += r
        b[2] += ro
        excess = b[0] + b[1] + b[2] - D.BOARDS[self.boards[p]][2]
        if excess > 0:
            self.stack.append((K_BOTTLES, p, excess, origin, 0))

    def _pass_bottles(self, p: int, passed: int, origin: int) -> None:
        w, r, ro = passed & 255, passed >> 8 & 255, passed >> 16
        nxt = (p - 1) % self.num_seats
        if nxt == origin:
            s = self.bsupply
            s[0] += w
            s[1] += r
            s[2] += ro
            if self.log is not None:
                self.note(None, f"{w} white, {r} red and {ro} rosé bottles do not fit and are discarded")
            return
        if self.log is not None:
            self.note(None, f"{self._who(p)} passes {w} white, {r} red and {ro} rosé bottles to {self._who(nxt)}")
        self._gain_bottles(nxt, w, r, ro, origin)

    def _draw(self, p: int, n: int) -> None:
        n = min(n, self._room(p))
        if n <= 0:
            return
        rng = self.chance()
        g = self.grapes[p]
        got = [0, 0]
        for _ in range(n):
            colour = self._draw_grape(rng)
            if colour < 0:
                break
            g[colour] += 1
            got[colour] += 1
        if self.log is not None:
            self.note(None, f"{self._who(p)} draws {got[0]} red and {got[1]} yellow grapes from the bag")

    def _draw_grape(self, rng: chance.Rng) -> int:
        bag = self.bag
        total = bag[0] + bag[1]
        if total == 0:
            basket = self.basket
            bag[0], bag[1] = basket[0], basket[1]
            basket[0] = basket[1] = 0
            total = bag[0] + bag[1]
            if self.log is not None:
                self.note(None, "the bag is empty: the grape basket is poured back into it")
            if total == 0:
                return -1
        colour = D.G_RED if chance.randrange(rng, total) < bag[0] else D.G_YELLOW
        bag[colour] -= 1
        return colour

    def _place_farmer(self, p: int, v: int, bonus: int) -> None:
        self.vknown[v] = int(self._from_supply(p, bonus))
        self.vmark[v] = p
        self.vbonus[v] = bonus
        if self.log is not None:
            self.note(None, f"{self._who(p)} places a farmer marker on vineyard {D.VINEYARD_NAME[v]}")
            self.note(p, f"(your marker there: {D.MARKER_BONUS_TEXT[bonus]})")

    def _take(self, p: int, slot: int) -> None:
        card = self.display[slot]
        self.display[slot] = -1
        self.reserved[p].append(card)
        if self.log is not None:
            self.note(None, f"{self._who(p)} takes order {D.order_text(card)}")

    def _refill_display(self) -> None:
        display = self.display
        deck = self.deck
        for s in range(D.DISPLAY_SIZE):
            if display[s] < 0:
                if not deck and self.discards:
                    # ASSUMPTION: an empty order deck is re-formed from the discards.
                    deck.extend(self.discards)
                    self.discards.clear()
                    deck.sort()
                    chance.shuffle(self.chance(), deck)
                    if self.log is not None:
                        self.note(None, "the order deck is empty: the discarded orders are shuffled into a new deck")
                if not deck:
                    continue
                display[s] = deck.pop()
                if self.log is not None:
                    self.note(None, f"new order face up in slot {s + 1}: {D.order_text(display[s])}")

    def _honour(self, p: int, row: int, bonus: int) -> None:
        self._from_supply(p, bonus)
        self.retired[p].append(bonus)
        self.retired[p].sort()
        occ = self.honours[row]
        k = occ.index(-1)
        occ[k] = p
        if self.log is not None:
            cond = self.hrows[row][0]
            self.note(None, f"{self._who(p)} claims honour '{D.HONOUR_TEXT[cond]}' "
                            f"for {D.HONOUR_VALUES[self.num_seats][k]} points")

    def _project_space(self, k: int) -> None:
        self.spaces[k] = 1
        effect = self.PROJECT[self.config["project"]][1][k]
        if self.log is not None:
            self.note(None, f"the black farmer marker goes to project space {k + 1}: {D.EFFECT_TEXT[effect]}")
        stack = self.stack
        if effect == D.EF_DISCARD_GRAPE:
            stack.append((K_DISC_G, 0, 1, 0, 0))
        elif effect == D.EF_DISCARD_TWO_GRAPES:
            stack.append((K_DISC_G, 0, 2, 0, 0))
        elif effect == D.EF_AGE:
            stack.append((K_AGE, 0, D.AGE_ANY, 0, 0))
        elif effect == D.EF_REFRESH_ORDERS:
            for s in range(D.DISPLAY_SIZE):
                if self.display[s] >= 0:
                    self.discards.append(self.display[s])
                    self.display[s] = -1
            self._refill_display()
        elif effect == D.EF_EXTRA_TURN:
            self.wm_extra += 1
        elif effect == D.EF_TAKE_ORDER:
            stack.append((K_REFILL, 0, 0, 0, 0))
            stack.append((K_TAKE, 0, 1, 0, 0))
        elif effect == D.EF_DISCARD_BOTTLE:
            stack.append((K_DISC_B, 0, 0, 0, 0))
        elif effect == D.EF_PRESS3:
            stack.append((K_PRESS, 0, 1, 0, 0))

    def _refill_vineyards(self) -> None:
        rng = None
        for v in range(8):
            if self.vred[v] or self.vyel[v]:
                continue
            self.side[v] ^= 1
            n = D.TILE_GRAPES[2 * v + self.side[v]]
            if rng is None:
                rng = self.chance()
            red = yellow = 0  # (ints, not a list per vineyard)
            for _ in range(n):
                colour = self._draw_grape(rng)
                if colour < 0:
                    break
                if colour == D.G_RED:
                    red += 1
                else:
                    yellow += 1
            self.vred[v] = red
            self.vyel[v] = yellow
        if self.log is not None:
            self.note(None, "the empty vineyards are flipped and refilled: " + ", ".join(
                f"{D.RING[v]} {D.SIDE_NAME[self.side[v]]} {self.vred[v]}R/{self.vyel[v]}Y" for v in range(8)))

    # --- automatic tasks -----------------------------------------------------
    def _auto(self, task: Task) -> None:
        kind = task[0]
        if kind == K_END:
            self._end_turn(task[1], task[2])
        elif kind == K_REFILL:
            self._refill_display()
        elif kind == K_ACTIVATE:
            self._activate(task[2], task[3])
        elif kind == K_WM:
            self._winemaker_turn()
        elif kind == K_WM_REST:
            self._winemaker_rest(task[2], task[3])
        else:
            raise ValueError(task)

    def _end_turn(self, p: int, winter: int) -> None:
        if winter:
            self._refill_vineyards()
        if self.num_seats == 1:
            if not self.wm_deck:
                self._finish()
                return
            self.wm_recent = []
            self.current = -1
            self.stack.append((K_WM, -1, 0, 0, 0))
            return
        if self.end_triggered and p == self.num_seats - 1:
            self._finish()
            return
        nxt = (p + 1) % self.num_seats
        self.current = nxt
        self.turn += 1
        stack: list = self.stack  # (the tasks made once: TURN_TASK)
        stack.append(TURN_TASK[nxt])

    def _finish(self) -> None:
        self.over = True
        self.stack.clear()
        if self.log is not None:
            res = self.result()
            assert res is not None
            # the scores as they are (ints): read as Result's declared floats, compiled code would print 6.0
            scores: tuple = res.scores
            self.note(None, "game over: scores " + ", ".join(str(s) for s in scores))

    def _activate(self, v: int, by_winemaker: int) -> None:
        owner = self.vmark[v]
        bonus = self.vbonus[v]
        self.vmark[v] = -1
        self.vbonus[v] = -1
        self.vknown[v] = 0
        if owner == D.BLACK:
            if by_winemaker:
                self._project_space(self.spaces.index(0))
            else:
                self.stack.append((K_BLACK, 0, 0, 0, 0))
            return
        if self.log is not None:
            self.note(None, f"{self._who(owner)}'s farmer marker on {D.VINEYARD_NAME[v]}: {D.MARKER_BONUS_TEXT[bonus]}")
        ret = bonus + 1
        stack = self.stack
        if bonus == D.MB_DRAW:
            stack.append((K_DRAW, owner, self._one(owner), 0, ret))
        elif bonus == D.MB_AGE:
            stack.append((K_AGE, owner, D.AGE_ANY, 0, ret))
        elif bonus == D.MB_TAKE:
            stack.append((K_REFILL, owner, 0, 0, 0))
            stack.append((K_TAKE, owner, 1, 0, ret))
        else:
            stack.append((K_PRESS, owner, 0, 0, ret))

    def _winemaker_turn(self) -> None:
        card = self.wm_deck.pop()
        self.wm_played.append(card)
        self.current = -1
        target = D.WINEMAKER_CARDS[card][0]
        v = D.WINTER
        for k in range(8):
            u = (target + k) % 8
            if self.vred[u] or self.vyel[u]:
                v = u
                break
        if self.log is not None:
            self.note(None, f"the Winemaker flips card {card} (harvest {D.RING[target]}, marker "
                            f"{D.RING[D.WINEMAKER_CARDS[card][1]]}, discard {D.WINEMAKER_CARDS[card][2]} orders); "
                            f"{len(self.wm_deck)} cards left")
        if v != D.WINTER:
            r, y = self.vred[v], self.vyel[v]
            self.basket[0] += r
            self.basket[1] += y
            self.vred[v] = self.vyel[v] = 0
            if self.log is not None:
                self.note(None, f"the Winemaker harvests {D.RING[v]} and discards {r} red, {y} yellow grapes")
        elif self.log is not None:
            self.note(None, "no vineyard has grapes: the Winemaker chooses the winter vineyard")
        self.stack.append((K_WM_REST, -1, card, v, 0))
        if self.vmark[v] >= 0:
            self.stack.append((K_ACTIVATE, -1, v, 1, 0))

    def _winemaker_rest(self, card: int, harvested: int) -> None:
        _, target, discard = D.WINEMAKER_CARDS[card]
        placed = -1
        if self.black > 0:
            vred, vyel, vmark = self.vred, self.vyel, self.vmark
            if any(vred[u] or vyel[u] for u in range(8)):
                for k in range(8):
                    u = (target + k) % 8
                    if (vred[u] or vyel[u]) and vmark[u] < 0:
                        placed = u
                        break
            elif vmark[D.WINTER] < 0:
                placed = D.WINTER
            if placed >= 0:
                self.black -= 1
                vmark[placed] = D.BLACK
                self.vbonus[placed] = -1
        display = self.display
        gone = [c for c in display[:discard] if c >= 0]
        if gone:
            self.discards.extend(gone)
        if discard:
            kept = [c for c in display[discard:] if c >= 0]
            self.display = display = kept + [-1] * (D.DISPLAY_SIZE - len(kept))
        if self.log is not None:
            self.note(None, "the Winemaker places a black farmer marker on "
                      + (D.VINEYARD_NAME[placed] if placed >= 0 else "no vineyard"))
            if discard:
                self.note(None, "the Winemaker discards " + (", ".join(D.order_text(c) for c in gone) or "no order"))
        self._refill_display()
        self.wm_recent.append((card, harvested, placed, tuple(gone)))
        if harvested == D.WINTER:
            self._refill_vineyards()
        if self.wm_extra > 0 and self.wm_deck:
            self.wm_extra -= 1
            self.stack.append((K_WM, -1, 0, 0, 0))
            return
        self.wm_extra = 0
        self.current = 0
        self.turn += 1
        self.stack.append((K_TURN, 0, 0, 0, 0))

    # --- texts ---------------------------------------------------------------
    def _who(self, p: int) -> str:
        return "the Winemaker" if p < 0 else f"seat {p}"

    def move_text(self, move: tuple) -> str:
        kind = move[0]
        task = self.stack[-1] if self.stack else (K_TURN, 0, 0, 0, 0)
        if kind == "harvest":
            v = move[1]
            if v == D.WINTER:
                return f"choose the winter vineyard ({D.tile_text(D.WINTER_CODE)}; refill at the end of the turn)"
            return (f"harvest vineyard {D.RING[v]} ({self.vred[v]} red, {self.vyel[v]} yellow; "
                    f"{D.tile_text(2 * v + self.side[v])})")
        if kind == "fulfil":
            p = task[1]
            source = "reserved" if move[1] in self.reserved[p] else "face-up"
            where = "start your row" if not self.row[p] else f"at the {move[2]} end of your row"
            return f"fulfil {source} order {D.order_text(move[1])}, {where}"
        if kind == "keep":
            rest = "discard" if self.num_seats == 1 else "pass on"
            return f"keep {move[1]} red and {move[2]} yellow grapes, {rest} the rest"
        if kind == "press":
            c = press_colour(move[1], move[2])
            return f"press {move[1]} red and {move[2]} yellow grapes into a {D.WINE_TEXT[c]} barrel"
        if kind == "age":
            c = D.WINE_BY_NAME[move[1]]
            s = move[2]
            if s == D.TRACK_LEN[c] - 1:
                return f"bottle the {D.WINE_TEXT[c]} barrel on space {s + 1}"
            return f"age the {D.WINE_TEXT[c]} barrel from space {s + 1} to {s + 2}"
        if kind == "take_order":
            card = self.display[move[1]]
            return f"take order {D.order_text(card)} from slot {move[1] + 1}"
        if kind == "draw":
            return f"draw {move[1]} grape{'s' if move[1] > 1 else ''} from the bag"
        if kind == "farmer":
            return (f"place your farmer marker '{D.MARKER_BONUS_TEXT[D.MARKER_BONUS_BY_NAME[move[2]]]}' "
                    f"on vineyard {D.VINEYARD_NAME[move[1]]}")
        if kind == "honour":
            cond = self.hrows[move[1]][0]
            k = self.honours[move[1]].index(-1)
            return (f"place your farmer marker '{D.MARKER_BONUS_TEXT[D.MARKER_BONUS_BY_NAME[move[2]]]}' on honour "
                    f"'{D.HONOUR_TEXT[cond]}' ({D.HONOUR_VALUES[self.num_seats][k]} points)")
        if kind == "project_space":
            effect = self.PROJECT[self.config["project"]][1][move[1] - 1]
            return f"move the black farmer marker to project space {move[1]}: {D.EFFECT_TEXT[effect]}"
        if kind == "discard_grapes":
            return f"discard {move[1]} red and {move[2]} yellow grapes"
        if kind == "pass_bottle":
            rest = "discard" if self.num_seats == 1 else "pass"
            return f"{rest} a {D.WINE_TEXT[D.WINE_BY_NAME[move[1]]]} bottle from your storeroom"
        if kind == "discard_bottle":
            return f"discard a {D.WINE_TEXT[D.WINE_BY_NAME[move[1]]]} bottle"
        if kind == "skip":
            return SKIP_TEXT.get(task[0], "pass")
        raise ValueError(move)

    # --- outcome -------------------------------------------------------------------
    def score_parts(self, p: int) -> tuple[int, int, int]:
        row = self.row[p]
        stars = sum(D.ORDER_CARDS[c][3] for c in row)
        links = sum(D.connections(row[i], row[i + 1]) for i in range(len(row) - 1))
        honours = 0
        if self.hrows:
            values = D.HONOUR_VALUES[self.num_seats]
            for occ in self.honours:
                for k, q in enumerate(occ):
                    if q == p:
                        honours += values[k]
        return stars, links, honours

    def score(self, p: int) -> int:
        return sum(self.score_parts(p))

    def result(self) -> Result | None:
        if not self.over:
            return None
        n = self.num_seats
        breakdown = []
        keys = []
        for q in range(n):
            stars, links, honours = self.score_parts(q)
            total = stars + links + honours
            bottles = sum(self.bottles[q])
            barrels = sum(self.cellar[q])
            grapes = sum(self.grapes[q])
            entry: dict[str, Any] = {"stars": stars, "connections": links, "honours": honours, "total": total,
                     "orders": len(self.row[q]), "bottles": bottles, "barrels": barrels, "grapes": grapes}
            if n == 1:
                entry["scale"] = D.solo_label(total)
                entry["project"] = self.config["project"]
            breakdown.append(entry)
            keys.append((total, bottles, barrels, grapes))
        ranks, winners = rank_by(keys)
        return Result(tuple(k[0] for k in keys), winners, ranks, tuple(breakdown))

    # --- setup ---------------------------------------------------------------------------
    @staticmethod
    def _blank(game: Game, cfg: dict, seed: int) -> DuloreState:
        """A state with every field at its start value (nothing dealt)."""
        n = cfg["players"]
        s = DuloreState.__new__(DuloreState)
        s._init_base(game, cfg, seed)
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

    @staticmethod
    def deal(game: Game, cfg: dict, rng: random.Random) -> DuloreState:
        """A new game: the orders, vineyards and start grapes dealt from ``rng``."""
        n = cfg["players"]
        s = DuloreState._blank(game, cfg, 0)
        deck = list(range(D.NUM_ORDERS))
        chance.shuffle(rng, deck)
        s.display = [deck.pop() for _ in range(D.DISPLAY_SIZE)]
        s.deck = deck
        for v in range(8):
            for _ in range(D.TILE_GRAPES[2 * v]):
                colour = s._draw_grape(rng)
                (s.vred if colour == D.G_RED else s.vyel)[v] += 1
        if cfg["advanced_boards"]:
            boards = [1, 2, 3, 4]
            chance.shuffle(rng, boards)
            s.boards = tuple(boards[:n])
        if n == 1:
            grapes, barrels, orders = D.PROJECT_CARDS[cfg["project"]][0]
            for _ in range(grapes):
                s.grapes[0][s._draw_grape(rng)] += 1
            for k in range(barrels):
                s.cellar[0][D.TRACK_START[D.RED] + k] = 1
            wm = list(range(D.NUM_WINEMAKER_CARDS))
            chance.shuffle(rng, wm)
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
