"""What the active player drinks from the cards in front of them and what it scores
(``delivered_items``, ``score_items``), what they have spent of a turn's limits
(``own_orders``), and the record of a reaction window a seat passed on (``Pass``).

Rules, in their own module because the rules (rules.py), the greedy bot's valuation
(valuation.py) and the world sampling that reads the passes all use them, and rules.py
imports the other two.
"""

from __future__ import annotations

from typing import Final

from . import data as D
from .data import CAJ, COST, DEJTE, IS_BEER, IS_ORDER, IS_SHOT, KIND_DRUNK, LICHOCENI, MALE_PIVO, OWN, \
    PANAK_DO_PIVA, PIVO, POPCOUNT, RUM, SUPPLIED

# A card in front of the active player: (card, shot kind, origin, poured by). Declared a tuple of
# any length: as a fixed-length tuple the compiled build unboxed all four fields into a C struct,
# with a type check of each, at every read of an entry from the table (``for e in table``), where
# most walks read its card only (a walk of a 4-entry table 664 against 425 instructions).
Entry = tuple[int, ...]
Item = tuple[int, int, bool]  # a drink: (card, shot kind, scores points)

# the passes on reaction windows kept per seat (state.passes): enough for the windows of a
# round of turns at six players, and a bound on what a view carries
MAX_PASSES: Final = 16


class Pass:
    """A reaction window a seat passed on (state.passes): the active seat, its table, and its public
    position then; ``lead``: its points minus the passing seat's. Never mutated.

    A class with declared fields, not a tuple: compiled, a native object whose ints and flags are
    stored unboxed (a tuple boxed eight ints at every pass, and ``sample_for``'s reads of them were
    checked unboxings); interpreted, slot reads in place of indexing by a module constant.

    A seat's passes are a chain, newest first: each record links the seat's one before it
    (``prev``) and counts the chain (``count``), so a pass adds one object (a tuple of the records
    was copied whole, one longer, at every pass). ``records`` lists them oldest first."""

    __slots__ = ("active", "table", "stage", "cell", "tokens", "abstinence", "insults", "lead",
                 "alcohol_played", "last_round", "hand_count", "prev", "count")

    active: int
    table: tuple[Entry, ...]
    stage: int
    cell: int
    tokens: int  # the shot kinds the active seat had drunk, a bit per kind
    abstinence: int
    insults: int
    lead: int
    alcohol_played: bool
    last_round: bool
    hand_count: int
    prev: Pass | None  # the seat's pass before this one
    count: int  # the records in the chain, this one's included

    def __init__(self, active: int, table: tuple[Entry, ...], stage: int, cell: int, tokens: int,
                 abstinence: int, insults: int, lead: int, alcohol_played: bool, last_round: bool,
                 hand_count: int, prev: Pass | None = None) -> None:
        self.active = active
        self.table = table
        self.stage = stage
        self.cell = cell
        self.tokens = tokens
        self.abstinence = abstinence
        self.insults = insults
        self.lead = lead
        self.alcohol_played = alcohol_played
        self.last_round = last_round
        self.hand_count = hand_count
        self.prev = prev
        self.count = 1 if prev is None else prev.count + 1

    def fields(self) -> tuple:
        """The record's own fields in the order ``__init__`` takes them (and a stored game lists them)."""
        return (self.active, self.table, self.stage, self.cell, self.tokens, self.abstinence, self.insults,
                self.lead, self.alcohol_played, self.last_round, self.hand_count)

    def linked(self, prev: Pass | None) -> Pass:
        """This record after ``prev`` instead."""
        return Pass(self.active, self.table, self.stage, self.cell, self.tokens, self.abstinence, self.insults,
                    self.lead, self.alcohol_played, self.last_round, self.hand_count, prev)

    def __eq__(self, other: object) -> bool:
        """The same records in the same order."""
        return isinstance(other, Pass) and self.fields() == other.fields() and self.prev == other.prev

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"Pass{self.fields()!r}"


def records(head: Pass | None) -> list[Pass]:
    """A seat's passes (state.passes[seat], the newest), oldest first."""
    out: list[Pass] = []
    while head is not None:
        out.append(head)
        head = head.prev
    out.reverse()
    return out


def without_oldest(head: Pass) -> Pass | None:
    """The chain ending at ``head`` less its oldest record (the others copied: records are shared)."""
    kept: Pass | None = None
    for record in records(head)[1:]:
        kept = record.linked(kept)
    return kept


def pass_rows(head: Pass | None) -> list:
    """A seat's passes as a stored game holds them (state.to_dict), oldest first: each a list of its
    fields in order, the table's entries as lists (the format of the games stored when a pass was a tuple)."""
    return [[r.active, [list(e) for e in r.table], r.stage, r.cell, r.tokens, r.abstinence, r.insults, r.lead,
             r.alcohol_played, r.last_round, r.hand_count] for r in records(head)]


def passes_from_rows(rows: list) -> Pass | None:
    """``pass_rows``' inverse (state.from_dict)."""
    head: Pass | None = None
    for row in rows:
        head = Pass(row[0], tuple(tuple(e) for e in row[1]), row[2], row[3], row[4], row[5], row[6], row[7],
                    row[8], row[9], row[10], head)
    return head


