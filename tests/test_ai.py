"""The AI: no peeking, determinism, budgets, cancellation, the pool, bot specs, the arena.

Generic over ``registry.all_games()`` and every configuration, so a game that
lands later is covered without a change here. Short: small iteration counts.
Tests never assert timings.
"""

import json
import random
import threading

import pytest

from boardbot.ai.arena import run_arena
from boardbot.ai.bots import PRESETS, BotSpecError, ISMCTSBot, make_bot, parse_ismcts, split_seat_specs
from boardbot.ai.ismcts import POLICY_STEP_LIMIT, Budget, Search, SearchError, SearchParams, merge_stats
from boardbot.ai.service_api import run_search, suggest
from boardbot.ai.utility import utilities
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, Result
from boardbot.engine.testing import config_id

import ai_toygames
from conftest import scaled

# every registered game, plus a toy game with the shapes other games bring
# (secret moves, out-of-turn reactions, teams, a solo game)
GAMES = {g.name: g for g in [*registry.all_games(), ai_toygames.GAME]}
CASES = [(name, cfg) for name, game in GAMES.items() for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]


def positions(game, cfg, seed: int, count: int, rules_version: int | None = None):
    """Up to ``count`` non-terminal positions of one random game, spread over it."""
    rng = random.Random(seed)
    state = game.new_state(cfg, seed, rules_version=rules_version)
    history = []
    while state.decider() != TERMINAL:
        history.append(state.copy())
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    decisions = [s for s in history if len(s.legal_moves()) > 1] or history
    step = max(1, len(decisions) // count)
    return decisions[::step][:count]


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
@pytest.mark.parametrize("mode", ["so", "mo"])
def test_no_peek(name, cfg, mode):
    """Two states seat s cannot tell apart (the truth and a world re-dealt for s)
    give s the same decision and the same statistics for the same seed."""
    game = GAMES[name]
    params = SearchParams(mode=mode)
    budget = Budget(iterations=scaled(24, 200))
    rng = random.Random(11)
    for i, truth in enumerate(positions(game, cfg, seed=3, count=scaled(3, 8))):
        seat = truth.decider()
        other = truth.sample_for(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(truth.view(seat), sort_keys=True)
        a = suggest(game, truth, budget, seed=i, params=params)
        b = suggest(game, other, budget, seed=i, params=params)
        assert a.move == b.move
        assert a.candidates == b.candidates
        # and through the bot, which is handed a sampled world
        bot_a = make_bot(f"ismcts:iterations=16,mode={mode}", game)
        bot_b = make_bot(f"ismcts:iterations=16,mode={mode}", game)
        assert bot_a.choose(truth, random.Random(i)) == bot_b.choose(other, random.Random(i))


@pytest.mark.parametrize("name", list(GAMES))
def test_same_seed_same_move(name):
    game = GAMES[name]
    for cfg in game.configurations()[:2]:
        for state in positions(game, cfg, seed=5, count=2):
            view = state.view(state.decider())
            runs = [suggest(game, view, {"iterations": 40}, seed=9) for _ in range(2)]
            assert runs[0].move == runs[1].move
            assert runs[0].candidates == runs[1].candidates
            assert runs[0].move in state.legal_moves()
            assert runs[0].iterations == 40 or len(state.legal_moves()) == 1


@pytest.mark.parametrize("name", list(GAMES))
def test_budgets_are_respected(name):
    game = GAMES[name]
    cfg = game.configurations()[0]
    state = positions(game, cfg, seed=6, count=1)[0]
    if len(state.legal_moves()) == 1:
        pytest.skip("no choice in the first position")
    view = state.view(state.decider())
    exact = suggest(game, view, {"iterations": 17}, seed=1)
    assert exact.iterations == 17
    assert sum(c["visits"] for c in exact.candidates) == 17
    import time

    gone = suggest(game, view, {"deadline": time.monotonic() - 1.0}, seed=1)  # already past
    assert gone.iterations == 0 and gone.move in state.legal_moves()
    timed = suggest(game, view, {"time": 0.05}, seed=1)  # stops by itself
    assert timed.move in state.legal_moves()
    both = suggest(game, view, {"iterations": 5, "time": 30.0}, seed=1)  # the first limit wins
    assert both.iterations == 5


def test_single_legal_move_returns_at_once():
    game = registry.all_games()[0]
    for cfg in game.configurations():
        state = game.new_state(cfg, 1)
        rng = random.Random(1)
        while state.decider() != TERMINAL:
            if len(state.legal_moves()) == 1:
                r = suggest(game, state, {"iterations": 1000}, seed=0)
                assert r.iterations == 0 and r.move == state.legal_moves()[0]
                return
            state.apply(rng.choice(state.legal_moves()))
    pytest.skip("no forced move met")


def test_cancel_stops_a_search():
    game = registry.all_games()[0]
    state = positions(game, game.configurations()[0], seed=2, count=1)[0]
    cancel = threading.Event()
    out = {}
    worker = threading.Thread(target=lambda: out.update(r=suggest(
        game, state, {"iterations": 10**9}, seed=0, cancel=cancel)))
    worker.start()
    cancel.set()
    worker.join(timeout=60)
    assert not worker.is_alive(), "the search did not stop"
    assert out["r"].cancelled
    assert out["r"].move in state.legal_moves()


@pytest.fixture(scope="module")
def pool():
    from boardbot.ai.pool import SearchPool

    p = SearchPool(2)
    yield p
    p.close()


def test_pool_merges_and_matches_in_process(pool):
    game = registry.all_games()[0]
    state = positions(game, game.configurations()[0], seed=4, count=1)[0]
    params = SearchParams(workers=2)
    in_process = suggest(game, state, {"iterations": 60}, seed=3, params=params)
    pooled = suggest(game, state, {"iterations": 60}, seed=3, params=params, pool=pool)
    again = suggest(game, state, {"iterations": 60}, seed=3, params=params, pool=pool)
    assert pooled.move == in_process.move == again.move
    assert pooled.candidates == in_process.candidates == again.candidates
    assert pooled.iterations == 60
    assert sum(c["visits"] for c in pooled.candidates) == 60


def test_an_in_process_bot_runs_its_trees_here_and_plays_the_pools_move(pool):
    """``make_bot(..., in_process=True)`` (a bench that keeps to one core) starts no pool: a spec
    split into trees runs them one after another, and picks what the same trees on a pool pick."""
    game = registry.all_games()[0]
    state = positions(game, game.configurations()[0], seed=4, count=1)[0]
    spec = "ismcts:iterations=60,workers=2"
    here = make_bot(spec, game, in_process=True)
    pooled = make_bot(spec, game, pool=pool)
    assert here.choose(state.copy(), random.Random(5)) == pooled.choose(state.copy(), random.Random(5))
    assert here.pool is None and here.last.iterations == 60
    assert here.last.candidates == pooled.last.candidates


def test_pool_cancel_and_deadline(pool):
    import time

    game = registry.all_games()[0]
    state = positions(game, game.configurations()[0], seed=4, count=1)[0]
    cancel = threading.Event()
    out = {}
    worker = threading.Thread(target=lambda: out.update(r=suggest(
        game, state, {"iterations": 10**9}, seed=0, params=SearchParams(workers=2), pool=pool, cancel=cancel)))
    worker.start()
    cancel.set()
    worker.join(timeout=60)
    assert not worker.is_alive(), "the pooled search did not stop"
    assert out["r"].cancelled and out["r"].move in state.legal_moves()
    # the pool still works afterwards, and a deadline bounds it
    r = suggest(game, state, {"deadline": time.monotonic() + 0.2}, seed=0, params=SearchParams(workers=2), pool=pool)
    assert r.move in state.legal_moves() and not r.cancelled


def test_merge_stats_sums_per_move():
    a = [(("x",), 3, 1.5), (("y",), 1, 0.2)]
    b = [(("x",), 1, 0.5), (("y",), 5, 4.0)]
    assert merge_stats([a, b]) == [(("x",), 4, 2.0), (("y",), 6, 4.2)]


@pytest.mark.parametrize("spec,message", [
    ("alphabeta", "unknown bot"),
    ("ismcts:impossible", "unknown preset"),
    ("ismcts:iterations=lots", "iterations expects int"),
    ("ismcts:frobnicate=1", "unknown parameter 'frobnicate'"),
    ("ismcts:c=-1", "c must be >= 0"),
    ("ismcts:mode=xo", "mode must be so, mo or auto"),
    ("ismcts:iterations=10,hard", "a preset must come first"),
    ("random:fast", "takes no parameters"),
    ("ismcts:reuse=maybe", "reuse expects bool"),
])
def test_bot_spec_errors_are_clear(spec, message):
    game = registry.all_games()[0]
    with pytest.raises(BotSpecError) as err:
        make_bot(spec, game)
    assert message in str(err.value)


def test_bot_specs_parse():
    game = registry.all_games()[0]
    bot = make_bot("ismcts:iterations=2000,c=0.7", game)
    assert isinstance(bot, ISMCTSBot) and bot.budget.iterations == 2000 and bot.params.c == 0.7
    assert make_bot("ismcts:time=1.0", game).budget == Budget(time=1.0)
    hard = parse_ismcts("ismcts:hard,workers=2")
    assert hard.params.workers == 2 and hard.budget.iterations is not None
    assert make_bot("ismcts", game).budget == parse_ismcts("ismcts:medium").budget
    assert split_seat_specs("ismcts:iterations=2000,c=0.7,random") == ["ismcts:iterations=2000,c=0.7", "random"]
    assert split_seat_specs("ismcts:hard,random") == ["ismcts:hard", "random"]
    assert split_seat_specs("greedy;ismcts:c=1,mode=mo") == ["greedy", "ismcts:c=1,mode=mo"]
    with pytest.raises(SearchError):
        Budget()


class TablePresetsGame(ai_toygames.ToyGame):
    """The toy game with its own iterations for two presets at 3 players."""

    preset_iterations = {3: {"medium": 7, "hard": 11}}


def test_a_game_sets_a_presets_iterations_by_table_size():
    game = TablePresetsGame()
    rng = random.Random(3)
    at3, at2 = game.new_state({"players": 3}, 1), game.new_state({"players": 2}, 1)
    assert len(at3.legal_moves()) > 1 and len(at2.legal_moves()) > 1
    medium = parse_ismcts("ismcts:medium")
    # at most the game's iterations, within the preset's time (a preset is a time budget)
    assert medium.budget_for(game, at3.config) == Budget(iterations=7, time=PRESETS["medium"].seconds)
    assert medium.budget_for(game, at2.config) == medium.budget  # another table: the preset's own
    assert parse_ismcts("ismcts:easy").budget_for(game, at3.config) == parse_ismcts("ismcts:easy").budget
    # a budget the spec names itself is never replaced
    assert parse_ismcts("ismcts:hard,iterations=5").budget_for(game, at3.config) == Budget(iterations=5)
    assert parse_ismcts("ismcts:hard,time=0.5").budget_for(game, at3.config) == Budget(time=0.5)
    # every way a spec is searched follows it: a bot, and suggest() with a preset's name
    for spec, iterations in (("ismcts", 7), ("ismcts:hard", 11), ("ismcts:hard,iterations=4", 4)):
        bot = make_bot(spec, game)
        bot.choose(at3.sample_for(at3.decider(), rng), rng)
        # a preset may settle its move sooner (time management); a named budget is spent whole
        settled = bot.last.stopped == "decided" and spec != "ismcts:hard,iterations=4"
        assert bot.last.iterations == iterations or (settled and bot.last.iterations < iterations), spec
    hard = suggest(game, at3, params="hard", seed=1)
    assert hard.iterations == 11 or (hard.stopped == "decided" and hard.iterations < 11)
    assert suggest(game, at3, budget={"iterations": 3}, params="hard", seed=1).iterations == 3


def test_arena_summary_is_deterministic():
    name = registry.names()[0]
    args = (name, {}, ["ismcts:iterations=8", "random"], 4, 5)
    first = run_arena(*args)
    assert first == run_arena(*args)
    assert first == run_arena(*args, jobs=2)
    assert set(first) >= {"games", "mean_moves_per_game", "score_range", "wins_per_seat", "bots"}
    assert first["rotate"] is True
    assert sum(b["seat_games"] for b in first["bots"].values()) == 2 * 4
    plain = run_arena(name, {}, ["random"], 20, 7)
    assert plain == run_arena(name, {}, ["random"], 20, 7) and plain["rotate"] is False


def test_tree_reuse_keeps_a_consistent_search():
    game = registry.all_games()[0]
    cfg = game.configurations()[0]
    runs = []
    for _ in range(2):
        summary = run_arena(game.name, cfg, ["ismcts:iterations=30,reuse=1", "random"], 2, 3)
        runs.append(summary)
    assert runs[0] == runs[1]


def test_utilities():
    two = utilities(Result((10, 4), (0,), (0, 1)))
    assert two[0] > 0.8 > two[1]
    tie = utilities(Result((5, 5), (0, 1), (0, 0)))
    assert tie[0] == tie[1] and 0.4 < tie[0] < 0.6
    solo = utilities(Result((17,), (0,), (0,)))
    assert solo == [17.0]
    team = utilities(Result((9, 3, 9, 3), (0, 2), (0, 2, 0, 2)))
    assert team[0] == team[2] > team[1] == team[3]
    four = utilities(Result((9, 7, 5, 1), (0,), (0, 1, 2, 3)))
    assert four == sorted(four, reverse=True)
    assert all(0.0 <= u <= 1.0 for u in two + tie + team + four)


@pytest.mark.parametrize("mode", ["so", "mo"])
def test_pool_runs_an_unregistered_game(pool, mode):
    game = ai_toygames.GAME
    for cfg in game.configurations():
        state = positions(game, cfg, seed=1, count=1)[0]
        params = SearchParams(workers=2, mode=mode)
        pooled = suggest(game, state, {"iterations": 30}, seed=2, params=params, pool=pool)
        local = suggest(game, state, {"iterations": 30}, seed=2, params=params)
        assert pooled.candidates == local.candidates


def test_auto_mode_picks_mo_for_secret_moves():
    toy = ai_toygames.GAME
    state = toy.new_state({"players": 2}, 1)
    assert suggest(toy, state, {"iterations": 5}).mode == "mo"
    solo = toy.new_state({"players": 1}, 1)
    assert suggest(toy, solo, {"iterations": 5}).mode == "so"


def test_reaction_and_team_decisions_are_searched():
    """The seat that reacts out of turn searches for itself; team mates score together."""
    toy = ai_toygames.GAME
    state = toy.new_state({"players": 4, "teams": True}, 3)
    state.apply(state.legal_moves()[-1])  # seat 0 plays its highest card
    state.points[1] = 1  # so seat 1 may block
    assert state.decider() == 1 and state.active == 0
    r = suggest(toy, state, {"iterations": 200}, seed=1)
    assert r.seat == 1 and {c["move"] for c in r.candidates} == {("pass",), ("block",)}
    assert sum(c["visits"] for c in r.candidates) == 200


def test_pool_serves_concurrent_threads(pool):
    """Server threads share one pool; each gets its own, correct answer."""
    game = registry.all_games()[0]
    states = positions(game, game.configurations()[0], seed=8, count=3)
    params = SearchParams(workers=2)
    expected = [suggest(game, s, {"iterations": 24}, seed=k, params=params).candidates for k, s in enumerate(states)]
    got = {}

    def ask(k):
        got[k] = suggest(game, states[k], {"iterations": 24}, seed=k, params=params, pool=pool).candidates

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(len(states))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert [got[k] for k in range(len(states))] == expected


def test_progressive_widening_limits_root_children():
    game = registry.all_games()[0]
    state = max(positions(game, game.configurations()[0], seed=9, count=6), key=lambda s: len(s.legal_moves()))
    moves = len(state.legal_moves())
    wide = suggest(game, state, {"iterations": 30}, seed=1)
    narrow = suggest(game, state, {"iterations": 30}, seed=1, params=SearchParams(pw_alpha=0.3, pw_k=1.0))
    tried = lambda r: sum(1 for c in r.candidates if c["visits"])  # noqa: E731
    assert tried(narrow) <= tried(wide)
    assert tried(narrow) <= max(1, int(1.0 * 31 ** 0.3) + 1) or moves <= 2


def test_tree_reuse_follows_seen_moves():
    game = registry.all_games()[0]
    state = positions(game, game.configurations()[0], seed=12, count=5)[2]
    seat = state.decider()
    search = Search.from_world(state, SearchParams(mode="so"), seed=1)
    search.run(iterations=200)
    move = max(search.root_stats(), key=lambda s: s[1])[0]
    truth = state.copy()
    truth.apply(move)
    keys = [move]
    while truth.decider() not in (seat, TERMINAL):  # opponents' moves, all seen in full here
        m = truth.legal_moves()[0]
        keys.append(m if truth.public_move_text(m, seat) == truth.move_text(m) else None)
        truth.apply(m)
    if truth.decider() != seat:
        pytest.skip("the game ended")
    kept = search.advance(keys, truth.view(seat), seed=2)
    root = search.trees[0]
    assert kept == (root.visits > 0)
    before = root.visits
    search.run(iterations=10)
    assert root.visits == before + 10
    assert not search.advance([None], truth.view(seat), seed=3)  # a hidden move: start afresh
    assert search.trees[0].visits == 0


def test_arena_command_prints_the_summary(capsys):
    from boardbot.tools.cli import main

    name = registry.names()[0]
    assert main(["arena", name, "--seats", "ismcts:iterations=4,c=0.5,random", "--games", "2", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["seats"] == ["ismcts:iterations=4,c=0.5", "random"]
    assert set(summary["bots"]) == {"ismcts:iterations=4,c=0.5", "random"}
    for bot in summary["bots"].values():
        lo, hi = bot["ci95"]
        assert 0.0 <= lo <= bot["win_rate"] <= hi <= 1.0
    assert "2/2 games" in err  # the progress bar, on stderr
    with pytest.raises(SystemExit):
        main(["arena", name, "--seats", "ismcts:bogus=1", "--games", "1"])


def test_rollouts_stop_at_the_games_depth_unless_the_spec_says():
    """``Game.rollout_depth`` applies when the spec has no ``depth``; ``depth=0`` plays out."""
    calls = []

    class CutOff(type(registry.get("frogriders"))):
        rollout_depth = 3

        def evaluate(self, state):
            calls.append(1)
            return [0.5] * state.num_seats

    game = CutOff()
    state = positions(game, {"players": 2}, seed=3, count=1)[0]
    root = Search(state, state.decider(), SearchParams(), 1)
    root.run(iterations=20)
    assert root.depth == 3 and len(calls) >= 10
    calls.clear()
    Search(state, state.decider(), SearchParams(depth=0), 1).run(iterations=20)
    assert calls == []
    assert parse_ismcts("ismcts:medium").params.depth is None
    assert parse_ismcts("ismcts:depth=0").params.depth == 0


class FlatFrogriders(type(registry.get("frogriders"))):
    """Frogriders where every move is worth the same: a one-move rollout cut off at an even value,
    so only a hint's bonus can tell the moves apart."""
    rollout_depth = 1

    def evaluate(self, state):
        return [0.5] * state.num_seats


def flat_position(game):
    """The position the hint tests' margins were measured on: Frogriders' rules version 1 deal
    (version 2 deals from the chance stream, and its seed 5 gives another position)."""
    return next(s for s in positions(game, {"players": 2}, seed=5, count=20, rules_version=1)
                if len(s.legal_moves()) >= 4)


@pytest.mark.parametrize("mode", ["so", "mo"])
def test_progressive_bias_follows_the_heuristic_among_equal_moves(mode):
    """With every move worth the same, ``bias`` makes the heuristic's move the most visited;
    ``bias=0`` never asks the heuristic; the game's ``search_bias`` is the default."""
    asked = []

    class Flat(FlatFrogriders):
        def heuristic_move(self, state, rng):
            asked.append(1)
            return state.legal_moves()[-1]  # legal order puts it last: not favoured by ties

    game = Flat()
    state = flat_position(game)
    seat = state.decider()
    favoured = state.legal_moves()[-1]
    search = Search(state, seat, SearchParams(mode=mode, bias=3.0), 2)
    search.run(iterations=200)
    visits = {m: v for m, v, _ in search.root_stats()}
    assert max(visits, key=visits.get) == favoured
    assert visits[favoured] > 1.5 * sorted(visits.values())[-2]
    assert asked
    asked.clear()
    Search(state, seat, SearchParams(mode=mode, bias=0.0), 2).run(iterations=50)
    assert asked == []
    Flat.search_hint = lambda self, state, rng: None  # a game that gives no hint anywhere
    Search(state, seat, SearchParams(mode=mode, bias=1.0), 2).run(iterations=50)
    assert asked == []
    Search(state, seat, SearchParams(mode=mode, bias=1.0, hint="heuristic"), 2).run(iterations=50)
    assert asked
    Flat.search_bias = 0.5
    assert Search(state, seat, SearchParams(mode=mode), 2).bias == 0.5
    assert parse_ismcts("ismcts:bias=2").params.bias == 2.0
    assert parse_ismcts("ismcts:bias=2,hint=heuristic").params.hint == "heuristic"
    with pytest.raises(BotSpecError):
        parse_ismcts("ismcts:hint=oracle")
    with pytest.raises(BotSpecError):
        parse_ismcts("ismcts:bias=-1")


def test_a_stalling_playout_policy_gives_way_to_random_moves():
    """A policy that never ends the game cannot hang an iteration-budgeted search."""
    from boardbot.engine.core import Result

    class Loop:  # a one-seat world: 'wait' forever, or 'end'
        ended = False
        waits = 0

        def decider(self):
            return TERMINAL if self.ended else 0

        def legal_moves(self):
            return [("wait",), ("end",)]

        def apply(self, move):
            self.ended = move == ("end",)
            self.waits += 1
            assert self.waits < 5 * POLICY_STEP_LIMIT, "the rollout never left the stalling policy"

        def result(self):
            return Result(scores=(1.0,), winners=(0,), ranks=(0,))

    game = registry.get("frogriders")
    state = positions(game, {"players": 2}, seed=4, count=1)[0]
    search = Search(state, state.decider(), SearchParams(), 1)
    search.playout = lambda world, rng: ("wait",)
    assert search._rollout(Loop(), None) == [1.0]


class _KingmakerState:
    """Seat 0 picks ``a`` or ``b``, then seat 1 picks ``x`` or ``y``; final scores by ``SCORES``.

    Seat 1 prefers ``x`` after ``a`` (second with a margin, not last), which hands seat 0 the
    win; a paranoid model has it pick ``y`` instead, leaving seat 0 last. After ``b`` seat 0
    is second whatever seat 1 does. So seat 0 should play ``a`` under max^n, ``b`` when paranoid.
    """

    SCORES = {"ax": (3, 2, 0), "ay": (0, 1, 2), "bx": (1, 2, 0), "by": (1, 0, 2)}

    def __init__(self, game, played=""):
        self.game, self.num_seats, self.played = game, 3, played

    def decider(self):
        return len(self.played) if len(self.played) < 2 else TERMINAL

    def legal_moves(self):
        return [("a",), ("b",)] if not self.played else [("x",), ("y",)]

    def apply(self, move):
        self.played += move[0]

    def sample_for(self, seat, rng):
        return _KingmakerState(self.game, self.played)

    def public_move_text(self, move, observer):
        return move[0]

    def result(self):
        scores = self.SCORES[self.played]
        order = sorted(range(3), key=lambda s: -scores[s])
        return Result(scores=scores, winners=(order[0],), ranks=tuple(order.index(s) for s in range(3)))


@pytest.mark.parametrize("mode", ["so", "mo"])
def test_paranoid_opponents_play_against_the_searching_seat(mode):
    from boardbot.engine.core import Game

    root = _KingmakerState(Game())
    best = {}
    for opponents in ("maxn", "paranoid"):
        search = Search(root, 0, SearchParams(mode=mode, opponents=opponents, bias=0.0), 3)
        search.run(iterations=400)
        visits = {m: v for m, v, _ in search.root_stats()}
        best[opponents] = max(visits, key=visits.get)
        assert max(visits.values()) > 0.6 * sum(visits.values())
    assert best == {"maxn": ("a",), "paranoid": ("b",)}
    assert parse_ismcts("ismcts:hard,opponents=paranoid").params.opponents == "paranoid"
    with pytest.raises(BotSpecError):
        parse_ismcts("ismcts:opponents=brs")


@pytest.mark.parametrize("mode", ["so", "mo"])
def test_policy_opponents_play_the_rollout_policy_in_the_tree(mode):
    """With ``opponents="policy"`` seat 1 replies as the policy does (``y`` after ``a``, leaving
    seat 0 last), not as its own best value would (``x``): so seat 0 should play ``b``; under
    max^n, with the same policy in the rollouts, the tree learns seat 1's ``x`` and seat 0 plays ``a``."""
    from boardbot.engine.core import Game

    root = _KingmakerState(Game())
    best = {}
    for opponents in ("maxn", "policy"):
        search = Search(root, 0, SearchParams(mode=mode, opponents=opponents, bias=0.0), 3)
        search.playout = lambda world, rng: ("y",) if world.played == "a" else ("x",)
        search.run(iterations=400)
        visits = {m: v for m, v, _ in search.root_stats()}
        best[opponents] = max(visits, key=visits.get)
        if mode == "so":
            replies = set(search.trees[0].children[("a",)].children)
            assert replies == ({("x",), ("y",)} if opponents == "maxn" else {("y",)})
    assert best == {"maxn": ("a",), "policy": ("b",)}
    assert parse_ismcts("ismcts:hard,opponents=policy").params.opponents == "policy"


@pytest.mark.parametrize("name", list(GAMES))
def test_managed_time_keeps_the_move_of_an_iteration_budget(name):
    # under an iteration budget, a managed search stops only once the leader cannot be overtaken
    # by every iteration left: the same move as the whole budget, in no more iterations
    game = GAMES[name]
    cfg = game.configurations()[0]
    for state in positions(game, cfg, seed=8, count=4):
        view = state.view(state.decider())
        whole = suggest(game, view, {"iterations": 120}, seed=5, params=SearchParams())
        managed = suggest(game, view, {"iterations": 120}, seed=5, params=SearchParams(timing="managed"))
        assert managed.move == whole.move
        assert managed.iterations <= whole.iterations
        assert (managed.iterations < whole.iterations) == (managed.stopped == "decided")
        for c in managed.candidates:  # the same search, cut short: no visit it would not have had
            assert c["visits"] <= next(w["visits"] for w in whole.candidates if w["move"] == c["move"])


def test_managed_time_is_a_bound_and_ends_clear_decisions_early():
    import time

    game = registry.get("frogriders")
    state = positions(game, game.configurations()[0], seed=3, count=1)[0]
    view = state.view(state.decider())
    # a clear decision: the leader cannot be overtaken long before the end
    clock = iter(range(10**9)).__next__  # a clock that moves one unit an iteration or so

    def fake() -> float:
        return clock() * 0.001

    started = time.monotonic()
    managed = run_search(game, view, Budget(time=1.0), 4, SearchParams(timing="managed"), clock=fake)
    fixed = run_search(game, view, Budget(time=1.0), 4, SearchParams(), clock=fake)
    assert time.monotonic() - started < 60
    assert managed.stopped in ("decided", "target") and managed.iterations < fixed.iterations
    assert managed.move in state.legal_moves()
    # on the wall clock: never past the end
    for seconds in (0.05, 0.2):
        t0 = time.monotonic()
        r = run_search(game, view, Budget(time=seconds), 4, SearchParams(timing="managed"))
        assert time.monotonic() - t0 < seconds + 0.25 and r.iterations > 0


@pytest.fixture
def default_collector():
    import gc

    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_a_search_raises_the_young_collectors_threshold_while_it_runs_and_puts_it_back(default_collector):
    """ai/search_gc.py: while ``Search.run`` runs the youngest generation is collected every
    ``SEARCH_YOUNG`` net allocations, not every 700; afterwards (also after an error) the old
    thresholds are back, and a collector switched off stays off."""
    import gc

    from boardbot.ai.search_gc import SEARCH_YOUNG

    game = registry.get("frogriders")
    state = positions(game, {"players": 2}, seed=4, count=1)[0]
    seen = []

    def watching(world, rng):
        seen.append(gc.get_threshold())
        return None  # a random move

    search = Search(state, state.decider(), SearchParams(), 1)
    search.playout = watching
    assert search.run(iterations=20) == 20
    assert seen and set(seen) == {(SEARCH_YOUNG, 10, 10)}
    assert gc.get_threshold() == (700, 10, 10)

    def failing(world, rng):
        raise RuntimeError("policy failed")

    search.playout = failing
    with pytest.raises(RuntimeError):
        search.run(iterations=5)
    assert gc.get_threshold() == (700, 10, 10)

    gc.set_threshold(0, 10, 10)  # the collector off: a search leaves it off
    seen.clear()
    search = Search(state, state.decider(), SearchParams(), 1)  # (the failed one's tree is half-updated)
    search.playout = watching
    search.run(iterations=5)
    assert set(seen) == {(0, 10, 10)} and gc.get_threshold() == (0, 10, 10)


def test_searches_in_several_threads_share_the_raised_threshold_and_the_last_puts_it_back(default_collector):
    import gc

    from boardbot.ai.search_gc import SEARCH_YOUNG, search_ended, search_started

    search_started()
    search_started()
    search_ended()
    assert gc.get_threshold() == (SEARCH_YOUNG, 10, 10)  # one search still runs
    search_ended()
    assert gc.get_threshold() == (700, 10, 10)


@pytest.mark.parametrize("name,cfg", [c for c in CASES if c[1]["players"] > 1], ids=[
    i for c, i in zip(CASES, IDS) if c[1]["players"] > 1])
def test_a_move_a_spectator_sees_as_its_decider_does_every_seat_sees_so(name, cfg):
    """What the multiple-observer search relies on at four seats or more (``_iterate_mo``): where a
    spectator's text of a move is its decider's, every seat's text is that one too, so the search
    asks for two texts instead of one per other seat (a seat sees at least what a spectator sees
    and at most what the decider does)."""
    game = GAMES[name]
    checked = 0
    for seed in range(3):
        for state in positions(game, cfg, seed=seed, count=12):
            d = state.decider()
            for m in state.legal_moves():
                seen = state.public_move_text(m, None)
                if seen == state.public_move_text(m, d):
                    assert [state.public_move_text(m, t) for t in range(state.num_seats)] == [seen] * state.num_seats
                    checked += 1
    assert checked


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_a_games_hint_and_heuristic_move_leave_the_state_as_it_was(name):
    """The search asks ``Game.search_hint`` (or ``heuristic_move``) on its world itself, not on a
    copy (ai/ismcts.py, ``Search._hint``): neither may change the state it is given."""
    game = registry.get(name)
    checked = 0
    for cfg in game.configurations():
        for state in positions(game, cfg, seed=5, count=8):
            before, moves = state.to_dict(), list(state.legal_moves())
            game.search_hint(state, random.Random(1))
            game.heuristic_move(state, random.Random(2))
            assert state.to_dict() == before and state.legal_moves() == moves
            checked += 1
    assert checked


@pytest.mark.parametrize("mode", ["so", "mo"])
def test_a_puct_prior_keeps_its_weight_as_the_budget_grows(mode):
    """``prior="puct"``: the hint's bonus ``bias * sqrt(avail) / (visits + 1)`` grows with the
    node's visits, so among equal moves the hint's share of the visits holds as the budget grows,
    where the fading bonus ``bias / (visits + 1)`` gives way to plain UCB; the default is fading."""

    class Flat(FlatFrogriders):
        def search_hint(self, state, rng):
            return state.legal_moves()[-1]  # legal order puts it last: not favoured by ties

    state = flat_position(Flat())
    seat = state.decider()
    favoured = state.legal_moves()[-1]

    def share(prior: str, iterations: int) -> float:
        search = Search(state, seat, SearchParams(mode=mode, bias=1.0, prior=prior), 2)
        search.run(iterations=iterations)
        visits = {m: v for m, v, _ in search.root_stats()}
        return visits[favoured] / sum(visits.values())

    # measured: puct 0.30, 0.29, 0.27 at 100, 400, 1600 iterations; fading 0.12, 0.10, 0.09
    assert share("puct", 1600) > 0.8 * share("puct", 100)
    assert share("puct", 1600) > 2 * share("fading", 1600)
    assert share("fading", 1600) < share("fading", 100)
    assert SearchParams().prior == "fading"
    assert parse_ismcts("ismcts:prior=puct").params.prior == "puct"
    with pytest.raises(BotSpecError):
        parse_ismcts("ismcts:prior=strong")
