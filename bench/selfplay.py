"""Noisy greedy self-play for the evaluation fits (bench/*_fit_evaluate.py)."""

from __future__ import annotations

import random

from boardbot.engine.core import TERMINAL


def noisy_greedy_game(game, cfg: dict, seed: int, noise: float, keep: float, snapshot) -> tuple[list, list]:
    """Play one game of ``Game.heuristic_move`` with a uniformly random move with probability
    ``noise``; ``snapshot(state)`` is kept at about ``keep`` of the positions. Returns the
    snapshots and the final result, with each seat's share of the win (a shared victory is a share)."""
    rng = random.Random(seed)
    state = game.new_state(cfg, seed)
    snaps = []
    while state.decider() != TERMINAL:
        if rng.random() < keep:
            snaps.append(snapshot(state))
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if rng.random() < noise else game.heuristic_move(state, rng)
        state.apply(move)
    result = state.result()
    win = [0.0] * state.num_seats
    for w in result.winners:
        win[w] = 1 / len(result.winners)
    return snaps, result, win
