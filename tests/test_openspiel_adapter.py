"""Our games as OpenSpiel games (the openspiel extra, which scripts/test installs).

Skipped where open_spiel is not installed, unless BOARDBOT_REQUIRE_OPENSPIEL=1 (scripts/test
sets it once open_spiel is there): then a failing import fails.
"""

import os
import random

import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL

if os.environ.get("BOARDBOT_REQUIRE_OPENSPIEL") == "1":
    import pyspiel  # noqa: F401
else:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[openspiel]')")

from boardbot.ai.openspiel_adapter import OpenSpielState, ismcts_bot, load  # noqa: E402


@pytest.mark.parametrize("name", registry.names())
def test_openspiel_plays_our_games(name):
    engine = registry.get(name)
    cfg = engine.validate(engine.configurations()[0])
    os_game = load(name, cfg, seed=3)
    state = os_game.new_initial_state()
    rng = random.Random(1)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == sorted(actions)
        moves = [os_game.move_of[a] for a in actions]
        assert moves == sorted(state.inner.legal_moves(), key=lambda m: os_game.action(m))
        state.apply_action(rng.choice(actions))
        steps += 1
    assert state.inner.decider() == TERMINAL and len(state.returns()) == cfg["players"]
    assert steps > 0


@pytest.mark.parametrize("lean", [False, True])
def test_openspiel_ismcts_answers_from_a_view(lean):
    name = registry.names()[0]
    engine = registry.get(name)
    cfg = engine.validate(engine.configurations()[0])
    truth = engine.new_state(cfg, 5)
    rng = random.Random(2)
    while len(truth.legal_moves()) < 2:
        truth.apply(rng.choice(truth.legal_moves()))
    seat = truth.decider()
    root = engine.from_view(truth.view(seat), random.Random(0))
    os_game = load(name, cfg)
    state: OpenSpielState = os_game.wrap(root).track()
    bot = ismcts_bot(os_game, 1, max_simulations=30, lean=lean)
    policy = bot.run_search(state)
    best = max(policy, key=lambda ap: ap[1])[0]
    assert os_game.move_of[best] in truth.legal_moves()
    assert bot.simulations == 30
