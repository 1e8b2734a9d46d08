"""A game as a PettingZoo AEC environment: every seat is an agent ``player_<seat>``.

    from boardbot.learning.pettingzoo_env import env
    e = env("frogriders", {"players": 3})
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        e.step(None if termination or truncation else int(mask.nonzero()[0][0]))

* the agent to act is the seat whose decision it is (turn order is the game's,
  reactions out of turn included);
* observation: ``{"observation": float32 array, "action_mask": int8 array}``,
  built from the agent's own view (``boardbot.learning.match``); the mask is
  all zero for an agent that is not deciding;
* actions: the configuration's stable action ids (``Discrete``); an illegal one
  raises ``IllegalMove``;
* rewards: 0 until the end, then each agent's return (its share of the victory;
  the score in a solo game); a game that reaches ``Game.max_moves`` is truncated.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .match import OBSERVATION_HIGH, OBSERVATION_LOW, Match


class BoardbotAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "boardbot_v0", "is_parallelizable": False}

    def __init__(self, game: str, config: dict | None = None, render_mode: str | None = None):
        super().__init__()
        self.match = Match(game, config)
        self.metadata = dict(self.metadata, name=f"boardbot_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.match.num_seats)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = self.match.layout.size, self.match.actions.size
        self._observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng: random.Random | None = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observe(self, agent):
        seat = self.seat_of[agent]
        return {"observation": self.match.observation(seat), "action_mask": self.match.mask(seat)}

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        self.match.reset(self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.match.decider]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.match.play(action)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.match.over:
            for a, value in zip(self.possible_agents, self.match.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
        elif self.match.truncated:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.match.decider]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        return self.match.render()

    def close(self):
        pass


def raw_env(game: str, config: dict | None = None, render_mode: str | None = None) -> BoardbotAEC:
    return BoardbotAEC(game, config, render_mode)


def env(game: str, config: dict | None = None, render_mode: str | None = None):
    """The environment with PettingZoo's usual guards (actions in range, calls in order)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(game, config, render_mode)))
