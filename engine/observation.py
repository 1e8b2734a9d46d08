"""Observations as numbers: a seat's view dict encoded as a flat float32 array.

Each game's ``observation.py`` turns one view (``State.view(seat)``, or the
spectator's ``view(None)``) into an array of a fixed size per configuration,
so an encoding can only ever hold what that seat may see. The layout is a list
of named blocks (``ObservationLayout``); docs/rules/<game>.md, "Observation",
lists them. Conventions, the same in every game:

* seats are **relative to the observer**: per-player blocks come in seat order
  starting with the observer (the spectator: seat 0), and a seat named by a
  field is encoded one-hot by its distance clockwise from the observer;
* categories are one-hot (all zero for "none"), sets of cards are counts;
* numbers are divided by a scale written in the layout, so they are mostly in [0, 1].

An encoder writes straight into a fresh zero array through a ``memoryview`` of it
(``begin``): a Python float stored through the view costs a fraction of a numpy
item assignment, and there is nothing to gather or convert at the end. Counts
(equal cards) are added in place (``out[i] += step``).
"""

from __future__ import annotations

import functools

import numpy as np


class ObservationLayout:
    """Named blocks of a flat observation, in order; ``size`` floats in all."""

    def __init__(self, num_seats: int):
        self.num_seats = num_seats
        self.blocks: list[tuple[str, int, int, str]] = []  # (name, offset, length, meaning)
        self.size = 0
        self.block("observer", num_seats + 1, "the observer's absolute seat one-hot; the last entry: the spectator")

    def block(self, name: str, length: int, doc: str) -> int:
        """Append a block; returns its offset."""
        offset = self.size
        self.blocks.append((name, offset, length, doc))
        self.size += length
        return offset

    def seats_block(self, name: str, doc: str) -> int:
        """One-hot of a seat relative to the observer (0: the observer), none: all zero."""
        return self.block(name, self.num_seats, doc + " (seat one-hot, relative to the observer)")

    def offset(self, name: str) -> int:
        for block, offset, _, _ in self.blocks:
            if block == name:
                return offset
        raise KeyError(name)

    def table(self) -> list[str]:
        """The layout as Markdown table rows (for docs/rules/<game>.md)."""
        rows = ["| Block | Offset | Length | Meaning |", "|---|---|---|---|"]
        rows += [f"| `{name}` | {offset} | {length} | {doc} |" for name, offset, length, doc in self.blocks]
        return rows


@functools.cache
def observer_order(seat: int, n: int) -> tuple[int, ...]:
    """Absolute seats in the order their per-player blocks appear."""
    first = seat if seat >= 0 else 0
    return tuple((first + k) % n for k in range(n))


@functools.cache
def relative_seats(seat: int, n: int) -> tuple[int, ...]:
    """absolute seat -> its position relative to the observer (index by seat)."""
    first = seat if seat >= 0 else 0
    return tuple((q - first) % n for q in range(n))


def begin(view: dict, size: int, num_seats: int, phases: dict | None = None, decider: str = "decider"
          ) -> tuple[np.ndarray, memoryview, int, tuple[int, ...], int]:
    """An encoder's start: the zero float32 array of ``size``, a memoryview to write into it,
    the observer's seat and every seat relative to it, with every layout's first blocks set:
    ``observer``; given the game's ``phases`` (name -> index), the one-hot of ``view["phase"]``;
    the seat to decide (``view[decider]``, relative). Also the offset of the next block."""
    obs = np.zeros(size, np.float32)
    out = memoryview(obs)
    seat = view["seat"]
    rel = relative_seats(seat, num_seats)
    out[seat if seat >= 0 else num_seats] = 1.0
    offset = num_seats + 1
    if phases is not None:
        out[offset + phases[view["phase"]]] = 1.0
        offset += len(phases)
    decides = view[decider]
    if decides >= 0:
        out[offset + rel[decides]] = 1.0
    return obs, out, seat, rel, offset + num_seats


def one_seat(out: memoryview, offset: int, rel: tuple[int, ...], seat: int) -> None:
    """Set a seat one-hot block (relative seats) at ``offset``; a negative seat (none) sets nothing."""
    if seat >= 0:
        out[offset + rel[seat]] = 1.0
