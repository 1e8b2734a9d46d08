"""Fröccs's phases: whose decision it is and of what kind (rules.py says what each one asks),
with their names as views show them. A module of their own so that the rules, the views and the
policy share them without importing one another in a cycle."""

from __future__ import annotations

from typing import Final

ACTION: Final = 0
SELL: Final = 1
BUY: Final = 2
PLAY: Final = 3
DRAW_DISCARD: Final = 4
RECYCLE: Final = 5
REACT: Final = 6
LAST_CHANCE: Final = 7
SIDE: Final = 8
PROPOSE: Final = 9
RESPOND: Final = 10
PLEDGE: Final = 11
HERO: Final = 12
OVER: Final = 13
PHASE_NAME: Final[tuple[str, ...]] = (
    "action", "sell", "buy", "play", "discard_drawn", "recycle", "react", "last_chance", "side_offers",
    "propose", "respond", "one_more_round", "choose_hero", "game_over")
PHASE_BY_NAME: Final = {name: i for i, name in enumerate(PHASE_NAME)}
# where the search's hint applies (FroccsGame.search_hint)
BARGAIN_PHASES: Final = frozenset((SIDE, PROPOSE, RESPOND))
