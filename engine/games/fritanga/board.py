"""Table geometry, precomputed once per (mode, players).

The table is a rectangle of ``width`` x ``height`` spaces: the initial grid in
the middle and ``data.TABLE_MARGIN`` free spaces around it, where the start
Fritos cards go and where cards may later be added or moved. Cells are
numbered ``row * width + column``; a cell holds a card or is empty (oil).
"""

from __future__ import annotations

from . import data as D


def cell_name(cell: int, width: int) -> str:
    row, col = divmod(cell, width)
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


class Layout:
    """The table of one mode and player count (shared by its states, never mutated)."""

    mode: int
    players: int
    foods: tuple[int, ...]  # the food seats
    skill_amounts: dict[int, int]
    deck: list[int]  # cards per kind in the shuffled deck
    deck_size: int
    universe: list[int]  # cards per kind in the game
    cols: int
    rows: int
    last_row: int
    width: int
    height: int
    size: int
    names: tuple[str, ...]
    cell_by_name: dict[str, int]
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    step: tuple[tuple[int, ...], ...]
    nbrs: tuple[tuple[int, ...], ...]
    nbr_dirs: tuple[tuple[tuple[int, int], ...], ...]
    lines: tuple[tuple[int, ...], ...]
    initial: tuple[int, ...]
    start_spots: tuple[int, ...]
    team: tuple[int, ...]

    def __init__(self, mode: int, players: int):
        self.mode = mode
        self.players = players
        self.foods = D.food_seats(mode, players)
        self.skill_amounts = D.skill_amounts(len(self.foods))
        self.deck = D.deck_counts(mode, players)
        self.deck_size = sum(self.deck)
        self.universe = D.card_universe(mode, players)
        cols, rows, last = D.grid_shape(self.deck_size)
        self.cols, self.rows, self.last_row = cols, rows, last
        m = D.TABLE_MARGIN
        self.width = w = cols + 2 * m
        self.height = h = rows + 2 * m
        self.size = n = w * h
        self.names = tuple(cell_name(c, w) for c in range(n))
        self.cell_by_name = {name: c for c, name in enumerate(self.names)}
        self.row_of = tuple(c // w for c in range(n))
        self.col_of = tuple(c % w for c in range(n))
        # step[d][cell]: the neighbour in direction d, or -1 off the table
        self.step = tuple(
            tuple(
                (r + dr) * w + (c + dc) if 0 <= r + dr < h and 0 <= c + dc < w else -1
                for r, c in (divmod(cell, w) for cell in range(n))
            )
            for dr, dc in D.DIR_STEP
        )
        self.nbrs = tuple(tuple(self.step[d][c] for d in range(4) if self.step[d][c] >= 0) for c in range(n))
        # (neighbour, direction from cell to neighbour)
        self.nbr_dirs = tuple(tuple((self.step[d][c], d) for d in range(4) if self.step[d][c] >= 0)
                              for c in range(n))
        self.lines = tuple(
            tuple(x for x in range(self.row_of[c] * w, self.row_of[c] * w + w) if x != c)
            + tuple(x for x in range(self.col_of[c], n, w) if x != c)
            for c in range(n)
        )
        # the initial grid: full rows, then the (centred) last row
        initial: list[int] = []
        for r in range(rows):
            if r < rows - 1:
                cs = range(cols)
            else:
                off = (cols - last) // 2
                cs = range(off, off + last)
            initial.extend((r + m) * w + (c + m) for c in cs)
        self.initial = tuple(initial)
        assert len(self.initial) == self.deck_size
        grid = set(self.initial)
        # start Fritos cards: any empty space orthogonally next to a grid card
        self.start_spots = tuple(sorted({x for c in self.initial for x in self.nbrs[c] if x not in grid}))
        self.team = tuple(
            s if mode == D.VERSUS else (s % 2 if mode == D.TEAMS else (1 if s == D.CHEF_SEAT else 0))
            for s in range(players)
        )


_LAYOUTS: dict[tuple[int, int], Layout] = {}


def layout_for(mode: int, players: int) -> Layout:
    key = (mode, players)
    lay = _LAYOUTS.get(key)
    if lay is None:
        lay = _LAYOUTS[key] = Layout(mode, players)
    return lay
