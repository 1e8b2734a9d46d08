"""The Frogriders state: its fields, each declared once with its type (and in ``FIELDS`` with
how it is stored), its forward model (moves, their effects and texts, scoring, dealing a new game)
and the hooks to what a seat may see (views.py).

This module is the rules' one source. It is plain Python with type annotations, and the compiled
build (mypyc, docs/performance.md) compiles it as it is: ``FrogridersState`` is then a native class
whose fields are C struct slots, and the ``Final`` constants of data.py are inlined. Moves are
tuples at every boundary (``Game.move_fields``); the leaps' tuples are made once per layout
(board.py), so generating moves allocates nothing but their list.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from mypy_extensions import i64

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL, Game, Result, State, rank_by
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLE, TUPLES, StateFields, custom

from . import data as D
from . import views
from .board import (COLLECT_EITHER, DIAGONAL_LEAPS, L_SHAPED_LEAPS, LEAP_PRIVILEGE, RUN_UP_LEAPS, Layout,
                    layout_for, leap_privileges)
from .data import LEAP, NO_CARD, OVER, PHASE_B, SECOND_LEAP, SETUP, TAKE_PRIVILEGE, TAKE_UNIT

Move = tuple
END_TURN: Final[Move] = ("end_turn",)
TAKE_UNIT_MOVES: Final[dict[int, Move]] = {c: ("take_unit", D.COLOUR_NAME[c]) for c in D.RETURNABLE}
# one constant per return move (phase B's moves follow every leap: no dict lookup per move)
RETURN_RED: Final[Move] = ("return_unit", D.COLOUR_NAME[D.RED])
RETURN_YELLOW: Final[Move] = ("return_unit", D.COLOUR_NAME[D.YELLOW])
RETURN_BLUE: Final[Move] = ("return_unit", D.COLOUR_NAME[D.BLUE])
TAKE_PRIVILEGE_MOVES: Final[tuple[Move, ...]] = tuple(("take_privilege", slot) for slot in range(4))
KEEP_MOVES: Final[tuple[Move, ...]] = tuple(("keep_set_card", card) for card in range(len(D.PRIVATE_SET_CARDS)))
# what returning a unit of each colour buys (its move's text)
RETURN_ACTION: Final[dict[str, str]] = {"red": "leap again", "yellow": "take a unit from the village",
                                        "blue": "take a privilege card"}

# How each field is stored (boardbot.engine.fields); the class below declares their types.
FIELDS = StateFields(
    {"layout_for": layout_for, "leap_privileges": leap_privileges},
    # board.Layout of the player count: shared, derived from the config, not stored
    layout=custom("{v}", None, "layout_for(s.num_seats)"),
    board=LIST,  # cell -> unit colour (data.EMPTY: none)
    units=LISTS,  # seat -> colour -> units collected
    village=LIST,  # colour -> units returned to the village
    privileges=LISTS,  # seat -> privilege cards taken
    # seat -> the privileges it holds that change its leaps (LEAP_PRIVILEGE): derived, not stored;
    # kept by take_privilege, so _leaps reads one int (invalidate() derives it again)
    leap_privileges=custom("{v}[:]", None, "leap_privileges(s.privileges)"),
    display=LIST,  # the four face-up privilege cards (data.NO_CARD: empty slot)
    stack=LIST,  # the privilege cards face down
    dealt=TUPLES,  # seat -> the two set cards dealt
    kept=LIST,  # seat -> the set card kept (data.NO_CARD: not yet)
    public=TUPLE,  # the two public score cards (replaced, never mutated)
    backs=TUPLE,  # whether each shows its back (replaced, never mutated)
    trophies=LIST,  # seat -> trophies scored during the game
    player=SCALAR,
    phase=SCALAR,  # data.SETUP ... data.OVER
    turn=SCALAR,
    # the legal moves (State.legal_moves' cache): replaced, never mutated in place, so a copy
    # shares them (a search's every world is a copy of its root: no leaps generated again there)
    _moves=custom("{v}", None, "None"),
    # the last move text public_move_text made, for which move and in which position (the legal
    # moves' list: a new one after every move): the search asks for every other seat's text of
    # the same move (three at 4 players), and a leap's text is the same for all of them
    _text_move=custom("None", None, "None"),
    _text_moves=custom("None", None, "None"),
    _text=custom("None", None, "None"),
)
_to_dict = FIELDS.to_dict_function("frogriders")


class FrogridersState(State):
    FIELDS: ClassVar[StateFields] = FIELDS
    __slots__ = FIELDS.slots

    layout: Layout
    board: list[i64]  # (an int list; i64: the compiled build reads an entry as a C int64)
    units: list[list[int]]
    village: list[int]
    privileges: list[list[int]]
    leap_privileges: list[int]
    display: list[int]
    stack: list[int]
    dealt: list[tuple[int, ...]]
    kept: list[int]
    public: tuple[int, ...]
    backs: tuple[bool, ...]
    trophies: list[int]
    player: int
    phase: int
    turn: int
    _text_move: Move | None
    _text_moves: list | None
    _text: str | None

    # --- plumbing ------------------------------------------------------
    def copy(self) -> FrogridersState:
        """An independent copy (every field of ``FIELDS``; tests/test_state_fields.py checks)."""
        new = FrogridersState.__new__(FrogridersState)
        new._copy_base(self)
        new.layout = self.layout
        new.board = self.board[:]
        new.units = [u[:] for u in self.units]
        new.village = self.village[:]
        new.privileges = [p[:] for p in self.privileges]
        new.leap_privileges = self.leap_privileges[:]
        new.display = self.display[:]
        new.stack = self.stack[:]
        new.dealt = self.dealt[:]
        new.kept = self.kept[:]
        new.public = self.public
        new.backs = self.backs
        new.trophies = self.trophies[:]
        new.player = self.player
        new.phase = self.phase
        new.turn = self.turn
        new._moves = self._moves
        new._text_move = None
        new._text_moves = None
        new._text = None
        return new

    def to_dict(self) -> dict:
        return _to_dict(self)

    def invalidate(self) -> None:
        super().invalidate()
        self.leap_privileges = leap_privileges(self.privileges)

    # --- information (views.py) -----------------------------------------
    def public_move_text(self, move: Move, observer: int | None) -> str:
        # (here, not in views.py: the search asks it for every other seat at every tree step, and
        # the compiled build calls move_text on a typed self natively, not as a Python method)
        kind: str = move[0]
        if kind == "keep_set_card" and observer != self.player:
            return "keep one of the two dealt set cards"
        moves = self._moves
        if moves is not None and move is self._text_move and moves is self._text_moves:
            text = self._text
            if text is not None:
                return text
        text = self.move_text(move)
        self._text_move = move
        self._text_moves = moves
        self._text = text
        return text

    def view(self, seat: int | None) -> dict:
        return views.view(self, seat)

    def sample_for(self, seat: int, rng: random.Random) -> FrogridersState:
        world = self.copy()
        world.seed = rng.getrandbits(63)
        if self.phase == SETUP:
            world._moves = None  # the decider's set cards may be re-dealt below (the other phases'
            # moves are of the board, the units, the village and the display: the same in every world)
        stack = world.stack
        chance.shuffle(rng, stack)  # random.Random's draws, compiled
        revealed = self.phase == OVER
        pool = [c for c in range(len(D.PRIVATE_SET_CARDS)) if c not in self.dealt[seat]
                and not (revealed and c in self.kept)]
        chance.shuffle(rng, pool)
        for q in range(self.num_seats):
            if q == seat:
                continue
            if revealed:
                world.dealt[q] = (self.kept[q], pool.pop())
            else:
                pair = (pool.pop(), pool.pop())
                world.dealt[q] = pair
                if self.kept[q] != NO_CARD:
                    world.kept[q] = pair[0]
        return world

    @classmethod
    def from_view(cls, game: Game, view: dict, rng: random.Random) -> FrogridersState:
        return views.from_view(FrogridersState, game, view, rng)

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
            return [TAKE_UNIT_MOVES[c] for c in D.RETURNABLE
                    if village[c] - (c == D.YELLOW) > 0]  # the returned yellow is not "already" there
        if phase == TAKE_PRIVILEGE:
            return [TAKE_PRIVILEGE_MOVES[slot] for slot, card in enumerate(self.display) if card != NO_CARD]
        if phase == SETUP:
            return [KEEP_MOVES[card] for card in self.dealt[p]]
        return []

    def _leaps(self, p: int) -> list:
        """Every leap seat ``p`` may take (with the privileges it holds)."""
        board = self.board
        held = self.leap_privileges[p]
        run_up = held & RUN_UP_LEAPS
        either = held & COLLECT_EITHER  # every leap twice: collect the unit leapt over or the leaper
        out: list = []
        # every space in play with its leaps: straight, then diagonal and L-shaped with those privileges
        for landing in self.layout.landings[held & (DIAGONAL_LEAPS | L_SHAPED_LEAPS)]:
            if board[landing.cell]:
                continue
            for leap in landing.leaps:
                if board[leap.over] and board[leap.origin]:
                    out.append(leap.move)
                    if either:
                        out.append(leap.collecting)
            if run_up:
                for run in landing.run_ups:
                    if board[run.over] and not board[run.space]:
                        for leap in run.leaps:
                            if board[leap.origin]:
                                out.append(leap.move)
                                if either:
                                    out.append(leap.collecting)
                                break
        return out

    def _returns(self, p: int) -> list:
        units = self.units[p]
        village = self.village
        out: list = []
        if units[D.RED]:  # also without a leap to take: the game then ends at once (Assumption 7)
            out.append(RETURN_RED)
        if units[D.YELLOW] and (village[D.RED] or village[D.YELLOW] or village[D.BLUE]):
            out.append(RETURN_YELLOW)
        if units[D.BLUE] and any(card != NO_CARD for card in self.display):
            out.append(RETURN_BLUE)
        out.append(END_TURN)
        return out

    def apply(self, move: tuple) -> None:
        kind: str = move[0]  # typed: the compiled build compares it as a str (identity first)
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
            if self.log is not None:  # (the text built only for a log: rollouts keep none)
                self.note(None, f"seat {p} returns a {move[1]} unit to the village")
            self.phase = (SECOND_LEAP if colour == D.RED else TAKE_UNIT if colour == D.YELLOW else TAKE_PRIVILEGE)
            if self.phase == SECOND_LEAP:
                leaps = self._leaps(p)
                if leaps:
                    self._moves = leaps  # the second leap's moves, generated once
                else:
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
            self.leap_privileges[p] |= LEAP_PRIVILEGE[card]
            if self.stack:
                self.display[slot] = self.stack.pop()
                if self.log is not None:
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
        origin: int = move[1]
        over: int = move[2]
        to: int = move[3]
        collect_leaper: int = move[4]
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
        count = 0  # (a loop: see unit_total)
        for card, back in zip(self.public, self.backs):
            if back and D.PUBLIC_CARDS[card][1][0] == "flower":
                count += 1
        return count

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
        # typed like apply's: the compiled build compares and indexes with native values (the search
        # keys every other seat's tree by this text)
        kind: str = move[0]
        if kind == "leap":
            origin: int = move[1]
            over: int = move[2]
            to: int = move[3]
            collect_leaper: int = move[4]
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
            if move[1] == "red" and not self._leaps(self.player):
                return "return a red unit (no leap is left: the game ends)"
            return f"return a {move[1]} unit ({RETURN_ACTION[move[1]]})"
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
        breakdown: list[dict] = []
        totals = _score(self, breakdown)
        ranks, winners = self._rank(totals)
        return Result(tuple(totals), winners, ranks, tuple(breakdown))

    def outcome(self) -> tuple[list[int], tuple[int, ...], tuple[int, ...]] | None:
        """``result()``'s numbers without its breakdown (the search's rollouts: State.outcome)."""
        if self.phase != OVER:
            return None
        totals = _score(self, None)
        ranks, winners = self._rank(totals)
        return totals, winners, ranks

    def _rank(self, totals: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Ranks and winners: by total, ties broken by the units collected."""
        units = self.units
        return rank_by([(totals[q], unit_total(units[q])) for q in range(self.num_seats)])

    # --- setup ---------------------------------------------------------
    @staticmethod
    def deal(game: Game, cfg: dict, rng: chance.Rng) -> FrogridersState:
        """A new game for the validated config ``cfg``, dealt from ``rng`` (the chance stream of the
        game's seed under rules version 2, a Mersenne Twister under version 1: Game.stream_deals)."""
        n = cfg["players"]
        s = FrogridersState.__new__(FrogridersState)
        s._init_base(game, cfg, 0)
        s.layout = layout = layout_for(n)
        # (chance.shuffle: rng.shuffle's draws, compiled, without a call into the generator's
        # Python method: every random playout deals a game)
        units = list(START_UNITS[n == 2])
        chance.shuffle(rng, units)
        board: list[i64] = [0] * (D.SIZE * D.SIZE)
        spaces = layout.start_spaces
        assert len(spaces) == len(units)
        for cell, unit in zip(spaces, units):
            board[cell] = unit
        s.board = board
        stack = D.privilege_deck(cfg["privilege_deck"])
        chance.shuffle(rng, stack)
        s.display = [stack.pop() for _ in range(4)]
        s.stack = stack
        public = list(range(len(D.PUBLIC_CARDS)))
        chance.shuffle(rng, public)
        s.public = (public[0], public[1])
        s.backs = (cfg["public_back"] == "first", cfg["public_back"] == "second")
        set_cards = list(range(len(D.PRIVATE_SET_CARDS)))
        chance.shuffle(rng, set_cards)
        s.dealt = [(set_cards[2 * q], set_cards[2 * q + 1]) for q in range(n)]
        s.kept = [NO_CARD] * n
        s.units = [[0] * 5 for _ in range(n)]
        s.village = [0] * 5
        s.privileges = [[] for _ in range(n)]
        s.leap_privileges = [0] * n
        s.trophies = [0] * n
        s.player = 0
        s.phase = SETUP
        s.turn = 0
        s._text_move = None
        s._text_moves = None
        s._text = None
        s.seed = rng.getrandbits(63)
        return s


