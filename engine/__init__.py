"""Pure, deterministic rules engines for boardbot's games."""

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
