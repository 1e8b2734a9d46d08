"""Our games as OpenSpiel Python games (optional: ``pip install boardbot[openspiel]``).

Used by ``bench/ai_speed.py`` to run OpenSpiel's own Python ISMCTS
(``open_spiel.python.algorithms.ismcts``) on exactly our rules engines, side
by side with ``boardbot.ai.ismcts``. Generic over the registry; names no game.

    from boardbot.ai.openspiel_adapter import load
    os_game = load("frogriders", {"players": 2})
    state = os_game.wrap(engine_state)          # or os_game.new_initial_state()

Mapping:

* moves <-> actions: each distinct move tuple gets the next integer the
  first time it is seen (a table per loaded game); ``legal_actions`` are
  those ids, sorted as OpenSpiel requires.
* chance: inside our ``apply`` (a state seed), so OpenSpiel sees no chance
  nodes (``SAMPLED_STOCHASTIC``); ``sample_for`` re-samples hidden cards and
  the chance seed, and is installed as the ISMCTS resampler.
* information state string (``key=``): ``history`` (default) is the seat
  number, the seat's view at the search root, and every move since as that
  seat saw it (its own moves in full, others' as ``public_move_text``): the
  same identity our MO-ISMCTS trees use, and cheap. Texts are only recorded
  on states the tree walks; rollout clones skip them. ``view`` is the
  acting seat's whole current view as canonical JSON (exact, but a view
  and a JSON dump per tree node).
* returns: ``boardbot.ai.utility.utilities`` of the result, the same utility our
  search maximises (general-sum, in [0, 1]).
* ``clone`` uses the engine's ``copy`` (not ``deepcopy``).
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.core import Game as EngineGame
from boardbot.engine.core import State as EngineState

from .utility import utilities

MAX_ACTIONS = 1 << 20
_registered: dict[str, pyspiel.GameType] = {}


def _game_type(name: str, game: EngineGame) -> pyspiel.GameType:
    players = game.param("players")
    return pyspiel.GameType(
        short_name=f"boardbot_{name.replace('-', '_')}",
        long_name=f"boardbot {game.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.maximum or players.default,
        min_num_players=players.minimum or players.default,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"config": "{}", "seed": 0, "key": "history"},
    )


class _Observer:
    """Strings only: the seat's view as canonical JSON."""

    def __init__(self, iig_obs_type=None, params=None):
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.info_key(player)


class OpenSpielGame(pyspiel.Game):
    """Registered once per game as a subclass that fixes ``game_name``."""

    game_name = ""

    def __init__(self, params=None):
        name = self.game_name
        params = dict(params or {})
        self.engine: EngineGame = registry.get(name)
        self.config = self.engine.validate(json.loads(params.get("config", "{}")))
        self.seed = int(params.get("seed", 0))
        self.key_mode = params.get("key", "history")
        self.action_of: dict = {}
        self.move_of: list = []
        n = self.config["players"]
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=0.0 if n > 1 else -1e9,
            max_utility=1.0 if n > 1 else 1e9,
            utility_sum=None,
            max_game_length=100_000,
        )
        super().__init__(_registered[name], info,
                         {"config": json.dumps(self.config), "seed": self.seed, "key": self.key_mode})

    def new_initial_state(self):
        return OpenSpielState(self, self.engine.new_state(self.config, self.seed))

    def wrap(self, inner: EngineState) -> "OpenSpielState":
        return OpenSpielState(self, inner)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(iig_obs_type, params)

    def action(self, move: tuple) -> int:
        a = self.action_of.get(move)
        if a is None:
            a = self.action_of[move] = len(self.move_of)
            self.move_of.append(move)
        return a


class OpenSpielState(pyspiel.State):
    def __init__(self, game: OpenSpielGame, inner: EngineState, history: list | None = None):
        super().__init__(game)
        self.os_game = game
        self.inner = inner
        self._keys = {}
        # per seat: the root view key, then one entry per move as the seat saw it;
        # None: not tracked (rollout clones)
        self._history = history

    def current_player(self):
        d = self.inner.decider()
        return pyspiel.PlayerId.TERMINAL if d == TERMINAL else d

    def _legal_actions(self, player):
        action = self.os_game.action
        return sorted(action(m) for m in self.inner.legal_moves())

    def _apply_action(self, action):
        self._keys = {}
        move = self.os_game.move_of[action]
        inner = self.inner
        if self._history is not None:
            mover = inner.decider()
            self._history = [
                h + ("|" + (repr(move) if seat == mover else inner.public_move_text(move, seat)),)
                for seat, h in enumerate(self._history)
            ]
        inner.apply(move)

    def _action_to_string(self, player, action):
        return self.inner.move_text(self.os_game.move_of[action])

    def is_terminal(self):
        return self.inner.decider() == TERMINAL

    def returns(self):
        res = self.inner.result()
        if res is None:
            return [0.0] * self.inner.num_seats
        return utilities(res)

    def info_key(self, player):
        key = self._keys.get(player)
        if key is None:
            if self.os_game.key_mode == "history" and self._history is not None:
                key = f"{player}:" + "".join(self._history[player])
            else:
                key = f"{player}:" + json.dumps(self.inner.view(player), sort_keys=True)
            self._keys[player] = key
        return key

    def track(self) -> "OpenSpielState":
        """Start recording the per-seat move history here (a search root)."""
        n = self.inner.num_seats
        self._history = [(json.dumps(self.inner.view(q), sort_keys=True),) for q in range(n)]
        self._keys = {}
        return self

    def clone(self):
        return OpenSpielState(self.os_game, self.inner.copy())

    def __str__(self):
        return json.dumps(self.inner.view(None), sort_keys=True)


