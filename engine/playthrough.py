"""Recorded playthroughs: regression files that show every rule change as a readable diff.

One text file per configuration a game lists in its ``playthroughs`` (its
game.py), under tests/playthroughs/<game>/: a seeded random game, with

* the header: the game, its ``rules_version``, the config and the seed;
* every observer's view at the start, one line per field (``path = value``,
  the value as JSON), each seat's and the spectator's;
* each decision: the seat's legal moves, the move played, what the other
  seats saw of it, the log lines with who may read them, and every field of
  every view that the move changed (``path removed`` when a field went);
* the result.

A line several observers read alike is written once, with the observers it is
for: ``view (all)``, ``view (seats 1, 2, spectator)``, ``view (seat 0)``. So a
rule change shows up in review as the lines it changes, and the files stay
small enough to read: 1.8 MB for the eleven recorded games (the digests of every
configuration before took 4.6 MB).

tests/test_playthroughs.py replays them (``check``). A file made under the
game's current ``rules_version`` must match the engine exactly: a difference
means a rule changed without a bump (``rule changed: bump rules_version and
regenerate``). Stored games are replayed only under the rules they were
played under (docs/storage.md), so a rule change must bump the game's
``rules_version``; then regenerate (one script):

    python -m boardbot.engine.playthrough [game ...]

It refuses to rewrite a file whose rules_version is unchanged but whose text
is not; after a change that is no rule (a move's wording, a view field added),
``--same-rules`` rewrites such files, and the review reads the diff.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import re
import sys
from typing import Any

from . import registry
from .core import TERMINAL, State
from .testing import config_id

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "playthroughs")
SEED = 20261129
REGENERATE = "python -m boardbot.engine.playthrough"
RULE_CHANGED = "rule changed: bump rules_version and regenerate"
SHORT = 100  # characters of a dict written on one line
_RULES_LINE = re.compile(r"^rules_version: (\d+)$", re.MULTILINE)


def _plain(value: Any) -> bool:
    """A value written on one line: a number, string, bool or null, or a list of them."""
    if isinstance(value, (list, tuple)):
        return not any(isinstance(item, (dict, list, tuple)) for item in value)
    return not isinstance(value, dict)


def _leaves(value: Any, path: str, out: dict[str, str]) -> None:
    """The view's fields as ``path -> value`` (JSON): nested dicts by ``.key``, lists holding
    dicts or lists by ``[i]``; a list of plain values is one field, and so is a short dict
    of them (a card, a cell, a row of counts)."""
    if isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False)
        if value and not (path and len(text) <= SHORT and all(_plain(v) for v in value.values())):
            for key, item in value.items():
                _leaves(item, f"{path}.{key}" if path else str(key), out)
            return
    elif not _plain(value):
        for i, item in enumerate(value):
            _leaves(item, f"{path}[{i}]", out)
        return
    out[path] = json.dumps(value, ensure_ascii=False)


def _fields(state: State, observer: int | None) -> dict[str, str]:
    out: dict[str, str] = {}
    _leaves(state.view(observer), "", out)
    return out


def _who(observers: list[int | None], seats: int) -> str:
    """``all``, or the seats and the spectator a line is for."""
    if len(observers) == seats + 1:
        return "all"
    numbers = [str(q) for q in observers if q is not None]
    names = ([f"seat{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"] if numbers else [])
    return ", ".join(names + (["spectator"] if None in observers else []))


def _view_lines(changes: dict[int | None, dict[str, str | None]], seats: int) -> list[str]:
    """The changed fields of every observer's view (None: the field went), each distinct
    change once with the observers that see it, grouped by those observers."""
    readers: dict[tuple[str, str | None], list[int | None]] = {}
    for observer, fields in changes.items():
        for change in fields.items():
            readers.setdefault(change, []).append(observer)
    groups: dict[str, list[str]] = {"all": []}
    for (path, value), observers in readers.items():
        groups.setdefault(_who(observers, seats), []).append(
            f"{path} removed" if value is None else f"{path} = {value}")
    return [f"  view ({who}): {line}" for who, lines in groups.items() for line in lines]


def record(name: str, cfg: dict, seed: int = SEED, rules_version: int | None = None) -> str:
    """The playthrough of ``name`` in ``cfg``: a random game from ``seed``, as text, under the
    game's rules version or an older one it still plays (``Game.older_versions``)."""
    game = registry.get(name)
    version = game.rules_version if rules_version is None else rules_version
    state = game.new_state(cfg, seed, version)
    state.log = []
    rng = random.Random(seed)
    seats = state.num_seats
    observers: list[int | None] = [*range(seats), None]
    lines = [f"game: {name}", f"rules_version: {version}",
             f"config: {json.dumps(game.validate(cfg), sort_keys=True)}", f"seed: {seed}", "",
             "views at the start:"]
    seen = {q: _fields(state, q) for q in observers}
    lines += _view_lines(seen, seats)
    step = 0
    while True:
        seat = state.decider()
        if seat == TERMINAL:
            break
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        lines.append(f"[{step}] seat {seat} chooses from {len(moves)}: "
                     + " | ".join(state.move_text(m) for m in moves))
        lines.append(f"  played: {state.move_text(move)}")
        others = {state.public_move_text(move, o) for o in range(seats) if o != seat}
        if others != {state.move_text(move)}:
            lines.append(f"  others saw: {' / '.join(sorted(others))}")
        state.apply(move)
        for visible_to, text in state.log:
            lines.append(f"  log{'' if visible_to is None else f' (seat {visible_to})'}: {text}")
        state.log.clear()
        changes = {}
        for q in observers:
            now = _fields(state, q)
            before = seen[q]
            changed: dict[str, str | None] = {k: v for k, v in now.items() if before.get(k) != v}
            changed.update((k, None) for k in before if k not in now)
            changes[q], seen[q] = changed, now
        lines += _view_lines(changes, seats)
        step += 1
    lines.append(f"result: {json.dumps(state.result().to_dict(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def path_for(name: str, cfg: dict, rules_version: int | None = None) -> str:
    """The file of a playthrough: ``<game>/<config>.txt`` under the game's rules version,
    ``<game>/rules-<version>/<config>.txt`` under an older one it still plays."""
    file = config_id(cfg).replace(",", "_").replace("=", "-") + ".txt"
    if rules_version is None or rules_version == registry.get(name).rules_version:
        return os.path.join(ROOT, name, file)
    return os.path.join(ROOT, name, f"rules-{rules_version}", file)


def cases(names=None):
    """(game, config) of every recorded playthrough: the configurations each game lists in
    ``playthroughs``."""
    for name in names or registry.names():
        for cfg in registry.get(name).playthroughs:
            yield name, cfg


def older_cases(names=None):
    """(game, config, rules version) of the playthroughs of the older rules versions each game
    still plays (``Game.older_versions``): recorded under that version, they play on as recorded."""
    for name in names or registry.names():
        for version in sorted(registry.get(name).older_versions):
            for cfg in registry.get(name).playthroughs:
                yield name, cfg, version


def recorded_rules_version(text: str) -> int | None:
    found = _RULES_LINE.search(text)
    return None if found is None else int(found.group(1))


def _rules_source(name: str) -> str:
    return type(registry.get(name)).__module__.replace("boardbot.", "", 1).replace(".", "/") + ".py"


def check(name: str, cfg: dict, rules_version: int | None = None) -> str | None:
    """What is wrong with the recorded playthrough of ``name`` in ``cfg`` (None: nothing):
    missing, recorded under another rules_version than the engine's, or, under the same
    one, not what the engine plays now (a rule changed without a bump). ``rules_version``: an
    older one the engine still plays, whose playthrough (its ``path_for``) must play as recorded."""
    path = path_for(name, cfg, rules_version)
    shown = os.path.relpath(path, os.path.dirname(ROOT))
    if not os.path.exists(path):
        return f"no recorded playthrough {shown}; run: {REGENERATE} {name}"
    with open(path, encoding="utf-8") as f:
        recorded = f.read()
    current = registry.get(name).rules_version if rules_version is None else rules_version
    was = recorded_rules_version(recorded)
    if was != current:
        return (f"{shown} was recorded under {name} rules version {was}, and the engine's is {current}: "
                f"regenerate: {REGENERATE} {name}")
    actual = record(name, cfg, rules_version=rules_version)
    if actual == recorded:
        return None
    diff = "".join(list(difflib.unified_diff(recorded.splitlines(True), actual.splitlines(True),
                                             f"{shown} (rules version {was})", "the engine now"))[:80])
    return (f"{RULE_CHANGED}: {name} plays differently under rules version {current} than {shown} recorded. "
            f"Bump rules_version in {_rules_source(name)}, then run {REGENERATE} {name} (if no rule changed, "
            f"only a text or a view field: {REGENERATE} --same-rules {name}).\n{diff}")


def stray_files(names=None) -> list[str]:
    """Files under tests/playthroughs/ of the games ``names`` (default: all) that no case
    writes (a configuration dropped from ``playthroughs``)."""
    wanted = {path_for(n, c) for n, c in cases(names)} | {path_for(n, c, v) for n, c, v in older_cases(names)}
    out = []
    for name in names or registry.names():
        for folder, _, files in sorted(os.walk(os.path.join(ROOT, name))):
            out += [p for p in (os.path.join(folder, f) for f in sorted(files)) if p not in wanted]
    return out


def main(argv: list[str]) -> int:
    """Regenerate the playthroughs of the games named (default: all); see the module docstring."""
    args = argv[1:]
    same_rules = "--same-rules" in args
    names = [a for a in args if a != "--same-rules"] or None
    for name in names or ():
        if name not in registry.names():
            print(f"unknown game {name!r} (known: {', '.join(registry.names())})", file=sys.stderr)
            return 2
    refused = 0
    for name, cfg in cases(names):
        path = path_for(name, cfg)
        text = record(name, cfg)
        if os.path.exists(path) and not same_rules:
            with open(path, encoding="utf-8") as f:
                old = f.read()
            if old != text and recorded_rules_version(old) == registry.get(name).rules_version:
                print(f"{path}: {RULE_CHANGED} ({_rules_source(name)}); or, if no rule changed, "
                      f"{REGENERATE} --same-rules {name}", file=sys.stderr)
                refused += 1
                continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(path)
    for name, cfg, version in older_cases(names):
        # an older version's playthrough is written once (a game of it moved there from the game's
        # folder when the version was bumped) and never rewritten: that version plays as it did
        path = path_for(name, cfg, version)
        if os.path.exists(path):
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(record(name, cfg, rules_version=version))
        print(path)
    for path in stray_files(names):
        os.remove(path)
        print(f"{path} (removed: not in the game's playthroughs)")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
