"""The statistics behind bench/ladder.py and bench/strength_table.py (the figures in docs/ai.md).

The benches print figures and assert nothing; these tests check that what
they compute is right: the rating fit recovers known strengths, the schedule
is balanced, ranks become pairwise results, sides and verdicts follow the
definitions, and one tiny run of each goes end to end on a real game.
"""

from __future__ import annotations

import gzip
import itertools
import json
import random
from collections import Counter

import numpy as np
import pytest

from boardbot.engine import registry

from bench_modules import load


ladder = load("ladder")
table = load("strength_table")


def test_the_rating_fit_recovers_known_strengths():
    true = [0.0, 150.0, 400.0, 700.0]
    rng = random.Random(3)
    pairs = []
    for _ in range(1500):
        for a, b in itertools.combinations(range(4), 2):
            p = 1.0 / (1.0 + 10 ** ((true[b] - true[a]) / 400.0))
            pairs.append((a, b, 1.0 if rng.random() < p else 0.0))
    fitted = ladder.fit_ratings(pairs, 4, prior_draws=0.0)
    assert fitted[0] == 0.0
    for got, want in zip(fitted, true):
        assert abs(got - want) < 40, (list(fitted), true)


def test_a_bot_that_never_loses_gets_a_finite_rating_from_the_virtual_draws():
    pairs = [(1, 0, 1.0)] * 50
    fitted = ladder.fit_ratings(pairs, 2)
    assert 300 < fitted[1] < 2000


def test_the_schedule_seats_each_bot_in_each_seat_equally_often_within_its_groups():
    for players in (2, 3):
        seatings = ladder.schedule(list("abcde"), players, rounds=2)
        groups = Counter(tuple(sorted(s)) for s in seatings)
        assert set(groups) == {tuple(range(i, i + players)) for i in range(5 - players + 1)}
        for group in groups:
            seats = Counter((q, s[q]) for s in seatings if tuple(sorted(s)) == group for q in range(players))
            assert set(seats.values()) == {2}  # each bot of the group in each seat once per round
    everyone = ladder.schedule(list("abcd"), 2, rounds=1, meet="all")
    assert len(everyone) == 12 and len({tuple(sorted(s)) for s in everyone}) == 6


def test_ranks_become_pairwise_results():
    result = {"seating": [2, 0, 1], "ranks": [1, 0, 1]}
    assert sorted(ladder.pair_results(result)) == [(0, 1, 1.0), (2, 0, 0.0), (2, 1, 0.5)]


def test_sides_and_the_fair_share():
    assert table.sides_of("froccs", {"players": 3}) == [[0], [1], [2]]
    assert table.sides_of("fritanga", {"players": 5, "mode": "teams"}) == [[0, 2, 4], [1, 3]]
    assert table.sides_of("fritanga", {"players": 4, "mode": "chef"}) == [[0], [1, 2, 3]]


@pytest.mark.parametrize("wins,games,fair,expected", [
    (30, 40, 0.25, "met"),       # 0.75: three times the share, lower bound far above it
    (15, 40, 0.25, "open"),      # 0.375 = 1.5 times, but the lower bound (0.24) is not above 0.25
    (30, 80, 0.25, "met"),       # the same rate on twice the games clears it
    (2, 80, 0.25, "not met"),    # even the upper bound is below 0.375
])
def test_the_verdict(wins, games, fair, expected):
    assert table.verdict(wins, games, fair) == expected


def test_one_tiny_run_of_each_bench_end_to_end():
    row = table.measure(None, "frogriders", {"players": 2, "public_back": "none", "privilege_deck": "28"},
                        "ismcts:iterations=5", "greedy", [2], seed=1, baseline_games=2)
    assert row["games"] == 2 and row["fair_share"] == 0.5 and 0.0 <= row["win_rate"] <= 1.0
    assert row["baseline_games"] == 2 and row["verdict"] in ("met", "not met", "open")
    report = ladder.rate_game("frogriders", ["random", "greedy"], rounds=1, seed=1, jobs=1, samples=10)
    assert report["games"] == 2 and [r["bot"] for r in report["ratings"]] == ["random", "greedy"]
    assert report["ratings"][0]["rating"] == 0 and report["presets_in_order"] is None
    assert "| frogriders | 2 | 2 |" in ladder.markdown([report])
    assert "| frogriders | – | 2 | 2 |" in table.markdown([row])
    assert table.sides_markdown([row]) == ""  # one seat a side: nothing to break down


