"""The difficulty ladder: random, greedy and the three ISMCTS presets, rated against each other.

    python bench/ladder.py [--games frogriders,froccs] [--rounds 2] [--jobs 2] [--out reports/ladder.json]
                           [--log reports/ladder.jsonl]
    python bench/ladder.py --rate-log reports/ladder.jsonl [more.jsonl ...]

Per game, one table (the first configuration with the game's smallest player
count: two players where the game has them, else three; ``--players N`` picks
another count). The bots meet in
groups of ``players`` distinct bots, each group in every cyclic seating, so
each bot sits in each seat equally often: by default the neighbouring bots on
the ladder (``--bots`` in order: random with greedy, greedy with easy, ...,
or windows of three), which spends the games where the question is (is each
rung above the one below?) and keeps the costly hard preset in few of them;
``--meet all`` plays every group instead. ``--rounds`` repeats the schedule
on new seeds. ``--deals shared`` plays the seatings of one group in one round
on one seed (duplicate play, as in duplicate bridge: each bot takes each seat
of the same deal, so the luck of the deal falls on every bot alike; how
much that narrows the intervals depends on the game: research/notes/three-player-hard.md); by
default every game has its own seed. Every game gives a result for each pair of seats (the better
rank wins, an equal rank is a draw), and the ratings are the Bradley-Terry
fit of those pairwise results (Hunter's MM iterations), on the Elo scale
(400 points = 10 : 1 odds), with random at 0. One virtual draw between every
two bots that met keeps a bot that never loses at a finite rating (only those
that met: a virtual draw against a bot never played, random say, pulls a
strong bot down by a prior, not by a game; research/notes/froccs-budget.md). The 95 % intervals
come from resampling whole deals: the games played on one seed together (a
game's pairs are not independent, nor are the games of one deal); where a table has
fewer than ``MIN_DEALS`` deals, from resampling games (wider: the report says which).

``--log`` appends every game to a file as it ends, so a long run that is
stopped keeps what it played, and ``--rate-log`` rates the games of such
files together, per game: runs on other seeds (``--seed``) add up, and so do
runs of other sets of bots (the lower rungs in one run, the presets in
another), since one fit needs only that the bots are linked by games; a game
logged twice counts once; a gzipped log (``.jsonl.gz``, as research/logs/ladder keeps
them) is read as it is. Random (else the first bot in ladder order) is the
anchor at 0. Each logged game records a fingerprint of its game's code
(``code``: the game package's files), and ``--rate-log`` warns when it rates
games of several versions together (a refitted evaluation leaves the bot
specs as they were).

The presets mean something when easy < medium < hard in every game; the
output says for each game whether the ratings are in that order, and gives
each step up the presets (medium - easy, hard - medium) with the 95 %
interval of the difference itself, from the same resamples: a step whose
interval is above 0 is sure, where its two bots also met on at least
``MIN_DEALS`` deals of their own (a fit can rate them apart through the other
bots alone, and in games of more than two players that link is only as good
as the fit's model). Figures only: nothing here asserts.

The presets are time budgets (docs/ai.md, "Presets"), so the ladder plays them at equal wall
time per decision, as the server serves them; on a shared machine, where a search gets a
fraction of a core, ``--clock cpu`` reads each search's time budget on its thread's CPU time
instead: each bot then gets the time of one quiet core (the clock is logged with each game).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import itertools
import json
import multiprocessing as mp
import os
import random
import sys
import time
from collections import Counter

import numpy as np

from boardbot.ai.arena import play_match
from boardbot.ai.bot_specs import search_plan
from boardbot.ai.bots import BotSpecError, make_bot, parse_ismcts, split_seat_specs
from boardbot.ai.ismcts import SearchParams, infers_hidden
from boardbot.ai.stats import percentile
from boardbot.engine import build, registry

DEFAULT_BOTS = "random,greedy,ismcts:easy,ismcts:medium,ismcts:hard"
PRESET_ORDER = ("ismcts:easy", "ismcts:medium", "ismcts:hard")
ELO = 400.0 / np.log(10.0)


@functools.lru_cache(maxsize=None)
def game_infers_hidden(game: str) -> bool:
    """Where a game's worlds weigh no public evidence, a search's ``beliefs`` changes nothing
    and is left out of what a spec means."""
    return infers_hidden(type(registry.get(game).new_state({}, 0)))


# What the presets' names mean when logs are rated: "served", the presets as they are served now
# (time budgets capped by their iterations, managed), or "iterations", the presets as they were
# until 2026-12-05 (their iterations alone, spent whole), to rate the logs of then under the
# names they were played under (docs/ai.md's ladder table: --presets-as iterations).
PRESETS_AS = {"value": "served"}
# The rating rules (--rating-rules): "current", virtual draws only between bots that met and a step
# sure only where its two bots met on MIN_DEALS deals; "2026-12-05", the rules the tables of before
# 2026-12-06 were rated by (virtual draws between every two bots, a step sure on its interval alone),
# which research/notes' older tables reproduce
RATING_RULES = {"value": "current"}


@functools.lru_cache(maxsize=None)  # asked for every bot of every logged game
def resolved_spec(spec: str, game: str | None = None, players: int | None = None,
                  presets_as: str = "served") -> str:
    """What a bot spec means today (in ``game`` at a table of ``players``, where given), as an
    explicit spec: an ISMCTS spec becomes its budget (the game's for that table, where it sets
    one: ``Game.preset_iterations``) and every parameter that differs from the defaults and
    changes the search (``ismcts:medium`` -> ``ismcts:iterations=600,time=0.3,timing=managed``),
    so a logged game keeps its meaning when a preset is later changed. ``presets_as="iterations"``:
    a preset as it was before time budgets (``ismcts:medium`` -> ``ismcts:iterations=600``)."""
    if not spec.startswith("ismcts"):
        return spec
    parsed = parse_ismcts(spec)
    plan = search_plan(parsed, registry.get(game) if game is not None else None, players)
    if presets_as == "iterations" and parsed.iterations is None and parsed.time is None:
        plan = type(plan)(type(plan.budget)(iterations=plan.budget.iterations),
                          plan.params.with_(timing=parsed.setting("timing", "fixed")))
    budget = plan.budget
    parts = [f"{k}={v}" for k, v in (("iterations", budget.iterations), ("time", budget.time))
             if v is not None]
    default = SearchParams().to_dict()
    for name, value in plan.params.to_dict().items():
        if name == "beliefs" and game is not None and not game_infers_hidden(game):
            continue
        if value != default[name]:
            key = "pw" if name == "pw_alpha" else name
            parts.append(f"{key}={int(value) if isinstance(value, bool) else value}")
    return "ismcts:" + ",".join(parts)


def logged_name(spec: str, resolved: str | None, game: str | None = None, players: int | None = None) -> str:
    """The name a logged bot is rated under: the preset that means today what the bot meant when it
    played (``resolved``; a log without it is taken at today's meaning), else that meaning itself."""
    presets_as = PRESETS_AS["value"]
    try:
        today = resolved_spec(spec, game, players, presets_as)
    except BotSpecError:  # a preset since removed: only the log knows what it meant
        today = None
    meaning = resolved or today or spec
    for preset in PRESET_ORDER:
        if resolved_spec(preset, game, players, presets_as) == meaning:
            return preset
    return spec if meaning == today else meaning


def ladder_table(name: str, players: int | None = None, settings: dict | None = None) -> dict:
    """The first configuration with ``players`` seats, by default the game's smallest count of at
    least two, and ``settings`` (``{"mode": "teams"}``: a mode of the game), where given."""
    game = registry.get(name)
    configs = [game.validate(c) for c in game.configurations()]
    if settings:
        configs = [c for c in configs if all(str(c.get(k)).lower() == str(v).lower() for k, v in settings.items())]
        if not configs:
            raise SystemExit(f"{name} has no configuration with {settings}")
    if players is None:
        players = min(c["players"] for c in configs if c["players"] >= 2)
    table = next((c for c in configs if c["players"] == players), None)
    if table is None:
        counts = sorted({c["players"] for c in configs})
        raise SystemExit(f"{name} has no configuration for {players} players (it has {counts})")
    return table


def parse_settings(text: str | None) -> dict:
    """``--config mode=teams,honours=true`` -> ``{"mode": "teams", "honours": "true"}``."""
    out = {}
    for item in (text or "").split(","):
        if item.strip():
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise SystemExit(f"--config takes key=value items, not {item!r}")
            out[key.strip()] = value.strip()
    return out


def schedule(bots: list[str], players: int, rounds: int, meet: str = "neighbours") -> list[list[int]]:
    """Seatings (bot indices per seat): each group of distinct bots in every cyclic order, ``rounds`` times;
    the groups are windows of neighbouring bots, or every combination (``meet="all"``). A table
    with more seats than bots has one group: every bot, and the first bots (the cheapest, random
    and greedy by default) again in the seats left, so every bot still takes every seat; the
    seats of one bot give no result against each other (``pair_results``)."""
    if players > len(bots):
        groups = [tuple(k % len(bots) for k in range(players))]
    elif meet == "all":
        groups = list(itertools.combinations(range(len(bots)), players))
    else:
        groups = [tuple(range(i, i + players)) for i in range(len(bots) - players + 1)]
    out = []
    for _ in range(rounds):
        for group in groups:
            for r in range(players):
                out.append([group[(q + r) % players] for q in range(players)])
    return out


def code_version(name: str) -> str:
    """A fingerprint of the game's package (its rules and its AI knowledge: every ``.py`` file in
    it), logged with each game, so games played on different code are not rated together
    unknowingly: the bot specs alone cannot tell a refitted evaluation from the old one."""
    package = sys.modules[type(registry.get(name)).__module__].__file__
    folder = os.path.dirname(package)
    digest = hashlib.sha256()
    for file in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        with open(os.path.join(folder, file), "rb") as fh:
            digest.update(file.encode() + b"\0" + fh.read())
    return digest.hexdigest()[:12]


def own_seed(seed: int, g: int) -> int:
    """The seed game ``g`` of a run on ``seed`` is dealt from when it has its own deal."""
    return seed * 1_000_003 + g


def game_seeds(seed: int, count: int, players: int, deals: str = "own") -> list[int]:
    """The seed of each game of a schedule: its own, or (``shared``) the first of its group's
    cyclic seatings, which ``schedule`` lists one after another."""
    if deals not in ("own", "shared"):
        raise ValueError(f"deals must be own or shared, not {deals!r}")
    step = players if deals == "shared" else 1
    return [own_seed(seed, g // step * step) for g in range(count)]


def deal_of(result: dict, seed: int | None = None) -> int:
    """The seed a played game was dealt from (logs before ``deal`` was recorded: its own)."""
    if "deal" in result:
        return result["deal"]
    return own_seed(result.get("seed", seed), result["g"])


CLOCKS = {"wall": None, "cpu": time.thread_time}


def ladder_bots(game, seat_specs: list[str], clock: str = "wall") -> list:
    """The bots the ladder seats: each spec's bot as ``make_bot`` makes it (the server's plan:
    ``search_plan``, tests/test_served_plans.py), its time budget read on ``clock``."""
    bots = [make_bot(s, game) for s in seat_specs]
    for bot in bots:
        if hasattr(bot, "clock"):  # a search: its time budget read on the clock asked for
            bot.clock = CLOCKS[clock]
    return bots


def _play(job) -> dict:
    name, cfg, g, seating, specs, seed, clock = job
    game = registry.get(name)
    seat_specs = [specs[k] for k in seating]
    timings = {s: [] for s in seat_specs}
    bots = ladder_bots(game, seat_specs, clock)
    r = play_match(game, cfg, seat_specs, seed, bots=bots, timings=timings)
    return {"g": g, "deal": seed, "seating": seating, "ranks": r["ranks"], "moves": r["moves"],
            "seconds": {s: sum(t) for s, t in timings.items()}, "decisions": {s: len(t) for s, t in timings.items()}}


def pair_results(game_result: dict) -> list[tuple[int, int, float]]:
    """(bot a, bot b, a's score) for every pair of seats: the better rank wins, an equal rank is a draw."""
    seating, ranks = game_result["seating"], game_result["ranks"]
    out = []
    n = len(seating)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = seating[i], seating[j]
            if a == b:
                continue
            out.append((a, b, 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5))
    return out


def met(pairs: list[tuple[int, int, float]], bots: int) -> np.ndarray:
    """Which two bots met (a symmetric 0/1 matrix): where ``fit_ratings`` puts its virtual draws."""
    out = np.zeros((bots, bots))
    for a, b, _ in pairs:
        out[a, b] = out[b, a] = 1.0
    return out


def win_matrix(pairs: list[tuple[int, int, float]], bots: int) -> np.ndarray:
    """Wins of each bot over each other in ``pairs`` (a draw or a share: part of a win each way)."""
    wins = np.zeros((bots, bots))
    for a, b, s in pairs:
        wins[a, b] += s
        wins[b, a] += 1.0 - s
    return wins


def fit_ratings(pairs: list[tuple[int, int, float]], bots: int, prior_draws: float = 1.0, anchor: int = 0,
                iterations: int = 500, drawn: np.ndarray | None = None) -> np.ndarray:
    """Bradley-Terry strengths by MM iterations, as Elo ratings with ``anchor`` at 0. The virtual
    draws go between the bots that met in ``pairs`` (``drawn``: between those of another set of
    games, the full one a resample was drawn from, so every resample keeps the same links)."""
    if drawn is None:
        drawn = met(pairs, bots) if RATING_RULES["value"] == "current" else 1 - np.eye(bots)
    return fit_many(win_matrix(pairs, bots)[None], drawn, prior_draws, anchor, iterations)[0]


def fit_many(wins: np.ndarray, drawn: np.ndarray, prior_draws: float = 1.0, anchor: int = 0,
             iterations: int = 500) -> np.ndarray:
    """``fit_ratings`` of many sets of games at once (``wins``: one win matrix per set), each set
    iterated until its own strengths settle: the numbers of one fit by one, in a few numpy calls
    a step instead of a few a set (a bootstrap's thousand fits took most of a CI test's minute)."""
    wins = wins + prior_draws * 0.5 * drawn  # a virtual draw: half a win each way
    meetings = wins + wins.transpose(0, 2, 1)
    total_wins = wins.sum(axis=2)
    gamma = np.ones(total_wins.shape)
    active = np.ones(len(gamma), dtype=bool)
    for _ in range(iterations):
        denom = (meetings / (gamma[:, :, None] + gamma[:, None, :])).sum(axis=2)
        new = total_wins / denom
        new /= np.exp(np.log(new).mean(axis=1))[:, None]
        settled = np.max(np.abs(new - gamma), axis=1) < 1e-10
        gamma = np.where(active[:, None], new, gamma)
        active &= ~settled
        if not active.any():
            break
    ratings = ELO * np.log(gamma)
    return ratings - ratings[:, anchor, None]


# Fewer deals than this, and the intervals resample games instead: a resampling of two or three
# deals (one round of duplicate play at three or four seats) cannot show how the ratings vary, and
# of one deal (five seats or more) it shows no variation at all. Games resampled one by one lose
# duplicate play's pairing (each bot in each seat of a deal), which only widens the intervals.
MIN_DEALS = 10


def resampled_unit(results: list[dict], seed: int) -> str:
    """What the intervals of ``results`` resample: "deals", or "games" where the deals are too few."""
    return "deals" if len({deal_of(r, seed) for r in results}) >= MIN_DEALS else "games"


def bootstrap(results: list[dict], bots: int, samples: int, seed: int) -> np.ndarray:
    """Ratings refitted on resampled deals (every game of a drawn deal, as many draws as deals); on
    resampled games where the deals are fewer than ``MIN_DEALS``."""
    rng = random.Random(seed)
    per_deal: dict = {}
    by_deal = resampled_unit(results, seed) == "deals"
    for k, r in enumerate(results):
        per_deal.setdefault(deal_of(r, seed) if by_deal else k, []).extend(pair_results(r))
    clusters = list(per_deal.values())
    drawn = met([p for deal in clusters for p in deal], bots) if RATING_RULES["value"] == "current" else None
    if drawn is None:
        drawn = 1 - np.eye(bots)
    wins = np.zeros((samples, bots, bots))
    for k in range(samples):
        pick = [clusters[rng.randrange(len(clusters))] for _ in clusters]
        wins[k] = win_matrix([p for deal in pick for p in deal], bots)
    return fit_many(wins, drawn)


def rate_game(name: str, specs: list[str], rounds: int, seed: int, jobs: int, samples: int,
              meet: str = "neighbours", log: str | None = None, deals: str = "own",
              players: int | None = None, clock: str = "wall", settings: dict | None = None,
              fill: bool = False) -> dict:
    """Play the schedule and rate it. ``log``: a file each game is appended to as it ends (one
    JSON line), so a run that is stopped keeps its games, and runs on other seeds add up
    (``--rate-log``)."""
    cfg = ladder_table(name, players, settings)
    if len(specs) < (2 if fill else cfg["players"]):
        raise SystemExit(f"{name} at {cfg['players']} players needs at least {cfg['players']} bots, got {len(specs)}"
                         + ("" if fill else " (--fill-seats seats the first bots again)"))
    seatings = schedule(specs, cfg["players"], rounds, meet)
    seeds = game_seeds(seed, len(seatings), cfg["players"], deals)
    job_list = [(name, cfg, g, s, specs, seeds[g], clock) for g, s in enumerate(seatings)]
    code = code_version(name)  # now, as the games load it: a file edited during the run is not what played
    built = build.describe()  # compiled or pure: the presets' time budgets buy several times the iterations compiled
    t0 = time.monotonic()
    results = []
    pool = None
    if jobs > 1:
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        pool = ctx.Pool(jobs)
    try:
        for r in (pool.imap_unordered(_play, job_list) if pool else map(_play, job_list)):
            results.append(r)
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps({"game": name, "config": cfg, "bots": specs, "seed": seed,
                                        "resolved": [resolved_spec(b, name, cfg["players"]) for b in specs],
                                        "code": code, "build": built, "clock": clock,
                                        **r}) + "\n")
            print(f"\r  {len(results)}/{len(job_list)} games", end="", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.terminate()  # every result is in (or the run was stopped): no worker has more to do
    print(file=sys.stderr)
    report = rate_results(name, cfg, specs, results, seed, samples)
    report.update(rounds=rounds, meet=meet, deals=deals, wall_s=round(time.monotonic() - t0, 1))
    return report


def rate_results(name: str, cfg: dict, specs: list[str], results: list[dict], seed: int, samples: int) -> dict:
    """The ratings, with bootstrap intervals, of played games (``_play``'s results)."""
    results = sorted(results, key=lambda r: (r.get("seed", seed), r["g"], tuple(r.get("bots", ()))))
    ratings = fit_ratings([p for r in results for p in pair_results(r)], len(specs))
    boot = bootstrap(results, len(specs), samples, seed)
    lo, hi = (percentile(boot, q, axis=0, method="linear") for q in (2.5, 97.5))  # as docs/ai.md's figures
    played = {s: sum(1 for r in results for k in r["seating"] if specs[k] == s) for s in specs}
    seconds = {s: sum(r["seconds"].get(s, 0.0) for r in results) for s in specs}
    decisions = {s: sum(r["decisions"].get(s, 0) for r in results) for s in specs}
    rows = [{"bot": s, "rating": round(float(ratings[k])), "ci95": [round(float(lo[k])), round(float(hi[k]))],
             "games": played[s], "ms_per_decision": round(1000 * seconds[s] / decisions[s], 2) if decisions[s] else 0}
            for k, s in enumerate(specs)]
    index = {s: k for k, s in enumerate(specs)}
    presets = [p for p in PRESET_ORDER if p in index]
    # each step up the presets with the 95 % interval of the difference itself: the ratings'
    # own intervals share the anchor's uncertainty, so they can overlap while the step is sure
    steps = []
    for low, high in zip(presets, presets[1:]):
        diff = boot[:, index[high]] - boot[:, index[low]]
        pair = {index[low], index[high]}
        steps.append({"from": low, "to": high, "difference": round(float(ratings[index[high]] - ratings[index[low]])),
                      "ci95": [round(percentile(diff, q, method="linear")) for q in (2.5, 97.5)],
                      "direct_deals": len({deal_of(r, seed) for r in results if pair <= set(r["seating"])})})
    ordered = all(st["difference"] > 0 for st in steps) if steps else None
    apart = all(step_verdict(st, resampled_unit(results, seed)) == "sure" for st in steps) if steps else None
    return {"game": name, "config": cfg, "games": len(results), "ratings": rows, "steps": steps,
            "presets_in_order": ordered, "preset_steps_sure": apart,
            "deals": len({deal_of(r, seed) for r in results}), "resampled": resampled_unit(results, seed)}


def step_verdict(step: dict, resampled: str) -> str:
    """Whether a step up the presets is sure: its interval above 0 ("surely not": below), on deals
    resampled, and its two bots met on at least ``MIN_DEALS`` deals of their own."""
    if resampled == "games":
        return "too few deals to tell"
    if RATING_RULES["value"] == "current" and step.get("direct_deals", MIN_DEALS) < MIN_DEALS:
        return f"too few deals to tell (met on {step['direct_deals']})"
    return "sure" if step["ci95"][0] > 0 else "surely not" if step["ci95"][1] < 0 else "not sure"


def rate_logs(paths: list[str], samples: int, seed: int) -> list[dict]:
    """Every game of ``--log`` files, rated per game and configuration: games between different
    sets of bots are rated together (one Bradley-Terry fit needs only that the bots are linked
    by games, so a run of the lower rungs and a run of the presets make one table). A game
    logged twice (the same bots, seed and number: a run repeated) counts once. Each bot is named by
    what it meant when it played (``logged_name``): a preset changed since is not confused with it."""
    groups: dict = {}
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    r = json.loads(line)
                    if not {"game", "config", "bots", "seed", "g", "seating", "ranks"} <= r.keys():
                        raise SystemExit(f"{path}:{number}: not a game logged by bench/ladder.py --log")
                    meant = r.get("resolved") or [None] * len(r["bots"])
                    names = [logged_name(b, m, r["game"], r["config"].get("players"))
                             for b, m in zip(r["bots"], meant)]
                    if len(set(names)) == len(names):  # two specs of one meaning in a game stay apart
                        rename = dict(zip(r["bots"], names))
                        r["bots"] = names
                        for per_bot in ("seconds", "decisions"):
                            r[per_bot] = {rename.get(b, b): v for b, v in r.get(per_bot, {}).items()}
                    key = (r["game"], json.dumps(r["config"], sort_keys=True))
                    group = groups.setdefault(key, {"config": r["config"], "games": {}})
                    group["games"][(tuple(r["bots"]), r["seed"], r["g"])] = r
    reports = []
    for (name, _), group in groups.items():
        bots = ladder_order({b for r in group["games"].values() for b in r["bots"]})
        games = [dict(r, seating=[bots.index(r["bots"][k]) for k in r["seating"]])
                 for r in group["games"].values()]
        report = rate_results(name, group["config"], bots, games, seed, samples)
        report.update(seeds=sorted({s for _, s, _ in group["games"]}), rounds=None, meet="logged",
                      sets=[list(b) for b in sorted({b for b, _, _ in group["games"]})])
        # games of several versions of the game's code, or of the pure and the compiled build (a
        # time budget buys the compiled build several times the iterations), rate different bots
        for field, key, what, advice in (
                ("code", "code_versions", "versions of the game's code", "if the rules or the AI changed between them"),
                ("build", "builds", "builds", "a time budget buys more iterations compiled")):
            seen = Counter(r.get(field, "unrecorded") for r in group["games"].values())
            report[key] = dict(seen)
            if len(seen) > 1:
                counts = ", ".join(f"{v}: {k} game{'s' if k != 1 else ''}" for v, k in seen.most_common())
                print(f"warning: {name} with {group['config']['players']} players rates games played on "
                      f"{len(seen)} {what} ({counts}); {advice}, rate the files apart", file=sys.stderr)
        reports.append(report)
    return reports


def published(reports: list[dict], command: str) -> dict:
    """The ratings the server publishes (boardbot.ai.ladder_ratings: BotService.ListBots, docs/ai.md),
    one row per game and table, from ``--rate-log`` reports; ``command``: what rated them."""
    tables = [{"game": rep["game"], "config": rep["config"], "games": rep["games"],
               "ratings": {r["bot"]: [r["rating"], *r["ci95"]] for r in rep["ratings"]},
               "steps": rep["steps"], "presets_in_order": rep["presets_in_order"],
               "preset_steps_sure": rep["preset_steps_sure"], "deals": rep["deals"], "resampled": rep["resampled"]}
              for rep in sorted(reports, key=lambda rep: (rep["game"], json.dumps(rep["config"], sort_keys=True)))]
    return {"command": command, "tables": tables}


def ladder_order(bots: set[str]) -> list[str]:
    """The default ladder's order (random, greedy, easy, medium, hard), then any other bots by name;
    the first is the anchor at 0."""
    known = [b for b in DEFAULT_BOTS.split(",") if b in bots]
    return known + sorted(bots - set(known))


def markdown(reports: list[dict]) -> str:
    """One table per set of bots rated (the default five, or a subset such as the presets alone)."""
    tables: dict = {}
    for rep in reports:
        tables.setdefault(tuple(r["bot"] for r in rep["ratings"]), []).append(rep)
    out = []
    for specs, group in tables.items():
        if out:
            out.append("")
        modes = any("mode" in rep["config"] for rep in group)  # a column where a game has modes
        out.append("| game | players | " + ("mode | " if modes else "") + "games | deals | "
                   + " | ".join(f"`{s}`" for s in specs)
                   + " | easy < medium < hard | each step up (95 % interval) | is each step sure |")
        out.append("| --- | ---: | " + ("--- | " if modes else "") + "---: | ---: | " + " | ".join("---" for _ in specs)
                   + " | --- | --- | --- |")
        for rep in group:
            cells = [f"{r['rating']} ({r['ci95'][0]} to {r['ci95'][1]})" for r in rep["ratings"]]
            order = {True: "yes", False: "no", None: "n/a"}[rep["presets_in_order"]]
            steps = "; ".join(f"{st['difference']:+d} ({st['ci95'][0]:+d} to {st['ci95'][1]:+d})"
                              for st in rep.get("steps", []))
            sure = "; ".join(step_verdict(st, rep["resampled"]) for st in rep.get("steps", []))
            mode = f"{rep['config'].get('mode', '–')} | " if modes else ""
            # the intervals resample deals, or games where the deals are too few (MIN_DEALS)
            deals = f"{rep['deals']}" + (" (games resampled)" if rep["resampled"] == "games" else "")
            out.append(f"| {rep['game']} | {rep['config']['players']} | {mode}{rep['games']} | {deals} | "
                       + " | ".join(cells)
                       + f" | {order} | {steps or '–'} | {sure or '–'} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(registry.names()), help="comma-separated game names")
    ap.add_argument("--bots", default=DEFAULT_BOTS)
    ap.add_argument("--rounds", type=int, default=10, help="times the whole schedule is played")
    ap.add_argument("--meet", choices=("neighbours", "all"), default="neighbours",
                    help="which groups of bots meet: neighbours on the ladder, or every combination")
    ap.add_argument("--deals", choices=("own", "shared"), default="own",
                    help="a seed per game, or one per group and round (duplicate play)")
    ap.add_argument("--players", type=int, default=None,
                    help="the table's player count (default the game's smallest; every bot count must reach it, "
                         "unless --fill-seats)")
    ap.add_argument("--fill-seats", action="store_true",
                    help="at a table with more seats than bots, seat the first bots (the cheapest) again")
    ap.add_argument("--config", default=None, metavar="KEY=VALUE,...",
                    help="the table's other settings, e.g. mode=teams (default: the first configuration "
                         "with the player count)")
    ap.add_argument("--bootstrap", type=int, default=300, help="resamples for the intervals")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                    help="what the presets' time budgets are read on: wall time, as the server does, or each "
                         "game's thread CPU time (one quiet core's worth on a shared machine)")
    ap.add_argument("--out", default=None, help="also write the JSON report here")
    ap.add_argument("--render", nargs="+", metavar="JSON", help="only print the table of saved reports")
    ap.add_argument("--log", default=None, help="append every game to this file as it ends (JSON lines)")
    ap.add_argument("--presets-as", choices=("served", "iterations"), default="served",
                    help="with --rate-log: name logged bots after the presets as served now, or as they "
                         "were before time budgets (their iterations alone)")
    ap.add_argument("--rating-rules", choices=("current", "2026-12-05"), default="current",
                    help="with --rate-log: rate by the current rules, or by those of the tables of before "
                         "2026-12-06 (virtual draws between every two bots; a step sure on its interval alone)")
    ap.add_argument("--publish", default=None, metavar="JSON",
                    help="with --rate-log: write the ratings the server publishes (ai/ladder_ratings.json)")
    ap.add_argument("--rate-log", nargs="+", metavar="LOG",
                    help="only rate the games of --log files (runs on different seeds add up)")
    args = ap.parse_args(argv)
    PRESETS_AS["value"] = args.presets_as
    RATING_RULES["value"] = args.rating_rules
    if args.render:
        saved = []
        for path in args.render:
            with open(path) as f:
                saved += json.load(f)["reports"]
        print(markdown(saved))
        return 0
    if args.rate_log:
        reports = rate_logs(args.rate_log, args.bootstrap, args.seed)
        if args.publish:
            command = " ".join(["python bench/ladder.py", *(argv if argv is not None else sys.argv[1:])])
            with open(args.publish, "w") as f:
                json.dump(published(reports, command), f, indent=1)
                f.write("\n")
        if args.out:
            with open(args.out, "w") as f:
                json.dump({"bots": sorted({r["bot"] for rep in reports for r in rep["ratings"]}), "reports": reports},
                          f, indent=2)
        print(markdown(reports))
        return 0
    specs = split_seat_specs(args.bots)  # "greedy,ismcts:iterations=2500,bias=12": two bots
    reports = []
    for name in args.games.split(","):
        print(f"{name}: {len(specs)} bots, {args.rounds} round(s)", file=sys.stderr, flush=True)
        reports.append(rate_game(name, specs, args.rounds, args.seed, args.jobs, args.bootstrap, args.meet,
                                  args.log, args.deals, args.players, args.clock, parse_settings(args.config),
                                  args.fill_seats))
        for r in reports[-1]["ratings"]:
            print(f"  {r['bot']:<16}{r['rating']:>6}  [{r['ci95'][0]}, {r['ci95'][1]}]  "
                  f"{r['ms_per_decision']} ms/decision", file=sys.stderr, flush=True)
        if args.out:
            with open(args.out, "w") as f:
                json.dump({"bots": specs, "reports": reports}, f, indent=2)
    print(json.dumps({"bots": specs, "reports": reports}, indent=2))
    print(markdown(reports), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
