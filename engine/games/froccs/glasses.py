"""Glass contents, precomputed once so pouring and selling are table lookups.

A glass is an immutable tuple ``(size, zv, sz, sm, soda)``: its size in dl and
how many cards of each drink it holds. Every reachable glass (at most two wine
types, which only Kiw Évi's glasses can hold) is enumerated at import time.
"""

from __future__ import annotations

from typing import Final

from . import data as D

def _all_glasses() -> list[tuple]:
    out = []
    for size in D.GLASS_SIZES:
        for zv in range(size + 1):
            for sz in range(size + 1 - zv):
                for sm in range(size + 1 - zv - sz):
                    if (zv > 0) + (sz > 0) + (sm > 0) > 2:
                        continue
                    for soda in range(size + 1 - zv - sz - sm):
                        out.append((size, zv, sz, sm, soda))
    return out


ALL: Final = _all_glasses()
# Each reachable glass as the one tuple of ALL: the tables below give these objects only, so a glass
# in a state (made by them) is the very key of every table keyed by glass, and a lookup compares it
# by identity instead of item by item.
CANON: Final[dict[tuple, tuple]] = {g: g for g in ALL}
EMPTY: Final[dict[int, tuple]] = {size: CANON[(size, 0, 0, 0, 0)] for size in D.GLASS_SIZES}


def total(g: tuple) -> int:
    return g[1] + g[2] + g[3] + g[4]


def wine_count(g: tuple) -> int:
    return g[1] + g[2] + g[3]


def wine_types(g: tuple) -> int:
    return (g[1] > 0) + (g[2] > 0) + (g[3] > 0)


def best_wine(g: tuple) -> int:
    """The most valuable wine in the glass (a lower id is better), or -1."""
    for w in D.WINES:
        if g[1 + w]:
            return w
    return -1


def is_finished(g: tuple) -> bool:
    """Full, with at least one wine and at least one soda card."""
    return total(g) == g[0] and wine_count(g) >= 1 and g[4] >= 1


def _pour(g: tuple, card: int, kiw: bool):
    size = g[0]
    t = total(g)
    if t >= size:
        return None
    counts = list(g)
    counts[1 + card] += 1
    new = tuple(counts)
    if card != D.SODA and g[1 + card] == 0:
        kinds = wine_types(g)
        if kinds >= (2 if kiw else 1):
            return None  # one wine type per glass (two for Kiw Évi)
    if t + 1 == size and (wine_count(new) == 0 or new[4] == 0):
        return None  # a full glass is never all wine or all soda
    return CANON[new]


# POUR[kiw][glass] -> (result for ZV, SZ, SM, soda), None where not allowed
POUR: Final[tuple[dict[tuple, tuple], ...]] = tuple({g: tuple(_pour(g, c, kiw) for c in D.DRINKS) for g in ALL}
                                                   for kiw in (False, True))
FINISHED: Final[dict[tuple, bool]] = {g: is_finished(g) for g in ALL}


def _remove(g: tuple, card: int):
    if g[1 + card] == 0:
        return None
    new = list(g)
    new[1 + card] -= 1
    return CANON[tuple(new)]


REMOVE: Final[dict[tuple, tuple]] = {g: tuple(_remove(g, c) for c in D.DRINKS) for g in ALL}


def sale_price(g: tuple, wine_delta: int = 0) -> int:
    """Drinks-menu price of a finished glass, with ``wine_delta`` cards converted
    (Sarki Jézus); a glass topped up with soda (Vízköpő Karesz) has the same
    wine count. Two wine types (Kiw Évi) sell as the better wine."""
    wine = wine_count(g) + wine_delta
    return D.PRICES[(g[0], wine)][best_wine(g)]


def can_top_up(g: tuple) -> bool:
    """Vízköpő Karesz: missing only 1 dl and already holding wine."""
    return total(g) == g[0] - 1 and wine_count(g) >= 1


def describe(g: tuple) -> str:
    parts = [f"{g[1 + c]} {D.CARD_TITLES[c]}" for c in D.DRINKS if g[1 + c]]
    return f"{g[0]} dl: " + (" + ".join(parts) if parts else "empty")
