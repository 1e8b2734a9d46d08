"""Pond geometry, precomputed once per layout so leap generation is lookups.

Cells are numbered row * 9 + column on the 9x9 grid of data.POND. Every
table is keyed by the *landing* cell: legal leaps land on empty spaces, and
looking backwards from each empty space touches the fewest cells.

The leaps' move tuples are made once per layout (``leap_move``), so generating legal leaps
allocates nothing but the list. ``landings`` holds, per combination of the diagonal and L-shaped
privileges, every space in play as a ``Landing``: its straight, diagonal and L-shaped leaps in
that order as ``Leap`` objects (the two cells a leap needs occupied and its two moves) and its
run-ups. The compiled build reads a ``Leap``'s fields from its C struct, where a tuple of ints was
type-checked and unboxed item by item; the pure build reads them as slots, as fast as it unpacked
the tuple (docs/performance.md, Frogriders' "Stage 6").
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from .data import P_COLLECT_EITHER, P_DIAGONAL, P_L_SHAPED, P_RUN_UP, POND, PRIVILEGE_KINDS, SIZE

Move = tuple

# the privileges that change leap generation, as bits (FrogridersState.leap_privileges); the first
# two together are landing_leaps' index
DIAGONAL_LEAPS: Final = 1
L_SHAPED_LEAPS: Final = 2
RUN_UP_LEAPS: Final = 4
COLLECT_EITHER: Final = 8
# what each privilege card changes in leap generation, as those bits (0: nothing)
LEAP_PRIVILEGE: Final[tuple[int, ...]] = tuple(
    {P_DIAGONAL: DIAGONAL_LEAPS, P_L_SHAPED: L_SHAPED_LEAPS, P_RUN_UP: RUN_UP_LEAPS,
     P_COLLECT_EITHER: COLLECT_EITHER}.get(kind, 0) for kind in range(len(PRIVILEGE_KINDS)))


def leap_privileges(privileges: list[list[int]]) -> list[int]:
    """Each seat's privileges that change its leaps, as bits (``FrogridersState.leap_privileges``)."""
    out: list[int] = []
    for owned in privileges:
        bits = 0
        for card in owned:
            bits |= LEAP_PRIVILEGE[card]
        out.append(bits)
    return out


def leap_move(origin: int, over: int, to: int, collect_leaper: int) -> Move:
    """The move tuple of a leap (``Game.move_fields["leap"]``)."""
    return ("leap", origin, over, to, collect_leaper)

class Leap:
    """One leap onto a landing cell: the unit leapt ``over`` and the leaping unit's ``origin``
    (both must be occupied), its ``move`` and the same leap ``collecting`` the leaper."""

    __slots__ = ("over", "origin", "move", "collecting")

    over: i64
    origin: i64
    move: Move
    collecting: Move

    def __init__(self, over: i64, origin: i64, move: Move, collecting: Move):
        self.over = over
        self.origin = origin
        self.move = move
        self.collecting = collecting


class RunUp:
    """The run-up leaps over one unit onto a landing cell (the run-up privilege): ``space``, the
    cell behind ``over``, must be empty; the leaper is the nearest unit behind, ``leaps`` nearest
    first (``over`` the same in each)."""

    __slots__ = ("over", "space", "leaps")

    over: i64
    space: i64
    leaps: tuple[Leap, ...]

    def __init__(self, over: i64, space: i64, leaps: tuple[Leap, ...]):
        self.over = over
        self.space = space
        self.leaps = leaps


class Landing:
    """A space in play as a landing cell: its leaps with one combination of the diagonal and
    L-shaped privileges (straight, then diagonal, then L-shaped) and its run-ups."""

    __slots__ = ("cell", "leaps", "run_ups")

    cell: i64
    leaps: tuple[Leap, ...]
    run_ups: tuple[RunUp, ...]

    def __init__(self, cell: i64, leaps: tuple[Leap, ...], run_ups: tuple[RunUp, ...]):
        self.cell = cell
        self.leaps = leaps
        self.run_ups = run_ups


ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


