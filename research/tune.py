"""A recorded parameter search for a search preset: which ``SearchParams`` settings of a bot spec
play better than the preset itself (issue 47, item 5: tuning per game and table size)?

    python research/tune.py search --game czech-pub --players 3 --space "c=0.35,0.5,0.7,1.0,1.4;bias=0,1,3,6,12" --evaluations 100 --seed 4700 --log L.jsonl
    python research/tune.py confirm --game czech-pub --players 3 --candidate "ismcts:hard,c=1.0" --deals 40 --seed 9000 --log C.jsonl
    python research/tune.py summary L.jsonl [C.jsonl ...]

Every candidate is the reference spec (``--reference``, default today's ``ismcts:hard``, as served:
its iterations for the table and its managed time) with the settings of one point of ``--space``
(``key=value,value,...`` items, ``;`` between keys, the keys of the spec language:
``ai/bot_specs.py``). An evaluation is one deal, played once with the candidate in each seat in
turn and the reference in every other seat, so each seat's luck of the deal falls once to the
candidate; its score is the candidate's share of the comparisons with the reference's seats
(the better rank is above, equal ranks half), 0.5 for a candidate that plays as the reference.
Time budgets are read on each search's thread CPU time (as ``bench/ladder.py --clock cpu``), and
every searching decision's CPU time is logged for both sides: a candidate whose CPU time a
decision is over ``--max-cpu`` times the reference's (over all its evaluations so far) is told
to the optimiser as a score of 0 (it is rejected: rows compare at equal time), and its real
score stays in the log.

The optimiser is Optuna's TPE sampler (ask and tell over a categorical space), seeded afresh at
each evaluation from ``--seed`` and the evaluation's number, so a run stopped and started again
with the same arguments (it replays its log into the optimiser and plays only what the log
lacks, finishing a deal cut short) asks for the same candidates as one run through. The first
candidate is ``--start`` (default: the first value of every key), so the search starts from
the preset. Deal ``k`` of a run is seed ``--seed + k``; a confirmation takes fresh seeds.

``confirm`` plays one candidate against the reference the same way on ``--deals`` deals;
``summary`` prints each candidate's evaluations, its mean score and CPU time a decision, the
mean score of every value of every key over the evaluations that had it, and for each logged
candidate its share of the comparisons and of the wins with 95 % intervals from resampling
whole deals. Every search runs in this process, on one core. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time

from boardbot.ai.arena import play_match
from boardbot.ai.bots import BotSpecError, make_bot, parse_bot_spec
from boardbot.engine import registry

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from ladder import CLOCKS, ladder_table, parse_settings  # noqa: E402 (the ladder's table of each size)


def load(paths: list[str]) -> list[dict]:
    """The lines of logs, gzipped (as committed) or not (as written)."""
    lines = []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
            lines += [json.loads(line) for line in fh if line.strip()]
    return lines


def parse_space(text: str) -> dict[str, list[str]]:
    """``"c=0.35,0.7;bias=0,3"`` -> ``{"c": ["0.35", "0.7"], "bias": ["0", "3"]}`` (values as the
    spec language spells them; checked by making a spec of each)."""
    space: dict[str, list[str]] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        key, sep, values = item.partition("=")
        choices = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not key.strip() or not choices:
            raise ValueError(f"--space takes key=value,value,... items, not {item!r}")
        if key.strip() in space:
            raise ValueError(f"--space names {key.strip()} twice")
        space[key.strip()] = list(dict.fromkeys(choices))
    if not space:
        raise ValueError("--space is empty")
    return space


def candidate_spec(reference: str, point: dict[str, str]) -> str:
    """The reference spec with ``point``'s settings (the reference's own settings of the same keys replaced)."""
    spec = parse_bot_spec(reference)
    items = [item for item in spec.text.partition(":")[2].split(",") if item and item.partition("=")[0] not in point]
    items += [f"{key}={value}" for key, value in point.items()]
    return parse_bot_spec("ismcts:" + ",".join(items)).text


class TimedBot:
    """A bot whose searching decisions (those with more than one legal move) are counted, with
    their iterations and their CPU time on this thread."""

    def __init__(self, bot):
        self.bot = bot
        self.cpu = 0.0
        self.decisions = 0
        self.iterations = 0

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, state, rng):
        started = time.thread_time()
        move = self.bot.choose(state, rng)
        spent = time.thread_time() - started
        last = getattr(self.bot, "last", None)
        if last is not None and last.iterations:
            self.cpu += spent
            self.decisions += 1
            self.iterations += last.iterations
        return move


def play_deal(name: str, cfg: dict, candidate: str, reference: str, deal: int, seat: int) -> dict:
    """One game of ``deal``: the candidate in ``seat``, the reference in every other seat."""
    game = registry.get(name)
    players = cfg["players"]
    specs = [candidate if s == seat else reference for s in range(players)]
    bots = [TimedBot(make_bot(s, game, in_process=True)) for s in specs]
    for bot in bots:
        if hasattr(bot.bot, "clock"):
            bot.bot.clock = CLOCKS["cpu"]
    r = play_match(game, cfg, specs, deal, bots=bots)
    sides = ([b for s, b in enumerate(bots) if s == seat], [b for s, b in enumerate(bots) if s != seat])
    return {"ranks": r["ranks"], "winners": r["winners"], "moves": r["moves"],
            "cpu": [round(sum(b.cpu for b in side), 6) for side in sides],
            "decisions": [sum(b.decisions for b in side) for side in sides],
            "iterations": [sum(b.iterations for b in side) for side in sides]}


def comparisons(game: dict) -> tuple[float, int]:
    """(the candidate's points against the reference's seats: above 1, level 0.5; their number)."""
    ranks, seat = game["ranks"], game["seat"]
    others = [r for s, r in enumerate(ranks) if s != seat]
    return sum(1.0 if ranks[seat] < r else 0.5 if ranks[seat] == r else 0.0 for r in others), len(others)


def win_share(game: dict) -> float:
    """The candidate's share of the game's wins (a shared victory by its share)."""
    winners = game["winners"]
    return (game["seat"] in winners) / len(winners) if winners else 0.0


class Log:
    """A run's JSON lines: a ``game`` line as each game ends, an ``evaluation`` line as each deal's
    last game ends. Read back, it resumes the run."""

    def __init__(self, path: str | None, run: dict):
        self.path, self.run = path, run
        self.lines = [line for line in load([path]) if all(line.get(k) == v for k, v in run.items())] \
            if path and os.path.exists(path) else []

    def write(self, record: dict) -> None:
        record = {**self.run, **record}
        self.lines.append(record)
        if self.path:
            with open(self.path, "a") as fh:
                fh.write(json.dumps(record) + "\n")

    def kind(self, kind: str) -> list[dict]:
        return [line for line in self.lines if line["kind"] == kind]


def evaluate(log: Log, name: str, cfg: dict, reference: str, candidate: str, point: dict, number: int, deal: int,
             max_cpu: float, progress: str = "") -> dict:
    """Play deal ``deal`` with ``candidate`` (the search's ``point``) in each seat (the games the
    log lacks), log the evaluation and return it."""
    played = {g["seat"]: g for g in log.kind("game") if g["evaluation"] == number}
    for seat in range(cfg["players"]):
        if seat not in played:
            result = play_deal(name, cfg, candidate, reference, deal, seat)
            played[seat] = {"kind": "game", "evaluation": number, "point": point, "candidate": candidate,
                            "deal": deal, "seat": seat, **result}
            log.write(played[seat])
    games = [played[s] for s in range(cfg["players"])]
    points, count = map(sum, zip(*(comparisons(g) for g in games)))
    score = points / count
    # the CPU time a decision of this candidate over all its games so far, against the reference's in the same games
    mine = [g for g in log.kind("game") if g["candidate"] == candidate]
    cpu = [sum(g["cpu"][k] for g in mine) / max(1, sum(g["decisions"][k] for g in mine)) for k in (0, 1)]
    ratio = cpu[0] / cpu[1] if cpu[1] else 1.0
    rejected = ratio > max_cpu
    record = {"kind": "evaluation", "evaluation": number, "point": point, "candidate": candidate, "deal": deal,
              "score": round(score, 6), "wins": round(sum(win_share(g) for g in games) / len(games), 6),
              "cpu_ratio": round(ratio, 4), "rejected": rejected, "told": 0.0 if rejected else round(score, 6)}
    log.write(record)
    print(f"{progress}deal {deal} {candidate}: score {score:.3f}, CPU a decision {1000 * cpu[0]:.1f} ms against "
          f"{1000 * cpu[1]:.1f} ms{' (rejected: over --max-cpu)' if rejected else ''}", flush=True)
    return record


def search(name: str, players: int, config: dict, reference: str, space: dict[str, list[str]],
           start: dict[str, str], evaluations: int, seed: int, log_path: str | None, max_cpu: float,
           startup: int = 10) -> list[dict]:
    import optuna
    from optuna.distributions import CategoricalDistribution
    from optuna.trial import create_trial

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    cfg = ladder_table(name, players, config)
    log = Log(log_path, {"phase": "search", "game": name, "players": players, "reference": reference,
                         "space": space, "seed": seed})
    distributions = {key: CategoricalDistribution(values) for key, values in space.items()}
    study = optuna.create_study(direction="maximize")
    done = sorted(log.kind("evaluation"), key=lambda e: e["evaluation"])
    for e in done:  # the log, replayed into the optimiser
        study.add_trial(create_trial(params=e["point"], distributions=distributions, value=e["told"]))
    began = time.monotonic()
    for number in range(len(done), evaluations):
        unfinished = [g for g in log.kind("game") if g["evaluation"] == number]
        if unfinished:  # a deal cut short: its candidate again
            point = unfinished[0]["point"]
        elif number == 0:
            point = start
        else:
            # seeded afresh from the run's seed and the evaluation's number: a resumed run asks as one run through
            draw = random.Random(f"{seed}:{number}").getrandbits(32)
            study.sampler = optuna.samplers.TPESampler(seed=draw, n_startup_trials=startup)
            trial = study.ask(distributions)
            point = {key: trial.params[key] for key in space}
        per = (time.monotonic() - began) / (number - len(done)) if number > len(done) else 0.0
        left = f", about {per * (evaluations - number) / 60:.0f} min left" if per else ""
        record = evaluate(log, name, cfg, reference, candidate_spec(reference, point), point, number, seed + number, max_cpu,
                          progress=f"[{number + 1}/{evaluations}{left}] ")
        if number == 0 or unfinished:
            study.add_trial(create_trial(params=point, distributions=distributions, value=record["told"]))
        else:
            study.tell(trial, record["told"])
    return log.lines


def confirm(name: str, players: int, config: dict, reference: str, candidate: str, deals: int, seed: int,
            log_path: str | None, max_cpu: float) -> list[dict]:
    cfg = ladder_table(name, players, config)
    candidate = parse_bot_spec(candidate).text
    log = Log(log_path, {"phase": "confirm", "game": name, "players": players, "reference": reference,
                         "seed": seed, "target": candidate})
    done = {e["evaluation"] for e in log.kind("evaluation")}
    for k in range(deals):
        if k not in done:
            evaluate(log, name, cfg, reference, candidate, {}, k, seed + k, max_cpu, f"[{k + 1}/{deals}] ")
    return log.lines


def interval(deals: list[tuple[float, float]], samples: int = 2000, seed: int = 1) -> tuple[float, float, float]:
    """(sum of the firsts / sum of the seconds, and its 95 % interval from resampling whole deals)."""
    rng = random.Random(seed)
    shares = []
    for _ in range(samples):
        pick = [deals[rng.randrange(len(deals))] for _ in deals]
        total = sum(p[1] for p in pick)
        if total:
            shares.append(sum(p[0] for p in pick) / total)
    shares.sort()
    return (sum(d[0] for d in deals) / sum(d[1] for d in deals),
            shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1])


def summary(lines: list[dict], top: int = 12, least: int = 10) -> list[str]:
    """What a run's log says (the module's docstring)."""
    out = []
    for phase in ("search", "confirm"):
        evaluations = [e for e in lines if e["kind"] == "evaluation" and e["phase"] == phase]
        if not evaluations:
            continue
        e0 = evaluations[0]
        out.append(f"{phase}: {e0['game']} at {e0['players']} players, against {e0['reference']}: "
                   f"{len(evaluations)} evaluations (deals), {len(evaluations) * e0['players']} games")
        by_candidate: dict[str, list[dict]] = {}
        for e in evaluations:
            by_candidate.setdefault(e["candidate"], []).append(e)
        games = [g for g in lines if g["kind"] == "game" and g["phase"] == phase]
        rows = []
        for candidate, mine in by_candidate.items():
            played = [g for g in games if g["candidate"] == candidate]
            cpu = [sum(g["cpu"][k] for g in played) / max(1, sum(g["decisions"][k] for g in played)) for k in (0, 1)]
            its = [sum(g["iterations"][k] for g in played) / max(1, sum(g["decisions"][k] for g in played))
                   for k in (0, 1)]
            mean = sum(e["score"] for e in mine) / len(mine)
            rows.append((len(mine), mean, candidate, cpu, its, sum(e["wins"] for e in mine) / len(mine),
                         mine[-1]["rejected"]))
        rows.sort(key=lambda r: (-r[1] if r[0] >= 3 else 1, -r[0]))
        out.append("  candidate | deals | mean score (0.5: level) | wins share | CPU ms a decision, "
                   "candidate / reference | iterations a decision | rejected (CPU)")
        for n, mean, candidate, cpu, its, wins, rejected in rows[:top] if phase == "search" else rows:
            out.append(f"  {candidate} | {n} | {mean:.3f} | {wins:.3f} | {1000 * cpu[0]:.1f} / {1000 * cpu[1]:.1f} "
                       f"({cpu[0] / cpu[1] if cpu[1] else 1:.2f}x) | {its[0]:.0f} / {its[1]:.0f} | "
                       f"{'yes' if rejected else 'no'}")
        if phase == "search" and len(rows) > top:
            out.append(f"  ({len(rows) - top} more candidates; those with fewer than 3 deals listed last)")
        if phase == "search":  # each value's mean score over the evaluations not rejected that had it
            out.append("  each value's mean score ± its standard error (evaluations), candidates within the CPU limit:")
            for key in e0["space"]:
                means = []
                for value in e0["space"][key]:
                    had = [e["score"] for e in evaluations if e["point"].get(key) == value and not e["rejected"]]
                    if had:
                        mean = sum(had) / len(had)
                        spread = (sum((x - mean) ** 2 for x in had) / (len(had) - 1) / len(had)) ** 0.5 \
                            if len(had) > 1 else float("nan")
                        means.append(f"{value}: {mean:.3f} ± {spread:.3f} ({len(had)})")
                out.append(f"  {key}: " + ", ".join(means))
        for n, mean, candidate, cpu, its, wins, rejected in rows:
            if n < least:
                continue
            mine = [[g for g in games if g["candidate"] == candidate and (g["seed"], g["evaluation"]) == (e["seed"], e["evaluation"])]
                    for e in by_candidate[candidate]]
            share, low, high = interval([tuple(map(sum, zip(*(comparisons(g) for g in deal)))) for deal in mine])
            won, wlow, whigh = interval([(sum(win_share(g) for g in deal), len(deal)) for deal in mine])
            out.append(f"  {candidate} against {e0['reference']}, {n} deals, {sum(map(len, mine))} games: "
                       f"comparisons {share:.3f} ({low:.3f} to {high:.3f}), wins {won:.3f} ({wlow:.3f} to {whigh:.3f}; "
                       f"fair share {1 / e0['players']:.3f})")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for cmd in ("search", "confirm"):
        p = sub.add_parser(cmd)
        p.add_argument("--game", required=True)
        p.add_argument("--players", type=int, required=True)
        p.add_argument("--config", help="the table's other settings, as bench/ladder.py's: mode=teams")
        p.add_argument("--reference", default="ismcts:hard", help="the spec every candidate meets (and starts from)")
        p.add_argument("--seed", type=int, required=True, help="deal k is seed + k; the search's sampler is seeded from it")
        p.add_argument("--log", help="JSON lines, appended as each game ends; the same command resumes it")
        p.add_argument("--max-cpu", type=float, default=1.25,
                       help="reject a candidate whose CPU time a decision is over this many times the reference's")
        if cmd == "search":
            p.add_argument("--space", required=True, help="key=value,value,... items, ';' between keys")
            p.add_argument("--start", help="the first candidate, key=value items (default: every key's first value)")
            p.add_argument("--evaluations", type=int, default=100, help="deals, one candidate each")
            p.add_argument("--startup", type=int, default=10, help="evaluations drawn at random before TPE models")
        else:
            p.add_argument("--candidate", required=True, help="a whole bot spec")
            p.add_argument("--deals", type=int, default=40)
    t = sub.add_parser("summary", help="the figures of run logs")
    t.add_argument("paths", nargs="+")
    t.add_argument("--top", type=int, default=12, help="the search's candidates listed")
    args = ap.parse_args(argv)
    if args.cmd == "summary":
        print("\n".join(summary(load(args.paths), args.top)))
        return 0
    game = registry.get(args.game)
    try:
        reference = parse_bot_spec(args.reference).text
        make_bot(reference, game)
        if args.cmd == "search":
            space = parse_space(args.space)
            start = {key: values[0] for key, values in space.items()}
            start.update(parse_settings(args.start))
            if set(start) != set(space) or any(start[k] not in space[k] for k in space):
                ap.error("--start names a value of every key of --space, and only those")
            for key, values in space.items():  # every value is one the spec language takes
                for value in values:
                    make_bot(candidate_spec(reference, {**start, key: value}), game)
        else:
            make_bot(args.candidate, game)
    except (BotSpecError, ValueError) as err:
        ap.error(str(err))
    config = parse_settings(args.config)
    if args.cmd == "search":
        lines = search(args.game, args.players, config, reference, space, start, args.evaluations, args.seed,
                       args.log, args.max_cpu, args.startup)
    else:
        lines = confirm(args.game, args.players, config, reference, args.candidate, args.deals, args.seed,
                        args.log, args.max_cpu)
    print("\n".join(summary(load([args.log]) if args.log else lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
