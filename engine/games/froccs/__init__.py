"""Fröccs (Hajnóczy Soma): mix spritzers, sell them, bargain over mischief cards."""

from .state import GAME, FroccsGame, FroccsState  # noqa: F401
