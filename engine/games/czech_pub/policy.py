"""Czech Pub AI knowledge: greedy bot, rollout policy and cut-off evaluation."""

from __future__ import annotations


def heuristic_move(state, rng):
    return rng.choice(state.legal_moves())


def playout_move(state, rng):
    return None


def evaluate(state):
    return None
