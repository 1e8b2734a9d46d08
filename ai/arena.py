"""Play matches between bots and summarise them (``boardbot arena``)."""

from __future__ import annotations

import json
import random
import sys

from engine import registry
from engine.core import TERMINAL

from .bots import make_bot


def play_match(game, cfg: dict, seat_specs: list[str], seed: int) -> dict:
    """One game; each seat is played by its bot from a world sampled for it."""
    state = game.new_state(cfg, seed)
    bots = [make_bot(spec, game) for spec in seat_specs]
    rng = random.Random(seed ^ 0x5EED)
    moves = 0
    while (seat := state.decider()) != TERMINAL:
        world = state.sample_for(seat, rng)
        move = bots[seat].choose(world, rng)
        state.apply_checked(move)
        moves += 1
    res = state.result()
    return {"moves": moves, "scores": list(res.scores), "winners": list(res.winners)}


def run_arena(name: str, cfg: dict, seat_specs: list[str], games: int, seed: int) -> dict:
    game = registry.get(name)
    cfg = game.validate(cfg)
    n = cfg["players"]
    if len(seat_specs) == 1:
        seat_specs = seat_specs * n
    if len(seat_specs) != n:
        raise SystemExit(f"--seats needs 1 or {n} bot specs, got {len(seat_specs)}")
    wins = [0.0] * n
    total_moves = 0
    low, high = float("inf"), float("-inf")
    for g in range(games):
        r = play_match(game, cfg, seat_specs, seed * 1_000_003 + g)
        total_moves += r["moves"]
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
        low = min(low, *r["scores"])
        high = max(high, *r["scores"])
    return {
        "game": name,
        "config": cfg,
        "seats": seat_specs,
        "games": games,
        "seed": seed,
        "mean_moves_per_game": round(total_moves / games, 3),
        "score_range": [low, high],
        "wins_per_seat": [round(w, 3) for w in wins],
    }


def main(args) -> int:
    cfg = json.loads(args.config) if args.config else {}
    if args.players is not None:
        cfg["players"] = args.players
    summary = run_arena(args.game, cfg, args.seats.split(","), args.games, args.seed)
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 0
