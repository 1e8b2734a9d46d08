"""Stable action ids and numpy observations, the engine side of the learning
environments (docs/learning.md), for every game and configuration.

* every legal move of many random games has an id, and the id maps back to it;
  the numbering is the docs' (scripts/gen_learning_docs.py --check), so an id
  cannot change without the docs saying so;
* an observation is a float32 array of the layout's size, built from the view:
  re-sampling everything the seat cannot see (State.sample_for), or rebuilding
  a state from the seat's view (Game.from_view), gives the same array; the
  spectator's survives re-sampling for any seat;
* every block of a game's layout is used by some observation (a block that
  stays zero would be an offset or a key read wrong).
"""

import random

import numpy as np
import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, IllegalMove
from boardbot.engine.testing import config_id

from conftest import scaled

CASES = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]
GAMES = scaled(3, 40)


def random_states(game, cfg, games: int, every: float, seed: int = 0):
    """States of random games: a share ``every`` of the positions, and each end."""
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = game.new_state(cfg, seed * 1000 + g)
        while state.decider() != TERMINAL:
            if rng.random() < every:
                yield state, rng
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        yield state, rng


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_every_legal_move_has_a_stable_id(name, cfg):
    game = registry.get(name)
    space = game.action_space(cfg)
    assert space is game.action_space(dict(cfg)) and space.size == len(space.moves)
    assert [space.id(m) for m in space.moves] == list(range(space.size))
    assert sum(count for _, _, count in space.summary()) == space.size
    assert {m[0] for m in space.moves} == set(game.move_fields)
    for move in space.moves:
        assert len(move) == len(game.move_fields[move[0]]) + 1, move
    seen = set()
    for state, rng in random_states(game, cfg, GAMES, 1.0):
        if state.decider() == TERMINAL:
            continue
        moves = state.legal_moves()
        ids = space.legal_ids(moves)
        shuffled = moves[:]
        rng.shuffle(shuffled)
        assert space.legal_ids(shuffled) == ids and len(set(ids)) == len(moves)
        assert sorted(space.move(i) for i in ids) == sorted(moves)
        seen.update(ids)
    assert len(seen) > 0.15 * space.size or len(seen) > 60, "random games reach only a sliver of the space"
    with pytest.raises(IllegalMove):
        space.id(("no_such_move",))
    with pytest.raises(IllegalMove):
        space.move(space.size)


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_observations_come_from_the_view_alone(name, cfg):
    game = registry.get(name)
    layout = game.observation_layout(cfg)
    blocks = layout.blocks
    assert blocks[0][1] == 0 and all(a[1] + a[2] == b[1] for a, b in zip(blocks, blocks[1:]))
    assert blocks[-1][1] + blocks[-1][2] == layout.size
    checked = 0
    for state, rng in random_states(game, cfg, GAMES, 0.15, seed=1):
        spectator = game.observe(state.view(None))
        assert spectator.shape == (layout.size,) and spectator.dtype == np.float32
        for seat in range(state.num_seats):
            view = state.view(seat)
            mine = game.observe(view)
            assert mine.shape == (layout.size,) and mine.dtype == np.float32
            assert np.isfinite(mine).all() and np.abs(mine).max() <= 20, np.abs(mine).max()
            world = state.sample_for(seat, rng)
            assert np.array_equal(game.observe(world.view(seat)), mine), (
                f"seat {seat}'s observation changed when its hidden information was re-sampled")
            assert np.array_equal(game.observe(world.view(None)), spectator)
            if state.decider() != TERMINAL:
                rebuilt = game.from_view(view, rng)
                assert np.array_equal(game.observe(rebuilt.view(seat)), mine)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", registry.names())
def test_every_observation_block_is_used(name):
    game = registry.get(name)
    unused = None
    for cfg in game.configurations():
        layout = game.observation_layout(cfg)
        seen = np.zeros(layout.size, bool)
        for state, _ in random_states(game, cfg, 3, 1.0, seed=2):
            for seat in [None, *range(state.num_seats)]:
                seen |= game.observe(state.view(seat)) != 0
        here = {block for block, offset, length, _ in layout.blocks if not seen[offset:offset + length].any()}
        unused = here if unused is None else unused & here
    assert not unused, f"blocks never set in any configuration: {sorted(unused)}"


def test_observations_tell_the_seats_apart():
    # the same position seen by two seats: each sees itself first and its own hidden cards
    for game in registry.all_games():
        cfg = next(c for c in game.configurations() if game.validate(c)["players"] >= 2)
        state = game.new_state(cfg, 7)
        assert not np.array_equal(game.observe(state.view(0)), game.observe(state.view(1))), game.name


def test_fritanga_observation_holds_the_pending_decisions_arguments():
    # the top frame's arguments (docs/rules/fritanga.md, blocks `effect` to `frame_cells`),
    # read back from the array and compared with the view's frame, in random games of each mode
    game = registry.get("fritanga")
    push, switch, steal, taste, remove = range(5)  # data.EFFECT_TEXT order
    windows = {"no_frying_way_window", "chef_reaction_window_no_frying_way"}
    left_at = {"breadcrumbs_place": 1, "f_rays_peek": 1, "maintenance_take": 1, "maintenance_place": 1,
               "skim_remove": 0, "lid_reveal": 0, "spatula_target": 0, "taste_target": 0}
    seen = set()
    for cfg in ({"players": 4, "mode": "versus"}, {"players": 5, "mode": "chef"}, {"players": 6, "mode": "teams"}):
        layout = game.observation_layout(cfg)
        n = cfg["players"]
        for state, _ in random_states(game, cfg, scaled(6, 40), 1.0, seed=3):
            if state.decider() == TERMINAL:
                continue
            seat = state.decider()
            view = state.view(seat)
            obs = game.observe(view)
            block = {name: obs[offset:offset + length] for name, offset, length, _ in layout.blocks}
            frame, args = view["stack"][-1]["frame"], view["stack"][-1]["args"]

            def rel(q):
                return (q - seat) % n

            hot = {name: set(np.flatnonzero(block[name])) for name in
                   ("effect", "effect_seat", "effect_target", "effect_direction", "frame_seat", "frame_card",
                    "frame_cells")}
            want = {name: set() for name in hot}
            if frame in windows:
                effect, a, b = args[2:]
                want["effect"] = {effect}
                if effect == remove:
                    want["frame_cells"] = {a}
                else:
                    want["effect_seat"] = {rel(a)}
                if effect == push:
                    want["effect_direction"] = {b}
                if effect in (switch, steal):
                    want["effect_target"] = {rel(b)}
                seen.add(("window", effect))
            if frame in ("chef_reaction_window", "chef_reaction_window_no_frying_way", "spatula_direction",
                         "knife_remove"):
                want["frame_seat"] = {rel(args[0])}
                seen.add(frame)
            if frame == "chef_reaction_window":
                want["frame_card"] = {args[1]}
            cells = {"f_rays_peek": args[2:3], "maintenance_take": args[2:4], "maintenance_place": args[2:3],
                     "cold_water_geyser": args[1:2], "stir_swap": args[0:1]}.get(frame, [])
            want["frame_cells"] |= {c for c in cells if c >= 0}
            assert hot == want, (frame, args)
            expected_left = args[left_at[frame]] / 7 if frame in left_at else 0.0  # the Lid with 6 foods
            assert block["frame_left"][0] == pytest.approx(expected_left), (frame, args)
            if frame in left_at:
                seen.add(frame)
    # the kinds of decision with arguments that random games reach
    assert {("window", push), ("window", remove), "chef_reaction_window", "breadcrumbs_place",
            "spatula_target"} <= seen, seen
