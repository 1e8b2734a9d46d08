"""A learned cut-off evaluation (ai/learned_value.py), fitted on self-play, checked on held-out games, played.

    python research/train_value.py train --game fritanga --mode versus --players 3 --games 200 --seed 1 --bot greedy --noise 0.1 --out V.npz
    python research/train_value.py play --game fritanga --mode versus --players 3 --iterations 200 --deals 20 --seed 2 --value V.npz --log L.jsonl
    python research/train_value.py tally L.jsonl [M.jsonl ...]
    python research/train_value.py speed --game fritanga --mode versus --players 3 --value V.npz
    python research/train_value.py train --game czech-pub --players 5 --games 300 --seed 4720 --bot ismcts:hard --iterations 100 --games-log G.jsonl.gz --with-evaluate --out F.jsonl
    python research/train_value.py run --game czech-pub --players 5 --value F.jsonl.gz bench/against_release.py -- ARGS...
    python research/train_value.py form --form fritanga-chef --players 3 --games 600 --seed 4717 --bot ismcts:hard --iterations 200 --games-log G.jsonl.gz --out W.jsonl
    python research/train_value.py run --game fritanga --players 3 --form fritanga-chef --form-weights W.jsonl.gz bench/against_release.py -- ARGS...

``train`` plays ``--games`` self-play games with ``--bot`` in every seat (a bot spec such as
``greedy``; ``search``: the search at ``--iterations`` fixed iterations, with ``--value``'s
parameters at the cut-off if given, else the game's evaluation; or a search's spec,
``ismcts:hard``: its settings at the table, at ``--iterations`` fixed iterations; ``--noise``: a uniformly random
move instead, for positions off the bot's own line), and records at about ``--keep`` of the
decisions every seat's observation of its own view (``Game.observe(state.view(seat))``) and, at
the end, every seat's utility as the search backs it up (``ai.utility.utilities``). The last
``--held-out`` share of the games is kept apart; a logistic model per seat (value = sigmoid(w . x +
b), the targets the utilities in [0, 1]) is fitted by Newton's method with an L2 penalty on the
rest, and both it and the game's own ``evaluate`` (on the true position) are scored on the
held-out positions: log loss and squared error against each seat's utility, and how often the
seat each names best is a winner. ``--out F.npz``: the fitted parameters as the package ships
them (ai/learned_value.py); ``--out F.jsonl``: a record of the fit (its report, settings and
parameters, as research/logs/fit keeps them gzipped), which ``--value`` and ``--init`` read too.
``--games-log G.jsonl.gz``: the kept positions, one gzip JSON line a game (observations stored
sparse) written as it ends, so a stopped run resumes and a fit can be made again without playing
(``--fit-only``: fit on the games of the range the log holds). ``--with-evaluate``: the game's
own evaluation (its logit) as one more feature, so the fit corrects it rather than replacing it.
Expert iteration: ``--bot search --value F`` plays with an earlier fit at the cut-off, and
``--init F`` starts the new fit from it.

``form``: the game's own evaluation refitted in its own functional form (``FORMS``: its features'
rows, as the game's policy computes them, and its served weights) on the same self-play, the last
``--held-out`` games kept apart, and scored there against the served weights (log loss with a 95 %
interval from resampling games); ``run --form F --form-weights W`` hands such a fit to a script's
searches in this process (the package's evaluation unchanged).

``play``: at every deal, one seat searches with the learned value and the others with the game's
evaluation, all at ``--iterations`` fixed iterations (the others at ``--hand-iterations``, if given:
equal time at the measured cost of an iteration of each); the learned seat goes round the table, so each
deal is played once per seat. The tally gives its share of the wins (fair share ``1 / players``)
and its place, with 95 % intervals from resampling whole deals. ``speed``: iterations per CPU
second of the search with each evaluation, on the same positions, alternating. ``run``: runs a
script (e.g. bench/against_release.py) in this process with the fit handed over for one table
(``learned_value.use_parameters``), so its ``value=learned`` searches use it without a file in the
game's package. Figures only: nothing here
asserts. Generic: any game and table whose observation and evaluation exist.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import runpy
import sys
import time

# one BLAS thread: on this shared machine threads only contend
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from boardbot.ai import learned_value  # noqa: E402
from boardbot.ai.arena import Progress, play_match  # noqa: E402
from boardbot.ai.bot_specs import parse_ismcts, search_plan  # noqa: E402
from boardbot.ai.bots import make_bot  # noqa: E402
from boardbot.ai.instant_bots import Bot  # noqa: E402
from boardbot.ai.ismcts import Budget, SearchParams  # noqa: E402
from boardbot.ai.service_api import run_search  # noqa: E402
from boardbot.ai.utility import utilities  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.core import TERMINAL  # noqa: E402


def table(game, players: int, mode: str | None) -> dict:
    cfg: dict = {"players": players}
    if mode:
        cfg["mode"] = mode
    return game.validate(cfg)


class SearchBot(Bot):
    """A search at a fixed budget with given parameters (the cut-off's value among them)."""

    name = "ismcts"

    def __init__(self, game, iterations: int, params: SearchParams):
        self.game, self.budget, self.params = game, Budget(iterations=iterations), params

    def choose(self, state, rng):
        return run_search(self.game, state.view(state.decider()), self.budget, rng.getrandbits(63), self.params).move


def learned_params(value: str | None) -> SearchParams:
    """The search's parameters: the game's evaluation, or the learned one (its file given at play)."""
    return SearchParams(value="learned") if value else SearchParams()


def read_parameters(path: str) -> tuple[np.ndarray, float, float]:
    """A fit's parameters (weights, bias, the game evaluation's weight): a ``.npz`` as the package
    ships them, or a fit's record (``train --out F.jsonl``, gzipped or not, as research/logs/fit
    keeps them: its last line)."""
    if path.endswith(".npz"):
        return learned_value.load_parameters(path)
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
        record = [json.loads(line) for line in fh if line.strip()][-1]
    return (np.asarray(record["weights"], dtype=np.float64), float(record["bias"]),
            float(record.get("evaluate_weight", 0.0)))


def with_value(game, cfg: dict, path: str) -> None:
    """Have this process's ``value="learned"`` searches of this table use the parameters at ``path``
    (a fit not shipped in the package)."""
    learned_value.use_parameters(game, cfg, read_parameters(path))


# --- data ---------------------------------------------------------------------------------
def observations(game, state):
    """A kept position's record for ``train``: every seat's observation of its own view."""
    return np.stack([game.observe(state.view(q)) for q in range(state.num_seats)])


def self_play(game, cfg: dict, seed: int, bot, noise: float, keep: float, record=observations):
    """One game: (the kept positions' records (``record(game, state)``), the game's own evaluation of
    each kept position, utilities)."""
    rng = random.Random(seed)
    state = game.new_state(cfg, seed)
    bot.new_game()
    n = state.num_seats
    xs, hand = [], []
    while (seat := state.decider()) != TERMINAL:
        if rng.random() < keep:
            xs.append(record(game, state))
            hand.append(game.evaluate(state) or [1.0 / n] * n)
        moves = state.legal_moves()
        if len(moves) > 1 and rng.random() < noise:
            move = moves[rng.randrange(len(moves))]
        else:
            move = bot.choose(state.sample_for(seat, rng), rng)
        state.apply(move)
    return xs, hand, utilities(state.result())


def self_play_bot(game, cfg: dict, spec: str, iterations: int, value: str | None) -> Bot:
    """``search``: the search's defaults; ``ismcts...``: that spec's settings at this table (its
    ``value`` among them); both at ``iterations`` fixed iterations; else the bot of the spec."""
    if spec == "search":
        return SearchBot(game, iterations, learned_params(value))
    if spec.startswith("ismcts"):
        params = search_plan(parse_ismcts(spec), game, cfg["players"]).params.with_(timing="fixed")
        return SearchBot(game, iterations, params.with_(value="learned") if value else params)
    return make_bot(spec, game)


def game_line(seed: int, record) -> str:
    """One game's kept positions as a JSON line: per position, each seat's observation (sparse:
    its non-zero indices and values), the game's evaluation; and the utilities."""
    xs, hand, u = record
    positions = [{"x": [[np.flatnonzero(o).tolist(), o[np.flatnonzero(o)].round(6).tolist()] for o in obs],
                  "hand": [round(float(v), 6) for v in h]} for obs, h in zip(xs, hand)]
    return record_line(seed, positions, u)


def record_line(seed: int, positions: list, u) -> str:
    return json.dumps({"seed": seed, "positions": positions, "utilities": [float(v) for v in u]},
                      separators=(",", ":"))


def log_games(path: str | None):
    """The games a log holds, each a decoded line, up to a line cut short by a stopped run."""
    if not path or not os.path.exists(path):
        return
    with gzip.open(path, "rt") as fh:
        try:
            for line in fh:
                yield json.loads(line)
        except (json.JSONDecodeError, EOFError):
            return


def read_game_log(path: str, size: int) -> dict:
    """seed -> (observations, the game's evaluations, utilities) of the games a log holds."""
    out: dict = {}
    for g in log_games(path):
        xs = []
        for p in g["positions"]:
            obs = np.zeros((len(p["x"]), size), dtype=np.float32)
            for q, (index, values) in enumerate(p["x"]):
                obs[q, index] = values
            xs.append(obs)
        out[g["seed"]] = (xs, [p["hand"] for p in g["positions"]], g["utilities"])
    return out


def collect(game, cfg: dict, games: int, seed: int, spec: str, noise: float, keep: float, iterations: int,
            value: str | None, log: str | None = None, fit_only: bool = False, form: str | None = None) -> list:
    """The games of seeds ``seed`` .. ``seed + games - 1``: those ``log`` holds, the others played
    (and appended to it), unless ``fit_only``. ``form``: each kept position's record is that form's rows
    (``FORMS``), not the observations."""
    if form:
        record, game_line_of = form_rows(form), form_line
        done = read_form_log(log) if log else {}
    else:
        record, game_line_of = observations, game_line
        done = read_game_log(log, game.observation_layout(cfg).size) if log else {}
    bot = self_play_bot(game, cfg, spec, iterations, value)
    progress = Progress(games)
    out = []
    for g in range(games):
        if seed + g in done:
            out.append(done[seed + g])
        elif fit_only:
            continue
        else:
            out.append(self_play(game, cfg, seed + g, bot, noise, keep, record))
            if log:
                with gzip.open(log, "at") as fh:
                    fh.write(game_line_of(seed + g, out[-1]) + "\n")
        progress.update(g + 1, f"{sum(len(x) for x, _, _ in out)} positions")
    return out


def stack(records: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per seat-position rows: observations X, targets u, the hand evaluation h, and the position id."""
    xs, us, hs, ids = [], [], [], []
    pos = 0
    for x, hand, u in records:
        for obs, h in zip(x, hand):
            xs.append(obs)
            us.append(np.full(len(u), 0.0) + u)
            hs.append(h)
            ids.append(np.full(len(u), pos))
            pos += 1
    if not xs:
        raise SystemExit("no positions kept: play more games or raise --keep")
    return (np.concatenate(xs), np.concatenate(us), np.concatenate(hs).astype(np.float64), np.concatenate(ids))


# --- the model ----------------------------------------------------------------------------
def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def fit_logistic(x: np.ndarray, u: np.ndarray, l2: float, steps: int = 10,
                 init: tuple[np.ndarray, float] | None = None, hessian_rows: int = 6000,
                 seed: int = 0) -> tuple[np.ndarray, float]:
    """Newton's method on the mean cross-entropy of sigmoid(x . w + b) against soft targets u,
    plus ``l2 / 2 * |w|^2`` (the bias unpenalised). Columns that never vary get weight 0. The
    gradient is exact; the Hessian is taken on ``hessian_rows`` rows drawn at random (subsampled
    Newton: its cost grows with rows times features squared)."""
    n, d = x.shape
    live = np.flatnonzero(x.max(axis=0) > x.min(axis=0))
    a = np.hstack([x[:, live], np.ones((n, 1), x.dtype)])  # float32: half the memory, twice the speed
    theta = np.zeros(a.shape[1])
    if init is not None:
        theta[:-1], theta[-1] = init[0][live], init[1]
    penalty = np.full(a.shape[1], l2)
    penalty[-1] = 0.0
    rows = np.random.default_rng(seed).permutation(n)[:hessian_rows] if n > hessian_rows else np.arange(n)
    sub = a[rows]
    for _ in range(steps):
        p = sigmoid((a @ theta.astype(a.dtype)).astype(np.float64))
        grad = (a.T @ (p - u).astype(a.dtype)) / n + penalty * theta
        q = p[rows]
        hess = (sub * (q * (1 - q)).astype(a.dtype)[:, None]).T @ sub / len(rows)
        step = np.linalg.solve(hess + np.diag(penalty) + 1e-9 * np.eye(a.shape[1]), grad)
        theta -= step
        if np.max(np.abs(step)) < 1e-4:
            break
    weights = np.zeros(d)
    weights[live] = theta[:-1]
    return weights, float(theta[-1])


def predict(x: np.ndarray, weights: np.ndarray, bias: float) -> np.ndarray:
    return sigmoid((x @ weights.astype(x.dtype)).astype(np.float64) + bias)


def scores(pred: np.ndarray, u: np.ndarray, ids: np.ndarray, n: int) -> dict:
    """Log loss and squared error of per-seat predictions against the utilities, and how often the
    seat predicted best (per position) is the one with the best utility (a winner)."""
    p = np.clip(pred, 1e-6, 1 - 1e-6)
    loss = float(np.mean(-(u * np.log(p) + (1 - u) * np.log(1 - p))))
    mse = float(np.mean((pred - u) ** 2))
    by_pos_pred, by_pos_u = pred.reshape(-1, n), u.reshape(-1, n)
    picked = by_pos_u[np.arange(len(by_pos_u)), by_pos_pred.argmax(axis=1)]
    return {"log_loss": loss, "mse": mse, "winner": float(np.mean(picked >= by_pos_u.max(axis=1)))}


def paired_gain(a: np.ndarray, b: np.ndarray, u: np.ndarray, games: np.ndarray, resamples: int = 2000,
                seed: int = 0) -> dict:
    """How much lower prediction ``a``'s log loss and squared error are than ``b``'s on the same rows
    (b's minus a's: above 0, ``a`` predicts better), each with a 95 % interval from resampling whole
    games (``games``: each row's game), as the rows of one game are not independent."""
    def losses(pred):
        p = np.clip(pred, 1e-6, 1 - 1e-6)
        return -(u * np.log(p) + (1 - u) * np.log(1 - p)), (pred - u) ** 2

    out = {}
    rng = np.random.default_rng(seed)
    names, index = np.unique(games, return_inverse=True)
    counts = np.bincount(index, minlength=len(names)).astype(np.float64)
    draws = rng.integers(0, len(names), (resamples, len(names)))
    for name, la, lb in zip(("log_loss", "mse"), losses(a), losses(b)):
        per_game = np.bincount(index, weights=lb - la, minlength=len(names))
        boot = per_game[draws].sum(axis=1) / counts[draws].sum(axis=1)
        lo, hi = np.percentile(boot, [2.5, 97.5])
        out[name] = [round(float(per_game.sum() / counts.sum()), 5), round(float(lo), 5), round(float(hi), 5)]
    return out


def train(args) -> dict:
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    n = cfg["players"]
    if args.value:
        with_value(game, cfg, args.value)
    started = time.process_time()
    records = collect(game, cfg, args.games, args.seed, args.bot, args.noise, args.keep, args.iterations, args.value,
                      args.games_log, args.fit_only)
    played = time.process_time() - started
    cut = max(1, int(round(len(records) * (1 - args.held_out))))

    def rows(part: list):  # the fit's rows: the observation, and the game evaluation's logit if asked
        x, u, h, ids = stack(part)
        if args.with_evaluate:
            logits = np.array([learned_value.evaluation_logit(v) for v in h], dtype=np.float32)
            x = np.hstack([x, logits[:, None]])
        return x, u, h, ids

    x, u, h, ids = rows(records[:cut])
    tx, tu, th, tids = rows(records[cut:]) if cut < len(records) else rows(records[-1:])
    held_out = records[cut:] if cut < len(records) else records[-1:]
    held_out_games = np.repeat(np.arange(len(held_out)), [len(xs) * n for xs, _, _ in held_out])
    init = None
    if args.init:
        w0, b0, e0 = read_parameters(args.init)
        init = (np.append(w0, e0) if args.with_evaluate else w0, b0)
    elif args.with_evaluate:  # start from the game's evaluation itself
        init = (np.append(np.zeros(x.shape[1] - 1), 1.0), 0.0)
    started = time.process_time()
    l2s = [float(v) for v in str(args.l2).split(",")]
    chosen, validation = l2s[0], {}
    if len(l2s) > 1:  # each penalty fitted on the first 85 % of the training games, scored on the rest
        inner = max(1, int(round(cut * 0.85)))
        vx, vu, _, vids = rows(records[inner:cut])
        fx, fu, _, _ = rows(records[:inner])
        for l2 in l2s:
            w, b = fit_logistic(fx, fu, l2, init=init)
            validation[l2] = scores(predict(vx, w, b), vu, vids, n)
            print(f"l2 {l2:g}: validation {validation[l2]}", file=sys.stderr, flush=True)
        chosen = min(l2s, key=lambda l2: validation[l2]["log_loss"])
        del fx, fu, vx
    weights, bias = fit_logistic(x, u, chosen, init=init)
    fitted = time.process_time() - started
    out = {"game": args.game, "config": cfg, "bot": args.bot, "games": len(records), "train_positions": len(x) // n,
           "held_out_positions": len(tx) // n, "features": x.shape[1],
           "features_used": int(np.count_nonzero(weights)), "l2": chosen, "cpu_play_s": round(played, 1),
           "cpu_fit_s": round(fitted, 1), "validation": {str(k): v for k, v in validation.items()},
           "held_out": {"learned": scores(predict(tx, weights, bias), tu, tids, n),
                        "game's evaluate": scores(th, tu, tids, n),
                        "constant": scores(np.full(len(tu), u.mean()), tu, tids, n)},
           # the learned value's gain over the game's evaluation on the held-out rows, by game
           "held_out_gain": paired_gain(predict(tx, weights, bias), th, tu, held_out_games),
           "train": {"learned": scores(predict(x, weights, bias), u, ids, n), "game's evaluate": scores(h, u, ids, n)}}
    evaluate_weight = 0.0
    if args.with_evaluate:
        weights, evaluate_weight = weights[:-1], float(weights[-1])
        out["evaluate_weight"] = evaluate_weight
    print(json.dumps(out, indent=1))
    if args.out and args.out.endswith(".npz"):  # as the package ships it (ai/learned_value.py)
        np.savez_compressed(args.out, weights=weights.astype(np.float32), bias=np.float64(bias),
                            **({"evaluate_weight": np.float64(evaluate_weight)} if args.with_evaluate else {}))
    elif args.out:  # a record: the report, the command's settings and the parameters, one JSON line
        settings = {k: v for k, v in vars(args).items() if k not in ("command", "out")}
        with open(args.out, "w") as fh:
            fh.write(json.dumps({**out, "settings": settings, "weights": [float(w) for w in weights.astype(np.float32)],
                                 "bias": bias}) + "\n")
    if args.out:
        print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)
    return out


# --- a game's own evaluation form, refitted ------------------------------------------------
# name: (game, mode, the policy's function of a state's rows (one per unit still in play, each a
# list of features), the feature names, the served weights, the seat whose chance the form gives).
# The form: that seat wins with the product over the rows of 1 - sigmoid(weights . row) (in
# Fritanga's Chef mode: the chef wins if every unfried food fries). ``form`` fits the weights of
# the features named in ``--features`` (the others kept at the served weights) on the search's
# own games, penalised by ``l2 / 2 * |weights - served|^2``, and scores the fit and the served
# weights on held-out games.
FORMS = {"fritanga-chef": ("fritanga", "chef", "chef_rows", "CHEF_FEATURES", "CHEF_WEIGHTS", 0)}


def form_spec(name: str) -> tuple:
    """(game, its policy, mode, the rows' function, feature names, served weights, seat) of a form."""
    game_name, mode, rows, names, weights, seat = FORMS[name]
    game = registry.get(game_name)
    return (game, game.policy, mode, getattr(game.policy, rows), tuple(getattr(game.policy, names)),
            np.array(getattr(game.policy, weights), dtype=np.float64), seat)


def form_rows(name: str):
    """A kept position's record for ``form``: the form's rows of the true position."""
    rows = form_spec(name)[3]
    return lambda game, state: [[round(float(v), 6) for v in row] for row in rows(state)]


def form_line(seed: int, record) -> str:
    rows, hand, u = record
    positions = [{"rows": r, "hand": [round(float(v), 6) for v in h]} for r, h in zip(rows, hand)]
    return record_line(seed, positions, u)


def read_form_log(path: str) -> dict:
    """seed -> (rows, the game's evaluations, utilities) of the games a form's log holds."""
    return {g["seed"]: ([p["rows"] for p in g["positions"]], [p["hand"] for p in g["positions"]], g["utilities"])
            for g in log_games(path)}


def form_arrays(records: list, seat: int, width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rows padded to one array: features [positions, rows, width], mask [positions, rows], the seat's
    utility [positions], each position's game [positions]."""
    positions = [(rows, u[seat], g) for g, (xs, _, u) in enumerate(records) for rows in xs]
    k = max(1, max((len(r) for r, _, _ in positions), default=1))
    x = np.zeros((len(positions), k, width))
    mask = np.zeros((len(positions), k))
    for i, (rows, _, _) in enumerate(positions):
        if rows:
            x[i, :len(rows)] = rows
            mask[i, :len(rows)] = 1.0
    return x, mask, np.array([u for _, u, _ in positions]), np.array([g for _, _, g in positions])


def form_chance(x: np.ndarray, mask: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The seat's chance: the product over the rows of 1 - sigmoid(weights . row)."""
    return np.exp(-(mask * np.logaddexp(0.0, x @ weights)).sum(axis=1))


def fit_form(x: np.ndarray, mask: np.ndarray, u: np.ndarray, served: np.ndarray, free: np.ndarray,
             l2: float) -> np.ndarray:
    """The weights (those ``free``, the others at ``served``) of the least mean cross-entropy of the
    form's chance against the utilities u, plus ``l2 / 2 * |weights - served|^2`` (L-BFGS, exact gradient)."""
    from scipy.optimize import minimize

    def loss(theta):
        w = served.copy()
        w[free] = theta
        z = x @ w
        log_p = -(mask * np.logaddexp(0.0, z)).sum(axis=1)
        log_p = np.minimum(log_p, -1e-12)
        log_q = np.log(-np.expm1(log_p))  # log(1 - p)
        nll = -(u * log_p + (1 - u) * log_q)
        # d nll / d z_k = s_k (u - (1 - u) p / (1 - p))
        ratio = np.exp(log_p - log_q)
        dz = mask / (1.0 + np.exp(-z)) * (u - (1 - u) * ratio)[:, None]
        grad = np.einsum("pk,pkf->f", dz, x) / len(u)
        d = w - served
        return float(nll.mean() + 0.5 * l2 * (d[free] ** 2).sum()), grad[free] + l2 * d[free]

    result = minimize(loss, served[free], jac=True, method="L-BFGS-B", options={"maxiter": 500})
    w = served.copy()
    w[free] = result.x
    return w


def form_scores(p: np.ndarray, u: np.ndarray) -> dict:
    q = np.clip(p, 1e-6, 1 - 1e-6)
    return {"log_loss": round(float(np.mean(-(u * np.log(q) + (1 - u) * np.log(1 - q)))), 5),
            "mse": round(float(np.mean((p - u) ** 2)), 5),
            "right": round(float(np.mean((p > 0.5) == (u > 0.5))), 4)}


def train_form(args) -> dict:
    """``form``: the games (played, or read from ``--games-log``), the fit, and the held-out check."""
    game, policy, mode, _rows, names, served, seat = form_spec(args.form)
    cfg = table(game, args.players, mode)
    if args.weights:
        use_form_weights(args.form, read_form_weights(args.weights))
    started = time.process_time()
    records = collect(game, cfg, args.games, args.seed, args.bot, args.noise, args.keep, args.iterations, None,
                      args.games_log, args.fit_only, form=args.form)
    played = time.process_time() - started
    cut = max(1, int(round(len(records) * (1 - args.held_out))))
    free = np.array([names.index(f) for f in args.features.split(",")] if args.features else range(len(names)))
    x, mask, u, _ = form_arrays(records[:cut], seat, len(names))
    tx, tmask, tu, tgames = form_arrays(records[cut:], seat, len(names))
    l2s = [float(v) for v in str(args.l2).split(",")]
    chosen, validation = l2s[0], {}
    if len(l2s) > 1:  # each penalty fitted on the first 85 % of the training games, scored on the rest
        inner = max(1, min(cut - 1, int(round(cut * 0.85))))
        fx, fmask, fu, _ = form_arrays(records[:inner], seat, len(names))
        vx, vmask, vu, _ = form_arrays(records[inner:cut], seat, len(names))
        for l2 in l2s:
            validation[l2] = form_scores(form_chance(vx, vmask, fit_form(fx, fmask, fu, served, free, l2)), vu)
            print(f"l2 {l2:g}: validation {validation[l2]}", file=sys.stderr, flush=True)
        chosen = min(l2s, key=lambda l2: validation[l2]["log_loss"])
    weights = fit_form(x, mask, u, served, free, chosen)
    fitted, at_served = form_chance(tx, tmask, weights), form_chance(tx, tmask, served)
    # the served weights' chance is the game's own evaluation's (a check that the rows are its form)
    hand = np.array([h[seat] for _, hs, _ in records[cut:] for h in hs])
    out = {"form": args.form, "config": cfg, "bot": args.bot, "iterations": args.iterations, "games": len(records),
           "train_positions": len(u), "held_out_games": len(records) - cut, "held_out_positions": len(tu),
           "features": [names[i] for i in free], "l2": chosen, "cpu_play_s": round(played, 1),
           "validation": {str(k): v for k, v in validation.items()},
           "held_out": {"fitted": form_scores(fitted, tu), "served": form_scores(at_served, tu),
                        "constant": form_scores(np.full(len(tu), u.mean()), tu)},
           # the fit's gain over the served weights on the held-out positions, by game
           "held_out_gain": paired_gain(fitted, at_served, tu, tgames),
           "train": {"fitted": form_scores(form_chance(x, mask, weights), u),
                     "served": form_scores(form_chance(x, mask, served), u)},
           "served_matches_evaluate": bool(len(hand) == 0 or np.allclose(0.9 * at_served + 0.05, hand, atol=1e-5)),
           "weights": {n: round(float(w), 4) for n, w in zip(names, weights)}}
    print(json.dumps(out, indent=1))
    if args.out:
        settings = {k: v for k, v in vars(args).items() if k not in ("command", "out")}
        with open(args.out, "w") as fh:
            fh.write(json.dumps({**out, "settings": settings, "form_weights": [float(w) for w in weights]}) + "\n")
        print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)", file=sys.stderr)
    return out


def read_form_weights(path: str) -> tuple[float, ...]:
    """A form fit's weights (``form --out F.jsonl``, gzipped or not: its last line)."""
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
        record = [json.loads(line) for line in fh if line.strip()][-1]
    return tuple(float(w) for w in record["form_weights"])


def use_form_weights(name: str, weights: tuple[float, ...]) -> None:
    """Have this process's searches cut off into the game's evaluation with the form's ``weights``
    (``policy.evaluate_with``): a research-only switch, the package's evaluation unchanged."""
    policy = form_spec(name)[1]
    assert len(weights) == len(form_spec(name)[4]), "the fit's weights do not match the form's features"
    evaluate_with = policy.evaluate_with

    def evaluate(state):
        return evaluate_with(state, weights)

    policy.evaluate = evaluate


# --- play ---------------------------------------------------------------------------------
def play(args) -> list[dict]:
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    n = cfg["players"]
    if args.value:
        with_value(game, cfg, args.value)
    hand = SearchBot(game, args.hand_iterations or args.iterations, SearchParams())
    learned = SearchBot(game, args.iterations, SearchParams(value="learned"))
    progress = Progress(args.deals * n)
    records = []
    for d in range(args.deals):
        for seat in range(n):
            bots = [learned if q == seat else hand for q in range(n)]
            specs = ["learned" if q == seat else "game" for q in range(n)]
            r = play_match(game, cfg, specs, args.seed + d, bots=bots)
            res = {"game": args.game, "config": cfg, "iterations": args.iterations,
                   "hand_iterations": args.hand_iterations or args.iterations, "deal": args.seed + d,
                   "learned_seat": seat, "winners": r["winners"], "ranks": r["ranks"], "scores": r["scores"]}
            records.append(res)
            if args.log:
                with open(args.log, "a") as fh:
                    fh.write(json.dumps(res) + "\n")
            won = sum(rec["learned_seat"] in rec["winners"] for rec in records)
            progress.update(len(records), f"learned seat won {won}")
    tally(records)
    return records


def greedy_views(game, cfg: dict, seed: int, count: int) -> list[dict]:
    """``count`` views of the deciding seat with a choice, spread over a greedy game (a speed test's)."""
    rng = random.Random(seed)
    state, greedy, views = game.new_state(cfg, seed), make_bot("greedy", game), []
    while (seat := state.decider()) != TERMINAL:
        if len(state.legal_moves()) > 1:
            views.append(state.view(seat))
        state.apply(greedy.choose(state.sample_for(seat, rng), rng))
    return views[:: max(1, len(views) // count)][:count]


def iterations_per_cpu_second(game, views, iterations: int, repeats: int, searches: dict) -> dict:
    """The median iterations per CPU second of each named search (``searches``: name -> SearchParams)
    over ``views``, the searches alternated within each repeat so the machine's drift falls on all."""
    runs: dict = {name: [] for name in searches}
    for r in range(repeats):
        for name, params in searches.items():
            started = time.process_time()
            for i, view in enumerate(views):
                run_search(game, view, Budget(iterations=iterations), r * 1000 + i, params)
            runs[name].append(iterations * len(views) / (time.process_time() - started))
    return {name: round(float(np.median(rates))) for name, rates in runs.items()}


def speed(args) -> dict:
    """Iterations per CPU second of the search with each evaluation, side by side: the same
    positions (a greedy game's, spread over it), alternating, the median of ``--repeats``."""
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    if args.value:
        with_value(game, cfg, args.value)
    views = greedy_views(game, cfg, args.seed, args.positions)
    out = iterations_per_cpu_second(game, views, args.iterations, args.repeats,
                                    {value: SearchParams(value=value) for value in ("game", "learned")})
    out["ratio"] = round(out["game"] / out["learned"], 2)
    print(json.dumps({"iterations_per_cpu_second": out, "positions": len(views), "repeats": args.repeats}))
    return out


def run_script(script: str, rest: list[str]) -> None:
    """Run a script (``rest``: its arguments, after an optional ``--``) in this process, as its own
    ``__main__``: what this process was handed over in-process (a fit) is what its searches use."""
    sys.argv = [script, *(rest[1:] if rest and rest[0] == "--" else rest)]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")


def run_with_fit(args, parameters, check, use) -> None:
    """``run``: the script ``args.script`` in this process with a fit's ``parameters`` handed over
    (``use``) for the table ``--game``, ``--players`` (``--mode``), once ``check`` (which builds the
    model) has found them fit for it."""
    game = registry.get(args.game)
    cfg = table(game, args.players, args.mode)
    check(game, cfg, parameters)
    use(game, cfg, parameters)
    run_script(args.script, args.rest)


def run_with_value(args) -> None:
    """``run`` with the fit for ``value="learned"`` searches (``value=learned`` in a spec)."""
    run_with_fit(args, read_parameters(args.value), learned_value.evaluator, learned_value.use_parameters)


def tally(records: list[dict], resamples: int = 2000, seed: int = 0) -> dict:
    """The learned seat's share of the wins, its place (1 first, 0 last) and its place above the other
    seats' mean in the same game (ties share the better rank, so the seats' mean place can exceed
    0.5), 95 % intervals over deals."""
    by_deal: dict = {}
    for r in records:
        n = r["config"]["players"]
        seat = r["learned_seat"]
        win = 1.0 / len(r["winners"]) if seat in r["winners"] else 0.0
        places = [(n - 1 - rank) / (n - 1) for rank in r["ranks"]]
        others = (sum(places) - places[seat]) / (n - 1)
        by_deal.setdefault(r["deal"], []).append((win, places[seat], places[seat] - others))
    deals = np.array([np.mean(v, axis=0) for v in by_deal.values()])
    rng = np.random.default_rng(seed)
    boot = deals[rng.integers(0, len(deals), (resamples, len(deals)))].mean(axis=1)
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    mean = deals.mean(axis=0)
    n = records[0]["config"]["players"]
    out = {"games": len(records), "deals": len(deals), "fair_share": 1 / n,
           "win_share": [round(float(mean[0]), 3), round(float(lo[0]), 3), round(float(hi[0]), 3)],
           "place": [round(float(mean[1]), 3), round(float(lo[1]), 3), round(float(hi[1]), 3)],
           "place_above_others": [round(float(mean[2]), 3), round(float(lo[2]), 3), round(float(hi[2]), 3)]}
    print(json.dumps(out))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("train", "play"):
        p = sub.add_parser(name)
        p.add_argument("--game", required=True)
        p.add_argument("--players", type=int, default=3)
        p.add_argument("--mode", default=None, help="the game's mode, where it has modes")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--iterations", type=int, default=50, help="a search's fixed budget (--bot search; play)")
        p.add_argument("--value", default=None, help="a fitted parameter file: searches use it at the cut-off")
    t = sub.choices["train"]
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--bot", default="greedy", help="the self-play bot: a bot spec, or 'search' (--iterations, "
                   "with --value's parameters at the cut-off if given, else the game's evaluation)")
    t.add_argument("--noise", type=float, default=0.1, help="share of moves played at random")
    t.add_argument("--keep", type=float, default=0.3, help="share of decisions recorded")
    t.add_argument("--held-out", type=float, default=0.2, help="share of the games kept apart for the check")
    t.add_argument("--l2", default="0.003,0.01,0.03,0.1", help="the L2 penalty, or several, comma-separated: "
                   "each is scored on the last 15 %% of the training games and the best is fitted on all of them")
    t.add_argument("--init", default=None, help="start the fit from these parameters")
    t.add_argument("--out", default=None)
    t.add_argument("--games-log", default=None, help="the games' kept positions, gzip JSON lines (resumes)")
    t.add_argument("--fit-only", action="store_true", help="play nothing: fit the games --games-log holds")
    t.add_argument("--with-evaluate", action="store_true", help="the game's own evaluation as one more feature")
    p = sub.choices["play"]
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--hand-iterations", type=int, default=None, help="the game's evaluation's searches' budget "
                   "(default --iterations): more, to play at equal time (the learned value costs more an iteration)")
    p.add_argument("--log", default=None)
    sp = sub.add_parser("speed")
    for a, kw in (("--game", {"required": True}), ("--players", {"type": int, "default": 3}),
                  ("--mode", {"default": None}), ("--seed", {"type": int, "default": 1}),
                  ("--iterations", {"type": int, "default": 300}), ("--value", {"default": None}),
                  ("--positions", {"type": int, "default": 8}), ("--repeats", {"type": int, "default": 5})):
        sp.add_argument(a, **kw)
    fo = sub.add_parser("form")
    for a, kw in (("--form", {"required": True, "choices": sorted(FORMS)}), ("--players", {"type": int, "default": 3}),
                  ("--seed", {"type": int, "default": 1}), ("--games", {"type": int, "default": 100}),
                  ("--bot", {"default": "ismcts:hard"}), ("--iterations", {"type": int, "default": 200}),
                  ("--noise", {"type": float, "default": 0.03}), ("--keep", {"type": float, "default": 0.3}),
                  ("--held-out", {"type": float, "default": 0.2}), ("--l2", {"default": "0.0001,0.001,0.01"}),
                  ("--features", {"default": None, "help": "the features fitted, comma-separated (default all)"}),
                  ("--weights", {"default": None, "help": "a form fit: the self-play searches cut off with it"}),
                  ("--games-log", {"default": None}), ("--out", {"default": None})):
        fo.add_argument(a, **kw)
    fo.add_argument("--fit-only", action="store_true", help="play nothing: fit the games --games-log holds")
    ta = sub.add_parser("tally")
    ta.add_argument("logs", nargs="+")
    r = sub.add_parser("run")
    r.add_argument("--game", required=True)
    r.add_argument("--players", type=int, default=3)
    r.add_argument("--mode", default=None)
    r.add_argument("--value", default=None, help="the fit (.npz or a fit's record)")
    r.add_argument("--form", default=None, choices=sorted(FORMS), help="with --form-weights: a form's fit instead")
    r.add_argument("--form-weights", default=None,
                   help="a form fit's record (form --out): the weights of the game's evaluation")
    r.add_argument("script")
    r.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    if args.command == "run" and not (args.value or (args.form and args.form_weights)):
        ap.error("run needs --value, or --form with --form-weights")
    if args.command == "run" and args.form:
        use_form_weights(args.form, read_form_weights(args.form_weights))
        run_script(args.script, args.rest)
    elif args.command == "run":
        run_with_value(args)
    elif args.command == "form":
        train_form(args)
    elif args.command == "train":
        train(args)
    elif args.command == "play":
        play(args)
    elif args.command == "speed":
        speed(args)
    else:
        records = []
        for path in args.logs:
            with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as fh:
                records += [json.loads(line) for line in fh if line.strip()]
        tally(records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
