"""Self-play for the evaluation fits (research/*_fit_evaluate.py, research/czech_pub_search_fit.py)."""

from __future__ import annotations

import random

from boardbot.engine.core import TERMINAL


def self_play_game(game, cfg: dict, seed: int, keep: float, snapshot, choose, rng=None) -> tuple[list, list]:
    """Play one game dealt from ``seed``, each move ``choose(state, rng)`` (``rng`` defaults to
    one seeded with ``seed``); ``snapshot(state)`` is kept at about ``keep`` of the positions.
    Returns the snapshots and the final result, with each seat's share of the win (a shared
    victory is a share)."""
    rng = rng or random.Random(seed)
    state = game.new_state(cfg, seed)
    snaps = []
    while state.decider() != TERMINAL:
        if rng.random() < keep:
            snaps.append(snapshot(state))
        state.apply(choose(state, rng))
    result = state.result()
    win = [0.0] * state.num_seats
    for w in result.winners:
        win[w] = 1 / len(result.winners)
    return snaps, result, win


def noisy_greedy_game(game, cfg: dict, seed: int, noise: float, keep: float, snapshot) -> tuple[list, list]:
    """``self_play_game`` of ``Game.heuristic_move``, with a uniformly random move with
    probability ``noise``."""

    def choose(state, rng):
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))] if rng.random() < noise else game.heuristic_move(state, rng)

    return self_play_game(game, cfg, seed, keep, snapshot, choose)
