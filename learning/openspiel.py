"""Each game as an OpenSpiel Python game (the ``openspiel`` extra).

    from boardbot.learning.openspiel import load
    game = load("frogriders", {"players": 3})       # registers boardbot_frogriders once
    state = game.new_initial_state()

Generic over the registry; names no game. What OpenSpiel is told:

* game type: sequential, **sampled stochastic** (chance lives inside the rules
  engine's ``apply``, drawn from a seed the state carries: shuffles, dice, cards
  taken at random; there are no chance nodes to enumerate), imperfect
  information, terminal rewards, constant-sum (each winner gets its share of 1)
  or, for a solo game, general-sum with the score as the return
  (``boardbot.learning.match``); ``max_game_length`` is ``Game.max_moves``;
* parameters: ``config`` (the configuration as JSON), ``rng_seed`` (the game's
  generator: every ``new_initial_state`` deals a new game from it, as in
  OpenSpiel's own sampled-stochastic games) and ``key`` (below);
* actions: the configuration's stable action ids (``Game.action_space``);
* observation tensor: ``Game.observe`` of the player's view (public
  observation: the spectator's view); information-state tensor: the
  observation followed by the counts of each action id the player has played;
* information-state string (``key="full"``): the player, its view where the
  game (or a search) started, every move since as the player saw it (its own in
  full, the others' as ``public_move_text``) and its current view; ``key="history"``
  leaves the current view out, which is cheaper but merges worlds a revealed
  card tells apart (OpenSpiel's ISMCTS then needs its inconsistent-action-sets
  mode; ``bench/ai_speed.py`` uses it); observation string: the view as JSON;
* ``resample_from_infostate``: the engine's ``sample_for`` (hidden cards re-dealt,
  a fresh chance seed), so OpenSpiel's ISMCTS runs without further set-up.
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

from .match import return_bounds, returns

KEYS = ("full", "history")
_registered: dict[str, pyspiel.GameType] = {}


def short_name(name: str) -> str:
    return f"boardbot_{name.replace('-', '_')}"


def _game_type(name: str, engine: EngineGame, solo: bool) -> pyspiel.GameType:
    players = engine.param("players")
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"boardbot {engine.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.maximum or players.default,
        min_num_players=players.minimum or players.default,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"config": "{}", "rng_seed": 0, "key": "full"},
    )


class OpenSpielGame(pyspiel.Game):
    """Registered once per game as a subclass that fixes ``game_name``."""

    game_name = ""

    def __init__(self, params=None):
        params = dict(params or {})
        self.engine: EngineGame = registry.get(self.game_name)
        self.config = self.engine.validate(json.loads(params.get("config", "{}")))
        self.rng_seed = int(params.get("rng_seed", 0))
        self.key_mode = params.get("key", "full")
        if self.key_mode not in KEYS:
            raise ValueError(f"key is one of {', '.join(KEYS)}, not {self.key_mode!r}")
        self.actions = self.engine.action_space(self.config)
        self.layout = self.engine.observation_layout(self.config)
        self._rng = random.Random(self.rng_seed)
        # resample_from_infostate draws from its own generator, so searches do not change
        # which games new_initial_state deals
        self._resample_rng = random.Random(self.rng_seed ^ 0x5EED)
        n = self.config["players"]
        low, high = return_bounds(self.engine, self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=None if n == 1 else 1.0,
            max_game_length=self.engine.max_moves,
        )
        super().__init__(_game_type(self.game_name, self.engine, n == 1), info,
                         {"config": json.dumps(self.config), "rng_seed": self.rng_seed, "key": self.key_mode})

    def __deepcopy__(self, memo):  # OpenSpiel's C++ side deep-copies the game of a Python state it clones
        return self

    @property
    def move_of(self) -> tuple:
        """action id -> move tuple."""
        return self.actions.moves

    def action(self, move: tuple) -> int:
        return self.actions.id(move)

    def new_initial_state(self):
        return OpenSpielState(self, self.engine.new_state(self.config, self._rng.getrandbits(63)))

    def wrap(self, inner: EngineState) -> "OpenSpielState":
        """An engine state as an OpenSpiel state; its histories start here."""
        return OpenSpielState(self, inner)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return Observer(self, iig_obs_type)


class Observer:
    """Tensors and strings for one kind of observation (OpenSpiel's observer protocol)."""

    def __init__(self, game: OpenSpielGame, iig_obs_type=None):
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = kind.perfect_recall
        self.public_only = kind.private_info == pyspiel.PrivateInfoType.NONE
        size = game.layout.size + (game.actions.size if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:game.layout.size]}
        if self.perfect_recall:
            self.dict["own_actions"] = self.tensor[game.layout.size:]

    def set_from(self, state: "OpenSpielState", player: int):
        seat = None if self.public_only else player
        inner = state.inner
        self.dict["observation"][:] = inner.game.observe(inner.view(seat))
        if self.perfect_recall:
            counts = self.dict["own_actions"]
            counts[:] = 0.0
            for action in state.own_actions[player]:
                counts[action] += 1.0

    def string_from(self, state: "OpenSpielState", player: int) -> str:
        if self.perfect_recall:
            return state.info_key(player)
        return json.dumps(state.inner.view(None if self.public_only else player), sort_keys=True)


