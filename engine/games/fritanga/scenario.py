"""Build exact Fritanga positions by hand (used by the scenario tests).

``build`` takes cards by cell name, e.g. ``{"c3": "basket", "d3": "+oil_geyser"}``
(a leading ``+`` means face up), piece positions by cell name, hands as lists
of card keys, and the seat whose turn it is; it returns a running state
waiting for that seat's Play Cards decision (or ``frames`` given explicitly).
"""

from __future__ import annotations

from . import GAME
from . import data as D
from .state import FritangaState


def build(mode: str = "versus", players: int = 3, cards: dict | None = None, pieces: dict | None = None,
          hands: dict | None = None, turn: int | None = None, frames: list | None = None,
          status: dict | None = None, fallen: dict | None = None, discard: dict | None = None,
          chef_hand: list | None = None, seed: int = 7) -> FritangaState:
    game = GAME
    cfg = game.validate({"mode": mode, "players": players})
    s = FritangaState._blank(game, cfg, seed)
    cell = s.lay.cell_by_name
    for name, key in (cards or {}).items():
        up = key.startswith("+")
        s.grid[cell[name]] = D.KIND_BY_KEY[key.lstrip("+")] | (D.FACE_UP if up else 0)
    for q, name in (pieces or {}).items():
        c = cell[name]
        s.grid[c] |= D.FACE_UP
        s.pos[q] = c
        s.occ[c] = q
    for q, keys in (hands or {}).items():
        s.hands[q] = [D.KIND_BY_KEY[k] | D.PUBLIC_CODE for k in keys]
    for q, st in (status or {}).items():
        s.status[q] = D.STATUS_NAMES.index(st)
    for q, name in (fallen or {}).items():
        s.fall_at[q] = cell[name] if name else -1
    for key, count in (discard or {}).items():
        s.discard[D.KIND_BY_KEY[key]] = count
    if chef_hand is not None:
        s.chef_hand = [D.SKILL_BY_KEY[k] for k in chef_hand]
    if turn is None:
        turn = s.lay.foods[0]
    s.turn_seat = turn
    if frames is None:
        s.stack = []
        s._begin_turn(turn)
    else:
        s.stack = [(D.A_END, turn)] + list(frames)
    s._settle()
    s._run()
    return s


def cell(state: FritangaState, name: str) -> int:
    return state.lay.cell_by_name[name]


def name(state: FritangaState, c: int) -> str:
    return state.lay.names[c]


def card_at(state: FritangaState, name_: str) -> str:
    g = state.grid[cell(state, name_)]
    return "" if g < 0 else D.CARD_KEY[g & D.KIND]


def hand_keys(state: FritangaState, seat: int) -> list:
    return sorted(D.CARD_KEY[c & D.KIND] for c in state.hands[seat])
