"""A learned move prior: a linear softmax policy over a table's action ids on what the deciding seat may see.

The search's progressive bias favours one move at each node, the game's hint (``Game.search_hint``,
asked once per node). ``SearchParams(hint="learned")`` asks this model instead: at a node where seat
d decides, in the sampled world that first reaches it, d's observation ``x = Game.observe(world.view(d))``
(the generic learning vector, built from d's view alone, so the hint reads nothing d could not see)
scores every legal move by its action id a (``Game.action_space(config)``, stable per table),

    logit_a = weights[a] . x + bias[a] (+ hint_weight if a is the game's own hint there),
    p(a) = softmax over the legal moves' logits,

and the hint is the legal move of the highest logit (the policy's most likely move). A fit with a
``hint_weight`` (0: none) also asks the game's hint, in the same world as the search does, and adds
that weight to its move's logit: the policy then corrects the game's heuristic rather than
replacing it. The weights are
fitted on the search's own games (expert iteration) to the root's visit shares by
research/train_prior.py (research/notes/learned-prior.md).

The parameters of a table are a small numpy file, ``prior_<mode>-<players>p.npz``
(``prior_<players>p.npz`` for a game without modes), with ``weights`` (actions by observation size),
``bias`` (actions) and optionally ``hint_weight`` (a number), at most 1 MB, read once per process: shipped in the game's package, or handed over
in-process for research (``use_parameters``). Generic: no game is named here.
"""

from __future__ import annotations

import functools
import importlib.resources
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from boardbot.engine.core import Game

from .learned_value import package_of, shipped_file

# weights (actions x features, float32), bias (actions), the game's hint's weight (0: not asked)
Parameters = tuple[np.ndarray, np.ndarray, float]


class LearnedPriorError(LookupError):
    """No learned prior for this table (no file, or one that does not fit its actions and observations)."""


def file_name(config: Mapping[str, Any]) -> str:
    """The parameter file of a table: ``prior_5p.npz``, ``prior_versus-3p.npz`` (mode, players)."""
    mode = config.get("mode")
    return f"prior_{mode}-{config['players']}p.npz" if mode else f"prior_{config['players']}p.npz"


def load_parameters(source) -> Parameters:
    """(weights, bias, hint weight) from an .npz file (a path or an open binary file)."""
    with np.load(source, allow_pickle=False) as data:
        weights = np.asarray(data["weights"], dtype=np.float32)
        bias = np.asarray(data["bias"], dtype=np.float32)
        hint_weight = float(data["hint_weight"]) if "hint_weight" in data.files else 0.0
    if weights.ndim != 2 or bias.shape != (weights.shape[0],):
        raise LearnedPriorError("a learned prior's weights must be a matrix, one row per action id, "
                                "and its bias a vector of the same length")
    if not (np.all(np.isfinite(weights)) and np.all(np.isfinite(bias)) and np.isfinite(hint_weight)):
        raise LearnedPriorError("a learned prior's weights must be finite")
    return weights, bias, hint_weight


def save_parameters(path, parameters: Parameters) -> None:
    """Write (weights, bias, hint weight) as ``load_parameters`` reads them."""
    weights, bias, hint_weight = parameters
    np.savez_compressed(path, weights=np.asarray(weights, dtype=np.float32), bias=np.asarray(bias, dtype=np.float32),
                        hint_weight=np.float64(hint_weight))


@functools.cache
def _shipped(package: str, name: str) -> Parameters:
    return load_parameters(shipped_file(package, name, LearnedPriorError, "learned prior"))


# (package, file name) -> parameters this process uses instead of the shipped file's: a research run
# of a fit not in the package (research/train_prior.py --prior)
_OVERRIDES: dict[tuple[str, str], Parameters] = {}


def use_parameters(game: Game, config: Mapping[str, Any], parameters: Parameters) -> None:
    """Have this process's ``hint="learned"`` searches of this table use ``parameters``."""
    _OVERRIDES[(package_of(game), file_name(game.validate(config)))] = parameters


def has_learned_prior(game: Game, config: Mapping[str, Any]) -> bool:
    """Whether the game ships a learned prior for this table."""
    return importlib.resources.files(package_of(game)).joinpath(file_name(game.validate(config))).is_file()


def parameters_for(game: Game, config: Mapping[str, Any]) -> Parameters:
    """The parameters this process uses for the table: handed over (``use_parameters``), else shipped."""
    key = (package_of(game), file_name(game.validate(config)))
    found = _OVERRIDES.get(key)
    return found if found is not None else _shipped(*key)


def _logits(game: Game, config: Mapping[str, Any], parameters: Parameters | None
            ) -> Callable[[Any, random.Random], tuple[list, np.ndarray]]:
    """A function of a state (and the search's generator, for the game's hint) returning its legal
    moves and their logits for the seat to move."""
    cfg = game.validate(config)
    weights, bias, hint_weight = parameters_for(game, cfg) if parameters is None else parameters
    space = game.action_space(cfg)
    size = game.observation_layout(cfg).size
    if weights.shape != (space.size, size):
        raise LearnedPriorError(f"a learned prior for {game.name} {file_name(cfg)} is {weights.shape[0]} by "
                                f"{weights.shape[1]}, the table has {space.size} actions and {size} observations")
    observe, ids, game_hint = game.observe, space.ids, game.search_hint

    def logits(state, rng: random.Random) -> tuple[list, np.ndarray]:
        moves = state.legal_moves()
        rows = [ids[m] for m in moves]
        out = weights[rows] @ observe(state.view(state.decider())) + bias[rows]
        if hint_weight:
            favourite = game_hint(state, rng)
            if favourite is not None:
                out[moves.index(favourite)] += hint_weight
        return moves, out

    return logits


def policy(game: Game, config: Mapping[str, Any], parameters: Parameters | None = None
           ) -> Callable[[Any, random.Random], tuple[list, np.ndarray]]:
    """The policy of the table's parameters (``parameters``: others, for research): a function of a
    state (and a generator, for the game's hint) returning its legal moves and their
    probabilities for the seat to move, from what that seat may see."""
    logits = _logits(game, config, parameters)

    def probabilities(state, rng: random.Random) -> tuple[list, np.ndarray]:
        moves, out = logits(state, rng)
        out = np.exp(out - out.max())
        return moves, out / out.sum()

    return probabilities


def hinter(game: Game, config: Mapping[str, Any], parameters: Parameters | None = None
           ) -> Callable[[Any, random.Random], Any]:
    """The search's hint (``Game.search_hint``'s signature): the legal move the policy finds most
    likely for the seat to move (ties: the first in legal order), from what that seat may see."""
    logits = _logits(game, config, parameters)

    def hint(state, rng: random.Random):
        if len(state.legal_moves()) < 2:
            return None  # nothing to favour
        moves, out = logits(state, rng)
        return moves[int(np.argmax(out))]

    return hint
