"""One game as a learner meets it, shared by the three environments.

* actions: the configuration's stable ids (``Game.action_space``) and a mask of
  the legal ones for the deciding seat;
* observations: ``Game.observe`` of a seat's view (or the spectator's), so an
  observation holds only what that seat may see;
* returns (``returns``): a seat's share of the victory, ``1 / len(winners)`` for
  each winner and 0 for the others (constant-sum: they add up to 1); in a solo
  game (one seat, against an automaton such as the Winemaker) the final score;
* truncation: after ``Game.max_moves`` moves (a bound no game should reach).
"""

from __future__ import annotations

import numpy as np

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, IllegalMove, Result
from boardbot.engine.render import renderer

# observation bounds for the spaces: the encodings are scaled to about [-2, 5]; these only
# say "finite" without claiming a tighter range than the layouts promise
OBSERVATION_LOW, OBSERVATION_HIGH = -1e4, 1e4


def returns(result: Result) -> list[float]:
    """Each seat's return from a finished game's result (see the module's docstring)."""
    n = len(result.scores)
    if n == 1:
        return [float(result.scores[0])]
    share = 1.0 / len(result.winners)
    return [share if seat in result.winners else 0.0 for seat in range(n)]


def return_bounds(game, cfg: dict) -> tuple[float, float]:
    """The least and greatest return of one seat."""
    if cfg["players"] == 1:
        bounds = game.score_bounds(cfg)
        if bounds is None:
            raise ValueError(f"{game.name} declares no score bounds for its solo game")
        return bounds
    return 0.0, 1.0


class Match:
    """An engine state with its configuration's action ids and observation layout."""

    def __init__(self, name: str, config: dict | None = None, seed: int = 0):
        self.game = registry.get(name)
        self.config = self.game.validate(config)
        self.actions = self.game.action_space(self.config)
        self.layout = self.game.observation_layout(self.config)
        self.num_seats = self.config["players"]
        self.max_moves = self.game.max_moves or 1_000_000
        self.reset(seed)

    def reset(self, seed: int) -> None:
        self.state = self.game.new_state(self.config, seed)
        self.moves = 0

    @property
    def decider(self) -> int:
        return self.state.decider()

    @property
    def over(self) -> bool:
        return self.state.decider() == TERMINAL

    @property
    def truncated(self) -> bool:
        return self.moves >= self.max_moves and not self.over

    def observation(self, seat: int | None) -> np.ndarray:
        return self.game.observe(self.state.view(seat))

    def legal_ids(self) -> list[int]:
        return self.actions.legal_ids(self.state.legal_moves())

    def mask(self, seat: int) -> np.ndarray:
        """1 for each action id the seat may play now (all 0 when it is not its decision)."""
        out = np.zeros(self.actions.size, np.int8)
        if seat == self.state.decider():
            out[self.legal_ids()] = 1
        return out

    def play(self, action: int) -> None:
        """The decider plays action id ``action``; IllegalMove if it is not legal now."""
        move = self.actions.move(int(action))
        if move not in self.state.legal_moves():
            raise IllegalMove(f"action {action} ({move!r}) is not legal now")
        self.state.apply(move)
        self.moves += 1

    def returns(self) -> list[float]:
        """The returns of a finished game; zeros for one that is still running (or truncated)."""
        result = self.state.result()
        return returns(result) if result is not None else [0.0] * self.num_seats

    def render(self) -> str:
        """The spectator's view drawn by the game's renderer (``boardbot.engine.render``)."""
        return renderer(self.game)(self.state.view(None))