def test_a_role_game_is_broken_down_by_side():
    cfg = {"players": 3, "mode": "chef"}
    row = table.measure(None, "fritanga", cfg, "ismcts:iterations=5", "greedy", [4], seed=2, baseline_games=4)
    chef, foods = row["by_side"]
    assert (chef["seats"], foods["seats"]) == ([0], [1, 2]) and chef["games"] == foods["games"] == 2
    # the row's win rate is the mean of the sides' (each side played equally often)
    assert abs((chef["win_rate"] + foods["win_rate"]) / 2 - row["win_rate"]) < 1e-3
    assert 0.0 <= chef["greedy_baseline"] <= 1.0 and 0.0 <= foods["greedy_baseline"] <= 1.0
    text = table.sides_markdown([row])
    assert "| fritanga | chef | 3 | the chef | 2 |" in text and "| the foods |" in text


def test_logged_ladder_games_add_up_across_runs_and_count_once(tmp_path):
    log = tmp_path / "ladder.jsonl"
    bots = ["random", "greedy"]
    first = ladder.rate_game("frogriders", bots, rounds=1, seed=1, jobs=1, samples=10, log=str(log))
    ladder.rate_game("frogriders", bots, rounds=1, seed=2, jobs=1, samples=10, log=str(log))
    ladder.rate_game("frogriders", bots, rounds=1, seed=1, jobs=1, samples=10, log=str(log))  # seed 1 again
    assert len(log.read_text().splitlines()) == 6
    [merged] = ladder.rate_logs([str(log)], samples=10, seed=1)
    assert merged["games"] == 4 and merged["seeds"] == [1, 2]
    assert [r["games"] for r in merged["ratings"]] == [4, 4]
    # one seed's games alone rate as the run that played them did
    subset = [r for r in map(json.loads, log.read_text().splitlines()) if r["seed"] == 1][:2]
    again = ladder.rate_results("frogriders", first["config"], bots, subset, seed=1, samples=10)
    assert [r["rating"] for r in again["ratings"]] == [r["rating"] for r in first["ratings"]]
    reordered = ladder.rate_results("frogriders", first["config"], ["greedy", "random"],
                                    [dict(r, seating=[1 - k for k in r["seating"]]) for r in subset], 1, 10)
    text = ladder.markdown([merged, reordered])  # two sets of bots: two tables
    assert text.count("| game | players | games |") == 2



def test_a_logged_game_records_its_build_and_builds_are_not_rated_together_unknowingly(tmp_path, capsys):
    # the presets are time budgets: the compiled build spends one on several times the pure build's
    # iterations, so a game's log says which build played it, and rating two builds together warns
    from boardbot.engine import build
    log = tmp_path / "ladder.jsonl"
    ladder.rate_game("frogriders", ["random", "greedy"], rounds=1, seed=1, jobs=1, samples=10, log=str(log))
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert {g["build"] for g in games} == {build.describe()}
    [rated] = ladder.rate_logs([str(log)], samples=10, seed=1)
    assert rated["builds"] == {build.describe(): 2} and "builds" not in capsys.readouterr().err
    games[0]["build"] = "pure Python (BOARDBOT_PURE=1)"
    log.write_text("".join(json.dumps(g) + "\n" for g in games))
    [mixed] = ladder.rate_logs([str(log)], samples=10, seed=1)
    assert mixed["builds"] == {build.describe(): 1, "pure Python (BOARDBOT_PURE=1)": 1}
    assert "rates games played on 2 builds" in capsys.readouterr().err

def test_logged_games_of_different_sets_of_bots_make_one_table(tmp_path):
    # the lower rungs in one run, the upper in another: one fit, anchored at random
    log = tmp_path / "ladder.jsonl"
    ladder.rate_game("frogriders", ["random", "greedy"], rounds=2, seed=1, jobs=1, samples=10, log=str(log))
    ladder.rate_game("frogriders", ["greedy", "ismcts:iterations=5"], rounds=2, seed=1, jobs=1, samples=10,
                     log=str(log))
    [pooled] = ladder.rate_logs([str(log)], samples=10, seed=1)
    assert [r["bot"] for r in pooled["ratings"]] == ["random", "greedy", "ismcts:iterations=5"]
    assert pooled["games"] == 8 and [r["games"] for r in pooled["ratings"]] == [4, 8, 4]
    assert pooled["sets"] == [["greedy", "ismcts:iterations=5"], ["random", "greedy"]]
    assert pooled["ratings"][0]["rating"] == 0
    # the same seed and game number under another set of bots is another game, not a repeat
    assert len({(r["seed"], r["g"]) for r in map(json.loads, log.read_text().splitlines())}) == 4


