"""One declaration of a state's fields, from which copy and serialisation are made.

A game's ``State`` names each of its fields once, with the codec that says
how the field is copied (a search copies states all the time, so this is a
hot path), written to a JSON-safe dict and read back::

    class FrogridersState(State):
        FIELDS = StateFields(
            board=LIST, units=LISTS, phase=SCALAR, played=TUPLES, _cache=CACHE,
        )
        __slots__ = FIELDS.slots

    FIELDS.install(FrogridersState, "frogriders")   # defines copy() and to_dict()
    state = FIELDS.load(FrogridersState, game, config, data)   # from_dict's body

The methods are generated once, as straight-line code (the way ``dataclasses``
makes ``__init__``), so a copy costs what a hand-written one does: one
assignment per field, no loop over a table and no ``getattr``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from .chance import MERSENNE_TWISTER


@dataclass(frozen=True)
class Codec:
    """How one field is copied, dumped and loaded: Python expressions over ``{v}``
    (the value). ``dump`` None: not serialised (``load`` then gives its value).
    ``key``: the dict key, where it is not the field's name (see ``stored_as``).
    ``since``: a field added after states were first stored: a dict without its key
    loads with ``{v}`` None (``load`` must accept that), so stored games outlive it."""

    copy: str
    dump: str | None
    load: str
    key: str | None = None
    since: bool = False


# immutable values: ints, strings, bools, None, frozen tuples of them
SCALAR = Codec("{v}", "{v}", "{v}")
# a tuple of scalars (or None), stored as a list
TUPLE = Codec("{v}", "None if {v} is None else list({v})", "None if {v} is None else tuple({v})")
# a list of scalars
LIST = Codec("{v}[:]", "{v}[:]", "list({v})")
# a list of lists of scalars
LISTS = Codec("[x[:] for x in {v}]", "[x[:] for x in {v}]", "[list(x) for x in {v}]")
# a list of tuples of scalars (the tuples are immutable: a shallow copy of the list)
TUPLES = Codec("{v}[:]", "[list(x) for x in {v}]", "[tuple(x) for x in {v}]")
# a list of lists of tuples
TUPLE_LISTS = Codec("[x[:] for x in {v}]", "[[list(t) for t in x] for x in {v}]",
                    "[[tuple(t) for t in x] for x in {v}]")
# a list of lists of lists of scalars
LISTS3 = Codec("[[y[:] for y in x] for x in {v}]", "[[y[:] for y in x] for x in {v}]",
               "[[list(y) for y in x] for x in {v}]")
# a derived cache: not copied, not stored
CACHE = Codec("None", None, "None")

# fields core.State declares (and its _init_base and _copy_base set): a game lists one only to
# copy it otherwise (a cache of legal moves that is replaced, never mutated, can be shared)
BASE_SLOTS = ("_moves",)


def shared(dump: str = "{v}", load: str = "{v}") -> Codec:
    """A value that is replaced, never mutated: copied by reference; ``dump`` and
    ``load`` as given."""
    return Codec("{v}", dump, load)


def custom(copy: str, dump: str | None, load: str) -> Codec:
    return Codec(copy, dump, load)


def stored_as(key: str, codec: Codec = SCALAR) -> Codec:
    """``codec`` stored under the dict key ``key`` rather than the field's name.

    Two or more fields stored as one key are written together as a list, in
    their declaration order (``lo=stored_as("span"), hi=stored_as("span")``
    gives ``"span": [lo, hi]``), so a dict format can outlive a renamed field.
    """
    return replace(codec, key=key)


class StateFields:
    """The ordered fields of a state class (keyword order is kept) and their codecs.

    Helpers a codec's expressions need (a game's own tuple-from-list function)
    are passed as ``helpers``: they become names in the generated code."""

    def __init__(self, helpers: Mapping[str, Callable] | None = None, **fields: Codec):
        for name, codec in fields.items():
            if not isinstance(codec, Codec):
                raise TypeError(f"field {name}: {codec!r} is not a Codec")
        self.fields = dict(fields)
        self.helpers = dict(helpers or {})
        self._load: Callable | None = None

    @property
    def slots(self) -> tuple[str, ...]:
        """The ``__slots__`` of the class: every field but those ``core.State`` holds itself
        (``_moves``, which a game lists here only to copy it by reference)."""
        return tuple(name for name in self.fields if name not in BASE_SLOTS)

    def _compile(self, source: str, name: str, scope: dict) -> Callable:
        namespace: dict[str, Any] = {}
        exec(compile(source, f"<StateFields {name}>", "exec"), {**self.helpers, **scope}, namespace)  # noqa: S102
        return namespace[name]

    def install(self, cls: type, game_name: str) -> None:
        """Give ``cls`` its ``copy`` and ``to_dict``, generated from the fields."""
        lines = ["def copy(self):", "    new = _new(_cls)", "    new._copy_base(self)"]
        # State's own __new__ (a compiled State allocates its native part there)
        for name, codec in self.fields.items():
            lines.append(f"    new.{name} = {codec.copy.format(v='self.' + name)}")
        lines.append("    return new")
        copy = self._compile("\n".join(lines), "copy", {"_new": cls.__new__, "_cls": cls})
        copy.__qualname__ = f"{cls.__name__}.copy"
        copy.__doc__ = "An independent copy (generated from FIELDS: boardbot.engine.fields)."
        to_dict = self.to_dict_function(game_name)
        to_dict.__qualname__ = f"{cls.__name__}.to_dict"
        cls.copy = copy
        cls.to_dict = to_dict

    def to_dict_function(self, game_name: str) -> Callable:
        """``to_dict(state)``, generated from the fields: what ``install`` gives a class, for a
        class that cannot be given methods (a compiled one calls it from its own ``to_dict``)."""
        lines = ["def to_dict(self):", "    out = {", f"        'game': {game_name!r},",
                 "        'config': dict(self.config),", "        'seed': self.seed,"]
        for key, dumps in self._stored().items():
            value = dumps[0] if len(dumps) == 1 else f"[{', '.join(dumps)}]"
            lines.append(f"        {key!r}: {value},")
        lines.append("    }")
        # the chance stream, when it is not rules version 1's (whose states are stored as before it)
        lines += ["    if self.stream != _MERSENNE_TWISTER:", "        out['stream'] = self.stream", "    return out"]
        to_dict = self._compile("\n".join(lines), "to_dict", {"_MERSENNE_TWISTER": MERSENNE_TWISTER})
        to_dict.__doc__ = "The whole state as a JSON-safe dict (generated from FIELDS)."
        return to_dict

    def _stored(self) -> dict[str, list[str]]:
        """Dict key -> the dump expressions of the fields stored under it, in order."""
        stored: dict[str, list[str]] = {}
        for name, codec in self.fields.items():
            if codec.dump is not None:
                stored.setdefault(codec.key or name, []).append(codec.dump.format(v='self.' + name))
        return stored

    def _loader(self) -> Callable:
        if self._load is None:
            stored = self._stored()
            lines = ["def load(s, data):"]
            taken: Counter = Counter()
            for name, codec in self.fields.items():
                value = "None"
                if codec.dump is not None:
                    key = codec.key or name
                    value = f"data.get({key!r})" if codec.since else f"data[{key!r}]"
                    if len(stored[key]) > 1:
                        value += f"[{taken[key]}]"
                        taken[key] += 1
                lines.append(f"    s.{name} = {codec.load.format(v=value)}")
            lines.append("    return s")
            self._load = self._compile("\n".join(lines), "load", {})
        return self._load

    def load(self, cls: type, game, config: dict, data: Mapping[str, Any]):
        """A ``cls`` state from ``to_dict``'s output (``config`` already validated)."""
        state = cls.__new__(cls)
        state._init_base(game, config, data["seed"])
        state.stream = data.get("stream", MERSENNE_TWISTER)  # stored before streams: rules version 1's
        return self._loader()(state, data)