class Histories:
    """What each seat has seen since the histories started, shared by a state and its clones
    (immutable: a move makes a new one on top of the old).

    ``seen[seat]``: a chain ``(entry, previous chain)`` of the seat's view where the history
    started, then one entry per move as it saw it; ``own[seat]``: the action ids it played."""

    __slots__ = ("seen", "own")

    def __init__(self, seen: tuple, own: tuple):
        self.seen = seen
        self.own = own

    @classmethod
    def start(cls, inner: EngineState) -> "Histories":
        n = inner.num_seats
        return cls(tuple((json.dumps(inner.view(q), sort_keys=True), None) for q in range(n)), ((),) * n)

    def after(self, mover: int, action: int, entries: list) -> "Histories":
        return Histories(tuple((entry, chain) for entry, chain in zip(entries, self.seen)),
                         tuple(acts + (action,) if q == mover else acts for q, acts in enumerate(self.own)))

    def entries(self, seat: int) -> list:
        out = []
        chain = self.seen[seat]
        while chain is not None:
            out.append(chain[0])
            chain = chain[1]
        out.reverse()
        return out

    def __deepcopy__(self, memo):  # immutable: clones share it
        return self


class OpenSpielState(pyspiel.State):
    def __init__(self, game: OpenSpielGame, inner: EngineState, histories: Histories | None = None):
        super().__init__(game)
        self.os_game = game
        self.inner = inner
        self._keys: dict[int, str] = {}
        self.histories = histories if histories is not None else Histories.start(inner)

    @property
    def own_actions(self) -> tuple:
        return self.histories.own

    def current_player(self):
        d = self.inner.decider()
        return pyspiel.PlayerId.TERMINAL if d == TERMINAL else d

    def _legal_actions(self, player):
        if player != self.inner.decider():
            return []
        return self.os_game.actions.legal_ids(self.inner.legal_moves())

    def _apply_action(self, action):
        move = self.os_game.actions.moves[action]
        inner = self.inner
        mover = inner.decider()
        full = inner.move_text(move)
        entries = []
        for q in range(inner.num_seats):
            text = full if q == mover else inner.public_move_text(move, q)
            entries.append(repr(move) if text == full else text)
        self.histories = self.histories.after(mover, action, entries)
        self._keys = {}
        inner.apply(move)

    def _action_to_string(self, player, action):
        return self.inner.move_text(self.os_game.actions.moves[action])

    def is_terminal(self):
        return self.inner.decider() == TERMINAL

    def returns(self):
        result = self.inner.result()
        return [0.0] * self.inner.num_seats if result is None else returns(result)

    def rewards(self):
        return self.returns()

    def info_key(self, player: int) -> str:
        key = self._keys.get(player)
        if key is None:
            entries = self.histories.entries(player)
            if self.os_game.key_mode == "full":
                entries.append(json.dumps(self.inner.view(player), sort_keys=True))
            key = self._keys[player] = f"{player}|" + "|".join(entries)
        return key

    def track(self) -> "OpenSpielState":
        """Start the histories here (a search root): each seat's first entry is its current view."""
        self.histories = Histories.start(self.inner)
        self._keys = {}
        return self

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state ``player_id`` cannot tell from this one: the engine's ``sample_for``."""
        world = self.inner.sample_for(player_id, self.os_game._resample_rng)
        return OpenSpielState(self.os_game, world, self.histories)

    def clone(self):
        return OpenSpielState(self.os_game, self.inner.copy(), self.histories)

    def __deepcopy__(self, memo):  # what OpenSpiel's C++ side uses to clone a Python state
        return self.clone()

    def __str__(self):
        return json.dumps(self.inner.view(None), sort_keys=True)


