"""The terminal picture of a Frogriders view (boardbot play)."""

from boardbot.engine.games.frogriders import GAME
from boardbot.engine.games.frogriders import data as D
from boardbot.engine.games.frogriders.render import render


def test_taken_privilege_cards_are_shown_by_their_text_not_their_ids():
    s = GAME.new_state({"players": 2}, seed=3)
    s.privileges[1] = [D.P_PER_TWO_PRIVILEGES, D.P_RUN_UP]
    text = render(s.view(0))
    assert "seat 1: " in text and "privileges: 2 per 2 privilege cards, Run-up (3);" in text
    assert "per_two_privileges" not in text and "run_up" not in text