def test_virtual_draws_go_only_between_bots_that_met():
    # hard and medium split 10 games; medium beats random in 9 of 10; hard never met random. A
    # virtual draw between hard and random would pull hard below medium by a prior alone (the
    # Fröccs 2-player row of 2026-12-06: research/notes/froccs-budget.md)
    pairs = [(1, 2, 1.0 if g % 2 else 0.0) for g in range(10)]
    pairs += [(1, 0, 1.0 if g < 9 else 0.0) for g in range(10)]
    fitted = ladder.fit_ratings(pairs, 3)
    assert abs(fitted[2] - fitted[1]) < 1
    everywhere = ladder.fit_ratings(pairs, 3, drawn=1 - np.eye(3))  # the old rule: every two bots
    assert fitted[2] - everywhere[2] > 20


def test_a_step_is_sure_only_where_its_two_bots_met_on_enough_deals():
    # hard beats medium in each of 4 deals (too few of their own), medium beats easy in 12 of 12: the
    # first step's interval may be above 0 through the fit, but only the second is called sure
    bots = ["ismcts:easy", "ismcts:medium", "ismcts:hard"]
    def game(g, winner, loser):
        return {"g": g, "seed": 1, "deal": g, "seating": [winner, loser], "ranks": [0, 1],
                "seconds": {}, "decisions": {}}
    results = [game(g, 1, 0) for g in range(12)] + [game(100 + g, 2, 1) for g in range(4)]
    report = ladder.rate_results("froccs", {"players": 2}, bots, results, seed=3, samples=200)
    easy_medium, medium_hard = report["steps"]
    assert (easy_medium["direct_deals"], medium_hard["direct_deals"]) == (12, 4)
    assert ladder.step_verdict(easy_medium, report["resampled"]) == "sure"
    assert ladder.step_verdict(medium_hard, report["resampled"]) == "too few deals to tell (met on 4)"
    assert report["preset_steps_sure"] is False
    assert "sure; too few deals to tell (met on 4)" in ladder.markdown([report])


def test_each_step_up_the_presets_has_the_interval_of_its_difference():
    # hard beats medium in 9 of 10 games and medium beats easy in 5 of 10: the first step is sure,
    # the second is not, whatever the anchor's own uncertainty
    bots = ["ismcts:easy", "ismcts:medium", "ismcts:hard"]
    def game(g, winner, loser):
        return {"g": g, "seed": 1, "seating": [winner, loser], "ranks": [0, 1], "seconds": {}, "decisions": {}}
    results = [game(g, 2, 1) if g < 9 else game(g, 1, 2) for g in range(10)]
    results += [game(10 + g, 1, 0) if g < 5 else game(10 + g, 0, 1) for g in range(10)]
    report = ladder.rate_results("froccs", {"players": 2}, bots, results, seed=3, samples=200)
    easy_medium, medium_hard = report["steps"]
    assert (easy_medium["from"], medium_hard["to"]) == ("ismcts:easy", "ismcts:hard")
    assert easy_medium["ci95"][0] < 0 < easy_medium["ci95"][1]
    assert 0 < medium_hard["ci95"][0] < medium_hard["difference"] < medium_hard["ci95"][1]
    assert report["presets_in_order"] is False and report["preset_steps_sure"] is False  # 5-5: no step
    assert "| no | " in ladder.markdown([report])


