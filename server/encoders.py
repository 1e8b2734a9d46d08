"""The engine-dict encoders of ``boardbot.server.convert``, walked from a plan made once per
message type; compiled with mypyc (engine/build.py, COMPILED_MODULES) as a server's views pass
through them on every first read of a version.

An engine dict becomes the dict a protobuf message's constructor takes (``SeatView(view=...)``)
by rewriting only what differs: an enum's engine string as its number, an optional integer's
-1 dropped, and the same for the messages it holds. ``convert`` reads the descriptors and makes
the ``Plan`` of each message type that needs a rewrite (the types that need none go as they
are: ``Step.sub`` is None); this module knows no protobuf and no game.

A field the plan rewrites and the dict lacks stays missing (the constructor leaves it unset, as
the reference path does); a value the tables do not know raises KeyError (or TypeError,
ValueError), and ``convert`` then takes its reference path, which converts it the JSON way or
says what does not fit.
"""

from __future__ import annotations

from typing import Any, Callable, Final

ENUM: Final = 0  # an enum without presence: its engine string (or value name, number) as the number
ENUMS: Final = 1  # a repeated enum
OPTIONAL_ENUM: Final = 2  # an enum with presence: None stays unset; anything else unknown is refused
MESSAGE: Final = 3  # a sub-message whose dict needs a rewrite (``sub``)
MESSAGES: Final = 4  # a repeated one
SENTINEL: Final = 5  # an optional integer of a view or move: the engine's -1 is unset (dropped)
KEPT: Final = 6  # a repeated message of scalars: left out, its elements' bytes given apart (``Kept``)
NONE: Final = -1
_MISSING: Final = object()


class Step:
    """One field of a message type to rewrite: its key, how, and the enum's table (engine
    string, value name or number -> number) or the sub-message's plan."""

    def __init__(self, kind: int, key: str, table: dict | None = None, sub: "Plan | None" = None,
                 kept: "Kept | None" = None) -> None:
        self.kind = kind
        self.key = key
        self.table: dict = {} if table is None else table
        self.sub = sub
        self.kept = kept


class Kept:
    """A ``KEPT`` field's elements serialized, by their values: ``make(element)`` (``convert``'s:
    the element alone in its field, built by the constructor and serialized) kept for the next
    view that holds an equal element (a board's cells change a few at a time); emptied when it
    holds ``limit``. Only elements with the keys of the first one made (``names``, in its order)
    are kept: for those, equal values are equal elements."""

    def __init__(self, make: Callable[[dict], bytes], limit: int) -> None:
        self.make = make
        self.limit = limit
        self.made: dict = {}
        self.names: tuple[Any, ...] | None = None


class Plan:
    """The fields of a message type to rewrite (filled in after it is made: a type may hold
    itself)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.steps: list[Step] = []


def encode(plan: Plan, data: dict, parts: list | None = None) -> dict:
    """The constructor's input for ``data``, an engine dict of the plan's type (a new dict;
    ``data`` and what it holds are not changed). A plan with ``KEPT`` steps (``convert``'s
    ``kept_arg``) leaves those fields out and appends their elements' bytes to ``parts``."""
    out = data.copy()
    for step in plan.steps:
        key = step.key
        value: Any = data.get(key, _MISSING)
        if value is _MISSING:
            continue
        kind = step.kind
        if kind == ENUM:
            out[key] = step.table[value]
        elif kind == MESSAGES:
            sub = step.sub
            assert sub is not None
            out[key] = [encode(sub, item) for item in value]
        elif kind == ENUMS:
            table = step.table
            out[key] = [table[item] for item in value]
        elif kind == MESSAGE:
            if value is not None:
                sub = step.sub
                assert sub is not None
                out[key] = encode(sub, value)
        elif kind == OPTIONAL_ENUM:
            if value is not None:
                out[key] = step.table[value]
        elif kind == SENTINEL:
            if value == NONE:
                del out[key]
        elif kind == KEPT:
            if value is not None:
                assert parts is not None and step.kept is not None
                _kept_parts(step.kept, value, parts)
                del out[key]
    return out


def _kept_parts(kept: Kept, items: Any, parts: list) -> None:
    made = kept.made
    for item in items:
        element: dict = item  # (not a dict: TypeError, the reference path's to judge)
        names = kept.names
        if names is None:
            names = kept.names = tuple(element)
        # by its values alone (one dict walk, no tuple per item), the keys checked against the
        # first element's in the same walk; a value that is no key (a list): TypeError, as above
        values: list = []
        same = len(element) == len(names)
        for name, value in element.items():
            if same and name is not names[len(values)] and name != names[len(values)]:
                same = False
            values.append(value)
        if not same:
            parts.append(kept.make(element))  # another shape (no engine gives one): made, not kept
            continue
        key = tuple(values)
        hit = made.get(key)
        if hit is None:
            hit = kept.make(element)
            if len(made) >= kept.limit:
                made.clear()
            made[key] = hit
        parts.append(hit)
