"""The Fröccs state: its fields, each declared once with its type (and in ``FIELDS`` with how it
is stored), its forward model (decisions, legal moves and their generation, apply, move texts,
scoring, and dealing a new game) and the hooks to what a seat may see (views.py).

This module is the rules' one source. It is plain Python with type annotations, and the compiled
build (mypyc, docs/performance.md) compiles it as it is: ``FroccsState`` is then a native class
whose fields are C struct slots.

Decisions (one seat at a time):

* HERO: in the "choose" hero mode each seat keeps one of two dealt heroes.
* ACTION: the active player picks an action type (sell, draw, buy, play),
  a hero ability, or ends the turn; the action's details are further steps.
* SELL / BUY / PLAY / DRAW_DISCARD / RECYCLE: the steps of an action.
* A mischief card opens a small sub-game: REACT (the target may play
  "This is for you!" or fend off with Böske), SIDE (third parties may make a
  money offer that only the bargainers see), PROPOSE / RESPOND (alternating
  offers built one component at a time, then accepted or refused), and
  LAST_CHANCE (the target's defence after a failed bargain).
* PLEDGE: the One More Round variant's pledges.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from mypy_extensions import i64

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL, Game, Result, State, rank_by
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLES, StateFields, custom, shared

from . import data as D
from . import glasses as G
from . import views
from .data import hero_pool
from .phases import (  # noqa: F401  (PHASE_NAME, PHASE_BY_NAME, BARGAIN_PHASES: the game's)
    ACTION, BARGAIN_PHASES, BUY, DRAW_DISCARD, HERO, LAST_CHANCE, OVER, PHASE_BY_NAME, PHASE_NAME, PLAY, PLEDGE,
    PROPOSE, REACT, RECYCLE, RESPOND, SELL, SIDE,
)

# ADD_WRITTEN_OUT: on the hot paths a count in a list is raised as ``xs[i] = xs[i] + 1``: mypyc 2.4
# compiles ``xs[i] += 1`` on a ``list[int]`` as a generic add of the boxed item (``PyNumber_InPlaceAdd``,
# about 100 instructions), the written-out form as a machine add; the interpreter runs both alike.
Move = tuple
Glass = int  # glasses.py: a glass's code, an index into its tables (its contents: CONTENTS[code])

NAMES: Final = D.CARD_NAMES
CID: Final = D.CARD_ID
CONTENTS: Final = G.CONTENTS
POUR: Final = G.POUR
FINISHED: Final = G.FINISHED
REMOVE: Final = G.REMOVE
NO_GLASS: Final = G.NO_GLASS
NUM: Final = D.NUM_CARDS
ADJUSTS: Final[tuple[str, ...]] = ("none", "wine_to_soda", "soda_to_wine", "top_up")
SALE_ADJUST_TEXT: Final[dict[str, str]] = {
    "none": "", "wine_to_soda": ", one wine counted as soda",
    "soda_to_wine": ", one soda counted as wine", "top_up": ", topped up with soda"}

END_TURN: Final = ("end_turn",)
END_PLAY: Final = ("end_play",)
END_SALE: Final = ("end_sale",)
PROPOSE_MOVE: Final = ("propose",)
ACCEPT: Final = ("accept",)
REFUSE: Final = ("refuse",)
NO_OFFER: Final = ("no_offer",)
CARRY_OUT: Final = ("carry_out",)
NO_DEFENCE: Final = ("no_defence",)
TIFY_MOVE: Final = ("this_is_for_you",)
FEND_OFF: Final = ("fend_off",)
NO_SIDE: Final = ("no_side_offer",)
PASS_ROUND: Final = ("pass_round",)

# GLASS_TEXT[i][glass]: how a move's text names the i-th glass of a seat holding ``glass`` (made once:
# every other seat's search tree asks for a move's text at every step)
GLASS_TEXT: Final[tuple[list[str], ...]] = tuple(
    [f"glass {i + 1} ({G.describe(g)})" for g in CONTENTS] for i in range(D.MAX_GLASSES))
# OWN_POUR_TEXT[drink][i][glass]: the text of a pour into one's own i-th glass holding ``glass``
OWN_POUR_TEXT: Final[tuple[tuple[list[str], ...], ...]] = tuple(
    tuple([f"pour {D.CARD_TITLES[c]} into {text}" for text in GLASS_TEXT[i]] for i in range(D.MAX_GLASSES))
    for c in D.DRINKS)

# --- move tuples, built once (seats and glasses beyond these are built when asked) ---------------
MAX_SEATS: Final = 6
# the owners of the glasses a seat may pour into: EVERY_SEAT[seats] with Everyone's My Guest, else
# ONLY_SEAT[seat]
EVERY_SEAT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(range(n)) for n in range(MAX_SEATS + 1))
ONLY_SEAT: Final[tuple[tuple[int, ...], ...]] = tuple((q,) for q in range(MAX_SEATS))
POUR_MOVE: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(  # [drink][owner][glass]
    tuple(tuple(("pour", NAMES[c], owner, i) for i in range(D.MAX_GLASSES)) for owner in range(MAX_SEATS))
    for c in D.DRINKS)
# [card - ZK][effect - ZK][target][glass + 1][wine + 1]: a mischief card played as ``effect``
MISCHIEF_MOVE: Final[tuple[tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...], ...]] = tuple(
    tuple(tuple(tuple(tuple(("mischief", NAMES[c], NAMES[e], t, i, NAMES[w] if w >= 0 else "") for w in range(-1, 3))
                      for i in range(-1, D.MAX_GLASSES)) for t in range(MAX_SEATS)) for e in D.MISCHIEF)
    for c in D.MISCHIEF)
SELL_MOVE: Final[tuple[tuple[Move, ...], ...]] = tuple(  # [glass][adjustment: ADJUSTS' index]
    tuple(("sell", i, adjust) for adjust in ADJUSTS) for i in range(D.MAX_GLASSES))
SPLASH_MOVE: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(  # [from glass][drink][to glass]
    tuple(tuple(("splash", i, NAMES[c], j) for j in range(D.MAX_GLASSES)) for c in D.DRINKS)
    for i in range(D.MAX_GLASSES))

# [card]: a drawn card discarded, a wine taken back (Recycle Béla), a card discarded to sell
# (Icuka), a wine discarded for a third action (Buzgómócsing)
DISCARD_DRAWN_MOVE: Final[tuple[Move, ...]] = tuple(("discard_drawn", name) for name in NAMES)
RECYCLE_MOVE: Final[tuple[Move, ...]] = tuple(("recycle", name) for name in NAMES)
ICUKA_MOVE: Final[tuple[Move, ...]] = tuple(("icuka_sell", name) for name in NAMES)
EXTRA_ACTION_MOVE: Final[tuple[Move, ...]] = tuple(("extra_action", name) for name in NAMES)
# [payer][amount // 10 - 1]: a money component of an offer
OFFER_MONEY_MOVE: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(("offer_money", payer, amount) for amount in range(10, D.OFFER_MONEY_CAP + 1, 10)) for payer in range(MAX_SEATS))
# [from seat][from glass + 1][to seat][to glass + 1][card]: a card component of an offer (glass -1:
# the hand)
OFFER_CARD_MOVE: Final[tuple[tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...], ...]] = tuple(
    tuple(tuple(tuple(tuple(("offer_card", NAMES[c], fs, fg, ts, tg) for c in range(NUM))
                      for tg in range(-1, D.MAX_GLASSES)) for ts in range(MAX_SEATS))
          for fg in range(-1, D.MAX_GLASSES)) for fs in range(MAX_SEATS))


def pour_move(c: int, owner: int, i: int) -> Move:
    if owner < MAX_SEATS and i < D.MAX_GLASSES:
        return POUR_MOVE[c][owner][i]
    return ("pour", NAMES[c], owner, i)


def mischief_move(c: int, e: int, t: int, i: int, w: int) -> Move:
    if t < MAX_SEATS and i < D.MAX_GLASSES:
        return MISCHIEF_MOVE[c - D.ZK][e - D.ZK][t][i + 1][w + 1]
    return ("mischief", NAMES[c], NAMES[e], t, i, NAMES[w] if w >= 0 else "")


def sell_move(i: int, adjust: int) -> Move:
    return SELL_MOVE[i][adjust] if i < D.MAX_GLASSES else ("sell", i, ADJUSTS[adjust])


def splash_move(i: int, c: int, j: int) -> Move:
    if i < D.MAX_GLASSES and j < D.MAX_GLASSES:
        return SPLASH_MOVE[i][c][j]
    return ("splash", i, NAMES[c], j)


# An offer's components in canonical order: an offer is built in non-decreasing key order, so each
# set of components has exactly one building sequence. A card component's key is
# (to_seat, to_glass, from_seat, from_glass, card) in that order of significance, packed in one int
# (a glass as its index + 1, so "the hand", -1, comes first; 4 bits each); money sorts before any card.
MONEY_KEY: Final = -1


def card_key(c: i64, fs: i64, fg: i64, ts: i64, tg: i64) -> i64:
    # (machine ints: compiled, the shifts are single instructions, not checked tagged-int calls)
    return (((ts << 4 | (tg + 1)) << 4 | fs) << 4 | (fg + 1)) << 4 | c


def _key(comp: tuple) -> int:
    if comp[0] == "offer_money":
        return MONEY_KEY
    _, card, from_seat, from_glass, to_seat, to_glass = comp
    return card_key(CID[card], from_seat, from_glass, to_seat, to_glass)


_NO_CARDS: Final[list[int]] = [0] * NUM  # (read only: no card taken from a hand)
_ANY_CARD: Final[list[int]] = [1] * NUM  # (read only: a hidden hand that may hold any card)
# by number of seats, read only: nothing offered yet (no list made per call)
_NO_COUNTS: Final[tuple[list[int], ...]] = tuple([0] * n for n in range(MAX_SEATS + 1))
_NO_HAND_CARDS: Final[tuple[list[list[int]], ...]] = tuple([_NO_CARDS] * n for n in range(MAX_SEATS + 1))


def offer_cards(fs: int, fg: int, ts: int, tg: int) -> tuple[Move, ...]:
    """The card components from ``fs``'s glass ``fg`` (-1: hand) to ``ts``'s glass ``tg``, by card."""
    if fs < MAX_SEATS and ts < MAX_SEATS and fg < D.MAX_GLASSES and tg < D.MAX_GLASSES:
        return OFFER_CARD_MOVE[fs][fg + 1][ts][tg + 1]
    return tuple(("offer_card", NAMES[c], fs, fg, ts, tg) for c in range(NUM))


# How each field is copied and stored (boardbot.engine.fields; the dict format of the games stored
# before the state was typed); the class below declares their types.
FIELDS = StateFields(
    {"_glass_list": G.contents_list, "_glass_code": G.code_of},
    # per seat: hand and publicly known hand cards (counts by card), glasses (codes, stored as their
    # contents: glasses.py), money,
    # hero, the two heroes dealt to choose from (replaced, never mutated), hero chosen,
    # discarded glass cards by size
    hands=LISTS, known=LISTS,
    glasses=custom("[x[:] for x in {v}]", "[[_glass_list(g) for g in x] for x in {v}]",
                   "[[_glass_code(t) for t in x] for x in {v}]"),
    money=LIST, heroes=LIST,
    dealt=shared(dump="[list(d) for d in {v}]", load="[list(d) for d in {v}]"),
    chosen=LIST, glass_discard=LISTS,
    # the spritzer deck and discard pile (counts by card), the glass deck, the tavern counter
    deck=LIST, discard=LIST, glass_deck=LIST, counter=LIST,
    # the turn: actions and their types used, abilities used, the sale and play under way
    player=SCALAR, phase=SCALAR, turn=SCALAR, actions_used=SCALAR, action_limit=SCALAR,
    types_used=SCALAR, splash_left=SCALAR, buzgo_used=SCALAR, recycle_used=SCALAR, icuka_used=SCALAR,
    sale=LIST, play_left=SCALAR, play_count=SCALAR, drawn=LIST, recycling=SCALAR,
    # a mischief card and its bargain: (card, effect, target, glass, wine) or None, a tuple
    # replaced, never mutated
    mis=shared(dump="[] if {v} is None else list({v})", load="tuple({v}) if {v} else None"),
    proposer=SCALAR, turns_left=SCALAR, first_turn=SCALAR, offer=TUPLES, side=TUPLES, side_seat=SCALAR,
    # the end: last card drawn, final turns, One More Round's pledges; the hero choice
    triggered=SCALAR, final_turns=SCALAR, round_used=SCALAR, pledges=LIST, passed=LIST,
    pledge_seat=SCALAR, pledge_start=SCALAR, hero_seat=SCALAR,
)
_to_dict = FIELDS.to_dict_function("froccs")


class FroccsState(State):
    """A Fröccs position: its fields, each declared with its type, and its forward model."""

    FIELDS: ClassVar[StateFields] = FIELDS
    __slots__ = FIELDS.slots

    # per seat
    hands: list[list[int]]  # counts by card
    known: list[list[int]]  # the hand cards everyone knows of, counts by card
    glasses: list[list[Glass]]  # codes (glasses.py)
    money: list[int]
    heroes: list[int]
    dealt: list[list[int]]
    chosen: list[bool]
    glass_discard: list[list[int]]  # by size
    # cards and glasses
    deck: list[int]
    discard: list[int]  # counts by card
    glass_deck: list[int]
    counter: list[int]
    # the turn
    player: int
    phase: int
    turn: int
    actions_used: int
    action_limit: int
    types_used: int  # a bit per action type
    splash_left: int
    buzgo_used: bool
    recycle_used: bool
    icuka_used: bool
    sale: list[Any]  # [dl sold, big spritzers sold, top-up fee paid (bool), spritzers sold]
    play_left: int
    play_count: int
    drawn: list[int]
    recycling: bool
    # a mischief card and its bargain
    mis: tuple[int, ...] | None  # (card, effect, target, glass, wine)
    proposer: int
    turns_left: int
    first_turn: bool
    offer: list[Move]  # offer components (moves)
    side: list[tuple]  # side offers: (seat, recipient, if carried out, amount)
    side_seat: int
    # the end
    triggered: bool
    final_turns: int
    round_used: bool
    pledges: list[int]
    passed: list[bool]
    pledge_seat: int
    pledge_start: int
    hero_seat: int

    # --- plumbing ------------------------------------------------------
    def copy(self) -> FroccsState:
        """An independent copy (every field of ``FIELDS``; tests/test_state_fields.py checks)."""
        new = FroccsState.__new__(FroccsState)
        new._copy_base(self)
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.glasses = [gl[:] for gl in self.glasses]
        new.money = self.money[:]
        new.heroes = self.heroes[:]
        new.dealt = self.dealt
        new.chosen = self.chosen[:]
        new.glass_discard = [d[:] for d in self.glass_discard]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.glass_deck = self.glass_deck[:]
        new.counter = self.counter[:]
        new.player = self.player
        new.phase = self.phase
        new.turn = self.turn
        new.actions_used = self.actions_used
        new.action_limit = self.action_limit
        new.types_used = self.types_used
        new.splash_left = self.splash_left
        new.buzgo_used = self.buzgo_used
        new.recycle_used = self.recycle_used
        new.icuka_used = self.icuka_used
        new.sale = self.sale[:]
        new.play_left = self.play_left
        new.play_count = self.play_count
        new.drawn = self.drawn[:]
        new.recycling = self.recycling
        new.mis = self.mis
        new.proposer = self.proposer
        new.turns_left = self.turns_left
        new.first_turn = self.first_turn
        new.offer = self.offer[:]
        new.side = self.side[:]
        new.side_seat = self.side_seat
        new.triggered = self.triggered
        new.final_turns = self.final_turns
        new.round_used = self.round_used
        new.pledges = self.pledges[:]
        new.passed = self.passed[:]
        new.pledge_seat = self.pledge_seat
        new.pledge_start = self.pledge_start
        new.hero_seat = self.hero_seat
        return new

    def to_dict(self) -> dict:
        return _to_dict(self)

    # --- information (views.py) -----------------------------------------
    def view(self, seat: int | None) -> dict:
        return views.view(self, seat)

    def public_move_text(self, move: Move, observer: int | None) -> str:
        return views.public_move_text(self, move, observer)

    @classmethod
    def from_view(cls, game: Game, view: dict, rng: random.Random) -> FroccsState:
        return views.from_view(FroccsState, game, view, rng)

    def sample_for(self, seat: int, rng: random.Random) -> FroccsState:
        world = self.copy()
        world.seed = rng.getrandbits(63)
        n = self.num_seats
        pool = world.deck
        hands = world.hands
        known = world.known
        unknown_counts = []
        for q in range(n):
            if q == seat:
                unknown_counts.append(0)
                continue
            hand = hands[q]
            kn = known[q]
            k = 0
            for c in range(NUM):
                extra = hand[c] - kn[c]
                if extra:
                    for _ in range(extra):  # (compiled, no list made per card kind, as [c] * extra was)
                        pool.append(c)
                    k += extra
                    hand[c] = kn[c]
            unknown_counts.append(k)
        hidden_drawn = self.drawn and seat != self.player
        if hidden_drawn:
            pool.extend(world.drawn)
        chance.shuffle(rng, pool)
        for q in range(n):
            k = unknown_counts[q]
            if k:
                hand = hands[q]
                for _ in range(k):
                    c = pool.pop()
                    hand[c] = hand[c] + 1  # (ADD_WRITTEN_OUT)
        if hidden_drawn:
            world.drawn = [pool.pop() for _ in range(len(self.drawn))]
        chance.shuffle(rng, world.glass_deck)
        if self.phase == HERO:
            _resample_heroes(world, seat, rng)
        if self.mis is not None and self.side:
            side = []
            for entry in self.side:
                if views.side_visible(self, seat, entry):
                    side.append(entry)
                else:
                    side.append(_random_side(world, entry[0], rng))
            world.side = side
        return world
    def _mischief(self) -> tuple[int, ...]:
        """The mischief card under way: (card, effect, target, glass, wine)."""
        mis = self.mis
        assert mis is not None
        return mis

    def _target(self) -> int:
        """The target of the mischief card under way."""
        mis = self.mis
        assert mis is not None
        return mis[2]

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        ph = self.phase
        if ph <= RECYCLE:
            return self.player
        if ph <= LAST_CHANCE:
            return self._target()
        if ph == SIDE:
            return self.side_seat
        if ph == PROPOSE:
            return self.proposer
        if ph == RESPOND:
            return self._target() if self.proposer == self.player else self.player
        if ph == PLEDGE:
            return self.pledge_seat
        if ph == HERO:
            return self.hero_seat
        return TERMINAL

    def _generate(self) -> list:
        ph = self.phase
        if ph == ACTION:
            return self._action_moves()
        if ph == PLAY:
            moves = self._play_moves(self.player, False)
            if self.play_count:
                moves.insert(0, END_PLAY)
            return moves
        if ph == PROPOSE:
            return self._propose_moves()
        if ph == RESPOND:
            return self._respond_moves()
        if ph == SIDE:
            return self._side_moves()
        if ph == REACT or ph == LAST_CHANCE:
            return self._defence_moves()
        if ph == SELL:
            return self._sell_moves(self.player)
        if ph == BUY:
            return self._buy_moves(self.player)
        if ph == DRAW_DISCARD:
            return [DISCARD_DRAWN_MOVE[c] for c in sorted(set(self.drawn))]
        if ph == RECYCLE:
            return [RECYCLE_MOVE[w] for w in D.WINES if self.discard[w]]
        if ph == PLEDGE:
            q = self.pledge_seat
            room = D.ROUND_TARGET - sum(self.pledges)
            out: list[Move] = [("chip_in", a) for a in D.ROUND_AMOUNTS if a <= room and a <= self.money[q]]
            out.append(PASS_ROUND)
            return out
        if ph == HERO:
            return [("choose_hero", D.HEROES[h][0]) for h in self.dealt[self.hero_seat]]
        return []

    # --- move generation -------------------------------------------------
    def _action_moves(self) -> list:
        p = self.player
        hero = self.heroes[p]
        used = self.actions_used
        hand = self.hands[p]
        out: list[Move] = []
        if used < self.action_limit:
            distinct = self.action_limit == 3
            tu = self.types_used if distinct else 0
            if used == 0 and self._can_sell(p) and not tu & D.SELL:
                out.append(("sell_spritzers",))
            if (self.deck or any(self.discard)) and not tu & D.DRAW:
                out.append(("draw", False))
                if hero == D.BELA and not self.recycle_used and (
                        self.num_seats == 2 or self.discard[0] or self.discard[1] or self.discard[2]):
                    out.append(("draw", True))
            if (len(self.glasses[p]) < D.MAX_GLASSES and self.counter and self.money[p] >= D.GLASS_PRICE_ONE
                    and not tu & D.BUY):
                out.append(("buy_glasses",))
            if self.glasses[p] and not tu & D.PLAY and self._play_moves(p, True):
                out.append(("play_cards",))
            if hero == D.ICUKA and used == 1 and not self.icuka_used and self._can_sell(p):
                out.extend(ICUKA_MOVE[c] for c in range(NUM) if hand[c])
        no_action = not out
        if hero == D.LOTTY and self.splash_left:
            out.extend(self._splash_moves(p))
        if self._extra_action_open(p):
            out.extend(EXTRA_ACTION_MOVE[w] for w in D.WINES if hand[w])
        if used or no_action:
            out.append(END_TURN)
        return out

    def _extra_action_open(self, p: int) -> bool:
        """Whether Buzgómócsing may still be used this turn, judged on what everyone
        sees (a hand that could hold a wine), not on the hand itself."""
        return (self.heroes[p] == D.BUZGO and not self.buzgo_used and self.actions_used <= 2
                and self.action_limit == 2 and bin(self.types_used).count("1") == self.actions_used
                and any(self.hands[p]))

    def _can_sell(self, p: int) -> bool:
        karesz = self.heroes[p] == D.KARESZ
        for g in self.glasses[p]:
            if FINISHED[g] or (karesz and G.CAN_TOP_UP[g]):
                return True
        return False

    def _sell_moves(self, p: int) -> list:
        hero = self.heroes[p]
        out: list[Move] = []
        if self.sale[3]:
            out.append(END_SALE)
        for i, g in enumerate(self.glasses[p]):
            if FINISHED[g]:
                out.append(sell_move(i, 0))
                if hero == D.SARKI:
                    contents = CONTENTS[g]
                    if contents[1] + contents[2] + contents[3] >= 2:
                        out.append(sell_move(i, 1))
                    if contents[4] >= 2:
                        out.append(sell_move(i, 2))
            elif hero == D.KARESZ and G.CAN_TOP_UP[g]:
                out.append(sell_move(i, 3))
        return out

    def _buy_moves(self, p: int) -> list:
        sizes = sorted(set(self.counter))
        out: list[Move] = [("buy", s) for s in sizes]
        price_two = D.POHARNOK_PRICE_TWO if self.heroes[p] == D.POHARNOK else D.GLASS_PRICE_TWO
        if len(self.glasses[p]) <= D.MAX_GLASSES - 2 and self.money[p] >= price_two:
            counter = self.counter
            for i, a in enumerate(sizes):
                for b in sizes[i:]:
                    if a != b or counter.count(a) >= 2:
                        out.append(("buy_two", a, b))
        return out

    def _play_moves(self, p: int, first_only: bool, pours: bool = True) -> list:
        """Pours and mischief cards ``p`` may play now (the first one only if asked;
        without the pours if asked)."""
        out: list[Move] = []
        hand = self.hands[p]
        heroes = self.heroes
        glasses = self.glasses
        # the owners from a table of int tuples (compiled, a range object or a tuple built in a
        # variable is iterated by generic calls; interpreted, a range made per call costs more)
        owners = EVERY_SEAT[self.num_seats] if self.config["everyones_my_guest"] else ONLY_SEAT[p]
        for c in D.DRINKS if pours else ():
            if not hand[c]:
                continue
            for owner in owners:
                can_pour = G.CAN_POUR[heroes[owner] == D.KIW][c]
                for i, g in enumerate(glasses[owner]):
                    if can_pour[g]:
                        out.append(pour_move(c, owner, i))
                        if first_only:
                            return out
        n = self.num_seats
        for c in D.MISCHIEF:
            if not hand[c]:
                continue
            effects = (c,) if heroes[p] != D.HOLLOSI else (c,) + tuple(e for e in D.HOLLOSI_EFFECTS if e != c)
            for e in effects:
                for t in range(n):
                    if t == p:
                        continue
                    if e == D.ZK:
                        for i, g in enumerate(glasses[t]):
                            contents = CONTENTS[g]
                            for w in D.WINES:
                                if contents[1 + w]:
                                    out.append(mischief_move(c, e, t, i, w))
                    elif e == D.KL:
                        for i, g in enumerate(glasses[t]):
                            if CONTENTS[g][4]:
                                out.append(mischief_move(c, e, t, i, -1))
                    elif e == D.BV:
                        if self.money[t] >= D.BORRAVALO_MIN_MONEY or glasses[t]:
                            out.append(mischief_move(c, e, t, -1, -1))
                    else:  # PT
                        if self.money[t] >= D.POHARTORES_MIN_MONEY:
                            for i, g in enumerate(glasses[t]):
                                if G.TOTAL[g] == 0:
                                    out.append(mischief_move(c, e, t, i, -1))
                    if first_only and out:
                        return out
        return out

    def _splash_moves(self, p: int) -> list:
        out: list[Move] = []
        gl = self.glasses[p]
        table = POUR[self.heroes[p] == D.KIW]
        for i, g in enumerate(gl):
            contents = CONTENTS[g]
            for c in D.DRINKS:
                if not contents[1 + c]:
                    continue
                for j, h in enumerate(gl):
                    if j != i and table[h][c] != NO_GLASS:
                        out.append(splash_move(i, c, j))
        return out

    def _defence_moves(self) -> list:
        t = self._target()
        out: list[Move] = []
        if self.hands[t][D.TIFY]:
            out.append(TIFY_MOVE)
        if self.heroes[t] == D.BOSKE and any(self.hands[t]):
            out.append(FEND_OFF)
        out.append(NO_DEFENCE)
        return out

    def _side_moves(self) -> list:
        q = self.side_seat
        a = self.player
        t = self._target()
        out: list[Move] = [NO_SIDE]
        for r in (a, t):
            for carried in (True, False):
                for amount in D.SIDE_OFFER_AMOUNTS:
                    if amount <= self.money[q]:
                        out.append(("side_offer", r, carried, amount))
        return out

    def _asked_to_defend(self, t: int) -> bool:
        """Whether the target gets a react or last-chance step. Judged on what everyone
        sees (a hand to defend from), never on the hand itself: asking only a target that
        holds "This is for you!" would tell the table that it does. A target without the
        card can then only decline (or fend off, as Böske)."""
        return any(self.hands[t])

    # --- bargaining: offers -------------------------------------------------
    def _offer_sim(self, offer: list[Move]) -> tuple[tuple[int, int] | None, list[int], list[int], list[list[int]],
                                                list[int], list[list[Glass]]]:
        """Replay an offer: (money component, cards into each hand, cards into
        each player's glasses, cards taken from each hand by type, cards taken
        from each hand in total, glass contents after the offer: the state's own lists, to be read
        only, when no card goes into or out of a glass), each by seat (only the two bargainers'
        entries count)."""
        a = self.player
        t = self._target()
        n = self.num_seats
        money: tuple[int, int] | None = None
        hand_in = [0] * n
        glass_in = [0] * n
        from_hand = [_NO_CARDS] * n  # (only the bargainers' are counted: their own lists)
        from_hand[a] = [0] * NUM
        from_hand[t] = [0] * NUM
        out_of_hand = [0] * n
        cur = self.glasses  # copied (the bargainers' glasses) at the first card into or out of a glass
        copied = False
        heroes = self.heroes
        for comp in offer:  # (typed: a component's items read from a tuple, not by generic indexing)
            kind: str = comp[0]
            if kind == "offer_money":
                money = (comp[1], comp[2])
                continue
            card: str = comp[1]
            c = CID[card]
            fs: int = comp[2]
            fg: int = comp[3]
            ts: int = comp[4]
            tg: int = comp[5]
            if (fg >= 0 or tg >= 0) and not copied:
                cur = cur[:]
                cur[a] = cur[a][:]
                cur[t] = cur[t][:]
                copied = True
            if fg < 0:  # (ADD_WRITTEN_OUT)
                taken = from_hand[fs]
                taken[c] = taken[c] + 1
                out_of_hand[fs] = out_of_hand[fs] + 1
            else:
                cur[fs][fg] = REMOVE[cur[fs][fg]][c]
            if tg < 0:
                hand_in[ts] = hand_in[ts] + 1
            else:
                glass_in[ts] = glass_in[ts] + 1
                cur[ts][tg] = POUR[heroes[ts] == D.KIW][cur[ts][tg]][c]
        return money, hand_in, glass_in, from_hand, out_of_hand, cur

    def _propose_moves(self) -> list:
        p = self.proposer
        a = self.player
        t = self._target()
        q = t if p == a else a
        offer = self.offer
        out: list[Move] = []
        if not offer:
            if p == t:
                out.append(NO_OFFER)
                if self.heroes[t] == D.BOSKE and any(self.hands[t]):
                    out.append(FEND_OFF)
            else:
                out.append(CARRY_OUT)
        else:
            out.append(PROPOSE_MOVE)
        out.extend(self._component_moves(p, q, a, t))
        return out

    def _component_moves(self, p: int, q: int, a: int, t: int) -> list:
        offer = self.offer
        if offer:
            money, hand_in, glass_in, from_hand, out_of_hand, cur = self._offer_sim(offer)
        else:  # nothing offered yet (the common case): skip the replay
            n = self.num_seats
            if n <= MAX_SEATS:
                hand_in = glass_in = out_of_hand = _NO_COUNTS[n]
                from_hand = _NO_HAND_CARDS[n]
            else:
                hand_in = glass_in = out_of_hand = [0] * n
                from_hand = [_NO_CARDS] * n
            cur = self.glasses
        # every card component sorts after money: the order check only matters after a card
        last = _key(offer[-1]) if offer and offer[-1][0] == "offer_card" else MONEY_KEY
        out: list[Move] = []
        if not offer:
            cap = D.OFFER_MONEY_CAP
            for payer in (a, t):
                top = min(self.money[payer], cap)
                if payer < MAX_SEATS:
                    amounts = OFFER_MONEY_MOVE[payer]
                    for k in range(top // 10):
                        out.append(amounts[k])
                else:
                    out.extend(("offer_money", payer, amt) for amt in range(10, top + 1, 10))
        guest: bool = self.config["everyones_my_guest"]
        hands = self.hands
        receivers: tuple[int, ...] = (a, t) if a < t else (t, a)  # (typed: iterated by index, compiled)
        for r in receivers:  # the receiver
            s = t if r == a else a  # the giver
            if s == p:
                hand = hands[p]
                taken = from_hand[p]
                avail = [hand[c] - taken[c] for c in range(NUM)]
            else:  # the proposer cannot see the other's hand: any card while it has cards left
                held = hands[s]  # its size written out (policy.py: HAND_SIZE_WRITTEN_OUT)
                left = (held[0] + held[1] + held[2] + held[3] + held[4] + held[5] + held[6] + held[7] + held[8]
                        - out_of_hand[s])
                avail = _ANY_CARD if left > 0 else _NO_CARDS  # (only avail[c] > 0 is asked: no list made)
            if hand_in[r] < D.HAND_IN_LIMIT:
                # into r's hand: from s's hand (key (r, -1, s, -1, c)) ...
                row = offer_cards(s, -1, r, -1)
                lo = last - card_key(0, s, -1, r, -1)  # card c's key is that key + c: at least last when c >= lo
                for c in range(NUM):
                    if avail[c] > 0 and c >= lo:
                        out.append(row[c])
                # ... or, with Everyone's My Guest, out of s's glasses
                if guest:
                    for i, g in enumerate(cur[s]):
                        row = offer_cards(s, i, r, -1)
                        lo = last - card_key(0, s, i, r, -1)
                        contents = CONTENTS[g]
                        for c in D.DRINKS:
                            if contents[1 + c] and c >= lo:
                                out.append(row[c])
            if glass_in[r] < D.GLASS_IN_LIMIT:
                table = POUR[self.heroes[r] == D.KIW]
                for j, h in enumerate(cur[r]):
                    poured = table[h]  # (the glass after each drink, NO_GLASS where it may not go)
                    row = offer_cards(s, -1, r, j)
                    lo = last - card_key(0, s, -1, r, j)
                    for c in D.DRINKS:
                        if poured[c] == NO_GLASS:
                            continue
                        if avail[c] > 0 and c >= lo:
                            out.append(row[c])
                        if guest:
                            for i, g in enumerate(cur[s]):
                                if CONTENTS[g][1 + c] and c >= last - card_key(0, s, i, r, j):
                                    out.append(offer_cards(s, i, r, j)[c])
        return out

    def _respond_moves(self) -> list:
        a = self.player
        t = self._target()
        q = t if self.proposer == a else a
        out: list[Move] = []
        if self._offer_feasible(q):
            out.append(ACCEPT)
        out.append(REFUSE)
        if q == t and self.heroes[t] == D.BOSKE and any(self.hands[t]):
            out.append(FEND_OFF)
        return out

    def _offer_feasible(self, q: int) -> bool:
        """Whether the payer has the money offered and ``q`` the cards offered from its hand (only
        the money and ``q``'s hand cards are counted: what ``_offer_sim`` would replay of the offer
        for these, without its glasses)."""
        taken = [0] * NUM
        for comp in self.offer:  # (typed: a component's items read from a tuple)
            kind: str = comp[0]
            if kind == "offer_money":
                payer: int = comp[1]
                amount: int = comp[2]
                if self.money[payer] < amount:  # (an offer has one money component at most)
                    return False
                continue
            fs: int = comp[2]
            fg: int = comp[3]
            if fs == q and fg < 0:
                card: str = comp[1]
                c = CID[card]
                taken[c] = taken[c] + 1  # (ADD_WRITTEN_OUT)
        hand = self.hands[q]
        for c in range(NUM):
            if hand[c] < taken[c]:
                return False
        return True

    # --- apply -----------------------------------------------------------
    def apply(self, move: tuple) -> None:
        kind: str = move[0]  # (typed: compared as strings, not as objects)
        self._moves = None
        p = self.player
        if kind == "pour":
            c = CID[move[1]]
            owner: int = move[2]  # (typed: compiled, a list indexed by an untyped item is a generic call)
            i: int = move[3]
            self._from_hand(p, c)
            gl = self.glasses[owner]
            gl[i] = POUR[self.heroes[owner] == D.KIW][gl[i]][c]
            self.play_left -= 1
            self.play_count += 1
            self._continue_play()
        elif kind == "mischief":
            self._play_mischief(p, move)
        elif kind == "offer_money" or kind == "offer_card":
            self._add_component(move)
        elif kind == "propose":
            self.turns_left -= 1
            self.first_turn = False
            self.phase = RESPOND
        elif kind == "accept":
            self._execute_offer()
            self.note(None, "the bargain is accepted: the mischief card is discarded without effect")
            self._cancel_mischief()
        elif kind == "refuse":
            responder = self.decider()
            self.offer = []
            if self.turns_left > 0:
                self.proposer = responder
                self.phase = PROPOSE
            else:
                self._bargain_failed()
        elif kind == "no_offer":
            if self.first_turn:
                self.first_turn = False
                self.turns_left -= 1
                self.proposer = p
            else:
                self._bargain_failed()
        elif kind == "carry_out":
            self._bargain_failed()
        elif kind == "side_offer":
            q = self.side_seat
            self.side.append((q, move[1], move[2], move[3]))
            self._next_side(q + 1)
        elif kind == "no_side_offer":
            self._next_side(self.side_seat + 1)
        elif kind == "no_defence":
            if self.phase == REACT:
                self._start_side()
            else:
                self._carry_out()
        elif kind == "this_is_for_you":
            t = self._target()
            self._from_hand(t, D.TIFY)
            self.discard[D.TIFY] += 1
            if self.log is not None:  # (the text is made only for a log)
                self.note(None, f"seat {t} plays \"This is for you!\": the mischief card has no effect")
            self._cancel_mischief()
        elif kind == "fend_off":
            self._boske_fend()
            self._cancel_mischief()
        elif kind == "play_cards":
            self.play_left = len(self.glasses[p])
            self.play_count = 0
            self.phase = PLAY
        elif kind == "end_play":
            self._end_action(D.PLAY)
        elif kind == "draw":
            self._draw_action(p, move[1])
        elif kind == "discard_drawn":
            c = CID[move[1]]
            drawn = self.drawn
            drawn.remove(c)
            discard = self.discard
            discard[c] = discard[c] + 1  # (ADD_WRITTEN_OUT)
            hand = self.hands[p]
            for k in drawn:
                hand[k] = hand[k] + 1  # (ADD_WRITTEN_OUT)
            self.drawn = []
            self._after_draw(p)
        elif kind == "recycle":
            w = CID[move[1]]
            self.discard[w] -= 1
            self.hands[p][w] += 1
            self.known[p][w] += 1
            self.recycling = False
            self._end_action(D.DRAW)
        elif kind == "sell":
            self._sell(p, move[1], move[2])
        elif kind == "end_sale":
            self._finish_sale(p)
        elif kind == "sell_spritzers":
            self.sale = [0, 0, False, 0]
            self.phase = SELL
        elif kind == "buy_glasses":
            self.phase = BUY
        elif kind == "buy":
            self.money[p] -= D.GLASS_PRICE_ONE
            self.counter.remove(move[1])
            self.glasses[p].append(G.EMPTY[move[1]])
            self._refill_counter()
            self._end_action(D.BUY)
        elif kind == "buy_two":
            self.money[p] -= D.POHARNOK_PRICE_TWO if self.heroes[p] == D.POHARNOK else D.GLASS_PRICE_TWO
            for s in move[1:]:
                self.counter.remove(s)
                self.glasses[p].append(G.EMPTY[s])
            self._refill_counter()
            self._end_action(D.BUY)
        elif kind == "end_turn":
            self._end_turn()
        elif kind == "splash":
            c = CID[move[2]]
            gl = self.glasses[p]
            source: int = move[1]  # (typed, as a pour's)
            target: int = move[3]
            gl[source] = REMOVE[gl[source]][c]
            gl[target] = POUR[self.heroes[p] == D.KIW][gl[target]][c]
            self.splash_left -= 1
            self._after_action_check()
        elif kind == "extra_action":
            w = CID[move[1]]
            self._from_hand(p, w)
            self.discard[w] += 1
            self.buzgo_used = True
            self.action_limit = 3
        elif kind == "icuka_sell":
            c = CID[move[1]]
            self._from_hand(p, c)
            self.discard[c] += 1
            self.icuka_used = True
            self.sale = [0, 0, False, 0]
            self.phase = SELL
        elif kind == "chip_in":
            q = self.pledge_seat
            self.money[q] -= move[1]
            self.pledges[q] += move[1]
            if sum(self.pledges) >= D.ROUND_TARGET:
                self.note(None, "40 forints collected: one more round!")
                self.pledges = [0] * self.num_seats
                self.final_turns = self.num_seats - 1
                self.player = self.pledge_start
                self.turn += 1
                self._start_turn()
            else:
                self._next_pledger(q + 1)
        elif kind == "pass_round":
            q = self.pledge_seat
            self.passed[q] = True
            self._next_pledger(q + 1)
        elif kind == "choose_hero":
            q = self.hero_seat
            self.heroes[q] = D.HERO_ID[move[1]]
            self.chosen[q] = True
            if q + 1 < self.num_seats:
                self.hero_seat = q + 1
            else:
                self.dealt = [[] for _ in range(self.num_seats)]
                self.hero_seat = -1
                if self.log is not None:  # (the text is made only for a log)
                    self.note(None, "heroes: " + ", ".join(D.HEROES[h][1] for h in self.heroes))
                self._deal_hands()
                self.player = 0
                self._start_turn()
        else:
            raise ValueError(f"unknown move {move!r}")

    # --- helpers ----------------------------------------------------------
    def _from_hand(self, q: int, c: int) -> None:
        """A card leaves ``q``'s hand openly: everyone knows one fewer of it."""
        hand = self.hands[q]
        hand[c] = hand[c] - 1  # (ADD_WRITTEN_OUT)
        known = self.known[q]
        if known[c]:
            known[c] = known[c] - 1

    def _draw_card(self) -> int:
        deck = self.deck
        if not deck:
            self._reshuffle()
            if not deck:
                return -1
        c = deck.pop()
        if not deck:
            if not self.triggered:
                self.triggered = True
                self.final_turns = self.num_seats
                if self.log is not None:  # (the text is made only for a log)
                    self.note(None, f"seat {self.player} draws the last card: after this turn everyone has one "
                                    "more turn")
            self._reshuffle()
        return c

    def _reshuffle(self) -> None:
        cards = []
        discard = self.discard
        for c in range(NUM):
            if discard[c]:
                cards.extend([c] * discard[c])
                discard[c] = 0
        if cards:
            chance.shuffle(self.chance(), cards)
            self.deck.extend(cards)
            if self.log is not None:  # (the text is made only for a log)
                self.note(None, f"the discard pile ({len(cards)} cards) is shuffled into a new spritzer deck")

    def _draw_action(self, p: int, recycle: bool) -> None:
        n_draw = D.TWO_PLAYER_DRAW if self.num_seats == 2 else 2
        if recycle:
            n_draw -= 1
            self.recycle_used = True
            self.recycling = True
        cards = []
        for _ in range(n_draw):
            c = self._draw_card()
            if c >= 0:
                cards.append(c)
        if self.log is not None:
            self.note(None, f"seat {p} draws {len(cards)} card(s)")
            self.note(p, "you draw " + ", ".join(D.CARD_TITLES[c] for c in cards))
        keep = n_draw - 1 if self.num_seats == 2 else n_draw
        if len(cards) > keep:
            self.drawn = cards
            self.phase = DRAW_DISCARD
            return
        hand = self.hands[p]
        for c in cards:
            hand[c] = hand[c] + 1  # (ADD_WRITTEN_OUT)
        self._after_draw(p)

    def _after_draw(self, p: int) -> None:
        if self.recycling and (self.discard[0] or self.discard[1] or self.discard[2]):
            self.phase = RECYCLE
        else:
            self.recycling = False
            self._end_action(D.DRAW)

    def _refill_counter(self) -> None:
        counter = self.counter
        while len(counter) < D.COUNTER_SIZE:
            if not self.glass_deck:
                cards = []
                for q in range(self.num_seats):
                    pile = self.glass_discard[q]
                    for k, size in enumerate(D.GLASS_SIZES):
                        cards.extend([size] * pile[k])
                    self.glass_discard[q] = [0, 0, 0]
                if not cards:
                    break
                chance.shuffle(self.chance(), cards)
                self.glass_deck = cards
                self.note(None, "the discarded glasses are shuffled into a new glass deck")
            size = self.glass_deck.pop()
            counter.append(size)
            if self.log is not None:  # (the text is made only for a log)
                self.note(None, f"a {size} dl glass is put on the tavern counter")

    def _sell(self, p: int, i: int, adjust: str) -> None:
        gl = self.glasses[p]
        g = CONTENTS[gl.pop(i)]
        delta = 1 if adjust == "soda_to_wine" else -1 if adjust == "wine_to_soda" else 0
        price = G.sale_price(g, delta)
        sale = self.sale
        if adjust == "top_up" and not sale[2]:
            sale[2] = True
            price -= D.KARESZ_FEE  # paid once per sale, out of the proceeds if need be
        self.money[p] += price
        discard = self.discard
        for c in D.DRINKS:
            discard[c] += g[1 + c]
        self.glass_discard[p][D.SIZE_INDEX[g[0]]] += 1
        sale[0] += g[0]
        if g[0] >= 3:
            sale[1] += 1
        sale[3] += 1
        if self.log is not None:  # (the text is made only for a log)
            self.note(None, f"seat {p} sells a {G.describe(g)} spritzer{SALE_ADJUST_TEXT[adjust]} for {price} forints")
        if not self._can_sell(p):
            self._finish_sale(p)

    def _finish_sale(self, p: int) -> None:
        sale = self.sale
        hero = self.heroes[p]
        if sale[0] >= D.FRED_SIEVE_DL:
            if hero == D.FRED and self.counter and len(self.glasses[p]) < D.MAX_GLASSES:
                size = min(self.counter)
                self.counter.remove(size)
                self.glasses[p].append(G.EMPTY[size])
                if self.log is not None:  # (the text is made only for a log)
                    self.note(None, f"Mélyivő Fred takes a {size} dl glass from the counter")
                self._refill_counter()
            elif hero == D.PITYU and sale[1]:
                self.money[p] += D.PITYU_BONUS * sale[1]
                if self.log is not None:  # (the text is made only for a log)
                    self.note(None, f"Sommelier Pityu earns {D.PITYU_BONUS * sale[1]} forints extra")
        self._end_action(D.SELL)

    def _continue_play(self) -> None:
        # the player may go on while cards are left to play and the hand is not empty, even
        # if none fits: ending the action automatically would show that none does
        if self.play_left > 0 and any(self.hands[self.player]):
            moves = self._play_moves(self.player, False)
            self.phase = PLAY
            moves.insert(0, END_PLAY)
            self._moves = moves
            return
        self._end_action(D.PLAY)

    def _end_action(self, kind: int) -> None:
        self.actions_used += 1
        self.types_used |= kind
        self.phase = ACTION
        self._after_action_check()

    def _after_action_check(self) -> None:
        if self.actions_used >= self.action_limit:
            moves = self._action_moves()
            # a Buzgómócsing still open is asked about even without a wine, so that the
            # turn's end shows nothing of the hand
            if len(moves) == 1 and not self._extra_action_open(self.player):
                self._end_turn()
            else:
                self._moves = moves

    def _start_turn(self) -> None:
        self.phase = ACTION
        self.actions_used = 0
        self.action_limit = 2
        self.types_used = 0
        self.splash_left = 2 if self.heroes[self.player] == D.LOTTY else 0
        self.buzgo_used = False
        self.recycle_used = False
        self.icuka_used = False
        self.sale = [0, 0, False, 0]
        self.play_left = self.play_count = 0
        self._moves = None

    def _end_turn(self) -> None:
        if self.final_turns == 0:
            self._game_end()
            return
        if self.final_turns > 0:
            self.final_turns -= 1
        self.player = (self.player + 1) % self.num_seats
        self.turn += 1
        self._start_turn()

    def _game_end(self) -> None:
        self.final_turns = -1
        self._moves = None
        if self.config["one_more_round"] and not self.round_used:
            self.round_used = True
            n = self.num_seats
            self.pledge_start = (self.player + 1) % n
            self.pledges = [0] * n
            self.passed = [False] * n
            self._next_pledger(self.pledge_start)
        else:
            self.phase = OVER

    def _next_pledger(self, start: int) -> None:
        n = self.num_seats
        for k in range(n):
            q = (start + k) % n
            if self.passed[q]:
                continue
            if self.money[q] < D.ROUND_AMOUNTS[0]:
                self.passed[q] = True
                continue
            self.pledge_seat = q
            self.phase = PLEDGE
            return
        for q in range(n):  # 40 forints not reached: the pledges are returned
            self.money[q] += self.pledges[q]
        self.pledges = [0] * n
        self.pledge_seat = -1
        self.phase = OVER
        self.note(None, "40 forints were not collected: the innkeeper throws everyone out")

    def _deal_hands(self) -> None:
        for q in range(self.num_seats):
            hand = self.hands[q]
            for _ in range(D.HAND_START):
                hand[self.deck.pop()] += 1

    # --- mischief and bargaining -------------------------------------------
    def _play_mischief(self, p: int, move: tuple) -> None:
        _, card, effect, target, glass, wine = move
        c = CID[card]
        self._from_hand(p, c)
        self.play_left -= 1
        self.play_count += 1
        self._clear_mischief()  # no bargaining yet: the react and side-offer steps come first
        self.mis = (c, CID[effect], target, glass, CID[wine] if wine else -1)
        self.side = []
        if self.log is not None:
            self.note(None, f"seat {p} plays {self.move_text(move)[5:]}")
        if self._asked_to_defend(target):
            self.phase = REACT
        else:
            self._start_side()

    def _start_side(self) -> None:
        self._next_side(self.player + 1)

    def _next_side(self, start: int) -> None:
        n = self.num_seats
        a = self.player
        t = self._target()
        q = start % n
        while q != a:
            if q != t and self.money[q] >= D.SIDE_OFFER_AMOUNTS[0]:
                self.side_seat = q
                self.phase = SIDE
                return
            q = (q + 1) % n
        self.side_seat = -1
        self.proposer = t
        self.turns_left = D.OFFER_TURNS
        self.first_turn = True
        self.offer = []
        self.phase = PROPOSE

    def _add_component(self, comp: tuple) -> None:
        self.offer.append(comp)
        p = self.proposer
        if comp[0] == "offer_card" and comp[2] == p and comp[3] < 0:
            # offering a card from one's own hand shows the table that one has it
            c = CID[comp[1]]
            n_offered = sum(1 for k in self.offer if k[0] == "offer_card" and k[1] == comp[1]
                            and k[2] == p and k[3] < 0)
            if self.known[p][c] < n_offered:
                self.known[p][c] = n_offered

    def _execute_offer(self) -> None:
        heroes = self.heroes
        for comp in self.offer:
            if comp[0] == "offer_money":
                payer, amount = comp[1], comp[2]
                other = self._target() if payer == self.player else self.player
                self.money[payer] -= amount
                self.money[other] += amount
                continue
            card: str = comp[1]  # (typed one by one, as in _offer_sim)
            fs: int = comp[2]
            fg: int = comp[3]
            ts: int = comp[4]
            tg: int = comp[5]
            c = CID[card]
            if fg < 0:
                self._from_hand(fs, c)
            else:
                gl = self.glasses[fs]
                gl[fg] = REMOVE[gl[fg]][c]
            if tg < 0:  # (ADD_WRITTEN_OUT)
                hand = self.hands[ts]
                hand[c] = hand[c] + 1
                known = self.known[ts]
                known[c] = known[c] + 1
            else:
                gl = self.glasses[ts]
                gl[tg] = POUR[heroes[ts] == D.KIW][gl[tg]][c]
        self.offer = []

    def _bargain_failed(self) -> None:
        self.offer = []
        if self._asked_to_defend(self._target()):
            self.phase = LAST_CHANCE
        else:
            self._carry_out()

    def _boske_fend(self) -> None:
        t = self._target()
        hand = self.hands[t]
        k = chance.randrange(self.chance(), sum(hand))
        for c in range(NUM):
            if k < hand[c]:
                break
            k -= hand[c]
        self._from_hand(t, c)
        self.discard[c] += 1
        if self.log is not None:  # (the text is made only for a log)
            self.note(None, f"Böske fends off the mischief card: seat {self.player} draws her "
                            f"{D.CARD_TITLES[c]} and discards it")

    def _settle_side(self, carried: bool) -> None:
        money = self.money
        for q, r, cond, amount in self.side:
            if cond == carried:
                pay = min(amount, money[q])
                money[q] -= pay
                money[r] += pay
                if self.log is not None:  # (the text is made only for a log)
                    self.note(None, f"seat {q} pays {pay} forints to seat {r} as promised in a side offer")
        self.side = []

    def _clear_mischief(self) -> None:
        self.mis = None
        self.offer = []
        self.proposer = -1
        self.turns_left = 0
        self.first_turn = False

    def _cancel_mischief(self) -> None:
        self.discard[self._mischief()[0]] += 1
        self._settle_side(False)
        self._clear_mischief()
        self._continue_play()

    def _carry_out(self) -> None:
        c, e, t, i, w = self._mischief()
        gl = self.glasses[t]
        if e == D.ZK or e == D.KL:
            drink = w if e == D.ZK else D.SODA
            if 0 <= i < len(gl) and CONTENTS[gl[i]][1 + drink]:
                gl[i] = REMOVE[gl[i]][drink]
                self.discard[drink] += 1
        elif e == D.BV:
            pay = min(D.BORRAVALO_AMOUNT, self.money[t])
            self.money[t] -= pay
        else:
            if 0 <= i < len(gl) and G.TOTAL[gl[i]] == 0:
                g = gl.pop(i)
                self.glass_discard[t][D.SIZE_INDEX[G.SIZE[g]]] += 1
        if self.log is not None:  # (the text is made only for a log)
            self.note(None, f"{D.CARD_TITLES[e]} hits seat {t}")
        self.discard[c] += 1
        self._settle_side(True)
        self._clear_mischief()
        self._continue_play()

    # --- texts -------------------------------------------------------------
    def _glass_text(self, owner: int, i: int) -> str:
        gl = self.glasses[owner]
        if 0 <= i < len(gl):
            if i < D.MAX_GLASSES:
                return GLASS_TEXT[i][gl[i]]
            return f"glass {i + 1} ({G.describe(CONTENTS[gl[i]])})"
        return f"glass {i + 1}"

    def move_text(self, move: tuple) -> str:
        kind: str = move[0]  # typed: compiled code compares it as a str
        T = D.CARD_TITLES
        if kind == "pour":
            c = CID[move[1]]
            owner: int = move[2]
            i: int = move[3]
            gl = self.glasses[owner]
            if owner == self.player and 0 <= i < len(gl) and i < D.MAX_GLASSES:
                return OWN_POUR_TEXT[c][i][gl[i]]
            whose = "" if owner == self.player else f"seat {owner}'s "
            return f"pour {T[c]} into {whose}{self._glass_text(owner, i)}"
        if kind == "mischief":
            _, card, effect, t, i, wine = move
            text = f"play {T[CID[card]]}"
            if effect != card:
                text += f" as {T[CID[effect]]}"
            if i >= 0:
                text += f" on seat {t}'s {self._glass_text(t, i)}"
            else:
                text += f" on seat {t}"
            if wine:
                text += f", taking a {T[CID[wine]]}"
            return text
        if kind == "offer_money":
            return f"offer: seat {move[1]} pays {move[2]} forints"
        if kind == "offer_card":
            _, card, fs, fg, ts, tg = move
            src = f"seat {fs}'s hand" if fg < 0 else f"seat {fs}'s {self._glass_text(fs, fg)}"
            dst = f"seat {ts}'s hand" if tg < 0 else f"seat {ts}'s {self._glass_text(ts, tg)}"
            return f"offer: {T[CID[card]]} from {src} to {dst}"
        if kind == "sell":
            _, i, adjust = move
            g = CONTENTS[self.glasses[self.player][i]] if i < len(self.glasses[self.player]) else None
            if g is None:
                return f"sell glass {i + 1} ({adjust})"
            delta = 1 if adjust == "soda_to_wine" else -1 if adjust == "wine_to_soda" else 0
            extra = SALE_ADJUST_TEXT[adjust]
            price = G.sale_price(g, delta)
            if adjust == "top_up" and not self.sale[2]:  # Vízköpő Karesz's fee, once per sale
                return (f"sell glass {i + 1} ({G.describe(g)}{extra}) for {price - D.KARESZ_FEE} forints "
                        f"({price} less the {D.KARESZ_FEE}-forint top-up fee)")
            return f"sell glass {i + 1} ({G.describe(g)}{extra}) for {price} forints"
        if kind == "draw":
            if move[1]:
                return "draw, taking a wine from the discard pile (Recycle Béla)"
            return f"draw {D.TWO_PLAYER_DRAW if self.num_seats == 2 else 2} cards"
        if kind == "discard_drawn":
            return f"discard the drawn {T[CID[move[1]]]}"
        if kind == "recycle":
            return f"take {T[CID[move[1]]]} from the discard pile"
        if kind == "buy":
            return f"buy a {move[1]} dl glass for {D.GLASS_PRICE_ONE} forints"
        if kind == "buy_two":
            price = D.POHARNOK_PRICE_TWO if self.heroes[self.player] == D.POHARNOK else D.GLASS_PRICE_TWO
            return f"buy a {move[1]} dl and a {move[2]} dl glass for {price} forints"
        if kind == "splash":
            return f"Löttyintős: move {T[CID[move[2]]]} from glass {move[1] + 1} to glass {move[3] + 1}"
        if kind == "extra_action":
            return f"Buzgómócsing: discard {T[CID[move[1]]]} for a third action"
        if kind == "icuka_sell":
            return f"Icuka: discard {T[CID[move[1]]]} to sell as the second action"
        if kind == "side_offer":
            _, r, carried, amount = move
            cond = "if the mischief is carried out" if carried else "if it is not carried out"
            return f"side offer: pay seat {r} {amount} forints {cond}"
        if kind == "chip_in":
            return f"pay {move[1]} forints towards one more round"
        if kind == "choose_hero":
            return f"choose {D.HEROES[D.HERO_ID[move[1]]][1]}"
        return _FIXED_TEXT[kind]

    # --- outcome -----------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        breakdown = score_breakdown(self)
        totals = tuple(b["total"] for b in breakdown)
        ranks, winners = rank_by([(b["total"], -b["hand_size"]) for b in breakdown])
        return Result(totals, winners, ranks, tuple(breakdown))

    # --- setup -------------------------------------------------------------
    @staticmethod
    def deal(game: Game, cfg: dict, rng: random.Random) -> FroccsState:
        """A new game of ``game`` with the validated ``cfg``, dealt with ``rng``."""
        n = cfg["players"]
        s = FroccsState.__new__(FroccsState)
        s._init_base(game, cfg, 0)
        glass_deck = []
        for size, count in zip(D.GLASS_SIZES, D.GLASS_COUNTS):
            count -= n * D.STARTING_GLASSES.count(size)
            glass_deck.extend([size] * count)
        chance.shuffle(rng, glass_deck)
        s.glass_deck = glass_deck
        s.counter = [glass_deck.pop() for _ in range(D.COUNTER_SIZE)]
        deck = []
        for c, count in enumerate(D.DECK_COUNTS):
            deck.extend([c] * count)
        chance.shuffle(rng, deck)
        s.deck = deck
        s.hands = [[0] * NUM for _ in range(n)]
        s.known = [[0] * NUM for _ in range(n)]
        s.glasses = [[G.EMPTY[size] for size in D.STARTING_GLASSES] for _ in range(n)]
        s.money = [D.STARTING_MONEY] * n
        s.glass_discard = [[0, 0, 0] for _ in range(n)]
        s.discard = [0] * NUM
        pool = list(hero_pool(cfg))
        chance.shuffle(rng, pool)
        s.heroes = [D.NO_HERO] * n
        s.chosen = [False] * n
        s.dealt = [[] for _ in range(n)]
        s.player = 0
        s.turn = 0
        s.actions_used = 0
        s.action_limit = 2
        s.types_used = 0
        s.splash_left = 0
        s.buzgo_used = s.recycle_used = s.icuka_used = False
        s.sale = [0, 0, False, 0]
        s.play_left = s.play_count = 0
        s.drawn = []
        s.recycling = False
        s.mis = None
        s.proposer = -1
        s.turns_left = 0
        s.first_turn = False
        s.offer = []
        s.side = []
        s.side_seat = -1
        s.triggered = False
        s.final_turns = -1
        s.round_used = False
        s.pledges = [0] * n
        s.passed = [False] * n
        s.pledge_seat = -1
        s.pledge_start = -1
        s._moves = None
        if cfg["heroes"] == "first_game":
            s.heroes = pool[:n]
            s.chosen = [True] * n
            s.hero_seat = -1
            s._deal_hands()
            s._start_turn()
        else:
            s.dealt = [pool[2 * q:2 * q + 2] for q in range(n)]
            s.hero_seat = 0
            s.phase = HERO
        s.seed = rng.getrandbits(63)
        return s


