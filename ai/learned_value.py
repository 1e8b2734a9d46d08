"""A learned cut-off evaluation: a logistic model per seat on what that seat may see.

The search's rollouts stop after ``depth`` moves and ask for every seat's value in [0, 1]
(``Game.evaluate``, a hand-set form in each game's policy.py). ``SearchParams.value="learned"``
asks this model instead: for each seat q of the (sampled) world, its observation
``Game.observe(world.view(q))`` (the generic learning vector, built from q's view alone, so the
model reads nothing q could not see) goes through one logistic unit,

    value_q = 1 / (1 + exp(-(weights . observe(view(q)) + bias + evaluate_weight * logit(evaluate(world)_q))))

(``evaluate_weight``: optional, 0 unless a fit sets it: the game's own hand-set evaluation of the
world, ``Game.evaluate``, as one more feature, so the model corrects it instead of replacing it;
it reads the searcher's sampled world as the game's evaluation does at every cut-off), fitted on self-play to each seat's final utility (``boardbot.ai.utility.utilities``: 0.8 win,
0.1 place, 0.1 margin), by research/train_value.py (research/notes/learned-value.md).

The parameters of a table are a small numpy file in the game's package,
``value_<mode>-<players>p.npz`` (``value_<players>p.npz`` for a game without modes): ``weights``
(the observation's size), ``bias`` and, if fitted, ``evaluate_weight``, read once per process. Generic: no game is named here.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from boardbot.engine.core import Game

MAX_BYTES = 1 << 20  # a parameter file is at most 1 MB (issue 47)


class LearnedValueError(LookupError):
    """No learned value for this table (no file, or one that does not fit its observations)."""


def file_name(config: Mapping[str, Any]) -> str:
    """The parameter file of a table: ``value_versus-3p.npz`` (mode, players)."""
    mode = config.get("mode")
    return f"value_{mode}-{config['players']}p.npz" if mode else f"value_{config['players']}p.npz"


def package_of(game: Game) -> str:
    """The package holding the game's module (its folder under engine/games)."""
    return type(game).__module__.rpartition(".")[0]


# a logit of the game's evaluation is taken of a value clipped to [EDGE, 1 - EDGE]
EDGE = 1e-3


def load_parameters(source) -> tuple[np.ndarray, float, float]:
    """(weights, bias, evaluate_weight) from an .npz file (a path or an open binary file); a file
    without ``evaluate_weight`` has 0 (the observation alone)."""
    with np.load(source, allow_pickle=False) as data:
        weights = np.asarray(data["weights"], dtype=np.float64)
        bias = float(data["bias"])
        evaluate_weight = float(data["evaluate_weight"]) if "evaluate_weight" in data.files else 0.0
    if (weights.ndim != 1 or not np.all(np.isfinite(weights)) or not math.isfinite(bias)
            or not math.isfinite(evaluate_weight)):
        raise LearnedValueError("a learned value's weights must be a finite vector")
    return weights, bias, evaluate_weight


def evaluation_logit(value: float) -> float:
    """The logit of one seat's value of the game's evaluation, clipped off 0 and 1."""
    v = EDGE if value < EDGE else 1.0 - EDGE if value > 1.0 - EDGE else value
    return math.log(v / (1.0 - v))


def shipped_file(package: str, name: str, error: type[LookupError], what: str) -> io.BytesIO:
    """A parameter file in a game's package, read whole (at most ``MAX_BYTES``), or ``error``."""
    resource = importlib.resources.files(package).joinpath(name)
    if not resource.is_file():
        raise error(f"no {what} {name} in {package}")
    with resource.open("rb") as fh:
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise error(f"{name} is over {MAX_BYTES} bytes")
    return io.BytesIO(data)


@functools.cache
def _shipped(package: str, name: str) -> tuple[np.ndarray, float, float]:
    return load_parameters(shipped_file(package, name, LearnedValueError, "learned value"))


# (package, file name) -> parameters this process uses instead of the shipped file's: a research run
# of a fit not (yet) in the package (research/train_value.py --value)
_OVERRIDES: dict[tuple[str, str], tuple] = {}


def use_parameters(game: Game, config: Mapping[str, Any], parameters: tuple) -> None:
    """Have this process's ``value="learned"`` searches of this table use ``parameters``."""
    _OVERRIDES[(package_of(game), file_name(game.validate(config)))] = parameters


def has_learned_value(game: Game, config: Mapping[str, Any]) -> bool:
    """Whether the game ships a learned value for this table."""
    return importlib.resources.files(package_of(game)).joinpath(file_name(game.validate(config))).is_file()


def evaluator(game: Game, config: Mapping[str, Any], parameters: tuple | None = None
              ) -> Callable[[Any], list[float]]:
    """The cut-off evaluation of the game's shipped parameters for this table (``parameters``:
    others, for research: (weights, bias) or (weights, bias, evaluate_weight)): a function of a
    world returning every seat's value in (0, 1)."""
    cfg = game.validate(config)
    if parameters is None:
        key = (package_of(game), file_name(cfg))
        parameters = _OVERRIDES.get(key) or _shipped(*key)
    weights = parameters[0]
    bias = float(parameters[1])
    evaluate_weight = float(parameters[2]) if len(parameters) > 2 else 0.0
    size = game.observation_layout(cfg).size
    if weights.shape != (size,):
        raise LearnedValueError(f"a learned value for {game.name} {file_name(cfg)} has {weights.shape[0]} weights, "
                                f"its observations {size} values")
    observe = game.observe
    seats = range(int(cfg["players"]))
    hand = game.ai_hook("evaluate") if evaluate_weight else None
    if evaluate_weight and hand is None:
        raise LearnedValueError(f"a learned value for {game.name} {file_name(cfg)} weighs the game's evaluation, "
                                "which the game has not")

    def evaluate(world) -> list[float]:
        view = world.view
        # the game's evaluation only where the fit weighs it (it costs a call per cut-off)
        shift = [evaluate_weight * evaluation_logit(v) for v in hand(world)] if hand is not None else None
        return [1.0 / (1.0 + math.exp(-(float(observe(view(q)) @ weights) + bias
                                        + (shift[q] if shift is not None else 0.0)))) for q in seats]

    return evaluate