def test_a_logged_bot_keeps_the_meaning_it_had_when_it_played(tmp_path):
    # a log records what each spec meant; a preset changed since does not take over its games
    # (the presets are time budgets, capped by their iterations, managed, since 2026-12-05)
    assert ladder.resolved_spec("ismcts:medium") == "ismcts:iterations=600,time=0.3,timing=managed"
    assert ladder.resolved_spec("ismcts:easy") == "ismcts:iterations=100,time=0.1,rollout=random,timing=managed"
    assert (ladder.resolved_spec("ismcts:hard,reuse=1,c=0.5")
            == "ismcts:iterations=2500,time=1.0,c=0.5,reuse=1,timing=managed")
    # beliefs is part of a spec's meaning where the game infers something (Czech Pub), and
    # nothing elsewhere: there the same search is the preset
    inferred = "ismcts:iterations=2500,time=1.0,beliefs=inferred,timing=managed"
    assert ladder.resolved_spec("ismcts:hard,beliefs=inferred", "czech-pub") == inferred
    assert ladder.logged_name("ismcts:hard", inferred, "czech-pub") == inferred
    assert ladder.logged_name("ismcts:hard,beliefs=inferred", None, "froccs") == "ismcts:hard"
    hard = ladder.resolved_spec("ismcts:hard", "czech-pub")
    assert ladder.logged_name("ismcts:hard", hard, "czech-pub") == "ismcts:hard"
    # hard as it was (2500 iterations spent whole) keeps its own column
    assert ladder.logged_name("ismcts:hard", "ismcts:iterations=2500", "czech-pub") == "ismcts:iterations=2500"
    assert ladder.logged_name("ismcts:iterations=600,time=0.3,timing=managed", None) == "ismcts:medium"  # the same
    assert ladder.logged_name("ismcts:iterations=600", None) == "ismcts:iterations=600"
    assert ladder.logged_name("ismcts:medium", "ismcts:iterations=600,c=0.3") == "ismcts:iterations=600,c=0.3"
    assert ladder.logged_name("greedy", None) == "greedy"
    # a game that sets a preset's iterations at a table size (Czech Pub at 3 players): the
    # preset means that budget there, and a game logged under another budget keeps its own
    table = registry.get("czech-pub").preset_iterations[3]
    assert (ladder.resolved_spec("ismcts:medium", "czech-pub", 3)
            == f"ismcts:iterations={table['medium']},time=0.3,timing=managed")
    assert ladder.resolved_spec("ismcts:medium", "frogriders", 2) == "ismcts:iterations=600,time=0.3,timing=managed"
    assert ladder.resolved_spec("ismcts:medium,iterations=40", "czech-pub", 3) == "ismcts:iterations=40"
    old_medium = ladder.logged_name("ismcts:medium", "ismcts:iterations=600", "czech-pub", 3)
    assert old_medium == "ismcts:iterations=600"
    assert ladder.logged_name(f"ismcts:iterations={table['medium']},time=0.3,timing=managed", None, "czech-pub",
                              3) == "ismcts:medium"
    # a preset since removed keeps the meaning its log gives it
    assert ladder.logged_name("ismcts:expert", "ismcts:iterations=9000") == "ismcts:iterations=9000"
    assert ladder.logged_name("ismcts:expert", None) == "ismcts:expert"
    log = tmp_path / "ladder.jsonl"
    ladder.rate_game("frogriders", ["random", "ismcts:iterations=3"], rounds=1, seed=1, jobs=1, samples=5,
                     log=str(log))
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(g["resolved"] == ["random", "ismcts:iterations=3"] for g in games)
    # the same games as if played when easy meant three iterations, and logged without a meaning
    def as_easy(game):
        return dict(game, bots=["random", "ismcts:easy"],
                    **{k: {b.replace("ismcts:iterations=3", "ismcts:easy"): v for b, v in game[k].items()}
                       for k in ("seconds", "decisions")})

    then = dict(as_easy(games[0]), resolved=["random", "ismcts:iterations=3"])
    unsaid = as_easy(games[1])
    del unsaid["resolved"]
    log.write_text(json.dumps(then) + "\n" + json.dumps(unsaid) + "\n")
    [report] = ladder.rate_logs([str(log)], samples=5, seed=1)
    assert [r["bot"] for r in report["ratings"]] == ["random", "ismcts:easy", "ismcts:iterations=3"]
    assert [r["games"] for r in report["ratings"]] == [2, 1, 1]
    # each game's time goes to the bot it was played by
    for row, game in zip(report["ratings"][1:], (unsaid, then)):
        assert row["ms_per_decision"] == round(1000 * game["seconds"]["ismcts:easy"]
                                               / game["decisions"]["ismcts:easy"], 2) > 0


