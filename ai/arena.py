"""Play matches between bots and summarise them (``boardbot arena``).

    boardbot arena frogriders --players 3 --seats random --games 1000 --seed 7
    boardbot arena frogriders --seats ismcts:hard,iterations=2500,random --games 100

With different bots the seats rotate: game g seats bot (i + g) mod n at
seat i, so every bot plays every seat equally often. The JSON summary keeps
``games``, ``mean_moves_per_game``, ``score_range`` and ``wins_per_seat``
and adds ``bots``: per distinct spec, its wins and win rate per seat it
occupied, with a 95 % Wilson interval, and its mean score (the figure that
matters in a one-seat game). A shared victory counts as a share.
With iteration budgets (``ismcts:hard,iterations=2500``) the summary depends only on the
arguments (not on --jobs or timing); a preset alone is a time budget, so its games depend on
the machine too. The progress bar and timings go to stderr.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import random
import sys
import time

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, ConfigError

from .bots import BotSpecError, make_bot, split_seat_specs
from .stats import wilson


def play_match(game, cfg: dict, seat_specs: list[str], seed: int, bots=None, timings=None, log=None) -> dict:
    """One game; each seat is played by its bot from a world sampled for it.
    ``log``: a list that receives the game's log entries (State.log)."""
    state = game.new_state(cfg, seed)
    state.log = log
    if bots is None:
        bots = [make_bot(spec, game) for spec in seat_specs]
    for bot in bots:
        bot.new_game()
    watchers = [q for q, bot in enumerate(bots) if getattr(bot, "wants_observations", False)]
    rng = random.Random(seed ^ 0x5EED)
    moves = 0
    while (seat := state.decider()) != TERMINAL:
        world = state.sample_for(seat, rng)
        started = time.perf_counter()
        move = bots[seat].choose(world, rng)
        if timings is not None:
            timings[seat_specs[seat]].append(time.perf_counter() - started)
        if watchers:
            full = state.move_text(move)
            seen = []
            for q in watchers:
                text = full if q == seat else state.public_move_text(move, q)
                seen.append((q, move if text == full else None, text))
        state.apply_checked(move)
        if watchers:
            for q, visible, text in seen:
                bots[q].observe(seat, visible, text)
        moves += 1
    res = state.result()
    return {"moves": moves, "scores": list(res.scores), "winners": list(res.winners), "ranks": list(res.ranks)}


def seating(seat_specs: list[str], g: int, rotate: bool) -> list[int]:
    """seat -> index into seat_specs for game g."""
    n = len(seat_specs)
    r = g % n if rotate else 0
    return [(i + r) % n for i in range(n)]


_WORKER: dict = {}


def _worker_init(name, cfg, specs):
    game = registry.get(name)
    _WORKER.update(game=game, cfg=cfg, specs=specs, bots=[make_bot(s, game) for s in specs])


def _worker_play(job):
    g, order, seed = job
    w = _WORKER
    specs = [w["specs"][k] for k in order]
    bots = [w["bots"][k] for k in order]
    timings = {s: [] for s in w["specs"]}
    r = play_match(w["game"], w["cfg"], specs, seed, bots=bots, timings=timings)
    r["timings"] = {s: (sum(t), len(t)) for s, t in timings.items()}
    return g, r