def load(name: str, config: dict | None = None, seed: int = 0, key: str = "history") -> OpenSpielGame:
    """Register (once) and load game ``name`` with ``config``; ``key``: history or view."""
    engine = registry.get(name)
    if name not in _registered:
        gtype = _game_type(name, engine)
        _registered[name] = gtype
        cls = type(f"OpenSpiel_{gtype.short_name}", (OpenSpielGame,), {"game_name": name})
        pyspiel.register_game(gtype, cls)
    if key not in ("history", "view"):
        raise ValueError("key is history or view")
    return pyspiel.load_game(_registered[name].short_name,
                             {"config": json.dumps(config or {}), "seed": seed, "key": key})


def resampler(rng: random.Random):
    """The ISMCTS resampler: a world re-dealt for ``player`` by the engine."""
    def resample(state: OpenSpielState, player: int) -> OpenSpielState:
        return OpenSpielState(state.os_game, state.inner.sample_for(player, rng), state._history)

    return resample


class LeanRolloutEvaluator:
    """Random rollouts straight on the engine state (Python ``random``), as
    ``boardbot.ai.ismcts`` does them: takes OpenSpiel's per-step numpy and pyspiel
    call overhead out of the comparison, leaving the tree search itself."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def evaluate(self, state: OpenSpielState):
        world = state.inner.copy()
        rand = self.rng.random
        while world.decider() != TERMINAL:
            moves = world.legal_moves()
            world.apply(moves[int(rand() * len(moves))])
        return np.array(utilities(world.result()))

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(os_game: OpenSpielGame, seed: int, uct_c: float = 0.7, max_simulations: int = 1000,
               lean: bool = False, allow_inconsistent: bool | None = None):
    """OpenSpiel's Python ISMCTS with random rollouts and our sampler.

    ``lean``: use ``LeanRolloutEvaluator`` instead of OpenSpiel's
    ``RandomRolloutEvaluator``.
    """
    from open_spiel.python.algorithms import ismcts, mcts

    np_rng = np.random.RandomState(seed % (2**32))
    if lean:
        evaluator = LeanRolloutEvaluator(random.Random(seed + 1))
    else:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    if allow_inconsistent is None:
        # history keys merge worlds whose legal moves differ (a revealed card
        # is not in the key); OpenSpiel then needs its inconsistent-sets mode
        allow_inconsistent = os_game.key_mode == "history"
    bot = TimedISMCTSBot(os_game, evaluator, uct_c, max_simulations, random_state=np_rng,
                         final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                         allow_inconsistent_action_sets=allow_inconsistent)
    bot.set_resampler(resampler(random.Random(seed)))
    return bot


def _timed_class():
    from open_spiel.python.algorithms import ismcts

    class Timed(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTSBot with an optional wall-time budget.

        ``run_search`` is OpenSpiel's own loop with one change: it stops at
        ``time_limit`` seconds (if set) instead of after ``max_simulations``.
        ``simulations`` counts the last search's simulations.
        """

        time_limit: float | None = None
        simulations = 0

        def run_search(self, state):
            import time

            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                self.simulations = 0
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            end = None if self.time_limit is None else time.monotonic() + self.time_limit
            count = 0
            while True:
                if end is not None:
                    if time.monotonic() >= end:
                        break
                elif count >= self._max_simulations:
                    break
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.simulations = count
            return self.get_final_policy(state, self._root_node)

    return Timed


class _Lazy:
    cls = None


def TimedISMCTSBot(*args, **kwargs):  # noqa: N802 - a class factory
    if _Lazy.cls is None:
        _Lazy.cls = _timed_class()
    return _Lazy.cls(*args, **kwargs)
