"""Czech Pub (Josef Koštíř, Czech Board Games 2012): out-drink the regulars."""

from .state import GAME, CzechPubGame, CzechPubState  # noqa: F401
