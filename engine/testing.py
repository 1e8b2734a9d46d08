"""Invariant checks every game must pass (used by the generic tests).

Kept in the package, not only under tests/, so a new game's author can run
``python -m boardbot.engine.testing <game>`` while writing it.
"""

from __future__ import annotations

import json
import random
import sys

from .core import TERMINAL, Game, State
from .playout import random_playout


def config_id(cfg: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in cfg.items())


def check_moves(state: State) -> list:
    moves = state.legal_moves()
    assert moves, "a running game must offer at least one legal move"
    assert len(set(moves)) == len(moves), f"duplicate legal moves: {moves}"
    texts = [state.move_text(m) for m in moves]
    assert all(isinstance(t, str) and t for t in texts)
    assert len(set(texts)) == len(texts), f"move texts are not unique: {texts}"
    assert moves == state.legal_moves(), "legal_moves must be stable"
    game = state.game
    for m in moves:
        assert isinstance(m, tuple) and isinstance(m[0], str), m
        assert game.move_from_dict(game.move_to_dict(m)) == m
        assert game.move_from_json(json.loads(json.dumps(game.move_to_json(m)))) == m
        for observer in [None, *range(state.num_seats)]:
            assert isinstance(state.public_move_text(m, observer), str)
    return moves


def check_serialisation(state: State) -> None:
    data = state.to_dict()
    text = json.dumps(data, sort_keys=True)
    restored = state.game.from_dict(json.loads(text))
    assert json.dumps(restored.to_dict(), sort_keys=True) == text, "serialisation round-trip differs"
    assert restored.decider() == state.decider()
    if state.decider() != TERMINAL:
        assert restored.legal_moves() == state.legal_moves()


def check_views(state: State, rng: random.Random) -> None:
    game = state.game
    decider = state.decider()
    json.dumps(state.view(None))
    for seat in range(state.num_seats):
        view = state.view(seat)  # compared as data (the same types: a tuple is no list), faster than as JSON
        frozen = json.dumps(view, sort_keys=True)
        for _ in range(2):
            world = state.sample_for(seat, rng)
            assert world.log is None
            assert world.view(seat) == view, (
                f"seat {seat}'s view changed when its hidden information was re-sampled"
            )
            assert world.decider() == decider
            if decider == seat:
                assert world.legal_moves() == state.legal_moves()
            elif decider != TERMINAL:
                # the other decider's moves are the sampled world's, not a cached real list
                fresh = game.from_dict(json.loads(json.dumps(world.to_dict())))
                assert world.legal_moves() == fresh.legal_moves(), (
                    f"a world sampled for seat {seat} offers the decider moves of another world")
        rebuilt = game.from_view(json.loads(frozen), rng)
        assert rebuilt.view(seat) == view, (
            f"from_view did not reproduce seat {seat}'s view"
        )
        assert rebuilt.decider() == decider
        if decider == seat:
            assert rebuilt.legal_moves() == state.legal_moves()
    assert json.dumps(state.view(decider if decider != TERMINAL else None), sort_keys=True)


def _differing_parts(a, b, path: tuple = ()) -> list[tuple]:
    """Paths of the smallest parts in which two serialised states differ: a dict
    key or a list item where the list holds containers (a seat's hand), else the
    whole value (a list of card ids or counts is one part)."""
    if a == b:
        return []
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return [p for k in a for p in _differing_parts(a[k], b[k], path + (k,))]
    if (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
            and all(isinstance(x, (list, dict)) for x in a + b)):
        return [p for i in range(len(a)) for p in _differing_parts(a[i], b[i], path + (i,))]
    return [path]


