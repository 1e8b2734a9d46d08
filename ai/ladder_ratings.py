"""The difficulty ladder's ratings of the bots the server offers, as bench/ladder.py measured them.

One file holds them, ``ladder_ratings.json`` beside this module: ``bench/ladder.py --rate-log
LOGS --publish`` writes it from the ladder's logs (research/logs/ladder/compiled_*.jsonl.gz: the compiled build's),
BotService.ListBots publishes its ratings with the bots (``rating_at``), and docs/ai.md's
ladder table shows them (tests/test_served_plans.py checks all three agree). Each row rates the
bots at one table of one game (its configuration: the player count, and the mode where the game
has modes) on the Elo scale, random at 0, with the 95 % interval and the number of games played.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path

from boardbot.engine.core import Game

RATINGS_FILE = Path(__file__).with_name("ladder_ratings.json")


@functools.lru_cache(maxsize=None)
def ladder_rows() -> tuple[dict, ...]:
    """Every rated table: ``{"game", "config", "games", "ratings": {bot: [elo, low, high]},
    "steps", "command"}``, as the file lists them."""
    with open(RATINGS_FILE) as f:
        return tuple(json.load(f)["tables"])


def served_table(game: Game, players: int) -> dict | None:
    """The configuration a table of ``players`` means where nothing else is said: the game's first
    with that count (bench/ladder.py's ``ladder_table``), None where it has none."""
    return next((c for c in map(game.validate, game.configurations()) if c["players"] == players), None)


def rating_at(game: Game, players: int) -> tuple[int, Mapping[str, tuple[int, int, int]]] | None:
    """(games rated, {bot spec: (Elo above random, 95 % interval's low, high)}) at ``game``'s table of
    ``players`` (``served_table``), None where the ladder has not rated it."""
    config = served_table(game, players)
    for row in ladder_rows():
        if row["game"] == game.name and row["config"] == config:
            return row["games"], {bot: tuple(r) for bot, r in row["ratings"].items()}
    return None