def register(name: str) -> str:
    """Register game ``name`` with OpenSpiel (once); returns its short name."""
    if name not in _registered:
        engine = registry.get(name)
        solo = engine.validate()["players"] == 1
        gtype = _game_type(name, engine, solo)
        _registered[name] = gtype
        cls = type(f"OpenSpiel_{gtype.short_name}", (OpenSpielGame,), {"game_name": name})
        pyspiel.register_game(gtype, cls)
    return short_name(name)


def register_all() -> list[str]:
    return [register(name) for name in registry.names()]


def load(name: str, config: dict | None = None, rng_seed: int = 0, key: str = "full") -> OpenSpielGame:
    """Register (once) and load game ``name`` with ``config``."""
    if key not in KEYS:
        raise ValueError(f"key is one of {', '.join(KEYS)}, not {key!r}")
    return pyspiel.load_game(register(name), {"config": json.dumps(config or {}), "rng_seed": rng_seed, "key": key})


# --- OpenSpiel's ISMCTS on our games (bench/ai_speed.py) -----------------------------------

def resampler(rng: random.Random):
    """An ISMCTS resampler drawing from ``rng``: a world re-dealt for ``player`` by the engine."""
    def resample(state: OpenSpielState, player: int) -> OpenSpielState:
        return OpenSpielState(state.os_game, state.inner.sample_for(player, rng), state.histories)

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
        return np.array(returns(world.result()))

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(os_game: OpenSpielGame, seed: int, uct_c: float = 0.7, max_simulations: int = 1000,
               lean: bool = False, allow_inconsistent: bool | None = None):
    """OpenSpiel's Python ISMCTS with random rollouts and our sampler.

    ``lean``: use ``LeanRolloutEvaluator`` instead of OpenSpiel's
    ``RandomRolloutEvaluator``. ``simulations`` counts the last search's
    simulations; ``time_limit`` (seconds) replaces ``max_simulations`` when set.
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
    bot = _timed_class()(os_game, evaluator, uct_c, max_simulations, random_state=np_rng,
                         final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                         allow_inconsistent_action_sets=allow_inconsistent)
    bot.set_resampler(resampler(random.Random(seed)))
    return bot


_TIMED: list = []


def _timed_class():
    if _TIMED:
        return _TIMED[0]
    import time

    from open_spiel.python.algorithms import ismcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTSBot with an optional wall-time budget: ``run_search``
        is OpenSpiel's own loop stopping at ``time_limit`` seconds, if set."""

        time_limit: float | None = None
        simulations = 0

        def run_search(self, state):
            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                self.simulations = 0
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            end = None if self.time_limit is None else time.monotonic() + self.time_limit
            count = 0
            while (time.monotonic() < end) if end is not None else count < self._max_simulations:
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.simulations = count
            return self.get_final_policy(state, self._root_node)

    _TIMED.append(TimedISMCTSBot)
    return TimedISMCTSBot