def test_duplicate_play_deals_each_group_once_per_round_and_resamples_whole_deals(tmp_path):
    seeds = ladder.game_seeds(4, 12, 3, "shared")
    assert seeds == [4 * 1_000_003 + g for g in (0, 0, 0, 3, 3, 3, 6, 6, 6, 9, 9, 9)]
    assert ladder.game_seeds(4, 3, 3) == [4 * 1_000_003 + g for g in range(3)]
    log = tmp_path / "ladder.jsonl"
    report = ladder.rate_game("frogriders", ["random", "greedy"], rounds=2, seed=1, jobs=1, samples=5,
                              log=str(log), deals="shared")
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert report["deals"] == "shared" and len(games) == 4
    by_deal = Counter(g["deal"] for g in games)
    assert sorted(by_deal.values()) == [2, 2]
    for deal in by_deal:  # both seatings of one deal: each bot in each seat
        assert sorted(tuple(g["seating"]) for g in games if g["deal"] == deal) == [(0, 1), (1, 0)]
    # games of one deal move together in the resampling: outcomes repeated within deals
    # are fewer independent draws than as many games dealt apart, so the interval is wider
    def game(g, deal, a_wins):
        return {"g": g, "seed": 1, "deal": deal, "seating": [0, 1], "ranks": [0, 1] if a_wins else [1, 0],
                "seconds": {}, "decisions": {}}
    paired = [game(2 * d + k, d, d < 7) for d in range(10) for k in range(2)]
    apart = [dict(r, deal=100 + r["g"]) for r in paired]
    def width(results):
        [row_a, row_b] = ladder.rate_results("froccs", {"players": 2}, ["a", "b"], results, 2, 400)["ratings"]
        return row_b["ci95"][1] - row_b["ci95"][0]
    assert width(paired) > 1.2 * width(apart)
    assert ladder.deal_of({"seed": 3, "g": 5}) == 3 * 1_000_003 + 5  # a log from before deals were recorded