def own_orders(table: list[Entry]) -> tuple[int, int, int, int, bool]:
    """What the active player has spent of a turn's limits on ``table``: actions, beers, small
    beers, shots (a shot poured into a beer not counted), and whether it poured its own shot
    (Panák do piva, which allows one more)."""
    actions = beers = smalls = shots = 0
    self_pour = False
    for c, _k, origin, poured in table:
        if origin != OWN:
            continue
        actions += COST[c]
        if c == PIVO:
            beers += 1
        elif c == MALE_PIVO:
            beers += 1
            smalls += 1
        elif IS_SHOT[c] and poured < 0:
            shots += 1
        elif c == DEJTE:
            beers += 1
            shots += 1
        elif c == PANAK_DO_PIVA:
            self_pour = True
    return actions, beers, smalls, shots, self_pour


def delivered_items(table: list[Entry]) -> list[Item]:
    """What the active player drinks from the cards in front: (card, shot kind, scores points).

    Panák do piva from an opponent: the poured shot gives drunkenness only
    when a beer is still in front at evaluation; otherwise the card has no
    effect (a supplied shot is not drunk at all). The shot limit is checked
    again: own shots beyond it (a Panák do piva that lost its effect) are
    not drunk, the latest first.
    """
    out: list[Item] = []
    _deliver(table, out)
    return out


def _deliver(table: list[Entry], out: list[Item] | None) -> tuple[int, int, int, int, int, int]:
    """``delivered_items``' one walk over the table: appends the items to ``out`` (when given) and
    counts them for ``score_counts`` (beers, small beers, teas, shots, shots that score, the shot
    kinds as bits), so the greedy bot scores a table without building the list."""
    beer = shot = self_pour = False
    for e in table:
        c = e[0]
        if IS_BEER[c]:
            beer = True
        elif IS_SHOT[c]:
            shot = True
        elif c == PANAK_DO_PIVA and e[2] == OWN:
            self_pour = True
    # own shots beyond the limit are not drunk, the latest first: the first ``limit`` are
    limit = D.MAX_SHOTS + 1 if self_pour and beer and shot else D.MAX_SHOTS
    limited = 0
    beers = smalls = nealko = shots = paid = kinds = 0
    for c, k, origin, poured in table:
        if IS_SHOT[c]:
            k = c - RUM
            scores = True
            if poured >= 0 and beer:
                scores = False
            elif poured >= 0 and origin == SUPPLIED:
                continue
            elif origin == OWN:
                limited += 1
                if limited > limit:
                    continue
        elif c == DEJTE:
            if origin == OWN:
                limited += 1
                if limited > limit:
                    continue
            beers += 1
            scores = True
        elif c == LICHOCENI:
            scores = True
        elif IS_ORDER[c]:
            if c == PIVO:
                beers += 1
            elif c == MALE_PIVO:
                beers += 1
                smalls += 1
            else:  # Čaj
                nealko += 1
            if out is not None:
                out.append((c, -1, True))
            continue
        else:
            continue
        kinds |= 1 << k
        shots += 1
        if scores:
            paid += 1
        if out is not None:
            out.append((c, k, scores))
    return beers, smalls, nealko, shots, paid, kinds


def score_items(tokens: int, items: list[Item]) -> tuple[bool, int, int, int, int]:
    """Score what a player drinks: (alcohol?, non-alcoholic orders, points, drunkenness, tokens after).

    ``items``: (card, shot kind, scores points) as from ``CzechPubState.delivered``.
    Every shot's drunkenness is by the number of kinds drunk so far, this
    turn's shots included; the track cell is not added here.
    """
    beers = smalls = paid = nealko = shots = 0
    kinds = 0  # the shot kinds drunk now, a bit per kind
    for c, k, scores in items:
        if c == PIVO:
            beers += 1
        elif c == MALE_PIVO:
            beers += 1
            smalls += 1
        elif c == CAJ:
            nealko += 1
        else:  # a shot, Dejte mi to všechno! (beer + shot), Lichocení servírce
            if c == DEJTE:
                beers += 1
            kinds |= 1 << k
            shots += 1
            if scores:
                paid += 1
    return score_counts(tokens, beers, smalls, nealko, shots, paid, kinds)


def score_table(tokens: int, table: list[Entry]) -> tuple[bool, int, int, int, int]:
    """``score_items(tokens, delivered_items(table))`` without the list of items."""
    beers, smalls, nealko, shots, paid, kinds = _deliver(table, None)
    return score_counts(tokens, beers, smalls, nealko, shots, paid, kinds)


def score_counts(tokens: int, beers: int, smalls: int, nealko: int, shots: int, paid: int,
                 kinds: int) -> tuple[bool, int, int, int, int]:
    """The score of what is drunk, counted (``score_items``): beers (Dejte mi to všechno! one too),
    small beers among them, teas, shots (Dejte mi to všechno! and Lichocení servírce ones too),
    the shots that score points, and the kinds of shot drunk now, a bit per kind."""
    if not beers and not shots:
        return False, nealko, 0, 0, tokens
    points, drunk = D.beer_score(beers, smalls)
    tokens |= kinds
    drunk += KIND_DRUNK[POPCOUNT[tokens]] * shots + D.NEALKO_DRUNK * nealko
    points += D.SHOT_POINTS * paid + D.NEALKO_POINTS * nealko
    return True, nealko, points, drunk, tokens
