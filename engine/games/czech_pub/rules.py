"""The Czech Pub state: its fields, each declared once with its type (and in ``FIELDS`` with how
it is stored), its forward model (decider, legal moves, apply, move texts, the result) and the
deal, and the hooks to what a seat may see (views.py).

This module is the rules' one source. It is plain Python with type annotations, and the compiled
build (mypyc, docs/performance.md) compiles it as it is: ``CzechPubState`` is then a native class
whose fields are C struct slots, and the ``Final`` constants of data.py are inlined.

A turn is a chain of small decisions (see docs/rules/czech-pub.md):

* ``play``    the active player plays one card at a time, or discards one card
              at a time instead (an abstinence turn), then ``done``;
* ``window``  after ``done``, while an order lies in front of the active player,
              every other player still in the game and not on a pause (hand not
              empty) is asked in turn, clockwise: ``react`` with an X card or
              ``decline``. If anybody reacted, the active player may play on and
              ``done`` opens the window again;
* ``respond`` the target of a single-target card dodges (``dodge``: Musím si
              odskočit, passing it to a neighbour) or accepts (``decline``, or
              ``pay`` for Pojď na panáka);
* ``round``   Runda dokola: each other player pays or dodges, clockwise;
* ``brawl``   Rvačka: each other player joins (``decline``) or dodges, clockwise.

Evaluation, clean-up, drawing, reshuffles, pauses and the game end run
inside ``apply`` with chance from ``self.chance()``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Final

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL, Game, Result, State, rank_by
from boardbot.engine.fields import CACHE, LIST, LISTS, SCALAR, TUPLE, TUPLES, Codec, StateFields, shared, stored_as

from . import data as D
from . import views
from .data import (
    BLAZKOVA, BRAWL, CAJ, CARD_BY_ID, CARD_ID, CARD_NAME, COST, DAM_SI, DEJTE, DISCARD, FOREIGN,
    HAND_SIZE, IN, IS_BEER, IS_ORDER, IS_SHOT, LICHOCENI, LO_ASIDE, LO_DRAWN, LO_IN_DECK,
    MALE_PIVO, MUSIM, OUT_DRUNK, OUT_NAME, OUT_THROWN, OVER, OWN, PANAK_DO_PIVA, PIVO, PLAY, POJD,
    POPCOUNT, POSLEDNI, RESPOND, ROUND, ROW_LEN, RUM, RUNDA, RVACKA, SLIPPED, SPLETENA, SUPPLIED, TEPLY,
    TO_JE_MOJE, TRACK, TY_UZ, URAZKA, WINDOW, ZVRHNUTA,
)
from .drinks import MAX_PASSES, Entry, Item, Pass, delivered_items, own_orders, pass_rows, passes_from_rows, records, score_items, without_oldest  # noqa: F401
from .valuation import UNLIKELY_WEIGHT, unlikely_in

LAST_STAGE: Final = D.STAGES - 1

Move = tuple

# --- move tuples, built once ---------------------------------------------------
# Declared as ``Move`` (a tuple of any length): typed by inference, as a fixed-length tuple of
# str and int, the compiled build unboxed each move into a C struct at every read of a table and
# boxed it into a new tuple again when it was put in a list of legal moves (one allocation per
# legal move, and a tuple the search hashes afresh); declared, each read is the one tuple made here.
DONE: Final[Move] = ("done",)
PASS: Final[Move] = ("decline",)
MAX_SEATS: Final = 6
PLAY_PLAIN: Final[tuple[Move, ...]] = tuple(("play", CARD_ID[c], -1, "") for c in range(D.NUM_CARDS))
PLAY_TARGET: Final[tuple[tuple[Move, ...], ...]] = tuple(tuple(("play", CARD_ID[c], t, "") for t in range(MAX_SEATS))
                                                        for c in range(D.NUM_CARDS))
PLAY_SHOT: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(("play", CARD_ID[c], -1, D.SHOT_ID[k]) for k in range(D.SHOT_KINDS)) for c in range(D.NUM_CARDS))
DISCARD_MOVE: Final[tuple[Move, ...]] = tuple(("discard", CARD_ID[c]) for c in range(D.NUM_CARDS))
PAY_MOVE: Final[tuple[Move, ...]] = tuple(("pay", CARD_ID[c]) for c in range(D.NUM_CARDS))
PAY_NOTHING: Final[Move] = ("pay", "")
DODGE: Final[dict[int, Move]] = {t: ("dodge", t) for t in range(-1, MAX_SEATS)}
# reactions on the first TABLE_ROOM slots of a table (a real one holds a dozen cards at most):
# REACT_SLOT[card][slot], Spletená objednávka's REACT_SWAP[slot][card given], and Panák do piva
# with a shot of one's own, REACT_POUR[shot card]
TABLE_ROOM: Final = 16
REACT_SLOT: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(("react", CARD_ID[c], slot, "") for slot in range(TABLE_ROOM)) for c in range(D.NUM_CARDS))
REACT_SWAP: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(("react", CARD_ID[SPLETENA], slot, CARD_ID[g]) for g in range(D.NUM_CARDS)) for slot in range(TABLE_ROOM))
REACT_POUR: Final[tuple[Move, ...]] = tuple(("react", CARD_ID[PANAK_DO_PIVA], -1, CARD_ID[g])
                                            for g in range(D.NUM_CARDS))


def react_move(card: int, slot: int) -> Move:
    return REACT_SLOT[card][slot] if slot < TABLE_ROOM else ("react", CARD_ID[card], slot, "")


def fair_die(state: CzechPubState) -> int:  # typed: compiled, native calls (not by name through Any)
    return int(state.chance().random() * 6) + 1


# The drunkenness roll: a module attribute looked up at each roll (in both builds), so that the
# rules' tests can load the die (a roll is once per turn at most: the lookup costs nothing).
die: Callable[[Any], int] = fair_die

# known[holder]: () or a tuple over observers of sorted card tuples (see "knowledge of other
# hands" below); replaced, never mutated, so copies share it
KNOWN = shared(dump="[[list(t) for t in row] for row in {v}]",
               load="tuple(tuple(tuple(t) for t in row) for row in {v})")

# passes[seat]: the reaction windows the seat passed on since it last took cards unseen, the
# newest of a chain of drinks.Pass records (None: none), never mutated; stored as lists of the
# records' fields, oldest first. Games stored before the field existed load with no passes.
PASSES = Codec(copy="{v}[:]",
               dump="[pass_rows(head) for head in {v}]",
               load="[None for _ in data['hands']] if {v} is None else [passes_from_rows(rows) for rows in {v}]",
               since=True)

# How each field is copied and stored (boardbot.engine.fields; the keys ``stored_as`` names keep
# the dict format of the games stored before the fields were declared); the class below declares
# their types.
FIELDS = StateFields(
    helpers={"pass_rows": pass_rows, "passes_from_rows": passes_from_rows},
    # per seat
    points=LIST, stage=LIST, cell=LIST, hands=LISTS, tokens=LIST, abst=stored_as("abstinence", LIST),
    paused=LIST, out=LIST, insults=LIST, copying=LIST, titles=LIST, real=stored_as("real_drinks", LIST),
    # cards; the Last Order card: where it is, its draw positions from the top, who drew it
    deck=LIST, discard=LIST, lo_state=stored_as("last_order"), lo_lo=stored_as("last_order"),
    lo_hi=stored_as("last_order"), lo_holder=stored_as("last_order"), reshuffles=SCALAR,
    # the turn
    active=SCALAR, turn=SCALAR, phase=SCALAR, dec=stored_as("decider"), table=TUPLES, played=SCALAR,
    ordered_alcohol=SCALAR, copy_turn=SCALAR,
    # the end
    last_round=SCALAR, owed=TUPLE, lone=stored_as("lone"), lone_started=stored_as("lone"), title_pool=LIST,
    # a card being resolved, a queue of seats to ask (tuples: replaced, never mutated)
    pend_card=stored_as("pending"), pend_target=stored_as("pending"), dodgers=TUPLE, queue=TUPLE,
    qpos=stored_as("queue_position"), reacted=SCALAR,
    # who knows which cards in whose hand, the windows each seat passed on (public evidence
    # about its hand: sample_for); what the passes say (valuation.unlikely_in, worked out once
    # per position)
    known=KNOWN, passes=PASSES, _unlikely=CACHE,
)
_to_dict = FIELDS.to_dict_function("czech-pub")


class CzechPubState(State):
    FIELDS: ClassVar[StateFields] = FIELDS
    __slots__ = FIELDS.slots

    # per seat
    points: list[int]
    stage: list[int]
    cell: list[int]
    hands: list[list[int]]  # each sorted
    tokens: list[int]  # shot kinds drunk, a bit per kind
    abst: list[int]
    paused: list[bool]
    out: list[int]  # data.IN, OUT_DRUNK, OUT_THROWN
    insults: list[int]
    copying: list[int]
    titles: list[int]  # a bit per title
    real: list[int]
    # cards
    deck: list[int]
    discard: list[int]
    lo_state: int
    lo_lo: int
    lo_hi: int
    lo_holder: int
    reshuffles: int
    # the turn
    active: int
    turn: int
    phase: int
    dec: int
    table: list[Entry]
    played: bool
    ordered_alcohol: bool
    copy_turn: bool
    # the end
    last_round: bool
    owed: tuple[int, ...]
    lone: int
    lone_started: bool
    title_pool: list[int]
    # a card being resolved, a queue of seats to ask
    pend_card: int
    pend_target: int
    dodgers: tuple[int, ...]
    queue: tuple[int, ...]
    qpos: int
    reacted: bool
    # knowledge
    known: tuple[tuple[tuple[int, ...], ...], ...]
    passes: list[Pass | None]
    _unlikely: tuple[frozenset[int], ...] | None

    # --- plumbing ------------------------------------------------------
    def copy(self) -> CzechPubState:
        """An independent copy (every field of ``FIELDS``; tests/test_state_fields.py checks)."""
        new = CzechPubState.__new__(CzechPubState)
        new._copy_base(self)
        new.points = self.points[:]
        new.stage = self.stage[:]
        new.cell = self.cell[:]
        new.hands = [h[:] for h in self.hands]
        new.tokens = self.tokens[:]
        new.abst = self.abst[:]
        new.paused = self.paused[:]
        new.out = self.out[:]
        new.insults = self.insults[:]
        new.copying = self.copying[:]
        new.titles = self.titles[:]
        new.real = self.real[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.lo_state = self.lo_state
        new.lo_lo = self.lo_lo
        new.lo_hi = self.lo_hi
        new.lo_holder = self.lo_holder
        new.reshuffles = self.reshuffles
        new.active = self.active
        new.turn = self.turn
        new.phase = self.phase
        new.dec = self.dec
        new.table = self.table[:]
        new.played = self.played
        new.ordered_alcohol = self.ordered_alcohol
        new.copy_turn = self.copy_turn
        new.last_round = self.last_round
        new.owed = self.owed
        new.lone = self.lone
        new.lone_started = self.lone_started
        new.title_pool = self.title_pool[:]
        new.pend_card = self.pend_card
        new.pend_target = self.pend_target
        new.dodgers = self.dodgers
        new.queue = self.queue
        new.qpos = self.qpos
        new.reacted = self.reacted
        new.known = self.known
        new.passes = self.passes[:]
        new._unlikely = None
        return new

    def to_dict(self) -> dict:
        return _to_dict(self)

    # --- information (views.py) -----------------------------------------
    def view(self, seat: int | None) -> dict:
        return views.view(self, seat)

    @classmethod
    def from_view(cls, game: Game, view: dict, rng: random.Random) -> CzechPubState:
        return views.from_view(CzechPubState, game, view, rng)

    def forget_inference(self) -> None:
        # the passes are all the inference there is (the public record stays in views)
        self.passes = [None] * self.num_seats
        self._unlikely = None

    def sample_for(self, seat: int, rng: random.Random) -> CzechPubState:
        world = self.copy()
        world.seed = rng.getrandbits(63)
        n = self.num_seats
        known = self.known
        pool = [c for c in self.deck if c != POSLEDNI]
        keep: list[tuple[int, ...]] = [()] * n
        for q in range(n):
            if q == seat:
                continue
            hand = self.hands[q]
            mine = known[q][seat] if known[q] else ()
            if mine:
                rest = list(hand)
                for c in mine:
                    rest.remove(c)
                pool.extend(rest)
            else:
                pool.extend(hand)
            keep[q] = mine
        chance.shuffle(rng, pool)
        unlikely = self._unlikely
        if unlikely is None:
            unlikely = self._unlikely = tuple(unlikely_in(self.passes[q]) for q in range(n))
        weighted = any(unlikely[q] for q in range(n) if q != seat)
        i = 0
        hands = world.hands
        for q in range(n):
            if q == seat:
                continue
            mine = keep[q]
            k = len(self.hands[q]) - len(mine)
            if weighted and unlikely[q]:
                new, pool = views.deal_weighted(pool[i:], k, dict.fromkeys(unlikely[q], UNLIKELY_WEIGHT), rng)
                i = 0
            else:
                new = pool[i:i + k]
                i += k
            if mine:
                new.extend(mine)
            new.sort()
            hands[q] = new
        deck = pool[i:]
        if weighted:  # the cards passed over lie together: the draw order must not show it
            chance.shuffle(rng, deck)
        if self.lo_state == LO_IN_DECK:
            pos = chance.randint(rng, self.lo_lo, self.lo_hi)
            deck.insert(len(deck) + 1 - pos, POSLEDNI)
        world.deck = deck
        if any(known):
            views.keep_known_true(world, known, seat)
        return world

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        return self.dec

    def invalidate(self) -> None:
        self._moves = None
        self._unlikely = None  # what the passes say of the hands (views.py)

    def _generate(self) -> list:
        phase = self.phase
        if phase == PLAY:
            return self._gen_play()
        if phase == WINDOW:
            return self._gen_window()
        if phase == DISCARD:
            out: list[Move] = []
            prev = -1
            for c in self.hands[self.active]:
                if c != prev:
                    out.append(DISCARD_MOVE[c])
                    prev = c
            out.append(DONE)
            return out
        if phase == RESPOND:
            t = self.dec
            out = []
            if _holds_musim(self.hands[t]):
                # "Přesměruj nebo zruš": pass it to a neighbour, or cancel it where none can take it
                out.extend(DODGE[r] for r in (self._redirects(t) or (-1,)))
            if self.pend_card == POJD:
                out.extend(self._pay_moves(t))
            else:
                out.append(PASS)
            return out
        if phase == ROUND:
            q = self.dec
            out = [DODGE[-1]] if _holds_musim(self.hands[q]) else []
            out.extend(self._pay_moves(q))
            return out
        if phase == BRAWL:
            return [DODGE[-1], PASS] if _holds_musim(self.hands[self.dec]) else [PASS]
        return []

    def _gen_play(self) -> list:
        a = self.active
        if self.copy_turn:
            return [DONE]
        hand = self.hands[a]
        table = self.table
        actions, beers, smalls, shots, self_pour = own_orders(table)
        has_beer = has_shot = False
        for e in table:
            if IS_BEER[e[0]]:
                has_beer = True
            elif IS_SHOT[e[0]]:
                has_shot = True
        remaining = D.ACTIONS_PER_TURN - actions
        shot_limit = D.MAX_SHOTS + self_pour
        can_order = not self.insults[a]
        played = self.played
        moves: list[Move] = []
        targets: list[int] | None = None
        prev = -1
        for c in hand:
            if c == prev:
                continue
            prev = c
            if COST[c] > remaining or c > TY_UZ:
                continue
            if c <= DEJTE:  # orders
                if not can_order:
                    continue
                if c == PIVO:
                    if beers < D.MAX_BEERS:
                        moves.append(PLAY_PLAIN[c])
                elif c == MALE_PIVO:
                    if beers < D.MAX_BEERS and smalls < D.MAX_SMALL_BEERS:
                        moves.append(PLAY_PLAIN[c])
                elif c == CAJ:
                    moves.append(PLAY_PLAIN[c])
                elif c == DEJTE:
                    if beers < D.MAX_BEERS and shots < shot_limit:
                        moves.extend(PLAY_SHOT[c])
                elif shots < shot_limit:
                    moves.append(PLAY_PLAIN[c])
            elif c == LICHOCENI:
                moves.extend(PLAY_SHOT[c])
            elif c == PANAK_DO_PIVA:
                if not self_pour and has_beer and has_shot:
                    moves.append(PLAY_PLAIN[c])
            elif c == TY_UZ:
                if self.discard:
                    moves.append(PLAY_PLAIN[c])
            else:
                if c == DAM_SI and played:
                    continue
                if targets is None:
                    targets = self._targets(a)
                if c == RUNDA or c == RVACKA:
                    if targets:
                        moves.append(PLAY_PLAIN[c])
                else:
                    row = PLAY_TARGET[c]
                    hands = self.hands
                    for t in targets:
                        if c != TO_JE_MOJE or hands[t]:
                            moves.append(row[t])
        if not played:
            prev = -1
            for c in hand:
                if c != prev:
                    moves.append(DISCARD_MOVE[c])
                    prev = c
        moves.append(DONE)
        return moves

    def _gen_window(self) -> list:
        r = self.dec
        table = self.table
        hand = self.hands[r]
        moves: list[Move] = [PASS]
        prev = -1
        orders: list[int] | None = None
        beers: list[int] | None = None
        for c in hand:
            if c == prev:
                continue
            prev = c
            if c == ZVRHNUTA or c == BLAZKOVA or c == SPLETENA:
                if orders is None:
                    orders = _distinct_slots(table, IS_ORDER)
                if c == SPLETENA:
                    gives = _distinct(hand, IS_ORDER, DEJTE)
                    for slot in orders:
                        taken = table[slot][0]
                        for g in gives:
                            if g != taken:
                                moves.append(REACT_SWAP[slot][g] if slot < TABLE_ROOM
                                             else ("react", CARD_ID[c], slot, CARD_ID[g]))
                else:
                    for slot in orders:
                        moves.append(react_move(c, slot))
            elif c == TEPLY:
                if beers is None:
                    beers = _distinct_slots(table, IS_BEER)
                for slot in beers:
                    moves.append(react_move(c, slot))
            elif c == PANAK_DO_PIVA:
                if not any(IS_BEER[e[0]] for e in table):
                    continue
                slots: list[int] = []
                for slot in range(len(table)):
                    e = table[slot]
                    if IS_SHOT[e[0]] and e[3] < 0 and not _seen_before(table, slots, e):
                        slots.append(slot)
                if slots:
                    for slot in slots:
                        moves.append(react_move(c, slot))
                else:
                    for g in _distinct(hand, IS_SHOT, -1):
                        moves.append(REACT_POUR[g])
        return moves

    def _pay_moves(self, q: int) -> list[Move]:
        out: list[Move] = []
        prev = -1
        for c in self.hands[q]:
            if c != prev and c <= D.VODKA:
                out.append(PAY_MOVE[c])
            prev = c
        out.append(PAY_NOTHING)
        return out

    def _targets(self, a: int) -> list[int]:
        out, paused = self.out, self.paused
        return [q for q in range(self.num_seats) if q != a and not out[q] and not paused[q]]

    def _redirects(self, t: int) -> list[int]:
        """Neighbours a single-target card may be passed to by seat ``t``."""
        n = self.num_seats
        out = self.out
        res: list[int] = []
        for step in (1, n - 1):
            r = (t + step) % n
            while out[r] and r != t:
                r = (r + step) % n
            if (r != t and r != self.active and not self.paused[r] and r not in self.dodgers
                    and r not in res):
                res.append(r)
        return res

    # --- apply ---------------------------------------------------------
    def apply(self, move: tuple) -> None:
        self._moves = None
        self._unlikely = None
        kind: str = move[0]  # typed: compiled, compared as str (interned, so by identity first)
        if kind == "play":
            self._play(CARD_BY_ID[move[1]], move[2], D.SHOT_BY_ID[move[3]] if move[3] else -1)
        elif kind == "done":
            self._done()
        elif kind == "decline":
            phase = self.phase
            if phase == WINDOW:
                self._note_pass(self.dec)
                self.qpos += 1
                self._next_window()
            elif phase == RESPOND:
                self._resolve_target()
            else:
                self.qpos += 1
                self._next_brawl()
        elif kind == "react":
            self._react(CARD_BY_ID[move[1]], move[2], move[3])
        elif kind == "dodge":
            self._dodge(move[1])
        elif kind == "pay":
            self._pay(CARD_BY_ID[move[1]] if move[1] else -1)
        elif kind == "discard":
            a = self.active
            c = CARD_BY_ID[move[1]]
            self._from_hand(a, c)
            self.discard.append(c)
            self.phase = DISCARD
        else:
            raise ValueError(f"unknown move {move!r}")

    def _play(self, c: int, target: int, kind: int) -> None:
        a = self.active
        self._from_hand(a, c)
        self.played = True
        self.table.append((c, kind, OWN, -1))
        if c <= PANAK_DO_PIVA:  # orders, Lichocení servírce, Panák do piva: nothing happens yet
            if c != CAJ and c != PANAK_DO_PIVA:  # a card that adds drunkenness clears the abstinence token
                self.abst[a] = 0
                self.ordered_alcohol = True  # ... and makes the turn no abstinence, even if cancelled later
            return
        if c == TY_UZ:
            top = self.discard.pop()
            _insort(self.hands[a], top)
            self._learn_public(a, top)
            if self.log is not None:
                self.note(None, f"seat {a} takes {CARD_NAME[top]} from the discard pile")
        elif c == RUNDA:
            self.pend_card = RUNDA
            self.queue = tuple(self._clockwise_targets(a))
            self.qpos = 0
            if self.config["real_drinking"]:
                for q in range(self.num_seats):
                    if not self.out[q]:
                        self._real_drink(q, "Runda dokola")
            self._next_round()
        elif c == RVACKA:
            self.pend_card = RVACKA
            self.dodgers = ()
            hands = self.hands
            self.queue = tuple(q for q in self._clockwise_targets(a) if hands[q])
            self.qpos = 0
            self._next_brawl()
        else:  # Dám si to co ty, Urážka vrchního, To je moje objednávka, Pojď na panáka
            if c == DAM_SI:
                self.copy_turn = True
            self.pend_card = c
            self.pend_target = target
            self.dodgers = ()
            self._ask_target()

    def _clockwise_targets(self, a: int) -> list[int]:
        n = self.num_seats
        out, paused = self.out, self.paused
        res: list[int] = []
        for i in range(1, n):  # a loop, not a generator in a comprehension (a generator object compiled)
            q = (a + i) % n
            if not out[q] and not paused[q]:
                res.append(q)
        return res

    def _ask_target(self) -> None:
        t = self.pend_target
        c = self.pend_card
        if self.hands[t]:  # whether it holds Musím si odskočit or not (the hand is hidden)
            self.phase = RESPOND
            self.dec = t
            return
        if c == POJD:  # an empty hand can only lose 5 points
            self._payment(t, -1)
            self._finish_pojd(t)
        else:
            self._resolve_target()

    def _resolve_target(self) -> None:
        c, t, a = self.pend_card, self.pend_target, self.active
        if c == DAM_SI:
            self.table.remove((DAM_SI, -1, OWN, -1))
            self.copying[a] = t
            if self.log is not None:
                self.note(None, f"seat {a} will drink what seat {t} orders in their next turn")
        elif c == URAZKA:
            self.table.remove((URAZKA, -1, OWN, -1))
            self.insults[t] = self.insults[t] + 1
            if self.log is not None:
                self.note(None, f"seat {t} may order nothing in their next turn")
        elif c == TO_JE_MOJE and self.hands[t]:
            self._take_random(a, t, self.chance())
        self.pend_card = -1
        self.pend_target = -1
        self.dodgers = ()
        self._back_to_play()

    def _finish_pojd(self, t: int) -> None:
        if self.config["real_drinking"]:
            self._real_drink(self.active, "Pojď na panáka")
            self._real_drink(t, "Pojď na panáka")
        self.pend_card = -1
        self.pend_target = -1
        self.dodgers = ()
        self._back_to_play()

    def _back_to_play(self) -> None:
        self.phase = PLAY
        self.dec = self.active
        if self.copy_turn:  # Dám si to co ty: no other card; the only move is done
            self._done()

    def _dodge(self, to: int) -> None:
        q = self.dec
        self._from_hand(q, MUSIM)
        self.discard.append(MUSIM)
        phase = self.phase
        if phase == RESPOND and to < 0:  # no neighbour could take it: the effect is cancelled
            if self.log is not None:
                self.note(None, f"seat {q} cancels {CARD_NAME[self.pend_card]} with Musím si odskočit")
            self.pend_card = -1
            self.pend_target = -1
            self.dodgers = ()
            self._back_to_play()
        elif phase == RESPOND:
            self.dodgers += (q,)
            self.pend_target = to
            self._ask_target()
        elif phase == ROUND:
            self.qpos += 1
            self._next_round()
        else:
            self.dodgers += (q,)
            self.qpos += 1
            self._next_brawl()

    def _pay(self, c: int) -> None:
        q = self.dec
        self._payment(q, c)
        if self.phase == RESPOND:
            self._finish_pojd(q)
        else:
            self.qpos += 1
            self._next_round()

    def _payment(self, q: int, c: int) -> None:
        """Pojď na panáka / Runda dokola: discard a shot, a beer (-2), a small beer (-3) or lose 5."""
        # counts are written ``xs[i] = xs[i] + k`` in this module: mypyc 2.4 compiles ``xs[i] += k``
        # on a list[int] as a generic ``PyNumber_InPlaceAdd`` of the boxed item (froccs/rules.py)
        if c < 0:
            self.points[q] = self.points[q] + D.POJD_NOTHING
        else:
            self._from_hand(q, c)
            self.discard.append(c)
            if c == PIVO:
                self.points[q] = self.points[q] + D.POJD_BEER
            elif c == MALE_PIVO:
                self.points[q] = self.points[q] + D.POJD_SMALL
            else:
                self.tokens[q] = self.tokens[q] | (1 << (c - RUM))
            self.abst[q] = 0
        if self.log is not None:
            why = CARD_NAME[self.pend_card] if self.pend_card >= 0 else "the card"
            text = f"seat {q} pays for {why}: {self._pay_text(c)} (total {self.points[q]})"
            if c >= 0 and IS_SHOT[c]:
                text += f"; shot kinds now {POPCOUNT[self.tokens[q]]}"
            self.note(None, text)

    def _next_round(self) -> None:
        queue = self.queue
        while self.qpos < len(queue):
            q = queue[self.qpos]
            if self.hands[q]:
                self.phase = ROUND
                self.dec = q
                return
            self._payment(q, -1)
            self.qpos += 1
        self.queue = ()
        self.qpos = 0
        self.pend_card = -1
        self._back_to_play()

    def _next_brawl(self) -> None:
        queue = self.queue
        while self.qpos < len(queue):
            q = queue[self.qpos]
            if self.hands[q]:
                self.phase = BRAWL
                self.dec = q
                return
            self.qpos += 1
        self._resolve_brawl()
        self.queue = ()
        self.qpos = 0
        self.dodgers = ()
        self.pend_card = -1
        self._back_to_play()

    def brawl_order(self) -> list[int]:  # typed: compiled, ``order[i]`` was a generic PyObject_GetItem
        """Rvačka: the takers in order (fewest cards first, ties nearest clockwise from the active player)."""
        a, n = self.active, self.num_seats
        out, paused, dodgers, hands = self.out, self.paused, self.dodgers, self.hands
        parts: list[int] = []
        for i in range(n):
            q = (a + i) % n
            if not out[q] and not paused[q] and q not in dodgers:
                parts.append(q)
        if len(parts) < 2:
            return []
        start = 0  # min(range(len(parts)), key=lambda i: (len(hands[parts[i]]), i)), without the closure
        for i in range(1, len(parts)):
            if len(hands[parts[i]]) < len(hands[parts[start]]):
                start = i
        return parts[start:] + parts[:start]

    def _resolve_brawl(self) -> None:
        order = self.brawl_order()
        if not order:
            if self.log is not None:
                self.note(None, "Rvačka: fewer than two players take part; nothing happens")
            return
        if self.log is not None:
            self.note(None, f"Rvačka: seat {order[0]} (fewest cards) takes first; order "
                            + ", ".join(str(q) for q in order))
        rng = self.chance()
        m = len(order)
        hands = self.hands
        known = list(self.known)  # what the takes teach, written back once (nothing reads it meanwhile)
        for j, taker in enumerate(order):
            for d in range(1, m):
                victim = order[(j + d) % m]
                if hands[victim]:
                    self._take_random(taker, victim, rng, known)
        self.known = tuple(known)

    def _take_random(self, taker: int, victim: int, rng: chance.Rng,
                     known: list[tuple[tuple[int, ...], ...]] | None = None) -> None:
        """taker takes a card at random from victim's hand; ``known``: a brawl's copy of the rows of
        ``self.known``, which learns it (the brawl writes it back), else ``self.known`` does."""
        hand = self.hands[victim]
        card = hand.pop(chance.randrange(rng, len(hand)))
        _insort(self.hands[taker], card)
        self._forget_passes(taker)
        if known is None:
            self._learn_private(taker, victim, card)
        else:
            _learn_taken(known, taker, victim, card, self.num_seats + 1)
        if self.log is not None:
            self.note(None, f"seat {taker} takes a card from seat {victim}")
            self.note(taker, f"you take {CARD_NAME[card]} from seat {victim}")
            self.note(victim, f"seat {taker} takes your {CARD_NAME[card]}")

    def _react(self, c: int, slot: int, give: str) -> None:
        r = self.dec
        self._from_hand(r, c)
        table = self.table
        if c == SPLETENA:
            g = CARD_BY_ID[give]
            taken = table[slot][0]
            self._from_hand(r, g)
            table[slot] = (g, -1, SLIPPED, -1)
            _insort(self.hands[r], taken)
            self._learn_public(r, taken)
            self.discard.append(c)
        elif c == PANAK_DO_PIVA:
            if slot >= 0:
                e = table[slot]
                table[slot] = (e[0], e[1], e[2], r)
            else:
                g = CARD_BY_ID[give]
                self._from_hand(r, g)
                table.append((g, -1, SUPPLIED, r))
            table.append((PANAK_DO_PIVA, -1, FOREIGN, r))
        else:  # Zvrhnutá sklenice, Blažková, To pivo je teplý: cancel an order
            e = table.pop(slot)
            self.discard.append(e[0])
            self.discard.append(c)
        self.reacted = True
        self._next_window()

    def _has_order(self) -> bool:
        for e in self.table:
            if IS_ORDER[e[0]]:
                return True
        return False

    def _done(self) -> None:
        if self.phase == PLAY and self._has_order():
            a, n = self.active, self.num_seats
            out, paused, hands = self.out, self.paused, self.hands
            asked: list[int] = []
            for i in range(1, n):
                q = (a + i) % n
                if not out[q] and not paused[q] and hands[q]:
                    asked.append(q)
            queue = tuple(asked)
            if queue:
                self.queue = queue
                self.qpos = 0
                self.reacted = False
                self._next_window()
                return
        self._end_play()

    def _next_window(self) -> None:
        if self._has_order():
            queue = self.queue
            while self.qpos < len(queue):
                q = queue[self.qpos]
                if self.hands[q]:
                    self.phase = WINDOW
                    self.dec = q
                    return
                self.qpos += 1
        reacted = self.reacted
        self.queue = ()
        self.qpos = 0
        self.reacted = False
        if reacted:
            self.phase = PLAY
            self.dec = self.active
        else:
            self._end_play()

    # --- evaluation ----------------------------------------------------
    def delivered(self) -> list:
        """What the active player drinks now (see ``delivered_items``)."""
        return delivered_items(self.table)

    def _end_play(self) -> None:
        a, n = self.active, self.num_seats
        copying = self.copying
        copiers: list[int] | None = None  # made for the first copier (no list a turn otherwise)
        for i in range(1, n):
            q = (a + i) % n
            if copying[q] == a:
                copying[q] = -1
                self.discard.append(DAM_SI)
                if copiers is None:
                    copiers = []
                copiers.append(q)
        items = self.delivered()
        if self.log is not None and not self.copy_turn and self.phase != DISCARD:
            self._note_undrunk(a, items)
        if not self.copy_turn:
            if self.phase == DISCARD:
                self._abstain(a, 0, self.insults[a] > 0)
            else:
                self._evaluate(a, items, self.insults[a] > 0, self.ordered_alcohol)
        if copiers is not None:
            for q in copiers:
                if self.out[q] or self.paused[q]:
                    continue
                if self.log is not None:
                    self.note(None, f"seat {q} drinks the same as seat {a}")
                self._evaluate(q, [item for item in items if item[0] != LICHOCENI], False)
        # clean-up
        discard = self.discard
        for e in self.table:
            discard.append(e[0])
        self.table = []
        if self.insults[a]:
            discard.extend([URAZKA] * self.insults[a])
            self.insults[a] = 0
        if not self.out[a]:
            self._draw(a, end_of_turn=True)
        self._next_turn()

    def _evaluate(self, q: int, items: list, insulted: bool, ordered_alcohol: bool = False) -> None:
        """Score what ``q`` drinks. Abstinence is judged on the cards played: a player who
        ordered alcohol this turn (``ordered_alcohol``) does not abstain even if all of it
        was cancelled; with nothing alcoholic left to drink there is then nothing to score."""
        alcohol, nealko, points, drunk, tokens = score_items(self.tokens[q], items)
        if not alcohol:
            if ordered_alcohol:
                if self.log is not None:
                    self.note(None, f"seat {q} ordered alcohol but drinks none of it: no abstinence, "
                                    "nothing to evaluate")
                return
            self._abstain(q, nealko, insulted)
            return
        self.abst[q] = 0
        old_tokens = self.tokens[q]
        self.tokens[q] = tokens
        total = drunk + TRACK[self.stage[q]][self.cell[q]]
        if total <= 1:  # any roll copes
            roll = 0
            moved = 1
        else:
            roll = self._roll_die()
            moved = D.cells_moved(total, roll)
        if self.log is not None:
            self._note_evaluation(q, items, points, drunk, total, roll, moved, old_tokens)
        self._score(q, points)
        self._advance(q, moved)

    def _note_undrunk(self, a: int, items: list) -> None:
        """Log the orders in front of the active player that are not drunk (Panák do piva without effect)."""
        left = [e[0] for e in self.table if IS_ORDER[e[0]]]
        for item in items:
            if item[0] in left:
                left.remove(item[0])
        if left:
            names = ", ".join(CARD_NAME[c] for c in left)
            self.note(None, f"Panák do piva has no effect: seat {a}'s {names} not drunk")

    def _note_evaluation(self, q: int, items: list, points: int, drunk: int, total: int, roll: int,
                         moved: int, old_tokens: int) -> None:
        drinks = []
        for c, k, scores in items:
            if c == DEJTE:
                drinks.append(f"Dejte mi to všechno! as Pivo + {D.SHOT_NAME[k]}")
            elif c == LICHOCENI:
                drinks.append(f"Lichocení servírce as {D.SHOT_NAME[k]}")
            elif IS_SHOT[c] and not scores:
                drinks.append(f"{CARD_NAME[c]} poured into the beer (no points)")
            else:
                drinks.append(CARD_NAME[c])
        new = [D.SHOT_NAME[k] for k in range(D.SHOT_KINDS) if self.tokens[q] >> k & 1 and not old_tokens >> k & 1]
        text = f"seat {q} drinks {', '.join(drinks)}: {points:+d} points (total {self.points[q] + points})"
        if new:
            kinds = POPCOUNT[self.tokens[q]]
            text += f", new shot kind {', '.join(new)} ({kinds} kind{'s' if kinds > 1 else ''})"
        text += f"; drunkenness {drunk} + cell value {total - drunk} = {total}, "
        if roll:
            short = total - roll
            text += f"rolls {roll}" + (f" (short by {short})" if short > 0 else " (enough)")
        else:
            text += "no roll needed"
        stage, cell = self.stage[q], self.cell[q] + moved
        if cell < ROW_LEN[stage]:
            text += (f": {moved} cell{'s' if moved > 1 else ''} forward, to stage {stage + 1} cell {cell + 1}"
                     f"/{ROW_LEN[stage]} (value {TRACK[stage][cell]})")
        else:
            text += f": {moved} cell{'s' if moved > 1 else ''} forward, off the end of the row"
        self.note(None, text)

    def _roll_die(self) -> int:
        return die(self)

    def _score(self, q: int, points: int) -> None:
        self.points[q] = self.points[q] + points
        if points > 0:
            total = self.points[q]
            for i, need in enumerate(D.TITLE_POINTS):
                if total >= need and not self.titles[q] >> i & 1 and self.title_pool[i] > 0:
                    self.titles[q] = self.titles[q] | (1 << i)
                    self.title_pool[i] = self.title_pool[i] - 1
                    if self.log is not None:
                        self.note(None, f"seat {q} earns title {i + 1}")
                    if self.config["real_drinking"]:
                        self._real_drink(q, f"title {i + 1}")

    def _advance(self, q: int, k: int) -> None:
        cell = self.cell[q] + k
        stage = self.stage[q]
        if cell < ROW_LEN[stage]:
            self.cell[q] = cell
        elif stage == LAST_STAGE:
            self._go_out(q, OUT_DRUNK)
        else:
            self.stage[q] = stage + 1
            self.cell[q] = 0
            self.paused[q] = True
            if self.log is not None:
                self.note(None, f"seat {q} runs off the row: stage {stage + 2} and a pause")
            if self.config["real_drinking"]:
                self._real_drink(q, f"stage {stage + 2}")

    def _abstain(self, q: int, nealko: int, insulted: bool) -> None:
        level = self.abst[q]
        if level >= 2 and not insulted:
            if self.log is not None:
                self.note(None, f"seat {q} abstains a third time in a row and is thrown out")
            self._go_out(q, OUT_THROWN)
            return
        self.points[q] = self.points[q] + D.ABSTINENCE_POINTS[min(level, 1)]
        self.abst[q] = min(level + 1, 2)
        self.cell[q] = max(0, self.cell[q] - 1 - nealko)
        if self.log is not None:
            nth = ("first", "second", "third")[level]
            saved = " (Urážka vrchního: not thrown out)" if level >= 2 else ""
            stage, cell = self.stage[q], self.cell[q]
            self.note(None, f"seat {q} abstains, the {nth} time in a row{saved}: "
                            f"{D.ABSTINENCE_POINTS[min(level, 1)]} points (total {self.points[q]}), "
                            f"{1 + nealko} cell{'s' if nealko else ''} back, to stage {stage + 1} cell {cell + 1}"
                            f"/{ROW_LEN[stage]} (value {TRACK[stage][cell]})")

    def _go_out(self, q: int, reason: int) -> None:
        self.out[q] = reason
        self.paused[q] = False
        discard = self.discard
        if self.hands[q]:
            discard.extend(self.hands[q])
            self.hands[q] = []
        if self.known[q]:
            self._set_row(q, ())
        if self.insults[q]:
            discard.extend([URAZKA] * self.insults[q])
            self.insults[q] = 0
        copying = self.copying
        for x in range(self.num_seats):
            if copying[x] == q or (x == q and copying[x] >= 0):
                copying[x] = -1
                discard.append(DAM_SI)
        if self.log is not None:
            self.note(None, f"seat {q} is out ({OUT_NAME[reason].replace('_', ' ')})")

    def _real_drink(self, q: int, why: str) -> None:
        self.real[q] = self.real[q] + 1
        if self.log is not None:
            self.note(None, f"real drinking: seat {q} drinks a shot ({why})")

    # --- cards -----------------------------------------------------------
    def _draw(self, p: int, end_of_turn: bool = False) -> None:
        hand = self.hands[p]
        limit = HAND_SIZE[self.stage[p]]
        drawn = 0
        # the cards' names, for the log only (no list made at every draw otherwise)
        got: list[str] | None = [] if self.log is not None else None
        while len(hand) < limit:
            if not self.deck:
                if not self.discard:
                    break
                self._reshuffle()
            card = self.deck.pop()
            if self.lo_state == LO_IN_DECK:
                if card == POSLEDNI:
                    self._last_order(p, end_of_turn)
                    continue
                if self.lo_lo > 1:
                    self.lo_lo -= 1
                self.lo_hi -= 1
            _insort(hand, card)
            drawn += 1
            if got is not None:
                got.append(CARD_NAME[card])
        if drawn:
            self._forget_passes(p)
        if got is not None and drawn:
            self.note(None, f"seat {p} draws {drawn} card{'s' if drawn > 1 else ''}")
            self.note(p, f"you draw {', '.join(got)}")

    def _reshuffle(self) -> None:
        rng = self.chance()
        deck = self.discard
        self.discard = []
        chance.shuffle(rng, deck)
        self.reshuffles += 1
        at, first_half = D.LAST_ORDER_AT[self.num_seats]
        if self.lo_state == LO_ASIDE and self.reshuffles == at:
            size = len(deck)
            half = size // 2
            lo, hi = (1, max(1, half)) if first_half else (half + 1, size + 1)
            pos = chance.randint(rng, lo, hi)  # draw position counted from the top
            deck.insert(size + 1 - pos, POSLEDNI)
            self.lo_state = LO_IN_DECK
            self.lo_lo, self.lo_hi = lo, hi
            if self.log is not None:
                self.note(None, f"the Last Order card is shuffled into the {'first' if first_half else 'second'} half")
        self.deck = deck
        if self.log is not None:
            self.note(None, f"the discard pile is reshuffled into a new deck ({len(deck)} cards)")

    def _last_order(self, p: int, end_of_turn: bool) -> None:
        """The last round of orders: "you have a last chance to order, and then all the
        others". Drawn at the start of p's turn, that turn is p's last chance; drawn at the
        clean-up, p's turn is over, so p gets one more turn after the others' (the round
        keeps the seat order)."""
        self.lo_state = LO_DRAWN
        self.lo_holder = p
        self.lo_lo = self.lo_hi = 0
        self.last_round = True
        self.owed = tuple(q for q in range(self.num_seats) if (q != p or end_of_turn) and not self.out[q])
        if self.log is not None:
            chance = "after the others' turns" if end_of_turn else "this turn"
            self.note(None, f"seat {p} draws Poslední objednávka: the last round of orders begins "
                            f"(seat {p}'s last chance to order: {chance})")

    def _next_turn(self) -> None:
        n = self.num_seats
        out = self.out
        while True:
            a = self.active
            alive = 0  # the seats still in, and the last of them
            last_in = -1
            for q in range(n):
                if not out[q]:
                    alive += 1
                    last_in = q
            over = not alive
            if not over and self.last_round:
                # the last round: a seat owed a final turn takes it; the first seat not owed ends it
                p = (a + 1) % n
                while out[p]:
                    p = (p + 1) % n
                if p in self.owed:
                    self.owed = tuple(x for x in self.owed if x != p)
                else:
                    over = True
            if not over and alive == 1:
                if self.lone < 0:
                    self.lone = last_in
                    self.lone_started = False
                elif self.lone_started:
                    over = True
            if self.table:  # _end_play cleared it already: no second new list a turn
                self.table = []
            self.played = False
            self.ordered_alcohol = False
            self.copy_turn = False
            if over:
                self.phase = OVER
                self.dec = TERMINAL
                if self.log is not None:
                    self.note(None, "the game is over")
                return
            p = (a + 1) % n
            while out[p]:
                p = (p + 1) % n
            self.active = p
            self.turn += 1
            if self.paused[p]:
                self.paused[p] = False
                if self.insults[p]:
                    self.discard.extend([URAZKA] * self.insults[p])
                    self.insults[p] = 0
                copying = self.copying
                for x in range(n):
                    if copying[x] == p:
                        copying[x] = -1
                        self.discard.append(DAM_SI)
                if self.log is not None:
                    self.note(None, f"seat {p} is on a pause and turns the coaster back")
                continue
            if self.lone == p:
                self.lone_started = True
            self._draw(p)
            self.phase = PLAY
            self.dec = p
            return

    # --- knowledge of other hands -------------------------------------
    # known[holder] is () (nobody knows anything) or a tuple over observers
    # (seats, then the spectator = public) of sorted tuples of cards the
    # observer knows to be in holder's hand. Immutable: copies share it.
    def _from_hand(self, q: int, c: int) -> None:
        """A card leaves q's hand face up."""
        card: object = c  # boxed once for the scans below (compiled, ``c in t`` boxed c at each)
        # ``hand.remove(c)`` as a scan and a pop: compiled, ``remove`` compares each card before c
        # through ``PyObject_RichCompare`` (about 440 instructions a call), the scan compares
        # machine ints; interpreted, the two cost about the same (a hand holds a dozen cards)
        hand = self.hands[q]
        i = 0
        while hand[i] != c:
            i += 1
        hand.pop(i)
        row = self.known[q]
        if row:
            new: list[tuple[int, ...]] | None = None  # made at the first observer who knew the card
            for i in range(len(row)):
                t = row[i]
                if t and card in t:  # most observers know none of q's cards (compiled, no call for those)
                    if new is None:
                        new = list(row)
                    lst = list(t)
                    lst.remove(c)
                    new[i] = tuple(lst)
            if new is not None:
                self._set_row(q, new)

    def _set_row(self, q: int, row: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> None:
        known = list(self.known)
        known[q] = tuple(row) if _any_cards(row) else ()
        self.known = tuple(known)

    def _learn_public(self, q: int, c: int) -> None:
        """Everybody saw card c go into q's hand."""
        row: list[tuple[int, ...]] = list(self.known[q]) if self.known[q] else [()] * (self.num_seats + 1)
        for i in range(len(row)):
            if i != q:
                row[i] = _with_card(row[i], c)
        self._set_row(q, row)

    def _learn_private(self, taker: int, victim: int, c: int) -> None:
        """taker took card c at random from victim: only the two of them know which."""
        known = list(self.known)  # both rows replaced in one new tuple (_set_row's, twice)
        _learn_taken(known, taker, victim, c, self.num_seats + 1)
        self.known = tuple(known)

    def pass_record(self, q: int, prev: Pass | None = None) -> Pass:
        """What everybody sees when q passes on this reaction window: what stood to be drunk
        (the table, the active player's public position) and the active player's lead over q;
        after q's passes ``prev``."""
        a = self.active
        return Pass(a, tuple(self.table), self.stage[a], self.cell[a], self.tokens[a], self.abst[a],
                    self.insults[a], self.points[a] - self.points[q], self.ordered_alcohol, self.last_round,
                    len(self.hands[a]), prev)

    def _note_pass(self, q: int) -> None:
        """Everybody saw q pass on this reaction window (kept: the latest MAX_PASSES)."""
        kept = self.passes[q]
        if kept is not None and kept.count >= MAX_PASSES:
            kept = without_oldest(kept)
        self.passes[q] = self.pass_record(q, kept)

    def _forget_passes(self, q: int) -> None:
        """q took cards the others did not see: its passes no longer speak for its whole hand."""
        if self.passes[q] is not None:
            self.passes[q] = None

    def known_cards(self, observer: int, holder: int) -> tuple:
        row = self.known[holder]
        return row[observer] if row else ()

    # --- texts ---------------------------------------------------------
    def _entry_text(self, slot: int) -> str:
        c, k, origin, poured = self.table[slot]
        text = CARD_NAME[c]
        if k >= 0:
            text += f" as {D.SHOT_NAME[k]}"
        if origin == SLIPPED:
            text += ", slipped in"
        elif origin == SUPPLIED:
            text += f", supplied by seat {poured}"
        elif poured >= 0:
            text += f", poured by seat {poured}"
        return f"{text} (slot {slot})"

    def _pay_text(self, c: int) -> str:
        if c < 0:
            return "lose 5 points"
        if c == PIVO:
            return "discard Pivo and lose 2 points"
        if c == MALE_PIVO:
            return "discard Malé pivo and lose 3 points"
        return f"discard {CARD_NAME[c]}"

    def move_text(self, move: tuple) -> str:
        kind = move[0]
        if kind == "play":
            c = CARD_BY_ID[move[1]]
            name = CARD_NAME[c]
            if move[2] >= 0:
                return f"play {name} on seat {move[2]}"
            if move[3]:
                return f"play {name} as {D.SHOT_NAME[D.SHOT_BY_ID[move[3]]]}"
            return f"order {name}" if IS_ORDER[c] else f"play {name}"
        if kind == "discard":
            return f"discard {CARD_NAME[CARD_BY_ID[move[1]]]} instead of playing (abstain)"
        if kind == "done":
            return "done playing cards"
        if kind == "decline":
            if self.phase == RESPOND:
                return f"accept {CARD_NAME[self.pend_card]}"
            if self.phase == BRAWL:
                return "join the brawl"
            return "pass (no reaction)"
        if kind == "react":
            c = CARD_BY_ID[move[1]]
            slot, give = move[2], move[3]
            who = f"seat {self.active}'s"
            if c == SPLETENA:
                return (f"{CARD_NAME[c]}: take {who} {self._entry_text(slot)} "
                        f"and give {CARD_NAME[CARD_BY_ID[give]]} in its place")
            if c == PANAK_DO_PIVA:
                if slot >= 0:
                    return f"{CARD_NAME[c]}: pour {who} {self._entry_text(slot)} into their beer"
                return f"{CARD_NAME[c]}: pour your {CARD_NAME[CARD_BY_ID[give]]} into seat {self.active}'s beer"
            return f"{CARD_NAME[c]}: cancel {who} {self._entry_text(slot)}"
        if kind == "dodge":
            pend = CARD_NAME[self.pend_card] if self.pend_card >= 0 else "the card"
            if move[1] >= 0:
                return f"Musím si odskočit: pass {pend} on to seat {move[1]}"
            if self.phase == RESPOND:
                return f"Musím si odskočit: cancel {pend} (no neighbour can take it)"
            return f"Musím si odskočit: avoid {pend}"
        if kind == "pay":
            return self._pay_text(CARD_BY_ID[move[1]] if move[1] else -1)
        raise ValueError(move)

    # --- outcome -------------------------------------------------------
    def breakdown(self) -> list[dict]:
        out = []
        for q in range(self.num_seats):
            kinds = POPCOUNT[self.tokens[q]]
            bonus = D.KIND_BONUS[kinds]
            out.append({
                "points": self.points[q],
                "shot_kinds": kinds,
                "kinds_bonus": bonus,
                "total": self.points[q] + bonus,
                "out": OUT_NAME[self.out[q]],
                "stage": self.stage[q] + 1,
                "titles": [i + 1 for i in range(len(D.TITLE_POINTS)) if self.titles[q] >> i & 1],
            })
        return out

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        breakdown = self.breakdown()
        totals = tuple(b["total"] for b in breakdown)
        ranks, winners = rank_by([(t,) for t in totals])
        return Result(totals, winners, ranks, tuple(breakdown))

    # --- setup -----------------------------------------------------------
    @staticmethod
    def blank(game: Game, cfg: dict, seed: int) -> CzechPubState:
        """A state before the deal: empty hands and piles, everybody at the start."""
        n = cfg["players"]
        s = CzechPubState.__new__(CzechPubState)
        s._init_base(game, cfg, seed)
        s.points = [0] * n
        s.stage = [0] * n
        s.cell = [0] * n
        s.hands = [[] for _ in range(n)]
        s.tokens = [0] * n
        s.abst = [0] * n
        s.paused = [False] * n
        s.out = [IN] * n
        s.insults = [0] * n
        s.copying = [-1] * n
        s.titles = [0] * n
        s.real = [0] * n
        s.deck = []
        s.discard = []
        s.lo_state = LO_ASIDE
        s.lo_lo = s.lo_hi = 0
        s.lo_holder = -1
        s.reshuffles = 0
        s.active = 0
        s.turn = 1
        s.phase = PLAY
        s.dec = 0
        s.table = []
        s.played = False
        s.ordered_alcohol = False
        s.copy_turn = False
        s.last_round = False
        s.owed = ()
        s.lone = -1
        s.lone_started = False
        s.title_pool = list(D.TITLE_TOKENS)
        s.pend_card = -1
        s.pend_target = -1
        s.dodgers = ()
        s.queue = ()
        s.qpos = 0
        s.reacted = False
        s.known = ((),) * n
        s.passes = [None] * n
        s._moves = None
        s._unlikely = None
        return s

    @staticmethod
    def deal(game: Game, cfg: dict, rng: random.Random) -> CzechPubState:
        """A new game: the deck shuffled by ``rng``, ``HAND_SIZE[0]`` cards each, a chance seed from ``rng``."""
        s = CzechPubState.blank(game, cfg, 0)
        deck = D.full_deck()
        chance.shuffle(rng, deck)  # rng.shuffle's draws (compiled, without DealRandom's Python frame)
        n = cfg["players"]
        # HAND_SIZE[0] rounds, each seat in turn taking the top card (the end of the list): seat q
        # gets every n-th card down from the top's q-th, as one slice (108 cards, at most 42 dealt:
        # ``rest`` is never 0)
        rest = len(deck) - n * HAND_SIZE[0]
        hands = s.hands
        for q in range(n):
            hand = deck[len(deck) - 1 - q:rest - 1:-n]
            hand.sort()
            hands[q] = hand
        del deck[rest:]
        s.deck = deck
        s.seed = rng.getrandbits(63)
        return s


def _insort(hand: list[int], card: int) -> None:
    """``bisect.insort(hand, card)`` for a sorted hand (after any equal card): a scan from the
    end, compiled, where ``insort`` is a call of a C function through its module's dict (a hand
    holds a dozen cards at most)."""
    i = len(hand)
    while i and hand[i - 1] > card:
        i -= 1
    hand.insert(i, card)


def _learn_taken(known: list[tuple[tuple[int, ...], ...]], taker: int, victim: int, c: int, size: int) -> None:
    """``CzechPubState._learn_private`` on a list of the rows of ``known`` (``size``: the seats and the
    spectator): taker took card c at random from victim, and only the two of them know which."""
    old = known[victim]
    if old:
        mine = old[taker]
        if c in mine:
            lst = list(mine)
            lst.remove(c)
            mine = tuple(lst)
        if mine:  # only the taker still knows cards of the victim's: those it knew and kept
            new: list[tuple[int, ...]] = [()] * size
            new[taker] = mine
            known[victim] = tuple(new)
        else:
            known[victim] = ()
    row: list[tuple[int, ...]] = list(known[taker]) if known[taker] else [()] * size
    row[victim] = _with_card(row[victim], c)
    known[taker] = tuple(row)  # never empty: it holds c


def _with_card(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``tuple(sorted(cards + (card,)))``: compiled, the one-card tuple, the joined tuple and
    ``sorted``'s generic path were three objects more than a list of the cards sorted in place."""
    out = list(cards)
    out.append(card)
    out.sort()
    return tuple(out)


def _holds_musim(hand: list[int]) -> bool:
    """``MUSIM in hand`` for a sorted hand: Musím si odskočit is the highest card a hand can hold
    (Poslední objednávka, the one above it, never joins a hand), so it lies at the end. Compiled,
    ``in`` compared each card before it through ``PyObject_RichCompare`` (about 770 instructions)."""
    return bool(hand) and hand[len(hand) - 1] == MUSIM


assert MUSIM == D.NUM_CARDS - 2 and POSLEDNI == D.NUM_CARDS - 1, "_holds_musim reads the hand's last card"


def _any_cards(row: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> bool:
    """``any(row)``: whether some observer knows a card (a loop: compiled, ``any`` of a list is a
    call of the builtin)."""
    for cards in row:
        if cards:
            return True
    return False


def _distinct(hand: list[int], wanted: tuple[bool, ...], but: int) -> list[int]:
    """The distinct wanted cards of a sorted hand other than ``but``, in order."""
    out: list[int] = []
    prev = -1
    for g in hand:
        if g != prev and g != but and wanted[g]:
            out.append(g)
        prev = g
    return out


def _distinct_slots(table: list[Entry], wanted: tuple[bool, ...]) -> list[int]:
    """Slots of the wanted cards, one per distinct entry (equal entries act alike). Typed: compiled,
    ``wanted[e[0]]`` on an untyped tuple and entry was two generic ``PyObject_GetItem``."""
    slots: list[int] = []
    for slot in range(len(table)):
        e = table[slot]
        if wanted[e[0]] and not _seen_before(table, slots, e):
            slots.append(slot)
    return slots


def _seen_before(table: list[Entry], slots: list[int], e: Entry) -> bool:
    """Whether an entry equal to ``e`` lies at one of ``slots`` (a table holds a dozen cards at
    most: a scan beats hashing the entries into a set)."""
    for s in slots:
        if table[s] == e:
            return True
    return False