_FIXED_TEXT: Final = {
    "end_turn": "end the turn",
    "end_play": "stop playing cards",
    "end_sale": "stop selling",
    "sell_spritzers": "action: sell spritzers",
    "buy_glasses": "action: buy glasses",
    "play_cards": "action: play cards",
    "propose": "make this offer",
    "accept": "accept the offer",
    "refuse": "refuse the offer",
    "no_offer": "make no offer",
    "carry_out": "carry out the mischief card",
    "no_defence": "do not defend",
    "this_is_for_you": "play \"This is for you!\"",
    "fend_off": "Böske: fend off the mischief card with a random hand card",
    "no_side_offer": "make no side offer",
    "pass_round": "pass (no more pledges)",
}


def _random_side(state: FroccsState, q: int, rng: random.Random) -> tuple:
    """A side offer ``q`` could have made, for a seat that cannot see it."""
    amounts = [a for a in D.SIDE_OFFER_AMOUNTS if a <= state.money[q]]
    mis = state.mis
    assert mis is not None
    r = state.player if rng.random() < 0.5 else mis[2]
    return (q, r, rng.random() < 0.5, rng.choice(amounts))


def _resample_heroes(world: FroccsState, seat: int, rng: random.Random) -> None:
    """Re-deal the hero pairs ``seat`` cannot see (the choice is secret until all chose)."""
    mine = world.dealt[seat]
    pool = [h for h in hero_pool(world.config) if h not in mine and h != world.heroes[seat]]
    chance.shuffle(rng, pool)
    dealt = []
    for q in range(world.num_seats):
        if q == seat:
            dealt.append(list(mine))
            continue
        pair = [pool.pop(), pool.pop()]
        dealt.append(pair)
        if world.chosen[q]:
            world.heroes[q] = pair[0]
    world.dealt = dealt


# --- scoring -------------------------------------------------------------------
def score_breakdown(state: FroccsState) -> list[dict]:
    out = []
    for q in range(state.num_seats):
        finished = sum(1 for g in state.glasses[q] if FINISHED[g])
        partial = sum(1 for g in state.glasses[q] if not FINISHED[g] and G.TOTAL[g] > 0)
        total = state.money[q] + D.END_FINISHED * finished + D.END_PARTIAL * partial
        out.append({
            "money": state.money[q],
            "finished_spritzers": finished,
            "unfinished_glasses": partial,
            "hand_size": sum(state.hands[q]),
            "total": total,
        })
    return out
