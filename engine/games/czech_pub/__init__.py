"""Czech Pub (Josef Koštíř, Czech Board Games 2012): out-drink the regulars."""

from .game import GAME, CzechPubGame  # noqa: F401
from .state import CzechPubState  # noqa: F401

# the modules the compiled build compiles (engine/build.py reads this line)
COMPILED = ("data", "drinks", "valuation", "views", "rules", "policy")
