"""A move shows no seat anything of another seat's hidden cards, for every game.

The view test (test_hidden_info.py) checks one position at a time. This one
checks the step from one position to the next: whether a seat is asked, what
it is asked and what everyone sees afterwards must not depend on a hidden hand
(Fröccs once asked a mischief card's target to react only when it held "This
is for you!", so the table learnt its hand).

At many positions of random games, for each observer, the engine's own
information-set sampling (State.sample_for) gives another world the observer
cannot tell apart; each part of it that is one other seat's hidden holding is
spliced alone into the real position (engine.testing.secret_variants), so that
the two positions differ in that seat's hidden cards and nothing else: same
piles, same board, same chance seed. The same move is applied to both; the
observer and the spectator must then see the same thing, and the same seat
must decide next.

Each game declares the serialised fields that hold the seats' hidden cards
(``Game.secret_fields``). Some moves show hidden cards because the rules say so
(Böske fends off with a random card that everybody sees): the game lists them
with the view keys they may change (``Game.shown_by_rule``). Whose decision it
is never depends on a hidden hand.
"""

import random

import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.testing import config_id, secret_variants

from conftest import STEP_FRACTION, scaled

GAMES = int(scaled(2, 30))


@pytest.mark.parametrize("name", registry.names())
def test_every_game_names_its_secret_fields(name):
    game = registry.get(name)
    assert game.secret_fields, f"{name} declares no secret_fields (the state's keys holding hidden cards)"
    for cfg in game.configurations():
        keys = set(game.new_state(cfg, 1).to_dict())
        assert set(game.secret_fields) <= keys, (config_id(cfg), sorted(set(game.secret_fields) - keys))
    kinds = set(game.move_fields) | {"*"}
    assert set(game.shown_by_rule) <= kinds, sorted(set(game.shown_by_rule) - kinds)


def _differences(a: dict, b: dict) -> set:
    return {k for k in a if a[k] != b.get(k)}


@pytest.mark.parametrize("name", registry.names())
def test_a_move_shows_nothing_of_a_hidden_hand(name):
    game = registry.get(name)
    checked = sum(_check_games(game, cfg) for cfg in game.configurations())
    assert checked > 0, "no position had a hidden hand to vary"


def _check_games(game, cfg) -> int:
    """Play GAMES random games of ``cfg``, checking the moves at a share of the
    positions; returns how many (position, variant) pairs were checked."""
    keys = game.secret_fields
    allowed = game.shown_by_rule
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        sampler = random.Random(seed + 20_000)
        state = game.new_state(cfg, seed)
        step = 0
        while state.decider() != TERMINAL:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if sampler.random() < STEP_FRACTION:
                after = state.copy()
                after.apply(move)
                for observer in range(state.num_seats):
                    for seat, variant in secret_variants(state, observer, sampler, keys):
                        if move not in variant.legal_moves():
                            continue  # the move itself needs a card the variant lacks
                        variant.apply(move)
                        where = (f"{config_id(cfg)}, seed {seed}, step {step}, {state.move_text(move)!r}: seat {seat}'s "
                                 f"hidden cards")
                        assert variant.decider() == after.decider(), (
                            f"{where} decide who moves next ({after.decider()} or {variant.decider()})")
                        if after.decider() == TERMINAL:
                            continue  # the final scoring shows everything
                        for who in (observer, None):
                            diff = _differences(after.view(who), variant.view(who))
                            assert diff <= allowed.get(move[0], set()) | allowed.get("*", set()), (
                                f"{where} change what {'the spectator' if who is None else f'seat {who}'} "
                                f"sees: {sorted(diff)}")
                        checked += 1
            state.apply(move)
            step += 1
    return checked
