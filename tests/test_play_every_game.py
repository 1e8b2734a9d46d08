"""``boardbot play`` reaches the end of every game and mode, always answering "1"."""

import io

import pytest

from boardbot.tools.play import play
from boardbot.engine import registry
from boardbot.engine.testing import config_id

CASES = [(g.name, cfg) for g in registry.all_games() for cfg in g.configurations()[:1]]
# one extra case per distinct mode-like parameter value is covered by the engine tests;
# here every game's first configuration is played through the terminal client


@pytest.mark.parametrize("name,cfg", CASES, ids=[f"{n}[{config_id(c)}]" for n, c in CASES])
def test_terminal_game_to_the_end(server, name, cfg):
    out = io.StringIO()
    code = play(server.address, name, ["random"] * (cfg["players"] - 1), seat=0, config=cfg, seed=3,
                inp=io.StringIO("1\n" * 5000), out=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "game over" in text, text[-2000:]
    assert "your moves:" in text
