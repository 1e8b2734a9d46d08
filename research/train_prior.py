"""A learned move prior (ai/learned_prior.py), fitted on the search's own games, checked on held-out games.

    python research/train_prior.py play --game czech-pub --players 5 --games 250 --seed 4710 --iterations 200 --log G.jsonl.gz
    python research/train_prior.py fit --log G.jsonl.gz --l2 0.0001,0.001,0.01 [--with-hint] --out F.jsonl.gz
    python research/train_prior.py disagree --log G.jsonl.gz --prior F.jsonl.gz
    python research/train_prior.py speed --game czech-pub --players 5 --prior F.jsonl.gz
    python research/train_prior.py run --game czech-pub --players 5 --prior F.jsonl.gz bench/against_release.py -- ARGS...

``play``: self-play of the search (``--bot``, a search spec, by default ``ismcts:hard`` at
``--iterations`` fixed iterations a decision, so the games do not depend on the machine) in every
seat. At every decision with more than one legal move it records the deciding seat's observation
of its own view (``Game.observe(state.view(seat))``, stored sparse), the legal moves' action ids
(``Game.action_space``), the root's visits over them, and the game's hint
(``Game.search_hint``, asked as the search asks it: in a world sampled for the seat). One gzip
JSON line a game, written as it ends, so a stopped run resumes where it was (the games logged are
skipped).

``fit``: the last ``--held-out`` share of the games is kept apart; a multinomial logistic policy
(softmax over the legal moves' logits ``W[a] . x + b[a]``) is fitted to the root's visit shares by
L-BFGS (scipy's, on sparse rows) on the mean cross-entropy plus ``l2 / 2 * |W|^2``; each ``--l2`` is
scored on the last 15 % of the training games and the best one fitted on all of them. Held-out
figures: the cross-entropy against the visit shares, and top-1 agreement with the search's most
visited move, for the fit, the game's hint (the heuristic it would replace), a uniform choice
among the legal moves and an action-frequency prior (biases only). ``--out F.npz``: the parameters as
ai/learned_prior.py reads them; ``--out F.jsonl.gz``: a record of the fit (its report, settings
and its non-zero parameters, one JSON line, as research/logs/fit keeps them), which ``--prior``
reads too.

``disagree``: on the held-out games, where the fit's most likely move differs from the game's hint,
and how often each is then the search's most visited move. ``speed``: iterations per CPU second of the search with the game's hint and with the learned one, on
the same positions, alternating, the median of ``--repeats``. ``run``: runs a script (e.g.
bench/against_release.py) in this process with the fit handed over in-process for one table
(``learned_prior.use_parameters``), so its ``hint=learned`` searches use it without a file in
the game's package. Figures only: nothing here asserts. Generic: any game and table.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time

# one BLAS thread: the fit's products are small, and on this shared machine threads only contend
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from boardbot.ai import learned_prior  # noqa: E402
from boardbot.ai.arena import Progress  # noqa: E402
from boardbot.ai.bot_specs import parse_ismcts, search_plan  # noqa: E402
from boardbot.ai.ismcts import Search  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.core import TERMINAL  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_value import greedy_views, iterations_per_cpu_second, run_with_fit, table  # noqa: E402


# --- data ---------------------------------------------------------------------------------
def self_play_game(game, cfg: dict, seed: int, spec: str, iterations: int) -> dict:
    """One game of the search in every seat; its searching decisions as the fit reads them."""
    plan = search_plan(parse_ismcts(spec), game, cfg["players"])
    params = plan.params.with_(timing="fixed")
    space = game.action_space(cfg)
    rng = random.Random(seed)
    state = game.new_state(cfg, seed)
    decisions = []
    while (seat := state.decider()) != TERMINAL:
        moves = state.legal_moves()
        if len(moves) == 1:
            state.apply(moves[0])
            continue
        view = state.view(seat)
        x = game.observe(view)
        live = np.flatnonzero(x)
        search = Search.from_view(game, view, params, rng.getrandbits(63))
        search.run(iterations=iterations)
        stats = search.root_stats()
        hint = game.search_hint(state.sample_for(seat, rng), rng)
        visits = [v for _, v, _ in stats]
        ids = [space.id(m) for m, _, _ in stats]
        best = max(range(len(stats)), key=lambda i: (visits[i], stats[i][2] / visits[i] if visits[i] else -1e9))
        decisions.append({"seat": seat, "x_index": live.tolist(), "x_value": x[live].round(6).tolist(),
                          "ids": ids, "visits": visits, "hint": None if hint is None else space.id(hint)})
        state.apply(stats[best][0])
    return {"game": game.name, "config": cfg, "seed": seed, "bot": spec, "iterations": iterations,
            "decisions": decisions}


def read_games(paths: list[str]) -> list[dict]:
    out = []
    for path in paths:
        if not os.path.exists(path):
            continue
        with gzip.open(path, "rt") as fh:
            try:
                for line in fh:
                    out.append(json.loads(line))
            except (json.JSONDecodeError, EOFError):  # a game cut short by a stopped run
                pass
    return out


def play(args) -> None:
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    done = {g["seed"] for g in read_games([args.log])}
    seeds = [args.seed + g for g in range(args.games) if args.seed + g not in done]
    progress = Progress(args.games)
    started = time.process_time()
    count = args.games - len(seeds)
    for seed in seeds:
        record = self_play_game(game, cfg, seed, args.bot, args.iterations)
        with gzip.open(args.log, "at") as fh:
            fh.write(json.dumps(record, separators=(",", ":")) + "\n")
        count += 1
        progress.update(count, f"{len(record['decisions'])} decisions, {time.process_time() - started:.0f} s CPU")


# --- the model ----------------------------------------------------------------------------
class Rows:
    """Decisions as the fit reads them: one row per decision, one pair per (decision, legal move).
    ``pairs``: a sparse matrix (pairs x actions * (features + 1)) holding, at the columns of the
    pair's action id, the decision's observation and a 1 for the action's bias, so every legal
    move's logit is one sparse product with the flat parameters (scipy.sparse: an observation
    has about a tenth of its values non-zero). ``starts``: each row's first pair; ``target``: the
    root's visit share of each pair; ``best``: each row's most visited pair; ``hint``: the pair of
    the game's hint (-1: none). ``with_hint``: one more column, shared by every action, a 1 at the
    game's hint (its weight: how far the policy trusts the game's hint over its own logits)."""

    def __init__(self, games: list[dict], actions: int, features: int, with_hint: bool = False):
        from scipy import sparse  # sparse rows: an observation is mostly zeros

        decisions = [d for g in games for d in g["decisions"]]
        width = features + 1
        indices, values, indptr = [], [], [0]
        ids, target, starts, best, hint = [], [], [0], [], []
        for d in decisions:
            columns = np.asarray(d["x_index"] + [features], np.int64)
            data = np.asarray(d["x_value"] + [1.0], np.float32)
            visits = np.asarray(d["visits"], np.float64)
            first = len(ids)
            for a in d["ids"]:
                if with_hint and a == d["hint"]:
                    indices.append(np.append(columns + a * width, actions * width))
                    values.append(np.append(data, np.float32(1.0)))
                else:
                    indices.append(columns + a * width)
                    values.append(data)
                indptr.append(indptr[-1] + len(indices[-1]))
            ids.extend(d["ids"])
            target.extend(visits / visits.sum())
            best.append(first + int(np.argmax(visits)))  # ties: the first in legal order
            hint.append(first + d["ids"].index(d["hint"]) if d["hint"] is not None and d["hint"] in d["ids"] else -1)
            starts.append(len(ids))
        self.pairs = sparse.csr_matrix((np.concatenate(values), np.concatenate(indices), np.asarray(indptr)),
                                       shape=(len(ids), actions * width + with_hint))
        self.ids = np.asarray(ids)
        self.target = np.asarray(target)
        self.starts = np.asarray(starts)
        self.best = np.asarray(best)
        self.hint = np.asarray(hint)
        self.n = len(decisions)
        self.actions, self.width, self.with_hint = actions, width, with_hint

    def log_policy(self, logits: np.ndarray) -> np.ndarray:
        """Each pair's log probability under the softmax over its decision's legal moves."""
        heads = self.starts[:-1]
        top = np.maximum.reduceat(logits, heads)
        shifted = logits - np.repeat(top, np.diff(self.starts))
        total = np.add.reduceat(np.exp(shifted), heads)
        return shifted - np.repeat(np.log(total), np.diff(self.starts))

    def argmax(self, values: np.ndarray) -> np.ndarray:
        """Each row's pair of the highest value (ties: the first)."""
        out = np.empty(self.n, np.int64)
        for r in range(self.n):
            a, b = self.starts[r], self.starts[r + 1]
            out[r] = a + int(np.argmax(values[a:b]))
        return out