def _start_units(two_players: bool) -> tuple[int, ...]:
    """The units placed on the pond at the start, by colour, before the shuffle."""
    units: list[int] = []
    for colour in D.COLOURS:
        units.extend([colour] * (D.UNITS[colour] - (D.REMOVED_TWO_PLAYERS[colour] if two_players else 0)))
    return tuple(units)


# per "two players": the units of a deal, made once (every random playout deals a game)
START_UNITS: Final[dict[bool, tuple[int, ...]]] = {two: _start_units(two) for two in (True, False)}


def leap_kind(origin: int, over: int, to: int) -> str:
    """Which leap shape a move uses: '' (straight), diagonal, L-shaped or run-up."""
    # (rows and columns by // and %, not divmod, and compared as ints, not tuples: the compiled
    # build calls divmod as a Python object, and the search asks for move texts at every step)
    size = D.SIZE
    r0, c0 = origin // size, origin % size
    r1, c1 = over // size, over % size
    r2, c2 = to // size, to % size
    run_r, run_c = r1 - r0, c1 - c0  # from the leaping unit to the unit leapt over
    step_r, step_c = r2 - r1, c2 - c1  # from the unit leapt over to the landing space
    if run_r == step_r and run_c == step_c:
        return "diagonal" if run_r and run_c else ""
    if run_r * step_c == run_c * step_r and run_r * step_r + run_c * step_c > 0:
        return "run-up"  # the same direction, from further away
    return "L-shaped"


