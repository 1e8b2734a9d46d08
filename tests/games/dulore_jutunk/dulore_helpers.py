"""Scene-building helpers for the Dűlőre jutunk scenario tests."""

from __future__ import annotations

from boardbot.engine import registry
from boardbot.engine.games.dulore_jutunk import data as D

GAME = registry.get("dulore-jutunk")


def fresh(players: int = 2, seed: int = 0, **cfg):
    return GAME.new_state({"players": players, **cfg}, seed)


def clear(s):
    """Empty vineyards, press houses, cellars, storerooms and order piles."""
    s.vred = [0] * 9
    s.vyel = [0] * 9
    s.vmark = [-1] * 9
    s.vbonus = [-1] * 9
    for q in range(s.num_seats):
        s.grapes[q] = [0, 0]
        s.cellar[q] = [0] * 6
        s.bottles[q] = [0, 0, 0]
        s.reserved[q] = []
        s.row[q] = []
        s.supply[q] = [0, 1, 2, 3]
        s.retired[q] = []
    s.stack = []
    return s


def at(s, *tasks):
    """Put tasks on the stack (bottom first) and run to the next decision."""
    s.stack = list(tasks)
    s.invalidate()
    s._run()
    return s


def turn(s, p: int):
    s.current = p
    return at(s, (D.K_TURN, p, 0, 0, 0))


def task(kind: int, seat: int, a: int = 0, b: int = 0, c: int = 0) -> tuple:
    return (kind, seat, a, b, c)


def play(s, *moves):
    for m in moves:
        legal = s.legal_moves()
        assert m in legal, f"{m} not in {legal}"
        s.apply(m)
    return s


def top(s) -> int:
    """The kind of the decision task on top of the stack."""
    return s.stack[-1][0]


def vineyard(s, v: int, side: int = D.SPRING, red: int = 1, yellow: int = 0):
    if v != D.WINTER:
        s.side[v] = side
    s.vred[v] = red
    s.vyel[v] = yellow


def barrel(s, p: int, colour: int, space: int):
    s.cellar[p][D.TRACK_START[colour] + space] = 1


def has_barrel(s, p: int, colour: int, space: int) -> bool:
    return bool(s.cellar[p][D.TRACK_START[colour] + space])
