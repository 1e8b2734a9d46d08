"""``boardbot play fritanga`` in every mode, a human as the chef and as a food, to the end."""

import io

import pytest

from boardbot.tools.play import play

CASES = [
    ({"mode": "chef", "players": 4}, 0, "you are seat 0 (the chef)"),
    ({"mode": "chef", "players": 3}, 2, "you are seat 2"),
    ({"mode": "versus", "players": 3}, 1, "you are seat 1"),
    ({"mode": "teams", "players": 4}, 3, "you are seat 3 (team 1)"),
]


@pytest.mark.parametrize("cfg,seat,banner", CASES, ids=[f"{c['mode']}-{c['players']}-seat{s}" for c, s, _ in CASES])
def test_terminal_game_against_greedy_bots(server, cfg, seat, banner):
    out = io.StringIO()
    # answers cycle through the first moves, with an out-of-range one now and then (asked again)
    answers = "".join(f"{n}\n" for n in [1, 2, 1, 3, 99] * 2000)
    code = play(server.address, "fritanga", ["greedy"] * (cfg["players"] - 1), seat=seat, config=cfg, seed=5,
                inp=io.StringIO(answers), out=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "game over" in text, text[-2000:]
    assert banner in text
    assert "decision: you" in text and "your moves:" in text
    assert "[  ]" in text, "the grid of face-down cards is drawn"
    if cfg["mode"] == "chef" and seat == 0:
        assert "decision: you (the chef): the chef plays a golden skill" in text
