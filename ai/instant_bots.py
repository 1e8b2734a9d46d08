"""The bot interface, and the bots that answer at once: ``random`` and ``greedy``.

Apart from the searching bot (``boardbot.ai.bots``) so that what runs beside a
search in a worker process (``boardbot.ai.view_check``, which plays a caller's
instant bot on a checked view) needs neither the search nor the pool.
"""

from __future__ import annotations

import random

from boardbot.engine.core import Game, State

from .bot_specs import BotSpec, parse_bot_spec


class Bot:
    name = "bot"

    def choose(self, state: State, rng: random.Random) -> tuple:
        raise NotImplementedError

    def observe(self, mover: int, move: tuple | None, text: str) -> None:
        """A move was played. ``move`` is None unless this bot's seat saw it in full."""

    def new_game(self) -> None:
        """Forget anything kept from the previous game."""


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


INSTANT_BOTS = {"random": lambda game: RandomBot(), "greedy": GreedyBot}


def make_instant_bot(spec: "str | BotSpec", game: Game) -> Bot | None:
    """The bot ``spec`` names if it answers at once (``random``, ``greedy``), else None."""
    if not isinstance(spec, BotSpec):
        spec = parse_bot_spec(spec)
    make = INSTANT_BOTS.get(spec.kind)
    return None if make is None else make(game)
