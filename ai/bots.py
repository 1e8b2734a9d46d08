"""Bots: something that picks a legal move for the deciding seat.

A bot is only ever given a state sampled from its own seat's information
(see ``engine.core.State.sample_for``), never the hidden truth.
"""

from __future__ import annotations

import random

from engine.core import Game, State


class Bot:
    name = "bot"

    def choose(self, state: State, rng: random.Random) -> tuple:
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def choose(self, state: State, rng: random.Random) -> tuple:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


class GreedyBot(Bot):
    """The game's own heuristic (``Game.heuristic_move``)."""

    name = "greedy"

    def __init__(self, game: Game):
        self.game = game

    def choose(self, state: State, rng: random.Random) -> tuple:
        return self.game.heuristic_move(state, rng)


def make_bot(spec: str, game: Game) -> Bot:
    """Build a bot from a spec string such as ``random`` or ``greedy``."""
    kind = spec.split(":", 1)[0].strip()
    if kind == "random":
        return RandomBot()
    if kind == "greedy":
        return GreedyBot(game)
    raise ValueError(f"unknown bot spec {spec!r}")
