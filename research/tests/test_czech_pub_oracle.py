"""research/czech_pub_oracle.py and czech_pub_passes.py: the oracle knows every hand and samples only the
deck and the die; the tested seat can be the plain or the pass-blind search; the passes bench runs."""

from __future__ import annotations

import random

from boardbot.engine import registry

from research_modules import load


def test_the_czech_pub_oracle_knows_every_hand_and_samples_only_the_deck_and_the_die():
    oracle = load("czech_pub_oracle")
    from boardbot.engine.games.czech_pub.data import POSLEDNI

    game = registry.get("czech-pub")
    state, rng = game.new_state({"players": 4}, 7), random.Random(7)
    for _ in range(120):  # into the game, past some draws and reactions
        state.apply(game.heuristic_move(state, rng))
    decks = set()
    for _ in range(20):
        world = oracle.oracle_world(state, rng)
        assert world.hands == state.hands and world.known == state.known
        assert sorted(world.deck) == sorted(state.deck) and world.seed != state.seed
        if POSLEDNI in world.deck:
            place = len(world.deck) - world.deck.index(POSLEDNI)
            assert state.lo_lo <= place <= state.lo_hi
        decks.add(tuple(world.deck))
    assert len(decks) > 1
    game_log = oracle.play((3, "ismcts:iterations=8", 5, (2, 0, 1)))
    assert game_log["seats"] == ["greedy", "oracle", "search"] and sorted(game_log["ranks"])[0] == 0
    stronger = oracle.play((3, "ismcts:iterations=8", 5, (0, 1, 2), "ismcts:iterations=16"))
    assert stronger["oracle_spec"] == "ismcts:iterations=16" and stronger["seats"] == ["oracle", "search", "greedy"]
    margins = [g["scores"][g["seats"].index("oracle")] - g["scores"][g["seats"].index("search")]
               for g in (game_log, stronger)]
    assert oracle.score_margin([game_log, stronger])[::2] == (sum(margins) / 2, 1)  # one deal, two seatings


def test_the_oracle_bench_can_seat_the_plain_or_the_pass_blind_search_and_the_passes_bench_runs(capsys):
    oracle = load("czech_pub_oracle")
    for worlds in ("passes", "uniform"):
        log = oracle.play((3, "ismcts:iterations=6", 5, (1, 0, 2), "ismcts:iterations=6", worlds))
        assert log["worlds"] == worlds and log["seats"] == ["search", "oracle", "greedy"]
    passes = load("czech_pub_passes")
    assert passes.main(["--players", "3", "--spec", "ismcts:iterations=10", "--asked", "2", "--games", "1",
                        "--samples", "4"]) == 0
    out = capsys.readouterr().out
    assert "ismcts:iterations=10, 3 players, 2 windows" in out and "passes weighed" in out
