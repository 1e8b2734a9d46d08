"""The AI's numbers mean one thing everywhere (issue 48).

Every ``CandidateStats`` that SuggestMove and ChooseMove return, in every game and every
configuration the registry lists (solo included), through a real server with search workers:
``value``, ``value_low`` and ``value_high`` are shares in [0, 1] in that order, and
``expected_score`` is set exactly where the API says (a solo game's visited moves), in points
within the game's score bounds, and is the same number as ``value`` on the other scale.

And one AI voice: the hint (SuggestMove on the hosted game) and the review (ChooseMove on the
view the seat had, as the review reads it back from WatchGame) with the same preset and seed
give the same move with the same numbers, so the review cannot call the hinted move a slip.
"""

from __future__ import annotations

import math
import random

import pytest

from boardbot.ai.utility import Reporting
from boardbot.engine import registry
from boardbot.server import convert
from boardbot.v1 import common_pb2

CONFIGS = [(name, cfg) for name in registry.names() for cfg in registry.get(name).configurations()]
PROBES = (0, 5, 25)  # ask at these of the seat's decisions with a choice (those the game reaches)
ITERATIONS = 48
# the fixtures ai (a client), ai_server and pool: conftest.py


def check_candidates(stats, name: str, cfg: dict, where: str) -> int:
    """Every candidate's numbers within their documented ranges; returns the visited ones."""
    game = registry.get(name)
    full = game.validate(cfg)
    bounds = game.score_bounds(full) if full["players"] == 1 else None
    visited = 0
    assert stats.candidates, where
    for c in stats.candidates:
        at = f"{where}: {c.text!r} {c.visits} visits"
        assert 0.0 <= c.value_low <= c.value <= c.value_high <= 1.0, (at, c.value_low, c.value, c.value_high)
        if c.visits == 0:
            assert (c.value, c.value_low, c.value_high) == (0.0, 0.0, 1.0), at
            assert not c.HasField("expected_score"), at
            continue
        visited += 1
        if c.visits == 1:
            assert (c.value_low, c.value_high) == (0.0, 1.0), at  # one value says nothing of its spread
        if bounds is None:
            assert not c.HasField("expected_score"), at
            continue
        assert c.HasField("expected_score"), at
        least, greatest = bounds
        score = c.expected_score
        assert least <= score.points_low <= score.points <= score.points_high <= greatest, (at, score)
        assert c.value == pytest.approx((score.points - least) / (greatest - least), abs=1e-9), at
        assert c.value_low == pytest.approx((score.points_low - least) / (greatest - least), abs=1e-9), at
        assert c.value_high == pytest.approx((score.points_high - least) / (greatest - least), abs=1e-9), at
    return visited


@pytest.mark.parametrize("name,cfg", CONFIGS, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in c.items())}"
                                                   for n, c in CONFIGS])
def test_every_value_suggest_and_choose_return_is_in_its_range(ai, name, cfg):
    config = convert.to_proto(common_pb2.GameConfig, name, cfg)  # the engine's spelling, as the API's
    game = ai.create_game(name, config, seats=["human"] * cfg["players"], seed=11)
    rng = random.Random(11)
    decisions = asked = visited = 0
    solo = cfg["players"] == 1
    while True:
        info = game.info()
        if not info.HasField("decider"):
            break
        seat = game.seat(info.decider)
        view = seat.view()
        if view.finished:
            break
        if len(view.legal_moves) > 1:
            if decisions in PROBES:
                where = f"{name} {cfg} v{view.version}"
                # the solo game at its preset's own budget (what the web table's hint asks), the
                # others at a small one: the ranges do not depend on the budget
                bot, iterations = ("ismcts:medium", None) if solo and decisions == 0 else ("", ITERATIONS)
                hint = seat.suggest(bot=bot, iterations=iterations, seed=decisions)
                visited += check_candidates(hint.stats, name, cfg, f"SuggestMove {where}")
                choice = ai.choose_move(name, view, bot="ismcts:easy", iterations=ITERATIONS, seed=decisions)
                visited += check_candidates(choice.stats, name, cfg, f"ChooseMove {where}")
                asked += 1
            decisions += 1
            if decisions > max(PROBES):
                break
        seat.play(move_id=rng.choice(view.legal_moves).id)
    assert asked >= 2 and visited > 0, (name, cfg, asked)


