"""Pure, deterministic rules engines for boardbot's games."""

if __name__ != "boardbot.engine":  # the folder is on sys.path (the repository root as the working directory)
    raise ImportError(f"import boardbot.engine, not {__name__}: the project installs under one name, boardbot")

from . import build as _build

_build.install()  # before any hot module: compiled or pure, decided once (build.py)

from .core import (  # noqa: F401
    TERMINAL,
    ConfigError,
    EngineError,
    Game,
    GameOver,
    IllegalMove,
    NotYourTurn,
    Param,
    Result,
    State,
    play_random,
    rank_by,
)
