"""Stable action ids: every move a game can have under one configuration, numbered.

A game declares its moves kind by kind (``Game.action_kinds``): for each move
kind in a fixed order, every tuple of field values that kind can ever take.
``ActionSpace`` numbers them in that order, so a move's id depends only on the
game and its configuration, never on the order of a legal-move list. Learning
environments (``boardbot.learning``) use the ids as their discrete actions and
the legal moves as a mask over them; docs/rules/<game>.md, "Action ids", lists
each game's kinds.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Sequence

from .errors import IllegalMove

Move = tuple


def fields(*domains: Iterable) -> list[tuple]:
    """Every combination of the given per-field values, the last field fastest."""
    return list(product(*domains))


class ActionSpace:
    """Moves <-> ids ``0 .. size - 1``.

    ``kinds``: ``(kind, rows)`` pairs in id order, ``rows`` the tuples of the
    kind's remaining fields (``[()]`` for a move without fields).
    """

    __slots__ = ("moves", "ids", "ranges", "size")

    def __init__(self, kinds: Iterable[tuple[str, Iterable[tuple]]]):
        moves: list[Move] = []
        ranges: dict[str, tuple[int, int]] = {}
        for kind, rows in kinds:
            if kind in ranges:
                raise ValueError(f"move kind {kind!r} declared twice")
            start = len(moves)
            moves.extend((kind, *row) for row in rows)
            ranges[kind] = (start, len(moves))
        self.moves: tuple[Move, ...] = tuple(moves)
        self.ids: dict[Move, int] = {m: i for i, m in enumerate(moves)}
        if len(self.ids) != len(moves):
            raise ValueError("a move is declared twice")
        self.ranges = ranges
        self.size = len(moves)

    def id(self, move: Move) -> int:
        try:
            return self.ids[move]
        except KeyError:
            raise IllegalMove(f"{move!r} has no action id in this configuration") from None

    def move(self, action: int) -> Move:
        if not 0 <= action < self.size:
            raise IllegalMove(f"action id {action} is not in 0..{self.size - 1}")
        return self.moves[action]

    def legal_ids(self, moves: Sequence[Move]) -> list[int]:
        """The ids of ``moves`` (a legal-move list), ascending."""
        ids = self.ids
        return sorted(ids[m] for m in moves)

    def summary(self) -> list[tuple[str, int, int]]:
        """``(kind, first id, count)`` per kind, in id order (for the docs)."""
        return [(kind, start, stop - start) for kind, (start, stop) in self.ranges.items()]