def test_every_solo_configuration_declares_its_score_bounds():
    # what a solo game's value is placed within (Reporting.of); without bounds it would be squashed
    solos = 0
    for name, cfg in CONFIGS:
        full = registry.get(name).validate(cfg)
        if full["players"] == 1:
            bounds = registry.get(name).score_bounds(full)
            assert bounds is not None and bounds[0] < bounds[1], (name, cfg)
            solos += 1
    assert solos >= 4  # Dűlőre jutunk's four projects


def test_reporting_maps_a_solo_score_onto_its_bounds_and_keeps_the_points():
    solo = Reporting(0.0, 114.0, True)
    c = solo.candidate(4, 4 * 19.0, 4 * 19.0 ** 2)  # four visits, all 19 points: no spread
    assert c["value"] == c["value_low"] == c["value_high"] == pytest.approx(19 / 114)
    assert c["score"] == (19.0, 19.0, 19.0)
    scores = [15, 17, 22, 18, 20, 21, 16, 19]
    c = solo.candidate(len(scores), sum(scores), sum(s * s for s in scores))
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    half = 1.96 * sd / math.sqrt(len(scores))
    assert c["score"] == pytest.approx((mean, mean - half, mean + half))
    assert (c["value_low"], c["value"], c["value_high"]) == pytest.approx(
        ((mean - half) / 114, mean / 114, (mean + half) / 114))
    # one visit, none: the whole range; never outside it
    assert solo.candidate(1, 30.0, 900.0)["score"] == (30.0, 0.0, 114.0)
    assert solo.candidate(0, 0.0, 0.0) == {"value": None, "value_low": 0.0, "value_high": 1.0, "score": None}
    wide = solo.candidate(2, 114.0, 114.0 ** 2)  # 0 and 114: an interval past both ends, clipped
    assert (wide["value_low"], wide["value_high"]) == (0.0, 1.0)


def test_reporting_keeps_shares_of_two_or_more_seats_and_gives_no_points():
    shared = Reporting()
    c = shared.candidate(10, 6.0, 6.0)  # six wins (1.0) and four losses (0.0)
    assert c["value"] == pytest.approx(0.6) and c["score"] is None
    assert 0.0 <= c["value_low"] < 0.6 < c["value_high"] <= 1.0
    # an evaluation a hair outside [0, 1] (a rollout cut-off's estimate) is reported within it
    over = shared.candidate(3, 3.03, 3 * 1.01 ** 2)
    assert over["value"] == 1.0 and over["value_high"] == 1.0
    # a solo game that declares no bounds: its points squashed into (0, 1), still in order
    free = Reporting(-math.inf, math.inf, True)
    low, high = free.candidate(5, 50.0, 520.0), free.candidate(5, 80.0, 1300.0)
    assert 0.0 < low["value"] < high["value"] < 1.0 and low["score"][0] == 10.0


@pytest.mark.parametrize("name", registry.names())
def test_the_review_of_a_hinted_move_is_the_hint(ai, name):
    """SuggestMove on the hosted game and ChooseMove on the seat's view of that version, read
    back from WatchGame as the review reads it, with one preset and one seed: one search, so
    one move with the same visits, values and intervals (the hinted move is the review's own)."""
    game = ai.create_game(name, None, seats=["human"] * registry.get(name).validate({})["players"], seed=3)
    rng = random.Random(3)
    checked = 0
    while checked < 2:
        info = game.info()
        seat = game.seat(info.decider)
        view = seat.view()
        if len(view.legal_moves) > 1:
            seed = 1000 + view.version  # the web table seeds its hint by the position
            # a preset with a named iteration budget: spent whole, so one seed gives one search (a
            # preset alone is a time budget since issue 47, and a clock does not replay)
            hint = seat.suggest(bot="ismcts:easy,iterations=200", seed=seed)
            replayed = next(v for _, v in seat.watch(0) if v.version == view.version)
            review = ai.choose_move(name, replayed, bot="ismcts:easy,iterations=200", seed=seed)
            assert review.move.id == hint.move.id and review.move.text == hint.move.text
            numbers = [[(c.move_id, c.visits, c.value, c.value_low, c.value_high) for c in r.stats.candidates]
                       for r in (hint, review)]
            assert numbers[0] == numbers[1]
            assert hint.stats.iterations == review.stats.iterations > 0
            checked += 1
        seat.play(move_id=rng.choice(view.legal_moves).id)