class Progress:
    """A plain-text progress bar on stderr (redrawn in place on a terminal)."""

    def __init__(self, total: int, enabled: bool = True, width: int = 30):
        self.total = total
        self.enabled = enabled and total > 0
        self.width = width
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last_shown = -1

    def update(self, done: int, note: str = "") -> None:
        if not self.enabled:
            return
        tenth = done * 10 // self.total
        if not self.tty and tenth == self.last_shown and done != self.total:
            return  # in a log: one line per tenth
        self.last_shown = tenth
        filled = self.width * done // self.total
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        line = f"[{bar}] {done}/{self.total} games {elapsed:.0f}s eta {eta:.0f}s {note}"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if done == self.total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def run_arena(name: str, cfg: dict, seat_specs: list[str], games: int, seed: int, rotate: bool | None = None,
              jobs: int = 1, progress: bool = False, timing_out: dict | None = None) -> dict:
    game = registry.get(name)
    cfg = game.validate(cfg)
    n = cfg["players"]
    if len(seat_specs) == 1:
        seat_specs = seat_specs * n
    if len(seat_specs) != n:
        raise SystemExit(f"--seats needs 1 or {n} bot specs, got {len(seat_specs)}")
    for spec in seat_specs:  # fail early on a bad spec
        make_bot(spec, game)
    if rotate is None:
        rotate = len(set(seat_specs)) > 1
    distinct = list(dict.fromkeys(seat_specs))
    wins = [0.0] * n
    bot_wins = {s: 0.0 for s in distinct}
    bot_seats = {s: 0 for s in distinct}
    bot_scores = {s: 0.0 for s in distinct}
    seat_scores = [0.0] * n
    seconds = {s: 0.0 for s in distinct}
    decisions = {s: 0 for s in distinct}
    total_moves = 0
    low, high = float("inf"), float("-inf")
    bar = Progress(games, progress)
    job_list = [(g, seating(seat_specs, g, rotate), seed * 1_000_003 + g) for g in range(games)]
    results: dict[int, dict] = {}

    def record(g, r, order):
        nonlocal total_moves, low, high
        total_moves += r["moves"]
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
            bot_wins[seat_specs[order[w]]] += 1 / len(r["winners"])
        for i in range(n):
            bot_seats[seat_specs[order[i]]] += 1
            bot_scores[seat_specs[order[i]]] += r["scores"][i]
            seat_scores[i] += r["scores"][i]
        low = min(low, *r["scores"])
        high = max(high, *r["scores"])
        for s, (t, k) in r["timings"].items():
            seconds[s] += t
            decisions[s] += k

    if jobs > 1 and games > 1:
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(jobs, initializer=_worker_init, initargs=(name, cfg, seat_specs)) as pool:
            for done, (g, r) in enumerate(pool.imap_unordered(_worker_play, job_list), 1):
                results[g] = r
                bar.update(done)
        for g, order, _ in job_list:  # in game order: the summary does not depend on timing
            record(g, results[g], order)
    else:
        _worker_init(name, cfg, seat_specs)
        for done, (g, order, s) in enumerate(job_list, 1):
            _, r = _worker_play((g, order, s))
            record(g, r, order)
            bar.update(done)
    bots = {}
    for s in distinct:
        trials = bot_seats[s]
        lo, hi = wilson(bot_wins[s], trials)
        bots[s] = {
            "seat_games": trials,
            "wins": round(bot_wins[s], 3),
            "win_rate": round(bot_wins[s] / trials, 4) if trials else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(bot_scores[s] / trials, 3) if trials else None,
        }
    summary = {
        "game": name,
        "config": cfg,
        "seats": seat_specs,
        "games": games,
        "seed": seed,
        "rotate": rotate,
        "mean_moves_per_game": round(total_moves / games, 3) if games else 0.0,
        "score_range": [low, high],
        "wins_per_seat": [round(w, 3) for w in wins],
        "mean_score_per_seat": [round(x / games, 3) for x in seat_scores] if games else [],
        "bots": bots,
    }
    if timing_out is not None:  # mean seconds per decision, per spec
        timing_out.update({s: (seconds[s] / decisions[s] if decisions[s] else 0.0) for s in distinct})
    return summary


def main(args) -> int:
    cfg = json.loads(args.config) if args.config else {}
    if args.players is not None:
        cfg["players"] = args.players
    rotate = None if args.rotate is None else args.rotate == "on"
    try:
        specs = split_seat_specs(args.seats)
    except ValueError as err:
        raise SystemExit(f"--seats: {err}")
    timing: dict = {}
    try:
        summary = run_arena(args.game, cfg, specs, args.games, args.seed, rotate=rotate,
                            jobs=args.jobs, progress=not args.quiet, timing_out=timing)
    except BotSpecError as err:
        raise SystemExit(f"--seats: {err}")
    except ConfigError as err:
        raise SystemExit(f"config: {err}")
    json.dump(summary, sys.stdout, indent=2)
    print()
    if not args.quiet:
        for s, t in timing.items():
            print(f"{s}: {t * 1000:.1f} ms per decision", file=sys.stderr)
    return 0
