"""The Fritanga state: its fields, each declared once with its type (and in ``FIELDS`` with how it
is copied and stored), and its forward model: the decider, the legal moves, apply, the texts of
moves, dealing a new game and the result; what a seat may see is views.py.

This module is the rules' one source. It is plain Python with type annotations, and the compiled
build (mypyc, docs/performance.md) compiles it as it is: ``FritangaState`` is then a native class
whose fields are C struct slots.

Representation (flat lists, indexed by table cell or seat):

* ``grid[cell]``: -1 for an empty space (oil), else the card kind, plus
  ``FACE_UP`` (16) when the card is face up. Occupied cards are always face up.
* ``kmask[cell]``: who knows a face-down card: bit ``1 << seat`` per seat
  (F-Rays peeks) and ``PUBLIC`` (everyone, e.g. baskets put back face down by
  Breadcrumbs). The knowledge is attached to the card and moves with it.
* ``hands[seat]``: card codes ``kind | FRESH | mask << 5``: ``FRESH`` marks a
  card that joined the hand this turn (playable from the next turn on), the
  mask says who knows the card (the owner always does). A card enters a hand
  face up in view of everyone (``PUBLIC``); only Unbattered's random steal
  hides cards from the other seats.
* ``stack``: the pending decisions and effects, as flat int tuples (frames,
  data.py names them): the top frame decides whose decision it is and what the
  legal moves are; auto frames (``>= A_END``) are run by ``_run`` until a
  decision is reached.
* not stored (``to_dict`` leaves them out, ``_restore`` derives them on load):
  ``lay`` (the table of the mode and player count), ``mode``, ``occ[cell]``
  (the seat standing on a card, else -1), the ``facedown`` and ``ncards``
  counters and the decision (``_moves``, ``_decider``).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL, Game, Result, State, rank_by
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLES, StateFields, custom

from . import data as D
from . import views
from .board import Layout, layout_for
from .data import (
    FACE_UP, KIND, FRESH, MSHIFT, PUBLIC, PUBLIC_CODE, ALIVE, OUT, FRIED, CHEF_ROLE, STATUS_NAMES, F_START,
    F_PLAY, F_MOVE, F_LAST, F_FALLEN, F_FRITOS, F_TRAMP, F_BREAD, F_PEEK, F_ELIM, F_MAINT_SRC, F_MAINT_DST,
    F_UNBAT, F_SWITCH, F_FISSURE, F_COLD, F_NFW, F_CHEF, F_CREACT, F_CREACT_NFW, F_SPLAT, F_SK_REMOVE,
    F_SK_PUSH_SEAT, F_SK_PUSH_DIR, F_SK_ADJ, F_SK_REVEAL, F_SK_SWAP, F_SK_SHAKE, F_SK_EDGE, F_SK_STEAL,
    A_END, A_BEGIN, A_BOOM, A_SHAKE, A_ADJ, FIRST_CHEF_FRAME, FIRST_AUTO, E_PUSH, E_SWITCH, E_STEAL,
    E_CSTEAL, E_REMOVE, EFFECT_TEXT
)
from .data import seat_bit as _bit

# The moves as tuple objects, typed plain ``tuple``: with a fixed-length type the compiled build
# would unbox each and box a new tuple every time a move list takes one.
END_PLAY: Final[tuple] = ("end_play",)
PASS: Final[tuple] = ("decline",)
REACT_NFW: Final[tuple] = ("react", D.CARD_KEY[D.NO_FRYING])
REACT_CHEF: Final[tuple] = ("react", D.SKILL_KEY[D.SK_REACTION])
PLAY_FRITOS: Final[tuple] = ("play", D.CARD_KEY[D.FRITOS])
PLAY_MOVES: Final[dict[int, tuple]] = {k: ("play", D.CARD_KEY[k]) for k in range(D.NUM_KINDS)}
DIR_MOVES: Final[tuple[tuple, ...]] = tuple(("choose_direction", d) for d in D.DIRECTIONS)
# the moves naming a cell or a seat, made once (cells: up to the largest table's)
MAX_CELLS: Final = max(layout_for(mode, n).size for mode, (lo, hi) in D.PLAYER_RANGE.items()
                       for n in range(lo, hi + 1))
MOVE_TO: Final[tuple[tuple, ...]] = tuple(("move", c) for c in range(MAX_CELLS))
CHOOSE_CARD: Final[tuple[tuple, ...]] = tuple(("choose_card", c) for c in range(MAX_CELLS))
CHOOSE_SPACE: Final[tuple[tuple, ...]] = tuple(("choose_space", c) for c in range(MAX_CELLS))
CHOOSE_SEAT: Final[tuple[tuple, ...]] = tuple(("choose_seat", q) for q in range(D.PLAYER_RANGE[D.CHEF][1]))


def _layout_of(state: FritangaState) -> Layout:
    return layout_for(D.MODE_NAMES.index(state.config["mode"]), state.num_seats)


# How each field is copied and stored (boardbot.engine.fields); the class below declares their
# types. The derived fields are not stored: loading gives them placeholders of their type, and
# ``_restore`` (game.py's from_dict) computes them.
FIELDS = StateFields(
    {"_layout_of": _layout_of, "_mode_of": lambda s: D.MODE_NAMES.index(s.config["mode"])},
    lay=custom("{v}", None, "_layout_of(s)"),  # shared, never mutated
    mode=custom("{v}", None, "_mode_of(s)"),
    grid=LIST, kmask=LIST, occ=custom("{v}[:]", None, "[]"), pos=LIST, status=LIST, fall_at=LIST,
    fried_turn=LIST, hands=LISTS,
    discard=LIST, removed=LIST, chef_hand=LIST, chef_played=SCALAR, final=SCALAR, stack=TUPLES,
    turn_seat=SCALAR, turn=SCALAR, skip=SCALAR, facedown=custom("{v}", None, "0"),
    ncards=custom("{v}", None, "0"), over=SCALAR,
    _moves=custom("{v}", None, "None"),  # the legal moves: replaced, never mutated in place
    _decider=custom("{v}", None, "-1"),
)
_to_dict = FIELDS.to_dict_function("fritanga")


class FritangaState(State):
    """A Fritanga position: its fields, each declared with its type, and its forward model."""

    FIELDS: ClassVar[StateFields] = FIELDS
    __slots__ = FIELDS.slots

    lay: Layout  # the table of the mode and player count (board.py)
    mode: int  # data.VERSUS, TEAMS or CHEF
    # per cell
    grid: list[int]  # -1: oil; else the card kind, | FACE_UP when face up
    kmask: list[int]  # who knows a face-down card: seat bits and PUBLIC
    occ: list[int]  # the seat standing on a card, else -1
    # per seat
    pos: list[int]  # the cell its piece stands on, else -1
    status: list[int]  # ALIVE, OUT, FRIED or CHEF_ROLE
    fall_at: list[int]  # where it fell into the oil (not in Versus), else -1
    fried_turn: list[int]
    hands: list[list[int]]  # card codes
    # per card kind
    discard: list[int]
    removed: list[int]
    # the chef's skills
    chef_hand: list[int]
    chef_played: int
    final: bool
    # the decisions and effects still to come (flat int tuples)
    stack: list[tuple[int, ...]]
    turn_seat: int
    turn: int
    skip: bool
    facedown: int
    ncards: int
    over: bool
    _decider: int

    # --- plumbing ------------------------------------------------------
    def copy(self) -> FritangaState:
        """An independent copy (every field of ``FIELDS``; tests/test_state_fields.py checks)."""
        new = FritangaState.__new__(FritangaState)
        new._copy_base(self)
        new.lay = self.lay
        new.mode = self.mode
        new.grid = self.grid[:]
        new.kmask = self.kmask[:]
        new.occ = self.occ[:]
        new.pos = self.pos[:]
        new.status = self.status[:]
        new.fall_at = self.fall_at[:]
        new.fried_turn = self.fried_turn[:]
        new.hands = [h[:] for h in self.hands]
        new.discard = self.discard[:]
        new.removed = self.removed[:]
        new.chef_hand = self.chef_hand[:]
        new.chef_played = self.chef_played
        new.final = self.final
        new.stack = self.stack[:]
        new.turn_seat = self.turn_seat
        new.turn = self.turn
        new.skip = self.skip
        new.facedown = self.facedown
        new.ncards = self.ncards
        new.over = self.over
        new._moves = self._moves
        new._decider = self._decider
        return new

    def to_dict(self) -> dict:
        return _to_dict(self)

    # --- information (views.py) -----------------------------------------
    def view(self, seat: int | None) -> dict:
        return views.view(self, seat)

    @classmethod
    def from_view(cls, game: Game, view: dict, rng: random.Random) -> FritangaState:
        return views.from_view(FritangaState, game, view, rng)

    def sample_for(self, seat: int, rng: random.Random) -> FritangaState:
        """A world for ``seat``: the face-down cards and the hand cards hidden from it re-dealt
        (once per search iteration: here, compiled with the state)."""
        world = self.copy()
        world.seed = rng.getrandbits(63)
        vbit = PUBLIC | _bit(seat)
        grid, kmask = world.grid, world.kmask
        cells = [c for c, g in enumerate(grid) if 0 <= g < FACE_UP and not kmask[c] & vbit]
        pool = [grid[c] for c in cells]
        slots = []
        for q, hand in enumerate(world.hands):
            if q != seat:
                for i, code in enumerate(hand):
                    if not (code >> MSHIFT) & vbit:
                        slots.append((q, i))
                        pool.append(code & KIND)
                        if not world._public_fresh(q, code):
                            hand[i] = code & ~FRESH  # which hidden cards are fresh is hidden too
        chance.shuffle(rng, pool)
        if slots:
            for q, i in slots:
                j = 0
                for j, k in enumerate(pool):
                    if D.IS_HAND[k]:
                        break
                k = pool.pop(j)
                code = world.hands[q][i]
                world.hands[q][i] = (code & ~KIND) | k
        for c, k in zip(cells, pool):
            grid[c] = k
        if slots and self._decider not in (seat, TERMINAL):
            world._moves = world._gen(world.stack[-1])  # the decider's moves in this world's hand
        return world

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        return self._decider

    def legal_moves(self) -> list:
        moves = self._moves  # kept up to date by every move (_settle)
        return moves if moves is not None else []

    def invalidate(self) -> None:
        self._settle()

    def apply(self, move: tuple) -> None:
        stack = self.stack
        f = stack[-1]
        t: int = f[0]
        kind: str = move[0]
        if t == F_PLAY:
            if kind == "end_play":
                stack.pop()
            else:
                self._play(f[1], D.KIND_BY_KEY[move[1]])
        elif t == F_MOVE:
            stack.pop()
            s = f[1]
            self._leave(s)
            self._arrive(s, move[1])
        elif t == F_NFW:
            q = f[1]
            if kind == "decline":
                stack[-1] = (F_NFW, -1, f[2], f[3], f[4], f[5])
            else:
                self._take(q, D.NO_FRYING)
                self.discard[D.NO_FRYING] += 1
                if self.log is not None:
                    self.note(None, f"seat {q} plays No frying way! against {EFFECT_TEXT[f[3]]}")
                if self.mode == D.CHEF and D.SK_REACTION in self.chef_hand:
                    stack[-1] = (F_CREACT_NFW, q, f[2], f[3], f[4], f[5])
                else:
                    stack.pop()
        elif t == F_LAST:
            s = f[1]
            if kind == "play":
                self._play(s, D.FRITOS)
            else:
                stack.pop()
                self._last_chance(s, move[1])
        elif t == F_FALLEN:
            stack.pop()
            if kind == "play":
                self._play(f[1], D.FRITOS)
        elif t == F_CREACT:
            stack.pop()
            if kind == "decline":
                self._start_card(f[1], f[2])
            else:
                self.chef_hand.remove(D.SK_REACTION)
                if self.log is not None:
                    self.note(None, f"the chef cancels {D.CARD_NAME[f[2]]} with {D.SKILL_NAME[D.SK_REACTION]}")
        elif t == F_CREACT_NFW:
            if kind == "decline":
                stack.pop()
            else:
                self.chef_hand.remove(D.SK_REACTION)
                if self.log is not None:
                    self.note(None, f"the chef cancels seat {f[1]}'s No frying way!")
                stack[-1] = (F_NFW, -1, f[2] | _bit(f[1]), f[3], f[4], f[5])
        elif t == F_CHEF:
            stack.pop()
            self._chef_skill(D.SKILL_BY_KEY[move[1]])
        elif t == F_START:
            stack.pop()
            s = f[1]
            c = move[1]
            self.grid[c] = D.FRITOS | FACE_UP
            self.ncards += 1
            self.pos[s] = c
            self.occ[c] = s
        else:
            self._apply_target(f, move)
        self._run()

    def _apply_target(self, f: tuple[int, ...], move: tuple) -> None:
        """A target step of a card or skill (one cell, seat or direction)."""
        stack = self.stack
        t: int = f[0]
        arg: Any = move[1] if len(move) > 1 else None
        if t == F_FRITOS:
            stack.pop()
            s = f[1]
            self.status[s] = ALIVE
            self.fall_at[s] = -1
            if move[0] == "choose_card":
                self._arrive(s, arg)
            else:  # a basket from the discard pile, face up, next to a card
                self.discard[D.BASKET] -= 1
                self.grid[arg] = D.BASKET | FACE_UP
                self.ncards += 1
                self.pos[s] = arg
                self.occ[arg] = s
        elif t == F_TRAMP:
            stack.pop()
            s = f[1]
            self._leave(s)
            self._arrive(s, arg)
        elif t == F_BREAD:
            s, rem = f[1], f[2] - 1
            self.discard[D.BASKET] -= 1
            self.grid[arg] = D.BASKET
            self.kmask[arg] = PUBLIC | ((1 << self.num_seats) - 1)
            self.ncards += 1
            self.facedown += 1
            if rem > 0 and self.discard[D.BASKET] > 0:
                stack[-1] = (F_BREAD, s, rem)
            else:
                stack.pop()
        elif t == F_PEEK:
            s, rem = f[1], f[2] - 1
            self.kmask[arg] |= _bit(s)
            if self.log is not None:
                self.note(s, f"F-Rays: the card at {self.lay.names[arg]} is {D.CARD_NAME[self.grid[arg] & KIND]}")
            if rem > 0:
                stack[-1] = (F_PEEK, s, rem, arg)
            else:
                stack.pop()
        elif t == F_ELIM:
            stack.pop()
            self._remove_card(arg, to_discard=False)
        elif t == F_MAINT_SRC:
            stack[-1] = (F_MAINT_DST, f[1], f[2], arg, f[3], f[4])
        elif t == F_MAINT_DST:
            s, rem, src = f[1], f[2] - 1, f[3]
            grid, kmask = self.grid, self.kmask
            grid[arg], kmask[arg] = grid[src], kmask[src]
            grid[src], kmask[src] = -1, 0
            if rem > 0:  # remember where the moved cards are: 3 different cards
                stack[-1] = (F_MAINT_SRC, s, rem, arg, f[4])
            else:
                stack.pop()
        elif t == F_UNBAT:
            stack.pop()
            stack.append((F_NFW, -1, _bit(arg), E_STEAL, f[1], arg))
        elif t == F_SWITCH:
            stack.pop()
            stack.append((F_NFW, -1, _bit(arg), E_SWITCH, f[1], arg))
        elif t == F_FISSURE:
            stack.pop()
            s = f[1]
            team = self.lay.team
            occ = self.occ
            mask = 0
            for x in self.lay.nbrs[arg]:
                q = occ[x]
                if q >= 0 and team[q] != team[s]:
                    mask |= _bit(q)
            stack.append((F_NFW, -1, mask, E_REMOVE, arg, 0))
        elif t == F_COLD:
            stack.pop()
            if move[0] == "choose_card":
                s = f[1]
                self._leave(s)
                self._arrive(s, arg)
        elif t == F_SPLAT:
            stack.pop()
            food = f[1]
            stack.append((F_NFW, -1, _bit(food), E_PUSH, food, D.DIR_BY_NAME[arg]))
        elif t == F_SK_REMOVE:
            rem = f[1] - 1
            if rem > 0:
                stack[-1] = (F_SK_REMOVE, rem)
            else:
                stack.pop()
            self._remove_card(arg)
        elif t == F_SK_PUSH_SEAT:
            left, chosen = _targets_left(f)
            if left > 1:  # the next food is chosen after this push
                stack[-1] = (F_SK_PUSH_SEAT, left - 1, chosen | _bit(arg))
                stack.append((F_SK_PUSH_DIR, arg))
            else:
                stack[-1] = (F_SK_PUSH_DIR, arg)
        elif t == F_SK_PUSH_DIR:
            stack.pop()
            food = f[1]
            stack.append((F_NFW, -1, _bit(food), E_PUSH, food, D.DIR_BY_NAME[arg]))
        elif t == F_SK_ADJ:
            stack.pop()
            stack.append((F_NFW, -1, _bit(f[1]), E_REMOVE, arg, 0))
        elif t == F_SK_REVEAL:
            rem = f[1] - 1
            if rem > 0:
                stack[-1] = (F_SK_REVEAL, rem)
            else:
                stack.pop()
            self._reveal(arg)
        elif t == F_SK_SWAP:
            if f[1] < 0:
                stack[-1] = (F_SK_SWAP, arg)
            else:
                stack.pop()
                a = f[1]
                grid, kmask = self.grid, self.kmask
                grid[a], grid[arg] = grid[arg], grid[a]
                kmask[a], kmask[arg] = kmask[arg], kmask[a]
        elif t == F_SK_SHAKE:
            stack.pop()
            mask = 0
            for q in self.lay.foods:
                if self.pos[q] >= 0:
                    mask |= _bit(q)
            stack.append((A_SHAKE, D.DIR_BY_NAME[arg], mask))
        elif t == F_SK_EDGE:
            stack.pop()
            for c in self._edge_cells(D.DIR_BY_NAME[arg]):
                self._remove_card(c)
        elif t == F_SK_STEAL:
            left, chosen = _targets_left(f)
            if left > 1:
                stack[-1] = (F_SK_STEAL, left - 1, chosen | _bit(arg))
            else:
                stack.pop()
            stack.append((F_NFW, -1, _bit(arg), E_CSTEAL, arg, 0))
        else:  # pragma: no cover - every decision frame is handled above
            raise ValueError(f"no handler for frame {f!r} and move {move!r}")

    # --- the engine loop -------------------------------------------------
    def _run(self) -> None:
        """Run auto frames until a decision with at least one legal move."""
        stack = self.stack
        pos = self.pos
        while not self.over:
            f = stack[-1]
            t: int = f[0]
            if t >= FIRST_AUTO:
                stack.pop()
                self._auto(f)
                continue
            if t == F_PLAY:
                if pos[f[1]] < 0:
                    stack.pop()
                    continue
            elif t == F_MOVE:
                if pos[f[1]] < 0 or self.skip:
                    stack.pop()
                    continue
            elif t == F_NFW:
                if f[1] < 0:
                    self._ask_next(f)
                    continue
            elif t == F_LAST:
                s = f[1]
                if pos[s] >= 0:  # back on a card with a Fritos: a normal turn follows
                    stack[-1] = (F_MOVE, s)
                    stack.append((F_PLAY, s))
                    continue
            moves = self._gen(f)
            if moves:
                self._moves = moves
                self._decider = self._frame_decider(f)
                return
            # no legal move: the frame's default
            stack.pop()
            if t == F_MOVE:  # nowhere to go: the piece falls into the oil
                s = f[1]
                c = self._leave(s)
                if self.log is not None:
                    self.note(None, f"seat {s} cannot move and falls into the oil")
                self._fall(s, c)
            elif t == F_LAST:  # nothing left to turn over: fried
                self._fry(f[1])
        self._moves = []
        self._decider = TERMINAL

    def _frame_decider(self, f: tuple[int, ...]) -> int:
        t: int = f[0]
        if t >= FIRST_CHEF_FRAME:
            return D.CHEF_SEAT
        return f[1]

    def _ask_next(self, f: tuple[int, ...]) -> None:
        """Open the next No frying way! window of an effect, or carry it out."""
        stack = self.stack
        mask, e, a, b = f[2], f[3], f[4], f[5]
        if e == E_PUSH and self.pos[a] < 0:
            stack.pop()
            return
        status = self.status
        for q in self.order[self.turn_seat]:
            if mask >> q & 1 and status[q] != FRIED and self._may_hold(q, D.NO_FRYING):
                stack[-1] = (F_NFW, q, mask & ~_bit(q), e, a, b)
                return
        stack.pop()
        if e == E_PUSH:
            self._push(a, b)
        elif e == E_SWITCH:
            pos, occ = self.pos, self.occ
            pa, pb = pos[a], pos[b]
            if pa >= 0 and pb >= 0:
                pos[a], pos[b] = pb, pa
                occ[pa], occ[pb] = b, a
                if self.log is not None:
                    self.note(None, f"seats {a} and {b} switch places")
        elif e == E_STEAL:
            self._steal(a, b)
        elif e == E_CSTEAL:
            hand = self.hands[a]
            if hand:
                i = chance.randrange(self.chance(), len(hand))
                k = hand.pop(i) & KIND
                self.discard[k] += 1
                if self.log is not None:
                    self.note(None, f"the chef discards {D.CARD_NAME[k]} from seat {a}'s hand")
        else:
            self._remove_card(a)

    def _auto(self, f: tuple[int, ...]) -> None:
        t: int = f[0]
        stack = self.stack
        if t == A_END:
            self._end_turn(f[1])
        elif t == A_BOOM:
            if len(f) > 4:
                stack.append((A_BOOM, f[1], *f[4:]))
            stack.append((F_NFW, -1, _bit(f[2]), E_PUSH, f[2], f[3]))
        elif t == A_SHAKE:
            d, mask = f[1], f[2]
            for q in self.lay.foods:
                if mask >> q & 1:
                    mask &= ~_bit(q)
                    if mask:
                        stack.append((A_SHAKE, d, mask))
                    stack.append((F_NFW, -1, _bit(q), E_PUSH, q, d))
                    return
        elif t == A_ADJ:
            mask = f[1]
            for q in self.lay.foods:
                if mask >> q & 1:
                    mask &= ~_bit(q)
                    if mask:
                        stack.append((A_ADJ, mask))
                    if self.pos[q] >= 0:
                        stack.append((F_SK_ADJ, q))
                    return
        elif t == A_BEGIN:
            first = self.lay.foods[0]
            self._begin_turn(first)

    # --- turns -----------------------------------------------------------
    def _begin_turn(self, s: int) -> None:
        self.turn_seat = s
        stack = self.stack
        stack.append((A_END, s))
        if s == D.CHEF_SEAT and self.mode == D.CHEF:
            stack.append((F_CHEF,))
        elif self.status[s] == OUT:
            stack.append((F_LAST, s))
        else:
            stack.append((F_MOVE, s))
            stack.append((F_PLAY, s))

    def _end_turn(self, s: int) -> None:
        for hand in self.hands:
            for code in hand:
                if code & FRESH:
                    hand[:] = [c & ~FRESH for c in hand]
                    break
        self.skip = False
        self.turn += 1
        chef_mode = self.mode == D.CHEF
        if chef_mode and s == D.CHEF_SEAT:
            # "Once the chef has played a card ... Check whether there is still food in the
            # playing area that has not yet fried. If not, the chef has won!" A food in the oil
            # is not in the playing area: its last chance comes too late.
            if not any(self.status[q] == ALIVE for q in self.lay.foods):
                if self.log is not None:
                    self.note(None, "no food is left in the playing area after the chef's turn: the chef wins")
                self._finish()
                return
            if self.chef_played >= D.GOLDEN_TURNS:
                self.final = True
        n = self.num_seats
        status = self.status
        t = s
        for _ in range(n + 1):
            t = (t + 1) % n
            if chef_mode and t == D.CHEF_SEAT:
                if self.final:
                    if self.log is not None:
                        self.note(None, "every food has had its extra turn: the game ends")
                    self._finish()
                    return
                self._begin_turn(t)
                return
            if status[t] != FRIED:
                self._begin_turn(t)
                return
        self._finish()  # pragma: no cover - the game ends before nobody is left

    def _finish(self) -> None:
        self.over = True
        self.stack = []

    # --- card play ---------------------------------------------------------
    def _play(self, s: int, k: int) -> None:
        self._take(s, k)
        self.discard[k] += 1
        if self.log is not None:
            self.note(None, f"seat {s} plays {D.CARD_NAME[k]}")
        if self.mode == D.CHEF and D.SK_REACTION in self.chef_hand:
            self.stack.append((F_CREACT, s, k))
        else:
            self._start_card(s, k)

    def _start_card(self, s: int, k: int) -> None:
        stack = self.stack
        if k == D.FRITOS:
            stack.append((F_FRITOS, s))
        elif k == D.BREAK:
            self.skip = True
        elif k == D.BREADCRUMBS:
            stack.append((F_BREAD, s, D.BREADCRUMB_CARDS))
        elif k == D.F_RAYS:
            stack.append((F_ELIM, s))
            stack.append((F_PEEK, s, D.F_RAYS_PEEKS, -1))
        elif k == D.TRAMPOLINE:
            stack.append((F_TRAMP, s))
        elif k == D.MAINTENANCE:
            stack.append((F_MAINT_SRC, s, D.MAINTENANCE_CARDS, -1, -1))
        elif k == D.UNBATTERED:
            stack.append((F_UNBAT, s))
        elif k == D.SWITCH:
            stack.append((F_SWITCH, s))
        elif k == D.BOOM:
            p = self.pos[s]
            pairs: list[int] = []
            if p >= 0:
                occ = self.occ
                near = {occ[x]: d for x, d in self.lay.nbr_dirs[p] if occ[x] >= 0}
                for q in self.order[s]:
                    if q in near:
                        pairs.extend((q, near[q]))
            if pairs:
                stack.append((A_BOOM, s, *pairs))
        elif k == D.FISSURE:
            stack.append((F_FISSURE, s))

    def _chef_skill(self, k: int) -> None:
        self.chef_hand.remove(k)
        self.chef_played += 1
        if self.log is not None:
            self.note(None, f"the chef plays {D.SKILL_NAME[k]} ({self.chef_played}/{D.GOLDEN_TURNS})")
        stack = self.stack
        if k == D.SK_SKIM:
            stack.append((F_SK_REMOVE, self.lay.skill_amounts[k]))
        elif k == D.SK_SPATULA:
            stack.append((F_SK_PUSH_SEAT, self.lay.skill_amounts[k], 0))
        elif k == D.SK_KNIFE:
            mask = 0
            for q in self.lay.foods:
                if self.pos[q] >= 0:
                    mask |= _bit(q)
            if mask:
                stack.append((A_ADJ, mask))
        elif k == D.SK_LID:
            stack.append((F_SK_REVEAL, self.lay.skill_amounts[k]))
        elif k == D.SK_STIR:
            stack.append((F_SK_SWAP, -1))
        elif k == D.SK_SHAKE:
            stack.append((F_SK_SHAKE,))
        elif k == D.SK_TRIM:
            stack.append((F_SK_EDGE,))
        elif k == D.SK_TASTE:
            stack.append((F_SK_STEAL, self.lay.skill_amounts[k], 0))

    # --- piece and card primitives --------------------------------------------
    def _take(self, s: int, k: int) -> None:
        """Remove one non-fresh card of kind k from s's hand (public copies first)."""
        hand = self.hands[s]
        best = -1
        for i, code in enumerate(hand):
            if code & KIND == k and not code & FRESH:
                best = i
                if code & PUBLIC_CODE:
                    break
        hand.pop(best)

    def _holds(self, s: int, k: int) -> bool:
        for code in self.hands[s]:
            if code & KIND == k and not code & FRESH:
                return True
        return False

    def _may_hold(self, s: int, k: int) -> bool:
        """Whether s may hold a playable k as far as the other seats know.

        Reaction windows open on this, never on the hidden truth, so that who
        is asked gives nothing away. A public card is known with its fresh
        flag. A hidden card may be anything, and may be playable unless
        everyone knows it is fresh: that is only the card the turn's player
        stole this turn (see ``_public_fresh``).
        """
        for code in self.hands[s]:
            if code & PUBLIC_CODE:
                if code & KIND == k and not code & FRESH:
                    return True
            elif not self._public_fresh(s, code):
                return True
        return False

    def _public_fresh(self, q: int, code: int) -> bool:
        """The fresh flag of q's hand card as the seats that do not know the card see it.

        Every fresh card was picked up in the current turn. A hidden fresh card
        in the turn player's hand is the card it stole this turn (everyone saw
        it stolen); a hidden card in another hand is one a steal left behind,
        and which of them are fresh would tell which card was stolen, so they
        count as not fresh for those seats.
        """
        return q == self.turn_seat and bool(code & FRESH)

    def _leave(self, s: int) -> int:
        """s's piece leaves its card: a hand card joins s's hand, others are discarded."""
        c = self.pos[s]
        k = self.grid[c] & KIND
        self.grid[c] = -1
        self.kmask[c] = 0
        self.occ[c] = -1
        self.pos[s] = -1
        self.ncards -= 1
        if D.IS_HAND[k]:
            self.hands[s].append(k | FRESH | PUBLIC_CODE)
        else:
            self.discard[k] += 1
        return c

    def _reveal(self, c: int) -> None:
        g = self.grid[c]
        if g < FACE_UP:
            self.grid[c] = g | FACE_UP
            self.kmask[c] = 0
            self.facedown -= 1
            if self.log is not None:
                self.note(None, f"{D.CARD_NAME[g]} revealed at {self.lay.names[c]}")

    def _arrive(self, s: int, c: int) -> None:
        """s's piece lands on card c: turn it over and apply an immediate effect."""
        self._reveal(c)
        self.pos[s] = c
        self.occ[c] = s
        k = self.grid[c] & KIND
        if k == D.OIL_GEYSER:
            grid, occ = self.grid, self.occ
            for x in self.lay.nbrs[c]:
                if grid[x] >= 0 and occ[x] < 0:
                    self._remove_card(x)
        elif k == D.COLD_GEYSER:
            self.stack.append((F_COLD, s, c))
        elif k == D.SPLATTER:
            self.stack.append((F_SPLAT, s))

    def _remove_card(self, c: int, to_discard: bool = True) -> None:
        """An unoccupied card leaves the grid, revealed (discarded or out of the game)."""
        g = self.grid[c]
        if g < 0 or self.occ[c] >= 0:
            return
        k = g & KIND
        if g < FACE_UP:
            self.facedown -= 1
        self.grid[c] = -1
        self.kmask[c] = 0
        self.ncards -= 1
        if to_discard:
            self.discard[k] += 1
        else:
            self.removed[k] += 1
        if self.log is not None:
            self.note(None, f"{D.CARD_NAME[k]} at {self.lay.names[c]} is {'discarded' if to_discard else 'eliminated'}")

    def _push(self, s: int, d: int) -> None:
        c = self.pos[s]
        if c < 0:
            return
        x = self.lay.step[d][c]
        if x >= 0 and self.grid[x] >= 0:
            if self.occ[x] >= 0:
                return  # blocked by another piece
            self._leave(s)
            self._arrive(s, x)
        else:
            self._leave(s)
            if self.log is not None:
                self.note(None, f"seat {s} is pushed into the oil")
            self._fall(s, x)

    def _fall(self, s: int, spot: int) -> None:
        self.status[s] = OUT
        self.pos[s] = -1
        self.fall_at[s] = spot if self.mode != D.VERSUS else -1
        if self._may_hold(s, D.FRITOS) and self._fritos_target():
            self.stack.append((F_FALLEN, s))

    def _fry(self, s: int) -> None:
        self.status[s] = FRIED
        self.fried_turn[s] = self.turn
        for code in self.hands[s]:
            self.discard[code & KIND] += 1
        self.hands[s] = []
        if self.log is not None:
            self.note(None, f"seat {s} is fried")
        if self.mode == D.CHEF:
            if all(self.status[q] == FRIED for q in self.lay.foods):
                self._finish()
        else:
            team = self.lay.team
            if len({team[q] for q in range(self.num_seats) if self.status[q] != FRIED}) <= 1:
                self._finish()

    def _last_chance(self, s: int, c: int) -> None:
        k = self.grid[c] & KIND
        self._reveal(c)
        if k == D.BASKET:
            self.status[s] = ALIVE
            self.fall_at[s] = -1
            self.pos[s] = c
            self.occ[c] = s
            if self.log is not None:
                self.note(None, f"seat {s} turns over a basket and is back in the game")
        else:
            self._remove_card(c)
            self._fry(s)

    def _steal(self, thief: int, victim: int) -> None:
        hand = self.hands[victim]
        if not hand:
            return
        i = chance.randrange(self.chance(), len(hand))
        code = hand.pop(i)
        both = _bit(thief) | _bit(victim)
        # the others no longer know which card is where; the thief still knows what it knew
        sees = _bit(thief) | PUBLIC
        low = (1 << MSHIFT) - 1
        hand[:] = [(c & low) | ((both if (c >> MSHIFT) & sees else _bit(victim)) << MSHIFT) for c in hand]
        self.hands[thief].append((code & KIND) | FRESH | (both << MSHIFT))
        if self.log is not None:
            self.note(None, f"seat {thief} steals a card from seat {victim}")
            self.note(thief, f"you stole {D.CARD_NAME[code & KIND]}")
            self.note(victim, f"seat {thief} stole your {D.CARD_NAME[code & KIND]}")

    # --- queries -------------------------------------------------------------
    def _fritos_target(self) -> bool:
        on_grid = sum(1 for p in self.pos if p >= 0)
        if self.ncards > on_grid:
            return True
        return self.discard[D.BASKET] > 0 and self._has_space()

    def _fall_spots(self) -> tuple:
        if self.mode == D.VERSUS:
            return ()
        return tuple(x for q, x in enumerate(self.fall_at) if x >= 0)

    def _spaces(self, exclude: int = -1) -> list[int]:
        """Empty spaces next to a card (other than ``exclude``), free of fallen pieces."""
        grid = self.grid
        nbrs = self.lay.nbrs
        near = [False] * len(grid)  # a mark per cell (no set of boxed ints, no sort)
        for c, g in enumerate(grid):
            if g >= 0 and c != exclude:
                for x in nbrs[c]:
                    near[x] = True
        if self.mode != D.VERSUS:
            for x in self.fall_at:
                if x >= 0:
                    near[x] = False
        return [x for x, g in enumerate(grid) if g < 0 and near[x]]

    def _has_space(self) -> bool:
        grid = self.grid
        nbrs = self.lay.nbrs
        spots = self._fall_spots()
        for c, g in enumerate(grid):
            if g >= 0:
                for x in nbrs[c]:
                    if grid[x] < 0 and x not in spots:
                        return True
        return False

    def _unoccupied(self, exclude: int = -1) -> list[int]:
        occ = self.occ
        return [c for c, g in enumerate(self.grid) if g >= 0 and occ[c] < 0 and c != exclude]

    def _facedown_cells(self) -> list[int]:
        return [c for c, g in enumerate(self.grid) if 0 <= g < FACE_UP]

    def destinations(self, s: int) -> list[int]:
        """Cards s's piece can end a 1- or 2-card orthogonal move on."""
        p = self.pos[s]
        grid, occ = self.grid, self.occ
        nbrs = self.lay.nbrs
        bridges: tuple[int, ...] = ()
        if self.mode != D.VERSUS:
            team = self.lay.team
            bridges = tuple(x for q, x in enumerate(self.fall_at) if x >= 0 and q != s and team[q] == team[s])
        out = []
        base = 2 * self.lay.width - p  # the cells taken, as bits of an int (policy.mobility's)
        seen = 0
        for x in nbrs[p]:
            if grid[x] >= 0:
                if occ[x] < 0:
                    seen |= 1 << (x + base)
                    out.append(x)
            elif x not in bridges:
                continue
            for y in nbrs[x]:
                if y != p and grid[y] >= 0 and occ[y] < 0:
                    bit = 1 << (y + base)
                    if not seen & bit:
                        seen |= bit
                        out.append(y)
        out.sort()
        return out

    def _edge_cells(self, d: int) -> list[int]:
        """Unoccupied cards of the outermost row/column on side d."""
        lay = self.lay
        cells = [c for c in range(lay.size) if self.grid[c] >= 0]
        if not cells:
            return []
        if d == 0:
            line = min(lay.row_of[c] for c in cells)
            pick = [c for c in cells if lay.row_of[c] == line]
        elif d == 2:
            line = max(lay.row_of[c] for c in cells)
            pick = [c for c in cells if lay.row_of[c] == line]
        elif d == 3:
            line = min(lay.col_of[c] for c in cells)
            pick = [c for c in cells if lay.col_of[c] == line]
        else:
            line = max(lay.col_of[c] for c in cells)
            pick = [c for c in cells if lay.col_of[c] == line]
        return [c for c in pick if self.occ[c] < 0]

    def _rival_cards(self, s: int) -> list[int]:
        """Unoccupied cards next to a rival's piece (Fissure)."""
        team = self.lay.team
        grid, occ, nbrs = self.grid, self.occ, self.lay.nbrs
        out = set()
        for q, p in enumerate(self.pos):
            if p >= 0 and team[q] != team[s]:
                for x in nbrs[p]:
                    if grid[x] >= 0 and occ[x] < 0:
                        out.add(x)
        return sorted(out)

    def _playable(self, s: int, k: int) -> bool:
        if k == D.BREAK:
            return not self.skip
        if k == D.TRAMPOLINE or k == D.MAINTENANCE:
            return self.facedown > 0
        if k == D.F_RAYS:
            return self.facedown > 0 or self.ncards > sum(1 for p in self.pos if p >= 0)
        if k == D.BREADCRUMBS:
            return self.discard[D.BASKET] > 0 and self._has_space()
        if k == D.UNBATTERED:
            return any(q != s and len(h) >= 2 for q, h in enumerate(self.hands))
        if k == D.SWITCH:
            return any(q != s and p >= 0 for q, p in enumerate(self.pos))
        if k == D.BOOM:
            occ = self.occ
            return any(occ[x] >= 0 for x in self.lay.nbrs[self.pos[s]])
        if k == D.FISSURE:
            return bool(self._rival_cards(s))
        return False

    # --- move generation -------------------------------------------------------
    def _gen(self, f: tuple[int, ...]) -> list:
        t: int = f[0]
        moves: list[tuple]
        if t == F_PLAY:
            s = f[1]
            have = 0
            for code in self.hands[s]:
                if not code & FRESH:
                    have |= 1 << (code & KIND)
            moves = [PLAY_MOVES[k] for k in D.PLAY_PHASE_CARDS if have >> k & 1 and self._playable(s, k)]
            moves.append(END_PLAY)
            return moves
        if t == F_MOVE:
            return [MOVE_TO[c] for c in self.destinations(f[1])]
        if t == F_NFW:
            return [REACT_NFW, PASS] if self._holds(f[1], D.NO_FRYING) else [PASS]
        if t == F_CREACT or t == F_CREACT_NFW:
            return [REACT_CHEF, PASS]
        if t == F_LAST:
            moves = [PLAY_FRITOS] if self._holds(f[1], D.FRITOS) and self._fritos_target() else []
            moves.extend([CHOOSE_CARD[c] for c in self._facedown_cells()])
            return moves
        if t == F_FALLEN:
            return [PLAY_FRITOS, PASS] if self._holds(f[1], D.FRITOS) else [PASS]
        if t == F_FRITOS:
            cards = self._unoccupied()
            if cards:
                return [CHOOSE_CARD[c] for c in cards]
            if self.discard[D.BASKET] > 0:
                return [CHOOSE_SPACE[c] for c in self._spaces()]
            return []
        if t == F_CHEF:
            return [("skill", D.SKILL_KEY[k]) for k in sorted(self.chef_hand) if k != D.SK_REACTION]
        if t == F_SPLAT or t == F_SK_PUSH_DIR or t == F_SK_SHAKE:
            if t != F_SK_SHAKE and self.pos[f[1]] < 0:
                return []
            return list(DIR_MOVES)
        if t == F_START:
            grid = self.grid
            return [CHOOSE_SPACE[c] for c in self.lay.start_spots if grid[c] < 0]
        if t == F_TRAMP or t == F_SK_REVEAL:
            return [CHOOSE_CARD[c] for c in self._facedown_cells()]
        if t == F_BREAD:
            return [CHOOSE_SPACE[c] for c in self._spaces()]
        if t == F_PEEK:
            s, first = f[1], f[3]
            known = _bit(s) | PUBLIC
            kmask = self.kmask
            return [CHOOSE_CARD[c] for c in self._facedown_cells() if c != first and not kmask[c] & known]
        if t == F_ELIM or t == F_SK_REMOVE:
            return [CHOOSE_CARD[c] for c in self._unoccupied()]
        if t == F_MAINT_SRC:
            return [CHOOSE_CARD[c] for c in self._facedown_cells() if c != f[3] and c != f[4]]
        if t == F_MAINT_DST:
            return [CHOOSE_SPACE[c] for c in self._spaces(exclude=f[3])]
        if t == F_UNBAT:
            s = f[1]
            return [CHOOSE_SEAT[q] for q, h in enumerate(self.hands) if q != s and len(h) >= 2]
        if t == F_SWITCH:
            s = f[1]
            return [CHOOSE_SEAT[q] for q, p in enumerate(self.pos) if q != s and p >= 0]
        if t == F_FISSURE:
            return [CHOOSE_CARD[c] for c in self._rival_cards(f[1])]
        if t == F_COLD:
            s, g = f[1], f[2]
            if self.pos[s] != g:
                return []
            grid, occ = self.grid, self.occ
            moves = [CHOOSE_CARD[c] for c in sorted(self.lay.lines[g]) if grid[c] >= 0 and occ[c] < 0]
            if moves:
                moves.append(PASS)
            return moves
        if t == F_SK_PUSH_SEAT:
            chosen = _targets_left(f)[1]
            return [CHOOSE_SEAT[q] for q in self.lay.foods if self.pos[q] >= 0 and not chosen >> q & 1]
        if t == F_SK_ADJ:
            p = self.pos[f[1]]
            if p < 0:
                return []
            grid, occ = self.grid, self.occ
            return [CHOOSE_CARD[x] for x in sorted(self.lay.nbrs[p]) if grid[x] >= 0 and occ[x] < 0]
        if t == F_SK_SWAP:
            cards = self._unoccupied(exclude=f[1])
            if f[1] < 0 and len(cards) < 2:
                return []
            return [CHOOSE_CARD[c] for c in cards]
        if t == F_SK_EDGE:
            return [DIR_MOVES[d] for d in range(4) if self._edge_cells(d)]
        if t == F_SK_STEAL:
            chosen = _targets_left(f)[1]
            return [CHOOSE_SEAT[q] for q in self.lay.foods
                    if self.status[q] != FRIED and self.hands[q] and not chosen >> q & 1]
        raise ValueError(f"no move generator for frame {f!r}")  # pragma: no cover

    # --- texts -------------------------------------------------------------
    def move_text(self, move: tuple) -> str:
        f = self.stack[-1]
        t: int = f[0]
        kind: str = move[0]
        names = self.lay.names
        if kind == "decline":
            return {F_NFW: "let it happen", F_CREACT: "let it happen", F_CREACT_NFW: "let it happen",
                    F_FALLEN: "stay in the oil", F_COLD: "stay on the geyser"}.get(t, "pass")
        if kind == "end_play":
            return "end card play (go to movement)"
        if kind == "play":
            return f"play {D.CARD_NAME[D.KIND_BY_KEY[move[1]]]}"
        if kind == "react":
            if move[1] == D.CARD_KEY[D.NO_FRYING]:
                return f"react with No frying way! (cancel {EFFECT_TEXT[f[3]]})"
            card = D.CARD_NAME[f[2]] if t == F_CREACT else "No frying way!"
            return f"react with {D.SKILL_NAME[D.SK_REACTION]} (cancel {card})"
        if kind == "skill":
            k = D.SKILL_BY_KEY[move[1]]
            return f"play {D.SKILL_NAME[k]}: {D.skill_text(k, len(self.lay.foods))}"
        if kind == "move":
            return f"move to {names[move[1]]}"
        arg = move[1]
        if kind == "choose_seat":
            verb = {F_UNBAT: "Unbattered: steal from", F_SWITCH: "Switch: swap places with",
                    F_SK_PUSH_SEAT: "Spatula: push", F_SK_STEAL: "Taste test: discard a card of"}[t]
            return f"{verb} seat {arg}"
        if kind == "choose_direction":
            if t == F_SK_SHAKE:
                return f"Shake the pan: push every food {arg}"
            if t == F_SK_EDGE:
                return f"Trim the edge: remove the {arg} edge"
            return f"push seat {f[1]} {arg}"
        cell = names[arg]
        if kind == "choose_space":
            if t == F_START:
                return f"start on a Fritos card at {cell}"
            if t == F_FRITOS:
                return f"Fritos: put a basket at {cell} and land on it"
            if t == F_BREAD:
                return f"Breadcrumbs: place a basket face down at {cell}"
            return f"Maintenance: put the card from {names[f[3]]} at {cell}"
        # choose_card
        text = {
            F_LAST: "last chance: turn over", F_FRITOS: "Fritos: land on", F_TRAMP: "Trampoline to",
            F_PEEK: "F-Rays: look at", F_ELIM: "F-Rays: eliminate", F_MAINT_SRC: "Maintenance: take",
            F_FISSURE: "Fissure: remove", F_COLD: "Cold water geyser: move to", F_SK_REMOVE: "Skimmer: remove",
            F_SK_REVEAL: "Lift the lid: turn over", F_SK_ADJ: "Knife: remove",
        }.get(t)
        if text is not None:
            if t == F_SK_ADJ:
                return f"{text} {cell} next to seat {f[1]}"
            return f"{text} {cell}"
        if t == F_SK_SWAP:
            return f"Stir: pick {cell}" if f[1] < 0 else f"Stir: swap {names[f[1]]} with {cell}"
        raise ValueError(move)  # pragma: no cover

    # --- outcome -------------------------------------------------------------
    def result(self) -> Result | None:
        if not self.over:
            return None
        n = self.num_seats
        status = self.status
        team = self.lay.team
        keys: list[tuple]
        if self.mode == D.CHEF:
            foods_win = any(status[q] == ALIVE for q in self.lay.foods)
            keys = [(1,) if (q == D.CHEF_SEAT) != foods_win else (0,) for q in range(n)]
        else:
            standing = {team[q] for q in range(n) if status[q] != FRIED}
            keys = []
            for q in range(n):
                if team[q] in standing:
                    keys.append((1, 0))
                elif self.mode == D.TEAMS:
                    keys.append((0, 0))  # a team wins or loses together
                else:
                    keys.append((0, self.fried_turn[q]))  # Versus: the later fried, the better
        ranks, winners = rank_by(keys)
        scores = tuple(1.0 if q in winners else 0.0 for q in range(n))
        breakdown = tuple({
            "role": "chef" if status[q] == CHEF_ROLE else "food",
            "team": team[q],
            "status": STATUS_NAMES[status[q]],
            "fried_turn": self.fried_turn[q],
            "winner": q in winners,
        } for q in range(n))
        return Result(scores, winners, ranks, breakdown)

    # --- setup and plumbing ---------------------------------------------------
    @property
    def order(self) -> tuple:
        return _ORDERS[self.num_seats]

    @staticmethod
    def _blank(game: Game, cfg: dict, seed: int) -> FritangaState:
        """A state of ``cfg`` with an empty table: no card dealt, nobody placed, no decision."""
        mode = D.MODE_NAMES.index(cfg["mode"])
        n = cfg["players"]
        lay = layout_for(mode, n)
        s = FritangaState.__new__(FritangaState)
        s._init_base(game, cfg, seed)
        s.lay = lay
        s.mode = mode
        s.grid = [-1] * lay.size
        s.kmask = [0] * lay.size
        s.occ = [-1] * lay.size
        s.pos = [-1] * n
        s.status = [CHEF_ROLE if mode == D.CHEF and q == D.CHEF_SEAT else ALIVE for q in range(n)]
        s.fall_at = [-1] * n
        s.fried_turn = [-1] * n
        s.hands = [[] for _ in range(n)]
        s.discard = [0] * D.NUM_KINDS
        s.removed = [0] * D.NUM_KINDS
        s.chef_hand = list(range(len(D.CHEF_SKILLS))) if mode == D.CHEF else []
        s.chef_played = 0
        s.final = False
        s.stack = []
        s.turn_seat = lay.foods[0]
        s.turn = 0
        s.skip = False
        s.facedown = 0
        s.ncards = 0
        s.over = False
        s._moves = []
        s._decider = TERMINAL
        return s

    @staticmethod
    def deal(game: Game, cfg: dict, rng: random.Random) -> FritangaState:
        """A new game: the deck dealt face down, the foods about to choose their start spots."""
        s = FritangaState._blank(game, cfg, 0)
        lay = s.lay
        deck = [k for k in range(D.NUM_KINDS) for _ in range(lay.deck[k])]
        chance.shuffle(rng, deck)
        for c, k in zip(lay.initial, deck):
            s.grid[c] = k
        s.facedown = s.ncards = len(deck)
        # the foods choose their start spots in turn order, then the first player begins
        s.stack = [(A_BEGIN,)] + [(F_START, q) for q in reversed(lay.foods)]
        s.seed = rng.getrandbits(63)
        s._run()
        return s

    def _restore(self) -> None:
        """Derive what ``to_dict`` leaves out (see state.py): the table, the mode, who stands where, the
        counters and the decision."""
        mode = D.MODE_NAMES.index(self.config["mode"])
        self.mode = mode
        self.lay = lay = layout_for(mode, self.num_seats)
        self.occ = occ = [-1] * lay.size
        for q, p in enumerate(self.pos):
            if p >= 0:
                occ[p] = q
        self._settle()

    def _settle(self) -> None:
        """Recompute the derived counters and the cached decision of a rebuilt state."""
        self.facedown = len([g for g in self.grid if 0 <= g < FACE_UP])
        self.ncards = len(self.grid) - self.grid.count(-1)
        if self.over or not self.stack:
            self._moves = []
            self._decider = TERMINAL
        else:
            f = self.stack[-1]
            self._moves = self._gen(f)
            self._decider = self._frame_decider(f)


def _targets_left(f: tuple[int, ...]) -> tuple[int, int]:
    """(foods still to choose, bit mask of the foods chosen) of a Spatula or Taste test frame.

    A frame stored before the skills grew with the table has no arguments: one food.
    """
    return (f[1], f[2]) if len(f) > 2 else (1, 0)


_ORDERS: Final = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(1, 9)}