def flat(rows: Rows, weights: np.ndarray, bias: np.ndarray, hint_weight: float = 0.0) -> np.ndarray:
    theta = np.hstack([weights, bias[:, None]]).astype(np.float64).ravel()
    return np.append(theta, hint_weight) if rows.with_hint else theta


def unflat(rows: Rows, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    table = theta[: rows.actions * rows.width].reshape(rows.actions, rows.width)
    return table[:, :-1].astype(np.float32), table[:, -1].astype(np.float32), float(theta[-1]) if rows.with_hint else 0.0


def fit_policy(rows: Rows, l2: float, max_iter: int = 300) -> tuple[np.ndarray, np.ndarray, float]:
    """L-BFGS (scipy) on the mean cross-entropy of the masked softmax against the visit shares, plus
    ``l2 / 2 * |W|^2`` (the biases unpenalised). Only the parameters the data can move are fitted
    (an action legal somewhere, a feature non-zero somewhere with it): the others stay 0."""
    from scipy.optimize import minimize  # a maintained optimiser, not a hand-written one

    used = np.flatnonzero(np.diff(rows.pairs.tocsc().indptr))  # non-empty columns
    z = rows.pairs[:, used]
    zt = z.T.tocsr()
    penalty = np.where((used % rows.width == rows.width - 1) | (used == rows.actions * rows.width), 0.0, l2)

    def loss_and_grad(theta: np.ndarray):
        logp = rows.log_policy(z @ theta)
        loss = -float(rows.target @ logp) / rows.n + 0.5 * float(penalty @ (theta * theta))
        grad = zt @ ((np.exp(logp) - rows.target) / rows.n) + penalty * theta
        return loss, grad

    result = minimize(loss_and_grad, np.zeros(len(used)), jac=True, method="L-BFGS-B", options={"maxiter": max_iter})
    theta = np.zeros(rows.pairs.shape[1])
    theta[used] = result.x
    print(f"l2 {l2:g}: {result.nit} iterations, {result.message}, {len(used)} parameters fitted", file=sys.stderr, flush=True)
    return unflat(rows, theta)


def scores(rows: Rows, weights: np.ndarray, bias: np.ndarray, hint_weight: float = 0.0) -> dict:
    """Cross-entropy against the visit shares and top-1 agreement with the most visited move."""
    logp = rows.log_policy(rows.pairs @ flat(rows, weights, bias, hint_weight))
    return {"cross_entropy": round(-float(rows.target @ logp) / rows.n, 4),
            "top1": round(float(np.mean(rows.argmax(logp) == rows.best)), 4)}


def baselines(rows: Rows, train: Rows) -> dict:
    """The game's hint (its agreement; its cross-entropy with a share p at the hint and the rest
    spread evenly, p the best on the training rows), uniform over the legal moves, and the
    action-frequency prior (the bias alone, fitted: each action's log mean share when legal)."""
    legal = np.diff(rows.starts)
    has_hint = rows.hint >= 0
    hinted = {"top1": round(float(np.mean(rows.hint[has_hint] == rows.best[has_hint])), 4),
              "rows_with_a_hint": round(float(np.mean(has_hint)), 4)}
    p = min((0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9), key=lambda p: _hint_cross_entropy(train, p))
    hinted["cross_entropy"], hinted["share_at_the_hint"] = round(_hint_cross_entropy(rows, p), 4), p
    shares = np.bincount(train.ids, train.target, rows.actions) / np.maximum(np.bincount(train.ids, None, rows.actions), 1)
    freq = np.log(np.maximum(shares, 1e-4)).astype(np.float32)
    zero = np.zeros((rows.actions, rows.width - 1), np.float32)
    return {"game's hint": hinted,
            "uniform": {"cross_entropy": round(float(np.mean(np.log(legal))), 4),
                        "top1": round(float(np.mean(1.0 / legal)), 4)},
            "action frequency": scores(rows, zero, freq)}


def _hint_cross_entropy(rows: Rows, p: float) -> float:
    legal = np.diff(rows.starts)
    row_of = np.repeat(np.arange(rows.n), legal)
    hinted = rows.hint[row_of]
    probs = np.where(hinted < 0, 1.0 / legal[row_of],
                     np.where(np.arange(len(rows.ids)) == hinted, p, (1 - p) / np.maximum(legal[row_of] - 1, 1)))
    return -float(rows.target @ np.log(probs)) / rows.n


def fit(args) -> dict:
    games = read_games(args.log)
    if not games:
        raise SystemExit("no games logged")
    game = registry.get(games[0]["game"])
    cfg = game.validate(games[0]["config"])
    actions, features = game.action_space(cfg).size, game.observation_layout(cfg).size
    games.sort(key=lambda g: g["seed"])
    cut = max(1, int(round(len(games) * (1 - args.held_out))))
    train_games, held_games = games[:cut], games[cut:]
    started = time.process_time()
    l2s = [float(v) for v in str(args.l2).split(",")]
    chosen, validation = l2s[0], {}
    if len(l2s) > 1 and cut > 1:  # each penalty fitted on the first 85 % of the training games, scored on the rest
        inner = max(1, min(cut - 1, int(round(cut * 0.85))))
        fit_rows = Rows(train_games[:inner], actions, features, args.with_hint)
        check_rows = Rows(train_games[inner:cut], actions, features, args.with_hint)
        for l2 in l2s:
            validation[l2] = scores(check_rows, *fit_policy(fit_rows, l2, args.max_iter))
            print(f"l2 {l2:g}: validation {validation[l2]}", file=sys.stderr, flush=True)
        chosen = min(l2s, key=lambda l2: validation[l2]["cross_entropy"])
        del fit_rows, check_rows
    train_rows = Rows(train_games, actions, features, args.with_hint)
    weights, bias, hint_weight = fit_policy(train_rows, chosen, args.max_iter)
    fitted = time.process_time() - started
    held = Rows(held_games, actions, features, args.with_hint)
    out = {"game": game.name, "config": cfg, "games": {"train": len(train_games), "held_out": len(held_games)},
           "decisions": {"train": train_rows.n, "held_out": held.n}, "actions": actions, "features": features,
           "l2": chosen, "validation": {str(k): v for k, v in validation.items()}, "cpu_fit_s": round(fitted, 1),
           "hint_weight": round(hint_weight, 4) if args.with_hint else None,
           "held_out": {"learned": scores(held, weights, bias, hint_weight), **baselines(held, train_rows)},
           "train": {"learned": scores(train_rows, weights, bias, hint_weight)}}
    print(json.dumps(out, indent=1))
    if args.out and args.out.endswith(".npz"):  # as ai/learned_prior.py reads it
        learned_prior.save_parameters(args.out, (weights, bias, hint_weight))
    elif args.out:  # a record: the report, the settings and the non-zero parameters, one JSON line
        rows, columns = np.nonzero(weights)
        record = {**out, "settings": {k: v for k, v in vars(args).items() if k not in ("command", "out")},
                  "shape": list(weights.shape), "weight_rows": rows.tolist(), "weight_columns": columns.tolist(),
                  "weight_values": [float(v) for v in weights[rows, columns]], "bias": [float(v) for v in bias],
                  "hint_weight": hint_weight}
        with (gzip.open(args.out, "wt") if args.out.endswith(".gz") else open(args.out, "w")) as fh:
            fh.write(json.dumps(record) + "\n")
    if args.out:
        print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)
    return out


