"""Hosted games as training data: complete game records as trajectories in the learning
environments' terms (docs/learning.md, "Trajectories from hosted games").

Each record (``boardbot.v1.GameRecord``, complete: a finished game's, with its seed)
is first replayed and checked (``boardbot.server.game_records.replay``), then walked
once more through a ``Match`` (``boardbot.learning.match``), which gives every
decision in the environments' own encoding:

* ``observation``: the deciding seat's observation (``Game.observe`` of its view:
  only what that seat could see when it decided),
* ``mask``: the action ids legal for it then, and ``action``: the id it played
  (``Game.action_space``, the ids the environments use),
* ``seat``, ``by_bot`` (the move was the server's bot's), ``episode`` (which game),
* per game, ``returns``: each seat's return as the environments count it
  (``boardbot.learning.match.returns``; a resigned seat's return is 0, as it ranks
  behind every seat that did not resign).

All the games of one file share one configuration (the observation and action layouts
depend on it): ``by_configuration`` groups records, ``arrays`` builds one group.
"""

from __future__ import annotations

import json
from typing import Iterable

import numpy as np

from boardbot.engine import registry
from boardbot.engine.testing import config_id
from boardbot.server import convert
from boardbot.server.events import line_of_play
from boardbot.server.game_records import replay
from boardbot.v1 import common_pb2, game_record_pb2

from .match import Match


def configuration(record: game_record_pb2.GameRecord) -> tuple[str, dict]:
    """The game and its full config (every field set) of a record."""
    name = record.game.game_name
    return name, registry.get(name).validate(convert.to_dict(record.game.config, name))


def by_configuration(records: Iterable[game_record_pb2.GameRecord]) -> dict[str, list[game_record_pb2.GameRecord]]:
    """The records grouped by game and configuration, keyed ``<game>-<config id>`` (a file name)."""
    out: dict[str, list[game_record_pb2.GameRecord]] = {}
    for record in records:
        name, cfg = configuration(record)
        key = f"{name}-{config_id(cfg).replace(',', '_').replace('=', '-')}"
        out.setdefault(key, []).append(record)
    return out


def record_returns(record: game_record_pb2.GameRecord) -> list[float]:
    """Each seat's return from the record's outcome (``boardbot.learning.match.returns``'s rule,
    with the server's ranking, in which a resigned seat is behind every other)."""
    outcome = record.game.outcome
    if len(outcome.scores) == 1:
        return [float(outcome.scores[0])]
    share = 1.0 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores))]


def arrays(records: list[game_record_pb2.GameRecord]) -> dict[str, np.ndarray]:
    """The trajectories of ``records`` (one configuration) as arrays for ``numpy.savez``."""
    name, cfg = configuration(records[0])
    columns: dict[str, list] = {"episode": [], "seat": [], "by_bot": [], "observation": [], "mask": [], "action": []}
    returns, ids = [], []
    for episode, record in enumerate(records):
        if configuration(record) != (name, cfg):
            raise ValueError(f"record {record.game.game_id} is of another configuration than {name} {cfg}")
        replay(record)  # a record that does not replay exactly is no training data
        match = Match(name, cfg, record.game.deal.seed)
        # the moves a take-back undid are off the game's line of play: not part of its trajectory
        kept = set(line_of_play([e.back_to_version if e.kind == common_pb2.EVENT_KIND_TAKE_BACK else None
                                 for e in record.events]))
        for event in record.events:
            if event.kind != common_pb2.EVENT_KIND_MOVE or event.version not in kept:
                continue
            seat = event.seat
            move = match.game.move_from_dict(convert.to_dict(event.move, name))
            columns["episode"].append(episode)
            columns["seat"].append(seat)
            columns["by_bot"].append(event.by_bot)
            columns["observation"].append(match.observation(seat))
            columns["mask"].append(match.mask(seat))
            action = match.actions.id(move)
            columns["action"].append(action)
            match.play(action)
        returns.append(record_returns(record))
        ids.append(record.game.game_id)
    out = {"episode": np.asarray(columns["episode"], np.int32), "seat": np.asarray(columns["seat"], np.int8),
           "by_bot": np.asarray(columns["by_bot"], bool), "action": np.asarray(columns["action"], np.int32),
           "observation": (np.stack(columns["observation"]).astype(np.float32) if columns["observation"]
                           else np.zeros((0, match.layout.size), np.float32)),
           "mask": (np.stack(columns["mask"]) if columns["mask"] else np.zeros((0, match.actions.size), np.int8)),
           "returns": np.asarray(returns, np.float32), "game_id": np.asarray(ids),
           "config": np.asarray(json.dumps({"game": name, "config": cfg}, sort_keys=True))}
    return out
