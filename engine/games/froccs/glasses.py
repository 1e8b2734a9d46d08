"""Glass contents, precomputed once so pouring and selling are table lookups.

A glass's contents are a tuple ``(size, zv, sz, sm, soda)``: its size in dl and how many cards of
each drink it holds. Every reachable glass (at most two wine types, which only Kiw Évi's glasses can
hold) is enumerated at import time, and a glass in a state is its code: its index in ``CONTENTS``.
Every table below is a list indexed by that code, so a lookup is a list read (a table keyed by the
contents tuple hashed the tuple again at every lookup: CPython 3.11 keeps no tuple's hash, and that
hashing was a tenth of a compiled search's instructions). Views, records and move texts show the
contents, as before (views.py, ``rules.FIELDS``).

The functions on contents (``total``, ``is_finished``, ``sale_price``, ...) are the rules the tables
are made from; ``render.py`` uses them on a view's glass too.
"""

from __future__ import annotations

from typing import Final

from . import data as D

Contents = tuple  # (size, zv, sz, sm, soda)


def _all_glasses() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for size in D.GLASS_SIZES:
        for zv in range(size + 1):
            for sz in range(size + 1 - zv):
                for sm in range(size + 1 - zv - sz):
                    if (zv > 0) + (sz > 0) + (sm > 0) > 2:
                        continue
                    for soda in range(size + 1 - zv - sz - sm):
                        out.append((size, zv, sz, sm, soda))
    return out


# CONTENTS[code]: every reachable glass's contents; CODE[contents]: its code
CONTENTS: Final[list[tuple[int, ...]]] = _all_glasses()
CODE: Final[dict[tuple, int]] = {g: code for code, g in enumerate(CONTENTS)}
EMPTY: Final[dict[int, int]] = {size: CODE[(size, 0, 0, 0, 0)] for size in D.GLASS_SIZES}
# in POUR and REMOVE: the drink may not be poured in, the glass holds none of it
NO_GLASS: Final = -1


def contents_list(code: int) -> list[int]:
    """A glass as a record stores it (rules.FIELDS): its contents as a list."""
    return list(CONTENTS[code])


def code_of(contents: list[int] | tuple[int, ...]) -> int:
    """The code of a stored glass (its contents as a list or tuple)."""
    return CODE[tuple(contents)]


def total(g: Contents) -> int:
    return g[1] + g[2] + g[3] + g[4]


def wine_count(g: Contents) -> int:
    return g[1] + g[2] + g[3]


def wine_types(g: Contents) -> int:
    return (g[1] > 0) + (g[2] > 0) + (g[3] > 0)


def best_wine(g: Contents) -> int:
    """The most valuable wine in the glass (a lower id is better), or -1."""
    for w in D.WINES:
        if g[1 + w]:
            return w
    return -1


def is_finished(g: Contents) -> bool:
    """Full, with at least one wine and at least one soda card."""
    return total(g) == g[0] and wine_count(g) >= 1 and g[4] >= 1


def _pour(g: Contents, card: int, kiw: bool) -> int:
    size = g[0]
    t = total(g)
    if t >= size:
        return NO_GLASS
    counts = list(g)
    counts[1 + card] += 1
    new = tuple(counts)
    if card != D.SODA and g[1 + card] == 0:
        kinds = wine_types(g)
        if kinds >= (2 if kiw else 1):
            return NO_GLASS  # one wine type per glass (two for Kiw Évi)
    if t + 1 == size and (wine_count(new) == 0 or new[4] == 0):
        return NO_GLASS  # a full glass is never all wine or all soda
    return CODE[new]


def _remove(g: Contents, card: int) -> int:
    if g[1 + card] == 0:
        return NO_GLASS
    new = list(g)
    new[1 + card] -= 1
    return CODE[tuple(new)]


def sale_price(g: Contents, wine_delta: int = 0) -> int:
    """Drinks-menu price of a finished glass, with ``wine_delta`` cards converted
    (Sarki Jézus); a glass topped up with soda (Vízköpő Karesz) has the same
    wine count. Two wine types (Kiw Évi) sell as the better wine."""
    wine = wine_count(g) + wine_delta
    return D.PRICES[(g[0], wine)][best_wine(g)]


def can_top_up(g: Contents) -> bool:
    """Vízköpő Karesz: missing only 1 dl and already holding wine."""
    return total(g) == g[0] - 1 and wine_count(g) >= 1


def describe(g: Contents) -> str:
    parts = [f"{g[1 + c]} {D.CARD_TITLES[c]}" for c in D.DRINKS if g[1 + c]]
    return f"{g[0]} dl: " + (" + ".join(parts) if parts else "empty")


# --- by code ---------------------------------------------------------------------------------------
SIZE: Final[list[int]] = [g[0] for g in CONTENTS]
TOTAL: Final[list[int]] = [total(g) for g in CONTENTS]
FINISHED: Final[list[bool]] = [is_finished(g) for g in CONTENTS]
CAN_TOP_UP: Final[list[bool]] = [can_top_up(g) for g in CONTENTS]
# a finished glass's drinks-menu price (no wine converted), 0 for the others
PRICE: Final[list[int]] = [sale_price(g) if is_finished(g) else 0 for g in CONTENTS]
# POUR[kiw][code][drink]: the glass after pouring the drink (ZV, SZ, SM, soda) in, NO_GLASS where it
# may not go
POUR: Final[tuple[list[tuple[int, ...]], ...]] = tuple([tuple(_pour(g, c, kiw) for c in D.DRINKS) for g in CONTENTS]
                                                      for kiw in (False, True))
# CAN_POUR[kiw][drink][code]: whether the drink may be poured into the glass (POUR's rows by drink)
CAN_POUR: Final[tuple[tuple[list[bool], ...], ...]] = tuple(
    tuple([POUR[kiw][g][c] != NO_GLASS for g in range(len(CONTENTS))] for c in D.DRINKS) for kiw in (0, 1))
# REMOVE[code][drink]: the glass after taking the drink out, NO_GLASS where it holds none
REMOVE: Final[list[tuple[int, ...]]] = [tuple(_remove(g, c) for c in D.DRINKS) for g in CONTENTS]
