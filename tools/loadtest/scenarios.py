"""What the simulated clients play: games, configs and bot specs from the command line.

Nothing here knows a game. ``--game`` may be given several times; ``--config``
and ``--bots`` either once (then they apply to every game) or once per
``--game`` (then they pair up in order). Games are chosen round-robin.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from boardbot.ai.bot_specs import split_seat_specs


class ScenarioError(ValueError):
    pass


def split_bot_specs(text: str) -> list[str]:
    """One bot spec per bot seat: ``random,greedy``. A spec may carry parameters
    with commas (``ismcts:iterations=2000,c=0.7``): an item with ``=`` and no
    ``:`` continues the previous spec; ``;`` always separates (the arena's
    ``--seats`` splitting, ``boardbot.ai.bot_specs.split_seat_specs``)."""
    return split_seat_specs(text)


@dataclass
class Scenario:
    game: str
    config: dict = field(default_factory=dict)
    bots: list[str] = field(default_factory=lambda: ["random"])

    @property
    def players(self) -> int:
        """The config's player count, or one human seat plus one seat per bot spec."""
        players = self.config.get("players")
        return int(players) if players is not None else 1 + len(self.bots)

    def seat_specs(self, human_seat: int) -> list[str | None]:
        """Per seat: None for the simulated client's seat, else the bot spec."""
        n = self.players
        others = n - 1
        if others == 0:
            bots = []
        elif len(self.bots) == 1:
            bots = self.bots * others
        elif len(self.bots) == others:
            bots = list(self.bots)
        else:
            raise ScenarioError(f"{self.game}: {len(self.bots)} bot specs for {others} bot seats")
        bots.insert(human_seat % n, None)
        return bots

    def label(self) -> str:
        config = json.dumps(self.config, sort_keys=True) if self.config else ""
        return f"{self.game}{(' ' + config) if config else ''} vs {','.join(self.bots)}"

    def to_dict(self) -> dict:
        return {"game": self.game, "config": self.config, "bots": self.bots, "players": self.players}


def build(games: list[str], configs: list[str] | None, bots: list[str] | None) -> list[Scenario]:
    if not games:
        raise ScenarioError("name at least one --game")
    configs = configs or []
    bots = bots or []
    for what, given in (("--config", configs), ("--bots", bots)):
        if len(given) not in (0, 1, len(games)):
            raise ScenarioError(f"{what} is given {len(given)} times for {len(games)} games: "
                                "give it once (for every game) or once per --game")
    out = []
    for i, game in enumerate(games):
        text = configs[i if len(configs) > 1 else 0] if configs else ""
        try:
            config = json.loads(text) if text.strip() else {}
        except json.JSONDecodeError as err:
            raise ScenarioError(f"--config {text!r} is not JSON: {err}") from None
        if not isinstance(config, dict):
            raise ScenarioError(f"--config {text!r} is not a JSON object")
        spec = bots[i if len(bots) > 1 else 0] if bots else "random"
        scenario = Scenario(game, config, split_bot_specs(spec) or ["random"])
        if scenario.players < 1:
            raise ScenarioError(f"{game}: players must be at least 1")
        scenario.seat_specs(0)  # checks the number of specs
        out.append(scenario)
    return out
