"""Game name -> game object. Adding a game is one line in GAMES."""

from __future__ import annotations

import importlib

from .core import ConfigError, Game

# name -> "module:attribute"; modules are imported on first use.
GAMES: dict[str, str] = {
    "frogriders": "boardbot.engine.games.frogriders:GAME",
    "czech-pub": "boardbot.engine.games.czech_pub:GAME",
    "fritanga": "boardbot.engine.games.fritanga:GAME",
    "froccs": "boardbot.engine.games.froccs:GAME",
    "dulore-jutunk": "boardbot.engine.games.dulore_jutunk:GAME",
}

_loaded: dict[str, Game] = {}


def names() -> list[str]:
    return list(GAMES)


def get(name: str) -> Game:
    game = _loaded.get(name)
    if game is None:
        if name not in GAMES:
            raise ConfigError("game", f"unknown game {name!r} (known: {', '.join(GAMES)})")
        module, attr = GAMES[name].split(":")
        game = getattr(importlib.import_module(module), attr)
        _loaded[name] = game
    return game


def all_games() -> list[Game]:
    return [get(n) for n in GAMES]
