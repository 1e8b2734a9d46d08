"""One seat of a game as a Gymnasium environment, the other seats played by built-in bots.

    from boardbot.learning.gym_env import BoardbotEnv
    env = BoardbotEnv("froccs", {"players": 3}, seat=1, opponents="ismcts:easy")
    observation, info = env.reset(seed=0)
    legal = observation["action_mask"].nonzero()[0]

* opponents: one bot spec for every other seat, or a list with one spec per
  other seat in seat order (``boardbot.ai.bots.make_bot``: ``random``,
  ``greedy``, ``ismcts:easy|medium|hard``, ...). Each bot chooses from a world
  sampled for its own seat, as in ``boardbot arena``. The solo game has no
  other seat: its opponent, the Winemaker, is part of the rules;
* observation: ``{"observation": float32 array, "action_mask": int8 array}``
  from the learner's seat's view (``boardbot.learning.match``);
* actions: the configuration's stable action ids; an illegal one ends the
  episode with ``illegal_reward`` and ``info["illegal"]``;
* reward: 0 until the end, then the seat's return (its share of the victory;
  the score in the solo game); ``truncated`` after ``Game.max_moves`` moves.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces

from boardbot.ai.bots import make_bot

from .match import OBSERVATION_HIGH, OBSERVATION_LOW, Match


class BoardbotEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, config: dict | None = None, seat: int = 0, opponents: str | list = "random",
                 render_mode: str | None = None, illegal_reward: float = -1.0):
        self.match = Match(game, config)
        n = self.match.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not in 0..{n - 1}")
        others = [q for q in range(n) if q != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} other seats need {len(others)} opponent specs, got {len(specs)}")
        self.seat = seat
        self.bots = {q: make_bot(spec, self.match.game) for q, spec in zip(others, specs)}
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        size, actions = self.match.layout.size, self.match.actions.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self.action_space = spaces.Discrete(actions)
        self._rng = random.Random(0)
        self._watchers = [q for q, bot in self.bots.items() if getattr(bot, "wants_observations", False)]

    def _observation(self) -> dict:
        return {"observation": self.match.observation(self.seat), "action_mask": self.match.mask(self.seat)}

    def _apply(self, move: tuple) -> None:
        """Apply the decider's move, telling the bots that remember what they saw."""
        state = self.match.state
        mover = state.decider()
        seen = []
        if self._watchers:
            full = state.move_text(move)
            for q in self._watchers:
                text = full if q == mover else state.public_move_text(move, q)
                seen.append((q, move if text == full else None, text))
        state.apply(move)
        self.match.moves += 1
        for q, visible, text in seen:
            self.bots[q].observe(mover, visible, text)

    def _opponents_play(self) -> None:
        match = self.match
        while not match.over and not match.truncated and match.decider != self.seat:
            q = match.decider
            world = match.state.sample_for(q, self._rng)
            self._apply(self.bots[q].choose(world, self._rng))

    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._rng = random.Random(game_seed ^ 0x5EED)
        self.match.reset(game_seed)
        for bot in self.bots.values():
            bot.new_game()
        self._opponents_play()
        return self._observation(), {}

    def step(self, action):
        match = self.match
        action = int(action)
        if match.over or match.decider != self.seat or action not in match.legal_ids():
            return self._observation(), self.illegal_reward, True, False, {"illegal": True}
        self._apply(match.actions.move(action))
        self._opponents_play()
        terminated = match.over
        reward = match.returns()[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, match.truncated, {}

    def render(self):
        if self.render_mode is None:
            return None
        return self.match.render()