def secret_variants(state: State, observer: int, rng: random.Random, keys: tuple[str, ...]):
    """States that differ from ``state`` only in one other seat's secret holdings.

    A world is sampled for ``observer`` (``sample_for``); each part of the
    serialised state under one of ``keys`` (the fields that hold the seats'
    hidden cards, e.g. ``hands``) in which the world differs is spliced, alone,
    into a copy of ``state``. A variant is kept when the observer's and the
    spectator's views are unchanged and exactly one other seat's view changed:
    that seat's hidden cards are all that differ, while every pile, seed and
    board card stays as it was (so the next chance event is the same).
    Yields ``(seat, variant)``.
    """
    game = state.game
    data = state.to_dict()
    world = state.sample_for(observer, rng).to_dict()
    views = [state.view(q) for q in range(state.num_seats)]
    spectator = state.view(None)
    for path in _differing_parts(data, world):
        if path[0] not in keys:
            continue
        spliced = json.loads(json.dumps(data))
        target = spliced
        for k in path[:-1]:
            target = target[k]
        source = world
        for k in path:
            source = source[k]
        target[path[-1]] = source
        variant = game.from_dict(spliced)
        changed = [q for q in range(state.num_seats) if variant.view(q) != views[q]]
        if len(changed) == 1 and changed[0] != observer and variant.view(None) == spectator:
            yield changed[0], variant


def check_result(state: State) -> None:
    res = state.result()
    assert res is not None, "a terminal state must have a result"
    n = state.num_seats
    assert len(res.scores) == n and len(res.ranks) == n
    assert res.winners and all(0 <= w < n for w in res.winners)
    assert all(res.ranks[w] == 0 for w in res.winners)
    assert all((r == 0) == (i in res.winners) for i, r in enumerate(res.ranks))
    json.dumps(res.to_dict())
    # what the search reads at a rollout's end: the result's numbers (a game may skip its breakdown)
    outcome = state.outcome()
    assert outcome is not None and (tuple(outcome[0]), outcome[1], outcome[2]) == (res.scores, res.winners, res.ranks)


def full_check_game(game: Game, cfg: dict, seed: int, max_children: int = 12, view_fraction: float = 1.0) -> int:
    """Play one random game checking every invariant at every step.

    ``view_fraction`` < 1 runs the (costly) every-seat view, resampling and
    from_view checks on that random share of steps only, always including
    the first and the last. Returns the number of moves. Raises
    AssertionError on any violation.
    """
    rng = random.Random(seed)
    check_rng = random.Random(seed + 1)
    state = game.new_state(cfg, seed)
    history = []  # (copy, snapshot) pairs: no copy may change afterwards
    moves_played = []
    while True:
        check_serialisation(state)
        snapshot = json.dumps(state.to_dict(), sort_keys=True)
        twin = state.copy()
        assert json.dumps(twin.to_dict(), sort_keys=True) == snapshot
        history.append((twin, snapshot))
        if not moves_played or state.decider() == TERMINAL or check_rng.random() < view_fraction:
            check_views(state, check_rng)
        if state.decider() == TERMINAL:
            check_result(state)
            break
        assert state.result() is None and state.outcome() is None
        moves = check_moves(state)
        # every legal move applies to a copy, leaving the original unchanged
        sample = moves if len(moves) <= max_children else check_rng.sample(moves, max_children)
        for m in sample:
            child = state.copy()
            child.apply(m)
            child.decider()
        assert json.dumps(state.to_dict(), sort_keys=True) == snapshot, "applying to a copy changed the original"
        move = moves[rng.randrange(len(moves))]
        moves_played.append(move)
        state.apply(move)
        assert len(moves_played) < 100_000, "game does not end"
    for twin, snap in history:
        assert json.dumps(twin.to_dict(), sort_keys=True) == snap, "a copy shares mutable state with its original"
    # determinism: the same seed and moves give the same game
    replay = game.new_state(cfg, seed)
    for m in moves_played:
        replay.apply(m)
    assert json.dumps(replay.to_dict(), sort_keys=True) == json.dumps(state.to_dict(), sort_keys=True)
    return len(moves_played)


def quick_game(game: Game, cfg: dict, seed: int) -> State:
    """A random game with only the cheap end-of-game checks."""
    state = game.new_state(cfg, seed)
    random_playout(state, random.Random(seed), 100_000)  # RuntimeError: no legal move, or no end
    check_result(state)
    return state


def main(argv: list[str]) -> int:
    from . import registry

    name = argv[1]
    games = int(argv[2]) if len(argv) > 2 else 20
    game = registry.get(name)
    for cfg in game.configurations():
        total = 0
        for seed in range(games):
            total += full_check_game(game, cfg, seed)
        print(f"{name} {config_id(cfg)}: {games} games, {total / games:.1f} moves/game, all invariants hold")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