class Layout:
    """The spaces in play and the leap tables for one player count."""

    cells: tuple[int, ...]
    all_spaces: tuple[int, ...]
    centre: int
    start_spaces: tuple[int, ...]
    flowers: set[int]
    edge: set[int]
    is_flower: list[bool]
    orthogonal_into: list[tuple[tuple[int, int], ...]]
    diagonal_into: list[tuple[tuple[int, int], ...]]
    l_shaped_into: list[tuple[tuple[int, int], ...]]
    run_up_rays: list[tuple[tuple[int, tuple[int, ...]], ...]]
    landings: tuple[tuple[Landing, ...], ...]

    def __init__(self, two_players: bool):
        usable: set[int] = set()
        self.flowers = set()
        self.edge = set()
        for r, row in enumerate(POND):
            for c, ch in enumerate(row):
                if ch == ".":
                    continue
                cell = r * SIZE + c
                if ch == "D":
                    self.edge.add(cell)
                    if two_players:
                        continue  # off limits: never a landing or run-up space
                if ch == "F":
                    self.flowers.add(cell)
                if ch == "Y":
                    self.centre = cell
                usable.add(cell)
        self.cells = tuple(sorted(usable))
        self.all_spaces = tuple(sorted(usable | self.edge))
        self.start_spaces = tuple(cell for cell in self.cells if cell != self.centre)  # a deal's units
        self.is_flower = [cell in self.flowers for cell in range(SIZE * SIZE)]

        def at(r: int, c: int) -> int | None:
            if 0 <= r < SIZE and 0 <= c < SIZE and r * SIZE + c in usable:
                return r * SIZE + c
            return None

        n = SIZE * SIZE
        # into[e] = ((over, from), ...): straight leaps landing on e
        self.orthogonal_into = [()] * n
        self.diagonal_into = [()] * n
        self.l_shaped_into = [()] * n
        # rays[e] = ((over, (cells behind over, nearest first)), ...)
        self.run_up_rays = [()] * n
        for e in self.cells:
            r, c = divmod(e, SIZE)
            self.orthogonal_into[e] = self._straight(at, r, c, ORTHOGONAL)
            self.diagonal_into[e] = self._straight(at, r, c, DIAGONAL)
            l_pairs: list[tuple[int, int]] = []
            for dr, dc in ORTHOGONAL:  # e = over + (dr, dc) sideways
                over = at(r - dr, c - dc)
                if over is None:
                    continue
                for pr, pc in ORTHOGONAL:  # leap direction perpendicular to the step
                    if pr * dr + pc * dc != 0:
                        continue
                    origin = at(r - dr - pr, c - dc - pc)
                    if origin is not None:
                        l_pairs.append((over, origin))
            self.l_shaped_into[e] = tuple(l_pairs)
            rays: list[tuple[int, tuple[int, ...]]] = []
            for dr, dc in ORTHOGONAL:
                over = at(r - dr, c - dc)
                if over is None:
                    continue
                ray: list[int] = []
                k = 2
                while (behind := at(r - k * dr, c - k * dc)) is not None:
                    ray.append(behind)
                    k += 1
                if len(ray) >= 2:  # a run-up needs an empty space and a leaper behind it
                    rays.append((over, tuple(ray)))
            self.run_up_rays[e] = tuple(rays)

        made: dict[tuple[int, int, int], Leap] = {}

        def leap(origin: int, over: int, to: int) -> Leap:
            """The leap's one ``Leap`` (its move tuples made once)."""
            key = (origin, over, to)
            if key not in made:
                made[key] = Leap(over, origin, leap_move(origin, over, to, 0), leap_move(origin, over, to, 1))
            return made[key]

        def leaps(combination: int, e: int) -> tuple[Leap, ...]:
            pairs = list(self.orthogonal_into[e])
            if combination & DIAGONAL_LEAPS:
                pairs.extend(self.diagonal_into[e])
            if combination & L_SHAPED_LEAPS:
                pairs.extend(self.l_shaped_into[e])
            return tuple(leap(origin, over, e) for over, origin in pairs)

        run_ups = {e: tuple(RunUp(over, ray[0], tuple(leap(origin, over, e) for origin in ray))
                            for over, ray in self.run_up_rays[e])
                   for e in self.cells}
        self.landings = tuple(tuple(Landing(e, leaps(combination, e), run_ups[e]) for e in self.cells)
                              for combination in range(4))

    @staticmethod
    def _straight(at, r: int, c: int, directions) -> tuple[tuple[int, int], ...]:
        pairs = []
        for dr, dc in directions:
            over = at(r - dr, c - dc)
            origin = at(r - 2 * dr, c - 2 * dc)
            if over is not None and origin is not None:
                pairs.append((over, origin))
        return tuple(pairs)


LAYOUTS = {True: Layout(two_players=True), False: Layout(two_players=False)}


def layout_for(players: int) -> Layout:
    return LAYOUTS[players == 2]
