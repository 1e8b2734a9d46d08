"""Dűlőre jutunk AI knowledge: legal, view-only, better than random."""

import json
import random
import statistics

from dulore_helpers import GAME, barrel, clear, fresh, play, turn, vineyard

from boardbot.engine.games.dulore_jutunk import data as D
from boardbot.engine.games.dulore_jutunk import policy as P


def _solo_mean(chooser, project, games):
    scores = []
    for seed in range(games):
        rng = random.Random(seed)
        s = GAME.new_state({"players": 1, "project": project}, seed)
        while not s.is_terminal():
            s.apply(chooser(s, rng))
        scores.append(s.result().scores[0])
    return statistics.mean(scores)


def _random(s, rng):
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


def test_heuristic_and_playout_policy_beat_random_in_the_solo_game():
    for project in ("easy", "expert"):
        rand = _solo_mean(_random, project, 12)
        playout = _solo_mean(GAME.playout_move, project, 12)
        greedy = _solo_mean(GAME.heuristic_move, project, 6)
        assert playout > rand + 5 and greedy > rand + 5, (project, rand, playout, greedy)


def test_policies_return_legal_moves_in_every_configuration():
    for cfg in GAME.configurations():
        rng = random.Random(1)
        s = GAME.new_state(cfg, 3)
        steps = 0
        while not s.is_terminal() and steps < 400:
            legal = s.legal_moves()
            m = GAME.playout_move(s, rng)
            assert m in legal
            if steps % 7 == 0:
                h = GAME.heuristic_move(s, rng)
                assert h in legal
                values = GAME.evaluate(s)
                assert len(values) == s.num_seats and all(0.0 <= v <= 1.0 for v in values)
            s.apply(m)
            steps += 1


def test_heuristic_uses_only_the_deciders_view():
    # the same view gives the same choice, whatever is hidden behind it
    s = fresh(3, seed=4)
    for _ in range(15):
        s.apply(GAME.playout_move(s, random.Random(0)))
    seat = s.decider()
    view = json.loads(json.dumps(s.view(seat)))
    other = GAME.from_view(view, random.Random(99))
    assert GAME.heuristic_move(s, random.Random(7)) == GAME.heuristic_move(other, random.Random(7))


def test_the_heuristic_fulfils_a_ready_order_and_bottles_a_ripe_barrel():
    s = clear(fresh(1, project="easy"))
    s.black = 6
    s.spaces = [0] * 6
    s.reserved[0] = [3]  # 2 red
    s.bottles[0] = [0, 2, 0]
    vineyard(s, D.RING.index("BR"), red=1)
    turn(s, 0)
    assert GAME.heuristic_move(s, random.Random(0))[0] == "fulfil"
    s = clear(fresh(1, project="easy"))
    s.black = 6
    s.spaces = [0] * 6
    s.reserved[0] = [3]
    barrel(s, 0, D.RED, 2)
    barrel(s, 0, D.WHITE, 0)
    barrel(s, 0, D.WHITE, 1)  # blocked; the white barrel on space 2 may bottle
    vineyard(s, D.RING.index("L"), red=1)  # age any
    vineyard(s, D.RING.index("TL"), red=1)
    turn(s, 0)
    play(s, ("harvest", D.RING.index("L")))
    assert GAME.heuristic_move(s, random.Random(0)) == ("age", "red", 2)


def test_value_rewards_progress_towards_an_order():
    s = clear(fresh(1, project="easy"))
    s.spaces = [0] * 6
    s.reserved[0] = [3]
    base = P.value(s, 0)
    barrel(s, 0, D.RED, 0)
    pressed = P.value(s, 0)
    s.cellar[0] = [0] * 6
    barrel(s, 0, D.RED, 2)
    aged = P.value(s, 0)
    s.cellar[0] = [0] * 6
    s.bottles[0] = [0, 2, 0]
    bottled = P.value(s, 0)
    assert base < pressed < aged < bottled


def test_greedy_tables_finish_their_games():
    # value() drops the plan of a seat whose game is ending; the greedy bot once never
    # fulfilled a game-ending order while it still planned others, and greedy tables stalled
    game = GAME
    for n in (2, 3, 4):
        for seed in range(5000, 5004):
            s = game.new_state(game.validate({"players": n}), seed)
            rng = random.Random(seed)
            while not s.is_terminal() and s.turn < 150 * n:
                s.apply(P.heuristic_move(s, rng))
            assert s.is_terminal(), (n, seed, s.turn, [len(r) for r in s.row])
