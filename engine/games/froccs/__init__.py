"""Fröccs (Hajnóczy Soma): mix spritzers, sell them, bargain over mischief cards."""

from .game import GAME, FroccsGame  # noqa: F401
from .state import FroccsState  # noqa: F401
