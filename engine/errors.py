"""The errors the engine raises on bad input (``boardbot.engine.core`` re-exports them).

Apart from ``core`` so that the modules ``core`` builds on (``boardbot.engine.actions``)
can raise them without importing ``core`` back.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of all errors the engine raises on bad input."""


class ConfigError(EngineError, ValueError):
    """A configuration value is invalid; ``field`` names the offending key."""

    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


class IllegalMove(EngineError, ValueError):
    """The move is not in the current legal-move list."""


class NotYourTurn(EngineError):
    """A seat tried to act while another seat holds the decision."""


class GameOver(EngineError):
    """A move was submitted to a finished game."""
