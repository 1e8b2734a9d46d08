"""The in-process AI call of ``boardbot loadtest --in-process``: one function.

It does what BotService.SuggestMove does for a hosted game, without gRPC: a
world sampled from the seat's information (``State.sample_for``), then the
search. Search specs (``ismcts...``) go to ``boardbot.ai.service_api.suggest`` (the
function the BotService calls); plain bots (``random``, ``greedy``) and
servers without the search yet fall back to ``boardbot.ai.bots.make_bot``.
"""

from __future__ import annotations

import random
import time


class SuggestUnavailable(Exception):
    """The spec names a search this checkout does not have."""


def suggest_move(game, state, seat: int, spec: str, budget_seconds: float | None,
                 budget_iterations: int | None, seed: int) -> tuple[int, float]:
    """The suggested move's index in ``state.legal_moves()`` and the search's seconds."""
    rng = random.Random(seed)
    world = state.sample_for(seat, rng)
    moves = state.legal_moves()
    started = time.monotonic()
    if spec.split(":", 1)[0].strip() == "ismcts":
        try:
            from boardbot.ai.service_api import suggest
        except ImportError:
            raise SuggestUnavailable("boardbot.ai.service_api is not in this checkout") from None
        budget = {}
        if budget_seconds is not None:
            budget["time"] = budget_seconds
        if budget_iterations is not None:
            budget["iterations"] = budget_iterations
        result = suggest(game, world, budget or None, seed=rng.getrandbits(63), params=spec)
        move, seconds = result.move, result.seconds
    else:
        from boardbot.ai.bots import make_bot

        move = make_bot(spec, game).choose(world, rng)
        seconds = time.monotonic() - started
    return moves.index(tuple(move)), seconds