def test_too_few_deals_resample_games_not_deals():
    # one round of duplicate play at five seats is one deal: resampling it would give no interval
    def game(g, deal, a_wins):
        return {"g": g, "seed": 1, "deal": deal, "seating": [0, 1], "ranks": [0, 1] if a_wins else [1, 0],
                "seconds": {}, "decisions": {}}
    one_deal = [game(g, 0, g % 3 != 0) for g in range(12)]
    report = ladder.rate_results("froccs", {"players": 2}, ["a", "b"], one_deal, 2, 400)
    assert (report["deals"], report["resampled"]) == (1, "games")
    low, high = report["ratings"][1]["ci95"]
    assert low < report["ratings"][1]["rating"] < high  # an interval, not a point
    many = [game(g, g // 2, g % 3 != 0) for g in range(24)]
    assert ladder.rate_results("froccs", {"players": 2}, ["a", "b"], many, 2, 50)["resampled"] == "deals"


def test_the_ladder_table_can_be_another_player_count():
    assert ladder.ladder_table("czech-pub")["players"] == 3  # the smallest count by default
    assert ladder.ladder_table("czech-pub", 4) == {"players": 4, "real_drinking": False}
    with pytest.raises(SystemExit, match="no configuration for 9 players"):
        ladder.ladder_table("czech-pub", 9)
    with pytest.raises(SystemExit, match="needs at least 4 bots, got 3"):
        ladder.rate_game("czech-pub", ["random", "greedy", "ismcts:easy"], rounds=1, seed=1, jobs=1, samples=5,
                         players=4)
    bots = ["random", "greedy", "ismcts:iterations=1", "ismcts:iterations=2"]
    report = ladder.rate_game("czech-pub", bots, rounds=1, seed=1, jobs=1, samples=5, players=4)
    assert report["config"]["players"] == 4 and report["games"] == 4  # one group in its 4 seatings
    assert [r["bot"] for r in report["ratings"]] == bots


def test_the_ladder_table_can_be_a_mode_of_the_game():
    assert ladder.parse_settings("mode=teams, honours=true") == {"mode": "teams", "honours": "true"}
    with pytest.raises(SystemExit, match="key=value"):
        ladder.parse_settings("teams")
    assert ladder.ladder_table("fritanga", 4)["mode"] == "versus"  # the first configuration of the count
    assert ladder.ladder_table("fritanga", 4, {"mode": "teams"}) == {"players": 4, "mode": "teams"}
    assert ladder.ladder_table("fritanga", None, {"mode": "chef"})["players"] == 3
    with pytest.raises(SystemExit, match="no configuration for 7 players"):
        ladder.ladder_table("fritanga", 7, {"mode": "teams"})
    with pytest.raises(SystemExit, match="no configuration with"):
        ladder.ladder_table("fritanga", 4, {"mode": "solo"})


def test_a_table_with_more_seats_than_bots_seats_the_first_bots_again(tmp_path):
    seatings = ladder.schedule(list("abcde"), 7, rounds=2)
    assert len(seatings) == 14  # one group, in its seven cyclic seatings, per round
    for q in range(7):  # every bot in every seat; a and b, who fill the seats left, twice as often
        assert Counter(s[q] for s in seatings) == {0: 4, 1: 4, 2: 2, 3: 2, 4: 2}
    assert ladder.pair_results({"seating": [0, 1, 0], "ranks": [0, 1, 2]}) == [(0, 1, 1.0), (1, 0, 1.0)]
    bots = ["random", "greedy", "ismcts:iterations=1"]
    with pytest.raises(SystemExit, match="needs at least 4 bots, got 3"):
        ladder.rate_game("czech-pub", bots, rounds=1, seed=1, jobs=1, samples=5, players=4)
    log = tmp_path / "ladder.jsonl"
    report = ladder.rate_game("czech-pub", bots, rounds=1, seed=1, jobs=1, samples=5, players=4, fill=True,
                              log=str(log), settings={"real_drinking": "false"})
    assert report["games"] == 4 and [r["games"] for r in report["ratings"]] == [8, 4, 4]
    [rated] = ladder.rate_logs([str(log)], 5, 1)
    assert rated["games"] == 4 and rated["config"] == {"players": 4, "real_drinking": False}


def test_logged_games_carry_the_games_code_version_and_mixed_versions_are_flagged(tmp_path, capsys):
    log = tmp_path / "ladder.jsonl"
    ladder.rate_game("frogriders", ["random", "greedy"], rounds=1, seed=1, jobs=1, samples=5, log=str(log))
    version = ladder.code_version("frogriders")
    assert len(version) == 12 and version != ladder.code_version("czech-pub")
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["code"] for r in lines] == [version, version]
    [report] = ladder.rate_logs([str(log)], samples=5, seed=1)
    assert report["code_versions"] == {version: 2} and "warning" not in capsys.readouterr().err
    # a game from other code (say, before an evaluation was refitted), and one logged before versions were
    other = tmp_path / "older.jsonl"
    other.write_text(json.dumps(dict(lines[0], seed=2, code="0123456789ab")) + "\n"
                     + json.dumps({k: v for k, v in dict(lines[1], seed=3).items() if k != "code"}) + "\n")
    [mixed] = ladder.rate_logs([str(log), str(other)], samples=5, seed=1)
    assert mixed["code_versions"] == {version: 2, "0123456789ab": 1, "unrecorded": 1}
    err = capsys.readouterr().err
    assert "3 versions of the game's code" in err and f"{version}: 2 games" in err and "unrecorded: 1 game)" in err
    # a line another bench logged (the oracle's) is refused by name, not rated or crashed on
    foreign = tmp_path / "oracle.jsonl"
    oracle_line = json.dumps({"players": 3, "deal": 5, "seats": ["oracle"], "ranks": [0]})
    foreign.write_text(log.read_text() + oracle_line + "\n")
    with pytest.raises(SystemExit, match="oracle.jsonl:3: not a game logged by bench/ladder.py"):
        ladder.rate_logs([str(foreign)], samples=5, seed=1)


def test_a_gzipped_log_rates_as_the_plain_one(tmp_path):
    log = tmp_path / "ladder.jsonl"
    ladder.rate_game("frogriders", ["random", "greedy"], rounds=1, seed=1, jobs=1, samples=5, log=str(log))
    packed = tmp_path / "ladder.jsonl.gz"
    packed.write_bytes(gzip.compress(log.read_bytes()))
    assert ladder.rate_logs([str(packed)], samples=5, seed=1) == ladder.rate_logs([str(log)], samples=5, seed=1)