def read_parameters(path: str) -> learned_prior.Parameters:
    """A fit's parameters: a ``.npz`` as ai/learned_prior.py reads it, or a fit's record (``fit --out
    F.jsonl.gz``, as research/logs/fit keeps them: its last line)."""
    if path.endswith(".npz"):
        return learned_prior.load_parameters(path)
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
        record = [json.loads(line) for line in fh if line.strip()][-1]
    weights = np.zeros(record["shape"], np.float32)
    weights[record["weight_rows"], record["weight_columns"]] = record["weight_values"]
    return weights, np.asarray(record["bias"], np.float32), float(record["hint_weight"])


def disagree(args) -> dict:
    """Where a fit's most likely move differs from the game's hint on the held-out games: how often,
    and how often each is then the search's most visited move."""
    games = sorted(read_games(args.log), key=lambda g: g["seed"])
    game = registry.get(games[0]["game"])
    cfg = game.validate(games[0]["config"])
    weights, bias, hint_weight = read_parameters(args.prior)
    held = games[max(1, int(round(len(games) * (1 - args.held_out)))):]
    rows = Rows(held, game.action_space(cfg).size, game.observation_layout(cfg).size, bool(hint_weight))
    top = rows.argmax(rows.log_policy(rows.pairs @ flat(rows, weights, bias, hint_weight)))
    differs = top != rows.hint
    out = {"held_out_decisions": rows.n, "differs_from_the_hint": round(float(differs.mean()), 4),
           "decisions": int(differs.sum()),
           "learned_is_the_search's": None, "hint_is_the_search's": None}
    if differs.any():
        out["learned_is_the_search's"] = round(float(np.mean(top[differs] == rows.best[differs])), 4)
        out["hint_is_the_search's"] = round(float(np.mean(rows.hint[differs] == rows.best[differs])), 4)
    print(json.dumps(out))
    return out


