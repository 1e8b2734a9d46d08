"""Replay every recorded playthrough: a rule changed without a bump of the game's
rules_version fails here, as a readable diff of the views and moves it changed.

Regenerate after an intended change (engine/playthrough.py): bump the game's
rules_version, then python -m boardbot.engine.playthrough <game>
"""

import os

import pytest

from boardbot.engine import playthrough, registry
from boardbot.engine.playthrough import RULE_CHANGED, cases, check, older_cases, path_for, stray_files
from boardbot.engine.testing import config_id

from conftest import patchable_game

CASES = list(cases())
OLDER = list(older_cases())


@pytest.mark.parametrize("name,cfg", CASES, ids=[f"{n}[{config_id(c)}]" for n, c in CASES])
def test_playthrough_matches_the_recording(name, cfg):
    problem = check(name, cfg)
    if problem is not None:
        pytest.fail(f"playthrough of {name} {config_id(cfg)}: {problem}")


@pytest.mark.parametrize("name,cfg,version", OLDER, ids=[f"{n}[{config_id(c)}]-rules-{v}" for n, c, v in OLDER])
def test_an_older_rules_version_still_played_plays_as_recorded(name, cfg, version):
    # the playthroughs recorded under it (moved to rules-<version>/ at the bump, never rewritten)
    problem = check(name, cfg, version)
    if problem is not None:
        pytest.fail(f"playthrough of {name} {config_id(cfg)} under rules version {version}: {problem}")


def test_every_game_declares_its_rules_version_and_playthroughs():
    for game in registry.all_games():
        declared = type(game).__dict__  # the game's own class, not a default inherited
        assert isinstance(declared.get("rules_version"), int) and declared["rules_version"] >= 1, game.name
        assert declared.get("playthroughs"), game.name
        for cfg in game.playthroughs:
            game.validate(cfg)


def test_no_stray_playthrough_files():
    assert stray_files() == [], "configurations no game lists in playthroughs: regenerate (engine/playthrough.py)"
    assert sorted(os.listdir(playthrough.ROOT)) == sorted(registry.names())


def _changed_rule(monkeypatch, cls: type) -> None:
    """A rule change in ``cls``'s game: a seat with more than one legal move loses its last one."""
    legal_moves = cls.legal_moves
    monkeypatch.setattr(cls, "legal_moves", lambda self: (lambda ms: ms[:-1] if len(ms) > 1 else ms)(
        legal_moves(self)))


def test_a_rule_change_without_a_rules_version_bump_fails(monkeypatch):
    name, cls = patchable_game()
    cfg = next(c for n, c in CASES if n == name)
    assert check(name, cfg) is None
    _changed_rule(monkeypatch, cls)
    problem = check(name, cfg)
    assert problem is not None and problem.startswith(RULE_CHANGED), problem
    assert f"Bump rules_version in engine/games/" in problem and "chooses from" in problem  # the diff
    # the regeneration script refuses to record the new rules under the old rules_version
    with open(path_for(name, cfg), encoding="utf-8") as f:
        before = f.read()
    assert playthrough.main(["playthrough", name]) == 1
    with open(path_for(name, cfg), encoding="utf-8") as f:
        assert f.read() == before
    # bumped, the recording is stale until regenerated: the message says so
    game = registry.get(name)
    monkeypatch.setattr(game, "rules_version", game.rules_version + 1)
    problem = check(name, cfg)
    assert problem is not None and not problem.startswith(RULE_CHANGED)
    assert f"rules version {game.rules_version - 1}, and the engine's is {game.rules_version}: regenerate" in problem