# --- scoring -----------------------------------------------------------------
# (sums written out: the compiled build calls the builtin sum through a module attribute lookup,
# and the search scores every rollout's end)
def unit_total(counts: list[int]) -> int:
    """The units in a seat's per-colour counts (index 0, empty, holds none)."""
    return counts[D.YELLOW] + counts[D.RED] + counts[D.BLUE] + counts[D.BROWN]


def set_points(card: tuple[int, ...], counts: list[int]) -> int:
    """Points for every complete set of ``card`` that ``counts`` holds."""
    any_ = card[4]
    points = card[5]
    if any_:
        return points * (unit_total(counts) // any_)
    sets = -1  # the fewest sets of one colour the card needs (every card needs one)
    for i in range(4):
        n = card[i]
        if n:
            have = counts[D.COLOURS[i]] // n
            if sets < 0 or have < sets:
                sets = have
    return points * sets


def majority_points(values: list[int], win: int, tie: int) -> list[int]:
    best = max(values)
    if best <= 0:  # ASSUMPTION: nobody holds a majority of nothing
        return [0] * len(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    points = win if len(leaders) == 1 else tie
    return [points if i in leaders else 0 for i in range(len(values))]


def _fewest(values: list[int], q: int) -> bool:
    """Whether seat q has fewer than every other seat (a tie is not enough)."""
    mine = values[q]
    for r in range(len(values)):
        if r != q and values[r] <= mine:
            return False
    return True


def score_breakdown(state: FrogridersState) -> list[dict]:
    """Each seat's final score in its parts (what players see), ``total`` their sum."""
    breakdown: list[dict] = []
    _score(state, breakdown)
    return breakdown


def score_totals(state: FrogridersState) -> list[int]:
    """Each seat's final score: ``score_breakdown``'s totals, without building the breakdown
    (the AI's evaluations and rollouts)."""
    return _score(state, None)


def _score(state: FrogridersState, breakdown: list[dict] | None) -> list[int]:
    """The end-game scoring, once for both: every seat's total, and its parts appended to
    ``breakdown`` when one is given."""
    n = state.num_seats
    units = state.units
    counts: list[list[int]] = []  # collected units plus turquoise extras, for set and public cards
    for q in range(n):
        c = units[q][:]
        for card in state.privileges[q]:
            if card in D.EXTRA_UNITS:
                extra = D.EXTRA_UNITS[card]
                c[extra[0]] += extra[1]
        counts.append(c)
    unit_totals = [unit_total(units[q]) for q in range(n)]
    privilege_counts = [len(state.privileges[q]) for q in range(n)]

    public_scores: list[list[int]] = []
    for card, back in zip(state.public, state.backs):
        front, back_kind = D.PUBLIC_CARDS[card]
        if not back:
            public_scores.append([set_points(front, counts[q]) for q in range(n)])
        elif back_kind[0] == "flower":
            public_scores.append([0] * n)  # scored during the game
        else:
            values: list[int]
            if back_kind[0] == "brown_majority":
                values = [counts[q][D.BROWN] for q in range(n)]
            elif back_kind[0] == "two_colours":
                a: int = back_kind[1]
                b: int = back_kind[2]
                values = [counts[q][a] + counts[q][b] for q in range(n)]
            else:
                values = privilege_counts
            win, tie = D.MAJORITY_POINTS[back_kind[0]]
            public_scores.append(majority_points(values, win, tie))

    totals: list[int] = []
    for q in range(n):
        privilege_points: list[int] = []
        privilege_total = 0
        for card in state.privileges[q]:
            points = D.PRIVILEGE_TROPHIES[card]
            if card == D.P_PER_BROWN:
                points += units[q][D.BROWN]
            elif card == D.P_PER_TWO_PRIVILEGES:
                points += 2 * (privilege_counts[q] // 2)
            elif card == D.P_PER_PAIR:
                points += min(unit_totals[q], privilege_counts[q])
            elif card == D.P_FEWEST_PRIVILEGES_5 and _fewest(privilege_counts, q):
                points += 5
            elif card == D.P_FEWEST_UNITS_5 and _fewest(unit_totals, q):
                points += 5
            elif card == D.P_FEWEST_UNITS_3 and _fewest(unit_totals, q):
                points += 3
            privilege_points.append(points)
            privilege_total += points
        kept = state.kept[q]
        private = set_points(D.PRIVATE_SET_CARDS[kept], counts[q]) if kept != NO_CARD else 0
        public = [scores[q] for scores in public_scores]
        public_total = 0
        for points in public:
            public_total += points
        brown = units[q][D.BROWN]
        total = state.trophies[q] + private + public_total + brown + privilege_total
        totals.append(total)
        if breakdown is not None:
            breakdown.append({
                "during_game": state.trophies[q],
                "private_set_card": private,
                "public_score_cards": public,
                "brown_units": brown,
                "privilege_cards": privilege_points,
                "units": unit_totals[q],
                "total": total,
            })
    return totals