# --- cost, and runs with a fit handed over ------------------------------------------------
def speed(args) -> dict:
    """Iterations per CPU second of the search with the game's hint and with the learned one, side by
    side: the same positions (a greedy game's, spread over it), alternating, the median of ``--repeats``."""
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    learned_prior.use_parameters(game, cfg, read_parameters(args.prior))
    views = greedy_views(game, cfg, args.seed, args.positions)
    base = search_plan(parse_ismcts(args.bot), game, cfg["players"]).params.with_(timing="fixed")
    out = iterations_per_cpu_second(game, views, args.iterations, args.repeats,
                                    {hint: base.with_(hint=hint) for hint in ("game", "learned")})
    out["ratio"] = round(out["game"] / out["learned"], 3)
    print(json.dumps({"iterations_per_cpu_second": out, "positions": len(views), "repeats": args.repeats,
                      "bot": args.bot, "iterations": args.iterations}))
    return out


def run_with_prior(args) -> None:
    """Run a script in this process with the fit handed over for the table ``--game``, ``--players``
    (``--mode``), as ``hint="learned"`` searches of it read it."""
    run_with_fit(args, read_parameters(args.prior), learned_prior.hinter, learned_prior.use_parameters)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--mode", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--iterations", type=int, default=200, help="the search's fixed budget a decision")
    p.add_argument("--bot", default="ismcts:hard", help="the search's spec (its settings; the budget is --iterations)")
    p.add_argument("--log", required=True, help="gzip JSON lines, one a game (resumes)")
    f = sub.add_parser("fit")
    f.add_argument("--log", nargs="+", required=True)
    f.add_argument("--held-out", type=float, default=0.2)
    f.add_argument("--l2", default="0.0003,0.001,0.003,0.01")
    f.add_argument("--max-iter", type=int, default=300)
    f.add_argument("--with-hint", action="store_true", help="the game's hint as one more feature of every move")
    f.add_argument("--out", default=None, help="the parameters (.npz, as ai/learned_prior.py reads them), or a "
                   "record of the fit (.jsonl.gz: its figures, settings and parameters)")
    g = sub.add_parser("disagree")
    g.add_argument("--log", nargs="+", required=True)
    g.add_argument("--prior", required=True)
    g.add_argument("--held-out", type=float, default=0.2)
    s = sub.add_parser("speed")
    s.add_argument("--game", required=True)
    s.add_argument("--players", type=int, default=3)
    s.add_argument("--mode", default=None)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--prior", required=True)
    s.add_argument("--bot", default="ismcts:hard")
    s.add_argument("--iterations", type=int, default=300)
    s.add_argument("--positions", type=int, default=8)
    s.add_argument("--repeats", type=int, default=5)
    r = sub.add_parser("run")
    r.add_argument("--prior", required=True)
    r.add_argument("--game", required=True)
    r.add_argument("--players", type=int, required=True)
    r.add_argument("--mode", default=None)
    r.add_argument("script")
    r.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    {"play": play, "fit": fit, "disagree": disagree, "speed": speed, "run": run_with_prior}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
